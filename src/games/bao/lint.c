/*
 * Style findings for .bao transcripts (notate lint): plies that are legal
 * but not written as the canonical writer of spec 6.5 writes them.  Only
 * plies the replay accepted are looked at.
 *
 * North's move numbers.  6.2 lets a North ply carry `N...` or not; 6.5
 * writes it only before the first ply of a game that North starts.  The
 * rule linted here is consistency: the North plies after the first ply of
 * the game are all numbered or all unnumbered, as the first of them is.
 * The first departure is MIXED_NUMBERING (once per file); a numbered or
 * unnumbered opening ply by North is fine either way.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "games/bao/lint.h"

/* A finding from the start of FROM to the end of TO (words as written). */
static void
style(bao_lint *l, enum bao_code code, const bao_item *from,
      const bao_item *to, long ply, const char *fmt, ...) NT_PRINTF(6, 7);

static void
style(bao_lint *l, enum bao_code code, const bao_item *from,
      const bao_item *to, long ply, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	nt_vemit(l->rep, &bao_codes[code], from->loc, bao_item_last(to), 1,
	         ply, fmt, ap);
	va_end(ap);
}

/* What each derived suffix that the token leaves out says. */
static void
missing_suffixes(const bao_word *w, const bao_played *pl, char *out,
                 size_t size)
{
	out[0] = '\0';
	if (pl->annotation == 1 && !w->annotation)
		snprintf(out, size, "'*' marks a takata that creates no takasia");
	else if (pl->annotation == 2 && !w->annotation)
		snprintf(out, size, "'**' marks a takata that creates a takasia");
	if (pl->ends_game && !w->hash) {
		size_t n = strlen(out);
		snprintf(out + n, size - n, "%s'#' marks the move that ends the game",
		         n > 0 ? ", and " : "");
	}
}

static void
lint_token(bao_lint *l, const bao_item *it, const bao_word *w,
           const bao_played *pl, const char *q, const char *canonical, long k)
{
	char why[200];
	if (w->kind == BAO_W_LENIENT) {
		style(l, BAO_LENIENT_FORM, it, it, k, "'%s' is a short form that only "
		      "--lenient reads; canonical form writes '%s'", q, canonical);
		return;
	}
	missing_suffixes(w, pl, why, sizeof why);
	if (why[0] != '\0')
		style(l, BAO_MISSING_SUFFIX, it, it, k, "'%s' leaves out its derived "
		      "suffix: canonical form writes '%s' (%s)", q, canonical,
		      why);
}

static void
lint_number(bao_lint *l, const bao_item *number, const bao_item *it,
            const char *q, long k, int numbered, int north)
{
	char n[64] = "";
	int glued = 0;
	if (numbered) {
		nt_quote(n, sizeof n - 4, number->text, number->len);
		strcat(n, number->dots == 3 ? "..." : ".");
		glued = number->end.line == it->loc.line &&
		        number->end.col == it->loc.col;
	}
	if (glued)
		style(l, BAO_GLUED_NUMBER, number, it, k, "'%s%s': canonical form "
		      "writes a space between the move number and the move: '%s %s'",
		      n, q, n, q);
	if (!north || k == 1)
		return;
	if (l->numbering < 0) {
		l->numbering = numbered;
		l->numbering_loc = numbered ? number->loc : it->loc;
		return;
	}
	if (numbered == l->numbering || l->numbering_reported)
		return;
	l->numbering_reported = 1;
	if (numbered)
		style(l, BAO_MIXED_NUMBERING, number, it, k, "'%s%s%s': this North "
		      "ply is numbered, but North's ply at line %lu, column %lu is "
		      "not; number every North ply after the first ply, or none", n,
		      glued ? "" : " ", q, l->numbering_loc.line,
		      l->numbering_loc.col);
	else
		style(l, BAO_MIXED_NUMBERING, it, it, k, "'%s': this North ply has no "
		      "number, but North's ply at line %lu, column %lu has one; "
		      "number every North ply after the first ply, or none", q,
		      l->numbering_loc.line, l->numbering_loc.col);
}

void
bao_lint_init(bao_lint *l, nt_reporter *rep)
{
	l->rep = rep;
	l->numbering = -1;
	l->numbering_reported = 0;
}

void
bao_lint_ply(bao_lint *l, const bao_item *number, const bao_item *it,
             const bao_word *w, const bao_played *pl, const char *q,
             const char *canonical, long k, int numbered)
{
	lint_number(l, number, it, q, k, numbered, pl->move.side == BAO_NORTH);
	lint_token(l, it, w, pl, q, canonical, k);
}
