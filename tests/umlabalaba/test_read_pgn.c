/*
 * Reading mill PGN (umlabalaba-pgn.md, sections 1 to 5 and 7): the square
 * mapping, the tags and what rules they choose, the movetext grammar, the
 * move indexes and locations, the order of checks, and the samples.  Every
 * check runs twice, the second time through a 64-byte buffer in 7-byte
 * reads, and both must report the same.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/umlabalaba/squares.h"
#include "umlabalaba/pgn_test.h"

#define FULL_BOARD \
	"1. a7 d7 2. g7 g1 3. g4 a1 4. d1 b6 5. a4 f6 6. d6 f2 7. f4 b4 " \
	"8. d2 d5 9. b2 e5 10. c5 e4 11. e3 d3 12. c4 c3"

/* --- 1: points and squares ----------------------------------------------- */

START_TEST(squares_map_to_blac_points)
{
	static const char *const by_point[25] = {
		NULL, "a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4",
		"b6", "d6", "f6", "f4", "f2", "d2", "b2", "b4",
		"c5", "d5", "e5", "e4", "e3", "d3", "c3", "c4"
	};
	for (int p = 1; p <= 24; p++) {
		ck_assert_str_eq(um_square_name(p), by_point[p]);
		ck_assert_int_eq(um_square_point(by_point[p], 2), p);
	}
	ck_assert_ptr_null(um_square_name(25));
	ck_assert_int_eq(um_square_point("d4", 2), 0);
	ck_assert_int_eq(um_square_point("a2", 2), 0);
	/* PlayOK numbers the rows from the top, left to right. */
	static const int playok[25] = {
		0, 1, 2, 3, 9, 10, 11, 17, 18, 19, 8, 16, 24, 20, 12, 4, 23, 22, 21,
		15, 14, 13, 7, 6, 5
	};
	for (int n = 1; n <= 24; n++) {
		char text[16];
		snprintf(text, sizeof text, "%d", n);
		ck_assert_int_eq(um_playok_point(text, strlen(text)), playok[n]);
		ck_assert_int_eq(um_playok_number(playok[n]), n);
	}
	ck_assert_int_eq(um_playok_point("05", 2), 0);
	ck_assert_int_eq(um_playok_point("0", 1), 0);
	ck_assert_int_eq(um_playok_point("25", 2), 0);
}
END_TEST

/* Lines and mills map one to one: the diagonal a7-b6-c5 is a mill. */
START_TEST(diagonal_mills_are_the_squares)
{
	PT_LEGAL("[Variant \"Twelve Men's Morris\"]\n1. a7 d7 2. b6 d6 3. c5xd7 d5\n",
	         "*");
	PT_FAILS("1. a7 d7 2. b6 d6 3. c5 d5\n", "missing-capture", 5);
	PT_FAILS("1. a1 d7 2. b2 d6 3. c3 d5\n", "missing-capture", 5);
	PT_FAILS("1. d7 a7 2. d6 g7 3. d5 g1\n", "missing-capture", 5);
	/* g7-f6-e5 too; a move along a diagonal link is adjacent. */
	PT_LEGAL("1. g7 a1 2. f6 d1 3. e5xa1 a1\n", NULL);
}
END_TEST

START_TEST(no_other_square_is_a_point)
{
	/* Any file a..g with any digit parses; the point check judges it. */
	PT_FAILS_AT("1. d4 *\n", "bad-point-number", 1, 1, 1);
	PT_FAILS("1. a2 *\n", "bad-point-number", 1);
	PT_FAILS("1. d8\n", "bad-point-number", 1);
	PT_FAILS("1. g0\n", "bad-point-number", 1);
	PT_FAILS("1. d6 d5 2. d7 d5-d4\n", "bad-point-number", 4);
	PT_FAILS("h4\n", "syntax-error", 1);
	pt_outcome o;
	pt_check("1. f2-d4 *\n", &o);
	ck_assert(strstr(o.message, "d4 is the centre") != NULL);
}
END_TEST

/* --- 2: sides, numbers, results ----------------------------------------- */

START_TEST(white_is_the_first_player)
{
	pt_outcome o;
	/* With first=B, PGN White is Blac Black: messages say White. */
	pt_check("1. d6 d6\n", &o);
	ck_assert_str_eq(o.code, "occupied-destination");
	ck_assert_msg(strstr(o.message, "'d6': point d6 is already taken by a "
	                     "White cow") != NULL, "%s", o.message);
	/* first=W changes nothing in PGN terms. */
	pt_check("[Options \"first=W\"]\n1. d6 d6\n", &o);
	ck_assert(strstr(o.message, "by a White cow") != NULL);
	pt_check("1... d6\n", &o);
	ck_assert_str_eq(o.code, "wrong-player-to-move");
	ck_assert(strstr(o.message, "it is White's turn") != NULL);
}
END_TEST

