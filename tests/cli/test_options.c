/*
 * How options are read and combined: flags take no value, short flags
 * group, options that contradict each other are usage errors, and what
 * --summary counts follows -W.  Umlabalaba records serve as the input.
 */
/* realpath() is XSI. */
#define _DEFAULT_SOURCE
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/support.h"

static const char *const illegal = "1B>1 1B>2\n";

/* A flag given a value is a usage error, not the flag (--quiet=no was quiet). */
START_TEST(flags_take_no_value)
{
	char *bad = ts_in_dir("bad.umla", illegal);
	const char *const flags[] = {
		"--quiet=no", "--verbose=0", "--recursive=no", "--in-place=no",
	};
	for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
		char *out, *err;
		ck_assert_msg(ts_run((const char *[]){ "check", flags[i], bad, NULL },
		              NULL, &out, &err) == 3, "%s", flags[i]);
		ck_assert_str_eq(out, "");
		ck_assert(strstr(err, flags[i]) != NULL);
		free(out);
		free(err);
	}
	free(bad);
}
END_TEST

/* -rv is -r -v, as POSIX utilities group flags; a group with a letter
 * that is not a flag is refused. */
START_TEST(short_flags_group)
{
	char *bad = ts_in_dir("bad.umla", illegal);
	char *ok = ts_in_dir("ok.umla", "[Result \"*\"]\n1B>1 1W>2\n");
	char *out, *want;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", "-v", ts_dir(), NULL }, NULL, &want, NULL), 1);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-rv", ts_dir(), NULL }, NULL, &out, NULL), 1);
	ck_assert(strstr(out, "ok.umla: umlabalaba: legal") != NULL);
	ck_assert_str_eq(out, want);
	free(out);
	free(want);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-vq", bad, NULL }, NULL, &out, NULL), 1);
	ck_assert_str_eq(out, "");
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-vx", bad, NULL }, NULL, NULL, NULL), 3);
	free(bad);
	free(ok);
}
END_TEST

/* --summary counts the findings -W lets through, as the report shows them. */
START_TEST(summary_follows_the_severity_level)
{
	char *mixed = ts_in_dir("mixed.umla", "1B>01 1W>2\n");
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "--summary", mixed, NULL }, NULL, &out, NULL), 1);
	ck_assert(strstr(out, "[mixed-point-forms]\n1 file, 1 game, 2 moves, 0 errors, "
	                 "0 warnings, 1 style finding\n") != NULL);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "--summary", "-W", "error", mixed, NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, "1 file, 1 game, 2 moves, 0 errors, 0 warnings, 0 style findings\n");
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "-f", "json", "-W", "warning", mixed, NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, "{\"summary\":{\"files\":1,\"games\":1,\"moves\":2,"
	                 "\"errors\":0,\"warnings\":0,\"style\":0,\"ignored\":0,"
	                 "\"skipped\":0,\"skipped_other_game\":0,\"unreadable\":0}}\n");
	free(out);
	/* So does the -v line of each file. */
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "-v", mixed, NULL }, NULL, &out, NULL), 1);
	ck_assert(strstr(out, "legal, 1 game, 2 moves, 0 errors, 0 warnings, 1 style finding, result *\n") != NULL);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "-v", "-W", "error", mixed, NULL }, NULL, &out, NULL), 0);
	ck_assert(strstr(out, "legal, 1 game, 2 moves, 0 errors, 0 warnings, 0 style findings, result *\n") != NULL);
	free(out);
	free(mixed);
}
END_TEST

/* fmt --check only tells: with -i it would rewrite, so the pair is refused
 * and the file stays as it was. */
START_TEST(fmt_check_never_writes)
{
	char *mixed = ts_in_dir("mixed.umla", "1B>01 1W>2\n");
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "--check", "-i", mixed, NULL }, NULL, NULL, &err), 3);
	ck_assert(strstr(err, "exclude each other") != NULL);
	free(err);
	char *now = ts_read_file(mixed, NULL);
	ck_assert_str_eq(now, "1B>01 1W>2\n");
	free(now);
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "--check", mixed, NULL }, NULL, NULL, NULL), 1);
	free(mixed);
}
END_TEST

