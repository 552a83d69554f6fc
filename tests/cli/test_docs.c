/*
 * The documentation against the program: every option and command that
 * --help names is in doc/cli.md and the manual page, every code a game can
 * report is in that game's guide, the README stays short, links lead to
 * files that exist, and no document sends the reader to files the
 * repository does not hold.  The tests run from the top of the checkout.
 */
#include <check.h>
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "support/support.h"

#define MAX_NAMES 256
#define NAME_LEN 64

typedef struct names {
	char name[MAX_NAMES][NAME_LEN];
	int n;
} names;

static void
names_add(names *ns, const char *s, size_t len)
{
	ck_assert_msg(len > 0 && len < NAME_LEN, "name of %zu bytes", len);
	for (int i = 0; i < ns->n; i++)
		if (strlen(ns->name[i]) == len && memcmp(ns->name[i], s, len) == 0)
			return;
	ck_assert_int_lt(ns->n, MAX_NAMES);
	memcpy(ns->name[ns->n], s, len);
	ns->name[ns->n][len] = '\0';
	ns->n++;
}

static int
names_has(const names *ns, const char *s)
{
	for (int i = 0; i < ns->n; i++)
		if (strcmp(ns->name[i], s) == 0)
			return 1;
	return 0;
}

static char *
read_doc(const char *path)
{
	char *text = ts_read_file(path, NULL);
	ck_assert_msg(text != NULL, "cannot read %s (the tests run from the top "
	              "of the checkout)", path);
	return text;
}

static int
word_char(int c)
{
	return isalnum((unsigned char)c) || c == '-' || c == '_';
}

/* Whether WORD occurs in TEXT as a whole word: --game is not --game-no. */
static int
has_word(const char *text, const char *word)
{
	size_t len = strlen(word);
	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word))
		if ((p == text || !word_char(p[-1])) && !word_char(p[len]))
			return 1;
	return 0;
}

/* The manual page as it reads: \- is -, and font changes are dropped. */
static char *
man_text(void)
{
	char *text = read_doc("doc/notate.1");
	char *out = text;
	for (const char *p = text; *p; p++) {
		if (p[0] == '\\' && p[1] == '-') {
			*out++ = '-';
			p++;
		} else if (p[0] == '\\' && p[1] == 'f' && p[2] != '\0') {
			p += 2;
		} else if (p[0] == '\\' && p[1] == '&') {
			p++;
		} else {
			*out++ = *p;
		}
	}
	*out = '\0';
	return text;
}

static char *
help_text(void)
{
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "--help", NULL }, NULL, &out, NULL), 0);
	return out;
}

/* Every -x and --long-name that --help shows, wherever it shows it. */
static void
help_options(const char *help, names *ns)
{
	for (const char *p = help; *p; p++) {
		if (*p != '-' || (p > help && (word_char(p[-1]) || p[-1] == '\'')))
			continue;
		if (p[1] == '-' && isalpha((unsigned char)p[2])) {
			size_t len = 2;
			while (word_char(p[len]))
				len++;
			names_add(ns, p, len);
			p += len - 1;
		} else if (isalpha((unsigned char)p[1]) && !word_char(p[2])) {
			names_add(ns, p, 2);
			p++;
		}
	}
}

/* The commands of --help: the lines of its "commands:" block. */
static void
help_commands(const char *help, names *ns)
{
	const char *p = strstr(help, "\ncommands:\n");
	ck_assert(p != NULL);
	p += strlen("\ncommands:\n");
	while (*p == ' ') {
		const char *name = p + strspn(p, " ");
		size_t len = strspn(name, "abcdefghijklmnopqrstuvwxyz");
		if (len > 0 && name - p == 2)
			names_add(ns, name, len);
		p = strchr(p, '\n');
		if (p == NULL)
			break;
		p++;
	}
}

