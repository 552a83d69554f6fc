/*
 * Where the output goes: -o FILE for every command that writes one stream
 * (the report of check, lint and stats, show's board, explain's text), never
 * onto an input, and a write that fails is no success.  Umlabalaba records
 * serve as the sample input.
 */
/* mknod() and S_IFCHR are XSI. */
#define _DEFAULT_SOURCE
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/support.h"

static const char *const illegal = "1B>1 1B>2\n";

/* The notate binary the tests run, as ts_run finds it. */
static const char *
binary(void)
{
	const char *bin = getenv("NOTATE");
	return bin != NULL && *bin ? bin : "build/notate";
}

/* Runs notate ARGS through the shell (for redirections ts_run has not). */
static int
shell(const char *args)
{
	char cmd[4096];
	snprintf(cmd, sizeof cmd, "%s %s", binary(), args);
	int st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* What notate writes to standard output with ARGV, for comparing with -o. */
static char *
stdout_of(const char *const argv[])
{
	char *out;
	ts_run(argv, NULL, &out, NULL);
	return out;
}

START_TEST(o_writes_every_commands_output)
{
	char *bad = ts_in_dir("bad.umla", illegal);
	char *report = ts_in_dir("report.txt", NULL);
	char *out;
	/* check: the report goes to the file, nothing to stdout. */
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-o", report, bad, NULL },
	                        NULL, &out, NULL), 1);
	ck_assert_str_eq(out, "");
	free(out);
	char *want = stdout_of((const char *[]){ "check", bad, NULL });
	char *got = ts_read_file(report, NULL);
	ck_assert_ptr_nonnull(got);
	ck_assert(strstr(got, "[wrong-player-to-move]") != NULL);
	ck_assert_str_eq(got, want);
	free(got);
	free(want);
	/* show --svg -o board.svg, as issue 5 spells it. */
	char *svg = ts_in_dir("board.svg", NULL);
	ck_assert_int_eq(ts_run((const char *[]){ "show", bad, "--svg", "-o", svg, NULL },
	                        NULL, &out, NULL), 1);
	ck_assert_str_eq(out, "");
	free(out);
	got = ts_read_file(svg, NULL);
	ck_assert_ptr_nonnull(got);
	ck_assert(strncmp(got, "<svg", 4) == 0);
	free(got);
	/* stats, lint (with -j), explain and games. */
	const char *const *cases[] = {
		(const char *[]){ "stats", "-f", "json", bad, NULL },
		(const char *[]){ "lint", "-j", "2", "-v", bad, NULL },
		(const char *[]){ "explain", "repeated-mill", NULL },
		(const char *[]){ "games", NULL },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *argv[12];
		size_t n = 0;
		for (; cases[i][n]; n++)
			argv[n] = cases[i][n];
		argv[n] = "-o";
		argv[n + 1] = report;
		argv[n + 2] = NULL;
		want = stdout_of(cases[i]);
		ck_assert_int_gt(strlen(want), 0);
		ts_run(argv, NULL, &out, NULL);
		ck_assert_msg(strcmp(out, "") == 0, "%s wrote to stdout", cases[i][0]);
		free(out);
		got = ts_read_file(report, NULL);
		ck_assert_msg(got && strcmp(got, want) == 0, "%s -o", cases[i][0]);
		free(got);
		free(want);
	}
	/* "-o -" is standard output. */
	ck_assert_int_eq(ts_run((const char *[]){ "games", "-o", "-", NULL }, NULL, &out, NULL), 0);
	ck_assert(strstr(out, "umlabalaba") != NULL);
	free(out);
	char *dash = ts_in_dir("-", NULL);
	ck_assert(access(dash, F_OK) != 0);
	free(dash);
	free(svg);
	free(report);
	free(bad);
}
END_TEST

START_TEST(o_never_replaces_an_input)
{
	char *bad = ts_in_dir("bad.umla", illegal);
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-o", bad, bad, NULL }, NULL, NULL, &err), 3);
	ck_assert(strstr(err, "is an input") != NULL);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "stats", bad, "-o", bad, NULL }, NULL, NULL, NULL), 3);
	char *now = ts_read_file(bad, NULL);
	ck_assert_str_eq(now, illegal);
	free(now);
	/* A usage error found late leaves no report and no temporary file. */
	char *report = ts_in_dir("report.txt", NULL);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--move", "99", "--game-no", "2",
	                 "-o", report, bad, NULL }, NULL, NULL, NULL), 3);
	ck_assert(access(report, F_OK) != 0);
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", "-v", ts_dir(), NULL }, NULL, &out, NULL), 1);
	ck_assert(strstr(out, ".notate-") == NULL);
	free(out);
	/* Nor an input found in a folder with -r (nor with -j). */
	char *sub = ts_in_dir("records", NULL);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	char *inner = ts_in_dir("records/a.umla", illegal);
	const char *const jobs[] = { "1", "2" };
	for (int i = 0; i < 2; i++) {
		ck_assert_int_eq(ts_run((const char *[]){ "check", "-j", jobs[i], "-r", sub, "-o", inner, NULL },
		                        NULL, NULL, &err), 3);
		ck_assert(strstr(err, "is an input") != NULL);
		free(err);
		now = ts_read_file(inner, NULL);
		ck_assert_str_eq(now, illegal);
		free(now);
	}
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", sub, NULL }, NULL, &out, NULL), 1);
	ck_assert(strstr(out, ".notate-") == NULL);
	free(out);
	free(inner);
	free(sub);
	free(report);
	free(bad);
}
END_TEST

