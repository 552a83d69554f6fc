/*
 * The glue between the .umla grammar and the engine: headers into rules,
 * moves into um_play(), and every diagnostic of spec section 5 with its
 * location and move index.
 */
#include "games/umlabalaba/record.h"

#include <stdio.h>
#include <string.h>

#include "games/umlabalaba/squares.h"

#include "umla_parse.h"

/* Known header keys that may appear once; bit i of headers_seen is key i. */
static const char *const once_keys[] = { "Rules", "Board", "Options", "Result" };
enum { KEY_RULES, KEY_BOARD, KEY_OPTIONS, KEY_RESULT, KEY_COUNT };

/* A rule error spans the move as written, so an editor can mark it whole. */
static void
report_move_error(um_parse *p, const um_move *m, const um_verdict *v)
{
	nt_emit(&p->run->rep, &um_codes[v->code], m->loc, m->end, 1, m->index,
	        "%s", v->message);
}

/* --- headers --------------------------------------------------------- */

/* A header line's finding spans the line, '[' to ']'. */
static void
bad_header(um_parse *p, const char *fmt, ...) NT_PRINTF(2, 3);

static void
bad_header(um_parse *p, const char *fmt, ...)
{
	if (p->bad_header)
		return;
	p->bad_header = 1;
	p->bad_loc = p->lx.header_loc;
	p->bad_end = p->lx.header_end;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->bad_message, sizeof p->bad_message, fmt, ap);
	va_end(ap);
}

/* Applies every item of an Options value; returns 0 or -1 with WHY. */
static int
apply_options(um_rules *r, const char *value, unsigned *seen, char *why,
              size_t whysize)
{
	const char *s = value;
	while (*s) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			break;
		const char *e = s;
		while (*e && *e != ' ' && *e != '\t')
			e++;
		if (um_rules_option(r, s, (size_t)(e - s), seen, why, whysize) != 0)
			return -1;
		s = e;
	}
	return 0;
}

static int
key_index(const char *key)
{
	for (int i = 0; i < KEY_COUNT; i++)
		if (strcmp(key, once_keys[i]) == 0)
			return i;
	return -1;
}

