/*
 * Mill PGN and .umla writers over one record model (umlabalaba-pgn.md 6):
 * the tags in their fixed order, then the comments before the first move
 * one a line, then the moves, each comment after its move.
 */
#include "games/umlabalaba/write.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "games/umlabalaba/pgn.h"
#include "games/umlabalaba/codes.h"
#include "games/umlabalaba/pgn_rules.h"
#include "games/umlabalaba/squares.h"

static const char *const fixed_keys[UM_TAG_COUNT] = {
	"Event", "Site", "Date", "Round", "White", "Black", "Result"
};

/* Keys the writers make themselves or drop (6.1, 6.2). */
static const char *const dropped_keys[] = {
	"Variant", "PlyCount", "Options", "Rules", "Board", "Notation", "FEN",
	"SetUp", NULL
};

static const char *const rule_keys[UM_HDR_COUNT] = { "Rules", "Board",
                                                      "Options" };

/* --- output ------------------------------------------------------------ */

static void
put(um_writer *w, FILE *f, const char *s, size_t n)
{
	if (n > 0 && fwrite(s, 1, n, f) != n)
		w->failed = 1;
}

static void
puts_to(um_writer *w, FILE *f, const char *s)
{
	put(w, f, s, strlen(s));
}

static void
printf_to(um_writer *w, FILE *f, const char *fmt, ...) NT_PRINTF(3, 4);

static void
printf_to(um_writer *w, FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (vfprintf(f, fmt, ap) < 0)
		w->failed = 1;
	va_end(ap);
}

/* A tag line, its value escaped as the target form needs. */
static void
put_tag(um_writer *w, FILE *f, const char *key, const char *value, size_t len)
{
	printf_to(w, f, "[%s \"", key);
	size_t from = 0;
	for (size_t i = 0; i < len; i++) {
		const char *instead = NULL;
		if (w->target == UM_WRITE_PGN && value[i] == '\\')
			instead = "\\\\";
		else if (value[i] == '"')
			instead = w->target == UM_WRITE_PGN ? "\\\"" : "'";
		if (instead == NULL)
			continue;
		put(w, f, value + from, i - from);
		puts_to(w, f, instead);
		from = i + 1;
	}
	put(w, f, value + from, len - from);
	puts_to(w, f, "\"]\n");
}

/* Copies a temporary file to the output. */
static int
copy_out(um_writer *w, FILE *f)
{
	char buf[8192];
	if (fflush(f) != 0 || fseek(f, 0, SEEK_SET) != 0)
		return -1;
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		if (nt_sink_write(w->run->out, buf, n) != 0)
			return -1;
	return ferror(f) ? -1 : 0;
}

/* Appends the held comments after the move just written, and empties
 * the file for the next ones. */
static void
release_held(um_writer *w)
{
	if (w->held == NULL || w->held_after > w->written)
		return;
	long len = ftell(w->held);
	if (len <= 0)
		return;
	char buf[8192];
	if (fflush(w->held) != 0 || fseek(w->held, 0, SEEK_SET) != 0) {
		w->failed = 1;
		return;
	}
	while (len > 0) {
		size_t want = (size_t)len < sizeof buf ? (size_t)len : sizeof buf;
		size_t n = fread(buf, 1, want, w->held);
		if (n == 0) {
			w->failed = 1;
			break;
		}
		put(w, w->body, buf, n);
		len -= (long)n;
	}
	if (fseek(w->held, 0, SEEK_SET) != 0)
		w->failed = 1;
}

/* --- refusals ---------------------------------------------------------- */

static void
refuse(um_writer *w, enum um_code code, nt_loc at, nt_loc end, long index,
       const char *fmt, ...) NT_PRINTF(6, 7);

