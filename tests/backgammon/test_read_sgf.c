/*
 * Reading GNU Backgammon's SGF files (shared/spec/backgammon-sgf.md): the
 * shared samples, the worked snippets of 6.2 (tests/backgammon/sgf/), and
 * one test per rule of sections 1 to 4, each with a case that breaks it.
 * Every text is checked twice, the second time through a 64-byte buffer
 * in 7-byte reads (bg_check), and both runs must agree.
 */
#include "backgammon/sgf_util.h"

/* ---------------------------------------------------------- samples */

static void
check_folder(const char *rel, int *files, long *games)
{
	char dir[700];
	char **names = sgf_listing(rel, ".sgf", dir, sizeof dir);
	for (size_t i = 0; names[i] != NULL; i++) {
		char path[1400];
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		size_t len;
		char *text = ts_read_file(path, &len);
		ts_result r;
		bg_check(text, NULL, &r);
		int rolled = strcmp(names[i], "bg-money-02-rolled.sgf") == 0;
		ck_assert_msg(r.summary.errors == 0, "%s: %s", names[i],
		              r.ndiags ? r.diags[0].line : "");
		ck_assert_msg(r.ndiags == (size_t)rolled, "%s: %zu diagnostics",
		              names[i], r.ndiags);
		if (rolled)
			ck_assert_str_eq(r.diags[0].code, "bg-sgf-pending-roll");
		ck_assert_int_gt(r.summary.games, 0);
		ck_assert_int_gt(r.summary.moves, 0);
		*games += r.summary.games;
		ts_free(&r);
		free(text);
		(*files)++;
	}
	sgf_listing_free(names);
}

START_TEST(shared_sgf_samples_are_legal)
{
	int files = 0;
	long games = 0;
	check_folder("sgf", &files, &games);
	ck_assert_int_eq(files, 49);
	check_folder("sgf-real", &files, &games);
	ck_assert_int_eq(files, 56);
	ck_assert_int_gt(games, 150);
}
END_TEST

/* gnubg's SGF of a mat file replays the same games: the same scores,
   results and number of moves. */
START_TEST(gnubg_sgf_of_a_mat_has_its_games)
{
	char dir[700];
	char **names = sgf_listing("sgf", ".sgf", dir, sizeof dir);
	int compared = 0;
	for (size_t i = 0; names[i] != NULL; i++) {
		char mat[800];
		snprintf(mat, sizeof mat, "mat/%.*s.mat",
		         (int)(strlen(names[i]) - 4), names[i]);
		char full[1200];
		ts_shared("corpus/backgammon/", full, sizeof full);
		strcat(full, mat);
		char *m = ts_read_file(full, NULL);
		if (m == NULL)
			continue;
		char path[1400];
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		char *s = ts_read_file(path, NULL);
		ts_result a, b;
		ts_check(BG, "t", m, strlen(m), NULL, &a);
		ts_check(BG, "t", s, strlen(s), NULL, &b);
		ck_assert_msg(a.summary.games == b.summary.games &&
		              strcmp(a.summary.result, b.summary.result) == 0,
		              "%s: %ld games %s, the mat %ld games %s", names[i],
		              b.summary.games, b.summary.result, a.summary.games,
		              a.summary.result);
		ts_free(&a);
		ts_free(&b);
		free(m);
		free(s);
		compared++;
	}
	sgf_listing_free(names);
	ck_assert_int_ge(compared, 10);
}
END_TEST

/* The snippets of 6.2, one file each, with their first diagnostic. */
START_TEST(spec_6_2_snippets)
{
	char *manifest = ts_read_file("tests/backgammon/sgf/manifest.tsv", NULL);
	ck_assert(manifest != NULL);
	int n = 0;
	for (char *line = strtok(manifest, "\n"); line; line = strtok(NULL, "\n")) {
		char file[128], code[64] = "";
		unsigned long l = 0, c = 0;
		int k = sscanf(line, "%127[^\t]\t%lu\t%lu\t%63s", file, &l, &c, code);
		if (strcmp(file, "file") == 0)
			continue;
		char path[300];
		snprintf(path, sizeof path, "tests/backgammon/sgf/%s", file);
		char *text = ts_read_file(path, NULL);
		ck_assert_msg(text != NULL, "%s", path);
		ts_result r;
		bg_check(text, NULL, &r);
		if (k < 4) {
			ck_assert_msg(r.ndiags == 0, "%s: %s", file, r.diags[0].line);
		} else {
			ck_assert_msg(r.ndiags > 0 && strcmp(r.diags[0].code, code) == 0 &&
			              r.diags[0].lineno == l && r.diags[0].col == c,
			              "%s: got %s, want %lu:%lu %s", file,
			              r.ndiags ? r.diags[0].line : "nothing", l, c, code);
		}
		/* The variation is a warning: the file stays legal. */
		if (strcmp(code, "bg-sgf-variation") == 0)
			ck_assert_int_eq(r.summary.errors, 0);
		ts_free(&r);
		free(text);
		n++;
	}
	free(manifest);
	ck_assert_int_eq(n, 16);
}
END_TEST

/* ------------------------------------------------------ 1.2 syntax */

START_TEST(syntax_errors_where_the_table_says)
{
	bg_expect_first("", 1, 1, "bg-syntax-error");
	bg_expect_first(" \n\t \r\n", 1, 1, "bg-syntax-error");
	/* Lower-case letters in an identifier: at that character. */
	char *t = sgf_edit(SGF_GAME, ";W[65xrrm]", ";w[65xrrm]");
	bg_expect_first(t, 3, 2, "bg-syntax-error");
	free(t);
	t = sgf_edit(SGF_GAME, "GM[6]", "GaMe[6]");
	bg_expect_first(t, 1, 9, "bg-syntax-error");
	free(t);
	/* Text after the last game tree. */
	t = sgf_cat(SGF_GAME, "x", NULL);
	bg_expect_first(t, 13, 1, "bg-syntax-error");
	free(t);
	/* A value with no identifier, an identifier with no value. */
	t = sgf_edit(SGF_GAME, ";B[42qusu]", ";[42qusu]");
	bg_expect_first(t, 4, 2, "bg-syntax-error");
	free(t);
	t = sgf_edit(SGF_GAME, ";W[65xrrm]", ";W ;B[42qusu]");
	bg_expect_first(t, 3, 4, "bg-syntax-error");
	free(t);
	/* A stray ']', a tree with no node. */
	t = sgf_edit(SGF_GAME, ";W[65xrrm]", ";W[65xrrm]]");
	bg_expect_first(t, 3, 11, "bg-syntax-error");
	free(t);
	bg_expect_first("()", 1, 2, "bg-syntax-error");
	t = sgf_cat(SGF_GAME, "()", NULL);
	bg_expect_first(t, 13, 2, "bg-syntax-error");
	free(t);
	/* A value, a tree not closed before the end: its '[', its '('. */
	t = sgf_cat(SGF_ROOT, "\n;B[64agg", NULL);
	bg_expect_first(t, 2, 3, "bg-syntax-error");
	free(t);
	t = sgf_cat(SGF_ROOT, "\n;B[64aggk]C[a\\", NULL);
	bg_expect_first(t, 2, 12, "bg-syntax-error");
	free(t);
	t = sgf_cat(SGF_ROOT, "\n;B[64aggk]\n(;W[65xrrm]\n  (;B[42qusu])", NULL);
	bg_expect_first(t, 3, 1, "bg-syntax-error");
	free(t);
	/* A node after the sub-trees of its tree. */
	t = sgf_cat(SGF_ROOT, "\n;B[64aggk](;W[65xrrm]);W[65xrrm])", NULL);
	bg_expect_first(t, 2, 23, "bg-syntax-error");
	free(t);
	/* Bytes no rule allows: a NUL, a byte of 0x80 or more. */
	t = sgf_edit(SGF_GAME, "\n;B[42qusu]", "\n\001;B[42qusu]");
	bg_expect_first(t, 4, 1, "bg-syntax-error");
	free(t);
	t = sgf_edit(SGF_GAME, "\n;B[42qusu]", "\n\xC3\xA9;B[42qusu]");
	bg_expect_first(t, 4, 1, "bg-syntax-error");
	free(t);
}
END_TEST

