/*
 * Conversion (spec sections 4 and 7): the corpus pairs both ways byte for
 * byte, idempotence, the round trips of 7.5, GNU Backgammon's own files
 * reproduced byte for byte (their steps keep their order, 7.2), the layout
 * rules of 4.1 to 4.3 on records built for them, and no output for an
 * illegal record.
 */
#include <dirent.h>

#include "backgammon/records_util.h"

/* Where A and B first differ, short enough for a Check message. */
static const char *
first_diff(const char *a, const char *b, char *buf, size_t size)
{
	size_t i = 0, line = 1, start = 0;
	for (; a[i] && a[i] == b[i]; i++)
		if (a[i] == '\n') {
			line++;
			start = i + 1;
		}
	snprintf(buf, size, "line %zu:\n got  '%.100s'\n want '%.100s'", line,
	         a + start, b + start);
	return buf;
}

#define ck_assert_same(got, want, what) do { \
		char diff_[400]; \
		ck_assert_msg(strcmp(got, want) == 0, "%s: %s", what, \
		              first_diff(got, want, diff_, sizeof diff_)); \
	} while (0)

/* TEXT converted to FORM: must succeed; the result is malloc'd. */
static char *
convert(const char *text, const char *form, const ts_config *cfg)
{
	ts_result r;
	ts_convert(BG, "t", text, strlen(text), form, cfg, &r);
	ck_assert_msg(r.rc == 0, "convert to %s: rc %d: %s", form, r.rc,
	              r.ndiags ? r.diags[0].line : "");
	ck_assert_msg(r.summary.errors == 0, "%s", r.diags[0].line);
	char *out = r.output;
	r.output = NULL;
	ts_free(&r);
	/* The same through a 64-byte buffer in 7-byte reads. */
	ts_config tiny = bg_tiny;
	ts_convert(BG, "t", text, strlen(text), form, &tiny, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_str_eq(r.output, out);
	ts_free(&r);
	return out;
}

static void
expect_conversion(const char *from, const char *form, const char *want_rel)
{
	char *in = bg_sample(from);
	char *want = bg_sample(want_rel);
	char *got = convert(in, form, NULL);
	ck_assert_same(got, want, from);
	free(in);
	free(want);
	free(got);
}

START_TEST(corpus_pairs_both_ways)
{
	const char *pairs[] = { "bg-sheet-01", "bg-sheet-02", "bg-sheet-03" };
	for (size_t i = 0; i < 3; i++) {
		char bg[64], mat[64];
		snprintf(bg, sizeof bg, "sheet/%s.bg", pairs[i]);
		snprintf(mat, sizeof mat, "sheet/%s.mat", pairs[i]);
		expect_conversion(bg, "mat", mat);
		expect_conversion(mat, "sheet", bg);
		/* Canonical files convert to themselves. */
		expect_conversion(bg, "sheet", bg);
		expect_conversion(mat, "mat", mat);
	}
	const char *gnubg[] = { "bg-match-01", "bg-match-04", "bg-money-01" };
	for (size_t i = 0; i < 3; i++) {
		char mat[64], bg[64];
		snprintf(mat, sizeof mat, "mat/%s.mat", gnubg[i]);
		snprintf(bg, sizeof bg, "sheet/%s.bg", gnubg[i]);
		expect_conversion(mat, "sheet", bg);
		expect_conversion(bg, "sheet", bg);
	}
}
END_TEST

START_TEST(gnubg_files_come_back)
{
	char dir[512];
	ts_shared("corpus/backgammon/mat", dir, sizeof dir);
	DIR *d = opendir(dir);
	ck_assert(d != NULL);
	struct dirent *e;
	int n = 0;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "bg-", 3) != 0 ||
		    strstr(e->d_name, "variants") != NULL)
			continue;
		char rel[300];
		snprintf(rel, sizeof rel, "mat/%s", e->d_name);
		char *in = bg_sample(rel);
		/* 7.2: gnubg's steps keep the order it wrote them in, so the
		   mat writer gives its file back byte for byte (7.5), trailing
		   blanks included. */
		char *want = strdup(in);
		/* gnubg stops an unfinished last game without its line end. */
		size_t wl = strlen(want);
		if (wl > 0 && want[wl - 1] != '\n') {
			want = realloc(want, wl + 3);
			strcpy(want + wl, "\n\n");
		}
		char *mat = convert(in, "mat", NULL);
		ck_assert_same(mat, want, e->d_name);
		/* mat -> sheet -> mat keeps the facts (a consolidated move may go
		   through the other point, 7.5): its sheet is the same. */
		char *sheet = convert(in, "sheet", NULL);
		char *back = convert(sheet, "mat", NULL);
		char *again = convert(back, "sheet", NULL);
		ck_assert_same(again, sheet, e->d_name);
		free(in);
		free(want);
		free(mat);
		free(sheet);
		free(back);
		free(again);
		n++;
	}
	closedir(d);
	ck_assert_int_eq(n, 10);
}
END_TEST

