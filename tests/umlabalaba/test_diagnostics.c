/*
 * One golden line for every diagnostic code: the whole
 * FILE:LINE:COL: error: MESSAGE [CODE] line, pinned.  Most come from the
 * spec's section 7.3 (move 25 of the game of 7.1 written wrongly).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "support/support.h"
#include "umlabalaba/um_test.h"

static const char *const head = "[Event \"x\"]\n[Rules \"gar\"]\n\n";

/* The game of 7.1 up to move 24, then LAST as move 25 on line 16. */
static void
move_25(const char *last, char *out, size_t size)
{
	snprintf(out, size, "%s%s%s\n", head, ut_game_71_placements, last);
}

static void
golden(const char *text, const char *want)
{
	ut_outcome o;
	ut_check(text, &o);
	ck_assert_msg(o.ndiags == 1, "want one diagnostic, got:\n%s", o.all);
	ck_assert_str_eq(o.text, want);
}

static const struct {
	const char *move;
	long index;
	const char *line;
} section_73[] = {
	{ "13B13->5", 25, "t.umla:16:1: error: cannot read '13B13->5' as a move: '-' is not part of the notation; a cow goes from one point to another with '>' (13B13>5) [syntax-error]" },
	{ "13b13>5", 25, "t.umla:16:1: error: cannot read '13b13>5' as a move: side letters are upper case: B or W [syntax-error]" },
	{ "13B13>25", 25, "t.umla:16:1: error: '13B13>25': there is no point 25 on the 24-point board [bad-point-number]" },
	{ "12B13>5<2", 25, "t.umla:16:1: error: '12B13>5<2': this is move 13 (Black's 13th turn), not 12 [bad-move-number]" },
	{ "13W10>9", 25, "t.umla:16:1: error: '13W10>9': it is Black's turn [wrong-player-to-move]" },
	{ "13B>5", 25, "t.umla:16:1: error: '13B>5': Black has no cows left to place and must move one [place-in-movement-phase]" },
	{ "13B9>16", 25, "t.umla:16:1: error: '13B9>16': there is no cow on point 9 [source-empty]" },
	{ "13B2>11", 25, "t.umla:16:1: error: '13B2>11': the cow on point 2 is White's [source-not-own]" },
	{ "13B6>7", 25, "t.umla:16:1: error: '13B6>7': point 7 is already taken by a Black cow [occupied-destination]" },
	{ "13B3>9", 25, "t.umla:16:1: error: '13B3>9': point 9 is not next to point 3 (3 is linked to 2, 4 and 11) [not-adjacent]" },
	{ "13B3>11<2", 25, "t.umla:16:1: error: '13B3>11<2': the move to 11 makes no mill, so no cow may be shot [capture-without-mill]" },
	{ "13B13>5<2<1", 25, "t.umla:16:1: error: '13B13>5<2<1': one mill allows only one shot [too-many-captures]" },
	{ "13B13>5<9", 25, "t.umla:16:1: error: '13B13>5<9': there is no cow on point 9 to shoot [capture-empty-point]" },
	{ "13B13>5<7", 25, "t.umla:16:1: error: '13B13>5<7': the cow on 7 is Black's own [capture-own-piece]" },
	{ "13B13>5<12", 25, "t.umla:16:1: error: '13B13>5<12': White's cow on 12 stands in the mill 4-12-20 and White has cows outside mills [capture-protected-in-mill]" },
	{ "13B13>5", 25, "t.umla:16:1: error: '13B13>5': the move makes the mill 5-6-7, so Black must shoot a White cow [missing-capture]" },
	/* Order of checks: step 3 before 4, step 5 before 14. */
	{ "12B13>25", 25, "t.umla:16:1: error: '12B13>25': there is no point 25 on the 24-point board [bad-point-number]" },
	{ "13W13>5<7", 25, "t.umla:16:1: error: '13W13>5<7': it is Black's turn [wrong-player-to-move]" },
};

START_TEST(section_73_variants)
{
	char text[4096];
	move_25(section_73[_i].move, text, sizeof text);
	ut_outcome o;
	ut_check(text, &o);
	ck_assert_int_eq(o.index, section_73[_i].index);
	golden(text, section_73[_i].line);
	/* Every one spans the move: a rule error as written, a syntax error
	   to the end of the unreadable word, which is the move here. */
	ck_assert_uint_eq(o.end_line, 16);
	ck_assert_uint_eq(o.end_col, strlen(section_73[_i].move));
}
END_TEST

