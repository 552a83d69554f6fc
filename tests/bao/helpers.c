/* Test helpers for the Bao suites (see bao_test.h). */
#include "bao/bao_test.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

void
bt_pos(bao_pos *p, const char *text)
{
	char why[200];
	int rc = bao_pos_parse(p, text, strlen(text), why, sizeof why);
	ck_assert_msg(rc == 0, "bad test position '%s': %s", text, why);
}

const char *
bt_fmt(const bao_pos *p, char out[BAO_POS_TEXT])
{
	return bao_pos_format(p, out);
}

static const bao_rules *
rules_or_default(const bao_rules *r, bao_rules *d)
{
	if (r)
		return r;
	bao_rules_default(d);
	return d;
}

int
bt_legal(const bao_rules *r, const char *text, bao_legal out[BAO_MAX_MOVES])
{
	bao_rules d;
	bao_pos p;
	bt_pos(&p, text);
	return bao_generate(rules_or_default(r, &d), &p, out);
}

const char *
bt_tokens(const bao_rules *r, const char *text, char *out, size_t size)
{
	bao_legal l[BAO_MAX_MOVES];
	int n = bt_legal(r, text, l);
	size_t o = 0;
	out[0] = '\0';
	for (int i = 0; i < n && o < size; i++) {
		char tok[BAO_TOKEN_TEXT];
		bao_token_format(&l[i].move, l[i].annotation,
		                 l[i].over != BAO_ONGOING, tok);
		o += (size_t)snprintf(out + o, size - o, "%s%s", i ? " " : "", tok);
	}
	return out;
}

/* Pit, sign and '+' of a strict token. */
static void
parse_token(const char *token, int mover, bao_move *m)
{
	(void)mover;
	char c = token[0];
	ck_assert_msg(strchr("ABab", c) && token[1] >= '1' && token[1] <= '8' &&
	              (token[2] == '<' || token[2] == '>'), "bad test token %s",
	              token);
	int back = c == 'B' || c == 'b';
	int n = token[1] - '0';
	m->side = (unsigned char)(c == 'A' || c == 'B' ? BAO_SOUTH : BAO_NORTH);
	m->ring = (unsigned char)(back ? 16 - n : n - 1);
	m->sign = (unsigned char)(token[2] == '>' ? BAO_SIGN_RIGHT : BAO_SIGN_LEFT);
	m->safari = token[3] == '+';
}

const bao_legal *
bt_find(const bao_legal *l, int n, const char *token)
{
	bao_move m;
	parse_token(token, 0, &m);
	for (int i = 0; i < n; i++)
		if (memcmp(&l[i].move, &m, sizeof m) == 0)
			return &l[i];
	return NULL;
}

int
bt_judge(const bao_rules *r, const char *text, const char *token,
         bao_pos *after, bao_outcome *outcome)
{
	bao_rules d;
	const bao_rules *rules = rules_or_default(r, &d);
	bao_pos p, scratch;
	bao_outcome o;
	bt_pos(&p, text);
	bao_move m;
	parse_token(token, p.side, &m);
	bao_analysis a;
	bao_analyse(rules, &p, &a);
	int code = bao_judge(rules, &p, &a, &m, after ? after : &scratch,
	                     outcome ? outcome : &o);
	if (code == BAO_OK && after) {
		int over, winner;
		bao_conclude(rules, after, outcome ? outcome : &o, &over, &winner);
	}
	return code;
}
