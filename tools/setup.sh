#!/usr/bin/env bash
# Installs libhyph's Debian build dependencies, then configures and builds it in ./build.
#
#   tools/setup.sh            library, CLI, tests (and what the TeX comparison tests need)
#   tools/setup.sh --minimal  only what building the library and CLI needs
#   tools/setup.sh --clients  also the programs the client tests drive (WeasyPrint, Dask)
set -euo pipefail
cd "$(dirname "$0")/.."

build_packages=(g++ meson ninja-build pkg-config python3 libicu-dev libboost-program-options-dev libxxhash-dev)
# The Python package (python/) and its tests: Debian's /usr/bin/python3 with pybind11,
# meson-python, pyphen (the model of libhyph.pyphen), hypothesis and pytest.
python_packages=(python3-dev python3-pybind11 python3-mesonpy python3-pyphen python3-hypothesis python3-pytest python3-venv
  libhyphen0 poppler-utils)
client_packages=(weasyprint python3-dask python3-distributed)
test_packages=(doctest-dev texlive-binaries texlive-base libhyphen-dev hyphen-en-us fonts-lmodern wngerman wfrench wdutch wpolish wportuguese hunspell-ru hunspell-el texlive-lang-german)

packages=("${build_packages[@]}")
tests=true
case "${1:-}" in
  --minimal) tests=false ;;
  --clients) packages+=("${test_packages[@]}" "${python_packages[@]}" "${client_packages[@]}") ;;
  *) packages+=("${test_packages[@]}" "${python_packages[@]}") ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [[ ! -f build/build.ninja ]]; then
  meson setup build -Dtests="$tests"
fi
ninja -C build
