/*
 * Writing SGF and converting between SGF, mat and sheet (shared/spec/
 * backgammon-sgf.md, section 5), against the files gnubg wrote (the
 * shared sgf/ folder: `import mat` and `save match` of the mat files, and
 * the real files of sgf-real/).  The same checks against a gnubg run here
 * are in test_sgf_gnubg.c.
 */
#include "backgammon/sgf_util.h"

/* The shared file REL (malloc'd), or NULL when it does not exist. */
static char *
shared_file(const char *rel)
{
	char path[1200];
	snprintf(path, sizeof path, "corpus/backgammon/%s", rel);
	char full[1400];
	ts_shared(path, full, sizeof full);
	return ts_read_file(full, NULL);
}

/* 5.5: SGF -> SGF gives every file gnubg wrote back byte for byte, and a
   second conversion changes nothing; fmt keeps them as they are. */
START_TEST(gnubg_files_round_trip)
{
	static const char *const folders[] = { "sgf", "sgf-real" };
	int n = 0;
	for (size_t k = 0; k < 2; k++) {
		char dir[700];
		char **names = sgf_listing(folders[k], ".sgf", dir, sizeof dir);
		for (size_t i = 0; names[i] != NULL; i++) {
			char path[1400];
			snprintf(path, sizeof path, "%s/%s", dir, names[i]);
			size_t len;
			char *text = ts_read_file(path, &len);
			char *out = sgf_convert(text, len, "sgf");
			ck_assert_msg(strcmp(out, text) == 0, "%s: not written back as "
			              "read", names[i]);
			char *again = sgf_convert(out, strlen(out), "sgf");
			ck_assert_str_eq(again, out);
			free(again);
			free(out);
			free(text);
			n++;
		}
		sgf_listing_free(names);
	}
	ck_assert_int_eq(n, 56);
}
END_TEST

START_TEST(fmt_keeps_an_sgf_file)
{
	char *text = shared_file("sgf/bg-match-06-analysed.sgf");
	char *tmp = ts_tmpdir();
	char path[600];
	snprintf(path, sizeof path, "%s/m.sgf", tmp);
	ck_assert_int_eq(ts_write_file(path, text, strlen(text)), 0);
	char *out, *err;
	int rc = ts_run((const char *[]){ "fmt", "--check", path, NULL }, NULL,
	                &out, &err);
	ck_assert_msg(rc == 0, "fmt --check: %s", err);
	free(out);
	free(err);
	/* Anything else is rewritten in gnubg's layout. */
	char *spaced = sgf_edit(text, "\n;", "\n\n ;");
	ck_assert_int_eq(ts_write_file(path, spaced, strlen(spaced)), 0);
	rc = ts_run((const char *[]){ "fmt", "--check", path, NULL }, NULL, &out,
	            &err);
	ck_assert_int_ne(rc, 0);
	free(out);
	free(err);
	rc = ts_run((const char *[]){ "fmt", path, NULL }, NULL, &out, &err);
	ck_assert_int_eq(rc, 0);
	ck_assert(strcmp(out, text) == 0);
	free(out);
	free(err);
	ts_rmtree(tmp);
	free(tmp);
	free(spaced);
	free(text);
}
END_TEST

/* The moves of SGF_MOVES_OPEN after the first two. */
#define REST "\n;B[42qusu]\n;W[42mkmi]\n;B[53ycsx]\n;W[51yxhc]\n;B[65ye]" \
	"\n;W[63kefc]\n;B[43yd]\n;W[double]\n;B[drop]"

/* 5.1: every property in the order read, escaped as gnubg escapes; the
   variations dropped. */
START_TEST(sgf_to_sgf_writes_the_main_line)
{
	char *t = sgf_cat(SGF_ROOT, "C[a \\] b \\\\ c \\: d\\\nd]RE[W+1]",
	                  "\r\n;B[64aggk]\r\n(;W[65xrrm]XX[y]",
	                  REST,
	                  ")(;W[31hefe]))", NULL);
	char *out = sgf_convert(t, strlen(t), "sgf");
	char *want = sgf_cat(SGF_ROOT, "C[a \\] b \\\\ c : dd]RE[W+1]",
	                     "\n;B[64aggk]\n;W[65xrrm]XX[y]",
	                     REST,
	                     ")\n", NULL);
	ck_assert_str_eq(out, want);
	free(want);
	free(out);
	free(t);
}
END_TEST

