/*
 * Self-played games for the property tests, keeping every position along
 * the way (notate generate, src/games/bao/generate.c, writes the games of
 * the benchmark; its records are tested too).  Moves are
 * drawn from the engine's legal moves with a seeded generator, so a seed
 * always gives the same game.  Moves that end the game are mostly passed
 * over while there are others, so that games reach the mtaji stage and
 * its takasias instead of ending early by bao hamna.
 */
#include "bao/bao_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
bt_rng_seed(bt_rng *r, unsigned long long seed)
{
	r->s = seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL;
	if (r->s == 0)
		r->s = 1;
}

unsigned
bt_rng_below(bt_rng *r, unsigned n)
{
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	unsigned long long x = r->s * 0x2545F4914F6CDD1DULL;
	return (unsigned)((x >> 32) % n);
}

typedef struct buf {
	char *s;
	size_t len, cap;
	size_t line;      /* bytes on the current line */
} buf;

static void
buf_put(buf *b, const char *text)
{
	size_t n = strlen(text);
	if (b->len + n + 2 > b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 4096;
		while (cap < b->len + n + 2)
			cap *= 2;
		char *s = realloc(b->s, cap);
		if (s == NULL)
			abort();
		b->s = s;
		b->cap = cap;
	}
	memcpy(b->s + b->len, text, n + 1);
	b->len += n;
}

/* Words separated by spaces, lines kept under 78 characters. */
static void
buf_word(buf *b, const char *w)
{
	size_t n = strlen(w);
	if (b->line > 0 && b->line + 1 + n > 78) {
		buf_put(b, "\n");
		b->line = 0;
	} else if (b->line > 0) {
		buf_put(b, " ");
		b->line++;
	}
	buf_put(b, w);
	b->line += n;
}

long
bt_selfplay(unsigned long long seed, long max_plies, char **out,
            bao_pos *start)
{
	bao_rules r;
	bao_rules_default(&r);
	bt_rng rng;
	bt_rng_seed(&rng, seed);
	bao_pos p;
	bao_pos_initial(&p);
	buf moves = { NULL, 0, 0, 0 };
	bao_legal *legal = malloc(BAO_MAX_MOVES * sizeof *legal);
	if (legal == NULL)
		abort();
	long plies = 0;
	int over = BAO_ONGOING, winner = -1;
	if (start)
		start[0] = p;
	while (over == BAO_ONGOING && plies < max_plies) {
		int n = bao_generate(&r, &p, legal);
		if (n == 0)
			break;
		const bao_legal *l = &legal[bt_rng_below(&rng, (unsigned)n)];
		for (int tries = 0; l->over != BAO_ONGOING && tries < 8; tries++)
			l = &legal[bt_rng_below(&rng, (unsigned)n)];
		char tok[BAO_TOKEN_TEXT], num[32];
		plies++;
		if (p.side == BAO_SOUTH) {
			snprintf(num, sizeof num, "%ld.", (plies + 1) / 2);
			buf_word(&moves, num);
		}
		bao_token_format(&l->move, l->annotation, l->over != BAO_ONGOING, tok);
		buf_word(&moves, tok);
		p = l->after;
		over = l->over;
		winner = l->winner;
		if (start)
			start[plies] = p;
	}
	free(legal);
	const char *result = over == BAO_ONGOING ? "*"
	                     : winner == BAO_SOUTH ? "1-0" : "0-1";
	buf_word(&moves, result);
	buf text = { NULL, 0, 0, 0 };
	char head[256];
	snprintf(head, sizeof head,
	         "[Game \"Bao la Kiswahili\"]\n[Event \"Self-play %llu\"]\n"
	         "[Rules \"bao-kiswahili-1\"]\n[Result \"%s\"]\n", seed, result);
	buf_put(&text, head);
	if (over != BAO_ONGOING) {
		snprintf(head, sizeof head, "[Termination \"%s\"]\n",
		         over == BAO_HAMNA ? "hamna" : "immobile");
		buf_put(&text, head);
	}
	snprintf(head, sizeof head, "[Plies \"%ld\"]\n\n", plies);
	buf_put(&text, head);
	buf_put(&text, moves.s);
	buf_put(&text, "\n");
	free(moves.s);
	*out = text.s;
	return plies;
}
