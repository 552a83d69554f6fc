/*
 * The work behind every fuzz target and the regression corpus: the input
 * goes through check (plain, lint, strict, lenient, a tiny buffer in small
 * reads), every convert form, fmt, stats and show.  Nothing may crash, hang
 * or leak, and the checks must agree where they should (digest below);
 * otherwise what the calls return does not matter here.
 */
#include "fuzz/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notate/notate.h"
#include "support/xg_build.h"

typedef struct mem {
	const uint8_t *data;
	size_t size, pos, chunk;
} mem;

static long
mem_read(void *handle, void *buf, size_t size)
{
	mem *m = handle;
	size_t n = m->size - m->pos;
	if (n > size)
		n = size;
	if (m->chunk && n > m->chunk)
		n = m->chunk;
	if (n == 0)
		return 0;
	memcpy(buf, m->data + m->pos, n);
	m->pos += n;
	return (long)n;
}

static int
discard(void *handle, const void *buf, size_t size)
{
	(void)handle;
	(void)buf;
	(void)size;
	return 0;
}

/* Touches every field a caller may read, so sanitizers see them used. */
static void
on_diag(void *user, const nt_diag *d)
{
	size_t *n = user;
	char line[512];
	*n += nt_format_diag(d, line, sizeof line);
}

static void
on_move(void *user, const nt_move *m)
{
	size_t *n = user;
	*n += strlen(m->text) + strlen(m->side);
}

static void
on_stat(void *user, long game, const char *name, long value, const char *text)
{
	size_t *n = user;
	*n += (size_t)game + strlen(name) + (size_t)value + (text ? strlen(text) : 0);
}

/*
 * What a check reported, folded into a hash: its errors and the moves it
 * replayed.  Lint adds style findings to a check and nothing else, and the
 * buffer size changes nothing: both read every move through the same
 * lexer, grammar and engine.
 */
typedef struct digest {
	uint64_t hash;
	size_t *touched;
} digest;

static void
digest_add(digest *d, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		d->hash = (d->hash ^ (unsigned char)s[i]) * 0x100000001B3ull;
	d->hash = (d->hash ^ 0xFF) * 0x100000001B3ull;
}

static void
digest_diag(void *user, const nt_diag *diag)
{
	digest *d = user;
	on_diag(d->touched, diag);
	if (diag->severity != NT_SEV_ERROR)
		return;
	char line[1024];
	size_t n = nt_format_diag(diag, line, sizeof line);
	digest_add(d, line, n < sizeof line ? n : sizeof line - 1);
	/* A span never ends before it begins. */
	if (diag->end.line < diag->begin.line ||
	    (diag->end.line == diag->begin.line &&
	     diag->end.col < diag->begin.col))
		abort();
	int m = snprintf(line, sizeof line, "%lu:%lu", diag->end.line,
	                 diag->end.col);
	digest_add(d, line, (size_t)m);
}

static void
digest_move(void *user, const nt_move *m)
{
	digest *d = user;
	on_move(d->touched, m);
	char line[64];
	int n = snprintf(line, sizeof line, "%ld %ld %lu:%lu ", m->game, m->index,
	                 m->loc.line, m->loc.col);
	digest_add(d, line, (size_t)n);
	digest_add(d, m->text, strlen(m->text));
	digest_add(d, m->side, strlen(m->side));
}

