/*
 * A record as its readers hand it on, in file order: the header lines (or
 * tags), the rules they choose, the comments and every readable move.
 * Both readers (.umla, mill PGN) call these hooks and both writers take
 * them, so that a conversion is reader -> record -> writer with nothing
 * kept but what the writer needs: memory does not grow with the file.
 */
#ifndef NT_UM_EVENTS_H
#define NT_UM_EVENTS_H

#include "games/umlabalaba/um.h"

typedef struct um_events {
	void *ctx;
	/* A well-formed header line or tag, its value as meant (escapes
	 * undone); AT is its '[', END its ']'.  Every one, known keys or not. */
	void (*header)(void *ctx, const char *key, const char *value,
	               size_t len, nt_loc at, nt_loc end);
	/* The header section is over: the rules it chose (NULL when a header
	 * or tag is bad and nothing is replayed). */
	void (*rules)(void *ctx, const um_rules *rules);
	/*
	 * A comment, in pieces: BRACE for { } (the text between the braces),
	 * else a ';' comment (the text after it up to the line's end).  AFTER
	 * is the index of the move it follows or lies in, 0 before the first.
	 */
	void (*comment_begin)(void *ctx, int brace, long after);
	void (*comment_text)(void *ctx, const unsigned char *text, size_t len);
	void (*comment_end)(void *ctx);
	/* Every readable move, legal or not, with its index and location. */
	void (*move)(void *ctx, const um_move *m);
} um_events;

#endif
