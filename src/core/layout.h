/*
 * notate lint's layout finding: a file that lints clean needs no `notate
 * fmt`, and a file fmt would rewrite gets a style finding on every line it
 * would change.  The core holds the input while the game checks it, runs
 * the game's own fmt writer over the copy and compares the two line by
 * line, so no game restates its writer's layout as lint rules.
 */
#ifndef NT_CORE_LAYOUT_H
#define NT_CORE_LAYOUT_H

#include "core/lineset.h"

typedef struct nt_run nt_run;
struct nt_game;


/*
 * The game's check over RUN (as game->check), then, when the record has
 * no error, one finding of the game's layout code per line that fmt
 * writes otherwise.  Returns as game->check.
 */
int nt_layout_check(const struct nt_game *game, nt_run *run);

#endif
