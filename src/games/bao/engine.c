/*
 * The Bao rules engine: sowing lap by lap (spec 4.2), the kichwa rule
 * (4.3), namu and mtaji plies (4.4, 4.5), the nyumba (4.6), the front row
 * (4.7), never-ending moves (4.8), takasia (4.9) and the end of the game
 * (4.10).  Every check a transcript needs comes from bao_judge(), and the
 * move generator is bao_judge() over every candidate, so the two cannot
 * disagree.
 */
#include "games/bao/bao.h"

#include <assert.h>
#include <string.h>

/* One move being sown, on a scratch copy of the position. */
typedef struct sim {
	bao_pos *p;
	unsigned char *me, *op;
	int mover;
	int front_me, front_op;
	int capture;          /* lap ends may capture */
	int namu;
	int choice;           /* the functional nyumba asks stop or safari */
	int safari;           /* the answer, when asked */
	int takasia;          /* ring of the takasia in force, or -1 */
	int exception;        /* the first lap was sown from the functional nyumba */
	int lap_from;         /* ring lifted for the current lap; -1 for captures */
	bao_outcome *o;
} sim;

/* The whole situation at a relay (spec 4.8); chars only, so no padding. */
typedef struct relay_state {
	unsigned char pit[2][16];
	unsigned char house[2];
	unsigned char c;
	unsigned char dir;
} relay_state;

static int
ring_step(int ring, int delta)
{
	/* Deltas are at least -64, so the sum stays non-negative. */
	return (ring + 64 + delta) & 15;
}

static int
front_sum(const unsigned char *pits)
{
	int n = 0;
	for (int i = 0; i < 8; i++)
		n += pits[i];
	return n;
}

/*
 * Where the first lap of a mtaji sowing from RING in direction DIR ends,
 * when that makes it a capture (spec 4.5): the ring, or -1.
 */
static int
capture_end(const unsigned char *me, const unsigned char *op, int ring,
            int dir)
{
	int n = me[ring];
	if (n < 2 || n > 15)
		return -1;
	int e = ring_step(ring, n * dir);
	return e < 8 && me[e] > 0 && op[7 - e] > 0 ? e : -1;
}

/* Drops N seeds, the first into AT, going DIR; returns the last ring. */
static int
sow(sim *s, int at, int n, int dir)
{
	s->o->laps++;
	s->o->sown += n;
	int c = at;
	for (;;) {
		s->me[c]++;
		if (c < 8) {
			s->front_me++;
		} else if (s->front_me == 0 && !s->capture) {
			s->o->front_emptied = 1;
			s->o->emptied_from = s->lap_from;
			s->o->emptied_at = c;
			return c;
		}
		if (--n == 0)
			break;
		c = ring_step(c, dir);
	}
	assert(bao_pos_seeds(s->p) == BAO_SEEDS);
	return c;
}

/* Lifts everything in C and sows it on from C (a start or a relay). */
static int
lift_and_sow(sim *s, int c, int dir)
{
	int n = s->me[c];
	s->me[c] = 0;
	if (c < 8)
		s->front_me -= n;
	if (c == BAO_NYUMBA)
		s->p->house[s->mover] = 0;
	s->lap_from = c;
	return sow(s, ring_step(c, dir), n, dir);
}

/* Takes the opponent's pit facing C and sows it at the kichwa of DIR. */
static int
capture_facing(sim *s, int c, int dir)
{
	int t = 7 - c;
	int take = s->op[t];
	s->op[t] = 0;
	s->front_op -= take;
	if (t == BAO_NYUMBA)
		s->p->house[BAO_OTHER(s->mover)] = 0;
	s->o->captured += take;
	s->lap_from = -1;
	return sow(s, dir == 1 ? 0 : 7, take, dir);
}

static void
snapshot(const sim *s, int c, int dir, relay_state *st)
{
	memcpy(st->pit, s->p->pit, sizeof st->pit);
	st->house[0] = s->p->house[0];
	st->house[1] = s->p->house[1];
	st->c = (unsigned char)c;
	st->dir = (unsigned char)(dir + 1);
}

/*
 * The lap-end steps of spec 4.2, from a lap that ended in C going DIR,
 * until the move ends.  Repeats are found with Brent's method over the
 * relay states: exact, and it needs one saved state only.
 */
