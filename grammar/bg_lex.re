/* re2c -W -Werror --no-generation-date --no-version -o build/gen/bg_lex.c grammar/bg_lex.re
 *
 * The backgammon record lexer (shared/spec/backgammon.md, sections 3.1 to
 * 3.9), shared by the `mat` and `sheet` forms: they have one grammar.
 *
 * The format is made of lines, and what a line may hold depends on where it
 * stands (before the match line, right after a game line, inside a game), so
 * the lexer looks at the first characters of each line and reads the rest
 * with that line's vocabulary.  The parser tells it where it is (mode).
 *
 * Blanks matter: cells are separated by blanks, so are sub-moves, and a
 * cell starts only at the start of the row text or after blanks (3.5).  The
 * lexer therefore decides what a run of blanks is once it has read the token
 * after it: before a cell start or the end of the line it is dropped (the
 * new cell or the line end says enough), elsewhere it becomes a WS token.
 *
 * Every rule matches at most 32 bytes; long runs (numbers, blanks, names,
 * comments, junk) are read as repeated chunks, so a 64-byte buffer
 * (NT_INPUT_MIN_SIZE) reads exactly what a large one does (core/input.h).
 * Each word of the vocabulary (keywords, dice, points) is named once below
 * and the rules of every line use those names.
 */
#include <string.h>

#include "games/backgammon/record.h"
#include "bg_parse.h"

/*!re2c
	re2c:api:style = free-form;
	re2c:define:YYCTYPE = "unsigned char";
	re2c:define:YYCURSOR = "in->cur";
	re2c:define:YYMARKER = "in->mar";
	re2c:define:YYLIMIT = "in->lim";
	re2c:define:YYFILL = "fill(lx) == 0";
	re2c:eof = 0;

	ws = [ \t];
	spaces = " "{1,32};
	eol = "\r\n" | "\r" | "\n";
	high = [\x80-\xff];
	word = [a-zA-Z_][a-zA-Z0-9_']{0,8};


	/* A chunk of a number: longer ones are read on by read_number. */
	digits = [0-9]{1,8};

	/* Dice (3.5): two dice from 1 to 6, with or without a dash; other
	   digits in that shape are dice that cannot be. */
	dice = [1-6] "-"? [1-6] ":";
	bad_dice = [0-9] "-"? [0-9] ":";

	/* Cell keywords (3.7, 3.8), in any case. */
	kw_double = 'double' | 'doubles';
	kw_beaver = 'beaver' | 'beavers';
	kw_raccoon = 'raccoon' | 'raccoons';
	kw_take = 'take' | 'takes' | 'accept' | 'accepts';
	kw_pass = 'pass' | 'passes' | 'drop' | 'drops' | 'reject' | 'rejects';
	kw_win = 'win' | 'wins';
	kw_loss = 'losses';

	/* Words of results and of the match and game lines (3.3, 3.4, 3.8). */
	kw_point = 'point';
	kw_points = 'points';
	kw_match = 'match';
	kw_game = 'game';
	kw_and = 'and';
	kw_the = 'the';
	kw_to = 'to';

	/* Points of a path that are words (3.5). */
	kw_bar = 'bar' | 'b';
	kw_off = 'off' | 'o';

	/* No-play words (3.5). */
	kw_no = 'no';
	kw_play = 'play';
	kw_noplay = 'noplay';
	kw_cannot = 'cannot';
	kw_cant = 'can\'t';
	kw_move = 'move';
*/

/* ------------------------------------------------------- bookkeeping */

/* Columns: a tab goes to the next stop of eight, UTF-8 takes one column. */
static void
consumed(bg_lexer *lx, const unsigned char *from, const unsigned char *to)
{
	/* Runs of blanks are mostly spaces: one column each. */
	while (from < to && *from == ' ') {
		lx->dcol++;
		from++;
	}
	for (; from < to; from++) {
		unsigned char c = *from;
		if (c == '\t')
			lx->dcol = ((lx->dcol - 1) / 8 + 1) * 8 + 1;
		else if ((c & 0xC0) == 0x80)
			lx->in.skipped++;
		else
			lx->dcol++;
	}
}

static void
newline(bg_lexer *lx)
{
	nt_input_newline(&lx->in, lx->in.cur);
	lx->dcol = 1;
	lx->bol = 1;
}

/* Room for N more bytes and the NUL, up to BG_ARENA_MAX; 0 if it is full. */
static int
arena_room(bg_lexer *lx, size_t n)
{
	return nt_growbuf_reserve(&lx->arena_buf, lx->arena_len + 1,
	                          lx->arena_len + n + 1);
}

static void
arena_add(bg_lexer *lx, const unsigned char *s, size_t n)
{
	if (lx->blanks_dropped)
		lx->arena_cut = 1;
	if (!arena_room(lx, n)) {
		n = lx->arena_buf.cap - 1 - lx->arena_len;
		lx->arena_cut = 1;
	}
	memcpy(lx->arena_buf.data + lx->arena_len, s, n);
	lx->arena_len += n;
	lx->arena_buf.data[lx->arena_len] = '\0';
}

static void
buf_add(char *buf, size_t *len, size_t cap, const unsigned char *s, size_t n)
{
	size_t room = cap - 1 - *len;
	if (n > room)
		n = room;
	char *d = buf + *len;
	/* Most tokens are one or two bytes: no call for them. */
	if (n <= 2) {
		if (n > 0)
			d[0] = (char)s[0];
		if (n > 1)
			d[1] = (char)s[1];
	} else {
		memcpy(d, s, n);
	}
	*len += n;
	d[n] = '\0';
}

/*
 * Where the current cell's text is kept: the first three cells of a row
 * have a slot (a message may quote a third cell); later ones, read only
 * while the rest of a third cell is looked for, have none.
 */
static int
cell_slot(const bg_lexer *lx)
{
	return lx->ncells <= 3 ? lx->ncells - 1 : -1;
}

/* The bytes of a word still in the buffer, into its text. */
static void
word_keep(bg_word *w)
{
	if (w->from == NULL)
		return;
	buf_add(w->text, &w->len, sizeof w->text, w->from,
	        (size_t)(w->to - w->from));
	w->from = w->to = NULL;
}

