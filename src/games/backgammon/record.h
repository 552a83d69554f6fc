/*
 * Reading a backgammon record (shared/spec/backgammon.md, sections 3 and 4):
 * the lexer state (grammar/bg_lex.re), the parser context
 * (grammar/bg_parse.y) and what the grammar hands to the replay: one row of
 * at most two cells at a time.
 *
 * The file is read once, as a stream.  Memory is the same for a 1 KB and a
 * 1 GB file: the lexer keeps one line's worth of text at most, the parser
 * one row, and the replay one game's bounded state (replay.h).
 */
#ifndef NT_BG_RECORD_H
#define NT_BG_RECORD_H

#include "core/game.h"
#include "core/growbuf.h"
#include "core/input.h"
#include "games/backgammon/bg_engine.h"
#include "games/backgammon/cell.h"

#define BG_WORD_TEXT 48         /* the word a syntax error is found in */
#define BG_ARENA 2304           /* a score or comment line, before it grows */
#define BG_ARENA_MAX 65535      /* the longest line kept whole (offsets are
                                   16 bits); longer ones are reported */
#define BG_PATH_MAX 8           /* points kept of one path */
#define BG_QUEUE 8              /* tokens the lexer may read ahead in a line
                                   (a power of two) */
#define BG_HEADER_ERRORS 256    /* header errors kept until the match line */
#define BG_MAX_NUMBER_DIGITS 9  /* spec 3.1 */

/* What the lexer reads a line as; decides its vocabulary. */
enum bg_mode {
	BG_MODE_HEADER,     /* before the match line */
	BG_MODE_PREGAME,    /* after it, before the first game line */
	BG_MODE_SCORE,      /* after a game line: the score line comes */
	BG_MODE_ROWS,       /* inside a game */
	BG_MODE_SKIP        /* a broken game: skip to the next game line */
};

/* The kind of the line being read, once its first token is known. */
enum bg_line {
	BG_LINE_NONE, BG_LINE_MATCH, BG_LINE_GAME, BG_LINE_SCORE, BG_LINE_ROW
};

/* Where a token of a row stands: decides where a syntax error is shown. */
enum bg_place { BG_AT_ROW, BG_AT_ROLL, BG_AT_CUBE };

/* Why a token cannot be read; picks the hint of the message. */
enum bg_junk {
	BG_JUNK_TEXT, BG_JUNK_BAD_DICE, BG_JUNK_GLUED_KEYWORD, BG_JUNK_COMMA,
	BG_JUNK_NON_ASCII, BG_JUNK_LONG_NUMBER
};

/*
 * Where a token is, kept small (the parser copies it on every step): its
 * first character (LINE, COL), the first character of the
 * whitespace-delimited word it belongs to (WORD_COL), where a syntax error
 * at this token is reported (ERR_COL, spec 6.1), all on the token's line,
 * and its display column (tabs to stops of eight, 3.1).
 */
typedef struct bg_span {
	unsigned line;
	unsigned col;
	unsigned word_col;
	unsigned err_col;
	unsigned dcol;
} bg_span;

static inline nt_loc
bg_loc_of(const bg_span *sp, unsigned col)
{
	nt_loc l;
	l.line = sp->line;
	l.col = col;
	return l;
}

#define BG_AT(sp) bg_loc_of((sp), (sp)->col)
#define BG_WORD(sp) bg_loc_of((sp), (sp)->word_col)
#define BG_ERR(sp) bg_loc_of((sp), (sp)->err_col)

/* The value of a token, kept small too: eight bytes, which the parser
   copies on every step. */
typedef struct bg_tokval {
	union {
		unsigned num;       /* NUMBER, ROWNUM: the value (when digits <= 9) */
		struct {
			unsigned short off;   /* NAME: its bytes in the line arena */
			unsigned short len;
		};
	};
	unsigned short digits;  /* NUMBER, ROWNUM, NAME: digits written (saturates) */
	union {
		unsigned char kind; /* OFFER: enum bg_offer_word; POINT_KW: 1 for
		                       "points"; JUNK: enum bg_junk; NAME: 1 when
		                       all digits */
		unsigned char d1;   /* DICE, as written */
	};
	unsigned char d2;
} bg_tokval;

/*
 * A word of a row (a run of characters between blanks) as read: its first
 * BG_WORD_TEXT - 1 bytes, kept in TEXT and, until they are needed, still in
 * the input buffer between FROM and TO (bg_lexer_keep_text).
 */
typedef struct bg_word {
	char text[BG_WORD_TEXT];
	size_t len;             /* bytes in TEXT */
	const unsigned char *from, *to;   /* NULL: nothing more */
	nt_loc loc;             /* its first character */
	unsigned long last;     /* the column of its last character; 0 until
	                           one is read into it */
} bg_word;

typedef struct bg_qtok {
	int tok;
	bg_tokval val;
	bg_span span;
} bg_qtok;

