/*
 * notate lint for backgammon: roll cells that are legal but not written as
 * the canonical writers write them.  Every code has a golden line; files
 * in canonical form (the sheet samples, and every legal sample of the
 * corpus converted to either form) get no finding; known rewrites of
 * canonical files (sub-moves swapped, dice swapped, points respelled,
 * counts spelled out) get exactly their code at exactly the cells changed;
 * cells with an error or a warning, and `check`, get no style finding.
 */
#include <dirent.h>

#include "backgammon/records_util.h"

/* ------------------------------------------------------------ helpers */

/* The rules of a cell are tested here, the layout of the lines (which a
   file named "t" gets as a mat, as fmt would write it) in core-layout. */
static const char *const no_layout[] = { "bg-layout" };

/* nt_check as `notate lint` calls it (LINT 1) or as `check` does. */
static void
run_lint(const char *text, int lint, size_t buffer, size_t chunk,
         ts_result *r)
{
	ts_config cfg = { .buffer_size = buffer, .read_chunk = chunk, .lint = lint,
	                  .ignore = no_layout, .nignore = 1 };
	ts_check(BG, "t", text, strlen(text), &cfg, r);
}

/* Linted whole, layout too, under NAME: no style finding. */
static void
lints_clean(const char *name, const char *text, const char *what)
{
	ts_config cfg = { .lint = 1 };
	ts_result r;
	ts_check(BG, name, text, strlen(text), &cfg, &r);
	ck_assert_msg(r.summary.style == 0, "%s: %s", what, r.diags[0].line);
	ts_free(&r);
}

/* Lints TEXT twice (whole reads, then a 64-byte buffer in 7-byte reads);
   the two runs must agree. */
static void
lint(const char *text, ts_result *r)
{
	ts_result r2;
	run_lint(text, 1, 0, 0, r);
	run_lint(text, 1, 64, 7, &r2);
	ck_assert_int_eq(r2.ndiags, r->ndiags);
	for (size_t i = 0; i < r->ndiags; i++) {
		ck_assert_str_eq(r2.diags[i].line, r->diags[i].line);
		ck_assert_uint_eq(r2.diags[i].end_lineno, r->diags[i].end_lineno);
		ck_assert_uint_eq(r2.diags[i].end_col, r->diags[i].end_col);
	}
	ck_assert_int_eq(r->rc, 0);
	ts_free(&r2);
}

/* TEXT with the first FROM replaced by TO (malloc'd). */
static char *
edit(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	ck_assert_msg(at != NULL, "no '%s' in the sample", from);
	size_t n = strlen(text) - strlen(from) + strlen(to);
	char *out = malloc(n + 1);
	size_t pre = (size_t)(at - text);
	memcpy(out, text, pre);
	strcpy(out + pre, to);
	strcat(out, at + strlen(from));
	return out;
}

/* Linting TEXT gives exactly the diagnostics GOLDEN (lines joined by \n). */
#define expect_lint(text, golden) expect_lint_at(text, golden, __LINE__)
static void
expect_lint_at(const char *text, const char *golden, int at)
{
	ts_result r;
	lint(text, &r);
	char got[8192] = "";
	for (size_t i = 0; i < r.ndiags; i++) {
		strcat(got, r.diags[i].line);
		strcat(got, "\n");
	}
	ck_assert_msg(strcmp(got, golden) == 0, "line %d:\n got:\n%s want:\n%s",
	              at, got, golden);
}

/* The sample TEXT of REL with one edit, linted: exactly GOLDEN. */
#define expect_edit(rel, from, to, golden) \
	expect_edit_at(rel, from, to, golden, __LINE__)
static void
expect_edit_at(const char *rel, const char *from, const char *to,
               const char *golden, int at)
{
	char *text = bg_sample(rel);
	char *t = edit(text, from, to);
	expect_lint_at(t, golden, at);
	free(t);
	free(text);
}

#define SHEET1 "sheet/bg-sheet-01.bg"
#define MAT1 "sheet/bg-sheet-01.mat"

/* A short game: Tariq opens 6-2: 24/18 13/11, leaving blots on Ines's 7
   and 1 points; Ines answers with ROW2 (a row text, as in the record). */
