/*
 * The messages of the play diagnostics (spec 5.4, tone of 6.2): the cell as
 * written, then what is wrong in backgammon terms.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/report.h"
#include "games/backgammon/engine_int.h"

typedef struct msg {
	char *buf;
	size_t size;
	size_t len;
} msg;

static void msg_printf(msg *m, const char *fmt, ...) NT_PRINTF(2, 3);

static void
msg_printf(msg *m, const char *fmt, ...)
{
	if (m->size == 0 || m->len + 1 >= m->size)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(m->buf + m->len, m->size - m->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	m->len += (size_t)n;
	if (m->len >= m->size)
		m->len = m->size - 1;
}

/* "7, 8, 13 and 24" for the points of MASK (1..24), lowest first. */
static void
msg_points(msg *m, bg_mask mask)
{
	int total = 0, done = 0;
	for (int p = 1; p <= 24; p++)
		total += (mask >> p) & 1u;
	for (int p = 1; p <= 24; p++) {
		if (!((mask >> p) & 1u))
			continue;
		done++;
		msg_printf(m, "%s%d", done == 1 ? "" : done == total ? " and " : ", ", p);
	}
}

static void
msg_from(msg *m, int p)
{
	if (p == BG_BAR)
		msg_printf(m, "bar");
	else
		msg_printf(m, "%d", p);
}

static const char *const count_words[] = { "no", "one", "two", "three", "four" };

/* The dice in words: "6 and 5", or "5-5" for a double. */
static void
msg_dice(msg *m, const bg_judgement *j)
{
	int hi = j->die1 > j->die2 ? j->die1 : j->die2;
	int lo = j->die1 > j->die2 ? j->die2 : j->die1;
	if (hi == lo)
		msg_printf(m, "%d-%d", hi, lo);
	else
		msg_printf(m, "%d and %d", hi, lo);
}

static void
msg_roll(msg *m, const bg_judgement *j)
{
	int hi = j->die1 > j->die2 ? j->die1 : j->die2;
	int lo = j->die1 > j->die2 ? j->die2 : j->die1;
	msg_printf(m, "%d-%d", hi, lo);
}

static void
msg_none_legal(msg *m, const bg_judgement *j, const char *me, const char *op)
{
	int dice[2] = { j->die1 > j->die2 ? j->die1 : j->die2,
	                j->die1 > j->die2 ? j->die2 : j->die1 };
	int ndistinct = dice[0] == dice[1] ? 1 : 2;
	if (j->bar_count > 0) {
		/* Entering with d lands on the opponent's point d. */
		if (ndistinct == 1)
			msg_printf(m, "%s's %d point (%s's %d) is closed, so %s cannot enter with a %d",
			           op, dice[0], me, 25 - dice[0], me, dice[0]);
		else
			msg_printf(m, "%s's %d and %d points (%s's %d and %d) are closed, so %s cannot enter with %d-%d",
			           op, dice[0], dice[1], me, 25 - dice[0], 25 - dice[1],
			           me, dice[0], dice[1]);
		return;
	}
	msg_printf(m, "none of %s's checkers can move ", me);
	if (ndistinct == 1)
		msg_printf(m, "%d pips", dice[0]);
	else
		msg_printf(m, "%d or %d pips", dice[0], dice[1]);
	int blocked = (j->none_faults >> BG_STEP_BLOCKED) & 1u;
	int home = (j->none_faults >> BG_STEP_NOT_HOME) & 1u;
	int over = (j->none_faults >> BG_STEP_OVERAGE) & 1u;
	if (blocked)
		msg_printf(m, ": every point they could reach is held by %s", op);
	if (home)
		msg_printf(m, "%s%s may not bear off yet", blocked ? ", and " : ": ", me);
	if (over)
		msg_printf(m, "%sa larger die bears off only from the highest point",
		           blocked || home ? ", and " : ": ");
}

static void
msg_mismatch(msg *m, const bg_judgement *j)
{
	switch (j->mismatch) {
	case BG_MISMATCH_TOO_MANY_HOPS:
		msg_printf(m, "that is at least %d moves of one die, and ", j->nhops);
		msg_roll(m, j);
		msg_printf(m, " gives only %d", j->die1 == j->die2 ? 4 : 2);
		return;
	case BG_MISMATCH_HOP:
		msg_from(m, j->hop.from);
		if (j->hop.to >= j->hop.from || j->hop.from > BG_BAR) {
			msg_printf(m, " to %d is not a move forward", j->hop.to);
			return;
		}
		if (j->hop.to == BG_OFF)
			msg_printf(m, " to off needs at least %d pips", j->hop.from);
		else
			msg_printf(m, " to %d is %d pip%s", j->hop.to,
			           j->hop.from - j->hop.to,
			           j->hop.from - j->hop.to == 1 ? "" : "s");
		msg_printf(m, ", and the dice are ");
		msg_dice(m, j);
		return;
	case BG_MISMATCH_JOINT:
	case BG_MISMATCH_NONE:
		break;
	}
	msg_printf(m, "the dice ");
	msg_dice(m, j);
	msg_printf(m, " cannot make all of these moves together");
}

