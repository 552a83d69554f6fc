/*
 * The glue between the mill PGN grammar and the engine: tags into rules
 * (umlabalaba-pgn.md 3, 4.1), turns into the um_move the .umla reader
 * builds too, and the diagnostics of section 5 with their locations and
 * move indexes (4.3).  The rules are the engine's alone.
 */
#include "games/umlabalaba/pgn.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "games/umlabalaba/squares.h"

#include "games/umlabalaba/codes.h"
#include "umla_pgn_parse.h"

const char *const um_pgn_outcome_text[4] = { "1-0", "0-1", "1/2-1/2", "*" };

int
um_pgn_outcome_result(const um_rules *r, int outcome)
{
	switch (outcome) {
	case UM_PGN_FIRST_WON:
		return r->first == UM_BLACK ? UM_BLACK_WON : UM_WHITE_WON;
	case UM_PGN_SECOND_WON:
		return r->first == UM_BLACK ? UM_WHITE_WON : UM_BLACK_WON;
	case UM_PGN_DRAWN:
		return UM_DRAWN;
	default:
		return UM_ONGOING;
	}
}

int
um_pgn_result_outcome(const um_rules *r, int result)
{
	switch (result) {
	case UM_BLACK_WON:
		return r->first == UM_BLACK ? UM_PGN_FIRST_WON : UM_PGN_SECOND_WON;
	case UM_WHITE_WON:
		return r->first == UM_WHITE ? UM_PGN_FIRST_WON : UM_PGN_SECOND_WON;
	case UM_DRAWN:
		return UM_PGN_DRAWN;
	default:
		return UM_PGN_UNFINISHED;
	}
}

const char *
um_pgn_result_text(const um_rules *r, int result)
{
	return um_pgn_outcome_text[um_pgn_result_outcome(r, result)];
}

/* --- tags -------------------------------------------------------------- */

/* Keys that may appear once; bit i of tags.seen is key i. */
static const char *const once_keys[] = { "Variant", "Options", "Result" };
enum { KEY_VARIANT, KEY_OPTIONS, KEY_RESULT, KEY_COUNT };

static void
tag_fail(um_pgn *p, enum um_code code, const char *fmt, ...)
	NT_PRINTF(3, 4);

/* The first offending tag is the only verdict (5.3 step 1). */
static void
tag_fail_at(um_pgn *p, enum um_code code, nt_loc at, nt_loc end,
            const char *fmt, va_list ap)
{
	um_pgn_tags *t = &p->tags;
	if (t->failed)
		return;
	t->failed = 1;
	t->fail_code = code;
	t->fail_loc = at;
	t->fail_end = end;
	vsnprintf(t->fail_message, sizeof t->fail_message, fmt, ap);
}

static void
tag_fail(um_pgn *p, enum um_code code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tag_fail_at(p, code, p->lx.tag_loc, p->lx.tag_end, fmt, ap);
	va_end(ap);
}

static void
bad_tag(um_pgn *p, const char *fmt, ...) NT_PRINTF(2, 3);

static void
bad_tag(um_pgn *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tag_fail_at(p, UM_BAD_HEADER, p->lx.tag_loc, p->lx.tag_end, fmt, ap);
	va_end(ap);
}

/* VALUE, blanks around it ignored, is WANT (lower case) in any case. */
static int
value_is(const char *value, size_t len, const char *want)
{
	while (len > 0 && (*value == ' ' || *value == '\t')) {
		value++;
		len--;
	}
	while (len > 0 && (value[len - 1] == ' ' || value[len - 1] == '\t'))
		len--;
	if (len != strlen(want))
		return 0;
	for (size_t i = 0; i < len; i++) {
		char c = value[i];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != want[i])
			return 0;
	}
	return 1;
}

