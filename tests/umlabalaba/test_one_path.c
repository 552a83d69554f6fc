/*
 * Every move goes lexer -> grammar -> engine, in a plain check and in a
 * lint alike (lint only adds its style findings).  Whatever the input, both
 * must report the same errors at the same places and count the same moves,
 * and a tiny buffer must read the same: on randomly mutated games, and on
 * runs of moves with a refused one inside.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"
#include "umlabalaba/um_test.h"

static unsigned long long
next_random(unsigned long long *s)
{
	unsigned long long z = (*s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	return z ^ (z >> 31);
}

/* The errors of a check and of a lint must agree. */
static void
assert_check_and_lint_agree(const char *text, size_t len)
{
	ts_result plain, linted;
	ts_config lint = { .lint = 1 };
	ts_config tiny = { .buffer_size = 64, .read_chunk = 5 };
	ts_check("umlabalaba", "f.umla", text, len, NULL, &plain);
	ts_check("umlabalaba", "f.umla", text, len, &lint, &linted);
	size_t j = 0;
	for (size_t i = 0; i < plain.ndiags; i++, j++) {
		while (j < linted.ndiags && linted.diags[j].severity != NT_SEV_ERROR)
			j++;
		if (j >= linted.ndiags ||
		    strcmp(plain.diags[i].line, linted.diags[j].line) != 0)
			ck_abort_msg("check says\n%s\nlint says\n%s\nfor\n%s",
			             plain.diags[i].line,
			             j < linted.ndiags ? linted.diags[j].line : "nothing",
			             text);
	}
	while (j < linted.ndiags && linted.diags[j].severity != NT_SEV_ERROR)
		j++;
	ck_assert_msg(j == linted.ndiags, "lint has more errors: %s\nfor\n%s",
	              linted.diags[j < linted.ndiags ? j : 0].line, text);
	ck_assert_int_eq(plain.summary.moves, linted.summary.moves);
	ck_assert_str_eq(plain.summary.result, linted.summary.result);
	/* Every lexer rule is bounded: a tiny buffer reads the same. */
	ts_result small;
	ts_check("umlabalaba", "f.umla", text, len, &tiny, &small);
	ck_assert_int_eq(small.ndiags, plain.ndiags);
	for (size_t i = 0; i < plain.ndiags; i++)
		ck_assert_str_eq(small.diags[i].line, plain.diags[i].line);
	ck_assert_int_eq(small.summary.moves, plain.summary.moves);
	ts_free(&small);
	ts_free(&plain);
	ts_free(&linted);
}

/* The offset of the Kth move (counted from 0) after the headers, or -1. */
static long
move_offset(const char *text, size_t len, unsigned long long k)
{
	const char *body = strstr(text, "\n\n");
	if (body == NULL)
		return -1;
	size_t i = (size_t)(body - text) + 2;
	unsigned long long seen = 0;
	while (i < len) {
		while (i < len && (text[i] == ' ' || text[i] == '\n'))
			i++;
		if (i >= len)
			return -1;
		if (seen++ == k)
			return (long)i;
		while (i < len && text[i] != ' ' && text[i] != '\n')
			i++;
	}
	return -1;
}

/* TEXT with [AT, AT+CUT) replaced by WITH. */
static char *
spliced(const char *text, size_t len, size_t at, size_t cut, const char *with,
        size_t *out_len)
{
	size_t w = strlen(with);
	char *s = malloc(len - cut + w + 1);
	memcpy(s, text, at);
	memcpy(s + at, with, w);
	memcpy(s + at + w, text + at + cut, len - at - cut);
	*out_len = len - cut + w;
	s[*out_len] = '\0';
	return s;
}

/* How many bytes the move at AT takes. */
static size_t
token_len(const char *text, size_t len, size_t at)
{
	size_t e = at;
	while (e < len && text[e] != ' ' && text[e] != '\n')
		e++;
	return e - at;
}

/* One random change at one move: a point, a side, a number, a separator. */
static char *
mutated(const char *text, size_t len, unsigned long long *seed, size_t *out_len)
{
	unsigned long long moves = 0;
	while (move_offset(text, len, moves) >= 0)
		moves++;
	if (moves == 0)
		return NULL;
	size_t at = (size_t)move_offset(text, len, next_random(seed) % moves);
	size_t n = token_len(text, len, at);
	char tok[64];
	snprintf(tok, sizeof tok, "%.*s", (int)n, text + at);
	char with[160];
	switch (next_random(seed) % 9) {
	case 0: {   /* another digit somewhere in the move */
		size_t d = (size_t)(next_random(seed) % n);
		if (tok[d] >= '0' && tok[d] <= '9')
			tok[d] = (char)('0' + next_random(seed) % 10);
		snprintf(with, sizeof with, "%s", tok);
		break;
	}
	case 1: {   /* the other side */
		char *side = strpbrk(tok, "BW");
		if (side)
			*side = *side == 'B' ? 'W' : 'B';
		snprintf(with, sizeof with, "%s", tok);
		break;
	}
	case 2:     /* a capture written on */
		snprintf(with, sizeof with, "%s<%d", tok,
		         (int)(next_random(seed) % 26));
		break;
	case 3:     /* a capture after a blank: it still belongs to the move */
		snprintf(with, sizeof with, "%s <%d", tok,
		         (int)(next_random(seed) % 26));
		break;
	case 4:     /* the move twice */
		snprintf(with, sizeof with, "%s %s", tok, tok);
		break;
	case 5:     /* gone */
		with[0] = '\0';
		break;
	case 6:     /* other separators: CRLF, two blanks, a comment */
		snprintf(with, sizeof with, "%s%s", tok,
		         (const char *[]){ "\r\n", "  ", "{c}", "\t" }[next_random(seed) % 4]);
		break;
	case 7:     /* glued to junk */
		snprintf(with, sizeof with, "%sx", tok);
		break;
	default:    /* cut short */
		snprintf(with, sizeof with, "%.*s", (int)(n > 1 ? n - 1 : n), tok);
		break;
	}
	return spliced(text, len, at, n, with, out_len);
}

