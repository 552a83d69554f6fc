/*
 * tmpfile() for WASI, which has no temporary folder: a stream that can be
 * written, rewound and read back, kept in memory.  (The page limits a
 * record to 10 MB, and a spool holds less than its record.)
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

FILE *nt_wasm_tmpfile(void);

typedef struct spool {
	char *data;
	size_t len, cap, pos;
} spool;

static ssize_t
spool_read(void *cookie, char *buf, size_t size)
{
	spool *s = cookie;
	size_t n = s->pos < s->len ? s->len - s->pos : 0;
	if (n > size)
		n = size;
	memcpy(buf, s->data + s->pos, n);
	s->pos += n;
	return (ssize_t)n;
}

static ssize_t
spool_write(void *cookie, const char *buf, size_t size)
{
	spool *s = cookie;
	if (s->pos + size > s->cap) {
		size_t cap = s->cap ? s->cap : 4096;
		while (cap < s->pos + size)
			cap *= 2;
		char *data = realloc(s->data, cap);
		if (data == NULL)
			return -1;
		s->data = data;
		s->cap = cap;
	}
	if (s->pos > s->len)   /* written past the end after a seek */
		memset(s->data + s->len, 0, s->pos - s->len);
	memcpy(s->data + s->pos, buf, size);
	s->pos += size;
	if (s->pos > s->len)
		s->len = s->pos;
	return (ssize_t)size;
}

static int
spool_seek(void *cookie, off_t *offset, int whence)
{
	spool *s = cookie;
	off_t from = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? (off_t)s->pos
	                                                         : (off_t)s->len;
	if (*offset < -from)
		return -1;
	s->pos = (size_t)(from + *offset);
	*offset = (off_t)s->pos;
	return 0;
}

static int
spool_close(void *cookie)
{
	spool *s = cookie;
	free(s->data);
	free(s);
	return 0;
}

FILE *
nt_wasm_tmpfile(void)
{
	spool *s = calloc(1, sizeof *s);
	if (s == NULL)
		return NULL;
	cookie_io_functions_t io = { spool_read, spool_write, spool_seek,
	                             spool_close };
	FILE *f = fopencookie(s, "w+", io);
	if (f == NULL)
		free(s);
	return f;
}
