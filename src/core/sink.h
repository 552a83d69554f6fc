/*
 * Writing to an nt_sink: what the converters, the viewers and the JSON
 * writers of the core share.
 */
#ifndef NT_CORE_SINK_H
#define NT_CORE_SINK_H

#include <stddef.h>

#include "notate/notate.h"
#include "core/report.h"

/* Writes the whole buffer or returns nonzero. */
int nt_sink_write(const nt_sink *sink, const void *buf, size_t size);
int nt_sink_puts(const nt_sink *sink, const char *text);
int nt_sink_printf(const nt_sink *sink, const char *fmt, ...) NT_PRINTF(2, 3);
/* TEXT as a JSON string; bytes that are not UTF-8 become U+FFFD. */
int nt_sink_json_string(const nt_sink *sink, const char *text);
/* The same for LEN bytes that may hold NULs (as \u0000). */
int nt_sink_json_bytes(const nt_sink *sink, const char *text, size_t len);

#endif
