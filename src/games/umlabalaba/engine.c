/*
 * Replaying Umlabalaba turns: the checks of spec section 5.2 in their order,
 * then the end-of-turn tests of section 3.8.
 */
#include "games/umlabalaba/um.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *
um_side_name(int side)
{
	return side == UM_BLACK ? "Black" : "White";
}

const char *
um_game_side(const um_game *g, int side)
{
	return g->naming != NULL ? g->naming->side[side] : um_side_name(side);
}

const char *
um_result_text(int result)
{
	switch (result) {
	case UM_BLACK_WON: return "B";
	case UM_WHITE_WON: return "W";
	case UM_DRAWN: return "D";
	default: return "*";
	}
}

void
um_game_init(um_game *g, const um_rules *r, const um_board *b)
{
	memset(g, 0, sizeof *g);
	g->rules = r;
	g->board = b;
	g->hand[UM_BLACK] = g->hand[UM_WHITE] = 12;
	g->to_move = r->first;
	g->owes_ilobola = UM_NOBODY;
	g->result = UM_ONGOING;
	g->end_loser = UM_NOBODY;
}

static void history_free(um_history *h);

void
um_game_free(um_game *g)
{
	history_free(&g->history);
}

long
um_expected_number(const um_game *g)
{
	return g->slots / 2 + 1;
}

static um_set
empty_points(const um_game *g)
{
	return g->board->all & ~(g->cows[0] | g->cows[1]);
}

/* The mills through P that SIDE's cows hold entirely. */
static int
mills_at(const um_game *g, um_set cows, int p, const um_mill **found, int max)
{
	int n = 0;
	const um_board *b = g->board;
	for (int k = 0; k < b->nthrough[p]; k++) {
		const um_mill *m = &b->mills[b->through[p][k]];
		if ((m->set & cows) == m->set) {
			if (n < max)
				found[n] = m;
			n++;
		}
	}
	return n;
}

static const um_mill *
mill_holding(const um_game *g, um_set cows, int p)
{
	const um_mill *m = NULL;
	mills_at(g, cows, p, &m, 1);
	return m;
}

/* The cows of SIDE standing in one of its mills. */
static um_set
cows_in_mills(const um_game *g, int side)
{
	um_set in = 0;
	for (int i = 0; i < g->board->nmills; i++) {
		const um_mill *m = &g->board->mills[i];
		if ((m->set & g->cows[side]) == m->set)
			in |= m->set;
	}
	return in;
}

/* The opposing cows the mover may shoot under the protection option. */
static um_set
takeable(const um_game *g, int victim)
{
	um_set cows = g->cows[victim];
	um_set free_cows = cows & ~cows_in_mills(g, victim);
	switch (g->rules->protection) {
	case UM_PROTECT_GAR:
		return free_cows ? free_cows : cows;
	case UM_PROTECT_FORFEIT:
		return free_cows;
	default:
		return cows;
	}
}

static int
may_fly(const um_game *g, int side)
{
	return g->rules->flying && g->hand[side] == 0 &&
	       um_count(g->cows[side]) == 3;
}

/* Would moving SIDE's cow FROM -> TO be the shuttle the rule forbids? */
static int
shuttle_banned(const um_game *g, int side, int from, int to)
{
	const um_shuttle *s = &g->shuttle[side];
	if (!g->rules->no_shuttle || s->from == 0)
		return 0;
	if (from != s->to || to != s->from)
		return 0;
	um_set after = (g->cows[side] & ~UM_BIT(from)) | UM_BIT(to);
	return mill_holding(g, after, to) != NULL;
}

/* The lowest point of a non-empty set. */
static int
lowest(um_set s)
{
#if defined(__GNUC__) || defined(__clang__)
	/* One instruction where the compiler has it: this runs for every cow
	 * of the side to move after every turn (the blocked test). */
	return __builtin_ctz(s);
#else
	int p = 0;
	while (!(s & 1u)) {
		s >>= 1;
		p++;
	}
	return p;
#endif
}

