/*
 * Legal plays compared with GNU Backgammon, the oracle at test time.
 *
 * Positions come from random self-play by the engine with a fixed seed,
 * written as Position IDs with a roll each.  gnubg lists its legal moves
 * for each (tests/backgammon/gnubg/legal_moves.py, run inside gnubg) and
 * computes the position after each from its own parse of its move text.
 * The sets of positions after a legal play must be equal, and the sheet
 * text of each (7.3) must be gnubg's text for it.
 *
 * NT_GNUBG_SAMPLES=N and NT_GNUBG_SEED=S make a deeper run than the
 * default 300 samples (for a one-off sweep; make check keeps it quick).
 *
 * Without gnubg the test says "SKIPPED: gnubg not installed" and passes,
 * unless NT_REQUIRE_GNUBG=1 (CI installs gnubg through tools/deps.sh).
 * NT_GNUBG=PATH picks the gnubg binary.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/support.h"
#include "test_movegen_util.h"

#define DEFAULT_SAMPLES 300
#define MAX_SAMPLES 1000000
#define SCRIPT "tests/backgammon/gnubg/legal_moves.py"

typedef struct sample {
	bg_pos pos;
	int mover;
	int d1, d2;
	char id[BG_POSID_LEN + 1];
} sample;

/* $NT_GNUBG names the binary (empty: pretend it is missing). */
static const char *
find_gnubg(void)
{
	const char *env = getenv("NT_GNUBG");
	if (env != NULL)
		return *env != '\0' && access(env, X_OK) == 0 ? env : NULL;
	static const char *const paths[] = { "/usr/games/gnubg", "/usr/bin/gnubg",
	                                     "/usr/local/bin/gnubg", NULL };
	for (int i = 0; paths[i] != NULL; i++)
		if (access(paths[i], X_OK) == 0)
			return paths[i];
	return NULL;
}

/* Random self-play; a sample is taken at about one roll in three. */
static void
make_samples(sample *out, int n, uint64_t seed)
{
	tm_rng rng = { seed };
	bg_playlist *list = malloc(sizeof *list);
	ck_assert_ptr_nonnull(list);
	bg_pos pos;
	int mover = 0, got = 0, fresh = 1;
	while (got < n) {
		if (fresh) {
			bg_pos_start(&pos);
			mover = (int)(tm_next(&rng) & 1u);
			fresh = 0;
		}
		int d1 = tm_die(&rng), d2 = tm_die(&rng);
		if (tm_next(&rng) % 3 == 0) {
			sample *s = &out[got++];
			s->pos = pos;
			s->mover = mover;
			s->d1 = d1;
			s->d2 = d2;
			bg_posid_encode(&pos, mover, s->id);
		}
		bg_legal_plays(&pos, mover, d1, d2, list);
		if (list->count > 0)
			pos = list->plays[tm_next(&rng) % (uint64_t)list->count].after;
		if (pos.n[mover][BG_OFF] == BG_CHECKERS)
			fresh = 1;
		mover = 1 - mover;
	}
	free(list);
}

/* One output line of the script, checked against the engine's list. */
static void
compare_line(char *line, const sample *s, bg_playlist *list)
{
	char head[64];
	snprintf(head, sizeof head, "%s %d %d\t", s->id, s->d1, s->d2);
	ck_assert_msg(strncmp(line, head, strlen(head)) == 0,
	              "gnubg answered '%.40s' for '%s'", line, head);
	char *p = line + strlen(head);
	int gcount = (int)strtol(p, &p, 10);
	bg_legal_plays(&s->pos, s->mover, s->d1, s->d2, list);
	ck_assert_msg(gcount == list->count, "%s %d-%d: gnubg lists %d moves, the engine %d",
	              s->id, s->d1, s->d2, gcount, list->count);
	int matched = 0;
	while (*p == '\t') {
		char *rid = p + 1;
		char *text = strchr(rid, ' ');
		ck_assert_ptr_nonnull(text);
		*text++ = '\0';
		char *end = strchr(text, '\t');
		if (end != NULL)
			*end = '\0';
		int found = 0;
		for (int i = 0; i < list->count && !found; i++) {
			char id[BG_POSID_LEN + 1], mine[BG_TEXT_MAX];
			const bg_play *pl = &list->plays[i];
			bg_posid_encode(&pl->after, s->mover, id);
			if (strcmp(id, rid) != 0)
				continue;
			found = 1;
			bg_sheet_text(&s->pos, s->mover, pl->steps, pl->nsteps, mine, sizeof mine);
			ck_assert_msg(strcmp(mine, text) == 0, "%s %d-%d: gnubg writes '%s', the engine '%s'",
			              s->id, s->d1, s->d2, text, mine);
		}
		ck_assert_msg(found, "%s %d-%d: gnubg's %s (%s) is not among the engine's plays",
		              s->id, s->d1, s->d2, text, rid);
		matched++;
		if (end == NULL)
			break;
		*end = '\t';
		p = end;
	}
	ck_assert_int_eq(matched, gcount);
}

