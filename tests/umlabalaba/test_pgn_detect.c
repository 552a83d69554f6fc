/*
 * Mill PGN as a user meets it: which .pgn files are mill PGN and which
 * are refused for what they are (chess), standard input by content, and
 * the commands (show and its FEN, stats, fmt, lint, JSON) on PGN files.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/umlabalaba/detect.h"
#include "umlabalaba/pgn_test.h"

static const char *const chess =
	"[Event \"F/S Return Match\"]\n[Site \"Belgrade, Serbia JUG\"]\n"
	"[Date \"1992.11.04\"]\n[Round \"29\"]\n[White \"Fischer, Robert J.\"]\n"
	"[Black \"Spassky, Boris V.\"]\n[Result \"1/2-1/2\"]\n\n"
	"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1/2-1/2\n";

static const char *const mill =
	"[Variant \"Morabaraba\"]\n\n1. d6 d5 2. d7 a7 *\n";

static int
run(const char *const argv[], const char *in, char **out, char **err)
{
	return ts_run(argv, in, out, err);
}

START_TEST(chess_pgn_is_refused_for_what_it_is)
{
	char *f = ts_in_dir("opening.pgn", chess);
	char *out, *err;
	ck_assert_int_eq(run((const char *[]){ "check", f, NULL }, NULL, &out, &err), 2);
	ck_assert_msg(strstr(err, "a chess game in PGN, not mill PGN") != NULL, "%s", err);
	ck_assert_str_eq(out, "");
	free(out);
	free(err);
	/* --game umlabalaba reads it anyway: a mill record it is not. */
	ck_assert_int_eq(run((const char *[]){ "check", "--game", "umlabalaba", f,
	                 NULL }, NULL, &out, &err), 1);
	ck_assert_msg(strstr(out, "[syntax-error]") != NULL, "%s", out);
	free(out);
	free(err);
	/* A chess variant, and PGN that says nothing of a mill game. */
	char *v = ts_in_dir("v.pgn", "[Variant \"Chess960\"]\n1. e4 *\n");
	ck_assert_int_eq(run((const char *[]){ "check", v, NULL }, NULL, &out, &err), 2);
	ck_assert_msg(strstr(err, "Variant \"Chess960\"") != NULL, "%s", err);
	free(out);
	free(err);
	char *n = ts_in_dir("n.pgn", "[Event \"x\"]\n");
	ck_assert_int_eq(run((const char *[]){ "check", n, NULL }, NULL, &out, &err), 2);
	ck_assert_msg(strstr(err, "does not show a mill game") != NULL, "%s", err);
	free(out);
	free(err);
	free(f);
	free(v);
	free(n);
}
END_TEST

START_TEST(mill_pgn_is_read_by_its_tags_or_moves)
{
	static const char *const files[][2] = {
		{ "tag.pgn", "[Variant \"Morabaraba\"]\n1. d6 *\n" },
		{ "nine.pgn", "[Variant \"Nine Men's Morris\"]\n1. d6 *\n" },
		{ "site.pgn", "[Site \"PlayOK\"]\n1. 5 13\n" },
		{ "moves.pgn", "[Event \"e\"]\n1. d6 d5 2. d7 a7 3. d7-g7 *\n" },
		{ "playok.pgn", "1. 5 13 2. 20 19 *\n" },
	};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char *f = ts_in_dir(files[i][0], files[i][1]);
		char *out, *err;
		int rc = run((const char *[]){ "check", f, NULL }, NULL, &out, &err);
		ck_assert_msg(rc == 0 || rc == 1, "%s: %d %s", files[i][0], rc, err);
		ck_assert_msg(strstr(err, "not mill PGN") == NULL, "%s", err);
		free(out);
		free(err);
		free(f);
	}
	/* In a folder: the mill file is checked, the chess one refused. */
	char *m = ts_in_dir("m.pgn", mill);
	char *c = ts_in_dir("c.pgn", chess);
	char *out, *err;
	ck_assert_int_eq(run((const char *[]){ "check", "-v", "-r", ts_dir(), NULL },
	                 NULL, &out, &err), 2);
	ck_assert_msg(strstr(out, "m.pgn: umlabalaba: legal") != NULL, "%s", out);
	ck_assert_msg(strstr(err, "c.pgn: a chess game") != NULL, "%s", err);
	free(out);
	free(err);
	free(m);
	free(c);
}
END_TEST

