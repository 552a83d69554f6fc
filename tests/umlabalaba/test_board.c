/*
 * Board geometry against the tables of spec sections 1.3 and 1.4: every
 * neighbour of every point on the three standard boards, the link counts of
 * every board and diagonal choice, and the mill counts of every option.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"
#include "umlabalaba/um_test.h"

/* Spec 1.3, one row per point: neighbours on the three standard boards. */
static const char *const neighbours[26][3] = {
	{ "", "", "" },
	{ "2 8 9", "2 8", "2 8 9" },
	{ "1 3 10", "1 3 10", "1 3 10" },
	{ "2 4 11", "2 4", "2 4 11" },
	{ "3 5 12", "3 5 12", "3 5 12" },
	{ "4 6 13", "4 6", "4 6 13" },
	{ "5 7 14", "5 7 14", "5 7 14" },
	{ "6 8 15", "6 8", "6 8 15" },
	{ "1 7 16", "1 7 16", "1 7 16" },
	{ "1 10 16 17", "10 16", "1 10 16" },
	{ "2 9 11 18", "2 9 11 18", "2 9 11 18" },
	{ "3 10 12 19", "10 12", "3 10 12" },
	{ "4 11 13 20", "4 11 13 20", "4 11 13 20" },
	{ "5 12 14 21", "12 14", "5 12 14" },
	{ "6 13 15 22", "6 13 15 22", "6 13 15 22" },
	{ "7 14 16 23", "14 16", "7 14 16" },
	{ "8 9 15 24", "8 9 15 24", "8 9 15 24" },
	{ "9 18 24", "18 24", "18 24" },
	{ "10 17 19", "10 17 19", "10 17 19 25" },
	{ "11 18 20", "18 20", "18 20" },
	{ "12 19 21", "12 19 21", "12 19 21 25" },
	{ "13 20 22", "20 22", "20 22" },
	{ "14 21 23", "14 21 23", "14 21 23 25" },
	{ "15 22 24", "22 24", "22 24" },
	{ "16 17 23", "16 17 23", "16 17 23 25" },
	{ "", "", "18 20 22 24" },
};

static um_set
parse_set(const char *s)
{
	um_set set = 0;
	while (*s) {
		int p = 0;
		while (*s >= '0' && *s <= '9')
			p = p * 10 + (*s++ - '0');
		if (p)
			set |= UM_BIT(p);
		while (*s == ' ')
			s++;
	}
	return set;
}

static void
build(um_board *b, const char *preset, int board, const char *options)
{
	um_rules r;
	ut_rules(&r, preset, board, options);
	um_board_build(b, &r);
}

START_TEST(neighbours_match_the_spec_table)
{
	um_board boards[3];
	build(&boards[0], "gar", 0, NULL);
	build(&boards[1], "isipowe", 0, NULL);
	build(&boards[2], "isisuthu", 0, NULL);
	for (int p = 1; p <= 25; p++)
		for (int k = 0; k < 3; k++) {
			if (p == 25 && k < 2)
				continue;
			ck_assert_msg(boards[k].adj[p] == parse_set(neighbours[p][k]),
			              "point %d on board %d", p, k);
		}
}
END_TEST

static int
links(const um_board *b)
{
	int n = 0;
	for (int p = 1; p <= b->points; p++)
		n += um_count(b->adj[p]);
	return n / 2;
}

START_TEST(link_counts_of_every_board)
{
	um_board b;
	build(&b, NULL, 24, "diagonals=full");
	ck_assert_int_eq(links(&b), 40);
	build(&b, NULL, 24, "diagonals=none");
	ck_assert_int_eq(links(&b), 32);
	build(&b, NULL, 24, "diagonals=outer");
	ck_assert_int_eq(links(&b), 36);
	build(&b, NULL, 25, NULL);
	ck_assert_int_eq(links(&b), 40);
	build(&b, NULL, 25, "diagonals=full");
	ck_assert_int_eq(links(&b), 44);
	build(&b, NULL, 25, "diagonals=none");
	ck_assert_int_eq(links(&b), 36);
}
END_TEST

START_TEST(mill_counts_of_every_option)
{
	um_board b;
	build(&b, "gar", 0, NULL);
	ck_assert_int_eq(b.nmills, 20);
	build(&b, "isipowe", 0, NULL);
	ck_assert_int_eq(b.nmills, 16);
	build(&b, NULL, 24, "diagonals=outer");
	ck_assert_int_eq(b.nmills, 16);
	build(&b, NULL, 24, "diagonal_mills=off");
	ck_assert_int_eq(b.nmills, 16);
	build(&b, "isisuthu", 0, NULL);
	ck_assert_int_eq(b.nmills, 18);
	build(&b, "isisuthu", 0, "centre_mills=any");
	ck_assert_int_eq(b.nmills, 22);
	build(&b, "isisuthu", 0, "centre_mills=none");
	ck_assert_int_eq(b.nmills, 16);
	/* Centre mills are ignored on 24 points. */
	build(&b, NULL, 24, "centre_mills=any");
	ck_assert_int_eq(b.nmills, 20);
}
END_TEST

START_TEST(point_numbers_valid_per_board)
{
	um_board b24, b25;
	build(&b24, NULL, 24, NULL);
	build(&b25, NULL, 25, NULL);
	ck_assert_int_eq(um_point_value(&b24, "1", 1), 1);
	ck_assert_int_eq(um_point_value(&b24, "09", 2), 9);
	ck_assert_int_eq(um_point_value(&b24, "24", 2), 24);
	ck_assert_int_eq(um_point_value(&b24, "25", 2), 0);
	ck_assert_int_eq(um_point_value(&b25, "25", 2), 25);
	ck_assert_int_eq(um_point_value(&b24, "0", 1), 0);
	ck_assert_int_eq(um_point_value(&b24, "00", 2), 0);
	ck_assert_int_eq(um_point_value(&b24, "007", 3), 0);
	ck_assert_int_eq(um_point_value(&b24, "100", 3), 0);
	ck_assert_int_eq(um_point_value(&b25, "26", 2), 0);
}
END_TEST

/* The picture says what the text board says below the board: the cows in
   hand, whose turn (and ilobola) or how it ended, the FEN (issue 15). */
START_TEST(svg_shows_what_the_text_board_shows)
{
	static const char *const lines[] = { "In hand: ", "To move: ",
		"Game over ", "FEN: ", NULL };
	static const long moves[] = { 0, 1, 5, 12, 24, 40, -1 };
	char dir[512];
	ts_shared("corpus/umlabalaba/legal", dir, sizeof dir);
	int compared = 0, files = 0;
	for (int i = 1; i <= 23; i++) {
		char path[700];
		snprintf(path, sizeof path, "%s/uml-legal-%02d.umla", dir, i);
		char *text = ts_read_file(path, NULL);
		if (text == NULL)
			continue;
		compared += ts_svg_shows_text_lines("umlabalaba", text, moves, 7,
		                                    lines);
		files++;
		free(text);
	}
	ck_assert_int_ge(files, 20);
	ck_assert_int_ge(compared, files * 2 * 5);
}
END_TEST

Suite *
umlabalaba_board_suite(void)
{
	Suite *s = suite_create("umlabalaba-board");
	TCase *tc = tcase_create("geometry");
	tcase_add_test(tc, neighbours_match_the_spec_table);
	tcase_add_test(tc, link_counts_of_every_board);
	tcase_add_test(tc, mill_counts_of_every_option);
	tcase_add_test(tc, point_numbers_valid_per_board);
	tcase_add_test(tc, svg_shows_what_the_text_board_shows);
	suite_add_tcase(s, tc);
	return s;
}
