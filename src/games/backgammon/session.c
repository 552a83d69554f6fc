/* One run over one input: parse, replay, and write or show what it gives. */
#include "games/backgammon/session.h"

#include <stdlib.h>
#include <string.h>

#include "games/backgammon/extract.h"
#include "games/backgammon/forms.h"
#include "games/backgammon/read_xg.h"
#include "games/backgammon/record.h"
#include "games/backgammon/replay.h"
#include "games/backgammon/sgf.h"
#include "games/backgammon/show.h"
#include "games/backgammon/write_sgf.h"
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
	bg_peek peek;
	bg_parse parse;
	bg_sgf_parse sgf;
	bg_replay replay;
	bg_output output;
	bg_writer writer;
	bg_sgf_writer sgf_writer;
	bg_sgf_copy copy;
	bg_shower shower;
	bg_counter counter;
	bg_extract extract;
	const nt_pick *pick;
} bg_session;

/* What convert writes: mat, sheet (enum bg_form) or SGF. */
enum { BG_TO_SGF = BG_FORM_SHEET + 1 };

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

/*
 * The form FORM names (NULL: the input's own, for fmt of a file whose name
 * names no form: SGF for SGF, else mat); -1 for none.
 */
static int
convert_form(const char *form, int input)
{
	if (form == NULL)
		return input == BG_INPUT_SGF ? BG_TO_SGF : BG_FORM_MAT;
	if (strcmp(form, "mat") == 0)
		return BG_FORM_MAT;
	if (strcmp(form, "sheet") == 0)
		return BG_FORM_SHEET;
	if (strcmp(form, "sgf") == 0)
		return BG_TO_SGF;
	return -1;
}

/* The outputs of MODE: what the replay tells (NULL: nobody). */
static const bg_output *
outputs(bg_session *s, nt_run *run, int mode, int to, int sgf_in,
        const nt_show_request *req, const bg_counter *counter)
{
	if (mode == BG_SESSION_CONVERT && to == BG_TO_SGF) {
		if (sgf_in) {
			/* SGF to SGF copies the main lines as read (5.1). */
			bg_sgf_copy_init(&s->copy, run->out);
			return NULL;
		}
		bg_sgf_writer_init(&s->sgf_writer, run->out, run);
		bg_sgf_writer_output(&s->sgf_writer, &s->output);
		return &s->output;
	}
	if (mode == BG_SESSION_CONVERT) {
		bg_writer_init(&s->writer, run->out, to);
		bg_writer_output(&s->writer, &s->output);
		return &s->output;
	}
	if (mode == BG_SESSION_EXTRACT) {
		bg_extract_init(&s->extract, to, s->pick, &s->replay);
		return &s->extract.output;
	}
	if (mode == BG_SESSION_SHOW) {
		bg_shower_init(&s->shower, req);
		bg_shower_output(&s->shower, &s->output);
		return &s->output;
	}
	if (mode == BG_SESSION_STATS) {
		s->counter = *counter;
		memset(&s->output, 0, sizeof s->output);
		s->output.action = count_action;
		s->output.game_end = count_game_end;
		s->output.ctx = &s->counter;
		return &s->output;
	}
	return NULL;
}

/*
 * An eXtreme Gammon file: its own reader, into the same replay.  Lint has
 * no text to look at there, so it is a plain check.
 */
/* Who hears the header lines read as text: the writer of MODE, if any. */
static void
echo_for(bg_session *s, int mode, int to, void (**fn)(void *, const char *,
         size_t, int), void **ctx)
{
	*fn = NULL;
	*ctx = NULL;
	if (mode == BG_SESSION_EXTRACT) {
		*fn = bg_extract_echo;
		*ctx = &s->extract;
	} else if (mode == BG_SESSION_CONVERT && to == BG_TO_SGF) {
		*fn = bg_sgf_writer_echo;
		*ctx = &s->sgf_writer;
	} else if (mode == BG_SESSION_CONVERT) {
		*fn = bg_writer_echo;
		*ctx = &s->writer;
	}
}

static int
read_xg(nt_run *run, bg_session *s, int mode, int to)
{
	nt_options opts = *run->opts;
	opts.lint = 0;
	const nt_options *given = run->opts;
	const nt_source *src = run->src;
	run->opts = &opts;
	run->src = &s->peek.src;
	void (*echo)(void *, const char *, size_t, int);
	void *echo_ctx;
	echo_for(s, mode, to, &echo, &echo_ctx);
	int rc = bg_xg_read(run, &s->replay, s->peek.xgp, echo, echo_ctx);
	run->opts = given;
	run->src = src;
	return rc;
}

