/*
 * The header section (spec 4.2, 2 and 7.7): which lines are headers, every
 * bad-header case, and how presets, Board and Options combine.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "support/support.h"
#include "umlabalaba/um_test.h"

static void
header_fails(const char *header, unsigned long line)
{
	char text[8192];
	snprintf(text, sizeof text, "[Event \"e\"]\n%s\n\nB>1 W>2\n", header);
	ut_outcome o;
	ut_check(text, &o);
	ck_assert_msg(strcmp(o.code, "bad-header") == 0 && o.index == 0,
	              "%s: got %s", header, o.text);
	ck_assert_int_eq(o.line, line);
	ck_assert_int_eq(o.col, 1);
	/* bad-header is the only verdict. */
	ck_assert_int_eq(o.ndiags, 1);
}

static const char *const bad_headers[] = {
	"[Options \"shoot_twice=on\"]",
	"[Options \"flying=sometimes\"]",
	"[Options \"board=25\"]",
	"[Options \"nmove=060\"]",
	"[Options \"nmove=-1\"]",
	"[Options \"draw3_plies=0\"]",
	"[Options \"repetition=+2\"]",
	"[Options \"flying\"]",
	"[Options \"=on\"]",
	"[Options \"flying=\"]",
	"[Options \"flying=on flying=off\"]",
	"[Options \"Flying=on\"]",
	"[Options \"flying=On\"]",
	"[Options \"first=b\"]",
	/* Names and values are whole words, not prefixes. */
	"[Options \"flying=of\"]",
	"[Options \"fly=on\"]",
	"[Options \"draw3=bot\"]",
	"[Board \"23\"]",
	"[Board \"024\"]",
	"[Board \" 24\"]",
	"[Rules \"morabaraba\"]",
	"[Rules \"GAR\"]",
	"[Result \"1-0\"]",
	"[Result \"\"]",
};

START_TEST(each_bad_header)
{
	header_fails(bad_headers[_i], 2);
}
END_TEST

START_TEST(repeated_keys_are_bad_at_the_second)
{
	static const char *const keys[] = {
		"[Rules \"gar\"]", "[Board \"24\"]", "[Options \"flying=on\"]",
		"[Result \"*\"]"
	};
	for (size_t i = 0; i < 4; i++) {
		char two[256];
		snprintf(two, sizeof two, "%s\n[Site \"s\"]\n%s", keys[i], keys[i]);
		header_fails(two, 4);
	}
	/* Free-text keys may repeat. */
	UT_LEGAL("[Event \"a\"]\n[Event \"b\"]\n[Notation \"x\"]\n[Notation \"y\"]\n"
	         "B>1\n", NULL);
}
END_TEST

START_TEST(first_bad_header_in_file_order)
{
	ut_outcome o;
	ut_check("[Board \"26\"]\n[Rules \"x\"]\nB>1\n", &o);
	ck_assert_int_eq(o.line, 1);
	ut_check("  \t[Event \"e\"]\n\n  [Rules \"x\"]  ; comment\n[Board \"26\"]\n", &o);
	ck_assert_str_eq(o.code, "bad-header");
	ck_assert_int_eq(o.line, 3);
	ck_assert_int_eq(o.col, 3);
}
END_TEST

START_TEST(lines_that_are_not_headers_are_moves)
{
	/* No quotes: not a header line, so the move text starts with '['. */
	UT_FAILS("[Event \"e\"]\n[Board 24]\nB>1\n", "syntax-error", 1);
	/* A header after the first move line is move text too. */
	UT_FAILS("B>1 W>2\n[Result \"*\"]\n", "syntax-error", 3);
	/* No blank between key and value. */
	UT_FAILS("[Result\"*\"]\n", "syntax-error", 1);
	/* Text after the closing bracket. */
	UT_FAILS("[Result \"*\"] B>1\n", "syntax-error", 1);
	/* Spec 4.2: a key begins with a letter, and a header is one line. */
	UT_FAILS("[1Event \"e\"]\nB>1\n", "syntax-error", 1);
	UT_FAILS("[_Event \"e\"]\nB>1\n", "syntax-error", 1);
	UT_FAILS("[Event \"a\nb\"]\nB>1\n", "syntax-error", 1);
	/* Keys are case-sensitive: an unknown key is ignored. */
	UT_LEGAL("[rules \"blac\"]\n[board \"99\"]\nB>1\n", NULL);
	/* Only spaces and tabs may surround a header line (and CR LF end it):
	 * a form feed, a vertical tab or a CR that ends no line makes it
	 * move text, at its '['. */
	UT_LEGAL(" \t[Rules \"blac\"] \t\r\n[Result \"*\"]\r\nB>1\r\n", "*");
	static const char *const odd[] = {
		"\f[Rules \"gar\"]\nB>1\n", "[Rules \"gar\"]\f\nB>1\n",
		"[Rules \"gar\"]\v\nB>1\n", "[Rules \"gar\"]\r\r\nB>1\n",
		"\r[Rules \"gar\"]\nB>1\n",
	};
	for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
		ut_outcome o;
		ut_check(odd[i], &o);
		ck_assert_msg(strcmp(o.code, "syntax-error") == 0 && o.index == 1 &&
		              o.line == 1 && o.col == (odd[i][0] == '[' ? 1u : 2u),
		              "case %zu: %s", i, o.text);
	}
	/* A blank line may hold any whitespace. */
	UT_LEGAL("\f\v\r\n[Rules \"blac\"]\n\f\nB>1\n", NULL);
}
END_TEST

