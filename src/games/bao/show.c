/* The board as South sees it (notate show). */
#include "games/bao/record.h"

#include <stdio.h>

static void
put_row(const nt_sink *out, const char *label, const unsigned char *pits,
        const int *rings, int nyumba_col, const char *what)
{
	nt_sink_printf(out, "  %s ", label);
	for (int i = 0; i < 8; i++) {
		if (i == nyumba_col)
			nt_sink_printf(out, " [%2d]", pits[rings[i]]);
		else
			nt_sink_printf(out, "  %2d ", pits[rings[i]]);
	}
	nt_sink_printf(out, "   %s\n", what);
}

static void
nyumba_line(const nt_sink *out, const bao_pos *p, int side)
{
	const char *pit = side == BAO_SOUTH ? "A5" : "a5";
	int n = p->pit[side][BAO_NYUMBA];
	const char *state = !p->house[side] ? "destroyed"
	                    : n >= 6 ? "functional" : "standing, not functional";
	nt_sink_printf(out, "%s: reserve %d, nyumba %s %s (%d seed%s)\n",
	               bao_side_name(side), p->reserve[side], pit, state, n,
	               n == 1 ? "" : "s");
}

void
bao_render(const bao_game *g, long ply, const char *last_token,
           const nt_sink *out)
{
	static const int b_row[8] = { 8, 9, 10, 11, 12, 13, 14, 15 };
	static const int a_row[8] = { 7, 6, 5, 4, 3, 2, 1, 0 };
	static const int A_row[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	static const int B_row[8] = { 15, 14, 13, 12, 11, 10, 9, 8 };
	const bao_pos *p = &g->pos;
	if (ply == 0)
		nt_sink_puts(out, "Bao la Kiswahili, start position\n\n");
	else
		nt_sink_printf(out, "Bao la Kiswahili, after ply %ld (%s)\n\n", ply,
		               last_token);
	nt_sink_puts(out, "       8    7    6    5    4    3    2    1\n");
	put_row(out, "b", p->pit[BAO_NORTH], b_row, -1, "North's back row");
	put_row(out, "a", p->pit[BAO_NORTH], a_row, 3, "North's front row");
	nt_sink_puts(out, "     ----------------------------------------\n");
	put_row(out, "A", p->pit[BAO_SOUTH], A_row, 4, "South's front row");
	put_row(out, "B", p->pit[BAO_SOUTH], B_row, -1, "South's back row");
	nt_sink_puts(out, "       1    2    3    4    5    6    7    8\n\n");
	nyumba_line(out, p, BAO_NORTH);
	nyumba_line(out, p, BAO_SOUTH);
	char pit[3];
	if (p->takasia >= 0)
		nt_sink_printf(out, "Takasia: %s\n",
		               bao_pit_name(p->side, p->takasia, pit));
	else
		nt_sink_puts(out, "Takasia: none\n");
	if (g->over != BAO_ONGOING)
		nt_sink_printf(out, "Game over: %s won (%s)\n",
		               bao_side_name(g->winner),
		               g->over == BAO_HAMNA ? "bao hamna" : "the other side "
		               "cannot move");
	else
		nt_sink_printf(out, "To move: %s (%s)\n", bao_side_name(p->side),
		               p->reserve[p->side] ? "namu" : "mtaji");
	char pos[BAO_POS_TEXT];
	nt_sink_printf(out, "BaoPOS: %s\n", bao_pos_format(p, pos));
}
