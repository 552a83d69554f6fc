/*
 * notate dedup FILE|DIR...: the records that hold the same games in
 * meaning, grouped, whatever their form, layout or headers.  Each record
 * is read once and kept as a hash of its moves: where the game gives the
 * position after each move, of the positions (the same whatever the
 * form); otherwise of the moves as the game's first form spells them (the
 * record rewritten, then read again), or, for a game that writes no form,
 * as its reader spells them.  Then the hashes are sorted, so the
 * work is linear in the input but for the sort, and nothing is compared
 * pair by pair.  Nothing is deleted.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

typedef struct dd_record {
	char *name;
	uint64_t moves;               /* the hash of its games' moves */
	uint64_t bytes;               /* the hash of its bytes */
	long games;
	size_t order;                 /* in the input */
} dd_record;

typedef struct dd_run {
	cli *c;
	dd_record *v;
	size_t n, cap;
} dd_run;

/* One reading: the hash so far, and whether every move had a position. */
typedef struct dd_hash {
	uint64_t h;
	uint64_t bytes;
	long moves;
	int no_position;
	int use_text;
	long games;
	const nt_game *game;
} dd_hash;

static uint64_t
fnv(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 1099511628211ULL;
	}
	return h;
}

#define FNV_START 14695981039346656037ULL

static void
on_move(void *user, const nt_move *m)
{
	dd_hash *d = user;
	const char *what = d->use_text ? m->text : m->position;
	if (what == NULL) {
		d->no_position = 1;
		what = m->text != NULL ? m->text : "";
	}
	/* Two exports of a match by its two players write its sides the other
	   way round: positions are hashed as neither side first. */
	char pkey[256];
	if (!d->use_text && m->position != NULL &&
	    nt_position_key(d->game, what, pkey, sizeof pkey) == 0)
		what = pkey;
	/* Whether it is a position goes in too: a move's text cannot pass
	   for one. */
	long key[3] = { m->game, m->index, !d->use_text && m->position != NULL };
	d->h = fnv(d->h, key, sizeof key);
	d->h = fnv(d->h, what, strlen(what) + 1);
	d->moves++;
	if (m->game > d->games)
		d->games = m->game;
}

/* Reads the input through, hashing its bytes on the way. */
typedef struct dd_tee {
	nt_source inner;
	uint64_t *h;
	FILE *keep;                   /* NULL: nothing kept */
} dd_tee;

static long
tee_read(void *handle, void *buf, size_t size)
{
	dd_tee *t = handle;
	long n = t->inner.read(t->inner.handle, buf, size);
	if (n > 0) {
		*t->h = fnv(*t->h, buf, (size_t)n);
		if (t->keep != NULL)
			fwrite(buf, 1, (size_t)n, t->keep);
	}
	return n;
}

static int
sink_stdio(void *handle, const void *buf, size_t size)
{
	return fwrite(buf, 1, size, handle) == size ? 0 : -1;
}

/* The moves of the input (read again, or what KEEP kept of it) as its
   game's first form (FORM) spells them. */
static int
hash_rewritten(const input *in, const char *form, FILE *keep, dd_hash *d)
{
	FILE *canon = tmpfile();
	if (canon == NULL || (keep != NULL && fflush(keep) != 0)) {
		if (canon != NULL)
			fclose(canon);
		return -1;
	}
	input_again a;
	nt_source src;
	if (keep != NULL) {
		rewind(keep);
		src = nt_source_fd(fileno(keep), in->name);
	} else {
		src = cli_read_again(in, &a);
	}
	nt_sink sink = { sink_stdio, canon };
	nt_handler quiet = { .on_diag = NULL };
	nt_summary s;
	int rc = nt_convert(in->game, &src, form, &sink, &in->set->opts, &quiet,
	                    &s);
	if (rc == 0 && fflush(canon) == 0) {
		rewind(canon);
		nt_source again = nt_source_fd(fileno(canon), "canonical");
		nt_handler h = { .on_move = on_move, .user = d };
		d->h = FNV_START;
		d->moves = 0;
		d->games = 0;
		d->use_text = 1;
		rc = nt_check(in->game, &again, &in->set->opts, &h, &s);
	}
	fclose(canon);
	return rc == 0 ? 0 : -1;
}

