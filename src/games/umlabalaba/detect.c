/*
 * Which form a file is in, and whether a PGN file is a mill game at all.
 * A quick look at its first bytes, never a reading: the readers decide
 * what is legal.
 */
#include "games/umlabalaba/detect.h"

#include <errno.h>
#include <string.h>

#include "games/umlabalaba/squares.h"

/* Sanmill's names of its mill games (the Variant tag), in lower case. */
static const char *const mill_variants[] = {
	"morabaraba", "umlabalaba", "twelve men's morris", "twelve_mens_morris",
	"nine men's morris", "lasker morris", "dooz", "russian mill",
	"cham gonu", "zhi qi", "cheng san qi", "da san qi", "mul-mulan",
	"nerenchi", "el filja", "custom", NULL
};

/* Variant values of chess programs (lichess, PGN standard, others). */
static const char *const chess_variants[] = {
	"standard", "chess", "chess960", "fischerandom", "fischer random",
	"crazyhouse", "atomic", "king of the hill", "kingofthehill",
	"three-check", "threecheck", "antichess", "suicide", "giveaway",
	"losers", "horde", "racing kings", "racingkings", "from position",
	"bughouse", NULL
};

/* Tag keys of the .umla form. */
static const char *const umla_keys[] = { "Rules", "Board", "Notation", NULL };

/* Tag keys chess programs write and mill programs do not. */
static const char *const chess_keys[] = {
	"ECO", "WhiteElo", "BlackElo", "Opening", "TimeControl", "Termination",
	"WhiteTitle", "BlackTitle", "Annotator", NULL
};

/* Tag keys of PGN that a .umla file has no use for. */
static const char *const pgn_keys[] = { "PlyCount", "FEN", "SetUp", NULL };

static char
lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* VALUE (LEN bytes, blanks around ignored) is WORD in any case. */
static int
same_word(const char *value, size_t len, const char *word)
{
	while (len > 0 && *value == ' ') {
		value++;
		len--;
	}
	while (len > 0 && value[len - 1] == ' ')
		len--;
	if (len != strlen(word))
		return 0;
	for (size_t i = 0; i < len; i++)
		if (lower(value[i]) != word[i])
			return 0;
	return 1;
}

static int
in_list(const char *const *list, const char *s, size_t len, int fold)
{
	for (int i = 0; list[i] != NULL; i++)
		if (fold ? same_word(s, len, list[i])
		         : strlen(list[i]) == len && memcmp(list[i], s, len) == 0)
			return 1;
	return 0;
}

/* One tag line at S: notes what its key and value say; returns its end. */
static const char *
sniff_tag(const char *s, um_sniffed *out)
{
	const char *key = s + 1, *k = key;
	while ((*k >= 'A' && *k <= 'Z') || (*k >= 'a' && *k <= 'z') ||
	       (*k >= '0' && *k <= '9') || *k == '_')
		k++;
	size_t klen = (size_t)(k - key);
	const char *v = strchr(k, '"');
	const char *eol = strchr(s, '\n');
	if (eol == NULL)
		eol = s + strlen(s);
	if (v == NULL || v > eol)
		return eol;
	v++;
	const char *ve = v;
	while (ve < eol && *ve != '"')
		ve++;
	size_t vlen = (size_t)(ve - v);
	if (klen == 7 && memcmp(key, "Variant", 7) == 0) {
		snprintf(out->variant, sizeof out->variant, "%.*s", (int)vlen, v);
		/* Both forms may say umlabalaba; Sanmill's names are PGN's. */
		if (same_word(v, vlen, "umlabalaba"))
			out->mill_tags |= 2;
		else if (in_list(mill_variants, v, vlen, 1))
			out->mill_tags |= 1;
		else if (in_list(chess_variants, v, vlen, 1))
			out->chess = 1;
	} else if (klen == 4 && memcmp(key, "Site", 4) == 0 &&
	           same_word(v, vlen, "playok")) {
		out->mill_tags = 1;
	} else if (in_list(chess_keys, key, klen, 0)) {
		out->chess = 1;
	} else if (in_list(pgn_keys, key, klen, 0)) {
		out->pgn_tags = 1;
	} else if (in_list(umla_keys, key, klen, 0)) {
		out->umla_tags = 1;
	}
	/* A chess FEN has eight ranks; Sanmill's three rings. */
	if (klen == 3 && memcmp(key, "FEN", 3) == 0 &&
	    memchr(v, '/', vlen) != NULL) {
		int slashes = 0;
		for (size_t i = 0; i < vlen && v[i] != ' '; i++)
			slashes += v[i] == '/';
		if (slashes == 7)
			out->chess = 1;
	}
	return eol;
}

