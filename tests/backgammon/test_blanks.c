/*
 * Trailing blanks (spec 4.2, 4.3): the sheet writer ends no line after the
 * header in a blank, while the mat writer keeps GNU Backgammon's (a file
 * gnubg wrote comes back byte for byte: tests/backgammon/
 * test_records_gnubg.c).  doc/cli.md's .gitattributes then makes `git diff
 * --check` accept what fmt writes and still check everything else: tried
 * in a temporary git repository.
 */
#include <dirent.h>
#include <stdarg.h>
#include <sys/wait.h>

#include "backgammon/records_util.h"
#include "core/report.h"

/* The lines of TEXT from its match line on that end in a blank. */
static int
blank_ends(const char *text, char *first, size_t size)
{
	const char *s = strstr(text, " point match\n");
	ck_assert_msg(s != NULL, "no match line in '%.80s'", text);
	int n = 0;
	for (; *s != '\0'; s++) {
		if (*s != '\n' || s == text || (s[-1] != ' ' && s[-1] != '\t'))
			continue;
		if (n++ == 0) {
			const char *b = s;
			while (b > text && b[-1] != '\n')
				b--;
			snprintf(first, size, "'%.*s'", (int)(s - b), b);
		}
	}
	return n;
}

/* Every legal record of FOLDER converted to FORM: lines ending in a blank
   are added to *BLANKS; returns how many records were converted. */
static int
convert_folder(const char *folder, const char *form, long *blanks,
               char *first, size_t size)
{
	char dir[512];
	ts_shared(folder, dir, sizeof dir);
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "no corpus at %s", dir);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t l = strlen(e->d_name);
		if (l < 4 || (strcmp(e->d_name + l - 4, ".mat") != 0 &&
		              strcmp(e->d_name + l - 3, ".bg") != 0))
			continue;
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		char *text = ts_read_file(path, NULL);
		ck_assert_ptr_nonnull(text);
		ts_result c;
		ts_convert(BG, e->d_name, text, strlen(text), form, NULL, &c);
		if (c.rc == 0) {
			char where[200];
			int k = blank_ends(c.output, where, sizeof where);
			if (k > 0 && *blanks == 0)
				snprintf(first, size, "%s: %s", e->d_name, where);
			*blanks += k;
			n++;
		}
		ts_free(&c);
		free(text);
	}
	closedir(d);
	return n;
}

START_TEST(sheet_lines_end_without_blanks)
{
	static const char *const folders[] = { "corpus/backgammon/mat",
		"corpus/backgammon/sheet", "corpus/backgammon/real",
		"corpus/backgammon/real-bulk" };
	long blanks[2] = { 0, 0 };
	char first[2][300] = { "", "" };
	int files = 0;
	for (int f = 0; f < 2; f++)
		for (size_t i = 0; i < sizeof folders / sizeof *folders; i++)
			files += convert_folder(folders[i], f ? "sheet" : "mat",
			                        &blanks[f], first[f], sizeof first[f]);
	ck_assert_int_eq(files, 2 * (11 + 9 + 35 + 364));
	ck_assert_msg(blanks[1] == 0, "%ld sheet lines end in a blank, the "
	              "first %s", blanks[1], first[1]);
	/* The mat writer does keep gnubg's blanks, so the test can fail. */
	ck_assert_msg(blanks[0] > 1000, "mat: %ld lines end in a blank",
	              blanks[0]);
}
END_TEST

/* Runs the shell command CMD (printf-style); its exit status. */
static int
sh(const char *fmt, ...) NT_PRINTF(1, 2);

static int
sh(const char *fmt, ...)
{
	char cmd[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	int st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The code block of doc/cli.md that starts with "*.mat ": its
   .gitattributes. */
static char *
documented_attributes(void)
{
	char *doc = ts_read_file("doc/cli.md", NULL);
	ck_assert_ptr_nonnull(doc);
	const char *at = strstr(doc, "```\n*.mat ");
	ck_assert_msg(at != NULL, "doc/cli.md shows no .gitattributes");
	at += 4;
	const char *end = strstr(at, "```\n");
	ck_assert_ptr_nonnull(end);
	char *block = malloc((size_t)(end - at) + 1);
	memcpy(block, at, (size_t)(end - at));
	block[end - at] = '\0';
	free(doc);
	return block;
}

/* TEXT in FORM, as fmt writes it, into DIR/NAME. */
static void
write_formatted(const char *dir, const char *name, const char *text,
                const char *form)
{
	ts_result c;
	ts_convert(BG, name, text, strlen(text), form, NULL, &c);
	ck_assert_int_eq(c.rc, 0);
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	ck_assert_int_eq(ts_write_file(path, c.output, strlen(c.output)), 0);
	ts_free(&c);
}

START_TEST(gitattributes_keep_diff_check_off_mat)
{
	ck_assert_msg(sh("git --version > /dev/null 2>&1") == 0, "no git");
	char *dir = ts_tmpdir();
	char *text = bg_sample("mat/bg-match-01.mat");
	write_formatted(dir, "club.mat", text, "mat");
	write_formatted(dir, "club.bg", text, "sheet");
	/* A file of another kind with a trailing blank: still caught. */
	char other[1024];
	snprintf(other, sizeof other, "%s/notes.txt", dir);
	ck_assert_int_eq(ts_write_file(other, "done \n", 6), 0);
	const char *git = "cd '%s' && GIT_CONFIG_NOSYSTEM=1 HOME='%s' git";
	char pre[1200];
	snprintf(pre, sizeof pre, git, dir, dir);
	ck_assert_int_eq(sh("%s init -q . && %s add club.mat club.bg", pre, pre),
	                 0);
	/* Without the attributes git flags the mat file's blanks, and of the
	   sheet only its closing blank line. */
	ck_assert_int_ne(sh("%s diff --cached --check -- club.mat > /dev/null",
	                    pre), 0);
	ck_assert_int_eq(sh("%s diff --cached --check -- club.bg | grep -v "
	                    "'new blank line at EOF' | grep -q .", pre), 1);
	char *attr = documented_attributes();
	char path[1024];
	snprintf(path, sizeof path, "%s/.gitattributes", dir);
	ck_assert_int_eq(ts_write_file(path, attr, strlen(attr)), 0);
	ck_assert_int_eq(sh("%s add .gitattributes && %s diff --cached --check",
	                    pre, pre), 0);
	ck_assert_int_ne(sh("%s add notes.txt && %s diff --cached --check -- "
	                    "notes.txt > /dev/null", pre, pre), 0);
	free(attr);
	free(text);
	ts_rmtree(dir);
	free(dir);
}
END_TEST

Suite *
backgammon_blanks_suite(void)
{
	Suite *s = suite_create("backgammon-blanks");
	TCase *tc = tcase_create("blanks");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, sheet_lines_end_without_blanks);
	tcase_add_test(tc, gitattributes_keep_diff_check_off_mat);
	suite_add_tcase(s, tc);
	return s;
}
