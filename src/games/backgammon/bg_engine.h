/*
 * Backgammon rules engine: positions, single steps, legal plays, judging a
 * written play, the mat/sheet texts of a play, GNU Backgammon Position IDs,
 * the `moves` command and the ASCII board.  Spec: shared/spec/backgammon.md,
 * sections 1, 2.1-2.3, 5, 7.2 and 7.3.
 *
 * This header is the contract between the engine (engine*.c, movegen*.c,
 * play*.c, posid*.c, render*.c) and the records code (lexer, grammar, replay,
 * writers).  Everything is reentrant: no function keeps state between calls,
 * and nothing here allocates memory except bg_moves_command (which holds one
 * bg_playlist while it runs).
 *
 * Numbering.  Every point number is in the numbering of the player it
 * belongs to (spec 1.1): his points 1..24, his bar 25, his "off" 0.  The
 * same place is point p for one player and 25 - p for the other.
 *
 * Sides.  A position holds two sides, 0 and 1.  The engine gives them no
 * meaning; the records code uses 0 for the left player and 1 for the right
 * player.  "mover" is the side whose roll is being played.
 */
#ifndef NT_BG_ENGINE_H
#define NT_BG_ENGINE_H

#include <stddef.h>
#include "notate/notate.h"
#include "games/backgammon/codes.h"

/* ---------------------------------------------------------------- points */

#define BG_OFF 0                /* borne off (mat `0`, sheet `off`) */
#define BG_BAR 25               /* on the bar (mat `25`, sheet `bar`) */
#define BG_CHECKERS 15          /* per player */

/* Longest text a play can need in mat or sheet form, with its NUL. */
#define BG_TEXT_MAX 64

/* ------------------------------------------------------------- positions */

/*
 * n[side][p] is the number of checkers side has on his own point p:
 * p = 1..24 points, p = 25 (BG_BAR) the bar, p = 0 (BG_OFF) borne off.
 * A valid position has exactly 15 checkers per side (n[s][0] included) and
 * no point occupied by both sides (n[s][p] and n[1-s][25-p], p = 1..24).
 * Positions are plain values: copy them with `=`, compare with bg_pos_equal.
 */
typedef struct bg_pos {
	unsigned char n[2][26];
} bg_pos;

/* The starting position of spec 1.2 for both sides (24:2, 13:5, 8:3, 6:5). */
void bg_pos_start(bg_pos *pos);

/* 1 when both positions hold the same checkers everywhere, else 0. */
int bg_pos_equal(const bg_pos *a, const bg_pos *b);

/* 1 when POS is valid as described above, else 0. */
int bg_pos_valid(const bg_pos *pos);

/* The pip count of SIDE: the sum of p * n[side][p] for p = 1..25. */
int bg_pip_count(const bg_pos *pos, int side);

/*
 * How many times the cube value a game won by WINNER in POS is worth
 * (spec 2.4): 1 if the loser has borne off a checker, otherwise 3 if the
 * loser has a checker on the bar or in the winner's home board (the loser's
 * points 19..24), otherwise 2.  Meaningful once WINNER has borne off all 15.
 */
int bg_win_multiplier(const bg_pos *pos, int winner);

/* ----------------------------------------------------------- hops, steps */

/*
 * A hop, as the records parser produces it from a play text after expanding
 * paths and `(n)` counts (spec 5.1): `24/18/13(2)` gives 24->18, 18->13,
 * 24->18, 18->13, in the order written, and `6/1*(2)` gives 6->1* twice.
 * from is 1..25 (25 = bar), to is 0..24 (0 = off), from > to; star is 1
 * when `*` follows the hop's end point.
 * The parser checks the syntax of 3.6 (ranges, order, `*` placement); the
 * engine assumes from and to are in range and from > to.
 */
typedef struct bg_hop {
	unsigned char from;
	unsigned char to;
	unsigned char star;
} bg_hop;

/*
 * A step: one checker moved by one die (spec 2.2).  to is from - die, or 0
 * when that is 0 or less (borne off).  hit is 1 when the step hits: it
 * lands on a point where the opponent had a blot before the play and is the
 * first step of the play (in the order given) to land there, which is where
 * the mat writer puts its `*` (spec 7.2).  The functions that return steps
 * set it; the text writers recompute it from the position.
 */
typedef struct bg_step {
	unsigned char from;
	unsigned char to;
	unsigned char die;
	unsigned char hit;
} bg_step;

/*
 * Why a single step is illegal: the checks of spec 2.2 in their order.
 * BG_STEP_OK means legal.  bg_step_check returns the first failing check.
 */
