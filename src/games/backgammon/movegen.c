/*
 * Legal plays (spec 2.3): the number of dice a roll must use, every position
 * a legal play reaches, and the stable order `notate moves` prints them in.
 *
 * The replay asks bg_max_dice for every roll, so it is written to stop at
 * the first full-length sequence it finds and allocates nothing.  Full
 * enumeration (bg_legal_plays) is for `moves`, the tests and rare paths.
 */
#include <string.h>

#include "games/backgammon/engine_int.h"

/*
 * Whether the mover (highest checker on TOP) may move a checker from FROM,
 * where he has one, by DIE against the opponent OP: checks 3 to 5 of 2.2.
 * The caller applies check 2 (bar first) by only offering the bar while a
 * checker is on it.
 */
static inline int
can_step(const unsigned char *op, int top, int from, int die)
{
	int to = from - die;
	if (to >= 1)
		return op[25 - to] < 2;
	if (top > 6)
		return 0;
	return to == 0 || top <= from;
}

/* The lowest starting point to try: only the bar while a checker is on it. */
static inline int
lowest_source(const unsigned char *me)
{
	return me[BG_BAR] != 0 ? BG_BAR : 1;
}

static int
any_step(const bg_pos *pos, int mover, int die)
{
	const unsigned char *me = pos->n[mover];
	const unsigned char *op = pos->n[1 - mover];
	int top = bg_highest(me);
	for (int from = top; from >= lowest_source(me); from--)
		if (me[from] != 0 && can_step(op, top, from, die))
			return 1;
	return 0;
}

/* Whether some legal step with A can be followed by a legal step with B. */
static int
two_steps(const bg_pos *pos, int mover, int a, int b)
{
	const unsigned char *me = pos->n[mover];
	const unsigned char *op = pos->n[1 - mover];
	int top = bg_highest(me);
	for (int from = top; from >= lowest_source(me); from--) {
		if (me[from] == 0 || !can_step(op, top, from, a))
			continue;
		bg_pos next = *pos;
		bg_step_make(&next, mover, from, a);
		if (any_step(&next, mover, b))
			return 1;
	}
	return 0;
}

/* The most steps of DIE (up to LEFT) playable, starting no higher than MAXFROM. */
static int
double_depth(const bg_pos *pos, int mover, int die, int maxfrom, int left)
{
	const unsigned char *me = pos->n[mover];
	const unsigned char *op = pos->n[1 - mover];
	int top = bg_highest(me);
	int best = 0;
	if (maxfrom > top)
		maxfrom = top;
	for (int from = maxfrom; from >= lowest_source(me); from--) {
		if (me[from] == 0 || !can_step(op, top, from, die))
			continue;
		if (left == 1)
			return 1;
		bg_pos next = *pos;
		bg_step_make(&next, mover, from, die);
		int d = 1 + double_depth(&next, mover, die, from, left - 1);
		if (d == left)
			return d;
		if (d > best)
			best = d;
	}
	return best;
}

int
bg_max_dice(const bg_pos *pos, int mover, int die1, int die2)
{
	if (die1 == die2)
		return double_depth(pos, mover, die1, BG_BAR, 4);
	if (two_steps(pos, mover, die1, die2) || two_steps(pos, mover, die2, die1))
		return 2;
	return any_step(pos, mover, die1) || any_step(pos, mover, die2) ? 1 : 0;
}

/* ------------------------------------------------------------ enumeration */

typedef struct walk {
	int mover;
	bg_visit_fn fn;
	void *ctx;
	bg_step steps[4];
} walk;

