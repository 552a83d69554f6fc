/*
 * Helpers for the backgammon record suites: check a text, pin its first
 * diagnostic, and edit the shared sample files line by line (the worked
 * examples of spec section 8 are edits of those files).
 */
#ifndef NT_TEST_BG_RECORDS_UTIL_H
#define NT_TEST_BG_RECORDS_UTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

#define BG "backgammon"

static const ts_config bg_tiny = { .buffer_size = 64, .read_chunk = 7 };
static const ts_config bg_strict = { .strict = 1 };

/* Two runs of one record agree: status, figures, every diagnostic. */
static inline void
bg_expect_same_run(const ts_result *a, const ts_result *b, const char *what)
{
	ck_assert_msg(b->rc == a->rc, "%s: status %d, not %d", what, b->rc, a->rc);
	ck_assert_msg(b->summary.unreadable == a->summary.unreadable &&
	              b->summary.games == a->summary.games &&
	              b->summary.moves == a->summary.moves &&
	              b->summary.errors == a->summary.errors &&
	              b->summary.warnings == a->summary.warnings &&
	              strcmp(b->summary.result, a->summary.result) == 0,
	              "%s: the summaries differ", what);
	ck_assert_msg(b->ndiags == a->ndiags, "%s: %zu diagnostics, not %zu",
	              what, b->ndiags, a->ndiags);
	for (size_t i = 0; i < a->ndiags; i++) {
		ck_assert_msg(strcmp(b->diags[i].line, a->diags[i].line) == 0,
		              "%s:\n got  %s\n want %s", what, b->diags[i].line,
		              a->diags[i].line);
		ck_assert_msg(b->diags[i].end_lineno == a->diags[i].end_lineno &&
		              b->diags[i].end_col == a->diags[i].end_col,
		              "%s: %s ends at %lu:%lu, not %lu:%lu", what,
		              a->diags[i].line, b->diags[i].end_lineno,
		              b->diags[i].end_col, a->diags[i].end_lineno,
		              a->diags[i].end_col);
	}
}

/* Checks TEXT twice (normal buffer, then 64 bytes in 7-byte reads); the two
   runs must agree.  The result of the first run is returned in R. */
static inline void
bg_check(const char *text, const ts_config *cfg, ts_result *r)
{
	ts_check(BG, "t", text, strlen(text), cfg, r);
	ts_config tiny = bg_tiny;
	if (cfg != NULL)
		tiny.strict = cfg->strict;
	ts_result r2;
	ts_check(BG, "t", text, strlen(text), &tiny, &r2);
	bg_expect_same_run(r, &r2, "tiny buffer");
	ts_free(&r2);
}

#define bg_expect_clean(text) bg_expect_clean_at(text, NULL, __LINE__)
static inline void
bg_expect_clean_at(const char *text, const ts_config *cfg, int at)
{
	ts_result r;
	bg_check(text, cfg, &r);
	ck_assert_msg(r.ndiags == 0, "line %d: %s", at, r.diags[0].line);
	ck_assert_msg(r.rc == 0, "line %d: rc %d", at, r.rc);
	ts_free(&r);
}

/* Only warnings, all with CODE. */
static inline void
bg_expect_warnings(const char *text, const char *code, size_t n)
{
	ts_result r;
	bg_check(text, NULL, &r);
	ck_assert_msg(r.ndiags == n, "%zu diagnostics, want %zu: %s", r.ndiags, n,
	              r.ndiags ? r.diags[0].line : "");
	for (size_t i = 0; i < r.ndiags; i++) {
		ck_assert_int_eq(r.diags[i].severity, NT_SEV_WARNING);
		ck_assert_str_eq(r.diags[i].code, code);
	}
	ts_free(&r);
}

/* The first diagnostic is CODE at LINE:COL. */
#define bg_expect_first(text, line, col, code) \
	bg_expect_first_cfg(text, NULL, line, col, code, __LINE__)
static inline void
bg_expect_first_cfg(const char *text, const ts_config *cfg, unsigned long line,
                    unsigned long col, const char *code, int at)
{
	ts_result r;
	bg_check(text, cfg, &r);
	ck_assert_msg(r.ndiags > 0, "line %d: no diagnostic, want %s", at, code);
	ck_assert_msg(strcmp(r.diags[0].code, code) == 0 &&
	              r.diags[0].lineno == line && r.diags[0].col == col,
	              "line %d: got %s, want %lu:%lu %s", at, r.diags[0].line, line,
	              col, code);
	ts_free(&r);
}

/* The first diagnostic, whole. */
#define bg_expect_line(text, golden) bg_expect_line_cfg(text, NULL, golden, __LINE__)
static inline void
bg_expect_line_cfg(const char *text, const ts_config *cfg, const char *golden,
                   int at)
{
	ts_result r;
	bg_check(text, cfg, &r);
	ck_assert_msg(r.ndiags > 0, "line %d: no diagnostic, want %s", at, golden);
	ck_assert_msg(strcmp(r.diags[0].line, golden) == 0,
	              "line %d:\n got  %s\n want %s", at, r.diags[0].line, golden);
	ts_free(&r);
}

