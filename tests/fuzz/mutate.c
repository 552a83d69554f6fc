/*
 * The move-level mutator: the record is cut into words (runs of non-blank
 * bytes) and rows (lines); a mutation rebuilds it with one word or row
 * changed, moved, dropped or repeated.  Byte-level mutation is libFuzzer's
 * (the fast targets alternate the two).
 */
#include "fuzz/mutate.h"

#include <stdlib.h>
#include <string.h>

#define MAX_SPANS 4096

typedef struct span {
	size_t at, len;
} span;

typedef struct cut {
	span word[MAX_SPANS], row[MAX_SPANS];
	size_t nword, nrow;
} cut;

static unsigned
next(unsigned *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static int
blank(uint8_t c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Words outside tag lines, and every row with its line end. */
static void
cut_record(const uint8_t *d, size_t size, cut *c)
{
	c->nword = c->nrow = 0;
	size_t i = 0;
	while (i < size && c->nrow < MAX_SPANS) {
		size_t start = i;
		while (i < size && d[i] != '\n')
			i++;
		if (i < size)
			i++;
		if (d[start] == '[')
			continue;
		c->row[c->nrow++] = (span){ start, i - start };
		for (size_t j = start; j < i && c->nword < MAX_SPANS;) {
			while (j < i && blank(d[j]))
				j++;
			size_t w = j;
			while (j < i && !blank(d[j]))
				j++;
			if (j > w)
				c->word[c->nword++] = (span){ w, j - w };
		}
	}
}

/* OUT gets IN with [at, at + len) replaced by REP; 0 when it will not fit. */
static size_t
splice(uint8_t *out, size_t max, const uint8_t *in, size_t size, size_t at,
       size_t len, const uint8_t *rep, size_t rlen)
{
	size_t n = size - len + rlen;
	if (n > max || n == 0)
		return 0;
	memcpy(out, in, at);
	if (rlen > 0)
		memcpy(out + at, rep, rlen);
	memcpy(out + at + rlen, in + at + len, size - at - len);
	return n;
}

/* Tokens a record may hold in place of a move: cube actions, results. */
static const char *const actions[] = {
	"Doubles => 2", "Takes", "Drops", "Wins 1 point", "Wins 2 points",
	"no play", "bar/20", "25/off", "6/off", "13/11*", "(2)", "*",
	"1-0", "0-1", "1/2-1/2", "...",
};

/* A word with one change of its own: a digit, a mark, a direction. */
static size_t
change_word(uint8_t *w, size_t len, size_t room, unsigned *s)
{
	size_t k = next(s) % len;
	switch (next(s) % 4) {
	case 0:
		for (size_t t = 0; t < len; t++, k = (k + 1) % len)
			if (w[k] >= '0' && w[k] <= '9') {
				w[k] = (uint8_t)('0' + next(s) % 10);
				return len;
			}
		return 0;
	case 1:
		if (w[len - 1] == '*' || w[len - 1] == '+')
			return len - 1;
		if (len >= room)
			return 0;
		w[len] = next(s) % 2 ? '*' : '+';
		return len + 1;
	case 2:
		for (size_t t = 0; t < len; t++, k = (k + 1) % len)
			if (w[k] == '<' || w[k] == '>') {
				w[k] = w[k] == '<' ? '>' : '<';
				return len;
			}
		return 0;
	default:
		if (len + 2 >= room)
			return 0;
		memmove(w + k + 1, w + k, len - k);
		w[k] = next(s) % 2 ? 'x' : '/';
		return len + 1;
	}
}

static size_t
mutate_cut(uint8_t *out, size_t max, const uint8_t *in, size_t size,
           const cut *c, unsigned *s)
{
	uint8_t word[64];
	const span *a = &c->word[next(s) % (c->nword ? c->nword : 1)];
	const span *b = &c->word[next(s) % (c->nword ? c->nword : 1)];
	const span *r = &c->row[next(s) % c->nrow];
	switch (next(s) % 6) {
	case 0: /* a row dropped */
		return splice(out, max, in, size, r->at, r->len, NULL, 0);
	case 1: /* a row written twice */
		return splice(out, max, in, size, r->at, 0, in + r->at, r->len);
	case 2: { /* a cube action or a result in a move's place */
		const char *t = actions[next(s) % (sizeof actions / sizeof *actions)];
		if (c->nword == 0)
			return 0;
		return splice(out, max, in, size, a->at, a->len,
		              (const uint8_t *)t, strlen(t));
	}
	case 3: /* one move in another's place */
		if (c->nword == 0)
			return 0;
		return splice(out, max, in, size, a->at, a->len, in + b->at, b->len);
	case 4: { /* two moves swapped */
		if (c->nword < 2 || a->at == b->at)
			return 0;
		const span *x = a->at < b->at ? a : b, *y = a->at < b->at ? b : a;
		if (size > max)
			return 0;
		size_t n = 0;
		memcpy(out, in, x->at);
		n = x->at;
		memcpy(out + n, in + y->at, y->len);
		n += y->len;
		memcpy(out + n, in + x->at + x->len, y->at - x->at - x->len);
		n += y->at - x->at - x->len;
		memcpy(out + n, in + x->at, x->len);
		n += x->len;
		memcpy(out + n, in + y->at + y->len, size - y->at - y->len);
		return size;
	}
	default: { /* a die, a point, a capture, a direction changed */
		if (c->nword == 0 || a->len >= sizeof word - 2)
			return 0;
		memcpy(word, in + a->at, a->len);
		size_t n = change_word(word, a->len, sizeof word, s);
		if (n == 0)
			return 0;
		return splice(out, max, in, size, a->at, a->len, word, n);
	}
	}
}

size_t
nt_fuzz_mutate_moves(uint8_t *data, size_t size, size_t max, unsigned seed)
{
	if (size == 0 || size > max)
		return 0;
	cut *c = malloc(sizeof *c);
	uint8_t *in = malloc(size);
	size_t n = 0;
	if (c != NULL && in != NULL) {
		memcpy(in, data, size);
		cut_record(in, size, c);
		unsigned s = seed ? seed : 0x9E3779B9u;
		for (int tries = 0; n == 0 && c->nrow > 0 && tries < 8; tries++)
			n = mutate_cut(data, max, in, size, c, &s);
		if (n == 0)
			memcpy(data, in, size);
	}
	free(c);
	free(in);
	return n;
}
