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
	nt_spool trial;               /* a record of several games, composed */
	nt_sink body_sink;
	const bg_replay *rp;
	int match_seen;
	long length;
	const nt_sink *to;            /* the wanted game's sink; NULL: none */
	long score[2];                /* the score before it */
	/* The record being written (pick->per_record games at most): its
	   sink, its games written so far into body, the score before its
	   first, and the length one game alone would have. */
	const nt_sink *part;
	long part_games;
	long part_score[2];
	long single_length;
	int part_won;                 /* its last game won the match: 0, 1; -1 */
	int failed;
} bg_extract;

void bg_extract_init(bg_extract *x, int form, const nt_pick *pick,
                     const bg_replay *rp);
/* At the end of the input: the last record is written. */
void bg_extract_finish(bg_extract *x);
void bg_extract_free(bg_extract *x);
/* The lexer's echo of header and comment lines (as bg_writer_echo). */
void bg_extract_echo(void *ctx, const char *text, size_t len, int last);

#endif
