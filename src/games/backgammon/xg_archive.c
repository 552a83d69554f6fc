/*
 * The container of an eXtreme Gammon match file (backgammon-xg section 2).
 *
 * XG files are binary: this reader is written by hand, the one place in
 * notate (with read_xg.c) where re2c and bison do not apply.  Nothing it
 * reads is trusted: every size and offset is checked before it is used,
 * zlib works in bounded chunks with an output budget (2.4), so a file
 * that claims or inflates to anything costs at most the limits of 2.3.
 *
 * The trailer that says where everything is comes last, so the source is
 * read to its end first (xg_spool); the game file is then inflated twice,
 * once for the checks of 2.3 and once record by record, as the spec allows
 * for a reader that does not keep it in memory.
 */
#include "games/backgammon/xg_archive.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAGIC "RGMH"

/* ------------------------------------------------------------- bytes */

static uint32_t
u32_at(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static int32_t
i32_at(const unsigned char *p)
{
	uint32_t u = u32_at(p);
	return u <= INT32_MAX ? (int32_t)u : -(int32_t)(~u) - 1;
}

/* ------------------------------------------------------------- spool */

static void
spool_init(xg_spool *sp, size_t limit)
{
	memset(sp, 0, sizeof *sp);
	sp->limit = limit;
}

static void
spool_free(xg_spool *sp)
{
	free(sp->mem);
	if (sp->file != NULL)
		fclose(sp->file);
	memset(sp, 0, sizeof *sp);
}

/* Moves what memory holds to a temporary file: -1 when none can be made. */
static int
spool_spill(xg_spool *sp)
{
	sp->file = tmpfile();
	if (sp->file == NULL)
		return -1;
	if (sp->len > 0 && fwrite(sp->mem, 1, sp->len, sp->file) != sp->len)
		return -1;
	free(sp->mem);
	sp->mem = NULL;
	sp->len = sp->cap = 0;
	return 0;
}

static int
spool_keep(xg_spool *sp, const unsigned char *p, size_t n)
{
	if (sp->file == NULL && sp->len + n > sp->limit && spool_spill(sp) != 0)
		return -1;
	if (sp->file != NULL) {
		if (fwrite(p, 1, n, sp->file) != n)
			return -1;
	} else {
		if (sp->len + n > sp->cap) {
			size_t cap = sp->cap ? sp->cap : 16384;
			while (cap < sp->len + n)
				cap *= 2;
			if (cap > sp->limit)
				cap = sp->limit;
			unsigned char *m = realloc(sp->mem, cap);
			if (m == NULL)
				return -1;
			sp->mem = m;
			sp->cap = cap;
		}
		memcpy(sp->mem + sp->len, p, n);
		sp->len += n;
	}
	sp->stored += n;
	return 0;
}

/*
 * Bytes [from, from + n) of the input arrive: the ones outside the
 * thumbnail are kept.  The thumbnail's size is in the header's bytes
 * 20 to 23; nothing reads the thumbnail, however large it says it is.
 */
static int
spool_add(xg_spool *sp, const unsigned char *p, size_t n)
{
	unsigned long long from = sp->size;
	for (size_t i = 0; i < n && from + i < sizeof sp->head; i++)
		sp->head[from + i] = p[i];
	sp->size += n;
	if (!sp->have_hole && sp->size >= sizeof sp->head) {
		sp->have_hole = 1;
		sp->hole_at = XG_HEADER_SIZE;
		sp->hole_len = u32_at(sp->head + 20);
	}
	if (!sp->have_hole)
		return spool_keep(sp, p, n);
	unsigned long long hole_end = sp->hole_at + sp->hole_len;
	size_t keep_before = from < sp->hole_at
		? (size_t)(sp->hole_at - from < n ? sp->hole_at - from : n) : 0;
	size_t skip_to = from + n <= hole_end ? n
		: from >= hole_end ? 0 : (size_t)(hole_end - from);
	if (skip_to < keep_before)
		skip_to = keep_before;
	if (keep_before > 0 && spool_keep(sp, p, keep_before) != 0)
		return -1;
	if (skip_to < n && spool_keep(sp, p + skip_to, n - skip_to) != 0)
		return -1;
	return 0;
}

/* Reads the source to its end; -1 with errno on a read error. */
static int
spool_fill(xg_spool *sp, const nt_source *src, int *read_errno)
{
	unsigned char buf[XG_CHUNK];
	for (;;) {
		errno = 0;
		long n = src->read(src->handle, buf, sizeof buf);
		if (n == 0)
			return 0;
		if (n < 0) {
			if (errno == EINTR)
				continue;
			*read_errno = errno ? errno : EIO;
			return -1;
		}
		if (spool_add(sp, buf, (size_t)n) != 0) {
			*read_errno = errno ? errno : ENOMEM;
			return -1;
		}
	}
}

/* Bytes [at, at + n) of the input, none of them in the thumbnail. */
static int
spool_get(xg_spool *sp, long long at, void *out, size_t n)
{
	unsigned long long o = (unsigned long long)at;
	if (at < 0 || o + n > sp->size)
		return -1;
	if (sp->have_hole && o >= sp->hole_at) {
		if (o < sp->hole_at + sp->hole_len)
			return -1;
		o -= sp->hole_len;
	}
	if (sp->file == NULL) {
		memcpy(out, sp->mem + o, n);
		return 0;
	}
	if (fseeko(sp->file, (off_t)o, SEEK_SET) != 0 ||
	    fread(out, 1, n, sp->file) != n)
		return -1;
	return 0;
}

/* ------------------------------------------------------------ report */

static void
at_byte(nt_binloc *b, long long offset)
{
	nt_binloc_clear(b);
	b->offset = offset;
	snprintf(b->where, sizeof b->where, "byte %lld", offset);
}

/* The container's one diagnostic (2.3); returns 1, as xg_archive_open. */
static int
container_error(xg_archive *a, bg_code code, long long offset,
                const char *fmt, ...) NT_PRINTF(4, 5);

static int
container_error(xg_archive *a, bg_code code, long long offset,
                const char *fmt, ...)
{
	nt_binloc b;
	at_byte(&b, offset);
	va_list ap;
	va_start(ap, fmt);
	nt_vemit_at(&a->run->rep, &bg_codes[code], &b, NULL, 0, 0, fmt, ap);
	va_end(ap);
	return 1;
}

/* Thousands separated by commas, as the spec's messages write sizes. */
static const char *
grouped(long long n, char *buf, size_t size)
{
	char digits[32];
	int len = snprintf(digits, sizeof digits, "%lld", n < 0 ? -n : n);
	size_t o = 0;
	if (n < 0 && o + 1 < size)
		buf[o++] = '-';
	for (int i = 0; i < len && o + 1 < size; i++) {
		if (i > 0 && (len - i) % 3 == 0 && o + 1 < size)
			buf[o++] = ',';
		if (o + 1 < size)
			buf[o++] = digits[i];
	}
	buf[o] = '\0';
	return buf;
}

/* ----------------------------------------------------------- inflate */

static void
inflater_end(xg_inflater *f)
{
	if (f->live)
		inflateEnd(&f->z);
	f->live = 0;
}

/* Starts on the STORED bytes at AT (flag 1: taken as they are). */
static int
inflater_begin(xg_inflater *f, long long at, long long stored, int as_is)
{
	inflater_end(f);
	memset(&f->z, 0, sizeof f->z);
	f->at = at;
	f->end = at + stored;
	f->ended = 0;
	f->stored_as_is = as_is;
	if (as_is)
		return 0;
	if (inflateInit(&f->z) != Z_OK)
		return -1;
	f->live = 1;
	return 0;
}

enum { INF_OK, INF_END, INF_BAD, INF_IO };

/*
 * Up to ROOM bytes of output into OUT (*GOT of them).  INF_END once the
 * stream (or the stored file) is complete; INF_BAD with WHY for data that
 * is not a valid stream or has bytes after its end; INF_IO when the input
 * cannot be read back.
 */
static int
inflater_step(xg_archive *a, xg_inflater *f, unsigned char *out, size_t room,
              size_t *got, char *why, size_t whysize)
{
	*got = 0;
	if (f->stored_as_is) {
		long long left = f->end - f->at;
		size_t n = left < (long long)room ? (size_t)left : room;
		if (n > 0 && spool_get(&a->spool, f->at, out, n) != 0)
			return INF_IO;
		f->at += (long long)n;
		*got = n;
		return f->at == f->end ? INF_END : INF_OK;
	}
	f->z.next_out = out;
	f->z.avail_out = (uInt)room;
	while (f->z.avail_out > 0) {
		if (f->z.avail_in == 0 && f->at < f->end) {
			long long left = f->end - f->at;
			size_t n = left < XG_CHUNK ? (size_t)left : XG_CHUNK;
			if (spool_get(&a->spool, f->at, f->in, n) != 0)
				return INF_IO;
			f->at += (long long)n;
			f->z.next_in = f->in;
			f->z.avail_in = (uInt)n;
		}
		int rc = inflate(&f->z, Z_NO_FLUSH);
		*got = room - f->z.avail_out;
		if (rc == Z_STREAM_END) {
			f->ended = 1;
			if (f->z.avail_in > 0 || f->at < f->end) {
				snprintf(why, whysize, "%lld byte%s follow the end of its "
				         "zlib stream", (long long)f->z.avail_in +
				         (f->end - f->at), f->z.avail_in + (f->end - f->at)
				         == 1 ? "" : "s");
				return INF_BAD;
			}
			return INF_END;
		}
		if (rc == Z_BUF_ERROR && f->z.avail_in == 0 && f->at >= f->end) {
			snprintf(why, whysize, "its zlib data ends before the stream "
			         "does");
			return INF_BAD;
		}
		if (rc != Z_OK && rc != Z_BUF_ERROR) {
			snprintf(why, whysize, "it is not valid zlib data (%s)",
			         f->z.msg != NULL ? f->z.msg : rc == Z_MEM_ERROR
			         ? "out of memory" : "corrupt stream");
			return INF_BAD;
		}
	}
	return INF_OK;
}

/*
 * 2.4: inflates the whole stream with a budget of DECLARED + 1 bytes,
 * giving every chunk to KEEP (may be NULL) and the CRC-32 and size in
 * *CRC and *SIZE.  0, INF_BAD (WHY says what), INF_IO; a stream that
 * would pass DECLARED bytes is INF_BAD at once: the rest is not inflated.
 */
static int
inflate_whole(xg_archive *a, long long at, long long stored, int as_is,
              long long declared, unsigned char *keep, unsigned long *crc,
              long long *size, char *why, size_t whysize)
{
	xg_inflater *f = &a->inf;
	unsigned char chunk[XG_CHUNK];
	*crc = crc32(0L, Z_NULL, 0);
	*size = 0;
	if (inflater_begin(f, at, stored, as_is) != 0) {
		snprintf(why, whysize, "zlib could not start (out of memory)");
		return INF_IO;
	}
	for (;;) {
		long long budget = declared + 1 - *size;
		size_t room = budget < XG_CHUNK ? (size_t)budget : XG_CHUNK;
		size_t got;
		int rc = inflater_step(a, f, chunk, room, &got, why, whysize);
		if (got > 0) {
			if (*size + (long long)got > declared) {
				snprintf(why, whysize, "it inflates to more than the %lld "
				         "bytes its size says", declared);
				rc = INF_BAD;
			} else {
				if (keep != NULL)
					memcpy(keep + *size, chunk, got);
				*crc = crc32(*crc, chunk, (uInt)got);
				*size += (long long)got;
			}
		}
		if (rc == INF_END)
			break;
		if (rc != INF_OK) {
			inflater_end(f);
			return rc;
		}
	}
	inflater_end(f);
	return 0;
}

/* ---------------------------------------------------------- registry */

static void
read_name(const unsigned char *p, char out[256])
{
	size_t n = p[0];
	memcpy(out, p + 1, n);
	out[n] = '\0';
}

/* Check 8 for every entry; fills the game file's entry.  1 on a finding. */
static int
check_registry(xg_archive *a, const unsigned char *reg, long long reg_len,
               int count, long long archive_size)
{
	long long R = a->registry_at;
	if (reg_len != (long long)count * XG_ENTRY_SIZE)
		return container_error(a, BG_CODE_XG_BAD_ARCHIVE, R, "the registry "
		                       "holds %lld bytes; %d entr%s take %d", reg_len,
		                       count, count == 1 ? "y" : "ies",
		                       count * XG_ENTRY_SIZE);
	int found = 0;
	for (int i = 0; i < count; i++) {
		const unsigned char *e = reg + (size_t)i * XG_ENTRY_SIZE;
		xg_entry en;
		read_name(e, en.name);
		en.original = i32_at(e + 512);
		en.stored = i32_at(e + 516);
		en.start = i32_at(e + 520);
		en.crc = u32_at(e + 524);
		en.flag = e[528];
		en.level = e[529];
		for (int k = 0; k < i; k++) {
			char other[256];
			read_name(reg + (size_t)k * XG_ENTRY_SIZE, other);
			if (strcmp(other, en.name) == 0) {
				char q[600];
				return container_error(a, BG_CODE_XG_BAD_ARCHIVE, R, "the "
				                       "registry names '%s' twice (entries "
				                       "%d and %d)", nt_quote(q, sizeof q,
				                       en.name, strlen(en.name)), k + 1,
				                       i + 1);
			}
		}
		if (en.original < 0 || en.stored < 0 || en.start < 0)
			return container_error(a, BG_CODE_XG_BAD_ARCHIVE, R, "registry "
			                       "entry %d gives a negative size or start "
			                       "(%lld, %lld, %lld)", i + 1, en.original,
			                       en.stored, en.start);
		if (en.start + en.stored > archive_size)
			return container_error(a, BG_CODE_XG_BAD_ARCHIVE, R, "registry "
			                       "entry %d ends at byte %lld of the archive "
			                       "data, which has %lld", i + 1,
			                       en.start + en.stored, archive_size);
		if (en.flag > 1)
			return container_error(a, BG_CODE_XG_BAD_ARCHIVE, R, "registry "
			                       "entry %d is stored with method %d; 0 "
			                       "(zlib) and 1 (as is) exist", i + 1,
			                       en.flag);
		if (en.flag == 1 && en.stored != en.original)
			return container_error(a, BG_CODE_XG_BAD_ARCHIVE, R, "registry "
			                       "entry %d is stored as is, but its sizes "
			                       "differ (%lld and %lld)", i + 1, en.stored,
			                       en.original);
		if (strcmp(en.name, "temp.xg") == 0) {
			a->game = en;
			found = 1;
		}
	}
	if (!found)
		return container_error(a, BG_CODE_XG_BAD_ARCHIVE, R, "the registry has "
		                       "no game file (temp.xg)");
	return 0;
}

/* Checks 7 and 8: the registry inflated (or stored), then its entries. */
static int
read_registry(xg_archive *a, int count, long long reg_size, int compressed,
              long long archive_size)
{
	long long R = a->registry_at;
	long long want = (long long)count * XG_ENTRY_SIZE;
	unsigned char *reg = malloc((size_t)want + 1);
	if (reg == NULL)
		return -1;
	long long len = 0;
	int rc = 0;
	if (compressed) {
		unsigned long crc;
		char why[160];
		rc = inflate_whole(a, R, reg_size, 0, want, reg, &crc, &len, why,
		                   sizeof why);
		if (rc == INF_BAD)
			rc = container_error(a, BG_CODE_XG_ZLIB, R, "the archive registry: "
			                     "%s", why);
		else if (rc == INF_IO)
			rc = -1;
	} else if (reg_size > want) {
		len = reg_size;
	} else {
		len = reg_size;
		if (spool_get(&a->spool, R, reg, (size_t)len) != 0)
			rc = -1;
	}
	if (rc == 0)
		rc = check_registry(a, reg, len, count, archive_size);
	free(reg);
	return rc;
}

/* ------------------------------------------------------- the checks */

/* The first bytes quoted as the message of check 1 shows them. */
static void
quote_magic(const unsigned char *head, unsigned long long size, char *buf,
            size_t bufsize)
{
	size_t n = size < 4 ? (size_t)size : 4;
	nt_quote(buf, bufsize, (const char *)head, n);
}

/* Checks 1 to 6: the header, the trailer and the archive's CRC-32. */
static int
check_frame(xg_archive *a, int *count, long long *reg_size, int *compressed,
            long long *archive_size)
{
	xg_spool *sp = &a->spool;
	long long F = a->file_size;
	if (F < 4 || memcmp(sp->head, MAGIC, 4) != 0) {
		char q[32];
		quote_magic(sp->head, sp->size, q, sizeof q);
		return container_error(a, BG_CODE_XG_BAD_MAGIC, 0, "the file starts "
		                       "with '%s', not 'RGMH': not an eXtreme Gammon "
		                       "file", q);
	}
	if (F < XG_HEADER_SIZE + XG_TRAILER_SIZE) {
		char n[32];
		return container_error(a, BG_CODE_XG_TRUNCATED, F, "the file has %s "
		                       "bytes; an XG file has at least %d",
		                       grouped(F, n, sizeof n),
		                       XG_HEADER_SIZE + XG_TRAILER_SIZE);
	}
	uint32_t header_size = u32_at(sp->head + 8);
	if (header_size != XG_HEADER_SIZE)
		return container_error(a, BG_CODE_XG_BAD_ARCHIVE, 8, "the header says "
		                       "it has %lu bytes; an XG header has %d",
		                       (unsigned long)header_size, XG_HEADER_SIZE);
	long long thumb = u32_at(sp->head + 20);
	long long data_at = XG_HEADER_SIZE + thumb;
	if (data_at > F - XG_TRAILER_SIZE)
		return container_error(a, BG_CODE_XG_TRUNCATED, 20, "the thumbnail "
		                       "would end at byte %lld, past the file's %lld "
		                       "bytes before its trailer", data_at,
		                       F - XG_TRAILER_SIZE);
	unsigned char t[XG_TRAILER_SIZE];
	if (spool_get(sp, F - XG_TRAILER_SIZE, t, sizeof t) != 0)
		return -1;
	uint32_t crc_want = u32_at(t);
	int32_t files = i32_at(t + 4);
	long long rsize = i32_at(t + 12), asize = i32_at(t + 16);
	uint32_t rcomp = u32_at(t + 20);
	long long T = F - XG_TRAILER_SIZE;
	if (files < 1 || files > XG_MAX_FILES)
		return container_error(a, BG_CODE_XG_BAD_ARCHIVE, T, "the trailer "
		                       "counts %ld archived files; 1 to %d are read",
		                       (long)files, XG_MAX_FILES);
	if (rsize < 1 || asize < 0)
		return container_error(a, BG_CODE_XG_BAD_ARCHIVE, T, "the trailer "
		                       "gives the registry %lld bytes and the archive "
		                       "data %lld", rsize, asize);
	if (rcomp > 1)
		return container_error(a, BG_CODE_XG_BAD_ARCHIVE, T, "the trailer "
		                       "says the registry is compressed with method "
		                       "%lu; 0 and 1 exist", (unsigned long)rcomp);
	a->registry_at = T - rsize;
	a->archive_at = a->registry_at - asize;
	if (a->archive_at != data_at)
		return container_error(a, BG_CODE_XG_BAD_ARCHIVE, T, "the trailer "
		                       "places the archive data at byte %lld, but "
		                       "header and thumbnail end at byte %lld",
		                       a->archive_at, data_at);
	/* The CRC-32 of archive data and registry, read back in chunks. */
	unsigned long crc = crc32(0L, Z_NULL, 0);
	unsigned char chunk[XG_CHUNK];
	for (long long at = a->archive_at; at < T;) {
		size_t n = T - at < XG_CHUNK ? (size_t)(T - at) : XG_CHUNK;
		if (spool_get(sp, at, chunk, n) != 0)
			return -1;
		crc = crc32(crc, chunk, (uInt)n);
		at += (long long)n;
	}
	if (crc != crc_want)
		return container_error(a, BG_CODE_XG_CRC, T, "archive CRC-32 is "
		                       "0x%08lx, the trailer says 0x%08lx: the file "
		                       "is corrupt", crc, (unsigned long)crc_want);
	*count = files;
	*reg_size = rsize;
	*compressed = (int)rcomp;
	*archive_size = asize;
	return 0;
}

/* Checks 9 to 12: the game file's size, stream, CRC-32 and records. */
static int
check_game_file(xg_archive *a)
{
	xg_entry *g = &a->game;
	long long at = a->archive_at + g->start;
	char n1[32], n2[32];
	if (g->original > XG_GAME_FILE_MAX)
		return container_error(a, BG_CODE_XG_TOO_LARGE, at, "the game file "
		                       "would inflate to %s bytes; the limit is %s",
		                       grouped(g->original, n1, sizeof n1),
		                       grouped(XG_GAME_FILE_MAX, n2, sizeof n2));
	unsigned long crc;
	long long size;
	char why[200];
	int rc = inflate_whole(a, at, g->stored, g->flag == 1, g->original, NULL,
	                       &crc, &size, why, sizeof why);
	if (rc == INF_IO)
		return -1;
	if (rc == INF_BAD)
		return container_error(a, BG_CODE_XG_ZLIB, at, "the game file: %s",
		                       why);
	if (size != g->original)
		return container_error(a, BG_CODE_XG_ZLIB, at, "the game file inflates "
		                       "to %s bytes; its entry says %s",
		                       grouped(size, n1, sizeof n1),
		                       grouped(g->original, n2, sizeof n2));
	if (crc != g->crc)
		return container_error(a, BG_CODE_XG_CRC, at, "the game file's CRC-32 "
		                       "is 0x%08lx, its entry says 0x%08lx: the file "
		                       "is corrupt", crc, g->crc);
	if (size == 0 || size % XG_RECORD_SIZE != 0)
		return container_error(a, BG_CODE_XG_TRUNCATED, at, "the game file has "
		                       "%s bytes, not a whole number of %d-byte "
		                       "records", grouped(size, n1, sizeof n1),
		                       XG_RECORD_SIZE);
	a->records = (long)(size / XG_RECORD_SIZE);
	return 0;
}

int
xg_archive_open(xg_archive *a, nt_run *run, int name_says_xgp)
{
	memset(a, 0, sizeof *a);
	a->run = run;
	size_t limit = run->opts->buffer_size ? run->opts->buffer_size
	                                      : XG_SPOOL_MEMORY;
	spool_init(&a->spool, limit);
	if (spool_fill(&a->spool, run->src, &a->read_errno) != 0)
		return -1;
	a->file_size = (long long)a->spool.size;
	if (name_says_xgp && a->file_size >= 4 &&
	    memcmp(a->spool.head, MAGIC, 4) == 0)
		return container_error(a, BG_CODE_XG_UNSUPPORTED, 0, "an eXtreme Gammon "
		                       "position file (.xgp) holds one position, not "
		                       "a match: notate reads match files (.xg)");
	int count, compressed;
	long long reg_size, archive_size;
	int rc = check_frame(a, &count, &reg_size, &compressed, &archive_size);
	if (rc == 0)
		rc = read_registry(a, count, reg_size, compressed, archive_size);
	if (rc == 0)
		rc = check_game_file(a);
	if (rc == 0 && inflater_begin(&a->inf, a->archive_at + a->game.start,
	                              a->game.stored, a->game.flag == 1) != 0)
		rc = -1;
	if (rc < 0 && a->read_errno == 0)
		a->read_errno = errno ? errno : EIO;
	return rc;
}

int
xg_archive_record(xg_archive *a, unsigned char *rec)
{
	size_t have = 0;
	char why[200];
	while (have < XG_RECORD_SIZE) {
		if (a->inf.ended || (a->inf.stored_as_is && a->inf.at == a->inf.end))
			break;
		size_t got;
		int rc = inflater_step(a, &a->inf, rec + have, XG_RECORD_SIZE - have,
		                       &got, why, sizeof why);
		have += got;
		if (rc == INF_END)
			break;
		/* The stream passed every check once: a second reading that
		   differs means the input changed or could not be read back. */
		if (rc != INF_OK) {
			a->read_errno = EIO;
			return -1;
		}
	}
	if (have == 0)
		return 0;
	if (have < XG_RECORD_SIZE) {
		a->read_errno = EIO;
		return -1;
	}
	return 1;
}

void
xg_archive_close(xg_archive *a)
{
	inflater_end(&a->inf);
	spool_free(&a->spool);
}
