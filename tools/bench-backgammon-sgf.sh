#!/bin/sh
# Backgammon SGF benchmark (part of `make bench`).
#
# Input, built once into build/bench/backgammon-sgf/: a 1,000-game money
# session made by GNU Backgammon itself: the sample session
# ../shared/corpus/backgammon/mat/bg-money-01.mat (four games) repeated
# with running scores (tools/bg-session.sh), then gnubg's
# `import mat` and `save match`.  For it: `notate check` and gnubg loading
# the same file (`load match FILE` in `gnubg -t -q -r`), whole processes,
# side by side: wall and CPU seconds, moves/s, peak RSS, and how many times
# faster notate is (the issue's goal: at least 10, in at most 10 MB).  Wall
# times are the median of RUNS runs (default 3).  Without gnubg there is no
# file to check, and the script says so.
set -eu

notate=${1:-build/notate}
runs=${RUNS:-3}
shared=${SHARED:-../shared}
sample="$shared/corpus/backgammon/mat/bg-money-01.mat"
dir=build/bench/backgammon-sgf
mkdir -p "$dir"

# GNU time, and gnubg in $gnubg ("" when it is not installed).
. tools/benchlib-backgammon.sh
bench_tools
echo "Backgammon SGF: notate check vs GNU Backgammon's load match (median of $runs runs; $(nproc) cores)"
if [ -z "$gnubg" ]; then
	echo "gnubg not installed: no SGF session to check, no comparison (apt-get install gnubg)"
	exit 0
fi

. tools/benchlib.sh

mat="$dir/money-1000.mat"
sgf="$dir/money-1000.sgf"
if [ ! -f "$sgf" ]; then
	sh tools/bg-session.sh 250 "$sample" > "$mat"
	printf 'import mat %s\nsave match %s\n' "$(pwd)/$mat" "$(pwd)/$sgf.tmp" \
		> "$dir/save.cmd"
	"$gnubg" -t -q -r -c "$dir/save.cmd" > "$dir/save.log" 2>&1 < /dev/null
	mv "$sgf.tmp" "$sgf"
fi

row() {  # label file wall user sys rss moves
	awk -v label="$1" -v bytes="$(wc -c < "$2")" -v wall="$3" -v cpu="$4 $5" \
	    -v rss="$6" -v moves="$7" 'BEGIN {
		split(cpu, c, " ")
		w = wall > 0 ? wall : 0.0005
		printf "%-34s %8.1f MB %8.3f s %8.3f s %8.1f MB/s %12.0f moves/s %8.1f MB\n",
		       label, bytes / 1e6, wall, c[1] + c[2], bytes / 1e6 / w,
		       moves / w, rss / 1024
	}'
}

printf "%-34s %11s %10s %10s %13s %20s %11s\n" run size wall cpu throughput moves "peak RSS"
cat "$sgf" > /dev/null   # warm the page cache
set -- $(measure "$notate" check --summary "$sgf")
n_wall=$1 n_rss=$4
games=$(awk '{ print $3 }' "$dir/out")
moves=$(awk '{ print $5 }' "$dir/out")
errors=$(awk '{ print $7 }' "$dir/out")
row "notate check, $games games" "$sgf" "$1" "$2" "$3" "$4" "$moves"
if [ "$games" != 1000 ] || [ "$errors" != 0 ]; then
	echo "bench: notate read $games games with $errors errors; want 1000 and none" >&2
	exit 1
fi

printf 'load match %s\n' "$(pwd)/$sgf" > "$dir/load.cmd"
set -- $(measure "$gnubg" -t -q -r -c "$dir/load.cmd")
g_wall=$1
row "gnubg load match, $games games" "$sgf" "$1" "$2" "$3" "$4" "$moves"
# gnubg must really have read every game, not stopped early.
printf 'load match %s\nshow score\n' "$(pwd)/$sgf" > "$dir/score.cmd"
loaded=$("$gnubg" -t -q -r -c "$dir/score.cmd" 2>/dev/null < /dev/null |
	sed -n 's/.*score (after \([0-9]*\) games).*/\1/p' | tail -n 1)
if [ "$loaded" = "$games" ]; then
	echo "gnubg loaded all $loaded games (show score)"
else
	echo "bench: gnubg loaded ${loaded:-no} games of $games" >&2
	exit 1
fi
awk -v g="$g_wall" -v n="$n_wall" -v rss="$n_rss" 'BEGIN {
	printf "notate is %.1f times faster than gnubg (whole processes; goal: 10), in %.1f MB (goal: at most 10)\n",
	       g / (n > 0 ? n : 0.0005), rss / 1024
}'
