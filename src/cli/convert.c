/*
 * Commands that rewrite records: convert (to another form) and fmt (to the
 * canonical form).  Output is complete or absent: it goes to a temporary
 * file first, then to standard output, or renamed over the destination.
 * Nothing writes to an input file except -i, and then atomically.
 */
#include <errno.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cleanup.h"
#include "cli/outfile.h"

extern char **environ;

/* A sink that remembers why writing failed (a full disk, say). */
typedef struct file_sink {
	FILE *fp;
	int err;
} file_sink;

static int
sink_file(void *handle, const void *buf, size_t size)
{
	file_sink *fs = handle;
	if (fs->err == 0 && fwrite(buf, 1, size, fs->fp) != size)
		fs->err = errno ? errno : EIO;
	return fs->err ? -1 : 0;
}

static int
is_folder(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Reads the input through, copying every byte to KEEP (fmt compares). */
typedef struct tee {
	nt_source inner;
	FILE *keep;
} tee;

static long
tee_read(void *handle, void *buf, size_t size)
{
	tee *t = handle;
	long n = t->inner.read(t->inner.handle, buf, size);
	if (n > 0 && fwrite(buf, 1, (size_t)n, t->keep) != (size_t)n)
		return -1;
	return n;
}

/* Runs the rewrite of IN into FP (convert, or fmt when FORM is NULL). */
static int
rewrite_into(cli *c, const input *in, const nt_source *src, FILE *fp,
             nt_summary *s)
{
	nt_handler h;
	cli_handler(c, stderr, &h);
	file_sink fs = { fp, 0 };
	nt_sink sink = { sink_file, &fs };
	nt_options opts = in->set->opts;
	opts.repair = c->repair;
	int rc = c->to != NULL
		? nt_convert(in->game, src, c->to, &sink, &opts, &h, s)
		: nt_format(in->game, src, &sink, &opts, &h, s);
	if (fs.err == 0 && fflush(fp) != 0)
		fs.err = errno ? errno : EIO;
	/* A failed write outranks whatever the game made of it. */
	if (fs.err != 0) {
		errno = fs.err;
		return -3;
	}
	return rc;
}

/* Reports a rewrite that wrote nothing; WRITE_ERRNO is why writing failed. */
static void
not_written(cli *c, const char *name, int rc, int write_errno, const char *what)
{
	if (rc == -3) {
		fprintf(stderr, "notate: %s: cannot write the output: %s\n", name,
		        strerror(write_errno));
		raise_status(c, EXIT_UNREADABLE);
	} else if (rc > 0 && !c->quiet) {
		/* -q: the diagnostics are not shown, so neither is their sum. */
		fprintf(stderr, "notate: %s: not %s\n", name, what);
	}
}

/*
 * --in-place replaces files only: renaming over a device or a FIFO would
 * put a plain file in its place.  Returns 0, or -1 once reported.
 */
static int
replaceable(cli *c, input *in)
{
	struct stat st;
	if (!c->in_place || (fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode)))
		return 0;
	fprintf(stderr, "notate: %s: not a regular file; --in-place replaces "
	        "only files\n", in->name);
	cli_close(c, in);
	raise_status(c, EXIT_UNREADABLE);
	return -1;
}

/* --- convert ---------------------------------------------------------- */

/* Whether two files hold the same bytes. */
static int
same_bytes(FILE *a, FILE *b)
{
	char x[65536], y[65536];
	if (fflush(a) || fflush(b) || fseek(a, 0, SEEK_SET) || fseek(b, 0, SEEK_SET))
		return 0;
	for (;;) {
		size_t n = fread(x, 1, sizeof x, a), m = fread(y, 1, sizeof y, b);
		if (n != m || memcmp(x, y, n) != 0)
			return 0;
		if (n == 0)
			return 1;
	}
}

/* Whether the file at PATH holds what FP holds (0 when in doubt). */
static int
same_as_file(const char *path, FILE *fp)
{
	FILE *old = fopen(path, "rb");
	if (old == NULL)
		return 0;
	int same = same_bytes(old, fp);
	fclose(old);
	return same;
}

