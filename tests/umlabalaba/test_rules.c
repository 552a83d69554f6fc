/*
 * The rules of play (spec section 3), each with a transcript where the rule
 * decides the outcome.  Hand-built games are used where a few moves reach
 * the situation; random play finds the rest (three-cow sides, reductions),
 * and the verdict expected there comes from the rule, not from the engine.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "umlabalaba/um_test.h"

static void
with(const char *headers, const char *moves, char *out, size_t size)
{
	snprintf(out, size, "%s\n%s\n", headers, moves);
}

#define LEGAL_WITH(h, m, r) do { char t_[8192]; with((h), (m), t_, sizeof t_); UT_LEGAL(t_, (r)); } while (0)
#define FAILS_WITH(h, m, c, i) do { char t_[8192]; with((h), (m), t_, sizeof t_); UT_FAILS(t_, (c), (i)); } while (0)

/* --- mills and captures ---------------------------------------------- */

/* Black's 9th move, B>3, completes 1-2-3 and the diagonal 3-11-19. */
static const char *const two_mills = "B>1 W>4 B>2 W>6 B>11 W>8 B>19 W>12";

/* Spec 1.4: the twenty mills of the standard 24-point board. */
static const int spec_mills_24[20][3] = {
	{ 1, 2, 3 }, { 3, 4, 5 }, { 5, 6, 7 }, { 7, 8, 1 },
	{ 9, 10, 11 }, { 11, 12, 13 }, { 13, 14, 15 }, { 15, 16, 9 },
	{ 17, 18, 19 }, { 19, 20, 21 }, { 21, 22, 23 }, { 23, 24, 17 },
	{ 2, 10, 18 }, { 4, 12, 20 }, { 6, 14, 22 }, { 8, 16, 24 },
	{ 1, 9, 17 }, { 3, 11, 19 }, { 5, 13, 21 }, { 7, 15, 23 },
};

/* Black places on the three points of each mill and may shoot. */
START_TEST(every_mill_of_the_table_is_a_mill)
{
	const int *mill = spec_mills_24[_i];
	int other[2], n = 0;
	for (int p = 1; p <= 24 && n < 2; p++)
		if (p != mill[0] && p != mill[1] && p != mill[2])
			other[n++] = p;
	char m[128];
	snprintf(m, sizeof m, "B>%d W>%d B>%d W>%d B>%d<%d", mill[0], other[0],
	         mill[1], other[1], mill[2], other[0]);
	LEGAL_WITH("", m, NULL);
	/* Any order of the three points. */
	snprintf(m, sizeof m, "B>%d W>%d B>%d W>%d B>%d", mill[2], other[0],
	         mill[0], other[1], mill[1]);
	FAILS_WITH("", m, "missing-capture", 5);
}
END_TEST

START_TEST(one_turn_can_form_two_mills)
{
	char m[256];
	snprintf(m, sizeof m, "%s B>3<4", two_mills);
	LEGAL_WITH("", m, NULL);
	snprintf(m, sizeof m, "%s B>3<4<6", two_mills);
	FAILS_WITH("", m, "too-many-captures", 9);
	snprintf(m, sizeof m, "%s B>3", two_mills);
	FAILS_WITH("", m, "missing-capture", 9);
}
END_TEST

START_TEST(double_mill_per_mill)
{
	const char *h = "[Options \"double_mill=per-mill\"]";
	char m[256];
	snprintf(m, sizeof m, "%s B>3<4<6", two_mills);
	LEGAL_WITH(h, m, NULL);
	snprintf(m, sizeof m, "%s B>3<4", two_mills);
	FAILS_WITH(h, m, "missing-capture", 9);
	snprintf(m, sizeof m, "%s B>3<4<6<8", two_mills);
	FAILS_WITH(h, m, "too-many-captures", 9);
	/* Without diagonal mills the same placement forms one mill. */
	snprintf(m, sizeof m, "%s B>3<4<6", two_mills);
	FAILS_WITH("[Options \"double_mill=per-mill diagonal_mills=off\"]", m,
	           "too-many-captures", 9);
	/* Each capture is judged after the earlier ones. */
	snprintf(m, sizeof m, "%s B>3<4<4", two_mills);
	FAILS_WITH(h, m, "capture-empty-point", 9);
}
END_TEST

START_TEST(diagonal_mills_follow_the_options)
{
	const char *m = "B>1 W>2 B>9 W>3 B>17<2";
	LEGAL_WITH("", m, NULL);
	FAILS_WITH("[Options \"diagonal_mills=off\"]", m, "capture-without-mill", 5);
	FAILS_WITH("[Rules \"isipowe\"]", m, "capture-without-mill", 5);
	FAILS_WITH("[Options \"diagonals=outer\"]", m, "capture-without-mill", 5);
	/* And a diagonal mill that is on must shoot. */
	FAILS_WITH("", "B>1 W>2 B>9 W>3 B>17", "missing-capture", 5);
}
END_TEST