START_TEST(standard_input_by_content)
{
	char *out, *err;
	ck_assert_int_eq(run((const char *[]){ "check", "-v", "-", NULL }, mill,
	                 &out, &err), 0);
	ck_assert_msg(strstr(out, "result *") != NULL, "%s", out);
	free(out);
	free(err);
	/* Told by content: a .umla file of the same game is not PGN. */
	ck_assert_int_eq(run((const char *[]){ "check", "--game", "umlabalaba", "-",
	                 NULL }, "[Variant \"umlabalaba\"]\n1B>10 1W>18\n", &out,
	                 &err), 0);
	free(out);
	free(err);
	ck_assert_int_eq(run((const char *[]){ "check", "--game", "umlabalaba", "-",
	                 NULL }, "1. d6 d6\n", &out, &err), 1);
	ck_assert_msg(strstr(out, "'d6': point d6 is already taken") != NULL, "%s", out);
	free(out);
	free(err);
	/* A name given to standard input decides as a file's does. */
	ck_assert_int_eq(run((const char *[]){ "check", "--stdin-name", "x.pgn", "-",
	                 NULL }, chess, &out, &err), 2);
	ck_assert(strstr(err, "chess") != NULL);
	free(out);
	free(err);
	ck_assert_int_eq(run((const char *[]){ "check", "-", NULL }, chess, &out,
	                 &err), 2);
	free(out);
	free(err);
}
END_TEST

START_TEST(the_library_detects_too)
{
	const nt_game *um = nt_game_by_name("umlabalaba");
	ck_assert_ptr_eq(nt_game_for_path("x.PGN"), um);
	ck_assert(nt_game_path_shared(um, "x.pgn"));
	ck_assert(!nt_game_path_shared(um, "x.umla"));
	ck_assert_ptr_null(nt_game_detect("x.pgn", chess, strlen(chess)));
	ck_assert_ptr_eq(nt_game_detect("x.pgn", mill, strlen(mill)), um);
	ck_assert_ptr_eq(nt_game_sniff(mill, strlen(mill)), um);
	ck_assert_ptr_null(nt_game_sniff(chess, strlen(chess)));
	char what[200];
	ck_assert_int_eq(nt_game_claims(um, chess, strlen(chess), what, sizeof what), -1);
	ck_assert(strstr(what, "chess") != NULL);
	ck_assert_int_eq(nt_game_claims(um, mill, strlen(mill), what, sizeof what), 0);
	/* Pawn moves are squares too: a few of them say nothing. */
	const char *pawns = "1. e4 e5 *\n";
	ck_assert_int_eq(nt_game_claims(um, pawns, strlen(pawns), what, sizeof what), -1);
	um_sniffed s;
	um_sniff((const unsigned char *)"1B>13 1W>11\n", 12, &s);
	ck_assert(s.umla_moves && !s.mill_moves);
	/* A name decides the form whatever the content. */
	pt_outcome o;
	pt_check_named("t.umla", "1. d6\n", &o);
	ck_assert_str_eq(o.code, "syntax-error");
	pt_check_named("t", "1. d6 d5 2. d6 *\n", &o);
	ck_assert_str_eq(o.code, "occupied-destination");
}
END_TEST

/* --- show and its FEN ---------------------------------------------------- */

