#include "games/backgammon/extract.h"

#include <stdio.h>
#include <string.h>

#include "core/game.h"

/* The game itself (game.c): a record of several games is checked. */
extern const struct nt_game nt_game_backgammon;

static int
spool_sink_write(void *handle, const void *buf, size_t size)
{
	return nt_spool_write(handle, buf, size);
}

static nt_sink
spool_sink(nt_spool *s)
{
	return (nt_sink){ spool_sink_write, s };
}

void
bg_extract_echo(void *ctx, const char *text, size_t len, int last)
{
	bg_extract *x = ctx;
	nt_spool *s = x->match_seen ? &x->pregame : &x->head;
	if (nt_spool_write(s, text, len) != 0 ||
	    (last && nt_spool_write(s, "\n", 1) != 0))
		x->failed = 1;
}

static void
on_match(void *ctx, long length)
{
	bg_extract *x = ctx;
	x->match_seen = 1;
	x->length = length;
}

static int
copy_spool(nt_spool *s, const nt_sink *to)
{
	unsigned char buf[4096];
	for (nt_spool_pos at = 0; at < s->size;) {
		size_t n = s->size - at < sizeof buf ? (size_t)(s->size - at)
		           : sizeof buf;
		if (nt_spool_read(s, at, buf, n) != 0 || nt_sink_write(to, buf, n) != 0)
			return -1;
		at += n;
	}
	return 0;
}

/*
 * The points the winner still needed become the match: a result capped
 * at them, or a forfeit of exactly them, means in the shorter match what
 * it meant in the whole one (2.4), and at 0-0 no game is the Crawford
 * game.  A game without a result keeps the match's length.
 */
static long
own_length(const bg_extract *x, const bg_replay *rp)
{
	if (x->length <= 0 || rp->g.results == 0)
		return x->length;
	long need = x->length - x->score[rp->g.result_winner & 1];
	return need > 0 ? need : x->length;
}

/* A spool read back as a source (a record being tried). */
typedef struct spool_source {
	nt_spool *s;
	nt_spool_pos at;
} spool_source;

static long
spool_source_read(void *handle, void *buf, size_t size)
{
	spool_source *r = handle;
	nt_spool_pos left = r->s->size - r->at;
	size_t n = left < size ? (size_t)left : size;
	if (n > 0 && nt_spool_read(r->s, r->at, buf, n) != 0)
		return -1;
	r->at += n;
	return (long)n;
}

/* The record of the games kept, as a match of LENGTH, into trial. */
static int
compose(bg_extract *x, long length)
{
	char line[64];
	snprintf(line, sizeof line, " %ld point match\n\n", length);
	nt_spool_clear(&x->trial);
	nt_sink to = spool_sink(&x->trial);
	return x->writer.failed || x->head.failed || x->pregame.failed ||
	       x->body.failed || copy_spool(&x->head, &to) != 0 ||
	       nt_sink_puts(&to, line) != 0 ||
	       copy_spool(&x->pregame, &to) != 0 ||
	       (x->pregame.size > 0 && nt_sink_puts(&to, "\n") != 0) ||
	       copy_spool(&x->body, &to) != 0 || x->trial.failed ? -1 : 0;
}

static int
trial_is_legal(bg_extract *x)
{
	spool_source r = { &x->trial, 0 };
	nt_source src = { spool_source_read, &r, "(games written together)" };
	nt_handler h = { .on_diag = NULL };
	nt_summary sum;
	int rc = nt_check(&nt_game_backgammon, &src, x->rp->run->opts, &h, &sum);
	return rc >= 0 && sum.errors == 0 && !sum.unreadable;
}

/*
 * Games written one after another as one record (nt_pick.per_record)
 * start at 0-0, and no one match length keeps both players' needs when
 * the score before them was not level.  So the lengths that can keep
 * the games' meaning are tried in turn, and the first under which the
 * record replays without error is kept: what the player behind needed
 * before the first game (the leader then needs more, which no result
 * short of the match's end contradicts), and when the last game ended
 * the match, what its winner needed (a result capped at the points
 * needed still ends it).  A record legal under neither is written with
 * the last; the caller's check finds it, as it finds any record's errors.
 */
