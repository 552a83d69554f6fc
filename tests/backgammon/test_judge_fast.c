/*
 * bg_judge decides the common plays on a fast path (bg_judge_fast) and
 * leaves the rest to the full interpretation search of spec 5.2-5.4
 * (bg_judge_search).  The two must agree on every roll: these tests judge
 * every roll of the shared corpus (all folders, as the replay meets them)
 * and many plays written in many ways on random self-play positions both
 * ways, and compare the whole judgement (verdict, code, position after,
 * chosen steps, every detail field), its message and the mat and sheet
 * texts of the chosen steps.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/backgammon/engine_int.h"
#include "games/backgammon/record.h"
#include "games/backgammon/replay.h"
#include "support/support.h"
#include "support/text_run.h"

typedef struct judge_stats {
	long rolls;         /* judged */
	long fast;          /* decided by the fast path */
	const char *where;  /* for failure messages */
} judge_stats;

static void
roll_text(const bg_roll *roll, char *buf, size_t size)
{
	size_t len = (size_t)snprintf(buf, size, "%d-%d:", roll->die1, roll->die2);
	for (int i = 0; !roll->nothing && i < roll->nhops && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, " %d/%d%s",
		                        roll->hops[i].from, roll->hops[i].to,
		                        roll->hops[i].star ? "*" : "");
}

static int
steps_equal(const bg_step *a, const bg_step *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i].from != b[i].from || a[i].to != b[i].to ||
		    a[i].die != b[i].die || a[i].hit != b[i].hit)
			return 0;
	return 1;
}

/* Every field of two judgements, by name (padding plays no part). */
static const char *
judgement_diff(const bg_judgement *a, const bg_judgement *b)
{
	if (a->verdict != b->verdict)
		return "verdict";
	if (a->code != b->code)
		return "code";
	if (a->mover != b->mover || a->die1 != b->die1 || a->die2 != b->die2)
		return "mover or dice";
	if (a->max_dice != b->max_dice)
		return "max_dice";
	if (!bg_pos_equal(&a->after, &b->after))
		return "position after";
	if (a->nsteps != b->nsteps || !steps_equal(a->steps, b->steps, a->nsteps))
		return "chosen steps";
	if (a->unplayed_legal != b->unplayed_legal)
		return "unplayed_legal";
	if (a->mismatch != b->mismatch || a->bad_hop != b->bad_hop ||
	    a->hop.from != b->hop.from || a->hop.to != b->hop.to ||
	    a->hop.star != b->hop.star || a->nhops != b->nhops)
		return "mismatch details";
	if (a->none_faults != b->none_faults)
		return "none_faults";
	if (!steps_equal(&a->fail, &b->fail, 1) || a->steps_made != b->steps_made ||
	    a->fail_had != b->fail_had || a->blockers != b->blockers ||
	    a->bar_count != b->bar_count || a->outside != b->outside ||
	    a->highest != b->highest || a->highest_count != b->highest_count)
		return "step failure details";
	if (a->used_dice != b->used_dice || a->larger_die != b->larger_die)
		return "dice details";
	if (a->missing != b->missing || a->spurious_point != b->spurious_point ||
	    a->spurious != b->spurious || a->spurious_count != b->spurious_count)
		return "hit marker details";
	if (strcmp(a->example, b->example) != 0)
		return "example";
	return NULL;
}

/* What the records code makes of a judgement: its message and its texts. */
static void
outputs(const bg_pos *before, int mover, const bg_judgement *j,
        const char *cell, char *msg, char *mat, char *sheet)
{
	bg_judge_message(j, cell, strlen(cell), "'Ann'", "'Bob'", msg,
	                 NT_MSG_MAX);
	bg_mat_text(before, mover, j->steps, j->nsteps, mat, BG_TEXT_MAX);
	bg_sheet_text(before, mover, j->steps, j->nsteps, sheet, BG_TEXT_MAX);
}

/*
 * Judges ROLL both ways (and as bg_judge does); fails on any difference.
 * GOT, when not NULL, is the judgement the replay already made.
 */
