/* re2c -W -Werror --no-generation-date --no-version -o build/gen/bg_sgf_value.c grammar/bg_sgf_value.re
 *
 * The grammars of the SGF property values the backgammon record reads
 * (shared/spec/backgammon-sgf.md, sections 2.2 to 2.6): moves, dice, the
 * player on roll, MI items, RE, the RU words, numbers, CA, names, DT.
 * Each scanner reads one value held in memory, ended by a NUL sentinel
 * that the caller provides (sgf_value.h); the value's length tells a NUL
 * inside it from the sentinel, so no refilling is needed.
 */
#include <string.h>

#include "games/backgammon/sgf_value.h"

/*!re2c
	re2c:api:style = free-form;
	re2c:define:YYCTYPE = "unsigned char";
	re2c:define:YYCURSOR = "cur";
	re2c:define:YYMARKER = "mar";
	re2c:yyfill:enable = 0;

	die = [1-6];
	digit = [0-9];
	from = [a-y];
	to = [a-xz];
	end = "\x00";
	number = digit{1,9};
	blank = [ \t\n\v\f\r];
*/

/* A value holding a NUL byte matches no grammar but a name's. */
static int
has_nul(const char *v, size_t len)
{
	return memchr(v, '\0', len) != NULL;
}

static long
digits_value(const unsigned char *s, const unsigned char *e)
{
	long n = 0;
	for (; s < e; s++)
		n = n * 10 + (*s - '0');
	return n;
}

/* A roll with letters after its dice that are no pairs of 2.4. */
static int
letters_why(const unsigned char *s)
{
	size_t n = 0, bad = 0;
	for (; *s; s++, n++)
		if ((n % 2 == 0 && *s == 'z') || (n % 2 == 1 && *s == 'y') ||
		    *s > 'z' || *s < 'a')
			bad++;
	if (bad > 0)
		return BG_SGF_WHY_POINT;
	return BG_SGF_WHY_PAIRS;
}

int
bg_sgf_scan_move(const char *v, size_t len, bg_sgf_move *m)
{
	const unsigned char *cur = (const unsigned char *)v, *mar;
	(void)mar;
	memset(m, 0, sizeof *m);
	if (has_nul(v, len))
		return BG_SGF_WHY_FORM;
/*!local:re2c
	"double" end { m->kind = BG_SGF_DOUBLE; return BG_SGF_OK; }
	"take" end { m->kind = BG_SGF_TAKE; return BG_SGF_OK; }
	"drop" end { m->kind = BG_SGF_DROP; return BG_SGF_OK; }
	'double' end | 'take' end | 'drop' end { return BG_SGF_WHY_WORD; }
	die die (from to){0,4} end {
		const unsigned char *s = (const unsigned char *)v;
		m->kind = BG_SGF_ROLL;
		m->d1 = s[0] - '0';
		m->d2 = s[1] - '0';
		for (s += 2; *s; s += 2) {
			m->from[m->npairs] = s[0];
			m->to[m->npairs] = s[1];
			m->npairs++;
		}
		return BG_SGF_OK;
	}
	die die [a-z]+ end { return letters_why((const unsigned char *)v + 2); }
	die die [^\x00]* end { return BG_SGF_WHY_POINT; }
	digit digit [^\x00]* end { return BG_SGF_WHY_DICE; }
	* { return BG_SGF_WHY_FORM; }
*/
}

int
bg_sgf_scan_dice(const char *v, size_t len, int *d1, int *d2)
{
	const unsigned char *cur = (const unsigned char *)v, *mar;
	(void)mar;
	if (has_nul(v, len))
		return BG_SGF_WHY_FORM;
/*!local:re2c
	die die end { *d1 = v[0] - '0'; *d2 = v[1] - '0'; return BG_SGF_OK; }
	digit digit end { return BG_SGF_WHY_DICE; }
	* { return BG_SGF_WHY_FORM; }
*/
}

int
bg_sgf_scan_player(const char *v, size_t len, int *side)
{
	const unsigned char *cur = (const unsigned char *)v, *mar;
	(void)mar;
	if (has_nul(v, len))
		return BG_SGF_WHY_FORM;
/*!local:re2c
	"W" end { *side = 0; return BG_SGF_OK; }
	"B" end { *side = 1; return BG_SGF_OK; }
	* { return BG_SGF_WHY_FORM; }
*/
}

int
bg_sgf_scan_mi(const char *v, size_t len, int *key, long *number)
{
	const unsigned char *cur = (const unsigned char *)v, *mar, *num;
	(void)mar;
	*key = BG_SGF_MI_OTHER;
	*number = 0;
	if (has_nul(v, len))
		return BG_SGF_OK;
/*!local:re2c
	"length:" { *key = BG_SGF_MI_LENGTH; goto value; }
	"game:" { *key = BG_SGF_MI_GAME; goto value; }
	"ws:" { *key = BG_SGF_MI_WS; goto value; }
	"bs:" { *key = BG_SGF_MI_BS; goto value; }
	* { return BG_SGF_OK; }
*/
value:
	num = cur;
/*!local:re2c
	number end { *number = digits_value(num, cur - 1); return BG_SGF_OK; }
	* { return BG_SGF_WHY_NUMBER; }
*/
}

