/*
 * The notate command as a user runs it: exit statuses, standard input,
 * folders, atomic output, and commands that every game shares.  Umlabalaba
 * records serve as the sample input.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/support.h"

static const char *const legal = "[Result \"*\"]\n1B>1 1W>2\n";
static const char *const illegal = "1B>1 1B>2\n";

START_TEST(check_exit_statuses)
{
	char *ok = ts_in_dir("ok.umla", legal), *bad = ts_in_dir("bad.umla", illegal);
	char *missing = ts_in_dir("missing.umla", NULL);
	char *out, *err;
	ck_assert_int_eq(ts_run((const char *[]){ "check", ok, NULL }, NULL, &out, &err), 0);
	ck_assert_str_eq(out, "");
	free(out);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "check", ok, bad, NULL }, NULL, &out, &err), 1);
	char want[512];
	snprintf(want, sizeof want, "%s:1:6: error: '1B>2': it is White's turn "
	         "[wrong-player-to-move]\n", bad);
	ck_assert_str_eq(out, want);
	free(out);
	free(err);
	/* An unreadable input: 2, and the others are still checked. */
	ck_assert_int_eq(ts_run((const char *[]){ "check", missing, bad, NULL }, NULL, &out, &err), 2);
	ck_assert(strstr(out, "wrong-player-to-move") != NULL);
	ck_assert(strstr(err, "missing.umla") != NULL);
	free(out);
	free(err);
	/* A folder without -r is unreadable too. */
	ck_assert_int_eq(ts_run((const char *[]){ "check", ts_dir(), ok, NULL }, NULL, NULL, &err), 2);
	ck_assert(strstr(err, "is a directory") != NULL);
	free(err);
	free(ok);
	free(bad);
	free(missing);
}
END_TEST

START_TEST(usage_errors)
{
	ck_assert_int_eq(ts_run((const char *[]){ NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "frobnicate", NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--bogus", "x", NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--game", "chess", "-", NULL }, "", NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "check", NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "x.umla", NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "--help", NULL }, NULL, NULL, NULL), 0);
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "--version", NULL }, NULL, &out, NULL), 0);
	ck_assert(strncmp(out, "notate ", 7) == 0);
	free(out);
}
END_TEST

START_TEST(standard_input)
{
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--game", "umlabalaba", "-", NULL },
	                        illegal, &out, NULL), 1);
	ck_assert(strncmp(out, "<stdin>:1:6: error:", 19) == 0);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--stdin-name", "game.umla", "-", NULL },
	                        illegal, &out, NULL), 1);
	ck_assert(strncmp(out, "game.umla:1:6: error:", 21) == 0);
	free(out);
	/* Recognised by content when nothing names the game. */
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-v", "-", NULL },
	                        "[Variant \"umlabalaba\"]\nB>1\n", &out, NULL), 0);
	ck_assert(strstr(out, "umlabalaba: legal") != NULL);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-", NULL }, "hello\n", NULL, NULL), 2);
}
END_TEST

START_TEST(folders_with_r)
{
	free(ts_in_dir("a.umla", legal));
	free(ts_in_dir("notes.txt", "not a record"));
	char *sub = ts_in_dir("sub", NULL);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	free(ts_in_dir("sub/b.uml", illegal));
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", "-v", ts_dir(), NULL }, NULL, &out, NULL), 1);
	ck_assert(strstr(out, "a.umla: umlabalaba: legal") != NULL);
	ck_assert(strstr(out, "sub/b.uml:1:6: error") != NULL);
	ck_assert(strstr(out, "notes.txt") == NULL);
	free(out);
	free(sub);
}
END_TEST

START_TEST(convert_to_stdout_and_files)
{
	char *in = ts_in_dir("in.umla", "B>1 W>2\n");
	char *o = ts_in_dir("out.umla", NULL);
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "electronic", in, NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, "B>01 W>02\n");
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to=electronic", "-o", o, in, NULL }, NULL, NULL, NULL), 0);
	char *written = ts_read_file(o, NULL);
	ck_assert_str_eq(written, "B>01 W>02\n");
	free(written);
	/* The input is never touched... */
	char *input = ts_read_file(in, NULL);
	ck_assert_str_eq(input, "B>1 W>2\n");
	free(input);
	/* ...and -o may not name it. */
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "plain", "-o", in, in, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "sheet", in, NULL }, NULL, NULL, NULL), 3);
	free(in);
	free(o);
}
END_TEST

