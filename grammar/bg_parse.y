/* bison -Wall -Werror -o build/gen/bg_parse.c --header=build/gen/bg_parse.h grammar/bg_parse.y
 *
 * The backgammon record grammar (shared/spec/backgammon.md, section 3.9),
 * one grammar for the `mat` and `sheet` forms and any mix of them: header
 * lines, the match line, games of a game line, a score line and rows of
 * at most two cells.  The lexer (bg_lex.re) gives every line its
 * vocabulary; the constraints the EBNF does not express (number ranges,
 * paths going down, counts, ???? placement) are checked by the hooks in
 * record.c, which also hand each complete row to the replay.
 *
 * Recovery follows section 6.3: before the first game line a bad line is
 * reported and reading goes on at the next line; inside a game the first
 * syntax error breaks the game and reading resumes at the next game line
 * (the lexer skips to it).  Default reductions happen only in consistent
 * states, so a game or a row is never closed on a token that is wrong.
 */
%require "3.8"
%define api.pure full
%define api.prefix {bg_yy}
%define api.token.prefix {BG_TOK_}
%define api.value.type {bg_tokval}
%define api.location.type {bg_span}
%define parse.error custom
%define lr.default-reduction consistent
%locations
%param {bg_parse *ctx}
%expect 0

%code requires {
#include "games/backgammon/record.h"
}

%code provides {
int bg_yylex(BG_YYSTYPE *lval, BG_YYLTYPE *lloc, bg_parse *ctx);
}

%code {
#define YYLLOC_DEFAULT(Cur, Rhs, N) \
	do { \
		if (N) \
			(Cur) = YYRHSLOC(Rhs, 1); \
		else \
			(Cur) = YYRHSLOC(Rhs, 0); \
	} while (0)
static void bg_yyerror(const BG_YYLTYPE *loc, bg_parse *ctx, const char *msg);
}

%token EOL "end of line"
%token COMMENT "comment line"
%token JUNK "unreadable text"
%token WS "blank"
%token NUMBER "number"
%token NAME "name"
%token COLON "':'"
%token GAME_KW "'Game'"
%token POINT_KW "'point'"
%token MATCH_KW "'match'"
%token ROWNUM "row number"
%token DICE "dice"
%token OFFER "cube offer"
%token TAKE "take"
%token PASS "pass"
%token WIN "'Wins'"
%token LOSS "'Losses'"
%token ARROW "'=>'"
%token TO "'to'"
%token AND "'and'"
%token THE "'the'"
%token DOT "'.'"
%token SLASH "'/'"
%token STAR "'*'"
%token LPAREN "'('"
%token RPAREN "')'"
%token BAR "'bar'"
%token OFF "'off'"
%token NO "'no'"
%token PLAY "'play'"
%token NOPLAY "'noplay'"
%token CANNOT "'cannot'"
%token CANT "'can't'"
%token MOVE "'move'"
%token DASHES "'-'"
%token QMARKS "'?'"

%%

file:
	header match_line pregame games { bg_file_end(ctx); }
	;

/* ---------------------------------------------------------- header */

header:
	%empty
	| header hline
	;

hline:
	COMMENT EOL { bg_comment_line(ctx, &@1); }
	| error EOL { yyerrok; }
	;

match_line:
	NUMBER WS POINT_KW WS MATCH_KW EOL { bg_match_line(ctx, &$1, &@1); }
	;

pregame:
	%empty
	| pregame pline
	;

pline:
	COMMENT EOL { bg_pregame_comment(ctx); }
	| error EOL { yyerrok; }
	;

/* ----------------------------------------------------------- games */

games:
	%empty
	| games game
	;

game:
	GAME_KW { bg_game_begin(ctx, &@1); } game_rest
	;

game_rest:
	WS NUMBER EOL { bg_game_line(ctx, &$2, &@2); } body
	| error { bg_game_broken(ctx); yyclearin; yyerrok; }
	;

body:
	score_line rows { bg_game_end(ctx); }
	| %empty { bg_game_without_score(ctx); }
	;

/*
 * Backgammon Galaxy writes an empty name for a player it does not know
 * (` lasse : 0                        : 0`); the shared corpus holds such
 * files as legal, so a name may be empty.
 */
score_line:
	name COLON NAME WS name COLON NAME EOL {
		if (bg_score_line(ctx, &$1, &$3, &$5, &$7, &@1,
		                  bg_score_end(&$7, &@7)) != 0)
			YYERROR;
	}
	| COLON NAME WS name COLON NAME EOL {
		if (bg_score_line(ctx, NULL, &$2, &$4, &$6, &@1,
		                  bg_score_end(&$6, &@6)) != 0)
			YYERROR;
	}
	| name COLON NAME COLON NAME EOL {
		if (bg_score_line(ctx, &$1, &$3, NULL, &$5, &@1,
		                  bg_score_end(&$5, &@5)) != 0)
			YYERROR;
	}
	| COLON NAME COLON NAME EOL {
		if (bg_score_line(ctx, NULL, &$2, NULL, &$4, &@1,
		                  bg_score_end(&$4, &@4)) != 0)
			YYERROR;
	}
	;

