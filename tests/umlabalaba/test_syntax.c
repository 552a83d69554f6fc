/*
 * Reading moves (spec 4.3 to 4.7): separators inside moves, comments, the
 * syntax errors of 4.4 with their locations and indexes, point and number
 * validity, and what is still reported after the first error.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "support/support.h"
#include "umlabalaba/um_test.h"

START_TEST(separators_may_split_a_move)
{
	/* One move, read whole: its number is checked, so it was read. */
	UT_FAILS("13 B 13 > 5 < 2\n", "bad-move-number", 1);
	ut_outcome o;
	ut_check("1 B > 5\n", &o);
	ck_assert_int_eq(o.ndiags, 0);
	ut_check("1\nB\n>\n05 W{c}>{c}7 B>9;x\n<\n7\n", &o);
	ck_assert_msg(o.ndiags == 1 && strcmp(o.code, "capture-without-mill") == 0,
	              "%s", o.all);
	/* '<' never starts a move: the next line's <3 is this move's capture. */
	UT_FAILS("B>1 W>4 B>2 W>5 B>3\n<9\n", "capture-empty-point", 5);
	UT_LEGAL("B>1 W>4 B>2 W>5 B>3\n<4 W>4\n", NULL);
	UT_FAILS("B>1 <5\n", "capture-without-mill", 1);
	/* A comment is a separator: B>5{good}W>7 is two moves. */
	UT_LEGAL("B>5{good}W>7\n", NULL);
	UT_LEGAL("B > 09\tW>2\fB>03\vW>4\r\n", NULL);
	/* Spec 4.4: two captures, spaced, are one move (only a removal ends
	 * at its point).  B>3 forms 1-2-3 and 3-11-19. */
	UT_LEGAL("[Options \"double_mill=per-mill\"]\n"
	         "B>1 W>4 B>2 W>6 B>11 W>8 B>19 W>12 B > 3 < 4 < 6\n", NULL);
	UT_LEGAL("[Options \"double_mill=per-mill\"]\n"
	         "B>1 W>4 B>2 W>6 B>11 W>8 B>19 W>12 B>3\n<4\n<6\n", NULL);
}
END_TEST

START_TEST(comments)
{
	ut_outcome o;
	/* Spec 4.1: a line break inside a { } comment starts a new line. */
	ut_check("B>1 {a\nb} B>2\n", &o);
	ck_assert_msg(strcmp(o.code, "wrong-player-to-move") == 0 &&
	              o.line == 2 && o.col == 4, "%s", o.text);
	/* Spec 4.7: a numbered move is located at its number, even spaced. */
	ut_check("1B>1 1 W 3>4\n", &o);
	ck_assert_msg(strcmp(o.code, "move-in-placement-phase") == 0 &&
	              o.line == 1 && o.col == 6, "%s", o.text);
	ut_check("1B>1\n1\nW3>4\n", &o);
	ck_assert_msg(strcmp(o.code, "move-in-placement-phase") == 0 &&
	              o.line == 2 && o.col == 1, "%s", o.text);
	UT_LEGAL("{ { does not nest; B>1 }\nB>1 ; } is comment text here\nW>2\n", NULL);
	/* Unterminated: at the brace, taking the next index... */
	UT_FAILS("B>1 W>2 { never closed\nB>3\n", "syntax-error", 3);
	/* ...or, glued to a move, that move is the unreadable text. */
	UT_FAILS("B>1 W>2{ never closed\n", "syntax-error", 2);
	UT_FAILS("B>1 } W>2\n", "syntax-error", 2);
	UT_FAILS("B>1}\nW>2\n", "syntax-error", 1);
}
END_TEST

static const struct {
	const char *text;
	long index;
	unsigned long col;
} bad_texts[] = {
	/* Section 4.4's examples, after one good move. */
	{ "B>1 W>5x", 2, 5 },
	{ "B>1 W>5<", 2, 5 },
	{ "B>1 W>>5", 2, 5 },
	{ "B>1 w>5", 2, 5 },
	{ "B>1 W5-6", 2, 5 },
	{ "B>1 1.W>5", 2, 5 },
	{ "B>1 1-0", 2, 5 },
	{ "B>1 *", 2, 5 },
	/* The move began, then failed right after it: its first character. */
	{ "B>1 13W13->5", 2, 5 },
	{ "B>1 W>5W>6", 2, 5 },
	{ "B>1 W>5>6", 2, 5 },
	{ "B>1 W", 2, 5 },
	{ "B>1 12", 2, 5 },
	{ "B>1 W<", 2, 5 },
	{ "B>1 W<5<6", 2, 5 },
	{ "B>1 W>", 2, 5 },
	/* No move can start here: at that character, the next index. */
	{ "B>1 > 5", 2, 5 },
	{ "B>1  x", 2, 6 },
	{ "\xef\xbb\xbf" "B>1 x", 2, 5 },
	{ "B>1 \xc3\xa9 x", 2, 5 },
	{ "B>1 {\xc3\xa9} x", 2, 9 },
};

