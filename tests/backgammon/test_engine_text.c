/*
 * The written forms of a play: the mat steps of 7.2 and the canonical sheet
 * text of 7.3, on the spec's examples and on every roll of the corpus files
 * that come as a sheet/mat pair (each the other's conversion, 9).
 */
#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "support/support.h"
#include "test_engine_util.h"

static bg_step
st(int from, int to, int die)
{
	bg_step s = { (unsigned char)from, (unsigned char)to, (unsigned char)die, 0 };
	return s;
}

static const char *
sheet_of(const bg_pos *p, int mover, const bg_step *s, int n)
{
	static _Thread_local char buf[BG_TEXT_MAX];
	bg_sheet_text(p, mover, s, n, buf, sizeof buf);
	return buf;
}

static const char *
mat_of(const bg_pos *p, int mover, const bg_step *s, int n)
{
	static _Thread_local char buf[BG_TEXT_MAX];
	bg_mat_text(p, mover, s, n, buf, sizeof buf);
	return buf;
}

/* ------------------------------------------------------- 7.2 examples */

START_TEST(mat_examples)
{
	char buf[BG_TEXT_MAX];
	bg_pos p;
	bg_pos_start(&p);
	tb_play(&p, 1, "5-3", "8/3 6/3");
	/* 24/14 with 6-4: the larger die first, 18 is open. */
	ck_assert_str_eq(tb_mat(&p, 0, "6-4", "24/14", buf, sizeof buf), "24/18 18/14");
	ck_assert_str_eq(tb_mat(&p, 0, "4-6", "24/14", buf, sizeof buf), "24/18 18/14");
	/* 13/4 with 6-3: 13/7 lands on a point the opponent holds. */
	bg_pos q = tb_pos("13 6:14", "18:2 1:13");
	ck_assert_str_eq(tb_mat(&q, 0, "6-3", "13/4", buf, sizeof buf), "13/10 10/4");
	/* A route that would hit an unmarked blot is not taken. */
	q = tb_pos("13 6:14", "18 1:14");
	ck_assert_str_eq(tb_mat(&q, 0, "6-3", "13/4", buf, sizeof buf), "13/10 10/4");
	ck_assert_str_eq(tb_mat(&q, 0, "6-3", "13/7*/4", buf, sizeof buf), "13/7* 7/4");
	/* 13/3(2) with 5-5: sorted by starting point. */
	bg_pos_start(&q);
	ck_assert_str_eq(tb_mat(&q, 0, "5-5", "13/3(2)", buf, sizeof buf), "13/8 13/8 8/3 8/3");
	/* 8/5*\/1* with 4-3: two hits by one checker. */
	q = tb_pos("8 6:14", "20 24 6:13");
	ck_assert_str_eq(tb_mat(&q, 0, "4-3", "8/5*/1*", buf, sizeof buf), "8/5* 5/1*");
	/* 4/2*\/off 4/2(2) with 2-2: the `*` on the first step landing on 2. */
	q = tb_pos("4:3 3:2 1:3", "23 6:14");
	ck_assert_str_eq(tb_mat(&q, 0, "2-2", "4/2*/off 4/2(2)", buf, sizeof buf),
	                 "4/2* 4/2 4/2 2/0");
	/* bar/24* bar/20 with 5-1: equal starts, higher destination first. */
	q = tb_pos("bar:2 6:13", "1 6:14");
	ck_assert_str_eq(tb_mat(&q, 0, "5-1", "bar/24* bar/20", buf, sizeof buf), "25/24* 25/20");
	ck_assert_str_eq(tb_mat(&q, 0, "1-5", "bar/20 bar/24*", buf, sizeof buf), "25/24* 25/20");
	/* Nothing played: no steps. */
	ck_assert_str_eq(mat_of(&q, 0, NULL, 0), "");
}
END_TEST

START_TEST(mat_text_from_steps)
{
	bg_pos p = tb_pos("6:15", "20 6:14");      /* a blot on side 0's 5 */
	bg_step s[4] = { st(6, 5, 1), st(6, 5, 1), st(6, 4, 2), st(6, 0, 6) };
	/* Sorted, and the `*` only on the first step landing on the blot. */
	ck_assert_str_eq(mat_of(&p, 0, s, 4), "6/5* 6/5 6/4 6/0");
	bg_step b[2] = { st(3, 0, 3), st(25, 22, 3) };
	ck_assert_str_eq(mat_of(&p, 0, b, 2), "25/22 3/0");
}
END_TEST

