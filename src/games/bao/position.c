/* Rule choices, BaoPOS writing, pit names and canonical tokens. */
#include "games/bao/bao.h"

#include <stdio.h>
#include <string.h>

void
bao_rules_default(bao_rules *r)
{
	memset(r, 0, sizeof *r);
	r->takasia = 1;
	r->takasia_nyumba_exception = 1;
}

int
bao_rules_is_default(const bao_rules *r)
{
	bao_rules d;
	bao_rules_default(&d);
	return memcmp(r, &d, sizeof d) == 0;
}

typedef struct rule_name {
	const char *name;
	const char *off, *on;      /* the two values: field 0, field 1 */
	size_t offset;
} rule_name;

static const rule_name rule_names[] = {
	{ "takasia", "off", "on", offsetof(bao_rules, takasia) },
	{ "takasia_nyumba_exception", "off", "on",
	  offsetof(bao_rules, takasia_nyumba_exception) },
	{ "takasia_exempt_singleton", "off", "on",
	  offsetof(bao_rules, takasia_exempt_singleton) },
	{ "mtaji_nyumba", "continue", "choice",
	  offsetof(bao_rules, mtaji_nyumba_choice) },
	{ "namua_house_means", "functional", "owned",
	  offsetof(bao_rules, namua_house_owned) },
};

int
bao_rules_set(bao_rules *r, const char *assignment, char *why, size_t whysize)
{
	const char *eq = strchr(assignment, '=');
	size_t nlen = eq ? (size_t)(eq - assignment) : strlen(assignment);
	for (size_t i = 0; i < sizeof rule_names / sizeof rule_names[0]; i++) {
		const rule_name *rn = &rule_names[i];
		if (strlen(rn->name) != nlen ||
		    strncmp(rn->name, assignment, nlen) != 0)
			continue;
		const char *v = eq ? eq + 1 : "";
		unsigned char *field = (unsigned char *)r + rn->offset;
		if (strcmp(v, rn->on) == 0) {
			*field = 1;
		} else if (strcmp(v, rn->off) == 0) {
			*field = 0;
		} else {
			snprintf(why, whysize, "rule %s takes %s or %s, not '%.40s'",
			         rn->name, rn->on, rn->off, v);
			return -1;
		}
		return 0;
	}
	snprintf(why, whysize, "Bao has no rule '%.*s' (rules: takasia, "
	         "takasia_nyumba_exception, takasia_exempt_singleton, "
	         "mtaji_nyumba, namua_house_means)", (int)(nlen > 40 ? 40 : nlen),
	         assignment);
	return -1;
}

void
bao_pos_initial(bao_pos *p)
{
	memset(p, 0, sizeof *p);
	for (int s = 0; s < 2; s++) {
		p->pit[s][BAO_NYUMBA] = 6;
		p->pit[s][5] = 2;
		p->pit[s][6] = 2;
		p->reserve[s] = 22;
		p->house[s] = 1;
	}
	p->takasia = -1;
	p->side = BAO_SOUTH;
}

int
bao_pos_equal(const bao_pos *a, const bao_pos *b)
{
	return memcmp(a->pit, b->pit, sizeof a->pit) == 0 &&
	       a->reserve[0] == b->reserve[0] && a->reserve[1] == b->reserve[1] &&
	       !a->house[0] == !b->house[0] && !a->house[1] == !b->house[1] &&
	       a->takasia == b->takasia && a->side == b->side;
}

int
bao_pos_seeds(const bao_pos *p)
{
	int n = p->reserve[0] + p->reserve[1];
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < 16; i++)
			n += p->pit[s][i];
	return n;
}

char *
bao_pit_name(int side, int ring, char *out)
{
	int back = ring >= 8;
	out[0] = (char)(side == BAO_SOUTH ? (back ? 'B' : 'A') : (back ? 'b' : 'a'));
	out[1] = (char)('0' + (back ? 16 - ring : ring + 1));
	out[2] = '\0';
	return out;
}

int
bao_sign_for(int ring, int dir, int namu_capture)
{
	/* A namu capture's sign names the kichwa: pit 1 sows clockwise. */
	if (namu_capture || ring >= 8)
		return dir == 1 ? BAO_SIGN_LEFT : BAO_SIGN_RIGHT;
	return dir == 1 ? BAO_SIGN_RIGHT : BAO_SIGN_LEFT;
}

char *
bao_token_format(const bao_move *m, int annotation, int ends_game, char *out)
{
	/* Built by hand: this runs for every ply, and snprintf was most of
	   the cost of checking a folder of games. */
	char *o = out;
	bao_pit_name(m->side, m->ring, o);
	o += 2;
	*o++ = m->sign == BAO_SIGN_RIGHT ? '>' : '<';
	if (m->safari)
		*o++ = '+';
	for (int i = 0; i < annotation && i < 2; i++)
		*o++ = '*';
	if (ends_game)
		*o++ = '#';
	*o = '\0';
	return out;
}

static char *
put_row(char *o, const unsigned char *pits, const int *rings)
{
	for (int i = 0; i < 8; i++)
		o += sprintf(o, i ? ",%d" : "%d", pits[rings[i]]);
	return o;
}

char *
bao_pos_format(const bao_pos *p, char *out)
{
	/* Rows as South sees them: b8..b1, a8..a1, A1..A8, B1..B8. */
	static const int north_back[8] = { 8, 9, 10, 11, 12, 13, 14, 15 };
	static const int north_front[8] = { 7, 6, 5, 4, 3, 2, 1, 0 };
	static const int south_front[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	static const int south_back[8] = { 15, 14, 13, 12, 11, 10, 9, 8 };
	char *o = out;
	o = put_row(o, p->pit[BAO_NORTH], north_back);
	*o++ = '/';
	o = put_row(o, p->pit[BAO_NORTH], north_front);
	*o++ = '/';
	o = put_row(o, p->pit[BAO_SOUTH], south_front);
	*o++ = '/';
	o = put_row(o, p->pit[BAO_SOUTH], south_back);
	const char *houses = p->house[0] ? (p->house[1] ? "SN" : "S")
	                                 : (p->house[1] ? "N" : "-");
	char pit[3] = "-";
	if (p->takasia >= 0)
		bao_pit_name(p->side, p->takasia, pit);
	sprintf(o, " %c %d,%d %s %s", p->side == BAO_SOUTH ? 'S' : 'N',
	        p->reserve[0], p->reserve[1], houses, pit);
	return out;
}
