#include "core/report.h"
#include "core/lineset.h"

#include <fcntl.h>
#include <fnmatch.h>
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
nt_reporter_filter(nt_reporter *rep, const nt_options *opts)
{
	rep->opts = opts;
}

static int
matches_any(const char *const *globs, size_t n, const char *code)
{
	for (size_t i = 0; i < n; i++)
		if (fnmatch(globs[i], code, 0) == 0)
			return 1;
	return 0;
}

int
nt_code_kept(const nt_options *opts, const char *code)
{
	if (opts->nselect > 0 && !matches_any(opts->select, opts->nselect, code))
		return 0;
	return !matches_any(opts->ignore, opts->nignore, code);
}

/* The decision for CODE, remembered for the next finding of the same. */
static int
kept(nt_reporter *rep, const char *code)
{
	if (rep->opts == NULL ||
	    (rep->opts->nignore == 0 && rep->opts->nselect == 0))
		return 1;
	if (code != rep->last_code || code == NULL) {
		rep->last_code = code;
		rep->last_kept = code == NULL || nt_code_kept(rep->opts, code);
	}
	return rep->last_kept;
}

int
nt_report_wanted(nt_reporter *rep, nt_severity severity, const char *code)
{
	if (rep->muted || rep->handler == NULL || rep->handler->on_diag == NULL)
		return 0;
	if (rep->opts != NULL && severity < rep->opts->min_severity)
		return 0;
	return kept(rep, code);
}

void
nt_binloc_clear(nt_binloc *b)
{
	b->offset = -1;
	b->record = b->game = b->row = -1;
	b->where[0] = '\0';
}

/* The public form of AT (its text stays in AT). */
static nt_place
place_of(const nt_binloc *at, const char *context)
{
	nt_place p;
	p.where = at->where;
	p.offset = at->offset;
	p.record = at->record;
	p.game = at->game;
	p.row = at->row;
	p.context = context;
	return p;
}

/* Counts a diagnostic; 1 when the handler is to be told of it. */
static int
counted(nt_reporter *rep, nt_severity severity, const char *code)
{
	if (rep->trace != NULL)
		trace_code(rep, code);
	if (severity == NT_SEV_ERROR)
		rep->errors++;
	if (!kept(rep, code)) {
		rep->summary->ignored++;
		return 0;
	}
	if (severity == NT_SEV_ERROR)
		rep->summary->errors++;
	else if (severity == NT_SEV_WARNING)
		rep->summary->warnings++;
	else
		rep->summary->style++;
	if (rep->muted)
		return 0;
	if (rep->max_errors > 0 && severity == NT_SEV_ERROR &&
	    rep->summary->errors >= rep->max_errors)
		rep->muted = 1;
	/* Nothing would print it: the message is not worth formatting. */
	return !(rep->handler == NULL || rep->handler->on_diag == NULL ||
	         (rep->opts != NULL && severity < rep->opts->min_severity));
}

static void
deliver(nt_reporter *rep, nt_severity severity, const char *code,
        nt_loc begin, nt_loc end, const nt_place *place, long game,
        long move, const char *fmt, va_list ap)
{
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
	d.place = place;
	rep->handler->on_diag(rep->handler->user, &d);
}

void
nt_vreport(nt_reporter *rep, nt_severity severity, const char *code,
           nt_loc begin, nt_loc end, long game, long move,
           const char *fmt, va_list ap)
{
	if (rep->style_lines != NULL && severity == NT_SEV_STYLE)
		nt_line_set_add(rep->style_lines, begin.line);
	if (counted(rep, severity, code))
		deliver(rep, severity, code, begin, end, NULL, game, move, fmt, ap);
}

void
nt_vreport_at(nt_reporter *rep, nt_severity severity, const char *code,
              const nt_binloc *at, const char *context, long game, long move,
              const char *fmt, va_list ap)
{
	if (!counted(rep, severity, code))
		return;
	nt_place p = place_of(at, context);
	nt_loc none = { 0, 0 };
	deliver(rep, severity, code, none, none, &p, game, move, fmt, ap);
}

void
nt_report_at(nt_reporter *rep, nt_severity severity, const char *code,
             const nt_binloc *at, const char *context, long game, long move,
             const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	nt_vreport_at(rep, severity, code, at, context, game, move, fmt, ap);
	va_end(ap);
}

