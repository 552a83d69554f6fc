/* Why a ply is illegal, or a word no move, in the game's own terms. */
#include "games/bao/record.h"

#include <stdio.h>
#include <string.h>

const char *
bao_code_name(int code)
{
	if (code < 0 || code >= BAO_CODE_COUNT)
		code = BAO_NOT_LEGAL;
	return bao_codes[code].code;
}

const char *
bao_side_name(int side)
{
	return side == BAO_SOUTH ? "South" : "North";
}

/* The capture a mover must play instead, named with its facing pit. */
static void
capture_hint(const bao_pos *p, const bao_analysis *a, char *out, size_t size)
{
	const bao_move *c = &a->capture_example;
	const unsigned char *me = p->pit[p->side];
	char pit[3], end[3], facing[3], tok[BAO_TOKEN_TEXT];
	if (a->namu) {
		snprintf(out, size, "%s faces %s", bao_pit_name(p->side, c->ring, pit),
		         bao_pit_name(BAO_OTHER(p->side), 7 - c->ring, facing));
		return;
	}
	int dir = (c->ring < 8) == (c->sign == BAO_SIGN_RIGHT) ? 1 : -1;
	int e = (c->ring + 64 + dir * me[c->ring]) & 15;
	snprintf(out, size, "%s: its first lap ends in %s, which faces %s",
	         bao_token_format(c, 0, 0, tok), bao_pit_name(p->side, e, end),
	         bao_pit_name(BAO_OTHER(p->side), 7 - e, facing));
}

/* "a6, a7": the mover's front pits holding 2 or more seeds. */
static void
list_big_pits(const bao_pos *p, char *out, size_t size)
{
	size_t o = 0;
	out[0] = '\0';
	for (int i = 0; i < 8; i++) {
		if (p->pit[p->side][i] < 2)
			continue;
		char pit[3];
		o += (size_t)snprintf(out + o, size - o, "%s%s", o ? ", " : "",
		                      bao_pit_name(p->side, i, pit));
		if (o >= size)
			break;
	}
}

