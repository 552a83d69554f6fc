/* re2c -W -Werror --no-generation-date --no-version -o build/gen/bao_lex.c grammar/bao_lex.re
 *
 * The .bao lexer (shared/spec/bao.md, sections 6.1 and 6.2).
 *
 * It reads through a fixed-size refillable buffer (core/input.h): every rule
 * matches a bounded number of bytes, and long runs (blanks, comments, tag
 * values, long words and numbers) are read as repeated chunks, so a 64-byte
 * buffer works.
 *
 * The tag section is read line by line: a line that is not a whole tag ends
 * it, and its '[' then starts the movetext.  In the movetext, comments are
 * whitespace (handed to the record only for conversion), a number with its
 * dots ("12.", "12...") is a token of its own even when a move is glued to
 * it, and every other run of non-blank characters is one word: a result
 * token or a move token (valid or not, the record decides).
 */
#include <string.h>

#include "bao_parse.h"
#include "games/bao/record.h"

/*!re2c
	re2c:api:style = free-form;
	re2c:define:YYCTYPE = "unsigned char";
	re2c:define:YYCURSOR = "in->cur";
	re2c:define:YYMARKER = "in->mar";
	re2c:define:YYLIMIT = "in->lim";
	re2c:define:YYFILL = "nt_input_fill(in) == 0";
	re2c:eof = 0;

	blank = [ \t\r\f\x0b];
	high = [\x80-\xff];
	wordbyte = [^ \t\r\n\f\x0b{;\x80-\xff];
*/

enum comment_end { COMMENT_CLOSED, COMMENT_NEWLINE, COMMENT_EOF };

static void
item_append(bao_item *it, const unsigned char *s, size_t n)
{
	size_t room = sizeof it->text - 1 - it->len;
	if (n > room) {
		n = room;
		it->cut = 1;
	}
	memcpy(it->text + it->len, s, n);
	it->len += n;
	it->text[it->len] = '\0';
}

static void
item_start(bao_item *it, nt_loc loc)
{
	memset(it, 0, sizeof *it);
	it->loc = loc;
}

