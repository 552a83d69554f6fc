/*
 * notate lint for .bao transcripts: the style findings of the plies the
 * replay accepted.  It sees a ply as the lexer and the replay give it, not
 * the parser's state, so that the record calls it and nothing here needs
 * the record.
 */
#ifndef NT_BAO_LINT_H
#define NT_BAO_LINT_H

#include "core/report.h"
#include "games/bao/bao.h"
#include "games/bao/token.h"

/* What the findings of one file remember. */
typedef struct bao_lint {
	nt_reporter *rep;
	/* Whether North's plies after the first ply are numbered (-1: none
	   seen yet), where the first of them is, and whether a departure was
	   reported. */
	int numbering;
	nt_loc numbering_loc;
	int numbering_reported;
} bao_lint;

void bao_lint_init(bao_lint *l, nt_reporter *rep);

/*
 * The style findings of accepted ply K: IT is its token as written (Q
 * quoted), read as W and played as PL; CANONICAL is how the canonical
 * writer writes it; NUMBER is the move number before it, when NUMBERED.
 */
void bao_lint_ply(bao_lint *l, const bao_item *number, const bao_item *it,
                  const bao_word *w, const bao_played *pl, const char *q,
                  const char *canonical, long k, int numbered);

#endif