/* A shared sample file (malloc'd). */
static inline char *
bg_sample(const char *rel)
{
	char path[1024], full[1100];
	snprintf(path, sizeof path, "corpus/backgammon/%s", rel);
	ts_shared(path, full, sizeof full);
	char *text = ts_read_file(full, NULL);
	ck_assert_msg(text != NULL, "cannot read %s", full);
	return text;
}

/* Start of line LINE (1-based) in TEXT, or the end. */
static inline char *
bg_line_start(char *text, int line)
{
	char *p = text;
	for (int i = 1; i < line && *p; i++) {
		char *nl = strchr(p, '\n');
		if (nl == NULL)
			return p + strlen(p);
		p = nl + 1;
	}
	return p;
}

/* TEXT with line LINE replaced by REPL (which ends without a newline);
   REPL NULL deletes the line.  Frees TEXT. */
static inline char *
bg_replace_line(char *text, int line, const char *repl)
{
	char *a = bg_line_start(text, line);
	char *b = strchr(a, '\n');
	b = b ? b + 1 : a + strlen(a);
	size_t n = strlen(text) + (repl ? strlen(repl) : 0) + 2;
	char *out = malloc(n);
	snprintf(out, n, "%.*s%s%s%s", (int)(a - text), text, repl ? repl : "",
	         repl ? "\n" : "", b);
	free(text);
	return out;
}

/* TEXT with REPL inserted as a new line before line LINE.  Frees TEXT. */
static inline char *
bg_insert_line(char *text, int line, const char *repl)
{
	char *a = bg_line_start(text, line);
	size_t n = strlen(text) + strlen(repl) + 2;
	char *out = malloc(n);
	snprintf(out, n, "%.*s%s\n%s", (int)(a - text), text, repl, a);
	free(text);
	return out;
}

/* TEXT up to and including line LINE.  Frees nothing. */
static inline void
bg_truncate_after(char *text, int line)
{
	char *a = bg_line_start(text, line + 1);
	*a = '\0';
}

/* Every occurrence of FROM in TEXT replaced by TO.  Frees TEXT. */
static inline char *
bg_replace_all(char *text, const char *from, const char *to)
{
	size_t fl = strlen(from), tl = strlen(to), count = 0;
	for (char *p = text; (p = strstr(p, from)) != NULL; p += fl)
		count++;
	char *out = malloc(strlen(text) + count * (tl > fl ? tl - fl : 0) + 1);
	char *o = out;
	const char *p = text;
	for (const char *q; (q = strstr(p, from)) != NULL; p = q + fl) {
		memcpy(o, p, (size_t)(q - p));
		o += q - p;
		memcpy(o, to, tl);
		o += tl;
	}
	strcpy(o, p);
	free(text);
	return out;
}

typedef struct mat_step { int from, to, star; } mat_step;

static inline int
mat_step_cmp(const void *x, const void *y)
{
	const mat_step *a = x, *b = y;
	return a->from != b->from ? b->from - a->from : b->to - a->to;
}

/* The steps at P (up to END) rewritten sorted in place, the '*' of each
   hit point on the first step landing there: a cell's order and where its
   marks go, as 7.2 lets them differ.  Unchanged when it does not parse. */
static inline void
sort_cell_steps(char *p, const char *end)
{
	mat_step st[4];
	int k = 0;
	char *q = p, *span = p;
	while (k < 4 && q < end && *q >= '0' && *q <= '9') {
		char *e;
		st[k].from = (int)strtol(q, &e, 10);
		if (*e != '/')
			return;
		st[k].to = (int)strtol(e + 1, &e, 10);
		st[k].star = *e == '*';
		e += st[k].star;
		k++;
		span = e;
		q = e + (e < end && *e == ' ');
	}
	int hit[26] = { 0 };
	for (int i = 0; i < k; i++)
		hit[st[i].to] |= st[i].star;
	qsort(st, (size_t)k, sizeof st[0], mat_step_cmp);
	char buf[64];
	size_t n = 0;
	for (int i = 0; i < k; i++) {
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%d/%d%s",
		                      i ? " " : "", st[i].from, st[i].to,
		                      hit[st[i].to] ? "*" : "");
		hit[st[i].to] = 0;
	}
	if (n == (size_t)(span - p))
		memcpy(p, buf, n);
}

/* The steps of each mat cell of MAT sorted (malloc'd), for comparing mat
   texts whose order of steps may differ (7.2: mat -> mat keeps a cell's
   written order, other sources come sorted). */
static inline char *
bg_steps_sorted(const char *mat)
{
	char *out = strdup(mat);
	for (char *line = out; *line;) {
		char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);
		/* Each cell "dd: a/b c/d ..." on the line. */
		for (char *c = line; c < line + n; c++)
			if (c[0] >= '1' && c[0] <= '6' && c[1] >= '1' && c[1] <= '6' &&
			    c[2] == ':' && c[3] == ' ')
				sort_cell_steps(c + 4, line + n);
		line += n + (nl != NULL);
	}
	return out;
}

#endif
