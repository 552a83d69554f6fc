/*
 * The checks an eXtreme Gammon file adds to the replay (backgammon-xg
 * section 6.1): the positions, cubes and Crawford flags the file stores are
 * compared with what the replay of its cells gives.  Every disagreement is
 * bg-xg-inconsistent, a rule error; X1 to X3 stop the game, G5 does not.
 * The reader (read_xg.c) puts what a record stores into its cells
 * (bg_cell.stored); replay.c calls these at the steps the spec names.
 */
#include <stdio.h>
#include <string.h>

#include "games/backgammon/replay.h"

#define NAME_MAX_Q 200

void
bg_replay_game_place(bg_replay *rp, const nt_binloc *at, const char *context)
{
	rp->g.bin = *at;
	rp->g.bin_context = context;
}

/* POS as XG's PositionEngine seen by SIDE (record.h, bg_stored). */
static void
view_of(const bg_pos *pos, int side, signed char v[26])
{
	const unsigned char *me = pos->n[side], *op = pos->n[1 - side];
	for (int p = 1; p <= 24; p++)
		v[p] = (signed char)(me[p] ? me[p] : -(int)op[25 - p]);
	v[BG_BAR] = (signed char)me[BG_BAR];
	v[0] = (signed char)-(int)op[BG_BAR];
}

/*
 * Says where STORED (seen by SIDE) first differs from the replay's
 * position: "has 2 checkers of Ann on point 18 (Ann's numbering); the
 * replay has none".
 */
static void
describe_difference(const bg_replay *rp, int side, const signed char *stored,
                    const signed char *replayed, char *buf, size_t size)
{
	int p = 0;
	while (p < 25 && stored[p] == replayed[p])
		p++;
	char where[NAME_MAX_Q + 48], viewer[NAME_MAX_Q];
	char who_s[NAME_MAX_Q], who_r[NAME_MAX_Q];
	int owner_s = stored[p] > 0 ? side : 1 - side;
	int owner_r = replayed[p] > 0 ? side : 1 - side;
	/* Index 0 is the opponent's bar, 25 the viewer's own. */
	if (p == 0 || p == BG_BAR) {
		owner_s = owner_r = p == 0 ? 1 - side : side;
		snprintf(where, sizeof where, "the bar");
	} else {
		snprintf(where, sizeof where, "point %d (%s's numbering)", p,
		         bg_player(rp, side, viewer, sizeof viewer));
	}
	int ns = stored[p] < 0 ? -stored[p] : stored[p];
	int nr = replayed[p] < 0 ? -replayed[p] : replayed[p];
	bg_player(rp, owner_s, who_s, sizeof who_s);
	bg_player(rp, owner_r, who_r, sizeof who_r);
	if (ns == 0)
		snprintf(buf, size, "has no checker on %s; the replay has %d of %s "
		         "there", where, nr, who_r);
	else if (nr == 0)
		snprintf(buf, size, "has %d checker%s of %s on %s; the replay has "
		         "none", ns, ns == 1 ? "" : "s", who_s, where);
	else
		snprintf(buf, size, "has %d checker%s of %s on %s; the replay has %d "
		         "of %s", ns, ns == 1 ? "" : "s", who_s, where, nr, who_r);
}

/* The cube in XG's code, or a value no code has (a centred cube above 1). */
static int
cube_code(const bg_game *g)
{
	int n = 0;
	for (long v = g->cube; v > 1 && n < 64; v /= 2)
		n++;
	if (g->owner < 0)
		return g->cube == 1 ? 0 : 1000;
	return g->owner == 0 ? n : -n;
}

static void
describe_cube(const bg_replay *rp, int code, char *buf, size_t size)
{
	char who[NAME_MAX_Q];
	if (code == 0) {
		snprintf(buf, size, "in the centre");
		return;
	}
	int n = code < 0 ? -code : code;
	bg_player(rp, code > 0 ? 0 : 1, who, sizeof who);
	snprintf(buf, size, "at %lld, owned by %s", 1LL << (n > 62 ? 62 : n), who);
}

static void
describe_replay_cube(const bg_replay *rp, char *buf, size_t size)
{
	const bg_game *g = &rp->g;
	char who[NAME_MAX_Q];
	if (g->owner < 0)
		snprintf(buf, size, "at %ld in the centre", g->cube);
	else
		snprintf(buf, size, "at %ld, owned by %s", g->cube,
		         bg_player(rp, g->owner, who, sizeof who));
}

