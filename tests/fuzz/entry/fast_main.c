/*
 * The fast libFuzzer targets: `make fuzz-build` (and, for the campaign,
 * `make SANITIZE=fuzz-fast fuzz-fast-build`) builds this once per reader
 * with -DFUZZ_READER="name" (umla, pgn, mat, sgf, xg, bao).  Each input is
 * parsed and replayed once; the differential checks are the harness
 * targets of fuzz_main.c.  The text readers (-DFUZZ_MOVES) alternate
 * libFuzzer's byte mutations with changes at the level of moves
 * (tests/fuzz/mutate.c).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "fuzz/harness.h"
#include "fuzz/mutate.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *__asan_default_options(void);

/*
 * ASan's default quarantine (256 MB) keeps every freed input buffer (64 KB
 * a check) out of reuse: the RSS grew past 256 MB within a minute and each
 * execution touched fresh pages.  4 MB still catches a use after free
 * within the same input, which is where one would be; one frame of
 * malloc context is enough to find the input, which make check SANITIZE=1
 * replays with whole stacks.
 */
const char *
__asan_default_options(void)
{
	return "quarantine_size_mb=4:malloc_context_size=1";
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
#ifdef __GLIBC__
	/*
	 * zlib's deflate and inflate states (the XG target compresses each
	 * input into a container, the reader inflates it) are above glibc's
	 * mmap threshold: each execution mapped, zeroed and unmapped them,
	 * and page faults were the largest single cost.  Kept on the heap,
	 * they are reused.
	 */
	mallopt(M_MMAP_THRESHOLD, 64 << 20);
	mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
	if (nt_fuzz_fast(FUZZ_READER, (const uint8_t *)"", 0) != 0) {
		fprintf(stderr, "fuzz: no reader '%s'\n", FUZZ_READER);
		exit(2);
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	nt_fuzz_fast(FUZZ_READER, data, size);
	return 0;
}

#ifdef FUZZ_MOVES
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed);

/*
 * Half the mutations change moves, so that most inputs stay nearly legal
 * and reach deep rules; the other half are libFuzzer's, which find what
 * the lexers make of bytes no scribe writes.
 */
size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                        unsigned int seed)
{
	size_t n = seed % 2 ? nt_fuzz_mutate_moves(data, size, max_size, seed) : 0;
	return n ? n : LLVMFuzzerMutate(data, size, max_size);
}
#endif