/* A style finding about a point spans its digits. */
START_TEST(style_finding_spans_the_point)
{
	ts_result r;
	const char *text = "B>1 W>02 B>3\n";
	ts_config lint = { .lint = 1 };
	ts_check("umlabalaba", "t.umla", text, strlen(text), &lint, &r);
	ck_assert_uint_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "mixed-point-forms");
	ck_assert_msg(r.diags[0].col == 7 && r.diags[0].end_lineno == 1 &&
	              r.diags[0].end_col == 8, "%s ends at %lu:%lu",
	              r.diags[0].line, r.diags[0].end_lineno, r.diags[0].end_col);
	ts_free(&r);
}
END_TEST

/* A text, the code of its first diagnostic (NULL: any) and its span. */
typedef struct span_case {
	const char *text, *code;
	unsigned long line, col, end_line, end_col;
} span_case;

static void
expect_spans(const span_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		ut_outcome o;
		ut_check(cases[i].text, &o);
		ck_assert_msg(o.ndiags >= 1, "case %zu: no diagnostic", i);
		ck_assert_msg(cases[i].code == NULL ||
		              strcmp(o.code, cases[i].code) == 0, "case %zu: %s", i,
		              o.text);
		ck_assert_msg(o.line == cases[i].line && o.col == cases[i].col &&
		              o.end_line == cases[i].end_line &&
		              o.end_col == cases[i].end_col,
		              "case %zu: %lu:%lu-%lu:%lu for %s", i, o.line, o.col,
		              o.end_line, o.end_col, o.text);
	}
}

/* The span ends at the last point written, also on a later line and past
 * zero padding, and whether the move was one token or several. */
START_TEST(rule_error_spans_the_move)
{
	static const span_case cases[] = {
		{ "B>5 W>5\n", NULL, 1, 5, 1, 7 },
		{ "1B>5 1W>05 2B>6\n", NULL, 1, 6, 1, 10 },
		{ "B>5 W>6 B>7 W>8 B>10 W>9 B>11 W>12 B>\n 13\n <6\n", NULL, 1, 36, 3, 3 },
		{ "B>5 W>6 B>7 W>8 B>10 W>9 B>11 W>12 B>13<6<8 x\n", NULL, 1, 36, 1, 43 },
		{ "B>5 W>6 B>7 W>8 B>10 W>9 B>11 W>12 B>13 W<5\n", NULL, 1, 41, 1, 43 },
	};
	expect_spans(cases, sizeof cases / sizeof cases[0]);
}
END_TEST

/* A syntax error spans the move from its start to the token that stopped
 * the reading, or at the end of the file to the move's last token; an
 * unclosed comment and a line that is no header end at their first
 * character.  Columns count characters, not bytes. */
START_TEST(syntax_error_spans_what_was_read)
{
	static const char se[] = "syntax-error";
	static const span_case cases[] = {
		{ "1B>3 2W>B 3B>5\n", se, 1, 6, 1, 9 },
		{ "1B>3 2W>\n", se, 1, 6, 1, 8 },
		{ "1B>3 2W>", se, 1, 6, 1, 8 },
		{ "1B>3 2W>\n B 3B>5\n", se, 1, 6, 2, 2 },
		{ "1B>3 2W>4x 3B>5\n", se, 1, 6, 1, 10 },
		{ "1B>3\n 2W>1<\xc3\xa9" "9 3B>5\n", se, 2, 2, 2, 8 },
		{ "1B>3 2W>6} 3B>5\n", se, 1, 6, 1, 10 },
		{ "1B>3 1W>6 {open\n", se, 1, 11, 1, 11 },
		{ "1B>3 1W>{open\n", se, 1, 6, 1, 9 },
		{ "[Event \"x\"]\n[Bad\n1B>3\n", se, 2, 1, 2, 1 },
		{ "1B>3 x 2W>5\n", se, 1, 6, 1, 6 },
	};
	expect_spans(cases, sizeof cases / sizeof cases[0]);
}
END_TEST

/* A header's finding spans the header line, '[' to ']'. */
START_TEST(header_findings_span_the_header)
{
	static const span_case cases[] = {
		{ "[Rules \"nope\"]  ; c\nB>1\n", "bad-header", 1, 1, 1, 14 },
		{ " [Options \"first=W  flying=maybe\"]\nB>1\n", "bad-header", 1, 2, 1, 34 },
		{ "[Event \"x\"]\n[Result \"\xc3\xa9\"]\n", "bad-header", 2, 1, 2, 12 },
		{ "[Result \"B\"]\n[Result \"W\"]\n", "bad-header", 2, 1, 2, 12 },
		{ "[Event \"x\"]\n[Result \"B\"]\n\nB>1 W>2\n", "result-mismatch", 2, 1, 2, 12 },
	};
	expect_spans(cases, sizeof cases / sizeof cases[0]);
}
END_TEST

