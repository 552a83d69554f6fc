/*
 * Random legal games, for property tests and benchmarks (notate generate).
 * The game is played twice from the same seed: once to learn its result for
 * the Result header, once to write it, so memory stays flat however long.
 */
#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "games/umlabalaba/um.h"

/* splitmix64: small, good enough, and its state is ours alone. */
typedef struct rng {
	unsigned long long s;
} rng;

static unsigned long long
rng_next(rng *r)
{
	unsigned long long z = (r->s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

static unsigned long
rng_below(rng *r, unsigned long n)
{
	return n ? (unsigned long)(rng_next(r) % n) : 0;
}

typedef struct pick {
	long want;
	long seen;
	um_turn turn;
} pick;

static void
pick_nth(void *ctx, const um_turn *t)
{
	pick *p = ctx;
	if (p->seen++ == p->want)
		p->turn = *t;
}

/* Whether playing T would end the game (tried on a copy). */
static int
ends_game(const um_game *g, const um_turn *t)
{
	um_game copy = *g;
	memset(&copy.history, 0, sizeof copy.history);
	um_verdict v;
	int ended = um_play_turn(&copy, t, 1, &v) == 0 && copy.result != UM_ONGOING;
	um_game_free(&copy);
	return ended;
}

/* Chooses a random legal turn; 0 when there is none. */
static int
choose_turn(const um_game *g, rng *r, int endless, um_turn *out)
{
	long n = um_each_turn(g, NULL, NULL);
	if (n == 0)
		return 0;
	long first = (long)rng_below(r, (unsigned long)n);
	for (long i = 0; i < n; i++) {
		pick p = { (first + i) % n, 0, { 0, 0, 0, 0, { 0 }, 0 } };
		um_each_turn(g, pick_nth, &p);
		*out = p.turn;
		if (!endless || !ends_game(g, out))
			return 1;
	}
	pick p = { first, 0, { 0, 0, 0, 0, { 0 }, 0 } };
	um_each_turn(g, pick_nth, &p);
	*out = p.turn;
	return 1;
}

/* How a generated file is laid out; the spec's layouts of section 4.6. */
enum layout { NUMBERED_PAIRS, NUMBERED_SINGLE, UNNUMBERED_ROWS, SPACED_SINGLE,
              LAYOUTS };

typedef struct writer {
	const nt_sink *out;
	int layout;
	int electronic;
	long on_line;
	int failed;
} writer;

static void
put(writer *w, const char *text)
{
	if (!w->failed && nt_sink_puts(w->out, text) != 0)
		w->failed = 1;
}

static void
write_turn(writer *w, const um_game *before, const um_turn *t)
{
	char text[UM_MOVE_TEXT];
	int side = before->to_move;
	long number = w->layout == NUMBERED_PAIRS || w->layout == NUMBERED_SINGLE
	              ? um_expected_number(before) : 0;
	um_format_turn(t, side, number, w->electronic, w->layout == SPACED_SINGLE,
	               text, sizeof text);
	if (w->on_line > 0)
		put(w, " ");
	put(w, text);
	w->on_line++;
	long per_line = w->layout == NUMBERED_PAIRS ? 2
	              : w->layout == UNNUMBERED_ROWS ? 6 : 1;
	/* A pair shares a line only when both sides play in the slot. */
	if (w->on_line >= per_line ||
	    (w->layout == NUMBERED_PAIRS && side != before->rules->first)) {
		put(w, "\n");
		w->on_line = 0;
	}
}

typedef struct setup {
	char preset[16];
	int board;
	char options[512];
} setup;

/* --rule items: rules=PRESET, board=24|25, or any Options item. */
static int
read_rules(const nt_generate_request *req, setup *su, um_rules *r,
           const nt_sink *err)
{
	int diagonals_set = 0;
	unsigned seen = 0;
	char why[160];
	memset(su, 0, sizeof *su);
	um_rules_default(r);
	for (size_t i = 0; i < req->nrules; i++) {
		const char *item = req->rules[i];
		if (strncmp(item, "rules=", 6) == 0) {
			snprintf(su->preset, sizeof su->preset, "%.15s", item + 6);
			if (um_rules_preset(r, su->preset, &diagonals_set) != 0) {
				nt_sink_printf(err, "unknown preset '%s'\n", su->preset);
				return 1;
			}
		}
	}
	for (size_t i = 0; i < req->nrules; i++) {
		const char *item = req->rules[i];
		if (strncmp(item, "rules=", 6) == 0)
			continue;
		if (strcmp(item, "board=24") == 0 || strcmp(item, "board=25") == 0) {
			su->board = item[7] == '4' ? 24 : 25;
			r->points = su->board;
			continue;
		}
		if (um_rules_option(r, item, strlen(item), &seen, why, sizeof why)) {
			nt_sink_printf(err, "%s\n", why);
			return 1;
		}
		size_t o = strlen(su->options);
		snprintf(su->options + o, sizeof su->options - o, "%s%s",
		         o ? " " : "", item);
	}
	if (!diagonals_set && !um_rules_option_seen_diagonals(seen))
		r->diagonals = r->points == 25 ? UM_DIAG_OUTER : UM_DIAG_FULL;
	return 0;
}

/* Plays the game of this seed; writes it when W is not NULL. */
static int
play(const nt_generate_request *req, const um_rules *rules, writer *w)
{
	rng r = { req->seed };
	um_board board;
	um_board_build(&board, rules);
	um_game g;
	um_game_init(&g, rules, &board);
	long moves = 0;
	um_turn t;
	while (g.result == UM_ONGOING &&
	       (req->max_moves <= 0 || moves < req->max_moves) &&
	       choose_turn(&g, &r, req->endless, &t)) {
		um_game before = g;
		um_verdict v;
		if (um_play_turn(&g, &t, moves + 1, &v) != 0)
			break;   /* cannot happen: the generator lists legal turns */
		moves++;
		if (w != NULL)
			write_turn(w, &before, &t);
	}
	int result = g.result;
	um_game_free(&g);
	return result;
}

int
um_generate(const nt_generate_request *req, const nt_sink *out,
            const nt_sink *err)
{
	setup su;
	um_rules rules;
	if (read_rules(req, &su, &rules, err) != 0)
		return 1;
	int result = play(req, &rules, NULL);
	rng style = { req->seed ^ 0x5EEDull };
	writer w = { out, (int)rng_below(&style, LAYOUTS), 0, 0, 0 };
	w.electronic = w.layout == SPACED_SINGLE || rng_below(&style, 3) == 0;
	nt_sink_printf(out, "[Event \"Generated game %llu\"]\n", req->seed);
	put(&w, "[Variant \"umlabalaba\"]\n");
	if (su.preset[0])
		nt_sink_printf(out, "[Rules \"%s\"]\n", su.preset);
	if (su.board)
		nt_sink_printf(out, "[Board \"%d\"]\n", su.board);
	if (su.options[0])
		nt_sink_printf(out, "[Options \"%s\"]\n", su.options);
	nt_sink_printf(out, "[Result \"%s\"]\n", um_result_text(result));
	nt_sink_printf(out, "[Notation \"%s\"]\n\n",
	               w.electronic ? "electronic" : "plain");
	play(req, &rules, &w);
	if (w.on_line > 0)
		put(&w, "\n");
	return w.failed ? 1 : 0;
}
