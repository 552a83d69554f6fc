/*
 * The last step of make check: every code of every game's catalogue must
 * have been emitted by some test.  The suite ran with NT_CODE_TRACE=FILE,
 * so every reporter appended the codes it reported to FILE (core/report.c);
 * a catalogue code missing from FILE is a rule that no test reaches, and a
 * code in FILE that no catalogue holds was spelt outside the catalogue.
 *
 * Only games whose catalogue is a codes.def are judged; the gaps of the
 * others are listed, so that they are known before the game moves over.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/support.h"

/* Check's variables that run only part of the suite. */
static const char *
partial_run(void)
{
	static const char *const vars[] = { "CK_RUN_SUITE", "CK_RUN_CASE",
	                                    "CK_INCLUDE_TAGS", "CK_EXCLUDE_TAGS",
	                                    NULL };
	for (size_t i = 0; vars[i] != NULL; i++) {
		const char *v = getenv(vars[i]);
		if (v != NULL && v[0] != '\0')
			return vars[i];
	}
	return NULL;
}

/* The position of CODE in the catalogues of every game, or -1. */
static long
catalogue_index(const char *code)
{
	long n = 0;
	for (size_t g = 0; g < nt_game_count(); g++)
		for (const nt_code_info *c = nt_game_codes(nt_game_at(g)); c->code;
		     c++, n++)
			if (strcmp(c->code, code) == 0)
				return n;
	return -1;
}

static long
catalogue_size(void)
{
	long n = 0;
	for (size_t g = 0; g < nt_game_count(); g++)
		for (const nt_code_info *c = nt_game_codes(nt_game_at(g)); c->code; c++)
			n++;
	return n;
}

/* Reports a traced code outside every catalogue, once. */
static void
note_stranger(const char *code, char **seen, size_t *nseen, size_t cap)
{
	for (size_t i = 0; i < *nseen; i++)
		if (strcmp(seen[i], code) == 0)
			return;
	if (*nseen < cap)
		seen[(*nseen)++] = strdup(code);
	printf("code coverage: '%s' was reported but is in no game's catalogue\n",
	       code);
}

/* Whether GAME's catalogue is generated from src/games/GAME/codes.def. */
static int
has_codes_def(const nt_game *game)
{
	char path[300];
	snprintf(path, sizeof path, "src/games/%s/codes.def", nt_game_name(game));
	return access(path, R_OK) == 0;
}

int
ts_code_coverage(const char *trace)
{
	const char *partial = partial_run();
	if (partial != NULL) {
		printf("code coverage: not judged (%s runs part of the suite)\n",
		       partial);
		return 0;
	}
	FILE *f = fopen(trace, "r");
	if (f == NULL) {
		printf("code coverage: cannot read %s\n", trace);
		return 1;
	}
	long total = catalogue_size();
	char *emitted = calloc((size_t)total + 1, 1);
	char *strangers[64];
	size_t nstrangers = 0;
	int bad = 0;
	char line[256];
	while (emitted != NULL && fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		long i = catalogue_index(line);
		if (i >= 0) {
			emitted[i] = 1;
		} else {
			note_stranger(line, strangers, &nstrangers, 64);
			bad = 1;
		}
	}
	fclose(f);
	long n = 0, missing = 0;
	for (size_t g = 0; g < nt_game_count() && emitted != NULL; g++) {
		const nt_game *game = nt_game_at(g);
		int judged = has_codes_def(game);
		for (const nt_code_info *c = nt_game_codes(game); c->code; c++, n++) {
			if (emitted[n])
				continue;
			printf("code coverage: no test emits %s's %s%s\n",
			       nt_game_name(game), c->code,
			       judged ? "" : " (not judged: no codes.def yet)");
			missing += judged;
		}
	}
	if (emitted == NULL)
		bad = 1;
	else if (missing == 0 && !bad)
		printf("code coverage: every judged code was emitted (%ld codes in "
		       "the catalogues)\n", total);
	for (size_t i = 0; i < nstrangers; i++)
		free(strangers[i]);
	free(emitted);
	return bad || missing > 0;
}