static void
refuse(um_writer *w, enum um_code code, nt_loc at, nt_loc end, long index,
       const char *fmt, ...)
{
	char message[NT_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(message, sizeof message, fmt, ap);
	va_end(ap);
	w->refused = 1;
	nt_emit(&w->run->rep, &um_codes[code], at, end, 1, index, "%s", message);
}

/* Whether the Options value names the option ID. */
static int
options_set(const um_writer *w, int id)
{
	const char *s = w->options;
	while (*s) {
		while (*s == ' ')
			s++;
		const char *e = s;
		while (*e && *e != ' ')
			e++;
		if (e > s && um_option_of_item(s, (size_t)(e - s)) == id)
			return 1;
		s = e;
	}
	return 0;
}

/* The header line that gives option DIFFER its value (6.1). */
static int
giving_header(const um_writer *w, int differ)
{
	if (differ == UM_PGN_BOARD)
		return w->has_header[UM_HDR_BOARD] ? UM_HDR_BOARD : UM_HDR_RULES;
	if (options_set(w, differ))
		return UM_HDR_OPTIONS;
	if (differ == UM_OPT_DIAGONALS) {
		um_rules scratch;
		int preset_sets = 0;
		um_rules_default(&scratch);
		if (w->preset[0])
			um_rules_preset(&scratch, w->preset, &preset_sets);
		if (!preset_sets && w->has_header[UM_HDR_BOARD])
			return UM_HDR_BOARD;
	}
	return UM_HDR_RULES;
}

/* .umla to PGN: rules Sanmill has, and the two replays set up. */
static void
check_equivalent(um_writer *w, const um_rules *r)
{
	int differ = 0;
	w->variant = um_pgn_variant_of(r, &differ);
	if (w->variant < 0) {
		int h = giving_header(w, differ);
		char why[300], q[64];
		um_pgn_no_equivalent(r, differ, why, sizeof why);
		nt_loc at = { 1, 1 };
		nt_loc end = at;
		if (w->has_header[h]) {
			at = w->header_at[h];
			end = w->header_end[h];
		}
		const char *value = h == UM_HDR_OPTIONS ? w->options
		                  : h == UM_HDR_RULES ? w->preset
		                  : r->points == 25 ? "25" : "24";
		nt_quote(q, sizeof q, value, strlen(value));
		refuse(w, UM_PGN_NO_EQUIVALENT, at, end, 0,
		       "%s \"%s\": %s", rule_keys[h], q, why);
		return;
	}
	um_pgn_variant_rules(&w->variant_rules, w->variant);
	w->variant_rules.first = r->first;
	um_board_build(&w->board, r);
	um_board_build(&w->variant_board, &w->variant_rules);
	um_game_init(&w->own, r, &w->board);
	um_game_init(&w->theirs, &w->variant_rules, &w->variant_board);
	w->diverged = -1;
}

static void
note_verdict(um_verdict_seen *seen, long index, const um_verdict *v)
{
	seen->index = index;
	seen->code = v->code;
	snprintf(seen->message, sizeof seen->message, "%s", v->message);
}

/* Plays M under both rule sets; the first move they judge otherwise is
 * where Sanmill's game would go elsewhere. */
static void
compare_move(um_writer *w, const um_move *m)
{
	if (w->compared || w->diverged >= 0)
		return;
	um_verdict v;
	int own_now = 0, their_now = 0;
	if (w->own_v.index == 0 && um_play(&w->own, m, &v) != 0) {
		note_verdict(&w->own_v, m->index, &v);
		own_now = 1;
	}
	if (w->their_v.index == 0 && um_play(&w->theirs, m, &v) != 0) {
		note_verdict(&w->their_v, m->index, &v);
		their_now = 1;
	}
	if (own_now && their_now) {
		w->compared = 1;
		if (w->own_v.code == w->their_v.code)
			return;
	} else if (!own_now && !their_now) {
		return;
	}
	const char *name = um_pgn_variant_name(w->variant);
	w->diverged = m->index;
	w->diverged_at = m->loc;
	w->diverged_end = m->end;
	if (their_now && !own_now)
		snprintf(w->diverged_why, sizeof w->diverged_why, "move %ld: under "
		         "Sanmill's %s rules (which read no Options tag) it is %s: "
		         "%.700s", m->index, name, um_codes[w->their_v.code].code,
		         w->their_v.message);
	else if (own_now && !their_now)
		snprintf(w->diverged_why, sizeof w->diverged_why, "move %ld: the "
		         "file's rules make it %s, but under Sanmill's %s rules "
		         "(which read no Options tag) it is legal", m->index,
		         um_codes[w->own_v.code].code, name);
	else
		snprintf(w->diverged_why, sizeof w->diverged_why, "move %ld: the "
		         "file's rules make it %s, Sanmill's %s rules %s", m->index,
		         um_codes[w->own_v.code].code, name,
		         um_codes[w->their_v.code].code);
}

/* --- the events -------------------------------------------------------- */

static void
on_header(void *ctx, const char *key, const char *value, size_t len,
          nt_loc at, nt_loc end)
{
	um_writer *w = ctx;
	for (int i = 0; i < UM_TAG_COUNT; i++)
		if (strcmp(key, fixed_keys[i]) == 0) {
			if (w->fixed[i] != NULL)
				return;   /* the first one counts, the others go */
			w->fixed[i] = malloc(len + 1);
			if (w->fixed[i] == NULL) {
				w->failed = 1;
				return;
			}
			memcpy(w->fixed[i], value, len);
			w->fixed[i][len] = '\0';
			w->fixed_len[i] = len;
			if (i == UM_TAG_RESULT) {
				w->has_result_header = 1;
				w->result_at = at;
			}
			return;
		}
	for (int h = 0; h < UM_HDR_COUNT; h++)
		if (strcmp(key, rule_keys[h]) == 0 && !w->has_header[h]) {
			w->has_header[h] = 1;
			w->header_at[h] = at;
			w->header_end[h] = end;
			char *into = h == UM_HDR_RULES ? w->preset
			           : h == UM_HDR_OPTIONS ? w->options : NULL;
			size_t room = h == UM_HDR_RULES ? sizeof w->preset
			                                : sizeof w->options;
			if (into != NULL)
				snprintf(into, room, "%.*s", (int)len, value);
		}
	for (int i = 0; dropped_keys[i] != NULL; i++)
		if (strcmp(key, dropped_keys[i]) == 0)
			return;
	put_tag(w, w->tags, key, value, len);
}

static void
on_rules(void *ctx, const um_rules *rules)
{
	um_writer *w = ctx;
	if (rules == NULL)
		return;
	w->rules_copy = *rules;
	w->rules = &w->rules_copy;
	if (w->check_variant)
		check_equivalent(w, w->rules);
}

static void
on_comment_begin(void *ctx, int brace, long after)
{
	um_writer *w = ctx;
	w->comment_brace = brace;
	w->comment_header = after == 0;
	w->comment_any = 0;
	w->nblanks = 0;
	if (after == 0 || after <= w->written) {
		w->comment_to = w->body;
	} else {
		if (w->held == NULL && (w->held = tmpfile()) == NULL)
			w->failed = 1;
		/* Only the move being read has comments waiting (its reader
		 * hands a move on as soon as the next one begins). */
		w->held_after = after;
		w->comment_to = w->held;
	}
	if (w->comment_to == NULL)
		return;
	if (!w->comment_header)
		puts_to(w, w->comment_to, " ");
	puts_to(w, w->comment_to, brace ? "{" : "{ ");
}

static int
is_blank(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* A ';' comment becomes { text }: its blanks at both ends go, and so
 * does any '}', since Sanmill reads all lines as one (6.1). */
static void
line_comment_text(um_writer *w, const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '}')
			continue;
		if (is_blank(s[i])) {
			if (!w->comment_any)
				continue;
			if (w->nblanks == sizeof w->blanks) {
				put(w, w->comment_to, w->blanks, w->nblanks);
				w->nblanks = 0;
			}
			w->blanks[w->nblanks++] = (char)s[i];
			continue;
		}
		put(w, w->comment_to, w->blanks, w->nblanks);
		w->nblanks = 0;
		w->comment_any = 1;
		put(w, w->comment_to, (const char *)s + i, 1);
	}
}

