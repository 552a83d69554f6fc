/*
 * The notate command line: what the commands share.  It knows commands,
 * files and exit codes; every game-specific decision belongs to the game
 * modules behind libnotate.
 */
#ifndef NT_CLI_CLI_H
#define NT_CLI_CLI_H

#include <stdio.h>
#include <sys/types.h>

#include "notate/notate.h"
#include "cli/context.h"
#include "cli/emit.h"
#include "cli/outfile.h"
#include "cli/select_opts.h"
#include "cli/settings.h"

/* Exit statuses, one table for every command (README, "Exit status"). */
enum {
	EXIT_CLEAN = 0,
	EXIT_FINDINGS = 1,
	EXIT_UNREADABLE = 2,
	EXIT_USAGE = 3,
	EXIT_INTERNAL = 4
};

enum { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };

#define MAX_RULES 64
#define MAX_GLOBS 64
#define SNIFF_SIZE 4096

typedef struct cli {
	const char *command;
	const nt_game *game;          /* --game, or NULL to decide per file */
	int verbose;
	int quiet;
	int summary;                  /* --summary */
	int stop;                     /* --stop: end the run at a file with findings */
	int stopped;                  /* ...and it has come */
	long max_warnings;            /* --max-warnings, or -1 */
	int show_context;             /* --context */
	context ctx;                  /* ...the file whose lines it shows */
	int color_mode;               /* --color: COLOR_AUTO, _ALWAYS, _NEVER */
	FILE *color_for;              /* the stream the choice below is for */
	int color_on;
	const char *to;               /* convert --to */
	const char *output;           /* -o */
	int in_place;                 /* -i */
	int check_only;               /* fmt --check */
	int diff;                     /* fmt --diff */
	int repair;                   /* fmt --repair */
	int fix;                      /* lint --fix: run as fmt */
	int lint_fixes;               /* lint --fix or --diff became fmt */
	int lint_fix_named;           /* ... and --fix was given */
	const char *stdin_name;
	int recursive;                /* -r */
	const char *include[MAX_GLOBS], *exclude[MAX_GLOBS];
	int ninclude, nexclude;
	long jobs;                    /* -j */
	const char *output_dir;       /* generate -d */
	long per_file;                /* split -n: games a file; 0: one */
	nt_generate_request gen;
	nt_show_request show;
	int svg;                      /* show --svg */
	int final;                    /* show --final: the end, said outright */
	settings base;                /* the command line's options about findings */
	int no_rc;                    /* --no-rc: no .notaterc is read */
	rc_cache rc;                  /* the .notaterc files read */
	long long records_found;      /* files of folders handed over to be read */
	/* The game the walk read off the content of the file it is handing
	 * over (at WALK_PATH, the walk's own buffer), so that opening it does
	 * not sniff it a second time; NULL when the name told or none did. */
	const char *walk_path;
	const nt_game *walk_game;
	char **files;
	int nfiles;
	emit_format format;           /* -f */
	int tsv;                      /* -f tsv (moves only) */
	int csv;                      /* -f csv (stats only) */
	int matches;                  /* stats --matches */
	sel_opts sel;                 /* select's criteria (select.h) */
	emitter em;
	emit_totals totals;
	FILE *out;                    /* the command's output: stdout, or -o's */
	outfile of;                   /* -o's temporary file, until the end */
	int output_exists;            /* -o names an existing file: */
	dev_t output_dev;             /* which one, so that -r never reads it */
	ino_t output_ino;
	int status;                   /* worst exit status so far */
	/*
	 * A note of the walk about a folder (one it cannot read, when
	 * UNREADABLE; one it skips): written now, or (-j) queued in turn.
	 */
	void (*on_note)(struct cli *c, const char *path, const char *text,
	                int unreadable, void *ctx);
} cli;

_Noreturn void usage_error(const char *fmt, const char *arg);
/* Usage beats unreadable beats findings beats clean. */
void raise_status(cli *c, int status);
/* A diagnostics handler writing to TO in the chosen format (-q: nowhere). */
void cli_handler(cli *c, FILE *to, nt_handler *h);
/*
 * Folds one file's summary into the totals and the exit status (and with
 * --stop, ends the run at a file with findings).
 */
