/*
 * notate split: one file per game of a record, each a record of its own
 * as the game has one stand alone (nt_extract), named from a pattern; or
 * with -n N one file per N games, each a record of them.  Each file
 * appears whole or not at all; none replaces an existing file.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"

#define SPLIT_PATH 4096

typedef struct split_file {
	cli *c;
	const char *input;            /* the path as given */
	const char *name;             /* for messages */
	const input *in;
	long game;                    /* the (first) game being written; 0: none */
	long per;                     /* games a file (-n) */
	long errors;                  /* ... its errors so far */
	long file_errors;             /* errors of the record as a whole */
	outfile of;
	int open;
	nt_sink sink;
	long written;
} split_file;

static int
sink_stdio(void *handle, const void *buf, size_t size)
{
	return fwrite(buf, 1, size, handle) == size ? 0 : -1;
}

/* PATTERN with {game} the (first) game's number, {part} the file's
   number (-n), {name} the input's name without folder and extension,
   {ext} its extension (with the dot). */
static int
expand(char *out, size_t size, const char *pattern, const char *input,
       long game, long part)
{
	const char *base = strrchr(input, '/');
	base = base != NULL ? base + 1 : input;
	const char *dot = strrchr(base, '.');
	size_t stem = dot != NULL && dot != base ? (size_t)(dot - base)
	              : strlen(base);
	const char *ext = dot != NULL && dot != base ? dot : "";
	size_t n = 0;
	for (const char *p = pattern; *p; p++) {
		char piece[64];
		const char *add = piece;
		size_t len;
		if (strncmp(p, "{game}", 6) == 0) {
			len = (size_t)snprintf(piece, sizeof piece, "%ld", game);
			p += 5;
		} else if (strncmp(p, "{part}", 6) == 0) {
			len = (size_t)snprintf(piece, sizeof piece, "%ld", part);
			p += 5;
		} else if (strncmp(p, "{name}", 6) == 0) {
			add = base;
			len = stem;
			p += 5;
		} else if (strncmp(p, "{ext}", 5) == 0) {
			add = ext;
			len = strlen(ext);
			p += 4;
		} else {
			add = p;
			len = 1;
		}
		if (n + len + 1 > size)
			return -1;
		memcpy(out + n, add, len);
		n += len;
	}
	out[n] = '\0';
	return 0;
}

/*
 * Whether the file written holds a record without errors: games of a
 * match written together from 0-0 may not be (a leader who ends the match
 * with a result capped at the points he needed needs more there).
 */
static int
part_is_legal(split_file *x, const input *in)
{
	if (fflush(x->of.fp) != 0)
		return 0;
	int fd = open(x->of.tmp_path, O_RDONLY);
	if (fd < 0)
		return 0;
	nt_source src = nt_source_fd(fd, x->of.final_path);
	nt_handler h = { .on_diag = NULL };
	nt_summary s;
	int rc = nt_check(in->game, &src, &in->set->opts, &h, &s);
	close(fd);
	return rc >= 0 && s.errors == 0 && !s.unreadable;
}

/* The file of the game(s) before is complete: kept when legal. */
static void
close_game(split_file *x, const input *in)
{
	if (!x->open)
		return;
	x->open = 0;
	if (x->errors + x->file_errors > 0) {
		char text[160];
		if (x->per > 1)
			snprintf(text, sizeof text, "the games from %ld: one has errors: "
			         "not written (see notate check)", x->game);
		else
			snprintf(text, sizeof text, "game %ld has errors: not written "
			         "(see notate check)", x->game);
		outfile_abort(&x->of);
		cli_note(x->name, text);
		raise_status(x->c, EXIT_FINDINGS);
		return;
	}
	if (x->per > 1 && !part_is_legal(x, in)) {
		char text[SPLIT_PATH + 160];
		snprintf(text, sizeof text, "%s: games from %ld cannot be one match "
		         "from 0-0 without errors: not written (split them with a "
		         "smaller -n)", x->of.final_path, x->game);
		outfile_abort(&x->of);
		cli_note(x->name, text);
		raise_status(x->c, EXIT_UNREADABLE);
		return;
	}
	if (outfile_commit(&x->of, 0) != 0) {
		fprintf(stderr, "notate: %s: cannot write: %s\n", x->of.final_path
		        ? x->of.final_path : x->name, strerror(errno));
		raise_status(x->c, EXIT_UNREADABLE);
		return;
	}
	x->written++;
	if (x->c->verbose)
		cli_note(x->name, "game written");
}

