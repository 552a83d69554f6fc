/*
 * notate select: the games of records that meet criteria over what the
 * library reports while it replays them (record facts, tags, figures,
 * diagnostics and moves), listed as FILE:GAME, as JSON Lines, or written
 * as records.  A game is decided when the replay has gone past it, so a
 * file of any size is read once, in bounded memory.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/select.h"

#define SEL_TEXT 512

/* --- options ------------------------------------------------------- */

const char sel_commands_text[] =
	"  select   the games that match criteria (below): as records, --list\n"
	"           as FILE:GAME lines, or -f json\n"
	"  split    FILE...: one file per game, each a record of its own\n"
	"  diff     A B: whether two records are the same games in meaning\n"
	"  find     POSITION FILE|DIR...: where games pass through a position\n"
	"           (a Position ID, a BaoPOS, Umlabalaba's FEN: as show prints)\n"
	"  dedup    FILE|DIR...: group the records that are the same games\n"
;

const char sel_usage_text[] =
	"\nselect and stats (each repeatable: any value; different options: all):\n"
	"      --player GLOB    a player's name (letters in any case)\n"
	"      --winner GLOB    the winner's name\n"
	"      --tag KEY=GLOB   a header tag (KEY=FROM..TO: a range, e.g. dates)\n"
	"      --result GLOB    the result in the game's words (backgammon also\n"
	"                       single, gammon, backgammon, pass, resignation)\n"
	"      --match-length N the match's length (0: money play)\n"
	"      --moves MIN..MAX moves in the game (MIN.., ..MAX, N)\n"
	"      --has CODE       a finding of CODE (a glob) in the game\n"
	"      --legal, --illegal  games without, or with, an error\n"
	"      --list           FILE:GAME lines instead of records\n"
	"      --all            diff: every difference, not only the first\n"
	"  (select, split and find also take --to FORM; split -o PATTERN: {name},\n"
	"   {game}, {ext}, with -n {part}; default '{name}-{game}{ext}')\n";

static const char *
sel_value(int argc, char **argv, int *i, const char *name)
{
	const char *arg = argv[*i];
	size_t n = strlen(name);
	if (arg[n] == '=')
		return arg + n + 1;
	if (*i + 1 >= argc)
		usage_error("option %s needs a value", name);
	return argv[++*i];
}