START_TEST(syntax_error_locations)
{
	ut_outcome o;
	ut_check(bad_texts[_i].text, &o);
	ck_assert_msg(strcmp(o.code, "syntax-error") == 0 &&
	              o.index == bad_texts[_i].index && o.line == 1 &&
	              o.col == bad_texts[_i].col,
	              "'%s': got %s (index %ld)", bad_texts[_i].text, o.text,
	              o.index);
}
END_TEST

/* A header line broken inside its key or before its value is move text
 * up to its line end only: the next line is still read, and counted. */
START_TEST(a_broken_header_line_ends_at_its_line)
{
	static const char *const texts[] = {
		"[Even\n 1B>1 ?\n",
		"[Event\n 1B>1 ?\n",
		"[Event \n 1B>1 ?\n",
		"[Event x\n 1B>1 ?\n",
		"[\n 1B>1 ?\n",
	};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		ts_result r;
		ts_check("umlabalaba", "t.umla", texts[i], strlen(texts[i]), NULL,
		         &r);
		ck_assert_msg(r.ndiags == 2, "'%s': %zu diagnostics", texts[i],
		              r.ndiags);
		ck_assert_msg(r.diags[0].lineno == 1 && r.diags[0].col == 1,
		              "'%s': %s", texts[i], r.diags[0].line);
		ck_assert_msg(r.diags[1].lineno == 2 && r.diags[1].col == 7 &&
		              strstr(r.diags[1].message, "'?'") != NULL,
		              "'%s': %s", texts[i], r.diags[1].line);
		ts_free(&r);
	}
}
END_TEST

/* The placements of spec 7.5: they fill the board without a mill. */
static const char full_board_fill[] =
	"[Rules \"blac\"]\n"
	"1B>1 1W>2 2B>3 2W>5 3B>4 3W>7 4B>6 4W>9 5B>8 5W>11 6B>10 6W>13\n"
	"7B>12 7W>16 8B>14 8W>18 9B>15 9W>19 10B>17 10W>20 11B>21 11W>22\n"
	"12B>24 12W>23\n";

START_TEST(a_removal_ends_at_its_point)
{
	char text[512];
	ut_outcome o;
	/*
	 * A removal takes no captures, so it ends at its point: a '<' after a
	 * separator starts the next piece, where no move can start (4.4, 4.7).
	 * The removal itself is legal and replayed.
	 */
	snprintf(text, sizeof text, "%s13B<10 <5\n", full_board_fill);
	ut_check(text, &o);
	ck_assert_msg(strcmp(o.code, "syntax-error") == 0 && o.index == 26 &&
	              o.line == 5 && o.col == 8 && o.moves == 25, "%s", o.all);
	/* Glued to it, the removal is the unreadable text. */
	snprintf(text, sizeof text, "%s13B<10<5\n", full_board_fill);
	ut_check(text, &o);
	ck_assert_msg(strcmp(o.code, "syntax-error") == 0 && o.index == 25 &&
	              o.line == 5 && o.col == 1, "%s", o.all);
	/* So a removal owed to nobody is judged before the '<' after it. */
	UT_FAILS("B>1 W<5 <6\n", "bad-ilobola", 2);
}
END_TEST

START_TEST(points_that_are_not_valid)
{
	static const char *const bad[] = { "0", "00", "007", "100", "25", "99",
	                                   "1234567890123456789012345678901234567890" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char text[128];
		snprintf(text, sizeof text, "B>1 W>%s\n", bad[i]);
		UT_FAILS(text, "bad-point-number", 2);
		snprintf(text, sizeof text, "B>1 W>2 B>%s<3\n", bad[i]);
		UT_FAILS(text, "bad-point-number", 3);
	}
	UT_LEGAL("B>01 W>9 B>24 W>10\n", NULL);
}
END_TEST

