/*
 * The one Check runner: every suite the build found in tests/.
 * check_notate --code-coverage TRACE instead judges the NT_CODE_TRACE file
 * a run of the suite wrote (see tests/support/code_coverage.c).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

extern Suite *(*const nt_test_suites[])(void);

int
main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--code-coverage") == 0)
		return ts_code_coverage(argv[2]) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
	SRunner *runner = srunner_create(NULL);
	for (size_t i = 0; nt_test_suites[i] != NULL; i++)
		srunner_add_suite(runner, nt_test_suites[i]());
	/* CK_ENV: CK_RUN_SUITE, CK_VERBOSITY, CK_FORK etc. work without a rebuild. */
	srunner_run_all(runner, CK_ENV);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
