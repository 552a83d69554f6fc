#!/bin/sh
# `make bench`, Bao part: checks many self-played legal games in one
# notate process and reports plies per second and peak memory; then twice
# as many games, and one file padded with a large comment, to show that
# memory does not grow with the input.
#
# The games come from tests/bao/selfplay.c (the generator the property
# tests use), built here with a small main against build/libnotate.a.
# The same small program runs notate and reads its peak RSS from wait4().
#
# usage: tools/bench-bao.sh [NOTATE] (GAMES=N to change the game count)
set -eu
notate=${1:-build/notate}
games=${GAMES:-2000}
lib=$(dirname "$notate")/libnotate.a
cc=${CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

cat > "$tmp/bench.c" <<'EOF'
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bao/bao_test.h"

/* gen DIR FIRST COUNT: writes COUNT games, prints their plies. */
static int
gen(const char *dir, unsigned long long first, long count)
{
	long plies = 0;
	for (long i = 0; i < count; i++) {
		char *text, path[4096];
		plies += bt_selfplay(first + (unsigned long long)i, 1000, &text, NULL);
		snprintf(path, sizeof path, "%s/g%06ld.bao", dir, i);
		FILE *f = fopen(path, "w");
		if (f == NULL || fputs(text, f) == EOF || fclose(f) != 0) {
			perror(path);
			return 1;
		}
		free(text);
	}
	printf("%ld\n", plies);
	return 0;
}

/* run CMD...: runs it, prints "SECONDS MAXRSS_KB STATUS". */
static int
run(char **argv)
{
	struct timeval t0, t1;
	gettimeofday(&t0, NULL);
	pid_t pid = fork();
	if (pid == 0) {
		execv(argv[0], argv);
		_exit(127);
	}
	int status;
	struct rusage ru;
	if (wait4(pid, &status, 0, &ru) < 0)
		return 1;
	gettimeofday(&t1, NULL);
	double s = (double)(t1.tv_sec - t0.tv_sec) +
	           (double)(t1.tv_usec - t0.tv_usec) / 1e6;
	printf("%.3f %ld %d\n", s, ru.ru_maxrss,
	       WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc >= 5 && strcmp(argv[1], "gen") == 0)
		return gen(argv[2], strtoull(argv[3], NULL, 10), atol(argv[4]));
	if (argc >= 3 && strcmp(argv[1], "run") == 0)
		return run(argv + 2);
	fprintf(stderr, "usage: bench gen DIR FIRST COUNT | bench run CMD...\n");
	return 2;
}
EOF
"$cc" -O2 -std=c11 -Iinclude -Isrc -Itests -o "$tmp/bench" "$tmp/bench.c" \
	tests/bao/selfplay.c "$lib"

# Checks every file in DIR in one process; prints the report line.
measure() {
	label=$1 dir=$2 plies=$3
	# shellcheck disable=SC2046
	set -- $("$tmp/bench" run "$notate" check --game bao "$dir"/*.bao)
	secs=$1 rss=$2 status=$3
	if [ "$status" -ne 0 ]; then
		echo "bench-bao: notate check failed on $dir (status $status)" >&2
		exit 1
	fi
	awk -v l="$label" -v p="$plies" -v s="$secs" -v r="$rss" 'BEGIN {
		printf "bao %-22s %9d plies %7.2f s %10.0f plies/s  peak RSS %6d KiB\n",
		       l, p, s, (s > 0 ? p / s : 0), r }'
}

mkdir "$tmp/a" "$tmp/b" "$tmp/c"
plies_a=$("$tmp/bench" gen "$tmp/a" 1 "$games")
plies_b=$("$tmp/bench" gen "$tmp/b" 1000001 $((games * 2)))
measure "$games games" "$tmp/a" "$plies_a"
measure "$((games * 2)) games" "$tmp/b" "$plies_b"

# One game followed by a 32 MiB comment: the buffer stays 64 KiB.
plies_c=$("$tmp/bench" gen "$tmp/c" 7 1)
{
	cat "$tmp/c/g000000.bao"
	printf '{'
	head -c 33554432 /dev/zero | tr '\0' 'x'
	printf '}\n'
} > "$tmp/c/big.bao"
rm "$tmp/c/g000000.bao"
measure "one 32 MiB file" "$tmp/c" "$plies_c"
