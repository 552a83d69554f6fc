#!/bin/sh
# Web page benchmark (part of `make bench`): checking the 2,000-game money
# session of tools/bench-backgammon.sh in the page (build/web, notate.wasm
# in its worker) in headless Chromium, against `notate check` on the same
# file, and the bytes the page downloads.  Goals: at most 3 times the
# command's time, at most 1 MB.
#
# The command's time is its whole process, the median of RUNS rounds
# (default 3) of 20 runs in a row; the page's, the median of 10 checks of
# the record already dropped on it (its bytes handed to the worker with
# each), after a first one while Chromium still compiles the module.
# Without Chromium, playwright-core or the built page it says so and stops.
set -eu

notate=${1:-build/notate}
runs=${RUNS:-3}
shared=${SHARED:-../shared}
dir=build/bench/web
record=build/bench/backgammon/money-2000.mat
mkdir -p "$dir" build/bench/backgammon

if [ ! -f build/web/notate.wasm ] || [ ! -x /usr/bin/chromium ] ||
   [ ! -f build/tools/web/node_modules/playwright-core/package.json ]; then
	echo "web page not benchmarked: it needs make wasm, chromium and playwright-core (make deps)"
	exit 0
fi
if [ ! -f "$record" ]; then
	sh tools/bg-session.sh 500 "$shared/corpus/backgammon/mat/bg-money-01.mat" > "$record.tmp"
	mv "$record.tmp" "$record"
fi

: > "$dir/times"
i=0
while [ $i -lt "$runs" ]; do
	k=0
	t0=$(date +%s%N)
	while [ $k -lt 20 ]; do
		"$notate" check "$record" > /dev/null 2>&1 || true
		k=$((k + 1))
	done
	t1=$(date +%s%N)
	echo "$(( (t1 - t0) / 20000 ))" >> "$dir/times"
	i=$((i + 1))
done
native=$(sort -n "$dir/times" | awk -v n="$runs" 'NR == int((n + 1) / 2) { printf "%.2f\n", $1 / 1000 }')

figures=$(node tools/web/bench.js build/web "$record" 10) || {
	echo "bench: the page could not be benchmarked" >&2
	exit 1
}
set -- $figures
first=$1 page=$2 wasm=$3 http=$4 file=$5
echo "Web page: checking $(wc -c < "$record" | awk '{ printf "%.1f MB", $1 / 1e6 }') ($6 games, $7 moves, $8 errors) in headless Chromium"
awk -v n="$native" -v p="$page" -v w="$wasm" -v f="$first" -v h="$http" -v fb="$file" 'BEGIN {
	printf "%-44s %9.1f ms\n", "notate check (whole process)", n
	printf "%-44s %9.1f ms\n", "the page, first check", f
	printf "%-44s %9.1f ms\n", "the page, a check (page to worker and back)", p
	printf "%-44s %9.1f ms\n", "  of which notate.wasm in the worker", w
	printf "the page takes %.2f times the command'"'"'s time (goal: at most 3; the module alone %.2f)\n", p / n, w / n
	printf "the page downloads %.0f KB from a web server, %.2f of the 1 MB goal (%.0f KB from file://, %.2f)\n", h / 1024, h / 1048576, fb / 1024, fb / 1048576
}'