static int
sel_named(const char *arg, const char *name)
{
	size_t n = strlen(name);
	return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

static void
sel_add(const char **list, int *n, const char *value, const char *name)
{
	if (*n == SEL_MAX)
		usage_error("too many %s options (at most 64)", name);
	list[(*n)++] = value;
}

static long
sel_number(const char *text, size_t len, const char *option)
{
	char buf[32];
	if (len == 0 || len >= sizeof buf)
		usage_error("bad number for %s", option);
	memcpy(buf, text, len);
	buf[len] = '\0';
	char *end;
	errno = 0;
	long v = strtol(buf, &end, 10);
	if (errno != 0 || *end != '\0' || v < 0 || buf[0] == '-' || buf[0] == '+')
		usage_error("bad number for %s", option);
	return v;
}

/* MIN..MAX, MIN.., ..MAX or N (exactly N). */
static sel_range
sel_parse_range(const char *text, const char *option)
{
	sel_range r = { -1, -1 };
	const char *dots = strstr(text, "..");
	if (dots == NULL) {
		r.min = r.max = sel_number(text, strlen(text), option);
		return r;
	}
	if (dots > text)
		r.min = sel_number(text, (size_t)(dots - text), option);
	if (dots[2] != '\0')
		r.max = sel_number(dots + 2, strlen(dots + 2), option);
	if (dots == text && dots[2] == '\0')
		usage_error("%s takes MIN..MAX, MIN.., ..MAX or N", option);
	if (r.min >= 0 && r.max >= 0 && r.min > r.max)
		usage_error("%s: MIN is above MAX", option);
	return r;
}

int
sel_parse_option(sel_opts *o, int argc, char **argv, int *i)
{
	const char *a = argv[*i];
	if (sel_named(a, "--player")) {
		sel_add(o->player, &o->nplayer, sel_value(argc, argv, i, "--player"),
		        "--player");
	} else if (sel_named(a, "--winner")) {
		sel_add(o->winner, &o->nwinner, sel_value(argc, argv, i, "--winner"),
		        "--winner");
	} else if (sel_named(a, "--tag")) {
		const char *t = sel_value(argc, argv, i, "--tag");
		if (strchr(t, '=') == NULL || t[0] == '=')
			usage_error("--tag takes KEY=GLOB, not '%s'", t);
		sel_add(o->tag, &o->ntag, t, "--tag");
	} else if (sel_named(a, "--result")) {
		sel_add(o->result, &o->nresult, sel_value(argc, argv, i, "--result"),
		        "--result");
	} else if (sel_named(a, "--has")) {
		sel_add(o->has, &o->nhas, sel_value(argc, argv, i, "--has"), "--has");
	} else if (sel_named(a, "--match-length")) {
		const char *v = sel_value(argc, argv, i, "--match-length");
		if (o->nlength == SEL_MAX)
			usage_error("too many %s options (at most 64)", "--match-length");
		o->length[o->nlength++] = sel_number(v, strlen(v), "--match-length");
	} else if (sel_named(a, "--moves")) {
		const char *v = sel_value(argc, argv, i, "--moves");
		if (o->nmoves == SEL_MAX)
			usage_error("too many %s options (at most 64)", "--moves");
		o->moves[o->nmoves++] = sel_parse_range(v, "--moves");
	} else if (strcmp(a, "--legal") == 0) {
		o->legal = 1;
	} else if (strcmp(a, "--illegal") == 0) {
		o->illegal = 1;
	} else if (strcmp(a, "--list") == 0) {
		o->list = 1;
		return 1;
	} else if (strcmp(a, "--all") == 0) {
		o->all = 1;
		return 1;
	} else {
		return 0;
	}
	o->given = 1;
	return 1;
}

void
sel_check_command(const sel_opts *o, const char *cmd)
{
	int criteria = strcmp(cmd, "select") == 0 || strcmp(cmd, "stats") == 0;
	if (o->list && strcmp(cmd, "select") != 0)
		usage_error("--list is for select, not %s", cmd);
	if (o->given && !criteria)
		usage_error("--player, --winner, --tag, --result, --match-length, "
		            "--moves, --has, --legal and --illegal are for select "
		            "and stats, not %s", cmd);
	if (o->all && strcmp(cmd, "diff") != 0)
		usage_error("--all is for diff, not %s", cmd);
}

/* --- matching -------------------------------------------------------- */

static void
lower_copy(char *dst, size_t size, const char *src)
{
	size_t i = 0;
	for (; src[i] != '\0' && i + 1 < size; i++)
		dst[i] = (char)(src[i] >= 'A' && src[i] <= 'Z' ? src[i] + 32 : src[i]);
	dst[i] = '\0';
}

/* GLOB matches TEXT, letters in any case (names are spelt many ways). */
static int
glob_any_case(const char *glob, const char *text)
{
	char g[SEL_TEXT], t[SEL_TEXT];
	lower_copy(g, sizeof g, glob);
	lower_copy(t, sizeof t, text);
	return fnmatch(g, t, 0) == 0;
}

/*
 * A tag's value against the pattern after KEY=: FROM..TO (either may be
 * left out) compares as text, so that dates written year first compare
 * as dates, and TO covers everything it begins (2021 takes 2021.06.30);
 * anything else is a glob.
 */
static int
tag_value_matches(const char *pattern, const char *value)
{
	const char *dots = strstr(pattern, "..");
	if (dots == NULL || strpbrk(pattern, "*?[") != NULL)
		return glob_any_case(pattern, value);
	size_t nfrom = (size_t)(dots - pattern);
	const char *to = dots + 2;
	if (nfrom > 0 && strncasecmp(value, pattern, nfrom) < 0 &&
	    strlen(value) >= nfrom)
		return 0;
	if (nfrom > 0 && strlen(value) < nfrom &&
	    strncasecmp(value, pattern, strlen(value)) <= 0)
		return 0;
	if (*to != '\0' && strncasecmp(value, to, strlen(to)) > 0)
		return 0;
	return 1;
}

/* --- one file ---------------------------------------------------------- */

/* What is known of one game (or, as game 0, of the file as a whole). */
typedef struct sel_game {
	long game;                    /* 0: the file (or none open) */
	char player[2][SEL_TEXT];
	char result[SEL_TEXT];
	char win[SEL_TEXT];           /* how it was won, where the game says */
	int winner;                   /* 1, 2, 0 a draw, -1 not known */
	long moves;
	long errors;
	unsigned char tag_hit[SEL_MAX];
	unsigned char has_hit[SEL_MAX];
} sel_game;

typedef struct sel_run {
	cli *c;
	long long chosen;             /* games selected in the run */
} sel_run;

typedef struct sel_file {
	sel_run *run;
	const sel_opts *o;
	const char *name;
	long length;                  /* the match length; -1: none given */
	sel_game file;                /* game 0 */
	sel_game cur;
	long decided;                 /* games decided so far */
	long chosen;                  /* ... and selected */
	sel_writer w;                 /* writing records: the games chosen */
	/* Another command's matcher (stats): told each game chosen, instead
	   of select's writing; RUN is then NULL. */
	sel_chosen_fn fn;
	void *ctx;
} sel_file;

static void
game_open(sel_game *g, long number)
{
	memset(g, 0, sizeof *g);
	g->game = number;
	g->winner = -1;
}

static int
any_glob(const char *const *globs, int n, const char *text)
{
	for (int i = 0; i < n; i++)
		if (glob_any_case(globs[i], text))
			return 1;
	return 0;
}

static int
any_hit(const unsigned char *a, const unsigned char *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] || b[i])
			return 1;
	return n == 0;
}

