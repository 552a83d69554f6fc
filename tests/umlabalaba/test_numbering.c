/*
 * fmt settles the numbering (issue 15): a file that mixes numbered and
 * unnumbered moves is written as its first move is, every move numbered
 * with the number the replay expects (skipped turns count, spec 4.5) or
 * none; the rest of the file stays byte for byte, the result formats to
 * itself and lints clean.  Where the replay stops, the numbering stays as
 * written; convert copies move numbers.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"
#include "umlabalaba/um_test.h"

#define GAME "umlabalaba"
#define DIR "tests/umlabalaba/numbering/"

/* The fixture's header section, as both fixtures' formatted forms keep it. */
#define NUMBERED_HEAD \
	"[Event \"numbering: the first move is numbered; a skipped turn\"]\n" \
	"[Rules \"blac\"]\n[Result \"*\"]\n\n"
#define UNNUMBERED_HEAD \
	"[Event \"numbering: the first move is not numbered\"]\n" \
	"[Rules \"blac\"]\n[Notation \"electronic\"]\n[Result \"*\"]\n\n"

/* Black's 14th turn is skipped (blocked=pass): White's move is number 14,
   Black's next one 15, where counting the moves written would give 14. */
static const char numbered_want[] =
	NUMBERED_HEAD
	"1B>1 1W>2\n2B>3 2W>5\n3B>4 3W>7\n4B>6 4W>9 { the board fills }\n"
	"5B>8 5W>11\n6B>10 6W>13\n7B>12 7W>16\n8B>14 8W>18\n9B>15 9W>19\n"
	"10B>17 10W>20\n11B>21 11W>22\n12B>24 12W>23\n13B<10 13W<19\n"
	"14W18>19        ; Black's 14th turn is skipped\n15B17>18\n";

/* Each number goes with the blanks and line breaks after it; comments
   and the other spacing stay. */
static const char unnumbered_want[] =
	UNNUMBERED_HEAD
	"B>01 W>02\nB>03 W>05 ; two blanks\nB>04 {x}W>07\n{c} B > 06 W>09\n";

/* fmt's output for TEXT, read whole, then through a 64-byte buffer in
   5-byte reads: both must be the same.  Returns it (malloc'd). */
static char *
fmt_text(const char *text, int want_rc)
{
	char *first = NULL;
	for (int pass = 0; pass < 2; pass++) {
		ts_config cfg = { .buffer_size = pass ? 64 : 0,
		                  .read_chunk = pass ? 5 : 0 };
		ts_result r;
		ts_format(GAME, "t.umla", text, strlen(text), &cfg, &r);
		ck_assert_int_eq(r.rc, want_rc);
		if (pass == 0) {
			first = r.output;
			continue;
		}
		ck_assert_str_eq(r.output, first);
		ts_free(&r);
	}
	return first;
}

static char *
fixture(const char *name)
{
	size_t len;
	char *text = ts_read_file(name, &len);
	ck_assert_msg(text != NULL, "no %s", name);
	return text;
}

/* Lint's diagnostics of TEXT: their codes, one a line. */
static void
lint_codes(const char *text, char *codes, size_t size)
{
	ts_config cfg = { .lint = 1 };
	ts_result r;
	ts_check(GAME, "t.umla", text, strlen(text), &cfg, &r);
	codes[0] = '\0';
	for (size_t i = 0; i < r.ndiags; i++) {
		strncat(codes, r.diags[i].code, size - strlen(codes) - 1);
		strncat(codes, "\n", size - strlen(codes) - 1);
	}
	ts_free(&r);
}

START_TEST(numbered_first_numbers_every_move_by_its_slot)
{
	char *text = fixture(DIR "numbered-first.umla");
	char *out = fmt_text(text, 0);
	ck_assert_str_eq(out, numbered_want);
	free(out);
	free(text);
}
END_TEST

