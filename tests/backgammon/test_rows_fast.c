/*
 * The lexer reads a row of the common shape (row number, one or two roll
 * cells of simple sub-moves or of dice alone, blanks, the line end) in one
 * pass when the whole line is in its buffer, and hands it to the parser as
 * one ROWFAST token; anything else is read token by token.  These tests
 * show which rows take that path, and that every row, right or wrong,
 * gives exactly the diagnostics it gives token by token: each record is
 * checked with the default buffer (the whole line is there) and with a
 * 64-byte buffer filled 7 bytes at a time (it hardly ever is).
 */
#include "backgammon/records_util.h"

#include "games/backgammon/record.h"
#include "bg_parse.h"

typedef struct str_src {
	const char *text;
	size_t pos;
	size_t chunk;           /* bytes per read at most; 0: no limit */
} str_src;

static long
str_read(void *handle, void *buf, size_t size)
{
	str_src *s = handle;
	size_t left = strlen(s->text + s->pos);
	size_t n = left < size ? left : size;
	if (s->chunk > 0 && n > s->chunk)
		n = s->chunk;
	memcpy(buf, s->text + s->pos, n);
	s->pos += n;
	return (long)n;
}

/* The first token the lexer gives for LINE read as MODE through a
   BUFFER-byte buffer (0: the default) filled CHUNK bytes at a time (0: as
   much as fits); for a whole row or score line, what it carries. */
static int
first_token_through(const char *line, int mode, bg_fast_row *row,
                    char names[4][64], size_t buffer, size_t chunk)
{
	str_src s = { line, 0, chunk };
	nt_source src = { str_read, &s, "t" };
	nt_options opts;
	memset(&opts, 0, sizeof opts);
	opts.buffer_size = buffer;
	nt_summary sum;
	memset(&sum, 0, sizeof sum);
	nt_run run;
	memset(&run, 0, sizeof run);
	run.src = &src;
	run.opts = &opts;
	nt_reporter_init(&run.rep, NULL, "t", &sum, 0);
	bg_parse *p = malloc(sizeof *p);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(bg_parse_init(p, &run, NULL), 0);
	p->lx.mode = mode;
	BG_YYSTYPE v;
	BG_YYLTYPE loc;
	int tok = bg_yylex(&v, &loc, p);
	if (tok == BG_TOK_ROWFAST && row != NULL)
		*row = p->lx.rows[v.num % BG_ROW_RING].row[0];
	for (int k = 0; tok == BG_TOK_SCOREFAST && names != NULL && k < 4; k++) {
		const bg_tokval *t = k % 2 ? &p->lx.score.score[k / 2]
		                           : &p->lx.score.name[k / 2];
		snprintf(names[k], 64, "%.*s", (int)t->len, p->lx.arena_buf.data + t->off);
		if (k % 2)
			ck_assert_int_eq(t->kind, 1);
	}
	bg_parse_free(p);
	free(p);
	return tok;
}

static int
first_token(const char *line, int mode, bg_fast_row *row, char names[4][64])
{
	return first_token_through(line, mode, row, names, 0, 0);
}

static int
first_row_token(const char *line, bg_fast_row *row)
{
	return first_token(line, BG_MODE_ROWS, row, NULL);
}

START_TEST(common_score_lines_are_one_token)
{
	char n[4][64];
	ck_assert_int_eq(first_token(" Xavier : 0                     Olga : 0\n",
	                             BG_MODE_SCORE, NULL, n), BG_TOK_SCOREFAST);
	ck_assert_str_eq(n[0], "Xavier");
	ck_assert_str_eq(n[1], "0");
	ck_assert_str_eq(n[2], "Olga");
	ck_assert_str_eq(n[3], "0");
	ck_assert_int_eq(first_token(" Ann Lee-2 : 12   Bob 7 Z : 3 \r\n",
	                             BG_MODE_SCORE, NULL, n), BG_TOK_SCOREFAST);
	ck_assert_str_eq(n[0], "Ann Lee-2");
	ck_assert_str_eq(n[1], "12");
	ck_assert_str_eq(n[2], "Bob 7 Z");
	ck_assert_str_eq(n[3], "3");
	ck_assert_int_eq(first_token("Ann:1 Bob:2\n", BG_MODE_SCORE, NULL, n),
	                 BG_TOK_SCOREFAST);
	ck_assert_str_eq(n[2], "Bob");
	static const char *const others[] = {
		" lasse : 0                        : 0\n",
		" Ann : 0\tBob : 0\n",
		" Ann  Lee : 0   Bob : 0\n",
		" Ann : 0   Bob : 0   Cy : 0\n",
		" Ann : 1234567890   Bob : 0\n",
		" Ann : 0x   Bob : 0\n",
		" J\xc3\xb6rg : 0   Bob : 0\n",
		" Ann : 0   Bob : 0",
		NULL
	};
	for (int i = 0; others[i] != NULL; i++)
		ck_assert_msg(first_token(others[i], BG_MODE_SCORE, NULL, NULL) !=
		              BG_TOK_SCOREFAST, "'%s' read as one token", others[i]);
}
END_TEST