static int
walk_double(walk *w, const bg_pos *pos, int die, int maxfrom, int depth,
            int n)
{
	const unsigned char *me = pos->n[w->mover];
	const unsigned char *op = pos->n[1 - w->mover];
	int top = bg_highest(me);
	if (maxfrom > top)
		maxfrom = top;
	for (int from = maxfrom; from >= lowest_source(me); from--) {
		if (me[from] == 0 || !can_step(op, top, from, die))
			continue;
		bg_pos next = *pos;
		bg_step *s = &w->steps[depth];
		s->from = (unsigned char)from;
		s->to = (unsigned char)(from > die ? from - die : 0);
		s->die = (unsigned char)die;
		s->hit = (unsigned char)bg_step_make(&next, w->mover, from, die);
		int stop = depth + 1 == n
			? w->fn(w->ctx, &next, w->steps, n)
			: walk_double(w, &next, die, from, depth + 1, n);
		if (stop)
			return 1;
	}
	return 0;
}

/* Every legal step with DIE from POS; with SECOND nonzero, then every legal
 * step with SECOND after it. */
static int
walk_single(walk *w, const bg_pos *pos, int die, int second, int depth)
{
	const unsigned char *me = pos->n[w->mover];
	const unsigned char *op = pos->n[1 - w->mover];
	int top = bg_highest(me);
	for (int from = top; from >= lowest_source(me); from--) {
		if (me[from] == 0 || !can_step(op, top, from, die))
			continue;
		bg_pos next = *pos;
		bg_step *s = &w->steps[depth];
		s->from = (unsigned char)from;
		s->to = (unsigned char)(from > die ? from - die : 0);
		s->die = (unsigned char)die;
		s->hit = (unsigned char)bg_step_make(&next, w->mover, from, die);
		int stop = second != 0
			? walk_single(w, &next, second, 0, depth + 1)
			: w->fn(w->ctx, &next, w->steps, depth + 1);
		if (stop)
			return 1;
	}
	return 0;
}

int
bg_each_legal_play(const bg_pos *pos, int mover, int die1, int die2, int n,
                   bg_visit_fn fn, void *ctx)
{
	walk w = { .mover = mover, .fn = fn, .ctx = ctx };
	if (n <= 0)
		return 0;
	if (die1 == die2)
		return walk_double(&w, pos, die1, BG_BAR, 0, n);
	if (n == 2)
		return walk_single(&w, pos, die1, die2, 0) ||
		       walk_single(&w, pos, die2, die1, 0);
	int hi = die1 > die2 ? die1 : die2;
	int lo = die1 > die2 ? die2 : die1;
	return walk_single(&w, pos, any_step(pos, mover, hi) ? hi : lo, 0, 0);
}

/* --------------------------------------------------------- the play list */

#define SLOTS (2 * BG_MAX_PLAYS)

static unsigned
pos_hash(const bg_pos *pos)
{
	/* FNV-1a over the 52 counts. */
	const unsigned char *b = &pos->n[0][0];
	unsigned h = 2166136261u;
	for (size_t i = 0; i < sizeof pos->n; i++) {
		h ^= b[i];
		h *= 16777619u;
	}
	return h;
}

static int
record_play(void *ctx, const bg_pos *after, const bg_step *steps, int n)
{
	bg_playlist *list = ctx;
	unsigned i = pos_hash(after) & (SLOTS - 1);
	while (list->slot[i] != 0) {
		if (bg_pos_equal(&list->plays[list->slot[i] - 1].after, after))
			return 0;
		i = (i + 1) & (SLOTS - 1);
	}
	if (list->count == BG_MAX_PLAYS)
		return 1;   /* cannot happen: see the bound test */
	bg_play *p = &list->plays[list->count];
	p->after = *after;
	p->nsteps = (unsigned char)n;
	memcpy(p->steps, steps, (size_t)n * sizeof *steps);
	list->slot[i] = (unsigned short)(++list->count);
	return 0;
}

int
bg_legal_plays(const bg_pos *pos, int mover, int die1, int die2,
               bg_playlist *list)
{
	list->max_dice = bg_max_dice(pos, mover, die1, die2);
	list->count = 0;
	memset(list->slot, 0, sizeof list->slot);
	bg_each_legal_play(pos, mover, die1, die2, list->max_dice, record_play,
	                   list);
	return list->count;
}
