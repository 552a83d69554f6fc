/*
 * Canonical writing (spec 6.5).  The movetext is written as the replay
 * goes, into a temporary file, because the tags that come first (Result,
 * Termination, Plies) are known only at the end; memory stays bounded.
 * Words are filled greedily into lines of at most 78 characters.
 */
#include "games/bao/record.h"

#include <stdlib.h>
#include <string.h>

int
bao_writer_open(bao_writer *w)
{
	memset(w, 0, sizeof *w);
	w->spool = tmpfile();
	return w->spool ? 0 : -1;
}

void
bao_writer_close(bao_writer *w)
{
	if (w->spool)
		fclose(w->spool);
	w->spool = NULL;
	for (size_t i = 0; i < w->ntags; i++) {
		free(w->tags[i].name);
		free(w->tags[i].value);
	}
	free(w->tags);
	w->tags = NULL;
	w->ntags = 0;
}

/* Characters (not bytes) of UTF-8 text. */
static unsigned long
chars(const char *s, size_t n)
{
	unsigned long c = 0;
	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
	return c;
}

/* Writes text, following the column over any newline in it. */
static void
put(bao_writer *w, const char *s, size_t n)
{
	if (n > 0 && fwrite(s, 1, n, w->spool) != n)
		w->failed = 1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n')
			w->col = 0;
		else if (((unsigned char)s[i] & 0xC0) != 0x80)
			w->col++;
	}
}

/* The separator before a word whose first line is WIDTH characters. */
static void
place(bao_writer *w, unsigned long width)
{
	if (w->newline_due) {
		put(w, "\n", 1);
		w->newline_due = 0;
	} else if (w->col > 0) {
		if (w->col + 1 + width <= BAO_LINE_WIDTH)
			put(w, " ", 1);
		else
			put(w, "\n", 1);
	}
}

void
bao_writer_word(bao_writer *w, const char *text)
{
	size_t n = strlen(text);
	place(w, chars(text, n));
	put(w, text, n);
}

/* --- comments ------------------------------------------------------------- */

void
bao_comment_begin(bao_parse *p, int kind)
{
	if (p->mode != BAO_CONVERT)
		return;
	p->w.comment_kind = kind;
	p->w.comment_len = 0;
	p->w.comment_streaming = 0;
}

void
bao_comment_text(bao_parse *p, const unsigned char *s, size_t n)
{
	bao_writer *w = &p->w;
	if (p->mode != BAO_CONVERT)
		return;
	if (w->comment_streaming) {
		put(w, (const char *)s, n);
		return;
	}
	if (w->comment_len + n <= sizeof w->comment) {
		memcpy(w->comment + w->comment_len, s, n);
		w->comment_len += n;
		return;
	}
	/* Too long to place as a word: it gets a line of its own. */
	if (w->newline_due || w->col > 0)
		put(w, "\n", 1);
	w->newline_due = 0;
	char open = (char)w->comment_kind;
	put(w, &open, 1);
	put(w, w->comment, w->comment_len);
	put(w, (const char *)s, n);
	w->comment_streaming = 1;
}

void
bao_comment_end(bao_parse *p)
{
	bao_writer *w = &p->w;
	if (p->mode != BAO_CONVERT)
		return;
	if (!w->comment_streaming) {
		const char *nl = memchr(w->comment, '\n', w->comment_len);
		size_t first = nl ? (size_t)(nl - w->comment) : w->comment_len;
		unsigned long width = 1 + chars(w->comment, first) +
		                      (nl == NULL && w->comment_kind == '{');
		place(w, width);
		char open = (char)w->comment_kind;
		put(w, &open, 1);
		put(w, w->comment, w->comment_len);
	}
	if (w->comment_kind == '{')
		put(w, "}", 1);
	else
		w->newline_due = 1;
	w->comment_kind = 0;
	w->comment_streaming = 0;
}

/* --- tags ---------------------------------------------------------------- */