static void
on_comment_text(void *ctx, const unsigned char *text, size_t len)
{
	um_writer *w = ctx;
	if (w->comment_to == NULL)
		return;
	if (w->comment_brace)
		put(w, w->comment_to, (const char *)text, len);
	else
		line_comment_text(w, text, len);
}

static void
on_comment_end(void *ctx)
{
	um_writer *w = ctx;
	if (w->comment_to == NULL)
		return;
	puts_to(w, w->comment_to, w->comment_brace ? "}" : " }");
	if (w->comment_header)
		puts_to(w, w->comment_to, "\n");
	w->comment_to = NULL;
}

/* Whether a move number is written as WANT: plain decimal. */
static int
number_is(const um_num *n, long want)
{
	char digits[24];
	snprintf(digits, sizeof digits, "%ld", want);
	return strcmp(n->text, digits) == 0;
}

/* A point as the target form writes it. */
static void
put_point(um_writer *w, int p)
{
	if (w->target == UM_WRITE_PGN)
		puts_to(w, w->body, um_square_name(p) ? um_square_name(p) : "?");
	else
		printf_to(w, w->body, w->target == UM_WRITE_ELECTRONIC ? "%02d" : "%d",
		          p);
}

/* The move's number as written (a cut one as far as it was kept). */
static void
put_number(um_writer *w, const um_move *m, long slot)
{
	if (!m->has_number) {
		printf_to(w, w->body, "%ld", slot);
		return;
	}
	size_t n = strlen(m->number.text);
	if (m->number.len >= sizeof m->number.text)
		n = sizeof m->number.text - 4;
	put(w, w->body, m->number.text, n);
}

