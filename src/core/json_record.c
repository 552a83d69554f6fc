#include "core/json_record.h"

#include <string.h>

#include "core/sink.h"

static void
put(nt_json_record *j, int rc)
{
	if (rc != 0)
		j->failed = 1;
}

static void
close_game(nt_json_record *j)
{
	if (j->game == 0)
		return;
	if (j->in_moves)
		put(j, nt_sink_puts(j->out, "],\"figures\":{"));
	put(j, nt_sink_puts(j->out, "}}\n"));
	j->game = 0;
	j->in_moves = 0;
}

/* Games come one after the other: a new index closes the object before. */
static void
open_game(nt_json_record *j, long game)
{
	if (game == j->game)
		return;
	close_game(j);
	j->game = game;
	j->in_moves = 1;
	j->moves = j->figures = 0;
	put(j, nt_sink_puts(j->out, "{\"file\":"));
	put(j, nt_sink_json_string(j->out, j->file));
	put(j, nt_sink_printf(j->out, ",\"game\":%ld,\"moves\":[", game));
}

static void
on_move(void *user, const nt_move *m)
{
	nt_json_record *j = user;
	if (j->user != NULL && j->user->on_move != NULL)
		j->user->on_move(j->user->user, m);
	open_game(j, m->game);
	if (!j->in_moves)
		return;   /* a figure came first: the game has been summed up */
	if (j->moves++ > 0)
		put(j, nt_sink_puts(j->out, ","));
	put(j, nt_json_record_move(j->out, m));
}

int
nt_json_record_move(const nt_sink *out, const nt_move *m)
{
	int rc = nt_sink_printf(out, "{\"index\":%ld,\"side\":", m->index);
	rc |= nt_sink_json_string(out, m->side);
	rc |= nt_sink_puts(out, ",\"move\":");
	rc |= nt_sink_json_string(out, m->text);
	if (m->place == NULL) {
		rc |= nt_sink_printf(out, ",\"line\":%lu,\"column\":%lu}",
		                     m->loc.line, m->loc.col);
		return rc;
	}
	/* A move of a binary record: where it is instead of a line. */
	rc |= nt_sink_puts(out, ",\"line\":null,\"column\":null,\"where\":");
	rc |= nt_sink_json_string(out, m->place->where);
	rc |= nt_sink_printf(out, ",\"record\":%ld}", m->place->record);
	return rc;
}

static void
on_diag(void *user, const nt_diag *d)
{
	nt_json_record *j = user;
	if (j->user != NULL && j->user->on_diag != NULL)
		j->user->on_diag(j->user->user, d);
}

void
nt_json_record_init(nt_json_record *j, const nt_sink *out, const char *file,
                    const nt_handler *user)
{
	memset(j, 0, sizeof *j);
	j->out = out;
	j->file = file != NULL ? file : "";
	j->user = user;
}

nt_handler
nt_json_record_handler(nt_json_record *j)
{
	nt_handler h = { .on_diag = on_diag, .on_move = on_move, .user = j };
	return h;
}

void
nt_json_record_figure(void *user, long game, const char *name, long value,
                      const char *text)
{
	nt_json_record *j = user;
	open_game(j, game);
	if (j->in_moves) {
		put(j, nt_sink_puts(j->out, "],\"figures\":{"));
		j->in_moves = 0;
	}
	if (j->figures++ > 0)
		put(j, nt_sink_puts(j->out, ","));
	put(j, nt_sink_json_string(j->out, name));
	put(j, nt_sink_puts(j->out, ":"));
	if (text != NULL)
		put(j, nt_sink_json_string(j->out, text));
	else
		put(j, nt_sink_printf(j->out, "%ld", value));
}

int
nt_json_record_finish(nt_json_record *j)
{
	close_game(j);
	return j->failed ? -1 : 0;
}
