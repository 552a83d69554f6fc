/* The codes mill PGN adds (pgn_codes.def): named, never spelled. */
#ifndef NT_UM_PGN_CODES_H
#define NT_UM_PGN_CODES_H

enum um_pgn_code {
#define UM_PGN_CODE(name, code, summary, explain) UM_PGN_##name,
#include "games/umlabalaba/pgn_codes.def"
#undef UM_PGN_CODE
	UM_PGN_CODE_COUNT
};

/* The code's stable name, as diagnostics give it. */
const char *um_pgn_code(enum um_pgn_code code);


#endif
