/*
 * notate lint for Bao: plies that are legal but not written as the
 * canonical writer of spec 6.5 writes them.  Every code has a golden
 * line; canonical files (the corpus, self-played games, fmt's output) get
 * no finding, nor does a file that numbers every North ply; rewrites of
 * canonical files (suffixes stripped, numbers glued, one North number
 * added or left out) get exactly their code at exactly the tokens changed;
 * a ply with an error, the plies after it, and `check` get no finding.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bao/bao_test.h"
#include "support/support.h"

#define GAME "bao"
#define HEAD "[Game \"Bao la Kiswahili\"]\n[Result \"*\"]\n\n"

/* ------------------------------------------------------------ helpers */

/* The tokens' findings are tested here; the layout of the lines (HEAD
   lacks the tags fmt writes from the replay) in core-layout. */
static const char *const no_layout[] = { "LAYOUT" };

/* nt_check as `notate lint` (LINT 1) or `check` calls it. */
static void
run_lint(const char *text, int lint, int lenient, size_t buffer, size_t chunk,
         ts_result *r)
{
	ts_config cfg = { .buffer_size = buffer, .read_chunk = chunk,
	                  .lenient = lenient, .lint = lint,
	                  .ignore = no_layout, .nignore = 1 };
	ts_check(GAME, "t.bao", text, strlen(text), &cfg, r);
	ck_assert_int_eq(r->rc, 0);
}

/* Lints TEXT twice (whole reads, then a 64-byte buffer in 7-byte reads);
   the runs agree, and their lines joined by '\n' must be WANT. */
#define expect_lint(text, lenient, want) \
	expect_lint_at(text, lenient, want, __LINE__)
static void
expect_lint_at(const char *text, int lenient, const char *want, int at)
{
	for (int pass = 0; pass < 2; pass++) {
		ts_result r;
		run_lint(text, 1, lenient, pass ? 64 : 0, pass ? 7 : 0, &r);
		char got[8192] = "";
		for (size_t i = 0; i < r.ndiags; i++) {
			strcat(got, r.diags[i].line);
			strcat(got, "\n");
		}
		ck_assert_msg(strcmp(got, want) == 0, "line %d, pass %d:\n got:\n%s"
		              " want:\n%s", at, pass, got, want);
	}
}

/* A shared sample (malloc'd). */
static char *
sample(const char *rel)
{
	char path[1024], full[1100];
	snprintf(path, sizeof path, "corpus/bao/%s", rel);
	ts_shared(path, full, sizeof full);
	char *text = ts_read_file(full, NULL);
	ck_assert_msg(text != NULL, "cannot read %s", full);
	return text;
}

/* Generated with notate generate --game bao --seed 1 (game 34): it ends
   with a takata, A5>*#. */
static const char game34[] =
	"[Game \"Bao la Kiswahili\"]\n[Result \"1-0\"]\n\n"
	"1. A6<* a5> 2. A3> a5> 3. A3< a7<* 4. A5> a6< 5. A6>+ a6< 6. A4< a6> 7. A1<\n"
	"a1< 8. A3< a3> 9. A5> a3< 10. A2< a1< 11. A4< a4< 12. A7> a4> 13. A6> a4< 14.\n"
	"A1< a2< 15. A5< a3< 16. A8> a3> 17. A2< a2< 18. A8> a5< 19. A8> a8> 20. A3>\n"
	"a7> 21. A5> a8> 22. A4> a4> 23. A4> a4< 24. A5> a4<* 25. A5>*# 1-0\n";

/* ------------------------------------------------------ golden lines */

