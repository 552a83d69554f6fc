/*
 * Writing a record in one canonical form (spec sections 4 and 7).  The
 * layout of 4.1 is shared; cell texts and result lines follow 4.2 (`mat`)
 * or 4.3 (`sheet`).  The plays come from the engine: the steps the judge
 * chose (7.2), written as bg_mat_text or bg_sheet_text give them.
 */
#include "games/backgammon/writer.h"

#include <stdio.h>
#include <string.h>

#define LEFT_WIDTH 27
#define MAT_LEFT_RESULT "      "                              /* 6 */
#define MAT_RIGHT_RESULT "                                  " /* 34 */
#define SHEET_LEFT_RESULT "     "                            /* 5 */
#define SHEET_RIGHT_RESULT "                                 " /* 33 */
/* gnubg's pass followed at once by the right player's result. */
#define MAT_DROPS_GAP "                       "              /* 23 */

static void
put(bg_writer *w, const char *s, size_t n)
{
	if (!w->failed && nt_sink_write(w->out, s, n) != 0)
		w->failed = 1;
}

static void
puts_(bg_writer *w, const char *s)
{
	put(w, s, strlen(s));
}

void
bg_writer_echo(void *ctx, const char *text, size_t len, int last)
{
	bg_writer *w = ctx;
	put(w, text, len);
	if (last) {
		put(w, "\n", 1);
		if (w->match_seen)
			w->pregame = 1;
	}
}

static void
on_match(void *ctx, long length)
{
	bg_writer *w = ctx;
	char line[64];
	snprintf(line, sizeof line, " %ld point match\n\n", length);
	puts_(w, line);
	w->match_seen = 1;
}

static void
on_game_start(void *ctx, long number, const char *const name[2],
              const size_t name_len[2], const long score[2])
{
	bg_writer *w = ctx;
	if (w->pregame) {
		put(w, "\n", 1);
		w->pregame = 0;
	}
	char line[64];
	snprintf(line, sizeof line, " Game %ld\n ", number);
	puts_(w, line);
	/*
	 * `name0 : s0` padded to 31 characters, or one space when it is that
	 * long.  Characters, not bytes (3.1): a UTF-8 name's continuation
	 * bytes take no column.  (gnubg pads by bytes, so for such names the
	 * right player's name stands further left in its files.)
	 */
	char s0[32];
	int n0 = snprintf(s0, sizeof s0, " : %ld", score[0]);
	size_t left = (size_t)n0;
	for (size_t i = 0; i < name_len[0]; i++)
		left += ((unsigned char)name[0][i] & 0xC0) != 0x80;
	put(w, name[0], name_len[0]);
	puts_(w, s0);
	if (left >= 31)
		put(w, " ", 1);
	for (; left < 31; left++)
		put(w, " ", 1);
	put(w, name[1], name_len[1]);
	snprintf(s0, sizeof s0, " : %ld\n", score[1]);
	puts_(w, s0);
	w->row = 0;
	w->open = 0;
}

/* Writes ROW's text without the blanks a sheet line may not end with. */
static void
put_line(bg_writer *w, const char *text)
{
	size_t n = strlen(text);
	if (w->form == BG_FORM_SHEET)
		while (n > 0 && text[n - 1] == ' ')
			n--;
	put(w, text, n);
	put(w, "\n", 1);
}

static void
put_row(bg_writer *w, const char *left, const char *right)
{
	char line[4 * BG_WCELL + 16];
	snprintf(line, sizeof line, "%3ld) %-*s %s", w->row, LEFT_WIDTH, left,
	         right);
	put_line(w, line);
}

static void
flush_row(bg_writer *w)
{
	if (w->open) {
		put_row(w, w->left, "");
		w->open = 0;
	}
}

static void
left_cell(bg_writer *w, const char *cell, int pass, int resigned)
{
	flush_row(w);
	w->row++;
	snprintf(w->left, sizeof w->left, "%s", cell);
	w->open = 1;
	w->open_pass = pass;
	w->open_resigned = resigned;
}

static void
right_cell(bg_writer *w, const char *cell)
{
	if (!w->open) {
		w->row++;
		w->left[0] = '\0';
	}
	put_row(w, w->left, cell);
	w->open = 0;
}

static void
result_text(long points, char *buf, size_t size)
{
	if (points == 1)
		snprintf(buf, size, "Wins 1 point");
	else
		snprintf(buf, size, "Wins %ld points", points);
}