void
um_header(um_parse *p, long seq)
{
	um_lexer *lx = &p->lx;
	(void)seq;
	static const char *const players[2] = { "Black", "White" };
	nt_report_tag(&p->run->rep, 1, lx->key, lx->key_len, lx->value,
	              lx->value_len, lx->value_cut, lx->header_loc, players);
	if (p->events != NULL)
		p->events->header(p->events->ctx, lx->key, lx->value, lx->value_len,
		                  lx->header_loc, lx->header_end);
	int k = key_index(lx->key);
	if (strcmp(lx->key, "Notation") == 0) {
		p->declared_form = strcmp(lx->value, "electronic") == 0
			? UM_FORM_ELECTRONIC
			: strcmp(lx->value, "plain") == 0 ? UM_FORM_PLAIN : UM_FORM_NONE;
		/* fmt: decided here, as points are rewritten while they are read. */
		if (p->to_declared)
			p->to_electronic = p->declared_form == UM_FORM_ELECTRONIC;
	}
	if (k < 0)
		return;   /* free-text keys (Event, Notation, ...) and unknown ones */
	nt_loc at = lx->header_loc;
	if (p->headers_seen & (1u << k)) {
		bad_header(p, "%s: the %s header may appear only once", lx->key,
		           lx->key);
		return;
	}
	p->headers_seen |= 1u << k;
	const char *v = lx->value;
	char q[80];
	nt_quote(q, sizeof q, v, lx->value_len);
	/* Values are read as C strings below: a NUL would cut them short. */
	if (memchr(v, '\0', lx->value_len) != NULL) {
		bad_header(p, "%s: '%s' is not a value of %s (it holds a NUL "
		           "byte)", lx->key, q, lx->key);
		return;
	}
	um_rules scratch;
	um_rules_default(&scratch);
	int diagonals_set = 0;
	switch (k) {
	case KEY_RULES:
		if (lx->value_cut || um_rules_preset(&scratch, v, &diagonals_set) != 0)
			bad_header(p, "Rules: unknown preset '%s' (the presets are "
			           "gar, blac, isipowe and isisuthu)", q);
		else
			snprintf(p->preset, sizeof p->preset, "%.15s", v);
		break;
	case KEY_BOARD:
		if (strcmp(v, "24") == 0 || strcmp(v, "25") == 0)
			p->board_points = v[1] == '4' ? 24 : 25;
		else
			bad_header(p, "Board: there is no '%s' board; it is 24 "
			           "(three squares) or 25 (with the centre point)", q);
		break;
	case KEY_OPTIONS: {
		char why[160];
		unsigned seen = 0;
		/* A legal value always fits (the lexer keeps it compact): one that
		 * does not has an item twice or one no rule knows, and the items
		 * kept usually say which. */
		char whole[UM_VALUE_MAX];
		memcpy(whole, v, lx->value_len + 1);
		/* The item the cut went through is named, not judged. */
		char *cut_item = NULL;
		if (lx->value_cut) {
			char *blank = strrchr(whole, ' ');
			cut_item = blank != NULL ? blank + 1 : whole;
			nt_quote(q, sizeof q, cut_item, strlen(cut_item) < 40
			         ? strlen(cut_item) : 40);
			if (blank != NULL)
				*blank = '\0';
			else
				whole[0] = '\0';
		}
		if (apply_options(&scratch, whole, &seen, why, sizeof why) != 0)
			bad_header(p, "%s", why);
		else if (cut_item != NULL)
			bad_header(p, "Options: the item '%s...' is longer than any "
			           "option's", q);
		else
			memcpy(p->options, v, lx->value_len + 1);
		break;
	}
	case KEY_RESULT:
		p->result_loc = at;
		p->result_end = lx->header_end;
		if (strcmp(v, "B") == 0)
			p->declared_result = UM_BLACK_WON;
		else if (strcmp(v, "W") == 0)
			p->declared_result = UM_WHITE_WON;
		else if (strcmp(v, "D") == 0)
			p->declared_result = UM_DRAWN;
		else if (strcmp(v, "*") == 0)
			p->declared_result = UM_ONGOING;
		else
			bad_header(p, "Result: '%s' is not a result; write B, W, D "
			           "or *", q);
		break;
	}
}

/* Defaults, then the preset, then Board, then Options (spec section 2). */
static void
resolve_rules(um_parse *p)
{
	um_rules *r = &p->rules;
	um_rules_default(r);
	int diagonals_set = 0;
	if (p->preset[0])
		um_rules_preset(r, p->preset, &diagonals_set);
	if (p->board_points)
		r->points = p->board_points;
	char why[160];
	unsigned seen = 0;
	apply_options(r, p->options, &seen, why, sizeof why);
	if (!diagonals_set && !um_rules_option_seen_diagonals(seen))
		r->diagonals = r->points == 25 ? UM_DIAG_OUTER : UM_DIAG_FULL;
}

void
um_headers_done(um_parse *p)
{
	p->headers_done = 1;
	resolve_rules(p);
	um_board_build(&p->board, &p->rules);
	um_game_init(&p->game, &p->rules, &p->board);
	if (p->events != NULL)
		p->events->rules(p->events->ctx, p->bad_header ? NULL : &p->rules);
	if (p->bad_header) {
		p->unconvertible = 1;
		p->stopped = 1;
		nt_emit(&p->run->rep, &um_codes[UM_BAD_HEADER], p->bad_loc,
		        p->bad_end, 1, 0, "%s", p->bad_message);
	}
}

/* --- moves ----------------------------------------------------------- */

/* --- style (lint) ----------------------------------------------------- */

static void
style(um_parse *p, enum um_code code, nt_loc at, nt_loc end, long index,
      const char *fmt, ...) NT_PRINTF(6, 7);

/* A finding over AT..END, held until the replay reaches its move. */
static void
style(um_parse *p, enum um_code code, nt_loc at, nt_loc end, long index,
      const char *fmt, ...)
{
	if (!p->run->opts->lint || p->bad_header ||
	    p->nheld_style == (int)(sizeof p->held_style /
	                            sizeof p->held_style[0]))
		return;
	struct um_held_style *h = &p->held_style[p->nheld_style++];
	h->code = code;
	h->at = at;
	h->end = end;
	h->index = index;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(h->message, sizeof h->message, fmt, ap);
	va_end(ap);
}