typedef enum bg_step_fault {
	BG_STEP_OK = 0,
	BG_STEP_EMPTY_POINT,    /* EMPTY_POINT: no checker of the mover on from */
	BG_STEP_BAR_FIRST,      /* BAR_FIRST: a checker on the bar, from is not the bar */
	BG_STEP_BLOCKED,        /* BLOCKED_POINT: 2+ opposing checkers on from - die */
	BG_STEP_NOT_HOME,       /* BEAROFF_NOT_HOME: bearing off with checkers outside 1..6 */
	BG_STEP_OVERAGE         /* BEAROFF_OVERAGE: larger die, checker above from */
} bg_step_fault;

/* The first check of 2.2 that moving MOVER's checker on FROM by DIE breaks. */
bg_step_fault bg_step_check(const bg_pos *pos, int mover, int from, int die);

/* The diagnostic code of a step fault (BG_CODE_EMPTY_POINT, ...);
   BG_CODE_NONE for OK. */
bg_code bg_step_fault_code(bg_step_fault fault);

/*
 * Makes a step that bg_step_check accepted: moves the checker, bears it off
 * when from - die <= 0, and sends an opposing blot on the landing point to
 * the opponent's bar.  Returns 1 when it hit, 0 otherwise.  Undefined for a
 * step bg_step_check refuses.
 */
int bg_step_apply(bg_pos *pos, int mover, int from, int die);

/* ------------------------------------------------------------ legal plays */

/*
 * The largest number of dice any sequence of legal steps can use for this
 * roll (n of spec 2.3): 0..2 for a non-double, 0..4 for a double.  Fast, no
 * allocation: this is what the replay calls for every roll.
 */
int bg_max_dice(const bg_pos *pos, int mover, int die1, int die2);

/*
 * Room for the distinct positions after a legal play of one roll.  A search
 * over spread-out positions found at most about 2,200 (for 1-1); the tests
 * keep one such case.  Were it ever exceeded, the list would stop there.
 */
#define BG_MAX_PLAYS 8192

/* One legal play: the position it reaches and one sequence of steps to it. */
typedef struct bg_play {
	bg_pos after;
	unsigned char nsteps;
	bg_step steps[4];        /* in the order made; hit flags set */
} bg_play;

/*
 * The distinct positions after a legal play of spec 2.3 (max dice, larger
 * die, bar first, bearing off, hits), each once.  About 600 KB: allocate it
 * (malloc) and reuse it; bg_legal_plays fills it completely every call.
 */
typedef struct bg_playlist {
	int max_dice;            /* n of spec 2.3 */
	int count;               /* plays found; 0 when the roll has no legal play */
	bg_play plays[BG_MAX_PLAYS];
	unsigned short slot[2 * BG_MAX_PLAYS];  /* internal: dedupe table */
} bg_playlist;

/*
 * Lists every position after a legal play of MOVER's roll DIE1-DIE2 (1..6
 * each; equal dice make a double) in LIST, in an unspecified order (use
 * bg_playlist_sort for a stable one).  A roll with no legal play gives
 * count 0.  Returns count.  Every function taking dice wants 1..6.
 */
int bg_legal_plays(const bg_pos *pos, int mover, int die1, int die2,
                   bg_playlist *list);

/*
 * Sorts LIST in the order `notate moves` prints: by the canonical play's
 * mat steps (spec 7.2 applied to its sheet text), compared step by step,
 * a step with a higher starting point first, then a higher destination
 * first (bar 25 highest, off 0 lowest).  Distinct positions never compare
 * equal, so the order is total and stable.  POS and MOVER as given to
 * bg_legal_plays.  Rewrites each play's steps to the canonical play's steps.
 */
void bg_playlist_sort(const bg_pos *pos, int mover, int die1, int die2,
                      bg_playlist *list);

/* ------------------------------------------------------------ play texts */

/*
 * The mat text of a play (spec 4.2, 7.2): STEPS (any order, from and to
 * used) sorted by starting point, then destination, highest first, each as
 * `from/to` with 25 for the bar and 0 for off, `*` after the first step in
 * that order landing on each point where the opponent had a blot in BEFORE,
 * joined by one space, without a trailing space ("24/18 18/14").  The cell
 * writer adds the dice and the trailing space of 4.2.  Writes at most SIZE
 * bytes including the NUL (BG_TEXT_MAX is always enough); returns the length.
 */
size_t bg_mat_text(const bg_pos *before, int mover, const bg_step *steps,
                   int nsteps, char *buf, size_t size);

/*
 * The same with STEPS written in the order given (the hit marks follow
 * that order): for a mat cell whose steps keep their written order (7.2).
 */
