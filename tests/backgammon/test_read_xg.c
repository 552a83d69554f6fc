/*
 * The eXtreme Gammon reader (backgammon-xg): files built byte by byte
 * (tests/support/xg_build.c) for every field the spec defines and every
 * corrupt case, with the code and place of each diagnostic; the real
 * samples are in test_xg_samples.c.
 */
#include <sys/stat.h>
#include <zlib.h>

#include "backgammon/xg_util.h"

/* ------------------------------------------------------ a legal match */

/*
 * A 3-point match, Ann (left) and Ben (right).  Game 1: Ann hits on her 7
 * point, doubles and Ben passes.  Game 2: Ben doubles, Ann takes, Ben
 * plays one hop of two dice (24/13), then rolls 5-5 and resigns: Ann wins
 * 2 points and the match.  Record numbers are in the comments.
 */
static void
legal_match(xgb_match *m)
{
	xgb_match_begin(m, 3, "Ann", "Ben");            /* 0 */
	xgb_game(m, 0, 0, 1, 0);                        /* 1 */
	xgb_cube(m, 0, -2, -1);                         /* 2 */
	xgb_move(m, 0, 3, 1, "8/5 6/5", 1);             /* 3 */
	xgb_cube(m, 1, 0, -1);                          /* 4 */
	xgb_move(m, 1, 6, 2, "24/18 13/11", 1);         /* 5 */
	xgb_cube(m, 0, 0, -1);                          /* 6 */
	xgb_move(m, 0, 6, 4, "13/7 13/9", 1);           /* 7: hits on 7 */
	xgb_cube(m, 1, 0, -1);                          /* 8 */
	xgb_move(m, 1, 5, 2, "bar/23 13/8", 1);         /* 9 */
	xgb_cube(m, 0, 1, 0);                           /* 10: double, pass */
	xgb_footer(m, 0, 1);                            /* 11 */
	xgb_game(m, 1, 0, 2, 0);                        /* 12 */
	xgb_cube(m, 0, -2, -1);                         /* 13 */
	xgb_move(m, 0, 4, 2, "8/4 6/4", 1);             /* 14 */
	xgb_cube(m, 1, 1, 1);                           /* 15: double, take */
	xgb_move(m, 1, 6, 5, "24/13", 1);               /* 16 */
	xgb_cube(m, 0, -2, -1);                         /* 17 */
	xgb_move(m, 0, 3, 1, "8/5 6/5", 1);             /* 18 */
	xgb_cube(m, 1, -2, -1);                         /* 19 */
	xgb_move(m, 1, 5, 5, "", 0);                    /* 20: rolled, resigned */
	xgb_footer(m, 0, 2);                            /* 21 */
	xgb_match_footer(m);                            /* 22 */
}

static const char legal_mat[] =
	"; [Variation \"Backgammon\"]\n"
	"; [Crawford \"On\"]\n"
	"; [CubeLimit \"1024\"]\n"
	"\n"
	" 3 point match\n"
	"\n"
	" Game 1\n"
	" Ann : 0                        Ben : 0\n"
	"  1) 31: 8/5 6/5                 62: 24/18 13/11 \n"
	"  2) 64: 13/9 13/7*              52: 25/23 13/8 \n"
	"  3)  Doubles => 2                Drops\n"
	"      Wins 1 point\n"
	"\n"
	" Game 2\n"
	" Ann : 1                        Ben : 0\n"
	"  1) 42: 8/4 6/4                  Doubles => 2\n"
	"  2)  Takes                      65: 24/18 18/13 \n"
	"  3) 31: 8/5 6/5                 55: \n"
	"      Wins 2 points\n"
	"\n";

static const char legal_sheet_games[] =
	" Game 1\n"
	" Ann : 0                        Ben : 0\n"
	"  1) 3-1: 8/5 6/5                6-2: 24/18 13/11\n"
	"  2) 6-4: 13/9 13/7*             5-2: bar/23 13/8\n"
	"  3) Double to 2                 pass\n"
	"     Wins 1 point\n"
	"\n"
	" Game 2\n"
	" Ann : 1                        Ben : 0\n"
	"  1) 4-2: 8/4 6/4                Double to 2\n"
	"  2) take                        6-5: 24/13\n"
	"  3) 3-1: 8/5 6/5                5-5:\n"
	"     Wins 2 points\n"
	"\n";

