/*
 * Reading .bao transcripts: a golden test pinning the whole diagnostic
 * line of every code of spec section 8.1 (locations per section 8.1,
 * order per 8.2), the variants table of section 9.1, the lexical rules of
 * section 6 (tags, numbers, comments, line ends, UTF-8 columns), set-up
 * positions, result warnings and the lenient forms.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/bao/record.h"
#include "support/support.h"

#define GAME "bao"

#define INITIAL "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0"
#define HEAD "[Game \"Bao la Kiswahili\"]\n[South \"Player A\"]\n" \
             "[North \"Player B\"]\n[Result \"*\"]\n\n"
#define SETUP(pos) "[SetUp \"1\"]\n[Position \"" pos "\"]\n\n"

static const ts_config tiny = { .buffer_size = 64, .read_chunk = 7 };
static const char *const lenient_rules[] = { NULL };
static const ts_config lenient = { .lenient = 1, .rules = lenient_rules };

/*
 * Checks TEXT (also through the tiny buffer) and compares every
 * diagnostic line with WANT (lines joined by '\n'; "" for none).
 */
static void
expect_diags(const char *text, const ts_config *cfg, const char *want)
{
	for (int pass = 0; pass < 2; pass++) {
		ts_config c = cfg ? *cfg : (ts_config){ 0 };
		if (pass) {
			c.buffer_size = tiny.buffer_size;
			c.read_chunk = tiny.read_chunk;
		}
		ts_result r;
		ts_check(GAME, "t.bao", text, strlen(text), &c, &r);
		ck_assert_int_eq(r.rc, 0);
		char got[4096] = "";
		for (size_t i = 0; i < r.ndiags; i++) {
			strcat(got, i ? "\n" : "");
			strncat(got, r.diags[i].line, sizeof got - strlen(got) - 2);
		}
		ck_assert_msg(strcmp(got, want) == 0, "pass %d:\n%s\n got:\n%s\n want:\n%s",
		              pass, text, got, want);
		ts_free(&r);
	}
}

/* The code and ply of the first diagnostic. */
static void
expect_verdict(const char *text, const ts_config *cfg, const char *code,
               long ply)
{
	ts_result r;
	ts_check(GAME, "t.bao", text, strlen(text), cfg, &r);
	ck_assert_msg(r.ndiags > 0, "no diagnostic for:\n%s", text);
	ck_assert_msg(strcmp(r.diags[0].code, code) == 0 && r.diags[0].move == ply,
	              "%s\n got %s (ply %ld), want %s at ply %ld", text,
	              r.diags[0].line, r.diags[0].move, code, ply);
	ts_free(&r);
}

static void
expect_legal(const char *text, const ts_config *cfg, long plies)
{
	ts_result r;
	ts_check(GAME, "t.bao", text, strlen(text), cfg, &r);
	ck_assert_msg(r.summary.errors == 0, "%s\n got %s", text, r.diags[0].line);
	ck_assert_int_eq(r.summary.moves, plies);
	ts_free(&r);
}

/* --- one golden line per code ------------------------------------------------ */

START_TEST(golden_syntax)
{
	expect_diags(HEAD "1. A6<* a6> 2. A4> C6> *\n", NULL,
	             "t.bao:6:20: error: 'C6>' is not a move: rows are A, B "
	             "(South) and a, b (North) [SYNTAX]");
	expect_diags(HEAD "1. A6>* a6>* * 2. A7<*\n", NULL,
	             "t.bao:6:16: error: '2.': only comments may follow the "
	             "result token '*' [SYNTAX]");
	expect_diags(HEAD "1. A6>* a6>* 2. 3. A7<* *\n", NULL,
	             "t.bao:6:14: error: '2.': a move number must be followed by "
	             "a move, not by another number [SYNTAX]");
	expect_diags(HEAD "1. A6>* a6>* 2. *\n", NULL,
	             "t.bao:6:14: error: '2.': a move number must be followed by "
	             "a move, not by the result [SYNTAX]");
	expect_diags(HEAD "1. A6>* a6>* {no end\n", NULL,
	             "t.bao:6:14: error: '{': this comment is never closed ('}') "
	             "[SYNTAX]");
	expect_diags("[SetUp \"1\"]\n\n1. A6>* *\n", NULL,
	             "t.bao:1:1: error: SetUp \"1\" needs a Position tag giving "
	             "the start position as a BaoPOS [SYNTAX]");
	expect_diags("[SetUp \"1\"]\n[Position \"" INITIAL " S 22,22 SN\"]\n\n"
	             "1. A6>* *\n", NULL,
	             "t.bao:2:1: error: Position \"" INITIAL " S 22,22 SN\" is not "
	             "a BaoPOS: the last field is '-' or the takasia pit, a front "
	             "pit of the side to move [SYNTAX]");
	expect_diags(HEAD "1. A4R *\n", NULL,
	             "t.bao:6:4: error: 'A4R' is not a move: 'L' and 'R' are read "
	             "only with --lenient; the sign is '<' or '>' [SYNTAX]");
}
END_TEST