/* Reports the findings of move INDEX, which the replay accepted. */
static void
release_style(um_parse *p, long index)
{
	int kept = 0;
	for (int i = 0; i < p->nheld_style; i++) {
		struct um_held_style *h = &p->held_style[i];
		if (h->index == index)
			nt_emit(&p->run->rep, &um_codes[h->code], h->at, h->end, 1,
			        h->index, "%s", h->message);
		else if (h->index > index)
			p->held_style[kept++] = *h;
	}
	p->nheld_style = kept;
}

/* --- fmt: one numbering --------------------------------------------- */

/* Only fmt settles the numbering; convert copies move numbers as they are
   (spec section 6). */
static int
renumbering(const um_parse *p)
{
	return p->mode == UM_CONVERT && p->to_declared && p->events == NULL;
}

static int
is_blank_byte(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' ||
	       c == '\n';
}

static void renumber_decide(um_parse *p, int decided);

/*
 * Writes N bytes of output that stand at input offset START, through the
 * edit of the numbering under way: the bytes before its place go out, and
 * from there on they wait until it is known what the edit is.
 */
static int
put_out(um_parse *p, const unsigned char *b, size_t n, nt_offset start)
{
	struct um_renumber *r = &p->renumber;
	while (n > 0) {
		size_t k = n;
		if (!r->active)
			return nt_sink_write(p->run->out, b, n);
		if (start < r->at) {
			if (r->at - start < k)
				k = (size_t)(r->at - start);
			if (nt_sink_write(p->run->out, b, k) != 0)
				return -1;
		} else if (r->decided == 0) {
			/* The edit is decided within a token or two; a hold that
			   fills up means the replay went no further (a syntax error
			   stopped it): the numbering stays as written. */
			if (r->nhold + n > sizeof r->hold) {
				renumber_decide(p, -1);
				continue;
			}
			memcpy(r->hold + r->nhold, b, n);
			r->nhold += n;
		} else if (r->decided < 0) {
			r->active = 0;
			k = 0;
		} else if (r->insert) {
			char digits[24];
			int len = snprintf(digits, sizeof digits, "%ld", r->number);
			r->active = 0;
			if (nt_sink_write(p->run->out, digits, (size_t)len) != 0)
				return -1;
			k = 0;
		} else if (start < r->end) {
			if (r->end - start < k)
				k = (size_t)(r->end - start);   /* the number goes */
		} else if (is_blank_byte(b[0])) {
			k = 1;                              /* so do the blanks after it */
		} else {
			r->active = 0;
			k = 0;
		}
		b += k;
		n -= k;
		start += k;
	}
	return 0;
}

/* Whether the number is written as WANT: plain decimal, no leading zero. */
static int
number_written_as(const um_num *n, long want)
{
	char digits[24];
	snprintf(digits, sizeof digits, "%ld", want);
	return n->len == strlen(digits) && strcmp(n->text, digits) == 0;
}

/* DECIDED 1: the edit is made; -1: the numbering stays as written.  The
   bytes held go out. */
static void
renumber_decide(um_parse *p, int decided)
{
	struct um_renumber *r = &p->renumber;
	r->decided = decided;
	unsigned char held[sizeof r->hold];
	size_t n = r->nhold;
	memcpy(held, r->hold, n);
	r->nhold = 0;
	if (put_out(p, held, n, r->at) != 0)
		p->lx.in.echo_failed = 1;
}

/*
 * The number a move gets is the one the replay expects there (spec 4.5:
 * skipped turns count), so it is known once the move before it has been
 * replayed.  After a rule error or a syntax error no number is known, and
 * the numbering stays as written; a number is removed only when it is the
 * expected one, so a wrong one is still there for check to report.
 */
static void
renumber_settle(um_parse *p)
{
	struct um_renumber *r = &p->renumber;
	if (!r->active || r->decided != 0)
		return;
	if (p->stopped || p->bad_header) {
		renumber_decide(p, -1);
		return;
	}
	if (p->last_index < r->index - 1)
		return;   /* the move before is still to be replayed */
	long want = um_expected_number(&p->game);
	if (r->insert)
		r->number = want;
	renumber_decide(p, r->insert || number_written_as(&r->written, want)
	                   ? 1 : -1);
}

