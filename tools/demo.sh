#!/bin/sh
# `make demo`: notate's main jobs on the records in examples/, for every
# game: check the legal records and the illegal ones, convert, show and
# count the first legal one.
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

for game in $("$notate" games | sed -n 's/^\([a-z]*\): .*/\1/p'); do
	[ -d "examples/$game" ] || continue
	legal=$(ls examples/"$game"/* | grep -v illegal)
	illegal=$(ls examples/"$game"/* | grep illegal)
	# shellcheck disable=SC2086
	run 0 "$notate" check -v $legal
	for f in $illegal; do
		run 1 "$notate" check "$f"
	done
	first=$(echo "$legal" | head -n 1)
	form=$("$notate" games | awk -v g="$game" '
		$1 == g ":" { on = 1; next } /^[a-z]/ { on = 0 }
		on && $1 == "forms:" { print $2 }')
	run 0 "$notate" convert --to "$form" "$first"
	run 0 "$notate" show "$first"
	run 0 "$notate" stats "$first"
done
exit $status
