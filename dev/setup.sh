#!/usr/bin/env bash
# Installs libhyph's Debian build dependencies, then configures and builds it in ./build.
#
#   dev/setup.sh            library, CLI and every test: the TeX engines and libhyphen the
#                             live comparisons need, and the real clients the 'clients' suites
#                             drive (LibreOffice Writer headless, WeasyPrint, Dask)
#   dev/setup.sh --minimal  only what building the library and CLI needs (no tests)
#   dev/setup.sh ... --no-build   install the packages only
#   dev/setup.sh ... --cross      also the cross compilers and qemu-user that dev/cross-test.sh
#                                   uses (s390x, armhf, i386: about 400 MB)
#
# Run again, with other options, it configures ./build anew (from scratch where it installed
# packages, so that meson finds them), so the two README commands work one after the other in
# one clone.
#
# LIBHYPH_MESON_OPTIONS, if set, is passed on to meson setup: CI and developers build with
# LIBHYPH_MESON_OPTIONS=-Dwerror=true (warnings are errors), which users need not.
set -euo pipefail
cd "$(dirname "$0")/.."

build_packages=(g++ meson ninja-build pkg-config python3 libicu-dev libboost-program-options-dev libxxhash-dev)
test_packages=(doctest-dev scdoc strace bash-completion texlive-binaries texlive-base libhyphen-dev hyphen-en-us fonts-lmodern wngerman wfrench wdutch wpolish wportuguese hunspell-ru hunspell-el texlive-lang-german)

# The libhyphen oracle (suite 'libhyphen'): every Debian hyphen-* dictionary (Estonian's is in
# myspell-et), and word lists in their languages: Debian's w* lists and hunspell dictionaries.
dictionary_packages=(hyphen-af hyphen-as hyphen-be hyphen-bg hyphen-bn hyphen-ca hyphen-cs hyphen-da hyphen-de hyphen-el hyphen-en-gb hyphen-en-us hyphen-es hyphen-fr hyphen-gl hyphen-gu hyphen-hi hyphen-hr hyphen-hu hyphen-id hyphen-is hyphen-it hyphen-kn hyphen-lt hyphen-lv hyphen-ml hyphen-mn hyphen-mr hyphen-nl hyphen-no hyphen-or hyphen-pa hyphen-pl hyphen-pt-br hyphen-pt-pt hyphen-ro hyphen-ru hyphen-sk hyphen-sl hyphen-sr hyphen-sv hyphen-ta hyphen-te hyphen-th hyphen-uk hyphen-zu myspell-et)
wordlist_packages=(wamerican wbritish wbrazilian wbulgarian wcatalan wdanish wdutch wfrench witalian wngerman wogerman wswiss wnorwegian wpolish wportuguese wspanish wswedish wukrainian
  hunspell-af hunspell-an hunspell-ar hunspell-be hunspell-bg hunspell-bn hunspell-bo hunspell-br hunspell-bs hunspell-ca hunspell-cs hunspell-da hunspell-de-at hunspell-de-ch hunspell-de-de hunspell-dz hunspell-el hunspell-en-au hunspell-en-ca hunspell-en-gb hunspell-en-us hunspell-en-za hunspell-es hunspell-eu hunspell-fr hunspell-gd hunspell-gl hunspell-gl-es hunspell-gu hunspell-he hunspell-hi hunspell-hr hunspell-hu hunspell-id hunspell-is hunspell-it hunspell-kk hunspell-kmr hunspell-ko hunspell-lo hunspell-lt hunspell-lv hunspell-ml hunspell-mn hunspell-ne hunspell-nl hunspell-no hunspell-oc hunspell-pl hunspell-pt-br hunspell-pt-pt hunspell-ro hunspell-ru hunspell-si hunspell-sk hunspell-sl hunspell-sr hunspell-sv hunspell-sv-se hunspell-sw hunspell-te hunspell-th hunspell-tr hunspell-uk hunspell-uz hunspell-vi myspell-eo myspell-et myspell-fo)
test_packages+=("${dictionary_packages[@]}" "${wordlist_packages[@]}")