/* Sanmill's other mill variants, which notate does not replay. */
static const char *const other_variants[][2] = {
	{ "nine men's morris", "9 cows each, no diagonals" },
	{ "lasker morris", "10 cows each, which may move before all are placed" },
	{ "dooz", NULL }, { "russian mill", NULL }, { "cham gonu", NULL },
	{ "zhi qi", NULL }, { "cheng san qi", NULL }, { "da san qi", NULL },
	{ "mul-mulan", NULL }, { "nerenchi", NULL }, { "el filja", NULL },
	{ "custom", NULL },
};

static void
tag_variant(um_pgn *p, const char *v, size_t len, const char *quoted)
{
	static const struct { const char *name; int variant; } ours[] = {
		{ "morabaraba", UM_VARIANT_MORABARABA },
		{ "umlabalaba", UM_VARIANT_MORABARABA },
		{ "twelve men's morris", UM_VARIANT_TWELVE },
		{ "twelve_mens_morris", UM_VARIANT_TWELVE },
	};
	for (size_t i = 0; i < sizeof ours / sizeof ours[0]; i++)
		if (value_is(v, len, ours[i].name)) {
			p->tags.variant = ours[i].variant;
			p->tags.variant_given = 1;
			return;
		}
	const char *what = "not a game notate replays";
	for (size_t i = 0; i < sizeof other_variants / sizeof other_variants[0];
	     i++)
		if (value_is(v, len, other_variants[i][0]))
			what = other_variants[i][1] ? other_variants[i][1]
			                            : "a mill game with rules of its own";
	tag_fail(p, UM_PGN_UNSUPPORTED_VARIANT, "Variant \"%s\": %s; notate "
	         "replays Morabaraba and Twelve Men's Morris", quoted, what);
}

/* Applies the items of an Options value in order; the first bad one is
 * the verdict.  Returns 0 when every item may stand. */
static int
apply_options(um_pgn *p, um_rules *r, const char *value, int judge)
{
	unsigned seen = 0;
	const char *s = value;
	while (*s) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			break;
		const char *e = s;
		while (*e && *e != ' ' && *e != '\t')
			e++;
		size_t len = (size_t)(e - s);
		char why[160], q[64];
		nt_quote(q, sizeof q, s, len);
		if (len > 6 && memcmp(s, "board=", 6) == 0) {
			if (judge)
				bad_tag(p, "Options: '%s': the board is no option, and mill "
				        "PGN has the 24-point board only", q);
			return -1;
		}
		if (um_rules_option(r, s, len, &seen, why, sizeof why) != 0) {
			if (judge)
				bad_tag(p, "%s", why);
			return -1;
		}
		int id = um_option_of_item(s, len);
		if (!um_pgn_option_free(id)) {
			if (judge)
				tag_fail(p, UM_PGN_NO_EQUIVALENT, "Options \"%s\": a PGN "
				         "record may set only first, draw3, draw3_plies, "
				         "nmove and repetition; Sanmill's variants fix %s",
				         q, um_option_name(id));
			return -1;
		}
		s = e;
	}
	return 0;
}

static void
tag_options(um_pgn *p, const char *v, size_t len)
{
	um_pgn_lexer *lx = &p->lx;
	char whole[UM_PGN_VALUE_MAX];
	memcpy(whole, v, len + 1);
	/* A legal value always fits (the lexer keeps it compact); the item
	 * the cut went through is named, not judged. */
	char *cut_item = NULL;
	if (lx->value_cut) {
		char *blank = strrchr(whole, ' ');
		cut_item = blank != NULL ? blank + 1 : whole;
		if (blank != NULL)
			*blank = '\0';
		else
			whole[0] = '\0';
	}
	um_rules scratch;
	um_rules_default(&scratch);
	if (apply_options(p, &scratch, whole, 1) != 0)
		return;
	if (cut_item != NULL) {
		char q[48];
		nt_quote(q, sizeof q, cut_item, strlen(cut_item) < 40
		         ? strlen(cut_item) : 40);
		bad_tag(p, "Options: the item '%s...' is longer than any option's", q);
		return;
	}
	memcpy(p->tags.options, v, len + 1);
}

