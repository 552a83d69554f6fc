/*
 * notate: read board-game move records, replay them under each game's rules,
 * report exactly where they go wrong, and convert them between notations.
 *
 * This is the whole public API.  Everything is reentrant: there is no global
 * mutable state, so separate threads may check separate files at once.
 */
#ifndef NOTATE_NOTATE_H
#define NOTATE_NOTATE_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NOTATE_VERSION "0.1.0"

/* Ordered so that "at least this severe" is a plain comparison. */
typedef enum nt_severity {
	NT_SEV_STYLE = 1,
	NT_SEV_WARNING = 2,
	NT_SEV_ERROR = 3
} nt_severity;

/* 1-based line and column; a column counts characters, a tab counts one. */
typedef struct nt_loc {
	unsigned long line;
	unsigned long col;
} nt_loc;

typedef struct nt_diag {
	const char *file;      /* the name the input was given as */
	nt_loc begin;
	nt_loc end;            /* its last character; begin when the game gives no span */
	nt_severity severity;
	const char *code;      /* stable code, exactly as the game's spec names it */
	const char *message;   /* quotes the move as written, in the game's terms */
	long game;             /* 1-based game of the file; 0 for the file as a whole */
	long move;             /* 1-based move (or ply) index in the game; 0 if none */
} nt_diag;

/* One move that the rules engine accepted. */
typedef struct nt_move {
	long game;             /* 1-based game of the file */
	long index;            /* 1-based move index within the game */
	nt_loc loc;            /* first character of the move as written */
	const char *text;      /* the move as written (separators collapsed) */
	const char *side;      /* who moved, in the game's own words */
} nt_move;

typedef struct nt_handler {
	void (*on_diag)(void *user, const nt_diag *diag);
	void (*on_move)(void *user, const nt_move *move);   /* may be NULL */
	void *user;
} nt_handler;

/* Where a game reads its bytes from: any read(2)-like function. */
typedef struct nt_source {
	/* Returns bytes read, 0 at end of input, -1 on error (errno set). */
	long (*read)(void *handle, void *buf, size_t size);
	void *handle;
	const char *name;      /* used in diagnostics */
} nt_source;

/* Where converters and viewers write: returns 0 on success. */
typedef struct nt_sink {
	int (*write)(void *handle, const void *buf, size_t size);
	void *handle;
} nt_sink;

typedef struct nt_options {
	int strict;            /* warnings the spec promotes under --strict become errors */
	int lenient;           /* accept the lenient forms the spec allows */
	const char *const *rules;  /* NAME=VALUE rule choices (--rule) */
	size_t nrules;
	size_t buffer_size;    /* input buffer in bytes; 0 picks the default */
	long max_errors;       /* stop reporting a file after this many errors; 0 = no limit */
	int lint;              /* also report style findings (notate lint) */
	int moves_form;        /* nt_list_moves: enum nt_moves_form */
} nt_options;

/* How nt_list_moves writes: the moves as written, one a line; a
   tab-separated table with each move's outcome (a header line first); or
   one JSON object for the position. */
enum nt_moves_form { NT_MOVES_TEXT, NT_MOVES_TSV, NT_MOVES_JSON };

typedef struct nt_summary {
	long games;            /* games read */
	long moves;            /* moves accepted by the rules engine */
	long errors;
	long warnings;
	long style;            /* style findings (lint) */
	int unreadable;        /* the input could not be read to its end */
	char result[32];       /* outcome of the last game in the game's notation */
} nt_summary;

/* What `show` should display; a game rejects selectors it has no use for. */
typedef struct nt_show_request {
	long move;             /* -1: the end */
	long game_no;          /* -1: the last game (or the only one) */
	long ply;              /* -1: not given */
	int svg;               /* draw an SVG picture instead of text */
	int json;              /* the position as one JSON object instead */
} nt_show_request;

typedef struct nt_game nt_game;

/* The games compiled in, in a stable order. */
size_t nt_game_count(void);
const nt_game *nt_game_at(size_t index);
const nt_game *nt_game_by_name(const char *name);
/* By file extension; NULL when the name says nothing. */
const nt_game *nt_game_for_path(const char *path);
/* By the first bytes of a file; NULL when no game recognises them. */
const nt_game *nt_game_sniff(const void *head, size_t size);

const char *nt_game_name(const nt_game *game);
const char *nt_game_title(const nt_game *game);
/* NULL-terminated lists. */
const char *const *nt_game_extensions(const nt_game *game);
const char *const *nt_game_forms(const nt_game *game);
/*
 * Whether nt_convert takes FORM: one of nt_game_forms, or "json" for every
 * game with statistics (JSON Lines: per game its moves, where each was
 * written and by whom, then the figures of nt_stats).
 */
int nt_game_has_form(const nt_game *game, const char *form);

