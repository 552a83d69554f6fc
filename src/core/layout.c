#include "core/layout.h"

#include "core/game.h"
#include "core/spool.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * How far apart a line and its match may be when fmt drops or adds lines
 * (a blank line between games, a header): past it, lines count as changed.
 */
#define LAYOUT_WINDOW 8

/* The check reads through this, and every byte is kept for fmt. */
typedef struct tee {
	const nt_source *inner;
	nt_spool *keep;
	int ended;
} tee;

static long
tee_read(void *handle, void *buf, size_t size)
{
	tee *t = handle;
	long n = t->inner->read(t->inner->handle, buf, size);
	if (n > 0)
		nt_spool_write(t->keep, buf, (size_t)n);
	if (n == 0)
		t->ended = 1;
	return n;
}

/* What the check left unread (a game may stop at the end of its record):
   fmt --check compares the whole file. */
static int
tee_drain(tee *t)
{
	char buf[4096];
	while (!t->ended)
		if (tee_read(t, buf, sizeof buf) < 0)
			return -1;
	return 0;
}

typedef struct spool_reader {
	nt_spool *s;
	nt_spool_pos at;
} spool_reader;

static long
spool_source_read(void *handle, void *buf, size_t size)
{
	spool_reader *r = handle;
	nt_spool_pos left = r->s->size - r->at;
	size_t n = left < size ? (size_t)left : size;
	if (n > 0 && nt_spool_read(r->s, r->at, buf, n) != 0)
		return -1;
	r->at += n;
	return (long)n;
}

static int
spool_sink_write(void *handle, const void *buf, size_t size)
{
	return nt_spool_write(handle, buf, size);
}

/*
 * Each line as a hash of its bytes and its end (so that a CR LF line and
 * an LF line differ, as fmt --check compares bytes), into a spool of
 * uint64_t: memory stays flat however long the file or a line.  Lines end
 * as the game's diagnostics count them (LAYOUT).
 */
typedef struct line_hasher {
	nt_spool *out;
	uint64_t h;
	int open;               /* a line has begun */
	int cr;                 /* it ended in a CR alone, so far */
	nt_text_layout layout;
} line_hasher;

#define FNV_OFFSET 1469598103934665603ull
#define FNV_PRIME 1099511628211ull

static void
hasher_end(line_hasher *lh)
{
	uint64_t h = lh->h;
	nt_spool_write(lh->out, &h, sizeof h);
	lh->h = FNV_OFFSET;
	lh->open = 0;
	lh->cr = 0;
}

static void
hasher_feed(line_hasher *lh, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = p[i];
		if (lh->cr && c != '\n')
			hasher_end(lh);
		lh->h = (lh->h ^ c) * FNV_PRIME;
		lh->open = 1;
		lh->cr = 0;
		if (c == '\n')
			hasher_end(lh);
		else if (c == '\r' && lh->layout.cr_ends_line)
			lh->cr = 1;
	}
}

/* The line hashes of S into OUT: the number of lines, or -1. */
static long
hash_lines(nt_spool *s, nt_spool *out, nt_text_layout layout)
{
	line_hasher lh = { out, FNV_OFFSET, 0, 0, layout };
	unsigned char buf[4096];
	for (nt_spool_pos at = 0; at < s->size;) {
		size_t n = s->size - at < sizeof buf ? (size_t)(s->size - at)
		                                     : sizeof buf;
		if (nt_spool_read(s, at, buf, n) != 0)
			return -1;
		hasher_feed(&lh, buf, n);
		at += n;
	}
	if (lh.open)
		hasher_end(&lh);
	if (out->failed)
		return -1;
	return (long)(out->size / sizeof(uint64_t));
}

typedef struct lines {
	nt_spool *s;
	long n;
} lines;

static uint64_t
line_at(const lines *l, long i)
{
	uint64_t h = 0;
	if (nt_spool_read(l->s, (nt_spool_pos)i * sizeof h, &h, sizeof h) != 0)
		return 0;
	return h;
}

/* Whether A's line I and B's line J match, and so do the lines after
   them (or both end there): one equal line, a blank one say, is no
   proof that the two are back in step. */
static int
in_step(const lines *a, long i, const lines *b, long j)
{
	if (i >= a->n || j >= b->n || line_at(a, i) != line_at(b, j))
		return 0;
	if (i + 1 >= a->n || j + 1 >= b->n)
		return i + 1 >= a->n && j + 1 >= b->n;
	return line_at(a, i + 1) == line_at(b, j + 1);
}

typedef struct finder {
	nt_run *run;
	const nt_code_info *code;
	const nt_line_set *covered;
	unsigned long last;     /* the line told last */
} finder;

/* What fmt does to a line, as the finding says it. */
enum layout_change { LAYOUT_CHANGED, LAYOUT_DROPPED, LAYOUT_ADDED_BEFORE,
                     LAYOUT_ADDED_AFTER };