START_TEST(convert_in_place_is_atomic)
{
	char *in = ts_in_dir("in.umla", "B>1 W>2\n");
	ck_assert_int_eq(chmod(in, 0640), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "electronic", "--in-place", in, NULL }, NULL, NULL, NULL), 0);
	char *now = ts_read_file(in, NULL);
	ck_assert_str_eq(now, "B>01 W>02\n");
	free(now);
	struct stat st;
	ck_assert_int_eq(stat(in, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0640);
	/* A file already in the form is left alone: the same inode. */
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "electronic", "-i", in, NULL }, NULL, NULL, NULL), 0);
	struct stat again;
	ck_assert_int_eq(stat(in, &again), 0);
	ck_assert(again.st_ino == st.st_ino);
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "plain", "-i", in, NULL }, NULL, NULL, NULL), 0);
	ck_assert_int_eq(stat(in, &again), 0);
	ck_assert(again.st_ino != st.st_ino);
	now = ts_read_file(in, NULL);
	ck_assert_str_eq(now, "B>1 W>2\n");
	free(now);
	/* A file that cannot be converted stays as it was. */
	char *bad = ts_in_dir("bad.umla", "B>1 W>2 x\n");
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "electronic", "-i", bad, NULL }, NULL, NULL, NULL), 1);
	now = ts_read_file(bad, NULL);
	ck_assert_str_eq(now, "B>1 W>2 x\n");
	free(now);
	/* No temporary file is left behind. */
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", "-v", ts_dir(), NULL }, NULL, &out, NULL), 1);
	ck_assert(strstr(out, ".notate-") == NULL);
	free(out);
	free(in);
	free(bad);
}
END_TEST

START_TEST(convert_where_nothing_can_be_written)
{
	char *in = ts_in_dir("in.umla", "B>1 W>2\n");
	char *nowhere = ts_in_dir("no/such/folder/out.umla", NULL);
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "electronic", "-o", nowhere, in, NULL }, NULL, NULL, &err), 2);
	ck_assert(strstr(err, "cannot write") != NULL);
	free(err);
	free(nowhere);
	/* A read-only folder (root writes anywhere, so only for other users). */
	int rc = 2;
	if (geteuid() != 0) {
		ck_assert_int_eq(chmod(ts_dir(), 0555), 0);
		rc = ts_run((const char *[]){ "convert", "--to", "electronic", "-i", in, NULL }, NULL, NULL, NULL);
		chmod(ts_dir(), 0755);
	}
	ck_assert_int_eq(rc, 2);
	char *now = ts_read_file(in, NULL);
	ck_assert_str_eq(now, "B>1 W>2\n");
	free(now);
	free(in);
}
END_TEST

START_TEST(show_and_explain)
{
	char *in = ts_in_dir("g.umla", "B>1 W>2 B>3\n");
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "show", in, NULL }, NULL, &out, NULL), 0);
	ck_assert(strstr(out, "after move 3") && strstr(out, "Black (B): 1 3\n") &&
	          strstr(out, "White (W): 2\n") && strstr(out, "To move: White, move 2"));
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--move", "1", in, NULL }, NULL, &out, NULL), 0);
	ck_assert(strstr(out, "Black (B): 1\n") && strstr(out, "In hand: Black 11, White 12"));
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--game-no", "2", in, NULL }, NULL, NULL, NULL), 3);
	/* --final (CLI.md) is the default said outright, and takes no move. */
	char *end;
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--final", in, NULL }, NULL, &out, NULL), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "show", in, NULL }, NULL, &end, NULL), 0);
	ck_assert_str_eq(out, end);
	free(out);
	free(end);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--final", "--move", "1", in, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--ply", "1", "--final", in, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--final", in, NULL }, NULL, NULL, NULL), 3);
	/* Past the last move is a usage error, as for the other games. */
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--move", "3", in, NULL }, NULL, NULL, NULL), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--move", "4", in, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "explain", "repeated-mill", NULL }, NULL, &out, NULL), 0);
	ck_assert(strstr(out, "repeated-mill (error)") && strstr(out, "Illegal:"));
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "explain", "no-such-code", NULL }, NULL, NULL, NULL), 3);
	free(in);
}
END_TEST

