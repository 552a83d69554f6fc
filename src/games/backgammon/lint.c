/*
 * Style findings for backgammon roll cells (notate lint).  The play as
 * written is compared with the layout the canonical writer gives the same
 * play (bg_canonical_paths, from the steps the replay chose): first the
 * paths themselves, then their grouping, their order, their `*` and last
 * their spelling; the first difference names the finding.  One finding per
 * play, so a cell gets at most that and bg-dice-order.
 */
#include "games/backgammon/lint.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "games/backgammon/codes.h"

/* A path as written or as canonical: points, stars, copies. */
typedef struct lint_path {
	unsigned char pts[5];
	unsigned char len;
	unsigned char count;    /* written: 0 when no (n) is written */
	unsigned char stars;
} lint_path;

/* What the lint of one cell knows. */
typedef struct lint_cell {
	bg_lint *l;
	const bg_lint_at *at;
	const bg_cell *c;
	int sheet;              /* the dice are written with '-' */
	char quoted[200];       /* the cell as written */
	char canon[BG_TEXT_MAX + 16];   /* the canonical cell */
} lint_cell;

void
bg_lint_init(bg_lint *l)
{
	memset(l, 0, sizeof *l);
	l->second = -1;
}

static void
style(lint_cell *lc, bg_code code, const char *fmt, ...) NT_PRINTF(3, 4);

static void
style(lint_cell *lc, bg_code code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	nt_vemit(lc->at->rep, &bg_codes[code], lc->c->loc, lc->c->end,
	         lc->at->game, lc->at->move, fmt, ap);
	va_end(ap);
}

/* The dice as the writers write them: the larger first. */
static size_t
dice_text(const bg_cell *c, int sheet, char *buf, size_t size)
{
	int hi = c->d1 > c->d2 ? c->d1 : c->d2;
	int lo = c->d1 > c->d2 ? c->d2 : c->d1;
	int n = sheet ? snprintf(buf, size, "%d-%d:", hi, lo)
	              : snprintf(buf, size, "%d%d:", hi, lo);
	return n < 0 ? 0 : (size_t)n;
}

/* ------------------------------------------------------------ paths */

/* The sub-moves as written; -1 when the cell keeps no full layout. */
static int
written_paths(const bg_cell *c, lint_path out[4])
{
	if (c->nsubs < 1 || c->nsubs > 4 || c->nhops > 4)
		return -1;
	for (int i = 0; i < c->nsubs; i++) {
		int first = c->sub_first[i], hops = c->sub_hops[i];
		if (hops < 1 || hops > 4 || first + hops > c->nhops)
			return -1;
		lint_path *w = &out[i];
		memset(w, 0, sizeof *w);
		w->pts[0] = c->hops[first].from;
		for (int k = 0; k < hops; k++) {
			w->pts[k + 1] = c->hops[first + k].to;
			if (c->hops[first + k].star)
				w->stars |= (unsigned char)(1u << (k + 1));
		}
		w->len = (unsigned char)(hops + 1);
		w->count = c->sub_count[i];
	}
	return c->nsubs;
}

static int
canonical_paths(const bg_pos *before, const bg_judgement *j, int layout,
                const bg_step *steps, lint_path out[4])
{
	bg_form_path f[4];
	int n = bg_canonical_paths(before, j->mover, steps, j->nsteps, layout, f);
	for (int i = 0; i < n; i++) {
		memset(&out[i], 0, sizeof out[i]);
		memcpy(out[i].pts, f[i].pts, sizeof out[i].pts);
		out[i].len = f[i].len;
		out[i].count = f[i].count;
		out[i].stars = f[i].stars;
	}
	return n;
}

static int
same_points(const lint_path *a, const lint_path *b)
{
	return a->len == b->len && memcmp(a->pts, b->pts, a->len) == 0;
}

static int
copies(const lint_path *p)
{
	return p->count > 0 ? p->count : 1;
}