START_TEST(nul_bytes)
{
	/* In a value a NUL is a character; outside it, it is refused. */
	char *base = strdup(SGF_GAME);
	size_t n = strlen(base);
	char *t = malloc(n + 8);
	char *at = strstr(base, ";W[65xrrm]");
	size_t k = (size_t)(at - base);
	memcpy(t, base, k);
	memcpy(t + k, "C[\0]", 4);
	memcpy(t + k + 4, base + k, n - k + 1);
	ts_result r;
	ts_check(BG, "t", t, n + 4, NULL, &r);
	ck_assert_msg(r.ndiags == 0, "%s", r.ndiags ? r.diags[0].line : "");
	ts_free(&r);
	t[k] = '\0';
	ts_check(BG, "t", t, n + 4, NULL, &r);
	ck_assert_int_gt(r.ndiags, 0);
	ck_assert_str_eq(r.diags[0].code, "bg-syntax-error");
	ck_assert_int_eq(r.diags[0].lineno, 3);
	ck_assert_int_eq(r.diags[0].col, 1);
	ts_free(&r);
	free(t);
	free(base);
}
END_TEST

START_TEST(blanks_and_line_ends_between_tokens)
{
	/* Whitespace of every kind between tokens, CRLF and CR line ends. */
	char *t = sgf_edit(SGF_GAME, "\n;", " \t\r\n ; \v\f");
	t = bg_replace_all(t, "MI[", "MI \n [");
	t = bg_replace_all(t, "][", "] \t[");
	bg_expect_clean(t);
	free(t);
	t = sgf_edit(SGF_GAME, "\n", "\r");
	bg_expect_clean(t);
	free(t);
	/* One long line. */
	t = sgf_edit(SGF_GAME, "\n", "");
	bg_expect_clean(t);
	free(t);
	/* A byte-order mark: ignored and not counted in columns. */
	t = sgf_cat("\xEF\xBB\xBF", SGF_GAME, NULL);
	bg_expect_clean(t);
	t = bg_replace_all(t, "FF[4]", "FF[3]");
	bg_expect_first(t, 1, 6, "bg-sgf-bad-value");
	free(t);
	/* Not at the start, it is a character the grammar refuses. */
	t = sgf_cat(SGF_GAME, "\xEF\xBB\xBF", NULL);
	bg_expect_first(t, 13, 1, "bg-syntax-error");
	free(t);
}
END_TEST

/* 4.2 step 1: the first syntax error ends reading; the trees before are
   checked, the tree it stands in is not checked at all. */
START_TEST(a_syntax_error_ends_reading)
{
	char *g1 = sgf_edit(SGF_GAME, ";W[42mkmi]", ";W[42lhhf]");
	char *g2 = sgf_root(1, 1, 0, "RE[B+4]");
	char *g3 = sgf_root(2, 1, 4, "");
	/* Game 1 has a rule error; game 2 a rule error, then a syntax error;
	   game 3 (after it) is never read. */
	char *t = sgf_cat(g1, g2, "\n;W[64xrrn]\n;W[52qusu]\n;B[42qusu]])\n", g3,
	                  "\n;C[x])\n", NULL);
	ts_result r;
	bg_check(t, NULL, &r);
	ck_assert_uint_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].code, "bg-empty-point");
	ck_assert_int_eq(r.diags[0].lineno, 5);
	ck_assert_str_eq(r.diags[1].code, "bg-syntax-error");
	ck_assert_int_eq(r.diags[1].lineno, 16);
	ck_assert_int_eq(r.diags[1].col, 11);
	ts_free(&r);
	free(t);
	free(g1);
	free(g2);
	free(g3);
}
END_TEST

/* ------------------------------------------------- 1.1 and 1.2 values */

START_TEST(escapes_soft_breaks_and_line_ends_in_values)
{
	/* \] is ], \\ is \, a backslash and a line end are nothing. */
	char *t = sgf_edit(SGF_GAME, "PW[Alice]", "PW[Al\\]i\\\\ce]");
	char *mat = sgf_convert(t, strlen(t), "mat");
	ck_assert_msg(strstr(mat, " Al]i\\ce : 0 ") != NULL, "%s", mat);
	free(mat);
	free(t);
	/* A name split by a soft line break is one name in every tree. */
	char *g2 = sgf_root(1, 1, 0, "");
	char *g1 = sgf_edit(SGF_GAME, "PW[Alice]", "PW[Al\\\r\nice]");
	t = sgf_cat(g1, g2, "\n;W[31hefe])\n", NULL);
	bg_expect_clean(t);
	free(t);
	free(g1);
	/* Columns are raw: after \] the value goes on two columns later. */
	t = sgf_edit(SGF_GAME, "PW[Alice]", "PW[A\\]]FF[3]");
	bg_expect_first(t, 1, sgf_col(t, "FF[3]"), "bg-sgf-misplaced");
	free(t);
	/* Line ends inside a value become LF (a GC line each). */
	t = sgf_edit(SGF_GAME, "RU[", "GC[one\r\ntwo\rthree]RU[");
	mat = sgf_convert(t, strlen(t), "mat");
	ck_assert_msg(strstr(mat, "\n; one\n; two\n; three\n\n 7 point match")
	              != NULL, "%s", mat);
	free(mat);
	free(t);
	free(g2);
}
END_TEST

START_TEST(columns_count_characters)
{
	/* A two-byte character and a tab are one column each. */
	char *t = sgf_edit(SGF_GAME, "PW[Alice]", "PW[Zo\xC3\xAB]\tFF[3]");
	bg_expect_first(t, 1, sgf_col(t, "FF[3]") - 1, "bg-sgf-misplaced");
	free(t);
}
END_TEST

START_TEST(character_sets)
{
	/* CA in any case; absent is UTF-8. */
	char *t = sgf_edit(SGF_GAME, "CA[UTF-8]", "CA[utf-8]");
	bg_expect_clean(t);
	free(t);
	t = sgf_edit(SGF_GAME, "CA[UTF-8]", "");
	bg_expect_clean(t);
	free(t);
	t = sgf_edit(SGF_GAME, "CA[UTF-8]", "CA[Shift_JIS]");
	bg_expect_first(t, 1, 16, "bg-sgf-charset");
	free(t);
	/* A byte that is no UTF-8: at that byte. */
	t = sgf_edit(SGF_GAME, "PW[Alice]", "PW[Jos\xE9]");
	bg_expect_first(t, 1, sgf_col(t, "PW[") + 6, "bg-sgf-charset");
	free(t);
	/* A UTF-8 character cut short by the value's end. */
	t = sgf_edit(SGF_GAME, "PW[Alice]", "PW[Jos\xC3]");
	bg_expect_first(t, 1, sgf_col(t, "PW[") + 6, "bg-sgf-charset");
	free(t);
	/* US-ASCII has no byte of 0x80 or more. */
	t = sgf_edit(SGF_GAME, "CA[UTF-8]", "CA[US-ASCII]");
	bg_expect_clean(t);
	t = bg_replace_all(t, "PW[Alice]", "PW[Zo\xC3\xAB]");
	bg_expect_first(t, 1, sgf_col(t, "PW[") + 5, "bg-sgf-charset");
	free(t);
	/* ISO-8859-1: every byte is a character; the writers give UTF-8. */
	t = sgf_edit(SGF_GAME, "CA[UTF-8]", "CA[ISO-8859-1]");
	t = bg_replace_all(t, "PW[Alice]", "PW[Jos\xE9]");
	bg_expect_clean(t);
	char *mat = sgf_convert(t, strlen(t), "mat");
	ck_assert_msg(strstr(mat, " Jos\xC3\xA9 : 0 ") != NULL, "%s", mat);
	free(mat);
	char *sgf = sgf_convert(t, strlen(t), "sgf");
	ck_assert_msg(strstr(sgf, "CA[UTF-8]") != NULL &&
	              strstr(sgf, "PW[Jos\xC3\xA9]") != NULL, "%s", sgf);
	free(sgf);
	/* ...so a character after it is one column further. */
	t = bg_replace_all(t, "PB[Bob]", "PB[Bob]FF[3]");
	bg_expect_first(t, 1, sgf_col(t, "FF[3]"), "bg-sgf-misplaced");
	free(t);
}
END_TEST