START_TEST(centre_mills_on_25_points)
{
	/* Spec 7.6: 24-25-20 has the centre in the middle. */
	LEGAL_WITH("[Rules \"isisuthu\"]", "1B>20 1W>3 2B>25 2W>5 3B>24<3", NULL);
	FAILS_WITH("[Rules \"isisuthu\"]", "1B>12 1W>3 2B>20 2W>5 3B>25<3",
	           "capture-without-mill", 5);
	LEGAL_WITH("[Rules \"isisuthu\"]\n[Options \"centre_mills=any\"]",
	           "1B>12 1W>3 2B>20 2W>5 3B>25<3", NULL);
	FAILS_WITH("[Rules \"isisuthu\"]\n[Options \"centre_mills=none\"]",
	           "1B>20 1W>3 2B>25 2W>5 3B>24<3", "capture-without-mill", 5);
	/* 18-25-22 is the other middle line. */
	LEGAL_WITH("[Rules \"isisuthu\"]", "B>18 W>3 B>22 W>5 B>25<3", NULL);
	/* Spec 1.4: each of the four lines with the centre at an end is a mill
	 * under centre_mills=any and none of them under middle. */
	static const char *const ends[] = {
		"B>10 W>3 B>18 W>5 B>25<3", "B>12 W>3 B>20 W>5 B>25<3",
		"B>14 W>3 B>22 W>5 B>25<3", "B>16 W>3 B>24 W>5 B>25<3",
	};
	/* Six mills through the centre: per-mill owes six shots. */
	const char *six = "[Rules \"isisuthu\"]\n"
	                  "[Options \"centre_mills=any double_mill=per-mill\"]";
	const char *ring = "B>18 W>1 B>22 W>3 B>24 W>5 B>20 W>7 B>10 W>9 B>12 W>11 "
	                   "B>14 W>13 B>16 W>15 ";
	char m[256];
	snprintf(m, sizeof m, "%sB>25<1<3<5<7<9<11", ring);
	LEGAL_WITH(six, m, NULL);
	snprintf(m, sizeof m, "%sB>25<1<3<5<7", ring);
	FAILS_WITH(six, m, "missing-capture", 17);
	snprintf(m, sizeof m, "%sB>25<1<3<5<7<9<11<13", ring);
	FAILS_WITH(six, m, "too-many-captures", 17);
	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		LEGAL_WITH("[Rules \"isisuthu\"]\n[Options \"centre_mills=any\"]",
		           ends[i], NULL);
		FAILS_WITH("[Rules \"isisuthu\"]", ends[i], "capture-without-mill", 5);
	}
}
END_TEST

START_TEST(capture_may_be_optional)
{
	const char *m = "B>1 W>4 B>2 W>6 B>3";
	FAILS_WITH("", m, "missing-capture", 5);
	LEGAL_WITH("[Options \"capture=optional\"]", m, NULL);
	LEGAL_WITH("[Options \"capture=optional\"]", "B>1 W>4 B>2 W>6 B>3<4", NULL);
	FAILS_WITH("[Options \"capture=optional\"]", "B>1 W>4 B>2 W>6 B>3<4<6",
	           "too-many-captures", 5);
}
END_TEST

/* White holds the mill 13-14-15 (and, in the second game, a cow on 20). */
static const char *const white_all_in_mill = "B>1 W>13 B>2 W>14 B>9 W>15<9 B>3";
static const char *const white_one_outside =
	"B>1 W>13 B>2 W>14 B>9 W>15<9 B>22 W>20 B>3";

START_TEST(protection_gar)
{
	char m[256];
	snprintf(m, sizeof m, "%s<14", white_one_outside);
	FAILS_WITH("", m, "capture-protected-in-mill", 9);
	snprintf(m, sizeof m, "%s<20", white_one_outside);
	LEGAL_WITH("", m, NULL);
	/* When every cow is in a mill, any may be shot. */
	snprintf(m, sizeof m, "%s<14", white_all_in_mill);
	LEGAL_WITH("", m, NULL);
	FAILS_WITH("", white_all_in_mill, "missing-capture", 7);
}
END_TEST

START_TEST(protection_forfeit)
{
	const char *h = "[Options \"protection=forfeit\"]";
	char m[256];
	/* Every White cow is in a mill: the right to shoot lapses. */
	LEGAL_WITH(h, white_all_in_mill, NULL);
	snprintf(m, sizeof m, "%s<14", white_all_in_mill);
	FAILS_WITH(h, m, "capture-protected-in-mill", 7);
	snprintf(m, sizeof m, "%s<20", white_one_outside);
	LEGAL_WITH(h, m, NULL);
	FAILS_WITH(h, white_one_outside, "missing-capture", 9);
}
END_TEST

START_TEST(protection_none)
{
	const char *h = "[Options \"protection=none\"]";
	char m[256];
	snprintf(m, sizeof m, "%s<14", white_one_outside);
	LEGAL_WITH(h, m, NULL);
	FAILS_WITH(h, white_one_outside, "missing-capture", 9);
}
END_TEST

