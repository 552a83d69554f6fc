/*
 * Writing SGF (shared/spec/backgammon-sgf.md, section 5): UTF-8, LF line
 * ends, values escaped as gnubg escapes them (`\` and `]` only), each game
 * tree as `(` nodes joined by LF `)` LF.
 */
#include "games/backgammon/write_sgf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/backgammon/record.h"

/* ------------------------------------------------------------ escaping */

typedef int (*put_fn)(void *ctx, const void *bytes, size_t n);

/* TEXT escaped (5): `\` and `]` get a `\` before them. */
static int
put_escaped(put_fn put, void *ctx, const void *text, size_t len)
{
	const char *s = text;
	size_t from = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] != '\\' && s[i] != ']')
			continue;
		if (put(ctx, s + from, i - from) != 0 || put(ctx, "\\", 1) != 0)
			return -1;
		from = i;
	}
	return put(ctx, s + from, len - from);
}

/* --------------------------------------------------------- SGF -> SGF */

static int
copy_put(void *ctx, const void *bytes, size_t n)
{
	bg_sgf_copy *c = ctx;
	if (!c->failed && n > 0 && nt_sink_write(c->out, bytes, n) != 0)
		c->failed = 1;
	return c->failed ? -1 : 0;
}

void
bg_sgf_copy_init(bg_sgf_copy *c, const nt_sink *out)
{
	memset(c, 0, sizeof *c);
	c->out = out;
}

void
bg_sgf_copy_tree_open(bg_sgf_copy *c)
{
	c->nodes = 0;
	copy_put(c, "(", 1);
}

void
bg_sgf_copy_tree_close(bg_sgf_copy *c)
{
	copy_put(c, ")\n", 2);
}

void
bg_sgf_copy_node(bg_sgf_copy *c)
{
	if (c->nodes++ > 0)
		copy_put(c, "\n", 1);
	copy_put(c, ";", 1);
}

void
bg_sgf_copy_ident(bg_sgf_copy *c, const char *ident, size_t len)
{
	copy_put(c, ident, len);
}

void
bg_sgf_copy_value_open(bg_sgf_copy *c)
{
	copy_put(c, "[", 1);
}

void
bg_sgf_copy_text(bg_sgf_copy *c, const void *text, size_t len)
{
	put_escaped(copy_put, c, text, len);
}

void
bg_sgf_copy_value_close(bg_sgf_copy *c)
{
	copy_put(c, "]", 1);
}

/* ------------------------------------------------ mat, sheet -> SGF */

#define LINE_MAX_KEPT 65536

enum { TAG_DT, TAG_EV, TAG_RO, TAG_PC, TAG_AN };
static const char *const tag_ident[5] = { "DT", "EV", "RO", "PC", "AN" };

static int
out_put(void *ctx, const void *bytes, size_t n)
{
	bg_sgf_writer *w = ctx;
	if (!w->failed && n > 0 && nt_sink_write(w->out, bytes, n) != 0)
		w->failed = 1;
	return w->failed ? -1 : 0;
}

static int
body_put(void *ctx, const void *bytes, size_t n)
{
	bg_sgf_writer *w = ctx;
	if (!w->failed && nt_spool_write(&w->body, bytes, n) != 0)
		w->failed = 1;
	return w->failed ? -1 : 0;
}

static int
gc_put(void *ctx, const void *bytes, size_t n)
{
	bg_sgf_writer *w = ctx;
	if (!w->failed && nt_spool_write(&w->gc, bytes, n) != 0)
		w->failed = 1;
	return w->failed ? -1 : 0;
}

static void
out_str(bg_sgf_writer *w, const char *s)
{
	out_put(w, s, strlen(s));
}

void
bg_sgf_writer_init(bg_sgf_writer *w, const nt_sink *out, nt_run *run)
{
	memset(w, 0, sizeof *w);
	w->out = out;
	w->run = run;
	nt_growbuf_init(&w->line, w->line_small, sizeof w->line_small,
	                LINE_MAX_KEPT);
	nt_spool_init(&w->gc, 0);
	nt_spool_init(&w->tags, 0);
	nt_spool_init(&w->body, 0);
	for (int s = 0; s < 2; s++)
		nt_growbuf_init(&w->name[s], w->name_small[s], sizeof w->name_small[s],
		                BG_ARENA_MAX + 1);
}

