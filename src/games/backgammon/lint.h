/*
 * notate lint for backgammon: roll cells that are legal but not written as
 * the canonical writers write them (spec 4.2, 4.3, 7.2, 7.3).  A cell is
 * judged by the form its dice say: `6-4:` is a sheet cell, `64:` a mat
 * cell.  Only cells the replay accepted are looked at, and the play of a
 * cell that already has bg-hit-marker-missing is left alone.
 */
#ifndef NT_BG_LINT_H
#define NT_BG_LINT_H

#include "games/backgammon/record.h"

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

struct bg_replay;

void bg_lint_init(bg_lint *l);

/*
 * One accepted roll cell C of the game being replayed, played from BEFORE.
 * J is the engine's judgement (NULL for the unknown-play mark ????); ROLL
 * says how it was played (enum bg_roll_kind); WARNED: the play already got
 * bg-hit-marker-missing.
 */
void bg_lint_roll(struct bg_replay *rp, const bg_cell *c, const bg_pos *before,
                  const bg_judgement *j,
                  int roll, int warned);

/* The end of the file: dice written in two ways (bg-dice-mixed). */
void bg_lint_end(struct bg_replay *rp);

#endif
