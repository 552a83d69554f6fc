/*
 * The written forms of a play: mat steps (spec 7.2) and the canonical sheet
 * text (spec 7.3), both from the single-die steps and the position before
 * the play, which says where the opponent had blots.
 */
#include <string.h>

#include "games/backgammon/engine_int.h"

/* A bounded writer: keeps the text NUL-terminated, counts what fits. */
typedef struct text_buf {
	char *buf;
	size_t size;
	size_t len;
} text_buf;

static void
tb_puts(text_buf *t, const char *s)
{
	for (; *s != '\0'; s++) {
		if (t->len + 1 < t->size)
			t->buf[t->len++] = *s;
	}
	if (t->size > 0)
		t->buf[t->len < t->size ? t->len : t->size - 1] = '\0';
}

/* N in decimal: snprintf cost most of an example's text, written for
   every play whose hits are not marked (most real exports). */
static void
tb_uint(text_buf *t, unsigned n)
{
	char num[16];
	size_t i = sizeof num;
	num[--i] = '\0';
	do {
		num[--i] = (char)('0' + n % 10);
		n /= 10;
	} while (n > 0 && i > 0);
	tb_puts(t, num + i);
}

static void
tb_point(text_buf *t, int p, const char *bar, const char *off)
{
	if (p == BG_BAR && bar != NULL) {
		tb_puts(t, bar);
		return;
	}
	if (p == BG_OFF && off != NULL) {
		tb_puts(t, off);
		return;
	}
	tb_uint(t, (unsigned)p);
}

static int
path_equal(const bg_path *a, const bg_path *b)
{
	return a->len == b->len && memcmp(a->pts, b->pts, a->len) == 0;
}

int
bg_chain_paths(const bg_pos *before, int mover, const bg_step *steps,
               int nsteps, bg_path paths[4])
{
	bg_step s[4];
	bg_path tmp[4];
	int alive[4];
	bg_mask blots = bg_blot_mask(before, mover);
	nsteps = nsteps < 0 ? 0 : nsteps > 4 ? 4 : nsteps;
	if (nsteps > 0)
		memcpy(s, steps, (size_t)nsteps * sizeof *s);
	bg_steps_sort(s, nsteps);
	for (int i = 0; i < nsteps; i++) {
		memset(&tmp[i], 0, sizeof tmp[i]);
		tmp[i].pts[0] = s[i].from;
		tmp[i].pts[1] = s[i].to;
		tmp[i].len = 2;
		tmp[i].count = 1;
		alive[i] = 1;
	}
	/* Chain: a later path starting where this one ends is joined on. */
	for (int i = 0; i < nsteps; i++) {
		if (!alive[i])
			continue;
		for (int j = i + 1; j < nsteps; j++) {
			int end = tmp[i].pts[tmp[i].len - 1];
			if (end == BG_OFF)
				break;
			if (!alive[j] || tmp[j].pts[0] != end)
				continue;
			/* The joining point stays only where a blot was hit. */
			if (!(blots & (1u << end)))
				tmp[i].len--;
			for (int k = 1; k < tmp[j].len; k++)
				tmp[i].pts[tmp[i].len++] = tmp[j].pts[k];
			alive[j] = 0;
		}
	}
	/* Group equal paths at the place of the first. */
	int npaths = 0;
	for (int i = 0; i < nsteps; i++) {
		if (!alive[i])
			continue;
		int k = 0;
		while (k < npaths && !path_equal(&paths[k], &tmp[i]))
			k++;
		if (k < npaths)
			paths[k].count++;
		else
			paths[npaths++] = tmp[i];
	}
	return npaths;
}

/*
 * Which points of each path carry a `*` in the sheet text: every kept
 * intermediate point, and the end when it held a blot that no earlier `*`
 * of the play marks.  Bit k of stars[i] stands for paths[i].pts[k].
 */
static void
path_stars(const bg_pos *before, int mover, const bg_path *paths, int npaths,
           unsigned stars[4])
{
	bg_mask blots = bg_blot_mask(before, mover);
	bg_mask marked = 0;
	for (int i = 0; i < npaths; i++) {
		const bg_path *p = &paths[i];
		stars[i] = 0;
		for (int k = 1; k + 1 < p->len; k++) {
			stars[i] |= 1u << k;
			marked |= 1u << p->pts[k];
		}
		int end = p->pts[p->len - 1];
		bg_mask bit = 1u << end;
		if (end != BG_OFF && (blots & bit) && !(marked & bit)) {
			stars[i] |= 1u << (p->len - 1);
			marked |= bit;
		}
	}
}

/* The mat layout: one path per step, no counts (7.2); sorted unless the
   steps keep the order a mat cell wrote them in. */