static const char *
player_of(const sel_file *x, const sel_game *g, int side)
{
	return g->player[side][0] != '\0' ? g->player[side]
	       : x->file.player[side];
}

static int
players_match(const sel_file *x, const sel_game *g)
{
	const sel_opts *o = x->o;
	if (o->nplayer == 0)
		return 1;
	return any_glob(o->player, o->nplayer, player_of(x, g, 0)) ||
	       any_glob(o->player, o->nplayer, player_of(x, g, 1));
}

static int
winner_matches(const sel_file *x, const sel_game *g)
{
	const sel_opts *o = x->o;
	if (o->nwinner == 0)
		return 1;
	if (g->winner != 1 && g->winner != 2)
		return 0;
	return any_glob(o->winner, o->nwinner, player_of(x, g, g->winner - 1));
}

static int
result_matches(const sel_file *x, const sel_game *g)
{
	const sel_opts *o = x->o;
	if (o->nresult == 0)
		return 1;
	return any_glob(o->result, o->nresult, g->result) ||
	       (g->win[0] != '\0' && any_glob(o->result, o->nresult, g->win));
}

static int
length_matches(const sel_file *x)
{
	const sel_opts *o = x->o;
	for (int i = 0; i < o->nlength; i++)
		if (x->length == o->length[i])
			return 1;
	return o->nlength == 0;
}

static int
moves_match(const sel_opts *o, long moves)
{
	for (int i = 0; i < o->nmoves; i++)
		if ((o->moves[i].min < 0 || moves >= o->moves[i].min) &&
		    (o->moves[i].max < 0 || moves <= o->moves[i].max))
			return 1;
	return o->nmoves == 0;
}

static int
game_matches(const sel_file *x, const sel_game *g)
{
	const sel_opts *o = x->o;
	long errors = g->errors + x->file.errors;
	if ((o->legal && !o->illegal && errors > 0) ||
	    (o->illegal && !o->legal && errors == 0))
		return 0;
	return players_match(x, g) && winner_matches(x, g) &&
	       result_matches(x, g) && length_matches(x) &&
	       moves_match(o, g->moves) &&
	       any_hit(g->tag_hit, x->file.tag_hit, o->ntag) &&
	       any_hit(g->has_hit, x->file.has_hit, o->nhas);
}

