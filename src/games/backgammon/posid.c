/*
 * GNU Backgammon Position IDs (the format is described in bg_engine.h) and
 * the `moves` command built on them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "games/backgammon/engine_int.h"

static const char base64[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* A key's 80 bits, bit B of byte B / 8 at bit B of the pair. */
typedef struct key_bits {
	uint64_t lo, hi;
} key_bits;

static void
key_bytes(key_bits k, unsigned char key[10])
{
	for (int i = 0; i < 8; i++)
		key[i] = (unsigned char)(k.lo >> (8 * i));
	key[8] = (unsigned char)k.hi;
	key[9] = (unsigned char)(k.hi >> 8);
}

/* One player's half of the key: each point's checkers as a run of ones
   and a 0 (at most 30 checkers: at most 55 bits, BG_BAR plus the
   checkers long).  No branch on the counts: each point costs the same. */
static uint64_t
half_bits(const unsigned char n[26])
{
	uint64_t bits = 0;
	int at = 0;
	for (int p = 1; p <= BG_BAR; p++) {
		bits |= ((UINT64_C(1) << n[p]) - 1) << at;
		at += n[p] + 1;
	}
	return bits;
}

static int
checkers_on(const unsigned char n[26])
{
	int sum = 0;
	for (int p = 1; p <= BG_BAR; p++)
		sum += n[p];
	return sum;
}

void
bg_posid_encode(const bg_pos *pos, int on_roll, char id[BG_POSID_LEN + 1])
{
	unsigned char key[10] = { 0 };
	/* The player not on roll first, then the player on roll (as gnubg). */
	const unsigned char *first = pos->n[1 - on_roll], *second = pos->n[on_roll];
	int on_first = checkers_on(first);
	if (on_first + checkers_on(second) <= 2 * BG_CHECKERS) {
		/* Each half a word at a time (a move writes an ID when someone
		   listens: bit by bit it was a fifth of dedup and find).  The
		   first half is 25 to 55 bits, the two at most 80. */
		int len1 = BG_BAR + on_first;
		uint64_t h1 = half_bits(first), h2 = half_bits(second);
		key_bytes((key_bits){ h1 | h2 << len1, h2 >> (64 - len1) }, key);
	} else {
		int bit = 0;
		for (int half = 0; half < 2; half++) {
			const unsigned char *n = half == 0 ? first : second;
			for (int p = 1; p <= BG_BAR; p++) {
				for (int c = 0; c < n[p] && bit < 80; c++, bit++)
					key[bit / 8] |= (unsigned char)(1u << (bit % 8));
				bit++;     /* the 0 that ends the point */
			}
		}
	}
	/* Three bytes make four characters; the tenth byte makes two. */
	char *o = id;
	for (int i = 0; i < 9; i += 3) {
		*o++ = base64[key[i] >> 2];
		*o++ = base64[((key[i] & 0x03) << 4) | (key[i + 1] >> 4)];
		*o++ = base64[((key[i + 1] & 0x0f) << 2) | (key[i + 2] >> 6)];
		*o++ = base64[key[i + 2] & 0x3f];
	}
	*o++ = base64[key[9] >> 2];
	*o++ = base64[(key[9] & 0x03) << 4];
	*o = '\0';
}

static int
base64_value(char c)
{
	const char *p = c != '\0' ? strchr(base64, c) : NULL;
	return p != NULL ? (int)(p - base64) : -1;
}

int
bg_posid_decode(const char *id, bg_pos *pos, int on_roll)
{
	unsigned char key[11] = { 0 };
	if (strlen(id) != BG_POSID_LEN)
		return -1;
	/* 14 characters are 84 bits: the key's 80 and four that must be 0. */
	int acc = 0, nbits = 0, k = 0;
	for (int i = 0; i < BG_POSID_LEN; i++) {
		int v = base64_value(id[i]);
		if (v < 0)
			return -1;
		acc = (acc << 6) | v;
		nbits += 6;
		if (nbits >= 8) {
			nbits -= 8;
			key[k++] = (unsigned char)(acc >> nbits);
			acc &= (1 << nbits) - 1;
		}
	}
	if (acc != 0)
		return -1;
	memset(pos, 0, sizeof *pos);
	int bit = 0;
	for (int half = 0; half < 2; half++) {
		unsigned char *n = pos->n[half == 0 ? 1 - on_roll : on_roll];
		int total = 0;
		for (int p = 1; p <= BG_BAR; p++) {
			while (bit < 80 && (key[bit / 8] >> (bit % 8)) & 1u) {
				if (++total > BG_CHECKERS)
					return -1;
				n[p]++;
				bit++;
			}
			if (bit++ >= 80)
				return -1;     /* no 0 to end this point */
		}
		n[BG_OFF] = (unsigned char)(BG_CHECKERS - total);
	}
	for (; bit < 80; bit++)
		if ((key[bit / 8] >> (bit % 8)) & 1u)
			return -1;
	return bg_pos_valid(pos) ? 0 : -1;
}