static int
has_legal_move(const um_game *g, int side)
{
	um_set empty = empty_points(g);
	int fly = may_fly(g, side);
	const um_shuttle *mem = &g->shuttle[side];
	for (um_set cows = g->cows[side]; cows; cows &= cows - 1) {
		int p = lowest(cows);
		um_set to = fly ? empty : g->board->adj[p] & empty;
		if (to == 0)
			continue;
		/* Only the shuttle can forbid a move to an empty point. */
		if (p != mem->to || mem->from == 0 || (to & ~UM_BIT(mem->from)) ||
		    !shuttle_banned(g, side, p, mem->from))
			return 1;
	}
	return 0;
}

/* --- repetition ------------------------------------------------------ */

static uint64_t
key_hash(uint64_t k)
{
	k *= 0x9E3779B97F4A7C15ull;
	return k ^ (k >> 29);
}

static void
history_free(um_history *h)
{
	free(h->keys);
	free(h->counts);
	memset(h, 0, sizeof *h);
}

/* A long quiet stretch leaves a large table: give it back, do not wipe it. */
static void
history_clear(um_history *h)
{
	if (h->cap > 1024) {
		history_free(h);
		return;
	}
	for (size_t i = 0; i < h->cap; i++)
		h->counts[i] = 0;
	h->used = 0;
}

static int
history_grow(um_history *h)
{
	size_t cap = h->cap ? h->cap * 2 : 64;
	uint64_t *keys = calloc(cap, sizeof *keys);
	unsigned *counts = calloc(cap, sizeof *counts);
	if (keys == NULL || counts == NULL) {
		free(keys);
		free(counts);
		return -1;
	}
	for (size_t i = 0; i < h->cap; i++) {
		if (h->counts[i] == 0)
			continue;
		size_t j = key_hash(h->keys[i]) & (cap - 1);
		while (counts[j] != 0)
			j = (j + 1) & (cap - 1);
		keys[j] = h->keys[i];
		counts[j] = h->counts[i];
	}
	free(h->keys);
	free(h->counts);
	h->keys = keys;
	h->counts = counts;
	h->cap = cap;
	return 0;
}

/* Records a position; returns how often it has now occurred, 0 if no memory. */
static unsigned
history_add(um_history *h, uint64_t k)
{
	if ((h->used + 1) * 2 > h->cap && history_grow(h) != 0)
		return 0;
	size_t j = key_hash(k) & (h->cap - 1);
	while (h->counts[j] != 0) {
		if (h->keys[j] == k)
			return ++h->counts[j];
		j = (j + 1) & (h->cap - 1);
	}
	h->keys[j] = k;
	h->counts[j] = 1;
	h->used++;
	return 1;
}

/* The cows of points 1..25 as base-3 digits (1 Black, 2 White): < 3^25. */
static uint64_t
cows_code(const um_game *g)
{
	static const uint64_t pow3[UM_MAX_POINTS] = {
		1u, 3u, 9u, 27u, 81u, 243u, 729u, 2187u, 6561u, 19683u, 59049u,
		177147u, 531441u, 1594323u, 4782969u, 14348907u, 43046721u,
		129140163u, 387420489u, 1162261467u, 3486784401u, 10460353203u,
		31381059609u, 94143178827u, 282429536481u
	};
	uint64_t code = 0;
	for (int s = 0; s < 2; s++)
		for (um_set c = g->cows[s]; c; c &= c - 1)
			code += (uint64_t)(s + 1) * pow3[lowest(c) - 1];
	return code;
}

static uint64_t
position_key(const um_game *g)
{
	uint64_t k = cows_code(g);                        /* bits 0..39 */
	k |= (uint64_t)(g->to_move & 1) << 40;
	k |= (uint64_t)g->shuttle[0].from << 41;          /* 5 bits each */
	k |= (uint64_t)g->shuttle[0].to << 46;
	k |= (uint64_t)g->shuttle[1].from << 51;
	k |= (uint64_t)g->shuttle[1].to << 56;
	return k;
}