# The Python package (python/) and its tests: Debian's /usr/bin/python3 with pybind11,
# meson-python, pyphen (the model of libhyph.pyphen), hypothesis and pytest.
# pip and patchelf: README's wheel (pip wheel with meson-python, which only recommends patchelf).
python_packages=(python3-dev python3-pybind11 python3-mesonpy python3-pyphen python3-hypothesis python3-pytest python3-venv
  python3-pip patchelf libhyphen0 poppler-utils)
test_packages+=("${python_packages[@]}")

# The clang build and the libFuzzer targets (dev/check-fuzz.sh, fuzz/README.md): clang, its
# runtimes (libFuzzer, ASan, UBSan), which clang only recommends, and llvm-symbolizer (llvm),
# which puts function names and lines into sanitizer reports.
test_packages+=(clang libclang-rt-dev llvm)
# The compiled loader's 32-bit target (fuzz/runtime/meson.build, cross/i686-clang-fuzz.ini):
# clang -m32 links against the i386 cross libraries and runs on the i386 run-time ones.
test_packages+=(libc6-dev-i386-cross libstdc++-12-dev-i386-cross libgcc-12-dev-i386-cross libc6-i386 lib32stdc++6)

# The plots of the exception-filter experiment's report (filter-study/run-filter-experiment.sh).
test_packages+=(gnuplot-nox)

# The debian-symbols test reads the built libraries' exports with nm and readelf (g++ brings
# binutils too; named here because the test needs it).
test_packages+=(binutils)

# The real clients the 'clients' suites drive on libhyph.
test_packages+=(libreoffice-writer-nogui hyphen-de hyphen-hu poppler-utils fonts-dejavu-core weasyprint python3-dask python3-distributed)

# The js suite (tests/js, doc/javascript.md): Debian's emscripten builds the WebAssembly module,
# node and npm build and test the npm package. A node and npm already installed from elsewhere
# (e.g. NodeSource's nodejs, which brings its own npm) are kept: Debian's npm would replace them.
# Debian's chromium is the browser js-chromium drives headless (puppeteer-core from npm
# downloads none).
test_packages+=(emscripten chromium)
command -v node >/dev/null || test_packages+=(nodejs)
command -v npm >/dev/null || test_packages+=(npm)

# dev/cross-test.sh (doc/compiled-format.md, "Byte order"): cross compilers for a big-endian
# and two 32-bit architectures, and qemu-user to run what they build. Installed with their
# recommends (the cross C libraries), and never as another dpkg architecture.
cross_packages=(g++-s390x-linux-gnu g++-arm-linux-gnueabihf g++-i686-linux-gnu qemu-user)

packages=("${build_packages[@]}")
tests=true
build=true
cross=false
for arg in "$@"; do
  case "$arg" in
    --minimal) tests=false ;;
    --no-build) build=false ;;
    --cross) cross=true ;;
    *)
      echo "usage: dev/setup.sh [--minimal] [--no-build] [--cross]" >&2
      exit 2
      ;;
  esac
done
$tests && packages+=("${test_packages[@]}")

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
if $cross; then
  cross_missing=()
  for p in "${cross_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || cross_missing+=("$p")
  done
  if ((${#cross_missing[@]})); then
    sudo=""
    [[ $(id -u) -eq 0 ]] || sudo=sudo
    ((${#missing[@]})) || $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${cross_missing[@]}"
  fi
fi

$build || exit 0

# An existing build directory is configured anew with the options asked for (a --minimal build
# turns its tests off, a full one back on). Where this run installed packages, it is wiped first:
# meson keeps its compiler checks (a header or library not found) across a reconfigure.
read -r -a extra_options <<<"${LIBHYPH_MESON_OPTIONS:-}"
if [[ -f build/build.ninja ]]; then
  wipe=()
  ((${#missing[@]})) && wipe=(--wipe)
  meson setup --reconfigure "${wipe[@]}" build -Dtests="$tests" "${extra_options[@]}"
else
  meson setup build -Dtests="$tests" "${extra_options[@]}"
fi
ninja -C build
