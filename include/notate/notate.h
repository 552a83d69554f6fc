/*
 * notate: read board-game move records, replay them under each game's rules,
 * report exactly where they go wrong, and convert them between notations.
 *
 * This is the whole public API.  Everything is reentrant: there is no global
 * mutable state, so separate threads may check separate files at once.
 *
 * Who owns what:
 *   - An nt_game, an nt_code_info and every string the game and catalogue
 *     functions return (names, titles, extension and form lists, codes,
 *     summaries) belong to the library, are never freed and stay valid for
 *     the life of the process.
 *   - What the caller passes in (sources, sinks, options, handlers, rule
 *     lists, paths, argv, requests) stays the caller's: the library reads
 *     it during the call and keeps no pointer to it after the call
 *     returns.  The caller's summary, buffers (WHY, WHAT, BUF) and sinks
 *     are written only during the call.
 *   - What the library hands a handler (nt_diag, nt_move, nt_fact and the
 *     strings and nt_place they point to) is the library's and valid only
 *     during that callback: copy what is kept.
 *
 * NULL: OPTS may be NULL wherever it is taken (the defaults: every field
 * 0); HANDLER may be NULL, and so may any of its callbacks (what it would
 * have received is dropped; the summary still counts it); FOUND of
 * nt_check_path may be NULL; nt_game_by_name, nt_game_for_path,
 * nt_game_sniff, nt_game_detect, nt_game_fmt_form and nt_code_lookup
 * return NULL for "none".  Every other pointer argument (a game, a source,
 * a sink, a summary, a name) must not be NULL.
 *
 * Threads: the library starts none.  A handler's callbacks, a source's read
 * and a sink's write are called on the thread that made the call, during
 * it, in the order of the input; never afterwards.  A handler used by calls
 * on several threads at once must itself be safe for that.
 */
#ifndef NOTATE_NOTATE_H
#define NOTATE_NOTATE_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The library's version, MAJOR.MINOR.PATCH.  The shared library's soname is
 * libnotate.so.MAJOR (doc/HACKING.md, "Versions"): MAJOR rises with any
 * change that breaks a program built against an earlier header.
 */
#define NOTATE_VERSION "0.2.0"
#define NOTATE_VERSION_MAJOR 0
#define NOTATE_VERSION_MINOR 2
#define NOTATE_VERSION_PATCH 0

/*
 * What the shared library exports: the functions declared here, no other.
 * The library is built with -fvisibility=hidden, so every other function,
 * nt_ prefixed or not, stays inside it.
 */
#if defined(__GNUC__) || defined(__clang__)
#define NT_API __attribute__((visibility("default")))
#else
#define NT_API
#endif

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

/*
 * Where a diagnostic or a move of a binary record stands.  Such a file has
 * no lines: LINE:COL gives way to the reader's own location text (for an
 * eXtreme Gammon file "record 581 (game 7, row 14)" or "byte 8232"), given
 * with the numbers it is made of.
 */
typedef struct nt_place {
	const char *where;     /* printed in place of LINE:COL */
	long long offset;      /* a byte offset in the file; -1: none */
	long record;           /* a record of the file; -1: none */
	long game;             /* the game's number as the file gives it; -1: none */
	long row;              /* the move's row in the text conversion; -1: none */
	const char *context;   /* the move as notate writes it (--context); NULL: none */
} nt_place;

typedef struct nt_diag {
	const char *file;      /* the name the input was given as */
	nt_loc begin;
	nt_loc end;            /* its last character; begin when the game gives no span */
	nt_severity severity;
	const char *code;      /* stable code, exactly as the game's spec names it */
	const char *message;   /* quotes the move as written, in the game's terms */
	long game;             /* 1-based game of the file; 0 for the file as a whole */
	long move;             /* 1-based move (or ply) index in the game; 0 if none */
	const nt_place *place; /* a binary record: where it is (begin and end are
	                          0); NULL for text */
} nt_diag;

/* One move that the rules engine accepted. */
typedef struct nt_move {
	long game;             /* 1-based game of the file */
	long index;            /* 1-based move index within the game */
	nt_loc loc;            /* first character of the move as written */
	const char *text;      /* the move as written (separators collapsed) */
	const char *side;      /* who moved, in the game's own words */
	const nt_place *place; /* a binary record: where it is (loc is 0); NULL for text */
	/* The position after the move in the game's own position notation
	   (backgammon: GNU Backgammon's Position ID, with the player who
	   rolls next on roll); NULL when the game gives none.  Added last. */
	const char *position;
} nt_move;