void cli_account(cli *c, const settings *set, const char *name, int rc,
                 const nt_summary *s);
/* The settings for PATH: the command line's over its .notaterc's. */
const settings *cli_settings_for(cli *c, const char *path);
/* At the end of a run: --max-warnings, when the warnings went past it. */
void cli_judge_warnings(cli *c);
void cli_cannot_read(cli *c, const char *name, const char *why);
/* The forms `convert --to` takes for GAME, each after a blank. */
void cli_print_forms(FILE *to, const nt_game *game);
/* A note on stderr, in order with stdout: "notate: NAME: TEXT". */
void cli_note(const char *name, const char *text);
/*
 * Where a command that writes one stream writes it: stdout, or with -o a
 * temporary file beside FILE, renamed over it by cli_output_close (so a
 * report appears whole, and never replaces an input).
 */
void cli_output_open(cli *c);
/* Commits -o, or flushes stdout; a failed write raises the status to 2. */
void cli_output_close(cli *c);
/* Drops -o's temporary file: the destination stays as it was. */
void cli_output_discard(cli *c);
/* A usage error found once the output is open: drops -o's file first. */
_Noreturn void cli_usage_error(cli *c, const char *fmt, const char *arg);

/* --- inputs (input.c) --- */

/* The first bytes of an input, read ahead to recognise its game. */
typedef struct head_source {
	int fd;
	/*
	 * A regular file is read with pread from OFFSET: no file position is
	 * shared, so threads reading their own files take no lock for it.
	 */
	int positional;
	off_t offset;
	unsigned char head[SNIFF_SIZE];
	size_t size;
	size_t pos;
} head_source;

typedef struct input {
	const char *path;             /* as given; "-" for stdin */
	const char *name;             /* for messages */
	int fd;
	head_source head;
	off_t start;                  /* where the input began in its file */
	nt_source src;
	const nt_game *game;
	const settings *set;          /* cli_open: the options it is read with */
} input;

/*
 * Opens PATH and decides its game (--game, extension, content; SNIFFED is
 * the game a look at its content already named, or NULL).  Returns 0, or
 * -1 with the reason in WHY.  Touches no shared state: worker threads
 * call it.
 */
int input_open(const cli *c, const char *path, const nt_game *sniffed,
               input *in, char *why, size_t whysize);
/* The game the walk sniffed for PATH, when it is the file being handed
 * over; else NULL. */
const nt_game *cli_walk_sniffed(const cli *c, const char *path);
/* The same for the main thread: a failure is reported and counted. */
int cli_open(cli *c, const char *path, input *in);
void input_close(input *in);
/* Closes what cli_open opened. */
void cli_close(cli *c, input *in);
/* Where a second reading of a regular input is. */
typedef struct input_again {
	int fd;
	off_t at;
} input_again;
/* IN (a regular file: in->head.positional) read again from its start,
   where it is, through A. */
nt_source cli_read_again(const input *in, input_again *a);

/*
 * Calls FN for every file the arguments name: files as given, folders
 * walked in name order with -r (keeping files some game claims, or --game's,
 * that match --include and not --exclude).  A folder without -r is
 * reported as unreadable.
 */
typedef void (*path_fn)(cli *c, const char *path, void *ctx);
void cli_each_path(cli *c, path_fn fn, void *ctx);

/* --- commands --- */
int cmd_check(cli *c);        /* check.c: check and lint */
int cmd_convert(cli *c);      /* convert.c */
int cmd_fmt(cli *c);          /* convert.c */
int cmd_show(cli *c);         /* commands.c */
int cmd_moves(cli *c);
int cmd_explain(cli *c);
int cmd_games(cli *c);
int cmd_generate(cli *c);
int cmd_stats(cli *c);        /* stats.c */
int cmd_select(cli *c);       /* select.c */
int cmd_split(cli *c);        /* split.c */
int cmd_diff(cli *c);         /* diff.c */
int cmd_find(cli *c);         /* find.c */
int cmd_dedup(cli *c);        /* dedup.c */

#endif
