/*
 * Reading a .umla transcript: the lexer state (grammar/umla_lex.re), the
 * parser context (grammar/umla_parse.y) and the glue that hands each move
 * to the engine.  One um_parse reads one file; check, convert and show
 * differ only in the hooks they set.
 */
#ifndef NT_UM_RECORD_H
#define NT_UM_RECORD_H

#include "core/game.h"
#include "core/input.h"
#include "games/umlabalaba/events.h"
#include "games/umlabalaba/um.h"

#define UM_KEY_MAX 32
#define UM_VALUE_MAX 1024
#define UM_TOKEN_TEXT 48
#define UM_NUM_RING 8

/* Where the lexer is relative to the move grammar (spec 4.4). */
enum um_lex_state {
	UM_LX_START,      /* no move begun, or the last one was unreadable */
	UM_LX_IN_MOVE,    /* a move has begun and cannot end yet */
	UM_LX_COMPLETE    /* a move could end here */
};

/* Why a token is unreadable; decides the syntax-error message. */
enum um_junk {
	UM_JUNK_NONE, UM_JUNK_TEXT, UM_JUNK_GLUED, UM_JUNK_OPEN_COMMENT,
	UM_JUNK_STRAY_BRACE, UM_JUNK_HEADER_LINE, UM_JUNK_NO_START,
	UM_JUNK_AFTER_REMOVAL
};

/* What the lexer knew when it produced the current lookahead token. */
typedef struct um_token_info {
	int state;            /* lexer state before the token */
	size_t move_len_before;  /* length of the move's text before the token */
	long move_id;         /* move begun before the token */
	nt_loc move_loc;
	int sep_before;       /* a separator came right before it */
	int taints_move;      /* glued to a complete move: that move is unreadable */
	int junk;             /* enum um_junk */
	nt_loc loc;
	nt_loc end;           /* its last character (loc when not known) */
	nt_loc prev_end;      /* the last character of the token before it */
	char *text;           /* UM_TOKEN_TEXT bytes, one of the lexer's two */
	size_t text_len;
} um_token_info;

typedef struct um_compact {
	um_num nums[3 + 4];       /* number, from, to, captures */
	int has_number, side, from, ncaps;
	nt_loc loc;
	long id;                  /* its move index */
} um_compact;

typedef struct um_lexer {
	nt_input in;
	int in_headers;       /* the header section has not ended */
	int comment_open;     /* a { comment from the header section goes on */
	nt_loc comment_loc;
	int sep;              /* a separator was read since the last token */
	int state;            /* enum um_lex_state */
	int last;             /* kind of the last token (um_raw) */
	int removal;          /* the move under way is an ilobola removal */
	int resync;           /* skip to the next move after a syntax error */
	long move_id;
	nt_loc move_loc;
	/* The current move's text and the one before, swapped, not copied. */
	char *move_text;
	size_t move_len;
	char *prev_text;
	char texts[2][UM_MOVE_TEXT];
	um_token_info tok;
	const char *prev_token;          /* the token before `tok` */
	/* Their texts: swapped at each token, not copied. */
	char token_texts[2][UM_TOKEN_TEXT];
	char raw_text[UM_TOKEN_TEXT];    /* unreadable text just read */
	size_t raw_len;

	/* The header line just read. */
	char key[UM_KEY_MAX];
	size_t key_len;
	char value[UM_VALUE_MAX];
	size_t value_len;
	int value_cut;
	/* An Options value is kept compact (see the lexer): where it is. */
	int compact_value, value_blank, value_in_number;
	unsigned value_digits;
	nt_loc header_loc;
	nt_loc header_end;    /* the ']' that closed it */
	long header_seq;

	/*
	 * Numbers just read.  Tokens carry an index into this ring instead of
	 * the number itself, to keep the parser's value stack small; a move's
	 * numbers are used within a few tokens of being read.
	 */
	um_num nums[UM_NUM_RING];
	unsigned num_next;

	/*
	 * Compact moves read as one token (13B13>5<2 followed by a blank); two
	 * slots, because a move may be reduced after the next one was read.
	 */
	um_compact cm[2];
	unsigned cm_next;

	/* A conversion to another form receives the comments (NULL: none). */
	const um_events *events;
} um_lexer;

static inline const um_num *
um_lexer_num(const um_lexer *lx, int index)
{
	return &lx->nums[(unsigned)index % UM_NUM_RING];
}

enum um_mode { UM_CHECK, UM_CONVERT, UM_SHOW };
enum um_form { UM_FORM_NONE, UM_FORM_PLAIN, UM_FORM_ELECTRONIC };

