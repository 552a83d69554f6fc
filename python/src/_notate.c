/*
 * notate._notate: the CPython binding of libnotate.  It is linked to the
 * library the repository builds (build/libnotate.a), never to a copy of its
 * sources.  Each call gathers what the library reports into plain C
 * records while the GIL is released, so that threads check files in
 * parallel, and only then, holding the GIL again, turns them into Python
 * objects.  The package notate (notate/__init__.py) gives them their
 * Python shape.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <notate/notate.h>

/* Bytes that grow as the library writes; FAILED once memory ran out. */
typedef struct bytes_buf {
	char *data;
	size_t len, cap;
	int failed;
} bytes_buf;

static int
buf_add(bytes_buf *b, const void *p, size_t n)
{
	if (b->failed)
		return -1;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *d = realloc(b->data, cap);
		if (d == NULL) {
			b->failed = 1;
			return -1;
		}
		b->data = d;
		b->cap = cap;
	}
	if (n > 0)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

static int
sink_write(void *handle, const void *p, size_t n)
{
	return buf_add(handle, p, n);
}

/*
 * Records are kept in one growing array per kind; their strings go to a
 * bytes_buf of their own and are named by offset, since the array and the
 * buffer move as they grow.
 */
typedef struct diag_rec {
	size_t file, code, message, where;  /* offsets in strings; where: NONE for text */
	unsigned long bl, bc, el, ec;
	int severity;
	long game, move;
} diag_rec;

typedef struct move_rec {
	size_t text, side, where;
	long game, index;
	unsigned long line, col;
} move_rec;

typedef struct fact_rec {
	size_t key, key_len, value, value_len;
	int kind, cut;
	long game, number;
	unsigned long line, col;
} fact_rec;

typedef struct stat_rec {
	size_t name, text;   /* text: (size_t)-1 when the figure is a number */
	long game, value;
} stat_rec;

#define NONE ((size_t)-1)

typedef struct gather {
	bytes_buf strings;
	bytes_buf diags, moves, facts, stats;   /* arrays of the records above */
	int want_moves, want_facts;
} gather;

static size_t
keep(gather *g, const char *s, size_t n)
{
	size_t at = g->strings.len;
	if (buf_add(&g->strings, s, n) != 0 || buf_add(&g->strings, "", 1) != 0)
		return NONE;
	return at;
}

static size_t
keep_str(gather *g, const char *s)
{
	return s == NULL ? NONE : keep(g, s, strlen(s));
}

static void
on_diag(void *user, const nt_diag *d)
{
	gather *g = user;
	diag_rec r = {
		.file = keep_str(g, d->file),
		.code = keep_str(g, d->code),
		.message = keep_str(g, d->message),
		.where = d->place != NULL ? keep_str(g, d->place->where) : NONE,
		.bl = d->begin.line, .bc = d->begin.col,
		.el = d->end.line, .ec = d->end.col,
		.severity = (int)d->severity,
		.game = d->game, .move = d->move,
	};
	buf_add(&g->diags, &r, sizeof r);
}

static void
on_move(void *user, const nt_move *m)
{
	gather *g = user;
	if (!g->want_moves)
		return;
	move_rec r = {
		.text = keep_str(g, m->text),
		.side = keep_str(g, m->side),
		.where = m->place != NULL ? keep_str(g, m->place->where) : NONE,
		.game = m->game, .index = m->index,
		.line = m->loc.line, .col = m->loc.col,
	};
	buf_add(&g->moves, &r, sizeof r);
}

static void
on_fact(void *user, const nt_fact *f)
{
	gather *g = user;
	if (!g->want_facts)
		return;
	fact_rec r = {
		.key = keep(g, f->key, f->key_len), .key_len = f->key_len,
		.value = f->value != NULL ? keep(g, f->value, f->value_len) : NONE,
		.value_len = f->value_len,
		.kind = (int)f->kind, .cut = f->value_cut,
		.game = f->game, .number = f->number,
		.line = f->loc.line, .col = f->loc.col,
	};
	buf_add(&g->facts, &r, sizeof r);
}

static void
on_stat(void *user, long game, const char *name, long value, const char *text)
{
	gather *g = user;
	stat_rec r = {
		.name = keep_str(g, name), .text = keep_str(g, text),
		.game = game, .value = value,
	};
	buf_add(&g->stats, &r, sizeof r);
}

