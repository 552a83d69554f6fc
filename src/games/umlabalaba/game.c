/* The Umlabalaba game module: what the core sees of it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "games/umlabalaba/record.h"

static const char *const extensions[] = { ".umla", ".uml", NULL };
static const char *const forms[] = { "electronic", "plain", NULL };

#define RULE(code, summary, explain) { code, NT_SEV_ERROR, summary, explain, 0 }
#define STYLE(code, summary, explain) { code, NT_SEV_STYLE, summary, explain, 0 }

static const nt_code_info codes[] = {
	RULE("syntax-error", "text that is not a move",
	     "A move is [number] side [from] '>' to {'<' capture}, or side '<' point\n"
	     "for ilobola, followed by a space, a line break, a comment or the end.\n"
	     "Legal:   13B13>5<2   B > 23   W<7\n"
	     "Illegal: 13B13->5 ('-' is not notation), 13b13>5 (lower case), B>5x"),
	RULE("bad-header", "a header problem",
	     "Rules, Board, Options and Result may each appear once, with known values;\n"
	     "Options items are name=value with known names and values.\n"
	     "Legal:   [Rules \"blac\"]  [Options \"first=W flying=off\"]\n"
	     "Illegal: [Options \"shoot_twice=on\"]  [Board \"23\"]  [Options \"nmove=060\"]"),
	RULE("game-already-over", "a move after the game has been won or drawn",
	     "Once a side is reduced to two cows, is blocked (blocked=lose), or a draw\n"
	     "rule ends the game, no move may follow.\n"
	     "Legal:   the transcript ends with the winning capture.\n"
	     "Illegal: a further move after White was reduced to two cows."),
	RULE("bad-point-number", "a point that is badly written or not on this board",
	     "Points are 1..9, 01..09, or 10 up to the board size (24 or 25).\n"
	     "Legal:   B>5  B>05  B>24  (B>25 with [Board \"25\"])\n"
	     "Illegal: B>0  B>007  B>25 on the 24-point board"),
	RULE("bad-move-number", "a move number that does not match the slot",
	     "Number N covers the first player's Nth and the second player's Nth turn;\n"
	     "skipped turns use up their slot.  No leading zeros.\n"
	     "Legal:   1B>4 1W>16 2B>15\n"
	     "Illegal: 1B>4 2W>16 (White's first turn is 1), 01B>4"),
	RULE("wrong-player-to-move", "the side letter is not the side to move",
	     "The sides alternate, starting with `first` (Black by default).\n"
	     "Legal:   B>4 W>16\n"
	     "Illegal: B>4 B>16"),
	RULE("bad-ilobola", "a removal when none is owed, another turn while one is owed, or a removal of a cow that is not the remover's",
	     "Under full_board=ilobola, after placement fills the board the first player\n"
	     "then the second removes one of its own cows (B<p, W<p).\n"
	     "Legal:   ... 12W>23 13B<10 13W<19\n"
	     "Illegal: 13B10>9 while ilobola is owed; 13B<19 when 19 is White's; B<5 at any other time"),
	RULE("move-in-placement-phase", "a from-point written while the side still has cows in hand",
	     "A side with cows in hand must place one.\n"
	     "Legal:   7B>11\n"
	     "Illegal: 7B12>11 while Black has six cows in hand"),
	RULE("place-in-movement-phase", "no from-point while the side has no cows in hand",
	     "A side with no cows in hand must move a cow on the board.\n"
	     "Legal:   13B13>5\n"
	     "Illegal: 13B>5"),
	RULE("source-empty", "the from-point is empty",
	     "A move starts on a point holding the mover's cow.\n"
	     "Legal:   13B13>5 (Black has a cow on 13)\n"
	     "Illegal: 13B9>16 (nothing on 9)"),
	RULE("source-not-own", "the from-point holds an opposing cow",
	     "Only one's own cows move.\n"
	     "Legal:   13B13>5\n"
	     "Illegal: 13B2>11 (the cow on 2 is White's)"),
	RULE("occupied-destination", "the destination is not empty",
	     "Cows are placed and moved onto empty points only.\n"
	     "Legal:   13B13>5 (5 empty)\n"
	     "Illegal: 13B6>7 (7 holds a cow), 13B6>6"),
	RULE("not-adjacent", "a move to a point that is not linked to the from-point",
	     "Without flying, a cow moves along one link to a neighbouring point.\n"
	     "Legal:   13B3>11 (3 is linked to 2, 4 and 11)\n"
	     "Illegal: 13B3>9"),
	RULE("flying-not-allowed", "a non-adjacent move by a three-cow side while flying is off",
	     "With flying=off (isisuthu), a side with three cows still moves along links.\n"
	     "Legal:   [Options \"flying=on\"] a three-cow side plays W9>20\n"
	     "Illegal: [Options \"flying=off\"] the same W9>20"),
	RULE("repeated-mill", "the shuttle rule",
	     "A cow that made a mill by moving F->T may not go straight back T->F to\n"
	     "remake a mill at F on the side's next turn (no_shuttle=on).\n"
	     "Legal:   13B13>5<2 ... 14B19>11 ... 15B5>13\n"
	     "Illegal: 13B13>5<2 13W10>9 14B5>13"),
	RULE("capture-without-mill", "a capture written, but the move forms no mill",
	     "Only a turn that forms a mill may shoot.\n"
	     "Legal:   5B>15<6 (completes 13-14-15)\n"
	     "Illegal: 13B3>11<2 (no mill at 11)"),
	RULE("too-many-captures", "more captures than allowed",
	     "One shot per turn, or one per mill formed with double_mill=per-mill.\n"
	     "Legal:   13B13>5<2\n"
	     "Illegal: 13B13>5<2<1"),
	RULE("capture-empty-point", "a captured point that is empty",
	     "A shot removes an opposing cow; the point must hold one at that moment.\n"
	     "Legal:   13B13>5<2\n"
	     "Illegal: 13B13>5<9 (9 is empty)"),
	RULE("capture-own-piece", "a captured point that holds the mover's own cow",
	     "A side shoots only its opponent's cows.\n"
	     "Legal:   13B13>5<2\n"
	     "Illegal: 13B13>5<7 (the cow on 7 is Black's)"),
	RULE("capture-protected-in-mill", "a captured cow that the protection option shields",
	     "Under protection=gar a cow in a mill may be shot only when every opposing\n"
	     "cow is in a mill; under forfeit, never.\n"
	     "Legal:   13B13>5<2 (2 is in no White mill)\n"
	     "Illegal: 13B13>5<12 (12 is in White's mill 4-12-20, and White has other cows)"),
	RULE("missing-capture", "fewer captures than owed",
	     "With capture=mandatory a turn that forms a mill must shoot, unless no\n"
	     "opposing cow can be taken.\n"
	     "Legal:   13B13>5<2\n"
	     "Illegal: 13B13>5 (forms 5-6-7 and shoots nothing)"),
	RULE("result-mismatch", "the Result header disagrees with the replay",
	     "The Result header (B, W, D or *) must be the outcome of the moves.\n"
	     "Legal:   [Result \"*\"] on an unfinished game\n"
	     "Illegal: [Result \"B\"] on an unfinished game"),
	/* Style findings of notate lint: legal, but not tidy. */
	STYLE("mixed-point-forms", "plain and zero-padded points in one file",
	      "A file writes every point one way: plain (B9>1) or electronic (B09>01).\n"
	      "Legal:   B>5 W>12 B9>1   or   B>05 W>12 B09>01\n"
	      "Illegal: B>5 W>12 B09>01 (lint: style)"),
	STYLE("notation-mismatch", "points written in another form than the Notation header says",
	      "The Notation header names the form the points are written in.\n"
	      "Legal:   [Notation \"electronic\"] B>05\n"
	      "Illegal: [Notation \"electronic\"] B>5 (lint: style)"),
	STYLE("mixed-numbering", "numbered and unnumbered moves in one file",
	      "A file numbers every move or none.\n"
	      "Legal:   1B>4 1W>16 2B>15   or   B>4 W>16 B>15\n"
	      "Illegal: 1B>4 W>16 2B>15 (lint: style)"),
	{ NULL, 0, NULL, NULL, 0 }
};