/* 5.2 and 5.5: mat -> SGF is what gnubg's import mat and save match
   write, but for (a) to (g). */
START_TEST(mat_to_sgf_is_what_gnubg_writes)
{
	char dir[700];
	char **names = sgf_listing("sgf", ".sgf", dir, sizeof dir);
	int compared = 0;
	for (size_t i = 0; names[i] != NULL; i++) {
		char rel[800];
		int base = (int)(strlen(names[i]) - 4);
		snprintf(rel, sizeof rel, "mat/%.*s.mat", base, names[i]);
		char *mat = shared_file(rel);
		if (mat == NULL) {
			snprintf(rel, sizeof rel, "real/%.*s.mat", base, names[i]);
			mat = shared_file(rel);
		}
		if (mat == NULL)
			continue;
		ts_result r;
		ts_convert(BG, "t", mat, strlen(mat), "sgf", NULL, &r);
		if (r.summary.errors > 0) {
			/* real-14.mat is illegal (spec-sgf 7). */
			ck_assert_str_eq(names[i], "real-14.sgf");
			ts_free(&r);
			free(mat);
			continue;
		}
		ck_assert_int_eq(r.rc, 0);
		char path[1400];
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		char *theirs = ts_read_file(path, NULL);
		int tags = strstr(mat, "[Crawford") != NULL ||
		           strstr(mat, "[Jacoby") != NULL ||
		           strstr(mat, "[CubeLimit") != NULL;
		char why[300];
		ck_assert_msg(sgf_compare_with_gnubg(r.output, theirs, tags, why,
		              sizeof why) == 0, "%s: %s", names[i], why);
		ck_assert(strncmp(r.output, "(;FF[4]GM[6]CA[UTF-8]AP[notate:", 31) == 0);
		free(theirs);
		ts_free(&r);
		free(mat);
		compared++;
	}
	sgf_listing_free(names);
	ck_assert_int_eq(compared, 46);
}
END_TEST

/* 5.5: mat -> SGF -> mat equals mat -> mat apart from the order of the
   steps, for the files it names; sheet -> SGF -> sheet byte for byte. */
START_TEST(through_sgf_and_back)
{
	static const char *const mats[] = {
		"mat/bg-match-01.mat", "mat/bg-match-02.mat", "mat/bg-match-03.mat",
		"mat/bg-match-04.mat", "mat/bg-match-05.mat", "mat/bg-match-06.mat",
		"mat/bg-match-07.mat", "mat/bg-match-08.mat", "mat/bg-money-01.mat",
		"real/real-36.mat"
	};
	for (size_t i = 0; i < sizeof mats / sizeof mats[0]; i++) {
		char *mat = shared_file(mats[i]);
		char *direct = sgf_convert(mat, strlen(mat), "mat");
		char *sgf = sgf_convert(mat, strlen(mat), "sgf");
		char *back = sgf_convert(sgf, strlen(sgf), "mat");
		char *a = bg_steps_sorted(direct), *b = bg_steps_sorted(back);
		ck_assert_msg(strcmp(a, b) == 0, "%s: mat -> SGF -> mat differs",
		              mats[i]);
		free(a);
		free(b);
		free(back);
		free(sgf);
		free(direct);
		free(mat);
	}
	static const char *const sheets[] = {
		"sheet/bg-match-01.bg", "sheet/bg-match-04.bg", "sheet/bg-money-01.bg",
		"sheet/bg-sheet-01.bg", "sheet/bg-sheet-03.bg"
	};
	for (size_t i = 0; i < sizeof sheets / sizeof sheets[0]; i++) {
		char *sheet = shared_file(sheets[i]);
		char *direct = sgf_convert(sheet, strlen(sheet), "sheet");
		char *sgf = sgf_convert(sheet, strlen(sheet), "sgf");
		char *back = sgf_convert(sgf, strlen(sgf), "sheet");
		ck_assert_msg(strcmp(direct, back) == 0, "%s: sheet -> SGF -> sheet "
		              "differs:\n%s\n---\n%s", sheets[i], direct, back);
		free(back);
		free(sgf);
		free(direct);
		free(sheet);
	}
}
END_TEST