static void
convert_one(cli *c, const char *path, void *ctx)
{
	(void)ctx;
	input in;
	if (cli_open(c, path, &in) != 0 || replaceable(c, &in) != 0)
		return;
	if (!nt_game_has_form(in.game, c->to)) {
		fprintf(stderr, "notate: %s: %s has no form '%s' (forms:", in.name,
		        nt_game_name(in.game), c->to);
		cli_print_forms(stderr, in.game);
		fputs(")\n", stderr);
		cli_close(c, &in);
		raise_status(c, EXIT_USAGE);
		return;
	}
	nt_summary s;
	int rc, write_errno = 0;
	const char *dest = c->in_place ? path : c->output;
	if (dest != NULL) {
		outfile of;
		if (outfile_open(&of, dest, c->in_place ? path : NULL) != 0) {
			fprintf(stderr, "notate: %s: cannot write beside it: %s\n",
			        dest, strerror(errno));
			cli_close(c, &in);
			raise_status(c, EXIT_UNREADABLE);
			return;
		}
		rc = rewrite_into(c, &in, &in.src, of.fp, &s);
		write_errno = errno;
		if (rc != 0 || (c->in_place && same_as_file(path, of.fp))) {
			/* -i leaves a file already in the form alone, mtime and all. */
			outfile_abort(&of);
		} else if (outfile_commit(&of, 1) != 0) {
			fprintf(stderr, "notate: %s: cannot write: %s\n", dest,
			        strerror(errno));
			raise_status(c, EXIT_UNREADABLE);
		}
	} else {
		FILE *spool = spool_open();
		if (spool == NULL) {
			fprintf(stderr, "notate: cannot create a temporary file: %s\n",
			        strerror(errno));
			exit(EXIT_INTERNAL);
		}
		rc = rewrite_into(c, &in, &in.src, spool, &s);
		write_errno = errno;
		if (rc == 0 && spool_copy(spool, stdout) != 0) {
			fprintf(stderr, "notate: cannot write the output: %s\n",
			        strerror(errno));
			raise_status(c, EXIT_UNREADABLE);
		}
		fclose(spool);
	}
	not_written(c, in.name, rc, write_errno, "converted");
	/* A write that failed is not an input that could not be read. */
	cli_account(c, in.set, in.name, rc == -3 ? 0 : rc, &s);
	cli_close(c, &in);
}

static void
check_destinations(cli *c)
{
	if (c->in_place && c->output != NULL)
		usage_error("--in-place and --output exclude each other%s", "");
	if (c->output != NULL && c->nfiles > 1)
		usage_error("--output takes one input file%s", "");
	for (int i = 0; i < c->nfiles; i++) {
		if (c->in_place && strcmp(c->files[i], "-") == 0)
			usage_error("--in-place cannot rewrite standard input%s", "");
		/* Every record of a folder into one file: each would replace the
		 * one before. */
		if (c->output != NULL && c->recursive && is_folder(c->files[i]))
			usage_error("--output takes one input file, not the folder "
			            "'%s'", c->files[i]);
	}
}

int
cmd_convert(cli *c)
{
	if (c->to == NULL)
		usage_error("convert needs --to FORM%s", "");
	if (c->nfiles == 0)
		usage_error("convert needs a FILE (or - for standard input)%s", "");
	check_destinations(c);
	nt_handler h;
	cli_handler(c, stderr, &h);
	if (!c->quiet)
		emit_begin(&c->em);
	cli_each_path(c, convert_one, NULL);
	if (!c->quiet)
		emit_end(&c->em, &c->totals, c->summary);
	fflush(stdout);
	return c->status;
}

/* --- fmt -------------------------------------------------------------- */

/* A named temporary file (diff needs names), removed on close. */
typedef struct named_tmp {
	char path[64];
	FILE *fp;
	int cleanup_slot;
} named_tmp;

static int
named_tmp_open(named_tmp *t)
{
	const char *dir = getenv("TMPDIR");
	snprintf(t->path, sizeof t->path, "%s/notate-fmt-XXXXXX",
	         dir && *dir && strlen(dir) < 40 ? dir : "/tmp");
	int fd = mkstemp(t->path);
	if (fd < 0)
		return -1;
	t->fp = fdopen(fd, "w+");
	if (t->fp == NULL) {
		close(fd);
		unlink(t->path);
		return -1;
	}
	t->cleanup_slot = cleanup_remember(t->path);
	return 0;
}

static void
named_tmp_close(named_tmp *t)
{
	if (t->fp != NULL) {
		fclose(t->fp);
		unlink(t->path);
		cleanup_forget(t->cleanup_slot);
	}
	t->fp = NULL;
}


/*
 * A unified diff that git apply takes: diff -u with a/ and b/ labels.
 * Returns 0, or -1 when diff could not run or failed (reported).
 */
/*
 * NAME as a diff label's path: git apply refuses "./" and "//" in one
 * (`-r .` makes "./x.umla"), so they are dropped; ".." is left alone.
 */
