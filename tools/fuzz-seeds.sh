#!/bin/sh
# The seed corpus of one fast fuzz target: the sample corpora's records of
# its reader (../shared/corpus, when present), the examples, games played
# by notate generate (the games that have a generator), the kept seeds
# (tests/fuzz/seeds/READER) and the regression inputs of its game.
# Usage: tools/fuzz-seeds.sh BUILD_DIR READER OUTDIR
set -u
build=$1
reader=$2
out=$3
mkdir -p "$out"
case $reader in
umla) game=umlabalaba; pat='*.umla' ;;
pgn) game=umlabalaba; pat='*.pgn' ;;
mat) game=backgammon; pat='*.mat' ;;
sgf) game=backgammon; pat='*.sgf' ;;
xg) game=backgammon; pat='*.xg' ;;
bao) game=bao; pat='*.bao' ;;
*) echo "fuzz-seeds: no reader '$reader'" >&2; exit 2 ;;
esac
copy() {
	[ -d "$1" ] && find "$1" -type f -name "$2" -size -64k \
		-exec cp {} "$out/" \; 2>/dev/null
	return 0
}
if [ "$reader" = xg ]; then
	# Random bytes stop at the container's CRC-32s: the seeds are records
	# of the sample XG files (xg_seeds.c), which the target wraps.
	set -- ../shared/corpus/backgammon/xg/*.xg examples/backgammon/*.xg
	files=
	for f in "$@"; do [ -f "$f" ] && files="$files $f"; done
	[ -n "$files" ] && "$build/xg-seeds" "$out" 6 $files >/dev/null
else
	copy ../shared/corpus/$game "$pat"
	copy examples/$game "$pat"
	# The text reader of backgammon reads score sheets too.
	[ "$reader" = mat ] && copy ../shared/corpus/$game '*.bg' && copy examples/$game '*.bg'
	[ "$reader" = mat ] && copy ../shared/corpus/$game '*.txt'
fi
# Games notate generate plays (legal to the end), for the move-level
# mutator to change: Umlabalaba as .umla and as PGN, Bao.
gen() {
	"$build/notate" generate --game "$1" --seed "$2" --games 1 \
		--max-moves "$3" 2>/dev/null
}
for seed in 1 2 3 4 5 6 7 8; do
	case $reader in
	umla) gen umlabalaba $seed 60 > "$out/generated-$seed.umla" ;;
	pgn) gen umlabalaba $seed 60 > "$out/generated-$seed.umla" &&
		"$build/notate" convert --to pgn "$out/generated-$seed.umla" \
			> "$out/generated-$seed.pgn" 2>/dev/null
		rm -f "$out/generated-$seed.umla" ;;
	bao) gen bao $seed 80 > "$out/generated-$seed.bao" ;;
	esac
done
find "$out" -type f -size 0 -exec rm -f {} +
copy tests/fuzz/seeds/$reader '*'
copy tests/fuzz/regress/$game '*'
exit 0
