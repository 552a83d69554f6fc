/*
 * notate diff and notate find on the shared corpora: exports of one match
 * in several forms compare equal, a record against itself rewritten (in
 * another form, or with its plays spelt otherwise) too, and a change is
 * found where it is; every place find names is one where show, which
 * draws the board by its own path, prints the same Position ID.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

static const char *
corpus(const char *name, char *buf, size_t size)
{
	char rel[256];
	snprintf(rel, sizeof rel, "corpus/backgammon/%s", name);
	return ts_shared(rel, buf, size);
}

static int
diff(const char *a, const char *b, char **out)
{
	return ts_run((const char *[]){ "diff", "--no-rc", "-q", a, b, NULL },
	              NULL, out, NULL);
}

/* The corpus's manifests name these as one match exported twice. */
START_TEST(exports_of_one_match)
{
	static const char *const pairs[][2] = {
		{ "xg/xg-02.xg", "xg/xg-02.companion.mat" },
		{ "xg/xg-06.xg", "xg/xg-06.companion.mat" },
		{ "xg/xg-06.companion.txt", "xg/xg-06.companion.mat" },
		{ "sgf-real/sgf-real-01.sgf", "xg/xg-02.xg" },
	};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		char a[512], b[512];
		corpus(pairs[i][0], a, sizeof a);
		corpus(pairs[i][1], b, sizeof b);
		char *out;
		ck_assert_msg(diff(a, b, &out) == 0, "%s %s: %s", a, b, out);
		ck_assert_str_eq(out, "");
		free(out);
	}
	/* And a match against another is not. */
	char a[512], b[512];
	corpus("xg/xg-01.xg", a, sizeof a);
	corpus("xg/xg-02.xg", b, sizeof b);
	ck_assert_int_eq(diff(a, b, NULL), 1);
}
END_TEST

/* Every legal match file against its sheet, and with 24/18 18/14 spelt
   24/14: the same games. */
START_TEST(rewritten_records_are_the_same)
{
	char real[512];
	corpus("real", real, sizeof real);
	int compared = 0, respelt_same = 0;
	for (int n = 1; n <= 38; n++) {
		char rel[64], file[512];
		snprintf(rel, sizeof rel, "real/real-%02d.mat", n);
		corpus(rel, file, sizeof file);
		size_t len;
		char *text = ts_read_file(file, &len);
		if (text == NULL)
			continue;
		char *sheet;
		if (ts_run((const char *[]){ "convert", "--no-rc", "-q", "--to",
		           "sheet", file, NULL }, NULL, &sheet, NULL) == 0) {
			char *bg = ts_in_dir("sheet.bg", sheet);
			ck_assert_msg(diff(file, bg, NULL) == 0, "%s", file);
			compared++;
			free(bg);
		}
		free(sheet);
		/* The first "A/B B/C" play of the file as "A/C". */
		for (char *p = strchr(text, '/'); p != NULL; p = strchr(p + 1, '/')) {
			char *start = p;
			while (start > text && start[-1] >= '0' && start[-1] <= '9')
				start--;
			int a, b, b2, c, used = 0;
			if (start == text || start[-1] != ' ' ||
			    sscanf(start, "%d/%d %d/%d%n", &a, &b, &b2, &c, &used) != 4 ||
			    b2 != b)
				continue;
			char *respelt = malloc(len + 1);
			snprintf(respelt, len + 1, "%.*s%d/%d%s", (int)(start - text), text,
			         a, c, start + used);
			char *other = ts_in_dir("respelt.mat", respelt);
			/* Unless the hop hit a blot on its way: then it is another
			   play (a difference) or an error. */
			int rc = diff(file, other, NULL);
			ck_assert_int_le(rc, 2);
			respelt_same += rc == 0;
			free(other);
			free(respelt);
			break;
		}
		free(text);
	}
	ck_assert_int_gt(compared, 30);
	ck_assert_int_gt(respelt_same, 10);
}
END_TEST

