#include "games/backgammon/forms.h"

#include <errno.h>
#include <string.h>
#include <strings.h>

static int
is_sgf_blank(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	       c == '\f';
}

static int
named(const char *name, const char *ext)
{
	size_t n = name != NULL ? strlen(name) : 0, e = strlen(ext);
	return n > e && strcasecmp(name + n - e, ext) == 0;
}

int
bg_input_form(const char *name, const unsigned char *head, size_t size)
{
	if (size >= 4 && memcmp(head, "RGMH", 4) == 0)
		return BG_INPUT_XG;
	if (named(name, ".xg") || named(name, ".xgp"))
		return BG_INPUT_XG;
	if (named(name, ".sgf"))
		return BG_INPUT_SGF;
	size_t i = size >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	while (i < size && is_sgf_blank(head[i]))
		i++;
	return i < size && head[i] == '(' ? BG_INPUT_SGF : BG_INPUT_TEXT;
}

static long
peek_read(void *handle, void *buf, size_t size)
{
	bg_peek *pk = handle;
	if (pk->pos < pk->size) {
		size_t n = pk->size - pk->pos;
		if (n > size)
			n = size;
		memcpy(buf, pk->head + pk->pos, n);
		pk->pos += n;
		return (long)n;
	}
	if (pk->err != 0) {
		errno = pk->err;
		return -1;
	}
	return pk->inner->read(pk->inner->handle, buf, size);
}

void
bg_peek_open(bg_peek *pk, const nt_source *inner)
{
	pk->inner = inner;
	pk->size = pk->pos = 0;
	pk->err = 0;
	while (pk->size < sizeof pk->head) {
		long n = inner->read(inner->handle, pk->head + pk->size,
		                     sizeof pk->head - pk->size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			pk->err = errno ? errno : EIO;
			break;
		}
		if (n == 0)
			break;
		pk->size += (size_t)n;
		/* Enough to tell: something other than blanks has come. */
		size_t i = 0;
		while (i < pk->size && (is_sgf_blank(pk->head[i]) ||
		                        pk->head[i] == 0xEF || pk->head[i] == 0xBB ||
		                        pk->head[i] == 0xBF))
			i++;
		if (i < pk->size && pk->size >= 4)
			break;
	}
	pk->src.read = peek_read;
	pk->src.handle = pk;
	pk->src.name = inner->name;
	pk->xgp = named(inner->name, ".xgp");
}

int
bg_peek_form(const bg_peek *pk)
{
	int form = bg_input_form(pk->inner->name, pk->head, pk->size);
	if (form == BG_INPUT_XG && pk->err != 0 &&
	    !(pk->size >= 4 && memcmp(pk->head, "RGMH", 4) == 0))
		return BG_INPUT_TEXT;
	return form;
}
