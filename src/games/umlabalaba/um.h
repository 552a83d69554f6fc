/*
 * Umlabalaba (Zulu twelve men's morris): rules, board geometry and the
 * engine that replays one turn at a time.  Spec: shared/spec/umlabalaba.md.
 */
#ifndef NT_UM_H
#define NT_UM_H

#include <stdint.h>
#include <stddef.h>
#include "notate/notate.h"
#include "core/report.h"
#include "games/umlabalaba/codes.h"

#define UM_MAX_POINTS 25
#define UM_MAX_MILLS 32
/* Captures kept per move; more can be written (and are counted). */
#define UM_MAX_CAPTURES 8
#define UM_NUM_TEXT 24
#define UM_MOVE_TEXT 96

enum um_side { UM_BLACK = 0, UM_WHITE = 1, UM_NOBODY = -1 };

enum um_diagonals { UM_DIAG_FULL, UM_DIAG_OUTER, UM_DIAG_NONE };
enum um_centre_mills { UM_CENTRE_MIDDLE, UM_CENTRE_ANY, UM_CENTRE_NONE };
enum um_protection { UM_PROTECT_GAR, UM_PROTECT_FORFEIT, UM_PROTECT_NONE };
enum um_full_board { UM_FULL_DRAW, UM_FULL_BLOCKED, UM_FULL_ILOBOLA };
enum um_draw3 { UM_DRAW3_EITHER, UM_DRAW3_BOTH, UM_DRAW3_OFF };

typedef struct um_rules {
	int points;               /* 24 or 25 */
	int diagonals;            /* enum um_diagonals */
	int diagonal_mills;       /* on/off */
	int centre_mills;         /* enum um_centre_mills */
	int first;                /* enum um_side */
	int flying;
	int capture_mandatory;
	int protection;           /* enum um_protection */
	int double_mill_per_mill;
	int no_shuttle;
	int blocked_pass;
	int full_board;           /* enum um_full_board */
	int draw3;                /* enum um_draw3 */
	long draw3_plies;
	long nmove;
	long repetition;
} um_rules;

typedef uint32_t um_set;      /* bit p stands for point p (1..25) */

typedef struct um_mill {
	unsigned char p[3];
	um_set set;
} um_mill;

typedef struct um_board {
	int points;
	um_set all;               /* every point of the board */
	um_set adj[UM_MAX_POINTS + 1];
	um_mill mills[UM_MAX_MILLS];
	int nmills;
	/* The mills through each point (at most six, at the centre). */
	unsigned char through[UM_MAX_POINTS + 1][8];
	unsigned char nthrough[UM_MAX_POINTS + 1];
} um_board;

/* A number as written: digits kept for messages and validity checks. */
typedef struct um_num {
	char text[UM_NUM_TEXT];   /* NUL-terminated; cut, ending "...", if longer */
	size_t len;               /* full length as written */
	nt_loc loc;
	unsigned long long start; /* absolute byte offsets (converters) */
	unsigned long long end;
} um_num;

/* UM_PASS: a turn given up as written (mill PGN's "p"); never legal. */
enum um_move_kind { UM_PLACE, UM_MOVE, UM_REMOVE, UM_PASS };

typedef struct um_move {
	int side;
	int has_number;
	um_num number;
	int kind;
	int from, to;             /* 0 when not written or not valid */
	int removed;
	int caps[UM_MAX_CAPTURES];
	long ncaps;               /* as written; only the first UM_MAX_CAPTURES kept */
	const um_num *bad_point;  /* first point written that is not on the board */
	const char *text;         /* as written */
	long index;
	nt_loc loc;
	nt_loc end;               /* its last character: a diagnostic's span */
} um_move;

enum um_result { UM_ONGOING, UM_BLACK_WON, UM_WHITE_WON, UM_DRAWN };

/* How the game ended, for messages and `show`. */
enum um_end {
	UM_END_NONE, UM_END_REDUCED, UM_END_BLOCKED, UM_END_BOTH_BLOCKED,
	UM_END_FULL_BOARD, UM_END_DRAW3, UM_END_NMOVE, UM_END_REPETITION
};

