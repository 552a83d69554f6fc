/*
 * notate check (and lint): every file, one after another, or with -j N on
 * N threads.  In parallel, each file's diagnostics are kept (in memory, or
 * in a temporary file once large) until every file before it is written,
 * so the output is the same whatever N is.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* How far workers may run ahead of the file being written. */
#define WINDOW 256
/* A file's diagnostics beyond this many bytes go to a temporary file. */
#define LOG_IN_MEMORY (1 << 20)

/* --- one file's diagnostics, kept for later ------------------------- */

typedef struct diag_head {
	int severity;
	unsigned long bl, bc, el, ec;
	long game, move;
	size_t code_len, msg_len;
	/* A binary record's place (has_place), its texts after the message. */
	int has_place, has_context;
	long long offset;
	long record, place_game, row;
	size_t where_len, context_len;
} diag_head;

typedef struct diag_log {
	char *mem;
	size_t len, cap;
	FILE *spill;
	int in_memory;             /* no temporary file could take it */
	int failed;                /* some diagnostics are lost (reported) */
} diag_log;

static void
log_append(diag_log *log, const void *data, size_t n)
{
	if (log->failed)
		return;
	if (log->spill == NULL && !log->in_memory &&
	    log->len + n > LOG_IN_MEMORY) {
		FILE *spill = tmpfile();
		if (spill != NULL &&
		    fwrite(log->mem, 1, log->len, spill) == log->len &&
		    fflush(spill) == 0) {
			log->spill = spill;
			free(log->mem);
			log->mem = NULL;
			log->len = log->cap = 0;
		} else {
			/* No room on disk (a full /tmp, a file size limit): memory
			 * it is, rather than lose what was found. */
			if (spill != NULL)
				fclose(spill);
			log->in_memory = 1;
		}
	}
	if (log->spill != NULL) {
		if (fwrite(data, 1, n, log->spill) != n)
			log->failed = 1;
		return;
	}
	if (log->len + n > log->cap) {
		size_t cap = log->cap ? log->cap * 2 : 1024;
		while (cap < log->len + n)
			cap *= 2;
		char *mem = realloc(log->mem, cap);
		if (mem == NULL) {
			log->failed = 1;
			return;
		}
		log->mem = mem;
		log->cap = cap;
	}
	memcpy(log->mem + log->len, data, n);
	log->len += n;
}

static void
log_diag(void *user, const nt_diag *d)
{
	diag_log *log = user;
	diag_head h;
	memset(&h, 0, sizeof h);
	h.severity = (int)d->severity;
	h.bl = d->begin.line;
	h.bc = d->begin.col;
	h.el = d->end.line;
	h.ec = d->end.col;
	h.game = d->game;
	h.move = d->move;
	h.code_len = strlen(d->code);
	h.msg_len = strlen(d->message);
	const nt_place *p = d->place;
	if (p != NULL) {
		h.has_place = 1;
		h.has_context = p->context != NULL;
		h.offset = p->offset;
		h.record = p->record;
		h.place_game = p->game;
		h.row = p->row;
		h.where_len = strlen(p->where);
		h.context_len = p->context != NULL ? strlen(p->context) : 0;
	}
	log_append(log, &h, sizeof h);
	log_append(log, d->code, h.code_len);
	log_append(log, d->message, h.msg_len);
	if (p != NULL) {
		log_append(log, p->where, h.where_len);
		log_append(log, p->context != NULL ? p->context : "", h.context_len);
	}
}

/* Reads N bytes of the log into a fresh string (malloc); NULL on failure. */
static int log_read(diag_log *log, size_t *pos, void *out, size_t n);

static char *
log_string(diag_log *log, size_t *pos, size_t n)
{
	char *s = malloc(n + 1);
	if (s == NULL || log_read(log, pos, s, n) != 0) {
		free(s);
		return NULL;
	}
	s[n] = '\0';
	return s;
}

/* Reads N bytes of the log at *POS (memory) or from the spill file. */
static int
log_read(diag_log *log, size_t *pos, void *out, size_t n)
{
	if (log->spill != NULL)
		return fread(out, 1, n, log->spill) == n ? 0 : -1;
	if (*pos + n > log->len)
		return -1;
	memcpy(out, log->mem + *pos, n);
	*pos += n;
	return 0;
}