/* Every record of a folder converted into one -o file: each would replace
 * the last, so it is refused. */
START_TEST(convert_o_takes_one_file)
{
	char *sub = ts_in_dir("records", NULL);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	char *a = ts_in_dir("records/a.umla", "B>1 W>2\n");
	char *b = ts_in_dir("records/b.umla", "B>3 W>4\n");
	char *o = ts_in_dir("out.umla", NULL);
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "electronic", "-r",
	                 "-o", o, sub, NULL }, NULL, NULL, &err), 3);
	ck_assert(strstr(err, "one input file") != NULL);
	ck_assert(access(o, F_OK) != 0);
	free(err);
	free(a);
	free(b);
	free(o);
	free(sub);
}
END_TEST

/* Output lost to a full disk is an error, for every command. */
START_TEST(a_failed_write_to_stdout_is_not_success)
{
	char *ok = ts_in_dir("ok.umla", "[Result \"*\"]\n1B>1 1W>2\n");
	char *err = ts_in_dir("err.txt", NULL);
	const char *const cmds[] = {
		"convert --to electronic", "show", "stats", "fmt", "check -v",
	};
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
		char args[2048];
		snprintf(args, sizeof args, "%s '%s' > /dev/full 2> '%s'", cmds[i], ok, err);
		ck_assert_msg(shell(args) == 2, "%s", cmds[i]);
		char *said = ts_read_file(err, NULL);
		ck_assert_msg(strstr(said, "cannot write the output") != NULL, "%s: %s",
		              cmds[i], said);
		free(said);
	}
	ck_assert_int_eq(shell("explain repeated-mill > /dev/full 2> /dev/null"), 2);
	free(ok);
	free(err);
}
END_TEST

/*
 * A device or a FIFO is written into, never replaced by a plain file (as
 * root, -o /dev/null replaced /dev/null); -i refuses them.  A null device
 * of our own (mknod: root, as CI runs) stands for /dev/null.
 */
START_TEST(devices_are_written_into_not_replaced)
{
	ck_assert_msg(geteuid() == 0, "needs root for mknod");
	char *dev = ts_in_dir("null.umla", NULL);
	char *ok = ts_in_dir("ok.umla", "[Result \"*\"]\n1B>1 1W>2\n");
	ck_assert_int_eq(mknod(dev, S_IFCHR | 0666, makedev(1, 3)), 0);
	struct stat st;
	const char *const *cases[] = {
		(const char *[]){ "convert", "--to", "electronic", "-o", dev, ok, NULL },
		(const char *[]){ "check", "-v", "-o", dev, ok, NULL },
		(const char *[]){ "show", "--svg", "-o", dev, ok, NULL },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *out;
		ck_assert_int_eq(ts_run(cases[i], NULL, &out, NULL), 0);
		ck_assert_str_eq(out, "");
		free(out);
		ck_assert_int_eq(lstat(dev, &st), 0);
		ck_assert_msg(S_ISCHR(st.st_mode), "%s -o replaced the device", cases[i][0]);
	}
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "electronic", "-i",
	                 "--game", "umlabalaba", dev, NULL }, NULL, NULL, &err), 2);
	ck_assert(strstr(err, "not a regular file") != NULL);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "-i", "--game", "umlabalaba", dev, NULL },
	                 NULL, NULL, NULL), 2);
	ck_assert_int_eq(lstat(dev, &st), 0);
	ck_assert(S_ISCHR(st.st_mode));
	unlink(dev);
	free(dev);
	free(ok);
}
END_TEST

/* -o through a link to a file that does not exist yet creates that file,
 * as the shell's > does; the link stays a link. */
