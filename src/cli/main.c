/*
 * The notate command line: options, commands, exit statuses.  Everything
 * game-specific is behind libnotate.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cleanup.h"
#include "cli/cli.h"
#include "cli/select.h"

static const char usage_text[] =
	"usage: notate [OPTIONS] COMMAND [OPTIONS] [FILE|DIR...]\n"
	"       notate [OPTIONS] FILE|DIR...   (check)\n"
	"\n"
	"commands:\n"
	"  check    replay every move under the game's rules; report every error\n"
	"  lint     check, plus style findings (non-canonical but legal notation)\n"
	"  fmt      rewrite records in canonical form (--check, --diff, -i)\n"
	"  convert  --to FORM: rewrite records in another form\n"
	"  show     print the board at a move (--move N, --row N, --game-no N,\n"
	"           --ply N, --final, --svg)\n"
	"  stats    games, moves, results and each game's figures (-f csv: a\n"
	"           table; --matches: each match and each player)\n"
	"  moves    --game NAME POSITION...: list the legal moves of a position\n"
	"  explain  CODE: the rule behind a diagnostic code\n"
	"  generate --game NAME: random legal games (tests and benchmarks)\n"
	"  games    list the games notate knows, with their extensions and forms\n";

/* The options, after the archive commands (select.c): one string would be
   longer than C11 compilers must take. */
static const char usage_options[] =
	"\n"
	"options:\n"
	"  -g, --game NAME      the game, when the file name does not tell it\n"
	"                       (auto, the default: by name, then by content)\n"
	"  -v, --verbose        also report legal files\n"
	"  -q, --quiet          no findings, no summary; the exit status tells\n"
	"      --summary        a closing line: files, games, moves, errors, warnings,\n"
	"                       style findings, files skipped, findings ignored\n"
	"  -f, --format FORMAT  diagnostics as gnu (default), json, sarif or github\n"
	"                       (stats: text, json or csv; show -f json: the\n"
	"                       position; moves: text, tsv or json)\n"
	"  -W, --severity LEVEL report, and count for the exit status, LEVEL and up:\n"
	"                       error, warning or style\n"
	"      --ignore CODE[,CODE...]  drop these findings (globs: bg-play-*)\n"
	"      --select CODE[,CODE...]  report only these findings\n"
	"      --no-rc          read no .notaterc (found from each input's folder up)\n"
	"      --max-errors N   report at most N errors per file\n"
	"      --max-warnings N exit 1 when the run has more than N warnings\n"
	"                       (then warnings and style count only in all)\n"
	"      --stop           end the run after the first file with findings\n"
	"      --context        show the line and mark the move under each gnu line\n"
	"      --color[=WHEN]   colour gnu lines: auto (a terminal), always, never\n"
	"  -r, --recursive      the records in folders too, in name order (.txt\n"
	"                       and files without an extension by their content)\n"
	"      --include GLOB   in folders, only files matching GLOB (repeatable)\n"
	"      --exclude GLOB   in folders, skip files and folders matching GLOB\n"
	"  -j, --jobs N         check N files at a time (output stays in order;\n"
	"                       0: one per processor)\n"
	"      --strict         strict mode (backgammon: some warnings become errors)\n"
	"      --lenient        accept a game's lenient forms (Bao's short forms)\n"
	"      --rule NAME=VALUE  a rule choice (games that have them)\n"
	"      --to FORM        convert, select, split, find: the target form\n"
	"  -o, --output FILE    write FILE (atomically) instead of standard output\n"
	"                       ('-': standard output; never an input file)\n"
	"  -i, --in-place       convert, fmt: replace each input file atomically\n"
	"      --check          fmt: exit 1 if any file would change\n"
	"      --diff           fmt: print a unified diff (for git apply)\n"
	"      --repair         fmt: also write right what the rules settle beyond\n"
	"                       doubt, shown as a diff (or written with -i)\n"
	"      --fix            lint: fix the findings, as fmt (with its options)\n"
	"      --move N, --row N, --ply N, --game-no N   show: which position\n"
	"      --matches        stats: a report per match file and per player\n"
	"      --stdin-name NAME  the name '-' (standard input) gets in messages\n"
	"      --seed N --games N --max-moves N --endless   generate\n"
	"  -d, --output-dir DIR generate: one game a file, into DIR\n"
	"  -n, --per-file N     split: N games a file, one record of them\n"
	"  -h, --help           this text\n"
	"      --version        the version\n";

