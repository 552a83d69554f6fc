/*
 * One diagnostic as a JSON object, the form `-f json` gives it: shared by
 * the command line's JSON Lines and the web page's replies, so that both
 * say the same thing in the same words.
 */
#ifndef NT_CORE_JSON_DIAG_H
#define NT_CORE_JSON_DIAG_H

#include "notate/notate.h"

/* {"file", "line", "column", "endLine", "endColumn", "severity", "code",
   "message", "game", "move"}, with no newline; nonzero if a write failed. */
int nt_json_diag(const nt_sink *out, const nt_diag *d);

#endif
