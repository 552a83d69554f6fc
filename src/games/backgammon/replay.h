/*
 * Replaying a backgammon record (shared/spec/backgammon.md, sections 2.4 to
 * 2.10, 5.3, 6.3 and 6.4): game numbers, names, scores, turns, the cube,
 * results and the match, with the plays judged by the engine (bg_engine.h).
 *
 * The parser hands over one cell at a time.  A few checks look at the
 * cells after a cell (a roll left unplayed is fine when the roller's
 * opponent is named the winner next; a lone loss cell takes its column from
 * the win cell it is paired with), so the replay keeps a window of three
 * cells and judges the first when the two after it are known, or when the
 * game ends.  Everything per game is bounded: memory does not grow with the
 * number of games.
 */
#ifndef NT_BG_REPLAY_H
#define NT_BG_REPLAY_H

#include <stdint.h>

#include "games/backgammon/cell.h"
#include "games/backgammon/lint.h"

#define BG_WINDOW 3

/* The rule tags of 2.9 and the match length. */
typedef struct bg_rules {
	long length;            /* 0: a money session */
	int crawford;           /* the Crawford rule (match play) */
	int jacoby;             /* money: a centred-cube gammon may score 1 */
	int beaver;             /* money: beavers and raccoons allowed */
	long cube_limit;        /* 0: no limit */
	int strict;
	int repair;             /* fmt --repair (nt_options) */
} bg_rules;

/* How a game ended before its result cell. */
enum bg_end { BG_END_NONE, BG_END_BOARD, BG_END_PASS };

/* What an action looks like to the writers and the board view. */
enum bg_act_kind {
	BG_ACT_ROLL, BG_ACT_OFFER, BG_ACT_BEAVER, BG_ACT_TAKE, BG_ACT_PASS,
	BG_ACT_RESULT,
	/* The other cell of a result pair (3.8): it changes nothing, and the
	   writers write the result once, from BG_ACT_RESULT; it is a cell the
	   replay accepted all the same (a move of the game, --move N). */
	BG_ACT_PARTNER
};

typedef struct bg_action {
	int kind;               /* enum bg_act_kind */
	int side;               /* who acted (results: the winner) */
	const bg_cell *cell;    /* as written */
	long index;             /* 1-based cell index in the game */
	/* Rolls. */
	int d1, d2;             /* as written */
	int roll;               /* enum bg_roll_kind */
	const bg_pos *before;
	const bg_pos *after;
	int nsteps;
	const bg_step *steps;
	/* Offers (the value now on offer), takes (the cube's value). */
	long value;
	/* Results. */
	long points;
} bg_action;

struct bg_replay;

/* Who is told about what the replay accepted (convert, show). */
typedef struct bg_output {
	void (*match_line)(void *ctx, long length);
	void (*pregame_comment)(void *ctx, const char *text, size_t len);
	void (*game_start)(void *ctx, long number, const char *const name[2],
	                   const size_t name_len[2], const long score[2]);
	void (*action)(void *ctx, const bg_action *a, const struct bg_replay *rp);
	void (*game_end)(void *ctx, const struct bg_replay *rp);
	void *ctx;
} bg_output;

/* The state of the game being replayed. */
typedef struct bg_game {
	int active;             /* its cells are being checked */
	int abandoned;          /* a rule error stopped it */
	long number;            /* as read; -1 when not read */
	long index;             /* ordinal of the game in the file */
	nt_loc loc;             /* its game line */
	nt_loc line_end;        /* that line's last character that is not blank */
	long cells;             /* cells checked so far */
	int crawford;           /* this is the Crawford game */
	long start_score[2];

	bg_pos pos;
	int rolled;             /* the opening roll has been made */
	int on_roll;            /* -1 before the opening roll */
	int last_d1, last_d2;   /* the last roll, for the board view */
	long cube;
	int owner;              /* -1: in the centre */

	int offer;              /* an offer waits for its answer */
	int offerer;            /* who made the first offer */
	int last_offer;         /* who made the offer or redouble that waits */
	long on_offer;          /* the value on offer */
	int beavered;           /* a beaver or raccoon was made */

	int ended;              /* enum bg_end */
	int winner;
	long value;             /* V of 2.4 */
	int centred_at_end;     /* the cube was in the centre when it ended */
	nt_loc end_loc;         /* the cell that ended it */
	nt_loc end_last;        /* its last character */
	char end_text[BG_CELL_TEXT];
	int end_written;        /* its enum bg_written */

	int results;            /* result cells read: 0, 1 or 2 */
	int result_kind;        /* the first: BG_CELL_WIN or BG_CELL_LOSS */
	int result_lone;
	int result_winner;
	long result_points;
	long result_written;    /* the first cell's points as written */
	int lone_waits;         /* a lone loss cell waits for its win cell */
	bg_cell lone;

	int unknown;            /* the last roll's play is unknown (????) */

	/* A binary record: the place of the game's header (its game-level
	   diagnostics) and what --context shows there, and the place of the
	   cell that ended the game. */
	nt_binloc bin;
	const char *bin_context;
	nt_binloc end_bin;
} bg_game;

