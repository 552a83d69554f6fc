/*
 * Internals shared by the engine's files (not part of the contract with the
 * records code, which uses bg_engine.h only).
 */
#ifndef NT_BG_ENGINE_INT_H
#define NT_BG_ENGINE_INT_H

#include <stdint.h>
#include <string.h>

#include "games/backgammon/bg_engine.h"

/* Bit p stands for point p (0..25). */
typedef unsigned bg_mask;

/*
 * The highest point (25 = bar) where ME has a checker; 0 when none.  Eight
 * points at a time first: bearing off, every step asks, and the checkers
 * are all low.
 */
static inline int
bg_highest(const unsigned char *me)
{
	int p = BG_BAR;
	for (; p >= 8; p -= 8) {
		uint64_t w;
		memcpy(&w, me + p - 7, sizeof w);
		if (w != 0)
			break;
	}
	while (p > 0 && me[p] == 0)
		p--;
	return p;
}

/*
 * The bodies of bg_step_check and bg_step_apply, inlined where the engine
 * makes steps in its inner loops (judging every roll, max dice).
 */
static inline bg_step_fault
bg_step_fault_of(const bg_pos *pos, int mover, int from, int die)
{
	const unsigned char *me = pos->n[mover];
	const unsigned char *op = pos->n[1 - mover];
	if (from < 1 || from > BG_BAR || me[from] == 0)
		return BG_STEP_EMPTY_POINT;
	if (me[BG_BAR] != 0 && from != BG_BAR)
		return BG_STEP_BAR_FIRST;
	int to = from - die;
	if (to >= 1)
		return op[25 - to] >= 2 ? BG_STEP_BLOCKED : BG_STEP_OK;
	/* Bearing off: the highest checker decides both remaining checks. */
	int top = bg_highest(me);
	if (top > 6)
		return BG_STEP_NOT_HOME;
	if (to < 0 && top > from)
		return BG_STEP_OVERAGE;
	return BG_STEP_OK;
}

static inline int
bg_step_make(bg_pos *pos, int mover, int from, int die)
{
	unsigned char *me = pos->n[mover];
	unsigned char *op = pos->n[1 - mover];
	int to = from - die;
	me[from]--;
	if (to <= 0) {
		me[BG_OFF]++;
		return 0;
	}
	me[to]++;
	if (op[25 - to] == 1) {
		op[25 - to] = 0;
		op[BG_BAR]++;
		return 1;
	}
	return 0;
}

/* Points 1..24 (in MOVER's numbering) where the opponent has one checker. */
bg_mask bg_blot_mask(const bg_pos *pos, int mover);

/*
 * Calls FN for every sequence of N legal steps of MOVER's roll that is a
 * legal play (spec 2.3; N must be bg_max_dice of the roll).  Doubles are
 * enumerated with starting points never increasing, which reaches every
 * position after a legal play (2.3: the steps can always be made highest
 * first); non-doubles in both die orders, so a position may come more than
 * once.  FN returns nonzero to stop; then bg_each_legal_play returns 1.
 */
typedef int (*bg_visit_fn)(void *ctx, const bg_pos *after,
                           const bg_step *steps, int nsteps);
int bg_each_legal_play(const bg_pos *pos, int mover, int die1, int die2,
                       int n, bg_visit_fn fn, void *ctx);

/* Sorting steps as the writers do: higher start first, then higher end. */
static inline int
bg_step_cmp(const bg_step *a, const bg_step *b)
{
	if (a->from != b->from)
		return a->from > b->from ? -1 : 1;
	if (a->to != b->to)
		return a->to > b->to ? -1 : 1;
	return 0;
}

/* At most four steps: insertion sort, stable. */
static inline void
bg_steps_sort(bg_step *steps, int n)
{
	for (int i = 1; i < n; i++) {
		bg_step s = steps[i];
		int j = i;
		while (j > 0 && bg_step_cmp(&steps[j - 1], &s) > 0) {
			steps[j] = steps[j - 1];
			j--;
		}
		steps[j] = s;
	}
}

/*
 * The chained paths of spec 7.3 (steps 1 to 3) for STEPS: up to four paths,
 * each a list of points from its start through the kept intermediate points
 * (blots hit on the way) to its end, with its number of copies.
 */
typedef struct bg_path {
	unsigned char pts[5];
	unsigned char len;       /* points in pts, 2..5 */
	unsigned char count;     /* copies, 1..4 */
} bg_path;

int bg_chain_paths(const bg_pos *before, int mover, const bg_step *steps,
                   int nsteps, bg_path paths[4]);

/* The hops the canonical sheet text of PATHS reads as (5.1); returns how many. */
int bg_paths_hops(const bg_pos *before, int mover, const bg_path *paths,
                  int npaths, bg_hop hops[16]);

/*
 * bg_judge is these two: the common case decided quickly (1, with J
 * filled), else (0, J untouched) the full search of 5.2-5.4, which gives
 * the same judgement for every roll.  Apart for the tests that prove it.
 */
int bg_judge_fast(const bg_pos *before, int mover, const bg_roll *roll,
                  bg_judgement *j);
bg_verdict bg_judge_search(const bg_pos *before, int mover,
                           const bg_roll *roll, int strict, bg_judgement *j);
/*
 * The search with N, the most dice the roll can use (n of 2.3), given:
 * bg_judge_search gives bg_max_dice's.  With the right N no play gets
 * BG_CODE_ILLEGAL_MOVE, the verdict left for a move generator that
 * disagrees with the step checks; a test gives a wrong N to reach it.
 */
bg_verdict bg_judge_search_with(const bg_pos *before, int mover,
                                const bg_roll *roll, int n, int strict,
                                bg_judgement *j);

#endif
