/*
 * Fix-its (issue 15): a bg-hit-marker-missing message ends "write PLAY",
 * PLAY in the cell's own form (`25/20*` in a mat, `bar/20*` in a sheet).
 * Following every fix-it of a file, as a user would (the cell's play
 * replaced by PLAY), leaves no such warning and gives no new finding: no
 * error, and as many style findings as before.  Tried on the real exports
 * (mat, which mostly leave out `*`) and on their sheet conversions with
 * every `*` taken out.
 */
#include <dirent.h>

#include "backgammon/records_util.h"

#define MISSING "bg-hit-marker-missing"

/* TEXT's lines, split in place. */
typedef struct lines {
	char **line;
	size_t n;
} lines;

static void
split(char *text, lines *ls)
{
	ls->n = 0;
	ls->line = malloc(sizeof *ls->line * (strlen(text) + 2));
	for (char *p = text; *p;) {
		ls->line[ls->n++] = p;
		char *nl = strchr(p, '\n');
		if (nl == NULL)
			break;
		*nl = '\0';
		p = nl + 1;
	}
}

static int
later_first(const void *a, const void *b)
{
	const ts_diag *x = *(ts_diag *const *)a, *y = *(ts_diag *const *)b;
	if (x->lineno != y->lineno)
		return x->lineno < y->lineno ? -1 : 1;
	return x->col > y->col ? -1 : x->col < y->col;
}

/* Line L with the play of the cell D points at replaced by its fix-it. */
static char *
apply_fixit(const char *l, const ts_diag *d)
{
	const char *fix = strstr(d->message, ": write ");
	ck_assert_msg(fix != NULL, "no fix-it in %s", d->line);
	fix += strlen(": write ");
	size_t start = d->col - 1, end = d->end_col;
	ck_assert(end <= strlen(l) && start < end);
	size_t dice = l[start + 1] == '-' ? 4 : 3;
	size_t n = strlen(l) + strlen(fix) + 2;
	char *out = malloc(n);
	snprintf(out, n, "%.*s %s%s", (int)(start + dice), l, fix, l + end);
	return out;
}

/* Follows the fix-its of R's diagnostics in TEXT; how many (the new text
   in *OUT, malloc'd). */
static int
follow(const char *text, const ts_result *r, char **out)
{
	char *copy = strdup(text);
	lines ls;
	split(copy, &ls);
	const ts_diag *fix[TS_MAX_DIAGS];
	int nfix = 0;
	for (size_t i = 0; i < r->ndiags; i++)
		if (strcmp(r->diags[i].code, MISSING) == 0)
			fix[nfix++] = &r->diags[i];
	qsort(fix, (size_t)nfix, sizeof *fix, later_first);
	char **owned = calloc(ls.n, sizeof *owned);
	for (int i = 0; i < nfix; i++) {
		size_t k = fix[i]->lineno - 1;
		ck_assert(k < ls.n);
		char *next = apply_fixit(ls.line[k], fix[i]);
		free(owned[k]);
		ls.line[k] = owned[k] = next;
	}
	size_t len = 0;
	for (size_t k = 0; k < ls.n; k++)
		len += strlen(ls.line[k]) + 1;
	*out = malloc(len + 1);
	size_t o = 0;
	for (size_t k = 0; k < ls.n; k++)
		o += (size_t)sprintf(*out + o, "%s\n", ls.line[k]);
	for (size_t k = 0; k < ls.n; k++)
		free(owned[k]);
	free(owned);
	free(ls.line);
	free(copy);
	return nfix;
}

/* The layout finding (bg-layout) apart: a fix-it that fmt would make
   too settles the line's layout, so it may go; see layout_never_grows. */
static const char *const no_layout[] = { "bg-layout" };

static void
lint(const char *text, ts_result *r)
{
	ts_config cfg = { .lint = 1, .ignore = no_layout, .nignore = 1 };
	ts_check(BG, "t", text, strlen(text), &cfg, r);
}

/* Layout findings of TEXT, as a file named NAME. */
static long
layout_findings(const char *name, const char *text)
{
	ts_config cfg = { .lint = 1 };
	ts_result r;
	ts_check(BG, name, text, strlen(text), &cfg, &r);
	long n = r.summary.style;
	ts_free(&r);
	ts_config none = { .lint = 1, .ignore = no_layout, .nignore = 1 };
	ts_check(BG, name, text, strlen(text), &none, &r);
	n -= r.summary.style;
	ts_free(&r);
	return n;
}

