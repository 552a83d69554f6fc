/*
 * Bao's diagnostic codes as constants, generated from codes.def: call sites
 * name BAO_<ID>, and bao_codes[BAO_<ID>] is its catalogue entry.  The engine
 * judges a ply with these constants too (BAO_OK: legal).
 */
#ifndef NT_BAO_CODES_H
#define NT_BAO_CODES_H

#include "core/catalogue.h"

enum bao_code {
	BAO_OK = -1,
#define NT_CODE(...) NT_CODE_ENUM(BAO_, __VA_ARGS__)
#include "games/bao/codes.def"
#undef NT_CODE
	BAO_CODE_COUNT
};

/* In the order of codes.def, ended by NT_CODE_END. */
extern const nt_code_info bao_codes[];

#endif
