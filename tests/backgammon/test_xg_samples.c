/*
 * The real eXtreme Gammon files of the shared corpus (backgammon-xg
 * section 8): each reads and replays as its manifest says, its `mat`
 * conversion is its companion's games where one exists, and every
 * conversion is canonical.
 */
#include "backgammon/xg_util.h"

static const struct sample {
	const char *file;
	long games, rolls, cube_cells;
	const char *result;
} samples[] = {
	{ "xg-01.xg", 4, 182, 8, "1-7" },
	{ "xg-02.xg", 4, 189, 8, "9-2" },
	{ "xg-03.xg", 4, 196, 8, "1-7" },
	{ "xg-04.xg", 8, 179, 18, "4-10" },
	{ "xg-05.xg", 5, 234, 12, "0-11" },
	{ "xg-06.xg", 7, 334, 14, "7-4" },
};
#define NSAMPLES (sizeof samples / sizeof samples[0])

static char *
sample(const char *file, size_t *len)
{
	char rel[200], path[900];
	snprintf(rel, sizeof rel, "corpus/backgammon/xg/%s", file);
	ts_shared(rel, path, sizeof path);
	char *bytes = ts_read_file(path, len);
	ck_assert_msg(bytes != NULL, "cannot read %s", path);
	return bytes;
}

typedef struct mem_bytes {
	const char *p;
	size_t len, pos;
} mem_bytes;

static long
mem_bytes_read(void *handle, void *buf, size_t size)
{
	mem_bytes *m = handle;
	size_t n = m->len - m->pos < size ? m->len - m->pos : size;
	memcpy(buf, m->p + m->pos, n);
	m->pos += n;
	return (long)n;
}

typedef struct tally {
	long rolls, cube_cells;
} tally;

static void
add_figure(void *user, long game, const char *name, long value,
           const char *text)
{
	tally *t = user;
	(void)game;
	(void)text;
	if (strcmp(name, "rolls") == 0)
		t->rolls += value;
	else if (strcmp(name, "cube_offers") == 0 || strcmp(name, "takes") == 0 ||
	         strcmp(name, "passes") == 0)
		t->cube_cells += value;
}

START_TEST(samples_replay_as_their_manifest_says)
{
	for (size_t i = 0; i < NSAMPLES; i++) {
		size_t len;
		char *bytes = sample(samples[i].file, &len);
		ts_result r;
		/* Two runs: the default buffer, and a 64-byte one (a temporary
		   file holds the input) in 7-byte reads. */
		xg_check_cfg((const unsigned char *)bytes, len, samples[i].file,
		             NULL, &r);
		ck_assert_msg(r.ndiags == 0, "%s", r.diags[0].line);
		ck_assert_int_eq(r.rc, 0);
		ck_assert_int_eq(r.summary.games, samples[i].games);
		ck_assert_str_eq(r.summary.result, samples[i].result);
		ts_free(&r);
		/* And under --strict: nothing to say either (hits come from the
		   positions, so no marker is ever missing). */
		ts_config strict = { .strict = 1 };
		xg_check_cfg((const unsigned char *)bytes, len, samples[i].file,
		             &strict, &r);
		ck_assert_msg(r.ndiags == 0, "%s", r.diags[0].line);
		ts_free(&r);
		/* Rolls and cube cells, through nt_stats. */
		mem_bytes mb = { bytes, len, 0 };
		nt_source src = { mem_bytes_read, &mb, samples[i].file };
		tally t = { 0, 0 };
		nt_summary sum;
		ck_assert_int_eq(nt_stats(nt_game_by_name(BG), &src, NULL, NULL,
		                          add_figure, &t, &sum), 0);
		ck_assert_int_eq(t.rolls, samples[i].rolls);
		ck_assert_int_eq(t.cube_cells, samples[i].cube_cells);
		free(bytes);
	}
}
END_TEST


/* TEXT (a converted record) from its first game line on: the header lines
   may differ between a file and its companion (backgammon-xg 7). */
static const char *
games_of(const char *text)
{
	const char *g = strstr(text, "\n Game 1\n");
	ck_assert_msg(g != NULL, "no game in %.200s", text);
	return g + 1;
}

/*
 * XG's own exports write "???" for a roll that was left unplayed before
 * a resignation; notate reads XG's record of it (Played = 0) as the roll
 * with nothing played.  So the companion's marks are taken out before it
 * is converted: the writers lay both out the same.
 */
static void
drop_unknown_plays(char *text)
{
	char *o = text;
	for (const char *p = text; *p;) {
		if (strncmp(p, ": ?", 3) == 0) {
			*o++ = ':';
			for (p += 2; *p == '?'; p++)
				;
			continue;
		}
		*o++ = *p++;
	}
	*o = '\0';
}

/* A text file of the corpus converted to FORM (malloc'd). */
static char *
convert_text(const char *file, const char *form)
{
	size_t len;
	char *text = sample(file, &len);
	drop_unknown_plays(text);
	len = strlen(text);
	ts_result r;
	ts_convert(BG, file, text, len, form, NULL, &r);
	ck_assert_msg(r.rc == 0, "%s: %s", file, r.ndiags ? r.diags[0].line : "");
	char *out = r.output;
	r.output = NULL;
	ts_free(&r);
	free(text);
	return out;
}

static char *
convert_xg(const char *file, const char *form)
{
	size_t len;
	char *bytes = sample(file, &len);
	char *out = xg_convert((const unsigned char *)bytes, len, form);
	free(bytes);
	return out;
}

