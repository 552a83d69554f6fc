/*
 * Converting between .umla and mill PGN (umlabalaba-pgn.md, section 6):
 * the layouts, what is kept and what is refused, the same verdict on both
 * sides, byte-for-byte round trips of the PGN layout, and round trips of
 * the whole Umlabalaba corpus.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "umlabalaba/pgn_test.h"

#define GAME "umlabalaba"

/* What check says of a record: its first diagnostic, or its result. */
typedef struct verdict {
	char code[48];
	long index;
	char result[32];
	long moves;
} verdict;

static void
verdict_of(const char *name, const char *text, size_t len, verdict *v)
{
	ts_result r;
	ts_check(GAME, name, text, len, NULL, &r);
	memset(v, 0, sizeof *v);
	if (r.ndiags > 0) {
		snprintf(v->code, sizeof v->code, "%s", r.diags[0].code);
		v->index = r.diags[0].move;
	}
	snprintf(v->result, sizeof v->result, "%s", r.summary.result);
	v->moves = r.summary.moves;
	ts_free(&r);
}

/* A PGN result in .umla words, FIRST the Blac side that plays White. */
static const char *
blac_result(const char *pgn, char first)
{
	if (strcmp(pgn, "1-0") == 0)
		return first == 'W' ? "W" : "B";
	if (strcmp(pgn, "0-1") == 0)
		return first == 'W' ? "B" : "W";
	if (strcmp(pgn, "1/2-1/2") == 0)
		return "D";
	return pgn;
}

static void
same_verdict(const char *what, const verdict *umla, const verdict *pgn,
             char first)
{
	ck_assert_msg(strcmp(umla->code, pgn->code) == 0 &&
	              umla->index == pgn->index, "%s: .umla says %s at %ld, PGN "
	              "%s at %ld", what, umla->code, umla->index, pgn->code,
	              pgn->index);
	if (umla->code[0] == '\0')
		ck_assert_msg(strcmp(umla->result, blac_result(pgn->result, first))
		              == 0, "%s: results %s and %s", what, umla->result,
		              pgn->result);
	ck_assert_int_eq(umla->moves, pgn->moves);
}

/* Converts, asserting success; the output (malloc) and its length. */
static char *
converted(const char *name, const char *text, size_t len, const char *form,
          size_t *out_len)
{
	ts_result r;
	pt_convert(name, text, len, form, &r);
	ck_assert_msg(r.rc == 0, "%s to %s: rc %d: %s", name, form, r.rc,
	              r.ndiags ? r.diags[0].line : "");
	*out_len = r.output_len;
	return r.output;
}

static char *
converted_str(const char *name, const char *text, const char *form)
{
	size_t len;
	return converted(name, text, strlen(text), form, &len);
}

/* The conversion is refused with CODE first, and writes nothing. */
static void
refused(const char *name, const char *text, const char *form, const char *code)
{
	ts_result r;
	pt_convert(name, text, strlen(text), form, &r);
	ck_assert_msg(r.rc == 1, "%s to %s: rc %d", name, form, r.rc);
	ck_assert_msg(r.output_len == 0, "%s: wrote %s", name, r.output);
	int found = 0;
	for (size_t i = 0; i < r.ndiags; i++)
		found |= strcmp(r.diags[i].code, code) == 0;
	ck_assert_msg(found, "%s: no %s among %zu diagnostics (%s)", name, code,
	              r.ndiags, r.ndiags ? r.diags[0].line : "");
	ts_free(&r);
}

/* The positions after every replayed move (show -f json), one a line. */
static char *
positions(const char *name, const char *text, size_t len, long moves)
{
	size_t cap = 4096, used = 0;
	char *all = malloc(cap);
	ck_assert(all != NULL);
	all[0] = '\0';
	for (long k = 1; k <= moves; k++) {
		nt_show_request req = { .move = k, .game_no = -1, .ply = -1,
		                        .json = 1 };
		ts_result r;
		ts_show(GAME, name, text, len, &req, NULL, &r);
		ck_assert_msg(r.rc == 0, "%s: show --move %ld", name, k);
		while (used + r.output_len + 1 > cap) {
			cap *= 2;
			all = realloc(all, cap);
			ck_assert(all != NULL);
		}
		memcpy(all + used, r.output, r.output_len + 1);
		used += r.output_len;
		ts_free(&r);
	}
	return all;
}