/* Reads the input with the reader of its form; as bg_parse_all. */
static int
read_input(bg_session *s, nt_run *run, int mode, int to, int input)
{
	int converting = mode == BG_SESSION_CONVERT;
	int sgf_in = input == BG_INPUT_SGF;
	void (*echo)(void *, const char *, size_t, int);
	void *echo_ctx;
	echo_for(s, mode, to, &echo, &echo_ctx);
	if (input == BG_INPUT_XG)
		return read_xg(run, s, mode, to);
	if (sgf_in) {
		if (bg_sgf_parse_init(&s->sgf, run, &s->replay) != 0)
			return -1;
		if (converting && to == BG_TO_SGF) {
			s->sgf.copy = &s->copy;
		} else if (echo != NULL) {
			s->sgf.echo = echo;
			s->sgf.echo_ctx = echo_ctx;
		}
		int rc = bg_sgf_parse_all(&s->sgf);
		bg_sgf_parse_free(&s->sgf);
		return rc;
	}
	if (bg_parse_init(&s->parse, run, &s->replay) != 0)
		return -1;
	s->parse.lx.echo = echo;
	s->parse.lx.echo_ctx = echo_ctx;
	int rc = bg_parse_all(&s->parse);
	bg_parse_free(&s->parse);
	return rc;
}

/* The end of a conversion: 0, or 1 when nothing may be written. */
static int
finish_convert(bg_session *s, nt_run *run, int to, int sgf_in)
{
	int failed;
	if (to == BG_TO_SGF && sgf_in) {
		failed = s->copy.failed;
	} else if (to == BG_TO_SGF) {
		failed = s->sgf_writer.failed;
		if (run->rep.errors == 0 &&
		    bg_sgf_writer_finish(&s->sgf_writer, s->replay.match_at) != 0)
			failed = 1;
		bg_sgf_writer_free(&s->sgf_writer);
	} else {
		bg_writer_finish(&s->writer);
		failed = s->writer.failed;
	}
	return run->rep.errors > 0 || failed;
}

static int
session_run(nt_run *run, int mode, const char *form,
            const nt_show_request *req, const bg_counter *counter,
            const nt_pick *pick)
{
	int format = mode == BG_SESSION_FORMAT;
	if (format)
		mode = BG_SESSION_CONVERT;
	bg_session *s = malloc(sizeof *s);
	if (s == NULL)
		return -1;
	const nt_source *given = run->src;
	bg_peek_open(&s->peek, given);
	int input = bg_peek_form(&s->peek);
	int sgf_in = input == BG_INPUT_SGF;
	int to = convert_form(form, input);
	/* There is no XG writer: an XG file has no canonical form of its own.
	   A game of a record on its own is written as mat or sheet. */
	if ((mode == BG_SESSION_CONVERT && to < 0) ||
	    (mode == BG_SESSION_EXTRACT && (to < 0 || to == BG_TO_SGF)) ||
	    (format && input == BG_INPUT_XG)) {
		free(s);
		return -2;
	}
	run->src = &s->peek.src;
	s->pick = pick;
	bg_replay_init(&s->replay, run,
	               outputs(s, run, mode, to, sgf_in, req, counter));
	int rc = read_input(s, run, mode, to, input);
	if (rc == 0 && mode == BG_SESSION_CONVERT)
		rc = finish_convert(s, run, to, sgf_in);
	else if (mode == BG_SESSION_CONVERT && to == BG_TO_SGF && !sgf_in)
		bg_sgf_writer_free(&s->sgf_writer);
	if (rc == 0 && mode == BG_SESSION_SHOW)
		rc = bg_shower_finish(&s->shower, &s->replay, run->out);
	if (mode == BG_SESSION_EXTRACT) {
		/* Whole games only are kept: what they are is written even when
		   the input fails later. */
		bg_extract_finish(&s->extract);
		if (rc == 0 && s->extract.failed)
			rc = -1;
		bg_extract_free(&s->extract);
	}
	run->src = given;
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
	return session_run(run, BG_SESSION_STATS, NULL, NULL, &c, NULL);
}

int
bg_session_run(nt_run *run, int mode, const char *form,
               const nt_show_request *req)
{
	return session_run(run, mode, form, req, NULL, NULL);
}

int
bg_session_extract(nt_run *run, const char *form, const nt_pick *pick)
{
	return session_run(run, BG_SESSION_EXTRACT, form, NULL, NULL, pick);
}
