/*
 * What notate writes for Bao: the canonical form of spec 6.5 (convert
 * --to bao), the board of `show`, the move list of `moves`, and the
 * command line around them (file recognition, exit statuses).
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

#define GAME "bao"
#define INITIAL "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0"

static const ts_config tiny = { .buffer_size = 64, .read_chunk = 7 };

/* Converts TEXT (through both buffers) and compares the output with WANT. */
static void
expect_convert(const char *text, const ts_config *cfg, const char *want)
{
	for (int pass = 0; pass < 2; pass++) {
		ts_config c = cfg ? *cfg : (ts_config){ 0 };
		if (pass) {
			c.buffer_size = tiny.buffer_size;
			c.read_chunk = tiny.read_chunk;
		}
		ts_result r;
		ts_convert(GAME, "t.bao", text, strlen(text), "bao", &c, &r);
		ck_assert_msg(r.rc == 0, "rc %d: %s", r.rc,
		              r.ndiags ? r.diags[0].line : "");
		ck_assert_msg(strcmp(r.output, want) == 0, "pass %d\n got:\n%s\n "
		              "want:\n%s", pass, r.output, want);
		/* Canonical text converts to itself. */
		ts_result again;
		ts_convert(GAME, "t.bao", r.output, r.output_len, "bao", NULL, &again);
		ck_assert_int_eq(again.rc, 0);
		ck_assert_str_eq(again.output, r.output);
		ts_free(&again);
		ts_free(&r);
	}
}

START_TEST(convert_writes_the_canonical_form)
{
	expect_convert(
		"[North \"Player B\"]\n[Zeta \"z\"]\n[Result \"1-0\"]\n"
		"[Termination \"hamna\"]\n[Plies \"99\"]\n[South \"Player A\"]\n"
		"[Alpha \"a \\\"q\\\" \\\\\"]\n[SetUp \"1\"]\n[Position \"" INITIAL
		" S 22,22 SN -\"]\n[Zeta \"last\"]\n\n"
		"1. A6>* 1... a6>*   { both sides play takata }\n"
		"2. A7<* a5>    ; North must capture: a5 faces A4\n3.A3>\n",
		NULL,
		"[Game \"Bao la Kiswahili\"]\n[South \"Player A\"]\n"
		"[North \"Player B\"]\n[Rules \"bao-kiswahili-1\"]\n[Result \"*\"]\n"
		"[Plies \"5\"]\n[Alpha \"a \\\"q\\\" \\\\\"]\n[Zeta \"last\"]\n\n"
		"1. A6>* a6>* { both sides play takata } 2. A7<* a5>\n"
		"; North must capture: a5 faces A4\n3. A3> *\n");
	/* Spec 6.5: LF line ends, even after a ';' comment of a CRLF file. */
	expect_convert("1. A6>* ; note\r\na6>* *\r\n", NULL,
	               "[Game \"Bao la Kiswahili\"]\n[Rules \"bao-kiswahili-1\"]\n"
	               "[Result \"*\"]\n[Plies \"2\"]\n\n1. A6>* ; note\na6>* *\n");
}
END_TEST

START_TEST(convert_keeps_set_ups_and_ends)
{
	/* North starts: 1... is written, later North numbers are not. */
	expect_convert(
		"[SetUp \"1\"]\n[Position \"" INITIAL " N 22,22 SN -\"]\n"
		"[Rules \"club\"]\n\na6>* 2. A6>* 2... a7<*\n",
		NULL,
		"[Game \"Bao la Kiswahili\"]\n[Rules \"club\"]\n[SetUp \"1\"]\n"
		"[Position \"" INITIAL " N 22,22 SN -\"]\n[Result \"*\"]\n"
		"[Plies \"3\"]\n\n1... a6>* 2. A6>* a7<* *\n");
	/* A finished game: '#', Result and Termination from the replay. */
	expect_convert(
		"[SetUp \"1\"]\n[Position \"0,0,0,0,0,0,19,20/0,0,2,0,0,0,0,0/"
		"1,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 S 10,10 - -\"]\n\n1. A3< *\n",
		NULL,
		"[Game \"Bao la Kiswahili\"]\n[Rules \"bao-kiswahili-1\"]\n"
		"[SetUp \"1\"]\n[Position \"0,0,0,0,0,0,19,20/0,0,2,0,0,0,0,0/"
		"1,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 S 10,10 - -\"]\n[Result \"1-0\"]\n"
		"[Termination \"hamna\"]\n[Plies \"1\"]\n\n1. A3<# 1-0\n");
}
END_TEST

