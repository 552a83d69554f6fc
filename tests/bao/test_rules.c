/*
 * The rules of shared/spec/bao.md, one test per rule, each from a set-up
 * position where that rule decides the outcome.  The worked examples of
 * section 9 come first; the expected boards of the other positions were
 * worked out by hand from the spec, seed by seed (see the comments).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "bao/bao_test.h"
#include "games/bao/record.h"

/* South's (or North's) front row A1..A8 (a1..a8) as "n,n,...". */
static const char *
front(const bao_pos *p, int side, char *out)
{
	size_t o = 0;
	for (int i = 0; i < 8; i++)
		o += (size_t)sprintf(out + o, i ? ",%d" : "%d", p->pit[side][i]);
	return out;
}

#define ASSERT_TOKENS(rules, pos, want) do { \
	char got_[512]; \
	bt_tokens(rules, pos, got_, sizeof got_); \
	ck_assert_msg(strcmp(got_, want) == 0, "%s:\n got  %s\n want %s", pos, \
	              got_, want); \
} while (0)

#define ASSERT_CODE(rules, pos, token, want) do { \
	int c_ = bt_judge(rules, pos, token, NULL, NULL); \
	ck_assert_msg(c_ == (want), "%s %s: code %d, want %d", pos, token, c_, \
	              want); \
} while (0)

#define ASSERT_AFTER(rules, pos, token, want) do { \
	bao_pos a_; \
	bao_outcome o_; \
	char f_[BAO_POS_TEXT]; \
	ck_assert_int_eq(bt_judge(rules, pos, token, &a_, &o_), BAO_OK); \
	ck_assert_msg(strcmp(bt_fmt(&a_, f_), want) == 0, "%s %s:\n got  %s\n " \
	              "want %s", pos, token, f_, want); \
} while (0)

/* --- 9.1 an opening, ply by ply ------------------------------------------ */

#define P91_0 "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 SN -"
#define P91_1 "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,0,3,1/0,0,0,0,0,0,0,1 N 21,22 SN -"
#define P91_2 "1,0,0,0,0,0,0,0/1,3,0,6,0,0,0,0/0,0,0,0,6,0,3,1/0,0,0,0,0,0,0,1 S 21,21 SN -"
#define P91_3 "1,0,0,0,0,0,0,0/1,3,0,6,0,0,0,0/0,0,1,1,7,1,0,1/0,0,0,0,0,0,0,1 N 20,21 SN -"
#define P91_4 "1,0,0,0,0,0,0,0/0,4,1,7,0,0,0,0/0,0,1,0,7,1,0,1/0,0,0,0,0,0,0,1 S 20,20 SN -"
#define P91_5 "1,0,0,0,0,0,0,0/0,4,0,7,0,0,0,0/0,0,2,1,8,0,1,0/0,0,0,0,0,0,0,1 N 19,20 SN -"

START_TEST(initial_position_is_the_spec_s)
{
	bao_pos p;
	char f[BAO_POS_TEXT];
	bao_pos_initial(&p);
	ck_assert_str_eq(bt_fmt(&p, f), P91_0);
	ck_assert_int_eq(bao_pos_seeds(&p), 64);
}
END_TEST

START_TEST(opening_namu_takata_moves)
{
	/* The nyumba may not take the seed; A6 and A7 either way. */
	ASSERT_TOKENS(NULL, P91_0, "A6>* A6<* A7>* A7<*");
	ASSERT_AFTER(NULL, P91_0, "A6>", P91_1);
	ASSERT_AFTER(NULL, P91_1, "a6>", P91_2);
	/* A7< passes through the nyumba and ends in the empty A3. */
	ASSERT_AFTER(NULL, P91_2, "A7<", P91_3);
}
END_TEST

START_TEST(namu_capture_is_compulsory_and_relays)
{
	ASSERT_CODE(NULL, P91_3, "a7>", BAO_CAPTURE_REQUIRED);
	/* The captured seed enters at a8, relays into a7, a6; the nyumba
	 * that captured is not destroyed by its reserve seed. */
	ASSERT_AFTER(NULL, P91_3, "a5>", P91_4);
}
END_TEST

START_TEST(central_namu_capture_chooses_the_kichwa)
{
	ASSERT_AFTER(NULL, P91_4, "A3>", P91_5);
	bao_pos a;
	bao_outcome o;
	ck_assert_int_eq(bt_judge(NULL, P91_4, "A3>", &a, &o), BAO_OK);
	ck_assert_int_eq(o.laps, 3);
	ck_assert_int_eq(o.sown, 5);
	/* Entering at the empty A1 ends the move at once. */
	ck_assert_int_eq(bt_judge(NULL, P91_4, "A3<", &a, &o), BAO_OK);
	ck_assert_int_eq(o.laps, 1);
	ck_assert_int_eq(a.pit[BAO_SOUTH][0], 1);
	ck_assert_int_eq(bt_judge(NULL, P91_4, "A3>+", &a, &o),
	                 BAO_SAFARI_NO_DECISION);
}
END_TEST

/* --- 9.2 chains, direction, stop or safari ------------------------------ */

#define P92 "0,0,0,0,0,0,0,0/1,0,4,6,0,0,0,0/0,0,1,1,6,0,0,0/0,0,0,0,0,0,0,0 S 23,22 SN -"