static char *
without_source_tag(const char *pgn)
{
	char *copy = strdup(pgn);
	char *s = strstr(copy, "[Source \"");
	if (s != NULL) {
		char *e = strchr(s, '\n');
		memmove(s, e + 1, strlen(e + 1) + 1);
	}
	return copy;
}

/* --- 6.1: .umla to PGN --------------------------------------------------- */

START_TEST(corpus_converts_to_the_sample_pgn)
{
	for (int i = 1; i <= 7; i++) {
		char rel[128], path[512], pgn_path[512];
		snprintf(rel, sizeof rel, "corpus/umlabalaba/legal/uml-legal-%02d.umla",
		         i);
		ts_shared(rel, path, sizeof path);
		snprintf(rel, sizeof rel, "corpus/umlabalaba/pgn/uml-legal-%02d.pgn", i);
		ts_shared(rel, pgn_path, sizeof pgn_path);
		size_t len, plen, olen;
		char *text = ts_read_file(path, &len);
		char *want = ts_read_file(pgn_path, &plen);
		ck_assert(text != NULL && want != NULL);
		char *out = converted(path, text, len, "pgn", &olen);
		char *expected = without_source_tag(want);
		ck_assert_msg(strcmp(out, expected) == 0, "%s:\n%s\n---\n%s", path,
		              out, expected);
		/* Through a tiny buffer in tiny reads: the same bytes. */
		ts_result r;
		ts_config tiny = { .buffer_size = 64, .read_chunk = 3 };
		ts_convert(GAME, path, text, len, "pgn", &tiny, &r);
		ck_assert_int_eq(r.rc, 0);
		ck_assert_str_eq(r.output, out);
		ts_free(&r);
		free(expected);
		free(out);
		free(text);
		free(want);
	}
}
END_TEST

START_TEST(pgn_layout)
{
	char *out = converted_str("t.umla",
		"[Event \"A \\ B\"]\n[Rules \"gar\"]\n[Board \"24\"]\n"
		"[Notation \"electronic\"]\n[Annotator \"x\"]\n[White \"Wanda\"]\n"
		"[Black \"Bongi\"]\n[Event \"second\"]\n"
		"{ before }  ; also before\n"
		"1B>01 ;  a  line comment } with a brace   \n"
		"{ inside } 1W>02 2B>03 2W>04\n"
		"3W>05 {x}{y}\n", "pgn");
	ck_assert_str_eq(out,
		"[Event \"A \\\\ B\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
		"[White \"Bongi\"]\n[Black \"Wanda\"]\n[Result \"*\"]\n"
		"[Variant \"Morabaraba\"]\n[PlyCount \"5\"]\n"
		"[Options \"nmove=0 repetition=0\"]\n[Annotator \"x\"]\n\n"
		"{ before }\n{ also before }\n"
		"1. a7 { a  line comment  with a brace } { inside } d7\n"
		"2. g7 g4\n3... g1 {x} {y} *\n");
	free(out);
	/* first=W: White is the Blac White; off-slot numbers are kept. */
	out = converted_str("t.umla", "[Options \"first=W\"]\n[White \"W\"]\n"
	                    "1W>10 3B>18 W>13 B>1\n", "pgn");
	ck_assert_msg(strstr(out, "[White \"W\"]\n[Black \"?\"]\n") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "[Options \"first=W nmove=0 repetition=0\"]\n")
	              != NULL, "%s", out);
	ck_assert_msg(strstr(out, "\n1. d6\n3... d5\n2. f2 a7 *\n") != NULL, "%s", out);
	free(out);
	/* No move: the termination stands alone. */
	out = converted_str("t.umla", "[Result \"*\"]\n", "pgn");
	ck_assert_msg(strstr(out, "[PlyCount \"0\"]\n") && strstr(out, "\n\n*\n"),
	              "%s", out);
	free(out);
	/* Twelve Men's Morris: its own options are the record's. */
	out = converted_str("t.umla", "[Options \"no_shuttle=off full_board=blocked "
	                    "draw3=off nmove=100 repetition=3\"]\n1B>1\n", "pgn");
	ck_assert_msg(strstr(out, "[Variant \"Twelve Men's Morris\"]\n[PlyCount "
	                     "\"1\"]\n\n1. a7 *\n") != NULL, "%s", out);
	free(out);
}
END_TEST

