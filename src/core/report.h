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
	const nt_options *opts; /* ignore, select, min_severity; NULL: none */
	long errors;            /* errors found, ignored ones too: a record
	                           with any is not converted */
	const char *last_code;  /* the code asked about last, and the answer: */
	int last_kept;          /* codes come in runs, and fnmatch costs */
	/* lint: the lines of the style findings, ignored ones too, so that the
	   layout finding (core/layout.h) does not say a thing twice; NULL:
	   nobody asks. */
	struct nt_line_set *style_lines;
} nt_reporter;

void nt_reporter_init(nt_reporter *rep, const nt_handler *handler,
                      const char *file, nt_summary *summary, long max_errors);
/* Drops the findings OPTS leaves out (ignore, select, min_severity). */
void nt_reporter_filter(nt_reporter *rep, const nt_options *opts);

/* Whether OPTS lets findings of CODE through (ignore and select). */
int nt_code_kept(const nt_options *opts, const char *code);

/* Hands a fact of the record to the handler (see nt_fact). */
void nt_report_fact(nt_reporter *rep, nt_fact_kind kind, long game,
                    const char *key, size_t key_len, const char *value,
                    size_t value_len, long number, nt_loc at);
/*
 * A header or tag as read (VALUE_CUT: only its start is kept), and when
 * KEY is PLAYERS[0] or PLAYERS[1] (PLAYERS may be NULL) the record fact
 * player1 or player2 too.
 */
void nt_report_tag(nt_reporter *rep, long game, const char *key,
                   size_t key_len, const char *value, size_t value_len,
                   int value_cut, nt_loc at, const char *const players[2]);
/* A game's end: its RESULT, and WINNER 1 or 2, 0 a draw, -1 none yet. */
void nt_report_outcome(nt_reporter *rep, long game, const char *result,
                       int winner, nt_loc at);
/* A record fact whose value is a C string (NULL: only its number). */
void nt_report_record_fact(nt_reporter *rep, long game, const char *key,
                           const char *value, long number, nt_loc at);

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

/*
 * Whether a finding of CODE at SEVERITY would reach the handler: when not
 * (-q, --ignore, below -W), a game may skip composing its message.  It
 * must still report it, to be counted.
 */
int nt_report_wanted(nt_reporter *rep, nt_severity severity, const char *code);

/*
 * A place in a binary record (nt_place) kept by value, so that it can be
 * copied with what it locates: WHERE empty means the input is text.
 */
#define NT_WHERE_MAX 64
typedef struct nt_binloc {
	long long offset;
	long record, game, row;
	char where[NT_WHERE_MAX];
} nt_binloc;

/* "Nowhere yet": every number -1 and WHERE empty. */
void nt_binloc_clear(nt_binloc *b);

/*
 * A diagnostic at a place in a binary record (CONTEXT, the item as notate
 * writes it, may be NULL): of a game's catalogue, and with the code and
 * severity given by the caller.
 */
void nt_emit_at(nt_reporter *rep, const nt_code_info *code,
                const nt_binloc *at, const char *context, long game,
                long move, const char *fmt, ...) NT_PRINTF(7, 8);
void nt_vemit_at(nt_reporter *rep, const nt_code_info *code,
                 const nt_binloc *at, const char *context, long game,
                 long move, const char *fmt, va_list ap);
void nt_vreport_at(nt_reporter *rep, nt_severity severity, const char *code,
                   const nt_binloc *at, const char *context, long game,
                   long move, const char *fmt, va_list ap);
void nt_report_at(nt_reporter *rep, nt_severity severity, const char *code,
                  const nt_binloc *at, const char *context, long game,
                  long move, const char *fmt, ...) NT_PRINTF(8, 9);

/* Tells the handler that the engine accepted a move. */
void nt_report_move(nt_reporter *rep, long game, long index, nt_loc at,
                    const char *text, const char *side);
/* The same for a move of a binary record, at AT. */
void nt_report_move_at(nt_reporter *rep, long game, long index,
                       const nt_binloc *at, const char *text,
                       const char *side);
/* Either, with the position after the move (nt_move.position): AT NULL
   for a text record, where LOC is. */
void nt_report_move_pos(nt_reporter *rep, long game, long index, nt_loc loc,
                        const nt_binloc *at, const char *text,
                        const char *side, const char *position);
/* Whether anyone listens to moves (a position is worth making). */
int nt_report_wants_moves(const nt_reporter *rep);

/* Length of the valid UTF-8 sequence at S (at most N bytes), or 0. */
size_t nt_utf8_length(const unsigned char *s, size_t n);

/*
 * Copies TEXT (LEN bytes) into OUT for quoting in a message: control bytes
 * and bytes that are not valid UTF-8 become \xHH, and text longer than fits
 * is cut with "...".  Always NUL-terminates; returns OUT.
 */
char *nt_quote(char *out, size_t size, const char *text, size_t len);

#endif