/* ------------------------------------------------ 1.3 main line */

START_TEST(variations)
{
	/* The first sub-tree is the main line; the others are reported once
	   each (the trees inside a variation are part of it). */
	char *t = sgf_cat(SGF_ROOT, "RE[W+1]\n;B[64aggk]\n;W[65xrrm]\n(;B[42qusu]"
	                  "\n;W[42mkmi]\n;B[53ycsx]\n;W[51yxhc]\n;B[65ye]\n;W[63kefc]"
	                  "\n;B[43yd]\n;W[double]\n;B[drop])\n(;B[66]\n(;W[11]))"
	                  "\n(;B[42lhhf]))\n", NULL);
	ts_result r;
	bg_check(t, NULL, &r);
	ck_assert_uint_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].code, "bg-sgf-variation");
	ck_assert_int_eq(r.diags[0].severity, NT_SEV_WARNING);
	ck_assert_int_eq(r.diags[0].lineno, 13);
	ck_assert_int_eq(r.diags[0].col, 1);
	ck_assert_int_eq(r.diags[1].lineno, 15);
	ck_assert_int_eq(r.summary.errors, 0);
	ts_free(&r);
	/* Under --strict each is an error, and the tree is still read. */
	bg_check(t, &bg_strict, &r);
	ck_assert_uint_eq(r.ndiags, 2);
	ck_assert_int_eq(r.diags[0].severity, NT_SEV_ERROR);
	ts_free(&r);
	/* Conversion drops them. */
	char *sgf = sgf_convert(t, strlen(t), "sgf");
	ck_assert(strstr(sgf, "B[66]") == NULL && strstr(sgf, "lhhf") == NULL);
	ck_assert(strstr(sgf, ";W[65xrrm]\n;B[42qusu]") != NULL);
	char *mat = sgf_convert(t, strlen(t), "mat");
	ck_assert(strstr(mat, "66:") == NULL);
	free(mat);
	free(sgf);
	free(t);
	/* A variation right after the root, holding what would be errors on
	   the main line (root properties, a bad move): not read. */
	t = sgf_cat(SGF_ROOT, "RE[W+1](", SGF_MOVES_OPEN, ")(;MI[x]W[72];W[x])",
	            ")\n", NULL);
	bg_expect_warnings(t, "bg-sgf-variation", 1);
	free(t);
	/* A tree broken before its end gets no variation warning. */
	t = sgf_cat(SGF_ROOT, "RE[W+1]\n;B[64aggk](;W[72xrrm])(;W[65xrrm]))\n",
	            NULL);
	bg_check(t, NULL, &r);
	ck_assert_uint_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-sgf-bad-value");
	ts_free(&r);
	free(t);
}
END_TEST

/* -------------------------------------------------- 2.1 the points */

START_TEST(point_letters)
{
	/* White's a..x are his 1..24; black's are his 24..1; y the bar. */
	char *t = sgf_cat(SGF_ROOT, "\n;W[31hefe]\n;B[31qtst]\n;W[64xrmi]\n"
	                  ";B[64aggk])\n", NULL);
	char *mat = sgf_convert(t, strlen(t), "mat");
	ck_assert_msg(strstr(mat, "  1) 31: 8/5 6/5 ") != NULL &&
	              strstr(mat, " 31: 8/5 6/5 \n") != NULL &&
	              strstr(mat, "  2) 64: 24/18 13/9 ") != NULL &&
	              strstr(mat, " 64: 24/18 18/14 \n") != NULL, "%s", mat);
	free(mat);
	free(t);
	/* W is the left player: a move by the wrong player is turn order. */
	t = sgf_cat(SGF_ROOT, "\n;W[31hefe]\n;W[31hefe])\n", NULL);
	bg_expect_first(t, 3, 4, "bg-turn-order");
	free(t);
	/* The bar is y, off is z (B[53ycsx] enters with the 5). */
	t = sgf_edit(SGF_GAME, ";B[53ycsx]", ";B[53ycsy]");
	bg_expect_first(t, 6, 4, "bg-sgf-bad-value");
	free(t);
}
END_TEST

/* -------------------------------------------------- 2.2 the root */

START_TEST(root_properties)
{
	/* FF absent or 4. */
	char *t = sgf_edit(SGF_GAME, "FF[4]", "");
	bg_expect_clean(t);
	free(t);
	t = sgf_edit(SGF_GAME, "FF[4]", "FF[3]");
	bg_expect_first(t, 1, 6, "bg-sgf-bad-value");
	free(t);
	/* GM required, 6. */
	t = sgf_edit(SGF_GAME, "GM[6]", "");
	bg_expect_first(t, 1, 2, "bg-sgf-missing-property");
	free(t);
	t = sgf_edit(SGF_GAME, "GM[6]", "GM[1]");
	bg_expect_line(t, "t:1:11: error: 'GM[1]': not a backgammon game tree "
	               "(backgammon is GM[6]) [bg-sgf-bad-value]");
	free(t);
	/* MI: all four keys, lower case, numbers, each once. */
	t = sgf_edit(SGF_GAME, "[ws:0]", "");
	bg_expect_first(t, 1, 2, "bg-sgf-missing-property");
	free(t);
	t = sgf_edit(SGF_GAME, "length:7", "LENGTH:7");
	bg_expect_first(t, 1, 2, "bg-sgf-missing-property");
	free(t);
	t = sgf_edit(SGF_GAME, "[bs:0]", "[bs:0][wtime:0][btime:12]");
	bg_expect_clean(t);
	free(t);
	t = sgf_edit(SGF_GAME, "length:7", "length:seven");
	bg_expect_first(t, 1, 52, "bg-sgf-bad-value");
	free(t);
	t = sgf_edit(SGF_GAME, "length:7", "length:0000000007");
	bg_expect_first(t, 1, 52, "bg-sgf-bad-value");
	free(t);
	t = sgf_edit(SGF_GAME, "[bs:0]", "[bs:0][ws:0]");
	bg_expect_first(t, 1, sgf_col(t, "ws:0]PW") , "bg-sgf-bad-value");
	free(t);
	/* PW and PB: required, names of 3.4. */
	t = sgf_edit(SGF_GAME, "PB[Bob]", "");
	bg_expect_first(t, 1, 2, "bg-sgf-missing-property");
	free(t);
	static const char *const bad_names[] = {
		"PW[]", "PW[Al:ice]", "PW[ Alice]", "PW[Alice ]", "PW[Al\nice]"
	};
	for (size_t i = 0; i < sizeof bad_names / sizeof bad_names[0]; i++) {
		t = sgf_edit(SGF_GAME, "PW[Alice]", bad_names[i]);
		bg_expect_first(t, 1, sgf_col(t, "PW[") + 3, "bg-sgf-bad-value");
		free(t);
	}
	t = sgf_edit(SGF_GAME, "PW[Alice]", "PW[Ann Lee,1666]");
	bg_expect_clean(t);
	free(t);
	/* One value each (but MI and GS). */
	t = sgf_edit(SGF_GAME, "PW[Alice]", "PW[Alice][Al]");
	bg_expect_first(t, 1, sgf_col(t, "[Al]") + 1, "bg-sgf-bad-value");
	free(t);
	t = sgf_edit(SGF_GAME, "RE[W+1]", "RE[W+1]GS[a][b][c]DT[x]EV[y]");
	bg_expect_clean(t);
	free(t);
	/* The kept ones stand only in the root. */
	t = sgf_edit(SGF_GAME, ";W[65xrrm]", ";W[65xrrm]EV[x]");
	bg_expect_first(t, 3, 11, "bg-sgf-misplaced");
	free(t);
	t = sgf_edit(SGF_GAME, ";B[43yd]", ";B[43yd]RE[W+1]");
	bg_expect_first(t, 10, 9, "bg-sgf-misplaced");
	free(t);
	/* Moves do not stand in the root. */
	t = sgf_edit(SGF_GAME, "PB[Bob]", "PB[Bob]W[31hefe]");
	bg_expect_first(t, 1, sgf_col(t, "W[31"), "bg-sgf-misplaced");
	free(t);
}
END_TEST

