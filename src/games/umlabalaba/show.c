/* The board as ASCII art (notate show). */
#include "games/umlabalaba/um.h"

#include <string.h>

#include "core/game.h"
#include "games/umlabalaba/squares.h"

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

/* A side's cows are drawn by its name's first letter, as the record
 * names it (in mill PGN, Blac Black may be White). */
static char
side_mark(const um_game *g, int side)
{
	return um_game_side(g, side)[0];
}

static char
marker(const um_game *g, int p)
{
	if (g->cows[UM_BLACK] & UM_BIT(p))
		return side_mark(g, UM_BLACK);
	if (g->cows[UM_WHITE] & UM_BIT(p))
		return side_mark(g, UM_WHITE);
	return '.';
}

static void
list_points(const um_game *g, const nt_sink *out, int side)
{
	um_set s = g->cows[side];
	nt_sink_printf(out, "%s (%c):", um_game_side(g, side), side_mark(g, side));
	if (s == 0)
		nt_sink_puts(out, " none");
	for (int p = 1; p <= UM_MAX_POINTS; p++)
		if (s & UM_BIT(p)) {
			char name[8];
			nt_sink_printf(out, " %s", um_point_name(g->naming, p, name));
		}
	nt_sink_puts(out, "\n");
}

/* A result as the record writes results. */
static const char *
result_word(const um_game *g)
{
	return g->naming != NULL ? g->naming->result[g->result]
	                         : um_result_text(g->result);
}

static void
rules_words(const um_game *g, char *out, size_t size)
{
	if (g->naming != NULL && g->naming->rules != NULL)
		g->naming->rules(g->rules, out, size);
	else
		um_format_rules(g->rules, out, size);
}

/* Sanmill's FEN, so that the position can be pasted there (24 points). */
static void
fen_line(const um_game *g, const nt_sink *out)
{
	char fen[128];
	if (um_fen(g, fen, sizeof fen) == 0)
		nt_sink_printf(out, "FEN: %s\n", fen);
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
		/* The key shows the points' names, right-aligned on the point. */
		char buf[8];
		const char *name = um_point_name(g->naming, p, buf);
		if (strlen(name) >= 2) {
			key[y][x - (x > 0)] = name[0];
			key[y][x + (x == 0)] = name[1];
		} else {
			key[y][x] = name[0];
		}
	}
	nt_sink_printf(out, "Umlabalaba, %d-point board, after move %ld\n\n",
	               b->points, after_move);
	for (int y = 0; y < HEIGHT; y++)
		nt_sink_printf(out, "  %s      %s\n", grid[y], key[y]);
	nt_sink_puts(out, "\n");
	list_points(g, out, UM_BLACK);
	list_points(g, out, UM_WHITE);
	nt_sink_printf(out, "In hand: %s %d, %s %d\n", um_game_side(g, UM_BLACK),
	               g->hand[UM_BLACK], um_game_side(g, UM_WHITE),
	               g->hand[UM_WHITE]);
	char rules[512];
	rules_words(g, rules, sizeof rules);
	nt_sink_printf(out, "Rules: %s\n", rules);
	if (g->result != UM_ONGOING) {
		char how[160];
		um_describe_end(g, how, sizeof how);
		nt_sink_printf(out, "Game over (%s): %s\n", result_word(g), how);
	} else if (g->owes_ilobola != UM_NOBODY) {
		nt_sink_printf(out, "To move: %s, move %ld, who must give ilobola\n",
		               um_game_side(g, g->to_move), um_expected_number(g));
	} else {
		nt_sink_printf(out, "To move: %s, move %ld\n",
		               um_game_side(g, g->to_move), um_expected_number(g));
	}
	fen_line(g, out);
}

/* --- JSON ------------------------------------------------------------ */

/* A side's key: its name as the record gives it, in lower case. */
static void
side_key(const um_game *g, int side, char *out, size_t size)
{
	snprintf(out, size, "%s", um_game_side(g, side));
	for (char *c = out; *c; c++)
		if (*c >= 'A' && *c <= 'Z')
			*c = (char)(*c - 'A' + 'a');
}