/* Hands every kept diagnostic of FILE to the emitter, in order. */
static void
log_replay(diag_log *log, const char *file, emitter *em)
{
	size_t pos = 0;
	if (log->spill != NULL && fseek(log->spill, 0, SEEK_SET) != 0)
		return;
	diag_head h;
	while (log_read(log, &pos, &h, sizeof h) == 0) {
		char *code = log_string(log, &pos, h.code_len);
		char *msg = code ? log_string(log, &pos, h.msg_len) : NULL;
		char *where = msg && h.has_place ? log_string(log, &pos, h.where_len)
		                                 : NULL;
		char *ctx = where ? log_string(log, &pos, h.context_len) : NULL;
		if (msg == NULL || (h.has_place && ctx == NULL)) {
			free(code);
			free(msg);
			free(where);
			free(ctx);
			return;
		}
		nt_place place = { where, h.offset, h.record, h.place_game, h.row,
		                   h.has_context ? ctx : NULL };
		nt_diag d = { file, { h.bl, h.bc }, { h.el, h.ec },
		              (nt_severity)h.severity, code, msg, h.game, h.move,
		              h.has_place ? &place : NULL };
		emit_diag(em, &d);
		free(code);
		free(msg);
		free(where);
		free(ctx);
	}
}

static void
log_free(diag_log *log)
{
	free(log->mem);
	if (log->spill != NULL)
		fclose(log->spill);
	memset(log, 0, sizeof *log);
}

/* --- one file -------------------------------------------------------- */

typedef struct job {
	char *path;
	char *name;                /* as messages name it (malloc) */
	const nt_game *game;
	const nt_game *sniffed;    /* what the walk read off its content */
	const settings *set;       /* the options it is checked with */
	char why[256];             /* non-empty: the file could not be read */
	int known;                 /* a note of the walk: no file to check */
	int note_only;             /* ...that does not make it unreadable */
	int rc;
	nt_summary summary;
	diag_log log;
	int done;
} job;

/*
 * Checks one file with HANDLER; fills the outcome into J.  CONTEXT (when
 * not NULL) shows lines of the file while it is checked.
 */
static void
run_job(const cli *c, job *j, const nt_handler *handler, context *context)
{
	input in;
	int rc = input_open(c, j->path, j->sniffed, &in, j->why, sizeof j->why);
	/* A name as long as the path: any shorter copy would misname it. */
	j->name = strdup(in.name);
	if (j->name == NULL) {
		perror("notate");
		exit(EXIT_INTERNAL);
	}
	if (rc != 0)
		return;
	j->game = in.game;
	if (context != NULL)
		context_attach(context, in.fd, in.start, in.game);
	j->rc = nt_check(in.game, &in.src, &j->set->opts, handler, &j->summary);
	if (context != NULL)
		context_detach(context);
	input_close(&in);
}

/* The -v line of one file. */
static void
verbose_line(const cli *c, const job *j)
{
	const nt_summary *s = &j->summary;
	if (!c->verbose || c->quiet || c->format != EMIT_GNU || j->game == NULL)
		return;
	long warnings = j->set->lowest <= NT_SEV_WARNING ? s->warnings : 0;
	long style = j->set->lowest <= NT_SEV_STYLE ? s->style : 0;
	fprintf(c->out, "%s: %s: %s, %ld game%s, %ld move%s, %ld error%s, "
	       "%ld warning%s, %ld style finding%s, result %s\n", j->name,
	       nt_game_name(j->game), s->errors ? "illegal" : "legal",
	       s->games, s->games == 1 ? "" : "s",
	       s->moves, s->moves == 1 ? "" : "s",
	       s->errors, s->errors == 1 ? "" : "s",
	       warnings, warnings == 1 ? "" : "s",
	       style, style == 1 ? "" : "s",
	       s->result[0] ? s->result : "-");
}

