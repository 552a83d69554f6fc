/*
 * Sources and sinks: reading a file descriptor, writing a stdio stream, and
 * the whole-buffer, printf and JSON-string writes every writer uses.
 */
#include "core/sink.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/report.h"

static long
fd_read(void *handle, void *buf, size_t size)
{
	return (long)read((int)(intptr_t)handle, buf, size);
}

nt_source
nt_source_fd(int fd, const char *name)
{
	nt_source s;
	s.read = fd_read;
	s.handle = (void *)(intptr_t)fd;
	s.name = name;
	return s;
}

static int
stdio_write(void *handle, const void *buf, size_t size)
{
	return fwrite(buf, 1, size, (FILE *)handle) == size ? 0 : -1;
}

nt_sink
nt_sink_stdio(FILE *stream)
{
	nt_sink s;
	s.write = stdio_write;
	s.handle = stream;
	return s;
}

int
nt_sink_write(const nt_sink *sink, const void *buf, size_t size)
{
	return size == 0 ? 0 : sink->write(sink->handle, buf, size);
}

int
nt_sink_puts(const nt_sink *sink, const char *text)
{
	return nt_sink_write(sink, text, strlen(text));
}

int
nt_sink_json_string(const nt_sink *sink, const char *text)
{
	return nt_sink_json_bytes(sink, text, strlen(text));
}

int
nt_sink_json_bytes(const nt_sink *sink, const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	int rc = nt_sink_write(sink, "\"", 1);
	for (size_t i = 0; i < len && rc == 0;) {
		/* Runs of plain ASCII go out whole: a write per byte is slow. */
		size_t run = i;
		while (run < len && s[run] >= 0x20 && s[run] < 0x7F && s[run] != '"' &&
		       s[run] != '\\')
			run++;
		if (run > i) {
			rc = nt_sink_write(sink, s + i, run - i);
			i = run;
			continue;
		}
		size_t n = s[i] >= 0x80 ? nt_utf8_length(s + i, len - i) : 1;
		char esc[8];
		if (n == 0) {
			rc = nt_sink_puts(sink, "\\ufffd");
			n = 1;
		} else if (n > 1) {
			rc = nt_sink_write(sink, s + i, n);
		} else if (s[i] == '"' || s[i] == '\\') {
			esc[0] = '\\';
			esc[1] = (char)s[i];
			rc = nt_sink_write(sink, esc, 2);
		} else if (s[i] < 0x20 || s[i] == 0x7F) {
			snprintf(esc, sizeof esc, "\\u%04x", s[i]);
			rc = nt_sink_puts(sink, esc);
		} else {
			rc = nt_sink_write(sink, s + i, 1);
		}
		i += n;
	}
	return rc == 0 ? nt_sink_write(sink, "\"", 1) : rc;
}

int
nt_sink_printf(const nt_sink *sink, const char *fmt, ...)
{
	char small[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if ((size_t)n < sizeof small)
		return nt_sink_write(sink, small, (size_t)n);
	/* Rare long lines: format again into a buffer of the right size. */
	char *big = malloc((size_t)n + 1);
	if (big == NULL)
		return -1;
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	int rc = nt_sink_write(sink, big, (size_t)n);
	free(big);
	return rc;
}