/* The last game cut off: the first difference is its first move. */
START_TEST(a_missing_game)
{
	char file[512];
	corpus("real/real-02.mat", file, sizeof file);
	char *text = ts_read_file(file, NULL);
	ck_assert_ptr_nonnull(text);
	char *last = NULL, *p = text;
	int games = 0;
	while ((p = strstr(p, " Game ")) != NULL) {
		last = p;
		games++;
		p++;
	}
	ck_assert_int_gt(games, 1);
	*last = '\0';
	char *cut = ts_in_dir("cut.mat", text);
	char *out;
	ck_assert_int_eq(diff(file, cut, &out), 1);
	char want[64];
	snprintf(want, sizeof want, "game %d, move 1: A ", games);
	ck_assert_msg(strncmp(out, want, strlen(want)) == 0, "%s", out);
	ck_assert(strstr(out, "B has no such move\n") != NULL);
	/* Without --all, the first and a count; with it, a line each. */
	char *all;
	ck_assert_int_eq(ts_run((const char *[]){ "diff", "--no-rc", "-q", "--all",
	                 file, cut, NULL }, NULL, &all, NULL), 1);
	size_t lines = 0;
	for (const char *q = all; *q; q++)
		lines += *q == '\n';
	ck_assert_uint_gt(lines, 2);
	ck_assert(strstr(out, "differences; --all lists them") != NULL);
	free(all);
	free(out);
	free(cut);
	free(text);
}
END_TEST

START_TEST(diff_usage)
{
	char a[512], bad[512];
	corpus("real/real-01.mat", a, sizeof a);
	corpus("illegal/bg-illegal-26.mat", bad, sizeof bad);
	ck_assert_int_eq(ts_run((const char *[]){ "diff", "--no-rc", a, NULL },
	                 NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--no-rc", "--all", a,
	                 NULL }, NULL, NULL, NULL), 3);
	/* A record with an error is not compared. */
	ck_assert_int_eq(diff(a, bad, NULL), 2);
	ck_assert_int_eq(ts_run((const char *[]){ "find", "--no-rc", a, NULL },
	                 NULL, NULL, NULL), 3);
}
END_TEST

/* The Position ID show prints after move M of game G. */
static int
shown_id(const char *file, long game, long move, char *id, size_t size)
{
	char g[24], m[24];
	snprintf(g, sizeof g, "%ld", game);
	snprintf(m, sizeof m, "%ld", move);
	char *out;
	int rc = ts_run((const char *[]){ "show", "--no-rc", "-q", "--game-no", g,
	                "--move", m, file, NULL }, NULL, &out, NULL);
	const char *p = out != NULL ? strstr(out, "Position ID: ") : NULL;
	int ok = rc == 0 && p != NULL &&
	         sscanf(p + 13, "%63s", id) == 1 && strlen(id) < size;
	free(out);
	return ok ? 0 : -1;
}

START_TEST(find_agrees_with_show)
{
	char file[512];
	corpus("real/real-04.mat", file, sizeof file);
	int checked = 0;
	for (long game = 1; game <= 5; game++)
		for (long move = 1; move <= 70; move += 3) {
			char id[64];
			if (shown_id(file, game, move, id, sizeof id) != 0)
				continue;
			char *out;
			ck_assert_int_eq(ts_run((const char *[]){ "find", "--no-rc", "-q",
			                 id, file, NULL }, NULL, &out, NULL), 0);
			/* Every place named shows that ID, and this move is one. */
			char want[64];
			snprintf(want, sizeof want, ": game %ld, move %ld: ", game, move);
			ck_assert_msg(strstr(out, want) != NULL, "%s: %s", id, out);
			for (char *line = out; *line;) {
				char *end = strchr(line, '\n');
				ck_assert_ptr_nonnull(end);
				long g, m;
				const char *at = strstr(line, ": game ");
				ck_assert_ptr_nonnull(at);
				ck_assert_int_eq(sscanf(at, ": game %ld, move %ld", &g, &m), 2);
				char again[64];
				ck_assert_int_eq(shown_id(file, g, m, again, sizeof again), 0);
				ck_assert_str_eq(again, id);
				line = end + 1;
			}
			checked++;
			free(out);
		}
	ck_assert_int_gt(checked, 30);
	/* JSON, and a position no game reaches: exit 1, nothing written. */
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "find", "--no-rc", "-q",
	                 "AAAAAAAAAAAAAA", file, NULL }, NULL, &out, NULL), 1);
	ck_assert_str_eq(out, "");
	free(out);
}
END_TEST

