/*
 * A tiny writer of eXtreme Gammon files for the tests (backgammon-xg
 * sections 2 to 4): game-file records built field by field, a match
 * played into them with the positions and cubes XG would store, and the
 * container around them (header, thumbnail, zlib streams, registry and
 * trailer, with correct CRC-32s).  Every byte can be set afterwards, so
 * each field and each corrupt case can be made.
 */
#ifndef NT_TEST_XG_BUILD_H
#define NT_TEST_XG_BUILD_H

#include <stddef.h>

#define XGB_RECORD 2560
#define XGB_ENTRY 532
#define XGB_MAX_ENTRIES 16

/* Little-endian fields. */
void xgb_put_i32(unsigned char *p, long v);
void xgb_put_u32(unsigned char *p, unsigned long v);
long xgb_get_i32(const unsigned char *p);
/* ASCII TEXT as a wide string (UTF-16LE) of at most UNITS units. */
void xgb_put_wide(unsigned char *p, const char *text, size_t units);

/* ------------------------------------------------------------ records */

typedef struct xgb_records {
	unsigned char *data;
	size_t n, cap;
} xgb_records;

void xgb_records_free(xgb_records *r);
/* Appends a record of TYPE (all other bytes zero); returns its number. */
size_t xgb_add(xgb_records *r, int type);
unsigned char *xgb_rec(xgb_records *r, size_t i);

/* --------------------------------------------------- a match played */

/*
 * A match written as XG writes it: record 0, then for each game a game
 * header, cube and move records with the stored positions and cubes, and
 * a footer.  Sides: 0 the left player (XG's player 1, Actif 1), 1 the
 * right one.  The builder keeps the position (in each side's numbering)
 * and the cube.
 */
typedef struct xgb_match {
	xgb_records rec;
	int n[2][26];              /* checkers: n[side][point], 25 bar, 0 off */
	int cube;                  /* XG's code: 0 centre, +k left owns 2^k, -k right */
	int version;
} xgb_match;

/* Record 0: LENGTH (0 money), version 32, names; CubeLimit 10. */
void xgb_match_begin(xgb_match *m, long length, const char *left,
                     const char *right);
void xgb_match_free(xgb_match *m);
/* A game header: the scores before it, its number and CrawfordApply. */
size_t xgb_game(xgb_match *m, long left, long right, long number,
                int crawford);
/* A cube record of SIDE: DOUBLE (1 offered, 0 not, ...) and TAKE. */
size_t xgb_cube(xgb_match *m, int side, int dbl, int take);
/*
 * A move record of SIDE rolling D1-D2 and playing HOPS, one pair a path
 * in the mover's numbering ("8/5 6/5", "bar/22 13/off"; a path of three points, 13 to 11 with
 * a star, then 5, is one pair from 13 to 5 hitting on 11; "" for no play): the checkers
 * move, a lone opposing checker where a path ends goes to the bar.
 * PLAYED 0: rolled, nothing played (Played = 0, PositionEnd zeros).
 */
size_t xgb_move(xgb_match *m, int side, int d1, int d2, const char *hops,
                int played);
/* A game footer: WINNER's side and the points. */
size_t xgb_footer(xgb_match *m, int winner, long points);
size_t xgb_match_footer(xgb_match *m);

/* ------------------------------------------------------- the container */

typedef struct xgb_archive {
	unsigned char *data;       /* archive data: streams back to back */
	size_t len, cap;
	unsigned char reg[XGB_MAX_ENTRIES * XGB_ENTRY];
	int count;
	unsigned long thumbnail;   /* its bytes (arbitrary) */
	int registry_stored;       /* RegistryCompressed 0 */
	int fast;                  /* zlib level 1, not 6 (the fuzz targets) */
} xgb_archive;

void xgb_archive_init(xgb_archive *a);
void xgb_archive_free(xgb_archive *a);
/* Adds a file (a zlib stream, or AS_IS); returns its entry's index. */
int xgb_archive_add(xgb_archive *a, const char *name, const void *bytes,
                    size_t len, int as_is);
/* Bytes appended to the archive data as they are (after the last file). */
void xgb_archive_raw(xgb_archive *a, const void *bytes, size_t len);
/* Entry I of the registry (XGB_ENTRY bytes), to change before building. */
unsigned char *xgb_entry(xgb_archive *a, int i);
/* The whole file (malloc'd, *LEN bytes), its CRC-32s right. */
unsigned char *xgb_archive_file(const xgb_archive *a, size_t *len);
/* After bytes of FILE were changed: the trailer's CRC-32 made right. */
void xgb_fix_crc(unsigned char *file, size_t len);

/* The usual container of RECORDS: temp.xg and temp.xgi (malloc'd). */
unsigned char *xgb_file(const xgb_records *records, size_t *len);
/* The same, compressed at zlib's fastest level: deflate at level 6 was
 * three quarters of each execution of the XG fuzz target. */
unsigned char *xgb_file_fast(const xgb_records *records, size_t *len);

#endif
