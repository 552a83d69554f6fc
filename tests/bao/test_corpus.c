/*
 * The shared Bao samples: every legal game is legal, ends as its Result
 * tag says after the number of plies its Plies tag gives; every illegal
 * file fails first at the ply and with the code its manifest names, at
 * the token the manifest quotes (or its move number).  Each file is also
 * read through a 64-byte buffer in 7-byte reads, which must change nothing.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

#define GAME "bao"

static const ts_config tiny = { .buffer_size = 64, .read_chunk = 7 };

/* The value of tag NAME in TEXT, or NULL. */
static const char *
tag_value(const char *text, const char *name, char *out, size_t size)
{
	char key[64];
	snprintf(key, sizeof key, "[%s \"", name);
	const char *s = strstr(text, key);
	if (s == NULL)
		return NULL;
	s += strlen(key);
	size_t n = strcspn(s, "\"");
	snprintf(out, size, "%.*s", (int)n, s);
	return out;
}

static void
check_legal_file(void *ctx, const char *path)
{
	(void)ctx;
	size_t len;
	char *text = ts_read_file(path, &len);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	char result[16], plies[16];
	ck_assert_ptr_nonnull(tag_value(text, "Result", result, sizeof result));
	ck_assert_ptr_nonnull(tag_value(text, "Plies", plies, sizeof plies));
	for (int pass = 0; pass < 2; pass++) {
		ts_result r;
		ts_check(GAME, path, text, len, pass ? &tiny : NULL, &r);
		ck_assert_msg(r.rc == 0, "%s: rc %d", path, r.rc);
		ck_assert_msg(r.ndiags == 0, "%s (pass %d): %s", path, pass,
		              r.diags[0].line);
		ck_assert_msg(r.summary.moves == atol(plies), "%s: %ld plies, want %s",
		              path, r.summary.moves, plies);
		ck_assert_msg(strcmp(r.summary.result, result) == 0,
		              "%s: replay gives %s, want %s", path, r.summary.result,
		              result);
		ts_free(&r);
	}
	free(text);
}

START_TEST(legal_samples_pass)
{
	int n = ts_each_shared_file("corpus/bao/legal", ".bao", check_legal_file, NULL);
	ck_assert_msg(n >= 10, "corpus/bao/legal: %d samples", n);
}
END_TEST

typedef struct manifest_ctx {
	const char *dir;
	int rows;
} manifest_ctx;

/* The text at 1-based LINE:COL of TEXT (columns are bytes here: ASCII). */
static const char *
text_at(const char *text, unsigned long line, unsigned long col)
{
	const char *s = text;
	for (unsigned long l = 1; l < line && s; l++) {
		s = strchr(s, '\n');
		if (s)
			s++;
	}
	ck_assert_ptr_nonnull(s);
	return s + col - 1;
}

static void
check_illegal_row(void *vctx, char **f, int n)
{
	manifest_ctx *ctx = vctx;
	ck_assert_int_ge(n, 6);
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", ctx->dir, f[0]);
	size_t len;
	char *text = ts_read_file(path, &len);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	for (int pass = 0; pass < 2; pass++) {
		ts_result r;
		ts_check(GAME, f[0], text, len, pass ? &tiny : NULL, &r);
		ck_assert_msg(r.ndiags > 0, "%s: no diagnostic", f[0]);
		const ts_diag *d = &r.diags[0];
		ck_assert_msg(strcmp(d->code, f[5]) == 0, "%s: got %s, want %s", f[0],
		              d->line, f[5]);
		ck_assert_msg(d->move == atol(f[1]), "%s: ply %ld, want %s", f[0],
		              d->move, f[1]);
		ck_assert_int_eq(d->game, 1);
		ck_assert_int_eq(d->severity, NT_SEV_ERROR);
		const char *at = text_at(text, d->lineno, d->col);
		if (strcmp(f[5], "MOVE_NUMBER") == 0 && at[0] != f[4][0]) {
			/* A wrong number is reported at the number. */
			ck_assert_msg(at[0] >= '0' && at[0] <= '9', "%s: %s", f[0],
			              d->line);
		} else {
			ck_assert_msg(strncmp(at, f[4], strlen(f[4])) == 0,
			              "%s: %s does not point at '%s'", f[0], d->line,
			              f[4]);
		}
		ts_free(&r);
	}
	free(text);
	ctx->rows++;
}

START_TEST(illegal_samples_fail_where_the_manifest_says)
{
	char dir[512], manifest[600];
	ts_shared("corpus/bao/illegal", dir, sizeof dir);
	snprintf(manifest, sizeof manifest, "%s/manifest.tsv", dir);
	manifest_ctx ctx;
	memset(&ctx, 0, sizeof ctx);
	ctx.dir = dir;
	ck_assert_int_eq(ts_read_tsv(manifest, check_illegal_row, &ctx), 0);
	/* One file for each error code but NOT_LEGAL. */
	ck_assert_int_eq(ctx.rows, 17);
}
END_TEST

Suite *
bao_corpus_suite(void)
{
	Suite *s = suite_create("bao-corpus");
	TCase *tc = tcase_create("samples");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, legal_samples_pass);
	tcase_add_test(tc, illegal_samples_fail_where_the_manifest_says);
	suite_add_tcase(s, tc);
	return s;
}
