/*
 * Listing every legal turn.  Written apart from the checks in engine.c, from
 * the rules of spec section 3, so that each can test the other: every listed
 * turn must be accepted by um_play, and random games built from this list
 * must replay as written.
 */
#include "games/umlabalaba/um.h"

#include <stdio.h>
#include <string.h>

typedef struct gen {
	const um_game *g;
	um_turn_fn fn;
	void *ctx;
	long count;
} gen;

static int
holds_mill_at(const um_board *b, um_set cows, int p)
{
	int n = 0;
	for (int k = 0; k < b->nthrough[p]; k++) {
		um_set m = b->mills[b->through[p][k]].set;
		n += (m & cows) == m;
	}
	return n;
}

/* Opposing cows that may be shot on this board (spec 3.5). */
static um_set
shootable(const um_game *g, const um_set cows[2], int victim)
{
	um_set in_mill = 0;
	for (int i = 0; i < g->board->nmills; i++)
		if ((g->board->mills[i].set & cows[victim]) == g->board->mills[i].set)
			in_mill |= g->board->mills[i].set;
	um_set outside = cows[victim] & ~in_mill;
	switch (g->rules->protection) {
	case UM_PROTECT_GAR:
		return outside ? outside : cows[victim];
	case UM_PROTECT_FORFEIT:
		return outside;
	default:
		return cows[victim];
	}
}

static void
emit(gen *s, const um_turn *t)
{
	s->count++;
	if (s->fn)
		s->fn(s->ctx, t);
}

/* Every way to write the captures owed (or allowed) after the cow arrived. */
static void
captures(gen *s, um_turn *t, um_set cows[2], int allowed)
{
	int victim = !s->g->to_move;
	um_set can = shootable(s->g, cows, victim);
	int mandatory = s->g->rules->capture_mandatory;
	if (!mandatory || t->ncaps == allowed || can == 0)
		emit(s, t);
	if (t->ncaps == allowed)
		return;
	for (int p = 1; p <= s->g->board->points; p++) {
		if (!(can & UM_BIT(p)))
			continue;
		cows[victim] &= ~UM_BIT(p);
		t->caps[t->ncaps++] = p;
		captures(s, t, cows, allowed);
		t->ncaps--;
		cows[victim] |= UM_BIT(p);
	}
}

static void
arrive(gen *s, int from, int to)
{
	const um_game *g = s->g;
	int side = g->to_move;
	um_set cows[2] = { g->cows[0], g->cows[1] };
	if (from)
		cows[side] &= ~UM_BIT(from);
	cows[side] |= UM_BIT(to);
	int formed = holds_mill_at(g->board, cows[side], to);
	/* The shuttle: straight back from T to F, remaking a mill at F. */
	const um_shuttle *mem = &g->shuttle[side];
	if (from && g->rules->no_shuttle && mem->from && from == mem->to &&
	    to == mem->from && formed)
		return;
	um_turn t;
	memset(&t, 0, sizeof t);
	t.kind = from ? UM_MOVE : UM_PLACE;
	t.from = from;
	t.to = to;
	if (formed == 0) {
		emit(s, &t);
		return;
	}
	int allowed = g->rules->double_mill_per_mill ? formed : 1;
	if (allowed > UM_MAX_CAPTURES)
		allowed = UM_MAX_CAPTURES;
	captures(s, &t, cows, allowed);
}

long
um_each_turn(const um_game *g, um_turn_fn fn, void *ctx)
{
	gen s = { g, fn, ctx, 0 };
	if (g->result != UM_ONGOING)
		return 0;
	int side = g->to_move;
	um_set empty = g->board->all & ~(g->cows[0] | g->cows[1]);
	if (g->owes_ilobola != UM_NOBODY) {
		for (int p = 1; p <= g->board->points; p++) {
			if (!(g->cows[side] & UM_BIT(p)))
				continue;
			um_turn t;
			memset(&t, 0, sizeof t);
			t.kind = UM_REMOVE;
			t.removed = p;
			emit(&s, &t);
		}
		return s.count;
	}
	if (g->hand[side] > 0) {
		for (int q = 1; q <= g->board->points; q++)
			if (empty & UM_BIT(q))
				arrive(&s, 0, q);
		return s.count;
	}
	int fly = g->rules->flying && um_count(g->cows[side]) == 3;
	for (int p = 1; p <= g->board->points; p++) {
		if (!(g->cows[side] & UM_BIT(p)))
			continue;
		um_set to = fly ? empty : g->board->adj[p] & empty;
		for (int q = 1; q <= g->board->points; q++)
			if (to & UM_BIT(q))
				arrive(&s, p, q);
	}
	return s.count;
}

static void
put_point(char *out, size_t size, size_t *o, int p, int electronic)
{
	int n = snprintf(out + *o, size - *o, electronic ? "%02d" : "%d", p);
	if (n > 0 && (size_t)n < size - *o)
		*o += (size_t)n;
}

static void
put_text(char *out, size_t size, size_t *o, const char *text)
{
	int n = snprintf(out + *o, size - *o, "%s", text);
	if (n > 0 && (size_t)n < size - *o)
		*o += (size_t)n;
}

void
um_format_turn(const um_turn *t, int side, long number, int electronic,
               int spaced, char *out, size_t size)
{
	size_t o = 0;
	const char *gap = spaced ? " " : "";
	out[0] = '\0';
	if (number > 0) {
		char num[24];
		snprintf(num, sizeof num, "%ld", number);
		put_text(out, size, &o, num);
	}
	put_text(out, size, &o, side == UM_BLACK ? "B" : "W");
	if (t->kind == UM_REMOVE) {
		put_text(out, size, &o, gap);
		put_text(out, size, &o, "<");
		put_text(out, size, &o, gap);
		put_point(out, size, &o, t->removed, electronic);
		return;
	}
	if (t->kind == UM_MOVE)
		put_point(out, size, &o, t->from, electronic);
	put_text(out, size, &o, gap);
	put_text(out, size, &o, ">");
	put_text(out, size, &o, gap);
	put_point(out, size, &o, t->to, electronic);
	for (int i = 0; i < t->ncaps; i++) {
		put_text(out, size, &o, gap);
		put_text(out, size, &o, "<");
		put_text(out, size, &o, gap);
		put_point(out, size, &o, t->caps[i], electronic);
	}
}

int
um_play_turn(um_game *g, const um_turn *t, long index, um_verdict *v)
{
	um_move m;
	char text[UM_MOVE_TEXT];
	memset(&m, 0, sizeof m);
	m.side = g->to_move;
	m.kind = t->kind;
	m.from = t->from;
	m.to = t->to;
	m.removed = t->removed;
	m.ncaps = t->ncaps;
	for (int i = 0; i < t->ncaps; i++)
		m.caps[i] = t->caps[i];
	um_format_turn(t, m.side, 0, 0, 0, text, sizeof text);
	m.text = text;
	m.index = index;
	m.loc.line = m.loc.col = 1;
	return um_play(g, &m, v);
}
