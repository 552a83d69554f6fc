/*
 * The ASCII board (bg_render): the whole board for one position pinned,
 * and the parts that matter checked on others: tall stacks, the bar, the
 * checkers off, the details beside the board and a short buffer.
 */
#include <check.h>
#include <string.h>

#include "test_engine_util.h"

static const char start_board[] =
	" Game 3, after 4) 5-1: bar/24* bar/20\n"
	"  12 11 10  9  8  7       6  5  4  3  2  1\n"
	" +13-14-15-16-17-18-+---+19-20-21-22-23-24-+     O: Tariq\n"
	" | X           O    |   | O              X |     2 points of 3\n"
	" | X           O    |   | O              X |     pips 167, 0 off\n"
	" | X           O    |   | O                |     owns the cube at 2\n"
	" | X                |   | O                |\n"
	" | X                |   | O                |\n"
	" |                  |BAR|                  |     3-point match\n"
	" | O                |   | X                |\n"
	" | O                |   | X                |\n"
	" | O           X    |   | X                |     rolled 6-4\n"
	" | O           X    |   | X              O |     pips 167, 0 off\n"
	" | O           X    |   | X              O |     1 point of 3\n"
	" +12-11-10--9--8--7-+---+-6--5--4--3--2--1-+     X: Ines\n"
	"  13 14 15 16 17 18      19 20 21 22 23 24\n"
	" Position ID: 4HPwATDgc/ABMA\n";

START_TEST(whole_board)
{
	char buf[BG_RENDER_MAX];
	bg_pos p;
	bg_pos_start(&p);
	bg_board_info info = {
		.name = { "Ines", "Tariq" }, .match_length = 3, .score = { 1, 2 },
		.cube_value = 2, .cube_owner = 1, .crawford = 0, .on_roll = 0,
		.die1 = 4, .die2 = 6, .caption = "Game 3, after 4) 5-1: bar/24* bar/20",
	};
	size_t n = bg_render(&p, &info, buf, sizeof buf);
	ck_assert_str_eq(buf, start_board);
	ck_assert_uint_eq(n, strlen(start_board));
}
END_TEST

/* The line of BUF that contains NEEDLE, or NULL. */
static const char *
line_with(const char *buf, const char *needle, char *line, size_t size)
{
	const char *hit = strstr(buf, needle);
	if (hit == NULL)
		return NULL;
	const char *b = hit, *e = hit;
	while (b > buf && b[-1] != '\n')
		b--;
	while (*e != '\0' && *e != '\n')
		e++;
	snprintf(line, size, "%.*s", (int)(e - b), b);
	return line;
}

START_TEST(stacks_bar_and_off)
{
	char buf[BG_RENDER_MAX], line[128];
	/* X: 11 on his 2, 2 on his 1, one on the bar, one off.
	 * O: 7 on his 6 (X's 19), 3 on his 8, 1 on his 13, 2 on the bar, 2 off. */
	bg_pos p = tb_pos("2:11 1:2 bar", "6:7 8:3 13 bar:2");
	bg_board_info info = {
		.name = { NULL, "gnubg" }, .score = { 0, 4 }, .cube_value = 1,
		.cube_owner = -1, .on_roll = -1,
	};
	bg_render(&p, &info, buf, sizeof buf);
	/* The count of a tall stack in its fifth row. */
	ck_assert_ptr_nonnull(line_with(buf, "| 7 ", line, sizeof line));
	ck_assert_str_eq(line, " |                  |   | 7                |");
	ck_assert_ptr_nonnull(line_with(buf, " 11   |", line, sizeof line));
	ck_assert_str_eq(line, " |                  |   |             11   |");
	/* Bar in the middle column (O above, X below); off beside the frame. */
	ck_assert_ptr_nonnull(line_with(buf, "4 points", line, sizeof line));
	ck_assert_str_eq(line, " |             O    | O | O                | O   4 points");
	ck_assert_ptr_nonnull(line_with(buf, "0 points", line, sizeof line));
	ck_assert_str_eq(line, " | O                | X |             X  X | X   0 points");
	ck_assert_ptr_nonnull(strstr(buf, "X: left player"));
	ck_assert_ptr_nonnull(strstr(buf, "money session, cube 1 in the centre"));
	/* Nobody on roll: the Position ID as the left player sees it. */
	char id[BG_POSID_LEN + 1], want[64];
	bg_posid_encode(&p, 0, id);
	snprintf(want, sizeof want, " Position ID: %s\n", id);
	ck_assert_ptr_nonnull(strstr(buf, want));
	/* The middle line is kept whole for matches of two digits. */
	info.match_length = 11;
	info.crawford = 1;
	bg_render(&p, &info, buf, sizeof buf);
	ck_assert_ptr_nonnull(strstr(buf, "11-point match, cube 1 in the centre, "
	                                  "Crawford game\n"));
}
END_TEST

START_TEST(details)
{
	char buf[BG_RENDER_MAX];
	bg_pos p;
	bg_pos_start(&p);
	bg_board_info info = {
		.name = { "Ann", "Ben" }, .match_length = 5, .score = { 4, 1 },
		.cube_value = 1, .cube_owner = -1, .crawford = 1, .on_roll = 1,
	};
	bg_render(&p, &info, buf, sizeof buf);
	ck_assert_ptr_nonnull(strstr(buf, "5-point match, cube 1 in the centre, Crawford game"));
	ck_assert_ptr_nonnull(strstr(buf, "on roll"));
	ck_assert_ptr_nonnull(strstr(buf, "4 points of 5"));
	ck_assert_ptr_nonnull(strstr(buf, " Position ID: 4HPwATDgc/ABMA\n"));
	/* Without details: the board alone, names by column. */
	bg_render(&p, NULL, buf, sizeof buf);
	ck_assert_ptr_nonnull(strstr(buf, "O: right player"));
	ck_assert_ptr_nonnull(strstr(buf, "pips 167, 0 off"));
	/* No line ends in a space. */
	ck_assert_ptr_null(strstr(buf, " \n"));
}
END_TEST

START_TEST(short_buffer)
{
	char buf[BG_RENDER_MAX], small[40];
	bg_pos p;
	bg_pos_start(&p);
	size_t n = bg_render(&p, NULL, buf, sizeof buf);
	ck_assert_uint_lt(n, BG_RENDER_MAX);
	ck_assert_uint_eq(bg_render(&p, NULL, small, sizeof small), n);
	ck_assert_uint_eq(strlen(small), sizeof small - 1);
	ck_assert_int_eq(strncmp(small, buf, sizeof small - 1), 0);
}
END_TEST

Suite *
backgammon_render_suite(void)
{
	Suite *s = suite_create("backgammon-render");
	TCase *tc = tcase_create("board");
	tcase_add_test(tc, whole_board);
	tcase_add_test(tc, stacks_bar_and_off);
	tcase_add_test(tc, details);
	tcase_add_test(tc, short_buffer);
	suite_add_tcase(s, tc);
	return s;
}
