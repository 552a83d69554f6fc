/*
 * Helpers for the SGF suites: the game tree of spec-sgf 6.1 (as in its
 * 6.2 snippets), texts built from it, conversion through the library, and
 * the walk over the shared sample folders.
 */
#ifndef NT_TEST_BG_SGF_UTIL_H
#define NT_TEST_BG_SGF_UTIL_H

#include <dirent.h>
#include <stdarg.h>

#include "backgammon/records_util.h"

/* Line 1 of the snippets of 6.2 without RE: MI's value starts in column
   52, ws: in 70; RE, appended, has its value in column 112. */
#define SGF_ROOT "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]" \
	"MI[length:7][game:0][ws:0][bs:0]PW[Alice]PB[Bob]RU[Crawford]"
/* Lines 2 to 12: game 1 of bg-match-06 (Bob passes Alice's double). */
#define SGF_MOVES "\n;B[64aggk]\n;W[65xrrm]\n;B[42qusu]\n;W[42mkmi]" \
	"\n;B[53ycsx]\n;W[51yxhc]\n;B[65ye]\n;W[63kefc]\n;B[43yd]\n;W[double]" \
	"\n;B[drop])\n"
#define SGF_GAME SGF_ROOT "RE[W+1]" SGF_MOVES
/* The same moves without the final ')' and line end. */
#define SGF_MOVES_OPEN "\n;B[64aggk]\n;W[65xrrm]\n;B[42qusu]\n;W[42mkmi]" \
	"\n;B[53ycsx]\n;W[51yxhc]\n;B[65ye]\n;W[63kefc]\n;B[43yd]\n;W[double]" \
	"\n;B[drop]"

/* A root of a 7-point match between Alice and Bob at game K, score A-B. */
static inline char *
sgf_root(int k, int a, int b, const char *more)
{
	char buf[512];
	snprintf(buf, sizeof buf, "(;FF[4]GM[6]CA[UTF-8]MI[length:7][game:%d]"
	         "[ws:%d][bs:%d]PW[Alice]PB[Bob]RU[Crawford]%s", k, a, b, more);
	return strdup(buf);
}

/* A copy of S (malloc'd) with every FROM replaced by TO. */
static inline char *
sgf_edit(const char *s, const char *from, const char *to)
{
	return bg_replace_all(strdup(s), from, to);
}

/* The concatenation of the NULL-ended strings (malloc'd). */
static inline char *
sgf_cat(const char *first, ...)
{
	va_list ap;
	size_t n = 1;
	va_start(ap, first);
	for (const char *s = first; s != NULL; s = va_arg(ap, const char *))
		n += strlen(s);
	va_end(ap);
	char *out = malloc(n);
	out[0] = '\0';
	va_start(ap, first);
	for (const char *s = first; s != NULL; s = va_arg(ap, const char *))
		strcat(out, s);
	va_end(ap);
	return out;
}

/* TEXT converted to FORM; the conversion must succeed (malloc'd). */
static inline char *
sgf_convert(const char *text, size_t len, const char *form)
{
	ts_result r;
	ts_convert(BG, "t", text, len, form, NULL, &r);
	ck_assert_msg(r.rc == 0, "convert to %s: rc %d: %s", form, r.rc,
	              r.ndiags ? r.diags[0].line : "");
	char *out = r.output != NULL ? r.output : strdup("");
	r.output = NULL;
	ts_free(&r);
	return out;
}

/* 1-based column of NEEDLE in the line of TEXT that holds it (ASCII). */
static inline unsigned long
sgf_col(const char *text, const char *needle)
{
	const char *hit = strstr(text, needle);
	ck_assert_msg(hit != NULL, "'%s' not in the text", needle);
	const char *bol = hit;
	while (bol > text && bol[-1] != '\n')
		bol--;
	return (unsigned long)(hit - bol) + 1;
}

/* The names of the files of a shared folder ending in EXT, sorted, NULL
   ended (malloc'd, each malloc'd); the folder's path in DIR. */
static inline char **
sgf_listing(const char *rel, const char *ext, char *dir, size_t size)
{
	char path[600];
	snprintf(path, sizeof path, "corpus/backgammon/%s", rel);
	ts_shared(path, dir, size);
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "cannot open %s", dir);
	size_t n = 0, cap = 16;
	char **names = malloc(cap * sizeof *names);
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t l = strlen(e->d_name), x = strlen(ext);
		if (l <= x || strcmp(e->d_name + l - x, ext) != 0)
			continue;
		if (n + 2 > cap)
			names = realloc(names, (cap *= 2) * sizeof *names);
		names[n++] = strdup(e->d_name);
	}
	closedir(d);
	names[n] = NULL;
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
			char *t = names[j];
			names[j] = names[j - 1];
			names[j - 1] = t;
		}
	return names;
}