START_TEST(capture_targets)
{
	char m[256];
	snprintf(m, sizeof m, "%s<2", white_one_outside);
	FAILS_WITH("", m, "capture-own-piece", 9);
	snprintf(m, sizeof m, "%s<24", white_one_outside);
	FAILS_WITH("", m, "capture-empty-point", 9);
	FAILS_WITH("", "B>1 W>2<1", "capture-without-mill", 2);
}
END_TEST

/* --- movement -------------------------------------------------------- */

static char game_71[2048];

static const char *
after_71(const char *more, const char *headers)
{
	snprintf(game_71, sizeof game_71, "%s\n%s13B13>5<2 13W10>9\n%s\n",
	         headers, ut_game_71_placements, more);
	return game_71;
}

START_TEST(movement_along_links)
{
	UT_LEGAL(after_71("", ""), "*");
	UT_LEGAL(after_71("14B19>11", ""), NULL);
	UT_FAILS(after_71("14B19>12", ""), "occupied-destination", 27);
	UT_FAILS(after_71("14B19>20", ""), "occupied-destination", 27);
	UT_FAILS(after_71("14B17>9", ""), "occupied-destination", 27);
	UT_FAILS(after_71("14B3>10", ""), "not-adjacent", 27);
	UT_FAILS(after_71("14B3>3", ""), "occupied-destination", 27);
	UT_FAILS(after_71("14B11>10", ""), "source-empty", 27);
	/* Spec 5.2: the source (step 8) is checked before the destination (9). */
	UT_FAILS(after_71("14B11>12", ""), "source-empty", 27);
	UT_FAILS(after_71("14B4>3", ""), "source-not-own", 27);
}
END_TEST

START_TEST(shuttle_rule)
{
	/* Spec 7.4. */
	UT_FAILS(after_71("14B5>13", ""), "repeated-mill", 27);
	UT_FAILS(after_71("14B5>13<1", ""), "repeated-mill", 27);
	/* Another move first clears the memory. */
	UT_LEGAL(after_71("14B19>11 14W9>10 15B5>13<1", ""), NULL);
	/* Only a move that formed a mill is remembered: 19>11 formed none, so
	 * going straight back to remake 17-18-19 is allowed. */
	UT_LEGAL(after_71("14B19>11 14W9>10 15B11>19<1", ""), NULL);
	/* The opponent's moves do not clear it: only the mover's own turns. */
	UT_FAILS(after_71("14B5>13", "[Options \"protection=gar\"]"),
	         "repeated-mill", 27);
	UT_LEGAL(after_71("14B5>13<1", "[Options \"no_shuttle=off\"]"), NULL);
}
END_TEST

START_TEST(repetition_draws)
{
	const char *shuffle = "14B3>2 14W9>10 15B2>3 15W10>9 16B3>2";
	UT_LEGAL(after_71(shuffle, "[Options \"repetition=2\"]\n[Result \"D\"]"), "D");
	char more[256];
	snprintf(more, sizeof more, "%s 16W9>10", shuffle);
	UT_FAILS(after_71(more, "[Options \"repetition=2\"]"), "game-already-over", 32);
	/* The end is said in words, in the number's own form. */
	ut_outcome o;
	ut_check(after_71(more, "[Options \"repetition=2\"]"), &o);
	ck_assert_msg(strstr(o.text, "the same position occurred 2 times)") != NULL,
	              "%s", o.text);
	ut_check(after_71("14B3>2 14W9>10", "[Options \"repetition=1\"]"), &o);
	ck_assert_msg(strstr(o.text, "the same position occurred 1 time)") != NULL,
	              "%s", o.text);
	UT_LEGAL(after_71(more, "[Options \"repetition=3\"]"), "*");
	snprintf(more, sizeof more, "%s 16W9>10 17B2>3 17W10>9 18B3>2", shuffle);
	UT_LEGAL(after_71(more, "[Options \"repetition=3\"]"), "D");
	UT_LEGAL(after_71(more, ""), "*");
}
END_TEST

/*
 * Spec 3.8: a position includes both shuttle memories.  Black forms 3-11-19
 * twice with the same cows on the same points, first by 10>11 and then by
 * 12>11: the memories differ, so this is no repetition.  Two turns later the
 * position after 16B11>12 comes back with equal (clear) memories: a draw.
 */
START_TEST(repetition_counts_the_shuttle_memory)
{
	const char *h = "[Options \"repetition=2 capture=optional\"]";
	const char *twice = "14B18>10 14W12>13 15B10>11 15W9>10 16B11>12 "
	                    "16W10>9 17B12>11";
	UT_LEGAL(after_71(twice, h), "*");
	char more[256];
	snprintf(more, sizeof more, "%s 17W9>10 18B11>12", twice);
	UT_LEGAL(after_71(more, h), "D");
}
END_TEST

