/*
 * The records of an eXtreme Gammon match file (backgammon-xg sections 3 to
 * 5), read one 2560-byte record at a time from the game file the archive
 * inflates (xg_archive.c), decoded field by field in the order of the
 * spec's tables, and handed to the replay as the header, games and cells
 * of the record model.
 *
 * XG files are binary: this reader is written by hand, the one place in
 * notate (with xg_archive.c) where re2c and bison do not apply.  Every
 * field is range-checked before it is used; a record that fails is a
 * diagnostic, never trusted.
 */
#include "games/backgammon/read_xg.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/backgammon/xg_archive.h"

#define T_MATCH 0
#define T_GAME 1
#define T_CUBE 2
#define T_MOVE 3
#define T_GAME_END 4
#define T_MATCH_END 5

#define TEXT_MAX 1024           /* a header string as UTF-8, cleaned */
#define CONTEXT_MAX (2 * TEXT_MAX + 96)

/* Where reading stands between records (the order of section 3). */
enum xg_state {
	XG_OUTSIDE,             /* after the match header, before any game */
	XG_IN_GAME,             /* a game header read, no footer yet */
	XG_AFTER_GAME,          /* after a game's footer */
	XG_SKIP,                /* to the next game header */
	XG_AFTER_MATCH,         /* after the match footer */
	XG_STOPPED              /* a record came after it: nothing more is read */
};

typedef void (*echo_fn)(void *ctx, const char *text, size_t len, int last);

typedef struct xg_reader {
	nt_run *run;
	bg_replay *rp;
	echo_fn echo;
	void *echo_ctx;
	xg_archive ar;
	unsigned char rec[XG_RECORD_SIZE];
	long record;            /* the number of the record in rec */

	/* The match header. */
	int version;
	long length;
	char name[2][TEXT_MAX];
	size_t name_len[2];

	int state;              /* enum xg_state */
	long games;             /* game headers read */
	long game_no;           /* the game's GameNumber (G of 6.2) */
	long finished_no;       /* the last game that had a footer; 0: none */
	long row;               /* rows so far in the mat conversion (4.1) */
	int row_open;
	int held;               /* a roll left unplayed waits (5.2) */
	bg_cell held_cell;
	bg_cell cell;
	char context[CONTEXT_MAX];   /* the game header as notate writes it */
} xg_reader;

/* ------------------------------------------------------------- fields */

