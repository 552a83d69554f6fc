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
#include "fuzz/mutate.h"
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
			/* The fast targets of the game's readers too. */
			for (const nt_fuzz_reader *r = nt_fuzz_readers; r->name; r++)
				if (strcmp(r->game, g->d_name) == 0)
					ck_assert_int_eq(nt_fuzz_fast(r->name, (const uint8_t *)data, len), 0);
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

/* Every fast target runs its kept seeds (tests/fuzz/seeds/READER). */
START_TEST(fast_targets_pass_their_seeds)
{
	int files = 0;
	for (const nt_fuzz_reader *r = nt_fuzz_readers; r->name; r++) {
		char dir[300];
		snprintf(dir, sizeof dir, "tests/fuzz/seeds/%s", r->name);
		DIR *d = opendir(dir);
		ck_assert_msg(d != NULL, "%s: no seed corpus", dir);
		struct dirent *f;
		while ((f = readdir(d)) != NULL) {
			if (f->d_name[0] == '.')
				continue;
			char path[600];
			snprintf(path, sizeof path, "%s/%s", dir, f->d_name);
			size_t len;
			char *data = ts_read_file(path, &len);
			ck_assert(data != NULL);
			ck_assert_int_eq(nt_fuzz_fast(r->name, (const uint8_t *)data, len), 0);
			free(data);
			files++;
		}
		closedir(d);
	}
	ck_assert_int_gt(files, 0);
	ck_assert_int_eq(nt_fuzz_fast("no-such-reader", (const uint8_t *)"", 0), -1);
}
END_TEST

/*
 * A dictionary line libFuzzer takes: blank, a comment, or a quoted string
 * (optionally name=) of printable bytes with \\, \" and \xHH escapes.
 */
static int
dict_line_ok(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '\0' || *s == '\n' || *s == '#')
		return 1;
	while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
	       (*s >= '0' && *s <= '9') || *s == '_')
		s++;
	if (*s == '=')
		s++;
	if (*s++ != '"')
		return 0;
	int n = 0;
	for (; *s && *s != '"'; s++, n++) {
		if (*s < ' ' || *s > '~')
			return 0;
		if (*s != '\\')
			continue;
		s++;
		if (*s == 'x') {
			for (int k = 1; k <= 2; k++)
				if (!((s[k] >= '0' && s[k] <= '9') ||
				      (s[k] >= 'a' && s[k] <= 'f') ||
				      (s[k] >= 'A' && s[k] <= 'F')))
					return 0;
			s += 2;
		} else if (*s != '\\' && *s != '"') {
			return 0;
		}
	}
	if (*s++ != '"' || n == 0)
		return 0;
	return *s == '\0' || *s == '\n';
}

START_TEST(every_reader_has_a_dictionary)
{
	ck_assert(dict_line_ok("\"bar/\""));
	ck_assert(!dict_line_ok("\"bar/"));
	ck_assert(!dict_line_ok("\"\\q\""));
	for (const nt_fuzz_reader *r = nt_fuzz_readers; r->name; r++) {
		char path[300], line[512];
		snprintf(path, sizeof path, "tests/fuzz/dict/%s.dict", r->name);
		FILE *f = fopen(path, "r");
		ck_assert_msg(f != NULL, "%s: missing", path);
		int entries = 0, no = 0;
		while (fgets(line, sizeof line, f) != NULL) {
			no++;
			ck_assert_msg(dict_line_ok(line), "%s:%d: not a dictionary entry", path, no);
			entries += line[0] == '"';
		}
		fclose(f);
		ck_assert_msg(entries >= 8, "%s: only %d entries", path, entries);
	}
}
END_TEST

/*
 * The move-level mutator keeps within its bound, leaves tag lines alone,
 * changes the moves of a record for nearly every seed, and gives back a
 * record with no moves unchanged.
 */
START_TEST(move_mutator_changes_moves_only)
{
	static const char rec[] =
		"[Game \"Bao la Kiswahili\"]\n[Result \"*\"]\n\n"
		"1. A6<* a6> 2. A4< a8> 3. A3>+ a7> 4. A6< a6<\n"
		"5. A5< a3< 6. A5> a3< *\n";
	size_t len = sizeof rec - 1, tags = strchr(rec, '\n') - rec + 1;
	tags += strchr(rec + tags, '\n') - (rec + tags) + 1;
	uint8_t buf[512];
	int changed = 0;
	for (unsigned seed = 1; seed <= 400; seed++) {
		memcpy(buf, rec, len);
		size_t n = nt_fuzz_mutate_moves(buf, len, sizeof buf, seed);
		ck_assert_uint_le(n, sizeof buf);
		if (n == 0) {
			ck_assert(memcmp(buf, rec, len) == 0);
			continue;
		}
		ck_assert_msg(memcmp(buf, rec, tags) == 0, "seed %u changed a tag", seed);
		changed += n != len || memcmp(buf, rec, len) != 0;
	}
	ck_assert_int_ge(changed, 300);
	/* No room to grow: every result still fits. */
	for (unsigned seed = 1; seed <= 100; seed++) {
		memcpy(buf, rec, len);
		ck_assert_uint_le(nt_fuzz_mutate_moves(buf, len, len, seed), len);
	}
	memcpy(buf, "[Event \"x\"]\n", 12);
	ck_assert_uint_eq(nt_fuzz_mutate_moves(buf, 12, sizeof buf, 7), 0);
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
	tcase_add_test(tc, fast_targets_pass_their_seeds);
	tcase_add_test(tc, every_reader_has_a_dictionary);
	tcase_add_test(tc, move_mutator_changes_moves_only);
	suite_add_tcase(s, tc);
	return s;
}