/* ------------------------------------------------------- 7.3 examples */

START_TEST(sheet_examples)
{
	bg_pos p;
	bg_pos_start(&p);
	bg_step a[2] = { st(8, 5, 3), st(6, 5, 1) };
	ck_assert_str_eq(sheet_of(&p, 0, a, 2), "8/5 6/5");
	bg_step b[2] = { st(24, 18, 6), st(18, 14, 4) };
	ck_assert_str_eq(sheet_of(&p, 0, b, 2), "24/14");
	/* 8/4(2): 2-2 played 8/6 8/6 6/4 6/4. */
	bg_step c[4] = { st(8, 6, 2), st(8, 6, 2), st(6, 4, 2), st(6, 4, 2) };
	ck_assert_str_eq(sheet_of(&p, 0, c, 4), "8/4(2)");
	/* 8/2 6/4: 2-2 played 8/6 6/4 6/4 4/2. */
	bg_step d[4] = { st(8, 6, 2), st(6, 4, 2), st(6, 4, 2), st(4, 2, 2) };
	ck_assert_str_eq(sheet_of(&p, 0, d, 4), "8/2 6/4");
	/* 13/10*\/5: a hit on the way stays, with its `*`. */
	bg_pos q = tb_pos("13 6:14", "15 1:14");
	bg_step e[2] = { st(13, 10, 3), st(10, 5, 5) };
	ck_assert_str_eq(sheet_of(&q, 0, e, 2), "13/10*/5");
	/* bar/24*\/21. */
	q = tb_pos("bar 6:14", "1 6:14");
	bg_step f[2] = { st(25, 24, 1), st(24, 21, 3) };
	ck_assert_str_eq(sheet_of(&q, 0, f, 2), "bar/24*/21");
	/* 6/1*(2): the `*` is part of the repeated path. */
	q = tb_pos("6:15", "24 1:14");
	bg_step g[2] = { st(6, 1, 5), st(6, 1, 5) };
	ck_assert_str_eq(sheet_of(&q, 0, g, 2), "6/1*(2)");
	/* 3/off 2/off(2) 1/off. */
	q = tb_pos("3 2:2 1", "14:15");
	bg_step h[4] = { st(2, 0, 4), st(1, 0, 4), st(3, 0, 4), st(2, 0, 4) };
	ck_assert_str_eq(sheet_of(&q, 0, h, 4), "3/off 2/off(2) 1/off");
	/* 4/2*\/off 4/2(2). */
	q = tb_pos("4:3 3:2 1:3", "23 6:14");
	bg_step k[4] = { st(4, 2, 2), st(4, 2, 2), st(4, 2, 2), st(2, 0, 2) };
	ck_assert_str_eq(sheet_of(&q, 0, k, 4), "4/2*/off 4/2(2)");
	/* Two hits by one checker; and a later path ending on a marked point. */
	q = tb_pos("8 6:14", "20 24 6:13");
	bg_step m[2] = { st(8, 5, 3), st(5, 1, 4) };
	ck_assert_str_eq(sheet_of(&q, 0, m, 2), "8/5*/1*");
	q = tb_pos("8 6:14", "20 6:14");
	bg_step n[4] = { st(8, 6, 2), st(6, 4, 2), st(4, 2, 2), st(6, 4, 2) };
	ck_assert_str_eq(sheet_of(&q, 0, n, 4), "8/2 6/4");
	q = tb_pos("13 8 6:13", "20 6:14");
	bg_step o[2] = { st(13, 5, 8), st(8, 5, 3) };
	ck_assert_str_eq(sheet_of(&q, 0, o, 2), "13/5* 8/5");
	ck_assert_str_eq(sheet_of(&q, 0, NULL, 0), "");
}
END_TEST

START_TEST(sheet_text_of_judged_plays)
{
	char buf[BG_TEXT_MAX];
	bg_pos p;
	bg_pos_start(&p);
	ck_assert_str_eq(tb_sheet(&p, 0, "6-4", "24/18 18/14", buf, sizeof buf), "24/14");
	ck_assert_str_eq(tb_sheet(&p, 0, "66", "24/18 24/18 13/7 13/7", buf, sizeof buf),
	                 "24/18(2) 13/7(2)");
	ck_assert_str_eq(tb_sheet(&p, 0, "1-1", "24/23 23/22 22/21 24/23", buf, sizeof buf),
	                 "24/21 24/23");
	/* A hit written without `*` is written with it. */
	bg_pos q = tb_pos("13:5 6:10", "21 6:14");
	ck_assert_str_eq(tb_sheet(&q, 0, "3-2", "13/10 6/4", buf, sizeof buf), "13/10 6/4*");
}
END_TEST

