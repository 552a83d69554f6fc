/* bison -Wall -Werror -o build/gen/bg_sgf_parse.c --header=build/gen/bg_sgf_parse.h grammar/bg_sgf_parse.y
 *
 * The grammar of GNU Backgammon's SGF files (shared/spec/backgammon-sgf.md,
 * section 1.2): game trees of nodes, nodes of properties, properties of
 * an identifier and values.  The lexer (bg_sgf_lex.re) skips whitespace
 * and gives each value as '[', its text in chunks, and ']'.  The actions
 * hand everything to the reader (read_sgf.c), which tells the main line
 * from the variations (1.3) and reads what the record uses (2).
 *
 * The first syntax error ends reading (4.2 step 1): there is no error
 * recovery.  Every action that comes before the end of its rule stands in
 * a state with nothing else to do, so it runs before the next token is
 * read (the reader relies on that to see values in their place).  Nesting
 * is limited (BG_SGF_DEPTH_MAX, checked by the reader), which bounds
 * the parser's stack.
 */
%require "3.8"
%define api.pure full
%define api.prefix {bg_sgf_yy}
%define api.token.prefix {BG_SGF_TOK_}
%define api.value.type {bg_sgf_tokval}
%define api.location.type {nt_loc}
%define parse.error custom
%define lr.default-reduction consistent
%locations
%param {bg_sgf_parse *ctx}
%expect 0

%code requires {
#include "games/backgammon/sgf.h"
}

%code provides {
int bg_sgf_yylex(BG_SGF_YYSTYPE *lval, BG_SGF_YYLTYPE *lloc, bg_sgf_parse *ctx);
}

%code {
#define YYLLOC_DEFAULT(Cur, Rhs, N) \
	do { \
		if (N) \
			(Cur) = YYRHSLOC(Rhs, 1); \
		else \
			(Cur) = YYRHSLOC(Rhs, 0); \
	} while (0)
static void bg_sgf_yyerror(const BG_SGF_YYLTYPE *loc, bg_sgf_parse *ctx,
                           const char *msg);
}

%token LPAREN "'('"
%token RPAREN "')'"
%token SEMI "';'"
%token IDENT "property identifier"
%token LBRACK "'['"
%token RBRACK "']'"
%token CHUNK "value text"
%token JUNK "character"

%%

file:
	collection
	;

collection:
	game_tree
	| collection game_tree
	;

game_tree:
	LPAREN {
		bg_sgf_tree_open(ctx, @1);
		if (ctx->stopped)
			YYABORT;
	}
	sequence subtrees RPAREN { bg_sgf_tree_close(ctx, @5); }
	;

sequence:
	node
	| sequence node
	;

subtrees:
	%empty
	| subtrees game_tree
	;

node:
	SEMI { bg_sgf_node_begin(ctx, @1); } properties { bg_sgf_node_end(ctx); }
	;

properties:
	%empty
	| properties property
	;

property:
	IDENT { bg_sgf_prop_begin(ctx, @1); } values
	;

values:
	value
	| values value
	;

value:
	LBRACK { bg_sgf_value_begin(ctx, @1); } text RBRACK {
		bg_sgf_value_end(ctx, @4);
	}
	;

text:
	%empty
	| text CHUNK { bg_sgf_value_chunk(ctx, &$2); }
	;

%%

static int
yyreport_syntax_error(const yypcontext_t *pctx, bg_sgf_parse *ctx)
{
	/* The reader knows tokens, not the grammar's symbols. */
	int tok;
	switch (yypcontext_token(pctx)) {
	case YYSYMBOL_YYEOF: tok = BG_SGF_TOK_YYEOF; break;
	case YYSYMBOL_LPAREN: tok = BG_SGF_TOK_LPAREN; break;
	case YYSYMBOL_RPAREN: tok = BG_SGF_TOK_RPAREN; break;
	case YYSYMBOL_SEMI: tok = BG_SGF_TOK_SEMI; break;
	case YYSYMBOL_IDENT: tok = BG_SGF_TOK_IDENT; break;
	case YYSYMBOL_LBRACK: tok = BG_SGF_TOK_LBRACK; break;
	case YYSYMBOL_RBRACK: tok = BG_SGF_TOK_RBRACK; break;
	case YYSYMBOL_CHUNK: tok = BG_SGF_TOK_CHUNK; break;
	default: tok = BG_SGF_TOK_JUNK; break;
	}
	/* Only a value could come (an identifier without one), or only a
	   node (a tree without one): the message says so. */
	yysymbol_kind_t next[YYNTOKENS];
	int n = yypcontext_expected_tokens(pctx, next, YYNTOKENS);
	int only = n != 1 ? 0 : next[0] == YYSYMBOL_LBRACK ? BG_SGF_TOK_LBRACK
	         : next[0] == YYSYMBOL_SEMI ? BG_SGF_TOK_SEMI : 0;
	bg_sgf_syntax_error(ctx, tok, only, *yypcontext_location(pctx));
	return 0;
}

/* Only "memory exhausted" comes here; syntax errors go through the hook above. */
static void
bg_sgf_yyerror(const BG_SGF_YYLTYPE *loc, bg_sgf_parse *ctx, const char *msg)
{
	(void)loc;
	(void)msg;
	ctx->lx.in.overflow = 1;
}
