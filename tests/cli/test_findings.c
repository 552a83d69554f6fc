/*
 * Saying what matters: --ignore and --select in every game, command and
 * output format; .notaterc; summaries that count each severity apart; the
 * note on one warning code that drowns the rest; "did you mean".
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "support/support.h"

/* One file per game, each with one finding the examples show. */
static const char *const examples[][2] = {
	{ "examples/umlabalaba/illegal-shuttle.umla", "repeated-mill" },
	{ "examples/backgammon/illegal-blocked.bg", "bg-blocked-point" },
	{ "examples/bao/illegal-capture-required.bao", "CAPTURE_REQUIRED" },
};

static int
run_quiet(const char *const argv[], char **out, char **err)
{
	return ts_run(argv, NULL, out, err);
}

START_TEST(ignore_and_select_in_every_game_and_format)
{
	static const char *const formats[] = { "gnu", "json", "sarif", "github" };
	for (size_t g = 0; g < 3; g++) {
		const char *file = examples[g][0], *code = examples[g][1];
		for (size_t f = 0; f < 4; f++) {
			char *out;
			/* Shown, and failing, without it. */
			ck_assert_int_eq(run_quiet((const char *[]){ "check", "--no-rc", "-f",
			                 formats[f], file, NULL }, &out, NULL), 1);
			ck_assert_msg(strstr(out, code) != NULL, "%s %s", file, formats[f]);
			free(out);
			/* Ignored: not shown, and the run passes. */
			ck_assert_int_eq(run_quiet((const char *[]){ "check", "--no-rc", "-f",
			                 formats[f], "--ignore", code, file, NULL }, &out, NULL), 0);
			char quoted[96];
			snprintf(quoted, sizeof quoted, "\"%s\"", code);
			ck_assert_msg(f == 2 ? strstr(out, "\"results\":[]") != NULL
			              : strstr(out, f == 1 ? quoted : code) == NULL,
			              "%s %s: %s", file, formats[f], out);
			free(out);
		}
		/* --select of another code drops it too; of its own keeps it. */
		ck_assert_int_eq(run_quiet((const char *[]){ "check", "--no-rc", "--select",
		                 "bg-cube-*", file, NULL }, NULL, NULL), 0);
		ck_assert_int_eq(run_quiet((const char *[]){ "check", "--no-rc", "--select",
		                 code, file, NULL }, NULL, NULL), 1);
		/* Every command: stats, convert and fmt take it as check does. */
		char *err;
		ck_assert_int_eq(run_quiet((const char *[]){ "stats", "--no-rc", "--ignore",
		                 code, file, NULL }, NULL, &err), 0);
		ck_assert_msg(strstr(err, code) == NULL, "%s", err);
		free(err);
		ck_assert_int_eq(run_quiet((const char *[]){ "show", "--no-rc", "--ignore",
		                 code, file, NULL }, NULL, &err), 0);
		ck_assert_msg(strstr(err, code) == NULL, "%s", err);
		free(err);
	}
}
END_TEST

START_TEST(ignored_findings_are_counted)
{
	char *out;
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "--no-rc", "--summary",
	                 "--ignore", "repeated-mill,bg-*", examples[0][0], examples[1][0],
	                 NULL }, &out, NULL), 0);
	ck_assert_str_eq(out, "2 files, 2 games, 28 moves, 0 errors, 0 warnings, "
	                 "0 style findings; 2 findings ignored\n");
	free(out);
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "--no-rc", "-f", "json",
	                 "--ignore", "repeated-mill", "--ignore", "bg-blocked-point",
	                 examples[0][0], examples[1][0], NULL }, &out, NULL), 0);
	ck_assert(strstr(out, "\"errors\":0,\"warnings\":0,\"style\":0,\"ignored\":2,") != NULL);
	free(out);
	/* SARIF: the run's properties. */
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "--no-rc", "-f", "sarif",
	                 "--ignore", "repeated-mill", examples[0][0], examples[1][0],
	                 NULL }, &out, NULL), 1);
	ck_assert(strstr(out, "\"properties\":{\"files\":2,\"games\":2,\"moves\":28,"
	                 "\"errors\":1,\"warnings\":0,\"style\":0,\"ignored\":1,") != NULL);
	free(out);
}
END_TEST

