/* The Bao la Kiswahili game module: what the core sees of it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "games/bao/record.h"

static const char *const extensions[] = { ".bao", NULL };
static const char *const forms[] = { "bao", NULL };

#define CODE(code, sev, summary, explain) { code, sev, summary, explain }
#define RULE(code, summary, explain) CODE(code, NT_SEV_ERROR, summary, explain)

static const nt_code_info codes[] = {
	RULE("SYNTAX", "text that is not BaoAN-1, text after the result, or a bad set-up",
	     "A move token is pit, sign, optional '+', optional '*' or '**', optional\n"
	     "'#': [ABab][1-8][<>]+?(**|*)?#?.  Only comments may follow the result\n"
	     "token, and [SetUp \"1\"] needs a Position tag holding a BaoPOS whose seeds\n"
	     "add up to 64 (ply 0).  Short forms (A4R, 6>, A2) need --lenient.\n"
	     "Legal:   1. A6>* a6>* 2. A7<* a5> *\n"
	     "Illegal: 11. A4< C6> (no row C), 1. A6>* * 2. A7<* (moves after the result)"),
	RULE("MOVE_NUMBER", "a missing number before South's ply, or a wrong number",
	     "Every South ply is preceded by N. and a North ply may be preceded by\n"
	     "N...; South's k-th and North's k-th ply carry k (a game that North\n"
	     "starts opens with 1... and continues 2.).\n"
	     "Legal:   2. A7<* 2... a5>\n"
	     "Illegal: 2. A7<* 3... a5>, 2 A7<* (no period), A7<* without a number"),
	RULE("GAME_OVER", "a move after the game has ended",
	     "The game ends when a front row is emptied (bao hamna) or the side to\n"
	     "move has no legal move; nothing may be played after that.\n"
	     "Legal:   ... 8. A1<# 1-0\n"
	     "Illegal: ... 8. A1<# a3> 1-0"),
	RULE("WRONG_SIDE", "the pit belongs to the player not on move",
	     "Upper-case pits are South's, lower-case North's; the letter must be the\n"
	     "mover's.\n"
	     "Legal:   17. A4> a4>\n"
	     "Illegal: 17. a4< (South is to move)"),
	RULE("BACK_ROW_IN_NAMUA", "a namu ply naming a back-row pit",
	     "While a player has reserve seeds, each ply puts one into a front pit;\n"
	     "the token names that front pit.\n"
	     "Legal:   20... a7>\n"
	     "Illegal: 20... b7> while North still has seeds in reserve"),
	RULE("EMPTY_PIT", "a namu seed placed in an empty front pit",
	     "The reserve seed goes into an occupied front pit (for a capture, one\n"
	     "facing an occupied pit).\n"
	     "Legal:   A6>* from the start position\n"
	     "Illegal: A3>* from the start position (A3 is empty)"),
	RULE("TOO_FEW_SEEDS", "a mtaji start pit with fewer than 2 seeds",
	     "In mtaji a move lifts a pit of 2 or more seeds; single seeds never move.\n"
	     "Legal:   A5> with 2 seeds in A5\n"
	     "Illegal: A8> with 1 seed in A8"),
	RULE("CAPTURE_REQUIRED", "a capture is available and this move is not a capture",
	     "Capturing is compulsory: in namu, a front pit facing an occupied pit\n"
	     "(both occupied) must take the reserve seed; in mtaji, a pit of 2 to 15\n"
	     "seeds whose first lap ends in an occupied front pit facing an occupied\n"
	     "pit must be played.  Never-ending captures do not count.\n"
	     "Legal:   2. A7<* a5> (a5 faces A4)\n"
	     "Illegal: 2. A7<* a7>"),
	RULE("KICHWA_FORCED", "a kimbi capture with the wrong sign",
	     "A namu capture from pit 1 or 2 enters at kichwa 1 ('<'), from 7 or 8 at\n"
	     "kichwa 8 ('>'); only central pits 3 to 6 choose.\n"
	     "Legal:   A2< capturing a7\n"
	     "Illegal: A2> capturing a7"),
	RULE("NYUMBA_PLACEMENT", "a namu takata seed put into the nyumba while another front pit is occupied",
	     "With a functional nyumba (standing, 6 or more seeds; with\n"
	     "namua_house_means=owned, merely standing) a takata seed may go into the\n"
	     "nyumba only when it is the only occupied front pit (then it is a tax).\n"
	     "Legal:   A6>* from the start position\n"
	     "Illegal: A5> from the start position"),
	RULE("SINGLETON_PLACEMENT", "no nyumba, and the seed went into a single seed while a pit with 2 or more exists",
	     "Without a nyumba the takata seed goes into a front pit of 2 or more\n"
	     "seeds when there is one.\n"
	     "Legal:   A6>* with A6 holding 3\n"
	     "Illegal: A2>* with A2 holding 1 and A6 holding 3"),
	RULE("MTAJI_BACK_ROW", "a back-row takata while a front pit holds 2 or more seeds",
	     "A mtaji takata starts from a front pit of 2 or more seeds; only when\n"
	     "there is none may it start in the back row.\n"
	     "Legal:   B3<* when every front pit holds at most one seed\n"
	     "Illegal: B3<* when A2 holds 2 seeds"),
	RULE("TAKASIA_START", "the move starts from the takasia pit",
	     "After a mtaji takata that threatens exactly one pit of the opponent (and\n"
	     "he has no capture), that pit may not be played on his next ply, and a\n"
	     "lap ending there stops.\n"
	     "Legal:   A8<* with takasia on A3\n"
	     "Illegal: A3> with takasia on A3 and 2 seeds in it"),
	RULE("FRONT_ROW_EMPTIED", "the takata would empty the mover's front row",
	     "A takata may never leave the mover's front row empty, even for one seed.\n"
	     "Legal:   A1>* when A1 is the only occupied front pit\n"
	     "Illegal: A1<* then (its first seed drops into B1)"),
	RULE("SAFARI_NO_DECISION", "'+' given, but no stop/safari point arises",
	     "'+' (safari) is written only when a lap of a capture move ends in the\n"
	     "mover's functional nyumba facing an empty pit.\n"
	     "Legal:   A3>+ when A3> ends in the nyumba\n"
	     "Illegal: A3<+ when no lap of A3< ends there, or any takata with '+'"),
	RULE("NEVER_ENDING", "the move would sow forever",
	     "A move whose relays bring back the same situation (all 32 pits, the\n"
	     "pit, the direction, the standing nyumbas) never ends and is illegal;\n"
	     "if every capture is never-ending, the takatas become the legal moves.\n"
	     "Legal:   A2>* in the position of the spec's example 9.9\n"
	     "Illegal: A8> in that position"),
	RULE("ANNOTATION", "a '*', '**' or '#' suffix contradicts the move",
	     "'*' marks a takata, '**' a takata that creates a takasia, '#' the move\n"
	     "that ends the game; a capture has no star.  Suffixes may be left out.\n"
	     "Legal:   1. A6>* or 1. A6>\n"
	     "Illegal: a5>* (a capture), A3>#  while the game goes on"),
	RULE("NOT_LEGAL", "any other illegal token",
	     "The token names no legal move of the position (a fallback that the\n"
	     "other codes leave no room for in practice).\n"
	     "Legal:   any move notate moves lists\n"
	     "Illegal: none known"),
	CODE("RESULT_MISMATCH", NT_SEV_WARNING, "the result token or Result tag disagrees with the replay",
	     "The result token and the Result tag are 1-0 (South won), 0-1 (North\n"
	     "won) or * (unfinished), as the replay ends; Bao has no draws.\n"
	     "Legal:   ... 46. B1<* b2># 0-1 when North wins\n"
	     "Illegal: ... 3. A3> 1-0 while the game goes on (a warning only)"),
	CODE("NO_RESULT", NT_SEV_WARNING, "the movetext has no result token",
	     "The movetext ends with 1-0, 0-1 or *.\n"
	     "Legal:   1. A6>* a6>* *\n"
	     "Illegal: 1. A6>* a6>* (a warning only)"),
	/* notate lint: legal plies not written as spec 6.5 writes them. */
	CODE("MISSING_SUFFIX", NT_SEV_STYLE, "a move token without the suffixes canonical form writes",
	     "The suffixes '*', '**' and '#' may be left out on input, but canonical\n"
	     "form always writes them: '*' a takata, '**' a takata that creates a\n"
	     "takasia, '#' the move that ends the game.\n"
	     "Legal:   1. A6>* a6>* 2. A7<* a5>\n"
	     "Illegal: 1. A6> a6>* 2. A7<* a5> (lint: style)"),
	CODE("MIXED_NUMBERING", NT_SEV_STYLE, "some North plies numbered N... and others not",
	     "A North ply may carry N... or not; a file does one or the other for\n"
	     "every North ply after the first ply of the game (the first decides).\n"
	     "Canonical form numbers none but a first ply by North (1... a6>*).\n"
	     "Legal:   1. A6>* a6>* 2. A7<* a5>   or   1. A6>* 1... a6>* 2. A7<* 2... a5>\n"
	     "Illegal: 1. A6>* a6>* 2. A7<* 2... a5> (lint: style)"),
	CODE("GLUED_NUMBER", NT_SEV_STYLE, "a move number glued to its move",
	     "A number may be glued to its move (12.A5>), but canonical form writes\n"
	     "a space between them.\n"
	     "Legal:   1. A6>* a6>* 2. A7<*\n"
	     "Illegal: 1.A6>* a6>* 2.A7<* (lint: style)"),
	CODE("LENIENT_FORM", NT_SEV_STYLE, "a short K.I.B.A. form read under --lenient",
	     "With --lenient the short forms A4R, 6> and A2 are read; canonical form\n"
	     "writes the strict token with its suffixes.\n"
	     "Legal:   1. A6>* a6>*\n"
	     "Illegal: 1. 6> a6>* (with --lenient; lint: style)"),
	{ NULL, 0, NULL, NULL }
};