/* Every path as often as it is played, in a fixed order. */
static int
expand(const lint_path *p, int n, lint_path out[8])
{
	int m = 0;
	for (int i = 0; i < n; i++)
		for (int k = 0; k < copies(&p[i]) && m < 8; k++)
			out[m++] = p[i];
	for (int i = 1; i < m; i++)
		for (int k = i; k > 0; k--) {
			const lint_path *a = &out[k - 1], *b = &out[k];
			int c = a->len != b->len ? a->len - b->len
			      : memcmp(a->pts, b->pts, a->len);
			if (c <= 0)
				break;
			lint_path t = out[k - 1];
			out[k - 1] = out[k];
			out[k] = t;
		}
	return m;
}

/* The checkers move along the same paths, each as often (grouping aside). */
static int
same_moves(const lint_path *w, int nw, const lint_path *c, int nc)
{
	lint_path a[8], b[8];
	int na = expand(w, nw, a), nb = expand(c, nc, b);
	if (na != nb)
		return 0;
	for (int i = 0; i < na; i++)
		if (!same_points(&a[i], &b[i]))
			return 0;
	return 1;
}

static int
copies_of(const lint_path *p, int n)
{
	int m = 0;
	for (int i = 0; i < n; i++)
		m += copies(&p[i]);
	return m;
}

/* An intermediate point written where canonical form keeps none; 0: none. */
static int
dropped_point(const lint_path *w, int nw, const lint_path *c, int nc)
{
	for (int i = 0; i < nw; i++)
		for (int k = 1; k + 1 < w[i].len; k++) {
			int kept = 0;
			for (int m = 0; m < nc; m++)
				for (int q = 1; q + 1 < c[m].len; q++)
					kept |= c[m].pts[q] == w[i].pts[k];
			if (!kept)
				return w[i].pts[k];
		}
	return 0;
}

static void
path_finding(lint_cell *lc, const lint_path *w, int nw, const lint_path *c,
             int nc)
{
	int p;
	if (!lc->sheet)
		style(lc, BG_CODE_PLAY_PATH, "'%s': canonical mat form writes one step "
		      "per die, each from its point to the next: '%s'", lc->quoted,
		      lc->canon);
	else if ((p = dropped_point(w, nw, c, nc)) != 0)
		style(lc, BG_CODE_PLAY_PATH, "'%s': canonical form drops the point %d, "
		      "where nothing is hit on the way: '%s'", lc->quoted, p,
		      lc->canon);
	else if (copies_of(w, nw) > copies_of(c, nc))
		style(lc, BG_CODE_PLAY_PATH, "'%s': canonical form writes the move of "
		      "one checker as one path, not as several sub-moves: '%s'",
		      lc->quoted, lc->canon);
	else
		style(lc, BG_CODE_PLAY_PATH, "'%s': canonical form joins the steps "
		      "into paths differently, highest point first: '%s'",
		      lc->quoted, lc->canon);
}

/* Grouping: sheet cells write each path once with its count, mat cells
   every step on its own. */
static int
grouping_finding(lint_cell *lc, const lint_path *w, int nw)
{
	for (int i = 0; i < nw; i++) {
		if (!lc->sheet && w[i].count > 0) {
			style(lc, BG_CODE_PLAY_GROUPING, "'%s': canonical mat form writes "
			      "every step on its own, without a count: '%s'", lc->quoted,
			      lc->canon);
			return 1;
		}
		if (lc->sheet && w[i].count == 1) {
			style(lc, BG_CODE_PLAY_GROUPING, "'%s': canonical form writes no "
			      "count (1): '%s'", lc->quoted, lc->canon);
			return 1;
		}
		for (int k = 0; lc->sheet && k < i; k++)
			if (same_points(&w[k], &w[i])) {
				style(lc, BG_CODE_PLAY_GROUPING, "'%s': canonical form writes "
				      "a path played more than once as one sub-move with "
				      "its count: '%s'", lc->quoted, lc->canon);
				return 1;
			}
	}
	return 0;
}

