/*
 * Telling the two written forms of Umlabalaba apart, and a mill PGN file
 * from other PGN (chess above all): by the file's name, else by what its
 * first bytes say (umlabalaba-pgn.md 6).
 */
#ifndef NT_UM_DETECT_H
#define NT_UM_DETECT_H

#include <stddef.h>

#include "core/game.h"

/* How much of a file is looked at. */
#define UM_PEEK_SIZE 4096

/* What the first bytes of a file are. */
typedef struct um_sniffed {
	int mill_tags;        /* 1: a Variant naming a Sanmill mill game, or a
	                         PlayOK Site; 2: Variant "umlabalaba" */
	int mill_moves;       /* the moves read as mill notation only */
	int umla_moves;       /* moves in the Blac notation (13B13>5) */
	int pgn_tags;         /* tags only PGN has (PlyCount, FEN, SetUp...) */
	int umla_tags;        /* tags only the .umla form has (Rules, Board...) */
	int pgn_numbers;      /* move numbers with a dot (1. or 1...) */
	int chess;            /* tags or moves of chess */
	char variant[64];     /* the Variant tag's value, if any */
} um_sniffed;

void um_sniff(const unsigned char *head, size_t size, um_sniffed *out);
/* The same over TEXT, what nt_sniff_text made of SIZE bytes without
 * folding case: the game's sniffer makes it once for all its looks. */
void um_sniff_text(const char *text, size_t size, um_sniffed *out);

/* The game's sniff score for mill PGN content (0 when it is none). */
int um_pgn_sniff_text_score(const char *text, size_t size);
/* For a .pgn file: 0 when its first bytes are mill PGN, else -1 with what
 * they are in WHAT. */
int um_pgn_claims(const unsigned char *head, size_t size, char *what,
                  size_t whatsize);

/*
 * A run's source with the form decided: by the name's extension when it
 * has one of the game's, else by the first bytes, which are then read
 * again from a copy (so a pipe can be told too).  While open, the run
 * reads through `src`.
 */
typedef struct um_source {
	nt_run *run;
	nt_source src;
	const nt_source *inner;
	unsigned char head[UM_PEEK_SIZE];
	size_t size, pos;
	int read_errno;           /* reading the head failed */
	int pgn;                  /* the source is mill PGN */
} um_source;

int um_source_open(um_source *s, nt_run *run);
void um_source_close(um_source *s);

#endif