static void
diff_path(const char *name, char *out, size_t size)
{
	size_t n = 0;
	const char *p = name;
	if (*p == '/')
		out[n++] = *p++;
	while (*p && n + 1 < size) {
		if (p[0] == '/' && (n == 0 || out[n - 1] == '/')) {
			p++;
		} else if (p[0] == '.' && p[1] == '/' && (n == 0 || out[n - 1] == '/')) {
			p += 2;
		} else {
			out[n++] = *p++;
		}
	}
	out[n] = '\0';
}

static int
print_diff(const char *name, const char *old_path, const char *new_path)
{
	char a[4200], b[4200], path[4096];
	diff_path(name, path, sizeof path);
	const char *sep = path[0] == '/' ? "" : "/";
	snprintf(a, sizeof a, "a%s%s", sep, path);
	snprintf(b, sizeof b, "b%s%s", sep, path);
	char *argv[] = { "diff", "-u", "--label", a, "--label", b,
	                 (char *)old_path, (char *)new_path, NULL };
	fflush(stdout);
	pid_t pid;
	/* posix_spawnp returns the error; it does not set errno. */
	int err = posix_spawnp(&pid, "diff", NULL, NULL, argv, environ);
	if (err != 0) {
		fprintf(stderr, "notate: cannot run diff: %s\n", strerror(err));
		return -1;
	}
	int status;
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status) > 1) {
		/* 0: same, 1: differences; anything else is trouble. */
		fprintf(stderr, "notate: %s: diff failed\n", name);
		return -1;
	}
	return 0;
}

static void
fmt_one(cli *c, const char *path, void *ctx)
{
	(void)ctx;
	input in;
	if (cli_open(c, path, &in) != 0 || replaceable(c, &in) != 0)
		return;
	named_tmp old = { "", NULL, -1 }, new = { "", NULL, -1 };
	if (named_tmp_open(&old) != 0 || named_tmp_open(&new) != 0) {
		fprintf(stderr, "notate: cannot create a temporary file: %s\n",
		        strerror(errno));
		exit(EXIT_INTERNAL);
	}
	tee t = { in.src, old.fp };
	nt_source src = { tee_read, &t, in.src.name };
	nt_summary s;
	int rc = rewrite_into(c, &in, &src, new.fp, &s);
	int write_errno = errno;
	if (rc == -2) {
		fprintf(stderr, "notate: %s: %s has no canonical form\n", in.name,
		        nt_game_name(in.game));
		raise_status(c, EXIT_USAGE);
	} else if (rc == 0) {
		int changed = !same_bytes(old.fp, new.fp);
		if (c->check_only && changed) {
			if (!c->quiet)
				fprintf(stderr, "notate: %s: would be reformatted\n", in.name);
			raise_status(c, EXIT_FINDINGS);
		}
		if (c->diff && changed &&
		    print_diff(in.name, old.path, new.path) != 0)
			raise_status(c, EXIT_INTERNAL);
		if (c->in_place && changed) {
			outfile of;
			if (outfile_open(&of, path, path) != 0 ||
			    spool_copy(new.fp, of.fp) != 0 ||
			    outfile_commit(&of, 1) != 0) {
				fprintf(stderr, "notate: %s: cannot rewrite: %s\n", path,
				        strerror(errno));
				raise_status(c, EXIT_UNREADABLE);
			}
		}
		if (!c->check_only && !c->diff && !c->in_place &&
		    spool_copy(new.fp, stdout) != 0) {
			fprintf(stderr, "notate: cannot write the output: %s\n",
			        strerror(errno));
			raise_status(c, EXIT_UNREADABLE);
		}
	}
	not_written(c, in.name, rc, write_errno, "formatted");
	if (rc != -2)
		cli_account(c, in.set, in.name, rc == -3 ? 0 : rc, &s);
	named_tmp_close(&old);
	named_tmp_close(&new);
	cli_close(c, &in);
}

int
cmd_fmt(cli *c)
{
	if (c->nfiles == 0)
		usage_error("fmt needs a FILE (or - for standard input)%s", "");
	/* --check only tells; it never writes. */
	if (c->check_only && c->in_place)
		usage_error("--check and --in-place exclude each other%s", "");
	if (c->output != NULL)
		usage_error("fmt writes to standard output or, with -i, in place%s", "");
	/* A repair is never silent: it is shown as a diff unless written. */
	if (c->repair && !c->in_place && !c->check_only)
		c->diff = 1;
	check_destinations(c);
	c->to = NULL;
	nt_handler h;
	cli_handler(c, stderr, &h);
	if (!c->quiet)
		emit_begin(&c->em);
	cli_each_path(c, fmt_one, NULL);
	if (!c->quiet)
		emit_end(&c->em, &c->totals, c->summary);
	fflush(stdout);
	return c->status;
}
