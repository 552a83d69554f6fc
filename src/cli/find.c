/*
 * notate find POSITION FILE|DIR...: every place where a game passes
 * through a position, as the game writes positions (backgammon: GNU
 * Backgammon's Position ID), from the position the library gives after
 * each move it accepts (nt_move.position).  With --to, the games that
 * pass through it are written instead, by select's writer.
 */
#include <string.h>

#include "cli/cli.h"
#include "cli/select.h"

typedef struct find_run {
	cli *c;
	const char *position;
	const char *name;             /* the file being read */
	long long found;
	/* --to: the game being read, whether it passed through the position,
	   and its errors (those of the file as a whole count for each). */
	sel_writer *w;
	long game;
	int hit;
	long errors, file_errors;
} find_run;

/* The games before GAME are over: the one that passed is picked. */
static void
find_reach(find_run *r, long game)
{
	if (r->w == NULL || game <= r->game)
		return;
	if (r->hit)
		sel_writer_pick(r->w, r->game, r->errors + r->file_errors > 0);
	r->game = game;
	r->hit = 0;
	r->errors = 0;
}

static void
on_move(void *user, const nt_move *m)
{
	find_run *r = user;
	find_reach(r, m->game);
	if (m->position == NULL || strcmp(m->position, r->position) != 0)
		return;
	r->found++;
	if (r->w != NULL) {
		r->hit = 1;
		return;
	}
	FILE *out = r->c->out;
	if (r->c->format == EMIT_JSON) {
		fputs("{\"file\":", out);
		emit_json_string(out, r->name);
		if (m->place == NULL)
			fprintf(out, ",\"line\":%lu,\"column\":%lu", m->loc.line,
			        m->loc.col);
		else
			fprintf(out, ",\"where\":\"%s\"", m->place->where);
		fprintf(out, ",\"game\":%ld,\"move\":%ld,\"side\":", m->game,
		        m->index);
		emit_json_string(out, m->side != NULL ? m->side : "");
		fputs(",\"text\":", out);
		emit_json_string(out, m->text != NULL ? m->text : "");
		fputs("}\n", out);
		return;
	}
	if (m->place == NULL)
		fprintf(out, "%s:%lu:%lu: ", r->name, m->loc.line, m->loc.col);
	else
		fprintf(out, "%s: %s: ", r->name, m->place->where);
	fprintf(out, "game %ld, move %ld: %s: %s\n", m->game, m->index,
	        m->side != NULL ? m->side : "?", m->text != NULL ? m->text : "");
}

static void
on_diag(void *user, const nt_diag *d)
{
	find_run *r = user;
	find_reach(r, d->game);
	if (d->severity == NT_SEV_ERROR) {
		if (d->game <= 0)
			r->file_errors++;
		else if (d->game == r->game)
			r->errors++;
	}
	if (!r->c->quiet)
		emit_diag(&r->c->em, d);
}

static void
find_one(cli *c, const char *path, void *ctx)
{
	find_run *r = ctx;
	input in;
	if (cli_open(c, path, &in) != 0)
		return;
	r->name = in.name;
	sel_writer w;
	nt_source src = in.src;
	if (c->to != NULL) {
		src = sel_writer_open(&w, &in);
		r->w = &w;
		r->game = 0;
		r->hit = 0;
		r->errors = r->file_errors = 0;
	}
	/* Errors are counted for --to even under -q. */
	nt_handler h = { .on_diag = c->quiet && r->w == NULL ? NULL : on_diag,
	                 .on_move = on_move, .user = r };
	nt_summary s;
	int rc = nt_check(in.game, &src, &in.set->opts, &h, &s);
	if (rc < 0 || s.unreadable)
		cli_cannot_read(c, in.name, "read error");
	if (r->w != NULL) {
		find_reach(r, r->game + 1);
		sel_writer_close(c, &in, &w, rc,
		                 s.games > r->game - 1 ? s.games : r->game - 1);
		r->w = NULL;
	}
	cli_close(c, &in);
}

int
cmd_find(cli *c)
{
	if (c->nfiles < 2)
		usage_error("find needs a POSITION and a FILE or DIR%s", "");
	if (c->format != EMIT_GNU && c->format != EMIT_JSON)
		usage_error("find writes text or json%s", "");
	if (c->to != NULL && c->format != EMIT_GNU)
		usage_error("find --to writes records: not with -f json%s", "");
	find_run r = { .c = c, .position = c->files[0] };
	/* The position is no input: the files follow it. */
	c->files++;
	c->nfiles--;
	cli_output_open(c);
	nt_handler h;
	cli_handler(c, stderr, &h);
	cli_each_path(c, find_one, &r);
	c->files--;
	c->nfiles++;
	/* As grep: 0 when the position was found, 1 when not. */
	if (c->status < EXIT_UNREADABLE)
		c->status = r.found > 0 ? EXIT_CLEAN : EXIT_FINDINGS;
	return c->status;
}
