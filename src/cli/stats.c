/*
 * notate stats: each game's figures as the game module reports them (one
 * line of name=value, or one JSON object, per game), then totals over all
 * files, with the results tallied.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

#define MAX_RESULTS 16

typedef struct tally {
	char result[MAX_RESULTS][32];
	long count[MAX_RESULTS];
	int n;
} tally;

typedef struct stats_ctx {
	cli *c;
	const char *file;
	long game;                 /* game whose line is open, 0 if none */
	tally *results;
} stats_ctx;

static void
close_line(stats_ctx *x)
{
	if (x->game == 0)
		return;
	fputs(x->c->format == EMIT_JSON ? "}\n" : "\n", x->c->out);
	x->game = 0;
}

static void
count_result(tally *t, const char *result)
{
	for (int i = 0; i < t->n; i++)
		if (strcmp(t->result[i], result) == 0) {
			t->count[i]++;
			return;
		}
	if (t->n == MAX_RESULTS)
		return;
	snprintf(t->result[t->n], sizeof t->result[0], "%s", result);
	t->count[t->n++] = 1;
}

static void
on_stat(void *user, long game, const char *name, long value, const char *text)
{
	stats_ctx *x = user;
	FILE *out = x->c->out;
	int json = x->c->format == EMIT_JSON;
	if (game != x->game) {
		close_line(x);
		x->game = game;
		if (json) {
			fputs("{\"file\":", out);
			emit_json_string(out, x->file);
			fprintf(out, ",\"game\":%ld", game);
		} else {
			fprintf(out, "%s: game %ld:", x->file, game);
		}
	}
	if (strcmp(name, "result") == 0 && text != NULL)
		count_result(x->results, text);
	if (json) {
		fprintf(out, ",\"%s\":", name);
		if (text != NULL)
			emit_json_string(out, text);
		else
			fprintf(out, "%ld", value);
	} else if (text != NULL) {
		fprintf(out, " %s=\"%s\"", name, text);
	} else {
		fprintf(out, " %s=%ld", name, value);
	}
}

static void
stats_one(cli *c, const char *path, void *ctx)
{
	input in;
	if (cli_open(c, path, &in) != 0)
		return;
	nt_handler h;
	cli_handler(c, stderr, &h);
	stats_ctx x = { c, in.name, 0, ctx };
	nt_summary s;
	int rc = nt_stats(in.game, &in.src, &in.set->opts, &h, on_stat, &x, &s);
	close_line(&x);
	if (rc == -2) {
		fprintf(stderr, "notate: %s: %s has no statistics\n", in.name,
		        nt_game_name(in.game));
		raise_status(c, EXIT_USAGE);
	} else {
		cli_account(c, in.set, in.name, rc, &s);
	}
	cli_close(c, &in);
}

int
cmd_stats(cli *c)
{
	if (c->nfiles == 0)
		usage_error("stats needs a FILE (or - for standard input)%s", "");
	if (c->format != EMIT_GNU && c->format != EMIT_JSON)
		usage_error("stats writes text or json%s", "");
	cli_output_open(c);
	FILE *out = c->out;
	tally results;
	memset(&results, 0, sizeof results);
	/* Diagnostics, and inputs that cannot be read, go to standard error
	   in the chosen format; the figures and their summary to the output. */
	nt_handler h;
	cli_handler(c, stderr, &h);
	if (!c->quiet)
		emit_begin(&c->em);
	cli_each_path(c, stats_one, &results);
	const emit_totals *t = &c->totals;
	if (c->format == EMIT_JSON) {
		fprintf(out, "{\"summary\":{\"files\":%lld,\"games\":%lld,"
		        "\"moves\":%lld,\"errors\":%lld,\"results\":{", t->files,
		        t->games, t->moves, t->errors);
		for (int i = 0; i < results.n; i++) {
			fputs(i ? "," : "", out);
			emit_json_string(out, results.result[i]);
			fprintf(out, ":%ld", results.count[i]);
		}
		fputs("}}}\n", out);
	} else {
		fprintf(out, "%lld file%s, %lld game%s, %lld move%s; results:",
		        t->files, t->files == 1 ? "" : "s", t->games,
		        t->games == 1 ? "" : "s", t->moves, t->moves == 1 ? "" : "s");
		for (int i = 0; i < results.n; i++)
			fprintf(out, "%s %s %ld", i ? "," : "", results.result[i],
			        results.count[i]);
		fputs("\n", out);
	}
	return c->status;
}
