/* Opening inputs, recognising their game, and walking folders. */
/* d_type in struct dirent spares a stat() per file when walking folders. */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

static ssize_t
read_more(head_source *hs, void *buf, size_t size)
{
	if (!hs->positional)
		return read(hs->fd, buf, size);
	ssize_t n = pread(hs->fd, buf, size, hs->offset);
	if (n > 0)
		hs->offset += n;
	return n;
}

static long
head_read(void *handle, void *buf, size_t size)
{
	head_source *hs = handle;
	if (hs->pos < hs->size) {
		size_t n = hs->size - hs->pos;
		if (n > size)
			n = size;
		memcpy(buf, hs->head + hs->pos, n);
		hs->pos += n;
		return (long)n;
	}
	return (long)read_more(hs, buf, size);
}

/* Reads ahead the first bytes, for recognising the game by content. */
static int
read_head(head_source *hs)
{
	hs->size = hs->pos = 0;
	while (hs->size < sizeof hs->head) {
		ssize_t n = read_more(hs, hs->head + hs->size,
		                      sizeof hs->head - hs->size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		hs->size += (size_t)n;
	}
	return 0;
}

static int
fail(input *in, char *why, size_t whysize, const char *reason)
{
	snprintf(why, whysize, "%s", reason);
	if (in->fd >= 0 && in->fd != STDIN_FILENO)
		close(in->fd);
	in->fd = -1;
	return -1;
}

/* IN->name is set whatever happens, for the message of a failure. */
int
input_open(const cli *c, const char *path, const nt_game *sniffed,
           input *in, char *why, size_t whysize)
{
	memset(in, 0, sizeof *in);
	in->path = path;
	int is_stdin = strcmp(path, "-") == 0;
	if (is_stdin) {
		in->fd = STDIN_FILENO;
		in->name = c->stdin_name ? c->stdin_name : "<stdin>";
	} else {
		in->name = path;
		in->fd = open(path, O_RDONLY);
		if (in->fd < 0)
			return fail(in, why, whysize, strerror(errno));
	}
	struct stat st;
	int is_file = fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode);
	if (!is_stdin && !is_file && S_ISDIR(st.st_mode))
		return fail(in, why, whysize, "is a directory (use -r to check "
		            "the records in it)");
	in->head.fd = in->fd;
	/* Standard input may be a file read from somewhere in it already. */
	in->start = is_stdin && is_file ? lseek(in->fd, 0, SEEK_CUR) : 0;
	if (in->start < 0)
		in->start = 0;
	/* Standard input is read with read(2), which moves its offset as a
	 * caller that reads on after notate expects. */
	in->head.positional = is_file && !is_stdin;
	in->head.offset = in->start;
	in->game = c->game;
	const char *named = is_stdin ? c->stdin_name : path;
	if (in->game == NULL && named != NULL)
		in->game = nt_game_for_path(named);
	/* An extension other programs use too: the content must say so. */
	if (c->game == NULL && in->game != NULL &&
	    nt_game_path_shared(in->game, named)) {
		char what[200], refused[300];
		if (read_head(&in->head) != 0)
			return fail(in, why, whysize, strerror(errno));
		if (nt_game_claims(in->game, in->head.head, in->head.size, what,
		                   sizeof what) != 0) {
			snprintf(refused, sizeof refused, "%s (--game %s reads it as "
			         "%s anyway)", what, nt_game_name(in->game),
			         nt_game_name(in->game));
			return fail(in, why, whysize, refused);
		}
	}
	if (in->game == NULL)
		in->game = sniffed;
	if (in->game == NULL) {
		if (read_head(&in->head) != 0)
			return fail(in, why, whysize, strerror(errno));
		in->game = nt_game_sniff(in->head.head, in->head.size);
	}
	if (in->game == NULL)
		return fail(in, why, whysize, "cannot tell which game this is; name "
		            "it with --game");
	in->src.read = head_read;
	in->src.handle = &in->head;
	in->src.name = in->name;
	return 0;
}

int
cli_open(cli *c, const char *path, input *in)
{
	char why[256];
	const settings *set = cli_settings_for(c, path);
	int opened = input_open(c, path, cli_walk_sniffed(c, path), in, why,
	                        sizeof why);
	in->set = set;
	if (opened == 0) {
		if (c->show_context)
			context_attach(&c->ctx, in->fd, in->start, in->game);
		return 0;
	}
	/* Named as its diagnostics would name it: <stdin>, or --stdin-name. */
	cli_cannot_read(c, in->name, why);
	return -1;
}

