/*
 * The notate command line.  It knows commands, files and exit codes; every
 * game-specific decision belongs to the game modules behind libnotate.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "notate/notate.h"
#include "cli/emit.h"
#include "cli/outfile.h"

/* Exit statuses, one table for every command (README, "Exit status"). */
enum {
	EXIT_CLEAN = 0,
	EXIT_FINDINGS = 1,
	EXIT_UNREADABLE = 2,
	EXIT_USAGE = 3,
	EXIT_INTERNAL = 4
};

#define MAX_RULES 64
#define SNIFF_SIZE 4096

typedef struct cli {
	const char *command;
	const nt_game *game;          /* --game, or NULL to decide per file */
	int verbose;
	int quiet;
	const char *to;               /* convert --to */
	const char *output;           /* -o */
	int in_place;
	const char *stdin_name;
	int recursive;
	const char *output_dir;       /* generate -d */
	nt_generate_request gen;
	nt_show_request show;
	nt_options opts;
	const char *rules[MAX_RULES];
	char **files;
	int nfiles;
	int status;                   /* worst exit status so far */
	int summary;                  /* --summary */
	emit_format format;           /* -f */
	nt_severity lowest;           /* -W: lowest level reported and counted */
	int level_given;
	emitter em;
	emit_totals totals;
} cli;

/* The first bytes of an input, read ahead to recognise its game. */
typedef struct head_source {
	int fd;
	unsigned char head[SNIFF_SIZE];
	size_t size;
	size_t pos;
} head_source;

static const char usage_text[] =
	"usage: notate COMMAND [OPTIONS] [FILE...]\n"
	"\n"
	"commands:\n"
	"  check    replay every move under the game's rules; report every error\n"
	"  convert  --to FORM: rewrite a record in another form\n"
	"  show     print the board at a move (--move N, --game-no N, --ply N)\n"
	"  moves    --game NAME POSITION...: list the legal moves of a position\n"
	"  explain  CODE: the rule behind a diagnostic code\n"
	"  generate --game NAME: random legal games (tests and benchmarks)\n"
	"  games    list the games notate knows, with their extensions and forms\n"
	"\n"
	"options:\n"
	"  -g, --game NAME      the game, when the file name does not tell it\n"
	"  -v, --verbose        also report legal files\n"
	"  -q, --quiet          print nothing; the exit status tells\n"
	"  -r, --recursive      check the records in folders, in name order\n"
	"      --summary        a closing line: files, games, moves, errors, warnings\n"
	"  -f, --format FORMAT  diagnostics as gnu (default), json, sarif or github\n"
	"  -W, --severity LEVEL report (and count for the exit status) LEVEL and up:\n"
	"                       error, warning or style\n"
	"      --strict         the spec's strict mode (warnings that become errors)\n"
	"      --lenient        accept the lenient forms the spec allows\n"
	"      --rule NAME=VALUE  a rule choice (games that have them)\n"
	"      --max-errors N   report at most N errors per file\n"
	"  -o, --output FILE    convert: write FILE (atomically) instead of stdout\n"
	"  -i, --in-place       convert: replace each input file atomically\n"
	"      --to FORM        convert: the target form\n"
	"      --stdin-name NAME  the name '-' (standard input) gets in messages\n"
	"      --seed N --games N --max-moves N --endless -d DIR   generate\n"
	"  -h, --help           this text\n"
	"      --version        the version\n"
	"\n"
	"FILE '-' is standard input.  Exit status: 0 clean, 1 errors found,\n"
	"2 an input could not be read, 3 usage error.\n";

static _Noreturn void
usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "notate: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'notate --help'.\n");
	exit(EXIT_USAGE);
}

static void
raise_status(cli *c, int status)
{
	/* Usage beats unreadable beats findings beats clean. */
	if (status > c->status)
		c->status = status;
}

static long
parse_count(const char *option, const char *value, long min)
{
	char *end;
	errno = 0;
	long v = strtol(value, &end, 10);
	if (errno != 0 || *value == '\0' || *end != '\0' || v < min)
		usage_error("bad number for %s", option);
	return v;
}