START_TEST(fen_of_a_position)
{
	nt_show_request req = { .move = -1, .game_no = -1, .ply = -1, .json = 1 };
	ts_result r;
	ts_show("umlabalaba", "t.pgn", "*\n", 2, &req, NULL, &r);
	ck_assert_msg(strstr(r.output, "\"fen\":\"********/********/******** w p p "
	                     "0 12 0 12 0 0 0 0 0 0 0 0 1\"") != NULL, "%s", r.output);
	ts_free(&r);
	char g[4096];
	pt_game_71("13. f2-g1xd7 d6-b6 *\n", g, sizeof g);
	ts_show("umlabalaba", "t.pgn", g, strlen(g), &req, NULL, &r);
	/* Rings from their top mid-point, clockwise: d5 e5 e4 e3 d3 c3 c4 c5. */
	ck_assert_msg(strstr(r.output, "\"fen\":\"OO@@@O@O/**@*OO*@/*O@OOOO@ w m s "
	                     "11 0 8 0 0 0 19 27 0 0 0 1 14\"") != NULL, "%s", r.output);
	ck_assert_msg(strstr(r.output, "\"white\":[\"g7\",") != NULL, "%s", r.output);
	ck_assert_msg(strstr(r.output, "\"rules\":\"Morabaraba, Options \\\"nmove=0 "
	                     "repetition=0\\\"\"") != NULL, "%s", r.output);
	ts_free(&r);
	/* After move 3: Black to move, White's mill memory gone. */
	req.move = 3;
	ts_show("umlabalaba", "t.pgn", g, strlen(g), &req, NULL, &r);
	ck_assert_msg(strstr(r.output, "\"fen\":\"********/*@*O****/******O* b p p "
	                     "2 10 1 11 0 0 0 0 0 0 0 0 2\"") != NULL, "%s", r.output);
	ts_free(&r);
	/* The text view: squares, the sides as PGN names them, the FEN. */
	req.move = -1;
	req.json = 0;
	ts_show("umlabalaba", "t.pgn", g, strlen(g), &req, NULL, &r);
	ck_assert_msg(strstr(r.output, "White (W): g7 g1 d1 a1 a4 d2 b2 c5 d5 e5 c3\n")
	              != NULL, "%s", r.output);
	ck_assert(strstr(r.output, "To move: White, move 14\n") != NULL);
	ck_assert(strstr(r.output, "FEN: OO@@@O@O/") != NULL);
	ts_free(&r);
	/* A .umla record on 24 points has it too; on 25 points no FEN. */
	ts_show("umlabalaba", "t.umla", "1B>13\n", 6, &req, NULL, &r);
	ck_assert_msg(strstr(r.output, "FEN: ********/***O****/******** b p p 1 11 "
	                     "0 12 0 0 0 0 0 0 0 0 1\n") != NULL, "%s", r.output);
	ts_free(&r);
	ts_show("umlabalaba", "t.umla", "[Rules \"isisuthu\"]\n1B>25\n", 24, &req,
	        NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert(strstr(r.output, "FEN:") == NULL);
	ts_free(&r);
}
END_TEST

START_TEST(commands_on_pgn_files)
{
	char g[4096];
	pt_game_71("13. f2-g1xd7 d6-b6 *\n", g, sizeof g);
	char *f = ts_in_dir("g.pgn", g);
	char *out, *err;
	ck_assert_int_eq(run((const char *[]){ "fmt", "--check", f, NULL }, NULL,
	                 &out, &err), 0);
	free(out);
	free(err);
	char *messy = ts_in_dir("m.pgn", "[Variant \"morabaraba\"]\nd6 d5 d7 *\n");
	ck_assert_int_eq(run((const char *[]){ "fmt", "--check", messy, NULL }, NULL,
	                 &out, &err), 1);
	free(out);
	free(err);
	ck_assert_int_eq(run((const char *[]){ "fmt", messy, NULL }, NULL, &out,
	                 &err), 0);
	ck_assert_msg(strstr(out, "\n\n1. d6 d5\n2. d7 *\n") != NULL, "%s", out);
	free(out);
	free(err);
	ck_assert_int_eq(run((const char *[]){ "stats", f, NULL }, NULL, &out, &err), 0);
	ck_assert_msg(strstr(out, "result=\"*\" moves=26 white_placements=12") != NULL,
	              "%s", out);
	free(out);
	free(err);
	ck_assert_int_eq(run((const char *[]){ "lint", f, NULL }, NULL, &out, &err), 0);
	free(out);
	free(err);
	char *bad = ts_in_dir("b.pgn", "[Variant \"Morabaraba\"]\n1. d6 d6\n");
	ck_assert_int_eq(run((const char *[]){ "check", "-f", "json", bad, NULL },
	                 NULL, &out, &err), 1);
	ck_assert_msg(strstr(out, "\"code\":\"occupied-destination\"") != NULL, "%s", out);
	free(out);
	free(err);
	ck_assert_int_eq(run((const char *[]){ "convert", "--to", "json", f, NULL },
	                 NULL, &out, &err), 0);
	ck_assert_msg(strstr(out, "\"side\":\"White\",\"move\":\"1. f2\"") != NULL,
	              "%s", out);
	free(out);
	free(err);
	/* A record whose rules have no PGN form: said, and nothing written. */
	char *blac = ts_in_dir("b.umla", "[Rules \"blac\"]\n1B>1\n");
	ck_assert_int_eq(run((const char *[]){ "convert", "--to", "pgn", blac, NULL },
	                 NULL, &out, &err), 1);
	ck_assert_str_eq(out, "");
	ck_assert_msg(strstr(err, "[pgn-no-equivalent]") && strstr(err, "not converted"),
	              "%s", err);
	free(out);
	free(err);
	ck_assert_int_eq(run((const char *[]){ "explain", "pgn-variant-diverges", NULL },
	                 NULL, &out, &err), 0);
	ck_assert(strstr(out, "Sanmill") != NULL);
	free(out);
	free(err);
	free(f);
	free(messy);
	free(bad);
	free(blac);
}
END_TEST

Suite *
umlabalaba_pgn_detect_suite(void)
{
	Suite *s = suite_create("umlabalaba-pgn-detect");
	TCase *tc = tcase_create("detect");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, chess_pgn_is_refused_for_what_it_is);
	tcase_add_test(tc, mill_pgn_is_read_by_its_tags_or_moves);
	tcase_add_test(tc, standard_input_by_content);
	tcase_add_test(tc, the_library_detects_too);
	tcase_add_test(tc, fen_of_a_position);
	tcase_add_test(tc, commands_on_pgn_files);
	suite_add_tcase(s, tc);
	return s;
}
