#!/bin/sh
# `make include-check`: fails naming each circle of modules that include
# each other.  A module is a file's name without .c or .h (src/cli/emit is
# emit.c with emit.h); it needs another when one of its files includes the
# other's header.  Only the hand-written sources under src/ count (the
# public header and the generated parsers are left out).
# Usage: tools/include-cycles.sh [--known FILE] [ROOT]   (ROOT holds src/;
#        default .).  With --known, the circles FILE lists (lines as this
#        script prints them) are still to be untied: only a circle that is
#        not listed fails, and so does a listed one that is gone, so that
#        the list only shrinks.
#        tools/include-cycles.sh --self-test   (a circle is found, and
#        only where there is one)
set -u
known=
if [ "${1:-}" = --known ]; then
	known=$2
	shift 2
fi

if [ "${1:-}" = --self-test ]; then
	dir=$(mktemp -d) || exit 1
	trap 'rm -rf "$dir"' EXIT
	mkdir -p "$dir/src/a"
	printf '#include "a/two.h"\n' > "$dir/src/a/one.h"
	printf '#include "a/one.h"\n' > "$dir/src/a/one.c"
	printf 'void two(void);\n' > "$dir/src/a/two.h"
	printf '#include "a/two.h"\n#include "a/one.h"\n' > "$dir/src/a/two.c"
	if "$0" "$dir" > "$dir/out" 2>&1; then
		echo "include-cycles: the self-test's circle was not found" >&2
		exit 1
	fi
	grep -q '^include circle: src/a/one -> src/a/two -> src/a/one$' "$dir/out" || {
		echo "include-cycles: the self-test's circle was not named:" >&2
		cat "$dir/out" >&2
		exit 1
	}
	printf '#include "a/two.h"\n' > "$dir/src/a/two.c"
	if ! "$0" "$dir" > "$dir/out" 2>&1; then
		echo "include-cycles: a circle where there is none:" >&2
		cat "$dir/out" >&2
		exit 1
	fi
	echo "include-cycles: the self-test passes"
	exit 0
fi

root=${1:-.}
files=$(cd "$root" && find src -name '*.[ch]' | LC_ALL=C sort)
[ -n "$files" ] || { echo "include-cycles: no sources under $root/src" >&2; exit 1; }

# shellcheck disable=SC2086
found=$(cd "$root" && awk '
function module(f) { sub(/\.[ch]$/, "", f); return f }
FNR == 1 { exists[module(FILENAME)] = 1 }
/^[ \t]*#[ \t]*include[ \t]*"[^"]+"/ {
	inc = $0
	sub(/^[^"]*"/, "", inc); sub(/".*$/, "", inc)
	from = module(FILENAME); to = module("src/" inc)
	if (from != to && !((from, to) in seen)) {
		seen[from, to] = 1
		want[++n] = from SUBSEP to
	}
}
END {
	for (i = 1; i <= n; i++) {
		split(want[i], e, SUBSEP)
		if (e[2] in exists) {
			edge[e[1], ++nedge[e[1]]] = e[2]
			if (!(e[1] in listed)) { listed[e[1]] = 1; node[++nn] = e[1] }
		}
	}
	bad = 0
	# For each module, the shortest way back to itself, once per circle.
	for (i = 1; i <= nn; i++) {
		m = node[i]
		delete prevof
		head = 1; tail = 0; queue[++tail] = m; found = 0
		while (head <= tail && !found) {
			u = queue[head++]
			for (k = 1; k <= nedge[u]; k++) {
				v = edge[u, k]
				if (v == m) { found = 1; last = u; break }
				if (v in prevof) continue
				prevof[v] = u; queue[++tail] = v
			}
		}
		if (!found)
			continue
		c = 0; u = last
		while (u != m) { path[++c] = u; u = prevof[u] }
		text = m; least = m
		for (k = c; k >= 1; k--) {
			text = text " -> " path[k]
			if (path[k] < least) least = path[k]
		}
		# Named from its least module, so each circle is named once.
		if (least != m)
			continue
		print "include circle: " text " -> " m
		bad = 1
	}
	exit bad
}' $files)
status=$?
if [ -n "$known" ]; then
	status=0
	now=$(mktemp) || exit 1
	printf '%s\n' "$found" | grep -v '^$' > "$now"
	new=$(grep -vxF -f "$known" "$now")
	gone=$(grep '^include circle' "$known" | grep -vxF -f "$now")
	rm -f "$now"
	if [ -n "$new" ]; then
		printf '%s\n' "$new" | sed 's/^/new /' >&2
		status=1
	fi
	if [ -n "$gone" ]; then
		printf '%s\n' "$gone" | sed "s|^|untied (take it out of $known): |" >&2
		status=1
	fi
	[ $status -eq 0 ] && echo "include-cycles: no new include circle in $root/src ($(grep -c '^include circle' "$known") still to untie)"
	exit $status
fi
[ -n "$found" ] && printf '%s\n' "$found"
[ $status -eq 0 ] && echo "include-cycles: no include circle in $root/src"
exit $status