/* Every legal sample converts, and a second conversion changes nothing. */
static void
twice_is_once(const char *rel)
{
	char *in = bg_sample(rel);
	for (int f = 0; f < 2; f++) {
		const char *form = f ? "sheet" : "mat";
		char *once = convert(in, form, NULL);
		char *twice = convert(once, form, NULL);
		ck_assert_same(twice, once, rel);
		/* Writers always write the `*`: no warning is left. */
		bg_expect_clean(once);
		free(once);
		free(twice);
	}
	/* The two forms carry the same facts: their sheets agree. */
	char *m = convert(in, "mat", NULL);
	char *s = convert(in, "sheet", NULL);
	char *ms = convert(m, "sheet", NULL);
	ck_assert_same(ms, s, rel);
	free(m);
	free(s);
	free(ms);
	free(in);
}

START_TEST(second_conversion_changes_nothing)
{
	const char *dirs[] = { "mat", "sheet", "real" };
	for (size_t k = 0; k < 3; k++) {
		char dir[512], rel[64];
		snprintf(rel, sizeof rel, "corpus/backgammon/%s", dirs[k]);
		ts_shared(rel, dir, sizeof dir);
		DIR *d = opendir(dir);
		ck_assert(d != NULL);
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			size_t l = strlen(e->d_name);
			if (l < 4 || (strcmp(e->d_name + l - 4, ".mat") != 0 &&
			              strcmp(e->d_name + l - 3, ".bg") != 0))
				continue;
			if (strcmp(e->d_name, "real-14.mat") == 0)
				continue;   /* illegal */
			char path[600];
			snprintf(path, sizeof path, "%s/%s", dirs[k], e->d_name);
			twice_is_once(path);
		}
		closedir(d);
	}
}
END_TEST

