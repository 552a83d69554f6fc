/* re2c -W -Werror --no-generation-date --no-version -o build/gen/umla_pgn_lex.c grammar/umla_pgn_lex.re
 *
 * The mill PGN lexer (shared/spec/umlabalaba-pgn.md, section 4): the tag
 * section, then movetext tokens, every run of blanks, comments and '%'
 * lines folded into one SEP.
 *
 * It reads through a fixed-size refillable buffer (core/input.h): every
 * rule matches a bounded number of bytes, and long runs (blanks, comments,
 * variations, tag values, junk, long numbers) are read as repeated chunks.
 *
 * Besides cutting tokens it follows where a turn begins and whether a
 * token belongs to it, because the spec's locations and move indexes
 * depend on it (4.3): an unreadable token inside a turn, glued to it or in
 * its capture-run is that turn's syntax error; anywhere else it takes the
 * index a turn there would have had.
 */
#include <string.h>

#include "umla_pgn_parse.h"
#include "games/umlabalaba/pgn.h"

enum raw {
	RAW_SEP, RAW_MOVENUM, RAW_SQUARE, RAW_DASH, RAW_CAPTURE, RAW_PASS,
	RAW_SUFFIX, RAW_NAG, RAW_VARIATION, RAW_TERM, RAW_JUNK,
	RAW_OPEN_COMMENT, RAW_STRAY_BRACE, RAW_OPEN_VARIATION, RAW_STRAY_PAREN,
	RAW_TAG_LINE, RAW_EOF
};

/* What a token carries besides its kind. */
typedef struct raw_value {
	int number;       /* ring slot of its digits or square */
	int second;       /* "N...": the second player's move number */
	int form;         /* a square's form (enum um_pgn_form) */
	int result;       /* a termination: enum um_pgn_outcome */
} raw_value;

enum comment_end { COMMENT_CLOSED, COMMENT_NEWLINE, COMMENT_EOF };

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
	file = [a-g];
*/

static void
append_text(char *buf, size_t *len, size_t cap, const unsigned char *s,
            size_t n)
{
	size_t room = cap - 1 - *len;
	if (n > room)
		n = room;
	memcpy(buf + *len, s, n);
	*len += n;
	buf[*len] = '\0';
}

/* --- comments ---------------------------------------------------------- */

static void
comment_begin(um_pgn_lexer *lx, int brace)
{
	if (lx->events != NULL)
		lx->events->comment_begin(lx->events->ctx, brace, lx->turn_id);
}

static void
comment_text(um_pgn_lexer *lx, const unsigned char *s, size_t n)
{
	if (lx->events != NULL)
		lx->events->comment_text(lx->events->ctx, s, n);
}

static void
comment_end(um_pgn_lexer *lx)
{
	if (lx->events != NULL)
		lx->events->comment_end(lx->events->ctx);
}