START_TEST(namu_capture_chains_and_stop_or_safari)
{
	char f[40];
	bao_pos a;
	bao_outcome o;
	ASSERT_TOKENS(NULL, P92, "A3< A3> A3>+ A4< A4> A4>+");
	/* A3<: a6 enters at A1, the lap ends in A4 facing the nyumba a5,
	 * which is captured (and destroyed) and enters at A1 again. */
	ck_assert_int_eq(bt_judge(NULL, P92, "A3<", &a, &o), BAO_OK);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "2,2,4,3,7,1,0,0");
	ck_assert_int_eq(a.house[BAO_NORTH], 0);
	ck_assert_int_eq(o.captured, 10);
	/* A3>: ends in the nyumba (7, a4 empty): stop keeps it. */
	ck_assert_int_eq(bt_judge(NULL, P92, "A3>", &a, &o), BAO_OK);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "0,0,2,1,7,1,1,1");
	ck_assert_int_eq(a.house[BAO_SOUTH], 1);
	ck_assert_int_eq(o.decision, 1);
	/* A3>+: the 7 seeds go on A4..A1, B1..B3; the nyumba is destroyed. */
	ck_assert_int_eq(bt_judge(NULL, P92, "A3>+", &a, &o), BAO_OK);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "1,1,3,2,0,1,1,1");
	ck_assert_int_eq(a.house[BAO_SOUTH], 0);
	ck_assert_int_eq(a.pit[BAO_SOUTH][13], 1);      /* B3 */
	/* A4>: a5 enters at A8 and ends in A3 facing a6; the direction is
	 * kept (anticlockwise), so a6 enters at A8 too and ends in the nyumba. */
	ck_assert_int_eq(bt_judge(NULL, P92, "A4>", &a, &o), BAO_OK);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "0,0,2,3,8,2,2,2");
	ck_assert_int_eq(bt_judge(NULL, P92, "A4>+", &a, &o), BAO_OK);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "1,1,3,4,0,2,2,2");
	ck_assert_int_eq(bt_judge(NULL, P92, "A4<", &a, &o), BAO_OK);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "1,1,2,3,7,1,0,0");
	ASSERT_CODE(NULL, P92, "A3<+", BAO_SAFARI_NO_DECISION);
	ASSERT_CODE(NULL, P92, "A4<+", BAO_SAFARI_NO_DECISION);
}
END_TEST

/* --- 9.3 a forced kichwa ------------------------------------------------ */

#define P93 "0,0,0,0,0,0,0,0/0,2,0,6,0,0,0,0/0,1,0,0,6,2,0,0/0,0,0,0,0,0,0,0 S 24,23 SN -"

START_TEST(kimbi_capture_forces_the_kichwa)
{
	char f[40];
	bao_pos a;
	bao_outcome o;
	ASSERT_TOKENS(NULL, P93, "A2< A2<+");
	ASSERT_CODE(NULL, P93, "A2>", BAO_KICHWA_FORCED);
	ASSERT_CODE(NULL, P93, "A6>", BAO_CAPTURE_REQUIRED);
	ASSERT_CODE(NULL, P93, "A5<", BAO_CAPTURE_REQUIRED);
	ASSERT_CODE(NULL, P93, "A3>", BAO_EMPTY_PIT);
	ASSERT_CODE(NULL, P93, "B2<", BAO_BACK_ROW_IN_NAMUA);
	ASSERT_CODE(NULL, P93, "a7>", BAO_WRONG_SIDE);
	/* A1, A2 get the two seeds; A2 relays into A3..A5: the nyumba stop. */
	ck_assert_int_eq(bt_judge(NULL, P93, "A2<", &a, &o), BAO_OK);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "1,0,1,1,7,2,0,0");
	ck_assert_int_eq(bt_judge(NULL, P93, "A2<+", &a, &o), BAO_OK);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "1,0,1,1,0,3,1,1");
}
END_TEST

/* --- 9.4 namu takata: tax, nyumba, singletons ---------------------------- */

#define P94A "0,0,0,0,0,0,0,0/0,0,3,6,0,0,0,0/0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 S 25,24 SN -"
#define P94C "0,0,0,0,0,0,0,0/0,0,3,6,0,0,0,0/0,1,0,0,0,3,0,0/0,0,0,0,0,0,0,0 S 26,25 N -"

START_TEST(tax_sows_two_and_keeps_the_nyumba)
{
	char f[40];
	bao_pos a;
	bao_outcome o;
	ASSERT_TOKENS(NULL, P94A, "A5>* A5<*");
	ck_assert_int_eq(bt_judge(NULL, P94A, "A5>", &a, &o), BAO_OK);
	ck_assert_int_eq(o.kind, BAO_NX);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "0,0,0,0,5,1,1,0");
	ck_assert_int_eq(a.house[BAO_SOUTH], 1);
	ck_assert_int_eq(o.sown, 2);
}
END_TEST

START_TEST(nyumba_placement_rule)
{
	ASSERT_CODE(NULL, P91_0, "A5>", BAO_NYUMBA_PLACEMENT);
	ASSERT_CODE(NULL, P91_0, "A5<", BAO_NYUMBA_PLACEMENT);
}
END_TEST

START_TEST(singleton_placement_without_a_nyumba)
{
	char f[40];
	bao_pos a;
	bao_outcome o;
	ASSERT_TOKENS(NULL, P94C, "A6>* A6<*");
	ASSERT_CODE(NULL, P94C, "A2>", BAO_SINGLETON_PLACEMENT);
	/* A6< sows A5..A2; A2 relays two seeds into A1, B1. */
	ck_assert_int_eq(bt_judge(NULL, P94C, "A6<", &a, &o), BAO_OK);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "1,0,1,1,1,0,0,0");
	ck_assert_int_eq(a.pit[BAO_SOUTH][15], 1);      /* B1 */
	ck_assert_int_eq(o.laps, 2);
}
END_TEST

/* South's nyumba holds 5: not functional before the seed, so it is an
 * ordinary pit of 2 or more for the placement rule (spec 3, "When
 * functional is judged"), and lifting it destroys it. */