/* find --to writes the games that pass through the position, as select's
   writer writes one game of several: the bytes split gives that game. */
START_TEST(find_writes_the_games)
{
	char file[512], id[64];
	corpus("real/real-04.mat", file, sizeof file);
	ck_assert_int_eq(shown_id(file, 3, 10, id, sizeof id), 0);
	char *list, *out, *err;
	ck_assert_int_eq(ts_run((const char *[]){ "find", "--no-rc", "-q", id,
	                 file, NULL }, NULL, &list, NULL), 0);
	/* The position is one game's only (else this test proves less). */
	ck_assert_msg(strstr(list, ": game 3, move 10: ") != NULL &&
	              strchr(list, '\n') == strrchr(list, '\n'), "%s", list);
	free(list);
	char pattern[1024];
	snprintf(pattern, sizeof pattern, "%s/{name}-{game}{ext}", ts_dir());
	ck_assert_int_eq(ts_run((const char *[]){ "split", "--no-rc", "-q", "-o",
	                 pattern, file, NULL }, NULL, NULL, NULL), 0);
	char piece[1024];
	snprintf(piece, sizeof piece, "%s/real-04-3.mat", ts_dir());
	size_t len;
	char *want = ts_read_file(piece, &len);
	ck_assert_ptr_nonnull(want);
	ck_assert_int_eq(ts_run((const char *[]){ "find", "--no-rc", "-q", "--to",
	                 "mat", id, file, NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, want);
	free(out);
	/* In another form: a sheet of that game, which checks clean and
	   passes through the position as its game 1. */
	ck_assert_int_eq(ts_run((const char *[]){ "find", "--no-rc", "-q", "--to",
	                 "sheet", id, file, NULL }, NULL, &out, NULL), 0);
	char *sheet = ts_in_dir("game.bg", out);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--no-rc", "-q", "-W",
	                 "error", sheet, NULL }, NULL, NULL, NULL), 0);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "find", "--no-rc", "-q", id,
	                 sheet, NULL }, NULL, &out, NULL), 0);
	ck_assert(strstr(out, ": game 1, move 10: ") != NULL);
	free(out);
	/* No game through it: nothing written, exit 1; not with -f json. */
	ck_assert_int_eq(ts_run((const char *[]){ "find", "--no-rc", "-q", "--to",
	                 "mat", "AAAAAAAAAAAAAA", file, NULL }, NULL, &out, NULL),
	                 1);
	ck_assert_str_eq(out, "");
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "find", "--no-rc", "-q", "--to",
	                 "mat", "-f", "json", id, file, NULL }, NULL, NULL, &err),
	                 3);
	free(err);
	free(sheet);
	free(want);
}
END_TEST

/* The position show prints after ply PLY of FILE, on the line PREFIX. */
static int
shown_pos(const char *file, long ply, const char *prefix, char *pos,
          size_t size)
{
	char n[24];
	snprintf(n, sizeof n, "%ld", ply);
	char *out;
	int rc = ts_run((const char *[]){ "show", "--no-rc", "-q", "--ply", n,
	                file, NULL }, NULL, &out, NULL);
	const char *p = out != NULL ? strstr(out, prefix) : NULL;
	int ok = rc == 0 && p != NULL;
	if (ok) {
		p += strlen(prefix);
		size_t len = strcspn(p, "\n");
		ok = len < size;
		if (ok) {
			memcpy(pos, p, len);
			pos[len] = '\0';
		}
	}
	free(out);
	return ok ? 0 : -1;
}

