/*
 * Diagnostics for machines (-f json|sarif|github) and the -W level.
 * The SARIF logs are checked by two real consumers (tools/sarif/check.sh):
 * the SARIF 2.1.0 schema through ajv, and Microsoft's SARIF Multitool.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "support/support.h"

/*
 * convert --to json, for every game: an object per game (JSON Lines) with
 * its moves as the replay accepted them and, apart, the figures of stats.
 * A record with an error is not converted, as by every other form.
 */
START_TEST(convert_to_json_for_every_game)
{
	char *um = ts_in_dir("j.umla", "B>1 W>2\n");
	char *bao = ts_in_dir("j.bao", "1. A6<* a5> *\n");
	char *mat = ts_in_dir("j.mat", " 3 point match\n\n Game 1\n"
	                      " Ann : 0                        Ben : 0\n"
	                      "  1) 62: 24/18 13/11             61: 13/7* 8/7\n"
	                      "\n Game 2\n Ann : 0                        Ben : 0\n");
	char *out, want[2048];
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "json", um, NULL }, NULL, &out, NULL), 0);
	snprintf(want, sizeof want, "{\"file\":\"%s\",\"game\":1,\"moves\":["
	         "{\"index\":1,\"side\":\"Black\",\"move\":\"B>1\",\"line\":1,\"column\":1},"
	         "{\"index\":2,\"side\":\"White\",\"move\":\"W>2\",\"line\":1,\"column\":5}],"
	         "\"figures\":{\"result\":\"*\",\"moves\":2,", um);
	ck_assert_msg(strncmp(out, want, strlen(want)) == 0, "%s", out);
	ck_assert_str_eq(out + strlen(out) - 4, "\"}}\n");
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "json", bao, NULL }, NULL, &out, NULL), 0);
	snprintf(want, sizeof want, "{\"file\":\"%s\",\"game\":1,\"moves\":["
	         "{\"index\":1,\"side\":\"South\",\"move\":\"A6<*\",\"line\":1,\"column\":4},"
	         "{\"index\":2,\"side\":\"North\",\"move\":\"a5>\",\"line\":1,\"column\":9}],"
	         "\"figures\":{\"result\":\"*\",", bao);
	ck_assert_msg(strncmp(out, want, strlen(want)) == 0, "%s", out);
	free(out);
	/* Two games, two lines; a game without a move has an empty list. */
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "json", mat, NULL }, NULL, &out, NULL), 0);
	snprintf(want, sizeof want, "{\"file\":\"%s\",\"game\":1,\"moves\":["
	         "{\"index\":1,\"side\":\"Ann\",\"move\":\"62: 24/18 13/11\",\"line\":5,\"column\":6},"
	         "{\"index\":2,\"side\":\"Ben\",\"move\":\"61: 13/7* 8/7\",\"line\":5,\"column\":34}],"
	         "\"figures\":{\"result\":\"unfinished\",\"actions\":2,", mat);
	ck_assert_msg(strncmp(out, want, strlen(want)) == 0, "%s", out);
	const char *second = strchr(out, '\n');
	ck_assert_ptr_nonnull(second);
	snprintf(want, sizeof want, "{\"file\":\"%s\",\"game\":2,\"moves\":[],"
	         "\"figures\":{\"result\":\"unfinished\",\"actions\":0,", mat);
	ck_assert_msg(strncmp(second + 1, want, strlen(want)) == 0, "%s", second + 1);
	ck_assert_ptr_null(strchr(strchr(second + 1, '\n') + 1, '\n'));
	free(out);
	/* Not converted: an error. */
	char *bad = ts_in_dir("bad.umla", "B>1 B>2\n");
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "json", bad, NULL }, NULL, &out, NULL), 1);
	ck_assert_str_eq(out, "");
	free(out);
	/* JSON never replaces a record. */
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "json", "-i", um, NULL }, NULL, NULL, &err), 3);
	ck_assert(strstr(err, "--in-place does not take --to json") != NULL);
	free(err);
	size_t len;
	char *kept = ts_read_file(um, &len);
	ck_assert_str_eq(kept, "B>1 W>2\n");
	free(kept);
	/* notate games names the form for every game. */
	ck_assert_int_eq(ts_run((const char *[]){ "games", NULL }, NULL, &out, NULL), 0);
	ck_assert(strstr(out, "forms: mat sheet sgf json\n") != NULL);
	ck_assert(strstr(out, "forms: bao json\n") != NULL);
	ck_assert(strstr(out, "forms: electronic plain pgn json\n") != NULL);
	free(out);
	free(bad);
	free(mat);
	free(bao);
	free(um);
}
END_TEST

