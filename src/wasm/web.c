/*
 * notate.wasm: the library's entry points for the web page (web/).
 *
 * One call, nt_web_call, takes a request (what to do, as NAME=VALUE lines)
 * and a record's bytes, runs the library on them and answers with one JSON
 * object: diagnostics as `notate -f json` writes them, the position as
 * `show -f json` gives it, the board as `show --svg` draws it, the record
 * as `convert` and `fmt` write it.  Nothing is kept from one call to the
 * next: the page's worker owns the record and sends it with each request.
 *
 * Requests (op=...):
 *   games                      the games, their extensions and forms
 *   explain   code=CODE        a code's rule
 *   check     [moves=G from=F count=C]   diagnostics and summary; with
 *                              moves, game G's accepted moves F.. (C of them)
 *   moves     [moves=G ...]    the same, game G's moves listed (default 1)
 *   show      game_no=G move=N [svg=1]   the position after game G's move
 *                              N (-1: the end) as JSON, and the picture
 *   convert   form=FORM        the record in FORM
 *   format                     the record in its canonical form
 * Every record request takes name=NAME (the file name, which may tell the
 * game, as on the command line), game=auto|NAME, lint=1, strict=1 and
 * lenient=1.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "notate/notate.h"
#include "core/game.h"
#include "core/json_diag.h"
#include "core/json_record.h"

#define EXPORT(name) __attribute__((export_name(#name)))

/* Bytes the command line reads ahead to recognise a game by content. */
#define SNIFF_SIZE 4096
/* A page lists this many diagnostics; the summary counts them all. */
#define MAX_DIAGS 10000

EXPORT(nt_web_alloc) void *nt_web_alloc(size_t size);
EXPORT(nt_web_free) void nt_web_free(void *p);
EXPORT(nt_web_call) unsigned char *nt_web_call(char *request,
                                               const unsigned char *data,
                                               size_t len);

void *
nt_web_alloc(size_t size)
{
	return malloc(size > 0 ? size : 1);
}

void
nt_web_free(void *p)
{
	free(p);
}

/* ------------------------------------------------------------ buffers */

typedef struct membuf {
	unsigned char *data;
	size_t len, cap;
	int failed;
} membuf;

static int
mem_write(void *handle, const void *buf, size_t size)
{
	membuf *m = handle;
	if (m->failed)
		return -1;
	if (m->len + size > m->cap) {
		size_t cap = m->cap ? m->cap : 1024;
		while (cap < m->len + size)
			cap *= 2;
		unsigned char *data = realloc(m->data, cap);
		if (data == NULL) {
			m->failed = 1;
			return -1;
		}
		m->data = data;
		m->cap = cap;
	}
	memcpy(m->data + m->len, buf, size);
	m->len += size;
	return 0;
}

static nt_sink
mem_sink(membuf *m)
{
	nt_sink s = { mem_write, m };
	return s;
}

typedef struct memsource {
	const unsigned char *data;
	size_t len, pos;
} memsource;

static long
mem_read(void *handle, void *buf, size_t size)
{
	memsource *m = handle;
	size_t n = m->len - m->pos;
	if (n > size)
		n = size;
	memcpy(buf, m->data + m->pos, n);
	m->pos += n;
	return (long)n;
}

/* ------------------------------------------------------------ requests */

typedef struct request {
	const char *op, *name, *game, *form, *code;
	long game_no, move, moves, from, count;
	int svg, lint, strict, lenient;
} request;

static long
number(const char *s, long otherwise)
{
	char *end;
	long v = strtol(s, &end, 10);
	return end != s && *end == '\0' ? v : otherwise;
}

