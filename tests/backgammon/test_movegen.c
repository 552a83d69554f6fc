/*
 * Legal plays (spec 2.3): the rules on set-up positions, and the generator
 * against a brute-force oracle written here (every order of the dice, every
 * legal step at each point, no pruning) on random self-play positions.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_movegen_util.h"

/* The canonical texts of the legal plays, in the order of `moves`. */
static int
plays_text(const bg_pos *pos, int mover, int d1, int d2, char *buf, size_t size)
{
	bg_playlist *list = malloc(sizeof *list);
	ck_assert_ptr_nonnull(list);
	bg_legal_plays(pos, mover, d1, d2, list);
	bg_playlist_sort(pos, mover, d1, d2, list);
	buf[0] = '\0';
	for (int i = 0; i < list->count; i++) {
		char t[BG_TEXT_MAX];
		bg_sheet_text(pos, mover, list->plays[i].steps, list->plays[i].nsteps,
		              t, sizeof t);
		if (i > 0)
			strncat(buf, " | ", size - strlen(buf) - 1);
		strncat(buf, t, size - strlen(buf) - 1);
	}
	int n = list->count;
	free(list);
	return n;
}

/* ------------------------------------------------------------ the rules */

START_TEST(opening_rolls)
{
	char buf[4096];
	bg_pos p;
	bg_pos_start(&p);
	ck_assert_int_eq(plays_text(&p, 0, 6, 5, buf, sizeof buf), 7);
	ck_assert_str_eq(buf, "24/13 | 24/18 13/8 | 24/18 8/3 | 13/8 13/7 | "
	                      "13/7 8/3 | 13/2 | 8/3 8/2");
	/* The same list whatever the order of the dice. */
	char again[4096];
	plays_text(&p, 0, 5, 6, again, sizeof again);
	ck_assert_str_eq(buf, again);
	ck_assert_int_eq(plays_text(&p, 1, 2, 1, buf, sizeof buf), 15);
	ck_assert_int_eq(plays_text(&p, 0, 1, 1, buf, sizeof buf), 42);
}
END_TEST

START_TEST(must_use_both_dice)
{
	char buf[4096];
	/* Two checkers left: one on 13, one on 8.  Both dice must be used,
	 * so 13/7 alone or 8/2 alone is no legal play. */
	bg_pos p = tb_pos("13 8", "1:15");
	plays_text(&p, 0, 6, 3, buf, sizeof buf);
	bg_playlist *l = malloc(sizeof *l);
	bg_legal_plays(&p, 0, 6, 3, l);
	ck_assert_int_eq(l->max_dice, 2);
	for (int i = 0; i < l->count; i++)
		ck_assert_int_eq(l->plays[i].nsteps, 2);
	free(l);
	ck_assert_str_eq(buf, "13/10 8/2 | 13/7 8/5 | 13/4");
}
END_TEST

