/*
 * Random legal games, for tests and benchmarks (notate generate --game
 * bao).  The moves are drawn from the engine's own move list with a seeded
 * generator, and written in the canonical form of spec 6.5.  The game is
 * played twice from the same seed: once to learn how it ends (the Result,
 * Termination and Plies tags come first), once to write it, so memory
 * stays flat however long the game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/bao/record.h"

/* splitmix64: small, good enough, and its state is ours alone. */
typedef struct bao_rng {
	unsigned long long s;
} bao_rng;

static unsigned long long
rng_next(bao_rng *r)
{
	unsigned long long z = (r->s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

static int
rng_below(bao_rng *r, int n)
{
	return n > 0 ? (int)(rng_next(r) % (unsigned long long)n) : 0;
}

/* Greedy filling of 78-character lines, as the canonical writer does. */
typedef struct filler {
	const nt_sink *out;
	size_t col;
	int failed;
} filler;

static void
fill_word(filler *f, const char *w)
{
	size_t n = strlen(w);
	const char *sep = f->col == 0 ? ""
	                  : f->col + 1 + n <= BAO_LINE_WIDTH ? " " : "\n";
	if (*sep == '\n')
		f->col = 0;
	else if (*sep == ' ')
		f->col++;
	if (nt_sink_puts(f->out, sep) != 0 || nt_sink_puts(f->out, w) != 0)
		f->failed = 1;
	f->col += n;
}

typedef struct game_end {
	long plies;
	int over;
	int winner;
} game_end;

/* Plays the game of the request's seed; writes its moves when F is set. */
static int
play(const nt_generate_request *req, const bao_rules *rules, filler *f,
     game_end *end)
{
	bao_legal *legal = malloc(BAO_MAX_MOVES * sizeof *legal);
	if (legal == NULL)
		return -1;
	bao_rng rng = { req->seed };
	bao_pos p;
	bao_pos_initial(&p);
	memset(end, 0, sizeof *end);
	end->winner = -1;
	while (end->over == BAO_ONGOING &&
	       (req->max_moves <= 0 || end->plies < req->max_moves)) {
		int n = bao_generate(rules, &p, legal);
		if (n == 0)
			break;      /* cannot happen: the game would have ended */
		int go_on[BAO_MAX_MOVES], m = 0;
		for (int i = 0; req->endless && i < n; i++)
			if (legal[i].over == BAO_ONGOING)
				go_on[m++] = i;
		const bao_legal *l = &legal[m > 0 ? go_on[rng_below(&rng, m)]
		                                  : rng_below(&rng, n)];
		end->plies++;
		if (f != NULL) {
			char word[BAO_TOKEN_TEXT + 24];
			if (p.side == BAO_SOUTH) {
				snprintf(word, sizeof word, "%ld.", (end->plies + 1) / 2);
				fill_word(f, word);
			}
			bao_token_format(&l->move, l->annotation,
			                 l->over != BAO_ONGOING, word);
			fill_word(f, word);
		}
		p = l->after;
		end->over = l->over;
		end->winner = l->winner;
	}
	free(legal);
	return 0;
}

int
bao_generate_record(const nt_generate_request *req, const nt_sink *out,
                    const nt_sink *err)
{
	bao_rules rules;
	bao_rules_default(&rules);
	char why[300], choices[600] = "";
	for (size_t i = 0; i < req->nrules; i++) {
		if (bao_rules_set(&rules, req->rules[i], why, sizeof why) != 0) {
			nt_sink_printf(err, "notate: --rule: %s\n", why);
			return 1;
		}
		size_t o = strlen(choices);
		snprintf(choices + o, sizeof choices - o, "%s%s", o ? " " : "",
		         req->rules[i]);
	}
	if (req->endless && req->max_moves <= 0) {
		nt_sink_puts(err, "notate: a Bao game that avoids its end needs "
		             "--max-moves\n");
		return 1;
	}
	game_end end;
	if (play(req, &rules, NULL, &end) != 0)
		return 1;
	const char *result = bao_result_words(end.over, end.winner);
	int rc = nt_sink_printf(out, "[Game \"Bao la Kiswahili\"]\n"
	                        "[Event \"Generated game %llu\"]\n"
	                        "[Rules \"bao-kiswahili-1\"]\n[Result \"%s\"]\n",
	                        req->seed, result);
	if (end.over != BAO_ONGOING)
		rc |= nt_sink_printf(out, "[Termination \"%s\"]\n",
		                     end.over == BAO_HAMNA ? "hamna" : "immobile");
	rc |= nt_sink_printf(out, "[Plies \"%ld\"]\n", end.plies);
	/* Rule choices go in a tag of their own; readers keep and ignore it. */
	if (!bao_rules_is_default(&rules))
		rc |= nt_sink_printf(out, "[RuleChoices \"%s\"]\n", choices);
	rc |= nt_sink_puts(out, "\n");
	filler f = { out, 0, rc != 0 };
	if (play(req, &rules, &f, &end) != 0)
		return 1;
	fill_word(&f, result);
	if (nt_sink_puts(out, "\n") != 0)
		f.failed = 1;
	return f.failed ? 1 : 0;
}