START_TEST(legal_match_checks_and_converts)
{
	xgb_match m;
	legal_match(&m);
	size_t len;
	unsigned char *f = xg_bytes(&m, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_msg(r.ndiags == 0, "%s", r.diags[0].line);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_int_eq(r.summary.games, 2);
	ck_assert_int_eq(r.summary.moves, 14);
	ck_assert_str_eq(r.summary.result, "3-0");
	ts_free(&r);
	char *mat = xg_convert(f, len, "mat");
	ck_assert_str_eq(mat, legal_mat);
	/* xg -> sheet is xg -> mat -> sheet, and both are canonical. */
	char *sheet = xg_convert(f, len, "sheet");
	ck_assert_msg(strstr(sheet, legal_sheet_games) != NULL, "%s", sheet);
	ts_convert(BG, "m.mat", mat, strlen(mat), "sheet", NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_str_eq(r.output, sheet);
	ts_free(&r);
	ts_convert(BG, "m.mat", mat, strlen(mat), "mat", NULL, &r);
	ck_assert_str_eq(r.output, mat);
	ts_free(&r);
	/* xg -> sgf keeps the match: back to mat, the same bytes from the
	   match line on (spec-sgf 5.3 regroups the header: RU says Crawford,
	   so its tag line is not written back). */
	char *sgf = xg_convert(f, len, "sgf");
	ck_assert_msg(strncmp(sgf, "(;FF[4]GM[6]", 12) == 0, "%s", sgf);
	ck_assert_msg(strstr(sgf, "RU[Crawford]") != NULL, "%s", sgf);
	ts_convert(BG, "m.sgf", sgf, strlen(sgf), "mat", NULL, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_int_eq(r.ndiags, 0);
	const char *games = strstr(mat, " 3 point match");
	ck_assert_ptr_nonnull(games);
	ck_assert_ptr_nonnull(strstr(r.output, games));
	ck_assert_str_eq(strstr(r.output, " 3 point match"), games);
	ts_free(&r);
	free(sgf);
	free(sheet);
	free(mat);
	free(f);
	xgb_match_free(&m);
}
END_TEST

/* The name decides nothing once the file starts with RGMH (1). */
START_TEST(any_name_reads_as_xg)
{
	xgb_match m;
	legal_match(&m);
	size_t len;
	unsigned char *f = xg_bytes(&m, &len);
	const char *names[] = { "m.xg", "m.mat", "m.sgf", "m", "M.XG" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		ts_result r;
		xg_check_cfg(f, len, names[i], NULL, &r);
		ck_assert_msg(r.ndiags == 0, "%s: %s", names[i], r.diags[0].line);
		ck_assert_int_eq(r.summary.games, 2);
		ts_free(&r);
	}
	free(f);
	xgb_match_free(&m);
}
END_TEST


/* ----------------------------------------------------- the container */

/* The legal match in an archive the test may change before building. */
static void
legal_archive(xgb_archive *a, xgb_match *m)
{
	legal_match(m);
	xgb_archive_init(a);
	xgb_archive_add(a, "temp.xg", m->rec.data, m->rec.n * XGB_RECORD, 0);
	xgb_archive_add(a, "temp.xgi", m->rec.data, 2 * XGB_RECORD, 0);
}

static unsigned char *
built(xgb_archive *a, xgb_match *m, size_t *len)
{
	unsigned char *f = xgb_archive_file(a, len);
	xgb_archive_free(a);
	xgb_match_free(m);
	return f;
}

static long long
registry_at(const unsigned char *f, size_t len)
{
	return (long long)len - 36 - xgb_get_i32(f + len - 36 + 12);
}

static void
where_byte(char *buf, size_t size, long long n)
{
	snprintf(buf, size, "byte %lld", n);
}

START_TEST(magic_and_size)
{
	/* Named .xg, not RGMH: only bad magic (1, check 1). */
	const unsigned char zip[] = "PK\003\004 not a match";
	ts_result r;
	xg_check(zip, sizeof zip - 1, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].line, "m.xg: byte 0: error: the file starts "
	                 "with 'PK\\x03\\x04', not 'RGMH': not an eXtreme Gammon "
	                 "file [bg-xg-bad-magic]");
	ck_assert_int_eq(r.diags[0].offset, 0);
	ck_assert_int_eq(r.diags[0].record, -1);
	ts_free(&r);
	xg_expect((const unsigned char *)"RG", 2, "bg-xg-bad-magic", "byte 0");
	xg_expect((const unsigned char *)"", 0, "bg-xg-bad-magic", "byte 0");
	ts_check(BG, "m.xgp", "PK", 2, NULL, &r);
	ck_assert_str_eq(r.diags[0].code, "bg-xg-bad-magic");
	ts_free(&r);
	/* Another name: the text reader, whatever the bytes. */
	ts_check(BG, "m.mat", "PK\003\004", 4, NULL, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-syntax-error");
	ts_free(&r);
	/* Check 2: header and trailer at least. */
	unsigned char short_file[5000];
	memset(short_file, 0, sizeof short_file);
	memcpy(short_file, "RGMH", 4);
	xg_check(short_file, sizeof short_file, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].line, "m.xg: byte 5000: error: the file has "
	                 "5,000 bytes; an XG file has at least 8268 "
	                 "[bg-xg-truncated]");
	ts_free(&r);
}
END_TEST

START_TEST(header_and_trailer)
{
	xgb_archive a;
	xgb_match m;
	size_t len;
	char at[64];
	/* Check 3: the header size. */
	legal_archive(&a, &m);
	unsigned char *f = built(&a, &m, &len);
	xgb_put_u32(f + 8, 8231);
	xg_expect(f, len, "bg-xg-bad-archive", "byte 8");
	/* Check 4: a thumbnail past the trailer. */
	xgb_put_u32(f + 8, 8232);
	xgb_put_u32(f + 20, (unsigned long)len);
	xg_expect(f, len, "bg-xg-truncated", "byte 20");
	xgb_put_u32(f + 20, 0);
	xg_expect_clean(f, len);
	/* Check 5, each field of the trailer. */
	unsigned char *t = f + len - 36;
	where_byte(at, sizeof at, (long long)len - 36);
	static const struct { int off; long value; } bad[] = {
		{ 4, 0 }, { 4, 17 }, { 12, 0 }, { 16, -1 }, { 20, 2 }, { 16, 100 },
		{ 12, -5 },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		unsigned char keep[4];
		memcpy(keep, t + bad[i].off, 4);
		xgb_put_i32(t + bad[i].off, bad[i].value);
		xg_expect(f, len, "bg-xg-bad-archive", at);
		memcpy(t + bad[i].off, keep, 4);
	}
	xg_expect_clean(f, len);
	/* The archive one byte off: the message says where each ends. */
	long asize = xgb_get_i32(t + 16);
	xgb_put_i32(t + 16, asize + 1);
	ts_result r;
	xg_check(f, len, &r);
	char want[200];
	snprintf(want, sizeof want, "the trailer places the archive data at byte "
	         "8231, but header and thumbnail end at byte 8232");
	ck_assert_str_eq(r.diags[0].message, want);
	ts_free(&r);
	xgb_put_i32(t + 16, asize);
	/* Check 6: a byte of the archive changed, nothing else. */
	f[8232 + 40] ^= 0x55;
	xg_expect(f, len, "bg-xg-crc", at);
	xg_check(f, len, &r);
	ck_assert_msg(strstr(r.diags[0].message, "archive CRC-32 is 0x") != NULL,
	              "%s", r.diags[0].message);
	ts_free(&r);
	free(f);
}
END_TEST

START_TEST(thumbnail_stored_registry_and_three_files)
{
	xgb_archive a;
	xgb_match m;
	size_t len;
	legal_archive(&a, &m);
	a.thumbnail = 5000;
	a.registry_stored = 1;
	const char comment[] = "{\\rtf1 a comment}\r\n";
	xgb_archive_add(&a, "temp.xgc", comment, sizeof comment - 1, 0);
	unsigned char *f = built(&a, &m, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_msg(r.ndiags == 0, "%s", r.diags[0].line);
	ck_assert_int_eq(r.summary.games, 2);
	ts_free(&r);
	free(f);
	/* The game file stored as is (flag 1, unverified in the samples). */
	legal_match(&m);
	xgb_archive_init(&a);
	xgb_archive_add(&a, "temp.xgi", m.rec.data, 2 * XGB_RECORD, 0);
	xgb_archive_add(&a, "temp.xg", m.rec.data, m.rec.n * XGB_RECORD, 1);
	f = built(&a, &m, &len);
	xg_expect_clean(f, len);
	free(f);
}
END_TEST

/* A registry entry changed (the registry stored, so it can be seen). */
static void
expect_entry(int entry, int off, long value, const char *why)
{
	xgb_archive a;
	xgb_match m;
	size_t len;
	legal_archive(&a, &m);
	a.registry_stored = 1;
	xgb_put_i32(xgb_entry(&a, entry) + off, value);
	const char *code = "bg-xg-bad-archive";
	unsigned char *f = built(&a, &m, &len);
	char at[64];
	where_byte(at, sizeof at, registry_at(f, len));
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_msg(r.ndiags == 1 && strcmp(r.diags[0].code, code) == 0,
	              "entry %d +%d: %s", entry, off,
	              r.ndiags ? r.diags[0].line : "nothing");
	ck_assert_msg(strstr(r.diags[0].message, why) != NULL, "%s",
	              r.diags[0].message);
	ck_assert_str_eq(r.diags[0].where, at);
	ts_free(&r);
	free(f);
}

START_TEST(registry_entries)
{
	/* Check 8, each condition. */
	expect_entry(0, 512, -1, "negative");
	expect_entry(1, 516, -1, "negative");
	expect_entry(0, 520, -1, "negative");
	expect_entry(1, 520, 1000000, "ends at byte");
	expect_entry(0, 528, 2, "method 2");
	expect_entry(0, 528, 1, "stored as is");
	/* The same name twice, and no game file. */
	xgb_archive a;
	xgb_match m;
	size_t len;
	legal_archive(&a, &m);
	a.registry_stored = 1;
	memcpy(xgb_entry(&a, 1) + 1, "temp.xg\0", 8);
	xgb_entry(&a, 1)[0] = 7;
	unsigned char *f = built(&a, &m, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_str_eq(r.diags[0].code, "bg-xg-bad-archive");
	ck_assert_msg(strstr(r.diags[0].message, "twice") != NULL, "%s",
	              r.diags[0].message);
	ts_free(&r);
	free(f);
	legal_archive(&a, &m);
	xgb_entry(&a, 0)[5] = 'y';          /* temp.xy */
	f = built(&a, &m, &len);
	xg_check(f, len, &r);
	ck_assert_msg(strstr(r.diags[0].message, "no game file") != NULL, "%s",
	              r.diags[0].line);
	ts_free(&r);
	free(f);
	/* A stored registry of the wrong size: three entries said, two kept. */
	legal_archive(&a, &m);
	a.registry_stored = 1;
	f = built(&a, &m, &len);
	xgb_put_i32(f + len - 36 + 4, 3);
	xg_check(f, len, &r);
	ck_assert_str_eq(r.diags[0].message, "the registry holds 1064 bytes; 3 "
	                 "entries take 1596");
	char at[64];
	where_byte(at, sizeof at, registry_at(f, len));
	ck_assert_str_eq(r.diags[0].where, at);
	ts_free(&r);
	free(f);
}
END_TEST

START_TEST(registry_zlib)
{
	/* Check 7: a compressed registry that says one file and holds two
	   inflates past its budget. */
	xgb_archive a;
	xgb_match m;
	size_t len;
	legal_archive(&a, &m);
	unsigned char *f = built(&a, &m, &len);
	xgb_put_i32(f + len - 36 + 4, 1);
	char at[64];
	where_byte(at, sizeof at, registry_at(f, len));
	xg_expect(f, len, "bg-xg-zlib", at);
	/* Registry bytes that are not zlib. */
	xgb_put_i32(f + len - 36 + 4, 2);
	long long R = registry_at(f, len);
	f[R] = 0x12;
	f[R + 1] = 0x34;
	xgb_fix_crc(f, len);
	xg_expect(f, len, "bg-xg-zlib", at);
	free(f);
}
END_TEST

/* The legal match with the game file's bytes ZLIB and entry fields given. */
static unsigned char *
game_file_as(const void *zlib, size_t zlen, long original, unsigned long crc,
             size_t *len)
{
	xgb_archive a;
	xgb_archive_init(&a);
	a.registry_stored = 1;
	xgb_archive_add(&a, "temp.xg", "", 0, 1);
	xgb_archive_raw(&a, zlib, zlen);
	unsigned char *e = xgb_entry(&a, 0);
	xgb_put_i32(e + 512, original);
	xgb_put_i32(e + 516, (long)zlen);
	xgb_put_i32(e + 520, 0);
	xgb_put_u32(e + 524, crc);
	e[528] = 0;
	unsigned char *f = xgb_archive_file(&a, len);
	xgb_archive_free(&a);
	return f;
}

START_TEST(game_file_stream)
{
	xgb_match m;
	legal_match(&m);
	size_t raw = m.rec.n * XGB_RECORD;
	uLongf zl = compressBound((uLong)raw);
	unsigned char *z = malloc(zl + 64);
	ck_assert_int_eq(compress2(z, &zl, m.rec.data, (uLong)raw, 6), Z_OK);
	unsigned long crc = crc32(0L, m.rec.data, (uInt)raw);
	size_t len;
	char at[64];
	where_byte(at, sizeof at, 8232);
	/* As it should be. */
	unsigned char *f = game_file_as(z, zl, (long)raw, crc, &len);
	xg_expect_clean(f, len);
	free(f);
	/* Check 11: its CRC-32. */
	f = game_file_as(z, zl, (long)raw, crc ^ 1, &len);
	xg_expect(f, len, "bg-xg-crc", at);
	free(f);
	/* Check 10: cut short, stray bytes after it, more or less than said. */
	f = game_file_as(z, zl - 10, (long)raw, crc, &len);
	xg_expect(f, len, "bg-xg-zlib", at);
	free(f);
	memcpy(z + zl, "junk", 4);
	f = game_file_as(z, zl + 4, (long)raw, crc, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_str_eq(r.diags[0].message, "the game file: 4 bytes follow the "
	                 "end of its zlib stream");
	ts_free(&r);
	free(f);
	f = game_file_as(z, zl, (long)raw - 2560, crc, &len);
	xg_expect(f, len, "bg-xg-zlib", at);
	free(f);
	f = game_file_as(z, zl, (long)raw + 2560, crc, &len);
	xg_check(f, len, &r);
	char want[160];
	snprintf(want, sizeof want, "the game file inflates to %zu,%03zu bytes; "
	         "its entry says %zu,%03zu", raw / 1000, raw % 1000,
	         (raw + 2560) / 1000, (raw + 2560) % 1000);
	ck_assert_str_eq(r.diags[0].message, want);
	ts_free(&r);
	free(f);
	/* Not zlib at all. */
	z[0] = 0x00;
	f = game_file_as(z, zl, (long)raw, crc, &len);
	xg_check(f, len, &r);
	ck_assert_str_eq(r.diags[0].code, "bg-xg-zlib");
	ck_assert_msg(strstr(r.diags[0].message, "not valid zlib data (") != NULL,
	              "%s", r.diags[0].message);
	ts_free(&r);
	free(f);
	free(z);
	xgb_match_free(&m);
}
END_TEST

/* A zip bomb stops after its declared size (2.4); a size past 128 MiB is
   refused before anything is inflated (check 9). */
START_TEST(zip_bomb_and_size_limit)
{
	size_t big = 64u << 20;
	unsigned char *zeros = calloc(big, 1);
	uLongf zl = compressBound((uLong)big);
	unsigned char *z = malloc(zl);
	ck_assert_int_eq(compress2(z, &zl, zeros, (uLong)big, 9), Z_OK);
	free(zeros);
	size_t len;
	char at[64];
	where_byte(at, sizeof at, 8232);
	unsigned char *f = game_file_as(z, zl, 2560, 0, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_str_eq(r.diags[0].code, "bg-xg-zlib");
	ck_assert_str_eq(r.diags[0].message, "the game file: it inflates to more "
	                 "than the 2560 bytes its size says");
	ts_free(&r);
	free(f);
	f = game_file_as(z, zl, 314572800L, 0, &len);
	xg_check(f, len, &r);
	ck_assert_str_eq(r.diags[0].line, "m.xg: byte 8232: error: the game file "
	                 "would inflate to 314,572,800 bytes; the limit is "
	                 "134,217,728 [bg-xg-too-large]");
	ts_free(&r);
	free(f);
	f = game_file_as(z, zl, 134217729L, 0, &len);
	xg_expect(f, len, "bg-xg-too-large", at);
	free(f);
	free(z);
}
END_TEST

START_TEST(game_file_records_whole)
{
	/* Check 12: whole records, at least one. */
	xgb_match m;
	legal_match(&m);
	size_t len;
	xgb_archive a;
	xgb_archive_init(&a);
	xgb_archive_add(&a, "temp.xg", m.rec.data, m.rec.n * XGB_RECORD - 100, 0);
	unsigned char *f = xgb_archive_file(&a, &len);
	xgb_archive_free(&a);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-xg-truncated");
	ck_assert_str_eq(r.diags[0].where, "byte 8232");
	ts_free(&r);
	free(f);
	xgb_archive_init(&a);
	xgb_archive_add(&a, "temp.xg", "", 0, 0);
	f = xgb_archive_file(&a, &len);
	xgb_archive_free(&a);
	xg_expect(f, len, "bg-xg-truncated", "byte 8232");
	free(f);
	xgb_match_free(&m);
}
END_TEST

/* 1: a position file is refused whole. */
START_TEST(position_files)
{
	xgb_match m;
	legal_match(&m);
	size_t len;
	unsigned char *f = xg_bytes(&m, &len);
	ts_result r;
	xg_check_cfg(f, len, "p.xgp", NULL, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-xg-unsupported");
	ck_assert_str_eq(r.diags[0].where, "byte 0");
	ts_free(&r);
	free(f);
	xgb_match_free(&m);
}
END_TEST


/* ------------------------------------------------------ the records */

/* The legal match with record REC's i32 at OFF set to VALUE. */
static unsigned char *
legal_with_i32(size_t rec, size_t off, long value, size_t *len)
{
	xgb_match m;
	legal_match(&m);
	xgb_put_i32(xgb_rec(&m.rec, rec) + off, value);
	unsigned char *f = xg_bytes(&m, len);
	xgb_match_free(&m);
	return f;
}

static unsigned char *
legal_with_byte(size_t rec, size_t off, int value, size_t *len)
{
	xgb_match m;
	legal_match(&m);
	xgb_rec(&m.rec, rec)[off] = (unsigned char)value;
	unsigned char *f = xg_bytes(&m, len);
	xgb_match_free(&m);
	return f;
}

#define EXPECT_I32(rec, off, value, code, where) do { \
	size_t len_; \
	unsigned char *f_ = legal_with_i32(rec, off, value, &len_); \
	xg_expect_first(f_, len_, code, where); \
	free(f_); \
} while (0)

#define EXPECT_BYTE(rec, off, value, code, where) do { \
	size_t len_; \
	unsigned char *f_ = legal_with_byte(rec, off, value, &len_); \
	xg_expect_first(f_, len_, code, where); \
	free(f_); \
} while (0)

#define CLEAN_I32(rec, off, value) do { \
	size_t len_; \
	unsigned char *f_ = legal_with_i32(rec, off, value, &len_); \
	xg_expect_clean(f_, len_); \
	free(f_); \
} while (0)

START_TEST(match_header_checks)
{
	/* Record 0 is the match header, its magic, then its version. */
	EXPECT_BYTE(0, 8, 1, "bg-xg-record-order", "record 0");
	EXPECT_BYTE(0, 556, 'X', "bg-xg-bad-magic", "record 0");
	EXPECT_I32(0, 552, 41, "bg-xg-unsupported", "record 0");
	EXPECT_I32(0, 552, 0, "bg-xg-unsupported", "record 0");
	/* Then the table's order. */
	EXPECT_I32(0, 92, 256, "bg-xg-bad-record", "record 0");
	EXPECT_I32(0, 92, -1, "bg-xg-bad-record", "record 0");
	EXPECT_I32(0, 96, 1, "bg-xg-unsupported", "record 0");
	EXPECT_I32(0, 96, 3, "bg-xg-unsupported", "record 0");
	EXPECT_I32(0, 96, 4, "bg-xg-bad-record", "record 0");
	for (int k = 100; k <= 103; k++)
		EXPECT_BYTE(0, (size_t)k, 2, "bg-xg-bad-record", "record 0");
	EXPECT_I32(0, 612, 31, "bg-xg-bad-record", "record 0");
	EXPECT_I32(0, 612, -1, "bg-xg-bad-record", "record 0");
	/* A failure in record 0 is the only diagnostic (6.1). */
	size_t len;
	unsigned char *f = legal_with_i32(0, 92, 300, &len);
	xg_expect(f, len, "bg-xg-bad-record", "record 0");
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_str_eq(r.diags[0].message, "match header: match length 300; a "
	                 "match is 1 to 255 points, a money session 0 or 99999");
	ck_assert_int_eq(r.diags[0].record, 0);
	ck_assert_int_eq(r.diags[0].offset, -1);
	ts_free(&r);
	free(f);
	/* AutoDouble gives nothing; automatic doubles are refused per game. */
	CLEAN_I32(0, 100, 0x01000001);
}
END_TEST

/* The header lines of a converted match, up to the match line. */
static char *
header_of(xgb_match *m)
{
	size_t len;
	unsigned char *f = xg_bytes(m, &len);
	char *mat = xg_convert(f, len, "mat");
	char *end = strstr(mat, " point match\n");
	ck_assert(end != NULL);
	while (end > mat && end[-1] != '\n')
		end--;
	*end = '\0';
	free(f);
	return mat;
}

START_TEST(header_lines)
{
	xgb_match m;
	legal_match(&m);
	unsigned char *r = xgb_rec(&m.rec, 0);
	xgb_put_wide(r + 1396, "Paris", 128);
	xgb_put_wide(r + 622, "  HSBT\t Open  ", 128);
	xgb_put_wide(r + 1654, "Final: 1", 128);
	xgb_put_wide(r + 1960, "Kim", 128);
	double date = 45256.395833333336;   /* 2023-11-26 09:30 */
	memcpy(r + 128, &date, 8);
	char *h = header_of(&m);
	ck_assert_str_eq(h, "; [Site \"Paris\"]\n; [Event \"HSBT Open\"]\n"
	                 "; [Round \"Final: 1\"]\n; [EventDate \"2023.11.26\"]\n"
	                 "; [EventTime \"09.30\"]\n; [Variation \"Backgammon\"]\n"
	                 "; [Crawford \"On\"]\n; [CubeLimit \"1024\"]\n"
	                 "; [Transcriber \"Kim\"]\n\n");
	free(h);
	/* Minutes truncated after rounding to the millisecond. */
	date = 2.0 + (9.0 * 3600 + 29 * 60 + 59.9996) / 86400;
	memcpy(r + 128, &date, 8);
	h = header_of(&m);
	ck_assert_msg(strstr(h, "[EventDate \"1900.01.01\"]\n; [EventTime "
	                     "\"09.30\"]") != NULL, "%s", h);
	free(h);
	date = 2.0 + (9.0 * 3600 + 29 * 60 + 59.9) / 86400;
	memcpy(r + 128, &date, 8);
	h = header_of(&m);
	ck_assert_msg(strstr(h, "[EventTime \"09.29\"]") != NULL, "%s", h);
	free(h);
	/* Out of range: no date at all. */
	double never[] = { 0.5, 2958466.0, -3.0 };
	for (int i = 0; i < 3; i++) {
		memcpy(r + 128, &never[i], 8);
		h = header_of(&m);
		ck_assert_msg(strstr(h, "EventDate") == NULL, "%s", h);
		free(h);
	}
	date = 2958465.5;
	memcpy(r + 128, &date, 8);
	h = header_of(&m);
	ck_assert_msg(strstr(h, "[EventDate \"9999.12.31\"]") != NULL, "%s", h);
	free(h);
	/* Version 29: no Transcriber; CubeLimit 0: no tag; Crawford off. */
	xgb_put_i32(r + 552, 29);
	xgb_put_i32(r + 612, 0);
	r[100] = 0;
	h = header_of(&m);
	ck_assert_msg(strstr(h, "Transcriber") == NULL &&
	              strstr(h, "CubeLimit") == NULL &&
	              strstr(h, "; [Crawford \"Off\"]\n") != NULL, "%s", h);
	free(h);
	/* Version 7: no CubeLimit field at all, even if the bytes say 3. */
	xgb_put_i32(r + 552, 7);
	xgb_put_i32(r + 612, 3);
	h = header_of(&m);
	ck_assert_msg(strstr(h, "CubeLimit") == NULL, "%s", h);
	free(h);
	xgb_match_free(&m);
}
END_TEST

START_TEST(names_and_old_versions)
{
	xgb_match m;
	legal_match(&m);
	unsigned char *r = xgb_rec(&m.rec, 0);
	/* Cleaned (5.1): controls to blanks, runs of blanks one, ':' to '_'. */
	memset(r + 880, 0, 258);
	xgb_put_wide(r + 880, " An\tn:a  b ", 128);
	memset(r + 1138, 0, 258);
	size_t len;
	unsigned char *f = xg_bytes(&m, &len);
	char *mat = xg_convert(f, len, "mat");
	ck_assert_msg(strstr(mat, " An n_a b : 0                   Player 2 : 0\n")
	              != NULL, "%s", mat);
	free(mat);
	free(f);
	/* UTF-16 beyond ASCII, and an unpaired surrogate. */
	static const unsigned char kevin[] = { 'K', 0, 0xE9, 0, 'v', 0, 0x3D,
	                                       0xD8, 0x00, 0xDE, 0x00, 0xD8, '!',
	                                       0, 0, 0 };
	memcpy(r + 880, kevin, sizeof kevin);
	f = xg_bytes(&m, &len);
	mat = xg_convert(f, len, "mat");
	ck_assert_msg(strstr(mat, " K\xc3\xa9v\xf0\x9f\x98\x80\xef\xbf\xbd! : 0")
	              != NULL, "%s", mat);
	free(mat);
	free(f);
	/* Below version 24: SPlayer and SEvent, Windows-1252 strings. */
	xgb_put_i32(r + 552, 23);
	static const unsigned char ansi[] = { 4, 'J', 0xE9, 0x80, 'o' };
	memcpy(r + 9, ansi, sizeof ansi);
	static const unsigned char bob[] = { 50, 'B', 'o', 'b' };
	memcpy(r + 50, bob, sizeof bob);
	static const unsigned char event[] = { 3, 'C', 'u', 'p' };
	memcpy(r + 136, event, sizeof event);
	f = xg_bytes(&m, &len);
	mat = xg_convert(f, len, "mat");
	ck_assert_msg(strstr(mat, "; [Event \"Cup\"]\n") != NULL &&
	              strstr(mat, " J\xc3\xa9\xe2\x82\xaco : 0") != NULL &&
	              strstr(mat, "Bob : 0\n") != NULL, "%s", mat);
	free(mat);
	free(f);
	xgb_match_free(&m);
}
END_TEST

/* A money session: Jacoby and Beaver tags; a beaver and a raccoon. */
START_TEST(money_beavers_and_raccoons)
{
	xgb_match m;
	xgb_match_begin(&m, 0, "Maya", "Oskar");
	xgb_game(&m, 0, 0, 1, 0);
	xgb_cube(&m, 0, -2, -1);
	xgb_move(&m, 0, 4, 2, "8/4 6/4", 1);
	xgb_cube(&m, 1, 0, -1);
	xgb_move(&m, 1, 6, 5, "24/18 18/13", 1);
	size_t c = xgb_cube(&m, 0, 1, 2);       /* beaver, then raccoon, pass */
	xgb_put_i32(xgb_rec(&m.rec, c) + 24, 2);
	xgb_put_i32(xgb_rec(&m.rec, c) + 28, 0);
	xgb_footer(&m, 0, 4);
	xgb_game(&m, 4, 0, 2, 0);
	xgb_cube(&m, 0, -2, -1);
	xgb_move(&m, 0, 4, 2, "8/4 6/4", 1);
	c = xgb_cube(&m, 1, 1, 2);              /* beaver, taken by Oskar */
	xgb_put_i32(xgb_rec(&m.rec, c) + 24, 1);
	xgb_put_i32(xgb_rec(&m.rec, c) + 32, 0);
	size_t len;
	/* Maya owns the cube at 4 now (the beaver's taker is the doubler). */
	m.cube = 2;
	xgb_move(&m, 1, 4, 3, "13/10 13/9", 1);
	unsigned char *f = xg_bytes(&m, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_msg(r.ndiags == 0, "%s", r.diags[0].line);
	ts_free(&r);
	char *mat = xg_convert(f, len, "mat");
	ck_assert_msg(strstr(mat, "; [Jacoby \"On\"]\n; [Beaver \"On\"]\n") != NULL &&
	              strstr(mat, "\n 0 point match\n") != NULL, "%s", mat);
	ck_assert_msg(strstr(mat, "  2)  Doubles => 2                Beavers => 4\n"
	                     "  3)  Beavers => 8                Drops\n"
	                     "      Wins 4 points\n") != NULL, "%s", mat);
	ck_assert_msg(strstr(mat, "  1) 42: 8/4 6/4                  Doubles => 2\n"
	                     "  2)  Beavers => 4                Takes\n"
	                     "  3)                             43: 13/10 13/9 \n")
	              != NULL, "%s", mat);
	free(mat);
	free(f);
	/* Range checks of the answers, each only where it applies. */
	xgb_put_i32(xgb_rec(&m.rec, c) + 24, 3);
	f = xg_bytes(&m, &len);
	char at[64];
	snprintf(at, sizeof at, "record %zu (game 2)", c);
	xg_expect_first(f, len, "bg-xg-bad-record", at);
	free(f);
	xgb_put_i32(xgb_rec(&m.rec, c) + 24, 2);
	xgb_put_i32(xgb_rec(&m.rec, c) + 28, 2);
	f = xg_bytes(&m, &len);
	xg_expect_first(f, len, "bg-xg-bad-record", at);
	free(f);
	/* In match play a beaver is the replay's business. */
	xgb_put_i32(xgb_rec(&m.rec, 0) + 92, 5);
	xgb_put_i32(xgb_rec(&m.rec, c) + 28, 1);
	f = xg_bytes(&m, &len);
	xg_check(f, len, &r);
	ck_assert_str_eq(r.diags[0].code, "bg-beaver-in-match");
	ck_assert_str_eq(r.diags[0].where, "record 6 (game 1, row 2)");
	ck_assert_str_eq(r.diags[0].context, "Beaver to 4");
	ts_free(&r);
	free(f);
	xgb_match_free(&m);
}
END_TEST


START_TEST(game_header_checks)
{
	/* 4.2 in order; a failure breaks the game (6.1), located there. */
	EXPECT_I32(1, 12, -1, "bg-xg-bad-record", "record 1 (game 1)");
	EXPECT_I32(12, 16, -2, "bg-xg-bad-record", "record 12 (game 2)");
	EXPECT_BYTE(1, 20, 2, "bg-xg-bad-record", "record 1 (game 1)");
	EXPECT_BYTE(1, 25, 4, "bg-xg-unsupported", "record 1 (game 1)");
	EXPECT_I32(1, 48, 0, "bg-xg-bad-record", "record 1");
	EXPECT_BYTE(1, 52, 2, "bg-xg-bad-record", "record 1 (game 1)");
	EXPECT_I32(1, 64, 1, "bg-xg-unsupported", "record 1 (game 1)");
	/* PosInit all zeros is the starting position too. */
	xgb_match m;
	legal_match(&m);
	memset(xgb_rec(&m.rec, 1) + 21, 0, 26);
	xgb_rec(&m.rec, 1)[52] = 1;             /* InProgress: ignored */
	size_t len;
	unsigned char *f = xg_bytes(&m, &len);
	xg_expect_clean(f, len);
	free(f);
	/* Automatic doubles only from version 26 on. */
	xgb_put_i32(xgb_rec(&m.rec, 1) + 64, 2);
	xgb_put_i32(xgb_rec(&m.rec, 0) + 552, 25);
	f = xg_bytes(&m, &len);
	xg_expect_clean(f, len);
	free(f);
	xgb_match_free(&m);
	/* The set-up position's message. */
	f = legal_with_byte(12, 30, 1, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].message, "game 2 starts from a set-up "
	                 "position, not the starting position");
	ts_free(&r);
	free(f);
}
END_TEST

/* The game line and score line a game header makes (5.2), checked by the
   replay at the game header. */
START_TEST(game_numbers_and_scores)
{
	size_t len;
	unsigned char *f = legal_with_i32(1, 48, 5, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].line, "m.xg: record 1 (game 5): error: 'Game "
	                 "5': the first game of a record is game 1 "
	                 "[bg-game-number]");
	ck_assert_str_eq(r.diags[0].context, " Game 5\n Ann : 0    Ben : 0");
	ck_assert_int_eq(r.diags[0].place_game, 5);
	ck_assert_int_eq(r.diags[0].row, -1);
	ck_assert_str_eq(r.diags[1].where, "record 12 (game 2)");
	ts_free(&r);
	free(f);
	f = legal_with_i32(12, 12, 0, &len);
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-score-mismatch");
	ck_assert_str_eq(r.diags[0].where, "record 12 (game 2)");
	ck_assert_str_eq(r.diags[0].context, " Game 2\n Ann : 0    Ben : 0");
	ts_free(&r);
	free(f);
	/* A game after the end of the match. */
	xgb_match m;
	legal_match(&m);
	m.rec.n--;                              /* no match footer */
	xgb_game(&m, 3, 0, 3, 0);
	f = xg_bytes(&m, &len);
	xg_expect(f, len, "bg-game-after-match-end", "record 22 (game 3)");
	free(f);
	xgb_match_free(&m);
}
END_TEST

/* G5: CrawfordApply names the Crawford game exactly; it stops nothing. */
START_TEST(crawford_flag)
{
	xgb_match m;
	xgb_match_begin(&m, 3, "Ann", "Ben");
	xgb_game(&m, 0, 0, 1, 0);
	xgb_cube(&m, 0, -2, -1);
	xgb_move(&m, 0, 3, 1, "8/5 6/5", 1);
	xgb_cube(&m, 1, 1, 0);                  /* Ben doubles, Ann passes */
	xgb_footer(&m, 1, 1);
	size_t g2 = xgb_game(&m, 0, 1, 2, 0);   /* 0-1: not Crawford */
	xgb_cube(&m, 0, -2, -1);
	xgb_move(&m, 0, 3, 1, "8/5 6/5", 1);
	xgb_cube(&m, 1, 1, 0);
	xgb_footer(&m, 1, 1);
	size_t g3 = xgb_game(&m, 0, 2, 3, 1);   /* 0-2: the Crawford game */
	xgb_cube(&m, 0, -2, -1);
	xgb_move(&m, 0, 3, 1, "8/5 6/5", 1);
	size_t len;
	unsigned char *f = xg_bytes(&m, &len);
	xg_expect_clean(f, len);
	free(f);
	xgb_rec(&m.rec, g3)[20] = 0;
	f = xg_bytes(&m, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].line, "m.xg: record 11 (game 3): error: the "
	                 "game header's CrawfordApply says game 3 is not the "
	                 "Crawford game; by the score it is [bg-xg-inconsistent]");
	/* The replay goes on: the game's move was replayed. */
	ck_assert_int_eq(r.summary.moves, 9);
	ts_free(&r);
	free(f);
	xgb_rec(&m.rec, g3)[20] = 1;
	xgb_rec(&m.rec, g2)[20] = 1;
	f = xg_bytes(&m, &len);
	xg_expect(f, len, "bg-xg-inconsistent", "record 6 (game 2)");
	free(f);
	/* With the Crawford rule off there is nothing to compare. */
	xgb_rec(&m.rec, 0)[100] = 0;
	f = xg_bytes(&m, &len);
	xg_expect_clean(f, len);
	free(f);
	xgb_match_free(&m);
}
END_TEST

START_TEST(cube_record_checks)
{
	/* 4.3 in order, at the record, in its game. */
	EXPECT_I32(10, 12, 0, "bg-xg-bad-record", "record 10 (game 1)");
	EXPECT_I32(10, 16, 2, "bg-xg-bad-record", "record 10 (game 1)");
	EXPECT_I32(10, 16, -3, "bg-xg-bad-record", "record 10 (game 1)");
	EXPECT_I32(10, 20, 3, "bg-xg-bad-record", "record 10 (game 1)");
	EXPECT_I32(10, 20, -2, "bg-xg-bad-record", "record 10 (game 1)");
	EXPECT_I32(10, 32, 31, "bg-xg-bad-record", "record 10 (game 1)");
	EXPECT_I32(4, 32, -31, "bg-xg-bad-record", "record 4 (game 1)");
	EXPECT_BYTE(10, 296, 1, "bg-xg-unsupported", "record 10 (game 1)");
	/* Fields of an offer only, when there is none. */
	CLEAN_I32(4, 20, 7);
	CLEAN_I32(4, 24, 9);
	/* Double -1 (before a resignation) and -2 give no cell. */
	CLEAN_I32(4, 16, -1);
	CLEAN_I32(4, 16, -2);
	/* An offer nobody answered (-1): a resignation may follow it, not a
	   roll. */
	CLEAN_I32(10, 20, -1);
	size_t len;
	unsigned char *f = legal_with_i32(15, 20, -1, &len);
	xg_expect(f, len, "bg-cube-no-response", "record 16 (game 2, row 2)");
	free(f);
	/* The cube record's cells are the replay's to judge: an offer before
	   the opening roll. */
	f = legal_with_i32(2, 16, 1, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_str_eq(r.diags[0].line, "m.xg: record 2 (game 1, row 1): "
	                 "error: 'Double to 2': the cube may not be offered before "
	                 "the opening roll [bg-turn-order]");
	ts_free(&r);
	free(f);
}
END_TEST

/* X3: CubeB and Position at an offer. */
START_TEST(offer_against_the_replay)
{
	size_t len;
	unsigned char *f = legal_with_i32(10, 32, 1, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].line, "m.xg: record 10 (game 1, row 3): "
	                 "error: the stored cube before 'Double to 4' is at 2, "
	                 "owned by Ann; the replay has it at 1 in the centre "
	                 "[bg-xg-inconsistent]");
	ts_free(&r);
	free(f);
	f = legal_with_byte(10, 36 + 6, 5, &len);
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].code, "bg-xg-inconsistent");
	ck_assert_str_eq(r.diags[0].message, "the stored position at 'Double to "
	                 "2' has 5 checkers of Ann on point 6 (Ann's numbering); "
	                 "the replay has 4 of Ann");
	ck_assert_str_eq(r.diags[0].context, "Double to 2");
	ts_free(&r);
	free(f);
}
END_TEST


