/* One run over one input: parse, replay, and write or show what it gives. */
#include "games/backgammon/session.h"

#include <stdlib.h>
#include <string.h>

#include "games/backgammon/record.h"
#include "games/backgammon/replay.h"
#include "games/backgammon/show.h"
#include "games/backgammon/writer.h"

typedef struct bg_session {
	bg_parse parse;
	bg_replay replay;
	bg_output output;
	bg_writer writer;
	bg_shower shower;
} bg_session;

static int
convert_form(const char *form)
{
	if (form != NULL && strcmp(form, "mat") == 0)
		return BG_FORM_MAT;
	if (form != NULL && strcmp(form, "sheet") == 0)
		return BG_FORM_SHEET;
	return -1;
}

int
bg_session_run(nt_run *run, int mode, const char *form,
               const nt_show_request *req)
{
	int fm = BG_FORM_MAT;
	if (mode == BG_SESSION_CONVERT && (fm = convert_form(form)) < 0)
		return -2;
	bg_session *s = malloc(sizeof *s);
	if (s == NULL)
		return -1;
	const bg_output *out = NULL;
	if (mode == BG_SESSION_CONVERT) {
		bg_writer_init(&s->writer, run->out, fm);
		bg_writer_output(&s->writer, &s->output);
		out = &s->output;
	} else if (mode == BG_SESSION_SHOW) {
		bg_shower_init(&s->shower, req);
		bg_shower_output(&s->shower, &s->output);
		out = &s->output;
	}
	bg_replay_init(&s->replay, run, out);
	if (bg_parse_init(&s->parse, run, &s->replay) != 0) {
		free(s);
		return -1;
	}
	if (mode == BG_SESSION_CONVERT) {
		s->parse.lx.echo = bg_writer_echo;
		s->parse.lx.echo_ctx = &s->writer;
	}
	int rc = bg_parse_all(&s->parse);
	if (rc == 0 && mode == BG_SESSION_CONVERT &&
	    (run->rep.summary->errors > 0 || s->writer.failed))
		rc = 1;
	if (rc == 0 && mode == BG_SESSION_SHOW)
		rc = bg_shower_finish(&s->shower, &s->replay, run->out);
	bg_parse_free(&s->parse);
	free(s);
	return rc;
}