#define P_NYUMBA5 "0,0,0,0,0,0,0,9/0,0,2,6,0,0,0,0/0,0,0,0,5,2,0,0/0,0,0,0,0,0,0,0 S 20,20 SN -"

START_TEST(placement_judges_the_nyumba_before_the_seed)
{
	bao_pos a;
	bao_outcome o;
	ck_assert_int_eq(bt_judge(NULL, P_NYUMBA5, "A5>", &a, &o), BAO_OK);
	ck_assert_int_eq(o.kind, BAO_NT);
	ck_assert_int_eq(a.house[BAO_SOUTH], 0);
	ck_assert_int_eq(a.pit[BAO_SOUTH][4], 0);
}
END_TEST

/* A7 gets the seed (2) and sows A6, A5: the lap ends in the functional
 * nyumba, which ends a namu takata (spec 4.2 step 3). */
#define P_NAMU_STOP "0,0,0,0,0,0,0,9/0,0,2,6,0,0,0,0/0,0,0,0,6,0,1,0/0,0,0,0,0,0,0,0 S 20,20 SN -"

START_TEST(namu_takata_ends_in_the_functional_nyumba)
{
	char f[40];
	bao_pos a;
	bao_outcome o;
	ck_assert_int_eq(bt_judge(NULL, P_NAMU_STOP, "A7<", &a, &o), BAO_OK);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "0,0,0,0,7,1,0,0");
	ck_assert_int_eq(o.laps, 1);
	ck_assert_int_eq(a.house[BAO_SOUTH], 1);
}
END_TEST

/* namua_house_means: the nyumba A5 (3) stands but is not functional. */
#define P_OWNED "14,0,0,0,0,0,0,0/0,0,0,0,0,0,0,2/0,1,0,0,3,0,0,0/0,0,0,0,0,0,0,0 S 22,22 SN -"
#define P_OWNED_ONLY "14,0,0,0,0,0,0,0/0,0,0,0,0,0,0,2/0,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0 S 23,22 SN -"

START_TEST(namua_house_means_owned)
{
	bao_rules owned;
	char why[100];
	bao_rules_default(&owned);
	ck_assert_int_eq(bao_rules_set(&owned, "namua_house_means=owned", why,
	                               sizeof why), 0);
	/* functional (default): no nyumba, so the pit of 2 or more. */
	ASSERT_TOKENS(NULL, P_OWNED, "A5>* A5<*");
	ASSERT_CODE(NULL, P_OWNED, "A2>", BAO_SINGLETON_PLACEMENT);
	/* owned: a standing nyumba, so anything but the nyumba. */
	ASSERT_TOKENS(&owned, P_OWNED, "A2>* A2<*");
	ASSERT_CODE(&owned, P_OWNED, "A5>", BAO_NYUMBA_PLACEMENT);
	/* The only occupied pit is a non-functional nyumba: its whole
	 * content is lifted, which destroys it (not a tax). */
	bao_pos a;
	bao_outcome o;
	ck_assert_int_eq(bt_judge(&owned, P_OWNED_ONLY, "A5>", &a, &o), BAO_OK);
	ck_assert_int_eq(o.kind, BAO_NT);
	ck_assert_int_eq(o.sown, 4);
	ck_assert_int_eq(a.house[BAO_SOUTH], 0);
}
END_TEST

/* --- 9.5 mtaji capture: kimbi reversal and kept direction ---------------- */

#define P95 "0,0,0,0,22,0,0,0/0,1,3,4,0,0,3,0/0,0,4,2,2,1,1,0/0,0,0,21,0,0,0,0 S 0,0 - -"

START_TEST(mtaji_capture_reverses_at_the_far_kimbi)
{
	char f[40];
	bao_pos a;
	bao_outcome o;
	ck_assert_int_eq(bt_judge(NULL, P95, "A5>", &a, &o), BAO_OK);
	ck_assert_int_eq(o.kind, BAO_MC);
	ck_assert_int_eq(o.laps, 4);
	ck_assert_int_eq(o.sown, 11);
	ck_assert_int_eq(o.captured, 6);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "0,0,5,3,1,1,4,2");
}
END_TEST

/* A namu chain: A3> enters a6's 7 seeds at A8 and ends in A2 facing a7;
 * A2 is a kimbi, so a7 enters at A1 clockwise (the empty A1 ends it). */
#define P_NAMU_KIMBI "0,0,0,0,0,0,0,20/0,1,7,0,0,0,0,1/0,1,1,0,0,0,0,0/13,0,0,0,0,0,0,0 S 10,10 - -"

START_TEST(namu_chain_capture_at_a_kimbi_reverses)
{
	char f[40];
	bao_pos a;
	bao_outcome o;
	ck_assert_int_eq(bt_judge(NULL, P_NAMU_KIMBI, "A3>", &a, &o), BAO_OK);
	ck_assert_int_eq(o.captured, 8);
	ck_assert_int_eq(o.laps, 2);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "1,2,3,1,1,1,1,1");
	ASSERT_CODE(NULL, P_NAMU_KIMBI, "A2>", BAO_KICHWA_FORCED);
}
END_TEST

/* --- 9.6 the 16-seed rule --------------------------------------------------- */

#define P96 "0,0,0,21,0,0,0,0/0,2,0,0,0,0,0,3/17,0,0,0,1,0,0,0/0,0,0,20,0,0,0,0 S 0,0 - -"

