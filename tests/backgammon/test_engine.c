/*
 * The backgammon rules engine: positions (1.2, 2.4), single steps (2.2) and
 * judging written plays (5.3, 5.4) on the spec's worked examples (8.1) and
 * on positions set up for each rule and each diagnostic code.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "core/report.h"
#include "test_engine_util.h"

enum { INES = 0, TARIQ = 1 };

typedef struct turn {
	int side;
	const char *dice;
	const char *play;
} turn;

static bg_pos
replay(const turn *turns, size_t n)
{
	bg_pos pos;
	bg_pos_start(&pos);
	for (size_t i = 0; i < n; i++)
		tb_play(&pos, turns[i].side, turns[i].dice, turns[i].play);
	return pos;
}

/* bg-sheet-01.bg, game 1, up to row 6 (Ines left, Tariq right). */
static const turn sheet01[] = {
	{ TARIQ, "5-3", "8/3 6/3" },
	{ INES, "6-4", "24/14" }, { TARIQ, "6-2", "24/18 13/11*" },
	{ INES, "6-1", "bar/24 13/7*" }, { TARIQ, "6-6", "no play" },
	{ INES, "5-3", "8/3 6/3" }, { TARIQ, "4-2", "bar/21 13/11" },
};

static bg_pos
row6(void)
{
	return replay(sheet01, sizeof sheet01 / sizeof sheet01[0]);
}

/* Row 6 after Ines's 6-5: 13/7 6/1*, with Tariq to play. */
static bg_pos
row6_right(void)
{
	bg_pos pos = row6();
	tb_play(&pos, INES, "6-5", "13/7 6/1*");
	return pos;
}

/* ------------------------------------------------------------ positions */

START_TEST(start_position)
{
	bg_pos a, b;
	bg_pos_start(&a);
	b = tb_pos("24:2 13:5 8:3 6:5", "24:2 13:5 8:3 6:5");
	ck_assert(bg_pos_equal(&a, &b));
	ck_assert(bg_pos_valid(&a));
	ck_assert_int_eq(bg_pip_count(&a, 0), 167);
	ck_assert_int_eq(bg_pip_count(&a, 1), 167);
	b.n[1][6]--;
	b.n[1][5]++;
	ck_assert(!bg_pos_equal(&a, &b));
}
END_TEST

START_TEST(validity)
{
	bg_pos p = tb_pos("6:15", "6:15");
	ck_assert(bg_pos_valid(&p));
	p.n[0][6] = 14;                 /* 14 checkers */
	ck_assert(!bg_pos_valid(&p));
	p = tb_pos("6:15", "20");
	ck_assert(bg_pos_valid(&p));
	p.n[0][5] = 1;
	p.n[0][6] = 14;
	ck_assert(!bg_pos_valid(&p));   /* 5 for side 0 is 20 for side 1 */
}
END_TEST

START_TEST(pip_count_counts_the_bar_as_25)
{
	bg_pos p = tb_pos("bar:2 1", "23");
	ck_assert_int_eq(bg_pip_count(&p, 0), 51);
	ck_assert_int_eq(bg_pip_count(&p, 1), 23);
}
END_TEST

START_TEST(game_value)
{
	/* 2.4: single, gammon, backgammon (bar or winner's home board). */
	bg_pos p = tb_pos("", "6:14");            /* side 1 has one off */
	ck_assert_int_eq(bg_win_multiplier(&p, 0), 1);
	p = tb_pos("", "18:15");
	ck_assert_int_eq(bg_win_multiplier(&p, 0), 2);
	p = tb_pos("", "19 6:14");
	ck_assert_int_eq(bg_win_multiplier(&p, 0), 3);
	p = tb_pos("", "bar 6:14");
	ck_assert_int_eq(bg_win_multiplier(&p, 0), 3);
	p = tb_pos("", "24 18:14");
	ck_assert_int_eq(bg_win_multiplier(&p, 0), 3);
}
END_TEST

/* ------------------------------------------------------- 2.2 one step */

START_TEST(step_empty_point)
{
	bg_pos p;
	bg_pos_start(&p);
	ck_assert_int_eq(bg_step_check(&p, 0, 12, 3), BG_STEP_EMPTY_POINT);
	ck_assert_int_eq(bg_step_check(&p, 0, BG_BAR, 3), BG_STEP_EMPTY_POINT);
	ck_assert_int_eq(bg_step_check(&p, 0, 13, 3), BG_STEP_OK);
}
END_TEST

START_TEST(step_bar_first)
{
	bg_pos p = tb_pos("bar 13:14", "24:2 13:5 8:3 6:5");
	ck_assert_int_eq(bg_step_check(&p, 0, 13, 3), BG_STEP_BAR_FIRST);
	ck_assert_int_eq(bg_step_check(&p, 0, BG_BAR, 3), BG_STEP_OK);
	/* Check 2 comes before check 3: 13/7 lands on a held point too. */
	ck_assert_int_eq(bg_step_check(&p, 0, 13, 6), BG_STEP_BAR_FIRST);
	/* Entering with a 6 lands on the opponent's 6 point. */
	ck_assert_int_eq(bg_step_check(&p, 0, BG_BAR, 6), BG_STEP_BLOCKED);
}
END_TEST

START_TEST(step_blocked_and_hit)
{
	/* Side 1 holds side 0's 7 (his 18) and has a blot on side 0's 5 (his 20). */
	bg_pos p = tb_pos("13:15", "18:2 20 1:12");
	ck_assert_int_eq(bg_step_check(&p, 0, 13, 6), BG_STEP_BLOCKED);
	ck_assert_int_eq(bg_step_check(&p, 0, 13, 8), BG_STEP_OK);
	bg_pos q = tb_pos("13:14 5", "18:2 bar 1:12");
	ck_assert_int_eq(bg_step_apply(&p, 0, 13, 8), 1);
	ck_assert(bg_pos_equal(&p, &q));
	/* A second checker on the same point hits nothing. */
	ck_assert_int_eq(bg_step_apply(&p, 0, 13, 8), 0);
	ck_assert_int_eq(p.n[1][BG_BAR], 1);
}
END_TEST