static char *
two_trees(const char *root2, const char *moves2)
{
	return sgf_cat(SGF_GAME, root2, moves2, NULL);
}

/* G1 to G6 of 4.2 step 3, each at its place (4.1). */
START_TEST(later_game_trees)
{
	/* G1: game: is the previous tree's plus 1. */
	char *r2 = sgf_root(2, 1, 0, "");
	char *t = two_trees(r2, "\n;W[31hefe])\n");
	bg_expect_first(t, 13, sgf_col(r2, "game:"), "bg-game-number");
	bg_expect_line(t, "t:13:35: error: 'game:2': the previous game was game "
	               "0, so this must be game 1 [bg-game-number]");
	free(t);
	free(r2);
	/* G2: the names of the first tree. */
	r2 = strdup("(;FF[4]GM[6]MI[length:7][game:1][ws:1][bs:0]PW[Bob]PB[Alice]"
	              "RU[Crawford]");
	t = two_trees(r2, "\n;W[31hefe])\n");
	bg_expect_line(t, "t:13:48: error: 'PW[Bob]': the left player was called "
	               "'Alice' in the first game; the two names are swapped "
	               "[bg-player-names]");
	free(t);
	free(r2);
	/* G3: the match length, then the rules, of the first tree; it stops
	   nothing. */
	r2 = strdup("(;FF[4]GM[6]MI[length:5][game:1][ws:1][bs:0]PW[Alice]"
	              "PB[Bob]RU[Crawford]");
	t = two_trees(r2, "\n;W[31hefe]\n;W[31hefe])\n");
	ts_result r;
	bg_check(t, NULL, &r);
	ck_assert_uint_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].code, "bg-sgf-match-info");
	ck_assert_int_eq(r.diags[0].lineno, 13);
	ck_assert_int_eq(r.diags[0].col, 16);
	ck_assert_str_eq(r.diags[1].code, "bg-turn-order");
	ts_free(&r);
	free(t);
	free(r2);
	r2 = sgf_root(1, 1, 0, "");
	r2 = bg_replace_all(r2, "RU[Crawford]", "RU[Crawford:Jacoby]");
	t = two_trees(r2, "\n;W[31hefe])\n");
	bg_expect_first(t, 13, sgf_col(r2, "RU[") + 3, "bg-sgf-match-info");
	free(t);
	r2 = bg_replace_all(r2, "RU[Crawford:Jacoby]", "");
	t = two_trees(r2, "\n;W[31hefe])\n");
	bg_expect_first(t, 13, 2, "bg-sgf-match-info");
	free(t);
	free(r2);
	/* G4: the ws: value, or bs: when ws is right. */
	r2 = sgf_root(1, 1, 1, "");
	t = two_trees(r2, "\n;W[31hefe])\n");
	bg_expect_first(t, 13, sgf_col(r2, "bs:"), "bg-score-mismatch");
	free(t);
	free(r2);
	/* G5: at the '(' of a tree after the end of the match. */
	char *one = sgf_edit(SGF_GAME, "length:7", "length:1");
	t = sgf_cat(one, "(;FF[4]GM[6]MI[length:1][game:1][ws:1][bs:0]PW[Alice]"
	            "PB[Bob]RU[Crawford]\n;W[31hefe])\n", NULL);
	bg_expect_first(t, 13, 1, "bg-game-after-match-end");
	free(t);
	free(one);
}
END_TEST

/* G6: CrawfordGame stands exactly on the Crawford game of 2.7. */
START_TEST(crawford_flag)
{
	/* A 2-point match: after Alice's 1 point, game 2 is the Crawford game. */
	char *g1 = sgf_edit(SGF_GAME, "length:7", "length:2");
	char *r2 = strdup("(;FF[4]GM[6]MI[length:2][game:1][ws:1][bs:0]"
	                    "PW[Alice]PB[Bob]RU[Crawford:CrawfordGame]");
	char *t = sgf_cat(g1, r2, "\n;W[31hefe])\n", NULL);
	bg_expect_clean(t);
	free(t);
	char *r2b = sgf_edit(r2, ":CrawfordGame", "");
	t = sgf_cat(g1, r2b, "\n;W[31hefe])\n", NULL);
	bg_expect_line(t, "t:13:64: error: 'RU[Crawford]': this is the Crawford "
	               "game (Alice has 1 of 2 points), and it is not marked as "
	               "one [bg-sgf-crawford-flag]");
	free(t);
	/* Marked where it is not: game 1. */
	char *g1b = sgf_edit(g1, "RU[Crawford]", "RU[Crawford:CrawfordGame]");
	t = sgf_cat(g1b, r2, "\n;W[31hefe])\n", NULL);
	bg_expect_first(t, 1, sgf_col(g1b, "RU[") + 3, "bg-sgf-crawford-flag");
	free(t);
	/* The Crawford game forbids offers: replayed as that game. */
	t = sgf_cat(g1, r2b, "\n;W[31hefe]\n;B[double])\n", NULL);
	ts_result r;
	bg_check(t, NULL, &r);
	ck_assert_uint_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].code, "bg-sgf-crawford-flag");
	ck_assert_str_eq(r.diags[1].code, "bg-cube-crawford");
	ts_free(&r);
	free(t);
	free(g1);
	free(g1b);
	free(r2);
	free(r2b);
}
END_TEST

/* ------------------------------------------------------ 2.3 rules */

START_TEST(rule_words)
{
	char *t = sgf_edit(SGF_GAME, "RU[Crawford]", "RU[Crawford:Crawford]");
	bg_expect_first(t, 1, sgf_col(t, "RU[") + 3, "bg-sgf-bad-value");
	free(t);
	t = sgf_edit(SGF_GAME, "RU[Crawford]", "RU[Crawford:Beaver]");
	bg_expect_first(t, 1, sgf_col(t, "RU[") + 3, "bg-sgf-bad-value");
	free(t);
	t = sgf_edit(SGF_GAME, "RU[Crawford]", "RU[crawford]");
	bg_expect_first(t, 1, sgf_col(t, "RU[") + 3, "bg-sgf-bad-value");
	free(t);
	t = sgf_edit(SGF_GAME, "RU[Crawford]", "RU[Crawford:Nackgammon]");
	bg_expect_first(t, 1, sgf_col(t, "RU[") + 3, "bg-sgf-unsupported");
	free(t);
	t = sgf_edit(SGF_GAME, "RU[Crawford]", "RU[Hypergammon2:Foo]");
	bg_expect_first(t, 1, sgf_col(t, "RU[") + 3, "bg-sgf-unsupported");
	free(t);
	/* Any order; an empty value is no rule. */
	t = sgf_edit(SGF_GAME, "RU[Crawford]", "RU[Jacoby:Crawford]");
	bg_expect_clean(t);
	free(t);
	t = sgf_edit(SGF_GAME, "RU[Crawford]", "RU[]");
	bg_expect_clean(t);
	free(t);
}
END_TEST

