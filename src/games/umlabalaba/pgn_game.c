/*
 * Mill PGN through the game's commands: the PGN reader for check, show
 * and stats; reader -> writer for convert and fmt, in both directions.
 */
#include "games/umlabalaba/pgn_game.h"

#include <stdlib.h>
#include <string.h>

#include "games/umlabalaba/pgn.h"
#include "games/umlabalaba/record.h"
#include "games/umlabalaba/write.h"

/* The form a convert or fmt of a PGN file writes. */
static int
target_of(const char *form)
{
	if (strcmp(form, "plain") == 0)
		return UM_WRITE_PLAIN;
	if (strcmp(form, "electronic") == 0)
		return UM_WRITE_ELECTRONIC;
	return UM_WRITE_PGN;      /* pgn, or fmt: PGN in its canonical layout */
}

/* PGN to .umla (6.2) or to canonical PGN. */
static int
convert_pgn(um_pgn *p, nt_run *run, const char *form)
{
	um_writer *w = malloc(sizeof *w);
	if (w == NULL)
		return -1;
	um_events ev;
	if (um_writer_open(w, run, target_of(form), 1) != 0) {
		um_writer_close(w);
		free(w);
		return -1;
	}
	um_writer_events(w, &ev);
	p->events = &ev;
	int rc = um_pgn_parse_all(p);
	if (rc == 0) {
		int outcome = p->tags.declared >= 0 ? p->tags.declared : p->termination;
		int declared = outcome >= 0 ? um_pgn_outcome_result(&p->rules, outcome)
		                            : -1;
		int replayed = p->stopped ? UM_ONGOING : p->game.result;
		rc = um_writer_finish(w, !p->unconvertible, declared, replayed);
	}
	um_writer_close(w);
	free(w);
	return rc;
}

int
um_pgn_run(nt_run *run, int mode, const char *form, long show_move, int view,
           long show_row)
{
	um_pgn *p = malloc(sizeof *p);
	if (p == NULL)
		return -1;
	if (um_pgn_open(p, run, mode) != 0) {
		free(p);
		return -1;
	}
	p->show_move = show_move;
	p->show_row = show_row;
	int rc;
	if (mode == UM_CONVERT) {
		rc = convert_pgn(p, run, form);
	} else {
		rc = um_pgn_parse_all(p);
		rc = um_replayed(run, &p->game, p->moves_played, rc, p->tags.failed,
		                 mode == UM_SHOW ? view : -1, show_move, show_row);
	}
	um_pgn_close(p);
	free(p);
	return rc;
}

int
um_pgn_stats(nt_run *run, nt_stat_fn fn, void *user)
{
	um_pgn *p = malloc(sizeof *p);
	if (p == NULL || um_pgn_open(p, run, UM_CHECK) != 0) {
		free(p);
		return -1;
	}
	int rc = um_pgn_parse_all(p);
	um_report_stats(&p->game, p->moves_played,
	                p->stopped || p->tags.failed
	                ? "?" : um_pgn_result_text(&p->rules, p->game.result),
	                fn, user);
	um_pgn_close(p);
	free(p);
	return rc;
}

int
um_umla_to_pgn(nt_run *run)
{
	um_parse *p = malloc(sizeof *p);
	um_writer *w = malloc(sizeof *w);
	if (p == NULL || w == NULL || um_parse_run(p, run, UM_CONVERT) != 0) {
		free(p);
		free(w);
		return -1;
	}
	/* The record goes to the writer; no byte is copied through. */
	p->lx.in.echo = NULL;
	um_events ev;
	int rc = -1;
	if (um_writer_open(w, run, UM_WRITE_PGN, 0) == 0) {
		um_writer_events(w, &ev);
		p->events = &ev;
		p->lx.events = &ev;
		rc = um_parse_all(p);
		if (rc == 0)
			rc = um_writer_finish(w, !p->unconvertible, -1,
			                      p->stopped ? UM_ONGOING : p->game.result);
	}
	um_writer_close(w);
	um_parse_free(p);
	free(w);
	free(p);
	return rc;
}