START_TEST(step_bearoff_not_home)
{
	bg_pos p = tb_pos("7 6:14", "14:15");
	ck_assert_int_eq(bg_step_check(&p, 0, 6, 6), BG_STEP_NOT_HOME);
	ck_assert_int_eq(bg_step_check(&p, 0, 6, 1), BG_STEP_OK);
	ck_assert_int_eq(bg_step_check(&p, 0, 7, 6), BG_STEP_OK);    /* to 1 */
	/* Once that checker is home, bearing off is allowed. */
	bg_step_apply(&p, 0, 7, 6);
	ck_assert_int_eq(bg_step_check(&p, 0, 6, 6), BG_STEP_OK);
	p = tb_pos("bar 6:14", "14:15");
	ck_assert_int_eq(bg_step_check(&p, 0, 6, 6), BG_STEP_BAR_FIRST);
	p = tb_pos("6:14", "14:15");
	ck_assert_int_eq(bg_step_check(&p, 0, 6, 6), BG_STEP_OK);
	ck_assert_int_eq(bg_step_apply(&p, 0, 6, 6), 0);
	ck_assert_int_eq(p.n[0][BG_OFF], 2);
}
END_TEST

START_TEST(step_bearoff_overage)
{
	bg_pos p = tb_pos("5:2 3:3 2:2", "14:15");
	ck_assert_int_eq(bg_step_check(&p, 0, 3, 6), BG_STEP_OVERAGE);
	ck_assert_int_eq(bg_step_check(&p, 0, 3, 3), BG_STEP_OK);     /* exact */
	ck_assert_int_eq(bg_step_check(&p, 0, 5, 6), BG_STEP_OK);     /* highest */
	ck_assert_int_eq(bg_step_check(&p, 0, 5, 4), BG_STEP_OK);     /* to 1 */
	/* Not home comes before overage. */
	p = tb_pos("8 3:3", "14:15");
	ck_assert_int_eq(bg_step_check(&p, 0, 3, 6), BG_STEP_NOT_HOME);
	ck_assert_str_eq(tb_code_name(bg_step_fault_code(BG_STEP_OVERAGE)),
	                 "bg-bearoff-overage");
	ck_assert_int_eq(bg_step_fault_code(BG_STEP_OK), BG_CODE_NONE);
}
END_TEST

/* -------------------------------------------- 8.1: plays from one position */

START_TEST(row6_position)
{
	/* The position the spec describes before row 6. */
	bg_pos p = row6();
	bg_pos want = tb_pos("24:2 13:4 8:2 7 6:4 3:2",
	                     "24 21 13:3 11:2 8:2 6:4 3:2");
	ck_assert(bg_pos_equal(&p, &want));
}
END_TEST

START_TEST(row6_left_cells)
{
	bg_pos p = row6();
	ck_assert_str_eq(tb_code(&p, INES, "6-5", "13/7 6/1*"), "");
	ck_assert_str_eq(tb_code(&p, INES, "6-5", "13/2"), "");
	ck_assert_str_eq(tb_code(&p, INES, "65", "13/7 6/1*"), "");
	ck_assert_str_eq(tb_code(&p, INES, "6-5", "6/1* 13/7"), "");
	ck_assert_str_eq(tb_code(&p, INES, "6-5", "13/7 6/1"), "bg-hit-marker-missing");
	ck_assert_str_eq(tb_code(&p, INES, "6-5", "13/7* 6/1"), "bg-hit-marker-spurious");
	ck_assert_str_eq(tb_code(&p, INES, "6-5", "13/7* 6/1*"), "bg-hit-marker-spurious");
	ck_assert_str_eq(tb_code(&p, INES, "6-5", "13/7"), "bg-not-max-dice");
	ck_assert_str_eq(tb_code(&p, INES, "6-5", "13/7 6/2"), "bg-dice-mismatch");
	ck_assert_str_eq(tb_code(&p, INES, "5-5", "13/7 6/1*"), "bg-dice-mismatch");
	ck_assert_str_eq(tb_code(&p, INES, "6-5", "12/6 6/1*"), "bg-empty-point");
	ck_assert_str_eq(tb_code(&p, INES, "6-5", "24/19 13/7"), "bg-blocked-point");
	ck_assert_str_eq(tb_code(&p, INES, "6-5", "6/off 13/8"), "bg-bearoff-not-home");
	ck_assert_str_eq(tb_code(&p, INES, "6-5", "no play"), "bg-no-play-but-legal");
}
END_TEST

START_TEST(row6_results)
{
	bg_pos p = row6(), after;
	bg_judgement j;
	/* 13/7 6/1* and 6/1* 13/7 and 65: reach the same position, hitting on 1. */
	ck_assert_int_eq(tb_judge(&p, INES, "6-5", "13/7 6/1*", &j), BG_ACCEPTED);
	after = j.after;
	ck_assert_int_eq(after.n[TARIQ][BG_BAR], 1);
	ck_assert_int_eq(after.n[INES][1], 1);
	ck_assert_int_eq(after.n[INES][7], 2);
	ck_assert_int_eq(tb_judge(&p, INES, "6-5", "6/1* 13/7", &j), BG_ACCEPTED);
	ck_assert(bg_pos_equal(&j.after, &after));
	/* The missing marker: a warning, and the replay goes on from the hit. */
	ck_assert_int_eq(tb_judge(&p, INES, "6-5", "13/7 6/1", &j), BG_ACCEPTED_WARNING);
	ck_assert(bg_pos_equal(&j.after, &after));
	ck_assert_uint_eq(j.missing, 1u << 1);
	/* Under --strict it is an error. */
	ck_assert_int_eq(tb_judge_ex(&p, INES, "6-5", "13/7 6/1", 1, 0, &j), BG_REJECTED);
	ck_assert_str_eq(tb_code_name(j.code), "bg-hit-marker-missing");
	/* 13/2 goes through 7 or 8 and hits nothing. */
	ck_assert_int_eq(tb_judge(&p, INES, "6-5", "13/2", &j), BG_ACCEPTED);
	ck_assert_int_eq(j.after.n[INES][2], 1);
	ck_assert_int_eq(j.after.n[TARIQ][BG_BAR], 0);
}
END_TEST

