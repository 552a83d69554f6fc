/*
 * The test game's lexer: words, numbers and line ends, every rule a
 * bounded number of bytes, read through core/input.h.
 */
#include "tests/toygame/game/toy.h"
#include "tests/toygame/game/toy_parse.h"
#include "core/report.h"

/*!re2c
	re2c:api:style = free-form;
	re2c:define:YYCTYPE = "unsigned char";
	re2c:define:YYCURSOR = "in->cur";
	re2c:define:YYMARKER = "in->mar";
	re2c:define:YYLIMIT = "in->lim";
	re2c:define:YYFILL = "nt_input_fill(in) == 0";
	re2c:eof = 0;
*/

static void
located(nt_input *in, TOY_YYLTYPE *lloc)
{
	nt_loc b = nt_input_loc(in, in->tok);
	nt_input_count_utf8(in, in->tok, in->cur);
	nt_loc e = nt_input_loc(in, in->cur);
	lloc->first_line = (int)b.line;
	lloc->first_column = (int)b.col;
	lloc->last_line = (int)e.line;
	lloc->last_column = (int)e.col - 1;
}

/* Every token but a line end opens a line. */
static int
token(toy_parse *p, nt_input *in, TOY_YYLTYPE *lloc, int kind)
{
	located(in, lloc);
	p->line_open = 1;
	nt_quote(p->word, sizeof p->word, (const char *)in->tok,
	         (size_t)(in->cur - in->tok));
	return kind;
}

int
toy_yylex(TOY_YYSTYPE *lval, TOY_YYLTYPE *lloc, toy_parse *p)
{
	nt_input *in = &p->in;
	for (;;) {
		in->tok = in->cur;
/*!re2c
		[ \t\r]{1,32} { continue; }
		"\n" {
			located(in, lloc);
			nt_input_newline(in, in->cur);
			p->line_open = 0;
			p->word[0] = '\0';
			return TOY_NL;
		}
		"pile" { return token(p, in, lloc, TOY_PILE); }
		"take" { return token(p, in, lloc, TOY_TAKE); }
		[0-9]{1,9} {
			long v = 0;
			for (const unsigned char *s = in->tok; s < in->cur; s++)
				v = v * 10 + (*s - '0');
			lval->number = v;
			return token(p, in, lloc, TOY_NUMBER);
		}
		[^ \t\r\n]{1,32} { return token(p, in, lloc, TOY_JUNK); }
		$ {
			located(in, lloc);
			/* A last line without its line feed still ends. */
			if (p->line_open) {
				p->line_open = 0;
				return TOY_NL;
			}
			return TOY_YYEOF;
		}
*/
	}
}