START_TEST(comments_and_blank_lines_among_headers)
{
	UT_LEGAL("\n[Event \"a;b{c}\"]\n\n; a note\n{ same-line }\n"
	         "[Rules \"gar\"] { fine } ; also fine\n\t[Result \"*\"]\t\nB>1\n",
	         "*");
	/* A comment over several lines ends the header section. */
	UT_FAILS("[Event \"e\"]\n{ a long\ncomment }\n[Rules \"gar\"]\nB>1\n",
	         "syntax-error", 1);
	/* A comment may not come before a header on its line. */
	UT_FAILS("{ first } [Rules \"gar\"]\nB>1\n", "syntax-error", 1);
	ut_outcome o;
	ut_check("[Event \"e\"]\n{ c } [Rules \"gar\"]\n", &o);
	ck_assert_int_eq(o.line, 2);
	ck_assert_int_eq(o.col, 7);
	/* A header followed by one is no header line either (4.2: only a
	 * comment that ends on its line may follow a header): the line is
	 * move text, unreadable at its '[', and no header applies. */
	UT_FAILS("[Rules \"nonsense\"] { starts\nhere }\nB>1\n", "syntax-error", 1);
	ut_check("[Result \"B\"] { starts\nhere }\nB>1\n", &o);
	ck_assert_msg(strcmp(o.code, "syntax-error") == 0 && o.line == 1 &&
	              o.col == 1 && o.ndiags == 1, "%s", o.all);
	/* Never closed: that is said too, at its brace. */
	ut_check("[Result \"*\"] {\nB>1\n", &o);
	ck_assert_msg(o.ndiags == 2 && strstr(o.all, ":1:14: error: ") != NULL,
	              "%s", o.all);
}
END_TEST

/* The rules a header section resolves to, as `show` prints them. */
static void
rules_line(const char *headers, char *out, size_t size)
{
	char text[8192];
	snprintf(text, sizeof text, "%s\n", headers);
	nt_show_request req = { .move = 0, .game_no = -1, .ply = -1 };
	ts_result r;
	ts_show("umlabalaba", "t.umla", text, strlen(text), &req, NULL, &r);
	ck_assert_msg(r.rc == 0 && r.ndiags == 0, "%s", headers);
	const char *line = strstr(r.output, "Rules: ");
	ck_assert(line != NULL);
	const char *end = strchr(line, '\n');
	snprintf(out, size, "%.*s", (int)(end - line - 7), line + 7);
	ts_free(&r);
}

static void
rules_are(const char *headers, const char *want)
{
	char got[512];
	rules_line(headers, got, sizeof got);
	ck_assert_str_eq(got, want);
}