/* A run of digits too long to keep is quoted cut, with '...', never with
 * bytes from past the number (spec 4.4: any run of digits is read). */
START_TEST(golden_long_numbers)
{
	golden("B>999999999999999999999999\n",
	       "t.umla:1:1: error: 'B>99999999999999999999...': "
	       "'99999999999999999999...' is not a point number (points are "
	       "written 1 to 24, or 01 to 09) [bad-point-number]");
	golden("111111111111111111111111111111B>5\n",
	       "t.umla:1:1: error: '11111111111111111111...B>5': this is move 1 "
	       "(Black's 1st turn), not 11111111111111111111... [bad-move-number]");
	golden("B>5<99999999999999999999999999999999999999999\n",
	       "t.umla:1:1: error: 'B>5<99999999999999999999...': "
	       "'99999999999999999999...' is not a point number (points are "
	       "written 1 to 24, or 01 to 09) [bad-point-number]");
	/* Twenty-three digits are still kept whole. */
	golden("B>99999999999999999999999\n",
	       "t.umla:1:1: error: 'B>99999999999999999999999': "
	       "'99999999999999999999999' is not a point number (points are "
	       "written 1 to 24, or 01 to 09) [bad-point-number]");
}
END_TEST

/* Two mills at once under double_mill=per-mill: two cows owed, said so. */
START_TEST(golden_two_captures_owed)
{
	golden("[Options \"double_mill=per-mill\"]\n1B>1 1W>9 2B>2 2W>10 3B>11 "
	       "3W>12 4B>19 4W>13 5B>3\n",
	       "t.umla:2:46: error: '5B>3': the move makes the mills 1-2-3 and "
	       "3-11-19, so Black must shoot 2 White cows, not 0 [missing-capture]");
	golden("[Options \"double_mill=per-mill\"]\n1B>1 1W>9 2B>2 2W>10 3B>11 "
	       "3W>12 4B>19 4W>13 5B>3<9\n",
	       "t.umla:2:46: error: '5B>3<9': the move makes the mills 1-2-3 and "
	       "3-11-19, so Black must shoot 2 White cows, not 1 [missing-capture]");
}
END_TEST

START_TEST(golden_bad_header)
{
	golden("[Event \"x\"]\n[Options \"shoot_twice=on\"]\n\n1B>1\n",
	       "t.umla:2:1: error: Options: unknown option 'shoot_twice' [bad-header]");
	/* What a header holds is quoted safely: no control byte reaches a
	   terminal, and bytes that are not UTF-8 are shown as \xHH. */
	golden("[Options \"x\033[2Jy=on\"]\n\nB>1\n",
	       "t.umla:1:1: error: Options: unknown option 'x\\x1B[2Jy' [bad-header]");
	golden("[Options \"draw3=\033x\"]\n\nB>1\n",
	       "t.umla:1:1: error: Options: '\\x1Bx' is not a value of draw3 [bad-header]");
	golden("[Options \"nmove=1\377\"]\n\nB>1\n",
	       "t.umla:1:1: error: Options: nmove takes a plain decimal number, not "
	       "'1\\xFF' [bad-header]");
	golden("[Options \"x\001\"]\n\nB>1\n",
	       "t.umla:1:1: error: Options: 'x\\x01' is not name=value [bad-header]");
}
END_TEST

static const char *const full_board =
	"1B>1 1W>2\n2B>3 2W>5\n3B>4 3W>7\n4B>6 4W>9\n5B>8 5W>11\n6B>10 6W>13\n"
	"7B>12 7W>16\n8B>14 8W>18\n9B>15 9W>19\n10B>17 10W>20\n11B>21 11W>22\n"
	"12B>24 12W>23\n";

START_TEST(golden_game_already_over)
{
	char text[2048];
	snprintf(text, sizeof text, "[Rules \"gar\"]\n%s13B10>9\n", full_board);
	golden(text, "t.umla:14:1: error: '13B10>9': the game is already over "
	       "(drawn at move 24: placement filled the board) [game-already-over]");
}
END_TEST

/* The ilobola removals reset the nmove count (3.8), so under nmove=1 the
 * first plain move after them is the one that draws. */
START_TEST(golden_game_already_over_nmove)
{
	char text[2048];
	snprintf(text, sizeof text, "[Rules \"blac\"]\n[Options \"nmove=1\"]\n%s"
	         "13B<10 13W<13\n14B14>13\n14W9>10\n", full_board);
	golden(text, "t.umla:17:1: error: '14W9>10': the game is already over "
	       "(drawn at move 27: 1 turn in a row without a placement, a capture "
	       "or an ilobola removal) [game-already-over]");
}
END_TEST

