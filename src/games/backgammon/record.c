/*
 * The glue between the grammar (grammar/bg_parse.y) and the replay
 * (replay.c): the constraints of section 3 that the EBNF does not express,
 * the syntax errors with their locations (6.1) and recovery (6.3), and the
 * rows handed over cell by cell with the column each cell belongs to (3.5).
 */
#include "games/backgammon/record.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/backgammon/replay.h"
#include "bg_parse.h"

#define QUOTE_MAX 200
/* Cell texts up to this long are copied whole, without a length. */
#define SHORT_TEXT 80
/* A single cell in display column 20 or less is the left player's (3.5). */
#define BG_LEFT_LAST_COLUMN 20

/* ------------------------------------------------------ syntax errors */

static void
report_syntax(bg_parse *p, nt_loc at, nt_loc end, long game, const char *msg)
{
	p->syntax_errors++;
	nt_emit(&p->run->rep, &bg_codes[BG_CODE_SYNTAX_ERROR], at, end, game, 0,
	        "%s", msg);
}

/* Header errors wait for the match line: without one, only 1:1 is reported. */
static void
hold_error(bg_parse *p, nt_loc at, nt_loc end, const char *msg)
{
	if (p->held == NULL) {
		p->held = malloc(BG_HEADER_ERRORS * sizeof *p->held);
		if (p->held == NULL) {
			p->lx.in.overflow = 1;
			return;
		}
	}
	if (p->nheld == BG_HEADER_ERRORS) {
		if (p->held_dropped++ == 0)
			p->held_dropped_at = at;
		return;
	}
	bg_held_error *h = &p->held[p->nheld++];
	h->at = at;
	h->end = end;
	size_t n = strlen(msg);
	if (n >= sizeof h->message)
		n = sizeof h->message - 1;
	memcpy(h->message, msg, n);
	h->message[n] = '\0';
}

static void
release_held(bg_parse *p)
{
	for (int i = 0; i < p->nheld; i++)
		report_syntax(p, p->held[i].at, p->held[i].end, 0,
		              p->held[i].message);
	if (p->held_dropped > 0) {
		char more[64] = "";
		if (p->held_dropped > 1)
			snprintf(more, sizeof more, " and %ld more", p->held_dropped - 1);
		char msg[200];
		snprintf(msg, sizeof msg, "this line%s before the match line cannot "
		         "be read either (only the first %d such lines are reported "
		         "one by one)", more, BG_HEADER_ERRORS);
		report_syntax(p, p->held_dropped_at, p->held_dropped_at, 0, msg);
	}
	if (p->nheld > 0)
		p->header_bad = 1;
	p->nheld = 0;
	p->held_dropped = 0;
}

static int is_result_cell(const bg_cell *c);
static void quote_cell(bg_parse *p, int k, char *buf, size_t size);
static int row_has_roll(const bg_row *r);
static void release_qtail(bg_parse *p);

static void
unknown_mark_message(bg_parse *p, char *msg, size_t size)
{
	char q[QUOTE_MAX];
	const bg_cell *c = &p->qrow.cells[p->qcell];
	nt_quote(q, sizeof q, c->text, c->text_len);
	snprintf(msg, size, "'%s': an unrecorded play (?\?\?\?) may only be the "
	         "last roll of a game, right before its result", q);
}

/*
 * A ???? cell read whole earlier on this row, when the error is in a
 * later cell: a cell that cannot be read is not a result cell (3.6), so
 * the mark is misplaced and comes first.  Only a result cell read whole
 * right after the mark (the error is then a third cell) leaves it right.
 */
static int
misplaced_mark(const bg_parse *p)
{
	int begun = p->err_cells >= 0 ? p->err_cells : p->lx.ncells;
	int whole = p->err_cells >= 0 && p->err_whole;
	for (int q = 0; q < p->row.ncells && q + 1 < begun; q++) {
		const bg_cell *c = &p->row.cells[q];
		if (c->kind != BG_CELL_ROLL || c->play != BG_PLAY_UNKNOWN)
			continue;
		if (whole && q + 2 == begun - 1 && q + 1 < p->row.ncells &&
		    is_result_cell(&p->row.cells[q + 1]))
			return -1;
		return q;
	}
	return -1;
}

/*
 * A syntax error inside a game: the cells of the lines before it are
 * checked first, then the error is reported, and the rest of the game is
 * skipped (SKIP), unless the token read last already starts the next game.
 */
