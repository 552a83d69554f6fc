/*
 * notate stats: each game's figures as the game module reports them (one
 * line of name=value, one JSON object, or one CSV row per game), then
 * totals over all files with every result tallied.  With --matches, a
 * report per match file and per player instead, from the record facts
 * (players, match length, results) and the figures.  With select's
 * criteria, only the games they choose are written and counted.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/select.h"

#define MAX_FIGURES 64
#define TEXT_MAX 512

typedef struct figure {
	char name[48];
	long value;
	char text[TEXT_MAX];
	int is_text;
} figure;

/* One game: its facts and its figures, written when both are in. */
typedef struct game_row {
	long game;                 /* 0: none pending */
	char result[TEXT_MAX];
	char player[2][TEXT_MAX];
	int winner;                /* 1, 2, 0 a draw, -1 none */
	long points;
	long score[2];
	int has_score;
	int forfeit;
	figure fig[MAX_FIGURES];
	int nfig;
	int figs_cut;              /* more figures than kept (said, not hidden) */
} game_row;

/* One record file: a match, or a game for the games of one per file. */
typedef struct match_row {
	char player[2][TEXT_MAX];
	long length;               /* -1: the game has no match length */
	long games;
	int winner;                /* of the last game */
	int has_score;
	long score[2];
	int forfeit;
} match_row;

/* Every result seen, however many kinds (a growing table). */
typedef struct tally {
	char **result;
	long *count;
	size_t n, cap;
} tally;

/* What one player did, over every match file. */
typedef struct player {
	char *name;
	long matches, matches_won, games, games_won;
	long points_won, points_lost, gammons, backgammons;
	long offered, taken, passed;
} player;

typedef struct players {
	player *v;
	size_t n, cap;
} players;

typedef struct stats_run {
	cli *c;
	tally results;
	players who;
	int csv_header;            /* the CSV header is written */
	char csv_names[MAX_FIGURES][48];   /* ... with these figures */
	int csv_nnames;
	const nt_game *csv_game;
	long long chosen_games;    /* with criteria: the games chosen */
	long long chosen_moves;    /* ... and their moves */
} stats_run;

typedef struct stats_ctx {
	stats_run *run;
	const char *file;
	const nt_game *game;
	game_row row;
	match_row match;
	/* With criteria: select's matcher, and the games it chose so far
	   (one byte a game of the file). */
	sel_match *sel;
	unsigned char *chosen;
	size_t nchosen;
	int emit;                  /* diagnostics are written (not -q) */
} stats_ctx;

static void
no_memory(void)
{
	perror("notate");
	exit(EXIT_INTERNAL);
}

static void
copy_text(char *dst, const char *src, size_t len)
{
	if (len >= TEXT_MAX)
		len = TEXT_MAX - 1;
	memcpy(dst, src, len);
	dst[len] = '\0';
}

/* --- the results tally -------------------------------------------- */

static void
count_result(tally *t, const char *result)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->result[i], result) == 0) {
			t->count[i]++;
			return;
		}
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 32;
		char **r = realloc(t->result, cap * sizeof *r);
		if (r == NULL)
			no_memory();
		t->result = r;
		long *k = realloc(t->count, cap * sizeof *k);
		if (k == NULL)
			no_memory();
		t->count = k;
		t->cap = cap;
	}
	t->result[t->n] = strdup(result);
	if (t->result[t->n] == NULL)
		no_memory();
	t->count[t->n++] = 1;
}

static void
tally_free(tally *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->result[i]);
	free(t->result);
	free(t->count);
}

/* --- players ---------------------------------------------------------- */

static player *
find_player(players *ps, const char *name)
{
	for (size_t i = 0; i < ps->n; i++)
		if (strcmp(ps->v[i].name, name) == 0)
			return &ps->v[i];
	if (ps->n == ps->cap) {
		size_t cap = ps->cap ? ps->cap * 2 : 32;
		player *v = realloc(ps->v, cap * sizeof *v);
		if (v == NULL)
			no_memory();
		ps->v = v;
		ps->cap = cap;
	}
	player *p = &ps->v[ps->n++];
	memset(p, 0, sizeof *p);
	p->name = strdup(name);
	if (p->name == NULL)
		no_memory();
	return p;
}

