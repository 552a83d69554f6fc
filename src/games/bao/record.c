/*
 * The glue between the .bao grammar and the engine: tags into the start
 * position, each move token through the checks of spec section 8.2 in
 * their order, every diagnostic at the location of section 8.1, and the
 * result warnings of section 6.4.
 */
#include "games/bao/record.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bao_parse.h"

static void
report(bao_parse *p, enum bao_code code, nt_loc at, nt_loc end, long ply,
       const char *fmt, ...) NT_PRINTF(6, 7);

static void
report(bao_parse *p, enum bao_code code, nt_loc at, nt_loc end, long ply,
       const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	nt_vemit(&p->run->rep, &bao_codes[code], at, end, 1, ply, fmt, ap);
	va_end(ap);
}

/* The first error ends the replay; nothing later is reported. */
static void
error_at(bao_parse *p, enum bao_code code, nt_loc at, long ply,
         const char *msg)
{
	p->stopped = 1;
	report(p, code, at, at, ply, "%s", msg);
}

/* An error about a tag spans its line, '[' to ']'. */
static void
error_on_tag(bao_parse *p, enum bao_code code, nt_loc at, nt_loc end,
             const char *msg)
{
	p->stopped = 1;
	report(p, code, at, end, 0, "%s", msg);
}

/* An error about one word spans it, so an editor can mark it whole. */
static void
error_on(bao_parse *p, enum bao_code code, const bao_item *it, long ply,
         const char *msg)
{
	p->stopped = 1;
	report(p, code, it->loc, bao_item_last(it), ply, "%s", msg);
}

/* An item as written (a number with its dots), for quoting in a message. */
static const char *
quote_item(const bao_item *it, char *out, size_t size)
{
	nt_quote(out, size - 8, it->text, it->len);
	if (it->cut)
		strcat(out, "...");
	if (it->dots)
		strcat(out, it->dots == 3 ? "..." : ".");
	return out;
}

int
bao_rules_from_options(bao_rules *r, const nt_options *o, char *why,
                       size_t whysize)
{
	bao_rules_default(r);
	for (size_t i = 0; i < o->nrules; i++)
		if (bao_rules_set(r, o->rules[i], why, whysize) != 0)
			return -1;
	return 0;
}

/* --- tags ----------------------------------------------------------------- */

static void
copy_value(char *dst, size_t size, size_t *len, int *cut, const bao_lexer *lx)
{
	size_t n = lx->value_len;
	*cut = lx->value_cut || n >= size;
	if (n >= size)
		n = size - 1;
	memcpy(dst, lx->value_buf.data, n);
	dst[n] = '\0';
	*len = n;
}

void
bao_tag_read(bao_parse *p)
{
	bao_lexer *lx = &p->lx;
	if (p->mode == BAO_CONVERT)
		bao_writer_keep_tag(&p->w, lx);
	if (lx->name_cut)
		return;
	static const char *const players[2] = { "South", "North" };
	nt_report_tag(&p->run->rep, 1, lx->name, lx->name_len, lx->value_buf.data,
	              lx->value_len, lx->value_cut, lx->tag_loc, players);
	if (strcmp(lx->name, "SetUp") == 0) {
		p->have_setup = 1;
		p->setup_loc = lx->tag_loc;
		p->setup_end = lx->tag_end;
		p->setup_on = !lx->value_cut && strcmp(lx->value_buf.data, "1") == 0;
	} else if (strcmp(lx->name, "Position") == 0) {
		p->have_position = 1;
		p->position_loc = lx->tag_loc;
		p->position_end = lx->tag_end;
		copy_value(p->position, sizeof p->position, &p->position_len,
		           &p->position_cut, lx);
	} else if (strcmp(lx->name, "Result") == 0) {
		p->have_result_tag = 1;
		p->result_tag_loc = lx->tag_loc;
		p->result_tag_end = lx->tag_end;
		copy_value(p->result_tag, sizeof p->result_tag, &p->result_tag_len,
		           &p->result_tag_cut, lx);
	}
}

