/*
 * Reading mill PGN (Sanmill's notation of Morabaraba and Twelve Men's
 * Morris): the lexer state (grammar/umla_pgn_lex.re), the parser context
 * (grammar/umla_pgn_parse.y) and the glue (pgn_read.c) that turns tags
 * into rules and turns into the same um_move the .umla reader builds, for
 * the same engine.  The reader judges no rule: the engine does.
 */
#ifndef NT_UM_PGN_H
#define NT_UM_PGN_H

#include "core/game.h"
#include "core/input.h"
#include "games/umlabalaba/events.h"
#include "games/umlabalaba/pgn_rules.h"
#include "games/umlabalaba/record.h"
#include "games/umlabalaba/squares.h"
#include "games/umlabalaba/um.h"

#define UM_PGN_KEY_MAX 32
#define UM_PGN_VALUE_MAX 1024
#define UM_PGN_TOKEN_TEXT 48
#define UM_PGN_NUM_RING 8

/* Where the lexer stands in the movetext grammar (spec 4.2, 4.3). */
enum um_pgn_state {
	UM_PG_BETWEEN,    /* no turn under way */
	UM_PG_NUMBER,     /* a move number was read: its turn must follow */
	UM_PG_STEP,       /* "d5-": the second square must follow */
	UM_PG_TURN,       /* a turn has its squares; shots may still follow */
	UM_PG_OVER        /* after the termination */
};

/* Why a token is unreadable; decides the syntax-error message. */
enum um_pgn_junk {
	UM_PJ_NONE, UM_PJ_TEXT, UM_PJ_GLUED, UM_PJ_OPEN_COMMENT,
	UM_PJ_STRAY_BRACE, UM_PJ_TAG_LINE, UM_PJ_OPEN_VARIATION,
	UM_PJ_STRAY_PAREN, UM_PJ_OTHER_FORM, UM_PJ_AFTER_END
};

/* What the lexer knew when it produced the current lookahead token. */
typedef struct um_pgn_token {
	int state;            /* lexer state before the token */
	long turn_id;         /* the turn begun before it */
	nt_loc turn_loc;
	size_t turn_len_before;  /* length of the turn's text before it */
	int in_turn;          /* it is part of (or glued to) the turn under way */
	int junk;             /* enum um_pgn_junk */
	nt_loc loc;
	nt_loc end;           /* its last character */
	nt_loc prev_end;      /* the last character of the token before it */
	char text[UM_PGN_TOKEN_TEXT];
	size_t text_len;
} um_pgn_token;

typedef struct um_pgn_lexer {
	nt_input in;
	int in_tags;          /* the tag section has not ended */
	int comment_open;     /* a { comment from the tag section goes on */
	nt_loc comment_loc;
	int sep;              /* a separator was read since the last token */
	int state;            /* enum um_pgn_state */
	int last;             /* kind of the last token */
	int form;             /* enum um_pgn_form; -1 until the first square */
	int step_open;        /* a turn's first square was the last token */
	int began;            /* the last token began a turn */
	int gap;              /* something stood between it and the turn */
	int resync;           /* skip the rest of unreadable text */
	long turn_id;
	nt_loc turn_loc;
	/* The current turn's text and the one before, swapped, not copied. */
	char *turn_text;
	size_t turn_len;
	char *prev_text;
	char texts[2][UM_MOVE_TEXT];
	um_pgn_token tok;
	char prev_token[UM_PGN_TOKEN_TEXT];
	char raw[UM_PGN_TOKEN_TEXT];     /* unreadable text just read */
	size_t raw_len;

	/* The tag line just read: its value with escapes undone. */
	char key[UM_PGN_KEY_MAX];
	size_t key_len;
	char value[UM_PGN_VALUE_MAX];
	size_t value_len;
	int value_cut;
	int compact_value, value_blank, value_in_number;
	unsigned value_digits;
	nt_loc tag_loc;
	nt_loc tag_end;
	long tag_seq;

	/* Squares and numbers just read; tokens carry an index into it. */
	um_num nums[UM_PGN_NUM_RING];
	unsigned num_next;

	/* Conversions receive the comments. */
	const um_events *events;
} um_pgn_lexer;

