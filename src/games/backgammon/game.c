/* The backgammon game module: what the core sees of it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/game.h"
#include "games/backgammon/bg_engine.h"
#include "games/backgammon/codes.h"
#include "games/backgammon/forms.h"
#include "games/backgammon/record.h"
#include "games/backgammon/replay.h"
#include "games/backgammon/session.h"

static const char *const extensions[] = { ".mat", ".bg", ".sgf", ".xg", ".xgp", NULL };
static const char *const forms[] = { "mat", "sheet", "sgf", NULL };

const nt_code_info bg_codes[] = {
#define NT_CODE(...) NT_CODE_ENTRY(__VA_ARGS__)
#include "games/backgammon/codes.def"
#undef NT_CODE
	NT_CODE_END
};

/* A match file: ' N point match' and ' Game 1' near the start; an
   eXtreme Gammon file, which starts with RGMH; an SGF file: '(' first
   (forms.h). */
static int
sniff(const unsigned char *head, size_t size)
{
	int form = bg_input_form(NULL, head, size);
	if (form == BG_INPUT_XG)
		return 100;
	if (form == BG_INPUT_SGF)
		return 95;
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
	/* A backgammon game counts actions and rows, not plies. */
	if (req->ply >= 0)
		return -5;
	return bg_session_run(run, BG_SESSION_SHOW, NULL, req);
}

/* The canonical form of a record is the one its name says (.bg a sheet,
 * .sgf SGF, in any case); a name that says none leaves the input's own
 * (SGF stays SGF, mat or sheet become mat). */
static const nt_ext_form fmt_forms[] = {
	{ ".mat", "mat" }, { ".bg", "sheet" }, { ".sgf", "sgf" }, { NULL, NULL }
};

static const char *
named_form(const char *name)
{
	size_t n = name != NULL ? strlen(name) : 0;
	for (const nt_ext_form *e = fmt_forms; e->extension != NULL; e++) {
		size_t k = strlen(e->extension);
		if (n > k && strcasecmp(name + n - k, e->extension) == 0)
			return e->form;
	}
	return NULL;
}

static int
format(nt_run *run)
{
	return bg_session_run(run, BG_SESSION_FORMAT, named_form(run->src->name),
	                      NULL);
}

static int
extract(nt_run *run, const char *form, const nt_pick *pick)
{
	/* The input's own form is the one its name says, as for fmt; a game
	   of an SGF or XG file is written as mat (no SGF writer takes part
	   of a game tree's collection). */
	const char *own = named_form(run->src->name);
	if (form == NULL)
		form = own != NULL && strcmp(own, "sgf") != 0 ? own : "mat";
	return bg_session_extract(run, form, pick);
}

static int
stats(nt_run *run, nt_stat_fn fn, void *user)
{
	return bg_session_stats(run, fn, user);
}

const struct nt_game nt_game_backgammon = {
	.name = "backgammon",
	.title = "Backgammon (GNU Backgammon .mat and .sgf match files, .bg score "
	         "sheets and eXtreme Gammon .xg files)",
	.extensions = extensions,
	.forms = forms,
	.codes = bg_codes,
	.sniff = sniff,
	.check = check,
	.convert = convert,
	.show = show,
	.format = format,
	.stats = stats,
	.moves = bg_moves_command,
	.fmt_forms = fmt_forms,
	/* Old Mac exports end lines with a CR alone. */
	.layout = { 1 },
	.extract = extract,
	.position_key = bg_posid_key,
	.layout_code = &bg_codes[BG_CODE_LAYOUT],
};
