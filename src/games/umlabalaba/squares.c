/*
 * The 24 points under mill PGN's names: WMD squares (a7 is point 1, the
 * upper-left corner), PlayOK's row-by-row numbers, the words messages use
 * for a PGN record, and Sanmill's FEN of a position.
 */
#include "games/umlabalaba/squares.h"

#include <stdio.h>
#include <string.h>

#include "games/umlabalaba/pgn_rules.h"

/* By point: the outer, middle and inner square, each clockwise from its
 * upper-left corner, as the Blac numbers run. */
#define SQUARE_NAMES \
	{ NULL, \
	  "a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4", \
	  "b6", "d6", "f6", "f4", "f2", "d2", "b2", "b4", \
	  "c5", "d5", "e5", "e4", "e3", "d3", "c3", "c4", NULL }
static const char *const square_of[UM_MAX_POINTS + 1] = SQUARE_NAMES;

/* PlayOK numbers the points row by row from the top, left to right. */
static const unsigned char point_of_playok[UM_SQUARE_POINTS + 1] = {
	0, 1, 2, 3, 9, 10, 11, 17, 18, 19, 8, 16, 24,
	20, 12, 4, 23, 22, 21, 15, 14, 13, 7, 6, 5,
};

const char *
um_square_name(int point)
{
	return point >= 1 && point <= UM_SQUARE_POINTS ? square_of[point] : NULL;
}

int
um_square_point(const char *text, size_t len)
{
	if (len != 2)
		return 0;
	for (int p = 1; p <= UM_SQUARE_POINTS; p++)
		if (square_of[p][0] == text[0] && square_of[p][1] == text[1])
			return p;
	return 0;
}

int
um_playok_point(const char *text, size_t len)
{
	/* 1..24 in plain decimal: no leading zero. */
	if (len == 0 || len > 2 || text[0] == '0')
		return 0;
	int n = 0;
	for (size_t i = 0; i < len; i++) {
		if (text[i] < '0' || text[i] > '9')
			return 0;
		n = n * 10 + (text[i] - '0');
	}
	return n <= UM_SQUARE_POINTS ? point_of_playok[n] : 0;
}

int
um_playok_number(int point)
{
	for (int n = 1; n <= UM_SQUARE_POINTS; n++)
		if (point_of_playok[n] == point)
			return n;
	return 0;
}

/* --- the words of a PGN record's messages ---------------------------- */

static void
bad_square(const um_num *n, char *out, size_t size)
{
	char q[32];
	nt_quote(q, sizeof q, n->text, strlen(n->text));
	if (strcmp(n->text, "d4") == 0)
		snprintf(out, size, "d4 is the centre, and this board has no point "
		         "there (its 24 points are a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 "
		         "d2 d3 d5 d6 d7 e3 e4 e5 f2 f4 f6 g1 g4 g7)");
	else
		snprintf(out, size, "'%s' is not a point of the board (its 24 points "
		         "are a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 d7 e3 e4 e5 "
		         "f2 f4 f6 g1 g4 g7)", q);
}

static void
bad_playok(const um_num *n, char *out, size_t size)
{
	char q[32];
	nt_quote(q, sizeof q, n->text, strlen(n->text));
	snprintf(out, size, "'%s' is not a point (PlayOK numbers the points 1 to "
	         "24, row by row from the top, without a leading zero)", q);
}

#define PLAYOK_NAMES \
	{ NULL, \
	  "1", "2", "3", "15", "24", "23", "22", "10", \
	  "4", "5", "6", "14", "21", "20", "19", "11", \
	  "7", "8", "9", "13", "18", "17", "16", "12", NULL }

