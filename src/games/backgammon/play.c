/*
 * Judging a written play (spec 5.2-5.4) and choosing the steps the writers
 * use (7.2).
 *
 * A play is at most four hops long (one die each at least), so the
 * interpretations of a play are few: for a double each hop has at most one
 * dice sequence, for a non-double at most four interpretations exist.  Each
 * is tried in full; the legal plays themselves are only enumerated on the
 * rare paths (a play using fewer dice than it must, an error message that
 * shows an example).
 */
#include <string.h>

#include "games/backgammon/engine_int.h"

/* More than enough: a non-double gives at most 4, a double at most 1. */
#define MAX_INTERP 16

typedef struct interp {
	bg_step steps[4];        /* written order: hop by hop, each hop's dice in sequence */
	int nsteps;              /* dice used (k) */
	/* Evaluation */
	int executes;
	bg_pos result;
	bg_mask hits;            /* H of 5.2 */
	int legal;               /* result is a position after a legal play */
	/* Made in written order until a step fails (5.4 step 4). */
	int made;
	bg_step_fault fault;
	bg_pos at_fault;         /* the position the failing step was tried in */
} interp;

typedef struct judge_ctx {
	const bg_pos *before;
	int mover;
	int dice[4];
	int ndice;
	const bg_hop *hops;
	int nhops;
	bg_mask blots;           /* the opponent's blots before the play */
	const bg_roll *roll;
	interp list[MAX_INTERP];
	int count;
	bg_step cur[4];
} judge_ctx;

/* ---------------------------------------------------- dice sequences */

/*
 * Whether the dice NUMS[0..len) take a checker from A exactly to B (or off
 * when B is 0), every intermediate value being a point 1..24 (5.2).
 */
static int
sequence_fits(int a, int b, const int *nums, int len)
{
	int v = a;
	for (int i = 0; i < len; i++) {
		v -= nums[i];
		if (i + 1 < len && (v < 1 || v > 24))
			return 0;
	}
	return b == BG_OFF ? v <= 0 : v == b;
}

static void enumerate(judge_ctx *c, int hop, unsigned avail, int nsteps);

/*
 * Tries the dice at positions POSN[0..len) as HOP's sequence and, when they
 * fit, goes on to the next hop with the dice left.
 */
static void
try_sequence(judge_ctx *c, int hop, unsigned avail, int nsteps,
             const int *posn, int len)
{
	int nums[4];
	for (int i = 0; i < len; i++)
		nums[i] = c->dice[posn[i]];
	const bg_hop *h = &c->hops[hop];
	if (!sequence_fits(h->from, h->to, nums, len))
		return;
	int v = h->from;
	for (int i = 0; i < len; i++) {
		avail &= ~(1u << posn[i]);
		bg_step *s = &c->cur[nsteps + i];
		s->from = (unsigned char)v;
		v -= nums[i];
		s->to = (unsigned char)(v > 0 ? v : 0);
		s->die = (unsigned char)nums[i];
		s->hit = 0;
	}
	enumerate(c, hop + 1, avail, nsteps + len);
}

/*
 * Interpretations in the order of 5.4 step 4: depth first over the hops;
 * for each hop its sequences by length, then by the positions of the dice
 * chosen among those left, in written order, skipping a sequence whose
 * numbers were listed before.  For a double that leaves one sequence per
 * length (the first dice left); for a non-double nothing repeats: (a), (b),
 * (a, b), (b, a) with a, b the dice as written.
 */
static void
enumerate(judge_ctx *c, int hop, unsigned avail, int nsteps)
{
	if (hop == c->nhops) {
		if (c->count < MAX_INTERP) {
			interp *it = &c->list[c->count++];
			memset(it, 0, sizeof *it);
			memcpy(it->steps, c->cur, (size_t)nsteps * sizeof *c->cur);
			it->nsteps = nsteps;
		}
		return;
	}
	int left[4], nleft = 0;
	for (int i = 0; i < c->ndice; i++)
		if (avail & (1u << i))
			left[nleft++] = i;
	if (c->ndice == 4) {
		for (int len = 1; len <= nleft; len++)
			try_sequence(c, hop, avail, nsteps, left, len);
		return;
	}
	for (int i = 0; i < nleft; i++)
		try_sequence(c, hop, avail, nsteps, &left[i], 1);
	if (nleft == 2) {
		int rev[2] = { left[1], left[0] };
		try_sequence(c, hop, avail, nsteps, left, 2);
		try_sequence(c, hop, avail, nsteps, rev, 2);
	}
}