static char *with_row3(const char *row, int match);

/* Score lines of game 1 and game 2, both ways. */
START_TEST(every_score_line_as_token_by_token)
{
	static const char *const lines[] = {
		" Xavier : 0                     Olga : 0",
		" Xavier : 0                     Olga : 1",
		" Xavier : 0                     Olgb : 0",
		" Xavier: 0 Olga: 0",
		" Xavier :0                      Olga :0   ",
		" Xavier Smith : 0               Olga : 0",
		" Xavier : 00                    Olga : 000000000",
		" Xavier : 0                     Olga : 0000000000",
		" Xavier : 0                     Olga : 0x",
		"  : 0                           Olga : 0",
		" Xavier : 0                     : 0",
		" Xavier : 0\tOlga : 0",
		" 0 : 0                          1 : 0",
		" Xavier : 0                     Olga : 0  Cy : 0",
		" Xavier : 0 Olga : 0 1",
		" Xavier",
		" Xavier : 0                     Ol\xc3\xa9 : 0",
		NULL
	};
	for (int i = 0; lines[i] != NULL; i++)
	for (int line = 4; line <= 11; line += 7)
	for (int match = 0; match <= 3; match += 3) {
		char *t = with_row3("  3) 54: 25/20 24/20             53: 8/3 24/21",
		                    match);
		t = bg_replace_line(t, line, lines[i]);
		ts_result r;
		bg_check(t, NULL, &r);
		ts_free(&r);
		free(t);
	}
}
END_TEST

