#!/bin/sh
# `make fuzz`: runs each game's libFuzzer target for SECONDS seconds per
# fuzz target (check, fmt, every convert form and, for games that read
# .pgn files, the PGN reader: read-pgn; backgammon's XG reader: xg),
# seeded from the shared
# sample corpora, the examples and the regression inputs.  Every input that
# crashes, hangs or leaks is kept in tests/fuzz/regress/GAME/ (make check
# replays them); the run fails if any was found.
# Usage: tools/fuzz.sh BUILD_DIR SECONDS GAME...
set -u
build=$1
seconds=$2
shift 2
status=0
for game in "$@"; do
	binary=$build/fuzz-$game
	corpus=$build/corpus/$game
	mkdir -p "$corpus" "tests/fuzz/regress/$game"
	for seed in ../shared/corpus/"$game" examples/"$game" tests/fuzz/regress/"$game"; do
		[ -d "$seed" ] && find "$seed" -type f ! -name '*.tsv' -size -64k \
			-exec cp {} "$corpus/" \; 2>/dev/null
	done
	forms=$("$build/notate" games | awk -v g="$game" '
		$1 == g ":" { on = 1; next } /^[a-z]/ { on = 0 }
		on && $1 == "forms:" { $1 = ""; print }')
	# read-pgn: the game's PGN reader on every input; xg: backgammon's
	# eXtreme Gammon reader on game-file records and XG containers, seeded
	# from the sample XG files by xg-seeds (games without one of these say
	# they have no such target, and are skipped).
	if [ "$game" = backgammon ]; then
		mkdir -p "$corpus-xg"
		"$build/xg-seeds" "$corpus-xg" 6 ../shared/corpus/backgammon/xg/*.xg ||
			status=1
		find "tests/fuzz/regress/$game" -type f -exec cp {} "$corpus-xg/" \; 2>/dev/null
	fi
	for target in check roundtrip fmt $forms read-pgn xg; do
		log=$build/fuzz-$game-$target.log
		dir=$corpus
		[ "$target" = xg ] && dir=$corpus-xg
		NT_FUZZ_TARGET=$target "$binary" -max_total_time="$seconds" -timeout=20 \
			-rss_limit_mb=2048 -max_len=${FUZZ_MAX_LEN:-16384} -print_final_stats=1 \
			-artifact_prefix="tests/fuzz/regress/$game/" "$dir" > "$log" 2>&1
		rc=$?
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
		rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
		echo "fuzz: $game $target: ${runs:-?} runs in $seconds s, peak RSS ${rss:-?} MB"
		if [ $rc -ne 0 ]; then
			grep -q "has no target" "$log" && continue
			echo "fuzz: $game $target: FAILED (see $log); the input is in tests/fuzz/regress/$game/" >&2
			status=1
		fi
	done
done
exit $status
