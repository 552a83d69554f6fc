#include "support/support.h"
#include "support/text_run.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct mem_sink {
	char *buf;
	size_t len;
	size_t cap;
} mem_sink;

static int
mem_write(void *handle, const void *data, size_t size)
{
	mem_sink *m = handle;
	if (m->len + size + 1 > m->cap) {
		size_t cap = (m->cap ? m->cap * 2 : 4096);
		while (cap < m->len + size + 1)
			cap *= 2;
		char *b = realloc(m->buf, cap);
		if (b == NULL)
			return -1;
		m->buf = b;
		m->cap = cap;
	}
	memcpy(m->buf + m->len, data, size);
	m->len += size;
	m->buf[m->len] = '\0';
	return 0;
}

static void
collect(void *user, const nt_diag *d)
{
	ts_result *r = user;
	if (r->ndiags >= TS_MAX_DIAGS)
		return;
	ts_diag *t = &r->diags[r->ndiags++];
	snprintf(t->code, sizeof t->code, "%s", d->code);
	snprintf(t->message, sizeof t->message, "%s", d->message);
	nt_format_diag(d, t->line, sizeof t->line);
	t->lineno = d->begin.line;
	t->col = d->begin.col;
	t->end_lineno = d->end.line;
	t->end_col = d->end.col;
	t->game = d->game;
	t->move = d->move;
	t->severity = d->severity;
	t->has_place = d->place != NULL;
	if (d->place != NULL) {
		snprintf(t->where, sizeof t->where, "%s", d->place->where);
		snprintf(t->context, sizeof t->context, "%s",
		         d->place->context ? d->place->context : "");
		t->offset = d->place->offset;
		t->record = d->place->record;
		t->place_game = d->place->game;
		t->row = d->place->row;
	}
}

static void
options_from(const ts_config *cfg, nt_options *o)
{
	memset(o, 0, sizeof *o);
	if (cfg == NULL)
		return;
	o->buffer_size = cfg->buffer_size;
	o->strict = cfg->strict;
	o->lenient = cfg->lenient;
	o->lint = cfg->lint;
	o->rules = cfg->rules;
	o->nrules = cfg->nrules;
	o->ignore = cfg->ignore;
	o->nignore = cfg->nignore;
}

static const nt_game *
game_named(const char *game)
{
	const nt_game *g = nt_game_by_name(game);
	ck_assert_msg(g != NULL, "no game %s", game);
	return g;
}

enum op { OP_CHECK, OP_CONVERT, OP_FORMAT, OP_SHOW };

char *
ts_list_moves(const char *game, const char *position, int form)
{
	mem_sink ms = { NULL, 0, 0 };
	nt_sink out = { mem_write, &ms };
	ck_assert_int_eq(mem_write(&ms, "", 0), 0);
	nt_options o;
	memset(&o, 0, sizeof o);
	nt_moves_request req = { .position = position, .form = form };
	ck_assert_int_eq(nt_list_moves(game_named(game), &req, &o, &out, &out), 0);
	return ms.buf;
}

static void
run_op(int op, const char *game, const char *name, const char *text,
       size_t len, const char *form, const nt_show_request *req,
       const ts_config *cfg, ts_result *out)
{
	memset(out, 0, sizeof *out);
	ts_mem_source m = { .text = text, .len = len, .chunk = cfg ? cfg->read_chunk : 0 };
	nt_source src = { ts_mem_read, &m, name };
	nt_options o;
	options_from(cfg, &o);
	nt_handler h = { .on_diag = collect, .on_move = NULL, .user = out };
	mem_sink ms = { NULL, 0, 0 };
	nt_sink sink = { mem_write, &ms };
	const nt_game *g = game_named(game);
	switch (op) {
	case OP_CHECK:
		out->rc = nt_check(g, &src, &o, &h, &out->summary);
		break;
	case OP_CONVERT:
		out->rc = nt_convert(g, &src, form, &sink, &o, &h, &out->summary);
		break;
	case OP_FORMAT:
		out->rc = nt_format(g, &src, &sink, &o, &h, &out->summary);
		break;
	default:
		out->rc = nt_show(g, &src, req, &sink, &o, &h, &out->summary);
		break;
	}
	/* check writes nothing: no buffer, so callers need not free one. */
	if (ms.buf == NULL && op != OP_CHECK)
		mem_write(&ms, "", 0);
	out->output = ms.buf;
	out->output_len = ms.len;
}

