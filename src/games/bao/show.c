/* The board as South sees it (notate show). */
#include "games/bao/record.h"

#include <stdio.h>
#include <string.h>

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

/* A side's reserve and nyumba, as both views word them. */
static void
nyumba_text(const bao_pos *p, int side, char *buf, size_t size)
{
	const char *pit = side == BAO_SOUTH ? "A5" : "a5";
	int n = p->pit[side][BAO_NYUMBA];
	const char *state = !p->house[side] ? "destroyed"
	                    : n >= 6 ? "functional" : "standing, not functional";
	snprintf(buf, size, "%s: reserve %d, nyumba %s %s (%d seed%s)",
	         bao_side_name(side), p->reserve[side], pit, state, n,
	         n == 1 ? "" : "s");
}

static void
nyumba_line(const nt_sink *out, const bao_pos *p, int side)
{
	char line[160];
	nyumba_text(p, side, line, sizeof line);
	nt_sink_printf(out, "%s\n", line);
}

/* The takasia pit as both views word it. */
static void
takasia_text(const bao_pos *p, char *buf, size_t size)
{
	char pit[3];
	if (p->takasia >= 0)
		snprintf(buf, size, "Takasia: %s",
		         bao_pit_name(p->side, p->takasia, pit));
	else
		snprintf(buf, size, "Takasia: none");
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
	char line[160];
	takasia_text(p, line, sizeof line);
	nt_sink_printf(out, "%s\n", line);
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

/* The nyumba's state as the text view words it. */
static const char *
nyumba_state(const bao_pos *p, int side)
{
	return !p->house[side] ? "destroyed"
	       : p->pit[side][BAO_NYUMBA] >= 6 ? "functional" : "standing";
}

void
bao_render_json(const bao_game *g, long ply, const char *last_token,
                const nt_sink *out)
{
	const bao_pos *p = &g->pos;
	nt_sink_printf(out, "{\"game\":\"bao\",\"after_ply\":%ld,\"last\":",
	               ply);
	if (ply > 0)
		nt_sink_json_string(out, last_token);
	else
		nt_sink_puts(out, "null");
	/* Keyed by pit name (A1..B8 South's, a1..b8 North's), as moves are. */
	nt_sink_puts(out, ",\"pits\":{");
	for (int side = BAO_SOUTH; side <= BAO_NORTH; side++)
		for (int ring = 0; ring < 16; ring++) {
			char pit[3];
			nt_sink_printf(out, "%s\"%s\":%d",
			               side == BAO_SOUTH && ring == 0 ? "" : ",",
			               bao_pit_name(side, ring, pit), p->pit[side][ring]);
		}
	nt_sink_printf(out, "},\"reserve\":{\"south\":%d,\"north\":%d},"
	               "\"nyumba\":{\"south\":\"%s\",\"north\":\"%s\"},"
	               "\"takasia\":", p->reserve[BAO_SOUTH], p->reserve[BAO_NORTH],
	               nyumba_state(p, BAO_SOUTH), nyumba_state(p, BAO_NORTH));
	char pit[3];
	if (p->takasia >= 0)
		nt_sink_printf(out, "\"%s\"", bao_pit_name(p->side, p->takasia, pit));
	else
		nt_sink_puts(out, "null");
	if (g->over != BAO_ONGOING)
		nt_sink_printf(out, ",\"to_move\":null,\"stage\":null,"
		               "\"winner\":\"%s\",\"end\":\"%s\"",
		               bao_side_name(g->winner),
		               g->over == BAO_HAMNA ? "bao hamna" : "immobile");
	else
		nt_sink_printf(out, ",\"to_move\":\"%s\",\"stage\":\"%s\","
		               "\"winner\":null,\"end\":null",
		               bao_side_name(p->side),
		               p->reserve[p->side] ? "namu" : "mtaji");
	char pos[BAO_POS_TEXT];
	nt_sink_printf(out, ",\"baopos\":\"%s\"}\n", bao_pos_format(p, pos));
}

#define SVG_PIT 56        /* pixels between pit centres */
#define SVG_MARGIN 44

/* One pit: a hollow, its seed count, and its name. */
static void
svg_pit(const nt_sink *out, int x, int y, int seeds, const char *name,
        int nyumba, int takasia)
{
	if (nyumba)
		nt_sink_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"48\" "
		               "height=\"48\" rx=\"6\" fill=\"#c79a5b\" "
		               "stroke=\"#5b3a1a\" stroke-width=\"2\"/>\n",
		               x - 24, y - 24);
	else
		nt_sink_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"22\" "
		               "fill=\"#c79a5b\" stroke=\"#5b3a1a\" "
		               "stroke-width=\"2\"/>\n", x, y);
	if (takasia)
		nt_sink_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"26\" "
		               "fill=\"none\" stroke=\"#b22222\" stroke-width=\"3\" "
		               "stroke-dasharray=\"5 3\"/>\n", x, y);
	nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"18\" "
	               "text-anchor=\"middle\">%d</text>\n", x, y + 6, seeds);
	nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"10\" "
	               "fill=\"#7a1f1f\">%s</text>\n", x + 14, y - 16, name);
}