static void
write_result(bg_writer *w, int side, long points)
{
	char res[64], line[2 * BG_WCELL + 64];
	result_text(points, res, sizeof res);
	if (w->form == BG_FORM_SHEET) {
		flush_row(w);
		snprintf(line, sizeof line, "%s%s", side == 0 ? SHEET_LEFT_RESULT
		         : SHEET_RIGHT_RESULT, res);
		put_line(w, line);
		return;
	}
	if (side == 0) {
		flush_row(w);
		snprintf(line, sizeof line, MAT_LEFT_RESULT "%s", res);
		put_line(w, line);
	} else if (w->open && w->open_pass) {
		snprintf(line, sizeof line, "%s" MAT_DROPS_GAP "%s", w->left, res);
		put_row(w, line, "");
		w->open = 0;
	} else if (w->open && w->open_resigned) {
		/* gnubg writes a roll it holds no move for unpadded and puts the
		   result in the right cell's place. */
		right_cell(w, res);
	} else if (w->open) {
		/* gnubg appends ' Wins' to the open row, separator space included,
		   so the result starts one column after a right cell (4.2). */
		snprintf(line, sizeof line, " %s", res);
		right_cell(w, line);
	} else {
		snprintf(line, sizeof line, MAT_RIGHT_RESULT "%s", res);
		put_line(w, line);
	}
}

/* The roll cell of 4.2 or 4.3. */
static void
roll_text(const bg_writer *w, const bg_action *a, char *buf, size_t size)
{
	int hi = a->d1 > a->d2 ? a->d1 : a->d2;
	int lo = a->d1 > a->d2 ? a->d2 : a->d1;
	char play[BG_TEXT_MAX];
	play[0] = '\0';
	bg_step kept[4];
	if (a->roll == BG_ROLL_PLAYED) {
		if (w->form == BG_FORM_MAT &&
		    bg_cell_kept_steps(a->cell, a->before, a->side, a->steps,
		                       a->nsteps, kept))
			bg_mat_text_kept(a->before, a->side, kept, a->nsteps, play,
			                 sizeof play);
		else if (w->form == BG_FORM_MAT)
			bg_mat_text(a->before, a->side, a->steps, a->nsteps, play,
			            sizeof play);
		else
			bg_sheet_text(a->before, a->side, a->steps, a->nsteps, play,
			              sizeof play);
	}
	if (w->form == BG_FORM_MAT) {
		if (a->roll == BG_ROLL_UNKNOWN)
			snprintf(buf, size, "%d%d: ????", hi, lo);
		else
			snprintf(buf, size, "%d%d: %s%s", hi, lo, play,
			         a->nsteps > 0 && a->nsteps < 4 ? " " : "");
		return;
	}
	switch (a->roll) {
	case BG_ROLL_NO_PLAY:
		snprintf(buf, size, "%d-%d: no play", hi, lo);
		break;
	case BG_ROLL_RESIGNED:
		snprintf(buf, size, "%d-%d:", hi, lo);
		break;
	case BG_ROLL_UNKNOWN:
		snprintf(buf, size, "%d-%d: ????", hi, lo);
		break;
	default:
		snprintf(buf, size, "%d-%d: %s", hi, lo, play);
		break;
	}
}

static void
on_action(void *ctx, const bg_action *a, const bg_replay *rp)
{
	bg_writer *w = ctx;
	(void)rp;
	char cell[BG_WCELL];
	int mat = w->form == BG_FORM_MAT;
	switch (a->kind) {
	case BG_ACT_ROLL:
		roll_text(w, a, cell, sizeof cell);
		break;
	case BG_ACT_OFFER:
		snprintf(cell, sizeof cell, mat ? " Doubles => %ld" : "Double to %ld",
		         a->value);
		break;
	case BG_ACT_BEAVER:
		snprintf(cell, sizeof cell, mat ? " Beavers => %ld" : "Beaver to %ld",
		         a->value);
		break;
	case BG_ACT_TAKE:
		snprintf(cell, sizeof cell, mat ? " Takes" : "take");
		break;
	case BG_ACT_PASS:
		snprintf(cell, sizeof cell, mat ? " Drops" : "pass");
		break;
	case BG_ACT_PARTNER:
		return;   /* the result is written once */
	default:
		write_result(w, a->side, a->points);
		return;
	}
	if (a->side == 0)
		left_cell(w, cell, a->kind == BG_ACT_PASS,
		          a->kind == BG_ACT_ROLL && a->roll == BG_ROLL_RESIGNED);
	else
		right_cell(w, cell);
}

static void
on_game_end(void *ctx, const bg_replay *rp)
{
	bg_writer *w = ctx;
	(void)rp;
	flush_row(w);
	put(w, "\n", 1);
}

void
bg_writer_init(bg_writer *w, const nt_sink *out, int form)
{
	memset(w, 0, sizeof *w);
	w->out = out;
	w->form = form;
}

void
bg_writer_finish(bg_writer *w)
{
	/* 4.1 item 3: the blank line after the comment lines is owed even
	   when no game follows them. */
	if (w->pregame) {
		put(w, "\n", 1);
		w->pregame = 0;
	}
}

void
bg_writer_output(bg_writer *w, bg_output *out)
{
	memset(out, 0, sizeof *out);
	out->match_line = on_match;
	out->game_start = on_game_start;
	out->action = on_action;
	out->game_end = on_game_end;
	out->ctx = w;
}