void
ts_check(const char *game, const char *name, const char *text, size_t len,
         const ts_config *cfg, ts_result *out)
{
	run_op(OP_CHECK, game, name, text, len, NULL, NULL, cfg, out);
}

void
ts_convert(const char *game, const char *name, const char *text, size_t len,
           const char *form, const ts_config *cfg, ts_result *out)
{
	run_op(OP_CONVERT, game, name, text, len, form, NULL, cfg, out);
}

void
ts_format(const char *game, const char *name, const char *text, size_t len,
          const ts_config *cfg, ts_result *out)
{
	run_op(OP_FORMAT, game, name, text, len, NULL, NULL, cfg, out);
}

void
ts_show(const char *game, const char *name, const char *text, size_t len,
        const nt_show_request *req, const ts_config *cfg, ts_result *out)
{
	run_op(OP_SHOW, game, name, text, len, NULL, req, cfg, out);
}

void
ts_check_str(const char *game, const char *text, ts_result *out)
{
	ts_check(game, "t", text, strlen(text), NULL, out);
}

void
ts_free(ts_result *r)
{
	free(r->output);
	r->output = NULL;
}

char *
ts_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap + 1);
	size_t got;
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			cap *= 2;
			char *b = realloc(buf, cap + 1);
			if (b == NULL) {
				free(buf);
				buf = NULL;
			}
			buf = b;
		}
	}
	fclose(f);
	if (buf == NULL)
		return NULL;
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

const char *
ts_shared(const char *rel, char *buf, size_t size)
{
	const char *root = getenv("SHARED");
	snprintf(buf, size, "%s/%s", root && *root ? root : "../shared", rel);
	return buf;
}

/* Reads all of FD into a malloc'd string. */
static char *
slurp_fd(int fd)
{
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	for (;;) {
		if (n + 1 >= cap) {
			cap *= 2;
			buf = realloc(buf, cap);
		}
		ssize_t got = read(fd, buf + n, cap - n - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		n += (size_t)got;
	}
	buf[n] = '\0';
	return buf;
}

const char *
ts_notate_test(void)
{
	const char *bin = getenv("NOTATE_TEST");
	return bin != NULL && *bin != '\0' ? bin : "build/tests/notate";
}

int
ts_run(const char *const argv[], const char *stdin_text, char **out, char **err)
{
	const char *bin = getenv("NOTATE");
	if (bin == NULL || *bin == '\0')
		bin = "build/notate";
	return ts_run_bin(bin, argv, stdin_text, out, err);
}

int
ts_run_bin(const char *bin, const char *const argv[], const char *stdin_text,
           char **out, char **err)
{
	char outpath[] = "/tmp/nt-out-XXXXXX";
	char errpath[] = "/tmp/nt-err-XXXXXX";
	char inpath[] = "/tmp/nt-in-XXXXXX";
	int ofd = mkstemp(outpath), efd = mkstemp(errpath), ifd = mkstemp(inpath);
	ck_assert(ofd >= 0 && efd >= 0 && ifd >= 0);
	if (stdin_text)
		ck_assert(write(ifd, stdin_text, strlen(stdin_text)) ==
		          (ssize_t)strlen(stdin_text));
	lseek(ifd, 0, SEEK_SET);
	size_t argc = 0;
	while (argv[argc])
		argc++;
	char **args = calloc(argc + 2, sizeof *args);
	args[0] = (char *)bin;
	for (size_t i = 0; i < argc; i++)
		args[i + 1] = (char *)argv[i];
	pid_t pid = fork();
	if (pid == 0) {
		dup2(ifd, 0);
		dup2(ofd, 1);
		dup2(efd, 2);
		execv(bin, args);
		_exit(127);
	}
	free(args);
	int status = 0;
	waitpid(pid, &status, 0);
	lseek(ofd, 0, SEEK_SET);
	lseek(efd, 0, SEEK_SET);
	char *o = slurp_fd(ofd), *e = slurp_fd(efd);
	close(ofd);
	close(efd);
	close(ifd);
	unlink(outpath);
	unlink(errpath);
	unlink(inpath);
	if (out)
		*out = o;
	else
		free(o);
	if (err)
		*err = e;
	else
		free(e);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

char *
ts_tmpdir(void)
{
	char tmpl[] = "/tmp/nt-test-XXXXXX";
	char *d = mkdtemp(tmpl);
	ck_assert(d != NULL);
	return strdup(d);
}

void
ts_rmtree(const char *path)
{
	DIR *dir = opendir(path);
	if (dir != NULL) {
		struct dirent *e;
		while ((e = readdir(dir)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			char sub[PATH_MAX];
			snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
			struct stat st;
			if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode))
				ts_rmtree(sub);
			else
				unlink(sub);
		}
		closedir(dir);
	}
	rmdir(path);
}

int
ts_write_file(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (f == NULL)
		return -1;
	size_t n = fwrite(text, 1, len, f);
	return fclose(f) == 0 && n == len ? 0 : -1;
}

int
ts_read_tsv(const char *path, ts_row_fn fn, void *ctx)
{
	char *text = ts_read_file(path, NULL);
	if (text == NULL)
		return -1;
	int lineno = 0;
	char *save = NULL;
	for (char *line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (lineno++ == 0)
			continue;
		size_t l = strlen(line);
		if (l && line[l - 1] == '\r')
			line[l - 1] = '\0';
		char *fields[16];
		int n = 0;
		char *p = line;
		fields[n++] = p;
		while ((p = strchr(p, '\t')) != NULL && n < 16) {
			*p++ = '\0';
			fields[n++] = p;
		}
		fn(ctx, fields, n);
	}
	free(text);
	return 0;
}

static int
name_order(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

int
ts_each_shared_file(const char *rel, const char *ext, ts_file_fn fn, void *ctx)
{
	char dir[512];
	ts_shared(rel, dir, sizeof dir);
	return ts_each_file(dir, ext, fn, ctx);
}

int
ts_each_file(const char *dir, const char *ext, ts_file_fn fn, void *ctx)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, name_order);
	if (n < 0)
		return -1;
	int done = 0;
	size_t ext_len = strlen(ext);
	for (int i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		size_t len = strlen(name);
		if (len > ext_len && strcmp(name + len - ext_len, ext) == 0) {
			char path[1024];
			snprintf(path, sizeof path, "%s/%s", dir, name);
			fn(ctx, path);
			done++;
		}
		free(names[i]);
	}
	free(names);
	return done;
}

