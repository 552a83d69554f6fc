/*
 * Rows and score lines on the one path (lexer, grammar, replay): the tokens
 * the lexer gives for the lines a record holds, the names and scores a
 * score line is read as, and every row, right or wrong, giving the same
 * diagnostics whatever the input buffer: each record is checked with the
 * default buffer (a whole line is there) and with a 64-byte buffer filled
 * a few bytes at a time (a token is often split across refills).
 */
#include "backgammon/records_util.h"

#include "games/backgammon/record.h"
#include "bg_parse.h"
#include "support/text_run.h"

static const char *
token_name(int tok)
{
	switch (tok) {
	case BG_TOK_EOL: return "EOL";
	case BG_TOK_COMMENT: return "COMMENT";
	case BG_TOK_JUNK: return "JUNK";
	case BG_TOK_WS: return "WS";
	case BG_TOK_NUMBER: return "NUMBER";
	case BG_TOK_NAME: return "NAME";
	case BG_TOK_COLON: return "COLON";
	case BG_TOK_GAME_KW: return "GAME";
	case BG_TOK_POINT_KW: return "POINT";
	case BG_TOK_MATCH_KW: return "MATCH";
	case BG_TOK_ROWNUM: return "ROWNUM";
	case BG_TOK_DICE: return "DICE";
	case BG_TOK_OFFER: return "OFFER";
	case BG_TOK_TAKE: return "TAKE";
	case BG_TOK_PASS: return "PASS";
	case BG_TOK_WIN: return "WIN";
	case BG_TOK_LOSS: return "LOSS";
	case BG_TOK_ARROW: return "ARROW";
	case BG_TOK_TO: return "TO";
	case BG_TOK_AND: return "AND";
	case BG_TOK_THE: return "THE";
	case BG_TOK_DOT: return "DOT";
	case BG_TOK_SLASH: return "SLASH";
	case BG_TOK_STAR: return "STAR";
	case BG_TOK_LPAREN: return "LPAREN";
	case BG_TOK_RPAREN: return "RPAREN";
	case BG_TOK_BAR: return "BAR";
	case BG_TOK_OFF: return "OFF";
	case BG_TOK_NO: return "NO";
	case BG_TOK_PLAY: return "PLAY";
	case BG_TOK_NOPLAY: return "NOPLAY";
	case BG_TOK_CANNOT: return "CANNOT";
	case BG_TOK_CANT: return "CANT";
	case BG_TOK_MOVE: return "MOVE";
	case BG_TOK_DASHES: return "DASHES";
	case BG_TOK_QMARKS: return "QMARKS";
	default: return "?";
	}
}

/* One token as "NAME[:value]@col", a cell start also "/dcol". */
static void
describe(char *out, size_t size, int tok, const BG_YYSTYPE *v,
         const BG_YYLTYPE *loc)
{
	char val[32] = "";
	switch (tok) {
	case BG_TOK_NUMBER:
	case BG_TOK_ROWNUM:
		snprintf(val, sizeof val, ":%u", v->num);
		break;
	case BG_TOK_DICE:
		snprintf(val, sizeof val, ":%u%u", v->d1, v->d2);
		break;
	case BG_TOK_OFFER:
		snprintf(val, sizeof val, ":%s", v->kind == BG_WORD_DOUBLE ? "double"
		         : v->kind == BG_WORD_BEAVER ? "beaver" : "raccoon");
		break;
	case BG_TOK_POINT_KW:
		if (v->kind)
			snprintf(val, sizeof val, ":s");
		break;
	default:
		break;
	}
	int start = tok == BG_TOK_DICE || tok == BG_TOK_OFFER ||
	            tok == BG_TOK_TAKE || tok == BG_TOK_PASS ||
	            tok == BG_TOK_WIN || tok == BG_TOK_LOSS;
	if (start)
		snprintf(out, size, "%s%s@%u/%u", token_name(tok), val, loc->col,
		         loc->dcol);
	else
		snprintf(out, size, "%s%s@%u", token_name(tok), val, loc->col);
}