static void
msg_not_home(msg *m, const bg_judgement *j, const char *me)
{
	int n = j->bar_count;
	for (int p = 7; p <= 24; p++)
		n += (j->outside >> p) & 1u;
	msg_printf(m, "%s has %s outside the home board (", me,
	           n == 1 && j->bar_count <= 1 ? "a checker" : "checkers");
	if (j->bar_count > 0)
		msg_printf(m, "%d on the bar%s", j->bar_count,
		           j->outside ? ", and on " : "");
	else
		msg_printf(m, "on ");
	msg_points(m, j->outside);
	msg_printf(m, ")");
}

static void
msg_spurious(msg *m, const bg_judgement *j, const char *me, const char *op)
{
	int p = j->spurious_point;
	switch (j->spurious) {
	case BG_SPURIOUS_OFF:
		msg_printf(m, "nothing is hit by bearing off");
		return;
	case BG_SPURIOUS_OWN:
		msg_printf(m, "nothing is hit on %d, %s %s %s's own", p,
		           j->spurious_count == 1 ? "that checker" : "those checkers",
		           j->spurious_count == 1 ? "is" : "are", me);
		return;
	case BG_SPURIOUS_HELD:
		msg_printf(m, "nothing is hit on %d, %s holds it with %d checkers",
		           p, op, j->spurious_count);
		return;
	case BG_SPURIOUS_EMPTY:
	case BG_SPURIOUS_NONE:
		break;
	}
	msg_printf(m, "nothing is hit on %d, the point was empty", p);
}

static void
msg_missing(msg *m, const bg_judgement *j, const char *op)
{
	int several = (j->missing & (j->missing - 1)) != 0;
	msg_printf(m, several ? "the checkers landing on " : "the checker landing on ");
	msg_points(m, j->missing);
	msg_printf(m, several ? " hit %s's blots: write %s" : " hits %s's blot: write %s",
	           op, j->example);
}

static void
msg_not_max(msg *m, const bg_judgement *j)
{
	if (j->die1 != j->die2)
		msg_printf(m, "both dice can be played");
	else if (j->max_dice == 4)
		msg_printf(m, "all four %ds can be played", j->die1);
	else
		msg_printf(m, "%s %ds can be played", count_words[j->max_dice],
		           j->die1);
	msg_printf(m, ", for example %s", j->example);
}

static void
msg_step(msg *m, const bg_judgement *j, const char *me, const char *op)
{
	switch (j->code) {
	case BG_CODE_EMPTY_POINT:
		if (j->fail.from == BG_BAR)
			msg_printf(m, "%s has no checker on the bar", me);
		else
			msg_printf(m, "%s has no checker %son point %d", me,
			           j->fail_had > 0 ? "left " : "", j->fail.from);
		break;
	case BG_CODE_BAR_FIRST: {
		const char *has = j->steps_made > 0 ? "still has" : "has";
		if (j->bar_count == 1)
			msg_printf(m, "%s %s a checker on the bar and must enter it first",
			           me, has);
		else
			msg_printf(m, "%s %s %d checkers on the bar and must enter them first",
			           me, has, j->bar_count);
		break;
	}
	case BG_CODE_BLOCKED_POINT:
		msg_printf(m, "%s's %d point is held by %d of %s's checkers", me,
		           j->fail.to, j->blockers, op);
		break;
	case BG_CODE_BEAROFF_NOT_HOME:
		msg_not_home(m, j, me);
		break;
	default:
		msg_printf(m, "the %d bears off only from the highest point, and %s still has %s on %d",
		           j->fail.die, me,
		           j->highest_count == 1 ? "a checker" : "checkers", j->highest);
		break;
	}
}

size_t
bg_judge_message(const bg_judgement *j, const char *cell, size_t cell_len,
                 const char *mover_name, const char *opponent_name,
                 char *buf, size_t size)
{
	msg m = { buf, size, 0 };
	char quoted[NT_MSG_MAX / 2];
	const char *me = mover_name != NULL ? mover_name : "the player on roll";
	const char *op = opponent_name != NULL ? opponent_name : "the opponent";
	if (size > 0)
		buf[0] = '\0';
	if (j->code == BG_CODE_NONE)
		return 0;
	nt_quote(quoted, sizeof quoted, cell, cell_len);
	msg_printf(&m, "'%s': ", quoted);
	switch (j->code) {
	case BG_CODE_NO_PLAY_BUT_LEGAL:
		msg_roll(&m, j);
		msg_printf(&m, " can be played, for example %s", j->example);
		break;
	case BG_CODE_PLAY_WHEN_NONE_LEGAL:
		msg_none_legal(&m, j, me, op);
		break;
	case BG_CODE_DICE_MISMATCH:
		msg_mismatch(&m, j);
		break;
	case BG_CODE_NOT_MAX_DICE:
		msg_not_max(&m, j);
		break;
	case BG_CODE_LARGER_DIE:
		msg_printf(&m, "only one die can be played here, so it must be the %d (%s)",
		           j->larger_die, j->example);
		break;
	case BG_CODE_ILLEGAL_MOVE:
		msg_printf(&m, "no legal play for ");
		msg_roll(&m, j);
		msg_printf(&m, " reaches this position");
		break;
	case BG_CODE_HIT_MARKER_MISSING:
		msg_missing(&m, j, op);
		break;
	case BG_CODE_HIT_MARKER_SPURIOUS:
		msg_spurious(&m, j, me, op);
		break;
	default:
		msg_step(&m, j, me, op);
		break;
	}
	return m.len;
}