/* The folder of the running test; each test runs in its own process. */
static char *test_dir;

void
ts_dir_setup(void)
{
	test_dir = ts_tmpdir();
}

void
ts_dir_teardown(void)
{
	ts_rmtree(test_dir);
	free(test_dir);
	test_dir = NULL;
}

const char *
ts_dir(void)
{
	return test_dir;
}

char *
ts_in_dir(const char *name, const char *text)
{
	char *path = malloc(strlen(test_dir) + strlen(name) + 2);
	sprintf(path, "%s/%s", test_dir, name);
	if (text != NULL)
		ck_assert_int_eq(ts_write_file(path, text, strlen(text)), 0);
	return path;
}

/* The board of TEXT after MOVE, as text or SVG (malloc'd); NULL when the
   record has no such move. */
static char *
board_at(const char *game, const char *text, long move, int svg)
{
	nt_show_request req = { .move = move, .game_no = -1, .ply = -1,
	                        .svg = svg };
	ts_result r;
	ts_show(game, "t", text, strlen(text), &req, NULL, &r);
	char *out = r.rc == 0 ? r.output : NULL;
	if (out != NULL)
		r.output = NULL;
	ts_free(&r);
	return out;
}

int
ts_svg_shows_text_lines(const char *game, const char *text,
                        const long *moves, int nmoves,
                        const char *const *prefixes)
{
	int compared = 0;
	for (int m = 0; m < nmoves; m++) {
		char *t = board_at(game, text, moves[m], 0);
		if (t == NULL)
			continue;
		char *s = board_at(game, text, moves[m], 1);
		ck_assert_ptr_nonnull(s);
		for (char *line = t; *line;) {
			size_t len = strcspn(line, "\n");
			for (int k = 0; prefixes[k] != NULL; k++) {
				if (strncmp(line, prefixes[k], strlen(prefixes[k])) != 0)
					continue;
				char want[600];
				snprintf(want, sizeof want, ">%.*s</text>", (int)len, line);
				ck_assert_msg(strstr(s, want) != NULL, "%s after move %ld: "
				              "the picture lacks '%.*s'", game, moves[m],
				              (int)len, line);
				compared++;
			}
			line += len + (line[len] == '\n');
		}
		free(t);
		free(s);
	}
	return compared;
}
