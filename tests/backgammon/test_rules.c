/*
 * The rules a record is replayed against (spec sections 2.4 to 2.10, 5.3,
 * 6.3, 6.4) on the worked examples of section 8 and on records built for
 * each rule: turns, the cube with beavers, Crawford and dead cubes, results
 * and their points, resignations, scores, the end of the match, and the
 * order in which the checks are made.
 */
#include "backgammon/records_util.h"

#define SHEET1 "sheet/bg-sheet-01.bg"

/* bg-sheet-01.bg with line LINE replaced, cut after line CUT (0: whole). */
static char *
sheet1_with(int line, const char *repl, int cut)
{
	char *t = bg_sample(SHEET1);
	if (line > 0)
		t = bg_replace_line(t, line, repl);
	if (cut > 0)
		bg_truncate_after(t, cut);
	return t;
}

static unsigned long
col_of(const char *line, const char *needle)
{
	const char *p = strstr(line, needle);
	ck_assert_msg(p != NULL, "'%s' not in '%s'", needle, line);
	return (unsigned long)(p - line) + 1;
}

/* The line number of the first line of TEXT starting with PREFIX. */
static int
line_of(const char *text, const char *prefix)
{
	int n = 1;
	for (const char *p = text; *p; n++) {
		if (strncmp(p, prefix, strlen(prefix)) == 0)
			return n;
		p = strchr(p, '\n');
		if (p == NULL)
			break;
		p++;
	}
	ck_abort_msg("no line starts with '%s'", prefix);
	return 0;
}

/* Lines in TEXT (which ends with a line end). */
static unsigned long
last_line(const char *text)
{
	unsigned long n = 0;
	for (; *text; text++)
		n += *text == '\n';
	return n;
}

/*
 * A LEN-point match brought to A-B by resignations after one roll (at most
 * three points each: the cube stays at 1), then the game line and score
 * line of the next game.
 */
static char *
match_at(const char *header, long len, long a, long b)
{
	char *t = malloc(8192);
	size_t n = (size_t)snprintf(t, 8192, "%s %ld point match\n", header, len);
	long s[2] = { 0, 0 }, want[2] = { a, b };
	int game = 1;
	for (int side = 0; side < 2; side++) {
		while (s[side] < want[side]) {
			long p = want[side] - s[side] > 3 ? 3 : want[side] - s[side];
			n += (size_t)snprintf(t + n, 8192 - n, " Game %d\n Ann : %ld   Ben : "
			                      "%ld\n  1) 3-1: 8/5 6/5\n%sWins %ld point%s\n",
			                      game++, s[0], s[1], side ? "          "
			                      "                        " : "      ", p,
			                      p == 1 ? "" : "s");
			s[side] += p;
		}
	}
	snprintf(t + n, 8192 - n, " Game %d\n Ann : %ld   Ben : %ld\n", game, a, b);
	return t;
}

/* T (malloc'd) with MORE appended.  Frees T. */
static char *
append(char *t, const char *more)
{
	size_t n = strlen(t);
	t = realloc(t, n + strlen(more) + 1);
	strcpy(t + n, more);
	return t;
}

static void
expect_clean_free(char *t)
{
	bg_expect_clean(t);
	free(t);
}

/* ------------------------------------------------- 8.1 the plays */