static void
fuzz_check(const nt_game *game, const char *file, const uint8_t *data,
           size_t size, const nt_handler *h, size_t *touched)
{
	static const char *const rules[] = { "unknown=rule" };
	/* Small buffers: more refills to exercise, less memory to poison. */
	nt_options variants[5];
	memset(variants, 0, sizeof variants);
	for (int v = 0; v < 5; v++)
		variants[v].buffer_size = 1024;
	variants[1].lint = 1;
	variants[2].strict = 1;
	variants[2].max_errors = 3;
	variants[3].lenient = 1;
	variants[3].rules = rules;
	variants[3].nrules = 1;
	variants[4].buffer_size = 64;
	nt_summary s;
	digest d[5];
	long moves[5];
	for (int v = 0; v < 5; v++) {
		mem m = { data, size, 0, v == 4 ? 5 : 0 };
		nt_source src = { mem_read, &m, file };
		d[v].hash = 0xCBF29CE484222325ull;
		d[v].touched = touched;
		nt_handler dh = { .on_diag = digest_diag, .on_move = digest_move, .user = &d[v] };
		nt_check(game, &src, &variants[v], &dh, &s);
		moves[v] = s.moves;
	}
	/* Plain, lint and the tiny buffer must agree (an abort is a finding). */
	if (d[1].hash != d[0].hash || d[4].hash != d[0].hash ||
	    moves[1] != moves[0] || moves[4] != moves[0])
		abort();
	nt_sink out = { discard, NULL };
	mem m2 = { data, size, 0, 0 };
	nt_source src2 = { mem_read, &m2, file };
	nt_stats(game, &src2, &variants[0], h, on_stat, touched, &s);
	nt_show_request shows[3] = {
		{ .move = -1, .game_no = -1, .ply = -1 },
		{ .move = 3, .game_no = 1, .ply = -1, .svg = 1 },
		{ .move = 2, .game_no = -1, .ply = -1, .json = 1 },
	};
	for (int i = 0; i < 3; i++) {
		mem m = { data, size, 0, 0 };
		nt_source src = { mem_read, &m, file };
		nt_show(game, &src, &shows[i], &out, &variants[0], h, &s);
	}
}

static void
fuzz_rewrite(const nt_game *game, const char *file, const char *form,
             const uint8_t *data, size_t size, const nt_handler *h)
{
	nt_options small;
	memset(&small, 0, sizeof small);
	small.buffer_size = 1024;
	nt_sink out = { discard, NULL };
	nt_summary s;
	mem m = { data, size, 0, 0 };
	nt_source src = { mem_read, &m, file };
	if (form == NULL)
		nt_format(game, &src, &out, &small, h, &s);
	else
		nt_convert(game, &src, form, &out, &small, h, &s);
}

/* Bytes written to memory; a write fails past a bound, as a full disk. */
typedef struct membuf {
	char *data;
	size_t len, cap;
} membuf;

static int
mem_write(void *handle, const void *buf, size_t size)
{
	membuf *b = handle;
	if (size > (1u << 24) - b->len)
		return -1;
	if (b->len + size > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->len + size)
			cap *= 2;
		char *grown = realloc(b->data, cap);
		if (grown == NULL)
			return -1;
		b->data = grown;
		b->cap = cap;
	}
	memcpy(b->data + b->len, buf, size);
	b->len += size;
	return 0;
}

/* The file name under which a record in FORM is read as that form. */
static const char *
form_file(const char *form)
{
	static const char *const names[][2] = {
		{ "electronic", "fuzz.umla" }, { "plain", "fuzz.umla" },
		{ "pgn", "fuzz.pgn" }, { "mat", "fuzz.mat" }, { "sheet", "fuzz.bg" },
		{ "sgf", "fuzz.sgf" }, { "bao", "fuzz.bao" },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(names[i][0], form) == 0)
			return names[i][1];
	return NULL;
}

/*
 * DATA read as FILE converted to FORM (FORM NULL: fmt) into OUT; 1 when
 * the conversion was whole and the record broke no rule.
 */
static int
rewrite_clean(const nt_game *game, const char *file, const char *form,
              const void *data, size_t size, membuf *out)
{
	nt_options opts;
	memset(&opts, 0, sizeof opts);
	mem m = { data, size, 0, 0 };
	nt_source src = { mem_read, &m, file };
	nt_sink sink = { mem_write, out };
	nt_summary s;
	out->len = 0;
	int rc = form ? nt_convert(game, &src, form, &sink, &opts, NULL, &s)
	              : nt_format(game, &src, &sink, &opts, NULL, &s);
	return rc == 0 && s.errors == 0 && !s.unreadable;
}

/*
 * One trip A -> B -> A of the record in A (FA its file name) into BACK; 1
 * when every step was whole and clean.
 */
static int
trip(const nt_game *game, const char *a, const char *fa, const char *b,
     const char *fb, const membuf *in, membuf *mid, membuf *back)
{
	return rewrite_clean(game, fa, b, in->data, in->len, mid) &&
	       rewrite_clean(game, fb, a, mid->data, mid->len, back);
}

static int
same(const membuf *x, const membuf *y)
{
	return x->len == y->len && (x->len == 0 ||
	                            memcmp(x->data, y->data, x->len) == 0);
}

