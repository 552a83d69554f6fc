#include "cli/context.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/report.h"

#define CHUNK 65536
/* Columns of a line shown: a long line is cut around the caret. */
#define SHOWN 100
#define BEFORE_CARET 40
/* Bytes kept of the shown part: a run of stray UTF-8 continuation bytes
 * takes no column, so columns alone would not bound it. */
#define SHOWN_BYTES 1024

void
context_init(context *ctx)
{
	memset(ctx, 0, sizeof *ctx);
	ctx->fd = -1;
}

static int
is_regular(int fd)
{
	struct stat st;
	return fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
}

static void
start_over(context *ctx, const nt_game *game)
{
	ctx->layout = nt_game_layout(game);
	ctx->line = 1;
	ctx->at = ctx->base;
	if (ctx->chunk == NULL)
		ctx->chunk = malloc(CHUNK);
	if (ctx->chunk == NULL)
		context_detach(ctx);
}

void
context_attach(context *ctx, int fd, off_t base, const nt_game *game)
{
	context_detach(ctx);
	if (fd < 0 || game == NULL || !is_regular(fd))
		return;
	ctx->fd = fd;
	ctx->base = base;
	start_over(ctx, game);
}

void
context_open(context *ctx, const char *path, const nt_game *game)
{
	context_detach(ctx);
	if (game == NULL || strcmp(path, "-") == 0)
		return;
	/* O_NONBLOCK: the path may have become a FIFO since it was checked. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return;
	if (!is_regular(fd)) {
		close(fd);
		return;
	}
	ctx->fd = fd;
	ctx->owned = 1;
	ctx->base = 0;
	start_over(ctx, game);
}

void
context_detach(context *ctx)
{
	if (ctx->owned && ctx->fd >= 0)
		close(ctx->fd);
	ctx->fd = -1;
	ctx->owned = 0;
}

void
context_free(context *ctx)
{
	context_detach(ctx);
	free(ctx->chunk);
	ctx->chunk = NULL;
}

static ssize_t
read_at(context *ctx, off_t at)
{
	ssize_t n;
	do
		n = pread(ctx->fd, ctx->chunk, CHUNK, at);
	while (n < 0 && errno == EINTR);
	return n;
}

/*
 * The offset where line WANT starts, or -1 when the file is shorter.  The
 * search goes on from the last line found: diagnostics mostly come in
 * order, so a file is read about once however many lines are shown.
 */
static off_t
line_start(context *ctx, unsigned long want)
{
	if (want < ctx->line) {
		ctx->line = 1;
		ctx->at = ctx->base;
	}
	unsigned long line = ctx->line;
	off_t start = ctx->at, at = ctx->at;
	int after_cr = 0;
	for (;;) {
		ssize_t n = read_at(ctx, at);
		if (n <= 0)
			break;
		for (ssize_t i = 0; i < n; i++) {
			unsigned char b = ctx->chunk[i];
			if (line == want && !(after_cr && b == '\n')) {
				ctx->line = line;
				ctx->at = start;
				return start;
			}
			/* CR LF ends one line, where a CR alone ends one too. */
			if (b == '\n' || (b == '\r' && ctx->layout.cr_ends_line)) {
				if (!(after_cr && b == '\n'))
					line++;
				start = at + i + 1;
			}
			after_cr = b == '\r' && ctx->layout.cr_ends_line;
		}
		at += n;
	}
	/* The end of the file: the last line may be empty, after its newline. */
	return line == want ? start : -1;
}

/* The part of a line that is shown, and where it is cut. */
typedef struct shown_line {
	unsigned char text[SHOWN_BYTES + 1];
	size_t len;
	unsigned long first;       /* the column of its first character */
	int cut_before, cut_after;
} shown_line;

static void
keep(shown_line *s, unsigned char b)
{
	if (s->len < SHOWN_BYTES)
		s->text[s->len++] = b;
}

/* Reads the part of the line at START shown from column FIRST on. */
static void
read_view(context *ctx, off_t start, unsigned long first, shown_line *s)
{
	s->len = 0;
	s->first = first;
	s->cut_before = first > 1;
	s->cut_after = 0;
	unsigned long col = 1, end = first + SHOWN;
	int in_view = 0;
	unsigned char prev = 0;   /* the byte before, for joined_byte */
	for (off_t at = start;;) {
		ssize_t n = read_at(ctx, at);
		if (n <= 0)
			break;
		ssize_t i = 0;
		/* A byte-order mark at the start takes no column (nor space). */
		if (at == ctx->base && n >= 3 && memcmp(ctx->chunk, "\xEF\xBB\xBF", 3) == 0) {
			i = 3;
			prev = 0xBF;
		}
		for (; i < n; i++) {
			unsigned char b = ctx->chunk[i];
			if (b == '\n' || (b == '\r' && ctx->layout.cr_ends_line))
				goto done;
			/* A CR before the LF is part of the line end, not a blank. */
			if (b == '\r' && i + 1 < n && ctx->chunk[i + 1] == '\n')
				goto done;
			/* As the lexers count: a continuation byte after another
			   byte of a sequence takes no column. */
			int joined = (b & 0xC0) == 0x80 && prev >= 0x80;
			prev = b;
			if (joined) {
				if (in_view)
					keep(s, b);
				continue;
			}
			if (col >= end) {
				s->cut_after = 1;
				goto done;
			}
			in_view = col >= first;
			if (in_view)
				keep(s, b);
			col++;
		}
		at += n;
	}
done:
	/* (A CR whose LF is in the next chunk.) */
	while (s->len > 0 && s->text[s->len - 1] == '\r' && !s->cut_after)
		s->len--;
	s->text[s->len] = '\0';
}

/*
 * Reads the shown part of the line at START around column CARET: the
 * whole line when it fits, else the part around the caret.
 */
static void
read_shown(context *ctx, off_t start, unsigned long caret, shown_line *s)
{
	read_view(ctx, start, 1, s);
	if (s->cut_after && caret > SHOWN - BEFORE_CARET / 2)
		read_view(ctx, start, caret - BEFORE_CARET, s);
}

/*
 * Whether byte I of TEXT takes no column: a continuation byte after
 * another byte of a sequence.  The kept text starts on a column, so its
 * first byte takes one.
 */
static int
joined_byte(const unsigned char *text, size_t i)
{
	return (text[i] & 0xC0) == 0x80 && i > 0 && text[i - 1] >= 0x80;
}

/*
 * Writes TEXT as a terminal may show it: control bytes and bytes that are
 * not UTF-8 as '?', so that a record cannot send escape sequences.  A tab
 * stays a tab (and a CR a blank): the caret line copies the tabs, so the
 * two lines stay aligned wherever the terminal's tab stops are.
 */
static void
write_clean(FILE *to, const unsigned char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char b = text[i];
		if (b == '\t' || b == '\r') {
			fputc(b == '\t' ? '\t' : ' ', to);
		} else if (b < 0x20 || b == 0x7F) {
			fputc('?', to);
		} else if (b < 0x80) {
			fputc(b, to);
		} else if ((b & 0xC0) != 0x80) {
			size_t n = nt_utf8_length(text + i, len - i);
			if (n == 0) {
				fputc('?', to);
			} else {
				fwrite(text + i, 1, n, to);
				i += n - 1;
			}
		} else if (!joined_byte(text, i)) {
			fputc('?', to);   /* a stray continuation byte: a column */
		}
		/* One after a broken sequence takes no column: dropped. */
	}
}