/*
 * How messages name the sides and the points: a written form's own terms
 * (mill PGN: White is the first player, points are squares).  A game
 * without one speaks the Blac notation's: Black and White, numbers.
 */
typedef struct um_naming {
	const char *side[2];                  /* by side: UM_BLACK, UM_WHITE */
	const char *point[UM_MAX_POINTS + 1]; /* by point; [0] unused */
	/* Ends "'TURN': 'TEXT' is not a point": why, and what points are. */
	void (*bad_point)(const um_num *n, char *out, size_t size);
	const char *result[4];                /* by enum um_result */
	/* The rules as the form writes them (show). */
	void (*rules)(const um_rules *r, char *out, size_t size);
} um_naming;

typedef struct um_shuttle {
	int from, to;             /* 0 when the memory is clear */
} um_shuttle;

/*
 * Positions seen since the last placement, capture or removal, each packed
 * into 64 bits: the cows in base 3 (40 bits for 25 points), the side to
 * move and both shuttle memories.  The hands cannot change without a
 * placement, so they are those of the window, kept once.
 */
typedef struct um_history {
	uint64_t *keys;
	unsigned *counts;         /* 0: a free slot */
	size_t cap;
	size_t used;
	int hand[2];              /* the hands of every recorded position */
} um_history;

typedef struct um_game {
	const um_rules *rules;
	const um_board *board;
	um_set cows[2];
	int hand[2];
	int to_move;
	int owes_ilobola;         /* side that must remove next, or UM_NOBODY */
	long slots;               /* turn slots used, skipped ones included */
	um_shuttle shuttle[2];
	long quiet;
	long three;
	int result;               /* enum um_result */
	int end;                  /* enum um_end */
	int end_loser;            /* for reductions and blocks */
	long end_index;           /* move index of the turn that ended it */
	long turns;               /* turns played */
	long skipped;             /* turns skipped */
	long mills_formed[2];
	long captures[2];
	long placed[2], moved[2], flown[2], removed[2];
	um_history history;
	int oom;                  /* the repetition table could not grow */
	const um_naming *naming;  /* NULL: the Blac notation's words */
} um_game;

typedef struct um_verdict {
	enum um_code code;
	char message[NT_MSG_MAX];
} um_verdict;

/* rules.c: options, presets and headers */
/* The options in the order of the spec's table (section 2). */
enum um_option {
	UM_OPT_DIAGONALS, UM_OPT_DIAGONAL_MILLS, UM_OPT_CENTRE_MILLS,
	UM_OPT_FIRST, UM_OPT_FLYING, UM_OPT_CAPTURE, UM_OPT_PROTECTION,
	UM_OPT_DOUBLE_MILL, UM_OPT_NO_SHUTTLE, UM_OPT_BLOCKED, UM_OPT_FULL_BOARD,
	UM_OPT_DRAW3, UM_OPT_DRAW3_PLIES, UM_OPT_NMOVE, UM_OPT_REPETITION,
	UM_OPT_COUNT
};
const char *um_option_name(int id);
/* The option's value in R as an Options item writes it ("full", "100"). */
void um_option_value(const um_rules *r, int id, char *out, size_t size);
/* The option an Options item names ("nmove=3": UM_OPT_NMOVE), or -1. */
int um_option_of_item(const char *item, size_t len);
void um_rules_default(um_rules *r);
/* Applies a preset by name; returns 0, or -1 when unknown. */
int um_rules_preset(um_rules *r, const char *name, int *diagonals_set);
/*
 * Applies one "name=value" item of the Options header.  Returns 0, or -1
 * with a reason in WHY (the text of a bad-header message).
 */
int um_rules_option(um_rules *r, const char *item, size_t len,
                    unsigned *seen, char *why, size_t whysize);

/* Every rule as name=value items, the board first. */
void um_format_rules(const um_rules *r, char *out, size_t size);
/* Whether the items applied so far chose the diagonals. */
int um_rules_option_seen_diagonals(unsigned seen);