static void
gather_free(gather *g)
{
	free(g->strings.data);
	free(g->diags.data);
	free(g->moves.data);
	free(g->facts.data);
	free(g->stats.data);
}

/*
 * The input: a file by name, bytes in memory, or a Python binary file
 * object.  The first bytes are read ahead to decide the game, then handed
 * back before the rest, as the command line does.
 */
enum { SRC_PATH, SRC_BYTES, SRC_FILE };

typedef struct input {
	int kind;
	int fd;
	const char *mem;
	size_t mem_len, mem_pos;
	PyObject *file;
	int py_failed;         /* the file object raised: its exception is set */
	unsigned char head[4096];
	size_t head_len, head_pos;
} input;

static long
file_object_read(input *in, void *buf, size_t size)
{
	PyGILState_STATE st = PyGILState_Ensure();
	long n = -1;
	PyObject *b = PyObject_CallMethod(in->file, "read", "n", (Py_ssize_t)size);
	if (b != NULL && PyBytes_Check(b) && (size_t)PyBytes_GET_SIZE(b) <= size) {
		n = (long)PyBytes_GET_SIZE(b);
		memcpy(buf, PyBytes_AS_STRING(b), (size_t)n);
	} else if (b != NULL) {
		PyErr_SetString(PyExc_TypeError,
		                "the file object's read() must return bytes (open it in binary mode)");
	}
	Py_XDECREF(b);
	if (n < 0) {
		in->py_failed = 1;
		errno = EIO;
	}
	PyGILState_Release(st);
	return n;
}

static long
raw_read(input *in, void *buf, size_t size)
{
	if (in->kind == SRC_BYTES) {
		size_t n = in->mem_len - in->mem_pos < size ? in->mem_len - in->mem_pos : size;
		memcpy(buf, in->mem + in->mem_pos, n);
		in->mem_pos += n;
		return (long)n;
	}
	if (in->kind == SRC_FILE)
		return in->py_failed ? -1 : file_object_read(in, buf, size);
	for (;;) {
		ssize_t n = read(in->fd, buf, size);
		if (n >= 0 || errno != EINTR)
			return (long)n;
	}
}

static long
input_read(void *handle, void *buf, size_t size)
{
	input *in = handle;
	if (in->head_pos < in->head_len) {
		size_t n = in->head_len - in->head_pos < size ? in->head_len - in->head_pos : size;
		memcpy(buf, in->head + in->head_pos, n);
		in->head_pos += n;
		return (long)n;
	}
	return raw_read(in, buf, size);
}

static int
input_fill_head(input *in)
{
	while (in->head_len < sizeof in->head) {
		long n = raw_read(in, in->head + in->head_len, sizeof in->head - in->head_len);
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		in->head_len += (size_t)n;
	}
	return 0;
}

/* What one call asks for: the operation and its arguments, as C values. */
enum { OP_CHECK, OP_CONVERT, OP_FORMAT, OP_SHOW, OP_STATS };

typedef struct job {
	int op;
	const char *name;      /* the input's name in diagnostics */
	const char *path;      /* SRC_PATH: the file to open */
	const char *game_name; /* NULL: decide */
	const char *form;
	nt_options opts;
	nt_show_request show;
	/* What came of it. */
	const nt_game *game;
	int rc;
	int err;               /* errno of a failed open or read */
	int stage;             /* 0 ran; 1 open failed; 2 no game; 3 not the game's; 4 unknown game */
	char what[256];        /* stage 3: what the file is instead */
	nt_summary summary;
	bytes_buf out;
	gather g;
} job;

static void
job_decide(job *j, input *in)
{
	if (j->game_name != NULL) {
		j->game = nt_game_by_name(j->game_name);
		if (j->game == NULL)
			j->stage = 4;
		return;
	}
	if (input_fill_head(in) != 0) {
		j->stage = 1;
		j->err = errno;
		return;
	}
	j->game = nt_game_detect(j->name, in->head, in->head_len);
	if (j->game == NULL) {
		j->stage = 2;
		/* A shared extension (.pgn): say what the file is instead. */
		for (size_t i = 0; i < nt_game_count(); i++) {
			const nt_game *g = nt_game_at(i);
			if (nt_game_path_shared(g, j->name) &&
			    nt_game_claims(g, in->head, in->head_len, j->what, sizeof j->what) != 0) {
				j->game = g;
				j->stage = 3;
				return;
			}
		}
		return;
	}
	if (nt_game_path_shared(j->game, j->name) &&
	    nt_game_claims(j->game, in->head, in->head_len, j->what, sizeof j->what) != 0)
		j->stage = 3;
}

