/* Options and presets (spec section 2). */
#include "games/umlabalaba/um.h"
#include "core/report.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

void
um_rules_default(um_rules *r)
{
	memset(r, 0, sizeof *r);
	r->points = 24;
	r->diagonals = UM_DIAG_FULL;
	r->diagonal_mills = 1;
	r->centre_mills = UM_CENTRE_MIDDLE;
	r->first = UM_BLACK;
	r->flying = 1;
	r->capture_mandatory = 1;
	r->protection = UM_PROTECT_GAR;
	r->double_mill_per_mill = 0;
	r->no_shuttle = 1;
	r->blocked_pass = 0;
	r->full_board = UM_FULL_DRAW;
	r->draw3 = UM_DRAW3_EITHER;
	r->draw3_plies = 10;
	r->nmove = 0;
	r->repetition = 0;
}

int
um_rules_preset(um_rules *r, const char *name, int *diagonals_set)
{
	if (strcmp(name, "gar") == 0)
		return 0;
	if (strcmp(name, "blac") == 0) {
		r->blocked_pass = 1;
		r->full_board = UM_FULL_ILOBOLA;
		return 0;
	}
	if (strcmp(name, "isipowe") == 0) {
		r->blocked_pass = 1;
		r->full_board = UM_FULL_ILOBOLA;
		r->diagonals = UM_DIAG_NONE;
		*diagonals_set = 1;
		return 0;
	}
	if (strcmp(name, "isisuthu") == 0) {
		r->points = 25;
		r->diagonals = UM_DIAG_OUTER;
		*diagonals_set = 1;
		r->centre_mills = UM_CENTRE_MIDDLE;
		r->flying = 0;
		return 0;
	}
	return -1;
}

/* Option names in the order of the spec's table; bit i of `seen` is name i. */
static const char *const option_names[UM_OPT_COUNT + 1] = {
	"diagonals", "diagonal_mills", "centre_mills", "first", "flying",
	"capture", "protection", "double_mill", "no_shuttle", "blocked",
	"full_board", "draw3", "draw3_plies", "nmove", "repetition", NULL
};

/* For options with named values: the names, in enum order. */
static const char *const *const option_values[UM_OPT_COUNT] = {
	[UM_OPT_DIAGONALS] = (const char *const[]){ "full", "outer", "none", NULL },
	[UM_OPT_DIAGONAL_MILLS] = (const char *const[]){ "off", "on", NULL },
	[UM_OPT_CENTRE_MILLS] = (const char *const[]){ "middle", "any", "none", NULL },
	[UM_OPT_FIRST] = (const char *const[]){ "B", "W", NULL },
	[UM_OPT_FLYING] = (const char *const[]){ "off", "on", NULL },
	[UM_OPT_CAPTURE] = (const char *const[]){ "optional", "mandatory", NULL },
	[UM_OPT_PROTECTION] = (const char *const[]){ "gar", "forfeit", "none", NULL },
	[UM_OPT_DOUBLE_MILL] = (const char *const[]){ "one", "per-mill", NULL },
	[UM_OPT_NO_SHUTTLE] = (const char *const[]){ "off", "on", NULL },
	[UM_OPT_BLOCKED] = (const char *const[]){ "lose", "pass", NULL },
	[UM_OPT_FULL_BOARD] = (const char *const[]){ "draw", "blocked", "ilobola", NULL },
	[UM_OPT_DRAW3] = (const char *const[]){ "either", "both", "off", NULL },
};

static int
find_name(const char *const *names, const char *s, size_t len)
{
	for (int i = 0; names[i] != NULL; i++)
		if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0)
			return i;
	return -1;
}

/*
 * Plain decimal: digits only, no sign, no leading zero; at least MIN.  Any
 * length is valid; counts beyond a long saturate (they are never reached).
 */
static int
parse_integer(const char *s, size_t len, long min, long *out)
{
	if (len == 0 || (len > 1 && s[0] == '0'))
		return -1;
	long v = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		int digit = s[i] - '0';
		v = v > (LONG_MAX - digit) / 10 ? LONG_MAX : v * 10 + digit;
	}
	if (v < min)
		return -1;
	*out = v;
	return 0;
}

static void
set_named(um_rules *r, int id, int v)
{
	switch (id) {
	case UM_OPT_DIAGONALS: r->diagonals = v; break;
	case UM_OPT_DIAGONAL_MILLS: r->diagonal_mills = v; break;
	case UM_OPT_CENTRE_MILLS: r->centre_mills = v; break;
	case UM_OPT_FIRST: r->first = v; break;
	case UM_OPT_FLYING: r->flying = v; break;
	case UM_OPT_CAPTURE: r->capture_mandatory = v; break;
	case UM_OPT_PROTECTION: r->protection = v; break;
	case UM_OPT_DOUBLE_MILL: r->double_mill_per_mill = v; break;
	case UM_OPT_NO_SHUTTLE: r->no_shuttle = v; break;
	case UM_OPT_BLOCKED: r->blocked_pass = v; break;
	case UM_OPT_FULL_BOARD: r->full_board = v; break;
	case UM_OPT_DRAW3: r->draw3 = v; break;
	default: break;
	}
}