START_TEST(row6_right_cells)
{
	bg_pos p = row6_right();
	ck_assert_str_eq(tb_code(&p, TARIQ, "3-1", "bar/24*/21"), "");
	ck_assert_str_eq(tb_code(&p, TARIQ, "3-1", "25/24* 24/21"), "");
	ck_assert_str_eq(tb_code(&p, TARIQ, "3-1", "24/21 bar/24*"), "");
	ck_assert_str_eq(tb_code(&p, TARIQ, "3-1", "bar/21"), "bg-hit-marker-missing");
	ck_assert_str_eq(tb_code(&p, TARIQ, "3-1", "13/10 11/10"), "bg-bar-first");
	ck_assert_str_eq(tb_code(&p, TARIQ, "3-1", "bar/22 6/5"), "bg-blocked-point");
	/* bar/21 hits on the way: the position is that of bar/24*\/21. */
	bg_judgement a, b;
	tb_judge(&p, TARIQ, "3-1", "bar/21", &a);
	tb_judge(&p, TARIQ, "3-1", "bar/24*/21", &b);
	ck_assert(bg_pos_equal(&a.after, &b.after));
	ck_assert_int_eq(a.after.n[INES][BG_BAR], 1);
}
END_TEST

START_TEST(row3_dance)
{
	/* Row 3: Tariq is on the bar and Ines's 6 point closes his only entry. */
	bg_pos p = replay(sheet01, 4);
	ck_assert_str_eq(tb_code(&p, TARIQ, "6-6", "no play"), "");
	ck_assert_str_eq(tb_code(&p, TARIQ, "6-6", ""), "");
	ck_assert_str_eq(tb_code(&p, TARIQ, "6-6", "bar/19"), "bg-play-when-none-legal");
	ck_assert_int_eq(bg_max_dice(&p, TARIQ, 6, 6), 0);
}
END_TEST

/* bg-sheet-03.bg up to row 17 (Lena left, Marco right). */
static const turn sheet03[] = {
	{ 0, "4-1", "13/8" }, { 1, "3-2", "13/8" },
	{ 0, "6-4", "8/2 6/2" }, { 1, "3-1", "8/5 6/5" },
	{ 0, "3-1", "8/5 6/5" }, { 1, "5-4", "13/9 13/8" },
	{ 0, "5-1", "13/8 6/5" }, { 1, "5-1", "13/8 9/8" },
	{ 0, "6-6", "24/12*(2)" }, { 1, "5-2", "no play" },
	{ 0, "5-3", "13/5" }, { 1, "5-2", "no play" },
	{ 0, "5-3", "13/10 13/8" }, { 1, "5-4", "bar/16" },
	{ 0, "6-1", "10/4 5/4" }, { 1, "6-1", "16/9" },
	{ 0, "5-5", "12/7(2) 8/3(2)" }, { 1, "4-3", "9/5 8/5" },
	{ 0, "3-2", "8/6 8/5" }, { 1, "6-2", "8/6 8/2" },
	{ 0, "5-4", "7/3 7/2" }, { 1, "1-1", "6/2" },
	{ 0, "5-4", "5/off 4/off" }, { 1, "5-1", "8/2" },
	{ 0, "6-2", "6/off 2/off" }, { 1, "6-1", "8/7 8/2" },
	{ 0, "5-2", "5/off 2/off" }, { 1, "5-1", "7/2 6/5" },
	{ 0, "4-2", "4/off 2/off" }, { 1, "5-4", "6/1 5/1" },
	{ 0, "4-4", "6/2(2)" }, { 1, "5-5", "24/14(2)" },
};

START_TEST(bearing_off_row17)
{
	bg_pos p = replay(sheet03, sizeof sheet03 / sizeof sheet03[0]);
	ck_assert_int_eq(p.n[0][5], 2);
	ck_assert_int_eq(p.n[0][3], 3);
	ck_assert_int_eq(p.n[0][2], 2);
	ck_assert_int_eq(p.n[0][BG_OFF], 8);
	ck_assert_str_eq(tb_code(&p, 0, "6-4", "5/1 5/off"), "");
	ck_assert_str_eq(tb_code(&p, 0, "6-4", "5/off 5/1"), "");
	ck_assert_str_eq(tb_code(&p, 0, "6-4", "3/off 5/1"), "bg-bearoff-overage");
	ck_assert_str_eq(tb_code(&p, 0, "6-4", "5/off 3/off"), "bg-bearoff-overage");
	ck_assert_str_eq(tb_code(&p, 0, "6-4", "5/1/off"), "bg-bearoff-overage");
	ck_assert_str_eq(tb_code(&p, 0, "6-4", "5/off(2)"), "bg-dice-mismatch");
}
END_TEST

START_TEST(rest_of_sheet03)
{
	/* The rest of the game is legal, down to the last checker. */
	bg_pos p = replay(sheet03, sizeof sheet03 / sizeof sheet03[0]);
	tb_play(&p, 0, "6-4", "5/1 5/off");
	tb_play(&p, 1, "4-1", "6/5 6/2");
	tb_play(&p, 0, "4-3", "3/off(2)");
	tb_play(&p, 1, "2-1", "5/2");
	tb_play(&p, 0, "4-4", "3/off 2/off(2) 1/off");
	ck_assert_int_eq(p.n[0][BG_OFF], 15);
	ck_assert_int_eq(bg_win_multiplier(&p, 0), 2);
}
END_TEST

/* bg-illegal-22.mat up to row 16 (Ann left, Ben right; Ben opens). */
static const turn illegal22[] = {
	{ 1, "31", "13/10 6/5" },
	{ 0, "55", "13/8 13/8 13/8 8/3" }, { 1, "32", "13/11 13/10" },
	{ 0, "31", "24/23 8/5" }, { 1, "65", "10/4 6/1*" },
	{ 0, "62", "25/23 8/2" }, { 1, "53", "13/8 8/5" },
	{ 0, "64", "8/2 6/2" }, { 1, "33", "24/21 10/7 8/5 7/4" },
	{ 0, "61", "23/22 13/7" }, { 1, "65", "21/15 13/8" },
	{ 0, "64", "8/2 7/3" }, { 1, "63", "24/18 6/3*" },
	{ 0, "21", "25/24* 6/4" }, { 1, "61", "25/24 15/9" },
	{ 0, "43", "8/4 5/2" }, { 1, "54", "11/6 5/1*" },
	{ 0, "62", "25/23 13/7*" }, { 1, "63", "" },
	{ 0, "62", "7/1* 3/1" }, { 1, "66", "" },
	{ 0, "44", "6/2 6/2 6/2" }, { 1, "11", "" },
	{ 0, "41", "23/22* 22/18" }, { 1, "51", "25/20" },
	{ 0, "64", "18/14 14/8" }, { 1, "62", "25/19" },
	{ 0, "22", "8/6* 4/2 4/2 3/1" }, { 1, "11", "" },
};

