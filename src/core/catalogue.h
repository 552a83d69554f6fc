/*
 * A game's diagnostic catalogue is one X-macro table, src/games/NAME/codes.def,
 * with one line per code:
 *
 *     NT_CODE(ID, "spelling", SEVERITY, STRICT, "summary", "explain")
 *
 * ID names the enum constant call sites use; the spelling is the code as the
 * game's specification names it; SEVERITY is ERROR, WARNING or STYLE; STRICT
 * is KEEP, or ERROR when --strict makes the finding an error.  From that one
 * table the game generates its enum and its nt_code_info array, in the same
 * order, so that TABLE[PREFIX_ID] is the entry of ID:
 *
 *     enum bao_code {
 *     #define NT_CODE(...) NT_CODE_ENUM(BAO_, __VA_ARGS__)
 *     #include "games/bao/codes.def"
 *     #undef NT_CODE
 *     };
 *
 *     const nt_code_info bao_codes[] = {
 *     #define NT_CODE(...) NT_CODE_ENTRY(__VA_ARGS__)
 *     #include "games/bao/codes.def"
 *     #undef NT_CODE
 *         NT_CODE_END
 *     };
 *
 * and reports through nt_emit (core/report.h) with &TABLE[PREFIX_ID], so
 * that no call site spells a code or restates its severity.
 */
#ifndef NT_CORE_CATALOGUE_H
#define NT_CORE_CATALOGUE_H

#include "notate/notate.h"

#define NT_CODE_STRICT_KEEP 0
#define NT_CODE_STRICT_ERROR 1

#define NT_CODE_ENUM(prefix, id, spelling, severity, strict, summary, explain) \
	prefix##id,
#define NT_CODE_ENTRY(id, spelling, severity, strict, summary, explain) \
	{ spelling, NT_SEV_##severity, summary, explain, NT_CODE_STRICT_##strict },
#define NT_CODE_END { NULL, NT_SEV_ERROR, NULL, NULL, 0 }

#endif