/* show writes its diagnostics to stderr in the -f format: SARIF is one log. */
START_TEST(show_sarif_is_one_log)
{
	char *bad = ts_in_dir("bad.umla", illegal);
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "show", "-f", "sarif", bad, NULL }, NULL, NULL, &err), 1);
	ck_assert_msg(strncmp(err, "{\"$schema\"", 10) == 0, "%s", err);
	ck_assert(strstr(err, "\"ruleId\":\"wrong-player-to-move\"") != NULL);
	ck_assert(strstr(err, "]}}}]}\n") != NULL);
	free(err);
	free(bad);
}
END_TEST

/* A huge -j is as many workers as help, not an allocation failure (4). */
START_TEST(huge_jobs_count)
{
	char *bad = ts_in_dir("bad.umla", illegal);
	char *out, *want;
	ck_assert_int_eq(ts_run((const char *[]){ "check", bad, NULL }, NULL, &want, NULL), 1);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-j", "99999999999", bad, NULL },
	                        NULL, &out, NULL), 1);
	ck_assert_str_eq(out, want);
	free(out);
	/* -j 0 is one job per processor: the same output again. */
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-j", "0", bad, bad, NULL },
	                        NULL, &out, NULL), 1);
	ck_assert_int_eq((int)strlen(out), 2 * (int)strlen(want));
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-j", "-1", bad, NULL },
	                        NULL, NULL, NULL), 3);
	free(want);
	free(bad);
}
END_TEST

/* Options may come before the command too (notate -r -v check DIR), as
 * CLI.md's surface writes them; --help and --version need no command. */
START_TEST(options_before_the_command)
{
	char *bad = ts_in_dir("bad.umla", illegal);
	char *out, *want;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", "-v", "--game", "umlabalaba",
	                 ts_dir(), NULL }, NULL, &want, NULL), 1);
	ck_assert_int_eq(ts_run((const char *[]){ "-r", "--game", "umlabalaba", "check", "-v",
	                 ts_dir(), NULL }, NULL, &out, NULL), 1);
	ck_assert(strstr(out, "bad.umla: umlabalaba: illegal") != NULL);
	ck_assert_str_eq(out, want);
	free(out);
	free(want);
	ck_assert_int_eq(ts_run((const char *[]){ "-v", NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "-v", "frobnicate", bad, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "frobnicate", bad, NULL }, NULL, NULL, NULL), 3);
	/* No command is check, when the first argument names a record. */
	ck_assert_int_eq(ts_run((const char *[]){ bad, "-v", NULL }, NULL, &out, NULL), 1);
	ck_assert_int_eq(ts_run((const char *[]){ "check", bad, "-v", NULL }, NULL, &want, NULL), 1);
	ck_assert_str_eq(out, want);
	free(out);
	free(want);
	ck_assert_int_eq(ts_run((const char *[]){ "-r", "-v", "--game", "umlabalaba", ts_dir(), NULL },
	                 NULL, &out, NULL), 1);
	ck_assert(strstr(out, "bad.umla: umlabalaba: illegal") != NULL);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "--game", "umlabalaba", "-", NULL },
	                 "B>1 W>2\n", NULL, NULL), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--version", NULL }, NULL, &out, NULL), 0);
	ck_assert(strncmp(out, "notate ", 7) == 0);
	free(out);
	free(bad);
}
END_TEST

/* Options that contradict each other are usage errors, not a silent pick.
 * (--strict is backgammon's and --lenient Bao's: together they are fine.) */
START_TEST(contradicting_options)
{
	char *ok = ts_in_dir("ok.umla", "[Result \"*\"]\n1B>1 1W>2\n");
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--move", "1", "--ply", "2", ok, NULL }, NULL, NULL, &err), 3);
	ck_assert(strstr(err, "exclude each other") != NULL);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "plain", "-i", "-o", "x.umla", ok, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "plain", "-i", "-", NULL }, "", NULL, NULL), 3);
	/* An action a command does not take is refused, not silently skipped. */
	const char *const *skipped[] = {
		(const char *[]){ "lint", "-i", ok, NULL },
		(const char *[]){ "check", "--diff", ok, NULL },
		(const char *[]){ "convert", "--to", "plain", "--check", ok, NULL },
		(const char *[]){ "fmt", "--to", "plain", ok, NULL },
		(const char *[]){ "check", "--svg", ok, NULL },
		(const char *[]){ "check", "-f", "tsv", ok, NULL },
	};
	for (size_t i = 0; i < sizeof skipped / sizeof skipped[0]; i++) {
		ck_assert_msg(ts_run(skipped[i], NULL, NULL, &err) == 3, "%s %s",
		              skipped[i][0], skipped[i][1]);
		ck_assert(strstr(err, " is for ") || strstr(err, " are for "));
		free(err);
	}
	/* moves writes text, tsv or json: not diagnostics formats. */
	ck_assert_int_eq(ts_run((const char *[]){ "moves", "--game", "bao", "-f", "sarif", NULL },
	                        NULL, NULL, &err), 3);
	ck_assert(strstr(err, "moves writes text, tsv or json") != NULL);
	free(err);
	/* Standard input twice (with -j, two workers read it at once). */
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-j", "2", "--game", "umlabalaba", "-", "-", NULL },
	                        "B>1 W>2\n", NULL, &err), 3);
	ck_assert(strstr(err, "only once") != NULL);
	free(err);
	free(ok);
}
END_TEST