/* 5.2: the nodes of each action and the root's RU, RE and GS. */
START_TEST(nodes_and_root_from_a_mat_record)
{
	const char *beaver =
		" 0 point match\n\n Game 1\n Maya : 0   Oskar : 0\n"
		"  1) 4-2: 8/4 6/4                6-5: 24/13\n"
		"  2) 3-1: 8/5 6/5                2-1: 13/11 6/5\n"
		"  3) 6-6: 24/18(2) 13/7(2)       Double to 2\n"
		"  4) Beaver to 4                 4-3: 13/10 13/9\n"
		"  5) Double to 8                 pass\n"
		"     Wins 4 points\n";
	char *sgf = sgf_convert(beaver, strlen(beaver), "sgf");
	/* The take implied by the roll after the beaver is written. */
	ck_assert_msg(strstr(sgf, "\n;B[double]\n;W[double]\n;B[take]\n;B[43lolp]"
	                     "\n;W[double]\n;B[drop])\n") != NULL, "%s", sgf);
	ck_assert_msg(strstr(sgf, "RU[Jacoby]RE[W+4]GS[M:0 0 3 3 0 0 0 0 0 0 3 3 "
	                     "0.000000") != NULL, "%s", sgf);
	ck_assert(strstr(sgf, ";W[66xrxrmgmg]") != NULL);
	free(sgf);
	/* Jacoby off, no offers allowed: no Jacoby, NoCube. */
	char *t = sgf_cat("; [Jacoby \"Off\"]\n; [CubeLimit \"1\"]\n", beaver, NULL);
	t = bg_replace_all(t, "  3) 6-6: 24/18(2) 13/7(2)       Double to 2\n"
	                   "  4) Beaver to 4                 4-3: 13/10 13/9\n"
	                   "  5) Double to 8                 pass\n"
	                   "     Wins 4 points\n", "");
	sgf = sgf_convert(t, strlen(t), "sgf");
	ck_assert_msg(strstr(sgf, "RU[NoCube]GS[") != NULL, "%s", sgf);
	/* The tags stay in GC as comment lines. */
	ck_assert_msg(strstr(sgf, "GC[[Jacoby \"Off\"\\]\n[CubeLimit \"1\"\\]\n]")
	              != NULL, "%s", sgf);
	free(sgf);
	free(t);
	/* Rolled, then resigned; an unknown play; no legal play. */
	const char *rolls =
		" 3 point match\n\n Game 1\n Ann : 0   Ben : 0\n"
		"  1) 3-1: 8/5 6/5                6-4:\n"
		"      Wins 2 points\n\n Game 2\n Ann : 2   Ben : 0\n"
		"  1) 3-1: 8/5 6/5                6-4: ????\n"
		"                                  Wins 3 points\n";
	sgf = sgf_convert(rolls, strlen(rolls), "sgf");
	ck_assert_msg(strstr(sgf, "MI[length:3][game:0][ws:0][bs:0]PW[Ann]PB[Ben]"
	                     "RU[Crawford]RE[W+2R]") != NULL, "%s", sgf);
	ck_assert_msg(strstr(sgf, "\n;W[31hefe]\n;PL[B]DI[64])\n") != NULL, "%s",
	              sgf);
	/* Game 2 is the Crawford game (Ann has 2 of 3); Ben's 3 points at
	   cube 1 are a resigned backgammon. */
	ck_assert_msg(strstr(sgf, "MI[length:3][game:1][ws:2][bs:0]PW[Ann]PB[Ben]"
	                     "RU[Crawford:CrawfordGame]RE[B+3R]") != NULL, "%s", sgf);
	ck_assert_msg(strstr(sgf, "GS[M:0 0 1 0 0 0 0 0 0 0 1 0 ") != NULL, "%s",
	              sgf);
	/* Back to mat: the first DI is the roll before the resignation. */
	char *mat = sgf_convert(sgf, strlen(sgf), "mat");
	ck_assert_msg(strstr(mat, "31: 8/5 6/5                 64: \n") != NULL &&
	              strstr(mat, "31: 8/5 6/5                 64: ????\n") != NULL,
	              "%s", mat);
	free(mat);
	free(sgf);
}
END_TEST