static char *
short_game(const char *row1, const char *row2)
{
	char *t = malloc(512);
	snprintf(t, 512, " 3 point match\n\n Game 1\n"
	         " Ines : 0                       Tariq : 0\n"
	         "  1)                             %s\n  2) %s\n", row1, row2);
	return t;
}

#define expect_short(row1, row2, golden) \
	do { \
		char *t_ = short_game(row1, row2); \
		expect_lint_at(t_, golden, __LINE__); \
		free(t_); \
	} while (0)

/* ------------------------------------------------------ golden lines */

START_TEST(play_path)
{
	expect_edit(SHEET1, "6-4: 24/14 ", "6-4: 24/18/14 ",
	            "t:10:6: style: '6-4: 24/18/14': canonical form drops the "
	            "point 18, where nothing is hit on the way: '6-4: 24/14' "
	            "[bg-play-path]\n");
	expect_edit(SHEET1, "6-4: 24/14 ", "6-4: 24/18 18/14 ",
	            "t:10:6: style: '6-4: 24/18 18/14': canonical form writes "
	            "the move of one checker as one path, not as several "
	            "sub-moves: '6-4: 24/14' [bg-play-path]\n");
	/* A hit on the way keeps its point, in the same path. */
	expect_edit(SHEET1, "3-1: bar/24*/21", "3-1: bar/24* 24/21",
	            "t:14:34: style: '3-1: bar/24* 24/21': canonical form writes "
	            "the move of one checker as one path, not as several "
	            "sub-moves: '3-1: bar/24*/21' [bg-play-path]\n");
	/* 2-2 played 8/6 6/4 6/4 4/2 is chained highest point first. */
	expect_short("6-2: 24/18 13/11", "2-2: 8/4 6/2",
	             "t:6:6: style: '2-2: 8/4 6/2': canonical form joins the "
	             "steps into paths differently, highest point first: "
	             "'2-2: 8/2 6/4' [bg-play-path]\n");
	/* A mat cell writes one step per die. */
	expect_edit(MAT1, "64: 24/18 18/14", "64: 24/14      ",
	            "t:10:6: style: '64: 24/14': canonical mat form writes one "
	            "step per die, each from its point to the next: "
	            "'64: 24/18 18/14' [bg-play-path]\n");
}
END_TEST

START_TEST(play_grouping)
{
	expect_edit(SHEET1, "6-6: 24/18(2) 13/7(2)", "6-6: 24/18 24/18 13/7(2)",
	            "t:23:6: style: '6-6: 24/18 24/18 13/7(2)': canonical form "
	            "writes a path played more than once as one sub-move with "
	            "its count: '6-6: 24/18(2) 13/7(2)' [bg-play-grouping]\n");
	expect_edit(SHEET1, "6-1: bar/24 13/7*", "6-1: bar/24 13/7*(1)",
	            "t:11:6: style: '6-1: bar/24 13/7*(1)': canonical form "
	            "writes no count (1): '6-1: bar/24 13/7*' "
	            "[bg-play-grouping]\n");
	expect_edit(MAT1, "66: 24/18 24/18 13/7 13/7", "66: 24/18(2) 13/7(2)     ",
	            "t:22:6: style: '66: 24/18(2) 13/7(2)': canonical mat form "
	            "writes every step on its own, without a count: "
	            "'66: 24/18 24/18 13/7 13/7' [bg-play-grouping]\n");
}
END_TEST