START_TEST(nmove_draws)
{
	UT_LEGAL(after_71("", "[Options \"nmove=1\"]"), "D");
	UT_LEGAL(after_71("", "[Options \"nmove=2\"]"), "*");
	UT_LEGAL(after_71("14B19>11", "[Options \"nmove=2\"]"), "D");
	UT_FAILS(after_71("14B19>11 14W9>10", "[Options \"nmove=2\"]"),
	         "game-already-over", 28);
	/* Placements reset the counter: no draw during placement. */
	LEGAL_WITH("[Options \"nmove=1\"]", "B>1 W>2 B>3 W>4", "*");
}
END_TEST

/* --- full board, ilobola, blocked ------------------------------------ */

static const char *const fill =
	"1B>1 1W>2\n2B>3 2W>5\n3B>4 3W>7\n4B>6 4W>9\n5B>8 5W>11\n6B>10 6W>13\n"
	"7B>12 7W>16\n8B>14 8W>18\n9B>15 9W>19\n10B>17 10W>20\n11B>21 11W>22\n"
	"12B>24 12W>23";

START_TEST(full_board)
{
	char m[1024];
	LEGAL_WITH("[Rules \"gar\"]\n[Result \"D\"]", fill, "D");
	snprintf(m, sizeof m, "%s\n13B<10", fill);
	FAILS_WITH("[Rules \"gar\"]", m, "game-already-over", 25);
	/* blocked: the first player cannot move, and loses... */
	LEGAL_WITH("[Options \"full_board=blocked\"]", fill, "W");
	/* ...or, when passing, nobody can move: a draw. */
	LEGAL_WITH("[Options \"full_board=blocked blocked=pass\"]", fill, "D");
	/* Spec 3.7: a cow shot during placement leaves a point empty, so the
	 * board is not full: no draw, no ilobola, and Black moves. */
	static const char *const one_shot =
		"1B>1 1W>4 2B>2 2W>5 3B>6 3W>7 4B>8 4W>9 5B>10 5W>11 6B>12 6W>13\n"
		"7B>14 7W>16 8B>15 8W>18 9B>17 9W>19 10B>21 10W>20 11B>24 11W>22\n"
		"12B>3<22 12W>23";
	LEGAL_WITH("[Rules \"gar\"]", one_shot, "*");
	LEGAL_WITH("[Rules \"blac\"]", one_shot, "*");
	snprintf(m, sizeof m, "%s\n13B14>22", one_shot);
	LEGAL_WITH("[Rules \"blac\"]", m, "*");
}
END_TEST

START_TEST(ilobola)
{
	char m[1024];
	const char *blac = "[Rules \"blac\"]";
	LEGAL_WITH(blac, fill, "*");
	snprintf(m, sizeof m, "%s\n13B<10 13W<19\n14W18>19\n15B17>18", fill);
	LEGAL_WITH(blac, m, "*");
	snprintf(m, sizeof m, "%s\n13B<10 13W<19\n14W18>19\n14B17>18", fill);
	FAILS_WITH(blac, m, "bad-move-number", 28);
	snprintf(m, sizeof m, "%s\n13B<10 13W<19\n14B17>18", fill);
	FAILS_WITH(blac, m, "wrong-player-to-move", 27);
	snprintf(m, sizeof m, "%s\n13W<19", fill);
	FAILS_WITH(blac, m, "wrong-player-to-move", 25);
	snprintf(m, sizeof m, "%s\n13B<19", fill);
	FAILS_WITH(blac, m, "bad-ilobola", 25);
	snprintf(m, sizeof m, "%s\n13B10>9", fill);
	FAILS_WITH(blac, m, "bad-ilobola", 25);
	snprintf(m, sizeof m, "%s\n13B<10 13W>10", fill);
	FAILS_WITH(blac, m, "bad-ilobola", 26);
	snprintf(m, sizeof m, "%s\n13B<10 13W<10", fill);
	FAILS_WITH(blac, m, "bad-ilobola", 26);
	/* A removal at any other time. */
	FAILS_WITH(blac, "1B>1 1W<1", "bad-ilobola", 2);
	FAILS_WITH(blac, "1B>1 1W>2 2B<1", "bad-ilobola", 3);
	/* After both removals a blocked first player loses under blocked=lose. */
	snprintf(m, sizeof m, "%s\n13B<10 13W<19", fill);
	LEGAL_WITH("[Options \"full_board=ilobola\"]", m, "W");
}
END_TEST

/* Spec 3.7 with first=W: the first player, White, removes first. */
START_TEST(ilobola_follows_first)
{
	static const char *const fill_w =
		"1W>1 1B>2\n2W>3 2B>5\n3W>4 3B>7\n4W>6 4B>9\n5W>8 5B>11\n"
		"6W>10 6B>13\n7W>12 7B>16\n8W>14 8B>18\n9W>15 9B>19\n"
		"10W>17 10B>20\n11W>21 11B>22\n12W>24 12B>23";
	const char *h = "[Rules \"blac\"]\n[Options \"first=W\"]";
	char m[1024];
	/* The mirror of spec 7.5: White is blocked and skipped. */
	snprintf(m, sizeof m, "%s\n13W<10 13B<19\n14B18>19\n15W17>18", fill_w);
	LEGAL_WITH(h, m, "*");
	snprintf(m, sizeof m, "%s\n13B<19", fill_w);
	FAILS_WITH(h, m, "wrong-player-to-move", 25);
	snprintf(m, sizeof m, "%s\n13W<10 13B<19 14W<12", fill_w);
	FAILS_WITH(h, m, "wrong-player-to-move", 27);
}
END_TEST