START_TEST(the_result_tag)
{
	/* From the header, else the replay's outcome; * if it stops early. */
	char *out = converted_str("t.umla", "[Result \"W\"]\n1B>1\n", "pgn");
	ck_assert(strstr(out, "[Result \"0-1\"]\n") && strstr(out, "a7 0-1\n"));
	free(out);
	const char *full = "1B>1 1W>2 2B>3 2W>5 3B>4 3W>7 4B>6 4W>9 5B>8 5W>11 "
	                   "6B>10 6W>13 7B>12 7W>16 8B>14 8W>18 9B>15 9W>19 "
	                   "10B>17 10W>20 11B>21 11W>22 12B>24 12W>23\n";
	out = converted_str("t.umla", full, "pgn");
	ck_assert_msg(strstr(out, "[Result \"1/2-1/2\"]\n") != NULL, "%s", out);
	free(out);
	char bad[1024];
	snprintf(bad, sizeof bad, "%s13B1>2\n", full);
	ts_result r;
	pt_convert("t.umla", bad, strlen(bad), "pgn", &r);
	/* A rule error is reported and stops nothing. */
	ck_assert_int_eq(r.rc, 0);
	ck_assert_str_eq(r.diags[0].code, "game-already-over");
	ck_assert_msg(strstr(r.output, "[Result \"*\"]\n") != NULL, "%s", r.output);
	ts_free(&r);
}
END_TEST

typedef struct rows {
	const char *dir;
	int n;
} rows;

static void
refused_row(void *ctx, char **f, int n)
{
	rows *r = ctx;
	ck_assert_int_ge(n, 5);
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", r->dir, f[0]);
	size_t len;
	char *text = ts_read_file(path, &len);
	ck_assert(text != NULL);
	ts_result res;
	pt_convert(f[0], text, len, "pgn", &res);
	ck_assert_msg(res.rc == 1 && res.output_len == 0, "%s: rc %d", f[0], res.rc);
	ck_assert_msg(res.ndiags > 0, "%s: no diagnostic", f[0]);
	/* The refusal comes with the record's own findings, as check has them. */
	const ts_diag *d = &res.diags[0];
	for (size_t i = 0; i < res.ndiags; i++)
		if (strcmp(res.diags[i].code, f[2]) == 0)
			d = &res.diags[i];
	ck_assert_msg(strcmp(d->code, f[2]) == 0 && d->move == atol(f[1]) &&
	              d->lineno == strtoul(f[3], NULL, 10) &&
	              d->col == strtoul(f[4], NULL, 10), "%s: expected %s at %s "
	              "(%s:%s), got %s", f[0], f[2], f[1], f[3], f[4], d->line);
	ts_free(&res);
	free(text);
	r->n++;
}

START_TEST(refusals_as_their_manifest_says)
{
	rows r = { "tests/umlabalaba/pgn/refused", 0 };
	ck_assert_int_eq(ts_read_tsv("tests/umlabalaba/pgn/refused/manifest.tsv",
	                             refused_row, &r), 0);
	ck_assert_int_ge(r.n, 12);
	/* 7.10: ending after move 34 converts, and Sanmill's reading agrees. */
	size_t len, olen;
	char *text = ts_read_file("tests/umlabalaba/pgn/refused/converts-move-34.umla",
	                          &len);
	ck_assert(text != NULL);
	char *out = converted("c.umla", text, len, "pgn", &olen);
	verdict u, p;
	verdict_of("c.umla", text, len, &u);
	verdict_of("c.pgn", out, olen, &p);
	same_verdict("converts-move-34", &u, &p, 'B');
	free(out);
	free(text);
	/* A bare removal has no PGN form, also after another error. */
	refused("t.umla", "1B>1 1W>1 2B<1\n", "pgn", "bad-ilobola");
	/* An unreadable record is not converted. */
	refused("t.umla", "1B>1 1W>25\n", "pgn", "bad-point-number");
	refused("t.umla", "1B>1 1W>2 1W>2 2B>25\n", "pgn", "bad-point-number");
	refused("t.umla", "1B>1 1W->2\n", "pgn", "syntax-error");
	refused("t.umla", "[Rules \"x\"]\n1B>1\n", "pgn", "bad-header");
}
END_TEST

/* --- 6.2: PGN to .umla -------------------------------------------------- */