/* Compares the written paths with the canonical ones; 1 after a finding. */
static int
layout_finding(lint_cell *lc, const lint_path *w, int nw, const lint_path *c,
               int nc)
{
	if (!same_moves(w, nw, c, nc)) {
		path_finding(lc, w, nw, c, nc);
		return 1;
	}
	if (grouping_finding(lc, w, nw))
		return 1;
	/* Same paths, grouped alike: so as many sub-moves on both sides. */
	for (int i = 0; i < nw && i < nc; i++)
		if (!same_points(&w[i], &c[i])) {
			if (lc->sheet)
				style(lc, BG_CODE_PLAY_ORDER, "'%s': canonical form writes the "
				      "sub-moves in the order of their steps, highest point "
				      "first: '%s'", lc->quoted, lc->canon);
			else
				style(lc, BG_CODE_PLAY_ORDER, "'%s': the steps cannot be made "
				      "in the order written, so canonical mat form writes "
				      "them from the highest starting point down: '%s'",
				      lc->quoted, lc->canon);
			return 1;
		}
	for (int i = 0; i < nw && i < nc; i++)
		if (w[i].stars != c[i].stars) {
			style(lc, BG_CODE_PLAY_HIT_MARKER, "'%s': canonical form writes one "
			      "'*' for each point hit, after the first checker to land "
			      "there%s: '%s'", lc->quoted,
			      lc->sheet ? " (and after every point kept inside a path)"
			                : "", lc->canon);
			return 1;
		}
	return 0;
}

/* ------------------------------------------------------------ cells */

/* The play text as written: what follows the dice token. */
static const char *
written_tail(const bg_cell *c, int sheet, size_t *len)
{
	size_t dice = sheet ? 4 : 3;
	*len = c->text_len > dice ? c->text_len - dice : 0;
	return c->text + (c->text_len > dice ? dice : c->text_len);
}

static int
tail_is(const bg_cell *c, int sheet, const char *want)
{
	size_t len;
	const char *tail = written_tail(c, sheet, &len);
	return len == strlen(want) && memcmp(tail, want, len) == 0;
}

/* The cell may have been cut to fit (record.h): its spelling is unknown. */
static int
text_complete(const bg_cell *c)
{
	return c->text_len + 1 < BG_CELL_TEXT;
}

static void
lint_nothing(lint_cell *lc, int roll)
{
	const bg_cell *c = lc->c;
	int no_play = lc->sheet && roll == BG_ROLL_NO_PLAY;
	if (!text_complete(c) || tail_is(c, lc->sheet, no_play ? " no play" : ""))
		return;
	if (!lc->sheet)
		style(lc, BG_CODE_NO_PLAY_FORM, "'%s': canonical mat form leaves a "
		      "roll with nothing played empty: '%s'", lc->quoted, lc->canon);
	else if (no_play)
		style(lc, BG_CODE_NO_PLAY_FORM, "'%s': the roll has no legal play, "
		      "which canonical form writes as 'no play': '%s'", lc->quoted,
		      lc->canon);
	else
		style(lc, BG_CODE_NO_PLAY_FORM, "'%s': the player resigned with a "
		      "legal play left, and canonical form leaves the play empty: "
		      "'%s'", lc->quoted, lc->canon);
}

static void
lint_played(lint_cell *lc, const bg_pos *before, const bg_judgement *j,
            const bg_step *kept, const char *play)
{
	lint_path w[4], c[4];
	int nw = written_paths(lc->c, w);
	if (nw < 0)
		return;
	int layout = lc->sheet ? BG_LAYOUT_SHEET
	           : kept != NULL ? BG_LAYOUT_MAT_KEPT : BG_LAYOUT_MAT;
	int nc = canonical_paths(before, j, layout, kept ? kept : j->steps, c);
	if (layout_finding(lc, w, nw, c, nc))
		return;
	char want[BG_TEXT_MAX + 2];
	snprintf(want, sizeof want, " %s", play);
	if (!text_complete(lc->c) || tail_is(lc->c, lc->sheet, want))
		return;
	size_t len;
	const char *tail = written_tail(lc->c, lc->sheet, &len);
	const char *why;
	if (len == 0 || tail[0] != ' ')
		why = "one space after the dice";
	else if (len == strlen(want) && strncasecmp(tail, want, len) == 0)
		why = "'bar' and 'off' in lower case";
	else if (lc->sheet)
		why = "the bar as 'bar', off as 'off' and points without leading "
		      "zeros";
	else
		why = "the bar as 25, off as 0 and points without leading zeros";
	style(lc, BG_CODE_PLAY_SPELLING, "'%s': canonical %sform writes %s: '%s'",
	      lc->quoted, lc->sheet ? "" : "mat ", why, lc->canon);
}

