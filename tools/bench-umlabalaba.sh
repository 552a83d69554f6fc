#!/bin/sh
# Umlabalaba benchmark (part of `make bench`).
#
# Inputs, generated once by notate's own engine and kept in build/bench/:
#   - a folder of ordinary random games (about 100 MB, one game per file);
#   - one game of about 100 MB, and one of about 1 MB, played with options
#     that never end it (draw3=off; the generator avoids game-ending moves).
# The folder is checked with -j 1 and -j 2 (threads; output in input order).
# For each input: `notate check` in one process (median of RUNS runs): wall
# and CPU seconds, MB/s, moves/s, peak RSS; and `wc -l` over the same bytes,
# with notate's throughput as a fraction of wc's; for the folder, also
# `wc -l` over its files.
#
# BENCH_MB (default 100) scales the two large inputs; RUNS (default 3).
set -eu

notate=${1:-build/notate}
mb=${BENCH_MB:-100}
runs=${RUNS:-3}
dir=build/bench/umlabalaba
mkdir -p "$dir"

if [ ! -x /usr/bin/time ]; then
	apt-get install -y -q time >/dev/null 2>&1 || {
		echo "bench: needs GNU time (apt-get install time)" >&2
		exit 1
	}
fi

# About 640 bytes per ordinary game, 13.7 bytes per move of an endless one.
games=$((mb * 1570))
big_moves=$((mb * 76000))

if [ ! -f "$dir/folder-$mb.done" ]; then
	echo "generating $games games into $dir/folder-$mb ..." >&2
	rm -rf "$dir/folder-$mb"
	mkdir -p "$dir/folder-$mb"
	"$notate" generate --game umlabalaba --games "$games" --seed 1 -d "$dir/folder-$mb"
	find "$dir/folder-$mb" -name '*.umla' | sort | xargs cat > "$dir/folder-$mb.all"
	touch "$dir/folder-$mb.done"
fi
if [ ! -f "$dir/endless-$mb.umla" ]; then
	echo "generating one endless game of $big_moves moves ..." >&2
	"$notate" generate --game umlabalaba --seed 1 --endless --rule draw3=off \
		--max-moves "$big_moves" -o "$dir/endless-$mb.umla"
fi
if [ ! -f "$dir/endless-1.umla" ]; then
	"$notate" generate --game umlabalaba --seed 1 --endless --rule draw3=off \
		--max-moves 76000 -o "$dir/endless-1.umla"
fi

. tools/benchlib.sh

row() {  # label bytes-file-or-folder wc-input notate-args...
	label=$1
	bytes=$2
	wc_input=$3
	shift 3
	set -- $(measure "$notate" check --summary "$@") "$@"
	wall=$1 user=$2 sys=$3 rss=$4
	moves=$(awk '{ print $5 }' "$dir/out")
	wc_wall=$(measure wc -l "$wc_input" | awk '{ print $1 }')
	awk -v label="$label" -v bytes="$bytes" -v wall="$wall" -v cpu="$user $sys" \
	    -v rss="$rss" -v moves="$moves" -v wcw="$wc_wall" 'BEGIN {
		split(cpu, c, " ")
		w = wall > 0 ? wall : 0.005
		ww = wcw > 0 ? wcw : 0.005
		mbs = bytes / 1e6 / w
		wmbs = bytes / 1e6 / ww
		printf "%-26s %8.1f MB %7.3f s %7.2f s %8.1f MB/s %11.0f moves/s %7.1f MB %8.4f s %6.1f%%\n",
		       label, bytes / 1e6, wall, c[1] + c[2], mbs, moves / w, rss / 1024,
		       wcw, 100 * mbs / wmbs
	}'
}

folder_bytes=$(wc -c < "$dir/folder-$mb.all")
big_bytes=$(wc -c < "$dir/endless-$mb.umla")
small_bytes=$(wc -c < "$dir/endless-1.umla")
cat "$dir/folder-$mb.all" > /dev/null   # warm the page cache
echo "Umlabalaba: notate check vs wc -l (median of $runs runs; $(nproc) cores)"
printf "%-26s %11s %9s %9s %13s %19s %10s %10s %7s\n" input size wall cpu \
	throughput moves "peak RSS" "wc -l" "of wc"
wc_files_wall=$(wc_files "$dir/folder-$mb")
row "folder, $games games" "$folder_bytes" "$dir/folder-$mb.all" -r "$dir/folder-$mb"
files_note "$wc_files_wall" "$wall" "$dir/folder-$mb"
row "the same, -j 2" "$folder_bytes" "$dir/folder-$mb.all" -j 2 -r "$dir/folder-$mb"
files_note "$wc_files_wall" "$wall" "$dir/folder-$mb"
row "one game, $big_moves moves" "$big_bytes" "$dir/endless-$mb.umla" "$dir/endless-$mb.umla"
row "one game, 76000 moves" "$small_bytes" "$dir/endless-1.umla" "$dir/endless-1.umla"