static void
run_laps(sim *s, int c, int dir)
{
	bao_outcome *o = s->o;
	relay_state saved, now;
	long power = 1, lam = 0;
	int have_saved = 0;
	for (;;) {
		if (o->front_emptied || s->me[c] == 1)
			return;
		if (s->capture && c < 8 && s->op[7 - c] > 0) {
			/* Kimbi captures turn towards the middle; central ones keep going. */
			if (c <= 1)
				dir = 1;
			else if (c >= 6)
				dir = -1;
			c = capture_facing(s, c, dir);
			if (s->front_op == 0) {
				o->hamna = 1;
				return;
			}
			continue;
		}
		if (c == BAO_NYUMBA && s->p->house[s->mover] && s->me[c] >= 6) {
			if (s->namu && !s->capture)
				return;
			if (s->choice) {
				o->decision = 1;
				if (!s->safari)
					return;
			}
		} else if (c == s->takasia && !(s->exception && o->laps == 1)) {
			return;
		}
		if (o->laps >= BAO_MAX_LAPS) {
			o->never_ending = o->lap_cap = 1;
			return;
		}
		snapshot(s, c, dir, &now);
		if (!have_saved) {
			saved = now;
			have_saved = 1;
		} else {
			if (memcmp(&now, &saved, sizeof now) == 0) {
				o->never_ending = 1;
				return;
			}
			if (++lam == power) {
				saved = now;
				power <<= 1;
				lam = 0;
			}
		}
		c = lift_and_sow(s, c, dir);
	}
}

static void
sim_init(sim *s, bao_pos *work, const bao_rules *r, bao_outcome *o,
         int namu, int capture, int safari, int takasia)
{
	memset(o, 0, sizeof *o);
	o->emptied_from = o->emptied_at = -1;
	s->p = work;
	s->mover = work->side;
	s->me = work->pit[s->mover];
	s->op = work->pit[BAO_OTHER(s->mover)];
	s->front_me = front_sum(s->me);
	s->front_op = front_sum(s->op);
	s->capture = capture;
	s->namu = namu;
	s->choice = capture && (namu || r->mtaji_nyumba_choice);
	s->safari = safari;
	s->takasia = takasia;
	s->exception = 0;
	s->lap_from = -1;
	s->o = o;
}

/* The reserve seed goes into front ring RING (namu). */
static void
place_reserve_seed(sim *s, int ring)
{
	s->me[ring]++;
	s->front_me++;
	s->p->reserve[s->mover]--;
}

/* A namu capture from front ring RING entering by SIGN (spec 4.4). */
static void
play_namu_capture(sim *s, int ring, int sign)
{
	place_reserve_seed(s, ring);
	int dir = ring <= 1 ? 1 : ring >= 6 ? -1
	        : sign == BAO_SIGN_LEFT ? 1 : -1;
	int c = capture_facing(s, ring, dir);
	if (s->front_op == 0) {
		s->o->hamna = 1;
		return;
	}
	run_laps(s, c, dir);
}

/* A namu takata from front ring RING; TAX sows two from the nyumba. */
static void
play_namu_takata(sim *s, int ring, int sign, int tax)
{
	place_reserve_seed(s, ring);
	int dir = sign == BAO_SIGN_RIGHT ? 1 : -1;
	int c;
	if (tax) {
		s->me[BAO_NYUMBA] -= 2;
		s->front_me -= 2;
		s->lap_from = BAO_NYUMBA;
		c = sow(s, ring_step(BAO_NYUMBA, dir), 2, dir);
	} else {
		c = lift_and_sow(s, ring, dir);
	}
	run_laps(s, c, dir);
}

/* Direction of a mtaji sowing: '>' is clockwise in front, not behind. */
static int
mtaji_dir(int ring, int sign)
{
	return (ring < 8) == (sign == BAO_SIGN_RIGHT) ? 1 : -1;
}

static void
play_mtaji(sim *s, const bao_rules *r, int ring, int sign)
{
	int dir = mtaji_dir(ring, sign);
	s->exception = r->takasia_nyumba_exception && ring == BAO_NYUMBA &&
	               s->p->house[s->mover] && s->me[ring] >= 6;
	int c = lift_and_sow(s, ring, dir);
	run_laps(s, c, dir);
}