/* Move INDEX, at offset START, is numbered otherwise than the first move. */
static void
renumber_begin(um_parse *p, const um_num *number, nt_offset start, long index)
{
	struct um_renumber *r = &p->renumber;
	nt_input *in = &p->lx.in;
	/* What comes before the move goes out now, through the edit before
	   it, so that one edit is under way at a time. */
	nt_input_echo_to(in, start);
	if (r->active && r->decided == 0)
		renumber_decide(p, -1);
	r->active = 0;
	if (p->stopped || p->bad_header || in->echo_pos > start)
		return;   /* no number is known (a long one echoed already) */
	r->active = 1;
	r->insert = number == NULL;
	r->decided = 0;
	r->index = index;
	r->at = start;
	r->end = number != NULL ? number->end : start;
	if (number != NULL)
		r->written = *number;
	r->nhold = 0;
	renumber_settle(p);
}

/* Numbered and unnumbered moves should not be mixed in one file: lint says
   so, and fmt numbers every move or none, as the first move is. */
void
um_move_begins(um_parse *p, const um_num *number, nt_offset start, nt_loc at,
               long index)
{
	int numbered = number != NULL;
	if (!p->run->opts->lint && !renumbering(p))
		return;
	if (p->numbering < 0) {
		p->numbering = numbered;
		return;
	}
	if (p->numbering == numbered)
		return;
	if (renumbering(p))
		renumber_begin(p, number, start, index);
	if (!p->run->opts->lint || p->numbering_reported)
		return;
	p->numbering_reported = 1;
	style(p, UM_MIXED_NUMBERING, at, at, index, "this move is %s, but the "
	      "file's first move is %s; number every move or none",
	      numbered ? "numbered" : "not numbered",
	      numbered ? "not" : "numbered");
}

/* One form of points per file, the one the Notation header names. */
static void
lint_point_form(um_parse *p, const um_num *n)
{
	int form = n->len == 1 ? UM_FORM_PLAIN
	         : n->len == 2 && n->text[0] == '0' ? UM_FORM_ELECTRONIC
	         : UM_FORM_NONE;
	if (form == UM_FORM_NONE || p->mixed_reported)
		return;
	const char *names[] = { "", "plain", "zero-padded (electronic)" };
	long index = p->lx.move_id;
	if (p->declared_form != UM_FORM_NONE && form != p->declared_form) {
		p->mixed_reported = 1;
		style(p, UM_NOTATION_MISMATCH, n->loc, um_num_last(n), index, "point "
		      "'%s' is written "
		      "%s, but the Notation header says %s", n->text, names[form],
		      names[p->declared_form]);
		return;
	}
	if (p->first_form == UM_FORM_NONE) {
		p->first_form = form;
		p->first_form_loc = n->loc;
		return;
	}
	if (form != p->first_form) {
		p->mixed_reported = 1;
		style(p, UM_MIXED_POINT_FORMS, n->loc, um_num_last(n), index, "point "
		      "'%s' is written "
		      "%s, but points are %s elsewhere in this file (first at line "
		      "%lu, column %lu)", n->text, names[form], names[p->first_form],
		      p->first_form_loc.line, p->first_form_loc.col);
	}
}

void
um_move_start(um_parse *p, const um_num *number, int side, nt_loc at)
{
	um_move *m = &p->move;
	memset(m, 0, sizeof *m);
	m->side = side;
	m->kind = UM_PLACE;
	m->loc = at;
	m->end = at;
	m->index = p->lx.move_id;
	if (number != NULL) {
		m->has_number = 1;
		m->number = *number;
	}
}

/* The point's value on this board, noting the first one that is invalid. */
static int
point_of(um_parse *p, const um_num *n)
{
	int v = um_point_value(&p->board, n->text, n->len);
	if (v == 0 && p->move.bad_point == NULL) {
		p->bad_point = *n;
		p->move.bad_point = &p->bad_point;
	}
	/* Points come in the order written: the last one read ends the move. */
	p->move.end = um_num_last(n);
	return v;
}