/* Splits TEXT (changed in place) into its NAME=VALUE lines. */
static void
parse_request(char *text, request *r)
{
	memset(r, 0, sizeof *r);
	r->op = r->name = r->game = r->form = r->code = "";
	r->game_no = r->move = -1;
	r->count = 500;
	for (char *line = text; line != NULL && *line;) {
		char *next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		char *eq = strchr(line, '=');
		if (eq != NULL) {
			*eq = '\0';
			const char *k = line, *v = eq + 1;
			if (strcmp(k, "op") == 0) r->op = v;
			else if (strcmp(k, "name") == 0) r->name = v;
			else if (strcmp(k, "game") == 0) r->game = v;
			else if (strcmp(k, "form") == 0) r->form = v;
			else if (strcmp(k, "code") == 0) r->code = v;
			else if (strcmp(k, "game_no") == 0) r->game_no = number(v, -1);
			else if (strcmp(k, "move") == 0) r->move = number(v, -1);
			else if (strcmp(k, "moves") == 0) r->moves = number(v, 0);
			else if (strcmp(k, "from") == 0) r->from = number(v, 0);
			else if (strcmp(k, "count") == 0) r->count = number(v, 500);
			else if (strcmp(k, "svg") == 0) r->svg = number(v, 0) != 0;
			else if (strcmp(k, "lint") == 0) r->lint = number(v, 0) != 0;
			else if (strcmp(k, "strict") == 0) r->strict = number(v, 0) != 0;
			else if (strcmp(k, "lenient") == 0) r->lenient = number(v, 0) != 0;
		}
		line = next;
	}
}

/* ------------------------------------------------------------ a record's run */

/* What one record request collects while the library runs. */
typedef struct run {
	const request *req;
	membuf diags;             /* the objects of "diagnostics", comma-separated */
	long ndiags, omitted;
	membuf moves;             /* the objects of "moves" */
	long listed, total;       /* moves listed, and all of game req->moves */
} run;

static void
on_diag(void *user, const nt_diag *d)
{
	run *r = user;
	if (r->ndiags >= MAX_DIAGS) {
		r->omitted++;
		return;
	}
	nt_sink s = mem_sink(&r->diags);
	if (r->ndiags++ > 0)
		nt_sink_puts(&s, ",");
	nt_json_diag(&s, d);
}

static void
on_move(void *user, const nt_move *m)
{
	run *r = user;
	if (m->game != r->req->moves)
		return;
	r->total++;
	if (m->index < r->req->from || r->listed >= r->req->count)
		return;
	nt_sink s = mem_sink(&r->moves);
	if (r->listed++ > 0)
		nt_sink_puts(&s, ",");
	nt_json_record_move(&s, m);
}

/* The game of the record: chosen, else as the command line decides it,
 * by the file's name and then by its first bytes. */
static const nt_game *
find_game(const request *req, const unsigned char *data, size_t len,
          const char **how)
{
	if (req->game[0] != '\0' && strcmp(req->game, "auto") != 0) {
		*how = "chosen";
		return nt_game_by_name(req->game);
	}
	const nt_game *g = req->name[0] != '\0' ? nt_game_for_path(req->name)
	                                        : NULL;
	*how = "name";
	if (g == NULL) {
		*how = "content";
		g = nt_game_sniff(data, len < SNIFF_SIZE ? len : SNIFF_SIZE);
	}
	return g;
}

static void
summary_json(const nt_sink *s, const nt_summary *sum)
{
	nt_sink_printf(s, "\"summary\":{\"games\":%ld,\"moves\":%ld,\"errors\":%ld,"
	               "\"warnings\":%ld,\"style\":%ld,\"result\":", sum->games,
	               sum->moves, sum->errors, sum->warnings, sum->style);
	nt_sink_json_string(s, sum->result);
	nt_sink_puts(s, "}");
}

/* OUT's bytes, without the newline a writer ends with, as JSON (null when
 * there are none). */
static void
raw_json(const nt_sink *s, const membuf *out)
{
	size_t n = out->len;
	while (n > 0 && (out->data[n - 1] == '\n' || out->data[n - 1] == '\r'))
		n--;
	if (n == 0 || out->failed)
		nt_sink_puts(s, "null");
	else
		nt_sink_write(s, out->data, n);
}

static void
text_json(const nt_sink *s, const membuf *out, int keep)
{
	if (!keep || out->failed)
		nt_sink_puts(s, "null");
	else
		nt_sink_json_bytes(s, (const char *)out->data, out->len);
}

