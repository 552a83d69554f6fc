/*
 * The input buffer's size never shows (core/input.h): every backgammon
 * record gives the same status, figures, diagnostics and output through
 * check, convert (to both forms) and fmt with the smallest buffer
 * (NT_INPUT_MIN_SIZE, 64 bytes), one byte more, an odd size, and the
 * default.  A small buffer splits tokens across refills.
 * Every shared sample is run, and records whose cells are longer than a
 * small buffer holds.
 */
#include <dirent.h>
#include <sys/stat.h>

#include "backgammon/records_util.h"

enum { OP_CHECK, OP_MAT, OP_SHEET, OP_FMT, OP_COUNT };

static const char *const op_name[OP_COUNT] = {
	"check", "convert --to mat", "convert --to sheet", "fmt"
};

/* 0 is the default size. */
static const size_t sizes[] = { 0, 64, 65, 97 };
#define NSIZES (sizeof sizes / sizeof sizes[0])

typedef struct text_src {
	const char *text;
	size_t len, pos;
} text_src;

static long
text_read(void *handle, void *buf, size_t size)
{
	text_src *s = handle;
	size_t n = s->len - s->pos;
	if (n > size)
		n = size;
	memcpy(buf, s->text + s->pos, n);
	s->pos += n;
	return (long)n;
}

typedef struct text_sink {
	char *buf;
	size_t len, cap;
} text_sink;

static int
text_write(void *handle, const void *data, size_t size)
{
	text_sink *s = handle;
	if (s->len + size + 1 > s->cap) {
		size_t cap = s->cap ? s->cap : 4096;
		while (cap < s->len + size + 1)
			cap *= 2;
		char *b = realloc(s->buf, cap);
		if (b == NULL)
			return -1;
		s->buf = b;
		s->cap = cap;
	}
	memcpy(s->buf + s->len, data, size);
	s->len += size;
	s->buf[s->len] = '\0';
	return 0;
}

static void
collect(void *user, const nt_diag *d)
{
	ts_result *r = user;
	if (r->ndiags == TS_MAX_DIAGS)
		return;
	ts_diag *t = &r->diags[r->ndiags++];
	snprintf(t->code, sizeof t->code, "%s", d->code);
	nt_format_diag(d, t->line, sizeof t->line);
}

/* One operation on TEXT with a buffer of SIZE bytes; the output in R. */
static void
run(int op, const char *text, size_t size, int strict, ts_result *r)
{
	memset(r, 0, sizeof *r);
	text_src in = { text, strlen(text), 0 };
	nt_source src = { text_read, &in, "t" };
	text_sink out = { NULL, 0, 0 };
	nt_sink sink = { text_write, &out };
	nt_options o;
	memset(&o, 0, sizeof o);
	o.buffer_size = size;
	o.strict = strict;
	nt_handler h = { .on_diag = collect, .on_move = NULL, .user = r };
	const nt_game *g = nt_game_by_name(BG);
	ck_assert_ptr_nonnull(g);
	switch (op) {
	case OP_CHECK:
		r->rc = nt_check(g, &src, &o, &h, &r->summary);
		break;
	case OP_MAT:
	case OP_SHEET:
		r->rc = nt_convert(g, &src, op == OP_MAT ? "mat" : "sheet", &sink,
		                   &o, &h, &r->summary);
		break;
	default:
		r->rc = nt_format(g, &src, &sink, &o, &h, &r->summary);
		break;
	}
	if (out.buf == NULL)
		text_write(&out, "", 0);
	r->output = out.buf;
	r->output_len = out.len;
}

/* Every operation on TEXT gives the same at every size; returns the
   default size's check in WANT (its output freed). */
