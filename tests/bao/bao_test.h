/*
 * Helpers shared by the Bao suites: positions from BaoPOS strings, legal
 * moves looked up by their token, and self-played games (selfplay.c).
 */
#ifndef NT_BAO_TEST_H
#define NT_BAO_TEST_H

#include <stddef.h>

#include "games/bao/bao.h"

/* A deterministic generator with no global state (xorshift64*). */
typedef struct bt_rng {
	unsigned long long s;
} bt_rng;

void bt_rng_seed(bt_rng *r, unsigned long long seed);
unsigned bt_rng_below(bt_rng *r, unsigned n);

/* Parses TEXT or fails the test. */
void bt_pos(bao_pos *p, const char *text);
/* The BaoPOS of P (static buffer per call site is not allowed: OUT). */
const char *bt_fmt(const bao_pos *p, char out[BAO_POS_TEXT]);

/* Legal moves of TEXT under R (default rules when NULL). */
int bt_legal(const bao_rules *r, const char *text, bao_legal out[BAO_MAX_MOVES]);
/* The canonical tokens of the legal moves, space-separated, into OUT. */
const char *bt_tokens(const bao_rules *r, const char *text, char *out,
                      size_t size);
/* The legal move written TOKEN (pit, sign and '+'), or NULL. */
const bao_legal *bt_find(const bao_legal *l, int n, const char *token);

/*
 * The verdict of the move TOKEN (strict, suffixes ignored) in TEXT: a
 * code of enum bao_code, with AFTER and OUTCOME when it is legal.
 */
int bt_judge(const bao_rules *r, const char *text, const char *token,
             bao_pos *after, bao_outcome *outcome);

/*
 * Writes one self-played game as a canonical .bao transcript into OUT
 * (malloc'd, NUL-terminated); returns its number of plies.  The moves are
 * drawn from bao_generate() with the generator seeded by SEED.  When
 * START is not NULL it receives the position of every ply (START[0] the
 * initial one) up to MAX_PLIES.
 */
long bt_selfplay(unsigned long long seed, long max_plies, char **out,
                 bao_pos *start);

#endif