static void
compare(const bg_pos *before, int mover, const bg_roll *roll, int strict,
        const bg_judgement *got, judge_stats *st)
{
	bg_judgement full, fast, both;
	char cell[160];
	roll_text(roll, cell, sizeof cell);
	bg_judge_search(before, mover, roll, strict, &full);
	bg_judge(before, mover, roll, strict, &both);
	const char *d = judgement_diff(&both, &full);
	ck_assert_msg(d == NULL, "%s: '%s' (mover %d, strict %d): bg_judge and "
	              "the search differ in %s", st->where, cell, mover, strict, d);
	if (got != NULL) {
		d = judgement_diff(got, &full);
		ck_assert_msg(d == NULL, "%s: '%s': the replay's judgement and the "
		              "search differ in %s", st->where, cell, d);
	}
	st->rolls++;
	if (!bg_judge_fast(before, mover, roll, &fast))
		return;
	st->fast++;
	d = judgement_diff(&fast, &full);
	ck_assert_msg(d == NULL, "%s: '%s' (mover %d, strict %d): the fast path "
	              "and the search differ in %s", st->where, cell, mover,
	              strict, d);
	static char m1[NT_MSG_MAX], m2[NT_MSG_MAX];
	char mat1[BG_TEXT_MAX], mat2[BG_TEXT_MAX], sh1[BG_TEXT_MAX],
	     sh2[BG_TEXT_MAX];
	outputs(before, mover, &fast, cell, m1, mat1, sh1);
	outputs(before, mover, &full, cell, m2, mat2, sh2);
	ck_assert_str_eq(m1, m2);
	ck_assert_str_eq(mat1, mat2);
	ck_assert_str_eq(sh1, sh2);
}

/* ------------------------------------------------------ the corpus */

static void
on_judged(void *ctx, const bg_pos *before, int mover, const bg_roll *roll,
          int strict, const bg_judgement *j)
{
	compare(before, mover, roll, strict, j, ctx);
}

/* Reads TEXT as the check command does, judging every roll both ways. */
static void
replay_text(const char *name, const char *text, int strict, judge_stats *st)
{
	ts_text_run *t = malloc(sizeof *t);
	ck_assert_ptr_nonnull(t);
	ts_text_run_init(t, name, text, strlen(text));
	t->opts.strict = strict;
	bg_replay *rp = malloc(sizeof *rp);
	bg_parse *p = malloc(sizeof *p);
	ck_assert(rp != NULL && p != NULL);
	bg_replay_init(rp, &t->run, NULL);
	rp->judged = on_judged;
	rp->judged_ctx = st;
	ck_assert_int_eq(bg_parse_init(p, &t->run, rp), 0);
	st->where = name;
	bg_parse_all(p);
	bg_parse_free(p);
	free(p);
	free(rp);
	free(t);
}

START_TEST(corpus_rolls_both_ways)
{
	static const char *const folders[] = {
		"mat", "sheet", "illegal", "strict", "real", "real-bulk", NULL
	};
	judge_stats st = { 0, 0, NULL };
	int files = 0;
	for (int f = 0; folders[f] != NULL; f++) {
		char rel[64], dir[512], path[1024];
		snprintf(rel, sizeof rel, "corpus/backgammon/%s", folders[f]);
		ts_shared(rel, dir, sizeof dir);
		DIR *d = opendir(dir);
		ck_assert_msg(d != NULL, "cannot open %s", dir);
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			const char *dot = strrchr(e->d_name, '.');
			if (dot == NULL || (strcmp(dot, ".mat") != 0 &&
			                    strcmp(dot, ".bg") != 0 &&
			                    strcmp(dot, ".txt") != 0))
				continue;
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			char *text = ts_read_file(path, NULL);
			ck_assert_msg(text != NULL, "cannot read %s", path);
			replay_text(path, text, 0, &st);
			/* --strict only changes what the search says of markers. */
			if (strcmp(folders[f], "real-bulk") != 0)
				replay_text(path, text, 1, &st);
			free(text);
			files++;
		}
		closedir(d);
	}
	ck_assert_int_gt(files, 400);
	/* Both paths ran on tens of thousands of rolls, most of them fast. */
	ck_assert_int_gt(st.rolls, 20000);
	ck_assert_int_gt(st.fast, st.rolls / 2);
}
END_TEST

/* -------------------------------------------------- random positions */

static unsigned
rnd(unsigned long long *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(*s >> 33);
}

/* The hops a mat writer gives STEPS (one per step, `*` on hits). */
static int
step_hops(const bg_step *steps, int n, bg_hop *hops)
{
	for (int i = 0; i < n; i++) {
		hops[i].from = steps[i].from;
		hops[i].to = steps[i].to;
		hops[i].star = steps[i].hit;
	}
	return n;
}

static void
judge_hops(const bg_pos *pos, int mover, int d1, int d2, const bg_hop *hops,
           int n, judge_stats *st)
{
	bg_roll roll;
	memset(&roll, 0, sizeof roll);
	roll.die1 = d1;
	roll.die2 = d2;
	roll.hops = hops;
	roll.nhops = n;
	roll.nothing = n == 0;
	compare(pos, mover, &roll, 0, NULL, st);
	compare(pos, mover, &roll, 1, NULL, st);
}

