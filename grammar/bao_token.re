/* re2c -W -Werror --no-generation-date --no-version -o build/gen/bao_token.c grammar/bao_token.re
 *
 * The two small notations of Bao (shared/spec/bao.md): a BaoAN-1 move
 * token, with the lenient short forms of section 5 and the result tokens
 * of section 6.2, and a BaoPOS position (section 7).  Both scan short
 * in-memory strings ended by a NUL sentinel, so no refilling is needed.
 */
#include <string.h>

#include "games/bao/bao.h"
#include "games/bao/record.h"

/*!re2c
	re2c:api:style = free-form;
	re2c:define:YYCTYPE = "unsigned char";
	re2c:define:YYCURSOR = "cur";
	re2c:define:YYMARKER = "mar";
	re2c:yyfill:enable = 0;

	letter = [ABab];
	pit_no = [1-8];
	suffix = "+"? ("**" | "*")? "#"?;
	end = "\x00";
*/

/* The suffixes after the sign (the pattern has checked their order). */
static void
read_suffix(const unsigned char *s, bao_word *w)
{
	if (*s == '+') {
		w->plus = 1;
		s++;
	}
	while (*s == '*') {
		w->annotation++;
		s++;
	}
	w->hash = *s == '#';
}

/* Fields of a token the patterns below accepted. */
static void
read_fields(const unsigned char *s, bao_word *w)
{
	if (*s == 'A' || *s == 'B' || *s == 'a' || *s == 'b')
		w->letter = *s++;
	w->number = *s++ - '0';
	w->sign = -1;
	if (*s == '<' || *s == 'L') {
		w->sign = BAO_SIGN_LEFT;
		w->lr = *s == 'L';
		s++;
	} else if (*s == '>' || *s == 'R') {
		w->sign = BAO_SIGN_RIGHT;
		w->lr = *s == 'R';
		s++;
	}
	read_suffix(s, w);
}

int
bao_word_classify(const char *text, size_t len, bao_word *w)
{
	unsigned char buf[16];
	memset(w, 0, sizeof *w);
	w->kind = BAO_W_JUNK;
	w->sign = -1;
	/* Longer words, and words holding NUL bytes, are no token. */
	if (len == 0 || len >= sizeof buf || memchr(text, '\0', len) != NULL)
		return w->kind;
	memcpy(buf, text, len);
	buf[len] = '\0';
	const unsigned char *cur = buf, *mar;
	(void)mar;
/*!local:re2c
	letter pit_no [<>] suffix end {
		w->kind = BAO_W_STRICT;
		read_fields(buf, w);
		return w->kind;
	}
	letter? pit_no [<>LR]? suffix end {
		w->kind = BAO_W_LENIENT;
		read_fields(buf, w);
		return w->kind;
	}
	"1-0" end { w->kind = BAO_W_RESULT; w->result = BAO_R_SOUTH; return w->kind; }
	"0-1" end { w->kind = BAO_W_RESULT; w->result = BAO_R_NORTH; return w->kind; }
	"1/2-1/2" end { w->kind = BAO_W_RESULT; w->result = BAO_R_DRAW; return w->kind; }
	"*" end { w->kind = BAO_W_RESULT; w->result = BAO_R_UNFINISHED; return w->kind; }
	* { return w->kind; }
*/
}

/* --- BaoPOS ----------------------------------------------------------- */

/* A count ("0" or no leading zero); returns it, or -1. */
static int
scan_count(const unsigned char **s)
{
	const unsigned char *cur = *s, *mar;
	(void)mar;
/*!local:re2c
	"0" { *s = cur; return 0; }
	/* A leading zero, or more digits than any count has: not a count
	 * (rather than a count followed by a stray digit). */
	"0" [0-9]+ | [1-9][0-9]{3,} { return -1; }
	[1-9][0-9]{0,2} {
		int v = 0;
		for (const unsigned char *d = *s; d < cur; d++)
			v = v * 10 + (*d - '0');
		*s = cur;
		return v;
	}
	* { return -1; }
*/
}

/* The side to move; returns BAO_SOUTH, BAO_NORTH or -1. */
static int
scan_side(const unsigned char **s)
{
	const unsigned char *cur = *s, *mar;
	(void)mar;
/*!local:re2c
	"S" { *s = cur; return BAO_SOUTH; }
	"N" { *s = cur; return BAO_NORTH; }
	* { return -1; }
*/
}