static void
tag_result(um_pgn *p, const char *v, const char *quoted)
{
	for (int i = 0; i < 4; i++)
		if (strcmp(v, um_pgn_outcome_text[i]) == 0) {
			p->tags.declared = i;
			p->tags.result_loc = p->lx.tag_loc;
			p->tags.result_end = p->lx.tag_end;
			return;
		}
	bad_tag(p, "Result: '%s' is not a result; write 1-0, 0-1, 1/2-1/2 or *",
	        quoted);
}

static int
key_index(const char *key)
{
	for (int i = 0; i < KEY_COUNT; i++)
		if (strcmp(key, once_keys[i]) == 0)
			return i;
	return -1;
}

/* The tags that choose nothing: Site (PlayOK), a set-up, Rules, Board. */
static void
tag_other(um_pgn *p, const char *key, const char *v, size_t len,
          const char *quoted)
{
	um_pgn_lexer *lx = &p->lx;
	if (strcmp(key, "Site") == 0 && value_is(v, len, "playok")) {
		p->tags.site_playok = 1;
		p->tags.site_loc = lx->tag_loc;
		p->tags.site_end = lx->tag_end;
	} else if (strcmp(key, "FEN") == 0) {
		tag_fail(p, UM_PGN_SETUP_UNSUPPORTED, "[FEN \"%s\"]: a record must "
		         "start from the empty board", quoted);
	} else if (strcmp(key, "SetUp") == 0 && strcmp(v, "0") != 0) {
		tag_fail(p, UM_PGN_SETUP_UNSUPPORTED, "[SetUp \"%s\"]: a record must "
		         "start from the empty board", quoted);
	} else if (strcmp(key, "Rules") == 0 || strcmp(key, "Board") == 0) {
		bad_tag(p, "%s: in PGN the rules come from the Variant and Options "
		        "tags", key);
	}
}

void
um_pgn_tag(um_pgn *p, long seq)
{
	um_pgn_lexer *lx = &p->lx;
	(void)seq;
	const char *v = lx->value;
	size_t len = lx->value_len;
	static const char *const players[2] = { "White", "Black" };
	nt_report_tag(&p->run->rep, 1, lx->key, lx->key_len, v, len,
	              lx->value_cut, lx->tag_loc, players);
	if (p->events != NULL)
		p->events->header(p->events->ctx, lx->key, v, len, lx->tag_loc,
		                  lx->tag_end);
	if (p->tags.failed)
		return;     /* only the first offending tag is judged */
	char q[80];
	nt_quote(q, sizeof q, v, len);
	int k = key_index(lx->key);
	if (k >= 0 && (p->tags.seen & (1u << k))) {
		bad_tag(p, "%s: the %s tag may appear only once", lx->key, lx->key);
		return;
	}
	/* Values are compared as C strings: a NUL would cut them short. */
	if (memchr(v, '\0', len) != NULL &&
	    (k >= 0 || strcmp(lx->key, "SetUp") == 0)) {
		bad_tag(p, "%s: '%s' is not a value of %s (it holds a NUL byte)",
		        lx->key, q, lx->key);
		return;
	}
	if (k >= 0)
		p->tags.seen |= 1u << k;
	switch (k) {
	case KEY_VARIANT:
		tag_variant(p, v, len, q);
		break;
	case KEY_OPTIONS:
		tag_options(p, v, len);
		break;
	case KEY_RESULT:
		tag_result(p, v, q);
		break;
	default:
		tag_other(p, lx->key, v, len, q);
		break;
	}
}