/* A legal play written in many ways, right and wrong. */
static void
judge_variants(const bg_pos *pos, int mover, int d1, int d2,
               const bg_play *play, unsigned long long *seed,
               judge_stats *st)
{
	bg_hop hops[16], v[16];
	int n = step_hops(play->steps, play->nsteps, hops);
	judge_hops(pos, mover, d1, d2, hops, n, st);
	/* The dice the other way round. */
	judge_hops(pos, mover, d2, d1, hops, n, st);
	/* Shuffled. */
	memcpy(v, hops, sizeof v);
	for (int i = n - 1; i > 0; i--) {
		int k = (int)(rnd(seed) % (unsigned)(i + 1));
		bg_hop t = v[i];
		v[i] = v[k];
		v[k] = t;
	}
	judge_hops(pos, mover, d1, d2, v, n, st);
	/* The canonical sheet text, paths chained. */
	bg_path paths[4];
	int np = bg_chain_paths(pos, mover, play->steps, play->nsteps, paths);
	int nh = bg_paths_hops(pos, mover, paths, np, v);
	judge_hops(pos, mover, d1, d2, v, nh, st);
	/* Without stars; with a star toggled. */
	memcpy(v, hops, sizeof v);
	for (int i = 0; i < n; i++)
		v[i].star = 0;
	judge_hops(pos, mover, d1, d2, v, n, st);
	if (n > 0) {
		memcpy(v, hops, sizeof v);
		int k = (int)(rnd(seed) % (unsigned)n);
		v[k].star = !v[k].star;
		judge_hops(pos, mover, d1, d2, v, n, st);
		/* One hop ending a point off, or the last hop dropped. */
		memcpy(v, hops, sizeof v);
		if (v[k].to > 0 && v[k].to + 1 < v[k].from)
			v[k].to = (unsigned char)(v[k].to + (rnd(seed) % 2 ? 1 : -1));
		judge_hops(pos, mover, d1, d2, v, n, st);
		judge_hops(pos, mover, d1, d2, hops, n - 1, st);
	}
	/* Two hops of one checker joined into one. */
	if (n >= 2 && hops[0].to == hops[1].from) {
		memcpy(v, hops + 1, sizeof *v * (size_t)(n - 1));
		v[0].from = hops[0].from;
		judge_hops(pos, mover, d1, d2, v, n - 1, st);
	}
}

/* Hops nobody would write: any from, any lower to, stars at random. */
static void
judge_random_hops(const bg_pos *pos, int mover, int d1, int d2,
                  unsigned long long *seed, judge_stats *st)
{
	bg_hop v[4];
	int n = 1 + (int)(rnd(seed) % 4);
	for (int i = 0; i < n; i++) {
		v[i].from = (unsigned char)(1 + rnd(seed) % 25);
		v[i].to = (unsigned char)(rnd(seed) % v[i].from);
		if (v[i].to > 0 && rnd(seed) % 3)
			v[i].to = (unsigned char)(v[i].from > d1 ? v[i].from - d1 : 0);
		v[i].star = rnd(seed) % 4 == 0;
	}
	judge_hops(pos, mover, d1, d2, v, n, st);
}

START_TEST(random_positions_both_ways)
{
	bg_playlist *list = malloc(sizeof *list);
	ck_assert_ptr_nonnull(list);
	unsigned long long seed = 20240611;
	judge_stats st = { 0, 0, "random self-play" };
	long positions = 0;
	for (int game = 0; game < 24; game++) {
		bg_pos pos;
		bg_pos_start(&pos);
		int mover = game % 2;
		for (int turn = 0; turn < 400; turn++) {
			int d1 = 1 + (int)(rnd(&seed) % 6), d2 = 1 + (int)(rnd(&seed) % 6);
			int count = bg_legal_plays(&pos, mover, d1, d2, list);
			positions++;
			judge_hops(&pos, mover, d1, d2, NULL, 0, &st);
			for (int k = 0; k < 3 && count > 0; k++) {
				const bg_play *p = &list->plays[rnd(&seed) % (unsigned)count];
				judge_variants(&pos, mover, d1, d2, p, &seed, &st);
			}
			judge_random_hops(&pos, mover, d1, d2, &seed, &st);
			if (count > 0)
				pos = list->plays[rnd(&seed) % (unsigned)count].after;
			if (pos.n[mover][BG_OFF] == BG_CHECKERS)
				break;
			mover = 1 - mover;
		}
	}
	free(list);
	ck_assert_int_gt(positions, 1200);
	ck_assert_int_gt(st.fast, st.rolls / 5);
}
END_TEST

Suite *
backgammon_judge_fast_suite(void)
{
	Suite *s = suite_create("backgammon-judge-fast");
	TCase *tc = tcase_create("both ways");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, corpus_rolls_both_ways);
	tcase_add_test(tc, random_positions_both_ways);
	suite_add_tcase(s, tc);
	return s;
}