/* Whether a namu capture from RING may enter by SIGN (spec 4.3). */
static int
kichwa_allows(int ring, int sign)
{
	if (ring <= 1)
		return sign == BAO_SIGN_LEFT;
	if (ring >= 6)
		return sign == BAO_SIGN_RIGHT;
	return 1;
}

/* Plays the namu capture M on a copy; O tells how it went. */
static void
try_namu_capture(const bao_rules *r, const bao_pos *p, const bao_move *m,
                 bao_pos *work, bao_outcome *o)
{
	sim s;
	*work = *p;
	sim_init(&s, work, r, o, 1, 1, m->safari, -1);
	play_namu_capture(&s, m->ring, m->sign);
	o->kind = BAO_NC;
}

static void
try_mtaji(const bao_rules *r, const bao_pos *p, const bao_move *m,
          int capture, int takasia, bao_pos *work, bao_outcome *o)
{
	sim s;
	*work = *p;
	sim_init(&s, work, r, o, 0, capture, m->safari, takasia);
	play_mtaji(&s, r, m->ring, m->sign);
	o->kind = capture ? BAO_MC : BAO_MT;
}

void
bao_analyse(const bao_rules *r, const bao_pos *p, bao_analysis *a)
{
	memset(a, 0, sizeof *a);
	a->takasia = -1;
	int me = p->side;
	const unsigned char *mine = p->pit[me], *theirs = p->pit[BAO_OTHER(me)];
	a->namu = p->reserve[me] > 0;
	bao_pos work;
	bao_outcome o;
	bao_move m = { (unsigned char)me, 0, 0, 0 };
	for (int ring = 0; ring < 16 && !a->has_captures; ring++) {
		for (int d = 0; d < 2 && !a->has_captures; d++) {
			m.ring = (unsigned char)ring;
			if (a->namu) {
				m.sign = (unsigned char)d;
				if (ring >= 8 || mine[ring] == 0 || theirs[7 - ring] == 0 ||
				    !kichwa_allows(ring, d))
					continue;
				a->raw_captures = 1;
				try_namu_capture(r, p, &m, &work, &o);
			} else {
				int dir = d ? -1 : 1;
				if (capture_end(mine, theirs, ring, dir) < 0)
					continue;
				a->raw_captures = 1;
				m.sign = (unsigned char)bao_sign_for(ring, dir, 0);
				try_mtaji(r, p, &m, 1, -1, &work, &o);
			}
			/* Without '+', a decision point stops the move: never-ending
			 * captures are the ones that cycle before any decision. */
			if (!o.never_ending) {
				a->has_captures = 1;
				a->capture_example = m;
			}
		}
	}
	if (!a->namu && !a->raw_captures && r->takasia && p->takasia >= 0 &&
	    p->takasia < 8)
		a->takasia = p->takasia;
}

static int
count_front(const unsigned char *pits, int min)
{
	int n = 0;
	for (int i = 0; i < 8; i++)
		n += pits[i] >= min;
	return n;
}

/* The namu takata placement rules of spec 4.4; *TAX when it is a tax. */
static int
namu_placement(const bao_rules *r, const bao_pos *p, int ring, int *tax)
{
	const unsigned char *me = p->pit[p->side];
	int standing = p->house[p->side];
	int functional = standing && me[BAO_NYUMBA] >= 6;
	int has_house = r->namua_house_owned ? standing : functional;
	*tax = 0;
	if (has_house) {
		int only = me[BAO_NYUMBA] > 0 && count_front(me, 1) == 1;
		if (ring == BAO_NYUMBA) {
			if (!only)
				return BAO_NYUMBA_PLACEMENT;
			*tax = functional;
		}
		return BAO_OK;
	}
	if (me[ring] == 1 && count_front(me, 2) > 0)
		return BAO_SINGLETON_PLACEMENT;
	return BAO_OK;
}

/* The checks of a takata after its placement or start (spec 8.2). */
static int
takata_verdict(const bao_move *m, const bao_outcome *o)
{
	if (o->front_emptied)
		return BAO_FRONT_ROW_EMPTIED;
	if (o->never_ending)
		return BAO_NEVER_ENDING;
	if (m->safari)
		return BAO_SAFARI_NO_DECISION;
	return BAO_OK;
}