START_TEST(larger_die)
{
	bg_pos p = replay(illegal22, sizeof illegal22 / sizeof illegal22[0]);
	ck_assert_int_eq(bg_max_dice(&p, 0, 4, 2), 1);
	ck_assert_str_eq(tb_code(&p, 0, "42", "6/4"), "bg-larger-die");
	ck_assert_str_eq(tb_code(&p, 0, "42", "6/2"), "");
	ck_assert_str_eq(tb_code(&p, 0, "24", "6/2"), "");
	/* Not both: 6 holds one checker, and 2/off needs 23 home first. */
	ck_assert_str_eq(tb_code(&p, 0, "42", "6/2 6/4"), "bg-empty-point");
	ck_assert_str_eq(tb_code(&p, 0, "42", "6/2/off"), "bg-bearoff-not-home");
}
END_TEST

/* --------------------------------------------- 5.4: each code, set up */

START_TEST(no_play_rules)
{
	bg_pos p;
	bg_judgement j;
	bg_pos_start(&p);
	/* Nothing written although 6-5 can be played. */
	ck_assert_int_eq(tb_judge(&p, 0, "6-5", "", &j), BG_REJECTED);
	ck_assert_str_eq(tb_code_name(j.code), "bg-no-play-but-legal");
	/* ... unless the opponent's result follows: rolled, then resigned. */
	ck_assert_int_eq(tb_judge_ex(&p, 0, "6-5", "", 0, 1, &j), BG_ACCEPTED);
	ck_assert_int_eq(j.unplayed_legal, 1);
	ck_assert(bg_pos_equal(&j.after, &p));
	ck_assert_int_eq(j.nsteps, 0);
	/* A dance is accepted whatever follows. */
	p = tb_pos("bar 13:14", "6:2 5:2 4:2 3:2 2:2 1:2 13:3");
	ck_assert_int_eq(tb_judge(&p, 0, "6-5", "no play", &j), BG_ACCEPTED);
	ck_assert_int_eq(j.unplayed_legal, 0);
	ck_assert_int_eq(j.max_dice, 0);
	ck_assert_str_eq(tb_code(&p, 0, "6-5", "bar/20"), "bg-play-when-none-legal");
	/* Play-when-none-legal comes before the dice check. */
	ck_assert_str_eq(tb_code(&p, 0, "6-5", "bar/10"), "bg-play-when-none-legal");
}
END_TEST

START_TEST(dice_mismatch_cases)
{
	bg_pos p;
	bg_judgement j;
	bg_pos_start(&p);
	/* 13/7 with 3-1: no sequence for the hop. */
	ck_assert_int_eq(tb_judge(&p, 0, "3-1", "13/7", &j), BG_REJECTED);
	ck_assert_str_eq(tb_code_name(j.code), "bg-dice-mismatch");
	ck_assert_int_eq(j.mismatch, BG_MISMATCH_HOP);
	ck_assert_int_eq(j.bad_hop, 0);
	/* 8/4 6/5 with 3-1: each hop has one, but not both at once. */
	ck_assert_int_eq(tb_judge(&p, 0, "3-1", "8/4 6/5", &j), BG_REJECTED);
	ck_assert_int_eq(j.mismatch, BG_MISMATCH_JOINT);
	/* 8/4(2) 6/2(2) with 2-2: eight dice needed. */
	ck_assert_int_eq(tb_judge(&p, 0, "2-2", "8/4(2) 6/2(2)", &j), BG_REJECTED);
	ck_assert_str_eq(tb_code_name(j.code), "bg-dice-mismatch");
	ck_assert_int_eq(j.mismatch, BG_MISMATCH_JOINT);
	/* More hops than dice. */
	ck_assert_int_eq(tb_judge(&p, 0, "3-1", "8/7 6/5 6/3", &j), BG_REJECTED);
	ck_assert_int_eq(j.mismatch, BG_MISMATCH_TOO_MANY_HOPS);
	ck_assert_int_eq(tb_judge(&p, 0, "1-1", "8/7 8/7 6/5 6/5 6/5", &j), BG_REJECTED);
	ck_assert_int_eq(j.mismatch, BG_MISMATCH_TOO_MANY_HOPS);
	/* A double moves one checker up to four times its number. */
	ck_assert_str_eq(tb_code(&p, 0, "2-2", "13/5"), "");
	ck_assert_str_eq(tb_code(&p, 0, "2-2", "13/3"), "bg-dice-mismatch");
	/* The dice are taken in either order. */
	ck_assert_str_eq(tb_code(&p, 0, "1-3", "8/5 6/5"), "");
	/* Off needs the last die to leave the board, and only the last. */
	bg_pos q = tb_pos("5 3 2:2", "14:15");
	ck_assert_str_eq(tb_code(&q, 0, "3-1", "5/off"), "bg-dice-mismatch");
	ck_assert_str_eq(tb_code(&q, 0, "6-4", "5/off 3/off"), "");
	ck_assert_str_eq(tb_code(&q, 0, "2-2", "5/1 3/1 2/off"), "");
	/* 5/off with 2s ends with 1/off, a larger die while 3 and 2 hold checkers. */
	ck_assert_str_eq(tb_code(&q, 0, "2-2", "5/off 2/off"), "bg-bearoff-overage");
}
END_TEST

START_TEST(hops_out_of_range_are_refused)
{
	/* The records grammar never produces these; the engine must still
	 * refuse them without reading outside the board. */
	static const bg_hop bad[][1] = {
		{ { 26, 20, 0 } }, { { 8, 10, 1 } }, { { 8, 8, 0 } },
		{ { 0, 0, 0 } }, { { 255, 250, 1 } },
	};
	bg_pos p;
	bg_judgement j;
	char buf[NT_MSG_MAX];
	bg_pos_start(&p);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		bg_roll roll = { 6, 5, 0, bad[i], 1, 0, 0, 0, 0 };
		ck_assert_int_eq(bg_judge(&p, 0, &roll, 0, &j), BG_REJECTED);
		ck_assert_str_eq(tb_code_name(j.code), "bg-dice-mismatch");
		ck_assert_uint_gt(bg_judge_message(&j, "x", 1, "A", "B", buf, sizeof buf), 0);
	}
}
END_TEST