START_TEST(legal_plays_match_gnubg)
{
	const char *gnubg = find_gnubg();
	if (gnubg == NULL) {
		const char *req = getenv("NT_REQUIRE_GNUBG");
		printf("SKIPPED: gnubg not installed (backgammon legal plays not compared)\n");
		fflush(stdout);
		ck_assert_msg(req == NULL || strcmp(req, "1") != 0,
		              "NT_REQUIRE_GNUBG=1 but gnubg is not installed");
		return;
	}
	ck_assert_msg(access(SCRIPT, R_OK) == 0, "run from the top of the checkout: no %s", SCRIPT);
	const char *want = getenv("NT_GNUBG_SAMPLES"), *seed_text = getenv("NT_GNUBG_SEED");
	int count = want != NULL ? atoi(want) : DEFAULT_SAMPLES;
	ck_assert_msg(count > 0 && count <= MAX_SAMPLES, "NT_GNUBG_SAMPLES must be 1 to %d", MAX_SAMPLES);
	uint64_t seed = seed_text != NULL ? strtoull(seed_text, NULL, 0) : 0x9e3779b97f4a7c15ull;
	sample *samples = malloc((size_t)count * sizeof *samples);
	ck_assert_ptr_nonnull(samples);
	make_samples(samples, count, seed != 0 ? seed : 1);

	char *dir = ts_tmpdir();
	char in[512], out[512], cmd[2048], cwd[512];
	snprintf(in, sizeof in, "%s/in.txt", dir);
	snprintf(out, sizeof out, "%s/out.txt", dir);
	FILE *f = fopen(in, "w");
	ck_assert_ptr_nonnull(f);
	for (int i = 0; i < count; i++)
		fprintf(f, "%s %d %d\n", samples[i].id, samples[i].d1, samples[i].d2);
	fclose(f);
	ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
	/* gnubg writes its board and banners to stdout: keep them out of the way. */
	snprintf(cmd, sizeof cmd,
	         "cd '%s' && HOME='%s' NT_GNUBG_IN='%s' NT_GNUBG_OUT='%s' '%s' -t -q -p '%s/%s' >'%s/log.txt' 2>&1",
	         dir, dir, in, out, gnubg, cwd, SCRIPT, dir);
	int rc = system(cmd);
	ck_assert_msg(rc == 0, "gnubg failed (%d): see %s/log.txt", rc, dir);

	size_t len;
	char *text = ts_read_file(out, &len);
	ck_assert_msg(text != NULL, "gnubg wrote no %s", out);
	bg_playlist *list = malloc(sizeof *list);
	ck_assert_ptr_nonnull(list);
	int lines = 0;
	char *save = NULL;
	for (char *line = strtok_r(text, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save)) {
		ck_assert_int_lt(lines, count);
		compare_line(line, &samples[lines], list);
		lines++;
	}
	ck_assert_int_eq(lines, count);
	free(samples);
	free(list);
	free(text);
	ts_rmtree(dir);
	free(dir);
}
END_TEST

Suite *
backgammon_gnubg_suite(void)
{
	Suite *s = suite_create("backgammon-gnubg");
	TCase *tc = tcase_create("legal-plays");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, legal_plays_match_gnubg);
	suite_add_tcase(s, tc);
	return s;
}
