/*
 * Writing diagnostics for people and for machines: `gnu` lines,
 * JSON Lines, one SARIF 2.1.0 log, or GitHub workflow commands (-f).
 * Every format streams: nothing is held back but a few counters.
 */
#ifndef NT_CLI_EMIT_H
#define NT_CLI_EMIT_H

#include <stdio.h>
#include "notate/notate.h"

struct context;

typedef enum emit_format {
	EMIT_GNU, EMIT_JSON, EMIT_SARIF, EMIT_GITHUB
} emit_format;

typedef struct emit_totals {
	long long files, games, moves, errors, warnings, style, unreadable;
	long long ignored;            /* findings --ignore or --select dropped */
	long long skipped;            /* files in folders that hold no record */
	long long skipped_game;       /* ... or a record of another game (--game) */
} emit_totals;

#define EMIT_NOTIFY_MAX 32
#define EMIT_CODES 64

/* How often a warning code was written: in the file at hand, in the run. */
typedef struct code_count {
	char code[48];
	long long in_file, in_run;
	long long files_led;          /* files where it was most of the findings */
} code_count;

typedef struct emitter {
	emit_format format;
	FILE *to;
	nt_severity lowest;       /* -W: the least severe level written */
	int color;                /* gnu lines in colour (--color) */
	struct context *context;  /* --context: the line shown under a gnu line */
	long long written;
	long long github_errors, github_warnings, github_notices, github_overflow;
	int begun;
	/* SARIF names the first unreadable inputs in its invocation; the
	 * number is bounded, so memory stays flat on any folder. */
	int notified;
	char *notified_name[EMIT_NOTIFY_MAX], *notified_why[EMIT_NOTIFY_MAX];
	/* For the note on one warning code that drowns the others. */
	code_count codes[EMIT_CODES];
	int ncodes;
	long long file_findings;      /* written for the file at hand */
	long long run_warnings;
} emitter;

/* Returns -1 for an unknown format name. */
int emit_parse_format(const char *name, emit_format *out);
/* Returns -1 for an unknown level name. */
int emit_parse_level(const char *name, nt_severity *out);

/* The length of the valid UTF-8 sequence at P (NUL-terminated), or 0. */
size_t emit_utf8_length(const unsigned char *p);
/* S as a JSON string (invalid UTF-8 as U+FFFD). */
void emit_json_string(FILE *to, const char *s);

void emit_begin(emitter *e);
void emit_diag(emitter *e, const nt_diag *d);
/*
 * An input that could not be read (its note is already on stderr): a JSON
 * object of its own, a SARIF tool notification, a GitHub error annotation.
 */
void emit_unreadable(emitter *e, const char *name, const char *why);
/* SUMMARY: whether the gnu format prints its closing line. */
void emit_end(emitter *e, const emit_totals *t, int summary);
/* The file whose findings were just written is done. */
void emit_file_done(emitter *e);

#endif