/* A file is Umlabalaba when it says so, or when it reads like moves. */
static int
sniff(const unsigned char *head, size_t size)
{
	char text[NT_SNIFF_TEXT];
	nt_sniff_text(head, size, text, 0);
	if (strstr(text, "[Variant \"umlabalaba\"]") ||
	    strstr(text, "[Variant \"Umlabalaba\"]") ||
	    strstr(text, "[Variant \"morabaraba\"]"))
		return 100;
	static const char *const presets[] = {
		"[Rules \"gar\"]", "[Rules \"blac\"]", "[Rules \"isipowe\"]",
		"[Rules \"isisuthu\"]"
	};
	for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
		if (strstr(text, presets[i]))
			return 90;
	int moves = 0;
	for (const char *s = text; (s = strpbrk(s, "BW")) != NULL; s++)
		if (s[1] == '>' || (s[1] == ' ' && s[2] == '>') ||
		    (s[1] >= '0' && s[1] <= '9' && (s[2] == '>' || s[3] == '>')))
			moves++;
	return moves >= 3 ? 60 : 0;
}

static int
run_mode(nt_run *run, int mode, const char *form, long show_move, int view)
{
	um_parse *p = malloc(sizeof *p);
	if (p == NULL)
		return -1;
	if (um_parse_run(p, run, mode) != 0) {
		free(p);
		return -1;
	}
	p->to_electronic = form != NULL && strcmp(form, "electronic") == 0;
	p->to_declared = form != NULL && strcmp(form, "declared") == 0;
	p->show_move = show_move;
	int rc = um_parse_all(p);
	if (rc == 0 && mode == UM_CONVERT && (p->unconvertible ||
	                                      p->lx.in.echo_failed))
		rc = 1;
	if (rc == 0 && mode == UM_SHOW) {
		if (p->bad_header)
			rc = 1;
		else if (show_move > p->moves_played)
			rc = -4;    /* as for the other games: no such move */
		else if (view == UM_VIEW_SVG)
			um_render_svg(&p->game, p->moves_played, run->out);
		else if (view == UM_VIEW_JSON)
			um_render_json(&p->game, p->moves_played, run->out);
		else
			um_render(&p->game, p->moves_played, run->out);
	}
	um_parse_free(p);
	free(p);
	return rc;
}