START_TEST(umla_layout)
{
	char *out = converted_str("t.pgn",
		"[Event \"a \\\"q\\\" \\\\ b\"]\n[Black \"Bea\"]\n[White \"Wes\"]\n"
		"[PlyCount \"9\"]\n[SetUp \"0\"]\n[Notation \"x\"]\n[Annotator \"n\"]\n"
		"[Result \"*\"]\n[Variant \"twelve men's morris\"]\n"
		"{ first } ; second\n"
		"d6 $1 d5! (1. a1) 2. d7 ; c }\n2... a7 3. f2 3... g7 {z} *\n", "plain");
	ck_assert_str_eq(out,
		"[Event \"a 'q' \\ b\"]\n[Black \"Wes\"]\n[White \"Bea\"]\n"
		"[Result \"*\"]\n[Variant \"umlabalaba\"]\n[Rules \"gar\"]\n"
		"[Options \"no_shuttle=off full_board=blocked draw3=off nmove=100 "
		"repetition=3\"]\n[Notation \"plain\"]\n[Annotator \"n\"]\n\n"
		"{ first }\n{ second }\n"
		"1B>10 1W>18\n2B>2 { c } 2W>1\n3B>13 3W>3 {z}\n");
	free(out);
	out = converted_str("t.pgn", "[Options \"first=W\"]\n1. d6 d5 2... a7\n",
	                    "electronic");
	ck_assert_msg(strstr(out, "[Options \"first=W nmove=100 repetition=3\"]\n"
	                     "[Notation \"electronic\"]\n\n1W>10 1B>18\n2B>01\n")
	              != NULL, "%s", out);
	free(out);
	/* The declared result: the tag, else the termination. */
	out = converted_str("t.pgn", "1. d6 1-0\n", "plain");
	ck_assert_msg(strstr(out, "[Result \"B\"]\n") != NULL, "%s", out);
	free(out);
}
END_TEST