START_TEST(unknown_codes_are_usage_errors)
{
	char *err;
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "--ignore",
	                 "bg-hit-marker-mising", examples[1][0], NULL }, NULL, &err), 3);
	ck_assert_str_eq(err, "notate: unknown code 'bg-hit-marker-mising' (did you "
	                 "mean 'bg-hit-marker-missing'?)\nTry 'notate --help'.\n");
	free(err);
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "--select", "zz-*",
	                 examples[1][0], NULL }, NULL, &err), 3);
	ck_assert(strstr(err, "'zz-*' matches no diagnostic code") != NULL);
	free(err);
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "--ignore", "repeated-mill,",
	                 examples[0][0], NULL }, NULL, &err), 3);
	free(err);
}
END_TEST

/* Style findings, warnings and errors are three figures, not two. */
START_TEST(summaries_count_severities_apart)
{
	char *mixed = ts_in_dir("mixed.umla", "1B>01 1W>2 2B>3 2B>4\n");
	char *out;
	ck_assert_int_eq(run_quiet((const char *[]){ "lint", "--no-rc", "--summary", mixed,
	                 NULL }, &out, NULL), 1);
	ck_assert(strstr(out, "\n1 file, 1 game, 3 moves, 1 error, 0 warnings, "
	                 "1 style finding\n") != NULL);
	free(out);
	ck_assert_int_eq(run_quiet((const char *[]){ "lint", "--no-rc", "-f", "json", mixed,
	                 NULL }, &out, NULL), 1);
	ck_assert(strstr(out, "\"errors\":1,\"warnings\":0,\"style\":1,") != NULL);
	free(out);
	free(mixed);
}
END_TEST

static char *
mkdir_in(const char *name)
{
	char *dir = ts_in_dir(name, NULL);
	ck_assert_int_eq(mkdir(dir, 0777), 0);
	return dir;
}

START_TEST(notaterc_from_the_folder_upwards)
{
	char *top = mkdir_in("club");
	char *sub = mkdir_in("club/2024");
	char *repo = mkdir_in("club/repo");
	char *git = mkdir_in("club/repo/.git");
	size_t len;
	char *text = ts_read_file(examples[0][0], &len);
	char *deep = ts_in_dir("club/2024/shuttle.umla", text);
	char *in_repo = ts_in_dir("club/repo/shuttle.umla", text);
	free(text);
	free(ts_in_dir("club/.notaterc", "# the club's choices\n\nignore = repeated-mill\n"));
	char *out;
	/* Found two folders up. */
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "--summary", deep, NULL },
	                 &out, NULL), 0);
	ck_assert(strstr(out, "1 finding ignored") != NULL);
	free(out);
	/* Not past a repository's top. */
	ck_assert_int_eq(run_quiet((const char *[]){ "check", in_repo, NULL }, NULL, NULL), 1);
	/* --no-rc reads none; the command line wins over it. */
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "--no-rc", deep, NULL }, NULL, NULL), 1);
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "--ignore", "bg-blocked-point",
	                 deep, NULL }, NULL, NULL), 1);
	/* The first one found is the one: a nearer file replaces it. */
	free(ts_in_dir("club/2024/.notaterc", "severity=error\n"));
	ck_assert_int_eq(run_quiet((const char *[]){ "check", deep, NULL }, NULL, NULL), 1);
	/* Through a folder walk, with threads too. */
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "-r", "-j", "2", top, NULL },
	                 &out, NULL), 1);
	ck_assert(strstr(out, "2024/shuttle.umla") != NULL);
	free(out);
	/* A bad line: a usage error naming its file and line. */
	free(ts_in_dir("club/2024/.notaterc", "strict\nsevrity=warning\n"));
	char *err;
	ck_assert_int_eq(run_quiet((const char *[]){ "check", deep, NULL }, &out, &err), 3);
	ck_assert_str_eq(out, "");
	ck_assert_msg(strstr(err, "club/2024/.notaterc:2: unknown option 'sevrity' "
	                     "(did you mean 'severity'?)") != NULL, "%s", err);
	free(out);
	free(err);
	free(ts_in_dir("club/2024/.notaterc", "rule=nonsense=1\n"));
	ck_assert_int_eq(run_quiet((const char *[]){ "check", deep, NULL }, NULL, &err), 3);
	ck_assert_msg(strstr(err, ".notaterc:1: rule nonsense=1: ") != NULL, "%s", err);
	free(err);
	free(ts_in_dir("club/2024/.notaterc", "ignore=repeated-mil\n"));
	ck_assert_int_eq(run_quiet((const char *[]){ "check", deep, NULL }, NULL, &err), 3);
	ck_assert_msg(strstr(err, ".notaterc:1: unknown code 'repeated-mil' (did you "
	                     "mean 'repeated-mill'?)") != NULL, "%s", err);
	free(err);
	free(top);
	free(sub);
	free(repo);
	free(git);
	free(deep);
	free(in_repo);
}
END_TEST

