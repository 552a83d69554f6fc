/*
 * Backgammon's diagnostic codes as constants, generated from codes.def:
 * call sites name BG_CODE_<ID>, and bg_codes[BG_CODE_<ID>] is its catalogue
 * entry.  The engine judges a play with these constants too (BG_CODE_NONE:
 * nothing to report).
 */
#ifndef NT_BG_CODES_H
#define NT_BG_CODES_H

#include "core/catalogue.h"

typedef enum bg_code {
	BG_CODE_NONE = -1,
#define NT_CODE(...) NT_CODE_ENUM(BG_CODE_, __VA_ARGS__)
#include "games/backgammon/codes.def"
#undef NT_CODE
	BG_CODE_COUNT
} bg_code;

/* In the order of codes.def, ended by NT_CODE_END. */
extern const nt_code_info bg_codes[];

#endif