START_TEST(play_order)
{
	expect_edit(SHEET1, "3-1: 8/5 6/5", "3-1: 6/5 8/5",
	            "t:22:6: style: '3-1: 6/5 8/5': canonical form writes the "
	            "sub-moves in the order of their steps, highest point "
	            "first: '3-1: 8/5 6/5' [bg-play-order]\n");
	/* Equal starting points: the higher destination first. */
	expect_edit(SHEET1, "5-1: bar/24* bar/20", "5-1: bar/20 bar/24*",
	            "t:33:6: style: '5-1: bar/20 bar/24*': canonical form writes "
	            "the sub-moves in the order of their steps, highest point "
	            "first: '5-1: bar/24* bar/20' [bg-play-order]\n");
	/* A mat cell keeps any order its steps can be made in (7.2: gnubg
	   writes its move generator's order), with the '*' on the first
	   step in that order to land on the blot ... */
	expect_edit(MAT1, "31: 8/5 6/5", "31: 6/5 8/5", "");
	expect_edit(MAT1, "65: 13/7 6/1*", "65: 6/1* 13/7", "");
	expect_edit(MAT1, "64: 8/2* 6/2", "64: 6/2* 8/2", "");
	expect_edit(MAT1, "64: 8/2* 6/2", "64: 6/2 8/2*",
	            "t:15:34: style: '64: 6/2 8/2*': canonical form writes one "
	            "'*' for each point hit, after the first checker to land "
	            "there: '64: 6/2* 8/2' [bg-play-hit-marker]\n");
	/* ... but not one that cannot be played: the bar first. */
	expect_edit(MAT1, "42: 25/21 13/11", "42: 13/11 25/21",
	            "t:12:34: style: '42: 13/11 25/21': the steps cannot be "
	            "made in the order written, so canonical mat form writes "
	            "them from the highest starting point down: '42: 25/21 "
	            "13/11' [bg-play-order]\n");
}
END_TEST

START_TEST(play_hit_marker)
{
	/* 7 is hit on the way and kept in the path with its '*'; the second
	   checker to land there carries none. */
	expect_short("6-2: 24/18 13/11", "6-6: 24/18 13/7/1* 13/7*",
	             "t:6:6: style: '6-6: 24/18 13/7/1* 13/7*': canonical form "
	             "writes one '*' for each point hit, after the first checker "
	             "to land there (and after every point kept inside a path): "
	             "'6-6: 24/18 13/7*/1* 13/7' [bg-play-hit-marker]\n");
	expect_short("62: 24/18 13/11", "66: 24/18 13/7 13/7* 7/1*",
	             "t:6:6: style: '66: 24/18 13/7 13/7* 7/1*': canonical form "
	             "writes one '*' for each point hit, after the first checker "
	             "to land there: '66: 24/18 13/7* 13/7 7/1*' "
	             "[bg-play-hit-marker]\n");
	/* A '*' repeated on every checker that lands there. */
	expect_short("62: 24/18 13/11", "66: 24/18 13/7* 13/7* 7/1*",
	             "t:6:6: style: '66: 24/18 13/7* 13/7* 7/1*': canonical form "
	             "writes one '*' for each point hit, after the first checker "
	             "to land there: '66: 24/18 13/7* 13/7 7/1*' "
	             "[bg-play-hit-marker]\n");
	expect_short("6-2: 24/18 13/11", "6-6: 24/18 13/7*/1* 13/7", "");
	expect_short("62: 24/18 13/11", "66: 24/18 13/7* 13/7 7/1*", "");
}
END_TEST

/* A style finding spans its cell, as a rule error does; the mixed-dice
 * finding spans the first cell written the odd way. */
START_TEST(style_findings_span_the_cell)
{
	char *base = bg_sample(SHEET1);
	char *t = edit(base, "3-1: bar/24*/21", "3-1: 25/24*/21");
	ts_result r;
	lint(t, &r);
	ck_assert_uint_eq(r.ndiags, 1);
	ck_assert_msg(r.diags[0].lineno == 14 && r.diags[0].col == 34 &&
	              r.diags[0].end_lineno == 14 && r.diags[0].end_col == 47,
	              "%s ends at %lu:%lu", r.diags[0].line, r.diags[0].end_lineno,
	              r.diags[0].end_col);
	ts_free(&r);
	free(t);
	t = edit(base, "3-1: bar/24*/21", "31: bar/24*/21");
	lint(t, &r);
	ck_assert_uint_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[1].code, "bg-dice-mixed");
	ck_assert_msg(r.diags[1].lineno == 14 && r.diags[1].col == 34 &&
	              r.diags[1].end_lineno == 14 && r.diags[1].end_col == 47,
	              "%s ends at %lu:%lu", r.diags[1].line, r.diags[1].end_lineno,
	              r.diags[1].end_col);
	ts_free(&r);
	free(t);
	free(base);
}
END_TEST

