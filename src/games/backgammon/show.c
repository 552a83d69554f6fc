/*
 * `notate show`: follows the replay and keeps the state of the requested
 * game after the requested number of its actions; the engine draws it.
 */
#include "games/backgammon/show.h"

#include <stdio.h>
#include <string.h>

void
bg_shower_init(bg_shower *sh, const nt_show_request *req)
{
	memset(sh, 0, sizeof *sh);
	sh->want_game = req != NULL ? req->game_no : -1;
	sh->want_move = -1;
	if (req != NULL)
		sh->want_move = req->move >= 0 ? req->move : req->ply;
	if (req != NULL && req->row > 0)
		sh->want_row = req->row;
	sh->game = -1;
	sh->svg = req != NULL && req->svg;
	sh->json = req != NULL && req->json;
}

static int
wanted(const bg_shower *sh, const bg_replay *rp)
{
	return sh->want_game < 0 || rp->g.index == sh->want_game;
}

static void
capture(bg_shower *sh, const bg_replay *rp)
{
	const bg_game *g = &rp->g;
	sh->pos = g->pos;
	sh->cube = g->cube;
	sh->owner = g->owner;
	sh->crawford = g->crawford;
	sh->on_roll = g->ended || g->results ? -1 : g->on_roll;
}

static void
on_game_start(void *ctx, long number, const char *const name[2],
              const size_t name_len[2], const long score[2])
{
	(void)ctx;
	(void)number;
	(void)name;
	(void)name_len;
	(void)score;
}

/* A wanted game begins: its start is what --move 0 shows. */
static void
begin_game(bg_shower *sh, const bg_replay *rp)
{
	sh->game = rp->g.index;
	sh->number = rp->g.number;
	sh->moves = 0;
	sh->rows = 0;
	sh->row_line = 0;
	sh->next_seen = 0;
	sh->found = sh->want_move == 0;
	bg_pos_start(&sh->pos);
	sh->cube = 1;
	sh->owner = -1;
	sh->crawford = rp->g.crawford;
	sh->on_roll = -1;
	sh->d1 = sh->d2 = 0;
	sh->last[0] = '\0';
	for (int s = 0; s < 2; s++) {
		sh->score[s] = rp->g.start_score[s];
		memcpy(sh->name[s], rp->name[s], rp->name_len[s] + 1);
		sh->name_len[s] = rp->name_len[s];
		memcpy(sh->qname[s], rp->qname[s], sizeof sh->qname[s]);
	}
}

static void
on_action(void *ctx, const bg_action *a, const bg_replay *rp)
{
	bg_shower *sh = ctx;
	if (!wanted(sh, rp))
		return;
	if (sh->game != rp->g.index)
		begin_game(sh, rp);
	/* Row N ends where the numbered row after it begins. */
	if (a->cell->numbered && a->cell->loc.line != sh->row_line &&
	    sh->want_move < 0) {
		if (sh->want_row > 0 && sh->rows == sh->want_row) {
			sh->want_move = sh->moves;
			sh->found = 1;
		} else {
			sh->rows++;
			sh->row_line = a->cell->loc.line;
		}
	}
	if (sh->want_move >= 0 && sh->moves >= sh->want_move) {
		/* The dice shown are those the player on roll plays next. */
		if (!sh->next_seen) {
			sh->next_seen = 1;
			if (a->kind == BG_ACT_ROLL) {
				sh->d1 = a->d1;
				sh->d2 = a->d2;
				sh->on_roll = a->side;
			}
		}
		return;
	}
	sh->moves++;
	capture(sh, rp);
	snprintf(sh->last, sizeof sh->last, "%s", a->cell->text);
	sh->d1 = sh->d2 = 0;
	if (sh->moves == sh->want_move)
		sh->found = 1;
}

static void
on_game_end(void *ctx, const bg_replay *rp)
{
	bg_shower *sh = ctx;
	/* A game with no action replayed (its first one was refused): its
	   start is shown, as the other games show theirs. */
	if (wanted(sh, rp) && sh->game != rp->g.index)
		begin_game(sh, rp);
	if (sh->game == rp->g.index && sh->want_move < 0 &&
	    sh->rows >= sh->want_row)
		sh->found = 1;
}

void
bg_shower_output(bg_shower *sh, bg_output *out)
{
	memset(out, 0, sizeof *out);
	out->game_start = on_game_start;
	out->action = on_action;
	out->game_end = on_game_end;
	out->ctx = sh;
}

/* --- SVG ------------------------------------------------------------- */

#define SVG_W 36          /* width of a point */
#define SVG_H 200         /* height of a point's triangle */
#define SVG_BAR 44
#define SVG_M 30          /* margin */
#define SVG_TRAY 60       /* checkers off, on the right */
#define SVG_R 16          /* checker radius */