/* Returns the value of an option given as "--name value" or "--name=value". */
static const char *
option_value(int argc, char **argv, int *i, const char *name)
{
	const char *arg = argv[*i];
	size_t n = strlen(name);
	if (strncmp(arg, name, n) == 0 && arg[n] == '=')
		return arg + n + 1;
	if (*i + 1 >= argc)
		usage_error("option %s needs a value", name);
	return argv[++*i];
}

static int
is_option(const char *arg, const char *name)
{
	size_t n = strlen(name);
	return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

static void
parse_args(cli *c, int argc, char **argv)
{
	int nrules = 0;
	int only_files = 0;
	c->files = calloc((size_t)argc + 1, sizeof *c->files);
	if (c->files == NULL) {
		perror("notate");
		exit(EXIT_INTERNAL);
	}
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
			c->files[c->nfiles++] = argv[i];
		} else if (strcmp(a, "--") == 0) {
			only_files = 1;
		} else if (strcmp(a, "-g") == 0 || is_option(a, "--game")) {
			const char *name = strcmp(a, "-g") == 0
				? option_value(argc, argv, &i, "-g")
				: option_value(argc, argv, &i, "--game");
			c->game = nt_game_by_name(name);
			if (c->game == NULL)
				usage_error("unknown game '%s' (see 'notate games')", name);
		} else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
			c->verbose = 1;
		} else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
			c->quiet = 1;
		} else if (strcmp(a, "--strict") == 0) {
			c->opts.strict = 1;
		} else if (strcmp(a, "--lenient") == 0) {
			c->opts.lenient = 1;
		} else if (is_option(a, "--rule")) {
			const char *rule = option_value(argc, argv, &i, "--rule");
			if (strchr(rule, '=') == NULL)
				usage_error("--rule takes NAME=VALUE, not '%s'", rule);
			if (nrules == MAX_RULES)
				usage_error("too many --rule options%s", "");
			c->rules[nrules++] = rule;
		} else if (is_option(a, "--max-errors")) {
			c->opts.max_errors = parse_count("--max-errors",
				option_value(argc, argv, &i, "--max-errors"), 1);
		} else if (is_option(a, "--buffer-size")) {
			/* For tests of the refilling lexers; not in --help. */
			c->opts.buffer_size = (size_t)parse_count("--buffer-size",
				option_value(argc, argv, &i, "--buffer-size"), 1);
		} else if (strcmp(a, "-o") == 0 || is_option(a, "--output")) {
			c->output = strcmp(a, "-o") == 0
				? option_value(argc, argv, &i, "-o")
				: option_value(argc, argv, &i, "--output");
		} else if (strcmp(a, "--summary") == 0) {
			c->summary = 1;
		} else if (strcmp(a, "-f") == 0 || is_option(a, "--format")) {
			const char *f = strcmp(a, "-f") == 0
				? option_value(argc, argv, &i, "-f")
				: option_value(argc, argv, &i, "--format");
			if (emit_parse_format(f, &c->format) != 0)
				usage_error("unknown format '%s' (gnu, json, sarif, github)", f);
		} else if (strcmp(a, "-W") == 0 || is_option(a, "--severity")) {
			const char *l = strcmp(a, "-W") == 0
				? option_value(argc, argv, &i, "-W")
				: option_value(argc, argv, &i, "--severity");
			if (emit_parse_level(l, &c->lowest) != 0)
				usage_error("unknown level '%s' (error, warning, style)", l);
			c->level_given = 1;
		} else if (strcmp(a, "-r") == 0 || strcmp(a, "--recursive") == 0) {
			c->recursive = 1;
		} else if (strcmp(a, "-d") == 0 || is_option(a, "--output-dir")) {
			c->output_dir = strcmp(a, "-d") == 0
				? option_value(argc, argv, &i, "-d")
				: option_value(argc, argv, &i, "--output-dir");
		} else if (is_option(a, "--seed")) {
			c->gen.seed = (unsigned long long)parse_count("--seed",
				option_value(argc, argv, &i, "--seed"), 0);
		} else if (is_option(a, "--games")) {
			c->gen.games = parse_count("--games",
				option_value(argc, argv, &i, "--games"), 1);
		} else if (is_option(a, "--max-moves")) {
			c->gen.max_moves = parse_count("--max-moves",
				option_value(argc, argv, &i, "--max-moves"), 1);
		} else if (strcmp(a, "--endless") == 0) {
			c->gen.endless = 1;
		} else if (strcmp(a, "-i") == 0 || strcmp(a, "--in-place") == 0) {
			c->in_place = 1;
		} else if (is_option(a, "--to")) {
			c->to = option_value(argc, argv, &i, "--to");
		} else if (is_option(a, "--stdin-name")) {
			c->stdin_name = option_value(argc, argv, &i, "--stdin-name");
		} else if (is_option(a, "--move")) {
			c->show.move = parse_count("--move",
				option_value(argc, argv, &i, "--move"), 0);
		} else if (is_option(a, "--game-no")) {
			c->show.game_no = parse_count("--game-no",
				option_value(argc, argv, &i, "--game-no"), 1);
		} else if (is_option(a, "--ply")) {
			c->show.ply = parse_count("--ply",
				option_value(argc, argv, &i, "--ply"), 0);
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			fputs(usage_text, stdout);
			exit(EXIT_CLEAN);
		} else {
			usage_error("unknown option '%s'", a);
		}
	}
	c->opts.rules = c->rules;
	c->opts.nrules = (size_t)nrules;
}

