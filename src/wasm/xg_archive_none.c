/*
 * The eXtreme Gammon container reader of the WebAssembly build, which has
 * no zlib to inflate the archive with: an XG file is recognised (its
 * magic checked first, as the native reader does) and refused as a whole.
 */
#include <string.h>

#include "games/backgammon/xg_archive.h"

int
xg_archive_open(xg_archive *a, nt_run *run, int name_says_xgp)
{
	(void)name_says_xgp;
	memset(a, 0, sizeof *a);
	a->run = run;
	unsigned char head[4];
	size_t n = 0;
	while (n < sizeof head) {
		long got = run->src->read(run->src->handle, head + n, sizeof head - n);
		if (got < 0)
			return -1;
		if (got == 0)
			break;
		n += (size_t)got;
	}
	nt_binloc at;
	nt_binloc_clear(&at);
	at.offset = 0;
	memcpy(at.where, "byte 0", sizeof "byte 0");
	if (n < 4 || memcmp(head, "RGMH", 4) != 0)
		nt_emit_at(&run->rep, &bg_codes[BG_CODE_XG_BAD_MAGIC], &at, NULL, 0, 0,
		           "not an eXtreme Gammon file: it does not start with "
		           "'RGMH'");
	else
		nt_emit_at(&run->rep, &bg_codes[BG_CODE_XG_UNSUPPORTED], &at, NULL, 0,
		           0, "this build of notate (WebAssembly) has no zlib, so it "
		           "cannot read eXtreme Gammon files");
	return 1;
}

int
xg_archive_record(xg_archive *a, unsigned char *rec)
{
	(void)a;
	(void)rec;
	return 0;
}

void
xg_archive_close(xg_archive *a)
{
	(void)a;
}