/* ----------------------------------------------- corpus sheet/mat pairs */

typedef struct roll_cell {
	int side;
	char dice[4];            /* "64" */
	char play[96];           /* as written, trimmed */
} roll_cell;

#define MAX_CELLS 2048

typedef struct game_cells {
	roll_cell cells[MAX_CELLS];
	int n;
	int game_start[64];      /* index of each game's first cell */
	int ngames;
} game_cells;

static int
is_cell_start(const char *w, size_t len)
{
	static const char *const words[] = {
		"double", "doubles", "beaver", "beavers", "raccoon", "raccoons",
		"take", "takes", "accept", "accepts", "pass", "passes", "drop",
		"drops", "reject", "rejects", "win", "wins", "losses", NULL
	};
	if ((len == 3 || len == 4) && isdigit((unsigned char)w[0]) &&
	    w[len - 1] == ':')
		return 1;
	for (int i = 0; words[i] != NULL; i++)
		if (strlen(words[i]) == len && strncasecmp(w, words[i], len) == 0)
			return 2;
	return 0;
}

/* Splits one row of a canonical file into its cells (test fixture). */
static void
read_row(game_cells *g, const char *line)
{
	const char *s = line;
	while (*s == ' ')
		s++;
	if (isdigit((unsigned char)*s) && strchr(s, ')') != NULL) {
		const char *r = s;
		while (isdigit((unsigned char)*r))
			r++;
		if (*r == ')')
			s = r + 1;
	}
	const char *starts[4];
	int kinds[4], n = 0;
	for (const char *w = s; *w != '\0';) {
		while (*w == ' ')
			w++;
		const char *e = w;
		while (*e != '\0' && *e != ' ')
			e++;
		int k = e > w ? is_cell_start(w, (size_t)(e - w)) : 0;
		if (k != 0 && n < 4) {
			starts[n] = w;
			kinds[n++] = k;
		}
		w = e;
	}
	for (int i = 0; i < n; i++) {
		int side = n == 2 ? i : (starts[i] - line < 20 ? 0 : 1);
		if (kinds[i] != 1)
			continue;
		ck_assert_int_lt(g->n, MAX_CELLS);
		roll_cell *c = &g->cells[g->n++];
		const char *w = starts[i];
		const char *end = i + 1 < n ? starts[i + 1] : w + strlen(w);
		c->side = side;
		c->dice[0] = w[0];
		c->dice[1] = w[w[1] == '-' ? 2 : 1];
		c->dice[2] = '\0';
		w = strchr(w, ':') + 1;
		while (w < end && *w == ' ')
			w++;
		while (end > w && end[-1] == ' ')
			end--;
		snprintf(c->play, sizeof c->play, "%.*s", (int)(end - w), w);
	}
}

static void
read_cells(const char *path, game_cells *g)
{
	size_t len;
	char *text = ts_read_file(path, &len);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	g->n = g->ngames = 0;
	int in_game = 0;
	for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
		const char *s = line;
		while (*s == ' ')
			s++;
		if (strncmp(s, "Game ", 5) == 0) {
			g->game_start[g->ngames++] = g->n;
			in_game = 1;
			continue;
		}
		if (!in_game || strchr(line, ')') == NULL)
			continue;      /* score lines, results */
		read_row(g, line);
	}
	free(text);
}

static int
game_of(const game_cells *g, int cell)
{
	int k = 0;
	while (k + 1 < g->ngames && g->game_start[k + 1] <= cell)
		k++;
	return k;
}

/* A mat cell's play as the mat writer would write it: steps, no end space. */
static void
trim_copy(char *dst, size_t size, const char *src)
{
	snprintf(dst, size, "%s", src);
	size_t n = strlen(dst);
	while (n > 0 && dst[n - 1] == ' ')
		dst[--n] = '\0';
}

