/*
 * `notate show`: follows the replay and keeps the state of the requested
 * game after the requested number of its actions; the engine draws it.
 */
#include "games/backgammon/show.h"

#include <stdio.h>
#include <string.h>

void
bg_shower_init(bg_shower *sh, const nt_show_request *req)
{
	memset(sh, 0, sizeof *sh);
	sh->want_game = req != NULL ? req->game_no : -1;
	sh->want_move = -1;
	if (req != NULL)
		sh->want_move = req->move >= 0 ? req->move : req->ply;
	sh->game = -1;
}

static int
wanted(const bg_shower *sh, const bg_replay *rp)
{
	return sh->want_game < 0 || rp->g.index == sh->want_game;
}

static void
capture(bg_shower *sh, const bg_replay *rp)
{
	const bg_game *g = &rp->g;
	sh->pos = g->pos;
	sh->cube = g->cube;
	sh->owner = g->owner;
	sh->crawford = g->crawford;
	sh->on_roll = g->ended ? -1 : g->on_roll;
}

static void
on_game_start(void *ctx, long number, const char *const name[2],
              const size_t name_len[2], const long score[2])
{
	(void)ctx;
	(void)number;
	(void)name;
	(void)name_len;
	(void)score;
}

static void
on_action(void *ctx, const bg_action *a, const bg_replay *rp)
{
	bg_shower *sh = ctx;
	if (!wanted(sh, rp))
		return;
	if (sh->game != rp->g.index) {
		/* The first action of a game: its start is shown for --move 0. */
		sh->game = rp->g.index;
		sh->number = rp->g.number;
		sh->moves = 0;
		sh->next_seen = 0;
		sh->found = sh->want_move == 0;
		bg_pos_start(&sh->pos);
		sh->cube = 1;
		sh->owner = -1;
		sh->crawford = rp->g.crawford;
		sh->on_roll = -1;
		sh->d1 = sh->d2 = 0;
		sh->last[0] = '\0';
		for (int s = 0; s < 2; s++) {
			sh->score[s] = rp->g.start_score[s];
			snprintf(sh->name[s], sizeof sh->name[s], "%s", rp->name[s]);
		}
	}
	if (sh->want_move >= 0 && sh->moves >= sh->want_move) {
		/* The dice shown are those the player on roll plays next. */
		if (!sh->next_seen) {
			sh->next_seen = 1;
			if (a->kind == BG_ACT_ROLL) {
				sh->d1 = a->d1;
				sh->d2 = a->d2;
				sh->on_roll = a->side;
			}
		}
		return;
	}
	sh->moves++;
	capture(sh, rp);
	snprintf(sh->last, sizeof sh->last, "%s", a->cell->text);
	sh->d1 = sh->d2 = 0;
	if (sh->moves == sh->want_move)
		sh->found = 1;
}

static void
on_game_end(void *ctx, const bg_replay *rp)
{
	bg_shower *sh = ctx;
	if (sh->game == rp->g.index && sh->want_move < 0)
		sh->found = 1;
}

void
bg_shower_output(bg_shower *sh, bg_output *out)
{
	memset(out, 0, sizeof *out);
	out->game_start = on_game_start;
	out->action = on_action;
	out->game_end = on_game_end;
	out->ctx = sh;
}

int
bg_shower_finish(bg_shower *sh, const bg_replay *rp, const nt_sink *out)
{
	if (!sh->found)
		return rp->run->rep.summary->errors > 0 ? 1 : -4;
	char caption[BG_CELL_TEXT + 64];
	if (sh->moves == 0)
		snprintf(caption, sizeof caption, "Game %ld, before the first move",
		         sh->number);
	else
		snprintf(caption, sizeof caption, "Game %ld, after move %ld (%s)",
		         sh->number, sh->moves, sh->last);
	bg_board_info info;
	memset(&info, 0, sizeof info);
	info.name[0] = sh->name[0];
	info.name[1] = sh->name[1];
	info.match_length = (int)rp->rules.length;
	info.score[0] = (int)sh->score[0];
	info.score[1] = (int)sh->score[1];
	info.cube_value = (int)sh->cube;
	info.cube_owner = sh->owner;
	info.crawford = sh->crawford;
	info.on_roll = sh->on_roll;
	info.die1 = sh->d1;
	info.die2 = sh->d2;
	info.caption = caption;
	char board[BG_RENDER_MAX];
	size_t n = bg_render(&sh->pos, &info, board, sizeof board);
	return nt_sink_write(out, board, n) == 0 ? 0 : -1;
}
