/* Options about findings, from the command line and from .notaterc files. */
/* realpath(3) */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/settings.h"

void
settings_fix(settings *s)
{
	s->opts.rules = s->rules;
	s->opts.ignore = s->ignore;
	s->opts.select = s->select;
	s->opts.min_severity = s->lowest;
}

void
settings_free(settings *s)
{
	for (int i = 0; i < s->nowned; i++)
		free(s->owned[i]);
	s->nowned = 0;
	free(s->path);
	s->path = NULL;
}

static int
problem(char *why, size_t whysize, const char *fmt, const char *arg)
{
	snprintf(why, whysize, fmt, arg);
	return -1;
}

static char *
keep_copy(settings *s, const char *text)
{
	if (s->nowned == SETTINGS_MAX_OWNED)
		return NULL;
	char *copy = strdup(text);
	if (copy != NULL)
		s->owned[s->nowned++] = copy;
	return copy;
}

/* --- did you mean --------------------------------------------------- */

/* Edits (insert, delete, change, swap two neighbours) from A to B. */
static size_t
distance(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);
	if (n > 64 || m > 64)
		return (size_t)-1;
	size_t d[65][65];
	for (size_t i = 0; i <= n; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= n; i++)
		for (size_t j = 1; j <= m; j++) {
			size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[n][m];
}

/* Close enough: a third of the word may be wrong (one letter at least). */
static int
close_enough(const char *word, size_t d)
{
	size_t allowed = strlen(word) / 3;
	return d <= (allowed > 0 ? allowed : 1);
}

const char *
closest_word(const char *word, const char *const *candidates)
{
	const char *best = NULL;
	size_t best_d = (size_t)-1;
	for (const char *const *c = candidates; *c; c++) {
		size_t d = distance(word, *c);
		if (d < best_d) {
			best_d = d;
			best = *c;
		}
	}
	return best != NULL && close_enough(word, best_d) ? best : NULL;
}

const char *
closest_code(const char *word)
{
	const char *best = NULL;
	size_t best_d = (size_t)-1;
	for (size_t g = 0; g < nt_game_count(); g++)
		for (const nt_code_info *c = nt_game_codes(nt_game_at(g)); c->code;
		     c++) {
			size_t d = distance(word, c->code);
			if (d < best_d) {
				best_d = d;
				best = c->code;
			}
		}
	return best != NULL && close_enough(word, best_d) ? best : NULL;
}

/* --- the options ----------------------------------------------------- */

static int
matches_some_code(const char *glob)
{
	for (size_t g = 0; g < nt_game_count(); g++)
		for (const nt_code_info *c = nt_game_codes(nt_game_at(g)); c->code;
		     c++)
			if (fnmatch(glob, c->code, 0) == 0)
				return 1;
	return 0;
}

/* A glob must name a code of some game, or match one. */
static int
check_code(const char *glob, char *why, size_t whysize)
{
	if (strpbrk(glob, "*?[") != NULL) {
		if (matches_some_code(glob))
			return 0;
		return problem(why, whysize, "'%s' matches no diagnostic code", glob);
	}
	if (nt_code_lookup(glob) != NULL)
		return 0;
	const char *near = closest_code(glob);
	char tail[128] = "";
	if (near != NULL)
		snprintf(tail, sizeof tail, " (did you mean '%s'?)", near);
	char text[256];
	snprintf(text, sizeof text, "unknown code '%s'%s", glob, tail);
	return problem(why, whysize, "%s", text);
}

/* CODE[,CODE...] onto a list. */
static int
add_codes(settings *s, const char **list, size_t *n, const char *value,
          char *why, size_t whysize)
{
	char *copy = keep_copy(s, value);
	if (copy == NULL)
		return problem(why, whysize, "%s", "too many codes");
	for (char *item = copy, *next; item != NULL; item = next) {
		next = strchr(item, ',');
		if (next != NULL)
			*next++ = '\0';
		if (*item == '\0')
			return problem(why, whysize, "an empty code in '%s'", value);
		if (check_code(item, why, whysize) != 0)
			return -1;
		if (*n == SETTINGS_MAX_LIST)
			return problem(why, whysize, "%s", "too many codes (at most 64)");
		list[(*n)++] = item;
	}
	return 0;
}

/* Whether ITEM is a rule choice of GAME, or of some game when NULL. */
static int
check_rule_choice(const nt_game *game, const char *item, char *why,
                  size_t whysize)
{
	if (strchr(item, '=') == NULL)
		return problem(why, whysize, "rule takes NAME=VALUE, not '%s'", item);
	char reason[256] = "";
	int any = 0;
	for (size_t g = 0; g < nt_game_count(); g++) {
		const nt_game *each = nt_game_at(g);
		if (game != NULL && each != game)
			continue;
		int rc = nt_check_rule(each, item, reason, sizeof reason);
		if (rc == 0)
			return 0;
		any |= rc != -2;
	}
	if (!any)
		snprintf(reason, sizeof reason, "%s has no rule choices",
		         game != NULL ? nt_game_name(game) : "no game");
	char text[512];
	snprintf(text, sizeof text, "rule %s: %s", item, reason);
	return problem(why, whysize, "%s", text);
}

