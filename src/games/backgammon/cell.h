/*
 * A backgammon cell as the readers hand it to the replay (spec 3.5 to
 * 3.8): the text reader (record.c), SGF (read_sgf.c) and eXtreme Gammon
 * (read_xg.c) fill it, the replay (replay.c) judges it and lint (lint.c)
 * looks at how it was written.  Kept apart from the text reader's parser
 * state (record.h) so that the replay and lint need none of it.
 */
#ifndef NT_BG_CELL_H
#define NT_BG_CELL_H

#include "core/game.h"
#include "games/backgammon/bg_engine.h"

#define BG_CELL_TEXT 160        /* a cell as written, kept for messages */
#define BG_NAME_MAX 1024        /* bytes of a player name that are compared */
#define BG_HOPS_MAX 8           /* more than 4 hops is bg-dice-mismatch anyway */
#define BG_SUBS_MAX 8           /* sub-moves whose layout is kept (lint) */

/* How an offer is worded (bg_cell.word). */
enum bg_offer_word { BG_WORD_DOUBLE, BG_WORD_BEAVER, BG_WORD_RACCOON };

enum bg_cell_kind {
	BG_CELL_ROLL, BG_CELL_OFFER, BG_CELL_TAKE, BG_CELL_PASS, BG_CELL_WIN,
	BG_CELL_LOSS
};

enum bg_play_kind {
	BG_PLAY_HOPS,           /* sub-moves */
	BG_PLAY_NOTHING,        /* empty, or a no-play word */
	BG_PLAY_UNKNOWN,        /* the unknown-play mark ???? */
	/* SGF: dice rolled as the record stops, nothing played (spec-sgf 2.4
	   item 1): checked by R1 to R3, then reported, never replayed. */
	BG_PLAY_PENDING
};

/*
 * What an eXtreme Gammon record stores beside a cell, for the replay to
 * compare with its own (backgammon-xg 6.1, X1 to X3): positions in XG's
 * PositionEngine form (26 signed counts seen by one player: index p his
 * point p, positive his checkers, negative the opponent's; 25 his bar; 0
 * minus the opponent's bar), the cube in XG's code (0 in the centre, +n
 * the left player owns it at 2^n, -n the right player), and the starred
 * set the positions give (5.3 there).  Text cells leave it unset.
 */
enum {
	BG_STORED_BEFORE = 1,   /* before: the position before (left player's view) */
	BG_STORED_AFTER = 2,    /* after: the position after a roll (mover's view) */
	BG_STORED_CUBE = 4      /* cube: before an offer, or after a roll's decision */
};

typedef struct bg_stored {
	int has;                /* BG_STORED_ bits */
	signed char before[26];
	signed char after[26];
	int cube;
	unsigned starred;       /* bit p: S of a roll */
} bg_stored;

/* How a cell was written (bg_cell.written). */
enum bg_written {
	BG_WRITTEN_TEXT,        /* mat or sheet */
	BG_WRITTEN_SGF          /* no hit marks: a pair hits where it lands on
	                           a blot; nothing for lint to say */
};

/* Whether a result cell says it is a resignation (bg_cell.resign). */
enum bg_resign { BG_RESIGN_UNSAID, BG_RESIGN_NO, BG_RESIGN_YES };

/* One cell as read (spec 3.5 to 3.8). */
typedef struct bg_cell {
	int kind;               /* enum bg_cell_kind */
	int side;               /* 0 the left player, 1 the right player */
	int lone;               /* a lone loss cell (3.8) */
	int numbered;           /* its row has a row number (show --row) */
	nt_loc loc;             /* its first character */
	nt_loc end;             /* its last character (on the same line) */
	nt_loc qloc;            /* the first '?' of an unknown-play mark */
	nt_loc qend;            /* and its last */
	unsigned long dcol;
	/* Rolls. */
	int d1, d2;             /* as written */
	int play;               /* enum bg_play_kind */
	int nhops;              /* hops written; only BG_HOPS_MAX are kept */
	bg_hop hops[BG_HOPS_MAX];
	/*
	 * How the hops were grouped when written (notate lint compares it with
	 * the canonical layout): sub-move i starts at hop sub_first[i], is a
	 * path of sub_hops[i] hops, and carries the count sub_count[i] (0 when
	 * none is written).  nsubs counts every sub-move; BG_SUBS_MAX are kept.
	 */
	int nsubs;
	unsigned char sub_first[BG_SUBS_MAX];
	unsigned char sub_hops[BG_SUBS_MAX];
	unsigned char sub_count[BG_SUBS_MAX];
	/* Offers. */
	int word;               /* enum bg_offer_word */
	long value;             /* -1 when no value is written */
	/* Results. */
	long points;
	int and_match;
	/* Readers other than the text one (0 for mat and sheet cells): enum
	   bg_written; an SGF DI roll, whose play was not recorded (spec-sgf
	   2.4 item 3); for a result, enum bg_resign. */
	unsigned char written;
	unsigned char dice_only;
	unsigned char resign;
	/* The cell as written, blanks collapsed, for messages (last: copies
	   stop at its end). */
	size_t text_len;
	char text[BG_CELL_TEXT];
	/* A cell of a binary record (bg_replay.binary) also has its place and
	   what the record stores; text cells never set or read these. */
	nt_binloc bin;
	bg_stored stored;
} bg_cell;

/* How a roll was played. */
enum bg_roll_kind {
	BG_ROLL_PLAYED,         /* steps */
	BG_ROLL_NO_PLAY,        /* no legal play */
	BG_ROLL_RESIGNED,       /* rolled, then resigned although a play existed */
	BG_ROLL_UNKNOWN         /* ???? */
};

/* Whether C is a mat or sheet cell written with '-' between the dice. */
int bg_cell_sheet(const bg_cell *c);
/*
 * The steps of a mat cell's play in the order it wrote them, when that
 * order is kept (spec 7.2, bg_steps_as_written): 1 with them in OUT;
 * 0 for any other cell, which is written sorted.
 */
int bg_cell_kept_steps(const bg_cell *c, const bg_pos *before, int mover,
                       const bg_step *steps, int nsteps, bg_step out[4]);

#endif
