/*
 * In-place rewriting is atomic: killed at any moment (kill -9) the file is
 * either the original or the whole new version; on a full disk the
 * original is left as it was and the command fails with a message.
 */
#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "support/support.h"

static const char *
binary(void)
{
	const char *b = getenv("NOTATE");
	return b && *b ? b : "build/notate";
}

static int
same(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && memcmp(a, b, alen) == 0;
}

START_TEST(killed_rewrites_leave_old_or_new)
{
	char *dir = ts_tmpdir();
	char work[600], orig[600];
	snprintf(orig, sizeof orig, "%s/orig.umla", dir);
	snprintf(work, sizeof work, "%s/work.umla", dir);
	/* A few megabytes (seed 6 writes plain points): long enough to be
	 * killed in the middle. */
	ck_assert_int_eq(ts_run((const char *[]){ "generate", "--game", "umlabalaba",
	                 "--seed", "6", "--endless", "--rule", "draw3=off",
	                 "--max-moves", "300000", "-o", orig, NULL }, NULL, NULL, NULL), 0);
	size_t olen, nlen;
	char *old = ts_read_file(orig, &olen);
	char *new;
	ts_run((const char *[]){ "convert", "--to", "electronic", orig, NULL }, NULL, &new, NULL);
	nlen = strlen(new);
	ck_assert(!same(old, olen, new, nlen));
	/* Time one whole rewrite, then kill rewrites at points across it. */
	ck_assert_int_eq(ts_write_file(work, old, olen), 0);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ts_run((const char *[]){ "convert", "--to", "electronic", "-i", work, NULL }, NULL, NULL, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	long span_us = (t1.tv_sec - t0.tv_sec) * 1000000L + (t1.tv_nsec - t0.tv_nsec) / 1000;
	int saw_old = 0, saw_new = 0;
	for (int trial = 0; trial < 16; trial++) {
		ck_assert_int_eq(ts_write_file(work, old, olen), 0);
		pid_t pid = fork();
		if (pid == 0) {
			execl(binary(), binary(), "convert", "--to", "electronic", "-i",
			      work, (char *)NULL);
			_exit(127);
		}
		/* From at once to three times a whole rewrite (the machine may be
		 * loaded): the early kills land before the rename, the late ones
		 * after it, the others wherever they fall. */
		long wait_us = span_us * trial / 5;
		struct timespec pause = { wait_us / 1000000, (wait_us % 1000000) * 1000 };
		nanosleep(&pause, NULL);
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		size_t len;
		char *now = ts_read_file(work, &len);
		ck_assert(now != NULL);
		int is_old = same(now, len, old, olen), is_new = same(now, len, new, nlen);
		ck_assert_msg(is_old || is_new, "trial %d: a partial file (%zu bytes)",
		              trial, len);
		saw_old |= is_old;
		saw_new |= is_new;
		free(now);
	}
	/* Both outcomes happened: the kills did land before and after. */
	ck_assert(saw_old && saw_new);
	free(old);
	free(new);
	ts_rmtree(dir);
	free(dir);
}
END_TEST

START_TEST(a_full_disk_leaves_the_original)
{
	char *dir = ts_tmpdir();
	char mnt[600], file[700];
	snprintf(mnt, sizeof mnt, "%s/small", dir);
	snprintf(file, sizeof file, "%s/game.umla", mnt);
	ck_assert_int_eq(mkdir(mnt, 0755), 0);
	/* A 64 KB file system; as root only (CI runs as root). */
	ck_assert_msg(geteuid() == 0, "needs root to mount a small tmpfs");
	ck_assert_int_eq(mount("tmpfs", mnt, "tmpfs", 0, "size=64k"), 0);
	char *text = NULL;
	/* Seed 6 writes plain points, so the electronic copy is larger. */
	ts_run((const char *[]){ "generate", "--game", "umlabalaba", "--seed", "6",
	       "--endless", "--rule", "draw3=off", "--max-moves", "4500", NULL },
	       NULL, &text, NULL);
	size_t len = strlen(text);
	ck_assert(len > 36000 && len < 60000);
	ck_assert_int_eq(ts_write_file(file, text, len), 0);
	char *err;
	int rc = ts_run((const char *[]){ "convert", "--to", "electronic", "-i", file,
	                NULL }, NULL, NULL, &err);
	size_t now_len;
	char *now = ts_read_file(file, &now_len);
	umount(mnt);
	ck_assert_int_eq(rc, 2);
	ck_assert_msg(strstr(err, "No space left") != NULL, "%s", err);
	ck_assert(same(now, now_len, text, len));
	free(now);
	free(err);
	free(text);
	ts_rmtree(dir);
	free(dir);
}
END_TEST

/*
 * A read-only folder: nothing can be written beside the file, so it stays
 * as it was and the command says why.  As root (CI) a read-only tmpfs,
 * since root writes into a folder whatever its mode.
 */
START_TEST(a_read_only_folder_leaves_the_original)
{
	ck_assert_msg(geteuid() == 0, "needs root to mount a read-only tmpfs");
	char *dir = ts_tmpdir();
	char mnt[600], file[700];
	snprintf(mnt, sizeof mnt, "%s/ro", dir);
	snprintf(file, sizeof file, "%s/game.umla", mnt);
	ck_assert_int_eq(mkdir(mnt, 0755), 0);
	ck_assert_int_eq(mount("tmpfs", mnt, "tmpfs", 0, "size=64k"), 0);
	const char *text = "1B>01 1W>2\n";
	ck_assert_int_eq(ts_write_file(file, text, strlen(text)), 0);
	ck_assert_int_eq(mount("tmpfs", mnt, "tmpfs", MS_REMOUNT | MS_RDONLY, "size=64k"), 0);
	char *err1, *err2;
	int rc1 = ts_run((const char *[]){ "convert", "--to", "electronic", "-i", file, NULL },
	                 NULL, NULL, &err1);
	int rc2 = ts_run((const char *[]){ "fmt", "-i", file, NULL }, NULL, NULL, &err2);
	char *now = ts_read_file(file, NULL);
	umount(mnt);
	ck_assert_int_eq(rc1, 2);
	ck_assert_int_eq(rc2, 2);
	ck_assert_msg(strstr(err1, "Read-only file system") != NULL, "%s", err1);
	ck_assert_msg(strstr(err2, "Read-only file system") != NULL, "%s", err2);
	ck_assert_str_eq(now, text);
	free(now);
	free(err1);
	free(err2);
	ts_rmtree(dir);
	free(dir);
}
END_TEST

/* In place through a link: the link stays a link, its target is replaced;
 * the target keeps its mode and (root rewriting another's file) owner. */
START_TEST(in_place_keeps_links_mode_and_owner)
{
	ck_assert_msg(geteuid() == 0, "needs root to give the file another owner");
	char *dir = ts_tmpdir();
	char real[600], link[600];
	snprintf(real, sizeof real, "%s/real.umla", dir);
	snprintf(link, sizeof link, "%s/link.umla", dir);
	ck_assert_int_eq(ts_write_file(real, "B>1 W>2\n", 8), 0);
	ck_assert_int_eq(chown(real, 65534, 65534), 0);
	ck_assert_int_eq(chmod(real, 0640), 0);
	ck_assert_int_eq(symlink("real.umla", link), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "electronic", "-i", link, NULL },
	                 NULL, NULL, NULL), 0);
	struct stat st;
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	ck_assert_int_eq(stat(real, &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0640);
	ck_assert_int_eq(st.st_uid, 65534);
	ck_assert_int_eq(st.st_gid, 65534);
	char *now = ts_read_file(real, NULL);
	ck_assert_str_eq(now, "B>01 W>02\n");
	free(now);
	/* fmt -i the same way. */
	ck_assert_int_eq(ts_run((const char *[]){ "fmt", "-i", link, NULL }, NULL, NULL, NULL), 0);
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	now = ts_read_file(real, NULL);
	ck_assert_str_eq(now, "B>1 W>2\n");
	free(now);
	ck_assert_int_eq(stat(real, &st), 0);
	ck_assert_int_eq(st.st_uid, 65534);
	ts_rmtree(dir);
	free(dir);
}
END_TEST


