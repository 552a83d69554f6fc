#include "cli/emit.h"
#include "cli/context.h"

#include "core/json_diag.h"

#include <stdlib.h>
#include <string.h>

#define GITHUB_CAP 10   /* annotations GitHub shows per level and step */

int
emit_parse_format(const char *name, emit_format *out)
{
	static const char *const names[] = { "gnu", "json", "sarif", "github" };
	for (int i = 0; i < 4; i++)
		if (strcmp(name, names[i]) == 0) {
			*out = (emit_format)i;
			return 0;
		}
	return -1;
}

int
emit_parse_level(const char *name, nt_severity *out)
{
	if (strcmp(name, "error") == 0)
		*out = NT_SEV_ERROR;
	else if (strcmp(name, "warning") == 0)
		*out = NT_SEV_WARNING;
	else if (strcmp(name, "style") == 0)
		*out = NT_SEV_STYLE;
	else
		return -1;
	return 0;
}

size_t
emit_utf8_length(const unsigned char *p)
{
	size_t len;
	unsigned cp, min;
	if (p[0] >= 0xC2 && p[0] <= 0xDF) {
		len = 2; cp = p[0] & 0x1Fu; min = 0x80;
	} else if (p[0] >= 0xE0 && p[0] <= 0xEF) {
		len = 3; cp = p[0] & 0x0Fu; min = 0x800;
	} else if (p[0] >= 0xF0 && p[0] <= 0xF4) {
		len = 4; cp = p[0] & 0x07u; min = 0x10000;
	} else {
		return 0;
	}
	/* A NUL ends the string before any continuation byte is missed. */
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (p[i] & 0x3Fu);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return len;
}

/*
 * A JSON string: quotes, backslashes and control bytes escaped, and a byte
 * that is not UTF-8 (a file name may hold any) written as U+FFFD, since
 * JSON text is UTF-8.
 */
void
emit_json_string(FILE *to, const char *s)
{
	fputc('"', to);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p >= 0x80) {
			size_t n = emit_utf8_length(p);
			if (n == 0) {
				fputs("\\ufffd", to);
			} else {
				fwrite(p, 1, n, to);
				p += n - 1;
			}
		} else if (*p == '"' || *p == '\\')
			fprintf(to, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", to);
		else if (*p == '\t')
			fputs("\\t", to);
		else if (*p < 0x20 || *p == 0x7F)
			fprintf(to, "\\u%04x", *p);
		else
			fputc(*p, to);
	}
	fputc('"', to);
}

/* A relative URI reference for a file name (RFC 3986 unreserved kept). */
static void
json_uri(FILE *to, const char *path)
{
	fputc('"', to);
	/* An absolute path is a file URI; a relative one a relative reference. */
	if (path[0] == '/')
		fputs("file://", to);
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
			fputc(*p, to);
		else
			fprintf(to, "%%%02X", *p);
	}
	fputc('"', to);
}

static const char *
sarif_level(nt_severity s)
{
	return s == NT_SEV_ERROR ? "error" : s == NT_SEV_WARNING ? "warning"
	                                                         : "note";
}

/* A code's position in the catalogue of every game (SARIF ruleIndex). */
static long
rule_index(const char *code)
{
	long n = 0;
	for (size_t g = 0; g < nt_game_count(); g++)
		for (const nt_code_info *c = nt_game_codes(nt_game_at(g)); c->code;
		     c++, n++)
			if (strcmp(c->code, code) == 0)
				return n;
	return -1;
}

void
emit_begin(emitter *e)
{
	e->begun = 1;
	if (e->format == EMIT_SARIF)
		fputs("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\","
		      "\"version\":\"2.1.0\",\"runs\":[{\"results\":[", e->to);
}

/* GitHub workflow-command data: %, CR and LF escaped (and : , in properties). */
static void
github_escaped(FILE *to, const char *s, int property)
{
	for (; *s; s++) {
		if (*s == '%')
			fputs("%25", to);
		else if (*s == '\r')
			fputs("%0D", to);
		else if (*s == '\n')
			fputs("%0A", to);
		else if (property && *s == ':')
			fputs("%3A", to);
		else if (property && *s == ',')
			fputs("%2C", to);
		else
			fputc(*s, to);
	}
}