/* After select's options (select.c): they would make one string longer
   than C11 compilers must take. */
static const char usage_end[] =
	"\n"
	"FILE '-' is standard input.  Exit status: 0 clean, 1 findings,\n"
	"2 an input could not be read, 3 usage error, 4 internal error.\n";

static void
print_usage(void)
{
	fputs(usage_text, stdout);
	fputs(sel_commands_text, stdout);
	fputs(usage_options, stdout);
	fputs(sel_usage_text, stdout);
	fputs(usage_end, stdout);
}

void
usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "notate: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'notate --help'.\n");
	exit(EXIT_USAGE);
}

void
raise_status(cli *c, int status)
{
	if (status > c->status)
		c->status = status;
}

void
cli_note(const char *name, const char *text)
{
	/* In input order, also when both streams go to one place (2>&1). */
	fflush(stdout);
	fprintf(stderr, "notate: %s: %s\n", name, text);
}

void
cli_cannot_read(cli *c, const char *name, const char *why)
{
	cli_note(name, why);
	if (!c->quiet)
		emit_unreadable(&c->em, name, why);
	c->totals.unreadable++;
	raise_status(c, EXIT_UNREADABLE);
}

void
cli_output_open(cli *c)
{
	c->out = stdout;
	if (c->output == NULL)
		return;
	if (outfile_open(&c->of, c->output, NULL) != 0) {
		fprintf(stderr, "notate: %s: cannot write: %s\n", c->output,
		        strerror(errno));
		exit(EXIT_UNREADABLE);
	}
	c->out = c->of.fp;
}

void
cli_output_close(cli *c)
{
	if (c->out != NULL && c->out != stdout) {
		if (outfile_commit(&c->of, 1) != 0) {
			fprintf(stderr, "notate: %s: cannot write: %s\n", c->output,
			        strerror(errno));
			raise_status(c, EXIT_UNREADABLE);
		}
		c->out = stdout;
	}
}

void
cli_output_discard(cli *c)
{
	if (c->out != NULL && c->out != stdout)
		outfile_abort(&c->of);
	c->out = stdout;
}

_Noreturn void
cli_usage_error(cli *c, const char *fmt, const char *arg)
{
	cli_output_discard(c);
	usage_error(fmt, arg);
}

static void
print_diag(void *user, const nt_diag *d)
{
	emit_diag(user, d);
}

/* --color=auto: colour for a terminal, unless NO_COLOR or TERM=dumb say no. */
static int
wants_color(const cli *c, FILE *to)
{
	if (c->color_mode != COLOR_AUTO)
		return c->color_mode == COLOR_ALWAYS;
	const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");
	return isatty(fileno(to)) && (no_color == NULL || *no_color == '\0') &&
	       term != NULL && strcmp(term, "dumb") != 0;
}

void
cli_handler(cli *c, FILE *to, nt_handler *h)
{
	c->em.format = c->format;
	c->em.to = to;
	/* The library drops what -W and --ignore leave out, unformatted. */
	c->em.lowest = NT_SEV_STYLE;
	if (to != c->color_for) {
		c->color_for = to;
		c->color_on = wants_color(c, to);
	}
	c->em.color = c->color_on;
	c->em.context = c->show_context ? &c->ctx : NULL;
	memset(h, 0, sizeof *h);
	h->on_diag = c->quiet ? NULL : print_diag;
	h->user = &c->em;
}

const settings *
cli_settings_for(cli *c, const char *path)
{
	if (c->no_rc)
		return &c->base;
	return settings_for_path(&c->rc, &c->base, c->game, path);
}

