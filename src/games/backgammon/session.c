/* One run over one input: parse, replay, and write or show what it gives. */
#include "games/backgammon/session.h"

#include <stdlib.h>
#include <string.h>

#include "games/backgammon/record.h"
#include "games/backgammon/replay.h"

typedef struct bg_session {
	bg_parse parse;
	bg_replay replay;
} bg_session;

int
bg_session_run(nt_run *run, int mode, const char *form,
               const nt_show_request *req)
{
	(void)form;
	(void)req;
	bg_session *s = malloc(sizeof *s);
	if (s == NULL)
		return -1;
	bg_replay_init(&s->replay, run, NULL);
	if (bg_parse_init(&s->parse, run, &s->replay) != 0) {
		free(s);
		return -1;
	}
	int rc = bg_parse_all(&s->parse);
	if (rc == 0 && mode != BG_SESSION_CHECK && run->rep.summary->errors > 0)
		rc = 1;
	bg_parse_free(&s->parse);
	free(s);
	return rc;
}