START_TEST(failing_step_is_the_furthest)
{
	/* 5.4 step 4: steps in written order; the interpretation that made the
	 * most steps wins.  24/13 with 6-5: via 18 (6 first) and via 19 (5
	 * first); 19 is held, 18 is open, 13 is fine: it executes.  Here 18 is
	 * closed too, so both fail at the first step: the first listed (6
	 * first) is reported, on 18. */
	bg_pos p = tb_pos("24:2 13:5 8:3 6:5", "24:2 13:3 7:2 6:5 8:3");
	bg_judgement j;
	ck_assert_int_eq(tb_judge(&p, 0, "6-5", "24/13", &j), BG_REJECTED);
	ck_assert_str_eq(tb_code_name(j.code), "bg-blocked-point");
	ck_assert_int_eq(j.fail.from, 24);
	ck_assert_int_eq(j.fail.die, 6);
	ck_assert_int_eq(j.fail.to, 18);
	ck_assert_int_eq(j.blockers, 2);
	ck_assert_int_eq(j.steps_made, 0);
	/* With 5-6 written, the 5 is listed first and fails on 19 (5 checkers). */
	ck_assert_int_eq(tb_judge(&p, 0, "5-6", "24/13", &j), BG_REJECTED);
	ck_assert_int_eq(j.fail.to, 19);
	ck_assert_int_eq(j.blockers, 5);
	/* 8/off with 6-5: 8/2 then 2/off, the 6 on 6 still above. */
	p = tb_pos("8 6:14", "14:15");
	ck_assert_int_eq(tb_judge(&p, 0, "6-5", "8/off", &j), BG_REJECTED);
	ck_assert_str_eq(tb_code_name(j.code), "bg-bearoff-overage");
	ck_assert_int_eq(j.steps_made, 1);
	ck_assert_int_eq(j.highest, 6);
	/* Among failures the one that made the most steps is reported: 6-4
	 * 10/off; with 6 first 10/4 then 4/off (not home: 13); 4 first: 10/6
	 * then 6/off, the same; here 4 is held, so 6 first fails at once and 4
	 * first gets one step further. */
	p = tb_pos("13 10 6:13", "21:2 14:13");
	ck_assert_int_eq(tb_judge(&p, 0, "6-4", "10/off", &j), BG_REJECTED);
	ck_assert_str_eq(tb_code_name(j.code), "bg-bearoff-not-home");
	ck_assert_int_eq(j.steps_made, 1);
	ck_assert_int_eq(j.fail.from, 6);
	/* The second step fails after the first was made. */
	p = tb_pos("13 6:14", "14:15");
	ck_assert_int_eq(tb_judge(&p, 0, "6-5", "6/1 6/off", &j), BG_REJECTED);
	ck_assert_str_eq(tb_code_name(j.code), "bg-bearoff-not-home");
	ck_assert_int_eq(j.steps_made, 1);
}
END_TEST

START_TEST(empty_point_cases)
{
	bg_pos p = tb_pos("6", "24:15");
	bg_judgement j;
	/* The only checker on 6 is used twice. */
	ck_assert_int_eq(tb_judge(&p, 0, "5-1", "6/5 6/1", &j), BG_REJECTED);
	ck_assert_str_eq(tb_code_name(j.code), "bg-empty-point");
	ck_assert_int_eq(j.fail.from, 6);
	ck_assert_int_eq(j.fail_had, 1);
	/* Moving a checker that arrives during the play is fine. */
	ck_assert_str_eq(tb_code(&p, 0, "5-1", "6/5 5/off"), "");
	ck_assert_str_eq(tb_code(&p, 0, "5-1", "5/off 6/5"), "");
	ck_assert_str_eq(tb_code(&p, 0, "5-1", "bar/24 6/1"), "bg-empty-point");
}
END_TEST

START_TEST(bar_first_cases)
{
	/* Two on the bar: both must enter before anything else moves. */
	bg_pos p = tb_pos("bar:2 13:13", "24:2 13:5 8:3 6:5");
	ck_assert_str_eq(tb_code(&p, 0, "3-1", "bar/22 13/12"), "bg-bar-first");
	ck_assert_str_eq(tb_code(&p, 0, "3-1", "bar/22 bar/24"), "");
	ck_assert_str_eq(tb_code(&p, 0, "3-3", "bar/22(2) 13/10(2)"), "");
	ck_assert_str_eq(tb_code(&p, 0, "3-3", "13/10 bar/22(2) 13/10"), "");
	/* One enters, the other cannot: only one die is played. */
	bg_pos q = tb_pos("bar:2 13:13", "24:2 13:5 8:3 6:3 5:2");
	ck_assert_int_eq(bg_max_dice(&q, 0, 6, 4), 1);
	ck_assert_str_eq(tb_code(&q, 0, "6-4", "bar/21"), "");
	ck_assert_str_eq(tb_code(&q, 0, "6-4", "bar/21 13/7"), "bg-bar-first");
}
END_TEST

START_TEST(not_max_dice_cases)
{
	bg_pos p;
	bg_pos_start(&p);
	ck_assert_str_eq(tb_code(&p, 0, "6-5", "24/18"), "bg-not-max-dice");
	ck_assert_str_eq(tb_code(&p, 0, "3-3", "13/10 13/10 6/3"), "bg-not-max-dice");
	/* Doubles: as many as can be played.  Here 5 and 4 are held: the
	 * checker on 13 goes 11, 9, 7 and stops; the 6s cannot move. */
	bg_pos q = tb_pos("13 6:14", "21:2 20:2 1:11");
	ck_assert_int_eq(bg_max_dice(&q, 0, 2, 2), 3);
	ck_assert_str_eq(tb_code(&q, 0, "2-2", "13/7"), "");
	ck_assert_str_eq(tb_code(&q, 0, "2-2", "13/11"), "bg-not-max-dice");
	ck_assert_str_eq(tb_code(&q, 0, "2-2", "13/9"), "bg-not-max-dice");
	ck_assert_str_eq(tb_code(&q, 0, "2-2", "13/9 6/4"), "bg-blocked-point");
	/* A non-double: one die only when the other cannot follow. */
	ck_assert_int_eq(bg_max_dice(&q, 0, 6, 2), 1);
}
END_TEST