static int
check(nt_run *run)
{
	return run_mode(run, UM_CHECK, NULL, -1, 0);
}

static int
convert(nt_run *run, const char *form)
{
	return run_mode(run, UM_CONVERT, form, -1, 0);
}

/* The figures of notate stats, for the game as far as it was replayed. */
static void
report_stats(const um_parse *p, nt_stat_fn fn, void *user)
{
	const um_game *g = &p->game;
	char how[160];
	fn(user, 1, "result", 0, p->stopped || p->bad_header
	                         ? "?" : um_result_text(g->result));
	fn(user, 1, "moves", p->moves_played, NULL);
	static const char *const side[2] = { "black", "white" };
	for (int s = 0; s < 2; s++) {
		char name[32];
		snprintf(name, sizeof name, "%s_placements", side[s]);
		fn(user, 1, name, g->placed[s], NULL);
		snprintf(name, sizeof name, "%s_moves", side[s]);
		fn(user, 1, name, g->moved[s], NULL);
		snprintf(name, sizeof name, "%s_flights", side[s]);
		fn(user, 1, name, g->flown[s], NULL);
		snprintf(name, sizeof name, "%s_mills", side[s]);
		fn(user, 1, name, g->mills_formed[s], NULL);
		snprintf(name, sizeof name, "%s_captures", side[s]);
		fn(user, 1, name, g->captures[s], NULL);
		snprintf(name, sizeof name, "%s_ilobola", side[s]);
		fn(user, 1, name, g->removed[s], NULL);
	}
	fn(user, 1, "placement_turns", g->placed[0] + g->placed[1], NULL);
	fn(user, 1, "movement_turns", g->moved[0] + g->moved[1] + g->flown[0] +
	   g->flown[1], NULL);
	fn(user, 1, "skipped_turns", g->skipped, NULL);
	um_describe_end(g, how, sizeof how);
	fn(user, 1, "end", 0, how);
}

static int
stats(nt_run *run, nt_stat_fn fn, void *user)
{
	um_parse *p = malloc(sizeof *p);
	if (p == NULL || um_parse_run(p, run, UM_CHECK) != 0) {
		free(p);
		return -1;
	}
	int rc = um_parse_all(p);
	report_stats(p, fn, user);
	um_parse_free(p);
	free(p);
	return rc;
}

/* The canonical form: every point in the form the Notation header names
 * (plain when it names none); all else byte for byte, as convert. */
static int
format(nt_run *run)
{
	return run_mode(run, UM_CONVERT, "declared", -1, 0);
}

static int
show(nt_run *run, const nt_show_request *req)
{
	/* A .umla file holds one game; its turns are its plies. */
	if (req->game_no > 1)
		return -4;
	return run_mode(run, UM_SHOW, NULL, req->move >= 0 ? req->move : req->ply,
	                req->svg ? UM_VIEW_SVG : req->json ? UM_VIEW_JSON
	                                                   : UM_VIEW_TEXT);
}

const struct nt_game nt_game_umlabalaba = {
	.name = "umlabalaba",
	.title = "Umlabalaba (Zulu twelve men's morris, Morabaraba)",
	.extensions = extensions,
	.forms = forms,
	.codes = codes,
	.sniff = sniff,
	.check = check,
	.convert = convert,
	.show = show,
	.format = format,
	.stats = stats,
	.moves = NULL,
	.generate = um_generate,
	.one_game_per_file = 1,
};
