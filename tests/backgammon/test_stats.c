/*
 * notate stats for backgammon: pips moved and hits per player, cube
 * actions, and how each game was won, counted by hand on small records.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

static char *
stats_of(const char *text)
{
	char *path = ts_in_dir("g.bg", text);
	char *out;
	ts_run((const char *[]){ "stats", path, NULL }, NULL, &out, NULL);
	free(path);
	return out;
}

START_TEST(pips_and_hits)
{
	/* Ines: 5 + 9 + 24 pips, one hit on her 1 point; Tariq: 9 + 10, and
	 * then no entry against her 4 and 6 points. */
	char *out = stats_of(
		" 5 point match\n\n"
		" Game 1\n"
		" Ines : 0                       Tariq : 0\n"
		"  1) 4-1: 24/23 13/9             5-4: 24/15\n"
		"  2) 5-4: 9/4 8/4                6-4: 15/9 13/9\n"
		"  3) 6-6: 13/1*(2)               6-4: no play\n");
	ck_assert_msg(strstr(out, " rolls=6 cube_offers=0 takes=0 passes=0 "
	              "beavers=0 cube=1 left_pips=38 right_pips=19 left_hits=1 "
	              "right_hits=0 win=\"none\"") != NULL, "%s", out);
	free(out);
}
END_TEST

START_TEST(cube_actions_and_how_games_end)
{
	char *out = stats_of(
		" 5 point match\n\n"
		" Game 1\n"
		" Ines : 0                       Tariq : 0\n"
		"  1) 4-1: 24/23 13/9             Double to 2\n"
		"  2) pass\n"
		"                                 Wins 1 point\n");
	ck_assert_msg(strstr(out, "game 1: result=\"Tariq wins 1\" actions=4 "
	              "rolls=1 cube_offers=1 takes=0 passes=1 ") &&
	              strstr(out, "win=\"pass\""), "%s", out);
	free(out);
}
END_TEST

Suite *
backgammon_stats_suite(void)
{
	Suite *s = suite_create("backgammon-stats");
	TCase *tc = tcase_create("stats");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_add_test(tc, pips_and_hits);
	tcase_add_test(tc, cube_actions_and_how_games_end);
	suite_add_tcase(s, tc);
	return s;
}
