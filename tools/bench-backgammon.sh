#!/bin/sh
# Backgammon benchmark (part of `make bench`).
#
# Inputs, built once into build/bench/backgammon/ from the sample money
# session ../shared/corpus/backgammon/mat/bg-money-01.mat (four games
# written by GNU Backgammon), repeated with the games renumbered and the
# score lines carrying the running totals:
#   - a 2,000-game money session;
#   - a money session of about BENCH_MB MB (default 100), to show that
#     memory does not grow with the file.
#   - a folder of many small real files: the exports of online servers and
#     programs in the corpus (real-bulk and real), repeated to 1,000 files.
# For the 2,000-game session: `notate check` and GNU Backgammon importing
# the same file (`import mat FILE` in `gnubg -t -q -r`), whole processes,
# side by side: wall and CPU seconds, moves/s, peak RSS, and how many times
# faster notate is (goal: at least 50).  Wall times are per run, each
# command being run several times in a row, median of RUNS rounds (default
# 3).  For the folder: the CPU time (user and system) of `notate -q check`
# of its files, of gnubg importing the same files one after the other in
# one process (its start-up, an empty run, taken off) and of `cat` of the
# same files, and the two ratios (goals: at least 5 times less than gnubg,
# at most 2 times cat).  Without gnubg the comparisons are skipped and say
# so.
set -eu

notate=${1:-build/notate}
mb=${BENCH_MB:-100}
runs=${RUNS:-3}
shared=${SHARED:-../shared}
sample="$shared/corpus/backgammon/mat/bg-money-01.mat"
dir=build/bench/backgammon
mkdir -p "$dir"

# GNU time, and gnubg in $gnubg ("" when it is not installed).
. tools/benchlib-backgammon.sh
bench_tools

small="$dir/money-2000.mat"
folder="$dir/real-files"
big="$dir/money-$mb.mat"
if [ ! -f "$small" ]; then
	sh tools/bg-session.sh 500 "$sample" > "$small.tmp" && mv "$small.tmp" "$small"
fi
if [ ! -f "$big" ]; then
	per=$(wc -c < "$small")
	reps=$((mb * 1000000 * 500 / per))
	echo "generating a money session of about $mb MB ($((reps * 4)) games) ..." >&2
	sh tools/bg-session.sh "$reps" "$sample" > "$big.tmp" && mv "$big.tmp" "$big"
fi

# A command timed over REPS runs in a row (so that the clock's own cost
# hardly counts), the median of RUNS such rounds: "wall user sys maxrss_kb"
# per run; CPU and peak RSS from GNU time on one more run.
measure() {
	reps=$1
	shift
	i=0
	: > "$dir/times"
	while [ $i -lt "$runs" ]; do
		k=0
		t0=$(date +%s%N)
		while [ $k -lt "$reps" ]; do
			"$@" > /dev/null 2>&1 < /dev/null || true
			k=$((k + 1))
		done
		t1=$(date +%s%N)
		echo "$(( (t1 - t0) / 1000 / reps ))" >> "$dir/times"
		i=$((i + 1))
	done
	/usr/bin/time -f "%U %S %M" -o "$dir/time1" "$@" > "$dir/out" 2>/dev/null < /dev/null || true
	wall=$(sort -n "$dir/times" | awk -v n="$runs" 'NR == int((n + 1) / 2) {
		printf "%.6f\n", $1 / 1e6 }')
	echo "$wall $(tail -1 "$dir/time1")"
}

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

# wc -l over the same bytes, and notate's throughput as a share of it.
wc_row() {  # file notate-wall
	set -- "$1" "$2" $(measure 5 wc -l "$1")
	row "wc -l, the same bytes" "$1" "$3" "$4" "$5" "$6" 0
	awk -v n="$2" -v w="$3" 'BEGIN {
		printf "notate reads at %.1f %% of the speed of wc -l (goal: 10 %%)\n",
		       100 * (w > 0 ? w : 0.0005) / (n > 0 ? n : 0.0005)
	}'
}