/* board.c */
void um_board_build(um_board *b, const um_rules *r);
/* A point as written, or 0 when it is not one (inline: every point read). */
static inline int
um_point_value(const um_board *b, const char *text, size_t len)
{
	/* Valid: 1..9, 01..09, or 10 up to the board size (spec 4.4). */
	if (len == 1 && text[0] >= '1' && text[0] <= '9')
		return text[0] - '0';
	if (len != 2 || text[1] < '0' || text[1] > '9')
		return 0;
	if (text[0] == '0')
		return text[1] == '0' ? 0 : text[1] - '0';
	if (text[0] < '1' || text[0] > '9')
		return 0;
	int v = (text[0] - '0') * 10 + (text[1] - '0');
	return v <= b->points ? v : 0;
}

/* A point as NAMES call it (NULL: its number); OUT holds at least 8. */
const char *um_point_name(const um_naming *names, int p, char *out);
/* "5-6-7" (or "g1-d1-a1") */
void um_format_mill(const um_naming *names, const um_mill *m, char *out,
                    size_t size);
/* "2, 4 and 11" */
void um_format_set(const um_naming *names, um_set s, char *out, size_t size);

static inline int
um_count(um_set s)
{
	/* Portable bit count: no libgcc call, no -mpopcnt needed. */
	s = s - ((s >> 1) & 0x55555555u);
	s = (s & 0x33333333u) + ((s >> 2) & 0x33333333u);
	return (int)((((s + (s >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

#define UM_BIT(p) ((um_set)1 << (p))

/* engine.c */
void um_game_init(um_game *g, const um_rules *r, const um_board *b);
void um_game_free(um_game *g);
/* Plays one turn.  Returns 0 when legal, else fills V and changes nothing. */
int um_play(um_game *g, const um_move *m, um_verdict *v);
const char *um_side_name(int side);
/* The side as the game's record names it (its naming, else um_side_name). */
const char *um_game_side(const um_game *g, int side);
/* "B", "W", "D" or "*". */
const char *um_result_text(int result);
/* A sentence for how the game ended ("Black won: ..."). */
void um_describe_end(const um_game *g, char *out, size_t size);
/* Expected move number of the next turn. */
long um_expected_number(const um_game *g);

/* movegen.c: every legal turn of the side to move (independent of um_play). */
typedef struct um_turn {
	int kind;                 /* enum um_move_kind */
	int from, to, removed;
	int caps[UM_MAX_CAPTURES]; /* six mills can run through the centre */
	int ncaps;
} um_turn;

typedef void (*um_turn_fn)(void *ctx, const um_turn *turn);
/* Calls FN for each legal turn; returns how many there were. */
long um_each_turn(const um_game *g, um_turn_fn fn, void *ctx);
/* Writes a turn in notation: NUMBER 0 leaves the number out. */
void um_format_turn(const um_turn *t, int side, long number, int electronic,
                    int spaced, char *out, size_t size);
/* Plays a generated turn (it must be legal); returns um_play's result. */
int um_play_turn(um_game *g, const um_turn *t, long index, um_verdict *v);

/* generate.c: random legal games (nt_generate). */
int um_generate(const nt_generate_request *req, const nt_sink *out,
                const nt_sink *err);

/* show.c: the board as ASCII art. */
enum um_view { UM_VIEW_TEXT, UM_VIEW_SVG, UM_VIEW_JSON };
void um_render(const um_game *g, long after_move, const nt_sink *out);
void um_render_svg(const um_game *g, long after_move, const nt_sink *out);
/* The position as one JSON object on one line (show -f json). */
void um_render_json(const um_game *g, long after_move, const nt_sink *out);
/* One of the three, by VIEW (enum um_view). */
void um_show_view(const um_game *g, long after_move, int view,
                  const nt_sink *out);
/*
 * After a replay of MOVES moves (whatever the form): the summary's counts,
 * then for show (VIEW >= 0) the view, or 1 when FAILED (a bad header or
 * tag), or -4 when the record has no such move or row.  Returns RC else.
 */
struct nt_run;
int um_replayed(struct nt_run *run, const um_game *g, long moves, int rc,
                int failed, int view, long show_move, long show_row);
/* The last character of a number as written (a digit takes a column). */
static inline nt_loc
um_num_last(const um_num *n)
{
	nt_loc last = n->loc;
	if (n->len > 0)
		last.col += n->len - 1;
	return last;
}

#endif