void
input_close(input *in)
{
	if (in->fd >= 0 && in->fd != STDIN_FILENO)
		close(in->fd);
	in->fd = -1;
}

void
cli_close(cli *c, input *in)
{
	context_detach(&c->ctx);
	input_close(in);
}

static long
again_read(void *handle, void *buf, size_t size)
{
	input_again *a = handle;
	ssize_t n = pread(a->fd, buf, size, a->at);
	if (n > 0)
		a->at += n;
	return (long)n;
}

nt_source
cli_read_again(const input *in, input_again *a)
{
	*a = (input_again){ in->fd, in->start };
	return (nt_source){ again_read, a, in->name };
}

/* A glob with a '/' matches the whole path, otherwise the file name. */
static int
glob_matches(const char *glob, const char *path, const char *name)
{
	if (strchr(glob, '/') != NULL)
		return fnmatch(glob, path, FNM_PATHNAME) == 0;
	return fnmatch(glob, name, 0) == 0;
}

/* The game a file's first bytes name, or NULL (unreadable: NULL too, and
 * the file is handed over, to be reported as what it is). */
static const nt_game *
sniff_file(const char *path, int *unreadable)
{
	head_source hs;
	memset(&hs, 0, sizeof hs);
	hs.fd = open(path, O_RDONLY);
	*unreadable = hs.fd < 0;
	if (hs.fd < 0)
		return NULL;
	hs.positional = 1;
	*unreadable = read_head(&hs) != 0;
	close(hs.fd);
	return *unreadable ? NULL : nt_game_sniff(hs.head, hs.size);
}

/*
 * Whether a name that no game claims may still hold a record: exporters
 * name them .txt or give them no extension.  Any other extension says the
 * file is something else (a .diff of records reads like moves, too).
 */
static int
may_be_record(const char *name)
{
	const char *dot = strrchr(name, '.');
	return dot == NULL || dot == name || strcasecmp(dot, ".txt") == 0 ||
	       strcasecmp(dot, ".text") == 0;
}

enum { FOUND_NO, FOUND_RECORD, FOUND_NOT_RECORD, FOUND_OTHER_GAME };

/*
 * In a folder: files that some game (or --game) claims by their name, or
 * else by their content (exporters name records .txt or nothing), that
 * the globs let through.
 */
static int
found_in_folder(const cli *c, const char *path, const char *name,
                const nt_game **sniffed)
{
	*sniffed = NULL;
	if (c->ninclude > 0) {
		int any = 0;
		for (int i = 0; i < c->ninclude && !any; i++)
			any = glob_matches(c->include[i], path, name);
		if (!any)
			return FOUND_NO;
	}
	for (int i = 0; i < c->nexclude; i++)
		if (glob_matches(c->exclude[i], path, name))
			return FOUND_NO;
	const nt_game *g = nt_game_for_path(name);
	/* An explicit include names what it means: --game tells its game. */
	if (g == NULL && c->ninclude > 0 && c->game != NULL)
		g = c->game;
	if (g == NULL && may_be_record(name)) {
		int unreadable;
		g = sniff_file(path, &unreadable);
		if (unreadable)
			return FOUND_RECORD;
		*sniffed = g;
	}
	if (g == NULL)
		return FOUND_NOT_RECORD;
	return c->game == NULL || g == c->game ? FOUND_RECORD : FOUND_OTHER_GAME;
}

/* The folders being walked, innermost first: a link back to one of them
 * would walk it again and again. */
typedef struct ancestor {
	dev_t dev;
	ino_t ino;
	const struct ancestor *up;
} ancestor;

static void walk(cli *c, const char *path, path_fn fn, void *ctx,
                 const ancestor *up);

/*
 * A folder's entries, read whole to be sorted: the names packed in one
 * buffer, each after the type byte readdir gave (DT_DIR, DT_REG, ...), and
 * an array of where each name is, which is what gets sorted.
 */
typedef struct listing {
	char *names;
	size_t len, cap;
	uint32_t *at;
	size_t n, max;
	size_t longest;           /* the longest name's length */
} listing;

static void
no_memory(void)
{
	perror("notate");
	exit(EXIT_INTERNAL);
}