START_TEST(common_rows_are_one_token)
{
	bg_fast_row r;
	ck_assert_int_eq(first_row_token("  1) 21: 13/11 24/23             "
	                                 "43: 24/21 13/9 \n", &r), BG_TOK_ROWFAST);
	ck_assert_int_eq(r.numbered, 1);
	ck_assert_int_eq(r.ncells, 2);
	ck_assert_int_eq(r.cell[0].d1, 2);
	ck_assert_int_eq(r.cell[0].d2, 1);
	ck_assert_int_eq(r.cell[0].span.line, 1);
	ck_assert_int_eq(r.cell[0].span.col, 6);
	ck_assert_int_eq(r.cell[0].span.dcol, 6);
	ck_assert_int_eq(r.cell[0].nothing, 0);
	ck_assert_int_eq(r.cell[0].play.nsubs, 2);
	ck_assert_int_eq(r.cell[0].play.sub[1].pt[0], 24);
	ck_assert_int_eq(r.cell[0].play.sub[1].pt[1], 23);
	ck_assert_int_eq(r.cell[0].play.sub[1].off, 10);
	ck_assert_int_eq(r.cell[1].span.col, 34);
	ck_assert_int_eq(r.cell[1].d1, 4);

	/* Dice alone (no play), a dash, bar/off words, stars, counts, a lone
	   cell in either column, CRLF, no row number. */
	ck_assert_int_eq(first_row_token(" 14) 41: 8/7* 7/3                62: \n",
	                                 &r), BG_TOK_ROWFAST);
	ck_assert_int_eq(r.cell[1].nothing, 1);
	ck_assert_int_eq(first_row_token("  2) 6-1: 8/2*/1*                "
	                                 "3-3: bar/22(2) 6/3(2)\r\n", &r),
	                 BG_TOK_ROWFAST);
	ck_assert_int_eq(r.cell[1].play.sub[0].pt[0], BG_BAR);
	ck_assert_int_eq(r.cell[1].play.sub[0].count, 2);
	ck_assert_int_eq(r.cell[0].play.sub[0].star[2], 1);
	ck_assert_int_eq(first_row_token("  1)                             "
	                                 "64: 24/18 18/14 \n", &r),
	                 BG_TOK_ROWFAST);
	ck_assert_int_eq(r.ncells, 1);
	ck_assert_int_eq(r.cell[0].span.dcol, 34);
	ck_assert_int_eq(first_row_token("  27) 62: 1/0\n", &r), BG_TOK_ROWFAST);
	ck_assert_int_eq(first_row_token("6-2: 6/off 5/off\n", &r),
	                 BG_TOK_ROWFAST);
	ck_assert_int_eq(r.numbered, 0);
	ck_assert_int_eq(r.cell[0].play.sub[0].pt[1], BG_OFF);

	/* Cube actions and results. */
	ck_assert_int_eq(first_row_token("  8)  Doubles => 2                "
	                                 "Takes\n", &r), BG_TOK_ROWFAST);
	ck_assert_int_eq(r.cell[0].kind, BG_CELL_OFFER);
	ck_assert_int_eq(r.cell[0].word, BG_WORD_DOUBLE);
	ck_assert_int_eq(r.cell[0].has_number, 1);
	ck_assert_int_eq(r.cell[0].number.num, 2);
	ck_assert_int_eq(r.cell[0].number_span.col, 18);
	ck_assert_int_eq(r.cell[0].span.col, 7);
	ck_assert_int_eq(r.cell[1].kind, BG_CELL_TAKE);
	ck_assert_int_eq(first_row_token("  9) Beaver to 4  raccoons\n",
	                                 &r), BG_TOK_ROWFAST);
	ck_assert_int_eq(r.cell[0].word, BG_WORD_BEAVER);
	ck_assert_int_eq(r.cell[0].number.num, 4);
	ck_assert_int_eq(r.ncells, 2);
	ck_assert_int_eq(r.cell[1].word, BG_WORD_RACCOON);
	ck_assert_int_eq(r.cell[1].has_number, 0);
	ck_assert_int_eq(first_row_token("  5)  Drops                       "
	                                 "Wins 1 point \n", &r), BG_TOK_ROWFAST);
	ck_assert_int_eq(r.cell[0].kind, BG_CELL_PASS);
	ck_assert_int_eq(r.cell[1].kind, BG_CELL_WIN);
	ck_assert_int_eq(r.cell[1].number.num, 1);
	ck_assert_int_eq(r.cell[1].and_match, 0);
	ck_assert_int_eq(first_row_token("      Wins 10 points and the match.\n",
	                                 &r), BG_TOK_ROWFAST);
	ck_assert_int_eq(r.numbered, 0);
	ck_assert_int_eq(r.cell[0].number.num, 10);
	ck_assert_int_eq(r.cell[0].number.digits, 2);
	ck_assert_int_eq(r.cell[0].and_match, 1);
	ck_assert_int_eq(first_row_token("      Losses 2 points .\n", &r),
	                 BG_TOK_ROWFAST);
	ck_assert_int_eq(r.cell[0].kind, BG_CELL_LOSS);
	ck_assert_int_eq(r.cell[0].number.num, 2);
	ck_assert_int_eq(first_row_token("  4) 63:                          "
	                                 "Doubles => 2\n", &r), BG_TOK_ROWFAST);
	ck_assert_int_eq(r.cell[0].nothing, 1);
	ck_assert_int_eq(r.cell[1].kind, BG_CELL_OFFER);
}
END_TEST

/* The tokens of TEXT read inside a game: kinds, and the rows of each
   ROWFAST token. */
static int
row_tokens(const char *text, int *toks, int *nrows, int max)
{
	str_src s = { text, 0, 0 };
	nt_source src = { str_read, &s, "t" };
	nt_options opts;
	memset(&opts, 0, sizeof opts);
	nt_summary sum;
	memset(&sum, 0, sizeof sum);
	nt_run run;
	memset(&run, 0, sizeof run);
	run.src = &src;
	run.opts = &opts;
	nt_reporter_init(&run.rep, NULL, "t", &sum, 0);
	bg_parse *p = malloc(sizeof *p);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(bg_parse_init(p, &run, NULL), 0);
	p->lx.mode = BG_MODE_ROWS;
	int n = 0;
	for (;;) {
		BG_YYSTYPE v;
		BG_YYLTYPE loc;
		int tok = bg_yylex(&v, &loc, p);
		if (tok == BG_TOK_YYEOF || n == max)
			break;
		toks[n] = tok;
		nrows[n] = tok == BG_TOK_ROWFAST
		           ? p->lx.rows[v.num % BG_ROW_RING].nrows : 0;
		if (tok == BG_TOK_ROWFAST) {
			/* Each row keeps its own line. */
			const bg_fast_rows *b = &p->lx.rows[v.num % BG_ROW_RING];
			for (int i = 1; i < b->nrows; i++)
				ck_assert_int_gt(b->row[i].cell[0].span.line,
				                 b->row[i - 1].cell[0].span.line);
		}
		n++;
	}
	bg_parse_free(p);
	free(p);
	return n;
}