/* show -f json: the position as one JSON object, for every game (CLI.md);
 * the diagnostics' summary goes to standard error with the other data. */
START_TEST(show_as_json)
{
	char *um = ts_in_dir("g.umla", "B>1 W>2 B>3\n");
	char *out, *err;
	ck_assert_int_eq(ts_run((const char *[]){ "show", "-f", "json", um, NULL }, NULL, &out, &err), 0);
	ck_assert_msg(strncmp(out, "{\"game\":\"umlabalaba\",\"board\":24,\"after_move\":3,"
	              "\"black\":[1,3],\"white\":[2],\"in_hand\":{\"black\":10,"
	              "\"white\":11},\"rules\":\"board=24 ", 104) == 0, "%s", out);
	ck_assert_msg(strstr(out, "\"result\":\"*\",\"to_move\":\"White\",\"next_move\":2,"
	              "\"owes_ilobola\":false,\"end\":null,\"fen\":\"********/"
	              "********/@O*****O b p p 2 10 1 11 0 0 0 0 0 0 0 0 2\"}\n") != NULL,
	              "%s", out);
	ck_assert(strchr(out, '\n') == out + strlen(out) - 1);
	ck_assert(strstr(err, "{\"summary\":") != NULL);
	free(out);
	free(err);
	char *bao = ts_in_dir("o.bao", "[Game \"Bao la Kiswahili\"]\n\n"
	                      "1. A6>* a6>* 2. A7<* a5> 3. A3> *\n");
	ck_assert_int_eq(ts_run((const char *[]){ "show", "-f", "json", "--ply", "5", bao, NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, "{\"game\":\"bao\",\"after_ply\":5,\"last\":\"A3>\",\"pits\":"
	                 "{\"A1\":0,\"A2\":0,\"A3\":2,\"A4\":1,\"A5\":8,\"A6\":0,\"A7\":1,"
	                 "\"A8\":0,\"B8\":1,\"B7\":0,\"B6\":0,\"B5\":0,\"B4\":0,\"B3\":0,"
	                 "\"B2\":0,\"B1\":0,\"a1\":0,\"a2\":0,\"a3\":0,\"a4\":0,\"a5\":7,"
	                 "\"a6\":0,\"a7\":4,\"a8\":0,\"b8\":1,\"b7\":0,\"b6\":0,\"b5\":0,"
	                 "\"b4\":0,\"b3\":0,\"b2\":0,\"b1\":0},\"reserve\":{\"south\":19,"
	                 "\"north\":20},\"nyumba\":{\"south\":\"functional\",\"north\":"
	                 "\"functional\"},\"takasia\":null,\"to_move\":\"North\",\"stage\":"
	                 "\"namu\",\"winner\":null,\"end\":null,\"baopos\":\"1,0,0,0,0,0,0,0/"
	                 "0,4,0,7,0,0,0,0/0,0,2,1,8,0,1,0/0,0,0,0,0,0,0,1 N 19,20 SN -\"}\n");
	free(out);
	char path[4096];
	const char *sheet = ts_shared("corpus/backgammon/sheet/bg-sheet-01.bg", path, sizeof path);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "-f", "json", "--game-no", "1", "--move", "12", sheet, NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, "{\"game\":\"backgammon\",\"game_no\":1,\"game_number\":1,"
	                 "\"after_move\":12,\"last\":\"5-2: bar/23 13/8\",\"players\":"
	                 "[\"Ines\",\"Tariq\"],\"match_length\":3,\"score\":[0,0],"
	                 "\"crawford\":false,\"cube\":2,\"cube_owner\":\"Tariq\","
	                 "\"on_roll\":\"Tariq\",\"dice\":[6,4],\"checkers\":[[0,0,0,2,0,0,3,"
	                 "2,3,0,0,0,0,2,0,0,0,0,0,0,0,0,0,1,2,0],[0,0,0,2,0,0,4,0,2,0,0,2,"
	                 "0,3,0,0,0,0,0,0,0,2,0,0,0,0]],\"pips\":[159,149],"
	                 "\"position_id\":\"jNvBADSMZ8wBBg\"}\n");
	free(out);
	/* Names are JSON strings whatever they hold. */
	char *odd = ts_in_dir("odd.mat", " 0 point match\n\n Game 1\n A\"n\\n : 0"
	                      "                 B\tb : 0\n  1) 31: 8/5 6/5\n");
	ck_assert_int_eq(ts_run((const char *[]){ "show", "-f", "json", odd, NULL }, NULL, &out, NULL), 0);
	ck_assert_msg(strstr(out, "\"players\":[\"A\\\"n\\\\n\",\"B\\u0009b\"]") != NULL, "%s", out);
	free(out);
	/* A NUL byte in a name is kept: \u0000 in JSON, \x00 on a board. */
	static const char nul[] = " 0 point match\n\n Game 1\n In\0es : 0"
	                          "                 Bob : 0\n  1) 31: 8/5 6/5\n";
	char *nulpath = ts_in_dir("nul.mat", NULL);
	ck_assert_int_eq(ts_write_file(nulpath, nul, sizeof nul - 1), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "-f", "json", nulpath, NULL }, NULL, &out, NULL), 0);
	ck_assert_msg(strstr(out, "\"players\":[\"In\\u0000es\",\"Bob\"]") != NULL, "%s", out);
	free(out);
	ck_assert_int_eq(ts_run((const char *[]){ "show", nulpath, NULL }, NULL, &out, NULL), 0);
	ck_assert_msg(strstr(out, "X: In\\x00es") != NULL, "%s", out);
	free(out);
	free(nulpath);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "-f", "json", "--svg", um, NULL }, NULL, NULL, NULL), 3);
	/* An input that cannot be read is named in the format, by show and
	   stats as by check. */
	char *gone = ts_in_dir("gone.bao", NULL);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "-f", "json", gone, NULL }, NULL, &out, &err), 2);
	ck_assert_str_eq(out, "");
	ck_assert_msg(strstr(err, "\"unreadable\":") && strstr(err, "{\"summary\":"), "%s", err);
	free(out);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "-f", "json", gone, NULL }, NULL, &out, &err), 2);
	ck_assert_msg(strstr(err, "\"unreadable\":") != NULL, "%s", err);
	ck_assert(strstr(out, "{\"summary\":") != NULL);
	free(out);
	free(err);
	free(gone);
	free(um);
	free(bao);
	free(odd);
}
END_TEST