START_TEST(pgn_refusals)
{
	refused("t.pgn", "[Variant \"Dooz\"]\n1. d6\n", "plain",
	        "pgn-unsupported-variant");
	refused("t.pgn", "1. d6 D5\n", "plain", "syntax-error");
	/* Every square a point, no pass, to the end of the file. */
	refused("t.pgn", "1. d6 d6 2. d4\n", "plain", "bad-point-number");
	refused("t.pgn", "1. d6 d6 2. p\n", "plain", "pgn-pass-not-allowed");
	refused("t.pgn", "[Result \"1-0\"]\n1. d6 d6 *\n", "plain",
	        "pgn-termination-mismatch");
	/* Other rule errors do not stop it. */
	ts_result r;
	pt_convert("t.pgn", "1. d6 d6\n", 9, "plain", &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_str_eq(r.diags[0].code, "occupied-destination");
	ck_assert_msg(strstr(r.output, "1B>10 1W>10\n") != NULL, "%s", r.output);
	ts_free(&r);
}
END_TEST

/* --- 6.3: the guarantees ------------------------------------------------ */

/* A PGN file in the layout of 6.1 goes to .umla and back unchanged. */
static void
pgn_round_trip(const char *name, const char *text, size_t len)
{
	static const char *const forms[] = { "plain", "electronic" };
	for (int f = 0; f < 2; f++) {
		size_t ulen, blen;
		char *umla = converted(name, text, len, forms[f], &ulen);
		char *back = converted("back.umla", umla, ulen, "pgn", &blen);
		ck_assert_msg(blen == len && memcmp(back, text, len) == 0,
		              "%s by %s:\n%s\n---\n%s", name, forms[f], text, back);
		verdict p, u;
		verdict_of(name, text, len, &p);
		verdict_of("back.umla", umla, ulen, &u);
		same_verdict(name, &u, &p, 'B');
		/* Through a 64-byte buffer in 5-byte reads: the same bytes. */
		ts_config tiny = { .buffer_size = 64, .read_chunk = 5 };
		ts_result t;
		ts_convert(GAME, name, text, len, forms[f], &tiny, &t);
		ck_assert_int_eq(t.rc, 0);
		ck_assert_msg(t.output_len == ulen && memcmp(t.output, umla, ulen) == 0,
		              "%s: a tiny buffer converts otherwise", name);
		ts_free(&t);
		free(umla);
		free(back);
	}
	/* Written again as PGN (what fmt does), it is unchanged too. */
	ts_result r;
	pt_convert(name, text, len, "pgn", &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_msg(r.output_len == len && memcmp(r.output, text, len) == 0,
	              "%s: convert --to pgn changes it", name);
	ts_free(&r);
}

START_TEST(pgn_layout_round_trips_byte_for_byte)
{
	char dir[512];
	ts_shared("corpus/umlabalaba/pgn", dir, sizeof dir);
	DIR *d = opendir(dir);
	ck_assert(d != NULL);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		/* The PlayOK copy is read, never written. */
		if (strstr(e->d_name, ".pgn") == NULL || strstr(e->d_name, "playok"))
			continue;
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		size_t len;
		char *text = ts_read_file(path, &len);
		ck_assert(text != NULL);
		pgn_round_trip(e->d_name, text, len);
		free(text);
		n++;
	}
	closedir(d);
	ck_assert_int_ge(n, 8);
	size_t len;
	char *text = ts_read_file("tests/umlabalaba/pgn/legal/club-evening.pgn", &len);
	ck_assert(text != NULL);
	pgn_round_trip("club-evening.pgn", text, len);
	free(text);
}
END_TEST

/* Whether a .umla text plays with first=W. */
static char
first_side(const char *text)
{
	return strstr(text, "first=W") != NULL ? 'W' : 'B';
}

/*
 * One .umla file of the corpus: it converts to PGN (then both and the way
 * back agree on the verdict and on every position, and PGN -> .umla ->
 * PGN is the same PGN), or it is refused for a reason the spec gives.
 * Returns whether it converted.
 */
static int
umla_round_trip(const char *path, const char *text, size_t len)
{
	ts_result r;
	pt_convert(path, text, len, "pgn", &r);
	if (r.rc != 0) {
		ck_assert_int_eq(r.rc, 1);
		ck_assert_int_eq(r.output_len, 0);
		ck_assert(r.ndiags > 0);
		static const char *const reasons[] = {
			"pgn-no-equivalent", "pgn-variant-diverges", "bad-ilobola",
			"bad-header", "syntax-error", "bad-point-number"
		};
		int known = 0;
		for (size_t d = 0; d < r.ndiags; d++)
			for (size_t i = 0; i < sizeof reasons / sizeof reasons[0]; i++)
				known |= strcmp(r.diags[d].code, reasons[i]) == 0;
		ck_assert_msg(known, "%s: refused with %s", path, r.diags[0].line);
		ts_free(&r);
		return 0;
	}
	char *pgn = r.output;
	size_t plen = r.output_len;
	char first = first_side(text);
	verdict u, p, b;
	verdict_of(path, text, len, &u);
	verdict_of("t.pgn", pgn, plen, &p);
	same_verdict(path, &u, &p, first);
	size_t blen, p2len;
	char *back = converted("t.pgn", pgn, plen, "plain", &blen);
	verdict_of("back.umla", back, blen, &b);
	same_verdict(path, &b, &p, first);
	/* The same moves: every position of the replay, and the same PGN. */
	char *before = positions(path, text, len, u.moves);
	char *after = positions("back.umla", back, blen, u.moves);
	ck_assert_msg(strcmp(before, after) == 0, "%s: positions differ", path);
	char *again = converted("back.umla", back, blen, "pgn", &p2len);
	ck_assert_msg(p2len == plen && memcmp(again, pgn, plen) == 0,
	              "%s: PGN -> .umla -> PGN differs:\n%s\n---\n%s", path, pgn,
	              again);
	free(before);
	free(after);
	free(again);
	free(back);
	ts_free(&r);
	return 1;
}

/* TEXT with its Rules, Board and Options header lines replaced by HEADERS. */
static char *
with_rules(const char *text, const char *headers)
{
	size_t len = strlen(text);
	char *out = malloc(len + strlen(headers) + 1);
	ck_assert(out != NULL);
	strcpy(out, headers);
	size_t o = strlen(headers);
	for (const char *line = text; *line;) {
		const char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) + 1 : strlen(line);
		if (strncmp(line, "[Rules ", 7) != 0 && strncmp(line, "[Board ", 7) != 0 &&
		    strncmp(line, "[Options ", 9) != 0) {
			memcpy(out + o, line, n);
			o += n;
		}
		line += n;
	}
	out[o] = '\0';
	return out;
}