static void
record_request(const request *req, const unsigned char *data, size_t len,
               const nt_sink *reply)
{
	const char *how;
	const nt_game *game = find_game(req, data, len, &how);
	if (game == NULL) {
		nt_sink_puts(reply, strcmp(how, "chosen") == 0
		             ? "{\"error\":\"no such game\"}"
		             : "{\"error\":\"cannot tell which game this is; "
		               "choose the game\"}");
		return;
	}
	nt_options opts;
	memset(&opts, 0, sizeof opts);
	opts.lint = req->lint;
	opts.strict = req->strict;
	opts.lenient = req->lenient;
	run r;
	memset(&r, 0, sizeof r);
	r.req = req;
	nt_handler h = { .on_diag = on_diag, .on_move = req->moves > 0 ? on_move : NULL, .user = &r };
	memsource ms = { data, len, 0 };
	nt_source src = { mem_read, &ms, req->name[0] ? req->name : "record" };
	nt_summary sum;
	membuf out = { 0 }, picture = { 0 };
	nt_sink out_sink = mem_sink(&out), picture_sink = mem_sink(&picture);
	int rc;
	const char *op = req->op;
	if (strcmp(op, "check") == 0 || strcmp(op, "moves") == 0) {
		rc = nt_check(game, &src, &opts, &h, &sum);
	} else if (strcmp(op, "show") == 0) {
		/* ply: the Nth move the replay accepts, in every game. */
		nt_show_request sr = { .move = -1, .game_no = req->game_no, .ply = req->move, .json = 1 };
		rc = nt_show(game, &src, &sr, &out_sink, &opts, &h, &sum);
		if (rc == -5) {
			/* A game that counts no plies (backgammon) counts its
			   accepted actions as moves. */
			sr.move = req->move;
			sr.ply = -1;
			ms.pos = 0;
			rc = nt_show(game, &src, &sr, &out_sink, &opts, &h, &sum);
		}
		if (req->svg && rc != -4 && rc != -2) {
			nt_summary again;
			memsource ms2 = { data, len, 0 };
			nt_source src2 = { mem_read, &ms2, src.name };
			sr.json = 0;
			sr.svg = 1;
			nt_show(game, &src2, &sr, &picture_sink, &opts, NULL, &again);
		}
	} else if (strcmp(op, "convert") == 0) {
		rc = nt_game_has_form(game, req->form)
			? nt_convert(game, &src, req->form, &out_sink, &opts, &h, &sum)
			: -2;
		if (rc == -2)
			memset(&sum, 0, sizeof sum);
	} else if (strcmp(op, "format") == 0) {
		rc = nt_format(game, &src, &out_sink, &opts, &h, &sum);
		if (rc == -2)
			memset(&sum, 0, sizeof sum);
	} else {
		nt_sink_puts(reply, "{\"error\":\"unknown request\"}");
		return;
	}
	nt_sink_puts(reply, "{\"game\":");
	nt_sink_json_string(reply, nt_game_name(game));
	nt_sink_puts(reply, ",\"how\":");
	nt_sink_json_string(reply, how);
	nt_sink_printf(reply, ",\"rc\":%d,", rc);
	summary_json(reply, &sum);
	nt_sink_puts(reply, ",\"diagnostics\":[");
	if (!r.diags.failed)
		nt_sink_write(reply, r.diags.data, r.diags.len);
	nt_sink_printf(reply, "],\"omitted\":%ld", r.omitted);
	if (req->moves > 0) {
		nt_sink_printf(reply, ",\"moves\":{\"game\":%ld,\"total\":%ld,"
		               "\"from\":%ld,\"list\":[", req->moves, r.total,
		               req->from);
		if (!r.moves.failed)
			nt_sink_write(reply, r.moves.data, r.moves.len);
		nt_sink_puts(reply, "]}");
	}
	if (strcmp(op, "show") == 0) {
		nt_sink_puts(reply, ",\"position\":");
		raw_json(reply, &out);
		nt_sink_puts(reply, ",\"svg\":");
		text_json(reply, &picture, picture.len > 0);
	} else if (strcmp(op, "convert") == 0 || strcmp(op, "format") == 0) {
		/* As on the command line: a record that cannot be converted
		 * gives no output. */
		nt_sink_puts(reply, ",\"output\":");
		text_json(reply, &out, rc == 0);
	}
	nt_sink_puts(reply, "}");
	free(r.diags.data);
	free(r.moves.data);
	free(out.data);
	free(picture.data);
}