/* 5.2: a capped result of the game that ends a match is raised. */
START_TEST(capped_results_are_raised)
{
	/* bg-sheet-03: Lena wins a gammon of a 1-point match, recorded as 1. */
	char *sheet = shared_file("sheet/bg-sheet-03.bg");
	char *capped = bg_replace_all(strdup(sheet), "Wins 2 points", "Wins 1 point");
	ts_result r;
	ts_check(BG, "t", capped, strlen(capped), NULL, &r);
	int legal = r.summary.errors == 0;
	ts_free(&r);
	ck_assert(legal);
	char *a = sgf_convert(sheet, strlen(sheet), "sgf");
	char *b = sgf_convert(capped, strlen(capped), "sgf");
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	free(capped);
	free(sheet);
	/* A resignation of 3 points at cube 2 is written as 4 (gnubg reads
	   RE[..R] as a multiple of the cube); a forfeit as read. */
	const char *m =
		" 3 point match\n\n Game 1\n Ann : 0   Ben : 0\n"
		"  1) 3-1: 8/5 6/5                Double to 2\n"
		"  2)  Takes\n      Wins %s\n";
	char buf[512];
	snprintf(buf, sizeof buf, m, "3 points");
	char *s = sgf_convert(buf, strlen(buf), "sgf");
	ck_assert_msg(strstr(s, "RE[W+4R]") != NULL, "%s", s);
	free(s);
	snprintf(buf, sizeof buf, " 5 point match\n\n Game 1\n Ann : 0   Ben : 0\n"
	         "  1) 3-1: 8/5 6/5\n      Wins 5 points\n");
	s = sgf_convert(buf, strlen(buf), "sgf");
	ck_assert_msg(strstr(s, "RE[W+5R]") != NULL, "%s", s);
	free(s);
}
END_TEST

/* 5.3: the header of a mat file in the first root, and back. */
START_TEST(headers)
{
	const char *mat =
		"; [Site \"Club\"]\n; [Event \"Spring]\\ cup\"]\n;\n"
		"; [EventDate \"2024.05.06\"]\n# [Round \"Final\"]\n"
		"; [Site \"Second site\"]\n; [EventDate \"May\"]\n"
		";    free   text  \n; [Transcriber \"Ann\"]\n\n 3 point match\n\n"
		"; after the match line\n\n Game 1\n Ann : 0   Ben : 0\n"
		"  1) 3-1: 8/5 6/5\n";
	char *sgf = sgf_convert(mat, strlen(mat), "sgf");
	ck_assert_msg(strstr(sgf, "PW[Ann]PB[Ben]DT[2024-05-06]EV[Spring\\]\\\\ cup]"
	                     "RO[Final]PC[Club]AN[Ann]GC[[Site \"Second site\"\\]\n"
	                     "[EventDate \"May\"\\]\nfree   text\nafter the match "
	                     "line\n]RU[Crawford]GS[") != NULL, "%s", sgf);
	char *back = sgf_convert(sgf, strlen(sgf), "mat");
	const char *want = "; [Site \"Club\"]\n; [Event \"Spring]\\ cup\"]\n"
		"; [Round \"Final\"]\n; [EventDate \"2024.05.06\"]\n"
		"; [Transcriber \"Ann\"]\n\n; [Site \"Second site\"]\n"
		"; [EventDate \"May\"]\n; free   text\n; after the match line\n\n"
		" 3 point match\n\n Game 1\n";
	ck_assert_msg(strncmp(back, want, strlen(want)) == 0, "%s", back);
	free(back);
	free(sgf);
	/* SGF -> mat: the rule tags the mat default does not give; GC's
	   Crawford and Jacoby lines left out; line ends in EV are spaces. */
	char *t = sgf_edit(SGF_GAME, "RU[Crawford]",
	                   "EV[two\nlines]GC[[Crawford \"On\"\\]\nkept\n]");
	back = sgf_convert(t, strlen(t), "mat");
	want = "; [Event \"two lines\"]\n; [Crawford \"Off\"]\n\n; kept\n\n"
	       " 7 point match\n";
	ck_assert_msg(strncmp(back, want, strlen(want)) == 0, "%s", back);
	free(back);
	free(t);
}
END_TEST