size_t bg_mat_text_kept(const bg_pos *before, int mover, const bg_step *steps,
                        int nsteps, char *buf, size_t size);

/*
 * Whether HOPS, as a mat cell wrote them, are the chosen STEPS one die
 * each and can be made in the order written (spec 7.2: such a cell keeps
 * its order, as gnubg writes its plays in its move generator's order).
 * Then returns 1 with the steps in written order in OUT; otherwise 0.
 */
int bg_steps_as_written(const bg_pos *before, int mover, const bg_hop *hops,
                        int nhops, const bg_step *steps, int nsteps,
                        bg_step out[4]);

/*
 * The canonical sheet text of a play (spec 7.3): sort, chain, group, write
 * ("24/14", "6/1*(2)", "13/7(2)", "3/off 2/off(2) 1/off"); a point where a
 * checker hits on the way stays in its path with a star.  Same
 * arguments and result as bg_mat_text.  Zero steps give "".
 */
size_t bg_sheet_text(const bg_pos *before, int mover, const bg_step *steps,
                     int nsteps, char *buf, size_t size);

/*
 * The same play laid out as a canonical writer writes it, before it becomes
 * text (notate lint compares it with the play as written): the sub-moves in
 * their written order, each a path of points (25 the bar, 0 off) with the
 * points that carry `*` and its count.  SHEET 0 gives the mat layout (one
 * path of two points per step, count 1), SHEET 1 the sheet layout of 7.3,
 * BG_LAYOUT_MAT_KEPT the mat layout in the order the steps are given.
 * bg_mat_text, bg_mat_text_kept and bg_sheet_text write exactly these.
 * Returns how many.
 */
enum { BG_LAYOUT_MAT = 0, BG_LAYOUT_SHEET = 1, BG_LAYOUT_MAT_KEPT = 2 };
typedef struct bg_form_path {
	unsigned char pts[5];
	unsigned char len;       /* points in pts, 2..5 */
	unsigned char count;     /* copies, 1..4 */
	unsigned char stars;     /* bit k: a `*` follows pts[k] */
} bg_form_path;

int bg_canonical_paths(const bg_pos *before, int mover, const bg_step *steps,
                       int nsteps, int sheet, bg_form_path out[4]);

/* ------------------------------------------------------- judging a play */

/* What the records code read in one roll cell (spec 3.6). */
typedef struct bg_roll {
	int die1, die2;          /* the dice in the order written, 1..6 each */
	int nothing;             /* 1: the play text is empty or a no-play word */
	const bg_hop *hops;      /* when nothing is 0: the hops of 5.1 */
	int nhops;
	/*
	 * 1 when the next cell of the game is a result naming the mover's
	 * opponent as the winner (he rolled, then resigned: 5.3).  Only used
	 * when nothing is 1.
	 */
	int resign_follows;
	/*
	 * A reader that knows the hits from elsewhere (an eXtreme Gammon file
	 * stores the positions, not `*`) gives the starred set S of 5.1 here:
	 * bit p for each point p, starred_given 1.  The hops' star flags are
	 * then not read, and S may hold points no hop ends on (a hop of several
	 * dice that hits on the way).  starred_given 0: S comes from the hops.
	 */
	int starred_given;
	unsigned starred;
	/*
	 * 1: an example (bg_judgement.example) keeps its steps but not its
	 * text, which bg_judge_example writes when it is wanted.  The replay
	 * asks for it only for a message that is shown: most real exports
	 * leave hits unmarked, and the text of each such play's example cost
	 * more than judging it.
	 */
	int lazy_example;
} bg_roll;

typedef enum bg_verdict {
	BG_ACCEPTED = 0,         /* legal; after holds the position after it */
	BG_ACCEPTED_WARNING,     /* legal with the warning in code (bg-hit-marker-missing) */
	BG_REJECTED              /* code is the error of spec 5.4 */
} bg_verdict;

/* For bg-dice-mismatch: which case of 5.4 step 3. */
typedef enum bg_mismatch {
	BG_MISMATCH_NONE = 0,
	BG_MISMATCH_TOO_MANY_HOPS,   /* more hops than dice */
	BG_MISMATCH_HOP,             /* hops[bad_hop] has no dice sequence */
	BG_MISMATCH_JOINT            /* each hop has one, but not all at once */
} bg_mismatch;

/* For bg-hit-marker-spurious: what stood on the starred point. */
typedef enum bg_spurious {
	BG_SPURIOUS_NONE = 0,
	BG_SPURIOUS_OFF,             /* a `*` after off */
	BG_SPURIOUS_EMPTY,           /* nobody's checker was there */
	BG_SPURIOUS_OWN,             /* the mover's own checkers were there */
	BG_SPURIOUS_HELD             /* two or more opposing checkers (never hit) */
} bg_spurious;

