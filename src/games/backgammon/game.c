/* The backgammon game module: what the core sees of it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "games/backgammon/bg_engine.h"
#include "games/backgammon/record.h"
#include "games/backgammon/replay.h"
#include "games/backgammon/session.h"

static const char *const extensions[] = { ".mat", ".bg", NULL };
static const char *const forms[] = { "mat", "sheet", NULL };

#define RULE(code, summary, explain) { code, NT_SEV_ERROR, summary, explain, 0 }
#define WARN(code, summary, explain) { code, NT_SEV_WARNING, summary, explain, 0 }
#define STYLE(code, summary, explain) { code, NT_SEV_STYLE, summary, explain, 0 }

static const nt_code_info codes[] = {
	RULE("bg-syntax-error", "text outside the record grammar",
	     "A record is header comments, ' N point match', then games: ' Game K',\n"
	     "a score line 'name : score  name : score' and rows of at most two\n"
	     "cells (a roll '6-4: 24/14' or '64: 24/18 18/14', 'Double to 2',\n"
	     "'take', 'pass', 'Wins 2 points').  A syntax error costs only its game.\n"
	     "Legal:   '  2) 6-4: 24/14                  6-2: 24/18 13/11*'\n"
	     "Illegal: '  2) 6-4 24/14' (no ':'), '72: 13/6' (dice run 1-6),\n"
	     "         '6-5: 7/13' (a path goes down), '13/7 6/1*(5)' (counts 1-4)"),
	RULE("bg-game-number", "a game number that does not follow the previous one",
	     "Games are numbered 1, 2, 3, ... in order.\n"
	     "Legal:   ' Game 1' ... ' Game 2'\n"
	     "Illegal: ' Game 1' ... ' Game 3'"),
	RULE("bg-player-names", "a score line whose names differ from the first game's",
	     "Both names are written the same, character for character, in every game.\n"
	     "Legal:   ' Ines : 0   Tariq : 2' after ' Ines : 0   Tariq : 0'\n"
	     "Illegal: ' Ines : 0   Tarik : 2'"),
	RULE("bg-score-mismatch", "a score line that is not the score before the game",
	     "Each score line states the points won in the games before it.\n"
	     "Legal:   ' Ines : 0   Tariq : 2' after Tariq won 2 points in game 1\n"
	     "Illegal: ' Ines : 0   Tariq : 1' there"),
	RULE("bg-game-after-match-end", "a game after a player reached the match length",
	     "The match is over once a score reaches its length; no game follows.\n"
	     "Legal:   a 3-point match that ends with 'Wins 2 points' at 1-2\n"
	     "Illegal: a ' Game 4' after that"),
	RULE("bg-moves-after-end", "a cell after the game's result, or after it was won",
	     "After a player bears off his last checker or a pass, only the result\n"
	     "follows; after the result, nothing.\n"
	     "Legal:   '  9) pass' then 'Wins 2 points'\n"
	     "Illegal: '  9) pass      2-1: 13/11 6/5'"),
	RULE("bg-opening-double", "the first roll of a game is a double",
	     "Equal opening dice are thrown again, so the first roll is never a double.\n"
	     "Legal:   '  1)            5-3: 8/3 6/3'\n"
	     "Illegal: '  1)            5-5: 8/3(2) 6/1(2)'"),
	RULE("bg-turn-order", "an action by the player who is not on turn",
	     "Players alternate; only the player on roll offers the cube, after the\n"
	     "opening roll; the other player answers an offer.\n"
	     "Legal:   '  5) Double to 2   take' with Ines on roll\n"
	     "Illegal: '  5)               Double to 2' (Ines is on roll, not Tariq)"),
	RULE("bg-cube-no-response", "a roll while an offer waits for its answer",
	     "An offer is taken or passed before anyone rolls.\n"
	     "Legal:   '  5) Double to 2   take' then '  6) 6-5: 13/7 6/1*'\n"
	     "Illegal: '  5) Double to 2' then '  6) 6-5: 13/7 6/1*'"),
	RULE("bg-play-when-none-legal", "a play written for a roll that has none",
	     "When no checker can move (for instance every entry point is closed), the\n"
	     "roll is written with no play.\n"
	     "Legal:   '6-6: no play' with a checker on the bar and the 6 point closed\n"
	     "Illegal: '6-6: bar/19' there"),
	RULE("bg-dice-mismatch", "hops that these dice cannot make",
	     "Each hop of a play is one die or several dice of the roll, each die used once.\n"
	     "Legal:   '6-5: 13/7 6/1*', '6-4: 24/14'\n"
	     "Illegal: '6-5: 13/7 6/2' (6 to 2 is 4 pips), '3-1: 13/7'"),
	RULE("bg-empty-point", "a step from a point where the mover has no checker",
	     "A checker moves from a point that holds one of the mover's checkers.\n"
	     "Legal:   '6-5: 13/7 6/1*'\n"
	     "Illegal: '6-5: 12/6 6/1*' with no checker on 12"),
	RULE("bg-bar-first", "a checker moves while one waits on the bar",
	     "All checkers on the bar enter before any other checker moves.\n"
	     "Legal:   '3-1: bar/24*/21'\n"
	     "Illegal: '3-1: 13/10 11/10' with a checker on the bar"),
	RULE("bg-blocked-point", "a step onto a point held by two or more opposing checkers",
	     "A checker may land on an empty point, its own, or an opposing blot (a hit).\n"
	     "Legal:   '6-5: 13/7 6/1*'\n"
	     "Illegal: '6-5: 24/19 13/7' when the opponent holds 19"),
	RULE("bg-bearoff-not-home", "bearing off with checkers outside the home board",
	     "A checker is borne off only when all fifteen are on points 1-6 or off.\n"
	     "Legal:   '6-4: 5/1 5/off' with every checker home\n"
	     "Illegal: '6-5: 6/off 13/8' with checkers on 13 and 24"),
	RULE("bg-bearoff-overage", "a larger die bears off from below the highest point",
	     "A die larger than needed bears off only from the highest occupied point.\n"
	     "Legal:   '6-4: 5/1 5/off' with the highest checker on 5\n"
	     "Illegal: '6-4: 3/off 5/1' there"),
	RULE("bg-not-max-dice", "a play using fewer dice than possible",
	     "A player uses as many of his dice as he can.\n"
	     "Legal:   '6-5: 13/7 6/1*'\n"
	     "Illegal: '6-5: 13/7' when both dice can be played"),
	RULE("bg-larger-die", "the smaller die played when only one die can be",
	     "If either die but not both can be played, the larger must be.\n"
	     "Legal:   '42: 6/2' when only one die can be played\n"
	     "Illegal: '42: 6/4' there"),
	RULE("bg-illegal-move", "a play that uses enough dice but reaches no legal position",
	     "Kept for an inconsistency between the move generator and the step checks;\n"
	     "the rules of backgammon cannot produce it.\n"
	     "Legal:   any legal play\n"
	     "Illegal: none under the rules"),
	WARN("bg-hit-marker-missing", "a hit that no '*' marks (an error under --strict)",
	     "A step landing on an opposing blot is marked with '*'.  By default an\n"
	     "unmarked hit is a warning and the replay goes on; under --strict it is\n"
	     "an error.\n"
	     "Legal:   '6-5: 13/7 6/1*'\n"
	     "Illegal: '6-5: 13/7 6/1' (the checker landing on 1 hits a blot): a\n"
	     "         warning, or an error under --strict"),
	RULE("bg-hit-marker-spurious", "a '*' where nothing was hit",
	     "A '*' follows only a point where an opposing blot was hit.\n"
	     "Legal:   '6-5: 13/7 6/1*'\n"
	     "Illegal: '6-5: 13/7* 6/1*' (7 holds the mover's own checker)"),
	RULE("bg-no-play-but-legal", "a roll left unplayed although a play exists",
	     "A roll with no play is legal only when nothing can move, or when the\n"
	     "roller then resigns (the opponent's result follows at once).\n"
	     "Legal:   '6-6: no play' on a closed board; '6-5:' then the opponent's 'Wins'\n"
	     "Illegal: '6-5: no play' when 13/7 6/1* can be played"),
	RULE("bg-cube-crawford", "an offer in the Crawford game",
	     "In the first game where exactly one player needs one point, the cube\n"
	     "is not used.\n"
	     "Legal:   offers in post-Crawford games\n"
	     "Illegal: 'Double to 2' in game 2 of a 3-point match at 0-2"),
	RULE("bg-cube-not-owned", "an offer by the player whose opponent owns the cube",
	     "A taken cube belongs to the taker; only he may redouble.\n"
	     "Legal:   'Double to 4' by the player who took at 2\n"
	     "Illegal: 'Double to 4' by the player who offered at 2"),
	RULE("bg-cube-value", "an offer to a value other than twice the cube",
	     "An offer is to twice the current value; a beaver answers an offer.\n"
	     "Legal:   'Double to 2' with the cube at 1\n"
	     "Illegal: 'Double to 3'; 'Beaver to 2' with no offer waiting"),
	RULE("bg-cube-limit", "an offer above the CubeLimit tag",
	     "With [CubeLimit \"N\"] no offer or redouble goes above N.\n"
	     "Legal:   'Doubles => 2' with [CubeLimit \"2\"]\n"
	     "Illegal: 'Doubles => 4' there"),
	RULE("bg-beaver-in-match", "a beaver or raccoon in match play or when turned off",
	     "Beavers and raccoons are allowed only in money play (0 point match)\n"
	     "unless [Beaver \"Off\"].\n"
	     "Legal:   'Beaver to 4' in a money session\n"
	     "Illegal: 'Beaver to 4' in a 5-point match"),
	RULE("bg-take-without-double", "a take or pass with no offer waiting",
	     "Take and pass answer an offer.\n"
	     "Legal:   'Double to 2   take'\n"
	     "Illegal: 'take' with no offer"),
	RULE("bg-wins-wrong-points", "the points of a result are not what the game is worth",
	     "A game is worth the cube times 1, 2 (gammon) or 3 (backgammon); a passed\n"
	     "offer the cube before it; a resignation 1, 2 or 3 times the cube.  The\n"
	     "game that ends a match may give any value from the points needed to that.\n"
	     "Legal:   'Wins 2 points' after a passed redouble to 4\n"
	     "Illegal: 'Wins 4 points' there"),
	RULE("bg-wins-wrong-player", "a result naming the loser as the winner",
	     "The result of a game won on the board or by a pass stands in the winner's\n"
	     "column (a loss cell in the loser's).\n"
	     "Legal:   Tariq's redouble passed, 'Wins 2 points' in Tariq's column\n"
	     "Illegal: the same result in Ines's column"),
	RULE("bg-missing-result", "a finished game without its result",
	     "A game won on the board or by a pass is followed by its result line.\n"
	     "Legal:   '  9) pass' then 'Wins 2 points'\n"
	     "Illegal: '  9) pass' and the next game"),
	WARN("bg-match-forfeit", "a last result above the game's value: the match was conceded",
	     "When the last game's result gives exactly the points the winner needed,\n"
	     "more than the game is worth, the match was forfeited: a warning (an\n"
	     "error under --strict).\n"
	     "Legal:   'Wins 3 point and the match' for a gammon at cube 2 needing 3\n"
	     "Illegal: 'Wins 5 point and the match' after one roll at 0-0 of 5: a\n"
	     "         warning, or an error under --strict"),
	WARN("bg-cube-dead", "a dead offer in match play (--strict only)",
	     "An offer is dead when the cube already gives the offerer every point he\n"
	     "needs; it is legal, and reported under --strict as a warning.\n"
	     "Legal:   any offer without --strict\n"
	     "Illegal: 'Double to 4' by a player needing 1 with the cube at 2: a\n"
	     "         warning under --strict only"),
	/* notate lint: legal roll cells not written as the canonical writers
	   write them (a '6-4:' cell is a sheet cell, a '64:' cell a mat cell). */
	STYLE("bg-dice-order", "dice written with the smaller die first",
	      "Both forms write the larger die first.\n"
	      "Legal:   '6-4: 24/14', '64: 24/18 18/14'\n"
	      "Illegal: '4-6: 24/14', '46: 24/18 18/14' (lint: style)"),
	STYLE("bg-dice-mixed", "dice written both with and without '-' in one file",
	      "A file writes every roll's dice one way: '6-4:' (sheet) or '64:'\n"
	      "(mat).  The first roll written the way fewer rolls use is reported.\n"
	      "Legal:   '6-4: 24/14' ... '5-3: 8/3 6/3'\n"
	      "Illegal: '6-4: 24/14' ... '53: 8/3 6/3' (lint: style)"),
	STYLE("bg-play-path", "a play whose paths are not the canonical ones",
	      "A sheet writes each checker's move as one path that keeps only the\n"
	      "points where it hits on the way; a mat writes one step per die.\n"
	      "Legal:   '6-4: 24/14', '5-3: 13/10*/5', '64: 24/18 18/14'\n"
	      "Illegal: '6-4: 24/18/14', '6-4: 24/18 18/14', '5-3: 13/10* 10/5',\n"
	      "         '64: 24/14' (lint: style)"),
	STYLE("bg-play-grouping", "a repeated path not grouped as the canonical form groups it",
	      "A sheet writes a path played several times once, with its count; a\n"
	      "mat writes every step on its own.\n"
	      "Legal:   '6-6: 24/18(2) 13/7(2)', '66: 24/18 24/18 13/7 13/7'\n"
	      "Illegal: '6-6: 24/18 24/18 13/7(2)', '6-4: 24/14(1)',\n"
	      "         '66: 24/18(2) 13/7(2)' (lint: style)"),
	STYLE("bg-play-order", "sub-moves not in the canonical order",
	      "Sub-moves come in the order of their steps: the higher starting point\n"
	      "first, then the higher destination.\n"
	      "Legal:   '6-4: 13/7 8/4', '31: 8/5 6/5'\n"
	      "Illegal: '6-4: 8/4 13/7', '31: 6/5 8/5' (lint: style)"),
	STYLE("bg-play-hit-marker", "a '*' placed otherwise than the canonical form places it",
	      "One '*' per point hit, after the first checker (in the canonical order)\n"
	      "that lands there; in a sheet also after every point kept inside a path.\n"
	      "Legal:   '2-2: 4/2*/off 4/2(2)', '44: 8/4 8/4 6/2* 6/2'\n"
	      "Illegal: '2-2: 4/2/off 4/2*(2)', '44: 8/4 8/4 6/2 6/2*' (lint: style)"),
	STYLE("bg-play-spelling", "a play spelled otherwise than the canonical form",
	      "A sheet writes the bar as 'bar' and off as 'off', a mat as 25 and 0;\n"
	      "both write points without leading zeros, one space after the dice, and\n"
	      "an unrecorded play as '?\?\?\?'.\n"
	      "Legal:   '3-1: bar/24*/21', '31: 25/24* 24/21'\n"
	      "Illegal: '3-1: 25/24*/21', '3-1: Bar/24*/21', '31: bar/24* 24/21',\n"
	      "         '31:25/24* 24/21' (lint: style)"),
	STYLE("bg-no-play-form", "a roll with nothing played, not written the canonical way",
	      "A sheet writes 'no play' when the roll has no legal play and nothing\n"
	      "when the player resigned instead of playing; a mat writes nothing.\n"
	      "Legal:   '6-6: no play', '6-5:' before the opponent's result, '66:'\n"
	      "Illegal: '6-6: cannot move', '6-6:' with no legal play, '66: no play'\n"
	      "         (lint: style)"),
	{ NULL, 0, NULL, NULL, 0 }
};