void
um_pgn_tags_done(um_pgn *p)
{
	um_pgn_tags *t = &p->tags;
	p->tags_done = 1;
	if (!t->failed && !t->variant_given && t->site_playok) {
		t->failed = 1;
		t->fail_code = UM_PGN_UNSUPPORTED_VARIANT;
		t->fail_loc = t->site_loc;
		t->fail_end = t->site_end;
		snprintf(t->fail_message, sizeof t->fail_message, "Site \"PlayOK\" "
		         "and no Variant tag: PlayOK's mill is Nine Men's Morris (9 "
		         "cows each, no diagonals); notate replays Morabaraba and "
		         "Twelve Men's Morris");
	}
	um_pgn_variant_rules(&p->rules, t->variant);
	if (!t->failed)
		apply_options(p, &p->rules, t->options, 0);
	um_board_build(&p->board, &p->rules);
	um_game_init(&p->game, &p->rules, &p->board);
	p->game.naming = um_pgn_naming(p->rules.first, UM_PGN_ALGEBRAIC);
	if (p->events != NULL)
		p->events->rules(p->events->ctx, t->failed ? NULL : &p->rules);
	if (t->failed) {
		p->unconvertible = 1;
		p->stopped = 1;
		nt_emit(&p->run->rep, &um_codes[t->fail_code], t->fail_loc,
		        t->fail_end, 1, 0, "%s", t->fail_message);
	}
}

/* --- turns --------------------------------------------------------------- */

/* The point a square names, noting the first one that names none. */
static int
point_of(um_pgn *p, int slot)
{
	const um_num *n = um_pgn_num(&p->lx, slot);
	int v = p->lx.form == UM_PGN_PLAYOK ? um_playok_point(n->text, n->len)
	                                    : um_square_point(n->text, n->len);
	if (v == 0 && p->move.bad_point == NULL) {
		p->bad_point = *n;
		p->move.bad_point = &p->bad_point;
	}
	/* Squares come in the order written: the last one read ends the turn. */
	p->move.end = um_num_last(n);
	return v;
}

static int
frozen(const um_pgn *p)
{
	return (p->show_move >= 0 && p->moves_played >= p->show_move) ||
	       (p->show_row > 0 && um_expected_number(&p->game) > p->show_row);
}

static void
report_move_error(um_pgn *p, const um_move *m, const um_verdict *v)
{
	nt_emit(&p->run->rep, &um_codes[v->code], m->loc, m->end, 1, m->index,
	        "%s", v->message);
}

/*
 * A conversion needs every square a point and no pass, to the end of the
 * file: after the first error the engine is asked about those alone.
 */
static void
report_unconvertible(um_pgn *p, const um_move *m)
{
	um_game g = p->game;
	g.result = UM_ONGOING;
	um_move alone = *m;
	alone.has_number = 0;
	alone.side = g.to_move;
	um_verdict v;
	if (um_play(&g, &alone, &v) != 0 &&
	    (v.code == UM_BAD_POINT_NUMBER || v.code == UM_PGN_PASS_NOT_ALLOWED))
		report_move_error(p, m, &v);
}

static void
replay(um_pgn *p)
{
	um_move *m = &p->move;
	if (p->events != NULL)
		p->events->move(p->events->ctx, m);
	if (p->tags.failed)
		return;
	int unwritable = m->bad_point != NULL || m->kind == UM_PASS;
	if (p->stopped || frozen(p)) {
		if (p->mode == UM_CONVERT && unwritable) {
			p->unconvertible = 1;
			report_unconvertible(p, m);
		}
		return;
	}
	um_verdict v;
	if (um_play(&p->game, m, &v) != 0) {
		report_move_error(p, m, &v);
		p->stopped = 1;
		if (unwritable) {
			p->unconvertible = 1;
			if (p->mode == UM_CONVERT &&
			    v.code != UM_BAD_POINT_NUMBER &&
			    v.code != UM_PGN_PASS_NOT_ALLOWED)
				report_unconvertible(p, m);
		}
		return;
	}
	p->moves_played++;
	/* The position after it, as Sanmill's FEN (24 points), for
	   whoever asks (find). */
	char fen[UM_FEN_TEXT];
	const char *after = nt_report_wants_moves(&p->run->rep) &&
		um_fen(&p->game, fen, sizeof fen) == 0 ? fen : NULL;
	nt_report_move_pos(&p->run->rep, 1, m->index, m->loc, NULL, m->text,
	                   um_game_side(&p->game, m->side), after);
}