/* The 10 bytes of a Position ID's key as its 14 characters. */
static void
key_text(const unsigned char key[10], char id[BG_POSID_LEN + 1])
{
	char *o = id;
	for (int i = 0; i < 9; i += 3) {
		*o++ = base64[key[i] >> 2];
		*o++ = base64[((key[i] & 0x03) << 4) | (key[i + 1] >> 4)];
		*o++ = base64[((key[i + 1] & 0x0f) << 2) | (key[i + 2] >> 6)];
		*o++ = base64[key[i + 2] & 0x3f];
	}
	*o++ = base64[key[9] >> 2];
	*o++ = base64[(key[9] & 0x03) << 4];
	*o = '\0';
}

/* A base64 digit's value, or -1 (no table: the library has no writable
   data, and strchr was a twentieth of dedup). */
static int
digit64(char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	return c == '+' ? 62 : c == '/' ? 63 : -1;
}

/* The 64 bits from bit FROM on (zeros past bit 79). */
static uint64_t
bits_from(key_bits k, int from)
{
	if (from == 0)
		return k.lo;
	if (from >= 64)
		return k.hi >> (from - 64);
	return (k.lo >> from) | (k.hi << (64 - from));
}

/* How long the half that begins at bit FROM is (to its 25th 0), or -1.
   A half is at most 25 zeros and 15 ones, so 64 bits hold it. */
static int
half_length(key_bits k, int from)
{
	uint64_t zeros = ~bits_from(k, from);
	for (int i = 1; i < BG_BAR; i++)
		zeros &= zeros - 1;
	if (zeros == 0)
		return -1;
	int n = __builtin_ctzll(zeros) + 1;
	return from + n <= 80 ? n : -1;
}

static uint64_t
low_bits(uint64_t v, int n)
{
	return n >= 64 ? v : v & ((UINT64_C(1) << n) - 1);
}

/*
 * Who is on roll after a game's last move is a matter of which column a
 * record writes first; the board is not.  So the key is the smaller of
 * the ID and the ID of the same board with the other player on roll: the
 * key's two halves (one a player) in the smaller order, compared as bit
 * strings from their first bit, a prefix first.  It is called for every
 * move dedup reads, so it works on the bits a word at a time, without
 * the board (a decoding and two encodings tripled dedup's time).
 */
int
bg_posid_key(const char *id, char *out, size_t size)
{
	if (size < BG_POSID_LEN + 1 || strlen(id) != BG_POSID_LEN)
		return -1;
	unsigned char key[11] = { 0 };
	int acc = 0, nbits = 0, k = 0;
	for (int i = 0; i < BG_POSID_LEN; i++) {
		int v = digit64(id[i]);
		if (v < 0)
			return -1;
		acc = (acc << 6) | v;
		nbits += 6;
		if (nbits >= 8) {
			nbits -= 8;
			key[k++] = (unsigned char)(acc >> nbits);
			acc &= (1 << nbits) - 1;
		}
	}
	key_bits bits = { 0, (uint64_t)key[8] | (uint64_t)key[9] << 8 };
	for (int i = 0; i < 8; i++)
		bits.lo |= (uint64_t)key[i] << (8 * i);
	int len1 = half_length(bits, 0);
	int len2 = len1 < 0 ? -1 : half_length(bits, len1);
	if (len2 < 0)
		return -1;
	uint64_t first = low_bits(bits.lo, len1);
	uint64_t second = low_bits(bits_from(bits, len1), len2);
	int shorter = len1 < len2 ? len1 : len2;
	uint64_t differ = low_bits(first ^ second, shorter);
	int cmp = differ != 0 ? ((first >> __builtin_ctzll(differ)) & 1 ? 1 : -1)
	                      : len1 - len2;
	if (cmp <= 0) {
		memcpy(out, id, BG_POSID_LEN + 1);
		return 0;
	}
	/* The second half first (len2 is 25 to 55: no shift reaches 64). */
	unsigned char bytes[10];
	key_bytes((key_bits){ second | first << len2, first >> (64 - len2) }, bytes);
	key_text(bytes, out);
	return 0;
}

/* ---------------------------------------------------------- `moves` */

static int
die_value(char c)
{
	return c >= '1' && c <= '6' ? c - '0' : 0;
}

/* "6-4", "64", or "6" "4" as two words; 0 when they are not dice. */
static int
parse_dice(int nwords, char *const word[], int *d1, int *d2)
{
	if (nwords == 2) {
		const char *s = word[1];
		size_t len = strlen(s);
		if (len == 3 && s[1] == '-') {
			*d1 = die_value(s[0]);
			*d2 = die_value(s[2]);
		} else if (len == 2) {
			*d1 = die_value(s[0]);
			*d2 = die_value(s[1]);
		} else {
			return 0;
		}
	} else {
		if (strlen(word[1]) != 1 || strlen(word[2]) != 1)
			return 0;
		*d1 = die_value(word[1][0]);
		*d2 = die_value(word[2][0]);
	}
	return *d1 != 0 && *d2 != 0;
}

