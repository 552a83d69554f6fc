#include "core/spool.h"

#include <stdlib.h>
#include <string.h>

#define SPOOL_DEFAULT_MEM (64 * 1024)

void
nt_spool_init(nt_spool *s, size_t mem_max)
{
	memset(s, 0, sizeof *s);
	s->mem_max = mem_max ? mem_max : SPOOL_DEFAULT_MEM;
}

void
nt_spool_free(nt_spool *s)
{
	free(s->mem);
	if (s->file != NULL)
		fclose(s->file);
	s->mem = NULL;
	s->file = NULL;
	s->mem_len = 0;
	s->size = 0;
}

void
nt_spool_clear(nt_spool *s)
{
	s->mem_len = 0;
	s->size = 0;
	s->failed = 0;
}

static int
spool_fail(nt_spool *s)
{
	s->failed = 1;
	return -1;
}

int
nt_spool_write(nt_spool *s, const void *bytes, size_t n)
{
	const unsigned char *p = bytes;
	if (s->failed)
		return -1;
	if (s->mem_len < s->mem_max && n > 0) {
		if (s->mem == NULL && (s->mem = malloc(s->mem_max)) == NULL)
			return spool_fail(s);
		size_t room = s->mem_max - s->mem_len;
		size_t k = n < room ? n : room;
		memcpy(s->mem + s->mem_len, p, k);
		s->mem_len += k;
		s->size += k;
		p += k;
		n -= k;
	}
	if (n == 0)
		return 0;
	if (s->file == NULL && (s->file = tmpfile()) == NULL)
		return spool_fail(s);
	/* The file holds the bytes from mem_max on, at their own offsets;
	   it is written and read in order, so it seldom needs a seek. */
	nt_spool_pos at = s->size - s->mem_max;
	/* After a read, the stream needs a seek before it is written. */
	if (((at != s->file_pos || !s->writing) &&
	     fseek(s->file, (long)at, SEEK_SET) != 0) ||
	    fwrite(p, 1, n, s->file) != n)
		return spool_fail(s);
	s->size += n;
	s->file_pos = at + n;
	s->writing = 1;
	return 0;
}

int
nt_spool_read(nt_spool *s, nt_spool_pos at, void *out, size_t n)
{
	unsigned char *o = out;
	if (at + n > s->size)
		return -1;
	if (at < s->mem_len) {
		size_t k = s->mem_len - (size_t)at;
		if (k > n)
			k = n;
		memcpy(o, s->mem + at, k);
		o += k;
		at += k;
		n -= k;
	}
	if (n == 0)
		return 0;
	nt_spool_pos from = at - s->mem_max;
	if (s->file == NULL)
		return -1;
	/* Between a write and a read the stream needs a flush or a seek. */
	if (s->writing && fflush(s->file) != 0)
		return -1;
	s->writing = 0;
	if ((from != s->file_pos && fseek(s->file, (long)from, SEEK_SET) != 0) ||
	    fread(o, 1, n, s->file) != n) {
		s->file_pos = (nt_spool_pos)-1;
		return -1;
	}
	s->file_pos = from + n;
	return 0;
}
