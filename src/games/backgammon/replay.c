/*
 * The rules of a record (spec sections 2.4 to 2.10 and 6.3): game lines,
 * score lines, turns, the cube, results and the match.  Plays go to the
 * engine's bg_judge; everything else is decided here, in the order of the
 * tables of 6.3, each check giving its code at the location of 6.1.
 */
#include "games/backgammon/replay.h"

#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define QUOTE_MAX 200

/*
 * Numbers and cube values are capped far beyond any real match, so that
 * three times a cube still fits in a long: 10^12 where a long has 64 bits,
 * less where it has 32 (WebAssembly).
 */
#define NUMBER_CAP (LONG_MAX / 10 < 100000000000L ? LONG_MAX / 10 : 100000000000L)
#define CUBE_CAP (LONG_MAX / 3 < 1000000000000L ? LONG_MAX / 3 : 1000000000000L)
/* A running score stops growing here (and a result still adds to it). */
#define SCORE_CAP (LONG_MAX / 2 < 4000000000000000000L ? LONG_MAX / 2 \
                                                      : 4000000000000000000L)

/* Cells of the readers other than the text one (end of this file). */
static const bg_hop *implied_stars(const bg_pos *pos, int mover,
                                   const bg_cell *c, bg_hop *out);
static void pending_roll(bg_replay *rp, const bg_cell *c);
static int dice_only_roll(bg_replay *rp, const bg_cell *c, const bg_cell *n1,
                          const bg_cell *n2);
static int result_kind_wrong(bg_replay *rp, const bg_cell *c);

/* A finding about a game or score line spans the line's text. */
static void
report_line(bg_replay *rp, bg_code code, nt_loc at, nt_loc end,
            const char *fmt, ...) NT_PRINTF(5, 6);

static void
report_line(bg_replay *rp, bg_code code, nt_loc at, nt_loc end,
            const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (rp->binary)
		nt_vemit_at(&rp->run->rep, &bg_codes[code], &rp->g.bin,
		            rp->g.bin_context, rp->g.index, 0, fmt, ap);
	else
		nt_vemit(&rp->run->rep, &bg_codes[code], at, end, rp->g.index, 0,
		         fmt, ap);
	va_end(ap);
}

/* A finding about a cell spans it, so that an editor can mark it whole. */
static void
report_cell(bg_replay *rp, bg_code code, const bg_cell *c, const char *fmt,
            ...) NT_PRINTF(4, 5);

static void
report_cell(bg_replay *rp, bg_code code, const bg_cell *c, const char *fmt,
            ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (rp->binary)
		nt_vemit_at(&rp->run->rep, &bg_codes[code], &c->bin, c->text,
		            rp->g.index, rp->g.cells, fmt, ap);
	else
		nt_vemit(&rp->run->rep, &bg_codes[code], c->loc, c->end,
		         rp->g.index, rp->g.cells, fmt, ap);
	va_end(ap);
}

/* A rule error over AT..END: the game's last diagnostic (6.4). */
static void
vrule_error(bg_replay *rp, bg_code code, nt_loc at, nt_loc end,
            const char *fmt, va_list ap)
{
	nt_vemit(&rp->run->rep, &bg_codes[code], at, end, rp->g.index,
	         rp->g.cells, fmt, ap);
	rp->g.active = 0;
	rp->g.abandoned = 1;
}

/* The same at a place of a binary record. */
static void
vrule_error_at(bg_replay *rp, bg_code code, const nt_binloc *at,
               const char *context, const char *fmt, va_list ap)
{
	nt_vemit_at(&rp->run->rep, &bg_codes[code], at, context, rp->g.index,
	            rp->g.cells, fmt, ap);
	rp->g.active = 0;
	rp->g.abandoned = 1;
}

void
bg_replay_error_at(bg_replay *rp, bg_code code, const nt_binloc *at,
                   const char *context, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vrule_error_at(rp, code, at, context, fmt, ap);
	va_end(ap);
}

/* A rule error over AT..END, for the cell that ended the game, no longer
   at hand (in a binary record: at its place). */
static void
span_error(bg_replay *rp, bg_code code, nt_loc at, nt_loc end,
           const char *fmt, ...) NT_PRINTF(5, 6);

static void
span_error(bg_replay *rp, bg_code code, nt_loc at, nt_loc end,
           const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (rp->binary)
		vrule_error_at(rp, code, &rp->g.end_bin, rp->g.end_text, fmt, ap);
	else
		vrule_error(rp, code, at, end, fmt, ap);
	va_end(ap);
}

/* A rule error in cell C, spanning it. */
static void
rule_error(bg_replay *rp, bg_code code, const bg_cell *c,
           const char *fmt, ...) NT_PRINTF(4, 5);

static void
rule_error(bg_replay *rp, bg_code code, const bg_cell *c,
           const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (rp->binary)
		vrule_error_at(rp, code, &c->bin, c->text, fmt, ap);
	else
		vrule_error(rp, code, c->loc, c->end, fmt, ap);
	va_end(ap);
}

const char *
bg_player(const bg_replay *rp, int side, char *buf, size_t size)
{
	snprintf(buf, size, "%s", !rp->names_known ? (side == 0 ? "the left player"
	         : "the right player") : rp->qname[side]);
	return buf;
}

static const char *
quote_cell(const bg_cell *c, char *buf, size_t size)
{
	return nt_quote(buf, size, c->text, c->text_len);
}

/* The cell as written, quoted only when a message needs it. */
#define QC quote_cell(c, q, sizeof q)

static const char *
plural(long n)
{
	return n == 1 ? "" : "s";
}

/* ------------------------------------------------------------- tags */

static int
value_is(const char *v, size_t n, const char *const *words)
{
	for (; *words; words++)
		if (strlen(*words) == n && strncasecmp(v, *words, n) == 0)
			return 1;
	return 0;
}

static const char *const off_words[] = { "off", "no", "false", "0", NULL };
static const char *const on_words[] = { "on", "yes", "true", "1", NULL };

static int
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/*
 * The start of a tag, `; [Key "` (3.2): the key is a letter, digit or `_`
 * then letters, digits, `_` or spaces, and one or more spaces follow it.
 * Returns the index just past the `"`, with the key (trailing spaces
 * dropped) in *KEY and *KLEN; 0 when the line does not start a tag.
 */
static size_t
tag_key(const char *line, size_t len, const char **key, size_t *klen)
{
	size_t i = 0;
	while (i < len && is_blank(line[i]))
		i++;
	if (i >= len || (line[i] != ';' && line[i] != '#'))
		return 0;
	i++;
	while (i < len && is_blank(line[i]))
		i++;
	if (i >= len || line[i] != '[')
		return 0;
	size_t k = ++i;
	while (i < len && (line[i] == '_' || line[i] == ' ' ||
	                   (line[i] >= '0' && line[i] <= '9') ||
	                   ((line[i] | 0x20) >= 'a' && (line[i] | 0x20) <= 'z')))
		i++;
	if (i == k || line[k] == ' ' || i >= len || line[i] != '"' ||
	    line[i - 1] != ' ')
		return 0;
	size_t key_end = i;
	while (key_end > k && line[key_end - 1] == ' ')
		key_end--;
	*key = line + k;
	*klen = key_end - k;
	return i + 1;
}

