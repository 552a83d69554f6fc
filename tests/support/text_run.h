/*
 * A library run over text held in memory, for suites that drive a game's
 * reader and replay directly rather than through the public calls.
 */
#ifndef NT_TEST_SUPPORT_TEXT_RUN_H
#define NT_TEST_SUPPORT_TEXT_RUN_H

#include <stddef.h>

#include "core/game.h"

/* At most CHUNK bytes a read (0: as many as asked), to exercise refills. */
typedef struct ts_mem_source {
	const char *text;
	size_t len, pos;
	size_t chunk;
} ts_mem_source;

long ts_mem_read(void *handle, void *buf, size_t size);

/*
 * The source, options and summary a run points to, kept together: set
 * opts after ts_text_run_init, and never copy the struct (run points into it).
 */
typedef struct ts_text_run {
	ts_mem_source mem;
	nt_source src;
	nt_options opts;
	nt_summary sum;
	nt_run run;
} ts_text_run;

void ts_text_run_init(ts_text_run *t, const char *name, const char *text, size_t len);

#endif