static void
dedup_one(cli *c, const char *path, void *ctx)
{
	dd_run *r = ctx;
	input in;
	if (cli_open(c, path, &in) != 0)
		return;
	dd_hash d = { .h = FNV_START, .bytes = FNV_START, .game = in.game };
	/* Only an input that cannot be read again is copied as it is read (a
	   temporary file for each input cost dedup its system time). */
	FILE *keep = in.head.positional ? NULL : tmpfile();
	dd_tee t = { in.src, &d.bytes, keep };
	nt_source src = { tee_read, &t, in.src.name };
	nt_handler h = { .on_move = on_move, .user = &d };
	nt_summary s;
	int rc = nt_check(in.game, &src, &in.set->opts, &h, &s);
	int ok = rc == 0 && s.errors == 0;
	/* A game without positions: its moves as its first form writes them
	   (a game that writes none keeps them as read). */
	const char *form = nt_game_forms(in.game)[0];
	if (ok && form != NULL && (d.no_position || d.moves == 0) && s.moves > 0)
		ok = (keep != NULL || in.head.positional) &&
		     hash_rewritten(&in, form, keep, &d) == 0;
	if (keep != NULL)
		fclose(keep);
	if (!ok) {
		cli_note(in.name, rc != 0 ? "cannot be read" : "has errors: not "
		         "compared (see notate check)");
		raise_status(c, rc != 0 ? EXIT_UNREADABLE : EXIT_FINDINGS);
		cli_close(c, &in);
		return;
	}
	if (r->n == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 256;
		dd_record *v = realloc(r->v, cap * sizeof *v);
		if (v == NULL) {
			perror("notate");
			exit(EXIT_INTERNAL);
		}
		r->v = v;
		r->cap = cap;
	}
	dd_record *rec = &r->v[r->n];
	rec->name = strdup(in.name);
	if (rec->name == NULL) {
		perror("notate");
		exit(EXIT_INTERNAL);
	}
	rec->moves = fnv(d.h, in.game, sizeof in.game);
	rec->bytes = d.bytes;
	rec->games = d.games;
	rec->order = r->n++;
	cli_close(c, &in);
}

static int
by_hash(const void *a, const void *b)
{
	const dd_record *x = a, *y = b;
	if (x->moves != y->moves)
		return x->moves < y->moves ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* A group: its first record (the earliest in the input) and its size. */
typedef struct dd_group {
	dd_record *first;
	size_t n;
} dd_group;

static int
by_first(const void *a, const void *b)
{
	const dd_group *x = a, *y = b;
	return x->first->order < y->first->order ? -1
	       : x->first->order > y->first->order;
}

static void
print_group(cli *c, dd_record *g, size_t n)
{
	int same_bytes = 1;
	for (size_t i = 1; i < n; i++)
		same_bytes &= g[i].bytes == g[0].bytes;
	const char *differ = same_bytes ? "nothing" : "form, layout or headers";
	FILE *out = c->out;
	if (c->format == EMIT_JSON) {
		fprintf(out, "{\"games\":%ld,\"differ\":\"%s\",\"files\":[",
		        g[0].games, same_bytes ? "nothing" : "form-layout-headers");
		for (size_t i = 0; i < n; i++) {
			fputs(i ? "," : "", out);
			emit_json_string(out, g[i].name);
		}
		fputs("]}\n", out);
		return;
	}
	fprintf(out, "%zu records of the same %ld game%s (differ: %s):\n", n,
	        g[0].games, g[0].games == 1 ? "" : "s", differ);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "  %s\n", g[i].name);
}

int
cmd_dedup(cli *c)
{
	if (c->nfiles == 0)
		usage_error("dedup needs FILEs or DIRs%s", "");
	if (c->format != EMIT_GNU && c->format != EMIT_JSON)
		usage_error("dedup writes text or json%s", "");
	cli_output_open(c);
	nt_handler h;
	cli_handler(c, stderr, &h);
	dd_run r = { .c = c };
	cli_each_path(c, dedup_one, &r);
	qsort(r.v, r.n, sizeof *r.v, by_hash);
	/* The groups in the order of their first member. */
	dd_group *groups = malloc((r.n + 1) * sizeof *groups);
	if (groups == NULL) {
		perror("notate");
		exit(EXIT_INTERNAL);
	}
	size_t ngroups = 0;
	for (size_t i = 0; i < r.n;) {
		size_t j = i + 1;
		while (j < r.n && r.v[j].moves == r.v[i].moves)
			j++;
		if (j - i > 1)
			groups[ngroups++] = (dd_group){ &r.v[i], j - i };
		i = j;
	}
	qsort(groups, ngroups, sizeof *groups, by_first);
	for (size_t g = 0; g < ngroups; g++)
		print_group(c, groups[g].first, groups[g].n);
	/* As grep: 0 when some records are duplicates, 1 when none are. */
	if (c->status < EXIT_UNREADABLE)
		c->status = ngroups > 0 ? EXIT_CLEAN : EXIT_FINDINGS;
	for (size_t i = 0; i < r.n; i++)
		free(r.v[i].name);
	free(r.v);
	free(groups);
	return c->status;
}
