#include "games/backgammon/extract.h"

#include <stdio.h>
#include <string.h>

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

static void
on_game_start(void *ctx, long number, const char *const name[2],
              const size_t name_len[2], const long score[2])
{
	bg_extract *x = ctx;
	(void)number;
	x->to = x->pick->sink(x->pick->user, x->rp->g.index);
	if (x->to == NULL)
		return;
	x->score[0] = score[0];
	x->score[1] = score[1];
	nt_spool_clear(&x->body);
	static const long zero[2] = { 0, 0 };
	x->to_writer.game_start(x->to_writer.ctx, 1, name, name_len, zero);
}

static void
on_action(void *ctx, const bg_action *a, const bg_replay *rp)
{
	bg_extract *x = ctx;
	if (x->to != NULL)
		x->to_writer.action(x->to_writer.ctx, a, rp);
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

static void
on_game_end(void *ctx, const bg_replay *rp)
{
	bg_extract *x = ctx;
	if (x->to == NULL)
		return;
	x->to_writer.game_end(x->to_writer.ctx, rp);
	char line[64];
	snprintf(line, sizeof line, " %ld point match\n\n", own_length(x, rp));
	if (x->writer.failed || x->head.failed || x->pregame.failed ||
	    x->body.failed || copy_spool(&x->head, x->to) != 0 ||
	    nt_sink_puts(x->to, line) != 0 ||
	    copy_spool(&x->pregame, x->to) != 0 ||
	    (x->pregame.size > 0 && nt_sink_puts(x->to, "\n") != 0) ||
	    copy_spool(&x->body, x->to) != 0)
		x->failed = 1;
	x->to = NULL;
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
}