/* Whether HOP has a dice sequence at all with the roll's dice. */
static int
hop_has_sequence(const judge_ctx *c, const bg_hop *h)
{
	judge_ctx probe;
	probe.before = c->before;
	probe.mover = c->mover;
	memcpy(probe.dice, c->dice, sizeof probe.dice);
	probe.ndice = c->ndice;
	probe.hops = h;
	probe.nhops = 1;
	probe.count = 0;
	enumerate(&probe, 0, (1u << c->ndice) - 1, 0);
	return probe.count > 0;
}

/* ---------------------------------------------------------- evaluation */

/* The hit set H of 5.2: landing points that held a blot before the play. */
static bg_mask
hit_set(const bg_step *steps, int n, bg_mask blots)
{
	bg_mask h = 0;
	for (int i = 0; i < n; i++)
		if (steps[i].to != BG_OFF)
			h |= blots & (1u << steps[i].to);
	return h;
}

/* Makes the steps in written order until one fails (5.4 step 4). */
static void
run_written(const judge_ctx *c, interp *it, bg_mask blots)
{
	bg_pos p = *c->before;
	for (it->made = 0; it->made < it->nsteps; it->made++) {
		const bg_step *s = &it->steps[it->made];
		it->fault = bg_step_check(&p, c->mover, s->from, s->die);
		if (it->fault != BG_STEP_OK) {
			it->at_fault = p;
			return;
		}
		bg_step_apply(&p, c->mover, s->from, s->die);
	}
	it->fault = BG_STEP_OK;
	it->executes = 1;
	it->result = p;
	it->hits = hit_set(it->steps, it->nsteps, blots);
}

/* Makes the steps highest first (2.3: that order works if any does). */
static void
run_sorted(const judge_ctx *c, interp *it, bg_mask blots)
{
	bg_step s[4];
	bg_pos p = *c->before;
	memcpy(s, it->steps, sizeof s);
	bg_steps_sort(s, it->nsteps);
	for (int i = 0; i < it->nsteps; i++) {
		if (bg_step_check(&p, c->mover, s[i].from, s[i].die) != BG_STEP_OK)
			return;
		bg_step_apply(&p, c->mover, s[i].from, s[i].die);
	}
	it->executes = 1;
	it->result = p;
	it->hits = hit_set(it->steps, it->nsteps, blots);
}

typedef struct reach_ctx {
	const bg_pos *target;
} reach_ctx;

static int
reach_visit(void *ctx, const bg_pos *after, const bg_step *steps, int n)
{
	(void)steps;
	(void)n;
	return bg_pos_equal(after, ((reach_ctx *)ctx)->target);
}

/* Whether TARGET is a position after a legal play (n dice) of the roll. */
static int
reachable(const judge_ctx *c, int n, const bg_pos *target)
{
	reach_ctx r = { target };
	return bg_each_legal_play(c->before, c->mover, c->dice[0], c->dice[1],
	                          n, reach_visit, &r);
}

static int
any_single_step(const bg_pos *pos, int mover, int die)
{
	for (int from = BG_BAR; from >= 1; from--)
		if (bg_step_check(pos, mover, from, die) == BG_STEP_OK)
			return 1;
	return 0;
}

/*
 * Whether an executing interpretation reaches a position after a legal
 * play.  With as many dice as a legal play it is one (2.3), except that a
 * single smaller die is not when the larger can be played; those and plays
 * with fewer dice can still reach a legal position (bearing off the same
 * checker), which a search settles.
 */
static int
is_legal(const judge_ctx *c, const interp *it, int n)
{
	int is_double = c->dice[0] == c->dice[1];
	if (it->nsteps == n) {
		if (is_double || n == 2)
			return 1;
		int larger = c->dice[0] > c->dice[1] ? c->dice[0] : c->dice[1];
		if (it->steps[0].die == larger ||
		    !any_single_step(c->before, c->mover, larger))
			return 1;
	}
	return reachable(c, n, &it->result);
}

