/*
 * The record grammar of spec section 3: every variation a reader must
 * accept (3.10), every form it must refuse, with the location of 6.1, and
 * the recovery of 6.3 (a syntax error costs only its game; before the first
 * game every bad line is reported; no match line gives 1:1 alone).
 */
#include "backgammon/records_util.h"

/*
 * A short legal game: Ann opens 6-2, Ben hits her blot on his 7 (her 18),
 * Ann enters with the 3 and plays 6/5, Ben plays 13/8 13/9.
 */
#define MATCH " 3 point match\n\n"
#define GAME1 " Game 1\n Ann : 0                        Ben : 0\n"
#define ROW1 "  1) 62: 24/18 13/11             61: 13/7* 8/7\n"
#define ROW2 "  2) 31: bar/22 6/5              54: 13/8 13/9\n"

/* MATCH GAME1 ROW1, then LINE (row 2, line 6) and the rest. */
static char *
game_with(const char *row2, const char *rest)
{
	size_t n = strlen(MATCH GAME1 ROW1) + strlen(row2) + strlen(rest) + 2;
	char *t = malloc(n);
	snprintf(t, n, "%s%s\n%s", MATCH GAME1 ROW1, row2, rest);
	return t;
}

/* The 1-based column of NEEDLE in LINE. */
static unsigned long
col_of(const char *line, const char *needle)
{
	const char *p = strstr(line, needle);
	ck_assert_msg(p != NULL, "'%s' not in '%s'", needle, line);
	return (unsigned long)(p - line) + 1;
}

static void
legal_row2(const char *row2)
{
	char *t = game_with(row2, "");
	ts_result r;
	bg_check(t, NULL, &r);
	ck_assert_msg(r.ndiags == 0, "'%s': %s", row2, r.diags[0].line);
	ck_assert_int_eq(r.summary.moves, 4);
	ts_free(&r);
	free(t);
}

static void
error_row2(const char *row2, const char *at)
{
	char *t = game_with(row2, "");
	bg_expect_first_cfg(t, NULL, 6, col_of(row2, at), "bg-syntax-error",
	                    __LINE__);
	free(t);
}

START_TEST(base_game_is_legal)
{
	legal_row2(ROW2);
}
END_TEST

START_TEST(dice_in_any_order_with_or_without_dash)
{
	legal_row2("  2) 13: bar/22 6/5              54: 13/8 13/9");
	legal_row2("  2) 3-1: bar/22 6/5             4-5: 13/8 13/9");
	legal_row2("  2) 1-3: bar/22 6/5             45: 13/9 13/8");
}
END_TEST

START_TEST(bar_and_off_spellings)
{
	legal_row2("  2) 31: 25/22 6/5               54: 13/8 13/9");
	legal_row2("  2) 31: b/22 6/5                54: 13/8 13/9");
	legal_row2("  2) 31: BAR/22 6/5              54: 13/8 13/9");
	legal_row2("  2) 31: Bar/22 6/5              54: 13/8 13/9");
	legal_row2("  2) 31: B/22 6/5                54: 13/8 13/9");
	/* Sub-moves in any order: the entering step is made first. */
	legal_row2("  2) 31: 6/5 bar/22              54: 13/8 13/9");
	/* Off as 0, off, o in any case, over a whole bearing-off game. */
	const char *offs[] = { "/0", "/o", "/O", "/OFF", "/Off" };
	for (size_t i = 0; i < sizeof offs / sizeof offs[0]; i++) {
		char *t = bg_sample("sheet/bg-sheet-03.bg");
		t = bg_replace_all(t, "/off", offs[i]);
		t = bg_replace_all(t, "bar/", i % 2 ? "25/" : "b/");
		bg_expect_clean(t);
		free(t);
	}
}
END_TEST

START_TEST(paths_steps_and_counts)
{
	/* 6-4 from 24 to 14: one hop of two dice, two hops, either way round. */
	const char *plays[] = {
		"  1) 64: 24/14", "  1) 64: 24/18 18/14", "  1) 6-4: 24/18/14",
		"  1) 46: 24/20 20/14", "  1) 64: 24/20/14", "  1) 64: 13/7 13/9",
		"  1) 64: 13/9 13/7", "  1) 64: 24/18 13/9", "  1) 6-4: 8/2 6/2",
	};
	for (size_t i = 0; i < sizeof plays / sizeof plays[0]; i++) {
		char t[512];
		snprintf(t, sizeof t, MATCH GAME1 "%s\n", plays[i]);
		bg_expect_clean(t);
	}
	/* Counts, repeated stars, and a double written as four steps. */
	legal_row2("  2) 31: bar/22 6/5              33: 8/5(2) 13/10(2)");
	legal_row2("  2) 31: bar/22 6/5              33: 8/5 8/5 13/10 13/10");
	legal_row2("  2) 31: bar/22 6/5              33: 8/5(2) 13/10 13/10");
	legal_row2("  2) 31: bar/22 6/5              33: 13/7(2)");
	legal_row2("  2) 31: bar/22 6/5              33: 13/10/7(2)");
	legal_row2("  2) 31: bar/22 6/5              33: 13/10(1) 13/10 8/5(2)");
}
END_TEST

START_TEST(stars_on_any_hop_of_the_hit)
{
	/* Ben's 6-1 hits on his 7 (Ann's blot): the * may be repeated or on
	   either path that lands there. */
	const char *plays[] = {
		"  1) 62: 24/18 13/11             61: 13/7* 8/7*",
		"  1) 62: 24/18 13/11             61: 8/7 13/7*",
		"  1) 62: 24/18 13/11             61: 8/7* 13/7*",
		"  1) 62: 24/18 13/11             61: 13/7*(1) 8/7",
	};
	for (size_t i = 0; i < sizeof plays / sizeof plays[0]; i++) {
		char t[512];
		snprintf(t, sizeof t, MATCH GAME1 "%s\n", plays[i]);
		bg_expect_clean(t);
	}
}
END_TEST