# The real exports repeated to 1,000 files, each under a name of its own.
if [ ! -f "$folder/.complete" ]; then
	rm -rf "$folder"
	mkdir -p "$folder"
	ls "$shared"/corpus/backgammon/real-bulk/*.mat \
	   "$shared"/corpus/backgammon/real/*.mat > "$dir/real.list"
	awk 'NR == FNR { f[n++] = $0; next } END {
		for (i = 0; i < 1000; i++) {
			src = f[i % n]; base = src; sub(/.*\//, "", base)
			printf "%s\t%04d-%s\n", src, i + 1, base
		}
	}' "$dir/real.list" "$dir/real.list" |
	while IFS="$(printf '\t')" read -r src name; do
		cp "$src" "$folder/$name"
	done
	: > "$folder/.complete"
fi

# CPU seconds (user and system) of a command, run REPS times in a row
# under one GNU time (its resolution is 10 ms), median of RUNS rounds.
cpu() {  # reps command...
	reps=$1
	shift
	i=0
	: > "$dir/cpu"
	while [ $i -lt "$runs" ]; do
		/usr/bin/time -f "%U %S" -o "$dir/time1" sh -c '
			reps=$1; shift; k=0
			while [ $k -lt "$reps" ]; do
				"$@" > /dev/null 2>&1 < /dev/null || true
				k=$((k + 1))
			done' sh "$reps" "$@"
		awk -v reps="$reps" '{ printf "%.6f\n", ($1 + $2) / reps }' \
			"$dir/time1" >> "$dir/cpu"
		i=$((i + 1))
	done
	sort -n "$dir/cpu" | awk -v n="$runs" 'NR == int((n + 1) / 2)'
}

cat "$small" "$big" "$folder"/* > /dev/null   # warm the page cache
echo "Backgammon: notate check vs GNU Backgammon's import (median of $runs rounds; $(nproc) cores)"
printf "%-34s %11s %10s %10s %13s %20s %11s\n" run size wall cpu throughput moves "peak RSS"

set -- $(measure 20 "$notate" check --summary "$small")
n_wall=$1
moves=$(awk '{ print $5 }' "$dir/out")
games=$(awk '{ print $3 }' "$dir/out")
row "notate check, $games games" "$small" "$1" "$2" "$3" "$4" "$moves"
wc_row "$small" "$n_wall"

if [ -n "$gnubg" ]; then
	printf 'import mat %s\n' "$(pwd)/$small" > "$dir/import.cmd"
	set -- $(measure 3 "$gnubg" -t -q -r -c "$dir/import.cmd")
	g_wall=$1
	row "gnubg import mat, $games games" "$small" "$1" "$2" "$3" "$4" "$moves"
	awk -v g="$g_wall" -v n="$n_wall" 'BEGIN {
		printf "notate is %.1f times faster than gnubg (whole processes; goal: 50)\n",
		       g / (n > 0 ? n : 0.0005)
	}'
	# gnubg must really have read every game, not stopped early.
	printf 'import mat %s\nshow score\n' "$(pwd)/$small" > "$dir/score.cmd"
	imported=$("$gnubg" -t -q -r -c "$dir/score.cmd" 2>/dev/null |
		sed -n 's/.*score (after \([0-9]*\) games).*/\1/p' | tail -n 1)
	if [ "$imported" = "$games" ]; then
		echo "gnubg imported all $imported games (show score)"
	else
		echo "bench: gnubg imported ${imported:-no} games of $games" >&2
		exit 1
	fi
else
	echo "gnubg not installed: no comparison (apt-get install gnubg)"
fi

# The folder of small real files.
set -- "$folder"/[0-9]*.mat
nfiles=$#
fbytes=$(cat "$@" | wc -c)
n_cpu=$(cpu 10 "$notate" -q check "$@")
c_cpu=$(cpu 10 cat "$@")
/usr/bin/time -f "%M" -o "$dir/time1" "$notate" -q check "$@" || true
f_rss=$(tail -1 "$dir/time1")
echo "Backgammon: $nfiles small real files ($(awk -v b="$fbytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB), CPU seconds (median of $runs rounds)"
awk -v c="$n_cpu" -v r="$f_rss" 'BEGIN {
	printf "  notate -q check              %8.4f s   peak RSS %.1f MB\n", c, r / 1024 }'
awk -v c="$c_cpu" 'BEGIN { printf "  cat                          %8.4f s\n", c }'
if [ -n "$gnubg" ]; then
	: > "$dir/empty.cmd"
	for f in "$@"; do printf 'import mat %s\n' "$(pwd)/$f"; done > "$dir/folder.cmd"
	g_start=$(cpu 3 "$gnubg" -t -q -r -c "$dir/empty.cmd")
	g_all=$(cpu 3 "$gnubg" -t -q -r -c "$dir/folder.cmd")
	awk -v a="$g_all" -v s="$g_start" 'BEGIN {
		printf "  gnubg import mat, one process %7.4f s   (%.4f s, less %.4f s of start-up)\n", a - s, a, s }'
	awk -v n="$n_cpu" -v g="$g_all" -v s="$g_start" 'BEGIN {
		printf "notate takes %.1f times less CPU than gnubg importing the same files (goal: 5)\n",
		       (g - s) / (n > 0 ? n : 0.0001)
	}'
else
	echo "gnubg not installed: no comparison (apt-get install gnubg)"
fi
awk -v n="$n_cpu" -v c="$c_cpu" 'BEGIN {
	printf "notate takes %.1f times the CPU of cat of the same files (goal: at most 2)\n",
	       n / (c > 0 ? c : 0.0001)
}'

set -- $(measure 1 "$notate" check --summary "$big")
big_moves=$(awk '{ print $5 }' "$dir/out")
big_games=$(awk '{ print $3 }' "$dir/out")
row "notate check, $big_games games" "$big" "$1" "$2" "$3" "$4" "$big_moves"
wc_row "$big" "$1"