static void
expect_same_at_all_sizes(const char *name, const char *text, int strict,
                         ts_result *want)
{
	ts_result *base = malloc(sizeof *base), *got = malloc(sizeof *got);
	ck_assert(base != NULL && got != NULL);
	for (int op = 0; op < OP_COUNT; op++) {
		run(op, text, 0, strict, base);
		for (size_t i = 1; i < NSIZES; i++) {
			char what[600];
			snprintf(what, sizeof what, "%s, %s, %zu-byte buffer", name,
			         op_name[op], sizes[i]);
			run(op, text, sizes[i], strict, got);
			bg_expect_same_run(base, got, what);
			ck_assert_msg(got->output_len == base->output_len &&
			              memcmp(got->output, base->output,
			                     base->output_len) == 0,
			              "%s: the output differs", what);
			ts_free(got);
		}
		if (op == OP_CHECK && want != NULL) {
			*want = *base;
			want->output = NULL;
		}
		ts_free(base);
	}
	free(base);
	free(got);
}

static int
has_ext(const char *name, const char *ext)
{
	size_t n = strlen(name), e = strlen(ext);
	return n > e && strcmp(name + n - e, ext) == 0;
}

/* Every record of the folder DIR; returns how many. */
static int
run_folder(const char *dir, int strict)
{
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "cannot open %s", dir);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (!has_ext(e->d_name, ".mat") && !has_ext(e->d_name, ".bg"))
			continue;
		char path[1700];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		char *text = ts_read_file(path, NULL);
		ck_assert_msg(text != NULL, "cannot read %s", path);
		expect_same_at_all_sizes(path, text, strict, NULL);
		free(text);
		n++;
	}
	closedir(d);
	return n;
}

START_TEST(every_sample_at_every_buffer_size)
{
	char root[1024];
	ts_shared("corpus/backgammon", root, sizeof root);
	DIR *d = opendir(root);
	ck_assert_msg(d != NULL, "no corpus at %s", root);
	int folders = 0, files = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char dir[1400];
		struct stat st;
		snprintf(dir, sizeof dir, "%s/%s", root, e->d_name);
		if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
			continue;
		folders++;
		files += run_folder(dir, 0);
		if (strcmp(e->d_name, "strict") == 0)
			run_folder(dir, 1);
	}
	closedir(d);
	/* mat, sheet, illegal, strict, real and real-bulk at least. */
	ck_assert_int_ge(folders, 6);
	ck_assert_int_ge(files, 400);
}
END_TEST

/* ------------------------------------------------------- long cells */

#define LONG_SUB "bar/24*/18*(4)"
#define LONG_PLAY LONG_SUB " " LONG_SUB " " LONG_SUB " " LONG_SUB

static const char head[] =
	" 0 point match\n\n Game 1\n Ann : 0                        Bob : 0\n";

/* The records' rows, each checked alone after HEAD, with and without a
   line end after it, and with CRLF. */
static const char *const long_rows[] = {
	/* The roll cell of the report: 66 bytes, more than a refill holds. */
	"  1) 6-6: " LONG_PLAY,
	"  1) 66: " LONG_PLAY,
	"  1)                             6-6: " LONG_PLAY,
	"  1) 6-6: " LONG_PLAY "   6-6: " LONG_PLAY,
	"6-6: " LONG_PLAY "\t \t",
	/* A bad point in each sub-move of a long play. */
	"  1) 6-6: " "bar/24*/18*(5) " LONG_SUB " " LONG_SUB " " LONG_SUB,
	"  1) 6-6: " LONG_SUB " " "bar/24*/26*(4) " LONG_SUB " " LONG_SUB,
	"  1) 6-6: " LONG_SUB " " LONG_SUB " " "bar/18*/24*(4) " LONG_SUB,
	"  1) 6-6: " LONG_SUB " " LONG_SUB " " LONG_SUB " " "bar/24*/018*(4)",
	"  1) 6-6: " LONG_SUB " " LONG_SUB " " LONG_SUB " " "bar/24*/18*(4)x",
	"  1) 6-6: " LONG_SUB " " LONG_SUB " " LONG_SUB " " "bar/24*/18*(4)"
	"   6-6: " LONG_SUB,
	/* More than four sub-moves, and very long ones. */
	"  1) 6-6: " LONG_PLAY " " LONG_PLAY,
	"  1) 6-6: b/24*/18*/12*/6*/off(2) 25/24*/18*/12*/6*/0*(2)",
	"  1) 64: 24/18 18/14 24/18 18/14 24/18 18/14 24/18 18/14 24/18",
	/* Long cube and result cells and long blanks between cells. */
	"  1) 31: 8/5 6/5                                                   "
	"               Doubles =>                         2",
	"  1) Wins                     2                        points"
	"                  and              the             match       .",
	/* The cell after a play error, and plays read in part. */
	"  1) 54: 25/20 024/26   53: 8/3 24/21",
	"  1) 31: 26 /20 24/23",
	/* An unrecorded play, then a cell that cannot be read. */
	"  1) 31: ????                                                      "
	"  Wins 1 pointz",
	"  1) 31: ????   Wins 1 point                                       "
	"  take",
	/* Lines that start like a game line and are one only to their end. */
	" Game                                                          2"
	"                                                                ",
	" Game                                                          2"
	"                                                               x",
	" Game 2\n Ann : 0                        Bob : 0\n Game          "
	"                                                              3 x",
	"  1) 54: 25/20 24/20                                                "
	"53: 8/3 24/21/22",
	NULL
};