/*
 * The bytes of the current cell read up to UPTO, into its text: each run
 * of blanks as one space, none at its start, and one owed at its end
 * (cell_space) only for a character that follows.
 */
static void
cell_keep(bg_lexer *lx, const unsigned char *upto)
{
	const unsigned char *s = lx->cell_from;
	if (s == NULL)
		return;
	int c = cell_slot(lx);
	char *t = lx->cell_text[c];
	size_t n = lx->cell_len[c];
	int space = lx->cell_space;
	const unsigned char *e = upto;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	if (lx->cell_odd == NULL || lx->cell_odd >= e) {
		/* Words apart by one space each: the bytes are the text, but for
		   the blanks at either end. */
		while (s < e && (*s == ' ' || *s == '\t')) {
			space = 1;
			s++;
		}
		if (s == e && e < upto)
			space = 1;
		if (e > s) {
			if (space && n > 0 && n < BG_CELL_TEXT - 1)
				t[n++] = ' ';
			size_t k = (size_t)(e - s);
			if (k > BG_CELL_TEXT - 1 - n)
				k = BG_CELL_TEXT - 1 - n;
			memcpy(t + n, s, k);
			n += k;
			space = e < upto;
		}
		s = upto;
	}
	lx->cell_odd = NULL;
	for (; s < upto; s++) {
		if (*s == ' ' || *s == '\t') {
			space = 1;
			continue;
		}
		if (space && n > 0 && n < BG_CELL_TEXT - 1)
			t[n++] = ' ';
		space = 0;
		if (n < BG_CELL_TEXT - 1)
			t[n++] = (char)*s;
	}
	t[n] = '\0';
	lx->cell_len[c] = n;
	lx->cell_space = space;
	lx->cell_from = upto;
}

/* The cell ends at UPTO (its row does, or it is not read on). */
static void
cell_close(bg_lexer *lx, const unsigned char *upto)
{
	cell_keep(lx, upto);
	lx->cell_from = NULL;
}

/* Everything read up to UPTO (the cell) is kept in the lexer. */
static void
keep_text(bg_lexer *lx, const unsigned char *upto)
{
	cell_keep(lx, upto);
	word_keep(&lx->word);
	word_keep(&lx->ws_word);
	word_keep(&lx->open_word);
}

/* YYFILL: the bytes before the token go, so their text is kept first. */
static int
fill(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	keep_text(lx, in->tok);
	int more = nt_input_fill(in);
	if (lx->cell_from != NULL)
		lx->cell_from = in->tok;
	return more;
}

/* The text just matched, from FROM on, is part of the word (and of the
   cell, whose bytes are kept when it ends); where it ends. */
static void
kept(bg_lexer *lx, const unsigned char *from)
{
	nt_input *in = &lx->in;
	if (lx->word.from == NULL)
		lx->word.from = from;
	lx->word.to = in->cur;
	unsigned long last = nt_input_loc(in, in->cur).col - 1;
	lx->word.last = last;
	int c = cell_slot(lx);
	if (c >= 0)
		lx->cell_last[c] = last;
}

/* The token just matched: consume it and keep its text. */
static void
took(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	consumed(lx, in->tok, in->cur);
	kept(lx, in->tok);
}

/* The same for a token of ASCII characters other than a tab, which take
   a column each: most of a row. */
static void
took_ascii(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	lx->dcol += (unsigned long)(in->cur - in->tok);
	kept(lx, in->tok);
}

static int
is_cell_start(int tok)
{
	return tok == BG_TOK_DICE || tok == BG_TOK_OFFER || tok == BG_TOK_TAKE ||
	       tok == BG_TOK_PASS || tok == BG_TOK_WIN || tok == BG_TOK_LOSS;
}

/* Where a syntax error at a token of this line is reported (6.1). */
static nt_loc
error_loc(const bg_lexer *lx, nt_loc begin)
{
	if (lx->line != BG_LINE_ROW)
		return lx->line_loc;
	switch (lx->place) {
	case BG_AT_ROLL:
		return lx->word.loc;
	case BG_AT_CUBE:
		return lx->cell_loc;
	default:
		return begin;
	}
}

/* Columns past 4 billion are kept at the largest value. */
static unsigned
small(unsigned long v)
{
	return v > 0xFFFFFFFFUL ? 0xFFFFFFFFU : (unsigned)v;
}

static void
push_raw(bg_lexer *lx, int tok, const bg_tokval *v, const bg_span *sp)
{
	if (lx->qlen == BG_QUEUE)
		return;   /* cannot happen: at most four tokens are read ahead */
	bg_qtok *q = &lx->queue[(lx->qhead + lx->qlen) & (BG_QUEUE - 1)];
	q->tok = tok;
	if (v != NULL)
		q->val = *v;
	else
		memset(&q->val, 0, sizeof q->val);
	q->span = *sp;
	lx->qlen++;
}

/* Whether a run of blanks before TOK is a token of its own. */
static int
ws_wanted(const bg_lexer *lx, int tok)
{
	if (tok == BG_TOK_EOL)
		return 0;
	if (lx->line == BG_LINE_ROW)
		return !is_cell_start(tok) && lx->last_tok != BG_TOK_DICE;
	if (lx->line == BG_LINE_SCORE)
		return lx->last_tok == BG_TOK_NAME && tok == BG_TOK_NAME;
	return 1;
}

static void
push(bg_lexer *lx, int tok, const bg_tokval *v, nt_loc begin,
     unsigned long dcol)
{
	bg_span sp;
	sp.line = (unsigned)begin.line;
	sp.col = small(begin.col);
	sp.word_col = small(lx->word.loc.col);
	sp.err_col = small(error_loc(lx, begin).col);
	sp.dcol = small(dcol);
	if (lx->ws_pending) {
		lx->ws_pending = 0;
		if (ws_wanted(lx, tok)) {
			bg_span ws = sp;
			ws.col = small(lx->ws_loc.col);
			push_raw(lx, BG_TOK_WS, NULL, &ws);
		}
	}
	push_raw(lx, tok, v, &sp);
	lx->last_tok = tok;
}

static void
push_eol(bg_lexer *lx)
{
	push(lx, BG_TOK_EOL, NULL, nt_input_loc(&lx->in, lx->in.cur), lx->dcol);
}