static int
parse_level(const char *name, nt_severity *out)
{
	static const char *const names[] = { "style", "warning", "error" };
	for (int i = 0; i < 3; i++)
		if (strcmp(name, names[i]) == 0) {
			*out = (nt_severity)(i + 1);
			return 0;
		}
	return -1;
}

int
settings_apply(settings *s, const nt_game *game, const char *name,
               const char *value, char *why, size_t whysize)
{
	static const char *const flags[] = { "strict", "lenient" };
	for (int f = 0; f < 2; f++)
		if (strcmp(name, flags[f]) == 0) {
			if (value != NULL)
				return problem(why, whysize, "%s takes no value", name);
			if (f == 0)
				s->opts.strict = 1;
			else
				s->opts.lenient = 1;
			s->given |= f == 0 ? GIVEN_STRICT : GIVEN_LENIENT;
			return 0;
		}
	static const char *const valued[] = { "ignore", "select", "rule",
	                                      "severity", "max-errors", NULL };
	int known = 0;
	for (int v = 0; valued[v] != NULL; v++)
		known |= strcmp(name, valued[v]) == 0;
	if (!known)
		return -2;
	if (value == NULL || *value == '\0')
		return problem(why, whysize, "%s needs a value", name);
	if (strcmp(name, "ignore") == 0 || strcmp(name, "select") == 0) {
		int ignore = name[0] == 'i';
		s->given |= ignore ? GIVEN_IGNORE : GIVEN_SELECT;
		return add_codes(s, ignore ? s->ignore : s->select,
		                 ignore ? &s->opts.nignore : &s->opts.nselect, value,
		                 why, whysize);
	}
	if (strcmp(name, "rule") == 0) {
		if (check_rule_choice(game, value, why, whysize) != 0)
			return -1;
		if (s->opts.nrules == SETTINGS_MAX_LIST)
			return problem(why, whysize, "%s", "too many rules (at most 64)");
		const char *copy = keep_copy(s, value);
		if (copy == NULL)
			return problem(why, whysize, "%s", "too many rules");
		s->rules[s->opts.nrules++] = copy;
		s->given |= GIVEN_RULE;
		return 0;
	}
	if (strcmp(name, "severity") == 0) {
		if (parse_level(value, &s->lowest) != 0)
			return problem(why, whysize, "unknown level '%s' (error, "
			               "warning, style)", value);
		s->counted = s->lowest;
		s->given |= GIVEN_SEVERITY;
		return 0;
	}
	char *end;
	errno = 0;
	long n = strtol(value, &end, 10);
	if (errno != 0 || *end != '\0' || n < 1)
		return problem(why, whysize, "bad number for max-errors: '%s'", value);
	s->opts.max_errors = n;
	s->given |= GIVEN_MAX_ERRORS;
	return 0;
}

/* --- .notaterc -------------------------------------------------------- */

_Noreturn static void
rc_error(const char *path, unsigned line, const char *why)
{
	fflush(stdout);
	fprintf(stderr, "notate: %s:%u: %s\nTry 'notate --help'.\n", path, line,
	        why);
	exit(3);
}

static char *
read_small_file(const char *path)
{
	FILE *fp = fopen(path, "rb");
	if (fp == NULL)
		return NULL;
	size_t cap = 65536;
	char *text = malloc(cap + 1);
	size_t n = text != NULL ? fread(text, 1, cap, fp) : 0;
	int bad = text == NULL || ferror(fp) || !feof(fp);
	fclose(fp);
	if (bad) {
		free(text);
		return NULL;
	}
	text[n] = '\0';
	return text;
}

static char *
trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n > 0 && strchr(" \t\r", s[n - 1]) != NULL)
		s[--n] = '\0';
	return s;
}