typedef struct bg_replay {
	nt_run *run;
	bg_rules rules;
	const bg_output *out;

	int off;                /* nothing is replayed (header error) */
	int file_over;          /* a game after the end of the match */
	int names_known;
	char name[2][BG_NAME_MAX + 1];   /* the first BG_NAME_MAX bytes */
	size_t name_len[2];              /* bytes in name[] */
	size_t name_full_len[2];         /* bytes of the whole name */
	uint64_t name_tail_hash[2];      /* of the bytes past name[] */
	long score[2];
	int score_known;        /* the next score line is compared */
	long prev_number;       /* -1: not read, 0 before the first game */
	int crawford_seen;
	long games;

	char qname[2][200];     /* the names quoted for messages */

	/* G3 and G6 for readers whose games restate the match (bg_head). */
	int head_known;
	long head_length;
	unsigned head_rules;
	char head_rules_text[BG_CELL_TEXT];
	nt_loc match_at;        /* where the match length was read */

	bg_game g;
	bg_cell window[BG_WINDOW];   /* a ring: the first is at whead */
	int whead;
	int nwindow;
	bg_pos before;          /* scratch for the writers */
	bg_lint lint;           /* notate lint: the dice forms seen */
	nt_loc tag_at;          /* the header comment line being read */
	/* The record is binary (eXtreme Gammon): its cells carry a place and
	   what the file stores (bg_cell.bin, .stored), checked in replay_xg.c. */
	int binary;

	/* Told of every roll the engine judged, accepted or not (the tests
	   set it after bg_replay_init); NULL: nobody. */
	void (*judged)(void *ctx, const bg_pos *before, int mover,
	               const bg_roll *roll, int strict, const bg_judgement *j);
	void *judged_ctx;
	/* The judge of plays; NULL: bg_judge.  A test gives one whose move
	   generator is wrong, to see the verdict bg_judge never gives
	   (bg-illegal-move) reported. */
	bg_verdict (*judge)(const bg_pos *before, int mover, const bg_roll *roll,
	                    int strict, bg_judgement *j);
} bg_replay;

void bg_replay_init(bg_replay *rp, nt_run *run, const bg_output *out);
/* A header comment line: reads the rule tags of 2.9. */
void bg_replay_tag(bg_replay *rp, const char *line, size_t len);
/*
 * Whether a header comment line is a tag of 3.2 (`; [Key "value"]`): then
 * its key (trailing blanks dropped) and value, pointing into LINE.
 */
int bg_tag_split(const char *line, size_t len, const char **key, size_t *klen,
                 const char **value, size_t *vlen);
/*
 * A tag whose line was too long to keep whole: HEAD is its start, and the
 * line ends with `"]`.  Applies a rule tag of 2.9 as its long value gives
 * it; -1 when that cannot be told (a CubeLimit of digits only).
 */
int bg_replay_long_tag(bg_replay *rp, const char *head, size_t len);
void bg_replay_match(bg_replay *rp, long length);
void bg_replay_game_begin(bg_replay *rp, nt_loc at);
/* AT and END: the line's first and last characters that are not blank. */
void bg_replay_game_line(bg_replay *rp, long number, nt_loc at, nt_loc end);
void bg_replay_score_line(bg_replay *rp, const char *const name[2],
                          const size_t name_len[2], const long score[2],
                          nt_loc at, nt_loc end);
