#include "umlabalaba/um_test.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

const char *const ut_game_71_placements =
	"1B>13 1W>11\n2B>8 2W>6\n3B>17 3W>24\n4B>14 4W>12\n5B>15<6 5W>9\n"
	"6B>19 6W>1\n7B>18<9 7W>4\n8B>23 8W>20<23\n9B>23 9W>22\n10B>3 10W>2\n"
	"11B>7<11 11W>21\n12B>6 12W>10\n";

void
ut_check(const char *text, ut_outcome *o)
{
	ts_result r;
	ts_check("umlabalaba", "t.umla", text, strlen(text), NULL, &r);
	memset(o, 0, sizeof *o);
	o->ndiags = (int)r.ndiags;
	if (r.ndiags > 0) {
		snprintf(o->code, sizeof o->code, "%s", r.diags[0].code);
		o->index = r.diags[0].move;
		o->line = r.diags[0].lineno;
		o->col = r.diags[0].col;
		o->end_line = r.diags[0].end_lineno;
		o->end_col = r.diags[0].end_col;
		snprintf(o->text, sizeof o->text, "%s", r.diags[0].line);
	}
	size_t n = 0;
	for (size_t i = 0; i < r.ndiags && n < sizeof o->all - 1; i++) {
		int w = snprintf(o->all + n, sizeof o->all - n, "%s\n",
		                 r.diags[i].line);
		if (w > 0)
			n += (size_t)w;
	}
	snprintf(o->result, sizeof o->result, "%s", r.summary.result);
	o->moves = r.summary.moves;
	ts_free(&r);
}

char *
ut_generate(const nt_generate_request *req, size_t *len)
{
	FILE *f = tmpfile();
	ck_assert(f != NULL);
	nt_sink out = nt_sink_stdio(f), err = nt_sink_stdio(stderr);
	ck_assert_int_eq(nt_generate(nt_game_by_name("umlabalaba"), req, &out,
	                             &err), 0);
	long size = ftell(f);
	rewind(f);
	char *text = malloc((size_t)size + 1);
	ck_assert(text != NULL);
	ck_assert(fread(text, 1, (size_t)size, f) == (size_t)size);
	text[size] = '\0';
	fclose(f);
	*len = (size_t)size;
	return text;
}

void
ut_expect_legal(const char *text, const char *result, int line)
{
	ut_outcome o;
	ut_check(text, &o);
	ck_assert_msg(o.ndiags == 0, "line %d: expected legal, got %s", line,
	              o.text);
	if (result != NULL)
		ck_assert_msg(strcmp(o.result, result) == 0,
		              "line %d: expected result %s, got %s", line, result,
		              o.result);
}

void
ut_expect_code(const char *text, const char *code, long index, int line)
{
	ut_outcome o;
	ut_check(text, &o);
	ck_assert_msg(o.ndiags > 0, "line %d: expected %s, got a legal file",
	              line, code);
	ck_assert_msg(strcmp(o.code, code) == 0 && o.index == index,
	              "line %d: expected %s at index %ld, got %s (index %ld)",
	              line, code, index, o.text, o.index);
}

void
ut_rules(um_rules *r, const char *preset, int board, const char *options)
{
	int diagonals_set = 0;
	unsigned seen = 0;
	char why[160];
	um_rules_default(r);
	if (preset != NULL)
		ck_assert(um_rules_preset(r, preset, &diagonals_set) == 0);
	if (board)
		r->points = board;
	const char *s = options ? options : "";
	while (*s) {
		while (*s == ' ')
			s++;
		const char *e = s;
		while (*e && *e != ' ')
			e++;
		if (e > s)
			ck_assert_msg(um_rules_option(r, s, (size_t)(e - s), &seen, why,
			                              sizeof why) == 0, "%s", why);
		s = e;
	}
	if (!diagonals_set && !um_rules_option_seen_diagonals(seen))
		r->diagonals = r->points == 25 ? UM_DIAG_OUTER : UM_DIAG_FULL;
}

static unsigned long long
next_random(unsigned long long *s)
{
	unsigned long long z = (*s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

typedef struct nth {
	long want, seen;
	um_turn turn;
} nth;

static void
take_nth(void *ctx, const um_turn *t)
{
	nth *n = ctx;
	if (n->seen++ == n->want)
		n->turn = *t;
}

static void
headers_for(char *out, size_t size, const char *preset, int board,
            const char *options)
{
	size_t o = 0;
	out[0] = '\0';
	if (preset)
		o += (size_t)snprintf(out + o, size - o, "[Rules \"%s\"]\n", preset);
	if (board)
		o += (size_t)snprintf(out + o, size - o, "[Board \"%d\"]\n", board);
	if (options && *options)
		o += (size_t)snprintf(out + o, size - o, "[Options \"%s\"]\n", options);
	snprintf(out + o, size - o, "\n");
}

int
ut_find(const char *preset, int board, const char *options, ut_pred pred,
        ut_found *f)
{
	memset(f, 0, sizeof *f);
	ut_rules(&f->rules, preset, board, options);
	um_board_build(&f->board, &f->rules);
	for (unsigned long long seed = 1; seed <= 4000; seed++) {
		unsigned long long rs = seed;
		um_game g;
		um_game_init(&g, &f->rules, &f->board);
		headers_for(f->text, sizeof f->text, preset, board, options);
		size_t len = strlen(f->text);
		long moves = 0;
		for (;;) {
			if (pred(&g)) {
				f->game = g;
				memset(&f->game.history, 0, sizeof f->game.history);
				f->moves = moves;
				um_game_free(&g);
				return 1;
			}
			long n = um_each_turn(&g, NULL, NULL);
			if (n == 0 || len > sizeof f->text - 64)
				break;
			nth pick = { (long)(next_random(&rs) % (unsigned long long)n), 0,
			             { 0, 0, 0, 0, { 0 }, 0 } };
			um_each_turn(&g, take_nth, &pick);
			char text[UM_MOVE_TEXT];
			um_format_turn(&pick.turn, g.to_move, um_expected_number(&g), 0, 0,
			               text, sizeof text);
			um_verdict v;
			ck_assert_msg(um_play_turn(&g, &pick.turn, moves + 1, &v) == 0,
			              "generated turn %s refused: %s", text, v.message);
			len += (size_t)snprintf(f->text + len, sizeof f->text - len,
			                        "%s\n", text);
			moves++;
		}
		um_game_free(&g);
	}
	return 0;
}

void
ut_append(const ut_found *f, const char *moves, char *out, size_t size)
{
	snprintf(out, size, "%s%s\n", f->text, moves);
}
