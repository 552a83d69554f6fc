#include "core/lineset.h"

#include <stdlib.h>

void
nt_line_set_init(nt_line_set *s)
{
	s->line = NULL;
	s->n = s->cap = 0;
	s->sorted = 1;
	s->failed = 0;
}

void
nt_line_set_free(nt_line_set *s)
{
	free(s->line);
	nt_line_set_init(s);
}

void
nt_line_set_add(nt_line_set *s, unsigned long line)
{
	/* Findings come mostly in line order, several to a line. */
	if (s->n > 0 && s->line[s->n - 1] == line)
		return;
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		unsigned long *more = realloc(s->line, cap * sizeof *more);
		if (more == NULL) {
			s->failed = 1;
			return;
		}
		s->line = more;
		s->cap = cap;
	}
	if (s->n > 0 && s->line[s->n - 1] > line)
		s->sorted = 0;
	s->line[s->n++] = line;
}

static int
line_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;
	return x < y ? -1 : x > y;
}

int
nt_line_set_has(const nt_line_set *s, unsigned long line)
{
	if (s->n == 0)
		return 0;
	return bsearch(&line, s->line, s->n, sizeof *s->line, line_cmp) != NULL;
}

void
nt_line_set_done(nt_line_set *s)
{
	if (!s->sorted)
		qsort(s->line, s->n, sizeof *s->line, line_cmp);
	s->sorted = 1;
}