static void
put_turn(um_writer *w, const um_move *m)
{
	long ncaps = m->ncaps < UM_MAX_CAPTURES ? m->ncaps : UM_MAX_CAPTURES;
	if (w->target == UM_WRITE_PGN) {
		if (m->kind == UM_MOVE) {
			put_point(w, m->from);
			puts_to(w, w->body, "-");
		}
		put_point(w, m->to);
		for (long i = 0; i < ncaps; i++) {
			puts_to(w, w->body, "x");
			put_point(w, m->caps[i]);
		}
		return;
	}
	puts_to(w, w->body, m->side == UM_BLACK ? "B" : "W");
	if (m->kind == UM_MOVE)
		put_point(w, m->from);
	puts_to(w, w->body, ">");
	put_point(w, m->to);
	for (long i = 0; i < ncaps; i++) {
		puts_to(w, w->body, "<");
		put_point(w, m->caps[i]);
	}
}

/* 6.1 and 6.2: a first-player move starts a line, the next one joins it. */
static void
write_move(um_writer *w, const um_move *m)
{
	int first = m->side == w->rules->first;
	long slot = (m->index + 1) / 2;
	int joins = !first && w->prev_first && w->line_open;
	/* In PGN a second-player turn says whose it is by its place alone. */
	if (joins && w->target == UM_WRITE_PGN && m->has_number &&
	    !number_is(&m->number, slot))
		joins = 0;
	if (joins)
		puts_to(w, w->body, " ");
	else if (w->line_open)
		puts_to(w, w->body, "\n");
	if (w->target != UM_WRITE_PGN) {
		put_number(w, m, slot);
	} else if (!joins) {
		put_number(w, m, slot);
		puts_to(w, w->body, first ? ". " : "... ");
	}
	put_turn(w, m);
	w->line_open = 1;
	w->prev_first = first;
	w->written = m->index;
	w->shots += m->ncaps;
	release_held(w);
}