/*
 * Splits TEXT into at most MAX blank-separated words of BUF (SIZE bytes);
 * returns how many there are (MAX + 1 when more), or -1 when TEXT does
 * not fit.
 */
static int
split_words(const char *text, char *buf, size_t size, char *word[], int max)
{
	if (text == NULL)
		return 0;
	size_t len = strlen(text);
	if (len >= size)
		return -1;
	memcpy(buf, text, len + 1);
	int n = 0;
	for (char *p = buf; *p;) {
		while (*p == ' ' || *p == '\t')
			*p++ = '\0';
		if (*p == '\0')
			break;
		if (n == max)
			return max + 1;
		word[n++] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
	}
	return n;
}

static int
usage(const nt_sink *err, const char *fmt, const char *arg)
{
	nt_sink_puts(err, "notate: moves --game backgammon: ");
	nt_sink_printf(err, fmt, arg);
	nt_sink_puts(err, "\n");
	return 1;
}

/*
 * The legal plays of POS (player 0 on roll, dice D1 and D2) in FORM: the
 * plays one a line ("no play" when there is none); a table of the
 * position, the dice, the play and the Position ID after it, the opponent
 * on roll (a header line first); or one JSON object.  "no play" is a
 * play of its own in the table and the object, which leaves the board as
 * it was for the opponent.  Plays and IDs are
 * ASCII, so JSON needs no escaping.
 */
static int
write_plays(const nt_sink *out, int form, const char *id, const bg_pos *pos,
            int d1, int d2, const bg_playlist *list)
{
	int rc = 0;
	if (form == NT_MOVES_TSV)
		rc = nt_sink_puts(out, "position\tdice\tplay\tafter\n");
	else if (form == NT_MOVES_JSON)
		rc = nt_sink_printf(out, "{\"position\":\"%s\",\"dice\":[%d,%d],"
		                    "\"plays\":[", id, d1, d2);
	else if (list->count == 0)
		rc = nt_sink_puts(out, "no play\n");
	if (form != NT_MOVES_TEXT && list->count == 0 && rc == 0) {
		char after[BG_POSID_LEN + 1];
		bg_posid_encode(pos, 1, after);
		rc = form == NT_MOVES_TSV
		     ? nt_sink_printf(out, "%s\t%d-%d\tno play\t%s\n", id, d1, d2,
		                      after)
		     : nt_sink_printf(out, "{\"play\":\"no play\",\"after\":\"%s\"}",
		                      after);
	}
	for (int i = 0; i < list->count && rc == 0; i++) {
		char text[BG_TEXT_MAX], after[BG_POSID_LEN + 1];
		const bg_play *p = &list->plays[i];
		bg_sheet_text(pos, 0, p->steps, p->nsteps, text, sizeof text);
		bg_posid_encode(&p->after, 1, after);
		if (form == NT_MOVES_TSV)
			rc = nt_sink_printf(out, "%s\t%d-%d\t%s\t%s\n", id, d1, d2, text,
			                    after);
		else if (form == NT_MOVES_JSON)
			rc = nt_sink_printf(out, "%s{\"play\":\"%s\",\"after\":\"%s\"}",
			                    i == 0 ? "" : ",", text, after);
		else
			rc = nt_sink_printf(out, "%s\n", text);
	}
	if (form == NT_MOVES_JSON && rc == 0)
		rc = nt_sink_puts(out, "]}\n");
	return rc;
}

int
bg_moves_command(const nt_moves_request *request, const nt_options *opts,
                 const nt_sink *out, const nt_sink *err)
{
	(void)opts;
	bg_pos pos;
	int d1, d2;
	char text[256], *word[3];
	int n = split_words(request->position, text, sizeof text, word, 3);
	if (n < 2 || n > 3)
		return usage(err, "%s", "give a Position ID and the dice, as in "
		             "'moves --game backgammon 4HPwATDgc/ABMA 6-4'");
	if (bg_posid_decode(word[0], &pos, 0) != 0)
		return usage(err, "'%s' is not a GNU Backgammon Position ID "
		             "(14 characters such as 4HPwATDgc/ABMA)", word[0]);
	if (!parse_dice(n, word, &d1, &d2)) {
		char dice[64];
		snprintf(dice, sizeof dice, "%s%s%s", word[1], n == 3 ? " " : "",
		         n == 3 ? word[2] : "");
		return usage(err, "'%s' is not a roll of two dice from 1 to 6 "
		             "(write 6-4, 64 or 6 4)", dice);
	}
	bg_playlist *list = malloc(sizeof *list);
	if (list == NULL)
		return usage(err, "%s", "out of memory");
	bg_legal_plays(&pos, 0, d1, d2, list);
	bg_playlist_sort(&pos, 0, d1, d2, list);
	int rc = write_plays(out, request->form, word[0], &pos, d1, d2, list);
	free(list);
	if (rc != 0)
		return usage(err, "%s", "cannot write the list");
	return 0;
}