/* --- diagnostics and moves ------------------------------------------- */

static void
print_diag(void *user, const nt_diag *d)
{
	emit_diag(user, d);
}

/* Diagnostics go to TO in the chosen format (quiet: nowhere). */
static const nt_handler *
handler_for(cli *c, FILE *to, nt_handler *h)
{
	c->em.format = c->format;
	c->em.to = to;
	c->em.lowest = c->lowest;
	h->on_diag = c->quiet ? NULL : print_diag;
	h->on_move = NULL;
	h->user = &c->em;
	return h;
}

/* --- inputs ---------------------------------------------------------- */

static long
head_read(void *handle, void *buf, size_t size)
{
	head_source *hs = handle;
	if (hs->pos < hs->size) {
		size_t n = hs->size - hs->pos;
		if (n > size)
			n = size;
		memcpy(buf, hs->head + hs->pos, n);
		hs->pos += n;
		return (long)n;
	}
	return (long)read(hs->fd, buf, size);
}

/* Reads ahead the first bytes, for recognising the game by content. */
static int
read_head(head_source *hs)
{
	hs->size = hs->pos = 0;
	while (hs->size < sizeof hs->head) {
		ssize_t n = read(hs->fd, hs->head + hs->size,
		                 sizeof hs->head - hs->size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		hs->size += (size_t)n;
	}
	return 0;
}

typedef struct input {
	const char *path;          /* as given; "-" for stdin */
	const char *name;          /* for messages */
	int fd;
	head_source head;
	nt_source src;
	const nt_game *game;
} input;

static void
cannot_read(cli *c, const char *name, const char *why)
{
	fprintf(stderr, "notate: %s: %s\n", name, why);
	raise_status(c, EXIT_UNREADABLE);
}

/* Opens one input and decides its game.  Returns 0, or -1 (reported). */
static int
open_input(cli *c, const char *path, input *in)
{
	memset(in, 0, sizeof *in);
	in->path = path;
	if (strcmp(path, "-") == 0) {
		in->fd = STDIN_FILENO;
		in->name = c->stdin_name ? c->stdin_name : "<stdin>";
	} else {
		in->name = path;
		in->fd = open(path, O_RDONLY);
		if (in->fd < 0) {
			cannot_read(c, path, strerror(errno));
			return -1;
		}
		struct stat st;
		if (fstat(in->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
			close(in->fd);
			cannot_read(c, path, "is a directory (use -r to check the "
			            "records in it)");
			return -1;
		}
	}
	in->head.fd = in->fd;
	in->game = c->game;
	if (in->game == NULL && strcmp(path, "-") != 0)
		in->game = nt_game_for_path(path);
	if (in->game == NULL && c->stdin_name != NULL && strcmp(path, "-") == 0)
		in->game = nt_game_for_path(c->stdin_name);
	if (in->game == NULL) {
		if (read_head(&in->head) != 0) {
			cannot_read(c, in->name, strerror(errno));
			if (in->fd != STDIN_FILENO)
				close(in->fd);
			return -1;
		}
		in->game = nt_game_sniff(in->head.head, in->head.size);
	}
	if (in->game == NULL) {
		cannot_read(c, in->name,
		            "cannot tell which game this is; name it with --game");
		if (in->fd != STDIN_FILENO)
			close(in->fd);
		return -1;
	}
	in->src.read = head_read;
	in->src.handle = &in->head;
	in->src.name = in->name;
	return 0;
}

static void
close_input(input *in)
{
	if (in->fd != STDIN_FILENO)
		close(in->fd);
}

/* Folds one file's outcome into the exit status. */
static void
account(cli *c, const input *in, int rc, const nt_summary *s)
{
	c->totals.files++;
	c->totals.games += s->games;
	c->totals.moves += s->moves;
	c->totals.errors += s->errors;
	c->totals.warnings += s->warnings;
	if (rc < 0 || s->unreadable) {
		c->totals.unreadable++;
		cannot_read(c, in->name, "read error");
	}
	/* Warnings count only when -W asks for them. */
	if (s->errors > 0 ||
	    (c->level_given && c->lowest <= NT_SEV_WARNING && s->warnings > 0))
		raise_status(c, EXIT_FINDINGS);
}

/* --- commands -------------------------------------------------------- */

static void
check_file(cli *c, const char *path)
{
	nt_handler h;
	handler_for(c, stdout, &h);
	input in;
	if (open_input(c, path, &in) != 0)
		return;
	nt_summary s;
	int rc = nt_check(in.game, &in.src, &c->opts, &h, &s);
	account(c, &in, rc, &s);
	if (c->verbose && !c->quiet && c->format == EMIT_GNU)
		printf("%s: %s: %s, %ld game%s, %ld move%s, %ld error%s, "
		       "%ld warning%s, result %s\n", in.name,
		       nt_game_name(in.game),
		       s.errors ? "illegal" : "legal",
		       s.games, s.games == 1 ? "" : "s",
		       s.moves, s.moves == 1 ? "" : "s",
		       s.errors, s.errors == 1 ? "" : "s",
		       s.warnings, s.warnings == 1 ? "" : "s",
		       s.result[0] ? s.result : "-");
	close_input(&in);
}

/* In a folder, only files that some game (or --game) claims by extension. */
static int
wanted_in_folder(const cli *c, const char *name)
{
	const nt_game *g = nt_game_for_path(name);
	return g != NULL && (c->game == NULL || g == c->game);
}

static void check_path(cli *c, const char *path);

static void
check_folder(cli *c, const char *path)
{
	struct dirent **names;
	int n = scandir(path, &names, NULL, alphasort);
	if (n < 0) {
		cannot_read(c, path, strerror(errno));
		return;
	}
	for (int i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		if (name[0] != '.') {
			size_t len = strlen(path) + strlen(name) + 2;
			char *sub = malloc(len);
			if (sub == NULL) {
				perror("notate");
				exit(EXIT_INTERNAL);
			}
			snprintf(sub, len, "%s/%s", path, name);
			struct stat st;
			if (stat(sub, &st) == 0 && S_ISDIR(st.st_mode))
				check_path(c, sub);
			else if (wanted_in_folder(c, name))
				check_file(c, sub);
			free(sub);
		}
		free(names[i]);
	}
	free(names);
}

static void
check_path(cli *c, const char *path)
{
	struct stat st;
	if (c->recursive && strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
	    S_ISDIR(st.st_mode))
		check_folder(c, path);
	else
		check_file(c, path);
}

static int
cmd_check(cli *c)
{
	if (c->nfiles == 0)
		usage_error("check needs a FILE (or - for standard input)%s", "");
	nt_handler h;
	handler_for(c, stdout, &h);
	if (!c->quiet)
		emit_begin(&c->em);
	for (int i = 0; i < c->nfiles; i++)
		check_path(c, c->files[i]);
	if (!c->quiet)
		emit_end(&c->em, &c->totals, c->summary);
	fflush(stdout);
	return c->status;
}

static int
form_exists(const nt_game *game, const char *form)
{
	for (const char *const *f = nt_game_forms(game); *f; f++)
		if (strcmp(*f, form) == 0)
			return 1;
	return 0;
}

static int
same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static int
sink_file(void *handle, const void *buf, size_t size)
{
	return fwrite(buf, 1, size, handle) == size ? 0 : -1;
}

/* Converts one input into FP; returns nt_convert's code. */
static int
convert_into(cli *c, input *in, FILE *fp, nt_summary *s)
{
	nt_handler h;
	handler_for(c, stderr, &h);
	nt_sink sink = { sink_file, fp };
	int rc = nt_convert(in->game, &in->src, c->to, &sink, &c->opts, &h, s);
	if (rc == 0 && ferror(fp))
		rc = -3;
	return rc;
}

static void
convert_one(cli *c, const char *path)
{
	input in;
	if (open_input(c, path, &in) != 0)
		return;
	if (!form_exists(in.game, c->to)) {
		fprintf(stderr, "notate: %s: %s has no form '%s' (forms:", in.name,
		        nt_game_name(in.game), c->to);
		for (const char *const *f = nt_game_forms(in.game); *f; f++)
			fprintf(stderr, " %s", *f);
		fprintf(stderr, ")\n");
		close_input(&in);
		raise_status(c, EXIT_USAGE);
		return;
	}
	nt_summary s;
	int rc;
	const char *dest = c->in_place ? path : c->output;
	if (dest != NULL) {
		outfile of;
		if (outfile_open(&of, dest, c->in_place ? path : NULL) != 0) {
			fprintf(stderr, "notate: %s: cannot write beside it: %s\n",
			        dest, strerror(errno));
			close_input(&in);
			raise_status(c, EXIT_UNREADABLE);
			return;
		}
		rc = convert_into(c, &in, of.fp, &s);
		if (rc == 0) {
			if (outfile_commit(&of, 1) != 0) {
				fprintf(stderr, "notate: %s: cannot write: %s\n",
				        dest, strerror(errno));
				raise_status(c, EXIT_UNREADABLE);
			}
		} else {
			outfile_abort(&of);
		}
	} else {
		FILE *spool = spool_open();
		if (spool == NULL) {
			fprintf(stderr, "notate: cannot create a temporary file: %s\n",
			        strerror(errno));
			close_input(&in);
			raise_status(c, EXIT_INTERNAL);
			return;
		}
		rc = convert_into(c, &in, spool, &s);
		if (rc == 0 && spool_copy(spool, stdout) != 0) {
			fprintf(stderr, "notate: cannot write the output: %s\n",
			        strerror(errno));
			raise_status(c, EXIT_UNREADABLE);
		}
		fclose(spool);
	}
	if (rc == -3) {
		fprintf(stderr, "notate: %s: cannot write the output\n", in.name);
		raise_status(c, EXIT_UNREADABLE);
	} else if (rc > 0) {
		fprintf(stderr, "notate: %s: not converted\n", in.name);
	}
	account(c, &in, rc, &s);
	close_input(&in);
}

static int
cmd_convert(cli *c)
{
	if (c->to == NULL)
		usage_error("convert needs --to FORM%s", "");
	if (c->nfiles == 0)
		usage_error("convert needs a FILE (or - for standard input)%s", "");
	if (c->in_place && c->output != NULL)
		usage_error("--in-place and --output exclude each other%s", "");
	if (c->output != NULL && c->nfiles > 1)
		usage_error("--output takes one input file%s", "");
	for (int i = 0; i < c->nfiles; i++) {
		if (c->in_place && strcmp(c->files[i], "-") == 0)
			usage_error("--in-place cannot rewrite standard input%s", "");
		if (c->output != NULL && strcmp(c->files[i], "-") != 0 &&
		    same_file(c->files[i], c->output))
			usage_error("'%s' is the input; use --in-place to replace it",
			            c->output);
	}
	nt_handler h;
	handler_for(c, stderr, &h);
	if (!c->quiet)
		emit_begin(&c->em);
	for (int i = 0; i < c->nfiles; i++)
		convert_one(c, c->files[i]);
	if (!c->quiet)
		emit_end(&c->em, &c->totals, 0);
	fflush(stdout);
	return c->status;
}

static int
cmd_show(cli *c)
{
	if (c->nfiles != 1)
		usage_error("show takes one FILE (or - for standard input)%s", "");
	input in;
	if (open_input(c, c->files[0], &in) != 0)
		return c->status;
	nt_handler h;
	handler_for(c, stderr, &h);
	nt_sink out = nt_sink_stdio(stdout);
	nt_summary s;
	int rc = nt_show(in.game, &in.src, &c->show, &out, &c->opts, &h, &s);
	if (rc == -2)
		usage_error("this game has no board view%s", "");
	if (rc == -4)
		usage_error("%s holds no such game", in.name);
	if (rc == 1)
		raise_status(c, EXIT_FINDINGS);
	account(c, &in, rc, &s);
	close_input(&in);
	fflush(stdout);
	return c->status;
}

static int
cmd_moves(cli *c)
{
	if (c->game == NULL)
		usage_error("moves needs --game NAME%s", "");
	nt_sink out = nt_sink_stdio(stdout);
	nt_sink err = nt_sink_stdio(stderr);
	int rc = nt_list_moves(c->game, c->nfiles, c->files, &c->opts, &out, &err);
	fflush(stdout);
	if (rc == -2)
		usage_error("%s has no move generator", nt_game_name(c->game));
	return rc == 0 ? EXIT_CLEAN : EXIT_USAGE;
}

static int
cmd_explain(cli *c)
{
	if (c->nfiles == 0)
		usage_error("explain needs a CODE%s", "");
	for (int i = 0; i < c->nfiles; i++) {
		const nt_code_info *info = nt_code_lookup(c->files[i]);
		if (info == NULL) {
			fprintf(stderr, "notate: unknown code '%s'\n", c->files[i]);
			raise_status(c, EXIT_USAGE);
			continue;
		}
		printf("%s (%s): %s\n\n%s\n", info->code,
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

static int
cmd_generate(cli *c)
{
	if (c->game == NULL)
		usage_error("generate needs --game NAME%s", "");
	nt_generate_request req = c->gen;
	req.rules = c->opts.rules;
	req.nrules = c->opts.nrules;
	if (req.games <= 0)
		req.games = 1;
	int rc;
	if (nt_game_one_per_file(c->game) && req.games > 1) {
		if (c->output_dir == NULL)
			usage_error("%s holds one game per file: give -d DIR for "
			            "--games", nt_game_name(c->game));
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

static int
cmd_games(void)
{
	for (size_t i = 0; i < nt_game_count(); i++) {
		const nt_game *g = nt_game_at(i);
		printf("%s: %s\n  extensions:", nt_game_name(g), nt_game_title(g));
		for (const char *const *e = nt_game_extensions(g); *e; e++)
			printf(" %s", *e);
		printf("\n  forms:");
		for (const char *const *f = nt_game_forms(g); *f; f++)
			printf(" %s", *f);
		printf("\n");
	}
	return EXIT_CLEAN;
}

int
main(int argc, char **argv)
{
	cli c;
	memset(&c, 0, sizeof c);
	c.show.move = c.show.game_no = c.show.ply = -1;
	if (argc < 2)
		usage_error("no command given%s", "");
	const char *cmd = argv[1];
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
	    strcmp(cmd, "help") == 0) {
		fputs(usage_text, stdout);
		return EXIT_CLEAN;
	}
	if (strcmp(cmd, "--version") == 0) {
		printf("notate %s\n", NOTATE_VERSION);
		return EXIT_CLEAN;
	}
	parse_args(&c, argc - 2, argv + 2);
	int status;
	if (strcmp(cmd, "check") == 0)
		status = cmd_check(&c);
	else if (strcmp(cmd, "convert") == 0)
		status = cmd_convert(&c);
	else if (strcmp(cmd, "show") == 0)
		status = cmd_show(&c);
	else if (strcmp(cmd, "moves") == 0)
		status = cmd_moves(&c);
	else if (strcmp(cmd, "explain") == 0)
		status = cmd_explain(&c);
	else if (strcmp(cmd, "games") == 0)
		status = cmd_games();
	else if (strcmp(cmd, "generate") == 0)
		status = cmd_generate(&c);
	else
		usage_error("unknown command '%s'", cmd);
	free(c.files);
	return status;
}