START_TEST(sixteen_seed_lap_passes_its_start_and_is_a_takata)
{
	bao_pos a;
	bao_outcome o;
	bao_legal l[BAO_MAX_MOVES];
	int n = bt_legal(NULL, P96, l);
	ck_assert_int_eq(n, 2);
	ck_assert_ptr_nonnull(bt_find(l, n, "A1>"));
	ck_assert_ptr_nonnull(bt_find(l, n, "A1<"));
	/* Worked out seed by seed: the 16th seed drops into A1, the 17th
	 * into A2, which relays (a takata captures nothing); 9 laps. */
	ck_assert_int_eq(bt_judge(NULL, P96, "A1>", &a, &o), BAO_OK);
	ck_assert_int_eq(o.laps, 9);
	ck_assert_int_eq(o.sown, 33);
	ASSERT_AFTER(NULL, P96, "A1>",
	             "0,0,0,21,0,0,0,0/0,2,0,0,0,0,0,3/2,1,2,0,3,0,2,0/"
	             "0,2,0,22,0,2,0,2 N 0,0 - a7");
	ck_assert_int_eq(bt_find(l, n, "A1>")->annotation, 2);
}
END_TEST

/* A1 (17) would end in A2 facing a7: a capture for a smaller pit. */
#define P_SIXTEEN "0,0,0,0,31,0,0,0/0,1,0,0,0,0,0,0/17,1,0,0,0,0,0,0/0,0,0,14,0,0,0,0 S 0,0 - -"

#define P_SIXTEEN_EXACT "0,0,0,23,0,0,0,0/0,0,1,0,0,0,0,0/0,1,16,0,0,0,0,0/0,0,0,0,0,23,0,0 S 0,0 - -"

START_TEST(pit_of_sixteen_or_more_never_captures)
{
	bao_rules r;
	bao_rules_default(&r);
	bao_pos p;
	bao_analysis a;
	bt_pos(&p, P_SIXTEEN);
	bao_analyse(&r, &p, &a);
	ck_assert_int_eq(a.raw_captures, 0);
	bao_outcome o;
	bao_pos after;
	ck_assert_int_eq(bt_judge(NULL, P_SIXTEEN, "A1>", &after, &o), BAO_OK);
	ck_assert_int_eq(o.kind, BAO_MT);
	ASSERT_CODE(NULL, P_SIXTEEN, "B4<", BAO_MTAJI_BACK_ROW);
	/* Exactly 16: A3's lap would come round to A3 itself, which faces
	 * the occupied a6, but it is a takata that ends in the emptied A3. */
	ASSERT_TOKENS(NULL, P_SIXTEEN_EXACT, "A3>* A3<*");
	ASSERT_CODE(NULL, P_SIXTEEN_EXACT, "B6>", BAO_MTAJI_BACK_ROW);
	ck_assert_int_eq(bt_judge(NULL, P_SIXTEEN_EXACT, "A3>", &after, &o),
	                 BAO_OK);
	ck_assert_int_eq(o.kind, BAO_MT);
	ck_assert_int_eq(o.laps, 1);
	ck_assert_int_eq(o.sown, 16);
}
END_TEST

/* --- 9.7 back-row takata and the front row ---------------------------- */

#define P97A "0,0,0,30,0,0,0,0/0,0,0,0,0,2,0,0/0,1,0,0,0,1,0,0/0,0,3,0,0,27,0,0 S 0,0 - -"
#define P97A2 "0,0,0,30,0,0,0,0/0,0,0,0,0,2,0,0/0,2,0,0,0,1,0,0/0,0,3,0,0,26,0,0 S 0,0 - -"
#define P97B "0,0,0,30,0,0,0,0/0,0,0,0,2,0,0,0/2,0,0,0,0,0,0,0/0,0,0,0,30,0,0,0 S 0,0 - -"

START_TEST(back_row_takata_only_without_front_pits_of_two)
{
	ASSERT_TOKENS(NULL, P97A, "B6<* B6>* B3<* B3>*");
	/* B3< sows B2, B1 and then A1. */
	bao_pos a;
	ck_assert_int_eq(bt_judge(NULL, P97A, "B3<", &a, NULL), BAO_OK);
	ck_assert_int_eq(a.pit[BAO_SOUTH][0], 1);
	ck_assert_int_eq(a.pit[BAO_SOUTH][13], 0);
	ASSERT_CODE(NULL, P97A, "A2>", BAO_TOO_FEW_SEEDS);
	ASSERT_CODE(NULL, P97A2, "B3<", BAO_MTAJI_BACK_ROW);
}
END_TEST

START_TEST(front_row_may_never_be_emptied)
{
	ASSERT_TOKENS(NULL, P97B, "A1>*");
	ASSERT_CODE(NULL, P97B, "A1<", BAO_FRONT_ROW_EMPTIED);
}
END_TEST

/* --- 9.8 takasia ----------------------------------------------------------- */

#define P98 "4,4,0,13,0,4,0,2/2,0,0,0,0,0,2,4/0,0,1,2,1,0,0,3/0,0,4,3,15,0,0,0 N 0,0 - -"
#define P98_AFTER "4,4,0,13,0,4,0,2/0,1,1,0,0,0,2,4/0,0,1,2,1,0,0,3/0,0,4,3,15,0,0,0 S 0,0 - A3"
#define P98_TWO "4,4,0,13,0,4,0,2/0,1,1,0,0,0,2,4/0,0,2,2,1,0,0,3/0,0,4,3,14,0,0,0 S 0,0 - A3"