static inline void
sgf_listing_free(char **names)
{
	for (size_t i = 0; names[i] != NULL; i++)
		free(names[i]);
	free(names);
}

#endif

/* ------------------------------------------ comparing SGF with gnubg's */

/*
 * A minimal reading of an SGF file for the comparisons below (an oracle of
 * its own, not notate's reader): nodes in file order, each its properties,
 * each its identifier and its values as written (escapes kept).
 */
typedef struct sgf_prop {
	char id[16];
	int nvalues;
	char *values[8];
} sgf_prop;

typedef struct sgf_node {
	int tree;               /* which top-level tree, from 0 */
	int nprops;
	sgf_prop props[40];
} sgf_node;

typedef struct sgf_doc {
	int nnodes;
	sgf_node *nodes;
} sgf_doc;

static inline void
sgf_doc_read(const char *s, sgf_doc *d)
{
	size_t cap = 64;
	d->nnodes = 0;
	d->nodes = calloc(cap, sizeof *d->nodes);
	int depth = 0, tree = -1;
	sgf_node *n = NULL;
	sgf_prop *p = NULL;
	for (const char *c = s; *c;) {
		if (*c == '(') {
			if (depth++ == 0)
				tree++;
			c++;
		} else if (*c == ')') {
			depth--;
			c++;
		} else if (*c == ';') {
			if ((size_t)d->nnodes == cap)
				d->nodes = realloc(d->nodes, (cap *= 2) * sizeof *d->nodes);
			n = &d->nodes[d->nnodes++];
			memset(n, 0, sizeof *n);
			n->tree = tree;
			p = NULL;
			c++;
		} else if (*c >= 'A' && *c <= 'Z') {
			ck_assert(n != NULL && n->nprops < 40);
			p = &n->props[n->nprops++];
			size_t k = 0;
			while (*c >= 'A' && *c <= 'Z')
				if (k < sizeof p->id - 1)
					p->id[k++] = *c++;
				else
					c++;
			p->id[k] = '\0';
		} else if (*c == '[') {
			const char *v = ++c;
			while (*c && *c != ']')
				c += *c == '\\' && c[1] ? 2 : 1;
			ck_assert(p != NULL && p->nvalues < 8);
			p->values[p->nvalues++] = strndup(v, (size_t)(c - v));
			if (*c)
				c++;
		} else {
			c++;
		}
	}
}

static inline void
sgf_doc_free(sgf_doc *d)
{
	for (int i = 0; i < d->nnodes; i++)
		for (int k = 0; k < d->nodes[i].nprops; k++)
			for (int v = 0; v < d->nodes[i].props[k].nvalues; v++)
				free(d->nodes[i].props[k].values[v]);
	free(d->nodes);
}

static inline sgf_prop *
sgf_find(sgf_node *n, const char *id)
{
	for (int k = 0; k < n->nprops; k++)
		if (strcmp(n->props[k].id, id) == 0)
			return &n->props[k];
	return NULL;
}

static inline void
sgf_drop(sgf_node *n, const char *id)
{
	for (int k = 0; k < n->nprops; k++)
		if (strcmp(n->props[k].id, id) == 0) {
			for (int v = 0; v < n->props[k].nvalues; v++)
				free(n->props[k].values[v]);
			memmove(&n->props[k], &n->props[k + 1],
			        (size_t)(n->nprops - k - 1) * sizeof n->props[0]);
			n->nprops--;
			return;
		}
}

/* Every line of gnubg's GC stands in notate's, in the same order. */
static inline int
sgf_gc_within(const char *mine, const char *theirs)
{
	const char *at = mine;
	while (*theirs) {
		const char *nl = strchr(theirs, '\n');
		size_t n = nl ? (size_t)(nl - theirs) : strlen(theirs);
		char line[4096];
		snprintf(line, sizeof line, "%.*s\n", (int)n, theirs);
		const char *hit = strstr(at, line);
		if (hit == NULL)
			return 0;
		at = hit + strlen(line);
		theirs += n + (nl != NULL);
	}
	return 1;
}

static inline int
sgf_props_equal(const sgf_node *a, const sgf_node *b)
{
	if (a->nprops != b->nprops)
		return 0;
	for (int k = 0; k < a->nprops; k++) {
		const sgf_prop *x = &a->props[k], *y = &b->props[k];
		if (strcmp(x->id, y->id) != 0 || x->nvalues != y->nvalues)
			return 0;
		for (int v = 0; v < x->nvalues; v++)
			if (strcmp(x->values[v], y->values[v]) != 0)
				return 0;
	}
	return 1;
}

/* The root as gnubg's import differs from notate's by (a) to (d) and (g)
   of spec-sgf 5.5: both are brought to what must be equal. */
