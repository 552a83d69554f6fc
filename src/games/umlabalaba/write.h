/*
 * Writing a record in the other form: mill PGN from a .umla file or from
 * PGN (umlabalaba-pgn.md 6.1, the canonical PGN), .umla from PGN (6.2).
 * The writer takes a reader's events (events.h); the tags that come first
 * are known only at the end, so the rest goes to temporary files until
 * then and memory stays bounded.
 */
#ifndef NT_UM_WRITE_H
#define NT_UM_WRITE_H

#include <stdio.h>

#include "core/game.h"
#include "games/umlabalaba/events.h"

enum um_write_target { UM_WRITE_PGN, UM_WRITE_PLAIN, UM_WRITE_ELECTRONIC };

/* The tags both forms write first, by key; the first of each is kept. */
enum um_fixed_tag {
	UM_TAG_EVENT, UM_TAG_SITE, UM_TAG_DATE, UM_TAG_ROUND, UM_TAG_WHITE,
	UM_TAG_BLACK, UM_TAG_RESULT, UM_TAG_COUNT
};

/* Where the rules came from: the header lines a refusal points at. */
enum um_rule_header { UM_HDR_RULES, UM_HDR_BOARD, UM_HDR_OPTIONS,
                      UM_HDR_COUNT };

typedef struct um_verdict_seen {
	long index;               /* 0 while every move has been legal */
	int code;                 /* enum um_code */
	char message[NT_MSG_MAX];
} um_verdict_seen;

typedef struct um_writer {
	nt_run *run;
	int target;               /* enum um_write_target */
	int from_pgn;             /* the events come from a PGN file */
	int check_variant;        /* .umla to PGN: Sanmill must replay it so */
	FILE *tags;               /* the tags written after the fixed ones */
	FILE *body;               /* comments before the moves, then the moves */
	FILE *held;               /* comments read before their move was */
	long held_after;          /* ... the move they follow */
	int failed;               /* a temporary file could not be written */
	int refused;              /* reported: nothing is written */

	char *fixed[UM_TAG_COUNT];
	size_t fixed_len[UM_TAG_COUNT];
	nt_loc result_at;
	int has_result_header;
	nt_loc header_at[UM_HDR_COUNT], header_end[UM_HDR_COUNT];
	int has_header[UM_HDR_COUNT];
	char preset[16];
	char options[1024];

	const um_rules *rules;    /* NULL until the header section is over */
	um_rules rules_copy;
	int variant;              /* .umla to PGN: the Sanmill variant */

	long written;             /* moves written */
	long shots;
	int line_open;            /* the body's last line goes on */
	int prev_first;           /* the last move was the first player's */

	/* The comment being read. */
	FILE *comment_to;
	int comment_brace;
	int comment_header;       /* before the first move: a line of its own */
	int comment_any;          /* ';' comments: text seen after the blanks */
	char blanks[64];          /* ... and blanks that may end it */
	size_t nblanks;

	/* .umla to PGN: the game under the file's rules and Sanmill's. */
	um_rules variant_rules;
	um_board board, variant_board;
	um_game own, theirs;
	um_verdict_seen own_v, their_v;
	int compared;             /* a first error was found in both */
	long diverged;            /* -1: not (yet); 0: the result; else a move */
	nt_loc diverged_at, diverged_end;
	char diverged_why[NT_MSG_MAX];
} um_writer;

/* TARGET as above; FROM_PGN whether the events are a PGN file's. */
int um_writer_open(um_writer *w, nt_run *run, int target, int from_pgn);
/* The hooks a reader calls. */
void um_writer_events(um_writer *w, um_events *ev);
/*
 * Writes the record to run->out once the reader is done: DECLARED is the
 * result the record declares (enum um_result, -1 for none) and REPLAYED
 * the replay's (as far as it went).  Returns 0, or 1 when nothing was
 * written because the record cannot be converted (a diagnostic says why).
 */
int um_writer_finish(um_writer *w, int readable, int declared, int replayed);
void um_writer_close(um_writer *w);

#endif