START_TEST(move_numbers_name_the_side)
{
	PT_FAILS_AT("1... d6\n", "wrong-player-to-move", 1, 1, 1);
	PT_FAILS("1. d6 1. d5\n", "wrong-player-to-move", 2);
	PT_FAILS("1. d6 2... d5\n", "bad-move-number", 2);
	PT_FAILS("2. d6\n", "bad-move-number", 1);
	PT_FAILS("01. d6\n", "bad-move-number", 1);
	/* Without a number: the side other than the turn before's. */
	PT_LEGAL("1. d6 d5 d7 2... e5 *\n", "*");
	PT_FAILS("1. d6 d5 d7 2. e5\n", "wrong-player-to-move", 4);
	PT_LEGAL("d6 d5 d7 e5\n", NULL);
	/* The number check comes before the side check. */
	PT_FAILS("1. d6 3... d5\n", "bad-move-number", 2);
}
END_TEST

START_TEST(results_are_the_first_players)
{
	/* The full board: a draw under Morabaraba, the first player loses
	 * under Twelve Men's Morris (blocked). */
	PT_LEGAL("[Result \"1/2-1/2\"]\n" FULL_BOARD " 1/2-1/2\n", "1/2-1/2");
	PT_LEGAL("[Variant \"Twelve Men's Morris\"]\n" FULL_BOARD " 0-1\n", "0-1");
	PT_FAILS_AT("[Variant \"Twelve Men's Morris\"]\n[Result \"*\"]\n"
	            FULL_BOARD "\n", "result-mismatch", 0, 2, 1);
	PT_FAILS("[Variant \"Twelve Men's Morris\"]\n" FULL_BOARD " 1-0\n",
	         "result-mismatch", 0);
	/* first=W: 1-0 is still the first player's win. */
	PT_LEGAL("[Variant \"Twelve Men's Morris\"]\n[Options \"first=W\"]\n"
	         FULL_BOARD " 0-1\n", "0-1");
	PT_FAILS("[Result \"1/2-1/2\"]\n" FULL_BOARD " 13. a7-b6\n",
	         "game-already-over", 25);
}
END_TEST

/* --- 3 and 4.1: tags and rules ------------------------------------------- */

START_TEST(variant_tag_chooses_the_rules)
{
	/* Shuttle rule (7.6): Morabaraba has it, Twelve Men's Morris not. */
	char g[4096];
	PT_FAILS(pt_game_71("13. f2-g1xd7 d6-b6\n14. g1-f2 *\n", g, sizeof g),
	         "repeated-mill", 27);
	PT_FAILS(pt_game_71("13. f2-g1xd7 d6-b6\n14. g1-f2xa7 *\n", g, sizeof g),
	         "repeated-mill", 27);
	char twelve[4096];
	pt_game_71("13. f2-g1xd7 d6-b6\n14. g1-f2xa7 *\n", g, sizeof g);
	const char *v = strstr(g, "[Variant \"Morabaraba\"]");
	ck_assert_ptr_nonnull(v);
	snprintf(twelve, sizeof twelve, "%.*s[Variant \"Twelve Men's Morris\"]%s",
	         (int)(v - g), g, v + strlen("[Variant \"Morabaraba\"]"));
	PT_LEGAL(twelve, "*");
	char *x = strstr(twelve, "xa7 *");
	memmove(x, x + 3, strlen(x + 3) + 1);
	PT_FAILS(twelve, "missing-capture", 27);
	/* Names in any case, blanks around ignored; no tag: Morabaraba. */
	PT_LEGAL("[Variant \" MORABARABA \"]\n" FULL_BOARD " 1/2-1/2\n", "1/2-1/2");
	PT_LEGAL("[Variant \"umlabalaba\"]\n" FULL_BOARD " 1/2-1/2\n", "1/2-1/2");
	PT_LEGAL("[Variant \"twelve_mens_morris\"]\n" FULL_BOARD " 0-1\n", "0-1");
	PT_LEGAL("[Variant \"tWELVE men's MORRIS\"]\n" FULL_BOARD " 0-1\n", "0-1");
	PT_LEGAL(FULL_BOARD " 1/2-1/2\n", "1/2-1/2");
	/* Keys are case-sensitive: another key, not checked. */
	PT_LEGAL("[variant \"Dooz\"]\n1. d6 *\n", "*");
}
END_TEST

