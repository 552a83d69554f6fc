/*
 * fmt --repair (issue 15): a result whose points the rules leave one
 * value for, and a row an exporter ran into the next, are written right
 * only under --repair, shown as a diff or written with -i, each repair
 * told by a warning; what the rules leave open stays an error.
 */
#include "backgammon/records_util.h"

/* Runs notate with ARGV; OUT and ERR are freed by the caller. */
static int
run(const char *const *argv, char **out, char **err)
{
	return ts_run(argv, NULL, out, err);
}

/* Writes TEXT as NAME in the test's folder; the path is malloc'd. */
static char *
written(const char *name, const char *text)
{
	return ts_in_dir(name, text);
}

/* bg-money-01 with game 2's result, after a passed offer at cube 1,
   made worth 3 points: only 1 is legal. */
static char *
money_pass_worth_three(void)
{
	char *text = bg_sample("mat/bg-money-01.mat");
	char *line = bg_line_start(text, 42);
	ck_assert_msg(strncmp(line, "  5)  Drops", 11) == 0, "%.40s", line);
	return bg_replace_line(text, 42, "  5)  Drops                       "
	                       "Wins 3 points");
}

START_TEST(points_of_a_passed_offer_are_repaired)
{
	char *text = money_pass_worth_three();
	char *path = written("money.mat", text);
	char *out, *err;
	/* Without --repair: the error, and nothing written. */
	ck_assert_int_eq(run((const char *[]){ "fmt", path, NULL }, &out, &err), 1);
	ck_assert_msg(strstr(err, "[bg-wins-wrong-points]") != NULL, "%s", err);
	ck_assert_str_eq(out, "");
	free(out);
	free(err);
	/* With it: shown as a diff, the repair told, the file untouched. */
	ck_assert_int_eq(run((const char *[]){ "fmt", "--repair", path, NULL },
	                     &out, &err), 0);
	ck_assert_msg(strstr(out, "\n-  5)  Drops                       Wins 3 "
	                          "points\n") != NULL &&
	              strstr(out, "\n+  5)  Drops                       Wins 1 "
	                          "point \n") != NULL, "%s", out);
	ck_assert_msg(strstr(err, "money.mat:42:35: warning: 'Wins 3 points': ")
	              != NULL && strstr(err, "[bg-repaired-points]") != NULL,
	              "%s", err);
	free(out);
	free(err);
	char *after = ts_read_file(path, NULL);
	ck_assert_str_eq(after, text);
	free(after);
	/* -i writes it: the file then checks clean and is game 2's 1 point. */
	ck_assert_int_eq(run((const char *[]){ "fmt", "--repair", "-i", path,
	                                       NULL }, &out, &err), 0);
	ck_assert_msg(strstr(err, "[bg-repaired-points]") != NULL, "%s", err);
	free(out);
	free(err);
	ck_assert_int_eq(run((const char *[]){ "check", path, NULL }, &out, &err),
	                 0);
	free(out);
	free(err);
	char *want = bg_sample("mat/bg-money-01.mat");
	char *got = ts_read_file(path, NULL);
	ck_assert_str_eq(got, want);
	free(got);
	free(want);
	free(path);
	free(text);
}
END_TEST

/* Where the rules admit several values, no guess is made. */
START_TEST(open_results_stay_errors)
{
	char full[1100];
	/* A resignation after '????': 1, 2 or 3 times the cube, or any value
	   from what the winner needed. */
	ts_shared("corpus/backgammon/real/real-14.mat", full, sizeof full);
	char *out, *err;
	ck_assert_int_eq(run((const char *[]){ "fmt", "--repair", "-q", full,
	                                       NULL }, &out, &err), 1);
	ck_assert_str_eq(out, "");
	free(out);
	free(err);
	ck_assert_int_eq(run((const char *[]){ "fmt", "--repair", full, NULL },
	                     &out, &err), 1);
	ck_assert_msg(strstr(err, "[bg-wins-wrong-points]") != NULL &&
	              strstr(err, "bg-repaired") == NULL, "%s", err);
	free(out);
	free(err);
	/* A match game ended by a pass whose winner needed more than it is
	   worth: the value, or the points needed (a forfeit), may stand. */
	char *text = bg_sample("real/real-14.mat");
	char *line = bg_line_start(text, 30);
	ck_assert_msg(strncmp(line, "  12)  Drops", 12) == 0, "%.40s", line);
	char *wrong = bg_replace_line(text, 30, "  12)  Drops                  "
	                              "           Wins 4 point");
	char *path = written("match.mat", wrong);
	ck_assert_int_eq(run((const char *[]){ "fmt", "--repair", path, NULL },
	                     &out, &err), 1);
	ck_assert_msg(strstr(err, "match.mat:30:") != NULL &&
	              strstr(err, "[bg-wins-wrong-points]") != NULL &&
	              strstr(err, "bg-repaired") == NULL, "%s", err);
	free(out);
	free(err);
	free(path);
	free(wrong);
}
END_TEST