void
um_move_from(um_parse *p, const um_num *n)
{
	p->move.kind = UM_MOVE;
	p->move.from = point_of(p, n);
}

void
um_move_to(um_parse *p, const um_num *n)
{
	p->move.to = point_of(p, n);
}

void
um_move_capture(um_parse *p, const um_num *n)
{
	int v = point_of(p, n);
	if (p->move.ncaps < UM_MAX_CAPTURES)
		p->move.caps[p->move.ncaps] = v;
	p->move.ncaps++;
}

void
um_move_removal(um_parse *p, const um_num *n)
{
	p->move.kind = UM_REMOVE;
	p->move.removed = point_of(p, n);
}

void
um_compact_move(um_parse *p, int slot)
{
	const um_compact *cm = &p->lx.cm[slot];
	um_move_start(p, cm->has_number ? &cm->nums[0] : NULL, cm->side, cm->loc);
	/* Reduced maybe after the next move was read: the index is the token's. */
	p->move.index = cm->id;
	if (cm->from)
		um_move_from(p, &cm->nums[1]);
	um_move_to(p, &cm->nums[2]);
	for (int i = 0; i < cm->ncaps; i++)
		um_move_capture(p, &cm->nums[3 + i]);
}

void
um_move_done(um_parse *p, int lookahead_known)
{
	um_lexer *lx = &p->lx;
	const char *text = lx->move_id == p->move.index ? lx->move_text
	                                                : lx->prev_text;
	/* The lexer keeps this text until the move after next begins. */
	p->move.text = text;
	p->pending = 1;
	if (lookahead_known)
		um_resolve_pending(p);
}

static void
report_bad_point(um_parse *p, const um_move *m)
{
	um_verdict v;
	um_game over = p->game;
	over.result = UM_ONGOING;   /* only the point check is wanted here */
	if (um_play(&over, m, &v) != 0 && v.code == UM_BAD_POINT_NUMBER)
		report_move_error(p, m, &v);
}

static int
frozen(const um_parse *p)
{
	return (p->show_move >= 0 && p->moves_played >= p->show_move) ||
	       (p->show_row > 0 && um_expected_number(&p->game) > p->show_row);
}

static void
replay_move(um_parse *p)
{
	um_move *m = &p->move;
	p->last_index = m->index;
	if (p->events != NULL)
		p->events->move(p->events->ctx, m);
	if (p->bad_header)
		return;
	if (p->stopped || frozen(p)) {
		/* Conversion needs every point valid, to the end of the file. */
		if (p->mode == UM_CONVERT && m->bad_point != NULL) {
			p->unconvertible = 1;
			report_bad_point(p, m);
		}
		return;
	}
	um_verdict v;
	if (um_play(&p->game, m, &v) != 0) {
		report_move_error(p, m, &v);
		p->stopped = 1;
		if (m->bad_point != NULL) {
			p->unconvertible = 1;
			if (p->mode == UM_CONVERT &&
			    v.code != UM_BAD_POINT_NUMBER)
				report_bad_point(p, m);
		}
		return;
	}
	p->moves_played++;
	release_style(p, m->index);
	/* The position after it, as Sanmill's FEN (24 points), for
	   whoever asks (find). */
	char fen[UM_FEN_TEXT];
	const char *after = nt_report_wants_moves(&p->run->rep) &&
		um_fen(&p->game, fen, sizeof fen) == 0 ? fen : NULL;
	nt_report_move_pos(&p->run->rep, 1, m->index, m->loc, NULL, m->text,
	                   um_side_name(m->side), after);
}

/* Replays the move just read; fmt's numbering waits for it. */
static void
replay(um_parse *p)
{
	replay_move(p);
	renumber_settle(p);
}

void
um_resolve_pending(um_parse *p)
{
	if (!p->pending)
		return;
	p->pending = 0;
	/* Text glued to the move makes it unreadable; the parser reports it. */
	if (p->lx.tok.taints_move)
		return;
	replay(p);
}

/* --- syntax errors --------------------------------------------------- */