static inline const um_num *
um_pgn_num(const um_pgn_lexer *lx, int index)
{
	return &lx->nums[(unsigned)index % UM_PGN_NUM_RING];
}

/* A result in PGN's terms: who moved first, not which colour won. */
enum um_pgn_outcome {
	UM_PGN_FIRST_WON, UM_PGN_SECOND_WON, UM_PGN_DRAWN, UM_PGN_UNFINISHED
};

/* What the tag section decided (spec 4.1, 5.3 step 1). */
typedef struct um_pgn_tags {
	unsigned seen;            /* bit per once-only key */
	/* The first offending tag: the only verdict. */
	int failed;
	int fail_code;            /* enum um_code */
	nt_loc fail_loc, fail_end;
	char fail_message[NT_MSG_MAX / 2];
	int variant;              /* enum um_pgn_variant */
	int variant_given;
	int site_playok;
	nt_loc site_loc, site_end;
	char options[UM_PGN_VALUE_MAX];
	int declared;             /* enum um_pgn_outcome, -1 without a Result tag */
	nt_loc result_loc, result_end;
} um_pgn_tags;

typedef struct um_pgn {
	um_pgn_lexer lx;
	nt_run *run;
	int mode;                 /* enum um_mode of record.h */
	const um_events *events;  /* conversions: the record goes there */

	um_pgn_tags tags;
	int tags_done;
	um_rules rules;
	um_board board;

	/* Replay. */
	um_game game;
	um_move move;             /* the turn being assembled */
	int assembling;           /* move holds a turn not replayed yet */
	int prev_role;            /* 0 first player, 1 second, -1 none yet */
	um_num bad_point;
	int stopped;              /* the first error has been reported */
	long moves_played;
	long syntax_errors;
	int unconvertible;        /* a tag, syntax, point or pass error */

	/* The termination, if written. */
	int termination;          /* enum um_pgn_outcome, -1 when absent */
	nt_loc term_loc, term_end;

	/* Show: stop replaying after this move (-1: never), or before the
	 * turns numbered past this row (0: never). */
	long show_move;
	long show_row;
} um_pgn;

/* The grammar's hooks (pgn_read.c). */
void um_pgn_tag(um_pgn *p, long seq);
void um_pgn_tags_done(um_pgn *p);
/* A turn's head: NUMBER is -1 or a ring slot * 2 + 1 for "N...". */
void um_pgn_turn(um_pgn *p, int number, int kind, int from, int to,
                 nt_loc last);
void um_pgn_capture(um_pgn *p, int slot);
/* The lexer: a turn has begun, so the one before is complete. */
void um_pgn_turn_over(um_pgn *p);
void um_pgn_termination(um_pgn *p, int outcome, nt_loc at);
void um_pgn_syntax_error(um_pgn *p, int at_eof, const char *expected);
void um_pgn_finish(um_pgn *p);

/* The lexer (grammar/umla_pgn_lex.re). */
void um_pgn_lexer_init(um_pgn_lexer *lx);

/* pgn_read.c: a run over one source: set up, parse everything, free. */
int um_pgn_open(um_pgn *p, nt_run *run, int mode);
int um_pgn_parse_all(um_pgn *p);
void um_pgn_close(um_pgn *p);
/* A replay's result (enum um_result) in PGN words: "1-0", "1/2-1/2"... */
const char *um_pgn_result_text(const um_rules *r, int result);
/* An outcome as a replay's result, and back. */
int um_pgn_outcome_result(const um_rules *r, int outcome);
int um_pgn_result_outcome(const um_rules *r, int result);
extern const char *const um_pgn_outcome_text[4];

#endif
