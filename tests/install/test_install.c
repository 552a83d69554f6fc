/*
 * Packaging: make install puts the binary, the library, the header,
 * notate.pc, the manual page and the bash completion under a prefix, and a
 * small program builds against the installed library through pkg-config.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "support/support.h"

START_TEST(installed_library_man_page_and_completion)
{
	char *prefix = ts_tmpdir();
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "sh tests/install/check-install.sh '%s' > '%s/out' 2>&1",
	         prefix, prefix);
	int st = system(cmd);
	char path[600];
	snprintf(path, sizeof path, "%s/out", prefix);
	char *out = ts_read_file(path, NULL);
	ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s", out ? out : "");
	ck_assert_str_eq(out,
		"move 1 (game 1) at 7:1 by Black: B > 20\n"
		"move 2 (game 1) at 8:1 by White: W > 03\n"
		"move 3 (game 1) at 9:1 by Black: B > 25\n"
		"move 4 (game 1) at 10:1 by White: W > 05\n"
		"move 5 (game 1) at 11:1 by Black: B > 24 < 03\n"
		"umlabalaba: read, 5 moves, 0 errors, result *\n"
		"man page: fine\n"
		"complete ch: check\n"
		"complete --game u: umlabalaba\n"
		"complete --game a: auto\n"
		"complete -r sh: show\n"
		"complete --ignore bg-hit-m: bg-hit-marker-missing bg-hit-marker-spurious\n"
		"complete --ro: --row\n");
	free(out);
	ts_rmtree(prefix);
	free(prefix);
}
END_TEST

Suite *
install_suite(void)
{
	Suite *s = suite_create("install");
	TCase *tc = tcase_create("install");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, installed_library_man_page_and_completion);
	suite_add_tcase(s, tc);
	return s;
}
