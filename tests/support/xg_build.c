/* The tests' writer of eXtreme Gammon files (see xg_build.h). */
#include "support/xg_build.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void *
grow(void *p, size_t *cap, size_t need, size_t unit)
{
	if (need <= *cap)
		return p;
	size_t c = *cap ? *cap : 8;
	while (c < need)
		c *= 2;
	void *q = realloc(p, c * unit);
	if (q == NULL)
		abort();
	*cap = c;
	return q;
}

void
xgb_put_i32(unsigned char *p, long v)
{
	xgb_put_u32(p, (unsigned long)v & 0xFFFFFFFFul);
}

void
xgb_put_u32(unsigned char *p, unsigned long v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

long
xgb_get_i32(const unsigned char *p)
{
	unsigned long u = (unsigned long)p[0] | (unsigned long)p[1] << 8 |
	                  (unsigned long)p[2] << 16 | (unsigned long)p[3] << 24;
	return u < 0x80000000ul ? (long)u : (long)u - 4294967296L;
}

void
xgb_put_wide(unsigned char *p, const char *text, size_t units)
{
	for (size_t i = 0; i < units && text[i]; i++) {
		p[2 * i] = (unsigned char)text[i];
		p[2 * i + 1] = 0;
	}
}

/* ------------------------------------------------------------ records */

void
xgb_records_free(xgb_records *r)
{
	free(r->data);
	memset(r, 0, sizeof *r);
}

size_t
xgb_add(xgb_records *r, int type)
{
	size_t cap = r->cap;
	r->data = grow(r->data, &cap, r->n + 1, XGB_RECORD);
	r->cap = cap;
	unsigned char *rec = r->data + r->n * XGB_RECORD;
	memset(rec, 0, XGB_RECORD);
	rec[8] = (unsigned char)type;
	return r->n++;
}

unsigned char *
xgb_rec(xgb_records *r, size_t i)
{
	return r->data + i * XGB_RECORD;
}

/* --------------------------------------------------- a match played */

static void
start_position(xgb_match *m)
{
	memset(m->n, 0, sizeof m->n);
	for (int s = 0; s < 2; s++) {
		m->n[s][24] = 2;
		m->n[s][13] = 5;
		m->n[s][8] = 3;
		m->n[s][6] = 5;
	}
}

/* The position seen by SIDE, as XG's PositionEngine. */
static void
view(const xgb_match *m, int side, unsigned char *out)
{
	for (int p = 1; p <= 24; p++) {
		int k = m->n[side][p] ? m->n[side][p] : -m->n[1 - side][25 - p];
		out[p] = (unsigned char)(signed char)k;
	}
	out[25] = (unsigned char)m->n[side][25];
	out[0] = (unsigned char)(signed char)-m->n[1 - side][25];
}

void
xgb_match_begin(xgb_match *m, long length, const char *left,
                const char *right)
{
	memset(m, 0, sizeof *m);
	m->version = 32;
	size_t i = xgb_add(&m->rec, 0);
	unsigned char *r = xgb_rec(&m->rec, i);
	xgb_put_i32(r + 92, length);
	r[100] = 1;                 /* Crawford */
	r[101] = 1;                 /* Jacoby */
	r[102] = 1;                 /* Beaver */
	xgb_put_i32(r + 552, m->version);
	memcpy(r + 556, "DMLI", 4);
	xgb_put_i32(r + 612, 10);
	xgb_put_wide(r + 880, left, 128);
	xgb_put_wide(r + 1138, right, 128);
	start_position(m);
}

void
xgb_match_free(xgb_match *m)
{
	xgb_records_free(&m->rec);
}

size_t
xgb_game(xgb_match *m, long left, long right, long number, int crawford)
{
	size_t i = xgb_add(&m->rec, 1);
	unsigned char *r = xgb_rec(&m->rec, i);
	start_position(m);
	m->cube = 0;
	xgb_put_i32(r + 12, left);
	xgb_put_i32(r + 16, right);
	r[20] = (unsigned char)crawford;
	view(m, 0, r + 21);
	xgb_put_i32(r + 48, number);
	return i;
}

static long
actif(int side)
{
	return side == 0 ? 1 : -1;
}

size_t
xgb_cube(xgb_match *m, int side, int dbl, int take)
{
	size_t i = xgb_add(&m->rec, 2);
	unsigned char *r = xgb_rec(&m->rec, i);
	xgb_put_i32(r + 12, actif(side));
	xgb_put_i32(r + 16, dbl);
	xgb_put_i32(r + 20, dbl == 1 ? take : -1);
	xgb_put_i32(r + 24, -1);
	xgb_put_i32(r + 28, -1);
	xgb_put_i32(r + 32, m->cube);
	view(m, 0, r + 36);
	memcpy(r + 208, "\00277", 3);
	if (dbl == 1 && take == 1) {
		int k = (m->cube < 0 ? -m->cube : m->cube) + 1;
		m->cube = side == 0 ? -k : k;   /* the taker owns it */
	}
	return i;
}

/* A point of a hop in the mover's numbering: bar 25, off 0. */
static int
point(const char **s)
{
	if (strncmp(*s, "bar", 3) == 0) {
		*s += 3;
		return 25;
	}
	if (strncmp(*s, "off", 3) == 0) {
		*s += 3;
		return 0;
	}
	int v = 0;
	while (**s >= '0' && **s <= '9')
		v = v * 10 + *(*s)++ - '0';
	return v;
}

size_t
xgb_move(xgb_match *m, int side, int d1, int d2, const char *hops,
         int played)
{
	size_t i = xgb_add(&m->rec, 3);
	unsigned char *r = xgb_rec(&m->rec, i);
	view(m, 0, r + 9);
	xgb_put_i32(r + 64, actif(side));
	for (int k = 0; k < 4; k++) {
		xgb_put_i32(r + 68 + 8 * k, played ? -1 : 0);
		xgb_put_i32(r + 72 + 8 * k, played ? -1 : 0);
	}
	int k = 0;
	for (const char *s = hops; played && *s && k < 4;) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		/* One pair a path: a/b/c is one pair from a to c (a star on b hits there). */
		int from = point(&s), to = from;
		while (*s == '/') {
			s++;
			to = point(&s);
			int star = *s == '*';
			while (*s == '*')
				s++;
			int last = *s != '/';
			if (to >= 1 && (star || last) && m->n[1 - side][25 - to] == 1) {
				m->n[1 - side][25 - to] = 0;
				m->n[1 - side][25]++;
			}
		}
		xgb_put_i32(r + 68 + 8 * k, from - 1);
		xgb_put_i32(r + 72 + 8 * k, to - 1);
		k++;
		m->n[side][from]--;
		m->n[side][to]++;
	}
	xgb_put_i32(r + 100, d1);
	xgb_put_i32(r + 104, d2);
	xgb_put_i32(r + 108, m->cube);
	r[2308] = (unsigned char)played;
	if (played)
		view(m, side, r + 35);
	return i;
}

