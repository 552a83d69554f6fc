/* The test game's grammar: a pile line, then take lines. */
%define api.pure full
%define api.prefix {toy_yy}
%define api.token.prefix {TOY_}
%locations
%parse-param {toy_parse *p}
%lex-param {toy_parse *p}

%code requires {
#include "tests/toygame/game/toy.h"
}

%code {
int toy_yylex(TOY_YYSTYPE *lval, TOY_YYLTYPE *lloc, toy_parse *p);

static nt_loc
at(int line, int col)
{
	nt_loc l = { (unsigned long)line, (unsigned long)col };
	return l;
}

static void
toy_yyerror(TOY_YYLTYPE *lloc, toy_parse *p, const char *msg)
{
	(void)msg;
	toy_syntax(p, at(lloc->first_line, lloc->first_column));
}
}

%union { long number; }
%token PILE TAKE NL JUNK
%token <number> NUMBER

%%

record: lines ;
lines: %empty | lines line ;
line
	: NL
	| PILE NUMBER NL { toy_pile(p, at(@1.first_line, @1.first_column), $2); }
	| TAKE NUMBER NL { toy_take(p, at(@1.first_line, @1.first_column),
	                            at(@2.last_line, @2.last_column), $2); }
	| error NL { yyerrok; }
	;
