/*
 * The library is used from threads: several threads check records of every
 * game of the registry at once, and each gets exactly what one thread
 * alone gets.  A game's records are its illegal samples of the shared
 * corpus, its examples/NAME/ and, for a game of the test suite,
 * tests/NAME/examples/.
 */
#include <check.h>
#include <dirent.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

#define FILES 64
#define PER_FOLDER 6
#define THREADS 4

typedef struct sample {
	const char *game;
	char name[256];           /* the file's name: it may choose the form */
	char *text;
	size_t len;
	long errors, moves;       /* what one thread alone finds */
	char first[1024];         /* the first diagnostic, or "" */
} sample;

static sample samples[FILES];
static int nsamples;

static void
run_one(const sample *s, long *errors, long *moves, char *first, size_t size)
{
	ts_result r;
	ts_check(s->game, s->name, s->text, s->len, NULL, &r);
	*errors = r.summary.errors;
	*moves = r.summary.moves;
	snprintf(first, size, "%s", r.ndiags ? r.diags[0].line : "");
	ts_free(&r);
}

/* Up to PER_FOLDER records of GAME from DIR, when DIR exists. */
static void
load(const char *game, const char *dir)
{
	DIR *d = opendir(dir);
	if (d == NULL)
		return;
	struct dirent *e;
	int taken = 0;
	while ((e = readdir(d)) != NULL && taken < PER_FOLDER && nsamples < FILES) {
		if (e->d_name[0] == '.' || strstr(e->d_name, ".tsv"))
			continue;
		char path[1200];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		sample *s = &samples[nsamples];
		s->game = game;
		snprintf(s->name, sizeof s->name, "%s", e->d_name);
		s->text = ts_read_file(path, &s->len);
		if (s->text == NULL)
			continue;
		run_one(s, &s->errors, &s->moves, s->first, sizeof s->first);
		nsamples++;
		taken++;
	}
	closedir(d);
}

/* Every game of the registry, from each of its folders of records. */
static int
load_every_game(void)
{
	int games = 0;
	for (size_t g = 0; g < nt_game_count(); g++) {
		const char *name = nt_game_name(nt_game_at(g));
		int before = nsamples;
		char rel[300], dir[600];
		snprintf(rel, sizeof rel, "corpus/%s/illegal", name);
		load(name, ts_shared(rel, dir, sizeof dir));
		snprintf(dir, sizeof dir, "examples/%s", name);
		load(name, dir);
		snprintf(dir, sizeof dir, "tests/%s/examples", name);
		load(name, dir);
		ck_assert_msg(nsamples > before, "no records of %s", name);
		games++;
	}
	return games;
}

static void *
worker(void *arg)
{
	long offset = (long)(intptr_t)arg;
	long bad = 0;
	for (int round = 0; round < 3; round++)
		for (int i = 0; i < nsamples; i++) {
			const sample *s = &samples[(i + offset) % nsamples];
			long errors, moves;
			char first[1024];
			run_one(s, &errors, &moves, first, sizeof first);
			bad += errors != s->errors || moves != s->moves ||
			       strcmp(first, s->first) != 0;
		}
	return (void *)(intptr_t)bad;
}

START_TEST(threads_check_what_one_thread_checks)
{
	ck_assert_int_ge(load_every_game(), 3);
	ck_assert_int_ge(nsamples, 12);
	pthread_t t[THREADS];
	for (long i = 0; i < THREADS; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i), 0);
	long bad = 0;
	for (int i = 0; i < THREADS; i++) {
		void *r;
		pthread_join(t[i], &r);
		bad += (long)(intptr_t)r;
	}
	ck_assert_int_eq(bad, 0);
	for (int i = 0; i < nsamples; i++)
		free(samples[i].text);
}
END_TEST

Suite *
core_threads_suite(void)
{
	Suite *s = suite_create("core-threads");
	TCase *tc = tcase_create("threads");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, threads_check_what_one_thread_checks);
	suite_add_tcase(s, tc);
	return s;
}