START_TEST(illegal_records_are_not_converted)
{
	char *t = bg_sample("illegal/bg-illegal-02.mat");
	ts_result r;
	ts_convert(BG, "t", t, strlen(t), "sheet", NULL, &r);
	ck_assert_int_eq(r.rc, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-blocked-point");
	ts_free(&r);
	free(t);
	/* A syntax error anywhere, even in a game that is otherwise skipped. */
	ts_convert(BG, "t", "x\n", 2, "mat", NULL, &r);
	ck_assert_int_eq(r.rc, 1);
	ts_free(&r);
	/* Warnings do not stop a conversion, and the `*` comes back. */
	t = bg_sample("illegal/bg-illegal-08.mat");
	char *s = convert(t, "sheet", NULL);
	ck_assert(strstr(s, "bar/19* 7/2") != NULL);
	free(s);
	free(t);
	/* Unknown forms are refused. */
	ts_convert(BG, "t", "", 0, "xml", NULL, &r);
	ck_assert_int_eq(r.rc, -2);
	ts_free(&r);
}
END_TEST

/* ------------------------------------------------------ layout */

#define M3 " 3 point match\n\n"
#define G1 " Game 1\n Ann : 0                        Ben : 0\n"

START_TEST(header_lines_are_copied)
{
	const char *in = "\xEF\xBB\xBF; [Site \"x\"]  \r\n\r\n  # indented\r\n"
		"3 point match\r\n; between\r\n\r\n" G1 "62: 24/18 13/11  61: 13/7* 8/7\r\n";
	char *m = convert(in, "mat", NULL);
	ck_assert_str_eq(m, "; [Site \"x\"]  \n\n  # indented\n 3 point match\n\n"
	                 "; between\n\n Game 1\n Ann : 0                        "
	                 "Ben : 0\n  1) 62: 24/18 13/11             61: 13/7* 8/7 "
	                 "\n\n");
	free(m);
	/* No header at all. */
	m = convert(M3 G1 "  1) 31: 8/5 6/5\n", "sheet", NULL);
	ck_assert_str_eq(m, M3 " Game 1\n Ann : 0                        Ben : 0\n"
	                 "  1) 3-1: 8/5 6/5\n\n");
	free(m);
	/* Comment lines after the match line are followed by a blank line
	   (4.1 item 3) even when no game comes after them. */
	m = convert(M3 "; later\n", "mat", NULL);
	ck_assert_str_eq(m, M3 "; later\n\n");
	free(m);
	m = convert(M3 "; later\n", "sheet", NULL);
	ck_assert_str_eq(m, M3 "; later\n\n");
	free(m);
}
END_TEST

START_TEST(score_lines)
{
	/* `name : s` padded to 31, or followed by one space when longer. */
	char *m = convert(M3 " Game 1\n A : 0  B : 0\n", "mat", NULL);
	ck_assert_str_eq(m, M3 " Game 1\n A : 0                          B : 0\n\n");
	free(m);
	m = convert(M3 " Game 1\n Abcdefghijklmnopqrstuvwxyz12 : 0  B : 0\n",
	            "sheet", NULL);
	ck_assert_str_eq(m, M3 " Game 1\n Abcdefghijklmnopqrstuvwxyz12 : 0 B : 0\n\n");
	free(m);
	/* 4.1: exactly 31 characters also takes the single space. */
	m = convert(M3 " Game 1\n Abcdefghijklmnopqrstuvwxyz1 : 0  B : 0\n",
	            "mat", NULL);
	ck_assert_str_eq(m, M3 " Game 1\n Abcdefghijklmnopqrstuvwxyz1 : 0 B : 0\n\n");
	free(m);
	m = convert(M3 " Game 1\n Ann Lee  X:0\tBoardLord,1907 : 0\n", "sheet", NULL);
	ck_assert_str_eq(m, M3 " Game 1\n Ann Lee  X : 0                 "
	                 "BoardLord,1907 : 0\n\n");
	free(m);
	/* Padded to 31 characters, not bytes (3.1): the right name starts in
	 * column 33 after a UTF-8 name too. */
	const char *const forms[] = { "mat", "sheet" };
	for (int f = 0; f < 2; f++) {
		m = convert(M3 " Game 1\n J\xC3\xBCrgen M\xC3\xBCller : 0  B : 0\n",
		            forms[f], NULL);
		ck_assert_str_eq(m, M3 " Game 1\n J\xC3\xBCrgen M\xC3\xBCller : 0"
		                 "              B : 0\n\n");
		free(m);
	}
}
END_TEST

START_TEST(rows_and_cells)
{
	/* The right player first; a left-only row keeps its padding in mat
	   and loses it in sheet (bg-sheet-01 game 1, in mixed forms). */
	const char *in = M3 G1 "                                 5-3: 8/3 6/3\n"
		"  2) 6-4: 24/18 18/14             6-2: 24/18 13/11*\n"
		"  3) 6-1: 25/24 13/7*              6-6:\n"
		"  4) 53: 8/3 6/3           4-2: 25/21 13/11\n"
		"  5) 3-1: 8/5 6/5\n";
	char *m = convert(in, "mat", NULL);
	ck_assert_same(m, M3 G1
	               "  1)                             53: 8/3 6/3 \n"
	               "  2) 64: 24/18 18/14             62: 24/18 13/11* \n"
	               "  3) 61: 25/24 13/7*             66: \n"
	               "  4) 53: 8/3 6/3                 42: 25/21 13/11 \n"
	               "  5) 31: 8/5 6/5                 \n\n", "mat");
	free(m);
	char *s = convert(in, "sheet", NULL);
	ck_assert_same(s, M3 G1
	               "  1)                             5-3: 8/3 6/3\n"
	               "  2) 6-4: 24/14                  6-2: 24/18 13/11*\n"
	               "  3) 6-1: bar/24 13/7*           6-6: no play\n"
	               "  4) 5-3: 8/3 6/3                4-2: bar/21 13/11\n"
	               "  5) 3-1: 8/5 6/5\n\n", "sheet");
	free(s);
	/* gnubg's four sub-moves with hits push the right cell along. */
	const char *wide = M3 G1 "  1) 31: 8/5 6/5                 64: 13/7 13/9\n"
		"  2) 55: 13/8 13/8 8/3 8/3      33: 24/21 24/21 21/18 21/18\n"
		"  3) 44: 24/20 24/20 20/16* 20/16  11: 25/24 6/5 6/5 6/5\n";
	m = convert(wide, "mat", NULL);
	ck_assert_msg(strstr(m, "  3) 44: 24/20 24/20 20/16* 20/16 11: 25/24 6/5 "
	                 "6/5 6/5\n") != NULL, "%.300s", m);
	free(m);
}
END_TEST

START_TEST(mat_steps_keep_their_order)
{
	/* 7.2: steps that can be made in the order a mat cell wrote them keep
	   it, the '*' on the first step in that order to land on the blot;
	   an order that cannot be played (bar first) is sorted. */
	const char *in = M3 G1 "  1) 31: 6/5 8/5                 64: 13/9 24/18\n"
		"  2) 62: 13/11 13/7              31: 24/21 25/24\n"
		"  3) 64: 24/14\n";
	char *m = convert(in, "mat", NULL);
	ck_assert_same(m, M3 G1
	               "  1) 31: 6/5 8/5                 64: 13/9 24/18 \n"
	               "  2) 62: 13/11 13/7*             31: 25/24 24/21 \n"
	               "  3) 64: 24/18 18/14             \n\n", "mat");
	/* A second pass keeps what the first wrote. */
	char *again = convert(m, "mat", NULL);
	ck_assert_same(again, m, "mat again");
	free(again);
	free(m);
	/* A sheet knows no step order: its steps come sorted. */
	char *s = convert(in, "sheet", NULL);
	char *back = convert(s, "mat", NULL);
	ck_assert_msg(strstr(back, "  1) 31: 8/5 6/5                 64: 24/18 "
	                     "13/9 \n") != NULL, "%.300s", back);
	free(back);
	free(s);
}
END_TEST

/* TEXT with the first FROM replaced by TO (malloc'd). */
static char *
replaced(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	ck_assert_msg(at != NULL, "no '%s'", from);
	char *out = malloc(strlen(text) + strlen(to) + 1);
	sprintf(out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	return out;
}

/*
 * Issue 15: fmt puts the hit marks where the replay says, whether left
 * out (a warning) or misplaced (a style finding), and --diff shows just
 * those rows.
 */
START_TEST(fmt_puts_hit_marks_where_the_replay_says)
{
	char *canon = bg_sample("sheet/bg-sheet-01.mat");
	char *a = replaced(canon, "61: 25/24 13/7*  ", "61: 25/24 13/7   ");
	char *b = replaced(a, "64: 8/2* 6/2 ", "64: 8/2 6/2* ");
	char *m = convert(b, "mat", NULL);
	ck_assert_same(m, canon, "fmt");
	free(m);
	char *dir = ts_tmpdir();
	char path[1024];
	snprintf(path, sizeof path, "%s/club.mat", dir);
	ck_assert_int_eq(ts_write_file(path, b, strlen(b)), 0);
	char *out, *err;
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "--diff", path, NULL },
	                        NULL, &out, &err), 0);
	int minus = 0, plus = 0;
	for (const char *l = out; *l; l += strcspn(l, "\n") + (l[strcspn(l,
	     "\n")] != '\0')) {
		if (strncmp(l, "---", 3) == 0 || strncmp(l, "+++", 3) == 0)
			continue;
		minus += *l == '-';
		plus += *l == '+';
	}
	ck_assert_msg(minus == 2 && plus == 2 &&
	              strstr(out, "\n+  3) 61: 25/24 13/7*             66: \n") &&
	              strstr(out, "\n-  7) 52: 25/23 13/8              64: 8/2 "
	                          "6/2* \n") &&
	              strstr(out, "\n+  7) 52: 25/23 13/8              64: 8/2* "
	                          "6/2 \n"), "%s", out);
	free(out);
	free(err);
	ts_rmtree(dir);
	free(dir);
	free(a);
	free(b);
	free(canon);
}
END_TEST