/* --- the checks of section 5.2 --------------------------------------- */

#define FAIL(v, c, ...) \
	do { (v)->code = (c); \
	     snprintf((v)->message, sizeof (v)->message, __VA_ARGS__); \
	     return -1; } while (0)

static const char *
ordinal_suffix(long n)
{
	if (n % 100 >= 11 && n % 100 <= 13)
		return "th";
	switch (n % 10) {
	case 1: return "st";
	case 2: return "nd";
	case 3: return "rd";
	default: return "th";
	}
}

void
um_describe_end(const um_game *g, char *out, size_t size)
{
	const char *winner = um_game_side(g, g->result == UM_BLACK_WON ? UM_BLACK
	                                                               : UM_WHITE);
	const char *loser = g->end_loser >= 0 ? um_game_side(g, g->end_loser) : "";
	switch (g->end) {
	case UM_END_REDUCED:
		snprintf(out, size, "%s won when %s was reduced to two cows at "
		         "move %ld", winner, loser, g->end_index);
		break;
	case UM_END_BLOCKED:
		snprintf(out, size, "%s won when %s could not move at move %ld",
		         winner, loser, g->end_index);
		break;
	case UM_END_BOTH_BLOCKED:
		snprintf(out, size, "drawn at move %ld: neither side could move",
		         g->end_index);
		break;
	case UM_END_FULL_BOARD:
		snprintf(out, size, "drawn at move %ld: placement filled the board",
		         g->end_index);
		break;
	case UM_END_DRAW3:
		snprintf(out, size, "drawn at move %ld: %ld turn%s in a row with "
		         "three cows on the board", g->end_index,
		         g->rules->draw3_plies, g->rules->draw3_plies == 1 ? "" : "s");
		break;
	case UM_END_NMOVE:
		snprintf(out, size, "drawn at move %ld: %ld turn%s in a row without "
		         "a placement, a capture or an ilobola removal", g->end_index,
		         g->rules->nmove, g->rules->nmove == 1 ? "" : "s");
		break;
	case UM_END_REPETITION:
		snprintf(out, size, "drawn at move %ld: the same position occurred "
		         "%ld time%s", g->end_index, g->rules->repetition,
		         g->rules->repetition == 1 ? "" : "s");
		break;
	default:
		snprintf(out, size, "the game is still going");
		break;
	}
}

/* Whether a move number is written as WANT: plain decimal, no leading zero. */
static int
number_is(const um_num *n, long want)
{
	if (n->len == 0 || n->len > 18 || (n->len > 1 && n->text[0] == '0'))
		return 0;
	long v = 0;
	for (size_t i = 0; i < n->len; i++)
		v = v * 10 + (n->text[i] - '0');
	return v == want;
}