/* A money game: Ann passes Bob's double (or beavers it). */
static const char money_game[] =
	"(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[Ann]PB[Bob]%sRE[%s]\n"
	";W[31hefe]\n;B[double]\n;W[drop])\n";

START_TEST(rules_have_their_effect)
{
	char buf[512];
	/* NoCube: no offer at all. */
	char *t = sgf_edit(SGF_GAME, "RU[Crawford]", "RU[NoCube:Crawford]");
	bg_expect_first(t, 11, 4, "bg-cube-limit");
	free(t);
	/* Without Crawford the Crawford game allows offers. */
	char *g1 = sgf_edit(SGF_GAME, "length:7", "length:2");
	const char *r2 = "(;FF[4]GM[6]MI[length:2][game:1][ws:1][bs:0]PW[Alice]"
	                 "PB[Bob]RU[Crawford:CrawfordGame]RE[B+1]\n;W[31hefe]\n;B[double]"
	                 "\n;W[drop])\n";
	t = sgf_cat(g1, r2, NULL);
	bg_expect_first(t, 15, 4, "bg-cube-crawford");
	free(t);
	char *g1n = sgf_edit(g1, "RU[Crawford]", "");
	char *r2n = sgf_edit(r2, "RU[Crawford:CrawfordGame]", "");
	t = sgf_cat(g1n, r2n, NULL);
	bg_expect_clean(t);
	free(t);
	free(g1n);
	free(r2n);
	/* A GC line [Crawford "Off"] is free text: the rule comes from RU. */
	char *g1c = sgf_edit(g1, "PB[Bob]", "PB[Bob]GC[[Crawford \"Off\"\\]\n]");
	t = sgf_cat(g1c, r2, NULL);
	bg_expect_first(t, 16, 4, "bg-cube-crawford");
	free(t);
	free(g1c);
	free(g1);
	/* GC lines [Beaver "..."] and [CubeLimit "..."] have their effect. */
	snprintf(buf, sizeof buf, money_game, "", "W+2");
	char *base = sgf_edit(buf, ";W[drop]", ";W[double]\n;B[drop]");
	bg_expect_clean(base);
	t = sgf_edit(base, "PB[Bob]", "PB[Bob]GC[[Beaver \"Off\"\\]\n]");
	bg_expect_first(t, 5, 4, "bg-beaver-in-match");
	free(t);
	t = sgf_edit(base, "PB[Bob]", "PB[Bob]GC[a comment\n[CubeLimit \"2\"\\]]");
	bg_expect_first(t, 5, 4, "bg-cube-limit");
	free(t);
	free(base);
}
END_TEST

START_TEST(jacoby)
{
	/* bg-sheet-03 as money, in SGF: Lena's gammon with the cube in the
	   centre may score 1 under Jacoby only. */
	char *sheet = bg_sample("sheet/bg-sheet-03.bg");
	sheet = bg_replace_all(sheet, " 1 point match", " 0 point match");
	sheet = bg_replace_all(sheet, "Wins 1 point", "Wins 2 points");
	char *sgf = sgf_convert(sheet, strlen(sheet), "sgf");
	ck_assert_msg(strstr(sgf, "RU[Jacoby]RE[W+2]") != NULL, "%s", sgf);
	bg_expect_clean(sgf);
	char *t = sgf_edit(sgf, "RE[W+2]", "RE[W+1]");
	bg_expect_clean(t);
	char *off = sgf_edit(t, "RU[Jacoby]", "");
	bg_expect_first(off, 1, sgf_col(off, "RE[") + 3, "bg-wins-wrong-points");
	free(off);
	free(t);
	free(sgf);
	free(sheet);
}
END_TEST

START_TEST(cube_value_in_the_root)
{
	char *t = sgf_edit(SGF_GAME, "RU[Crawford]", "RU[Crawford]CV[1]");
	bg_expect_clean(t);
	free(t);
	t = sgf_edit(SGF_GAME, "RU[Crawford]", "CV[2]");
	bg_expect_first(t, 1, sgf_col(t, "CV[") + 3, "bg-sgf-unsupported");
	free(t);
	t = sgf_edit(SGF_GAME, "RU[Crawford]", "CV[x]");
	bg_expect_first(t, 1, sgf_col(t, "CV[") + 3, "bg-sgf-bad-value");
	free(t);
	t = sgf_edit(SGF_GAME, ";W[double]", ";W[double]CV[2]");
	bg_expect_first(t, 11, 11, "bg-sgf-unsupported");
	free(t);
}
END_TEST

/* ------------------------------------------------------ 2.4 moves */