static int
starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Why unreadable text is not notation, in the game's words. */
static void
junk_hint(const char *junk, size_t len, char *out, size_t size)
{
	char c = junk[0];
	if (c == '-' || c == '=')
		snprintf(out, size, "'%c' is not part of the notation; a cow goes "
		         "from one point to another with '>' (13B13>5)", c);
	else if (c == 'b' || c == 'w')
		snprintf(out, size, "side letters are upper case: B or W");
	else if (c == '.')
		snprintf(out, size, "a move number is written without a dot (1B>5)");
	else if (c == '*' || starts_with(junk, "1-0") || starts_with(junk, "0-1") ||
	         starts_with(junk, "1/2"))
		snprintf(out, size, "results are not written among the moves; "
		         "the [Result \"...\"] header gives them");
	else if (c == '[')
		snprintf(out, size, "header lines ([Key \"value\"]) come only before "
		         "the first move");
	else {
		char q[16];
		unsigned char lead = (unsigned char)c;
		size_t n = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
		nt_quote(q, sizeof q, junk, n < len ? n : len);
		snprintf(out, size, "'%s' is not part of the notation (moves look "
		         "like 13B13>5<2, B>23 or W<7)", q);
	}
}

static int
loc_before(nt_loc a, nt_loc b)
{
	return a.line < b.line || (a.line == b.line && a.col < b.col);
}

/*
 * A syntax error spans what could not be read: from AT (the move's start,
 * or the token's) to the end of the token that stopped it, or at the end
 * of the file to the move's last token.  An unclosed comment and a line
 * that is no header run on past their line, so they end at their first
 * character.
 */
static nt_loc
syntax_error_end(const um_token_info *ti, nt_loc at, int at_eof)
{
	nt_loc end = ti->end;
	if (ti->junk == UM_JUNK_OPEN_COMMENT || ti->junk == UM_JUNK_HEADER_LINE)
		end = ti->loc;
	else if (at_eof && ti->junk == UM_JUNK_NONE)
		end = ti->prev_end;
	return loc_before(end, at) ? at : end;
}

void
um_syntax_error(um_parse *p, int at_eof, const char *expected)
{
	p->lx.resync = 1;
	if (p->bad_header)
		return;
	p->syntax_errors++;
	p->unconvertible = 1;
	p->stopped = 1;
	renumber_settle(p);
	const um_token_info *ti = &p->lx.tok;
	int in_move = ti->state == UM_LX_IN_MOVE || ti->taints_move;
	nt_loc at = in_move ? ti->move_loc : ti->loc;
	long index = in_move ? ti->move_id : ti->move_id + 1;
	char why[200];
	/* A valid token in the wrong place is named apart from the move. */
	size_t quoted_len = p->lx.move_len;
	switch (ti->junk) {
	case UM_JUNK_OPEN_COMMENT:
		snprintf(why, sizeof why, "the comment opened by '{' at line %lu, "
		         "column %lu is never closed", ti->loc.line, ti->loc.col);
		break;
	case UM_JUNK_STRAY_BRACE:
		snprintf(why, sizeof why, "'}' closes no comment");
		break;
	case UM_JUNK_GLUED:
		snprintf(why, sizeof why, "a move must be followed by a space, a "
		         "line break or a comment");
		break;
	case UM_JUNK_HEADER_LINE:
		snprintf(why, sizeof why, "this line is not a header line "
		         "([Key \"value\"]) and no move starts with '['");
		break;
	case UM_JUNK_NO_START:
		snprintf(why, sizeof why, "no move starts with '%c'; a move starts "
		         "with its number or its side letter", ti->text[0]);
		break;
	case UM_JUNK_TEXT:
		junk_hint(ti->text, ti->text_len, why, sizeof why);
		break;
	case UM_JUNK_AFTER_REMOVAL:
		snprintf(why, sizeof why, "an ilobola removal shoots nothing, so "
		         "nothing may follow it");
		break;
	default:
		if (at_eof) {
			snprintf(why, sizeof why, "the file ends in the middle of it");
			break;
		}
		quoted_len = ti->move_len_before;
		if (expected[0])
			snprintf(why, sizeof why, "expected %s after '%s', not '%s'",
			         expected, p->lx.prev_token, ti->text);
		else
			snprintf(why, sizeof why, "a move does not go on with '%s'",
			         ti->text);
		break;
	}
	char q[UM_MOVE_TEXT * 4 + 16];
	nt_quote(q, sizeof q, p->lx.move_text, quoted_len);
	nt_loc end = syntax_error_end(ti, at, at_eof);
	nt_emit(&p->run->rep, &um_codes[UM_SYNTAX_ERROR], at, end, 1, index,
	        "cannot read '%s' as a move: %s", q, why);
}