size_t
xgb_footer(xgb_match *m, int winner, long points)
{
	size_t i = xgb_add(&m->rec, 4);
	unsigned char *r = xgb_rec(&m->rec, i);
	xgb_put_i32(r + 24, actif(winner));
	xgb_put_i32(r + 28, points);
	xgb_put_i32(r + 32, 1);
	return i;
}

size_t
xgb_match_footer(xgb_match *m)
{
	return xgb_add(&m->rec, 5);
}

/* ------------------------------------------------------- the container */

void
xgb_archive_init(xgb_archive *a)
{
	memset(a, 0, sizeof *a);
}

void
xgb_archive_free(xgb_archive *a)
{
	free(a->data);
	memset(a, 0, sizeof *a);
}

static void
append(xgb_archive *a, const void *bytes, size_t len)
{
	a->data = grow(a->data, &a->cap, a->len + len + 1, 1);
	if (len > 0)
		memcpy(a->data + a->len, bytes, len);
	a->len += len;
}

void
xgb_archive_raw(xgb_archive *a, const void *bytes, size_t len)
{
	append(a, bytes, len);
}

int
xgb_archive_add(xgb_archive *a, const char *name, const void *bytes,
                size_t len, int as_is)
{
	int i = a->count++;
	unsigned char *e = a->reg + (size_t)i * XGB_ENTRY;
	memset(e, 0, XGB_ENTRY);
	size_t nl = strlen(name);
	e[0] = (unsigned char)nl;
	memcpy(e + 1, name, nl);
	size_t start = a->len, stored = len;
	if (as_is) {
		append(a, bytes, len);
	} else {
		uLongf out = compressBound((uLong)len);
		unsigned char *z = malloc(out);
		int level = a->fast ? 1 : 6;
		if (z == NULL || compress2(z, &out, bytes, (uLong)len, level) != Z_OK)
			abort();
		append(a, z, out);
		stored = out;
		free(z);
	}
	xgb_put_i32(e + 512, (long)len);
	xgb_put_i32(e + 516, (long)stored);
	xgb_put_i32(e + 520, (long)start);
	xgb_put_u32(e + 524, crc32(0L, bytes, (uInt)len));
	e[528] = (unsigned char)(as_is != 0);
	e[529] = 2;
	return i;
}