static void
job_run(job *j, input *in)
{
	nt_handler h = {
		.on_diag = on_diag, .on_move = on_move, .user = &j->g,
		.on_fact = on_fact,
	};
	nt_source src = { .read = input_read, .handle = in, .name = j->name };
	nt_sink out = { .write = sink_write, .handle = &j->out };
	switch (j->op) {
	case OP_CHECK:
		j->rc = nt_check(j->game, &src, &j->opts, &h, &j->summary);
		break;
	case OP_CONVERT:
		j->rc = nt_convert(j->game, &src, j->form, &out, &j->opts, &h, &j->summary);
		break;
	case OP_FORMAT:
		j->rc = nt_format(j->game, &src, &out, &j->opts, &h, &j->summary);
		break;
	case OP_SHOW:
		j->rc = nt_show(j->game, &src, &j->show, &out, &j->opts, &h, &j->summary);
		break;
	default:
		j->rc = nt_stats(j->game, &src, &j->opts, &h, on_stat, &j->g, &j->summary);
		if (j->rc == -2)
			j->rc = nt_check(j->game, &src, &j->opts, &h, &j->summary);
		break;
	}
	if (j->rc == -1)
		j->err = errno;
}

/* Runs without the GIL (a file object's reads take it back for a moment). */
static void
job_do(job *j, input *in)
{
	if (in->kind == SRC_PATH) {
		in->fd = open(j->path, O_RDONLY | O_CLOEXEC);
		if (in->fd < 0) {
			j->stage = 1;
			j->err = errno;
			return;
		}
	}
	job_decide(j, in);
	if (j->stage == 0)
		job_run(j, in);
	if (in->kind == SRC_PATH)
		close(in->fd);
}

/* Python values of the records. */
static PyObject *
str_at(const gather *g, size_t at)
{
	if (at == NONE)
		Py_RETURN_NONE;
	return PyUnicode_DecodeUTF8(g->strings.data + at, (Py_ssize_t)strlen(g->strings.data + at),
	                            "surrogateescape");
}

static PyObject *
str_len_at(const gather *g, size_t at, size_t len)
{
	if (at == NONE)
		Py_RETURN_NONE;
	return PyUnicode_DecodeUTF8(g->strings.data + at, (Py_ssize_t)len, "surrogateescape");
}

/*
 * A file's findings repeat its name and a few codes thousands of times: the
 * string of the one before is reused when it is the same (a new reference).
 */
typedef struct str_memo {
	size_t at;
	PyObject *obj;
} str_memo;

static PyObject *
str_memo_at(const gather *g, str_memo *m, size_t at)
{
	if (at != NONE && m->obj != NULL &&
	    strcmp(g->strings.data + at, g->strings.data + m->at) == 0) {
		Py_INCREF(m->obj);
		return m->obj;
	}
	PyObject *s = str_at(g, at);
	if (s != NULL && at != NONE) {
		Py_XDECREF(m->obj);
		Py_INCREF(s);
		m->obj = s;
		m->at = at;
	}
	return s;
}

/*
 * Each kind of record becomes a list of tuples the Python layer wraps; the
 * walk is one, the tuple each kind builds is its own.
 */
typedef PyObject *tuple_builder(const gather *g, const void *rec, void *ctx);

static PyObject *
tuple_list(const gather *g, const bytes_buf *recs, size_t rec_size, tuple_builder *build,
           void *ctx)
{
	size_t n = recs->len / rec_size;
	PyObject *list = PyList_New((Py_ssize_t)n);
	for (size_t i = 0; list != NULL && i < n; i++) {
		PyObject *t = build(g, recs->data + i * rec_size, ctx);
		if (t == NULL) {
			Py_CLEAR(list);
			break;
		}
		PyList_SET_ITEM(list, (Py_ssize_t)i, t);
	}
	return list;
}

typedef struct diag_memos {
	str_memo file, code;
} diag_memos;

