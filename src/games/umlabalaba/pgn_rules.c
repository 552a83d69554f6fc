/*
 * Which rule sets mill PGN can carry (umlabalaba-pgn.md, section 3): the
 * two Sanmill variants, each a full set of options, and the five options
 * that the Options tag may change because they decide nothing Sanmill
 * would replay otherwise (the first side and the draw counts).
 */
#include "games/umlabalaba/pgn_rules.h"

#include <stdio.h>
#include <string.h>

static const char *const variant_names[] = {
	[UM_VARIANT_MORABARABA] = "Morabaraba",
	[UM_VARIANT_TWELVE] = "Twelve Men's Morris",
};

const char *
um_pgn_variant_name(int variant)
{
	return variant_names[variant == UM_VARIANT_TWELVE];
}

void
um_pgn_variant_rules(um_rules *r, int variant)
{
	um_rules_default(r);
	r->nmove = 100;
	r->repetition = 3;
	if (variant == UM_VARIANT_TWELVE) {
		r->no_shuttle = 0;
		r->full_board = UM_FULL_BLOCKED;
		r->draw3 = UM_DRAW3_OFF;
	}
}

int
um_pgn_option_free(int id)
{
	return id == UM_OPT_FIRST || id == UM_OPT_DRAW3 ||
	       id == UM_OPT_DRAW3_PLIES || id == UM_OPT_NMOVE ||
	       id == UM_OPT_REPETITION;
}

static int
same_value(const um_rules *a, const um_rules *b, int id)
{
	char x[24], y[24];
	um_option_value(a, id, x, sizeof x);
	um_option_value(b, id, y, sizeof y);
	return strcmp(x, y) == 0;
}

/* Whether R is VARIANT's but for the five and centre_mills. */
static int
is_variant(const um_rules *r, int variant)
{
	um_rules v;
	um_pgn_variant_rules(&v, variant);
	if (r->points != v.points)
		return 0;
	for (int id = 0; id < UM_OPT_COUNT; id++)
		if (!um_pgn_option_free(id) && id != UM_OPT_CENTRE_MILLS &&
		    !same_value(r, &v, id))
			return 0;
	return 1;
}

int
um_pgn_variant_of(const um_rules *r, int *differ)
{
	if (is_variant(r, UM_VARIANT_MORABARABA))
		return UM_VARIANT_MORABARABA;
	if (is_variant(r, UM_VARIANT_TWELVE))
		return UM_VARIANT_TWELVE;
	um_rules m;
	um_pgn_variant_rules(&m, UM_VARIANT_MORABARABA);
	*differ = UM_PGN_BOARD;
	if (r->points == m.points)
		for (int id = 0; id < UM_OPT_COUNT; id++)
			if (!um_pgn_option_free(id) && id != UM_OPT_CENTRE_MILLS &&
			    !same_value(r, &m, id)) {
				*differ = id;
				break;
			}
	return -1;
}

void
um_rules_items_differing(const um_rules *r, const um_rules *base,
                         int free_only, char *out, size_t size)
{
	size_t o = 0;
	out[0] = '\0';
	for (int id = 0; id < UM_OPT_COUNT && o < size; id++) {
		if ((free_only && !um_pgn_option_free(id)) || same_value(r, base, id))
			continue;
		char value[24];
		um_option_value(r, id, value, sizeof value);
		int w = snprintf(out + o, size - o, "%s%s=%s", o ? " " : "",
		                 um_option_name(id), value);
		if (w < 0)
			break;
		o += (size_t)w;
	}
}

/* Why an option's value is none of the variants'. */
static const char *
reason(const um_rules *r, int id)
{
	switch (id) {
	case UM_PGN_BOARD:
		return "Sanmill's board has no centre point";
	case UM_OPT_DIAGONALS:
	case UM_OPT_DIAGONAL_MILLS:
		return "both variants draw the four diagonals, and they make mills";
	case UM_OPT_FLYING:
		return "both variants let a side with three cows fly";
	case UM_OPT_CAPTURE:
		return "a mill always shoots there";
	case UM_OPT_PROTECTION:
		return "both variants shoot a cow in a mill only when all are";
	case UM_OPT_DOUBLE_MILL:
		return "two mills at once shoot one cow there";
	case UM_OPT_BLOCKED:
		return "a side that cannot move loses there; no turn is passed";
	case UM_OPT_FULL_BOARD:
		if (r->full_board == UM_FULL_ILOBOLA)
			return "a full board never owes ilobola there";
		return "Morabaraba draws a full board and keeps the shuttle rule, "
		       "Twelve Men's Morris neither";
	default:
		return "Morabaraba keeps the shuttle rule and draws a full board, "
		       "Twelve Men's Morris neither";
	}
}

void
um_pgn_no_equivalent(const um_rules *r, int differ, char *out, size_t size)
{
	if (differ == UM_PGN_BOARD) {
		snprintf(out, size, "the %d-point board has no equivalent in "
		         "Sanmill's variants (%s)", r->points, reason(r, differ));
		return;
	}
	char value[24];
	um_option_value(r, differ, value, sizeof value);
	snprintf(out, size, "%s=%s has no equivalent in Sanmill's variants (%s)",
	         um_option_name(differ), value, reason(r, differ));
}