static int
check_header_steps(const um_game *g, const um_move *m, um_verdict *v)
{
	const char *t = m->text;
	if (g->result != UM_ONGOING) {
		char how[160];
		um_describe_end(g, how, sizeof how);
		FAIL(v, UM_GAME_ALREADY_OVER, "'%s': the game is already over (%s)",
		     t, how);
	}
	if (m->bad_point != NULL && g->naming != NULL &&
	    g->naming->bad_point != NULL) {
		char why[200];
		g->naming->bad_point(m->bad_point, why, sizeof why);
		FAIL(v, UM_BAD_POINT_NUMBER, "'%s': %s", t, why);
	}
	if (m->bad_point != NULL) {
		char q[64];
		/* The text is the number as kept: cut, with '...', if long. */
		nt_quote(q, sizeof q, m->bad_point->text, strlen(m->bad_point->text));
		if (m->bad_point->len > 2 || m->bad_point->text[0] == '0')
			FAIL(v, UM_BAD_POINT_NUMBER, "'%s': '%s' is not a point number "
			     "(points are written 1 to %d, or 01 to 09)", t, q,
			     g->board->points);
		FAIL(v, UM_BAD_POINT_NUMBER, "'%s': there is no point %s on the "
		     "%d-point board", t, q, g->board->points);
	}
	if (m->has_number) {
		long want = um_expected_number(g);
		if (!number_is(&m->number, want)) {
			char q[64];
			nt_quote(q, sizeof q, m->number.text, strlen(m->number.text));
			FAIL(v, UM_BAD_MOVE_NUMBER, "'%s': this is move %ld (%s's %ld%s "
			     "turn), not %s", t, want, um_game_side(g, g->to_move), want,
			     ordinal_suffix(want), q);
		}
	}
	if (m->side != g->to_move) {
		if (g->owes_ilobola == g->to_move)
			FAIL(v, UM_WRONG_PLAYER_TO_MOVE, "'%s': it is %s's turn to give "
			     "ilobola", t, um_game_side(g, g->to_move));
		FAIL(v, UM_WRONG_PLAYER_TO_MOVE, "'%s': it is %s's turn", t,
		     um_game_side(g, g->to_move));
	}
	return 0;
}

/* Step 6 of mill PGN: a turn given up is never one of these rules'. */
static int
check_pass(const um_move *m, um_verdict *v)
{
	if (m->kind == UM_PASS)
		FAIL(v, UM_PGN_PASS_NOT_ALLOWED, "'%s': no turn is ever given "
		     "up under these rules", m->text);
	return 0;
}

static int
check_ilobola(const um_game *g, const um_move *m, um_verdict *v)
{
	const char *t = m->text;
	const char *me = um_game_side(g, m->side);
	char at[8];
	const char *removed = um_point_name(g->naming, m->removed, at);
	if (g->owes_ilobola == UM_NOBODY) {
		if (m->kind == UM_REMOVE)
			FAIL(v, UM_BAD_ILOBOLA, "'%s': no ilobola is owed; a side removes "
			     "its own cow only after placement has filled the board", t);
		return 0;
	}
	if (m->kind != UM_REMOVE)
		FAIL(v, UM_BAD_ILOBOLA, "'%s': the board is full, so %s must first "
		     "give ilobola by removing one of its own cows (write %c<p)",
		     t, me, m->side == UM_BLACK ? 'B' : 'W');
	if (!(g->cows[m->side] & UM_BIT(m->removed))) {
		if (g->cows[!m->side] & UM_BIT(m->removed))
			FAIL(v, UM_BAD_ILOBOLA, "'%s': the cow on %s is %s's; ilobola is "
			     "paid with one of %s's own cows", t, removed,
			     um_game_side(g, !m->side), me);
		FAIL(v, UM_BAD_ILOBOLA, "'%s': there is no cow on point %s to give as "
		     "ilobola", t, removed);
	}
	return 0;
}

