/*
 * Which form a backgammon input is in, decided before any reader starts
 * (backgammon-xg section 1): a file whose first bytes are `RGMH` is an
 * eXtreme Gammon file whatever its name, and so is one named *.xg or *.xgp;
 * anything else is text.  The first bytes are read ahead and given back:
 * the reader chosen reads the input from its start.
 */
#ifndef NT_BG_FORM_H
#define NT_BG_FORM_H

#include "notate/notate.h"

enum bg_input_form { BG_INPUT_TEXT, BG_INPUT_XG };

typedef struct bg_peek {
	nt_source src;              /* the input from its first byte */
	const nt_source *inner;
	unsigned char head[4];
	size_t len, pos;
	int read_errno;             /* reading ahead failed */
	int xgp;                    /* named *.xgp */
} bg_peek;

/* Reads the first bytes of INNER; returns its enum bg_input_form. */
int bg_peek_form(bg_peek *pk, const nt_source *inner);

#endif
