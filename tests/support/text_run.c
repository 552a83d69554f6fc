#include "support/text_run.h"

#include <string.h>

#include "core/report.h"

long
ts_mem_read(void *handle, void *buf, size_t size)
{
	ts_mem_source *m = handle;
	size_t n = m->len - m->pos;
	if (n > size)
		n = size;
	if (m->chunk > 0 && n > m->chunk)
		n = m->chunk;
	memcpy(buf, m->text + m->pos, n);
	m->pos += n;
	return (long)n;
}

void
ts_text_run_init(ts_text_run *t, const char *name, const char *text, size_t len)
{
	memset(t, 0, sizeof *t);
	t->mem = (ts_mem_source){ .text = text, .len = len };
	t->src = (nt_source){ .read = ts_mem_read, .handle = &t->mem, .name = name };
	t->run.src = &t->src;
	t->run.opts = &t->opts;
	nt_reporter_init(&t->run.rep, NULL, name, &t->sum, 0);
}