START_TEST(unnumbered_first_removes_every_number)
{
	char *text = fixture(DIR "unnumbered-first.umla");
	char *out = fmt_text(text, 0);
	ck_assert_str_eq(out, unnumbered_want);
	free(out);
	free(text);
}
END_TEST

/* A compact move's points are rewritten while the number it gets (or
   loses) is still unknown: they wait, and come out after it. */
START_TEST(points_rewritten_in_the_same_move_keep_their_place)
{
	char *out = fmt_text("[Notation \"electronic\"]\n1B>01 W>2 2B>3\n", 0);
	ck_assert_str_eq(out, "[Notation \"electronic\"]\n1B>01 1W>02 2B>03\n");
	free(out);
	out = fmt_text("[Notation \"plain\"]\nB>01 1W>02\n2 B > 03\n", 0);
	ck_assert_str_eq(out, "[Notation \"plain\"]\nB>1 W>2\nB > 3\n");
	free(out);
}
END_TEST

/* fmt's output formats to itself, and lint finds nothing in it, while the
   input had its mixed-numbering finding. */
START_TEST(the_result_is_canonical_and_lints_clean)
{
	const char *names[] = { DIR "numbered-first.umla",
	                        DIR "unnumbered-first.umla" };
	for (int i = 0; i < 2; i++) {
		char *text = fixture(names[i]);
		char codes[1024];
		lint_codes(text, codes, sizeof codes);
		ck_assert_msg(strstr(codes, "mixed-numbering\n") != NULL, "%s: %s",
		              names[i], codes);
		char *once = fmt_text(text, 0);
		char *twice = fmt_text(once, 0);
		ck_assert_str_eq(twice, once);
		lint_codes(once, codes, sizeof codes);
		ck_assert_msg(codes[0] == '\0', "%s: %s", names[i], codes);
		free(twice);
		free(once);
		free(text);
	}
}
END_TEST

/*
 * Numbers are known up to the first rule error: the move it stops at
 * still gets its number, the moves after it stay as written.  A number
 * is removed only when it is the one the replay expects, so a wrong one
 * is still there for check to report.
 */
START_TEST(numbering_stays_as_written_where_the_replay_stopped)
{
	char *out = fmt_text("1B>1 W>2\n2B>1 W>3 B>4\n", 0);
	ck_assert_str_eq(out, "1B>1 1W>2\n2B>1 W>3 B>4\n");
	free(out);
	out = fmt_text("1B>1 W>1 B>2\n", 0);
	ck_assert_str_eq(out, "1B>1 1W>1 B>2\n");
	free(out);
	out = fmt_text("B>1 1W>2\nB>3 3W>5 2B>4\n", 0);
	ck_assert_str_eq(out, "B>1 W>2\nB>3 3W>5 2B>4\n");
	free(out);
	ts_result r;
	const char *wrong = "B>1 1W>2\nB>3 3W>5\n";
	ts_format(GAME, "t.umla", wrong, strlen(wrong), NULL, &r);
	ck_assert_uint_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bad-move-number");
	ts_free(&r);
}
END_TEST

/* Only fmt settles the numbering: convert copies move numbers (spec 6),
   and a file that does not mix keeps its numbering. */