/* The turn assembled so far is complete: replay it. */
static void
close_turn(um_pgn *p)
{
	if (!p->assembling)
		return;
	p->assembling = 0;
	um_pgn_lexer *lx = &p->lx;
	/* The lexer keeps this text until the turn after next begins. */
	p->move.text = lx->turn_id == p->move.index ? lx->turn_text
	                                            : lx->prev_text;
	replay(p);
}

void
um_pgn_turn_over(um_pgn *p)
{
	close_turn(p);
}

void
um_pgn_turn(um_pgn *p, int number, int kind, int from, int to, nt_loc last)
{
	close_turn(p);
	um_move *m = &p->move;
	memset(m, 0, sizeof *m);
	/* N. is the first player's, N... the second's; a turn without a
	 * number is the other side's than the turn before (4.2). */
	int role = number >= 0 ? number & 1 : p->prev_role < 0 ? 0 : !p->prev_role;
	p->prev_role = role;
	m->side = role == 0 ? p->rules.first : !p->rules.first;
	m->kind = kind;
	m->index = p->lx.turn_id;
	m->loc = p->lx.turn_loc;
	m->end = last;
	if (number >= 0) {
		m->has_number = 1;
		m->number = *um_pgn_num(&p->lx, number / 2);
	}
	if (kind == UM_MOVE)
		m->from = point_of(p, from);
	if (kind != UM_PASS)
		m->to = point_of(p, to);
	p->assembling = 1;
	/* The first square has decided how the file names points. */
	if (p->lx.form >= 0)
		p->game.naming = um_pgn_naming(p->rules.first, p->lx.form);
}

void
um_pgn_capture(um_pgn *p, int slot)
{
	if (!p->assembling)
		return;
	int v = point_of(p, slot);
	if (p->move.ncaps < UM_MAX_CAPTURES)
		p->move.caps[p->move.ncaps] = v;
	p->move.ncaps++;
}

void
um_pgn_termination(um_pgn *p, int outcome, nt_loc at)
{
	close_turn(p);
	p->termination = outcome;
	p->term_loc = at;
	p->term_end = at;
	p->term_end.col += strlen(um_pgn_outcome_text[outcome]) - 1;
}

/* --- syntax errors ----------------------------------------------------- */

/* Why unreadable text is not mill notation. */
static void
junk_hint(const um_pgn_token *t, char *out, size_t size)
{
	char c = t->text[0];
	char q[16];
	unsigned char lead = (unsigned char)c;
	size_t n = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
	nt_quote(q, sizeof q, t->text, n < t->text_len ? n : t->text_len);
	if (c >= 'A' && c <= 'Z')
		snprintf(out, size, "squares are written in lower case (d6), and "
		         "mill notation names no pieces");
	else if (c == 'x')
		snprintf(out, size, "a shot is 'x' and a square (xd7), after the "
		         "turn that makes the mill");
	else if (c == '[')
		snprintf(out, size, "tag pairs ([Key \"value\"]) come before the "
		         "first move");
	else if (c >= 'h' && c <= 'z')
		snprintf(out, size, "'%s' is not part of mill notation: squares run "
		         "from a to g (d6), and 'p' passes", q);
	else
		snprintf(out, size, "'%s' is not part of mill notation (turns look "
		         "like 13. f2-g1xd7, d6 or 5 13)", q);
}

