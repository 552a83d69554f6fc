/*
 * The library is used from threads: several threads check records of every
 * game at once, and each gets exactly what one thread alone gets.
 */
#include <check.h>
#include <dirent.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

#define FILES 24
#define THREADS 4

typedef struct sample {
	const char *game;
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
	ts_check(s->game, "t", s->text, s->len, NULL, &r);
	*errors = r.summary.errors;
	*moves = r.summary.moves;
	snprintf(first, size, "%s", r.ndiags ? r.diags[0].line : "");
	ts_free(&r);
}

static void
load(const char *game, const char *rel)
{
	char dir[600];
	ts_shared(rel, dir, sizeof dir);
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "%s", dir);
	struct dirent *e;
	int taken = 0;
	while ((e = readdir(d)) != NULL && taken < FILES / 3 && nsamples < FILES) {
		if (e->d_name[0] == '.' || strstr(e->d_name, ".tsv"))
			continue;
		char path[1200];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		sample *s = &samples[nsamples];
		s->game = game;
		s->text = ts_read_file(path, &s->len);
		if (s->text == NULL)
			continue;
		run_one(s, &s->errors, &s->moves, s->first, sizeof s->first);
		nsamples++;
		taken++;
	}
	closedir(d);
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
	load("umlabalaba", "corpus/umlabalaba/illegal");
	load("backgammon", "corpus/backgammon/illegal");
	load("bao", "corpus/bao/illegal");
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