/* The standing nyumbas as bits (1 South, 2 North), or -1. */
static int
scan_houses(const unsigned char **s)
{
	const unsigned char *cur = *s, *mar;
	(void)mar;
/*!local:re2c
	/* The field ends at its space (or the end, which the takasia field
	 * reports): "NS" is no house field, not "N" and then a stray letter. */
	"SN" / [ \x00] { *s = cur; return 3; }
	"S" / [ \x00] { *s = cur; return 1; }
	"N" / [ \x00] { *s = cur; return 2; }
	"-" / [ \x00] { *s = cur; return 0; }
	* { return -1; }
*/
}

/* The takasia field and the end: 0..7 (ring of a front pit of SIDE), 8 for
 * none, or -1. */
static int
scan_takasia(const unsigned char **s, int side)
{
	const unsigned char *cur = *s, *mar;
	(void)mar;
/*!local:re2c
	"-" end { return 8; }
	[Aa] pit_no end {
		int south = **s == 'A';
		if (south != (side == BAO_SOUTH))
			return -1;
		return (*s)[1] - '1';
	}
	* { return -1; }
*/
}

static int
expect(const unsigned char **s, char c)
{
	if (**s != (unsigned char)c)
		return -1;
	(*s)++;
	return 0;
}

static int
fail(char *why, size_t whysize, const char *text)
{
	snprintf(why, whysize, "%s", text);
	return -1;
}

/* Reads the 32 counts into P, rows as South sees them. */
static int
scan_board(const unsigned char **s, bao_pos *p, char *why, size_t whysize)
{
	static const signed char ring_of[4][8] = {
		{ 8, 9, 10, 11, 12, 13, 14, 15 },    /* b8..b1 */
		{ 7, 6, 5, 4, 3, 2, 1, 0 },          /* a8..a1 */
		{ 0, 1, 2, 3, 4, 5, 6, 7 },          /* A1..A8 */
		{ 15, 14, 13, 12, 11, 10, 9, 8 },    /* B1..B8 */
	};
	for (int row = 0; row < 4; row++) {
		int side = row < 2 ? BAO_NORTH : BAO_SOUTH;
		for (int i = 0; i < 8; i++) {
			if (i > 0 && expect(s, ',') != 0)
				return fail(why, whysize, "each row has 8 counts separated "
				            "by commas");
			int v = scan_count(s);
			if (v < 0 || v > BAO_SEEDS)
				return fail(why, whysize, "a count is a number from 0 to 64 "
				            "without leading zeros");
			p->pit[side][ring_of[row][i]] = (unsigned char)v;
		}
		if (row < 3 && expect(s, '/') != 0)
			return fail(why, whysize, "the board is 4 rows of 8 counts "
			            "separated by '/'");
	}
	return 0;
}

int
bao_pos_parse(bao_pos *p, const char *text, size_t len, char *why,
              size_t whysize)
{
	char buf[160];
	memset(p, 0, sizeof *p);
	p->takasia = -1;
	if (len >= sizeof buf || memchr(text, '\0', len) != NULL)
		return fail(why, whysize, "it is too long to be a BaoPOS");
	memcpy(buf, text, len);
	buf[len] = '\0';
	const unsigned char *s = (const unsigned char *)buf;
	if (scan_board(&s, p, why, whysize) != 0)
		return -1;
	int side;
	if (expect(&s, ' ') != 0 || (side = scan_side(&s)) < 0)
		return fail(why, whysize, "the board is followed by a space and the "
		            "side to move, S or N");
	p->side = (unsigned char)side;
	int rs, rn;
	if (expect(&s, ' ') != 0 || (rs = scan_count(&s)) < 0 ||
	    expect(&s, ',') != 0 || (rn = scan_count(&s)) < 0 ||
	    rs > BAO_SEEDS || rn > BAO_SEEDS)
		return fail(why, whysize, "the reserves are two counts, South's "
		            "and North's, as '22,22'");
	p->reserve[BAO_SOUTH] = (unsigned char)rs;
	p->reserve[BAO_NORTH] = (unsigned char)rn;
	int houses;
	if (expect(&s, ' ') != 0 || (houses = scan_houses(&s)) < 0)
		return fail(why, whysize, "the standing nyumbas are written SN, S, "
		            "N or -");
	p->house[BAO_SOUTH] = (houses & 1) != 0;
	p->house[BAO_NORTH] = (houses & 2) != 0;
	int t;
	if (expect(&s, ' ') != 0 || (t = scan_takasia(&s, side)) < 0)
		return fail(why, whysize, "the last field is '-' or the takasia "
		            "pit, a front pit of the side to move");
	p->takasia = (signed char)(t == 8 ? -1 : t);
	int total = bao_pos_seeds(p);
	if (total != BAO_SEEDS) {
		snprintf(why, whysize, "its seeds add up to %d, not 64", total);
		return -1;
	}
	return 0;
}
