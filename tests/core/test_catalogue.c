/*
 * The diagnostic catalogues (core/catalogue.h): a game whose codes live in
 * src/games/NAME/codes.def reports only through its catalogue entries, so
 * that no call site spells a code or states its severity; nt_emit takes the
 * severity from the entry and promotes it under --strict when the entry
 * says so; NT_CODE_TRACE records what was reported.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/catalogue.h"
#include "core/report.h"
#include "support/support.h"

typedef struct source_file {
	char path[600];
	char *text;
} source_file;

#define MAX_FILES 64

/* Reads DIR/NAME for the files of a game, when NAME ends in one of EXTS. */
static void
add_file(source_file *files, int *n, const char *dir, const char *name,
         const char *const *exts)
{
	size_t len = strlen(name);
	for (const char *const *e = exts; *e; e++) {
		size_t elen = strlen(*e);
		if (len <= elen || strcmp(name + len - elen, *e) != 0)
			continue;
		ck_assert_int_lt(*n, MAX_FILES);
		source_file *f = &files[*n];
		snprintf(f->path, sizeof f->path, "%s/%s", dir, name);
		f->text = ts_read_file(f->path, NULL);
		ck_assert_msg(f->text != NULL, "cannot read %s", f->path);
		(*n)++;
		return;
	}
}

/*
 * The sources of GAME: its folder (but codes.def) and every lexer or
 * grammar that includes a header of that folder.
 */
static int
game_sources(const char *game, source_file *files)
{
	static const char *const c_exts[] = { ".c", ".h", NULL };
	static const char *const g_exts[] = { ".re", ".y", NULL };
	int n = 0;
	char dir[300];
	snprintf(dir, sizeof dir, "src/games/%s", game);
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "%s", dir);
	for (struct dirent *e; (e = readdir(d)) != NULL;)
		add_file(files, &n, dir, e->d_name, c_exts);
	closedir(d);
	char include[320];
	snprintf(include, sizeof include, "#include \"games/%s/", game);
	d = opendir("grammar");
	ck_assert_ptr_nonnull(d);
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		int before = n;
		add_file(files, &n, "grammar", e->d_name, g_exts);
		if (n > before && strstr(files[n - 1].text, include) == NULL)
			free(files[--n].text);
	}
	closedir(d);
	return n;
}

/* The line of OFFSET in TEXT, for a failure message. */
static unsigned long
line_of(const char *text, const char *at)
{
	unsigned long line = 1;
	for (const char *s = text; s < at; s++)
		line += *s == '\n';
	return line;
}

static int
has_codes_def(const char *game)
{
	char path[300];
	snprintf(path, sizeof path, "src/games/%s/codes.def", game);
	return access(path, R_OK) == 0;
}

/* The calls that take a code string and a severity from the caller. */
static const char *const string_calls[] = { "nt_report(", "nt_report_span(",
                                            "nt_vreport(", NULL };

START_TEST(catalogued_games_spell_no_code)
{
	int judged = 0;
	for (size_t g = 0; g < nt_game_count(); g++) {
		const nt_game *game = nt_game_at(g);
		const char *name = nt_game_name(game);
		if (!has_codes_def(name))
			continue;
		judged++;
		source_file files[MAX_FILES];
		int n = game_sources(name, files);
		ck_assert_int_gt(n, 0);
		for (int i = 0; i < n; i++) {
			const char *text = files[i].text;
			for (const char *const *call = string_calls; *call; call++) {
				const char *at = strstr(text, *call);
				ck_assert_msg(at == NULL, "%s:%lu: %s names its code as a "
				              "string; report through nt_emit",
				              files[i].path, line_of(text, at), *call);
			}
			for (const nt_code_info *c = nt_game_codes(game); c->code; c++) {
				char quoted[80];
				snprintf(quoted, sizeof quoted, "\"%s\"", c->code);
				const char *at = strstr(text, quoted);
				ck_assert_msg(at == NULL, "%s:%lu: the code %s is spelt "
				              "outside codes.def", files[i].path,
				              line_of(text, at), quoted);
			}
			free(files[i].text);
		}
	}
	ck_assert_int_gt(judged, 0);
}
END_TEST

/* What a test handler saw. */
typedef struct seen_diags {
	int n;
	nt_severity severity[4];
	char code[4][32];
} seen_diags;

static void
on_diag(void *user, const nt_diag *d)
{
	seen_diags *s = user;
	if (s->n < 4) {
		s->severity[s->n] = d->severity;
		snprintf(s->code[s->n], sizeof s->code[s->n], "%s", d->code);
	}
	s->n++;
}