/*
 * A roll that asks for a lazy example keeps the example's steps and leaves
 * its text to bg_judge_example, which writes the text bg_judge writes at
 * once; an accepted play has none pending.
 */
START_TEST(lazy_example_is_written_when_asked)
{
	bg_pos p = tb_pos("13:5 6:10", "21 15 6:13");
	const char *plays[][2] = { { "3-2", "13/10 6/4" }, { "2-2", "13/11" },
	                           { "6-5", "no play" }, { "3-2", "13/10* 6/4*" } };
	for (size_t i = 0; i < sizeof plays / sizeof plays[0]; i++) {
		bg_hop hops[32];
		bg_roll roll;
		memset(&roll, 0, sizeof roll);
		tb_dice(plays[i][0], &roll.die1, &roll.die2);
		int n = tb_hops(plays[i][1], hops, 32);
		roll.nothing = n < 0;
		roll.hops = hops;
		roll.nhops = n < 0 ? 0 : n;
		bg_judgement now, later;
		bg_verdict v = bg_judge(&p, 0, &roll, 0, &now);
		roll.lazy_example = 1;
		ck_assert_int_eq(bg_judge(&p, 0, &roll, 0, &later), v);
		ck_assert_int_eq(later.ex_pending, now.example[0] != '\0');
		ck_assert_str_eq(later.example, "");
		bg_judge_example(&p, &later);
		ck_assert_int_eq(later.ex_pending, 0);
		ck_assert_str_eq(later.example, now.example);
		ck_assert_int_eq(now.ex_pending, 0);
	}
}
END_TEST

START_TEST(hit_markers)
{
	/* A blot on side 0's 4 point (side 1's 21) and on 10 (side 1's 15). */
	bg_pos p = tb_pos("13:5 6:10", "21 15 6:13");
	bg_judgement j;
	ck_assert_str_eq(tb_code(&p, 0, "3-2", "6/4*/1"), "");
	ck_assert_str_eq(tb_code(&p, 0, "3-2", "6/4*/1*"), "bg-hit-marker-spurious");
	ck_assert_str_eq(tb_code(&p, 0, "3-2", "6/1"), "");           /* via 3 */
	ck_assert_str_eq(tb_code(&p, 0, "3-2", "13/10 6/4"), "bg-hit-marker-missing");
	ck_assert_int_eq(tb_judge(&p, 0, "3-2", "13/10 6/4", &j), BG_ACCEPTED_WARNING);
	ck_assert_uint_eq(j.missing, (1u << 10) | (1u << 4));
	ck_assert_str_eq(j.example, "13/10* 6/4*");
	ck_assert_str_eq(tb_code(&p, 0, "3-2", "13/10* 6/4"), "bg-hit-marker-missing");
	/* Only the unmarked hit is missing (the message names 4, not 10). */
	ck_assert_int_eq(tb_judge(&p, 0, "3-2", "13/10* 6/4", &j), BG_ACCEPTED_WARNING);
	ck_assert_uint_eq(j.missing, 1u << 4);
	ck_assert_str_eq(tb_code(&p, 0, "3-2", "13/10* 6/4*"), "");
	/* Repeated `*` on the same point, and `*` on any hop landing there. */
	ck_assert_str_eq(tb_code(&p, 0, "2-2", "6/4*(2) 13/11(2)"), "");
	ck_assert_str_eq(tb_code(&p, 0, "2-2", "6/4* 6/4 13/11(2)"), "");
	ck_assert_str_eq(tb_code(&p, 0, "2-2", "6/4 13/11(2) 6/4*"), "");
	ck_assert_str_eq(tb_code(&p, 0, "2-2", "6/4 6/4 13/11(2)"), "bg-hit-marker-missing");
	/* A `*` after off is always spurious. */
	bg_pos q = tb_pos("2 1", "21 6:14");
	ck_assert_int_eq(tb_judge(&q, 0, "3-1", "2/off* 1/off", &j), BG_REJECTED);
	ck_assert_str_eq(tb_code_name(j.code), "bg-hit-marker-spurious");
	ck_assert_int_eq(j.spurious, BG_SPURIOUS_OFF);
	/* The route decides: 13/8*\/2 hits on 8 when 8 holds a blot. */
	bg_pos r = tb_pos("13 6:14", "17 1:14");
	ck_assert_str_eq(tb_code(&r, 0, "6-5", "13/8*/2"), "");
	ck_assert_str_eq(tb_code(&r, 0, "6-5", "13/2"), "");
	tb_judge(&r, 0, "6-5", "13/2", &j);
	ck_assert_int_eq(j.after.n[1][BG_BAR], 0);   /* via 7: no hit */
	tb_judge(&r, 0, "6-5", "13/8*/2", &j);
	ck_assert_int_eq(j.after.n[1][BG_BAR], 1);
	/* Through 8 only (7 held): the hit is unavoidable and unmarked. */
	bg_pos s = tb_pos("13 6:14", "17 18:2 1:12");
	ck_assert_str_eq(tb_code(&s, 0, "6-5", "13/2"), "bg-hit-marker-missing");
	ck_assert_str_eq(tb_code(&s, 0, "6-5", "13/8*/2"), "");
}
END_TEST

START_TEST(spurious_kinds)
{
	bg_pos p;
	bg_judgement j;
	bg_pos_start(&p);
	tb_judge(&p, 0, "6-5", "13/7* 13/8", &j);
	ck_assert_str_eq(tb_code_name(j.code), "bg-hit-marker-spurious");
	ck_assert_int_eq(j.spurious, BG_SPURIOUS_EMPTY);
	ck_assert_int_eq(j.spurious_point, 7);
	tb_judge(&p, 0, "6-5", "13/8* 13/7", &j);
	ck_assert_int_eq(j.spurious, BG_SPURIOUS_OWN);
	ck_assert_int_eq(j.spurious_count, 3);
	/* A spurious `*` wins over an unmarked hit (5.4 step 6). */
	bg_pos q = tb_pos("13:5 6:10", "21 6:14");
	tb_judge(&q, 0, "3-2", "13/10* 6/4", &j);
	ck_assert_str_eq(tb_code_name(j.code), "bg-hit-marker-spurious");
}
END_TEST

/* ------------------------------------------------- 5.3 choice of steps */