static void
count_dice(lint_cell *lc)
{
	bg_lint *l = lc->l;
	bg_lint_first *f = &l->dice[lc->sheet];
	if (f->cells++ > 0)
		return;
	f->loc = lc->c->loc;
	f->end = lc->c->end;
	f->game = lc->at->game;
	f->move = lc->at->move;
	memcpy(f->quoted, lc->quoted, sizeof f->quoted);
	if (l->dice[!lc->sheet].cells > 0)
		l->second = lc->sheet;
}

void
bg_lint_roll(bg_lint *l, const bg_lint_at *at, const bg_cell *c,
             const bg_pos *before, const bg_judgement *j, int roll, int warned)
{
	/* The styles are those of the text forms; SGF has one way to write
	   a move. */
	if (c->written != BG_WRITTEN_TEXT)
		return;
	lint_cell lc;
	lc.l = l;
	lc.at = at;
	lc.c = c;
	lc.sheet = bg_cell_sheet(c);
	nt_quote(lc.quoted, sizeof lc.quoted, c->text, c->text_len);
	count_dice(&lc);
	size_t n = dice_text(c, lc.sheet, lc.canon, sizeof lc.canon);
	if (c->d1 < c->d2)
		style(&lc, BG_CODE_DICE_ORDER, "'%s': canonical form writes the larger "
		      "die first: '%s'", lc.quoted, lc.canon);
	char play[BG_TEXT_MAX];
	bg_step steps[4];
	const bg_step *kept = NULL;   /* a mat cell's steps in written order */
	play[0] = '\0';
	if (roll == BG_ROLL_UNKNOWN)
		snprintf(play, sizeof play, "?\?\?\?");
	else if (roll == BG_ROLL_NO_PLAY && lc.sheet)
		snprintf(play, sizeof play, "no play");
	else if (roll == BG_ROLL_PLAYED && lc.sheet)
		bg_sheet_text(before, j->mover, j->steps, j->nsteps, play, sizeof play);
	else if (roll == BG_ROLL_PLAYED && (kept = bg_cell_kept_steps(c, before,
	         j->mover, j->steps, j->nsteps, steps) ? steps : NULL) != NULL)
		bg_mat_text_kept(before, j->mover, kept, j->nsteps, play,
		                 sizeof play);
	else if (roll == BG_ROLL_PLAYED)
		bg_mat_text(before, j->mover, j->steps, j->nsteps, play, sizeof play);
	if (play[0] != '\0')
		snprintf(lc.canon + n, sizeof lc.canon - n, " %s", play);
	if (roll == BG_ROLL_UNKNOWN) {
		if (text_complete(c) && !tail_is(c, lc.sheet, " ?\?\?\?"))
			style(&lc, BG_CODE_PLAY_SPELLING, "'%s': canonical form writes an "
			      "unrecorded play as '?\?\?\?': '%s'", lc.quoted, lc.canon);
	} else if (roll != BG_ROLL_PLAYED) {
		lint_nothing(&lc, roll);
	} else if (!warned) {
		lint_played(&lc, before, j, kept, play);
	}
}

void
bg_lint_end(const bg_lint *l, nt_reporter *rep)
{
	if (l->second < 0)
		return;
	/* The way fewer cells use is reported; on a tie, the later one. */
	int odd = l->dice[0].cells < l->dice[1].cells ? 0
	        : l->dice[1].cells < l->dice[0].cells ? 1 : l->second;
	const bg_lint_first *f = &l->dice[odd], *o = &l->dice[!odd];
	const char *way[2] = { "without '-' (as 64:)", "with '-' (as 6-4:)" };
	char here[64];
	if (f->cells == 1)
		snprintf(here, sizeof here, "only here");
	else
		snprintf(here, sizeof here, "in %ld rolls of this file, the first "
		         "here", f->cells);
	nt_emit(rep, &bg_codes[BG_CODE_DICE_MIXED], f->loc, f->end,
	        f->game, f->move, "'%s': dice are written %s %s, but %s in %ld "
	        "roll%s (the first at line %lu, column %lu); write them one way",
	        f->quoted, way[odd], here, way[!odd], o->cells,
	        o->cells == 1 ? "" : "s", o->loc.line, o->loc.col);
}