START_TEST(runs_of_rows_are_one_token)
{
	int toks[64], nrows[64];
	int n = row_tokens("  1) 21: 13/11 24/23             43: 24/21 13/9\n"
	                   "\n"
	                   "  2) 51: 13/8 23/22              51: 9/8 8/3*\n"
	                   "      Wins 1 point\n"
	                   "; a comment\n"
	                   "  3) 54: 25/20 24/20\n"
	                   "  4) 54: 25/20 24/20 no\n"
	                   "  5) 54: 25/20 24/20\n", toks, nrows, 64);
	ck_assert_int_ge(n, 5);
	ck_assert_int_eq(toks[0], BG_TOK_ROWFAST);
	ck_assert_int_eq(nrows[0], 3);
	ck_assert_int_eq(toks[1], BG_TOK_COMMENT);
	ck_assert_int_eq(toks[3], BG_TOK_ROWFAST);
	ck_assert_int_eq(nrows[3], 1);
	ck_assert_int_ne(toks[4], BG_TOK_ROWFAST);
	ck_assert_int_eq(toks[n - 1], BG_TOK_ROWFAST);
	ck_assert_int_eq(nrows[n - 1], 1);
	/* A long run is cut into tokens of BG_ROWS_BATCH rows. */
	char text[4096] = "";
	for (int i = 0; i < BG_ROWS_BATCH + 3; i++)
		strcat(text, "  1) 21: 13/11 24/23             43: 24/21 13/9\n");
	strcat(text, " Game 2\n");
	n = row_tokens(text, toks, nrows, 64);
	ck_assert_int_eq(toks[0], BG_TOK_ROWFAST);
	ck_assert_int_eq(nrows[0], BG_ROWS_BATCH);
	ck_assert_int_eq(toks[1], BG_TOK_ROWFAST);
	ck_assert_int_eq(nrows[1], 3);
	ck_assert_int_eq(toks[2], BG_TOK_GAME_KW);
}
END_TEST

START_TEST(other_rows_are_read_token_by_token)
{
	static const char *const rows[] = {
		"  8)  Doubles  => 2                Takes\n",
		"  8)  Doubles => 1234567890        Takes\n",
		"  8)  Doubles =>2                  Takes\n",
		"  8)  Doubles => 2x                Takes\n",
		"  8)  Takes ?\n",
		"      Wins 4  points\n",
		"      Wins 4 points and the\n",
		"      Winsome 4 points\n",
		"      Wins 4 points,\n",
		"  4) 63:                          Doubles => 2 Takes\n",
		"  2) 62: no play                  61: 13/7* 8/7\n",
		"  2) 62: 24/18 13/11\t\t61: 13/7* 8/7\n",
		"  2) 62: 24/18 13/11             61: 13/7* 8/7 11: 6/5\n",
		"  2) 62: 24/18 13/11 13/11 6/5 6/5\n",
		"  2) 62: 24/18 13/11,\n",
		"  2) 62: ????\n",
		"  2) 62: b/18\n",
		"123456) 62: 24/18\n",
		"  2) 62: 24/18x\n",
		"  2) 62: 24/18 13/11",         /* no line end in the buffer */
		"  2) 62: 24/18 13/11\r",
		NULL
	};
	for (int i = 0; rows[i] != NULL; i++)
		ck_assert_msg(first_row_token(rows[i], NULL) != BG_TOK_ROWFAST,
		              "'%s' read as one token", rows[i]);
}
END_TEST

/* A money session (MATCH 0) or a 3-point match whose row 3 (line 7) is
   replaced. */
static char *
with_row3(const char *row, int match)
{
	static const char base[] =
		" 0 point match\n\n"
		" Game 1\n"
		" Xavier : 0                     Olga : 0\n"
		"  1) 21: 13/11 24/23             43: 24/21 13/9 \n"
		"  2) 51: 13/8 23/22              51: 9/8 8/3* \n"
		"  3) 54: 25/20 24/20             53: 8/3 24/21 \n"
		"  4) 61: 11/5 6/5                51: 3/2 13/8 \n"
		"\n"
		" Game 2\n"
		" Xavier : 0                     Olga : 0\n"
		"  1) 21: 13/11 24/23             43: 24/21 13/9\n";
	char *t = bg_replace_line(strdup(base), 7, row);
	t[1] = (char)('0' + match);
	return t;
}

