/*
 * Emitting diagnostics: one place formats every message, counts errors and
 * warnings into the summary and hands the result to the caller's handler.
 */
#ifndef NT_CORE_REPORT_H
#define NT_CORE_REPORT_H

#include <stdarg.h>
#include "notate/notate.h"

#if defined(__GNUC__) || defined(__clang__)
#define NT_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define NT_PRINTF(fmt, args)
#endif

/* Long enough for any message that quotes a (shortened) move. */
#define NT_MSG_MAX 1024

/* How many recent codes a reporter remembers, not to trace them again. */
#define NT_TRACE_RECENT 8

typedef struct nt_reporter {
	const nt_handler *handler;
	const char *file;
	nt_summary *summary;
	long max_errors;        /* 0: no limit */
	int muted;              /* set once max_errors is reached */
	int strict;             /* --strict: promote the codes that say so */
	/*
	 * NT_CODE_TRACE=FILE, read at init: every code reported is appended to
	 * FILE, one a line (a debugging hook; make check uses it to find the
	 * catalogue codes that no test emits).
	 */
	const char *trace;
	const char *traced[NT_TRACE_RECENT];
	unsigned traced_next;
} nt_reporter;

void nt_reporter_init(nt_reporter *rep, const nt_handler *handler,
                      const char *file, nt_summary *summary, long max_errors);

/*
 * Reports one diagnostic of a game's catalogue (core/catalogue.h) from BEGIN
 * to END (its last character; equal to BEGIN for a point).  The severity is
 * the entry's, an error under --strict when the entry says so.  The message
 * is printf-formatted.
 */
void nt_emit(nt_reporter *rep, const nt_code_info *code, nt_loc begin,
             nt_loc end, long game, long move, const char *fmt, ...)
	NT_PRINTF(7, 8);
void nt_vemit(nt_reporter *rep, const nt_code_info *code, nt_loc begin,
              nt_loc end, long game, long move, const char *fmt, va_list ap);

/*
 * The same with the code and the severity given by the caller: for games
 * whose codes are not in a codes.def yet.
 */
void nt_report(nt_reporter *rep, nt_severity severity, const char *code,
               nt_loc at, long game, long move, const char *fmt, ...)
	NT_PRINTF(7, 8);
/* The same over a span: END is its last character (equal to AT for a point). */
void nt_report_span(nt_reporter *rep, nt_severity severity, const char *code,
                    nt_loc at, nt_loc end, long game, long move,
                    const char *fmt, ...) NT_PRINTF(8, 9);
void nt_vreport(nt_reporter *rep, nt_severity severity, const char *code,
                nt_loc begin, nt_loc end, long game, long move,
                const char *fmt, va_list ap);

/* Tells the handler that the engine accepted a move. */
void nt_report_move(nt_reporter *rep, long game, long index, nt_loc at,
                    const char *text, const char *side);

/* Length of the valid UTF-8 sequence at S (at most N bytes), or 0. */
size_t nt_utf8_length(const unsigned char *s, size_t n);

/*
 * Copies TEXT (LEN bytes) into OUT for quoting in a message: control bytes
 * and bytes that are not valid UTF-8 become \xHH, and text longer than fits
 * is cut with "...".  Always NUL-terminates; returns OUT.
 */
char *nt_quote(char *out, size_t size, const char *text, size_t len);

#endif