/* Reads a { comment } from after its brace (the brace was announced). */
static int
skip_brace_comment(um_pgn_lexer *lx, int stop_at_newline)
{
	nt_input *in = &lx->in;
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[^}\n\x80-\xff]{1,32} {
			comment_text(lx, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		high{1,32} {
			nt_input_count_utf8(in, in->tok, in->cur);
			comment_text(lx, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		"\n" {
			comment_text(lx, in->tok, 1);
			nt_input_newline(in, in->cur);
			if (stop_at_newline)
				return COMMENT_NEWLINE;
			continue;
		}
		"}" { comment_end(lx); return COMMENT_CLOSED; }
		$ { return COMMENT_EOF; }
*/
	}
}

/* Reads a ; comment up to, not including, the end of its line. */
static void
skip_line_comment(um_pgn_lexer *lx)
{
	nt_input *in = &lx->in;
	comment_begin(lx, 0);
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[^\n\x80-\xff]{1,32} {
			comment_text(lx, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		high{1,32} {
			nt_input_count_utf8(in, in->tok, in->cur);
			comment_text(lx, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		"\n" { in->cur = in->tok; comment_end(lx); return; }
		$ { comment_end(lx); return; }
*/
	}
}

/* Skips what is left of a line: a '%' line, or one that is no tag. */
static void
skip_rest_of_line(um_pgn_lexer *lx)
{
	nt_input *in = &lx->in;
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[^\n\x80-\xff]{1,32} { continue; }
		high{1,32} { nt_input_count_utf8(in, in->tok, in->cur); continue; }
		"\n" { in->cur = in->tok; return; }
		$ { return; }
*/
	}
}

/* Whether P starts a line: a '%' there begins an escape line. */
static int
at_line_start(const nt_input *in, const unsigned char *p)
{
	return nt_input_offset(in, p) == in->line_start;
}

/* --- numbers, junk, variations ---------------------------------------- */

/*
 * Reads the digits after the first chunk, which starts at in->tok + SKIP
 * (after an 'x', say).  No pointer into the buffer may be kept across a
 * match (a refill moves the bytes), so the chunk being read is located by
 * its offset from in->tok.
 */
static int
read_number(um_pgn_lexer *lx, size_t skip)
{
	nt_input *in = &lx->in;
	int slot = (int)(lx->num_next++ % UM_PGN_NUM_RING);
	um_num *n = &lx->nums[slot];
	const unsigned char *digits = in->tok + skip;
	n->loc = nt_input_loc(in, digits);
	n->start = nt_input_offset(in, digits);
	n->len = (size_t)(in->cur - digits);
	n->text[0] = '\0';
	size_t kept = 0;
	append_text(n->text, &kept, sizeof n->text, digits, n->len);
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[0-9]{1,16} {
			append_text(n->text, &kept, sizeof n->text, in->tok,
			            (size_t)(in->cur - in->tok));
			n->len += (size_t)(in->cur - in->tok);
			continue;
		}
		* { in->cur = in->tok; break; }
		$ { break; }
*/
	}
	n->end = n->start + n->len;
	/* A number too long to keep says so where it is quoted. */
	if (n->len >= sizeof n->text)
		memcpy(n->text + sizeof n->text - 4, "...", 4);
	return slot;
}

/* A square of two characters at in->tok + SKIP, into the ring. */
static int
keep_square(um_pgn_lexer *lx, size_t skip)
{
	nt_input *in = &lx->in;
	int slot = (int)(lx->num_next++ % UM_PGN_NUM_RING);
	um_num *n = &lx->nums[slot];
	const unsigned char *at = in->tok + skip;
	n->loc = nt_input_loc(in, at);
	n->start = nt_input_offset(in, at);
	n->len = 2;
	n->end = n->start + 2;
	n->text[0] = (char)at[0];
	n->text[1] = (char)at[1];
	n->text[2] = '\0';
	return slot;
}

/* Reads unreadable text, from the token just read up to the next separator. */
static void
read_junk(um_pgn_lexer *lx)
{
	nt_input *in = &lx->in;
	size_t len = 0;
	lx->raw[0] = '\0';
	append_text(lx->raw, &len, sizeof lx->raw, in->tok,
	            (size_t)(in->cur - in->tok));
	nt_input_count_utf8(in, in->tok, in->cur);
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[^ \t\r\n\f\x0b{};\x80-\xff]{1,32} {
			append_text(lx->raw, &len, sizeof lx->raw, in->tok,
			            (size_t)(in->cur - in->tok));
			continue;
		}
		high{1,32} {
			append_text(lx->raw, &len, sizeof lx->raw, in->tok,
			            (size_t)(in->cur - in->tok));
			nt_input_count_utf8(in, in->tok, in->cur);
			continue;
		}
		* { in->cur = in->tok; lx->raw_len = len; return; }
		$ { lx->raw_len = len; return; }
*/
	}
}

/*
 * Skips a variation from after its '(' to the matching ')', nested ones
 * and comments honoured (a parenthesis in a comment counts for nothing).
 * Returns 0, or -1 when the file ends first.
 */
static int
skip_variation(um_pgn_lexer *lx)
{
	nt_input *in = &lx->in;
	unsigned long depth = 1;
	const um_events *events = lx->events;
	/* The comments of a variation are not the main line's. */
	lx->events = NULL;
	int rc = 0;
	while (rc == 0 && depth > 0) {
		in->tok = in->cur;
/*!local:re2c
		[^(){};\n\x80-\xff]{1,32} { continue; }
		high{1,32} { nt_input_count_utf8(in, in->tok, in->cur); continue; }
		"\n" { nt_input_newline(in, in->cur); continue; }
		"(" { depth++; continue; }
		")" { depth--; continue; }
		";" { skip_line_comment(lx); continue; }
		"{" {
			if (skip_brace_comment(lx, 0) != COMMENT_CLOSED)
				rc = -1;
			continue;
		}
		"}" { continue; }
		$ { rc = -1; continue; }
*/
	}
	lx->events = events;
	return rc;
}

/*
 * Skips a run of separators; returns RAW_SEP, or RAW_OPEN_COMMENT for a
 * comment the file leaves open (LOC then is its brace, and a separator
 * before it counts as one).
 */
static int
skip_separators(um_pgn_lexer *lx, nt_loc *loc)
{
	nt_input *in = &lx->in;
	int any = 0;
	for (;; any = 1) {
		in->tok = in->cur;
		nt_loc at = nt_input_loc(in, in->cur);
/*!local:re2c
		blank{1,32} { continue; }
		"\n" { nt_input_newline(in, in->cur); continue; }
		";" { skip_line_comment(lx); continue; }
		"{" {
			comment_begin(lx, 1);
			if (skip_brace_comment(lx, 0) == COMMENT_CLOSED)
				continue;
			*loc = at;
			if (any)
				lx->sep = 1;
			return RAW_OPEN_COMMENT;
		}
		"%" {
			if (!at_line_start(in, in->tok)) {
				in->cur = in->tok;
				return RAW_SEP;
			}
			skip_rest_of_line(lx);
			continue;
		}
		* { in->cur = in->tok; return RAW_SEP; }
		$ { return RAW_SEP; }
*/
	}
}

/* --- movetext tokens --------------------------------------------------- */

static int
lex_raw(um_pgn_lexer *lx, nt_loc *loc, raw_value *v)
{
	nt_input *in = &lx->in;
	for (;;) {
		in->tok = in->cur;
		*loc = nt_input_loc(in, in->cur);
/*!local:re2c
		blank | "\n" | ";" {
			in->cur = in->tok;
			return skip_separators(lx, loc);
		}
		"{" {
			in->cur = in->tok;
			return skip_separators(lx, loc);
		}
		"%" {
			if (!at_line_start(in, in->tok)) {
				read_junk(lx);
				return RAW_JUNK;
			}
			in->cur = in->tok;
			return skip_separators(lx, loc);
		}
		"}" { return RAW_STRAY_BRACE; }
		"(" {
			return skip_variation(lx) == 0 ? RAW_VARIATION
			                               : RAW_OPEN_VARIATION;
		}
		")" { return RAW_STRAY_PAREN; }
		"1-0" { v->result = UM_PGN_FIRST_WON; return RAW_TERM; }
		"0-1" { v->result = UM_PGN_SECOND_WON; return RAW_TERM; }
		"1/2-1/2" { v->result = UM_PGN_DRAWN; return RAW_TERM; }
		"*" { v->result = UM_PGN_UNFINISHED; return RAW_TERM; }
		[0-9]{1,16} {
			v->number = read_number(lx, 0);
			in->tok = in->cur;
			goto after_digits;
		}
		file [0-9] {
			v->number = keep_square(lx, 0);
			v->form = UM_PGN_ALGEBRAIC;
			return RAW_SQUARE;
		}
		"x" file [0-9] {
			v->number = keep_square(lx, 1);
			v->form = UM_PGN_ALGEBRAIC;
			return RAW_CAPTURE;
		}
		"x" [0-9]{1,16} {
			v->number = read_number(lx, 1);
			v->form = UM_PGN_PLAYOK;
			return RAW_CAPTURE;
		}
		"-" { return RAW_DASH; }
		"p" { return RAW_PASS; }
		"!!" | "??" | "!?" | "?!" | "!" | "?" { return RAW_SUFFIX; }
		"$" [0-9]{1,16} {
			read_number(lx, 1);
			return RAW_NAG;
		}
		$ { return RAW_EOF; }
		* { read_junk(lx); return RAW_JUNK; }
*/
after_digits:
/*!local:re2c
		"..." { v->second = 1; return RAW_MOVENUM; }
		"." { v->second = 0; return RAW_MOVENUM; }
		* { in->cur = in->tok; v->form = UM_PGN_PLAYOK; return RAW_SQUARE; }
		$ { v->form = UM_PGN_PLAYOK; return RAW_SQUARE; }
*/
	}
}

/* --- the tag section --------------------------------------------------- */

/*
 * The digits of an Options number kept: more make no difference, as any
 * count this long is never reached (counts saturate), and a leading zero
 * is still seen.
 */
#define OPTION_DIGITS 40

/*
 * Adds text to an Options value in a compact form, so that every legal
 * value fits however it is written: blanks between items become one
 * space, and a number after '=' keeps its first OPTION_DIGITS digits.
 */
static void
append_option_text(um_pgn_lexer *lx, const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = s[i];
		size_t before = lx->value_len;
		if (c == ' ' || c == '\t') {
			lx->value_blank = lx->value_len > 0;
			lx->value_in_number = 0;
			continue;
		}
		if (lx->value_in_number && c >= '0' && c <= '9') {
			if (lx->value_digits++ >= OPTION_DIGITS)
				continue;
		} else {
			lx->value_in_number = c == '=';
			lx->value_digits = 0;
			if (lx->value_blank)
				append_text(lx->value, &lx->value_len, sizeof lx->value,
				            (const unsigned char *)" ", 1);
			lx->value_blank = 0;
		}
		append_text(lx->value, &lx->value_len, sizeof lx->value, &c, 1);
		if (lx->value_len == before)
			lx->value_cut = 1;
	}
}

static void
append_value(um_pgn_lexer *lx, const unsigned char *s, size_t n)
{
	if (lx->compact_value) {
		append_option_text(lx, s, n);
		return;
	}
	size_t before = lx->value_len;
	append_text(lx->value, &lx->value_len, sizeof lx->value, s, n);
	if (lx->value_len - before < n)
		lx->value_cut = 1;
}

/* Key, blanks, quoted value and closing bracket, after the '['. */
static int
read_tag_body(um_pgn_lexer *lx)
{
	nt_input *in = &lx->in;
	lx->key_len = lx->value_len = 0;
	lx->key[0] = lx->value[0] = '\0';
	lx->value_cut = 0;
	in->tok = in->cur;
/*!local:re2c
	[A-Za-z][A-Za-z0-9_]{0,15} {
		append_text(lx->key, &lx->key_len, sizeof lx->key, in->tok,
		            (size_t)(in->cur - in->tok));
		goto key_more;
	}
	* { in->cur = in->tok; return -1; }
	$ { return -1; }
*/
key_more:
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[A-Za-z0-9_]{1,16} {
			append_text(lx->key, &lx->key_len, sizeof lx->key, in->tok,
			            (size_t)(in->cur - in->tok));
			continue;
		}
		[ \t]{1,32} { goto blanks; }
		* { in->cur = in->tok; return -1; }
		$ { return -1; }
*/
	}
blanks:
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[ \t]{1,32} { continue; }
		"\"" { goto value; }
		* { in->cur = in->tok; return -1; }
		$ { return -1; }
*/
	}