/* 7.2 steps 2 and 3: the most dice, then the greatest list of dice. */
static int
better_choice(const interp *a, const interp *b)
{
	if (a->nsteps != b->nsteps)
		return a->nsteps > b->nsteps;
	for (int i = 0; i < a->nsteps; i++)
		if (a->steps[i].die != b->steps[i].die)
			return a->steps[i].die > b->steps[i].die;
	return 0;
}

/* ------------------------------------------------------------ examples */

typedef struct example_ctx {
	const bg_step *pref;
	int npref;
	int best_score;
	bg_step best[4];
	int nbest;
} example_ctx;

/* Steps in common with what was written: exact steps count double. */
static int
closeness(const bg_step *pref, int npref, const bg_step *steps, int n)
{
	int used[4] = { 0 }, matched[4] = { 0 }, score = 0;
	for (int i = 0; i < npref; i++)
		for (int k = 0; k < n; k++)
			if (!used[k] && steps[k].from == pref[i].from &&
			    steps[k].to == pref[i].to) {
				used[k] = matched[i] = 1;
				score += 2;
				break;
			}
	for (int i = 0; i < npref; i++) {
		if (matched[i])
			continue;
		for (int k = 0; k < n; k++)
			if (!used[k] && steps[k].from == pref[i].from) {
				used[k] = 1;
				score += 1;
				break;
			}
	}
	return score;
}

static int
example_visit(void *vctx, const bg_pos *after, const bg_step *steps, int n)
{
	example_ctx *e = vctx;
	(void)after;
	int score = closeness(e->pref, e->npref, steps, n);
	if (score > e->best_score) {
		e->best_score = score;
		memcpy(e->best, steps, (size_t)n * sizeof *steps);
		e->nbest = n;
	}
	return 0;
}

/* The example of J: STEPS in canonical sheet text, and the steps kept. */
static void
set_example(const judge_ctx *c, const bg_step *steps, int n, bg_judgement *j)
{
	j->ex_nsteps = n;
	memcpy(j->ex_steps, steps, (size_t)n * sizeof *steps);
	j->example[0] = '\0';
	j->ex_pending = 1;
	if (!c->roll->lazy_example)
		bg_judge_example(c->before, j);
}

void
bg_judge_example(const bg_pos *before, bg_judgement *j)
{
	if (!j->ex_pending)
		return;
	bg_sheet_text(before, j->mover, j->ex_steps, j->ex_nsteps, j->example,
	              sizeof j->example);
	j->ex_pending = 0;
}

/* A legal play, the closest to PREF, as the example of J. */
static void
find_example(const judge_ctx *c, int n, const bg_step *pref, int npref,
             bg_judgement *j)
{
	example_ctx e = { pref, npref, -1, { { 0, 0, 0, 0 } }, 0 };
	bg_each_legal_play(c->before, c->mover, c->dice[0], c->dice[1], n,
	                   example_visit, &e);
	set_example(c, e.best, e.nbest, j);
}

/* -------------------------------------------------------------- judging */

static bg_verdict
reject(bg_judgement *j, bg_code code)
{
	j->verdict = BG_REJECTED;
	j->code = code;
	return j->verdict;
}

static void
set_chosen(const judge_ctx *c, const interp *it, bg_judgement *j)
{
	bg_mask blots = c->blots;
	bg_mask marked = 0;
	j->after = it->result;
	j->nsteps = it->nsteps;
	memcpy(j->steps, it->steps, (size_t)it->nsteps * sizeof *it->steps);
	bg_steps_sort(j->steps, j->nsteps);
	for (int i = 0; i < j->nsteps; i++) {
		bg_mask bit = 1u << j->steps[i].to;
		j->steps[i].hit = j->steps[i].to != BG_OFF && (blots & bit) &&
		                  !(marked & bit);
		if (j->steps[i].hit)
			marked |= bit;
	}
}