/* Writes what a finished job found, and counts it. */
static void
finish_job(cli *c, job *j)
{
	if (j->note_only) {
		cli_note(j->name, j->why);
		return;
	}
	if (j->why[0]) {
		cli_cannot_read(c, j->name, j->why);
		return;
	}
	if (!c->quiet) {
		/* The file is read again for the lines shown: by now it is closed.
		 * (Checked here, not by a worker, its diagnostics are already out
		 * and nothing is kept.) */
		int kept = j->log.len > 0 || j->log.spill != NULL;
		if (c->em.context != NULL && kept)
			context_open(c->em.context, j->path, j->game);
		log_replay(&j->log, j->name, &c->em);
		if (c->em.context != NULL && kept)
			context_detach(c->em.context);
	}
	if (j->log.failed) {
		/* The same file with -j 1 would say more: never silently less. */
		cli_note(j->name, "some diagnostics were lost: no memory or disk "
		         "to keep them in order (try -j 1)");
		raise_status(c, EXIT_INTERNAL);
	}
	verbose_line(c, j);
	cli_account(c, j->set, j->name, j->rc, &j->summary);
}

/* --- one after another ------------------------------------------------ */

static void
check_now(cli *c, const char *path, void *ctx)
{
	(void)ctx;
	nt_handler h;
	cli_handler(c, c->out, &h);
	job j;
	memset(&j, 0, sizeof j);
	j.path = (char *)path;
	j.sniffed = cli_walk_sniffed(c, path);
	j.set = cli_settings_for(c, path);
	run_job(c, &j, &h, h.on_diag != NULL ? c->em.context : NULL);
	/* Diagnostics went straight out: nothing kept to replay. */
	finish_job(c, &j);
	free(j.name);
}

/* --- in parallel ------------------------------------------------------ */

/*
 * A ring of WINDOW jobs: the main thread fills it as the paths come and
 * writes the oldest job out when it is done and the ring is full; workers
 * take jobs in order.  Memory stays bounded however many files there are.
 */
typedef struct pool {
	cli *c;
	job jobs[WINDOW];
	unsigned long head;        /* oldest job not yet written */
	unsigned long tail;        /* next slot to fill */
	unsigned long take;        /* next job for a worker */
	int closed;                /* no more paths */
	int idle;                  /* workers waiting for a job */
	atomic_int stopping;       /* --stop came: jobs not begun are not run */
	pthread_mutex_t lock;
	pthread_cond_t work;       /* a job was queued, or the paths ended */
	pthread_cond_t done;       /* the oldest job is done */
} pool;

/* Jobs a worker takes at once: fewer locks and wake-ups per file. */
#define GRAB 16

/*
 * Runs a share of the queued jobs (some must be queued).  Called and
 * returns with the lock held; the jobs run without it.
 */
static void
run_share(pool *p)
{
	unsigned long first = p->take;
	unsigned long n = p->tail - p->take;
	/* Take a share, leaving work for the other threads too. */
	if (n > GRAB)
		n = GRAB;
	p->take += n;
	pthread_mutex_unlock(&p->lock);

	for (unsigned long k = 0; k < n; k++) {
		job *j = &p->jobs[(first + k) % WINDOW];
		nt_handler h = { .on_diag = p->c->quiet ? NULL : log_diag, .on_move = NULL, .user = &j->log };
		/* A share taken before --stop came is not read on after it. */
		if (!j->known && !atomic_load(&p->stopping))
			run_job(p->c, j, &h, NULL);
	}

	pthread_mutex_lock(&p->lock);
	for (unsigned long k = 0; k < n; k++)
		p->jobs[(first + k) % WINDOW].done = 1;
	/* Only the job the writer waits for is worth a wake-up. */
	if (p->head >= first && p->head < first + n)
		pthread_cond_signal(&p->done);
}

