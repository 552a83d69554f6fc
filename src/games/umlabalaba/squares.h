/*
 * The 24 points as mill PGN names them: WMD squares (a7 .. g1), PlayOK's
 * numbers, the words of a PGN record's messages, and Sanmill's FEN.
 */
#ifndef NT_UM_SQUARES_H
#define NT_UM_SQUARES_H

#include "games/umlabalaba/um.h"

#define UM_SQUARE_POINTS 24

/* The two ways a PGN file writes its squares (a file uses one). */
enum um_pgn_form { UM_PGN_ALGEBRAIC, UM_PGN_PLAYOK };

/* "a7" for point 1; NULL for no point of the 24. */
const char *um_square_name(int point);
/* The point of a square as written ("d6"), or 0 when it is none ("d4"). */
int um_square_point(const char *text, size_t len);
/* The point of a PlayOK number as written ("5"), or 0 ("0", "05", "25"). */
int um_playok_point(const char *text, size_t len);
/* The PlayOK number of a point, 0 for none. */
int um_playok_number(int point);

/* Messages' words for a PGN record: White is the side that moves first. */
const um_naming *um_pgn_naming(int first, int form);

/*
 * Sanmill's FEN of the position (24 points only): board, side to move,
 * phase, action, cows on the board and in hand of White then Black, cows
 * to remove, the shuttle memories as Sanmill squares, mills, the quiet
 * count and the move number.  Returns 0, or -1 (nothing useful in OUT).
 */
int um_fen(const um_game *g, char *out, size_t size);
/* Room enough for any FEN um_fen writes. */
#define UM_FEN_TEXT 128

#endif