static void
game_syntax(bg_parse *p, nt_loc at, nt_loc end, const char *msg, int skip)
{
	char qmsg[NT_MSG_MAX], q[QUOTE_MAX];
	int mark = p->have_qrow || p->qtail || p->broken ? -1 : misplaced_mark(p);
	if (p->have_qrow || (p->qtail && row_has_roll(&p->row))) {
		/* The ???? before this line is the first thing that cannot be
		   read: not followed by its result, or not the last roll. */
		unknown_mark_message(p, qmsg, sizeof qmsg);
		at = p->qloc;
		end = p->qend;
		msg = qmsg;
		p->have_qrow = 0;
		p->qtail = 0;
		p->nqheld = 0;
	} else if (p->qtail) {
		/* The mark was the last roll: its rows come before this line. */
		release_qtail(p);
	} else if (mark >= 0) {
		quote_cell(p, mark, q, sizeof q);
		snprintf(qmsg, sizeof qmsg, "'%s': an unrecorded play (?\?\?\?) may "
		         "only be the last roll of a game, right before its result", q);
		at = p->row.cells[mark].qloc;
		end = p->row.cells[mark].qend;
		msg = qmsg;
	}
	p->err_cells = -1;
	if (p->broken)
		return;
	bg_replay_flush(p->rp);
	report_syntax(p, at, end, p->games, msg);
	p->broken = 1;
	p->row.ncells = 0;
	if (skip) {
		p->lx.mode = BG_MODE_SKIP;
		bg_lexer_skip_line(&p->lx, 1);
	}
}

/* A syntax error that spans AT to END (its last character). */
static void
syntax_span(bg_parse *p, nt_loc at, nt_loc end, const char *msg)
{
	if (p->in_game) {
		game_syntax(p, at, end, msg, 1);
	} else if (p->lx.mode == BG_MODE_HEADER) {
		hold_error(p, at, end, msg);
		bg_lexer_skip_line(&p->lx, 0);
	} else {
		report_syntax(p, at, end, 0, msg);
		p->header_bad = 1;
		bg_lexer_skip_line(&p->lx, 0);
	}
	p->err_cells = -1;
}