/* A piece letter or a sign of chess's algebraic notation. */
static int
is_chess_sign(char c)
{
	switch (c) {
	case 'K': case 'Q': case 'R': case 'N': case 'B': case '=': case '+':
	case '#':
		return 1;
	default:
		return 0;
	}
}

/* A word of movetext: what notation it can be. */
static void
sniff_word(const char *w, size_t n, um_sniffed *out, int *mill, int *other)
{
	while (n > 0 && (w[n - 1] == '!' || w[n - 1] == '?'))
		n--;
	if (n == 0)
		return;
	/* Move numbers, results, NAGs say nothing. */
	size_t d = 0;
	while (d < n && w[d] >= '0' && w[d] <= '9')
		d++;
	if (d > 0 && d < n && w[d] == '.')
		out->pgn_numbers = 1;
	if ((d > 0 && d < n && w[d] == '.') || w[0] == '$' || w[0] == '*' ||
	    (n == 3 && (memcmp(w, "1-0", 3) == 0 || memcmp(w, "0-1", 3) == 0)) ||
	    (n == 7 && memcmp(w, "1/2-1/2", 7) == 0))
		return;
	/* Blac notation: a side letter, then '>' or '<'. */
	for (size_t i = 0; i + 1 < n; i++)
		if ((w[i] == 'B' || w[i] == 'W') &&
		    (w[i + 1] == '>' || w[i + 1] == '<' ||
		     (w[i + 1] >= '0' && w[i + 1] <= '9' && memchr(w, '>', n)))) {
			out->umla_moves = 1;
			return;
		}
	for (size_t i = 0; i < n; i++)
		if (is_chess_sign(w[i]) ||
		    (i + 2 < n && w[i] == 'O' && w[i + 1] == '-')) {
			out->chess = 1;
			return;
		}
	/* Mill notation: squares (or PlayOK numbers), '-' and 'x' shots. */
	int strong = 0, numeric = w[0] >= '0' && w[0] <= '9';
	size_t i = 0;
	for (int part = 0; i < n; part++) {
		if (part > 0) {
			if (w[i] != '-' && w[i] != 'x')
				break;
			strong = 1;
			i++;
		}
		if (numeric) {
			size_t s = i;
			while (i < n && w[i] >= '0' && w[i] <= '9')
				i++;
			if (i == s || um_playok_point(w + s, i - s) == 0)
				break;
		} else {
			if (i + 2 > n || um_square_point(w + i, 2) == 0)
				break;
			i += 2;
		}
	}
	if (i == n && (n > 1 || numeric)) {
		*mill += 1 + (strong || numeric) * 10;
		return;
	}
	if (n == 1 && w[0] == 'p') {
		*mill += 10;
		return;
	}
	(*other)++;
}

/* The sniffer tests every character of the look: a switch, not strchr
   over a set, keeps sniffing a folder of .txt files cheap. */
static int
is_blank(char c)
{
	switch (c) {
	case ' ': case '\t': case '\r': case '\n': case '\f': case '\v':
		return 1;
	default:
		return 0;
	}
}

static int
ends_word(char c)
{
	switch (c) {
	case '{': case '}': case ';': case '(': case ')': case '[':
		return 1;
	default:
		return is_blank(c);
	}
}

void
um_sniff(const unsigned char *head, size_t size, um_sniffed *out)
{
	char text[NT_SNIFF_TEXT];
	nt_sniff_text(head, size, text, 0);
	um_sniff_text(text, size, out);
}