START_TEST(move_values)
{
	static const struct { const char *move; const char *why; } bad[] = {
		{ ";W[Double]", "lower case" },
		{ ";W[72xrrm]", "dice run from 1 to 6" },
		{ ";W[60xr]", "dice run from 1 to 6" },
		{ ";W[ 65xrrm]", "a move is" },
		{ ";W[65xrrm ]", "a step is" },
		{ ";W[65xrrmaaaaaaaa]", "at most four steps" },
		{ ";W[65xrr]", "at most four steps" },
		{ ";W[65zrrm]", "a step is" },
		{ ";W[65xyrm]", "a step is" },
		{ ";W[65rxrm]", "must move forward" },
		{ ";W[takes]", "a move is" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char *t = sgf_edit(SGF_GAME, ";W[65xrrm]", bad[i].move);
		ts_result r;
		bg_check(t, NULL, &r);
		ck_assert_msg(r.ndiags > 0 && strcmp(r.diags[0].code,
		              "bg-sgf-bad-value") == 0 && r.diags[0].lineno == 3 &&
		              r.diags[0].col == 4 &&
		              strstr(r.diags[0].message, bad[i].why) != NULL,
		              "%s: %s", bad[i].move, r.ndiags ? r.diags[0].line : "");
		ts_free(&r);
		free(t);
	}
	/* One value. */
	char *t = sgf_edit(SGF_GAME, ";W[65xrrm]", ";W[65xrrm][65xrrm]");
	bg_expect_first(t, 3, 12, "bg-sgf-bad-value");
	free(t);
	/* A roll with no pairs: no legal play, or before a resignation. */
	t = sgf_edit(SGF_GAME, ";W[65xrrm]", ";W[65]");
	bg_expect_first(t, 3, 4, "bg-no-play-but-legal");
	free(t);
	char *root = sgf_edit(SGF_ROOT, "RU[", "RE[B+1R]RU[");
	t = sgf_cat(root, "\n;B[64aggk]\n;W[65])\n", NULL);
	bg_expect_clean(t);
	free(t);
	free(root);
}
END_TEST

START_TEST(beavers_and_takes)
{
	const char *root = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[Ann]"
	                   "PB[Bob]RU[Jacoby]RE[W+4]\n;W[31hefe]\n;B[double]\n";
	/* A take after a beaver written, or implied by the roll. */
	char *t = sgf_cat("(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[Ann]"
	                  "PB[Bob]\n;W[31hefe]\n;B[take])\n", NULL);
	bg_expect_first(t, 3, 4, "bg-take-without-double");
	free(t);
	t = sgf_cat(root, ";W[double]\n;B[take]\n;B[64aggk]\n;W[double]\n"
	            ";B[drop])\n", NULL);
	bg_expect_clean(t);
	free(t);
	t = sgf_cat(root, ";W[double]\n;B[64aggk]\n;W[double]\n;B[drop])\n", NULL);
	bg_expect_clean(t);
	free(t);
	/* In a match a double answering a double is a beaver. */
	t = sgf_edit(SGF_GAME, ";B[drop]", ";B[double]");
	bg_expect_first(t, 12, 4, "bg-beaver-in-match");
	free(t);
}
END_TEST

/* PL and DI (2.4): what a node of dice set means by its place. */
START_TEST(dice_set_with_pl_and_di)
{
	const char *open = SGF_ROOT "\n;B[64aggk]\n;W[65xrrm]";
	/* At the end of a tree without RE: a pending roll, alone or with
	   its roll; a warning at the DI value, an error under --strict. */
	char *t = sgf_cat(open, "\n;PL[B]DI[42])\n", NULL);
	bg_expect_line(t, "t:4:10: warning: 'DI[42]': Bob has rolled 4-2 and the "
	               "record stops; conversion to mat or sheet drops this roll "
	               "[bg-sgf-pending-roll]");
	ts_result r;
	bg_check(t, &bg_strict, &r);
	ck_assert_int_eq(r.diags[0].severity, NT_SEV_ERROR);
	ts_free(&r);
	char *mat = sgf_convert(t, strlen(t), "mat");
	ck_assert(strstr(mat, "42:") == NULL);
	free(mat);
	free(t);
	t = sgf_cat(open, "\n;PL[B]DI[42]\n;C[hint]\n;B[42qusu]\n;C[x])\n", NULL);
	bg_expect_warnings(t, "bg-sgf-pending-roll", 1);
	/* R1 to R3 apply to it. */
	char *t2 = sgf_cat(open, "\n;PL[W]DI[42])\n", NULL);
	bg_expect_first(t2, 4, 10, "bg-turn-order");
	free(t2);
	free(t);
	/* Followed by its roll elsewhere: the roll is the action. */
	t = sgf_cat(open, "\n;PL[B]DI[42]\n;B[42qusu]\n;W[42mkmi])\n", NULL);
	bg_expect_clean(t);
	free(t);
	t = sgf_edit(SGF_GAME, ";B[42qusu]", ";PL[B]DI[24]\n;B[42qusu]");
	bg_expect_clean(t);
	free(t);
	/* The last node with RE: an unknown play, the result a resignation;
	   before the opponent's resignation it goes to mat as dice alone, as
	   gnubg exports it, otherwise as ????. */
	char *root = sgf_edit(SGF_ROOT, "RU[", "RE[W+1R]RU[");
	t = sgf_cat(root, "\n;B[64aggk]\n;W[65xrrm]\n;PL[B]DI[42])\n", NULL);
	free(root);
	bg_expect_clean(t);
	mat = sgf_convert(t, strlen(t), "mat");
	ck_assert_msg(strstr(mat, "  2) 65: 24/18 18/13             42: \n") != NULL,
	              "%s", mat);
	free(mat);
	char *res = sgf_edit(t, "RE[W+1R]", "RE[W+1]");
	bg_expect_first(res, 1, sgf_col(res, "RE[") + 3, "bg-sgf-result-kind");
	free(res);
	res = sgf_edit(t, "RE[W+1R]", "RE[B+2R]");
	bg_expect_clean(res);
	mat = sgf_convert(res, strlen(res), "mat");
	ck_assert_msg(strstr(mat, "42: ????") != NULL, "%s", mat);
	free(mat);
	free(res);
	free(t);
	/* Anywhere else: misplaced, at the DI identifier. */
	t = sgf_edit(SGF_GAME, ";B[42qusu]", ";PL[B]DI[42]\n;B[53ycsx]");
	bg_expect_first(t, 4, 7, "bg-sgf-misplaced");
	free(t);
	t = sgf_edit(SGF_GAME, ";B[42qusu]", ";PL[B]DI[42]\n;PL[B]DI[42]\n;B[42qusu]");
	bg_expect_first(t, 4, 7, "bg-sgf-misplaced");
	free(t);
	/* PL and DI come together, in a node without W or B. */
	t = sgf_edit(SGF_GAME, ";B[42qusu]", ";PL[B]\n;B[42qusu]");
	bg_expect_first(t, 4, 2, "bg-sgf-misplaced");
	free(t);
	t = sgf_edit(SGF_GAME, ";B[42qusu]", ";DI[42]\n;B[42qusu]");
	bg_expect_first(t, 4, 2, "bg-sgf-misplaced");
	free(t);
	t = sgf_edit(SGF_GAME, ";B[42qusu]", ";B[42qusu]PL[B]DI[42]");
	bg_expect_first(t, 4, 16, "bg-sgf-misplaced");
	free(t);
	/* Their values. */
	t = sgf_edit(SGF_GAME, ";B[42qusu]", ";PL[b]DI[42]\n;B[42qusu]");
	bg_expect_first(t, 4, 5, "bg-sgf-bad-value");
	free(t);
	t = sgf_edit(SGF_GAME, ";B[42qusu]", ";PL[B]DI[4-2]\n;B[42qusu]");
	bg_expect_first(t, 4, 10, "bg-sgf-bad-value");
	free(t);
	t = sgf_edit(SGF_GAME, ";B[42qusu]", ";PL[B]DI[47]\n;B[42qusu]");
	bg_expect_first(t, 4, 10, "bg-sgf-bad-value");
	free(t);
}
END_TEST

/* ----------------------------------------------- 2.5 and 2.7 */

START_TEST(set_up_properties_are_unsupported)
{
	static const char *const props[] = { "AE[f]", "AB[a]", "AW[b]", "CP[w]",
	                                     "CO[c]" };
	for (size_t i = 0; i < sizeof props / sizeof props[0]; i++) {
		char *t = sgf_edit(SGF_GAME, ";W[double]", "");
		char repl[64];
		snprintf(repl, sizeof repl, ";W[double]%s", props[i]);
		free(t);
		t = sgf_edit(SGF_GAME, ";W[double]", repl);
		bg_expect_first(t, 11, 11, "bg-sgf-unsupported");
		free(t);
		/* In the root too. */
		snprintf(repl, sizeof repl, "PB[Bob]%s", props[i]);
		t = sgf_edit(SGF_GAME, "PB[Bob]", repl);
		bg_expect_first(t, 1, sgf_col(t, props[i]), "bg-sgf-unsupported");
		free(t);
	}
}
END_TEST

START_TEST(kept_properties)
{
	/* Comments, analysis, unknown properties, nodes without an action. */
	char *t = sgf_edit(SGF_GAME, ";W[65xrrm]", ";C[a [note\\]]\n;W[65xrrm]"
	                   "A[0][xrrm E ver 3]DA[E]MR[]LU[0.1]GB[]BM[1]XY[z]"
	                   "LONGNAME[x]C[fine]");
	bg_expect_clean(t);
	char *sgf = sgf_convert(t, strlen(t), "sgf");
	ck_assert_msg(strstr(sgf, ";C[a [note\\]]\n;W[65xrrm]A[0][xrrm E ver 3]")
	              != NULL, "%s", sgf);
	free(sgf);
	char *mat = sgf_convert(t, strlen(t), "mat");
	ck_assert(strstr(mat, "note") == NULL);
	free(mat);
	free(t);
	/* A property once per node. */
	t = sgf_edit(SGF_GAME, ";W[65xrrm]", ";W[65xrrm]C[a]LU[1]C[b]");
	bg_expect_first(t, 3, 20, "bg-sgf-misplaced");
	free(t);
	t = sgf_edit(SGF_GAME, ";W[65xrrm]", ";W[65xrrm]XY[a]XY[b]");
	bg_expect_first(t, 3, 16, "bg-sgf-misplaced");
	free(t);
	/* An identifier longer than notate reads is refused plainly. */
	char id[400];
	memset(id, 'Q', 300);
	strcpy(id + 300, "[x];W[65xrrm]");
	char *repl = sgf_cat(";", id, NULL);
	t = sgf_edit(SGF_GAME, ";W[65xrrm]", repl);
	bg_expect_first(t, 3, 2, "bg-sgf-unsupported");
	free(t);
	free(repl);
}
END_TEST

/* ------------------------------------------------- 3 reading plays */

START_TEST(hits_are_where_a_pair_lands_on_a_blot)
{
	/* The game of 6.1 hits five times and marks none: legal, and the mat
	   conversion marks each hit. */
	bg_expect_clean(SGF_GAME);
	char *mat = sgf_convert(SGF_GAME, strlen(SGF_GAME), "mat");
	ck_assert_msg(strstr(mat, "51: 25/24* 8/3*") != NULL &&
	              strstr(mat, "42: 13/11* 13/9") != NULL, "%s", mat);
	free(mat);
	/* A pair of two dice through an open point hits nothing. */
	char *t = sgf_cat(SGF_ROOT, "\n;B[64aggk]\n;W[65xm])\n", NULL);
	bg_expect_clean(t);
	free(t);
	/* Pairs in any order. */
	t = sgf_cat(SGF_ROOT, "\n;W[31fehe])\n", NULL);
	bg_expect_clean(t);
	free(t);
	/* Bearing off the last checker with the larger die (B[52vz]). */
	char *sheet = bg_sample("sheet/bg-sheet-03.bg");
	char *sgf = sgf_convert(sheet, strlen(sheet), "sgf");
	bg_expect_clean(sgf);
	free(sgf);
	free(sheet);
	/* Dice that do not fit the pairs. */
	t = sgf_cat(SGF_ROOT, "\n;W[31hc])\n", NULL);
	bg_expect_first(t, 2, 4, "bg-dice-mismatch");
	free(t);
}
END_TEST

START_TEST(a_hop_through_a_blot_is_an_unmarked_hit)
{
	/* Black leaves blots on his 4 and 2 (white's 21 and 23): white's
	   24/20 with 3-1 hits on either route, and marks nothing. */
	char *t = sgf_cat(SGF_ROOT, "\n;B[42swsu]\n;W[31xt])\n", NULL);
	ts_result r;
	bg_check(t, NULL, &r);
	ck_assert_msg(r.ndiags == 1 && strcmp(r.diags[0].code,
	              "bg-hit-marker-missing") == 0, "%s",
	              r.ndiags ? r.diags[0].line : "nothing");
	ck_assert_int_eq(r.diags[0].severity, NT_SEV_WARNING);
	ck_assert_int_eq(r.diags[0].lineno, 3);
	ts_free(&r);
	char *mat = sgf_convert(t, strlen(t), "mat");
	ck_assert_msg(strstr(mat, "31: 24/21* 21/20 ") != NULL, "%s", mat);
	free(mat);
	bg_check(t, &bg_strict, &r);
	ck_assert_int_eq(r.diags[0].severity, NT_SEV_ERROR);
	ts_free(&r);
	free(t);
}
END_TEST

/* ---------------------------------------------------- 2.6 results */

START_TEST(results)
{
	/* K1: R exactly for a game that did not end on the board or by a pass. */
	char *t = sgf_edit(SGF_GAME, "RE[W+1]", "RE[W+1R]");
	bg_expect_line(t, "t:1:112: error: 'RE[W+1R]': Bob passed the double, so "
	               "this is no resignation: no R after the points "
	               "[bg-sgf-result-kind]");
	free(t);
	char *root = sgf_edit(SGF_ROOT, "RU[", "RE[W+2R]RU[");
	char *resign = sgf_cat(root, "\n;B[64aggk]\n;W[65xrrm])\n", NULL);
	free(root);
	bg_expect_clean(resign);
	t = sgf_edit(resign, "RE[W+2R]", "RE[W+2]");
	bg_expect_first(t, 1, sgf_col(t, "RE[") + 3, "bg-sgf-result-kind");
	free(t);
	/* The points: 1, 2 or 3 times the cube for a resignation. */
	t = sgf_edit(resign, "RE[W+2R]", "RE[W+4R]");
	bg_expect_first(t, 1, sgf_col(t, "RE[") + 3, "bg-wins-wrong-points");
	free(t);
	t = sgf_edit(resign, "RE[W+2R]", "RE[W+0R]");
	bg_expect_first(t, 1, sgf_col(t, "RE[") + 3, "bg-sgf-bad-value");
	free(t);
	t = sgf_edit(resign, "RE[W+2R]", "RE[X+2R]");
	bg_expect_first(t, 1, sgf_col(t, "RE[") + 3, "bg-sgf-bad-value");
	free(t);
	/* A match forfeit: the points Alice needs. */
	t = sgf_edit(resign, "RE[W+2R]", "RE[W+7R]");
	bg_expect_warnings(t, "bg-match-forfeit", 1);
	free(t);
	/* No RE: an unfinished game, legal unless it ended. */
	t = sgf_edit(resign, "RE[W+2R]", "");
	bg_expect_clean(t);
	free(t);
	free(resign);
	/* A rule error in a move ends the tree before RE is looked at. */
	t = sgf_edit(SGF_GAME, "RE[W+1]", "RE[B+1R]");
	t = bg_replace_all(t, ";W[42mkmi]", ";W[42lhhf]");
	bg_expect_first(t, 5, 4, "bg-empty-point");
	ts_result r;
	bg_check(t, NULL, &r);
	ck_assert_uint_eq(r.ndiags, 1);
	ts_free(&r);
	free(t);
}
END_TEST

/* -------------------------------------------------- 4.2 the order */

START_TEST(a_broken_tree)
{
	/* Broken at a later node: the nodes before it are replayed, then its
	   error; no result check; the next tree's score is taken as read. */
	char *t = sgf_edit(SGF_GAME, ";W[42mkmi]", ";W[42mkmi]\n;B[53ycsx]FF[4]");
	t = bg_replace_all(t, ";B[64aggk]", ";B[64aggk]\n;W[31hefe]");
	char *r2 = sgf_root(1, 5, 5, "");
	char *t2 = sgf_cat(t, r2, "\n;W[31hefe])\n", NULL);
	ts_result r;
	bg_check(t2, NULL, &r);
	ck_assert_uint_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].code, "bg-turn-order");
	ck_assert_str_eq(r.diags[1].code, "bg-sgf-misplaced");
	ts_free(&r);
	free(t2);
	free(t);
	t = sgf_edit(SGF_GAME, ";W[42mkmi]", ";W[42mkmi]\n;B[53ycsx]FF[4]");
	t2 = sgf_cat(t, r2, "\n;W[31hefe])\n", NULL);
	bg_check(t2, NULL, &r);
	ck_assert_uint_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-sgf-misplaced");
	ck_assert_int_eq(r.diags[0].lineno, 6);
	ts_free(&r);
	free(t2);
	free(t);
	free(r2);
	/* Broken at the root: nothing of it is replayed; the next tree's
	   number is compared with its game: when read. */
	t = sgf_edit(SGF_GAME, "PB[Bob]", "PB[Bob]FF[4]");
	r2 = sgf_root(2, 0, 0, "");
	t2 = sgf_cat(t, r2, "\n;W[31hefe])\n", NULL);
	bg_check(t2, NULL, &r);
	ck_assert_uint_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].code, "bg-sgf-misplaced");
	ck_assert_str_eq(r.diags[1].code, "bg-game-number");
	ck_assert_int_eq(r.diags[1].lineno, 13);
	ts_free(&r);
	free(t2);
	free(r2);
	r2 = sgf_root(1, 3, 3, "");
	t2 = sgf_cat(t, r2, "\n;W[31hefe])\n", NULL);
	bg_expect_first(t2, 1, sgf_col(t, "FF[4]RU"), "bg-sgf-misplaced");
	bg_check(t2, NULL, &r);
	ck_assert_uint_eq(r.ndiags, 1);
	ts_free(&r);
	free(t2);
	free(r2);
	free(t);
	/* The first reading error of a node, in text order: misplaced before
	   the bad value of a later property. */
	t = sgf_edit(SGF_GAME, ";W[65xrrm]", ";W[72xrrm]B[42qusu]");
	bg_expect_first(t, 3, 4, "bg-sgf-bad-value");
	free(t);
	t = sgf_edit(SGF_GAME, ";W[65xrrm]", ";B[42qusu]W[72xrrm]");
	bg_expect_first(t, 3, 11, "bg-sgf-misplaced");
	free(t);
}
END_TEST

