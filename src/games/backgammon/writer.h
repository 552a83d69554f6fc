/*
 * The two writers of spec section 4: `mat` exactly as GNU Backgammon 1.07
 * writes it, and the canonical `sheet`.  They share the layout of 4.1 (rows
 * of a left and a right cell) and differ in cell texts, result lines and
 * trailing blanks.  A writer is fed by the replay (replay.h, bg_output) as
 * it accepts each action, so converting streams like checking.
 */
#ifndef NT_BG_WRITER_H
#define NT_BG_WRITER_H

#include "games/backgammon/replay.h"

enum bg_form { BG_FORM_MAT, BG_FORM_SHEET };

/* Room for a left cell and a right cell of any length the replay accepts. */
#define BG_WCELL 160

typedef struct bg_writer {
	const nt_sink *out;
	int form;               /* enum bg_form */
	int failed;             /* a write failed */
	int match_seen;
	int pregame;            /* comment lines after the match line */
	long row;               /* rows written in this game */
	int open;               /* a row holds a left cell and no right cell */
	int open_pass;          /* ...and that cell is a pass */
	int open_resigned;      /* ...or a roll left unplayed (rolled, resigned) */
	char left[BG_WCELL];
} bg_writer;

void bg_writer_init(bg_writer *w, const nt_sink *out, int form);
/* Ends the output once the whole record has been read. */
void bg_writer_finish(bg_writer *w);
/* The bg_output that feeds W. */
void bg_writer_output(bg_writer *w, bg_output *out);
/* The lexer's echo of the lines before the match line (and of comment
   lines between it and the first game). */
void bg_writer_echo(void *ctx, const char *text, size_t len, int last);

#endif