/*
 * How a game's diagnostics count lines, for a tool that shows the line a
 * diagnostic points at.  Columns are the same in every game: a character
 * is one (a tab too; UTF-8 continuation bytes and a byte-order mark at the
 * start take none).  A line ends at a line feed (CR LF ends one line).
 */
typedef struct nt_text_layout {
	int cr_ends_line;      /* a CR alone ends a line too */
} nt_text_layout;
nt_text_layout nt_game_layout(const nt_game *game);

/* The diagnostics catalogue, over every game. */
typedef struct nt_code_info {
	const char *code;
	nt_severity severity;  /* default severity */
	const char *summary;   /* one line */
	const char *explain;   /* the rule, with a legal and an illegal example */
	int strict_error;      /* --strict reports it as an error */
} nt_code_info;

const nt_code_info *nt_code_lookup(const char *code);
/* Iterate every code of one game: NULL-terminated by code == NULL. */
const nt_code_info *nt_game_codes(const nt_game *game);

/*
 * Parse and replay every record of the source.  Diagnostics and accepted
 * moves go to the handler as they are found.  Returns 0 when the input was
 * read to its end (whether or not it is legal), -1 when it could not be.
 */
int nt_check(const nt_game *game, const nt_source *src, const nt_options *opts,
             const nt_handler *handler, nt_summary *summary);

/*
 * Convert to FORM (see nt_game_has_form).  Returns 0 when the output is
 * complete, 1 when the input cannot be converted (diagnostics say why; the
 * output is then incomplete and must be discarded), -1 when it could not be
 * read, -2 for an unknown form.
 */
int nt_convert(const nt_game *game, const nt_source *src, const char *form,
               const nt_sink *out, const nt_options *opts,
               const nt_handler *handler, nt_summary *summary);

/*
 * One figure of a game for notate stats: NAME and VALUE, or NAME and TEXT
 * (TEXT non-NULL).  The figures of one game come together, game by game.
 */
typedef void (*nt_stat_fn)(void *user, long game, const char *name,
                           long value, const char *text);

/*
 * Replays the record (as nt_check, reporting the same diagnostics) and
 * gives each game's figures to FN.  Returns as nt_check; -2 when the game
 * has no statistics.
 */
int nt_stats(const nt_game *game, const nt_source *src, const nt_options *opts,
             const nt_handler *handler, nt_stat_fn fn, void *user,
             nt_summary *summary);

/*
 * Rewrite the record in its canonical form (notate fmt).  Returns as
 * nt_convert does; -2 when the game has no canonical writer.
 */
int nt_format(const nt_game *game, const nt_source *src, const nt_sink *out,
              const nt_options *opts, const nt_handler *handler,
              nt_summary *summary);

/*
 * Print the position the request selects.  Returns as nt_convert does, or
 * -4 when the request names a game or move the record does not have.
 */
int nt_show(const nt_game *game, const nt_source *src,
            const nt_show_request *request, const nt_sink *out,
            const nt_options *opts, const nt_handler *handler,
            nt_summary *summary);

/*
 * List the legal moves of a position given in the game's own position
 * format (argv as the command line gave it).  Returns 0 on success, 1 when
 * the arguments are wrong (a message is written to err), -2 when the game
 * has no move generator.
 */
int nt_list_moves(const nt_game *game, int argc, char *const argv[],
                  const nt_options *opts, const nt_sink *out,
                  const nt_sink *err);

/* What `generate` should produce: random legal games for tests and benchmarks. */
typedef struct nt_generate_request {
	unsigned long long seed;   /* the same seed gives the same games */
	long games;                /* games to write (formats with one game per
	                              file write one game and ignore this) */
	long max_moves;            /* stop each game after this many moves; 0: no limit */
	int endless;               /* avoid moves that end the game */
	const char *const *rules;  /* NAME=VALUE rule choices */
	size_t nrules;
} nt_generate_request;

/*
 * Writes random legal games (a complete record) to OUT.  Returns 0, 1 when
 * the request is wrong (a message goes to ERR), -2 when the game has no
 * generator.
 */
int nt_generate(const nt_game *game, const nt_generate_request *request,
                const nt_sink *out, const nt_sink *err);
/* Whether one record holds one game (so that N games need N files). */
int nt_game_one_per_file(const nt_game *game);

/*
 * Whether ITEM ("NAME=VALUE") is a valid rule choice of GAME: 0 if so, -1
 * (the reason in WHY) if not, -2 when the game has no rule choices.
 */
int nt_check_rule(const nt_game *game, const char *item, char *why,
                  size_t whysize);

/* Formats a diagnostic as FILE:LINE:COL: SEVERITY: MESSAGE [CODE] (no newline). */
size_t nt_format_diag(const nt_diag *diag, char *buf, size_t size);
const char *nt_severity_name(nt_severity severity);

/* A source reading a file descriptor, and a sink writing a stdio stream. */
nt_source nt_source_fd(int fd, const char *name);
nt_sink nt_sink_stdio(FILE *stream);

#ifdef __cplusplus
}
#endif

#endif