START_TEST(presets_board_and_options_combine_in_order)
{
	rules_are("", "board=24 diagonals=full diagonal_mills=on "
	          "centre_mills=middle first=B flying=on capture=mandatory "
	          "protection=gar double_mill=one no_shuttle=on blocked=lose "
	          "full_board=draw draw3=either draw3_plies=10 nmove=0 repetition=0");
	rules_are("[Rules \"blac\"]", "board=24 diagonals=full diagonal_mills=on "
	          "centre_mills=middle first=B flying=on capture=mandatory "
	          "protection=gar double_mill=one no_shuttle=on blocked=pass "
	          "full_board=ilobola draw3=either draw3_plies=10 nmove=0 repetition=0");
	rules_are("[Rules \"isipowe\"]", "board=24 diagonals=none diagonal_mills=on "
	          "centre_mills=middle first=B flying=on capture=mandatory "
	          "protection=gar double_mill=one no_shuttle=on blocked=pass "
	          "full_board=ilobola draw3=either draw3_plies=10 nmove=0 repetition=0");
	rules_are("[Rules \"isisuthu\"]", "board=25 diagonals=outer diagonal_mills=on "
	          "centre_mills=middle first=B flying=off capture=mandatory "
	          "protection=gar double_mill=one no_shuttle=on blocked=lose "
	          "full_board=draw draw3=either draw3_plies=10 nmove=0 repetition=0");
	/* The diagonals default follows the final board size... */
	char got[512];
	rules_line("[Rules \"gar\"]\n[Board \"25\"]", got, sizeof got);
	ck_assert(strstr(got, "board=25 diagonals=outer ") == got);
	/* ...unless the preset or Options chose them. */
	rules_line("[Rules \"isisuthu\"]\n[Board \"24\"]", got, sizeof got);
	ck_assert(strstr(got, "board=24 diagonals=outer ") == got);
	rules_line("[Board \"25\"]\n[Options \"diagonals=full\"]", got, sizeof got);
	ck_assert(strstr(got, "board=25 diagonals=full ") == got);
	/* Options win over the preset, whatever the order of the lines. */
	rules_line("[Options \"flying=on blocked=lose\"]\n[Rules \"isisuthu\"]",
	           got, sizeof got);
	ck_assert(strstr(got, " flying=on ") != NULL);
	rules_line("[Options \"blocked=lose\"]\n[Rules \"blac\"]", got, sizeof got);
	ck_assert(strstr(got, " blocked=lose full_board=ilobola ") != NULL);
	rules_line("[Options \"first=W nmove=7 repetition=3 draw3_plies=4 "
	           "draw3=both\"]", got, sizeof got);
	ck_assert(strstr(got, " first=W ") && strstr(got, " draw3=both draw3_plies=4 "
	          "nmove=7 repetition=3"));
}
END_TEST

START_TEST(board_header_decides_point_25)
{
	UT_FAILS("[Rules \"gar\"]\nB>25\n", "bad-point-number", 1);
	UT_LEGAL("[Rules \"gar\"]\n[Board \"25\"]\nB>25\n", NULL);
	UT_LEGAL("[Rules \"isisuthu\"]\nB>25\n", NULL);
	UT_FAILS("[Rules \"isisuthu\"]\n[Board \"24\"]\nB>25\n", "bad-point-number", 1);
}
END_TEST

START_TEST(every_option_value_is_accepted)
{
	static const char *const items[] = {
		"diagonals=full", "diagonals=outer", "diagonals=none",
		"diagonal_mills=on", "diagonal_mills=off", "centre_mills=middle",
		"centre_mills=any", "centre_mills=none", "first=B", "first=W",
		"flying=on", "flying=off", "capture=mandatory", "capture=optional",
		"protection=gar", "protection=forfeit", "protection=none",
		"double_mill=one", "double_mill=per-mill", "no_shuttle=on",
		"no_shuttle=off", "blocked=lose", "blocked=pass", "full_board=draw",
		"full_board=blocked", "full_board=ilobola", "draw3=either",
		"draw3=both", "draw3=off", "draw3_plies=1", "draw3_plies=10",
		"nmove=0", "nmove=60", "repetition=0", "repetition=3",
		"nmove=123456789012345678901234567890",
	};
	for (size_t i = 0; i < sizeof items / sizeof items[0]; i++) {
		char text[256];
		snprintf(text, sizeof text, "[Options \"%s\"]\n", items[i]);
		UT_LEGAL(text, "*");
	}
	UT_LEGAL("[Options \"  first=W   flying=off\tnmove=5 \"]\nW>1\n", NULL);
	UT_LEGAL("[Options \"\"]\n", NULL);
}
END_TEST

/*
 * A value is any text without a quote (4.2) and an integer any run of
 * digits: an Options value longer than the lexer keeps is still read
 * (blanks between items and digits past the fortieth make no difference).
 */
