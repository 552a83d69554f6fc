/* bison -Wall -Werror -o build/gen/umla_pgn_parse.c --header=build/gen/umla_pgn_parse.h grammar/umla_pgn_parse.y
 *
 * Mill PGN movetext (shared/spec/umlabalaba-pgn.md, 4.2): tag pairs, then
 * elements (turns such as 13. f2-g1xd7, capture-runs that belong to the
 * turn before them, NAGs, variations) and an optional termination.  The
 * lexer (umla_pgn_lex.re) folds every run of blanks, comments and '%'
 * lines into one SEP, so that the grammar says where a separator must be,
 * may be, or may not be; pgn_read.c does the rest.
 *
 * The element sequences are named by how they end, for what may be glued
 * to them: A a turn's squares, C a capture, S a suffix, M a NAG or a
 * variation.  A capture may follow any of them without a separator; a
 * suffix only A or C.  Before the first turn only NAGs and variations
 * may stand (pre): a capture there has no turn to belong to.
 */
%require "3.8"
%define api.pure full
%define api.prefix {um_pgn_yy}
%define api.token.prefix {UM_PGN_TOK_}
%define api.value.type union
%define api.location.type {um_pgn_span}
%define parse.error custom
%locations
%param {um_pgn *ctx}
%expect 0

%code requires {
#include "games/umlabalaba/pgn.h"
typedef struct um_pgn_span {
	nt_loc begin;
	nt_loc end;
} um_pgn_span;
/* A turn's squares before its shots: what kind, and ring slots. */
typedef struct um_pgn_main {
	int kind;
	int from, to;
} um_pgn_main;
}

%code provides {
int um_pgn_yylex(UM_PGN_YYSTYPE *lval, UM_PGN_YYLTYPE *lloc, um_pgn *ctx);
}

%code {
#define YYLLOC_DEFAULT(Cur, Rhs, N) \
	do { \
		if (N) { \
			(Cur).begin = YYRHSLOC(Rhs, 1).begin; \
			(Cur).end = YYRHSLOC(Rhs, N).end; \
		} else { \
			(Cur).begin = (Cur).end = YYRHSLOC(Rhs, 0).end; \
		} \
	} while (0)
/* Only "memory exhausted" comes here; syntax errors go to the reporter below. */
static void um_pgn_yyerror(const UM_PGN_YYLTYPE *loc, um_pgn *ctx,
                           const char *msg);
static um_pgn_main
main_of(int kind, int from, int to)
{
	um_pgn_main m = { kind, from, to };
	return m;
}
}

%token <long> TAG "tag pair"
%token SEP "separator"
%token <int> MOVENUM "move number"
%token <int> SQUARE "square"
%token DASH "'-'"
%token <int> CAPTURE "capture"
%token PASS "'p'"
%token SUFFIX "suffix"
%token NAG "NAG"
%token VARIATION "variation"
%token <int> TERM "termination"
%token JUNK "unreadable text"

%nterm <um_pgn_main> main

%%

file:
	tags { um_pgn_tags_done(ctx); } movetext { um_pgn_finish(ctx); }
	;

tags:
	%empty
	| tags TAG { um_pgn_tag(ctx, $2); }
	;

movetext:
	lead body
	;

lead:
	%empty
	| SEP
	;

/* The termination ends the movetext: only separators may follow it. */
body:
	%empty
	| termination
	| pre
	| pre SEP
	| pre SEP termination
	| seq
	| seq SEP
	| seq SEP termination
	;

termination:
	TERM { um_pgn_termination(ctx, $1, @1.begin); } trail
	;

trail:
	%empty
	| SEP
	;

pre:
	misc
	| pre SEP misc
	;

misc:
	NAG
	| VARIATION
	;

/*
 * After a syntax error the lexer skips the rest of the unreadable text,
 * so the parser takes up again at the next separator.
 */
seq:
	A
	| C
	| S
	| M
	| error { yyerrok; yyclearin; }
	| pre SEP error { yyerrok; yyclearin; }
	| seq SEP error { yyerrok; yyclearin; }
	;

A:
	head
	| pre SEP head
	| seq SEP head
	;

head:
	main { um_pgn_turn(ctx, -1, $1.kind, $1.from, $1.to, @1.end); }
	| MOVENUM main { um_pgn_turn(ctx, $1, $2.kind, $2.from, $2.to, @2.end); }
	| MOVENUM SEP main
		{ um_pgn_turn(ctx, $1, $3.kind, $3.from, $3.to, @3.end); }
	;

main:
	SQUARE { $$ = main_of(UM_PLACE, -1, $1); }
	| SQUARE DASH SQUARE { $$ = main_of(UM_MOVE, $1, $3); }
	| PASS { $$ = main_of(UM_PASS, -1, -1); }
	;

/* A capture-run belongs to the turn before it, glued or not. */
C:
	A CAPTURE { um_pgn_capture(ctx, $2); }
	| C CAPTURE { um_pgn_capture(ctx, $2); }
	| S CAPTURE { um_pgn_capture(ctx, $2); }
	| M CAPTURE { um_pgn_capture(ctx, $2); }
	| seq SEP CAPTURE { um_pgn_capture(ctx, $3); }
	;

S:
	A SUFFIX
	| C SUFFIX
	;

M:
	seq SEP misc
	;

%%

static int
yyreport_syntax_error(const yypcontext_t *pctx, um_pgn *ctx)
{
	enum { MAX_EXPECTED = 4 };
	yysymbol_kind_t expected[MAX_EXPECTED];
	int n = yypcontext_expected_tokens(pctx, expected, MAX_EXPECTED);
	char what[128] = "";
	/* Name what could come next only when the list is short and clear. */
	if (n > 0 && n <= 2) {
		snprintf(what, sizeof what, "%s%s%s", yysymbol_name(expected[0]),
		         n == 2 ? " or " : "",
		         n == 2 ? yysymbol_name(expected[1]) : "");
	}
	um_pgn_syntax_error(ctx, yypcontext_token(pctx) == YYSYMBOL_YYEOF, what);
	return 0;
}

static void
um_pgn_yyerror(const UM_PGN_YYLTYPE *loc, um_pgn *ctx, const char *msg)
{
	(void)loc;
	(void)msg;
	ctx->lx.in.overflow = 1;
}
