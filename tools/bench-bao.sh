#!/bin/sh
# Bao la Kiswahili benchmark (part of `make bench`).
#
# Inputs, generated once by notate's own engine and kept in build/bench/:
#   - a folder of random legal games (about BENCH_MB MB, one game per file,
#     as the spec requires);
#   - the same folder named twice on one command line (twice the input,
#     nothing more to generate), to show that memory does not grow with it;
#   - one game followed by a comment of about BENCH_MB MB: one large file.
# For each input: `notate check` in one process (median of RUNS runs): wall
# and CPU seconds, MB/s, plies/s, peak RSS; and `wc -l` over the same bytes,
# with notate's throughput as a fraction of wc's; for the folder, also
# `wc -l` over its files.
#
# BENCH_MB (default 100) scales the inputs; RUNS (default 3).
set -eu

notate=${1:-build/notate}
mb=${BENCH_MB:-100}
runs=${RUNS:-3}
dir=build/bench/bao
mkdir -p "$dir"

if [ ! -x /usr/bin/time ]; then
	apt-get install -y -q time >/dev/null 2>&1 || {
		echo "bench: needs GNU time (apt-get install time)" >&2
		exit 1
	}
fi

# About 470 bytes per generated game.
games=$((mb * 2150))

folder() {  # name count first-seed
	if [ ! -f "$dir/$1.done" ]; then
		echo "generating $2 games into $dir/$1 ..." >&2
		rm -rf "$dir/$1"
		mkdir -p "$dir/$1"
		"$notate" generate --game bao --games "$2" --seed "$3" -d "$dir/$1"
		find "$dir/$1" -name '*.bao' | sort | xargs cat > "$dir/$1.all"
		touch "$dir/$1.done"
	fi
}
folder "folder-$mb" "$games" 1
if [ ! -f "$dir/comment-$mb.bao" ]; then
	echo "generating one game with a $mb MB comment ..." >&2
	{
		"$notate" generate --game bao --seed 7
		printf '{'
		head -c $((mb * 1048576)) /dev/zero | tr '\0' 'x'
		printf '}\n'
	} > "$dir/comment-$mb.tmp"
	mv "$dir/comment-$mb.tmp" "$dir/comment-$mb.bao"
fi

. tools/benchlib.sh

row() {  # label bytes wc-input notate-args...
	label=$1
	bytes=$2
	wc_input=$3
	shift 3
	# shellcheck disable=SC2046
	set -- $(measure "$notate" check --summary "$@")
	wall=$1 user=$2 sys=$3 rss=$4
	errors=$(awk '{ print $7 }' "$dir/out")
	if [ "$errors" != 0 ]; then
		echo "bench: notate check found errors in $label" >&2
		exit 1
	fi
	plies=$(awk '{ print $5 }' "$dir/out")
	wc_wall=$(measure wc -l "$wc_input" | awk '{ print $1 }')
	awk -v label="$label" -v bytes="$bytes" -v wall="$wall" -v cpu="$user $sys" \
	    -v rss="$rss" -v plies="$plies" -v wcw="$wc_wall" 'BEGIN {
		split(cpu, c, " ")
		w = wall > 0 ? wall : 0.005
		ww = wcw > 0 ? wcw : 0.005
		mbs = bytes / 1e6 / w
		wmbs = bytes / 1e6 / ww
		printf "%-26s %8.1f MB %7.3f s %7.2f s %8.1f MB/s %11.0f plies/s %7.1f MB %8.4f s %6.1f%%\n",
		       label, bytes / 1e6, wall, c[1] + c[2], mbs, plies / w, rss / 1024,
		       wcw, 100 * mbs / wmbs
	}'
}

bytes1=$(wc -c < "$dir/folder-$mb.all")
bytes3=$(wc -c < "$dir/comment-$mb.bao")
cat "$dir/folder-$mb.all" "$dir/folder-$mb.all" > "$dir/twice-$mb.all"
cat "$dir/folder-$mb.all" > /dev/null   # warm the cache
echo "Bao: notate check vs wc -l (median of $runs runs; $(nproc) cores)"
printf "%-26s %11s %9s %9s %13s %19s %10s %10s %7s\n" input size wall cpu \
	throughput plies "peak RSS" "wc -l" "of wc"
wc_files_wall=$(wc_files "$dir/folder-$mb")
row "folder, $games games" "$bytes1" "$dir/folder-$mb.all" -r "$dir/folder-$mb"
files_note "$wc_files_wall" "$wall" "$dir/folder-$mb"
row "folder twice, $((games * 2))" $((bytes1 * 2)) "$dir/twice-$mb.all" \
	-r "$dir/folder-$mb" "$dir/folder-$mb"
row "one game, $mb MB comment" "$bytes3" "$dir/comment-$mb.bao" "$dir/comment-$mb.bao"
