/* The names of the codes mill PGN adds, from their one table. */
#include "games/umlabalaba/pgn_codes.h"

const char *
um_pgn_code(enum um_pgn_code code)
{
	static const char *const names[UM_PGN_CODE_COUNT] = {
#define UM_PGN_CODE(name, code, summary, explain) code,
#include "games/umlabalaba/pgn_codes.def"
#undef UM_PGN_CODE
	};
	return names[code];
}
