/*
 * The libFuzzer entry point; `make fuzz` builds it once per game with
 * -DFUZZ_GAME="name" (clang -fsanitize=fuzzer,address,undefined) and runs it
 * once per target: NT_FUZZ_TARGET=check (check, lint, stats, show), fmt, or
 * a convert form.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz/harness.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Set once before fuzzing starts; this program is not the library. */
static const char *target = "check";

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	const char *t = getenv("NT_FUZZ_TARGET");
	if (t != NULL && *t)
		target = t;
	if (nt_fuzz_one(FUZZ_GAME, target, (const uint8_t *)"", 0) != 0) {
		fprintf(stderr, "fuzz: %s has no target '%s'\n", FUZZ_GAME, target);
		exit(2);
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	nt_fuzz_one(FUZZ_GAME, target, data, size);
	return 0;
}