/* Files in DIR whose names hold "notate" (the temporary files). */
static int
leftovers(const char *dir)
{
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	int n = 0;
	for (struct dirent *e; (e = readdir(d)) != NULL;)
		n += strstr(e->d_name, "notate") != NULL;
	closedir(d);
	return n;
}

/*
 * Ctrl-C, kill or a closed terminal in the middle of a rewrite leaves no
 * temporary file behind: not beside the input (convert -i, fmt -i), not
 * in TMPDIR (fmt's copies); the input is the old or the new version.
 */
START_TEST(terminated_rewrites_leave_no_temporary_file)
{
	char *dir = ts_tmpdir();
	char work[600], orig[600], tmp[600];
	snprintf(orig, sizeof orig, "%s/orig.umla", dir);
	snprintf(work, sizeof work, "%s/work.umla", dir);
	snprintf(tmp, sizeof tmp, "%s/tmp", dir);
	ck_assert_int_eq(mkdir(tmp, 0755), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "generate", "--game", "umlabalaba",
	                 "--seed", "6", "--endless", "--rule", "draw3=off",
	                 "--max-moves", "300000", "-o", orig, NULL }, NULL, NULL, NULL), 0);
	size_t olen;
	char *old = ts_read_file(orig, &olen);
	static const int signals[] = { SIGTERM, SIGINT, SIGHUP };
	static const char *const commands[][5] = {
		{ "convert", "--to", "electronic", "-i", NULL },
		{ "fmt", "-i", NULL },
		{ "fmt", "--diff", NULL },
	};
	int interrupted = 0;
	for (int trial = 0; trial < 12; trial++) {
		ck_assert_int_eq(ts_write_file(work, old, olen), 0);
		const char *const *cmd = commands[trial % 3];
		const char *argv[8];
		int n = 0;
		argv[n++] = binary();
		for (int i = 0; cmd[i] != NULL; i++)
			argv[n++] = cmd[i];
		argv[n++] = work;
		argv[n] = NULL;
		pid_t pid = fork();
		if (pid == 0) {
			int null = open("/dev/null", O_WRONLY);
			dup2(null, 1);
			setenv("TMPDIR", tmp, 1);
			execv(binary(), (char *const *)argv);
			_exit(127);
		}
		struct timespec pause = { 0, 20000000L * (trial / 3 + 1) };
		nanosleep(&pause, NULL);
		kill(pid, signals[trial % 3]);
		int status;
		waitpid(pid, &status, 0);
		interrupted += WIFSIGNALED(status);
		ck_assert_int_eq(leftovers(dir), 0);
		ck_assert_int_eq(leftovers(tmp), 0);
		size_t len;
		char *now = ts_read_file(work, &len);
		ck_assert(now != NULL);
		ck_assert(same(now, len, old, olen) || len > olen);
		free(now);
	}
	/* The signals did land while the commands ran. */
	ck_assert_int_gt(interrupted, 0);
	free(old);
	ts_rmtree(dir);
	free(dir);
}
END_TEST

Suite *
cli_atomic_suite(void)
{
	Suite *s = suite_create("cli-atomic");
	TCase *tc = tcase_create("atomic");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, killed_rewrites_leave_old_or_new);
	tcase_add_test(tc, a_full_disk_leaves_the_original);
	tcase_add_test(tc, a_read_only_folder_leaves_the_original);
	tcase_add_test(tc, in_place_keeps_links_mode_and_owner);
	tcase_add_test(tc, terminated_rewrites_leave_no_temporary_file);
	suite_add_tcase(s, tc);
	return s;
}