/* 5.2: a record with no game has no SGF form. */
START_TEST(no_game_no_sgf)
{
	const char *mat = "; a header\n\n 5 point match\n";
	ts_result r;
	ts_convert(BG, "t", mat, strlen(mat), "sgf", NULL, &r);
	ck_assert_int_ne(r.rc, 0);
	ck_assert_uint_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-sgf-unsupported");
	ck_assert_int_eq(r.diags[0].lineno, 3);
	ck_assert_int_eq(r.diags[0].col, 2);
	ts_free(&r);
	/* It converts to mat all the same. */
	ts_convert(BG, "t", mat, strlen(mat), "mat", NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ts_free(&r);
}
END_TEST

/* An illegal record converts to nothing, in both directions. */
START_TEST(illegal_records_are_not_written)
{
	char *t = sgf_edit(SGF_GAME, ";W[42mkmi]", ";W[42lhhf]");
	static const char *const forms[] = { "sgf", "mat", "sheet" };
	for (size_t i = 0; i < 3; i++) {
		ts_result r;
		ts_convert(BG, "t", t, strlen(t), forms[i], NULL, &r);
		ck_assert_int_ne(r.rc, 0);
		ck_assert_str_eq(r.diags[0].code, "bg-empty-point");
		ts_free(&r);
	}
	free(t);
}
END_TEST

/* The CLI knows the form: by name, by content, for every command. */
START_TEST(the_commands_on_sgf)
{
	char *text = shared_file("sgf/bg-match-06.sgf");
	char *out, *err;
	/* By content from standard input, and for a name without .sgf. */
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-", NULL }, text, &out,
	                        &err), 0);
	free(out);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "-", NULL }, text, &out,
	                        &err), 0);
	ck_assert_msg(strstr(out, "3 games") != NULL || strstr(out, "games") != NULL,
	              "%s", out);
	free(out);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "show", "--game-no", "1", "--move",
	                        "3", "-", NULL }, text, &out, &err), 0);
	ck_assert_msg(strstr(out, "Alice") != NULL, "%s", out);
	free(out);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--to", "json", "-",
	                        NULL }, text, &out, &err), 0);
	ck_assert_msg(strstr(out, "\"move\":\"B[64aggk]\",\"line\":2,\"column\":4")
	              != NULL, "%s", out);
	free(out);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "lint", "-", NULL }, text, &out,
	                        &err), 0);
	ck_assert_str_eq(out, "");
	free(out);
	free(err);
	/* A file of another game in SGF is refused, named as such. */
	ck_assert_int_eq(ts_run((const char *[]){ "check", "-", NULL },
	                        "(;FF[4]GM[1]SZ[19];B[pd])", &out, &err), 1);
	ck_assert_msg(strstr(out, "not a backgammon game tree") != NULL, "%s", out);
	free(out);
	free(err);
	/* notate games lists the extension and the form. */
	ck_assert_int_eq(ts_run((const char *[]){ "games", NULL }, NULL, &out, &err),
	                 0);
	ck_assert_msg(strstr(out, ".sgf") != NULL, "%s", out);
	free(out);
	free(err);
	free(text);
}
END_TEST

Suite *
backgammon_write_sgf_suite(void)
{
	Suite *s = suite_create("backgammon-write-sgf");
	TCase *tc = tcase_create("sgf");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, gnubg_files_round_trip);
	tcase_add_test(tc, fmt_keeps_an_sgf_file);
	tcase_add_test(tc, sgf_to_sgf_writes_the_main_line);
	tcase_add_test(tc, mat_to_sgf_is_what_gnubg_writes);
	tcase_add_test(tc, through_sgf_and_back);
	tcase_add_test(tc, nodes_and_root_from_a_mat_record);
	tcase_add_test(tc, capped_results_are_raised);
	tcase_add_test(tc, headers);
	tcase_add_test(tc, no_game_no_sgf);
	tcase_add_test(tc, illegal_records_are_not_written);
	tcase_add_test(tc, the_commands_on_sgf);
	suite_add_tcase(s, tc);
	return s;
}