/*
 * A fact of a record, as it is read: a header or tag exactly as written
 * (NT_FACT_TAG), or one of the record facts below, the same words for
 * every game (NT_FACT_RECORD).
 *
 * Record facts (KEY, then what VALUE or NUMBER holds), where the game has
 * them:
 *   "player1", "player2"  the players' names (backgammon: the left and the
 *                         right column of the score lines, at each game's
 *                         end; Umlabalaba: the Black and White tags, Bao:
 *                         South and North, as they are read)
 *   "match_length"        NUMBER: the points of the match, game 0
 *                         (backgammon; 0 for money play)
 *   "result"              the game's result in the game's own notation
 *                         ("*" or "?" when it has none or the replay stopped)
 *   "winner"              NUMBER 1 or 2 (the player who won the game), 0 for
 *                         a draw; absent while the game is unfinished
 *   "points"              NUMBER: what the game's result gives the winner
 *                         (backgammon)
 *   "score1", "score2"    NUMBER: each player's score after the game
 *                         (backgammon)
 *   "forfeit"             NUMBER 1: the loser conceded the match in this
 *                         game (backgammon's bg-match-forfeit)
 * A game's facts come in its course, the result ones when it ends.
 *
 * Every pointer is the library's, valid only during the call: copy what
 * is kept.  VALUE holds VALUE_LEN bytes, which may hold any byte (a NUL
 * too) and need not be NUL-terminated.
 */
typedef enum nt_fact_kind {
	NT_FACT_TAG = 1,
	NT_FACT_RECORD = 2
} nt_fact_kind;

typedef struct nt_fact {
	nt_fact_kind kind;
	long game;             /* 1-based game; 0 for the file as a whole */
	const char *key;       /* the tag's name as written, or a record fact */
	size_t key_len;
	const char *value;
	size_t value_len;
	long number;           /* a record fact's number (0 for text facts) */
	nt_loc loc;            /* where it is written (the tag or the line) */
	int value_cut;         /* longer than the game keeps: VALUE is its start */
} nt_fact;

typedef struct nt_handler {
	void (*on_diag)(void *user, const nt_diag *diag);
	void (*on_move)(void *user, const nt_move *move);   /* may be NULL */
	void *user;
	/* May be NULL (added last: initialisers that end at user still work). */
	void (*on_fact)(void *user, const nt_fact *fact);
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
	/*
	 * fmt --repair: what the rules settle beyond doubt is written right
	 * (a game's result points when only one value is legal; backgammon's
	 * row that an exporter ran into the next), each repair reported as a
	 * warning of its own code.  Only nt_format reads it.
	 */
	int repair;
	/*
	 * Which findings reach the handler.  A code matching a glob of IGNORE
	 * (fnmatch(3): "bg-play-*"), or none of SELECT when NSELECT > 0, is
	 * dropped: counted in nt_summary.ignored only, never formatted.  A
	 * finding below MIN_SEVERITY (0: none is) is counted in the summary as
	 * usual but not formatted nor handed over.  A record with an ignored
	 * error is still not converted.
	 */
	const char *const *ignore;
	size_t nignore;
	const char *const *select;
	size_t nselect;
	nt_severity min_severity;
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
	long ignored;          /* findings dropped by nt_options.ignore/select */
	/* nt_show: the moves, and the rows or numbered moves, of the game it
	   looked at (what there is, when the request went past it). */
	long game_moves;
	long game_rows;
} nt_summary;

/* What `show` should display; a game rejects selectors it has no use for. */
typedef struct nt_show_request {
	long move;             /* -1: the end */
	long game_no;          /* -1: the last game (or the only one) */
	long ply;              /* -1: not given */
	int svg;               /* draw an SVG picture instead of text */
	int json;              /* the position as one JSON object instead */
	/* 0: not given; N: after row N) as the file numbers it (backgammon)
	   or after move number N (Umlabalaba, Bao).  Added last: 0 is what
	   initialisers that end before it give. */
	long row;
} nt_show_request;

typedef struct nt_game nt_game;

