/*
 * Working on many files: lint and fmt, -j N (the same output in the same
 * order as one at a time), --include and --exclude.  Umlabalaba records
 * serve as the sample input.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/support.h"

START_TEST(lint_reports_style)
{
	char *messy = ts_in_dir("messy.umla", "[Notation \"plain\"]\n1B>5 W>12 2B>09\n");
	char *mixed = ts_in_dir("mixed.umla", "B>5 W>12 B>09\n");
	char *tidy = ts_in_dir("tidy.umla", "[Notation \"electronic\"]\nB>05 W>12\n");
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "lint", messy, mixed, tidy, NULL }, NULL, &out, NULL), 1);
	char want[2048];
	snprintf(want, sizeof want,
	         "%s:2:6: style: this move is not numbered, but the file's first "
	         "move is numbered; number every move or none [mixed-numbering]\n"
	         "%s:2:14: style: point '09' is written zero-padded (electronic), "
	         "but the Notation header says plain [notation-mismatch]\n"
	         "%s:1:12: style: point '09' is written zero-padded (electronic), "
	         "but points are plain elsewhere in this file (first at line 1, "
	         "column 3) [mixed-point-forms]\n", messy, messy, mixed);
	ck_assert_str_eq(out, want);
	free(out);
	/* check does not report style; lint -W error counts only errors. */
	ck_assert_int_eq(ts_run((const char *[]){ "check", messy, NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, "");
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "-W", "error", messy, NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, "");
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "lint", tidy, NULL }, NULL, NULL, NULL), 0);
	/* A move's findings come with its replay: in file order, before an
	 * error that follows them, and none for moves the replay never took
	 * (B>2 is refused, so W>03 and 4W>5 are not linted). */
	char *bad = ts_in_dir("bad.umla", "B>1 W>03 W>5\n");
	char *stopped = ts_in_dir("stopped.umla", "B>1 B>2 W>03 4W>5\n");
	ck_assert_int_eq(ts_run((const char *[]){ "lint", bad, stopped, NULL }, NULL, &out, NULL), 1);
	snprintf(want, sizeof want,
	         "%s:1:7: style: point '03' is written zero-padded (electronic), "
	         "but points are plain elsewhere in this file (first at line 1, "
	         "column 3) [mixed-point-forms]\n"
	         "%s:1:10: error: 'W>5': it is Black's turn [wrong-player-to-move]\n"
	         "%s:1:5: error: 'B>2': it is White's turn [wrong-player-to-move]\n",
	         bad, bad, stopped);
	ck_assert_str_eq(out, want);
	free(out);
	free(bad);
	free(stopped);
	free(messy);
	free(mixed);
	free(tidy);
}
END_TEST

START_TEST(fmt_rewrites_to_the_canonical_form)
{
	const char *messy_text = "[Notation \"electronic\"]\r\nB>5 W>12 B>9 ; 7\r\n";
	const char *canonical = "[Notation \"electronic\"]\r\nB>05 W>12 B>09 ; 7\r\n";
	char *messy = ts_in_dir("m.umla", messy_text);
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", messy, NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, canonical);
	/* A formatted file formats to itself. */
	char *again = ts_in_dir("again.umla", out);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "--check", again, NULL }, NULL, NULL, NULL), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "--check", messy, NULL }, NULL, NULL, NULL), 1);
	/* --check and --diff never write. */
	char *now = ts_read_file(messy, NULL);
	ck_assert_str_eq(now, messy_text);
	free(now);
	/* -i rewrites atomically, keeping the permissions. */
	ck_assert_int_eq(chmod(messy, 0604), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "-i", messy, NULL }, NULL, NULL, NULL), 0);
	now = ts_read_file(messy, NULL);
	ck_assert_str_eq(now, canonical);
	free(now);
	struct stat st;
	ck_assert_int_eq(stat(messy, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0604);
	free(messy);
	free(again);
}
END_TEST

/* lint --fix is fmt (CLI.md pairs them): the same output, and with --diff,
 * --check and -i the same actions; lint --diff is fmt --diff.  What fmt does
 * not take, lint --fix does not either. */