START_TEST(move_record_checks)
{
	/* 4.4 in order, Moves last. */
	EXPECT_I32(7, 64, 0, "bg-xg-bad-record", "record 7 (game 1)");
	EXPECT_I32(7, 100, 7, "bg-xg-bad-record", "record 7 (game 1)");
	EXPECT_I32(7, 104, 0, "bg-xg-bad-record", "record 7 (game 1)");
	EXPECT_I32(7, 108, 31, "bg-xg-bad-record", "record 7 (game 1)");
	EXPECT_BYTE(7, 2308, 2, "bg-xg-bad-record", "record 7 (game 1)");
	EXPECT_BYTE(7, 2528, 1, "bg-xg-unsupported", "record 7 (game 1)");
	EXPECT_I32(7, 68, 25, "bg-xg-bad-record", "record 7 (game 1)");
	EXPECT_I32(7, 68, -2, "bg-xg-bad-record", "record 7 (game 1)");
	EXPECT_I32(7, 72, -7, "bg-xg-bad-record", "record 7 (game 1)");
	EXPECT_I32(7, 72, 24, "bg-xg-bad-record", "record 7 (game 1)");
	EXPECT_I32(7, 72, 12, "bg-xg-bad-record", "record 7 (game 1)");
	size_t len;
	unsigned char *f = legal_with_i32(7, 100, 7, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_str_eq(r.diags[0].line, "m.xg: record 7 (game 1): error: move "
	                 "record: dice 7-4 [bg-xg-bad-record]");
	ck_assert_int_eq(r.diags[0].record, 7);
	ck_assert_int_eq(r.diags[0].place_game, 1);
	ts_free(&r);
	free(f);
	/* A pair after the end of the list. */
	xgb_match m;
	legal_match(&m);
	unsigned char *mv = xgb_rec(&m.rec, 7);
	xgb_put_i32(mv + 76, -1);
	xgb_put_i32(mv + 84, 5);
	xgb_put_i32(mv + 88, 3);
	f = xg_bytes(&m, &len);
	xg_check(f, len, &r);
	ck_assert_str_eq(r.diags[0].message, "move record: move 3 (5, 3) comes "
	                 "after the end of the list");
	ts_free(&r);
	free(f);
	/* Not read at all when Played is 0 (and then nothing was played). */
	mv[2308] = 0;
	memset(mv + 35, 0, 26);
	f = xg_bytes(&m, &len);
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].line, "m.xg: record 7 (game 1, row 2): "
	                 "error: '6-4:': 6-4 can be played, for example 24/20 "
	                 "24/18 [bg-no-play-but-legal]");
	ts_free(&r);
	free(f);
	xgb_match_free(&m);
	/* Played, and an empty list: no play. */
	legal_match(&m);
	mv = xgb_rec(&m.rec, 7);
	for (int k = 0; k < 8; k++)
		xgb_put_i32(mv + 68 + 4 * k, -1);
	f = xg_bytes(&m, &len);
	xg_check(f, len, &r);
	ck_assert_str_eq(r.diags[0].code, "bg-no-play-but-legal");
	ck_assert_str_eq(r.diags[0].context, "6-4: no play");
	ts_free(&r);
	free(f);
	xgb_match_free(&m);
}
END_TEST

