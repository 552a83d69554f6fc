/* Mutations at the level of moves, for the fast fuzz targets. */
#ifndef NT_FUZZ_MUTATE_H
#define NT_FUZZ_MUTATE_H

#include <stddef.h>
#include <stdint.h>

/*
 * Changes the record in DATA[0, SIZE) as a player or a scribe would, so
 * that the result is nearly legal and reaches the rules, not only the
 * lexer: swaps two moves, drops or duplicates a row, changes a digit of a
 * move (a die, a point, a pit), adds or removes a capture or hit mark,
 * turns a direction, puts one move in another's place, or puts in a cube
 * action or a result.  Tag lines ('[' first) are left alone.  Returns
 * the new size (at most MAX), or 0 when nothing could be changed.
 */
size_t nt_fuzz_mutate_moves(uint8_t *data, size_t size, size_t max,
                            unsigned seed);

#endif