void
bg_sgf_writer_free(bg_sgf_writer *w)
{
	nt_growbuf_free(&w->line);
	nt_spool_free(&w->gc);
	nt_spool_free(&w->tags);
	nt_spool_free(&w->body);
	for (int s = 0; s < 2; s++)
		nt_growbuf_free(&w->name[s]);
}

/* The text of a comment line after its `;` or `#` and the blanks after
   them; NULL when the line is blank or holds no text. */
static const char *
comment_text(const char *line, size_t len, size_t *n)
{
	size_t i = 0;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i == len || (line[i] != ';' && line[i] != '#'))
		return NULL;
	i++;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	size_t end = len;
	while (end > i && (line[end - 1] == ' ' || line[end - 1] == '\t'))
		end--;
	if (end == i)
		return NULL;
	*n = end - i;
	return line + i;
}

static int
key_is(const char *k, size_t klen, const char *name)
{
	return klen == strlen(name) && strncasecmp(k, name, klen) == 0;
}

/* `YYYY.MM.DD` exactly. */
static int
dotted_date(const char *v, size_t n)
{
	if (n != 10 || v[4] != '.' || v[7] != '.')
		return 0;
	for (size_t i = 0; i < n; i++)
		if (i != 4 && i != 7 && (v[i] < '0' || v[i] > '9'))
			return 0;
	return 1;
}

static void
keep_tag(bg_sgf_writer *w, int t, const char *v, size_t n)
{
	w->have[t] = 1;
	w->tag_at[t] = w->tags.size;
	w->tag_len[t] = n;
	if (nt_spool_write(&w->tags, v, n) != 0)
		w->failed = 1;
}

/* A whole header line: a tag that gives DT, EV, RO, PC or AN, or a line
   of GC (5.3). */
static void
header_line(bg_sgf_writer *w, const char *line, size_t len)
{
	const char *k, *v;
	size_t klen, vlen;
	if (bg_tag_split(line, len, &k, &klen, &v, &vlen)) {
		static const struct { const char *key; int tag; } map[] = {
			{ "site", TAG_PC }, { "event", TAG_EV }, { "round", TAG_RO },
			{ "transcriber", TAG_AN }
		};
		for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
			if (key_is(k, klen, map[i].key) && !w->have[map[i].tag]) {
				keep_tag(w, map[i].tag, v, vlen);
				return;
			}
		if (key_is(k, klen, "eventdate") && !w->have[TAG_DT] &&
		    dotted_date(v, vlen)) {
			char d[10];
			memcpy(d, v, 10);
			d[4] = d[7] = '-';
			keep_tag(w, TAG_DT, d, 10);
			return;
		}
	}
	size_t n;
	const char *text = comment_text(line, len, &n);
	if (text == NULL)
		return;
	gc_put(w, text, n);
	gc_put(w, "\n", 1);
}

void
bg_sgf_writer_echo(void *ctx, const char *text, size_t len, int last)
{
	bg_sgf_writer *w = ctx;
	if (w->line_long) {
		/* Past the limit: the rest of a line kept as free text. */
		if (w->line_long == 1)
			gc_put(w, text, len);
	} else if (nt_growbuf_reserve(&w->line, w->line_len, w->line_len + len + 1)) {
		memcpy(w->line.data + w->line_len, text, len);
		w->line_len += len;
	} else {
		/* Too long to be a tag of interest: what it says goes to GC. */
		size_t n;
		const char *t = comment_text(w->line.data, w->line_len, &n);
		if (t != NULL)
			gc_put(w, t, n);
		gc_put(w, text, len);
		w->line_long = t != NULL ? 1 : 2;
	}
	if (!last)
		return;
	if (w->line_long == 1)
		gc_put(w, "\n", 1);
	else if (!w->line_long)
		header_line(w, w->line.data, w->line_len);
	w->line_len = 0;
	w->line_long = 0;
}

static void
on_match(void *ctx, long length)
{
	bg_sgf_writer *w = ctx;
	w->length = length;
}

static void
on_game_start(void *ctx, long number, const char *const name[2],
              const size_t name_len[2], const long score[2])
{
	bg_sgf_writer *w = ctx;
	w->number = number;
	for (int s = 0; s < 2; s++) {
		w->score[s] = score[s];
		size_t n = name_len[s];
		if (!nt_growbuf_reserve(&w->name[s], 0, n + 1)) {
			w->failed = 1;
			n = 0;
		}
		memcpy(w->name[s].data, name[s], n);
		w->name_len[s] = n;
		w->rolls[s] = 0;
	}
	nt_spool_clear(&w->body);
	w->redoubler = -1;
}