void
cli_account(cli *c, const settings *set, const char *name, int rc,
            const nt_summary *s)
{
	c->totals.files++;
	emit_file_done(&c->em);
	c->totals.games += s->games;
	c->totals.moves += s->moves;
	c->totals.errors += s->errors;
	/* The summary counts what -W lets through, as the report shows it. */
	c->totals.warnings += set->lowest <= NT_SEV_WARNING ? s->warnings : 0;
	c->totals.style += set->lowest <= NT_SEV_STYLE ? s->style : 0;
	c->totals.ignored += s->ignored;
	if (rc < 0 || s->unreadable)
		cli_cannot_read(c, name, "read error");
	long counted = s->errors;
	/* With --max-warnings the warnings count in all, not file by file. */
	if (set->counted <= NT_SEV_WARNING && c->max_warnings < 0)
		counted += s->warnings;
	if (set->counted <= NT_SEV_STYLE && c->max_warnings < 0)
		counted += s->style;
	int too_many = c->max_warnings >= 0 &&
	               c->totals.warnings + c->totals.style > c->max_warnings;
	if (counted > 0 || too_many)
		raise_status(c, EXIT_FINDINGS);
	if (c->stop && (counted > 0 || too_many))
		c->stopped = 1;
}

void
cli_judge_warnings(cli *c)
{
	if (c->max_warnings < 0 || c->totals.warnings + c->totals.style <= c->max_warnings)
		return;
	if (!c->quiet) {
		fflush(stdout);
		fprintf(stderr, "notate: %lld warning%s, more than --max-warnings "
		        "%ld allows\n", c->totals.warnings + c->totals.style,
		        c->totals.warnings + c->totals.style == 1 ? "" : "s", c->max_warnings);
	}
	raise_status(c, EXIT_FINDINGS);
}

/* --- options --------------------------------------------------------- */

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

/* An option's value, given as "--name value", "--name=value" or "-x value". */
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

