/*
 * Plain/electronic conversion (spec section 6): only point numbers change,
 * everything else byte for byte; round trips give the original; files that
 * cannot be read are not converted.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

#define GAME "umlabalaba"

static char *
convert(const char *text, size_t len, const char *form, size_t *out_len,
        const ts_config *cfg)
{
	ts_result r;
	ts_convert(GAME, "t.umla", text, len, form, cfg, &r);
	ck_assert_msg(r.rc == 0, "convert to %s failed: %s", form,
	              r.ndiags ? r.diags[0].line : "(no diagnostic)");
	*out_len = r.output_len;
	return r.output;
}

static int
same(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && memcmp(a, b, alen) == 0;
}

static void
round_trips(const char *path)
{
	size_t len, elen, plen, e2len, p2len, tlen;
	char *text = ts_read_file(path, &len);
	ck_assert(text != NULL);
	char *e = convert(text, len, "electronic", &elen, NULL);
	char *p = convert(e, elen, "plain", &plen, NULL);
	char *e2 = convert(p, plen, "electronic", &e2len, NULL);
	char *p2 = convert(p, plen, "plain", &p2len, NULL);
	ck_assert_msg(same(e, elen, e2, e2len), "%s: electronic round trip", path);
	ck_assert_msg(same(p, plen, p2, p2len), "%s: plain is not stable", path);
	if (strstr(text, "[Notation \"plain\"]"))
		ck_assert_msg(same(text, len, p, plen), "%s: plain round trip", path);
	if (strstr(text, "[Notation \"electronic\"]"))
		ck_assert_msg(same(text, len, e, elen), "%s: not already electronic",
		              path);
	/* Through a tiny buffer in tiny reads: the same bytes. */
	ts_config tiny = { .buffer_size = 64, .read_chunk = 5 };
	char *t = convert(text, len, "electronic", &tlen, &tiny);
	ck_assert_msg(same(e, elen, t, tlen), "%s: tiny buffer differs", path);
	free(text);
	free(e);
	free(p);
	free(e2);
	free(p2);
	free(t);
}

START_TEST(every_legal_sample_round_trips)
{
	char dir[512];
	ts_shared("corpus/umlabalaba/legal", dir, sizeof dir);
	DIR *d = opendir(dir);
	ck_assert(d != NULL);
	struct dirent *ent;
	int n = 0;
	while ((ent = readdir(d)) != NULL) {
		if (strstr(ent->d_name, ".umla") == NULL)
			continue;
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
		round_trips(path);
		n++;
	}
	closedir(d);
	ck_assert_int_ge(n, 20);
}
END_TEST

/* Illegal samples: converted unless unreadable, whatever the rule error. */
typedef struct illegal_ctx {
	const char *dir;
	int converted, refused;
} illegal_ctx;

static void
convert_illegal(void *vctx, char **f, int n)
{
	illegal_ctx *ctx = vctx;
	ck_assert_int_ge(n, 3);
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", ctx->dir, f[0]);
	size_t len;
	char *text = ts_read_file(path, &len);
	ck_assert(text != NULL);
	ts_result r;
	ts_convert(GAME, f[0], text, len, "electronic", NULL, &r);
	int unreadable = strcmp(f[2], "syntax-error") == 0 ||
	                 strcmp(f[2], "bad-header") == 0 ||
	                 strcmp(f[2], "bad-point-number") == 0;
	ck_assert_msg(r.rc == (unreadable ? 1 : 0), "%s: rc %d", f[0], r.rc);
	ck_assert_str_eq(r.diags[0].code, f[2]);
	if (!unreadable) {
		size_t plen;
		char *p = convert(r.output, r.output_len, "plain", &plen, NULL);
		size_t elen;
		char *e = convert(p, plen, "electronic", &elen, NULL);
		ck_assert(same(e, elen, r.output, r.output_len));
		free(p);
		free(e);
		ctx->converted++;
	} else {
		ctx->refused++;
	}
	ts_free(&r);
	free(text);
}

