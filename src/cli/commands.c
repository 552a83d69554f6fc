/*
 * The commands that look at one record or none: show, moves, explain,
 * games, generate.
 */
#include <errno.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/outfile.h"

/* A request past the end says how far the record goes. */
_Noreturn static void
past_the_end(cli *c, const input *in, const nt_summary *s)
{
	char what[512];
	if (c->show.game_no > s->games && s->games >= 0)
		snprintf(what, sizeof what, "%s holds %ld game%s, not game %ld",
		         in->name, s->games, s->games == 1 ? "" : "s", c->show.game_no);
	else if (c->show.row > 0)
		snprintf(what, sizeof what, "%s: the game shown has %ld row%s "
		         "(numbered moves), not %ld", in->name, s->game_rows,
		         s->game_rows == 1 ? "" : "s", c->show.row);
	else
		snprintf(what, sizeof what, "%s: the game shown has %ld move%s "
		         "(--move 0 to %ld), not %ld", in->name, s->game_moves,
		         s->game_moves == 1 ? "" : "s", s->game_moves,
		         c->show.move >= 0 ? c->show.move : c->show.ply);
	cli_usage_error(c, "%s", what);
}

int
cmd_show(cli *c)
{
	if (c->nfiles != 1)
		usage_error("show takes one FILE (or - for standard input)%s", "");
	int selectors = (c->show.move >= 0) + (c->show.ply >= 0) + (c->show.row > 0);
	if (selectors > 1)
		usage_error("--move, --row and --ply exclude each other%s", "");
	/* The end is shown by default; --final says so, and takes no move. */
	if (c->final && selectors > 0)
		usage_error("--final excludes --move, --row and --ply%s", "");
	cli_output_open(c);
	nt_handler h;
	cli_handler(c, stderr, &h);
	/* Begun before the input is opened, so that an input that cannot be
	   read is named in the chosen format too. */
	if (!c->quiet)
		emit_begin(&c->em);
	input in;
	if (cli_open(c, c->files[0], &in) != 0) {
		if (!c->quiet)
			emit_end(&c->em, &c->totals, 0);
		cli_output_discard(c);
		return c->status;
	}
	c->show.svg = c->svg;
	/* CLI.md: show -f json prints the position as JSON. */
	c->show.json = c->format == EMIT_JSON;
	if (c->show.svg && c->show.json)
		usage_error("--svg and -f json exclude each other%s", "");
	nt_sink out = nt_sink_stdio(c->out);
	nt_summary s;
	int rc = nt_show(in.game, &in.src, &c->show, &out, &in.set->opts, &h, &s);
	if (rc == -2)
		cli_usage_error(c, "this game has no board view%s", "");
	if (rc == -4)
		past_the_end(c, &in, &s);
	if (rc == -5)
		cli_usage_error(c, "%s has no plies: show takes --move N (its actions) "
		                "or --row N (its numbered rows)", nt_game_name(in.game));
	if (rc == 1)
		raise_status(c, EXIT_FINDINGS);
	cli_account(c, in.set, in.name, rc, &s);
	if (!c->quiet)
		emit_end(&c->em, &c->totals, 0);
	cli_close(c, &in);
	return c->status;
}

/* The words after the command, one blank apart: the game reads its own
   position notation (NULL: no words, the start position). */
static char *
position_text(const cli *c)
{
	if (c->nfiles == 0)
		return NULL;
	size_t size = 0;
	for (int i = 0; i < c->nfiles; i++)
		size += strlen(c->files[i]) + 1;
	char *text = malloc(size);
	if (text == NULL)
		usage_error("out of memory%s", "");
	size_t len = 0;
	for (int i = 0; i < c->nfiles; i++) {
		size_t n = strlen(c->files[i]);
		memcpy(text + len, c->files[i], n);
		len += n;
		text[len++] = i + 1 < c->nfiles ? ' ' : '\0';
	}
	return text;
}

int
cmd_moves(cli *c)
{
	if (c->game == NULL)
		usage_error("moves needs --game NAME%s", "");
	cli_output_open(c);
	nt_sink out = nt_sink_stdio(c->out);
	nt_sink err = nt_sink_stdio(stderr);
	char *position = position_text(c);
	nt_moves_request req = {
		.position = position,
		.form = c->tsv ? NT_MOVES_TSV
		        : c->format == EMIT_JSON ? NT_MOVES_JSON : NT_MOVES_TEXT,
	};
	int rc = nt_list_moves(c->game, &req, &c->base.opts, &out, &err);
	free(position);
	if (rc == -2)
		cli_usage_error(c, "%s has no move generator", nt_game_name(c->game));
	if (rc != 0) {
		cli_output_discard(c);
		return EXIT_USAGE;
	}
	return EXIT_CLEAN;
}

int
cmd_explain(cli *c)
{
	if (c->nfiles == 0)
		usage_error("explain needs a CODE%s", "");
	cli_output_open(c);
	for (int i = 0; i < c->nfiles; i++) {
		const nt_code_info *info = nt_code_lookup(c->files[i]);
		if (info == NULL) {
			fprintf(stderr, "notate: unknown code '%s'\n", c->files[i]);
			raise_status(c, EXIT_USAGE);
			continue;
		}
		fprintf(c->out, "%s (%s): %s\n\n%s\n", info->code,
		       nt_severity_name(info->severity), info->summary,
		       info->explain);
	}
	return c->status;
}

