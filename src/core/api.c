/* The public entry points: set up a run, hand it to the game. */
#include "core/game.h"
#include "core/json_record.h"
#include "core/layout.h"
#include "core/report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const nt_options default_options;

static void
run_init(nt_run *run, const nt_source *src, const nt_options *opts,
         const nt_handler *handler, nt_summary *summary, const nt_sink *out)
{
	if (opts == NULL)
		opts = &default_options;
	memset(summary, 0, sizeof *summary);
	memset(run, 0, sizeof *run);
	run->src = src;
	run->opts = opts;
	run->out = out;
	nt_reporter_init(&run->rep, handler, src->name, summary,
	                 opts->max_errors);
	run->rep.strict = opts->strict;
	nt_reporter_filter(&run->rep, opts);
}

int
nt_check(const nt_game *game, const nt_source *src, const nt_options *opts,
         const nt_handler *handler, nt_summary *summary)
{
	nt_run run;
	run_init(&run, src, opts, handler, summary, NULL);
	/* lint: what fmt would rewrite is a style finding too. */
	if (run.opts->lint && game->format != NULL && game->layout_code != NULL)
		return nt_layout_check(game, &run);
	return game->check(&run);
}

/* A file read from its first bytes, kept for recognising its game, on. */
typedef struct head_file {
	int fd;
	unsigned char head[4096];
	size_t size, pos;
} head_file;

static long
head_file_read(void *handle, void *buf, size_t size)
{
	head_file *h = handle;
	if (h->pos < h->size) {
		size_t n = h->size - h->pos < size ? h->size - h->pos : size;
		memcpy(buf, h->head + h->pos, n);
		h->pos += n;
		return (long)n;
	}
	return (long)read(h->fd, buf, size);
}