static PyObject *
diag_tuple(const gather *g, const void *rec, void *ctx)
{
	const diag_rec *r = rec;
	diag_memos *m = ctx;
	return Py_BuildValue("(NkkkksNNlNl)", str_memo_at(g, &m->file, r->file), r->bl, r->bc,
	                     r->el, r->ec, nt_severity_name((nt_severity)r->severity),
	                     str_memo_at(g, &m->code, r->code), str_at(g, r->message), r->game,
	                     str_at(g, r->where), r->move);
}

static PyObject *
diags_list(const gather *g)
{
	diag_memos memos = { { 0, NULL }, { 0, NULL } };
	PyObject *list = tuple_list(g, &g->diags, sizeof(diag_rec), diag_tuple, &memos);
	Py_XDECREF(memos.file.obj);
	Py_XDECREF(memos.code.obj);
	return list;
}

static PyObject *
move_tuple(const gather *g, const void *rec, void *ctx)
{
	const move_rec *r = rec;
	(void)ctx;
	return Py_BuildValue("(llNNkkN)", r->game, r->index, str_at(g, r->side),
	                     str_at(g, r->text), r->line, r->col, str_at(g, r->where));
}

static PyObject *
fact_tuple(const gather *g, const void *rec, void *ctx)
{
	const fact_rec *r = rec;
	(void)ctx;
	return Py_BuildValue("(ilNNlkki)", r->kind, r->game, str_len_at(g, r->key, r->key_len),
	                     str_len_at(g, r->value, r->value_len), r->number, r->line, r->col,
	                     r->cut);
}

static PyObject *
stat_tuple(const gather *g, const void *rec, void *ctx)
{
	const stat_rec *r = rec;
	(void)ctx;
	return r->text == NONE ? Py_BuildValue("(lNl)", r->game, str_at(g, r->name), r->value)
	                       : Py_BuildValue("(lNN)", r->game, str_at(g, r->name),
	                                       str_at(g, r->text));
}

static PyObject *
summary_tuple(const nt_summary *s)
{
	return Py_BuildValue("(lllllOsl)", s->games, s->moves, s->errors, s->warnings,
	                     s->style, s->unreadable ? Py_True : Py_False, s->result,
	                     s->ignored);
}

static PyObject *
job_result(job *j)
{
	if (j->out.failed || j->g.strings.failed || j->g.diags.failed || j->g.moves.failed ||
	    j->g.facts.failed || j->g.stats.failed)
		return PyErr_NoMemory();
	PyObject *out = j->out.data != NULL
		? PyBytes_FromStringAndSize(j->out.data, (Py_ssize_t)j->out.len)
		: PyBytes_FromStringAndSize("", 0);
	return Py_BuildValue("{s:i,s:i,s:i,s:s,s:s,s:N,s:(ll),s:N,s:N,s:N,s:N,s:N}",
	                     "stage", j->stage, "rc", j->rc, "errno", j->err,
	                     "game", j->game != NULL ? nt_game_name(j->game) : NULL,
	                     "what", j->stage == 3 ? j->what : NULL,
	                     "summary", summary_tuple(&j->summary),
	                     "shown", j->summary.game_moves, j->summary.game_rows,
	                     "diagnostics", diags_list(&j->g),
	                     "moves", tuple_list(&j->g, &j->g.moves, sizeof(move_rec), move_tuple, NULL),
	                     "facts", tuple_list(&j->g, &j->g.facts, sizeof(fact_rec), fact_tuple, NULL),
	                     "stats", tuple_list(&j->g, &j->g.stats, sizeof(stat_rec), stat_tuple, NULL),
	                     "output", out);
}

/* The rule and code-glob lists, copied so that they outlive the GIL. */
typedef struct str_list {
	char **items;
	size_t n;
} str_list;

static int
str_list_from(PyObject *seq, str_list *l)
{
	l->items = NULL;
	l->n = 0;
	if (seq == NULL || seq == Py_None)
		return 0;
	PyObject *fast = PySequence_Fast(seq, "expected a sequence of str");
	if (fast == NULL)
		return -1;
	Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
	l->items = calloc((size_t)n + 1, sizeof *l->items);
	if (l->items == NULL) {
		Py_DECREF(fast);
		PyErr_NoMemory();
		return -1;
	}
	for (Py_ssize_t i = 0; i < n; i++) {
		const char *s = PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(fast, i));
		if (s == NULL || (l->items[i] = strdup(s)) == NULL) {
			if (s != NULL)
				PyErr_NoMemory();
			Py_DECREF(fast);
			return -1;
		}
		l->n++;
	}
	Py_DECREF(fast);
	return 0;
}