static void
on_move(void *ctx, const um_move *m)
{
	um_writer *w = ctx;
	if (w->rules == NULL || w->refused)
		return;
	if (w->check_variant && m->kind == UM_REMOVE) {
		/* The record's replay has reported it if it judged it so. */
		um_verdict v;
		int told = w->own_v.index == 0 && um_play(&w->own, m, &v) != 0 &&
		           v.code == UM_BAD_ILOBOLA;
		if (!told)
			refuse(w, UM_BAD_ILOBOLA, m->loc, m->end, m->index, "'%s': an "
			       "ilobola removal has no mill PGN form (Sanmill's "
			       "variants never owe one)", m->text);
		w->refused = 1;
		return;
	}
	if (w->check_variant)
		compare_move(w, m);
	write_move(w, m);
}

/* --- the whole record -------------------------------------------------- */

int
um_writer_open(um_writer *w, nt_run *run, int target, int from_pgn)
{
	memset(w, 0, sizeof *w);
	w->run = run;
	w->target = target;
	w->from_pgn = from_pgn;
	w->check_variant = target == UM_WRITE_PGN && !from_pgn;
	w->diverged = -1;
	w->tags = tmpfile();
	w->body = tmpfile();
	return w->tags != NULL && w->body != NULL ? 0 : -1;
}

void
um_writer_events(um_writer *w, um_events *ev)
{
	ev->ctx = w;
	ev->header = on_header;
	ev->rules = on_rules;
	ev->comment_begin = on_comment_begin;
	ev->comment_text = on_comment_text;
	ev->comment_end = on_comment_end;
	ev->move = on_move;
}

/* The name tag of a role: PGN's White is the first player (Blac first). */
static int
name_tag(const um_writer *w, int first_player)
{
	int side = first_player ? w->rules->first : !w->rules->first;
	/* A PGN source names by role, a .umla one by colour. */
	if (w->from_pgn)
		return first_player ? UM_TAG_WHITE : UM_TAG_BLACK;
	return side == UM_BLACK ? UM_TAG_BLACK : UM_TAG_WHITE;
}

static void
fixed_or(um_writer *w, FILE *f, int tag, const char *key, const char *dflt)
{
	if (w->fixed[tag] != NULL)
		put_tag(w, f, key, w->fixed[tag], w->fixed_len[tag]);
	else if (dflt != NULL)
		put_tag(w, f, key, dflt, strlen(dflt));
}

static void
pgn_tags(um_writer *w, FILE *f, int result)
{
	static const char *const unknown[] = { "?", "?", "????.??.??", "?" };
	for (int i = UM_TAG_EVENT; i <= UM_TAG_ROUND; i++)
		fixed_or(w, f, i, fixed_keys[i], unknown[i]);
	fixed_or(w, f, name_tag(w, 1), "White", "?");
	fixed_or(w, f, name_tag(w, 0), "Black", "?");
	const char *r = um_pgn_result_text(w->rules, result);
	put_tag(w, f, "Result", r, strlen(r));
	int variant = w->check_variant ? w->variant : -1;
	if (variant < 0) {
		int ignored;
		variant = um_pgn_variant_of(w->rules, &ignored);
	}
	const char *name = um_pgn_variant_name(variant);
	put_tag(w, f, "Variant", name, strlen(name));
	char count[32];
	snprintf(count, sizeof count, "%ld", w->written + w->shots);
	put_tag(w, f, "PlyCount", count, strlen(count));
	um_rules base;
	um_pgn_variant_rules(&base, variant);
	char items[512];
	um_rules_items_differing(w->rules, &base, 1, items, sizeof items);
	if (items[0])
		put_tag(w, f, "Options", items, strlen(items));
}