START_TEST(morabaraba_draws_by_repetition)
{
	/* Morabaraba is nmove=100 and repetition=3 (7.10): the position after
	 * move 27 comes back after 31 and 35, so 36 is one too many. */
	char g[8192];
	char tail[] = "13. f2-g1xd7 d6-b6\n14. g7-d7 b6-d6\n15. d7-g7 d6-b6\n"
	              "16. g7-d7 b6-d6\n17. d7-g7 d6-b6\n18. g7-d7 b6-d6 *\n";
	char text[8192];
	pt_game_71(tail, g, sizeof g);
	/* The file's own Options switch the draws off. */
	PT_LEGAL(g, "*");
	const char *o = strstr(g, "[Options \"nmove=0 repetition=0\"]\n");
	ck_assert_ptr_nonnull(o);
	snprintf(text, sizeof text, "%.*s%s", (int)(o - g), g,
	         o + strlen("[Options \"nmove=0 repetition=0\"]\n"));
	PT_FAILS(text, "game-already-over", 36);
}
END_TEST

START_TEST(unsupported_variants)
{
	PT_FAILS_AT("[Event \"e\"]\n[Variant \"Nine Men's Morris\"]\n"
	            "1. a7 d7 2. b6 d6 3. c5xd7 d5\n", "pgn-unsupported-variant",
	            0, 2, 1);
	PT_FAILS("[Variant \"Dooz\"]\n", "pgn-unsupported-variant", 0);
	PT_FAILS("[Variant \"Custom\"]\n", "pgn-unsupported-variant", 0);
	PT_FAILS("[Variant \"chess\"]\n", "pgn-unsupported-variant", 0);
	PT_FAILS("[Variant \"\"]\n", "pgn-unsupported-variant", 0);
	/* PlayOK's mill is Nine Men's Morris unless the Variant says more,
	 * and that is judged after every tag. */
	PT_FAILS_AT("[Event \"x\"]\n[Site \" playok \"]\n1. 5 13 2. 20 19\n",
	            "pgn-unsupported-variant", 0, 2, 1);
	PT_LEGAL("[Site \"PlayOK\"]\n[Variant \"Morabaraba\"]\n1. 5 13 *\n", "*");
	PT_LEGAL("[Variant \"Morabaraba\"]\n[Site \"PlayOK\"]\n1. 5 13 *\n", "*");
	PT_FAILS_AT("[Site \"PlayOK\"]\n[FEN \"x\"]\n", "pgn-setup-unsupported",
	            0, 2, 1);
	pt_outcome o;
	pt_check("[Variant \"Nine Men's Morris\"]\n", &o);
	ck_assert(strstr(o.message, "9 cows each") != NULL);
}
END_TEST

START_TEST(setups_are_refused)
{
	PT_FAILS_AT("[Event \"e\"]\n[FEN \"********/********/******** w p p 12 0 "
	            "12 0 0 0 0 0 0 0 0 0 1\"]\n1. d6 *\n",
	            "pgn-setup-unsupported", 0, 2, 1);
	PT_FAILS("[SetUp \"1\"]\n1. d6 *\n", "pgn-setup-unsupported", 0);
	PT_LEGAL("[SetUp \"0\"]\n1. d6 *\n", "*");
}
END_TEST

START_TEST(options_may_set_five_options)
{
	PT_LEGAL("[Options \"first=W draw3=both draw3_plies=4 nmove=50 "
	         "repetition=2\"]\n1. d6 *\n", "*");
	PT_FAILS_AT("[Event \"e\"]\n[Options \"flying=off\"]\n",
	            "pgn-no-equivalent", 0, 2, 1);
	PT_FAILS("[Options \"centre_mills=any\"]\n", "pgn-no-equivalent", 0);
	PT_FAILS("[Options \"no_shuttle=off\"]\n", "pgn-no-equivalent", 0);
	/* Malformed, unknown or repeated items: bad-header. */
	PT_FAILS("[Options \"shoot_twice=on\"]\n", "bad-header", 0);
	PT_FAILS("[Options \"nmove=060\"]\n", "bad-header", 0);
	PT_FAILS("[Options \"nmove\"]\n", "bad-header", 0);
	PT_FAILS("[Options \"nmove=1 nmove=2\"]\n", "bad-header", 0);
	PT_FAILS("[Options \"board=24\"]\n", "bad-header", 0);
	/* The items in their order: the first offending one decides. */
	PT_FAILS("[Options \"flying=off shoot_twice=on\"]\n", "pgn-no-equivalent", 0);
	PT_FAILS("[Options \"shoot_twice=on flying=off\"]\n", "bad-header", 0);
	/* They change the game: after the shot of move 25, move 26 is a
	 * quiet turn, and nmove=1 draws there. */
	char g[4096], text[4096];
	pt_game_71("13. f2-g1xd7 d6-b6 14. g1-f2 *\n", g, sizeof g);
	const char *o = strstr(g, "nmove=0 repetition=0");
	ck_assert_ptr_nonnull(o);
	snprintf(text, sizeof text, "%.*snmove=1%s", (int)(o - g), g,
	         o + strlen("nmove=0 repetition=0"));
	PT_FAILS(text, "game-already-over", 27);
}
END_TEST