/* The games compiled in, in a stable order. */
NT_API size_t nt_game_count(void);
NT_API const nt_game *nt_game_at(size_t index);
NT_API const nt_game *nt_game_by_name(const char *name);
/* By file extension; NULL when the name says nothing. */
NT_API const nt_game *nt_game_for_path(const char *path);
/*
 * Whether PATH's extension is one GAME shares with other programs' records
 * (.pgn: chess too), so that only the content tells: nt_game_claims.
 */
NT_API int nt_game_path_shared(const nt_game *game, const char *path);
/* 0 when HEAD (a file's first SIZE bytes) is GAME's record; -1 when it is
 * not, with what it is instead in WHAT ("a chess game in PGN, ..."). */
NT_API int nt_game_claims(const nt_game *game, const void *head, size_t size,
                   char *what, size_t whatsize);
/* By the first bytes of a file; NULL when no game recognises them. */
NT_API const nt_game *nt_game_sniff(const void *head, size_t size);
/* By PATH's extension (any case) when it names a game, else by HEAD. */
NT_API const nt_game *nt_game_detect(const char *path, const void *head,
                              size_t size);
/*
 * The form nt_format writes for a file named PATH (per extension, in any
 * case: backgammon's ".bg" is a sheet, anything else a mat), or NULL when
 * the game has one canonical form.
 */
NT_API const char *nt_game_fmt_form(const nt_game *game, const char *path);

NT_API const char *nt_game_name(const nt_game *game);
NT_API const char *nt_game_title(const nt_game *game);
/* NULL-terminated lists. */
NT_API const char *const *nt_game_extensions(const nt_game *game);
/* Extensions the game shares with other programs (maybe none). */
NT_API const char *const *nt_game_shared_extensions(const nt_game *game);
NT_API const char *const *nt_game_forms(const nt_game *game);
/*
 * Whether nt_convert takes FORM: one of nt_game_forms, or "json" for every
 * game with statistics (JSON Lines: per game its moves, where each was
 * written and by whom, then the figures of nt_stats).
 */
NT_API int nt_game_has_form(const nt_game *game, const char *form);

/*
 * How a game's diagnostics count lines, for a tool that shows the line a
 * diagnostic points at.  Columns are the same in every game: a character
 * is one (a tab too; UTF-8 continuation bytes and a byte-order mark at the
 * start take none).  A line ends at a line feed (CR LF ends one line).
 */
typedef struct nt_text_layout {
	int cr_ends_line;      /* a CR alone ends a line too */
} nt_text_layout;
NT_API nt_text_layout nt_game_layout(const nt_game *game);

/* The diagnostics catalogue, over every game. */
typedef struct nt_code_info {
	const char *code;
	nt_severity severity;  /* default severity */
	const char *summary;   /* one line */
	const char *explain;   /* the rule, with a legal and an illegal example */
	int strict_error;      /* --strict reports it as an error */
} nt_code_info;

NT_API const nt_code_info *nt_code_lookup(const char *code);
/* Iterate every code of one game: NULL-terminated by code == NULL. */
NT_API const nt_code_info *nt_game_codes(const nt_game *game);

/*
 * Parse and replay every record of the source.  Diagnostics and accepted
 * moves go to the handler as they are found.  Returns 0 when the input was
 * read to its end (whether or not it is legal), -1 when it could not be.
 */
NT_API int nt_check(const nt_game *game, const nt_source *src, const nt_options *opts,
             const nt_handler *handler, nt_summary *summary);

/*
 * Opens PATH, decides its game as the command line does (GAME when not
 * NULL, else the extension, else the first bytes), and checks it as
 * nt_check.  *FOUND (when FOUND is not NULL) gets the game, or NULL.
 * Returns as nt_check; -1 also when PATH cannot be opened (errno set),
 * -3 when no game recognises it (nothing was checked).
 */
NT_API int nt_check_path(const char *path, const nt_game *game,
                  const nt_options *opts, const nt_handler *handler,
                  nt_summary *summary, const nt_game **found);

/*
 * Convert to FORM (see nt_game_has_form).  Returns 0 when the output is
 * complete, 1 when the input cannot be converted (diagnostics say why; the
 * output is then incomplete and must be discarded), -1 when it could not be
 * read, -2 for an unknown form.
 */