/* A long record: every tree is checked as it closes, through any buffer. */
START_TEST(a_session_of_many_trees)
{
	size_t n = 0, cap = 1 << 20;
	char *t = malloc(cap);
	int score = 0;
	for (int k = 0; k < 300; k++) {
		char root[256];
		int len = snprintf(root, sizeof root, "(;FF[4]GM[6]MI[length:0][game:%d]"
		                   "[ws:%d][bs:0]PW[Alice]PB[Bob]RE[W+1]C[%d]", k, score,
		                   k);
		memcpy(t + n, root, (size_t)len);
		n += (size_t)len;
		const char *moves = SGF_MOVES;
		memcpy(t + n, moves, strlen(moves));
		n += strlen(moves);
		score++;
	}
	t[n] = '\0';
	ts_result r;
	bg_check(t, NULL, &r);
	ck_assert_msg(r.ndiags == 0, "%s", r.ndiags ? r.diags[0].line : "");
	ck_assert_int_eq(r.summary.games, 300);
	ck_assert_str_eq(r.summary.result, "300-0");
	ts_free(&r);
	free(t);
}
END_TEST

/* ------------------------------------------------------- hostile */

START_TEST(hostile_files)
{
	/* Unbalanced brackets and parentheses, an escape at the end. */
	static const char *const texts[] = {
		"(;FF[4]GM[6]", "(;FF[4", "(;FF[4]]", "(;FF[4])))", "(((", ")",
		"[", "]", "(;FF[4]\\", "(;C[\\", "(;C[\\\n", ";", "(;;;;",
		"(;W[65xrrm])(", ("(;FF[4]GM[6]MI[length:7][game:0][ws:0][bs:0]"
		"PW[a]PB[b](;W[31hefe])(;B[31qtst]")
	};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		ts_result r;
		bg_check(texts[i], NULL, &r);
		ck_assert_msg(r.summary.errors > 0, "'%s' passed", texts[i]);
		ck_assert_str_eq(r.diags[r.ndiags - 1].code, "bg-syntax-error");
		ts_free(&r);
	}
	/* A comment of 10 MB, with escapes, read without holding it. */
	size_t big = 10 * 1000 * 1000;
	const char *head = SGF_ROOT "\n;B[64aggk]C[";
	size_t hl = strlen(head);
	char *t = malloc(hl + big + 256);
	memcpy(t, head, hl);
	for (size_t i = 0; i < big; i++)
		t[hl + i] = i % 1000 == 999 ? ']' : i % 1000 == 998 ? '\\'
		          : (char)('a' + i % 26);
	strcpy(t + hl + big, "]\n;W[65xrrm]\n;B[42qusu])\n");
	ts_result r;
	ts_config small = { .buffer_size = 64, .read_chunk = 4096 };
	ts_check(BG, "t.sgf", t, strlen(t), &small, &r);
	ck_assert_msg(r.ndiags == 0, "%s", r.ndiags ? r.diags[0].line : "");
	ck_assert_int_eq(r.summary.moves, 3);
	ts_free(&r);
	/* The same comment, never closed. */
	strcpy(t + hl + big, "\n)\n");
	ts_check(BG, "t.sgf", t, strlen(t), &small, &r);
	ck_assert_uint_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-syntax-error");
	ck_assert_int_eq(r.diags[0].lineno, 2);
	ck_assert_int_eq(r.diags[0].col, 12);   /* the C's '[' */
	ts_free(&r);
	free(t);
	/* Deep nesting: read to BG_SGF_DEPTH_MAX levels, refused below. */
	size_t depth = 5000;
	t = malloc(depth * 8 + 512);
	strcpy(t, SGF_ROOT "RE[W+1]" SGF_MOVES_OPEN);
	size_t n = strlen(t);
	for (size_t i = 0; i < depth; i++) {
		memcpy(t + n, "(;C[x]", 6);
		n += 6;
	}
	for (size_t i = 0; i <= depth; i++)
		t[n++] = ')';
	t[n] = '\0';
	ts_check(BG, "t", t, n, NULL, &r);
	ck_assert_uint_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-syntax-error");
	ck_assert(strstr(r.diags[0].message, "nested") != NULL);
	ts_free(&r);
	/* 900 levels of main line are read (and checked) as one tree. */
	n = strlen(SGF_ROOT "RE[W+1]" SGF_MOVES_OPEN);
	for (size_t i = 0; i < 900; i++) {
		memcpy(t + n, "(;C[x]", 6);
		n += 6;
	}
	for (size_t i = 0; i <= 900; i++)
		t[n++] = ')';
	t[n] = '\0';
	bg_check(t, NULL, &r);
	ck_assert_msg(r.ndiags == 0, "%s", r.ndiags ? r.diags[0].line : "");
	ts_free(&r);
	free(t);
	/* Another game in SGF: refused as such, not misread. */
	bg_expect_line("(;FF[4]GM[1]SZ[19];B[pd];W[dp])", "t:1:11: error: 'GM[1]': "
	               "not a backgammon game tree (backgammon is GM[6]) "
	               "[bg-sgf-bad-value]");
	/* GM[6] with another game's moves. */
	t = sgf_cat(SGF_ROOT, "\n;B[pd];W[dp])", NULL);
	bg_expect_first(t, 2, 4, "bg-sgf-bad-value");
	free(t);
}
END_TEST