static const nt_code_info test_codes[] = {
	{ "t-promoted", NT_SEV_WARNING, "s", "e", NT_CODE_STRICT_ERROR },
	{ "t-kept", NT_SEV_WARNING, "s", "e", NT_CODE_STRICT_KEEP },
	{ "t-style", NT_SEV_STYLE, "s", "e", NT_CODE_STRICT_KEEP },
};

/*
 * Sets NT_CODE_TRACE to VALUE (NULL: unset) and returns what it was (malloc),
 * for trace_restore: the codes of these tests must not reach the trace of
 * make check, which would find them in no catalogue.
 */
static char *
trace_set(const char *value)
{
	const char *was = getenv("NT_CODE_TRACE");
	char *saved = was ? strdup(was) : NULL;
	if (value)
		setenv("NT_CODE_TRACE", value, 1);
	else
		unsetenv("NT_CODE_TRACE");
	return saved;
}

static void
trace_restore(char *saved)
{
	if (saved)
		setenv("NT_CODE_TRACE", saved, 1);
	else
		unsetenv("NT_CODE_TRACE");
	free(saved);
}

static void
emit_all(int strict, seen_diags *seen, nt_summary *sum)
{
	memset(seen, 0, sizeof *seen);
	memset(sum, 0, sizeof *sum);
	nt_handler h = { on_diag, NULL, seen };
	nt_reporter rep;
	nt_reporter_init(&rep, &h, "t", sum, 0);
	rep.strict = strict;
	nt_loc at = { 1, 1 };
	for (int i = 0; i < 3; i++)
		nt_emit(&rep, &test_codes[i], at, at, 1, 1, "finding %d", i);
}

START_TEST(severity_comes_from_the_entry)
{
	seen_diags seen;
	nt_summary sum;
	char *saved = trace_set(NULL);
	emit_all(0, &seen, &sum);
	ck_assert_int_eq(seen.n, 3);
	ck_assert_int_eq(seen.severity[0], NT_SEV_WARNING);
	ck_assert_int_eq(seen.severity[1], NT_SEV_WARNING);
	ck_assert_int_eq(seen.severity[2], NT_SEV_STYLE);
	ck_assert_str_eq(seen.code[0], "t-promoted");
	ck_assert_int_eq(sum.errors, 0);
	ck_assert_int_eq(sum.warnings, 2);
	emit_all(1, &seen, &sum);
	ck_assert_int_eq(seen.severity[0], NT_SEV_ERROR);
	ck_assert_int_eq(seen.severity[1], NT_SEV_WARNING);
	ck_assert_int_eq(seen.severity[2], NT_SEV_STYLE);
	ck_assert_int_eq(sum.errors, 1);
	ck_assert_int_eq(sum.warnings, 1);
	trace_restore(saved);
}
END_TEST

START_TEST(trace_appends_each_code)
{
	char path[] = "/tmp/nt-trace-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "before\n", 7), 7);
	close(fd);
	char *saved = trace_set(path);
	seen_diags seen;
	nt_summary sum;
	emit_all(0, &seen, &sum);
	emit_all(1, &seen, &sum);
	/* Emitted while muted, and without a handler: reported all the same. */
	nt_reporter rep;
	nt_reporter_init(&rep, NULL, "t", &sum, 0);
	nt_loc at = { 1, 1 };
	nt_emit(&rep, &test_codes[1], at, at, 1, 1, "again");
	nt_emit(&rep, &test_codes[1], at, at, 1, 1, "and again");
	trace_restore(saved);
	char *text = ts_read_file(path, NULL);
	unlink(path);
	ck_assert_ptr_nonnull(text);
	ck_assert_str_eq(text, "before\n"
	                 "t-promoted\nt-kept\nt-style\n"
	                 "t-promoted\nt-kept\nt-style\n"
	                 "t-kept\n");
	free(text);
}
END_TEST

START_TEST(no_trace_without_the_variable)
{
	char *saved = trace_set(NULL);
	nt_summary sum;
	memset(&sum, 0, sizeof sum);
	nt_reporter rep;
	nt_reporter_init(&rep, NULL, "t", &sum, 0);
	trace_restore(saved);
	ck_assert_ptr_null(rep.trace);
}
END_TEST

Suite *
core_catalogue_suite(void)
{
	Suite *s = suite_create("core-catalogue");
	TCase *tc = tcase_create("catalogue");
	tcase_add_test(tc, catalogued_games_spell_no_code);
	tcase_add_test(tc, severity_comes_from_the_entry);
	tcase_add_test(tc, trace_appends_each_code);
	tcase_add_test(tc, no_trace_without_the_variable);
	suite_add_tcase(s, tc);
	return s;
}
