#include "core/input.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int
nt_input_init(nt_input *in, const nt_source *src, size_t size)
{
	memset(in, 0, sizeof *in);
	if (size == 0)
		size = NT_INPUT_DEFAULT_SIZE;
	if (size < NT_INPUT_MIN_SIZE)
		size = NT_INPUT_MIN_SIZE;
	in->buf = malloc(size + 1);
	if (in->buf == NULL)
		return -1;
	in->src = src;
	in->size = size;
	in->lim = in->cur = in->mar = in->tok = in->buf;
	in->buf[0] = 0;
	in->line = 1;
	return 0;
}

void
nt_input_free(nt_input *in)
{
	free(in->buf);
	in->buf = NULL;
}

/* Passes [echo_pos, offset) to the echo function; those bytes are in buf. */
int
nt_input_echo_to(nt_input *in, nt_offset offset)
{
	if (in->echo == NULL || offset <= in->echo_pos)
		return 0;
	const unsigned char *from = in->buf + (in->echo_pos - in->base);
	size_t n = (size_t)(offset - in->echo_pos);
	in->echo_pos = offset;
	if (!in->echo_failed && in->echo(in->echo_ctx, from, n) != 0)
		in->echo_failed = 1;
	return in->echo_failed ? -1 : 0;
}

void
nt_input_echo_skip(nt_input *in, nt_offset offset)
{
	if (offset > in->echo_pos)
		in->echo_pos = offset;
}

/* Reads until at least one byte arrives or the source ends. */
static long
read_some(nt_input *in, unsigned char *to, size_t room)
{
	for (;;) {
		long n = in->src->read(in->src->handle, to, room);
		if (n >= 0)
			return n;
		if (errno != EINTR) {
			in->read_errno = errno ? errno : EIO;
			return -1;
		}
	}
}

int
nt_input_fill(nt_input *in)
{
	if (in->eof)
		return 1;
	size_t drop = (size_t)(in->tok - in->buf);
	size_t kept = (size_t)(in->lim - in->tok);
	if (drop == 0 && kept >= in->size) {
		/* Every rule is bounded, so only a lexer bug gets here. */
		in->overflow = 1;
		return 1;
	}
	if (drop > 0) {
		in->before_buf = in->buf[drop - 1];
		nt_input_echo_to(in, in->base + drop);
		memmove(in->buf, in->tok, kept);
		in->base += drop;
		in->lim -= drop;
		in->cur -= drop;
		in->mar = in->mar >= in->tok ? in->mar - drop : in->buf;
		in->tok -= drop;
	}
	long n = read_some(in, in->buf + kept, in->size - kept);
	if (n <= 0) {
		in->eof = 1;
		in->buf[kept] = 0;
		return 1;
	}
	in->lim += n;
	in->buf[kept + (size_t)n] = 0;
	return 0;
}

void
nt_input_count_utf8(nt_input *in, const unsigned char *from,
                    const unsigned char *to)
{
	unsigned char prev = from > in->buf ? from[-1] : in->before_buf;
	for (; from < to; from++) {
		if ((*from & 0xC0) == 0x80 && prev >= 0x80)
			in->skipped++;
		prev = *from;
	}
}
