/*
 * Which written form an input is in, decided before any reader starts: a
 * file starting `RGMH` is eXtreme Gammon's whatever its name, and so is one
 * named *.xg or *.xgp (whose bad magic its reader then reports); a name
 * ending in `.sgf`, or a first character `(` after a byte-order mark and
 * whitespace, is SGF; anything else is text (mat or sheet).  The first
 * bytes are read ahead once and handed to the reader again (bg_peek).
 */
#ifndef NT_BG_FORMS_H
#define NT_BG_FORMS_H

#include <stddef.h>
#include "notate/notate.h"

enum bg_input_form { BG_INPUT_TEXT, BG_INPUT_SGF, BG_INPUT_XG };

/* The form of an input named NAME (may be NULL) that starts with HEAD. */
int bg_input_form(const char *name, const unsigned char *head, size_t size);

#define BG_PEEK_SIZE 4096

/* A source that gives the bytes read ahead, then the rest of INNER. */
typedef struct bg_peek {
	nt_source src;
	const nt_source *inner;
	unsigned char head[BG_PEEK_SIZE];
	size_t size, pos;
	int err;                /* errno of a read that failed ahead */
	int xgp;                /* named *.xgp (an XG position file) */
} bg_peek;

/* Reads ahead from INNER; PK->src is the source to read from then. */
void bg_peek_open(bg_peek *pk, const nt_source *inner);
/* The form of the input PK read ahead (by its name and first bytes; a read
   that failed ahead leaves it text, whose reader reports the failure). */
int bg_peek_form(const bg_peek *pk);

#endif