/* Blanks just matched (SPACES: spaces only, a column each). */
static void
blanks(bg_lexer *lx, int spaces)
{
	/* A run of more than one space, or with a tab, is kept as one space
	   in the cell's text (cell_keep). */
	if ((!spaces || lx->ws_pending || lx->in.cur - lx->in.tok != 1) &&
	    lx->cell_odd == NULL)
		lx->cell_odd = lx->in.tok;
	if (!lx->ws_pending)
		lx->ws_loc = nt_input_loc(&lx->in, lx->in.tok);
	if (spaces)
		lx->dcol += (unsigned long)(lx->in.cur - lx->in.tok);
	else
		consumed(lx, lx->in.tok, lx->in.cur);
	if (!lx->new_word)
		lx->ws_word = lx->word;
	lx->ws_pending = 1;
	lx->after_ws = 1;
	lx->new_word = 1;
}

/* A token that starts a new word sets the word's location. */
static void
word_begins(bg_lexer *lx, nt_loc at)
{
	if (lx->new_word) {
		lx->word.loc = at;
		lx->word.len = 0;
		lx->word.from = NULL;
		lx->word.last = 0;
		lx->new_word = 0;
	}
}

/* ---------------------------------------------------- long runs */

/* Digits of a name part: counted, its value read from its text. */
static void
count_digits(bg_tokval *v, const unsigned char *s, const unsigned char *e)
{
	size_t n = (size_t)(e - s);
	v->digits = (unsigned short)(v->digits + n < 0xFFFF ? v->digits + n
	                                                     : 0xFFFF);
}

static void
add_digits(bg_tokval *v, const unsigned char *s, const unsigned char *e)
{
	for (; s < e; s++) {
		if (v->digits < 0xFFFF)
			v->digits++;
		if (v->digits <= BG_MAX_NUMBER_DIGITS)
			v->num = v->num * 10 + (unsigned)(*s - '0');
	}
}

/* The rest of a number whose first chunk was just matched. */
static void
read_number(bg_lexer *lx, bg_tokval *v, int keep_text, int to_arena)
{
	nt_input *in = &lx->in;
	memset(v, 0, sizeof *v);
	add_digits(v, in->tok, in->cur);
	for (;;) {
		if (keep_text)
			took_ascii(lx);
		else
			consumed(lx, in->tok, in->cur);
		if (to_arena)
			arena_add(lx, in->tok, (size_t)(in->cur - in->tok));
		in->tok = in->cur;
/*!local:re2c
		digits { add_digits(v, in->tok, in->cur); continue; }
		* { in->cur = in->tok; return; }
		$ { return; }
*/
	}
}

/*
 * Blanks of a score line: inside a name they are part of it, but they may
 * also be trailing (3.1: ignored).  So past a full arena they are dropped,
 * and only a later character of the line makes it cut (arena_add).
 */
static void
arena_add_blanks(bg_lexer *lx, const unsigned char *s, size_t n)
{
	if (lx->blanks_dropped || !arena_room(lx, n))
		lx->blanks_dropped = 1;
	else
		arena_add(lx, s, n);
}

/* The rest of a run of blanks whose first chunk was just matched
   (SPACES: it holds spaces only). */
static void
read_blanks(bg_lexer *lx, int to_arena, int spaces)
{
	nt_input *in = &lx->in;
	for (;;) {
		blanks(lx, spaces);
		if (to_arena)
			arena_add_blanks(lx, in->tok, (size_t)(in->cur - in->tok));
		in->tok = in->cur;
/*!local:re2c
		spaces { spaces = 1; continue; }
		ws{1,8} { spaces = 0; continue; }
		* { in->cur = in->tok; return; }
		$ { return; }
*/
	}
}

/* The rest of a word that cannot be read, kept for the message. */
static void
read_word_rest(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[^ \t\r\n\x80-\xff]{1,8} { took_ascii(lx); continue; }
		high{1,8} { took(lx); continue; }
		* { in->cur = in->tok; return; }
		$ { return; }
*/
	}
}

/* The rest of a line that is not read; the line end too. */
static void
skip_rest(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	keep_text(lx, in->cur);
	cell_close(lx, in->cur);
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[^\r\n]{1,8} { consumed(lx, in->tok, in->cur); continue; }
		eol { newline(lx); return; }
		$ { lx->bol = 1; return; }
*/
	}
}

/*
 * Adds a comment line's bytes to its tag text.  A run of blanks is kept as
 * one: a tab if the run has one (a tab ends a key, 3.2), else a space;
 * past the buffer only the last two other characters are kept, to tell
 * whether the line ends a tag with `"]`.
 */
static void
tag_end_add(bg_lexer *lx, int c)
{
	if (c != ' ' && c != '\t') {
		lx->tag_end[0] = lx->tag_end[1];
		lx->tag_end[1] = (char)c;
	}
}

static void
tag_add(bg_lexer *lx, const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int c = s[i];
		int blank = c == ' ' || c == '\t';
		char *last = lx->tag_len > 0 ? &lx->tag[lx->tag_len - 1] : NULL;
		if (!lx->tag_cut && blank && last != NULL &&
		    (*last == ' ' || *last == '\t')) {
			if (c == '\t')
				*last = '\t';
			continue;
		}
		if (!lx->tag_cut && lx->tag_len + 1 >= sizeof lx->tag) {
			lx->tag_cut = 1;
			lx->tag_end[0] = lx->tag_end[1] = 0;
			for (size_t k = 0; k < lx->tag_len; k++)
				tag_end_add(lx, (unsigned char)lx->tag[k]);
		}
		if (lx->tag_cut)
			tag_end_add(lx, c);
		else
			lx->tag[lx->tag_len++] = (char)c;
	}
}

/*
 * Writes the line's leading blanks that did not fit the arena to the echo,
 * after the arena; when they were not all one character they are lost,
 * which the parser reports.
 */
static void
echo_lead(bg_lexer *lx)
{
	if (lx->lead_extra == 0)
		return;
	lx->echo(lx->echo_ctx, lx->arena_buf.data, lx->arena_len, 0);
	lx->arena_len = 0;
	lx->arena_buf.data[0] = '\0';
	if (lx->lead_mixed) {
		if (!lx->echo_lost) {
			/* The blanks start the line (a blank line has no line_loc). */
			lx->echo_lost_loc = nt_input_loc(&lx->in, lx->in.cur);
			lx->echo_lost_loc.col = 1;
		}
		lx->echo_lost = 1;
	} else {
		char run[256];
		memset(run, lx->lead_char, sizeof run);
		for (size_t left = lx->lead_extra; left > 0;) {
			size_t k = left < sizeof run ? left : sizeof run;
			lx->echo(lx->echo_ctx, run, k, 0);
			left -= k;
		}
	}
	lx->lead_extra = 0;
	lx->lead_mixed = 0;
}

