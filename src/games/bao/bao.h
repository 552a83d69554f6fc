/*
 * Bao la Kiswahili: the position, the rule choices and the engine that
 * plays one ply lap by lap.  Spec: shared/spec/bao.md.
 *
 * Each player's 16 pits are kept in the order of his own clockwise ring:
 * ring 0..7 are front pits 1..8, ring 8..15 are back pits 8..1.  Clockwise
 * is then +1 and anticlockwise -1 (mod 16), for both players, and front
 * ring i faces the opponent's front ring 7 - i.
 */
#ifndef NT_BAO_H
#define NT_BAO_H

#include <stddef.h>

#include "games/bao/codes.h"

enum { BAO_SOUTH = 0, BAO_NORTH = 1 };
#define BAO_OTHER(side) (1 - (side))

#define BAO_SEEDS 64
#define BAO_NYUMBA 4            /* ring of front pit 5 */
#define BAO_MAX_LAPS 100000L    /* spec 4.8: longer moves are never-ending */
#define BAO_MAX_MOVES 64        /* 16 pits x 2 signs x stop/safari */
#define BAO_POS_TEXT 112        /* a formatted BaoPOS, with its NUL */
#define BAO_TOKEN_TEXT 12       /* a canonical token, with its NUL */

typedef struct bao_rules {
	unsigned char takasia;                  /* on */
	unsigned char takasia_nyumba_exception; /* on */
	unsigned char takasia_exempt_singleton; /* off */
	unsigned char mtaji_nyumba_choice;      /* off: continue */
	unsigned char namua_house_owned;        /* off: functional */
} bao_rules;

typedef struct bao_pos {
	unsigned char pit[2][16];   /* [side][ring] */
	unsigned char reserve[2];
	unsigned char house[2];     /* the nyumba is not destroyed */
	signed char takasia;        /* ring of the mover's takasia pit, or -1 */
	unsigned char side;         /* to move */
} bao_pos;

/* A move as a token names it: pit, sign and the safari decision. */
enum { BAO_SIGN_LEFT = 0, BAO_SIGN_RIGHT = 1 };   /* '<', '>' */

typedef struct bao_move {
	unsigned char side;         /* whose letter was written */
	unsigned char ring;
	unsigned char sign;
	unsigned char safari;       /* '+' */
} bao_move;

/* Kinds, as movegen.tsv names them. */
enum bao_kind { BAO_NC, BAO_NT, BAO_NX, BAO_MC, BAO_MT };

/* What playing a move did. */
typedef struct bao_outcome {
	int kind;                   /* enum bao_kind */
	int captured;
	long laps;
	long sown;
	int decision;               /* a stop/safari point arose */
	int never_ending;
	int lap_cap;                /* never_ending by the lap limit, not a repeat */
	int front_emptied;          /* a takata emptied the mover's front row */
	int emptied_from, emptied_at;   /* ring lifted for that lap, ring sown */
	int hamna;                  /* the opponent's front row was emptied */
} bao_outcome;

/* What the rules make of the position before a ply (spec 8.2). */
typedef struct bao_analysis {
	int namu;                   /* the mover has reserve seeds */
	int raw_captures;           /* a capture move exists, never-ending or not */
	int has_captures;           /* a capture move that ends exists */
	int takasia;                /* ring of the takasia in force, or -1 */
	bao_move capture_example;   /* one ending capture, for messages */
} bao_analysis;

enum bao_end { BAO_ONGOING = 0, BAO_HAMNA, BAO_IMMOBILE };

/* A game being replayed. */
typedef struct bao_game {
	bao_pos pos;
	int over;                   /* enum bao_end */
	int winner;
	long end_ply;               /* the ply that ended it; 0: before any */
	long plies;                 /* plies played */
} bao_game;

/* Annotation of a played move: 0 capture, 1 '*', 2 '**'. */
typedef struct bao_played {
	bao_move move;
	bao_outcome outcome;
	int annotation;
	int ends_game;
} bao_played;

/* A legal move with everything a move list or a test needs. */
typedef struct bao_legal {
	bao_move move;
	bao_outcome outcome;
	bao_pos after;              /* opponent to move, new takasia */
	int annotation;
	int over;                   /* enum bao_end after the move */
	int winner;
} bao_legal;

/* --- rules and positions (position.c) -------------------------------- */

void bao_rules_default(bao_rules *r);
/* Applies one NAME=VALUE choice; returns 0, or -1 with a reason in WHY. */
int bao_rules_set(bao_rules *r, const char *assignment, char *why,
                  size_t whysize);
int bao_rules_is_default(const bao_rules *r);

void bao_pos_initial(bao_pos *p);
int bao_pos_equal(const bao_pos *a, const bao_pos *b);
/* Seeds on the board and in reserve. */
int bao_pos_seeds(const bao_pos *p);
/* Formats P as BaoPOS into OUT (BAO_POS_TEXT bytes). */
char *bao_pos_format(const bao_pos *p, char *out);
/* Pit name ("A5", "b3") of ring RING of SIDE into OUT (3 bytes). */
char *bao_pit_name(int side, int ring, char *out);
/* The sign that sows (or, for a namu capture, enters) in direction DIR. */
int bao_sign_for(int ring, int dir, int namu_capture);
/* Canonical token of a played move into OUT (BAO_TOKEN_TEXT bytes). */
char *bao_token_format(const bao_move *m, int annotation, int ends_game,
                       char *out);

/* BaoPOS text (LEN bytes) into P: 0, or -1 with a reason (grammar/bao_token.re). */
int bao_pos_parse(bao_pos *p, const char *text, size_t len, char *why,
                  size_t whysize);

/* --- the engine (engine.c) -------------------------------------------- */

void bao_analyse(const bao_rules *r, const bao_pos *p, bao_analysis *a);
/*
 * Judges move M in P (analysed as A) by the checks of spec 8.2 step 5.
 * On BAO_OK, AFTER holds the position with the mover still to move and
 * no takasia yet (bao_conclude finishes it).  OUT is filled in either way
 * as far as the move was played.
 */
int bao_judge(const bao_rules *r, const bao_pos *p, const bao_analysis *a,
              const bao_move *m, bao_pos *after, bao_outcome *out);
/*
 * Ends a legal ply: hands the move to the opponent, sets his takasia and
 * decides whether the game is over.  Returns the annotation (0, 1, 2).
 */
int bao_conclude(const bao_rules *r, bao_pos *after, const bao_outcome *o,
                 int *over, int *winner);
/* Whether the side to move has any legal move. */
int bao_has_legal_move(const bao_rules *r, const bao_pos *p);
/* Every legal move of P in canonical order; returns how many. */
int bao_generate(const bao_rules *r, const bao_pos *p,
                 bao_legal out[BAO_MAX_MOVES]);
/* The takasia pit (ring) the opponent gets after the mover's mtaji takata. */
int bao_takasia_after(const bao_rules *r, const bao_pos *p);

/* Starts a game at P: decides whether it is already over. */
void bao_game_start(bao_game *g, const bao_rules *r, const bao_pos *p);
/* "1-0", "0-1" or "*". */
const char *bao_result_text(const bao_game *g);
/* The same for a game end given as OVER (enum bao_end) and WINNER. */
const char *bao_result_words(int over, int winner);

#endif
