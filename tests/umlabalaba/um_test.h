/* Helpers for the Umlabalaba suites. */
#ifndef NT_UM_TEST_H
#define NT_UM_TEST_H

#include <stddef.h>
#include "games/umlabalaba/um.h"

typedef struct ut_outcome {
	int ndiags;
	char code[48];          /* first diagnostic's code, "" when legal */
	long index;
	unsigned long line, col;
	unsigned long end_line, end_col;   /* where its span ends */
	char text[1024];        /* first diagnostic, formatted */
	char result[32];        /* replay's result */
	long moves;
	char all[4096];         /* every diagnostic, one per line */
} ut_outcome;

/* Checks TEXT as a .umla file named "t.umla". */
void ut_check(const char *text, ut_outcome *o);

/* Asserts a legal transcript (and its replayed result when RESULT != NULL). */
#define UT_LEGAL(text, result) ut_expect_legal((text), (result), __LINE__)
/* Asserts the first diagnostic's code and move index. */
#define UT_FAILS(text, code, index) ut_expect_code((text), (code), (index), __LINE__)
void ut_expect_legal(const char *text, const char *result, int line);
void ut_expect_code(const char *text, const char *code, long index, int line);

/* A generated record (malloc, NUL-terminated), its length in *LEN. */
char *ut_generate(const nt_generate_request *req, size_t *len);

/* The rules a header section chooses (preset, board 0 = preset's, options). */
void ut_rules(um_rules *r, const char *preset, int board, const char *options);

/* A found position: the transcript that reaches it and the game there. */
typedef struct ut_found {
	char text[16384];       /* headers and numbered plain moves */
	um_game game;           /* the state after them (no history attached) */
	um_board board;
	um_rules rules;
	long moves;
} ut_found;

typedef int (*ut_pred)(const um_game *g);

/*
 * Plays random legal games (seeds from 1) under the rules until PRED holds
 * for the position reached; fills F.  Returns 1 when found.
 */
int ut_find(const char *preset, int board, const char *options, ut_pred pred,
            ut_found *f);

/* Appends a line of moves to a found transcript (in a copy). */
void ut_append(const ut_found *f, const char *moves, char *out, size_t size);

/* The spec's worked game of section 7.1 up to move 24 (both hands empty). */
extern const char *const ut_game_71_placements;

#endif