START_TEST(every_row_as_token_by_token)
{
	static const char *const rows[] = {
		"  3) 54: 25/20 24/20             53: 8/3 24/21 ",
		"  3) 54: 25/20 24/20             53: 8/3 24/21\r",
		"3) 54: bar/20 24/20 53: 8/3 24/21",
		"  3) 5-4: 25/20 24/20            5-3: 8/3 24/21",
		"     54: 25/20 24/20             53: 8/3 24/21",
		"  3) 54: BAR/20 24/20            53: 8/3 24/21",
		"  3) 54: 25/20/16                53: 8/3 24/21",
		"  3) 54: 25/20 24/26             53: 8/3 24/21",
		"  3) 54: 25/20 24/20             53: 8/3 24/29",
		"  3) 54: 25/20 20/24             53: 8/3 24/21",
		"  3) 54: 26/21 24/20             53: 8/3 24/21",
		"  3) 54: 0/5 24/20               53: 8/3 24/21",
		"  3) 54: 25/20 24/20             53: 8/3 24/21 13/10",
		"  3) 54: 25/20 24/20             53: 8/3 24/21   11: 6/5",
		"  3) 54: 25/20 24/20             53: 8/3 24/21 x",
		"  3) 54: 24/20 25/20             53: 8/3 24/21",
		"  3) 54:                         53: 8/3 24/21",
		"  3)                             53: 8/3 24/21",
		"  3) 54: 25/20 24/20",
		"  3) 54: 25/20* 24/20            53: 8/3 24/21",
		"  3) 54: 25/20 24/20             53: 8/3* 24/21",
		"  3) 54: 25/20 24/20             53: 8/3 24/21*",
		"  3) 54: 25/20(2)                53: 8/3 24/21",
		"  3) 54: 25/20 24/20(4)          53: 8/3 24/21",
		"  3) 54: 25/20 24/off            53: 8/3 24/21",
		"  3) 54: 25/off/3                53: 8/3 24/21",
		"  3) 54: 25/20 24/20\t\t\t53: 8/3 24/21",
		"  3) 64: 25/20 24/20             53: 8/3 24/21",
		"  3) 44: 25/21 24/20             53: 8/3 24/21",
		"  3) 11: 25/20 24/20             53: 8/3 24/21",
		"  3) 54: 25/20 24/20             35: 8/3 24/21",
		"  3) 54: 25/20 24/20             53: 24/21 8/3",
		"  3) 54: 25/20 24/20             53: 8/5/3 24/21",
		"  3) 54: 25/20 24/20             53: 24/16",
		"  3) 54: 25/20 24/20             53:",
		"  3) 54: 25/20 24/20  53: 8/3 24/21",
		"  3) 54: 25/20  24/20            53: 8/3 24/21",
		"  3) 54:25/20 24/20              53: 8/3 24/21",
		"  3) 54: 25/20 24/20             53: 8/3 24/21 ????",
		"  3) 54: ????                    53: 8/3 24/21",
		"99999) 54: 25/20 24/20           53: 8/3 24/21",
		"  3) 54: 25/20 24/20             Doubles => 2",
		"  3)  Doubles => 2                Takes",
		"  3)  Doubles                     Takes",
		"  3)  Double to 2                 take.",
		"  3)  Doubles => 4                Takes",
		"  3)  Doubles => 2                Drops",
		"  3)  Doubles => 2                Beavers => 4",
		"  3)  Doubles => 2                Raccoons",
		"  3)  Takes",
		"  3)  Drops",
		"  3)                              Doubles => 2",
		"  3)  Doubles => 2                Takes           Wins 1 point",
		"  3)Doubles => 2                  Takes",
		"  3)  Doubles => 2x               Takes",
		"  3)  Doubles => 1234567890       Takes",
		"  3)  Doubles  => 2               Takes",
		"      Wins 4 points",
		"      Wins 10 points",
		"  3)  Doubles => 20               Takes",
		"      Wins 1 point",
		"      Wins 1 point and the match.",
		"      Wins 1 point .",
		"      Losses 1 point",
		"                                  Wins 1 point",
		"  3)  Drops                       Wins 1 point ",
		"  3) 54: 25/20 24/20Doubles",
		NULL
	};
	long checked = 0;
	for (int i = 0; rows[i] != NULL; i++)
	for (int match = 0; match <= 3; match += 3) {
		char *t = with_row3(rows[i], match);
		ts_result r;
		/* bg_check asserts the two buffers give the same diagnostics. */
		bg_check(t, NULL, &r);
		checked += (long)r.summary.moves + 1;
		ts_free(&r);
		ts_result rs;
		bg_check(t, &bg_strict, &rs);
		ts_free(&rs);
		free(t);
	}
	ck_assert_int_gt(checked, 0);
}
END_TEST

/* Reads every row token by token: a 64-byte buffer filled one byte at a
   time never holds a whole line. */
