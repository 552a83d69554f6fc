#include "core/report.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void
nt_reporter_init(nt_reporter *rep, const nt_handler *handler,
                 const char *file, nt_summary *summary, long max_errors)
{
	memset(rep, 0, sizeof *rep);
	rep->handler = handler;
	rep->file = file;
	rep->summary = summary;
	rep->max_errors = max_errors;
	rep->trace = getenv("NT_CODE_TRACE");
	if (rep->trace != NULL && rep->trace[0] == '\0')
		rep->trace = NULL;
}

/*
 * Appends CODE to the trace file.  One write of one short line with
 * O_APPEND: lines from processes and threads writing at once stay whole.
 * A code the reporter traced lately is not written again.
 */
static void
trace_code(nt_reporter *rep, const char *code)
{
	for (unsigned i = 0; i < NT_TRACE_RECENT; i++)
		if (rep->traced[i] == code)
			return;
	rep->traced[rep->traced_next] = code;
	rep->traced_next = (rep->traced_next + 1) % NT_TRACE_RECENT;
	char line[128];
	int len = snprintf(line, sizeof line, "%s\n", code);
	if (len <= 0 || (size_t)len >= sizeof line)
		return;
	int fd = open(rep->trace, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
	if (fd < 0)
		return;
	ssize_t written = write(fd, line, (size_t)len);
	(void)written;
	close(fd);
}

void
nt_vreport(nt_reporter *rep, nt_severity severity, const char *code,
           nt_loc begin, nt_loc end, long game, long move,
           const char *fmt, va_list ap)
{
	if (rep->trace != NULL)
		trace_code(rep, code);
	if (severity == NT_SEV_ERROR)
		rep->summary->errors++;
	else if (severity == NT_SEV_WARNING)
		rep->summary->warnings++;
	else
		rep->summary->style++;
	if (rep->muted)
		return;
	if (rep->max_errors > 0 && severity == NT_SEV_ERROR &&
	    rep->summary->errors >= rep->max_errors)
		rep->muted = 1;
	if (rep->handler == NULL || rep->handler->on_diag == NULL)
		return;

	char message[NT_MSG_MAX];
	vsnprintf(message, sizeof message, fmt, ap);
	nt_diag d;
	d.file = rep->file;
	d.begin = begin;
	d.end = end;
	d.severity = severity;
	d.code = code;
	d.message = message;
	d.game = game;
	d.move = move;
	rep->handler->on_diag(rep->handler->user, &d);
}

void
nt_vemit(nt_reporter *rep, const nt_code_info *code, nt_loc begin,
         nt_loc end, long game, long move, const char *fmt, va_list ap)
{
	nt_severity severity = code->severity;
	if (rep->strict && code->strict_error)
		severity = NT_SEV_ERROR;
	nt_vreport(rep, severity, code->code, begin, end, game, move, fmt, ap);
}

void
nt_emit(nt_reporter *rep, const nt_code_info *code, nt_loc begin, nt_loc end,
        long game, long move, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	nt_vemit(rep, code, begin, end, game, move, fmt, ap);
	va_end(ap);
}

void
nt_report(nt_reporter *rep, nt_severity severity, const char *code,
          nt_loc at, long game, long move, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	nt_vreport(rep, severity, code, at, at, game, move, fmt, ap);
	va_end(ap);
}

void
nt_report_span(nt_reporter *rep, nt_severity severity, const char *code,
               nt_loc at, nt_loc end, long game, long move,
               const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	nt_vreport(rep, severity, code, at, end, game, move, fmt, ap);
	va_end(ap);
}

void
nt_report_move(nt_reporter *rep, long game, long index, nt_loc at,
               const char *text, const char *side)
{
	rep->summary->moves++;
	if (rep->handler == NULL || rep->handler->on_move == NULL)
		return;
	nt_move m;
	m.game = game;
	m.index = index;
	m.loc = at;
	m.text = text;
	m.side = side;
	rep->handler->on_move(rep->handler->user, &m);
}

size_t
nt_utf8_length(const unsigned char *s, size_t n)
{
	size_t len;
	unsigned min;
	unsigned cp;
	if (s[0] >= 0xC2 && s[0] <= 0xDF) {
		len = 2; cp = s[0] & 0x1F; min = 0x80;
	} else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
		len = 3; cp = s[0] & 0x0F; min = 0x800;
	} else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
		len = 4; cp = s[0] & 0x07; min = 0x10000;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return len;
}

char *
nt_quote(char *out, size_t size, const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t o = 0;
	if (size == 0)
		return out;
	for (size_t i = 0; i < len;) {
		char piece[8];
		size_t plen;
		size_t step = 1;
		if (s[i] >= 0x20 && s[i] < 0x7F) {
			piece[0] = (char)s[i];
			plen = 1;
		} else if (s[i] >= 0x80 && (step = nt_utf8_length(s + i, len - i)) > 0) {
			memcpy(piece, s + i, step);
			plen = step;
		} else {
			step = 1;
			plen = (size_t)snprintf(piece, sizeof piece, "\\x%02X", s[i]);
		}
		/* Keep room for "..." and the terminator. */
		if (o + plen + 4 > size) {
			size_t dots = size - 1 - o < 3 ? size - 1 - o : 3;
			memcpy(out + o, "...", dots);
			o += dots;
			break;
		}
		memcpy(out + o, piece, plen);
		o += plen;
		i += step;
	}
	out[o] = '\0';
	return out;
}