START_TEST(cube_cells_and_results)
{
	/* Beaver and raccoon written loosely, then a pass by the left player
	   followed by the right player's result (gnubg's special row). */
	const char *in = " 0 point match\n\n Game 1\n Maya : 0   Oskar : 0\n"
		"  1) 4-2: 8/4 6/4                6-5: 24/13\n"
		"  2) doubles   beavers\n  3) raccoons => 8   accepts.\n"
		"  4) 6-6: 24/18(2) 13/7(2)       5-1: 13/8 6/5\n"
		" Game 2\n Maya : 0   Oskar : 0\n"
		"  1) 4-2: 8/4 6/4                Doubles\n  2) drop\n"
		"     Losses 1 points\n";
	char *m = convert(in, "mat", NULL);
	ck_assert_same(m, " 0 point match\n\n Game 1\n"
	               " Maya : 0                       Oskar : 0\n"
	               "  1) 42: 8/4 6/4                 65: 24/18 18/13 \n"
	               "  2)  Doubles => 2                Beavers => 4\n"
	               "  3)  Beavers => 8                Takes\n"
	               "  4) 66: 24/18 24/18 13/7 13/7   51: 13/8 6/5 \n\n"
	               " Game 2\n Maya : 0                       Oskar : 0\n"
	               "  1) 42: 8/4 6/4                  Doubles => 2\n"
	               "  2)  Drops                       Wins 1 point \n\n", "mat");
	free(m);
	char *s = convert(in, "sheet", NULL);
	ck_assert_same(s, " 0 point match\n\n Game 1\n"
	               " Maya : 0                       Oskar : 0\n"
	               "  1) 4-2: 8/4 6/4                6-5: 24/13\n"
	               "  2) Double to 2                 Beaver to 4\n"
	               "  3) Beaver to 8                 take\n"
	               "  4) 6-6: 24/18(2) 13/7(2)       5-1: 13/8 6/5\n\n"
	               " Game 2\n Maya : 0                       Oskar : 0\n"
	               "  1) 4-2: 8/4 6/4                Double to 2\n"
	               "  2) pass\n"
	               "                                 Wins 1 point\n\n", "sheet");
	free(s);
}
END_TEST