/* A match file: ' N point match' and ' Game 1' near the start. */
static int
sniff(const unsigned char *head, size_t size)
{
	char text[NT_SNIFF_TEXT];
	nt_sniff_text(head, size, text, 1);
	int score = 0;
	if (strstr(text, " point match") != NULL)
		score += 50;
	if (strstr(text, "game 1") != NULL)
		score += 20;
	if (strstr(text, "doubles =>") != NULL || strstr(text, "wins ") != NULL)
		score += 20;
	return score > 100 ? 100 : score;
}

static int
check(nt_run *run)
{
	return bg_session_run(run, BG_SESSION_CHECK, NULL, NULL);
}

static int
convert(nt_run *run, const char *form)
{
	return bg_session_run(run, BG_SESSION_CONVERT, form, NULL);
}

static int
show(nt_run *run, const nt_show_request *req)
{
	return bg_session_run(run, BG_SESSION_SHOW, NULL, req);
}

/* The canonical form of a record is the one its name says: .bg a sheet. */
static int
format(nt_run *run)
{
	const char *name = run->src->name;
	size_t n = name != NULL ? strlen(name) : 0;
	int sheet = n > 3 && strcmp(name + n - 3, ".bg") == 0;
	return bg_session_run(run, BG_SESSION_CONVERT, sheet ? "sheet" : "mat",
	                      NULL);
}

static int
stats(nt_run *run, nt_stat_fn fn, void *user)
{
	return bg_session_stats(run, fn, user);
}

const struct nt_game nt_game_backgammon = {
	.name = "backgammon",
	.title = "Backgammon (GNU Backgammon .mat match files and .bg score sheets)",
	.extensions = extensions,
	.forms = forms,
	.codes = codes,
	.sniff = sniff,
	.check = check,
	.convert = convert,
	.show = show,
	.format = format,
	.stats = stats,
	.moves = bg_moves_command,
	/* Old Mac exports end lines with a CR alone. */
	.layout = { 1 },
};