void
bg_syntax_at(bg_parse *p, nt_loc at, const char *fmt, ...)
{
	char msg[NT_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	syntax_span(p, at, at, msg);
}

/*
 * The end of a syntax error at AT about the word that holds it: the
 * word's last character, when it was read into the word on AT's line (a
 * line end or a word cut short gives no span).
 */
static nt_loc
word_end(unsigned long word_last, nt_loc at)
{
	nt_loc end = at;
	if (word_last > at.col)
		end.col = word_last;
	return end;
}

/* What a token that cannot start a cell was probably meant to be. */
static void
row_hint(const bg_qtok *t, const char *word, char *buf, size_t size)
{
	if (t->tok == BG_TOK_JUNK && t->val.kind == BG_JUNK_BAD_DICE)
		snprintf(buf, size, "cannot read '%s' as a roll: dice run from 1 "
		         "to 6", word);
	else if (t->tok == BG_TOK_JUNK && t->val.kind == BG_JUNK_LONG_NUMBER)
		snprintf(buf, size, "cannot read '%s': a number has at most nine "
		         "digits", word);
	else if (t->tok == BG_TOK_NUMBER)
		snprintf(buf, size, "'%s' does not start a cell: a roll is written "
		         "with ':' after the dice (6-4: or 64:)", word);
	else
		snprintf(buf, size, "'%s' does not start a cell: a cell is a roll "
		         "(6-4: 24/14), a cube action (Double to 2, take, pass) or a "
		         "result (Wins 1 point)", word);
}

static void
play_hint(const bg_qtok *t, const char *word, const char *cell, char *buf,
          size_t size)
{
	const char *why;
	if (t->tok == BG_TOK_JUNK && t->val.kind == BG_JUNK_COMMA)
		why = "sub-moves are separated by blanks, not commas";
	else if (t->tok == BG_TOK_JUNK && t->val.kind == BG_JUNK_NON_ASCII)
		why = "plays are written in ASCII";
	else if (t->tok == BG_TOK_DASHES)
		why = "a checker moves with '/' (24/18), not '-'";
	else if (t->tok == BG_TOK_QMARKS)
		why = "'?\?\?\?' stands alone for an unrecorded play";
	else
		why = "a sub-move is a path of points going down, such as 24/18, "
		      "13/7*/2, bar/22 or 6/off, with an optional count (2)";
	snprintf(buf, size, "cannot read '%s' in the play of '%s': %s", word,
	         cell, why);
}

/*
 * Cell K (0-based, the third at most) of the row being read, quoted as
 * written: a cell runs to the next cell start or the line end (3.5), so
 * when the lexer is still inside it, the rest is read first.
 */
static void
quote_cell(bg_parse *p, int k, char *buf, size_t size)
{
	bg_lexer *lx = &p->lx;
	if (k < 0) {
		buf[0] = '\0';
		return;
	}
	if (k > 2)
		k = 2;
	if (lx->ncells == k + 1 && p->in_game && !p->broken)
		bg_lexer_finish_cell(lx);
	bg_lexer_keep_text(lx);
	nt_quote(buf, size, lx->cell_text[k], lx->cell_len[k]);
}

/* The cell the parser is building. */
static int
parsed_cell(const bg_parse *p)
{
	return p->row.ncells - 1;
}

static int
is_cell_start(int tok)
{
	return tok == BG_TOK_DICE ||
	       tok == BG_TOK_OFFER || tok == BG_TOK_TAKE || tok == BG_TOK_PASS ||
	       tok == BG_TOK_WIN || tok == BG_TOK_LOSS;
}

static void
cube_hint(const char *cell, char *buf, size_t size)
{
	snprintf(buf, size, "cannot read '%s' as a cube or result cell: they "
	         "are Double(s) [to N | => N], Beaver(s) ..., take, pass, Wins N "
	         "point(s) [and the match], Losses N point(s)", cell);
}

/*
 * A cell start where the grammar cannot take one: a third cell when the
 * row could have ended there (ROW_MAY_END), otherwise the end of a cell
 * that is not finished (`Wins 2  53: 8/3`, `31: 8/5 6/  53: 8/3`), which
 * is reported as a line end there would be.
 */
static void
cell_start_error(bg_parse *p, int row_may_end, const bg_span *at)
{
	bg_lexer *lx = &p->lx;
	char msg[NT_MSG_MAX], word[QUOTE_MAX], cell[QUOTE_MAX];
	bg_lexer_keep_text(lx);
	if ((row_may_end && lx->ncells >= 3) || lx->ncells < 2 ||
	    parsed_cell(p) < 0) {
		int k = lx->ncells - 1 > 2 ? 2 : lx->ncells - 1;
		quote_cell(p, k, cell, sizeof cell);
		snprintf(msg, sizeof msg, "'%s': a row holds at most two cells, "
		         "the left player's and the right player's", cell);
		/* The cell it quotes, read to its end. */
		nt_loc err = BG_ERR(at);
		syntax_span(p, err, k >= 0 ? word_end(lx->cell_last[k], err) : err,
		            msg);
		return;
	}
	quote_cell(p, parsed_cell(p), cell, sizeof cell);
	if (lx->open_place == BG_AT_ROLL) {
		bg_qtok end;
		memset(&end, 0, sizeof end);
		end.tok = BG_TOK_EOL;
		nt_quote(word, sizeof word, lx->open_word.text, lx->open_word.len);
		play_hint(&end, word, cell, msg, sizeof msg);
		syntax_span(p, lx->open_err, word_end(lx->open_word.last, lx->open_err),
		            msg);
		return;
	}
	cube_hint(cell, msg, sizeof msg);
	bg_syntax_at(p, lx->open_err, "%s", msg);
}

/* The play's word before a blank is an unfinished path. */
static void
unfinished_path(bg_parse *p)
{
	bg_lexer *lx = &p->lx;
	char msg[NT_MSG_MAX], word[QUOTE_MAX], cell[QUOTE_MAX];
	p->err_cells = lx->ncells;
	p->err_whole = 0;
	bg_lexer_keep_text(lx);
	nt_quote(word, sizeof word, lx->ws_word.text, lx->ws_word.len);
	nt_loc at = lx->ws_word.loc;
	/* Taken now: quoting the cell reads on past the word. */
	nt_loc end = word_end(lx->ws_word.last, at);
	quote_cell(p, parsed_cell(p), cell, sizeof cell);
	bg_qtok blank;
	memset(&blank, 0, sizeof blank);
	blank.tok = BG_TOK_WS;
	play_hint(&blank, word, cell, msg, sizeof msg);
	syntax_span(p, at, end, msg);
}

void
bg_syntax_error(bg_parse *p, int at_eof, int row_may_end, int path_open,
                const bg_span *at)
{
	bg_lexer *lx = &p->lx;
	/* A copy: reading the rest of a cell reuses the queue. */
	bg_qtok tk = lx->current;
	bg_lexer_keep_text(lx);
	/* A blank where a path goes on (`8 6/5`, `8/ 6/5`): the word before
	 * it is what cannot be read. */
	if (path_open && tk.tok == BG_TOK_WS && lx->place == BG_AT_ROLL &&
	    lx->ws_word.len > 0 && p->in_game) {
		unfinished_path(p);
		return;
	}
	/* Blanks are never wrong in themselves: the token after them is. */
	if (tk.tok == BG_TOK_WS && lx->qlen > 0)
		tk = lx->queue[lx->qhead];
	const bg_qtok *t = &tk;
	char msg[NT_MSG_MAX], word[QUOTE_MAX], cell[QUOTE_MAX];
	if (lx->mode == BG_MODE_HEADER && at_eof) {
		/* No match line: this is the file's only diagnostic (6.3). */
		p->nheld = 0;
		p->held_dropped = 0;
		nt_loc one = { 1, 1 };
		report_syntax(p, one, one, 0, "there is no match line ('N point "
		              "match', for example ' 5 point match'; 0 for a money "
		              "session)");
		return;
	}
	/* Before the rest of the cell is read, which may begin more cells. */
	p->err_cells = lx->ncells;
	p->err_whole = is_cell_start(t->tok) && row_may_end;
	if (t->tok != BG_TOK_EOL && t->tok != BG_TOK_YYEOF)
		bg_lexer_finish_word(lx);
	bg_lexer_keep_text(lx);
	nt_quote(word, sizeof word, lx->word.text, lx->word.len);
	/* Taken now: quoting the cell may read on past the word. */
	nt_loc err = BG_ERR(at);
	nt_loc end_of_word = word_end(lx->word.last, err);
	if (lx->mode == BG_MODE_HEADER && !p->in_game) {
		if (lx->line == BG_LINE_MATCH)
			/* Its words are not kept: the line is quoted as a whole. */
			snprintf(msg, sizeof msg, "cannot read this line as the match "
			         "line: it is 'N point match', for example ' 5 point "
			         "match'");
		else
			snprintf(msg, sizeof msg, "'%s': before the match line only "
			         "comment lines (';' or '#') may stand", word);
		syntax_span(p, err, lx->line == BG_LINE_MATCH ? err : end_of_word,
		            msg);
		return;
	}
	if (!p->in_game) {
		snprintf(msg, sizeof msg, "'%s': between the match line and the "
		         "first game only comment lines (';' or '#') may stand",
		         word);
		syntax_span(p, err, end_of_word, msg);
		return;
	}
	nt_loc end = err;
	if (t->tok == BG_TOK_COMMENT) {
		snprintf(msg, sizeof msg, "comment lines may stand only before the "
		         "first game line");
	} else if (lx->line == BG_LINE_GAME) {
		snprintf(msg, sizeof msg, "cannot read this line as a game line "
		         "('Game N')");
	} else if (lx->line == BG_LINE_SCORE) {
		snprintf(msg, sizeof msg, "cannot read the score line: it is "
		         "'name : score' twice, for example ' Ann : 0     Bob : 2'");
	} else if (is_cell_start(t->tok)) {
		cell_start_error(p, row_may_end, at);
		return;
	} else if (lx->place == BG_AT_ROW) {
		row_hint(t, word, msg, sizeof msg);
		end = end_of_word;
	} else if (lx->place == BG_AT_ROLL) {
		quote_cell(p, parsed_cell(p), cell, sizeof cell);
		play_hint(t, word, cell, msg, sizeof msg);
		end = end_of_word;
	} else {
		/* The cell is quoted whole, so it spans to its last character. */
		int k = parsed_cell(p);
		quote_cell(p, k, cell, sizeof cell);
		cube_hint(cell, msg, sizeof msg);
		if (k >= 0 && k <= 2)
			end = word_end(lx->cell_last[k], err);
	}
	syntax_span(p, err, end, msg);
}

/* --------------------------------------------------- header and games */

/* A conversion could not copy a line's leading blanks (see echo_lead). */
static void
echo_lost(bg_parse *p)
{
	bg_lexer *lx = &p->lx;
	if (!lx->echo_lost)
		return;
	lx->echo_lost = 0;
	bg_syntax_at(p, lx->echo_lost_loc, "this line starts with more than %d "
	             "blanks, spaces and tabs mixed, more than a rewrite keeps",
	             BG_ARENA_MAX - 1);
}

void
bg_comment_line(bg_parse *p, const bg_span *at)
{
	bg_lexer *lx = &p->lx;
	echo_lost(p);
	p->rp->tag_at = BG_AT(at);
	if (!lx->tag_cut)
		bg_replay_tag(p->rp, lx->tag, lx->tag_len);
	else if (lx->tag_end[0] == '"' && lx->tag_end[1] == ']' &&
	         bg_replay_long_tag(p->rp, lx->tag, lx->tag_len) != 0)
		/* A number that long could still be small (leading zeros): say
		   so rather than replay under a limit it may not set. */
		bg_syntax_at(p, BG_AT(at), "this CubeLimit tag's value is longer "
		             "than notate reads of one (%zu characters in all, "
		             "blanks counted once); its limit is unknown",
		             sizeof lx->tag - 2);
}

void
bg_match_line(bg_parse *p, const bg_tokval *n, const bg_span *at)
{
	p->match_length = (long)n->num;
	nt_report_record_fact(&p->run->rep, 0, "match_length", NULL,
	                      p->match_length, BG_AT(at));
	echo_lost(p);
	release_held(p);
	p->lx.mode = BG_MODE_PREGAME;
	bg_replay_match_at(p->rp, p->match_length, BG_AT(at));
}

void
bg_pregame_comment(bg_parse *p)
{
	echo_lost(p);
}

void
bg_game_begin(bg_parse *p, const bg_span *at)
{
	p->games++;
	p->in_game = 1;
	p->broken = 0;
	p->have_qrow = 0;
	p->qtail = 0;
	p->nqheld = 0;
	p->row.ncells = 0;
	p->game_loc = BG_AT(at);
	p->rp->off = p->header_bad;
	bg_replay_game_begin(p->rp, BG_AT(at));
}

void
bg_game_line(bg_parse *p, const bg_tokval *n, const bg_span *at)
{
	p->lx.mode = BG_MODE_SCORE;
	/* The number ends the line's text; a longer one is no game number. */
	nt_loc end = BG_AT(at);
	if (n->digits > 0 && n->digits <= BG_MAX_NUMBER_DIGITS)
		end.col += n->digits - 1u;
	bg_replay_game_line(p->rp, (long)n->num, p->game_loc, end);
}

void
bg_game_without_score(bg_parse *p)
{
	/* The token read last is the next game line or the end: no skipping. */
	game_syntax(p, p->game_loc, p->game_loc, "this game line is not followed "
	            "by a score line ('name : score  name : score')", 0);
	bg_game_end(p);
}

/* A score as written: digits only, at most nine (3.1); its value is read
   from its text in the arena, which is whole when the line is kept. */
static int
score_value(const bg_lexer *lx, const bg_tokval *t, long *out)
{
	if (!t->kind || t->digits > BG_MAX_NUMBER_DIGITS)
		return -1;
	long v = 0;
	for (unsigned i = 0; i < t->len; i++)
		v = v * 10 + (lx->arena_buf.data[t->off + i] - '0');
	*out = v;
	return 0;
}

nt_loc
bg_score_end(const bg_tokval *score, const bg_span *at)
{
	/* A score is digits, a column each. */
	nt_loc end = BG_AT(at);
	if (score->len > 0)
		end.col += score->len - 1u;
	return end;
}

int
bg_score_line(bg_parse *p, const bg_tokval *name0, const bg_tokval *score0,
              const bg_tokval *name1, const bg_tokval *score1,
              const bg_span *at, nt_loc end)
{
	bg_lexer *lx = &p->lx;
	long score[2];
	if (score_value(lx, score0, &score[0]) != 0 ||
	    score_value(lx, score1, &score[1]) != 0) {
		bg_syntax_at(p, BG_ERR(at), "cannot read the score line: a score is a "
		             "number of at most nine digits");
		return -1;
	}
	if (lx->arena_cut) {
		bg_syntax_at(p, BG_ERR(at), "cannot read the score line: it is "
		             "longer than %d bytes, more than notate reads of a line",
		             BG_ARENA_MAX);
		return -1;
	}
	const char *name[2] = { "", "" };
	size_t len[2] = { 0, 0 };
	if (name0 != NULL) {
		name[0] = lx->arena_buf.data + name0->off;
		len[0] = name0->len;
	}
	if (name1 != NULL) {
		name[1] = lx->arena_buf.data + name1->off;
		len[1] = name1->len;
	}
	lx->mode = BG_MODE_ROWS;
	bg_replay_score_line(p->rp, name, len, score, BG_AT(at), end);
	return 0;
}

void
bg_game_end(bg_parse *p)
{
	if (!p->in_game)
		return;
	if (p->have_qrow)
		game_syntax(p, p->qloc, p->qloc, "", 0);
	if (p->qtail)
		release_qtail(p);
	bg_replay_game_end(p->rp, p->broken);
	p->in_game = 0;
}

void
bg_game_broken(bg_parse *p)
{
	p->broken = 1;
	bg_game_end(p);
}

void
bg_file_end(bg_parse *p)
{
	if (p->run->opts->lint)
		bg_lint_end(&p->rp->lint, &p->rp->run->rep);
}

/* ------------------------------------------------------------- rows */

static bg_cell *
new_cell(bg_parse *p, int kind, const bg_span *at)
{
	bg_cell *c = &p->row.cells[p->row.ncells < 2 ? p->row.ncells : 1];
	if (p->row.ncells < 2)
		p->row.ncells++;
	/* Field by field: a memset this size is a slow string instruction,
	   and this runs for every cell.  Hops past nhops are never read. */
	c->kind = kind;
	c->side = 0;
	c->lone = 0;
	c->loc = BG_AT(at);
	c->end = c->loc;
	c->qloc.line = c->qend.line = 0;
	c->qloc.col = c->qend.col = 0;
	c->dcol = at->dcol;
	c->d1 = c->d2 = 0;
	c->play = 0;
	c->nhops = 0;
	c->nsubs = 0;
	c->word = 0;
	c->value = -1;
	c->points = 0;
	c->and_match = 0;
	c->text[0] = '\0';
	c->text_len = 0;
	p->cell = c;
	return c;
}

void
bg_cell_roll(bg_parse *p, const bg_tokval *dice, const bg_span *at)
{
	bg_cell *c = new_cell(p, BG_CELL_ROLL, at);
	c->d1 = dice->d1;
	c->d2 = dice->d2;
	c->play = BG_PLAY_HOPS;
}

void
bg_cell_simple(bg_parse *p, int kind, const bg_span *at)
{
	new_cell(p, kind, at);
}

void
bg_cell_offer(bg_parse *p, const bg_tokval *word, const bg_span *at)
{
	bg_cell *c = new_cell(p, BG_CELL_OFFER, at);
	c->word = word->kind;
}

static int
cell_number(bg_parse *p, const bg_tokval *n, const bg_span *at, long *out)
{
	if (n->digits > BG_MAX_NUMBER_DIGITS) {
		char cell[QUOTE_MAX];
		quote_cell(p, parsed_cell(p), cell, sizeof cell);
		bg_syntax_at(p, BG_ERR(at), "cannot read '%s': a number has at most "
		             "nine digits", cell);
		return -1;
	}
	*out = (long)n->num;
	return 0;
}

int
bg_offer_value(bg_parse *p, const bg_tokval *n, const bg_span *at)
{
	return cell_number(p, n, at, &p->cell->value);
}

int
bg_result_points(bg_parse *p, const bg_tokval *n, const bg_span *at)
{
	return cell_number(p, n, at, &p->cell->points);
}

void
bg_result_and_match(bg_parse *p)
{
	p->cell->and_match = 1;
}

void
bg_play_nothing(bg_parse *p)
{
	p->cell->play = BG_PLAY_NOTHING;
}

/*
 * The last character read of the word that starts at AT's word column:
 * the word the lexer is in (read to its end first when FINISH, as before
 * an error), or the one a blank ended when the lexer has gone on to the
 * next.  AT's word start when neither is it.
 */
static nt_loc
word_end_at(bg_parse *p, const bg_span *at, int finish)
{
	bg_lexer *lx = &p->lx;
	nt_loc start = BG_WORD(at);
	if (lx->word.loc.line == start.line && lx->word.loc.col == start.col) {
		if (finish)
			bg_lexer_finish_word(lx);
		return word_end(lx->word.last, start);
	}
	if (lx->ws_word.loc.line == start.line && lx->ws_word.loc.col == start.col)
		return word_end(lx->ws_word.last, start);
	return start;
}

void
bg_play_unknown(bg_parse *p, const bg_span *at)
{
	p->cell->play = BG_PLAY_UNKNOWN;
	p->cell->qloc = BG_AT(at);
	/* No reading on here: the replay goes on after the mark. */
	p->cell->qend = word_end_at(p, at, 0);
}

/* A path that reads but cannot be: the message quotes its cell, the span
   is its word (`5/6`, `6/5(5)`). */
static void
play_error(bg_parse *p, const bg_span *at, const char *why)
{
	char msg[NT_MSG_MAX], cell[QUOTE_MAX];
	nt_loc end = word_end_at(p, at, 1);
	quote_cell(p, parsed_cell(p), cell, sizeof cell);
	snprintf(msg, sizeof msg, "cannot read the play of '%s': %s", cell, why);
	syntax_span(p, BG_WORD(at), end, msg);
}

int
bg_path_source(bg_parse *p, const bg_tokval *n, int bar, const bg_span *at)
{
	p->path_len = 0;
	p->path_off = 0;
	int v = BG_BAR;
	if (!bar) {
		if (n->digits > BG_MAX_NUMBER_DIGITS || n->num < 1 || n->num > 25) {
			char why[120];
			snprintf(why, sizeof why, "a path starts on a point from 1 to "
			         "24 or on the bar (25, bar or b)");
			play_error(p, at, why);
			return -1;
		}
		v = (int)n->num;
	}
	p->path_pt[0] = (unsigned char)v;
	p->path_star[0] = 0;
	p->path_len = 1;
	p->path_last = v;
	return 0;
}

int
bg_path_target(bg_parse *p, const bg_tokval *n, int off, int star,
               const bg_span *at)
{
	char why[160];
	if (p->path_off) {
		play_error(p, at, "off can only be the last point of a path");
		return -1;
	}
	int v = BG_OFF;
	if (!off) {
		if (n->digits > BG_MAX_NUMBER_DIGITS || n->num > 24) {
			play_error(p, at, "a checker moves to a point from 1 to 24 or "
			           "off (0, off or o)");
			return -1;
		}
		v = (int)n->num;
	}
	if (v >= p->path_last) {
		snprintf(why, sizeof why, "a path goes down, and %d is not lower "
		         "than %d", v, p->path_last);
		play_error(p, at, why);
		return -1;
	}
	if (p->path_len < BG_PATH_MAX) {
		p->path_pt[p->path_len] = (unsigned char)v;
		p->path_star[p->path_len] = (unsigned char)star;
	}
	p->path_len++;
	p->path_last = v;
	p->path_off = off || v == 0;
	return 0;
}

/*
 * The hops of a path of LEN points (5.1), TIMES over; only the first
 * BG_PATH_MAX points and BG_HOPS_MAX hops are kept, the rest are counted.
 * The sub-move's layout is kept for lint (COUNTED: a count was written).
 */
static void
add_hops(bg_cell *c, const unsigned char *pt, const unsigned char *star,
         int len, long times, int counted)
{
	int hops = len - 1;
	if (c->nsubs < BG_SUBS_MAX) {
		c->sub_first[c->nsubs] = (unsigned char)(c->nhops < 255 ? c->nhops : 255);
		c->sub_hops[c->nsubs] = (unsigned char)(hops < 255 ? hops : 255);
		c->sub_count[c->nsubs] = (unsigned char)(counted ? times : 0);
	}
	if (c->nsubs < 1000)
		c->nsubs++;
	if (len == 2 && times == 1 && c->nhops < BG_HOPS_MAX) {
		/* The usual sub-move: one hop. */
		bg_hop *h = &c->hops[c->nhops++];
		h->from = pt[0];
		h->to = pt[1];
		h->star = star[1];
		return;
	}
	int kept = len < BG_PATH_MAX ? len : BG_PATH_MAX;
	for (long k = 0; k < times; k++) {
		for (int i = 1; i < len; i++) {
			if (c->nhops < BG_HOPS_MAX && i < kept) {
				bg_hop *h = &c->hops[c->nhops];
				h->from = pt[i - 1];
				h->to = pt[i];
				h->star = star[i];
			}
			if (c->nhops < 1000)
				c->nhops++;
		}
	}
}

int
bg_submove(bg_parse *p, const bg_tokval *count, const bg_span *at)
{
	long times = 1;
	if (count != NULL) {
		/* The grammar's count is one digit: (02) is no count (3.9). */
		if (count->digits != 1 || count->num < 1 || count->num > 4) {
			play_error(p, at, "a count (n) runs from 1 to 4");
			return -1;
		}
		times = (long)count->num;
	}
	add_hops(p->cell, p->path_pt, p->path_star, p->path_len, times,
	         count != NULL);
	return 0;
}

/* The column of a cell alone on its row (3.5). */
static void
assign_sides(bg_parse *p)
{
	bg_row *r = &p->row;
	bg_lexer *lx = &p->lx;
	bg_lexer_keep_cells(lx);
	for (int i = 0; i < r->ncells; i++) {
		bg_cell *c = &r->cells[i];
		size_t n = lx->cell_len[i];
		/* A short text with a fixed size: a few vector moves, no call. */
		if (n < SHORT_TEXT)
			memcpy(c->text, lx->cell_text[i], SHORT_TEXT);
		else
			memcpy(c->text, lx->cell_text[i], n + 1);
		c->text_len = n;
		c->end.line = c->loc.line;
		c->end.col = lx->cell_last[i] >= c->loc.col ? lx->cell_last[i]
		                                            : c->loc.col;
		c->lone = 0;
	}
	for (int i = 0; i < r->ncells; i++)
		r->cells[i].numbered = r->numbered;
	if (r->ncells == 2) {
		r->cells[0].side = 0;
		r->cells[1].side = 1;
	} else if (r->ncells == 1) {
		bg_cell *c = &r->cells[0];
		/* A row split off a line counts from its own row number. */
		unsigned long col = c->dcol - lx->row_origin;
		c->side = col <= BG_LEFT_LAST_COLUMN ? 0 : 1;
		c->lone = c->kind == BG_CELL_LOSS && !r->numbered;
	}
}

static void
release_row(bg_parse *p, const bg_row *r)
{
	for (int i = 0; i < r->ncells; i++)
		bg_replay_cell(p->rp, &r->cells[i]);
}

static int
is_result_cell(const bg_cell *c)
{
	return c->kind == BG_CELL_WIN || c->kind == BG_CELL_LOSS;
}

static int
row_has_roll(const bg_row *r)
{
	for (int i = 0; i < r->ncells; i++)
		if (r->cells[i].kind == BG_CELL_ROLL)
			return 1;
	return 0;
}

/* The mark was the last roll of its game: check it and what followed. */
static void
release_qtail(bg_parse *p)
{
	p->qtail = 0;
	release_row(p, &p->qrow);
	for (int i = 0; i < p->nqheld; i++)
		release_row(p, &p->qheld[i]);
	p->nqheld = 0;
}

/* A row after the mark and its result, while the game may still show a
   later roll (bg_parse.qheld). */
static void
hold_tail_row(bg_parse *p, const bg_row *r)
{
	if (row_has_roll(r)) {
		game_syntax(p, p->qloc, p->qloc, "", 1);
		return;
	}
	if (p->qheld_cells < 3 && p->nqheld < BG_QHELD)
		p->qheld[p->nqheld++] = *r;
	p->qheld_cells += r->ncells;
}

static void
start_qtail(bg_parse *p, long cells_after_mark)
{
	p->qtail = 1;
	p->nqheld = 0;
	p->qheld_cells = cells_after_mark;
}

static int
unknown_at(const bg_row *r)
{
	for (int i = 0; i < r->ncells; i++)
		if (r->cells[i].kind == BG_CELL_ROLL &&
		    r->cells[i].play == BG_PLAY_UNKNOWN)
			return i;
	return -1;
}

void
bg_row_done(bg_parse *p)
{
	bg_row *r = &p->row;
	r->numbered = p->lx.row_numbered;
	if (p->lx.row_split) {
		p->lx.row_split = 0;
		nt_emit(&p->run->rep, &bg_codes[BG_CODE_REPAIRED_ROW],
		        p->lx.row_split_at, p->lx.row_split_at, p->games, 0,
		        "a row number after the cells of a row: the line break "
		        "before it is missing; the row is split there");
	}
	if (p->broken) {
		r->ncells = 0;
		r->numbered = 0;
		return;
	}
	assign_sides(p);
	if (p->qtail) {
		if (r->ncells > 0)
			hold_tail_row(p, r);
		r->ncells = 0;
		r->numbered = 0;
		return;
	}
	if (p->have_qrow) {
		if (r->ncells == 0) {
			r->numbered = 0;
			return;   /* still waiting for the cell after ???? */
		}
		if (!is_result_cell(&r->cells[0])) {
			game_syntax(p, p->qloc, p->qloc, "", 1);
			r->ncells = 0;
			r->numbered = 0;
			return;
		}
		p->have_qrow = 0;
		start_qtail(p, 0);
		hold_tail_row(p, r);
		r->ncells = 0;
		r->numbered = 0;
		return;
	}
	int q = unknown_at(r);
	if (q == 0 && r->ncells == 2 && !is_result_cell(&r->cells[1])) {
		p->qrow = *r;
		p->qcell = 0;
		p->have_qrow = 1;
		p->qloc = r->cells[0].qloc;
		p->qend = r->cells[0].qend;
		game_syntax(p, p->qloc, p->qloc, "", 1);
	} else if (q == 0 && r->ncells == 2) {
		/* The mark and its result on one row. */
		p->qrow = *r;
		p->qcell = 0;
		p->qloc = r->cells[0].qloc;
		p->qend = r->cells[0].qend;
		start_qtail(p, 1);
	} else if (q >= 0 && q == r->ncells - 1) {
		p->qrow = *r;
		p->qcell = q;
		p->qloc = r->cells[q].qloc;
		p->qend = r->cells[q].qend;
		p->have_qrow = 1;
	} else {
		release_row(p, r);
	}
	r->ncells = 0;
	r->numbered = 0;
}

/* --------------------------------------------------------- a run */

int
bg_parse_init(bg_parse *p, nt_run *run, struct bg_replay *rp)
{
	memset(p, 0, sizeof *p);
	p->err_cells = -1;
	p->run = run;
	p->rp = rp;
	if (nt_input_init(&p->lx.in, run->src, run->opts->buffer_size) != 0)
		return -1;
	bg_lexer_init(&p->lx);
	p->lx.repair = run->opts->repair;
	return 0;
}

int
bg_parse_all(bg_parse *p)
{
	int rc = bg_yyparse(p);
	nt_input *in = &p->lx.in;
	nt_summary *s = p->run->rep.summary;
	s->games = p->games;
	/* The outcome of a backgammon record: its score after the last game. */
	snprintf(s->result, sizeof s->result, "%ld-%ld", p->rp->score[0],
	         p->rp->score[1]);
	if (in->read_errno != 0 || in->overflow || rc == 2) {
		s->unreadable = 1;
		return -1;
	}
	return 0;
}

void
bg_parse_free(bg_parse *p)
{
	free(p->held);
	p->held = NULL;
	bg_lexer_free(&p->lx);
	nt_input_free(&p->lx.in);
}
