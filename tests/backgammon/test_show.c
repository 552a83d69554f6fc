/*
 * `notate show` on backgammon records: the board of game N after M of its
 * actions (--game-no, --move), with the cube, the score and the dice the
 * player on roll plays next; an error when the record has no such point.
 */
#include "backgammon/records_util.h"

static char *
show(const char *rel, long game, long move, int *rc)
{
	char *text = bg_sample(rel);
	nt_show_request req = { .move = move, .game_no = game, .ply = -1 };
	ts_result r;
	ts_show(BG, "t", text, strlen(text), &req, NULL, &r);
	*rc = r.rc;
	char *out = r.output;
	r.output = NULL;
	ts_free(&r);
	free(text);
	return out;
}

START_TEST(board_after_a_move)
{
	int rc;
	char *out = show("sheet/bg-sheet-01.bg", 1, 12, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_msg(strstr(out, "Game 1, after move 12 (5-2: bar/23 13/8)") &&
	              strstr(out, "Tariq") && strstr(out, "Ines") &&
	              strstr(out, "3-point match") && strstr(out, "6-4") &&
	              strstr(out, "cube at 2"), "%s", out);
	free(out);
	/* The start of a game: the starting position and its Position ID. */
	out = show("sheet/bg-sheet-01.bg", 2, 0, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_msg(strstr(out, "Game 2, before the first move") &&
	              strstr(out, "4HPwATDgc/ABMA") && strstr(out, "3-1"), "%s", out);
	free(out);
	/* The last game's end by default. */
	out = show("sheet/bg-sheet-01.bg", -1, -1, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_msg(strstr(out, "Game 3, after move 9 (Wins 2 points)"), "%s", out);
	free(out);
	/* A money session, and a game that stops while still going. */
	out = show("mat/bg-money-02.mat", 1, -1, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_msg(strstr(out, "Game 1, after move 5") &&
	              strstr(out, "cube at 4"), "%s", out);
	free(out);
}
END_TEST

/*
 * Both cells of a result pair (3.8) are moves of the game, in the order
 * written: the summary counts them, show --move reaches the second, and
 * convert --to json lists both, as many as stats counts actions.  The
 * lone loss cell before its win cell is the earlier move of the two.
 */
START_TEST(both_cells_of_a_result_pair_are_moves)
{
	static const char head[] =
		" 3 point match\n\n Game 1\n Ann : 0                        Ben : 0\n"
		"  1) 62: 24/18 13/11             61: 13/7* 8/7\n"
		"  2)  Doubles => 2                Drops\n";
	static const struct {
		const char *tail, *fifth, *sixth;
	} pairs[] = {
		{ "      Wins 1 point                Losses 1 point\n", "Wins 1 point",
		  "Losses 1 point" },
		{ "                                 Losses 1 point\n      Wins 1 point\n",
		  "Losses 1 point", "Wins 1 point" },
	};
	for (size_t i = 0; i < 2; i++) {
		char text[512];
		snprintf(text, sizeof text, "%s%s", head, pairs[i].tail);
		ts_result r;
		ts_check(BG, "t.mat", text, strlen(text), NULL, &r);
		ck_assert_uint_eq(r.ndiags, 0);
		ck_assert_int_eq(r.summary.moves, 6);
		ts_free(&r);
		nt_show_request req = { .move = 6, .game_no = 1, .ply = -1 };
		ts_show(BG, "t.mat", text, strlen(text), &req, NULL, &r);
		ck_assert_int_eq(r.rc, 0);
		char want[128];
		snprintf(want, sizeof want, "Game 1, after move 6 (%s)", pairs[i].sixth);
		ck_assert_msg(strstr(r.output, want) != NULL, "%s", r.output);
		ts_free(&r);
		ts_convert(BG, "t.mat", text, strlen(text), "json", NULL, &r);
		ck_assert_int_eq(r.rc, 0);
		char five[128], six[128];
		snprintf(five, sizeof five, "{\"index\":5,\"side\":\"%s\",\"move\":\"%s\"",
		         strstr(pairs[i].fifth, "Wins") ? "Ann" : "Ben", pairs[i].fifth);
		snprintf(six, sizeof six, "{\"index\":6,\"side\":\"%s\",\"move\":\"%s\"",
		         strstr(pairs[i].sixth, "Wins") ? "Ann" : "Ben", pairs[i].sixth);
		ck_assert_msg(strstr(r.output, five) && strstr(r.output, six) &&
		              strstr(r.output, "\"actions\":6,"), "%s", r.output);
		ts_free(&r);
	}
}
END_TEST

/* A game whose first action is refused still shows its start, as the
 * other games do; a game refused later shows the last position reached. */
START_TEST(board_when_the_first_action_is_refused)
{
	const char *text = " 5 point match\n\n Game 1\n Ines : 0                    "
	                   "Tariq : 0\n  1) 3-3: 24/21                 6-4: 24/14\n";
	static const long moves[] = { -1, 0 };
	for (size_t i = 0; i < 2; i++) {
		nt_show_request req = { .move = moves[i], .game_no = -1, .ply = -1 };
		ts_result r;
		ts_show(BG, "t", text, strlen(text), &req, NULL, &r);
		ck_assert_int_eq(r.rc, 0);
		ck_assert_uint_eq(r.summary.errors, 1);
		ck_assert_msg(r.output != NULL &&
		              strstr(r.output, "Game 1, before the first move") &&
		              strstr(r.output, "Position ID: 4HPwATDgc/ABMA"),
		              "%s", r.output ? r.output : "(none)");
		ts_free(&r);
	}
	nt_show_request past = { .move = 1, .game_no = -1, .ply = -1 };
	ts_result r;
	ts_show(BG, "t", text, strlen(text), &past, NULL, &r);
	ck_assert_int_eq(r.rc, 1);
	ts_free(&r);
}
END_TEST

/* The board of TEXT at REQ, as text (SVG 0) or SVG (malloc'd). */
static char *
board(const char *text, nt_show_request req, int svg)
{
	req.svg = svg;
	ts_result r;
	ts_show(BG, "t", text, strlen(text), &req, NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	char *out = r.output;
	r.output = NULL;
	ts_free(&r);
	return out;
}

/* The number after the first WHAT in S (as "pips "), or -1. */
static long
number_after(const char *s, const char *what)
{
	const char *at = strstr(s, what);
	return at != NULL ? strtol(at + strlen(what), NULL, 10) : -1;
}

/* The y of the cube's square in SVG. */
static long
cube_y(const char *svg)
{
	const char *g = strstr(svg, "<g class=\"cube\">");
	ck_assert_msg(g != NULL, "no cube drawn: %.300s", svg);
	return number_after(g, " y=\"");
}

/*
 * Issue 15: the picture shows what the text board shows, at every
 * position of a record: each side's pips and score of the match length,
 * the dice to play (drawn as dice), the cube drawn beside its owner's
 * half or centred, the Crawford game and the Position ID.
 */
START_TEST(svg_shows_what_the_text_board_shows)
{
	char *text = bg_sample("mat/bg-match-03.mat");
	int owned = 0, centred = 0, crawford = 0, dice = 0;
	long middle = -1;
	for (long game = 1;; game++) {
		nt_show_request probe = { .move = 0, .game_no = game, .ply = -1 };
		ts_result r;
		ts_show(BG, "t", text, strlen(text), &probe, NULL, &r);
		int rc = r.rc;
		ts_free(&r);
		if (rc != 0)
			break;
		for (long move = 0; move < 400; move += 7) {
			nt_show_request req = { .move = move, .game_no = game, .ply = -1 };
			ts_show(BG, "t", text, strlen(text), &req, NULL, &r);
			rc = r.rc;
			ts_free(&r);
			if (rc != 0)
				break;
			char *t = board(text, req, 0), *s = board(text, req, 1);
			const char *o = strstr(t, "O: "), *x = strstr(t, "X: ");
			ck_assert(o != NULL && x != NULL);
			char want[200];
			/* The text board gives O's details above X's. */
			snprintf(want, sizeof want, "pips %ld, ", number_after(o, "pips "));
			ck_assert_msg(strstr(strstr(s, "Light "), want) != NULL, "%s", s);
			snprintf(want, sizeof want, "pips %ld, ", number_after(strstr(o +
			         1, "pips ") + 1, "pips "));
			ck_assert_msg(strstr(strstr(s, "Dark "), want) != NULL, "%s", s);
			snprintf(want, sizeof want, " of %ld, pips",
			         number_after(t, " of "));
			ck_assert_msg(strstr(s, want) != NULL, "%s", s);
			const char *id = strstr(t, "Position ID: ");
			ck_assert_ptr_nonnull(id);
			snprintf(want, sizeof want, "%.27s", id);
			ck_assert_msg(strstr(s, want) != NULL, "%s not in %s", want, s);
			if (strstr(t, "Crawford game")) {
				ck_assert_ptr_nonnull(strstr(s, ", Crawford game"));
				crawford++;
			} else {
				ck_assert_ptr_null(strstr(s, "Crawford"));
			}
			const char *rolled = strstr(t, "rolled ");
			if (rolled != NULL) {
				long hi = rolled[7] - '0', lo = rolled[9] - '0';
				const char *d1 = strstr(s, "<g class=\"die\">");
				ck_assert_ptr_nonnull(d1);
				const char *d2 = strstr(d1 + 1, "<g class=\"die\">");
				ck_assert_ptr_nonnull(d2);
				ck_assert_int_eq(number_after(strstr(d1, "<text"), "\">"), hi);
				ck_assert_int_eq(number_after(strstr(d2, "<text"), "\">"), lo);
				dice++;
			} else {
				ck_assert_ptr_null(strstr(s, "class=\"die\""));
			}
			long cy = cube_y(s);
			const char *owns = strstr(t, "owns the cube at ");
			if (owns != NULL) {
				long v = number_after(owns, "owns the cube at ");
				snprintf(want, sizeof want, ">%ld</text></g>", v);
				ck_assert_msg(strstr(strstr(s, "class=\"cube\""), want), "%s",
				              s);
				/* Above the middle for O (Light, the top half, whose
				   details stand above the BAR line), below it for X. */
				int top = owns < strstr(t, "|BAR|");
				ck_assert_msg(middle < 0 || (top ? cy < middle : cy > middle),
				              "cube at %ld, middle %ld: %s", cy, middle, t);
				owned++;
			} else {
				long v = number_after(t, ", cube ");
				ck_assert_int_gt(v, 0);
				snprintf(want, sizeof want, ">%ld</text></g>", v);
				ck_assert_ptr_nonnull(strstr(strstr(s, "class=\"cube\""), want));
				ck_assert(middle < 0 || cy == middle);
				middle = cy;
				centred++;
			}
			free(t);
			free(s);
		}
	}
	ck_assert_int_ge(centred, 5);
	ck_assert_int_gt(owned, 5);
	ck_assert_int_gt(dice, 10);
	printf("svg boards: %d with the cube centred, %d owned, %d Crawford, "
	       "%d with dice\n", centred, owned, crawford, dice);
	free(text);
}
END_TEST

START_TEST(board_as_svg)
{
	char *text = bg_sample("sheet/bg-sheet-01.bg");
	nt_show_request req = { .move = 12, .game_no = 1, .ply = -1, .svg = 1 };
	ts_result r;
	ts_show(BG, "t", text, strlen(text), &req, NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_msg(strncmp(r.output, "<svg ", 5) == 0 &&
	              strstr(r.output, "Game 1, after move 12") &&
	              strstr(r.output, "cube 2 owned by Tariq") &&
	              strstr(r.output, "to play 6-4") &&
	              strstr(r.output, "</svg>\n"), "%.400s", r.output);
	/* 30 checkers on the board: 15 circles of each colour, none off. */
	int dark = 0, light = 0;
	for (const char *p = r.output; (p = strstr(p, "<circle")) != NULL; p++) {
		dark += strstr(p, "#2b2b2b") != NULL && strstr(p, "#2b2b2b") < strchr(p, '>');
		light += strstr(p, "#f4f1e8") != NULL && strstr(p, "#f4f1e8") < strchr(p, '>');
	}
	ck_assert_int_eq(dark + light, 30);
	ts_free(&r);
	free(text);
}
END_TEST

START_TEST(no_such_game_or_move)
{
	int rc;
	char *out = show("sheet/bg-sheet-01.bg", 4, -1, &rc);
	ck_assert_int_eq(rc, -4);
	free(out);
	out = show("sheet/bg-sheet-01.bg", 2, 99, &rc);
	ck_assert_int_eq(rc, -4);
	free(out);
	/* An error before the move: the diagnostics say why. */
	out = show("illegal/bg-illegal-02.mat", 1, -1, &rc);
	ck_assert_int_eq(rc, 0);
	free(out);
	out = show("illegal/bg-illegal-02.mat", 1, 999, &rc);
	ck_assert_int_eq(rc, 1);
	free(out);
}
END_TEST

START_TEST(show_from_the_command_line)
{
	char path[600], *out = NULL;
	ts_shared("corpus/backgammon/sheet/bg-sheet-01.bg", path, sizeof path);
	int st = ts_run((const char *[]){ "show", "--game-no", "1", "--move", "9",
	                                  path, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(st, 0);
	ck_assert_msg(strstr(out, "Game 1, after move 9 (take)"), "%s", out);
	free(out);
	st = ts_run((const char *[]){ "show", "--game-no", "7", path, NULL }, NULL,
	            NULL, NULL);
	ck_assert_int_eq(st, 3);
}
END_TEST

START_TEST(fmt_and_stats)
{
	/* fmt keeps the form the name says, canonical; stats per game. */
	char *dir = ts_tmpdir();
	char path[600];
	snprintf(path, sizeof path, "%s/loose.bg", dir);
	const char *loose = " 3 point match\n Game 1\n Ann:0 Ben:0\n"
		"62: 24/18 13/11  61: 13/7* 8/7\n";
	ck_assert_int_eq(ts_write_file(path, loose, strlen(loose)), 0);
	int st = ts_run((const char *[]){ "fmt", "--check", path, NULL }, NULL,
	                NULL, NULL);
	ck_assert_int_eq(st, 1);
	char *out = NULL;
	st = ts_run((const char *[]){ "fmt", path, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(st, 0);
	ck_assert_str_eq(out, " 3 point match\n\n Game 1\n"
	                 " Ann : 0                        Ben : 0\n"
	                 "  1) 6-2: 24/18 13/11            6-1: 13/7* 8/7\n\n");
	free(out);
	snprintf(path, sizeof path, "%s/loose.mat", dir);
	ck_assert_int_eq(ts_write_file(path, loose, strlen(loose)), 0);
	st = ts_run((const char *[]){ "fmt", path, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(st, 0);
	ck_assert(strstr(out, "  1) 62: 24/18 13/11             61: 13/7* 8/7 \n"));
	free(out);
	ts_rmtree(dir);
	free(dir);
	char sample[600];
	ts_shared("corpus/backgammon/sheet/bg-sheet-01.bg", sample, sizeof sample);
	st = ts_run((const char *[]){ "fmt", "--check", sample, NULL }, NULL,
	            NULL, NULL);
	ck_assert_int_eq(st, 0);
	st = ts_run((const char *[]){ "stats", sample, NULL }, NULL, &out, NULL);
	ck_assert_int_eq(st, 0);
	ck_assert_msg(strstr(out, "game 1: result=\"Tariq wins 2\" actions=17 "
	                      "rolls=12 cube_offers=2 ") &&
	              strstr(out, "game 3: result=\"Ines wins 2\""), "%s", out);
	free(out);
}
END_TEST

Suite *
backgammon_show_suite(void)
{
	Suite *s = suite_create("backgammon-show");
	TCase *tc = tcase_create("show");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, board_after_a_move);
	tcase_add_test(tc, both_cells_of_a_result_pair_are_moves);
	tcase_add_test(tc, board_as_svg);
	tcase_add_test(tc, svg_shows_what_the_text_board_shows);
	tcase_add_test(tc, board_when_the_first_action_is_refused);
	tcase_add_test(tc, no_such_game_or_move);
	tcase_add_test(tc, show_from_the_command_line);
	tcase_add_test(tc, fmt_and_stats);
	suite_add_tcase(s, tc);
	return s;
}