static int
key_is(const char *key, size_t klen, const char *name)
{
	return klen == strlen(name) && strncasecmp(key, name, klen) == 0;
}

static int
is_rule_key(const char *key, size_t klen)
{
	return key_is(key, klen, "crawford") || key_is(key, klen, "jacoby") ||
	       key_is(key, klen, "beaver") || key_is(key, klen, "cubelimit");
}

/*
 * Applies the value V of rule tag K (2.9), trimmed.  When CUT, V is only
 * the start of a value too long to keep: no word of 2.9 is that long, so
 * it is "any other value", unless it is digits only, which could still be
 * a small number (leading zeros): then -1, as it cannot be told.
 */
static int
apply_rule_tag(bg_replay *rp, const char *k, size_t klen, const char *v,
               size_t vlen, int cut)
{
	while (vlen > 0 && is_blank(v[0])) {
		v++;
		vlen--;
	}
	while (vlen > 0 && is_blank(v[vlen - 1]))
		vlen--;
	if (key_is(k, klen, "crawford")) {
		rp->rules.crawford = !value_is(v, vlen, off_words);
	} else if (key_is(k, klen, "jacoby")) {
		rp->rules.jacoby = value_is(v, vlen, on_words);
	} else if (key_is(k, klen, "beaver")) {
		rp->rules.beaver = !value_is(v, vlen, off_words);
	} else {
		long n = 0;
		size_t j = 0;
		for (; j < vlen && v[j] >= '0' && v[j] <= '9'; j++) {
			if (n < NUMBER_CAP)
				n = n * 10 + (v[j] - '0');
		}
		int number = vlen > 0 && j == vlen;
		if (cut && number)
			return -1;
		rp->rules.cube_limit = number ? n : 0;
	}
	return 0;
}

int
bg_replay_long_tag(bg_replay *rp, const char *head, size_t len)
{
	const char *k;
	size_t klen;
	size_t v = tag_key(head, len, &k, &klen);
	if (v == 0 || !is_rule_key(k, klen))
		return 0;
	return apply_rule_tag(rp, k, klen, head + v, len - v, 1);
}

/* A whole tag: the value runs from the first `"` to the last `"]`, and
   only blanks may follow. */
int
bg_tag_split(const char *line, size_t len, const char **key, size_t *klen,
             const char **value, size_t *vlen)
{
	size_t vbeg = tag_key(line, len, key, klen);
	if (vbeg == 0)
		return 0;
	size_t end = len;
	while (end > vbeg && is_blank(line[end - 1]))
		end--;
	if (end < vbeg + 2 || line[end - 1] != ']' || line[end - 2] != '"')
		return 0;
	*value = line + vbeg;
	*vlen = end - 2 - vbeg;
	return 1;
}

void
bg_replay_tag(bg_replay *rp, const char *line, size_t len)
{
	const char *k, *v;
	size_t klen, vlen;
	if (!bg_tag_split(line, len, &k, &klen, &v, &vlen))
		return;
	nt_report_tag(&rp->run->rep, 0, k, klen, v, vlen, 0, rp->tag_at, NULL);
	if (is_rule_key(k, klen))
		apply_rule_tag(rp, k, klen, v, vlen, 0);
}

/* ------------------------------------------------------ set-up */

void
bg_replay_init(bg_replay *rp, nt_run *run, const bg_output *out)
{
	memset(rp, 0, sizeof *rp);
	rp->run = run;
	rp->out = out;
	rp->rules.crawford = 1;
	rp->rules.jacoby = 1;
	rp->rules.beaver = 1;
	rp->rules.strict = run->opts->strict;
	rp->rules.repair = run->opts->repair;
	rp->score_known = 1;
	rp->prev_number = 0;
	bg_lint_init(&rp->lint);
}

void
bg_replay_match_at(bg_replay *rp, long length, nt_loc at)
{
	rp->match_at = at;
	bg_replay_match(rp, length);
}

void
bg_replay_match(bg_replay *rp, long length)
{
	rp->rules.length = length;
	if (rp->out != NULL && rp->out->match_line != NULL)
		rp->out->match_line(rp->out->ctx, length);
}

static int
money(const bg_replay *rp)
{
	return rp->rules.length == 0;
}

/* ------------------------------------------------------ games */

void
bg_replay_game_begin(bg_replay *rp, nt_loc at)
{
	rp->games++;
	bg_game *g = &rp->g;
	memset(g, 0, sizeof *g);
	g->loc = g->line_end = at;
	g->index = rp->games;
	g->number = -1;
	g->on_roll = -1;
	g->owner = -1;
	g->cube = 1;
	rp->nwindow = 0;
	rp->whead = 0;
	bg_pos_start(&g->pos);
}

/*
 * G1 of 6.3.  TEXT quotes the number as written (NULL: "Game N"); BASE is
 * what the record adds to the game's place to number it (SGF counts from
 * 0: -1), for the messages.
 */
static void
check_number(bg_replay *rp, long number, nt_loc at, nt_loc end,
             const char *text, long base)
{
	long prev = rp->prev_number;
	rp->prev_number = number;
	if (rp->off || rp->file_over || prev < 0 || number == prev + 1)
		return;
	char q[QUOTE_MAX];
	if (text == NULL)
		snprintf(q, sizeof q, "Game %ld", number);
	else
		snprintf(q, sizeof q, "%s", text);
	if (prev == 0)
		report_line(rp, BG_CODE_GAME_NUMBER, at, end,
		            "'%s': the first game of a record is game %ld", q,
		            1 + base);
	else
		report_line(rp, BG_CODE_GAME_NUMBER, at, end,
		            "'%s': the previous game was game %ld, so this "
		            "must be game %ld", q, prev + base, prev + 1 + base);
}

void
bg_replay_game_line(bg_replay *rp, long number, nt_loc at, nt_loc end)
{
	rp->g.number = number;
	rp->g.line_end = end;
	check_number(rp, number, at, end, NULL, 0);
}

/*
 * Names are compared whole (3.4), but only their first BG_NAME_MAX bytes
 * are kept: the rest of a longer name is compared by its length and hash.
 */
static uint64_t
tail_hash(const char *name, size_t len)
{
	uint64_t h = 0xcbf29ce484222325u;   /* FNV-1a */
	for (size_t i = BG_NAME_MAX; i < len; i++) {
		h ^= (unsigned char)name[i];
		h *= 0x100000001b3u;
	}
	return h;
}

static void
set_names(bg_replay *rp, const char *const name[2], const size_t len[2])
{
	for (int s = 0; s < 2; s++) {
		size_t n = len[s] > BG_NAME_MAX ? BG_NAME_MAX : len[s];
		memcpy(rp->name[s], name[s], n);
		rp->name[s][n] = '\0';
		rp->name_len[s] = n;
		rp->name_full_len[s] = len[s];
		rp->name_tail_hash[s] = tail_hash(name[s], len[s]);
		nt_quote(rp->qname[s], sizeof rp->qname[s], name[s], n);
	}
	rp->names_known = 1;
}

static int
same_name(const bg_replay *rp, int s, const char *name, size_t len)
{
	return len == rp->name_full_len[s] &&
	       memcmp(name, rp->name[s], rp->name_len[s]) == 0 &&
	       tail_hash(name, len) == rp->name_tail_hash[s];
}