/* Bao by BaoPOS, Umlabalaba by Sanmill's FEN: every place find names
   shows that position, and the ply it was taken after is one of them. */
static int
find_by_show(const char *file, const char *prefix)
{
	int checked = 0;
	for (long ply = 1; ply <= 60; ply += 7) {
		char pos[256];
		if (shown_pos(file, ply, prefix, pos, sizeof pos) != 0)
			continue;
		char *out;
		ck_assert_int_eq(ts_run((const char *[]){ "find", "--no-rc", "-q",
		                 pos, file, NULL }, NULL, &out, NULL), 0);
		char want[64];
		snprintf(want, sizeof want, ": game 1, move %ld: ", ply);
		ck_assert_msg(strstr(out, want) != NULL, "%s %s: %s", file, pos, out);
		for (char *line = out; *line;) {
			char *end = strchr(line, '\n');
			ck_assert_ptr_nonnull(end);
			long g, m;
			const char *at = strstr(line, ": game ");
			ck_assert_ptr_nonnull(at);
			ck_assert_int_eq(sscanf(at, ": game %ld, move %ld", &g, &m), 2);
			char again[256];
			ck_assert_int_eq(shown_pos(file, m, prefix, again, sizeof again),
			                 0);
			ck_assert_str_eq(again, pos);
			line = end + 1;
		}
		free(out);
		checked++;
	}
	return checked;
}

