/*
 * Properties over games the engine plays against itself (uniform random
 * legal moves, fixed seeds): seeds are conserved, a takata never leaves
 * its mover's front row empty, every legal move's token reads back as
 * that move and distinct moves have distinct tokens, and a written game
 * replays to the same positions, is legal, and is already canonical.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bao/bao_test.h"
#include "games/bao/record.h"
#include "support/support.h"

#define GAMES 60
#define MAX_PLIES 400

static int
front_seeds(const bao_pos *p, int side)
{
	int n = 0;
	for (int i = 0; i < 8; i++)
		n += p->pit[side][i];
	return n;
}

/* The move a token names, as the transcript reader would read it. */
static void
read_token(const char *tok, bao_move *m, bao_word *w)
{
	ck_assert_int_eq(bao_word_classify(tok, strlen(tok), w), BAO_W_STRICT);
	int back = w->letter == 'B' || w->letter == 'b';
	m->side = (unsigned char)(w->letter == 'A' || w->letter == 'B'
	                          ? BAO_SOUTH : BAO_NORTH);
	m->ring = (unsigned char)(back ? 16 - w->number : w->number - 1);
	m->sign = (unsigned char)w->sign;
	m->safari = (unsigned char)w->plus;
}

/* Every property of one position's move list. */
static void
check_moves(const bao_pos *p, const bao_legal *l, int n)
{
	char toks[BAO_MAX_MOVES][BAO_TOKEN_TEXT];
	for (int i = 0; i < n; i++) {
		const bao_legal *m = &l[i];
		ck_assert_int_eq(bao_pos_seeds(&m->after), BAO_SEEDS);
		ck_assert_int_eq(m->after.side, BAO_OTHER(p->side));
		int takata = m->outcome.kind == BAO_NT || m->outcome.kind == BAO_NX ||
		             m->outcome.kind == BAO_MT;
		if (takata)
			ck_assert_int_gt(front_seeds(&m->after, p->side), 0);
		ck_assert_int_eq(m->annotation, takata ? (m->after.takasia >= 0 ? 2 : 1)
		                                       : 0);
		if (m->outcome.kind == BAO_MT || m->outcome.kind == BAO_MC)
			ck_assert_int_eq(p->reserve[p->side], 0);
		else
			ck_assert_int_eq(m->after.reserve[p->side] + 1,
			                 p->reserve[p->side]);
		bao_token_format(&m->move, m->annotation, m->over != BAO_ONGOING,
		                 toks[i]);
		bao_move back;
		bao_word w;
		read_token(toks[i], &back, &w);
		ck_assert_msg(memcmp(&back, &m->move, sizeof back) == 0,
		              "%s does not read back", toks[i]);
		ck_assert_int_eq(w.annotation, m->annotation);
		ck_assert_int_eq(w.hash, m->over != BAO_ONGOING);
		for (int j = 0; j < i; j++)
			ck_assert_msg(strcmp(toks[i], toks[j]) != 0, "two moves %s",
			              toks[i]);
	}
}

START_TEST(self_play_keeps_every_invariant)
{
	bao_rules r;
	bao_rules_default(&r);
	bao_legal *l = malloc(BAO_MAX_MOVES * sizeof *l);
	bao_pos *line = malloc((MAX_PLIES + 1) * sizeof *line);
	ck_assert(l && line);
	long total = 0, mtaji = 0, takasias = 0;
	for (unsigned long long seed = 1; seed <= GAMES; seed++) {
		char *text;
		long plies = bt_selfplay(seed, MAX_PLIES, &text, line);
		total += plies;
		for (long k = 0; k <= plies; k++) {
			ck_assert_int_eq(bao_pos_seeds(&line[k]), BAO_SEEDS);
			mtaji += line[k].reserve[line[k].side] == 0;
			takasias += line[k].takasia >= 0;
			int n = bao_generate(&r, &line[k], l);
			check_moves(&line[k], l, n);
		}
		free(text);
	}
	/* Long enough to reach mtaji, takasia and the end of games. */
	ck_assert_int_gt(total, GAMES * 50);
	ck_assert_int_gt(mtaji, total / 4);
	ck_assert_int_gt(takasias, 5);
	free(line);
	free(l);
}
END_TEST

