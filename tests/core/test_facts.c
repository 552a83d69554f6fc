/*
 * The record facts handed to nt_handler.on_fact: each tag as read, and the
 * players, match length, results, winners and scores in the same words
 * for every game.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/support.h"

typedef struct facts {
	char text[16384];
	size_t len;
	long count;
} facts;

/* One line per fact: "tag 0 Site=\"x\" @1:1" or "fact 2 winner=1". */
static void
keep_fact(void *user, const nt_fact *f)
{
	facts *x = user;
	ck_assert_ptr_nonnull(f->key);
	ck_assert_ptr_nonnull(f->value);
	char line[512];
	if (f->kind == NT_FACT_TAG)
		snprintf(line, sizeof line, "tag %ld %.*s=\"%.*s\" @%lu:%lu\n", f->game,
		         (int)f->key_len, f->key, (int)f->value_len, f->value,
		         f->loc.line, f->loc.col);
	else if (f->value_len > 0)
		snprintf(line, sizeof line, "fact %ld %.*s=\"%.*s\"\n", f->game,
		         (int)f->key_len, f->key, (int)f->value_len, f->value);
	else
		snprintf(line, sizeof line, "fact %ld %.*s=%ld\n", f->game,
		         (int)f->key_len, f->key, f->number);
	size_t n = strlen(line);
	ck_assert(x->len + n < sizeof x->text);
	memcpy(x->text + x->len, line, n + 1);
	x->len += n;
	x->count++;
}

static void
facts_of(const char *game, const char *text, facts *out)
{
	memset(out, 0, sizeof *out);
	nt_handler h = { .on_diag = NULL, .on_fact = keep_fact, .user = out };
	nt_source src;
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	size_t len = strlen(text);
	ck_assert(len < 60000);
	ck_assert_int_eq(write(fds[1], text, len), (long)len);
	close(fds[1]);
	src = nt_source_fd(fds[0], "t");
	nt_summary s;
	ck_assert_int_eq(nt_check(nt_game_by_name(game), &src, NULL, &h, &s), 0);
	close(fds[0]);
}

static void
has(const facts *f, const char *line)
{
	ck_assert_msg(strstr(f->text, line) != NULL, "no '%s' in:\n%s", line, f->text);
}

START_TEST(backgammon_facts)
{
	size_t len;
	char *text = ts_read_file("examples/backgammon/gnubg-11-point.mat", &len);
	ck_assert_ptr_nonnull(text);
	facts f;
	facts_of("backgammon", text, &f);
	free(text);
	has(&f, "tag 0 EventDate=\"2026.11.29\" @1:1\n");
	has(&f, "fact 0 match_length=11\n");
	has(&f, "fact 1 player1=\"Mochi\"\nfact 1 player2=\"");
	has(&f, "fact 1 result=\"Mochi wins 2\"\nfact 1 winner=1\nfact 1 points=2\n"
	     "fact 1 score1=2\nfact 1 score2=0\n");
	/* A forfeited match says so, in the game it ended. */
	char rel[128], path[512];
	text = ts_read_file(ts_shared("corpus/backgammon/real-bulk/bulk-0194.mat", path,
	                              sizeof path), &len);
	(void)rel;
	ck_assert_ptr_nonnull(text);
	facts_of("backgammon", text, &f);
	free(text);
	has(&f, "tag 0 Player 1=\"");
	has(&f, "forfeit=1\n");
}
END_TEST

START_TEST(umlabalaba_facts)
{
	facts f;
	facts_of("umlabalaba", "[Event \"Club\"]\n[Black \"Ann\"]\n[White \"Ben\"]\n"
	         "[Result \"*\"]\nB>1 W>2\n", &f);
	ck_assert_str_eq(f.text, "tag 1 Event=\"Club\" @1:1\n"
	                 "tag 1 Black=\"Ann\" @2:1\nfact 1 player1=\"Ann\"\n"
	                 "tag 1 White=\"Ben\" @3:1\nfact 1 player2=\"Ben\"\n"
	                 "tag 1 Result=\"*\" @4:1\nfact 1 result=\"*\"\n");
	size_t len;
	char *text = ts_read_file("examples/umlabalaba/illegal-shuttle.umla", &len);
	facts_of("umlabalaba", text, &f);
	free(text);
	/* The replay stopped: no winner is claimed. */
	has(&f, "fact 1 result=\"?\"\n");
	ck_assert_ptr_null(strstr(f.text, "winner"));
}
END_TEST

START_TEST(bao_facts)
{
	size_t len;
	char *text = ts_read_file("examples/bao/self-play-95.bao", &len);
	ck_assert_ptr_nonnull(text);
	facts f;
	facts_of("bao", text, &f);
	free(text);
	has(&f, "tag 1 Game=\"Bao la Kiswahili\" @");
	has(&f, "fact 1 result=\"");
	facts_of("bao", "[South \"Asha\"]\n[North \"Juma\"]\n1. A6>* a6>*\n", &f);
	has(&f, "tag 1 South=\"Asha\" @1:1\nfact 1 player1=\"Asha\"\n");
	has(&f, "fact 1 player2=\"Juma\"\n");
	has(&f, "fact 1 result=\"*\"\n");
}
END_TEST

/* A handler without on_fact, or set up as before it existed, gets none. */
START_TEST(facts_are_optional)
{
	nt_handler h = { .on_diag = NULL, .on_move = NULL, .user = NULL };
	ck_assert(h.on_fact == NULL);
	ts_result r;
	ts_check_str("umlabalaba", "[Black \"Ann\"]\nB>1 W>2\n", &r);
	ck_assert_int_eq(r.summary.errors, 0);
	ts_free(&r);
}
END_TEST

Suite *
core_facts_suite(void)
{
	Suite *s = suite_create("core-facts");
	TCase *tc = tcase_create("facts");
	tcase_add_test(tc, backgammon_facts);
	tcase_add_test(tc, umlabalaba_facts);
	tcase_add_test(tc, bao_facts);
	tcase_add_test(tc, facts_are_optional);
	suite_add_tcase(s, tc);
	return s;
}