START_TEST(lint_fix_is_fmt)
{
	char *messy = ts_in_dir("f.umla", "[Notation \"electronic\"]\nB>5 W>12 B>9\n");
	static const char *const pairs[][3] = {
		{ "--fix", NULL, NULL },
		{ "--fix", "--diff", NULL },
		{ "--diff", NULL, NULL },
		{ "--fix", "--check", NULL },
	};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		const char *lint[6] = { "lint" }, *fmt[6] = { "fmt" };
		size_t n = 1, m = 1;
		for (size_t k = 0; k < 3 && pairs[i][k] != NULL; k++) {
			lint[n++] = pairs[i][k];
			if (strcmp(pairs[i][k], "--fix") != 0)
				fmt[m++] = pairs[i][k];
		}
		lint[n] = messy;
		fmt[m] = messy;
		char *lo, *fo;
		int lrc = ts_run(lint, NULL, &lo, NULL);
		int frc = ts_run(fmt, NULL, &fo, NULL);
		ck_assert_msg(lrc == frc, "case %zu: %d, not %d", i, lrc, frc);
		ck_assert_str_eq(lo, fo);
		free(lo);
		free(fo);
	}
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "--fix", messy, NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, "[Notation \"electronic\"]\nB>05 W>12 B>09\n");
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "--fix", "-i", messy, NULL }, NULL, NULL, NULL), 0);
	char *now = ts_read_file(messy, NULL);
	ck_assert_str_eq(now, "[Notation \"electronic\"]\nB>05 W>12 B>09\n");
	free(now);
	/* Without --fix, lint takes no rewriting option; --fix is lint's. */
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "-i", messy, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "--check", messy, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--fix", messy, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "--fix", messy, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "--diff", "-i", messy, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "--diff", "--check", messy, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "--fix", "--to", "plain", messy, NULL }, NULL, NULL, NULL), 3);
	free(messy);
}
END_TEST

START_TEST(fmt_diff_applies_with_git)
{
	char *messy = ts_in_dir("g.umla", "B>5 W>12 B>01\n");
	char cmd[16384];
	/* The binary path is relative to the checkout: make it absolute. */
	char cwd[2048], bin[2100];
	ck_assert(getcwd(cwd, sizeof cwd) != NULL);
	const char *rel = getenv("NOTATE") ? getenv("NOTATE") : "build/notate";
	snprintf(bin, sizeof bin, "%s%s%s", rel[0] == '/' ? "" : cwd,
	         rel[0] == '/' ? "" : "/", rel);
	snprintf(cmd, sizeof cmd, "cd '%s' && git init -q . && "
	         "'%s' fmt --diff g.umla > fix.diff && git apply fix.diff && "
	         "'%s' fmt --check g.umla", ts_dir(), bin, bin);
	int st = system(cmd);
	ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s", cmd);
	char *now = ts_read_file(messy, NULL);
	ck_assert_str_eq(now, "B>5 W>12 B>1\n");
	free(now);
	free(messy);
	/* Paths as -r . and a shell write them: git apply refuses "./" and
	 * "//" in a diff's paths, so notate leaves them out. */
	char *sub = ts_in_dir("sub", NULL);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	free(ts_in_dir("sub/h.umla", "B>01 W>2\n"));
	free(ts_in_dir("k.umla", "B>01 W>2\n"));
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' fmt --diff -r . > all.diff && "
	         "grep -q '^--- a/sub/h.umla' all.diff && git apply all.diff && "
	         "'%s' fmt --check -q -r . && "
	         "printf 'B>01 W>2\\n' > k.umla && "
	         "'%s' fmt --diff .//./k.umla > k.diff && "
	         "grep -q '^+++ b/k.umla' k.diff && git apply k.diff && "
	         "'%s' fmt --check -q k.umla", ts_dir(), bin, bin, bin, bin);
	st = system(cmd);
	ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s", cmd);
	free(sub);
}
END_TEST

START_TEST(jobs_keep_the_order)
{
	char *sub = ts_in_dir("sub", NULL);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	for (int i = 0; i < 150; i++) {
		char name[64], text[128];
		snprintf(name, sizeof name, "sub/g%03d.umla", i);
		/* Every third file is illegal, every fifth has two errors. */
		snprintf(text, sizeof text, "%s%s\n", i % 3 ? "B>1 W>2" : "B>1 B>2",
		         i % 5 ? "" : " x y");
		free(ts_in_dir(name, text));
	}
	free(ts_in_dir("sub/missing-is-fine.txt", "not a record"));
	char *one, *two, *four;
	int r1 = ts_run((const char *[]){ "check", "-v", "--summary", "-r", ts_dir(), NULL }, NULL, &one, NULL);
	int r2 = ts_run((const char *[]){ "check", "-v", "--summary", "-j", "2", "-r", ts_dir(), NULL }, NULL, &two, NULL);
	int r4 = ts_run((const char *[]){ "check", "-f", "json", "-j4", "-r", ts_dir(), NULL }, NULL, &four, NULL);
	ck_assert_int_eq(r1, 1);
	ck_assert_int_eq(r2, 1);
	ck_assert_int_eq(r4, 1);
	ck_assert_str_eq(one, two);
	ck_assert(strstr(one, "150 files, 150 games") != NULL);
	char *json1;
	ts_run((const char *[]){ "check", "-f", "json", "-r", ts_dir(), NULL }, NULL, &json1, NULL);
	ck_assert_str_eq(four, json1);
	free(one);
	free(two);
	free(four);
	free(json1);
	free(sub);
}
END_TEST

