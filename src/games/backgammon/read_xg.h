/*
 * Reading an eXtreme Gammon match file (.xg) into the record model
 * (backgammon-xg sections 3 to 5): the header becomes the header lines and
 * rule tags a `mat` file would have, each game record the game line and
 * score line, and the cube, move and footer records the cells, all handed
 * to the same replay as the text forms (replay.h), with their places
 * ("record 581 (game 7, row 14)") and what the file stores for the checks
 * of 6.1.
 *
 * XG files are binary: this reader (with xg_archive.c) is written by hand,
 * the one place in notate where re2c and bison do not apply.
 */
#ifndef NT_BG_READ_XG_H
#define NT_BG_READ_XG_H

#include "games/backgammon/replay.h"

/*
 * Reads the XG file of RUN's source into RP, which was set up with the
 * run's output; ECHO (may be NULL) gets the header lines as the text lexer
 * would hand them to a writer.  XGP: the input is named *.xgp.  Returns as
 * nt_check.  Memory does not grow with the number of games.
 */
int bg_xg_read(nt_run *run, bg_replay *rp, int xgp,
               void (*echo)(void *ctx, const char *text, size_t len, int last),
               void *echo_ctx);

#endif