/* Where each part of a game's head stands, and how it is quoted (NULL:
   as the text forms write it); the text reader gives each line's span. */
typedef struct head_where {
	nt_loc at[2], end[2];
	const char *text[2];
} head_where;

static head_where
line_where(nt_loc at, nt_loc end)
{
	head_where w = { { at, at }, { end, end }, { NULL, NULL } };
	return w;
}

static void
check_names(bg_replay *rp, const char *const name[2], const size_t len[2],
            const head_where *w)
{
	for (int s = 0; s < 2; s++) {
		if (same_name(rp, s, name[s], len[s]))
			continue;
		char got[QUOTE_MAX], want[QUOTE_MAX];
		nt_quote(got, sizeof got, name[s], len[s]);
		nt_quote(want, sizeof want, rp->name[s], rp->name_len[s]);
		/* Long names may differ only past what a message quotes. */
		const char *past = strcmp(got, want) == 0
			? " (the names differ past what is quoted)" : "";
		if (same_name(rp, 1 - s, name[s], len[s]) &&
		    same_name(rp, s, name[1 - s], len[1 - s]))
			past = "; the two names are swapped";
		report_line(rp, BG_CODE_PLAYER_NAMES, w->at[s], w->end[s],
		            "'%s': the %s player was called '%s' in the first game%s",
		            w->text[s] != NULL ? w->text[s] : got,
		            s == 0 ? "left" : "right", want, past);
		return;
	}
}

static void
check_score(bg_replay *rp, const long score[2], const head_where *w)
{
	if (!rp->score_known) {
		rp->score[0] = score[0];
		rp->score[1] = score[1];
		rp->score_known = 1;
		return;
	}
	if (score[0] == rp->score[0] && score[1] == rp->score[1])
		return;
	char a[QUOTE_MAX], b[QUOTE_MAX];
	int s = score[0] != rp->score[0] ? 0 : 1;
	if (w->text[s] != NULL)
		report_line(rp, BG_CODE_SCORE_MISMATCH, w->at[s], w->end[s],
		            "'%s': the score is %ld-%ld, the games before give %s "
		            "%ld and %s %ld", w->text[s], score[0], score[1],
		            bg_player(rp, 0, a, sizeof a), rp->score[0],
		            bg_player(rp, 1, b, sizeof b), rp->score[1]);
	else
		report_line(rp, BG_CODE_SCORE_MISMATCH, w->at[s], w->end[s],
		            "score line says %ld-%ld, but the games before give %s "
		            "%ld and %s %ld", score[0], score[1],
		            bg_player(rp, 0, a, sizeof a), rp->score[0],
		            bg_player(rp, 1, b, sizeof b), rp->score[1]);
}

/* The match is over once a player has reached its length (2.7). */
static int
match_over(const bg_replay *rp)
{
	return !money(rp) && (rp->score[0] >= rp->rules.length ||
	                      rp->score[1] >= rp->rules.length);
}

/* G5, then the game starts; 0 when the match was already over.  GAME
   quotes the game (NULL: "Game N"). */
static int
start_game(bg_replay *rp, const char *const name[2], const size_t name_len[2],
           const long score[2], const char *game)
{
	bg_game *g = &rp->g;
	if (match_over(rp)) {
		char who[QUOTE_MAX], q[QUOTE_MAX];
		int w = rp->score[0] >= rp->rules.length ? 0 : 1;
		if (game == NULL)
			snprintf(q, sizeof q, "Game %ld", g->number);
		else
			snprintf(q, sizeof q, "%s", game);
		report_line(rp, BG_CODE_GAME_AFTER_MATCH_END, g->loc, g->line_end,
		            "'%s': %s already won the %ld-point match %ld-%ld", q,
		            bg_player(rp, w, who, sizeof who), rp->rules.length,
		            rp->score[0], rp->score[1]);
		rp->file_over = 1;
		return 0;
	}
	long l = rp->rules.length;
	if (l >= 2 && rp->rules.crawford && !rp->crawford_seen &&
	    ((rp->score[0] == l - 1) != (rp->score[1] == l - 1))) {
		g->crawford = 1;
		rp->crawford_seen = 1;
	}
	g->start_score[0] = rp->score[0];
	g->start_score[1] = rp->score[1];
	g->active = 1;
	if (rp->out != NULL && rp->out->game_start != NULL)
		rp->out->game_start(rp->out->ctx, g->number, name, name_len, score);
	return 1;
}

void
bg_replay_score_line(bg_replay *rp, const char *const name[2],
                     const size_t name_len[2], const long score[2],
                     nt_loc at, nt_loc end)
{
	if (rp->off || rp->file_over)
		return;
	head_where w = line_where(at, end);
	if (!rp->names_known)
		set_names(rp, name, name_len);
	else
		check_names(rp, name, name_len, &w);
	check_score(rp, score, &w);
	start_game(rp, name, name_len, score, NULL);
}

/* ------------------------------------------------------------ cells */

static long
twice(long v)
{
	return v > CUBE_CAP ? 2 * CUBE_CAP : 2 * v;
}

static int
is_result(const bg_cell *c)
{
	return c != NULL && (c->kind == BG_CELL_WIN || c->kind == BG_CELL_LOSS);
}

/*
 * The winner a result cell names (3.8).  NEXT is the cell after it: a lone
 * loss cell takes the column of the win cell it is paired with.
 */
static int
named_winner(const bg_game *g, const bg_cell *c, const bg_cell *next)
{
	if (c->kind == BG_CELL_WIN)
		return c->side;
	if (c->lone) {
		if (g->results == 1 && g->result_kind == BG_CELL_WIN)
			return g->result_winner;
		if (next != NULL && next->kind == BG_CELL_WIN)
			return next->side;
	}
	return 1 - c->side;
}

/* Field by field: a memset this size is a slow string instruction. */
static void
act_init(bg_action *a, int kind, int side)
{
	a->kind = kind;
	a->side = side;
	a->cell = NULL;
	a->index = 0;
	a->d1 = a->d2 = 0;
	a->roll = 0;
	a->before = a->after = NULL;
	a->nsteps = 0;
	a->steps = NULL;
	a->value = 0;
	a->points = 0;
}

/* Cell C, the game's INDEX-th, is accepted as action A. */
static void
emit_at(bg_replay *rp, bg_action *a, const bg_cell *c, long index)
{
	a->cell = c;
	a->index = index;
	if (rp->out != NULL && rp->out->action != NULL)
		rp->out->action(rp->out->ctx, a, rp);
	const char *side = rp->names_known ? rp->qname[c->side]
	                   : c->side == 0 ? "left" : "right";
	char id[BG_POSID_LEN + 1];
	const char *position = NULL;
	/* The position after it, for those who compare and find positions,
	   as show prints its ID: after a roll the other player rolls next, a
	   cube action leaves the roll where it was, and a game that has ended
	   is seen from the left player's side. */
	if (nt_report_wants_moves(&rp->run->rep)) {
		const bg_pos *pos = a->after != NULL ? a->after : &rp->g.pos;
		int next = a->kind == BG_ACT_ROLL ? !(a->side & 1)
		           : rp->g.on_roll > 0;
		if (rp->g.ended || rp->g.results)
			next = 0;
		bg_posid_encode(pos, next, id);
		position = id;
	}
	nt_report_move_pos(&rp->run->rep, rp->g.index, index, c->loc,
	                   rp->binary ? &c->bin : NULL, c->text, side, position);
}