/*
 * The tokens the lexer gives for TEXT read as MODE (the line is where the
 * parser has put it), through a BUFFER-byte buffer (0: the default) filled
 * CHUNK bytes at a time (0: as much as fits), up to the first end of line,
 * blank separated, into OUT.  A score line's names and scores are shown as
 * their text in the line arena.
 */
static void
tokens_through(const char *text, int mode, size_t buffer, size_t chunk,
               char *out, size_t size)
{
	ts_text_run *t = malloc(sizeof *t);
	ck_assert_ptr_nonnull(t);
	ts_text_run_init(t, "t", text, strlen(text));
	t->mem.chunk = chunk;
	t->opts.buffer_size = buffer;
	bg_parse *p = malloc(sizeof *p);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(bg_parse_init(p, &t->run, NULL), 0);
	p->lx.mode = mode;
	size_t len = 0;
	out[0] = '\0';
	for (int n = 0; n < 200; n++) {
		BG_YYSTYPE v;
		BG_YYLTYPE loc;
		int tok = bg_yylex(&v, &loc, p);
		if (tok == BG_TOK_YYEOF)
			break;
		char one[160];
		describe(one, sizeof one, tok, &v, &loc);
		if (tok == BG_TOK_NAME) {
			size_t at = strlen(one);
			snprintf(one + at, sizeof one - at, "'%.*s'", (int)v.len,
			         p->lx.arena_buf.data + v.off);
		}
		len += (size_t)snprintf(out + len, size - len, "%s%s",
		                        len > 0 ? " " : "", one);
		ck_assert_uint_lt(len, size);
		if (tok == BG_TOK_EOL)
			break;
	}
	bg_parse_free(p);
	free(p);
	free(t);
}

/* The tokens of TEXT, the same through the default buffer and through
   a 64-byte one filled a byte at a time. */
#define expect_tokens(text, mode, golden) \
	expect_tokens_at(text, mode, golden, __LINE__)
static void
expect_tokens_at(const char *text, int mode, const char *golden, int at)
{
	char got[4096], tiny[4096];
	tokens_through(text, mode, 0, 0, got, sizeof got);
	ck_assert_msg(strcmp(got, golden) == 0, "line %d: '%s'\n got  %s\n want %s",
	              at, text, got, golden);
	tokens_through(text, mode, 64, 1, tiny, sizeof tiny);
	ck_assert_msg(strcmp(tiny, golden) == 0, "line %d: '%s' in one-byte reads"
	              "\n got  %s\n want %s", at, text, tiny, golden);
}

static void
expect_row_tokens_at(const char *text, const char *golden, int at)
{
	expect_tokens_at(text, BG_MODE_ROWS, golden, at);
}
#define expect_row_tokens(text, golden) \
	expect_row_tokens_at(text, golden, __LINE__)

/* ------------------------------------------------------- score lines */

START_TEST(score_lines_as_tokens)
{
	expect_tokens(" Xavier : 0                     Olga : 0\n", BG_MODE_SCORE,
	              "NAME@2'Xavier' COLON@9 NAME@11'0' WS@12 NAME@33'Olga' "
	              "COLON@38 NAME@40'0' EOL@42");
	/* A blank inside a name is a WS token: the grammar joins the parts. */
	expect_tokens(" Ann Lee-2 : 12   Bob 7 Z : 3 \r\n", BG_MODE_SCORE,
	              "NAME@2'Ann' WS@5 NAME@6'Lee-2' COLON@12 NAME@14'12' "
	              "WS@16 NAME@19'Bob' WS@22 NAME@23'7' WS@24 NAME@25'Z' "
	              "COLON@27 NAME@29'3' EOL@33");
	expect_tokens("Ann:1 Bob:2\n", BG_MODE_SCORE,
	              "NAME@1'Ann' COLON@4 NAME@5'1' WS@6 NAME@7'Bob' COLON@10 "
	              "NAME@11'2' EOL@13");
	/* A tab takes the column to the next stop of eight (3.1). */
	expect_tokens(" Ann : 0\tBob : 0\n", BG_MODE_SCORE,
	              "NAME@2'Ann' COLON@6 NAME@8'0' WS@9 NAME@10'Bob' COLON@14 "
	              "NAME@16'0' EOL@18");
	expect_tokens(" lasse : 0                        : 0\n", BG_MODE_SCORE,
	              "NAME@2'lasse' COLON@8 NAME@10'0' COLON@35 NAME@37'0' "
	              "EOL@39");
}
END_TEST

