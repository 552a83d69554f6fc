/* One run over one input: parse, replay, and write or show what it gives. */
#include "games/backgammon/session.h"

#include <stdlib.h>
#include <string.h>

#include "games/backgammon/record.h"
#include "games/backgammon/replay.h"
#include "games/backgammon/show.h"
#include "games/backgammon/writer.h"

/* notate stats: counts per game, given out at its end (index 0 is the
 * left player, 1 the right one). */
typedef struct bg_counter {
	nt_stat_fn fn;
	void *user;
	long rolls, offers, takes, passes, beavers;
	long pips[2], hits[2];
	long side_offers[2], side_takes[2], side_passes[2];
} bg_counter;

typedef struct bg_session {
	bg_parse parse;
	bg_replay replay;
	bg_output output;
	bg_writer writer;
	bg_shower shower;
	bg_counter counter;
} bg_session;

static void
count_action(void *ctx, const bg_action *a, const bg_replay *rp)
{
	bg_counter *c = ctx;
	(void)rp;
	switch (a->kind) {
	case BG_ACT_ROLL:
		c->rolls++;
		if (a->before != NULL && a->after != NULL && a->side >= 0 &&
		    a->side <= 1) {
			/* Pips moved: the drop of the mover's pip count; hits: the
			 * opponent's checkers that went to the bar. */
			c->pips[a->side] += bg_pip_count(a->before, a->side) -
			                    bg_pip_count(a->after, a->side);
			c->hits[a->side] += a->after->n[!a->side][25] -
			                    a->before->n[!a->side][25];
		}
		break;
	case BG_ACT_OFFER:
		c->offers++;
		c->side_offers[a->side & 1]++;
		break;
	case BG_ACT_BEAVER:
		c->offers++;
		c->beavers++;
		c->side_offers[a->side & 1]++;
		break;
	case BG_ACT_TAKE:
		c->takes++;
		c->side_takes[a->side & 1]++;
		break;
	case BG_ACT_PASS:
		c->passes++;
		c->side_passes[a->side & 1]++;
		break;
	default:
		break;
	}
}

/* How the game was won: single, gammon or backgammon on the board, a
 * pass, or another ending. */
static const char *
win_kind(const bg_game *g)
{
	if (g->ended == BG_END_PASS)
		return "pass";
	if (g->ended != BG_END_BOARD)
		return g->results > 0 ? "resignation" : "none";
	switch (bg_win_multiplier(&g->pos, g->winner)) {
	case 3: return "backgammon";
	case 2: return "gammon";
	default: return "single";
	}
}

static void
count_game_end(void *ctx, const bg_replay *rp)
{
	bg_counter *c = ctx;
	const bg_game *g = &rp->g;
	char text[BG_NAME_MAX + 64];
	if (g->abandoned)
		snprintf(text, sizeof text, "? (an error stopped the replay)");
	else if (g->results > 0)
		snprintf(text, sizeof text, "%s wins %ld", rp->names_known
		         ? rp->qname[g->result_winner]
		         : g->result_winner == 0 ? "left" : "right", g->result_points);
	else
		snprintf(text, sizeof text, "unfinished");
	c->fn(c->user, g->index, "result", 0, text);
	c->fn(c->user, g->index, "actions", g->cells, NULL);
	c->fn(c->user, g->index, "rolls", c->rolls, NULL);
	c->fn(c->user, g->index, "cube_offers", c->offers, NULL);
	c->fn(c->user, g->index, "takes", c->takes, NULL);
	c->fn(c->user, g->index, "passes", c->passes, NULL);
	c->fn(c->user, g->index, "beavers", c->beavers, NULL);
	c->fn(c->user, g->index, "cube", g->cube, NULL);
	c->fn(c->user, g->index, "left_pips", c->pips[0], NULL);
	c->fn(c->user, g->index, "right_pips", c->pips[1], NULL);
	c->fn(c->user, g->index, "left_hits", c->hits[0], NULL);
	c->fn(c->user, g->index, "right_hits", c->hits[1], NULL);
	c->fn(c->user, g->index, "win", 0, g->abandoned ? "?" : win_kind(g));
	static const char *const per_side[2][3] = {
		{ "left_offers", "left_takes", "left_passes" },
		{ "right_offers", "right_takes", "right_passes" }
	};
	for (int side = 0; side < 2; side++) {
		c->fn(c->user, g->index, per_side[side][0], c->side_offers[side], NULL);
		c->fn(c->user, g->index, per_side[side][1], c->side_takes[side], NULL);
		c->fn(c->user, g->index, per_side[side][2], c->side_passes[side], NULL);
	}
	c->rolls = c->offers = c->takes = c->passes = c->beavers = 0;
	c->pips[0] = c->pips[1] = c->hits[0] = c->hits[1] = 0;
	memset(c->side_offers, 0, sizeof c->side_offers);
	memset(c->side_takes, 0, sizeof c->side_takes);
	memset(c->side_passes, 0, sizeof c->side_passes);
}

static int
convert_form(const char *form)
{
	if (form != NULL && strcmp(form, "mat") == 0)
		return BG_FORM_MAT;
	if (form != NULL && strcmp(form, "sheet") == 0)
		return BG_FORM_SHEET;
	return -1;
}

static int
session_run(nt_run *run, int mode, const char *form,
            const nt_show_request *req, const bg_counter *counter)
{
	int fm = BG_FORM_MAT;
	if (mode == BG_SESSION_CONVERT && (fm = convert_form(form)) < 0)
		return -2;
	bg_session *s = malloc(sizeof *s);
	if (s == NULL)
		return -1;
	const bg_output *out = NULL;
	if (mode == BG_SESSION_CONVERT) {
		bg_writer_init(&s->writer, run->out, fm);
		bg_writer_output(&s->writer, &s->output);
		out = &s->output;
	} else if (mode == BG_SESSION_SHOW) {
		bg_shower_init(&s->shower, req);
		bg_shower_output(&s->shower, &s->output);
		out = &s->output;
	} else if (mode == BG_SESSION_STATS) {
		s->counter = *counter;
		memset(&s->output, 0, sizeof s->output);
		s->output.action = count_action;
		s->output.game_end = count_game_end;
		s->output.ctx = &s->counter;
		out = &s->output;
	}
	bg_replay_init(&s->replay, run, out);
	if (bg_parse_init(&s->parse, run, &s->replay) != 0) {
		free(s);
		return -1;
	}
	if (mode == BG_SESSION_CONVERT) {
		s->parse.lx.echo = bg_writer_echo;
		s->parse.lx.echo_ctx = &s->writer;
	}
	int rc = bg_parse_all(&s->parse);
	if (rc == 0 && mode == BG_SESSION_CONVERT)
		bg_writer_finish(&s->writer);
	if (rc == 0 && mode == BG_SESSION_CONVERT &&
	    (run->rep.errors > 0 || s->writer.failed))
		rc = 1;
	if (rc == 0 && mode == BG_SESSION_SHOW)
		rc = bg_shower_finish(&s->shower, &s->replay, run->out);
	bg_parse_free(&s->parse);
	free(s);
	return rc;
}

int
bg_session_stats(nt_run *run, nt_stat_fn fn, void *user)
{
	bg_counter c;
	memset(&c, 0, sizeof c);
	c.fn = fn;
	c.user = user;
	return session_run(run, BG_SESSION_STATS, NULL, NULL, &c);
}

int
bg_session_run(nt_run *run, int mode, const char *form,
               const nt_show_request *req)
{
	return session_run(run, mode, form, req, NULL);
}