START_TEST(no_play_words)
{
	/* bg-sheet-01 game 1 row 3: Tariq dances with 6-6 (line 11). */
	const char *words[] = {
		"6-6:", "66:", "6-6: no play", "66: noplay", "66: (no play)",
		"66: (noplay)", "66: cannot move", "66: Can't Move", "66: ---",
		"66: -", "6-6:   NO   PLAY", "66: CANNOT\tMOVE", "66: (No  Play)",
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		char row[128];
		snprintf(row, sizeof row, "  3) 6-1: bar/24 13/7*           %s",
		         words[i]);
		char *t = bg_sample("sheet/bg-sheet-01.bg");
		t = bg_replace_line(t, 11, row);
		bg_expect_clean(t);
		free(t);
	}
}
END_TEST

START_TEST(cube_words)
{
	const char *offers[] = {
		"Doubles => 2", "Double to 2", "double", "doubles", "DOUBLES=>2",
		"Doubles =>2", "Double  to  2", "double to2", "Doubles=> 2",
	};
	const char *takes[] = {
		"take", "takes", "Takes", "accept", "Accepts", "TAKE.", "takes.",
	};
	for (size_t i = 0; i < sizeof offers / sizeof offers[0]; i++) {
		for (size_t j = 0; j < sizeof takes / sizeof takes[0]; j++) {
			char rest[256];
			snprintf(rest, sizeof rest, "  3) %-27s %s\n  4) 42: 8/4 6/4\n",
			         offers[i], takes[j]);
			char *t = game_with(ROW2, rest);
			bg_expect_clean(t);
			free(t);
		}
	}
	const char *passes[] = {
		"pass", "passes", "drop", "Drops", "DROPS.", "reject", "Rejects.",
	};
	for (size_t j = 0; j < sizeof passes / sizeof passes[0]; j++) {
		char rest[256];
		snprintf(rest, sizeof rest, "  3) Double to 2                 %s\n"
		         "      Wins 1 point\n", passes[j]);
		char *t = game_with(ROW2, rest);
		bg_expect_clean(t);
		free(t);
	}
}
END_TEST

START_TEST(result_words)
{
	/* Ann resigns after row 2: Ben wins 1, 2 or 3 points (the cube is at 1). */
	const char *results[] = {
		"Wins 1 point", "Wins 1 points", "win 1 point", "WINS 2 POINTS",
		"Wins 3 point.", "Wins 1 point .", "wins  1  points",
		"Losses 1 point",
	};
	for (size_t i = 0; i < sizeof results / sizeof results[0]; i++) {
		char rest[128];
		/* A loss cell stands in the loser's column. */
		int loss = strncmp(results[i], "Losses", 6) == 0;
		snprintf(rest, sizeof rest, "%s%s\n", loss ? "     " : "               "
		         "                   ", results[i]);
		char *t = game_with(ROW2, rest);
		ts_result r;
		bg_check(t, NULL, &r);
		ck_assert_msg(r.ndiags == 0, "%s: %s", results[i], r.diags[0].line);
		ts_free(&r);
		free(t);
	}
	/* "and the match" where the match is won. */
	char t[512];
	snprintf(t, sizeof t, " 1 point match\n\n" GAME1 ROW1 ROW2
	         "                                  Wins 1 point and the match.\n");
	bg_expect_clean(t);
	snprintf(t, sizeof t, " 1 point match\n\n" GAME1 ROW1 ROW2
	         "                                  Wins 1 point and the match .\n");
	bg_expect_clean(t);
}
END_TEST

START_TEST(whitespace_line_ends_bom)
{
	const char *base = MATCH GAME1 ROW1 ROW2;
	/* CRLF, CR, trailing blanks, tabs between cells, no final line end. */
	char *t = malloc(4096);
	strcpy(t, base);
	t = bg_replace_all(t, "\n", "\r\n");
	bg_expect_clean(t);
	t = bg_replace_all(t, "\r\n", "\r");
	bg_expect_clean(t);
	t = bg_replace_all(t, "\r", "  \t \n");
	bg_expect_clean(t);
	free(t);
	t = malloc(4096);
	strcpy(t, base);
	t = bg_replace_all(t, "13/11             61:", "13/11\t61:");
	t = bg_replace_all(t, "6/5              54:", "6/5\t\t\t  54:");
	bg_expect_clean(t);
	t[strlen(t) - 1] = '\0';
	bg_expect_clean(t);
	free(t);
	/* A byte-order mark is ignored and takes no column. */
	char b[1024];
	snprintf(b, sizeof b, "\xEF\xBB\xBF" "x\n%s", base);
	bg_expect_first(b, 1, 1, "bg-syntax-error");
	snprintf(b, sizeof b, "\xEF\xBB\xBF%s", base);
	bg_expect_clean(b);
	/* Blank lines anywhere after the match line, blanks inside rows. */
	bg_expect_clean(" 3 point match\n\n\n Game 1\n\n \t\n Ann : 0   Ben : 0\n\n"
	                "  1) 62:   24/18    13/11     61:  13/7*   8/7\n\n\n");
}
END_TEST

START_TEST(row_numbers_are_ignored)
{
	bg_expect_clean(MATCH GAME1 "62: 24/18 13/11   61: 13/7* 8/7\n"
	                "  7) 31: bar/22 6/5              54: 13/8 13/9\n"
	                "  7)\n   99)   \n");
	/* A row number glued to its cell. */
	bg_expect_clean(MATCH GAME1 "1)62: 24/18 13/11   61: 13/7* 8/7\n");
}
END_TEST

