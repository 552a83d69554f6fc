/*
 * The shared backgammon samples (spec section 9): every legal file passes,
 * every illegal file fails first where its manifest says, with its code;
 * the real exports give the warnings the spec names for them.  Every file
 * is also read through a 64-byte buffer in 7-byte reads (records_util.h).
 */
#include <dirent.h>

#include "backgammon/records_util.h"

typedef struct row_ctx {
	const char *dir;
	int rows;
	int strict;
	int first_error;
	int saw_08;
	char listed[512][64];    /* files named by a manifest */
	int nlisted;
} row_ctx;

static char *
read_in(const char *dir, const char *name, char *path, size_t size)
{
	snprintf(path, size, "%s/%s", dir, name);
	char *text = ts_read_file(path, NULL);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	return text;
}

/* The first diagnostic (error or warning) is FILE's manifest row. */
static void
check_row(void *vctx, char **f, int n)
{
	row_ctx *ctx = vctx;
	ck_assert_int_ge(n, 4);
	if (strcmp(f[0], "bg-illegal-08.mat") == 0) {
		ctx->saw_08 = 1;
		return;   /* a warning by default: checked on its own below */
	}
	char path[1024];
	char *text = read_in(ctx->dir, f[0], path, sizeof path);
	ts_config cfg = { .strict = ctx->strict };
	ts_result r;
	bg_check(text, &cfg, &r);
	ck_assert_msg(r.ndiags > 0, "%s: no diagnostic, want %s", f[0], f[3]);
	/* The manifests of the real exports name the first error; warnings
	   (unmarked hits) may come before it. */
	size_t i = 0;
	if (ctx->first_error)
		while (i + 1 < r.ndiags && r.diags[i].severity != NT_SEV_ERROR)
			i++;
	ck_assert_msg(strcmp(r.diags[i].code, f[3]) == 0 &&
	              r.diags[i].lineno == strtoul(f[1], NULL, 10) &&
	              r.diags[i].col == strtoul(f[2], NULL, 10),
	              "%s: got %s, want %s:%s %s", f[0], r.diags[i].line, f[1],
	              f[2], f[3]);
	if (!ctx->strict)
		ck_assert_int_eq(r.diags[i].severity, NT_SEV_ERROR);
	ts_free(&r);
	free(text);
	if (ctx->nlisted < 512)
		snprintf(ctx->listed[ctx->nlisted++], 64, "%s", f[0]);
	ctx->rows++;
}

static int
listed(const row_ctx *ctx, const char *name)
{
	for (int i = 0; i < ctx->nlisted; i++)
		if (strcmp(ctx->listed[i], name) == 0)
			return 1;
	return 0;
}

static int
read_manifest(row_ctx *ctx, const char *rel)
{
	static char dir[512];
	char manifest[600];
	ts_shared(rel, dir, sizeof dir);
	snprintf(manifest, sizeof manifest, "%s/manifest.tsv", dir);
	ctx->dir = dir;
	ck_assert_int_eq(ts_read_tsv(manifest, check_row, ctx), 0);
	return ctx->rows;
}

/* Counts of each severity and of one code. */
static void
count(const ts_result *r, long *errors, long *warnings, const char *code,
      long *coded)
{
	*errors = r->summary.errors;
	*warnings = r->summary.warnings;
	*coded = 0;
	for (size_t i = 0; i < r->ndiags; i++)
		if (strcmp(r->diags[i].code, code) == 0)
			(*coded)++;
}

/* Every file of DIR with extension EXT not in CTX's manifest: no error. */
static int
all_legal(const char *rel, const char *ext, const row_ctx *ctx,
          void (*more)(const char *name, const ts_result *r, void *user),
          void *user)
{
	char dir[512];
	ts_shared(rel, dir, sizeof dir);
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "no corpus at %s", dir);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t l = strlen(e->d_name);
		if (l < strlen(ext) || strcmp(e->d_name + l - strlen(ext), ext) != 0)
			continue;
		if (ctx != NULL && listed(ctx, e->d_name))
			continue;
		char path[1024];
		char *text = read_in(dir, e->d_name, path, sizeof path);
		ts_result r;
		bg_check(text, NULL, &r);
		ck_assert_msg(r.rc == 0, "%s: rc %d", e->d_name, r.rc);
		ck_assert_msg(r.summary.errors == 0, "%s: %s", e->d_name,
		              r.diags[0].line);
		ck_assert_msg(r.summary.moves > 0, "%s: nothing replayed", e->d_name);
		if (more != NULL)
			more(e->d_name, &r, user);
		ts_free(&r);
		free(text);
		n++;
	}
	closedir(d);
	return n;
}

static void
no_warning(const char *name, const ts_result *r, void *user)
{
	(void)user;
	ck_assert_msg(r->summary.warnings == 0, "%s: %s", name, r->diags[0].line);
}

START_TEST(mat_samples_are_legal)
{
	ck_assert_int_eq(all_legal("corpus/backgammon/mat", ".mat", NULL,
	                           no_warning, NULL), 11);
}
END_TEST