value:
	lx->compact_value = strcmp(lx->key, "Options") == 0;
	lx->value_blank = lx->value_in_number = 0;
	lx->value_digits = 0;
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[^"\\\n\x80-\xff]{1,32} {
			append_value(lx, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		high{1,32} {
			append_value(lx, in->tok, (size_t)(in->cur - in->tok));
			nt_input_count_utf8(in, in->tok, in->cur);
			continue;
		}
		/* 4.1: \" stands for ", \\ for \, any other \ for itself. */
		"\\\"" { append_value(lx, (const unsigned char *)"\"", 1); continue; }
		"\\\\" { append_value(lx, (const unsigned char *)"\\", 1); continue; }
		"\\" { append_value(lx, in->tok, 1); continue; }
		"\"" { goto close; }
		* { in->cur = in->tok; return -1; }
		$ { return -1; }
*/
	}
close:
	in->tok = in->cur;
/*!local:re2c
	"]" { lx->tag_end = nt_input_loc(in, in->tok); return 0; }
	* { in->cur = in->tok; return -1; }
	$ { return -1; }
*/
}

enum tag_tail { TAIL_OK, TAIL_COMMENT_GOES_ON, TAIL_BAD };

/* After the ']': blanks and comments that end on this line, then its end. */
static int
read_tag_tail(um_pgn_lexer *lx)
{
	nt_input *in = &lx->in;
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[ \t]{1,32} { continue; }
		";" { skip_line_comment(lx); continue; }
		"{" {
			lx->comment_loc = nt_input_loc(in, in->tok);
			comment_begin(lx, 1);
			switch (skip_brace_comment(lx, 1)) {
			case COMMENT_CLOSED: continue;
			default: return TAIL_COMMENT_GOES_ON;
			}
		}
		"\r"? "\n" { nt_input_newline(in, in->cur); return TAIL_OK; }
		$ { return TAIL_OK; }
		* { in->cur = in->tok; return TAIL_BAD; }
*/
	}
}

