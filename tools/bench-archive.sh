#!/bin/sh
# Archive commands benchmark (part of `make bench`): select, find, dedup
# and split over a folder of about COPIES x 400 real backgammon exports (the shared
# corpus's real and real-bulk folders, copied COPIES times into
# build/bench/archive/), each next to `notate check` over the same folder.
# Prints, per command, the median wall time of RUNS runs, files/s, peak
# RSS, and the time as a multiple of check's (the goal is at most 1.5).
#
# SHARED (default ../shared) is where the corpus is; COPIES (default 25);
# RUNS (default 3).
set -eu

notate=${1:-build/notate}
shared=${SHARED:-../shared}
copies=${COPIES:-25}
runs=${RUNS:-3}
dir=build/bench/archive
src="$shared/corpus/backgammon"

if [ ! -d "$src/real-bulk" ]; then
	echo "bench-archive: no corpus at $src (set SHARED)" >&2
	exit 0
fi
if [ ! -x /usr/bin/time ]; then
	echo "bench: needs GNU time (apt-get install time)" >&2
	exit 1
fi

if [ ! -f "$dir/folder-$copies.done" ]; then
	echo "copying the real exports $copies times into $dir ..." >&2
	rm -rf "$dir/folder-$copies"
	i=1
	while [ "$i" -le "$copies" ]; do
		mkdir -p "$dir/folder-$copies/$i"
		cp "$src"/real/*.mat "$src"/real-bulk/*.mat "$dir/folder-$copies/$i/"
		i=$((i + 1))
	done
	touch "$dir/folder-$copies.done"
fi
folder="$dir/folder-$copies"
files=$(find "$folder" -name '*.mat' | wc -l)

# One run: "seconds peak-KB" of the command (its output thrown away).
once() {
	/usr/bin/time -f '%e %M' -o "$dir/time.txt" "$@" >/dev/null 2>&1 || true
	# (GNU time puts "Command exited with non-zero status" first.)
	tail -n 1 "$dir/time.txt"
}

# The median of RUNS runs, as "seconds peak-KB".
median() {
	n=0
	: > "$dir/runs.txt"
	while [ "$n" -lt "$runs" ]; do
		once "$@" >> "$dir/runs.txt"
		n=$((n + 1))
	done
	sort -n "$dir/runs.txt" | sed -n "$(((runs + 1) / 2))p"
}

row() {  # label command...
	label=$1
	shift
	set -- $(median "$@")
	secs=$1
	kb=$2
	awk -v l="$label" -v s="$secs" -v k="$kb" -v f="${rowfiles:-$files}" \
		-v c="${check:-$secs}" \
		'BEGIN { printf "%-34s %7.2f s %9.0f files/s %7.1f MB peak %5.2fx check\n",
		         l, s, (s > 0 ? f / s : 0), k / 1024, (c > 0 ? s / c : 0) }'
}

echo "$files files ($copies copies of the real exports)"
check=
set -- $(median "$notate" check --no-rc -q -r "$folder")
check=$1
row "check -q -r" "$notate" check --no-rc -q -r "$folder"
row "select --list --player lasse" "$notate" select --no-rc -q --list \
	--player lasse -r "$folder"
row "select -f json --result gammon" "$notate" select --no-rc -q -f json \
	--result gammon -r "$folder"
row "select --winner lasse (records)" "$notate" select --no-rc -q \
	--winner lasse -r "$folder"
row "find zGbwAwjg8+AJIA" "$notate" find --no-rc -q zGbwAwjg8+AJIA -r "$folder"
row "dedup" "$notate" dedup --no-rc -q -r "$folder"
# split writes every game of one copy once: one run, into a fresh folder,
# against check over that copy.
rowfiles=$((files / copies))
set -- $(median "$notate" check --no-rc -q -r "$folder/1")
check=$1
runs=1
rm -rf "$dir/split"
mkdir -p "$dir/split"
row "split (one copy)" "$notate" split --no-rc -q -r \
	-o "$dir/split/{name}-{game}{ext}" "$folder/1"
rm -rf "$dir/split"