/* The side's points: numbers, or the names the record's form gives them. */
static void
json_points(const um_game *g, const nt_sink *out, int side)
{
	char key[16];
	side_key(g, side, key, sizeof key);
	nt_sink_printf(out, ",\"%s\":[", key);
	const char *sep = "";
	for (int p = 1; p <= UM_MAX_POINTS; p++)
		if (g->cows[side] & UM_BIT(p)) {
			char name[8];
			if (g->naming != NULL)
				nt_sink_printf(out, "%s\"%s\"", sep,
				               um_point_name(g->naming, p, name));
			else
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
	json_points(g, out, UM_BLACK);
	json_points(g, out, UM_WHITE);
	char keys[2][16];
	side_key(g, UM_BLACK, keys[0], sizeof keys[0]);
	side_key(g, UM_WHITE, keys[1], sizeof keys[1]);
	nt_sink_printf(out, ",\"in_hand\":{\"%s\":%d,\"%s\":%d}", keys[0],
	               g->hand[UM_BLACK], keys[1], g->hand[UM_WHITE]);
	char text[512];
	rules_words(g, text, sizeof text);
	nt_sink_puts(out, ",\"rules\":");
	nt_sink_json_string(out, text);
	nt_sink_puts(out, ",\"result\":");
	nt_sink_json_string(out, result_word(g));
	if (g->result != UM_ONGOING) {
		um_describe_end(g, text, sizeof text);
		nt_sink_puts(out, ",\"to_move\":null,\"next_move\":null,"
		             "\"owes_ilobola\":false,\"end\":");
		nt_sink_json_string(out, text);
	} else {
		nt_sink_printf(out, ",\"to_move\":\"%s\",\"next_move\":%ld,"
		               "\"owes_ilobola\":%s,\"end\":null",
		               um_game_side(g, g->to_move), um_expected_number(g),
		               g->owes_ilobola != UM_NOBODY ? "true" : "false");
	}
	char fen[128];
	if (um_fen(g, fen, sizeof fen) == 0) {
		nt_sink_puts(out, ",\"fen\":");
		nt_sink_json_string(out, fen);
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
	int height = size + 130;
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
		/* Drawn in the colour the record names the side by. */
		int side = (g->cows[UM_BLACK] & UM_BIT(p)) ? UM_BLACK
		         : (g->cows[UM_WHITE] & UM_BIT(p)) ? UM_WHITE : UM_NOBODY;
		int dark = side != UM_NOBODY && side_mark(g, side) == 'B';
		if (side != UM_NOBODY)
			nt_sink_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"15\" "
			               "fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/>\n",
			               x, y, dark ? "#222" : "#fafafa", dark ? "#000" : "#333");
		else
			nt_sink_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"5\" "
			               "fill=\"#5b3a1a\"/>\n", x, y);
		char name[8];
		nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\" "
		               "fill=\"#7a1f1f\">%s</text>\n", x + 12, y - 15,
		               um_point_name(g->naming, p, name));
	}
	nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"15\">In hand: "
	               "%s %d, %s %d</text>\n", SVG_MARGIN, size + 20,
	               um_game_side(g, UM_BLACK), g->hand[UM_BLACK],
	               um_game_side(g, UM_WHITE), g->hand[UM_WHITE]);
	int on[2] = { 0, 0 };
	for (int p = 1; p <= b->points; p++)
		for (int side = 0; side < 2; side++)
			on[side] += (g->cows[side] & UM_BIT(p)) != 0;
	nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"15\">On the "
	               "board: %s %d, %s %d</text>\n", SVG_MARGIN, size + 44,
	               um_game_side(g, UM_BLACK), on[UM_BLACK],
	               um_game_side(g, UM_WHITE), on[UM_WHITE]);
	/* Whose turn, or how the game ended, as the text view words it. */
	char line[240];
	if (g->result != UM_ONGOING) {
		char how[160];
		um_describe_end(g, how, sizeof how);
		snprintf(line, sizeof line, "Game over (%s): %s", result_word(g),
		         how);
	} else {
		snprintf(line, sizeof line, "To move: %s, move %ld%s",
		         um_game_side(g, g->to_move), um_expected_number(g),
		         g->owes_ilobola != UM_NOBODY ? ", who must give ilobola"
		         : "");
	}
	nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"15\">%s</text>\n",
	               SVG_MARGIN, size + 68, line);
	char fen[128];
	if (um_fen(g, fen, sizeof fen) == 0)
		nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"10\">FEN: "
		               "%s</text>\n", SVG_MARGIN / 2, size + 90, fen);
	nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"13\" "
	               "fill=\"#555\">After move %ld</text>\n", SVG_MARGIN,
	               size + 112, after_move);
	nt_sink_puts(out, "</svg>\n");
}

int
um_replayed(nt_run *run, const um_game *g, long moves, int rc, int failed,
            int view, long show_move, long show_row)
{
	long rows = (g->slots + 1) / 2;
	run->rep.summary->game_moves = moves;
	run->rep.summary->game_rows = rows;
	if (rc != 0 || view < 0)
		return rc;
	if (failed)
		return 1;
	/* As for the other games: the record has no such move or row. */
	if (show_move > moves || (show_row > 0 && rows < show_row))
		return -4;
	um_show_view(g, moves, view, run->out);
	return 0;
}

void
um_show_view(const um_game *g, long after_move, int view, const nt_sink *out)
{
	if (view == UM_VIEW_SVG)
		um_render_svg(g, after_move, out);
	else if (view == UM_VIEW_JSON)
		um_render_json(g, after_move, out);
	else
		um_render(g, after_move, out);
}