/* Whether ARG is the option: its long NAME (maybe with =value) or SHORT. */
static int
is_option(const char *arg, const char *name, const char *short_name)
{
	size_t n = strlen(name);
	if (short_name != NULL && strcmp(arg, short_name) == 0)
		return 1;
	return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

/* A short option with its value glued on: -j2, -fjson. */
static int
is_glued(const char *arg, const char *short_name)
{
	return short_name != NULL && strncmp(arg, short_name, 2) == 0 &&
	       arg[2] != '\0';
}

/* The value of an option that has a long and a short spelling. */
static const char *
value_of(int argc, char **argv, int *i, const char *name, const char *short_name)
{
	if (is_glued(argv[*i], short_name))
		return argv[*i] + 2;
	return short_name != NULL && strcmp(argv[*i], short_name) == 0
		? option_value(argc, argv, i, short_name)
		: option_value(argc, argv, i, name);
}

/* Whether ARG is an option with a value, in any of its spellings. */
static int
is_valued(const char *arg, const char *name, const char *short_name)
{
	return is_option(arg, name, short_name) || is_glued(arg, short_name);
}

static void
add_glob(const char **globs, int *n, const char *glob)
{
	if (*n == MAX_GLOBS)
		usage_error("too many globs (at most %s)", "64");
	globs[(*n)++] = glob;
}

/* Whether ARG is the flag (an option without a value): NAME or SHORT. */
static int
is_flag(const char *arg, const char *name, const char *short_name)
{
	return strcmp(arg, name) == 0 ||
	       (short_name != NULL && strcmp(arg, short_name) == 0);
}

/* An option about findings, as a .notaterc line would give it. */
static void
cli_setting(cli *c, const char *name, const char *value)
{
	char why[600];
	if (settings_apply(&c->base, NULL, name, value, why, sizeof why) != 0)
		usage_error("%s", why);
}

/* Options that take no value; returns 0 when ARG is none of them. */
static int
parse_flag(cli *c, const char *a)
{
	if (is_flag(a, "--verbose", "-v"))
		c->verbose = 1;
	else if (is_flag(a, "--quiet", "-q"))
		c->quiet = 1;
	else if (strcmp(a, "--summary") == 0)
		c->summary = 1;
	else if (strcmp(a, "--stop") == 0)
		c->stop = 1;
	else if (strcmp(a, "--context") == 0)
		c->show_context = 1;
	else if (strcmp(a, "--color") == 0)
		c->color_mode = COLOR_ALWAYS;
	else if (strcmp(a, "--strict") == 0)
		cli_setting(c, "strict", NULL);
	else if (strcmp(a, "--lenient") == 0)
		cli_setting(c, "lenient", NULL);
	else if (strcmp(a, "--no-rc") == 0)
		c->no_rc = 1;
	else if (strcmp(a, "--matches") == 0)
		c->matches = 1;
	else if (is_flag(a, "--recursive", "-r"))
		c->recursive = 1;
	else if (is_flag(a, "--in-place", "-i"))
		c->in_place = 1;
	else if (strcmp(a, "--check") == 0)
		c->check_only = 1;
	else if (strcmp(a, "--diff") == 0)
		c->diff = 1;
	else if (strcmp(a, "--repair") == 0)
		c->repair = 1;
	else if (strcmp(a, "--fix") == 0)
		c->fix = 1;
	else if (strcmp(a, "--svg") == 0)
		c->svg = 1;
	else if (strcmp(a, "--final") == 0)
		c->final = 1;
	else if (strcmp(a, "--endless") == 0)
		c->gen.endless = 1;
	else
		return 0;
	return 1;
}

/*
 * Short flags grouped after one '-' (-rv, -qr), as POSIX utilities take
 * them; returns 0 unless every letter is a flag.
 */
static int
parse_grouped(cli *c, const char *a)
{
	if (a[0] != '-' || a[1] == '-' || a[1] == '\0' || a[2] == '\0')
		return 0;
	for (const char *p = a + 1; *p; p++)
		if (strchr("vqri", *p) == NULL)
			return 0;
	for (const char *p = a + 1; *p; p++) {
		char one[3] = { '-', *p, '\0' };
		parse_flag(c, one);
	}
	return 1;
}

/* Options with a value; returns 0 when ARG is none of them. */
static int
parse_valued(cli *c, int argc, char **argv, int *i, int *nrules)
{
	const char *a = argv[*i];
	if (is_valued(a, "--game", "-g")) {
		const char *name = value_of(argc, argv, i, "--game", "-g");
		/* auto: by each file's name, then its content (the default). */
		c->game = strcmp(name, "auto") == 0 ? NULL : nt_game_by_name(name);
		if (c->game == NULL && strcmp(name, "auto") != 0)
			usage_error("unknown game '%s' (see 'notate games')", name);
	} else if (is_option(a, "--rule", NULL)) {
		const char *rule = option_value(argc, argv, i, "--rule");
		if (strchr(rule, '=') == NULL)
			usage_error("--rule takes NAME=VALUE, not '%s'", rule);
		if (*nrules == MAX_RULES)
			usage_error("too many --rule options%s", "");
		c->base.rules[(*nrules)++] = rule;
		c->base.given |= GIVEN_RULE;
	} else if (is_option(a, "--max-errors", NULL)) {
		c->base.opts.max_errors = parse_count("--max-errors",
			option_value(argc, argv, i, "--max-errors"), 1);
		c->base.given |= GIVEN_MAX_ERRORS;
	} else if (is_option(a, "--ignore", NULL)) {
		cli_setting(c, "ignore", option_value(argc, argv, i, "--ignore"));
	} else if (is_option(a, "--select", NULL)) {
		cli_setting(c, "select", option_value(argc, argv, i, "--select"));
	} else if (is_option(a, "--max-warnings", NULL)) {
		c->max_warnings = parse_count("--max-warnings",
			option_value(argc, argv, i, "--max-warnings"), 0);
	} else if (strncmp(a, "--color=", 8) == 0) {
		static const char *const modes[] = { "auto", "always", "never" };
		int m = 0;
		while (m < 3 && strcmp(a + 8, modes[m]) != 0)
			m++;
		if (m == 3)
			usage_error("--color takes auto, always or never, not '%s'", a + 8);
		c->color_mode = m;
	} else if (is_option(a, "--buffer-size", NULL)) {
		/* For tests of the refilling lexers; not in --help. */
		c->base.opts.buffer_size = (size_t)parse_count("--buffer-size",
			option_value(argc, argv, i, "--buffer-size"), 1);
	} else if (is_valued(a, "--output", "-o")) {
		c->output = value_of(argc, argv, i, "--output", "-o");
	} else if (is_valued(a, "--format", "-f")) {
		const char *f = value_of(argc, argv, i, "--format", "-f");
		/* stats speaks text or json; json means the same everywhere. */
		c->tsv = strcmp(f, "tsv") == 0;
		c->csv = strcmp(f, "csv") == 0;
		if (strcmp(f, "text") == 0 || c->tsv || c->csv)
			f = "gnu";
		if (emit_parse_format(f, &c->format) != 0)
			usage_error("unknown format '%s' (gnu, json, sarif, github; "
			            "moves: text, tsv, json)", f);
	} else if (is_valued(a, "--severity", "-W")) {
		const char *l = value_of(argc, argv, i, "--severity", "-W");
		if (emit_parse_level(l, &c->base.lowest) != 0)
			usage_error("unknown level '%s' (error, warning, style)", l);
		c->base.counted = c->base.lowest;
		c->base.given |= GIVEN_SEVERITY;
	} else if (is_valued(a, "--jobs", "-j")) {
		c->jobs = parse_count("--jobs", value_of(argc, argv, i, "--jobs", "-j"), 0);
		/* 0: as many as there are processors online (make -j, xargs -P). */
		if (c->jobs == 0) {
			long cpus = sysconf(_SC_NPROCESSORS_ONLN);
			c->jobs = cpus > 0 ? cpus : 1;
		}
	} else if (is_option(a, "--include", NULL)) {
		add_glob(c->include, &c->ninclude, option_value(argc, argv, i, "--include"));
	} else if (is_option(a, "--exclude", NULL)) {
		add_glob(c->exclude, &c->nexclude, option_value(argc, argv, i, "--exclude"));
	} else if (is_valued(a, "--per-file", "-n")) {
		c->per_file = parse_count("--per-file",
			value_of(argc, argv, i, "--per-file", "-n"), 1);
	} else if (is_valued(a, "--output-dir", "-d")) {
		c->output_dir = value_of(argc, argv, i, "--output-dir", "-d");
	} else if (is_option(a, "--seed", NULL)) {
		c->gen.seed = (unsigned long long)parse_count("--seed",
			option_value(argc, argv, i, "--seed"), 0);
	} else if (is_option(a, "--games", NULL)) {
		c->gen.games = parse_count("--games",
			option_value(argc, argv, i, "--games"), 1);
	} else if (is_option(a, "--max-moves", NULL)) {
		c->gen.max_moves = parse_count("--max-moves",
			option_value(argc, argv, i, "--max-moves"), 1);
	} else if (is_option(a, "--to", NULL)) {
		c->to = option_value(argc, argv, i, "--to");
	} else if (is_option(a, "--stdin-name", NULL)) {
		c->stdin_name = option_value(argc, argv, i, "--stdin-name");
	} else if (is_option(a, "--move", NULL)) {
		c->show.move = parse_count("--move",
			option_value(argc, argv, i, "--move"), 0);
	} else if (is_option(a, "--game-no", NULL)) {
		c->show.game_no = parse_count("--game-no",
			option_value(argc, argv, i, "--game-no"), 1);
	} else if (is_option(a, "--row", NULL)) {
		c->show.row = parse_count("--row",
			option_value(argc, argv, i, "--row"), 1);
	} else if (is_option(a, "--ply", NULL)) {
		c->show.ply = parse_count("--ply",
			option_value(argc, argv, i, "--ply"), 0);
	} else {
		return 0;
	}
	return 1;
}

/* Every long option, for "did you mean" (--help lists what each does). */
static const char *const long_options[] = {
	"--check", "--color", "--context", "--diff", "--endless", "--exclude",
	"--final", "--fix", "--format", "--game", "--game-no", "--games",
	"--help", "--ignore", "--in-place", "--include", "--jobs", "--lenient",
	"--matches", "--max-errors", "--max-moves", "--max-warnings", "--move",
	"--no-rc",
	"--output", "--output-dir", "--per-file", "--ply", "--quiet",
	"--recursive", "--repair", "--row",
	"--rule", "--seed", "--select", "--severity", "--stdin-name", "--stop",
	"--strict", "--summary", "--svg", "--to", "--verbose", "--version",
	/* select's criteria (select.c) */
	"--has", "--illegal", "--legal", "--list", "--match-length", "--moves",
	"--player", "--result", "--tag", "--winner", "--all", NULL
};

_Noreturn static void
unknown_option(const char *arg)
{
	char name[128];
	snprintf(name, sizeof name, "%.*s", (int)strcspn(arg, "="), arg);
	const char *near = strncmp(name, "--", 2) == 0
		? closest_word(name, long_options) : NULL;
	if (near == NULL)
		usage_error("unknown option '%s'", arg);
	fprintf(stderr, "notate: unknown option '%s' (did you mean '%s'?)\n"
	        "Try 'notate --help'.\n", arg, near);
	exit(EXIT_USAGE);
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
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			print_usage();
			exit(EXIT_CLEAN);
		} else if (strcmp(a, "--version") == 0) {
			printf("notate %s\n", NOTATE_VERSION);
			exit(EXIT_CLEAN);
		} else if (!parse_flag(c, a) && !parse_grouped(c, a) &&
		           !parse_valued(c, argc, argv, &i, &nrules) &&
		           !sel_parse_option(&c->sel, argc, argv, &i)) {
			unknown_option(a);
		}
	}
	c->base.opts.nrules = (size_t)nrules;
	settings_fix(&c->base);
	/* Twice '-' would read one stream twice (with -j, at once). */
	int stdins = 0;
	for (int f = 0; f < c->nfiles; f++)
		stdins += strcmp(c->files[f], "-") == 0;
	/* (moves reads positions, where '-' may be a field.) */
	if (stdins > 1 && strcmp(c->command, "moves") != 0)
		usage_error("standard input ('-') can be read only once%s", "");
}