START_TEST(columns_of_single_cells)
{
	/* Right cell alone from column 21 on, left cell in column 20 or less. */
	bg_expect_clean(MATCH GAME1 "  1) 62: 24/18 13/11\n"
	                "                    61: 13/7* 8/7\n");
	bg_expect_first(MATCH GAME1 "  1) 62: 24/18 13/11\n"
	                "                   61: 13/7* 8/7\n",
	                6, 20, "bg-turn-order");
	/* Tabs expand to stops of eight: three tabs put a cell in column 25. */
	bg_expect_clean(MATCH GAME1 "  1) 62: 24/18 13/11\n"
	                "\t\t\t61: 13/7* 8/7\n");
	bg_expect_first(MATCH GAME1 "  1) 62: 24/18 13/11\n"
	                "\t\t61: 13/7* 8/7\n", 6, 3, "bg-turn-order");
	/* A tab in column 16 (a stop's last column) goes to 17, not 25. */
	bg_expect_first(MATCH GAME1 "  1) 62: 24/18 13/11\n"
	                "               \t61: 13/7* 8/7\n", 6, 17, "bg-turn-order");
	/* The right player moves first: an empty left cell. */
	bg_expect_clean(MATCH GAME1 "  1)                             53: 8/3 6/3\n"
	                "  2) 62: 24/18 13/11\n");
	/* Two cells on a row are left then right, wherever they stand. */
	bg_expect_clean(MATCH GAME1 "62: 24/18 13/11 61: 13/7* 8/7\n");
	/* 8.4: a roll and an offer on one row, however written. */
	const char *rows[] = {
		"  3) 42: 8/4 6/4                 Doubles => 2",
		"  3) 4-2: 8/4 6/4  double to 2",
		"3) 42: 8/4 6/4 doubles",
		"3)\t42: 8/4 6/4\tdoubles",
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char rest[256];
		snprintf(rest, sizeof rest, "%s\n  4) take\n", rows[i]);
		char *t = game_with(ROW2, rest);
		bg_expect_clean(t);
		free(t);
	}
}
END_TEST

START_TEST(wide_left_cells)
{
	/* gnubg pushes the right cell along when the left cell is wide. */
	bg_expect_clean(MATCH GAME1 ROW1
	                "  2) 31: 25/22            6/5             54: 13/8 13/9\n");
	bg_expect_clean(MATCH GAME1 ROW1
	                "  2) 31: 25/22 6/5 54: 13/8 13/9\n");
}
END_TEST

START_TEST(match_line_and_header)
{
	bg_expect_clean("3 point match\n" GAME1 ROW1);
	bg_expect_clean("\t3  POINT\tMatch  \n" GAME1 ROW1);
	bg_expect_clean("; [Site \"BackgammonGalaxy\"]\n; [Match ID \"1004844\"]\n"
	                "; [Player 1 Elo \"3,00/0\"]\n# a comment\n\n   ; indented\n"
	                " 3 point match\n; after the match line\n# too\n\n" GAME1 ROW1);
	/* Names with blanks, digits, commas, UTF-8; any width. */
	bg_expect_clean(MATCH " Game 1\n BoardLord,1907 : 0 Ann Lee \xC3\xA9 : 0\n"
	                ROW1);
	bg_expect_clean(MATCH " Game 1\nAnn:0 Ben:0\n" ROW1);
	bg_expect_clean(MATCH " Game 1\n Game 1 : 0   Ben : 0\n" ROW1);
	/* A name Backgammon Galaxy leaves empty. */
	bg_expect_clean(MATCH " Game 1\n Ann : 0                        : 0\n" ROW1);
}
END_TEST

/* ------------------------------------------------- what is refused */

START_TEST(bad_plays)
{
	error_row2("  2) 3-1 bar/22 6/5", "3-1");
	error_row2("  2) 72: bar/22 6/5", "72:");
	error_row2("  2) 30: bar/22 6/5", "30:");
	/* 3.5: both dice are 1 to 6, the second as much as the first. */
	error_row2("  2) 37: bar/22 6/5", "37:");
	error_row2("  2) 3-7: bar/22 6/5", "3-7:");
	error_row2("  2) 31: 25-22 6-5", "25-22");
	error_row2("  2) 31: bar/22,6/5", "bar/22,");
	error_row2("  2) 31: bar/22, 6/5", "bar/22,");
	error_row2("  2) 31: bar/22 6/5 Redouble", "Redouble");
	error_row2("  2) 31: bar/22 6/x", "6/x");
	error_row2("  2) 31: bar/22 6/5x", "6/5x");
	error_row2("  2) 31: bar/22 5/6", "5/6");
	error_row2("  2) 31: bar/22 6/6", "6/6");
	error_row2("  2) 31: bar/22 6/5(5)", "6/5(5)");
	error_row2("  2) 31: bar/22 6/5(0)", "6/5(0)");
	error_row2("  2) 31: bar/22 6/5(01)", "6/5(01)");
	error_row2("  2) 31: bar/22 6/off/5", "6/off/5");
	error_row2("  2) 31: bar/22 6/0/5", "6/0/5");
	error_row2("  2) 31: bar/22 6//5", "6//5");
	error_row2("  2) 31: bar/22 /5", "/5");
	error_row2("  2) 31: bar/22 6/", "6/");
	error_row2("  2) 31: bar/22 6*/5", "6*/5");
	error_row2("  2) 31: bar/22 6/bar", "6/bar");
	error_row2("  2) 31: 26/22 6/5", "26/22");
	error_row2("  2) 31: bar/25 6/5", "bar/25");
	/* 3.9: a path starts on a point 1..24 or the bar, never on 0. */
	error_row2("  2) 31: 0/22 6/5", "0/22");
	{
		/* ...and the message says so, not that 22 is not below 0. */
		char *t = game_with("  2) 31: 0/22 6/5", "");
		ts_result r;
		bg_check(t, NULL, &r);
		ck_assert_uint_ge(r.ndiags, 1);
		ck_assert_msg(strstr(r.diags[0].message, "a path starts on a point "
		              "from 1 to 24 or on the bar") != NULL, "%s",
		              r.diags[0].line);
		ts_free(&r);
		free(t);
	}
	error_row2("  2) 31: bar/22 6/5**", "6/5**");
	error_row2("  2) 31: bar/22 0000000006/5", "0000000006/5");
	/* A blank ends a sub-move: the unfinished path is what cannot be
	 * read, not the valid text after it (6.1: the first text that cannot
	 * be read). */
	error_row2("  2) 31: bar/22 6 /5", "6 /5");
	error_row2("  2) 31: 8 6/5", "8 6/5");
	error_row2("  2) 31: 8/ 6/5", "8/ 6/5");
	error_row2("  2) 31: bar 6/5", "bar 6/5");
	error_row2("  2) 31: 24/23/ 6/5", "24/23/ 6/5");
	error_row2("  2) 31: 8/5 6\t13/9", "6\t13/9");
	error_row2("  2) 31: 8 /", "8 /");
	error_row2("  2) 31: bar/22 6/5 ()", "()");
	error_row2("  2) 31: bar/22 6/5 (no play)", "(no");
	error_row2("  2) 31: no play 6/5", "6/5");
	error_row2("  2) 31: \xC3\xA9/22 6/5", "\xC3\xA9");
	/* ???? anywhere but right before the result. */
	error_row2("  2) 31: ????                     54: 13/8 13/9", "????");
	error_row2("  2) 31: bar/22 ????", "????");
	error_row2("  2) 31: ??", "??");
}
END_TEST