/* Severity colours as GCC has them: errors red, warnings magenta. */
static const char *
severity_color(nt_severity s)
{
	return s == NT_SEV_ERROR ? "\033[1;31m" : s == NT_SEV_WARNING
		? "\033[1;35m" : "\033[1;36m";
}

static void
emit_gnu_colored(FILE *to, const nt_diag *d)
{
	const char *sev = severity_color(d->severity);
	if (d->place != NULL)
		fprintf(to, "\033[1m%s: %s:\033[0m", d->file, d->place->where);
	else
		fprintf(to, "\033[1m%s:%lu:%lu:\033[0m", d->file, d->begin.line,
		        d->begin.col);
	fprintf(to, " %s%s:\033[0m %s %s[%s]\033[0m\n", sev,
	        nt_severity_name(d->severity), d->message, sev, d->code);
}

static void
emit_gnu(FILE *to, const nt_diag *d)
{
	char line[2048];
	size_t n = nt_format_diag(d, line, sizeof line);
	if (n < sizeof line) {
		fprintf(to, "%s\n", line);
		return;
	}
	/* A long path: the whole line still, message and code included. */
	char *whole = malloc(n + 1);
	if (whole == NULL) {
		fprintf(to, "%s\n", line);
		return;
	}
	nt_format_diag(d, whole, n + 1);
	fprintf(to, "%s\n", whole);
	free(whole);
}

static void
emit_github(emitter *e, const nt_diag *d)
{
	/* GitHub caps each level on its own: style findings are notices. */
	long long *shown = d->severity == NT_SEV_ERROR ? &e->github_errors
	                 : d->severity == NT_SEV_WARNING ? &e->github_warnings
	                                                 : &e->github_notices;
	if (*shown >= GITHUB_CAP) {
		/* GitHub would drop further annotations: keep them as log lines. */
		e->github_overflow++;
		emit_gnu(e->to, d);
		return;
	}
	(*shown)++;
	const char *kind = d->severity == NT_SEV_ERROR ? "error"
	                 : d->severity == NT_SEV_WARNING ? "warning" : "notice";
	fprintf(e->to, "::%s file=", kind);
	github_escaped(e->to, d->file, 1);
	/* A binary record has no lines to point at: the file alone. */
	if (d->place == NULL)
		fprintf(e->to, ",line=%lu,col=%lu,endLine=%lu,endColumn=%lu",
		        d->begin.line, d->begin.col, d->end.line, d->end.col);
	fputs(",title=", e->to);
	github_escaped(e->to, d->code, 1);
	fputs("::", e->to);
	github_escaped(e->to, d->message, 0);
	fprintf(e->to, " [%s]\n", d->code);
}

static void
emit_json(FILE *to, const nt_diag *d)
{
	nt_sink sink = nt_sink_stdio(to);
	nt_json_diag(&sink, d);
	fputc('\n', to);
}

static void
emit_sarif(emitter *e, const nt_diag *d)
{
	FILE *to = e->to;
	if (e->written > 0)
		fputc(',', to);
	fputs("{\"ruleId\":", to);
	emit_json_string(to, d->code);
	long index = rule_index(d->code);
	if (index >= 0)
		fprintf(to, ",\"ruleIndex\":%ld", index);
	fprintf(to, ",\"level\":\"%s\",\"message\":{\"text\":",
	        sarif_level(d->severity));
	emit_json_string(to, d->message);
	fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":"
	      "{\"uri\":", to);
	json_uri(to, d->file);
	if (d->place != NULL) {
		/* No lines to point at: the place is a logical location. */
		fputs("}},\"logicalLocations\":[{\"name\":", to);
		emit_json_string(to, d->place->where);
		fprintf(to, "}]}],\"properties\":{\"game\":%ld,\"move\":%ld}}",
		        d->game, d->move);
		return;
	}
	fprintf(to, "},\"region\":{\"startLine\":%lu,\"startColumn\":%lu,"
	        "\"endLine\":%lu,\"endColumn\":%lu}}}],\"properties\":"
	        "{\"game\":%ld,\"move\":%ld}}", d->begin.line, d->begin.col,
	        d->end.line, d->end.col + 1, d->game, d->move);
}

