/*
 * Helpers for the eXtreme Gammon suites: check the bytes of an XG file
 * built by tests/support/xg_build.c (in two runs that must agree: the
 * default buffer, and a 64-byte one in 7-byte reads, which keeps the
 * input in a temporary file), and pin its diagnostics and their places.
 */
#ifndef NT_TEST_BG_XG_UTIL_H
#define NT_TEST_BG_XG_UTIL_H

#include "backgammon/records_util.h"
#include "support/xg_build.h"

static inline void
xg_check_cfg(const unsigned char *file, size_t len, const char *name,
             const ts_config *cfg, ts_result *r)
{
	ts_check(BG, name, (const char *)file, len, cfg, r);
	ts_config tiny = bg_tiny;
	if (cfg != NULL)
		tiny.strict = cfg->strict;
	ts_result r2;
	ts_check(BG, name, (const char *)file, len, &tiny, &r2);
	bg_expect_same_run(r, &r2, "tiny buffer");
	for (size_t i = 0; i < r->ndiags; i++)
		ck_assert_str_eq(r->diags[i].context, r2.diags[i].context);
	ts_free(&r2);
}

static inline void
xg_check(const unsigned char *file, size_t len, ts_result *r)
{
	xg_check_cfg(file, len, "m.xg", NULL, r);
}

/* The diagnostics of FILE are exactly CODE at WHERE (one, or the first
   of MORE when MORE is 1). */
#define xg_expect(file, len, code, where) \
	xg_expect_at(file, len, code, where, 0, __LINE__)
#define xg_expect_first(file, len, code, where) \
	xg_expect_at(file, len, code, where, 1, __LINE__)

static inline void
xg_expect_at(const unsigned char *file, size_t len, const char *code,
             const char *where, int more, int line)
{
	ts_result r;
	xg_check(file, len, &r);
	ck_assert_msg(r.ndiags >= 1, "line %d: no diagnostic, want %s", line,
	              code);
	ck_assert_msg(more || r.ndiags == 1, "line %d: %zu diagnostics: %s, %s",
	              line, r.ndiags, r.diags[0].line, r.diags[1].line);
	ck_assert_msg(strcmp(r.diags[0].code, code) == 0 &&
	              strcmp(r.diags[0].where, where) == 0,
	              "line %d: got %s, want %s at %s", line, r.diags[0].line, code,
	              where);
	ck_assert_msg(r.diags[0].has_place, "line %d: no place", line);
	ts_free(&r);
}

/* FILE checks clean: no diagnostic at all. */
#define xg_expect_clean(file, len) xg_expect_clean_at(file, len, __LINE__)
static inline void
xg_expect_clean_at(const unsigned char *file, size_t len, int line)
{
	ts_result r;
	xg_check(file, len, &r);
	ck_assert_msg(r.ndiags == 0, "line %d: %s", line, r.diags[0].line);
	ck_assert_msg(r.rc == 0, "line %d: rc %d", line, r.rc);
	ts_free(&r);
}

/* The records of M in the usual container (malloc'd, *LEN). */
static inline unsigned char *
xg_bytes(const xgb_match *m, size_t *len)
{
	return xgb_file(&m->rec, len);
}

/* FILE converted to FORM: must succeed (malloc'd text). */
static inline char *
xg_convert(const unsigned char *file, size_t len, const char *form)
{
	ts_result r;
	ts_convert(BG, "m.xg", (const char *)file, len, form, NULL, &r);
	ck_assert_msg(r.rc == 0, "convert to %s: rc %d: %s", form, r.rc,
	              r.ndiags ? r.diags[0].line : "");
	char *out = r.output;
	r.output = NULL;
	ts_free(&r);
	return out;
}

#endif
