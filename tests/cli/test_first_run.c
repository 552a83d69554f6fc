/*
 * A real archive on its first run: records found by their content under
 * the names their exporters give them, nothing passed silently, and the
 * library's detection the same as the command line's.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "support/support.h"

/* A real export from the shared corpus, copied into the test folder. */
static char *
real_export(const char *corpus_name, const char *as)
{
	char rel[256], path[512];
	snprintf(rel, sizeof rel, "corpus/backgammon/real/%s", corpus_name);
	size_t len;
	char *text = ts_read_file(ts_shared(rel, path, sizeof path), &len);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	char *dest = ts_in_dir(as, NULL);
	ck_assert_int_eq(ts_write_file(dest, text, len), 0);
	free(text);
	return dest;
}

static char *
sub_folder(const char *name)
{
	char *dir = ts_in_dir(name, NULL);
	ck_assert_int_eq(mkdir(dir, 0777), 0);
	return dir;
}

static const char *const galaxy = "exports/match1004844.txt";
static const char *const studio =
	"exports/Magic - Lasse 5pt Backgammon Studio 2024_04_22 19_06_30.txt";

/* Galaxy's and Studio's exports, a file with no extension, and files that
 * hold no record (one reads like moves, but says it is a diff). */
static char *
export_folder(void)
{
	char *dir = sub_folder("exports");
	free(real_export("real-01.mat", galaxy));
	free(real_export("real-13.mat", studio));
	free(real_export("real-02.mat", "exports/match12031069"));
	free(ts_in_dir("exports/notes.txt", "Lasse's matches, spring 2024\n"));
	free(ts_in_dir("exports/moves.diff", "-B>5 W>12\n+B>05 W>12\n B>1 W>2 B>3\n"));
	return dir;
}

START_TEST(records_found_by_content_in_folders)
{
	char *dir = export_folder();
	char *out, *err;
	/* Warnings only: the run passes, and says what it left out. */
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", "--summary", dir, NULL },
	                        NULL, &out, &err), 0);
	char *last = strrchr(out, '\n');
	ck_assert_ptr_nonnull(last);
	*last = '\0';
	last = strrchr(out, '\n');
	ck_assert_str_eq(last ? last + 1 : out, "3 files, 13 games, 631 moves, "
	                 "0 errors, 36 warnings, 0 style findings; 2 files "
	                 "skipped: not a record");
	ck_assert(strstr(out, "match1004844.txt:") != NULL);
	ck_assert(strstr(out, "match12031069:") != NULL);
	ck_assert(strstr(err, "notes.txt") == NULL);
	free(out);
	free(err);
	/* -v names what was skipped; the JSON summary counts it. */
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", "-v", dir, NULL },
	                        NULL, &out, &err), 0);
	ck_assert(strstr(out, "19_06_30.txt: backgammon: legal, 8 games") != NULL);
	ck_assert(strstr(out, "match12031069: backgammon: legal") != NULL);
	ck_assert(strstr(err, "notes.txt: skipped: not a record\n") != NULL);
	ck_assert(strstr(err, "moves.diff: skipped: not a record\n") != NULL);
	free(out);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", "-f", "json", dir, NULL },
	                        NULL, &out, NULL), 0);
	ck_assert(strstr(out, "\"skipped\":2,") != NULL);
	free(out);
	/* With --game, a record of another game is skipped, and counted apart. */
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", "--summary", "-q",
	                                          "--game", "bao", dir, NULL },
	                        NULL, &out, &err), 2);
	ck_assert(strstr(err, "no records found") != NULL);
	free(out);
	free(err);
	free(dir);
}
END_TEST

/* Umlabalaba and Bao exports are found by their content too. */
START_TEST(every_game_is_found_by_content)
{
	char *dir = sub_folder("games");
	free(ts_in_dir("games/club.txt", "[Rules \"gar\"]\n1B>1 1W>2\n"));
	free(ts_in_dir("games/opening", "[Game \"Bao la Kiswahili\"]\n1. A6>* a6>*\n"));
	free(ts_in_dir("games/README", "nothing here\n"));
	char *out, *err;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", "-v", dir, NULL },
	                        NULL, &out, &err), 0);
	ck_assert_msg(strstr(out, "club.txt: umlabalaba: legal") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "opening: bao: legal") != NULL, "%s", out);
	ck_assert(strstr(err, "README: skipped: not a record") != NULL);
	free(out);
	free(err);
	free(dir);
}
END_TEST

/* A run that finds nothing to check fails, in every output format. */
START_TEST(no_record_found_is_an_error)
{
	char *empty = sub_folder("empty");
	char *junk = sub_folder("junk");
	free(ts_in_dir("junk/readme.txt", "hello\n"));
	static const char *const formats[] = { "gnu", "json", "sarif", "github" };
	for (size_t f = 0; f < 4; f++) {
		char *out, *err;
		int rc = ts_run((const char *[]){ "check", "-r", "-f", formats[f],
		                                  empty, junk, NULL }, NULL, &out, &err);
		ck_assert_int_eq(rc, 2);
		char want[1024];
		snprintf(want, sizeof want, "notate: %s: no records found (no file", empty);
		ck_assert_msg(strstr(err, want) != NULL, "%s: %s", formats[f], err);
		snprintf(want, sizeof want, "notate: %s: no records found (1 file "
		         "skipped: not a record)\n", junk);
		ck_assert_msg(strstr(err, want) != NULL, "%s: %s", formats[f], err);
		/* The machine formats name it too. */
		if (f > 0)
			ck_assert_msg(strstr(out, "no records found") != NULL, "%s", out);
		free(out);
		free(err);
	}
	/* Every command that reads folders. */
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "-r", junk, NULL }, NULL, NULL, NULL), 2);
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "--check", "-r", junk, NULL }, NULL, NULL, NULL), 2);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", "-j", "2", junk, NULL }, NULL, NULL, NULL), 2);
	free(empty);
	free(junk);
}
END_TEST