static int
check_movement(const um_game *g, const um_move *m, um_verdict *v)
{
	const char *t = m->text;
	const char *me = um_game_side(g, m->side);
	int side = m->side;
	char from_at[8], to_at[8];
	const char *from = um_point_name(g->naming, m->from, from_at);
	const char *to = um_point_name(g->naming, m->to, to_at);
	if (m->kind == UM_MOVE && g->hand[side] > 0)
		FAIL(v, UM_MOVE_IN_PLACEMENT_PHASE, "'%s': %s still has %d cow%s in "
		     "hand and must place one", t, me, g->hand[side],
		     g->hand[side] == 1 ? "" : "s");
	if (m->kind == UM_PLACE && g->hand[side] == 0)
		FAIL(v, UM_PLACE_IN_MOVEMENT_PHASE, "'%s': %s has no cows left to "
		     "place and must move one", t, me);
	if (m->kind == UM_MOVE) {
		if (!((g->cows[0] | g->cows[1]) & UM_BIT(m->from)))
			FAIL(v, UM_SOURCE_EMPTY, "'%s': there is no cow on point %s", t,
			     from);
		if (!(g->cows[side] & UM_BIT(m->from)))
			FAIL(v, UM_SOURCE_NOT_OWN, "'%s': the cow on point %s is %s's", t,
			     from, um_game_side(g, !side));
	}
	if ((g->cows[0] | g->cows[1]) & UM_BIT(m->to)) {
		if (m->kind == UM_MOVE && m->from == m->to)
			FAIL(v, UM_OCCUPIED_DESTINATION, "'%s': the cow must move to "
			     "another point; %s is where it stands", t, to);
		FAIL(v, UM_OCCUPIED_DESTINATION, "'%s': point %s is already taken "
		     "by a %s cow", t, to,
		     um_game_side(g, (g->cows[UM_BLACK] & UM_BIT(m->to)) ? UM_BLACK
		                                                         : UM_WHITE));
	}
	if (m->kind != UM_MOVE)
		return 0;
	if (!(g->board->adj[m->from] & UM_BIT(m->to)) && !may_fly(g, side)) {
		if (g->hand[side] == 0 && um_count(g->cows[side]) == 3 &&
		    !g->rules->flying)
			FAIL(v, UM_FLYING_NOT_ALLOWED, "'%s': %s has three cows, but "
			     "flying is off in these rules, and %s is not next to %s",
			     t, me, to, from);
		char links[96];
		um_format_set(g->naming, g->board->adj[m->from], links, sizeof links);
		FAIL(v, UM_NOT_ADJACENT, "'%s': point %s is not next to point %s "
		     "(%s is linked to %s)", t, to, from, from, links);
	}
	if (shuttle_banned(g, side, m->from, m->to)) {
		um_set after = (g->cows[side] & ~UM_BIT(m->from)) | UM_BIT(m->to);
		char mill[24];
		um_format_mill(g->naming, mill_holding(g, after, m->to), mill,
		               sizeof mill);
		FAIL(v, UM_REPEATED_MILL, "'%s': the cow that made a mill by moving "
		     "from %s to %s may not go straight back to remake the mill %s",
		     t, to, from, mill);
	}
	return 0;
}

/* The mills a turn forms, written "5-6-7" or "5-6-7 and 3-11-19". */
static void
format_mills(const um_naming *names, const um_mill *const *mills, int n,
             char *out, size_t size)
{
	char a[24], b[24];
	um_format_mill(names, mills[0], a, sizeof a);
	if (n == 1) {
		snprintf(out, size, "the mill %s", a);
		return;
	}
	um_format_mill(names, mills[1], b, sizeof b);
	snprintf(out, size, "the mills %s and %s%s", a, b, n > 2 ? " and more" : "");
}

/*
 * Steps 12 to 15 on the board after the mover's cow has arrived (BOARD is
 * a scratch copy of the game).  Applies the captures to it.
 */
