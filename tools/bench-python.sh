#!/bin/sh
# The Python package against the command on the folder of real backgammon
# exports (SHARED/corpus/backgammon/real*): CPU seconds of checking every
# file, median of RUNS rounds.  `make bench` builds the package into
# build/python-site first.  Goal: Python takes at most 1.3 times the CPU.
set -u
notate=${1:-build/notate}
runs=${RUNS:-3}
shared=${SHARED:-../shared}
python=${PYTHON:-/usr/bin/python3}
site=build/python-site
dir=build/bench/python
mkdir -p "$dir"
[ -f "$site/notate/__init__.py" ] || { echo "bench: no $site (make python-build)" >&2; exit 1; }
ls "$shared"/corpus/backgammon/real*/*.mat > "$dir/files" 2>/dev/null
nfiles=$(wc -l < "$dir/files")
[ "$nfiles" -gt 0 ] || { echo "bench: no files in $shared/corpus/backgammon/real*" >&2; exit 1; }
bytes=$(xargs cat < "$dir/files" | wc -c)

# Median CPU (user + system) of RUNS runs of REPS repetitions of a
# command, per repetition (GNU time counts in hundredths).
reps=${REPS:-10}
cpu() {
	: > "$dir/cpu"
	i=0
	while [ $i -lt "$runs" ]; do
		/usr/bin/time -f "%U %S" -o "$dir/time1" sh -c '
			reps=$1; shift; k=0
			while [ $k -lt "$reps" ]; do
				"$@" > /dev/null 2>&1 < /dev/null || true
				k=$((k + 1))
			done' sh "$reps" "$@"
		tail -1 "$dir/time1" | awk -v reps="$reps" '{ printf "%.6f\n", ($1 + $2) / reps }' >> "$dir/cpu"
		i=$((i + 1))
	done
	sort -n "$dir/cpu" | awk -v n="$runs" 'NR == int((n + 1) / 2)'
}

# shellcheck disable=SC2046
c_cpu=$(cpu "$notate" -q --no-rc check $(cat "$dir/files"))
# shellcheck disable=SC2046
w_cpu=$(cpu "$notate" --no-rc check $(cat "$dir/files"))
# The same files through notate.check, one call a file, in one process.
cat > "$dir/check.py" <<'PY'
import sys
import notate
errors = 0
with open(sys.argv[1]) as f:
    for path in f.read().split("\n"):
        if path:
            errors += notate.check(path).summary.errors
print(errors)
PY
p_cpu=$(cpu env PYTHONPATH="$site" "$python" "$dir/check.py" "$dir/files")
s_cpu=$(cpu env PYTHONPATH="$site" "$python" -c "import notate")
# Both must have found the same errors.
p_err=$(PYTHONPATH="$site" "$python" "$dir/check.py" "$dir/files")
# shellcheck disable=SC2046
c_err=$("$notate" --no-rc --summary check $(cat "$dir/files") | tail -1 |
	sed -n 's/.* \([0-9]*\) errors\{0,1\},.*/\1/p')
[ "$p_err" = "$c_err" ] || { echo "bench: Python found $p_err errors, the command $c_err" >&2; exit 1; }

echo "Python: $nfiles real backgammon exports ($(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB), CPU seconds per run (median of $runs rounds of $reps)"
awk -v c="$c_cpu" 'BEGIN { printf "  notate -q check FILES                %8.4f s\n", c }'
awk -v c="$w_cpu" 'BEGIN { printf "  notate check FILES (findings written) %7.4f s\n", c }'
awk -v p="$p_cpu" -v s="$s_cpu" 'BEGIN {
	printf "  python3: notate.check on each file   %8.4f s   (of which %.4f s starting python3 and importing notate)\n", p, s }'
awk -v p="$p_cpu" -v c="$c_cpu" -v s="$s_cpu" 'BEGIN {
	d = c > 0 ? c : 0.0001
	printf "Python takes %.2f times the CPU of notate -q check (goal: at most 1.3); %.2f times without its start-up\n",
	       p / d, (p - s) / d
}'
awk -v p="$p_cpu" -v w="$w_cpu" 'BEGIN {
	printf "Python takes %.2f times the CPU of notate check writing its findings\n", p / (w > 0 ? w : 0.0001)
}'
