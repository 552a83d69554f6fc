/*
 * PLACEHOLDER owned by the bg-records branch, which replaces this file with
 * the real nt_game_backgammon (records, check, convert, show).  It exists
 * only so that the bg-engine branch links: the build registers every folder
 * of src/games/ as a game.  When merging, keep bg-records' version and set
 * its `moves` member to bg_moves_command (bg_engine.h).
 */
#include "core/game.h"
#include "games/backgammon/bg_engine.h"

static const char *const extensions[] = { NULL };
static const char *const forms[] = { NULL };
static const nt_code_info codes[] = { { NULL, 0, NULL, NULL } };

/* No records yet: nothing can be read. */
static int
check(nt_run *run)
{
	(void)run;
	return -1;
}

const struct nt_game nt_game_backgammon = {
	.name = "backgammon",
	.title = "Backgammon (rules engine only)",
	.extensions = extensions,
	.forms = forms,
	.codes = codes,
	.sniff = NULL,
	.check = check,
	.convert = NULL,
	.show = NULL,
	.moves = bg_moves_command,
};