START_TEST(larger_die_only)
{
	char buf[1024];
	/* Spec 8.1: 4-2, only one die can be played; the larger is forced. */
	bg_pos p = tb_pos("23 6 2:10 1:3", "8:2 6:2 5:2 4:2 1:7");
	ck_assert_int_eq(bg_max_dice(&p, 0, 4, 2), 1);
	ck_assert_int_eq(plays_text(&p, 0, 4, 2, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "6/2");
	ck_assert_int_eq(plays_text(&p, 0, 2, 4, buf, sizeof buf), 1);
	/* Only the smaller can be played: then it is played.  The 6 cannot
	 * move (17 and 16 held, 23 keeps everything from bearing off). */
	bg_pos q = tb_pos("23 6:14", "8:2 9:2 1:11");
	ck_assert_int_eq(bg_max_dice(&q, 0, 6, 1), 1);
	ck_assert_int_eq(plays_text(&q, 0, 6, 1, buf, sizeof buf), 2);
	ck_assert_str_eq(buf, "23/22 | 6/5");
}
END_TEST

START_TEST(bar_first)
{
	char buf[1024];
	/* Two on the bar, 4 open (side 1 holds his 6 and 5 but not 4): with
	 * 6-4 one enters and nothing else moves. */
	bg_pos p = tb_pos("bar:2 13:13", "6:2 5:2 1:11");
	ck_assert_int_eq(plays_text(&p, 0, 6, 4, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "bar/21");
	/* One on the bar: enter, then anything. */
	p = tb_pos("bar 13:14", "6:2 1:13");
	plays_text(&p, 0, 6, 4, buf, sizeof buf);
	ck_assert_str_eq(buf, "bar/15 | bar/21 13/7");
	/* With every entry closed there is no play at all. */
	p = tb_pos("bar 13:14", "6:2 5:2 4:2 3:2 2:2 1:5");
	ck_assert_int_eq(plays_text(&p, 0, 6, 4, buf, sizeof buf), 0);
	ck_assert_int_eq(bg_max_dice(&p, 0, 6, 4), 0);
}
END_TEST

START_TEST(bearing_off)
{
	char buf[1024];
	/* From below with a higher die only from the highest point. */
	bg_pos p = tb_pos("3 2", "14:15");
	plays_text(&p, 0, 6, 5, buf, sizeof buf);
	ck_assert_str_eq(buf, "3/off 2/off");
	p = tb_pos("5:2 3:3 2:2", "14:15");
	plays_text(&p, 0, 6, 4, buf, sizeof buf);
	ck_assert_str_eq(buf, "5/1 5/off");
	/* Not before the last checker is home; that checker may come home
	 * first.  8/2/off and 8/6 6/off reach one position, written 8/off. */
	p = tb_pos("8 6:14", "14:15");
	plays_text(&p, 0, 6, 2, buf, sizeof buf);
	ck_assert_str_eq(buf, "8/2 6/4 | 8/off");
}
END_TEST

START_TEST(doubles_as_many_as_possible)
{
	char buf[1024];
	bg_pos p = tb_pos("13 6:14", "21:2 20:2 1:11");
	ck_assert_int_eq(plays_text(&p, 0, 2, 2, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "13/7");
	bg_playlist *l = malloc(sizeof *l);
	bg_legal_plays(&p, 0, 2, 2, l);
	ck_assert_int_eq(l->max_dice, 3);
	free(l);
}
END_TEST

START_TEST(hits_send_to_the_bar)
{
	char buf[1024];
	bg_pos p = tb_pos("13 6:14", "18 1:14");   /* a blot on side 0's 7 */
	bg_playlist *l = malloc(sizeof *l);
	bg_legal_plays(&p, 0, 6, 1, l);
	int hits = 0;
	for (int i = 0; i < l->count; i++)
		hits += l->plays[i].after.n[1][BG_BAR];
	free(l);
	/* 13/7* 6/5, 13/7* 7/6, 13/7*: hitting plays put the blot on the bar. */
	ck_assert_int_ge(hits, 2);
	plays_text(&p, 0, 6, 1, buf, sizeof buf);
	ck_assert_ptr_nonnull(strstr(buf, "13/7*/6"));
	ck_assert_ptr_nonnull(strstr(buf, "13/7* 6/5"));
}
END_TEST

START_TEST(sorted_order_is_documented_and_stable)
{
	bg_pos p;
	bg_pos_start(&p);
	bg_playlist *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	bg_legal_plays(&p, 0, 1, 1, a);
	*b = *a;
	/* Reverse b, then sort both: the same order. */
	for (int i = 0, k = b->count - 1; i < k; i++, k--) {
		bg_play t = b->plays[i];
		b->plays[i] = b->plays[k];
		b->plays[k] = t;
	}
	bg_playlist_sort(&p, 0, 1, 1, a);
	bg_playlist_sort(&p, 0, 1, 1, b);
	for (int i = 0; i < a->count; i++)
		ck_assert(bg_pos_equal(&a->plays[i].after, &b->plays[i].after));
	/* Each play's steps compare greater than the next one's. */
	for (int i = 0; i + 1 < a->count; i++) {
		const bg_play *x = &a->plays[i], *y = &a->plays[i + 1];
		int k = 0;
		while (k < x->nsteps && x->steps[k].from == y->steps[k].from &&
		       x->steps[k].to == y->steps[k].to)
			k++;
		ck_assert_int_lt(k, x->nsteps);
		ck_assert(x->steps[k].from > y->steps[k].from ||
		          (x->steps[k].from == y->steps[k].from &&
		           x->steps[k].to > y->steps[k].to));
	}
	free(a);
	free(b);
}
END_TEST

/* ---------------------------------------------------- brute-force oracle */

typedef struct brute {
	bg_pos *leaves;
	int *used;                /* dice used by each leaf */
	int *larger;              /* 1 when a one-die leaf used the larger die */
	int n, cap;
} brute;

static void
brute_walk(brute *b, const bg_pos *pos, int mover, const int *order, int ndice,
           int depth, int used_larger)
{
	int any = 0;
	if (depth < ndice)
		for (int from = BG_BAR; from >= 1; from--) {
			if (bg_step_check(pos, mover, from, order[depth]) != BG_STEP_OK)
				continue;
			bg_pos next = *pos;
			bg_step_apply(&next, mover, from, order[depth]);
			any = 1;
			brute_walk(b, &next, mover, order, ndice, depth + 1,
			           depth == 0 ? order[0] >= order[1] : used_larger);
		}
	if (any)
		return;
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 1024;
		b->leaves = realloc(b->leaves, (size_t)b->cap * sizeof *b->leaves);
		b->used = realloc(b->used, (size_t)b->cap * sizeof *b->used);
		b->larger = realloc(b->larger, (size_t)b->cap * sizeof *b->larger);
		ck_assert(b->leaves && b->used && b->larger);
	}
	b->leaves[b->n] = *pos;
	b->used[b->n] = depth;
	b->larger[b->n] = used_larger;
	b->n++;
}

static int
pos_cmp(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(bg_pos));
}

/* The positions after a legal play, sorted, straight from the definition. */
static int
brute_plays(const bg_pos *pos, int mover, int d1, int d2, bg_pos **out,
            int *max_dice)
{
	brute b = { 0 };
	if (d1 == d2) {
		int order[4] = { d1, d1, d1, d1 };
		brute_walk(&b, pos, mover, order, 4, 0, 1);
	} else {
		int o1[2] = { d1, d2 }, o2[2] = { d2, d1 };
		brute_walk(&b, pos, mover, o1, 2, 0, 0);
		brute_walk(&b, pos, mover, o2, 2, 0, 0);
	}
	int n = 0, larger = 0;
	for (int i = 0; i < b.n; i++)
		if (b.used[i] > n)
			n = b.used[i];
	for (int i = 0; i < b.n; i++)
		larger |= b.used[i] == 1 && n == 1 && b.larger[i];
	int k = 0;
	for (int i = 0; i < b.n; i++) {
		if (b.used[i] != n || n == 0)
			continue;
		if (d1 != d2 && n == 1 && larger && !b.larger[i])
			continue;
		b.leaves[k++] = b.leaves[i];
	}
	qsort(b.leaves, (size_t)k, sizeof *b.leaves, pos_cmp);
	int u = 0;
	for (int i = 0; i < k; i++)
		if (u == 0 || pos_cmp(&b.leaves[u - 1], &b.leaves[i]) != 0)
			b.leaves[u++] = b.leaves[i];
	free(b.used);
	free(b.larger);
	*out = b.leaves;
	*max_dice = n;
	return u;
}

static void
compare_with_brute(const bg_pos *pos, int mover, int d1, int d2,
                   bg_playlist *list)
{
	bg_pos *want;
	int n;
	int count = brute_plays(pos, mover, d1, d2, &want, &n);
	bg_legal_plays(pos, mover, d1, d2, list);
	char id[BG_POSID_LEN + 1];
	bg_posid_encode(pos, mover, id);
	ck_assert_msg(list->max_dice == n, "%s %d-%d: max dice %d, brute force %d",
	              id, d1, d2, list->max_dice, n);
	ck_assert_msg(list->count == count, "%s %d-%d: %d plays, brute force %d",
	              id, d1, d2, list->count, count);
	ck_assert_int_eq(bg_max_dice(pos, mover, d1, d2), n);
	for (int i = 0; i < list->count; i++)
		ck_assert_msg(bsearch(&list->plays[i].after, want, (size_t)count,
		                      sizeof *want, pos_cmp) != NULL,
		              "%s %d-%d: play %d is not legal", id, d1, d2, i);
	free(want);
}

START_TEST(random_positions_match_brute_force)
{
	tm_rng rng = { 0x2545f4914f6cdd1dull };
	bg_playlist *list = malloc(sizeof *list);
	ck_assert_ptr_nonnull(list);
	bg_pos pos;
	int mover = 0, fresh = 1, compared = 0;
	for (int turn = 0; compared < 400; turn++) {
		if (fresh) {
			bg_pos_start(&pos);
			fresh = 0;
		}
		int d1 = tm_die(&rng), d2 = tm_die(&rng);
		if (turn % 2 == 0) {
			compare_with_brute(&pos, mover, d1, d2, list);
			compared++;
		}
		bg_legal_plays(&pos, mover, d1, d2, list);
		if (list->count > 0)
			pos = list->plays[tm_next(&rng) % (uint64_t)list->count].after;
		ck_assert(bg_pos_valid(&pos));
		if (pos.n[mover][BG_OFF] == BG_CHECKERS)
			fresh = 1;
		mover = 1 - mover;
	}
	free(list);
}
END_TEST

START_TEST(every_roll_of_some_positions)
{
	/* Bear-offs, blocked and hitting positions: all 21 rolls each. */
	static const char *const sides[][2] = {
		{ "6:2 5:3 4:2 3:3 2 1:2", "bar 18 13:3 8:4 7:6" },
		{ "5 4 2", "1:2 7:5 8:8" },
		{ "bar:2 13:5 8:3 6:5", "6:2 5:2 4:2 2:3 1:3 13:3" },
		{ "24 23 22 21 20 19 18 17 16 15 14 13 12 11 10", "bar:15" },
		{ "13:2 12 11 10 9 8:2 7:2 6:2 5:2", "24 22 4:2 3:2 2:3 1:3 23:3" },
	};
	bg_playlist *list = malloc(sizeof *list);
	ck_assert_ptr_nonnull(list);
	for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++) {
		bg_pos p = tb_pos(sides[i][0], sides[i][1]);
		for (int d1 = 1; d1 <= 6; d1++)
			for (int d2 = 1; d2 <= d1; d2++)
				compare_with_brute(&p, 0, d1, d2, list);
	}
	free(list);
}
END_TEST