/* Every code of every game has its rule and both examples. */
START_TEST(every_code_is_explained)
{
	for (size_t i = 0; i < nt_game_count(); i++) {
		const nt_code_info *c = nt_game_codes(nt_game_at(i));
		int n = 0;
		for (; c->code != NULL; c++, n++) {
			ck_assert_msg(c->summary && *c->summary, "%s", c->code);
			ck_assert_msg(strstr(c->explain, "Legal") &&
			              strstr(c->explain, "Illegal"), "%s", c->code);
			ck_assert(nt_code_lookup(c->code) == c);
		}
		ck_assert_int_gt(n, 0);
	}
}
END_TEST

START_TEST(generate_writes_legal_games)
{
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "generate", "--game", "umlabalaba", "--seed", "3", NULL }, NULL, &out, NULL), 0);
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--game", "umlabalaba", "-", NULL }, out, NULL, &err), 0);
	free(out);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "generate", "--game", "umlabalaba", "--games", "3", "-d", ts_dir(), NULL }, NULL, NULL, NULL), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", ts_dir(), NULL }, NULL, NULL, NULL), 0);
	char *third = ts_in_dir("game-000003.umla", NULL);
	ck_assert(access(third, R_OK) == 0);
	free(third);
	/* -d with one game writes its file too (it went to stdout), and -d
	 * does not go with -o. */
	char *sub = ts_in_dir("one", NULL);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "generate", "--game", "umlabalaba", "-d", sub, NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, "");
	free(out);
	char *first = ts_in_dir("one/game-000001.umla", NULL);
	ck_assert(access(first, R_OK) == 0);
	free(first);
	ck_assert_int_eq(ts_run((const char *[]){ "generate", "--game", "umlabalaba", "-d", sub,
	                 "-o", "x.umla", NULL }, NULL, NULL, NULL), 3);
	free(sub);
}
END_TEST

