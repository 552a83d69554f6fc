/*
 * A fixed-size, refillable input buffer for re2c lexers (the free-form API
 * with re2c:eof = 0).  Memory stays the same whatever the size of the input:
 * when the lexer runs out of bytes, nt_input_fill() drops everything before
 * the current token and reads more behind it.
 *
 * Every lexer rule must match a bounded number of bytes (long constructs are
 * read as repeated short chunks), so that a token always fits in the buffer
 * even when the buffer is tiny.
 *
 * Positions: `line` and `line_start` (an absolute byte offset) follow the
 * newlines the lexer reports; `skipped` counts bytes of the current line that
 * take no column (UTF-8 continuation bytes and an ignored byte-order mark).
 */
#ifndef NT_CORE_INPUT_H
#define NT_CORE_INPUT_H

#include <stddef.h>
#include "notate/notate.h"

#define NT_INPUT_DEFAULT_SIZE (64 * 1024)
/* The smallest buffer any lexer must cope with; tests run at this size. */
#define NT_INPUT_MIN_SIZE 64

typedef unsigned long long nt_offset;

/* Receives bytes of the input as they leave the buffer (converters). */
typedef int (*nt_echo_fn)(void *ctx, const unsigned char *bytes, size_t size);

typedef struct nt_input {
	const nt_source *src;
	unsigned char *buf;      /* size + 1 bytes: the last is the sentinel */
	size_t size;
	const unsigned char *lim, *cur, *mar, *tok;
	nt_offset base;          /* absolute offset of buf[0] */
	int eof;                 /* the source has no more bytes */
	int read_errno;          /* nonzero when reading failed */
	int overflow;            /* a token did not fit in the buffer */

	unsigned long line;
	nt_offset line_start;
	unsigned long skipped;
	unsigned char before_buf; /* the byte just before buf[0]; 0 at the start */

	nt_echo_fn echo;         /* NULL unless a converter copies the input */
	void *echo_ctx;
	nt_offset echo_pos;      /* bytes before this offset were echoed or replaced */
	int echo_failed;
} nt_input;

/* Returns 0, or -1 when memory is short. SIZE 0 picks the default. */
int nt_input_init(nt_input *in, const nt_source *src, size_t size);
void nt_input_free(nt_input *in);

/* YYFILL: 0 when more bytes were read, 1 at the end of the input. */
int nt_input_fill(nt_input *in);

/* Absolute offset of a pointer into the buffer. */
static inline nt_offset
nt_input_offset(const nt_input *in, const unsigned char *p)
{
	return in->base + (nt_offset)(p - in->buf);
}

/* Location of a pointer into the current line (call before passing it). */
static inline nt_loc
nt_input_loc(const nt_input *in, const unsigned char *p)
{
	nt_loc loc;
	loc.line = in->line;
	loc.col = (unsigned long)(nt_input_offset(in, p) - in->line_start)
	          - in->skipped + 1;
	return loc;
}

/* The lexer consumed a newline; AFTER points just behind it. */
static inline void
nt_input_newline(nt_input *in, const unsigned char *after)
{
	in->line++;
	in->line_start = nt_input_offset(in, after);
	in->skipped = 0;
}

/*
 * Counts the UTF-8 continuation bytes of [from, to) that follow another
 * byte of a sequence as taking no column.  A stray one (after ASCII or at
 * the start) is a character of its own, as a terminal shows it: '?'.
 */
void nt_input_count_utf8(nt_input *in, const unsigned char *from,
                         const unsigned char *to);

/*
 * Copying the input through (converters): everything before OFFSET that has
 * not been echoed yet is passed to the echo function now.  The bytes must
 * still be in the buffer, which holds for everything at or after `tok`.
 */
int nt_input_echo_to(nt_input *in, nt_offset offset);
/* Skip the bytes up to OFFSET without echoing them (they were replaced). */
void nt_input_echo_skip(nt_input *in, nt_offset offset);

#endif