/* A file is Bao when it says so, or when it reads like BaoAN-1. */
static int
sniff(const unsigned char *head, size_t size)
{
	char text[NT_SNIFF_TEXT];
	nt_sniff_text(head, size, text, 0);
	if (strstr(text, "[Game \"Bao la Kiswahili\"]"))
		return 100;
	if (strstr(text, "[Rules \"bao-kiswahili-1\"]"))
		return 90;
	/* Whole tokens only: Umlabalaba's "14B1>2" is not one. */
	int moves = 0;
	for (const char *s = text; (s = strpbrk(s, "ABab")) != NULL; s++) {
		int starts = s == text || strchr(" \t\r\n.}", s[-1]) != NULL;
		/* s[3] only once s[1] and s[2] are known not to end the text. */
		if (starts && s[1] >= '1' && s[1] <= '8' &&
		    (s[2] == '<' || s[2] == '>') &&
		    (s[3] == '\0' || strchr(" \t\r\n+*#{;", s[3]) != NULL))
			moves++;
	}
	return moves >= 3 ? 70 : 0;
}

static int
run_mode(nt_run *run, int mode, long show_ply, long show_move, int view)
{
	bao_parse *p = malloc(sizeof *p);
	if (p == NULL)
		return -1;
	if (bao_parse_init(p, run, mode) != 0) {
		free(p);
		return -1;
	}
	p->show_ply = show_ply;
	p->show_move = show_move;
	int rc = bao_parse_all(p);
	long plies = p->game.plies;
	run->rep.summary->game_moves = plies;
	run->rep.summary->game_rows = p->start.side == BAO_SOUTH ? (plies + 1) / 2
	                              : plies > 0 ? plies / 2 + 1 : 0;
	if (rc == 0 && mode == BAO_CONVERT) {
		if (run->rep.errors > 0)
			rc = 1;
		else if (bao_writer_finish(&p->w, p, run->out) != 0)
			rc = -1;
	}
	if (rc == 0 && mode == BAO_SHOW) {
		if (p->show_ply >= 0 && p->game.plies < p->show_ply)
			rc = p->stopped ? 1 : -4;
		else if (p->stopped && p->game.plies == 0 && p->plies == 0)
			rc = 1;
		else if (view == BAO_VIEW_SVG)
			bao_render_svg(&p->game, p->game.plies, p->last_token, run->out);
		else if (view == BAO_VIEW_JSON)
			bao_render_json(&p->game, p->game.plies, p->last_token, run->out);
		else
			bao_render(&p->game, p->game.plies, p->last_token, run->out);
	}
	bao_parse_free(p);
	free(p);
	return rc;
}

