#!/bin/sh
# The speed of the fast fuzz targets on their seed corpus: for each reader,
# each seed (at most SAMPLE of them, spread over the sizes) is executed RUNS
# times in one process; its rate is RUNS over the time less the time of one
# execution (start-up).  Prints the median rate, the slowest seed's, and
# the peak RSS.  Run at nice 19: the machine is shared.
# Usage: tools/fuzz-speed.sh BUILD_DIR READER...
set -u
build=$1
shift
runs=${RUNS:-300}
sample=${SAMPLE:-25}
now() { date +%s%N; }
for reader in "$@"; do
	seeds=$build/seeds/$reader
	rm -rf "$seeds"
	tools/fuzz-seeds.sh "$build" "$reader" "$seeds"
	n=$(ls "$seeds" | wc -l)
	step=$(( n / sample )); [ "$step" -lt 1 ] && step=1
	rates=$(ls -S "$seeds" | awk -v s="$step" 'NR % s == 0' | while read -r f; do
		t0=$(now); "$build/fast-$reader" -runs=1 "$seeds/$f" >/dev/null 2>&1
		t1=$(now); "$build/fast-$reader" -runs="$runs" "$seeds/$f" >/dev/null 2>&1
		t2=$(now)
		echo "$runs $t0 $t1 $t2" | awk '{ d = ($4 - $3) - ($3 - $2);
			if (d < 1000) d = 1000; printf "%d\n", ($1 - 1) * 1e9 / d }'
	done | sort -n)
	med=$(echo "$rates" | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
	low=$(echo "$rates" | head -1)
	/usr/bin/time -o "$build/speed-rss" -f "%M" "$build/fast-$reader" -runs="$runs" \
		"$seeds" >/dev/null 2>&1; rss=$(tail -1 "$build/speed-rss")
	echo "fuzz-speed: $reader: $n seeds, median $med exec/s, slowest seed $low exec/s, peak RSS $((rss / 1024)) MB"
done