START_TEST(removal_is_a_turn)
{
	char m[1024];
	/* It resets the quiet counter and takes a move-number slot. */
	snprintf(m, sizeof m, "%s\n13B<10 13W<19\n14W18>19\n15B17>18", fill);
	LEGAL_WITH("[Rules \"blac\"]\n[Options \"nmove=2\"]", m, "D");
	LEGAL_WITH("[Rules \"blac\"]\n[Options \"nmove=3\"]", m, "*");
}
END_TEST

/* --- found by random play --------------------------------------------- */

static int
three_to_move(const um_game *g)
{
	return g->result == UM_ONGOING && g->owes_ilobola == UM_NOBODY &&
	       g->hand[0] == 0 && g->hand[1] == 0 &&
	       um_count(g->cows[g->to_move]) == 3 &&
	       um_count(g->cows[!g->to_move]) > 3;
}

static int
far_target(const um_game *g, int side, int *from, int *to)
{
	um_set empty = g->board->all & ~(g->cows[0] | g->cows[1]);
	for (int p = 1; p <= g->board->points; p++) {
		if (!(g->cows[side] & UM_BIT(p)))
			continue;
		for (int q = 1; q <= g->board->points; q++)
			if ((empty & UM_BIT(q)) && !(g->board->adj[p] & UM_BIT(q))) {
				/* Keep away from mills, so no capture is owed. */
				um_set after = (g->cows[side] & ~UM_BIT(p)) | UM_BIT(q);
				int mill = 0;
				for (int i = 0; i < g->board->nmills; i++)
					if ((g->board->mills[i].set & UM_BIT(q)) &&
					    (g->board->mills[i].set & after) ==
					    g->board->mills[i].set)
						mill = 1;
				if (!mill) {
					*from = p;
					*to = q;
					return 1;
				}
			}
	}
	return 0;
}

static void
flying_case(const char *options, const char *want_code)
{
	static ut_found f;
	ck_assert(ut_find("gar", 0, options, three_to_move, &f));
	int from, to;
	ck_assert(far_target(&f.game, f.game.to_move, &from, &to));
	char move[64], text[20000];
	snprintf(move, sizeof move, "%ld%c%d>%d", um_expected_number(&f.game),
	         f.game.to_move == UM_BLACK ? 'B' : 'W', from, to);
	ut_append(&f, move, text, sizeof text);
	if (want_code == NULL)
		UT_LEGAL(text, NULL);
	else
		UT_FAILS(text, want_code, f.moves + 1);
}

START_TEST(flying_with_three_cows)
{
	flying_case("flying=on", NULL);
	flying_case("flying=off", "flying-not-allowed");
}
END_TEST

/* The side with more than three cows never flies. */
static int
many_to_move(const um_game *g)
{
	return g->result == UM_ONGOING && g->owes_ilobola == UM_NOBODY &&
	       g->hand[0] == 0 && g->hand[1] == 0 &&
	       um_count(g->cows[g->to_move]) > 3 &&
	       um_count(g->cows[!g->to_move]) == 3;
}

START_TEST(only_the_three_cow_side_flies)
{
	static ut_found f;
	ck_assert(ut_find("gar", 0, NULL, many_to_move, &f));
	int from, to;
	ck_assert(far_target(&f.game, f.game.to_move, &from, &to));
	char move[64], text[20000];
	snprintf(move, sizeof move, "%c%d>%d",
	         f.game.to_move == UM_BLACK ? 'B' : 'W', from, to);
	ut_append(&f, move, text, sizeof text);
	UT_FAILS(text, "not-adjacent", f.moves + 1);
}
END_TEST

/* A capture that leaves the victim with three cows, to be made next. */
typedef struct shoot_search {
	um_turn turn;
	int found;
} shoot_search;

static void
reducing_turn(void *ctx, const um_turn *t)
{
	shoot_search *s = ctx;
	if (t->ncaps > 0 && !s->found) {
		s->turn = *t;
		s->found = 1;
	}
}

static int
victim_has_three(const um_game *g)
{
	if (g->result != UM_ONGOING || g->hand[!g->to_move] != 0 ||
	    um_count(g->cows[!g->to_move]) != 3)
		return 0;
	shoot_search s = { { 0, 0, 0, 0, { 0 }, 0 }, 0 };
	um_each_turn(g, reducing_turn, &s);
	return s.found;
}