START_TEST(convert_turns_lenient_input_strict)
{
	static const char *const none[] = { NULL };
	ts_config lenient = { .lenient = 1, .rules = none };
	expect_convert("1. 6R a6R 2. A7L 5R\n", &lenient,
	               "[Game \"Bao la Kiswahili\"]\n[Rules \"bao-kiswahili-1\"]\n"
	               "[Result \"*\"]\n[Plies \"4\"]\n\n"
	               "1. A6>* a6>* 2. A7<* a5> *\n");
}
END_TEST

START_TEST(convert_fills_lines_and_places_long_comments)
{
	/* 12 plies of 4-5 characters: the first line stops before 78. */
	char text[8000];
	strcpy(text, "1. A6>* a6>* 2. A7<* a5> 3. A3> {");
	for (int i = 0; i < 300; i++)
		strcat(text, "long comment ");
	strcat(text, "} a5< *\n");
	ts_result r;
	ts_convert(GAME, "t.bao", text, strlen(text), "bao", &tiny, &r);
	ck_assert_int_eq(r.rc, 0);
	/* The long comment starts a line of its own; the moves go on after. */
	ck_assert_ptr_nonnull(strstr(r.output, "3. A3>\n{long comment long"));
	ck_assert_ptr_nonnull(strstr(r.output, "long comment }\na5< *\n"));
	ts_free(&r);
}
END_TEST