static void
listing_add(listing *l, const char *name, unsigned char type)
{
	size_t len = strlen(name) + 2;
	if (len - 2 > l->longest)
		l->longest = len - 2;
	if (l->len + len > l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 4096;
		while (cap < l->len + len)
			cap *= 2;
		char *names = realloc(l->names, cap);
		if (names == NULL)
			no_memory();
		l->names = names;
		l->cap = cap;
	}
	if (l->n == l->max) {
		size_t max = l->max ? l->max * 2 : 256;
		uint32_t *at = realloc(l->at, max * sizeof *at);
		if (at == NULL)
			no_memory();
		l->at = at;
		l->max = max;
	}
	if (l->len + len > UINT32_MAX) {
		fprintf(stderr, "notate: a folder with more than 4 GB of names\n");
		exit(EXIT_INTERNAL);
	}
	l->names[l->len] = (char)type;
	memcpy(l->names + l->len + 1, name, len - 1);
	l->at[l->n++] = (uint32_t)(l->len + 1);
	l->len += len;
}

static unsigned char
entry_type(const listing *l, size_t i)
{
	return (unsigned char)l->names[l->at[i] - 1];
}

/* Sorts the runs of RUN names of V (sorted in byte order, the same on
 * every machine whatever the locale) by insertion. */