/* Hops (4.4): the bar as 24, off as any negative `to`, and a pair of
   several dice. */
START_TEST(hop_encodings)
{
	const char *lines[2];
	char *got[2];
	for (int v = 0; v < 2; v++) {
		xgb_match m;
		xgb_match_begin(&m, 5, "Ann", "Ben");
		xgb_game(&m, 0, 0, 1, 0);
		size_t i = xgb_move(&m, 0, 6, 5, "13/8 3/off", 1);
		/* 3/off with the 6: stored as 2 - 6 (XG's own), or -1 (imported). */
		xgb_put_i32(xgb_rec(&m.rec, i) + 80, v == 0 ? -4 : -1);
		size_t len;
		unsigned char *f = xg_bytes(&m, &len);
		ts_result r;
		xg_check(f, len, &r);
		ck_assert_int_eq(r.ndiags, 1);
		got[v] = strdup(r.diags[0].line);
		ts_free(&r);
		free(f);
		xgb_match_free(&m);
	}
	lines[0] = got[0];
	lines[1] = got[1];
	ck_assert_str_eq(lines[0], lines[1]);
	ck_assert_str_eq(lines[0], "m.xg: record 2 (game 1, row 1): error: "
	                 "'6-5: 13/8 3/off': Ann has no checker on point 3 "
	                 "[bg-empty-point]");
	free(got[0]);
	free(got[1]);
}
END_TEST