START_TEST(takasia_arises_stops_laps_and_forbids_its_pit)
{
	char f[40];
	bao_pos a;
	bao_outcome o;
	bao_legal l[BAO_MAX_MOVES];
	int n = bt_legal(NULL, P98, l);
	const bao_legal *m = bt_find(l, n, "a8<");
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->annotation, 2);
	ASSERT_AFTER(NULL, P98, "a8<", P98_AFTER);
	/* A8< relays out of A5 and stops in the takasia pit A3. */
	ck_assert_int_eq(bt_judge(NULL, P98_AFTER, "A8<", &a, &o), BAO_OK);
	ck_assert_int_eq(o.laps, 2);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "0,0,2,3,0,1,1,0");
	ASSERT_CODE(NULL, P98_AFTER, "A3>", BAO_TOO_FEW_SEEDS);
	ASSERT_CODE(NULL, P98_TWO, "A3>", BAO_TAKASIA_START);
	/* Without the takasia the same move relays on out of A3. */
	bao_rules off;
	char why[80];
	bao_rules_default(&off);
	ck_assert_int_eq(bao_rules_set(&off, "takasia=off", why, sizeof why), 0);
	ck_assert_int_eq(bt_judge(&off, P98_AFTER, "A8<", &a, &o), BAO_OK);
	ck_assert_int_gt(o.laps, 2);
	ck_assert_int_eq(bt_judge(&off, P98_TWO, "A3>", &a, &o), BAO_OK);
	m = bt_find(l, bt_legal(&off, P98, l), "a8<");
	ck_assert_int_eq(m->annotation, 1);
}
END_TEST

/*
 * Takasia exemptions (spec 4.9).  South is to move after a North takata.
 * North's a1 (2) sows into a3, which faces A6: A6 is the one threatened
 * pit.  Each variant changes one thing.
 */
#define TK_BASE   "0,0,0,0,29,0,0,0/0,0,0,0,0,1,0,2/0,3,0,0,0,1,0,0/0,0,0,28,0,0,0,0 S 0,0 - -"
#define TK_ONLY2  "0,0,0,0,30,0,0,0/0,0,0,0,0,1,0,2/0,1,0,0,0,2,0,0/0,0,0,28,0,0,0,0 S 0,0 - -"
#define TK_TWO2   "0,0,0,0,29,0,0,0/0,0,0,0,0,1,0,2/0,2,0,0,0,2,0,0/0,0,0,28,0,0,0,0 S 0,0 - -"
#define TK_ALONE  "0,0,0,0,29,0,0,0/0,0,0,0,0,1,0,2/0,0,0,0,0,1,0,0/0,0,0,31,0,0,0,0 S 0,0 - -"
#define TK_CAPT   "0,0,0,0,29,0,0,0/0,0,0,0,0,1,0,2/0,3,0,2,0,1,0,0/0,0,0,26,0,0,0,0 S 0,0 - -"
#define TK_RESV   "0,0,0,0,29,0,0,0/0,0,0,0,0,1,0,2/0,3,0,0,0,1,0,0/0,0,0,27,0,0,0,0 S 1,0 - -"
#define TK_RESV_N "0,0,0,0,28,0,0,0/0,0,0,0,0,1,0,2/0,3,0,0,0,1,0,0/0,0,0,28,0,0,0,0 S 0,1 - -"
#define TK_PAIR   "0,0,0,0,27,0,2,0/0,0,0,0,0,1,0,2/0,3,0,0,0,1,0,1/0,0,0,27,0,0,0,0 S 0,0 - -"
/* North's a1 (3) sows into a4, which faces South's nyumba A5. */
#define TK_HOUSE  "0,0,0,0,28,0,0,0/0,0,0,0,1,0,0,3/0,2,0,0,6,0,0,0/0,0,0,24,0,0,0,0 S 0,0 S -"
#define TK_NOHOUSE "0,0,0,0,28,0,0,0/0,0,0,0,1,0,0,3/0,2,0,0,6,0,0,0/0,0,0,24,0,0,0,0 S 0,0 - -"

static int
takasia_of(const char *text, const char *rule)
{
	bao_rules r;
	char why[100];
	bao_rules_default(&r);
	if (rule)
		ck_assert_int_eq(bao_rules_set(&r, rule, why, sizeof why), 0);
	bao_pos p;
	bt_pos(&p, text);
	return bao_takasia_after(&r, &p);
}

START_TEST(takasia_exemptions)
{
	ck_assert_int_eq(takasia_of(TK_BASE, NULL), 5);           /* A6 */
	ck_assert_int_eq(takasia_of(TK_BASE, "takasia_exempt_singleton=on"), -1);
	ck_assert_int_eq(takasia_of(TK_BASE, "takasia=off"), -1);
	/* the only front pit holding more than one seed */
	ck_assert_int_eq(takasia_of(TK_ONLY2, NULL), -1);
	ck_assert_int_eq(takasia_of(TK_TWO2, NULL), 5);
	/* the only occupied front pit */
	ck_assert_int_eq(takasia_of(TK_ALONE, NULL), -1);
	/* South can capture (A4 sows into A6, facing a3) */
	ck_assert_int_eq(takasia_of(TK_CAPT, NULL), -1);
	/* reserves are not both empty */
	ck_assert_int_eq(takasia_of(TK_RESV, NULL), -1);
	ck_assert_int_eq(takasia_of(TK_RESV_N, NULL), -1);
	/* two pits threatened (b2 also sows into a1, facing A8) */
	ck_assert_int_eq(takasia_of(TK_PAIR, NULL), -1);
	/* the functional nyumba */
	ck_assert_int_eq(takasia_of(TK_HOUSE, NULL), -1);
	ck_assert_int_eq(takasia_of(TK_NOHOUSE, NULL), 4);
}
END_TEST

