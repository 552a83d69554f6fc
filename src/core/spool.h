/*
 * Bytes held for later, in bounded memory: the first MEM_MAX bytes stay in
 * memory, the rest go to a temporary file.  Readers and writers that must
 * hold something whose size the input decides (a game tree until it is
 * known to be complete, a comment written before what it precedes) use it,
 * so that memory does not grow with the input.
 */
#ifndef NT_CORE_SPOOL_H
#define NT_CORE_SPOOL_H

#include <stddef.h>
#include <stdio.h>

typedef unsigned long long nt_spool_pos;

typedef struct nt_spool {
	unsigned char *mem;     /* the first bytes */
	size_t mem_len;
	size_t mem_max;
	FILE *file;             /* the bytes past mem_max, once there are any */
	nt_spool_pos size;      /* bytes written since the last clear */
	nt_spool_pos file_pos;  /* where the file stands (-1: unknown) */
	int writing;            /* it was written last (a read flushes) */
	int failed;             /* a write could not be kept */
} nt_spool;

/* MEM_MAX 0 picks the default (64 KiB).  Allocates nothing yet. */
void nt_spool_init(nt_spool *s, size_t mem_max);
void nt_spool_free(nt_spool *s);
/* Empties it; memory and the file are kept for reuse. */
void nt_spool_clear(nt_spool *s);

/* Appends N bytes: 0, or -1 (and failed set) when they cannot be kept. */
int nt_spool_write(nt_spool *s, const void *bytes, size_t n);
/* Reads N bytes from offset AT into OUT: 0, or -1 past the end. */
int nt_spool_read(nt_spool *s, nt_spool_pos at, void *out, size_t n);

#endif