/* X1 and X2: the positions before and after, and the cube after. */
START_TEST(move_against_the_replay)
{
	size_t len;
	ts_result r;
	/* PositionI: three of Ann's checkers on her 24 point. */
	unsigned char *f = legal_with_byte(7, 9 + 24, 3, &len);
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].line, "m.xg: record 7 (game 1, row 2): "
	                 "error: the stored position before '6-4: 13/9 13/7*' has "
	                 "3 checkers of Ann on point 24 (Ann's numbering); the "
	                 "replay has 2 of Ann [bg-xg-inconsistent]");
	ck_assert_int_eq(r.diags[0].row, 2);
	ck_assert_str_eq(r.diags[0].context, "6-4: 13/9 13/7*");
	ts_free(&r);
	free(f);
	/* PositionEnd, in the mover's view: Ben's (index 25 is his bar). */
	f = legal_with_byte(9, 35 + 25, 1, &len);
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].message, "the stored position after '5-2: "
	                 "bar/23 13/8' has 1 checker of Ben on the bar; the replay "
	                 "has none");
	ts_free(&r);
	free(f);
	/* CubeA. */
	f = legal_with_i32(7, 108, 1, &len);
	xg_check(f, len, &r);
	ck_assert_str_eq(r.diags[0].message, "the stored cube at '6-4: 13/9 "
	                 "13/7*' is at 2, owned by Ann; the replay has it at 1 in "
	                 "the centre");
	ts_free(&r);
	free(f);
	f = legal_with_i32(16, 108, 0, &len);
	xg_expect(f, len, "bg-xg-inconsistent", "record 16 (game 2, row 2)");
	free(f);
	/* Played = 0: CubeA still, PositionEnd not. */
	f = legal_with_i32(20, 108, 0, &len);
	xg_expect(f, len, "bg-xg-inconsistent", "record 20 (game 2, row 3)");
	free(f);
	f = legal_with_byte(20, 35 + 3, 9, &len);
	xg_expect_clean(f, len);
	free(f);
}
END_TEST

