/*
 * The web page (build/web, from make wasm) in Debian's Chromium: each test
 * runs one case of tests/web/page-test.js with node and playwright-core,
 * which compares what the page shows with what the notate command says of
 * the same records.  Its log and screenshots go to NT_BUILD/web-test/.
 *
 * Without chromium, node, playwright-core (tools/web/install.sh) or the
 * built page, each test prints "SKIPPED" and passes, unless
 * NT_REQUIRE_BROWSER=1 (CI installs them through tools/deps.sh).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *
web_dir(void)
{
	const char *dir = getenv("NT_WEB");
	return dir != NULL && *dir ? dir : "build/web";
}

static int
on_path(const char *name)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", name);
	return system(cmd) == 0;
}

/* What the browser tests lack, or NULL when they can run. */
static const char *
lacking(void)
{
	static char page[512];
	if (access("/usr/bin/chromium", X_OK) != 0 &&
	    (getenv("NT_CHROMIUM") == NULL || access(getenv("NT_CHROMIUM"), X_OK) != 0))
		return "chromium (apt-get install chromium)";
	if (!on_path("node"))
		return "node (apt-get install nodejs)";
	if (access("build/tools/web/node_modules/playwright-core/package.json",
	           R_OK) != 0)
		return "playwright-core (sh tools/web/install.sh)";
	snprintf(page, sizeof page, "%s/notate.wasm", web_dir());
	if (access(page, R_OK) != 0)
		return "the page (make wasm)";
	return NULL;
}

static void
run_case(const char *name)
{
	const char *why = lacking();
	if (why != NULL) {
		/* Loud, and an error where the browser must be there (CI). */
		printf("SKIPPED: web page, %s: %s is missing\n", name, why);
		ck_assert_msg(getenv("NT_REQUIRE_BROWSER") == NULL,
		              "NT_REQUIRE_BROWSER is set but %s is missing", why);
		return;
	}
	const char *build = getenv("NT_BUILD");
	char out[512], cmd[2048];
	snprintf(out, sizeof out, "%s/web-test", build != NULL && *build ? build : "build");
	mkdir(out, 0777);
	snprintf(cmd, sizeof cmd, "NT_WEB_OUT='%s' NT_WEB='%s' node tests/web/page-test.js %s "
	         "> '%s/%s.log' 2>&1", out, web_dir(), name, out, name);
	int rc = system(cmd);
	if (rc != 0) {
		snprintf(cmd, sizeof cmd, "cat '%s/%s.log' >&2", out, name);
		if (system(cmd) != 0)
			fprintf(stderr, "(no log in %s)\n", out);
	}
	ck_assert_msg(rc == 0, "the web page's %s case failed (its log: %s/%s.log)",
	              name, out, name);
}

START_TEST(diagnostics_are_the_commands) { run_case("diagnostics"); }
END_TEST
START_TEST(positions_are_shows) { run_case("positions"); }
END_TEST
START_TEST(conversions_are_the_commands) { run_case("convert"); }
END_TEST
START_TEST(context_marks_the_span) { run_case("context"); }
END_TEST
START_TEST(typing_checks_again) { run_case("typing"); }
END_TEST
START_TEST(hostile_text_stays_text) { run_case("hostile"); }
END_TEST
START_TEST(large_binary_and_unknown_files) { run_case("files"); }
END_TEST
START_TEST(no_external_requests) { run_case("requests"); }
END_TEST
START_TEST(narrow_and_keyboard_only) { run_case("layout"); }
END_TEST

Suite *
web_suite(void)
{
	Suite *s = suite_create("web");
	TCase *tc = tcase_create("page");
	/* A browser run takes seconds; a slow machine many. */
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, diagnostics_are_the_commands);
	tcase_add_test(tc, positions_are_shows);
	tcase_add_test(tc, conversions_are_the_commands);
	tcase_add_test(tc, context_marks_the_span);
	tcase_add_test(tc, typing_checks_again);
	tcase_add_test(tc, hostile_text_stays_text);
	tcase_add_test(tc, large_binary_and_unknown_files);
	tcase_add_test(tc, no_external_requests);
	tcase_add_test(tc, narrow_and_keyboard_only);
	suite_add_tcase(s, tc);
	return s;
}