START_TEST(find_bao_and_umlabalaba)
{
	int checked = 0;
	for (int i = 1; i <= 4; i++) {
		char rel[128], file[512];
		snprintf(rel, sizeof rel, "corpus/bao/legal/bao-legal-%02d.bao", i);
		ts_shared(rel, file, sizeof file);
		checked += find_by_show(file, "BaoPOS: ");
		snprintf(rel, sizeof rel, "corpus/umlabalaba/legal/uml-legal-%02d.umla",
		         i);
		ts_shared(rel, file, sizeof file);
		checked += find_by_show(file, "FEN: ");
	}
	ck_assert_int_gt(checked, 20);
	/* The same game in its mill PGN passes through the same FEN there. */
	char umla[512], pgn[512], fen[256];
	ts_shared("corpus/umlabalaba/legal/uml-legal-01.umla", umla, sizeof umla);
	ts_shared("corpus/umlabalaba/pgn/uml-legal-01.pgn", pgn, sizeof pgn);
	ck_assert_int_eq(shown_pos(umla, 3, "FEN: ", fen, sizeof fen), 0);
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "find", "--no-rc", "-q", fen,
	                 umla, pgn, NULL }, NULL, &out, NULL), 0);
	ck_assert(strstr(out, "uml-legal-01.umla:") != NULL);
	ck_assert(strstr(out, "uml-legal-01.pgn:") != NULL);
	free(out);
	/* --to writes a record of one game whole, as it is. */
	char bao[512], pos[256];
	ts_shared("corpus/bao/legal/bao-legal-01.bao", bao, sizeof bao);
	ck_assert_int_eq(shown_pos(bao, 4, "BaoPOS: ", pos, sizeof pos), 0);
	size_t len;
	char *want = ts_read_file(bao, &len);
	ck_assert_int_eq(ts_run((const char *[]){ "find", "--no-rc", "-q", "--to",
	                 "bao", pos, bao, NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, want);
	free(out);
	free(want);
}
END_TEST

/* The members of each group dedup prints, in order, one group a time. */
static int
for_each_group(char *out, int (*fn)(char **names, int n, void *ctx), void *ctx)
{
	char *names[64];
	int n = 0, groups = 0;
	for (char *line = strtok(out, "\n"); ; line = strtok(NULL, "\n")) {
		if (line == NULL || strncmp(line, "  ", 2) != 0) {
			if (n > 0) {
				ck_assert_int_gt(n, 1);
				ck_assert_int_eq(fn(names, n, ctx), 0);
				groups++;
			}
			n = 0;
			if (line == NULL)
				break;
			continue;
		}
		if (n < 64)
			names[n++] = line + 2;
	}
	return groups;
}

/* Every member of a group is the same games as its first, says diff. */
static int
same_by_diff(char **names, int n, void *ctx)
{
	int *pairs = ctx;
	for (int i = 1; i < n; i++) {
		ck_assert_msg(diff(names[0], names[i], NULL) == 0, "%s %s", names[0],
		              names[i]);
		(*pairs)++;
	}
	return 0;
}

typedef struct want_group {
	const char *names[3];
	int found;
} want_group;

static int
holds_all(char **names, int n, void *ctx)
{
	want_group *w = ctx;
	int hits = 0;
	for (int k = 0; k < 3; k++)
		for (int i = 0; i < n; i++)
			hits += strstr(names[i], w->names[k]) != NULL;
	w->found += hits == 3;
	return 0;
}

START_TEST(dedup_groups)
{
	char real[512], bulk[512], a[512], b[512], c[512];
	corpus("real", real, sizeof real);
	corpus("real-bulk", bulk, sizeof bulk);
	corpus("xg/xg-02.xg", a, sizeof a);
	corpus("xg/xg-02.companion.mat", b, sizeof b);
	corpus("sgf-real/sgf-real-01.sgf", c, sizeof c);
	char *out, *err;
	/* One match in three forms (the manifests say so), among the real
	   exports; records with errors are named, not grouped. */
	ck_assert_int_eq(ts_run((const char *[]){ "dedup", "--no-rc", "-q", a, b, c,
	                 "-r", real, bulk, NULL }, NULL, &out, &err), 0);
	ck_assert(strstr(err, "has errors: not compared") != NULL);
	want_group w = { { "xg-02.xg", "xg-02.companion.mat", "sgf-real-01.sgf" },
	                 0 };
	char *copy = strdup(out);
	for_each_group(copy, holds_all, &w);
	ck_assert_int_eq(w.found, 1);
	free(copy);
	int pairs = 0;
	ck_assert_int_ge(for_each_group(out, same_by_diff, &pairs), 1);
	ck_assert_int_ge(pairs, 2);
	free(out);
	free(err);
	/* A .umla and its mill PGN: the same positions (Sanmill's FEN). */
	char umla[512];
	ts_shared("corpus/umlabalaba/legal/uml-legal-01.umla", umla, sizeof umla);
	char *pgn;
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--no-rc", "-q",
	                 "--to", "pgn", umla, NULL }, NULL, &pgn, NULL), 0);
	char *other = ts_in_dir("same.pgn", pgn);
	ck_assert_int_eq(ts_run((const char *[]){ "dedup", "--no-rc", "-q", umla,
	                 other, NULL }, NULL, &out, NULL), 0);
	ck_assert(strstr(out, "2 records of the same 1 game") != NULL);
	free(out);
	/* Umlabalaba on 25 points has no position notation: its moves as the
	   first form spells them, the record rewritten (read again from a
	   file, or from the copy kept of standard input). */
	char *plain, *electronic;
	ck_assert_int_eq(ts_run((const char *[]){ "generate", "--no-rc", "--game",
	                 "umlabalaba", "--rule", "board=25", "--seed", "7", "--games",
	                 "1", "--max-moves", "30", NULL }, NULL, &plain, NULL), 0);
	char *plain_file = ts_in_dir("board25.umla", plain);
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--no-rc", "--to",
	                 "electronic", plain_file, NULL }, NULL, &electronic, NULL), 0);
	ck_assert(strcmp(plain, electronic) != 0);
	char *electronic_file = ts_in_dir("board25-e.umla", electronic);
	ck_assert_int_eq(ts_run((const char *[]){ "dedup", "--no-rc", "-q",
	                 plain_file, electronic_file, NULL }, NULL, &out, NULL), 0);
	ck_assert(strstr(out, "2 records of the same 1 game") != NULL);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "dedup", "--no-rc", "-q",
	                 "--game", "umlabalaba", plain_file, "-", NULL }, electronic,
	                 &out, NULL), 0);
	ck_assert(strstr(out, "<stdin>") != NULL);
	free(out);
	/* One move fewer: not the same game. */
	char *moved = strdup(plain);
	char *last = strrchr(moved, ' ');
	ck_assert_ptr_nonnull(last);
	strcpy(last, "\n");
	char *moved_file = ts_in_dir("board25-moved.umla", moved);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--no-rc", "-q",
	                 moved_file, NULL }, NULL, &out, NULL), 0);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "dedup", "--no-rc", "-q",
	                 plain_file, moved_file, NULL }, NULL, &out, NULL), 1);
	free(out);
	free(moved);
	free(moved_file);
	free(plain);
	free(electronic);
	free(plain_file);
	free(electronic_file);
	/* No duplicates: exit 1, nothing printed. */
	ck_assert_int_eq(ts_run((const char *[]){ "dedup", "--no-rc", "-q", a, umla,
	                 NULL }, NULL, &out, NULL), 1);
	ck_assert_str_eq(out, "");
	free(out);
	free(other);
	free(pgn);
}
END_TEST