START_TEST(long_option_values)
{
	char text[4096];
	int n = snprintf(text, sizeof text, "[Options \"  flying=off");
	n += snprintf(text + n, sizeof text - (size_t)n, "%1500s", "");
	n += snprintf(text + n, sizeof text - (size_t)n, "\tnmove=1");
	for (int i = 0; i < 1100; i++)
		text[n++] = '0';
	snprintf(text + n, sizeof text - (size_t)n, "  \"]\n");
	char got[512];
	rules_line(text, got, sizeof got);
	ck_assert_msg(strstr(got, " flying=off ") != NULL, "%s", got);
	ck_assert_msg(strstr(got, " nmove=9223372036854775807 ") != NULL, "%s", got);
	/* A leading zero is seen however many digits follow. */
	n = snprintf(text, sizeof text, "[Options \"nmove=");
	for (int i = 0; i < 1100; i++)
		text[n++] = '0';
	snprintf(text + n, sizeof text - (size_t)n, "5\"]");
	header_fails(text, 2);
	/* Too long for any legal value: the fault is named. */
	n = snprintf(text, sizeof text, "[Options \"");
	for (int i = 0; i < 120; i++)
		n += snprintf(text + n, sizeof text - (size_t)n, "flying=on ");
	snprintf(text + n, sizeof text - (size_t)n, "\"]");
	header_fails(text, 2);
	ut_outcome o;
	ut_check(text, &o);
	ck_assert_msg(strstr(o.text, "'flying' is given twice") != NULL, "%s", o.text);
	n = snprintf(text, sizeof text, "[Options \"nmove=5 %1200s\"]", "");
	memset(text + n - 1202, 'x', 1200);
	header_fails(text, 2);
	ut_check(text, &o);
	ck_assert_msg(strstr(o.text, "the item 'xxxx") != NULL, "%s", o.text);
	/* Free-text values of any length are kept as they are. */
	n = snprintf(text, sizeof text, "[Event \"%3000s\"]\nB>1\n", "");
	UT_LEGAL(text, NULL);
}
END_TEST

START_TEST(result_header_values)
{
	UT_LEGAL("[Result \"*\"]\nB>1\n", "*");
	UT_FAILS("[Result \"D\"]\nB>1\n", "result-mismatch", 0);
	UT_FAILS("[Result \"W\"]\nB>1\n", "result-mismatch", 0);
	/* Without a Result header there is nothing to compare. */
	UT_LEGAL("B>1\n", "*");
}
END_TEST

/* A NUL byte inside a known key's value makes it another value (4.2). */
static const char *const nul_values[] = {
	"[Board \"25\0x\"]\nB>25\n",
	"[Result \"*\0\"]\nB>1\n",
	"[Rules \"gar\0x\"]\nB>1\n",
	"[Options \"flying=off\0 junk\"]\nB>1\n",
};

START_TEST(values_holding_a_nul_byte)
{
	const char *text = nul_values[_i];
	/* The text's length: past the NUL, up to the end of the move. */
	size_t len = strlen(text) + 1;
	len += strlen(text + len);
	ts_result r;
	ts_check("umlabalaba", "t.umla", text, len, NULL, &r);
	ck_assert_msg(r.ndiags == 1 && strcmp(r.diags[0].code, "bad-header") == 0 &&
	              r.diags[0].move == 0 && r.diags[0].lineno == 1 &&
	              r.diags[0].col == 1,
	              "case %d: %zu diagnostics, first %s", _i, r.ndiags,
	              r.ndiags ? r.diags[0].line : "none");
	ts_free(&r);
	/* Free-text keys may hold anything. */
	const char event[] = "[Event \"a\0b\"]\nB>1\n";
	ts_check("umlabalaba", "t.umla", event, sizeof event - 1, NULL, &r);
	ck_assert_int_eq(r.ndiags, 0);
	ts_free(&r);
}
END_TEST

Suite *
umlabalaba_headers_suite(void)
{
	Suite *s = suite_create("umlabalaba-headers");
	TCase *tc = tcase_create("headers");
	tcase_add_loop_test(tc, each_bad_header, 0,
	                    (int)(sizeof bad_headers / sizeof bad_headers[0]));
	tcase_add_test(tc, repeated_keys_are_bad_at_the_second);
	tcase_add_test(tc, first_bad_header_in_file_order);
	tcase_add_test(tc, lines_that_are_not_headers_are_moves);
	tcase_add_test(tc, comments_and_blank_lines_among_headers);
	tcase_add_test(tc, presets_board_and_options_combine_in_order);
	tcase_add_test(tc, board_header_decides_point_25);
	tcase_add_test(tc, every_option_value_is_accepted);
	tcase_add_test(tc, long_option_values);
	tcase_add_test(tc, result_header_values);
	tcase_add_loop_test(tc, values_holding_a_nul_byte, 0,
	                    (int)(sizeof nul_values / sizeof nul_values[0]));
	suite_add_tcase(s, tc);
	return s;
}