static int
compose_part(bg_extract *x)
{
	if (x->length <= 0)
		return compose(x, x->length);
	long behind = x->part_score[0] < x->part_score[1] ? x->part_score[0]
	              : x->part_score[1];
	long tries[2] = { x->length - behind, -1 };
	if (x->part_won >= 0)
		tries[1] = x->length - x->part_score[x->part_won];
	int n = tries[1] > 0 && tries[1] != tries[0] ? 2 : 1;
	for (int i = 0; i < n; i++) {
		if (compose(x, tries[i]) != 0)
			return -1;
		if (i + 1 == n || trial_is_legal(x))
			break;
	}
	return 0;
}

/* The games of the record being written are all read: written out. */
static void
part_flush(bg_extract *x)
{
	if (x->part == NULL)
		return;
	const nt_sink *to = x->part;
	x->part = NULL;
	if (x->part_games == 0)
		return;
	int rc = x->part_games == 1 ? compose(x, x->single_length)
	         : compose_part(x);
	if (rc != 0 || copy_spool(&x->trial, to) != 0)
		x->failed = 1;
	x->part_games = 0;
}

static void
on_game_start(void *ctx, long number, const char *const name[2],
              const size_t name_len[2], const long score[2])
{
	bg_extract *x = ctx;
	(void)number;
	long game = x->rp->g.index;
	long per = x->pick->per_record > 1 ? x->pick->per_record : 1;
	/* A game that begins a record ends the one before, which is written
	   before its sink is asked for the next (the caller closes it then). */
	if ((game - 1) % per == 0)
		part_flush(x);
	x->to = x->pick->sink(x->pick->user, game);
	x->score[0] = score[0];
	x->score[1] = score[1];
	if (x->to == NULL) {
		part_flush(x);
		return;
	}
	if (x->part != NULL && x->to != x->part)
		part_flush(x);
	if (x->part == NULL) {
		x->part = x->to;
		x->part_score[0] = score[0];
		x->part_score[1] = score[1];
		nt_spool_clear(&x->body);
	}
	const long from[2] = { score[0] - x->part_score[0],
	                       score[1] - x->part_score[1] };
	x->to_writer.game_start(x->to_writer.ctx, x->part_games + 1, name,
	                        name_len, from);
}

static void
on_action(void *ctx, const bg_action *a, const bg_replay *rp)
{
	bg_extract *x = ctx;
	if (x->to != NULL)
		x->to_writer.action(x->to_writer.ctx, a, rp);
}

static void
on_game_end(void *ctx, const bg_replay *rp)
{
	bg_extract *x = ctx;
	if (x->to == NULL)
		return;
	x->to_writer.game_end(x->to_writer.ctx, rp);
	x->single_length = own_length(x, rp);
	x->part_games++;
	/* Whether this game ended the match, and for whom. */
	x->part_won = -1;
	if (x->length > 0 && rp->g.results > 0) {
		int w = rp->g.result_winner & 1;
		if (x->score[w] + rp->g.result_points >= x->length)
			x->part_won = w;
	}
	x->to = NULL;
	long per = x->pick->per_record > 1 ? x->pick->per_record : 1;
	if (x->part_games >= per)
		part_flush(x);
}

void
bg_extract_finish(bg_extract *x)
{
	part_flush(x);
}

void
bg_extract_init(bg_extract *x, int form, const nt_pick *pick,
                const bg_replay *rp)
{
	memset(x, 0, sizeof *x);
	x->pick = pick;
	x->rp = rp;
	x->length = -1;
	nt_spool_init(&x->head, 0);
	nt_spool_init(&x->pregame, 0);
	nt_spool_init(&x->body, 0);
	nt_spool_init(&x->trial, 0);
	x->body_sink = spool_sink(&x->body);
	bg_writer_init(&x->writer, &x->body_sink, form);
	bg_writer_output(&x->writer, &x->to_writer);
	x->output.match_line = on_match;
	x->output.game_start = on_game_start;
	x->output.action = on_action;
	x->output.game_end = on_game_end;
	x->output.ctx = x;
}

void
bg_extract_free(bg_extract *x)
{
	nt_spool_free(&x->head);
	nt_spool_free(&x->pregame);
	nt_spool_free(&x->body);
	nt_spool_free(&x->trial);
}