START_TEST(position_after_missing_marker)
{
	/* 6-5 from 13 to 2 with blots on 8 and 7: both routes hit; nothing
	 * marked: the route of 7.2 (larger die first, through 7) is replayed. */
	bg_pos p = tb_pos("13 6:14", "17 18 1:13");
	bg_judgement j;
	ck_assert_int_eq(tb_judge(&p, 0, "6-5", "13/2", &j), BG_ACCEPTED_WARNING);
	ck_assert_int_eq(j.after.n[1][BG_BAR], 1);
	ck_assert_int_eq(j.after.n[1][18], 0);         /* side 0's 7 */
	ck_assert_int_eq(j.after.n[1][17], 1);
	ck_assert_uint_eq(j.missing, 1u << 7);
	/* Written 5-6, the greatest list is still 6 then 5. */
	ck_assert_int_eq(tb_judge(&p, 0, "5-6", "13/2", &j), BG_ACCEPTED_WARNING);
	ck_assert_uint_eq(j.missing, 1u << 7);
	/* Marked on 8: that route. */
	ck_assert_int_eq(tb_judge(&p, 0, "6-5", "13/8*/2", &j), BG_ACCEPTED);
	ck_assert_int_eq(j.after.n[1][17], 0);
}
END_TEST

START_TEST(fewer_dice_same_position)
{
	char buf[BG_TEXT_MAX];
	bg_judgement j;
	/* One checker on 5, 6-4: the legal play is 5/1/off (both dice), and
	 * 5/off with the 6 alone reaches the same position.  Either reading of
	 * `5/off` is good; 7.2 takes the one with the most dice. */
	bg_pos p = tb_pos("5", "14:15");
	ck_assert_int_eq(bg_max_dice(&p, 0, 6, 4), 2);
	ck_assert_int_eq(tb_judge(&p, 0, "6-4", "5/off", &j), BG_ACCEPTED);
	ck_assert_int_eq(j.nsteps, 2);
	ck_assert_int_eq(j.after.n[0][BG_OFF], 15);
	ck_assert_str_eq(tb_mat(&p, 0, "6-4", "5/off", buf, sizeof buf), "5/1 1/0");
	ck_assert_str_eq(tb_sheet(&p, 0, "6-4", "5/off", buf, sizeof buf), "5/off");
	/* One checker on 4, 6-5: one die ends the game; the 6 or the 5 bear
	 * the same checker off, so both readings reach the legal position. */
	p = tb_pos("4", "14:15");
	ck_assert_int_eq(bg_max_dice(&p, 0, 6, 5), 1);
	ck_assert_str_eq(tb_code(&p, 0, "6-5", "4/off"), "");
	ck_assert_int_eq(tb_judge(&p, 0, "6-5", "4/off", &j), BG_ACCEPTED);
	ck_assert_int_eq(j.steps[0].die, 6);
	/* With a second checker both dice are needed. */
	p = tb_pos("4 1", "14:15");
	ck_assert_str_eq(tb_code(&p, 0, "6-5", "4/off"), "bg-not-max-dice");
	ck_assert_str_eq(tb_code(&p, 0, "6-5", "4/off 1/off"), "");
}
END_TEST

/* -------------------------------------------------------------- messages */

static void
assert_message(const bg_pos *p, int mover, const char *dice, const char *play,
               const char *want)
{
	char buf[NT_MSG_MAX];
	const char *me = mover == 0 ? "Ines" : "Tariq";
	const char *op = mover == 0 ? "Tariq" : "Ines";
	tb_message(p, mover, dice, play, me, op, buf, sizeof buf);
	ck_assert_str_eq(buf, want);
}

START_TEST(messages_row6)
{
	bg_pos p = row6();
	assert_message(&p, INES, "6-5", "13/7 6/2",
		"'6-5: 13/7 6/2': 6 to 2 is 4 pips, and the dice are 6 and 5");
	assert_message(&p, INES, "5-5", "13/7 6/1*",
		"'5-5: 13/7 6/1*': 13 to 7 is 6 pips, and the dice are 5-5");
	assert_message(&p, INES, "6-5", "12/6 6/1*",
		"'6-5: 12/6 6/1*': Ines has no checker on point 12");
	assert_message(&p, INES, "6-5", "24/19 13/7",
		"'6-5: 24/19 13/7': Ines's 19 point is held by 4 of Tariq's checkers");
	assert_message(&p, INES, "6-5", "6/off 13/8",
		"'6-5: 6/off 13/8': Ines has checkers outside the home board (on 7, 8, 13 and 24)");
	assert_message(&p, INES, "6-5", "13/7",
		"'6-5: 13/7': both dice can be played, for example 13/8 13/7");
	assert_message(&p, INES, "6-5", "13/7 6/1",
		"'6-5: 13/7 6/1': the checker landing on 1 hits Tariq's blot: write 13/7 6/1*");
	assert_message(&p, INES, "6-5", "13/7* 6/1*",
		"'6-5: 13/7* 6/1*': nothing is hit on 7, that checker is Ines's own");
	assert_message(&p, INES, "6-5", "no play",
		"'6-5: no play': 6-5 can be played, for example 24/13");
	assert_message(&p, INES, "6-5", "13/7 6/1*", "");
	p = row6_right();
	assert_message(&p, TARIQ, "3-1", "13/10 11/10",
		"'3-1: 13/10 11/10': Tariq has a checker on the bar and must enter it first");
	p = replay(sheet01, 4);
	assert_message(&p, TARIQ, "6-6", "bar/19",
		"'6-6: bar/19': Ines's 6 point (Tariq's 19) is closed, so Tariq cannot enter with a 6");
}
END_TEST