static void *
worker(void *arg)
{
	pool *p = arg;
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (p->take == p->tail && !p->closed) {
			p->idle++;
			pthread_cond_wait(&p->work, &p->lock);
			p->idle--;
		}
		if (p->take == p->tail)
			break;
		run_share(p);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* Jobs no thread has taken are not run: they count as done. */
static void
drop_queued(pool *p)
{
	atomic_store(&p->stopping, 1);
	pthread_mutex_lock(&p->lock);
	for (unsigned long k = p->take; k < p->tail; k++)
		p->jobs[k % WINDOW].done = 1;
	p->take = p->tail;
	pthread_mutex_unlock(&p->lock);
}

/* Waits for the oldest job, writes it out and frees its slot. */
static void
write_oldest(pool *p)
{
	job *j = &p->jobs[p->head % WINDOW];
	pthread_mutex_lock(&p->lock);
	/* Queued files wait for no one while the writer waits for them. */
	if (p->idle > 0 && p->take < p->tail)
		pthread_cond_broadcast(&p->work);
	/*
	 * The writer is one of the -j threads: rather than wait, it checks
	 * queued files too (N threads on N cores, not N + 1).
	 */
	while (!j->done) {
		if (p->take < p->tail)
			run_share(p);
		else
			pthread_cond_wait(&p->done, &p->lock);
	}
	pthread_mutex_unlock(&p->lock);
	/* After --stop's file, what was queued is dropped unwritten. */
	if (!p->c->stopped) {
		finish_job(p->c, j);
		if (p->c->stopped)
			drop_queued(p);
	}
	log_free(&j->log);
	free(j->path);
	free(j->name);
	memset(j, 0, sizeof *j);
	pthread_mutex_lock(&p->lock);
	p->head++;
	pthread_mutex_unlock(&p->lock);
}

static void enqueue_path(pool *p, const char *path, const char *why,
                         int unreadable);

static void
enqueue(cli *c, const char *path, void *ctx)
{
	(void)c;
	enqueue_path(ctx, path, NULL, 1);
}

/* A note of the walk waits for its turn too, so that the output (2>&1
 * included) is the same as with one job. */
static void
enqueue_note(cli *c, const char *path, const char *text, int unreadable,
             void *ctx)
{
	(void)c;
	enqueue_path(ctx, path, text, unreadable);
}

static void
enqueue_path(pool *p, const char *path, const char *why, int unreadable)
{
	/* A full ring: make room for half a window at once, so that the writer
	 * waits (and is woken) once per many files, not once per file. */
	if (p->tail - p->head == WINDOW)
		while (p->tail - p->head > WINDOW / 2)
			write_oldest(p);
	char *copy = strdup(path);
	if (copy == NULL) {
		perror("notate");
		exit(EXIT_INTERNAL);
	}
	char *name = why != NULL ? strdup(path) : NULL;
	/* Found here, on the main thread: a bad .notaterc ends the run. */
	const settings *set = why != NULL ? &p->c->base
	                                  : cli_settings_for(p->c, path);
	if (why != NULL && name == NULL) {
		perror("notate");
		exit(EXIT_INTERNAL);
	}
	pthread_mutex_lock(&p->lock);
	job *j = &p->jobs[p->tail % WINDOW];
	memset(j, 0, sizeof *j);
	j->path = copy;
	j->sniffed = cli_walk_sniffed(p->c, path);
	j->set = set;
	if (why != NULL) {
		j->known = 1;
		j->note_only = !unreadable;
		j->name = name;
		snprintf(j->why, sizeof j->why, "%s", why);
	}
	p->tail++;
	/* Wake an idle worker once a handful of files wait, not for each. */
	if (p->idle > 0 && p->tail - p->take >= GRAB / 2)
		pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->lock);
}

static void
check_parallel(cli *c)
{
	/* No more workers than the ring has jobs for: -j 99999999999 means
	 * as many as help, not a failed allocation. */
	long workers = (c->jobs < WINDOW ? c->jobs : WINDOW) - 1;
	pool *p = calloc(1, sizeof *p);
	pthread_t *threads = calloc((size_t)workers, sizeof *threads);
	if (p == NULL || threads == NULL) {
		perror("notate");
		exit(EXIT_INTERNAL);
	}
	p->c = c;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->done, NULL);
	long started = 0;
	for (; started < workers; started++)
		if (pthread_create(&threads[started], NULL, worker, p) != 0)
			break;
	if (started == 0) {
		fprintf(stderr, "notate: cannot start threads: %s\n", strerror(errno));
		exit(EXIT_INTERNAL);
	}
	c->on_note = enqueue_note;
	cli_each_path(c, enqueue, p);
	c->on_note = NULL;
	pthread_mutex_lock(&p->lock);
	p->closed = 1;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->lock);
	while (p->head < p->tail)
		write_oldest(p);
	for (long t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->done);
	free(threads);
	free(p);
}

int
cmd_check(cli *c)
{
	if (c->nfiles == 0)
		usage_error("%s needs a FILE (or - for standard input)", c->command);
	cli_output_open(c);
	nt_handler h;
	cli_handler(c, c->out, &h);
	if (!c->quiet)
		emit_begin(&c->em);
	if (c->jobs > 1)
		check_parallel(c);
	else
		cli_each_path(c, check_now, NULL);
	if (!c->quiet)
		emit_end(&c->em, &c->totals, c->summary);
	return c->status;
}