START_TEST(bad_tags)
{
	PT_FAILS_AT("[Rules \"gar\"]\n", "bad-header", 0, 1, 1);
	PT_FAILS("[Board \"24\"]\n", "bad-header", 0);
	PT_FAILS("[Result \"B\"]\n", "bad-header", 0);
	PT_FAILS_AT("[Result \"*\"]\n[Result \"*\"]\n", "bad-header", 0, 2, 1);
	PT_FAILS_AT("[Variant \"Morabaraba\"]\n[Variant \"Morabaraba\"]\n",
	            "bad-header", 0, 2, 1);
	PT_FAILS_AT("[Options \"nmove=0\"]\n[Options \"nmove=0\"]\n", "bad-header",
	            0, 2, 1);
	/* Tags in file order: the first offending one is the only verdict. */
	PT_FAILS("[FEN \"x\"]\n[Variant \"Dooz\"]\n", "pgn-setup-unsupported", 0);
	PT_FAILS("[Variant \"Dooz\"]\n[FEN \"x\"]\n", "pgn-unsupported-variant", 0);
	PT_FAILS("[Rules \"gar\"]\n[Variant \"Dooz\"]\n", "bad-header", 0);
	pt_outcome o;
	pt_check("[Variant \"Dooz\"]\n[FEN \"x\"]\n1. d4 d4\n", &o);
	ck_assert_int_eq(o.ndiags, 1);
	/* Other tags are free text. */
	PT_LEGAL("[White \"A\"]\n[PlyCount \"x\"]\n[Date \"?\"]\n1. d6 *\n", "*");
}
END_TEST

START_TEST(tag_values_and_lines)
{
	/* \" and \\ in a value; the tag line is still a tag line. */
	PT_LEGAL("[Event \"a \\\"b\\\" c\\\\d \\e\"]\n[Result \"*\"]\n1. d6 *\n", "*");
	PT_FAILS("[Result \"1\\-0\"]\n", "bad-header", 0);
	/* Blank lines and same-line comments among the tags. */
	PT_LEGAL("[Event \"e\"] ; a note\n\n[Result \"*\"] {x}\n1. d6 *\n", "*");
	/* A later tag line is movetext. */
	PT_FAILS_AT("1. d6\n[Result \"*\"]\n", "syntax-error", 2, 2, 1);
	/* A '%' line is ignored, in the tags and in the moves. */
	PT_LEGAL("%escaped [Rules \"x\"]\n[Result \"*\"]\n1. d6\n% d6\nd5 *\n", "*");
	PT_FAILS_AT("1. d6 %x\n", "syntax-error", 2, 1, 7);
	/* A byte-order mark and CR LF lines. */
	PT_LEGAL("\xef\xbb\xbf[Result \"*\"]\r\n1. d6 d5\r\n*\r\n", "*");
}
END_TEST

/* --- 4.2: the movetext grammar ------------------------------------------- */