/*
 * A score line of the first game that says the players have points gives
 * bg-score-mismatch, naming the players and the scores as read.
 */
START_TEST(score_lines_give_names_and_scores)
{
	static const struct {
		const char *line;
		const char *golden;
	} cases[] = {
		{ " Ann Lee-2 : 12   Bob 7 Z : 3 \r", "t:4:2: error: score line "
		  "says 12-3, but the games before give Ann Lee-2 0 and Bob 7 Z 0 "
		  "[bg-score-mismatch]" },
		{ "Ann:1 Bob:2", "t:4:1: error: score line says 1-2, but the games "
		  "before give Ann 0 and Bob 0 [bg-score-mismatch]" },
		{ " lasse : 4                        : 1", "t:4:2: error: score "
		  "line says 4-1, but the games before give lasse 0 and  0 "
		  "[bg-score-mismatch]" },
		{ "  : 1    Olga : 0", "t:4:3: error: score line says 1-0, but the "
		  "games before give  0 and Olga 0 [bg-score-mismatch]" },
		{ " Ann : 3\tBob : 1", "t:4:2: error: score line says 3-1, but the "
		  "games before give Ann 0 and Bob 0 [bg-score-mismatch]" },
		/* Blanks inside a name are kept as written. */
		{ " Ann  Lee : 1   Bob : 0", "t:4:2: error: score line says 1-0, "
		  "but the games before give Ann  Lee 0 and Bob 0 "
		  "[bg-score-mismatch]" },
		{ " J\xc3\xb6rg : 5   Bob : 0", "t:4:2: error: score line says "
		  "5-0, but the games before give J\xc3\xb6rg 0 and Bob 0 "
		  "[bg-score-mismatch]" },
		{ " Xavier : 00                    Olga : 000000001", "t:4:2: "
		  "error: score line says 0-1, but the games before give Xavier 0 "
		  "and Olga 0 [bg-score-mismatch]" },
		{ " 0 : 1                          1 : 0", "t:4:2: error: score "
		  "line says 1-0, but the games before give 0 0 and 1 0 "
		  "[bg-score-mismatch]" },
		{ " Ann : 0   Bob : 0   Cy : 0", "t:4:2: error: cannot read the "
		  "score line: it is 'name : score' twice, for example ' Ann : 0  "
		  "   Bob : 2' [bg-syntax-error]" },
		{ " Ann : 1234567890   Bob : 0", "t:4:2: error: cannot read the "
		  "score line: a score is a number of at most nine digits "
		  "[bg-syntax-error]" },
		{ " Ann : 0x   Bob : 0", "t:4:2: error: cannot read the score "
		  "line: a score is a number of at most nine digits "
		  "[bg-syntax-error]" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char text[400];
		snprintf(text, sizeof text, " 0 point match\n\n Game 1\n%s\n"
		         "  1) 21: 13/11 24/23             43: 24/21 13/9\n",
		         cases[i].line);
		bg_expect_line_cfg(text, NULL, cases[i].golden, (int)i);
	}
	/* The last line of the file, without its line end. */
	bg_expect_line(" 0 point match\n\n Game 1\n Ann : 1   Bob : 0",
	               "t:4:2: error: score line says 1-0, but the games before "
	               "give Ann 0 and Bob 0 [bg-score-mismatch]");
}
END_TEST

static char *with_row3(const char *row, int match);

/* Score lines of game 1 and game 2, through any buffer. */
START_TEST(every_score_line_through_any_buffer)
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

/* -------------------------------------------------------------- rows */

START_TEST(rows_as_tokens)
{
	/* Blanks before a cell start or the line end, or after the dice,
	   are no token; the line end is placed after its last byte. */
	expect_row_tokens("  1) 21: 13/11 24/23             43: 24/21 13/9 \n",
	                  "ROWNUM:1@3 DICE:21@6/6 NUMBER:13@10 SLASH@12 "
	                  "NUMBER:11@13 WS@15 NUMBER:24@16 SLASH@18 NUMBER:23@19 "
	                  "DICE:43@34/34 NUMBER:24@38 SLASH@40 NUMBER:21@41 "
	                  "WS@43 NUMBER:13@44 SLASH@46 NUMBER:9@47 EOL@50");
	/* Dice alone, stars, bar and off words, counts, CRLF, a dash. */
	expect_row_tokens(" 14) 41: 8/7* 7/3                62: \n",
	                  "ROWNUM:14@2 DICE:41@6/6 NUMBER:8@10 SLASH@11 "
	                  "NUMBER:7@12 STAR@13 WS@14 NUMBER:7@15 SLASH@16 "
	                  "NUMBER:3@17 DICE:62@34/34 EOL@39");
	expect_row_tokens("  2) 6-1: 8/2*/1*                3-3: bar/22(2) "
	                  "6/off(2)\r\n",
	                  "ROWNUM:2@3 DICE:61@6/6 NUMBER:8@11 SLASH@12 "
	                  "NUMBER:2@13 STAR@14 SLASH@15 NUMBER:1@16 STAR@17 "
	                  "DICE:33@34/34 BAR@39 SLASH@42 NUMBER:22@43 "
	                  "LPAREN@45 NUMBER:2@46 RPAREN@47 WS@48 NUMBER:6@49 "
	                  "SLASH@50 OFF@51 LPAREN@54 NUMBER:2@55 RPAREN@56 EOL@59");
	/* A lone cell in the right column; no row number. */
	expect_row_tokens("  1)                             64: 24/18 18/14 \n",
	                  "ROWNUM:1@3 DICE:64@34/34 NUMBER:24@38 SLASH@40 "
	                  "NUMBER:18@41 WS@43 NUMBER:18@44 SLASH@46 NUMBER:14@47 "
	                  "EOL@51");
	expect_row_tokens("6-2: b/o 5/0\n",
	                  "DICE:62@1/1 BAR@6 SLASH@7 OFF@8 WS@9 NUMBER:5@10 "
	                  "SLASH@11 NUMBER:0@12 EOL@14");
	/* A tab takes the display column to the next stop of eight. */
	expect_row_tokens("  2) 62: 24/18\t\t\t61: 13/7\n",
	                  "ROWNUM:2@3 DICE:62@6/6 NUMBER:24@10 SLASH@12 "
	                  "NUMBER:18@13 DICE:61@18/33 NUMBER:13@22 "
	                  "SLASH@24 NUMBER:7@25 EOL@27");

	/* Cube actions and results. */
	expect_row_tokens("  8)  Doubles => 2                Takes\n",
	                  "ROWNUM:8@3 OFFER:double@7/7 WS@14 ARROW@15 WS@17 "
	                  "NUMBER:2@18 TAKE@35/35 EOL@41");
	expect_row_tokens("  9) Beaver to 4  raccoons\n",
	                  "ROWNUM:9@3 OFFER:beaver@6/6 WS@12 TO@13 WS@15 "
	                  "NUMBER:4@16 OFFER:raccoon@19/19 EOL@28");
	expect_row_tokens("  9) double to2 accept. REJECTS\n",
	                  "ROWNUM:9@3 OFFER:double@6/6 WS@12 TO@13 NUMBER:2@15 "
	                  "TAKE@17/17 DOT@23 PASS@25/25 EOL@33");
	expect_row_tokens("  5)  Drops                       Wins 1 point \n",
	                  "ROWNUM:5@3 PASS@7/7 WIN@35/35 WS@39 NUMBER:1@40 WS@41 "
	                  "POINT@42 EOL@49");
	expect_row_tokens("      Wins 10 points and the match.\n",
	                  "WIN@7/7 WS@11 NUMBER:10@12 WS@14 POINT:s@15 WS@21 "
	                  "AND@22 WS@25 THE@26 WS@29 MATCH@30 DOT@35 EOL@37");
	expect_row_tokens("      Losses 2 points .\n",
	                  "LOSS@7/7 WS@13 NUMBER:2@14 WS@15 POINT:s@16 WS@22 "
	                  "DOT@23 EOL@25");
	expect_row_tokens("  4) 63:                          Doubles => 2\n",
	                  "ROWNUM:4@3 DICE:63@6/6 OFFER:double@35/35 WS@42 "
	                  "ARROW@43 WS@45 NUMBER:2@46 EOL@48");

	/* No play, the unrecorded play, and words that cannot be read. */
	expect_row_tokens("  2) 62: no play   61: Cannot Move  55: noplay\n",
	                  "ROWNUM:2@3 DICE:62@6/6 NO@10 WS@12 PLAY@13 "
	                  "DICE:61@20/20 CANNOT@24 WS@30 MOVE@31 "
	                  "DICE:55@37/37 NOPLAY@41 EOL@48");
	expect_row_tokens("  2) 62: (no play)  31: can't move  41: ????  43: --\n",
	                  "ROWNUM:2@3 DICE:62@6/6 LPAREN@10 NO@11 WS@13 "
	                  "PLAY@14 RPAREN@18 DICE:31@21/21 CANT@25 WS@30 "
	                  "MOVE@31 DICE:41@37/37 QMARKS@41 DICE:43@47/47 "
	                  "DASHES@51 EOL@54");
	expect_row_tokens("  2) 62: 24/18, 77: Takes2 Redouble\n",
	                  "ROWNUM:2@3 DICE:62@6/6 NUMBER:24@10 SLASH@12 "
	                  "NUMBER:18@13 JUNK@15 WS@16 JUNK@17 WS@20 JUNK@21 "
	                  "WS@27 JUNK@28 EOL@37");
}
END_TEST

START_TEST(lines_of_a_game_as_tokens)
{
	/* A blank line is no token; a comment line is one, with its end. */
	expect_row_tokens("\n  \t\n; a comment\n  1) 21: 13/11\n",
	                  "COMMENT@1 EOL@13");
	expect_row_tokens("\n  \n  3) 54: 25/20\n",
	                  "ROWNUM:3@3 DICE:54@6/6 NUMBER:25@10 SLASH@12 "
	                  "NUMBER:20@13 EOL@16");
	/* A game line inside a game starts the next game. */
	expect_row_tokens(" Game 2\n", "GAME@2 WS@6 NUMBER:2@7 EOL@9");
	/* A line that starts with `game` but is not a game line is a row
	   whose first word cannot be read (the line is read to its end
	   first, so the line end comes at the next line). */
	expect_row_tokens(" game over\n", "JUNK@2 EOL@1");
	/* The last line of a file, without its line end. */
	expect_row_tokens("  5) 61: 13/7", "ROWNUM:5@3 DICE:61@6/6 "
	                  "NUMBER:13@10 SLASH@12 NUMBER:7@13 EOL@14");
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

START_TEST(every_row_through_any_buffer)
{
	static const char *const rows[] = {
		"  3) 54: 25/20 24/20             53: 8/3 24/21 ",
		"  3) 54: 25/20 24/20             53: 8/3 24/21\r",
		"3) 54: bar/20 24/20 53: 8/3 24/21",
		"  3) 5-4: 25/20 24/20            5-3: 8/3 24/21",
		"     54: 25/20 24/20             53: 8/3 24/21",
		"  3) 54: BAR/20 24/20            53: 8/3 24/21",
		"  3) 54: b/20 24/20              53: 8/3 24/21",
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
		"  3) 54: 25/20 24/20 24/20 20/16 53: 8/3 24/21",
		"  3) 54: 25/20 24/20,            53: 8/3 24/21",
		"  3) 54: 25/20 24/20x            53: 8/3 24/21",
		"  3) 54: no play                 53: 8/3 24/21",
		"99999) 54: 25/20 24/20           53: 8/3 24/21",
		"123456) 54: 25/20 24/20          53: 8/3 24/21",
		"  3) 54: 25/20 24/20             Doubles => 2",
		"  3)  Doubles => 2                Takes",
		"  3)  Doubles                     Takes",
		"  3)  Double to 2                 take.",
		"  3)  Doubles => 4                Takes",
		"  3)  Doubles => 2                Drops",
		"  3)  Doubles => 2                Beavers => 4",
		"  3)  Doubles => 2                Raccoons",
		"  3)  Doubles =>2                 Takes",
		"  3)  Takes",
		"  3)  Takes ?",
		"  3)  Drops",
		"  3)                              Doubles => 2",
		"  3)  Doubles => 2                Takes           Wins 1 point",
		"  3)Doubles => 2                  Takes",
		"  3)  Doubles => 2x               Takes",
		"  3)  Doubles => 1234567890       Takes",
		"  3)  Doubles  => 2               Takes",
		"  3) 63:                          Doubles => 2 Takes",
		"      Wins 4 points",
		"      Wins 4  points",
		"      Wins 4 points and the",
		"      Winsome 4 points",
		"      Wins 4 points,",
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

/* Reads every row a byte at a time: a token is split across refills. */
static const ts_config one_byte_reads = { .buffer_size = 64, .read_chunk = 1 };

/* ROW as row 3 (line 7): its first diagnostic is GOLDEN, read with the
   default buffer and a byte at a time. */
#define expect_row_message(row, golden) \
	expect_row_message_at(row, golden, __LINE__)
static void
expect_row_message_at(const char *row, const char *golden, int at)
{
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
 * start or the line end), and the right one: not the part read when the
 * error was found, nor the next cell the parser's lookahead had begun.
 */
START_TEST(messages_quote_the_whole_cell)
{
	expect_row_message("  3) 54: 25/20 24/26             53: 8/3 24/21",
	                   "t:7:16: error: cannot read the play of "
	                   "'54: 25/20 24/26': " HOPS_BAD_POINT);
	expect_row_message("  3) 54: 25/20 24/20             53: 8/3 24/29",
	                   "t:7:42: error: cannot read the play of "
	                   "'53: 8/3 24/29': " HOPS_BAD_POINT);
	expect_row_message("  3) 54: 25/20 20/24             53: 8/3 24/21",
	                   "t:7:16: error: cannot read the play of "
	                   "'54: 25/20 20/24': a path goes down, and 24 is not "
	                   "lower than 20 [bg-syntax-error]");
	expect_row_message("  3) 54: 26/21 24/20             53: 8/3 24/21",
	                   "t:7:10: error: cannot read the play of "
	                   "'54: 26/21 24/20': a path starts on a point from 1 to "
	                   "24 or on the bar (25, bar or b) [bg-syntax-error]");
	/* The error in the last point of the left cell, when the next cell
	   has begun. */
	expect_row_message("  3) 54: 25/20 024/26   53: 8/3 24/21",
	                   "t:7:16: error: cannot read the play of "
	                   "'54: 25/20 024/26': " HOPS_BAD_POINT);
	expect_row_message("  3) 54: 25/20 24/22/21/26       53: 8/3 24/21",
	                   "t:7:16: error: cannot read the play of "
	                   "'54: 25/20 24/22/21/26': " HOPS_BAD_POINT);
	expect_row_message("  3) 6-6: bar/24*/18*(4) bar/24*/18*(4) "
	                   "bar/24*/18*(4) bar/24*/18*/26   53: 8/3",
	                   "t:7:56: error: cannot read the play of '6-6: "
	                   "bar/24*/18*(4) bar/24*/18*(4) bar/24*/18*(4) "
	                   "bar/24*/18*/26': " HOPS_BAD_POINT);
	/* Errors found before the rest of the cell was read. */
	expect_row_message("  3) 54: 26 /21 24/20            53: 8/3 24/21",
	                   "t:7:10: error: cannot read the play of "
	                   "'54: 26 /21 24/20': a path starts on a point from 1 "
	                   "to 24 or on the bar (25, bar or b) [bg-syntax-error]");
	expect_row_message("  3) 54: 25/20 24/20(5)          53: 8/3 24/21",
	                   "t:7:16: error: cannot read the play of "
	                   "'54: 25/20 24/20(5)': a count (n) runs from 1 to 4 "
	                   "[bg-syntax-error]");
	expect_row_message("  3) 54: 25/20, 24/20            53: 8/3 24/21",
	                   "t:7:10: error: cannot read '25/20,' in the play of "
	                   "'54: 25/20, 24/20': sub-moves are separated by "
	                   "blanks, not commas [bg-syntax-error]");
	expect_row_message("  3)  Doubles => 1234567890x       Takes",
	                   "t:7:7: error: cannot read 'Doubles => 1234567890x': a "
	                   "number has at most nine digits [bg-syntax-error]");
	expect_row_message("  3) 54: 25/20 24/20             53: 8/3 24/21 x y",
	                   "t:7:48: error: cannot read 'x' in the play of "
	                   "'53: 8/3 24/21 x y': " PATH_HINT);
	/* A third cell, whole. */
	expect_row_message("  3) 54: 25/20 24/20             53: 8/3 24/21   "
	                   "11: 6/5 x",
	                   "t:7:50: error: '11: 6/5 x': a row holds at most two "
	                   "cells, the left player's and the right player's "
	                   "[bg-syntax-error]");
	/* A cell cut short by the next one is that cell's error, as if the
	   line ended there, not a third cell. */
	expect_row_message("  3) 54: 25/20 24/               53: 8/3 24/21",
	                   "t:7:16: error: cannot read '24/' in the play of "
	                   "'54: 25/20 24/': " PATH_HINT);
	expect_row_message("  3)  Doubles =>                  Takes",
	                   "t:7:7: error: cannot read 'Doubles =>' " CUBE_HINT);
	expect_row_message("  3)  Wins 1 point and           Takes",
	                   "t:7:7: error: cannot read 'Wins 1 point and' "
	                   CUBE_HINT);
}
END_TEST

/* The shared samples: the same diagnostics through any buffer. */
START_TEST(samples_through_any_buffer)
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

/* ------------------------------------------------ sub-moves */

/*
 * The constraints of a sub-move that its grammar does not express (3.9),
 * as the spec states them, in the order they are met reading the path: the
 * message the first broken one gives, or NULL for a sub-move that reads.
 * A point is a number, or `bar` (25) as a source, `off` (0) as a target.
 */
static const char *
sub_move_verdict(const int *pt, int npts, int count, char *why, size_t size)
{
	if (pt[0] < 1 || pt[0] > 25)
		return "a path starts on a point from 1 to 24 or on the bar (25, "
		       "bar or b)";
	for (int k = 1; k < npts; k++) {
		if (pt[k - 1] == 0 && k > 1)
			return "off can only be the last point of a path";
		if (pt[k] > 24)
			return "a checker moves to a point from 1 to 24 or off (0, off "
			       "or o)";
		if (pt[k] >= pt[k - 1]) {
			snprintf(why, size, "a path goes down, and %d is not lower than "
			         "%d", pt[k], pt[k - 1]);
			return why;
		}
	}
	if (count == 0 || count > 4)
		return "a count (n) runs from 1 to 4";
	return NULL;
}

/*
 * Every sub-move of two or three points, with and without a count and
 * stars, written as the second sub-move of row 3's left cell: it reads, or
 * it is the syntax error its first broken constraint gives, spanning the
 * sub-move as written.  A sub-move that reads may still break a rule.
 */
START_TEST(sub_moves_read_as_the_spec_says)
{
	static const struct {
		const char *text;
		int value;
	} pts[] = {
		{ "bar", 25 }, { "off", 0 }, { "0", 0 }, { "1", 1 }, { "5", 5 },
		{ "6", 6 }, { "18", 18 }, { "24", 24 }, { "25", 25 }, { "26", 26 },
		{ "99", 99 },
	};
	const int npt = (int)(sizeof pts / sizeof pts[0]);
	long subs = 0, bad = 0;
	for (int a = 0; a < npt; a++)
	for (int b = 0; b < npt; b++)
	for (int c = -1; c < npt; c++)
	for (int count = -1; count <= 5; count++)
	for (int stars = 0; stars < 2; stars++) {
		/* bar is a source only, off a target only: the grammar's. */
		if (a == 1 || b == 0 || c == 0)
			continue;
		char sub[64], row[128], why[80];
		int len = snprintf(sub, sizeof sub, "%s/%s%s", pts[a].text,
		                   pts[b].text, stars && c < 0 ? "*" : "");
		if (c >= 0)
			len += snprintf(sub + len, sizeof sub - (size_t)len, "/%s%s",
			                pts[c].text, stars ? "*" : "");
		if (count >= 0)
			snprintf(sub + len, sizeof sub - (size_t)len, "(%d)", count);
		snprintf(row, sizeof row, "  3) 54: 25/20 %-17s 53: 8/3 24/21", sub);
		int pt[3] = { pts[a].value, pts[b].value, c >= 0 ? pts[c].value : 0 };
		const char *want = sub_move_verdict(pt, c >= 0 ? 3 : 2,
		                                    count < 0 ? 1 : count, why,
		                                    sizeof why);
		char *t = with_row3(row, 0);
		ts_result r;
		ts_check(BG, "t", t, strlen(t), NULL, &r);
		ck_assert_msg(r.ndiags > 0 || want == NULL, "'%s' reads", sub);
		if (want != NULL) {
			char golden[400];
			snprintf(golden, sizeof golden, "t:7:16: error: cannot read the "
			         "play of '54: 25/20 %s': %s [bg-syntax-error]", sub, want);
			ck_assert_msg(strcmp(r.diags[0].line, golden) == 0,
			              "\n got  %s\n want %s", r.diags[0].line, golden);
			ck_assert_int_eq(r.diags[0].end_lineno, 7);
			ck_assert_int_eq(r.diags[0].end_col, 16 + strlen(sub) - 1);
			bad++;
		} else {
			for (size_t i = 0; i < r.ndiags; i++)
				ck_assert_msg(strcmp(r.diags[i].code, "bg-syntax-error") != 0,
				              "'%s': %s", sub, r.diags[i].line);
		}
		subs++;
		ts_free(&r);
		free(t);
	}
	/* Both outcomes came up many times. */
	ck_assert_int_gt(bad, 1000);
	ck_assert_int_gt(subs - bad, 1000);
}
END_TEST

Suite *
backgammon_rows_suite(void)
{
	Suite *s = suite_create("backgammon-rows");
	TCase *tc = tcase_create("rows");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, score_lines_as_tokens);
	tcase_add_test(tc, score_lines_give_names_and_scores);
	tcase_add_test(tc, every_score_line_through_any_buffer);
	tcase_add_test(tc, rows_as_tokens);
	tcase_add_test(tc, lines_of_a_game_as_tokens);
	tcase_add_test(tc, every_row_through_any_buffer);
	tcase_add_test(tc, messages_quote_the_whole_cell);
	tcase_add_test(tc, samples_through_any_buffer);
	tcase_add_test(tc, sub_moves_read_as_the_spec_says);
	suite_add_tcase(s, tc);
	return s;
}