/* What the tag section hands on. */
enum tag_step {
	STEP_TAG, STEP_MOVES, STEP_COMMENT_GOES_ON, STEP_BAD_LINE,
	STEP_BAD_LINE_IN_COMMENT, STEP_OPEN_COMMENT, STEP_EOF
};

/* A '{' comment in the tag section: announced, then read on its line. */
static int
tag_section_comment(um_pgn_lexer *lx, nt_loc loc, int *commented)
{
	lx->comment_loc = loc;
	comment_begin(lx, 1);
	switch (skip_brace_comment(lx, 1)) {
	case COMMENT_CLOSED: *commented = 1; return -1;
	case COMMENT_NEWLINE: return STEP_COMMENT_GOES_ON;
	default: return STEP_OPEN_COMMENT;
	}
}

static int
lex_tag_section(um_pgn_lexer *lx, nt_loc *loc)
{
	nt_input *in = &lx->in;
	/* A comment may stand alone on a line or after a tag, not before;
	 * before a tag only spaces and tabs may stand. */
	int commented = 0, odd_blank = 0;
	for (;;) {
		in->tok = in->cur;
		*loc = nt_input_loc(in, in->cur);
/*!local:re2c
		"\xef\xbb\xbf" {
			/* A byte-order mark is ignored at the very start only. */
			if (nt_input_offset(in, in->tok) == 0) {
				in->skipped += 3;
				continue;
			}
			in->cur = in->tok;
			return STEP_MOVES;
		}
		[ \t]{1,32} { continue; }
		"\r"? "\n" {
			nt_input_newline(in, in->cur);
			commented = odd_blank = 0;
			continue;
		}
		[\r\f\x0b] { odd_blank = 1; continue; }
		";" { skip_line_comment(lx); continue; }
		"%" {
			if (!at_line_start(in, in->tok)) {
				in->cur = in->tok;
				return STEP_MOVES;
			}
			skip_rest_of_line(lx);
			continue;
		}
		"{" {
			int step = tag_section_comment(lx, *loc, &commented);
			if (step >= 0)
				return step;
			continue;
		}
		"[" {
			if (commented) {
				in->cur = in->tok;
				return STEP_MOVES;
			}
			lx->tag_loc = *loc;
			if (odd_blank)
				return STEP_BAD_LINE;
			if (read_tag_body(lx) != 0)
				return STEP_BAD_LINE;
			switch (read_tag_tail(lx)) {
			case TAIL_OK: return STEP_TAG;
			case TAIL_COMMENT_GOES_ON: return STEP_BAD_LINE_IN_COMMENT;
			default: return STEP_BAD_LINE;
			}
		}
		$ { return STEP_EOF; }
		* { in->cur = in->tok; return STEP_MOVES; }
*/
	}
}