static void
emit(bg_replay *rp, bg_action *a, const bg_cell *c)
{
	emit_at(rp, a, c, rp->g.cells);
}

/* The other cell of a result pair, accepted as written (INDEX: its place). */
static void
emit_partner(bg_replay *rp, const bg_cell *c, int winner, long index)
{
	bg_action act;
	act_init(&act, BG_ACT_PARTNER, winner);
	act.points = c->points;
	emit_at(rp, &act, c, index);
}

/* Why the game is over, for bg-moves-after-end. */
static void
why_over(const bg_replay *rp, char *buf, size_t size)
{
	const bg_game *g = &rp->g;
	char w[QUOTE_MAX], l[QUOTE_MAX];
	bg_player(rp, g->winner, w, sizeof w);
	bg_player(rp, 1 - g->winner, l, sizeof l);
	if (g->results > 0)
		snprintf(buf, size, "its result has been written");
	else if (g->ended == BG_END_PASS)
		snprintf(buf, size, "%s passed the %s to %ld", l,
		         g->value > 1 ? "redouble" : "double", twice(g->value));
	else
		snprintf(buf, size, "%s has borne off every checker", w);
}

/*
 * A fix-it is written in the cell's own form (issue 15): the judge gives
 * its example as a sheet play, and a mat cell gets the steps the mat
 * writer would write, so that following it leaves nothing to report.
 */
static void
example_in_form(const bg_cell *c, const bg_pos *before, int me,
                bg_judgement *j)
{
	if (j->example[0] == '\0' && !j->ex_pending)
		return;
	if (c->written != BG_WRITTEN_TEXT || bg_cell_sheet(c)) {
		bg_judge_example(before, j);
		return;
	}
	j->ex_pending = 0;
	bg_step kept[4];
	if (j->code == BG_CODE_HIT_MARKER_MISSING &&
	    bg_cell_kept_steps(c, before, me, j->ex_steps, j->ex_nsteps, kept))
		bg_mat_text_kept(before, me, kept, j->ex_nsteps, j->example,
		                 sizeof j->example);
	else
		bg_mat_text(before, me, j->ex_steps, j->ex_nsteps, j->example,
		            sizeof j->example);
}

/* Lint of roll cell C, reported at the cell's game and move. */
static void
lint_roll(bg_replay *rp, const bg_cell *c, const bg_judgement *j, int roll,
          int warned)
{
	bg_lint_at at = { .rep = &rp->run->rep, .game = rp->g.index,
	                  .move = rp->g.cells };
	bg_lint_roll(&rp->lint, &at, c, &rp->before, j, roll, warned);
}

static void
do_roll(bg_replay *rp, const bg_cell *c, const bg_cell *n1,
        const bg_cell *n2, int next_known)
{
	bg_game *g = &rp->g;
	int me = c->side;
	char q[QUOTE_MAX], a[QUOTE_MAX], b[QUOTE_MAX];
	if (!g->rolled && c->d1 == c->d2) {
		rule_error(rp, BG_CODE_OPENING_DOUBLE, c, "'%s' cannot be the "
		           "opening roll: equal opening dice are thrown again", QC);
		return;
	}
	if (g->offer) {
		if (g->beavered && me == g->offerer) {
			/* Rolling on means the last redouble was taken (2.5). */
			g->cube = g->on_offer;
			g->owner = g->last_offer;
			g->offer = 0;
		} else {
			rule_error(rp, BG_CODE_CUBE_NO_RESPONSE, c, "'%s': %s offered "
			           "the cube at %ld and %s has not answered", QC,
			           bg_player(rp, g->last_offer, a, sizeof a), g->on_offer,
			           bg_player(rp, 1 - g->last_offer, b, sizeof b));
			return;
		}
	}
	if (g->rolled && me != g->on_roll) {
		rule_error(rp, BG_CODE_TURN_ORDER, c, "'%s': it is %s's turn to "
		           "roll, %s played last", QC,
		           bg_player(rp, 1 - me, a, sizeof a),
		           bg_player(rp, me, b, sizeof b));
		return;
	}
	if (rp->binary && bg_xg_check_before_roll(rp, c) != 0)
		return;
	if (c->play == BG_PLAY_PENDING) {
		pending_roll(rp, c);
		return;
	}
	bg_action act;
	act_init(&act, BG_ACT_ROLL, me);
	act.d1 = c->d1;
	act.d2 = c->d2;
	if (rp->out != NULL || rp->run->opts->lint)
		rp->before = g->pos;
	act.before = &rp->before;
	act.after = &g->pos;
	g->rolled = 1;
	g->last_d1 = c->d1;
	g->last_d2 = c->d2;
	if (c->play == BG_PLAY_UNKNOWN) {
		g->unknown = 1;
		g->on_roll = 1 - me;
		act.roll = c->dice_only ? dice_only_roll(rp, c, n1, n2)
		                        : BG_ROLL_UNKNOWN;
		if (rp->run->opts->lint)
			lint_roll(rp, c, NULL, act.roll, 0);
		emit(rp, &act, c);
		return;
	}
	bg_roll r;
	memset(&r, 0, sizeof r);
	r.die1 = c->d1;
	r.die2 = c->d2;
	r.nothing = c->play == BG_PLAY_NOTHING;
	r.hops = c->hops;
	r.nhops = c->nhops > BG_HOPS_MAX ? BG_HOPS_MAX : c->nhops;
	if (rp->binary) {
		r.starred_given = 1;
		r.starred = c->stored.starred;
	}
	bg_hop starred[BG_HOPS_MAX];
	if (c->written == BG_WRITTEN_SGF)
		r.hops = implied_stars(&g->pos, me, c, starred);
	r.lazy_example = 1;
	if (r.nothing) {
		/* A syntax error after it: whether he resigned is not known. */
		r.resign_follows = !next_known ||
			(is_result(n1) && named_winner(g, n1, n2) == 1 - me);
	}
	bg_judgement j;
	bg_verdict v = rp->judge != NULL
	               ? rp->judge(&g->pos, me, &r, rp->rules.strict, &j)
	               : bg_judge(&g->pos, me, &r, rp->rules.strict, &j);
	if (rp->judged != NULL) {
		/* Its listener (the tests) sees the whole judgement, of a roll
		   that asks for all of it. */
		bg_roll whole = r;
		whole.lazy_example = 0;
		bg_judge_example(&g->pos, &j);
		rp->judged(rp->judged_ctx, &g->pos, me, &whole, rp->rules.strict,
		           &j);
	}
	if (v != BG_ACCEPTED && rp->binary &&
	    bg_xg_check_unlanded(rp, c, &j) != 0)
		return;
	if (v != BG_ACCEPTED) {
		char msg[NT_MSG_MAX] = "";
		/* Counted whether shown or not; written only when shown. */
		if (nt_report_wanted(&rp->run->rep, v == BG_REJECTED ? NT_SEV_ERROR
		                     : NT_SEV_WARNING, bg_codes[j.code].code)) {
			example_in_form(c, &g->pos, me, &j);
			bg_judge_message(&j, c->text, c->text_len,
			                 bg_player(rp, me, a, sizeof a),
			                 bg_player(rp, 1 - me, b, sizeof b), msg,
			                 sizeof msg);
		}
		if (v == BG_REJECTED) {
			rule_error(rp, j.code, c, "%s", msg);
			return;
		}
		report_cell(rp, j.code, c, "%s", msg);
	}
	g->pos = j.after;
	if (rp->binary && bg_xg_check_after_roll(rp, c) != 0)
		return;
	act.nsteps = j.nsteps;
	act.steps = j.steps;
	if (!r.nothing)
		act.roll = BG_ROLL_PLAYED;
	else
		act.roll = j.unplayed_legal ? BG_ROLL_RESIGNED : BG_ROLL_NO_PLAY;
	if (rp->run->opts->lint)
		lint_roll(rp, c, &j, act.roll, v != BG_ACCEPTED);
	if (g->pos.n[me][BG_OFF] == BG_CHECKERS) {
		g->ended = BG_END_BOARD;
		g->winner = me;
		int m = bg_win_multiplier(&g->pos, me);
		g->value = g->cube > CUBE_CAP ? 3 * CUBE_CAP : g->cube * m;
		g->centred_at_end = g->owner < 0;
		g->end_loc = c->loc;
		g->end_last = c->end;
		if (rp->binary)
			g->end_bin = c->bin;
		memcpy(g->end_text, c->text, sizeof g->end_text);
		g->end_written = c->written;
		g->on_roll = -1;
	} else {
		g->on_roll = 1 - me;
	}
	emit(rp, &act, c);
}