static void
tell(finder *f, long index, enum layout_change how)
{
	static const char *const what[] = {
		"",
		" (a line it does not have)",
		" (it has a line before this one)",
		" (it has a line after this one)",
	};
	unsigned long line = (unsigned long)index + 1;
	if (line == f->last || nt_line_set_has(f->covered, line))
		return;
	f->last = line;
	nt_loc at = { line, 1 };
	nt_emit(&f->run->rep, f->code, at, at, 0, 0,
	        "layout differs from the canonical form%s; `notate fmt` "
	        "rewrites it", what[how]);
}

/*
 * Walks the input's lines (IN) beside fmt's (OUT) and tells every input
 * line fmt changes or drops, and the line before which it adds some.  A
 * change always yields at least one line, so that lint finds something
 * exactly when fmt --check would rewrite.
 */
static void
compare(finder *f, const lines *in, const lines *out)
{
	long i = 0, j = 0;
	while (i < in->n || j < out->n) {
		if (i < in->n && j < out->n && line_at(in, i) == line_at(out, j)) {
			i++, j++;
			continue;
		}
		if (i >= in->n) {       /* fmt adds lines at the end */
			tell(f, in->n > 0 ? in->n - 1 : 0, LAYOUT_ADDED_AFTER);
			return;
		}
		if (j >= out->n) {      /* fmt drops the last lines */
			for (; i < in->n; i++)
				tell(f, i, LAYOUT_DROPPED);
			return;
		}
		long k = 1;
		for (; k <= LAYOUT_WINDOW; k++) {
			if (in_step(in, i + k, out, j)) {       /* dropped */
				for (long d = 0; d < k; d++)
					tell(f, i + d, LAYOUT_DROPPED);
				i += k;
				break;
			}
			if (in_step(in, i, out, j + k)) {       /* added */
				tell(f, i, LAYOUT_ADDED_BEFORE);
				j += k;
				break;
			}
		}
		if (k > LAYOUT_WINDOW) {                        /* changed */
			tell(f, i, LAYOUT_CHANGED);
			i++, j++;
		}
	}
}

/* fmt over the input held in IN, into OUT: 0 when it wrote it. */
static int
run_fmt(const struct nt_game *game, const nt_run *run, nt_spool *in,
        nt_spool *out)
{
	spool_reader r = { in, 0 };
	nt_source src = { spool_source_read, &r, run->src->name };
	nt_options opts = *run->opts;
	opts.lint = 0;
	nt_summary summary;
	memset(&summary, 0, sizeof summary);
	nt_run fr;
	memset(&fr, 0, sizeof fr);
	fr.src = &src;
	fr.opts = &opts;
	nt_sink sink = { spool_sink_write, out };
	fr.out = &sink;
	/* Its diagnostics are the check's, told already. */
	nt_reporter_init(&fr.rep, NULL, src.name, &summary, 0);
	fr.rep.strict = opts.strict;
	fr.rep.trace = NULL;
	fr.fmt_form = nt_game_fmt_form(game, src.name);
	int rc = game->format(&fr);
	return rc == 0 && fr.rep.errors == 0 && !out->failed ? 0 : -1;
}

static void
layout_findings(const struct nt_game *game, nt_run *run, nt_spool *input,
                const nt_line_set *covered)
{
	nt_spool formatted, in_hash, out_hash;
	nt_spool_init(&formatted, 0);
	nt_spool_init(&in_hash, 0);
	nt_spool_init(&out_hash, 0);
	if (run_fmt(game, run, input, &formatted) == 0) {
		nt_text_layout layout = game->layout;
		lines in = { &in_hash, hash_lines(input, &in_hash, layout) };
		lines out = { &out_hash, hash_lines(&formatted, &out_hash, layout) };
		finder f = { run, game->layout_code, covered, 0 };
		if (in.n >= 0 && out.n >= 0)
			compare(&f, &in, &out);
	}
	nt_spool_free(&formatted);
	nt_spool_free(&in_hash);
	nt_spool_free(&out_hash);
}

int
nt_layout_check(const struct nt_game *game, nt_run *run)
{
	const nt_source *src = run->src;
	nt_spool input;
	nt_spool_init(&input, 0);
	tee t = { src, &input, 0 };
	nt_source teed = { tee_read, &t, src->name };
	nt_line_set covered;
	nt_line_set_init(&covered);
	run->src = &teed;
	run->rep.style_lines = &covered;
	int rc = game->check(run);
	run->src = src;
	run->rep.style_lines = NULL;
	/* fmt refuses a record with an error, ignored ones too; a file that
	   could not be read, or kept, has no canonical form to compare. */
	if (rc == 0 && run->rep.errors == 0 && !run->rep.summary->unreadable &&
	    !covered.failed && tee_drain(&t) == 0 && !input.failed) {
		nt_line_set_done(&covered);
		layout_findings(game, run, &input, &covered);
	}
	nt_line_set_free(&covered);
	nt_spool_free(&input);
	return rc;
}