static bg_verdict
judge_nothing(const judge_ctx *c, int n, const bg_roll *roll,
              bg_judgement *j)
{
	if (n == 0)
		return j->verdict;
	if (roll->resign_follows) {
		j->unplayed_legal = 1;
		return j->verdict;
	}
	find_example(c, n, NULL, 0, j);
	return reject(j, BG_CODE_NO_PLAY_BUT_LEGAL);
}

/* 5.4 step 3: lists the interpretations, or says why there are none. */
static int
dice_mismatch(judge_ctx *c, bg_judgement *j)
{
	if (c->nhops > c->ndice) {
		j->mismatch = BG_MISMATCH_TOO_MANY_HOPS;
		return 1;
	}
	/* The parser never gives such hops; no dice can make them either. */
	for (int i = 0; i < c->nhops; i++) {
		const bg_hop *h = &c->hops[i];
		if (h->from < 1 || h->from > BG_BAR || h->to >= h->from) {
			j->mismatch = BG_MISMATCH_HOP;
			j->bad_hop = i;
			j->hop = *h;
			return 1;
		}
	}
	enumerate(c, 0, (1u << c->ndice) - 1, 0);
	if (c->count > 0)
		return 0;
	j->mismatch = BG_MISMATCH_JOINT;
	for (int i = 0; i < c->nhops; i++)
		if (!hop_has_sequence(c, &c->hops[i])) {
			j->mismatch = BG_MISMATCH_HOP;
			j->bad_hop = i;
			j->hop = c->hops[i];
			break;
		}
	return 1;
}

/* 5.4 step 4: the interpretation that got furthest, the first among equals. */
static bg_verdict
step_failure(const judge_ctx *c, bg_judgement *j)
{
	const interp *worst = &c->list[0];
	for (int i = 1; i < c->count; i++)
		if (c->list[i].made > worst->made)
			worst = &c->list[i];
	const bg_pos *p = &worst->at_fault;
	const unsigned char *me = p->n[c->mover];
	j->fail = worst->steps[worst->made];
	j->steps_made = worst->made;
	j->fail_had = c->before->n[c->mover][j->fail.from];
	j->blockers = j->fail.to != BG_OFF ? p->n[1 - c->mover][25 - j->fail.to] : 0;
	j->bar_count = me[BG_BAR];
	j->outside = 0;
	for (int q = 7; q <= 24; q++)
		if (me[q] != 0)
			j->outside |= 1u << q;
	j->highest = bg_highest(me);
	j->highest_count = me[j->highest];
	return reject(j, bg_step_fault_code(worst->fault));
}

/* 5.4 step 5: executing plays, none legal. */
static bg_verdict
not_legal(const judge_ctx *c, int n, bg_judgement *j)
{
	const interp *most = NULL;
	for (int i = 0; i < c->count; i++)
		if (c->list[i].executes &&
		    (most == NULL || c->list[i].nsteps > most->nsteps))
			most = &c->list[i];
	j->used_dice = most->nsteps;
	if (most->nsteps < n) {
		find_example(c, n, most->steps, most->nsteps, j);
		return reject(j, BG_CODE_NOT_MAX_DICE);
	}
	if (c->dice[0] != c->dice[1] && n == 1) {
		j->larger_die = c->dice[0] > c->dice[1] ? c->dice[0] : c->dice[1];
		find_example(c, n, most->steps, most->nsteps, j);
		return reject(j, BG_CODE_LARGER_DIE);
	}
	return reject(j, BG_CODE_ILLEGAL_MOVE);
}

/* S of 5.1: from the hops' stars, unless the reader gave it. */
static bg_mask
starred_set(const bg_roll *roll)
{
	if (roll->starred_given)
		return roll->starred;
	bg_mask starred = 0;
	for (int i = 0; i < roll->nhops; i++)
		starred |= (bg_mask)(roll->hops[i].star != 0) << roll->hops[i].to;
	return starred;
}

/*
 * The first starred point where no opposing blot stood, or -1: the first
 * starred hop's end in written order, or for a set given whole its lowest
 * such point.
 */