/* Counts a written finding, by code for warnings. */
static void
count_code(emitter *e, const nt_diag *d)
{
	e->file_findings++;
	if (d->severity != NT_SEV_WARNING)
		return;
	e->run_warnings++;
	int i = 0;
	while (i < e->ncodes && strcmp(e->codes[i].code, d->code) != 0)
		i++;
	if (i == e->ncodes) {
		if (e->ncodes == EMIT_CODES || strlen(d->code) >= sizeof e->codes[0].code)
			return;
		snprintf(e->codes[e->ncodes++].code, sizeof e->codes[0].code, "%s",
		         d->code);
	}
	e->codes[i].in_file++;
	e->codes[i].in_run++;
}

void
emit_file_done(emitter *e)
{
	for (int i = 0; i < e->ncodes; i++) {
		code_count *k = &e->codes[i];
		/* Most of the file's findings, and more than one of them. */
		if (k->in_file >= 2 && 2 * k->in_file > e->file_findings)
			k->files_led++;
		k->in_file = 0;
	}
	e->file_findings = 0;
}

/*
 * One warning code that makes up most of some file's findings (an exporter
 * that never writes '*' gives one per hit) hides the others: said once,
 * with the switch that hides it.
 */
static void
note_drowning_codes(const emitter *e)
{
	for (int i = 0; i < e->ncodes; i++) {
		const code_count *k = &e->codes[i];
		if (k->files_led == 0)
			continue;
		fflush(stdout);
		fprintf(stderr, "notate: note: %lld of the %lld warnings are %s, most "
		        "of the findings in %lld file%s; --ignore %s (or "
		        "ignore=%s in .notaterc) hides them\n", k->in_run,
		        e->run_warnings, k->code, k->files_led,
		        k->files_led == 1 ? "" : "s", k->code, k->code);
	}
}

void
emit_diag(emitter *e, const nt_diag *d)
{
	if (d->severity < e->lowest)
		return;
	count_code(e, d);
	/* Diagnostics beside data (convert, show): after the data before them,
	 * also when both streams go to one place (2>&1). */
	if (e->to == stderr)
		fflush(stdout);
	switch (e->format) {
	case EMIT_GNU:
		if (e->color)
			emit_gnu_colored(e->to, d);
		else
			emit_gnu(e->to, d);
		if (e->context != NULL)
			context_show(e->context, e->to, d, e->color);
		break;
	case EMIT_JSON:
		emit_json(e->to, d);
		break;
	case EMIT_SARIF:
		emit_sarif(e, d);
		break;
	case EMIT_GITHUB:
		emit_github(e, d);
		break;
	}
	e->written++;
}

/* The rules of every game: SARIF's tool.driver.rules. */
static void
sarif_rules(FILE *to)
{
	int first = 1;
	for (size_t g = 0; g < nt_game_count(); g++)
		for (const nt_code_info *c = nt_game_codes(nt_game_at(g)); c->code;
		     c++) {
			fputs(first ? "" : ",", to);
			first = 0;
			fputs("{\"id\":", to);
			emit_json_string(to, c->code);
			fputs(",\"shortDescription\":{\"text\":", to);
			emit_json_string(to, c->summary);
			fputs("},\"fullDescription\":{\"text\":", to);
			emit_json_string(to, c->explain);
			fputs("},\"help\":{\"text\":", to);
			emit_json_string(to, c->explain);
			fprintf(to, "},\"defaultConfiguration\":{\"level\":\"%s\"},"
			        "\"properties\":{\"game\":", sarif_level(c->severity));
			emit_json_string(to, nt_game_name(nt_game_at(g)));
			fputs("}}", to);
		}
}

static const char *
plural(long long n)
{
	return n == 1 ? "" : "s";
}

/* --summary's closing line, the same in every text format. */
static void
summary_line(FILE *to, const emit_totals *t)
{
	fprintf(to, "%lld file%s, %lld game%s, %lld move%s, %lld error%s, "
	        "%lld warning%s, %lld style finding%s",
	        t->files, plural(t->files), t->games, plural(t->games),
	        t->moves, plural(t->moves), t->errors, plural(t->errors),
	        t->warnings, plural(t->warnings), t->style, plural(t->style));
	/* What was not looked at is said, never left out silently. */
	if (t->skipped > 0)
		fprintf(to, "; %lld file%s skipped: not a record", t->skipped,
		        plural(t->skipped));
	if (t->skipped_game > 0)
		fprintf(to, "; %lld file%s skipped: another game", t->skipped_game,
		        plural(t->skipped_game));
	if (t->ignored > 0)
		fprintf(to, "; %lld finding%s ignored", t->ignored,
		        plural(t->ignored));
	fputc('\n', to);
}