static long
figure_of(const game_row *r, const char *name)
{
	for (int i = 0; i < r->nfig; i++)
		if (!r->fig[i].is_text && strcmp(r->fig[i].name, name) == 0)
			return r->fig[i].value;
	return 0;
}

static const char *
text_figure(const game_row *r, const char *name)
{
	for (int i = 0; i < r->nfig; i++)
		if (r->fig[i].is_text && strcmp(r->fig[i].name, name) == 0)
			return r->fig[i].text;
	return "";
}

/*
 * How many times the cube the game was won by: 2 a gammon, 3 a
 * backgammon.  On the board the figures say; a resignation counts when its
 * points are exactly 2 or 3 times the cube.
 */
static int
win_multiple(const game_row *r)
{
	const char *win = text_figure(r, "win");
	if (strcmp(win, "gammon") == 0)
		return 2;
	if (strcmp(win, "backgammon") == 0)
		return 3;
	long cube = figure_of(r, "cube");
	if (strcmp(win, "resignation") == 0 && cube > 0 &&
	    (r->points == 2 * cube || r->points == 3 * cube))
		return (int)(r->points / cube);
	return 1;
}

static void
count_players_game(players *ps, const game_row *r)
{
	if (r->player[0][0] == '\0' || r->player[1][0] == '\0')
		return;
	static const char *const cube[2][3] = {
		{ "left_offers", "left_takes", "left_passes" },
		{ "right_offers", "right_takes", "right_passes" }
	};
	for (int side = 0; side < 2; side++) {
		player *p = find_player(ps, r->player[side]);
		p->games++;
		p->offered += figure_of(r, cube[side][0]);
		p->taken += figure_of(r, cube[side][1]);
		p->passed += figure_of(r, cube[side][2]);
		if (r->winner == side + 1) {
			int m = win_multiple(r);
			p->games_won++;
			p->points_won += r->points;
			p->gammons += m == 2;
			p->backgammons += m == 3;
		} else if (r->winner == 2 - side) {
			p->points_lost += r->points;
		}
	}
}

/* The winner of the match: who reached its length, or won the game where
 * the loser conceded it; for a file of one game, that game's winner. */
static int
match_winner(const match_row *m)
{
	if (m->length < 0 || m->forfeit)
		return m->winner;
	if (m->length == 0 || !m->has_score)
		return -1;
	for (int s = 0; s < 2; s++)
		if (m->score[s] >= m->length)
			return s + 1;
	return -1;
}

static void
count_players_match(players *ps, const match_row *m)
{
	if (m->player[0][0] == '\0' || m->player[1][0] == '\0')
		return;
	int w = match_winner(m);
	for (int side = 0; side < 2; side++) {
		player *p = find_player(ps, m->player[side]);
		p->matches++;
		p->matches_won += w == side + 1;
	}
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(((const player *)a)->name, ((const player *)b)->name);
}

static void
players_free(players *ps)
{
	for (size_t i = 0; i < ps->n; i++)
		free(ps->v[i].name);
	free(ps->v);
}

/* --- CSV -------------------------------------------------------------- */

/* A field as RFC 4180 has it: quoted when it holds a comma, a quote or a
 * line break, with quotes doubled. */