static const char *const configs[][2] = {
	{ "rules=gar", NULL },
	{ "rules=blac", "full_board=ilobola" },
	{ "rules=isipowe", "double_mill=per-mill" },
	{ "rules=isisuthu", "centre_mills=any" },
	{ "rules=gar", "capture=optional" },
	{ "rules=gar", "repetition=2" },
};

START_TEST(check_and_lint_agree_on_mutated_games)
{
	const char *rules[2] = { configs[_i][0], configs[_i][1] };
	size_t nrules = rules[1] ? 2 : 1;
	unsigned long long seed = 4242 + (unsigned long long)_i;
	for (unsigned long long g = 1; g <= 12; g++) {
		nt_generate_request req = { g + 50 * (unsigned long long)_i, 1, 0, 0,
		                            rules, nrules };
		size_t len;
		char *text = ut_generate(&req, &len);
		assert_check_and_lint_agree(text, len);
		for (int k = 0; k < 6; k++) {
			size_t mlen;
			char *m = mutated(text, len, &seed, &mlen);
			if (m == NULL)
				continue;
			/* Two changes at once: a refused move, then more after it. */
			size_t m2len;
			char *m2 = k % 2 ? mutated(m, mlen, &seed, &m2len) : NULL;
			assert_check_and_lint_agree(m, mlen);
			if (m2 != NULL)
				assert_check_and_lint_agree(m2, m2len);
			free(m2);
			free(m);
		}
		free(text);
	}
}
END_TEST

/* A refused move inside a run is reported with its text and its place. */
START_TEST(a_refused_move_in_a_run_is_named_as_written)
{
	ut_outcome o;
	ut_check("1B>1 1W>2\n2B>3 2W>3 3B>4 3W>5\n", &o);
	ck_assert_str_eq(o.code, "occupied-destination");
	ck_assert_int_eq(o.index, 4);
	ck_assert_int_eq(o.line, 2);
	ck_assert_int_eq(o.col, 6);
	ck_assert_msg(strstr(o.text, "'2W>3'") != NULL, "%s", o.text);
	ck_assert_int_eq(o.moves, 3);
	ck_assert_int_eq(o.ndiags, 1);
}
END_TEST

/* A capture after a blank belongs to the move before it (spec 4.4). */
START_TEST(a_capture_after_a_blank_is_the_moves)
{
	const char *mill = "1B>1 1W>4 2B>2 2W>5 3B>3\n<4 3W>6\n";
	UT_LEGAL(mill, "*");
	UT_FAILS("1B>1 1W>4 2B>2 2W>5 3B>3 3W>6\n", "missing-capture", 5);
}
END_TEST

/* CRLF line ends, and a move number that is wrong inside a run. */
START_TEST(crlf_and_a_wrong_number_inside_a_run)
{
	UT_LEGAL("1B>1 1W>2\r\n2B>3 2W>4\r\n3B>5\r\n", "*");
	ut_outcome o;
	ut_check("1B>1 1W>2\r\n2B>3 3W>4\r\n3B>5\r\n", &o);
	ck_assert_str_eq(o.code, "bad-move-number");
	ck_assert_int_eq(o.index, 4);
	ck_assert_int_eq(o.line, 2);
	ck_assert_int_eq(o.col, 6);
	ck_assert_int_eq(o.moves, 3);
}
END_TEST

Suite *
umlabalaba_one_path_suite(void)
{
	Suite *s = suite_create("umlabalaba-one-path");
	TCase *tc = tcase_create("one-path");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, check_and_lint_agree_on_mutated_games,
	                    0, (int)(sizeof configs / sizeof configs[0]));
	tcase_add_test(tc, a_refused_move_in_a_run_is_named_as_written);
	tcase_add_test(tc, a_capture_after_a_blank_is_the_moves);
	tcase_add_test(tc, crlf_and_a_wrong_number_inside_a_run);
	suite_add_tcase(s, tc);
	return s;
}