static void
str_list_free(str_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->items[i]);
	free(l->items);
}

static char *
dup_or_null(const char *s, int *failed)
{
	if (s == NULL)
		return NULL;
	char *d = strdup(s);
	if (d == NULL)
		*failed = 1;
	return d;
}

/*
 * run(op, kind, source, name, game, form, strict, lenient, lint, rules,
 *     ignore, select, max_errors, game_no, move, row, ply, moves, facts)
 */
static PyObject *
py_run(PyObject *self, PyObject *args, PyObject *kw)
{
	(void)self;
	static char *names[] = {
		"op", "kind", "source", "name", "game", "form", "strict", "lenient", "lint",
		"rules", "ignore", "select", "max_errors", "game_no", "move", "row", "ply",
		"moves", "facts", NULL
	};
	int op, kind, strict = 0, lenient = 0, lint = 0, want_moves = 0, want_facts = 0;
	PyObject *source, *rules = NULL, *ignore = NULL, *select = NULL;
	const char *name, *game = NULL, *form = NULL;
	long max_errors = 0, game_no = -1, move = -1, row = 0, ply = -1;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "iiOs|zzpppOOOlllllpp", names, &op, &kind,
	                                 &source, &name, &game, &form, &strict, &lenient,
	                                 &lint, &rules, &ignore, &select, &max_errors,
	                                 &game_no, &move, &row, &ply, &want_moves,
	                                 &want_facts))
		return NULL;
	if (op < OP_CHECK || op > OP_STATS || kind < SRC_PATH || kind > SRC_FILE) {
		PyErr_SetString(PyExc_ValueError, "unknown operation or input kind");
		return NULL;
	}

	input *in = calloc(1, sizeof *in);
	job *j = calloc(1, sizeof *j);
	str_list lr = { 0 }, li = { 0 }, ls = { 0 };
	PyObject *path_bytes = NULL, *result = NULL;
	Py_buffer view = { 0 };
	int have_view = 0, failed = 0;
	char *name_copy = NULL, *game_copy = NULL, *form_copy = NULL;
	if (in == NULL || j == NULL) {
		PyErr_NoMemory();
		goto done;
	}
	in->kind = kind;
	in->fd = -1;
	if (kind == SRC_PATH) {
		if (!PyUnicode_FSConverter(source, &path_bytes))
			goto done;
		j->path = PyBytes_AS_STRING(path_bytes);
		if (strlen(j->path) != (size_t)PyBytes_GET_SIZE(path_bytes)) {
			PyErr_SetString(PyExc_ValueError, "a path may not hold a NUL byte");
			goto done;
		}
	} else if (kind == SRC_BYTES) {
		if (PyObject_GetBuffer(source, &view, PyBUF_SIMPLE) != 0)
			goto done;
		have_view = 1;
		in->mem = view.buf;
		in->mem_len = (size_t)view.len;
	} else {
		in->file = source;
	}
	if (str_list_from(rules, &lr) != 0 || str_list_from(ignore, &li) != 0 ||
	    str_list_from(select, &ls) != 0)
		goto done;
	name_copy = dup_or_null(name, &failed);
	game_copy = dup_or_null(game, &failed);
	form_copy = dup_or_null(form, &failed);
	if (failed) {
		PyErr_NoMemory();
		goto done;
	}
	j->op = op;
	j->name = name_copy;
	j->game_name = game_copy;
	j->form = form_copy;
	j->opts = (nt_options){
		.strict = strict, .lenient = lenient, .lint = lint,
		.rules = (const char *const *)lr.items, .nrules = lr.n,
		.max_errors = max_errors,
		.ignore = (const char *const *)li.items, .nignore = li.n,
		.select = (const char *const *)ls.items, .nselect = ls.n,
	};
	j->show = (nt_show_request){
		.move = move, .game_no = game_no, .ply = ply, .json = 1, .row = row,
	};
	j->g.want_moves = want_moves;
	j->g.want_facts = want_facts;

	Py_BEGIN_ALLOW_THREADS
	job_do(j, in);
	Py_END_ALLOW_THREADS

	if (in->py_failed && PyErr_Occurred())
		goto done;
	PyErr_Clear();
	result = job_result(j);