static void
do_redouble(bg_replay *rp, const bg_cell *c)
{
	bg_game *g = &rp->g;
	int me = c->side;
	char q[QUOTE_MAX], a[QUOTE_MAX], b[QUOTE_MAX];
	long want = twice(g->on_offer);
	if (!money(rp)) {
		rule_error(rp, BG_CODE_BEAVER_IN_MATCH, c, "'%s': %s's offer is "
		           "waiting for an answer, and a redouble in answer (a "
		           "beaver) is allowed only in money play", QC,
		           bg_player(rp, g->last_offer, a, sizeof a));
		return;
	}
	if (!rp->rules.beaver) {
		rule_error(rp, BG_CODE_BEAVER_IN_MATCH, c, "'%s': the header "
		           "turns beavers off ([Beaver \"Off\"])", QC);
		return;
	}
	if (rp->rules.cube_limit > 0 && want > rp->rules.cube_limit) {
		rule_error(rp, BG_CODE_CUBE_LIMIT, c, "'%s': a redouble would put "
		           "the cube at %ld, and the header limits it to %ld", QC,
		           want, rp->rules.cube_limit);
		return;
	}
	if (me == g->last_offer) {
		rule_error(rp, BG_CODE_TURN_ORDER, c, "'%s': %s made the offer "
		           "at %ld; %s must answer it", QC,
		           bg_player(rp, me, a, sizeof a), g->on_offer,
		           bg_player(rp, 1 - me, b, sizeof b));
		return;
	}
	if (c->value >= 0 && c->value != want) {
		rule_error(rp, BG_CODE_CUBE_VALUE, c, "'%s': the cube is offered "
		           "at %ld, so a redouble must be to %ld", QC, g->on_offer,
		           want);
		return;
	}
	g->on_offer = want;
	g->last_offer = me;
	g->beavered = 1;
	bg_action act;
	act_init(&act, BG_ACT_BEAVER, me);
	act.value = want;
	emit(rp, &act, c);
}

static void
do_offer(bg_replay *rp, const bg_cell *c)
{
	bg_game *g = &rp->g;
	int me = c->side;
	if (g->offer) {
		do_redouble(rp, c);
		return;
	}
	char q[QUOTE_MAX], a[QUOTE_MAX], b[QUOTE_MAX];
	if (!g->rolled) {
		rule_error(rp, BG_CODE_TURN_ORDER, c, "'%s': the cube may not be "
		           "offered before the opening roll", QC);
		return;
	}
	if (me != g->on_roll) {
		rule_error(rp, BG_CODE_TURN_ORDER, c, "'%s': %s is on roll; only "
		           "the player on roll may offer the cube", QC,
		           bg_player(rp, 1 - me, a, sizeof a));
		return;
	}
	if (g->crawford) {
		int leader = g->start_score[0] == rp->rules.length - 1 ? 0 : 1;
		rule_error(rp, BG_CODE_CUBE_CRAWFORD, c, "'%s': game %ld is the "
		           "Crawford game (%s has %ld point%s of %ld), the cube may "
		           "not be used", QC, g->number,
		           bg_player(rp, leader, a, sizeof a),
		           g->start_score[leader], plural(g->start_score[leader]),
		           rp->rules.length);
		return;
	}
	if (g->owner >= 0 && g->owner != me) {
		bg_player(rp, g->owner, a, sizeof a);
		rule_error(rp, BG_CODE_CUBE_NOT_OWNED, c, "'%s': %s took the cube "
		           "at %ld and owns it; only %s may redouble", QC, a, g->cube,
		           a);
		return;
	}
	long want = twice(g->cube);
	if (c->word != BG_WORD_DOUBLE) {
		rule_error(rp, BG_CODE_CUBE_VALUE, c, "'%s': there is no offer to "
		           "answer, so there is nothing to %s", QC,
		           c->word == BG_WORD_BEAVER ? "beaver" : "raccoon");
		return;
	}
	if (c->value >= 0 && c->value != want) {
		rule_error(rp, BG_CODE_CUBE_VALUE, c, "'%s': the cube is at %ld, so "
		           "the offer must be to %ld", QC, g->cube, want);
		return;
	}
	if (rp->rules.cube_limit > 0 && want > rp->rules.cube_limit) {
		rule_error(rp, BG_CODE_CUBE_LIMIT, c, "'%s': the header limits the "
		           "cube to %ld", QC, rp->rules.cube_limit);
		return;
	}
	if (rp->rules.strict && !money(rp)) {
		long need = rp->rules.length - g->start_score[me];
		if (g->cube >= need)
			report_cell(rp, BG_CODE_CUBE_DEAD, c,
			            "'%s': %s needs %ld point%s and the cube is already "
			            "at %ld", QC, bg_player(rp, me, b, sizeof b), need,
			            plural(need), g->cube);
	}
	if (rp->binary && bg_xg_check_offer(rp, c) != 0)
		return;
	g->offer = 1;
	g->offerer = me;
	g->last_offer = me;
	g->on_offer = want;
	g->beavered = 0;
	bg_action act;
	act_init(&act, BG_ACT_OFFER, me);
	act.value = want;
	emit(rp, &act, c);
}