/* Blanks under the first COLUMNS characters of S: a tab under a tab. */
static void
caret_padding(FILE *to, const shown_line *s, unsigned long columns)
{
	for (size_t i = 0; i < s->len && columns > 0; i++) {
		if (joined_byte((const unsigned char *)s->text, i))
			continue;
		fputc(s->text[i] == '\t' ? '\t' : ' ', to);
		columns--;
	}
	while (columns-- > 0)
		fputc(' ', to);
}

/*
 * The rest of a span on the caret's line, as GCC marks it: '~' under each
 * character shown after the caret, a tab under a tab to stay aligned.
 * AFTER counts the characters of S before the caret's.
 */
static void
underline(FILE *to, const shown_line *s, unsigned long after,
          unsigned long count)
{
	for (size_t i = 0; i < s->len && count > 0; i++) {
		if (joined_byte((const unsigned char *)s->text, i))
			continue;
		if (after > 0) {
			after--;
			continue;
		}
		fputc(s->text[i] == '\t' ? '\t' : '~', to);
		count--;
	}
}

/*
 * A binary record has no line to read again: the reader gives the move as
 * notate writes it, each of its lines shown in the margin, the first one
 * marked whole.
 */
static void
show_given(FILE *to, const char *text, int color)
{
	const char *first_end = strchr(text, '\n');
	size_t first = first_end ? (size_t)(first_end - text) : strlen(text);
	for (const char *line = text; *line;) {
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);
		fputs("      | ", to);
		write_clean(to, (const unsigned char *)line, n);
		fputc('\n', to);
		if (line == text) {
			fputs("      | ", to);
			fputs(color ? "\033[1;32m" : "", to);
			for (size_t i = 0; i < first; i++)
				if (!joined_byte((const unsigned char *)text, i))
					fputc(i == 0 ? '^' : '~', to);
			fputs(color ? "\033[0m\n" : "\n", to);
		}
		line += n + (nl != NULL);
	}
}

void
context_show(context *ctx, FILE *to, const nt_diag *d, int color)
{
	if (d->place != NULL) {
		if (d->place->context != NULL && d->place->context[0] != '\0')
			show_given(to, d->place->context, color);
		return;
	}
	if (ctx->fd < 0 || d->begin.line == 0)
		return;
	off_t start = line_start(ctx, d->begin.line);
	if (start < 0)
		return;
	unsigned long caret = d->begin.col > 0 ? d->begin.col : 1;
	shown_line s;
	read_shown(ctx, start, caret, &s);
	/* The margin is wide enough for any line number: the bars line up. */
	char number[24];
	int width = snprintf(number, sizeof number, "%5lu", d->begin.line);
	fprintf(to, "%s | %s", number, s.cut_before ? "..." : "");
	write_clean(to, s.text, s.len);
	fprintf(to, "%s\n%*s | %s", s.cut_after ? "..." : "", width, "",
	        s.cut_before ? "   " : "");
	caret_padding(to, &s, caret - s.first);
	/* A span that goes on to a later line is marked to this line's end. */
	unsigned long rest = d->end.line > d->begin.line ? (unsigned long)-1
	                   : d->end.col > caret ? d->end.col - caret : 0;
	fputs(color ? "\033[1;32m^" : "^", to);
	underline(to, &s, caret - s.first + 1, rest);
	fputs(color ? "\033[0m\n" : "\n", to);
}
