/* bison -Wall -Werror -o build/gen/bao_parse.c --header=build/gen/bao_parse.h grammar/bao_parse.y
 *
 * The .bao transcript grammar (shared/spec/bao.md, section 6): a tag
 * section, then the movetext: move numbers and move tokens, at most one
 * result token, and after it nothing but comments (which the lexer treats
 * as whitespace).  Which number belongs to which move, and every rule of
 * the game, are decided in record.c in the order of spec section 8.2.
 *
 * Every state that follows a shifted item reduces by default, so each
 * item's action has run before the lexer reads on; the conversion relies
 * on that to keep comments in place.
 */
%require "3.8"
%define api.pure full
%define api.prefix {bao_yy}
%define api.token.prefix {BAO_TOK_}
%define api.value.type union
%define api.location.type {bao_span}
%define parse.error custom
%locations
%param {bao_parse *ctx}
%expect 0

%code requires {
#include "games/bao/record.h"
typedef struct bao_span {
	nt_loc begin;
	nt_loc end;
} bao_span;
}

%code provides {
int bao_yylex(BAO_YYSTYPE *lval, BAO_YYLTYPE *lloc, bao_parse *ctx);
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
static void bao_yyerror(const BAO_YYLTYPE *loc, bao_parse *ctx, const char *msg);
}

%token TAG "tag"
%token <bao_item> NUMBER "move number"
%token <bao_item> WORD "move"
%token <bao_item> RESULT "result"
%token <bao_item> OPEN_COMMENT "unclosed comment"

%%

file:
	tags { bao_tags_done(ctx); } movetext { bao_finish(ctx); }
	;

tags:
	%empty
	| tags TAG { bao_tag_read(ctx); }
	;

movetext:
	plies
	| plies result trailer
	;

plies:
	%empty
	| plies ply_item
	;

ply_item:
	NUMBER { bao_number_read(ctx, &$1); }
	| WORD { bao_move_read(ctx, &$1); }
	| OPEN_COMMENT { bao_open_comment(ctx, &$1); }
	;

result:
	RESULT { bao_result_read(ctx, &$1); }
	;

trailer:
	%empty
	| trailer stray
	;

/* Only comments may follow the result token. */
stray:
	NUMBER { bao_after_result(ctx, &$1); }
	| WORD { bao_after_result(ctx, &$1); }
	| RESULT { bao_after_result(ctx, &$1); }
	| OPEN_COMMENT { bao_open_comment(ctx, &$1); }
	;

%%

static int
yyreport_syntax_error(const yypcontext_t *pctx, bao_parse *ctx)
{
	/* The lexer hands tags only before the movetext, so this is not
	 * expected; it is still reported as the spec's SYNTAX. */
	yysymbol_kind_t expected[2];
	(void)yypcontext_expected_tokens(pctx, expected, 2);
	bao_syntax_error(ctx, yypcontext_location(pctx)->begin);
	return 0;
}

static void
bao_yyerror(const BAO_YYLTYPE *loc, bao_parse *ctx, const char *msg)
{
	(void)loc;
	(void)msg;
	/* Only "memory exhausted" comes here. */
	ctx->lx.in.overflow = 1;
}