START_TEST(json_lines_with_a_summary)
{
	char *bad = ts_in_dir("bad.umla", "B>1 B>2\n");
	char *ok = ts_in_dir("ok.umla", "B>1\n");
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-f", "json", bad, ok, NULL }, NULL, &out, NULL), 1);
	char want[1024];
	snprintf(want, sizeof want, "{\"file\":\"%s\",\"line\":1,\"column\":5,"
	         "\"endLine\":1,\"endColumn\":7,\"severity\":\"error\",\"code\":"
	         "\"wrong-player-to-move\",\"message\":\"'B>2': it is White's turn\","
	         "\"game\":1,\"move\":2}\n{\"summary\":{\"files\":2,\"games\":2,"
	         "\"moves\":2,\"errors\":1,\"warnings\":0,\"style\":0,\"ignored\":0,"
	         "\"skipped\":0,\"skipped_other_game\":0,\"unreadable\":0}}\n", bad);
	ck_assert_str_eq(out, want);
	free(out);
	/* An input that cannot be read has an object of its own, in its turn. */
	char *missing = ts_in_dir("missing.umla", NULL);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-f", "json", missing, ok, NULL }, NULL, &out, NULL), 2);
	snprintf(want, sizeof want, "{\"file\":\"%s\",\"unreadable\":\"No such file "
	         "or directory\"}\n{\"summary\":{\"files\":1,\"games\":1,"
	         "\"moves\":1,\"errors\":0,\"warnings\":0,\"style\":0,\"ignored\":0,"
	         "\"skipped\":0,\"skipped_other_game\":0,\"unreadable\":1}}\n", missing);
	ck_assert_str_eq(out, want);
	free(out);
	free(missing);
	/* Quotes and control bytes in messages are escaped. */
	char *q = ts_in_dir("q\".umla", "B>1 \x01\n");
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--format=json", q, NULL }, NULL, &out, NULL), 1);
	ck_assert(strstr(out, "q\\\".umla") != NULL);
	ck_assert(strstr(out, "\\\\x01") != NULL);
	free(out);
	free(q);
	free(bad);
	free(ok);
}
END_TEST

START_TEST(github_workflow_commands)
{
	char *bad = ts_in_dir("b,a%d.umla", "B>1 B>2\n");
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-f", "github", bad, NULL }, NULL, &out, NULL), 1);
	char want[1024];
	snprintf(want, sizeof want, "::error file=%s/b%%2Ca%%25d.umla,line=1,col=5,"
	         "endLine=1,endColumn=7,title=wrong-player-to-move::'B>2': it is "
	         "White's turn [wrong-player-to-move]\n", ts_dir());
	ck_assert_str_eq(out, want);
	free(out);
	/* An input that cannot be read is an error annotation on it. */
	char *missing = ts_in_dir("missing.umla", NULL);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-f", "github", missing, NULL }, NULL, &out, NULL), 2);
	snprintf(want, sizeof want, "::error file=%s::notate: cannot read it: No such "
	         "file or directory\n", missing);
	ck_assert_str_eq(out, want);
	free(out);
	free(missing);
	free(bad);
}
END_TEST

START_TEST(github_caps_annotations)
{
	/* Twelve files with an error each: ten annotations, then plain lines. */
	char name[32];
	const char *argv[20] = { "check", "-f", "github" };
	char *paths[12];
	for (int i = 0; i < 12; i++) {
		snprintf(name, sizeof name, "f%02d.umla", i);
		paths[i] = ts_in_dir(name, "B>1 B>2\n");
		argv[3 + i] = paths[i];
	}
	argv[15] = NULL;
	char *out;
	ck_assert_int_eq(ts_run(argv, NULL, &out, NULL), 1);
	ck_assert(strstr(out, "\n::notice::notate: 2 more diagnostics are written "
	                 "as plain lines above\n") != NULL);
	int annotations = 0, plain = 0;
	for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
		annotations += strncmp(line, "::error ", 8) == 0;
		plain += strstr(line, ": error: ") != NULL;
	}
	ck_assert_int_eq(annotations, 10);
	ck_assert_int_eq(plain, 2);
	free(out);
	for (int i = 0; i < 12; i++)
		free(paths[i]);
}
END_TEST