/* 5.3: hits come from the positions; a point no legal way lands on is X2. */
START_TEST(hits_from_positions)
{
	char *mat;
	xgb_match m;
	legal_match(&m);
	unsigned char *mv = xgb_rec(&m.rec, 7);
	/* Ben's blot on Ann's 14 gone as well (to the bar). */
	ck_assert_int_eq((signed char)mv[35 + 14], -1);
	mv[35 + 14] = 0;
	mv[35 + 0] = (unsigned char)-2;
	size_t len;
	unsigned char *f = xg_bytes(&m, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].line, "m.xg: record 7 (game 1, row 2): "
	                 "error: the stored position after '6-4: 13/9 13/7*' "
	                 "takes Ben's blot off point 14, but no legal way of "
	                 "making the play lands there [bg-xg-inconsistent]");
	ts_free(&r);
	free(f);
	xgb_match_free(&m);
	/* The blot on 7 still there after the play: an unmarked hit (the
	   warning of a text file), then PositionEnd is wrong. */
	legal_match(&m);
	mv = xgb_rec(&m.rec, 7);
	mv[35 + 7] = (unsigned char)-1;
	mv[35 + 0] = 0;
	f = xg_bytes(&m, &len);
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].code, "bg-hit-marker-missing");
	ck_assert_int_eq(r.diags[0].severity, NT_SEV_WARNING);
	ck_assert_str_eq(r.diags[1].code, "bg-xg-inconsistent");
	ck_assert_str_eq(r.diags[1].where, "record 7 (game 1, row 2)");
	ts_free(&r);
	free(f);
	xgb_match_free(&m);
	/* S decides the route of a hop of several dice: Ann's 6-2 stored as
	   one pair from 13 to 5, and Ben's blot on her 11 gone: through 11. */
	xgb_match_begin(&m, 5, "Ann", "Ben");
	xgb_game(&m, 0, 0, 1, 0);
	xgb_move(&m, 0, 4, 2, "8/4 6/4", 1);
	xgb_move(&m, 1, 6, 4, "24/14", 1);
	xgb_move(&m, 0, 6, 2, "13/11*/5", 1);
	f = xg_bytes(&m, &len);
	xg_expect_clean(f, len);
	mat = xg_convert(f, len, "mat");
	ck_assert_msg(strstr(mat, "  2) 62: 13/11* 11/5 ") != NULL, "%s", mat);
	free(mat);
	mat = xg_convert(f, len, "sheet");
	ck_assert_msg(strstr(mat, "  2) 6-2: 13/11*/5") != NULL, "%s", mat);
	free(mat);
	free(f);
	xgb_match_free(&m);
}
END_TEST

START_TEST(unplayed_rolls)
{
	/* The last cell of a game without a footer: dropped (5.2). */
	xgb_match m;
	legal_match(&m);
	m.rec.n -= 2;                           /* no footer, no match footer */
	size_t len;
	unsigned char *f = xg_bytes(&m, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 0);
	ck_assert_int_eq(r.summary.moves, 12);
	ck_assert_str_eq(r.summary.result, "1-0");
	ts_free(&r);
	char *mat = xg_convert(f, len, "mat");
	ck_assert_msg(strstr(mat, "55:") == NULL && strstr(mat, "Wins 2") == NULL,
	              "%s", mat);
	free(mat);
	free(f);
	xgb_match_free(&m);
	/* Followed by the roller's own win: not a resignation. */
	legal_match(&m);
	xgb_put_i32(xgb_rec(&m.rec, 21) + 24, -1);
	f = xg_bytes(&m, &len);
	xg_expect(f, len, "bg-no-play-but-legal", "record 20 (game 2, row 3)");
	free(f);
	xgb_match_free(&m);
}
END_TEST