/* The start position (spec 6.3); 0, or -1 when the set-up is bad. */
static int
set_up(bao_parse *p)
{
	char why[200];
	if (!p->setup_on) {
		bao_pos_initial(&p->start);
		return 0;
	}
	if (!p->have_position) {
		error_on_tag(p, BAO_SYNTAX, p->setup_loc, p->setup_end, "SetUp \"1\" "
		             "needs a Position tag giving the start position as a "
		             "BaoPOS");
		return -1;
	}
	if (p->position_cut ||
	    bao_pos_parse(&p->start, p->position, p->position_len, why,
	                  sizeof why) != 0) {
		char q[200], msg[600];
		nt_quote(q, sizeof q, p->position, p->position_len);
		snprintf(msg, sizeof msg, "Position \"%s\" is not a BaoPOS: %s", q,
		         p->position_cut ? "it is too long" : why);
		error_on_tag(p, BAO_SYNTAX, p->position_loc, p->position_end, msg);
		return -1;
	}
	return 0;
}

void
bao_tags_done(bao_parse *p)
{
	char why[300];
	if (bao_rules_from_options(&p->rules, p->run->opts, why, sizeof why) != 0) {
		nt_loc start = { 1, 1 };
		char msg[400];
		snprintf(msg, sizeof msg, "--rule: %s", why);
		error_at(p, BAO_SYNTAX, start, 0, msg);
		bao_pos_initial(&p->start);
	} else if (set_up(p) != 0) {
		bao_pos_initial(&p->start);
	}
	bao_game_start(&p->game, &p->rules, &p->start);
	if (p->show_move >= 0) {
		/* Move N ends with North's ply N. */
		long m = p->show_move;
		p->show_ply = p->start.side == BAO_SOUTH ? 2 * m : m > 0 ? 2 * m - 1 : 0;
	}
	if (p->show_ply == 0)
		p->frozen = 1;
	if (p->mode == BAO_CONVERT && p->w.tags_overflow && !p->stopped) {
		char msg[200];
		snprintf(msg, sizeof msg, "this tag is longer than a rewrite keeps "
		         "(a name of %d bytes, a value of %d) or comes after the "
		         "%dth, so the file is not rewritten", BAO_TAG_NAME - 1,
		         BAO_TAG_VALUE_MAX - 1, BAO_MAX_TAGS);
		error_at(p, BAO_SYNTAX, p->w.overflow_loc, 0, msg);
	}
}

/* --- move numbers ----------------------------------------------------------- */

static int
side_of_ply(const bao_parse *p, long k)
{
	return k % 2 == 1 ? p->start.side : BAO_OTHER(p->start.side);
}

/* Spec 6.2: South's k-th ply and North's k-th ply share number k. */
static long
number_of_ply(const bao_parse *p, long k)
{
	return p->start.side == BAO_SOUTH ? (k + 1) / 2 : (k + 2) / 2;
}

static void
expected_number(const bao_parse *p, long k, char *out, size_t size)
{
	snprintf(out, size, "%ld%s", number_of_ply(p, k),
	         side_of_ply(p, k) == BAO_SOUTH ? "." : "...");
}

/* A number before a move that is not the one expected. */
static int
number_wrong(const bao_parse *p, long k, const bao_item *num)
{
	/* Digits compared by hand: this runs for every numbered ply. */
	char want[32];
	char *w = want + sizeof want;
	*--w = '\0';
	long n = number_of_ply(p, k);
	do {
		*--w = (char)('0' + n % 10);
		n /= 10;
	} while (n > 0);
	int dots = side_of_ply(p, k) == BAO_SOUTH ? 1 : 3;
	return num->cut || strcmp(num->text, w) != 0 || num->dots != dots;
}