/* --- classifying tokens against the movetext grammar ------------------ */

/* A turn (or an unreadable piece in a turn's place) begins at this token. */
static void
begin_turn(um_pgn_lexer *lx, nt_loc loc)
{
	char *older = lx->prev_text;
	lx->prev_text = lx->turn_text;
	lx->turn_text = older;
	lx->turn_id++;
	lx->began = 1;
	lx->turn_loc = loc;
	lx->turn_len = 0;
	lx->turn_text[0] = '\0';
}

static void
append_turn_text(um_pgn_lexer *lx, const char *text, size_t n, int spaced)
{
	if (spaced && lx->turn_len > 0)
		append_text(lx->turn_text, &lx->turn_len, UM_MOVE_TEXT,
		            (const unsigned char *)" ", 1);
	append_text(lx->turn_text, &lx->turn_len, UM_MOVE_TEXT,
	            (const unsigned char *)text, n);
}

/* Token text may hold any byte, NUL included: it is kept with its length. */
static void
set_token_bytes(um_pgn_token *t, const char *text, size_t n)
{
	if (n >= sizeof t->text)
		n = sizeof t->text - 1;
	memcpy(t->text, text, n);
	t->text[n] = '\0';
	t->text_len = n;
}

/* An unreadable token: the turn's, or a piece of its own. */
static int
junk_token(um_pgn_lexer *lx, int junk, int in_turn)
{
	um_pgn_token *t = &lx->tok;
	t->junk = junk;
	if (junk == UM_PJ_GLUED || junk == UM_PJ_OTHER_FORM ||
	    junk == UM_PJ_AFTER_END) {
		/* The token became junk: take the rest of the word with it. */
		char word[UM_PGN_TOKEN_TEXT * 2];
		size_t n = t->text_len;
		memcpy(word, t->text, n);
		lx->in.tok = lx->in.cur;
		read_junk(lx);
		size_t more = lx->raw_len < sizeof word - n ? lx->raw_len
		                                            : sizeof word - n;
		memcpy(word + n, lx->raw, more);
		set_token_bytes(t, word, n + more);
	}
	t->in_turn = in_turn;
	if (in_turn) {
		append_turn_text(lx, t->text, t->text_len, lx->gap);
	} else {
		begin_turn(lx, t->loc);
		append_turn_text(lx, t->text, t->text_len, 0);
	}
	lx->state = lx->state == UM_PG_OVER ? UM_PG_OVER : UM_PG_BETWEEN;
	return UM_PGN_TOK_JUNK;
}

/* Whether the last token was part of a turn (not a NAG, say). */
static int
last_was_turn_part(const um_pgn_lexer *lx)
{
	switch (lx->last) {
	case RAW_MOVENUM: case RAW_SQUARE: case RAW_DASH: case RAW_CAPTURE:
	case RAW_PASS: case RAW_SUFFIX:
		return 1;
	default:
		return 0;
	}
}

