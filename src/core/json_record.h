/*
 * convert --to json, for every game that has statistics: the record as
 * JSON Lines, one object per game with its moves as the replay accepted
 * them (where each was written, who played it) and, apart so that no name
 * can clash, the figures that `stats` gives.  Written as the replay goes, so memory stays flat.
 */
#ifndef NOTATE_CORE_JSON_RECORD_H
#define NOTATE_CORE_JSON_RECORD_H

#include "notate/notate.h"

#define NT_FORM_JSON "json"

typedef struct nt_json_record {
	const nt_sink *out;
	const char *file;
	const nt_handler *user;   /* the caller's handler, still told everything */
	long game;                /* the game whose object is open; 0: none */
	int in_moves;             /* its "moves" array is open */
	long moves;               /* moves written in it */
	long figures;             /* figures written in its "figures" object */
	int failed;               /* a write failed */
} nt_json_record;

void nt_json_record_init(nt_json_record *j, const nt_sink *out,
                         const char *file, const nt_handler *user);
/* The handler and figure function to run the game's statistics with. */
nt_handler nt_json_record_handler(nt_json_record *j);
void nt_json_record_figure(void *user, long game, const char *name,
                           long value, const char *text);
/* One move as its object in "moves": {"index", "side", "move", "line",
   "column"}; nonzero if a write failed. */
int nt_json_record_move(const nt_sink *out, const nt_move *m);
/* Closes the last object; returns -1 if a write failed, else 0. */
int nt_json_record_finish(nt_json_record *j);

#endif