static void
sort_runs(uint32_t *v, size_t n, size_t run, const char *names)
{
	for (size_t from = 0; from < n; from += run) {
		size_t to = from + run < n ? from + run : n;
		for (size_t i = from + 1; i < to; i++) {
			uint32_t x = v[i];
			size_t j = i;
			for (; j > from && strcmp(names + v[j - 1], names + x) > 0; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
	}
}

/*
 * A merge sort, bottom up, between V and a second array: about half the
 * comparisons of a heap sort, in order through memory (a folder of
 * 150,000 names is listed before its first file can be checked).
 */
static void
sort_names(uint32_t *v, size_t n, const char *names)
{
	enum { RUN = 16 };
	sort_runs(v, n, RUN, names);
	if (n <= RUN)
		return;
	uint32_t *spare = malloc(n * sizeof *spare);
	if (spare == NULL)
		no_memory();
	uint32_t *from = v, *to = spare;
	for (size_t width = RUN; width < n; width *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * width) {
			size_t mid = lo + width < n ? lo + width : n;
			size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
			size_t a = lo, b = mid, k = lo;
			while (a < mid && b < hi)
				to[k++] = strcmp(names + from[b], names + from[a]) < 0
					? from[b++] : from[a++];
			while (a < mid)
				to[k++] = from[a++];
			while (b < hi)
				to[k++] = from[b++];
		}
		uint32_t *t = from;
		from = to;
		to = t;
	}
	if (from != v)
		memcpy(v, from, n * sizeof *v);
	free(spare);
}

static int
read_listing(const char *path, listing *l)
{
	DIR *d = opendir(path);
	if (d == NULL)
		return -1;
	struct dirent *de;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			listing_add(l, de->d_name, de->d_type);
	closedir(d);
	sort_names(l->at, l->n, l->names);
	return 0;
}

/* A record found in a folder that -o would replace: as for -o onto a
 * file named as input, a usage error, with nothing written. */
static void
refuse_output(cli *c, const char *path)
{
	struct stat st;
	if (c->output_exists && stat(path, &st) == 0 &&
	    st.st_dev == c->output_dev && st.st_ino == c->output_ino)
		cli_usage_error(c, "-o '%s' is an input found in a folder; only "
		                "convert and fmt replace inputs, with --in-place",
		                c->output);
}

static void
walk_note(cli *c, const char *path, const char *text, int unreadable,
          void *ctx)
{
	if (c->on_note != NULL)
		c->on_note(c, path, text, unreadable, ctx);
	else if (unreadable)
		cli_cannot_read(c, path, text);
	else
		cli_note(path, text);
}

const nt_game *
cli_walk_sniffed(const cli *c, const char *path)
{
	return path == c->walk_path ? c->walk_game : NULL;
}

static void
skip_or_take(cli *c, const char *path, path_fn fn, void *ctx, int found,
             const nt_game *sniffed)
{
	if (found == FOUND_RECORD) {
		refuse_output(c, path);
		c->records_found++;
		c->walk_path = path;
		c->walk_game = sniffed;
		fn(c, path, ctx);
		c->walk_path = NULL;
		c->walk_game = NULL;
		return;
	}
	if (found == FOUND_NO)
		return;
	if (found == FOUND_NOT_RECORD)
		c->totals.skipped++;
	else
		c->totals.skipped_game++;
	if (c->verbose && !c->quiet)
		walk_note(c, path, found == FOUND_NOT_RECORD ? "skipped: not a record"
		          : "skipped: a record of another game than --game", 0, ctx);
}

static void
walk_folder(cli *c, const char *path, const struct stat *st, path_fn fn,
            void *ctx, const ancestor *up)
{
	for (const ancestor *a = up; a != NULL; a = a->up)
		if (a->dev == st->st_dev && a->ino == st->st_ino) {
			walk_note(c, path, "skipped: it leads back to a folder already "
			          "being walked", 0, ctx);
			return;
		}
	ancestor here = { st->st_dev, st->st_ino, up };
	listing l;
	memset(&l, 0, sizeof l);
	if (read_listing(path, &l) != 0) {
		walk_note(c, path, strerror(errno), 1, ctx);
		return;
	}
	/* Every path of the folder is built in one buffer: FN copies what it
	 * keeps. */
	size_t prefix = strlen(path);
	char *sub = malloc(prefix + l.longest + 2);
	if (sub == NULL)
		no_memory();
	memcpy(sub, path, prefix);
	sub[prefix] = '/';
	for (size_t i = 0; i < l.n && !c->stopped; i++) {
		const char *name = l.names + l.at[i];
		unsigned char type = entry_type(&l, i);
		memcpy(sub + prefix + 1, name, strlen(name) + 1);
		int is_dir = type == DT_DIR;
		/* FIFOs, sockets and devices hold no records: reading one could
		 * wait for ever.  (Named on the command line, they are read.) */
		int is_special = type != DT_DIR && type != DT_REG &&
		                 type != DT_UNKNOWN && type != DT_LNK;
		if (type == DT_UNKNOWN || type == DT_LNK) {
			struct stat st;
			/* A broken link is kept, to be reported unreadable. */
			if (stat(sub, &st) == 0) {
				is_dir = S_ISDIR(st.st_mode);
				is_special = !is_dir && !S_ISREG(st.st_mode);
			}
		}
		if (is_special)
			continue;
		if (is_dir) {
			int excluded = 0;
			for (int k = 0; k < c->nexclude && !excluded; k++)
				excluded = glob_matches(c->exclude[k], sub, name);
			if (!excluded)
				walk(c, sub, fn, ctx, &here);
		} else {
			const nt_game *sniffed;
			int found = found_in_folder(c, sub, name, &sniffed);
			skip_or_take(c, sub, fn, ctx, found, sniffed);
		}
	}
	free(sub);
	free(l.names);
	free(l.at);
}

static void
walk(cli *c, const char *path, path_fn fn, void *ctx, const ancestor *up)
{
	struct stat st;
	if (c->recursive && strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
	    S_ISDIR(st.st_mode))
		walk_folder(c, path, &st, fn, ctx, up);
	else
		fn(c, path, ctx);
}

/* A folder given that holds no record: a silent pass would hide it. */
static void
none_found(cli *c, const char *path, long long skipped, void *ctx)
{
	char why[256];
	const char *const *ext = NULL;
	char names[160] = "";
	for (size_t g = 0; g < nt_game_count(); g++) {
		if (c->game != NULL && nt_game_at(g) != c->game)
			continue;
		for (ext = nt_game_extensions(nt_game_at(g)); *ext; ext++) {
			size_t n = strlen(names);
			snprintf(names + n, sizeof names - n, "%s%s", n ? " " : "", *ext);
		}
	}
	if (skipped > 0)
		snprintf(why, sizeof why, "no records found (%lld file%s skipped: "
		         "not %s record)", skipped, skipped == 1 ? "" : "s",
		         c->game != NULL ? "a matching" : "a");
	else
		snprintf(why, sizeof why, "no records found (no file named %s, and "
		         "none whose content names a game)", names);
	walk_note(c, path, why, 1, ctx);
}

void
cli_each_path(cli *c, path_fn fn, void *ctx)
{
	for (int i = 0; i < c->nfiles && !c->stopped; i++) {
		struct stat st;
		int folder = c->recursive && strcmp(c->files[i], "-") != 0 &&
		             stat(c->files[i], &st) == 0 && S_ISDIR(st.st_mode);
		long long found = c->records_found;
		long long skipped = c->totals.skipped + c->totals.skipped_game;
		walk(c, c->files[i], fn, ctx, NULL);
		if (folder && c->records_found == found && !c->stopped)
			none_found(c, c->files[i], c->totals.skipped +
			           c->totals.skipped_game - skipped, ctx);
	}
}