START_TEST(missing_suffix)
{
	expect_lint(HEAD "1. A6> a6>* 2. A7<* a5> *\n", 0,
	            "t.bao:4:4: style: 'A6>' leaves out its derived suffix: "
	            "canonical form writes 'A6>*' ('*' marks a takata that "
	            "creates no takasia) [MISSING_SUFFIX]\n");
	/* Both suffixes of a takata that ends the game. */
	char *t = strdup(game34);
	char *at = strstr(t, "A5>*#");
	memcpy(at, "A5>  ", 5);
	expect_lint(t, 0, "t.bao:7:58: style: 'A5>' leaves out its derived "
	            "suffix: canonical form writes 'A5>*#' ('*' marks a takata "
	            "that creates no takasia, and '#' marks the move that ends "
	            "the game) [MISSING_SUFFIX]\n");
	free(t);
	/* A takasia. */
	char *s = sample("legal/bao-legal-04.bao");
	at = strstr(s, "a4>**");
	ck_assert_ptr_nonnull(at);
	memcpy(at, "a4>  ", 5);
	ts_result r;
	run_lint(s, 1, 0, 0, 0, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "MISSING_SUFFIX");
	ck_assert_ptr_nonnull(strstr(r.diags[0].line, "canonical form writes "
	                             "'a4>**' ('**' marks a takata that creates "
	                             "a takasia)"));
	free(s);
	/* A suffix written is never asked for again. */
	expect_lint(HEAD "1. A6>* a6>* 2. A7<* a5> *\n", 0, "");
}
END_TEST

START_TEST(mixed_numbering)
{
	/* North's second ply numbered, his first not. */
	expect_lint(HEAD "1. A6>* a6>* 2. A7<* 2... a5> 3. A3> *\n", 0,
	            "t.bao:4:22: style: '2... a5>': this North ply is numbered, "
	            "but North's ply at line 4, column 9 is not; number every "
	            "North ply after the first ply, or none [MIXED_NUMBERING]\n");
	/* The other way round: at the move, since it has no number. */
	expect_lint(HEAD "1. A6>* 1... a6>* 2. A7<* a5> 3. A3> *\n", 0,
	            "t.bao:4:27: style: 'a5>': this North ply has no number, but "
	            "North's ply at line 4, column 9 has one; number every North "
	            "ply after the first ply, or none [MIXED_NUMBERING]\n");
	/* Every North ply numbered, or none: fine. */
	expect_lint(HEAD "1. A6>* 1... a6>* 2. A7<* 2... a5> 3. A3> *\n", 0, "");
	/* A game North starts: its first ply may carry 1... or not. */
	const char *setup = "[SetUp \"1\"]\n[Position \"0,0,0,0,0,0,0,0/0,2,2,6,"
		"0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 N 22,22 SN -\"]\n\n";
	char text[512];
	snprintf(text, sizeof text, "%s1... a6>* 2. A6>* a7<* *\n", setup);
	expect_lint(text, 0, "");
	snprintf(text, sizeof text, "%sa6>* 2. A6>* a7<* *\n", setup);
	expect_lint(text, 0, "");
	snprintf(text, sizeof text, "%sa6>* 2. A6>* 2... a7<* *\n", setup);
	expect_lint(text, 0, "");
	/* Reported once, at the first departure. */
	snprintf(text, sizeof text, "%s1... a6>* 2. A6>* 2... a7<* 3. A5< a8> "
	         "4. A7>* 4... a3>* 5. A5< a6>* *\n", setup);
	expect_lint(text, 0, "t.bao:4:36: style: 'a8>': this North ply has no "
	            "number, but North's ply at line 4, column 19 has one; number "
	            "every North ply after the first ply, or none "
	            "[MIXED_NUMBERING]\n");
}
END_TEST

/* A finding about a word spans it; one about a number glued to its move
 * spans both, as the message quotes them. */
START_TEST(style_findings_span_the_words)
{
	ts_result r;
	run_lint(HEAD "1.A6>* a6>* 2. A7<* 2...a5> *\n", 1, 0, 64, 7, &r);
	ck_assert_uint_eq(r.ndiags, 3);
	static const unsigned long want[3][2] = { { 1, 6 }, { 21, 27 },
	                                          { 21, 27 } };
	for (size_t i = 0; i < 3; i++)
		ck_assert_msg(r.diags[i].lineno == 4 && r.diags[i].col == want[i][0] &&
		              r.diags[i].end_lineno == 4 &&
		              r.diags[i].end_col == want[i][1],
		              "%s ends at %lu:%lu", r.diags[i].line,
		              r.diags[i].end_lineno, r.diags[i].end_col);
	ts_free(&r);
	run_lint(HEAD "1. A6> a6>* *\n", 1, 1, 0, 0, &r);
	ck_assert_uint_ge(r.ndiags, 1);
	ck_assert_msg(r.diags[0].col == 4 && r.diags[0].end_col == 6, "%s: %lu",
	              r.diags[0].line, r.diags[0].end_col);
	ts_free(&r);
}
END_TEST

