/*
 * The criteria of `notate select` (and of `stats` with the same options),
 * apart from select.h so that the command line's struct holds them
 * without including the command that reads them.
 */
#ifndef NT_CLI_SELECT_OPTS_H
#define NT_CLI_SELECT_OPTS_H

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

#endif