/* -d makes the folder and its parents, as mkdir -p; a file in the way fails. */
START_TEST(generate_makes_its_folder)
{
	char *deep = ts_in_dir("new/deeper/", NULL);
	ck_assert_int_eq(ts_run((const char *[]){ "generate", "--game", "bao", "--games", "2",
	                 "-d", deep, NULL }, NULL, NULL, NULL), 0);
	free(deep);
	char *second = ts_in_dir("new/deeper/game-000002.bao", NULL);
	ck_assert(access(second, R_OK) == 0);
	free(second);
	char *file = ts_in_dir("plain-file", "x");
	char *under = ts_in_dir("plain-file/sub", NULL);
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "generate", "--game", "bao", "-d", file, NULL },
	                 NULL, NULL, &err), 2);
	ck_assert_msg(strstr(err, "plain-file: Not a directory") != NULL, "%s", err);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "generate", "--game", "bao", "-d", under, NULL },
	                 NULL, NULL, &err), 2);
	ck_assert_msg(strstr(err, "Not a directory") != NULL, "%s", err);
	free(err);
	free(under);
	free(file);
}
END_TEST

/* --rule is checked before any file is read: a bad choice is a usage error. */
START_TEST(rule_choices_are_checked_first)
{
	char *g = ts_in_dir("g.umla", legal);
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--rule", "takasia=maybe", g, NULL }, NULL, NULL, &err), 3);
	ck_assert(strstr(err, "takasia takes on or off") != NULL);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--game", "umlabalaba", "--rule", "takasia=off", g, NULL }, NULL, NULL, &err), 3);
	ck_assert(strstr(err, "umlabalaba has no rule choices") != NULL);
	free(err);
	/* A valid choice of some game is fine; other games ignore it. */
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--rule", "takasia=off", g, NULL }, NULL, NULL, NULL), 0);
	free(g);
}
END_TEST

/* Standard input is <stdin> (or --stdin-name) in every message, not '-'. */
START_TEST(standard_input_is_named_alike)
{
	const char *const jobs[] = { "1", "2" };
	for (size_t i = 0; i < 2; i++) {
		char *err;
		ck_assert_int_eq(ts_run((const char *[]){ "check", "-j", jobs[i], "-", NULL },
		                        "no game here\n", NULL, &err), 2);
		ck_assert_msg(strncmp(err, "notate: <stdin>: cannot tell", 28) == 0, "%s", err);
		free(err);
	}
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "--stdin-name", "notes", "-", NULL },
	                        "no game here\n", NULL, &err), 2);
	ck_assert_msg(strncmp(err, "notate: notes: cannot tell", 26) == 0, "%s", err);
	free(err);
}
END_TEST

/* A path of 2,000 characters is written whole, with -j too (the line was
 * cut at 2,047 bytes, and -j cut the name at 1,023). */
START_TEST(long_paths_are_written_whole)
{
	char path[2400];
	snprintf(path, sizeof path, "%s", ts_dir());
	for (int i = 0; i < 8; i++) {
		size_t n = strlen(path);
		path[n] = '/';
		memset(path + n + 1, 'd' + i, 240);
		path[n + 241] = '\0';
		ck_assert_int_eq(mkdir(path, 0755), 0);
	}
	strcat(path, "/bad.umla");
	ck_assert_int_eq(ts_write_file(path, illegal, strlen(illegal)), 0);
	char want[3000];
	snprintf(want, sizeof want, "%s:1:6: error: '1B>2': it is White's turn "
	         "[wrong-player-to-move]\n", path);
	const char *const jobs[] = { "1", "2" };
	for (int i = 0; i < 2; i++) {
		char *out;
		ck_assert_int_eq(ts_run((const char *[]){ "check", "-j", jobs[i], path, NULL },
		                        NULL, &out, NULL), 1);
		ck_assert_str_eq(out, want);
		free(out);
	}
}
END_TEST