/*
 * Rule choices are checked before any file is read: each must be a valid
 * choice of --game, or without --game of some game that has rule choices.
 */
static void
check_rules(const cli *c)
{
	for (size_t r = 0; r < c->base.opts.nrules; r++) {
		const char *item = c->base.opts.rules[r];
		char why[256] = "";
		int valid = 0, any_rules = 0;
		for (size_t g = 0; g < nt_game_count() && !valid; g++) {
			const nt_game *game = nt_game_at(g);
			if (c->game != NULL && game != c->game)
				continue;
			int rc = nt_check_rule(game, item, why, sizeof why);
			any_rules |= rc != -2;
			valid = rc == 0;
		}
		if (valid)
			continue;
		if (!any_rules)
			snprintf(why, sizeof why, "%s has no rule choices",
			         c->game ? nt_game_name(c->game) : "no game");
		fprintf(stderr, "notate: --rule %s: %s\n", item, why);
		exit(EXIT_USAGE);
	}
}

/*
 * Options that ask for an action only some commands take: elsewhere they
 * would be ignored, and the action silently not done (lint -i fixes
 * nothing).
 */
static void
check_actions(const cli *c)
{
	const char *cmd = c->command;
	int rewrites = strcmp(cmd, "convert") == 0 || strcmp(cmd, "fmt") == 0;
	/* lint --fix and lint --diff have become fmt by now: what fmt takes
	   is refused where lint has no --fix, and --fix where it is no lint. */
	if (c->fix && !c->lint_fixes)
		usage_error("--fix is for lint, not %s", cmd);
	if (c->lint_fixes && !c->lint_fix_named && (c->in_place || c->check_only))
		usage_error("%s is for lint --fix, not lint --diff",
		            c->in_place ? "--in-place" : "--check");
	if (c->in_place && !rewrites)
		usage_error("--in-place is for convert, fmt and lint --fix, not %s",
		            cmd);
	/* JSON is no record: it would replace one under the record's name. */
	if (c->in_place && c->to != NULL && strcmp(c->to, "json") == 0)
		usage_error("--in-place does not take --to json%s", "");
	if (c->check_only && strcmp(cmd, "fmt") != 0)
		usage_error("--check is for fmt and lint --fix, not %s", cmd);
	if (c->diff && strcmp(cmd, "fmt") != 0)
		usage_error("--diff is for fmt and lint, not %s", cmd);
	if (c->repair && strcmp(cmd, "fmt") != 0)
		usage_error("--repair is for fmt, not %s", cmd);
	if (c->to != NULL && strcmp(cmd, "convert") != 0 &&
	    strcmp(cmd, "select") != 0 && strcmp(cmd, "split") != 0 &&
	    strcmp(cmd, "find") != 0)
		usage_error("--to is for convert, select, split and find, not %s",
		            cmd);
	sel_check_command(&c->sel, cmd);
	if (c->per_file > 0 && strcmp(cmd, "split") != 0)
		usage_error("-n is for split, not %s", cmd);
	if ((c->svg || c->final) && strcmp(cmd, "show") != 0)
		usage_error("--svg and --final are for show, not %s", cmd);
	if ((c->show.move >= 0 || c->show.ply >= 0 || c->show.row > 0 ||
	     c->show.game_no >= 0) && strcmp(cmd, "show") != 0)
		usage_error("--move, --row, --ply and --game-no are for show, not %s",
		            cmd);
	if (c->tsv && strcmp(cmd, "moves") != 0)
		usage_error("-f tsv is for moves, not %s", cmd);
	if (c->csv && strcmp(cmd, "stats") != 0)
		usage_error("-f csv is for stats, not %s", cmd);
	if (c->matches && strcmp(cmd, "stats") != 0)
		usage_error("--matches is for stats, not %s", cmd);
	if (strcmp(cmd, "moves") == 0 &&
	    (c->format == EMIT_SARIF || c->format == EMIT_GITHUB))
		usage_error("moves writes text, tsv or json, not %s",
		            c->format == EMIT_SARIF ? "sarif" : "github");
	/* Source lines in JSON or SARIF would make them invalid. */
	if (c->show_context && c->format != EMIT_GNU)
		usage_error("--context is for the gnu format, not %s",
		            c->format == EMIT_JSON ? "json" : c->format == EMIT_SARIF
		            ? "sarif" : "github");
}

