/*
 * Output files that appear all at once or not at all: data goes to a
 * temporary file in the destination's folder, which is synced and renamed
 * over the destination only when it is complete.
 */
#ifndef NT_CLI_OUTFILE_H
#define NT_CLI_OUTFILE_H

#include <stdio.h>

typedef struct outfile {
	char *final_path;
	char *tmp_path;
	FILE *fp;
	int cleanup_slot;       /* removed by a terminating signal (cleanup.h) */
} outfile;

/*
 * Opens a temporary file beside FINAL_PATH (beside the file it names, when
 * it is a link: the link stays).  It gets the permissions (and, where
 * allowed, the owner and group) of MODE_FROM when that file exists
 * (in-place rewriting), else those of an existing FINAL_PATH, else 0666
 * less the umask.  When FINAL_PATH exists and is not a file (a device, a
 * FIFO), it is opened and written into instead, as renaming over it would
 * put a plain file in its place; with MODE_FROM that fails (only a file is
 * replaced in place).  Returns 0, or -1 with errno.
 */
int outfile_open(outfile *of, const char *final_path, const char *mode_from);
/*
 * Flushes and renames into place, syncing file and folder first when
 * DURABLE.  Returns 0, or -1 with errno.
 */
int outfile_commit(outfile *of, int durable);
/* Removes the temporary file; the destination is untouched. */
void outfile_abort(outfile *of);

/* A spool for standard output: anonymous, copied out only when complete. */
FILE *spool_open(void);
int spool_copy(FILE *spool, FILE *to);

#endif