Suite *
backgammon_read_sgf_suite(void)
{
	Suite *s = suite_create("backgammon-read-sgf");
	TCase *tc = tcase_create("samples");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, shared_sgf_samples_are_legal);
	tcase_add_test(tc, gnubg_sgf_of_a_mat_has_its_games);
	tcase_add_test(tc, spec_6_2_snippets);
	suite_add_tcase(s, tc);
	tc = tcase_create("syntax");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, syntax_errors_where_the_table_says);
	tcase_add_test(tc, nul_bytes);
	tcase_add_test(tc, blanks_and_line_ends_between_tokens);
	tcase_add_test(tc, a_syntax_error_ends_reading);
	tcase_add_test(tc, escapes_soft_breaks_and_line_ends_in_values);
	tcase_add_test(tc, columns_count_characters);
	tcase_add_test(tc, character_sets);
	tcase_add_test(tc, variations);
	suite_add_tcase(s, tc);
	tc = tcase_create("record");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, point_letters);
	tcase_add_test(tc, root_properties);
	tcase_add_test(tc, later_game_trees);
	tcase_add_test(tc, crawford_flag);
	tcase_add_test(tc, rule_words);
	tcase_add_test(tc, rules_have_their_effect);
	tcase_add_test(tc, jacoby);
	tcase_add_test(tc, cube_value_in_the_root);
	tcase_add_test(tc, move_values);
	tcase_add_test(tc, beavers_and_takes);
	tcase_add_test(tc, dice_set_with_pl_and_di);
	tcase_add_test(tc, set_up_properties_are_unsupported);
	tcase_add_test(tc, kept_properties);
	tcase_add_test(tc, hits_are_where_a_pair_lands_on_a_blot);
	tcase_add_test(tc, a_hop_through_a_blot_is_an_unmarked_hit);
	tcase_add_test(tc, results);
	tcase_add_test(tc, a_broken_tree);
	tcase_add_test(tc, a_session_of_many_trees);
	suite_add_tcase(s, tc);
	tc = tcase_create("hostile");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, hostile_files);
	suite_add_tcase(s, tc);
	return s;
}
