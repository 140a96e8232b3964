#!/usr/bin/env bash
# Installs libhyph's Debian build dependencies, then configures and builds it in ./build.
#
#   tools/setup.sh            library, CLI, tests (and what the TeX comparison tests need)
#   tools/setup.sh --minimal  only what building the library and CLI needs (no tests)
#   tools/setup.sh --clients  as the default, plus the real clients the 'clients' test suite
#                             runs on libhyph's drop-in libhyphen: LibreOffice Writer (headless)
#                             and the dictionaries and tools its test uses
#
# Run again with other options, it reconfigures ./build to them.
set -euo pipefail
cd "$(dirname "$0")/.."

build_packages=(g++ meson ninja-build pkg-config python3 libicu-dev libboost-program-options-dev libxxhash-dev)
test_packages=(doctest-dev scdoc bash-completion texlive-binaries texlive-base libhyphen-dev hyphen-en-us fonts-lmodern wngerman wfrench wdutch wpolish wportuguese hunspell-ru hunspell-el texlive-lang-german)

client_packages=(libreoffice-writer-nogui hyphen-de hyphen-hu poppler-utils fonts-dejavu-core)

packages=("${build_packages[@]}")
tests=true
case "${1:-}" in
  --minimal) tests=false ;;
  --clients) packages+=("${test_packages[@]}" "${client_packages[@]}") ;;
  "") packages+=("${test_packages[@]}") ;;
  *)
    echo "usage: tools/setup.sh [--minimal | --clients]" >&2
    exit 2
    ;;
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

# An existing build directory is brought to the options asked for (a --minimal build turns
# its tests off, a full one back on), so that README's two commands work in either order.
if [[ -f build/build.ninja ]]; then
  current=$(meson introspect --buildoptions build | python3 -c 'import json, sys
print(next(str(o["value"]).lower() for o in json.load(sys.stdin) if o["name"] == "tests"))')
  [[ $current == "$tests" ]] || meson configure build -Dtests="$tests"
else
  meson setup build -Dtests="$tests"
fi
ninja -C build