/* The figures every machine summary gives, as JSON members. */
static void
json_totals(FILE *to, const emit_totals *t)
{
	fprintf(to, "\"files\":%lld,\"games\":%lld,\"moves\":%lld,"
	        "\"errors\":%lld,\"warnings\":%lld,\"style\":%lld,"
	        "\"ignored\":%lld,\"skipped\":%lld,\"skipped_other_game\":%lld,"
	        "\"unreadable\":%lld", t->files, t->games, t->moves, t->errors,
	        t->warnings, t->style, t->ignored, t->skipped, t->skipped_game,
	        t->unreadable);
}

void
emit_unreadable(emitter *e, const char *name, const char *why)
{
	if (!e->begun || e->to == NULL)
		return;
	switch (e->format) {
	case EMIT_GNU:
		break;
	case EMIT_JSON:
		fputs("{\"file\":", e->to);
		emit_json_string(e->to, name);
		fputs(",\"unreadable\":", e->to);
		emit_json_string(e->to, why);
		fputs("}\n", e->to);
		break;
	case EMIT_SARIF:
		if (e->notified < EMIT_NOTIFY_MAX) {
			size_t wl = strlen(why) + 32;
			char *n = strdup(name), *w = malloc(wl);
			if (w != NULL)
				snprintf(w, wl, "cannot read it: %s", why);
			if (n != NULL && w != NULL) {
				e->notified_name[e->notified] = n;
				e->notified_why[e->notified++] = w;
			} else {
				free(n);
				free(w);
			}
		}
		break;
	case EMIT_GITHUB:
		/* Past GitHub's cap the note on standard error is all there is. */
		if (e->github_errors >= GITHUB_CAP)
			break;
		e->github_errors++;
		fputs("::error file=", e->to);
		github_escaped(e->to, name, 1);
		fputs("::notate: cannot read it: ", e->to);
		github_escaped(e->to, why, 0);
		fputc('\n', e->to);
		break;
	}
}

/* The run's invocation: whether every input was read, and which were not
 * (the first EMIT_NOTIFY_MAX of them). */
static void
sarif_invocation(emitter *e, const emit_totals *t)
{
	fprintf(e->to, ",\"invocations\":[{\"executionSuccessful\":%s",
	        t->unreadable == 0 ? "true" : "false");
	if (e->notified > 0) {
		fputs(",\"toolExecutionNotifications\":[", e->to);
		for (int i = 0; i < e->notified; i++) {
			fputs(i ? ",{" : "{", e->to);
			fputs("\"level\":\"error\",\"message\":{\"text\":", e->to);
			emit_json_string(e->to, e->notified_why[i]);
			fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":"
			      "{\"uri\":", e->to);
			json_uri(e->to, e->notified_name[i]);
			fputs("}}}]}", e->to);
			free(e->notified_name[i]);
			free(e->notified_why[i]);
		}
		fputc(']', e->to);
		e->notified = 0;
	}
	fprintf(e->to, ",\"properties\":{\"unreadable\":%lld}}]", t->unreadable);
}

void
emit_end(emitter *e, const emit_totals *t, int summary)
{
	switch (e->format) {
	case EMIT_GNU:
		if (summary)
			summary_line(e->to, t);
		note_drowning_codes(e);
		break;
	case EMIT_JSON:
		fputs("{\"summary\":{", e->to);
		json_totals(e->to, t);
		fputs("}}\n", e->to);
		break;
	case EMIT_SARIF:
		fputc(']', e->to);
		sarif_invocation(e, t);
		fputs(",\"properties\":{", e->to);
		json_totals(e->to, t);
		fputc('}', e->to);
		fputs(",\"tool\":{\"driver\":{\"name\":\"notate\",\"version\":\""
		      NOTATE_VERSION "\",\"rules\":[", e->to);
		sarif_rules(e->to);
		fputs("]}}}]}\n", e->to);
		break;
	case EMIT_GITHUB:
		/* The notice is itself capped: past the cap, a plain line. */
		if (e->github_overflow > 0)
			fprintf(e->to, "%snotate: %lld more diagnostics are written as "
			        "plain lines above\n",
			        e->github_notices < GITHUB_CAP ? "::notice::" : "",
			        e->github_overflow);
		if (summary)
			summary_line(e->to, t);
		note_drowning_codes(e);
		break;
	}
}
