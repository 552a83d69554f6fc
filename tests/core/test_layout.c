/*
 * lint's layout finding (core/layout.h): a file that lints without a style
 * finding needs no reformatting, and the other way round, for every game
 * and form.  Over every file of the shared corpora, and the repository's
 * records that mix numbered and unnumbered Umlabalaba moves, `notate lint`
 * and `notate fmt --check` agree; hand-made records of each game, laid out
 * badly, get the game's layout code at exactly the lines fmt rewrites,
 * and none where another finding already says it, nor on a record with an
 * error, nor under check.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

/* ------------------------------------------------------------ helpers */

/* The lines (LINE:COL CODE, one a line) of TEXT's layout findings under
   lint, read whole and then through a 64-byte buffer in 5-byte reads:
   both must be the same. */
static void
layout_lines(const char *game, const char *name, const char *text,
             const char *code, char *got, size_t size)
{
	char first[4096] = "";
	for (int pass = 0; pass < 2; pass++) {
		ts_config cfg = { .lint = 1, .buffer_size = pass ? 64 : 0,
		                  .read_chunk = pass ? 5 : 0 };
		ts_result r;
		ts_check(game, name, text, strlen(text), &cfg, &r);
		ck_assert_int_eq(r.rc, 0);
		got[0] = '\0';
		for (size_t i = 0; i < r.ndiags; i++) {
			if (strcmp(r.diags[i].code, code) != 0)
				continue;
			ck_assert_int_eq(r.diags[i].severity, NT_SEV_STYLE);
			char one[64];
			snprintf(one, sizeof one, "%lu:%lu\n", r.diags[i].lineno,
			         r.diags[i].col);
			strncat(got, one, size - strlen(got) - 1);
		}
		ts_free(&r);
		if (pass == 0)
			snprintf(first, sizeof first, "%s", got);
		else
			ck_assert_str_eq(got, first);
	}
}

#define expect_layout(game, name, text, code, want) do { \
	char got_[4096]; \
	layout_lines(game, name, text, code, got_, sizeof got_); \
	ck_assert_msg(strcmp(got_, want) == 0, "got:\n%s\nwant:\n%s", got_, \
	              want); \
} while (0)

/* fmt's output for TEXT (malloc'd); the call must succeed. */
static char *
formatted(const char *game, const char *name, const char *text)
{
	const nt_game *g = nt_game_by_name(game);
	ck_assert_ptr_nonnull(g);
	char *path = ts_in_dir(name, text);
	char *out = NULL;
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "--game", game, path,
	                                          NULL }, NULL, &out, NULL), 0);
	free(path);
	return out;
}

/* ------------------------------------------------------------ records */

/* A mat as gnubg writes it (trailing blank included), then its lines
   laid out otherwise: the match line without its blank (line 1), the
   players' column one blank short (line 4), a blank line too many at the
   end (line 9). */
#define MAT_GOOD \
	" 1 point match\n" \
	"\n" \
	" Game 1\n" \
	" Ines : 0                       Tariq : 0\n" \
	"  1) 31: 8/5 6/5                 41: 24/23 13/9 \n" \
	"  2)  Doubles => 2                Drops\n" \
	"      Wins 1 point\n" \
	"\n"
#define MAT_BAD \
	"1 point match\n" \
	"\n" \
	" Game 1\n" \
	" Ines : 0                      Tariq : 0\n" \
	"  1) 31: 8/5 6/5                 41: 24/23 13/9 \n" \
	"  2)  Doubles => 2                Drops\n" \
	"      Wins 1 point\n" \
	"\n" \
	"\n"

#define BAO_HEAD \
	"[Game \"Bao la Kiswahili\"]\n" \
	"[Event \"t\"]\n" \
	"[Rules \"bao-kiswahili-1\"]\n" \
	"[Result \"*\"]\n" \
	"[Plies \"2\"]\n" \
	"\n"

#define UMLA_HEAD \
	"[Event \"t\"]\n" \
	"[Variant \"umlabalaba\"]\n" \
	"[Result \"*\"]\n" \
	"\n"

/* -------------------------------------------------------------- tests */