START_TEST(separators_and_what_may_touch)
{
	pt_outcome o;
	pt_check("1. d6{good}f4 *\n", &o);
	ck_assert_int_eq(o.ndiags, 0);
	ck_assert_int_eq(o.moves, 2);
	PT_LEGAL("1.d6 d5 2.d7 *\n", "*");
	PT_LEGAL("1. d6! d5?? 2. d7!? e5?! 3. a7!! g7? *\n", "*");
	PT_FAILS_AT("1. d6d5\n", "syntax-error", 1, 1, 1);
	PT_FAILS_AT("1. d6 d5 2.d7*\n", "syntax-error", 3, 1, 10);
	PT_FAILS("1. d6!!?\n", "syntax-error", 1);
	PT_FAILS("1. d6 !\n", "syntax-error", 2);
	PT_FAILS("1. d6 $1d5\n", "syntax-error", 2);
	/* A step has no blanks: d5 - c5 is not one. */
	PT_FAILS("1. d6 d5 - c5\n", "syntax-error", 3);
	PT_FAILS("1. d6 d5-\n", "syntax-error", 2);
	PT_FAILS("1. d6 x d5\n", "syntax-error", 1);
	/* Squares, x and p are lower case. */
	PT_FAILS("1. D6\n", "syntax-error", 1);
	PT_FAILS("1. d6 Xd5\n", "syntax-error", 2);
	PT_FAILS("1. P\n", "syntax-error", 1);
}
END_TEST

START_TEST(captures_belong_to_the_turn_before)
{
	char g[4096];
	static const char *const forms[] = {
		"13. f2-g1xd7", "13.f2-g1xd7", "13. f2-g1!xd7", "13. f2-g1 xd7",
		"13. f2-g1 $14xd7", "13. f2-g1 {mill} xd7", "13. f2-g1 {mill}xd7",
		"13. f2-g1 $14 (13... d6-d7) xd7", "13. f2-g1\n; a mill\nxd7",
		"13. f2-g1xd7 $14 (13... d6-d7)",
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		char tail[128];
		snprintf(tail, sizeof tail, "%s d6-b6 *\n", forms[i]);
		pt_outcome o;
		pt_check(pt_game_71(tail, g, sizeof g), &o);
		ck_assert_msg(o.ndiags == 0 && o.moves == 26, "%s: %s", forms[i],
		              o.all);
	}
	/* Two capture-runs are two shots of one turn. */
	PT_FAILS(pt_game_71("13. f2-g1xd7 xa7 *\n", g, sizeof g),
	         "too-many-captures", 25);
	/* A capture-run first, after a move number, after the termination. */
	PT_FAILS_AT("xd7 d6\n", "syntax-error", 1, 1, 1);
	PT_FAILS_AT("$1 xd7\n", "syntax-error", 1, 1, 4);
	PT_FAILS_AT(pt_game_71("13. xd7 *\n", g, sizeof g), "syntax-error", 25,
	            25, 1);
	PT_FAILS_AT("1. d6 * xd7\n", "syntax-error", 2, 1, 9);
	/* An unreadable shot is its turn's error, glued or not. */
	PT_FAILS_AT(pt_game_71("13. f2-g1 {mill} xq7 *\n", g, sizeof g),
	            "syntax-error", 25, 25, 1);
	PT_FAILS_AT("1. d6 d5 2. d7 d1x\n", "syntax-error", 4, 1, 16);
}
END_TEST

START_TEST(nags_and_variations_are_skipped)
{
	PT_LEGAL("1. d6 $1 $22 d5 $3 *\n", "*");
	pt_outcome o;
	pt_check("1. d6 (1. d5 (1. d7 d4) {)} ; )\n) d5 (1... a7) *\n", &o);
	ck_assert_int_eq(o.ndiags, 0);
	ck_assert_int_eq(o.moves, 2);
	/* Only the main line is replayed: a bad square there is no error. */
	PT_LEGAL("1. d6 (1... d4) d5 *\n", "*");
	PT_FAILS_AT("1. d6 (1... d5\n", "syntax-error", 2, 1, 7);
	PT_FAILS_AT("1. d6 ) d5\n", "syntax-error", 2, 1, 7);
	PT_FAILS("1. d6 (a {b)\n", "syntax-error", 2);
}
END_TEST

START_TEST(the_termination_ends_the_game)
{
	PT_LEGAL("1. d6 d5\n", "*");
	PT_LEGAL("1. d6 d5 * ; done\n{ and a comment }\n", "*");
	PT_LEGAL("*\n", "*");
	PT_FAILS_AT("1. d6 * *\n", "syntax-error", 2, 1, 9);
	PT_FAILS_AT("1. d6 * d5\n", "syntax-error", 2, 1, 9);
	/* One finding after it, however much follows. */
	pt_outcome o;
	pt_check("1. d6 * d5 e5 f4\n", &o);
	ck_assert_int_eq(o.ndiags, 1);
	char g[4096];
	PT_FAILS_AT(pt_game_71("13. f2-g1xd7 d6-b6 1-0 14. g1-f2\n", g, sizeof g),
	            "syntax-error", 27, 25, 24);
	PT_FAILS("1. d6 1-0d5\n", "syntax-error", 2);
}
END_TEST