typedef struct bg_judgement {
	bg_verdict verdict;
	/*
	 * The diagnostic code of spec 6.2: BG_CODE_NONE when accepted without
	 * warning; BG_CODE_HIT_MARKER_MISSING for BG_ACCEPTED_WARNING (and for
	 * BG_REJECTED under strict); otherwise one of NO_PLAY_BUT_LEGAL,
	 * PLAY_WHEN_NONE_LEGAL, DICE_MISMATCH, EMPTY_POINT, BAR_FIRST,
	 * BLOCKED_POINT, BEAROFF_NOT_HOME, BEAROFF_OVERAGE, NOT_MAX_DICE,
	 * LARGER_DIE, ILLEGAL_MOVE, HIT_MARKER_SPURIOUS.
	 */
	bg_code code;

	int mover;
	int die1, die2;              /* as written */
	int max_dice;                /* n of 2.3 (0: the roll has no legal play) */

	/*
	 * Accepted (with or without warning): the position after the play,
	 * and the steps of the interpretation chosen by 7.2 (nsteps 0 when
	 * nothing was played), sorted as the mat writer writes them, hit flags
	 * set.  Pass them to bg_mat_text / bg_sheet_text with the position
	 * before the play.  After a rejection, after is the position before.
	 */
	bg_pos after;
	int nsteps;
	bg_step steps[4];
	/* 1 when nothing was played although a legal play existed (resigned). */
	int unplayed_legal;

	/* ---- details for the message; only the ones of `code` are set ---- */
	bg_mismatch mismatch;        /* bg-dice-mismatch */
	int bad_hop;                 /* index into hops, or -1 */
	bg_hop hop;                  /*   and that hop */
	int nhops;                   /* hops written */
	/*
	 * bg-play-when-none-legal: bar_count (below) > 0 when the mover could not
	 * enter; otherwise bit f set for every bg_step_fault f that stopped some
	 * checker with some die.
	 */
	unsigned none_faults;
	/* Step faults: the failing step, made in written order (5.4 step 4). */
	bg_step fail;                /* from, die, to (hit unused) */
	int steps_made;              /* steps made before it */
	int fail_had;                /* EMPTY_POINT: checkers on fail.from before the play */
	int blockers;                /* BLOCKED_POINT: opposing checkers there */
	int bar_count;               /* bg-bar-first, -not-home: mover's checkers on the bar */
	unsigned outside;            /* BEAROFF_NOT_HOME: bit p set for each of
	                                the mover's points 7..24 holding a checker */
	int highest;                 /* BEAROFF_OVERAGE: mover's highest point */
	int highest_count;           /*   and his checkers there */
	int used_dice;               /* NOT_MAX_DICE: k, the most dice the play uses */
	int larger_die;              /* LARGER_DIE: the die that must be played */
	unsigned missing;            /* HIT_MARKER_MISSING: bit p for each hit
	                                point without a `*` */
	unsigned unlanded;           /*   and bit p for each starred point that no
	                                interpretation reaching a position after
	                                a legal play lands on */
	int spurious_point;          /* HIT_MARKER_SPURIOUS: the point (0: off) */
	bg_spurious spurious;        /*   and what stood there */
	int spurious_count;          /*   checkers there (own or opposing) */
	/*
	 * bg-no-play-but-legal, bg-not-max-dice, bg-larger-die: a legal play in
	 * canonical sheet text, the one closest to what was written;
	 * bg-hit-marker-missing: the play as it should be written.
	 */
	char example[BG_TEXT_MAX];
	/* The steps of example (when it is not empty), for writing it in a mat
	   cell's own form instead (bg_mat_text). */
	int ex_nsteps;
	bg_step ex_steps[4];
	/* 1: the example has its steps, and its text is not written yet
	   (bg_roll.lazy_example). */
	int ex_pending;
} bg_judgement;

/*
 * Judges one roll cell of MOVER in position BEFORE, as spec 5.3 and 5.4
 * say: checks in the order of 5.4, returns the verdict and fills J.
 * STRICT makes bg-hit-marker-missing an error (the position after is still
 * given).  Allocation-free and fast in the common case (a legal play); the
 * slower searches run only for plays that are wrong or unusual.
 * Not for the unknown-play mark `????` (the replay skips it, 5.3).
 */
bg_verdict bg_judge(const bg_pos *before, int mover, const bg_roll *roll,
                    int strict, bg_judgement *j);

/* Writes the text of J's example when it is pending (bg_roll.lazy_example);
   BEFORE is the position J judged. */
