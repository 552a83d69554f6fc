/*
 * The grammars of the SGF property values that the backgammon record uses
 * (shared/spec/backgammon-sgf.md, sections 2.2 to 2.6), as re2c scanners
 * over one value held in memory (grammar/bg_sgf_value.re).  Each takes the
 * value after the escapes of 1.2 are undone, LEN bytes followed by a NUL
 * that the caller provides; a NUL inside the value is an ordinary byte.
 */
#ifndef NT_BG_SGF_VALUE_H
#define NT_BG_SGF_VALUE_H

#include <stddef.h>

/* Why a value is outside its grammar: picks the hint of a message. */
enum bg_sgf_why {
	BG_SGF_OK = 0,
	BG_SGF_WHY_FORM,        /* not of the property's form at all */
	BG_SGF_WHY_DICE,        /* a die outside 1 to 6 */
	BG_SGF_WHY_POINT,       /* a point letter outside a..y / a..z */
	BG_SGF_WHY_PAIRS,       /* more than four pairs, or half a pair */
	BG_SGF_WHY_WORD,        /* double/take/drop in another case */
	BG_SGF_WHY_NUMBER       /* a number of 0 or more than nine digits */
};

enum bg_sgf_move_kind {
	BG_SGF_ROLL, BG_SGF_DOUBLE, BG_SGF_TAKE, BG_SGF_DROP
};

#define BG_SGF_PAIRS_MAX 4

/* A W[] or B[] value (2.4): the letters as written. */
typedef struct bg_sgf_move {
	int kind;               /* enum bg_sgf_move_kind */
	int d1, d2;
	int npairs;
	unsigned char from[BG_SGF_PAIRS_MAX], to[BG_SGF_PAIRS_MAX];
} bg_sgf_move;

/* Returns BG_SGF_OK or the reason. */
int bg_sgf_scan_move(const char *v, size_t len, bg_sgf_move *m);

/* DI[]: two dice (1..6); PL[]: W (0) or B (1). */
int bg_sgf_scan_dice(const char *v, size_t len, int *d1, int *d2);
int bg_sgf_scan_player(const char *v, size_t len, int *side);

/* The MI items of 2.2. */
enum bg_sgf_mi_key {
	BG_SGF_MI_LENGTH, BG_SGF_MI_GAME, BG_SGF_MI_WS, BG_SGF_MI_BS,
	BG_SGF_MI_OTHER         /* any other item: kept, not read */
};

/* One MI value: its key, and the number (when the key is one of 2.2).
   BG_SGF_WHY_NUMBER: a known key whose value is no number of 1-9 digits. */
int bg_sgf_scan_mi(const char *v, size_t len, int *key, long *number);

/* RE[]: W+N or B+N, then R for a resignation (2.6). */
int bg_sgf_scan_result(const char *v, size_t len, int *winner, long *points,
                       int *resigned);

/* The RU words of 2.3, as bits. */
enum bg_sgf_rule {
	BG_SGF_RU_NOCUBE = 1, BG_SGF_RU_CRAWFORD = 2, BG_SGF_RU_CRAWFORD_GAME = 4,
	BG_SGF_RU_JACOBY = 8,
	BG_SGF_RU_VARIANT = 16  /* Nackgammon, Hypergammon1..3 */
};

/*
 * RU[]: the words joined by ':' (an empty value is no rule).  *RULES gets
 * the bits; WORD and WORD_LEN the first word that is unknown or repeated
 * (BG_SGF_WHY_WORD), or the variant word (bit BG_SGF_RU_VARIANT, OK).
 */
int bg_sgf_scan_rules(const char *v, size_t len, unsigned *rules,
                      size_t *word, size_t *word_len);

/* FF[4], GM[6], root CV: a number of 1-9 digits (-1 when it is none). */
long bg_sgf_scan_number(const char *v, size_t len);

/* CA[]: 0 for UTF-8, 1 US-ASCII, 2 ISO-8859-1 (any case), -1 else. */
int bg_sgf_scan_charset(const char *v, size_t len);

/* PW[], PB[]: a name of backgammon.md 3.4 (not empty, no ':', no line end,
   no leading or trailing blank). */
int bg_sgf_scan_name(const char *v, size_t len);

/* DT[]: YYYY-MM-DD exactly. */
int bg_sgf_scan_date(const char *v, size_t len);

#endif