typedef struct um_parse {
	um_lexer lx;
	nt_run *run;
	int mode;

	/* Headers (spec 4.2). */
	unsigned headers_seen;    /* bit per known key */
	int bad_header;
	nt_loc bad_loc;           /* the first bad header line */
	nt_loc bad_end;           /* its ']' */
	char bad_message[NT_MSG_MAX / 2];
	int diagonals_set;
	unsigned options_seen;
	int declared_result;      /* enum um_result, or -1 when no Result header */
	nt_loc result_loc, result_end;
	char preset[16];
	int board_points;
	char options[UM_VALUE_MAX];
	nt_loc rules_loc, board_loc, options_loc;
	um_rules rules;
	um_board board;
	int headers_done;

	/* Replay. */
	um_game game;
	um_move move;             /* being assembled by the grammar */
	char move_text[UM_MOVE_TEXT];
	um_num nums[3 + UM_MAX_CAPTURES];
	um_num bad_point;
	int pending;              /* move waits for the token after it */
	int stopped;              /* the first error has been reported */
	long moves_played;
	long last_index;
	long syntax_errors;

	/* Convert: how points are rewritten. */
	int to_electronic;
	int to_declared;          /* fmt: the form the Notation header names */

	/* Lint: the first point in each form, and the first move's numbering. */
	int declared_form;        /* UM_FORM_*, from the Notation header */
	int first_form;
	nt_loc first_form_loc;
	int mixed_reported;
	int numbering;            /* -1 unknown, 0 unnumbered, 1 numbered */
	int numbering_reported;
	/* A move's findings wait for its replay: they are reported, in file
	   order, just before an accepted move, and dropped with one that is
	   not.  Each kind is reported once a file, so two are enough. */
	struct um_held_style {
		enum um_code code;
		nt_loc at, end;
		long index;
		char message[NT_MSG_MAX];
	} held_style[2];
	int nheld_style;
	int unconvertible;        /* a header, syntax or point error anywhere */

	/* Show: stop replaying after this move (-1: never). */
	long show_move;
	long show_row;            /* show --row: after move number N; 0: not */
	um_game shown;
	int have_shown;

	/* Conversion to another form: the record goes there, not the bytes. */
	const um_events *events;

	/*
	 * fmt: the move whose numbering differs from the first move's gets a
	 * number (INSERT, before its side letter at AT) or loses it (the
	 * number from AT to END and the blanks after it).  Which one, and
	 * the number, are known only once the replay has judged the move
	 * before, a token or so after the edit was seen: the bytes echoed
	 * from AT meanwhile wait in HOLD.
	 */
	struct um_renumber {
		int active;
		int insert;
		int decided;          /* 0: not yet; 1: made; -1: kept as written */
		long index;           /* the move */
		nt_offset at, end;
		um_num written;       /* the number to remove, as written */
		long number;          /* the number to insert */
		int dropping;         /* removal under way: bytes still go */
		unsigned char hold[256];
		size_t nhold;
	} renumber;
} um_parse;

/* The grammar's hooks (record.c). */
void um_header(um_parse *p, long seq);
void um_headers_done(um_parse *p);
void um_move_start(um_parse *p, const um_num *number, int side, nt_loc at);
void um_move_from(um_parse *p, const um_num *n);
void um_move_to(um_parse *p, const um_num *n);
void um_move_capture(um_parse *p, const um_num *n);
void um_move_removal(um_parse *p, const um_num *n);
/* A compact move token: the lexer holds its parts in slot SLOT. */
void um_compact_move(um_parse *p, int slot);
/* LOOKAHEAD_KNOWN: the token after the move has been read already. */
void um_move_done(um_parse *p, int lookahead_known);
/* The lexer read a point (converters rewrite it, lint looks at its form). */
void um_point_read(um_parse *p, const um_num *n);
/* Whether um_point_read has anything to do. */
static inline int
um_points_watched(const um_parse *p)
{
	return p->run->opts->lint || p->mode == UM_CONVERT;
}
/* The lexer saw a move begin at offset START, numbered (NUMBER, else
   NULL) or not (lint, and fmt's numbering). */
void um_move_begins(um_parse *p, const um_num *number, nt_offset start,
                    nt_loc at, long index);
void um_syntax_error(um_parse *p, int at_eof, const char *expected);
void um_finish(um_parse *p);

/* The lexer (grammar/umla_lex.re): sets up and resolves pending moves. */
void um_lexer_init(um_lexer *lx);
void um_resolve_pending(um_parse *p);

/* record.c: a run over one source: set up, parse everything, free. */
int um_parse_run(um_parse *p, nt_run *run, int mode);
int um_parse_all(um_parse *p);
void um_parse_free(um_parse *p);

#endif