/*
 * Round trips: a record that converts cleanly to form A, then to B and
 * back to A, comes back the same after its first trip: a second trip
 * changes no byte.  (The first may: a sheet writes a checker's hops as one
 * path, which a mat splits by the dice again; PGN adds its seven tags.)
 * fmt takes what convert wrote.  A difference aborts (a finding).
 */
static void
fuzz_roundtrip(const nt_game *game, const char *file, const uint8_t *data,
               size_t size)
{
	membuf a = { 0 }, mid = { 0 }, once = { 0 }, twice = { 0 };
	const char *const *forms = nt_game_forms(game);
	for (size_t i = 0; forms[i] != NULL; i++) {
		const char *fa = form_file(forms[i]);
		if (fa == NULL || !rewrite_clean(game, file, forms[i], data, size, &a))
			continue;
		/* fmt keeps form A when it is the canonical form of A's files;
		   otherwise (.umla: fmt writes the electronic form) fmt of fmt
		   changes nothing. */
		const char *canon = nt_game_fmt_form(game, fa);
		if (!rewrite_clean(game, fa, NULL, a.data, a.len, &once))
			abort();
		if (canon != NULL && strcmp(canon, forms[i]) == 0 ? !same(&once, &a) :
		    !rewrite_clean(game, fa, NULL, once.data, once.len, &twice) ||
		    !same(&once, &twice))
			abort();
		for (size_t j = 0; forms[j] != NULL; j++) {
			const char *fb = form_file(forms[j]);
			if (j == i || fb == NULL ||
			    !trip(game, forms[i], fa, forms[j], fb, &a, &mid, &once))
				continue;
			if (!trip(game, forms[i], fa, forms[j], fb, &once, &mid, &twice) ||
			    !same(&once, &twice))
				abort();
		}
	}
	free(a.data);
	free(mid.data);
	free(once.data);
	free(twice.data);
}

/* Everything a game does with DATA read as a file named FILE. */
static int
fuzz_all(const nt_game *game, const char *file, const char *target,
         const uint8_t *data, size_t size, const nt_handler *h,
         size_t *touched)
{
	int known = target == NULL;
	if (target == NULL || strcmp(target, "roundtrip") == 0) {
		fuzz_roundtrip(game, file, data, size);
		known = 1;
	}
	if (target == NULL || strcmp(target, "check") == 0) {
		fuzz_check(game, file, data, size, h, touched);
		known = 1;
	}
	if (target == NULL || strcmp(target, "fmt") == 0) {
		fuzz_rewrite(game, file, NULL, data, size, h);
		known = 1;
	}
	for (const char *const *f = nt_game_forms(game); *f; f++)
		if (target == NULL || strcmp(target, *f) == 0) {
			fuzz_rewrite(game, file, *f, data, size, h);
			known = 1;
		}
	/* The JSON record every game with statistics has. */
	if ((target == NULL || strcmp(target, "json") == 0) &&
	    nt_game_has_form(game, "json")) {
		fuzz_rewrite(game, file, "json", data, size, h);
		known = 1;
	}
	return known;
}

static uint32_t
le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/*
 * The XG target (backgammon): random bytes would stop at the container's
 * CRC-32s, so an input that starts with RGMH gets its trailer's CRC-32 made
 * right (the header, registry and trailer are what is fuzzed), and any
 * other input is taken as a game file's records, padded to whole records
 * and put in a container whose sizes and CRC-32s are right.
 */
static void
xg_wrap(const uint8_t *data, size_t size, int fast, uint8_t **file,
        size_t *len)
{
	if (size >= 4 && memcmp(data, "RGMH", 4) == 0) {
		uint8_t *f = malloc(size);
		*file = f;
		*len = size;
		if (f == NULL)
			return;
		memcpy(f, data, size);
		if (size >= 8268) {
			uint32_t reg = le32(f + size - 24), arc = le32(f + size - 20);
			if (reg <= size - 36 && arc <= size - 36 - reg)
				xgb_fix_crc(f, size);
		}
		return;
	}
	xgb_records rec;
	memset(&rec, 0, sizeof rec);
	for (size_t at = 0; at < size; at += XGB_RECORD) {
		size_t n = size - at < XGB_RECORD ? size - at : XGB_RECORD;
		unsigned char *r = xgb_rec(&rec, xgb_add(&rec, 0));
		memcpy(r, data + at, n);
	}
	*file = fast ? xgb_file_fast(&rec, len) : xgb_file(&rec, len);
	xgb_records_free(&rec);
}