START_TEST(a_pass_is_never_allowed)
{
	char g[4096];
	PT_FAILS_AT(pt_game_71("13. p *\n", g, sizeof g), "pgn-pass-not-allowed",
	            25, 25, 1);
	PT_FAILS_AT("d6 p\n", "pgn-pass-not-allowed", 2, 1, 4);
	pt_outcome o;
	pt_check(g, &o);
	ck_assert_msg(strstr(o.message, "'13. p': no turn is ever given up") != NULL,
	              "%s", o.message);
	/* It comes after the point, number and side checks. */
	PT_FAILS("1. pxd4\n", "bad-point-number", 1);
	PT_FAILS("2. p\n", "bad-move-number", 1);
	PT_FAILS("1... p\n", "wrong-player-to-move", 1);
	PT_FAILS(FULL_BOARD " 13. p\n", "game-already-over", 25);
}
END_TEST

/* --- 4.4: PlayOK numbers ------------------------------------------------- */

START_TEST(playok_numbers)
{
	/* 7.2: the game of 7.1 in PlayOK numbers reads as the same moves. */
	char g[4096];
	char playok[4096];
	snprintf(playok, sizeof playok, "%s1. 21 6 2. 10 23 3. 7 12 4. 20 14\n"
	         "5. 19x23 4 6. 9 1 7. 8x4 15 8. 16 13x16 9. 16 17 10. 3 2\n"
	         "11. 22x6 18 12. 23 5 13. 21-24x2 5-4 *\n", pt_tags_71);
	pt_game_71("13. f2-g1xd7 d6-b6 *\n", g, sizeof g);
	nt_show_request req = { .move = -1, .game_no = -1, .ply = -1, .json = 1 };
	ts_result a, b;
	ts_show("umlabalaba", "a.pgn", g, strlen(g), &req, NULL, &a);
	ts_show("umlabalaba", "b.pgn", playok, strlen(playok), &req, NULL, &b);
	ck_assert_int_eq(a.rc, 0);
	ck_assert_int_eq(b.rc, 0);
	const char *fa = strstr(a.output, "\"fen\""), *fb = strstr(b.output, "\"fen\"");
	ck_assert(fa != NULL && fb != NULL);
	ck_assert_str_eq(fa, fb);
	ts_free(&a);
	ts_free(&b);
	PT_LEGAL(playok, "*");
	/* 1..24 without a leading zero, else bad-point-number. */
	PT_FAILS("1. 05\n", "bad-point-number", 1);
	PT_FAILS("1. 25\n", "bad-point-number", 1);
	PT_FAILS("1. 0\n", "bad-point-number", 1);
	PT_FAILS("1. 5 13 2. 999999999999999999999999999999\n", "bad-point-number", 3);
	/* One form a file, decided by its first square. */
	PT_FAILS_AT("1. 5 d6\n", "syntax-error", 2, 1, 6);
	PT_FAILS_AT("1. d6 5\n", "syntax-error", 2, 1, 7);
	PT_FAILS("1. 5 13 2. 20 xd7\n", "syntax-error", 3);
	/* A shot after a separator is the turn's: here it makes no mill. */
	PT_FAILS("1. 5 13 2. 20 x23\n", "capture-without-mill", 3);
	/* p belongs to both forms. */
	PT_FAILS("1. 5 p\n", "pgn-pass-not-allowed", 2);
	/* 1-0 and 0-1 are the termination, never a step. */
	PT_FAILS_AT("1. 5 13 1-0\n", "result-mismatch", 0, 1, 9);
	pt_outcome o;
	pt_check("1. 10 2 2. 1 13 3. 3x2 5\n", &o);
	ck_assert_str_eq(o.code, "capture-without-mill");
	/* Messages name the points as the file does. */
	pt_check("1. 5 5\n", &o);
	ck_assert_msg(strstr(o.message, "point 5 is already taken") != NULL, "%s",
	              o.message);
}
END_TEST

/* --- 4.3: move index and location ---------------------------------------- */