static int
spurious_point(const judge_ctx *c)
{
	bg_mask blots = c->blots;
	if (c->roll->starred_given) {
		bg_mask bad = c->roll->starred & ~(blots & ~1u);
		for (int p = 0; p <= BG_BAR; p++)
			if (bad & (1u << p))
				return p;
		return -1;
	}
	for (int i = 0; i < c->nhops; i++) {
		const bg_hop *h = &c->hops[i];
		if (h->star && (h->to == BG_OFF || !(blots & (1u << h->to))))
			return h->to;
	}
	return -1;
}

/* 5.4 step 6 for a starred point where no blot stood. */
static int
spurious_star(const judge_ctx *c, bg_judgement *j)
{
	int to = spurious_point(c);
	if (to >= 0) {
		j->spurious_point = to;
		if (to == BG_OFF) {
			j->spurious = BG_SPURIOUS_OFF;
			return 1;
		}
		int own = c->before->n[c->mover][to];
		int theirs = to <= 24 ? c->before->n[1 - c->mover][25 - to] : 0;
		j->spurious = own ? BG_SPURIOUS_OWN
		            : theirs ? BG_SPURIOUS_HELD : BG_SPURIOUS_EMPTY;
		j->spurious_count = own ? own : theirs;
		return 1;
	}
	return 0;
}

/* Why nothing can be played, for the message of bg-play-when-none-legal. */
static bg_verdict
none_legal(const judge_ctx *c, bg_judgement *j)
{
	const unsigned char *me = c->before->n[c->mover];
	j->bar_count = me[BG_BAR];
	for (int from = BG_BAR; from >= 1; from--)
		for (int d = 0; d < 2; d++)
			if (me[from] != 0)
				j->none_faults |= 1u << bg_step_check(c->before,
					c->mover, from, c->dice[d]);
	return reject(j, BG_CODE_PLAY_WHEN_NONE_LEGAL);
}

static bg_verdict
judge_hops(judge_ctx *c, int n, int strict, bg_judgement *j)
{
	if (n == 0)
		return none_legal(c, j);
	if (dice_mismatch(c, j))
		return reject(j, BG_CODE_DICE_MISMATCH);

	bg_mask blots = c->blots;
	int executing = 0;
	for (int i = 0; i < c->count; i++) {
		interp *it = &c->list[i];
		run_written(c, it, blots);
		if (!it->executes)
			run_sorted(c, it, blots);
		executing += it->executes;
	}
	if (executing == 0)
		return step_failure(c, j);

	bg_mask starred = starred_set(c->roll);
	bg_mask landed = 0;
	const interp *good = NULL, *legal = NULL;
	for (int i = 0; i < c->count; i++) {
		interp *it = &c->list[i];
		if (!it->executes || !(it->legal = is_legal(c, it, n)))
			continue;
		landed |= it->hits;
		if (legal == NULL || better_choice(it, legal))
			legal = it;
		if (it->hits == starred && (good == NULL || better_choice(it, good)))
			good = it;
	}
	if (legal == NULL)
		return not_legal(c, n, j);
	if (good != NULL) {
		set_chosen(c, good, j);
		return j->verdict;
	}
	if (spurious_star(c, j))
		return reject(j, BG_CODE_HIT_MARKER_SPURIOUS);
	set_chosen(c, legal, j);
	j->missing = legal->hits & ~starred;
	j->unlanded = starred & ~landed;
	set_example(c, j->steps, j->nsteps, j);
	j->code = BG_CODE_HIT_MARKER_MISSING;
	j->verdict = strict ? BG_REJECTED : BG_ACCEPTED_WARNING;
	return j->verdict;
}

static void
judgement_init(const bg_pos *before, int mover, const bg_roll *roll,
               bg_judgement *j)
{
	memset(j, 0, sizeof *j);
	j->verdict = BG_ACCEPTED;
	j->code = BG_CODE_NONE;
	j->mover = mover;
	j->die1 = roll->die1;
	j->die2 = roll->die2;
	j->after = *before;
	j->bad_hop = -1;
	j->nhops = roll->nothing ? 0 : roll->nhops;
}

bg_verdict
bg_judge_search(const bg_pos *before, int mover, const bg_roll *roll,
                int strict, bg_judgement *j)
{
	int n = bg_max_dice(before, mover, roll->die1, roll->die2);
	return bg_judge_search_with(before, mover, roll, n, strict, j);
}