static void
json_game(FILE *out, const sel_file *x, const sel_game *g)
{
	fputs("{\"file\":", out);
	emit_json_string(out, x->name);
	fprintf(out, ",\"game\":%ld,\"player1\":", g->game);
	emit_json_string(out, player_of(x, g, 0));
	fputs(",\"player2\":", out);
	emit_json_string(out, player_of(x, g, 1));
	if (x->length >= 0)
		fprintf(out, ",\"match_length\":%ld", x->length);
	fputs(",\"result\":", out);
	emit_json_string(out, g->result);
	if (g->winner >= 0)
		fprintf(out, ",\"winner\":%d", g->winner);
	else
		fputs(",\"winner\":null", out);
	fprintf(out, ",\"moves\":%ld,\"errors\":%ld}\n", g->moves,
	        g->errors + x->file.errors);
}

/* The open game is over: selected or not, said at once. */
static void
game_decide(sel_file *x)
{
	sel_game *g = &x->cur;
	if (g->game == 0)
		return;
	x->decided++;
	/* A game without names of its own has its file's (tags of game 1
	   in some games, every game's score line in others). */
	for (int s = 0; s < 2; s++)
		if (g->player[s][0] != '\0')
			memcpy(x->file.player[s], g->player[s], SEL_TEXT);
	if (game_matches(x, g) && x->fn != NULL) {
		x->chosen++;
		x->fn(x->ctx, g->game, g->moves);
	} else if (game_matches(x, g)) {
		x->chosen++;
		x->run->chosen++;
		cli *c = x->run->c;
		if (c->sel.list)
			fprintf(c->out, "%s:%ld\n", x->name, g->game);
		else if (c->format == EMIT_JSON)
			json_game(c->out, x, g);
		else
			sel_writer_pick(&x->w, g->game,
			                g->errors + x->file.errors > 0);
	}
	g->game = 0;
}

/* The game an event is about: the games before it are over. */
static sel_game *
game_at(sel_file *x, long game)
{
	if (game <= 0)
		return &x->file;
	if (game < x->cur.game)
		return &x->cur;       /* late news of a decided game: kept close */
	while (x->cur.game < game) {
		long next = x->cur.game == 0 ? x->decided + 1 : x->cur.game + 1;
		game_decide(x);
		game_open(&x->cur, next);
	}
	return &x->cur;
}

static void
copy_value(char *dst, const char *src, size_t len)
{
	if (len >= SEL_TEXT)
		len = SEL_TEXT - 1;
	memcpy(dst, src, len);
	dst[len] = '\0';
}

static int
key_is(const nt_fact *f, const char *key)
{
	return f->key_len == strlen(key) && strncasecmp(f->key, key, f->key_len) == 0;
}

static void
tag_fact(sel_file *x, sel_game *g, const nt_fact *f)
{
	char value[SEL_TEXT];
	copy_value(value, f->value, f->value_len);
	for (int i = 0; i < x->o->ntag; i++) {
		const char *t = x->o->tag[i], *eq = strchr(t, '=');
		size_t klen = (size_t)(eq - t);
		if (f->key_len == klen && strncasecmp(f->key, t, klen) == 0 &&
		    tag_value_matches(eq + 1, value))
			g->tag_hit[i] = 1;
	}
}

static void
on_fact(void *user, const nt_fact *f)
{
	sel_file *x = user;
	sel_game *g = game_at(x, f->game);
	if (f->kind == NT_FACT_TAG) {
		tag_fact(x, g, f);
		return;
	}
	if (key_is(f, "match_length"))
		x->length = f->number;
	else if (key_is(f, "player1") || key_is(f, "player2"))
		copy_value(g->player[f->key[6] - '1'], f->value, f->value_len);
	else if (key_is(f, "result"))
		copy_value(g->result, f->value, f->value_len);
	else if (key_is(f, "winner"))
		g->winner = (int)f->number;
}

