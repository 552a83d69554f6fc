/*
 * What the .bao lexer hands over: words as grammar/bao_token.re classifies
 * them, and the items (numbers, move words, results) with where they are.
 * The record, the lint and the writer share these.
 */
#ifndef NT_BAO_TOKEN_H
#define NT_BAO_TOKEN_H

#include <stddef.h>

#include "notate/notate.h"

#define BAO_WORD_KEEP 40       /* bytes of a word kept for messages */

/* --- words (grammar/bao_token.re) ------------------------------------- */

enum bao_word_kind { BAO_W_JUNK, BAO_W_STRICT, BAO_W_LENIENT, BAO_W_RESULT };
enum bao_result_kind { BAO_R_SOUTH, BAO_R_NORTH, BAO_R_DRAW, BAO_R_UNFINISHED };

typedef struct bao_word {
	int kind;              /* enum bao_word_kind */
	int result;            /* enum bao_result_kind, for BAO_W_RESULT */
	int letter;            /* 'A', 'B', 'a', 'b', or 0 when left out */
	int number;            /* 1..8 */
	int sign;              /* BAO_SIGN_*, or -1 when left out */
	int lr;                /* the sign was written L or R */
	int plus;
	int annotation;        /* 0, 1 ('*') or 2 ('**') */
	int hash;
} bao_word;

/* Why a word names no move (spec 5, "Lenient input"). */
enum bao_word_fault {
	BAO_NOT_A_TOKEN = 1,     /* not BaoAN-1, not even a short form */
	BAO_NEEDS_LENIENT,       /* a short form, read only with --lenient */
	BAO_NO_LETTER_IN_MTAJI,  /* the row letter is left out in mtaji */
	BAO_NO_SIGN              /* the sign is left out, not a kimbi capture */
};

/* Classifies a whitespace-delimited word (LEN bytes). */
int bao_word_classify(const char *text, size_t len, bao_word *w);

/* A number, move word or result as the lexer hands it to the parser. */
typedef struct bao_item {
	char text[BAO_WORD_KEEP];   /* the first bytes as written, NUL-ended */
	size_t len;                 /* bytes kept in text */
	int cut;                    /* the word is longer than what is kept */
	nt_loc loc;                 /* its first character */
	nt_loc end;                 /* just after its last character */
	int dots;                   /* numbers: 1 ("12.") or 3 ("12...") */
} bao_item;

/* The item's last character: a word never crosses a line. */
static inline nt_loc
bao_item_last(const bao_item *it)
{
	nt_loc last = it->loc;
	if (it->end.line == it->loc.line && it->end.col > it->loc.col)
		last.col = it->end.col - 1;
	return last;
}

#endif