/* A point of SIDE as its letter (2.1): a..x, the bar y, off z. */
static char
letter(int side, int point)
{
	if (point == BG_BAR)
		return 'y';
	if (point == BG_OFF)
		return 'z';
	return (char)(side == 0 ? 'a' + point - 1 : 'x' - point + 1);
}

static int
step_order(const void *a, const void *b)
{
	const bg_step *x = a, *y = b;
	if (x->from != y->from)
		return y->from - x->from;
	return y->to - x->to;
}

static void
node(bg_sgf_writer *w, int side, const char *value)
{
	char buf[64];
	snprintf(buf, sizeof buf, "\n;%c[%s]", side == 0 ? 'W' : 'B', value);
	body_put(w, buf, strlen(buf));
}

/* The nodes of one roll (5.2): its steps sorted as gnubg's import sorts
   them, or PL and DI for a roll whose play is not written. */
static void
roll_node(bg_sgf_writer *w, const bg_action *a)
{
	char v[32];
	int n = snprintf(v, sizeof v, "%d%d", a->d1, a->d2);
	if (a->roll == BG_ROLL_RESIGNED || a->roll == BG_ROLL_UNKNOWN) {
		char buf[64];
		snprintf(buf, sizeof buf, "\n;PL[%c]DI[%s]", a->side == 0 ? 'W' : 'B',
		         v);
		body_put(w, buf, strlen(buf));
		return;
	}
	bg_step s[4];
	int k = a->nsteps > 4 ? 4 : a->nsteps;
	if (k > 0)
		memcpy(s, a->steps, (size_t)k * sizeof s[0]);
	qsort(s, (size_t)k, sizeof s[0], step_order);
	for (int i = 0; i < k; i++) {
		v[n++] = letter(a->side, s[i].from);
		v[n++] = letter(a->side, s[i].to);
	}
	v[n] = '\0';
	node(w, a->side, v);
	w->rolls[a->side]++;
}

static void
on_action(void *ctx, const bg_action *a, const bg_replay *rp)
{
	bg_sgf_writer *w = ctx;
	(void)rp;
	switch (a->kind) {
	case BG_ACT_ROLL:
		/* A roll after a beaver or raccoon took the last redouble: gnubg
		   writes that take (5.2). */
		if (w->redoubler >= 0)
			node(w, 1 - w->redoubler, "take");
		w->redoubler = -1;
		roll_node(w, a);
		break;
	case BG_ACT_OFFER:
		node(w, a->side, "double");
		break;
	case BG_ACT_BEAVER:
		node(w, a->side, "double");
		w->redoubler = a->side;
		break;
	case BG_ACT_TAKE:
		node(w, a->side, "take");
		w->redoubler = -1;
		break;
	case BG_ACT_PASS:
		node(w, a->side, "drop");
		w->redoubler = -1;
		break;
	default:
		break;   /* the result stands in the root */
	}
}

static void
prop(bg_sgf_writer *w, const char *ident, const char *value, size_t len)
{
	out_str(w, ident);
	out_put(w, "[", 1);
	put_escaped(out_put, w, value, len);
	out_put(w, "]", 1);
}

/* A spooled value as a property. */
static void
spooled_prop(bg_sgf_writer *w, const char *ident, nt_spool *sp,
             nt_spool_pos at, nt_spool_pos len)
{
	char buf[1024];
	out_str(w, ident);
	out_put(w, "[", 1);
	while (len > 0) {
		size_t n = len < sizeof buf ? (size_t)len : sizeof buf;
		if (nt_spool_read(sp, at, buf, n) != 0) {
			w->failed = 1;
			return;
		}
		put_escaped(out_put, w, buf, n);
		at += n;
		len -= n;
	}
	out_put(w, "]", 1);
}

/* The root's RU (2.3, 5.2): gnubg's words in gnubg's order. */
static void
rules_prop(bg_sgf_writer *w, const bg_replay *rp)
{
	char ru[64] = "";
	int match = w->length > 0;
	if (rp->rules.cube_limit == 1)
		strcat(ru, ":NoCube");
	if (match && rp->rules.crawford)
		strcat(ru, ":Crawford");
	if (rp->g.crawford)
		strcat(ru, ":CrawfordGame");
	if (!match && rp->rules.jacoby)
		strcat(ru, ":Jacoby");
	if (ru[0] != '\0')
		prop(w, "RU", ru + 1, strlen(ru + 1));
}