static void
syntax_why(const um_pgn *p, const um_pgn_token *t, int at_eof,
           const char *expected, char *why, size_t size)
{
	const um_pgn_lexer *lx = &p->lx;
	switch (t->junk) {
	case UM_PJ_OPEN_COMMENT:
		snprintf(why, size, "the comment opened by '{' at line %lu, column "
		         "%lu is never closed", t->loc.line, t->loc.col);
		return;
	case UM_PJ_STRAY_BRACE:
		snprintf(why, size, "'}' closes no comment");
		return;
	case UM_PJ_OPEN_VARIATION:
		snprintf(why, size, "the variation opened by '(' at line %lu, column "
		         "%lu is never closed", t->loc.line, t->loc.col);
		return;
	case UM_PJ_STRAY_PAREN:
		snprintf(why, size, "')' closes no variation");
		return;
	case UM_PJ_GLUED:
		snprintf(why, size, "a space, a line break or a comment must come "
		         "between two elements (d6 d5, not d6d5)");
		return;
	case UM_PJ_TAG_LINE:
		snprintf(why, size, "this line is not a tag pair ([Key \"value\"]), "
		         "and tag pairs come before the moves");
		return;
	case UM_PJ_OTHER_FORM:
		snprintf(why, size, "this file writes its squares %s, as its first "
		         "square does", lx->form == UM_PGN_PLAYOK
		         ? "as PlayOK numbers (1 to 24)" : "as a file and a rank (d6)");
		return;
	case UM_PJ_AFTER_END:
		snprintf(why, size, "nothing but blanks and comments may follow the "
		         "termination: a PGN file holds one game");
		return;
	case UM_PJ_TEXT:
		junk_hint(t, why, size);
		return;
	default:
		break;
	}
	if (at_eof)
		snprintf(why, size, "the file ends in the middle of it");
	else if (t->state == UM_PG_NUMBER && t->text[0] == 'x')
		snprintf(why, size, "a shot needs its move: the turn's squares come "
		         "first (13. f2-g1xd7)");
	else if (expected[0])
		snprintf(why, size, "expected %s after '%s', not '%s'", expected,
		         lx->prev_token, t->text);
	else
		snprintf(why, size, "a turn does not go on with '%s'", t->text);
}

void
um_pgn_syntax_error(um_pgn *p, int at_eof, const char *expected)
{
	um_pgn_lexer *lx = &p->lx;
	lx->resync = 1;
	const um_pgn_token *t = &lx->tok;
	int in_turn = t->in_turn ||
	              (at_eof && (t->state == UM_PG_NUMBER ||
	                          t->state == UM_PG_STEP));
	/* A turn that was complete before the unreadable text is replayed
	 * first: its verdict comes first in file order. */
	if (!(in_turn && p->assembling && p->move.index == t->turn_id))
		close_turn(p);
	p->assembling = 0;
	if (p->tags.failed)
		return;
	p->syntax_errors++;
	p->unconvertible = 1;
	p->stopped = 1;
	nt_loc at = in_turn ? t->turn_loc : t->loc;
	long index = in_turn ? t->turn_id : t->turn_id + 1;
	char why[200];
	syntax_why(p, t, at_eof, expected, why, sizeof why);
	/* Quote the turn with what spoiled it, or the piece alone. */
	char q[UM_MOVE_TEXT * 4 + 16];
	if (in_turn && t->junk == UM_PJ_NONE && !at_eof)
		nt_quote(q, sizeof q, lx->turn_text, t->turn_len_before);
	else if (in_turn || t->junk != UM_PJ_NONE)
		nt_quote(q, sizeof q, lx->turn_text, lx->turn_len);
	else
		nt_quote(q, sizeof q, t->text, t->text_len);
	nt_loc end = in_turn && at_eof ? t->prev_end : t->end;
	if (t->junk == UM_PJ_OPEN_COMMENT || t->junk == UM_PJ_OPEN_VARIATION ||
	    t->junk == UM_PJ_TAG_LINE)
		end = t->loc;
	if (end.line < at.line || (end.line == at.line && end.col < at.col))
		end = at;
	nt_emit(&p->run->rep, &um_codes[UM_SYNTAX_ERROR], at, end, 1, index,
	        "cannot read '%s' as a turn: %s", q, why);
}

