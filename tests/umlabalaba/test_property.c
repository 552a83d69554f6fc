/*
 * Properties over random games: the move generator (movegen.c) and the
 * checks (engine.c) are written apart and must agree on every position;
 * generated transcripts must read back to the same game in every layout,
 * through any buffer size.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"
#include "umlabalaba/um_test.h"

static const char *const configs[][2] = {
	{ "gar", "" },
	{ "blac", "" },
	{ "isipowe", "double_mill=per-mill" },
	{ "isisuthu", "centre_mills=any" },
	{ "gar", "protection=forfeit capture=optional" },
	{ "gar", "protection=none flying=off first=W" },
	{ "blac", "full_board=blocked no_shuttle=off" },
	{ "gar", "diagonals=outer diagonal_mills=off repetition=2" },
};

typedef struct listed {
	um_turn turns[4096];
	long n;
} listed;

static void
collect(void *ctx, const um_turn *t)
{
	listed *l = ctx;
	if (l->n < 4096)
		l->turns[l->n++] = *t;
}

static int
is_listed(const listed *l, const um_turn *t)
{
	for (long i = 0; i < l->n; i++) {
		const um_turn *u = &l->turns[i];
		if (u->kind == t->kind && u->from == t->from && u->to == t->to &&
		    u->removed == t->removed && u->ncaps == t->ncaps &&
		    (t->ncaps == 0 || u->caps[0] == t->caps[0]))
			return 1;
	}
	return 0;
}

/* Would um_play accept T here?  Tried on a copy. */
static int
accepted(const um_game *g, const um_turn *t)
{
	um_game copy = *g;
	memset(&copy.history, 0, sizeof copy.history);
	um_verdict v;
	int ok = um_play_turn(&copy, t, 1, &v) == 0;
	um_game_free(&copy);
	return ok;
}

/* Every turn of up to one capture: accepted exactly when listed. */
static void
cross_check(const um_game *g)
{
	static listed l;
	l.n = 0;
	um_each_turn(g, collect, &l);
	/* Check records every passing assertion: assert only on failure here. */
	for (long i = 0; i < l.n; i++)
		if (!accepted(g, &l.turns[i]))
			ck_abort_msg("listed turn refused");
	int points = g->board->points;
	um_turn t;
	for (int kind = UM_PLACE; kind <= UM_REMOVE; kind++)
		for (int from = 0; from <= (kind == UM_MOVE ? points : 0); from++)
			for (int to = 1; to <= points; to++)
				for (int cap = 0; cap <= (kind == UM_REMOVE ? 0 : points); cap++) {
					memset(&t, 0, sizeof t);
					t.kind = kind;
					if (kind == UM_MOVE && from == 0)
						continue;
					t.from = from;
					if (kind == UM_REMOVE)
						t.removed = to;
					else
						t.to = to;
					if (cap) {
						t.caps[0] = cap;
						t.ncaps = 1;
					}
					/* Listed turns with two captures stand apart. */
					int two = 0;
					for (long i = 0; i < l.n; i++)
						two |= l.turns[i].ncaps > 1;
					if (two)
						continue;
					if (accepted(g, &t) != is_listed(&l, &t))
						ck_abort_msg("kind %d %d>%d<%d: checks and "
						             "generator disagree", kind, from, to,
						             cap);
				}
}

