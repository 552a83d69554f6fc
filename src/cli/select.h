/*
 * What `notate select` (and `stats` with the same options) asks of a game:
 * criteria over the record facts, the diagnostics and the moves the
 * library reports.  Different criteria must all hold; a criterion given
 * more than once holds when any of its values does.
 */
#ifndef NT_CLI_SELECT_H
#define NT_CLI_SELECT_H

#define SEL_MAX 64

typedef struct sel_range {
	long min, max;                /* -1: no bound */
} sel_range;

typedef struct sel_opts {
	const char *player[SEL_MAX];  /* --player GLOB */
	int nplayer;
	const char *winner[SEL_MAX];  /* --winner GLOB */
	int nwinner;
	const char *tag[SEL_MAX];     /* --tag KEY=GLOB or KEY=FROM..TO */
	int ntag;
	const char *result[SEL_MAX];  /* --result GLOB */
	int nresult;
	long length[SEL_MAX];         /* --match-length N */
	int nlength;
	sel_range moves[SEL_MAX];     /* --moves MIN..MAX */
	int nmoves;
	const char *has[SEL_MAX];     /* --has CODE (a glob) */
	int nhas;
	int legal, illegal;           /* --legal, --illegal */
	int list;                     /* select --list */
	int all;                      /* diff --all */
	int given;                    /* some criterion was given */
} sel_opts;

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

#endif
