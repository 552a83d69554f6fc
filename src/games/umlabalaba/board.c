/* Board geometry: links and mills for the chosen options (spec 1.3, 1.4). */
#include "games/umlabalaba/um.h"

#include <stdio.h>
#include <string.h>

static const unsigned char mid_lines[][2] = {
	{ 2, 10 }, { 10, 18 }, { 4, 12 }, { 12, 20 },
	{ 6, 14 }, { 14, 22 }, { 8, 16 }, { 16, 24 }
};
static const unsigned char outer_diagonals[][2] = {
	{ 1, 9 }, { 3, 11 }, { 5, 13 }, { 7, 15 }
};
static const unsigned char inner_diagonals[][2] = {
	{ 9, 17 }, { 11, 19 }, { 13, 21 }, { 15, 23 }
};
static const unsigned char centre_links[][2] = {
	{ 18, 25 }, { 20, 25 }, { 22, 25 }, { 24, 25 }
};

static const unsigned char side_mills[][3] = {
	{ 1, 2, 3 }, { 3, 4, 5 }, { 5, 6, 7 }, { 7, 8, 1 },
	{ 9, 10, 11 }, { 11, 12, 13 }, { 13, 14, 15 }, { 15, 16, 9 },
	{ 17, 18, 19 }, { 19, 20, 21 }, { 21, 22, 23 }, { 23, 24, 17 },
	{ 2, 10, 18 }, { 4, 12, 20 }, { 6, 14, 22 }, { 8, 16, 24 }
};
static const unsigned char diagonal_mills[][3] = {
	{ 1, 9, 17 }, { 3, 11, 19 }, { 5, 13, 21 }, { 7, 15, 23 }
};
static const unsigned char centre_middle_mills[][3] = {
	{ 18, 25, 22 }, { 24, 25, 20 }
};
static const unsigned char centre_end_mills[][3] = {
	{ 10, 18, 25 }, { 12, 20, 25 }, { 14, 22, 25 }, { 16, 24, 25 }
};

static void
link(um_board *b, int p, int q)
{
	b->adj[p] |= UM_BIT(q);
	b->adj[q] |= UM_BIT(p);
}

static void
link_all(um_board *b, const unsigned char (*pairs)[2], size_t n)
{
	for (size_t i = 0; i < n; i++)
		link(b, pairs[i][0], pairs[i][1]);
}

static void
add_mills(um_board *b, const unsigned char (*mills)[3], size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int index = b->nmills++;
		um_mill *m = &b->mills[index];
		memcpy(m->p, mills[i], 3);
		m->set = UM_BIT(mills[i][0]) | UM_BIT(mills[i][1]) | UM_BIT(mills[i][2]);
		for (int k = 0; k < 3; k++) {
			int p = mills[i][k];
			b->through[p][b->nthrough[p]++] = (unsigned char)index;
		}
	}
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

void
um_board_build(um_board *b, const um_rules *r)
{
	memset(b, 0, sizeof *b);
	b->points = r->points;
	for (int p = 1; p <= r->points; p++)
		b->all |= UM_BIT(p);
	/* The sides of the three squares, each numbered clockwise. */
	for (int s = 0; s < 3; s++)
		for (int k = 1; k <= 8; k++)
			link(b, 8 * s + k, 8 * s + k % 8 + 1);
	link_all(b, mid_lines, COUNT(mid_lines));
	if (r->diagonals != UM_DIAG_NONE)
		link_all(b, outer_diagonals, COUNT(outer_diagonals));
	if (r->diagonals == UM_DIAG_FULL)
		link_all(b, inner_diagonals, COUNT(inner_diagonals));
	if (r->points == 25)
		link_all(b, centre_links, COUNT(centre_links));

	add_mills(b, side_mills, COUNT(side_mills));
	/* A diagonal mill needs its whole line drawn, so only with full. */
	if (r->diagonals == UM_DIAG_FULL && r->diagonal_mills)
		add_mills(b, diagonal_mills, COUNT(diagonal_mills));
	if (r->points == 25 && r->centre_mills != UM_CENTRE_NONE)
		add_mills(b, centre_middle_mills, COUNT(centre_middle_mills));
	if (r->points == 25 && r->centre_mills == UM_CENTRE_ANY)
		add_mills(b, centre_end_mills, COUNT(centre_end_mills));
}

const char *
um_point_name(const um_naming *names, int p, char *out)
{
	if (names != NULL && p > 0 && p <= UM_MAX_POINTS && names->point[p])
		return names->point[p];
	snprintf(out, 8, "%d", p);
	return out;
}

void
um_format_mill(const um_naming *names, const um_mill *m, char *out,
               size_t size)
{
	char a[8], b[8], c[8];
	snprintf(out, size, "%s-%s-%s", um_point_name(names, m->p[0], a),
	         um_point_name(names, m->p[1], b), um_point_name(names, m->p[2], c));
}

void
um_format_set(const um_naming *names, um_set s, char *out, size_t size)
{
	size_t o = 0;
	int total = um_count(s);
	int n = 0;
	out[0] = '\0';
	for (int p = 1; p <= UM_MAX_POINTS && o < size; p++) {
		if (!(s & UM_BIT(p)))
			continue;
		n++;
		const char *sep = n == 1 ? "" : n == total ? " and " : ", ";
		char name[8];
		int w = snprintf(out + o, size - o, "%s%s", sep,
		                 um_point_name(names, p, name));
		if (w < 0)
			break;
		o += (size_t)w;
	}
}
