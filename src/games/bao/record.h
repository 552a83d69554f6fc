/*
 * Reading a .bao transcript: the lexer state (grammar/bao_lex.re), the
 * parser context (grammar/bao_parse.y) and the glue that replays each ply
 * (record.c), writes the canonical form (writer.c) and shows a board
 * (show.c).  One bao_parse reads one file with bounded memory.
 */
#ifndef NT_BAO_RECORD_H
#define NT_BAO_RECORD_H

#include <stdio.h>

#include "core/game.h"
#include "core/growbuf.h"
#include "core/input.h"
#include "games/bao/bao.h"
#include "games/bao/lint.h"
#include "games/bao/token.h"

#define BAO_TAG_NAME 64
#define BAO_TAG_VALUE 4096      /* a tag value, before it grows */
#define BAO_TAG_VALUE_MAX 65536 /* the longest value kept (then reported) */
#define BAO_MAX_TAGS 256       /* tags a conversion keeps */
#define BAO_COMMENT_KEEP 2048  /* comments up to this are placed as words */
#define BAO_LINE_WIDTH 78

/* --- the lexer -------------------------------------------------------- */


typedef struct bao_lexer {
	nt_input in;
	int in_tags;                /* the tag section has not ended */
	int comment_open;           /* a { comment begun on a tag line goes on */
	nt_loc comment_loc;

	/* The tag just read. */
	char name[BAO_TAG_NAME];
	size_t name_len;
	size_t name_written;        /* the name's length as written (ASCII) */
	int name_cut;
	int name_broken;            /* the tag name ran into a byte no name has */
	nt_growbuf value_buf;       /* value_small, or the heap once longer */
	size_t value_len;
	int value_cut;              /* longer than BAO_TAG_VALUE_MAX */
	char value_small[BAO_TAG_VALUE];
	nt_loc tag_loc;
	nt_loc tag_end;          /* the ']' that closed it */
} bao_lexer;

/* --- the canonical writer (writer.c) ---------------------------------- */

typedef struct bao_tag {
	char *name;
	char *value;
	size_t value_len;
} bao_tag;

typedef struct bao_writer {
	FILE *spool;                /* the movetext, until the tags are known */
	int failed;
	unsigned long col;          /* characters on the current output line */
	int newline_due;            /* a ';' comment ended the line */
	int comment_kind;           /* '{' or ';' while a comment is read */
	char comment[BAO_COMMENT_KEEP];
	size_t comment_len;
	int comment_streaming;      /* too long to hold: written as it comes */
	bao_tag *tags;
	size_t ntags;
	int tags_overflow;
	nt_loc overflow_loc;
} bao_writer;

/* --- the parse ---------------------------------------------------------- */

enum bao_mode { BAO_CHECK, BAO_CONVERT, BAO_SHOW };

typedef struct bao_parse {
	bao_lexer lx;
	nt_run *run;
	int mode;
	bao_rules rules;

	/* Tags that matter to the replay (the last of each counts). */
	int have_setup, setup_on;
	nt_loc setup_loc, setup_end;
	int have_position, position_cut;
	nt_loc position_loc, position_end;
	char position[BAO_POS_TEXT + 48];
	size_t position_len;
	int have_result_tag;
	nt_loc result_tag_loc, result_tag_end;
	char result_tag[BAO_WORD_KEEP];
	size_t result_tag_len;
	int result_tag_cut;

	/* The replay. */
	bao_pos start;
	bao_game game;
	long plies;                 /* move tokens read: the ply index */
	int stopped;                /* the first error has been reported */
	int have_number;
	bao_item number;
	int result_seen;
	bao_item result;
	int result_kind;
	int have_last_move;
	nt_loc last_move_end;
	char last_token[BAO_TOKEN_TEXT];

	bao_lint lint;          /* notate lint: what the findings remember */

	/* Figures for notate stats, per side. */
	long captures[2], captured[2], takatas[2], taxes[2], safaris[2];
	long takasias[2], laps, sown;

	/* show: stop replaying after this ply (-1: never), or after move
	 * number show_move (resolved to a ply once the start is known). */
	long show_ply;
	long show_move;
	int frozen;

	bao_writer w;
} bao_parse;

/* The grammar's hooks (record.c). */
void bao_tag_read(bao_parse *p);
void bao_tags_done(bao_parse *p);
void bao_number_read(bao_parse *p, const bao_item *it);
void bao_move_read(bao_parse *p, const bao_item *it);
void bao_result_read(bao_parse *p, const bao_item *it);
void bao_after_result(bao_parse *p, const bao_item *it);
void bao_open_comment(bao_parse *p, const bao_item *it);
void bao_finish(bao_parse *p);
void bao_syntax_error(bao_parse *p, nt_loc at);

/*
 * Ply K, the move M written as IT (Q quoted), judged and played: 0, or -1
 * after reporting why it is illegal (the replay then stops).  PL receives
 * what was played.
 */
int bao_play_ply(bao_parse *p, const bao_move *m, const char *q, long k,
                 const bao_item *it, bao_played *pl);

/* The lexer's hooks for comments (record.c; used by conversions). */
void bao_comment_begin(bao_parse *p, int kind);
void bao_comment_text(bao_parse *p, const unsigned char *s, size_t n);
void bao_comment_end(bao_parse *p);

/* grammar/bao_lex.re */
void bao_lexer_init(bao_lexer *lx);
void bao_lexer_free(bao_lexer *lx);

/* record.c: one run over a source. */
int bao_parse_init(bao_parse *p, nt_run *run, int mode);
/* Parses everything; 0, or -1 when the input could not be read. */
int bao_parse_all(bao_parse *p);
void bao_parse_free(bao_parse *p);
/* Rule choices from the options; 0, or -1 with a reason in WHY. */
int bao_rules_from_options(bao_rules *r, const nt_options *o, char *why,
                           size_t whysize);

/* writer.c */
int bao_writer_open(bao_writer *w);
void bao_writer_close(bao_writer *w);
void bao_writer_word(bao_writer *w, const char *text);
void bao_writer_keep_tag(bao_writer *w, const bao_lexer *lx);
/* Tags, a blank line and the movetext to OUT; 0 or -1. */
int bao_writer_finish(bao_writer *w, const bao_parse *p, const nt_sink *out);

/* messages.c: the explanation of an illegal ply. */
void bao_explain(const bao_rules *r, const bao_pos *p, const bao_analysis *a,
                 const bao_move *m, const bao_outcome *o, int code,
                 const char *quoted, char *out, size_t size);
/* Why a word is no BaoAN-1 token (FAULT: enum bao_word_fault). */
void bao_syntax_hint(const char *word, const bao_word *w, int fault,
                     char *out, size_t size);
const char *bao_code_name(int code);
const char *bao_side_name(int side);

/* generate.c: one random legal game as a canonical record. */
int bao_generate_record(const nt_generate_request *req, const nt_sink *out,
                        const nt_sink *err);

/* show.c */
enum bao_view { BAO_VIEW_TEXT, BAO_VIEW_SVG, BAO_VIEW_JSON };
void bao_render(const bao_game *g, long ply, const char *last_token,
                const nt_sink *out);
/* The position as one JSON object on one line (show -f json). */
void bao_render_json(const bao_game *g, long ply, const char *last_token,
                     const nt_sink *out);
void bao_render_svg(const bao_game *g, long ply, const char *last_token,
                    const nt_sink *out);

#endif
