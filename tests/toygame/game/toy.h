/*
 * A game made for the test suite only: a pile of stones, each turn takes
 * one to three, whoever takes the last one wins.  It is built into the
 * test runner and the test build of the command, never into the shipped
 * ones, and shows that a game needs nothing outside its own folders.
 */
#ifndef NT_TOY_H
#define NT_TOY_H

#include "core/catalogue.h"
#include "core/game.h"
#include "core/input.h"

enum toy_code {
#define NT_CODE(...) NT_CODE_ENUM(TOY_CODE_, __VA_ARGS__)
#include "tests/toygame/game/codes.def"
#undef NT_CODE
	TOY_CODES
};

extern const nt_code_info toy_codes[];

typedef struct toy_parse {
	nt_run *run;
	nt_input in;
	long pile;          /* stones left; -1 before the pile line */
	long takes;         /* takes the rules accepted */
	int stopped;        /* an error ended the replay */
	int line_open;      /* a token was read since the last line end */
	char word[40];      /* the last token as written (quoted), "" for a line end */
	nt_stat_fn stat;    /* notate stats: where the figures go, or NULL */
	void *stat_user;
} toy_parse;

/* What the grammar hands over, with where it was written. */
void toy_pile(toy_parse *p, nt_loc at, long stones);
void toy_take(toy_parse *p, nt_loc at, nt_loc end, long stones);
/* The grammar found no line that fits, at the last token read. */
void toy_syntax(toy_parse *p, nt_loc at);

#endif
