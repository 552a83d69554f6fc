/*
 * Umlabalaba's diagnostic codes as constants, generated from codes.def:
 * call sites name UM_<ID>, and um_codes[UM_<ID>] is its catalogue entry.
 */
#ifndef NT_UM_CODES_H
#define NT_UM_CODES_H

#include "core/catalogue.h"

enum um_code {
#define NT_CODE(...) NT_CODE_ENUM(UM_, __VA_ARGS__)
#include "games/umlabalaba/codes.def"
#undef NT_CODE
	UM_CODE_COUNT
};

/* In the order of codes.def, ended by NT_CODE_END. */
extern const nt_code_info um_codes[];

#endif