START_TEST(set_up_takasia_only_counts_without_captures)
{
	bao_rules r;
	bao_rules_default(&r);
	bao_pos p;
	bao_analysis a;
	bt_pos(&p, "0,0,0,0,29,0,0,0/0,0,0,0,0,1,0,2/0,3,0,0,0,1,0,0/"
	           "0,0,0,28,0,0,0,0 S 0,0 - A6");
	bao_analyse(&r, &p, &a);
	ck_assert_int_eq(a.takasia, 5);
	bt_pos(&p, "0,0,0,0,29,0,0,0/0,0,0,0,0,1,0,2/0,3,0,2,0,1,0,0/"
	           "0,0,0,26,0,0,0,0 S 0,0 - A6");
	bao_analyse(&r, &p, &a);
	ck_assert_int_eq(a.raw_captures, 1);
	ck_assert_int_eq(a.takasia, -1);
	/* A kichwa can be the takasia pit too (A8 holds 2). */
	ASSERT_TOKENS(NULL, "0,0,0,0,29,0,0,0/0,0,0,0,0,1,0,2/0,3,0,0,0,0,0,2/"
	              "0,0,0,27,0,0,0,0 S 0,0 - A8", "A2>* A2<*");
	ASSERT_CODE(NULL, "0,0,0,0,29,0,0,0/0,0,0,0,0,1,0,2/0,3,0,0,0,0,0,2/"
	            "0,0,0,27,0,0,0,0 S 0,0 - A8", "A8<", BAO_TAKASIA_START);
	/* In namu a takasia means nothing either. */
	bt_pos(&p, "0,0,0,0,29,0,0,0/0,0,0,0,0,1,0,2/0,3,0,0,0,1,0,0/"
	           "0,0,0,27,0,0,0,0 S 1,0 - A6");
	bao_analyse(&r, &p, &a);
	ck_assert_int_eq(a.takasia, -1);
}
END_TEST

/*
 * The takasia nyumba exception: South's functional nyumba A5 (14) sown
 * anticlockwise ends its first lap in the takasia pit A7.  By default it
 * relays on (A6, A5: 2 laps); with the exception off it stops (1 lap).
 */
#define P_EXCEPTION "0,0,0,0,31,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,14,0,1,0/0,0,0,17,0,0,0,0 S 0,0 S A7"

START_TEST(takasia_nyumba_exception)
{
	char f[40];
	bao_pos a;
	bao_outcome o;
	ck_assert_int_eq(bt_judge(NULL, P_EXCEPTION, "A5<", &a, &o), BAO_OK);
	ck_assert_int_eq(o.laps, 2);
	ck_assert_int_eq(o.sown, 16);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "1,1,1,1,1,1,0,1");
	bao_rules off;
	char why[80];
	bao_rules_default(&off);
	ck_assert_int_eq(bao_rules_set(&off, "takasia_nyumba_exception=off", why,
	                               sizeof why), 0);
	ck_assert_int_eq(bt_judge(&off, P_EXCEPTION, "A5<", &a, &o), BAO_OK);
	ck_assert_int_eq(o.laps, 1);
	ck_assert_int_eq(a.pit[BAO_SOUTH][6], 2);
}
END_TEST

/* --- the nyumba in mtaji ------------------------------------------------------ */

/* A7 (2) sows A6, A5: the functional nyumba relays (compulsory safari):
 * its 7 seeds go A4..A1, B1..B3, and it is destroyed. */
#define P_MTAJI_SAFARI "0,0,0,0,31,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,6,0,2,0/0,0,0,24,0,0,0,0 S 0,0 S -"

START_TEST(mtaji_lap_in_the_nyumba_relays)
{
	char f[40];
	bao_pos a;
	bao_outcome o;
	ck_assert_int_eq(bt_judge(NULL, P_MTAJI_SAFARI, "A7<", &a, &o), BAO_OK);
	ck_assert_int_eq(o.laps, 2);
	ck_assert_int_eq(o.sown, 9);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "1,1,1,1,0,1,0,0");
	ck_assert_int_eq(a.house[BAO_SOUTH], 0);
	ASSERT_CODE(NULL, P_MTAJI_SAFARI, "A7<+", BAO_SAFARI_NO_DECISION);
}
END_TEST

/*
 * mtaji_nyumba: A1 (2) sows A2, A3; A3 faces a6 (5), whose seeds enter
 * at A1 and end in the nyumba A5, now 6 (functional, counted after the
 * last seed) facing the empty a4.
 */
#define P_CHOICE "0,0,0,0,26,0,0,0/1,0,5,0,0,0,0,0/2,0,1,0,5,0,0,0/0,0,0,24,0,0,0,0 S 0,0 S -"

START_TEST(mtaji_nyumba_choice)
{
	char f[40];
	bao_pos a;
	bao_outcome o;
	ASSERT_TOKENS(NULL, P_CHOICE, "A1>");
	ck_assert_int_eq(bt_judge(NULL, P_CHOICE, "A1>", &a, &o), BAO_OK);
	ck_assert_int_eq(o.laps, 3);
	ck_assert_int_eq(o.sown, 13);
	ck_assert_int_eq(a.house[BAO_SOUTH], 0);
	ASSERT_CODE(NULL, P_CHOICE, "A1>+", BAO_SAFARI_NO_DECISION);
	bao_rules choice;
	char why[80];
	bao_rules_default(&choice);
	ck_assert_int_eq(bao_rules_set(&choice, "mtaji_nyumba=choice", why,
	                               sizeof why), 0);
	ASSERT_TOKENS(&choice, P_CHOICE, "A1> A1>+");
	ck_assert_int_eq(bt_judge(&choice, P_CHOICE, "A1>", &a, &o), BAO_OK);
	ck_assert_int_eq(o.laps, 2);
	ck_assert_str_eq(front(&a, BAO_SOUTH, f), "1,2,3,1,6,0,0,0");
	ck_assert_int_eq(a.house[BAO_SOUTH], 1);
	ck_assert_int_eq(bt_judge(&choice, P_CHOICE, "A1>+", &a, &o), BAO_OK);
	ck_assert_int_eq(o.laps, 3);
}
END_TEST