/* A comment line: its tag text kept (header), echoed (header, before the
   first game). */
static void
read_comment(bg_lexer *lx, int echo)
{
	nt_input *in = &lx->in;
	nt_loc at = lx->line_loc;
	if (echo && lx->echo != NULL)
		echo_lead(lx);
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		[^\r\n]{1,8} {
			consumed(lx, in->tok, in->cur);
			size_t n = (size_t)(in->cur - in->tok);
			if (lx->mode == BG_MODE_HEADER)
				tag_add(lx, in->tok, n);
			if (echo && lx->echo != NULL && !arena_room(lx, n)) {
				lx->echo(lx->echo_ctx, lx->arena_buf.data, lx->arena_len, 0);
				lx->arena_len = 0;
			}
			arena_add(lx, in->tok, n);
			continue;
		}
		eol { break; }
		$ { break; }
*/
	}
	if (echo && lx->echo != NULL)
		lx->echo(lx->echo_ctx, lx->arena_buf.data, lx->arena_len, 1);
	push(lx, BG_TOK_COMMENT, NULL, at, 1);
	push_eol(lx);
	if (in->cur > in->tok)
		newline(lx);
	else
		lx->bol = 1;
}

/* A line that is nothing the place allows: one JUNK, then its end. */
static void
junk_line(bg_lexer *lx)
{
	nt_loc at = lx->line_loc;
	lx->new_word = 1;
	word_begins(lx, at);
	read_word_rest(lx);
	bg_tokval v;
	memset(&v, 0, sizeof v);
	push(lx, BG_TOK_JUNK, &v, at, lx->dcol);
	skip_rest(lx);
	push_eol(lx);
}

static void
push_junk(bg_lexer *lx, int why, nt_loc at, unsigned long dcol)
{
	bg_tokval v;
	memset(&v, 0, sizeof v);
	v.kind = (unsigned char)why;
	push(lx, BG_TOK_JUNK, &v, at, dcol);
}

/* ----------------------------------------------------- header lines */

/* The match line (3.3): NUMBER, `point`, `match`, blanks between. */
static void
lex_match(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	in->tok = in->cur;
	nt_loc at = nt_input_loc(in, in->cur);
	unsigned long dcol = lx->dcol;
	bg_tokval v;
	memset(&v, 0, sizeof v);
/*!local:re2c
	ws{1,8} { read_blanks(lx, 0, 0); return; }
	eol { push_eol(lx); newline(lx); return; }
	$ { push_eol(lx); lx->bol = 1; return; }
	digits {
		read_number(lx, &v, 0, 0);
		if (v.digits > BG_MAX_NUMBER_DIGITS)
			push_junk(lx, BG_JUNK_LONG_NUMBER, at, dcol);
		else
			push(lx, BG_TOK_NUMBER, &v, at, dcol);
		return;
	}
	kw_point { consumed(lx, in->tok, in->cur); push(lx, BG_TOK_POINT_KW, &v, at, dcol); return; }
	kw_match { consumed(lx, in->tok, in->cur); push(lx, BG_TOK_MATCH_KW, &v, at, dcol); return; }
	word { consumed(lx, in->tok, in->cur); push_junk(lx, BG_JUNK_TEXT, at, dcol); return; }
	* { consumed(lx, in->tok, in->cur); push_junk(lx, BG_JUNK_TEXT, at, dcol); return; }
*/
}

/* The rest of a game line (3.4) after `game`: blanks, NUMBER. */
static void
lex_game(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	in->tok = in->cur;
	nt_loc at = nt_input_loc(in, in->cur);
	unsigned long dcol = lx->dcol;
	bg_tokval v;
	memset(&v, 0, sizeof v);
/*!local:re2c
	ws{1,8} { read_blanks(lx, 0, 0); return; }
	eol { push_eol(lx); newline(lx); return; }
	$ { push_eol(lx); lx->bol = 1; return; }
	digits {
		read_number(lx, &v, 0, 0);
		if (v.digits > BG_MAX_NUMBER_DIGITS)
			push_junk(lx, BG_JUNK_LONG_NUMBER, at, dcol);
		else
			push(lx, BG_TOK_NUMBER, &v, at, dcol);
		return;
	}
	* { consumed(lx, in->tok, in->cur); push_junk(lx, BG_JUNK_TEXT, at, dcol); return; }
*/
}

/* ------------------------------------------------------- score lines */

/*
 * A name part: a run of characters other than ':', blanks and line ends.
 * V learns whether it is all digits (a score) and its value.
 */
static void
read_name_rest(bg_lexer *lx, bg_tokval *v)
{
	nt_input *in = &lx->in;
	for (;;) {
		for (const unsigned char *s = in->tok; s < in->cur; s++) {
			if (*s < '0' || *s > '9')
				v->kind = 0;
		}
		count_digits(v, in->tok, in->cur);
		consumed(lx, in->tok, in->cur);
		arena_add(lx, in->tok, (size_t)(in->cur - in->tok));
		in->tok = in->cur;
/*!local:re2c
		[^: \t\r\n\x80-\xff]{1,8} { continue; }
		high{1,8} { continue; }
		* { in->cur = in->tok; return; }
		$ { return; }
*/
	}
}

static void
lex_score(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	in->tok = in->cur;
	nt_loc at = nt_input_loc(in, in->cur);
	unsigned long dcol = lx->dcol;
	bg_tokval v;
	memset(&v, 0, sizeof v);
/*!local:re2c
	ws{1,8} { read_blanks(lx, 1, 0); return; }
	eol { push_eol(lx); newline(lx); return; }
	$ { push_eol(lx); lx->bol = 1; return; }
	":" {
		consumed(lx, in->tok, in->cur);
		arena_add(lx, in->tok, 1);
		push(lx, BG_TOK_COLON, &v, at, dcol);
		return;
	}
	[^: \t\r\n\x80-\xff]{1,8} | high{1,8} {
		v.off = (unsigned short)lx->arena_len;
		v.kind = 1;
		read_name_rest(lx, &v);
		v.len = (unsigned short)(lx->arena_len - v.off);
		push(lx, BG_TOK_NAME, &v, at, dcol);
		return;
	}
*/
}

