/* The board as ASCII art (notate show). */
#include "games/umlabalaba/um.h"

#include <string.h>

#include "core/game.h"

/* Grid position (column, row in 0..6) of each point. */
static const unsigned char where[UM_MAX_POINTS + 1][2] = {
	{ 0, 0 },
	{ 0, 0 }, { 3, 0 }, { 6, 0 }, { 6, 3 }, { 6, 6 }, { 3, 6 }, { 0, 6 }, { 0, 3 },
	{ 1, 1 }, { 3, 1 }, { 5, 1 }, { 5, 3 }, { 5, 5 }, { 3, 5 }, { 1, 5 }, { 1, 3 },
	{ 2, 2 }, { 3, 2 }, { 4, 2 }, { 4, 3 }, { 4, 4 }, { 3, 4 }, { 2, 4 }, { 2, 3 },
	{ 3, 3 }
};

#define COLS 4      /* characters between grid columns */
#define ROWS 2      /* lines between grid rows */
#define WIDTH (6 * COLS + 1)
#define HEIGHT (6 * ROWS + 1)

static void
draw_link(char grid[HEIGHT][WIDTH + 1], int p, int q)
{
	int x0 = where[p][0] * COLS, y0 = where[p][1] * ROWS;
	int x1 = where[q][0] * COLS, y1 = where[q][1] * ROWS;
	if (y0 == y1) {
		for (int x = (x0 < x1 ? x0 : x1) + 1; x < (x0 > x1 ? x0 : x1); x++)
			grid[y0][x] = '-';
	} else if (x0 == x1) {
		for (int y = (y0 < y1 ? y0 : y1) + 1; y < (y0 > y1 ? y0 : y1); y++)
			grid[y][x0] = '|';
	} else {
		/* Corner diagonals span one grid step: one slash at the middle. */
		int down_right = (x1 - x0) * (y1 - y0) > 0;
		grid[(y0 + y1) / 2][(x0 + x1) / 2] = down_right ? '\\' : '/';
	}
}

static char
marker(const um_game *g, int p)
{
	if (g->cows[UM_BLACK] & UM_BIT(p))
		return 'B';
	if (g->cows[UM_WHITE] & UM_BIT(p))
		return 'W';
	return '.';
}

static void
list_points(const nt_sink *out, const char *label, um_set s)
{
	nt_sink_printf(out, "%s", label);
	if (s == 0)
		nt_sink_puts(out, " none");
	for (int p = 1; p <= UM_MAX_POINTS; p++)
		if (s & UM_BIT(p))
			nt_sink_printf(out, " %d", p);
	nt_sink_puts(out, "\n");
}

void
um_render(const um_game *g, long after_move, const nt_sink *out)
{
	char grid[HEIGHT][WIDTH + 1];
	char key[HEIGHT][WIDTH + 1];
	for (int y = 0; y < HEIGHT; y++) {
		memset(grid[y], ' ', WIDTH);
		grid[y][WIDTH] = '\0';
	}
	const um_board *b = g->board;
	for (int p = 1; p <= b->points; p++)
		for (int q = p + 1; q <= b->points; q++)
			if (b->adj[p] & UM_BIT(q))
				draw_link(grid, p, q);
	memcpy(key, grid, sizeof grid);
	for (int p = 1; p <= b->points; p++) {
		int x = where[p][0] * COLS, y = where[p][1] * ROWS;
		grid[y][x] = marker(g, p);
		/* The key shows numbers, right-aligned on the point. */
		if (p >= 10) {
			key[y][x - (x > 0)] = (char)('0' + p / 10);
			key[y][x + (x == 0)] = (char)('0' + p % 10);
		} else {
			key[y][x] = (char)('0' + p);
		}
	}
	nt_sink_printf(out, "Umlabalaba, %d-point board, after move %ld\n\n",
	               b->points, after_move);
	for (int y = 0; y < HEIGHT; y++)
		nt_sink_printf(out, "  %s      %s\n", grid[y], key[y]);
	nt_sink_puts(out, "\n");
	list_points(out, "Black (B):", g->cows[UM_BLACK]);
	list_points(out, "White (W):", g->cows[UM_WHITE]);
	nt_sink_printf(out, "In hand: Black %d, White %d\n", g->hand[UM_BLACK],
	               g->hand[UM_WHITE]);
	char rules[512];
	um_format_rules(g->rules, rules, sizeof rules);
	nt_sink_printf(out, "Rules: %s\n", rules);
	if (g->result != UM_ONGOING) {
		char how[160];
		um_describe_end(g, how, sizeof how);
		nt_sink_printf(out, "Game over (%s): %s\n", um_result_text(g->result),
		               how);
	} else if (g->owes_ilobola != UM_NOBODY) {
		nt_sink_printf(out, "To move: %s, move %ld, who must give ilobola\n",
		               um_side_name(g->to_move), um_expected_number(g));
	} else {
		nt_sink_printf(out, "To move: %s, move %ld\n", um_side_name(g->to_move),
		               um_expected_number(g));
	}
}