done:
	if (have_view)
		PyBuffer_Release(&view);
	Py_XDECREF(path_bytes);
	str_list_free(&lr);
	str_list_free(&li);
	str_list_free(&ls);
	free(name_copy);
	free(game_copy);
	free(form_copy);
	if (j != NULL) {
		free(j->out.data);
		gather_free(&j->g);
	}
	free(j);
	free(in);
	return result;
}

/* legal_moves(game, args, form): (status, output, errors) */
static PyObject *
py_legal_moves(PyObject *self, PyObject *args)
{
	(void)self;
	const char *game_name;
	PyObject *argv_obj;
	int form;
	if (!PyArg_ParseTuple(args, "sOi", &game_name, &argv_obj, &form))
		return NULL;
	const nt_game *game = nt_game_by_name(game_name);
	if (game == NULL)
		return Py_BuildValue("(iyy)", -3, "", "");
	str_list argv = { 0 };
	if (str_list_from(argv_obj, &argv) != 0) {
		str_list_free(&argv);
		return NULL;
	}
	/* The words of the position joined by single blanks, as the command
	   line does (none: the game's start position). */
	size_t len = 1;
	for (size_t i = 0; i < argv.n; i++)
		len += strlen(argv.items[i]) + 1;
	char *position = malloc(len);
	if (position == NULL) {
		str_list_free(&argv);
		return PyErr_NoMemory();
	}
	position[0] = '\0';
	for (size_t i = 0; i < argv.n; i++) {
		if (i > 0)
			strcat(position, " ");
		strcat(position, argv.items[i]);
	}
	bytes_buf out = { 0 }, err = { 0 };
	nt_sink out_sink = { .write = sink_write, .handle = &out };
	nt_sink err_sink = { .write = sink_write, .handle = &err };
	nt_options opts = { 0 };
	nt_moves_request request = { .position = argv.n > 0 ? position : NULL,
	                             .form = form };
	int rc;
	Py_BEGIN_ALLOW_THREADS
	rc = nt_list_moves(game, &request, &opts, &out_sink, &err_sink);
	Py_END_ALLOW_THREADS
	free(position);
	str_list_free(&argv);
	PyObject *r = out.failed || err.failed
		? PyErr_NoMemory()
		: Py_BuildValue("(iy#y#)", rc, out.data ? out.data : "", (Py_ssize_t)out.len,
		                err.data ? err.data : "", (Py_ssize_t)err.len);
	free(out.data);
	free(err.data);
	return r;
}

static PyObject *
string_list(const char *const *items)
{
	PyObject *list = PyList_New(0);
	for (; list != NULL && items != NULL && *items != NULL; items++) {
		PyObject *s = PyUnicode_FromString(*items);
		if (s == NULL || PyList_Append(list, s) != 0) {
			Py_XDECREF(s);
			Py_CLEAR(list);
			break;
		}
		Py_DECREF(s);
	}
	return list;
}

static PyObject *
code_tuple(const nt_code_info *c)
{
	return Py_BuildValue("(sissi)", c->code, (int)c->severity, c->summary,
	                     c->explain ? c->explain : "", c->strict_error);
}

static PyObject *
codes_list(const nt_game *game)
{
	PyObject *list = PyList_New(0);
	for (const nt_code_info *c = nt_game_codes(game); list != NULL && c->code != NULL; c++) {
		PyObject *t = code_tuple(c);
		if (t == NULL || PyList_Append(list, t) != 0) {
			Py_XDECREF(t);
			Py_CLEAR(list);
			break;
		}
		Py_DECREF(t);
	}
	return list;
}

/* games(): (name, title, extensions, shared extensions, forms, codes) */
static PyObject *
py_games(PyObject *self, PyObject *unused)
{
	(void)self;
	(void)unused;
	size_t n = nt_game_count();
	PyObject *list = PyList_New((Py_ssize_t)n);
	for (size_t i = 0; list != NULL && i < n; i++) {
		const nt_game *g = nt_game_at(i);
		PyObject *t = Py_BuildValue("(ssNNNN)", nt_game_name(g), nt_game_title(g),
		                            string_list(nt_game_extensions(g)),
		                            string_list(nt_game_shared_extensions(g)),
		                            string_list(nt_game_forms(g)), codes_list(g));
		if (t == NULL) {
			Py_CLEAR(list);
			break;
		}
		PyList_SET_ITEM(list, (Py_ssize_t)i, t);
	}
	return list;
}

