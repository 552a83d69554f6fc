/*
 * Figures that add up: stats tallies every result, -f csv is a table that
 * Python's csv module (and so pandas and R) reads as it is, and --matches
 * reports each match and each player.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

static const char *
real(const char *name, char *buf, size_t size)
{
	char rel[256];
	snprintf(rel, sizeof rel, "corpus/backgammon/%s", name);
	return ts_shared(rel, buf, size);
}

/* Runs /usr/bin/python3 (the system's, not another on PATH) on SCRIPT. */
static char *
run_python(const char *script, const char *arg)
{
	char *py = ts_in_dir("check.py", script);
	char cmd[4096];
	snprintf(cmd, sizeof cmd, "/usr/bin/python3 '%s' '%s' 2>&1", py, arg);
	FILE *p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	static char buf[8192];
	size_t n = fread(buf, 1, sizeof buf - 1, p);
	buf[n] = '\0';
	int status = pclose(p);
	ck_assert_msg(status == 0, "python failed: %s", buf);
	free(py);
	return strdup(buf);
}

START_TEST(every_result_is_tallied)
{
	char dir[512];
	real("real", dir, sizeof dir);
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "--no-rc", "-q", "-f", "json",
	                 "-r", dir, NULL }, NULL, &out, NULL), 1);
	char *json = ts_in_dir("stats.json", out);
	free(out);
	/* 136 games in more kinds of result than the 16 once kept. */
	char *said = run_python(
		"import json, sys\n"
		"s = [json.loads(l) for l in open(sys.argv[1])][-1]['summary']\n"
		"print(len(s['results']) > 16, sum(s['results'].values()), s['games'])\n",
		json);
	ck_assert_str_eq(said, "True 136 136\n");
	free(said);
	free(json);
}
END_TEST

START_TEST(csv_is_a_table)
{
	char dir[512];
	real("real", dir, sizeof dir);
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "--no-rc", "-q", "-f", "csv",
	                 "-r", dir, NULL }, NULL, &out, NULL), 1);
	char *csv = ts_in_dir("stats.csv", out);
	free(out);
	/* Every row as long as the header; numbers where numbers are; a row
	   per game and per match. */
	char *said = run_python(
		"import csv, sys\n"
		"rows = list(csv.reader(open(sys.argv[1], newline='')))\n"
		"head, body = rows[0], rows[1:]\n"
		"assert all(len(r) == len(head) for r in body)\n"
		"assert len(set(head)) == len(head)\n"
		"d = [dict(zip(head, r)) for r in body]\n"
		"for k in ('game', 'games', 'match_length', 'winner', 'points', 'score1',\n"
		"          'score2', 'forfeit', 'rolls', 'left_offers'):\n"
		"    [int(r[k]) for r in d if r[k] != '']\n"
		"g = [r for r in d if r['kind'] == 'game']\n"
		"m = [r for r in d if r['kind'] == 'match']\n"
		"one = [r for r in m if r['file'].endswith('real-01.mat')][0]\n"
		"print(len(g), len(m), one['player1'], one['player2'], one['match_length'],\n"
		"      one['winner'], one['score1'], one['score2'], one['games'])\n"
		"print(sorted(set(r['kind'] for r in d)), head[:3])\n",
		csv);
	ck_assert_str_eq(said, "136 36 lasse williampitt 3 1 3 0 2\n"
	                 "['game', 'match'] ['kind', 'file', 'game']\n");
	free(said);
	free(csv);
	/* A name with a comma is quoted, as RFC 4180 has it. */
	char file[512];
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "--no-rc", "-q", "-f", "csv",
	                 real("real/real-25.mat", file, sizeof file), NULL }, NULL, &out, NULL), 0);
	ck_assert_msg(strstr(out, ",\"nori,") != NULL, "%s", out);
	free(out);
	/* One table, one game's columns. */
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "--no-rc", "-f", "csv",
	                 "examples/backgammon/club-night.bg", "examples/bao/opening.bao",
	                 NULL }, NULL, &out, &err), 3);
	ck_assert(strstr(err, "stats -f csv takes records of one game") != NULL);
	free(out);
	free(err);
	/* Umlabalaba and Bao: a game row and a match row each. */
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "--no-rc", "-f", "csv",
	                 "examples/bao/opening.bao", NULL }, NULL, &out, NULL), 0);
	ck_assert_msg(strstr(out, "\ngame,examples/bao/opening.bao,1,,Player A,Player B,,*,,,,,0,")
	              != NULL, "%s", out);
	ck_assert(strstr(out, "\nmatch,examples/bao/opening.bao,,1,Player A,Player B,,,,,,,0,") != NULL);
	free(out);
}
END_TEST