START_TEST(reduced_to_two_cows_loses)
{
	static ut_found f;
	ck_assert(ut_find("gar", 0, "draw3=off", victim_has_three, &f));
	shoot_search s = { { 0, 0, 0, 0, { 0 }, 0 }, 0 };
	um_each_turn(&f.game, reducing_turn, &s);
	char move[64], text[20000];
	int side = f.game.to_move;
	um_format_turn(&s.turn, side, 0, 0, 0, move, sizeof move);
	ut_append(&f, move, text, sizeof text);
	UT_LEGAL(text, side == UM_BLACK ? "B" : "W");
	/* Nothing may follow. */
	char more[20100];
	snprintf(more, sizeof more, "%s%c>1\n", text, side == UM_BLACK ? 'W' : 'B');
	UT_FAILS(more, "game-already-over", f.moves + 2);
}
END_TEST

/* Three cows on the board, hands empty: a quiet turn starts the count. */
static int
three_on_board(const um_game *g)
{
	return g->result == UM_ONGOING && g->owes_ilobola == UM_NOBODY &&
	       g->hand[0] == 0 && g->hand[1] == 0 &&
	       (um_count(g->cows[0]) == 3 || um_count(g->cows[1]) == 3) &&
	       um_count(g->cows[0]) != um_count(g->cows[1]);
}

static void
quiet_turn(void *ctx, const um_turn *t)
{
	shoot_search *s = ctx;
	if (t->ncaps == 0 && !s->found) {
		s->turn = *t;
		s->found = 1;
	}
}

/* Whether any cow of SIDE has an empty point next to it. */
static int
can_step(const um_game *g, int side)
{
	um_set empty = g->board->all & ~(g->cows[0] | g->cows[1]);
	for (int p = 1; p <= g->board->points; p++)
		if ((g->cows[side] & UM_BIT(p)) && (g->board->adj[p] & empty))
			return 1;
	return 0;
}

/* A three-cow side to move whose cows all have every neighbour taken. */
static int
three_hemmed_in(const um_game *g)
{
	return g->result == UM_ONGOING && g->owes_ilobola == UM_NOBODY &&
	       g->hand[0] == 0 && g->hand[1] == 0 &&
	       um_count(g->cows[g->to_move]) == 3 && !can_step(g, g->to_move);
}

/*
 * Spec 3.8, test 5: a side that may fly is blocked only when no point is
 * empty.  Hemmed in but with three cows, it is not blocked: it flies.
 */
START_TEST(a_side_that_may_fly_is_not_blocked)
{
	static ut_found f;
	ck_assert(ut_find("gar", 0, "draw3=off", three_hemmed_in, &f));
	shoot_search s = { { 0, 0, 0, 0, { 0 }, 0 }, 0 };
	um_each_turn(&f.game, quiet_turn, &s);
	ck_assert(s.found);
	ck_assert(!(f.board.adj[s.turn.from] & UM_BIT(s.turn.to)));
	char move[64], text[20000];
	um_format_turn(&s.turn, f.game.to_move, 0, 0, 0, move, sizeof move);
	ut_append(&f, move, text, sizeof text);
	UT_LEGAL(text, NULL);
}
END_TEST

/* Whether COWS hold a whole mill through P. */
static int
mill_through(const um_board *b, um_set cows, int p)
{
	for (int i = 0; i < b->nmills; i++)
		if ((b->mills[i].set & UM_BIT(p)) &&
		    (b->mills[i].set & cows) == b->mills[i].set)
			return 1;
	return 0;
}

/* Cows of COWS that stand in one of their own mills. */
static um_set
in_mills(const um_board *b, um_set cows)
{
	um_set in = 0;
	for (int i = 0; i < b->nmills; i++)
		if ((b->mills[i].set & cows) == b->mills[i].set)
			in |= b->mills[i].set;
	return in;
}

typedef struct lapse_search {
	const um_game *g;
	um_turn turn;
	int found;
} lapse_search;

/* A turn that forms a mill while every opposing cow stands in a mill and
 * the mover keeps a cow outside its mills. */
static void
lapsing_turn(void *ctx, const um_turn *t)
{
	lapse_search *s = ctx;
	const um_game *g = s->g;
	int side = g->to_move;
	if (s->found || t->kind == UM_REMOVE || t->ncaps != 0)
		return;
	um_set mine = (g->cows[side] & ~UM_BIT(t->from)) | UM_BIT(t->to);
	um_set theirs = g->cows[!side];
	if (!mill_through(g->board, mine, t->to) || theirs == 0 ||
	    (theirs & ~in_mills(g->board, theirs)) != 0 ||
	    (mine & ~in_mills(g->board, mine)) == 0)
		return;
	s->turn = *t;
	s->found = 1;
}

static int
shot_lapses(const um_game *g)
{
	if (g->result != UM_ONGOING || g->owes_ilobola != UM_NOBODY)
		return 0;
	lapse_search s = { g, { 0, 0, 0, 0, { 0 }, 0 }, 0 };
	um_each_turn(g, lapsing_turn, &s);
	return s.found;
}

/*
 * Spec 3.5, protection=forfeit: when every opposing cow is in a mill the
 * right to shoot lapses and nothing is owed, however many cows of the
 * mover's own stand outside mills.
 */