/* -o never names an input: the output would replace what it was made of. */
static void
check_output(cli *c)
{
	/* "-o -" is standard output, as "-" is standard input. */
	if (c->output != NULL && strcmp(c->output, "-") == 0)
		c->output = NULL;
	if (c->output == NULL)
		return;
	struct stat so, si;
	if (stat(c->output, &so) != 0)
		return;
	c->output_exists = 1;
	c->output_dev = so.st_dev;
	c->output_ino = so.st_ino;
	for (int i = 0; i < c->nfiles; i++)
		if (strcmp(c->files[i], "-") != 0 && stat(c->files[i], &si) == 0 &&
		    si.st_dev == so.st_dev && si.st_ino == so.st_ino)
			usage_error("-o '%s' is an input; only convert and fmt replace "
			            "inputs, with --in-place", c->output);
}

/*
 * The .notaterc files of the inputs named are read before anything is
 * written, so that a bad line stops the run before it starts (those of
 * folders found on the way are read as they come).
 */
static void
read_rc_files(cli *c, int (*run)(cli *))
{
	if (c->no_rc || run == cmd_explain || run == cmd_games ||
	    run == cmd_generate || run == cmd_moves)
		return;
	for (int i = 0; i < c->nfiles; i++) {
		struct stat st;
		char inside[4200];
		const char *path = c->files[i];
		/* A folder's own .notaterc governs what is in it. */
		if (strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
		    S_ISDIR(st.st_mode)) {
			snprintf(inside, sizeof inside, "%s/.", path);
			path = inside;
		}
		cli_settings_for(c, path);
	}
}

