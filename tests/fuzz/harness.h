/* One fuzz input through everything a game does with a record. */
#ifndef NT_FUZZ_HARNESS_H
#define NT_FUZZ_HARNESS_H

#include <stddef.h>
#include <stdint.h>

/*
 * Runs DATA through GAME: with TARGET "roundtrip", the round trips of
 * every pair of forms (A to B to A gives A's bytes back; fmt keeps what
 * convert wrote); with "check", check (plain, lint, strict,
 * lenient, tiny buffer), stats and show; with "fmt", the canonical writer;
 * with a form name, convert to it; with "read-pgn" (games that read .pgn
 * files), all of these with DATA named "fuzz.pgn"; for backgammon with
 * "xg", all of these on DATA as an eXtreme Gammon file (its trailer's
 * CRC-32 made right) or, when it does not start with RGMH, as the records
 * of one, put in a right container; with NULL, all of these.  Returns 0,
 * or -1 when the game or target is unknown.
 */
int nt_fuzz_one(const char *game, const char *target, const uint8_t *data,
                size_t size);

/*
 * The fast targets: one reader, DATA parsed and replayed once by a plain
 * check with the default buffer, nothing written.  READER is one of the
 * names nt_fuzz_readers lists (umla, pgn, mat, sgf, xg, bao).  Returns 0,
 * or -1 when READER is unknown.
 */
int nt_fuzz_fast(const char *reader, const uint8_t *data, size_t size);

/* The fast targets' readers and their games, NULL-terminated. */
typedef struct nt_fuzz_reader {
	const char *name, *game, *file;
} nt_fuzz_reader;
extern const nt_fuzz_reader nt_fuzz_readers[];

#endif
