/* The record facts of a backgammon game (nt_fact), told at its end. */
#include <stdio.h>

#include "core/report.h"
#include "games/backgammon/replay.h"

void
bg_report_game_facts(const bg_replay *rp)
{
	nt_reporter *rep = (nt_reporter *)&rp->run->rep;
	if (rep->handler == NULL || rep->handler->on_fact == NULL || rp->off ||
	    rp->file_over)
		return;
	const bg_game *g = &rp->g;
	long game = g->index;
	nt_loc at = g->loc;
	if (rp->names_known)
		for (int side = 0; side < 2; side++)
			nt_report_fact(rep, NT_FACT_RECORD, game, side ? "player2"
			               : "player1", 7, rp->name[side], rp->name_len[side],
			               0, at);
	char result[BG_NAME_MAX + 64];
	int winner = -1;
	if (g->abandoned || !g->active) {
		snprintf(result, sizeof result, "?");
	} else if (g->results > 0) {
		winner = g->result_winner + 1;
		snprintf(result, sizeof result, "%s wins %ld", rp->names_known
		         ? rp->qname[g->result_winner]
		         : g->result_winner == 0 ? "left" : "right", g->result_points);
	} else {
		snprintf(result, sizeof result, "*");
	}
	nt_report_outcome(rep, game, result, winner, at);
	if (winner > 0)
		nt_report_record_fact(rep, game, "points", NULL, g->result_points, at);
	/* After a game the replay could not follow, the score is not known. */
	if (winner > 0 || (!g->abandoned && g->active)) {
		nt_report_record_fact(rep, game, "score1", NULL, rp->score[0], at);
		nt_report_record_fact(rep, game, "score2", NULL, rp->score[1], at);
	}
}
