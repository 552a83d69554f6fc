/* Which reader an input goes to: its first bytes, then its name. */
#include "games/backgammon/form.h"

#include <errno.h>
#include <string.h>
#include <strings.h>

static long
peek_read(void *handle, void *buf, size_t size)
{
	bg_peek *pk = handle;
	if (pk->pos < pk->len) {
		size_t n = pk->len - pk->pos;
		if (n > size)
			n = size;
		memcpy(buf, pk->head + pk->pos, n);
		pk->pos += n;
		return (long)n;
	}
	if (pk->read_errno != 0) {
		errno = pk->read_errno;
		return -1;
	}
	return pk->inner->read(pk->inner->handle, buf, size);
}

static int
named(const char *name, const char *ext)
{
	size_t n = name != NULL ? strlen(name) : 0, e = strlen(ext);
	return n > e && strcasecmp(name + n - e, ext) == 0;
}

int
bg_peek_form(bg_peek *pk, const nt_source *inner)
{
	memset(pk, 0, sizeof *pk);
	pk->inner = inner;
	pk->src.read = peek_read;
	pk->src.handle = pk;
	pk->src.name = inner->name;
	while (pk->len < sizeof pk->head) {
		errno = 0;
		long n = inner->read(inner->handle, pk->head + pk->len,
		                     sizeof pk->head - pk->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			pk->read_errno = errno ? errno : EIO;
			break;
		}
		if (n == 0)
			break;
		pk->len += (size_t)n;
	}
	pk->xgp = named(inner->name, ".xgp");
	if (pk->len == 4 && memcmp(pk->head, "RGMH", 4) == 0)
		return BG_INPUT_XG;
	if (pk->read_errno == 0 && (pk->xgp || named(inner->name, ".xg")))
		return BG_INPUT_XG;
	return BG_INPUT_TEXT;
}