/*
 * A syntax error that quotes the word it cannot read, or a path that reads
 * but cannot be, spans that word, to its last character (UTF-8 counted
 * once), whatever the buffer; one about a cube or result cell spans the
 * cell.
 */
START_TEST(syntax_error_spans_the_word)
{
	static const struct {
		const char *row2, *span;
	} cases[] = {
		{ "  2) 31: bar/22 6/5x", "6/5x" },
		{ "  2) 31: bar/22,6/5", "bar/22,6/5" },
		{ "  2) 72: bar/22 6/5", "72:" },
		{ "  2) 3-1 bar/22 6/5", "3-1" },
		{ "  2) 31: bar/22 6/5 Redouble", "Redouble" },
		{ "  2) 31: 24 /21 6/5", "24" },
		{ "  2) 31: bar/22 6/\xc3\xa9" "5", "6/\xc3\xa9" "5" },
		{ "  2) 1234567890: 8/4", "1234567890:" },
		{ "  2) 31: bar/22 5/6", "5/6" },
		{ "  2) 31: bar/22 5/6*", "5/6*" },
		{ "  2) 31: bar/22\t5/6 8/7", "5/6" },
		{ "  2) 31: bar/22 6/5(5)", "6/5(5)" },
		{ "  2) 31: 0/22 6/5", "0/22" },
		{ "  2) 31: 6/off/5 8/7", "6/off/5" },
		{ "  2) 31: bar/22 6/5 Doubles => x", "Doubles => x" },
		{ "  2) 31: bar/22 11              54: 13/8 13/9", "11" },
		{ "  2) 31: bar/22 6/              54: 13/8 13/9", "6/" },
		{ "  2) 31: bar/22 6/5              54: 13/8 13/9 61: 8/7", "61: 8/7" },
		{ "  2) 31: bar/22 6/5              54: ????", "????" },
		{ "  2) 31: bar/22 6/5               Doubles =>  x  ", "Doubles =>  x" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *t = game_with(cases[i].row2, "");
		ts_result r;
		bg_check(t, NULL, &r);
		ck_assert_msg(r.ndiags >= 1, "'%s': no diagnostic", cases[i].row2);
		const ts_diag *d = &r.diags[0];
		const char *at = strstr(cases[i].row2, cases[i].span);
		ck_assert(at != NULL);
		unsigned long col = (unsigned long)(at - cases[i].row2) + 1;
		unsigned long chars = 0;
		for (const char *c = at; c < at + strlen(cases[i].span); c++)
			chars += ((unsigned char)*c & 0xc0) != 0x80;
		ck_assert_msg(strcmp(d->code, "bg-syntax-error") == 0 &&
		              d->lineno == 6 && d->col == col &&
		              d->end_lineno == 6 && d->end_col == col + chars - 1,
		              "'%s': %lu:%lu-%lu:%lu, want '%s' (%s)", cases[i].row2,
		              d->lineno, d->col, d->end_lineno, d->end_col,
		              cases[i].span, d->line);
		ts_free(&r);
		free(t);
	}
	/* Before the first game too, held or not. */
	static const char *const before[] = {
		"junk here\n" MATCH GAME1 ROW1,
		" 3 point match\nxy z\n" GAME1 ROW1,
	};
	static const unsigned long before_line[] = { 1, 2 }, before_end[] = { 4, 2 };
	for (size_t i = 0; i < 2; i++) {
		ts_result r;
		bg_check(before[i], NULL, &r);
		ck_assert_uint_eq(r.ndiags, 1);
		ck_assert_msg(r.diags[0].lineno == before_line[i] &&
		              r.diags[0].col == 1 &&
		              r.diags[0].end_lineno == before_line[i] &&
		              r.diags[0].end_col == before_end[i], "%s ends at %lu",
		              r.diags[0].line, r.diags[0].end_col);
		ts_free(&r);
	}
}
END_TEST

START_TEST(bad_cells_and_rows)
{
	error_row2("  2) 31: bar/22 6/5              54: 13/8 13/9   take", "take");
	error_row2("  2) Doubles => x", "Doubles");
	error_row2("  2) Doubles => ", "Doubles");
	error_row2("  2) Doubles to", "Doubles");
	error_row2("  2) Takes it", "Takes");
	error_row2("  2) Redoubles", "Redoubles");
	error_row2("  2) Doubles2", "Doubles2");
	error_row2("  2) takes,", "takes");
	error_row2("  2) Wins 2", "Wins");
	error_row2("  2) Wins two points", "Wins");
	error_row2("  2) Wins 2 points and match", "Wins");
	error_row2("  2) Wins 1234567890 points", "Wins");
	error_row2("  2) Losses 2 points and the match", "Losses");
	error_row2("  2) 1234567890) 31: bar/22 6/5", "1234567890)");
	error_row2("  2) Illegal play (31: 6/5)", "Illegal");
	error_row2("  2) x", "x");
	error_row2("   ; a comment in a game", ";");
	error_row2("   # a comment in a game", "#");
	error_row2(" Game 2 x", "Game");
	error_row2(" 3 point match", "3");
}
END_TEST

START_TEST(golden_syntax_lines)
{
	char *t = game_with("  2) 72: bar/22 6/5", "");
	bg_expect_line(t, "t:6:6: error: cannot read '72:' as a roll: dice run "
	               "from 1 to 6 [bg-syntax-error]");
	free(t);
	t = game_with("  2) 31: bar/22 6/x", "");
	bg_expect_line(t, "t:6:17: error: cannot read '6/x' in the play of "
	               "'31: bar/22 6/x': a sub-move is a path of points going "
	               "down, such as 24/18, 13/7*/2, bar/22 or 6/off, with an "
	               "optional count (2) [bg-syntax-error]");
	free(t);
	t = game_with("  2) 31: bar/22 5/6", "");
	bg_expect_line(t, "t:6:17: error: cannot read the play of '31: bar/22 "
	               "5/6': a path goes down, and 6 is not lower than 5 "
	               "[bg-syntax-error]");
	free(t);
	/* A sub-move after a no-play word is quoted as written. */
	t = game_with("  2) 31: no play 8/5 6/5", "");
	bg_expect_line(t, "t:6:18: error: cannot read '8/5' in the play of "
	               "'31: no play 8/5 6/5': a sub-move is a path of points "
	               "going down, such as 24/18, 13/7*/2, bar/22 or 6/off, with "
	               "an optional count (2) [bg-syntax-error]");
	free(t);
	t = game_with("  2) 31: bar/22 6/5              54: 13/8 13/9  take", "");
	bg_expect_line(t, "t:6:49: error: 'take': a row holds at most two cells, "
	               "the left player's and the right player's "
	               "[bg-syntax-error]");
	free(t);
	bg_expect_line("x\n", "t:1:1: error: there is no match line ('N point "
	               "match', for example ' 5 point match'; 0 for a money "
	               "session) [bg-syntax-error]");
	bg_expect_line(" 3 point match x\n 3 point match\n", "t:1:2: error: "
	               "cannot read this line as the match line: it is 'N point "
	               "match', for example ' 5 point match' [bg-syntax-error]");
}
END_TEST

START_TEST(unknown_play_mark)
{
	/* Last roll of the game, then the result: same row or a later one. */
	char *t = game_with("  2) 31: ????                     Wins 1 point", "");
	bg_expect_clean(t);
	free(t);
	t = game_with("  2) 31: ????", "\n\n                                  Wins 2 points\n");
	bg_expect_clean(t);
	free(t);
	t = game_with("  2) 31: bar/22 6/5              54: ????",
	              "      Losses 1 point\n");
	bg_expect_clean(t);
	free(t);
	/* Not followed by a result: the error is at the mark. */
	t = game_with("  2) 31: ????", "  3) Wins 1 point\n");
	bg_expect_clean(t);
	free(t);
	t = game_with("  2) 31: ????", "  3) 42: 8/4 6/4\n");
	bg_expect_first(t, 6, 10, "bg-syntax-error");
	free(t);
	t = game_with("  2) 31: bar/22 6/5              54: ????", "");
	bg_expect_first(t, 6, 38, "bg-syntax-error");
	free(t);
	t = game_with("  2) 31: bar/22 6/5              54: ????",
	              "      Wins 1 pointz\n");
	bg_expect_first(t, 6, 38, "bg-syntax-error");
	free(t);
	t = game_with("  2) 31: ????", " Game 2\n Ann : 0   Ben : 0\n");
	bg_expect_first(t, 6, 10, "bg-syntax-error");
	free(t);
	/* On the mark's own row too: a cell that cannot be read is not a
	   result cell, so the mark is the first error, not that cell. */
	t = game_with("  2) 31: ????                     Wins 1 pointz", "");
	bg_expect_line(t, "t:6:10: error: '31: ?\?\?\?': an unrecorded play (?\?\?\?) "
	               "may only be the last roll of a game, right before its "
	               "result [bg-syntax-error]");
	free(t);
	t = game_with("  2) 31: ????   Doubles x", "      Wins 1 point\n");
	bg_expect_first(t, 6, 10, "bg-syntax-error");
	free(t);
	t = game_with("  2) 31: ????   Wins 2   53: 8/3", "");
	bg_expect_first(t, 6, 10, "bg-syntax-error");
	free(t);
	t = game_with("  2) 31: bar/22 6/5   54: ????   Wins 1 point", "");
	bg_expect_first(t, 6, 27, "bg-syntax-error");
	free(t);
	/* A whole result after it: the third cell is the error. */
	t = game_with("  2) 31: ????   Wins 1 point   take", "");
	bg_expect_first(t, 6, 32, "bg-syntax-error");
	free(t);
}
END_TEST

/* All of T's diagnostics are the N of WANT ("line:col code"). */
static void
expect_only(const char *t, const char *const *want, size_t n)
{
	ts_result r;
	bg_check(t, NULL, &r);
	ck_assert_msg(r.ndiags == n, "%zu diagnostics, want %zu: %s", r.ndiags, n,
	              r.ndiags ? r.diags[0].line : "");
	for (size_t i = 0; i < n; i++) {
		char got[64];
		snprintf(got, sizeof got, "%lu:%lu %s", r.diags[i].lineno,
		         r.diags[i].col, r.diags[i].code);
		ck_assert_str_eq(got, want[i]);
	}
	ts_free(&r);
}

/*
 * 3.6: the mark must be the LAST roll cell of its game, not only the one
 * right before a result.  A roll anywhere after the result makes the mark
 * the game's syntax error, and nothing from the mark's line on is checked
 * (6.3, 6.4), however far the roll comes after it.
 */
START_TEST(unknown_play_mark_must_be_the_last_roll)
{
	static const char *const mark[] = { "6:10 bg-syntax-error" };
	char *t = game_with("  2) 31: ????", "     Wins 1 point\n"
	                    "  3) 42: 8/4 6/4\n");
	expect_only(t, mark, 1);
	free(t);
	t = game_with("  2) 31: ????                     Wins 1 point",
	              "  3) 42: 8/4 6/4\n");
	expect_only(t, mark, 1);
	free(t);
	/* The result's wrong points are on a line after the mark: unchecked. */
	t = game_with("  2) 31: ????", "     Wins 7 points\n"
	              "                                  Losses 7 points\n"
	              "  3) take\n  4) take\n  5) pass\n"
	              "  6)                             42: 8/4 6/4\n");
	expect_only(t, mark, 1);
	free(t);
	/* The next cell, on a later row, is a cube cell, not a result. */
	t = game_with("  2) 31: ????", "  3) Double to 2\n");
	expect_only(t, mark, 1);
	free(t);
	t = game_with("  2) 31: bar/22 6/5              54: ????",
	              "     Wins 1 point                 42: 8/4 6/4\n");
	static const char *const mark2[] = { "6:38 bg-syntax-error" };
	expect_only(t, mark2, 1);
	free(t);
	/* No roll follows: the mark was the last roll and what follows it is
	   checked, before a later syntax error. */
	t = game_with("  2) 31: ????", "     Wins 1 point\n  3) take\n"
	              "  4) 6-4 24/14\n");
	static const char *const after[] = { "8:6 bg-moves-after-end",
	                                     "9:6 bg-syntax-error" };
	expect_only(t, after, 2);
	free(t);
	t = game_with("  2) 31: ????", "     Wins 1 point\n"
	              " Game 2\n Ann : 1   Ben : 0\n  1) 31: 8/5 6/5\n");
	bg_expect_clean(t);
	free(t);
}
END_TEST

START_TEST(header_errors_need_the_match_line)
{
	/* Every bad line before the first game is reported... */
	ts_result r;
	bg_check("bad\n; fine\nworse\n 3 point match\nafter\n" GAME1 ROW1, NULL, &r);
	ck_assert_int_eq(r.ndiags, 3);
	ck_assert_str_eq(r.diags[0].line, "t:1:1: error: 'bad': before the match "
	                 "line only comment lines (';' or '#') may stand "
	                 "[bg-syntax-error]");
	ck_assert_int_eq(r.diags[1].lineno, 3);
	ck_assert_str_eq(r.diags[2].line, "t:5:1: error: 'after': between the "
	                 "match line and the first game only comment lines (';' "
	                 "or '#') may stand [bg-syntax-error]");
	ts_free(&r);
	/* ...and nothing is replayed, though broken games are still reported. */
	bg_check("bad\n 3 point match\n" GAME1 "  1) 55: 8/3(2) 6/1(2)\n"
	         " Game 2\n Ann : 0 Ben : 0\n  1) 72:\n", NULL, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_int_eq(r.diags[0].lineno, 1);
	ck_assert_int_eq(r.diags[1].lineno, 8);
	ts_free(&r);
	/* Without a match line the file gets one diagnostic, at 1:1. */
	bg_check("bad\n; [Site \"x\"]\nworse\n Game 1\n Ann : 0 Ben : 0\n", NULL, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_int_eq(r.diags[0].lineno, 1);
	ck_assert_int_eq(r.diags[0].col, 1);
	ts_free(&r);
	bg_expect_first("", 1, 1, "bg-syntax-error");
	bg_expect_first("\n\n   \n", 1, 1, "bg-syntax-error");
	/* A match line with too long a number is no match line. */
	bg_expect_first(" 1234567890 point match\n" GAME1, 1, 1, "bg-syntax-error");
	bg_expect_first(" 3 points match\n" GAME1, 1, 1, "bg-syntax-error");
	bg_check(" 3 point match\n 3 point match\n" GAME1 ROW1, NULL, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_int_eq(r.diags[0].lineno, 2);
	ck_assert_int_eq(r.diags[0].col, 2);
	ts_free(&r);
}
END_TEST

/* They wait in bounded memory: past 256 lines one diagnostic, at the first
   line not reported, counts the rest. */
START_TEST(header_errors_past_the_limit_are_counted)
{
	char *t = malloc(300 * 8 + 200);
	size_t n = 0;
	for (int i = 1; i <= 300; i++)
		n += (size_t)sprintf(t + n, "junk%d\n", i);
	strcpy(t + n, " 3 point match\n" GAME1 ROW1);
	char *out = NULL, *err = NULL;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-g", "backgammon",
	                 "-", NULL }, t, &out, &err), 1);
	const char *last = strrchr(out, '\n');
	while (last > out && last[-1] != '\n')
		last--;
	ck_assert_str_eq(last, "<stdin>:257:1: error: this line and 43 more before the "
	                 "match line cannot be read either (only the first 256 "
	                 "such lines are reported one by one) [bg-syntax-error]\n");
	ck_assert_ptr_nonnull(strstr(out, "<stdin>:256:1: error: 'junk256'"));
	free(out);
	free(err);
	free(t);
}
END_TEST

START_TEST(a_syntax_error_costs_only_its_game)
{
	/* Game 1 breaks; game 2 (whose score line is taken as it is) is
	   checked in full and has its own error; game 3 is fine. */
	const char *text = MATCH GAME1 ROW1 "  2) 6-4 24/14\n  3) garbage\n"
		" Game 2\n Ann : 1                        Ben : 0\n"
		"  1) 55: 8/3(2) 6/1(2)\n"
		" Game 3\n Ann : 1                        Ben : 0\n" ROW1;
	ts_result r;
	bg_check(text, NULL, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].code, "bg-syntax-error");
	ck_assert_int_eq(r.diags[0].lineno, 6);
	ck_assert_int_eq(r.diags[0].game, 1);
	ck_assert_str_eq(r.diags[1].code, "bg-opening-double");
	ck_assert_int_eq(r.diags[1].lineno, 10);
	ck_assert_int_eq(r.diags[1].game, 2);
	ts_free(&r);
	/* A game line straight after a game line: the first lacks its score
	   line; the second starts a game as usual. */
	bg_check(MATCH " Game 1\n Game 2\n Ann : 0   Ben : 0\n" ROW1, NULL, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].line, "t:3:2: error: this game line is not "
	                 "followed by a score line ('name : score  name : score') "
	                 "[bg-syntax-error]");
	ts_free(&r);
	bg_check(MATCH " Game 1\n\n", NULL, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_int_eq(r.diags[0].lineno, 3);
	ts_free(&r);
	/* A bad score line breaks the game; a bad game line too. */
	bg_expect_first(MATCH " Game 1\n Ann 0 Ben 0\n" ROW1, 4, 2,
	                "bg-syntax-error");
	bg_expect_first(MATCH " Game 1\n Ann : x   Ben : 0\n" ROW1, 4, 2,
	                "bg-syntax-error");
	/* 3.1: a score is a number too, of at most nine digits. */
	bg_expect_first(MATCH " Game 1\n Ann : 1234567890   Ben : 0\n" ROW1, 4, 2,
	                "bg-syntax-error");
	bg_expect_first(MATCH " Game 1\n ; comment\n Ann : 0   Ben : 0\n" ROW1, 4,
	                2, "bg-syntax-error");
	bg_expect_first(MATCH " Game x\n Ann : 0   Ben : 0\n" ROW1, 3, 2,
	                "bg-syntax-error");
	bg_expect_first(MATCH " Game 1234567890\n Ann : 0   Ben : 0\n" ROW1, 3, 2,
	                "bg-syntax-error");
	/* Resynchronisation happens only at a whole game line. */
	bg_check(MATCH GAME1 "  1) x\n Game 2 x\n Game 2\n Ann : 0 Ben : 0\n"
	         "  1) 55: 8/3(2) 6/1(2)\n", NULL, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_int_eq(r.diags[1].lineno, 9);
	ck_assert_str_eq(r.diags[1].code, "bg-opening-double");
	ts_free(&r);
	/* A line that is not a whole game line is a row of the game it stands
	   in (3.9): game 1 breaks there, so game 3 follows game 1. */
	bg_check(MATCH GAME1 ROW1 " Game 2 x\n Ann : 0 Ben : 0\n"
	         " Game 3\n Ann : 0 Ben : 0\n" ROW1, NULL, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].line, "t:6:2: error: 'Game' does not start a "
	                 "cell: a cell is a roll (6-4: 24/14), a cube action "
	                 "(Double to 2, take, pass) or a result (Wins 1 point) "
	                 "[bg-syntax-error]");
	ck_assert_int_eq(r.diags[1].lineno, 8);
	ck_assert_str_eq(r.diags[1].code, "bg-game-number");
	ts_free(&r);
	/* ... and, being broken, gets no end-of-game checks: 3-1 was left
	   unplayed, which only a result for the opponent would excuse. */
	bg_check(MATCH GAME1 ROW1 "  2) 31:\n Game 2:\n Game 2\n"
	         " Ann : 0 Ben : 0\n" ROW1, NULL, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_int_eq(r.diags[0].lineno, 7);
	ck_assert_str_eq(r.diags[0].code, "bg-syntax-error");
	ts_free(&r);
	/* Before the first game it is a line that may not stand there, and
	   nothing is replayed: the lines up to the first game line are
	   errors too. */
	bg_check(MATCH " Game 1 x\n Ann : 0 Ben : 0\n Game 2\n Ann : 0 Ben : 0\n"
	         "  1) 55: 8/3(2) 6/1(2)\n", NULL, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_int_eq(r.diags[0].lineno, 3);
	ck_assert_int_eq(r.diags[0].col, 2);
	ck_assert_int_eq(r.diags[1].lineno, 4);
	ck_assert_str_eq(r.diags[1].code, "bg-syntax-error");
	ts_free(&r);
}
END_TEST

START_TEST(spec_8_2_syntax_examples)
{
	/* game 1 row 2 `6-4 24/14 ...`: error at 6-4 (dice without ':'). */
	char *t = bg_sample("sheet/bg-sheet-01.bg");
	t = bg_replace_line(t, 10, "  2) 6-4 24/14                   6-2: 24/18 13/11*");
	bg_expect_first(t, 10, 6, "bg-syntax-error");
	/* ... and game 3 row 5 without its `*`: game 1 is not replayed from
	   line 10 on, game 2 starts from its score line, game 3 warns. */
	t = bg_replace_line(t, 34, "  5) 4-2: bar/23 24/20");
	ts_result r;
	bg_check(t, NULL, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_int_eq(r.diags[0].lineno, 10);
	ck_assert_str_eq(r.diags[1].code, "bg-hit-marker-missing");
	ck_assert_int_eq(r.diags[1].lineno, 34);
	ck_assert_int_eq(r.diags[1].col, 6);
	ck_assert_int_eq(r.diags[1].severity, NT_SEV_WARNING);
	ts_free(&r);
	free(t);
	/* `Redouble` after a roll is read as part of its play. */
	t = bg_sample("sheet/bg-sheet-01.bg");
	t = bg_replace_line(t, 16, "  8) 5-1: bar/24 13/8            Redouble to 4");
	bg_expect_first(t, 16, 34, "bg-syntax-error");
	free(t);
	/* A third cell on row 2. */
	t = bg_sample("sheet/bg-sheet-01.bg");
	const char *third = "  2) 6-4: 24/14                  6-2: 24/18 13/11* take";
	t = bg_replace_line(t, 10, third);
	bg_expect_first(t, 10, col_of(third, "take"), "bg-syntax-error");
	free(t);
	/* 8.1: not a point, a path going up, a count of 5, off before the end. */
	const char *rows[][2] = {
		{ "  6) 6-5: 13/7 6/x", "6/x" },
		{ "  6) 6-5: 7/13", "7/13" },
		{ "  6) 6-5: 13/7 6/1*(5)", "6/1*(5)" },
		{ "  6) 6-5: 24/off/14", "24/off/14" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		t = bg_sample("sheet/bg-sheet-01.bg");
		t = bg_replace_line(t, 14, rows[i][0]);
		bg_truncate_after(t, 14);
		bg_expect_first(t, 14, col_of(rows[i][0], rows[i][1]),
		                "bg-syntax-error");
		free(t);
	}
	/* ???? in game 2 row 4 right cell: fine; in row 3: an error, while
	   games 1 and 3 are still checked. */
	t = bg_sample("sheet/bg-sheet-01.bg");
	t = bg_replace_line(t, 25, "  4) 5-4: 13/9 13/8              6-5: ????");
	bg_expect_clean(t);
	free(t);
	t = bg_sample("sheet/bg-sheet-01.bg");
	t = bg_replace_line(t, 24, "  3) 4-2: 8/4 6/4                6-3: ????");
	t = bg_replace_line(t, 34, "  5) 4-2: bar/23 24/20");
	bg_check(t, NULL, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].code, "bg-syntax-error");
	ck_assert_int_eq(r.diags[0].lineno, 24);
	ck_assert_int_eq(r.diags[0].col, 39);
	ck_assert_str_eq(r.diags[1].code, "bg-hit-marker-missing");
	ts_free(&r);
	free(t);
}
END_TEST

START_TEST(long_runs_through_a_tiny_buffer)
{
	/* Long blanks, comments, names and junk are read in chunks. */
	char *t = malloc(40000);
	char blanks[3001];
	memset(blanks, ' ', 3000);
	blanks[3000] = '\0';
	snprintf(t, 40000, ";%s[long comment]%s\n%s3 point match%s\n Game 1\n"
	         " Ann%sLee : 0%sBen : 0\n  1) 62:%s24/18 13/11%s61: 13/7* 8/7%s\n",
	         blanks, blanks, blanks, blanks, blanks, blanks, blanks, blanks,
	         blanks);
	bg_expect_clean(t);
	snprintf(t, 40000, " 3 point match\n Game 1\n Ann : 0 Ben : 0\n"
	         "  1) 62: 24/18 13/11 %s61: 13/7* 8/7 %sxx%s\n", blanks, blanks,
	         blanks);
	bg_expect_first(t, 4, col_of(bg_line_start(t, 4), "xx"), "bg-syntax-error");
	free(t);
}
END_TEST

Suite *
backgammon_syntax_suite(void)
{
	Suite *s = suite_create("backgammon-syntax");
	TCase *tc = tcase_create("accept");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, base_game_is_legal);
	tcase_add_test(tc, dice_in_any_order_with_or_without_dash);
	tcase_add_test(tc, bar_and_off_spellings);
	tcase_add_test(tc, paths_steps_and_counts);
	tcase_add_test(tc, stars_on_any_hop_of_the_hit);
	tcase_add_test(tc, no_play_words);
	tcase_add_test(tc, cube_words);
	tcase_add_test(tc, result_words);
	tcase_add_test(tc, whitespace_line_ends_bom);
	tcase_add_test(tc, row_numbers_are_ignored);
	tcase_add_test(tc, columns_of_single_cells);
	tcase_add_test(tc, wide_left_cells);
	tcase_add_test(tc, match_line_and_header);
	tcase_add_test(tc, long_runs_through_a_tiny_buffer);
	suite_add_tcase(s, tc);
	tc = tcase_create("refuse");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, bad_plays);
	tcase_add_test(tc, syntax_error_spans_the_word);
	tcase_add_test(tc, bad_cells_and_rows);
	tcase_add_test(tc, golden_syntax_lines);
	tcase_add_test(tc, unknown_play_mark);
	tcase_add_test(tc, unknown_play_mark_must_be_the_last_roll);
	tcase_add_test(tc, header_errors_need_the_match_line);
	tcase_add_test(tc, header_errors_past_the_limit_are_counted);
	tcase_add_test(tc, a_syntax_error_costs_only_its_game);
	tcase_add_test(tc, spec_8_2_syntax_examples);
	suite_add_tcase(s, tc);
	return s;
}