/* A variant and what the Options tag changes of it. */
static void
pgn_rules(const um_rules *r, char *out, size_t size)
{
	int ignored = 0;
	int variant = um_pgn_variant_of(r, &ignored);
	um_rules base;
	um_pgn_variant_rules(&base, variant < 0 ? UM_VARIANT_MORABARABA : variant);
	char items[256];
	um_rules_items_differing(r, &base, 1, items, sizeof items);
	snprintf(out, size, "%s%s%s%s", um_pgn_variant_name(variant),
	         items[0] ? ", Options \"" : "", items, items[0] ? "\"" : "");
}

/* Results by enum um_result: "1-0" is the first player's win. */
#define FIRST_B_RESULTS { "*", "1-0", "0-1", "1/2-1/2" }
#define FIRST_W_RESULTS { "*", "0-1", "1-0", "1/2-1/2" }

/*
 * In PGN White is the first player: with first=B (the default) Blac Black
 * is PGN White.  Indexed [first][form].
 */
static const um_naming namings[2][2] = {
	[UM_BLACK] = {
		[UM_PGN_ALGEBRAIC] = { { "White", "Black" }, SQUARE_NAMES, bad_square,
		                       FIRST_B_RESULTS, pgn_rules },
		[UM_PGN_PLAYOK] = { { "White", "Black" }, PLAYOK_NAMES, bad_playok,
		                    FIRST_B_RESULTS, pgn_rules },
	},
	[UM_WHITE] = {
		[UM_PGN_ALGEBRAIC] = { { "Black", "White" }, SQUARE_NAMES, bad_square,
		                       FIRST_W_RESULTS, pgn_rules },
		[UM_PGN_PLAYOK] = { { "Black", "White" }, PLAYOK_NAMES, bad_playok,
		                    FIRST_W_RESULTS, pgn_rules },
	},
};

const um_naming *
um_pgn_naming(int first, int form)
{
	return &namings[first == UM_WHITE][form == UM_PGN_PLAYOK];
}

/* --- Sanmill's FEN ---------------------------------------------------- */

/*
 * FEN cell i (the inner, middle and outer square, each from its top
 * mid-point clockwise) holds point 8 * (2 - i / 8) + (i + 1) % 8 + 1.
 */
static int
cell_point(int i)
{
	return 8 * (2 - i / 8) + (i + 1) % 8 + 1;
}

/* Sanmill's square number of a point (8 + its cell), 0 for none. */
static int
sanmill_square(int point)
{
	for (int i = 0; i < UM_SQUARE_POINTS; i++)
		if (cell_point(i) == point)
			return 8 + i;
	return 0;
}

int
um_fen(const um_game *g, char *out, size_t size)
{
	if (g->board->points != UM_SQUARE_POINTS || size < 27)
		return -1;
	int first = g->rules->first, second = !first;
	size_t o = 0;
	for (int i = 0; i < UM_SQUARE_POINTS; i++) {
		if (i > 0 && i % 8 == 0)
			out[o++] = '/';
		um_set bit = UM_BIT(cell_point(i));
		out[o++] = (g->cows[first] & bit) ? 'O'
		         : (g->cows[second] & bit) ? '@' : '*';
	}
	out[o] = '\0';
	int over = g->result != UM_ONGOING;
	int placing = g->hand[0] > 0 || g->hand[1] > 0;
	const um_shuttle *fs = &g->shuttle[first], *ss = &g->shuttle[second];
	int w = snprintf(out + o, size - o, " %c %c %c %d %d %d %d 0 0 %d %d %d "
	                 "%d 0 %ld %ld",
	                 g->to_move == first ? 'w' : 'b',
	                 over ? 'o' : placing ? 'p' : 'm', placing ? 'p' : 's',
	                 um_count(g->cows[first]), g->hand[first],
	                 um_count(g->cows[second]), g->hand[second],
	                 sanmill_square(fs->from), sanmill_square(fs->to),
	                 sanmill_square(ss->from), sanmill_square(ss->to),
	                 g->quiet, um_expected_number(g));
	return w < 0 || (size_t)w >= size - o ? -1 : 0;
}