static void
do_answer(bg_replay *rp, const bg_cell *c)
{
	bg_game *g = &rp->g;
	int me = c->side;
	int take = c->kind == BG_CELL_TAKE;
	char q[QUOTE_MAX], a[QUOTE_MAX];
	if (!g->offer) {
		rule_error(rp, BG_CODE_TAKE_WITHOUT_DOUBLE, c, "'%s': there is no "
		           "offer to %s", QC, take ? "take" : "pass");
		return;
	}
	if (me == g->last_offer) {
		rule_error(rp, BG_CODE_TURN_ORDER, c, "'%s': %s made the offer at "
		           "%ld and cannot answer it", QC,
		           bg_player(rp, me, a, sizeof a), g->on_offer);
		return;
	}
	bg_action act;
	act_init(&act, BG_ACT_TAKE, me);
	g->offer = 0;
	if (take) {
		g->cube = g->on_offer;
		g->owner = g->beavered ? g->last_offer : me;
		act.kind = BG_ACT_TAKE;
		act.value = g->cube;
	} else {
		g->ended = BG_END_PASS;
		g->winner = g->last_offer;
		g->value = g->on_offer / 2;
		g->end_loc = c->loc;
		g->end_last = c->end;
		if (rp->binary)
			g->end_bin = c->bin;
		memcpy(g->end_text, c->text, sizeof g->end_text);
		g->end_written = c->written;
		g->on_roll = -1;
		act.kind = BG_ACT_PASS;
		act.value = g->value;
	}
	emit(rp, &act, c);
}

/* What a game won on the board or by a pass is worth, in words. */
static void
describe_value(const bg_replay *rp, char *buf, size_t size)
{
	const bg_game *g = &rp->g;
	char w[QUOTE_MAX];
	bg_player(rp, g->winner, w, sizeof w);
	if (g->ended == BG_END_PASS) {
		snprintf(buf, size, "%s wins the cube value before the refused "
		         "offer, %ld point%s", w, g->value, plural(g->value));
		return;
	}
	long m = g->cube > 0 ? g->value / g->cube : 1;
	snprintf(buf, size, "%s wins %s with the cube at %ld, %ld point%s", w,
	         m == 1 ? "a single game" : m == 2 ? "a gammon" : "a backgammon",
	         g->cube, g->value, plural(g->value));
}

/*
 * Whether V is the only value the result of a game that ended on the
 * board or by a pass may give (2.4), so that fmt --repair may write it:
 * not in money play when a centred-cube gammon may score 1, not in a
 * match game whose winner needed more (a forfeit) or less (any value from
 * need).
 */
static int
only_value(const bg_replay *rp, long need, long v)
{
	const bg_game *g = &rp->g;
	if (money(rp))
		return !(rp->rules.jacoby && g->ended == BG_END_BOARD &&
		         g->centred_at_end && v != 1);
	return need == v;
}

/* W1 to W6 of 6.3 for the first cell of a result; W names the winner.
 * *POINTS is what the result is worth: the cell's, or a repaired value. */
static int
check_result(bg_replay *rp, const bg_cell *c, int w, long *points)
{
	bg_game *g = &rp->g;
	*points = c->points;
	char q[QUOTE_MAX], a[QUOTE_MAX], why[2 * QUOTE_MAX];
	long pts = c->points;
	long len = rp->rules.length;
	long need = len - rp->score[w];
	int match = !money(rp);
	long max;
	if (c->resign != BG_RESIGN_UNSAID && result_kind_wrong(rp, c))
		return -1;
	if (g->ended) {
		if (w != g->winner) {
			bg_player(rp, g->winner, a, sizeof a);
			if (g->ended == BG_END_PASS)
				rule_error(rp, BG_CODE_WINS_WRONG_PLAYER, c, "'%s': %s's "
				           "offer was passed, so the result must name %s as "
				           "the winner", QC, a, a);
			else
				rule_error(rp, BG_CODE_WINS_WRONG_PLAYER, c, "'%s': %s bore "
				           "off the last checker, so the result must name %s "
				           "as the winner", QC, a, a);
			return -1;
		}
		long v = g->value;
		int ok = pts == v ||
			(!match && rp->rules.jacoby && g->ended == BG_END_BOARD &&
			 g->centred_at_end && pts == 1) ||
			(match && need <= pts && pts <= v) ||
			(match && pts > v && pts == need);
		if (!ok && rp->rules.repair && only_value(rp, need, v)) {
			describe_value(rp, why, sizeof why);
			report_cell(rp, BG_CODE_REPAIRED_POINTS, c, "'%s': %s: repaired "
			            "to the only value the rules allow", QC, why);
			*points = v;
			return 0;
		}
		if (!ok) {
			describe_value(rp, why, sizeof why);
			rule_error(rp, BG_CODE_WINS_WRONG_POINTS, c, "'%s': %s", QC, why);
			return -1;
		}
		max = v;
	} else {
		/*
		 * 2.6: the value before the offer that waits.  After a beaver or
		 * raccoon that is half the value on offer, as for a pass: the
		 * redouble answered the offer before it, so resigning costs no
		 * less than passing would.
		 */
		long cv = g->offer ? g->on_offer / 2 : g->cube;
		const char *cube_is = g->offer ? "the value before the offer that "
		                                 "waits" : "the cube";
		long top = cv > CUBE_CAP ? 3 * CUBE_CAP : 3 * cv;
		int ok = pts == cv || pts == 2 * cv || pts == top ||
			(match && need <= pts && pts <= top) ||
			(match && pts > top && pts == need);
		if (!ok) {
			if (match && need <= top)
				rule_error(rp, BG_CODE_WINS_WRONG_POINTS, c, "'%s': a "
				           "resigned game is worth 1, 2 or 3 times %s (%ld), "
				           "and %s needs %ld point%s: any value from %ld to "
				           "%ld", QC, cube_is, cv, bg_player(rp, w, a, sizeof a),
				           need, plural(need), need < cv ? need : cv, top);
			else
				rule_error(rp, BG_CODE_WINS_WRONG_POINTS, c, "'%s': a "
				           "resigned game is worth 1, 2 or 3 times %s (%ld): "
				           "%ld, %ld or %ld points", QC, cube_is, cv, cv, 2 * cv,
				           top);
			return -1;
		}
		max = top;
	}
	if (match && c->and_match && rp->score[w] + pts < len) {
		rule_error(rp, BG_CODE_WINS_WRONG_POINTS, c, "'%s': %s has %ld "
		           "point%s, and %ld more do not win the %ld-point match", QC,
		           bg_player(rp, w, a, sizeof a), rp->score[w],
		           plural(rp->score[w]), pts, len);
		return -1;
	}
	if (pts > max) {
		/* A warning, an error under --strict (the catalogue says so). */
		report_cell(rp, BG_CODE_MATCH_FORFEIT, c, "'%s': the game "
		       "is worth at most %ld, but %s needed %ld; the match was "
		       "forfeited", QC, max, bg_player(rp, w, a, sizeof a), need);
		nt_report_record_fact(&rp->run->rep, g->index, "forfeit", NULL, 1,
		                      c->loc);
		if (rp->rules.strict) {
			g->active = 0;
			g->abandoned = 1;
			return -1;
		}
	}
	return 0;
}

static void
record_result(bg_replay *rp, const bg_cell *c, int w, long points)
{
	bg_game *g = &rp->g;
	g->results = 1;
	g->result_kind = c->kind;
	g->result_lone = c->lone;
	g->result_winner = w;
	g->result_points = points;
	g->result_written = c->points;
	bg_action act;
	act_init(&act, BG_ACT_RESULT, w);
	act.points = points;
	emit(rp, &act, c);
}