static int
corpus_dir(const char *dir, int *all)
{
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "no corpus at %s", dir);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (strstr(e->d_name, ".umla") == NULL)
			continue;
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		size_t len;
		char *text = ts_read_file(path, &len);
		ck_assert(text != NULL);
		n += umla_round_trip(path, text, len);
		(*all)++;
		/* The same moves under each variant's rules: more shapes of
		 * records than the presets with a PGN form have. */
		static const char *const variants[] = {
			"[Rules \"gar\"]\n",
			"[Options \"no_shuttle=off full_board=blocked draw3=off\"]\n",
		};
		for (int v = 0; v < 2; v++) {
			char *other = with_rules(text, variants[v]);
			char name[1100];
			snprintf(name, sizeof name, "%s (variant %d)", path, v);
			if (umla_round_trip(name, other, strlen(other)))
				(*all)++;
			free(other);
		}
		free(text);
	}
	closedir(d);
	return n;
}

START_TEST(whole_corpus_round_trips)
{
	int all = 0;
	char dir[512];
	/* The gar games convert; the other presets have no PGN form. */
	ts_shared("corpus/umlabalaba/legal", dir, sizeof dir);
	ck_assert_int_ge(corpus_dir(dir, &all), 7);
	ts_shared("corpus/umlabalaba/illegal", dir, sizeof dir);
	ck_assert_int_ge(corpus_dir(dir, &all), 2);
	/* 45 files, and twice as many under the two variants' rules. */
	ck_assert_int_ge(all, 45 + 50);
	ck_assert_int_ge(corpus_dir("tests/umlabalaba/pgn/legal", &all), 1);
}
END_TEST

/* The illegal PGN samples that convert keep their verdict in .umla. */
static void
illegal_pgn_row(void *ctx, char **f, int n)
{
	rows *r = ctx;
	(void)n;
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", r->dir, f[0]);
	size_t len;
	char *text = ts_read_file(path, &len);
	ck_assert(text != NULL);
	ts_result res;
	pt_convert(f[0], text, len, "plain", &res);
	if (res.rc == 0) {
		verdict p, u;
		verdict_of(f[0], text, len, &p);
		verdict_of("t.umla", res.output, res.output_len, &u);
		same_verdict(f[0], &u, &p, 'B');
		r->n++;
	}
	ts_free(&res);
	free(text);
}

START_TEST(converted_pgn_keeps_its_verdict)
{
	rows r = { "tests/umlabalaba/pgn/illegal", 0 };
	ck_assert_int_eq(ts_read_tsv("tests/umlabalaba/pgn/illegal/manifest.tsv",
	                             illegal_pgn_row, &r), 0);
	ck_assert_int_ge(r.n, 15);
}
END_TEST

/* A PGN file written as PGN: the layout of 6.1 (fmt writes it too). */
START_TEST(pgn_to_pgn_is_the_canonical_layout)
{
	const char *messy = "[Result \"*\"]\n[Variant \"MORABARABA\"]\n"
	                    "d6 $1 d5 (1... d7)\n\n2. d7 {x} e5   *\n";
	char *out = converted_str("m.pgn", messy, "pgn");
	ck_assert_str_eq(out, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
	                 "[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
	                 "[Result \"*\"]\n[Variant \"Morabaraba\"]\n"
	                 "[PlyCount \"4\"]\n\n1. d6 d5\n2. d7 {x} e5 *\n");
	free(out);
}
END_TEST

Suite *
umlabalaba_pgn_convert_suite(void)
{
	Suite *s = suite_create("umlabalaba-pgn-convert");
	TCase *tc = tcase_create("convert");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, corpus_converts_to_the_sample_pgn);
	tcase_add_test(tc, pgn_layout);
	tcase_add_test(tc, the_result_tag);
	tcase_add_test(tc, refusals_as_their_manifest_says);
	tcase_add_test(tc, umla_layout);
	tcase_add_test(tc, pgn_refusals);
	tcase_add_test(tc, pgn_layout_round_trips_byte_for_byte);
	tcase_add_test(tc, whole_corpus_round_trips);
	tcase_add_test(tc, converted_pgn_keeps_its_verdict);
	tcase_add_test(tc, pgn_to_pgn_is_the_canonical_layout);
	suite_add_tcase(s, tc);
	return s;
}
