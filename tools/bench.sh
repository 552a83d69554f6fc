#!/bin/sh
# `make bench`: runs every tools/bench-*.sh in turn, each with the notate
# binary as its argument.  Each game adds its own script; see README,
# "Benchmarks".
set -u
notate=${1:-build/notate}
status=0
found=0
for script in tools/bench-*.sh; do
	[ -f "$script" ] || continue
	found=1
	echo "== $script"
	sh "$script" "$notate" || status=1
done
[ "$found" -eq 1 ] || { echo "bench: no tools/bench-*.sh" >&2; exit 1; }
exit $status
