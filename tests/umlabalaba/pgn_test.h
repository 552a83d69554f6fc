/* Helpers for the mill PGN suites. */
#ifndef NT_PGN_TEST_H
#define NT_PGN_TEST_H

#include "support/support.h"

/* The first diagnostic of a check (code "" when legal) and the replay. */
typedef struct pt_outcome {
	int ndiags;
	char code[48];
	long index;
	unsigned long line, col;
	char message[900];
	char result[32];
	long moves;
	char all[4096];       /* every diagnostic, one a line */
} pt_outcome;

/*
 * Checks TEXT as a file named NAME ("t.pgn" when NULL), once with the
 * defaults and once through a 64-byte buffer in 7-byte reads, and asserts
 * that both report the same.
 */
void pt_check_named(const char *name, const char *text, pt_outcome *o);
void pt_check(const char *text, pt_outcome *o);

#define PT_LEGAL(text, result) pt_expect_legal((text), (result), __LINE__)
#define PT_FAILS(text, code, index) pt_expect((text), (code), (index), 0, 0, __LINE__)
/* The same, and located at LINE:COL. */
#define PT_FAILS_AT(text, code, index, line, col) \
	pt_expect((text), (code), (index), (line), (col), __LINE__)
void pt_expect_legal(const char *text, const char *result, int line);
void pt_expect(const char *text, const char *code, long index,
               unsigned long at_line, unsigned long at_col, int line);

/* The spec's game of umlabalaba.md 7.1 in PGN: its tags, then moves
 * 1..24 (twelve turns each) and the line "13. f2-g1xd7 d6-b6 *". */
extern const char *const pt_tags_71;
extern const char *const pt_moves_71;
/* Tags and moves 1..24 then TAIL ("13. p *"), in BUF. */
const char *pt_game_71(const char *tail, char *buf, size_t size);

/* Converts TEXT (named NAME) to FORM; the library's result in R. */
void pt_convert(const char *name, const char *text, size_t len,
                const char *form, ts_result *r);

#endif