START_TEST(o_through_a_dangling_link_creates_its_target)
{
	char *ok = ts_in_dir("ok.umla", "[Result \"*\"]\n1B>1 1W>2\n");
	char *link = ts_in_dir("report-link", NULL);
	char *target = ts_in_dir("report.txt", NULL);
	ck_assert_int_eq(symlink("report.txt", link), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-v", "-o", link, ok, NULL },
	                 NULL, NULL, NULL), 0);
	struct stat st;
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	char *text = ts_read_file(target, NULL);
	ck_assert_ptr_nonnull(text);
	ck_assert(strstr(text, "legal, 1 game, 2 moves") != NULL);
	free(text);
	free(target);
	free(link);
	free(ok);
}
END_TEST

/* Standard output and standard error sent to one place (2>&1) keep the
 * input order: the note on an unreadable file, or a file's diagnostics
 * beside converted data, come between the lines around them. */
START_TEST(both_streams_in_one_place_keep_the_order)
{
	char *a = ts_in_dir("a.umla", "[Result \"*\"]\n1B>1 1W>2\n");
	char *b = ts_in_dir("b.umla", "1B>1 1B>2\n");
	char *missing = ts_in_dir("missing.umla", NULL);
	char *both = ts_in_dir("both.txt", NULL);
	const char *const jobs[] = { "1", "2" };
	for (int i = 0; i < 2; i++) {
		char args[4096];
		snprintf(args, sizeof args, "check -v -j %s '%s' '%s' '%s' > '%s' 2>&1",
		         jobs[i], a, missing, a, both);
		ck_assert_int_eq(shell(args), 2);
		char *got = ts_read_file(both, NULL);
		char want[4096];
		snprintf(want, sizeof want,
		         "%s: umlabalaba: legal, 1 game, 2 moves, 0 errors, 0 warnings, 0 style findings, result *\n"
		         "notate: %s: No such file or directory\n"
		         "%s: umlabalaba: legal, 1 game, 2 moves, 0 errors, 0 warnings, 0 style findings, result *\n",
		         a, missing, a);
		ck_assert_str_eq(got, want);
		free(got);
	}
	char args[4096];
	snprintf(args, sizeof args, "convert --to electronic '%s' '%s' > '%s' 2>&1", a, b, both);
	ck_assert_int_eq(shell(args), 1);
	char *got = ts_read_file(both, NULL);
	ck_assert(strncmp(got, "[Result \"*\"]\n1B>01 1W>02\n", 25) == 0);
	ck_assert(strstr(got + 25, "b.umla:1:6: error:") != NULL);
	free(got);
	free(a);
	free(b);
	free(missing);
	free(both);
}
END_TEST

/* fmt --diff without a diff to run fails (exit 4) and says so; it exited 0
 * with no diff and a message quoting a stale errno. */
START_TEST(fmt_diff_without_diff_fails)
{
	char *mixed = ts_in_dir("mixed.umla", "1B>01 1W>2\n");
	char *err = ts_in_dir("err.txt", NULL);
	char args[2048];
	snprintf(args, sizeof args, "fmt --diff '%s' 2> '%s'", mixed, err);
	char cmd[4096];
	char *abs = realpath(binary(), NULL);
	ck_assert_ptr_nonnull(abs);
	snprintf(cmd, sizeof cmd, "PATH=/nonexistent '%s' %s", abs, args);
	int st = system(cmd);
	ck_assert(WIFEXITED(st));
	ck_assert_int_eq(WEXITSTATUS(st), 4);
	char *said = ts_read_file(err, NULL);
	ck_assert_msg(strstr(said, "cannot run diff: No such file or directory") != NULL, "%s", said);
	free(said);
	free(abs);
	free(err);
	free(mixed);
}
END_TEST

/*
 * Runs notate ARGV with standard output and error both into OUT (2>&1), as
 * a user who cannot read what mode 0700 keeps to root: as root, the child
 * becomes nobody first.  Returns the exit status.
 */