START_TEST(match_report)
{
	char a[512], b[512];
	real("real/real-01.mat", a, sizeof a);
	real("real-bulk/bulk-0194.mat", b, sizeof b);
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "--no-rc", "-q", "--matches",
	                 a, b, NULL }, NULL, &out, NULL), 0);
	char want[4096];
	snprintf(want, sizeof want,
	         "%s: lasse - williampitt, 3-point match, 2 games, final score 3-0, "
	         "won by lasse\n"
	         "%s: lasse - eighttimez8, 5-point match, 1 game, final score 5-0, "
	         "won by lasse (forfeited)\n"
	         "players:\n"
	         "  eighttimez8: 1 match (0 won), 1 game (0 won), points 0 won 5 lost, "
	         "0 gammons, 0 backgammons, cubes 0 offered 0 taken 0 passed\n"
	         "  lasse: 2 matches (2 won), 3 games (3 won), points 8 won 0 lost, "
	         "0 gammons, 0 backgammons, cubes 2 offered 1 taken 0 passed\n"
	         "  williampitt: 1 match (0 won), 2 games (0 won), points 0 won 3 lost, "
	         "0 gammons, 0 backgammons, cubes 1 offered 1 taken 1 passed\n"
	         "2 files, 3 games, 83 moves; results: lasse wins 1 1, lasse wins 2 1, "
	         "lasse wins 5 1\n", a, b);
	ck_assert_str_eq(out, want);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "--no-rc", "-q", "--matches",
	                 "-f", "json", a, NULL }, NULL, &out, NULL), 0);
	ck_assert(strstr(out, "\"player1\":\"lasse\",\"player2\":\"williampitt\","
	                 "\"match_length\":3,\"games\":2,\"winner\":1,\"score1\":3,"
	                 "\"score2\":0,\"forfeit\":false}}\n") != NULL);
	ck_assert(strstr(out, "{\"player\":{\"name\":\"williampitt\",\"matches\":1,"
	                 "\"matches_won\":0,\"games\":2,\"games_won\":0,\"points_won\":0,"
	                 "\"points_lost\":3,\"gammons\":0,\"backgammons\":0,"
	                 "\"cubes_offered\":1,\"cubes_taken\":1,\"cubes_passed\":1}}\n") != NULL);
	free(out);
	/* Gammons and backgammons count for their winner. */
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "--no-rc", "--matches",
	                 "examples/backgammon/gnubg-11-point.mat", NULL }, NULL, &out, NULL), 0);
	ck_assert_msg(strstr(out, "  Mochi: 1 match (1 won), 6 games (5 won), ") != NULL, "%s", out);
	/* Game 3 on the board, game 6 resigned as one (2 points at cube 1). */
	ck_assert(strstr(out, ", 2 gammons, 0 backgammons, ") != NULL);
	free(out);
	/* Only for stats. */
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--matches", a, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-f", "csv", a, NULL }, NULL, NULL, NULL), 3);
}
END_TEST

Suite *
cli_stats_report_suite(void)
{
	Suite *s = suite_create("cli-stats-report");
	TCase *tc = tcase_create("stats");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, every_result_is_tallied);
	tcase_add_test(tc, csv_is_a_table);
	tcase_add_test(tc, match_report);
	suite_add_tcase(s, tc);
	return s;
}