/* Reads a { comment } from after its brace. */
static int
skip_brace_comment(bao_parse *p, int stop_at_newline)
{
	nt_input *in = &p->lx.in;
	int echo = p->mode == BAO_CONVERT;
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[^}\n\x80-\xff]{1,32} {
			if (echo)
				bao_comment_text(p, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		high{1,32} {
			nt_input_count_utf8(in, in->tok, in->cur);
			if (echo)
				bao_comment_text(p, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		"\n" {
			nt_input_newline(in, in->cur);
			if (echo)
				bao_comment_text(p, in->tok, 1);
			if (stop_at_newline)
				return COMMENT_NEWLINE;
			continue;
		}
		"}" { return COMMENT_CLOSED; }
		$ { return COMMENT_EOF; }
*/
	}
}

/* Reads a ; comment up to, not including, the end of its line. */
static void
skip_line_comment(bao_parse *p)
{
	nt_input *in = &p->lx.in;
	int echo = p->mode == BAO_CONVERT;
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[^\n\r\x80-\xff]{1,32} | "\r" {
			if (echo)
				bao_comment_text(p, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		high{1,32} {
			nt_input_count_utf8(in, in->tok, in->cur);
			if (echo)
				bao_comment_text(p, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		"\r\n" | "\n" { in->cur = in->tok; return; }
		$ { return; }
*/
	}
}

/* The rest of a word whose first bytes are in IT. */
static void
read_word_rest(bao_parse *p, bao_item *it)
{
	nt_input *in = &p->lx.in;
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		wordbyte{1,32} {
			item_append(it, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		high{1,32} {
			nt_input_count_utf8(in, in->tok, in->cur);
			item_append(it, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		* { in->cur = in->tok; break; }
		$ { break; }
*/
	}
	it->end = nt_input_loc(in, in->cur);
}

/* The dots after a number's digits: 3, 1, or 0 when there are none. */
static int
read_dots(nt_input *in)
{
	in->tok = in->cur;
/*!local:re2c
	"..." { return 3; }
	"." { return 1; }
	* { in->cur = in->tok; return 0; }
	$ { return 0; }
*/
}

/* Digits (the first chunk is in IT), then dots: a number, or a word. */
static int
read_number_or_word(bao_parse *p, bao_item *it)
{
	nt_input *in = &p->lx.in;
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[0-9]{1,32} {
			item_append(it, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		* { in->cur = in->tok; break; }
		$ { break; }
*/
	}
	it->dots = read_dots(in);
	/* 6.2: N has no leading zero, so "02..." is no move number but a word
	 * (a garbled move, SYNTAX in North's place). */
	if (it->dots > 0 && it->len > 1 && it->text[0] == '0') {
		item_append(it, (const unsigned char *)"...", (size_t)it->dots);
		it->dots = 0;
	} else if (it->dots > 0) {
		it->end = nt_input_loc(in, in->cur);
		return BAO_TOK_NUMBER;
	}
	read_word_rest(p, it);
	return BAO_TOK_WORD;
}

/* --- the tag section ---------------------------------------------------- */

/* Room for N more bytes of the value and its NUL, up to the limit. */
static int
value_room(bao_lexer *lx, size_t n)
{
	return nt_growbuf_reserve(&lx->value_buf, lx->value_len + 1,
	                          lx->value_len + n + 1);
}

static void
value_append(bao_lexer *lx, const unsigned char *s, size_t n)
{
	if (!value_room(lx, n)) {
		n = lx->value_buf.cap - 1 - lx->value_len;
		lx->value_cut = 1;
	}
	memcpy(lx->value_buf.data + lx->value_len, s, n);
	lx->value_len += n;
	lx->value_buf.data[lx->value_len] = '\0';
}

static void
name_append(bao_lexer *lx, const unsigned char *s, size_t n)
{
	size_t room = sizeof lx->name - 1 - lx->name_len;
	lx->name_written += n;
	if (n > room) {
		n = room;
		lx->name_cut = 1;
	}
	memcpy(lx->name + lx->name_len, s, n);
	lx->name_len += n;
	lx->name[lx->name_len] = '\0';
}

/* Name, blanks, quoted value and bracket, after the '['; 0 or -1. */
static int
read_tag_body(bao_lexer *lx)
{
	nt_input *in = &lx->in;
	lx->name_len = lx->value_len = lx->name_written = 0;
	lx->name[0] = lx->value_buf.data[0] = '\0';
	lx->name_cut = lx->value_cut = 0;
	lx->name_broken = 0;
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[A-Za-z0-9_]{1,32} {
			name_append(lx, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		[ \t]{1,32} {
			if (lx->name_len == 0)
				return -1;
			break;
		}
		* { in->cur = in->tok; lx->name_broken = 1; return -1; }
		$ { return -1; }
*/
	}
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[ \t]{1,32} { continue; }
		"\"" { break; }
		* { in->cur = in->tok; return -1; }
		$ { return -1; }
*/
	}
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[^"\\\n\x80-\xff]{1,32} {
			value_append(lx, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		high{1,32} {
			nt_input_count_utf8(in, in->tok, in->cur);
			value_append(lx, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		"\\\"" { value_append(lx, (const unsigned char *)"\"", 1); continue; }
		"\\\\" | "\\" { value_append(lx, (const unsigned char *)"\\", 1); continue; }
		"\"" { break; }
		* { in->cur = in->tok; return -1; }
		$ { return -1; }
*/
	}
	in->tok = in->cur;
/*!local:re2c
	"]" { lx->tag_end = nt_input_loc(in, in->tok); return 0; }
	* { in->cur = in->tok; return -1; }
	$ { return -1; }
*/
}

enum tag_tail { TAIL_OK, TAIL_COMMENT_GOES_ON, TAIL_BAD };

/* After the ']': blanks and comments, then the end of the line. */
static int
read_tag_tail(bao_parse *p)
{
	bao_lexer *lx = &p->lx;
	nt_input *in = &lx->in;
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		blank{1,32} { continue; }
		";" {
			bao_comment_begin(p, ';');
			skip_line_comment(p);
			bao_comment_end(p);
			continue;
		}
		"{" {
			lx->comment_loc = nt_input_loc(in, in->tok);
			bao_comment_begin(p, '{');
			switch (skip_brace_comment(p, 1)) {
			case COMMENT_CLOSED:
				bao_comment_end(p);
				continue;
			default:
				return TAIL_COMMENT_GOES_ON;
			}
		}
		"\n" { nt_input_newline(in, in->cur); return TAIL_OK; }
		$ { return TAIL_OK; }
		* { in->cur = in->tok; return TAIL_BAD; }
*/
	}
}

enum tag_step { STEP_TAG, STEP_TAG_COMMENT_GOES_ON, STEP_MOVETEXT,
                STEP_BAD_TAG, STEP_EOF };

static int
lex_tag_section(bao_parse *p)
{
	bao_lexer *lx = &p->lx;
	nt_input *in = &lx->in;
	for (;;) {
		in->tok = in->cur;
		nt_loc loc = nt_input_loc(in, in->cur);
/*!local:re2c
		"\xef\xbb\xbf" {
			/* A byte-order mark is ignored at the very start only. */
			if (nt_input_offset(in, in->tok) == 0) {
				in->skipped += 3;
				continue;
			}
			in->cur = in->tok;
			return STEP_MOVETEXT;
		}
		blank{1,32} { continue; }
		"\n" { nt_input_newline(in, in->cur); continue; }
		"[" {
			lx->tag_loc = loc;
			if (read_tag_body(lx) != 0)
				return STEP_BAD_TAG;
			switch (read_tag_tail(p)) {
			case TAIL_OK: return STEP_TAG;
			case TAIL_COMMENT_GOES_ON: return STEP_TAG_COMMENT_GOES_ON;
			default: return STEP_BAD_TAG;
			}
		}
		$ { return STEP_EOF; }
		* { in->cur = in->tok; return STEP_MOVETEXT; }
*/
	}
}

/* --- the movetext ------------------------------------------------------- */

static int
lex_movetext(bao_parse *p, bao_item *it)
{
	nt_input *in = &p->lx.in;
	for (;;) {
		in->tok = in->cur;
		nt_loc loc = nt_input_loc(in, in->cur);
/*!local:re2c
		blank{1,32} { continue; }
		"\n" { nt_input_newline(in, in->cur); continue; }
		";" {
			bao_comment_begin(p, ';');
			skip_line_comment(p);
			bao_comment_end(p);
			continue;
		}
		"{" {
			bao_comment_begin(p, '{');
			if (skip_brace_comment(p, 0) == COMMENT_CLOSED) {
				bao_comment_end(p);
				continue;
			}
			item_start(it, loc);
			item_append(it, (const unsigned char *)"{", 1);
			it->end = loc;
			return BAO_TOK_OPEN_COMMENT;
		}
		[0-9] {
			item_start(it, loc);
			item_append(it, in->tok, 1);
			return read_number_or_word(p, it);
		}
		$ { item_start(it, loc); it->end = loc; return BAO_TOK_YYEOF; }
		* {
			item_start(it, loc);
			nt_input_count_utf8(in, in->tok, in->cur);
			item_append(it, in->tok, 1);
			read_word_rest(p, it);
			return BAO_TOK_WORD;
		}
*/
	}
}

void
bao_lexer_init(bao_lexer *lx)
{
	/* The input buffer is set up by the caller. */
	lx->in_tags = 1;
	lx->comment_open = 0;
	nt_growbuf_init(&lx->value_buf, lx->value_small, sizeof lx->value_small,
	                BAO_TAG_VALUE_MAX);
}

void
bao_lexer_free(bao_lexer *lx)
{
	nt_growbuf_free(&lx->value_buf);
}

/* A line of the tag section that is no tag: its '[' begins a word. */
static int
bad_tag_word(bao_parse *p, bao_item *it)
{
	bao_lexer *lx = &p->lx;
	item_start(it, lx->tag_loc);
	item_append(it, (const unsigned char *)"[", 1);
	item_append(it, (const unsigned char *)lx->name, lx->name_len);
	/* A byte no name has (`[Ga-me`, `[Game"x"]`) does not end the word:
	 * it is quoted whole, as written. */
	if (lx->name_broken && !lx->name_cut) {
		read_word_rest(p, it);
	} else {
		/* The word is the '[' and the name: the tag reader may have
		 * read on past them (blanks, a value) before it gave up. */
		it->end = lx->tag_loc;
		it->end.col += 1 + lx->name_written;
	}
	return BAO_TOK_WORD;
}

/* Words that are result tokens end the movetext in the grammar. */
static int
word_token(const bao_item *it)
{
	bao_word w;
	if (it->cut)
		return BAO_TOK_WORD;
	bao_word_classify(it->text, it->len, &w);
	return w.kind == BAO_W_RESULT ? BAO_TOK_RESULT : BAO_TOK_WORD;
}

int
bao_yylex(BAO_YYSTYPE *lval, BAO_YYLTYPE *lloc, bao_parse *p)
{
	bao_lexer *lx = &p->lx;
	bao_item it;
	int token = -1;
	memset(&it, 0, sizeof it);
	while (lx->in_tags && token < 0) {
		switch (lex_tag_section(p)) {
		case STEP_TAG:
			token = BAO_TOK_TAG;
			break;
		case STEP_TAG_COMMENT_GOES_ON:
			lx->in_tags = 0;
			lx->comment_open = 1;
			token = BAO_TOK_TAG;
			break;
		case STEP_BAD_TAG:
			lx->in_tags = 0;
			token = bad_tag_word(p, &it);
			break;
		case STEP_EOF:
			lx->in_tags = 0;
			item_start(&it, nt_input_loc(&lx->in, lx->in.cur));
			it.end = it.loc;
			token = BAO_TOK_YYEOF;
			break;
		default:
			lx->in_tags = 0;
			break;
		}
	}
	if (token == BAO_TOK_TAG) {
		lloc->begin = lloc->end = lx->tag_loc;
		return token;
	}
	if (token < 0 && lx->comment_open) {
		/* A comment begun on the last tag line goes on. */
		lx->comment_open = 0;
		if (skip_brace_comment(p, 0) == COMMENT_CLOSED) {
			bao_comment_end(p);
		} else {
			item_start(&it, lx->comment_loc);
			item_append(&it, (const unsigned char *)"{", 1);
			it.end = it.loc;
			token = BAO_TOK_OPEN_COMMENT;
		}
	}
	if (token < 0)
		token = lex_movetext(p, &it);
	switch (token) {
	case BAO_TOK_NUMBER:
		lval->BAO_TOK_NUMBER = it;
		break;
	case BAO_TOK_WORD:
		token = word_token(&it);
		if (token == BAO_TOK_RESULT)
			lval->BAO_TOK_RESULT = it;
		else
			lval->BAO_TOK_WORD = it;
		break;
	case BAO_TOK_OPEN_COMMENT:
		lval->BAO_TOK_OPEN_COMMENT = it;
		break;
	default:
		break;
	}
	lloc->begin = it.loc;
	lloc->end = it.end;
	return token;
}