static void
on_move(void *user, const nt_move *m)
{
	sel_file *x = user;
	game_at(x, m->game)->moves++;
}

static void
on_diag(void *user, const nt_diag *d)
{
	sel_file *x = user;
	sel_game *g = game_at(x, d->game);
	if (d->severity == NT_SEV_ERROR)
		g->errors++;
	for (int i = 0; i < x->o->nhas; i++)
		if (fnmatch(x->o->has[i], d->code, 0) == 0)
			g->has_hit[i] = 1;
	if (x->run != NULL && !x->run->c->quiet)
		emit_diag(&x->run->c->em, d);
}

static void
on_stat(void *user, long game, const char *name, long value, const char *text)
{
	(void)value;
	sel_file *x = user;
	/* How a game was won, where the game tells (backgammon: gammon,
	   pass, resignation), beside the result as written. */
	if (text != NULL && strcmp(name, "win") == 0)
		copy_value(game_at(x, game)->win, text, strlen(text));
}

/* --- the matcher for other commands (stats) ------------------------------ */

sel_match *
sel_match_new(const sel_opts *o, const char *name, sel_chosen_fn fn,
              void *ctx)
{
	sel_file *x = calloc(1, sizeof *x);
	if (x == NULL) {
		perror("notate");
		exit(EXIT_INTERNAL);
	}
	x->o = o;
	x->name = name;
	x->length = -1;
	x->fn = fn;
	x->ctx = ctx;
	game_open(&x->file, 0);
	return x;
}

void
sel_match_fact(sel_match *m, const nt_fact *f)
{
	on_fact(m, f);
}

void
sel_match_move(sel_match *m, const nt_move *mv)
{
	on_move(m, mv);
}

void
sel_match_diag(sel_match *m, const nt_diag *d)
{
	on_diag(m, d);
}

void
sel_match_stat(sel_match *m, long game, const char *name, long value,
               const char *text)
{
	on_stat(m, game, name, value, text);
}

void
sel_match_end(sel_match *m, long games)
{
	game_at(m, games);
	game_decide(m);
}

void
sel_match_free(sel_match *m)
{
	free(m);
}

/* --- writing whole records (select, find --to) ---------------------------- */

/* Reads the input through, keeping every byte in KEEP for the writing. */
static long
tee_read(void *handle, void *buf, size_t size)
{
	sel_writer *t = handle;
	long n = t->inner.read(t->inner.handle, buf, size);
	if (n > 0 && t->err == 0 && fwrite(buf, 1, (size_t)n, t->keep) != (size_t)n)
		t->err = errno ? errno : EIO;
	return n;
}

static int
sink_stdio(void *handle, const void *buf, size_t size)
{
	return fwrite(buf, 1, size, handle) == size ? 0 : -1;
}

static int
copy_stream(FILE *from, FILE *to)
{
	char buf[65536];
	size_t n;
	rewind(from);
	while ((n = fread(buf, 1, sizeof buf, from)) > 0)
		if (fwrite(buf, 1, n, to) != n)
			return -1;
	return ferror(from) ? -1 : 0;
}

/* The bytes to write from: the file again, or what was kept of it. */
static nt_source
writer_source(sel_writer *w, input_again *a, const input *in)
{
	if (w->direct)
		return cli_read_again(in, a);
	rewind(w->keep);
	return nt_source_fd(fileno(w->keep), in->name);
}

static int
copy_source(const nt_source *from, FILE *to)
{
	char buf[65536];
	long n;
	while ((n = from->read(from->handle, buf, sizeof buf)) > 0 ||
	       (n < 0 && errno == EINTR))
		if (n > 0 && fwrite(buf, 1, (size_t)n, to) != (size_t)n)
			return -1;
	return n < 0 ? -1 : 0;
}