/* Reads one .notaterc into RC, or exits with its bad line. */
static void
rc_parse(settings *rc, const nt_game *game, const char *path)
{
	char *text = read_small_file(path);
	if (text == NULL)
		rc_error(path, 0, "cannot read it (or it is over 64 KB)");
	unsigned lineno = 0;
	for (char *line = text, *next; line != NULL; line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		lineno++;
		char *item = trim(line);
		if (*item == '\0' || *item == '#')
			continue;
		char *value = strchr(item, '=');
		if (value != NULL) {
			*value++ = '\0';
			value = trim(value);
			item = trim(item);
		}
		char why[600];
		int rc_ = settings_apply(rc, game, item, value, why, sizeof why);
		if (rc_ == -2) {
			static const char *const names[] = { "strict", "lenient",
				"ignore", "select", "rule", "severity", "max-errors", NULL };
			const char *near = closest_word(item, names);
			snprintf(why, sizeof why, "unknown option '%.64s'%s%s%s (a line "
			         "is ignore=, select=, rule=, severity=, max-errors=, "
			         "strict or lenient)", item, near ? " (did you mean '" : "",
			         near ? near : "", near ? "'?)" : "");
		}
		if (rc_ != 0) {
			free(text);
			rc_error(path, lineno, why);
		}
	}
	free(text);
}

/* RC's options under the command line's BASE: what BASE gave wins. */
static void
merge_under(settings *rc, const settings *base)
{
	int rc_gave = rc->given & ~base->given;
	nt_options o = base->opts;
	if (rc_gave & GIVEN_STRICT)
		o.strict = 1;
	if (rc_gave & GIVEN_LENIENT)
		o.lenient = 1;
	if (rc_gave & GIVEN_MAX_ERRORS)
		o.max_errors = rc->opts.max_errors;
	if (rc_gave & GIVEN_RULE)
		o.nrules = rc->opts.nrules;
	else
		memcpy(rc->rules, base->rules, sizeof rc->rules);
	if (rc_gave & GIVEN_IGNORE)
		o.nignore = rc->opts.nignore;
	else
		memcpy(rc->ignore, base->ignore, sizeof rc->ignore);
	if (rc_gave & GIVEN_SELECT)
		o.nselect = rc->opts.nselect;
	else
		memcpy(rc->select, base->select, sizeof rc->select);
	if (!(rc_gave & GIVEN_SEVERITY)) {
		rc->lowest = base->lowest;
		rc->counted = base->counted;
	}
	rc->opts = o;
	settings_fix(rc);
}

static const settings *
rc_load(rc_cache *cache, const settings *base, const nt_game *game,
        const char *path)
{
	for (settings *s = cache->loaded; s != NULL; s = s->next)
		if (strcmp(s->path, path) == 0)
			return s;
	settings *rc = calloc(1, sizeof *rc);
	char *copy = strdup(path);
	if (rc == NULL || copy == NULL) {
		perror("notate");
		exit(4);
	}
	rc->path = copy;
	rc_parse(rc, game, path);
	merge_under(rc, base);
	rc->next = cache->loaded;
	cache->loaded = rc;
	return rc;
}

static int
exists(const char *folder, const char *name, int want_file)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/%s", folder, name);
	struct stat st;
	return stat(path, &st) == 0 && (!want_file || S_ISREG(st.st_mode));
}

/* The .notaterc governing FOLDER (absolute), from it upwards, or NULL. */
static const settings *
search_up(rc_cache *cache, const settings *base, const nt_game *game,
          char *folder)
{
	for (;;) {
		if (exists(folder, ".notaterc", 1)) {
			char path[4200];
			snprintf(path, sizeof path, "%s/.notaterc",
			         strcmp(folder, "/") == 0 ? "" : folder);
			return rc_load(cache, base, game, path);
		}
		/* A repository's top ends the search: nothing above is its. */
		if (exists(folder, ".git", 0))
			return NULL;
		char *slash = strrchr(folder, '/');
		if (slash == NULL || (slash == folder && folder[1] == '\0'))
			return NULL;
		if (slash == folder)
			slash[1] = '\0';
		else
			*slash = '\0';
	}
}

const settings *
settings_for_path(rc_cache *cache, const settings *base, const nt_game *game,
                  const char *path)
{
	char dir[4096];
	const char *slash = strcmp(path, "-") == 0 ? NULL : strrchr(path, '/');
	if (slash == NULL)
		snprintf(dir, sizeof dir, ".");
	else if (slash == path)
		snprintf(dir, sizeof dir, "/");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
	if (cache->dir != NULL && strcmp(cache->dir, dir) == 0)
		return cache->dir_set;
	char *abs = realpath(dir, NULL);
	const settings *found = abs != NULL ? search_up(cache, base, game, abs)
	                                    : NULL;
	free(abs);
	free(cache->dir);
	cache->dir = strdup(dir);
	cache->dir_set = found != NULL ? found : base;
	return cache->dir_set;
}

void
rc_cache_free(rc_cache *cache)
{
	while (cache->loaded != NULL) {
		settings *next = cache->loaded->next;
		settings_free(cache->loaded);
		free(cache->loaded);
		cache->loaded = next;
	}
	free(cache->dir);
	cache->dir = NULL;
}