static int
run_unprivileged(const char *const argv[], const char *out)
{
	/* A copy the unprivileged user can reach: the checkout may sit in a
	 * folder only root may enter (a fresh clone under mktemp -d). */
	char *bin_dir = ts_tmpdir();
	ck_assert_int_eq(chmod(bin_dir, 0755), 0);
	size_t len;
	char *image = ts_read_file(binary(), &len);
	ck_assert_ptr_nonnull(image);
	char *abs = malloc(strlen(bin_dir) + 16);
	ck_assert_ptr_nonnull(abs);
	sprintf(abs, "%s/notate", bin_dir);
	ck_assert_int_eq(ts_write_file(abs, image, len), 0);
	free(image);
	ck_assert_int_eq(chmod(abs, 0755), 0);
	const char *args[16] = { abs };
	for (int i = 0; argv[i] != NULL && i < 14; i++)
		args[i + 1] = argv[i];
	pid_t pid = fork();
	if (pid == 0) {
		int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
			_exit(126);
		if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
			_exit(126);
		execv(abs, (char *const *)args);
		_exit(127);
	}
	int st;
	waitpid(pid, &st, 0);
	free(abs);
	ts_rmtree(bin_dir);
	free(bin_dir);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A folder -r cannot read, or one it skips, is noted in its turn with -j
 * too, so that the output (2>&1) is the same as with one job; the note
 * came first. */
START_TEST(unreadable_folders_keep_their_turn)
{
	ck_assert_int_eq(chmod(ts_dir(), 0755), 0);
	char *a = ts_in_dir("a.umla", illegal);
	char *b = ts_in_dir("b", NULL), *c = ts_in_dir("c", NULL);
	ck_assert_int_eq(mkdir(b, 0700), 0);
	ck_assert_int_eq(mkdir(c, 0755), 0);
	free(ts_in_dir("b/x.umla", illegal));
	char *cx = ts_in_dir("c/x.umla", illegal);
	/* And a link back up, noted as skipped, in its turn too. */
	char *up = ts_in_dir("c/up", NULL);
	ck_assert_int_eq(symlink("..", up), 0);
	ck_assert_int_eq(chmod(a, 0644), 0);
	ck_assert_int_eq(chmod(cx, 0644), 0);
	if (geteuid() != 0)
		ck_assert_int_eq(chmod(b, 0), 0);
	char *one = ts_in_dir("one.txt", NULL), *two = ts_in_dir("two.txt", NULL);
	ck_assert_int_eq(run_unprivileged((const char *[]){ "check", "-r", ts_dir(), NULL }, one), 2);
	ck_assert_int_eq(run_unprivileged((const char *[]){ "check", "-r", "-j", "3", ts_dir(), NULL }, two), 2);
	char *want = ts_read_file(one, NULL), *got = ts_read_file(two, NULL);
	char note[700];
	snprintf(note, sizeof note, "%s:1:6: error: '1B>2': it is White's turn "
	         "[wrong-player-to-move]\nnotate: %s: Permission denied\nnotate: %s: "
	         "skipped: it leads back to a folder already being walked\n%s:1:6:",
	         a, b, up, cx);
	ck_assert_msg(strstr(want, note) != NULL, "%s", want);
	ck_assert_str_eq(got, want);
	free(want);
	free(got);
	chmod(b, 0700);
	free(one);
	free(two);
	free(a);
	free(b);
	free(c);
	free(cx);
	free(up);
}
END_TEST

/*
 * With -j, a file's diagnostics beyond 1 MB wait in a temporary file; when
 * none can be written (here a file size limit), they wait in memory: the
 * output is still that of -j 1 (it was cut short, silently).
 */
START_TEST(jobs_keep_everything_without_disk)
{
	size_t n = 12000 * 3;
	char *text = malloc(n + 2);
	for (size_t i = 0; i < n; i += 3)
		memcpy(text + i, "%% ", 3);
	text[n] = '\n';
	text[n + 1] = '\0';
	char *many = ts_in_dir("many.umla", text);
	free(text);
	char *sums[2];
	const char *const jobs[] = { "1", "2" };
	for (int i = 0; i < 2; i++) {
		sums[i] = ts_in_dir(i ? "two.md5" : "one.md5", NULL);
		char args[4096];
		snprintf(args, sizeof args, "%s check -j %s '%s' | md5sum > '%s'",
		         binary(), jobs[i], many, sums[i]);
		char cmd[4400];
		snprintf(cmd, sizeof cmd, "ulimit -f 256; trap '' XFSZ; %s", args);
		int st = system(cmd);
		ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	char *one = ts_read_file(sums[0], NULL), *two = ts_read_file(sums[1], NULL);
	ck_assert_str_eq(two, one);
	/* And that is a whole report, not an empty one. */
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "check", many, NULL }, NULL, &out, NULL), 1);
	ck_assert_int_gt(strlen(out), 1 << 20);
	free(out);
	free(one);
	free(two);
	free(sums[0]);
	free(sums[1]);
	free(many);
}
END_TEST

Suite *
cli_output_suite(void)
{
	Suite *s = suite_create("cli-output");
	TCase *tc = tcase_create("output");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, o_writes_every_commands_output);
	tcase_add_test(tc, o_never_replaces_an_input);
	tcase_add_test(tc, convert_o_takes_one_file);
	tcase_add_test(tc, a_failed_write_to_stdout_is_not_success);
	tcase_add_test(tc, devices_are_written_into_not_replaced);
	tcase_add_test(tc, o_through_a_dangling_link_creates_its_target);
	tcase_add_test(tc, both_streams_in_one_place_keep_the_order);
	tcase_add_test(tc, fmt_diff_without_diff_fails);
	tcase_add_test(tc, unreadable_folders_keep_their_turn);
	tcase_add_test(tc, jobs_keep_everything_without_disk);
	suite_add_tcase(s, tc);
	return s;
}
