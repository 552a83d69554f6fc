/*
 * The shared Umlabalaba samples: every legal game is legal and ends as its
 * Result header says; every illegal file fails first at the move index and
 * with the code that its manifest names.  Each file is also read through a
 * tiny buffer in tiny reads, which must change nothing.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

#define GAME "umlabalaba"

static const ts_config tiny = { .buffer_size = 64, .read_chunk = 7 };

static void
check_legal_file(void *ctx, const char *path)
{
	(void)ctx;
	size_t len;
	char *text = ts_read_file(path, &len);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	for (int pass = 0; pass < 2; pass++) {
		ts_result r;
		ts_check(GAME, path, text, len, pass ? &tiny : NULL, &r);
		ck_assert_msg(r.rc == 0, "%s: rc %d", path, r.rc);
		ck_assert_msg(r.ndiags == 0, "%s (pass %d): %s", path, pass,
		              r.diags[0].line);
		ck_assert_msg(r.summary.moves > 0, "%s: no moves", path);
		/* The Result header gives the outcome; the replay must reach it. */
		const char *h = strstr(text, "[Result \"");
		if (h != NULL)
			ck_assert_msg(strncmp(r.summary.result, h + 9, 1) == 0,
			              "%s: replay gives %s", path, r.summary.result);
		ts_free(&r);
	}
	free(text);
}

START_TEST(legal_samples_pass)
{
	int n = ts_each_shared_file("corpus/umlabalaba/legal", ".umla", check_legal_file, NULL);
	ck_assert_msg(n >= 20, "corpus/umlabalaba/legal: %d samples", n);
}
END_TEST

typedef struct manifest_ctx {
	const char *dir;
	int rows;
} manifest_ctx;

static void
check_illegal_row(void *vctx, char **f, int n)
{
	manifest_ctx *ctx = vctx;
	ck_assert_int_ge(n, 3);
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", ctx->dir, f[0]);
	size_t len;
	char *text = ts_read_file(path, &len);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	for (int pass = 0; pass < 2; pass++) {
		ts_result r;
		ts_check(GAME, f[0], text, len, pass ? &tiny : NULL, &r);
		ck_assert_msg(r.ndiags > 0, "%s: no diagnostic", f[0]);
		ck_assert_msg(strcmp(r.diags[0].code, f[2]) == 0, "%s: got %s, want %s",
		              f[0], r.diags[0].line, f[2]);
		ck_assert_msg(r.diags[0].move == atol(f[1]), "%s: index %ld, want %s",
		              f[0], r.diags[0].move, f[1]);
		ts_free(&r);
	}
	free(text);
	ctx->rows++;
}

START_TEST(illegal_samples_fail_where_the_manifest_says)
{
	char dir[512], manifest[600];
	ts_shared("corpus/umlabalaba/illegal", dir, sizeof dir);
	snprintf(manifest, sizeof manifest, "%s/manifest.tsv", dir);
	manifest_ctx ctx = { dir, 0 };
	ck_assert_int_eq(ts_read_tsv(manifest, check_illegal_row, &ctx), 0);
	ck_assert_int_eq(ctx.rows, 22);
}
END_TEST

Suite *
umlabalaba_corpus_suite(void)
{
	Suite *s = suite_create("umlabalaba-corpus");
	TCase *tc = tcase_create("samples");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, legal_samples_pass);
	tcase_add_test(tc, illegal_samples_fail_where_the_manifest_says);
	suite_add_tcase(s, tc);
	return s;
}