/* The figures of notate stats, for the game as far as it was replayed. */
static void
report_stats(const bao_parse *p, nt_stat_fn fn, void *user)
{
	const bao_game *g = &p->game;
	fn(user, 1, "result", 0, p->stopped ? "?" : bao_result_text(g));
	fn(user, 1, "plies", g->plies, NULL);
	static const char *const side[2] = { "south", "north" };
	static const char *const what[] = { "captures", "seeds_captured",
	                                    "takatas", "taxes", "safaris",
	                                    "takasias" };
	for (int s = 0; s < 2; s++) {
		const long values[] = { p->captures[s], p->captured[s],
		                        p->takatas[s], p->taxes[s], p->safaris[s],
		                        p->takasias[s] };
		for (size_t i = 0; i < sizeof what / sizeof what[0]; i++) {
			char name[48];
			snprintf(name, sizeof name, "%s_%s", side[s], what[i]);
			fn(user, 1, name, values[i], NULL);
		}
	}
	fn(user, 1, "laps", p->laps, NULL);
	fn(user, 1, "seeds_sown", p->sown, NULL);
	const char *end = g->over == BAO_HAMNA ? "bao hamna"
	                  : g->over == BAO_IMMOBILE ? "immobile" : "unfinished";
	fn(user, 1, "end", 0, end);
}