name:
	NAME { $$ = $1; }
	| name NAME { $$ = $1; $$.len = (unsigned short)($2.off + $2.len - $1.off); }
	| name WS NAME { $$ = $1; $$.len = (unsigned short)($3.off + $3.len - $1.off); }
	;

rows:
	%empty
	| rows row
	;

row:
	ROWNUM cells EOL { bg_row_done(ctx); }
	| cells EOL { bg_row_done(ctx); }
	;

cells:
	%empty
	| cell
	| cell cell
	;

/* The kinds of cell, each in its place below. */
cell:
	DICE { bg_cell_roll(ctx, &$1, &@1); } play
	| OFFER { bg_cell_offer(ctx, &$1, &@1); } offer_value
	| TAKE { bg_cell_simple(ctx, BG_CELL_TAKE, &@1); } opt_dot
	| PASS { bg_cell_simple(ctx, BG_CELL_PASS, &@1); } opt_dot
	| WIN { bg_cell_simple(ctx, BG_CELL_WIN, &@1); } result win_tail
	| LOSS { bg_cell_simple(ctx, BG_CELL_LOSS, &@1); } result loss_tail
	;

/* ----------------------------------------------------------- rolls */

/* A roll's play; the lexer gives no blank after the dice (`64:24/18`
   reads as `64: 24/18`). */
play:
	%empty { bg_play_nothing(ctx); }
	| moves
	| nothing { bg_play_nothing(ctx); }
	| QMARKS { bg_play_unknown(ctx, &@1); }
	;

nothing:
	no_play
	| LPAREN no_play RPAREN
	| CANNOT WS MOVE
	| CANT WS MOVE
	| DASHES
	;

no_play:
	NO PLAY
	| NO WS PLAY
	| NOPLAY
	;

/* Sub-moves, each a path with an optional count. */
moves:
	path { if (bg_submove(ctx, NULL, &@1) != 0) YYERROR; }
	| path LPAREN NUMBER RPAREN {
		if (bg_submove(ctx, &$3, &@1) != 0)
			YYERROR;
	}
	| moves WS path { if (bg_submove(ctx, NULL, &@3) != 0) YYERROR; }
	| moves WS path LPAREN NUMBER RPAREN {
		if (bg_submove(ctx, &$5, &@3) != 0)
			YYERROR;
	}
	;

path:
	source SLASH target
	| path SLASH target
	;

source:
	NUMBER { if (bg_path_source(ctx, &$1, 0, &@1) != 0) YYERROR; }
	| BAR { if (bg_path_source(ctx, &$1, 1, &@1) != 0) YYERROR; }
	;

target:
	NUMBER { if (bg_path_target(ctx, &$1, 0, 0, &@1) != 0) YYERROR; }
	| NUMBER STAR { if (bg_path_target(ctx, &$1, 0, 1, &@1) != 0) YYERROR; }
	| OFF { if (bg_path_target(ctx, &$1, 1, 0, &@1) != 0) YYERROR; }
	| OFF STAR { if (bg_path_target(ctx, &$1, 1, 1, &@1) != 0) YYERROR; }
	;

/* ------------------------------------------------------------ cube */

offer_value:
	%empty
	| ARROW opt_ws NUMBER { if (bg_offer_value(ctx, &$3, &@3) != 0) YYERROR; }
	| WS ARROW opt_ws NUMBER { if (bg_offer_value(ctx, &$4, &@4) != 0) YYERROR; }
	| WS TO opt_ws NUMBER { if (bg_offer_value(ctx, &$4, &@4) != 0) YYERROR; }
	;

opt_ws:
	%empty
	| WS
	;

opt_dot:
	%empty
	| DOT
	;

/* --------------------------------------------------------- results */

/* A result's points (3.8). */
result:
	WS NUMBER { if (bg_result_points(ctx, &$2, &@2) != 0) YYERROR; }
	WS POINT_KW
	;

win_tail:
	%empty
	| dot_tail
	| and_match
	| and_match dot_tail
	;

and_match:
	WS AND WS THE WS MATCH_KW { bg_result_and_match(ctx); }
	;

loss_tail:
	%empty
	| dot_tail
	;

dot_tail:
	DOT
	| WS DOT
	;

%%

static int
yyreport_syntax_error(const yypcontext_t *pctx, bg_parse *ctx)
{
	/* Messages come from the place in the line, not from bison's lists;
	   the list only tells a third cell from the end of an unfinished one. */
	yysymbol_kind_t next[YYNTOKENS];
	int n = yypcontext_expected_tokens(pctx, next, YYNTOKENS);
	int row_may_end = 0, path_open = n > 0;
	for (int i = 0; i < n; i++) {
		if (next[i] == YYSYMBOL_EOL)
			row_may_end = 1;
		if (next[i] != YYSYMBOL_SLASH && next[i] != YYSYMBOL_NUMBER &&
		    next[i] != YYSYMBOL_OFF)
			path_open = 0;
	}
	bg_syntax_error(ctx, yypcontext_token(pctx) == YYSYMBOL_YYEOF,
	                row_may_end, path_open, yypcontext_location(pctx));
	return 0;
}

/* Only "memory exhausted" comes here; syntax errors go through the hook above. */
static void
bg_yyerror(const BG_YYLTYPE *loc, bg_parse *ctx, const char *msg)
{
	(void)loc;
	(void)msg;
	ctx->lx.in.overflow = 1;
}
