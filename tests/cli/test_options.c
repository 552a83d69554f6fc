/*
 * How options are read and combined: flags take no value, short flags
 * group, options that contradict each other are usage errors, and what
 * --summary counts follows -W.  Umlabalaba records serve as the input.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/support.h"

static const char *const illegal = "1B>1 1B>2\n";

/* A flag given a value is a usage error, not the flag (--quiet=no was quiet). */
START_TEST(flags_take_no_value)
{
	char *bad = ts_in_dir("bad.umla", illegal);
	const char *const flags[] = {
		"--quiet=no", "--verbose=0", "--recursive=no", "--in-place=no",
	};
	for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
		char *out, *err;
		ck_assert_msg(ts_run((const char *[]){ "check", flags[i], bad, NULL },
		              NULL, &out, &err) == 3, "%s", flags[i]);
		ck_assert_str_eq(out, "");
		ck_assert(strstr(err, flags[i]) != NULL);
		free(out);
		free(err);
	}
	free(bad);
}
END_TEST

/* -rv is -r -v, as POSIX utilities group flags; a group with a letter
 * that is not a flag is refused. */
START_TEST(short_flags_group)
{
	char *bad = ts_in_dir("bad.umla", illegal);
	char *ok = ts_in_dir("ok.umla", "[Result \"*\"]\n1B>1 1W>2\n");
	char *out, *want;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", "-v", ts_dir(), NULL }, NULL, &want, NULL), 1);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-rv", ts_dir(), NULL }, NULL, &out, NULL), 1);
	ck_assert(strstr(out, "ok.umla: umlabalaba: legal") != NULL);
	ck_assert_str_eq(out, want);
	free(out);
	free(want);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-vq", bad, NULL }, NULL, &out, NULL), 1);
	ck_assert_str_eq(out, "");
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-vx", bad, NULL }, NULL, NULL, NULL), 3);
	free(bad);
	free(ok);
}
END_TEST

Suite *
cli_options_suite(void)
{
	Suite *s = suite_create("cli-options");
	TCase *tc = tcase_create("options");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, flags_take_no_value);
	tcase_add_test(tc, short_flags_group);
	suite_add_tcase(s, tc);
	return s;
}
