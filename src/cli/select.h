/*
 * What `notate select` (and `stats` with the same options) asks of a game:
 * criteria over the record facts, the diagnostics and the moves the
 * library reports.  Different criteria must all hold; a criterion given
 * more than once holds when any of its values does.
 */
#ifndef NT_CLI_SELECT_H
#define NT_CLI_SELECT_H

#include "cli/cli.h"
#include "cli/select_opts.h"

/*
 * Takes ARGV[*I] when it is one of the options above (moving *I past a
 * value); returns 0 when it is none.  A bad value is a usage error.
 */
int sel_parse_option(sel_opts *o, int argc, char **argv, int *i);

/* The archive commands' part of --help: the commands, the options. */
extern const char sel_commands_text[];
extern const char sel_usage_text[];

/* A usage error when an option above was given to a command CMD that
   does not take it. */
void sel_check_command(const sel_opts *o, const char *cmd);

/*
 * The criteria as another command applies them (stats): it hands the
 * matcher what its handler receives, and is told each game chosen (in
 * file order, once the reading has gone past it) with its moves.
 */
typedef struct sel_file sel_match;
typedef void (*sel_chosen_fn)(void *ctx, long game, long moves);
sel_match *sel_match_new(const sel_opts *o, const char *name,
                         sel_chosen_fn fn, void *ctx);
void sel_match_fact(sel_match *m, const nt_fact *f);
void sel_match_move(sel_match *m, const nt_move *mv);
void sel_match_diag(sel_match *m, const nt_diag *d);
void sel_match_stat(sel_match *m, long game, const char *name, long value,
                    const char *text);
/* The end of the record of GAMES games: the last are decided. */
void sel_match_end(sel_match *m, long games);
void sel_match_free(sel_match *m);

/*
 * Writing the games chosen as records (select, find --to): the input is
 * read again at its end (a regular file where it is, any other input from
 * a temporary file it was kept in as it was read), and written whole
 * (as it is, or converted to --to's form) when every game was chosen,
 * else each game chosen as a record of its own (nt_extract).
 */
typedef struct sel_writer {
	nt_source inner;              /* the input as opened */
	/* A regular file is read again where it is (cli_read_again); any
	   other input is kept in KEEP as it is read. */
	int direct;
	FILE *keep;                   /* every byte read of it */
	int err;                      /* errno of a failed keeping */
	long *picked;                 /* the games chosen; with errors: negative */
	size_t npicked, cap;
} sel_writer;

/* Starts keeping IN's bytes; returns the source to read IN through. */
nt_source sel_writer_open(sel_writer *w, const input *in);
/* GAME is to be written (in file order); ERRORS: it has some. */
void sel_writer_pick(sel_writer *w, long game, int errors);
/*
 * After reading (RC as nt_check returned, DECIDED the games of the
 * record): reads the input to its end, writes what was picked to the
 * output, and frees what W holds.
 */
void sel_writer_close(cli *c, const input *in, sel_writer *w, int rc,
                      long decided);

#endif