/* P1 to P3: the second cell of a result pair; 0 when it is right. */
static int
check_partner(bg_replay *rp, const bg_cell *c, int w, long first_points,
              int lone_pair)
{
	bg_game *g = &rp->g;
	char q[QUOTE_MAX], a[QUOTE_MAX];
	if (!lone_pair && w != g->result_winner) {
		rule_error(rp, BG_CODE_WINS_WRONG_PLAYER, c, "'%s': the result "
		           "next to it names %s as the winner", QC,
		           bg_player(rp, g->result_winner, a, sizeof a));
		return -1;
	}
	/* The first cell's points repaired: its partner wrote the same. */
	int repaired_too = g->result_points != g->result_written &&
	                   c->points == g->result_written;
	if (c->points != first_points && !repaired_too) {
		rule_error(rp, BG_CODE_WINS_WRONG_POINTS, c, "'%s': the result next "
		           "to it gives %ld point%s", QC, first_points,
		           plural(first_points));
		return -1;
	}
	long len = rp->rules.length;
	if (!money(rp) && c->kind == BG_CELL_WIN && c->and_match &&
	    rp->score[w] + c->points < len) {
		rule_error(rp, BG_CODE_WINS_WRONG_POINTS, c, "'%s': %s has %ld "
		           "point%s, and %ld more do not win the %ld-point match", QC,
		           bg_player(rp, w, a, sizeof a), rp->score[w],
		           plural(rp->score[w]), c->points, len);
		return -1;
	}
	g->results = 2;
	return 0;
}

static void
do_result_cell(bg_replay *rp, const bg_cell *c, const bg_cell *n1)
{
	bg_game *g = &rp->g;
	if (g->results == 1) {
		if (g->lone_waits) {
			/* A lone loss cell, then its win cell: checked at the win cell. */
			g->lone_waits = 0;
			g->results = 0;
			long points;
			if (check_result(rp, c, c->side, &points) != 0)
				return;
			/* The loss cell came first: it is the cell before. */
			emit_partner(rp, &g->lone, c->side, g->cells - 1);
			record_result(rp, c, c->side, points);
			check_partner(rp, c, c->side, g->lone.points, 1);
			return;
		}
		int w = named_winner(g, c, n1);
		if (check_partner(rp, c, w, g->result_points,
		                  c->lone || g->result_lone) == 0)
			emit_partner(rp, c, w, g->cells);
		return;
	}
	if (c->lone && n1 != NULL && n1->kind == BG_CELL_WIN) {
		g->lone_waits = 1;
		g->lone = *c;
		g->results = 1;
		g->result_kind = BG_CELL_LOSS;
		g->result_lone = 1;
		return;
	}
	int w = named_winner(g, c, n1);
	long points;
	if (check_result(rp, c, w, &points) != 0)
		return;
	record_result(rp, c, w, points);
}

/* One cell, with the two cells after it when known (6.3). */
static void
process(bg_replay *rp, const bg_cell *c, const bg_cell *n1,
        const bg_cell *n2, int next_known)
{
	bg_game *g = &rp->g;
	if (!g->active)
		return;
	g->cells++;
	int result = is_result(c);
	int partner = g->results == 1 && result && c->kind != g->result_kind;
	if (g->results >= 2 || (g->results == 1 && !partner) ||
	    (!result && g->ended)) {
		char q[QUOTE_MAX], why[2 * QUOTE_MAX];
		why_over(rp, why, sizeof why);
		rule_error(rp, BG_CODE_MOVES_AFTER_END, c, "'%s': the game is "
		           "over, %s", QC, why);
		return;
	}
	switch (c->kind) {
	case BG_CELL_ROLL:
		do_roll(rp, c, n1, n2, next_known);
		break;
	case BG_CELL_OFFER:
		do_offer(rp, c);
		break;
	case BG_CELL_TAKE:
	case BG_CELL_PASS:
		do_answer(rp, c);
		break;
	default:
		do_result_cell(rp, c, n1);
		break;
	}
}

/* A place in the window ring, for I below twice its size. */
static int
wrap(int i)
{
	return i >= BG_WINDOW ? i - BG_WINDOW : i;
}

void
bg_replay_cell(bg_replay *rp, const bg_cell *c)
{
	if (rp->off || rp->file_over || !rp->g.active)
		return;
	/* Only the written part of the text is copied; a short one with a
	   fixed size, which takes a few vector moves and no call. */
	bg_cell *slot = &rp->window[wrap(rp->whead + rp->nwindow++)];
	if (rp->binary)
		*slot = *c;
	else if (c->text_len < 64)
		memcpy(slot, c, offsetof(bg_cell, text) + 64);
	else
		memcpy(slot, c, offsetof(bg_cell, text) + c->text_len + 1);
	if (rp->nwindow < BG_WINDOW)
		return;
	int h = rp->whead;
	process(rp, &rp->window[h], &rp->window[wrap(h + 1)],
	        &rp->window[wrap(h + 2)], 1);
	rp->whead = wrap(h + 1);
	rp->nwindow = BG_WINDOW - 1;
}

/* Checks the cells still in the window; NEXT_KNOWN: nothing follows them. */
static void
drain(bg_replay *rp, int next_known)
{
	int n = rp->nwindow, h = rp->whead;
	for (int i = 0; i < n; i++) {
		const bg_cell *n1 = i + 1 < n ? &rp->window[(h + i + 1) % BG_WINDOW]
		                              : NULL;
		const bg_cell *n2 = i + 2 < n ? &rp->window[(h + i + 2) % BG_WINDOW]
		                              : NULL;
		process(rp, &rp->window[(h + i) % BG_WINDOW], n1, n2,
		        n1 != NULL || next_known);
	}
	rp->nwindow = 0;
	rp->whead = 0;
}

void
bg_replay_flush(bg_replay *rp)
{
	drain(rp, 0);
}

void
bg_replay_game_end(bg_replay *rp, int broken)
{
	bg_game *g = &rp->g;
	drain(rp, !broken);
	if (rp->off || rp->file_over)
		return;
	if (broken) {
		/* 6.4: no end checks; the next score line is taken as it is. */
		rp->score_known = 0;
		if (g->number < 0)
			rp->prev_number = -1;
	} else if (g->active) {
		if (g->ended && g->results == 0) {
			char q[QUOTE_MAX], w[QUOTE_MAX];
			nt_quote(q, sizeof q, g->end_text, strlen(g->end_text));
			if (g->end_written == BG_WRITTEN_SGF)
				span_error(rp, BG_CODE_MISSING_RESULT, g->end_loc, g->end_last,
				           "'%s': the game ends here, and its game tree "
				           "needs the result RE[%c+%ld]", q,
				           g->winner == 0 ? 'W' : 'B', g->value);
			else
				span_error(rp, BG_CODE_MISSING_RESULT, g->end_loc, g->end_last,
				           "'%s': the game ends here and needs a 'Wins %ld "
				           "point%s' line for %s", q, g->value,
				           plural(g->value),
				           bg_player(rp, g->winner, w, sizeof w));
		}
	}
	if (!broken && g->active && g->results > 0) {
		long *s = &rp->score[g->result_winner];
		*s = *s > SCORE_CAP ? *s : *s + g->result_points;
	} else if (g->abandoned || !g->active) {
		rp->score_known = 0;
	}
	bg_report_game_facts(rp);
	if (rp->out != NULL && rp->out->game_end != NULL)
		rp->out->game_end(rp->out->ctx, rp);
}

/* ---------------------------------------- readers other than text */

