#!/bin/sh
# `make coverage`: after make check in BUILD_DIR (built with --coverage),
# prints each source file's line and branch coverage as gcov counts them,
# then the totals.  The generated lexers and parsers are left out: their
# tables are re2c's and bison's, not ours.
# Usage: tools/coverage.sh BUILD_DIR FILE.c...
set -u
build=$1
shift
printf '%-44s %14s %14s\n' file lines branches
for src in "$@"; do
	obj=$build/obj/${src%.c}.o
	[ -f "${obj%.o}.gcno" ] || continue
	gcov -b -n -o "$(dirname "$obj")" "$src" 2>/dev/null | awk -v f="$src" '
		$0 ~ "^File .*" f "\x27" { on = 1; next }
		/^File / { on = 0 }
		on && /^Lines executed:/ { split($2, a, ":"); sub("%", "", a[2]); l = a[2]; ln = $4 }
		on && /^Taken at least once:/ { split($4, b, ":"); sub("%", "", b[2]); t = b[2]; bn = $6 }
		END { printf "%-44s %6.1f%% %5d  %6.1f%% %5d\n", f, l, ln, t, bn }'
done | tee "$build/coverage.txt"
awk '{ l += $2 * $3 / 100; ln += $3; b += $4 * $5 / 100; bn += $5 }
	END { if (ln) printf "%-44s %6.1f%% %5d  %6.1f%% %5d\n", "total", 100 * l / ln, ln,
	      bn ? 100 * b / bn : 0, bn }' "$build/coverage.txt"
# Every function of every game's rules (the files that decide what is
# legal) must be entered by some test: one never called is named and the
# run fails.
engine_files() {
	for src in "$@"; do
		case $src in
		src/games/*/engine.c|src/games/*/rules.c|src/games/*/movegen.c|\
		src/games/*/play.c|src/games/*/replay.c|src/games/*/pgn_rules.c|\
		src/games/*/board.c|src/games/*/facts.c) echo "$src" ;;
		esac
	done
}
never=$(for src in $(engine_files "$@"); do
	obj=$build/obj/${src%.c}.o
	[ -f "${obj%.o}.gcno" ] || continue
	gcov -f -n -o "$(dirname "$obj")" "$src" 2>/dev/null | awk -v f="$src" '
		/^Function / { fn = $2; gsub("\x27", "", fn); next }
		/^Lines executed:0.00%/ && fn != "" { print f ": " fn }
		{ fn = "" }'
done)
if [ -n "$never" ]; then
	echo "coverage: rule functions no test enters:"
	echo "$never"
	exit 1
fi
echo "coverage: every function of the games' rules ($(engine_files "$@" | wc -l) files) is entered by the tests"
