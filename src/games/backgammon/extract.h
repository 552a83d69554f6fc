/*
 * One game of a match as a record of its own (nt_extract): the header
 * lines and the comments after the match line as read, the game numbered
 * 1 at 0-0, and a match length that gives the game's result the same
 * meaning it had in the match (doc/backgammon.md, "One game of a match").
 * The game is written by the mat or sheet writer into a spool, because
 * the match line that precedes it depends on who won it.
 */
#ifndef NT_BG_EXTRACT_H
#define NT_BG_EXTRACT_H

#include "core/spool.h"
#include "games/backgammon/replay.h"
#include "games/backgammon/writer.h"

typedef struct bg_extract {
	bg_writer writer;             /* writes each wanted game into body */
	bg_output to_writer;          /* its callbacks */
	bg_output output;             /* what the replay feeds */
	const nt_pick *pick;
	nt_spool head, pregame, body;
	nt_sink body_sink;
	const bg_replay *rp;
	int match_seen;
	long length;
	const nt_sink *to;            /* the wanted game's sink; NULL: none */
	long score[2];                /* the score before it */
	int failed;
} bg_extract;

void bg_extract_init(bg_extract *x, int form, const nt_pick *pick,
                     const bg_replay *rp);
void bg_extract_free(bg_extract *x);
/* The lexer's echo of header and comment lines (as bg_writer_echo). */
void bg_extract_echo(void *ctx, const char *text, size_t len, int last);

#endif