bg_verdict
bg_judge_search_with(const bg_pos *before, int mover, const bg_roll *roll,
                     int n, int strict, bg_judgement *j)
{
	judge_ctx c;
	judgement_init(before, mover, roll, j);

	c.before = before;
	c.mover = mover;
	c.dice[0] = c.dice[2] = roll->die1;
	c.dice[1] = c.dice[3] = roll->die2;
	c.ndice = roll->die1 == roll->die2 ? 4 : 2;
	c.hops = roll->hops;
	c.nhops = roll->nothing ? 0 : roll->nhops;
	c.count = 0;
	c.blots = bg_blot_mask(before, mover);
	c.roll = roll;

	j->max_dice = n;
	if (roll->nothing || roll->nhops <= 0)
		return judge_nothing(&c, n, roll, j);
	return judge_hops(&c, n, strict, j);
}

/* ------------------------------------------------------ the common case */

/*
 * Most plays are written as the writers write them: hops of one die each
 * (or, for a double, of several), all the dice used, the hits starred.
 * For those the search above knows its answer early, and this finds it
 * without the search's bookkeeping:
 *
 * - The interpretations are listed as enumerate() lists them, in its
 *   order.  For a double each hop has at most one dice sequence (its
 *   length is fixed by the distance, or for bearing off by the first die
 *   count that reaches off), so there is at most one.  For a non-double
 *   with two hops each hop takes one die: (a, b) then (b, a), a and b the
 *   dice as written.  A single hop of a non-double is handled only when
 *   neither die alone fits it: then it takes (a, b), then (b, a).
 * - Every interpretation must use all the dice and execute in written
 *   order; anything else goes to the search.  Such a play is a sequence of
 *   legal steps using every die, so n of 2.3 (bg_max_dice) is the number
 *   of dice and every interpretation is a legal play: is_legal() holds for
 *   each without a search.
 * - The chosen interpretation is then the best (7.2) of those whose hits
 *   are exactly the starred points, the first among equals, as in
 *   judge_hops(); when none matches, the search decides (a missing or
 *   spurious marker).
 * - Nothing written when nothing can be played is accepted as such.
 *
 * The tests run both on every roll of the shared corpus and on random
 * positions and plays, and compare the judgements field by field.
 */
typedef struct fast_interp {
	bg_step steps[4];
	bg_pos result;
	bg_mask hits;
} fast_interp;

/* Whether a single die D takes hop H's checker exactly to its end (5.2). */
static int
die_fits(const bg_hop *h, int d)
{
	return h->to == BG_OFF ? d >= h->from : h->from - d == h->to;
}

/* Whether dice D then E take hop H's checker there through a point 1..24. */
static int
dice_fit(const bg_hop *h, int d, int e)
{
	int mid = h->from - d;
	return mid >= 1 && mid <= 24 && die_fits(&(bg_hop){ (unsigned char)mid,
	                                         h->to, 0 }, e);
}

/* Appends hop H made with LEN dice of D to STEPS at *N. */
static void
add_steps(bg_step *steps, int *n, const bg_hop *h, const int *dice, int len)
{
	int v = h->from;
	for (int i = 0; i < len; i++) {
		bg_step *s = &steps[(*n)++];
		s->from = (unsigned char)v;
		v -= dice[i];
		s->to = (unsigned char)(v > 0 ? v : 0);
		s->die = (unsigned char)dice[i];
		s->hit = 0;
	}
}

/* The length of a double's dice sequence (die D) for hop H; 0: none. */
static int
double_length(const bg_hop *h, int d)
{
	if (h->to == BG_OFF)
		return (h->from + d - 1) / d;
	int dist = h->from - h->to;
	return dist % d == 0 ? dist / d : 0;
}

/*
 * The interpretations of the roll's hops in enumerate()'s order, each
 * using every die; returns how many (at most 2), or -1 when the hops may
 * have one that does not (the search decides).
 */
