/*
 * The diagnostic catalogues (core/catalogue.h): nt_emit takes the severity
 * from the entry and promotes it under --strict when the entry says so;
 * NT_CODE_TRACE records what was reported.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/catalogue.h"
#include "core/report.h"
#include "support/support.h"

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
	tcase_add_test(tc, severity_comes_from_the_entry);
	tcase_add_test(tc, trace_appends_each_code);
	tcase_add_test(tc, no_trace_without_the_variable);
	suite_add_tcase(s, tc);
	return s;
}
