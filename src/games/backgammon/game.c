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
#define RULE(code, summary, explain) { code, NT_SEV_ERROR, summary, explain }

/* The engine's codes only (spec 5.4); bg-records has the whole catalogue. */
static const nt_code_info codes[] = {
	RULE("bg-no-play-but-legal", "nothing played although a legal play exists",
	     "Legal:   6-6: no play (the bar cannot enter)\nIllegal: 6-5: no play from the start"),
	RULE("bg-play-when-none-legal", "a play written for a roll with no legal play",
	     "Legal:   6-6: no play\nIllegal: 6-6: bar/19 against a closed 6 point"),
	RULE("bg-dice-mismatch", "hops the dice cannot make",
	     "Legal:   6-5: 13/7 6/1*\nIllegal: 6-5: 13/7 6/2"),
	RULE("bg-empty-point", "a step from a point without the mover's checker",
	     "Legal:   6-5: 13/7 6/1*\nIllegal: 6-5: 12/6 6/1*"),
	RULE("bg-bar-first", "a checker moves while one is on the bar",
	     "Legal:   3-1: bar/24*/21\nIllegal: 3-1: 13/10 11/10"),
	RULE("bg-blocked-point", "a step onto two or more opposing checkers",
	     "Legal:   6-5: 13/7 6/1*\nIllegal: 6-5: 24/19 13/7"),
	RULE("bg-bearoff-not-home", "bearing off with checkers outside the home board",
	     "Legal:   6-4: 5/1 5/off with all home\nIllegal: 6-5: 6/off 13/8"),
	RULE("bg-bearoff-overage", "a larger die bears off below the highest checker",
	     "Legal:   6-4: 5/1 5/off\nIllegal: 6-4: 3/off 5/1"),
	RULE("bg-not-max-dice", "fewer dice used than a legal play uses",
	     "Legal:   6-5: 13/7 6/1*\nIllegal: 6-5: 13/7"),
	RULE("bg-larger-die", "the smaller die played when only one can be",
	     "Legal:   42: 6/2\nIllegal: 42: 6/4"),
	RULE("bg-illegal-move", "a play that reaches no legal position",
	     "Legal:   4-4: 13/5 8/4 with room\nIllegal: (cannot happen under the rules)"),
	{ "bg-hit-marker-missing", NT_SEV_WARNING, "a hit without its `*`",
	  "Legal:   6-5: 13/7 6/1*\nIllegal: 6-5: 13/7 6/1 (a warning)" },
	RULE("bg-hit-marker-spurious", "a `*` where nothing is hit",
	     "Legal:   6-5: 13/7 6/1*\nIllegal: 6-5: 13/7* 6/1*"),
	{ NULL, 0, NULL, NULL }
};

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