static int
mat_paths(const bg_pos *before, int mover, const bg_step *steps, int nsteps,
          int sorted, bg_form_path out[4])
{
	bg_step s[4];
	bg_mask blots = bg_blot_mask(before, mover);
	bg_mask marked = 0;
	nsteps = nsteps < 0 ? 0 : nsteps > 4 ? 4 : nsteps;
	if (nsteps > 0)
		memcpy(s, steps, (size_t)nsteps * sizeof *s);
	if (sorted)
		bg_steps_sort(s, nsteps);
	for (int i = 0; i < nsteps; i++) {
		bg_form_path *f = &out[i];
		memset(f, 0, sizeof *f);
		f->pts[0] = s[i].from;
		f->pts[1] = s[i].to;
		f->len = 2;
		f->count = 1;
		bg_mask bit = 1u << s[i].to;
		if (s[i].to != BG_OFF && (blots & bit) && !(marked & bit)) {
			f->stars = 1u << 1;
			marked |= bit;
		}
	}
	return nsteps;
}

int
bg_canonical_paths(const bg_pos *before, int mover, const bg_step *steps,
                   int nsteps, int sheet, bg_form_path out[4])
{
	if (sheet != BG_LAYOUT_SHEET)
		return mat_paths(before, mover, steps, nsteps,
		                 sheet != BG_LAYOUT_MAT_KEPT, out);
	bg_path paths[4];
	unsigned stars[4];
	int npaths = bg_chain_paths(before, mover, steps, nsteps, paths);
	path_stars(before, mover, paths, npaths, stars);
	for (int i = 0; i < npaths; i++) {
		memset(&out[i], 0, sizeof out[i]);
		memcpy(out[i].pts, paths[i].pts, paths[i].len);
		out[i].len = paths[i].len;
		out[i].count = paths[i].count;
		out[i].stars = (unsigned char)stars[i];
	}
	return npaths;
}

/* Paths as text: points as numbers, or BAR and OFF for 25 and 0. */
static size_t
paths_text(const bg_form_path *paths, int npaths, const char *bar,
           const char *off, char *buf, size_t size)
{
	text_buf t = { buf, size, 0 };
	tb_puts(&t, "");
	for (int i = 0; i < npaths; i++) {
		const bg_form_path *p = &paths[i];
		if (i > 0)
			tb_puts(&t, " ");
		for (int k = 0; k < p->len; k++) {
			if (k > 0)
				tb_puts(&t, "/");
			tb_point(&t, p->pts[k], bar, off);
			if (p->stars & (1u << k))
				tb_puts(&t, "*");
		}
		if (p->count >= 2) {
			tb_puts(&t, "(");
			tb_uint(&t, (unsigned)p->count);
			tb_puts(&t, ")");
		}
	}
	return t.len;
}

size_t
bg_mat_text(const bg_pos *before, int mover, const bg_step *steps,
            int nsteps, char *buf, size_t size)
{
	bg_form_path paths[4];
	int n = bg_canonical_paths(before, mover, steps, nsteps, BG_LAYOUT_MAT,
	                           paths);
	return paths_text(paths, n, NULL, NULL, buf, size);
}

size_t
bg_mat_text_kept(const bg_pos *before, int mover, const bg_step *steps,
                 int nsteps, char *buf, size_t size)
{
	bg_form_path paths[4];
	int n = bg_canonical_paths(before, mover, steps, nsteps,
	                           BG_LAYOUT_MAT_KEPT, paths);
	return paths_text(paths, n, NULL, NULL, buf, size);
}

/* The chosen step that hop H is, one die long, not yet taken; -1: none. */
static int
hop_step(const bg_hop *h, const bg_step *steps, int nsteps, unsigned taken)
{
	for (int k = 0; k < nsteps; k++)
		if (!(taken & (1u << k)) && steps[k].from == h->from &&
		    steps[k].to == h->to)
			return k;
	return -1;
}

int
bg_steps_as_written(const bg_pos *before, int mover, const bg_hop *hops,
                    int nhops, const bg_step *steps, int nsteps,
                    bg_step out[4])
{
	if (nhops != nsteps || nsteps < 1 || nsteps > 4)
		return 0;
	bg_pos p = *before;
	unsigned taken = 0;
	for (int i = 0; i < nhops; i++) {
		int k = hop_step(&hops[i], steps, nsteps, taken);
		if (k < 0 || bg_step_check(&p, mover, steps[k].from, steps[k].die)
		             != BG_STEP_OK)
			return 0;
		bg_step_apply(&p, mover, steps[k].from, steps[k].die);
		taken |= 1u << k;
		out[i] = steps[k];
	}
	return 1;
}

size_t
bg_sheet_text(const bg_pos *before, int mover, const bg_step *steps,
              int nsteps, char *buf, size_t size)
{
	bg_form_path paths[4];
	int n = bg_canonical_paths(before, mover, steps, nsteps, BG_LAYOUT_SHEET,
	                           paths);
	return paths_text(paths, n, "bar", "off", buf, size);
}

int
bg_paths_hops(const bg_pos *before, int mover, const bg_path *paths,
              int npaths, bg_hop hops[16])
{
	unsigned stars[4];
	int n = 0;
	path_stars(before, mover, paths, npaths, stars);
	for (int i = 0; i < npaths; i++)
		for (int c = 0; c < paths[i].count; c++)
			for (int k = 0; k + 1 < paths[i].len && n < 16; k++) {
				hops[n].from = paths[i].pts[k];
				hops[n].to = paths[i].pts[k + 1];
				hops[n].star = (stars[i] >> (k + 1)) & 1u;
				n++;
			}
	return n;
}