static const nt_sink *
game_sink(void *user, long game)
{
	split_file *x = user;
	/* The games after the first of a file go where it went. */
	if ((game - 1) % x->per != 0)
		return x->open ? &x->sink : NULL;
	close_game(x, x->in);
	x->game = game;
	x->errors = 0;
	char path[SPLIT_PATH];
	const char *pattern = x->c->output != NULL ? x->c->output
	                      : "{name}-{game}{ext}";
	struct stat st;
	if (expand(path, sizeof path, pattern, x->input, game,
	           (game - 1) / x->per + 1) != 0) {
		cli_note(x->name, "the name of a game's file is too long");
		raise_status(x->c, EXIT_USAGE);
		return NULL;
	}
	/* No game replaces a file, an input least of all. */
	if (lstat(path, &st) == 0) {
		char text[SPLIT_PATH + 64];
		snprintf(text, sizeof text, "%s exists: game %ld not written", path,
		         game);
		if (x->per > 1)
			snprintf(text, sizeof text, "%s exists: the games from %ld not "
			         "written", path, game);
		cli_note(x->name, text);
		raise_status(x->c, EXIT_UNREADABLE);
		return NULL;
	}
	memset(&x->of, 0, sizeof x->of);
	x->of.cleanup_slot = -1;
	if (outfile_open(&x->of, path, NULL) != 0) {
		fprintf(stderr, "notate: %s: cannot write: %s\n", path,
		        strerror(errno));
		raise_status(x->c, EXIT_UNREADABLE);
		return NULL;
	}
	x->open = 1;
	x->sink = (nt_sink){ sink_stdio, x->of.fp };
	return &x->sink;
}

static void
split_diag(void *user, const nt_diag *d)
{
	split_file *x = user;
	if (d->severity == NT_SEV_ERROR) {
		if (d->game == 0)
			x->file_errors++;
		else if (d->game >= x->game && d->game < x->game + x->per)
			x->errors++;
	}
	if (!x->c->quiet)
		emit_diag(&x->c->em, d);
}

static void
split_one(cli *c, const char *path, void *ctx)
{
	(void)ctx;
	input in;
	if (cli_open(c, path, &in) != 0)
		return;
	if (strcmp(path, "-") == 0) {
		cli_note(in.name, "split names its files after the input: give a "
		         "file, not standard input");
		raise_status(c, EXIT_USAGE);
		cli_close(c, &in);
		return;
	}
	split_file x = { .c = c, .input = path, .name = in.name, .in = &in,
	                 .per = c->per_file > 1 ? c->per_file : 1 };
	nt_pick pick = { .sink = game_sink, .user = &x, .per_record = x.per };
	nt_handler h = { .on_diag = split_diag, .user = &x };
	nt_summary s;
	int rc = nt_extract(in.game, &in.src, c->to, &pick, &in.set->opts, &h,
	                    &s);
	close_game(&x, &in);
	if (rc == -2) {
		char text[200];
		snprintf(text, sizeof text, "%s cannot write a game of this record "
		         "on its own%s%s", nt_game_name(in.game), c->to ? " as " : "",
		         c->to ? c->to : "");
		cli_note(in.name, text);
		raise_status(c, EXIT_USAGE);
	} else if (rc < 0 || s.unreadable) {
		cli_cannot_read(c, in.name, "read error");
	}
	cli_close(c, &in);
}

int
cmd_split(cli *c)
{
	if (c->nfiles == 0)
		usage_error("split needs a FILE%s", "");
	if (c->nfiles > 1 && c->output != NULL && strstr(c->output, "{name}") ==
	    NULL)
		usage_error("split -o: a pattern for several files needs {name}%s",
		            "");
	if (c->output != NULL && strstr(c->output, "{game}") == NULL &&
	    (c->per_file <= 1 || strstr(c->output, "{part}") == NULL))
		usage_error("split -o: the pattern needs {game} (or with -n, "
		            "{part}), not '%s'", c->output);
	nt_handler h;
	cli_handler(c, stderr, &h);
	cli_each_path(c, split_one, NULL);
	return c->status;
}
