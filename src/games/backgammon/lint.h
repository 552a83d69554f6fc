/*
 * notate lint for backgammon: roll cells that are legal but not written as
 * the canonical writers write them (spec 4.2, 4.3, 7.2, 7.3).  A cell is
 * judged by the form its dice say: `6-4:` is a sheet cell, `64:` a mat
 * cell.  Only cells the replay accepted are looked at, and the play of a
 * cell that already has bg-hit-marker-missing is left alone.
 */
#ifndef NT_BG_LINT_H
#define NT_BG_LINT_H

#include "games/backgammon/cell.h"

/* The first accepted roll cell whose dice are written one way. */
typedef struct bg_lint_first {
	long cells;             /* accepted roll cells written this way */
	nt_loc loc, end;        /* the first such cell */
	long game, move;
	char quoted[200];
} bg_lint_first;

typedef struct bg_lint {
	bg_lint_first dice[2];  /* 0: `64:`, 1: `6-4:` */
	int second;             /* the way that came second (-1: none yet) */
} bg_lint;

/* Where the lint of a cell reports: the file's reporter, and the game and
   move (cell) the cell is. */
typedef struct bg_lint_at {
	nt_reporter *rep;
	long game, move;
} bg_lint_at;

void bg_lint_init(bg_lint *l);

/*
 * One accepted roll cell C of the game being replayed, played from BEFORE,
 * counted into L.  J is the engine's judgement (NULL for the unknown-play
 * mark ????); ROLL says how it was played (enum bg_roll_kind); WARNED: the
 * play already got bg-hit-marker-missing.
 */
void bg_lint_roll(bg_lint *l, const bg_lint_at *at, const bg_cell *c,
                  const bg_pos *before, const bg_judgement *j, int roll,
                  int warned);

/* The end of the file: dice written in two ways (bg-dice-mixed). */
void bg_lint_end(const bg_lint *l, nt_reporter *rep);

#endif