void bg_replay_cell(bg_replay *rp, const bg_cell *c);
/* BROKEN: the game had a syntax error; its cells stop there. */
void bg_replay_game_end(bg_replay *rp, int broken);
/* Checks the cells still waiting (before a syntax error is reported). */
void bg_replay_flush(bg_replay *rp);

/* ------------------------------------------- readers other than text */

/*
 * A game's head as a reader whose games each restate it gives it (SGF:
 * one root node per game tree), each part with its place in the reader's
 * terms and quoted as written.  The checks are G1 to G6 of spec-sgf 4.2
 * step 3: the game number, the names, the match length and rules (RULES
 * is the reader's own summary of them: equal means the same rules), the
 * score, the end of the match and the Crawford mark.
 */
typedef struct bg_head {
	nt_loc at;                      /* the game's start (G5) */
	long number;                    /* numbered from 1 as the record does */
	long number_base;               /* added in messages (SGF counts from 0) */
	nt_loc number_at, number_end;
	const char *number_text;
	const char *name[2];
	size_t name_len[2];
	nt_loc name_at[2], name_end[2];
	const char *name_text[2];
	long score[2];
	nt_loc score_at[2], score_end[2];
	const char *score_text[2];
	long length;
	nt_loc length_at, length_end;
	const char *length_text;
	unsigned rules;
	nt_loc rules_at, rules_end;
	const char *rules_text;
	int crawford_mark;              /* the head calls it the Crawford game */
	nt_loc mark_at, mark_end;
	const char *mark_text;
} bg_head;

/* A game whose head was read: bg_replay_game_begin, then this, then its
   cells as for a text game. */
void bg_replay_head(bg_replay *rp, const bg_head *h);
/*
 * A game the reader could not read from its start (SGF: a game tree broken
 * at its root): counted, nothing checked; the next game's number is
 * compared with NUMBER (-1: not read) and its score taken as written.
 */
void bg_replay_game_unread(bg_replay *rp, nt_loc at, long number);
/* The rules a reader reads other than as tags (SGF RU): as 2.9 would set
   them; CUBE_LIMIT 0 leaves the limit as it is. */
void bg_replay_rules(bg_replay *rp, int crawford, int jacoby, long cube_limit);
/* The match length, and where it was read. */
void bg_replay_match_at(bg_replay *rp, long length, nt_loc at);

/* The game's facts for nt_fact handlers, at its end (facts.c). */
void bg_report_game_facts(const bg_replay *rp);

/* The players' names for messages. */
const char *bg_player(const bg_replay *rp, int side, char *buf, size_t size);

/* ------------------------------------- a binary record (replay_xg.c) */

/*
 * The game just begun is at AT: its game-level diagnostics go there, with
 * CONTEXT (kept as a pointer: valid while the game header is read).
 */
void bg_replay_game_place(bg_replay *rp, const nt_binloc *at,
                          const char *context);
/* A rule error at AT that stops the game (6.4), as for a cell. */
void bg_replay_error_at(bg_replay *rp, bg_code code, const nt_binloc *at,
                        const char *context, const char *fmt, ...)
	NT_PRINTF(5, 6);
/*
 * The checks of what an eXtreme Gammon file stores against the replay
 * (backgammon-xg 6.1).  G5 after the game's score line, with the game
 * header's CrawfordApply; X1 before a roll is judged; in place of step 6
 * of 5.4 when a starred point is landed on by no legal interpretation;
 * X2 after the roll; X3 at an offer.  Each returns 0, or -1 once it has
 * stopped the game with bg-xg-inconsistent.
 */
void bg_xg_check_crawford(bg_replay *rp, int crawford_apply);
int bg_xg_check_before_roll(bg_replay *rp, const bg_cell *c);
int bg_xg_check_unlanded(bg_replay *rp, const bg_cell *c,
                         const bg_judgement *j);
int bg_xg_check_after_roll(bg_replay *rp, const bg_cell *c);
int bg_xg_check_offer(bg_replay *rp, const bg_cell *c);

#endif
