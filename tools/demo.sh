#!/bin/sh
# `make demo`: notate's main jobs on the records in examples/.
set -u
notate=${1:-build/notate}
status=0

run() {  # expected-status command...
	want=$1
	shift
	printf '\n$ %s\n' "$*"
	"$@"
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "demo: expected exit status $want, got $got" >&2
		status=1
	fi
}

for game in examples/*/; do
	legal=$(ls "$game"* | grep -v illegal)
	illegal=$(ls "$game"* | grep illegal)
	# shellcheck disable=SC2086
	run 0 "$notate" check -v $legal
	for f in $illegal; do
		run 1 "$notate" check "$f"
	done
done
if [ -d examples/umlabalaba ]; then
	run 0 "$notate" convert --to electronic examples/umlabalaba/club-evening.umla
	run 0 "$notate" show --move 24 examples/umlabalaba/club-evening.umla
fi
exit $status
