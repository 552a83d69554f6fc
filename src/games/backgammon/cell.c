/* What the replay and lint ask of a cell as written (cell.h). */
#include "games/backgammon/cell.h"

int
bg_cell_sheet(const bg_cell *c)
{
	return c->text_len > 1 && c->text[1] == '-';
}

int
bg_cell_kept_steps(const bg_cell *c, const bg_pos *before, int mover,
                   const bg_step *steps, int nsteps, bg_step out[4])
{
	if (c == NULL || c->written != BG_WRITTEN_TEXT || bg_cell_sheet(c) ||
	    c->nhops > BG_HOPS_MAX)
		return 0;
	return bg_steps_as_written(before, mover, c->hops, c->nhops, steps,
	                           nsteps, out);
}
