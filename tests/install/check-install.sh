#!/bin/sh
# Installs notate under a temporary prefix and uses what was installed:
# builds tests/install/example/api_example.c through pkg-config and runs it, reads
# the manual page with man -l (and groff's warnings), and asks the bash
# completion for a command.  Run by the Check suite "install".
set -eu
prefix=$1
# The suite may run under make -j: the nested make must not look for a jobserver.
MAKEFLAGS= MFLAGS= make --no-print-directory ${NT_MAKE_ARGS:-} install PREFIX="$prefix" >/dev/null

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
# The example twice: against the shared library (notate.pc), which it must
# find by its soname, and against the static one (notate-static.pc).
flags=$(pkg-config --cflags --libs notate)
# shellcheck disable=SC2086
${NT_CC:-cc} ${NT_BUILD_FLAGS:-} -std=c11 -Wall -Wextra -Werror \
	tests/install/example/api_example.c $flags -o "$prefix/api_example"
needed=$(readelf -d "$prefix/api_example" | sed -n 's/.*(NEEDED).*\[\(libnotate[^]]*\)\]/\1/p')
[ -n "$needed" ] || { echo "api_example: not linked to libnotate.so"; exit 1; }
[ -f "$prefix/lib/$needed" ] || { echo "api_example needs $needed, not installed"; exit 1; }
LD_LIBRARY_PATH="$prefix/lib" "$prefix/api_example" examples/umlabalaba/centre-point.umla \
	> "$prefix/shared.out"
cat "$prefix/shared.out"
flags=$(pkg-config --cflags --libs notate-static)
# shellcheck disable=SC2086
${NT_CC:-cc} ${NT_BUILD_FLAGS:-} -std=c11 -Wall -Wextra -Werror \
	tests/install/example/api_example.c $flags -o "$prefix/api_example_static"
if readelf -d "$prefix/api_example_static" | grep -q 'NEEDED.*libnotate'; then
	echo "api_example_static: linked to libnotate.so"; exit 1
fi
"$prefix/api_example_static" examples/umlabalaba/centre-point.umla > "$prefix/static.out"
cmp "$prefix/shared.out" "$prefix/static.out" ||
	{ echo "api_example: the static and the shared library differ"; exit 1; }

MANWIDTH=80 man -l "$prefix/share/man/man1/notate.1" | grep -q 'EXIT STATUS'
warnings=$(groff -man -ww -z "$prefix/share/man/man1/notate.1" 2>&1)
[ -z "$warnings" ] || { echo "man page: $warnings"; exit 1; }
echo "man page: fine"

PATH="$prefix/bin:$PATH" bash -c '
	. "$1"
	COMP_WORDS=(notate ch); COMP_CWORD=1; _notate; echo "complete ch: ${COMPREPLY[*]}"
	COMP_WORDS=(notate check --game u); COMP_CWORD=3; _notate; echo "complete --game u: ${COMPREPLY[*]}"
	COMP_WORDS=(notate --game a); COMP_CWORD=2; _notate; echo "complete --game a: ${COMPREPLY[*]}"
	COMP_WORDS=(notate -r sh); COMP_CWORD=2; _notate; echo "complete -r sh: ${COMPREPLY[*]}"
	COMP_WORDS=(notate check --ignore bg-hit-m); COMP_CWORD=3; _notate; echo "complete --ignore bg-hit-m: ${COMPREPLY[*]}"
	COMP_WORDS=(notate show --ro); COMP_CWORD=2; _notate; echo "complete --ro: ${COMPREPLY[*]}"
' bash "$prefix/share/bash-completion/completions/notate"
