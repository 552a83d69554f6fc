/* re2c -W -Werror --no-generation-date --no-version -o build/gen/bg_sgf_lex.c grammar/bg_sgf_lex.re
 *
 * The lexer of GNU Backgammon's SGF files (shared/spec/backgammon-sgf.md,
 * sections 1.1 and 1.2).  Outside values it gives the punctuation, the
 * identifiers and anything else as JUNK; whitespace and line ends are
 * skipped.  Inside a value it gives the text in chunks (CHUNK), decoded as
 * 1.2 says (escapes and soft line breaks undone, line ends made LF) and
 * turned into UTF-8 from the tree's character set, checking every byte
 * against that character set on the way (the first bad byte of a value is
 * noted for the reader).  A value of any length is read in bounded memory.
 *
 * Every rule matches at most 32 bytes, so a 64-byte buffer
 * (NT_INPUT_MIN_SIZE) reads exactly what a large one does (core/input.h).
 * Columns count characters: a continuation byte of a UTF-8 character takes
 * none, and neither does a byte-order mark at the start.
 */
#include <string.h>

#include "games/backgammon/sgf.h"
#include "bg_sgf_parse.h"

/*!re2c
	re2c:api:style = free-form;
	re2c:define:YYCTYPE = "unsigned char";
	re2c:define:YYCURSOR = "in->cur";
	re2c:define:YYMARKER = "in->mar";
	re2c:define:YYLIMIT = "in->lim";
	re2c:define:YYFILL = "nt_input_fill(in) == 0";
	re2c:eof = 0;

	eol = "\r\n" | "\r" | "\n";
	blank = [ \t\v\f];
	plain = [^\]\\\r\n\x80-\xff];
	high = [\x80-\xff];
*/

void
bg_sgf_lexer_init(bg_sgf_lexer *lx)
{
	lx->in_value = 0;
	lx->charset = BG_SGF_UTF8;
	lx->u_need = 0;
	lx->bad = 0;
	lx->next_chunk = 0;
	lx->ident_len = 0;
	lx->ident[0] = '\0';
}

static void
newline(bg_sgf_lexer *lx)
{
	nt_input_newline(&lx->in, lx->in.cur);
}

static void
mark_bad(bg_sgf_lexer *lx, nt_loc at)
{
	if (!lx->bad) {
		lx->bad = 1;
		lx->bad_at = at;
	}
}

static void
put(bg_sgf_chunk *c, unsigned char b)
{
	c->text[c->len++] = b;
}

/*
 * One byte of 0x80 or more, at P, in a value: checked against the tree's
 * character set and added to the chunk in UTF-8.  A continuation byte of
 * a UTF-8 character takes no column.
 */
static void
high_byte(bg_sgf_lexer *lx, bg_sgf_chunk *c, const unsigned char *p)
{
	unsigned char b = *p;
	nt_input *in = &lx->in;
	if (lx->charset == BG_SGF_LATIN1) {
		put(c, (unsigned char)(0xC0 | (b >> 6)));
		put(c, (unsigned char)(0x80 | (b & 0x3F)));
		return;
	}
	put(c, b);
	if (lx->charset == BG_SGF_ASCII) {
		mark_bad(lx, nt_input_loc(in, p));
		return;
	}
	if (lx->u_need > 0 && (b & 0xC0) == 0x80) {
		in->skipped++;
		lx->u_cp = (lx->u_cp << 6) | (b & 0x3Fu);
		if (--lx->u_need == 0 &&
		    (lx->u_cp < lx->u_min || lx->u_cp > 0x10FFFF ||
		     (lx->u_cp >= 0xD800 && lx->u_cp <= 0xDFFF)))
			mark_bad(lx, lx->u_at);
		return;
	}
	if (lx->u_need > 0) {
		/* The character before was cut short. */
		mark_bad(lx, lx->u_at);
		lx->u_need = 0;
	}
	lx->u_at = nt_input_loc(in, p);
	if (b >= 0xC2 && b <= 0xDF) {
		lx->u_need = 1;
		lx->u_cp = b & 0x1Fu;
		lx->u_min = 0x80;
	} else if (b >= 0xE0 && b <= 0xEF) {
		lx->u_need = 2;
		lx->u_cp = b & 0x0Fu;
		lx->u_min = 0x800;
	} else if (b >= 0xF0 && b <= 0xF4) {
		lx->u_need = 3;
		lx->u_cp = b & 0x07u;
		lx->u_min = 0x10000;
	} else {
		mark_bad(lx, lx->u_at);
	}
}