NT_API int nt_convert(const nt_game *game, const nt_source *src, const char *form,
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
NT_API int nt_stats(const nt_game *game, const nt_source *src, const nt_options *opts,
             const nt_handler *handler, nt_stat_fn fn, void *user,
             nt_summary *summary);

/*
 * Rewrite the record in its canonical form (notate fmt).  Returns as
 * nt_convert does; -2 when the game has no canonical writer.
 */
NT_API int nt_format(const nt_game *game, const nt_source *src, const nt_sink *out,
              const nt_options *opts, const nt_handler *handler,
              nt_summary *summary);

/*
 * Print the position the request selects.  Returns as nt_convert does, or
 * -4 when the request names a game or move the record does not have
 * (summary->game_moves and game_rows say what it has), -5 when it uses a
 * selector the game has not (backgammon has no plies).
 */
NT_API int nt_show(const nt_game *game, const nt_source *src,
            const nt_show_request *request, const nt_sink *out,
            const nt_options *opts, const nt_handler *handler,
            nt_summary *summary);

/* What nt_list_moves lists: the legal moves of one position. */
typedef struct nt_moves_request {
	/* The position in the game's own notation, NULL for the game's start
	   position (backgammon: a Position ID and the dice, as in
	   "4HPwATDgc/ABMA 6-4"; Bao: a BaoPOS position). */
	const char *position;
	int form;              /* enum nt_moves_form */
} nt_moves_request;

/*
 * List the legal moves of the position REQUEST names (the rule choices come
 * from OPTS).  Returns 0 on success, 1 when the request is wrong (a
 * message is written to err), -2 when the game has no move generator.
 */
NT_API int nt_list_moves(const nt_game *game,
                         const nt_moves_request *request,
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
NT_API int nt_generate(const nt_game *game, const nt_generate_request *request,
                const nt_sink *out, const nt_sink *err);
/* Whether one record holds one game (so that N games need N files). */
NT_API int nt_game_one_per_file(const nt_game *game);

/*
 * Whether ITEM ("NAME=VALUE") is a valid rule choice of GAME: 0 if so, -1
 * (the reason in WHY) if not, -2 when the game has no rule choices.
 */
NT_API int nt_check_rule(const nt_game *game, const char *item, char *why,
                  size_t whysize);

/*
 * Which games nt_extract writes, and where: SINK gives the sink game GAME
 * (1-based, in file order) is written to, as a record of its own, or NULL
 * to leave the game out.
 */
typedef struct nt_pick {
	const nt_sink *(*sink)(void *user, long game);
	void *user;
	/*
	 * Added last: games 1 to N, N+1 to 2N, ... given the same sink are
	 * written as one record of up to N games, where the game's form holds
	 * several (backgammon: numbered from 1 at 0-0, doc/backgammon.md);
	 * 0 or 1: each game a record of its own.
	 */
	long per_record;
} nt_pick;

/*
 * Writes the games PICK asks for, each as a valid record of its own in
 * FORM (NULL: the input's own form), however the game's form has a game
 * stand alone (backgammon: doc/backgammon.md, "One game of a match").
 * Replays the record as nt_check, reporting the same diagnostics; a game
 * with an error is written as far as it could be replayed, so the caller
 * asks only for games it knows are legal.  Returns as nt_check; -2 when
 * the game cannot write a game of a record on its own, or not in FORM.
 */
NT_API int nt_extract(const nt_game *game, const nt_source *src, const char *form,
               const nt_pick *pick, const nt_options *opts,
               const nt_handler *handler, nt_summary *summary);

/*
 * A key of POSITION (an nt_move.position of GAME) that is the same for the
 * position whichever player a record writes as its first: two exports
 * of one match by its two players name every position alike with it
 * (backgammon: a Position ID and the ID of the same board with the other
 * player on roll both give the one whose two halves come in the smaller
 * order of their bits).  Returns 0 with the key in OUT (SIZE bytes), -1
 * when POSITION is none of GAME's, -2 when GAME's positions need no key
 * (use them as they are).
 */
NT_API int nt_position_key(const nt_game *game, const char *position,
                           char *out, size_t size);

/* Formats a diagnostic as FILE:LINE:COL: SEVERITY: MESSAGE [CODE] (no newline),
   or, for a binary record, FILE: WHERE: SEVERITY: MESSAGE [CODE]. */
NT_API size_t nt_format_diag(const nt_diag *diag, char *buf, size_t size);
NT_API const char *nt_severity_name(nt_severity severity);

/* A source reading a file descriptor, and a sink writing a stdio stream. */
NT_API nt_source nt_source_fd(int fd, const char *name);
NT_API nt_sink nt_sink_stdio(FILE *stream);

#ifdef __cplusplus
}
#endif

#endif