/* --- the end --------------------------------------------------------- */

void
um_finish(um_parse *p)
{
	if (p->bad_header || p->stopped || p->syntax_errors || frozen(p))
		return;
	if (p->declared_result >= 0 && p->declared_result != p->game.result) {
		char how[160];
		um_describe_end(&p->game, how, sizeof how);
		nt_emit(&p->run->rep, &um_codes[UM_RESULT_MISMATCH], p->result_loc,
		        p->result_end, 1, 0,
		        "Result says \"%s\" but the moves give %s (%s)",
		        um_result_text(p->declared_result),
		        um_result_text(p->game.result), how);
	}
}

/* --- running a file -------------------------------------------------- */

static int
echo_to_sink(void *ctx, const unsigned char *bytes, size_t size)
{
	um_parse *p = ctx;
	/* The input has just been echoed up to echo_pos. */
	return put_out(p, bytes, size, p->lx.in.echo_pos - size);
}

void
um_point_read(um_parse *p, const um_num *n)
{
	if (!um_points_watched(p))
		return;
	if (p->run->opts->lint)
		lint_point_form(p, n);
	/* Only a conversion between .umla forms rewrites points in place. */
	if (p->mode != UM_CONVERT || p->events != NULL || n->len > 2)
		return;
	const char *t = n->text;
	char out[3];
	size_t len;
	if (p->to_electronic && n->len == 1 && t[0] >= '1' && t[0] <= '9') {
		out[0] = '0';
		out[1] = t[0];
		len = 2;
	} else if (!p->to_electronic && n->len == 2 && t[0] == '0' &&
	           t[1] >= '1' && t[1] <= '9') {
		out[0] = t[1];
		len = 1;
	} else {
		return;   /* already in the target form */
	}
	nt_input *in = &p->lx.in;
	nt_input_echo_to(in, n->start);
	if (!in->echo_failed &&
	    put_out(p, (const unsigned char *)out, len, n->start) != 0)
		in->echo_failed = 1;
	nt_input_echo_skip(in, n->end);
}

int
um_parse_run(um_parse *p, nt_run *run, int mode)
{
	memset(p, 0, sizeof *p);
	p->run = run;
	p->mode = mode;
	p->declared_result = -1;
	p->show_move = -1;
	p->numbering = -1;
	if (nt_input_init(&p->lx.in, run->src, run->opts->buffer_size) != 0)
		return -1;
	um_lexer_init(&p->lx);
	if (mode == UM_CONVERT) {
		p->lx.in.echo = echo_to_sink;
		p->lx.in.echo_ctx = p;
	}
	return 0;
}

/* Parses the whole input; returns 0, or -1 when it could not be read. */
int
um_parse_all(um_parse *p)
{
	int rc = um_yyparse(p);
	nt_input *in = &p->lx.in;
	nt_summary *s = p->run->rep.summary;
	s->games = 1;
	snprintf(s->result, sizeof s->result, "%s",
	         p->bad_header || p->stopped ? "?" : um_result_text(p->game.result));
	int r = p->bad_header || p->stopped ? UM_ONGOING : p->game.result;
	nt_loc end = { in->line, 1 };
	nt_report_outcome(&p->run->rep, 1, s->result, r == UM_BLACK_WON ? 1
	                  : r == UM_WHITE_WON ? 2 : r == UM_DRAWN ? 0 : -1, end);
	if (p->mode == UM_CONVERT) {
		renumber_settle(p);
		if (p->renumber.active && p->renumber.decided == 0)
			renumber_decide(p, -1);
		nt_input_echo_to(in, nt_input_offset(in, in->lim));
	}
	if (in->read_errno != 0 || in->overflow || rc == 2) {
		s->unreadable = 1;
		return -1;
	}
	return 0;
}

void
um_parse_free(um_parse *p)
{
	um_game_free(&p->game);
	nt_input_free(&p->lx.in);
}
