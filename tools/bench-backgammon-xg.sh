#!/bin/sh
# eXtreme Gammon benchmark (part of `make bench`).
#
# Inputs: the sample XG files of ../shared/corpus/backgammon/xg/, and a
# folder of them repeated to about BENCH_XG_FILES files (default 1,000),
# built once in build/bench/xg/ (hard links where the file system allows).
# For each sample, and for the folder in one process: `notate check` and
# `notate convert --to mat` (median of RUNS runs, default 3): wall and CPU
# seconds, MB/s and files/s of the XG bytes read, and peak RSS, which must
# stay at or under 10 MB: the game file is read record by record and the
# compressed input is kept in memory only up to 1 MB.
set -eu

notate=${1:-build/notate}
runs=${RUNS:-3}
count=${BENCH_XG_FILES:-1000}
shared=${SHARED:-../shared}
samples="$shared/corpus/backgammon/xg"
dir=build/bench/xg
limit_kb=10240
mkdir -p "$dir"

if [ ! -x /usr/bin/time ]; then
	apt-get install -y -q time >/dev/null 2>&1 || {
		echo "bench: needs GNU time (apt-get install time)" >&2
		exit 1
	}
fi
ls "$samples"/*.xg > /dev/null 2>&1 || {
	echo "bench: no XG samples in $samples" >&2
	exit 1
}

folder=$dir/folder-$count
if [ ! -f "$folder.done" ]; then
	echo "building a folder of $count XG files ..." >&2
	rm -rf "$folder"
	mkdir -p "$folder"
	i=0
	while [ $i -lt "$count" ]; do
		for f in "$samples"/*.xg; do
			[ $i -lt "$count" ] || break
			name=$(printf '%s/m%04d-%s' "$folder" "$i" "$(basename "$f")")
			ln "$f" "$name" 2>/dev/null || cp "$f" "$name"
			i=$((i + 1))
		done
	done
	touch "$folder.done"
fi

. tools/benchlib.sh

status=0
# label bytes files notate-args...
row() {
	label=$1
	bytes=$2
	files=$3
	shift 3
	set -- $(measure "$notate" "$@")
	awk -v label="$label" -v bytes="$bytes" -v files="$files" -v wall="$1" \
	    -v cpu="$2 $3" -v rss="$4" -v limit="$limit_kb" 'BEGIN {
		split(cpu, c, " ")
		w = wall > 0 ? wall : 0.0005
		printf "%-36s %7.2f MB %5d files %8.3f s %8.3f s %8.1f MB/s %9.0f files/s %6.1f MB%s\n",
		       label, bytes / 1e6, files, wall, c[1] + c[2], bytes / 1e6 / w,
		       files / w, rss / 1024, (rss > limit ? "  OVER THE 10 MB LIMIT" : "")
	}'
	[ "$4" -le "$limit_kb" ] || status=1
}

echo "eXtreme Gammon: notate check and convert --to mat (median of $runs runs; peak RSS limit 10 MB)"
printf "%-36s %10s %11s %10s %10s %13s %17s %9s\n" run size files wall cpu throughput files "peak RSS"
for f in "$samples"/*.xg; do
	b=$(wc -c < "$f")
	name=$(basename "$f")
	row "check $name" "$b" 1 check "$f"
	row "convert --to mat $name" "$b" 1 convert --to mat "$f"
done
bytes=$(find "$folder" -type f -exec cat {} + | wc -c)
cat "$folder"/* > /dev/null
row "check -r, $count files" "$bytes" "$count" check -r --summary "$folder"
row "check -r -j 2, $count files" "$bytes" "$count" check -r -j 2 --summary "$folder"
row "convert --to mat -r, $count files" "$bytes" "$count" convert --to mat -r "$folder"
"$notate" check -r --summary "$folder" > "$dir/summary" 2>&1 || status=1
echo "the folder: $(cat "$dir/summary")"
exit $status