START_TEST(messages_other)
{
	char buf[NT_MSG_MAX];
	bg_pos p = replay(sheet03, sizeof sheet03 / sizeof sheet03[0]);
	tb_message(&p, 0, "6-4", "3/off 5/1", "Lena", "Marco", buf, sizeof buf);
	ck_assert_str_eq(buf, "'6-4: 3/off 5/1': the 6 bears off only from the highest point, and Lena still has checkers on 5");
	tb_message(&p, 0, "6-4", "5/off(2)", "Lena", "Marco", buf, sizeof buf);
	ck_assert_str_eq(buf, "'6-4: 5/off(2)': the dice 6 and 4 cannot make all of these moves together");
	p = replay(illegal22, sizeof illegal22 / sizeof illegal22[0]);
	tb_message(&p, 0, "42", "6/4", "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'42: 6/4': only one die can be played here, so it must be the 4 (6/2)");
	bg_pos_start(&p);
	tb_message(&p, 0, "6-3", "13/12 12/6", "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'6-3: 13/12 12/6': 13 to 12 is 1 pip, and the dice are 6 and 3");
	tb_message(&p, 0, "3-1", "13/off", "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'3-1: 13/off': 13 to off needs at least 13 pips, and the dice are 3 and 1");
	tb_message(&p, 0, "3-1", "8/7 6/5 6/3", "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'3-1: 8/7 6/5 6/3': that is at least 3 moves of one die, and 3-1 gives only 2");
	tb_message(&p, 0, "6-5", "13/7* 13/8", "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'6-5: 13/7* 13/8': nothing is hit on 7, the point was empty");
	tb_message(&p, 0, "3-3", "13/10 13/10 6/3", "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'3-3: 13/10 13/10 6/3': all four 3s can be played, for example 24/21 13/10(2) 6/3");
	bg_pos q = tb_pos("bar:2 13:13", "24:2 13:5 8:3 6:5");
	tb_message(&q, 0, "3-1", "bar/22 13/12", "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'3-1: bar/22 13/12': Ann still has a checker on the bar and must enter it first");
	tb_message(&q, 0, "3-1", "13/12 bar/22", "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'3-1: 13/12 bar/22': Ann has 2 checkers on the bar and must enter them first");
	q = tb_pos("bar 13:14", "6:2 5:2 4:2 3:2 2:2 1:2 13:3");
	tb_message(&q, 0, "6-5", "bar/20", "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'6-5: bar/20': Ben's 6 and 5 points (Ann's 19 and 20) are closed, so Ann cannot enter with 6-5");
	q = tb_pos("8 6:14", "14:15");
	tb_message(&q, 0, "6-4", "8/2 2/off", "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'6-4: 8/2 2/off': the 4 bears off only from the highest point, and Ann still has checkers on 6");
	/* Order is free: 8/3 first brings the last checker home. */
	ck_assert_str_eq(tb_code(&q, 0, "6-5", "6/off 8/3"), "");
	q = tb_pos("13 6:14", "14:15");
	tb_message(&q, 0, "6-5", "6/off 13/8", "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'6-5: 6/off 13/8': Ann has a checker outside the home board (on 13)");
	q = tb_pos("6", "24:15");
	tb_message(&q, 0, "5-1", "6/5 6/1", "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'5-1: 6/5 6/1': Ann has no checker left on point 6");
	/* Bytes that are not text are escaped in the quote. */
	bg_judgement j;
	bg_pos_start(&q);
	tb_judge(&q, 0, "6-5", "12/6 6/1", &j);
	bg_judge_message(&j, "6-5: 12/6\001", 10, "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'6-5: 12/6\\x01': Ann has no checker on point 12");
	/* A short buffer is cut, never overrun. */
	char small[12];
	ck_assert_uint_gt(bg_judge_message(&j, "6-5: 12/6", 9, "Ann", "Ben", small,
	                                   sizeof small), 0);
	ck_assert_uint_eq(strlen(small), sizeof small - 1);
}
END_TEST

START_TEST(messages_none_legal_blocked)
{
	char buf[NT_MSG_MAX];
	/* Not on the bar: every landing point held, and bearing off not allowed. */
	bg_pos p = tb_pos("13 6:14", "18:2 1:13");
	ck_assert_int_eq(bg_max_dice(&p, 0, 6, 6), 0);
	tb_message(&p, 0, "6-6", "13/7", "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'6-6: 13/7': none of Ann's checkers can move 6 pips: every point they could reach is held by Ben, and Ann may not bear off yet");
	p = tb_pos("8:2 7:13", "24:2 23:2 22:2 1:9");
	ck_assert_int_eq(bg_max_dice(&p, 0, 6, 5), 0);
	tb_message(&p, 0, "6-5", "8/2", "Ann", "Ben", buf, sizeof buf);
	ck_assert_str_eq(buf, "'6-5: 8/2': none of Ann's checkers can move 6 or 5 pips: every point they could reach is held by Ben");
}
END_TEST

Suite *
backgammon_engine_suite(void)
{
	Suite *s = suite_create("backgammon-engine");
	TCase *tc = tcase_create("positions");
	tcase_add_test(tc, start_position);
	tcase_add_test(tc, lazy_example_is_written_when_asked);
	tcase_add_test(tc, validity);
	tcase_add_test(tc, pip_count_counts_the_bar_as_25);
	tcase_add_test(tc, game_value);
	suite_add_tcase(s, tc);
	tc = tcase_create("steps");
	tcase_add_test(tc, step_empty_point);
	tcase_add_test(tc, step_bar_first);
	tcase_add_test(tc, step_blocked_and_hit);
	tcase_add_test(tc, step_bearoff_not_home);
	tcase_add_test(tc, step_bearoff_overage);
	suite_add_tcase(s, tc);
	tc = tcase_create("judge");
	tcase_add_test(tc, row6_position);
	tcase_add_test(tc, row6_left_cells);
	tcase_add_test(tc, row6_results);
	tcase_add_test(tc, row6_right_cells);
	tcase_add_test(tc, row3_dance);
	tcase_add_test(tc, bearing_off_row17);
	tcase_add_test(tc, rest_of_sheet03);
	tcase_add_test(tc, larger_die);
	tcase_add_test(tc, no_play_rules);
	tcase_add_test(tc, dice_mismatch_cases);
	tcase_add_test(tc, hops_out_of_range_are_refused);
	tcase_add_test(tc, failing_step_is_the_furthest);
	tcase_add_test(tc, empty_point_cases);
	tcase_add_test(tc, bar_first_cases);
	tcase_add_test(tc, not_max_dice_cases);
	tcase_add_test(tc, hit_markers);
	tcase_add_test(tc, spurious_kinds);
	tcase_add_test(tc, position_after_missing_marker);
	tcase_add_test(tc, fewer_dice_same_position);
	suite_add_tcase(s, tc);
	tc = tcase_create("messages");
	tcase_add_test(tc, messages_row6);
	tcase_add_test(tc, messages_other);
	tcase_add_test(tc, messages_none_legal_blocked);
	suite_add_tcase(s, tc);
	return s;
}
