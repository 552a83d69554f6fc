/* bison -Wall -Werror -o build/gen/umla_parse.c --header=build/gen/umla_parse.h grammar/umla_parse.y
 *
 * The .umla transcript grammar (shared/spec/umlabalaba.md, section 4.4):
 * a header section, then moves such as 13B13>5<2, B>23, W<7.  The lexer
 * (umla_lex.re) decides what is a header line, and whether a number is a
 * move number or a point; everything the rules decide is in record.c.
 *
 * Default reductions stay on: a complete move is reduced before an
 * unexpected token after it is reported, so a legal move followed by a
 * separator and then junk is still replayed (the junk is the next move).
 */
%require "3.8"
%define api.pure full
%define api.prefix {um_yy}
%define api.token.prefix {UM_TOK_}
%define api.value.type union
%define api.location.type {nt_loc}
%define parse.error custom
%locations
%param {um_parse *ctx}
%expect 0

/* A token's location is its first character; a rule's, its first token's. */
%code requires {
#include "games/umlabalaba/record.h"
}

%code provides {
int um_yylex(UM_YYSTYPE *lval, UM_YYLTYPE *lloc, um_parse *ctx);
}

%code {
#define YYLLOC_DEFAULT(Cur, Rhs, N) \
	((Cur) = (N) ? YYRHSLOC(Rhs, 1) : YYRHSLOC(Rhs, 0))
/* Only "memory exhausted" comes here; syntax errors go to the reporter below. */
static void um_yyerror(const UM_YYLTYPE *loc, um_parse *ctx, const char *msg);
#define NUM(index) um_lexer_num(&ctx->lx, (index))
/* Whether the token after a move has been read when the move is reduced. */
#define LOOKAHEAD_KNOWN (yychar != UM_TOK_UM_YYEMPTY)
}

%token <int> MOVENUM "move number"
%token <int> POINT "point"
%token <int> MOVE "move"
%token <int> SIDE "side letter (B or W)"
%token GT "'>'"
%token LT "'<'"
%token <long> HEADER "header line"
%token JUNK "unreadable text"

%%

file:
	headers { um_headers_done(ctx); } moves { um_finish(ctx); }
	;

headers:
	%empty
	| headers HEADER { um_header(ctx, $2); }
	;

/*
 * After a syntax error the lexer skips to where the next move can start
 * (um_syntax_error asks it to), so the bad token is dropped and errors
 * after it are reported at once rather than after three good tokens.
 */
moves:
	%empty
	| moves move
	| moves MOVE { um_compact_move(ctx, $2); um_move_done(ctx, LOOKAHEAD_KNOWN); }
	| moves error { yyerrok; yyclearin; }
	;

/*
 * The lexer reads an unspaced move followed by a blank as one MOVE token;
 * its captures may still go on after blanks ("B>5\n<3").  The common MOVE
 * alone is a move of `moves` above: one reduction for the whole move.
 */
move:
	move_head action { um_move_done(ctx, LOOKAHEAD_KNOWN); }
	| compact more_captures { um_move_done(ctx, LOOKAHEAD_KNOWN); }
	;

compact:
	MOVE { um_compact_move(ctx, $1); }
	;

more_captures:
	LT POINT { um_move_capture(ctx, NUM($2)); }
	| more_captures LT POINT { um_move_capture(ctx, NUM($3)); }
	;

move_head:
	MOVENUM SIDE { um_move_start(ctx, NUM($1), $2, @1); }
	| SIDE { um_move_start(ctx, NULL, $1, @1); }
	;

action:
	placement captures
	| movement captures
	| removal
	;

placement:
	GT POINT { um_move_to(ctx, NUM($2)); }
	;

movement:
	POINT GT POINT { um_move_from(ctx, NUM($1)); um_move_to(ctx, NUM($3)); }
	;

removal:
	LT POINT { um_move_removal(ctx, NUM($2)); }
	;

captures:
	%empty
	| captures LT POINT { um_move_capture(ctx, NUM($3)); }
	;

%%

static int
yyreport_syntax_error(const yypcontext_t *pctx, um_parse *ctx)
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
	um_syntax_error(ctx, yypcontext_token(pctx) == YYSYMBOL_YYEOF, what);
	return 0;
}

static void
um_yyerror(const UM_YYLTYPE *loc, um_parse *ctx, const char *msg)
{
	(void)loc;
	(void)msg;
	ctx->lx.in.overflow = 1;
}