/* A record as the other player exports it (tests/cli/tools/swap_sides.py):
   the players exchanged, every cell in the other column. */
static char *
swapped(const char *file, const char *name)
{
	char *path = ts_in_dir(name, "");
	char cmd[2048];
	snprintf(cmd, sizeof cmd, "/usr/bin/python3 tests/cli/tools/swap_sides.py "
	         "'%s' > '%s'", file, path);
	ck_assert_int_eq(system(cmd), 0);
	return path;
}

typedef struct swap_count {
	int pairs;
} swap_count;

static void
dedup_swapped(void *ctx, const char *path)
{
	swap_count *n = ctx;
	if (ts_run((const char *[]){ "check", "--no-rc", "-q", "-W", "error", path,
	           NULL }, NULL, NULL, NULL) != 0)
		return;
	char *other = swapped(path, "swapped.mat");
	/* Only a copy that is a clean record of its own proves anything. */
	if (ts_run((const char *[]){ "check", "--no-rc", "-q", "-W", "error",
	           other, NULL }, NULL, NULL, NULL) == 0) {
		char *out;
		ck_assert_msg(ts_run((const char *[]){ "dedup", "--no-rc", "-q", path,
		              other, NULL }, NULL, &out, NULL) == 0, "%s", path);
		ck_assert(strncmp(out, "2 records of the same ", 22) == 0);
		free(out);
		n->pairs++;
	}
	free(other);
}

/* Two exports of one match by its two players are one group, though each
   writes its own side first; another match is not in it. */
START_TEST(dedup_sides_swapped)
{
	swap_count n = { 0 };
	ts_each_shared_file("corpus/backgammon/real", ".mat", dedup_swapped, &n);
	ck_assert_int_ge(n.pairs, 30);
	char a[512], b[512];
	corpus("real/real-04.mat", a, sizeof a);
	corpus("real/real-01.mat", b, sizeof b);
	char *other = swapped(a, "other.mat");
	ck_assert_int_eq(ts_run((const char *[]){ "dedup", "--no-rc", "-q", b,
	                 other, NULL }, NULL, NULL, NULL), 1);
	free(other);
}
END_TEST

Suite *
cli_diff_find_suite(void)
{
	Suite *s = suite_create("cli-diff-find");
	TCase *tc = tcase_create("diff-find");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, exports_of_one_match);
	tcase_add_test(tc, rewritten_records_are_the_same);
	tcase_add_test(tc, a_missing_game);
	tcase_add_test(tc, diff_usage);
	tcase_add_test(tc, find_agrees_with_show);
	tcase_add_test(tc, find_writes_the_games);
	tcase_add_test(tc, find_bao_and_umlabalaba);
	tcase_add_test(tc, dedup_groups);
	tcase_add_test(tc, dedup_sides_swapped);
	suite_add_tcase(s, tc);
	return s;
}