/* The first line where two texts differ, for a message. */
static void
first_difference(const char *a, const char *b, char *buf, size_t size)
{
	size_t line = 1, start = 0, i = 0;
	for (; a[i] && a[i] == b[i]; i++)
		if (a[i] == '\n') {
			line++;
			start = i + 1;
		}
	snprintf(buf, size, "line %zu: '%.70s' and '%.70s'", line, a + start,
	         b + start);
}

static void
expect_same_games(const char *xg, const char *companion, const char *form)
{
	char *mine = convert_xg(xg, form);
	char *theirs = convert_text(companion, form);
	/* XG's mat export writes a play's steps in its own order, which the
	   mat writer keeps (7.2); XG's records give them sorted. */
	if (strcmp(form, "mat") == 0) {
		char *m = bg_steps_sorted(mine), *t = bg_steps_sorted(theirs);
		free(mine);
		free(theirs);
		mine = m;
		theirs = t;
	}
	char diff[300];
	first_difference(games_of(mine), games_of(theirs), diff, sizeof diff);
	ck_assert_msg(strcmp(games_of(mine), games_of(theirs)) == 0, "%s, %s "
	              "(%s): %s", xg, companion, form, diff);
	free(mine);
	free(theirs);
}

START_TEST(companions_have_the_same_games)
{
	/* mat: the same steps (up to their order), cube actions, results and
	   scores. */
	expect_same_games("xg-02.xg", "xg-02.companion.mat", "mat");
	expect_same_games("xg-06.xg", "xg-06.companion.mat", "mat");
	/* sheet: the positions after every play, also against XG's own text
	   export, which writes each play as sheet paths. */
	expect_same_games("xg-02.xg", "xg-02.companion.mat", "sheet");
	expect_same_games("xg-06.xg", "xg-06.companion.mat", "sheet");
	expect_same_games("xg-06.xg", "xg-06.companion.txt", "sheet");
}
END_TEST

/* The header of 5.1, checked against XG's own export of xg-06. */
START_TEST(header_as_xg_exports_it)
{
	char *mat = convert_xg("xg-06.xg", "mat");
	ck_assert_msg(strncmp(mat, "; [Site \"Paris, F\xc3\xa9" "d\xc3\xa9ration "
	                      "Fran\xc3\xa7" "aise de Bridge\"]\n"
	                      "; [Event \"HSBT Paris 2023\"]\n"
	                      "; [Round \"Tableau Or 2\"]\n"
	                      "; [EventDate \"2023.11.26\"]\n"
	                      "; [EventTime \"09.30\"]\n"
	                      "; [Variation \"Backgammon\"]\n"
	                      "; [Crawford \"On\"]\n"
	                      "; [CubeLimit \"1024\"]\n"
	                      "; [Transcriber \"K\xc3\xa9vin Unger\"]\n\n"
	                      " 7 point match\n", strlen("; [Site \"Paris, ")) == 0,
	              "%s", mat);
	char *txt = convert_text("xg-06.companion.txt", "mat");
	/* Every tag notate writes is in XG's export, word for word. */
	for (const char *line = mat; *line == ';';) {
		const char *end = strchr(line, '\n');
		char want[300];
		snprintf(want, sizeof want, "%.*s\n", (int)(end - line), line);
		ck_assert_msg(strstr(txt, want) != NULL, "%s not in XG's export", want);
		line = end + 1;
	}
	free(txt);
	free(mat);
}
END_TEST

START_TEST(conversions_are_canonical)
{
	for (size_t i = 0; i < NSAMPLES; i++) {
		char *mat = convert_xg(samples[i].file, "mat");
		char *sheet = convert_xg(samples[i].file, "sheet");
		ts_result r;
		/* Converting again to its own form gives the same bytes. */
		ts_convert(BG, "m.mat", mat, strlen(mat), "mat", NULL, &r);
		ck_assert_int_eq(r.rc, 0);
		ck_assert_str_eq(r.output, mat);
		ts_free(&r);
		ts_convert(BG, "m.bg", sheet, strlen(sheet), "sheet", NULL, &r);
		ck_assert_str_eq(r.output, sheet);
		ts_free(&r);
		/* xg -> sheet is xg -> mat -> sheet. */
		ts_convert(BG, "m.mat", mat, strlen(mat), "sheet", NULL, &r);
		ck_assert_str_eq(r.output, sheet);
		ts_free(&r);
		/* The mat output checks legal, with the same games and result. */
		ts_check(BG, "m.mat", mat, strlen(mat), NULL, &r);
		ck_assert_msg(r.ndiags == 0, "%s: %s", samples[i].file,
		              r.diags[0].line);
		ck_assert_int_eq(r.summary.games, samples[i].games);
		ck_assert_str_eq(r.summary.result, samples[i].result);
		ts_free(&r);
		free(mat);
		free(sheet);
	}
}
END_TEST

Suite *
backgammon_xg_samples_suite(void)
{
	Suite *s = suite_create("backgammon-xg-samples");
	TCase *tc = tcase_create("samples");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, samples_replay_as_their_manifest_says);
	tcase_add_test(tc, companions_have_the_same_games);
	tcase_add_test(tc, header_as_xg_exports_it);
	tcase_add_test(tc, conversions_are_canonical);
	suite_add_tcase(s, tc);
	return s;
}