void bg_judge_example(const bg_pos *before, bg_judgement *j);

/*
 * The message of a judgement that has a code, in the tone of spec 6.2:
 * "'6-5: 13/7 6/2': 6 to 2 is 4 pips, and the dice are 6 and 5".  CELL
 * (CELL_LEN bytes) is the roll cell as written; it is quoted with nt_quote.
 * MOVER_NAME and OPPONENT_NAME are the players' names as in the record.
 * Writes at most SIZE bytes including the NUL (NT_MSG_MAX is enough) and
 * returns the length; "" when J has no code.  Pass it to nt_emit as "%s".
 */
size_t bg_judge_message(const bg_judgement *j, const char *cell,
                        size_t cell_len, const char *mover_name,
                        const char *opponent_name, char *buf, size_t size);

/* ---------------------------------------------------------- Position IDs */

/*
 * GNU Backgammon Position ID (gnubg manual, "A technical description of the
 * Position ID"; checked against gnubg 1.07 itself).  A bit string is built
 * for each player in turn: for his points 1..24 and then his bar, as many
 * 1 bits as he has checkers there, then a 0 bit.  The player NOT on roll
 * comes first and the player on roll second (this is what gnubg does: its
 * board array puts the player on roll at index 1, and `set board ID` followed
 * by `hint` moves the second half's checkers).  The bits are padded with 0
 * to 80 and packed into 10 bytes, first bit in the lowest bit of byte 0.
 * The ID is the base64 of those bytes (A-Z a-z 0-9 + /), 14 characters,
 * without padding.  The starting position is 4HPwATDgc/ABMA.
 */
#define BG_POSID_LEN 14

/* Writes the 14 characters and a NUL to ID (15 bytes) with ON_ROLL on roll. */
void bg_posid_encode(const bg_pos *pos, int on_roll, char id[BG_POSID_LEN + 1]);

/*
 * Reads ID (exactly 14 base64 characters) into POS, putting the player on
 * roll in side ON_ROLL and his opponent in the other; checkers not on the
 * board are off.  Returns 0, or -1 when ID is not a valid Position ID
 * (wrong length or character, bits left over, more than 15 checkers for a
 * player, or a point held by both).
 */
int bg_posid_decode(const char *id, bg_pos *pos, int on_roll);

/* nt_position_key of a Position ID: the smaller of ID and the same board's
   ID with the other player on roll. */
int bg_posid_key(const char *id, char *out, size_t size);

/*
 * The game's `moves` callback: `notate moves --game backgammon ID DICE`.
 * ID is a Position ID (the player on roll moves); DICE is `6-4`, `64`, or
 * the two dice as two words `6 4` (either order).  Prints every legal
 * play in canonical sheet form (7.3), one per line, in the order of
 * bg_playlist_sort; `no play` alone when the roll has no legal play.
 * Errors (bad ID, bad dice, wrong argument count, out of memory) go to ERR
 * as one line and return 1.  Returns 0 on success.
 */
int bg_moves_command(const nt_moves_request *request, const nt_options *opts,
                     const nt_sink *out, const nt_sink *err);

/* ------------------------------------------------------------ the board */

/* What the board shows besides the checkers; -1/0/NULL where unknown. */
typedef struct bg_board_info {
	const char *name[2];     /* side 0 (left player, X, bottom) and side 1 (O) */
	int match_length;        /* 0: money session */
	int score[2];
	int cube_value;          /* 1, 2, 4, ... (0 taken as 1) */
	int cube_owner;          /* -1 centre, else the side that owns it */
	int crawford;            /* 1 in the Crawford game */
	int on_roll;             /* -1 nobody (before the opening roll, game over) */
	int die1, die2;          /* the roll shown, 0 when none */
	const char *caption;     /* a line above the board (e.g. "Game 2, after 7) 6-4: 24/14"); may be NULL */
} bg_board_info;

/* Longest board bg_render writes, with its NUL. */
#define BG_RENDER_MAX 4096

/*
 * Draws POS as text, in the spirit of gnubg's board: side 0 (the left
 * player) as X at the bottom with the numbers of his points on the frame,
 * side 1 as O at the top, the right player's numbers on a line above and
 * below, checkers on the bar in the middle column, checkers off on the
 * right, and INFO beside the board.  Ends with a line holding the Position
 * ID, seen by the player on roll (the left player when none is; and none
 * without INFO).  Writes at most SIZE bytes including the NUL
 * (BG_RENDER_MAX is enough); returns the length.
 */
size_t bg_render(const bg_pos *pos, const bg_board_info *info, char *buf,
                 size_t size);

#endif