/* Blanks, if they come next (consumed); 1 when there were some. */
static int
take_blanks(bg_lexer *lx, int to_arena)
{
	nt_input *in = &lx->in;
	in->tok = in->cur;
/*!local:re2c
	ws{1,8} { read_blanks(lx, to_arena, 0); return 1; }
	* { in->cur = in->tok; return 0; }
	$ { return 0; }
*/
}

/* A number, if one comes next (consumed); 1 when there was one. */
static int
take_number(bg_lexer *lx, bg_tokval *v, int to_arena)
{
	nt_input *in = &lx->in;
	in->tok = in->cur;
/*!local:re2c
	digits { read_number(lx, v, 0, to_arena); return 1; }
	* { in->cur = in->tok; return 0; }
	$ { return 0; }
*/
}

/* 1 when a line end comes next (consumed), 2 at the end of the input. */
static int
take_line_end(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	in->tok = in->cur;
/*!local:re2c
	eol { return 1; }
	* { in->cur = in->tok; return 0; }
	$ { return 2; }
*/
}

/*
 * After `game` and a blank at the start of a line where a game line
 * resynchronises the reader (a broken game) or stands for a missing score
 * line: reads `game NUMBER` to the line end.  Returns 1 with the game
 * line's tokens pushed.  Otherwise, for a score line (SCORE), pushes what
 * was read as name parts and returns 0 with the rest of the line still to
 * read; when skipping, returns 0 having read the whole line.
 */
static int
probe_game_line(bg_lexer *lx, int score)
{
	nt_input *in = &lx->in;
	nt_loc at = lx->line_loc;
	unsigned long dcol = lx->dcol;
	bg_tokval g;
	memset(&g, 0, sizeof g);
	g.off = (unsigned short)lx->arena_len;
	consumed(lx, in->tok, in->cur);
	arena_add(lx, in->tok, (size_t)(in->cur - in->tok));
	g.len = (unsigned short)(lx->arena_len - g.off);

	nt_loc ws_at = nt_input_loc(in, in->cur);
	take_blanks(lx, 1);
	lx->ws_pending = 0;
	nt_loc num_at = nt_input_loc(in, in->cur);
	unsigned long num_dcol = lx->dcol;
	bg_tokval num;
	memset(&num, 0, sizeof num);
	size_t num_off = lx->arena_len;
	int have_num = take_number(lx, &num, 1);
	/* The same digits as a name part of a score line. */
	bg_tokval part = num;
	part.kind = 1;
	part.off = (unsigned short)num_off;
	part.len = (unsigned short)(lx->arena_len - num_off);
	nt_loc ws2_at = nt_input_loc(in, in->cur);
	int blank_after = have_num && take_blanks(lx, 1);
	lx->ws_pending = 0;
	int end = have_num ? take_line_end(lx) : 0;
	if (end) {
		lx->line = BG_LINE_GAME;
		push(lx, BG_TOK_GAME_KW, &g, at, dcol);
		lx->ws_loc = ws_at;
		lx->ws_pending = 1;
		if (num.digits > BG_MAX_NUMBER_DIGITS)
			push_junk(lx, BG_JUNK_LONG_NUMBER, num_at, num_dcol);
		else
			push(lx, BG_TOK_NUMBER, &num, num_at, num_dcol);
		push_eol(lx);
		if (end == 1)
			newline(lx);
		else
			lx->bol = 1;
		return 1;
	}
	if (!score) {
		skip_rest(lx);
		return 0;
	}
	lx->line = BG_LINE_SCORE;
	push(lx, BG_TOK_NAME, &g, at, dcol);
	lx->ws_loc = ws_at;
	lx->ws_pending = 1;
	if (have_num) {
		push(lx, BG_TOK_NAME, &part, num_at, num_dcol);
		if (blank_after) {
			lx->ws_loc = ws2_at;
			lx->ws_pending = 1;
		}
	}
	return 0;
}

/*
 * A line that starts with `game` and a blank but is not a game line (3.9)
 * where a game line would start a game: inside a game it is a row, and
 * outside one a line that is not allowed there.  Either way its first word
 * is what cannot be read; PROBE has read the line, line end included.
 */
static void
not_game_line(bg_lexer *lx, const unsigned char *word, size_t n, int row)
{
	nt_loc at = lx->line_loc;
	if (row)
		lx->line = BG_LINE_ROW;
	lx->ws_pending = 0;
	lx->new_word = 1;
	word_begins(lx, at);
	buf_add(lx->word.text, &lx->word.len, sizeof lx->word.text, word, n);
	bg_tokval v;
	memset(&v, 0, sizeof v);
	push(lx, BG_TOK_JUNK, &v, at, (unsigned long)at.col);
	push_eol(lx);
}

/* ------------------------------------------------------------ rows */

/*
 * A cell start can only be wrong when the cell before it is unfinished.
 * Then the error is that cell's, reported where a line end at this point
 * would put it (error_loc) and quoting the word it would quote.
 */
static void
keep_open_cell(bg_lexer *lx)
{
	lx->open_place = lx->place;
	lx->open_err = lx->place == BG_AT_ROLL ? lx->word.loc : lx->cell_loc;
	lx->open_word = lx->word;
}

static void
cell_begins(bg_lexer *lx, nt_loc at, int place)
{
	if (lx->ncells > 0) {
		cell_keep(lx, lx->in.tok);
		keep_open_cell(lx);
	}
	lx->ncells++;
	int c = cell_slot(lx);
	lx->cell_from = NULL;
	lx->cell_odd = NULL;
	if (c >= 0) {
		lx->cell_len[c] = 0;
		lx->cell_text[c][0] = '\0';
		lx->cell_from = lx->in.tok;
	}
	lx->cell_space = 0;
	lx->cell_loc = at;
	lx->place = place;
	lx->new_word = 1;
	word_begins(lx, at);
}