void
um_sniff_text(const char *text, size_t size, um_sniffed *out)
{
	memset(out, 0, sizeof *out);
	int mill = 0, other = 0;
	const char *s = text;
	while (*s) {
		if (*s == '{') {
			const char *e = strchr(s, '}');
			s = e ? e + 1 : s + strlen(s);
			continue;
		}
		if (*s == ';' || (*s == '%' && (s == text || s[-1] == '\n'))) {
			const char *e = strchr(s, '\n');
			s = e ? e : s + strlen(s);
			continue;
		}
		if (*s == '[') {
			s = sniff_tag(s, out);
			continue;
		}
		if (*s == '(' || *s == ')' || is_blank(*s)) {
			s++;
			continue;
		}
		const char *e = s;
		while (*e && !ends_word(*e))
			e++;
		if (e == s) {
			s++;      /* a stray '}': a word of its own, saying nothing */
			continue;
		}
		/* The last word may be cut short by the end of the look. */
		if (*e != '\0' || size < UM_PEEK_SIZE)
			sniff_word(s, (size_t)(e - s), out, &mill, &other);
		s = e;
	}
	/* Pawn moves such as e4 are squares too: a few say nothing. */
	out->mill_moves = !out->chess && !out->umla_moves && other == 0 &&
	                  mill >= 10;
}

int
um_pgn_sniff_text_score(const char *text, size_t size)
{
	um_sniffed s;
	um_sniff_text(text, size, &s);
	if (s.umla_moves)
		return 0;
	if (s.mill_tags & 1)
		return 100;
	return s.mill_moves ? 70 : 0;
}

int
um_pgn_claims(const unsigned char *head, size_t size, char *what,
              size_t whatsize)
{
	um_sniffed s;
	um_sniff(head, size, &s);
	if (s.mill_tags || s.mill_moves)
		return 0;
	if (s.chess && s.variant[0])
		snprintf(what, whatsize, "a game of %s (Variant \"%s\"), not mill PGN",
		         same_word(s.variant, strlen(s.variant), "standard")
		         ? "chess" : "a chess variant", s.variant);
	else if (s.chess)
		snprintf(what, whatsize, "a chess game in PGN, not mill PGN");
	else if (s.variant[0])
		snprintf(what, whatsize, "PGN of a game notate does not know "
		         "(Variant \"%s\")", s.variant);
	else
		snprintf(what, whatsize, "PGN that does not show a mill game (no "
		         "Variant tag naming one, no moves in mill notation)");
	return -1;
}

/* --- the form of a run's source ---------------------------------------- */

static long
peek_read(void *handle, void *buf, size_t size)
{
	um_source *s = handle;
	if (s->pos < s->size) {
		size_t n = s->size - s->pos;
		if (n > size)
			n = size;
		memcpy(buf, s->head + s->pos, n);
		s->pos += n;
		return (long)n;
	}
	if (s->read_errno != 0) {
		errno = s->read_errno;
		return -1;
	}
	return s->inner->read(s->inner->handle, buf, size);
}

static int
has_extension(const char *name, const char *ext)
{
	size_t n = strlen(name), e = strlen(ext);
	if (n <= e)
		return 0;
	for (size_t i = 0; i < e; i++)
		if (lower(name[n - e + i]) != ext[i])
			return 0;
	return 1;
}

/* Reads ahead the first bytes (a read that fails is told at its turn). */
static void
read_head(um_source *s)
{
	while (s->size < sizeof s->head) {
		long n = s->inner->read(s->inner->handle, s->head + s->size,
		                        sizeof s->head - s->size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			s->read_errno = errno ? errno : EIO;
		if (n <= 0)
			break;
		s->size += (size_t)n;
	}
}

int
um_source_open(um_source *s, nt_run *run)
{
	memset(s, 0, sizeof *s);
	s->run = run;
	s->inner = run->src;
	const char *name = run->src->name ? run->src->name : "";
	if (has_extension(name, ".pgn")) {
		s->pgn = 1;
		return 0;
	}
	if (has_extension(name, ".umla") || has_extension(name, ".uml"))
		return 0;
	read_head(s);
	um_sniffed sn;
	um_sniff(s->head, s->size, &sn);
	/* Chess has numbered moves too, but this file is the game's already:
	 * only the form is asked. */
	s->pgn = !sn.umla_moves && !sn.umla_tags &&
	         ((sn.mill_tags & 1) || sn.mill_moves || sn.pgn_tags ||
	          sn.pgn_numbers);
	s->src.read = peek_read;
	s->src.handle = s;
	s->src.name = run->src->name;
	run->src = &s->src;
	return 0;
}

void
um_source_close(um_source *s)
{
	s->run->src = s->inner;
}