static void
umla_tags(um_writer *w, FILE *f, int result)
{
	for (int i = UM_TAG_EVENT; i <= UM_TAG_ROUND; i++)
		fixed_or(w, f, i, fixed_keys[i], NULL);
	const char *first_key = w->rules->first == UM_BLACK ? "Black" : "White";
	const char *second_key = w->rules->first == UM_BLACK ? "White" : "Black";
	fixed_or(w, f, name_tag(w, 1), first_key, NULL);
	fixed_or(w, f, name_tag(w, 0), second_key, NULL);
	if (result >= 0) {
		const char *r = um_result_text(result);
		put_tag(w, f, "Result", r, strlen(r));
	}
	puts_to(w, f, "[Variant \"umlabalaba\"]\n[Rules \"gar\"]\n");
	um_rules gar;
	um_rules_default(&gar);
	char items[512];
	um_rules_items_differing(w->rules, &gar, 0, items, sizeof items);
	if (items[0])
		put_tag(w, f, "Options", items, strlen(items));
	printf_to(w, f, "[Notation \"%s\"]\n", w->target == UM_WRITE_ELECTRONIC
	          ? "electronic" : "plain");
}

/* The Result a .umla record declares, as a replay's result. */
static int
declared_of_umla(const um_writer *w)
{
	static const char *const words[] = { "*", "B", "W", "D" };
	static const int results[] = { UM_ONGOING, UM_BLACK_WON, UM_WHITE_WON,
	                               UM_DRAWN };
	for (int i = 0; i < 4; i++)
		if (w->fixed[UM_TAG_RESULT] &&
		    strcmp(w->fixed[UM_TAG_RESULT], words[i]) == 0)
			return results[i];
	return -1;
}

/* 6.1: Sanmill must reach the same verdict, to the result. */
static void
check_result(um_writer *w)
{
	if (w->diverged >= 0 || w->compared || w->own_v.index != 0 ||
	    w->their_v.index != 0 || w->own.result == w->theirs.result)
		return;
	char how[160];
	um_describe_end(&w->theirs, how, sizeof how);
	w->diverged = 0;
	w->diverged_at.line = w->diverged_at.col = 1;
	if (w->has_result_header)
		w->diverged_at = w->result_at;
	w->diverged_end = w->diverged_at;
	snprintf(w->diverged_why, sizeof w->diverged_why, "the file's rules "
	         "leave the game %s, but Sanmill's %s rules (which read no "
	         "Options tag) give %s: %s",
	         um_pgn_result_text(w->rules, w->own.result),
	         um_pgn_variant_name(w->variant),
	         um_pgn_result_text(w->rules, w->theirs.result), how);
}

int
um_writer_finish(um_writer *w, int readable, int declared, int replayed)
{
	if (!readable || w->rules == NULL || w->refused)
		return 1;
	if (w->check_variant) {
		check_result(w);
		if (w->diverged >= 0) {
			refuse(w, UM_PGN_VARIANT_DIVERGES, w->diverged_at,
			       w->diverged_end, w->diverged, "%s", w->diverged_why);
			return 1;
		}
		declared = declared_of_umla(w);
	}
	if (w->target == UM_WRITE_PGN) {
		const char *end = um_pgn_result_text(w->rules, declared >= 0 ? declared
		                                                           : replayed);
		printf_to(w, w->body, "%s%s\n", w->line_open ? " " : "", end);
	} else if (w->line_open) {
		puts_to(w, w->body, "\n");
	}
	FILE *head = tmpfile();
	if (head == NULL)
		return -1;
	if (w->target == UM_WRITE_PGN)
		pgn_tags(w, head, declared >= 0 ? declared : replayed);
	else
		umla_tags(w, head, declared);
	int rc = 0;
	if (w->failed || copy_out(w, head) != 0 || copy_out(w, w->tags) != 0 ||
	    nt_sink_write(w->run->out, "\n", 1) != 0 || copy_out(w, w->body) != 0)
		rc = -1;
	fclose(head);
	return rc;
}

void
um_writer_close(um_writer *w)
{
	FILE *files[] = { w->tags, w->body, w->held };
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
		if (files[i] != NULL)
			fclose(files[i]);
	for (int i = 0; i < UM_TAG_COUNT; i++)
		free(w->fixed[i]);
	um_game_free(&w->own);
	um_game_free(&w->theirs);
	memset(w, 0, sizeof *w);
}
