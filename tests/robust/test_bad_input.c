/*
 * Hostile input for every game, through the notate command as a user runs
 * it: each file gets a clear diagnostic or a clean pass, and the right exit
 * status; nothing crashes, hangs or (in the sanitizer run) leaks.  The big
 * inputs are made at test time, not kept in git.
 */
#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/support.h"

/* Runs check on PATH as GAME; returns the exit status (-1: killed). */
/* The games come from this runner's registry, so the command is the
   build that has the same ones. */
static int
check_as(const char *game, const char *path, char **out, char **err)
{
	return ts_run_bin(ts_notate_test(),
	                  (const char *[]){ "check", "--game", game, path, NULL },
	                  NULL, out, err);
}

/* A clean pass (0) or diagnostics in the FILE:LINE:COL form (1). */
static void
expect_verdict(const char *game, const char *name, int rc, const char *out)
{
	ck_assert_msg(rc == 0 || rc == 1, "%s/%s: exit status %d", game, name, rc);
	if (rc == 1)
		ck_assert_msg(strstr(out, ": error: ") != NULL && strchr(out, '['),
		              "%s/%s: no diagnostic:\n%s", game, name, out);
	else
		ck_assert_msg(strstr(out, ": error: ") == NULL, "%s/%s", game, name);
}

/* Whether LINE is one that --context adds: "   12 | text" or "      | ^". */
static int
is_context_line(const char *line)
{
	while (*line == ' ')
		line++;
	while (*line >= '0' && *line <= '9')
		line++;
	return strncmp(line, "| ", 2) == 0 || strncmp(line, " | ", 3) == 0;
}

/*
 * --context on the same input: the same status and diagnostics, each
 * followed by its two lines or by none, and no byte a terminal would
 * take for a control sequence.
 */
static int
expect_same_with_context(const char *game, const char *path, int rc,
                         const char *plain)
{
	int shown = 0;
	char *out;
	int rc2 = ts_run_bin(ts_notate_test(), (const char *[]){ "check", "--game",
	                     game, "--context", path, NULL }, NULL, &out, NULL);
	ck_assert_msg(rc2 == rc, "%s %s: --context exit status %d, not %d", game,
	              path, rc2, rc);
	size_t len = strlen(out), kept = 0;
	char *rest = malloc(len + 1);
	for (char *line = out; *line;) {
		char *end = strchr(line, '\n');
		ck_assert_msg(end != NULL, "%s %s: an unended line", game, path);
		if (!is_context_line(line)) {
			memcpy(rest + kept, line, (size_t)(end - line) + 1);
			kept += (size_t)(end - line) + 1;
		} else {
			shown++;
			for (char *p = line; p < end; p++)
				ck_assert_msg((unsigned char)*p >= 0x20 || *p == '\t',
				              "%s %s: byte %02x shown", game, path, *p);
		}
		line = end + 1;
	}
	rest[kept] = '\0';
	ck_assert_msg(strcmp(rest, plain) == 0, "%s %s: with --context:\n%s",
	              game, path, out);
	free(rest);
	free(out);
	return shown;
}

/* The bad-input corpus (tests/robust/bad-input/), every file as every game. */
START_TEST(every_game_survives_bad_input)
{
	DIR *d = opendir("tests/robust/bad-input");
	ck_assert(d != NULL);
	int files = 0, shown = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char path[600];
		snprintf(path, sizeof path, "tests/robust/bad-input/%s", e->d_name);
		for (size_t g = 0; g < nt_game_count(); g++) {
			const char *game = nt_game_name(nt_game_at(g));
			char *out, *err;
			int rc = check_as(game, path, &out, &err);
			expect_verdict(game, e->d_name, rc, out);
			shown += expect_same_with_context(game, path, rc, out);
			free(out);
			free(err);
		}
		files++;
	}
	closedir(d);
	ck_assert_int_ge(files, 13);
	/* Most files have findings, so lines to show. */
	ck_assert_int_ge(shown, 2 * files);
}
END_TEST

/* Writes SIZE bytes of REPEATED text on one line, then a newline. */
static void
write_repeated(const char *path, const char *piece, size_t size)
{
	FILE *f = fopen(path, "wb");
	ck_assert(f != NULL);
	size_t n = strlen(piece);
	for (size_t done = 0; done < size; done += n)
		fwrite(piece, 1, n, f);
	fputc('\n', f);
	fclose(f);
}

START_TEST(huge_lines_and_repeated_tokens)
{
	static const char *const pieces[] = { "x", " ", "1", "{", "/", "(", "[" };
	for (size_t g = 0; g < nt_game_count(); g++) {
		const char *game = nt_game_name(nt_game_at(g));
		for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
			char path[600];
			snprintf(path, sizeof path, "%s/line-%zu", ts_dir(), i);
			/* Ten megabytes on one line. */
			write_repeated(path, pieces[i], (size_t)10 << 20);
			char *out, *err;
			int rc = check_as(game, path, &out, &err);
			expect_verdict(game, pieces[i], rc, out);
			/* The line shown is cut around the caret, not read whole. */
			if (i == 0)
				ck_assert_int_gt(expect_same_with_context(game, path, rc, out), 0);
			free(out);
			free(err);
			unlink(path);
		}
	}
}
END_TEST

START_TEST(directories_and_fifos)
{
	for (size_t g = 0; g < nt_game_count(); g++) {
		const char *game = nt_game_name(nt_game_at(g));
		char *err;
		ck_assert_int_eq(check_as(game, ts_dir(), NULL, &err), 2);
		ck_assert(strstr(err, "is a directory") != NULL);
		free(err);
		/* A FIFO is read as the stream it is. */
		char fifo[600];
		snprintf(fifo, sizeof fifo, "%s/fifo", ts_dir());
		ck_assert_int_eq(mkfifo(fifo, 0600), 0);
		pid_t writer = fork();
		if (writer == 0) {
			int fd = open(fifo, O_WRONLY);
			if (write(fd, "\n\n", 2) < 0)
				_exit(1);
			close(fd);
			_exit(0);
		}
		char *out;
		int rc = check_as(game, fifo, &out, NULL);
		waitpid(writer, NULL, 0);
		expect_verdict(game, "fifo", rc, out);
		free(out);
		unlink(fifo);
	}
}
END_TEST

Suite *
robust_bad_input_suite(void)
{
	Suite *s = suite_create("bad-input");
	TCase *tc = tcase_create("every-game");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, every_game_survives_bad_input);
	tcase_add_test(tc, huge_lines_and_repeated_tokens);
	tcase_add_test(tc, directories_and_fifos);
	suite_add_tcase(s, tc);
	return s;
}
