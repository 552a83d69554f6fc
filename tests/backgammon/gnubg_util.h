/*
 * Finding GNU Backgammon for the peer suites: NT_GNUBG=PATH, else the usual
 * places.  Without it a suite says SKIPPED and passes, unless
 * NT_REQUIRE_GNUBG=1 (CI installs gnubg through tools/deps.sh).
 */
#ifndef NT_TEST_BG_GNUBG_UTIL_H
#define NT_TEST_BG_GNUBG_UTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/backgammon/replay.h"

static inline const char *
bg_find_gnubg(void)
{
	const char *env = getenv("NT_GNUBG");
	if (env != NULL && *env)
		return access(env, X_OK) == 0 ? env : NULL;
	static const char *const paths[] = { "/usr/games/gnubg", "/usr/bin/gnubg",
	                                     "/usr/local/bin/gnubg", NULL };
	for (int i = 0; paths[i]; i++)
		if (access(paths[i], X_OK) == 0)
			return paths[i];
	return NULL;
}

/* 1 when gnubg is there; otherwise says what is not compared (WHAT), and
   fails if gnubg must be there. */
static inline int
bg_have_gnubg(const char **gnubg, const char *what)
{
	*gnubg = bg_find_gnubg();
	if (*gnubg != NULL)
		return 1;
	printf("SKIPPED: gnubg not installed (%s)\n", what);
	const char *req = getenv("NT_REQUIRE_GNUBG");
	ck_assert_msg(req == NULL || strcmp(req, "1") != 0,
	              "NT_REQUIRE_GNUBG=1 but gnubg is not installed");
	return 0;
}

/*
 * The points gnubg keeps for the game RP has just replayed: a match game won
 * on the board or by a pass counts its full value, where the record may cap
 * it at the points needed; a resignation is a level (single, gammon,
 * backgammon) times the cube, so a capped value becomes the level above it
 * and a forfeit a backgammon.
 */
static inline long
bg_gnubg_result_points(const bg_replay *rp)
{
	const bg_game *g = &rp->g;
	long pts = g->result_points;
	if (g->results > 0 && g->ended && rp->rules.length > 0)
		pts = g->value;
	if (g->results > 0 && !g->ended && g->cube > 0 &&
	    (pts % g->cube != 0 || pts > 3 * g->cube)) {
		long level = (pts + g->cube - 1) / g->cube;
		pts = (level > 3 ? 3 : level) * g->cube;
	}
	return pts;
}

#endif
