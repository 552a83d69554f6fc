/*
 * Helpers for the legal-play suites: a seeded random generator and random
 * self-play positions, so that every run sees the same positions.
 */
#ifndef NT_TEST_BG_MOVEGEN_UTIL_H
#define NT_TEST_BG_MOVEGEN_UTIL_H

#include <stdint.h>
#include <stdlib.h>

#include "test_engine_util.h"

typedef struct tm_rng {
	uint64_t s;
} tm_rng;

/* xorshift64*: small, fast and the same everywhere. */
static inline uint64_t
tm_next(tm_rng *r)
{
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 0x2545f4914f6cdd1dull;
}

static inline int
tm_die(tm_rng *r)
{
	return (int)(tm_next(r) % 6u) + 1;
}

#endif