/* Each level has its own ten: style notices do not use up the warnings'. */
START_TEST(github_caps_each_level)
{
	/* Eleven files with a style finding each, then one with a warning
	   (and, but for --ignore, the layout findings of its hand-made
	   lines). */
	const char *argv[20] = { "lint", "-f", "github", "--ignore", "bg-layout" };
	char *paths[12];
	char name[32];
	for (int i = 0; i < 11; i++) {
		snprintf(name, sizeof name, "f%02d.umla", i);
		paths[i] = ts_in_dir(name, "1B>01 1W>2\n");
		argv[5 + i] = paths[i];
	}
	paths[11] = ts_in_dir("forfeit.mat",
		"5 point match\n\n Game 1\n lasse : 0                       "
		"eighttimez8 : 0\n  1) 61: 13/7 8/7                 Losses 5 point\n"
		"\n      Wins 5 point and the match\n");
	argv[16] = paths[11];
	argv[17] = NULL;
	char *out;
	ck_assert_int_eq(ts_run(argv, NULL, &out, NULL), 1);
	/* The notices are used up, so the closing note is a plain line. */
	ck_assert(strstr(out, "\nnotate: 1 more diagnostics are written as plain "
	                 "lines above\n") != NULL);
	ck_assert(strstr(out, "::notice::") == NULL);
	int notices = 0, warnings = 0, plain = 0;
	for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
		notices += strncmp(line, "::notice file=", 14) == 0;
		warnings += strncmp(line, "::warning file=", 15) == 0;
		plain += strstr(line, ": style: ") != NULL;
	}
	ck_assert_int_eq(notices, 10);
	ck_assert_int_eq(plain, 1);
	ck_assert_int_eq(warnings, 1);
	free(out);
	for (int i = 0; i < 12; i++)
		free(paths[i]);
}
END_TEST

/* --summary is one line of files, games, moves, errors and warnings with
 * -f github too (it lacked games and moves). */
START_TEST(github_summary_line)
{
	char *bad = ts_in_dir("bad.umla", "B>1 B>2\n");
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-f", "github", "--summary", bad, NULL }, NULL, &out, NULL), 1);
	char *last = strrchr(out, '\n');
	ck_assert_ptr_nonnull(last);
	*last = '\0';
	last = strrchr(out, '\n');
	ck_assert_str_eq(last ? last + 1 : out, "1 file, 1 game, 1 move, 1 error, 0 warnings, "
	                 "0 style findings");
	free(out);
	/* convert and fmt close their diagnostics (standard error) alike. */
	char *good = ts_in_dir("good.umla", "B>1 W>2\n");
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "electronic", "--summary", good, NULL },
	                        NULL, &out, &err), 0);
	ck_assert_str_eq(out, "B>01 W>02\n");
	ck_assert_str_eq(err, "1 file, 1 game, 2 moves, 0 errors, 0 warnings, 0 style "
	                 "findings\n");
	free(out);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "--check", "--summary", good, NULL },
	                        NULL, NULL, &err), 0);
	ck_assert_str_eq(err, "1 file, 1 game, 2 moves, 0 errors, 0 warnings, 0 style "
	                 "findings\n");
	free(err);
	free(good);
	free(bad);
}
END_TEST

START_TEST(severity_level)
{
	char *bad = ts_in_dir("bad.umla", "B>1 B>2\n");
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-W", "error", bad, NULL }, NULL, &out, NULL), 1);
	ck_assert(strstr(out, "wrong-player-to-move") != NULL);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-W", "loud", bad, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-f", "xml", bad, NULL }, NULL, NULL, NULL), 3);
	free(bad);
}
END_TEST