START_TEST(footers)
{
	EXPECT_I32(11, 24, 0, "bg-xg-bad-record", "record 11 (game 1)");
	EXPECT_I32(11, 28, 0, "bg-xg-bad-record", "record 11 (game 1)");
	/* Termination and the footer's scores are not read. */
	CLEAN_I32(11, 32, 104);
	CLEAN_I32(11, 12, 77);
	CLEAN_I32(22, 12, 5);
	size_t len;
	unsigned char *f = legal_with_i32(11, 28, 2, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_str_eq(r.diags[0].line, "m.xg: record 11 (game 1, result): "
	                 "error: 'Wins 2 points': Ann wins the cube value before "
	                 "the refused offer, 1 point [bg-wins-wrong-points]");
	ck_assert_int_eq(r.diags[0].row, -1);
	ck_assert_str_eq(r.diags[0].context, "Wins 2 points");
	ts_free(&r);
	free(f);
	/* The right player's result on the row he left open. */
	xgb_match m;
	xgb_match_begin(&m, 3, "Ann", "Ben");
	xgb_game(&m, 0, 0, 1, 0);
	xgb_move(&m, 0, 3, 1, "8/5 6/5", 1);
	xgb_cube(&m, 1, 1, 0);                  /* row 1: Ben doubles, row 2: pass */
	xgb_footer(&m, 1, 1);
	f = xg_bytes(&m, &len);
	char *mat = xg_convert(f, len, "mat");
	ck_assert_msg(strstr(mat, "  2)  Drops                       Wins 1 point \n")
	              != NULL, "%s", mat);
	free(mat);
	xgb_put_i32(xgb_rec(&m.rec, 4) + 28, 2);
	free(f);
	f = xg_bytes(&m, &len);
	xg_expect(f, len, "bg-wins-wrong-points", "record 4 (game 1, row 2)");
	free(f);
	xgb_match_free(&m);
}
END_TEST

START_TEST(record_order)
{
	/* A match header inside a game breaks it; the next game is read. */
	size_t len;
	unsigned char *f = legal_with_byte(5, 8, 0, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].line, "m.xg: record 5 (game 1): error: a "
	                 "match header record; the match header is record 0 and "
	                 "only that [bg-xg-record-order]");
	ck_assert_int_eq(r.summary.games, 2);
	/* Game 2's score line (1-0) is taken as it is after a broken game. */
	ck_assert_str_eq(r.summary.result, "3-0");
	ts_free(&r);
	free(f);
	/* Records of unknown or unread types. */
	EXPECT_BYTE(5, 8, 6, "bg-xg-unsupported", "record 5 (game 1)");
	EXPECT_BYTE(5, 8, 7, "bg-xg-unsupported", "record 5 (game 1)");
	EXPECT_BYTE(5, 8, 9, "bg-xg-bad-record", "record 5 (game 1)");
	/* Before the first game header: reported, then on at a game header. */
	xgb_match m;
	xgb_match_begin(&m, 3, "Ann", "Ben");
	xgb_move(&m, 0, 3, 1, "8/5 6/5", 1);
	xgb_add(&m.rec, 7);
	xgb_game(&m, 0, 0, 1, 0);
	xgb_move(&m, 0, 3, 1, "8/5 6/5", 1);
	f = xg_bytes(&m, &len);
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 1);
	ck_assert_str_eq(r.diags[0].line, "m.xg: record 1: error: a move record "
	                 "before the first game header [bg-xg-record-order]");
	ck_assert_int_eq(r.summary.moves, 1);
	ts_free(&r);
	free(f);
	xgb_match_free(&m);
	/* After a game's footer: reported after that game's findings, which
	   it does not break. */
	legal_match(&m);
	xgb_put_i32(xgb_rec(&m.rec, 11) + 28, 2);   /* wrong points */
	xgb_records keep = m.rec;
	xgb_records mod;
	memset(&mod, 0, sizeof mod);
	for (size_t i = 0; i < keep.n; i++) {
		size_t k = xgb_add(&mod, 0);
		memcpy(xgb_rec(&mod, k), xgb_rec(&keep, i), XGB_RECORD);
		if (i == 11) {
			xgb_add(&mod, 3);
			xgb_add(&mod, 2);
		}
	}
	f = xgb_file(&mod, &len);
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].code, "bg-wins-wrong-points");
	ck_assert_str_eq(r.diags[1].line, "m.xg: record 12 (after game 1): error: "
	                 "a move record after the footer of game 1 "
	                 "[bg-xg-record-order]");
	ck_assert_int_eq(r.summary.games, 2);
	ts_free(&r);
	free(f);
	/* After the match footer: the first record, and nothing more. */
	xgb_add(&mod, 1);
	xgb_add(&mod, 9);
	f = xgb_file(&mod, &len);
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 3);
	ck_assert_str_eq(r.diags[2].line, "m.xg: record 25 (after game 2): "
	                 "error: a game header record after the match footer "
	                 "[bg-xg-record-order]");
	ts_free(&r);
	free(f);
	xgb_records_free(&mod);
	xgb_match_free(&m);
	/* A match footer may end an unfinished game. */
	xgb_match_begin(&m, 3, "Ann", "Ben");
	xgb_game(&m, 0, 0, 1, 0);
	xgb_move(&m, 0, 3, 1, "8/5 6/5", 1);
	xgb_match_footer(&m);
	xgb_move(&m, 1, 3, 1, "8/5 6/5", 1);
	f = xg_bytes(&m, &len);
	xg_expect(f, len, "bg-xg-record-order", "record 4");
	free(f);
	xgb_match_free(&m);
}
END_TEST

/* 6.1 and 6.4: the cells before a broken record are checked first; the
   next game's score is taken as it stands. */
START_TEST(broken_games)
{
	xgb_match m;
	legal_match(&m);
	xgb_put_i32(xgb_rec(&m.rec, 5) + 68, 22);   /* 23/17: Ben has none */
	xgb_put_i32(xgb_rec(&m.rec, 5) + 72, 16);
	xgb_put_i32(xgb_rec(&m.rec, 7) + 100, 9);
	xgb_put_i32(xgb_rec(&m.rec, 12) + 12, 0);   /* wrong, but not checked */
	size_t len;
	unsigned char *f = xg_bytes(&m, &len);
	ts_result r;
	xg_check(f, len, &r);
	ck_assert_int_eq(r.ndiags, 2);
	ck_assert_str_eq(r.diags[0].where, "record 5 (game 1, row 1)");
	ck_assert_str_eq(r.diags[0].code, "bg-empty-point");
	ck_assert_str_eq(r.diags[1].where, "record 7 (game 1)");
	ck_assert_str_eq(r.diags[1].code, "bg-xg-bad-record");
	ts_free(&r);
	free(f);
	xgb_match_free(&m);
}
END_TEST


/* ------------------------------------------------- the command line */

/* The legal match with X1 broken at record 7, as a file in the test's
   folder (malloc'd path). */
static char *
inconsistent_file(const char *name)
{
	size_t len;
	unsigned char *f = legal_with_byte(7, 9 + 24, 3, &len);
	char *path = ts_in_dir(name, NULL);
	ck_assert_int_eq(ts_write_file(path, (const char *)f, len), 0);
	free(f);
	return path;
}

START_TEST(cli_outputs)
{
	char *path = inconsistent_file("m.xg");
	char *out, *err, want[4096];
	int rc = ts_run((const char *[]){ "check", path, NULL }, NULL, &out, &err);
	ck_assert_int_eq(rc, 1);
	snprintf(want, sizeof want, "%s: record 7 (game 1, row 2): error: the "
	         "stored position before '6-4: 13/9 13/7*' has 3 checkers of Ann "
	         "on point 24 (Ann's numbering); the replay has 2 of Ann "
	         "[bg-xg-inconsistent]\n", path);
	ck_assert_str_eq(out, want);
	free(out);
	free(err);
	/* --context: the move as notate writes it, one or several jobs. */
	const char *jobs[] = { "1", "2" };
	for (int j = 0; j < 2; j++) {
		rc = ts_run((const char *[]){ "check", "--context", "-j", jobs[j],
		                              path, NULL }, NULL, &out, &err);
		ck_assert_int_eq(rc, 1);
		ck_assert_msg(strstr(out, "[bg-xg-inconsistent]\n"
		                     "      | 6-4: 13/9 13/7*\n"
		                     "      | ^~~~~~~~~~~~~~~\n") != NULL, "%s", out);
		free(out);
		free(err);
	}
	/* JSON: no line, the place's numbers. */
	rc = ts_run((const char *[]){ "check", "-f", "json", path, NULL }, NULL,
	            &out, &err);
	ck_assert_msg(strstr(out, "\"line\":null,\"column\":null,\"endLine\":null,"
	                     "\"endColumn\":null,\"severity\":\"error\",\"code\":"
	                     "\"bg-xg-inconsistent\"") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "\"where\":\"record 7 (game 1, row 2)\","
	                     "\"offset\":null,\"record\":7,\"game\":1,\"row\":2,"
	                     "\"move\":3}") != NULL, "%s", out);
	free(out);
	free(err);
	/* GitHub: the file alone; SARIF: a logical location. */
	rc = ts_run((const char *[]){ "check", "-f", "github", path, NULL }, NULL,
	            &out, &err);
	snprintf(want, sizeof want, "::error file=%s,title=bg-xg-inconsistent::",
	         path);
	ck_assert_msg(strncmp(out, want, strlen(want)) == 0, "%s", out);
	free(out);
	free(err);
	rc = ts_run((const char *[]){ "check", "-f", "sarif", path, NULL }, NULL,
	            &out, &err);
	ck_assert_msg(strstr(out, "}},\"logicalLocations\":[{\"name\":\"record 7 "
	                     "(game 1, row 2)\"}]}]") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "\"region\"") == NULL, "%s", out);
	free(out);
	free(err);
	free(path);
}
END_TEST

