# Shared by the tools/bench-*.sh scripts of games whose records are one game
# a file (sourced; they set $dir and $runs).

# Median of RUNS runs of a command: prints "wall user sys maxrss_kb", the
# wall time from the nanosecond clock, CPU and RSS from GNU time.
measure() {
	i=0
	: > "$dir/times"
	while [ $i -lt "$runs" ]; do
		t0=$(date +%s%N)
		/usr/bin/time -f "%U %S %M" -o "$dir/time1" "$@" > "$dir/out" 2>/dev/null || true
		t1=$(date +%s%N)
		echo "$(( (t1 - t0) / 1000 )) $(cat "$dir/time1")" >> "$dir/times"
		i=$((i + 1))
	done
	sort -n "$dir/times" | awk -v n="$runs" 'NR == int((n + 1) / 2) {
		printf "%.6f %s %s %s\n", $1 / 1e6, $2, $3, $4 }'
}

# A folder is many files: `wc -l` over the same files (found as `notate -r`
# finds them, and read one by one), as well as over the same bytes in one
# file.  wc_files prints its wall time; files_note compares notate's with it.
wc_files() {  # folder
	measure sh -c 'find "$1" -type f -print0 | xargs -0 wc -l' sh "$1" |
		awk '{ print $1 }'
}

files_note() {  # wc-files-wall notate-wall folder
	awk -v w="$1" -v n="$2" -v files="$(find "$3" -type f | wc -l)" 'BEGIN {
		printf "  wc -l over the same %d files: %.3f s; notate at %.1f%% of its speed\n",
		       files, w, 100 * (w > 0 ? w : 0.005) / (n > 0 ? n : 0.005)
	}'
}