START_TEST(capacity_is_enough)
{
	/* A spread position that has more plays for 1-1 than most. */
	bg_pos p = tb_pos("24 22 21 19 18 16 15 13 12 10 9 7 6 4 3", "bar:15");
	bg_playlist *list = malloc(sizeof *list);
	ck_assert_ptr_nonnull(list);
	int n = bg_legal_plays(&p, 0, 1, 1, list);
	ck_assert_int_gt(n, 2000);
	ck_assert_int_lt(n, BG_MAX_PLAYS / 2);
	free(list);
}
END_TEST

Suite *
backgammon_movegen_suite(void)
{
	Suite *s = suite_create("backgammon-movegen");
	TCase *tc = tcase_create("rules");
	tcase_add_test(tc, opening_rolls);
	tcase_add_test(tc, must_use_both_dice);
	tcase_add_test(tc, larger_die_only);
	tcase_add_test(tc, bar_first);
	tcase_add_test(tc, bearing_off);
	tcase_add_test(tc, doubles_as_many_as_possible);
	tcase_add_test(tc, hits_send_to_the_bar);
	tcase_add_test(tc, sorted_order_is_documented_and_stable);
	suite_add_tcase(s, tc);
	tc = tcase_create("oracle");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, random_positions_match_brute_force);
	tcase_add_test(tc, every_roll_of_some_positions);
	tcase_add_test(tc, capacity_is_enough);
	suite_add_tcase(s, tc);
	return s;
}
