/*
 * A set of line numbers, for lint: the lines that hold a style finding,
 * so that the layout finding (core/layout.h) does not say a thing twice.
 */
#ifndef NT_CORE_LINESET_H
#define NT_CORE_LINESET_H

#include <stddef.h>

typedef struct nt_line_set {
	unsigned long *line;
	size_t n, cap;
	int sorted;             /* set by nt_line_set_add as lines come */
	int failed;             /* memory ran short: lines may be missing */
} nt_line_set;

void nt_line_set_init(nt_line_set *s);
void nt_line_set_free(nt_line_set *s);
void nt_line_set_add(nt_line_set *s, unsigned long line);
/* Sorts it once, after the last add; then nt_line_set_has answers. */
void nt_line_set_done(nt_line_set *s);
int nt_line_set_has(const nt_line_set *s, unsigned long line);

#endif
