/*
 * --context: the source line a diagnostic points at, with a caret under
 * its column, as compilers print them.  The line is read again from the
 * file with pread, so the game's streaming reader is not disturbed and no
 * line is kept in memory while a file is checked.  Only regular files can
 * be read again: for a pipe the diagnostic line stands alone.  A binary
 * record has no lines: its reader gives the move as notate writes it
 * (nt_place.context), and that is shown instead.
 */
#ifndef NT_CLI_CONTEXT_H
#define NT_CLI_CONTEXT_H

#include <stdio.h>
#include <sys/types.h>

#include "notate/notate.h"

typedef struct context {
	int fd;                  /* -1: no file to show lines of */
	int owned;               /* opened here (closed by context_detach) */
	off_t base;              /* where the input begins in the file */
	nt_text_layout layout;
	/* A line start already found: the next search starts there. */
	unsigned long line;
	off_t at;
	unsigned char *chunk;    /* read buffer (allocated once) */
} context;

void context_init(context *ctx);
/* Shows the lines of FD (not owned) from offset BASE on, when it is a
 * regular file. */
void context_attach(context *ctx, int fd, off_t base, const nt_game *game);
/* Opens PATH again to show its lines, when it is a regular file. */
void context_open(context *ctx, const char *path, const nt_game *game);
void context_detach(context *ctx);
void context_free(context *ctx);
/* Writes the line D points at and a caret (COLOR: in colour); nothing
 * when there is no such line. */
void context_show(context *ctx, FILE *to, const nt_diag *d, int color);

#endif