/* An ASCII byte after a UTF-8 lead byte: that character was cut short. */
static void
ascii_byte(bg_sgf_lexer *lx)
{
	if (lx->u_need > 0) {
		mark_bad(lx, lx->u_at);
		lx->u_need = 0;
	}
}

/*
 * The next piece of a value: a CHUNK of decoded text, or RBRACK at its
 * ']', or YYEOF when the input ends inside it (in_value stays set, so that
 * the error is reported at the value's '[').
 */
static int
lex_value(bg_sgf_lexer *lx, BG_SGF_YYSTYPE *lval, BG_SGF_YYLTYPE *lloc)
{
	nt_input *in = &lx->in;
	int slot = lx->next_chunk;
	bg_sgf_chunk *c = &lx->chunk[slot];
	c->len = 0;
	*lloc = nt_input_loc(in, in->cur);
	for (;;) {
		if (c->len >= BG_SGF_CHUNK)
			goto chunk;
		in->tok = in->cur;
/*!re2c
	plain{1,32} {
		size_t n = (size_t)(in->cur - in->tok);
		ascii_byte(lx);
		memcpy(c->text + c->len, in->tok, n);
		c->len += n;
		continue;
	}
	high { high_byte(lx, c, in->tok); continue; }
	"\\" eol { newline(lx); continue; }
	"\\" high { high_byte(lx, c, in->tok + 1); continue; }
	"\\" [^\r\n\x80-\xff] { ascii_byte(lx); put(c, in->tok[1]); continue; }
	"\\" { in->cur = in->tok; goto end; }
	eol { ascii_byte(lx); put(c, '\n'); newline(lx); continue; }
	"]" {
		if (c->len > 0) {
			in->cur = in->tok;
			goto chunk;
		}
		if (lx->u_need > 0) {
			mark_bad(lx, lx->u_at);
			lx->u_need = 0;
		}
		*lloc = nt_input_loc(in, in->tok);
		lx->in_value = 0;
		return BG_SGF_TOK_RBRACK;
	}
	$ { goto end; }
*/
	}
end:
	if (c->len > 0)
		goto chunk;
	*lloc = nt_input_loc(in, in->cur);
	return BG_SGF_TOK_YYEOF;
chunk:
	lx->next_chunk = 1 - slot;
	lval->slot = slot;
	return BG_SGF_TOK_CHUNK;
}

/* The rest of an identifier longer than one match. */
static void
ident_rest(bg_sgf_lexer *lx)
{
	nt_input *in = &lx->in;
	for (;;) {
		in->tok = in->cur;
/*!re2c
	[A-Z]{1,32} {
		size_t n = (size_t)(in->cur - in->tok);
		for (size_t i = 0; i < n; i++, lx->ident_len++)
			if (lx->ident_len < BG_SGF_IDENT_MAX)
				lx->ident[lx->ident_len] = (char)in->tok[i];
		continue;
	}
	* { in->cur = in->tok; return; }
	$ { return; }
*/
	}
}

static int
lex_token(bg_sgf_lexer *lx, BG_SGF_YYSTYPE *lval, BG_SGF_YYLTYPE *lloc)
{
	nt_input *in = &lx->in;
	lval->slot = 0;
	if (lx->in_value)
		return lex_value(lx, lval, lloc);
	for (;;) {
		in->tok = in->cur;
		*lloc = nt_input_loc(in, in->cur);
/*!re2c
	blank{1,32} { continue; }
	eol { newline(lx); continue; }
	"\xEF\xBB\xBF" {
		if (nt_input_offset(in, in->tok) == 0) {
			in->skipped += 3;
			continue;
		}
		return BG_SGF_TOK_JUNK;
	}
	"(" { return BG_SGF_TOK_LPAREN; }
	")" { return BG_SGF_TOK_RPAREN; }
	";" { return BG_SGF_TOK_SEMI; }
	"[" {
		lx->in_value = 1;
		lx->u_need = 0;
		lx->bad = 0;
		return BG_SGF_TOK_LBRACK;
	}
	"]" { return BG_SGF_TOK_RBRACK; }
	[A-Z] {
		lx->ident[0] = (char)in->tok[0];
		lx->ident_len = 1;
		ident_rest(lx);
		lx->ident[lx->ident_len < BG_SGF_IDENT_MAX ? lx->ident_len
		          : BG_SGF_IDENT_MAX] = '\0';
		return BG_SGF_TOK_IDENT;
	}
	$ { return BG_SGF_TOK_YYEOF; }
	* { return BG_SGF_TOK_JUNK; }
*/
	}
}

int
bg_sgf_yylex(BG_SGF_YYSTYPE *lval, BG_SGF_YYLTYPE *lloc, bg_sgf_parse *p)
{
	return lex_token(&p->lx, lval, lloc);
}