START_TEST(cli_commands)
{
	xgb_match m;
	legal_match(&m);
	size_t len;
	unsigned char *f = xg_bytes(&m, &len);
	xgb_match_free(&m);
	char *dir = ts_in_dir("matches", NULL);
	ck_assert_int_eq(mkdir(dir, 0777), 0);
	char path[700];
	snprintf(path, sizeof path, "%s/a.xg", dir);
	ck_assert_int_eq(ts_write_file(path, (const char *)f, len), 0);
	free(f);
	char *out, *err;
	/* A folder: .xg files are records. */
	int rc = ts_run((const char *[]){ "check", "-r", "--summary", dir, NULL },
	                NULL, &out, &err);
	ck_assert_int_eq(rc, 0);
	ck_assert_str_eq(out, "1 file, 2 games, 14 moves, 0 errors, 0 warnings, 0 style findings\n");
	free(out);
	free(err);
	rc = ts_run((const char *[]){ "convert", "--to", "mat", path, NULL }, NULL,
	            &out, &err);
	ck_assert_int_eq(rc, 0);
	ck_assert_str_eq(out, legal_mat);
	free(out);
	free(err);
	/* Through standard input: the first bytes say XG (a pipe, not a file). */
	const char *bin = getenv("NOTATE") ? getenv("NOTATE") : "build/notate";
	char cmd[2000];
	snprintf(cmd, sizeof cmd, "cat '%s' | %s check --summary - > '%s.out'",
	         path, bin, path);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(cmd, sizeof cmd, "%s.out", path);
	out = ts_read_file(cmd, NULL);
	ck_assert_str_eq(out, "1 file, 2 games, 14 moves, 0 errors, 0 warnings, 0 style findings\n");
	free(out);
	/* convert --to json: moves have a place instead of a line. */
	rc = ts_run((const char *[]){ "convert", "--to", "json", path, NULL },
	            NULL, &out, &err);
	ck_assert_int_eq(rc, 0);
	ck_assert_msg(strstr(out, "{\"index\":1,\"side\":\"Ann\",\"move\":\"3-1: "
	                     "8/5 6/5\",\"line\":null,\"column\":null,\"where\":"
	                     "\"record 3 (game 1, row 1)\",\"record\":3}") != NULL,
	              "%s", out);
	free(out);
	free(err);
	rc = ts_run((const char *[]){ "stats", path, NULL }, NULL, &out, &err);
	ck_assert_int_eq(rc, 0);
	free(out);
	free(err);
	rc = ts_run((const char *[]){ "show", "--game-no", "1", "--move", "2",
	                              path, NULL }, NULL, &out, &err);
	ck_assert_int_eq(rc, 0);
	ck_assert_msg(strstr(out, "6-2: 24/18 13/11") != NULL, "%s", out);
	free(out);
	free(err);
	/* show --row counts the rows of the mat conversion. */
	rc = ts_run((const char *[]){ "show", "--game-no", "1", "--row", "2",
	                              path, NULL }, NULL, &out, &err);
	ck_assert_int_eq(rc, 0);
	ck_assert_msg(strstr(out, "Game 1, after move 4 (5-2: bar/23 13/8)") != NULL,
	              "%s", out);
	free(out);
	free(err);
	/* No XG writer: fmt has no canonical form to give. */
	rc = ts_run((const char *[]){ "fmt", path, NULL }, NULL, &out, &err);
	ck_assert_int_eq(rc, 3);
	ck_assert_msg(strstr(err, "has no canonical form") != NULL, "%s", err);
	free(out);
	free(err);
	free(dir);
}
END_TEST


/* ------------------------------------------------ one case per code */

/* A file that gets CODE first, for every bg-xg- code (malloc'd). */
static unsigned char *
case_for(const char *code, size_t *len)
{
	if (strcmp(code, "bg-xg-bad-magic") == 0) {
		*len = 4;
		return (unsigned char *)strdup("PK\003\004");
	}
	if (strcmp(code, "bg-xg-truncated") == 0) {
		unsigned char *f = calloc(5000, 1);
		memcpy(f, "RGMH", 4);
		*len = 5000;
		return f;
	}
	if (strcmp(code, "bg-xg-too-large") == 0)
		return game_file_as("x", 1, 314572800L, 0, len);
	if (strcmp(code, "bg-xg-bad-record") == 0)
		return legal_with_i32(7, 100, 7, len);
	if (strcmp(code, "bg-xg-record-order") == 0)
		return legal_with_byte(0, 8, 1, len);
	if (strcmp(code, "bg-xg-unsupported") == 0)
		return legal_with_i32(0, 96, 1, len);
	if (strcmp(code, "bg-xg-inconsistent") == 0)
		return legal_with_byte(7, 9 + 24, 3, len);
	xgb_match m;
	legal_match(&m);
	unsigned char *f = xg_bytes(&m, len);
	xgb_match_free(&m);
	if (strcmp(code, "bg-xg-bad-archive") == 0)
		xgb_put_u32(f + 8, 8231);
	else if (strcmp(code, "bg-xg-crc") == 0)
		f[8232 + 40] ^= 0x55;
	else if (strcmp(code, "bg-xg-zlib") == 0)
		xgb_put_i32(f + *len - 36 + 4, 1);
	else
		ck_abort_msg("no case for %s: add one here", code);
	return f;
}

START_TEST(every_xg_code_has_a_case)
{
	int n = 0;
	for (const nt_code_info *c = nt_game_codes(nt_game_by_name(BG));
	     c->code != NULL; c++) {
		if (strncmp(c->code, "bg-xg-", 6) != 0)
			continue;
		size_t len;
		unsigned char *f = case_for(c->code, &len);
		ts_result r;
		xg_check(f, len, &r);
		ck_assert_msg(r.ndiags >= 1 && strcmp(r.diags[0].code, c->code) == 0,
		              "%s: got %s", c->code, r.ndiags ? r.diags[0].line : "none");
		ck_assert_int_eq(r.diags[0].severity, c->severity);
		ts_free(&r);
		free(f);
		n++;
	}
	ck_assert_int_eq(n, 10);
}
END_TEST

Suite *
backgammon_read_xg_suite(void)
{
	Suite *s = suite_create("backgammon-read-xg");
	TCase *tc = tcase_create("legal");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, legal_match_checks_and_converts);
	tcase_add_test(tc, any_name_reads_as_xg);
	suite_add_tcase(s, tc);
	tc = tcase_create("container");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, magic_and_size);
	tcase_add_test(tc, header_and_trailer);
	tcase_add_test(tc, thumbnail_stored_registry_and_three_files);
	tcase_add_test(tc, registry_entries);
	tcase_add_test(tc, registry_zlib);
	tcase_add_test(tc, game_file_stream);
	tcase_add_test(tc, zip_bomb_and_size_limit);
	tcase_add_test(tc, game_file_records_whole);
	tcase_add_test(tc, position_files);
	suite_add_tcase(s, tc);
	tc = tcase_create("records");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, match_header_checks);
	tcase_add_test(tc, header_lines);
	tcase_add_test(tc, names_and_old_versions);
	tcase_add_test(tc, money_beavers_and_raccoons);
	tcase_add_test(tc, game_header_checks);
	tcase_add_test(tc, game_numbers_and_scores);
	tcase_add_test(tc, crawford_flag);
	tcase_add_test(tc, cube_record_checks);
	tcase_add_test(tc, offer_against_the_replay);
	tcase_add_test(tc, move_record_checks);
	tcase_add_test(tc, hop_encodings);
	tcase_add_test(tc, move_against_the_replay);
	tcase_add_test(tc, hits_from_positions);
	tcase_add_test(tc, unplayed_rolls);
	tcase_add_test(tc, footers);
	tcase_add_test(tc, record_order);
	tcase_add_test(tc, broken_games);
	tcase_add_test(tc, every_xg_code_has_a_case);
	suite_add_tcase(s, tc);
	tc = tcase_create("cli");
	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_add_test(tc, cli_outputs);
	tcase_add_test(tc, cli_commands);
	suite_add_tcase(s, tc);
	return s;
}
