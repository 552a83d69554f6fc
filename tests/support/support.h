/*
 * Helpers shared by the test suites: run the library on strings and files,
 * collect its diagnostics, and run the notate binary as a user would.
 */
#ifndef NT_TEST_SUPPORT_H
#define NT_TEST_SUPPORT_H

#include <stddef.h>
#include "notate/notate.h"

#define TS_MAX_DIAGS 64

typedef struct ts_diag {
	char code[48];
	char line[1024];      /* the whole formatted diagnostic */
	char message[900];
	unsigned long lineno, col;
	unsigned long end_lineno, end_col;   /* the span's last character */
	long game, move;
	nt_severity severity;
	/* A binary record's place (nt_place), when has_place. */
	int has_place;
	char where[80];
	char context[300];
	long long offset;
	long record, place_game, row;
} ts_diag;

typedef struct ts_result {
	int rc;               /* what the library call returned */
	nt_summary summary;
	size_t ndiags;
	ts_diag diags[TS_MAX_DIAGS];
	char *output;         /* convert/show output, NUL-terminated (malloc) */
	size_t output_len;
} ts_result;

/* Reads through the library in chunks of at most READ_CHUNK bytes. */
typedef struct ts_config {
	size_t buffer_size;   /* 0: default */
	size_t read_chunk;    /* 0: whole reads */
	int strict;
	int lenient;
	int lint;             /* as notate lint: style findings too */
	const char *const *rules;
	size_t nrules;
	const char *const *ignore;  /* as --ignore */
	size_t nignore;
} ts_config;

/* Checks TEXT (LEN bytes) as GAME; the file is called NAME in diagnostics. */
void ts_check(const char *game, const char *name, const char *text, size_t len,
              const ts_config *cfg, ts_result *out);
void ts_convert(const char *game, const char *name, const char *text,
                size_t len, const char *form, const ts_config *cfg,
                ts_result *out);
/* fmt: TEXT in the game's canonical form, in OUT's output. */
void ts_format(const char *game, const char *name, const char *text,
               size_t len, const ts_config *cfg, ts_result *out);
void ts_show(const char *game, const char *name, const char *text, size_t len,
             const nt_show_request *req, const ts_config *cfg, ts_result *out);
void ts_free(ts_result *r);

/*
 * The SVG board shows what the text board says (issue 15): for the record
 * TEXT of GAME after each move of MOVES (NMOVES of them; -1 the end),
 * every line of `show`'s text that starts with one of the PREFIXES (NULL
 * ended) must be a text of `show --svg` as it is.  Returns how many lines
 * were compared; fails the test at the first one missing.
 */
int ts_svg_shows_text_lines(const char *game, const char *text,
                            const long *moves, int nmoves,
                            const char *const *prefixes);

/* What `moves -f FORM` (enum nt_moves_form) writes for POSITION (NULL:
   the start), malloc'd; the call must succeed. */
char *ts_list_moves(const char *game, const char *position, int form);

/* A string's check, with the default configuration. */
void ts_check_str(const char *game, const char *text, ts_result *out);

/* Reads a whole file (malloc, NUL-terminated); NULL when unreadable. */
char *ts_read_file(const char *path, size_t *len);
/* A path under the shared folder ($SHARED, else ../shared). */
const char *ts_shared(const char *rel, char *buf, size_t size);

/*
 * Runs the notate binary ($NOTATE, else build/notate) with ARGV (NULL-ended,
 * without the program name), feeding STDIN_TEXT (may be NULL).  Captures
 * stdout and stderr (malloc, NUL-terminated).  Returns the exit status, or
 * -1 when it did not exit normally.
 */
int ts_run(const char *const argv[], const char *stdin_text, char **out,
           char **err);
/* The same with the binary BIN. */
int ts_run_bin(const char *bin, const char *const argv[], const char *stdin_text,
               char **out, char **err);
/*
 * The test build of the command ($NOTATE_TEST, else build/tests/notate):
 * the same command with the games of the test suite (tests/NAME/game/) in
 * its registry, as this runner has them.  Tests that take their games from
 * the runner's registry run it.
 */
const char *ts_notate_test(void);

/*
 * A fresh temporary folder for each test: tcase_add_checked_fixture(tc,
 * ts_dir_setup, ts_dir_teardown), then ts_dir() and ts_in_dir(NAME, TEXT),
 * the path of NAME in it (malloc), written with TEXT unless TEXT is NULL.
 */
void ts_dir_setup(void);
void ts_dir_teardown(void);
const char *ts_dir(void);
char *ts_in_dir(const char *name, const char *text);

/* A temporary directory for the test (mkdtemp); removed by ts_rmtree. */
char *ts_tmpdir(void);
void ts_rmtree(const char *path);
int ts_write_file(const char *path, const char *text, size_t len);

/* Reads a tab-separated manifest: calls FN for each row after the header. */
typedef void (*ts_row_fn)(void *ctx, char **fields, int nfields);
int ts_read_tsv(const char *path, ts_row_fn fn, void *ctx);

/* Calls FN with the path of each file of the shared folder REL whose name
   ends EXT, in name order so that a failure repeats; returns how many
   (-1: no such folder). */
typedef void (*ts_file_fn)(void *ctx, const char *path);
int ts_each_shared_file(const char *rel, const char *ext, ts_file_fn fn, void *ctx);
/* The same over the folder DIR (one of the repository's, say). */
int ts_each_file(const char *dir, const char *ext, ts_file_fn fn, void *ctx);

/*
 * Reads the NT_CODE_TRACE file of a whole run of the suite: 0 when every
 * catalogue code is in it and nothing else is, else 1 with each gap printed.
 */
int ts_code_coverage(const char *trace);

#endif