void
bao_number_read(bao_parse *p, const bao_item *it)
{
	if (p->stopped || p->frozen)
		return;
	if (p->have_number) {
		char q[64], msg[200];
		snprintf(msg, sizeof msg, "'%s': a move number must be followed "
		         "by a move, not by another number",
		         quote_item(&p->number, q, sizeof q));
		error_on(p, BAO_SYNTAX, &p->number, p->plies + 1, msg);
		return;
	}
	p->have_number = 1;
	p->number = *it;
	long k = p->plies + 1;
	if (p->mode == BAO_CONVERT &&
	    (side_of_ply(p, k) == BAO_SOUTH || k == 1)) {
		char n[32];
		expected_number(p, k, n, sizeof n);
		bao_writer_word(&p->w, n);
	}
}

/* MOVE_NUMBER (spec 8.2 step 3.1); 0 when the number is right. */
static int
check_number(bao_parse *p, long k, const bao_item *it, const char *q)
{
	char want[32], msg[600];
	int south = side_of_ply(p, k) == BAO_SOUTH;
	if (p->have_number) {
		p->have_number = 0;
		if (!number_wrong(p, k, &p->number))
			return 0;
		expected_number(p, k, want, sizeof want);
		char found[64];
		quote_item(&p->number, found, sizeof found);
		if (south)
			snprintf(msg, sizeof msg, "'%s': expected move number '%s' before "
			         "South's move, found '%s'", q, want, found);
		else
			snprintf(msg, sizeof msg, "'%s': expected move number '%s' (or "
			         "none) before North's move, found '%s'", q, want, found);
		error_on(p, BAO_MOVE_NUMBER, &p->number, k, msg);
		return -1;
	}
	if (!south)
		return 0;
	expected_number(p, k, want, sizeof want);
	snprintf(msg, sizeof msg, "'%s': expected move number '%s' before South's "
	         "move", q, want);
	error_on(p, BAO_MOVE_NUMBER, it, k, msg);
	return -1;
}

/* --- moves ------------------------------------------------------------------ */

/*
 * The move a word names, expanding the lenient forms of spec section 5
 * against the position; 0, or why it names none (SYNTAX).
 */
static int
word_move(const bao_parse *p, const bao_word *w, bao_move *m)
{
	const bao_pos *pos = &p->game.pos;
	int mover = pos->side;
	int namu = pos->reserve[mover] > 0;
	if (w->kind != BAO_W_STRICT && w->kind != BAO_W_LENIENT)
		return BAO_NOT_A_TOKEN;
	if (w->kind == BAO_W_LENIENT && !p->run->opts->lenient)
		return BAO_NEEDS_LENIENT;
	int letter = w->letter;
	if (letter == 0) {
		if (!namu)
			return BAO_NO_LETTER_IN_MTAJI;
		letter = mover == BAO_SOUTH ? 'A' : 'a';
	}
	int side = letter == 'A' || letter == 'B' ? BAO_SOUTH : BAO_NORTH;
	int back = letter == 'B' || letter == 'b';
	int ring = back ? 16 - w->number : w->number - 1;
	int sign = w->sign;
	if (sign < 0) {
		/* Only a namu capture from a kimbi has a sign to spare. */
		const unsigned char *me = pos->pit[mover];
		const unsigned char *op = pos->pit[BAO_OTHER(mover)];
		if (!namu || back || side != mover || (ring >= 2 && ring <= 5) ||
		    me[ring] == 0 || op[7 - ring] == 0)
			return BAO_NO_SIGN;
		sign = ring <= 1 ? BAO_SIGN_LEFT : BAO_SIGN_RIGHT;
	}
	m->side = (unsigned char)side;
	m->ring = (unsigned char)ring;
	m->sign = (unsigned char)sign;
	m->safari = (unsigned char)w->plus;
	return 0;
}

static void
game_over_message(const bao_game *g, const char *q, char *msg, size_t size)
{
	const char *winner = bao_side_name(g->winner);
	if (g->end_ply == 0)
		snprintf(msg, size, "'%s': the game is over before the first move; "
		         "%s has won (%s)", q, winner,
		         g->over == BAO_HAMNA ? "bao hamna"
		                              : "the side to move cannot move");
	else if (g->over == BAO_HAMNA)
		snprintf(msg, size, "'%s': the game is over; %s won by bao hamna at "
		         "ply %ld", q, winner, g->end_ply);
	else
		snprintf(msg, size, "'%s': the game is over; %s won at ply %ld (%s "
		         "cannot move)", q, winner, g->end_ply,
		         bao_side_name(BAO_OTHER(g->winner)));
}

