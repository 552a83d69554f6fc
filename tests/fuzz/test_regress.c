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

Suite *
fuzz_regress_suite(void)
{
	Suite *s = suite_create("fuzz-regress");
	TCase *tc = tcase_create("regress");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, regression_inputs_pass_through);
	suite_add_tcase(s, tc);
	return s;
}