static int
stats(nt_run *run, nt_stat_fn fn, void *user)
{
	bao_parse *p = malloc(sizeof *p);
	if (p == NULL || bao_parse_init(p, run, BAO_CHECK) != 0) {
		free(p);
		return -1;
	}
	int rc = bao_parse_all(p);
	report_stats(p, fn, user);
	bao_parse_free(p);
	free(p);
	return rc;
}

/* notate fmt: the canonical form of spec 6.5, as convert --to bao. */
static int
format(nt_run *run)
{
	return run_mode(run, BAO_CONVERT, -1, -1, 0);
}

static int
check(nt_run *run)
{
	return run_mode(run, BAO_CHECK, -1, -1, 0);
}

static int
convert(nt_run *run, const char *form)
{
	(void)form;
	return run_mode(run, BAO_CONVERT, -1, -1, 0);
}

static int
show(nt_run *run, const nt_show_request *req)
{
	/* A .bao file holds one game. */
	if (req->game_no > 1)
		return -4;
	/* Its rows are its move numbers, as --move counts them. */
	long move = req->row > 0 ? req->row : req->move;
	return run_mode(run, BAO_SHOW, req->ply, req->ply < 0 ? move : -1,
	                req->svg ? BAO_VIEW_SVG : req->json ? BAO_VIEW_JSON
	                                                    : BAO_VIEW_TEXT);
}

static const char *const kind_names[] = { "NC", "NT", "NX", "MC", "MT" };

/* The columns of the spec's movegen.tsv (section 10), after the position. */
static const char movegen_header[] =
	"position\ttoken\tkind\tcaptured\tlaps\tsown\tafter\tresult\n";

/* One legal move as a row of movegen.tsv. */
static int
write_move_row(const nt_sink *out, const char *pos, const bao_legal *m,
               const char *tok)
{
	char after[BAO_POS_TEXT];
	bao_pos_format(&m->after, after);
	return nt_sink_printf(out, "%s\t%s\t%s\t%d\t%ld\t%ld\t%s\t%s\n", pos, tok,
	                      kind_names[m->outcome.kind], m->outcome.captured,
	                      m->outcome.laps, m->outcome.sown, after,
	                      bao_result_words(m->over, m->winner));
}

static int
write_move_json(const nt_sink *out, const bao_legal *m, const char *tok,
                int first)
{
	char after[BAO_POS_TEXT];
	bao_pos_format(&m->after, after);
	return nt_sink_printf(out, "%s{\"token\":\"%s\",\"kind\":\"%s\","
	                      "\"captured\":%d,\"laps\":%ld,\"sown\":%ld,"
	                      "\"after\":\"%s\",\"result\":\"%s\"}",
	                      first ? "" : ",", tok, kind_names[m->outcome.kind],
	                      m->outcome.captured, m->outcome.laps,
	                      m->outcome.sown, after,
	                      bao_result_words(m->over, m->winner));
}

