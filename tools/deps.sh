#!/bin/sh
# Checks that the tools the build needs are present.  With --install, any
# missing Debian package is installed with apt-get (as root); without it, the
# missing packages are named and the script fails.
set -u

install=0
[ "${1:-}" = "--install" ] && install=1

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

if [ -z "$missing" ]; then
	sarif_tools
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
