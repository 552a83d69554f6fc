/*
 * Every input the fuzzers ever found troublesome (tests/fuzz/regress/GAME/)
 * goes through the fuzz harness again, under the sanitizers in CI.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/harness.h"
#include "support/support.h"
#include "support/xg_build.h"

START_TEST(regression_inputs_pass_through)
{
	DIR *top = opendir("tests/fuzz/regress");
	ck_assert(top != NULL);
	struct dirent *g;
	int files = 0;
	while ((g = readdir(top)) != NULL) {
		if (g->d_name[0] == '.')
			continue;
		char dir[600];
		snprintf(dir, sizeof dir, "tests/fuzz/regress/%s", g->d_name);
		DIR *d = opendir(dir);
		if (d == NULL)
			continue;
		ck_assert_msg(nt_game_by_name(g->d_name) != NULL,
		              "tests/fuzz/regress/%s: no such game", g->d_name);
		struct dirent *f;
		while ((f = readdir(d)) != NULL) {
			if (f->d_name[0] == '.')
				continue;
			char path[1200];
			snprintf(path, sizeof path, "%s/%s", dir, f->d_name);
			size_t len;
			char *data = ts_read_file(path, &len);
			ck_assert(data != NULL);
			ck_assert_int_eq(nt_fuzz_one(g->d_name, NULL, (const uint8_t *)data, len), 0);
			free(data);
			files++;
		}
		closedir(d);
	}
	closedir(top);
	ck_assert_int_gt(files, 0);
}
END_TEST

/*
 * The XG target itself, on its seeds' kinds: the sample XG files (fuzzed
 * as containers) and the records of a small match (wrapped in one).
 */
START_TEST(xg_target_passes_its_seeds)
{
	static const char *const files[] = { "xg-01.xg", "xg-04.xg", "xg-05.xg" };
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char rel[100], path[900];
		snprintf(rel, sizeof rel, "corpus/backgammon/xg/%s", files[i]);
		ts_shared(rel, path, sizeof path);
		size_t len;
		char *data = ts_read_file(path, &len);
		ck_assert_msg(data != NULL, "cannot read %s", path);
		ck_assert_int_eq(nt_fuzz_one("backgammon", "xg", (const uint8_t *)data,
		                             len), 0);
		free(data);
	}
	xgb_match m;
	xgb_match_begin(&m, 3, "Ann", "Ben");
	xgb_game(&m, 0, 0, 1, 0);
	xgb_move(&m, 0, 3, 1, "8/5 6/5", 1);
	xgb_cube(&m, 1, 1, 0);
	xgb_footer(&m, 0, 1);
	ck_assert_int_eq(nt_fuzz_one("backgammon", "xg", m.rec.data,
	                             m.rec.n * XGB_RECORD - 7), 0);
	ck_assert_int_eq(nt_fuzz_one("bao", "xg", m.rec.data, 10), -1);
	xgb_match_free(&m);
}
END_TEST

Suite *
fuzz_regress_suite(void)
{
	Suite *s = suite_create("fuzz-regress");
	TCase *tc = tcase_create("regress");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, regression_inputs_pass_through);
	tcase_add_test(tc, xg_target_passes_its_seeds);
	suite_add_tcase(s, tc);
	return s;
}