/* ------------------------------------------------------------ about games */

static void
string_list(const nt_sink *s, const char *const *list)
{
	nt_sink_puts(s, "[");
	for (size_t i = 0; list != NULL && list[i] != NULL; i++) {
		if (i > 0)
			nt_sink_puts(s, ",");
		nt_sink_json_string(s, list[i]);
	}
	nt_sink_puts(s, "]");
}

/* The extension a record of each form is named with, from the game's own
   table of what fmt writes per extension (the first one of a form). */
static void
form_extensions(const nt_sink *s, const nt_game *g)
{
	nt_sink_puts(s, "{");
	int n = 0;
	for (const nt_ext_form *e = g->fmt_forms; e != NULL && e->extension; e++) {
		int seen = 0;
		for (const nt_ext_form *b = g->fmt_forms; b < e; b++)
			seen |= strcmp(b->form, e->form) == 0;
		if (seen)
			continue;
		nt_sink_puts(s, n++ > 0 ? "," : "");
		nt_sink_json_string(s, e->form);
		nt_sink_puts(s, ":");
		nt_sink_json_string(s, e->extension);
	}
	nt_sink_puts(s, "}");
}

static void
games_json(const nt_sink *s)
{
	nt_sink_puts(s, "{\"games\":[");
	for (size_t i = 0; i < nt_game_count(); i++) {
		const nt_game *g = nt_game_at(i);
		nt_sink_puts(s, i > 0 ? ",{\"name\":" : "{\"name\":");
		nt_sink_json_string(s, nt_game_name(g));
		nt_sink_puts(s, ",\"title\":");
		nt_sink_json_string(s, nt_game_title(g));
		nt_sink_puts(s, ",\"extensions\":");
		string_list(s, nt_game_extensions(g));
		nt_sink_puts(s, ",\"forms\":");
		string_list(s, nt_game_forms(g));
		nt_sink_puts(s, ",\"form_extensions\":");
		form_extensions(s, g);
		nt_sink_printf(s, ",\"json\":%s,\"format\":%s,\"cr_ends_line\":%s}",
		               nt_game_has_form(g, "json") ? "true" : "false",
		               g->format != NULL ? "true" : "false",
		               nt_game_layout(g).cr_ends_line ? "true" : "false");
	}
	nt_sink_puts(s, "]}");
}

static void
explain_json(const nt_sink *s, const char *code)
{
	const nt_code_info *c = nt_code_lookup(code);
	if (c == NULL) {
		nt_sink_puts(s, "{\"error\":\"unknown code\"}");
		return;
	}
	nt_sink_puts(s, "{\"code\":");
	nt_sink_json_string(s, c->code);
	nt_sink_printf(s, ",\"severity\":\"%s\",\"summary\":",
	               nt_severity_name(c->severity));
	nt_sink_json_string(s, c->summary);
	nt_sink_puts(s, ",\"explain\":");
	nt_sink_json_string(s, c->explain);
	nt_sink_puts(s, "}");
}

/* ------------------------------------------------------------ the call */

/*
 * Returns the reply (malloc'd; the caller frees it with nt_web_free): its
 * length as 4 bytes, least significant first, then the JSON text.  NULL
 * when memory is short.
 */
unsigned char *
nt_web_call(char *request_text, const unsigned char *data, size_t len)
{
	request req;
	parse_request(request_text, &req);
	if (strcmp(req.op, "moves") == 0 && req.moves <= 0)
		req.moves = 1;
	membuf reply = { 0 };
	nt_sink s = mem_sink(&reply);
	nt_sink_write(&s, "\0\0\0\0", 4);
	if (strcmp(req.op, "games") == 0)
		games_json(&s);
	else if (strcmp(req.op, "explain") == 0)
		explain_json(&s, req.code);
	else
		record_request(&req, data != NULL ? data : (const unsigned char *)"",
		               data != NULL ? len : 0, &s);
	if (reply.failed) {
		free(reply.data);
		return NULL;
	}
	uint32_t n = (uint32_t)(reply.len - 4);
	for (int i = 0; i < 4; i++)
		reply.data[i] = (unsigned char)(n >> (8 * i));
	return reply.data;
}