START_TEST(convert_refuses_illegal_files)
{
	ts_result r;
	const char *t = "1. A6>* a6>* 2. A5> *\n";
	ts_convert(GAME, "t.bao", t, strlen(t), "bao", NULL, &r);
	ck_assert_int_eq(r.rc, 1);
	ck_assert_str_eq(r.output, "");
	ck_assert_int_eq(r.ndiags, 1);
	ts_free(&r);
	/* Warnings are reported, and the file is still written. */
	t = "1. A6>* a6>*\n";
	ts_convert(GAME, "t.bao", t, strlen(t), "bao", NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_str_eq(r.diags[0].code, "NO_RESULT");
	ck_assert_ptr_nonnull(strstr(r.output, "1. A6>* a6>* *\n"));
	ts_free(&r);
}
END_TEST

/* Tag values are kept whole up to 65,535 bytes; a longer one is said. */
START_TEST(convert_keeps_long_tag_values)
{
	for (size_t len = 10000; len <= 70000; len += 60000) {
		size_t cap = len + 200;
		char *t = malloc(cap);
		size_t n = (size_t)snprintf(t, cap, "[Annotator \"");
		memset(t + n, 'x', len);
		n += len;
		snprintf(t + n, cap - n, "\"]\n\n1. A6>* a6>* *\n");
		ts_result r;
		ts_convert(GAME, "t.bao", t, strlen(t), "bao", &tiny, &r);
		if (len < 65536) {
			ck_assert_msg(r.rc == 0, "%s", r.ndiags ? r.diags[0].line : "");
			ck_assert_ptr_nonnull(strstr(r.output, t));
		} else {
			ck_assert_int_eq(r.rc, 1);
			ck_assert_str_eq(r.output, "");
			ck_assert_msg(r.ndiags == 1 && r.diags[0].lineno == 1 &&
			              strstr(r.diags[0].message, "a value of 65535"),
			              "%s", r.ndiags ? r.diags[0].line : "");
		}
		ts_free(&r);
		free(t);
	}
}
END_TEST

/* Every canonical sample converts to itself, byte for byte. */
START_TEST(convert_is_the_identity_on_the_corpus)
{
	char dir[512];
	ts_shared("corpus/bao/legal", dir, sizeof dir);
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	struct dirent *e;
	int n = 0;
	while ((e = readdir(d)) != NULL) {
		if (strstr(e->d_name, ".bao") == NULL)
			continue;
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		size_t len;
		char *text = ts_read_file(path, &len);
		ck_assert_ptr_nonnull(text);
		ts_result r;
		ts_convert(GAME, path, text, len, "bao", &tiny, &r);
		ck_assert_int_eq(r.rc, 0);
		ck_assert_msg(strcmp(r.output, text) == 0, "%s changed:\n%s", path,
		              r.output);
		ts_free(&r);
		free(text);
		n++;
	}
	closedir(d);
	ck_assert_int_ge(n, 10);
}
END_TEST

/* --- show ---------------------------------------------------------------------- */

#define OPENING "[Game \"Bao la Kiswahili\"]\n\n1. A6>* a6>* 2. A7<* a5> 3. A3> *\n"

static void
expect_show(const char *text, long ply, long move, int rc, const char *want)
{
	nt_show_request req = { .move = move, .game_no = -1, .ply = ply };
	ts_result r;
	ts_show(GAME, "t.bao", text, strlen(text), &req, NULL, &r);
	ck_assert_int_eq(r.rc, rc);
	if (want)
		ck_assert_msg(strcmp(r.output, want) == 0, "got:\n%s\nwant:\n%s",
		              r.output, want);
	ts_free(&r);
}

START_TEST(show_draws_the_board_after_a_ply)
{
	/* Spec 9.1, after ply 5 (A3>). */
	expect_show(OPENING, 5, -1, 0,
		"Bao la Kiswahili, after ply 5 (A3>)\n\n"
		"       8    7    6    5    4    3    2    1\n"
		"  b    1    0    0    0    0    0    0    0    North's back row\n"
		"  a    0    4    0  [ 7]   0    0    0    0    North's front row\n"
		"     ----------------------------------------\n"
		"  A    0    0    2    1  [ 8]   0    1    0    South's front row\n"
		"  B    0    0    0    0    0    0    0    1    South's back row\n"
		"       1    2    3    4    5    6    7    8\n\n"
		"North: reserve 20, nyumba a5 functional (7 seeds)\n"
		"South: reserve 19, nyumba A5 functional (8 seeds)\n"
		"Takasia: none\n"
		"To move: North (namu)\n"
		"BaoPOS: 1,0,0,0,0,0,0,0/0,4,0,7,0,0,0,0/0,0,2,1,8,0,1,0/"
		"0,0,0,0,0,0,0,1 N 19,20 SN -\n");
	/* The default is the end; --move 1 is after North's first ply. */
	nt_show_request end = { .move = -1, .game_no = -1, .ply = -1 };
	ts_result a, b;
	ts_show(GAME, "t.bao", OPENING, strlen(OPENING), &end, NULL, &a);
	nt_show_request five = { .move = -1, .game_no = -1, .ply = 5 };
	ts_show(GAME, "t.bao", OPENING, strlen(OPENING), &five, NULL, &b);
	ck_assert_str_eq(a.output, b.output);
	ts_free(&a);
	ts_free(&b);
	expect_show(OPENING, -1, 1, 0, NULL);
	nt_show_request m1 = { .move = 1, .game_no = -1, .ply = -1 };
	ts_show(GAME, "t.bao", OPENING, strlen(OPENING), &m1, NULL, &a);
	ck_assert_ptr_nonnull(strstr(a.output, "after ply 2 (a6>*)"));
	ts_free(&a);
	expect_show(OPENING, 0, -1, 0, NULL);
	expect_show(OPENING, 6, -1, -4, "");
}
END_TEST

START_TEST(show_marks_takasia_destroyed_nyumbas_and_the_end)
{
	const char *t = "[SetUp \"1\"]\n[Position \"4,4,0,13,0,4,0,2/2,0,0,0,0,0,"
	                "2,4/0,0,1,2,1,0,0,3/0,0,4,3,15,0,0,0 N 0,0 - -\"]\n\n"
	                "1... a8<** *\n";
	nt_show_request req = { .move = -1, .game_no = -1, .ply = -1 };
	ts_result r;
	ts_show(GAME, "t.bao", t, strlen(t), &req, NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_ptr_nonnull(strstr(r.output, "Takasia: A3\n"));
	ck_assert_ptr_nonnull(strstr(r.output, "nyumba A5 destroyed (1 seed)"));
	ck_assert_ptr_nonnull(strstr(r.output, "To move: South (mtaji)\n"));
	ts_free(&r);
	t = "[SetUp \"1\"]\n[Position \"0,0,0,0,0,0,19,20/0,0,2,0,0,0,0,0/"
	    "1,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 S 10,10 - -\"]\n\n1. A3<# 1-0\n";
	ts_show(GAME, "t.bao", t, strlen(t), &req, NULL, &r);
	ck_assert_ptr_nonnull(strstr(r.output, "Game over: South won (bao hamna)"));
	ts_free(&r);
	/* The same board as a picture. */
	nt_show_request svg = { .move = -1, .game_no = -1, .ply = -1, .svg = 1 };
	ts_show(GAME, "t.bao", t, strlen(t), &svg, NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert(strncmp(r.output, "<svg ", 5) == 0);
	ck_assert_ptr_nonnull(strstr(r.output, "<title>Bao la Kiswahili, after "
	                                       "ply 1 (A3&lt;#)</title>"));
	ck_assert_ptr_nonnull(strstr(r.output, "Game over: South won (bao hamna)"));
	ck_assert_ptr_nonnull(strstr(r.output, "</svg>\n"));
	ts_free(&r);
	/* A ply beyond an illegal one cannot be shown. */
	expect_show("1. A6>* a6>* 2. A5> *\n", 4, -1, 1, "");
	expect_show("[SetUp \"1\"]\n\n*\n", -1, -1, 1, "");
}
END_TEST

/* The picture says what the text board says beside the board: each
   side's reserve and nyumba, the takasia, whose turn or how it ended,
   the BaoPOS (issue 15). */
START_TEST(svg_shows_what_the_text_board_shows)
{
	static const char *const lines[] = { "North: ", "South: ", "Takasia: ",
		"To move: ", "Game over: ", "BaoPOS: ", NULL };
	static const long moves[] = { 0, 1, 4, 9, 20, 41, -1 };
	static const char *const files[] = { "bao/legal/bao-legal-01.bao",
		"bao/legal/bao-legal-02.bao", "bao/legal/bao-legal-03.bao" };
	int compared = 0;
	for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
		char rel[300], path[600];
		snprintf(rel, sizeof rel, "corpus/%s", files[f]);
		char *text = ts_read_file(ts_shared(rel, path, sizeof path), NULL);
		ck_assert_ptr_nonnull(text);
		compared += ts_svg_shows_text_lines(GAME, text, moves, 7, lines);
		free(text);
	}
	/* Five lines a board, on at least 15 boards. */
	ck_assert_int_ge(compared, 15 * 5);
}
END_TEST

/* --- the command line ------------------------------------------------------------ */

START_TEST(moves_lists_every_legal_move)
{
	char *out, *err;
	const char *initial[] = { "moves", "--game", "bao", NULL };
	ck_assert_int_eq(ts_run(initial, NULL, &out, &err), 0);
	ck_assert_str_eq(out, "A6>*\nA6<*\nA7>*\nA7<*\n");
	free(out);
	free(err);
	/* The position as one argument or as its five fields. */
	const char *one[] = { "moves", "--game", "bao",
		"0,0,0,0,0,0,0,0/0,0,0,9,0,0,0,1/0,2,1,1,9,1,1,0/0,0,0,0,0,0,1,1 "
		"N 18,19 SN -", NULL };
	ck_assert_int_eq(ts_run(one, NULL, &out, &err), 0);
	ck_assert_str_eq(out, "a5<\na5>\n");
	free(out);
	free(err);
	const char *five[] = { "moves", "--game", "bao",
		"4,4,0,13,0,4,0,2/2,0,0,0,0,0,2,4/0,0,1,2,1,0,0,3/0,0,4,3,15,0,0,0",
		"N", "0,0", "-", "-", NULL };
	ck_assert_int_eq(ts_run(five, NULL, &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(out, "a8<**\n"));
	free(out);
	free(err);
	const char *off[] = { "moves", "--game", "bao", "--rule", "takasia=off",
		"4,4,0,13,0,4,0,2/2,0,0,0,0,0,2,4/0,0,1,2,1,0,0,3/0,0,4,3,15,0,0,0",
		"N", "0,0", "-", "-", NULL };
	ck_assert_int_eq(ts_run(off, NULL, &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(out, "a8<*\n"));
	ck_assert_ptr_null(strstr(out, "**"));
	free(out);
	free(err);
	const char *bad[] = { "moves", "--game", "bao", INITIAL " S 22,21 SN -",
	                      NULL };
	ck_assert_int_eq(ts_run(bad, NULL, &out, &err), 3);
	ck_assert_str_eq(out, "");
	ck_assert_str_eq(err, "notate: '" INITIAL " S 22,21 SN -' is not a BaoPOS "
	                 "position: its seeds add up to 63, not 64\n");
	free(out);
	free(err);
}
END_TEST

START_TEST(check_recognises_bao_files)
{
	char *dir = ts_tmpdir();
	char path[512];
	snprintf(path, sizeof path, "%s/g.bao", dir);
	const char *legal = "1. A6>* a6>* 2. A7<* a5> 3. A3> 1-0\n";
	ck_assert_int_eq(ts_write_file(path, legal, strlen(legal)), 0);
	char *out, *err;
	/* A warning leaves the exit status at 0. */
	const char *check[] = { "check", path, NULL };
	ck_assert_int_eq(ts_run(check, NULL, &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(out, "[RESULT_MISMATCH]"));
	free(out);
	free(err);
	/* On standard input the Game tag names the game. */
	const char *in[] = { "check", "-", NULL };
	ck_assert_int_eq(ts_run(in, "[Game \"Bao la Kiswahili\"]\n\n1. A5> *\n",
	                        &out, &err), 1);
	ck_assert_ptr_nonnull(strstr(out, "<stdin>:3:4: error: 'A5>'"));
	free(out);
	free(err);
	const char *conv[] = { "convert", "--to", "bao", path, NULL };
	ck_assert_int_eq(ts_run(conv, NULL, &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(out, "[Result \"*\"]\n"));
	free(out);
	free(err);
	const char *show[] = { "show", "--ply", "2", path, NULL };
	ck_assert_int_eq(ts_run(show, NULL, &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(out, "after ply 2 (a6>*)"));
	free(out);
	free(err);
	const char *explain[] = { "explain", "TAKASIA_START", NULL };
	ck_assert_int_eq(ts_run(explain, NULL, &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(out, "TAKASIA_START (error)"));
	free(out);
	free(err);
	ts_rmtree(dir);
	free(dir);
}
END_TEST

typedef struct figures {
	char text[2048];
} figures;

static void
keep_figure(void *user, long game, const char *name, long value,
            const char *text)
{
	figures *f = user;
	size_t o = strlen(f->text);
	ck_assert_int_eq(game, 1);
	if (text)
		snprintf(f->text + o, sizeof f->text - o, "%s=%s ", name, text);
	else
		snprintf(f->text + o, sizeof f->text - o, "%s=%ld ", name, value);
}

/* notate stats and fmt through the library. */
START_TEST(stats_and_fmt)
{
	/* Spec 9.2's A3>+ is a safari; 9.1's opening has takatas and captures. */
	const char *t = "[SetUp \"1\"]\n[Position \"0,0,0,0,0,0,0,0/1,0,4,6,0,0,0,0/"
	                "0,0,1,1,6,0,0,0/0,0,0,0,0,0,0,0 S 23,22 SN -\"]\n\n"
	                "1. A3>+ *\n";
	figures f = { "" };
	nt_source src;
	char *dir = ts_tmpdir();
	char path[512];
	snprintf(path, sizeof path, "%s/s.bao", dir);
	ck_assert_int_eq(ts_write_file(path, t, strlen(t)), 0);
	FILE *fp = fopen(path, "rb");
	ck_assert_ptr_nonnull(fp);
	src = nt_source_fd(fileno(fp), path);
	nt_summary sum;
	ck_assert_int_eq(nt_stats(nt_game_by_name(GAME), &src, NULL, NULL,
	                          keep_figure, &f, &sum), 0);
	fclose(fp);
	ck_assert_str_eq(f.text, "result=* plies=1 south_captures=1 "
	                 "south_seeds_captured=4 south_takatas=0 south_taxes=0 "
	                 "south_safaris=1 south_takasias=0 north_captures=0 "
	                 "north_seeds_captured=0 north_takatas=0 north_taxes=0 "
	                 "north_safaris=0 north_takasias=0 laps=2 seeds_sown=11 "
	                 "end=unfinished ");
	/* fmt writes the canonical form, as convert --to bao does. */
	char *out, *err;
	const char *fmt[] = { "fmt", path, NULL };
	ck_assert_int_eq(ts_run(fmt, NULL, &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(out, "[Plies \"1\"]\n\n1. A3>+ *\n"));
	free(out);
	free(err);
	ts_rmtree(dir);
	free(dir);
}
END_TEST

START_TEST(content_names_the_game)
{
	const char *bao = "1. A6>* a6>* 2. A7<* a5> *\n";
	const char *tagged = "[Game \"Bao la Kiswahili\"]\n";
	const char *umla = "1B1>2 1W5>6 2B3>4 2W7>8\n";
	const nt_game *g = nt_game_sniff(bao, strlen(bao));
	ck_assert_ptr_nonnull(g);
	ck_assert_str_eq(nt_game_name(g), "bao");
	g = nt_game_sniff(tagged, strlen(tagged));
	ck_assert_ptr_nonnull(g);
	ck_assert_str_eq(nt_game_name(g), "bao");
	g = nt_game_sniff(umla, strlen(umla));
	ck_assert(g == NULL || strcmp(nt_game_name(g), "bao") != 0);
	g = nt_game_for_path("x/game.BAO");
	ck_assert_ptr_nonnull(g);
	ck_assert_str_eq(nt_game_name(g), "bao");
}
END_TEST

Suite *
bao_output_suite(void)
{
	Suite *s = suite_create("bao-output");
	TCase *tc = tcase_create("convert");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, convert_writes_the_canonical_form);
	tcase_add_test(tc, convert_keeps_set_ups_and_ends);
	tcase_add_test(tc, convert_turns_lenient_input_strict);
	tcase_add_test(tc, convert_fills_lines_and_places_long_comments);
	tcase_add_test(tc, convert_refuses_illegal_files);
	tcase_add_test(tc, convert_keeps_long_tag_values);
	tcase_add_test(tc, convert_is_the_identity_on_the_corpus);
	suite_add_tcase(s, tc);
	tc = tcase_create("show-and-cli");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, show_draws_the_board_after_a_ply);
	tcase_add_test(tc, show_marks_takasia_destroyed_nyumbas_and_the_end);
	tcase_add_test(tc, moves_lists_every_legal_move);
	tcase_add_test(tc, check_recognises_bao_files);
	tcase_add_test(tc, content_names_the_game);
	tcase_add_test(tc, stats_and_fmt);
	tcase_add_test(tc, svg_shows_what_the_text_board_shows);
	suite_add_tcase(s, tc);
	return s;
}