/* --game auto (CLI.md's default) decides by name, then content, and
 * undoes an earlier --game. */
START_TEST(game_auto)
{
	char *bad = ts_in_dir("bad.umla", illegal);
	char *out, *want;
	ck_assert_int_eq(ts_run((const char *[]){ "check", bad, NULL }, NULL, &want, NULL), 1);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--game", "bao", "--game=auto", bad, NULL },
	                        NULL, &out, NULL), 1);
	ck_assert_str_eq(out, want);
	free(out);
	free(want);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-g", "auto", "-", NULL },
	                        "[Variant \"umlabalaba\"]\nB>1\n", NULL, NULL), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-g", "automatic", bad, NULL }, NULL, NULL, NULL), 3);
	free(bad);
}
END_TEST

/* "--" ends the options: a file whose name starts with '-' is a file;
 * options may also follow the files. */
START_TEST(double_dash_ends_the_options)
{
	char *bad = ts_in_dir("-v.umla", illegal);
	/* A name starting with '-' must be relative: run from the test's
	 * folder, with the binary's path made absolute first. */
	const char *bin = getenv("NOTATE");
	char *abs = realpath(bin != NULL && *bin ? bin : "build/notate", NULL);
	ck_assert_ptr_nonnull(abs);
	ck_assert_int_eq(setenv("NOTATE", abs, 1), 0);
	int here = open(".", O_RDONLY);
	ck_assert_int_eq(chdir(ts_dir()), 0);
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-q", "--", "-v.umla", NULL }, NULL, &out, NULL), 1);
	ck_assert_str_eq(out, "");
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--", "-v.umla", NULL }, NULL, &out, NULL), 1);
	ck_assert(strncmp(out, "-v.umla:1:6: error:", 19) == 0);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-v.umla", NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "./-v.umla", "-q", NULL }, NULL, &out, NULL), 1);
	ck_assert_str_eq(out, "");
	free(out);
	ck_assert_int_eq(fchdir(here), 0);
	close(here);
	if (bin == NULL)
		unsetenv("NOTATE");
	free(abs);
	free(bad);
}
END_TEST

/* -q: the status only; what fmt --check and convert say of a file too. */
START_TEST(quiet_means_the_status_only)
{
	char *messy = ts_in_dir("messy.umla", "B>01 W>2\n");
	char *bad = ts_in_dir("bad.umla", illegal);
	char *out, *err;
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "--check", messy, NULL }, NULL, &out, &err), 1);
	ck_assert(strstr(err, "would be reformatted") != NULL);
	free(out);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "--check", "-q", messy, NULL }, NULL, &out, &err), 1);
	ck_assert_str_eq(out, "");
	ck_assert_str_eq(err, "");
	free(out);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "electronic", "-q", bad, NULL },
	                        NULL, &out, &err), 1);
	ck_assert_str_eq(err, "");
	free(out);
	free(err);
	free(messy);
	free(bad);
}
END_TEST

Suite *
cli_options_suite(void)
{
	Suite *s = suite_create("cli-options");
	TCase *tc = tcase_create("options");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, flags_take_no_value);
	tcase_add_test(tc, short_flags_group);
	tcase_add_test(tc, summary_follows_the_severity_level);
	tcase_add_test(tc, fmt_check_never_writes);
	tcase_add_test(tc, show_sarif_is_one_log);
	tcase_add_test(tc, huge_jobs_count);
	tcase_add_test(tc, options_before_the_command);
	tcase_add_test(tc, contradicting_options);
	tcase_add_test(tc, game_auto);
	tcase_add_test(tc, double_dash_ends_the_options);
	tcase_add_test(tc, quiet_means_the_status_only);
	suite_add_tcase(s, tc);
	return s;
}