static int
check_captures(um_game *after, const um_move *m, int formed,
               const um_mill *const *mills, um_verdict *v)
{
	const char *t = m->text;
	int side = m->side, victim = !m->side;
	const char *me = um_game_side(after, side);
	const char *they = um_game_side(after, victim);
	char at[8];
	if (m->ncaps > 0 && formed == 0)
		FAIL(v, UM_CAPTURE_WITHOUT_MILL, "'%s': the move to %s makes no mill, "
		     "so no cow may be shot", t, um_point_name(after->naming, m->to,
		                                               at));
	long allowed = formed == 0 ? 0 : after->rules->double_mill_per_mill ? formed : 1;
	if (m->ncaps > allowed) {
		if (allowed == 1)
			FAIL(v, UM_TOO_MANY_CAPTURES, "'%s': %s allows only one shot", t,
			     formed == 1 ? "one mill" : "forming two mills at once "
			     "(double_mill=one)");
		FAIL(v, UM_TOO_MANY_CAPTURES, "'%s': %ld mills allow only %ld shots",
		     t, allowed, allowed);
	}
	for (long i = 0; i < m->ncaps; i++) {
		int p = m->caps[i];
		const char *shot = um_point_name(after->naming, p, at);
		if (!((after->cows[0] | after->cows[1]) & UM_BIT(p)))
			FAIL(v, UM_CAPTURE_EMPTY_POINT, "'%s': there is no cow on point %s "
			     "to shoot", t, shot);
		if (after->cows[side] & UM_BIT(p))
			FAIL(v, UM_CAPTURE_OWN_PIECE, "'%s': the cow on %s is %s's own",
			     t, shot, me);
		if (!(takeable(after, victim) & UM_BIT(p))) {
			char mill[24];
			um_format_mill(after->naming,
			               mill_holding(after, after->cows[victim], p), mill,
			               sizeof mill);
			if (after->rules->protection == UM_PROTECT_FORFEIT)
				FAIL(v, UM_CAPTURE_PROTECTED_IN_MILL, "'%s': %s's cow on %s "
				     "stands in the mill %s, and under forfeit protection a "
				     "cow in a mill is never shot", t, they, shot, mill);
			FAIL(v, UM_CAPTURE_PROTECTED_IN_MILL, "'%s': %s's cow on %s stands "
			     "in the mill %s and %s has cows outside mills", t, they,
			     shot, mill, they);
		}
		after->cows[victim] &= ~UM_BIT(p);
	}
	if (after->rules->capture_mandatory && m->ncaps < allowed &&
	    takeable(after, victim) != 0) {
		char which[80];
		format_mills(after->naming, mills, formed, which, sizeof which);
		if (m->ncaps == 0 && allowed == 1)
			FAIL(v, UM_MISSING_CAPTURE, "'%s': the move makes %s, so %s must "
			     "shoot a %s cow", t, which, me, they);
		FAIL(v, UM_MISSING_CAPTURE, "'%s': the move makes %s, so %s must shoot "
		     "%ld %s cows, not %ld", t, which, me, allowed, they, m->ncaps);
	}
	return 0;
}

/* --- end of turn (section 3.8) --------------------------------------- */

static void
end_game(um_game *g, int result, int how, int loser, long index)
{
	g->result = result;
	g->end = how;
	g->end_loser = loser;
	g->end_index = index;
}

/* Whether the draw3 condition holds on the board (it counts nothing when off). */
static int
three_cows(const um_game *g)
{
	if (g->rules->draw3 == UM_DRAW3_OFF)
		return 0;
	int b3 = um_count(g->cows[0]) == 3, w3 = um_count(g->cows[1]) == 3;
	return g->rules->draw3 == UM_DRAW3_EITHER ? (b3 || w3) : (b3 && w3);
}