/* --- commands ---------------------------------------------------------- */

typedef struct command {
	const char *name;
	int (*run)(cli *c);
} command;

static const command commands[] = {
	{ "check", cmd_check },
	{ "lint", cmd_check },
	{ "fmt", cmd_fmt },
	{ "convert", cmd_convert },
	{ "show", cmd_show },
	{ "moves", cmd_moves },
	{ "explain", cmd_explain },
	{ "games", cmd_games },
	{ "generate", cmd_generate },
	{ "stats", cmd_stats },
	{ "select", cmd_select },
	{ "split", cmd_split },
	{ "diff", cmd_diff },
	{ "find", cmd_find },
	{ "dedup", cmd_dedup },
};

static const command *
find_command(const char *name)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(name, commands[i].name) == 0)
			return &commands[i];
	return NULL;
}

_Noreturn static void
unknown_command(const char *word)
{
	const char *names[sizeof commands / sizeof commands[0] + 1];
	size_t n = 0;
	for (; n < sizeof commands / sizeof commands[0]; n++)
		names[n] = commands[n].name;
	names[n] = NULL;
	const char *near = closest_word(word, names);
	if (near == NULL)
		usage_error("unknown command '%s'", word);
	fprintf(stderr, "notate: unknown command '%s' (did you mean '%s'?)\n"
	        "Try 'notate --help'.\n", word, near);
	exit(EXIT_USAGE);
}