int
um_rules_option(um_rules *r, const char *item, size_t len, unsigned *seen,
                char *why, size_t whysize)
{
	const char *eq = memchr(item, '=', len);
	if (eq == NULL || eq == item || eq == item + len - 1) {
		char q[64];
		snprintf(why, whysize, "Options: '%s' is not name=value",
		         nt_quote(q, sizeof q, item, len));
		return -1;
	}
	size_t nlen = (size_t)(eq - item);
	const char *value = eq + 1;
	size_t vlen = len - nlen - 1;
	if (nlen == 5 && memcmp(item, "board", 5) == 0) {
		char q[24];
		snprintf(why, whysize, "Options: the board is not an option; "
		         "write [Board \"%s\"]", nt_quote(q, sizeof q, value, vlen));
		return -1;
	}
	int id = find_name(option_names, item, nlen);
	if (id < 0) {
		char q[64];
		snprintf(why, whysize, "Options: unknown option '%s'",
		         nt_quote(q, sizeof q, item, nlen));
		return -1;
	}
	if (*seen & (1u << id)) {
		snprintf(why, whysize, "Options: '%s' is given twice", option_names[id]);
		return -1;
	}
	*seen |= 1u << id;
	if (option_values[id] != NULL) {
		int v = find_name(option_values[id], value, vlen);
		if (v < 0) {
			char q[44];
			snprintf(why, whysize, "Options: '%s' is not a value of %s",
			         nt_quote(q, sizeof q, value, vlen), option_names[id]);
			return -1;
		}
		set_named(r, id, v);
		return 0;
	}
	long n;
	long min = id == UM_OPT_DRAW3_PLIES ? 1 : 0;
	if (parse_integer(value, vlen, min, &n) != 0) {
		char q[44];
		snprintf(why, whysize, "Options: %s takes a plain decimal number%s, "
		         "not '%s'", option_names[id], min ? " of at least 1" : "",
		         nt_quote(q, sizeof q, value, vlen));
		return -1;
	}
	if (id == UM_OPT_DRAW3_PLIES)
		r->draw3_plies = n;
	else if (id == UM_OPT_NMOVE)
		r->nmove = n;
	else
		r->repetition = n;
	return 0;
}

const char *
um_option_name(int id)
{
	return id >= 0 && id < UM_OPT_COUNT ? option_names[id] : NULL;
}

/* The value of every option of R, by id: named ones as their index. */
static void
option_values_of(const um_rules *r, int named[UM_OPT_COUNT],
                 long numbers[UM_OPT_COUNT])
{
	int v[] = {
		r->diagonals, r->diagonal_mills, r->centre_mills, r->first, r->flying,
		r->capture_mandatory, r->protection, r->double_mill_per_mill,
		r->no_shuttle, r->blocked_pass, r->full_board, r->draw3
	};
	for (int id = 0; id < UM_OPT_COUNT; id++)
		named[id] = id < UM_OPT_DRAW3_PLIES ? v[id] : 0, numbers[id] = 0;
	numbers[UM_OPT_DRAW3_PLIES] = r->draw3_plies;
	numbers[UM_OPT_NMOVE] = r->nmove;
	numbers[UM_OPT_REPETITION] = r->repetition;
}

void
um_option_value(const um_rules *r, int id, char *out, size_t size)
{
	int named[UM_OPT_COUNT];
	long numbers[UM_OPT_COUNT];
	option_values_of(r, named, numbers);
	if (option_values[id] != NULL)
		snprintf(out, size, "%s", option_values[id][named[id]]);
	else
		snprintf(out, size, "%ld", numbers[id]);
}

int
um_option_of_item(const char *item, size_t len)
{
	const char *eq = memchr(item, '=', len);
	return find_name(option_names, item, eq ? (size_t)(eq - item) : len);
}

int
um_rules_option_seen_diagonals(unsigned seen)
{
	return (seen & (1u << UM_OPT_DIAGONALS)) != 0;
}

void
um_format_rules(const um_rules *r, char *out, size_t size)
{
	size_t o = (size_t)snprintf(out, size, "board=%d", r->points);
	for (int id = 0; id < UM_OPT_COUNT && o < size; id++) {
		char value[24];
		um_option_value(r, id, value, sizeof value);
		int w = snprintf(out + o, size - o, " %s=%s", option_names[id], value);
		if (w < 0)
			break;
		o += (size_t)w;
	}
}