/* --- 9.9 never-ending moves ------------------------------------------------ */

#define P99 "4,0,0,4,0,6,0,5/4,0,7,0,10,3,0,0/1,2,5,0,3,0,1,2/0,1,2,0,1,0,3,0 S 0,0 - -"

START_TEST(never_ending_move_is_illegal)
{
	bao_pos a;
	bao_outcome o;
	ck_assert_int_eq(bt_judge(NULL, P99, "A8>", &a, &o), BAO_NEVER_ENDING);
	/* Found by a repeat, well before the lap limit. */
	ck_assert_int_eq(o.lap_cap, 0);
	ck_assert_int_lt(o.laps, 1000);
	ASSERT_TOKENS(NULL, P99, "A2>* A2<* A3>* A3<* A5>* A5<* A8<*");
}
END_TEST

/* --- the end of the game ----------------------------------------------------- */

/* A3 captures a6, North's last front seeds: bao hamna, at once, although
 * the lap ends in the occupied A2. */
#define P_HAMNA "0,0,0,0,0,0,19,20/0,0,2,0,0,0,0,0/1,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 S 10,10 - -"

START_TEST(bao_hamna_ends_the_move_and_the_game)
{
	ASSERT_TOKENS(NULL, P_HAMNA, "A3<# A3>#");
	bao_legal l[BAO_MAX_MOVES];
	int n = bt_legal(NULL, P_HAMNA, l);
	const bao_legal *m = bt_find(l, n, "A3<");
	ck_assert_int_eq(m->over, BAO_HAMNA);
	ck_assert_int_eq(m->winner, BAO_SOUTH);
	ck_assert_int_eq(m->outcome.laps, 1);
	ck_assert_int_eq(m->outcome.sown, 2);
	char f[40];
	ck_assert_str_eq(front(&m->after, BAO_SOUTH, f), "2,2,2,0,0,0,0,0");
}
END_TEST

/* A1> is South's only move; North is then left with single seeds. */
#define P_IMMOBILE "1,1,1,1,1,1,1,1/0,0,0,0,0,1,0,1/2,0,0,0,0,0,0,0/52,0,0,0,0,0,0,0 S 0,0 - -"

/*
 * South's A1> (3) sows A2, A3, A4.  North is left with single seeds in
 * a8, a6 and a2 and nothing behind: immobile.  South's A6 (3) would
 * then threaten a6 alone (its lap ends in A3), but a takata that ends the
 * game creates no takasia (spec 4.9), so the token is A1>*#.
 */
#define P_IMMOBILE_TK "0,0,0,0,0,0,0,0/1,0,1,0,0,0,1,0/3,0,0,0,0,3,0,0/0,0,0,0,0,0,0,55 S 0,0 - -"

START_TEST(immobile_opponent_loses)
{
	ASSERT_TOKENS(NULL, P_IMMOBILE, "A1>*#");
	bao_legal l[BAO_MAX_MOVES];
	int n = bt_legal(NULL, P_IMMOBILE, l);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(l[0].over, BAO_IMMOBILE);
	ck_assert_int_eq(l[0].winner, BAO_SOUTH);
	/* Set up with North to move, the game is already over. */
	bao_rules r;
	bao_rules_default(&r);
	bao_game g;
	bao_game_start(&g, &r, &l[0].after);
	ck_assert_int_eq(g.over, BAO_IMMOBILE);
	ck_assert_int_eq(g.winner, BAO_SOUTH);
	ck_assert_str_eq(bao_result_text(&g), "1-0");

	ASSERT_TOKENS(NULL, P_IMMOBILE_TK, "A1>*# A1<*# A6>*# A6<*#");
	n = bt_legal(NULL, P_IMMOBILE_TK, l);
	const bao_legal *m = bt_find(l, n, "A1>");
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->over, BAO_IMMOBILE);
	ck_assert_int_eq(m->annotation, 1);
	char f[BAO_POS_TEXT];
	ck_assert_str_eq(bt_fmt(&m->after, f), "0,0,0,0,0,0,0,0/1,0,1,0,0,0,1,0/"
	                 "0,1,1,1,0,3,0,0/0,0,0,0,0,0,0,55 N 0,0 - -");
}
END_TEST

START_TEST(set_up_with_an_empty_front_row_is_over)
{
	bao_rules r;
	bao_rules_default(&r);
	bao_pos p;
	bao_game g;
	/* North to move, South's front row empty: North has won. */
	bt_pos(&p, "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0/"
	           "0,0,0,0,10,0,0,0 N 22,22 SN -");
	bao_game_start(&g, &r, &p);
	ck_assert_int_eq(g.over, BAO_HAMNA);
	ck_assert_int_eq(g.winner, BAO_NORTH);
	ck_assert_str_eq(bao_result_text(&g), "0-1");
	bao_pos_initial(&p);
	bao_game_start(&g, &r, &p);
	ck_assert_int_eq(g.over, BAO_ONGOING);
}
END_TEST

/* --- positions and tokens ------------------------------------------------------ */