static uint32_t
u32(const unsigned char *r, size_t off)
{
	const unsigned char *p = r + off;
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static long
i32(const unsigned char *r, size_t off)
{
	uint32_t u = u32(r, off);
	return u <= INT32_MAX ? (long)u : (long)u - 4294967296L;
}

static double
f64(const unsigned char *r, size_t off)
{
	uint64_t u = 0;
	for (int i = 7; i >= 0; i--)
		u = u << 8 | r[off + (size_t)i];
	double d;
	memcpy(&d, &u, sizeof d);
	return d;
}

/* Appends code point CP to OUT as UTF-8 (room permitting). */
static void
put_utf8(char *out, size_t size, size_t *n, unsigned long cp)
{
	char b[4];
	size_t k;
	if (cp < 0x80) {
		b[0] = (char)cp;
		k = 1;
	} else if (cp < 0x800) {
		b[0] = (char)(0xC0 | cp >> 6);
		b[1] = (char)(0x80 | (cp & 0x3F));
		k = 2;
	} else if (cp < 0x10000) {
		b[0] = (char)(0xE0 | cp >> 12);
		b[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		b[2] = (char)(0x80 | (cp & 0x3F));
		k = 3;
	} else {
		b[0] = (char)(0xF0 | cp >> 18);
		b[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		b[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
		b[3] = (char)(0x80 | (cp & 0x3F));
		k = 4;
	}
	if (*n + k < size) {
		memcpy(out + *n, b, k);
		*n += k;
	}
}

/* A wide string of UNITS UTF-16LE units at OFF, to UTF-8 (section 0). */
static size_t
wide_string(const unsigned char *r, size_t off, size_t units, char *out,
            size_t size)
{
	size_t n = 0;
	for (size_t i = 0; i < units; i++) {
		unsigned long u = r[off + 2 * i] | (unsigned long)r[off + 2 * i + 1] << 8;
		if (u == 0)
			break;
		if (u >= 0xD800 && u <= 0xDBFF && i + 1 < units) {
			unsigned long v = r[off + 2 * i + 2] |
			                  (unsigned long)r[off + 2 * i + 3] << 8;
			if (v >= 0xDC00 && v <= 0xDFFF) {
				put_utf8(out, size, &n, 0x10000 + ((u - 0xD800) << 10) +
				         (v - 0xDC00));
				i++;
				continue;
			}
		}
		if (u >= 0xD800 && u <= 0xDFFF)
			u = 0xFFFD;
		put_utf8(out, size, &n, u);
	}
	out[n] = '\0';
	return n;
}

/* Windows-1252's 0x80 to 0x9F; 0 where it has no character. */
static const unsigned short cp1252_high[32] = {
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178
};

/* An ANSI string[CAP] at OFF: a length byte, then Windows-1252 text. */
static size_t
ansi_string(const unsigned char *r, size_t off, size_t cap, char *out,
            size_t size)
{
	size_t len = r[off] < cap ? r[off] : cap, n = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = r[off + 1 + i];
		unsigned long cp = c;
		if (c >= 0x80 && c < 0xA0)
			cp = cp1252_high[c - 0x80] ? cp1252_high[c - 0x80] : 0xFFFD;
		put_utf8(out, size, &n, cp);
	}
	out[n] = '\0';
	return n;
}

/*
 * Cleans TEXT in place (5.1): control characters and DEL become spaces,
 * runs of spaces one, no space at either end; NAME: ':' becomes '_'.
 */
static size_t
clean(char *text, int name)
{
	size_t o = 0;
	for (size_t i = 0; text[i] != '\0'; i++) {
		char c = text[i];
		if ((unsigned char)c < 0x20 || c == 0x7F)
			c = ' ';
		if (name && c == ':')
			c = '_';
		if (c == ' ' && (o == 0 || text[o - 1] == ' '))
			continue;
		text[o++] = c;
	}
	while (o > 0 && text[o - 1] == ' ')
		o--;
	text[o] = '\0';
	return o;
}

/* --------------------------------------------------------- places */

static void
place(nt_binloc *b, long record)
{
	nt_binloc_clear(b);
	b->record = record;
}

/* "record N", "record N (game G)", "(game G, row R)", "(game G, result)". */
static void
at_record(nt_binloc *b, long record, long game, long row)
{
	place(b, record);
	if (game < 1) {
		snprintf(b->where, sizeof b->where, "record %ld", record);
		return;
	}
	b->game = game;
	if (row < 0)
		snprintf(b->where, sizeof b->where, "record %ld (game %ld)", record,
		         game);
	else if (row == 0)
		snprintf(b->where, sizeof b->where, "record %ld (game %ld, result)",
		         record, game);
	else {
		b->row = row;
		snprintf(b->where, sizeof b->where, "record %ld (game %ld, row %ld)",
		         record, game, row);
	}
}

static void
at_outside(xg_reader *x, nt_binloc *b)
{
	place(b, x->record);
	if (x->finished_no >= 1)
		snprintf(b->where, sizeof b->where, "record %ld (after game %ld)",
		         x->record, x->finished_no);
	else
		snprintf(b->where, sizeof b->where, "record %ld", x->record);
}

/* A record error at B. */
static void
record_error(xg_reader *x, bg_code code, const nt_binloc *b,
             const char *fmt, ...) NT_PRINTF(4, 5);

static void
record_error(xg_reader *x, bg_code code, const nt_binloc *b,
             const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	nt_vemit_at(&x->run->rep, &bg_codes[code], b, NULL, x->games, 0, fmt,
	            ap);
	va_end(ap);
}

/* What a record found wrong: its code and message, reported by the caller
   where the record stands. */
typedef struct fault {
	bg_code code;
	char message[NT_MSG_MAX];
} fault;

static int
set_fault(fault *f, bg_code code, const char *fmt, ...) NT_PRINTF(3, 4);

static int
set_fault(fault *f, bg_code code, const char *fmt, ...)
{
	f->code = code;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f->message, sizeof f->message, fmt, ap);
	va_end(ap);
	return -1;
}

#define BAD BG_CODE_XG_BAD_RECORD
#define UNSUPPORTED BG_CODE_XG_UNSUPPORTED

static const char *
type_name(int t)
{
	static const char *const names[] = {
		"match header", "game header", "cube", "move", "game footer",
		"match footer", "comment", "missing"
	};
	return t >= 0 && t <= 7 ? names[t] : "unknown";
}

/* ---------------------------------------------------- the match header */

/* The header lines of 5.1, each as a comment line of a text header. */
static void
header_line(xg_reader *x, const char *key, const char *value)
{
	char line[TEXT_MAX + 64];
	int n = snprintf(line, sizeof line, "; [%s \"%s\"]", key, value);
	size_t len = n < 0 ? 0 : (size_t)n < sizeof line ? (size_t)n
	                                                 : sizeof line - 1;
	bg_replay_tag(x->rp, line, len);
	if (x->echo != NULL)
		x->echo(x->echo_ctx, line, len, 1);
}

static void
text_line(xg_reader *x, const char *key, char *value)
{
	if (clean(value, 0) > 0)
		header_line(x, key, value);
}

/* Days since 0000-03-01 to a date (the proleptic Gregorian calendar). */
static void
civil(long long days, long *y, int *m, int *d)
{
	long long era = (days >= 0 ? days : days - 146096) / 146097;
	long long doe = days - era * 146097;
	long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	long long mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = (long)(yoe + era * 400 + (*m <= 2));
}

/* EventDate and EventTime from a Delphi TDateTime (days since 1899-12-30). */
static void
date_lines(xg_reader *x, double date)
{
	if (!(date >= 1.0 && date < 2958466.0))
		return;
	/* Positive: truncating is flooring, and + 0.5 rounds (no libm). */
	long long day = (long long)date;
	long long ms = (long long)((date - (double)day) * 86400000.0 + 0.5);
	if (ms >= 86400000LL) {
		ms -= 86400000LL;
		day++;
	}
	if (day >= 2958466LL)
		return;
	/* 1899-12-30 is day 693899 after 0000-03-01. */
	long y;
	int m, d;
	civil(day + 693899LL, &y, &m, &d);
	char v[32];
	snprintf(v, sizeof v, "%04ld.%02d.%02d", y, m, d);
	header_line(x, "EventDate", v);
	snprintf(v, sizeof v, "%02lld.%02lld", ms / 3600000LL,
	         ms / 60000LL % 60);
	header_line(x, "EventTime", v);
}

static int
flag_ok(const unsigned char *r, size_t off)
{
	return r[off] <= 1;
}

/* Record 0 (4.1): checked whole, then given out as the header. */
static int
match_header(xg_reader *x, fault *f)
{
	const unsigned char *r = x->rec;
	if (memcmp(r + 556, "DMLI", 4) != 0) {
		char q[32];
		return set_fault(f, BG_CODE_XG_BAD_MAGIC, "the match header has '%s' "
		                 "where 'DMLI' belongs: not an eXtreme Gammon match",
		                 nt_quote(q, sizeof q, (const char *)r + 556, 4));
	}
	long version = i32(r, 552);
	if (version < 1 || version > 40)
		return set_fault(f, UNSUPPORTED, "match header: file version %ld; "
		                 "notate reads versions 1 to 40, as eXtreme Gammon 2 "
		                 "does", version);
	x->version = (int)version;
	long length = i32(r, 92);
	if (length < 0 || (length > 255 && length != 99999))
		return set_fault(f, BAD, "match header: match length %ld; a match "
		                 "is 1 to 255 points, a money session 0 or 99999",
		                 length);
	x->length = length == 99999 ? 0 : length;
	long variation = i32(r, 96);
	static const char *const variants[] = { "", "Nackgammon", "Hypergammon",
	                                        "Longgammon" };
	if (variation >= 1 && variation <= 3)
		return set_fault(f, UNSUPPORTED, "match header: the match is %s; "
		                 "notate replays standard backgammon only",
		                 variants[variation]);
	if (variation != 0)
		return set_fault(f, BAD, "match header: variation %ld; 0 to 3 exist",
		                 variation);
	static const char *const flags[] = { "Crawford", "Jacoby", "Beaver",
	                                     "AutoDouble" };
	for (int i = 0; i < 4; i++)
		if (!flag_ok(r, 100 + (size_t)i))
			return set_fault(f, BAD, "match header: %s is %d; it is 0 or 1",
			                 flags[i], r[100 + i]);
	if (version >= 8) {
		long limit = i32(r, 612);
		if (limit < 0 || limit > 30)
			return set_fault(f, BAD, "match header: cube limit %ld; it is 0 "
			                 "to 30 (the largest cube is 2 to that power)",
			                 limit);
	}
	return 0;
}

/* Gives out the header of a match header that passed its checks (5.1). */
static void
give_header(xg_reader *x)
{
	const unsigned char *r = x->rec;
	char text[TEXT_MAX];
	int wide = x->version >= 24;
	for (int s = 0; s < 2; s++) {
		if (wide)
			wide_string(r, s == 0 ? 880 : 1138, 129, x->name[s], TEXT_MAX);
		else
			ansi_string(r, s == 0 ? 9 : 50, 40, x->name[s], TEXT_MAX);
		x->name_len[s] = clean(x->name[s], 1);
		if (x->name_len[s] == 0)
			x->name_len[s] = (size_t)snprintf(x->name[s], TEXT_MAX,
			                                  "Player %d", s + 1);
	}
	static const struct { const char *key; size_t wide, ansi; } strings[] = {
		{ "Site", 1396, 283 }, { "Event", 622, 136 }, { "Round", 1654, 417 }
	};
	for (int i = 0; i < 3; i++) {
		if (wide)
			wide_string(r, strings[i].wide, 129, text, sizeof text);
		else
			ansi_string(r, strings[i].ansi, 128, text, sizeof text);
		text_line(x, strings[i].key, text);
	}
	date_lines(x, f64(r, 128));
	header_line(x, "Variation", "Backgammon");
	if (x->length > 0) {
		header_line(x, "Crawford", r[100] ? "On" : "Off");
	} else {
		header_line(x, "Jacoby", r[101] ? "On" : "Off");
		header_line(x, "Beaver", r[102] ? "On" : "Off");
	}
	long limit = x->version >= 8 ? i32(r, 612) : 0;
	if (limit >= 1) {
		char v[24];
		snprintf(v, sizeof v, "%ld", 1L << limit);
		header_line(x, "CubeLimit", v);
	}
	if (x->version >= 30) {
		wide_string(r, 1960, 129, text, sizeof text);
		text_line(x, "Transcriber", text);
	}
	if (x->echo != NULL)
		x->echo(x->echo_ctx, "", 0, 1);
	bg_replay_match(x->rp, x->length);
}

/* ---------------------------------------------------------- cells */

/* The row a cell of SIDE gets in the mat conversion (4.1, 4.2 there);
   0 for a result written on a line of its own. */
static long
next_row(xg_reader *x, int side, int result)
{
	if (result) {
		long row = side == 1 && x->row_open ? x->row : 0;
		x->row_open = 0;
		return row;
	}
	if (side == 0) {
		x->row++;
		x->row_open = 1;
		return x->row;
	}
	if (!x->row_open)
		x->row++;
	x->row_open = 0;
	return x->row;
}

/* A fresh cell of KIND by SIDE, placed at the record being read. */
static bg_cell *
new_cell(xg_reader *x, int kind, int side, const char *fmt, ...)
	NT_PRINTF(4, 5);

static bg_cell *
new_cell(xg_reader *x, int kind, int side, const char *fmt, ...)
{
	bg_cell *c = &x->cell;
	memset(c, 0, sizeof *c);
	c->kind = kind;
	c->side = side;
	c->value = -1;
	c->play = BG_PLAY_NOTHING;
	int result = kind == BG_CELL_WIN || kind == BG_CELL_LOSS;
	long row = next_row(x, side, result);
	at_record(&c->bin, x->record, x->game_no, row);
	/* A binary cell is located by its place; its line is its row in the
	   mat conversion, so that what counts rows by numbered lines (show
	   --row) counts these rows.  A result on a line of its own belongs to
	   the row before it, as an unnumbered result line does. */
	c->numbered = row > 0;
	c->loc.line = c->end.line = (unsigned long)row;
	c->loc.col = c->end.col = 1;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(c->text, sizeof c->text, fmt, ap);
	va_end(ap);
	c->text_len = n < 0 ? 0 : (size_t)n < sizeof c->text ? (size_t)n
	                                                     : sizeof c->text - 1;
	return c;
}

/* The roll left unplayed that waits, handed over: a cell follows it. */
static void
release_held(xg_reader *x)
{
	if (!x->held)
		return;
	x->held = 0;
	bg_replay_cell(x->rp, &x->held_cell);
}

static void
give(xg_reader *x, const bg_cell *c)
{
	release_held(x);
	bg_replay_cell(x->rp, c);
}

/* ------------------------------------------------------------ games */

static void
game_over(xg_reader *x, int broken)
{
	/* A roll left unplayed as the last cell of a game without a footer:
	   XG saved the game after the roll (5.2). */
	x->held = 0;
	bg_replay_game_end(x->rp, broken);
	x->state = XG_SKIP;
}

/* A record of the game being read is wrong: the game is broken (6.1). */
static void
game_broken(xg_reader *x, const fault *f)
{
	release_held(x);
	bg_replay_flush(x->rp);
	nt_binloc b;
	at_record(&b, x->record, x->game_no, -1);
	record_error(x, f->code, &b, "%s", f->message);
	game_over(x, 1);
}

/* A record out of place or wrong outside a game: reported, then on to the
   next game header (6.1). */
static void
outside_error(xg_reader *x, const fault *f)
{
	nt_binloc b;
	at_outside(x, &b);
	record_error(x, f->code, &b, "%s", f->message);
	x->state = x->state == XG_AFTER_MATCH ? XG_AFTER_MATCH : XG_SKIP;
}

static const signed char *
position(const unsigned char *r, size_t off)
{
	return (const signed char *)(r + off);
}

/* The starting position seen by the left player, as PosInit holds it. */
static void
start_view(signed char v[26])
{
	static const signed char start[26] = {
		0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5,
		5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0
	};
	memcpy(v, start, 26);
}

static int
game_header(xg_reader *x, fault *f, long score[2], int *crawford)
{
	const unsigned char *r = x->rec;
	score[0] = i32(r, 12);
	score[1] = i32(r, 16);
	for (int s = 0; s < 2; s++)
		if (score[s] < 0)
			return set_fault(f, BAD, "game header: the score of %s is %ld",
			                 x->name[s], score[s]);
	if (!flag_ok(r, 20))
		return set_fault(f, BAD, "game header: CrawfordApply is %d; it is 0 "
		                 "or 1", r[20]);
	*crawford = r[20];
	signed char start[26], zero[26];
	start_view(start);
	memset(zero, 0, sizeof zero);
	if (memcmp(r + 21, start, 26) != 0 && memcmp(r + 21, zero, 26) != 0)
		return set_fault(f, UNSUPPORTED, "game %ld starts from a set-up "
		                 "position, not the starting position", i32(r, 48));
	if (i32(r, 48) < 1)
		return set_fault(f, BAD, "game header: game number %ld; games are "
		                 "numbered from 1", i32(r, 48));
	if (!flag_ok(r, 52))
		return set_fault(f, BAD, "game header: InProgress is %d; it is 0 or "
		                 "1", r[52]);
	if (x->version >= 26 && i32(r, 64) != 0)
		return set_fault(f, UNSUPPORTED, "game %ld starts with %ld automatic "
		                 "double%s: the cube would not start at 1", i32(r, 48),
		                 i32(r, 64), i32(r, 64) == 1 ? "" : "s");
	return 0;
}

/* The game header as notate writes it, for --context. */
static void
game_context(xg_reader *x, long number, const long score[2])
{
	snprintf(x->context, sizeof x->context, " Game %ld\n %s : %ld    %s : %ld",
	         number, x->name[0], score[0], x->name[1], score[1]);
}

static void
start_game(xg_reader *x)
{
	if (x->state == XG_IN_GAME)
		game_over(x, 0);
	x->games++;
	x->game_no = i32(x->rec, 48);
	x->finished_no = 0;
	x->row = 0;
	x->row_open = 0;
	x->held = 0;
	nt_loc none = { 0, 0 };
	nt_binloc b;
	at_record(&b, x->record, x->game_no, -1);
	bg_replay_game_begin(x->rp, none);
	long score[2];
	int crawford = 0;
	fault f;
	if (game_header(x, &f, score, &crawford) != 0) {
		bg_replay_game_place(x->rp, &b, NULL);
		x->state = XG_IN_GAME;
		game_broken(x, &f);
		return;
	}
	game_context(x, x->game_no, score);
	bg_replay_game_place(x->rp, &b, x->context);
	bg_replay_game_line(x->rp, x->game_no, none, none);
	const char *names[2] = { x->name[0], x->name[1] };
	bg_replay_score_line(x->rp, names, x->name_len, score, none, none);
	bg_xg_check_crawford(x->rp, crawford);
	x->state = XG_IN_GAME;
}

/* ------------------------------------------------------------- cube */

static int
side_of(long actif)
{
	return actif == 1 ? 0 : 1;
}

static long
cube_value(long code)
{
	long n = code < 0 ? -code : code;
	return n > 30 ? 1L << 30 : 1L << n;
}

static int
cube_record(xg_reader *x, fault *f)
{
	const unsigned char *r = x->rec;
	long actif = i32(r, 12), dbl = i32(r, 16), take = i32(r, 20);
	long beaver = i32(r, 24), raccoon = i32(r, 28), cube = i32(r, 32);
	if (actif != 1 && actif != -1)
		return set_fault(f, BAD, "cube record: the player on roll is %ld; "
		                 "it is 1 or -1", actif);
	if (dbl < -2 || dbl > 1)
		return set_fault(f, BAD, "cube record: Double is %ld; it is -2 to 1",
		                 dbl);
	if (dbl == 1 && (take < -1 || take > 2))
		return set_fault(f, BAD, "cube record: the answer is %ld; it is -1 "
		                 "to 2", take);
	if (dbl == 1 && take == 2 && (beaver < -1 || beaver > 2))
		return set_fault(f, BAD, "cube record: the answer to the beaver is "
		                 "%ld; it is -1 to 2", beaver);
	if (dbl == 1 && take == 2 && beaver == 2 && (raccoon < -1 || raccoon > 1))
		return set_fault(f, BAD, "cube record: the answer to the raccoon is "
		                 "%ld; it is -1 to 1", raccoon);
	if (cube < -30 || cube > 30)
		return set_fault(f, BAD, "cube record: the cube is %ld; it is -30 to "
		                 "30", cube);
	if (x->version >= 24 && r[296] == 1)
		return set_fault(f, UNSUPPORTED, "cube record: the position was "
		                 "edited in eXtreme Gammon");
	if (dbl != 1)
		return 0;
	int me = side_of(actif), you = 1 - me;
	long v = 2 * cube_value(cube);
	bg_cell *c = new_cell(x, BG_CELL_OFFER, me, "Double to %ld", v);
	c->word = BG_WORD_DOUBLE;
	c->stored.has = BG_STORED_BEFORE | BG_STORED_CUBE;
	memcpy(c->stored.before, position(r, 36), 26);
	c->stored.cube = (int)cube;
	give(x, c);
	/* The answers in turn: a take or pass by the player answering, or a
	   redouble (a beaver, then a raccoon) that the other one answers. */
	const long answer[3] = { take, beaver, raccoon };
	static const int word[2] = { BG_WORD_BEAVER, BG_WORD_RACCOON };
	int who = you;
	for (int k = 0; k < 3; k++) {
		if (answer[k] == 0 || answer[k] == 1) {
			give(x, new_cell(x, answer[k] ? BG_CELL_TAKE : BG_CELL_PASS, who,
			                 answer[k] ? "take" : "pass"));
			break;
		}
		if (answer[k] != 2 || k == 2)
			break;
		v *= 2;
		c = new_cell(x, BG_CELL_OFFER, who, "Beaver to %ld", v);
		c->word = word[k];
		give(x, c);
		who = 1 - who;
	}
	return 0;
}

/* ------------------------------------------------------------- move */

/* The opponent's checkers on the mover's point P (1..24) in a position
   seen by the left player, and in one seen by the mover. */
static int
theirs_left_view(const signed char *v, int mover, int p)
{
	int k = mover == 0 ? -v[p] : v[25 - p];
	return k > 0 ? k : 0;
}

static int
theirs_own_view(const signed char *v, int p)
{
	return v[p] < 0 ? -v[p] : 0;
}

/* 5.3: the opposing blots of PositionI that PositionEnd no longer has. */
static unsigned
starred(const signed char *before, const signed char *after, int mover)
{
	unsigned s = 0;
	for (int p = 1; p <= 24; p++)
		if (theirs_left_view(before, mover, p) == 1 &&
		    theirs_own_view(after, p) == 0)
			s |= 1u << p;
	return s;
}

/* PositionI as a position of the engine, for the text of the cell. */
static void
to_pos(const signed char *v, bg_pos *pos)
{
	memset(pos, 0, sizeof *pos);
	int count[2] = { 0, 0 };
	for (int p = 1; p <= 24; p++) {
		int k = v[p];
		if (k > 0) {
			pos->n[0][p] = (unsigned char)(k > 15 ? 15 : k);
			count[0] += pos->n[0][p];
		} else if (k < 0) {
			pos->n[1][25 - p] = (unsigned char)(-k > 15 ? 15 : -k);
			count[1] += pos->n[1][25 - p];
		}
	}
	int bar0 = v[25] > 0 ? (v[25] > 15 ? 15 : v[25]) : 0;
	int bar1 = v[0] < 0 ? (-v[0] > 15 ? 15 : -v[0]) : 0;
	pos->n[0][BG_BAR] = (unsigned char)bar0;
	pos->n[1][BG_BAR] = (unsigned char)bar1;
	count[0] += bar0;
	count[1] += bar1;
	for (int s = 0; s < 2; s++)
		pos->n[s][BG_OFF] = (unsigned char)(count[s] < 15 ? 15 - count[s] : 0);
}

/*
 * The Moves list (4.4): hops in the mover's numbering into C.  The first
 * pair whose from is -1 ends it; the rest must say so too.
 */
static int
moves_list(const unsigned char *r, bg_cell *c, fault *f)
{
	int ended = 0;
	for (int i = 0; i < 4; i++) {
		long from = i32(r, 68 + 8 * (size_t)i), to = i32(r, 72 + 8 * (size_t)i);
		if (from == -1) {
			ended = 1;
			continue;
		}
		if (ended)
			return set_fault(f, BAD, "move record: move %d (%ld, %ld) comes "
			                 "after the end of the list", i + 1, from, to);
		if (from < 0 || from > 24 || to < -6 || to > 23 || to >= from)
			return set_fault(f, BAD, "move record: move %d is (%ld, %ld); a "
			                 "move goes down from 0-24 (24 the bar) to 23 or "
			                 "below (negative: off)", i + 1, from, to);
		bg_hop *h = &c->hops[c->nhops++];
		h->from = (unsigned char)(from + 1);
		h->to = (unsigned char)(to < 0 ? 0 : to + 1);
		h->star = 0;
	}
	return 0;
}

/* The roll's text in canonical sheet form, from its hops and PositionI. */
static void
roll_text(bg_cell *c, const signed char *before, int played)
{
	int hi = c->d1 > c->d2 ? c->d1 : c->d2, lo = c->d1 + c->d2 - hi;
	int n = snprintf(c->text, sizeof c->text, "%d-%d:", hi, lo);
	if (!played) {
		c->text_len = (size_t)n;
		return;
	}
	if (c->nhops == 0) {
		c->text_len = (size_t)snprintf(c->text, sizeof c->text, "%d-%d: no "
		                               "play", hi, lo);
		return;
	}
	bg_pos pos;
	to_pos(before, &pos);
	bg_step steps[4];
	for (int i = 0; i < c->nhops; i++) {
		steps[i].from = c->hops[i].from;
		steps[i].to = c->hops[i].to;
		steps[i].die = (unsigned char)(c->hops[i].from - c->hops[i].to);
		steps[i].hit = 0;
	}
	char play[BG_TEXT_MAX];
	bg_sheet_text(&pos, c->side, steps, c->nhops, play, sizeof play);
	c->text_len = (size_t)snprintf(c->text, sizeof c->text, "%d-%d: %s", hi,
	                               lo, play);
}

static int
move_record(xg_reader *x, fault *f)
{
	const unsigned char *r = x->rec;
	long actif = i32(r, 64), d1 = i32(r, 100), d2 = i32(r, 104);
	long cube = i32(r, 108);
	if (actif != 1 && actif != -1)
		return set_fault(f, BAD, "move record: the mover is %ld; it is 1 or "
		                 "-1", actif);
	if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
		return set_fault(f, BAD, "move record: dice %ld-%ld", d1, d2);
	if (cube < -30 || cube > 30)
		return set_fault(f, BAD, "move record: the cube is %ld; it is -30 to "
		                 "30", cube);
	if (!flag_ok(r, 2308))
		return set_fault(f, BAD, "move record: Played is %d; it is 0 or 1",
		                 r[2308]);
	int played = r[2308];
	if (x->version >= 24 && r[2528] == 1)
		return set_fault(f, UNSUPPORTED, "move record: the move was edited "
		                 "in eXtreme Gammon");
	bg_cell probe;
	memset(&probe, 0, sizeof probe);
	if (played && moves_list(r, &probe, f) != 0)
		return -1;
	int me = side_of(actif);
	bg_cell *c = new_cell(x, BG_CELL_ROLL, me, "%s", "");
	c->d1 = (int)d1;
	c->d2 = (int)d2;
	c->nhops = probe.nhops;
	memcpy(c->hops, probe.hops, sizeof c->hops);
	c->play = played && c->nhops > 0 ? BG_PLAY_HOPS : BG_PLAY_NOTHING;
	c->stored.has = BG_STORED_BEFORE | BG_STORED_CUBE |
	                (played ? BG_STORED_AFTER : 0);
	memcpy(c->stored.before, position(r, 9), 26);
	memcpy(c->stored.after, position(r, 35), 26);
	c->stored.cube = (int)cube;
	if (played) {
		c->stored.starred = starred(c->stored.before, c->stored.after, me);
		for (int i = 0; i < c->nhops; i++)
			c->hops[i].star = (c->stored.starred >> c->hops[i].to & 1u) != 0;
	}
	roll_text(c, c->stored.before, played);
	if (played) {
		give(x, c);
		return 0;
	}
	/* Held until a cell follows: as a game's last cell it is dropped. */
	release_held(x);
	x->held_cell = *c;
	x->held = 1;
	return 0;
}

/* ----------------------------------------------------------- footer */

static int
game_footer(xg_reader *x, fault *f)
{
	const unsigned char *r = x->rec;
	long winner = i32(r, 24), points = i32(r, 28);
	if (winner != 1 && winner != -1)
		return set_fault(f, BAD, "game footer: the winner is %ld; it is 1 or "
		                 "-1", winner);
	if (points < 1)
		return set_fault(f, BAD, "game footer: %ld points won; a result is at "
		                 "least 1", points);
	bg_cell *c = new_cell(x, BG_CELL_WIN, side_of(winner), "Wins %ld point%s",
	                      points, points == 1 ? "" : "s");
	c->points = points;
	give(x, c);
	x->finished_no = x->game_no;
	game_over(x, 0);
	x->state = XG_AFTER_GAME;
	return 0;
}

/* ----------------------------------------------------------- a record */

/* Type T is not allowed where reading stands (section 3): why, or NULL. */
static int
out_of_order(xg_reader *x, int t, fault *f)
{
	if (t == T_MATCH)
		return set_fault(f, BG_CODE_XG_RECORD_ORDER, "a match header record; "
		                 "the match header is record 0 and only that");
	if (x->state == XG_AFTER_MATCH)
		return set_fault(f, BG_CODE_XG_RECORD_ORDER, "a %s record after the "
		                 "match footer", type_name(t));
	if (t == T_CUBE || t == T_MOVE || t == T_GAME_END) {
		if (x->state == XG_OUTSIDE)
			return set_fault(f, BG_CODE_XG_RECORD_ORDER, "a %s record before "
			                 "the first game header", type_name(t));
		if (x->state == XG_AFTER_GAME)
			return set_fault(f, BG_CODE_XG_RECORD_ORDER, "a %s record after the "
			                 "footer of game %ld", type_name(t),
			                 x->finished_no);
	}
	return 0;
}

static int
decode(xg_reader *x, int t, fault *f)
{
	switch (t) {
	case T_CUBE:
		return cube_record(x, f);
	case T_MOVE:
		return move_record(x, f);
	case T_GAME_END:
		return game_footer(x, f);
	case 6:
	case 7:
		return set_fault(f, UNSUPPORTED, "a %s record (type %d): notate does "
		                 "not read these", type_name(t), t);
	default:
		return set_fault(f, BAD, "a record of unknown type %d", t);
	}
}

static void
one_record(xg_reader *x)
{
	int t = x->rec[8];
	fault f;
	if (x->state == XG_SKIP && t != T_GAME && t != T_MATCH_END)
		return;
	if (out_of_order(x, t, &f) != 0) {
		int stop = x->state == XG_AFTER_MATCH;
		if (x->state == XG_IN_GAME)
			game_broken(x, &f);
		else
			outside_error(x, &f);
		if (stop)
			x->state = XG_STOPPED;
		return;
	}
	if (t == T_GAME) {
		start_game(x);
		return;
	}
	if (t == T_MATCH_END) {
		if (x->state == XG_IN_GAME)
			game_over(x, 0);
		x->state = XG_AFTER_MATCH;
		return;
	}
	if (x->state != XG_IN_GAME) {
		/* Types 6, 7 and unknown ones outside a game. */
		decode(x, t, &f);
		outside_error(x, &f);
		return;
	}
	if (decode(x, t, &f) != 0)
		game_broken(x, &f);
}

/* Record 0 and then every record, in order; 0, or -1 if unreadable. */
static int
read_records(xg_reader *x)
{
	int rc = xg_archive_record(&x->ar, x->rec);
	if (rc <= 0)
		return rc;
	x->record = 0;
	fault f;
	nt_binloc b;
	at_record(&b, 0, 0, -1);
	if (x->rec[8] != T_MATCH) {
		record_error(x, BG_CODE_XG_RECORD_ORDER, &b, "record 0 is a %s record; "
		             "it must be the match header", type_name(x->rec[8]));
		return 0;
	}
	if (match_header(x, &f) != 0) {
		record_error(x, f.code, &b, "%s", f.message);
		return 0;
	}
	give_header(x);
	x->state = XG_OUTSIDE;
	/* After the match footer one more record is reported, then nothing. */
	while (x->state != XG_STOPPED &&
	       (rc = xg_archive_record(&x->ar, x->rec)) > 0) {
		x->record++;
		one_record(x);
	}
	if (rc < 0)
		return -1;
	if (x->state == XG_IN_GAME)
		game_over(x, 0);
	return 0;
}

int
bg_xg_read(nt_run *run, bg_replay *rp, int xgp, echo_fn echo, void *echo_ctx)
{
	xg_reader *x = malloc(sizeof *x);
	if (x == NULL) {
		run->rep.summary->unreadable = 1;
		return -1;
	}
	memset(x, 0, sizeof *x);
	x->run = run;
	x->rp = rp;
	x->echo = echo;
	x->echo_ctx = echo_ctx;
	rp->binary = 1;
	int rc = xg_archive_open(&x->ar, run, xgp);
	if (rc == 0)
		rc = read_records(x);
	else if (rc > 0)
		rc = 0;
	nt_summary *s = run->rep.summary;
	s->games = x->games;
	snprintf(s->result, sizeof s->result, "%ld-%ld", rp->score[0],
	         rp->score[1]);
	if (rc != 0)
		s->unreadable = 1;
	xg_archive_close(&x->ar);
	free(x);
	return rc;
}