/* A folder's files come in byte order of their names, whatever order the
 * folder lists them in and however many there are. */
START_TEST(folders_in_byte_order)
{
	char *sub = ts_in_dir("sub", NULL);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	const char *const odd[] = { "B", "a", "a1", "a10", "a2", "Z9", "\xC3\xA9t\xC3\xA9", "_" };
	char names[300][32];
	int n = 0;
	/* Made in a scrambled order: 97 is prime, so i * 97 % 277 visits all. */
	for (int i = 0; i < 277; i++)
		snprintf(names[n++], sizeof names[0], "g%03d", i * 97 % 277);
	for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++)
		snprintf(names[n++], sizeof names[0], "%s", odd[i]);
	for (int i = n; i-- > 0;) {
		char path[64];
		snprintf(path, sizeof path, "sub/%s.umla", names[i]);
		free(ts_in_dir(path, "B>1 W>2\n"));
	}
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-v", "-r", sub, NULL }, NULL, &out, NULL), 0);
	int lines = 0;
	char *prev = NULL;
	for (char *line = strtok(out, "\n"); line != NULL; line = strtok(NULL, "\n")) {
		*strstr(line, ".umla: ") = '\0';
		if (prev != NULL)
			ck_assert_msg(strcmp(prev, line) < 0, "%s before %s", prev, line);
		prev = line;
		lines++;
	}
	ck_assert_int_eq(lines, n);
	free(out);
	free(sub);
}
END_TEST

START_TEST(include_and_exclude)
{
	char *a = ts_in_dir("keep.umla", "B>1 B>2\n");
	char *b = ts_in_dir("skip.umla", "B>1 B>2\n");
	char *d = ts_in_dir("drafts", NULL);
	ck_assert_int_eq(mkdir(d, 0755), 0);
	free(ts_in_dir("drafts/c.umla", "B>1 B>2\n"));
	free(ts_in_dir("other.rec", "B>1 B>2\n"));
	char *out;
	ts_run((const char *[]){ "check", "-r", "--exclude", "skip*", "--exclude", "drafts", ts_dir(), NULL }, NULL, &out, NULL);
	ck_assert(strstr(out, "keep.umla") && !strstr(out, "skip.umla") &&
	          !strstr(out, "c.umla"));
	free(out);
	ts_run((const char *[]){ "check", "-r", "--include", "*.rec", "--game", "umlabalaba", ts_dir(), NULL }, NULL, &out, NULL);
	ck_assert(strstr(out, "other.rec") && !strstr(out, "keep.umla"));
	free(out);
	free(a);
	free(b);
	free(d);
}
END_TEST

START_TEST(stats_per_game_and_totals)
{
	char *g = ts_in_dir("g.umla", "[Result \"*\"]\nB>1 W>4 B>2 W>6 B>3<4\n");
	char *bad = ts_in_dir("bad.umla", "B>1 B>2\n");
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "stats", g, bad, NULL }, NULL, &out, NULL), 1);
	char want[2048];
	snprintf(want, sizeof want, "%s: game 1: result=\"*\" moves=5 "
	         "black_placements=3 black_moves=0 black_flights=0 black_mills=1 "
	         "black_captures=1 black_ilobola=0 white_placements=2 white_moves=0 "
	         "white_flights=0 white_mills=0 white_captures=0 white_ilobola=0 "
	         "placement_turns=5 movement_turns=0 skipped_turns=0 "
	         "end=\"the game is still going\"\n", g);
	ck_assert(strncmp(out, want, strlen(want)) == 0);
	ck_assert(strstr(out, "2 files, 2 games, 6 moves; results: * 1, ? 1\n") != NULL);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "-f", "json", g, NULL }, NULL, &out, NULL), 0);
	ck_assert(strstr(out, "\"black_captures\":1,") != NULL);
	ck_assert(strstr(out, "{\"summary\":{\"files\":1,\"games\":1,\"moves\":5,"
	                      "\"errors\":0,\"results\":{\"*\":1}}}\n") != NULL);
	free(out);
	free(g);
	free(bad);
}
END_TEST

Suite *
cli_batch_suite(void)
{
	Suite *s = suite_create("cli-batch");
	TCase *tc = tcase_create("batch");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, lint_reports_style);
	tcase_add_test(tc, fmt_rewrites_to_the_canonical_form);
	tcase_add_test(tc, fmt_diff_applies_with_git);
	tcase_add_test(tc, lint_fix_is_fmt);
	tcase_add_test(tc, jobs_keep_the_order);
	tcase_add_test(tc, folders_in_byte_order);
	tcase_add_test(tc, include_and_exclude);
	tcase_add_test(tc, stats_per_game_and_totals);
	suite_add_tcase(s, tc);
	return s;
}