START_TEST(sheet_samples_are_legal)
{
	int n = all_legal("corpus/backgammon/sheet", ".bg", NULL, no_warning,
	                  NULL);
	n += all_legal("corpus/backgammon/sheet", ".mat", NULL, no_warning, NULL);
	ck_assert_int_eq(n, 9);
}
END_TEST

START_TEST(illegal_samples_fail_where_the_manifest_says)
{
	row_ctx ctx;
	memset(&ctx, 0, sizeof ctx);
	ctx.first_error = 0;
	ck_assert_int_eq(read_manifest(&ctx, "corpus/backgammon/illegal"), 29);
	ck_assert(ctx.saw_08);
	/* bg-illegal-08's missing `*` is a warning: the file is legal by
	   default and an error under --strict, at the same place. */
	char *t = bg_sample("illegal/bg-illegal-08.mat");
	ts_result r;
	bg_check(t, NULL, &r);
	ck_assert_int_eq(r.summary.errors, 0);
	ck_assert_int_eq(r.diags[0].severity, NT_SEV_WARNING);
	ts_free(&r);
	bg_expect_first_cfg(t, &bg_strict, 20, 34, "bg-hit-marker-missing",
	                    __LINE__);
	bg_check(t, &bg_strict, &r);
	ck_assert_int_eq(r.diags[0].severity, NT_SEV_ERROR);
	ts_free(&r);
	free(t);
}
END_TEST

START_TEST(strict_sample_warns_only_under_strict)
{
	row_ctx ctx;
	memset(&ctx, 0, sizeof ctx);
	ctx.strict = 1;
	ck_assert_int_eq(read_manifest(&ctx, "corpus/backgammon/strict"), 1);
	char *t = bg_sample("strict/bg-strict-01.mat");
	bg_expect_clean(t);
	ts_result r;
	bg_check(t, &bg_strict, &r);
	ck_assert_int_eq(r.summary.errors, 0);
	ck_assert_int_eq(r.diags[0].severity, NT_SEV_WARNING);
	ts_free(&r);
	free(t);
}
END_TEST

/* real-01..12 and real-21..29 write no `*`: they get the warning. */
static void
real_warnings(const char *name, const ts_result *r, void *user)
{
	(void)user;
	int k = atoi(name + 5);
	long errors, warnings, missing;
	count(r, &errors, &warnings, "bg-hit-marker-missing", &missing);
	if ((k >= 1 && k <= 12) || (k >= 21 && k <= 29)) {
		ck_assert_msg(missing > 0, "%s: no bg-hit-marker-missing", name);
		ck_assert_msg(missing == warnings, "%s: other warnings", name);
	} else {
		ck_assert_msg(warnings == 0, "%s: %s", name, r->diags[0].line);
	}
}

START_TEST(real_exports)
{
	row_ctx ctx;
	memset(&ctx, 0, sizeof ctx);
	ctx.first_error = 1;
	ck_assert_int_eq(read_manifest(&ctx, "corpus/backgammon/real"), 1);
	ck_assert_int_eq(all_legal("corpus/backgammon/real", ".mat", &ctx,
	                           real_warnings, NULL), 35);
	/* Under --strict the unmarked hits are errors. */
	char *t = bg_sample("real/real-01.mat");
	ts_result r;
	bg_check(t, &bg_strict, &r);
	ck_assert_int_gt(r.summary.errors, 0);
	ck_assert_str_eq(r.diags[0].code, "bg-hit-marker-missing");
	ts_free(&r);
	free(t);
}
END_TEST

static void
bulk_warnings(const char *name, const ts_result *r, void *user)
{
	long *forfeits = user;
	for (size_t i = 0; i < r->ndiags; i++) {
		const char *c = r->diags[i].code;
		ck_assert_msg(strcmp(c, "bg-hit-marker-missing") == 0 ||
		              strcmp(c, "bg-match-forfeit") == 0, "%s: %s", name,
		              r->diags[i].line);
		if (strcmp(c, "bg-match-forfeit") == 0)
			(*forfeits)++;
	}
}

START_TEST(real_bulk_exports)
{
	row_ctx ctx;
	memset(&ctx, 0, sizeof ctx);
	ctx.first_error = 1;
	ck_assert_int_eq(read_manifest(&ctx, "corpus/backgammon/real-bulk"), 2);
	long forfeits = 0;
	ck_assert_int_eq(all_legal("corpus/backgammon/real-bulk", ".mat", &ctx,
	                           bulk_warnings, &forfeits), 364);
	ck_assert_int_gt(forfeits, 0);
}
END_TEST

Suite *
backgammon_corpus_suite(void)
{
	Suite *s = suite_create("backgammon-corpus");
	TCase *tc = tcase_create("samples");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, mat_samples_are_legal);
	tcase_add_test(tc, sheet_samples_are_legal);
	tcase_add_test(tc, illegal_samples_fail_where_the_manifest_says);
	tcase_add_test(tc, strict_sample_warns_only_under_strict);
	tcase_add_test(tc, real_exports);
	tcase_add_test(tc, real_bulk_exports);
	suite_add_tcase(s, tc);
	return s;
}