/* A token for XML text: its signs are markup characters. */
static const char *
xml_token(const char *token, char *out, size_t size)
{
	size_t o = 0;
	for (; *token && o + 5 < size; token++) {
		const char *rep = *token == '<' ? "&lt;" : *token == '>' ? "&gt;"
		                  : *token == '&' ? "&amp;" : NULL;
		if (rep) {
			memcpy(out + o, rep, strlen(rep));
			o += strlen(rep);
		} else {
			out[o++] = *token;
		}
	}
	out[o] = '\0';
	return out;
}

/* One line of text below the board (TEXT has no markup characters). */
static void
svg_line(const nt_sink *out, int y, const char *text)
{
	nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"15\">%s</text>\n",
	               SVG_MARGIN / 2, y, text);
}

void
bao_render_svg(const bao_game *g, long ply, const char *last_token,
               const nt_sink *out)
{
	char tok[64], caption[128];
	const bao_pos *p = &g->pos;
	int width = 2 * SVG_MARGIN + 7 * SVG_PIT;
	int board = 2 * SVG_MARGIN + 3 * SVG_PIT + 16;
	int height = board + 130;
	nt_sink_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	               "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
	               "font-family=\"sans-serif\">\n", width, height, width,
	               height);
	if (ply == 0)
		nt_sink_puts(out, "<title>Bao la Kiswahili, start position</title>\n");
	else
		nt_sink_printf(out, "<title>Bao la Kiswahili, after ply %ld "
		               "(%s)</title>\n", ply,
		               xml_token(last_token, tok, sizeof tok));
	nt_sink_printf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#e9d7a8\"/>\n",
	               width, height);
	if (ply == 0)
		snprintf(caption, sizeof caption, "Bao la Kiswahili, start position");
	else
		snprintf(caption, sizeof caption, "Bao la Kiswahili, after ply %ld "
		         "(%s)", ply, xml_token(last_token, tok, sizeof tok));
	svg_line(out, 16, caption);
	nt_sink_printf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	               "stroke=\"#5b3a1a\" stroke-width=\"3\"/>\n", SVG_MARGIN / 2,
	               SVG_MARGIN + SVG_PIT + SVG_PIT / 2 + 8, width - SVG_MARGIN / 2,
	               SVG_MARGIN + SVG_PIT + SVG_PIT / 2 + 8);
	/* Rows top to bottom as South sees them: b8..b1, a8..a1, A1..A8, B1..B8. */
	for (int row = 0; row < 4; row++) {
		int side = row < 2 ? BAO_NORTH : BAO_SOUTH;
		int y = SVG_MARGIN + row * SVG_PIT + (row >= 2 ? 16 : 0);
		for (int col = 0; col < 8; col++) {
			int ring = row == 0 ? 8 + col : row == 1 ? 7 - col
			           : row == 2 ? col : 15 - col;
			char name[3];
			bao_pit_name(side, ring, name);
			int nyumba = ring == BAO_NYUMBA && p->house[side];
			int takasia = side == p->side && ring == p->takasia;
			svg_pit(out, SVG_MARGIN + col * SVG_PIT, y, p->pit[side][ring],
			        name, nyumba, takasia);
		}
	}
	/* Below the board, what the text view says beside it: reserves and
	   nyumba, takasia, whose turn, the BaoPOS. */
	char line[BAO_POS_TEXT + 16];
	int y = board + 20;
	nyumba_text(p, BAO_NORTH, line, sizeof line);
	svg_line(out, y, line);
	nyumba_text(p, BAO_SOUTH, line, sizeof line);
	svg_line(out, y += 22, line);
	takasia_text(p, line, sizeof line);
	svg_line(out, y += 22, line);
	if (g->over != BAO_ONGOING)
		snprintf(line, sizeof line, "Game over: %s won (%s)",
		         bao_side_name(g->winner),
		         g->over == BAO_HAMNA ? "bao hamna" : "the other side cannot move");
	else
		snprintf(line, sizeof line, "To move: %s (%s)", bao_side_name(p->side),
		         p->reserve[p->side] ? "namu" : "mtaji");
	svg_line(out, y += 22, line);
	char pos[BAO_POS_TEXT];
	/* Smaller: a BaoPOS is wider than the board at the others' size. */
	nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\">BaoPOS: "
	               "%s</text>\n", SVG_MARGIN / 2, y + 22,
	               bao_pos_format(p, pos));
	nt_sink_puts(out, "</svg>\n");
}
