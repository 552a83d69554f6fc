#!/bin/sh
# The speed of the fast fuzz targets on their seed corpus: for each reader,
# each seed (at most SAMPLE of them, spread over the sizes) is executed RUNS
# times in one process; its rate is RUNS over the time less the time of one
# execution (start-up).  Prints the median rate, the slowest seed's, and
# the peak RSS, over the whole seed corpus and over its records alone (the
# sample records, examples and generated games, without the small inputs
# a campaign kept, named by their hashes), whose median is the harder one.
# Run at nice 19: the machine is shared.
# Usage: tools/fuzz-speed.sh BUILD_DIR READER...
set -u
build=$1
shift
runs=${RUNS:-300}
sample=${SAMPLE:-25}
now() { date +%s%N; }
# The rates of the seeds named on standard input, slowest first.
rates() {
	n=$(cat "$1" | wc -l)
	step=$(( n / sample )); [ "$step" -lt 1 ] && step=1
	awk -v s="$step" 'NR % s == 0' "$1" | while read -r f; do
		t0=$(now); "$build/fast-$reader" -runs=1 "$seeds/$f" >/dev/null 2>&1
		t1=$(now); "$build/fast-$reader" -runs="$runs" "$seeds/$f" >/dev/null 2>&1
		t2=$(now)
		echo "$runs $t0 $t1 $t2" | awk '{ d = ($4 - $3) - ($3 - $2);
			if (d < 1000) d = 1000; printf "%d\n", ($1 - 1) * 1e9 / d }'
	done | sort -n
}
median() { awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
for reader in "$@"; do
	seeds=$build/seeds/$reader
	rm -rf "$seeds"
	tools/fuzz-seeds.sh "$build" "$reader" "$seeds"
	list=$build/seeds/$reader.all
	ls -S "$seeds" > "$list"
	grep -v -E '^[0-9a-f]{40}$' "$list" > "$list.records"
	all=$(rates "$list")
	recs=$(rates "$list.records")
	/usr/bin/time -o "$build/speed-rss" -f "%M" "$build/fast-$reader" -runs="$runs" \
		"$seeds" >/dev/null 2>&1; rss=$(tail -1 "$build/speed-rss")
	echo "fuzz-speed: $reader: $(wc -l < "$list") seeds, median $(echo "$all" | median) exec/s," \
		"slowest seed $(echo "$all" | head -1) exec/s; records alone:" \
		"$(wc -l < "$list.records"), median $(echo "$recs" | median) exec/s;" \
		"peak RSS $((rss / 1024)) MB"
done