static void
end_of_turn(um_game *g, int p, int placed, int captured, int removal,
            long index)
{
	int q = !p;
	int first = g->rules->first;
	g->slots++;
	g->turns++;
	if (removal && g->owes_ilobola == first)
		g->owes_ilobola = !first;
	else if (removal)
		g->owes_ilobola = UM_NOBODY;
	/* Test 1: an owed removal comes before anything else. */
	if (g->owes_ilobola != UM_NOBODY) {
		g->to_move = g->owes_ilobola;
		return;
	}
	g->to_move = q;
	int p_wins = p == UM_BLACK ? UM_BLACK_WON : UM_WHITE_WON;
	/* Test 2: reduction. */
	if (um_count(g->cows[q]) + g->hand[q] <= 2) {
		end_game(g, p_wins, UM_END_REDUCED, q, index);
		return;
	}
	int hands_empty = g->hand[0] == 0 && g->hand[1] == 0;
	/* Test 3: a full board. */
	if (hands_empty && empty_points(g) == 0) {
		if (g->rules->full_board == UM_FULL_DRAW) {
			end_game(g, UM_DRAWN, UM_END_FULL_BOARD, UM_NOBODY, index);
			return;
		}
		if (g->rules->full_board == UM_FULL_ILOBOLA) {
			g->owes_ilobola = first;
			g->to_move = first;
			return;
		}
	}
	/* Test 4: counters and draws. */
	int reset = placed || captured || removal;
	g->quiet = reset ? 0 : g->quiet + 1;
	g->three = hands_empty && !captured && three_cows(g) ? g->three + 1 : 0;
	if (g->rules->draw3 != UM_DRAW3_OFF && g->three >= g->rules->draw3_plies) {
		end_game(g, UM_DRAWN, UM_END_DRAW3, UM_NOBODY, index);
		return;
	}
	if (g->rules->nmove > 0 && g->quiet >= g->rules->nmove) {
		end_game(g, UM_DRAWN, UM_END_NMOVE, UM_NOBODY, index);
		return;
	}
	if (g->rules->repetition > 0) {
		um_history *h = &g->history;
		if (reset || h->hand[0] != g->hand[0] || h->hand[1] != g->hand[1]) {
			history_clear(h);
			h->hand[0] = g->hand[0];
			h->hand[1] = g->hand[1];
		}
		unsigned seen = history_add(h, position_key(g));
		if (seen == 0)
			g->oom = 1;
		if (seen >= (unsigned long)g->rules->repetition) {
			end_game(g, UM_DRAWN, UM_END_REPETITION, UM_NOBODY, index);
			return;
		}
	}
	/* Test 5: a side that cannot move. */
	if (hands_empty && !has_legal_move(g, q)) {
		if (!g->rules->blocked_pass) {
			end_game(g, p_wins, UM_END_BLOCKED, q, index);
		} else if (!has_legal_move(g, p)) {
			end_game(g, UM_DRAWN, UM_END_BOTH_BLOCKED, UM_NOBODY, index);
		} else {
			g->slots++;
			g->skipped++;
			g->to_move = p;
		}
	}
}

int
um_play(um_game *g, const um_move *m, um_verdict *v)
{
	if (check_header_steps(g, m, v) || check_pass(m, v) ||
	    check_ilobola(g, m, v))
		return -1;
	int side = m->side;
	if (m->kind == UM_REMOVE) {
		g->removed[side]++;
		g->cows[side] &= ~UM_BIT(m->removed);
		g->shuttle[side].from = g->shuttle[side].to = 0;
		end_of_turn(g, side, 0, 0, 1, m->index);
		return 0;
	}
	if (check_movement(g, m, v))
		return -1;

	/* Steps 12 to 15 look at the board after the arrival: make it, and
	 * put the board back if the captures are wrong. */
	um_set before[2] = { g->cows[0], g->cows[1] };
	int hand = g->hand[side];
	if (m->kind == UM_MOVE)
		g->cows[side] &= ~UM_BIT(m->from);
	else
		g->hand[side]--;
	g->cows[side] |= UM_BIT(m->to);
	const um_mill *mills[4];
	int formed = mills_at(g, g->cows[side], m->to, mills, 4);
	if (check_captures(g, m, formed, mills, v)) {
		g->cows[0] = before[0];
		g->cows[1] = before[1];
		g->hand[side] = hand;
		return -1;
	}
	if (m->kind == UM_PLACE)
		g->placed[side]++;
	else if (g->board->adj[m->from] & UM_BIT(m->to))
		g->moved[side]++;
	else
		g->flown[side]++;
	if (formed > 0)
		g->mills_formed[side] += formed;
	g->captures[side] += m->ncaps;
	if (m->kind == UM_MOVE && formed > 0) {
		g->shuttle[side].from = m->from;
		g->shuttle[side].to = m->to;
	} else {
		g->shuttle[side].from = g->shuttle[side].to = 0;
	}
	end_of_turn(g, side, m->kind == UM_PLACE, m->ncaps > 0, 0, m->index);
	return 0;
}