/* The form fmt writes follows the extension in any case: CLUB.BG is a
 * sheet, as club.bg is. */
START_TEST(extensions_match_in_any_case)
{
	size_t len;
	char *sheet = ts_read_file("examples/backgammon/club-night.bg", &len);
	ck_assert_ptr_nonnull(sheet);
	char *lower = ts_in_dir("club.bg", sheet), *upper = ts_in_dir("CLUB.BG", sheet);
	char *mat = ts_in_dir("CLUB.Mat", sheet);
	char *lo, *up, *as_mat;
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", lower, NULL }, NULL, &lo, NULL), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", upper, NULL }, NULL, &up, NULL), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", mat, NULL }, NULL, &as_mat, NULL), 0);
	ck_assert_str_eq(up, lo);
	ck_assert(strstr(up, "6-4: 15/9 13/9") != NULL);
	ck_assert(strstr(as_mat, "64: 15/9 13/9") != NULL);
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "--check", upper, NULL }, NULL, NULL, NULL), 0);
	free(lo);
	free(up);
	free(as_mat);
	/* The library says the same. */
	const nt_game *bg = nt_game_by_name("backgammon");
	ck_assert_ptr_eq(nt_game_for_path("x/CLUB.BG"), bg);
	ck_assert_ptr_eq(nt_game_for_path("x/a.Mat"), bg);
	ck_assert_ptr_eq(nt_game_for_path("x/a.UMLA"), nt_game_by_name("umlabalaba"));
	ck_assert_str_eq(nt_game_fmt_form(bg, "CLUB.BG"), "sheet");
	ck_assert_str_eq(nt_game_fmt_form(bg, "club.MAT"), "mat");
	ck_assert_str_eq(nt_game_fmt_form(bg, "match1004844.txt"), "mat");
	ck_assert_ptr_null(nt_game_fmt_form(nt_game_by_name("bao"), "x.bao"));
	free(sheet);
	free(lower);
	free(upper);
	free(mat);
}
END_TEST

static void
count_diag(void *user, const nt_diag *d)
{
	(void)d;
	(*(long *)user)++;
}

/* nt_check_path: open, recognise, check, as the command line does. */
START_TEST(library_checks_a_path)
{
	char *txt = real_export("real-01.mat", "match1004844.txt");
	char *junk = ts_in_dir("notes.txt", "nothing\n");
	long diags = 0;
	nt_handler h = { .on_diag = count_diag, .user = &diags };
	nt_summary s;
	const nt_game *found = NULL;
	ck_assert_int_eq(nt_check_path(txt, NULL, NULL, &h, &s, &found), 0);
	ck_assert_ptr_eq(found, nt_game_by_name("backgammon"));
	ck_assert_int_eq(s.games, 2);
	ck_assert_int_eq(s.warnings, 17);
	ck_assert_int_eq(diags, 17);
	ck_assert_int_eq(nt_check_path(junk, NULL, NULL, &h, &s, &found), -3);
	ck_assert_ptr_null(found);
	/* A game named outright is taken as it is. */
	ck_assert_int_eq(nt_check_path(junk, nt_game_by_name("umlabalaba"), NULL,
	                               &h, &s, &found), 0);
	ck_assert_int_eq(s.errors, 1);
	char *missing = ts_in_dir("missing.mat", NULL);
	errno = 0;
	ck_assert_int_eq(nt_check_path(missing, NULL, NULL, &h, &s, NULL), -1);
	ck_assert_int_eq(errno, ENOENT);
	/* Extension first, then content. */
	const char *bao = "[Game \"Bao la Kiswahili\"]\n";
	ck_assert_ptr_eq(nt_game_detect("a.UML", bao, strlen(bao)),
	                 nt_game_by_name("umlabalaba"));
	ck_assert_ptr_eq(nt_game_detect("a.txt", bao, strlen(bao)),
	                 nt_game_by_name("bao"));
	ck_assert_ptr_eq(nt_game_detect(NULL, bao, strlen(bao)),
	                 nt_game_by_name("bao"));
	/* A head that fills the sniffers' buffer and ends in what starts a
	   move is read no further than it goes (an ASan build checks). */
	static char full[4096];
	memset(full, ' ', sizeof full);
	memcpy(full + sizeof full - 2, "A6", 2);
	ck_assert_ptr_null(nt_game_sniff(full, sizeof full));
	free(txt);
	free(junk);
	free(missing);
}
END_TEST

Suite *
cli_first_run_suite(void)
{
	Suite *s = suite_create("cli-first-run");
	TCase *tc = tcase_create("first-run");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, records_found_by_content_in_folders);
	tcase_add_test(tc, every_game_is_found_by_content);
	tcase_add_test(tc, no_record_found_is_an_error);
	tcase_add_test(tc, extensions_match_in_any_case);
	tcase_add_test(tc, library_checks_a_path);
	suite_add_tcase(s, tc);
	return s;
}