START_TEST(mat_gets_a_finding_per_line_fmt_rewrites)
{
	char *canon = formatted("backgammon", "t.mat", MAT_BAD);
	ck_assert_str_eq(canon, MAT_GOOD);
	expect_layout("backgammon", "t.mat", MAT_GOOD, "bg-layout", "");
	expect_layout("backgammon", "t.mat", MAT_BAD, "bg-layout",
	              "1:1\n4:1\n9:1\n");
	free(canon);
}
END_TEST

/* The sheet form has its own layout: single blanks are no sheet. */
START_TEST(sheet_gets_a_finding_per_line_fmt_rewrites)
{
	const char *bad =
		" 1 point match\n\n Game 1\n Ines : 0    Tariq : 0\n"
		"  1) 3-1: 8/5 6/5  4-1: 24/23 13/9\n";
	char *canon = formatted("backgammon", "t.bg", bad);
	expect_layout("backgammon", "t.bg", canon, "bg-layout", "");
	char want[256] = "";
	/* Every line of the input that fmt's output does not hold as it is. */
	const char *lines[] = { " 1 point match", "", " Game 1",
	                        " Ines : 0    Tariq : 0",
	                        "  1) 3-1: 8/5 6/5  4-1: 24/23 13/9" };
	for (int i = 0; i < 5; i++) {
		char l[80];
		snprintf(l, sizeof l, "\n%s\n", lines[i]);
		char c[16];
		snprintf(c, sizeof c, "%d:1\n", i + 1);
		if (strstr(canon, l) == NULL &&
		    strncmp(canon, l + 1, strlen(l + 1)) != 0)
			strcat(want, c);
	}
	ck_assert(want[0] != '\0');
	expect_layout("backgammon", "t.bg", bad, "bg-layout", want);
	free(canon);
}
END_TEST

START_TEST(bao_gets_a_finding_per_line_fmt_rewrites)
{
	const char *good = BAO_HEAD "1. A6>* a6>* *\n";
	char *canon = formatted("bao", "t.bao", good);
	ck_assert_str_eq(canon, good);
	expect_layout("bao", "t.bao", good, "LAYOUT", "");
	/* Blanks between the words (line 7), and tags the canonical form
	   writes from the replay missing: Rules and Plies, before lines 3
	   and 4 of this file. */
	expect_layout("bao", "t.bao", BAO_HEAD "1.  A6>*   a6>*  *\n", "LAYOUT",
	              "7:1\n");
	expect_layout("bao", "t.bao",
	              "[Game \"Bao la Kiswahili\"]\n[Event \"t\"]\n"
	              "[Result \"*\"]\n\n1. A6>* a6>* *\n", "LAYOUT",
	              "3:1\n4:1\n");
	free(canon);
}
END_TEST

START_TEST(umlabalaba_gets_a_finding_per_line_fmt_rewrites)
{
	/* No Notation header: fmt writes every point plain. */
	const char *good = UMLA_HEAD "B > 20\nW > 3\nB > 5\n";
	char *canon = formatted("umlabalaba", "t.umla", good);
	ck_assert_str_eq(canon, good);
	expect_layout("umlabalaba", "t.umla", good, "layout", "");
	expect_layout("umlabalaba", "t.umla", UMLA_HEAD "B > 20\nW > 03\nB > 05\n",
	              "layout", "6:1\n7:1\n");
	free(canon);
}
END_TEST

/* Past the spool's memory (64 KiB of input, 8,192 lines of hashes), the
   lines still pair up: only the last but one line differs. */
START_TEST(a_long_record_pairs_its_lines_from_the_spool_files)
{
	const char *line = "a long comment line\n";
	size_t n = 20000, len = strlen(line);
	size_t head = strlen(UMLA_HEAD "{\n");
	const char *tail = "}\nB > 20\nW > 03\n";
	char *text = malloc(head + n * len + strlen(tail) + 1);
	strcpy(text, UMLA_HEAD "{\n");
	for (size_t i = 0; i < n; i++)
		memcpy(text + head + i * len, line, len);
	strcpy(text + head + n * len, tail);
	/* 4 tags and a blank, the brace, the comment, the brace, B, W. */
	char want[32];
	snprintf(want, sizeof want, "%zu:1\n", 4 + 1 + n + 1 + 2);
	expect_layout("umlabalaba", "t.umla", text, "layout", want);
	free(text);
}
END_TEST

/* Line ends count as the game's diagnostics count them: a mat with CR
   line ends (old Mac exports), which fmt writes with LF, differs on every
   line, and each finding names its own line. */
