/*
 * One run of the backgammon module over one input: the parser, the replay
 * and, for convert and show, what they write.  game.c calls it.
 */
#ifndef NT_BG_SESSION_H
#define NT_BG_SESSION_H

#include "core/game.h"

enum bg_session_mode {
	BG_SESSION_CHECK, BG_SESSION_CONVERT, BG_SESSION_SHOW, BG_SESSION_STATS,
	BG_SESSION_FORMAT,      /* convert to the input's own form (notate fmt) */
	BG_SESSION_EXTRACT      /* some games, each a record (nt_extract) */
};

/* Returns as nt_check, nt_convert and nt_show do (include/notate/notate.h). */
int bg_session_run(nt_run *run, int mode, const char *form,
                   const nt_show_request *req);

/* notate stats: each game's figures to FN, as nt_stats. */
int bg_session_stats(nt_run *run, nt_stat_fn fn, void *user);

/* nt_extract: the games PICK asks for (FORM NULL: the input's own). */
int bg_session_extract(nt_run *run, const char *form, const nt_pick *pick);

#endif