int
bg_sgf_scan_result(const char *v, size_t len, int *winner, long *points,
                   int *resigned)
{
	const unsigned char *cur = (const unsigned char *)v, *mar;
	(void)mar;
	if (has_nul(v, len))
		return BG_SGF_WHY_FORM;
/*!local:re2c
	[WB] "+" number "R"? end {
		const unsigned char *s = (const unsigned char *)v + 2, *e = s;
		while (*e >= '0' && *e <= '9')
			e++;
		*winner = v[0] == 'W' ? 0 : 1;
		*points = digits_value(s, e);
		*resigned = *e == 'R';
		return *points >= 1 ? BG_SGF_OK : BG_SGF_WHY_NUMBER;
	}
	[WB] "+" digit+ "R"? end { return BG_SGF_WHY_NUMBER; }
	* { return BG_SGF_WHY_FORM; }
*/
}

/* One RU word at S, ended by ':' or the end (*NEXT); returns its bit, or
   0 for any other word (an empty one too). */
static unsigned
rule_word(const unsigned char *s, const unsigned char **next)
{
	const unsigned char *cur = s, *mar;
	(void)mar;
/*!local:re2c
	"NoCube" / [:\x00] { *next = cur; return BG_SGF_RU_NOCUBE; }
	"Crawford" / [:\x00] { *next = cur; return BG_SGF_RU_CRAWFORD; }
	"CrawfordGame" / [:\x00] { *next = cur; return BG_SGF_RU_CRAWFORD_GAME; }
	"Jacoby" / [:\x00] { *next = cur; return BG_SGF_RU_JACOBY; }
	("Nackgammon" | "Hypergammon" [123]) / [:\x00] {
		*next = cur;
		return BG_SGF_RU_VARIANT;
	}
	[^:\x00]+ { *next = cur; return 0; }
	* { *next = s; return 0; }
*/
}

int
bg_sgf_scan_rules(const char *v, size_t len, unsigned *rules, size_t *word,
                  size_t *word_len)
{
	*rules = 0;
	*word = *word_len = 0;
	if (len == 0)
		return BG_SGF_OK;
	if (has_nul(v, len)) {
		*word_len = len;
		return BG_SGF_WHY_WORD;
	}
	const unsigned char *base = (const unsigned char *)v, *s = base;
	int bad = 0, variant = 0;
	size_t bad_at = 0, bad_len = 0;
	for (;;) {
		const unsigned char *next;
		unsigned bit = rule_word(s, &next);
		size_t at = (size_t)(s - base), n = (size_t)(next - s);
		if (bit == BG_SGF_RU_VARIANT) {
			if (!variant) {
				*word = at;
				*word_len = n;
			}
			variant = 1;
		} else if (!bad && (bit == 0 || (*rules & bit))) {
			bad = 1;
			bad_at = at;
			bad_len = n;
		}
		*rules |= bit;
		if (*next != ':')
			break;
		s = next + 1;
	}
	/* A variant is unsupported, which is checked before the words. */
	if (variant || !bad)
		return BG_SGF_OK;
	*word = bad_at;
	*word_len = bad_len;
	return BG_SGF_WHY_WORD;
}

long
bg_sgf_scan_number(const char *v, size_t len)
{
	const unsigned char *cur = (const unsigned char *)v, *mar;
	(void)mar;
	if (has_nul(v, len))
		return -1;
/*!local:re2c
	number end { return digits_value((const unsigned char *)v, cur - 1); }
	* { return -1; }
*/
}

int
bg_sgf_scan_charset(const char *v, size_t len)
{
	const unsigned char *cur = (const unsigned char *)v, *mar;
	(void)mar;
	if (has_nul(v, len))
		return -1;
/*!local:re2c
	'UTF-8' end { return 0; }
	'US-ASCII' end { return 1; }
	'ISO-8859-1' end { return 2; }
	* { return -1; }
*/
}

int
bg_sgf_scan_name(const char *v, size_t len)
{
	const unsigned char *s = (const unsigned char *)v;
	const unsigned char *cur = s, *mar, *lim = s + len;
	(void)mar;
	if (len == 0)
		return BG_SGF_WHY_FORM;
/*!local:re2c
	blank { return BG_SGF_WHY_FORM; }
	* { goto body; }
*/
body:
	for (cur = s;;) {
/*!local:re2c
	":" | "\n" { return BG_SGF_WHY_FORM; }
	"\x00" { if (cur > lim) break; continue; }
	[^] { continue; }
*/
	}
	cur = lim - 1;
/*!local:re2c
	blank { return BG_SGF_WHY_FORM; }
	* { return BG_SGF_OK; }
*/
}

int
bg_sgf_scan_date(const char *v, size_t len)
{
	const unsigned char *cur = (const unsigned char *)v, *mar;
	(void)mar;
	if (has_nul(v, len))
		return BG_SGF_WHY_FORM;
/*!local:re2c
	digit{4} "-" digit{2} "-" digit{2} end { return BG_SGF_OK; }
	* { return BG_SGF_WHY_FORM; }
*/
}