static int
fast_list(const bg_roll *roll, fast_interp *list)
{
	const bg_hop *h = roll->hops;
	int a = roll->die1, b = roll->die2;
	for (int i = 0; i < roll->nhops; i++)
		if (h[i].from < 1 || h[i].from > BG_BAR || h[i].to >= h[i].from)
			return -1;
	if (a == b) {
		int dice[4] = { a, a, a, a };
		int n = 0;
		for (int i = 0; i < roll->nhops; i++) {
			int len = double_length(&h[i], a);
			if (len == 0 || n + len > 4)
				return -1;
			add_steps(list[0].steps, &n, &h[i], dice, len);
		}
		return n == 4 ? 1 : -1;
	}
	int ab[2] = { a, b }, ba[2] = { b, a }, count = 0;
	if (roll->nhops == 2) {
		if (die_fits(&h[0], a) && die_fits(&h[1], b)) {
			int n = 0;
			add_steps(list[count].steps, &n, &h[0], &ab[0], 1);
			add_steps(list[count++].steps, &n, &h[1], &ab[1], 1);
		}
		if (die_fits(&h[0], b) && die_fits(&h[1], a)) {
			int n = 0;
			add_steps(list[count].steps, &n, &h[0], &ba[0], 1);
			add_steps(list[count++].steps, &n, &h[1], &ba[1], 1);
		}
		return count > 0 ? count : -1;
	}
	if (roll->nhops != 1 || die_fits(&h[0], a) || die_fits(&h[0], b))
		return -1;
	if (dice_fit(&h[0], a, b)) {
		int n = 0;
		add_steps(list[count++].steps, &n, &h[0], ab, 2);
	}
	if (dice_fit(&h[0], b, a)) {
		int n = 0;
		add_steps(list[count++].steps, &n, &h[0], ba, 2);
	}
	return count > 0 ? count : -1;
}

/*
 * judgement_init() for an accepted play, field by field: a memset of the
 * whole judgement is a slow string instruction, and this is every roll's
 * cost.  The example text is empty (its first byte).
 */
static void
accepted_init(bg_judgement *j, int mover, const bg_roll *roll)
{
	j->verdict = BG_ACCEPTED;
	j->code = BG_CODE_NONE;
	j->mover = mover;
	j->die1 = roll->die1;
	j->die2 = roll->die2;
	j->max_dice = 0;
	j->nsteps = 0;
	memset(j->steps, 0, sizeof j->steps);
	j->unplayed_legal = 0;
	j->mismatch = BG_MISMATCH_NONE;
	j->bad_hop = -1;
	j->hop.from = j->hop.to = j->hop.star = 0;
	j->nhops = roll->nothing ? 0 : roll->nhops;
	j->none_faults = 0;
	memset(&j->fail, 0, sizeof j->fail);
	j->steps_made = j->fail_had = j->blockers = j->bar_count = 0;
	j->outside = 0;
	j->highest = j->highest_count = 0;
	j->used_dice = j->larger_die = 0;
	j->missing = 0;
	j->unlanded = 0;
	j->spurious_point = 0;
	j->spurious = BG_SPURIOUS_NONE;
	j->spurious_count = 0;
	j->example[0] = '\0';
	j->ex_pending = 0;
}

