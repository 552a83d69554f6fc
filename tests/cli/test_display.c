/*
 * For people at a terminal and for runs that should end early: --context
 * (the line and a caret), --color, --stop and --max-warnings.
 */
/* asprintf is a GNU extension. */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/support.h"

static const char *const legal_umla = "[Result \"*\"]\n1B>1 1W>2\n";
static const char *const illegal_umla = "1B>1 1B>2\n";
/* Legal, with one style finding (a plain point among padded ones). */
static const char *const mixed_umla = "1B>01 1W>2\n";

START_TEST(context_shows_the_line_and_a_caret)
{
	char *bad = ts_in_dir("bad.umla", "[Result \"*\"]\n1B>1\t1W>2  2B>1\n");
	char *out;
	int rc = ts_run((const char *[]){ "check", "--context", bad, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 1);
	/* A tab is one column; the caret line repeats it to stay aligned. */
	char *want;
	ck_assert(asprintf(&want, "%s:2:12: error: '2B>1': point 1 is already "
	          "taken by a Black cow [occupied-destination]\n"
	          "    2 | 1B>1\t1W>2  2B>1\n"
	          "      |     \t      ^~~~\n", bad) > 0);
	ck_assert_str_eq(out, want);
	free(want);
	free(out);
	/* A line that fits in 100 columns is shown whole, wherever the caret. */
	char *fits = ts_in_dir("fits.umla", "B>1                                    "
	                       "                                         W>1\n");
	rc = ts_run((const char *[]){ "check", "--context", fits, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 1);
	ck_assert_msg(strstr(out, "\n    1 | B>1 ") != NULL &&
	              strstr(out, " W>1\n      | ") != NULL &&
	              strstr(out, "...") == NULL, "%s", out);
	free(out);
	free(fits);
	/* A span that goes on to a later line is marked to this line's end. */
	char *split = ts_in_dir("split.umla", "B>5 W>6 B>7 W>8 B>10 W>9 B>11 W>12 "
	                        "B>\n 13\n <6\n");
	rc = ts_run((const char *[]){ "check", "--context", split, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 1);
	ck_assert_msg(strstr(out, "\n    1 | B>5 W>6 B>7 W>8 B>10 W>9 B>11 W>12 B>\n"
	                 "      |                                    ^~\n") != NULL,
	              "%s", out);
	free(out);
	free(split);
	/* Without --context, the line alone. */
	rc = ts_run((const char *[]){ "check", bad, NULL }, NULL, &out, NULL);
	ck_assert_int_eq((int)(strchr(out, '\n') - out) + 1, (int)strlen(out));
	free(out);
	free(bad);
}
END_TEST

/* Every game's lines: backgammon's CR-only line ends, Bao's records. */
START_TEST(context_follows_each_games_lines)
{
	char *bg = ts_in_dir("cr.bg", "\xEF\xBB\xBF 5 point match\r\r Game 1\r"
	                     " Ines : 0\tTariq : 0\r  1) 4-1: 24/23 13/9\t5-4: 24/15\r"
	                     "  2) 5-4: 24/19 8/4\t6-4: 15/9 13/9\r");
	char *out;
	int rc = ts_run((const char *[]){ "check", "--context", bg, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 1);
	ck_assert_msg(strstr(out, ":6:6: error: '5-4: 24/19 8/4'") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "\n    6 |   2) 5-4: 24/19 8/4\t6-4: 15/9 13/9\n"
	                 "      |      ^~~~~~~~~~~~~~\n") != NULL, "%s", out);
	free(out);
	/* CR LF: the CR is no part of the line shown; the BOM takes no column. */
	char *crlf = ts_in_dir("crlf.umla", "\xEF\xBB\xBF" "1B>1 1W>1\r\n");
	rc = ts_run((const char *[]){ "check", "--context", crlf, NULL }, NULL, &out, NULL);
	ck_assert_msg(strstr(out, ":1:6: error: ") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "\n    1 | 1B>1 1W>1\n      |      ^~~~\n") != NULL,
	              "%s", out);
	free(out);
	char *bao = ts_in_dir("bad.bao", "1. A6>* a6>* 2. A7<* a7> 3. A3> *\n");
	rc = ts_run((const char *[]){ "check", "--context", bao, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 1);
	ck_assert_msg(strstr(out, "\n    1 | 1. A6>* a6>* 2. A7<* a7> 3. A3> *\n"
	                 "      |                      ^~~\n") != NULL, "%s", out);
	free(out);
	free(bg);
	free(crlf);
	free(bao);
}
END_TEST

/*
 * What a record holds is shown safely: control bytes and bytes that are
 * not UTF-8 as '?', valid UTF-8 as it is, and a long line cut around the
 * caret.
 */
START_TEST(context_shows_lines_safely)
{
	char text[600];
	snprintf(text, sizeof text, "[Result \"*\"]\n1B>1 1W>2%300s1W>3 \x1B[31m\xC3\xA9\xFF\n", "");
	char *bad = ts_in_dir("long.umla", text);
	char *out;
	int rc = ts_run((const char *[]){ "check", "--context", bad, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 1);
	ck_assert_msg(strchr(out, '\x1B') == NULL, "%s", out);
	/* The first finding, at column 310: forty columns before it are shown. */
	ck_assert_msg(strstr(out, ":2:310: ") != NULL, "%s", out);
	char *want;
	ck_assert(asprintf(&want, "\n    2 | ...%40s1W>3 ?[31m\xC3\xA9?\n"
	                   "      |    %40s^~~~\n", "", "") > 0);
	ck_assert_msg(strstr(out, want) != NULL, "%s", out);
	free(want);
	free(out);
	free(bad);
}
END_TEST

/*
 * A stray UTF-8 continuation byte (no lead byte before it) is a column of
 * its own, shown as '?', in every game's columns and in the context line;
 * one after a lead byte or another continuation byte takes none.
 */
START_TEST(stray_continuation_bytes_take_a_column)
{
	static const struct {
		const char *name, *text, *where, *line;
	} cases[] = {
		{ "s.umla", "B>1 \xBB\xBF W>x\n", ":1:7: ", "    1 | B>1 ? W>x\n      |       ^~~\n" },
		{ "s.bao", "1. A6>* \xA9 a6>* 2. C6>\n", ":1:9: ", "    1 | 1. A6>* ? a6>* 2. C6>\n      |         ^\n" },
		{ "t.umla", "B>1 \xC3\xA9\xA9 W>x\n", ":1:5: ", "    1 | B>1 \xC3\xA9 W>x\n      |     ^\n" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *f = ts_in_dir(cases[i].name, cases[i].text);
		char *out;
		ck_assert_int_eq(ts_run((const char *[]){ "check", "--context", f, NULL }, NULL, &out, NULL), 1);
		ck_assert_msg(strstr(out, cases[i].where) != NULL, "%zu: %s", i, out);
		ck_assert_msg(strstr(out, cases[i].line) != NULL, "%zu: %s", i, out);
		free(out);
		free(f);
	}
}
END_TEST

/* Every line of a file is found, in any order the findings come. */
START_TEST(context_finds_every_line)
{
	/* One wrong move number on each of many lines, long enough to cross
	 * the 64 KB chunks the lines are read in. */
	size_t lines = 3000, size = lines * 80 + 64;
	char *text = malloc(size), *p = text;
	p += sprintf(p, "[Result \"*\"]\n");
	for (size_t i = 0; i < lines; i++)
		p += sprintf(p, "; %060zu\n%s\n", i, i == 0 ? "1B>1 1W>2" : "");
	p += sprintf(p, "9B>3\n");
	char *file = ts_in_dir("many.umla", text);
	char *out;
	int rc = ts_run((const char *[]){ "check", "--context", file, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 1);
	char *want;
	ck_assert(asprintf(&want, "\n %lu | 9B>3\n", (unsigned long)(2 * lines + 2)) > 0);
	ck_assert_msg(strstr(out, want) != NULL, "%s", out);
	free(want);
	free(out);
	free(text);
	free(file);
	/* Backgammon's mixed dice are reported at the end, of an earlier line. */
	char *bg = ts_in_dir("mixed.bg", " 5 point match\n\n Game 1\n"
	                     " Ines : 0                       Tariq : 0\n"
	                     "  1) 41: 24/23 13/9              5-4: 24/15\n"
	                     "  2) 5-4: 24/19 8/4              6-4: 15/9 13/9\n");
	rc = ts_run((const char *[]){ "lint", "--context", bg, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 1);
	const char *six = strstr(out, "\n    6 |   2) 5-4: 24/19 8/4 ");
	const char *five = strstr(out, "\n    5 |   1) 41: 24/23 13/9 ");
	ck_assert_msg(six != NULL && five != NULL && six < five, "%s", out);
	free(out);
	free(bg);
}
END_TEST

/* The same with -j: the lines are read again once each file is checked. */
START_TEST(context_with_jobs)
{
	free(ts_in_dir("a.umla", illegal_umla));
	free(ts_in_dir("b.umla", legal_umla));
	free(ts_in_dir("c.bao", "1. A6>* a6>* 2. A7<* a7> 3. A3> *\n"));
	char *one;
	int rc1 = ts_run((const char *[]){ "check", "--context", "-r", ts_dir(), NULL }, NULL, &one, NULL);
	char *two;
	int rc2 = ts_run((const char *[]){ "check", "--context", "-j", "2", "-r", ts_dir(), NULL }, NULL, &two, NULL);
	ck_assert_int_eq(rc1, 1);
	ck_assert_int_eq(rc2, 1);
	ck_assert_str_eq(one, two);
	ck_assert_msg(strstr(one, "    1 | 1B>1 1B>2\n      |      ^~~~\n") != NULL, "%s", one);
	ck_assert_msg(strstr(one, "      |                      ^~~\n") != NULL, "%s", one);
	free(one);
	free(two);
}
END_TEST

/*
 * Standard input that a shell has read part of ({ read title; notate
 * check -; } < FILE): its lines are counted, and shown, from where notate
 * began to read.
 */
START_TEST(context_of_standard_input_read_in_part)
{
	char *file = ts_in_dir("titled.umla", "Club night\n1B>1 1B>2\n");
	char *outpath = ts_in_dir("out.txt", NULL);
	int in = open(file, O_RDONLY);
	ck_assert_int_ge(in, 0);
	ck_assert_int_eq(lseek(in, 11, SEEK_SET), 11);
	int out = open(outpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(out, 0);
	const char *bin = getenv("NOTATE") ? getenv("NOTATE") : "build/notate";
	pid_t pid = fork();
	if (pid == 0) {
		dup2(in, 0);
		dup2(out, 1);
		execl(bin, bin, "check", "-g", "umlabalaba", "--context", "-", (char *)NULL);
		_exit(127);
	}
	int status;
	waitpid(pid, &status, 0);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 1);
	/* Read to its end, as a reader after notate expects. */
	ck_assert_int_eq(lseek(in, 0, SEEK_CUR), 21);
	close(in);
	close(out);
	char *text = ts_read_file(outpath, NULL);
	ck_assert_str_eq(text, "<stdin>:1:6: error: '1B>2': it is White's turn "
	                 "[wrong-player-to-move]\n    1 | 1B>1 1B>2\n      |      ^~~~\n");
	free(text);
	free(outpath);
	free(file);
}
END_TEST

/*
 * Standard input from a file is shown; a pipe cannot be read twice, so
 * there the diagnostic line stands alone.
 */
START_TEST(context_needs_a_file)
{
	char *out;
	int rc = ts_run((const char *[]){ "check", "-g", "umlabalaba", "--context", "-", NULL },
	                illegal_umla, &out, NULL);
	ck_assert_int_eq(rc, 1);
	ck_assert_str_eq(out, "<stdin>:1:6: error: '1B>2': it is White's turn "
	                 "[wrong-player-to-move]\n    1 | 1B>1 1B>2\n      |      ^~~~\n");
	free(out);
	char *fifo = ts_in_dir("pipe.umla", NULL);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	pid_t writer = fork();
	if (writer == 0) {
		int fd = open(fifo, O_WRONLY);
		if (write(fd, illegal_umla, strlen(illegal_umla)) < 0)
			_exit(1);
		close(fd);
		_exit(0);
	}
	rc = ts_run((const char *[]){ "check", "--context", fifo, NULL }, NULL, &out, NULL);
	waitpid(writer, NULL, 0);
	ck_assert_int_eq(rc, 1);
	ck_assert_msg(strstr(out, ": error: '1B>2'") != NULL, "%s", out);
	ck_assert_msg(strstr(out, " | ") == NULL, "%s", out);
	free(out);
	free(fifo);
	/* Nor is there context in JSON, SARIF or GitHub output. */
	char *bad = ts_in_dir("bad.umla", illegal_umla);
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--context", "-f", "json", bad, NULL },
	                 NULL, &out, &err), 3);
	ck_assert_msg(strstr(err, "--context is for the gnu format") != NULL, "%s", err);
	free(out);
	free(err);
	free(bad);
}
END_TEST

START_TEST(color_when_asked)
{
	char *bad = ts_in_dir("bad.umla", illegal_umla);
	char *out;
	int rc = ts_run((const char *[]){ "check", "--color=always", "--context", bad, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 1);
	char *want;
	ck_assert(asprintf(&want, "\033[1m%s:1:6:\033[0m \033[1;31merror:\033[0m "
	          "'1B>2': it is White's turn \033[1;31m[wrong-player-to-move]\033[0m\n"
	          "    1 | 1B>1 1B>2\n      |      \033[1;32m^~~~\033[0m\n", bad) > 0);
	ck_assert_str_eq(out, want);
	free(want);
	free(out);
	/* --color alone is always; a warning is magenta, style cyan. */
	char *mixed = ts_in_dir("mixed.umla", mixed_umla);
	ts_run((const char *[]){ "lint", "--color", mixed, NULL }, NULL, &out, NULL);
	ck_assert_msg(strstr(out, "\033[1;36mstyle:\033[0m") != NULL, "%s", out);
	free(out);
	/* auto: a pipe is no terminal.  never: never. */
	const char *const plain[] = { "--color=auto", "--color=never" };
	for (int i = 0; i < 2; i++) {
		rc = ts_run((const char *[]){ "check", plain[i], bad, NULL }, NULL, &out, NULL);
		ck_assert_int_eq(rc, 1);
		ck_assert_msg(strchr(out, '\033') == NULL, "%s", plain[i]);
		free(out);
	}
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--color=yes", bad, NULL },
	                 NULL, NULL, NULL), 3);
	free(bad);
	free(mixed);
}
END_TEST

/* --stop: the run ends at the first file with findings, -j or not. */
START_TEST(stop_at_the_first_file_with_findings)
{
	free(ts_in_dir("a.umla", legal_umla));
	free(ts_in_dir("b.umla", illegal_umla));
	free(ts_in_dir("c.umla", illegal_umla));
	free(ts_in_dir("d.umla", legal_umla));
	const char *const jobs[] = { "1", "2", "3" };
	for (int k = 0; k < 3; k++) {
		char *out;
		int rc = ts_run((const char *[]){ "check", "--stop", "--summary", "-v", "-j", jobs[k],
		                "-r", ts_dir(), NULL }, NULL, &out, NULL);
		ck_assert_int_eq(rc, 1);
		ck_assert_msg(strstr(out, "a.umla: umlabalaba: legal") != NULL, "%s", out);
		ck_assert_msg(strstr(out, "b.umla:1:6: error:") != NULL, "%s", out);
		ck_assert_msg(strstr(out, "c.umla") == NULL, "-j %s: %s", jobs[k], out);
		ck_assert_msg(strstr(out, "d.umla") == NULL, "-j %s: %s", jobs[k], out);
		ck_assert_msg(strstr(out, "\n2 files, 2 games,") != NULL, "%s", out);
		free(out);
	}
	/* Files named one by one stop too; a clean run checks them all. */
	char *b = ts_in_dir("b.umla", NULL), *a = ts_in_dir("a.umla", NULL);
	char *out;
	int rc = ts_run((const char *[]){ "check", "--stop", "--summary", b, a, NULL }, NULL, &out, NULL);
	ck_assert_msg(strstr(out, "\n1 file, ") != NULL, "%s", out);
	free(out);
	rc = ts_run((const char *[]){ "check", "--stop", "--summary", a, a, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 0);
	ck_assert_str_eq(out, "2 files, 2 games, 4 moves, 0 errors, 0 warnings, "
	                 "0 style findings\n");
	free(out);
	/* What counts is what sets the exit status: style findings for lint. */
	char *mixed = ts_in_dir("mixed.umla", mixed_umla);
	rc = ts_run((const char *[]){ "lint", "--stop", "--summary", mixed, a, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 1);
	ck_assert_msg(strstr(out, "\n1 file, ") != NULL, "%s", out);
	free(out);
	rc = ts_run((const char *[]){ "check", "--stop", "--summary", mixed, a, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 0);
	free(out);
	free(a);
	free(b);
	free(mixed);
}
END_TEST

/* --max-warnings N: warnings fail the run only past N, in all files. */
START_TEST(max_warnings_counts_the_run)
{
	char *mixed = ts_in_dir("mixed.umla", mixed_umla);
	char *legal = ts_in_dir("legal.umla", legal_umla);
	char *bad = ts_in_dir("bad.umla", illegal_umla);
	int rc;
	char *out, *err;
	/* lint counts style findings; with --max-warnings only past N. */
	rc = ts_run((const char *[]){ "lint", "--max-warnings", "1", mixed, legal, NULL }, NULL, &out, &err);
	ck_assert_int_eq(rc, 0);
	ck_assert_str_eq(err, "");
	free(out);
	free(err);
	rc = ts_run((const char *[]){ "lint", "--max-warnings=1", mixed, mixed, NULL }, NULL, &out, &err);
	ck_assert_int_eq(rc, 1);
	ck_assert_str_eq(err, "notate: 2 warnings, more than --max-warnings 1 allows\n");
	free(out);
	free(err);
	/* check does not count warnings, unless --max-warnings says so. */
	char *no_result = ts_in_dir("no-result.bao", "1. A6>* a6>*\n");
	rc = ts_run((const char *[]){ "check", no_result, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 0);
	ck_assert_msg(strstr(out, "warning: ") != NULL, "%s", out);
	free(out);
	rc = ts_run((const char *[]){ "check", "--max-warnings", "0", no_result, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 1);
	free(out);
	free(no_result);
	/* What -W hides is not counted. */
	rc = ts_run((const char *[]){ "lint", "-W", "error", "--max-warnings", "0", mixed, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 0);
	free(out);
	/* Errors fail the run whatever the limit. */
	rc = ts_run((const char *[]){ "lint", "--max-warnings", "5", bad, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(rc, 1);
	free(out);
	/* -q: the status only. */
	rc = ts_run((const char *[]){ "lint", "-q", "--max-warnings", "0", mixed, NULL }, NULL, &out, &err);
	ck_assert_int_eq(rc, 1);
	ck_assert_str_eq(out, "");
	ck_assert_str_eq(err, "");
	free(out);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "--max-warnings", "-1", mixed, NULL },
	                 NULL, NULL, NULL), 3);
	free(mixed);
	free(legal);
	free(bad);
}
END_TEST

Suite *
cli_display_suite(void)
{
	Suite *s = suite_create("cli-display");
	TCase *tc = tcase_create("display");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, context_shows_the_line_and_a_caret);
	tcase_add_test(tc, context_follows_each_games_lines);
	tcase_add_test(tc, context_shows_lines_safely);
	tcase_add_test(tc, stray_continuation_bytes_take_a_column);
	tcase_add_test(tc, context_finds_every_line);
	tcase_add_test(tc, context_with_jobs);
	tcase_add_test(tc, context_needs_a_file);
	tcase_add_test(tc, context_of_standard_input_read_in_part);
	tcase_add_test(tc, color_when_asked);
	tcase_add_test(tc, stop_at_the_first_file_with_findings);
	tcase_add_test(tc, max_warnings_counts_the_run);
	suite_add_tcase(s, tc);
	return s;
}