static int
capture_verdict(const bao_move *m, const bao_outcome *o)
{
	if (o->never_ending)
		return BAO_NEVER_ENDING;
	if (m->safari && !o->decision)
		return BAO_SAFARI_NO_DECISION;
	return BAO_OK;
}

static int
judge_namu(const bao_rules *r, const bao_pos *p, const bao_analysis *a,
           const bao_move *m, bao_pos *after, bao_outcome *o)
{
	const unsigned char *me = p->pit[p->side];
	const unsigned char *op = p->pit[BAO_OTHER(p->side)];
	int ring = m->ring;
	if (ring >= 8)
		return BAO_BACK_ROW_IN_NAMUA;
	if (me[ring] == 0)
		return BAO_EMPTY_PIT;
	if (a->has_captures) {
		if (op[7 - ring] == 0)
			return BAO_CAPTURE_REQUIRED;
		if (!kichwa_allows(ring, m->sign))
			return BAO_KICHWA_FORCED;
		try_namu_capture(r, p, m, after, o);
		return capture_verdict(m, o);
	}
	int tax;
	int code = namu_placement(r, p, ring, &tax);
	if (code != BAO_OK)
		return code;
	sim s;
	*after = *p;
	sim_init(&s, after, r, o, 1, 0, 0, -1);
	play_namu_takata(&s, ring, m->sign, tax);
	o->kind = tax ? BAO_NX : BAO_NT;
	return takata_verdict(m, o);
}

static int
judge_mtaji(const bao_rules *r, const bao_pos *p, const bao_analysis *a,
            const bao_move *m, bao_pos *after, bao_outcome *o)
{
	const unsigned char *me = p->pit[p->side];
	const unsigned char *op = p->pit[BAO_OTHER(p->side)];
	int ring = m->ring;
	if (me[ring] < 2)
		return BAO_TOO_FEW_SEEDS;
	if (a->has_captures) {
		if (capture_end(me, op, ring, mtaji_dir(ring, m->sign)) < 0)
			return BAO_CAPTURE_REQUIRED;
		try_mtaji(r, p, m, 1, -1, after, o);
		return capture_verdict(m, o);
	}
	if (ring >= 8 && count_front(me, 2) > 0)
		return BAO_MTAJI_BACK_ROW;
	if (ring == a->takasia)
		return BAO_TAKASIA_START;
	try_mtaji(r, p, m, 0, a->takasia, after, o);
	return takata_verdict(m, o);
}

int
bao_judge(const bao_rules *r, const bao_pos *p, const bao_analysis *a,
          const bao_move *m, bao_pos *after, bao_outcome *out)
{
	memset(out, 0, sizeof *out);
	out->emptied_from = out->emptied_at = -1;
	*after = *p;
	if (m->side != p->side)
		return BAO_WRONG_SIDE;
	if (m->ring > 15)
		return BAO_NOT_LEGAL;
	if (a->namu)
		return judge_namu(r, p, a, m, after, out);
	return judge_mtaji(r, p, a, m, after, out);
}

int
bao_takasia_after(const bao_rules *r, const bao_pos *p)
{
	int q = p->side;
	const unsigned char *mq = p->pit[q], *mp = p->pit[BAO_OTHER(q)];
	if (!r->takasia || p->reserve[0] || p->reserve[1])
		return -1;
	/* Rule 1: Q has a capture of his own, so nothing is threatened. */
	for (int ring = 0; ring < 16; ring++)
		if (capture_end(mq, mp, ring, 1) >= 0 ||
		    capture_end(mq, mp, ring, -1) >= 0)
			return -1;
	unsigned threatened = 0;
	for (int ring = 0; ring < 16; ring++)
		for (int dir = -1; dir <= 1; dir += 2) {
			int e = capture_end(mp, mq, ring, dir);
			if (e >= 0)
				threatened |= 1u << (7 - e);
		}
	if (threatened == 0 || (threatened & (threatened - 1)) != 0)
		return -1;
	int t = 0;
	while (!(threatened & (1u << t)))
		t++;
	if (t == BAO_NYUMBA && p->house[q] && mq[t] >= 6)
		return -1;
	if (count_front(mq, 1) == 1)
		return -1;
	if (mq[t] > 1 && count_front(mq, 2) == 1)
		return -1;
	if (r->takasia_exempt_singleton && mq[t] == 1)
		return -1;
	return t;
}