/*
 * The root's RE (5.2): the points as read, but a capped result of the game
 * that ends the match raised to what gnubg writes (the game's value, or
 * for a resignation the next multiple of the cube).
 */
static void
result_prop(bg_sgf_writer *w, const bg_replay *rp)
{
	const bg_game *g = &rp->g;
	if (g->results == 0)
		return;
	long pts = g->result_points;
	long cube = g->cube > 0 ? g->cube : 1;
	int match = w->length > 0;
	if (match && g->ended && pts < g->value)
		pts = g->value;
	else if (match && !g->ended && pts < 3 * cube && pts % cube != 0)
		pts = (pts / cube + 1) * cube;
	char re[48];
	snprintf(re, sizeof re, "%c+%ld%s", g->result_winner == 0 ? 'W' : 'B',
	         pts, g->ended ? "" : "R");
	prop(w, "RE", re, strlen(re));
}

/* gnubg's game statistics for a game without analysis (5.2). */
static void
statistics_prop(bg_sgf_writer *w)
{
	char gs[512];
	int n = snprintf(gs, sizeof gs, "GS[M:0 0 %ld %ld 0 0 0 0 0 0 %ld %ld",
	                 w->rolls[0], w->rolls[1], w->rolls[0], w->rolls[1]);
	n += snprintf(gs + n, sizeof gs - (size_t)n, "%s",
	              " 0.000000 0.000000 0.000000 0.000000][C:");
	for (int i = 0; i < 20; i++)
		n += snprintf(gs + n, sizeof gs - (size_t)n, "0 ");
	for (int i = 0; i < 24; i++)
		n += snprintf(gs + n, sizeof gs - (size_t)n, i ? " 0.000000"
		              : "0.000000");
	snprintf(gs + n, sizeof gs - (size_t)n, "%s", "][D:0 0 0 0 0 0 0 0 0 0 "
	         "0.000000 0.000000 0.000000 0.000000]");
	out_str(w, gs);
}

static void
on_game_end(void *ctx, const bg_replay *rp)
{
	bg_sgf_writer *w = ctx;
	char mi[160];
	snprintf(mi, sizeof mi, "(;FF[4]GM[6]CA[UTF-8]AP[notate:%s]MI[length:%ld]"
	         "[game:%ld][ws:%ld][bs:%ld]", NOTATE_VERSION, w->length,
	         w->number - 1, w->score[0], w->score[1]);
	out_str(w, mi);
	prop(w, "PW", w->name[0].data, w->name_len[0]);
	prop(w, "PB", w->name[1].data, w->name_len[1]);
	if (w->games == 0) {
		static const int order[5] = { TAG_DT, TAG_EV, TAG_RO, TAG_PC, TAG_AN };
		for (int i = 0; i < 5; i++)
			if (w->have[order[i]])
				spooled_prop(w, tag_ident[order[i]], &w->tags,
				             w->tag_at[order[i]], w->tag_len[order[i]]);
		if (w->gc.size > 0)
			spooled_prop(w, "GC", &w->gc, 0, w->gc.size);
	}
	rules_prop(w, rp);
	result_prop(w, rp);
	statistics_prop(w);
	char buf[1024];
	for (nt_spool_pos at = 0; at < w->body.size;) {
		size_t n = w->body.size - at < sizeof buf ? (size_t)(w->body.size - at)
		                                          : sizeof buf;
		if (nt_spool_read(&w->body, at, buf, n) != 0) {
			w->failed = 1;
			break;
		}
		out_put(w, buf, n);
		at += n;
	}
	out_put(w, ")\n", 2);
	w->games++;
}

void
bg_sgf_writer_output(bg_sgf_writer *w, bg_output *out)
{
	memset(out, 0, sizeof *out);
	out->match_line = on_match;
	out->game_start = on_game_start;
	out->action = on_action;
	out->game_end = on_game_end;
	out->ctx = w;
}

int
bg_sgf_writer_finish(bg_sgf_writer *w, nt_loc at)
{
	if (w->games > 0)
		return 0;
	nt_emit(&w->run->rep, &bg_codes[BG_CODE_SGF_UNSUPPORTED], at, at, 0, 0,
	        "this record has no game, and SGF keeps the match length, the "
	          "names and the scores only in game trees: there is no SGF form "
	          "to write");
	return 1;
}