/* An error about a word spans it (last character inclusive, in characters,
 * not bytes); an unclosed comment marks its '{'. */
START_TEST(errors_span_the_word)
{
	static const struct {
		const char *text;
		const char *code;
		unsigned long col, end_col;
	} cases[] = {
		{ HEAD "1. a6>* *\n", "WRONG_SIDE", 4, 7 },
		{ HEAD "1. A6<* a6> 2. A4> C6> *\n", "SYNTAX", 20, 22 },
		{ HEAD "1. \xC3\x84" "6> *\n", "SYNTAX", 4, 6 },
		{ HEAD "1. A6>* a6>* 2. A7<* 3... a5> *\n", "MOVE_NUMBER", 22, 25 },
		{ HEAD "1. A7<* a5< 2. A6<* a6< 3. A2< a6< 16. A4< *\n",
		  "MOVE_NUMBER", 36, 38 },
		{ HEAD "1. A6>* a6>* 2. 3. A7<* *\n", "SYNTAX", 14, 15 },
		{ HEAD "1. A6>* a6>* {no end\n", "SYNTAX", 14, 14 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ts_result r;
		ts_check(GAME, "t.bao", cases[i].text, strlen(cases[i].text), &tiny,
		         &r);
		ck_assert_msg(r.ndiags >= 1, "case %zu: no diagnostic", i);
		const ts_diag *d = &r.diags[0];
		ck_assert_msg(strcmp(d->code, cases[i].code) == 0 && d->lineno == 6 &&
		              d->col == cases[i].col && d->end_lineno == 6 &&
		              d->end_col == cases[i].end_col,
		              "case %zu: %lu:%lu-%lu:%lu for %s", i, d->lineno, d->col,
		              d->end_lineno, d->end_col, d->line);
		ts_free(&r);
	}
	/* A tag-like word spans its '[' and name, not what the tag reader
	   read past them (a value, blanks, a CR that ends no line). */
	static const char *const tags[] = {
		"[Game \"Bao\"]\n\n[X \"y\"] 1. A6>*\n",
		"[Game \"Bao la Kiswahili\"]\r[Result \"*\"]\r\r1. A6>* *\r",
	};
	static const unsigned long tag_line[] = { 3, 1 }, tag_end[] = { 2, 5 };
	for (size_t i = 0; i < 2; i++) {
		ts_result r;
		ts_check(GAME, "t.bao", tags[i], strlen(tags[i]), &tiny, &r);
		ck_assert_msg(r.ndiags >= 1 && r.diags[0].lineno == tag_line[i] &&
		              r.diags[0].col == 1 && r.diags[0].end_lineno == tag_line[i] &&
		              r.diags[0].end_col == tag_end[i], "tag %zu: %s ends at %lu:%lu",
		              i, r.ndiags ? r.diags[0].line : "", r.ndiags ? r.diags[0].end_lineno : 0,
		              r.ndiags ? r.diags[0].end_col : 0);
		ts_free(&r);
	}
	/* A finding about a tag spans the tag, '[' to ']' (UTF-8 counted
	   once). */
	static const struct {
		const char *text, *code;
		unsigned long line, col, end_col;
	} tagged[] = {
		{ "[Result \"1-0\"]\n\n1. A6<* a5>\n", "RESULT_MISMATCH", 1, 1, 14 },
		{ "  [Result \"1-0\"] ; c\n\n1. A6<* a5>\n", "RESULT_MISMATCH", 1, 3, 16 },
		{ "[SetUp \"1\"]\n\n1. A6<*\n", "SYNTAX", 1, 1, 11 },
		{ "[SetUp \"1\"]\n[Position \"\xc3\xa9\"]\n\n1. A6<*\n", "SYNTAX", 2, 1, 14 },
	};
	for (size_t i = 0; i < sizeof tagged / sizeof tagged[0]; i++) {
		ts_result r;
		ts_check(GAME, "t.bao", tagged[i].text, strlen(tagged[i].text), &tiny,
		         &r);
		const ts_diag *d = NULL;
		for (size_t k = 0; k < r.ndiags; k++)
			if (strcmp(r.diags[k].code, tagged[i].code) == 0 &&
			    r.diags[k].lineno == tagged[i].line)
				d = &r.diags[k];
		ck_assert_msg(d != NULL, "tagged %zu: no %s", i, tagged[i].code);
		ck_assert_msg(d->col == tagged[i].col && d->end_lineno == tagged[i].line &&
		              d->end_col == tagged[i].end_col, "tagged %zu: %s ends at %lu",
		              i, d->line, d->end_col);
		ts_free(&r);
	}
}
END_TEST

/* Spec 8.2 steps 1 and 2: a stray item's ply index is one more than the
 * moves read so far, whatever follows the number. */
START_TEST(stray_items_take_the_next_ply_index)
{
	expect_verdict(HEAD "1. A6>* a6>* 2. *\n", NULL, "SYNTAX", 3);
	expect_verdict(HEAD "1. A6>* a6>* 2.\n", NULL, "SYNTAX", 3);
	expect_verdict(HEAD "1. A6>* a6>* 2. {open\n", NULL, "SYNTAX", 3);
	expect_verdict(HEAD "1. A6>* a6>* 2. 3. A7<* *\n", NULL, "SYNTAX", 3);
	expect_verdict(HEAD "1. A6>* a6>* 2. A7<* * a5>\n", NULL, "SYNTAX", 4);
}
END_TEST

START_TEST(golden_move_number)
{
	expect_diags(HEAD "1. A7<* a5< 2. A6<* a6< 3. A2< a6< 6. A4< *\n", NULL,
	             "t.bao:6:36: error: 'A4<': expected move number '4.' before "
	             "South's move, found '6.' [MOVE_NUMBER]");
	expect_diags(HEAD "1. A6>* a6>* 2 A7<* *\n", NULL,
	             "t.bao:6:14: error: '2': expected move number '2.' before "
	             "South's move [MOVE_NUMBER]");
	expect_diags(HEAD "1. A6>* a6>* 2. A7<* 3... a5> *\n", NULL,
	             "t.bao:6:22: error: 'a5>': expected move number '2...' (or "
	             "none) before North's move, found '3...' [MOVE_NUMBER]");
}
END_TEST

#define P_HAMNA "0,0,0,0,0,0,19,20/0,0,2,0,0,0,0,0/1,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 S 10,10 - -"

START_TEST(golden_game_over)
{
	expect_diags(SETUP(P_HAMNA) "1. A3<# a1> 1-0\n", NULL,
	             "t.bao:4:9: error: 'a1>': the game is over; South won by bao "
	             "hamna at ply 1 [GAME_OVER]");
	expect_diags(SETUP("0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0/"
	                   "0,0,0,0,10,0,0,0 N 22,22 SN -") "1... a6>* *\n", NULL,
	             "t.bao:4:6: error: 'a6>*': the game is over before the first "
	             "move; North has won (bao hamna) [GAME_OVER]");
}
END_TEST

START_TEST(golden_rule_codes)
{
	expect_diags(HEAD "1. a6>* *\n", NULL,
	             "t.bao:6:4: error: 'a6>*': it is South's turn, and a6 is "
	             "North's pit [WRONG_SIDE]");
	expect_diags(HEAD "1. A6>* b7> *\n", NULL,
	             "t.bao:6:9: error: 'b7>': North still has 22 seeds in "
	             "reserve, so the seed must go into a front pit "
	             "[BACK_ROW_IN_NAMUA]");
	expect_diags(HEAD "1. A3> *\n", NULL,
	             "t.bao:6:4: error: 'A3>': A3 is empty; the reserve seed must "
	             "go into an occupied pit [EMPTY_PIT]");
	expect_diags(SETUP("0,0,0,30,0,0,0,0/0,0,0,0,0,2,0,0/0,1,0,0,0,1,0,0/"
	                   "0,0,3,0,0,27,0,0 S 0,0 - -") "1. A2> *\n", NULL,
	             "t.bao:4:4: error: 'A2>': A2 holds 1 seed; a mtaji move "
	             "starts from a pit with at least 2 [TOO_FEW_SEEDS]");
	expect_diags(HEAD "1. A6>* a6>* 2. A7<* a7> *\n", NULL,
	             "t.bao:6:22: error: 'a7>': North must capture (a5 faces A4) "
	             "[CAPTURE_REQUIRED]");
	expect_diags(SETUP("0,0,0,0,0,0,0,0/0,2,0,6,0,0,0,0/0,1,0,0,6,2,0,0/"
	                   "0,0,0,0,0,0,0,0 S 24,23 SN -") "1. A2> *\n", NULL,
	             "t.bao:4:4: error: 'A2>': a capture from A2 must enter at the "
	             "left kichwa A1 ('A2<') [KICHWA_FORCED]");
	expect_diags(HEAD "1. A6>* a6>* 2. A5> *\n", NULL,
	             "t.bao:6:17: error: 'A5>': the seed may not go into the "
	             "nyumba while other front pits are occupied "
	             "[NYUMBA_PLACEMENT]");
	expect_diags(SETUP("0,0,0,0,0,0,0,0/0,0,3,6,0,0,0,0/0,1,0,0,0,3,0,0/"
	                   "0,0,0,0,0,0,0,0 S 26,25 N -") "1. A2> *\n", NULL,
	             "t.bao:4:4: error: 'A2>': without a nyumba the seed must go "
	             "into a pit holding 2 or more seeds (A6) "
	             "[SINGLETON_PLACEMENT]");
	expect_diags(SETUP("0,0,0,30,0,0,0,0/0,0,0,0,0,2,0,0/0,2,0,0,0,1,0,0/"
	                   "0,0,3,0,0,26,0,0 S 0,0 - -") "1. B3< *\n", NULL,
	             "t.bao:4:4: error: 'B3<': a takata may start in the back row "
	             "only when every front pit holds at most one seed (A2 holds "
	             "more) [MTAJI_BACK_ROW]");
	expect_diags(SETUP("4,4,0,13,0,4,0,2/0,1,1,0,0,0,2,4/0,0,2,2,1,0,0,3/"
	                   "0,0,4,3,14,0,0,0 S 0,0 - A3") "1. A3> *\n", NULL,
	             "t.bao:4:4: error: 'A3>': A3 is takasia this turn and may not "
	             "be played [TAKASIA_START]");
	expect_diags(SETUP("0,0,0,30,0,0,0,0/0,0,0,0,2,0,0,0/2,0,0,0,0,0,0,0/"
	                   "0,0,0,0,30,0,0,0 S 0,0 - -") "1. A1< *\n", NULL,
	             "t.bao:4:4: error: 'A1<': sowing A1 towards B1 would leave "
	             "South's front row empty [FRONT_ROW_EMPTIED]");
	expect_diags(HEAD "1. A6>* a6>* 2. A7<* a5> 3. A3>+ *\n", NULL,
	             "t.bao:6:29: error: 'A3>+': no lap of this move ends in "
	             "South's functional nyumba, so there is no safari to choose "
	             "[SAFARI_NO_DECISION]");
	expect_diags(SETUP("4,0,0,4,0,6,0,5/4,0,7,0,10,3,0,0/1,2,5,0,3,0,1,2/"
	                   "0,1,2,0,1,0,3,0 S 0,0 - -") "1. A8> *\n", NULL,
	             "t.bao:4:4: error: 'A8>': this sowing never ends (it returns "
	             "to the same position after a relay) [NEVER_ENDING]");
	expect_diags(HEAD "1. A6>* a6>* 2. A7<* a5>* *\n", NULL,
	             "t.bao:6:22: error: 'a5>*': a5> is a capture, not a takata "
	             "[ANNOTATION]");
	expect_diags(HEAD "1. A6>* a6>* 2. A7<** *\n", NULL,
	             "t.bao:6:17: error: 'A7<**': A7< is a takata that creates no "
	             "takasia ('A7<*') [ANNOTATION]");
	expect_diags(HEAD "1. A6>* a6>* 2. A7<* a5> 3. A3>#\n", NULL,
	             "t.bao:6:29: error: 'A3>#': A3> does not end the game "
	             "[ANNOTATION]");
	expect_diags(SETUP("4,4,0,13,0,4,0,2/2,0,0,0,0,0,2,4/0,0,1,2,1,0,0,3/"
	                   "0,0,4,3,15,0,0,0 N 0,0 - -") "1... a8<* *\n", NULL,
	             "t.bao:4:6: error: 'a8<*': a8< creates a takasia on A3, so it "
	             "is written 'a8<**' [ANNOTATION]");
}
END_TEST

START_TEST(golden_warnings)
{
	expect_diags(HEAD "1. A6>* a6>* 2. A7<* a5> 3. A3> 1-0\n", NULL,
	             "t.bao:6:33: warning: result token 1-0, but the game is "
	             "unfinished [RESULT_MISMATCH]");
	/* The end of the last move is just behind it. */
	expect_diags(HEAD "1. A6>* a6>* 2. A7<* a5> 3. A3>\n", NULL,
	             "t.bao:6:32: warning: no result token at the end of the "
	             "moves (the replay gives *) [NO_RESULT]");
	expect_diags("[Result \"1-0\"]\n1. A6>* a6>* *\n", NULL,
	             "t.bao:1:1: warning: Result tag \"1-0\", but the game is "
	             "unfinished [RESULT_MISMATCH]");
	expect_diags(SETUP(P_HAMNA) "1. A3<# 1/2-1/2\n", NULL,
	             "t.bao:4:9: warning: result token 1/2-1/2, but South won by "
	             "bao hamna [RESULT_MISMATCH]");
	expect_diags(SETUP(P_HAMNA) "1. A3<# 1-0\n", NULL, "");
	/* Warnings do not make the file illegal. */
	ts_result r;
	const char *t = HEAD "1. A6>* a6>*\n";
	ts_check(GAME, "t.bao", t, strlen(t), NULL, &r);
	ck_assert_int_eq(r.summary.errors, 0);
	ck_assert_int_eq(r.summary.warnings, 1);
	ts_free(&r);
}
END_TEST

/* The variants table of spec 9.1. */
START_TEST(spec_opening_variants)
{
	expect_legal(HEAD "1. A6>* a6>*   { both sides play takata }\n"
	             "2. A7<* a5>    ; North must capture: a5 faces A4\n3. A3> *\n",
	             NULL, 5);
	expect_verdict(HEAD "1. A6>* a6>* 2. A7<* a7> 3. A3> *", NULL,
	               "CAPTURE_REQUIRED", 4);
	expect_verdict(HEAD "1. A6>* a6>* 2. A7<* a5>* 3. A3> *", NULL,
	               "ANNOTATION", 4);
	expect_verdict(HEAD "1. A6>* a6>* 2. A5> a5> 3. A3> *", NULL,
	               "NYUMBA_PLACEMENT", 3);
	expect_verdict(HEAD "1. A6>* a6>* 2. A7<** a5> 3. A3> *", NULL,
	               "ANNOTATION", 3);
	expect_verdict(HEAD "1. A6>* a6>* 2 A7<* a5> 3. A3> *", NULL,
	               "MOVE_NUMBER", 3);
	expect_verdict(HEAD "1. A6>* a6>* 2. A7<* 3... a5> 3. A3> *", NULL,
	               "MOVE_NUMBER", 4);
	expect_legal(HEAD "1. A6>* a6>* 2. A7<* 2... a5> 3. A3> *", NULL, 5);
	expect_verdict(HEAD "1. A6>* a6>* 2. A7<* a5> 3. A3>#", NULL,
	               "ANNOTATION", 5);
	expect_verdict(HEAD "1. A6>* a6>* 2. A7<* a5> 3. A3>+", NULL,
	               "SAFARI_NO_DECISION", 5);
	expect_verdict(HEAD "1. A6>* a6>* 2. A7<* a5> 3. A3> 1-0", NULL,
	               "RESULT_MISMATCH", 0);
	expect_verdict(HEAD "1. A6>* a6>* * 2. A7<*", NULL, "SYNTAX", 3);
}
END_TEST

/* Spec 9.10 and set-up rules (6.3). */
#define NORTH_START SETUP(INITIAL " N 22,22 SN -")

START_TEST(set_up_with_north_to_move)
{
	expect_legal(NORTH_START "1... a6>* 2. A6>* a7<* *\n", NULL, 3);
	expect_legal(NORTH_START "a6>* 2. A6>* a7<* *\n", NULL, 3);
	expect_legal(NORTH_START "a6>* 2. A6>* 2... a7<* *\n", NULL, 3);
	expect_verdict(NORTH_START "1... a6>* A6>* *\n", NULL, "MOVE_NUMBER", 2);
	expect_verdict(NORTH_START "1... a6>* 1. A6>* *\n", NULL, "MOVE_NUMBER", 2);
	/* Without SetUp the Position is ignored: South starts. */
	expect_verdict("[Position \"" INITIAL " N 22,22 SN -\"]\n\n1... a6>* *\n",
	               NULL, "MOVE_NUMBER", 1);
	expect_legal("[SetUp \"0\"]\n[Position \"" INITIAL " N 22,22 SN -\"]\n\n"
	             "1. A6>* *\n", NULL, 1);
	/* A position whose seeds do not add up to 64. */
	expect_verdict(SETUP(INITIAL " N 22,21 SN -") "1... a6>* *\n", NULL,
	               "SYNTAX", 0);
	/* The last of a repeated tag counts. */
	expect_legal("[SetUp \"1\"]\n[Position \"bad\"]\n[Position \"" INITIAL
	             " N 22,22 SN -\"]\n\n1... a6>* *\n", NULL, 1);
	expect_verdict("[SetUp \"1\"]\n[Position \"" INITIAL " N 22,22 SN -\"]\n"
	               "[SetUp \"0\"]\n\n1... a6>* *\n", NULL, "MOVE_NUMBER", 1);
}
END_TEST

/* --- lexical rules (spec 6.1, 6.2) --------------------------------------------- */

START_TEST(numbers_glue_to_moves)
{
	expect_legal("1.A6>* 1...a6>* 2.A7<* *\n", NULL, 3);
	expect_legal("1.A6>*\n1...a6>*\n2.A7<*\n*", NULL, 3);
	/* "01." is no move number at all (6.2: no leading zeros), so it is
	 * a word: in South's place the number is missing (MOVE_NUMBER comes
	 * first), in North's the word is no move (SYNTAX). */
	expect_verdict("01. A6>* *\n", NULL, "MOVE_NUMBER", 1);
	expect_verdict("1. A6>* 01... a6>* *\n", NULL, "SYNTAX", 2);
	expect_verdict("1. A6>* a6>* 2. A7<* 02...a5> *\n", NULL, "SYNTAX", 4);
	expect_diags(HEAD "1. A6>* a6>* 2. A7<* 02... a5> *\n", NULL,
	             "t.bao:6:22: error: '02...' is not a move: a move number is "
	             "written without leading zeros [SYNTAX]");
	/* A line that ends the tags is quoted as written, whole (8.1). */
	expect_diags("[Ga-me \"x\"]\n\n1. A6>* a6>* *\n", NULL,
	             "t.bao:1:1: error: '[Ga-me': expected move number '1.' before "
	             "South's move [MOVE_NUMBER]");
	expect_diags("[Game\"Bao la\"]\n1. A6>* *\n", NULL,
	             "t.bao:1:1: error: '[Game\"Bao': expected move number '1.' "
	             "before South's move [MOVE_NUMBER]");
	/* 0 has no leading zero: a wrong number. */
	expect_verdict("1. A6>* 0... a6>* *\n", NULL, "MOVE_NUMBER", 2);
	/* A move glued to the result is no move. */
	expect_verdict("1. A6>* a6>**\n", NULL, "ANNOTATION", 2);
	expect_verdict("1. A6>*1-0\n", NULL, "SYNTAX", 1);
	/* A huge number is just a wrong number. */
	expect_verdict("123456789012345678901234567890123456789012345. A6>* *\n",
	               NULL, "MOVE_NUMBER", 1);
}
END_TEST

START_TEST(comments_are_whitespace)
{
	expect_legal("{a}1.{b}A6>*{c}a6>*;d\n; e\n2. A7<* {multi\nline} *  {f}\n",
	             NULL, 3);
	/* Columns count characters: é and ü are one each; a tab is one. */
	expect_diags("{é ü}\t1. A6>* a6>* 2. A5> *\n", NULL,
	             "t.bao:1:23: error: 'A5>': the seed may not go into the "
	             "nyumba while other front pits are occupied "
	             "[NYUMBA_PLACEMENT]");
	/* CRLF line ends and a byte-order mark change no column. */
	expect_diags("\xef\xbb\xbf[Event \"x\"]\r\n\r\n1. A6>* a6>*\r\n2. A5> *\r\n",
	             NULL,
	             "t.bao:4:4: error: 'A5>': the seed may not go into the nyumba "
	             "while other front pits are occupied [NYUMBA_PLACEMENT]");
	/* A byte-order mark elsewhere is text. */
	expect_verdict("1. A6>* \xef\xbb\xbf *\n", NULL, "SYNTAX", 2);
}
END_TEST

START_TEST(tags_end_at_the_first_other_line)
{
	expect_legal("  [Event \"a \\\"quoted\\\" \\\\ value\"]  ; note\n"
	             "[Site \"x\"] {c}\n\n[Round \"3\"]\n1. A6>* *\n", NULL, 1);
	/* A tag-like line among the moves is read as moves, and fails. */
	expect_verdict("1. A6>*\n[Event \"x\"]\n*\n", NULL, "SYNTAX", 2);
	/* A broken tag line ends the tags: its '[' is South's first "move". */
	expect_diags("[Event \"x\"]\n[Site x]\n1. A6>* *\n", NULL,
	             "t.bao:2:1: error: '[Site': expected move number '1.' before "
	             "South's move [MOVE_NUMBER]");
	expect_verdict("[Event \"x\"] junk\n1. A6>* *\n", NULL, "MOVE_NUMBER", 1);
	/* A comment line ends the tags too. */
	expect_verdict("{c}\n[Event \"x\"]\n1. A6>* *\n", NULL, "MOVE_NUMBER", 1);
	/* A byte-order mark is ignored only at the very start of the file. */
	expect_verdict("[Event \"x\"]\n\xef\xbb\xbf[Site \"y\"]\n1. A6>* *\n", NULL,
	               "MOVE_NUMBER", 1);
	/* Long values are read in pieces through the small buffer. */
	char text[3000];
	strcpy(text, "[Event \"");
	for (int i = 0; i < 200; i++)
		strcat(text, "long value ");
	strcat(text, "\"]\n1. A6>* *\n");
	expect_diags(text, NULL, "");
}
END_TEST

START_TEST(bad_words_are_quoted_safely)
{
	expect_diags("1. A6>*\x01x *\n", NULL,
	             "t.bao:1:4: error: 'A6>*\\x01x' is not a move: after the sign "
	             "come only '+', then '*' or '**', then '#', in that order "
	             "[SYNTAX]");
	static const char nul[] = "1. A6>\0 *\n";
	ts_result r;
	ts_check(GAME, "t.bao", nul, sizeof nul - 1, NULL, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "SYNTAX");
	ts_free(&r);
	char text[400] = "1. ";
	for (int i = 0; i < 60; i++)
		strcat(text, "A6>");
	strcat(text, " *\n");
	expect_verdict(text, NULL, "SYNTAX", 1);
	ts_check(GAME, "t.bao", text, strlen(text), NULL, &r);
	ck_assert_ptr_nonnull(strstr(r.diags[0].message, "...'"));
	ts_free(&r);
	/* Spec 5: at most one of each suffix, in the order + * # . */
	expect_verdict("1. A6>*## *\n", NULL, "SYNTAX", 1);
	expect_verdict("1. A6>#* *\n", NULL, "SYNTAX", 1);
	expect_verdict("1. A6>*+ *\n", NULL, "SYNTAX", 1);
	expect_verdict("1. A6>*** *\n", NULL, "SYNTAX", 1);
	expect_verdict("1. A6>++ *\n", NULL, "SYNTAX", 1);
	expect_verdict("1. A6>* a6>*# *\n", NULL, "ANNOTATION", 2);
}
END_TEST

START_TEST(empty_and_odd_files)
{
	expect_diags("", NULL, "t.bao:1:1: warning: no result token at the end of "
	             "the moves (the replay gives *) [NO_RESULT]");
	expect_diags("[Event \"x\"]\n", NULL, "t.bao:2:1: warning: no result "
	             "token at the end of the moves (the replay gives *) "
	             "[NO_RESULT]");
	expect_diags("*\n", NULL, "");
	expect_verdict("}\n", NULL, "MOVE_NUMBER", 1);
}
END_TEST

/* --- lenient forms (spec 5) ------------------------------------------------------ */

#define P93 "0,0,0,0,0,0,0,0/0,2,0,6,0,0,0,0/0,1,0,0,6,2,0,0/0,0,0,0,0,0,0,0 S 24,23 SN -"
#define P95 "0,0,0,0,22,0,0,0/0,1,3,4,0,0,3,0/0,0,4,2,2,1,1,0/0,0,0,21,0,0,0,0 S 0,0 - -"

START_TEST(lenient_forms)
{
	const char *t = "1. A6R a6L 2. 7L 5R *\n";
	expect_verdict(t, NULL, "SYNTAX", 1);
	expect_verdict("1. A6>* 6> *\n", NULL, "SYNTAX", 2);
	/* With --lenient: L/R, a missing row letter in namu. */
	expect_verdict(t, &lenient, "CAPTURE_REQUIRED", 3);
	expect_legal("1. A6R a6R 2. A7L 5R *\n", &lenient, 4);
	expect_legal("1. 6> 6> 2. 7< *\n", &lenient, 3);
	/* A kimbi capture may leave out its forced sign. */
	expect_legal(SETUP(P93) "1. A2 *\n", &lenient, 1);
	expect_legal(SETUP(P93) "1. 2 *\n", &lenient, 1);
	expect_verdict(SETUP(P93) "1. A2 *\n", NULL, "SYNTAX", 1);
	/* ... but no other move may. */
	expect_verdict(SETUP(P93) "1. A6 *\n", &lenient, "SYNTAX", 1);
	expect_verdict(SETUP(P93) "1. a7 *\n", &lenient, "SYNTAX", 1);
	/* In mtaji the row letter is needed. */
	expect_verdict(SETUP(P95) "1. 5R *\n", &lenient, "SYNTAX", 1);
	expect_legal(SETUP(P95) "1. A5R *\n", &lenient, 1);
	/* The expanded token is checked as usual. */
	expect_verdict(SETUP(P93) "1. A2R *\n", &lenient, "KICHWA_FORCED", 1);
	/* Only upper-case L and R stand for the signs. */
	expect_verdict("1. A6r *\n", &lenient, "SYNTAX", 1);
	expect_verdict("1. A6l *\n", &lenient, "SYNTAX", 1);
}
END_TEST

START_TEST(rule_options_apply)
{
	static const char *const off[] = { "takasia=off" };
	static const char *const bad[] = { "takasia=maybe" };
	ts_config c_off = { .rules = off, .nrules = 1 };
	ts_config c_bad = { .rules = bad, .nrules = 1 };
	const char *t = SETUP("4,4,0,13,0,4,0,2/2,0,0,0,0,0,2,4/0,0,1,2,1,0,0,3/"
	                      "0,0,4,3,15,0,0,0 N 0,0 - -") "1... a8<** *\n";
	expect_legal(t, NULL, 1);
	expect_verdict(t, &c_off, "ANNOTATION", 1);
	expect_diags(t, &c_bad, "t.bao:1:1: error: --rule: rule takasia takes on "
	             "or off, not 'maybe' [SYNTAX]");
}
END_TEST

/* What the fallback test's handler saw. */
typedef struct fallback_seen {
	int diags;
	nt_diag last;
	char code[32], message[200];
} fallback_seen;

static void
fallback_diag(void *user, const nt_diag *d)
{
	fallback_seen *seen = user;
	seen->diags++;
	seen->last = *d;
	snprintf(seen->code, sizeof seen->code, "%s", d->code);
	snprintf(seen->message, sizeof seen->message, "%s", d->message);
}

static long
no_bytes(void *handle, void *buf, size_t size)
{
	(void)handle; (void)buf; (void)size;
	return 0;
}

/*
 * NOT_LEGAL is the verdict of section 8.2 when no other check names the
 * fault; no token of the grammar reaches it (every pit it can write is on
 * the board), so the ply is given as the engine sees it: a move from a pit
 * beyond the 16 of the mover's ring.  It is reported at the token, as an
 * error, with the spec's message, and the replay stops.
 */
START_TEST(fallback_not_legal)
{
	nt_source src = { no_bytes, NULL, "t.bao" };
	nt_options opts;
	memset(&opts, 0, sizeof opts);
	nt_summary sum;
	memset(&sum, 0, sizeof sum);
	fallback_seen seen;
	memset(&seen, 0, sizeof seen);
	nt_handler h = { fallback_diag, NULL, &seen };
	nt_run run;
	memset(&run, 0, sizeof run);
	run.src = &src;
	run.opts = &opts;
	nt_reporter_init(&run.rep, &h, "t.bao", &sum, 0);
	bao_parse *p = malloc(sizeof *p);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(bao_parse_init(p, &run, BAO_CHECK), 0);
	bao_item it;
	memset(&it, 0, sizeof it);
	snprintf(it.text, sizeof it.text, "A4>");
	it.len = 3;
	it.loc = (nt_loc){ 7, 4 };
	it.end = (nt_loc){ 7, 7 };
	bao_move m = { BAO_SOUTH, 16, BAO_SIGN_RIGHT, 0 };
	bao_played pl;
	ck_assert_int_eq(bao_play_ply(p, &m, "A4>", 1, &it, &pl), -1);
	ck_assert_int_eq(p->stopped, 1);
	ck_assert_int_eq(p->game.plies, 0);
	bao_parse_free(p);
	free(p);
	ck_assert_int_eq(seen.diags, 1);
	ck_assert_int_eq(sum.errors, 1);
	ck_assert_str_eq(seen.code, "NOT_LEGAL");
	ck_assert_int_eq(seen.last.severity, NT_SEV_ERROR);
	ck_assert_str_eq(seen.message, "'A4>': not a legal move in this position");
	ck_assert_uint_eq(seen.last.begin.line, 7);
	ck_assert_uint_eq(seen.last.begin.col, 4);
	ck_assert_uint_eq(seen.last.end.col, 6);
	ck_assert_int_eq(seen.last.move, 1);
}
END_TEST

Suite *
bao_record_suite(void)
{
	Suite *s = suite_create("bao-record");
	TCase *tc = tcase_create("golden");
	tcase_add_test(tc, golden_syntax);
	tcase_add_test(tc, errors_span_the_word);
	tcase_add_test(tc, golden_move_number);
	tcase_add_test(tc, golden_game_over);
	tcase_add_test(tc, golden_rule_codes);
	tcase_add_test(tc, golden_warnings);
	tcase_add_test(tc, stray_items_take_the_next_ply_index);
	tcase_add_test(tc, fallback_not_legal);
	suite_add_tcase(s, tc);
	tc = tcase_create("reading");
	tcase_add_test(tc, spec_opening_variants);
	tcase_add_test(tc, set_up_with_north_to_move);
	tcase_add_test(tc, numbers_glue_to_moves);
	tcase_add_test(tc, comments_are_whitespace);
	tcase_add_test(tc, tags_end_at_the_first_other_line);
	tcase_add_test(tc, bad_words_are_quoted_safely);
	tcase_add_test(tc, empty_and_odd_files);
	tcase_add_test(tc, lenient_forms);
	tcase_add_test(tc, rule_options_apply);
	suite_add_tcase(s, tc);
	return s;
}
