/*
 * Bad input never crashes, hangs, leaks or silently passes: every prefix of
 * the samples and thousands of mutated records are read (through a normal
 * and a 64-byte buffer, which must agree), and every mutant that is legal
 * converts to both forms into records that are legal again.  Run under
 * SANITIZE=1 this is where memory errors would show.
 */
#include "backgammon/records_util.h"

static unsigned long
next_rand(unsigned long *state)
{
	*state = *state * 6364136223846793005UL + 1442695040888963407UL;
	return *state >> 33;
}

/* A legal mutant's conversions are legal and convert back to themselves. */
static void
converts_cleanly(const char *text)
{
	for (int f = 0; f < 2; f++) {
		const char *form = f ? "sheet" : "mat";
		ts_result r;
		ts_convert(BG, "t", text, strlen(text), form, NULL, &r);
		ck_assert_msg(r.rc == 0, "a legal record does not convert to %s", form);
		ts_result again;
		ts_check(BG, "t", r.output, r.output_len, NULL, &again);
		ck_assert_msg(again.summary.errors == 0, "%s output is illegal: %s",
		              form, again.diags[0].line);
		ts_free(&again);
		ts_free(&r);
	}
}

START_TEST(every_prefix)
{
	const char *samples[] = { "sheet/bg-sheet-01.bg", "mat/bg-money-02.mat",
	                          "real/real-09.mat" };
	for (size_t k = 0; k < 3; k++) {
		char *t = bg_sample(samples[k]);
		size_t n = strlen(t);
		size_t step = n > 3000 ? n / 600 : 1;
		for (size_t i = 0; i <= n; i += step) {
			char save = t[i];
			t[i] = '\0';
			ts_result r;
			bg_check(t, NULL, &r);
			ck_assert_int_eq(r.rc, 0);
			ts_free(&r);
			t[i] = save;
		}
		free(t);
	}
}
END_TEST

START_TEST(mutants)
{
	static const char alphabet[] = "0123456789/*  \t\n\r:()?-.bBoOxXwWdDtTpPL"
		"\xC3\xA9\xFF";
	const char *samples[] = { "sheet/bg-sheet-01.bg", "sheet/bg-sheet-02.mat",
	                          "mat/bg-variants-01.mat" };
	unsigned long seed = 12345;
	int legal = 0;
	for (size_t k = 0; k < 3; k++) {
		char *orig = bg_sample(samples[k]);
		size_t n = strlen(orig);
		for (int m = 0; m < 700; m++) {
			char *t = malloc(n + 1);
			memcpy(t, orig, n + 1);
			int edits = 1 + (int)(next_rand(&seed) % 3);
			for (int e = 0; e < edits; e++) {
				size_t at = next_rand(&seed) % n;
				t[at] = alphabet[next_rand(&seed) % (sizeof alphabet - 1)];
			}
			ts_result r;
			bg_check(t, NULL, &r);
			ck_assert_int_eq(r.rc, 0);
			if (r.summary.errors == 0) {
				legal++;
				converts_cleanly(t);
			} else {
				ck_assert_int_gt(r.ndiags, 0);
			}
			ts_free(&r);
			free(t);
		}
		free(orig);
	}
	ck_assert_int_gt(legal, 50);
}
END_TEST

START_TEST(hostile_lines)
{
	/* Huge numbers, long words, NUL bytes, control characters. */
	const char *rows[] = {
		"  1) 99999999999999999999: 1/2",
		"  1) 31: 99999999999999999999/1 6/5",
		"  1) Doubles => 99999999999999999999",
		"  1) Wins 999999999 points",
		"  1) 31: 8/5 6/5\x01\x02",
		"  1) 31: ----------------------------------------------------------",
		"  1) 31: ??????????????????????????????????????????????????????????",
		"  1) 31: 24/23/22/21/20/19/18/17/16/15/14/13/12/11/10/9/8/7/6/5/4/3/2/1/0",
		"  1) 31: 8/5(4) 8/5(4) 8/5(4) 8/5(4) 8/5(4) 8/5(4) 8/5(4) 8/5(4)",
		"  1) Double to 2   take\n  2) Double to 4   take\n  3) Double to 8   take",
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char t[512];
		snprintf(t, sizeof t, " 3 point match\n Game 1\n A : 0  B : 0\n%s\n",
		         rows[i]);
		ts_result r;
		bg_check(t, NULL, &r);
		ck_assert_int_eq(r.rc, 0);
		ck_assert_msg(r.summary.errors > 0, "'%s' passed", rows[i]);
		ts_free(&r);
	}
	/* A NUL byte inside a row. */
	const char nul[] = " 3 point match\n Game 1\n A : 0  B : 0\n  1) 31: 8/5\0 6/5\n";
	ts_result r;
	ts_check(BG, "t", nul, sizeof nul - 1, NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_int_gt(r.summary.errors, 0);
	ts_free(&r);
	/* Thousands of cube redoubles in a money game (values saturate). */
	size_t cap = 200000, len = 0;
	char *big = malloc(cap);
	len += (size_t)snprintf(big, cap, " 0 point match\n Game 1\n A : 0  B : 0\n"
	                        "  1) 31: 8/5 6/5\n");
	len += (size_t)snprintf(big + len, cap - len, "  2)                  doubles\n");
	for (int i = 0; i < 3000 && len + 64 < cap; i++)
		len += (size_t)snprintf(big + len, cap - len, "  3) beavers   raccoons\n");
	bg_check(big, NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_msg(r.ndiags == 0, "%s", r.diags[0].line);
	ts_free(&r);
	/* ...and a result then is worth the saturated half of the cube. */
	len += (size_t)snprintf(big + len, cap - len, "  4) pass\n                                  Wins 1 point\n");
	bg_check(big, NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_str_eq(r.diags[0].code, "bg-wins-wrong-points");
	ts_free(&r);
	free(big);
}
END_TEST

Suite *
backgammon_robust_suite(void)
{
	Suite *s = suite_create("backgammon-robust");
	TCase *tc = tcase_create("robust");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, every_prefix);
	tcase_add_test(tc, mutants);
	tcase_add_test(tc, hostile_lines);
	suite_add_tcase(s, tc);
	return s;
}
