/*
 * The ASCII board of `notate show`, drawn in the spirit of gnubg's text
 * board: the left player (side 0) is X at the bottom and the frame carries
 * his point numbers; the right player (side 1) is O at the top, and his
 * numbers are on a line above and below the frame.  Stacks taller than
 * five show their count in the fifth row.  The bar is the middle column,
 * checkers off are to the right of the frame, and the players' details
 * to the right of that.
 */
#include <stdio.h>
#include <string.h>

#include "games/backgammon/engine_int.h"

#define ROWS 15                 /* numbers, frame, 5, middle, 5, frame, numbers */
/* Wide enough for the longest middle line: an 11-point match's Crawford game. */
#define WIDTH 128
#define OFF_COL 45
#define INFO_COL 49
#define BAR_COL 22

typedef struct board {
	char line[ROWS][WIDTH];
} board;

static void
put(board *b, int row, int col, const char *text)
{
	for (; *text != '\0' && col < WIDTH - 1; text++, col++)
		b->line[row][col] = *text;
}

/* The checker column of point P (side 0's numbering) and its half. */
static int
point_col(int p)
{
	if (p >= 19)
		return 26 + 3 * (p - 19);
	if (p >= 13)
		return 3 + 3 * (p - 13);
	if (p >= 7)
		return 3 + 3 * (12 - p);
	return 26 + 3 * (6 - p);
}

/* Row of the R-th checker (0 = nearest the frame) in the top or bottom half. */
static int
stack_row(int top, int r)
{
	return top ? 2 + r : 12 - r;
}

static void
stack(board *b, int top, int col, int count, char c)
{
	for (int r = 0; r < count && r < 5; r++) {
		char cell[2] = { c, '\0' };
		put(b, stack_row(top, r), col, cell);
	}
	if (count > 5) {
		char num[16];
		snprintf(num, sizeof num, "%d", count);
		put(b, stack_row(top, 4), col, num);
	}
}

static void
frame(board *b)
{
	char num[16];
	for (int r = 0; r < ROWS; r++) {
		memset(b->line[r], ' ', WIDTH - 1);
		b->line[r][WIDTH - 1] = '\0';
	}
	put(b, 1, 1, "+------------------+---+------------------+");
	put(b, 13, 1, "+------------------+---+------------------+");
	for (int r = 2; r <= 12; r++) {
		put(b, r, 1, "|");
		put(b, r, 20, "|");
		put(b, r, 24, "|");
		put(b, r, 43, "|");
	}
	put(b, 7, 21, "BAR");
	/* Side 0's numbers on the frame, side 1's outside it. */
	for (int p = 1; p <= 24; p++) {
		int top = p >= 13;
		snprintf(num, sizeof num, p < 10 ? "-%d" : "%d", p);
		put(b, top ? 1 : 13, point_col(p) - 1, num);
		snprintf(num, sizeof num, "%2d", 25 - p);
		put(b, top ? 0 : 14, point_col(p) - 1, num);
	}
}

static const char *
name_of(const bg_board_info *info, int side)
{
	if (info != NULL && info->name[side] != NULL)
		return info->name[side];
	return side == 0 ? "left player" : "right player";
}

