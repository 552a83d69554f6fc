#!/bin/sh
# Writes a money session of REPS times the games of SAMPLE (a money session
# in mat form) to standard output: the games renumbered, and the score lines
# carrying the running totals (the winner is the column of each game's
# `Wins` line: 6 blanks for the left player, anything else the right one).
# Usage: tools/bg-session.sh REPS SAMPLE > FILE  (the benchmarks' inputs)
set -eu
[ $# -eq 2 ] || { echo "usage: $0 REPS SAMPLE" >&2; exit 3; }
awk -v reps="$1" '
function keep() { if (ng > 0) { body[ng] = b; win[ng] = w; pts[ng] = p } }
/^ *Game [0-9]+ *$/ { keep(); ng++; b = ""; score = 1; w = -1; p = 0; next }
ng > 0 && score { if ($0 ~ /:/) score = 0; next }
ng > 0 {
	b = b $0 "\n"
	if (match($0, /Wins [0-9]+ point/)) {
		p = substr($0, RSTART + 5, RLENGTH - 11) + 0
		w = ($0 ~ /^      Wins/) ? 0 : 1
	}
}
END {
	keep()
	printf "; [Event \"notate benchmark: %d games\"]\n\n 0 point match\n\n", reps * ng
	s0 = 0; s1 = 0; k = 0
	for (r = 0; r < reps; r++)
		for (g = 1; g <= ng; g++) {
			printf " Game %d\n %-31sOlga : %d\n%s", ++k, "Xavier : " s0, s1, body[g]
			if (win[g] == 0) s0 += pts[g]; else if (win[g] == 1) s1 += pts[g]
		}
}' "$2"