START_TEST(spec_8_1_row_6)
{
	static const struct { const char *row; const char *code; } cases[] = {
		{ "  6) 6-5: 13/7 6/1*", NULL },
		{ "  6) 6-5: 13/2", NULL },
		{ "  6) 65: 13/7 6/1*", NULL },
		{ "  6) 6-5: 6/1* 13/7", NULL },
		{ "  6) 6-5: 13/7 6/1", "bg-hit-marker-missing" },
		{ "  6) 6-5: 13/7* 6/1", "bg-hit-marker-spurious" },
		{ "  6) 6-5: 13/7* 6/1*", "bg-hit-marker-spurious" },
		{ "  6) 6-5: 13/7", "bg-not-max-dice" },
		{ "  6) 6-5: 13/7 6/2", "bg-dice-mismatch" },
		{ "  6) 5-5: 13/7 6/1*", "bg-dice-mismatch" },
		{ "  6) 6-5: 12/6 6/1*", "bg-empty-point" },
		{ "  6) 6-5: 24/19 13/7", "bg-blocked-point" },
		{ "  6) 6-5: 6/off 13/8", "bg-bearoff-not-home" },
		{ "  6) 6-5: no play", "bg-no-play-but-legal" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *t = sheet1_with(14, cases[i].row, 14);
		if (cases[i].code == NULL)
			bg_expect_clean(t);
		else
			bg_expect_first_cfg(t, NULL, 14, 6, cases[i].code, __LINE__);
		free(t);
	}
	/* The missing `*` is a warning: the replay goes on as with 6/1*. */
	char *t = sheet1_with(14, "  6) 6-5: 13/7 6/1              3-1: bar/24*/21", 0);
	bg_expect_warnings(t, "bg-hit-marker-missing", 1);
	bg_expect_first_cfg(t, &bg_strict, 14, 6, "bg-hit-marker-missing", __LINE__);
	free(t);
}
END_TEST

/* A rule error spans its cell as written: blanks and tabs inside it count,
 * blanks after it do not, whatever the buffer (bg_check also reads through
 * a tiny buffer). */
START_TEST(rule_errors_span_the_cell)
{
	static const struct {
		const char *row;
		unsigned long col, end_col;
		const char *code;
	} cases[] = {
		{ "  6) 6-5: 13/7 6/2", 6, 18, "bg-dice-mismatch" },
		{ "  6) 6-5: 13/7 6/2   ", 6, 18, "bg-dice-mismatch" },
		{ "  6) 6-5:   13/7    6/2", 6, 23, "bg-dice-mismatch" },
		{ "  6) 6-5:\t13/7 6/2", 6, 18, "bg-dice-mismatch" },
		{ "  6) 65: 13/7", 6, 13, "bg-not-max-dice" },
		{ "  6) 6-5: 13/7 6/1*              3-1: bar/24/21", 34, 47,
		  "bg-hit-marker-missing" },
		{ "  6) Doubles => 4", 6, 17, "bg-cube-not-owned" },
		{ "  6) Wins 9 points", 6, 18, "bg-wins-wrong-points" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *t = sheet1_with(14, cases[i].row, 14);
		ts_result r;
		bg_check(t, &bg_strict, &r);
		ck_assert_msg(r.ndiags > 0, "case %zu: no diagnostic", i);
		const ts_diag *d = &r.diags[0];
		ck_assert_msg(strcmp(d->code, cases[i].code) == 0 && d->lineno == 14 &&
		              d->col == cases[i].col && d->end_lineno == 14 &&
		              d->end_col == cases[i].end_col,
		              "case %zu: %lu:%lu-%lu:%lu for %s", i, d->lineno, d->col,
		              d->end_lineno, d->end_col, d->line);
		ts_free(&r);
		free(t);
	}
}
END_TEST

START_TEST(spec_8_1_right_cell_and_dance)
{
	static const struct { const char *cell; const char *code; } cases[] = {
		{ "3-1: bar/24*/21", NULL },
		{ "3-1: 25/24* 24/21", NULL },
		{ "3-1: 24/21 bar/24*", NULL },
		{ "3-1: bar/21", "bg-hit-marker-missing" },
		{ "3-1: 13/10 11/10", "bg-bar-first" },
		{ "3-1: bar/22 6/5", "bg-blocked-point" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char row[128];
		snprintf(row, sizeof row, "  6) 6-5: 13/7 6/1*              %s",
		         cases[i].cell);
		char *t = sheet1_with(14, row, 14);
		if (cases[i].code == NULL)
			bg_expect_clean(t);
		else
			bg_expect_first_cfg(t, NULL, 14, 34, cases[i].code, __LINE__);
		free(t);
	}
	char *t = sheet1_with(11, "  3) 6-1: bar/24 13/7*           6-6: bar/19", 0);
	bg_expect_first(t, 11, 34, "bg-play-when-none-legal");
	free(t);
}
END_TEST

START_TEST(spec_8_1_bearing_off_and_larger_die)
{
	static const struct { const char *play; const char *code; } cases[] = {
		{ "6-4: 5/1 5/off", NULL },
		{ "6-4: 5/off 5/1", NULL },
		{ "6-4: 3/off 5/1", "bg-bearoff-overage" },
		{ "6-4: 5/off 3/off", "bg-bearoff-overage" },
		{ "6-4: 5/1/off", "bg-bearoff-overage" },
		{ "6-4: 5/off(2)", "bg-dice-mismatch" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *t = bg_sample("sheet/bg-sheet-03.bg");
		int line = line_of(t, " 17)");
		char row[128];
		snprintf(row, sizeof row, " 17) %s", cases[i].play);
		t = bg_replace_line(t, line, row);
		bg_truncate_after(t, line);
		if (cases[i].code == NULL)
			bg_expect_clean(t);
		else
			bg_expect_first_cfg(t, NULL, (unsigned long)line, 6,
			                    cases[i].code, __LINE__);
		free(t);
	}
	/* 8.1: only one die can be played, so it must be the 4. */
	char *t = bg_sample("illegal/bg-illegal-22.mat");
	bg_expect_first(t, 22, 6, "bg-larger-die");
	t = bg_replace_all(t, "42: 6/4", "42: 6/2");
	bg_truncate_after(t, 22);
	bg_expect_clean(t);
	free(t);
}
END_TEST

/* ------------------------------------------ 8.2 cube, result, structure */

START_TEST(spec_8_2_cube_and_turns)
{
	char *t = sheet1_with(9, "  1)                             5-5: 8/3(2) 6/1(2)", 0);
	bg_expect_first(t, 9, 34, "bg-opening-double");
	free(t);
	t = sheet1_with(10, "  2) 6-4: 24/14", 0);
	bg_expect_first(t, 11, 6, "bg-turn-order");
	free(t);
	t = sheet1_with(13, "  5)                             Double to 2", 0);
	bg_expect_first(t, 13, 34, "bg-turn-order");
	free(t);
	t = sheet1_with(13, "  5) Double to 3                 take", 0);
	bg_expect_first(t, 13, 6, "bg-cube-value");
	free(t);
	t = sheet1_with(13, "  5)                             take", 0);
	bg_expect_first(t, 13, 34, "bg-take-without-double");
	free(t);
	t = sheet1_with(13, "  5) Double to 2", 0);
	bg_expect_first(t, 14, 6, "bg-cube-no-response");
	t = bg_replace_line(t, 14, "  6) take");
	bg_expect_first(t, 14, 6, "bg-turn-order");
	free(t);
	t = sheet1_with(13, "  5) Double to 2                 Beaver to 4", 0);
	bg_expect_first(t, 13, 34, "bg-beaver-in-match");
	free(t);
	t = sheet1_with(14, "  6) Double to 4                 take", 0);
	bg_expect_first(t, 14, 6, "bg-cube-not-owned");
	free(t);
	const char *row9 = "  9) pass                         2-1: 13/11 6/5";
	t = sheet1_with(17, row9, 0);
	bg_expect_first(t, 17, col_of(row9, "2-1"), "bg-moves-after-end");
	free(t);
}
END_TEST

START_TEST(spec_8_2_results_and_games)
{
	char *t = sheet1_with(18, "                                 Wins 4 points", 0);
	bg_expect_first(t, 18, 34, "bg-wins-wrong-points");
	free(t);
	t = sheet1_with(18, "     Wins 2 points", 0);
	bg_expect_first(t, 18, 6, "bg-wins-wrong-player");
	free(t);
	t = sheet1_with(18, NULL, 0);
	bg_expect_first(t, 17, 6, "bg-missing-result");
	free(t);
	/* ` Game 3` for game 2: both it and the real game 3 are misnumbered. */
	t = sheet1_with(20, " Game 3", 0);
	ts_result r;
	bg_check(t, NULL, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].code, "bg-game-number");
	ck_assert_int_eq(r.diags[0].lineno, 20);
	ck_assert_int_eq(r.diags[0].col, 2);
	ck_assert_str_eq(r.diags[1].code, "bg-game-number");
	ck_assert_int_eq(r.diags[1].lineno, 28);
	ts_free(&r);
	free(t);
	t = sheet1_with(21, " Ines : 0                       Tarik : 2", 0);
	bg_expect_first(t, 21, 2, "bg-player-names");
	free(t);
	t = sheet1_with(21, " Ines : 0                       Tariq : 1", 0);
	bg_check(t, NULL, &r);
	/* One wrong score line, one diagnostic: the running score stays. */
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-score-mismatch");
	ck_assert_int_eq(r.diags[0].lineno, 21);
	ts_free(&r);
	free(t);
	/* Game 2 is the Crawford game: Tariq has 2 points of 3. */
	t = sheet1_with(23, "  2) 6-6: 24/18(2) 13/7(2)       Double to 2", 0);
	t = bg_replace_line(t, 24, "  3) take");
	bg_expect_first(t, 23, 34, "bg-cube-crawford");
	free(t);
	/* Tariq rolls 6-5 and resigns: Ines's result follows. */
	t = sheet1_with(25, "  4) 5-4: 13/9 13/8              6-5:", 0);
	bg_expect_clean(t);
	t = bg_replace_line(t, 26, "                                 Wins 1 point");
	bg_expect_first(t, 25, 34, "bg-no-play-but-legal");
	free(t);
	t = sheet1_with(26, "     Wins 1 point and the match", 0);
	bg_expect_first(t, 26, 6, "bg-wins-wrong-points");
	free(t);
	t = sheet1_with(35, "     Wins 2 points and the match", 0);
	bg_expect_clean(t);
	free(t);
	t = sheet1_with(35, "     Wins 1 point", 0);
	bg_expect_first(t, 35, 6, "bg-wins-wrong-points");
	free(t);
	t = bg_sample(SHEET1);
	size_t n = strlen(t);
	t = realloc(t, n + 200);
	strcat(t, " Game 4\n Ines : 3                       Tariq : 2\n"
	       "  1) 3-1: 8/5 6/5\n");
	bg_expect_first(t, 37, 2, "bg-game-after-match-end");
	free(t);
}
END_TEST

/* The findings about a game or score line span its text, from its first
 * to its last character that is not blank, on both lexer paths (a name
 * with a tab or UTF-8 takes the token path). */
START_TEST(game_and_score_line_findings_span_the_line)
{
	static const struct {
		int line;
		const char *text, *code;
		unsigned long col, end_col;
	} cases[] = {
		{ 20, " Game 3  ", "bg-game-number", 2, 7 },
		{ 20, "\tGame 12", "bg-game-number", 2, 8 },
		{ 21, " Ines : 0                       Tarik : 2  ", "bg-player-names", 2, 41 },
		{ 21, " In\xc3\xa9s : 0                       Tariq : 2", "bg-player-names", 2, 41 },
		{ 21, " Ines :\t0                       Tariq : 1", "bg-score-mismatch", 2, 41 },
		{ 21, " Ines : 0                       Tariq : 12\t", "bg-score-mismatch", 2, 42 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *t = sheet1_with(cases[i].line, cases[i].text, 0);
		ts_result r;
		bg_check(t, NULL, &r);
		ck_assert_msg(r.ndiags >= 1, "case %zu: clean", i);
		const ts_diag *d = &r.diags[0];
		ck_assert_msg(strcmp(d->code, cases[i].code) == 0 &&
		              d->lineno == (unsigned long)cases[i].line &&
		              d->col == cases[i].col &&
		              d->end_lineno == (unsigned long)cases[i].line &&
		              d->end_col == cases[i].end_col,
		              "case %zu: %s ends at %lu:%lu", i, d->line,
		              d->end_lineno, d->end_col);
		ts_free(&r);
		free(t);
	}
	char *t = bg_sample(SHEET1);
	size_t n = strlen(t);
	t = realloc(t, n + 200);
	strcat(t, " Game 4\n Ines : 3                       Tariq : 2\n");
	ts_result r;
	bg_check(t, NULL, &r);
	ck_assert_str_eq(r.diags[0].code, "bg-game-after-match-end");
	ck_assert_uint_eq(r.diags[0].end_col, 7);
	ts_free(&r);
	free(t);
}
END_TEST

START_TEST(spec_8_2_loss_cells)
{
	/* After game 3's result (line 35), a lone loss cell names no column. */
	static const struct { const char *line; const char *code; int col; } c[] = {
		{ "                                 Losses 2 points", NULL, 0 },
		{ "                                 Losses 1 point", "bg-wins-wrong-points", 34 },
		{ "     Losses 2 points", NULL, 0 },
		{ "  9)     Losses 2 points", "bg-wins-wrong-player", 10 },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		char *t = bg_sample(SHEET1);
		t = bg_insert_line(t, 36, c[i].line);
		if (c[i].code == NULL)
			bg_expect_clean_at(t, NULL, (int)i);
		else
			bg_expect_first_cfg(t, NULL, 36, (unsigned long)c[i].col,
			                    c[i].code, (int)i);
		free(t);
	}
	/* A loss cell alone names the winner: Ines. */
	char *t = sheet1_with(35, "                                 Losses 2 points", 0);
	bg_expect_clean(t);
	free(t);
	/* Loss before win, as Backgammon Galaxy writes the last game. */
	t = sheet1_with(35, "                                 Losses 2 points", 0);
	t = bg_insert_line(t, 36, "     Wins 2 points and the match");
	bg_expect_clean(t);
	free(t);
	t = sheet1_with(35, "                                 Losses 2 points", 0);
	t = bg_insert_line(t, 36, "     Wins 3 points and the match");
	bg_expect_first(t, 36, 6, "bg-wins-wrong-points");
	free(t);
	/* 6.3: with a lone loss cell first, W1 to W6 are made at the win cell,
	   so a wrong value is reported there, not at the loss cell. */
	t = sheet1_with(35, "                                 Losses 1 point", 0);
	t = bg_insert_line(t, 36, "     Wins 1 point");
	bg_expect_first(t, 36, 6, "bg-wins-wrong-points");
	free(t);
	/* 2.6, 3.8: Ines rolls and resigns; the lone loss cell (in Tariq's
	   column) takes its winner from the win cell after it, Tariq, so the
	   unplayed roll is a resignation, not bg-no-play-but-legal. */
	t = sheet1_with(34, "  5) 4-2:", 0);
	t = bg_replace_line(t, 35, "                                 Losses 2 points");
	t = bg_insert_line(t, 36, "                                 Wins 2 points");
	bg_expect_clean(t);
	free(t);
	/* A loss cell in a numbered row names the other column's player; the
	   win cell after it must agree. */
	t = sheet1_with(35, " 6)                              Losses 2 points", 0);
	t = bg_insert_line(t, 36, "                                 Wins 2 points and the match");
	bg_expect_first(t, 36, 34, "bg-wins-wrong-player");
	free(t);
	/* Both on one row (real-09): Tariq resigned... or Ines did. */
	t = sheet1_with(35, " 6) Losses 2 points              Wins 2 points and the match", 0);
	bg_expect_clean(t);
	free(t);
	t = sheet1_with(35, " 6) Wins 2 points               Losses 2 points", 0);
	bg_expect_clean(t);
	free(t);
	/* Two win cells: the second comes after the result. */
	t = bg_sample(SHEET1);
	t = bg_insert_line(t, 36, "     Wins 2 points");
	bg_expect_first(t, 36, 6, "bg-moves-after-end");
	free(t);
}
END_TEST

START_TEST(spec_8_2_dead_cube_in_post_crawford_game)
{
	/* Game 3 is post-Crawford; Tariq (needing 1) redoubles to 4. */
	char *t = sheet1_with(33, "  4) 5-1: bar/24* bar/20         Double to 4", 0);
	t = bg_replace_line(t, 34, "  5) pass");
	t = bg_replace_line(t, 35, "                                 Wins 2 points "
	                    "and the match");
	bg_expect_clean(t);
	ts_result r;
	bg_check(t, &bg_strict, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-cube-dead");
	ck_assert_int_eq(r.diags[0].severity, NT_SEV_WARNING);
	ck_assert_int_eq(r.diags[0].lineno, 33);
	ck_assert_int_eq(r.diags[0].col, 34);
	ck_assert_int_eq(r.summary.errors, 0);
	ts_free(&r);
	free(t);
	/* Ines's double in game 3 (she needs 2, the cube is at 1) is alive. */
	t = bg_sample(SHEET1);
	bg_check(t, &bg_strict, &r);
	ck_assert_int_eq(r.ndiags, 0);
	ts_free(&r);
	free(t);
}
END_TEST

/* ------------------------------------------------- 8.3 money, beaver */

START_TEST(spec_8_3_beaver)
{
	char *t = bg_sample("sheet/bg-sheet-02.bg");
	bg_expect_clean(t);
	int row4 = line_of(t, "  4)");
	/* Oskar may write his take of the beaver before rolling. */
	char *u = strdup(t);
	u = bg_replace_line(u, row4, "  4) Beaver to 4                 take");
	u = bg_insert_line(u, row4 + 1, "                                 4-3: 13/10 13/9");
	expect_clean_free(u);
	/* The same beaver in a 5-point match. */
	u = bg_replace_all(strdup(t), " 0 point match", " 5 point match");
	bg_expect_first(u, row4, 6, "bg-beaver-in-match");
	free(u);
	/* And in a money session whose header turns beavers off. */
	u = bg_insert_line(strdup(t), 1, "; [Beaver \"Off\"]");
	bg_expect_first(u, row4 + 1, 6, "bg-beaver-in-match");
	free(u);
	u = bg_insert_line(strdup(t), 1, "; [beaver \"  no \"]");
	bg_expect_first(u, row4 + 1, 6, "bg-beaver-in-match");
	free(u);
	u = bg_insert_line(strdup(t), 1, "; [Beaver \"On\"]");
	expect_clean_free(u);
	/* A value longer than a tag line keeps is "any other value": on. */
	char long_tag[5100];
	snprintf(long_tag, sizeof long_tag, "; [Beaver \"%05000d\"]", 0);
	u = bg_insert_line(strdup(t), 1, long_tag);
	expect_clean_free(u);
	/* Tags after the match line have no effect. */
	u = bg_insert_line(strdup(t), line_of(t, " Game 1"), "; [Beaver \"Off\"]");
	expect_clean_free(u);
	/* The gnubg mat form of the same game (8.3). */
	u = bg_sample("sheet/bg-sheet-02.mat");
	expect_clean_free(u);
	free(t);
}
END_TEST

/*
 * A money game after two quiet rolls: Maya (left) is on roll in row 3.
 * REST is rows 3 on.
 */
static char *
money_game(const char *header, const char *rest)
{
	char *t = malloc(4096);
	snprintf(t, 4096, "%s 0 point match\n\n Game 1\n Maya : 0   Oskar : 0\n"
	         "  1) 4-2: 8/4 6/4                6-5: 24/13\n"
	         "  2) 3-1: 8/5 6/5                2-1: 13/11 6/5\n%s",
	         header, rest);
	return t;
}

START_TEST(beavers_and_raccoons)
{
	/* Raccoon, then a take: the cube is at 8 with Maya, who rolls on. */
	expect_clean_free(money_game("", "  3) Double to 2                 Beaver to 4\n"
	                             "  4) Raccoon to 8                take\n"
	                             "  5) 6-6: 24/18(2) 13/7(2)       2-1: 13/11 6/5\n"
	                             "  6) Double to 16                take\n"));
	/* ...so Oskar cannot double: Maya owns the cube. */
	char *t = money_game("", "  3) Double to 2                 Beaver to 4\n"
	                     "  4) Raccoon to 8                take\n"
	                     "  5) 6-6: 24/18(2) 13/7(2)       Double to 16\n");
	bg_expect_first(t, 9, 34, "bg-cube-not-owned");
	free(t);
	/* A beaver's take implied by Maya's roll leaves the cube with Oskar. */
	t = money_game("", "  3) Double to 2                 Beaver to 4\n"
	               "  4) 6-6: 24/18(2) 13/7(2)       2-1: 13/11 6/5\n"
	               "  5) Double to 8\n");
	bg_expect_first(t, 9, 6, "bg-cube-not-owned");
	free(t);
	expect_clean_free(money_game("", "  3) Double to 2                 Beaver to 4\n"
	                             "  4) 6-6: 24/18(2) 13/7(2)       Double to 8\n"
	                             "  5) take\n"));
	/* A pass of a beaver gives the beaverer half the value on offer. */
	expect_clean_free(money_game("", "  3) Double to 2                 Beaver to 4\n"
	                             "  4) pass\n                                 Wins 2 points\n"));
	t = money_game("", "  3) Double to 2                 Beaver to 4\n"
	               "  4) pass\n                                 Wins 4 points\n");
	bg_expect_first(t, 9, 34, "bg-wins-wrong-points");
	free(t);
	/* Older gnubg wrote a beaver as `Doubles => 4` in the answering column. */
	expect_clean_free(money_game("", "  3)  Doubles => 2                Doubles => 4\n"
	                             "  4) 6-6: 24/18(2) 13/7(2)\n"));
	/* A redouble must be to twice the value on offer; not by the offerer. */
	t = money_game("", "  3) Double to 2                 Beaver to 8\n");
	bg_expect_first(t, 7, 34, "bg-cube-value");
	free(t);
	t = money_game("", "  3) Double to 2\n  4) Beaver to 4\n");
	bg_expect_first(t, 8, 6, "bg-turn-order");
	free(t);
	/* 2.5: a written value, even 0, is checked; only an omitted one is not. */
	t = money_game("", "  3) Double to 0\n");
	bg_expect_first(t, 7, 6, "bg-cube-value");
	free(t);
	t = money_game("", "  3) Double to 2                 Beaver to 0\n");
	bg_expect_first(t, 7, 34, "bg-cube-value");
	free(t);
	/* A beaver with no offer to answer. */
	t = money_game("", "  3) Beaver to 2\n");
	bg_expect_first(t, 7, 6, "bg-cube-value");
	free(t);
	/* 6.3 R2: only the first offerer's roll takes a beaver; the beaverer
	   rolling while his redouble waits is no answer. */
	t = money_game("", "  3) Double to 2                 Beaver to 4\n"
	               "  4)                             2-1: 13/11 6/5\n");
	bg_expect_first(t, 8, 34, "bg-cube-no-response");
	free(t);
	/* Rolling after a plain offer is no take. */
	t = money_game("", "  3) Double to 2\n  4) 6-6: 24/18(2) 13/7(2)\n");
	bg_expect_first(t, 8, 6, "bg-cube-no-response");
	free(t);
}
END_TEST

START_TEST(cube_limit)
{
	char *t = money_game("; [CubeLimit \"1\"]\n", "  3) Double to 2\n");
	bg_expect_first(t, 8, 6, "bg-cube-limit");
	free(t);
	const char *row4 = "  4) 4-3: 13/9 13/10              Double to 4";
	t = money_game("; [CubeLimit \"2\"]\n", "  3) Double to 2                 take\n"
	               "  4) 4-3: 13/9 13/10              Double to 4\n");
	bg_expect_first(t, 9, col_of(row4, "Double"), "bg-cube-limit");
	free(t);
	t = money_game("; [CubeLimit \"2\"]\n", "  3) Double to 2                 Beaver to 4\n");
	bg_expect_first(t, 8, 34, "bg-cube-limit");
	free(t);
	/* 2.5: a redouble exactly to the limit is allowed. */
	expect_clean_free(money_game("; [CubeLimit \"4\"]\n",
	                  "  3) Double to 2                 Beaver to 4\n"
	                  "  4) take\n"));
	/* 0, junk or an absent tag: no limit; the last tag counts. */
	const char *free_tags[] = {
		"; [CubeLimit \"0\"]\n", "; [CubeLimit \"x\"]\n",
		"; [CubeLimit \"1\"]\n; [CubeLimit \"1024\"]\n", "",
		"; [cubelimit  \" 4 \"]\n",
		/* 2.9: digits then junk are not a number either. */
		"; [CubeLimit \"2x\"]\n",
	};
	for (size_t i = 0; i < sizeof free_tags / sizeof free_tags[0]; i++)
		expect_clean_free(money_game(free_tags[i],
		                  "  3) Double to 2                 take\n"
		                  "  4) 4-3: 13/9 13/10              Double to 4\n"
		                  "  5) take\n"));
}
END_TEST

START_TEST(who_may_offer)
{
	/* Before the opening roll nobody may offer, and nobody is on roll. */
	bg_expect_line(" 0 point match\n Game 1\n Ann : 0   Ben : 0\n  1) Double to 2\n",
	               "t:4:6: error: 'Double to 2': the cube may not be offered "
	               "before the opening roll [bg-turn-order]");
	/* After a take the offerer rolls; a second offer needs the cube. */
	char *t = money_game("", "  3) Double to 2                 take\n"
	                     "  4) Double to 4\n");
	bg_expect_first(t, 8, 6, "bg-cube-not-owned");
	free(t);
	/* Answering one's own offer, and a pass with no offer. */
	t = money_game("", "  3) Double to 2\n  4) take\n");
	bg_expect_first(t, 8, 6, "bg-turn-order");
	free(t);
	t = money_game("", "  3) pass\n");
	bg_expect_first(t, 7, 6, "bg-take-without-double");
	free(t);
	/* `Doubles` without a value is not checked against the cube. */
	expect_clean_free(money_game("", "  3) doubles                     takes\n"
	                             "  4) 4-3: 13/9 13/10              doubles\n"
	                             "  5) takes\n"));
}
END_TEST

START_TEST(crawford_rule)
{
	const char *dbl = "  1) 3-1: 8/5 6/5                Double to 2\n";
	/* 3-point match at 0-1: no Crawford game yet. */
	expect_clean_free(append(match_at("", 3, 0, 1), dbl));
	/* At 2-0 the game is the Crawford game... */
	char *t = append(match_at("", 3, 2, 0), dbl);
	bg_expect_first(t, last_line(t), 34, "bg-cube-crawford");
	free(t);
	t = append(match_at("", 3, 0, 2), dbl);
	bg_expect_first(t, last_line(t), 34, "bg-cube-crawford");
	free(t);
	/* ...unless the header turns the rule off. */
	expect_clean_free(append(match_at("; [Crawford \"Off\"]\n", 3, 2, 0), dbl));
	expect_clean_free(append(match_at("; [crawford \" false \"]\n", 3, 2, 0), dbl));
	expect_clean_free(append(match_at("; [Crawford \"0\"]\n", 3, 2, 0), dbl));
	t = append(match_at("; [Crawford \"On\"]\n", 3, 2, 0), dbl);
	bg_expect_first(t, last_line(t), 34, "bg-cube-crawford");
	free(t);
	/* Only the first such game: the game after it is post-Crawford. */
	t = match_at("", 3, 2, 0);
	t = append(t, "  1) 3-1: 8/5 6/5\n                                  Wins 1 point\n"
	           " Game 3\n Ann : 2   Ben : 1\n");
	expect_clean_free(append(t, dbl));
	/* Both at L-1 (a score line taken as it is after a broken game): no
	   Crawford game; only the syntax error is reported. */
	t = strdup(" 3 point match\n Game 1\n Ann : 0   Ben : 0\n  1) x\n"
	           " Game 2\n Ann : 2   Ben : 2\n");
	t = append(t, dbl);
	ts_result r;
	bg_check(t, NULL, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-syntax-error");
	ts_free(&r);
	free(t);
	/* A 1-point match has no Crawford game. */
	expect_clean_free(append(match_at("", 1, 0, 0), dbl));
	/* L >= 2 includes 2: at 1-0 of a 2-point match the cube is frozen. */
	t = append(match_at("", 2, 1, 0), dbl);
	bg_expect_first(t, last_line(t), 34, "bg-cube-crawford");
	free(t);
}
END_TEST

START_TEST(dead_cubes_only_under_strict)
{
	/* In a 1-point match every offer is dead. */
	char *t = append(match_at("", 1, 0, 0),
	                 "  1) 3-1: 8/5 6/5                Double to 2\n  2) take\n");
	bg_expect_clean(t);
	bg_expect_line_cfg(t, &bg_strict, "t:4:34: warning: 'Double to 2': Ben "
	                   "needs 1 point and the cube is already at 1 "
	                   "[bg-cube-dead]", __LINE__);
	free(t);
	/* Money play has no dead cube. */
	t = append(match_at("", 0, 0, 0),
	           "  1) 3-1: 8/5 6/5                Double to 2\n  2) take\n");
	bg_expect_clean_at(t, &bg_strict, __LINE__);
	free(t);
	/* At 0-0 of 7, a double and two redoubles are alive. */
	t = append(match_at("", 7, 0, 0),
	           "  1) 3-1: 8/5 6/5                Double to 2\n"
	           "  2) take                       6-4: 24/14\n"
	           "  3) Double to 4                 take\n"
	           "  4) 4-2: 8/4 6/4                Double to 8\n"
	           "  5) take\n");
	bg_expect_clean_at(t, &bg_strict, __LINE__);
	free(t);
	/* The leader post-Crawford: dead at once. */
	t = append(match_at("", 5, 0, 4),
	           "  1) 3-1: 8/5 6/5\n      Wins 1 point\n Game 4\n"
	           " Ann : 1   Ben : 4\n"
	           "  1) 3-1: 8/5 6/5                Double to 2\n  2) take\n");
	bg_expect_clean(t);
	bg_expect_first_cfg(t, &bg_strict, last_line(t) - 1, 34, "bg-cube-dead",
	                    __LINE__);
	free(t);
}
END_TEST

/* ---------------------------------------------------- results */

START_TEST(game_values_on_the_board)
{
	/* bg-match-07 game 1: a backgammon with the cube at 2 (6 points). */
	char *t = bg_sample("mat/bg-match-07.mat");
	int res = line_of(t, "      Wins 6 points");
	t = bg_replace_line(t, res, "      Wins 4 points");
	bg_expect_line(t, "t:40:7: error: 'Wins 4 points': Mochi wins a "
	               "backgammon with the cube at 2, 6 points "
	               "[bg-wins-wrong-points]");
	/* 7 points at 0-0 of 7 is exactly what Mochi needs: a forfeit. */
	t = bg_replace_line(t, res, "      Wins 7 points");
	bg_expect_line(t, "t:40:7: warning: 'Wins 7 points': the game is worth "
	               "at most 6, but Mochi needed 7; the match was forfeited "
	               "[bg-match-forfeit]");
	bg_expect_first_cfg(t, &bg_strict, 40, 7, "bg-match-forfeit", __LINE__);
	t = bg_replace_line(t, res, "      Wins 8 points");
	bg_expect_first(t, 40, 7, "bg-wins-wrong-points");
	free(t);
	/* bg-match-05 game 2: p2 needing 3 resigns... p1 resigns a gammon at
	   cube 8 (16): anything from 3 to 24 ends the match. */
	t = bg_sample("mat/bg-match-05.mat");
	res = line_of(t, "                                  Wins 16 points");
	/* (the game stops at a resignation: up to three cubes, 24) */
	const long ok[] = { 3, 4, 17, 24 }, bad[] = { 2, 1, 25, 32 };
	for (size_t i = 0; i < 4; i++) {
		char line[64];
		snprintf(line, sizeof line, "                                  Wins %ld "
		         "points", ok[i]);
		t = bg_replace_line(t, res, line);
		bg_expect_clean(t);
		snprintf(line, sizeof line, "                                  Wins %ld "
		         "points", bad[i]);
		t = bg_replace_line(t, res, line);
		bg_expect_first(t, (unsigned long)res, 35, "bg-wins-wrong-points");
	}
	free(t);
	/* A 1-point match that Alice resigns: 1 to 3. */
	t = bg_sample("mat/bg-match-01.mat");
	res = line_of(t, "                                  Wins 2 points");
	t = bg_replace_line(t, res, "                                  Wins 1 point");
	bg_expect_clean(t);
	t = bg_replace_line(t, res, "                                  Wins 3 points");
	bg_expect_clean(t);   /* Alice resigned a backgammon */
	t = bg_replace_line(t, res, "                                  Wins 4 points");
	bg_expect_first(t, (unsigned long)res, 35, "bg-wins-wrong-points");
	free(t);
}
END_TEST

/*
 * 2.6: a resignation is worth 1, 2 or 3 times the value before the offer
 * that waits.  After a beaver or raccoon that is half the value on offer
 * (the redouble answered the offer before it), as a pass would give.
 */
static void
resign_with(const char *rows, long points, int winner_right, int legal)
{
	char text[1024];
	snprintf(text, sizeof text, " 0 point match\n\n Game 1\n"
	         " Maya : 0                       Oskar : 0\n"
	         "  1) 4-2: 8/4 6/4                6-5: 24/13\n"
	         "%s%s     Wins %ld point%s\n", rows, winner_right
	         ? "                            " : "", points,
	         points == 1 ? "" : "s");
	unsigned long line = 6;
	for (const char *r = rows; *r; r++)
		line += *r == '\n';
	if (legal)
		bg_expect_clean(text);
	else
		bg_expect_first(text, line, winner_right ? 34 : 6, "bg-wins-wrong-points");
}

START_TEST(resigning_while_an_offer_waits)
{
	/* A double waits: the cube is 1. */
	const char *doubled = "  2) Double to 2\n";
	resign_with(doubled, 1, 0, 1);
	resign_with(doubled, 3, 0, 1);
	resign_with(doubled, 4, 0, 0);
	/* A beaver to 4 waits: 2, 4 or 6, whoever resigns. */
	const char *beavered = "  2) Double to 2                 Beaver to 4\n";
	resign_with(beavered, 2, 1, 1);
	resign_with(beavered, 6, 1, 1);
	resign_with(beavered, 1, 1, 0);
	resign_with(beavered, 3, 1, 0);
	resign_with(beavered, 4, 0, 1);
	/* A raccoon to 8 waits: 4, 8 or 12. */
	const char *raccooned = "  2) Double to 2                 Beaver to 4\n"
	                        "  3) Raccoon to 8\n";
	resign_with(raccooned, 4, 0, 1);
	resign_with(raccooned, 12, 0, 1);
	resign_with(raccooned, 2, 0, 0);
	/* Once taken, the cube is the value taken. */
	const char *taken = "  2) Double to 2                 Beaver to 4\n"
	                    "  3) take\n";
	resign_with(taken, 4, 1, 1);
	resign_with(taken, 2, 1, 0);
}
END_TEST

/* The Crawford game's message counts its points in words that agree. */
START_TEST(crawford_message_counts_points)
{
	const char *text = " 2 point match\n\n Game 1\n"
		" Ann : 0                        Ben : 0\n"
		"  1) 31: 8/5 6/5\n                                  Wins 1 point\n\n"
		" Game 2\n Ann : 0                        Ben : 1\n"
		"  1) 31: 8/5 6/5                 Doubles => 2\n";
	ts_result r;
	bg_check(text, NULL, &r);
	ck_assert_uint_ge(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-cube-crawford");
	ck_assert_msg(strstr(r.diags[0].message, "(Ben has 1 point of 2)") != NULL,
	              "%s", r.diags[0].message);
	ts_free(&r);
}
END_TEST

START_TEST(jacoby_rule)
{
	/* bg-sheet-03 as money: a gammon with the cube in the centre. */
	char *t = bg_sample("sheet/bg-sheet-03.bg");
	t = bg_replace_all(t, " 1 point match", " 0 point match");
	bg_expect_clean(t);
	t = bg_replace_line(t, 27, "     Wins 1 point");
	bg_expect_clean(t);
	char *u = bg_insert_line(strdup(t), 1, "; [Jacoby \"Off\"]");
	bg_expect_first(u, 28, 6, "bg-wins-wrong-points");
	free(u);
	u = bg_insert_line(strdup(t), 1, "; [Jacoby \"nope\"]");
	bg_expect_first(u, 28, 6, "bg-wins-wrong-points");
	free(u);
	u = bg_insert_line(strdup(t), 1, "; [Jacoby \"yes\"]");
	expect_clean_free(u);
	/* A value longer than a tag line keeps is "any other value": off. */
	char long_tag[5100];
	snprintf(long_tag, sizeof long_tag, "; [Jacoby \"%05000d\"]", 1);
	u = bg_insert_line(strdup(t), 1, long_tag);
	bg_expect_first(u, 28, 6, "bg-wins-wrong-points");
	free(u);
	t = bg_replace_line(t, 27, "     Wins 3 points");
	bg_expect_first(t, 27, 6, "bg-wins-wrong-points");
	free(t);
	/* A 1-point match may cap the gammon at 1. */
	t = bg_sample("sheet/bg-sheet-03.bg");
	t = bg_replace_line(t, 27, "     Wins 1 point");
	bg_expect_clean(t);
	/* The Jacoby rule is money play only: in a 5-point match Lena needs 5,
	   so her centred-cube gammon must be scored in full (2.4, 2.9). */
	t = bg_replace_all(t, " 1 point match", " 5 point match");
	bg_expect_first(t, 27, 6, "bg-wins-wrong-points");
	t = bg_replace_line(t, 27, "     Wins 2 points");
	bg_expect_clean(t);
	free(t);
	/* Money play: a cube that was taken is not in the centre. */
	t = bg_sample("mat/bg-money-01.mat");
	int res = line_of(t, "      Wins 4 points");
	t = bg_replace_line(t, res, "      Wins 1 point");
	bg_expect_first(t, (unsigned long)res, 7, "bg-wins-wrong-points");
	/* The same when the cube belongs to the left player: bg-money-01's
	   game 1 moved one column over, so that Olga doubles and Xavier takes
	   (2.4: a cube owned by either player is not in the centre). */
	const char *left_owns =
		" 0 point match\n"
		"\n"
		" Game 1\n"
		" Xavier : 0                     Olga : 0\n"
		"  1)                             21: 13/11 24/23\n"
		"  2) 43: 24/21 13/9              51: 13/8 23/22\n"
		"  3) 51: 9/8 8/3*                54: 25/20 24/20\n"
		"  4) 53: 8/3 24/21               61: 11/5 6/5\n"
		"  5) 51: 3/2 13/8                65: 8/3 13/7\n"
		"  6) 51: 2/1 6/1                 32: 8/5 5/3\n"
		"  7) 64: 13/9 9/3                66: 20/14 20/14 13/7 13/7\n"
		"  8) 32: 8/5 6/4                  Doubles => 2\n"
		"  9)  Takes                      21: 7/5 6/5\n"
		" 10) 42: 8/4 8/6                 41: 3/2 5/1\n"
		" 11) 44: 13/9 13/9 9/5 6/2       32: 5/2 3/1\n"
		" 12) 64: 6/2 9/3                 41: 7/3 7/6\n"
		" 13) 63: 21/18 21/15             55: 14/9 14/9 9/4 9/4\n"
		" 14) 11: 15/14 14/13 13/12 12/11 41: 8/7* 7/3\n"
		" 15) 62:                         21: 8/7 7/5\n"
		" 16) 22:                         21: 6/4 6/5\n"
		" 17) 51:                         53: 5/0 5/2\n"
		" 18) 63:                         32: 4/1 2/0\n"
		" 19) 64:                         53: 6/1 6/3\n"
		" 20) 11:                         31: 3/0 1/0\n"
		" 21) 33:                         64: 5/1 5/0\n"
		" 22) 43:                         61: 4/3 4/0\n"
		" 23) 21:                         63: 3/0 3/0\n"
		" 24) 61: 25/19 19/18             51: 3/0 1/0\n"
		" 25) 41: 11/7 7/6                42: 2/0 2/0\n"
		" 26) 31: 18/15 4/3               43: 1/0 1/0\n"
		" 27) 54: 15/10 10/6              62: 1/0\n"
		"                                 Wins 1 point\n";
	bg_expect_first(left_owns, 32, 34, "bg-wins-wrong-points");
	expect_clean_free(bg_replace_line(strdup(left_owns), 32,
	                  "                                 Wins 4 points"));
	/* `and the match` means nothing in money play. */
	t = bg_replace_line(t, res, "      Wins 4 points and the match");
	bg_expect_clean(t);
	free(t);
}
END_TEST

START_TEST(resignations)
{
	/* After two rolls, Ann resigns: 1, 2 or 3 times the cube. */
	const char *head = " 7 point match\n Game 1\n Ann : 0   Ben : 0\n"
		"  1) 3-1: 8/5 6/5                6-4: 24/14\n";
	char t[1024];
	const long ok[] = { 1, 2, 3 };
	for (size_t i = 0; i < 3; i++) {
		snprintf(t, sizeof t, "%s                                  Wins %ld "
		         "points\n", head, ok[i]);
		bg_expect_clean(t);
	}
	snprintf(t, sizeof t, "%s                                  Wins 4 points\n",
	         head);
	bg_expect_line(t, "t:5:35: error: 'Wins 4 points': a resigned game is "
	               "worth 1, 2 or 3 times the cube (1): 1, 2 or 3 points "
	               "[bg-wins-wrong-points]");
	/* With the cube at 2 and an offer to 4 waiting: 2, 4 or 6. */
	const char *cubed = " 7 point match\n Game 1\n Ann : 0   Ben : 0\n"
		"  1) 3-1: 8/5 6/5                Double to 2\n"
		"  2) take                       6-4: 24/14\n"
		"  3) Double to 4\n";
	snprintf(t, sizeof t, "%s      Wins 6 points\n", cubed);
	bg_expect_clean(t);
	snprintf(t, sizeof t, "%s      Wins 8 points\n", cubed);
	bg_expect_first(t, 7, 7, "bg-wins-wrong-points");
	snprintf(t, sizeof t, "%s      Wins 3 points\n", cubed);
	bg_expect_first(t, 7, 7, "bg-wins-wrong-points");
	/* In the last game of a match: from the points needed up to 3 cubes. */
	char *m = append(match_at("", 7, 2, 5),
	                 "  1) 3-1: 8/5 6/5                6-4: 24/14\n"
	                 "                                  Wins 2 points and the "
	                 "match\n");
	expect_clean_free(m);
	m = append(match_at("", 7, 2, 5), "  1) 3-1: 8/5 6/5                6-4: 24/14\n"
	           "      Wins 5 points and the match\n");
	bg_expect_first(m, last_line(m), 7, "bg-match-forfeit");
	ts_result r;
	bg_check(m, NULL, &r);
	ck_assert_int_eq(r.summary.errors, 0);
	ck_assert_int_eq(r.diags[0].severity, NT_SEV_WARNING);
	ck_assert_str_eq(r.diags[0].message, "'Wins 5 points and the match': the "
	                 "game is worth at most 3, but Ann needed 5; the match was "
	                 "forfeited");
	ts_free(&r);
	free(m);
	/* 6.4: under --strict the forfeit stops its game like any rule error,
	   so its points are not added and the next score line is not compared. */
	m = append(match_at("", 7, 2, 5), "  1) 3-1: 8/5 6/5                6-4: 24/14\n"
	           "      Wins 5 points and the match\n Game 5\n Ann : 2   Ben : 5\n");
	bg_check(m, &bg_strict, &r);
	ck_assert_uint_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-match-forfeit");
	ck_assert_int_eq(r.diags[0].severity, NT_SEV_ERROR);
	ts_free(&r);
	free(m);
	m = append(match_at("", 7, 2, 5), "  1) 3-1: 8/5 6/5                6-4: 24/14\n"
	           "      Wins 4 points and the match\n");
	bg_expect_first(m, last_line(m), 7, "bg-wins-wrong-points");
	free(m);
	/* `and the match` that does not reach the length. */
	snprintf(t, sizeof t, "%s                                  Wins 1 point "
	         "and the match\n", head);
	bg_expect_line(t, "t:5:35: error: 'Wins 1 point and the match': Ben has "
	               "0 points, and 1 more do not win the 7-point match "
	               "[bg-wins-wrong-points]");
	/* The unknown play: the result is a resignation, whoever it names. */
	snprintf(t, sizeof t, "%s  2) 5-2: ????\n      Wins 3 points\n", head);
	bg_expect_clean(t);
	snprintf(t, sizeof t, "%s  2) 5-2: ????\n      Wins 4 points\n", head);
	bg_expect_first(t, 6, 7, "bg-wins-wrong-points");
	/* Rolled and resigned: the opponent's result; the roller's is wrong. */
	snprintf(t, sizeof t, "%s  2) 5-2:\n                                  Wins 1 point\n",
	         head);
	bg_expect_clean(t);
	snprintf(t, sizeof t, "%s  2) 5-2:\n      Wins 1 point\n", head);
	bg_expect_first(t, 5, 6, "bg-no-play-but-legal");
	snprintf(t, sizeof t, "%s  2) 5-2:\n", head);
	bg_expect_first(t, 5, 6, "bg-no-play-but-legal");
	snprintf(t, sizeof t, "%s  2) 5-2:                           6-2: 24/18 13/11\n",
	         head);
	bg_expect_first(t, 5, 6, "bg-no-play-but-legal");
	/* A lone loss cell after an empty roll takes its column from the win
	   cell paired with it. */
	snprintf(t, sizeof t, "%s  2) 5-2:\n      Losses 1 point\n"
	         "                                  Wins 1 point\n", head);
	bg_expect_clean(t);
}
END_TEST

START_TEST(scores_games_and_the_match)
{
	/* Money sessions check the running totals too. */
	char *t = bg_sample("mat/bg-money-01.mat");
	int g2 = line_of(t, " Game 2");
	t = bg_replace_line(t, g2 + 1, " Xavier : 0                     Olga : 4");
	bg_expect_first(t, (unsigned long)g2 + 1, 2, "bg-score-mismatch");
	free(t);
	/* 6.4: after a broken game whose number could not be read, the next
	   game's number is not checked (only its game line's syntax error). */
	t = strdup(" 5 point match\n Game 1\n Ann : 0   Ben : 0\n"
	           "  1) 3-1: 8/5 6/5\n      Wins 1 point\n"
	           " Game 99999999999999999999999\n Ann : 1   Ben : 0\n"
	           " Game 7\n Ann : 1   Ben : 0\n  1) 3-1: 8/5 6/5\n");
	ts_result gr;
	bg_check(t, NULL, &gr);
	ck_assert_uint_eq(gr.ndiags, 1);
	ck_assert_str_eq(gr.diags[0].code, "bg-syntax-error");
	ck_assert_uint_eq(gr.diags[0].lineno, 6);
	ts_free(&gr);
	free(t);
	/* An unfinished game adds nothing; the next score line is compared. */
	const char *two = " 5 point match\n Game 1\n Ann : 0   Ben : 0\n"
		"  1) 3-1: 8/5 6/5                6-4: 24/14\n"
		" Game 2\n Ann : %d   Ben : 0\n  1) 3-1: 8/5 6/5\n";
	char b[1024];
	snprintf(b, sizeof b, two, 0);
	bg_expect_clean(b);
	snprintf(b, sizeof b, two, 1);
	bg_expect_first(b, 6, 2, "bg-score-mismatch");
	/* After a game abandoned at an error the score line is not compared. */
	snprintf(b, sizeof b, " 5 point match\n Game 1\n Ann : 0   Ben : 0\n"
	         "  1) 3-1: 8/5 6/5                6-4: 24/15\n"
	         " Game 2\n Ann : 4   Ben : 0\n  1) 5-5: 8/3(2) 6/1(2)\n");
	ts_result r;
	bg_check(b, NULL, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].code, "bg-dice-mismatch");
	ck_assert_str_eq(r.diags[1].code, "bg-opening-double");
	ck_assert_int_eq(r.diags[1].game, 2);
	ck_assert_int_eq(r.diags[1].move, 1);
	ts_free(&r);
	/* A game's first rule error is its last diagnostic. */
	snprintf(b, sizeof b, " 5 point match\n Game 1\n Ann : 0   Ben : 0\n"
	         "  1) 5-5: 8/3(2) 6/1(2)          6-6: 24/18(2)\n"
	         "  2) 9-9:\n");
	bg_check(b, NULL, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].code, "bg-opening-double");
	ck_assert_str_eq(r.diags[1].code, "bg-syntax-error");
	ts_free(&r);
	/* The match ends at its length; a game after it is refused once, and
	   nothing more is replayed (later syntax errors are still reported). */
	snprintf(b, sizeof b, " 1 point match\n Game 1\n Ann : 0   Ben : 0\n"
	         "  1) 3-1: 8/5 6/5\n                                  Wins 1 point\n"
	         " Game 2\n Ann : 0   Ben : 1\n  1) 5-5: 8/3(2) 6/1(2)\n"
	         " Game 3\n Ann : 0   Ben : 1\n  1) 5-5: x\n");
	bg_check(b, NULL, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].line, "t:6:2: error: 'Game 2': Ben already "
	                 "won the 1-point match 0-1 [bg-game-after-match-end]");
	ck_assert_str_eq(r.diags[1].code, "bg-syntax-error");
	ts_free(&r);
	/* The first game must be game 1; names are compared with game 1's. */
	bg_expect_line(" 5 point match\n Game 2\n Ann : 0   Ben : 0\n",
	               "t:2:2: error: 'Game 2': the first game of a record is "
	               "game 1 [bg-game-number]");
}
END_TEST

START_TEST(moves_after_the_end)
{
	/* bg-sheet-03 ends on the board (row 19, line 26; result line 27). */
	char *t = bg_sample("sheet/bg-sheet-03.bg");
	char *u = bg_insert_line(strdup(t), 27, "                                 3-1: 8/5 6/5");
	bg_expect_first(u, 27, 34, "bg-moves-after-end");
	free(u);
	u = bg_insert_line(strdup(t), 27, "                                 Double to 2");
	bg_expect_first(u, 27, 34, "bg-moves-after-end");
	free(u);
	/* Without its result: missing, at the last bear-off. */
	u = bg_replace_line(strdup(t), 27, NULL);
	ts_result r;
	bg_check(u, NULL, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].line, "t:26:6: error: '4-4: 3/off 2/off(2) "
	                 "1/off': the game ends here and needs a 'Wins 2 points' "
	                 "line for Lena [bg-missing-result]");
	ts_free(&r);
	free(u);
	/* The winner's column only. */
	u = bg_replace_line(strdup(t), 27, "                                 Wins 2 points");
	bg_expect_first(u, 27, 34, "bg-wins-wrong-player");
	free(u);
	free(t);
	/* After a resignation, any cell is after the end. */
	bg_expect_first(" 5 point match\n Game 1\n Ann : 0   Ben : 0\n"
	                "  1) 3-1: 8/5 6/5\n      Wins 1 point\n  2) Double to 2\n",
	                6, 6, "bg-moves-after-end");
}
END_TEST

/* -------------------------------------------- a golden line per code */

typedef struct golden {
	const char *code;
	const char *text;
	int strict;
	const char *line;
} golden;

START_TEST(golden_line_per_code)
{
	static const golden cases[] = {
#include "backgammon/rules_golden.inc"
	};
	const char *seen[64];
	size_t nseen = 0;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ts_config cfg = { .strict = cases[i].strict };
		char *text = cases[i].text[0] == '@' ? bg_sample(cases[i].text + 1)
		                                      : strdup(cases[i].text);
		bg_expect_line_cfg(text, &cfg, cases[i].line, (int)i);
		free(text);
		size_t k = 0;
		while (k < nseen && strcmp(seen[k], cases[i].code) != 0)
			k++;
		if (k == nseen && nseen < 64)
			seen[nseen++] = cases[i].code;
	}
	/* Every code of the catalogue but bg-illegal-move has its line (the
	   codes of eXtreme Gammon files have theirs in test_read_xg.c; the
	   style codes of notate lint have theirs in test_lint.c; the repairs
	   of fmt --repair theirs in test_repair.c; the rules cannot produce
	   bg-illegal-move: test_illegal_move.c). */
	const nt_code_info *codes = nt_game_codes(nt_game_by_name(BG));
	for (const nt_code_info *c = codes; c->code != NULL; c++) {
		if (strcmp(c->code, "bg-illegal-move") == 0 ||
		    strncmp(c->code, "bg-xg-", 6) == 0 ||
		    strncmp(c->code, "bg-repaired-", 12) == 0 ||
		    c->severity == NT_SEV_STYLE)
			continue;
		size_t k = 0;
		while (k < nseen && strcmp(seen[k], c->code) != 0)
			k++;
		ck_assert_msg(k < nseen, "no golden line for %s", c->code);
	}
}
END_TEST

Suite *
backgammon_rules_suite(void)
{
	Suite *s = suite_create("backgammon-rules");
	TCase *tc = tcase_create("spec-8");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, spec_8_1_row_6);
	tcase_add_test(tc, rule_errors_span_the_cell);
	tcase_add_test(tc, spec_8_1_right_cell_and_dance);
	tcase_add_test(tc, spec_8_1_bearing_off_and_larger_die);
	tcase_add_test(tc, spec_8_2_cube_and_turns);
	tcase_add_test(tc, spec_8_2_results_and_games);
	tcase_add_test(tc, game_and_score_line_findings_span_the_line);
	tcase_add_test(tc, spec_8_2_loss_cells);
	tcase_add_test(tc, spec_8_2_dead_cube_in_post_crawford_game);
	tcase_add_test(tc, spec_8_3_beaver);
	suite_add_tcase(s, tc);
	tc = tcase_create("rules");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, beavers_and_raccoons);
	tcase_add_test(tc, cube_limit);
	tcase_add_test(tc, who_may_offer);
	tcase_add_test(tc, crawford_rule);
	tcase_add_test(tc, dead_cubes_only_under_strict);
	tcase_add_test(tc, game_values_on_the_board);
	tcase_add_test(tc, resigning_while_an_offer_waits);
	tcase_add_test(tc, crawford_message_counts_points);
	tcase_add_test(tc, jacoby_rule);
	tcase_add_test(tc, resignations);
	tcase_add_test(tc, scores_games_and_the_match);
	tcase_add_test(tc, moves_after_the_end);
	tcase_add_test(tc, golden_line_per_code);
	suite_add_tcase(s, tc);
	return s;
}