START_TEST(golden_bad_ilobola)
{
	char text[2048];
	snprintf(text, sizeof text, "[Rules \"blac\"]\n%s13B10>9\n", full_board);
	golden(text, "t.umla:14:1: error: '13B10>9': the board is full, so Black "
	       "must first give ilobola by removing one of its own cows (write "
	       "B<p) [bad-ilobola]");
}
END_TEST

START_TEST(golden_move_in_placement_phase)
{
	golden("1B>5 1W3>4\n", "t.umla:1:6: error: '1W3>4': White still has 12 "
	       "cows in hand and must place one [move-in-placement-phase]");
}
END_TEST

START_TEST(golden_repeated_mill)
{
	char text[4096];
	snprintf(text, sizeof text, "%s%s13B13>5<2 13W10>9\n14B5>13\n", head,
	         ut_game_71_placements);
	golden(text, "t.umla:17:1: error: '14B5>13': the cow that made a mill by "
	       "moving from 13 to 5 may not go straight back to remake the mill "
	       "13-14-15 [repeated-mill]");
}
END_TEST

START_TEST(golden_result_mismatch)
{
	char text[4096];
	snprintf(text, sizeof text, "[Result \"B\"]\n\n%s", ut_game_71_placements);
	golden(text, "t.umla:1:1: error: Result says \"B\" but the moves give * "
	       "(the game is still going) [result-mismatch]");
}
END_TEST

/* A three-cow side under flying=off: found by random play, then tried. */
static int
three_cows_to_move(const um_game *g)
{
	return g->result == UM_ONGOING && g->owes_ilobola == UM_NOBODY &&
	       g->hand[g->to_move] == 0 && um_count(g->cows[g->to_move]) == 3;
}

/* A cow of the side to move and an empty point it is not linked to. */
static int
far_move(const um_game *g, int *from, int *to)
{
	um_set empty = g->board->all & ~(g->cows[0] | g->cows[1]);
	for (int p = 1; p <= g->board->points; p++) {
		if (!(g->cows[g->to_move] & UM_BIT(p)))
			continue;
		um_set far = empty & ~g->board->adj[p];
		for (int q = 1; q <= g->board->points; q++)
			if (far & UM_BIT(q)) {
				*from = p;
				*to = q;
				return 1;
			}
	}
	return 0;
}

START_TEST(golden_flying_not_allowed)
{
	static ut_found f;
	ck_assert(ut_find("isisuthu", 0, NULL, three_cows_to_move, &f));
	int from, to;
	ck_assert(far_move(&f.game, &from, &to));
	char move[64], text[20000], want[512];
	const char *side = f.game.to_move == UM_BLACK ? "Black" : "White";
	snprintf(move, sizeof move, "%ld%c%d>%d", um_expected_number(&f.game),
	         side[0], from, to);
	ut_append(&f, move, text, sizeof text);
	unsigned long line = 1;
	for (const char *s = text; *s; s++)
		line += *s == '\n';
	snprintf(want, sizeof want, "t.umla:%lu:1: error: '%s': %s has three "
	         "cows, but flying is off in these rules, and %d is not next to "
	         "%d [flying-not-allowed]", line - 1, move, side, to, from);
	golden(text, want);
}
END_TEST

Suite *
umlabalaba_diagnostics_suite(void)
{
	Suite *s = suite_create("umlabalaba-diagnostics");
	TCase *tc = tcase_create("golden");
	tcase_add_loop_test(tc, section_73_variants, 0,
	                    (int)(sizeof section_73 / sizeof section_73[0]));
	tcase_add_test(tc, golden_bad_header);
	tcase_add_test(tc, rule_error_spans_the_move);
	tcase_add_test(tc, syntax_error_spans_what_was_read);
	tcase_add_test(tc, header_findings_span_the_header);
	tcase_add_test(tc, style_finding_spans_the_point);
	tcase_add_test(tc, golden_long_numbers);
	tcase_add_test(tc, golden_two_captures_owed);
	tcase_add_test(tc, golden_game_already_over);
	tcase_add_test(tc, golden_game_already_over_nmove);
	tcase_add_test(tc, golden_bad_ilobola);
	tcase_add_test(tc, golden_move_in_placement_phase);
	tcase_add_test(tc, golden_repeated_mill);
	tcase_add_test(tc, golden_result_mismatch);
	tcase_add_test(tc, golden_flying_not_allowed);
	suite_add_tcase(s, tc);
	return s;
}