int
bg_judge_fast(const bg_pos *before, int mover, const bg_roll *roll,
              bg_judgement *j)
{
	if (roll->nothing || roll->nhops < 1) {
		/* Nothing played, and nothing could be: judge_nothing(). */
		if (bg_max_dice(before, mover, roll->die1, roll->die2) != 0)
			return 0;
		accepted_init(j, mover, roll);
		j->after = *before;
		return 1;
	}
	fast_interp list[2];
	int count = fast_list(roll, list);
	if (count < 0)
		return 0;
	int ndice = roll->die1 == roll->die2 ? 4 : 2;
	const unsigned char *op = before->n[1 - mover];
	bg_mask starred = starred_set(roll);
	int good = -1;
	for (int k = 0; k < count; k++) {
		fast_interp *it = &list[k];
		it->result = *before;
		it->hits = 0;
		for (int i = 0; i < ndice; i++) {
			const bg_step *s = &it->steps[i];
			if (bg_step_fault_of(&it->result, mover, s->from, s->die)
			    != BG_STEP_OK)
				return 0;
			bg_step_make(&it->result, mover, s->from, s->die);
			/* H of 5.2: landing on a blot of the position before; a
			   checker borne off lands nowhere. */
			it->hits |= (bg_mask)(s->to != BG_OFF && op[25 - s->to] == 1)
			            << s->to;
		}
		/* 7.2: all use every die, so the greater list of dice wins. */
		if (it->hits == starred &&
		    (good < 0 || it->steps[0].die > list[good].steps[0].die))
			good = k;
	}
	if (good < 0)
		return 0;
	accepted_init(j, mover, roll);
	j->max_dice = ndice;
	j->after = list[good].result;
	j->nsteps = ndice;
	for (int i = 0; i < ndice; i++)
		j->steps[i] = list[good].steps[i];
	bg_steps_sort(j->steps, ndice);
	bg_mask marked = 0;
	for (int i = 0; i < ndice; i++) {
		int to = j->steps[i].to;
		bg_mask bit = 1u << to;
		int hit = to != BG_OFF && op[25 - to] == 1 && !(marked & bit);
		j->steps[i].hit = (unsigned char)hit;
		marked |= hit ? bit : 0;
	}
	return 1;
}

bg_verdict
bg_judge(const bg_pos *before, int mover, const bg_roll *roll, int strict,
         bg_judgement *j)
{
	if (bg_judge_fast(before, mover, roll, j))
		return j->verdict;
	return bg_judge_search(before, mover, roll, strict, j);
}

/* ---------------------------------------------------- stable play order */

/* The steps 7.2 chooses when the canonical text of P is read back. */
static void
canonical_steps(const bg_pos *pos, int mover, int die1, int die2, bg_play *p)
{
	bg_path paths[4];
	bg_hop hops[16];
	bg_judgement j;
	int npaths = bg_chain_paths(pos, mover, p->steps, p->nsteps, paths);
	bg_roll roll = { die1, die2, 0, hops, 0, 0, 0, 0, 0 };
	roll.nhops = bg_paths_hops(pos, mover, paths, npaths, hops);
	if (bg_judge(pos, mover, &roll, 1, &j) == BG_ACCEPTED &&
	    bg_pos_equal(&j.after, &p->after)) {
		memcpy(p->steps, j.steps, sizeof p->steps);
		p->nsteps = (unsigned char)j.nsteps;
		return;
	}
	/* Not reached for a legal play (the tests check it); stay sorted. */
	bg_steps_sort(p->steps, p->nsteps);
}

/* Negative when A is listed before B: its steps compare greater. */
static int
play_cmp(const bg_play *a, const bg_play *b)
{
	int n = a->nsteps < b->nsteps ? a->nsteps : b->nsteps;
	for (int i = 0; i < n; i++) {
		int d = bg_step_cmp(&a->steps[i], &b->steps[i]);
		if (d != 0)
			return d;
	}
	return b->nsteps - a->nsteps;
}

static void
sift_down(bg_play *a, int root, int n)
{
	for (;;) {
		int child = 2 * root + 1;
		if (child >= n)
			return;
		if (child + 1 < n && play_cmp(&a[child], &a[child + 1]) < 0)
			child++;
		if (play_cmp(&a[root], &a[child]) >= 0)
			return;
		bg_play t = a[root];
		a[root] = a[child];
		a[child] = t;
		root = child;
	}
}

/*
 * In place and without allocation: heap sort.  It is not stable, but no
 * two distinct positions have the same canonical steps, so the order is
 * total and the result does not depend on the input order.
 */
void
bg_playlist_sort(const bg_pos *pos, int mover, int die1, int die2,
                 bg_playlist *list)
{
	int n = list->count;
	for (int i = 0; i < n; i++)
		canonical_steps(pos, mover, die1, die2, &list->plays[i]);
	for (int i = n / 2 - 1; i >= 0; i--)
		sift_down(list->plays, i, n);
	for (int end = n - 1; end > 0; end--) {
		bg_play t = list->plays[0];
		list->plays[0] = list->plays[end];
		list->plays[end] = t;
		sift_down(list->plays, 0, end);
	}
	/* The dedupe table no longer matches the order. */
	memset(list->slot, 0, sizeof list->slot);
}
