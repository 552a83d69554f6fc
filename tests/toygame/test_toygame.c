/*
 * A fourth game needs nothing outside its own folders.  The game of
 * tests/toygame/game/ is known to nothing but its folder, yet the registry
 * of this runner, the test build of the command (games, explain, check,
 * its JSON and SARIF output) and the thread and bad-input suites find it;
 * the shipped command does not have it.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

#define EXAMPLES "tests/toygame/examples/"

static int
run_test_build(const char *const argv[], char **out, char **err)
{
	return ts_run_bin(ts_notate_test(), argv, NULL, out, err);
}

START_TEST(the_registry_has_it)
{
	const nt_game *g = nt_game_by_name("toygame");
	ck_assert_ptr_nonnull(g);
	ck_assert_ptr_eq(nt_game_for_path("a/B.TOY"), g);
	const char *head = "pile 3\ntake 1\n";
	ck_assert_ptr_eq(nt_game_detect("record", head, strlen(head)), g);
	/* Its codes are in the catalogue that explain and SARIF read. */
	int n = 0;
	for (const nt_code_info *c = nt_game_codes(g); c->code; c++, n++)
		ck_assert_ptr_eq(nt_code_lookup(c->code), c);
	ck_assert_int_eq(n, 3);
}
END_TEST

START_TEST(the_shipped_command_has_it_not)
{
	char *out, *err;
	ck_assert_int_eq(ts_run((const char *[]){ "games", NULL }, NULL, &out, NULL), 0);
	ck_assert_ptr_null(strstr(out, "toygame"));
	ck_assert_ptr_nonnull(strstr(out, "bao:"));
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "check", EXAMPLES "three-turns.toy",
	                                          NULL }, NULL, NULL, &err), 2);
	ck_assert_ptr_nonnull(strstr(err, "cannot tell which game this is"));
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "explain", "toy-take", NULL },
	                        NULL, NULL, &err), 3);
	ck_assert_str_eq(err, "notate: unknown code 'toy-take'\n");
	free(err);
}
END_TEST

START_TEST(games_lists_it)
{
	char *out;
	ck_assert_int_eq(run_test_build((const char *[]){ "games", NULL }, &out, NULL), 0);
	char want[300];
	snprintf(want, sizeof want, "toygame: %s\n  extensions: .toy\n  forms: json\n",
	         nt_game_title(nt_game_by_name("toygame")));
	ck_assert_msg(strstr(out, want) != NULL, "%s", out);
	/* The shipped games are there too: the same command, one game more. */
	ck_assert_ptr_nonnull(strstr(out, "backgammon:"));
	free(out);
}
END_TEST

START_TEST(explain_reads_its_catalogue)
{
	const nt_code_info *c = nt_code_lookup("toy-unfinished");
	ck_assert_ptr_nonnull(c);
	char *out;
	ck_assert_int_eq(run_test_build((const char *[]){ "explain", "toy-unfinished",
	                                                  NULL }, &out, NULL), 0);
	char head[300];
	snprintf(head, sizeof head, "toy-unfinished (warning): %s\n", c->summary);
	ck_assert_msg(strncmp(out, head, strlen(head)) == 0, "%s", out);
	ck_assert_ptr_nonnull(strstr(out, c->explain));
	free(out);
}
END_TEST