/* A real export whose row 14 runs into the next row 14. */
START_TEST(a_row_run_into_the_next_is_split)
{
	char *text = bg_sample("real-bulk/bulk-0088.mat");
	char *path = written("bulk.mat", text);
	char *out, *err;
	ck_assert_int_eq(run((const char *[]){ "fmt", "-q", path, NULL }, &out,
	                     &err), 1);
	free(out);
	free(err);
	ck_assert_int_eq(run((const char *[]){ "fmt", "--repair", "--ignore",
	                                       "bg-hit-marker-missing", path,
	                                       NULL }, &out, &err), 0);
	ck_assert_msg(strstr(err, "bulk.mat:102:35: warning: ") != NULL &&
	              strstr(err, "[bg-repaired-row]") != NULL, "%s", err);
	ck_assert_msg(strstr(out, "\n- 14) 22: 13/11 13/11 4/2 5/3      14)  "
	                          "Losses 1 point") != NULL, "%s", out);
	free(out);
	free(err);
	/* The same as fmt of the file with its line break put back. */
	char *fixed = bg_replace_all(bg_sample("real-bulk/bulk-0088.mat"),
	                             "5/3      14)  Losses", "5/3\n 14)  Losses");
	char *by_hand = written("by-hand.mat", fixed);
	ck_assert_int_eq(run((const char *[]){ "fmt", "-q", by_hand, NULL }, &out,
	                     &err), 0);
	char *out2, *err2;
	ck_assert_int_eq(run((const char *[]){ "fmt", "--repair", "-i", "-q",
	                                       path, NULL }, &out2, &err2), 0);
	free(out2);
	free(err2);
	char *repaired = ts_read_file(path, NULL);
	ck_assert_str_eq(repaired, out);
	free(repaired);
	free(out);
	free(err);
	free(by_hand);
	free(fixed);
	free(path);
	free(text);
}
END_TEST

/*
 * A lone cell of a row split off a line stands where its row number puts
 * it: a resignation (the winner is the player in whose column the result
 * stands) as a row 26 run onto row 25's line is the left player's win;
 * counted from column 1 it would name the other player.
 */
START_TEST(a_split_row_counts_columns_from_its_number)
{
	char *text = bg_sample("mat/bg-match-04.mat");
	char *l25 = bg_line_start(text, 60);
	ck_assert_msg(strncmp(l25, " 25) 43: 6/3 4/0", 16) == 0, "%.40s", l25);
	char *by_hand = bg_replace_line(bg_sample("mat/bg-match-04.mat"), 61,
	                                " 26)  Wins 1 point");
	by_hand = bg_replace_line(by_hand, 62, NULL);
	char *merged = bg_replace_line(bg_sample("mat/bg-match-04.mat"), 60,
	                               " 25) 43: 6/3 4/0                 61: 1/0 "
	                               "6/0  26)  Wins 1 point");
	merged = bg_replace_line(merged, 61, NULL);
	merged = bg_replace_line(merged, 61, NULL);
	char *path = written("split.mat", merged);
	char *hand_path = written("by-hand.mat", by_hand);
	char *out, *err;
	ck_assert_int_eq(run((const char *[]){ "fmt", "-q", hand_path, NULL },
	                     &out, &err), 0);
	free(err);
	char *repaired_out, *repaired_err;
	ck_assert_int_eq(run((const char *[]){ "fmt", "--repair", "-i", path,
	                                       NULL }, &repaired_out,
	                     &repaired_err), 0);
	ck_assert_msg(strstr(repaired_err, "split.mat:60:47: warning: ") != NULL &&
	              strstr(repaired_err, "[bg-repaired-row]") != NULL, "%s",
	              repaired_err);
	char *got = ts_read_file(path, NULL);
	ck_assert_str_eq(got, out);
	free(got);
	free(out);
	free(repaired_out);
	free(repaired_err);
	free(hand_path);
	free(path);
	free(merged);
	free(by_hand);
	free(text);
}
END_TEST

/* Only fmt repairs: check and lint report what is written. */
START_TEST(repair_is_only_for_fmt)
{
	char *out, *err;
	ck_assert_int_eq(run((const char *[]){ "check", "--repair", "x.mat", NULL },
	                     &out, &err), 3);
	ck_assert_msg(strstr(err, "--repair is for fmt") != NULL, "%s", err);
	free(out);
	free(err);
	char *text = money_pass_worth_three();
	char *path = written("money.mat", text);
	ck_assert_int_eq(run((const char *[]){ "check", path, NULL }, &out, &err),
	                 1);
	ck_assert_msg(strstr(out, "[bg-wins-wrong-points]") != NULL, "%s", out);
	free(out);
	free(err);
	free(path);
	free(text);
}
END_TEST

Suite *
backgammon_repair_suite(void)
{
	Suite *s = suite_create("backgammon-repair");
	TCase *tc = tcase_create("repair");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_add_test(tc, points_of_a_passed_offer_are_repaired);
	tcase_add_test(tc, open_results_stay_errors);
	tcase_add_test(tc, a_row_run_into_the_next_is_split);
	tcase_add_test(tc, a_split_row_counts_columns_from_its_number);
	tcase_add_test(tc, repair_is_only_for_fmt);
	suite_add_tcase(s, tc);
	return s;
}