nt_source
sel_writer_open(sel_writer *w, const input *in)
{
	memset(w, 0, sizeof *w);
	w->inner = in->src;
	/* Copying every input aside costs a temporary file each, most of
	   them never written: a file can be read again instead.  (It could
	   change between the readings as it could during one.) */
	if (in->head.positional) {
		w->direct = 1;
		return in->src;
	}
	w->keep = tmpfile();
	if (w->keep == NULL) {
		w->err = errno ? errno : EIO;
		return in->src;
	}
	return (nt_source){ tee_read, w, in->src.name };
}

void
sel_writer_pick(sel_writer *w, long game, int errors)
{
	if (w->npicked == w->cap) {
		size_t cap = w->cap ? w->cap * 2 : 16;
		long *p = realloc(w->picked, cap * sizeof *p);
		if (p == NULL) {
			perror("notate");
			exit(EXIT_INTERNAL);
		}
		w->picked = p;
		w->cap = cap;
	}
	/* One with errors as its negative number. */
	w->picked[w->npicked++] = errors ? -game : game;
}

/* The record read, as it is or converted to --to's form. */
static void
write_record(cli *c, const input *in, sel_writer *t)
{
	if (t->err != 0 || (!t->direct && fflush(t->keep) != 0)) {
		cli_note(in->name, strerror(t->err ? t->err : errno));
		raise_status(c, EXIT_UNREADABLE);
		return;
	}
	input_again a;
	nt_source src = writer_source(t, &a, in);
	if (c->to == NULL) {
		if (copy_source(&src, c->out) != 0)
			raise_status(c, EXIT_UNREADABLE);
		return;
	}
	/* Converted whole into a file of its own first: a conversion that
	   fails leaves nothing half-written on the output. */
	FILE *conv = tmpfile();
	if (conv == NULL) {
		cli_note(in->name, strerror(errno));
		raise_status(c, EXIT_UNREADABLE);
		return;
	}
	nt_sink sink = { sink_stdio, conv };
	nt_handler h = { .on_diag = NULL };
	nt_summary s;
	int rc = nt_convert(in->game, &src, c->to, &sink, &in->set->opts, &h, &s);
	if (rc == 0 && fflush(conv) == 0)
		copy_stream(conv, c->out);
	else {
		cli_note(in->name, rc == -2 ? "no such form for this game"
		         : "cannot be converted (see notate convert)");
		raise_status(c, rc == -2 ? EXIT_USAGE : EXIT_FINDINGS);
	}
	fclose(conv);
}

typedef struct sel_pick {
	const sel_writer *w;
	size_t next;                  /* the first of w->picked not yet asked */
	nt_sink out;
} sel_pick;

static const nt_sink *
pick_sink(void *user, long game)
{
	sel_pick *p = user;
	/* The games come in file order, as they were picked. */
	while (p->next < p->w->npicked && labs(p->w->picked[p->next]) < game)
		p->next++;
	return p->next < p->w->npicked && p->w->picked[p->next] == game
		? &p->out : NULL;
}

/* Some games of a record of several: each written as a record of its
   own, as the game has one stand alone. */
static void
write_games(cli *c, const input *in, sel_writer *t, long decided)
{
	if (t->err != 0 || (!t->direct && fflush(t->keep) != 0)) {
		cli_note(in->name, strerror(t->err ? t->err : errno));
		raise_status(c, EXIT_UNREADABLE);
		return;
	}
	/* One written as far as an error let it be replayed would be another
	   game, so it is named instead. */
	for (size_t i = 0; i < t->npicked; i++)
		if (t->picked[i] < 0) {
			char text[120];
			snprintf(text, sizeof text, "game %ld matches but has errors: "
			         "not written (see notate check)", -t->picked[i]);
			cli_note(in->name, text);
			raise_status(c, EXIT_UNREADABLE);
		}
	input_again a;
	nt_source src = writer_source(t, &a, in);
	sel_pick p = { t, 0, { sink_stdio, c->out } };
	nt_pick pick = { .sink = pick_sink, .user = &p };
	nt_handler h = { .on_diag = NULL };
	nt_summary s;
	int rc = nt_extract(in->game, &src, c->to, &pick, &in->set->opts, &h, &s);
	if (rc == -2) {
		char text[200];
		snprintf(text, sizeof text, "%zu of its %ld games match; %s cannot "
		         "write a game of this record on its own%s%s (use --list, or "
		         "--to another form)", t->npicked, decided,
		         nt_game_name(in->game), c->to ? " as " : "",
		         c->to ? c->to : "");
		cli_note(in->name, text);
		raise_status(c, EXIT_USAGE);
	} else if (rc != 0) {
		cli_note(in->name, "cannot write the games chosen");
		raise_status(c, EXIT_UNREADABLE);
	}
}

