#include "core/json_diag.h"

#include "core/game.h"

/* A number of a place, or null where it has none (-1). */
static int
place_number(const nt_sink *out, const char *key, long long n)
{
	if (n < 0)
		return nt_sink_printf(out, ",\"%s\":null", key);
	return nt_sink_printf(out, ",\"%s\":%lld", key, n);
}

int
nt_json_diag(const nt_sink *out, const nt_diag *d)
{
	const nt_place *p = d->place;
	int rc = nt_sink_puts(out, "{\"file\":");
	rc |= nt_sink_json_string(out, d->file != NULL ? d->file : "");
	if (p == NULL)
		rc |= nt_sink_printf(out, ",\"line\":%lu,\"column\":%lu,\"endLine\":"
		                     "%lu,\"endColumn\":%lu", d->begin.line,
		                     d->begin.col, d->end.line, d->end.col);
	else
		rc |= nt_sink_puts(out, ",\"line\":null,\"column\":null,\"endLine\":"
		                   "null,\"endColumn\":null");
	rc |= nt_sink_printf(out, ",\"severity\":\"%s\",\"code\":",
	                     nt_severity_name(d->severity));
	rc |= nt_sink_json_string(out, d->code);
	rc |= nt_sink_puts(out, ",\"message\":");
	rc |= nt_sink_json_string(out, d->message);
	if (p == NULL)
		return rc | nt_sink_printf(out, ",\"game\":%ld,\"move\":%ld}",
		                           d->game, d->move);
	/* A binary record's place: its game is the number the file gives. */
	rc |= nt_sink_puts(out, ",\"where\":");
	rc |= nt_sink_json_string(out, p->where);
	rc |= place_number(out, "offset", p->offset);
	rc |= place_number(out, "record", p->record);
	rc |= place_number(out, "game", p->game);
	rc |= place_number(out, "row", p->row);
	return rc | nt_sink_printf(out, ",\"move\":%ld}", d->move);
}