static void
csv_field(FILE *out, const char *s)
{
	if (strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

static const char *const csv_columns[] = {
	"kind", "file", "game", "games", "player1", "player2", "match_length",
	"result", "winner", "points", "score1", "score2", "forfeit", NULL
};

static int
csv_header(stats_ctx *x)
{
	stats_run *run = x->run;
	FILE *out = run->c->out;
	if (run->csv_header) {
		if (x->game == run->csv_game)
			return 0;
		/* One table has one set of columns. */
		fprintf(stderr, "notate: %s: stats -f csv takes records of one game "
		        "(this is %s, the table's is %s)\n", x->file,
		        nt_game_name(x->game), nt_game_name(run->csv_game));
		raise_status(run->c, EXIT_USAGE);
		return -1;
	}
	run->csv_header = 1;
	run->csv_game = x->game;
	for (int i = 0; csv_columns[i] != NULL; i++)
		fprintf(out, "%s%s", i ? "," : "", csv_columns[i]);
	/* The result is a column of its own already. */
	for (int i = 0; i < x->row.nfig; i++) {
		if (strcmp(x->row.fig[i].name, "result") == 0)
			continue;
		snprintf(run->csv_names[run->csv_nnames++], sizeof run->csv_names[0],
		         "%s", x->row.fig[i].name);
		fprintf(out, ",%s", x->row.fig[i].name);
	}
	fputc('\n', out);
	return 0;
}

static void
csv_number(FILE *out, int known, long v)
{
	fputc(',', out);
	if (known)
		fprintf(out, "%ld", v);
}

static void
csv_common(FILE *out, const char *kind, const char *file)
{
	fprintf(out, "%s,", kind);
	csv_field(out, file);
	fputc(',', out);
}

static void
csv_game_row(stats_ctx *x)
{
	if (csv_header(x) != 0)
		return;
	FILE *out = x->run->c->out;
	const game_row *r = &x->row;
	csv_common(out, "game", x->file);
	fprintf(out, "%ld,,", r->game);
	csv_field(out, r->player[0]);
	fputc(',', out);
	csv_field(out, r->player[1]);
	csv_number(out, x->match.length >= 0, x->match.length);
	fputc(',', out);
	csv_field(out, r->result);
	csv_number(out, r->winner >= 0, r->winner);
	csv_number(out, r->winner > 0 && r->has_score, r->points);
	csv_number(out, r->has_score, r->score[0]);
	csv_number(out, r->has_score, r->score[1]);
	fprintf(out, ",%d", r->forfeit);
	/* Figures by the header's names: a game that gives fewer leaves
	   those cells empty, one that gives others is told. */
	for (int k = 0; k < x->run->csv_nnames; k++) {
		fputc(',', out);
		for (int i = 0; i < r->nfig; i++)
			if (strcmp(r->fig[i].name, x->run->csv_names[k]) == 0) {
				if (r->fig[i].is_text)
					csv_field(out, r->fig[i].text);
				else
					fprintf(out, "%ld", r->fig[i].value);
				break;
			}
	}
	fputc('\n', out);
}

static void
csv_match_row(stats_ctx *x)
{
	if (csv_header(x) != 0)
		return;
	FILE *out = x->run->c->out;
	const match_row *m = &x->match;
	csv_common(out, "match", x->file);
	fprintf(out, ",%ld,", m->games);
	csv_field(out, m->player[0]);
	fputc(',', out);
	csv_field(out, m->player[1]);
	csv_number(out, m->length >= 0, m->length);
	fputc(',', out);
	int w = match_winner(m);
	csv_number(out, w >= 0, w);
	fputc(',', out);
	csv_number(out, m->has_score, m->score[0]);
	csv_number(out, m->has_score, m->score[1]);
	fprintf(out, ",%d", m->forfeit);
	for (int k = 0; k < x->run->csv_nnames; k++)
		fputc(',', out);
	fputc('\n', out);
}

/* --- text and JSON ---------------------------------------------------- */

static void
plain_game_line(stats_ctx *x)
{
	FILE *out = x->run->c->out;
	const game_row *r = &x->row;
	int json = x->run->c->format == EMIT_JSON;
	if (json) {
		fputs("{\"file\":", out);
		emit_json_string(out, x->file);
		fprintf(out, ",\"game\":%ld", r->game);
	} else {
		fprintf(out, "%s: game %ld:", x->file, r->game);
	}
	for (int i = 0; i < r->nfig; i++) {
		const figure *f = &r->fig[i];
		if (json) {
			fprintf(out, ",\"%s\":", f->name);
			if (f->is_text)
				emit_json_string(out, f->text);
			else
				fprintf(out, "%ld", f->value);
		} else if (f->is_text) {
			fprintf(out, " %s=\"%s\"", f->name, f->text);
		} else {
			fprintf(out, " %s=%ld", f->name, f->value);
		}
	}
	if (r->figs_cut)
		fprintf(out, json ? ",\"figures_cut\":true" : " (more figures than "
		        "%d: the rest is not shown)", MAX_FIGURES);
	fputs(json ? "}\n" : "\n", out);
}

/* The matcher has chosen GAME: it is counted when its row is written. */
static void
on_chosen(void *ctx, long game, long moves)
{
	stats_ctx *x = ctx;
	if ((size_t)game >= x->nchosen) {
		size_t n = x->nchosen ? x->nchosen : 64;
		while (n <= (size_t)game)
			n *= 2;
		unsigned char *p = realloc(x->chosen, n);
		if (p == NULL)
			no_memory();
		memset(p + x->nchosen, 0, n - x->nchosen);
		x->chosen = p;
		x->nchosen = n;
	}
	x->chosen[game] = 1;
	x->run->chosen_games++;
	x->run->chosen_moves += moves;
}

static int
game_chosen(const stats_ctx *x, long game)
{
	return x->sel == NULL ||
	       (game > 0 && (size_t)game < x->nchosen && x->chosen[game]);
}

static void
flush_game(stats_ctx *x)
{
	game_row *r = &x->row;
	if (r->game == 0)
		return;
	stats_run *run = x->run;
	/* A file's players are those of its games (Umlabalaba's and Bao's
	   tags come as facts of game 1; backgammon's with every game). */
	for (int s = 0; s < 2; s++)
		if (r->player[s][0] != '\0')
			memcpy(x->match.player[s], r->player[s], TEXT_MAX);
		else
			memcpy(r->player[s], x->match.player[s], TEXT_MAX);
	if (!game_chosen(x, r->game)) {
		memset(r, 0, sizeof *r);
		r->winner = -1;
		return;
	}
	const char *result = text_figure(r, "result");
	count_result(&run->results, result);
	x->match.games++;
	x->match.winner = r->winner;
	x->match.forfeit |= r->forfeit;
	if (r->has_score) {
		x->match.has_score = 1;
		x->match.score[0] = r->score[0];
		x->match.score[1] = r->score[1];
	}
	count_players_game(&run->who, r);
	if (run->c->csv)
		csv_game_row(x);
	else if (!run->c->matches)
		plain_game_line(x);
	memset(r, 0, sizeof *r);
	r->winner = -1;
}

/* Facts and figures of game GAME: the one before it is complete. */
static game_row *
row_for(stats_ctx *x, long game)
{
	if (x->row.game != game && x->row.game != 0 && (x->row.nfig > 0 ||
	                                                 game > x->row.game))
		flush_game(x);
	if (x->row.game == 0) {
		memset(&x->row, 0, sizeof x->row);
		x->row.winner = -1;
		x->row.game = game;
	}
	return &x->row;
}

static void
on_stat(void *user, long game, const char *name, long value, const char *text)
{
	stats_ctx *x = user;
	/* The matcher first: a game is decided before its row is written. */
	if (x->sel != NULL)
		sel_match_stat(x->sel, game, name, value, text);
	if (x->row.game != game && x->row.nfig > 0)
		flush_game(x);
	game_row *r = row_for(x, game);
	if (r->nfig == MAX_FIGURES) {
		r->figs_cut = 1;
		return;
	}
	figure *f = &r->fig[r->nfig++];
	snprintf(f->name, sizeof f->name, "%s", name);
	f->value = value;
	f->is_text = text != NULL;
	if (text != NULL)
		copy_text(f->text, text, strlen(text));
}

static void
on_fact(void *user, const nt_fact *f)
{
	stats_ctx *x = user;
	if (x->sel != NULL)
		sel_match_fact(x->sel, f);
	if (f->kind != NT_FACT_RECORD)
		return;
	if (f->game == 0) {
		if (strcmp(f->key, "match_length") == 0)
			x->match.length = f->number;
		return;
	}
	game_row *r = row_for(x, f->game);
	if (strcmp(f->key, "player1") == 0 || strcmp(f->key, "player2") == 0)
		copy_text(r->player[f->key[6] - '1'], f->value, f->value_len);
	else if (strcmp(f->key, "result") == 0)
		copy_text(r->result, f->value, f->value_len);
	else if (strcmp(f->key, "winner") == 0)
		r->winner = (int)f->number;
	else if (strcmp(f->key, "points") == 0)
		r->points = f->number;
	else if (strcmp(f->key, "score1") == 0 || strcmp(f->key, "score2") == 0) {
		r->score[f->key[5] - '1'] = f->number;
		r->has_score = 1;
	} else if (strcmp(f->key, "forfeit") == 0)
		r->forfeit = 1;
}

/* One line per match file: who played, to how many points, who won. */
static void
match_line(stats_ctx *x)
{
	FILE *out = x->run->c->out;
	const match_row *m = &x->match;
	int w = match_winner(m);
	if (x->run->c->format == EMIT_JSON) {
		fputs("{\"match\":{\"file\":", out);
		emit_json_string(out, x->file);
		fputs(",\"player1\":", out);
		emit_json_string(out, m->player[0]);
		fputs(",\"player2\":", out);
		emit_json_string(out, m->player[1]);
		if (m->length >= 0)
			fprintf(out, ",\"match_length\":%ld", m->length);
		fprintf(out, ",\"games\":%ld,\"winner\":", m->games);
		if (w >= 0)
			fprintf(out, "%d", w);
		else
			fputs("null", out);
		if (m->has_score)
			fprintf(out, ",\"score1\":%ld,\"score2\":%ld", m->score[0],
			        m->score[1]);
		fprintf(out, ",\"forfeit\":%s}}\n", m->forfeit ? "true" : "false");
		return;
	}
	fprintf(out, "%s: %s - %s", x->file, m->player[0][0] ? m->player[0] : "?",
	        m->player[1][0] ? m->player[1] : "?");
	if (m->length > 0)
		fprintf(out, ", %ld-point match", m->length);
	else if (m->length == 0)
		fputs(", money session", out);
	fprintf(out, ", %ld game%s", m->games, m->games == 1 ? "" : "s");
	if (m->has_score)
		fprintf(out, ", final score %ld-%ld", m->score[0], m->score[1]);
	if (w > 0)
		fprintf(out, ", won by %s", m->player[w - 1][0] ? m->player[w - 1]
		        : w == 1 ? "player 1" : "player 2");
	else if (w == 0)
		fputs(", drawn", out);
	else
		fputs(", not finished", out);
	if (m->forfeit)
		fputs(" (forfeited)", out);
	fputc('\n', out);
}

static void
stats_diag(void *user, const nt_diag *d)
{
	stats_ctx *x = user;
	if (x->sel != NULL)
		sel_match_diag(x->sel, d);
	if (x->emit)
		emit_diag(&x->run->c->em, d);
}

static void
stats_move(void *user, const nt_move *m)
{
	stats_ctx *x = user;
	sel_match_move(x->sel, m);
}

static void
stats_one(cli *c, const char *path, void *ctx)
{
	stats_run *run = ctx;
	input in;
	if (cli_open(c, path, &in) != 0)
		return;
	nt_handler h;
	cli_handler(c, stderr, &h);
	stats_ctx *x = calloc(1, sizeof *x);
	if (x == NULL)
		no_memory();
	x->run = run;
	x->file = in.name;
	x->game = in.game;
	x->match.length = -1;
	x->match.winner = -1;
	/* Diagnostics go on to the emitter; facts and figures come here. */
	x->emit = h.on_diag != NULL;
	h.on_diag = h.on_diag != NULL ? stats_diag : NULL;
	h.on_fact = on_fact;
	h.user = x;
	if (c->sel.given) {
		/* The criteria see every diagnostic and move, also under -q. */
		x->sel = sel_match_new(&c->sel, in.name, on_chosen, x);
		h.on_diag = stats_diag;
		h.on_move = stats_move;
	}
	nt_summary s;
	int rc = nt_stats(in.game, &in.src, &in.set->opts, &h, on_stat, x, &s);
	if (x->sel != NULL)
		sel_match_end(x->sel, s.games);
	flush_game(x);
	if (rc == -2) {
		fprintf(stderr, "notate: %s: %s has no statistics\n", in.name,
		        nt_game_name(in.game));
		raise_status(c, EXIT_USAGE);
	} else {
		if (c->csv && x->match.games > 0)
			csv_match_row(x);
		else if (c->matches && x->match.games > 0)
			match_line(x);
		if (x->match.games > 0)
			count_players_match(&run->who, &x->match);
		cli_account(c, in.set, in.name, rc, &s);
	}
	if (x->sel != NULL)
		sel_match_free(x->sel);
	free(x->chosen);
	free(x);
	cli_close(c, &in);
}

/* Per player, over every match file read. */
static void
player_report(stats_run *run)
{
	FILE *out = run->c->out;
	players *ps = &run->who;
	qsort(ps->v, ps->n, sizeof *ps->v, by_name);
	int json = run->c->format == EMIT_JSON;
	if (!json && ps->n > 0)
		fputs("players:\n", out);
	for (size_t i = 0; i < ps->n; i++) {
		const player *p = &ps->v[i];
		if (json) {
			fputs("{\"player\":{\"name\":", out);
			emit_json_string(out, p->name);
			fprintf(out, ",\"matches\":%ld,\"matches_won\":%ld,\"games\":%ld,"
			        "\"games_won\":%ld,\"points_won\":%ld,\"points_lost\":%ld,"
			        "\"gammons\":%ld,\"backgammons\":%ld,\"cubes_offered\":%ld,"
			        "\"cubes_taken\":%ld,\"cubes_passed\":%ld}}\n", p->matches,
			        p->matches_won, p->games, p->games_won, p->points_won,
			        p->points_lost, p->gammons, p->backgammons, p->offered,
			        p->taken, p->passed);
		} else {
			fprintf(out, "  %s: %ld match%s (%ld won), %ld game%s (%ld won), "
			        "points %ld won %ld lost, %ld gammon%s, %ld backgammon%s, "
			        "cubes %ld offered %ld taken %ld passed\n", p->name,
			        p->matches, p->matches == 1 ? "" : "es", p->matches_won,
			        p->games, p->games == 1 ? "" : "s", p->games_won,
			        p->points_won, p->points_lost, p->gammons,
			        p->gammons == 1 ? "" : "s", p->backgammons,
			        p->backgammons == 1 ? "" : "s", p->offered, p->taken,
			        p->passed);
		}
	}
}

static void
totals(stats_run *run)
{
	FILE *out = run->c->out;
	emit_totals chosen = run->c->totals;
	/* With criteria, the games and moves are those chosen. */
	if (run->c->sel.given) {
		chosen.games = run->chosen_games;
		chosen.moves = run->chosen_moves;
	}
	const emit_totals *t = &chosen;
	const tally *results = &run->results;
	if (run->c->format == EMIT_JSON) {
		fprintf(out, "{\"summary\":{\"files\":%lld,\"games\":%lld,"
		        "\"moves\":%lld,\"errors\":%lld,\"results\":{", t->files,
		        t->games, t->moves, t->errors);
		for (size_t i = 0; i < results->n; i++) {
			fputs(i ? "," : "", out);
			emit_json_string(out, results->result[i]);
			fprintf(out, ":%ld", results->count[i]);
		}
		fputs("}}}\n", out);
		return;
	}
	fprintf(out, "%lld file%s, %lld game%s, %lld move%s; results:",
	        t->files, t->files == 1 ? "" : "s", t->games,
	        t->games == 1 ? "" : "s", t->moves, t->moves == 1 ? "" : "s");
	for (size_t i = 0; i < results->n; i++)
		fprintf(out, "%s %s %ld", i ? "," : "", results->result[i],
		        results->count[i]);
	fputs("\n", out);
}

int
cmd_stats(cli *c)
{
	if (c->nfiles == 0)
		usage_error("stats needs a FILE (or - for standard input)%s", "");
	if (c->format != EMIT_GNU && c->format != EMIT_JSON)
		usage_error("stats writes text, json or csv%s", "");
	if (c->csv && c->matches)
		usage_error("-f csv has a row per match already; --matches is for "
		            "text and json%s", "");
	cli_output_open(c);
	stats_run *run = calloc(1, sizeof *run);
	if (run == NULL)
		no_memory();
	run->c = c;
	/* Diagnostics, and inputs that cannot be read, go to standard error
	   in the chosen format; the figures and their summary to the output. */
	nt_handler h;
	cli_handler(c, stderr, &h);
	if (!c->quiet)
		emit_begin(&c->em);
	cli_each_path(c, stats_one, run);
	if (c->matches)
		player_report(run);
	if (!c->csv)
		totals(run);
	tally_free(&run->results);
	players_free(&run->who);
	free(run);
	return c->status;
}