START_TEST(play_spelling)
{
	expect_edit(SHEET1, "3-1: bar/24*/21", "3-1: 25/24*/21",
	            "t:14:34: style: '3-1: 25/24*/21': canonical form writes the "
	            "bar as 'bar', off as 'off' and points without leading "
	            "zeros: '3-1: bar/24*/21' [bg-play-spelling]\n");
	expect_edit(SHEET1, "3-1: bar/24*/21", "3-1: Bar/24*/21",
	            "t:14:34: style: '3-1: Bar/24*/21': canonical form writes "
	            "'bar' and 'off' in lower case: '3-1: bar/24*/21' "
	            "[bg-play-spelling]\n");
	expect_edit(SHEET1, "6-4: 24/14 ", "6-4:24/14  ",
	            "t:10:6: style: '6-4:24/14': canonical form writes one space "
	            "after the dice: '6-4: 24/14' [bg-play-spelling]\n");
	expect_edit(SHEET1, "3-1: 8/5 6/5", "3-1: 08/5 6/5",
	            "t:22:6: style: '3-1: 08/5 6/5': canonical form writes the "
	            "bar as 'bar', off as 'off' and points without leading "
	            "zeros: '3-1: 8/5 6/5' [bg-play-spelling]\n");
	expect_edit(MAT1, "61: 25/24 13/7*", "61: bar/24 13/7*",
	            "t:11:6: style: '61: bar/24 13/7*': canonical mat form writes "
	            "the bar as 25, off as 0 and points without leading zeros: "
	            "'61: 25/24 13/7*' [bg-play-spelling]\n");
	/* An unrecorded play is written ????. */
	expect_short("6-2: 24/18 13/11", "5-4: ?\?\n                                 "
	             "Wins 1 point",
	             "t:6:6: style: '5-4: ?\?': canonical form writes an "
	             "unrecorded play as '?\?\?\?': '5-4: ?\?\?\?' "
	             "[bg-play-spelling]\n");
}
END_TEST

START_TEST(no_play_form)
{
	expect_edit(SHEET1, "6-6: no play", "6-6: Cannot Move",
	            "t:11:34: style: '6-6: Cannot Move': the roll has no legal "
	            "play, which canonical form writes as 'no play': "
	            "'6-6: no play' [bg-no-play-form]\n");
	expect_edit(SHEET1, "6-6: no play", "6-6:        ",
	            "t:11:34: style: '6-6:': the roll has no legal play, which "
	            "canonical form writes as 'no play': '6-6: no play' "
	            "[bg-no-play-form]\n");
	expect_edit(MAT1, "66: \n", "66: no play\n",
	            "t:11:34: style: '66: no play': canonical mat form leaves a "
	            "roll with nothing played empty: '66:' [bg-no-play-form]\n");
	/* Rolled, then resigned with a legal play left: the play is empty. */
	expect_short("6-2: 24/18 13/11", "5-4: no play\n"
	             "                                 Wins 1 point",
	             "t:6:6: style: '5-4: no play': the player resigned with a "
	             "legal play left, and canonical form leaves the play empty: "
	             "'5-4:' [bg-no-play-form]\n");
	expect_short("6-2: 24/18 13/11", "5-4:\n"
	             "                                 Wins 1 point", "");
}
END_TEST

START_TEST(dice_order)
{
	expect_edit(SHEET1, "3-1: bar/24*/21", "1-3: bar/24*/21",
	            "t:14:34: style: '1-3: bar/24*/21': canonical form writes the "
	            "larger die first: '3-1:' [bg-dice-order]\n");
	/* The play of the cell is judged too, after the dice. */
	expect_edit(MAT1, "42: 25/21 13/11", "24: 13/11 25/21",
	            "t:12:34: style: '24: 13/11 25/21': canonical form writes the "
	            "larger die first: '42:' [bg-dice-order]\n"
	            "t:12:34: style: '24: 13/11 25/21': the steps cannot be "
	            "made in the order written, so canonical mat form writes "
	            "them from the highest starting point down: '42: 25/21 "
	            "13/11' [bg-play-order]\n");
}
END_TEST