/* Links back up the tree are walked once, not until the path is too long
 * (two such links in a folder made the walk exponential). */
START_TEST(folder_links_loop_once)
{
	char *sub = ts_in_dir("sub", NULL);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	free(ts_in_dir("sub/a.umla", legal));
	char *up = ts_in_dir("sub/up", NULL), *here = ts_in_dir("sub/here", NULL);
	ck_assert_int_eq(symlink("..", up), 0);
	ck_assert_int_eq(symlink(".", here), 0);
	char *out, *err;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", "-v", ts_dir(), NULL }, NULL, &out, &err), 0);
	char want[700];
	snprintf(want, sizeof want, "%s/a.umla: umlabalaba: legal, 1 game, 2 moves, "
	         "0 errors, 0 warnings, 0 style findings, result *\n", sub);
	ck_assert_str_eq(out, want);
	ck_assert(strstr(err, "sub/up: skipped") && strstr(err, "sub/here: skipped"));
	free(out);
	free(err);
	free(up);
	free(here);
	free(sub);
}
END_TEST

/* In a folder, a FIFO is no record: -r skips it rather than wait for a
 * writer that never comes.  A broken link is reported unreadable. */
START_TEST(folders_skip_fifos)
{
	free(ts_in_dir("a.umla", legal));
	char *fifo = ts_in_dir("pipe.umla", NULL), *broken = ts_in_dir("broken.umla", NULL);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	ck_assert_int_eq(symlink("nothing-here.umla", broken), 0);
	char *out, *err;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-r", "-v", ts_dir(), NULL }, NULL, &out, &err), 2);
	ck_assert(strstr(out, "a.umla: umlabalaba: legal") != NULL);
	ck_assert(strstr(err, "broken.umla: No such file") != NULL);
	ck_assert(strstr(out, "pipe.umla") == NULL && strstr(err, "pipe.umla") == NULL);
	free(out);
	free(err);
	free(fifo);
	free(broken);
}
END_TEST

/* A missing tool is named as the Debian package to install. */
START_TEST(missing_dependencies_are_named)
{
	int st = system("PATH=/nonexistent /bin/sh tools/deps.sh > /dev/null 2> "
	                "missing-deps.txt");
	char *said = ts_read_file("missing-deps.txt", NULL);
	unlink("missing-deps.txt");
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 1);
	ck_assert_msg(strstr(said, "missing Debian packages: re2c bison pkg-config") &&
	              strstr(said, "apt-get install"), "%s", said);
	free(said);
}
END_TEST

Suite *
cli_suite(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("commands");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, check_exit_statuses);
	tcase_add_test(tc, usage_errors);
	tcase_add_test(tc, standard_input);
	tcase_add_test(tc, standard_input_is_named_alike);
	tcase_add_test(tc, folders_with_r);
	tcase_add_test(tc, folder_links_loop_once);
	tcase_add_test(tc, folders_skip_fifos);
	tcase_add_test(tc, long_paths_are_written_whole);
	tcase_add_test(tc, convert_to_stdout_and_files);
	tcase_add_test(tc, convert_in_place_is_atomic);
	tcase_add_test(tc, convert_where_nothing_can_be_written);
	tcase_add_test(tc, show_and_explain);
	tcase_add_test(tc, show_as_json);
	tcase_add_test(tc, every_code_is_explained);
	tcase_add_test(tc, generate_writes_legal_games);
	tcase_add_test(tc, generate_makes_its_folder);
	tcase_add_test(tc, rule_choices_are_checked_first);
	tcase_add_test(tc, missing_dependencies_are_named);
	suite_add_tcase(s, tc);
	return s;
}