/* The written suffixes against the move played (spec 8.2 step 3.4). */
static int
check_annotation(bao_parse *p, const bao_word *w, const bao_played *pl,
                 const char *q, long k, const bao_item *it)
{
	char plain[BAO_TOKEN_TEXT], canon[BAO_TOKEN_TEXT], msg[300];
	int wrong_mark = w->annotation && w->annotation != pl->annotation;
	if (!wrong_mark && !(w->hash && !pl->ends_game))
		return 0;
	bao_token_format(&pl->move, 0, 0, plain);
	bao_token_format(&pl->move, pl->annotation, pl->ends_game, canon);
	if (wrong_mark) {
		if (pl->annotation == 0)
			snprintf(msg, sizeof msg, "'%s': %s is a capture, not a takata",
			         q, plain);
		else if (pl->annotation == 1)
			snprintf(msg, sizeof msg, "'%s': %s is a takata that creates no "
			         "takasia ('%s')", q, plain, canon);
		else
			snprintf(msg, sizeof msg, "'%s': %s creates a takasia on %s, "
			         "so it is written '%s'", q, plain,
			         bao_pit_name(p->game.pos.side, p->game.pos.takasia,
			                      (char[3]){ 0 }), canon);
		error_on(p, BAO_ANNOTATION, it, k, msg);
		return -1;
	}
	if (w->hash && !pl->ends_game) {
		snprintf(msg, sizeof msg, "'%s': %s does not end the game", q, plain);
		error_on(p, BAO_ANNOTATION, it, k, msg);
		return -1;
	}
	return 0;
}

/* Plays the move, or reports why it is illegal; 0 when played. */
int
bao_play_ply(bao_parse *p, const bao_move *m, const char *q, long k,
             const bao_item *it, bao_played *pl)
{
	bao_game *g = &p->game;
	bao_analysis a;
	bao_analyse(&p->rules, &g->pos, &a);
	bao_pos after;
	int code = bao_judge(&p->rules, &g->pos, &a, m, &after, &pl->outcome);
	if (code != BAO_OK) {
		char msg[NT_MSG_MAX / 2];
		bao_explain(&p->rules, &g->pos, &a, m, &pl->outcome, code, q, msg,
		            sizeof msg);
		error_on(p, code, it, k, msg);
		return -1;
	}
	int over, winner;
	pl->move = *m;
	pl->annotation = bao_conclude(&p->rules, &after, &pl->outcome, &over,
	                              &winner);
	pl->ends_game = over != BAO_ONGOING;
	g->pos = after;
	g->plies++;
	if (over != BAO_ONGOING) {
		g->over = over;
		g->winner = winner;
		g->end_ply = k;
	}
	return 0;
}

/* The figures of notate stats (chosen safaris only: '+'). */
static void
count_figures(bao_parse *p, const bao_played *pl)
{
	int side = pl->move.side;
	const bao_outcome *o = &pl->outcome;
	if (o->kind == BAO_NC || o->kind == BAO_MC) {
		p->captures[side]++;
		p->captured[side] += o->captured;
	} else {
		p->takatas[side]++;
	}
	p->taxes[side] += o->kind == BAO_NX;
	p->safaris[side] += pl->move.safari;
	p->takasias[side] += pl->annotation == 2;
	p->laps += o->laps;
	p->sown += o->sown;
}