static void
fuzz_xg(const nt_game *game, const uint8_t *data, size_t size,
        const nt_handler *h, size_t *touched)
{
	uint8_t *f;
	size_t len;
	xg_wrap(data, size, 0, &f, &len);
	if (f != NULL)
		fuzz_all(game, "fuzz", NULL, f, len, h, touched);
	free(f);
}

int
nt_fuzz_one(const char *name, const char *target, const uint8_t *data,
            size_t size)
{
	const nt_game *game = nt_game_by_name(name);
	if (game == NULL)
		return -1;
	size_t touched = 0;
	nt_handler h = { .on_diag = on_diag, .on_move = on_move, .user = &touched };
	/* A name without an extension: the game tells the form by content. */
	int own = target != NULL && (strcmp(target, "read-pgn") == 0 ||
	                             strcmp(target, "xg") == 0);
	int known = own ? 0 : fuzz_all(game, "fuzz", target, data, size, &h,
	                               &touched);
	/*
	 * A game may read a file by what its name says as well as by what it
	 * holds (backgammon: a .sgf file is SGF whatever it starts with): the
	 * input also goes through each reader its extensions name.
	 */
	const char *const *ext = nt_game_extensions(game);
	for (size_t e = 0; !own && ext[e] != NULL; e++) {
		char file[32];
		snprintf(file, sizeof file, "fuzz%s", ext[e]);
		if (!nt_game_path_shared(game, file))
			fuzz_all(game, file, target, data, size, &h, &touched);
	}
	/*
	 * A game that reads .pgn files (mill PGN) reads any bytes so named
	 * with its PGN reader: "read-pgn" is all of the above that way.
	 */
	if ((target == NULL || strcmp(target, "read-pgn") == 0) &&
	    nt_game_path_shared(game, "fuzz.pgn"))
		known = fuzz_all(game, "fuzz.pgn", NULL, data, size, &h, &touched);
	if ((target == NULL || strcmp(target, "xg") == 0) &&
	    strcmp(name, "backgammon") == 0) {
		fuzz_xg(game, data, size, &h, &touched);
		known = 1;
	}
	return known ? 0 : -1;
}

/*
 * Each reader once, under the name that picks it: the umla and mat readers
 * take what their extension names, SGF a .sgf name whatever it holds, XG
 * goes through the container wrapping of fuzz_xg.
 */
const nt_fuzz_reader nt_fuzz_readers[] = {
	{ "umla", "umlabalaba", "fuzz.umla" },
	{ "pgn", "umlabalaba", "fuzz.pgn" },
	{ "mat", "backgammon", "fuzz.mat" },
	{ "sgf", "backgammon", "fuzz.sgf" },
	{ "xg", "backgammon", "fuzz.xg" },
	{ "bao", "bao", "fuzz.bao" },
	{ NULL, NULL, NULL },
};

static void
fast_check(const nt_game *game, const char *file, const uint8_t *data,
           size_t size)
{
	nt_options opts;
	memset(&opts, 0, sizeof opts);
	mem m = { data, size, 0, 0 };
	nt_source src = { mem_read, &m, file };
	nt_summary s;
	/* No handler: the reporter counts, and nothing is formatted. */
	nt_check(game, &src, &opts, NULL, &s);
}

int
nt_fuzz_fast(const char *reader, const uint8_t *data, size_t size)
{
	const nt_fuzz_reader *r = nt_fuzz_readers;
	while (r->name != NULL && strcmp(r->name, reader) != 0)
		r++;
	const nt_game *game = r->name ? nt_game_by_name(r->game) : NULL;
	if (game == NULL)
		return -1;
	if (strcmp(r->name, "xg") != 0) {
		fast_check(game, r->file, data, size);
		return 0;
	}
	uint8_t *f;
	size_t len;
	xg_wrap(data, size, 1, &f, &len);
	if (f != NULL)
		fast_check(game, r->file, f, len);
	free(f);
	return 0;
}
