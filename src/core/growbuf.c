#include "core/growbuf.h"

#include <stdlib.h>
#include <string.h>

void
nt_growbuf_init(nt_growbuf *b, char *small, size_t small_size, size_t max)
{
	b->data = b->small = small;
	b->cap = b->small_size = small_size;
	b->max = max;
}

int
nt_growbuf_reserve(nt_growbuf *b, size_t len, size_t need)
{
	if (need <= b->cap)
		return 1;
	if (need > b->max)
		return 0;
	size_t cap = b->cap * 2;
	while (cap < need)
		cap *= 2;
	if (cap > b->max)
		cap = b->max;
	int small = b->data == b->small;
	char *grown = small ? malloc(cap) : realloc(b->data, cap);
	if (grown == NULL)
		return 0;
	if (small)
		memcpy(grown, b->small, len);
	b->data = grown;
	b->cap = cap;
	return 1;
}

void
nt_growbuf_free(nt_growbuf *b)
{
	if (b->data != b->small)
		free(b->data);
	b->data = b->small;
	b->cap = b->small_size;
}