START_TEST(dice_mixed)
{
	/* The first roll is the only one without '-': reported at the end of
	   the file, at that roll. */
	expect_edit(SHEET1, "5-3: 8/3 6/3", "53: 8/3 6/3 ",
	            "t:9:34: style: '53: 8/3 6/3': dice are written without '-' "
	            "(as 64:) only here, but with '-' (as 6-4:) in 25 rolls (the "
	            "first at line 10, column 6); write them one way "
	            "[bg-dice-mixed]\n");
	/* Two rolls each way: the way that came second is reported. */
	expect_short("6-2: 24/18 13/11", "31: 8/5 6/5                   5-4: 13/9 13/8\n"
	             "  3) 41: 24/23 13/9",
	             "t:6:6: style: '31: 8/5 6/5': dice are written without '-' "
	             "(as 64:) in 2 rolls of this file, the first here, but with "
	             "'-' (as 6-4:) in 2 rolls (the first at line 5, column 34); "
	             "write them one way [bg-dice-mixed]\n");
	/* One way throughout: nothing. */
	char *text = bg_sample(MAT1);
	expect_lint(text, "");
	free(text);
}
END_TEST

/* ------------------------------------------- what lint leaves alone */

START_TEST(errors_warnings_and_check_are_left_alone)
{
	/* A cell with an error gets only its error, and nothing after it in
	   its game is linted. */
	char *text = bg_sample(SHEET1);
	char *t = edit(text, "6-5: 13/7 6/1*", "6-5: 6/1* 12/6");
	char *t2 = edit(t, "5-2: bar/23 13/8", "5-2: 13/8 bar/23");
	ts_result r;
	lint(t2, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-empty-point");
	ck_assert_int_eq(r.summary.style, 0);
	free(t2);
	free(t);
	/* A play that already has bg-hit-marker-missing: only the warning. */
	t = edit(text, "6-5: 13/7 6/1*", "6-5: 6/1 13/7");
	lint(t, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-hit-marker-missing");
	free(t);
	/* check reports no style, and the same errors and warnings. */
	t = edit(text, "3-1: 8/5 6/5", "1-3: 6/5 08/5");
	run_lint(t, 0, 0, 0, &r);
	ck_assert_int_eq(r.ndiags, 0);
	ck_assert_int_eq(r.summary.style, 0);
	lint(t, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_int_eq(r.summary.style, 2);
	ck_assert_int_eq(r.summary.errors + r.summary.warnings, 0);
	free(t);
	free(text);
}
END_TEST

/* The legal samples in FOLDER, converted to FORM; returns how many. */
static int
converted_are_clean(const char *folder, const char *form)
{
	char dir[512];
	ts_shared(folder, dir, sizeof dir);
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "no corpus at %s", dir);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t l = strlen(e->d_name);
		if (l < 4 || (strcmp(e->d_name + l - 4, ".mat") != 0 &&
		              strcmp(e->d_name + l - 3, ".bg") != 0))
			continue;
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		char *text = ts_read_file(path, NULL);
		ck_assert_ptr_nonnull(text);
		ts_result c, r;
		ts_convert(BG, "t", text, strlen(text), form, NULL, &c);
		if (c.rc == 0) {
			run_lint(c.output, 1, 0, 0, &r);
			ck_assert_msg(r.summary.style == 0, "%s as %s: %s", e->d_name,
			              form, r.diags[0].line);
			lints_clean(strcmp(form, "sheet") == 0 ? "t.bg" : "t.mat",
			            c.output, e->d_name);
			ck_assert_int_gt(r.summary.moves, 0);
			n++;
		}
		ts_free(&c);
		free(text);
	}
	closedir(d);
	return n;
}

START_TEST(canonical_files_are_clean)
{
	/* The sheet samples are canonical as they are (both forms). */
	const char *sheet[] = { "bg-sheet-01.bg", "bg-sheet-01.mat",
		"bg-sheet-02.bg", "bg-sheet-02.mat", "bg-sheet-03.bg",
		"bg-sheet-03.mat", "bg-match-01.bg", "bg-match-04.bg",
		"bg-money-01.bg" };
	for (size_t i = 0; i < sizeof sheet / sizeof *sheet; i++) {
		char rel[64];
		snprintf(rel, sizeof rel, "sheet/%s", sheet[i]);
		char *text = bg_sample(rel);
		ts_result r;
		lint(text, &r);
		ck_assert_msg(r.ndiags == 0, "%s: %s", sheet[i], r.diags[0].line);
		lints_clean(sheet[i], text, sheet[i]);
		free(text);
	}
	/* Every legal sample, written by either writer. */
	const char *forms[] = { "sheet", "mat" };
	for (int f = 0; f < 2; f++) {
		int n = converted_are_clean("corpus/backgammon/mat", forms[f]);
		n += converted_are_clean("corpus/backgammon/sheet", forms[f]);
		n += converted_are_clean("corpus/backgammon/real", forms[f]);
		n += converted_are_clean("corpus/backgammon/real-bulk", forms[f]);
		ck_assert_int_eq(n, 11 + 9 + 35 + 364);
	}
}
END_TEST

/* ------------------------------------- rewrites of canonical files */

/*
 * MUT_SWAP swaps the first two sub-moves; in a mat only those of a cell
 * that enters first, so that the swapped order cannot be played (the bar
 * first).  MUT_FREE (mat only) swaps two steps whose order is free: no
 * hit, no entering, no bearing off, neither starting where the other
 * starts or ends; a mat keeps that order and lint finds nothing (7.2).
 */
enum mutation { MUT_SWAP, MUT_DICE, MUT_SPELL, MUT_GROUP, MUT_FREE };

/* Whether the word W of LEN bytes starts with P (as "25/"). */
static int
word_starts(const char *w, size_t len, const char *p)
{
	return len >= strlen(p) && strncmp(w, p, strlen(p)) == 0;
}

/* Two mat steps that can be made in either order (MUT_FREE). */
static int
order_free(const char *a, size_t na, const char *b, size_t nb)
{
	if (memchr(a, '*', na) || memchr(b, '*', nb) || word_starts(a, na, "25/")
	    || word_starts(b, nb, "25/"))
		return 0;
	int af, at, bf, bt;
	if (sscanf(a, "%d/%d", &af, &at) != 2 || sscanf(b, "%d/%d", &bf, &bt) != 2)
		return 0;
	return at != 0 && bt != 0 && af != bf && af != bt && bf != at;
}

static int
is_dice(const char *s, int sheet)
{
	if (sheet)
		return s[0] >= '1' && s[0] <= '6' && s[1] == '-' && s[2] >= '1' &&
		       s[2] <= '6' && s[3] == ':';
	return s[0] >= '1' && s[0] <= '6' && s[1] >= '1' && s[1] <= '6' &&
	       s[2] == ':';
}

/* A row of a game: its row number, then its cells. */
static int
row_line(const char *s)
{
	while (*s == ' ')
		s++;
	if (*s < '0' || *s > '9')
		return 0;
	while (*s >= '0' && *s <= '9')
		s++;
	return *s == ')';
}

/* The words of a play after its dice: up to 4, each ending at a blank. */
typedef struct words {
	int n;
	const char *w[4];
	size_t len[4];
} words;

static void
play_words(const char *s, words *ws)
{
	ws->n = 0;
	while (*s == ' ' && ws->n < 4) {
		const char *w = s + 1;
		size_t l = strcspn(w, " \n");
		if (memchr(w, '/', l) == NULL)
			break;
		ws->w[ws->n] = w;
		ws->len[ws->n++] = l;
		s = w + l;
	}
}

static int
word_eq(const words *ws, int a, int b)
{
	return ws->len[a] == ws->len[b] && memcmp(ws->w[a], ws->w[b], ws->len[a]) == 0;
}

/* The same points, whatever their stars. */
static int
points_eq(const words *ws, int a, int b)
{
	char x[64], y[64];
	size_t nx = 0, ny = 0;
	for (size_t i = 0; i < ws->len[a] && nx < 63; i++)
		if (ws->w[a][i] != '*')
			x[nx++] = ws->w[a][i];
	for (size_t i = 0; i < ws->len[b] && ny < 63; i++)
		if (ws->w[b][i] != '*')
			y[ny++] = ws->w[b][i];
	return nx == ny && memcmp(x, y, nx) == 0;
}

/*
 * Rewrites the roll cell at S (its dice) by mutation M into OUT; returns
 * the bytes of S consumed, or 0 when the cell does not lend itself to M.
 */
static size_t
mutate_cell(const char *s, int sheet, int m, char *out)
{
	size_t dice = sheet ? 4 : 3;
	words ws;
	play_words(s + dice, &ws);
	size_t end = ws.n > 0 ? (size_t)(ws.w[ws.n - 1] + ws.len[ws.n - 1] - s)
	                      : dice;
	char buf[256];
	size_t k = 0;
	memcpy(buf, s, dice);
	k = dice;
	if (m == MUT_DICE) {
		if (s[0] == s[dice - 2])
			return 0;
		buf[0] = s[dice - 2];
		buf[dice - 2] = s[0];
		memcpy(buf + k, s + dice, end - dice);
		k += end - dice;
	} else if (m == MUT_SWAP || m == MUT_FREE) {
		if (ws.n < 2 || points_eq(&ws, 0, 1))
			return 0;
		if (m == MUT_FREE && (sheet || !order_free(ws.w[0], ws.len[0],
		                                           ws.w[1], ws.len[1])))
			return 0;
		if (m == MUT_SWAP && !sheet && (!word_starts(ws.w[0], ws.len[0],
		    "25/") || word_starts(ws.w[1], ws.len[1], "25/")))
			return 0;
		int order[4] = { 1, 0, 2, 3 };
		for (int i = 0; i < ws.n; i++) {
			buf[k++] = ' ';
			memcpy(buf + k, ws.w[order[i]], ws.len[order[i]]);
			k += ws.len[order[i]];
		}
	} else if (m == MUT_SPELL) {
		char play[200];
		memcpy(play, s + dice, end - dice);
		play[end - dice] = '\0';
		const char *from = sheet ? " bar/" : " 25/", *to = sheet ? " 25/" : " b/";
		char *at = strstr(play, from);
		if (at == NULL) {
			from = sheet ? "/off" : "/0";
			to = sheet ? "/0" : "/OFF";
			at = strstr(play, from);
			if (at == NULL || (!sheet && at[2] != '\0' && at[2] != ' '))
				return 0;
		}
		k += (size_t)sprintf(buf + k, "%.*s%s%s", (int)(at - play), play, to,
		                     at + strlen(from));
	} else {
		int done = 0;
		for (int i = 0; i < ws.n; i++) {
			const char *w = ws.w[i];
			size_t l = ws.len[i];
			if (sheet && !done && l > 3 && strncmp(w + l - 3, "(2)", 3) == 0) {
				k += (size_t)sprintf(buf + k, " %.*s %.*s", (int)(l - 3), w,
				                     (int)(l - 3), w);
				done = 1;
			} else if (!sheet && !done && i + 1 < ws.n && word_eq(&ws, i, i + 1)) {
				k += (size_t)sprintf(buf + k, " %.*s(2)", (int)l, w);
				done = 1;
				i++;
			} else {
				k += (size_t)sprintf(buf + k, " %.*s", (int)l, w);
			}
		}
		if (!done)
			return 0;
	}
	memcpy(out, buf, k);
	out[k] = '\0';
	return end;
}

typedef struct expected {
	unsigned long line, col;
} expected;

/*
 * Applies mutation M to every roll cell of the canonical TEXT it fits;
 * linting the result must give CODE at each of those cells, nothing else.
 */
static int
mutations_found(const char *name, const char *text, int sheet, int m,
                const char *code)
{
	size_t cap = strlen(text) * 2 + 64;
	char *out = malloc(cap);
	expected *want = malloc(sizeof *want * 4096);
	size_t o = 0;
	int nwant = 0;
	unsigned long line = 1, col = 1;
	int row = 0;
	for (const char *s = text; *s != '\0';) {
		char cell[256];
		size_t used;
		if (col == 1)
			row = row_line(s);
		int starts = row && (s == text || s[-1] == ' ') && is_dice(s, sheet);
		if (starts && nwant < 4096 &&
		    (used = mutate_cell(s, sheet, m, cell)) > 0) {
			want[nwant].line = line;
			want[nwant++].col = col;
			size_t n = strlen(cell);
			memcpy(out + o, cell, n);
			o += n;
			col += n;
			s += used;
			continue;
		}
		out[o++] = *s;
		if (*s++ == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
	}
	out[o] = '\0';
	ts_result r;
	run_lint(out, 1, 0, 0, &r);
	ck_assert_msg(r.summary.errors == 0, "%s: %s", name, r.diags[0].line);
	int expect = code != NULL ? nwant : 0;
	ck_assert_msg(r.summary.style == expect, "%s, %s: %ld findings for %d "
	              "cells changed (%s)", name, code ? code : "none",
	              r.summary.style, nwant, r.ndiags ? r.diags[0].line : "");
	int j = 0;
	for (size_t i = 0; i < r.ndiags; i++) {
		if (r.diags[i].severity != NT_SEV_STYLE)
			continue;
		ck_assert_msg(strcmp(r.diags[i].code, code) == 0 &&
		              r.diags[i].lineno == want[j].line &&
		              r.diags[i].col == want[j].col, "%s: got %s, want "
		              "%lu:%lu %s", name, r.diags[i].line, want[j].line,
		              want[j].col, code);
		j++;
	}
	free(want);
	free(out);
	return nwant;
}

START_TEST(rewrites_of_canonical_files)
{
	static const char *const codes[] = { "bg-play-order", "bg-dice-order",
		"bg-play-spelling", "bg-play-grouping", NULL };
	int found[2][5] = { { 0 } };
	const char *files[] = { "sheet/bg-sheet-01.bg", "sheet/bg-sheet-02.bg",
		"sheet/bg-sheet-03.bg", "mat/bg-match-01.mat", "mat/bg-money-01.mat",
		"mat/bg-variants-01.mat", "real/real-03.mat", "real/real-13.mat",
		"real/real-21.mat", "real/real-30.mat" };
	for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
		char *text = bg_sample(files[f]);
		for (int sheet = 0; sheet < 2; sheet++) {
			ts_result c;
			ts_convert(BG, "t", text, strlen(text), sheet ? "sheet" : "mat",
			           NULL, &c);
			ck_assert_int_eq(c.rc, 0);
			for (int m = 0; m < 5; m++)
				found[sheet][m] += mutations_found(files[f], c.output, sheet,
				                                   m, codes[m]);
			ts_free(&c);
		}
		free(text);
	}
	/* Each rewrite was tried on many cells of each form. */
	for (int sheet = 0; sheet < 2; sheet++)
		for (int m = 0; m < 5 - sheet; m++)
			ck_assert_msg(found[sheet][m] >= 10, "%s in %s: %d cells",
			              codes[m] ? codes[m] : "a free order",
			              sheet ? "sheet" : "mat", found[sheet][m]);
}
END_TEST

/* -------------------------------------------------- the command line */

START_TEST(lint_command)
{
	char *dir = ts_tmpdir();
	char path[1024];
	snprintf(path, sizeof path, "%s/club.bg", dir);
	char *text = bg_sample(SHEET1);
	char *t = edit(text, "3-1: 8/5 6/5", "3-1: 6/5 8/5");
	ck_assert_int_eq(ts_write_file(path, t, strlen(t)), 0);
	char *out, want[2048];
	ck_assert_int_eq(ts_run((const char *[]){ "lint", path, NULL }, NULL,
	                        &out, NULL), 1);
	snprintf(want, sizeof want, "%s:22:6: style: '3-1: 6/5 8/5': canonical "
	         "form writes the sub-moves in the order of their steps, highest "
	         "point first: '3-1: 8/5 6/5' [bg-play-order]\n", path);
	ck_assert_str_eq(out, want);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "-W", "error", path,
	                                          NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, "");
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "check", path, NULL }, NULL,
	                        &out, NULL), 0);
	ck_assert_str_eq(out, "");
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "explain", "bg-play-order",
	                                          NULL }, NULL, &out, NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "Illegal: '6-4: 8/4 13/7'"));
	free(out);
	free(t);
	free(text);
	ts_rmtree(dir);
	free(dir);
}
END_TEST

Suite *
backgammon_lint_suite(void)
{
	Suite *s = suite_create("backgammon-lint");
	TCase *tc = tcase_create("lint");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, play_path);
	tcase_add_test(tc, play_grouping);
	tcase_add_test(tc, play_order);
	tcase_add_test(tc, play_hit_marker);
	tcase_add_test(tc, play_spelling);
	tcase_add_test(tc, style_findings_span_the_cell);
	tcase_add_test(tc, no_play_form);
	tcase_add_test(tc, dice_order);
	tcase_add_test(tc, dice_mixed);
	tcase_add_test(tc, errors_warnings_and_check_are_left_alone);
	tcase_add_test(tc, canonical_files_are_clean);
	tcase_add_test(tc, rewrites_of_canonical_files);
	tcase_add_test(tc, lint_command);
	suite_add_tcase(s, tc);
	return s;
}