static inline void
sgf_normalise_roots(sgf_node *mine, sgf_node *theirs, int rule_tags,
                    char *why, size_t size)
{
	sgf_drop(mine, "AP");
	sgf_drop(theirs, "AP");
	if (sgf_find(theirs, "DT") != NULL && sgf_find(mine, "DT") == NULL)
		sgf_drop(theirs, "DT");
	sgf_prop *gm = sgf_find(mine, "GC"), *gt = sgf_find(theirs, "GC");
	if (gt != NULL && (gm == NULL || !sgf_gc_within(gm->values[0],
	                                                gt->values[0])))
		snprintf(why, size, "gnubg's GC '%.60s' is not in notate's",
		         gt->values[0]);
	sgf_drop(mine, "GC");
	sgf_drop(theirs, "GC");
	/* (d): notate's name NAME,RATING is gnubg's NAME (and, in the first
	   tree, its WR or BR RATING). */
	static const char *const names[2][2] = { { "PW", "WR" }, { "PB", "BR" } };
	for (int s = 0; s < 2; s++) {
		sgf_prop *nm = sgf_find(mine, names[s][0]);
		sgf_prop *nt = sgf_find(theirs, names[s][0]);
		sgf_prop *r = sgf_find(theirs, names[s][1]);
		if (nm == NULL || nt == NULL)
			continue;
		size_t k = strlen(nt->values[0]);
		const char *m = nm->values[0];
		if (strcmp(m, nt->values[0]) != 0 && strncmp(m, nt->values[0], k) == 0 &&
		    m[k] == ',' && (r == NULL || strcmp(m + k + 1, r->values[0]) == 0)) {
			free(nm->values[0]);
			nm->values[0] = strdup(nt->values[0]);
		}
		if (r != NULL)
			sgf_drop(theirs, names[s][1]);
	}
	if (rule_tags) {
		sgf_drop(mine, "RU");
		sgf_drop(theirs, "RU");
	}
}

/* Whether a node is PL[X]DI[dd] and another X[dd...] (f of 5.5), or two
   rolls with the same dice, both bearing off (e). */
static inline int
sgf_node_exception(const sgf_node *mine, const sgf_node *theirs, int *e,
                   int *f)
{
	if (mine->nprops < 1 || theirs->nprops < 1)
		return 0;
	const sgf_prop *a = &mine->props[0], *b = &theirs->props[0];
	if (mine->nprops == 2 && strcmp(a->id, "PL") == 0 &&
	    strcmp(mine->props[1].id, "DI") == 0 && strcmp(b->id, a->values[0]) == 0 &&
	    strncmp(b->values[0], mine->props[1].values[0], 2) == 0) {
		(*f)++;
		return 1;
	}
	if (strcmp(a->id, b->id) == 0 && (strcmp(a->id, "W") == 0 ||
	    strcmp(a->id, "B") == 0) && strncmp(a->values[0], b->values[0], 2) == 0 &&
	    strchr(a->values[0] + 2, 'z') != NULL &&
	    strchr(b->values[0] + 2, 'z') != NULL) {
		(*e)++;
		return 1;
	}
	return 0;
}

/*
 * MINE (notate's SGF of a mat file) against THEIRS (gnubg's import mat +
 * save match of it), byte for byte but for the exceptions (a) to (g) of
 * spec-sgf 5.5.  RULE_TAGS: the mat file has Crawford, Jacoby or CubeLimit
 * tags (g).  Returns 0, or -1 with the first difference in WHY.
 */
static inline int
sgf_compare_with_gnubg(const char *mine, const char *theirs, int rule_tags,
                       char *why, size_t size)
{
	sgf_doc a, b;
	sgf_doc_read(mine, &a);
	sgf_doc_read(theirs, &b);
	why[0] = '\0';
	int e = 0, f = 0;
	if (a.nnodes != b.nnodes)
		snprintf(why, size, "%d nodes, gnubg %d", a.nnodes, b.nnodes);
	for (int i = 0; why[0] == '\0' && i < a.nnodes; i++) {
		sgf_node *x = &a.nodes[i], *y = &b.nodes[i];
		int root = i == 0 || x->tree != a.nodes[i - 1].tree;
		if (root)
			sgf_normalise_roots(x, y, rule_tags, why, size);
		if (why[0] == '\0' && !sgf_props_equal(x, y) &&
		    (root || !sgf_node_exception(x, y, &e, &f)))
			snprintf(why, size, "node %d differs: %s[%.40s] / %s[%.40s]", i,
			         x->nprops ? x->props[0].id : "",
			         x->nprops && x->props[0].nvalues ? x->props[0].values[0] : "",
			         y->nprops ? y->props[0].id : "",
			         y->nprops && y->props[0].nvalues ? y->props[0].values[0] : "");
	}
	sgf_doc_free(&a);
	sgf_doc_free(&b);
	return why[0] == '\0' ? 0 : -1;
}
