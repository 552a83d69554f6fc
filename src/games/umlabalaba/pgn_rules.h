/* The rule sets mill PGN carries: Sanmill's two variants and five options. */
#ifndef NT_UM_PGN_RULES_H
#define NT_UM_PGN_RULES_H

#include "games/umlabalaba/um.h"

enum um_pgn_variant { UM_VARIANT_MORABARABA, UM_VARIANT_TWELVE };

/* Stands for the board where an option id is expected. */
#define UM_PGN_BOARD (-2)

/* "Morabaraba", "Twelve Men's Morris". */
const char *um_pgn_variant_name(int variant);
/* The notate options a variant stands for (spec 3.1). */
void um_pgn_variant_rules(um_rules *r, int variant);
/* first, draw3, draw3_plies, nmove, repetition: the Options tag's own. */
int um_pgn_option_free(int id);
/*
 * The variant whose options R has but for the five and centre_mills; or -1
 * with *DIFFER the first option (section-2 order, UM_PGN_BOARD for the
 * board) whose value is not Morabaraba's.
 */
int um_pgn_variant_of(const um_rules *r, int *differ);
/* Why that option has no equivalent: "flying=off has no equivalent ...". */
void um_pgn_no_equivalent(const um_rules *r, int differ, char *out,
                          size_t size);
/* The "name=value" items of R that differ from BASE, in section-2 order
 * (FREE_ONLY: only the five), one space between. */
void um_rules_items_differing(const um_rules *r, const um_rules *base,
                              int free_only, char *out, size_t size);

#endif