/* --- JSON ------------------------------------------------------------ */

static void
json_points(const nt_sink *out, const char *key, um_set s)
{
	nt_sink_printf(out, ",\"%s\":[", key);
	const char *sep = "";
	for (int p = 1; p <= UM_MAX_POINTS; p++)
		if (s & UM_BIT(p)) {
			nt_sink_printf(out, "%s%d", sep, p);
			sep = ",";
		}
	nt_sink_puts(out, "]");
}

void
um_render_json(const um_game *g, long after_move, const nt_sink *out)
{
	nt_sink_printf(out, "{\"game\":\"umlabalaba\",\"board\":%d,"
	               "\"after_move\":%ld", g->board->points, after_move);
	json_points(out, "black", g->cows[UM_BLACK]);
	json_points(out, "white", g->cows[UM_WHITE]);
	nt_sink_printf(out, ",\"in_hand\":{\"black\":%d,\"white\":%d}",
	               g->hand[UM_BLACK], g->hand[UM_WHITE]);
	char text[512];
	um_format_rules(g->rules, text, sizeof text);
	nt_sink_puts(out, ",\"rules\":");
	nt_sink_json_string(out, text);
	nt_sink_puts(out, ",\"result\":");
	nt_sink_json_string(out, um_result_text(g->result));
	if (g->result != UM_ONGOING) {
		um_describe_end(g, text, sizeof text);
		nt_sink_puts(out, ",\"to_move\":null,\"next_move\":null,"
		             "\"owes_ilobola\":false,\"end\":");
		nt_sink_json_string(out, text);
	} else {
		nt_sink_printf(out, ",\"to_move\":\"%s\",\"next_move\":%ld,"
		               "\"owes_ilobola\":%s,\"end\":null",
		               um_side_name(g->to_move), um_expected_number(g),
		               g->owes_ilobola != UM_NOBODY ? "true" : "false");
	}
	nt_sink_puts(out, "}\n");
}

/* --- SVG ------------------------------------------------------------- */

#define SVG_STEP 52       /* pixels between grid lines */
#define SVG_MARGIN 40

static int
svg_x(int p)
{
	return SVG_MARGIN + where[p][0] * SVG_STEP;
}

static int
svg_y(int p)
{
	return SVG_MARGIN + where[p][1] * SVG_STEP;
}

void
um_render_svg(const um_game *g, long after_move, const nt_sink *out)
{
	const um_board *b = g->board;
	int size = 2 * SVG_MARGIN + 6 * SVG_STEP;
	int height = size + 90;
	nt_sink_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	               "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
	               "font-family=\"sans-serif\">\n", size, height, size, height);
	nt_sink_printf(out, "<title>Umlabalaba, %d-point board, after move "
	               "%ld</title>\n", b->points, after_move);
	nt_sink_printf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#e9d7a8\"/>\n",
	               size, height);
	nt_sink_puts(out, "<g stroke=\"#5b3a1a\" stroke-width=\"3\">\n");
	for (int p = 1; p <= b->points; p++)
		for (int q = p + 1; q <= b->points; q++)
			if (b->adj[p] & UM_BIT(q))
				nt_sink_printf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" "
				               "y2=\"%d\"/>\n", svg_x(p), svg_y(p), svg_x(q),
				               svg_y(q));
	nt_sink_puts(out, "</g>\n");
	for (int p = 1; p <= b->points; p++) {
		int x = svg_x(p), y = svg_y(p);
		if (g->cows[UM_BLACK] & UM_BIT(p))
			nt_sink_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"15\" "
			               "fill=\"#222\" stroke=\"#000\" stroke-width=\"2\"/>\n",
			               x, y);
		else if (g->cows[UM_WHITE] & UM_BIT(p))
			nt_sink_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"15\" "
			               "fill=\"#fafafa\" stroke=\"#333\" stroke-width=\"2\"/>\n",
			               x, y);
		else
			nt_sink_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"5\" "
			               "fill=\"#5b3a1a\"/>\n", x, y);
		nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\" "
		               "fill=\"#7a1f1f\">%d</text>\n", x + 12, y - 15, p);
	}
	nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"15\">In hand: "
	               "Black %d, White %d</text>\n", SVG_MARGIN, size + 20,
	               g->hand[UM_BLACK], g->hand[UM_WHITE]);
	char line[200];
	if (g->result != UM_ONGOING)
		um_describe_end(g, line, sizeof line);
	else
		snprintf(line, sizeof line, "To move: %s (move %ld)",
		         um_side_name(g->to_move), um_expected_number(g));
	nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"15\">%s</text>\n",
	               SVG_MARGIN, size + 44, line);
	nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"13\" "
	               "fill=\"#555\">After move %ld</text>\n", SVG_MARGIN,
	               size + 68, after_move);
	nt_sink_puts(out, "</svg>\n");
}