/* --- the end ----------------------------------------------------------- */

void
um_pgn_finish(um_pgn *p)
{
	close_turn(p);
}

/*
 * The result, once the whole file is read: the grammar's last reduction
 * may come before a token that turns out unreadable.
 */
static void
judge_result(um_pgn *p)
{
	if (p->tags.failed || p->syntax_errors || frozen(p))
		return;
	int tag = p->tags.declared, term = p->termination;
	/* 5.3 step 3: after a legal replay; a conversion needs it always. */
	if (tag >= 0 && term >= 0 && tag != term &&
	    (!p->stopped || p->mode == UM_CONVERT)) {
		p->unconvertible = 1;
		nt_emit(&p->run->rep, &um_codes[UM_PGN_TERMINATION_MISMATCH],
		        p->term_loc, p->term_end, 1, 0, "the moves end in \"%s\" but "
		        "the Result tag says \"%s\"", um_pgn_outcome_text[term],
		        um_pgn_outcome_text[tag]);
		return;
	}
	if (p->stopped)
		return;
	int declared = tag >= 0 ? tag : term;
	if (declared < 0 ||
	    um_pgn_outcome_result(&p->rules, declared) == p->game.result)
		return;
	char how[160];
	um_describe_end(&p->game, how, sizeof how);
	nt_emit(&p->run->rep, &um_codes[UM_RESULT_MISMATCH],
	        tag >= 0 ? p->tags.result_loc : p->term_loc,
	        tag >= 0 ? p->tags.result_end : p->term_end, 1, 0,
	        "%s says \"%s\" but the moves give %s (%s)",
	        tag >= 0 ? "Result" : "the termination",
	        um_pgn_outcome_text[declared],
	        um_pgn_result_text(&p->rules, p->game.result), how);
}

/* --- running a file ---------------------------------------------------- */

int
um_pgn_open(um_pgn *p, nt_run *run, int mode)
{
	memset(p, 0, sizeof *p);
	p->run = run;
	p->mode = mode;
	p->tags.declared = -1;
	p->termination = -1;
	p->show_move = -1;
	p->prev_role = -1;
	if (nt_input_init(&p->lx.in, run->src, run->opts->buffer_size) != 0)
		return -1;
	um_pgn_lexer_init(&p->lx);
	return 0;
}

/* Parses the whole input; returns 0, or -1 when it could not be read. */
int
um_pgn_parse_all(um_pgn *p)
{
	p->lx.events = p->events;
	int rc = um_pgn_yyparse(p);
	if (rc == 0)
		judge_result(p);
	nt_input *in = &p->lx.in;
	nt_summary *s = p->run->rep.summary;
	s->games = 1;
	snprintf(s->result, sizeof s->result, "%s",
	         p->tags.failed || p->stopped
	         ? "?" : um_pgn_result_text(&p->rules, p->game.result));
	/* Player 1 is the first player, PGN's White. */
	int r = p->tags.failed || p->stopped ? UM_ONGOING : p->game.result;
	int outcome = um_pgn_result_outcome(&p->rules, r);
	nt_loc end = { in->line, 1 };
	nt_report_outcome(&p->run->rep, 1, s->result,
	                  outcome == UM_PGN_FIRST_WON ? 1
	                  : outcome == UM_PGN_SECOND_WON ? 2
	                  : outcome == UM_PGN_DRAWN ? 0 : -1, end);
	if (in->read_errno != 0 || in->overflow || rc == 2) {
		s->unreadable = 1;
		return -1;
	}
	return 0;
}

void
um_pgn_close(um_pgn *p)
{
	um_game_free(&p->game);
	nt_input_free(&p->lx.in);
}