START_TEST(every_help_option_is_documented)
{
	char *help = help_text(), *cli = read_doc("doc/cli.md"), *man = man_text();
	names opts = { .n = 0 };
	help_options(help, &opts);
	/* What --help is known to hold: the extraction itself works. */
	ck_assert_int_ge(opts.n, 30);
	ck_assert(names_has(&opts, "--game") && names_has(&opts, "-W"));
	for (int i = 0; i < opts.n; i++) {
		ck_assert_msg(has_word(cli, opts.name[i]),
		              "--help names %s, doc/cli.md does not", opts.name[i]);
		ck_assert_msg(has_word(man, opts.name[i]),
		              "--help names %s, doc/notate.1 does not", opts.name[i]);
	}
	free(help);
	free(cli);
	free(man);
}
END_TEST

/* The check of a word in the text has teeth: a near miss is no match. */
START_TEST(whole_words_only)
{
	ck_assert(has_word("use --game-no N", "--game-no"));
	ck_assert(!has_word("use --game-no N", "--game"));
	ck_assert(!has_word("use --diff", "-d"));
	ck_assert(has_word(".BR -d \" dir\"", "-d"));
	names ns = { .n = 0 };
	help_options("  -x, --long-one  text; non-option and '-' are not\n", &ns);
	ck_assert_int_eq(ns.n, 2);
	ck_assert_str_eq(ns.name[0], "-x");
	ck_assert_str_eq(ns.name[1], "--long-one");
}
END_TEST

START_TEST(every_command_is_documented)
{
	char *help = help_text(), *cli = read_doc("doc/cli.md"), *man = man_text();
	names cmds = { .n = 0 };
	help_commands(help, &cmds);
	ck_assert_int_ge(cmds.n, 10);
	for (int i = 0; i < cmds.n; i++) {
		char heading[NAME_LEN + 8], item[NAME_LEN + 16], item_arg[NAME_LEN + 16];
		snprintf(heading, sizeof heading, "\n### %s\n", cmds.name[i]);
		ck_assert_msg(strstr(cli, heading) != NULL,
		              "doc/cli.md has no section '### %s'", cmds.name[i]);
		snprintf(item, sizeof item, "\n.TP\n.B %s\n", cmds.name[i]);
		snprintf(item_arg, sizeof item_arg, "\n.TP\n.BI \"%s ", cmds.name[i]);
		ck_assert_msg(strstr(man, item) != NULL || strstr(man, item_arg) != NULL,
		              "doc/notate.1 has no item for the command %s", cmds.name[i]);
	}
	free(help);
	free(cli);
	free(man);
}
END_TEST

/*
 * Every code of every game the command knows is in doc/GAME.md.  The codes
 * come from the command's SARIF rules (as users see them), not from the
 * library linked into this runner, which may hold games made for tests.
 */
START_TEST(every_code_is_in_its_game_guide)
{
	char *missing = ts_in_dir("none.umla", NULL);
	char *sarif;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-f", "sarif", missing, NULL },
	                        NULL, &sarif, NULL), 2);
	const char *p = strstr(sarif, "\"rules\":[");
	ck_assert(p != NULL);
	int codes = 0;
	while ((p = strstr(p, "{\"id\":\"")) != NULL) {
		p += strlen("{\"id\":\"");
		char code[NAME_LEN], game[NAME_LEN], path[NAME_LEN + 16];
		size_t len = strcspn(p, "\"");
		ck_assert_uint_lt(len, sizeof code);
		memcpy(code, p, len);
		code[len] = '\0';
		const char *g = strstr(p, "\"properties\":{\"game\":\"");
		ck_assert_msg(g != NULL, "SARIF rule %s names no game", code);
		g += strlen("\"properties\":{\"game\":\"");
		len = strcspn(g, "\"");
		ck_assert_uint_lt(len, sizeof game);
		memcpy(game, g, len);
		game[len] = '\0';
		snprintf(path, sizeof path, "doc/%s.md", game);
		char *guide = read_doc(path);
		char quoted[NAME_LEN + 2];
		snprintf(quoted, sizeof quoted, "`%s`", code);
		ck_assert_msg(strstr(guide, quoted) != NULL, "%s does not list %s",
		              path, code);
		free(guide);
		codes++;
	}
	ck_assert_int_ge(codes, 60);
	free(sarif);
	free(missing);
}
END_TEST