/*
 * The N legal moves of P in FORM: tokens one a line; the rows of
 * movegen.tsv (a position without a move is one row of '-'); or one JSON
 * object.  Tokens and positions are ASCII, so JSON needs no escaping.
 */
static int
write_moves(const nt_sink *out, int form, const bao_pos *p,
            const bao_legal *legal, int n)
{
	char pos[BAO_POS_TEXT];
	bao_pos_format(p, pos);
	int rc = 0;
	if (form == NT_MOVES_TSV) {
		rc = nt_sink_puts(out, movegen_header);
		if (n == 0 && rc == 0)
			rc = nt_sink_printf(out, "%s\t-\t-\t-\t-\t-\t-\t-\n", pos);
	} else if (form == NT_MOVES_JSON) {
		rc = nt_sink_printf(out, "{\"position\":\"%s\",\"moves\":[", pos);
	}
	for (int i = 0; i < n && rc == 0; i++) {
		char tok[BAO_TOKEN_TEXT];
		bao_token_format(&legal[i].move, legal[i].annotation,
		                 legal[i].over != BAO_ONGOING, tok);
		if (form == NT_MOVES_TSV)
			rc = write_move_row(out, pos, &legal[i], tok);
		else if (form == NT_MOVES_JSON)
			rc = write_move_json(out, &legal[i], tok, i == 0);
		else
			rc = nt_sink_printf(out, "%s\n", tok);
	}
	if (form == NT_MOVES_JSON && rc == 0)
		rc = nt_sink_puts(out, "]}\n");
	return rc;
}

/* notate moves --game bao [POSITION]: the legal moves. */
static int
moves(int argc, char *const argv[], const nt_options *opts, const nt_sink *out,
      const nt_sink *err)
{
	bao_rules r;
	char why[300];
	if (bao_rules_from_options(&r, opts, why, sizeof why) != 0) {
		nt_sink_printf(err, "notate: --rule: %s\n", why);
		return 1;
	}
	bao_pos p;
	if (argc == 0) {
		bao_pos_initial(&p);
	} else {
		/* The five fields may come as one argument or as five. */
		char text[BAO_POS_TEXT + 64];
		size_t len = 0;
		for (int i = 0; i < argc; i++) {
			size_t n = strlen(argv[i]);
			if (len + n + 2 > sizeof text) {
				len = sizeof text;
				break;
			}
			if (i > 0)
				text[len++] = ' ';
			memcpy(text + len, argv[i], n);
			len += n;
		}
		if (len >= sizeof text ||
		    bao_pos_parse(&p, text, len, why, sizeof why) != 0) {
			char q[120];
			nt_quote(q, sizeof q, text, len < sizeof text ? len : 80);
			nt_sink_printf(err, "notate: '%s' is not a BaoPOS position: %s\n",
			               q, len >= sizeof text ? "it is too long" : why);
			return 1;
		}
	}
	bao_legal *legal = malloc(BAO_MAX_MOVES * sizeof *legal);
	if (legal == NULL)
		return 1;
	bao_game g;
	bao_game_start(&g, &r, &p);
	int n = g.over == BAO_ONGOING ? bao_generate(&r, &p, legal) : 0;
	int rc = write_moves(out, opts->moves_form, &p, legal, n);
	free(legal);
	if (rc != 0)
		nt_sink_printf(err, "notate: cannot write the list\n");
	return rc != 0;
}

/* A rule choice of the command line, checked before any file is read. */
static int
check_rule(const char *item, char *why, size_t whysize)
{
	bao_rules r;
	bao_rules_default(&r);
	return bao_rules_set(&r, item, why, whysize);
}

const struct nt_game nt_game_bao = {
	.name = "bao",
	.title = "Bao la Kiswahili (four-row mancala, BaoAN-1)",
	.extensions = extensions,
	.forms = forms,
	.codes = codes,
	.sniff = sniff,
	.check = check,
	.convert = convert,
	.show = show,
	.format = format,
	.stats = stats,
	.moves = moves,
	.check_rule = check_rule,
	.generate = bao_generate_record,
	.one_game_per_file = 1,
};