/* ROW after HEAD, ending in EOL (may be empty). */
static char *
long_record(const char *row, const char *eol)
{
	size_t n = sizeof head + strlen(row) + strlen(eol);
	char *t = malloc(n);
	ck_assert_ptr_nonnull(t);
	snprintf(t, n, "%s%s%s", head, row, eol);
	return t;
}

START_TEST(long_cells_at_every_buffer_size)
{
	static const char *const eols[] = { "\n", "", "\r\n" };
	for (int i = 0; long_rows[i] != NULL; i++)
	for (int k = 0; k < 3; k++) {
		char *t = long_record(long_rows[i], eols[k]);
		ts_result r;
		expect_same_at_all_sizes(long_rows[i], t, 0, &r);
		/* Read to the end, whatever it says. */
		ck_assert_msg(r.rc != -1 && !r.summary.unreadable,
		              "'%s' cannot be read", long_rows[i]);
		free(t);
	}
}
END_TEST

/*
 * Legal records written with the long spellings (dice with '-', bar and
 * off as words) stay legal and read the same at every size; their cells
 * are split across refills at every offset.
 */
static char *
long_spellings(const char *text)
{
	char *t = malloc(strlen(text) + 1);
	ck_assert_ptr_nonnull(t);
	strcpy(t, text);
	t = bg_replace_all(t, "25/", "bar/");
	t = bg_replace_all(t, "/0 ", "/off ");
	t = bg_replace_all(t, "/0\n", "/off\n");
	for (char d1 = '1'; d1 <= '6'; d1++)
	for (char d2 = '1'; d2 <= '6'; d2++) {
		char from[] = { ' ', d1, d2, ':', '\0' };
		char to[] = { ' ', d1, '-', d2, ':', '\0' };
		t = bg_replace_all(t, from, to);
	}
	return t;
}

START_TEST(long_spellings_at_every_buffer_size)
{
	static const char *const files[] = {
		"mat/bg-match-01.mat", "mat/bg-match-04.mat", "mat/bg-money-01.mat",
		"mat/bg-variants-01.mat", "sheet/bg-sheet-01.mat", NULL
	};
	for (int i = 0; files[i] != NULL; i++) {
		char *orig = bg_sample(files[i]);
		char *t = long_spellings(orig);
		ck_assert_msg(strcmp(t, orig) != 0, "%s: nothing lengthened",
		              files[i]);
		ts_result r;
		expect_same_at_all_sizes(files[i], t, 0, &r);
		ck_assert_msg(r.rc == 0 && r.summary.errors == 0,
		              "%s with long spellings: %s", files[i],
		              r.ndiags ? r.diags[0].line : "not read");
		free(orig);
		free(t);
	}
}
END_TEST

Suite *
backgammon_buffer_sizes_suite(void)
{
	Suite *s = suite_create("backgammon-buffer-sizes");
	TCase *tc = tcase_create("same");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, every_sample_at_every_buffer_size);
	tcase_add_test(tc, long_cells_at_every_buffer_size);
	tcase_add_test(tc, long_spellings_at_every_buffer_size);
	suite_add_tcase(s, tc);
	return s;
}