static const ts_config one_byte_reads = { .buffer_size = 64, .read_chunk = 1 };

/*
 * ROW as row 3 (line 7): its first diagnostic is GOLDEN, read with the
 * default buffer and token by token.  FAST: the default buffer reads the
 * row as one ROWFAST token; otherwise both read it token by token.
 */
#define expect_row_message(row, fast, golden) \
	expect_row_message_at(row, fast, golden, __LINE__)
static void
expect_row_message_at(const char *row, int fast, const char *golden, int at)
{
	char line[400];
	snprintf(line, sizeof line, "%s\n", row);
	ck_assert_msg((first_row_token(line, NULL) == BG_TOK_ROWFAST) == fast,
	              "line %d: '%s' is%s one token", at, row, fast ? " not" : "");
	ck_assert_msg(first_token_through(line, BG_MODE_ROWS, NULL, NULL, 64, 1)
	              != BG_TOK_ROWFAST, "line %d: '%s' is one token in one-byte "
	              "reads", at, row);
	char *t = with_row3(row, 0);
	bg_expect_line_cfg(t, NULL, golden, at);
	bg_expect_line_cfg(t, &one_byte_reads, golden, at);
	free(t);
}

#define HOPS_BAD_POINT "a checker moves to a point from 1 to 24 or off " \
	"(0, off or o) [bg-syntax-error]"
#define CUBE_HINT "as a cube or result cell: they are Double(s) [to N | " \
	"=> N], Beaver(s) ..., take, pass, Wins N point(s) [and the match], " \
	"Losses N point(s) [bg-syntax-error]"
#define PATH_HINT "a sub-move is a path of points going down, such as " \
	"24/18, 13/7*/2, bar/22 or 6/off, with an optional count (2) " \
	"[bg-syntax-error]"

/*
 * A message quotes the cell as written, whole (3.5: up to the next cell
 * start or the line end), and the right one, whichever path read it: not
 * the part read when the error was found, nor the next cell the parser's
 * lookahead had begun.
 */
START_TEST(messages_quote_the_whole_cell_on_both_paths)
{
	/* Rows the default buffer reads in one token. */
	expect_row_message("  3) 54: 25/20 24/26             53: 8/3 24/21", 1,
	                   "t:7:16: error: cannot read the play of "
	                   "'54: 25/20 24/26': " HOPS_BAD_POINT);
	expect_row_message("  3) 54: 25/20 24/20             53: 8/3 24/29", 1,
	                   "t:7:42: error: cannot read the play of "
	                   "'53: 8/3 24/29': " HOPS_BAD_POINT);
	expect_row_message("  3) 54: 25/20 20/24             53: 8/3 24/21", 1,
	                   "t:7:16: error: cannot read the play of "
	                   "'54: 25/20 20/24': a path goes down, and 24 is not "
	                   "lower than 20 [bg-syntax-error]");
	expect_row_message("  3) 54: 26/21 24/20             53: 8/3 24/21", 1,
	                   "t:7:10: error: cannot read the play of "
	                   "'54: 26/21 24/20': a path starts on a point from 1 to "
	                   "24 or on the bar (25, bar or b) [bg-syntax-error]");

	/* Rows always read token by token; the error in the last point of
	   the left cell, when the next cell has begun. */
	expect_row_message("  3) 54: 25/20 024/26   53: 8/3 24/21", 0,
	                   "t:7:16: error: cannot read the play of "
	                   "'54: 25/20 024/26': " HOPS_BAD_POINT);
	expect_row_message("  3) 54: 25/20 24/22/21/26       53: 8/3 24/21", 0,
	                   "t:7:16: error: cannot read the play of "
	                   "'54: 25/20 24/22/21/26': " HOPS_BAD_POINT);
	expect_row_message("  3) 6-6: bar/24*/18*(4) bar/24*/18*(4) "
	                   "bar/24*/18*(4) bar/24*/18*/26   53: 8/3", 0,
	                   "t:7:56: error: cannot read the play of '6-6: "
	                   "bar/24*/18*(4) bar/24*/18*(4) bar/24*/18*(4) "
	                   "bar/24*/18*/26': " HOPS_BAD_POINT);
	/* Errors found before the rest of the cell was read. */
	expect_row_message("  3) 54: 26 /21 24/20            53: 8/3 24/21", 0,
	                   "t:7:10: error: cannot read the play of "
	                   "'54: 26 /21 24/20': a path starts on a point from 1 "
	                   "to 24 or on the bar (25, bar or b) [bg-syntax-error]");
	expect_row_message("  3) 54: 25/20 24/20(5)          53: 8/3 24/21", 0,
	                   "t:7:16: error: cannot read the play of "
	                   "'54: 25/20 24/20(5)': a count (n) runs from 1 to 4 "
	                   "[bg-syntax-error]");
	expect_row_message("  3) 54: 25/20, 24/20            53: 8/3 24/21", 0,
	                   "t:7:10: error: cannot read '25/20,' in the play of "
	                   "'54: 25/20, 24/20': sub-moves are separated by "
	                   "blanks, not commas [bg-syntax-error]");
	expect_row_message("  3)  Doubles => 1234567890x       Takes", 0,
	                   "t:7:7: error: cannot read 'Doubles => 1234567890x': a "
	                   "number has at most nine digits [bg-syntax-error]");
	expect_row_message("  3) 54: 25/20 24/20             53: 8/3 24/21 x y", 0,
	                   "t:7:48: error: cannot read 'x' in the play of "
	                   "'53: 8/3 24/21 x y': " PATH_HINT);
	/* A third cell, whole. */
	expect_row_message("  3) 54: 25/20 24/20             53: 8/3 24/21   "
	                   "11: 6/5 x", 0,
	                   "t:7:50: error: '11: 6/5 x': a row holds at most two "
	                   "cells, the left player's and the right player's "
	                   "[bg-syntax-error]");
	/* A cell cut short by the next one is that cell's error, as if the
	   line ended there, not a third cell. */
	expect_row_message("  3) 54: 25/20 24/               53: 8/3 24/21", 0,
	                   "t:7:16: error: cannot read '24/' in the play of "
	                   "'54: 25/20 24/': " PATH_HINT);
	expect_row_message("  3)  Doubles =>                  Takes", 0,
	                   "t:7:7: error: cannot read 'Doubles =>' " CUBE_HINT);
	expect_row_message("  3)  Wins 1 point and           Takes", 0,
	                   "t:7:7: error: cannot read 'Wins 1 point and' "
	                   CUBE_HINT);
}
END_TEST

