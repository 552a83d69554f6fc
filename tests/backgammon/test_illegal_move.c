/*
 * bg-illegal-move (spec 5.4, step 5) is the verdict for a play that
 * executes with every die it may use but reaches no position a legal play
 * reaches.  With a move generator that agrees with the step checks no play
 * gets it (2.3: an executing sequence of n steps is a legal play), so the
 * legal rules cannot produce it; the replay is given a judge whose move
 * generator says too few dice can be played, and must report what that
 * judge finds as any rule error: the cell's span, the catalogue's severity
 * and the spec's code, and nothing more of the game.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/backgammon/engine_int.h"
#include "games/backgammon/replay.h"

typedef struct seen {
	int n;
	nt_diag first;
	char code[48];
	char message[NT_MSG_MAX];
} seen;

static void
on_diag(void *user, const nt_diag *d)
{
	seen *s = user;
	if (s->n++ > 0)
		return;
	s->first = *d;
	snprintf(s->code, sizeof s->code, "%s", d->code);
	snprintf(s->message, sizeof s->message, "%s", d->message);
}

/* The engine's search, told that only two of a double's four steps can
   be played when all four can. */
static bg_verdict
doubles_halved(const bg_pos *before, int mover, const bg_roll *roll,
               int strict, bg_judgement *j)
{
	int n = bg_max_dice(before, mover, roll->die1, roll->die2);
	return bg_judge_search_with(before, mover, roll, n == 4 ? 2 : n, strict,
	                            j);
}

/* A roll cell of LINE (from column 6) with the hops 24/18 24/18 13/7 13/7. */
static void
sixes(bg_cell *c, int side, unsigned long line, const char *text)
{
	static const bg_hop hops[4] = {
		{ 24, 18, 0 }, { 24, 18, 0 }, { 13, 7, 0 }, { 13, 7, 0 }
	};
	memset(c, 0, sizeof *c);
	c->kind = BG_CELL_ROLL;
	c->side = side;
	c->loc.line = c->end.line = line;
	c->loc.col = side == 0 ? 6 : 34;
	c->end.col = c->loc.col + strlen(text) - 1;
	c->dcol = c->loc.col;
	c->d1 = c->d2 = 6;
	c->play = BG_PLAY_HOPS;
	c->nhops = 4;
	memcpy(c->hops, hops, sizeof hops);
	c->value = -1;
	snprintf(c->text, sizeof c->text, "%s", text);
	c->text_len = strlen(text);
}

static void
run_game(bg_verdict (*judge)(const bg_pos *, int, const bg_roll *, int,
                             bg_judgement *), seen *s)
{
	nt_options opts;
	memset(&opts, 0, sizeof opts);
	nt_summary sum;
	memset(&sum, 0, sizeof sum);
	nt_handler h = { .on_diag = on_diag, .user = s };
	nt_run run;
	memset(&run, 0, sizeof run);
	run.opts = &opts;
	nt_reporter_init(&run.rep, &h, "t", &sum, 0);
	bg_replay *rp = malloc(sizeof *rp);
	ck_assert_ptr_nonnull(rp);
	bg_replay_init(rp, &run, NULL);
	rp->judge = judge;
	bg_replay_match(rp, 0);
	nt_loc at = { 3, 2 }, end = { 3, 7 };
	bg_replay_game_begin(rp, at);
	bg_replay_game_line(rp, 1, at, end);
	const char *names[2] = { "Ann", "Bob" };
	size_t lens[2] = { 3, 3 };
	long scores[2] = { 0, 0 };
	nt_loc sat = { 4, 2 }, send = { 4, 40 };
	bg_replay_score_line(rp, names, lens, scores, sat, send);
	/* Ann opens 6-5 (no double at the start), then Bob rolls sixes. */
	bg_cell c;
	memset(&c, 0, sizeof c);
	static const bg_hop opening[2] = { { 24, 18, 0 }, { 18, 13, 0 } };
	c.kind = BG_CELL_ROLL;
	c.loc.line = c.end.line = 5;
	c.loc.col = c.dcol = 6;
	c.end.col = 17;
	c.d1 = 6;
	c.d2 = 5;
	c.play = BG_PLAY_HOPS;
	c.nhops = 2;
	memcpy(c.hops, opening, sizeof opening);
	c.value = -1;
	snprintf(c.text, sizeof c.text, "6-5: 24/13");
	c.text_len = strlen(c.text);
	bg_replay_cell(rp, &c);
	sixes(&c, 1, 5, "6-6: 24/18(2) 13/7(2)");
	bg_replay_cell(rp, &c);
	bg_replay_game_end(rp, 0);
	free(rp);
}

START_TEST(a_play_no_legal_play_reaches_is_bg_illegal_move)
{
	seen s;
	memset(&s, 0, sizeof s);
	run_game(doubles_halved, &s);
	/* Bob's sixes are the first play the wrong generator refuses. */
	ck_assert_int_eq(s.n, 1);
	ck_assert_str_eq(s.code, "bg-illegal-move");
	ck_assert_int_eq(s.first.severity, NT_SEV_ERROR);
	ck_assert_str_eq(s.message, "'6-6: 24/18(2) 13/7(2)': no legal play for "
	                 "6-6 reaches this position");
	ck_assert_uint_eq(s.first.begin.line, 5);
	ck_assert_uint_eq(s.first.begin.col, 34);
	ck_assert_uint_eq(s.first.end.col, 54);
	/* The engine's own judge finds the same game legal up to its end
	   (an unfinished money game: no result is owed). */
	memset(&s, 0, sizeof s);
	run_game(NULL, &s);
	ck_assert_int_eq(s.n, 0);
}
END_TEST

Suite *
backgammon_illegal_move_suite(void)
{
	Suite *s = suite_create("backgammon-illegal-move");
	TCase *tc = tcase_create("fallback");
	tcase_add_test(tc, a_play_no_legal_play_reaches_is_bg_illegal_move);
	suite_add_tcase(s, tc);
	return s;
}
