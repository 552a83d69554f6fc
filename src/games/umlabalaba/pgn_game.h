/*
 * What the game module does with a mill PGN file (check, show, stats,
 * convert, fmt) and with a .umla file converted to PGN.
 */
#ifndef NT_UM_PGN_GAME_H
#define NT_UM_PGN_GAME_H

#include "core/game.h"
#include "games/umlabalaba/um.h"

/* MODE and FORM as game.c's run_mode: enum um_mode, a convert form (or
 * "declared" for fmt), the move to show and enum um_view. */
int um_pgn_run(nt_run *run, int mode, const char *form, long show_move,
               int view, long show_row);
int um_pgn_stats(nt_run *run, nt_stat_fn fn, void *user);
/* convert --to pgn of a .umla file. */
int um_umla_to_pgn(nt_run *run);

/* game.c: the figures of notate stats; RESULT in the record's words. */
void um_report_stats(const um_game *g, long moves, const char *result,
                     nt_stat_fn fn, void *user);

#endif