START_TEST(indexes_and_locations)
{
	/* A turn's finding is at its move number, else its first square. */
	PT_FAILS_AT("1. d6 d5\n  2.   d6\n", "occupied-destination", 3, 2, 3);
	PT_FAILS_AT("1. d6 d5\n    d6\n", "occupied-destination", 3, 2, 5);
	PT_FAILS_AT("1. d6\n  1...\n d5 d6\n", "occupied-destination", 3, 3, 5);
	/* A syntax error in a turn is the turn's; elsewhere at the text. */
	PT_FAILS_AT("1. d6 d5\n2. F2\n", "syntax-error", 3, 2, 1);
	PT_FAILS_AT("1. d6 d5 }\n", "syntax-error", 3, 1, 10);
	PT_FAILS_AT("1. d6 d5 {open\n", "syntax-error", 3, 1, 10);
	PT_FAILS_AT("1. d6 d5 2.\n", "syntax-error", 3, 1, 10);
	/* A rule error before unreadable text is the verdict. */
	PT_FAILS("1. d6 d6 2. F2\n", "occupied-destination", 2);
	/* Index 0: the tag, else the termination. */
	PT_FAILS_AT("[Event \"e\"]\n[Result \"1-0\"]\n1. d6 1-0\n",
	            "result-mismatch", 0, 2, 1);
	PT_FAILS_AT("1. d6\n  1-0\n", "result-mismatch", 0, 2, 3);
	pt_outcome o;
	pt_check("1. d6 d5\n2. F2\n", &o);
	ck_assert_msg(strstr(o.message, "'2. F2'") != NULL, "%s", o.message);
}
END_TEST

/* --- 5.3: the order of the checks at the end ------------------------------ */

START_TEST(termination_and_result_tag)
{
	PT_FAILS_AT("[Result \"1-0\"]\n1. d6 *\n", "pgn-termination-mismatch", 0,
	            2, 7);
	PT_FAILS_AT("[Result \"1-0\"]\n1. d6 1-0\n", "result-mismatch", 0, 1, 1);
	PT_LEGAL("[Result \"*\"]\n1. d6 *\n", "*");
	/* Only after a legal replay. */
	PT_FAILS("[Result \"1-0\"]\n1. d6 d6 *\n", "occupied-destination", 2);
	pt_outcome o;
	pt_check("[Result \"1-0\"]\n1. d6 d6 *\n", &o);
	ck_assert_int_eq(o.ndiags, 1);
}
END_TEST

/* --- 7.5: the illegal variants of move 25 ---------------------------------- */

START_TEST(worked_example_move_25)
{
	static const char *const rows[][2] = {
		{ "13. F2-g1xd7", "syntax-error" },
		{ "13. f2-d4", "bad-point-number" },
		{ "13. f2-g1xd8", "bad-point-number" },
		{ "12. f2-g1xd7", "bad-move-number" },
		{ "13... f2-g1xd7", "wrong-player-to-move" },
		{ "13. g1", "place-in-movement-phase" },
		{ "13. b6-b4", "source-empty" },
		{ "13. d7-f6", "source-not-own" },
		{ "13. d1-a1", "occupied-destination" },
		{ "13. g7-b6", "not-adjacent" },
		{ "13. g7-f6xd7", "capture-without-mill" },
		{ "13. f2-g1xd7xa7", "too-many-captures" },
		{ "13. f2-g1xb6", "capture-empty-point" },
		{ "13. f2-g1xa1", "capture-own-piece" },
		{ "13. f2-g1xf4", "capture-protected-in-mill" },
		{ "13. f2-g1", "missing-capture" },
		{ "13. p", "pgn-pass-not-allowed" },
		{ "13. xd7", "syntax-error" },
	};
	char g[4096];
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char tail[64];
		snprintf(tail, sizeof tail, "%s *\n", rows[i][0]);
		pt_outcome o;
		pt_check(pt_game_71(tail, g, sizeof g), &o);
		ck_assert_msg(strcmp(o.code, rows[i][1]) == 0 && o.index == 25 &&
		              o.line == 25 && o.col == 1, "%s: %s", rows[i][0], o.all);
	}
	PT_LEGAL(pt_game_71("13. f2-g1xd7 d6-b6 *\n", g, sizeof g), "*");
	pt_outcome o;
	pt_check(pt_game_71("13. f2-g1xf4 *\n", g, sizeof g), &o);
	ck_assert_msg(strstr(o.message, "Black's cow on f4 stands in the mill "
	                     "g4-f4-e4") != NULL, "%s", o.message);
	pt_check(pt_game_71("13. g7-b6 *\n", g, sizeof g), &o);
	ck_assert_msg(strstr(o.message, "g7 is linked to d7, g4 and f6") != NULL,
	              "%s", o.message);
}
END_TEST

/* --- the samples ----------------------------------------------------------- */

typedef struct rows {
	const char *dir;
	int n;
} rows;