/* Follows every fix-it of TEXT (NAME in messages); how many there were. */
static long
fixits_hold(const char *name, const char *text)
{
	ts_result r;
	lint(text, &r);
	long layout = layout_findings(name, text);
	long errors = r.summary.errors, warnings = r.summary.warnings;
	long style = r.summary.style, fixed = 0;
	char *cur = strdup(text);
	for (int round = 0; round < 200; round++) {
		char *next;
		int n = follow(cur, &r, &next);
		ts_free(&r);
		free(cur);
		cur = next;
		lint(cur, &r);
		if (n == 0)
			break;
		fixed += n;
	}
	ck_assert_msg(r.summary.errors == errors, "%s: %ld errors after the "
	              "fix-its, %ld before (%s)", name, r.summary.errors, errors,
	              r.ndiags ? r.diags[0].line : "");
	ck_assert_msg(r.summary.warnings == warnings - fixed, "%s: %ld warnings "
	              "after following %ld fix-its of %ld (%s)", name,
	              r.summary.warnings, fixed, warnings,
	              r.ndiags ? r.diags[0].line : "");
	ck_assert_msg(r.summary.style == style, "%s: %ld style findings after "
	              "the fix-its, %ld before (%s)", name, r.summary.style, style,
	              r.ndiags ? r.diags[0].line : "");
	/* Following a fix-it never lays a line out worse. */
	long after = layout_findings(name, cur);
	ck_assert_msg(after <= layout, "%s: %ld layout findings after the "
	              "fix-its, %ld before", name, after, layout);
	ts_free(&r);
	free(cur);
	return fixed;
}

/* TEXT with every '*' taken out (malloc'd). */
static char *
without_stars(const char *text)
{
	char *out = strdup(text), *o = out;
	for (const char *p = text; *p; p++)
		if (*p != '*')
			*o++ = *p;
	*o = '\0';
	return out;
}

/* Up to MAX legal files of FOLDER, as they are (mat) and as sheets
   without '*'; adds the fix-its followed to FIXED[form]. */
static int
folder_fixits(const char *folder, int max, long fixed[2])
{
	char dir[512];
	ts_shared(folder, dir, sizeof dir);
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort);
	ck_assert_msg(n >= 0, "no corpus at %s", dir);
	int files = 0;
	for (int i = 0; i < n; i++) {
		size_t l = strlen(names[i]->d_name);
		if (files < max && l > 4 &&
		    strcmp(names[i]->d_name + l - 4, ".mat") == 0) {
			char path[1024];
			snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
			char *text = ts_read_file(path, NULL);
			ck_assert_ptr_nonnull(text);
			ts_result c;
			ts_convert(BG, "t", text, strlen(text), "sheet", NULL, &c);
			if (c.rc == 0) {
				fixed[0] += fixits_hold(names[i]->d_name, text);
				char *bare = without_stars(c.output);
				fixed[1] += fixits_hold(names[i]->d_name, bare);
				free(bare);
				files++;
			}
			ts_free(&c);
			free(text);
		}
		free(names[i]);
	}
	free(names);
	return files;
}

START_TEST(following_fixits_gives_no_new_finding)
{
	long fixed[2] = { 0, 0 };
	int files = folder_fixits("corpus/backgammon/real", 40, fixed);
	files += folder_fixits("corpus/backgammon/real-bulk", 40, fixed);
	ck_assert_int_ge(files, 70);
	ck_assert_msg(fixed[0] >= 500 && fixed[1] >= 500, "fix-its followed: "
	              "%ld in mat, %ld in sheet", fixed[0], fixed[1]);
}
END_TEST

/* The fix-it's own form: the bar and off as the cell's form writes them. */
START_TEST(fixits_in_the_cells_form)
{
	/* bg-sheet-01 in both forms, every '*' taken out: row 2's 6-2 is the
	   first hit, and later ones enter from the bar hitting. */
	ts_result r;
	char *sheet = bg_sample("sheet/bg-sheet-01.bg");
	char *mat = bg_sample("sheet/bg-sheet-01.mat");
	char *bs = without_stars(sheet), *bm = without_stars(mat);
	lint(bs, &r);
	ck_assert_str_eq(r.diags[0].code, MISSING);
	ck_assert_msg(strstr(r.diags[0].message, ": write 24/18 13/11*") != NULL,
	              "%s", r.diags[0].line);
	int bar = 0;
	for (size_t i = 0; i < r.ndiags; i++)
		bar += strstr(r.diags[i].message, ": write bar/") != NULL;
	ck_assert_int_gt(bar, 0);
	ts_free(&r);
	lint(bm, &r);
	ck_assert_str_eq(r.diags[0].code, MISSING);
	ck_assert_msg(strstr(r.diags[0].message, ": write 24/18 13/11*") != NULL,
	              "%s", r.diags[0].line);
	bar = 0;
	for (size_t i = 0; i < r.ndiags; i++) {
		bar += strstr(r.diags[i].message, ": write 25/") != NULL;
		ck_assert_msg(strstr(r.diags[i].message, "bar/") == NULL, "%s",
		              r.diags[i].line);
	}
	ck_assert_int_gt(bar, 0);
	ts_free(&r);
	free(bs);
	free(bm);
	free(sheet);
	free(mat);
}
END_TEST

Suite *
backgammon_fixits_suite(void)
{
	Suite *s = suite_create("backgammon-fixits");
	TCase *tc = tcase_create("fixits");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, following_fixits_gives_no_new_finding);
	tcase_add_test(tc, fixits_in_the_cells_form);
	suite_add_tcase(s, tc);
	return s;
}
