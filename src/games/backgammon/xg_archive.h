/*
 * The container of an eXtreme Gammon match file (backgammon-xg section 2):
 * its checks (2.3) and the game file inside it, read record by record.
 *
 * An XG file is binary, so this reader and the record reader beside it
 * (read_xg.c) are written by hand: they are the one place in notate where
 * re2c and bison do not apply.
 */
#ifndef NT_BG_XG_ARCHIVE_H
#define NT_BG_XG_ARCHIVE_H

#include <stdio.h>

/* The WebAssembly build has no zlib: it links src/wasm/xg_archive_none.c
   instead of xg_archive.c, and these structures only have to exist. */
#ifdef __wasi__
typedef struct xg_zstream {
	int unused;
} xg_zstream;
#else
#include <zlib.h>
typedef z_stream xg_zstream;
#endif

#include "core/game.h"
#include "games/backgammon/codes.h"

#define XG_HEADER_SIZE 8232          /* the RichGameHeader */
#define XG_TRAILER_SIZE 36
#define XG_ENTRY_SIZE 532            /* one registry entry */
#define XG_MAX_FILES 16
#define XG_RECORD_SIZE 2560          /* one record of the game file */
/* The largest game file inflated (check 9): 128 MiB, 52,428 records. */
#define XG_GAME_FILE_MAX 134217728LL
#define XG_CHUNK 16384               /* bytes read or inflated at a time */
/* Input kept in memory before the rest goes to a temporary file. */
#define XG_SPOOL_MEMORY (1024 * 1024)

/*
 * The input, read to its end (the trailer that says where everything is
 * comes last): in memory up to a bound, then in a temporary file.  The
 * thumbnail (HOLE) is only counted: nothing reads it.
 */
typedef struct xg_spool {
	unsigned char *mem;
	size_t len, cap, limit;
	FILE *file;                 /* NULL until the memory bound is passed */
	unsigned long long stored;  /* bytes kept */
	unsigned long long size;    /* bytes of the input */
	unsigned long long hole_at, hole_len;
	unsigned char head[24];     /* the header's first bytes, as they come */
	int have_hole;
} xg_spool;

/* One archived file as the registry gives it. */
typedef struct xg_entry {
	char name[256];
	long long original, stored, start;
	unsigned long crc;
	int flag;                   /* 0 a zlib stream, 1 stored as is */
	int level;
} xg_entry;

/* An inflation in progress of the stored bytes [at, end) of the input. */
typedef struct xg_inflater {
	xg_zstream z;
	int live;                   /* inflateInit succeeded */
	int stored_as_is;           /* flag 1: the bytes are the file */
	int ended;                  /* the stream's end was reached */
	long long at, end;          /* input still to give zlib */
	unsigned char in[XG_CHUNK];
} xg_inflater;

typedef struct xg_archive {
	nt_run *run;
	xg_spool spool;
	long long file_size;
	long long archive_at;       /* A */
	long long registry_at;      /* R */
	xg_entry game;              /* temp.xg */
	long records;
	xg_inflater inf;            /* the game file, read record by record */
	int read_errno;
} xg_archive;

/*
 * Reads the whole source and checks the container in the order of 2.3;
 * NAME_SAYS_XGP: the input is named *.xgp (a position file).  Returns 0
 * when the game file can be read, 1 when the container got its diagnostic
 * (nothing more is to be read), -1 when the input could not be read.
 */
int xg_archive_open(xg_archive *a, nt_run *run, int name_says_xgp);
/* The next record into REC (XG_RECORD_SIZE bytes): 1, 0 after the last,
   -1 when the input could not be read again. */
int xg_archive_record(xg_archive *a, unsigned char *rec);
void xg_archive_close(xg_archive *a);

#endif
