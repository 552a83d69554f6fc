/*
 * Helpers for the backgammon engine suites: positions from short texts and
 * plays from sheet-like texts, so that tests read like the spec's examples.
 *
 * The play reader here is a test fixture, deliberately small: it knows the
 * canonical forms the tests write (`13/7 6/1*`, `bar/21`, `13/7(2)`,
 * `6/1*(2)`, `no play`), nothing more.  The real reader is the records grammar.
 */
#ifndef NT_TEST_BG_UTIL_H
#define NT_TEST_BG_UTIL_H

#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/backgammon/bg_engine.h"

/*
 * One side's checkers: "24:2 13:4 8:2 7 6:4 3:2 bar:1", in that side's own
 * numbering; a point without a count holds one checker.  The rest are off.
 */
static inline void
tb_side(bg_pos *pos, int side, const char *spec)
{
	int total = 0;
	memset(pos->n[side], 0, sizeof pos->n[side]);
	while (*spec != '\0') {
		while (*spec == ' ')
			spec++;
		if (*spec == '\0')
			break;
		int p, c = 1;
		if (strncmp(spec, "bar", 3) == 0) {
			p = BG_BAR;
			spec += 3;
		} else {
			p = (int)strtol(spec, (char **)&spec, 10);
		}
		if (*spec == ':')
			c = (int)strtol(spec + 1, (char **)&spec, 10);
		ck_assert_msg(p >= 1 && p <= BG_BAR && c >= 1, "bad side spec");
		pos->n[side][p] = (unsigned char)(pos->n[side][p] + c);
		total += c;
	}
	ck_assert_int_le(total, BG_CHECKERS);
	pos->n[side][BG_OFF] = (unsigned char)(BG_CHECKERS - total);
}

static inline bg_pos
tb_pos(const char *side0, const char *side1)
{
	bg_pos pos;
	memset(&pos, 0, sizeof pos);
	tb_side(&pos, 0, side0);
	tb_side(&pos, 1, side1);
	ck_assert_msg(bg_pos_valid(&pos), "invalid test position %s / %s",
	              side0, side1);
	return pos;
}

/* "6-5" or "65". */
static inline void
tb_dice(const char *text, int *d1, int *d2)
{
	*d1 = text[0] - '0';
	*d2 = text[text[1] == '-' ? 2 : 1] - '0';
}

static inline int
tb_point(const char **s, int first)
{
	const char *t = *s;
	if (first && (strncmp(t, "bar", 3) == 0)) {
		*s = t + 3;
		return BG_BAR;
	}
	if (!first && strncmp(t, "off", 3) == 0) {
		*s = t + 3;
		return BG_OFF;
	}
	ck_assert_msg(isdigit((unsigned char)*t), "test play: point expected at '%s'", t);
	return (int)strtol(t, (char **)s, 10);
}

/* The hops of 5.1 for TEXT; returns their number, -1 for "no play" / "". */
static inline int
tb_hops(const char *text, bg_hop *hops, int max)
{
	int n = 0;
	while (*text == ' ')
		text++;
	if (*text == '\0' || strcmp(text, "no play") == 0)
		return -1;
	while (*text != '\0') {
		bg_hop path[8];
		int np = 0;
		int from = tb_point(&text, 1);
		while (*text == '/') {
			text++;
			int to = tb_point(&text, 0);
			int star = *text == '*';
			if (star)
				text++;
			ck_assert(np < 8);
			path[np].from = (unsigned char)from;
			path[np].to = (unsigned char)to;
			path[np].star = (unsigned char)star;
			np++;
			from = to;
		}
		int count = 1;
		if (*text == '(') {
			count = text[1] - '0';
			text += 3;
		}
		for (int c = 0; c < count; c++)
			for (int i = 0; i < np; i++) {
				ck_assert(n < max);
				hops[n++] = path[i];
			}
		while (*text == ' ')
			text++;
	}
	return n;
}

/* Judges PLAY ("13/7 6/1*", "no play", "") for DICE ("6-5", "65"). */
static inline bg_verdict
tb_judge_ex(const bg_pos *pos, int mover, const char *dice, const char *play,
            int strict, int resign_follows, bg_judgement *j)
{
	bg_hop hops[32];
	bg_roll roll;
	memset(&roll, 0, sizeof roll);
	tb_dice(dice, &roll.die1, &roll.die2);
	int n = tb_hops(play, hops, 32);
	roll.nothing = n < 0;
	roll.hops = hops;
	roll.nhops = n < 0 ? 0 : n;
	roll.resign_follows = resign_follows;
	return bg_judge(pos, mover, &roll, strict, j);
}

static inline bg_verdict
tb_judge(const bg_pos *pos, int mover, const char *dice, const char *play,
         bg_judgement *j)
{
	return tb_judge_ex(pos, mover, dice, play, 0, 0, j);
}

/* A code as the spec spells it ("" for none). */
static inline const char *
tb_code_name(bg_code code)
{
	return code != BG_CODE_NONE ? bg_codes[code].code : "";
}

/* The code a play gets ("" when accepted cleanly). */
static inline const char *
tb_code(const bg_pos *pos, int mover, const char *dice, const char *play)
{
	bg_judgement j;
	tb_judge(pos, mover, dice, play, &j);
	return tb_code_name(j.code);
}

/* Plays a legal play (no warning allowed) and moves on from it. */
static inline void
tb_play(bg_pos *pos, int mover, const char *dice, const char *play)
{
	bg_judgement j;
	bg_verdict v = tb_judge(pos, mover, dice, play, &j);
	ck_assert_msg(v == BG_ACCEPTED, "'%s: %s' refused: %s", dice, play,
	              tb_code_name(j.code));
	*pos = j.after;
}

/* The message of a judged play, as the records code would build it. */
static inline const char *
tb_message(const bg_pos *pos, int mover, const char *dice, const char *play,
           const char *me, const char *op, char *buf, size_t size)
{
	bg_judgement j;
	char cell[128];
	tb_judge(pos, mover, dice, play, &j);
	snprintf(cell, sizeof cell, "%s:%s%s", dice, *play ? " " : "", play);
	bg_judge_message(&j, cell, strlen(cell), me, op, buf, size);
	return buf;
}

/* The canonical sheet text (7.3) and mat steps (7.2) of an accepted play. */
static inline const char *
tb_sheet(const bg_pos *pos, int mover, const char *dice, const char *play,
         char *buf, size_t size)
{
	bg_judgement j;
	bg_verdict v = tb_judge(pos, mover, dice, play, &j);
	ck_assert_msg(v != BG_REJECTED, "'%s: %s' refused: %s", dice, play,
	              tb_code_name(j.code));
	bg_sheet_text(pos, mover, j.steps, j.nsteps, buf, size);
	return buf;
}

static inline const char *
tb_mat(const bg_pos *pos, int mover, const char *dice, const char *play,
       char *buf, size_t size)
{
	bg_judgement j;
	bg_verdict v = tb_judge(pos, mover, dice, play, &j);
	ck_assert_msg(v != BG_REJECTED, "'%s: %s' refused: %s", dice, play,
	              tb_code_name(j.code));
	bg_mat_text(pos, mover, j.steps, j.nsteps, buf, size);
	return buf;
}

#endif