START_TEST(readme_is_short)
{
	char *readme = read_doc("README.md");
	int lines = 0;
	for (const char *p = readme; *p; p++)
		lines += *p == '\n';
	ck_assert_msg(lines <= 200, "README.md has %d lines; the reference "
	              "belongs in doc/", lines);
	free(readme);
}
END_TEST

/* The documents: README.md, and every .md and the manual page in doc/. */
static void
each_document(void (*fn)(const char *path))
{
	fn("README.md");
	DIR *d = opendir("doc");
	ck_assert(d != NULL);
	int found = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if ((len > 3 && strcmp(e->d_name + len - 3, ".md") == 0) ||
		    (len > 2 && strcmp(e->d_name + len - 2, ".1") == 0)) {
			char path[300];
			snprintf(path, sizeof path, "doc/%s", e->d_name);
			fn(path);
			found++;
		}
	}
	closedir(d);
	ck_assert_int_ge(found, 2);
}

/* "spec 3.8", "section 2": numbered parts of files the reader lacks. */
static const char *
numbered_reference(const char *text)
{
	static const char *const words[] = { "spec ", "spec's ", "section ", NULL };
	for (const char *p = text; *p; p++)
		for (int w = 0; words[w]; w++) {
			size_t len = strlen(words[w]);
			if (strncasecmp(p, words[w], len) == 0 &&
			    isdigit((unsigned char)p[len]))
				return p;
		}
	return NULL;
}

static void
stands_alone(const char *path)
{
	char *text = read_doc(path);
	static const char *const outside[] = {
		"CLI.md", "../shared", "shared/spec", "shared/corpus", "spec/", NULL
	};
	for (int i = 0; outside[i]; i++)
		ck_assert_msg(strstr(text, outside[i]) == NULL,
		              "%s refers to '%s', outside the repository", path,
		              outside[i]);
	const char *ref = numbered_reference(text);
	ck_assert_msg(ref == NULL, "%s cites a numbered section: '%.20s'", path,
	              ref);
	free(text);
}

START_TEST(documents_stand_alone)
{
	each_document(stands_alone);
	ck_assert(numbered_reference("as spec 3.8 says") != NULL);
	ck_assert(numbered_reference("the Section 2 rule") != NULL);
	ck_assert(numbered_reference("the spec says") == NULL);
}
END_TEST

/* Every relative link [text](target) leads to a file that exists. */
static void
links_resolve(const char *path)
{
	size_t plen = strlen(path);
	if (plen < 3 || strcmp(path + plen - 3, ".md") != 0)
		return;
	char *text = read_doc(path);
	char dir[300];
	snprintf(dir, sizeof dir, "%s", path);
	char *slash = strrchr(dir, '/');
	if (slash != NULL)
		slash[1] = '\0';
	else
		dir[0] = '\0';
	for (const char *p = strstr(text, "]("); p; p = strstr(p + 1, "](")) {
		const char *t = p + 2;
		size_t len = strcspn(t, ")# \n");
		if (len == 0 || strncmp(t, "http", 4) == 0)
			continue;
		char target[600];
		snprintf(target, sizeof target, "%s%.*s", dir, (int)len, t);
		struct stat st;
		ck_assert_msg(stat(target, &st) == 0, "%s links to %s, which does "
		              "not exist", path, target);
	}
	free(text);
}

START_TEST(links_lead_somewhere)
{
	each_document(links_resolve);
}
END_TEST

Suite *
cli_docs_suite(void)
{
	Suite *s = suite_create("docs");
	TCase *tc = tcase_create("docs");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, every_help_option_is_documented);
	tcase_add_test(tc, whole_words_only);
	tcase_add_test(tc, every_command_is_documented);
	tcase_add_test(tc, every_code_is_in_its_game_guide);
	tcase_add_test(tc, readme_is_short);
	tcase_add_test(tc, documents_stand_alone);
	tcase_add_test(tc, links_lead_somewhere);
	suite_add_tcase(s, tc);
	return s;
}