START_TEST(results_and_resignations)
{
	/* Ann rolls and resigns (a play existed): `5-2:` in sheet, `52: ` in
	   mat; the right player's result goes after the open row. */
	const char *in = " 7 point match\n Game 1\n Ann : 0   Ben : 0\n"
		"  1) 3-1: 8/5 6/5                6-4: 24/14\n  2) 5-2:\n"
		"                                  wins 1 points.\n";
	char *s = convert(in, "sheet", NULL);
	ck_assert_str_eq(s, " 7 point match\n\n Game 1\n"
	                 " Ann : 0                        Ben : 0\n"
	                 "  1) 3-1: 8/5 6/5                6-4: 24/14\n"
	                 "  2) 5-2:\n                                 Wins 1 point\n\n");
	char *m = convert(in, "mat", NULL);
	ck_assert_str_eq(m, " 7 point match\n\n Game 1\n"
	                 " Ann : 0                        Ben : 0\n"
	                 "  1) 31: 8/5 6/5                 64: 24/18 18/14 \n"
	                 "  2) 52:                         Wins 1 point\n\n");
	char *back = convert(m, "sheet", NULL);
	ck_assert_str_eq(back, s);
	free(s);
	free(m);
	free(back);
	/* A loss cell alone becomes the win cell; a pair becomes one win
	   cell; `and the match` goes; ???? stays. */
	in = " 1 point match\n Game 1\n Ann : 0   Ben : 0\n"
		"  1) 3-1: 8/5 6/5                6-4: ????\n"
		"      Losses 2 point\n"
		"                                  Wins 2 point and the match\n";
	s = convert(in, "sheet", NULL);
	ck_assert_str_eq(s, " 1 point match\n\n Game 1\n"
	                 " Ann : 0                        Ben : 0\n"
	                 "  1) 3-1: 8/5 6/5                6-4: ????\n"
	                 "                                 Wins 2 points\n\n");
	m = convert(s, "mat", NULL);
	ck_assert_str_eq(m, " 1 point match\n\n Game 1\n"
	                 " Ann : 0                        Ben : 0\n"
	                 "  1) 31: 8/5 6/5                 64: ????\n"
	                 "                                  Wins 2 points\n\n");
	free(s);
	free(m);
	in = " 3 point match\n Game 1\n Ann : 0   Ben : 0\n"
		"  1) 3-1: 8/5 6/5\n  2) Losses 1 point\n";
	s = convert(in, "sheet", NULL);
	ck_assert(strstr(s, "\n                                 Wins 1 point\n") != NULL);
	free(s);
}
END_TEST

