/*
 * Backgammon positions and single steps: spec 1.1, 1.2, 2.2 and 2.4.
 */
#include <string.h>

#include "games/backgammon/engine_int.h"

void
bg_pos_start(bg_pos *pos)
{
	memset(pos, 0, sizeof *pos);
	for (int s = 0; s < 2; s++) {
		pos->n[s][24] = 2;
		pos->n[s][13] = 5;
		pos->n[s][8] = 3;
		pos->n[s][6] = 5;
	}
}

int
bg_pos_equal(const bg_pos *a, const bg_pos *b)
{
	return memcmp(a->n, b->n, sizeof a->n) == 0;
}

int
bg_pos_valid(const bg_pos *pos)
{
	for (int s = 0; s < 2; s++) {
		int total = 0;
		for (int p = 0; p <= BG_BAR; p++)
			total += pos->n[s][p];
		if (total != BG_CHECKERS)
			return 0;
	}
	for (int p = 1; p <= 24; p++)
		if (pos->n[0][p] != 0 && pos->n[1][25 - p] != 0)
			return 0;
	return 1;
}

int
bg_pip_count(const bg_pos *pos, int side)
{
	int pips = 0;
	for (int p = 1; p <= BG_BAR; p++)
		pips += p * pos->n[side][p];
	return pips;
}

int
bg_win_multiplier(const bg_pos *pos, int winner)
{
	const unsigned char *loser = pos->n[1 - winner];
	if (loser[BG_OFF] > 0)
		return 1;
	for (int p = 19; p <= BG_BAR; p++)
		if (loser[p] > 0)
			return 3;
	return 2;
}

bg_mask
bg_blot_mask(const bg_pos *pos, int mover)
{
	const unsigned char *op = pos->n[1 - mover];
	bg_mask m = 0;
	for (int p = 1; p <= 24; p++)
		if (op[25 - p] == 1)
			m |= 1u << p;
	return m;
}

bg_step_fault
bg_step_check(const bg_pos *pos, int mover, int from, int die)
{
	return bg_step_fault_of(pos, mover, from, die);
}

bg_code
bg_step_fault_code(bg_step_fault fault)
{
	switch (fault) {
	case BG_STEP_EMPTY_POINT: return BG_CODE_EMPTY_POINT;
	case BG_STEP_BAR_FIRST: return BG_CODE_BAR_FIRST;
	case BG_STEP_BLOCKED: return BG_CODE_BLOCKED_POINT;
	case BG_STEP_NOT_HOME: return BG_CODE_BEAROFF_NOT_HOME;
	case BG_STEP_OVERAGE: return BG_CODE_BEAROFF_OVERAGE;
	case BG_STEP_OK: break;
	}
	return BG_CODE_NONE;
}

int
bg_step_apply(bg_pos *pos, int mover, int from, int die)
{
	return bg_step_make(pos, mover, from, die);
}
