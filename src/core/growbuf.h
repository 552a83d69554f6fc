/*
 * A text buffer that lives in storage its owner provides (SMALL, inside a
 * struct, so short texts cost no allocation) and moves to the heap only
 * when a text needs more, up to a fixed limit: memory stays bounded while
 * ordinary lines never touch malloc.
 */
#ifndef NT_CORE_GROWBUF_H
#define NT_CORE_GROWBUF_H

#include <stddef.h>

typedef struct nt_growbuf {
	char *data;             /* small, or the heap */
	size_t cap;
	size_t max;             /* cap never goes past it */
	char *small;
	size_t small_size;
} nt_growbuf;

void nt_growbuf_init(nt_growbuf *b, char *small, size_t small_size,
                     size_t max);
/* Room for NEED bytes in all (LEN of them kept): 1, or 0 when NEED is past
   the limit or memory is short. */
int nt_growbuf_reserve(nt_growbuf *b, size_t len, size_t need);
void nt_growbuf_free(nt_growbuf *b);

#endif