/* A keyword that starts a cell: only at the row text start or after blanks. */
static void
cell_keyword(bg_lexer *lx, int tok, int kind, int place, nt_loc at,
             unsigned long dcol)
{
	nt_input *in = &lx->in;
	if (!lx->after_ws) {
		word_begins(lx, at);
		took_ascii(lx);
		read_word_rest(lx);
		push_junk(lx, BG_JUNK_GLUED_KEYWORD, at, dcol);
		return;
	}
	cell_begins(lx, at, place);
	took_ascii(lx);
	bg_tokval v;
	memset(&v, 0, sizeof v);
	v.kind = (unsigned char)kind;
	if (tok == BG_TOK_DICE) {
		const unsigned char *s = in->tok;
		v.d1 = (unsigned char)(s[0] - '0');
		v.d2 = (unsigned char)((s[1] == '-' ? s[2] : s[1]) - '0');
		/* The play text starts right after the colon. */
		lx->new_word = 1;
	}
	lx->after_ws = 0;
	push(lx, tok, &v, at, dcol);
}

/* A token of the row text that is not a cell start. */
static void
row_token(bg_lexer *lx, int tok, const bg_tokval *v, nt_loc at,
          unsigned long dcol)
{
	lx->after_ws = 0;
	push(lx, tok, v, at, dcol);
}

static void
read_dashes(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	for (;;) {
		took_ascii(lx);
		in->tok = in->cur;
/*!local:re2c
		"-"{1,8} { continue; }
		* { in->cur = in->tok; return; }
		$ { return; }
*/
	}
}

static void
read_qmarks(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	for (;;) {
		took_ascii(lx);
		in->tok = in->cur;
/*!local:re2c
		"?"{1,8} { continue; }
		* { in->cur = in->tok; return; }
		$ { return; }
*/
	}
}

/* A ')' right after the first number of a row makes it a row number. */
static int
take_paren(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	in->tok = in->cur;
/*!local:re2c
	")" { consumed(lx, in->tok, in->cur); return 1; }
	* { in->cur = in->tok; return 0; }
	$ { return 0; }
*/
}

/*
 * A number of a row, read: a ')' right after the row's first one makes it
 * the row number, otherwise it is a NUMBER of a cell.
 */
static void
row_number(bg_lexer *lx, bg_tokval *v, nt_loc at, unsigned long dcol,
           int first)
{
	if (first && take_paren(lx)) {
		lx->after_ws = 1;
		lx->new_word = 1;
		lx->ncells = 0;
		if (v->digits > BG_MAX_NUMBER_DIGITS) {
			push_junk(lx, BG_JUNK_LONG_NUMBER, at, dcol);
			return;
		}
		lx->row_numbered = 1;
		push(lx, BG_TOK_ROWNUM, v, at, dcol);
		lx->word.len = 0;
		lx->word.from = NULL;
		lx->word.last = 0;
		return;
	}
	row_token(lx, BG_TOK_NUMBER, v, at, dcol);
}

/*
 * A row number after the cells of a row, past a blank: an exporter ran two
 * rows into one line.  Only fmt --repair reads it so; elsewhere it stays
 * the syntax error it is.
 */
static int
runs_into_next_row(const bg_lexer *lx, int first)
{
	return lx->repair && !first && lx->ncells > 0 && lx->after_ws;
}

/* Ends the row before the row number just matched, which is then read
 * again as the first token of a row of its own (row_restart). */
static void
split_row(bg_lexer *lx, unsigned long dcol)
{
	nt_input *in = &lx->in;
	/* gnubg writes a row number as "%3d)": its ')' in column 4. */
	unsigned long paren = dcol + (unsigned long)(in->cur - in->tok) - 1;
	lx->split_origin = paren > 4 ? paren - 4 : 0;
	in->cur = in->tok;
	cell_close(lx, in->tok);
	push_eol(lx);
	lx->split_pending = 1;
}

static void line_reset(bg_lexer *lx);

static void
row_restart(bg_lexer *lx)
{
	lx->split_pending = 0;
	line_reset(lx);
	lx->line = BG_LINE_ROW;
	lx->row_split = 1;
	lx->row_split_at = lx->line_loc;
	lx->row_origin = lx->split_origin;
}