static void
drain(sel_writer *w)
{
	char buf[65536];
	long n;
	do
		n = tee_read(w, buf, sizeof buf);
	while (n > 0 || (n < 0 && errno == EINTR));
}

void
sel_writer_close(cli *c, const input *in, sel_writer *w, int rc,
                 long decided)
{
	/* The record is written whole, also past where its reader stopped. */
	if (rc >= 0 && (w->keep != NULL || w->direct)) {
		if (!w->direct)
			drain(w);
		if (w->npicked > 0 && (long)w->npicked >= decided)
			write_record(c, in, w);
		else if (w->npicked > 0)
			write_games(c, in, w, decided);
	}
	if (w->keep != NULL)
		fclose(w->keep);
	free(w->picked);
	memset(w, 0, sizeof *w);
}

static void
select_one(cli *c, const char *path, void *ctx)
{
	sel_run *run = ctx;
	input in;
	if (cli_open(c, path, &in) != 0)
		return;
	sel_file *x = calloc(1, sizeof *x);
	if (x == NULL) {
		perror("notate");
		exit(EXIT_INTERNAL);
	}
	x->run = run;
	x->o = &c->sel;
	x->name = in.name;
	x->length = -1;
	game_open(&x->file, 0);
	int records = !c->sel.list && c->format != EMIT_JSON;
	nt_source src = records ? sel_writer_open(&x->w, &in) : in.src;
	/* Moves are counted only where they are asked for (--moves, the JSON's
	   "moves"): a listener makes backgammon write a Position ID after
	   every move. */
	int count_moves = c->sel.nmoves > 0 || c->format == EMIT_JSON;
	nt_handler h = { .on_diag = on_diag,
	                 .on_move = count_moves ? on_move : NULL, .user = x,
	                 .on_fact = on_fact };
	nt_summary s;
	/* The figures cost a third of the reading; only --result asks for
	   one (how a game was won). */
	int rc = c->sel.nresult > 0
		? nt_stats(in.game, &src, &in.set->opts, &h, on_stat, x, &s) : -2;
	if (rc == -2)
		rc = nt_check(in.game, &src, &in.set->opts, &h, &s);
	game_at(x, s.games);
	game_decide(x);
	if (records)
		sel_writer_close(c, &in, &x->w, rc, x->decided);
	cli_account(c, in.set, in.name, rc, &s);
	free(x);
	cli_close(c, &in);
}

int
cmd_select(cli *c)
{
	if (c->nfiles == 0)
		usage_error("select needs a FILE or DIR (or - for standard input)%s",
		            "");
	if (c->format != EMIT_GNU && c->format != EMIT_JSON)
		usage_error("select writes records, --list lines or -f json%s", "");
	if (c->to != NULL && (c->sel.list || c->format == EMIT_JSON))
		usage_error("--to writes records: not with --list or -f json%s", "");
	cli_output_open(c);
	sel_run run = { .c = c };
	/* Findings go to standard error, in -f's format; the selection to
	   the output. */
	nt_handler h;
	cli_handler(c, stderr, &h);
	cli_each_path(c, select_one, &run);
	/* As grep: 0 when some game was selected, 1 when none was; an input
	   that could not be read, or a usage error, outranks both. */
	if (c->status < EXIT_UNREADABLE)
		c->status = run.chosen > 0 ? EXIT_CLEAN : EXIT_FINDINGS;
	return c->status;
}