static char *
dup_bytes(const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

void
bao_writer_keep_tag(bao_writer *w, const bao_lexer *lx)
{
	if (w->tags_overflow)
		return;
	if (lx->name_cut || lx->value_cut) {
		w->tags_overflow = 1;
		w->overflow_loc = lx->tag_loc;
		return;
	}
	char *value = dup_bytes(lx->value_buf.data, lx->value_len);
	if (value == NULL) {
		w->failed = 1;
		return;
	}
	for (size_t i = 0; i < w->ntags; i++) {
		if (strcmp(w->tags[i].name, lx->name) == 0) {
			/* A repeated tag: the last one counts. */
			free(w->tags[i].value);
			w->tags[i].value = value;
			w->tags[i].value_len = lx->value_len;
			return;
		}
	}
	if (w->ntags == BAO_MAX_TAGS) {
		free(value);
		w->tags_overflow = 1;
		w->overflow_loc = lx->tag_loc;
		return;
	}
	if (w->tags == NULL) {
		w->tags = calloc(BAO_MAX_TAGS, sizeof *w->tags);
		if (w->tags == NULL) {
			free(value);
			w->failed = 1;
			return;
		}
	}
	char *name = dup_bytes(lx->name, lx->name_len);
	if (name == NULL) {
		free(value);
		w->failed = 1;
		return;
	}
	w->tags[w->ntags].name = name;
	w->tags[w->ntags].value = value;
	w->tags[w->ntags].value_len = lx->value_len;
	w->ntags++;
}

static const char *const known_tags[] = {
	"Game", "Event", "Site", "Date", "Round", "South", "North", "Rules",
	"SetUp", "Position", "Result", "Termination", "Plies", NULL
};

static const bao_tag *
find_tag(const bao_writer *w, const char *name)
{
	for (size_t i = 0; i < w->ntags; i++)
		if (strcmp(w->tags[i].name, name) == 0)
			return &w->tags[i];
	return NULL;
}

static int
is_known(const char *name)
{
	for (int i = 0; known_tags[i]; i++)
		if (strcmp(known_tags[i], name) == 0)
			return 1;
	return 0;
}

static int
write_tag(const nt_sink *out, const char *name, const char *value, size_t len)
{
	int rc = nt_sink_printf(out, "[%s \"", name);
	size_t from = 0;
	for (size_t i = 0; i < len && rc == 0; i++) {
		if (value[i] != '"' && value[i] != '\\')
			continue;
		rc |= nt_sink_write(out, value + from, i - from);
		rc |= nt_sink_write(out, value[i] == '"' ? "\\\"" : "\\\\", 2);
		from = i + 1;
	}
	rc |= nt_sink_write(out, value + from, len - from);
	rc |= nt_sink_puts(out, "\"]\n");
	return rc;
}

static int
write_kept(const nt_sink *out, const bao_writer *w, const char *name)
{
	const bao_tag *t = find_tag(w, name);
	return t ? write_tag(out, name, t->value, t->value_len) : 0;
}

static int
by_name(const void *a, const void *b)
{
	const bao_tag *const *x = a, *const *y = b;
	return strcmp((*x)->name, (*y)->name);
}

static int
write_tags(const bao_writer *w, const bao_parse *p, const nt_sink *out)
{
	const bao_tag *t;
	int rc = 0;
	t = find_tag(w, "Game");
	rc |= t ? write_tag(out, "Game", t->value, t->value_len)
	        : write_tag(out, "Game", "Bao la Kiswahili", 16);
	static const char *const plain[] = { "Event", "Site", "Date", "Round",
	                                     "South", "North", NULL };
	for (int i = 0; plain[i]; i++)
		rc |= write_kept(out, w, plain[i]);
	t = find_tag(w, "Rules");
	rc |= t ? write_tag(out, "Rules", t->value, t->value_len)
	        : write_tag(out, "Rules", "bao-kiswahili-1", 15);
	bao_pos initial;
	bao_pos_initial(&initial);
	if (!bao_pos_equal(&p->start, &initial)) {
		char pos[BAO_POS_TEXT];
		bao_pos_format(&p->start, pos);
		rc |= write_tag(out, "SetUp", "1", 1);
		rc |= write_tag(out, "Position", pos, strlen(pos));
	}
	const char *result = bao_result_text(&p->game);
	rc |= write_tag(out, "Result", result, strlen(result));
	if (p->game.over != BAO_ONGOING) {
		const char *how = p->game.over == BAO_HAMNA ? "hamna" : "immobile";
		rc |= write_tag(out, "Termination", how, strlen(how));
	}
	char plies[32];
	snprintf(plies, sizeof plies, "%ld", p->game.plies);
	rc |= write_tag(out, "Plies", plies, strlen(plies));
	const bao_tag *others[BAO_MAX_TAGS];
	size_t n = 0;
	for (size_t i = 0; i < w->ntags; i++)
		if (!is_known(w->tags[i].name))
			others[n++] = &w->tags[i];
	qsort(others, n, sizeof others[0], by_name);
	for (size_t i = 0; i < n; i++)
		rc |= write_tag(out, others[i]->name, others[i]->value,
		                others[i]->value_len);
	return rc;
}

int
bao_writer_finish(bao_writer *w, const bao_parse *p, const nt_sink *out)
{
	put(w, "\n", 1);
	if (w->failed || fflush(w->spool) != 0)
		return -1;
	if (write_tags(w, p, out) != 0 || nt_sink_puts(out, "\n") != 0)
		return -1;
	rewind(w->spool);
	char buf[8192];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, w->spool)) > 0)
		if (nt_sink_write(out, buf, n) != 0)
			return -1;
	return ferror(w->spool) ? -1 : 0;
}
