/* realpath() is XSI in the headers glibc gives _POSIX_C_SOURCE alone. */
#define _DEFAULT_SOURCE
#include "cli/outfile.h"

#include "cli/cleanup.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *
dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (slash == NULL)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t)(slash - path));
}

static int outfile_open_at(outfile *of, const char *final_path,
                           const char *mode_from);

/* The mode, owner and group the new file takes over, if any. */
static int
like_for(const char *final_path, const char *mode_from, struct stat *st)
{
	if (mode_from != NULL && stat(mode_from, st) == 0)
		return 1;
	return stat(final_path, st) == 0;
}

/*
 * Something that is not a file (/dev/null, a FIFO, /dev/stdout's pipe) is
 * written into as it is: renaming over it would put a plain file in its
 * place.
 */
static int
outfile_open_direct(outfile *of, const char *final_path)
{
	of->fp = fopen(final_path, "w");
	return of->fp != NULL ? 0 : -1;
}

/*
 * The file a link names when that file does not exist yet: writing through
 * it creates the file, as the shell's > does, instead of replacing the link.
 * NULL when PATH is not such a link.
 */
static char *
dangling_target(const char *path)
{
	struct stat st;
	if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
		return NULL;
	char target[4096];
	ssize_t n = readlink(path, target, sizeof target - 1);
	if (n <= 0)
		return NULL;
	target[n] = '\0';
	if (target[0] == '/')
		return strdup(target);
	char *dir = dir_of(path);
	if (dir == NULL)
		return NULL;
	size_t len = strlen(dir) + (size_t)n + 2;
	char *joined = malloc(len);
	if (joined != NULL)
		snprintf(joined, len, "%s/%s", dir, target);
	free(dir);
	return joined;
}

int
outfile_open(outfile *of, const char *final_path, const char *mode_from)
{
	memset(of, 0, sizeof *of);
	of->cleanup_slot = -1;
	/* Writing through a link writes the file it names, and keeps the
	 * link. */
	char *resolved = realpath(final_path, NULL);
	struct stat st;
	if (stat(resolved != NULL ? resolved : final_path, &st) == 0 &&
	    !S_ISREG(st.st_mode)) {
		free(resolved);
		/* In place, only a file is replaced (the callers check first). */
		if (mode_from != NULL) {
			errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
			return -1;
		}
		return outfile_open_direct(of, final_path);
	}
	if (resolved == NULL)
		resolved = dangling_target(final_path);
	if (resolved != NULL)
		final_path = resolved;
	int rc = outfile_open_at(of, final_path, mode_from);
	free(resolved);
	return rc;
}

static int
outfile_open_at(outfile *of, const char *final_path, const char *mode_from)
{
	char *dir = dir_of(final_path);
	const char *slash = strrchr(final_path, '/');
	const char *base = slash ? slash + 1 : final_path;
	size_t len = (dir != NULL ? strlen(dir) : 0) + strlen(base) + 32;
	of->tmp_path = dir != NULL ? malloc(len) : NULL;
	of->final_path = dir != NULL ? strdup(final_path) : NULL;
	if (dir == NULL || of->tmp_path == NULL || of->final_path == NULL) {
		free(dir);
		outfile_abort(of);
		errno = ENOMEM;
		return -1;
	}
	snprintf(of->tmp_path, len, "%s/.%s.notate-XXXXXX", dir, base);
	free(dir);
	struct stat like;
	int have_like = like_for(final_path, mode_from, &like);
	mode_t mode;
	if (have_like) {
		mode = like.st_mode & 07777;
	} else {
		mode_t mask = umask(022);
		umask(mask);
		mode = 0666 & ~mask;
	}
	int fd = mkstemp(of->tmp_path);
	if (fd < 0) {
		int e = errno;
		free(of->tmp_path);
		of->tmp_path = NULL;
		outfile_abort(of);
		errno = e;
		return -1;
	}
	of->cleanup_slot = cleanup_remember(of->tmp_path);
	/* The owner too, where we may (root rewriting someone's file); a
	 * failure leaves ours, as cp does.  Before fchmod: chown clears
	 * set-id bits. */
	if (have_like && (like.st_uid != geteuid() || like.st_gid != getegid()) &&
	    fchown(fd, like.st_uid, like.st_gid) != 0 &&
	    fchown(fd, (uid_t)-1, like.st_gid) != 0)
		errno = 0;
	if (fchmod(fd, mode) != 0 || (of->fp = fdopen(fd, "w+")) == NULL) {
		int e = errno;
		close(fd);
		outfile_abort(of);
		errno = e;
		return -1;
	}
	return 0;
}

/* Makes the rename itself durable. */
static void
sync_dir_of(const char *path)
{
	char *dir = dir_of(path);
	if (dir == NULL)
		return;
	int fd = open(dir, O_RDONLY);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
}

int
outfile_commit(outfile *of, int durable)
{
	if (of->tmp_path == NULL) {
		/* Written straight into something that is not a file. */
		int rc = fflush(of->fp) != 0 || ferror(of->fp) ? -1 : 0;
		int e = errno;
		if (fclose(of->fp) != 0 && rc == 0) {
			rc = -1;
			e = errno;
		}
		of->fp = NULL;
		errno = e;
		return rc;
	}
	int rc = 0;
	if (fflush(of->fp) != 0 || (durable && fsync(fileno(of->fp)) != 0))
		rc = -1;
	int e = errno;
	if (fclose(of->fp) != 0 && rc == 0) {
		rc = -1;
		e = errno;
	}
	of->fp = NULL;
	if (rc == 0 && rename(of->tmp_path, of->final_path) != 0) {
		rc = -1;
		e = errno;
	}
	if (rc != 0) {
		outfile_abort(of);
		errno = e;
		return -1;
	}
	cleanup_forget(of->cleanup_slot);
	of->cleanup_slot = -1;
	if (durable)
		sync_dir_of(of->final_path);
	free(of->tmp_path);
	free(of->final_path);
	of->tmp_path = of->final_path = NULL;
	return 0;
}

void
outfile_abort(outfile *of)
{
	if (of->fp != NULL)
		fclose(of->fp);
	if (of->tmp_path != NULL)
		unlink(of->tmp_path);
	cleanup_forget(of->cleanup_slot);
	free(of->tmp_path);
	free(of->final_path);
	memset(of, 0, sizeof *of);
	of->cleanup_slot = -1;
}

FILE *
spool_open(void)
{
	return tmpfile();
}

int
spool_copy(FILE *spool, FILE *to)
{
	char buf[64 * 1024];
	size_t n;
	if (fflush(spool) != 0 || fseek(spool, 0, SEEK_SET) != 0)
		return -1;
	while ((n = fread(buf, 1, sizeof buf, spool)) > 0)
		if (fwrite(buf, 1, n, to) != n)
			return -1;
	return ferror(spool) ? -1 : 0;
}