START_TEST(glued_number)
{
	expect_lint(HEAD "1.A6>* a6>* 2. A7<* 2...a5> *\n", 0,
	            "t.bao:4:1: style: '1.A6>*': canonical form writes a space "
	            "between the move number and the move: '1. A6>*' "
	            "[GLUED_NUMBER]\n"
	            "t.bao:4:21: style: '2...a5>': canonical form writes a space "
	            "between the move number and the move: '2... a5>' "
	            "[GLUED_NUMBER]\n"
	            "t.bao:4:21: style: '2...a5>': this North ply is numbered, but "
	            "North's ply at line 4, column 8 is not; number every North "
	            "ply after the first ply, or none [MIXED_NUMBERING]\n");
	/* A comment between them is a separator. */
	expect_lint(HEAD "1.{opening}A6>* a6>* *\n", 0, "");
}
END_TEST

START_TEST(lenient_form)
{
	expect_lint(HEAD "1. 6> a6>* 2. A7L* a5> *\n", 1,
	            "t.bao:4:4: style: '6>' is a short form that only --lenient "
	            "reads; canonical form writes 'A6>*' [LENIENT_FORM]\n"
	            "t.bao:4:15: style: 'A7L*' is a short form that only --lenient "
	            "reads; canonical form writes 'A7<*' [LENIENT_FORM]\n");
}
END_TEST

/* ------------------------------------------- what lint leaves alone */

START_TEST(errors_and_check_are_left_alone)
{
	/* The ply with an error gets only its error; nothing after it is
	   linted. */
	expect_lint(HEAD "1. A6> a6>* 2. A7<* a7> 3. A3> 3... a5< *\n", 0,
	            "t.bao:4:4: style: 'A6>' leaves out its derived suffix: "
	            "canonical form writes 'A6>*' ('*' marks a takata that "
	            "creates no takasia) [MISSING_SUFFIX]\n"
	            "t.bao:4:21: error: 'a7>': North must capture (a5 faces A4) "
	            "[CAPTURE_REQUIRED]\n");
	/* check reports no style, and lint adds only style. */
	const char *messy = HEAD "1.A6> a6>* 2. A7<* 2... a5> 3. A3> *\n";
	ts_result r;
	run_lint(messy, 0, 0, 0, 0, &r);
	ck_assert_int_eq(r.ndiags, 0);
	ck_assert_int_eq(r.summary.style, 0);
	run_lint(messy, 1, 0, 0, 0, &r);
	ck_assert_int_eq(r.summary.style, 3);
	ck_assert_int_eq(r.summary.errors + r.summary.warnings, 0);
}
END_TEST

/* --------------------------------- canonical files and their rewrites */

/* A transcript split into its tags and its movetext words. */
typedef struct split {
	char *head;              /* up to and with the blank line */
	char **w;
	int n;
} split;

static void
split_text(const char *text, split *s)
{
	const char *body = strstr(text, "\n\n");
	ck_assert_ptr_nonnull(body);
	body += 2;
	s->head = strndup(text, (size_t)(body - text));
	s->w = malloc(sizeof *s->w * (strlen(body) + 1));
	s->n = 0;
	for (const char *p = body; *p != '\0';) {
		size_t sp = strspn(p, " \n");
		p += sp;
		size_t l = strcspn(p, " \n");
		if (l > 0)
			s->w[s->n++] = strndup(p, l);
		p += l;
	}
}

static void
split_free(split *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->w[i]);
	free(s->w);
	free(s->head);
}

static int
is_number(const char *w)
{
	return w[strlen(w) - 1] == '.';
}

static int
is_move(const char *w)
{
	return (w[0] == 'A' || w[0] == 'B' || w[0] == 'a' || w[0] == 'b') &&
	       w[1] >= '1' && w[1] <= '8';
}