void
bao_move_read(bao_parse *p, const bao_item *it)
{
	long k = ++p->plies;
	if (p->stopped || p->frozen)
		return;
	char q[BAO_WORD_KEEP * 4 + 8], msg[NT_MSG_MAX / 2];
	quote_item(it, q, sizeof q);
	int had_number = p->have_number;
	if (check_number(p, k, it, q) != 0)
		return;
	bao_word w;
	bao_move m;
	if (it->cut)
		bao_word_classify("", 0, &w);
	else
		bao_word_classify(it->text, it->len, &w);
	int why = word_move(p, &w, &m);
	if (why != 0) {
		char hint[200];
		bao_syntax_hint(it->text, &w, why, hint, sizeof hint);
		snprintf(msg, sizeof msg, "'%s' is not a move: %s", q, hint);
		error_on(p, BAO_SYNTAX, it, k, msg);
		return;
	}
	if (p->game.over != BAO_ONGOING) {
		game_over_message(&p->game, q, msg, sizeof msg);
		error_on(p, BAO_GAME_OVER, it, k, msg);
		return;
	}
	bao_played pl;
	if (bao_play_ply(p, &m, q, k, it, &pl) != 0)
		return;
	count_figures(p, &pl);
	/* The move is played even when its suffixes are wrong (spec 8.2). */
	bao_token_format(&pl.move, pl.annotation, pl.ends_game, p->last_token);
	if (check_annotation(p, &w, &pl, q, k, it) != 0)
		return;
	if (p->run->opts->lint)
		bao_lint_ply(&p->lint, &p->number, it, &w, &pl, q, p->last_token,
		             k, had_number);
	p->have_last_move = 1;
	p->last_move_end = it->end;
	/* The position after it, as BaoPOS, for whoever asks (find). */
	char pos[BAO_POS_TEXT];
	const char *after = nt_report_wants_moves(&p->run->rep)
		? bao_pos_format(&p->game.pos, pos) : NULL;
	nt_report_move_pos(&p->run->rep, 1, k, it->loc, NULL, p->last_token,
	                   bao_side_name(m.side), after);
	if (p->mode == BAO_CONVERT) {
		if (!had_number && k == 1 && p->start.side == BAO_NORTH)
			bao_writer_word(&p->w, "1...");
		bao_writer_word(&p->w, p->last_token);
	}
	if (p->show_ply >= 0 && p->game.plies >= p->show_ply)
		p->frozen = 1;
}

/* A number that no move follows (spec 8.2 step 2). */
static int
dangling_number(bao_parse *p, const char *followed_by)
{
	if (!p->have_number)
		return 0;
	char q[64], msg[200];
	snprintf(msg, sizeof msg, "'%s': a move number must be followed by a "
	         "move, not by %s", quote_item(&p->number, q, sizeof q),
	         followed_by);
	error_on(p, BAO_SYNTAX, &p->number, p->plies + 1, msg);
	return -1;
}

void
bao_result_read(bao_parse *p, const bao_item *it)
{
	if (p->stopped || p->frozen)
		return;
	if (dangling_number(p, "the result") != 0)
		return;
	bao_word w;
	bao_word_classify(it->text, it->len, &w);
	p->result_seen = 1;
	p->result = *it;
	p->result_kind = w.result;
	if (p->mode == BAO_CONVERT)
		bao_writer_word(&p->w, bao_result_text(&p->game));
}

void
bao_after_result(bao_parse *p, const bao_item *it)
{
	if (p->stopped || p->frozen)
		return;
	char q[BAO_WORD_KEEP * 4 + 8], r[BAO_WORD_KEEP * 4 + 8], msg[300];
	snprintf(msg, sizeof msg, "'%s': only comments may follow the result "
	         "token '%s'", quote_item(it, q, sizeof q),
	         quote_item(&p->result, r, sizeof r));
	error_on(p, BAO_SYNTAX, it, p->plies + 1, msg);
}

void
bao_open_comment(bao_parse *p, const bao_item *it)
{
	if (p->stopped || p->frozen)
		return;
	if (dangling_number(p, "the end of the file") != 0)
		return;
	error_at(p, BAO_SYNTAX, it->loc, p->plies + 1, "'{': this comment is never "
	         "closed ('}')");
}

void
bao_syntax_error(bao_parse *p, nt_loc at)
{
	if (p->stopped)
		return;
	error_at(p, BAO_SYNTAX, at, p->plies + 1, "a tag cannot appear among the "
	         "moves");
}