/* One token of a row, and the blanks before it. */
static void
lex_row(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	int first = lx->first_token;
	lx->first_token = 0;
	for (;; first = 0) {
	in->tok = in->cur;
	nt_loc at = nt_input_loc(in, in->cur);
	unsigned long dcol = lx->dcol;
	bg_tokval v;
	memset(&v, 0, sizeof v);
/*!local:re2c
	spaces { blanks(lx, 1); continue; }
	ws{1,8} { blanks(lx, 0); continue; }
	eol { cell_close(lx, in->tok); push_eol(lx); newline(lx); return; }
	$ { cell_close(lx, in->cur); push_eol(lx); lx->bol = 1; return; }

	dice { cell_keyword(lx, BG_TOK_DICE, 0, BG_AT_ROLL, at, dcol); return; }
	kw_double { cell_keyword(lx, BG_TOK_OFFER, BG_WORD_DOUBLE, BG_AT_CUBE, at, dcol); return; }
	kw_beaver { cell_keyword(lx, BG_TOK_OFFER, BG_WORD_BEAVER, BG_AT_CUBE, at, dcol); return; }
	kw_raccoon { cell_keyword(lx, BG_TOK_OFFER, BG_WORD_RACCOON, BG_AT_CUBE, at, dcol); return; }
	kw_take { cell_keyword(lx, BG_TOK_TAKE, 0, BG_AT_CUBE, at, dcol); return; }
	kw_pass { cell_keyword(lx, BG_TOK_PASS, 0, BG_AT_CUBE, at, dcol); return; }
	kw_win { cell_keyword(lx, BG_TOK_WIN, 0, BG_AT_CUBE, at, dcol); return; }
	kw_loss { cell_keyword(lx, BG_TOK_LOSS, 0, BG_AT_CUBE, at, dcol); return; }

	bad_dice { word_begins(lx, at); took_ascii(lx); read_word_rest(lx); push_junk(lx, BG_JUNK_BAD_DICE, at, dcol); return; }

	kw_point { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_POINT_KW, &v, at, dcol); return; }
	kw_points { word_begins(lx, at); took_ascii(lx); v.kind = 1; row_token(lx, BG_TOK_POINT_KW, &v, at, dcol); return; }
	kw_and { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_AND, &v, at, dcol); return; }
	kw_the { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_THE, &v, at, dcol); return; }
	kw_match { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_MATCH_KW, &v, at, dcol); return; }
	kw_to digits { in->cur = in->tok + 2; word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_TO, &v, at, dcol); return; }
	kw_to { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_TO, &v, at, dcol); return; }
	kw_bar { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_BAR, &v, at, dcol); return; }
	kw_off { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_OFF, &v, at, dcol); return; }
	kw_no { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_NO, &v, at, dcol); return; }
	kw_play { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_PLAY, &v, at, dcol); return; }
	kw_noplay { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_NOPLAY, &v, at, dcol); return; }
	kw_cannot { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_CANNOT, &v, at, dcol); return; }
	kw_cant { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_CANT, &v, at, dcol); return; }
	kw_move { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_MOVE, &v, at, dcol); return; }
	word { word_begins(lx, at); took_ascii(lx); read_word_rest(lx); lx->after_ws = 0; push_junk(lx, BG_JUNK_TEXT, at, dcol); return; }

	"=>" { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_ARROW, &v, at, dcol); return; }
	"/" { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_SLASH, &v, at, dcol); return; }
	"*" { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_STAR, &v, at, dcol); return; }
	"(" { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_LPAREN, &v, at, dcol); return; }
	")" { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_RPAREN, &v, at, dcol); return; }
	"." { word_begins(lx, at); took_ascii(lx); row_token(lx, BG_TOK_DOT, &v, at, dcol); return; }
	"," { word_begins(lx, at); took_ascii(lx); read_word_rest(lx); lx->after_ws = 0; push_junk(lx, BG_JUNK_COMMA, at, dcol); return; }
	"-"{1,8} { word_begins(lx, at); read_dashes(lx); row_token(lx, BG_TOK_DASHES, &v, at, dcol); return; }
	"?"{1,8} { word_begins(lx, at); read_qmarks(lx); row_token(lx, BG_TOK_QMARKS, &v, at, dcol); return; }
	[0-9]{1,3} ")" {
		if (runs_into_next_row(lx, first)) {
			split_row(lx, dcol);
			return;
		}
		in->cur--;    /* the ')' is a token of its own */
		word_begins(lx, at);
		took_ascii(lx);
		add_digits(&v, in->tok, in->cur);
		row_number(lx, &v, at, dcol, first);
		return;
	}
	[0-9]{1,2} / [^0-9] {
		/* The usual number, read whole: no chunks to join. */
		word_begins(lx, at);
		took_ascii(lx);
		add_digits(&v, in->tok, in->cur);
		row_number(lx, &v, at, dcol, first);
		return;
	}
	digits {
		word_begins(lx, at);
		read_number(lx, &v, 1, 0);
		row_number(lx, &v, at, dcol, first);
		return;
	}
	high { word_begins(lx, at); took(lx); read_word_rest(lx); lx->after_ws = 0; push_junk(lx, BG_JUNK_NON_ASCII, at, dcol); return; }
	* { word_begins(lx, at); took_ascii(lx); read_word_rest(lx); lx->after_ws = 0; push_junk(lx, BG_JUNK_TEXT, at, dcol); return; }
*/
	}
}

/* --------------------------------------------------- line starts */

static void
line_reset(bg_lexer *lx)
{
	lx->bol = 0;
	lx->line_loc = nt_input_loc(&lx->in, lx->in.cur);
	lx->line = BG_LINE_NONE;
	lx->first_token = 1;
	lx->place = BG_AT_ROW;
	lx->after_ws = 1;
	lx->new_word = 1;
	lx->ncells = 0;
	lx->row_numbered = 0;
	lx->row_split = 0;
	lx->row_origin = 0;
	lx->cell_space = 0;
	lx->cell_from = NULL;
	lx->cell_odd = NULL;
	lx->word.len = 0;
	lx->word.from = NULL;
	lx->word.last = 0;
	lx->word.text[0] = '\0';
	lx->word.loc = lx->line_loc;
	lx->ws_pending = 0;
	lx->last_tok = 0;
	for (int i = 0; i < 3; i++) {
		lx->cell_len[i] = 0;
		lx->cell_text[i][0] = '\0';
	}
}

/*
 * Blanks that start a line mean nothing to a tag or a score line: they are
 * kept only for a conversion to copy them (header and pre-game lines), and
 * past a full arena only counted (echo_lead writes them again), so they
 * never cut the line.
 */
static void
add_leading_blanks(bg_lexer *lx, const unsigned char *s, size_t n)
{
	if (lx->mode == BG_MODE_HEADER)
		tag_add(lx, s, n);
	if (lx->echo == NULL ||
	    (lx->mode != BG_MODE_HEADER && lx->mode != BG_MODE_PREGAME))
		return;
	if (lx->lead_extra == 0 && arena_room(lx, n)) {
		arena_add(lx, s, n);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		if (lx->lead_extra == 0 && i == 0)
			lx->lead_char = s[0];
		if (s[i] != lx->lead_char)
			lx->lead_mixed = 1;
	}
	lx->lead_extra += n;
}

/* A new line: nothing of it kept yet. */
static void
line_text_reset(bg_lexer *lx)
{
	lx->arena_len = 0;
	lx->arena_cut = 0;
	lx->arena_buf.data[0] = '\0';
	lx->lead_extra = 0;
	lx->lead_mixed = 0;
	lx->tag_len = 0;
	lx->tag_cut = 0;
	lx->blanks_dropped = 0;
}

/* Blank lines; returns 1 at the end of the input. */
static int
skip_blank_lines(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	line_text_reset(lx);
	for (;;) {
		in->tok = in->cur;
/*!local:re2c
		ws{1,8} {
			consumed(lx, in->tok, in->cur);
			add_leading_blanks(lx, in->tok, (size_t)(in->cur - in->tok));
			continue;
		}
		eol {
			if (lx->mode == BG_MODE_HEADER && lx->echo != NULL) {
				echo_lead(lx);
				lx->echo(lx->echo_ctx, lx->arena_buf.data, lx->arena_len, 1);
			}
			line_text_reset(lx);
			newline(lx);
			continue;
		}
		$ {
			if ((lx->arena_len > 0 || lx->lead_extra > 0) &&
			    lx->mode == BG_MODE_HEADER && lx->echo != NULL) {
				echo_lead(lx);
				lx->echo(lx->echo_ctx, lx->arena_buf.data, lx->arena_len, 1);
			}
			return 1;
		}
		* { in->cur = in->tok; return 0; }
*/
	}
}