/* Stops the game at C: what the file stores about it (WHAT, WHEN the
   cell) is not what the replay has (HOW). */
static int
inconsistent(bg_replay *rp, const bg_cell *c, const char *what,
             const char *when, const char *how)
{
	char q[NAME_MAX_Q];
	nt_quote(q, sizeof q, c->text, c->text_len);
	bg_replay_error_at(rp, BG_CODE_XG_INCONSISTENT, &c->bin, c->text,
	                   "the stored %s %s '%s' %s", what, when, q, how);
	return -1;
}

/* The stored position of C seen by SIDE against the replay's now. */
static int
same_position(bg_replay *rp, const bg_cell *c, const signed char *stored,
              int side, const char *when)
{
	signed char now[26];
	view_of(&rp->g.pos, side, now);
	if (memcmp(now, stored, sizeof now) == 0)
		return 0;
	char diff[4 * NAME_MAX_Q];
	describe_difference(rp, side, stored, now, diff, sizeof diff);
	return inconsistent(rp, c, "position", when, diff);
}

static int
same_cube(bg_replay *rp, const bg_cell *c, const char *when)
{
	if (cube_code(&rp->g) == c->stored.cube)
		return 0;
	char stored[NAME_MAX_Q + 64], now[NAME_MAX_Q + 64], how[3 * NAME_MAX_Q];
	describe_cube(rp, c->stored.cube, stored, sizeof stored);
	describe_replay_cube(rp, now, sizeof now);
	snprintf(how, sizeof how, "is %s; the replay has it %s", stored, now);
	return inconsistent(rp, c, "cube", when, how);
}

/* X1: PositionI (the left player's view) is the position before the roll. */
int
bg_xg_check_before_roll(bg_replay *rp, const bg_cell *c)
{
	if (!(c->stored.has & BG_STORED_BEFORE))
		return 0;
	return same_position(rp, c, c->stored.before, 0, "before");
}

/*
 * In place of step 6 of 5.4 (5.3 there): the stored positions say a blot
 * was hit on a point no legal way of making the play lands on, so the
 * position after it is wrong.
 */
int
bg_xg_check_unlanded(bg_replay *rp, const bg_cell *c, const bg_judgement *j)
{
	if (j->code != BG_CODE_HIT_MARKER_MISSING || j->unlanded == 0)
		return 0;
	int p = 1;
	while (p < 25 && !(j->unlanded & (1u << p)))
		p++;
	char who[NAME_MAX_Q], how[2 * NAME_MAX_Q];
	bg_player(rp, 1 - c->side, who, sizeof who);
	snprintf(how, sizeof how, "takes %s's blot off point %d, but no legal "
	         "way of making the play lands there", who, p);
	return inconsistent(rp, c, "position", "after", how);
}

/* X2: PositionEnd (the mover's view) and CubeA after the roll. */
int
bg_xg_check_after_roll(bg_replay *rp, const bg_cell *c)
{
	if ((c->stored.has & BG_STORED_AFTER) &&
	    same_position(rp, c, c->stored.after, c->side, "after") != 0)
		return -1;
	if ((c->stored.has & BG_STORED_CUBE) && same_cube(rp, c, "at") != 0)
		return -1;
	return 0;
}

/* X3: CubeB and Position (the left player's view) at an offer. */
int
bg_xg_check_offer(bg_replay *rp, const bg_cell *c)
{
	if ((c->stored.has & BG_STORED_CUBE) && same_cube(rp, c, "before") != 0)
		return -1;
	if ((c->stored.has & BG_STORED_BEFORE) &&
	    same_position(rp, c, c->stored.before, 0, "at") != 0)
		return -1;
	return 0;
}

/* G5: in match play under the Crawford rule, the flag marks exactly the
   Crawford game of 2.7.  It stops nothing. */
void
bg_xg_check_crawford(bg_replay *rp, int crawford_apply)
{
	const bg_game *g = &rp->g;
	if (rp->off || rp->file_over || !g->active || rp->rules.length == 0 ||
	    !rp->rules.crawford || (crawford_apply != 0) == (g->crawford != 0))
		return;
	nt_emit_at(&rp->run->rep, &bg_codes[BG_CODE_XG_INCONSISTENT], &g->bin,
	           g->bin_context, g->index, 0, "the game header's CrawfordApply "
	           "says game %ld is %sthe Crawford game; by the score it is%s",
	           g->number, crawford_apply ? "" : "not ",
	           g->crawford ? "" : " not");
}