static int
sink_fd_write(void *handle, const void *buf, size_t size)
{
	return fwrite(buf, 1, size, handle) == size ? 0 : -1;
}

/* One generated record into PATH (atomically), or to stdout when NULL. */
static int
generate_one(cli *c, const nt_generate_request *req, const char *path)
{
	nt_sink err = nt_sink_stdio(stderr);
	if (path == NULL) {
		nt_sink out = nt_sink_stdio(stdout);
		return nt_generate(c->game, req, &out, &err);
	}
	outfile of;
	if (outfile_open(&of, path, NULL) != 0) {
		fprintf(stderr, "notate: %s: %s\n", path, strerror(errno));
		return 2;
	}
	nt_sink out = { sink_fd_write, of.fp };
	int rc = nt_generate(c->game, req, &out, &err);
	if (rc != 0) {
		outfile_abort(&of);
		return rc;
	}
	/* Generated data need not survive a crash: skip the sync. */
	if (outfile_commit(&of, 0) != 0) {
		fprintf(stderr, "notate: %s: %s\n", path, strerror(errno));
		return 2;
	}
	return 0;
}

/*
 * Makes the folder DIR and any missing parents, as `mkdir -p` does; a path
 * that exists must be a folder.  Returns 0, or -1 with errno set.
 */
static int
make_folders(const char *dir)
{
	char path[4096];
	size_t n = strlen(dir);
	if (n == 0 || n >= sizeof path) {
		errno = n == 0 ? ENOENT : ENAMETOOLONG;
		return -1;
	}
	memcpy(path, dir, n + 1);
	for (size_t i = 1; i <= n; i++) {
		if (path[i] != '/' && path[i] != '\0')
			continue;
		char keep = path[i];
		path[i] = '\0';
		struct stat st;
		if (mkdir(path, 0777) != 0 &&
		    (errno != EEXIST || stat(path, &st) != 0 || !S_ISDIR(st.st_mode))) {
			if (errno == EEXIST)
				errno = ENOTDIR;
			return -1;
		}
		path[i] = keep;
	}
	return 0;
}

int
cmd_generate(cli *c)
{
	if (c->game == NULL)
		usage_error("generate needs --game NAME%s", "");
	nt_generate_request req = c->gen;
	req.rules = c->base.opts.rules;
	req.nrules = c->base.opts.nrules;
	if (req.games <= 0)
		req.games = 1;
	int rc;
	if (c->output_dir != NULL && c->output != NULL)
		usage_error("-d DIR and -o FILE exclude each other%s", "");
	if (c->output_dir != NULL && !nt_game_one_per_file(c->game))
		usage_error("%s holds many games per file: -o FILE, not -d DIR",
		            nt_game_name(c->game));
	/* With -d, one file per game, even for one game (-d was ignored). */
	if (nt_game_one_per_file(c->game) &&
	    (req.games > 1 || c->output_dir != NULL)) {
		if (c->output_dir == NULL)
			usage_error("%s holds one game per file: give -d DIR for "
			            "--games", nt_game_name(c->game));
		if (make_folders(c->output_dir) != 0) {
			fprintf(stderr, "notate: %s: %s\n", c->output_dir,
			        strerror(errno));
			return EXIT_UNREADABLE;
		}
		const char *ext = nt_game_extensions(c->game)[0];
		unsigned long long seed = req.seed;
		long games = req.games;
		rc = 0;
		for (long i = 0; i < games && rc == 0; i++) {
			char path[4096];
			snprintf(path, sizeof path, "%s/game-%06ld%s", c->output_dir,
			         i + 1, ext);
			req.seed = seed + (unsigned long long)i;
			req.games = 1;
			rc = generate_one(c, &req, path);
		}
	} else {
		rc = generate_one(c, &req, c->output);
	}
	fflush(stdout);
	if (rc == -2)
		usage_error("%s has no game generator", nt_game_name(c->game));
	return rc == 0 ? EXIT_CLEAN : rc == 2 ? EXIT_UNREADABLE : EXIT_USAGE;
}

void
cli_print_forms(FILE *to, const nt_game *game)
{
	for (const char *const *f = nt_game_forms(game); *f; f++)
		fprintf(to, " %s", *f);
	/* The JSON record is the core's, for every game with statistics. */
	if (nt_game_has_form(game, "json"))
		fputs(" json", to);
}

int
cmd_games(cli *c)
{
	cli_output_open(c);
	for (size_t i = 0; i < nt_game_count(); i++) {
		const nt_game *g = nt_game_at(i);
		fprintf(c->out, "%s: %s\n  extensions:", nt_game_name(g),
		        nt_game_title(g));
		for (const char *const *e = nt_game_extensions(g); *e; e++)
			fprintf(c->out, " %s", *e);
		for (const char *const *e = nt_game_shared_extensions(g); *e; e++)
			fprintf(c->out, " %s (when the content is the game's)", *e);
		fputs("\n  forms:", c->out);
		cli_print_forms(c->out, g);
		fputs("\n", c->out);
	}
	return EXIT_CLEAN;
}