void
nt_vemit_at(nt_reporter *rep, const nt_code_info *code, const nt_binloc *at,
            const char *context, long game, long move, const char *fmt,
            va_list ap)
{
	nt_severity severity = code->severity;
	if (rep->strict && code->strict_error)
		severity = NT_SEV_ERROR;
	nt_vreport_at(rep, severity, code->code, at, context, game, move, fmt, ap);
}

void
nt_emit_at(nt_reporter *rep, const nt_code_info *code, const nt_binloc *at,
           const char *context, long game, long move, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	nt_vemit_at(rep, code, at, context, game, move, fmt, ap);
	va_end(ap);
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
	m.place = NULL;
	m.position = NULL;
	rep->handler->on_move(rep->handler->user, &m);
}

void
nt_report_move_at(nt_reporter *rep, long game, long index,
                  const nt_binloc *at, const char *text, const char *side)
{
	rep->summary->moves++;
	if (rep->handler == NULL || rep->handler->on_move == NULL)
		return;
	nt_place p = place_of(at, text);
	nt_move m;
	m.game = game;
	m.index = index;
	m.loc.line = m.loc.col = 0;
	m.text = text;
	m.side = side;
	m.place = &p;
	m.position = NULL;
	rep->handler->on_move(rep->handler->user, &m);
}

int
nt_report_wants_moves(const nt_reporter *rep)
{
	return rep->handler != NULL && rep->handler->on_move != NULL;
}

void
nt_report_move_pos(nt_reporter *rep, long game, long index, nt_loc loc,
                   const nt_binloc *at, const char *text, const char *side,
                   const char *position)
{
	rep->summary->moves++;
	if (!nt_report_wants_moves(rep))
		return;
	nt_place p;
	nt_move m;
	m.game = game;
	m.index = index;
	m.loc = loc;
	m.text = text;
	m.side = side;
	m.place = NULL;
	if (at != NULL) {
		p = place_of(at, text);
		m.place = &p;
		m.loc.line = m.loc.col = 0;
	}
	m.position = position;
	rep->handler->on_move(rep->handler->user, &m);
}

void
nt_report_fact(nt_reporter *rep, nt_fact_kind kind, long game,
               const char *key, size_t key_len, const char *value,
               size_t value_len, long number, nt_loc at)
{
	if (rep->handler == NULL || rep->handler->on_fact == NULL)
		return;
	nt_fact f;
	f.kind = kind;
	f.game = game;
	f.key = key;
	f.key_len = key_len;
	f.value = value != NULL ? value : "";
	f.value_len = value != NULL ? value_len : 0;
	f.number = number;
	f.loc = at;
	f.value_cut = 0;
	rep->handler->on_fact(rep->handler->user, &f);
}

void
nt_report_tag(nt_reporter *rep, long game, const char *key, size_t key_len,
              const char *value, size_t value_len, int value_cut, nt_loc at,
              const char *const players[2])
{
	if (rep->handler == NULL || rep->handler->on_fact == NULL)
		return;
	nt_fact f = { NT_FACT_TAG, game, key, key_len, value, value_len, 0, at,
	              value_cut };
	rep->handler->on_fact(rep->handler->user, &f);
	for (int i = 0; players != NULL && i < 2; i++)
		if (strlen(players[i]) == key_len &&
		    memcmp(players[i], key, key_len) == 0) {
			f.kind = NT_FACT_RECORD;
			f.key = i == 0 ? "player1" : "player2";
			f.key_len = 7;
			rep->handler->on_fact(rep->handler->user, &f);
		}
}

void
nt_report_outcome(nt_reporter *rep, long game, const char *result,
                  int winner, nt_loc at)
{
	nt_report_record_fact(rep, game, "result", result, 0, at);
	if (winner >= 0)
		nt_report_record_fact(rep, game, "winner", NULL, winner, at);
}

void
nt_report_record_fact(nt_reporter *rep, long game, const char *key,
                      const char *value, long number, nt_loc at)
{
	nt_report_fact(rep, NT_FACT_RECORD, game, key, strlen(key), value,
	               value != NULL ? strlen(value) : 0, number, at);
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
