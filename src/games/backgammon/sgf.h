/*
 * Reading GNU Backgammon's SGF match files (shared/spec/backgammon-sgf.md):
 * the lexer state (grammar/bg_sgf_lex.re), the parser context
 * (grammar/bg_sgf_parse.y) and the reader (read_sgf.c), which turns the
 * main line of each game tree into the record the replay checks (replay.h):
 * a game's head, then its cells.
 *
 * Memory does not grow with the file: values reach the reader in chunks,
 * and only what the record uses is kept of them; a game tree is held (in a
 * spool, core/spool.h) until it is known to be complete, because a syntax
 * error anywhere in a tree means that the tree is not checked at all (4.2).
 */
#ifndef NT_BG_SGF_H
#define NT_BG_SGF_H

#include "games/backgammon/codes.h"
#include "core/game.h"
#include "core/growbuf.h"
#include "core/input.h"
#include "core/spool.h"
#include "games/backgammon/record.h"
#include "games/backgammon/sgf_value.h"

#define BG_SGF_CHUNK 256        /* decoded bytes of a value per token */
#define BG_SGF_IDENT_MAX 256    /* longer identifiers are not read */
#define BG_SGF_DEPTH_MAX 1000   /* game trees nested deeper are refused */
#define BG_SGF_VALUE_MAX 1024   /* bytes kept of a value the record reads */
#define BG_SGF_NAME_MAX 65535   /* a longer PW or PB is not read */
#define BG_SGF_SEEN_MAX 64      /* other identifiers of a node remembered */
#define BG_SGF_TEXT 48          /* a cell as quoted (W[65xrrm]) */

enum bg_sgf_charset { BG_SGF_UTF8, BG_SGF_ASCII, BG_SGF_LATIN1 };

/* One token's worth of a value, decoded (1.2) and in UTF-8. */
typedef struct bg_sgf_chunk {
	unsigned char text[BG_SGF_CHUNK + 80];
	size_t len;
} bg_sgf_chunk;

typedef struct bg_sgf_lexer {
	nt_input in;
	int in_value;           /* between '[' and ']' */
	int charset;            /* enum bg_sgf_charset, of the tree being read */
	/* The UTF-8 sequence being read in a value. */
	int u_need;
	unsigned u_cp, u_min;
	nt_loc u_at;
	/* The value's first byte that is not valid in the character set. */
	int bad;
	nt_loc bad_at;
	bg_sgf_chunk chunk[2];
	int next_chunk;
	/* The identifier read last: its first letters and its length. */
	char ident[BG_SGF_IDENT_MAX + 1];
	size_t ident_len;
} bg_sgf_lexer;

/* A token's value: the chunk slot of a CHUNK. */
typedef struct bg_sgf_tokval {
	int slot;
} bg_sgf_tokval;

/* The properties the record knows (the others are kept or unsupported). */
enum bg_sgf_prop {
	BG_P_OTHER, BG_P_FF, BG_P_GM, BG_P_CA, BG_P_AP, BG_P_MI, BG_P_PW,
	BG_P_PB, BG_P_WR, BG_P_BR, BG_P_DT, BG_P_EV, BG_P_RO, BG_P_PC, BG_P_AN,
	BG_P_GC, BG_P_RU, BG_P_CV, BG_P_RE, BG_P_GS, BG_P_W, BG_P_B, BG_P_PL,
	BG_P_DI, BG_P_AE, BG_P_AB, BG_P_AW, BG_P_CP, BG_P_CO, BG_P_COUNT
};

/* An action node of the main line, held until the tree is complete. */
typedef struct bg_sgf_cell {
	unsigned char kind;     /* enum bg_cell_kind */
	unsigned char side;
	unsigned char d1, d2;
	unsigned char play;     /* enum bg_play_kind */
	unsigned char dice_only;
	unsigned char resign;   /* enum bg_resign */
	unsigned char npairs;
	unsigned char from[BG_SGF_PAIRS_MAX], to[BG_SGF_PAIRS_MAX];
	long points;
	nt_loc loc, end;
	unsigned char text_len;
	char text[BG_SGF_TEXT];
} bg_sgf_cell;

/* A reading error of a tree (4.2 step 2), reported in its place. */
typedef struct bg_sgf_error {
	int set;
	bg_code code;
	nt_loc at, end;
	char message[NT_MSG_MAX];
} bg_sgf_error;

/* A value the root keeps for a conversion to mat or sheet (5.3). */
typedef struct bg_sgf_kept {
	int set;
	nt_spool_pos at;
	size_t len;             /* bytes in the header spool */
} bg_sgf_kept;

/* What the root node of a game tree says (2.2). */
typedef struct bg_sgf_root {
	nt_loc tree_at, node_at;        /* its '(' and ';' */
	int gm, ff;
	int mi_seen;
	int mi_has[4];
	long mi[4];                     /* length, game, ws, bs */
	nt_loc mi_at[4], mi_end[4];
	char mi_text[4][BG_SGF_TEXT];
	nt_growbuf name[2];
	char name_small[2][64];
	int name_has[2];
	nt_loc name_at[2], name_end[2];
	char name_text[2][BG_CELL_TEXT];
	int ru_has;
	unsigned rules;
	nt_loc ru_at, ru_end;
	char ru_text[BG_CELL_TEXT];
	int re_has;
	bg_sgf_cell re;
	/* First tree only: DT, EV, RO, PC, AN, GC for the mat header. */
	bg_sgf_kept dt, ev, ro, pc, an, gc;
} bg_sgf_root;

