/*
 * What a run is told about findings, input by input: the command line's
 * options, over those of the .notaterc found from the input's folder
 * upwards.  The options a .notaterc may give are those below, each in the
 * command line's own spelling (`ignore=bg-play-*`, `strict`).
 */
#ifndef NT_CLI_SETTINGS_H
#define NT_CLI_SETTINGS_H

#include <stddef.h>
#include "notate/notate.h"

#define SETTINGS_MAX_LIST 64
#define SETTINGS_MAX_OWNED 256

/* Which options a source of settings gave (the command line wins). */
enum {
	GIVEN_STRICT = 1 << 0,
	GIVEN_LENIENT = 1 << 1,
	GIVEN_RULE = 1 << 2,
	GIVEN_SEVERITY = 1 << 3,
	GIVEN_IGNORE = 1 << 4,
	GIVEN_SELECT = 1 << 5,
	GIVEN_MAX_ERRORS = 1 << 6
};

typedef struct settings {
	nt_options opts;              /* its lists point into this struct */
	nt_severity lowest;           /* -W: the least severe level reported */
	nt_severity counted;          /* ... and the one that sets status 1 */
	const char *rules[SETTINGS_MAX_LIST];
	const char *ignore[SETTINGS_MAX_LIST];
	const char *select[SETTINGS_MAX_LIST];
	int given;                    /* GIVEN_* */
	char *owned[SETTINGS_MAX_OWNED];  /* copies the lists point into */
	int nowned;
	char *path;                   /* the .notaterc; NULL: the command line */
	struct settings *next;        /* the .notaterc files read so far */
} settings;

/* Points the option lists of S at its own arrays (after a copy). */
void settings_fix(settings *s);
void settings_free(settings *s);

/*
 * Applies option NAME (without "--") with VALUE (NULL for a flag) to S,
 * for GAME's rules (NULL: any game's).  Returns 0, or -1 with the reason
 * in WHY.  Only the options a .notaterc may give are known here; -2 for
 * any other NAME.
 */
int settings_apply(settings *s, const nt_game *game, const char *name,
                   const char *value, char *why, size_t whysize);

/*
 * The word of CANDIDATES (NULL-terminated) closest to WORD, when it is
 * close enough to be what was meant; NULL otherwise.
 */
const char *closest_word(const char *word, const char *const *candidates);
/* The same over every diagnostic code of every game. */
const char *closest_code(const char *word);

/*
 * The settings of the .notaterc that governs PATH (searched from its
 * folder upwards, to the first one, or to a folder holding .git), merged
 * under the command line's BASE: returns BASE when there is none.  A bad
 * line is a usage error naming its file and line.  LOADED keeps the files
 * read, each once.
 */
typedef struct rc_cache {
	settings *loaded;             /* every .notaterc read, merged */
	char *dir;                    /* the last folder asked about */
	const settings *dir_set;      /* ... and its settings */
} rc_cache;

const settings *settings_for_path(rc_cache *cache, const settings *base,
                                  const nt_game *game, const char *path);
void rc_cache_free(rc_cache *cache);

#endif