static void
check_pair(const char *sheet_rel, const char *mat_rel, int canonical_mat)
{
	char sp[512], mp[512];
	static game_cells sheet, mat;
	ts_shared(sheet_rel, sp, sizeof sp);
	ts_shared(mat_rel, mp, sizeof mp);
	read_cells(sp, &sheet);
	read_cells(mp, &mat);
	ck_assert_int_eq(sheet.n, mat.n);
	ck_assert_int_eq(sheet.ngames, mat.ngames);
	ck_assert_int_gt(sheet.n, 5);
	bg_pos pos;
	int game = -1;
	for (int i = 0; i < sheet.n; i++) {
		const roll_cell *s = &sheet.cells[i], *m = &mat.cells[i];
		if (game_of(&sheet, i) != game) {
			game = game_of(&sheet, i);
			bg_pos_start(&pos);
		}
		ck_assert_int_eq(s->side, m->side);
		if (strcmp(s->play, "????") == 0)
			continue;
		char want_mat[BG_TEXT_MAX], got[BG_TEXT_MAX];
		bg_judgement js, jm;
		/* The sheet's next cell decides a resignation; pairs never rely on it. */
		int resign = strcmp(s->play, "") == 0;
		tb_judge_ex(&pos, s->side, s->dice, s->play, 0, resign, &js);
		ck_assert_msg(js.verdict == BG_ACCEPTED, "%s cell %d '%s: %s': %s",
		              sheet_rel, i, s->dice, s->play, tb_code_name(js.code));
		tb_judge_ex(&pos, m->side, m->dice, m->play, 0, resign, &jm);
		ck_assert_msg(jm.verdict != BG_REJECTED, "%s cell %d '%s: %s': %s",
		              mat_rel, i, m->dice, m->play, tb_code_name(jm.code));
		ck_assert_msg(bg_pos_equal(&js.after, &jm.after), "%s cell %d: positions differ",
		              sheet_rel, i);
		/*
		 * Our mat files are in 7.2 order; gnubg's own keep its order and
		 * may route a checker through the other point (7.5), so for them
		 * the positions (compared above) and the sheet text are checked.
		 */
		if (canonical_mat) {
			trim_copy(want_mat, sizeof want_mat, m->play);
			bg_mat_text(&pos, s->side, js.steps, js.nsteps, got, sizeof got);
			ck_assert_msg(strcmp(got, want_mat) == 0,
			              "%s cell %d: sheet '%s' gives mat '%s', file has '%s'",
			              sheet_rel, i, s->play, got, want_mat);
		}
		bg_sheet_text(&pos, m->side, jm.steps, jm.nsteps, got, sizeof got);
		const char *want_sheet = js.max_dice == 0 ? "no play" : s->play;
		if (jm.nsteps == 0)
			ck_assert_str_eq(s->play, js.max_dice == 0 ? "no play" : "");
		else
			ck_assert_msg(strcmp(got, want_sheet) == 0, "%s cell %d: mat '%s' gives sheet '%s', file has '%s'",
			              mat_rel, i, m->play, got, want_sheet);
		pos = js.after;
	}
}

START_TEST(corpus_pairs)
{
	check_pair("corpus/backgammon/sheet/bg-sheet-01.bg", "corpus/backgammon/sheet/bg-sheet-01.mat", 1);
	check_pair("corpus/backgammon/sheet/bg-sheet-02.bg", "corpus/backgammon/sheet/bg-sheet-02.mat", 1);
	check_pair("corpus/backgammon/sheet/bg-sheet-03.bg", "corpus/backgammon/sheet/bg-sheet-03.mat", 1);
	check_pair("corpus/backgammon/sheet/bg-match-01.bg", "corpus/backgammon/mat/bg-match-01.mat", 0);
	check_pair("corpus/backgammon/sheet/bg-match-04.bg", "corpus/backgammon/mat/bg-match-04.mat", 0);
	check_pair("corpus/backgammon/sheet/bg-money-01.bg", "corpus/backgammon/mat/bg-money-01.mat", 0);
}
END_TEST

Suite *
backgammon_text_suite(void)
{
	Suite *s = suite_create("backgammon-text");
	TCase *tc = tcase_create("examples");
	tcase_add_test(tc, mat_examples);
	tcase_add_test(tc, mat_text_from_steps);
	tcase_add_test(tc, sheet_examples);
	tcase_add_test(tc, sheet_text_of_judged_plays);
	suite_add_tcase(s, tc);
	tc = tcase_create("corpus");
	tcase_add_test(tc, corpus_pairs);
	suite_add_tcase(s, tc);
	return s;
}