typedef struct bg_lexer {
	nt_input in;
	int mode;               /* enum bg_mode */
	int bol;                /* at the start of a line */
	int line;               /* enum bg_line */
	int skip_line;          /* the rest of this line is not read */
	int started;            /* the byte-order mark has been looked for */
	nt_loc line_loc;        /* first non-blank character of the line */
	unsigned long dcol;     /* display column of the cursor */
	int first_token;        /* no token of this line returned yet */

	/* Blanks are a token or not depending on what follows them. */
	int ws_pending;
	nt_loc ws_loc;
	int last_tok;

	/* Rows. */
	int place;              /* enum bg_place */
	int after_ws;           /* at the start of the row text or after blanks */
	int new_word;           /* the next token starts a word */
	int ncells;             /* cell starts seen on this row */
	int row_numbered;       /* this row has a row number */
	/* fmt --repair: a row number after a row's cells, where an exporter
	 * left out a line break, ends that row and starts one of its own. */
	int repair;
	int split_pending;      /* the row just ended so; its successor waits */
	unsigned long split_origin;
	int row_split;          /* this row began so, at ROW_SPLIT_AT */
	nt_loc row_split_at;
	unsigned long row_origin;   /* the column its row number stands for */
	nt_loc cell_loc;
	/*
	 * The text of each cell (blanks collapsed), kept for messages and the
	 * replay: the bytes of the current cell from CELL_FROM on are still in
	 * the input buffer (NULL: none), and are added when the cell ends,
	 * before the buffer is refilled, or when the text is read
	 * (bg_lexer_keep_text): a copy per cell, not per token.
	 */
	char cell_text[3][BG_CELL_TEXT];
	size_t cell_len[3];
	unsigned long cell_last[3];   /* the column of each cell's last character */
	const unsigned char *cell_from;
	int cell_space;         /* a blank is owed before the next cell byte */
	/* The first run of blanks since CELL_FROM that is not one space (NULL:
	   none): the text is then the bytes with that run collapsed. */
	const unsigned char *cell_odd;
	bg_word word;           /* the word being read */
	/* The cell before the last cell start, as a line end there would
	   have left it: its place, where its error goes, its last word. */
	int open_place;
	nt_loc open_err;
	bg_word open_word;
	/* The word a blank ended: a play can be wrong at a blank because of
	   it (`8 6/5`: a path is unfinished). */
	bg_word ws_word;

	/* Text of the line (score line names, comment lines for tags): in
	   arena_small, or on the heap once a line needs more. */
	nt_growbuf arena_buf;
	size_t arena_len;
	int arena_cut;          /* the line was longer than BG_ARENA_MAX */
	/* Blanks that start a line past a full arena: an echo can write them
	   again when they are all one character (lead_char). */
	size_t lead_extra;
	int lead_char;
	int lead_mixed;
	int echo_lost;          /* a line's blanks could not be echoed */
	nt_loc echo_lost_loc;
	/* A header comment line as its tag is read: each run of blanks kept
	   as one, a tab if it has one, which changes no tag (3.2, 2.9). */
	char tag[4096];
	size_t tag_len;
	int tag_cut;
	char tag_end[2];        /* a cut line's last two non-blank characters */
	int blanks_dropped;     /* a score line's blanks past a full arena */
	char arena_small[BG_ARENA];

	bg_qtok queue[BG_QUEUE];
	int qhead, qlen;
	bg_qtok current;        /* the token returned last (the lookahead) */

	/* Lines before the match line, copied by the converters (LAST: the
	   line ends here). */
	void (*echo)(void *ctx, const char *text, size_t len, int last);
	void *echo_ctx;
} bg_lexer;

/* Rows held after a ???? and its result (see bg_parse.qheld). */
#define BG_QHELD 3

/* One row: its cells in the order written. */
typedef struct bg_row {
	int ncells;
	int numbered;           /* it has a row number */
	bg_cell cells[2];
} bg_row;

/* ------------------------------------------------------ the parser */

struct bg_replay;
struct bg_parse;

/* A syntax error of the header, kept until the match line is found. */
typedef struct bg_held_error {
	nt_loc at, end;
	char message[160];
} bg_held_error;

