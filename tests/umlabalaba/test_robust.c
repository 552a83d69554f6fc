/*
 * Hostile and unusual input: each gets a diagnostic or a clean result,
 * never a crash, a hang or a leak (the sanitizer run checks the last two).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"
#include "umlabalaba/um_test.h"

static void
check_bytes(const char *text, size_t len, ts_result *r)
{
	ts_check("umlabalaba", "t.umla", text, len, NULL, r);
}

START_TEST(empty_and_headers_only)
{
	UT_LEGAL("", "*");
	UT_LEGAL("\n\n  \n", "*");
	UT_LEGAL("[Event \"e\"]\n[Result \"*\"]\n", "*");
	UT_FAILS("[Event \"e\"]\n[Result \"B\"]\n", "result-mismatch", 0);
	UT_LEGAL("{ only a comment }", "*");
}
END_TEST

START_TEST(byte_order_mark_and_line_ends)
{
	ut_outcome o;
	UT_LEGAL("\xef\xbb\xbf[Rules \"gar\"]\r\n1B>1 1W>2\r\n", NULL);
	/* The mark takes no column. */
	ut_check("\xef\xbb\xbf" "B>1 B>2\n", &o);
	ck_assert_int_eq(o.col, 5);
	/* Only at the very start. */
	UT_FAILS("B>1 \xef\xbb\xbf\n", "syntax-error", 2);
	UT_FAILS("[Event \"x\"]\n\xef\xbb\xbf" "B>1\n", "syntax-error", 1);
	UT_FAILS("\xef\xbb\xbf\xef\xbb\xbf" "B>1\n", "syntax-error", 1);
	/* CR alone is a blank, not a line end: one line. */
	ut_check("B>1\rW>2\rB>3\rB>4\r", &o);
	ck_assert_int_eq(o.line, 1);
	ck_assert_int_eq(o.col, 13);
	ut_check("B>1\r\nW>2\r\nB>4\r\nB>5\r\n", &o);
	ck_assert_int_eq(o.line, 4);
	ck_assert_int_eq(o.col, 1);
}
END_TEST

START_TEST(nul_bytes_and_binary_noise)
{
	ts_result r;
	const char nul[] = "B>1 W>2\0B>3\n";
	check_bytes(nul, sizeof nul - 1, &r);
	ck_assert_int_ge(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "syntax-error");
	ck_assert_int_eq(r.diags[0].move, 2);
	ck_assert(strstr(r.diags[0].message, "\\x00") != NULL);
	ts_free(&r);
	char noise[4096];
	unsigned long long s = 12345;
	for (size_t i = 0; i < sizeof noise; i++) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		noise[i] = (char)(s >> 56);
	}
	check_bytes(noise, sizeof noise, &r);
	ck_assert_int_ge(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "syntax-error");
	ts_free(&r);
	/* Invalid UTF-8 is fine in a comment, and unreadable outside. */
	UT_LEGAL("{ \xff\xfe } B>1 ; \xc3\n", NULL);
	UT_FAILS("B>1 \xff\n", "syntax-error", 2);
}
END_TEST

static char *
repeat(const char *piece, size_t times, const char *before, const char *after)
{
	size_t p = strlen(piece), b = strlen(before), a = strlen(after);
	char *s = malloc(b + p * times + a + 1);
	memcpy(s, before, b);
	for (size_t i = 0; i < times; i++)
		memcpy(s + b + i * p, piece, p);
	memcpy(s + b + p * times, after, a + 1);
	return s;
}

START_TEST(a_megabyte_on_one_line)
{
	/* Blanks, a comment and a header value, each a megabyte long. */
	char *blanks = repeat(" ", 1 << 20, "B>1", "W>2 B>1\n");
	UT_FAILS(blanks, "occupied-destination", 3);
	free(blanks);
	char *comment = repeat("x\xc3\xa9", 1 << 19, "B>1 {", "} W>2 ;\n");
	UT_LEGAL(comment, NULL);
	free(comment);
	char *value = repeat("v", 1 << 20, "[Event \"", "\"]\nB>1 B>2\n");
	ut_outcome o;
	ut_check(value, &o);
	ck_assert_str_eq(o.code, "wrong-player-to-move");
	ck_assert_int_eq(o.line, 2);
	free(value);
	char *options = repeat("flying=on ", 1 << 17, "[Options \"", "\"]\nB>1\n");
	UT_FAILS(options, "bad-header", 0);
	free(options);
	/* A megabyte of moves on one line. */
	char *moves = repeat("B>1 W>2 ", 1 << 17, "", "\n");
	ut_check(moves, &o);
	ck_assert_str_eq(o.code, "occupied-destination");
	ck_assert_int_eq(o.index, 3);
	ck_assert_int_eq(o.col, 9);
	free(moves);
	/* A megabyte of junk: one unreadable piece. */
	char *junk = repeat("x", 1 << 20, "B>1 ", "\n");
	ut_check(junk, &o);
	ck_assert_int_eq(o.ndiags, 1);
	ck_assert_str_eq(o.code, "syntax-error");
	free(junk);
}
END_TEST

START_TEST(long_numbers)
{
	UT_FAILS("B>1234567890123456789012345678901234567890\n", "bad-point-number", 1);
	UT_FAILS("1234567890123456789012345678901234567890B>1\n", "bad-move-number", 1);
	char *digits = repeat("9", 1 << 20, "B>", "\n");
	UT_FAILS(digits, "bad-point-number", 1);
	free(digits);
}
END_TEST

START_TEST(deeply_repeated_tokens)
{
	char *caps = repeat("<2", 100000, "B>1 W>2 B>3", "\n");
	UT_FAILS(caps, "capture-without-mill", 3);
	free(caps);
	char *lts = repeat("<", 100000, "B>1 ", "\n");
	ut_outcome o;
	ut_check(lts, &o);
	ck_assert_str_eq(o.code, "syntax-error");
	free(lts);
	char *sides = repeat("B", 100000, "", "\n");
	ut_check(sides, &o);
	ck_assert_str_eq(o.code, "syntax-error");
	free(sides);
	char *braces = repeat("}", 100000, "", "\n");
	ut_check(braces, &o);
	ck_assert_str_eq(o.code, "syntax-error");
	free(braces);
}
END_TEST

START_TEST(truncated_in_the_middle)
{
	UT_FAILS("B>1 W>", "syntax-error", 2);
	UT_FAILS("B>1 W", "syntax-error", 2);
	UT_FAILS("B>1 12", "syntax-error", 2);
	UT_FAILS("[Event \"e", "syntax-error", 1);
	UT_FAILS("B>1 {", "syntax-error", 2);
	UT_LEGAL("B>1 ;", NULL);
}
END_TEST

Suite *
umlabalaba_robust_suite(void)
{
	Suite *s = suite_create("umlabalaba-robust");
	TCase *tc = tcase_create("bad-input");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, empty_and_headers_only);
	tcase_add_test(tc, byte_order_mark_and_line_ends);
	tcase_add_test(tc, nul_bytes_and_binary_noise);
	tcase_add_test(tc, a_megabyte_on_one_line);
	tcase_add_test(tc, long_numbers);
	tcase_add_test(tc, deeply_repeated_tokens);
	tcase_add_test(tc, truncated_in_the_middle);
	suite_add_tcase(s, tc);
	return s;
}
