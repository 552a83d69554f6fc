#include "core/json_diag.h"

#include "core/game.h"

int
nt_json_diag(const nt_sink *out, const nt_diag *d)
{
	int rc = nt_sink_puts(out, "{\"file\":");
	rc |= nt_sink_json_string(out, d->file != NULL ? d->file : "");
	rc |= nt_sink_printf(out, ",\"line\":%lu,\"column\":%lu,\"endLine\":%lu,"
	                     "\"endColumn\":%lu,\"severity\":\"%s\",\"code\":",
	                     d->begin.line, d->begin.col, d->end.line, d->end.col,
	                     nt_severity_name(d->severity));
	rc |= nt_sink_json_string(out, d->code);
	rc |= nt_sink_puts(out, ",\"message\":");
	rc |= nt_sink_json_string(out, d->message);
	rc |= nt_sink_printf(out, ",\"game\":%ld,\"move\":%ld}", d->game, d->move);
	return rc;
}
