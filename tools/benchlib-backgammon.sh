# Sourced by the backgammon benchmarks (tools/bench-backgammon*.sh); not a
# benchmark itself (tools/bench.sh runs tools/bench-*.sh).
# Makes sure GNU time is there; sets gnubg to GNU Backgammon ("" if none).
bench_tools() {
	if [ ! -x /usr/bin/time ]; then
		apt-get install -y -q time >/dev/null 2>&1 || {
			echo "bench: needs GNU time (apt-get install time)" >&2
			exit 1
		}
	fi
	gnubg=""
	for g in "${NT_GNUBG:-}" /usr/games/gnubg /usr/bin/gnubg; do
		if [ -n "$g" ] && [ -x "$g" ]; then gnubg=$g; break; fi
	done
}