static int
head_file_fill(head_file *h)
{
	while (h->size < sizeof h->head) {
		ssize_t n = read(h->fd, h->head + h->size, sizeof h->head - h->size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -1 : 0;
		h->size += (size_t)n;
	}
	return 0;
}

int
nt_check_path(const char *path, const nt_game *game, const nt_options *opts,
              const nt_handler *handler, nt_summary *summary,
              const nt_game **found)
{
	memset(summary, 0, sizeof *summary);
	if (found != NULL)
		*found = NULL;
	head_file *h = calloc(1, sizeof *h);
	if (h == NULL)
		return -1;
	h->fd = open(path, O_RDONLY);
	int rc = h->fd < 0 ? -1 : 0;
	if (rc == 0 && game == NULL)
		game = nt_game_for_path(path);
	if (rc == 0 && game == NULL) {
		rc = head_file_fill(h);
		game = rc == 0 ? nt_game_sniff(h->head, h->size) : NULL;
		if (rc == 0 && game == NULL)
			rc = -3;
	}
	if (rc == 0) {
		if (found != NULL)
			*found = game;
		nt_source src = { head_file_read, h, path };
		rc = nt_check(game, &src, opts, handler, summary);
	}
	int saved = errno;
	if (h->fd >= 0)
		close(h->fd);
	free(h);
	errno = saved;
	return rc;
}

static int
form_known(const nt_game *game, const char *form)
{
	for (const char *const *f = game->forms; *f; f++)
		if (strcmp(*f, form) == 0)
			return 1;
	return 0;
}

int
nt_game_has_form(const nt_game *game, const char *form)
{
	if (strcmp(form, NT_FORM_JSON) == 0)
		return game->stats != NULL;
	return form_known(game, form);
}

/* Any game with statistics converts to JSON through its replay. */
static int
convert_json(const nt_game *game, const nt_source *src, const nt_sink *out,
             const nt_options *opts, const nt_handler *handler,
             nt_summary *summary)
{
	nt_json_record j;
	nt_json_record_init(&j, out, src->name, handler);
	nt_handler h = nt_json_record_handler(&j);
	nt_run run;
	run_init(&run, src, opts, &h, summary, out);
	int rc = game->stats(&run, nt_json_record_figure, &j);
	if (nt_json_record_finish(&j) != 0 && rc == 0)
		rc = -1;
	/* As every converter: a record with an error is not written. */
	if (rc == 0 && run.rep.errors > 0)
		rc = 1;
	return rc;
}

int
nt_convert(const nt_game *game, const nt_source *src, const char *form,
           const nt_sink *out, const nt_options *opts,
           const nt_handler *handler, nt_summary *summary)
{
	if (strcmp(form, NT_FORM_JSON) == 0 && game->stats != NULL)
		return convert_json(game, src, out, opts, handler, summary);
	if (game->convert == NULL || !form_known(game, form))
		return -2;
	nt_run run;
	run_init(&run, src, opts, handler, summary, out);
	return game->convert(&run, form);
}

int
nt_stats(const nt_game *game, const nt_source *src, const nt_options *opts,
         const nt_handler *handler, nt_stat_fn fn, void *user,
         nt_summary *summary)
{
	if (game->stats == NULL)
		return -2;
	nt_run run;
	run_init(&run, src, opts, handler, summary, NULL);
	return game->stats(&run, fn, user);
}

int
nt_format(const nt_game *game, const nt_source *src, const nt_sink *out,
          const nt_options *opts, const nt_handler *handler,
          nt_summary *summary)
{
	if (game->format == NULL)
		return -2;
	nt_run run;
	run_init(&run, src, opts, handler, summary, out);
	run.fmt_form = nt_game_fmt_form(game, src->name);
	return game->format(&run);
}

int
nt_extract(const nt_game *game, const nt_source *src, const char *form,
           const nt_pick *pick, const nt_options *opts,
           const nt_handler *handler, nt_summary *summary)
{
	if (game->extract == NULL || (form != NULL && !form_known(game, form)))
		return -2;
	nt_run run;
	run_init(&run, src, opts, handler, summary, NULL);
	return game->extract(&run, form, pick);
}

int
nt_position_key(const nt_game *game, const char *position, char *out,
                size_t size)
{
	if (game->position_key == NULL)
		return -2;
	return game->position_key(position, out, size);
}

int
nt_show(const nt_game *game, const nt_source *src,
        const nt_show_request *request, const nt_sink *out,
        const nt_options *opts, const nt_handler *handler,
        nt_summary *summary)
{
	if (game->show == NULL)
		return -2;
	nt_run run;
	run_init(&run, src, opts, handler, summary, out);
	return game->show(&run, request);
}

int
nt_list_moves(const nt_game *game, const nt_moves_request *request,
              const nt_options *opts, const nt_sink *out, const nt_sink *err)
{
	if (game->moves == NULL)
		return -2;
	return game->moves(request, opts ? opts : &default_options, out, err);
}

int
nt_check_rule(const nt_game *game, const char *item, char *why,
              size_t whysize)
{
	if (game->check_rule == NULL)
		return -2;
	return game->check_rule(item, why, whysize) == 0 ? 0 : -1;
}

int
nt_generate(const nt_game *game, const nt_generate_request *request,
            const nt_sink *out, const nt_sink *err)
{
	if (game->generate == NULL)
		return -2;
	return game->generate(request, out, err);
}

int
nt_game_one_per_file(const nt_game *game)
{
	return game->one_game_per_file;
}

const char *
nt_severity_name(nt_severity severity)
{
	switch (severity) {
	case NT_SEV_ERROR:
		return "error";
	case NT_SEV_WARNING:
		return "warning";
	case NT_SEV_STYLE:
		return "style";
	}
	return "error";
}

size_t
nt_format_diag(const nt_diag *d, char *buf, size_t size)
{
	int n = d->place != NULL
		? snprintf(buf, size, "%s: %s: %s: %s [%s]", d->file, d->place->where,
		           nt_severity_name(d->severity), d->message, d->code)
		: snprintf(buf, size, "%s:%lu:%lu: %s: %s [%s]", d->file,
		           d->begin.line, d->begin.col,
		           nt_severity_name(d->severity), d->message, d->code);
	return n < 0 ? 0 : (size_t)n;
}

void
nt_sniff_text(const unsigned char *head, size_t size, char *text, int lower)
{
	size_t n = size < NT_SNIFF_TEXT - 1 ? size : NT_SNIFF_TEXT - 1;
	/* Branch-free: every file of a folder whose name says no game is
	   sniffed by each game. */
	unsigned char fold = lower ? 0x20 : 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = head[i];
		unsigned char upper = (unsigned char)(c - 'A') < 26;
		c = (unsigned char)(c | (upper ? fold : 0));
		text[i] = (char)(c == 0 ? ' ' : c);
	}
	text[n] = '\0';
}