/* strict in .notaterc makes a warning an error, as --strict does. */
START_TEST(notaterc_strict_and_severity)
{
	char *dir = mkdir_in("strict");
	char rel[256], path[512];
	snprintf(rel, sizeof rel, "corpus/backgammon/real/real-01.mat");
	size_t len;
	char *text = ts_read_file(ts_shared(rel, path, sizeof path), &len);
	ck_assert_ptr_nonnull(text);
	char *file = ts_in_dir("strict/match1004844.txt", NULL);
	ck_assert_int_eq(ts_write_file(file, text, len), 0);
	free(text);
	ck_assert_int_eq(run_quiet((const char *[]){ "check", file, NULL }, NULL, NULL), 0);
	free(ts_in_dir("strict/.notaterc", "strict\n"));
	ck_assert_int_eq(run_quiet((const char *[]){ "check", file, NULL }, NULL, NULL), 1);
	free(ts_in_dir("strict/.notaterc", "severity=warning\n"));
	ck_assert_int_eq(run_quiet((const char *[]){ "check", file, NULL }, NULL, NULL), 1);
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "-W", "error", file, NULL },
	                 NULL, NULL), 0);
	free(file);
	free(dir);
}
END_TEST

/* Galaxy writes no '*': one line says how to hide those warnings. */
START_TEST(one_code_drowning_the_rest_is_named)
{
	char rel[256], path[512];
	char *files[3];
	for (int i = 0; i < 3; i++) {
		snprintf(rel, sizeof rel, "corpus/backgammon/real/real-0%d.mat", i + 1);
		size_t len;
		char *text = ts_read_file(ts_shared(rel, path, sizeof path), &len);
		ck_assert_ptr_nonnull(text);
		char name[64];
		snprintf(name, sizeof name, "match%d.txt", i + 1);
		files[i] = ts_in_dir(name, NULL);
		ck_assert_int_eq(ts_write_file(files[i], text, len), 0);
		free(text);
	}
	char *out, *err;
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "--no-rc", files[0],
	                 files[1], files[2], NULL }, &out, &err), 0);
	char *note = strstr(err, "notate: note: ");
	ck_assert_msg(note != NULL, "%s", err);
	ck_assert(strstr(note, " warnings are bg-hit-marker-missing, most of the "
	                 "findings in 3 files; --ignore bg-hit-marker-missing") != NULL);
	/* Once. */
	ck_assert_ptr_null(strstr(note + 1, "notate: note: "));
	free(out);
	free(err);
	/* Hidden, it is not named again; -q and JSON say nothing of it. */
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "--no-rc", "--ignore",
	                 "bg-hit-marker-missing", files[0], NULL }, &out, &err), 0);
	ck_assert_str_eq(err, "");
	free(out);
	free(err);
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "--no-rc", "-f", "json",
	                 files[0], NULL }, &out, &err), 0);
	ck_assert_str_eq(err, "");
	free(out);
	free(err);
	for (int i = 0; i < 3; i++)
		free(files[i]);
}
END_TEST