/* The BaoPOS line of `show` after ply PLY of TEXT. */
static void
shown_position(const char *text, long ply, char *out, size_t size)
{
	nt_show_request req = { .move = -1, .game_no = -1, .ply = ply };
	ts_result r;
	ts_show("bao", "g.bao", text, strlen(text), &req, NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	const char *s = strstr(r.output, "BaoPOS: ");
	ck_assert_ptr_nonnull(s);
	s += 8;
	snprintf(out, size, "%.*s", (int)strcspn(s, "\n"), s);
	ts_free(&r);
}

START_TEST(written_games_replay_to_the_same_positions)
{
	bao_pos *line = malloc((MAX_PLIES + 1) * sizeof *line);
	ck_assert_ptr_nonnull(line);
	int finished = 0;
	for (unsigned long long seed = 100; seed < 100 + GAMES; seed++) {
		char *text;
		long plies = bt_selfplay(seed, MAX_PLIES, &text, line);
		ts_result r;
		ts_check("bao", "g.bao", text, strlen(text), NULL, &r);
		ck_assert_msg(r.ndiags == 0, "seed %llu: %s\n%s", seed,
		              r.diags[0].line, text);
		ck_assert_int_eq(r.summary.moves, plies);
		finished += strcmp(r.summary.result, "*") != 0;
		ts_free(&r);
		/* A few plies along the way, and the end. */
		long at[4] = { 0, plies / 3, 2 * plies / 3, plies };
		for (int i = 0; i < 4; i++) {
			char got[BAO_POS_TEXT + 8], want[BAO_POS_TEXT];
			shown_position(text, at[i], got, sizeof got);
			bao_pos_format(&line[at[i]], want);
			ck_assert_msg(strcmp(got, want) == 0, "seed %llu ply %ld:\n got  "
			              "%s\n want %s", seed, at[i], got, want);
		}
		/* The writer's form is the canonical one: converting keeps it. */
		ts_convert("bao", "g.bao", text, strlen(text), "bao", NULL, &r);
		ck_assert_int_eq(r.rc, 0);
		ck_assert_msg(strcmp(r.output, text) == 0, "seed %llu:\n%s\nvs\n%s",
		              seed, r.output, text);
		ts_free(&r);
		free(text);
	}
	ck_assert_int_gt(finished, 0);
	free(line);
}
END_TEST

START_TEST(self_play_is_deterministic)
{
	char *a, *b;
	long na = bt_selfplay(7, MAX_PLIES, &a, NULL);
	long nb = bt_selfplay(7, MAX_PLIES, &b, NULL);
	ck_assert_int_eq(na, nb);
	ck_assert_str_eq(a, b);
	free(b);
	bt_selfplay(8, MAX_PLIES, &b, NULL);
	ck_assert_str_ne(a, b);
	free(a);
	free(b);
}
END_TEST

/* notate generate --game bao: the library's own generator. */
static char *
generated(unsigned long long seed, long max_moves, int endless,
          const char *const *rules, size_t nrules, int *rc)
{
	nt_generate_request req = { .seed = seed, .games = 1, .max_moves = max_moves,
	                             .endless = endless, .rules = rules,
	                             .nrules = nrules };
	ts_result r;
	memset(&r, 0, sizeof r);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(f);
	nt_sink out = nt_sink_stdio(f), err = nt_sink_stdio(stderr);
	*rc = nt_generate(nt_game_by_name("bao"), &req, &out, &err);
	fclose(f);
	return text;
}

START_TEST(generated_records_are_legal_canonical_and_repeatable)
{
	int finished = 0;
	for (unsigned long long seed = 1; seed <= 20; seed++) {
		int rc;
		char *text = generated(seed, 0, seed % 2, NULL, 0, &rc);
		ck_assert_int_eq(rc, (int)(seed % 2));
		if (rc != 0) {
			/* Avoiding the end needs a limit: games might not end. */
			free(text);
			text = generated(seed, 300, 1, NULL, 0, &rc);
			ck_assert_int_eq(rc, 0);
		}
		ts_result r;
		ts_check("bao", "g.bao", text, strlen(text), NULL, &r);
		ck_assert_msg(r.ndiags == 0, "seed %llu: %s", seed, r.diags[0].line);
		finished += strcmp(r.summary.result, "*") != 0;
		ts_free(&r);
		ts_convert("bao", "g.bao", text, strlen(text), "bao", NULL, &r);
		ck_assert_str_eq(r.output, text);
		ts_free(&r);
		char *again = generated(seed, 300, (int)(seed % 2), NULL, 0, &rc);
		if (seed % 2 == 1)
			ck_assert_str_eq(again, text);
		free(again);
		free(text);
	}
	ck_assert_int_gt(finished, 10);
}
END_TEST

START_TEST(generated_records_follow_rule_choices)
{
	static const char *const off[] = { "takasia=off" };
	static const char *const bad[] = { "takasia=maybe" };
	int rc;
	char *text = generated(3, 0, 0, off, 1, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_ptr_nonnull(strstr(text, "[RuleChoices \"takasia=off\"]\n"));
	ck_assert_ptr_null(strstr(text, "**"));
	ts_config cfg = { .rules = off, .nrules = 1 };
	ts_result r;
	ts_check("bao", "g.bao", text, strlen(text), &cfg, &r);
	ck_assert_int_eq(r.ndiags, 0);
	ts_free(&r);
	free(text);
	text = generated(3, 0, 0, bad, 1, &rc);
	ck_assert_int_eq(rc, 1);
	ck_assert_str_eq(text, "");
	free(text);
}
END_TEST

Suite *
bao_props_suite(void)
{
	Suite *s = suite_create("bao-props");
	TCase *tc = tcase_create("self-play");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, self_play_keeps_every_invariant);
	tcase_add_test(tc, written_games_replay_to_the_same_positions);
	tcase_add_test(tc, self_play_is_deterministic);
	tcase_add_test(tc, generated_records_are_legal_canonical_and_repeatable);
	tcase_add_test(tc, generated_records_follow_rule_choices);
	suite_add_tcase(s, tc);
	return s;
}
