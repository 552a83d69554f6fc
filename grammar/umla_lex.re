/* re2c -W -Werror --no-generation-date --no-version -o build/gen/umla_lex.c grammar/umla_lex.re
 *
 * The .umla lexer (shared/spec/umlabalaba.md, sections 4.1 to 4.4).
 *
 * It reads through a fixed-size refillable buffer (core/input.h): every rule
 * matches a bounded number of bytes, and long runs (blanks, comments, header
 * values, junk, 40-digit numbers) are read as repeated chunks.
 *
 * Besides cutting tokens it follows where a move begins and whether one
 * could end, because the spec's locations and move indexes depend on it: a
 * number is a move number when no move is under way and a point otherwise,
 * and text glued to a complete move (no separator between) makes that whole
 * move unreadable.
 */
#include <string.h>

#include "umla_parse.h"
#include "games/umlabalaba/record.h"

enum um_raw {
	RAW_NUM, RAW_SIDE, RAW_GT, RAW_LT, RAW_JUNK, RAW_OPEN_COMMENT,
	RAW_STRAY_BRACE, RAW_HEADER_LINE, RAW_MOVE, RAW_EOF
};

enum comment_end { COMMENT_CLOSED, COMMENT_NEWLINE, COMMENT_EOF };

/*!re2c
	re2c:api:style = free-form;
	re2c:define:YYCTYPE = "unsigned char";
	re2c:define:YYCURSOR = "in->cur";
	re2c:define:YYMARKER = "in->mar";
	re2c:define:YYLIMIT = "in->lim";
	re2c:define:YYFILL = "nt_input_fill(in) == 0";
	re2c:eof = 0;

	/* The vocabulary of section 4, named once for every rule below. */
	digit = [0-9];
	side = [BW];
	ascii = [\x00-\x7f];
	high = [\x80-\xff];
	blank = [ \t\r\f\x0b];
	header_blank = [ \t];            /* what may surround a header line */
	line_end = "\r"? "\n";
	separator = blank | [\n{;];      /* what may end a move */
	word_end = separator | "}";
	key_char = [A-Za-z0-9_];
	point = digit{1,3};
	compact = digit{0,8} side digit{0,3} ">" point ("<" point){0,4};
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

/* A conversion to another form keeps the comments: they go to it. */
static void
comment_begin(um_lexer *lx, int brace)
{
	if (lx->events != NULL)
		lx->events->comment_begin(lx->events->ctx, brace, lx->move_id);
}

static void
comment_text(um_lexer *lx, int comment, const unsigned char *s,
             const unsigned char *e)
{
	if (comment && lx->events != NULL)
		lx->events->comment_text(lx->events->ctx, s, (size_t)(e - s));
}

static void
comment_end(um_lexer *lx)
{
	if (lx->events != NULL)
		lx->events->comment_end(lx->events->ctx);
}

/* Reads a { comment } from after its brace. */
static int
skip_brace_comment(um_lexer *lx, int stop_at_newline)
{
	nt_input *in = &lx->in;
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		(ascii \ [}\n]){1,32} { comment_text(lx, 1, in->tok, in->cur); continue; }
		high{1,32} {
			nt_input_count_utf8(in, in->tok, in->cur);
			comment_text(lx, 1, in->tok, in->cur);
			continue;
		}
		"\n" {
			comment_text(lx, 1, in->tok, in->cur);
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

/*
 * Reads up to, not including, the end of the line: a ; comment (COMMENT),
 * or what is left of a line that could not be read.
 */
static void
skip_line(um_lexer *lx, int comment)
{
	nt_input *in = &lx->in;
	if (comment)
		comment_begin(lx, 0);
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		(ascii \ "\n"){1,32} { comment_text(lx, comment, in->tok, in->cur); continue; }
		high{1,32} {
			nt_input_count_utf8(in, in->tok, in->cur);
			comment_text(lx, comment, in->tok, in->cur);
			continue;
		}
		"\n" { in->cur = in->tok; break; }
		$ { break; }
*/
	}
	if (comment)
		comment_end(lx);
}

/*
 * Reads the digits after the first chunk, which starts at in->tok.  No
 * pointer into the buffer may be kept across a match (a refill moves the
 * bytes), so the chunk being read is located by its offset from in->tok.
 */
static void
read_number(um_lexer *lx)
{
	nt_input *in = &lx->in;
	um_num *n = &lx->nums[lx->num_next % UM_NUM_RING];
	n->loc = nt_input_loc(in, in->tok);
	n->start = nt_input_offset(in, in->tok);
	n->len = (size_t)(in->cur - in->tok);
	n->text[0] = '\0';
	size_t kept = 0;
	append_text(n->text, &kept, sizeof n->text, in->tok, n->len);
	for (;;) {
		/* Short numbers stay in the buffer whole, for the converter. */
		if (n->len > 16)
			in->tok = in->cur;
		size_t chunk = (size_t)(in->cur - in->tok);
/*!local:re2c
		digit{1,16} {
			append_text(n->text, &kept, sizeof n->text, in->tok + chunk,
			            (size_t)(in->cur - in->tok) - chunk);
			n->len += (size_t)(in->cur - in->tok) - chunk;
			continue;
		}
		* { in->cur = in->tok + chunk; break; }
		$ { break; }
*/
	}
	n->end = n->start + n->len;
	/* A number too long to keep says so where it is quoted. */
	if (n->len >= sizeof n->text)
		memcpy(n->text + sizeof n->text - 4, "...", 4);
}

/* Reads unreadable text, from the token just read up to the next separator. */
static void
read_junk(um_lexer *lx)
{
	nt_input *in = &lx->in;
	size_t len = 0;
	lx->raw_text[0] = '\0';
	lx->raw_len = 0;
	append_text(lx->raw_text, &len, sizeof lx->raw_text, in->tok,
	            (size_t)(in->cur - in->tok));
	nt_input_count_utf8(in, in->tok, in->cur);
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		(ascii \ word_end){1,32} {
			append_text(lx->raw_text, &len, sizeof lx->raw_text, in->tok,
			            (size_t)(in->cur - in->tok));
			continue;
		}
		high{1,32} {
			append_text(lx->raw_text, &len, sizeof lx->raw_text, in->tok,
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
 * A number inside a compact move, at P: at most 8 digits (the regex says
 * so), copied as they are scanned, since a call to copy so few costs more.
 */
static const unsigned char *
compact_number(um_lexer *lx, const unsigned char *p, um_num *n)
{
	nt_input *in = &lx->in;
	size_t len = 0;
	while (p[len] >= '0' && p[len] <= '9') {
		n->text[len] = (char)p[len];
		len++;
	}
	n->text[len] = '\0';
	n->len = len;
	n->loc = nt_input_loc(in, p);
	n->start = nt_input_offset(in, p);
	n->end = n->start + len;
	return p + len;
}

/*
 * Splits a compact move that re2c matched (the regex guarantees its shape):
 * [number] side [from] '>' to {'<' capture}.
 */
static void
split_compact(um_lexer *lx, const unsigned char *p, const unsigned char *end)
{
	um_compact *cm = &lx->cm[lx->cm_next % 2];
	um_num *n = cm->nums;
	cm->has_number = *p >= '0' && *p <= '9';
	if (cm->has_number)
		p = compact_number(lx, p, &n[0]);
	cm->side = *p++ == 'B' ? UM_BLACK : UM_WHITE;
	cm->from = *p != '>';
	if (cm->from)
		p = compact_number(lx, p, &n[1]);
	p = compact_number(lx, p + 1, &n[2]);
	cm->ncaps = 0;
	while (p < end && *p == '<')
		p = compact_number(lx, p + 1, &n[3 + cm->ncaps++]);
}

/*!rules:re2c:move_text
		blank{1,32} { lx->sep = 1; continue; }
		"\n" { nt_input_newline(in, in->cur); lx->sep = 1; continue; }
		";" { skip_line(lx, 1); lx->sep = 1; continue; }
		"{" {
			comment_begin(lx, 1);
			if (skip_brace_comment(lx, 0) == COMMENT_CLOSED) {
				lx->sep = 1;
				continue;
			}
			return RAW_OPEN_COMMENT;
		}
		"}" { return RAW_STRAY_BRACE; }
		digit{1,16} { read_number(lx); return RAW_NUM; }
		"B" { *side = UM_BLACK; return RAW_SIDE; }
		"W" { *side = UM_WHITE; return RAW_SIDE; }
		">" { return RAW_GT; }
		"<" { return RAW_LT; }
		$ { return RAW_EOF; }
		* { read_junk(lx); return RAW_JUNK; }
*/

/* One raw token of move text inside a move; separators are skipped and noted. */
static int
lex_raw(um_lexer *lx, nt_loc *loc, int *side)
{
	nt_input *in = &lx->in;
	for (;;) {
		in->tok = in->cur;
		*loc = nt_input_loc(in, in->cur);
/*!use:re2c:move_text
*/
	}
}

/*
 * The same where a move may begin: a whole unspaced move followed by a
 * separator (which is left unread) is one token.
 */
static int
lex_raw_between(um_lexer *lx, nt_loc *loc, int *side)
{
	nt_input *in = &lx->in;
	for (;;) {
		in->tok = in->cur;
		*loc = nt_input_loc(in, in->cur);
/*!local:re2c
		compact separator {
			in->cur--;
			split_compact(lx, in->tok, in->cur);
			return RAW_MOVE;
		}
		!use:move_text;
*/
	}
}

/* --- the header section ---------------------------------------------- */

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
append_option_text(um_lexer *lx, const unsigned char *s, size_t n)
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
append_value(um_lexer *lx, const unsigned char *s, size_t n)
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
read_header_body(um_lexer *lx)
{
	nt_input *in = &lx->in;
	lx->key_len = lx->value_len = 0;
	lx->key[0] = lx->value[0] = '\0';
	lx->value_cut = 0;
	in->tok = in->cur;
/*!local:re2c
	[A-Za-z] key_char{0,15} {
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
		key_char{1,16} {
			append_text(lx->key, &lx->key_len, sizeof lx->key, in->tok,
			            (size_t)(in->cur - in->tok));
			continue;
		}
		header_blank{1,32} { goto blanks; }
		* { in->cur = in->tok; return -1; }
		$ { return -1; }
*/
	}
blanks:
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		header_blank{1,32} { continue; }
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
		(ascii \ ["\n]){1,32} {
			append_value(lx, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		high{1,32} {
			append_value(lx, in->tok, (size_t)(in->cur - in->tok));
			nt_input_count_utf8(in, in->tok, in->cur);
			continue;
		}
		"\"" { goto close; }
		* { in->cur = in->tok; return -1; }
		$ { return -1; }
*/
	}
close:
	in->tok = in->cur;
/*!local:re2c
	"]" { lx->header_end = nt_input_loc(in, in->tok); return 0; }
	* { in->cur = in->tok; return -1; }
	$ { return -1; }
*/
}

enum header_tail { TAIL_OK, TAIL_COMMENT_GOES_ON, TAIL_BAD };

/* After the ']': blanks and comments that end on this line, then its end. */
static int
read_header_tail(um_lexer *lx)
{
	nt_input *in = &lx->in;
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		/* 4.2: spaces and tabs may surround a header line; other
		 * whitespace (a form feed, a CR that ends no line) makes it move
		 * text. */
		header_blank{1,32} { continue; }
		";" { skip_line(lx, 1); continue; }
		"{" {
			lx->comment_loc = nt_input_loc(in, in->tok);
			comment_begin(lx, 1);
			switch (skip_brace_comment(lx, 1)) {
			case COMMENT_CLOSED: continue;
			default: return TAIL_COMMENT_GOES_ON;
			}
		}
		line_end { nt_input_newline(in, in->cur); return TAIL_OK; }
		$ { return TAIL_OK; }
		* { in->cur = in->tok; return TAIL_BAD; }
*/
	}
}

/* What the header section hands on. */
enum header_step {
	STEP_HEADER, STEP_MOVES, STEP_COMMENT_GOES_ON, STEP_BAD_LINE,
	STEP_BAD_LINE_IN_COMMENT,
	STEP_OPEN_COMMENT, STEP_EOF
};

static int
lex_header_section(um_lexer *lx, nt_loc *loc)
{
	nt_input *in = &lx->in;
	/* A comment may stand alone on a line or after a header, not before;
	 * before a header only spaces and tabs may stand (4.2). */
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
		header_blank{1,32} { continue; }
		line_end {
			nt_input_newline(in, in->cur);
			commented = odd_blank = 0;
			continue;
		}
		blank \ header_blank { odd_blank = 1; continue; }
		";" { skip_line(lx, 1); continue; }
		"{" {
			lx->comment_loc = *loc;
			comment_begin(lx, 1);
			switch (skip_brace_comment(lx, 1)) {
			case COMMENT_CLOSED: commented = 1; continue;
			case COMMENT_NEWLINE: return STEP_COMMENT_GOES_ON;
			default: return STEP_OPEN_COMMENT;
			}
		}
		"[" {
			if (commented) {
				in->cur = in->tok;
				return STEP_MOVES;
			}
			lx->header_loc = *loc;
			if (odd_blank)
				return STEP_BAD_LINE;
			if (read_header_body(lx) != 0)
				return STEP_BAD_LINE;
			switch (read_header_tail(lx)) {
			case TAIL_OK: return STEP_HEADER;
			/* 4.2: only a comment that ends on its line may follow a
			 * header; with one that goes on, the line is no header line
			 * but move text (inside which the comment goes on). */
			case TAIL_COMMENT_GOES_ON: return STEP_BAD_LINE_IN_COMMENT;
			default: return STEP_BAD_LINE;
			}
		}
		$ { return STEP_EOF; }
		* { in->cur = in->tok; return STEP_MOVES; }
*/
	}
}

/* --- classifying tokens against the move grammar --------------------- */

/* A move (or an unreadable piece in a move's place) begins at this token. */
static void
begin_move(um_lexer *lx, nt_loc loc)
{
	lx->removal = 0;
	char *older = lx->prev_text;
	lx->prev_text = lx->move_text;
	lx->move_text = older;
	lx->move_id++;
	lx->move_loc = loc;
	lx->move_len = 0;
	lx->move_text[0] = '\0';
}

static void
append_move_text(um_lexer *lx, const char *text, size_t n, int spaced)
{
	if (spaced && lx->move_len > 0)
		append_text(lx->move_text, &lx->move_len, UM_MOVE_TEXT,
		            (const unsigned char *)" ", 1);
	append_text(lx->move_text, &lx->move_len, UM_MOVE_TEXT,
	            (const unsigned char *)text, n);
}

/* Token text may hold any byte, NUL included: it is kept with its length. */
static void
set_token_bytes(um_token_info *ti, const char *text, size_t n)
{
	if (n >= UM_TOKEN_TEXT)
		n = UM_TOKEN_TEXT - 1;
	memcpy(ti->text, text, n);
	ti->text[n] = '\0';
	ti->text_len = n;
}

static void
set_token_text(um_token_info *ti, const char *text)
{
	set_token_bytes(ti, text, strlen(text));
}

/* Unreadable text: in a move or glued to it, the move is unreadable. */
static int
junk_token(um_lexer *lx, int junk, int glued)
{
	um_token_info *ti = &lx->tok;
	ti->junk = junk;
	int spaced = !glued;
	if (junk == UM_JUNK_GLUED || junk == UM_JUNK_NO_START ||
	    junk == UM_JUNK_AFTER_REMOVAL) {
		/* The token became junk: take the rest of the word with it. */
		read_junk(lx);
		set_token_bytes(ti, lx->raw_text, lx->raw_len);
	}
	if (ti->state == UM_LX_IN_MOVE ||
	    (ti->state == UM_LX_COMPLETE && glued)) {
		ti->taints_move = ti->state == UM_LX_COMPLETE;
		append_move_text(lx, ti->text, ti->text_len, spaced);
	} else {
		begin_move(lx, ti->loc);
		append_move_text(lx, ti->text, ti->text_len, 0);
	}
	lx->state = UM_LX_START;
	return UM_TOK_JUNK;
}


static int
classify(um_parse *p, int raw, nt_loc loc, int side, UM_YYSTYPE *lval)
{
	um_lexer *lx = &p->lx;
	um_token_info *ti = &lx->tok;
	int glued = !lx->sep;
	int last = lx->last;
	char *free_text = (char *)lx->prev_token;
	lx->prev_token = ti->text;
	ti->text = free_text;
	ti->prev_end = ti->end;
	ti->end = loc;
	ti->state = lx->state;
	ti->move_len_before = lx->move_len;
	ti->move_id = lx->move_id;
	ti->move_loc = lx->move_loc;
	ti->sep_before = lx->sep;
	ti->taints_move = 0;
	ti->junk = UM_JUNK_NONE;
	ti->loc = loc;
	lx->sep = 0;
	lx->last = raw;

	switch (raw) {
	case RAW_NUM: {
		int slot = (int)(lx->num_next++ % UM_NUM_RING);
		const um_num *num = &lx->nums[slot];
		size_t len = strlen(num->text);
		set_token_bytes(ti, num->text, len);
		if (lx->state != UM_LX_IN_MOVE) {
			begin_move(lx, loc);
			um_move_begins(p, num, num->start, loc, lx->move_id);
			append_move_text(lx, num->text, len, 0);
			lx->state = UM_LX_IN_MOVE;
			lval->UM_TOK_MOVENUM = slot;
			return UM_TOK_MOVENUM;
		}
		append_move_text(lx, num->text, len, !glued);
		lx->state = last == RAW_GT || last == RAW_LT ? UM_LX_COMPLETE
		                                             : UM_LX_IN_MOVE;
		lval->UM_TOK_POINT = slot;
		um_point_read(p, num);
		return UM_TOK_POINT;
	}
	case RAW_MOVE: {
		size_t len = (size_t)(lx->in.cur - lx->in.tok);
		set_token_bytes(ti, (const char *)lx->in.tok, len);
		if (lx->state == UM_LX_COMPLETE && glued)
			return junk_token(lx, UM_JUNK_GLUED, glued);
		begin_move(lx, loc);
		append_move_text(lx, ti->text, ti->text_len, 0);
		int slot = (int)(lx->cm_next++ % 2);
		um_compact *cm = &lx->cm[slot];
		cm->loc = loc;
		cm->id = lx->move_id;
		um_move_begins(p, cm->has_number ? &cm->nums[0] : NULL,
		               nt_input_offset(&lx->in, lx->in.tok), loc, cm->id);
		lx->state = UM_LX_COMPLETE;
		lx->last = RAW_NUM;
		for (int i = 1; i < 3 + cm->ncaps && um_points_watched(p); i++)
			if (i != 1 || cm->from)
				um_point_read(p, &cm->nums[i]);
		lval->UM_TOK_MOVE = slot;
		return UM_TOK_MOVE;
	}
	case RAW_SIDE:
		set_token_bytes(ti, side == UM_BLACK ? "B" : "W", 1);
		if (lx->state == UM_LX_COMPLETE && glued)
			return junk_token(lx, UM_JUNK_GLUED, glued);
		if (lx->state == UM_LX_IN_MOVE) {
			append_move_text(lx, ti->text, 1, !glued);
		} else {
			begin_move(lx, loc);
			um_move_begins(p, NULL, nt_input_offset(&lx->in, lx->in.tok), loc,
			               lx->move_id);
			append_move_text(lx, ti->text, 1, 0);
		}
		lx->state = UM_LX_IN_MOVE;
		lval->UM_TOK_SIDE = side;
		return UM_TOK_SIDE;
	case RAW_GT:
	case RAW_LT:
		set_token_bytes(ti, raw == RAW_GT ? ">" : "<", 1);
		/*
		 * A removal ends at its point (spec 4.4): a '<' glued to it makes
		 * the removal unreadable; after a separator the '<' is where no
		 * move can start, like a '>' after a complete move.
		 */
		if (lx->state == UM_LX_COMPLETE && raw == RAW_LT && lx->removal &&
		    glued)
			return junk_token(lx, UM_JUNK_AFTER_REMOVAL, glued);
		/* A removal is side '<' point: '<' straight after the side. */
		if (lx->state == UM_LX_IN_MOVE && raw == RAW_LT && last == RAW_SIDE)
			lx->removal = 1;
		if (lx->state == UM_LX_START ||
		    (lx->state == UM_LX_COMPLETE &&
		     (raw == RAW_GT || lx->removal)))
			return junk_token(lx, glued && lx->state == UM_LX_COMPLETE
			                      ? UM_JUNK_GLUED : UM_JUNK_NO_START, glued);
		append_move_text(lx, ti->text, 1, !glued);
		lx->state = UM_LX_IN_MOVE;
		return raw == RAW_GT ? UM_TOK_GT : UM_TOK_LT;
	case RAW_JUNK:
		set_token_bytes(ti, lx->raw_text, lx->raw_len);
		return junk_token(lx, UM_JUNK_TEXT, glued);
	case RAW_OPEN_COMMENT:
		set_token_text(ti, "{");
		return junk_token(lx, UM_JUNK_OPEN_COMMENT, glued);
	case RAW_STRAY_BRACE:
		set_token_text(ti, "}");
		return junk_token(lx, UM_JUNK_STRAY_BRACE, glued);
	case RAW_HEADER_LINE:
		set_token_text(ti, "[");
		return junk_token(lx, UM_JUNK_HEADER_LINE, glued);
	default:
		ti->text[0] = '\0';
		return UM_TOK_YYEOF;
	}
}

/*
 * After a syntax error: skips what is left of the unreadable text (up to
 * the next separator) and reads on from the first token after it, as from
 * the start of a move.
 */
static int
resync(um_lexer *lx, nt_loc *loc, int *side)
{
	lx->resync = 0;
	lx->state = UM_LX_START;
	lx->sep = 0;
	for (;;) {
		int raw = lex_raw_between(lx, loc, side);
		if (raw == RAW_EOF || lx->sep)
			return raw;
	}
}

void
um_lexer_init(um_lexer *lx)
{
	/* The input buffer is set up by the caller. */
	lx->in_headers = 1;
	lx->sep = 1;
	lx->state = UM_LX_START;
	lx->last = RAW_EOF;
	lx->move_id = 0;
	lx->move_text = lx->texts[0];
	lx->prev_text = lx->texts[1];
	lx->move_text[0] = lx->prev_text[0] = '\0';
	lx->tok.text = lx->token_texts[0];
	lx->prev_token = lx->token_texts[1];
	lx->tok.text[0] = lx->token_texts[1][0] = '\0';
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

int
um_yylex(UM_YYSTYPE *lval, UM_YYLTYPE *lloc, um_parse *p)
{
	um_lexer *lx = &p->lx;
	nt_loc loc;
	int side = UM_NOBODY;
	int raw = -1;
	while (lx->in_headers && raw < 0) {
		switch (lex_header_section(lx, &loc)) {
		case STEP_HEADER:
			*lloc = lx->header_loc;
			lval->UM_TOK_HEADER = ++lx->header_seq;
			return UM_TOK_HEADER;
		case STEP_COMMENT_GOES_ON:
			lx->in_headers = 0;
			lx->comment_open = 1;
			break;
		case STEP_BAD_LINE:
			/* Not a header line, so it is move text starting with '['. */
			lx->in_headers = 0;
			loc = lx->header_loc;
			skip_line(lx, 0);
			raw = RAW_HEADER_LINE;
			break;
		case STEP_BAD_LINE_IN_COMMENT:
			/* The same, and its comment is read on after it. */
			lx->in_headers = 0;
			loc = lx->header_loc;
			lx->comment_open = 1;
			raw = RAW_HEADER_LINE;
			break;
		case STEP_OPEN_COMMENT:
			lx->in_headers = 0;
			loc = lx->comment_loc;
			raw = RAW_OPEN_COMMENT;
			break;
		case STEP_EOF:
			lx->in_headers = 0;
			raw = RAW_EOF;
			break;
		default:
			lx->in_headers = 0;
			break;
		}
	}
	if (raw < 0 && lx->comment_open) {
		/* A comment that began in the header section and goes on. */
		lx->comment_open = 0;
		loc = lx->comment_loc;
		if (skip_brace_comment(lx, 0) == COMMENT_CLOSED)
			lx->sep = 1;
		else
			raw = RAW_OPEN_COMMENT;
	}
	/* Only a token just read from move text ends where the input stands. */
	int from_text = raw < 0;
	if (raw < 0 && lx->resync)
		raw = resync(lx, &loc, &side);
	if (raw < 0)
		raw = lx->state == UM_LX_IN_MOVE ? lex_raw(lx, &loc, &side)
		                                 : lex_raw_between(lx, &loc, &side);
	int token = classify(p, raw, loc, side, lval);
	if (from_text)
		lx->tok.end = token_end(&lx->in, loc);
	um_resolve_pending(p);
	*lloc = loc;
	return token;
}