/* The x of the column (0..11, left to right) of a point. */
static int
svg_col_x(int col)
{
	return SVG_M + col * SVG_W + (col >= 6 ? SVG_BAR : 0);
}

/* Column and half (1 at the bottom) of the left player's point P. */
static void
svg_place(int p, int *col, int *bottom)
{
	if (p <= 12) {
		*col = 12 - p;
		*bottom = 1;
	} else {
		*col = p - 13;
		*bottom = 0;
	}
}

static void
svg_stack(const nt_sink *out, int x, int y0, int dir, int n, const char *fill)
{
	/* Five to a column, then the number. */
	int shown = n > 5 ? 5 : n;
	for (int i = 0; i < shown; i++)
		nt_sink_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
		               "stroke=\"#222\" stroke-width=\"1.5\"/>\n", x,
		               y0 + dir * (SVG_R + 2 * SVG_R * i), SVG_R, fill);
	if (n > 5)
		nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"14\" "
		               "text-anchor=\"middle\" fill=\"#c00\">%d</text>\n", x,
		               y0 + dir * (SVG_R + 8 * SVG_R) + 5, n);
}

static void
svg_text(const nt_sink *out, int x, int y, int size, const char *text)
{
	char q[BG_NAME_MAX + 64];
	size_t o = 0;
	for (const char *s = text; *s && o + 7 < sizeof q; s++) {
		const char *e = *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : *s == '&'
			? "&amp;" : NULL;
		if (e != NULL) {
			memcpy(q + o, e, strlen(e));
			o += strlen(e);
		} else {
			q[o++] = *s;
		}
	}
	q[o] = '\0';
	nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"%d\">%s</text>\n",
	               x, y, size, q);
}

/*
 * The cube as a cube, in the tray: beside its owner's half (Light's at
 * the top, Dark's at the bottom), or in the middle when centred, as the
 * text board says "owns the cube" or "cube N in the centre".
 */
static void
svg_cube(const bg_shower *sh, const nt_sink *out, int x, int top, int bottom_y)
{
	int size = 40;
	int y = sh->owner == 1 ? top + 36 : sh->owner == 0 ? bottom_y - 36 - size
	      : (top + bottom_y - size) / 2;
	nt_sink_printf(out, "<g class=\"cube\"><rect x=\"%d\" y=\"%d\" "
	               "width=\"%d\" height=\"%d\" rx=\"5\" fill=\"#fffdf5\" "
	               "stroke=\"#222\" stroke-width=\"2\"/>\n", x, y, size, size);
	nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"18\" "
	               "font-weight=\"bold\" text-anchor=\"middle\">%ld</text>"
	               "</g>\n", x + size / 2, y + size / 2 + 6, sh->cube);
}

/* The dice to play, as two dice in the right half of the board. */
static void
svg_dice(const nt_sink *out, const bg_shower *sh, int x, int y)
{
	int hi = sh->d1 > sh->d2 ? sh->d1 : sh->d2;
	int lo = sh->d1 > sh->d2 ? sh->d2 : sh->d1;
	const int d[2] = { hi, lo };
	static const char *const face[2] = { "#2b2b2b", "#f4f1e8" };
	static const char *const ink[2] = { "#f4f1e8", "#2b2b2b" };
	int side = sh->on_roll;
	for (int i = 0; i < 2; i++) {
		int dx = x - 40 + 44 * i;
		nt_sink_printf(out, "<g class=\"die\"><rect x=\"%d\" y=\"%d\" "
		               "width=\"36\" height=\"36\" rx=\"6\" fill=\"%s\" "
		               "stroke=\"#222\" stroke-width=\"1.5\"/>\n", dx, y - 18,
		               face[side]);
		nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"20\" "
		               "font-weight=\"bold\" text-anchor=\"middle\" "
		               "fill=\"%s\">%d</text></g>\n", dx + 18, y + 7, ink[side],
		               d[i]);
	}
}

/* Below the board: each side as the text board gives it (name, score of
   the match, pips, on roll), the match and Crawford, the Position ID. */