void
bao_explain(const bao_rules *r, const bao_pos *p, const bao_analysis *a,
            const bao_move *m, const bao_outcome *o, int code,
            const char *q, char *out, size_t size)
{
	(void)r;
	const char *who = bao_side_name(p->side);
	char pit[3], hint[160], other[3];
	int n = p->pit[m->side][m->ring];
	bao_pit_name(m->side, m->ring, pit);
	switch (code) {
	case BAO_WRONG_SIDE:
		snprintf(out, size, "'%s': it is %s's turn, and %s is %s's pit", q,
		         who, pit, bao_side_name(m->side));
		break;
	case BAO_BACK_ROW_IN_NAMUA:
		snprintf(out, size, "'%s': %s still has %d seed%s in reserve, so the "
		         "seed must go into a front pit", q, who, p->reserve[p->side],
		         p->reserve[p->side] == 1 ? "" : "s");
		break;
	case BAO_EMPTY_PIT:
		snprintf(out, size, "'%s': %s is empty; the reserve seed must go into "
		         "an occupied pit", q, pit);
		break;
	case BAO_TOO_FEW_SEEDS:
		if (n == 0)
			snprintf(out, size, "'%s': %s is empty; a mtaji move starts from "
			         "a pit with at least 2 seeds", q, pit);
		else
			snprintf(out, size, "'%s': %s holds 1 seed; a mtaji move starts "
			         "from a pit with at least 2", q, pit);
		break;
	case BAO_CAPTURE_REQUIRED:
		capture_hint(p, a, hint, sizeof hint);
		snprintf(out, size, "'%s': %s must capture (%s)%s", q, who, hint,
		         !a->namu && n >= 16 ? "; a pit of 16 or more seeds never "
		                               "captures" : "");
		break;
	case BAO_KICHWA_FORCED: {
		int left = m->ring <= 1;
		char tok[BAO_TOKEN_TEXT];
		bao_move fixed = *m;
		fixed.sign = left ? BAO_SIGN_LEFT : BAO_SIGN_RIGHT;
		snprintf(out, size, "'%s': a capture from %s must enter at the %s "
		         "kichwa %s ('%s')", q, pit, left ? "left" : "right",
		         bao_pit_name(m->side, left ? 0 : 7, other),
		         bao_token_format(&fixed, 0, 0, tok));
		break;
	}
	case BAO_NYUMBA_PLACEMENT:
		snprintf(out, size, "'%s': the seed may not go into the nyumba while "
		         "other front pits are occupied", q);
		break;
	case BAO_SINGLETON_PLACEMENT:
		list_big_pits(p, hint, sizeof hint);
		snprintf(out, size, "'%s': without a nyumba the seed must go into a "
		         "pit holding 2 or more seeds (%s)", q, hint);
		break;
	case BAO_MTAJI_BACK_ROW:
		list_big_pits(p, hint, sizeof hint);
		snprintf(out, size, "'%s': a takata may start in the back row only "
		         "when every front pit holds at most one seed (%s hold%s more)",
		         q, hint, strchr(hint, ',') ? "" : "s");
		break;
	case BAO_TAKASIA_START:
		snprintf(out, size, "'%s': %s is takasia this turn and may not be "
		         "played", q, pit);
		break;
	case BAO_FRONT_ROW_EMPTIED: {
		char from[3], to[3];
		int lifted = o->emptied_from >= 0 ? o->emptied_from : m->ring;
		snprintf(out, size, "'%s': sowing %s towards %s would leave %s's "
		         "front row empty", q, bao_pit_name(p->side, lifted, from),
		         bao_pit_name(p->side, o->emptied_at, to), who);
		break;
	}
	case BAO_SAFARI_NO_DECISION:
		if (o->kind == BAO_NC || o->kind == BAO_MC)
			snprintf(out, size, "'%s': no lap of this move ends in %s's "
			         "functional nyumba, so there is no safari to choose", q,
			         who);
		else
			snprintf(out, size, "'%s': a takata has no stop or safari to "
			         "choose; '+' marks a safari in a capture move", q);
		break;
	case BAO_NEVER_ENDING:
		if (o->lap_cap)
			snprintf(out, size, "'%s': this sowing never ends (it goes on "
			         "for more than %ld laps)", q, BAO_MAX_LAPS);
		else
			snprintf(out, size, "'%s': this sowing never ends (it returns to "
			         "the same position after a relay)", q);
		break;
	default:
		snprintf(out, size, "'%s': not a legal move in this position", q);
		break;
	}
}

void
bao_syntax_hint(const char *word, const bao_word *w, int fault, char *out,
                size_t size)
{
	const char *c = word;
	switch (fault) {
	case BAO_NEEDS_LENIENT:
		if (w->lr)
			snprintf(out, size, "'L' and 'R' are read only with --lenient; "
			         "the sign is '<' or '>'");
		else if (w->letter == 0)
			snprintf(out, size, "a move without its row letter is read only "
			         "with --lenient; rows are A, B (South) and a, b (North)");
		else
			snprintf(out, size, "a move without its sign is read only with "
			         "--lenient; the sign is '<' or '>'");
		return;
	case BAO_NO_LETTER_IN_MTAJI:
		snprintf(out, size, "the row letter may be left out only in a namu "
		         "ply");
		return;
	case BAO_NO_SIGN:
		snprintf(out, size, "the sign may be left out only for a namu "
		         "capture from pit 1, 2, 7 or 8 of the side to move");
		return;
	default:
		break;
	}
	size_t digits = strspn(c, "0123456789");
	if (c[0] == '0' && digits > 1 && c[digits] == '.')
		snprintf(out, size, "a move number is written without leading "
		         "zeros");
	else if (c[0] >= '0' && c[0] <= '9')
		snprintf(out, size, "a move number ends with '.' (South) or '...' "
		         "(North), and a move starts with its row letter");
	else if (c[0] == '\0' || strchr("ABab", c[0]) == NULL)
		snprintf(out, size, "rows are A, B (South) and a, b (North)");
	else if (c[1] < '1' || c[1] > '8')
		snprintf(out, size, "pits are numbered 1 to 8");
	else if (c[2] != '<' && c[2] != '>')
		snprintf(out, size, "the pit is followed by its sign, '<' or '>'");
	else
		snprintf(out, size, "after the sign come only '+', then '*' or "
		         "'**', then '#', in that order");
}