START_TEST(cr_line_ends_count_as_lines)
{
	char cr[sizeof MAT_GOOD];
	strcpy(cr, MAT_GOOD);
	for (char *p = cr; *p; p++)
		if (*p == '\n')
			*p = '\r';
	expect_layout("backgammon", "t.mat", cr, "bg-layout",
	              "1:1\n2:1\n3:1\n4:1\n5:1\n6:1\n7:1\n8:1\n");
}
END_TEST

/* A line with a style finding of its own gets no second one; a line that
   differs only by its hit marks keeps its warning and gets the layout
   finding, since fmt --check would rewrite it. */
START_TEST(a_line_with_a_style_finding_gets_no_second_one)
{
	const char *text =
		" 1 point match\n\n Game 1\n"
		" Ines : 0                       Tariq : 0\n"
		"  1) 13: 8/5 6/5                 41: 24/23 13/9 \n"
		"  2)  Doubles => 2                Drops\n"
		"      Wins 1 point\n\n";
	ts_config cfg = { .lint = 1 };
	ts_result r;
	ts_check("backgammon", "t.mat", text, strlen(text), &cfg, &r);
	ck_assert_uint_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-dice-order");
	ck_assert_uint_eq(r.diags[0].lineno, 5);
	ts_free(&r);
	/* Ignored, it still covers its line: lint says nothing twice. */
	char *path = ts_in_dir("t.mat", text);
	char *out = NULL, *err = NULL;
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "--ignore",
	                 "bg-dice-order", path, NULL }, NULL, &out, &err), 0);
	ck_assert_str_eq(out, "");
	free(out);
	free(err);
	free(path);
}
END_TEST

START_TEST(no_finding_on_an_error_nor_under_check)
{
	/* 8/2 cannot be played with 3-1: an error; fmt refuses the file. */
	const char *bad = "1 point match\n\n Game 1\n Ines : 0  Tariq : 0\n"
	                  "  1) 31: 8/2                     41: 24/23 13/9\n";
	expect_layout("backgammon", "t.mat", bad, "bg-layout", "");
	ts_config cfg = { .lint = 0 };
	ts_result r;
	ts_check("backgammon", "t.mat", MAT_BAD, strlen(MAT_BAD), &cfg, &r);
	ck_assert_int_eq(r.summary.style, 0);
	ck_assert_uint_eq(r.ndiags, 0);
	ts_free(&r);
}
END_TEST

/* The finding goes through every output format and --ignore drops it. */
START_TEST(every_output_format_carries_it)
{
	char *path = ts_in_dir("t.mat", MAT_BAD);
	static const char *const formats[] = { "text", "json", "sarif", "github",
	                                       NULL };
	for (int i = 0; formats[i] != NULL; i++) {
		char *out = NULL;
		ck_assert_int_eq(ts_run((const char *[]){ "lint", "-f", formats[i],
		                 path, NULL }, NULL, &out, NULL), 1);
		ck_assert_msg(strstr(out, "bg-layout") != NULL, "%s:\n%s",
		              formats[i], out);
		free(out);
	}
	char *out = NULL;
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "--ignore", "bg-layout",
	                 path, NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, "");
	free(out);
	free(path);
}
END_TEST

/* --------------------------------------------------- the corpus property */

typedef struct agree {
	long compared, dirty, clean;
	long per_game[3];
} agree;

static long
json_number(const char *json, const char *key)
{
	char k[64];
	snprintf(k, sizeof k, "\"%s\":", key);
	const char *p = strstr(json, k);
	ck_assert_msg(p != NULL, "no %s in %s", key, json);
	return strtol(p + strlen(k), NULL, 10);
}