static void
svg_captions(const bg_shower *sh, const bg_replay *rp, const nt_sink *out,
             int bottom_y)
{
	char line[2 * BG_NAME_MAX + 200];
	long len = rp->rules.length;
	for (int side = 0; side < 2; side++) {
		int n = snprintf(line, sizeof line, "%s %s: %ld point%s", side == 0
		                 ? "Dark" : "Light", sh->qname[side], sh->score[side],
		                 sh->score[side] == 1 ? "" : "s");
		if (len > 0 && n > 0 && (size_t)n < sizeof line)
			n += snprintf(line + n, sizeof line - (size_t)n, " of %ld", len);
		if (n > 0 && (size_t)n < sizeof line)
			n += snprintf(line + n, sizeof line - (size_t)n, ", pips %d, %d "
			              "off", bg_pip_count(&sh->pos, side),
			              sh->pos.n[side][BG_OFF]);
		if (sh->on_roll == side && n > 0 && (size_t)n < sizeof line) {
			if (sh->d1 > 0)
				snprintf(line + n, sizeof line - (size_t)n, ", to play %d-%d",
				         sh->d1 > sh->d2 ? sh->d1 : sh->d2,
				         sh->d1 > sh->d2 ? sh->d2 : sh->d1);
			else
				snprintf(line + n, sizeof line - (size_t)n, ", on roll");
		}
		svg_text(out, SVG_M, bottom_y + 36 + 22 * side, 14, line);
	}
	int n = len > 0 ? snprintf(line, sizeof line, "%ld-point match", len)
	      : snprintf(line, sizeof line, "money session");
	if (n > 0 && (size_t)n < sizeof line) {
		if (sh->owner < 0)
			n += snprintf(line + n, sizeof line - (size_t)n, ", cube %ld in "
			              "the centre", sh->cube);
		else
			n += snprintf(line + n, sizeof line - (size_t)n, ", cube %ld "
			              "owned by %s", sh->cube, sh->qname[sh->owner]);
	}
	if (sh->crawford && n > 0 && (size_t)n < sizeof line)
		snprintf(line + n, sizeof line - (size_t)n, ", Crawford game");
	svg_text(out, SVG_M, bottom_y + 80, 14, line);
	char id[BG_POSID_LEN + 1];
	bg_posid_encode(&sh->pos, sh->on_roll > 0 ? 1 : 0, id);
	snprintf(line, sizeof line, "Position ID: %s", id);
	svg_text(out, SVG_M, bottom_y + 102, 14, line);
}

static void
render_svg(const bg_shower *sh, const bg_replay *rp, const char *caption,
           const nt_sink *out)
{
	static const char *const fill[2] = { "#2b2b2b", "#f4f1e8" };
	int board_w = 12 * SVG_W + SVG_BAR;
	int width = 2 * SVG_M + board_w + SVG_TRAY;
	int top = SVG_M + 30, height = top + 2 * SVG_H + 60 + 112;
	int bottom_y = top + 2 * SVG_H + 60;
	nt_sink_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	               "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
	               width, height, width, height);
	svg_text(out, SVG_M, SVG_M + 8, 16, caption);
	nt_sink_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	               "fill=\"#3c7a4a\"/>\n", SVG_M, top, board_w,
	               bottom_y - top);
	nt_sink_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	               "fill=\"#6b4423\"/>\n", svg_col_x(6) - SVG_BAR, top, SVG_BAR,
	               bottom_y - top);
	for (int col = 0; col < 12; col++) {
		int x = svg_col_x(col);
		const char *c = col % 2 ? "#d9c18f" : "#9b2d20";
		nt_sink_printf(out, "<polygon points=\"%d,%d %d,%d %d,%d\" fill=\"%s\"/>\n",
		               x, top, x + SVG_W, top, x + SVG_W / 2, top + SVG_H, c);
		nt_sink_printf(out, "<polygon points=\"%d,%d %d,%d %d,%d\" fill=\"%s\"/>\n",
		               x, bottom_y, x + SVG_W, bottom_y, x + SVG_W / 2,
		               bottom_y - SVG_H, col % 2 ? "#9b2d20" : "#d9c18f");
	}
	/* The left player's numbers, below and above the board. */
	for (int p = 1; p <= 24; p++) {
		int col, bottom;
		svg_place(p, &col, &bottom);
		nt_sink_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\" "
		               "text-anchor=\"middle\">%d</text>\n",
		               svg_col_x(col) + SVG_W / 2, bottom ? bottom_y + 14 : top - 4,
		               p);
	}
	for (int side = 0; side < 2; side++) {
		for (int q = 1; q <= 24; q++) {
			int n = sh->pos.n[side][q];
			if (n == 0)
				continue;
			int p = side == 0 ? q : 25 - q, col, bottom;
			svg_place(p, &col, &bottom);
			int x = svg_col_x(col) + SVG_W / 2;
			svg_stack(out, x, bottom ? bottom_y : top, bottom ? -1 : 1, n,
			          fill[side]);
		}
		int bar = sh->pos.n[side][BG_BAR];
		if (bar > 0)
			svg_stack(out, svg_col_x(6) - SVG_BAR / 2,
			          side == 0 ? (top + bottom_y) / 2 + 4 : (top + bottom_y) / 2 - 4,
			          side == 0 ? 1 : -1, bar, fill[side]);
		int off = sh->pos.n[side][BG_OFF];
		if (off > 0) {
			char t[32];
			snprintf(t, sizeof t, "off: %d", off);
			svg_text(out, SVG_M + board_w + 8, side == 0 ? bottom_y - 10
			         : top + 20, 13, t);
		}
	}
	svg_cube(sh, out, SVG_M + board_w + 8, top, bottom_y);
	if (sh->d1 > 0 && sh->on_roll >= 0)
		svg_dice(out, sh, (svg_col_x(9) + svg_col_x(10)) / 2 + SVG_W / 2,
		         (top + bottom_y) / 2);
	svg_captions(sh, rp, out, bottom_y);
	nt_sink_puts(out, "</svg>\n");
}

