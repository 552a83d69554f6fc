/* The Bao la Kiswahili game module: what the core sees of it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/catalogue.h"
#include "core/game.h"
#include "games/bao/record.h"

static const char *const extensions[] = { ".bao", NULL };
static const char *const forms[] = { "bao", NULL };

const nt_code_info bao_codes[] = {
#define NT_CODE(...) NT_CODE_ENTRY(__VA_ARGS__)
#include "games/bao/codes.def"
#undef NT_CODE
	NT_CODE_END
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
moves(const nt_moves_request *request, const nt_options *opts,
      const nt_sink *out, const nt_sink *err)
{
	bao_rules r;
	char why[300];
	if (bao_rules_from_options(&r, opts, why, sizeof why) != 0) {
		nt_sink_printf(err, "notate: --rule: %s\n", why);
		return 1;
	}
	bao_pos p;
	const char *text = request->position;
	if (text == NULL) {
		bao_pos_initial(&p);
	} else {
		size_t len = strlen(text);
		if (len >= BAO_POS_TEXT + 64 ||
		    bao_pos_parse(&p, text, len, why, sizeof why) != 0) {
			char q[120];
			nt_quote(q, sizeof q, text, len < BAO_POS_TEXT + 64 ? len : 80);
			nt_sink_printf(err, "notate: '%s' is not a BaoPOS position: %s\n",
			               q, len >= BAO_POS_TEXT + 64 ? "it is too long" : why);
			return 1;
		}
	}
	bao_legal *legal = malloc(BAO_MAX_MOVES * sizeof *legal);
	if (legal == NULL)
		return 1;
	bao_game g;
	bao_game_start(&g, &r, &p);
	int n = g.over == BAO_ONGOING ? bao_generate(&r, &p, legal) : 0;
	int rc = write_moves(out, request->form, &p, legal, n);
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
	.codes = bao_codes,
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
	.layout_code = &bao_codes[BAO_LAYOUT],
};
