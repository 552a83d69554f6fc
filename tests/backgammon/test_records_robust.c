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

/* A text made of HEAD, then N copies of FILL, then TAIL (malloc). */
static char *
padded(const char *head, const char *fill, size_t n, const char *tail)
{
	size_t hl = strlen(head), fl = strlen(fill), tl = strlen(tail);
	char *t = malloc(hl + n * fl + tl + 1);
	memcpy(t, head, hl);
	for (size_t i = 0; i < n; i++)
		memcpy(t + hl + i * fl, fill, fl);
	memcpy(t + hl + n * fl, tail, tl + 1);
	return t;
}

#define LONG_GAMES \
	" Game 1\n Ann : 0                        Ben : 0\n" \
	"  1) 31: 8/5 6/5                 64: 24/18 18/14\n" \
	"  2)  Doubles => 2                Drops\n" \
	"      Wins 1 point\n\n"

/*
 * Lines far longer than any real one are read whole (3.1: trailing
 * whitespace is ignored; 3.4: names are compared whole) up to 65,535
 * bytes; a longer score line or rule tag is reported, never misread.
 */
START_TEST(long_lines)
{
	ts_result r;
	/* A rule tag padded past the old 2,304-byte line buffer still counts. */
	char *t = padded("; [CubeLimit \"1\"]", " ", 30000,
	                 "\n 3 point match\n\n" LONG_GAMES);
	bg_check(t, NULL, &r);
	ck_assert_msg(r.ndiags == 1 && strcmp(r.diags[0].code, "bg-cube-limit") == 0
	              && r.diags[0].lineno == 7, "%s", r.diags[0].line);
	ts_free(&r);
	free(t);
	/* So does padding inside its quotes (values are trimmed, 2.9). */
	t = padded("; [Crawford \"", " ", 5000, "Off\"]\n 2 point match\n\n"
	           LONG_GAMES " Game 2\n Ann : 1                        Ben : 0\n"
	           "  1) 31: 8/5 6/5                  Doubles => 2\n");
	bg_check(t, NULL, &r);
	ck_assert_msg(r.ndiags == 0, "%s", r.diags[0].line);
	ts_free(&r);
	free(t);
	/* Blanks anywhere in it, however many, are read as blanks. */
	const char *blank_at[] = { ";", "; [CubeLimit", "; [CubeLimit \"1" };
	const char *rest[] = { " [CubeLimit \"1\"]", " \"1\"]", "\"]" };
	for (int i = 0; i < 3; i++) {
		char tail[600];
		snprintf(tail, sizeof tail, "%s\n 3 point match\n\n" LONG_GAMES,
		         rest[i]);
		t = padded(blank_at[i], i == 2 ? "\t" : " ", 70000, tail);
		bg_check(t, NULL, &r);
		ck_assert_msg(r.ndiags == 1 && strcmp(r.diags[0].code,
		              "bg-cube-limit") == 0, "%d: %s", i, r.diags[0].line);
		ts_free(&r);
		free(t);
	}
	/* Spaces and tabs mixed count as one blank too. */
	t = padded(";", " \t", 5000, "[CubeLimit \"1\"]\n 3 point match\n\n"
	           LONG_GAMES);
	bg_check(t, NULL, &r);
	ck_assert_msg(r.ndiags == 1 && strcmp(r.diags[0].code, "bg-cube-limit")
	              == 0, "%s", r.diags[0].line);
	ts_free(&r);
	free(t);
	/* A value past what is kept: no number, so no limit... */
	t = padded("; [CubeLimit \"", "x", 5000, "\"]\n 3 point match\n\n"
	           LONG_GAMES);
	bg_expect_clean(t);
	free(t);
	/* ...and lines that only start like a tag are free text (3.2). */
	t = padded("; [CubeLimit \"1", "x", 5000, "\n 3 point match\n\n"
	           LONG_GAMES);
	bg_expect_clean(t);
	free(t);
	t = padded("; [CubeLimit \"1\"] ", "x", 5000, "\n 3 point match\n\n"
	           LONG_GAMES);
	bg_expect_clean(t);
	free(t);
	/* A Crawford value that long is "any other value": the rule stays on. */
	t = padded("; [Crawford \"", "x", 5000, "\"]\n 2 point match\n\n"
	           LONG_GAMES " Game 2\n Ann : 1                        Ben : 0\n"
	           "  1) 31: 8/5 6/5                  Doubles => 2\n");
	bg_check(t, NULL, &r);
	ck_assert_msg(r.ndiags == 1 && strcmp(r.diags[0].code, "bg-cube-crawford")
	              == 0, "%s", r.ndiags ? r.diags[0].line : "no diagnostic");
	ts_free(&r);
	free(t);
	/* A value of 5,000 digits is not guessed: the tag is reported. */
	t = padded("; [CubeLimit \"", "0", 5000, "1\"]\n 3 point match\n\n"
	           LONG_GAMES);
	bg_check(t, NULL, &r);
	ck_assert_msg(r.ndiags == 1 && strcmp(r.diags[0].code, "bg-syntax-error")
	              == 0 && r.diags[0].lineno == 1 && r.diags[0].col == 1,
	              "%s", r.diags[0].line);
	ts_free(&r);
	free(t);
	/* A free comment line that long is only text. */
	t = padded("; ", "x", 70000, "\n 3 point match\n\n" LONG_GAMES);
	bg_expect_clean(t);
	/* ...and is copied whole by conversion, as are 70,000 leading blanks
	   (before the match line too, where a comment keeps them and the
	   match line is written anew). */
	ts_convert(BG, "t", t, strlen(t), "mat", NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_msg(r.output_len > 70002 && strncmp(r.output, t, 70003) == 0,
	              "the comment line is not kept whole");
	ts_free(&r);
	free(t);
	t = padded("", " ", 70000, "; a comment\n 3 point match\n\n" LONG_GAMES);
	ts_convert(BG, "t", t, strlen(t), "mat", NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_msg(r.output_len > 70012 && strncmp(r.output, t, 70012) == 0,
	              "the leading blanks are not kept whole");
	ts_free(&r);
	free(t);
	t = padded(" 3 point match\n", " ", 70000, "; a comment\n\n" LONG_GAMES);
	ts_convert(BG, "t", t, strlen(t), "mat", NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_msg(r.output_len > 70028 && strncmp(r.output, " 3 point "
	              "match\n\n", 16) == 0 && strncmp(r.output + 16, t + 15,
	              70012) == 0, "the comment after the match line changed");
	ts_free(&r);
	free(t);
	t = padded("", " ", 70000, "3 point match\n\n" LONG_GAMES);
	ts_convert(BG, "t", t, strlen(t), "mat", NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_msg(strncmp(r.output, " 3 point match\n\n Game 1\n", 24) == 0,
	              "the match line is not written anew");
	ts_free(&r);
	free(t);
	/* Spaces and tabs mixed within the first 65,535 are kept... */
	t = padded(" \t", " ", 70000, "; a comment\n 3 point match\n\n"
	           LONG_GAMES);
	ts_convert(BG, "t", t, strlen(t), "mat", NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_msg(strncmp(r.output, t, 70014) == 0, "the blanks changed");
	ts_free(&r);
	free(t);
	/* ...past them they cannot be, and a rewrite says so (check reads it). */
	t = padded("", " ", 70000, "\t; a comment\n 3 point match\n\n"
	           LONG_GAMES);
	ts_convert(BG, "t", t, strlen(t), "mat", NULL, &r);
	ck_assert_int_eq(r.rc, 1);
	ck_assert_msg(r.ndiags == 1 && r.diags[0].lineno == 1 &&
	              strstr(r.diags[0].message, "spaces and tabs mixed"), "%s",
	              r.ndiags ? r.diags[0].line : "");
	ts_free(&r);
	bg_expect_clean(t);
	free(t);
	/* The same on a blank line, reported at its start. */
	t = padded("", " ", 70000, "\t\n 3 point match\n\n" LONG_GAMES);
	ts_convert(BG, "t", t, strlen(t), "mat", NULL, &r);
	ck_assert_msg(r.rc == 1 && r.ndiags == 1 && r.diags[0].lineno == 1 &&
	              r.diags[0].col == 1, "%s", r.ndiags ? r.diags[0].line : "");
	ts_free(&r);
	free(t);
	/* Blanks of a score line, leading and between its halves. */
	t = padded(" 3 point match\n\n Game 1\n", " ", 5000,
	           "Ann : 0                        Ben : 0\n"
	           "  1) 31: 8/5 6/5                 64: 24/18 18/14\n");
	bg_expect_clean(t);
	free(t);
	t = padded(" 3 point match\n\n Game 1\n", " ", 70000,
	           "Ann : 0                        Ben : 0\n"
	           "  1) 31: 8/5 6/5                 64: 24/18 18/14\n");
	bg_expect_clean(t);
	ts_convert(BG, "t", t, strlen(t), "sheet", NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ts_free(&r);
	free(t);
	/* Trailing blanks of a score line, however many, are ignored (3.1). */
	t = padded(" 3 point match\n\n Game 1\n Ann : 0     Ben : 0", " ", 70000,
	           "\n  1) 31: 8/5 6/5                 64: 24/18 18/14\n");
	bg_expect_clean(t);
	free(t);
	t = padded(" 3 point match\n\n" LONG_GAMES " Game 2\n Ann : 1", " ", 5000,
	           "Ben : 0\n  1) 31: 8/5 6/5                 64: 24/18 18/14\n");
	bg_expect_clean(t);
	free(t);
	t = padded(" 3 point match\n\n" LONG_GAMES " Game 2\n Ann : 1", " ", 70000,
	           "Ben : 0\n  1) 31: 8/5 6/5                 64: 24/18 18/14\n");
	bg_check(t, NULL, &r);
	ck_assert_msg(r.ndiags == 1 && strcmp(r.diags[0].code, "bg-syntax-error")
	              == 0 && r.diags[0].lineno == 10, "%s", r.diags[0].line);
	ts_free(&r);
	free(t);
}
END_TEST

/* Names are compared whole, however long (3.4). */
START_TEST(long_names)
{
	char *name = padded("", "A", 3000, "");
	char *other = padded("", "A", 3000, "x");
	size_t cap = 3 * 3100 + 1024;
	char *t = malloc(cap);
	const char *form = " 3 point match\n\n Game 1\n %s : 0   Ben : 0\n"
		"  1) 31: 8/5 6/5                 64: 24/18 18/14\n"
		"  2)  Doubles => 2                Drops\n"
		"      Wins 1 point\n\n"
		" Game 2\n %s : 1   Ben : 0\n"
		"  1) 31: 8/5 6/5                 64: 24/18 18/14\n";
	snprintf(t, cap, form, name, name);
	bg_expect_clean(t);
	ts_result r;
	ts_convert(BG, "t", t, strlen(t), "sheet", NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_msg(strstr(r.output, name) != NULL, "the name is not kept whole");
	ts_free(&r);
	/* Different only past the first kilobyte. */
	snprintf(t, cap, form, name, other);
	bg_check(t, NULL, &r);
	ck_assert_msg(r.ndiags == 1 && strcmp(r.diags[0].code, "bg-player-names")
	              == 0 && r.diags[0].lineno == 10 &&
	              strstr(r.diags[0].message, "differ past what is quoted"),
	              "%s", r.diags[0].line);
	ts_free(&r);
	free(t);
	free(other);
	free(name);
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
	tcase_add_test(tc, long_lines);
	tcase_add_test(tc, long_names);
	suite_add_tcase(s, tc);
	return s;
}
