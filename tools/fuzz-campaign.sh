#!/bin/sh
# `make fuzz-campaign`: every fast target (one per reader) runs to RUNS
# executions or SECONDS seconds, whichever comes first, on JOBS processes
# (libFuzzer's -fork), with its reader's dictionary and without the entropic
# schedule (whose bookkeeping over tens of thousands of features took most
# of each execution: 400 exec/s with it, 2,400 without, on the .umla
# target); then its corpus is
# merged and minimised, and the smallest inputs of that, up to KEEP_KB per
# reader, are kept in tests/fuzz/seeds/READER/ (the repository's seed
# corpus).  Every input that crashes, hangs or leaks is saved in
# tests/fuzz/regress/GAME/ (make check replays them) and the run fails.
# The campaign runs FAST_BUILD's targets (SANITIZE=fuzz-fast: UBSan, no
# ASan, -O2); every input of the corpus it grew is then replayed once
# through ASAN_BUILD's target of the same reader (SANITIZE=fuzz), so that
# a memory error the fast build cannot see is still caught.
# Usage: tools/fuzz-campaign.sh FAST_BUILD ASAN_BUILD RUNS SECONDS JOBS KEEP_KB READER...
set -u
build=$1 asan=$2 runs=$3 seconds=$4 jobs=$5 keep_kb=$6
shift 6
status=0
# -max_len: about the 90th percentile of the sample records of each reader
# (mat 9.6 KB, SGF 7.6 KB, .umla 1.2 KB, PGN 0.7 KB, Bao 1.0 KB; an XG
# seed is six 2,560-byte records), with room to grow.
max_len() {
	case $1 in
	mat) echo 12288 ;; sgf) echo 8192 ;; xg) echo 16384 ;; *) echo 2048 ;;
	esac
}
game_of() {
	case $1 in
	umla|pgn) echo umlabalaba ;; mat|sgf|xg) echo backgammon ;; bao) echo bao ;;
	esac
}
for reader in "$@"; do
	game=$(game_of "$reader")
	corpus=$build/campaign/$reader
	seeds=$build/campaign/$reader-seeds
	rm -rf "$seeds"
	tools/fuzz-seeds.sh "$build" "$reader" "$seeds"
	mkdir -p "$corpus" "tests/fuzz/regress/$game"
	log=$build/campaign-$reader.log
	fork=
	[ "$jobs" -gt 1 ] && fork="-fork=$jobs -ignore_crashes=1"
	"$build/fast-$reader" $fork -runs="$runs" -max_total_time="$seconds" \
		-entropic=0 -timeout=20 -rss_limit_mb=256 -max_len="$(max_len "$reader")" \
		-dict="tests/fuzz/dict/$reader.dict" -print_final_stats=1 \
		-artifact_prefix="tests/fuzz/regress/$game/$reader-" \
		"$corpus" "$seeds" > "$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
	rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
	edges=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
	crashes=$(grep -c '^==.*ERROR\|^SUMMARY: \|deadly signal\|Test unit written' "$log")
	echo "fuzz-campaign: $reader: ${execs:-?} execs, ${rate:-?} exec/s, ${edges:-?} edges, peak RSS ${rss:-?} MB, $crashes crash reports"
	if [ $rc -ne 0 ] && [ $rc -ne 72 ]; then
		echo "fuzz-campaign: $reader: FAILED (see $log); the input is in tests/fuzz/regress/$game/" >&2
		status=1
	fi
	# The ASan replay: one pass over every input (-runs=0 runs the corpus
	# and stops).
	alog=$build/campaign-$reader-asan.log
	"$asan/fast-$reader" -runs=0 -timeout=20 -rss_limit_mb=256 \
		-max_len="$(max_len "$reader")" \
		-artifact_prefix="tests/fuzz/regress/$game/$reader-asan-" \
		"$corpus" "$seeds" > "$alog" 2>&1
	arc=$?
	inputs=$(find "$corpus" "$seeds" -type f | wc -l)
	if [ $arc -eq 0 ]; then
		echo "fuzz-campaign: $reader: ASan replay of $inputs inputs: clean"
	else
		echo "fuzz-campaign: $reader: ASan replay of $inputs inputs: FAILED (see $alog)" >&2
	fi
	[ $arc -ne 0 ] && status=1
	# Merge and minimise: the fewest inputs that keep every edge (hit
	# counts left out: with them the merge keeps thousands of files).
	min=$build/campaign/$reader-min
	rm -rf "$min"
	mkdir -p "$min"
	"$build/fast-$reader" -merge=1 -use_counters=0 -max_len="$(max_len "$reader")" "$min" \
		"$corpus" "$seeds" > "$build/campaign-$reader-merge.log" 2>&1
	merged=$?
	[ $merged -ne 0 ] && status=1
	# The kept seeds: the smallest of the minimised corpus, up to KEEP_KB.
	keep=tests/fuzz/seeds/$reader
	rm -rf "$keep"
	mkdir -p "$keep"
	total=0
	for f in $(ls -Sr "$min"); do
		size=$(wc -c < "$min/$f")
		[ $((total + size)) -gt $((keep_kb * 1024)) ] && break
		cp "$min/$f" "$keep/$f"
		total=$((total + size))
	done
	echo "fuzz-campaign: $reader: $(ls "$min" | wc -l) inputs after merging, $(ls "$keep" | wc -l) kept in $keep ($(( $(cat "$keep"/* 2>/dev/null | wc -c) / 1024 )) KB)"
	# The next campaign starts from the minimised corpus: left to grow, the
	# corpus of one reader reached 117,000 inputs over three campaigns,
	# and its replay and merge took longer than the fuzzing.
	if [ $merged -eq 0 ]; then
		rm -rf "$corpus"
		mv "$min" "$corpus"
	fi
done
exit $status