static unsigned long long
step(unsigned long long *s)
{
	unsigned long long z = (*s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	return z ^ (z >> 31);
}

START_TEST(generator_and_checks_agree)
{
	um_rules rules;
	um_board board;
	ut_rules(&rules, configs[_i][0], 0, configs[_i][1]);
	um_board_build(&board, &rules);
	unsigned long long seed = 77 + (unsigned long long)_i;
	um_game g;
	um_game_init(&g, &rules, &board);
	static listed l;
	for (long moves = 0; g.result == UM_ONGOING && moves < 120; moves++) {
		/* Every other position keeps the suite quick under sanitizers. */
		if (moves % 2 == _i % 2)
			cross_check(&g);
		l.n = 0;
		um_each_turn(&g, collect, &l);
		if (l.n == 0)
			break;
		um_verdict v;
		ck_assert(um_play_turn(&g, &l.turns[step(&seed) % (unsigned long long)l.n],
		                       moves + 1, &v) == 0);
	}
	um_game_free(&g);
}
END_TEST

START_TEST(generated_games_read_back)
{
	char rule_args[4][64];
	const char *rules[4];
	size_t nrules = 0;
	snprintf(rule_args[nrules], sizeof rule_args[0], "rules=%s", configs[_i][0]);
	rules[nrules] = rule_args[nrules];
	nrules++;
	const char *opts = configs[_i][1];
	while (*opts && nrules < 4) {
		const char *e = strchr(opts, ' ');
		size_t n = e ? (size_t)(e - opts) : strlen(opts);
		snprintf(rule_args[nrules], sizeof rule_args[0], "%.*s", (int)n, opts);
		rules[nrules] = rule_args[nrules];
		nrules++;
		opts += n + (e != NULL);
	}
	for (unsigned long long seed = 1; seed <= 25; seed++) {
		nt_generate_request req = { seed + 100 * (unsigned long long)_i, 1, 0,
		                            0, rules, nrules };
		size_t len;
		char *text = ut_generate(&req, &len);
		ts_result a, b;
		ts_config tiny = { .buffer_size = 64, .read_chunk = 3 };
		ts_check("umlabalaba", "g.umla", text, (size_t)len, NULL, &a);
		ts_check("umlabalaba", "g.umla", text, (size_t)len, &tiny, &b);
		ck_assert_msg(a.ndiags == 0, "%s\n%s", a.diags[0].line, text);
		ck_assert_int_eq(b.ndiags, 0);
		ck_assert_int_eq(a.summary.moves, b.summary.moves);
		ck_assert_str_eq(a.summary.result, b.summary.result);
		ts_free(&a);
		ts_free(&b);
		free(text);
	}
}
END_TEST

/*
 * Spec 3.7: while ilobola is owed, the only turns are removals of the
 * remover's own cows.  The placements of spec 7.5 fill the board.
 */
START_TEST(generator_lists_ilobola_of_own_cows)
{
	static const int fill[24] = {
		1, 2, 3, 5, 4, 7, 6, 9, 8, 11, 10, 13,
		12, 16, 14, 18, 15, 19, 17, 20, 21, 22, 24, 23
	};
	um_rules rules;
	um_board board;
	ut_rules(&rules, "blac", 0, NULL);
	um_board_build(&board, &rules);
	um_game g;
	um_game_init(&g, &rules, &board);
	um_verdict v;
	for (int i = 0; i < 24; i++) {
		um_turn t = { UM_PLACE, 0, fill[i], 0, { 0 }, 0 };
		ck_assert(um_play_turn(&g, &t, i + 1, &v) == 0);
	}
	for (int side = UM_BLACK; side <= UM_WHITE; side++) {
		static listed l;
		l.n = 0;
		ck_assert_int_eq(g.owes_ilobola, side);
		um_each_turn(&g, collect, &l);
		ck_assert_int_eq(l.n, 12);
		for (long i = 0; i < l.n; i++)
			ck_assert(l.turns[i].kind == UM_REMOVE &&
			          (g.cows[side] & UM_BIT(l.turns[i].removed)));
		ck_assert(um_play_turn(&g, &l.turns[0], 25 + side, &v) == 0);
	}
	um_game_free(&g);
}
END_TEST

/*
 * Spec 3.5: under double_mill=per-mill a turn that forms two mills shoots
 * two cows, so every listed B>3 (1-2-3 and 3-11-19) writes two captures.
 */
START_TEST(generator_shoots_once_per_mill)
{
	static const int places[8] = { 1, 4, 2, 6, 11, 8, 19, 12 };
	um_rules rules;
	um_board board;
	ut_rules(&rules, "gar", 0, "double_mill=per-mill");
	um_board_build(&board, &rules);
	um_game g;
	um_game_init(&g, &rules, &board);
	um_verdict v;
	for (int i = 0; i < 8; i++) {
		um_turn t = { UM_PLACE, 0, places[i], 0, { 0 }, 0 };
		ck_assert(um_play_turn(&g, &t, i + 1, &v) == 0);
	}
	static listed l;
	l.n = 0;
	um_each_turn(&g, collect, &l);
	long to3 = 0;
	for (long i = 0; i < l.n; i++) {
		if (l.turns[i].to != 3)
			continue;
		to3++;
		ck_assert_int_eq(l.turns[i].ncaps, 2);
		ck_assert(accepted(&g, &l.turns[i]));
	}
	/* White's four cows, two at a time, in written order. */
	ck_assert_int_eq(to3, 12);
	um_game_free(&g);
}
END_TEST

/*
 * Spec 1.4 and 3.5: with centre_mills=any six mills run through the centre,
 * so under per-mill a cow arriving on 25 can owe six shots.  Black holds
 * 10, 12, 14, 16, 18, 20, 22 and 24; White's eight cows stand in no mill.
 */
typedef struct centre_count {
	const um_game *g;
	long six, fewer, first_refused;
} centre_count;

static void
count_centre_turns(void *ctx, const um_turn *t)
{
	centre_count *c = ctx;
	if (t->to != 25)
		return;
	if (c->six + c->fewer == 0 && !accepted(c->g, t))
		c->first_refused = 1;
	if (t->ncaps == 6)
		c->six++;
	else
		c->fewer++;
}

START_TEST(generator_shoots_six_at_the_centre)
{
	static const int places[16] = {
		18, 1, 22, 3, 24, 5, 20, 7, 10, 9, 12, 11, 14, 13, 16, 15
	};
	um_rules rules;
	um_board board;
	ut_rules(&rules, "isisuthu", 0, "centre_mills=any double_mill=per-mill");
	um_board_build(&board, &rules);
	um_game g;
	um_game_init(&g, &rules, &board);
	um_verdict v;
	for (int i = 0; i < 16; i++) {
		um_turn t;
		memset(&t, 0, sizeof t);
		t.kind = UM_PLACE;
		t.to = places[i];
		ck_assert(um_play_turn(&g, &t, i + 1, &v) == 0);
	}
	centre_count c = { &g, 0, 0, 0 };
	um_each_turn(&g, count_centre_turns, &c);
	/* Six of White's eight cows, in every written order. */
	ck_assert_int_eq(c.six, 8L * 7 * 6 * 5 * 4 * 3);
	ck_assert_int_eq(c.fewer, 0);
	ck_assert_int_eq(c.first_refused, 0);
	um_game_free(&g);
}
END_TEST

/* The side to move made a mill by F>T; from T it can make another mill
 * at a point other than F (an empty neighbour, no flying). */
static int
mill_elsewhere(const um_game *g, int *to)
{
	int side = g->to_move;
	const um_shuttle *mem = &g->shuttle[side];
	if (g->result != UM_ONGOING || g->owes_ilobola != UM_NOBODY ||
	    g->hand[side] != 0 || mem->from == 0 || um_count(g->cows[side]) == 3)
		return 0;
	um_set empty = g->board->all & ~(g->cows[0] | g->cows[1]);
	um_set targets = g->board->adj[mem->to] & empty & ~UM_BIT(mem->from);
	for (int q = 1; q <= g->board->points; q++) {
		if (!(targets & UM_BIT(q)))
			continue;
		um_set after = (g->cows[side] & ~UM_BIT(mem->to)) | UM_BIT(q);
		for (int i = 0; i < g->board->nmills; i++)
			if ((g->board->mills[i].set & UM_BIT(q)) &&
			    (g->board->mills[i].set & after) == g->board->mills[i].set) {
				*to = q;
				return 1;
			}
	}
	return 0;
}

static int
mill_elsewhere_ahead(const um_game *g)
{
	int to;
	return mill_elsewhere(g, &to);
}

typedef struct from_to {
	int from, to, found;
} from_to;

static void
find_from_to(void *ctx, const um_turn *t)
{
	from_to *f = ctx;
	if (t->kind == UM_MOVE && t->from == f->from && t->to == f->to)
		f->found = 1;
}

/* Spec 3.6: only the way straight back to F is banned. */
START_TEST(generator_bans_only_the_way_back)
{
	static ut_found f;
	ck_assert(ut_find("gar", 0, NULL, mill_elsewhere_ahead, &f));
	from_to want = { f.game.shuttle[f.game.to_move].to, 0, 0 };
	ck_assert(mill_elsewhere(&f.game, &want.to));
	um_each_turn(&f.game, find_from_to, &want);
	ck_assert(want.found);
}
END_TEST

/* A long game (tens of thousands of moves) through a tiny buffer. */
START_TEST(a_long_game_through_a_tiny_buffer)
{
	const char *rules[] = { "draw3=off" };
	nt_generate_request req = { 5, 1, 40000, 1, rules, 1 };
	size_t len;
	char *text = ut_generate(&req, &len);
	ts_result r;
	ts_config tiny = { .buffer_size = 64, .read_chunk = 61 };
	ts_check("umlabalaba", "long.umla", text, (size_t)len, &tiny, &r);
	ck_assert_int_eq(r.ndiags, 0);
	ck_assert_int_eq(r.summary.moves, 40000);
	ck_assert_str_eq(r.summary.result, "*");
	ts_free(&r);
	free(text);
}
END_TEST

Suite *
umlabalaba_property_suite(void)
{
	Suite *s = suite_create("umlabalaba-property");
	TCase *tc = tcase_create("random-games");
	tcase_set_timeout(tc, 120);
	int n = (int)(sizeof configs / sizeof configs[0]);
	tcase_add_loop_test(tc, generator_and_checks_agree, 0, n);
	tcase_add_loop_test(tc, generated_games_read_back, 0, n);
	tcase_add_test(tc, a_long_game_through_a_tiny_buffer);
	tcase_add_test(tc, generator_lists_ilobola_of_own_cows);
	tcase_add_test(tc, generator_shoots_once_per_mill);
	tcase_add_test(tc, generator_shoots_six_at_the_centre);
	tcase_add_test(tc, generator_bans_only_the_way_back);
	suite_add_tcase(s, tc);
	return s;
}