void
bg_replay_rules(bg_replay *rp, int crawford, int jacoby, long cube_limit)
{
	rp->rules.crawford = crawford;
	rp->rules.jacoby = jacoby;
	if (cube_limit > 0)
		rp->rules.cube_limit = cube_limit;
}

void
bg_replay_game_unread(bg_replay *rp, nt_loc at, long number)
{
	bg_replay_game_begin(rp, at);
	rp->g.number = number;
	rp->prev_number = number;
	rp->score_known = 0;
}

/* G3: the match length and rules of the first game whose head was read. */
static void
check_match_info(bg_replay *rp, const bg_head *h)
{
	if (!rp->head_known) {
		rp->head_known = 1;
		rp->head_length = h->length;
		rp->head_rules = h->rules;
		snprintf(rp->head_rules_text, sizeof rp->head_rules_text, "%s",
		         h->rules_text != NULL ? h->rules_text : "no rules");
		return;
	}
	if (h->length != rp->head_length) {
		char what[64];
		if (rp->head_length == 0)
			snprintf(what, sizeof what, "a money session");
		else
			snprintf(what, sizeof what, "a %ld-point match",
			         rp->head_length);
		report_line(rp, BG_CODE_SGF_MATCH_INFO, h->length_at, h->length_end,
		            "'%s': the first game is part of %s, and every game of a "
		            "record is part of the same", h->length_text, what);
	} else if (h->rules != rp->head_rules) {
		report_line(rp, BG_CODE_SGF_MATCH_INFO, h->rules_at, h->rules_end,
		            "'%s': the first game has %s, and every game of a "
		            "record has the same rules", h->rules_text != NULL
		            ? h->rules_text : "no rules", rp->head_rules_text);
	}
}

/* G6: the head's Crawford mark against the Crawford game of 2.7. */
static void
check_crawford_mark(bg_replay *rp, const bg_head *h)
{
	const bg_game *g = &rp->g;
	if (!g->crawford == !h->crawford_mark)
		return;
	char who[QUOTE_MAX];
	long l = rp->rules.length;
	if (g->crawford) {
		int leader = g->start_score[0] == l - 1 ? 0 : 1;
		report_line(rp, BG_CODE_SGF_CRAWFORD_FLAG, h->mark_at, h->mark_end,
		            "'%s': this is the Crawford game (%s has %ld of %ld "
		            "points), and it is not marked as one", h->mark_text,
		            bg_player(rp, leader, who, sizeof who),
		            g->start_score[leader], l);
		return;
	}
	const char *why = money(rp) ? "a money session has no Crawford game"
		: !rp->rules.crawford ? "the Crawford rule is off"
		: l < 2 ? "a 1-point match has no Crawford game"
		: rp->crawford_seen ? "the Crawford game was played before"
		: "the Crawford game is the first at whose start one player alone "
		  "needs 1 point";
	report_line(rp, BG_CODE_SGF_CRAWFORD_FLAG, h->mark_at, h->mark_end,
	            "'%s': this game is marked as the Crawford game, but it is "
	            "not one (the score is %ld-%ld; %s)", h->mark_text,
	            rp->score[0], rp->score[1], why);
}

void
bg_replay_head(bg_replay *rp, const bg_head *h)
{
	bg_game *g = &rp->g;
	g->number = h->number;
	g->loc = g->line_end = h->at;
	check_number(rp, h->number, h->number_at, h->number_end, h->number_text,
	             h->number_base);
	if (rp->off || rp->file_over)
		return;
	head_where names = { { h->name_at[0], h->name_at[1] },
	                     { h->name_end[0], h->name_end[1] },
	                     { h->name_text[0], h->name_text[1] } };
	if (!rp->names_known)
		set_names(rp, h->name, h->name_len);
	else
		check_names(rp, h->name, h->name_len, &names);
	check_match_info(rp, h);
	head_where scores = { { h->score_at[0], h->score_at[1] },
	                      { h->score_end[0], h->score_end[1] },
	                      { h->score_text[0], h->score_text[1] } };
	check_score(rp, h->score, &scores);
	if (start_game(rp, h->name, h->name_len, h->score, h->number_text))
		check_crawford_mark(rp, h);
}

/*
 * The starred set of a play written without hit marks (spec-sgf 3): the
 * destinations of the hops where the opponent had a blot before the play.
 */
static const bg_hop *
implied_stars(const bg_pos *pos, int mover, const bg_cell *c, bg_hop *out)
{
	int n = c->nhops > BG_HOPS_MAX ? BG_HOPS_MAX : c->nhops;
	for (int i = 0; i < n; i++) {
		out[i] = c->hops[i];
		int to = out[i].to;
		out[i].star = to >= 1 && to <= 24 && pos->n[1 - mover][25 - to] == 1;
	}
	return out;
}

/* Dice rolled as the record stops (spec-sgf 2.4 item 1): R1 to R3 were
   checked, nothing is replayed. */
static void
pending_roll(bg_replay *rp, const bg_cell *c)
{
	char q[QUOTE_MAX], who[QUOTE_MAX];
	report_cell(rp, BG_CODE_SGF_PENDING_ROLL, c, "'%s': %s has rolled "
	            "%d-%d and the record stops; conversion to mat or sheet "
	            "drops this roll", QC, bg_player(rp, c->side, who, sizeof who),
	            c->d1, c->d2);
	if (rp->rules.strict) {
		rp->g.active = 0;
		rp->g.abandoned = 1;
	}
}

/*
 * A roll whose play was not recorded (SGF DI) is written as one left
 * unplayed when the result after it names the roller's opponent, as gnubg
 * exports it, and as the unknown play otherwise.
 */
static int
dice_only_roll(bg_replay *rp, const bg_cell *c, const bg_cell *n1,
               const bg_cell *n2)
{
	const bg_game *g = &rp->g;
	if (!is_result(n1) || named_winner(g, n1, n2) != 1 - c->side)
		return BG_ROLL_UNKNOWN;
	return bg_max_dice(&g->pos, c->side, c->d1, c->d2) > 0 ? BG_ROLL_RESIGNED
	                                                       : BG_ROLL_NO_PLAY;
}

/* K1 of spec-sgf 4.2: a result says it is a resignation exactly when the
   game did not end on the board or by a pass. */
static int
result_kind_wrong(bg_replay *rp, const bg_cell *c)
{
	const bg_game *g = &rp->g;
	int resigned = c->resign == BG_RESIGN_YES;
	if (resigned == !g->ended)
		return 0;
	char q[QUOTE_MAX], a[QUOTE_MAX], b[QUOTE_MAX];
	bg_player(rp, g->winner, a, sizeof a);
	bg_player(rp, 1 - g->winner, b, sizeof b);
	if (!resigned)
		rule_error(rp, BG_CODE_SGF_RESULT_KIND, c, "'%s': the game did not end "
		           "on the board or by a pass, so this is a resignation and "
		           "its points end in R", QC);
	else if (g->ended == BG_END_PASS)
		rule_error(rp, BG_CODE_SGF_RESULT_KIND, c, "'%s': %s passed the %s, so "
		           "this is no resignation: no R after the points", QC, b,
		           g->value > 1 ? "redouble" : "double");
	else
		rule_error(rp, BG_CODE_SGF_RESULT_KIND, c, "'%s': %s bore off the last "
		           "checker, so this is no resignation: no R after the "
		           "points", QC, a);
	return 1;
}

