/*
 * The work behind every fuzz target and the regression corpus: the input
 * goes through check (plain, lint, strict, lenient, a tiny buffer in small
 * reads), every convert form, fmt, stats and show.  Nothing may crash, hang
 * or leak; what the calls return does not matter here.
 */
#include "fuzz/harness.h"

#include <string.h>

#include "notate/notate.h"

typedef struct mem {
	const uint8_t *data;
	size_t size, pos, chunk;
} mem;

static long
mem_read(void *handle, void *buf, size_t size)
{
	mem *m = handle;
	size_t n = m->size - m->pos;
	if (n > size)
		n = size;
	if (m->chunk && n > m->chunk)
		n = m->chunk;
	memcpy(buf, m->data + m->pos, n);
	m->pos += n;
	return (long)n;
}

static int
discard(void *handle, const void *buf, size_t size)
{
	(void)handle;
	(void)buf;
	(void)size;
	return 0;
}

/* Touches every field a caller may read, so sanitizers see them used. */
static void
on_diag(void *user, const nt_diag *d)
{
	size_t *n = user;
	char line[512];
	*n += nt_format_diag(d, line, sizeof line);
}

static void
on_move(void *user, const nt_move *m)
{
	size_t *n = user;
	*n += strlen(m->text) + strlen(m->side);
}

static void
on_stat(void *user, long game, const char *name, long value, const char *text)
{
	size_t *n = user;
	*n += (size_t)game + strlen(name) + (size_t)value + (text ? strlen(text) : 0);
}

static void
fuzz_check(const nt_game *game, const uint8_t *data, size_t size,
           const nt_handler *h, size_t *touched)
{
	static const char *const rules[] = { "unknown=rule" };
	/* Small buffers: more refills to exercise, less memory to poison. */
	nt_options variants[5];
	memset(variants, 0, sizeof variants);
	for (int v = 0; v < 5; v++)
		variants[v].buffer_size = 1024;
	variants[1].lint = 1;
	variants[2].strict = 1;
	variants[2].max_errors = 3;
	variants[3].lenient = 1;
	variants[3].rules = rules;
	variants[3].nrules = 1;
	variants[4].buffer_size = 64;
	nt_summary s;
	for (int v = 0; v < 5; v++) {
		mem m = { data, size, 0, v == 4 ? 5 : 0 };
		nt_source src = { mem_read, &m, "fuzz" };
		nt_check(game, &src, &variants[v], h, &s);
	}
	nt_sink out = { discard, NULL };
	mem m2 = { data, size, 0, 0 };
	nt_source src2 = { mem_read, &m2, "fuzz" };
	nt_stats(game, &src2, &variants[0], h, on_stat, touched, &s);
	nt_show_request shows[2] = { { -1, -1, -1, 0 }, { 3, 1, -1, 1 } };
	for (int i = 0; i < 2; i++) {
		mem m = { data, size, 0, 0 };
		nt_source src = { mem_read, &m, "fuzz" };
		nt_show(game, &src, &shows[i], &out, &variants[0], h, &s);
	}
}

static void
fuzz_rewrite(const nt_game *game, const char *form, const uint8_t *data,
             size_t size, const nt_handler *h)
{
	nt_options small;
	memset(&small, 0, sizeof small);
	small.buffer_size = 1024;
	nt_sink out = { discard, NULL };
	nt_summary s;
	mem m = { data, size, 0, 0 };
	nt_source src = { mem_read, &m, "fuzz" };
	if (form == NULL)
		nt_format(game, &src, &out, &small, h, &s);
	else
		nt_convert(game, &src, form, &out, &small, h, &s);
}

int
nt_fuzz_one(const char *name, const char *target, const uint8_t *data,
            size_t size)
{
	const nt_game *game = nt_game_by_name(name);
	if (game == NULL)
		return -1;
	size_t touched = 0;
	nt_handler h = { on_diag, on_move, &touched };
	int known = target == NULL;
	if (target == NULL || strcmp(target, "check") == 0) {
		fuzz_check(game, data, size, &h, &touched);
		known = 1;
	}
	if (target == NULL || strcmp(target, "fmt") == 0) {
		fuzz_rewrite(game, NULL, data, size, &h);
		known = 1;
	}
	for (const char *const *f = nt_game_forms(game); *f; f++)
		if (target == NULL || strcmp(target, *f) == 0) {
			fuzz_rewrite(game, *f, data, size, &h);
			known = 1;
		}
	return known ? 0 : -1;
}