START_TEST(right_result_after_open_row)
{
	/* gnubg appends ' Wins' to an open row after its separator space: the
	   result starts in column 35 after a played roll, a dance or a cube
	   cell, and in column 34 only after a roll left unplayed (above). */
	const char *in = " 3 point match\n Game 1\n Ann : 0   Ben : 0\n"
		"  1) 3-1: 8/5 6/5                6-4: 24/14\n"
		"  2) 5-2: 13/8 6/4               Wins 1 point\n"
		" Game 2\n Ann : 0   Ben : 1\n"
		"  1) 3-1: 8/5 6/5                6-4: 24/14\n"
		"  2) Double to 2\n"
		"                                 Wins 1 point\n";
	char *m = convert(in, "mat", NULL);
	ck_assert_str_eq(m, " 3 point match\n\n Game 1\n"
	                 " Ann : 0                        Ben : 0\n"
	                 "  1) 31: 8/5 6/5                 64: 24/18 18/14 \n"
	                 "  2) 52: 13/8 6/4                 Wins 1 point\n\n"
	                 " Game 2\n"
	                 " Ann : 0                        Ben : 1\n"
	                 "  1) 31: 8/5 6/5                 64: 24/18 18/14 \n"
	                 "  2)  Doubles => 2                Wins 1 point\n\n");
	char *again = convert(m, "mat", NULL);
	ck_assert_str_eq(again, m);
	free(m);
	free(again);
	/* A dance: gnubg holds a move (an empty one), so column 35 too
	   (bg-match-01.mat, Ann on the bar against a 5-point board). */
	char *t = bg_sample("mat/bg-match-01.mat");
	bg_truncate_after(t, 21);
	size_t n = strlen(t);
	const char *row = " 13) 53:                          Wins 1 point\n";
	t = realloc(t, n + strlen(row) + 1);
	memcpy(t + n, row, strlen(row) + 1);
	m = convert(t, "mat", NULL);
	ck_assert_msg(strstr(m, "\n 13) 53:                          Wins 1 point\n\n")
	              != NULL, "%s", m);
	free(m);
	free(t);
}
END_TEST

Suite *
backgammon_convert_suite(void)
{
	Suite *s = suite_create("backgammon-convert");
	TCase *tc = tcase_create("convert");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, corpus_pairs_both_ways);
	tcase_add_test(tc, gnubg_files_come_back);
	tcase_add_test(tc, second_conversion_changes_nothing);
	tcase_add_test(tc, illegal_records_are_not_converted);
	tcase_add_test(tc, header_lines_are_copied);
	tcase_add_test(tc, score_lines);
	tcase_add_test(tc, rows_and_cells);
	tcase_add_test(tc, mat_steps_keep_their_order);
	tcase_add_test(tc, fmt_puts_hit_marks_where_the_replay_says);
	tcase_add_test(tc, cube_cells_and_results);
	tcase_add_test(tc, results_and_resignations);
	tcase_add_test(tc, right_result_after_open_row);
	suite_add_tcase(s, tc);
	return s;
}