static void
lint_agrees_with_fmt(void *ctx, const char *path)
{
	agree *a = ctx;
	char *out = NULL, *err = NULL;
	ts_run((const char *[]){ "lint", "-f", "json", path, NULL }, NULL, &out,
	       &err);
	const char *summary = strstr(out, "{\"summary\":");
	ck_assert_msg(summary != NULL, "%s: %s", path, out);
	long errors = json_number(summary, "errors");
	long style = json_number(summary, "style");
	free(out);
	free(err);
	/* fmt refuses a record with an error. */
	if (errors > 0)
		return;
	int rc = ts_run((const char *[]){ "fmt", "--check", path, NULL }, NULL,
	                &out, &err);
	int reformat = strstr(err, "would be reformatted") != NULL;
	int no_form = strstr(err, "has no canonical form") != NULL;
	free(out);
	free(err);
	if (no_form) {         /* eXtreme Gammon's binary files */
		ck_assert_msg(style == 0, "%s: %ld style findings", path, style);
		return;
	}
	ck_assert_msg(reformat == (rc == 1), "%s: fmt --check %d", path, rc);
	ck_assert_msg((style > 0) == reformat,
	              "%s: lint has %ld style findings, fmt --check says %s", path,
	              style, reformat ? "would be reformatted" : "clean");
	a->compared++;
	if (reformat)
		a->dirty++;
	else
		a->clean++;
	if (strstr(path, "/backgammon/"))
		a->per_game[0]++;
	else if (strstr(path, "/bao/"))
		a->per_game[1]++;
	else
		a->per_game[2]++;
}

START_TEST(lint_and_fmt_check_agree_over_the_corpora)
{
	static const char *const folders[] = {
		"corpus/backgammon/illegal", "corpus/backgammon/mat",
		"corpus/backgammon/real", "corpus/backgammon/real-bulk",
		"corpus/backgammon/sgf", "corpus/backgammon/sgf-real",
		"corpus/backgammon/sheet", "corpus/backgammon/strict",
		"corpus/backgammon/xg", "corpus/bao/illegal", "corpus/bao/legal",
		"corpus/umlabalaba/illegal", "corpus/umlabalaba/legal",
		"corpus/umlabalaba/pgn", NULL
	};
	static const char *const exts[] = { ".mat", ".bg", ".sgf", ".xg",
	                                    ".bao", ".umla", ".pgn", NULL };
	agree a = { 0, 0, 0, { 0, 0, 0 } };
	long files = 0;
	for (int f = 0; folders[f] != NULL; f++)
		for (int e = 0; exts[e] != NULL; e++) {
			int n = ts_each_shared_file(folders[f], exts[e],
			                            lint_agrees_with_fmt, &a);
			ck_assert_msg(n >= 0, "no shared folder %s", folders[f]);
			files += n;
		}
	/* The repository's records that mix numbered and unnumbered
	   Umlabalaba moves: fmt settles them, so lint must find them too. */
	long dirty_before = a.dirty;
	int mixed = ts_each_file("tests/umlabalaba/numbering", ".umla",
	                         lint_agrees_with_fmt, &a);
	ck_assert_int_ge(mixed, 2);
	ck_assert_int_eq(a.dirty - dirty_before, mixed);
	files += mixed;
	/* Not a vacuous pass: every game took part, and both sides of the
	   property were seen (the real exports need reformatting). */
	ck_assert_int_gt(files, 400);
	ck_assert_int_gt(a.per_game[0], 100);
	ck_assert_int_gt(a.per_game[1], 10);
	ck_assert_int_gt(a.per_game[2], 10);
	ck_assert_int_gt(a.dirty, 100);
	ck_assert_int_gt(a.clean, 50);
}
END_TEST

Suite *
core_layout_suite(void)
{
	Suite *s = suite_create("core-layout");
	TCase *tc = tcase_create("layout");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_add_test(tc, mat_gets_a_finding_per_line_fmt_rewrites);
	tcase_add_test(tc, sheet_gets_a_finding_per_line_fmt_rewrites);
	tcase_add_test(tc, bao_gets_a_finding_per_line_fmt_rewrites);
	tcase_add_test(tc, umlabalaba_gets_a_finding_per_line_fmt_rewrites);
	tcase_add_test(tc, a_long_record_pairs_its_lines_from_the_spool_files);
	tcase_add_test(tc, cr_line_ends_count_as_lines);
	tcase_add_test(tc, a_line_with_a_style_finding_gets_no_second_one);
	tcase_add_test(tc, no_finding_on_an_error_nor_under_check);
	tcase_add_test(tc, every_output_format_carries_it);
	suite_add_tcase(s, tc);
	TCase *corpus = tcase_create("corpus");
	tcase_set_timeout(corpus, 120);
	tcase_add_test(corpus, lint_and_fmt_check_agree_over_the_corpora);
	suite_add_tcase(s, corpus);
	return s;
}