typedef struct bg_parse {
	bg_lexer lx;
	nt_run *run;
	struct bg_replay *rp;   /* the rules (replay.c) */

	/* The header (spec 3.2). */
	int header_bad;         /* a syntax error before the first game line */
	bg_held_error *held;    /* header errors until the match line */
	int nheld;
	long held_dropped;
	nt_loc held_dropped_at;     /* the first of them */
	long match_length;

	/* The game being read. */
	long games;             /* game lines read */
	int in_game;
	int broken;             /* this game had a syntax error */
	nt_loc game_loc;

	/* The row being read. */
	bg_row row;
	bg_cell *cell;          /* the cell being built */
	unsigned char path_pt[BG_PATH_MAX];
	unsigned char path_star[BG_PATH_MAX];
	int path_len;           /* points written in the path */
	int path_last;          /* its last point */
	int path_off;           /* its last point is off */

	/* A row holding ???? waits for the next cell (3.6). */
	int have_qrow;
	bg_row qrow;
	nt_loc qloc, qend;
	int qcell;              /* which cell of qrow holds the mark */
	/*
	 * After the mark's result: the mark may still not be the last roll of
	 * the game (3.6), which only a later roll cell shows, so QROW and the
	 * rows after it are held until the game ends.  Of the cells after the
	 * mark only the first three can be checked (its result, a partner, a
	 * cell past the end), so only the rows holding them are kept; later
	 * rows are only looked at for a roll.
	 */
	int qtail;
	int nqheld;
	long qheld_cells;
	bg_row qheld[BG_QHELD];
	/* Set by the parser's error hook for game_syntax(): the cells the
	   lexer had begun on the row, and whether the error is a cell start
	   after a cell read whole (a third cell).  err_cells < 0: unset. */
	int err_cells;
	int err_whole;

	int syntax_errors;
} bg_parse;

/* -------------------------------------------- the grammar's hooks */

void bg_comment_line(bg_parse *p, const bg_span *at);
void bg_match_line(bg_parse *p, const bg_tokval *n, const bg_span *at);
void bg_pregame_comment(bg_parse *p);
void bg_game_begin(bg_parse *p, const bg_span *at);
void bg_game_line(bg_parse *p, const bg_tokval *n, const bg_span *at);
void bg_game_without_score(bg_parse *p);
/* Returns 0, or -1 after reporting a syntax error. */
int bg_score_line(bg_parse *p, const bg_tokval *name0, const bg_tokval *score0,
                  const bg_tokval *name1, const bg_tokval *score1,
                  const bg_span *at, nt_loc end);
/* The last character of the score SCORE, written at AT. */
nt_loc bg_score_end(const bg_tokval *score, const bg_span *at);
void bg_game_end(bg_parse *p);
void bg_game_broken(bg_parse *p);
void bg_file_end(bg_parse *p);

void bg_cell_roll(bg_parse *p, const bg_tokval *dice, const bg_span *at);
void bg_cell_simple(bg_parse *p, int kind, const bg_span *at);
void bg_cell_offer(bg_parse *p, const bg_tokval *word, const bg_span *at);
int bg_offer_value(bg_parse *p, const bg_tokval *n, const bg_span *at);
int bg_result_points(bg_parse *p, const bg_tokval *n, const bg_span *at);
void bg_result_and_match(bg_parse *p);
void bg_play_nothing(bg_parse *p);
void bg_play_unknown(bg_parse *p, const bg_span *at);
int bg_path_source(bg_parse *p, const bg_tokval *n, int bar,
                   const bg_span *at);
int bg_path_target(bg_parse *p, const bg_tokval *n, int off, int star,
                   const bg_span *at);
int bg_submove(bg_parse *p, const bg_tokval *count, const bg_span *at);
void bg_row_done(bg_parse *p);

/* A syntax error the grammar found at the last token read (AT_EOF: the
   end; ROW_MAY_END: a line end would have been taken there; PATH_OPEN:
   only more of a path would have been, so a blank there ends the path
   too soon). */
void bg_syntax_error(bg_parse *p, int at_eof, int row_may_end, int path_open,
                     const bg_span *at);
/* A syntax error an action found, at AT, with its message. */
void bg_syntax_at(bg_parse *p, nt_loc at, const char *fmt, ...)
	NT_PRINTF(3, 4);

/* --------------------------------------------------- the lexer */

void bg_lexer_init(bg_lexer *lx);
void bg_lexer_free(bg_lexer *lx);
/* Reads the rest of the word a syntax error was found in (for messages). */
void bg_lexer_finish_word(bg_lexer *lx);
/* The texts of the row read so far (cells, words) are all in the lexer. */
void bg_lexer_keep_text(bg_lexer *lx);
/* The same for the cells only (what a row hands to the replay). */
void bg_lexer_keep_cells(bg_lexer *lx);
/*
 * Reads the rest of the cell the lexer is in, up to the next cell start or
 * the line end, so that a message quotes the whole cell (3.5).  What was
 * read ahead is forgotten: this comes only right before a syntax error
 * that skips the rest of the line.
 */
void bg_lexer_finish_cell(bg_lexer *lx);
/*
 * The rest of the line is not read.  IN_GAME: what was read ahead is
 * forgotten too (the reader resynchronises at the next game line);
 * otherwise the line still ends with its EOL token.
 */
void bg_lexer_skip_line(bg_lexer *lx, int in_game);

/* record.c: one pass over the source. */
int bg_parse_init(bg_parse *p, nt_run *run, struct bg_replay *rp);
/* Parses everything; 0, or -1 when the input could not be read. */
int bg_parse_all(bg_parse *p);
void bg_parse_free(bg_parse *p);

#endif