/* Whether a token now belongs to the turn under way (4.3). */
static int
belongs_to_turn(const um_pgn_lexer *lx, int raw)
{
	switch (lx->state) {
	case UM_PG_NUMBER:
	case UM_PG_STEP:
		return 1;
	case UM_PG_TURN:
		/* Glued to it, or a shot (a capture-run follows separators). */
		return (!lx->sep && last_was_turn_part(lx)) || raw == RAW_CAPTURE ||
		       (raw == RAW_JUNK && lx->raw[0] == 'x');
	default:
		return 0;
	}
}

/* A square or capture in the file's form; the first square decides it. */
static int
form_ok(um_pgn_lexer *lx, int form)
{
	if (lx->form < 0)
		lx->form = form;
	return lx->form == form;
}

static const char *const raw_words[] = {
	[RAW_DASH] = "-", [RAW_PASS] = "p", [RAW_OPEN_COMMENT] = "{",
	[RAW_STRAY_BRACE] = "}", [RAW_OPEN_VARIATION] = "(",
	[RAW_STRAY_PAREN] = ")", [RAW_TAG_LINE] = "[",
};

/* The token's text as written, for messages. */
static void
token_text(um_pgn_lexer *lx, int raw, const raw_value *v)
{
	um_pgn_token *t = &lx->tok;
	const nt_input *in = &lx->in;
	switch (raw) {
	case RAW_MOVENUM: {
		char text[UM_NUM_TEXT + 4];
		const um_num *n = um_pgn_num(lx, v->number);
		snprintf(text, sizeof text, "%s%s", n->text, v->second ? "..." : ".");
		set_token_bytes(t, text, strlen(text));
		break;
	}
	case RAW_SQUARE:
	case RAW_CAPTURE: {
		char text[UM_NUM_TEXT + 2];
		snprintf(text, sizeof text, "%s%s", raw == RAW_CAPTURE ? "x" : "",
		         um_pgn_num(lx, v->number)->text);
		set_token_bytes(t, text, strlen(text));
		break;
	}
	case RAW_SUFFIX:
	case RAW_TERM:
		set_token_bytes(t, (const char *)in->tok,
		                (size_t)(in->cur - in->tok));
		break;
	case RAW_NAG:
		set_token_bytes(t, "$", 1);
		break;
	case RAW_VARIATION:
		set_token_bytes(t, "(...)", 5);
		break;
	case RAW_SEP:
		set_token_bytes(t, " ", 1);
		break;
	case RAW_JUNK:
		set_token_bytes(t, lx->raw, lx->raw_len);
		break;
	case RAW_EOF:
		set_token_bytes(t, "", 0);
		break;
	default:
		set_token_bytes(t, raw_words[raw], strlen(raw_words[raw]));
		break;
	}
}

/* Parts of a turn: their text joins the turn's (after a space where a
 * separator, a NAG or a variation came between). */
static int
turn_part(um_pgn_lexer *lx, int next_state, int token)
{
	append_turn_text(lx, lx->tok.text, lx->tok.text_len, lx->gap);
	lx->state = next_state;
	return token;
}

/* A token that may begin a turn: it does unless it belongs to one. */
static int
turn_start(um_pgn_lexer *lx, int next_state, int token)
{
	um_pgn_token *t = &lx->tok;
	if (t->in_turn)
		return turn_part(lx, next_state, token);
	begin_turn(lx, t->loc);
	append_turn_text(lx, t->text, t->text_len, 0);
	lx->state = next_state;
	return token;
}