/* The node being read. */
typedef struct bg_sgf_node {
	int main;               /* on the main line of a tree being read */
	int root;
	nt_loc at;
	unsigned long long seen;     /* bit per enum bg_sgf_prop */
	unsigned long long other[BG_SGF_SEEN_MAX];   /* hashes of the others */
	int nother;
	int action;             /* the W, B or DI that holds the action */
	nt_loc action_ident;
	int has_pl, pl;
	nt_loc pl_ident;
	int has_di, di1, di2;
	nt_loc di_ident, di_at, di_end;
	int has_move;
	bg_sgf_move move;
	int move_side;
	nt_loc move_at, move_end;
	char move_text[BG_SGF_TEXT];
	size_t move_text_len;
} bg_sgf_node;

/* The property and value being read. */
typedef struct bg_sgf_value {
	int prop;               /* enum bg_sgf_prop */
	int read;               /* its values are interpreted */
	int values;             /* values of this property so far */
	int finding;            /* what its identifier breaks (read_sgf.c),
	                           reported with its first value */
	nt_loc ident_at;
	nt_loc at;              /* first character after '[' */
	nt_loc open;            /* the '[' */
	nt_growbuf buf;         /* what is kept of it */
	size_t len;
	int cut;                /* longer than what is kept */
	char small[256];
	bg_sgf_kept *kept;      /* copied to the header spool */
	int to_gc_tags;         /* GC lines go to the rule tags */
} bg_sgf_value;

/* The SGF -> SGF writer (write_sgf.h): what the reader copies to it. */
struct bg_sgf_copy;

typedef struct bg_sgf_parse {
	bg_sgf_lexer lx;
	nt_run *run;
	struct bg_replay *rp;

	/* Trees: nesting, and the main line of the tree being read (1.3). */
	int depth;
	int main_depth;         /* the innermost open tree of the main line */
	int main_ended;         /* the main line is complete */
	nt_loc open_at[BG_SGF_DEPTH_MAX + 1];
	long trees;             /* top-level trees begun */
	int any_root_read;      /* a root has been read (its rules count) */
	int header_written;     /* the mat header went to the echo */

	/* The tree being read. */
	int broken;             /* a reading error: nothing more is read */
	bg_sgf_error error;
	bg_sgf_root root;
	int root_read;          /* its root passed step 2 */
	long nodes;             /* main-line nodes read */
	long ncells;            /* cells in the spool */
	long nvariations;
	/* A DI node waits for what follows it (2.4). */
	int di_held;
	bg_sgf_cell di_cell;
	nt_loc di_ident;
	int roll_held;          /* ...and the roll of the same dice after it */
	bg_sgf_cell roll_cell;
	nt_spool tree;          /* the cells, then the variations */
	nt_spool header;        /* kept root values (first tree) */

	bg_sgf_node node;
	bg_sgf_value val;
	nt_loc value_close;     /* the ']' of the value read last */

	int syntax_errors;
	int stopped;            /* the first syntax error ended reading */

	/* Conversion to mat or sheet: the header lines (5.3), as the text
	   lexer echoes them to the writers (LAST: the line ends). */
	void (*echo)(void *ctx, const char *text, size_t len, int last);
	void *echo_ctx;
	/* Conversion to SGF: the main lines, copied as read (5.1). */
	struct bg_sgf_copy *copy;
} bg_sgf_parse;

/* ------------------------------------------- the grammar's hooks */

void bg_sgf_tree_open(bg_sgf_parse *p, nt_loc at);
void bg_sgf_tree_close(bg_sgf_parse *p, nt_loc at);
void bg_sgf_node_begin(bg_sgf_parse *p, nt_loc at);
void bg_sgf_node_end(bg_sgf_parse *p);
void bg_sgf_prop_begin(bg_sgf_parse *p, nt_loc at);
void bg_sgf_value_begin(bg_sgf_parse *p, nt_loc at);
void bg_sgf_value_chunk(bg_sgf_parse *p, const bg_sgf_tokval *v);
void bg_sgf_value_end(bg_sgf_parse *p, nt_loc at);
/* The grammar refuses TOKEN at AT; ONLY is the one token it could take
   there (BG_SGF_TOK_LBRACK or BG_SGF_TOK_SEMI), or 0. */
void bg_sgf_syntax_error(bg_sgf_parse *p, int token, int only, nt_loc at);

/* ------------------------------------------------------ the lexer */

void bg_sgf_lexer_init(bg_sgf_lexer *lx);

/* --------------------------------------------------------- a run */

/* Returns 0, or -1 when memory is short. */
int bg_sgf_parse_init(bg_sgf_parse *p, nt_run *run, struct bg_replay *rp);
/* Parses everything; 0, or -1 when the input could not be read. */
int bg_sgf_parse_all(bg_sgf_parse *p);
void bg_sgf_parse_free(bg_sgf_parse *p);

#endif
