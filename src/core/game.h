/*
 * The interface every game module implements, and the run context the core
 * hands it.  The core and the CLI know nothing else about a game.
 *
 * A game lives in src/games/NAME/ and defines
 *     const struct nt_game nt_game_NAME;
 * The build finds it there and lists it in the registry; nothing else needs
 * to change to add a game.
 */
#ifndef NT_CORE_GAME_H
#define NT_CORE_GAME_H

#include "notate/notate.h"
#include "core/report.h"
#include "core/sink.h"

/* One input being checked, converted or shown. */
typedef struct nt_run {
	const nt_source *src;
	const nt_options *opts;
	nt_reporter rep;
	const nt_sink *out;     /* convert and show write here */
	const char *fmt_form;   /* fmt: the form the file's name asks for */
} nt_run;

/* fmt's form for the files whose name ends EXTENSION (any case). */
typedef struct nt_ext_form {
	const char *extension;
	const char *form;
} nt_ext_form;

struct nt_game {
	const char *name;               /* as given to --game */
	const char *title;              /* for --help and show */
	const char *const *extensions;  /* NULL-terminated, with the dot: ".umla" */
	const char *const *forms;       /* NULL-terminated convert targets */
	const nt_code_info *codes;      /* ended by an entry whose code is NULL */

	/* 0 (not this game) to 100 (certainly this game), from a file's first bytes. */
	int (*sniff)(const unsigned char *head, size_t size);

	/* Each returns as the public nt_check / nt_convert / nt_show do. */
	int (*check)(nt_run *run);
	int (*convert)(nt_run *run, const char *form);
	int (*show)(nt_run *run, const nt_show_request *request);
	/* Optional: the canonical form (notate fmt), as nt_format. */
	int (*format)(nt_run *run);
	/* Optional: each game's figures (notate stats), as nt_stats. */
	int (*stats)(nt_run *run, nt_stat_fn fn, void *user);

	/* Optional (NULL when the game has no move generator). */
	int (*moves)(const nt_moves_request *request, const nt_options *opts,
	             const nt_sink *out, const nt_sink *err);

	/* Optional: whether "NAME=VALUE" is a rule choice of this game (0), or
	 * not (-1, with the reason in WHY). */
	int (*check_rule)(const char *item, char *why, size_t whysize);

	/* Optional: random legal games, as nt_generate. */
	int (*generate)(const nt_generate_request *request, const nt_sink *out,
	                const nt_sink *err);
	int one_game_per_file;          /* a record holds exactly one game */
	/*
	 * Optional: per extension, the form fmt writes (ended by a NULL
	 * extension); a name no entry ends gets the first entry's form.  NULL
	 * for a game with one canonical form.
	 */
	const nt_ext_form *fmt_forms;
	nt_text_layout layout;          /* how its diagnostics count lines */

	/* Optional: extensions other programs' records use too (".pgn"): a
	 * file named so is the game's only when `claims` says so. */
	const char *const *shared_extensions;
	/* 0 when a file's first bytes are this game's record; -1 when they
	 * are not, with what they are instead in WHAT ("a chess game"). */
	int (*claims)(const unsigned char *head, size_t size, char *what,
	              size_t whatsize);
	/* Optional: some games of a record, each a record of its own, as
	 * nt_extract (FORM NULL: the input's own). */
	int (*extract)(nt_run *run, const char *form, const nt_pick *pick);
	/* Optional: nt_position_key (a position named the same whichever
	 * player a record writes first). */
	int (*position_key)(const char *position, char *out, size_t size);
	/* Optional, with format: lint's finding for a line fmt would write
	   otherwise (core/layout.h). */
	const nt_code_info *layout_code;
};

/*
 * For sniffers: copies the first bytes of a file into TEXT (SIZE bytes, at
 * most NT_SNIFF_TEXT) as a C string, NUL bytes turned into blanks, and
 * letters into lower case when LOWER.
 */
#define NT_SNIFF_TEXT 4097
void nt_sniff_text(const unsigned char *head, size_t size, char *text,
                   int lower);

#endif
