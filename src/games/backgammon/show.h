/*
 * `notate show`: the board of one game of the record after one of its
 * actions (--game-no N, --move M), drawn by the engine's bg_render.
 */
#ifndef NT_BG_SHOW_H
#define NT_BG_SHOW_H

#include "games/backgammon/replay.h"

typedef struct bg_shower {
	long want_game;         /* the game's ordinal in the file; -1: the last */
	long want_move;         /* actions of that game; -1: all of them */
	long want_row;          /* or its numbered rows; 0: not asked */
	long rows;              /* numbered rows begun in it */
	unsigned long row_line; /* the line of the row begun last */
	int found;              /* the requested position was reached */
	long game;              /* ordinal of the game captured */
	long moves;             /* actions replayed in it when captured */
	bg_pos pos;
	long cube;
	int owner;
	int crawford;
	int on_roll;
	int d1, d2;             /* the roll the player on roll plays next */
	int next_seen;          /* the action after the one shown was seen */
	long score[2];
	char name[2][BG_NAME_MAX + 1];   /* as written, NULs and all */
	size_t name_len[2];
	char qname[2][200];     /* quoted for the text and SVG boards */
	char last[BG_CELL_TEXT];     /* the action shown last, as written */
	long number;            /* the game's number as written */
	int svg;                /* draw an SVG picture */
	int json;               /* write the position as JSON */
} bg_shower;

void bg_shower_init(bg_shower *sh, const nt_show_request *req);
void bg_shower_output(bg_shower *sh, bg_output *out);
/* Writes the board; 0, or -4 when the record has no such game or move. */
int bg_shower_finish(bg_shower *sh, const bg_replay *rp, const nt_sink *out);

#endif
