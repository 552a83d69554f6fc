/*
 * What `notate select` (and `stats` with the same options) asks of a game:
 * criteria over the record facts, the diagnostics and the moves the
 * library reports.  Different criteria must all hold; a criterion given
 * more than once holds when any of its values does.
 */
#ifndef NT_CLI_SELECT_H
#define NT_CLI_SELECT_H

#include "cli/select_opts.h"

/*
 * Takes ARGV[*I] when it is one of the options above (moving *I past a
 * value); returns 0 when it is none.  A bad value is a usage error.
 */
int sel_parse_option(sel_opts *o, int argc, char **argv, int *i);

/* The archive commands' part of --help: the commands, the options. */
extern const char sel_commands_text[];
extern const char sel_usage_text[];

/* A usage error when an option above was given to a command CMD that
   does not take it. */
void sel_check_command(const sel_opts *o, const char *cmd);

#endif