/* The details of one side, in the rows of its half, nearest the frame first. */
static void
side_info(board *b, const bg_pos *pos, const bg_board_info *info, int side)
{
	int top = side == 1;
	char text[160];
	int row = 0;
	snprintf(text, sizeof text, "%c: %s", side == 0 ? 'X' : 'O', name_of(info, side));
	put(b, top ? 1 : 13, INFO_COL, text);
	if (info != NULL) {
		if (info->match_length > 0)
			snprintf(text, sizeof text, "%d point%s of %d", info->score[side],
			         info->score[side] == 1 ? "" : "s", info->match_length);
		else
			snprintf(text, sizeof text, "%d point%s", info->score[side],
			         info->score[side] == 1 ? "" : "s");
		put(b, stack_row(top, row++), INFO_COL, text);
	}
	snprintf(text, sizeof text, "pips %d, %d off", bg_pip_count(pos, side),
	         pos->n[side][BG_OFF]);
	put(b, stack_row(top, row++), INFO_COL, text);
	if (info != NULL && info->on_roll == side) {
		if (info->die1 > 0 && info->die2 > 0)
			snprintf(text, sizeof text, "rolled %d-%d",
			         info->die1 > info->die2 ? info->die1 : info->die2,
			         info->die1 > info->die2 ? info->die2 : info->die1);
		else
			snprintf(text, sizeof text, "on roll");
		put(b, stack_row(top, row++), INFO_COL, text);
	}
	if (info != NULL && info->cube_owner == side) {
		snprintf(text, sizeof text, "owns the cube at %d",
		         info->cube_value > 0 ? info->cube_value : 1);
		put(b, stack_row(top, row++), INFO_COL, text);
	}
}

/* The middle line: the match, a centred cube, the Crawford game. */
static void
middle_info(board *b, const bg_board_info *info)
{
	char text[160];
	size_t n = 0;
	if (info == NULL)
		return;
	if (info->match_length > 0)
		n += (size_t)snprintf(text + n, sizeof text - n, "%d-point match",
		                      info->match_length);
	else
		n += (size_t)snprintf(text + n, sizeof text - n, "money session");
	if (info->cube_owner < 0 && n < sizeof text)
		n += (size_t)snprintf(text + n, sizeof text - n, ", cube %d in the centre",
		                      info->cube_value > 0 ? info->cube_value : 1);
	if (info->crawford && n < sizeof text)
		snprintf(text + n, sizeof text - n, ", Crawford game");
	put(b, 7, INFO_COL, text);
}

static size_t
append(char *buf, size_t size, size_t len, const char *text)
{
	size_t n = strlen(text);
	if (size > 0 && len < size - 1) {
		size_t room = size - 1 - len;
		memcpy(buf + len, text, n < room ? n : room);
		buf[len + (n < room ? n : room)] = '\0';
	}
	return len + n;
}

size_t
bg_render(const bg_pos *pos, const bg_board_info *info, char *buf, size_t size)
{
	board b;
	frame(&b);
	for (int p = 1; p <= 24; p++) {
		int top = p >= 13;
		int x = pos->n[0][p], o = pos->n[1][25 - p];
		if (x > 0)
			stack(&b, top, point_col(p), x, 'X');
		else if (o > 0)
			stack(&b, top, point_col(p), o, 'O');
	}
	stack(&b, 1, BAR_COL, pos->n[1][BG_BAR], 'O');
	stack(&b, 0, BAR_COL, pos->n[0][BG_BAR], 'X');
	stack(&b, 1, OFF_COL, pos->n[1][BG_OFF], 'O');
	stack(&b, 0, OFF_COL, pos->n[0][BG_OFF], 'X');
	side_info(&b, pos, info, 1);
	side_info(&b, pos, info, 0);
	middle_info(&b, info);

	size_t len = 0;
	if (size > 0)
		buf[0] = '\0';
	if (info != NULL && info->caption != NULL) {
		len = append(buf, size, len, " ");
		len = append(buf, size, len, info->caption);
		len = append(buf, size, len, "\n");
	}
	for (int r = 0; r < ROWS; r++) {
		char *l = b.line[r];
		size_t n = strlen(l);
		while (n > 0 && l[n - 1] == ' ')
			n--;
		l[n] = '\0';
		len = append(buf, size, len, l);
		len = append(buf, size, len, "\n");
	}
	if (info != NULL) {
		/* gnubg's ID is seen by the player on roll: the left one when
		   nobody is (a game's start or end), as show -f json has it. */
		char id[BG_POSID_LEN + 1], text[64];
		bg_posid_encode(pos, info->on_roll == 1 ? 1 : 0, id);
		snprintf(text, sizeof text, " Position ID: %s\n", id);
		len = append(buf, size, len, text);
	}
	return len;
}