START_TEST(move_numbers)
{
	UT_LEGAL("1B>1 W>2 2B>3 2W>4 B>5\n", NULL);
	UT_FAILS("1B>1 2W>2\n", "bad-move-number", 2);
	UT_FAILS("01B>1\n", "bad-move-number", 1);
	UT_FAILS("0B>1\n", "bad-move-number", 1);
	UT_FAILS("1B>1 1W>2 1B>3\n", "bad-move-number", 3);
	UT_FAILS("1B>1 1W>2 99999999999999999999999B>3\n", "bad-move-number", 3);
	/* With first=W, White's moves carry the number first. */
	UT_LEGAL("[Options \"first=W\"]\n1W>5 1B>20 2W>6\n", NULL);
	UT_FAILS("[Options \"first=W\"]\n1B>5\n", "wrong-player-to-move", 1);
}
END_TEST

START_TEST(checks_in_the_spec_order)
{
	/* game-already-over (2) comes before bad-point-number (3): the
	 * placements of spec 7.5 fill the board, a draw under gar. */
	static const char *const drawn =
		"1B>1 1W>2 2B>3 2W>5 3B>4 3W>7 4B>6 4W>9 5B>8 5W>11 6B>10 6W>13\n"
		"7B>12 7W>16 8B>14 8W>18 9B>15 9W>19 10B>17 10W>20 11B>21 11W>22\n"
		"12B>24 12W>23\n";
	char text[2048];
	snprintf(text, sizeof text, "%s13B10>30\n", drawn);
	UT_FAILS(text, "game-already-over", 25);
	snprintf(text, sizeof text, "%s13B<0\n", drawn);
	UT_FAILS(text, "game-already-over", 25);
	/* bad-point-number (3) before bad-move-number (4) before the side (5). */
	UT_FAILS("1B>1 5B>30\n", "bad-point-number", 2);
	UT_FAILS("1B>1 5B>3\n", "bad-move-number", 2);
	UT_FAILS("1B>1 1B>3\n", "wrong-player-to-move", 2);
	/* The phase (7) before the source (8). */
	UT_FAILS("B>1 W20>21\n", "move-in-placement-phase", 2);
}
END_TEST

START_TEST(after_the_first_error)
{
	ut_outcome o;
	/* A rule error stops the replay; later syntax errors are still reported. */
	ut_check("B>1 B>2 W>3 W>3\nB>4 x\n", &o);
	ck_assert_int_eq(o.ndiags, 2);
	ck_assert_str_eq(o.code, "wrong-player-to-move");
	ck_assert(strstr(o.all, "t.umla:2:5: error: cannot read 'x'") != NULL);
	/* Never a later rule error. */
	ut_check("B>1 B>2 W>1 B>1\n", &o);
	ck_assert_int_eq(o.ndiags, 1);
	/* Spec 5.3: replay stops at the first error, so the Result header is
	 * not compared with an outcome (no result-mismatch after it). */
	ut_check("[Result \"B\"]\nB>1 B>2\n", &o);
	ck_assert_msg(o.ndiags == 1 && strcmp(o.code, "wrong-player-to-move") == 0,
	              "%s", o.all);
	/* Several syntax errors, each reported, each piece taking an index. */
	ut_check("B>1 x\nW>2 y\n", &o);
	ck_assert_int_eq(o.ndiags, 2);
	ck_assert(strstr(o.all, "t.umla:2:5:") != NULL);
	ts_result r;
	ts_check("umlabalaba", "t.umla", "x y B>>1 B>2", 12, NULL, &r);
	ck_assert_int_eq(r.ndiags, 3);
	ck_assert_int_eq(r.diags[0].move, 1);
	ck_assert_int_eq(r.diags[1].move, 2);
	ck_assert_int_eq(r.diags[2].move, 3);
	ck_assert_int_eq(r.diags[2].col, 5);
	ts_free(&r);
	/* The rest of an unreadable piece is skipped, the next one reported. */
	ut_check("B>>5W>6 W>>7\n", &o);
	ck_assert_int_eq(o.ndiags, 2);
}
END_TEST

Suite *
umlabalaba_syntax_suite(void)
{
	Suite *s = suite_create("umlabalaba-syntax");
	TCase *tc = tcase_create("reading");
	tcase_add_test(tc, separators_may_split_a_move);
	tcase_add_test(tc, comments);
	tcase_add_test(tc, a_broken_header_line_ends_at_its_line);
	tcase_add_loop_test(tc, syntax_error_locations, 0,
	                    (int)(sizeof bad_texts / sizeof bad_texts[0]));
	tcase_add_test(tc, a_removal_ends_at_its_point);
	tcase_add_test(tc, points_that_are_not_valid);
	tcase_add_test(tc, move_numbers);
	tcase_add_test(tc, checks_in_the_spec_order);
	tcase_add_test(tc, after_the_first_error);
	suite_add_tcase(s, tc);
	return s;
}