enum rewrite { RW_STRIP, RW_GLUE, RW_NUMBER_NORTH, RW_ONE_MORE, RW_ONE_LESS };

typedef struct want {
	unsigned long col;
	const char *code;
} want;

/*
 * Rewrites the movetext of S on one line (line LINE of the result) by R,
 * recording where each finding is due in WANT; returns the text.
 */
static char *
rewrite(const split *s, int r, want *wants, int *nwant)
{
	size_t cap = strlen(s->head) + 64;
	for (int i = 0; i < s->n; i++)
		cap += strlen(s->w[i]) + 16;
	char *out = malloc(cap);
	strcpy(out, s->head);
	size_t o = strlen(out), line0 = o;
	int ply = 0, north_seen = 0, norths = 0;
	*nwant = 0;
	for (int i = 0; i < s->n; i++)
		norths += is_move(s->w[i]) && !(i > 0 && is_number(s->w[i - 1]));
	for (int i = 0; i < s->n; i++) {
		const char *w = s->w[i];
		unsigned long col = (unsigned long)(o - line0 + 1);
		if (is_number(w)) {
			o += (size_t)sprintf(out + o, "%s%s", w, r == RW_GLUE ? "" : " ");
			if (r == RW_GLUE) {
				wants[*nwant].col = col;
				wants[(*nwant)++].code = "GLUED_NUMBER";
			}
			continue;
		}
		if (!is_move(w)) {
			o += (size_t)sprintf(out + o, "%s ", w);
			continue;
		}
		ply++;
		int north = ply % 2 == 0;
		north_seen += north;
		int numbered = north && (r == RW_NUMBER_NORTH ||
		               (r == RW_ONE_LESS && north_seen != norths) ||
		               (r == RW_ONE_MORE && north_seen == norths));
		if (numbered)
			o += (size_t)sprintf(out + o, "%d... ", ply / 2);
		if (north && north_seen == norths && norths > 1 &&
		    (r == RW_ONE_MORE || r == RW_ONE_LESS)) {
			wants[*nwant].col = (unsigned long)(o - line0 + 1);
			if (numbered)
				wants[*nwant].col = col;
			wants[(*nwant)++].code = "MIXED_NUMBERING";
		}
		if (r == RW_STRIP && strpbrk(w, "*#") != NULL) {
			wants[*nwant].col = (unsigned long)(o - line0 + 1);
			wants[(*nwant)++].code = "MISSING_SUFFIX";
			size_t keep = strcspn(w, "*#");
			memcpy(out + o, w, keep);
			o += keep;
			out[o++] = ' ';
		} else {
			o += (size_t)sprintf(out + o, "%s ", w);
		}
	}
	out[o - 1] = '\n';
	out[o] = '\0';
	return out;
}

/* Every rewrite of canonical TEXT gives exactly its findings. */
static void
rewrites_found(const char *name, const char *text, int counts[5])
{
	split s;
	split_text(text, &s);
	unsigned long line = 1;
	for (const char *p = s.head; *p; p++)
		line += *p == '\n';
	want *wants = malloc(sizeof *wants * (size_t)(s.n + 2));
	expect_lint_at(text, 0, "", __LINE__);
	for (int r = 0; r < 5; r++) {
		int nwant;
		char *t = rewrite(&s, r, wants, &nwant);
		ts_result res;
		run_lint(t, 1, 0, 0, 0, &res);
		ck_assert_msg(res.summary.errors == 0, "%s: %s", name,
		              res.diags[0].line);
		ck_assert_msg(res.summary.style == nwant, "%s, rewrite %d: %ld "
		              "findings, want %d (%s)", name, r, res.summary.style,
		              nwant, res.ndiags ? res.diags[0].line : "");
		int j = 0;
		for (size_t i = 0; i < res.ndiags; i++) {
			if (res.diags[i].severity != NT_SEV_STYLE)
				continue;
			ck_assert_msg(strcmp(res.diags[i].code, wants[j].code) == 0 &&
			              res.diags[i].lineno == line &&
			              res.diags[i].col == wants[j].col, "%s, rewrite "
			              "%d: got %s, want %lu:%lu %s", name, r,
			              res.diags[i].line, line, wants[j].col,
			              wants[j].code);
			j++;
		}
		counts[r] += nwant;
		free(t);
	}
	free(wants);
	split_free(&s);
}