/* Candidate starts of the mover, each with both directions. */
static int
candidate(const bao_analysis *a, const unsigned char *me, int ring)
{
	if (a->namu)
		return ring < 8 && me[ring] > 0;
	return me[ring] >= 2;
}

int
bao_has_legal_move(const bao_rules *r, const bao_pos *p)
{
	bao_analysis a;
	bao_analyse(r, p, &a);
	if (a.has_captures)
		return 1;
	const unsigned char *me = p->pit[p->side];
	bao_pos after;
	bao_outcome o;
	for (int ring = 0; ring < 16; ring++) {
		if (!candidate(&a, me, ring))
			continue;
		for (int sign = 0; sign < 2; sign++) {
			bao_move m = { p->side, (unsigned char)ring,
			               (unsigned char)sign, 0 };
			if (bao_judge(r, p, &a, &m, &after, &o) == BAO_OK)
				return 1;
		}
	}
	return 0;
}

int
bao_conclude(const bao_rules *r, bao_pos *after, const bao_outcome *o,
             int *over, int *winner)
{
	int mover = after->side, opp = BAO_OTHER(mover);
	int takata = o->kind == BAO_NT || o->kind == BAO_NX || o->kind == BAO_MT;
	after->side = (unsigned char)opp;
	after->takasia = -1;
	*over = BAO_ONGOING;
	*winner = -1;
	if (front_sum(after->pit[opp]) == 0 || front_sum(after->pit[mover]) == 0) {
		*over = BAO_HAMNA;
		*winner = front_sum(after->pit[opp]) == 0 ? mover : opp;
		return takata;
	}
	if (o->kind == BAO_MT)
		after->takasia = (signed char)bao_takasia_after(r, after);
	if (!bao_has_legal_move(r, after)) {
		/* The game ended, so no takasia arises (spec 4.9). */
		after->takasia = -1;
		*over = BAO_IMMOBILE;
		*winner = mover;
	}
	return takata ? (after->takasia >= 0 ? 2 : 1) : 0;
}

static void
add_legal(const bao_rules *r, bao_legal *l, const bao_move *m,
          const bao_pos *after, const bao_outcome *o)
{
	l->move = *m;
	l->outcome = *o;
	l->after = *after;
	l->annotation = bao_conclude(r, &l->after, o, &l->over, &l->winner);
}

int
bao_generate(const bao_rules *r, const bao_pos *p,
             bao_legal out[BAO_MAX_MOVES])
{
	bao_analysis a;
	bao_analyse(r, p, &a);
	const unsigned char *me = p->pit[p->side];
	int n = 0;
	for (int ring = 0; ring < 16; ring++) {
		if (!candidate(&a, me, ring))
			continue;
		/* Clockwise first, then stop before safari. */
		for (int dir = 1; dir >= -1; dir -= 2) {
			int sign = bao_sign_for(ring, dir, a.namu && a.has_captures);
			bao_move m = { p->side, (unsigned char)ring,
			               (unsigned char)sign, 0 };
			bao_pos after;
			bao_outcome o;
			if (bao_judge(r, p, &a, &m, &after, &o) != BAO_OK)
				continue;
			add_legal(r, &out[n++], &m, &after, &o);
			if (!o.decision)
				continue;
			m.safari = 1;
			if (bao_judge(r, p, &a, &m, &after, &o) == BAO_OK)
				add_legal(r, &out[n++], &m, &after, &o);
		}
	}
	return n;
}

void
bao_game_start(bao_game *g, const bao_rules *r, const bao_pos *p)
{
	memset(g, 0, sizeof *g);
	g->pos = *p;
	g->winner = -1;
	int me = p->side, opp = BAO_OTHER(me);
	if (front_sum(p->pit[opp]) == 0) {
		g->over = BAO_HAMNA;
		g->winner = me;
	} else if (front_sum(p->pit[me]) == 0) {
		g->over = BAO_HAMNA;
		g->winner = opp;
	} else if (!bao_has_legal_move(r, p)) {
		g->over = BAO_IMMOBILE;
		g->winner = opp;
	}
}

const char *
bao_result_text(const bao_game *g)
{
	return bao_result_words(g->over, g->winner);
}

const char *
bao_result_words(int over, int winner)
{
	if (over == BAO_ONGOING)
		return "*";
	return winner == BAO_SOUTH ? "1-0" : "0-1";
}