START_TEST(baopos_round_trip_and_errors)
{
	static const char *const good[] = {
		P91_0, P98_AFTER, P99, P_EXCEPTION,
		"0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N 64,0 - -",
	};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		bao_pos p;
		char f[BAO_POS_TEXT];
		bt_pos(&p, good[i]);
		ck_assert_str_eq(bt_fmt(&p, f), good[i]);
	}
	/* Each refused, with the reason naming the field that is wrong. */
	static const struct { const char *text, *why; } bad[] = {
		{ "", "a count is" },
		{ "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,21 SN -", "add up to 63" },
		{ "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0 S 22,22 SN -", "8 counts" },
		{ "0,0,0,0,0,0,0,0/0,2,2,06,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 SN -", "leading zeros" },
		{ "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,00 S 22,22 SN -", "leading zeros" },
		{ "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 X 22,22 SN -", "side to move" },
		{ "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 022,22 SN -", "reserves" },
		{ "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 NS -", "nyumbas" },
		{ "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 SNS -", "nyumbas" },
		{ "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 SN a3", "takasia" },
		{ "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 SN B3", "takasia" },
		{ "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 SN - ", "takasia" },
		{ "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0  S 22,22 SN -", "side to move" },
		{ "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,1000 S 22,22 SN -", "a count is" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		bao_pos p;
		char why[200];
		ck_assert_msg(bao_pos_parse(&p, bad[i].text, strlen(bad[i].text), why,
		                            sizeof why) != 0, "accepted '%s'", bad[i].text);
		ck_assert_msg(strstr(why, bad[i].why) != NULL, "'%s': %s", bad[i].text, why);
	}
}
END_TEST

/* NOT_LEGAL is the spec's fallback: every illegal ply gets one of the
 * other codes first, so only its wording can be pinned. */
START_TEST(not_legal_fallback_wording)
{
	bao_rules r;
	bao_pos p;
	bao_analysis a;
	bao_outcome o;
	bao_rules_default(&r);
	bao_pos_initial(&p);
	bao_analyse(&r, &p, &a);
	memset(&o, 0, sizeof o);
	bao_move m = { BAO_SOUTH, 3, BAO_SIGN_RIGHT, 0 };
	char msg[200];
	bao_explain(&r, &p, &a, &m, &o, BAO_NOT_LEGAL, "A4>", msg, sizeof msg);
	ck_assert_str_eq(msg, "'A4>': not a legal move in this position");
	ck_assert_str_eq(bao_code_name(BAO_NOT_LEGAL), "NOT_LEGAL");
	ck_assert_str_eq(bao_code_name(BAO_MTAJI_BACK_ROW), "MTAJI_BACK_ROW");
}
END_TEST

START_TEST(rule_options_are_checked)
{
	bao_rules r;
	char why[300];
	bao_rules_default(&r);
	ck_assert(bao_rules_is_default(&r));
	ck_assert_int_eq(r.takasia, 1);
	ck_assert_int_eq(r.takasia_nyumba_exception, 1);
	ck_assert_int_eq(r.takasia_exempt_singleton, 0);
	ck_assert_int_eq(r.mtaji_nyumba_choice, 0);
	ck_assert_int_eq(r.namua_house_owned, 0);
	ck_assert_int_eq(bao_rules_set(&r, "takasia=maybe", why, sizeof why), -1);
	ck_assert_str_eq(why, "rule takasia takes on or off, not 'maybe'");
	ck_assert_int_eq(bao_rules_set(&r, "tax=3", why, sizeof why), -1);
	ck_assert_int_eq(bao_rules_set(&r, "mtaji_nyumba=continue", why,
	                               sizeof why), 0);
	ck_assert(bao_rules_is_default(&r));
}
END_TEST

Suite *
bao_rules_suite(void)
{
	Suite *s = suite_create("bao-rules");
	TCase *tc = tcase_create("spec-examples");
	tcase_add_test(tc, initial_position_is_the_spec_s);
	tcase_add_test(tc, opening_namu_takata_moves);
	tcase_add_test(tc, namu_capture_is_compulsory_and_relays);
	tcase_add_test(tc, central_namu_capture_chooses_the_kichwa);
	tcase_add_test(tc, namu_capture_chains_and_stop_or_safari);
	tcase_add_test(tc, kimbi_capture_forces_the_kichwa);
	tcase_add_test(tc, tax_sows_two_and_keeps_the_nyumba);
	tcase_add_test(tc, nyumba_placement_rule);
	tcase_add_test(tc, singleton_placement_without_a_nyumba);
	tcase_add_test(tc, mtaji_capture_reverses_at_the_far_kimbi);
	tcase_add_test(tc, sixteen_seed_lap_passes_its_start_and_is_a_takata);
	tcase_add_test(tc, back_row_takata_only_without_front_pits_of_two);
	tcase_add_test(tc, front_row_may_never_be_emptied);
	tcase_add_test(tc, takasia_arises_stops_laps_and_forbids_its_pit);
	tcase_add_test(tc, never_ending_move_is_illegal);
	suite_add_tcase(s, tc);
	tc = tcase_create("more-rules");
	tcase_add_test(tc, placement_judges_the_nyumba_before_the_seed);
	tcase_add_test(tc, namu_takata_ends_in_the_functional_nyumba);
	tcase_add_test(tc, namua_house_means_owned);
	tcase_add_test(tc, namu_chain_capture_at_a_kimbi_reverses);
	tcase_add_test(tc, pit_of_sixteen_or_more_never_captures);
	tcase_add_test(tc, takasia_exemptions);
	tcase_add_test(tc, set_up_takasia_only_counts_without_captures);
	tcase_add_test(tc, takasia_nyumba_exception);
	tcase_add_test(tc, mtaji_lap_in_the_nyumba_relays);
	tcase_add_test(tc, mtaji_nyumba_choice);
	tcase_add_test(tc, bao_hamna_ends_the_move_and_the_game);
	tcase_add_test(tc, immobile_opponent_loses);
	tcase_add_test(tc, set_up_with_an_empty_front_row_is_over);
	tcase_add_test(tc, baopos_round_trip_and_errors);
	tcase_add_test(tc, rule_options_are_checked);
	tcase_add_test(tc, not_legal_fallback_wording);
	suite_add_tcase(s, tc);
	return s;
}