START_TEST(illegal_samples_convert_unless_unreadable)
{
	char dir[512], manifest[600];
	ts_shared("corpus/umlabalaba/illegal", dir, sizeof dir);
	snprintf(manifest, sizeof manifest, "%s/manifest.tsv", dir);
	illegal_ctx ctx = { dir, 0, 0 };
	ck_assert_int_eq(ts_read_tsv(manifest, convert_illegal, &ctx), 0);
	ck_assert_int_eq(ctx.refused, 3);
	ck_assert_int_eq(ctx.converted, 19);
}
END_TEST

START_TEST(section_72_example)
{
	const char *plain =
		"[Event \"x\"]\r\n\r\n{ Placement: 12 turns each. }\r\n"
		"1B>13 1W>11\r\n2B>8 2W>6\r\n5B>15<6      ; 13-14-15, shoots 6\r\n"
		"13B13>5<2 13W10>9\r\nB13 > 5 < 2\r\n";
	const char *electronic =
		"[Event \"x\"]\r\n\r\n{ Placement: 12 turns each. }\r\n"
		"1B>13 1W>11\r\n2B>08 2W>06\r\n5B>15<06      ; 13-14-15, shoots 6\r\n"
		"13B13>05<02 13W10>09\r\nB13 > 05 < 02\r\n";
	size_t n;
	char *e = convert(plain, strlen(plain), "electronic", &n, NULL);
	ck_assert_str_eq(e, electronic);
	free(e);
	char *p = convert(electronic, strlen(electronic), "plain", &n, NULL);
	ck_assert_str_eq(p, plain);
	free(p);
}
END_TEST

START_TEST(mixed_input_ends_in_one_form)
{
	const char *mixed = "\xef\xbb\xbf" "[Notation \"plain\"]\nB>01 W>2\n3B09>08<1\n";
	size_t n;
	char *e = convert(mixed, strlen(mixed), "electronic", &n, NULL);
	ck_assert_str_eq(e, "\xef\xbb\xbf" "[Notation \"plain\"]\nB>01 W>02\n3B09>08<01\n");
	free(e);
	char *p = convert(mixed, strlen(mixed), "plain", &n, NULL);
	ck_assert_str_eq(p, "\xef\xbb\xbf" "[Notation \"plain\"]\nB>1 W>2\n3B9>8<1\n");
	free(p);
}
END_TEST

START_TEST(rule_errors_do_not_stop_conversion)
{
	const char *text = "B>1 B>2 W>3\n";
	ts_result r;
	ts_convert(GAME, "t.umla", text, strlen(text), "electronic", NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_str_eq(r.output, "B>01 B>02 W>03\n");
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "wrong-player-to-move");
	ts_free(&r);
}
END_TEST

static void
not_converted(const char *text, const char *code, int ndiags)
{
	ts_result r;
	ts_convert(GAME, "t.umla", text, strlen(text), "electronic", NULL, &r);
	ck_assert_msg(r.rc == 1, "'%s' was converted", text);
	ck_assert_int_ge(r.ndiags, 1);
	ck_assert_int_eq((int)r.ndiags, ndiags);
	ck_assert_str_eq(r.diags[r.ndiags - 1].code, code);
	ts_free(&r);
}

START_TEST(unreadable_files_are_not_converted)
{
	not_converted("[Board \"26\"]\nB>1\n", "bad-header", 1);
	not_converted("B>1 W>2 x\n", "syntax-error", 1);
	not_converted("B>1 W>25\n", "bad-point-number", 1);
	/* Points are checked over the whole file, after a rule error too. */
	not_converted("B>1 B>2 W>3 W>0\n", "bad-point-number", 2);
}
END_TEST

Suite *
umlabalaba_convert_suite(void)
{
	Suite *s = suite_create("umlabalaba-convert");
	TCase *tc = tcase_create("convert");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, every_legal_sample_round_trips);
	tcase_add_test(tc, illegal_samples_convert_unless_unreadable);
	tcase_add_test(tc, section_72_example);
	tcase_add_test(tc, mixed_input_ends_in_one_form);
	tcase_add_test(tc, rule_errors_do_not_stop_conversion);
	tcase_add_test(tc, unreadable_files_are_not_converted);
	suite_add_tcase(s, tc);
	return s;
}