/* Each example: its one diagnostic, or none, and the exit status. */
START_TEST(check_reports_in_the_house_form)
{
	static const struct { const char *file, *line; int rc; } cases[] = {
		{ "three-turns.toy", "", 0 },
		{ "illegal-take.toy", EXAMPLES "illegal-take.toy:3:1: error: 'take 3': "
		  "the second player may take 1 to 3 stones of the 2 left [toy-take]\n", 1 },
		{ "illegal-word.toy", EXAMPLES "illegal-word.toy:2:1: error: 'grab': "
		  "a line reads 'pile N' or 'take N' [toy-syntax]\n", 1 },
		{ "unfinished.toy", EXAMPLES "unfinished.toy:2:7: warning: the record "
		  "ends with stones left [toy-unfinished]\n", 0 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char path[300], *out;
		snprintf(path, sizeof path, EXAMPLES "%s", cases[i].file);
		ck_assert_int_eq(run_test_build((const char *[]){ "check", path, NULL },
		                                &out, NULL), cases[i].rc);
		ck_assert_str_eq(out, cases[i].line);
		free(out);
	}
	/* --strict makes the unfinished record an error, as its entry says. */
	char *out;
	ck_assert_int_eq(run_test_build((const char *[]){ "check", "--strict",
	                 EXAMPLES "unfinished.toy", NULL }, &out, NULL), 1);
	ck_assert_ptr_nonnull(strstr(out, ": error: the record ends with stones left"));
	free(out);
	/* A folder: found by its extension, with the summary. */
	ck_assert_int_eq(run_test_build((const char *[]){ "check", "-r", "--summary",
	                 EXAMPLES, NULL }, &out, NULL), 1);
	ck_assert_ptr_nonnull(strstr(out, "4 files"));
	free(out);
}
END_TEST

START_TEST(json_and_sarif_carry_it)
{
	char *out;
	ck_assert_int_eq(run_test_build((const char *[]){ "check", "-f", "json",
	                 EXAMPLES "illegal-take.toy", NULL }, &out, NULL), 1);
	ck_assert_ptr_nonnull(strstr(out, "{\"file\":\"" EXAMPLES "illegal-take.toy\","
	                             "\"line\":3,\"column\":1,\"endLine\":3,"
	                             "\"endColumn\":6,\"severity\":\"error\","
	                             "\"code\":\"toy-take\""));
	free(out);
	ck_assert_int_eq(run_test_build((const char *[]){ "check", "-f", "sarif",
	                 EXAMPLES "illegal-word.toy", NULL }, &out, NULL), 1);
	ck_assert_ptr_nonnull(strstr(out, "\"results\":[{\"ruleId\":\"toy-syntax\""));
	/* Every code of the game is a rule of the run, named with its game. */
	for (const nt_code_info *c = nt_game_codes(nt_game_by_name("toygame"));
	     c->code; c++) {
		char rule[200];
		snprintf(rule, sizeof rule, "{\"id\":\"%s\",\"shortDescription\":"
		         "{\"text\":\"%s\"}", c->code, c->summary);
		const char *at = strstr(out, rule);
		ck_assert_msg(at != NULL, "no SARIF rule %s", c->code);
		const char *game = strstr(at, "\"properties\":{\"game\":\"");
		ck_assert_ptr_nonnull(game);
		ck_assert(strncmp(game + strlen("\"properties\":{\"game\":\""),
		                  "toygame\"", 8) == 0);
	}
	free(out);
	/* convert --to json: its moves and figures, from its statistics. */
	ck_assert_int_eq(run_test_build((const char *[]){ "convert", "--to", "json",
	                 EXAMPLES "three-turns.toy", NULL }, &out, NULL), 0);
	ck_assert_str_eq(out, "{\"file\":\"" EXAMPLES "three-turns.toy\",\"game\":1,"
	                 "\"moves\":[{\"index\":1,\"side\":\"first\",\"move\":\"take 3\","
	                 "\"line\":2,\"column\":1},{\"index\":2,\"side\":\"second\","
	                 "\"move\":\"take 2\",\"line\":3,\"column\":1},{\"index\":3,"
	                 "\"side\":\"first\",\"move\":\"take 1\",\"line\":4,\"column\":1}],"
	                 "\"figures\":{\"takes\":3,\"left\":0}}\n");
	free(out);
}
END_TEST

/* Through the library, a 64-byte buffer in 1-byte reads changes nothing. */
START_TEST(tiny_buffers_read_the_same)
{
	static const char *const texts[] = {
		"pile 9\ntake 3\r\ntake 3\ntake 3", "pile 4\ntake 2\ntake 3\n",
		"pile 4\ngrab 2\n", "take 1\n", "pile 3\n\n\ntake\n", "",
	};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		ts_result whole, tiny;
		ts_config cfg = { .buffer_size = 64, .read_chunk = 1 };
		ts_check("toygame", "t.toy", texts[i], strlen(texts[i]), NULL, &whole);
		ts_check("toygame", "t.toy", texts[i], strlen(texts[i]), &cfg, &tiny);
		ck_assert_int_eq(whole.rc, 0);
		ck_assert_int_eq(tiny.rc, 0);
		ck_assert_int_eq(whole.summary.moves, tiny.summary.moves);
		ck_assert_int_eq(whole.summary.errors, tiny.summary.errors);
		ck_assert_uint_eq(whole.ndiags, tiny.ndiags);
		for (size_t d = 0; d < whole.ndiags; d++)
			ck_assert_str_eq(whole.diags[d].line, tiny.diags[d].line);
		/* Every record but the first is wrong somewhere. */
		ck_assert_int_eq(whole.summary.errors > 0, i >= 1);
		ts_free(&whole);
		ts_free(&tiny);
	}
}
END_TEST

/* A game that gives no position notation is deduplicated by its moves as
   its reader spells them: blanks and line ends do not matter, the moves
   do. */
START_TEST(dedup_groups_it_by_its_moves)
{
	char *a = ts_in_dir("a.toy", "pile 6\ntake 3\ntake 2\ntake 1\n");
	char *b = ts_in_dir("b.toy", "pile 6\r\n\ttake   3\r\ntake 2 \ntake 1");
	char *c = ts_in_dir("c.toy", "pile 6\ntake 2\ntake 3\ntake 1\n");
	char *out;
	ck_assert_int_eq(run_test_build((const char *[]){ "dedup", "--no-rc", a, b,
	                 c, NULL }, &out, NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "2 records of the same 1 game"));
	ck_assert_ptr_nonnull(strstr(out, "a.toy"));
	ck_assert_ptr_nonnull(strstr(out, "b.toy"));
	ck_assert_ptr_null(strstr(out, "c.toy"));
	free(out);
	/* Different moves: no group, exit 1. */
	ck_assert_int_eq(run_test_build((const char *[]){ "dedup", "--no-rc", a, c,
	                 NULL }, &out, NULL), 1);
	ck_assert_str_eq(out, "");
	free(out);
	free(a);
	free(b);
	free(c);
}
END_TEST

Suite *
toygame_suite(void)
{
	Suite *s = suite_create("toygame");
	TCase *tc = tcase_create("one-folder");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, the_registry_has_it);
	tcase_add_test(tc, the_shipped_command_has_it_not);
	tcase_add_test(tc, games_lists_it);
	tcase_add_test(tc, explain_reads_its_catalogue);
	tcase_add_test(tc, check_reports_in_the_house_form);
	tcase_add_test(tc, json_and_sarif_carry_it);
	tcase_add_test(tc, tiny_buffers_read_the_same);
	suite_add_tcase(s, tc);
	TCase *archive = tcase_create("archive");
	tcase_set_timeout(archive, 60);
	tcase_add_checked_fixture(archive, ts_dir_setup, ts_dir_teardown);
	tcase_add_test(archive, dedup_groups_it_by_its_moves);
	suite_add_tcase(s, archive);
	return s;
}
