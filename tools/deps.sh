#!/bin/sh
# Checks that the tools the build needs are present.  With --install, any
# missing Debian package is installed with apt-get (as root); without it, the
# missing packages are named and the script fails.
set -u

install=0
wasm_only=0
for arg in "$@"; do
	case $arg in
	--install) install=1 ;;
	--wasm) wasm_only=1 ;;   # only what `make wasm` needs
	--wasm-present) ;;
	*) echo "usage: $0 [--install] [--wasm] | --wasm-present" >&2; exit 3 ;;
	esac
done

apt_install() {  # packages...: as root, quietly; says nothing on failure
	[ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1 || return 1
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >/dev/null 2>&1 ||
		{ apt-get update -q >/dev/null 2>&1 &&
		  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >/dev/null 2>&1; }
}

# The web page (make wasm): the lexer and parser generators, and Debian's
# clang compiling for wasm32-wasi, with wasi-libc, lld and clang's runtime
# for wasm32.  Nothing is downloaded but these packages.
wasm_missing() {
	m=""
	command -v re2c >/dev/null 2>&1 || m="$m re2c"
	command -v bison >/dev/null 2>&1 || m="$m bison"
	command -v clang >/dev/null 2>&1 || m="$m clang"
	command -v wasm-ld >/dev/null 2>&1 || m="$m lld"
	[ -f /usr/lib/wasm32-wasi/libc.a ] || m="$m wasi-libc"
	ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a \
		>/dev/null 2>&1 || m="$m libclang-rt-14-dev-wasm32"
	echo $m
}

if [ "${1:-}" = "--wasm-present" ]; then
	[ -z "$(wasm_missing)" ]
	exit
fi

wasm_tools() {
	m=$(wasm_missing)
	[ -z "$m" ] && return 0
	echo "notate: installing$(printf ' %s' $m) (for the web page)" >&2
	# shellcheck disable=SC2086
	apt_install $m || {
		echo "notate: the web page needs$(printf ' %s' $m) (apt-get install, as root)" >&2
		return 1
	}
}

# The web page's tests: Debian's Chromium, driven by playwright-core from
# the npm registry (optional: without them the tests say SKIPPED, and fail
# only where NT_REQUIRE_BROWSER is set, as in CI).
browser_tools() {
	command -v chromium >/dev/null 2>&1 || apt_install chromium || true
	command -v npm >/dev/null 2>&1 || apt_install nodejs npm || true
	sh "$(dirname "$0")/web/install.sh" || true
}

if [ "$wasm_only" -eq 1 ]; then
	[ "$install" -eq 1 ] && { wasm_tools; exit; }
	m=$(wasm_missing)
	[ -z "$m" ] && exit 0
	echo "notate: the web page needs the Debian packages$(printf ' %s' $m)" >&2
	echo "notate: install them with: apt-get install$(printf ' %s' $m) (or run 'make wasm' as root)" >&2
	exit 1
fi

missing=""
need_cmd() {  # command package
	command -v "$1" >/dev/null 2>&1 || missing="$missing $2"
}
need_cmd re2c re2c
need_cmd bison bison
need_cmd pkg-config pkg-config
need_cmd make make
command -v "${CC:-cc}" >/dev/null 2>&1 || missing="$missing gcc"
if command -v pkg-config >/dev/null 2>&1; then
	pkg-config --exists check 2>/dev/null || missing="$missing check"
	# zlib inflates the archive of eXtreme Gammon files.
	pkg-config --exists zlib 2>/dev/null || missing="$missing zlib1g-dev"
else
	missing="$missing check zlib1g-dev"
fi
# The Python package (python/) and its tests: Debian's python3 with its
# headers, pip and setuptools to install it (venv: into a virtual
# environment, as doc/python.md shows), pytest to test it.
command -v /usr/bin/python3 >/dev/null 2>&1 || missing="$missing python3"
[ -n "$(ls /usr/include/python3*/Python.h 2>/dev/null)" ] || missing="$missing python3-dev"
/usr/bin/python3 -m pip --version >/dev/null 2>&1 || missing="$missing python3-pip"
/usr/bin/python3 -c 'import setuptools' >/dev/null 2>&1 || missing="$missing python3-setuptools"
/usr/bin/python3 -m pytest --version >/dev/null 2>&1 || missing="$missing python3-pytest"
/usr/bin/python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing="$missing python3-venv"
# GNU Backgammon is the peer the backgammon tests compare against.
[ -x /usr/games/gnubg ] || command -v gnubg >/dev/null 2>&1 || missing="$missing gnubg"

# The SARIF checkers of the tests come from the npm registry (optional:
# without them the SARIF test says SKIPPED, and fails only where
# NT_REQUIRE_SARIF is set, as in CI).
sarif_tools() {
	[ "$install" -eq 1 ] || return 0
	if ! command -v npm >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] &&
	   command -v apt-get >/dev/null 2>&1; then
		apt-get install -y -q nodejs npm >/dev/null 2>&1 ||
			{ apt-get update -q >/dev/null 2>&1 &&
			  apt-get install -y -q nodejs npm >/dev/null 2>&1; } || true
	fi
	sh "$(dirname "$0")/sarif/install.sh" || true
}

web_tools() {
	[ "$install" -eq 1 ] || return 0
	wasm_tools || true
	browser_tools
}

if [ -z "$missing" ]; then
	sarif_tools
	web_tools
	exit 0
fi

if [ "$install" -eq 0 ]; then
	echo "notate: missing Debian packages:$missing" >&2
	echo "notate: install them with: apt-get install$missing (or run 'make deps' as root)" >&2
	# gnubg is only needed by the tests, not by the build.
	[ "$(echo $missing)" = "gnubg" ] && exit 0
	exit 1
fi

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
	echo "notate: missing Debian packages:$missing" >&2
	echo "notate: run as root on Debian, or install them yourself: apt-get install$missing" >&2
	exit 1
fi

echo "notate: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q $missing >/dev/null 2>&1 ||
	{ apt-get update -q >/dev/null 2>&1 && apt-get install -y -q $missing >/dev/null; } || {
	echo "notate: apt-get could not install$missing" >&2
	exit 1
}
sarif_tools
web_tools