START_TEST(forfeit_owes_nothing_when_no_cow_is_takeable)
{
	static ut_found f;
	ck_assert(ut_find("gar", 0, "protection=forfeit", shot_lapses, &f));
	lapse_search s = { &f.game, { 0, 0, 0, 0, { 0 }, 0 }, 0 };
	um_each_turn(&f.game, lapsing_turn, &s);
	ck_assert(s.found);
	char move[64], text[20000];
	um_format_turn(&s.turn, f.game.to_move, 0, 0, 0, move, sizeof move);
	ut_append(&f, move, text, sizeof text);
	UT_LEGAL(text, NULL);
}
END_TEST

/*
 * A three-cow side to move that can fly one cow round a triangle a>b>x>a
 * without a mill, while the other side steps c>d and back: after these
 * five turns the cows stand as before, but the other side is to move.
 */
typedef struct triangle {
	int a, b, x, c, d;
} triangle;

static int
find_triangle(const um_game *g, triangle *t)
{
	const um_board *bd = g->board;
	int side = g->to_move;
	um_set mine = g->cows[side], theirs = g->cows[!side];
	um_set empty = bd->all & ~(mine | theirs);
	for (t->a = 1; t->a <= bd->points; t->a++) {
		if (!(mine & UM_BIT(t->a)) || mill_through(bd, mine, t->a))
			continue;
		um_set rest = mine & ~UM_BIT(t->a);
		for (t->b = 1; t->b <= bd->points; t->b++) {
			if (!(empty & UM_BIT(t->b)) ||
			    mill_through(bd, rest | UM_BIT(t->b), t->b))
				continue;
			for (t->x = 1; t->x <= bd->points; t->x++) {
				if (t->x == t->b || !(empty & UM_BIT(t->x)) ||
				    mill_through(bd, rest | UM_BIT(t->x), t->x))
					continue;
				for (t->c = 1; t->c <= bd->points; t->c++) {
					if (!(theirs & UM_BIT(t->c)) ||
					    mill_through(bd, theirs, t->c))
						continue;
					um_set to = bd->adj[t->c] & empty &
					            ~(UM_BIT(t->b) | UM_BIT(t->x));
					for (t->d = 1; t->d <= bd->points; t->d++) {
						um_set after = (theirs & ~UM_BIT(t->c)) | UM_BIT(t->d);
						if ((to & UM_BIT(t->d)) &&
						    !mill_through(bd, after, t->d))
							return 1;
					}
				}
			}
		}
	}
	return 0;
}

static int
triangle_ahead(const um_game *g)
{
	triangle t;
	return g->result == UM_ONGOING && g->owes_ilobola == UM_NOBODY &&
	       g->hand[0] == 0 && g->hand[1] == 0 &&
	       um_count(g->cows[g->to_move]) == 3 &&
	       um_count(g->cows[!g->to_move]) > 3 &&
	       g->shuttle[0].from == 0 && g->shuttle[1].from == 0 &&
	       find_triangle(g, &t);
}

/* Spec 3.8: the side due to move is part of the position. */
START_TEST(repetition_counts_the_side_to_move)
{
	static ut_found f;
	ck_assert(ut_find("gar", 0, "draw3=off repetition=2", triangle_ahead, &f));
	triangle t;
	ck_assert(find_triangle(&f.game, &t));
	char me = f.game.to_move == UM_BLACK ? 'B' : 'W';
	char you = me == 'B' ? 'W' : 'B';
	char moves[128], text[20000];
	snprintf(moves, sizeof moves, "%c%d>%d %c%d>%d %c%d>%d %c%d>%d %c%d>%d",
	         me, t.a, t.b, you, t.c, t.d, me, t.b, t.x, you, t.d, t.c,
	         me, t.x, t.a);
	ut_append(&f, moves, text, sizeof text);
	UT_LEGAL(text, "*");
}
END_TEST

/* A turn that shoots, leaving a side with three cows, then a quiet turn. */
typedef struct reset_search {
	const um_game *g;
	um_turn shot, quiet;
	int found;
} reset_search;

static void
quiet_after(void *ctx, const um_turn *t)
{
	reset_search *s = ctx;
	if (s->found || t->ncaps != 0)
		return;
	s->quiet = *t;
	s->found = 1;
}

static void
shot_then_quiet(void *ctx, const um_turn *t)
{
	reset_search *s = ctx;
	if (s->found || t->ncaps == 0)
		return;
	um_game copy = *s->g;
	memset(&copy.history, 0, sizeof copy.history);
	um_verdict v;
	if (um_play_turn(&copy, t, 1, &v) == 0 && copy.result == UM_ONGOING &&
	    copy.to_move != s->g->to_move &&
	    (um_count(copy.cows[0]) == 3 || um_count(copy.cows[1]) == 3)) {
		s->shot = *t;
		um_each_turn(&copy, quiet_after, s);
	}
	um_game_free(&copy);
}

