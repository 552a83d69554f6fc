#include "umlabalaba/pgn_test.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

const char *const pt_tags_71 =
	"[Event \"Club evening, board 2\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
	"[Round \"?\"]\n[White \"Player A\"]\n[Black \"Player B\"]\n"
	"[Result \"*\"]\n[Variant \"Morabaraba\"]\n[PlyCount \"31\"]\n"
	"[Options \"nmove=0 repetition=0\"]\n\n";

const char *const pt_moves_71 =
	"{ Placement: twelve turns each. }\n"
	"1. f2 f6\n2. a4 d1\n3. c5 c4\n4. d2 f4\n"
	"5. b2xd1 { 13-14-15 is a mill: Black shoots the cow on 6 } b6\n"
	"6. e5 a7\n7. d5xb6 g4\n8. c3 e4xc3\n9. c3 d3\n10. g7 d7\n"
	"11. a1xf6 e3\n12. d1 d6 { Movement. }\n";

const char *
pt_game_71(const char *tail, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s%s", pt_tags_71, pt_moves_71, tail);
	return buf;
}

static void
outcome_of(const ts_result *r, pt_outcome *o)
{
	memset(o, 0, sizeof *o);
	o->ndiags = (int)r->ndiags;
	if (r->ndiags > 0) {
		snprintf(o->code, sizeof o->code, "%s", r->diags[0].code);
		o->index = r->diags[0].move;
		o->line = r->diags[0].lineno;
		o->col = r->diags[0].col;
		snprintf(o->message, sizeof o->message, "%s", r->diags[0].message);
	}
	size_t n = 0;
	for (size_t i = 0; i < r->ndiags && n < sizeof o->all - 1; i++) {
		int w = snprintf(o->all + n, sizeof o->all - n, "%s\n",
		                 r->diags[i].line);
		if (w > 0)
			n += (size_t)w;
	}
	snprintf(o->result, sizeof o->result, "%s", r->summary.result);
	o->moves = r->summary.moves;
}

void
pt_check_named(const char *name, const char *text, pt_outcome *o)
{
	static const ts_config tiny = { .buffer_size = 64, .read_chunk = 7 };
	ts_result r, t;
	if (name == NULL)
		name = "t.pgn";
	ts_check("umlabalaba", name, text, strlen(text), NULL, &r);
	ts_check("umlabalaba", name, text, strlen(text), &tiny, &t);
	outcome_of(&r, o);
	pt_outcome small;
	outcome_of(&t, &small);
	ck_assert_msg(strcmp(o->all, small.all) == 0 && o->moves == small.moves &&
	              strcmp(o->result, small.result) == 0,
	              "a 64-byte buffer reads otherwise:\n%s---\n%s", o->all,
	              small.all);
	ts_free(&r);
	ts_free(&t);
}

void
pt_check(const char *text, pt_outcome *o)
{
	pt_check_named(NULL, text, o);
}

void
pt_expect_legal(const char *text, const char *result, int line)
{
	pt_outcome o;
	pt_check(text, &o);
	ck_assert_msg(o.ndiags == 0, "line %d: expected legal, got %s", line,
	              o.all);
	if (result != NULL)
		ck_assert_msg(strcmp(o.result, result) == 0, "line %d: result %s, "
		              "not %s", line, o.result, result);
}

void
pt_expect(const char *text, const char *code, long index,
          unsigned long at_line, unsigned long at_col, int line)
{
	pt_outcome o;
	pt_check(text, &o);
	ck_assert_msg(o.ndiags > 0, "line %d: expected %s, got a legal file",
	              line, code);
	ck_assert_msg(strcmp(o.code, code) == 0 && o.index == index,
	              "line %d: expected %s at index %ld, got %s", line, code,
	              index, o.all);
	if (at_line != 0)
		ck_assert_msg(o.line == at_line && o.col == at_col, "line %d: "
		              "expected at %lu:%lu, got %s", line, at_line, at_col,
		              o.all);
}

void
pt_convert(const char *name, const char *text, size_t len, const char *form,
           ts_result *r)
{
	ts_convert("umlabalaba", name, text, len, form, NULL, r);
}
