/*
 * show --row N: the position after row N) as the file numbers it
 * (backgammon), after move number N (Umlabalaba, Bao); a request past the
 * end says what the game has; a selector a game has not is refused.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

static char *
show(const char *const argv[], int want_rc)
{
	char *out, *err;
	int rc = ts_run(argv, NULL, &out, &err);
	ck_assert_msg(rc == want_rc, "rc %d: %s", rc, err);
	free(err);
	return out;
}

START_TEST(backgammon_rows)
{
	const char *bg = "examples/backgammon/club-night.bg";
	/* Rows 1) and 2) of game 1 hold four actions. */
	char *row = show((const char *[]){ "show", "--no-rc", "--game-no", "1", "--row",
	                 "2", bg, NULL }, 0);
	char *move = show((const char *[]){ "show", "--no-rc", "--game-no", "1", "--move",
	                  "4", bg, NULL }, 0);
	ck_assert_str_eq(row, move);
	ck_assert(strstr(row, "Game 1, after move 4 (6-4: 15/9 13/9)") != NULL);
	free(row);
	free(move);
	/* A row with a cube action: its take belongs to it. */
	row = show((const char *[]){ "show", "--no-rc", "--game-no", "1", "--row", "4",
	           bg, NULL }, 0);
	ck_assert_msg(strstr(row, "after move 8 (take)") != NULL, "%s", row);
	free(row);
	/* The result line after the last numbered row is part of that row. */
	char real[512];
	ts_shared("corpus/backgammon/real/real-01.mat", real, sizeof real);
	row = show((const char *[]){ "show", "--no-rc", "--game-no", "1", "--row", "9",
	           real, NULL }, 0);
	char *end = show((const char *[]){ "show", "--no-rc", "--game-no", "1", real, NULL }, 0);
	ck_assert_str_eq(row, end);
	free(row);
	free(end);
	/* JSON too. */
	row = show((const char *[]){ "show", "--no-rc", "-f", "json", "--game-no", "1",
	           "--row", "1", bg, NULL }, 0);
	ck_assert(strstr(row, "\"after_move\":2,") != NULL);
	free(row);
}
END_TEST

START_TEST(past_the_end_says_how_many)
{
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--no-rc", "--game-no", "1",
	                 "--row", "99", "examples/backgammon/club-night.bg", NULL },
	                 NULL, NULL, &err), 3);
	ck_assert_msg(strstr(err, "club-night.bg: the game shown has 30 rows (numbered "
	                     "moves), not 99\n") != NULL, "%s", err);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--no-rc", "--move", "999",
	                 "examples/umlabalaba/club-evening.umla", NULL }, NULL, NULL, &err), 3);
	ck_assert_msg(strstr(err, "club-evening.umla: the game shown has 26 moves "
	                     "(--move 0 to 26), not 999\n") != NULL, "%s", err);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--no-rc", "--game-no", "7",
	                 "examples/backgammon/club-night.bg", NULL }, NULL, NULL, &err), 3);
	ck_assert(strstr(err, "club-night.bg holds 3 games, not game 7\n") != NULL);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--no-rc", "--row", "9",
	                 "examples/bao/opening.bao", NULL }, NULL, NULL, &err), 3);
	ck_assert_msg(strstr(err, "opening.bao: the game shown has 3 rows") != NULL, "%s", err);
	free(err);
}
END_TEST

START_TEST(umlabalaba_and_bao_move_numbers)
{
	/* Move number N: both sides' Nth turns. */
	const char *um = "examples/umlabalaba/club-evening.umla";
	char *row = show((const char *[]){ "show", "--no-rc", "--row", "5", um, NULL }, 0);
	char *move = show((const char *[]){ "show", "--no-rc", "--move", "10", um, NULL }, 0);
	ck_assert_str_eq(row, move);
	free(row);
	free(move);
	/* Bao numbers its moves as --move does. */
	const char *bao = "examples/bao/opening.bao";
	row = show((const char *[]){ "show", "--no-rc", "--row", "2", bao, NULL }, 0);
	move = show((const char *[]){ "show", "--no-rc", "--move", "2", bao, NULL }, 0);
	ck_assert_str_eq(row, move);
	free(row);
	free(move);
}
END_TEST

START_TEST(selectors_a_game_has_not)
{
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--no-rc", "--ply", "3",
	                 "examples/backgammon/club-night.bg", NULL }, NULL, NULL, &err), 3);
	ck_assert(strstr(err, "backgammon has no plies") != NULL);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--row", "2", "--move", "3",
	                 "examples/bao/opening.bao", NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--row", "2",
	                 "examples/bao/opening.bao", NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--row", "0",
	                 "examples/bao/opening.bao", NULL }, NULL, NULL, NULL), 3);
}
END_TEST

Suite *
cli_show_row_suite(void)
{
	Suite *s = suite_create("cli-show-row");
	TCase *tc = tcase_create("rows");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, backgammon_rows);
	tcase_add_test(tc, past_the_end_says_how_many);
	tcase_add_test(tc, umlabalaba_and_bao_move_numbers);
	tcase_add_test(tc, selectors_a_game_has_not);
	suite_add_tcase(s, tc);
	return s;
}