/* Whether the options hold WHAT (before a "--" that ends them). */
static int
has_option(int argc, char **argv, const char *what)
{
	for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], what) == 0)
			return 1;
	return 0;
}

/* Standard input, or a path that exists (a file, a folder, a FIFO). */
static int
names_an_input(const char *arg)
{
	struct stat st;
	return strcmp(arg, "-") == 0 || stat(arg, &st) == 0;
}

/*
 * Where the command is: the first argument, or after options given before
 * it (notate -r -j 2 check DIR, as CLI.md's surface has them) the first
 * argument that names a command.  Returns 0 when there is none.
 */
static int
command_at(int argc, char **argv)
{
	if (argc < 2)
		return 0;
	if (argv[1][0] != '-' || strcmp(argv[1], "-") == 0)
		return 1;
	for (int i = 2; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (find_command(argv[i]) != NULL)
			return i;
	return 0;
}

int
main(int argc, char **argv)
{
	cli c;
	memset(&c, 0, sizeof c);
	c.show.move = c.show.game_no = c.show.ply = -1;
	c.show.row = 0;
	/* By default everything is reported and errors set the exit status. */
	c.base.lowest = NT_SEV_STYLE;
	c.base.counted = NT_SEV_ERROR;
	c.jobs = 1;
	c.max_warnings = -1;
	context_init(&c.ctx);
	c.of.cleanup_slot = -1;
	cleanup_install();
	if (argc >= 2 && strcmp(argv[1], "help") == 0) {
		print_usage();
		return EXIT_CLEAN;
	}
	int at = command_at(argc, argv);
	const command *run = at > 0 ? find_command(argv[at]) : NULL;
	if (run == NULL) {
		/* No command: check, as CLI.md has it, when the first argument
		   that is no option names a record; a misspelt command names
		   nothing and stays a usage error. */
		c.command = "check";
		parse_args(&c, argc - 1, argv + 1);
		if (c.nfiles == 0)
			usage_error("no command given%s", "");
		if (!names_an_input(c.files[0]))
			unknown_command(c.files[0]);
		run = find_command("check");
		at = 0;
	}
	const char *cmd = run->name;
	c.command = cmd;
	/* The options, before the command and after it, in their order. */
	char **args = malloc((size_t)argc * sizeof *args);
	if (args == NULL) {
		perror("notate");
		return EXIT_INTERNAL;
	}
	int nargs = 0;
	for (int i = 1; i < argc; i++)
		if (i != at)
			args[nargs++] = argv[i];
	/* lint --fix is fmt, as CLI.md pairs them: the canonical form on
	   standard output, or with --diff, --check or -i as fmt takes them;
	   lint --diff shows the fixes as fmt --diff does. */
	if (strcmp(cmd, "lint") == 0 && (has_option(nargs, args, "--fix") ||
	                                 has_option(nargs, args, "--diff"))) {
		c.lint_fixes = 1;
		c.lint_fix_named = has_option(nargs, args, "--fix");
		run = find_command("fmt");
		cmd = run->name;
		c.command = cmd;
	}
	/* lint reports style findings and, unless -W says otherwise, counts them. */
	if (strcmp(cmd, "lint") == 0) {
		c.base.opts.lint = 1;
		c.base.counted = NT_SEV_STYLE;
	}
	if (at > 0)
		parse_args(&c, nargs, args);
	/* generate reads its rules itself: they name presets and boards too. */
	if (run->run != cmd_generate)
		check_rules(&c);
	check_actions(&c);
	check_output(&c);
	read_rc_files(&c, run->run);
	int status = run->run(&c);
	cli_judge_warnings(&c);
	context_free(&c.ctx);
	cli_output_close(&c);
	if (c.status > status)
		status = c.status;
	/* Output lost to a full disk or a closed pipe is no success. */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "notate: cannot write the output: %s\n",
		        strerror(errno));
		if (status < EXIT_UNREADABLE)
			status = EXIT_UNREADABLE;
	}
	rc_cache_free(&c.rc);
	settings_free(&c.base);
	free(c.files);
	free(args);
	return status;
}