START_TEST(did_you_mean)
{
	char *err;
	ck_assert_int_eq(run_quiet((const char *[]){ "chekc", "x.bg", NULL }, NULL, &err), 3);
	ck_assert_str_eq(err, "notate: unknown command 'chekc' (did you mean 'check'?)\n"
	                 "Try 'notate --help'.\n");
	free(err);
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "--sumary", "x.bg", NULL }, NULL, &err), 3);
	ck_assert_str_eq(err, "notate: unknown option '--sumary' (did you mean "
	                 "'--summary'?)\nTry 'notate --help'.\n");
	free(err);
	ck_assert_int_eq(run_quiet((const char *[]){ "check", "--igonre=x", "x.bg", NULL }, NULL, &err), 3);
	ck_assert(strstr(err, "(did you mean '--ignore'?)") != NULL);
	free(err);
	/* Nothing near: no guess. */
	ck_assert_int_eq(run_quiet((const char *[]){ "xyzzy", NULL }, NULL, &err), 3);
	ck_assert_str_eq(err, "notate: unknown command 'xyzzy'\nTry 'notate --help'.\n");
	free(err);
}
END_TEST

/* Every long option --help names is in the man page and the completion. */
START_TEST(every_option_is_documented)
{
	char *help;
	ck_assert_int_eq(ts_run((const char *[]){ "--help", NULL }, NULL, &help, NULL), 0);
	char *man = ts_read_file("doc/notate.1", NULL);
	char *completion = ts_read_file("tools/notate.bash-completion", NULL);
	ck_assert_ptr_nonnull(man);
	ck_assert_ptr_nonnull(completion);
	int seen = 0;
	for (const char *p = help; (p = strstr(p, "--")) != NULL; p += 2) {
		size_t n = 2;
		while ((p[n] >= 'a' && p[n] <= 'z') || (p[n] == '-' && p[n + 1] != '-'))
			n++;
		if (n == 2)
			continue;
		char name[64], escaped[128];
		snprintf(name, sizeof name, "%.*s", (int)n, p);
		size_t e = 0;
		for (size_t i = 0; i < n && e + 3 < sizeof escaped; i++) {
			if (name[i] == '-')
				escaped[e++] = '\\';
			escaped[e++] = name[i];
		}
		escaped[e] = '\0';
		ck_assert_msg(strstr(man, escaped) != NULL, "man page lacks %s", name);
		ck_assert_msg(strstr(completion, name) != NULL, "completion lacks %s", name);
		seen++;
	}
	ck_assert_int_gt(seen, 40);
	free(help);
	free(man);
	free(completion);
}
END_TEST

Suite *
cli_findings_suite(void)
{
	Suite *s = suite_create("cli-findings");
	TCase *tc = tcase_create("findings");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, ignore_and_select_in_every_game_and_format);
	tcase_add_test(tc, ignored_findings_are_counted);
	tcase_add_test(tc, unknown_codes_are_usage_errors);
	tcase_add_test(tc, summaries_count_severities_apart);
	tcase_add_test(tc, notaterc_from_the_folder_upwards);
	tcase_add_test(tc, notaterc_strict_and_severity);
	tcase_add_test(tc, one_code_drowning_the_rest_is_named);
	tcase_add_test(tc, did_you_mean);
	tcase_add_test(tc, every_option_is_documented);
	suite_add_tcase(s, tc);
	return s;
}