unsigned char *
xgb_entry(xgb_archive *a, int i)
{
	return a->reg + (size_t)i * XGB_ENTRY;
}

void
xgb_fix_crc(unsigned char *file, size_t len)
{
	unsigned char *t = file + len - 36;
	size_t reg = (size_t)xgb_get_i32(t + 12), arc = (size_t)xgb_get_i32(t + 16);
	size_t from = len - 36 - reg - arc;
	xgb_put_u32(t, crc32(0L, file + from, (uInt)(reg + arc)));
}

unsigned char *
xgb_archive_file(const xgb_archive *a, size_t *len)
{
	size_t reg_len = (size_t)a->count * XGB_ENTRY;
	unsigned char *reg = malloc(compressBound((uLong)reg_len) + 1);
	uLongf rl = compressBound((uLong)reg_len);
	if (reg == NULL)
		abort();
	if (a->registry_stored) {
		memcpy(reg, a->reg, reg_len);
		rl = reg_len;
	} else if (compress2(reg, &rl, a->reg, (uLong)reg_len,
	                            a->fast ? 1 : 6) != Z_OK) {
		abort();
	}
	size_t head = 8232 + a->thumbnail;
	size_t total = head + a->len + rl + 36;
	unsigned char *f = calloc(total, 1);
	if (f == NULL)
		abort();
	memcpy(f, "RGMH", 4);
	xgb_put_u32(f + 4, 1);
	xgb_put_u32(f + 8, 8232);
	xgb_put_u32(f + 20, a->thumbnail);
	memcpy(f + 24, "\xe1\xf5\x5a\x2f", 4);
	xgb_put_wide(f + 40, "Played on notate's tests", 1024);
	for (size_t i = 0; i < a->thumbnail; i++)
		f[8232 + i] = (unsigned char)(0xD8 ^ i);
	memcpy(f + head, a->data, a->len);
	memcpy(f + head + a->len, reg, rl);
	unsigned char *t = f + total - 36;
	xgb_put_i32(t + 4, a->count);
	xgb_put_i32(t + 8, 1);
	xgb_put_i32(t + 12, (long)rl);
	xgb_put_i32(t + 16, (long)a->len);
	xgb_put_u32(t + 20, a->registry_stored ? 0 : 1);
	free(reg);
	xgb_fix_crc(f, total);
	*len = total;
	return f;
}

static unsigned char *
records_file(const xgb_records *records, int fast, size_t *len)
{
	xgb_archive a;
	xgb_archive_init(&a);
	a.fast = fast;
	xgb_archive_add(&a, "temp.xg", records->data, records->n * XGB_RECORD, 0);
	/* temp.xgi: the first and the last record. */
	unsigned char xgi[2 * XGB_RECORD];
	memset(xgi, 0, sizeof xgi);
	if (records->n > 0) {
		memcpy(xgi, records->data, XGB_RECORD);
		memcpy(xgi + XGB_RECORD, records->data + (records->n - 1) * XGB_RECORD,
		       XGB_RECORD);
	}
	xgb_archive_add(&a, "temp.xgi", xgi, sizeof xgi, 0);
	unsigned char *f = xgb_archive_file(&a, len);
	xgb_archive_free(&a);
	return f;
}

unsigned char *
xgb_file(const xgb_records *records, size_t *len)
{
	return records_file(records, 0, len);
}

unsigned char *
xgb_file_fast(const xgb_records *records, size_t *len)
{
	return records_file(records, 1, len);
}