static void
push_eof(bg_lexer *lx)
{
	bg_span sp;
	nt_loc at = nt_input_loc(&lx->in, lx->in.cur);
	sp.line = (unsigned)at.line;
	sp.col = sp.word_col = sp.err_col = sp.dcol = small(at.col);
	push_raw(lx, BG_TOK_YYEOF, NULL, &sp);
}

/* Reads the start of a line and pushes its first tokens. */
static void
line_start(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	for (;;) {
		if (skip_blank_lines(lx)) {
			push_eof(lx);
			return;
		}
		line_reset(lx);
		in->tok = in->cur;
		switch (lx->mode) {
		case BG_MODE_HEADER:
/*!local:re2c
			[;#] { in->cur = in->tok; read_comment(lx, 1); return; }
			[0-9] { in->cur = in->tok; lx->line = BG_LINE_MATCH; lex_match(lx); return; }
			* { in->cur = in->tok; junk_line(lx); return; }
			$ { push_eof(lx); return; }
*/
		case BG_MODE_PREGAME:
/*!local:re2c
			[;#] { in->cur = in->tok; read_comment(lx, 1); return; }
			kw_game / ws {
				unsigned char word[4];
				memcpy(word, in->tok, sizeof word);
				if (!probe_game_line(lx, 0))
					not_game_line(lx, word, sizeof word, 0);
				return;
			}
			* { in->cur = in->tok; junk_line(lx); return; }
			$ { push_eof(lx); return; }
*/
		case BG_MODE_SCORE:
/*!local:re2c
			[;#] { in->cur = in->tok; read_comment(lx, 0); return; }
			kw_game / ws {
				if (!probe_game_line(lx, 1))
					lx->line = BG_LINE_SCORE;
				return;
			}
			* {
				in->cur = in->tok;
				lx->line = BG_LINE_SCORE;
				lex_score(lx);
				return;
			}
			$ { push_eof(lx); return; }
*/
		case BG_MODE_ROWS:
/*!local:re2c
			[;#] { in->cur = in->tok; read_comment(lx, 0); return; }
			kw_game / ws {
				unsigned char word[4];
				memcpy(word, in->tok, sizeof word);
				if (!probe_game_line(lx, 0))
					not_game_line(lx, word, sizeof word, 1);
				return;
			}
			* {
				in->cur = in->tok;
				lx->line = BG_LINE_ROW;
				lex_row(lx);
				return;
			}
			$ { push_eof(lx); return; }
*/
		default:
/*!local:re2c
			kw_game / ws {
				if (probe_game_line(lx, 0))
					return;
				continue;
			}
			* { in->cur = in->tok; skip_rest(lx); continue; }
			$ { push_eof(lx); return; }
*/
		}
	}
}

/* A byte-order mark at the very start takes no column and is dropped. */
static void
skip_bom(bg_lexer *lx)
{
	nt_input *in = &lx->in;
	in->tok = in->cur;
/*!local:re2c
	"\xEF\xBB\xBF" { in->skipped += 3; return; }
	* { in->cur = in->tok; return; }
	$ { return; }
*/
}

static void
lex_more(bg_lexer *lx)
{
	if (!lx->started) {
		lx->started = 1;
		skip_bom(lx);
	}
	while (lx->qlen == 0) {
		if (lx->split_pending) {
			row_restart(lx);
			continue;
		}
		if (lx->skip_line) {
			lx->skip_line = 0;
			skip_rest(lx);
			if (lx->mode != BG_MODE_SKIP)
				push_eol(lx);
			continue;
		}
		if (lx->bol) {
			line_start(lx);
			continue;
		}
		switch (lx->line) {
		case BG_LINE_MATCH:
			lex_match(lx);
			break;
		case BG_LINE_GAME:
			lex_game(lx);
			break;
		case BG_LINE_SCORE:
			lex_score(lx);
			break;
		default:
			lex_row(lx);
			break;
		}
	}
}

/* ------------------------------------------------------ interface */

void
bg_lexer_init(bg_lexer *lx)
{
	nt_growbuf_init(&lx->arena_buf, lx->arena_small, sizeof lx->arena_small,
	                BG_ARENA_MAX);
	lx->mode = BG_MODE_HEADER;
	lx->bol = 1;
	lx->dcol = 1;
}

void
bg_lexer_free(bg_lexer *lx)
{
	nt_growbuf_free(&lx->arena_buf);
}

void
bg_lexer_keep_text(bg_lexer *lx)
{
	keep_text(lx, lx->in.cur);
}

void
bg_lexer_keep_cells(bg_lexer *lx)
{
	cell_keep(lx, lx->in.cur);
}

void
bg_lexer_finish_word(bg_lexer *lx)
{
	if (!lx->bol && !lx->skip_line)
		read_word_rest(lx);
}

void
bg_lexer_finish_cell(bg_lexer *lx)
{
	int n = lx->ncells;
	while (!lx->bol && !lx->skip_line && lx->line == BG_LINE_ROW &&
	       lx->ncells == n) {
		lx->qlen = 0;
		lx->qhead = 0;
		lex_row(lx);
	}
	lx->qlen = 0;
	lx->qhead = 0;
}

void
bg_lexer_skip_line(bg_lexer *lx, int in_game)
{
	if (in_game) {
		lx->qlen = 0;
		lx->qhead = 0;
		lx->ws_pending = 0;
	}
	if (!lx->bol)
		lx->skip_line = 1;
}

int
bg_yylex(BG_YYSTYPE *lval, BG_YYLTYPE *lloc, bg_parse *p)
{
	bg_lexer *lx = &p->lx;
	if (lx->qlen == 0)
		lex_more(lx);
	bg_qtok *q = &lx->queue[lx->qhead];
	lx->qhead = (lx->qhead + 1) & (BG_QUEUE - 1);
	lx->qlen--;
	lx->current = *q;
	*lval = q->val;
	*lloc = q->span;
	return q->tok;
}