/* The shared samples through both paths: the same diagnostics. */
START_TEST(samples_as_token_by_token)
{
	static const char *const files[] = {
		"mat/bg-money-01.mat", "mat/bg-match-01.mat", "mat/bg-match-07.mat",
		"sheet/bg-match-01.bg", "sheet/bg-money-01.bg", "real/real-01.mat",
		"illegal/bg-illegal-01.mat", "illegal/bg-illegal-12.mat", NULL
	};
	for (int i = 0; files[i] != NULL; i++) {
		char *t = bg_sample(files[i]);
		ts_result r;
		bg_check(t, NULL, &r);
		ts_free(&r);
		free(t);
	}
}
END_TEST

/* ---------------------------------------------- fast sub-moves */

typedef struct sub_run {
	int rc;
	int nhops;
	bg_hop hops[BG_HOPS_MAX];
	char diag[NT_MSG_MAX + 64];
} sub_run;

static void
keep_diag(void *user, const nt_diag *d)
{
	sub_run *r = user;
	snprintf(r->diag, sizeof r->diag, "%lu:%lu %s %s", d->begin.line,
	         d->begin.col, d->code, d->message);
}

/*
 * One cell holding the fast play F, read by bg_fast_play (FAST) or, with
 * BY_PARTS, by the hooks the grammar calls for a play read token by token.
 */