/* Two counted turns made (draw3_plies=3), and the side to move can shoot. */
static int
counting_then_shot(const um_game *g)
{
	if (g->result != UM_ONGOING || g->hand[0] != 0 || g->hand[1] != 0 ||
	    g->three != 2)
		return 0;
	reset_search s = { g, { 0, 0, 0, 0, { 0 }, 0 }, { 0, 0, 0, 0, { 0 }, 0 }, 0 };
	um_each_turn(g, shot_then_quiet, &s);
	return s.found;
}

/*
 * Spec 3.8: a turn that captures sets the three-cow counter to 0, so two
 * counted turns, a capture and one more counted turn do not reach 3.
 */
START_TEST(a_capture_restarts_the_three_cow_count)
{
	static ut_found f;
	ck_assert(ut_find("gar", 0, "draw3_plies=3", counting_then_shot, &f));
	reset_search s = { &f.game, { 0, 0, 0, 0, { 0 }, 0 },
	                   { 0, 0, 0, 0, { 0 }, 0 }, 0 };
	um_each_turn(&f.game, shot_then_quiet, &s);
	ck_assert(s.found);
	char a[64], b[64], moves[140], text[20000];
	um_format_turn(&s.shot, f.game.to_move, 0, 0, 0, a, sizeof a);
	um_format_turn(&s.quiet, !f.game.to_move, 0, 0, 0, b, sizeof b);
	snprintf(moves, sizeof moves, "%s %s", a, b);
	ut_append(&f, moves, text, sizeof text);
	UT_LEGAL(text, "*");
}
END_TEST

/* Both sides with exactly three cows. */
static int
three_each(const um_game *g)
{
	return g->result == UM_ONGOING && g->owes_ilobola == UM_NOBODY &&
	       g->hand[0] == 0 && g->hand[1] == 0 &&
	       um_count(g->cows[0]) == 3 && um_count(g->cows[1]) == 3;
}

static void
draw3_case_where(const char *options, ut_pred where, const char *result)
{
	static ut_found f;
	ck_assert(ut_find("gar", 0, options, where, &f));
	shoot_search s = { { 0, 0, 0, 0, { 0 }, 0 }, 0 };
	um_each_turn(&f.game, quiet_turn, &s);
	ck_assert(s.found);
	char move[64], text[20000];
	um_format_turn(&s.turn, f.game.to_move, 0, 0, 0, move, sizeof move);
	ut_append(&f, move, text, sizeof text);
	UT_LEGAL(text, result);
}

static void
draw3_case(const char *options, const char *result)
{
	draw3_case_where(options, three_on_board, result);
}

START_TEST(three_cow_draw)
{
	draw3_case("draw3_plies=1", "D");
	draw3_case("draw3=off draw3_plies=1", "*");
	/* both: only when both sides have three (here one side has more). */
	draw3_case("draw3=both draw3_plies=1", "*");
	draw3_case_where("draw3=both draw3_plies=1 flying=off", three_each, "D");
	/* The count needs draw3_plies turns in a row. */
	draw3_case_where("draw3=both draw3_plies=2 flying=off", three_each, "*");
}
END_TEST

Suite *
umlabalaba_rules_suite(void)
{
	Suite *s = suite_create("umlabalaba-rules");
	TCase *mills = tcase_create("mills");
	tcase_add_loop_test(mills, every_mill_of_the_table_is_a_mill, 0, 20);
	tcase_add_test(mills, one_turn_can_form_two_mills);
	tcase_add_test(mills, double_mill_per_mill);
	tcase_add_test(mills, diagonal_mills_follow_the_options);
	tcase_add_test(mills, centre_mills_on_25_points);
	tcase_add_test(mills, capture_may_be_optional);
	tcase_add_test(mills, protection_gar);
	tcase_add_test(mills, protection_forfeit);
	tcase_add_test(mills, protection_none);
	tcase_add_test(mills, capture_targets);
	suite_add_tcase(s, mills);
	TCase *moves = tcase_create("movement");
	tcase_add_test(moves, movement_along_links);
	tcase_add_test(moves, shuttle_rule);
	tcase_add_test(moves, repetition_draws);
	tcase_add_test(moves, repetition_counts_the_shuttle_memory);
	tcase_add_test(moves, nmove_draws);
	tcase_add_test(moves, full_board);
	tcase_add_test(moves, ilobola);
	tcase_add_test(moves, ilobola_follows_first);
	tcase_add_test(moves, removal_is_a_turn);
	suite_add_tcase(s, moves);
	TCase *found = tcase_create("found");
	tcase_set_timeout(found, 30);
	tcase_add_test(found, flying_with_three_cows);
	tcase_add_test(found, only_the_three_cow_side_flies);
	tcase_add_test(found, reduced_to_two_cows_loses);
	tcase_add_test(found, three_cow_draw);
	tcase_add_test(found, a_side_that_may_fly_is_not_blocked);
	tcase_add_test(found, forfeit_owes_nothing_when_no_cow_is_takeable);
	tcase_add_test(found, repetition_counts_the_side_to_move);
	tcase_add_test(found, a_capture_restarts_the_three_cow_count);
	suite_add_tcase(s, found);
	return s;
}
