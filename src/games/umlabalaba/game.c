/* The Umlabalaba game module: what the core sees of it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/catalogue.h"
#include "core/game.h"
#include "games/umlabalaba/detect.h"
#include "games/umlabalaba/pgn_game.h"
#include "games/umlabalaba/record.h"

static const char *const extensions[] = { ".umla", ".uml", NULL };
/* Chess and other games are written in PGN too: the content decides. */
static const char *const shared_extensions[] = { ".pgn", NULL };
static const char *const forms[] = { "electronic", "plain", "pgn", NULL };

const nt_code_info um_codes[] = {
#define NT_CODE(...) NT_CODE_ENTRY(__VA_ARGS__)
#include "games/umlabalaba/codes.def"
#undef NT_CODE
	NT_CODE_END
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
	return moves >= 3 ? 60 : um_pgn_sniff_text_score(text, size);
}

static int
claims(const unsigned char *head, size_t size, char *what, size_t whatsize)
{
	return um_pgn_claims(head, size, what, whatsize);
}

static int
run_umla(nt_run *run, int mode, const char *form, long show_move, int view,
         long show_row)
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
	p->show_row = show_row;
	int rc = um_parse_all(p);
	if (rc == 0 && mode == UM_CONVERT && (p->unconvertible ||
	                                      p->lx.in.echo_failed))
		rc = 1;
	rc = um_replayed(run, &p->game, p->moves_played, rc, p->bad_header,
	                 mode == UM_SHOW ? view : -1, show_move, show_row);
	um_parse_free(p);
	free(p);
	return rc;
}

/* Each form has its reader; a conversion to PGN reads .umla into the
 * PGN writer. */
static int
run_mode(nt_run *run, int mode, const char *form, long show_move, int view,
         long show_row)
{
	um_source *s = malloc(sizeof *s);
	if (s == NULL || um_source_open(s, run) != 0) {
		free(s);
		return -1;
	}
	int rc;
	if (s->pgn)
		rc = um_pgn_run(run, mode, form, show_move, view, show_row);
	else if (form != NULL && strcmp(form, "pgn") == 0)
		rc = um_umla_to_pgn(run);
	else
		rc = run_umla(run, mode, form, show_move, view, show_row);
	um_source_close(s);
	free(s);
	return rc;
}

static int
check(nt_run *run)
{
	return run_mode(run, UM_CHECK, NULL, -1, 0, 0);
}

static int
convert(nt_run *run, const char *form)
{
	return run_mode(run, UM_CONVERT, form, -1, 0, 0);
}

/* The figures of notate stats, for the game as far as it was replayed;
 * RESULT is the result as the record writes results. */
void
um_report_stats(const um_game *g, long moves, const char *result,
                nt_stat_fn fn, void *user)
{
	char how[160];
	fn(user, 1, "result", 0, result);
	fn(user, 1, "moves", moves, NULL);
	for (int s = 0; s < 2; s++) {
		/* The sides as the record names them. */
		char side[16];
		snprintf(side, sizeof side, "%s", um_game_side(g, s));
		for (char *c = side; *c; c++)
			if (*c >= 'A' && *c <= 'Z')
				*c = (char)(*c - 'A' + 'a');
		char name[32];
		snprintf(name, sizeof name, "%s_placements", side);
		fn(user, 1, name, g->placed[s], NULL);
		snprintf(name, sizeof name, "%s_moves", side);
		fn(user, 1, name, g->moved[s], NULL);
		snprintf(name, sizeof name, "%s_flights", side);
		fn(user, 1, name, g->flown[s], NULL);
		snprintf(name, sizeof name, "%s_mills", side);
		fn(user, 1, name, g->mills_formed[s], NULL);
		snprintf(name, sizeof name, "%s_captures", side);
		fn(user, 1, name, g->captures[s], NULL);
		snprintf(name, sizeof name, "%s_ilobola", side);
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
stats_umla(nt_run *run, nt_stat_fn fn, void *user)
{
	um_parse *p = malloc(sizeof *p);
	if (p == NULL || um_parse_run(p, run, UM_CHECK) != 0) {
		free(p);
		return -1;
	}
	int rc = um_parse_all(p);
	um_report_stats(&p->game, p->moves_played, p->stopped || p->bad_header
	                ? "?" : um_result_text(p->game.result), fn, user);
	um_parse_free(p);
	free(p);
	return rc;
}

static int
stats(nt_run *run, nt_stat_fn fn, void *user)
{
	um_source *s = malloc(sizeof *s);
	if (s == NULL || um_source_open(s, run) != 0) {
		free(s);
		return -1;
	}
	int rc = s->pgn ? um_pgn_stats(run, fn, user) : stats_umla(run, fn, user);
	um_source_close(s);
	free(s);
	return rc;
}

/* The canonical form: every point in the form the Notation header names
 * (plain when it names none); all else byte for byte, as convert. */
static int
format(nt_run *run)
{
	return run_mode(run, UM_CONVERT, "declared", -1, 0, 0);
}

static int
show(nt_run *run, const nt_show_request *req)
{
	/* A .umla file holds one game; its turns are its plies. */
	if (req->game_no > 1)
		return -4;
	return run_mode(run, UM_SHOW, NULL, req->move >= 0 ? req->move : req->ply,
	                req->svg ? UM_VIEW_SVG : req->json ? UM_VIEW_JSON
	                                                   : UM_VIEW_TEXT, req->row);
}

const struct nt_game nt_game_umlabalaba = {
	.name = "umlabalaba",
	.title = "Umlabalaba (Zulu twelve men's morris, Morabaraba)",
	.extensions = extensions,
	.shared_extensions = shared_extensions,
	.claims = claims,
	.forms = forms,
	.codes = um_codes,
	.sniff = sniff,
	.check = check,
	.convert = convert,
	.show = show,
	.format = format,
	.stats = stats,
	.moves = NULL,
	.generate = um_generate,
	.one_game_per_file = 1,
	.layout_code = &um_codes[UM_LAYOUT],
};