static void
run_sub(const bg_fast *f, int by_parts, sub_run *out)
{
	memset(out, 0, sizeof *out);
	str_src s = { "", 0, 0 };
	nt_source src = { str_read, &s, "t" };
	nt_options opts;
	memset(&opts, 0, sizeof opts);
	nt_summary sum;
	memset(&sum, 0, sizeof sum);
	nt_handler h = { .on_diag = keep_diag, .on_move = NULL, .user = out };
	nt_run run;
	memset(&run, 0, sizeof run);
	run.src = &src;
	run.opts = &opts;
	nt_reporter_init(&run.rep, &h, "t", &sum, 0);
	bg_parse *p = malloc(sizeof *p);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(bg_parse_init(p, &run, NULL), 0);
	/* Outside a game a syntax error is only reported. */
	p->lx.mode = BG_MODE_PREGAME;
	p->lx.ncells = 1;
	memcpy(p->lx.cell_text[0], "6-5: play", 10);
	p->lx.cell_len[0] = 9;
	bg_span at = { 7, 6, 6, 6, 6 };
	bg_tokval dice;
	memset(&dice, 0, sizeof dice);
	dice.d1 = 6;
	dice.d2 = 5;
	bg_cell_roll(p, &dice, &at);
	if (!by_parts) {
		p->lx.fast[0] = *f;
		bg_tokval v;
		memset(&v, 0, sizeof v);
		out->rc = bg_fast_play(p, &v, &at);
	} else {
		for (int i = 0; i < f->nsubs && out->rc == 0; i++) {
			const bg_fast_sub *sb = &f->sub[i];
			bg_span sp = at;
			sp.col += sb->off;
			sp.word_col = sp.err_col = sp.col;
			bg_tokval n;
			memset(&n, 0, sizeof n);
			n.num = sb->pt[0];
			n.digits = sb->pt[0] > 9 ? 2 : 1;
			out->rc = bg_path_source(p, &n, sb->word[0], &sp);
			for (int k = 1; k < sb->npts && out->rc == 0; k++) {
				n.num = sb->pt[k];
				n.digits = sb->pt[k] > 9 ? 2 : 1;
				out->rc = bg_path_target(p, &n, sb->word[k], sb->star[k],
				                         &sp);
			}
			if (out->rc != 0)
				break;
			bg_tokval cnt;
			memset(&cnt, 0, sizeof cnt);
			cnt.num = sb->count;
			cnt.digits = 1;
			out->rc = bg_submove(p, sb->count ? &cnt : NULL, &sp);
		}
	}
	out->nhops = p->row.cells[0].nhops;
	memcpy(out->hops, p->row.cells[0].hops, sizeof out->hops);
	bg_parse_free(p);
	free(p);
}

/* Every sub-move of up to three points a fast play can hold, both ways. */
START_TEST(fast_sub_moves_as_the_hooks_read_them)
{
	static const int pts[] = { BG_BAR, 0, 1, 5, 6, 18, 24, 25, 26, 99, -1 };
	long subs = 0, bad = 0;
	for (int a = 0; pts[a] >= 0; a++)
		for (int b = 0; pts[b] >= 0; b++)
			for (int c = -1; c < 11 && (c < 0 || pts[c] >= 0); c++)
				for (int count = 0; count <= 4; count++)
					for (int stars = 0; stars < 4; stars++) {
		bg_fast f;
		memset(&f, 0, sizeof f);
		f.nsubs = 2;
		bg_fast_sub *s = &f.sub[1];
		f.sub[0].npts = 2;
		f.sub[0].pt[0] = 13;
		f.sub[0].pt[1] = 7;
		s->off = 6;
		s->npts = c < 0 ? 2 : 3;
		/* The bar is written `bar` as a source, off as `off` at the end. */
		s->pt[0] = (unsigned char)pts[a];
		s->word[0] = a == 0;
		s->pt[1] = (unsigned char)(b == 0 ? 0 : pts[b]);
		s->word[1] = b == 1 && c >= 0 ? 0 : b == 1;
		if (c >= 0) {
			s->pt[2] = (unsigned char)(c == 0 ? 0 : pts[c]);
			s->word[2] = c == 1;
		}
		s->star[1] = stars & 1;
		s->star[2] = (stars >> 1) & 1;
		s->count = (unsigned char)count;
		sub_run one, parts;
		run_sub(&f, 0, &one);
		run_sub(&f, 1, &parts);
		ck_assert_int_eq(one.rc, parts.rc);
		ck_assert_str_eq(one.diag, parts.diag);
		ck_assert_int_eq(one.nhops, parts.nhops);
		for (int i = 0; i < one.nhops && i < BG_HOPS_MAX; i++)
			ck_assert(one.hops[i].from == parts.hops[i].from &&
			          one.hops[i].to == parts.hops[i].to &&
			          one.hops[i].star == parts.hops[i].star);
		subs++;
		bad += one.rc != 0;
					}
	/* Both outcomes came up many times. */
	ck_assert_int_gt(bad, 1000);
	ck_assert_int_gt(subs - bad, 1000);
}
END_TEST

Suite *
backgammon_rows_fast_suite(void)
{
	Suite *s = suite_create("backgammon-rows-fast");
	TCase *tc = tcase_create("rows");
	tcase_add_test(tc, common_rows_are_one_token);
	tcase_add_test(tc, common_score_lines_are_one_token);
	tcase_add_test(tc, runs_of_rows_are_one_token);
	tcase_add_test(tc, every_score_line_as_token_by_token);
	tcase_add_test(tc, other_rows_are_read_token_by_token);
	tcase_add_test(tc, every_row_as_token_by_token);
	tcase_add_test(tc, samples_as_token_by_token);
	tcase_add_test(tc, messages_quote_the_whole_cell_on_both_paths);
	tcase_add_test(tc, fast_sub_moves_as_the_hooks_read_them);
	suite_add_tcase(s, tc);
	return s;
}