static int
classify(um_pgn_lexer *lx, int raw, nt_loc loc, const raw_value *v,
         UM_PGN_YYSTYPE *lval)
{
	um_pgn_token *t = &lx->tok;
	memcpy(lx->prev_token, t->text, t->text_len + 1);
	t->prev_end = t->end;
	t->end = loc;
	t->state = lx->state;
	t->turn_len_before = lx->turn_len;
	t->turn_id = lx->turn_id;
	t->turn_loc = lx->turn_loc;
	t->junk = UM_PJ_NONE;
	t->loc = loc;
	t->in_turn = belongs_to_turn(lx, raw);
	token_text(lx, raw, v);
	int glued = !lx->sep && raw != RAW_SEP;
	int glued_to_turn = glued && last_was_turn_part(lx);
	if (raw != RAW_SEP)
		lx->gap = !glued_to_turn;
	int last = lx->last;
	lx->last = raw;

	int step_open = lx->step_open;
	lx->step_open = 0;
	if (lx->state == UM_PG_OVER && raw != RAW_SEP && raw != RAW_EOF)
		return junk_token(lx, UM_PJ_AFTER_END, 0);
	int token;
	switch (raw) {
	case RAW_SEP:
		lx->sep = 1;
		return UM_PGN_TOK_SEP;
	case RAW_MOVENUM:
		lval->UM_PGN_TOK_MOVENUM = v->number * 2 + v->second;
		token = turn_start(lx, UM_PG_NUMBER, UM_PGN_TOK_MOVENUM);
		break;
	case RAW_SQUARE:
		if (!form_ok(lx, v->form))
			return junk_token(lx, UM_PJ_OTHER_FORM, t->in_turn);
		lval->UM_PGN_TOK_SQUARE = v->number;
		if (lx->state == UM_PG_TURN && glued_to_turn)
			return junk_token(lx, UM_PJ_GLUED, 1);
		/* A turn's first square may go on with '-'. */
		lx->step_open = lx->state != UM_PG_STEP;
		token = lx->state == UM_PG_NUMBER || lx->state == UM_PG_STEP
			? turn_part(lx, UM_PG_TURN, UM_PGN_TOK_SQUARE)
			: turn_start(lx, UM_PG_TURN, UM_PGN_TOK_SQUARE);
		lx->sep = 0;
		return token;
	case RAW_PASS:
		if (lx->state == UM_PG_TURN && glued_to_turn)
			return junk_token(lx, UM_PJ_GLUED, 1);
		token = lx->state == UM_PG_NUMBER
			? turn_part(lx, UM_PG_TURN, UM_PGN_TOK_PASS)
			: turn_start(lx, UM_PG_TURN, UM_PGN_TOK_PASS);
		break;
	case RAW_DASH:
		/* A step: the first square of a turn, then '-' glued to it. */
		if (last != RAW_SQUARE || !glued || !step_open)
			return junk_token(lx, t->in_turn ? UM_PJ_GLUED : UM_PJ_TEXT,
			                  t->in_turn);
		token = turn_part(lx, UM_PG_STEP, UM_PGN_TOK_DASH);
		break;
	case RAW_CAPTURE:
		if (!form_ok(lx, v->form))
			return junk_token(lx, UM_PJ_OTHER_FORM, t->in_turn);
		lval->UM_PGN_TOK_CAPTURE = v->number;
		if (!t->in_turn)
			return junk_token(lx, UM_PJ_TEXT, 0);
		token = turn_part(lx, lx->state, UM_PGN_TOK_CAPTURE);
		break;
	case RAW_SUFFIX:
		if (!t->in_turn)
			return junk_token(lx, UM_PJ_TEXT, 0);
		token = turn_part(lx, lx->state, UM_PGN_TOK_SUFFIX);
		break;
	case RAW_NAG:
	case RAW_VARIATION:
		/* Elements of their own; a shot after them still belongs to the
		 * turn before. */
		token = raw == RAW_NAG ? UM_PGN_TOK_NAG : UM_PGN_TOK_VARIATION;
		break;
	case RAW_TERM:
		lval->UM_PGN_TOK_TERM = v->result;
		lx->state = UM_PG_OVER;
		token = UM_PGN_TOK_TERM;
		break;
	case RAW_JUNK:
		/* A bad shot is told as one, glued or not. */
		return junk_token(lx, glued_to_turn && lx->state == UM_PG_TURN &&
		                      lx->raw[0] != 'x' ? UM_PJ_GLUED : UM_PJ_TEXT,
		                  t->in_turn);
	case RAW_OPEN_COMMENT:
		return junk_token(lx, UM_PJ_OPEN_COMMENT, t->in_turn);
	case RAW_STRAY_BRACE:
		return junk_token(lx, UM_PJ_STRAY_BRACE, t->in_turn);
	case RAW_OPEN_VARIATION:
		return junk_token(lx, UM_PJ_OPEN_VARIATION, t->in_turn);
	case RAW_STRAY_PAREN:
		return junk_token(lx, UM_PJ_STRAY_PAREN, t->in_turn);
	case RAW_TAG_LINE:
		return junk_token(lx, UM_PJ_TAG_LINE, t->in_turn);
	default:
		return UM_PGN_TOK_YYEOF;
	}
	lx->sep = 0;
	return token;
}

/*
 * After a syntax error: skips what is left of the unreadable text (up to
 * the next separator; after the termination, to the end: one game per
 * file, one finding) and reads on from there, between turns.
 */