/* --- the end ------------------------------------------------------------------ */

static void
describe_end(const bao_game *g, char *out, size_t size)
{
	if (g->over == BAO_ONGOING)
		snprintf(out, size, "the game is unfinished");
	else if (g->over == BAO_HAMNA)
		snprintf(out, size, "%s won by bao hamna", bao_side_name(g->winner));
	else
		snprintf(out, size, "%s won because %s cannot move",
		         bao_side_name(g->winner), bao_side_name(BAO_OTHER(g->winner)));
}

static const char *const result_words[] = { "1-0", "0-1", "1/2-1/2", "*" };

/* The warnings of spec 6.4, after a legal replay. */
static void
result_warnings(bao_parse *p)
{
	const char *replay = bao_result_text(&p->game);
	char how[120];
	describe_end(&p->game, how, sizeof how);
	if (p->result_seen) {
		const char *written = result_words[p->result_kind];
		if (strcmp(written, replay) != 0)
			report(p, BAO_RESULT_MISMATCH, p->result.loc, p->result.loc, 0,
			       "result token %s, but %s", written, how);
	} else {
		nt_loc at = p->have_last_move ? p->last_move_end
		                              : nt_input_loc(&p->lx.in, p->lx.in.cur);
		report(p, BAO_NO_RESULT, at, at, 0,
		       "no result token at the end of the moves (the replay gives %s)",
		       replay);
	}
	if (p->have_result_tag &&
	    (p->result_tag_cut || strcmp(p->result_tag, replay) != 0)) {
		char q[BAO_WORD_KEEP * 4 + 8];
		nt_quote(q, sizeof q, p->result_tag, p->result_tag_len);
		report(p, BAO_RESULT_MISMATCH, p->result_tag_loc, p->result_tag_end,
		       0, "Result tag \"%s\", but %s", q, how);
	}
}

void
bao_finish(bao_parse *p)
{
	if (p->stopped || p->frozen)
		return;
	if (dangling_number(p, "the end of the moves") != 0)
		return;
	result_warnings(p);
	if (p->mode == BAO_CONVERT && !p->result_seen)
		bao_writer_word(&p->w, bao_result_text(&p->game));
}

/* --- running a file ------------------------------------------------------------ */

int
bao_parse_init(bao_parse *p, nt_run *run, int mode)
{
	memset(p, 0, sizeof *p);
	p->run = run;
	p->mode = mode;
	p->show_ply = p->show_move = -1;
	bao_lint_init(&p->lint, &p->run->rep);
	bao_rules_default(&p->rules);
	bao_pos_initial(&p->start);
	bao_game_start(&p->game, &p->rules, &p->start);
	if (nt_input_init(&p->lx.in, run->src, run->opts->buffer_size) != 0)
		return -1;
	bao_lexer_init(&p->lx);
	if (mode == BAO_CONVERT && bao_writer_open(&p->w) != 0) {
		nt_input_free(&p->lx.in);
		return -1;
	}
	return 0;
}

int
bao_parse_all(bao_parse *p)
{
	int rc = bao_yyparse(p);
	nt_input *in = &p->lx.in;
	nt_summary *s = p->run->rep.summary;
	s->games = 1;
	snprintf(s->result, sizeof s->result, "%s",
	         p->stopped ? "?" : bao_result_text(&p->game));
	nt_loc end = { in->line, 1 };
	nt_report_outcome(&p->run->rep, 1, s->result, p->stopped ||
	                  p->game.over == BAO_ONGOING ? -1
	                  : p->game.winner == BAO_SOUTH ? 1 : 2, end);
	if (in->read_errno != 0 || in->overflow || rc == 2) {
		s->unreadable = 1;
		return -1;
	}
	return 0;
}

void
bao_parse_free(bao_parse *p)
{
	if (p->mode == BAO_CONVERT)
		bao_writer_close(&p->w);
	bao_lexer_free(&p->lx);
	nt_input_free(&p->lx.in);
}
