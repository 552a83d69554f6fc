/* The test game's module: what the core sees of it, its rules and replay. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/toygame/game/toy.h"
#include "tests/toygame/game/toy_parse.h"

static const char *const extensions[] = { ".toy", NULL };
static const char *const forms[] = { NULL };

const nt_code_info toy_codes[] = {
#define NT_CODE(...) NT_CODE_ENTRY(__VA_ARGS__)
#include "tests/toygame/game/codes.def"
#undef NT_CODE
	NT_CODE_END
};

int toy_yyparse(toy_parse *p);

/* A record opens with its pile line. */
static int
sniff(const unsigned char *head, size_t size)
{
	char text[NT_SNIFF_TEXT];
	nt_sniff_text(head, size, text, 0);
	long n;
	char end;
	return sscanf(text, "pile %ld%c", &n, &end) == 2 && end == '\n' ? 60 : 0;
}

static const char *
side(long take)
{
	return take % 2 == 1 ? "first" : "second";
}

void
toy_pile(toy_parse *p, nt_loc at, long stones)
{
	if (p->pile >= 0 || stones < 1) {
		nt_emit(&p->run->rep, &toy_codes[TOY_CODE_SYNTAX], at, at, 1, 0,
		        p->pile >= 0 ? "a second pile line" : "a pile of no stone");
		p->stopped = 1;
		return;
	}
	p->pile = stones;
}

void
toy_take(toy_parse *p, nt_loc at, nt_loc end, long stones)
{
	if (p->stopped)
		return;
	long move = p->takes + 1;
	if (p->pile < 0) {
		nt_emit(&p->run->rep, &toy_codes[TOY_CODE_SYNTAX], at, end, 1, move,
		        "a take before the pile line");
	} else if (stones < 1 || stones > 3 || stones > p->pile) {
		nt_emit(&p->run->rep, &toy_codes[TOY_CODE_TAKE], at, end, 1, move,
		        "'take %ld': the %s player may take 1 to 3 stones of the %ld left",
		        stones, side(move), p->pile);
	} else {
		char text[32];
		snprintf(text, sizeof text, "take %ld", stones);
		p->pile -= stones;
		p->takes = move;
		nt_report_move(&p->run->rep, 1, move, at, text, side(move));
		return;
	}
	p->stopped = 1;
}

void
toy_syntax(toy_parse *p, nt_loc at)
{
	if (p->word[0] != '\0')
		nt_emit(&p->run->rep, &toy_codes[TOY_CODE_SYNTAX], at, at, 1,
		        p->takes + 1, "'%s': a line reads 'pile N' or 'take N'",
		        p->word);
	else
		nt_emit(&p->run->rep, &toy_codes[TOY_CODE_SYNTAX], at, at, 1,
		        p->takes + 1, "the line ends before its number");
	p->stopped = 1;
}

/* The whole record through lexer, grammar and rules. */
static int
replay(nt_run *run, nt_stat_fn stat, void *user)
{
	toy_parse p = { .run = run, .pile = -1, .stat = stat, .stat_user = user };
	if (nt_input_init(&p.in, run->src, run->opts->buffer_size) != 0)
		return -1;
	int rc = toy_yyparse(&p) == 2 ? -1 : 0;
	if (p.in.read_errno != 0)
		rc = -1;
	nt_loc end = nt_input_loc(&p.in, p.in.cur);
	if (rc == 0 && !p.stopped && p.pile != 0)
		nt_emit(&run->rep, &toy_codes[p.pile < 0 ? TOY_CODE_SYNTAX : TOY_CODE_UNFINISHED],
		        end, end, 1, 0, p.pile < 0 ? "no pile line"
		        : "the record ends with stones left");
	run->rep.summary->games = 1;
	if (stat != NULL) {
		stat(user, 1, "takes", p.takes, NULL);
		stat(user, 1, "left", p.pile < 0 ? 0 : p.pile, NULL);
	}
	nt_input_free(&p.in);
	return rc;
}

static int
check(nt_run *run)
{
	return replay(run, NULL, NULL);
}

static int
stats(nt_run *run, nt_stat_fn fn, void *user)
{
	return replay(run, fn, user);
}

const struct nt_game nt_game_toygame = {
	.name = "toygame",
	.title = "a pile of stones (a game of the test suite only)",
	.extensions = extensions,
	.forms = forms,
	.codes = toy_codes,
	.sniff = sniff,
	.check = check,
	.stats = stats,
	.one_game_per_file = 1,
};