static void
illegal_row(void *ctx, char **f, int n)
{
	rows *r = ctx;
	ck_assert_int_ge(n, 5);
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", r->dir, f[0]);
	size_t len;
	char *text = ts_read_file(path, &len);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	pt_outcome o;
	pt_check_named(f[0], text, &o);
	ck_assert_msg(strcmp(o.code, f[2]) == 0 && o.index == atol(f[1]) &&
	              o.line == strtoul(f[3], NULL, 10) &&
	              o.col == strtoul(f[4], NULL, 10),
	              "%s: expected %s at %s (%s:%s), got %s", f[0], f[2], f[1],
	              f[3], f[4], o.all);
	free(text);
	r->n++;
}

START_TEST(illegal_samples_fail_as_their_manifest_says)
{
	rows r = { "tests/umlabalaba/pgn/illegal", 0 };
	ck_assert_int_eq(ts_read_tsv("tests/umlabalaba/pgn/illegal/manifest.tsv",
	                             illegal_row, &r), 0);
	ck_assert_int_ge(r.n, 30);
}
END_TEST

/* The result a PGN file declares: its Result tag, else its termination. */
static void
declared(const char *text, char *out, size_t size)
{
	const char *tag = strstr(text, "[Result \"");
	if (tag != NULL) {
		snprintf(out, size, "%.*s", (int)strcspn(tag + 9, "\""), tag + 9);
		return;
	}
	static const char *const ends[] = { " 1/2-1/2\n", " 1-0\n", " 0-1\n",
	                                    " *\n" };
	snprintf(out, size, "*");
	for (size_t i = 0; i < 4; i++)
		if (strstr(text, ends[i]) != NULL)
			snprintf(out, size, "%.*s", (int)strlen(ends[i]) - 2, ends[i] + 1);
}

static int
legal_dir(const char *dir)
{
	int n = 0;
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "no samples at %s", dir);
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t nlen = strlen(e->d_name);
		if (nlen < 4 || strcmp(e->d_name + nlen - 4, ".pgn") != 0)
			continue;
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		size_t len;
		char *text = ts_read_file(path, &len);
		ck_assert(text != NULL);
		pt_outcome o;
		pt_check_named(path, text, &o);
		char want[16];
		declared(text, want, sizeof want);
		ck_assert_msg(o.ndiags == 0, "%s: %s", path, o.all);
		ck_assert_msg(strcmp(o.result, want) == 0, "%s: result %s, not %s",
		              path, o.result, want);
		ck_assert_int_gt(o.moves, 0);
		free(text);
		n++;
	}
	closedir(d);
	return n;
}

START_TEST(legal_samples_pass)
{
	ck_assert_int_ge(legal_dir("tests/umlabalaba/pgn/legal"), 8);
	char dir[512];
	ts_shared("corpus/umlabalaba/pgn", dir, sizeof dir);
	ck_assert_int_ge(legal_dir(dir), 9);
}
END_TEST

Suite *
umlabalaba_read_pgn_suite(void)
{
	Suite *s = suite_create("umlabalaba-read-pgn");
	TCase *tc = tcase_create("read");
	tcase_add_test(tc, squares_map_to_blac_points);
	tcase_add_test(tc, diagonal_mills_are_the_squares);
	tcase_add_test(tc, no_other_square_is_a_point);
	tcase_add_test(tc, white_is_the_first_player);
	tcase_add_test(tc, move_numbers_name_the_side);
	tcase_add_test(tc, results_are_the_first_players);
	tcase_add_test(tc, variant_tag_chooses_the_rules);
	tcase_add_test(tc, morabaraba_draws_by_repetition);
	tcase_add_test(tc, unsupported_variants);
	tcase_add_test(tc, setups_are_refused);
	tcase_add_test(tc, options_may_set_five_options);
	tcase_add_test(tc, bad_tags);
	tcase_add_test(tc, tag_values_and_lines);
	tcase_add_test(tc, separators_and_what_may_touch);
	tcase_add_test(tc, captures_belong_to_the_turn_before);
	tcase_add_test(tc, nags_and_variations_are_skipped);
	tcase_add_test(tc, the_termination_ends_the_game);
	tcase_add_test(tc, a_pass_is_never_allowed);
	tcase_add_test(tc, playok_numbers);
	tcase_add_test(tc, indexes_and_locations);
	tcase_add_test(tc, termination_and_result_tag);
	tcase_add_test(tc, worked_example_move_25);
	tcase_add_test(tc, illegal_samples_fail_as_their_manifest_says);
	tcase_add_test(tc, legal_samples_pass);
	suite_add_tcase(s, tc);
	return s;
}