/* Runs tools/sarif/check.sh on FILES; returns its exit status. */
static int
sarif_check(const char *files)
{
	char cmd[4096];
	snprintf(cmd, sizeof cmd, "sh tools/sarif/check.sh %s >&2", files);
	int st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void
sarif_for(const char *const argv[], const char *path)
{
	char *out;
	ts_run(argv, NULL, &out, NULL);
	ck_assert_int_eq(ts_write_file(path, out, strlen(out)), 0);
	free(out);
}

START_TEST(sarif_logs_are_valid)
{
	char *bad = ts_in_dir("bad file é.umla", "B>1 B>2\n");
	char *junk = ts_in_dir("junk.umla", "\"quoted\" {\n");
	char *ok = ts_in_dir("ok.umla", "B>1\n");
	/* A binary record's place: a logical location, no region. */
	char *xg = ts_in_dir("bad.xg", "PK\003\004");
	char *log;
	char one[600], many[600], none[600], broken[600];
	snprintf(one, sizeof one, "%s/one.sarif", ts_dir());
	snprintf(many, sizeof many, "%s/many.sarif", ts_dir());
	snprintf(none, sizeof none, "%s/none.sarif", ts_dir());
	snprintf(broken, sizeof broken, "%s/broken.sarif", ts_dir());
	sarif_for((const char *[]){ "check", "-f", "sarif", bad, NULL }, one);
	/* With an input that cannot be read: named in the invocation. */
	char *missing = ts_in_dir("missing.umla", NULL);
	sarif_for((const char *[]){ "check", "-f", "sarif", bad, junk, missing, ok, xg, NULL }, many);
	log = ts_read_file(many, NULL);
	ck_assert(strstr(log, "\"invocations\":[{\"executionSuccessful\":false,"
	                 "\"toolExecutionNotifications\":[{\"level\":\"error\","
	                 "\"message\":{\"text\":\"cannot read it: No such file or "
	                 "directory\"}") != NULL);
	ck_assert(strstr(log, "missing.umla\"}}}]}],\"properties\":{\"unreadable\":1}}]") != NULL);
	ck_assert(strstr(log, "bad.xg\"}},\"logicalLocations\":[{\"name\":\"byte 0\"}]}]") != NULL);
	free(log);
	free(missing);
	sarif_for((const char *[]){ "check", "-f", "sarif", ok, NULL }, none);
	log = ts_read_file(none, NULL);
	ck_assert(strstr(log, "\"invocations\":[{\"executionSuccessful\":true,"
	                 "\"properties\":{\"unreadable\":0}}]") != NULL);
	free(log);
	/* A control: a log without its tool must be refused by the checkers. */
	const char *no_tool = "{\"version\":\"2.1.0\",\"runs\":[{\"results\":[]}]}";
	ck_assert_int_eq(ts_write_file(broken, no_tool, strlen(no_tool)), 0);
	char files[2400];
	snprintf(files, sizeof files, "'%s' '%s' '%s'", one, many, none);
	int rc = sarif_check(files);
	if (rc == 77) {
		/* Loud, and an error where the checkers must be present (CI). */
		fprintf(stderr, "SKIPPED: sarif_logs_are_valid: SARIF checkers not "
		        "installed (sh tools/sarif/install.sh)\n");
		ck_assert_msg(getenv("NT_REQUIRE_SARIF") == NULL,
		              "NT_REQUIRE_SARIF is set but the checkers are missing");
	} else {
		ck_assert_int_eq(rc, 0);
		snprintf(files, sizeof files, "'%s'", broken);
		ck_assert_int_eq(sarif_check(files), 1);
	}
	free(bad);
	free(junk);
	free(ok);
	free(xg);
}
END_TEST

/* JSON is UTF-8: a file name that is not stays valid JSON (U+FFFD for the
 * stray byte), and one that is passes through unchanged. */
START_TEST(json_survives_any_file_name)
{
	char *odd = ts_in_dir("b\xff\xc3.umla", "1B>1 1B>2\n");
	char *fine = ts_in_dir("\xc3\xa9.umla", "1B>1 1B>2\n");
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-f", "json", odd, fine, NULL }, NULL, &out, NULL), 1);
	ck_assert(strstr(out, "b\\ufffd\\ufffd.umla\",\"line\":1") != NULL);
	ck_assert(strstr(out, "/\xc3\xa9.umla\",\"line\":1") != NULL);
	ck_assert(strchr(out, '\xff') == NULL);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "-f", "json", odd, NULL }, NULL, &out, NULL), 1);
	ck_assert(strstr(out, "b\\ufffd\\ufffd.umla\",\"game\":1") != NULL);
	ck_assert(strchr(out, '\xff') == NULL);
	free(out);
	free(odd);
	free(fine);
}
END_TEST

Suite *
cli_formats_suite(void)
{
	Suite *s = suite_create("cli-formats");
	TCase *tc = tcase_create("formats");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, json_lines_with_a_summary);
	tcase_add_test(tc, convert_to_json_for_every_game);
	tcase_add_test(tc, github_workflow_commands);
	tcase_add_test(tc, github_caps_annotations);
	tcase_add_test(tc, severity_level);
	tcase_add_test(tc, sarif_logs_are_valid);
	tcase_add_test(tc, json_survives_any_file_name);
	tcase_add_test(tc, github_caps_each_level);
	tcase_add_test(tc, github_summary_line);
	suite_add_tcase(s, tc);
	return s;
}