START_TEST(canonical_files_and_rewrites)
{
	int counts[5] = { 0 };
	for (int i = 1; i <= 12; i++) {
		char rel[64];
		snprintf(rel, sizeof rel, "legal/bao-legal-%02d.bao", i);
		char *text = sample(rel);
		rewrites_found(rel, text, counts);
		free(text);
	}
	for (unsigned long long seed = 1; seed <= 20; seed++) {
		char *text;
		bt_selfplay(seed, 120, &text, NULL);
		rewrites_found("self-play", text, counts);
		free(text);
	}
	rewrites_found("game 34", game34, counts);
	/* Numbering every North ply is a layout of its own: no finding. */
	ck_assert_int_eq(counts[RW_NUMBER_NORTH], 0);
	ck_assert_int_gt(counts[RW_STRIP], 300);
	ck_assert_int_gt(counts[RW_GLUE], 500);
	ck_assert_int_eq(counts[RW_ONE_MORE], 12 + 20 + 1);
	ck_assert_int_eq(counts[RW_ONE_LESS], 12 + 20 + 1);
}
END_TEST

START_TEST(formatted_files_are_clean)
{
	/* fmt's output of files written otherwise lints clean. */
	const char *messy[] = {
		HEAD "1.A6> 1...a6> 2. A7< a5>\n3. A3> *\n",
		game34,
	};
	for (size_t i = 0; i < sizeof messy / sizeof *messy; i++) {
		ts_result c;
		ts_convert(GAME, "t.bao", messy[i], strlen(messy[i]), "bao", NULL, &c);
		ck_assert_int_eq(c.rc, 0);
		expect_lint(c.output, 0, "");
		/* Its layout too. */
		ts_config cfg = { .lint = 1 };
		ts_result r;
		ts_check(GAME, "t.bao", c.output, strlen(c.output), &cfg, &r);
		ck_assert_msg(r.ndiags == 0, "%s", r.diags[0].line);
		ts_free(&r);
		ts_free(&c);
	}
}
END_TEST

START_TEST(lint_command)
{
	char *dir = ts_tmpdir();
	char path[1024], want[2048];
	snprintf(path, sizeof path, "%s/g.bao", dir);
	const char *text = HEAD "1. A6> a6>* *\n";
	ck_assert_int_eq(ts_write_file(path, text, strlen(text)), 0);
	char *out;
	/* HEAD lacks the Rules and Plies tags fmt writes (LAYOUT). */
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "--ignore", "LAYOUT",
	                                          path, NULL }, NULL,
	                        &out, NULL), 1);
	snprintf(want, sizeof want, "%s:4:4: style: 'A6>' leaves out its derived "
	         "suffix: canonical form writes 'A6>*' ('*' marks a takata that "
	         "creates no takasia) [MISSING_SUFFIX]\n", path);
	ck_assert_str_eq(out, want);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "-W", "warning", path,
	                                          NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, "");
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "check", path, NULL }, NULL,
	                        &out, NULL), 0);
	ck_assert_str_eq(out, "");
	free(out);
	ts_rmtree(dir);
	free(dir);
}
END_TEST

Suite *
bao_lint_suite(void)
{
	Suite *s = suite_create("bao-lint");
	TCase *tc = tcase_create("lint");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, missing_suffix);
	tcase_add_test(tc, mixed_numbering);
	tcase_add_test(tc, glued_number);
	tcase_add_test(tc, style_findings_span_the_words);
	tcase_add_test(tc, lenient_form);
	tcase_add_test(tc, errors_and_check_are_left_alone);
	tcase_add_test(tc, canonical_files_and_rewrites);
	tcase_add_test(tc, formatted_files_are_clean);
	tcase_add_test(tc, lint_command);
	suite_add_tcase(s, tc);
	return s;
}