/* --- JSON ------------------------------------------------------------ */

static void
json_name_or_null(const nt_sink *out, const bg_shower *sh, int side)
{
	if (side < 0)
		nt_sink_puts(out, "null");
	else
		nt_sink_json_bytes(out, sh->name[side], sh->name_len[side]);
}

/*
 * One object on one line.  checkers[s][p] counts side s's checkers on its
 * own point p as the spec numbers them (1.2): 0 borne off, 25 the bar.
 * The position ID is gnubg's, seen by the player on roll (else the left).
 */
static void
render_json(const bg_shower *sh, const bg_replay *rp, const nt_sink *out)
{
	nt_sink_printf(out, "{\"game\":\"backgammon\",\"game_no\":%ld,"
	               "\"game_number\":%ld,\"after_move\":%ld,\"last\":",
	               sh->game, sh->number, sh->moves);
	if (sh->moves > 0)
		nt_sink_json_string(out, sh->last);
	else
		nt_sink_puts(out, "null");
	nt_sink_puts(out, ",\"players\":[");
	json_name_or_null(out, sh, 0);
	nt_sink_puts(out, ",");
	json_name_or_null(out, sh, 1);
	nt_sink_printf(out, "],\"match_length\":%ld,\"score\":[%ld,%ld],"
	               "\"crawford\":%s,\"cube\":%ld,\"cube_owner\":",
	               rp->rules.length, sh->score[0], sh->score[1],
	               sh->crawford ? "true" : "false", sh->cube);
	json_name_or_null(out, sh, sh->owner);
	nt_sink_puts(out, ",\"on_roll\":");
	json_name_or_null(out, sh, sh->on_roll);
	if (sh->d1 > 0)
		nt_sink_printf(out, ",\"dice\":[%d,%d]", sh->d1, sh->d2);
	else
		nt_sink_puts(out, ",\"dice\":null");
	nt_sink_puts(out, ",\"checkers\":[");
	for (int s = 0; s < 2; s++) {
		nt_sink_puts(out, s ? "],[" : "[");
		for (int p = 0; p <= BG_BAR; p++)
			nt_sink_printf(out, "%s%d", p ? "," : "", sh->pos.n[s][p]);
	}
	char id[BG_POSID_LEN + 1];
	bg_posid_encode(&sh->pos, sh->on_roll > 0 ? 1 : 0, id);
	nt_sink_printf(out, "]],\"pips\":[%d,%d],\"position_id\":\"%s\"}\n",
	               bg_pip_count(&sh->pos, 0), bg_pip_count(&sh->pos, 1), id);
}

int
bg_shower_finish(bg_shower *sh, const bg_replay *rp, const nt_sink *out)
{
	rp->run->rep.summary->game_moves = sh->moves;
	rp->run->rep.summary->game_rows = sh->rows;
	if (!sh->found)
		return rp->run->rep.errors > 0 ? 1 : -4;
	char caption[BG_CELL_TEXT + 64];
	if (sh->moves == 0)
		snprintf(caption, sizeof caption, "Game %ld, before the first move",
		         sh->number);
	else
		snprintf(caption, sizeof caption, "Game %ld, after move %ld (%s)",
		         sh->number, sh->moves, sh->last);
	if (sh->svg) {
		render_svg(sh, rp, caption, out);
		return 0;
	}
	if (sh->json) {
		render_json(sh, rp, out);
		return 0;
	}
	bg_board_info info;
	memset(&info, 0, sizeof info);
	info.name[0] = sh->qname[0];
	info.name[1] = sh->qname[1];
	info.match_length = (int)rp->rules.length;
	info.score[0] = (int)sh->score[0];
	info.score[1] = (int)sh->score[1];
	info.cube_value = (int)sh->cube;
	info.cube_owner = sh->owner;
	info.crawford = sh->crawford;
	info.on_roll = sh->on_roll;
	info.die1 = sh->d1;
	info.die2 = sh->d2;
	info.caption = caption;
	char board[BG_RENDER_MAX];
	size_t n = bg_render(&sh->pos, &info, board, sizeof board);
	return nt_sink_write(out, board, n) == 0 ? 0 : -1;
}