START_TEST(convert_and_files_that_do_not_mix_keep_their_numbers)
{
	ts_result r;
	const char *mixed = "1B>1 W>2\nB>3\n";
	ts_convert(GAME, "t.umla", mixed, strlen(mixed), "electronic", NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_str_eq(r.output, "1B>01 W>02\nB>03\n");
	ts_free(&r);
	const char *same[] = { "1B>1 1W>2\n2B>3\n", "B>1 W>2\n B > 3\n" };
	for (int i = 0; i < 2; i++) {
		char *out = fmt_text(same[i], 0);
		ck_assert_str_eq(out, same[i]);
		free(out);
	}
}
END_TEST

/*
 * A generated numbered game with some of its numbers taken out: KEEP(i)
 * says whether move i keeps its number.  Generated moves hold no comment
 * and no blank inside, so a move number is a run of digits at the start
 * of a word, right before its side letter.  Returns how many moves there
 * are; OUT gets the text.
 */
static long
strip_numbers(const char *text, int (*keep)(long i, unsigned long long seed),
              unsigned long long seed, char *out)
{
	const char *moves = strstr(text, "\n\n");
	ck_assert(moves != NULL);
	size_t head = (size_t)(moves - text) + 2;
	memcpy(out, text, head);
	size_t o = head;
	long i = 0;
	for (const char *s = text + head; *s;) {
		int word_start = s == text + head || s[-1] == ' ' || s[-1] == '\n';
		size_t digits = strspn(s, "0123456789");
		if (word_start && digits > 0 && (s[digits] == 'B' || s[digits] == 'W')) {
			if (keep(i++, seed))
				memcpy(out + o, s, digits), o += digits;
			s += digits;
			continue;
		}
		out[o++] = *s++;
	}
	out[o] = '\0';
	return i;
}

/* Numbered first: move 0 keeps its number, move 1 and some others not. */
static int
keep_some(long i, unsigned long long seed)
{
	return i == 0 || (i != 1 && ((unsigned long long)i * 7 + seed) % 3 == 0);
}

/* Unnumbered first: move 1 and some others keep theirs. */
static int
keep_few(long i, unsigned long long seed)
{
	return i == 1 || (i != 0 && ((unsigned long long)i * 5 + seed) % 4 == 0);
}

static int
keep_none(long i, unsigned long long seed)
{
	(void)i;
	(void)seed;
	return 0;
}

/* Over random games, through small buffers too: the numbers taken out of
   a numbered game come back, and a game numbered here and there after an
   unnumbered first move loses them all. */
START_TEST(generated_games_get_their_numbering_back)
{
	static const char *const pass[] = { "blocked=pass" };
	int compared = 0;
	for (unsigned long long seed = 1; seed <= 60; seed++) {
		nt_generate_request req = { seed, 1, 0, 0, seed % 2 ? pass : NULL,
		                            seed % 2 ? 1 : 0 };
		size_t len;
		char *text = ut_generate(&req, &len);
		char *mixed = malloc(len + 1), *none = malloc(len + 1);
		ck_assert(mixed != NULL && none != NULL);
		if (strip_numbers(text, keep_some, seed, mixed) >= 3) {
			char *out = fmt_text(mixed, 0);
			ck_assert_msg(strcmp(out, text) == 0, "seed %llu:\n%s", seed,
			              mixed);
			free(out);
			strip_numbers(text, keep_none, seed, none);
			strip_numbers(text, keep_few, seed, mixed);
			out = fmt_text(mixed, 0);
			ck_assert_msg(strcmp(out, none) == 0, "seed %llu:\n%s", seed,
			              mixed);
			free(out);
			compared++;
		}
		free(mixed);
		free(none);
		free(text);
	}
	ck_assert_int_ge(compared, 10);
}
END_TEST

Suite *
umlabalaba_numbering_suite(void)
{
	Suite *s = suite_create("umlabalaba-numbering");
	TCase *tc = tcase_create("numbering");
	tcase_add_test(tc, numbered_first_numbers_every_move_by_its_slot);
	tcase_add_test(tc, unnumbered_first_removes_every_number);
	tcase_add_test(tc, points_rewritten_in_the_same_move_keep_their_place);
	tcase_add_test(tc, the_result_is_canonical_and_lints_clean);
	tcase_add_test(tc, numbering_stays_as_written_where_the_replay_stopped);
	tcase_add_test(tc, convert_and_files_that_do_not_mix_keep_their_numbers);
	tcase_add_test(tc, generated_games_get_their_numbering_back);
	suite_add_tcase(s, tc);
	return s;
}