static int
resync(um_pgn_lexer *lx, nt_loc *loc, raw_value *v)
{
	lx->resync = 0;
	int over = lx->state == UM_PG_OVER;
	lx->state = over ? UM_PG_OVER : UM_PG_BETWEEN;
	for (;;) {
		int raw = lex_raw(lx, loc, v);
		/* A comment left open after a separator is a finding of its own. */
		if (raw == RAW_EOF ||
		    ((raw == RAW_SEP || raw == RAW_OPEN_COMMENT) && !over))
			return raw;
	}
}

void
um_pgn_lexer_init(um_pgn_lexer *lx)
{
	/* The input buffer is set up by the caller. */
	lx->in_tags = 1;
	lx->sep = 1;
	lx->state = UM_PG_BETWEEN;
	lx->last = RAW_SEP;
	lx->form = -1;
	lx->turn_id = 0;
	lx->turn_text = lx->texts[0];
	lx->prev_text = lx->texts[1];
	lx->turn_text[0] = lx->prev_text[0] = '\0';
}

/*
 * The last character of the token that began at LOC, the input standing
 * just past it: on LOC's line, or LOC itself when it ran on (a comment
 * left open) or nothing was read.
 */
static nt_loc
token_end(const nt_input *in, nt_loc loc)
{
	/* Counted from offsets: the last byte may have left the buffer. */
	nt_offset past = nt_input_offset(in, in->cur);
	nt_offset line_used = in->line_start + in->skipped;
	if (in->line != loc.line || past <= line_used)
		return loc;
	nt_loc end = { .line = in->line, .col = (unsigned long)(past - line_used) };
	return end.col < loc.col ? loc : end;
}

/*
 * The tag section: returns 1 with a tag in LVAL, else 0 with the section
 * over and, in *RAW, the movetext token it ran into (-1 for none yet).
 */
static int
lex_tags(um_pgn_lexer *lx, nt_loc *loc, int *raw, UM_PGN_YYSTYPE *lval)
{
	int step = lex_tag_section(lx, loc);
	if (step == STEP_TAG) {
		lval->UM_PGN_TOK_TAG = ++lx->tag_seq;
		return 1;
	}
	lx->in_tags = 0;
	switch (step) {
	case STEP_COMMENT_GOES_ON:
		lx->comment_open = 1;
		break;
	case STEP_BAD_LINE:
		/* Not a tag line, so it is movetext starting with '['. */
		*loc = lx->tag_loc;
		skip_rest_of_line(lx);
		*raw = RAW_TAG_LINE;
		break;
	case STEP_BAD_LINE_IN_COMMENT:
		/* The same, and its comment is read on after it. */
		*loc = lx->tag_loc;
		lx->comment_open = 1;
		*raw = RAW_TAG_LINE;
		break;
	case STEP_OPEN_COMMENT:
		*loc = lx->comment_loc;
		*raw = RAW_OPEN_COMMENT;
		break;
	case STEP_EOF:
		*raw = RAW_EOF;
		break;
	default:
		break;
	}
	return 0;
}

/* A comment that began in the tag section and goes on into the movetext. */
static int
finish_open_comment(um_pgn_lexer *lx, nt_loc *loc)
{
	lx->comment_open = 0;
	*loc = lx->comment_loc;
	if (skip_brace_comment(lx, 0) != COMMENT_CLOSED)
		return RAW_OPEN_COMMENT;
	/* A separator ends whatever was unreadable before it. */
	lx->resync = 0;
	if (lx->state != UM_PG_OVER)
		lx->state = UM_PG_BETWEEN;
	return skip_separators(lx, loc);
}

int
um_pgn_yylex(UM_PGN_YYSTYPE *lval, UM_PGN_YYLTYPE *lloc, um_pgn *p)
{
	um_pgn_lexer *lx = &p->lx;
	nt_loc loc = { 0, 0 };
	raw_value v = { 0, 0, 0, 0 };
	int raw = -1;
	if (lx->in_tags && lex_tags(lx, &loc, &raw, lval)) {
		lloc->begin = lloc->end = lx->tag_loc;
		return UM_PGN_TOK_TAG;
	}
	if (raw < 0 && lx->comment_open)
		raw = finish_open_comment(lx, &loc);
	/* Only a token just read from movetext ends where the input stands. */
	int from_text = raw < 0;
	if (raw < 0 && lx->resync)
		raw = resync(lx, &loc, &v);
	if (raw < 0)
		raw = lex_raw(lx, &loc, &v);
	int token = classify(lx, raw, loc, &v, lval);
	if (from_text && raw != RAW_SEP)
		lx->tok.end = token_end(&lx->in, loc);
	/* A new turn begins: the one before can take nothing more. */
	if (lx->began) {
		lx->began = 0;
		um_pgn_turn_over(p);
	}
	lloc->begin = lloc->end = loc;
	return token;
}