/* explain(code): the catalogue entry, or None. */
static PyObject *
py_explain(PyObject *self, PyObject *arg)
{
	(void)self;
	const char *code = PyUnicode_AsUTF8(arg);
	if (code == NULL)
		return NULL;
	const nt_code_info *c = nt_code_lookup(code);
	if (c == NULL)
		Py_RETURN_NONE;
	return code_tuple(c);
}

/* check_rule(game, item): None when valid, else the reason. */
static PyObject *
py_check_rule(PyObject *self, PyObject *args)
{
	(void)self;
	const char *game_name, *item;
	if (!PyArg_ParseTuple(args, "ss", &game_name, &item))
		return NULL;
	const nt_game *game = nt_game_by_name(game_name);
	if (game == NULL)
		return PyUnicode_FromFormat("unknown game '%s'", game_name);
	char why[512] = "";
	int rc = nt_check_rule(game, item, why, sizeof why);
	if (rc == 0)
		Py_RETURN_NONE;
	if (rc == -2)
		return PyUnicode_FromFormat("%s has no rule choices", game_name);
	return PyUnicode_FromString(why);
}

/* game_for_path(path): the game its extension names, or None. */
static PyObject *
py_game_for_path(PyObject *self, PyObject *arg)
{
	(void)self;
	const char *path = PyUnicode_AsUTF8(arg);
	if (path == NULL)
		return NULL;
	const nt_game *g = nt_game_for_path(path);
	if (g == NULL)
		Py_RETURN_NONE;
	return PyUnicode_FromString(nt_game_name(g));
}

static PyMethodDef methods[] = {
	{ "run", (PyCFunction)(void (*)(void))py_run, METH_VARARGS | METH_KEYWORDS,
	  "run(op, kind, source, name, ...) -> dict: one library call, the GIL released." },
	{ "legal_moves", py_legal_moves, METH_VARARGS,
	  "legal_moves(game, args, form) -> (status, output, errors)" },
	{ "games", py_games, METH_NOARGS, "games() -> the games compiled in, as tuples" },
	{ "explain", py_explain, METH_O, "explain(code) -> the catalogue entry or None" },
	{ "check_rule", py_check_rule, METH_VARARGS,
	  "check_rule(game, item) -> None, or why the rule choice is wrong" },
	{ "game_for_path", py_game_for_path, METH_O,
	  "game_for_path(path) -> the game the extension names, or None" },
	{ NULL, NULL, 0, NULL }
};

static struct PyModuleDef module = {
	PyModuleDef_HEAD_INIT, "notate._notate",
	"The C binding of libnotate; use the package notate instead.", -1, methods,
	NULL, NULL, NULL, NULL
};

PyMODINIT_FUNC
PyInit__notate(void)
{
	PyObject *m = PyModule_Create(&module);
	if (m == NULL)
		return NULL;
	if (PyModule_AddStringConstant(m, "VERSION", NOTATE_VERSION) != 0 ||
	    PyModule_AddIntConstant(m, "OP_CHECK", OP_CHECK) != 0 ||
	    PyModule_AddIntConstant(m, "OP_CONVERT", OP_CONVERT) != 0 ||
	    PyModule_AddIntConstant(m, "OP_FORMAT", OP_FORMAT) != 0 ||
	    PyModule_AddIntConstant(m, "OP_SHOW", OP_SHOW) != 0 ||
	    PyModule_AddIntConstant(m, "OP_STATS", OP_STATS) != 0 ||
	    PyModule_AddIntConstant(m, "SRC_PATH", SRC_PATH) != 0 ||
	    PyModule_AddIntConstant(m, "SRC_BYTES", SRC_BYTES) != 0 ||
	    PyModule_AddIntConstant(m, "SRC_FILE", SRC_FILE) != 0 ||
	    PyModule_AddIntConstant(m, "MOVES_JSON", NT_MOVES_JSON) != 0) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
