/*
 * Reading an SGF file into the backgammon record (shared/spec/
 * backgammon-sgf.md): the grammar (grammar/bg_sgf_parse.y) calls the hooks
 * below for every tree, node, property and value; they tell the main line
 * from the variations (1.3), read what the record uses (2: step 2 of 4.2,
 * with its codes), and hold the main line of each top-level tree as its
 * head and cells.  When a tree closes without a syntax error, it goes to
 * the replay (steps 3 to 6), which judges every rule; nothing here does.
 */
#include "games/backgammon/sgf.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/backgammon/replay.h"
#include "games/backgammon/write_sgf.h"
#include "bg_sgf_parse.h"

#define QUOTE_MAX 200

/* The property identifiers of 2.2, 2.4 and 2.5, in enum bg_sgf_prop order. */
static const char *const prop_names[BG_P_COUNT] = {
	"", "FF", "GM", "CA", "AP", "MI", "PW", "PB", "WR", "BR", "DT", "EV",
	"RO", "PC", "AN", "GC", "RU", "CV", "RE", "GS", "W", "B", "PL", "DI",
	"AE", "AB", "AW", "CP", "CO"
};

static int
prop_of(const char *ident, size_t len)
{
	/* Every identifier is read: compared without strlen, two bytes each. */
	if (len == 0 || len > 2)
		return BG_P_OTHER;
	char b = len == 2 ? ident[1] : '\0';
	for (int i = 1; i < BG_P_COUNT; i++)
		if (prop_names[i][0] == ident[0] && prop_names[i][1] == b)
			return i;
	return BG_P_OTHER;
}

/* The properties of the root (2.2). */
static int
is_root_prop(int prop)
{
	return prop >= BG_P_FF && prop <= BG_P_GS;
}

static int
is_node_prop(int prop)
{
	return prop >= BG_P_W && prop <= BG_P_DI;
}

static int
is_setup_prop(int prop)
{
	return prop >= BG_P_AE && prop <= BG_P_CO;
}

/* -------------------------------------------------------- reporting */

static nt_loc
loc_at(unsigned long line, unsigned long col)
{
	nt_loc l = { line, col };
	return l;
}

/* The first syntax error: reported, and reading stops (4.2 step 1). */
static void
syntax_error(bg_sgf_parse *p, nt_loc at, const char *fmt, ...) NT_PRINTF(3, 4);

static void
syntax_error(bg_sgf_parse *p, nt_loc at, const char *fmt, ...)
{
	if (p->stopped)
		return;
	va_list ap;
	va_start(ap, fmt);
	p->syntax_errors++;
	nt_vemit(&p->run->rep, &bg_codes[BG_CODE_SYNTAX_ERROR], at, at,
	         p->depth > 0 ? p->trees : 0, 0, fmt, ap);
	va_end(ap);
	p->stopped = 1;
}

/* The tree's reading error (4.2 step 2): kept until the tree is replayed,
   where it follows the diagnostics of the nodes before its node. */
static void
read_error(bg_sgf_parse *p, bg_code code, nt_loc at, nt_loc end,
           const char *fmt, ...) NT_PRINTF(5, 6);

static void
read_error(bg_sgf_parse *p, bg_code code, nt_loc at, nt_loc end,
           const char *fmt, ...)
{
	if (p->broken)
		return;
	p->broken = 1;
	bg_sgf_error *e = &p->error;
	e->set = 1;
	e->code = code;
	e->at = at;
	e->end = end;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->message, sizeof e->message, fmt, ap);
	va_end(ap);
}

/* Whether this property's values are read: it stands on the main line of
   a tree that is not broken. */
static int
reading(const bg_sgf_parse *p)
{
	return p->node.main && !p->broken && !p->stopped;
}

/* ------------------------------------------------------- the spool */

enum { REC_CELL = 1, REC_VARIATION = 2 };

static void
spool_cell(bg_sgf_parse *p, const bg_sgf_cell *c)
{
	unsigned char kind = REC_CELL;
	if (nt_spool_write(&p->tree, &kind, 1) != 0 ||
	    nt_spool_write(&p->tree, c, sizeof *c) != 0)
		p->lx.in.overflow = 1;
	p->ncells++;
}

static void
spool_variation(bg_sgf_parse *p, nt_loc at)
{
	unsigned char kind = REC_VARIATION;
	if (nt_spool_write(&p->tree, &kind, 1) != 0 ||
	    nt_spool_write(&p->tree, &at, sizeof at) != 0)
		p->lx.in.overflow = 1;
	p->nvariations++;
}

/* ---------------------------------------------------------- trees */

static void
root_reset(bg_sgf_root *r)
{
	for (int s = 0; s < 2; s++)
		nt_growbuf_free(&r->name[s]);
	memset(r, 0, sizeof *r);
	for (int s = 0; s < 2; s++)
		nt_growbuf_init(&r->name[s], r->name_small[s], sizeof r->name_small[s],
		                BG_SGF_NAME_MAX + 1);
}

static void
tree_begin(bg_sgf_parse *p, nt_loc at)
{
	p->trees++;
	p->broken = 0;
	p->error.set = 0;
	p->root_read = 0;
	p->nodes = 0;
	p->ncells = 0;
	p->nvariations = 0;
	p->di_held = p->roll_held = 0;
	nt_spool_clear(&p->tree);
	/* The header values of the first tree whose root can be read. */
	if (!p->any_root_read)
		nt_spool_clear(&p->header);
	root_reset(&p->root);
	p->root.tree_at = at;
	p->lx.charset = BG_SGF_UTF8;
	if (p->copy != NULL)
		bg_sgf_copy_tree_open(p->copy);
}

static void replay_tree(bg_sgf_parse *p);
static void main_line_end(bg_sgf_parse *p);

void
bg_sgf_tree_open(bg_sgf_parse *p, nt_loc at)
{
	if (p->depth >= BG_SGF_DEPTH_MAX) {
		syntax_error(p, at, "game trees nested more than %d deep are not "
		             "read", BG_SGF_DEPTH_MAX);
		return;
	}
	p->open_at[++p->depth] = at;
	if (p->depth == 1) {
		p->main_depth = 1;
		p->main_ended = 0;
		tree_begin(p, at);
	} else if (p->depth - 1 == p->main_depth && !p->main_ended) {
		p->main_depth = p->depth;
	} else if (p->depth - 1 == p->main_depth) {
		/* A later sub-tree of a main-line tree; the trees inside it are
		   part of it. */
		spool_variation(p, at);
	}
}

void
bg_sgf_tree_close(bg_sgf_parse *p, nt_loc at)
{
	(void)at;
	if (p->depth == p->main_depth) {
		if (!p->main_ended)
			main_line_end(p);
		p->main_ended = 1;
		p->main_depth--;
	}
	p->depth--;
	if (p->depth == 0) {
		if (p->copy != NULL)
			bg_sgf_copy_tree_close(p->copy);
		replay_tree(p);
	}
}

/* ---------------------------------------------------------- nodes */

void
bg_sgf_node_begin(bg_sgf_parse *p, nt_loc at)
{
	bg_sgf_node *n = &p->node;
	memset(n, 0, sizeof *n);
	n->at = at;
	n->main = p->depth == p->main_depth && !p->main_ended;
	if (!n->main)
		return;
	n->root = p->depth == 1 && p->nodes == 0;
	p->nodes++;
	if (n->root)
		p->root.node_at = at;
	if (p->copy != NULL)
		bg_sgf_copy_node(p->copy);
}

/* The cell quoted as written: IDENT[value], cut to fit (for every move:
   no printf). */
static void
cell_text(bg_sgf_cell *c, const char *ident, const char *v, size_t len)
{
	size_t k = strlen(ident), room = sizeof c->text - 1;
	memcpy(c->text, ident, k);
	c->text[k++] = '[';
	if (k + len + 1 <= room) {
		memcpy(c->text + k, v, len);
		k += len;
		c->text[k++] = ']';
	} else {
		memcpy(c->text + k, v, room - k - 4);
		memcpy(c->text + room - 4, "...]", 4);
		k = room;
	}
	c->text[k] = '\0';
	c->text_len = (unsigned char)k;
}

static void
release_roll(bg_sgf_parse *p)
{
	if (p->roll_held)
		spool_cell(p, &p->roll_cell);
	p->roll_held = 0;
	p->di_held = 0;
}

static int
same_roll(const bg_sgf_cell *di, const bg_sgf_cell *roll)
{
	return roll->kind == BG_CELL_ROLL && roll->side == di->side &&
	       ((roll->d1 == di->d1 && roll->d2 == di->d2) ||
	        (roll->d1 == di->d2 && roll->d2 == di->d1));
}

/* A DI node followed by something other than its roll (2.4 item 4). */
static void
misplaced_di(bg_sgf_parse *p)
{
	read_error(p, BG_CODE_SGF_MISPLACED, p->di_ident, loc_at(p->di_ident.line,
	           p->di_ident.col + 1), "'%s': dice set with PL and DI stand "
	           "only before their roll or at the end of a game tree",
	           p->di_cell.text);
	p->di_held = 0;
	p->roll_held = 0;
}

/* The action of a node of the main line, in order (2.4). */
static void
node_action(bg_sgf_parse *p, const bg_sgf_cell *c, int is_di, nt_loc ident)
{
	if (p->roll_held) {
		/* The roll after the DI was not the last node: it is the action
		   and the DI means nothing (item 2). */
		release_roll(p);
	} else if (p->di_held) {
		if (!is_di && same_roll(&p->di_cell, c)) {
			p->roll_cell = *c;
			p->roll_held = 1;
			return;
		}
		misplaced_di(p);
		return;
	}
	if (is_di) {
		p->di_cell = *c;
		p->di_ident = ident;
		p->di_held = 1;
		return;
	}
	spool_cell(p, c);
}

/* The end of the main line: a DI waiting is a pending roll or a roll with
   no play recorded (2.4 items 1 and 3). */
static void
main_line_end(bg_sgf_parse *p)
{
	if (p->broken || !p->di_held)
		return;
	if (p->root.re_has && p->roll_held) {
		release_roll(p);
		return;
	}
	bg_sgf_cell c = p->di_cell;
	if (p->root.re_has) {
		c.play = BG_PLAY_UNKNOWN;
		c.dice_only = 1;
	} else {
		c.play = BG_PLAY_PENDING;
	}
	spool_cell(p, &c);
	p->di_held = p->roll_held = 0;
}

static const char *const mi_keys[4] = { "length", "game", "ws", "bs" };

/* At the end of the root: bg-sgf-missing-property (4.2 step 2). */
static void
root_end(bg_sgf_parse *p)
{
	const bg_sgf_root *r = &p->root;
	nt_loc at = r->node_at;
	if (!r->gm) {
		read_error(p, BG_CODE_SGF_MISSING_PROPERTY, at, at, "game tree %ld has "
		           "no GM: a backgammon game tree has GM[6]", p->trees);
	} else if (!r->mi_seen) {
		read_error(p, BG_CODE_SGF_MISSING_PROPERTY, at, at, "game tree %ld has "
		           "no MI: its match length, game number and score are "
		           "unknown", p->trees);
	} else {
		for (int k = 0; k < 4; k++)
			if (!r->mi_has[k]) {
				read_error(p, BG_CODE_SGF_MISSING_PROPERTY, at, at, "game tree "
				           "%ld has no MI[%s:...]: MI gives length, game, ws "
				           "and bs", p->trees, mi_keys[k]);
				break;
			}
	}
	for (int s = 0; s < 2; s++)
		if (!r->name_has[s])
			read_error(p, BG_CODE_SGF_MISSING_PROPERTY, at, at, "game tree %ld "
			           "has no %s: the %s player (%s) has no name", p->trees,
			           s == 0 ? "PW" : "PB", s == 0 ? "left" : "right",
			           s == 0 ? "white" : "black");
	if (!p->broken)
		p->root_read = 1;
}

void
bg_sgf_node_end(bg_sgf_parse *p)
{
	bg_sgf_node *n = &p->node;
	if (!reading(p))
		return;
	if (n->root) {
		root_end(p);
		return;
	}
	if (n->has_pl != n->has_di) {
		nt_loc at = n->has_pl ? n->pl_ident : n->di_ident;
		read_error(p, BG_CODE_SGF_MISPLACED, at, loc_at(at.line, at.col + 1),
		           "'%s' without %s: a node with dice set has PL[W] or "
		           "PL[B] and DI[dice]", n->has_pl ? "PL" : "DI",
		           n->has_pl ? "DI" : "PL");
		return;
	}
	bg_sgf_cell c;
	memset(&c, 0, sizeof c);
	if (n->has_di) {
		c.kind = BG_CELL_ROLL;
		c.side = (unsigned char)n->pl;
		c.d1 = (unsigned char)n->di1;
		c.d2 = (unsigned char)n->di2;
		c.loc = n->di_at;
		c.end = n->di_end;
		snprintf(c.text, sizeof c.text, "DI[%d%d]", n->di1, n->di2);
		c.text_len = (unsigned char)strlen(c.text);
		node_action(p, &c, 1, n->di_ident);
		return;
	}
	if (!n->has_move)
		return;
	const bg_sgf_move *m = &n->move;
	c.side = (unsigned char)n->move_side;
	c.loc = n->move_at;
	c.end = n->move_end;
	memcpy(c.text, n->move_text, sizeof c.text);
	c.text_len = (unsigned char)n->move_text_len;
	switch (m->kind) {
	case BG_SGF_ROLL:
		c.kind = BG_CELL_ROLL;
		c.d1 = (unsigned char)m->d1;
		c.d2 = (unsigned char)m->d2;
		c.play = m->npairs > 0 ? BG_PLAY_HOPS : BG_PLAY_NOTHING;
		c.npairs = (unsigned char)m->npairs;
		memcpy(c.from, m->from, sizeof c.from);
		memcpy(c.to, m->to, sizeof c.to);
		break;
	case BG_SGF_DOUBLE:
		c.kind = BG_CELL_OFFER;
		break;
	case BG_SGF_TAKE:
		c.kind = BG_CELL_TAKE;
		break;
	default:
		c.kind = BG_CELL_PASS;
		break;
	}
	node_action(p, &c, 0, n->action_ident);
}

/* ------------------------------------------------------- properties */

/* Whether the node already holds PROP (any identifier: by its hash). */
static int
seen_before(bg_sgf_node *n, int prop, const char *ident, size_t len)
{
	if (prop != BG_P_OTHER) {
		unsigned long long bit = 1ull << prop;
		int seen = (n->seen & bit) != 0;
		n->seen |= bit;
		return seen;
	}
	unsigned long long h = 0xcbf29ce484222325ull ^ len;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)ident[i]) * 0x100000001b3ull;
	for (int i = 0; i < n->nother; i++)
		if (n->other[i] == h)
			return 1;
	if (n->nother < BG_SGF_SEEN_MAX)
		n->other[n->nother++] = h;
	return 0;
}

static nt_loc
ident_end(nt_loc at, size_t len)
{
	return loc_at(at.line, at.col + (len > 0 ? len - 1 : 0));
}

/* What an identifier alone can break (misplaced, then unsupported). */
enum ident_finding {
	IDENT_OK, IDENT_ROOT_ONLY, IDENT_NOT_ROOT, IDENT_TWICE, IDENT_TWO_MOVES,
	IDENT_SETUP, IDENT_TOO_LONG
};

static int
check_ident(bg_sgf_parse *p, int prop, const char *ident, size_t len)
{
	bg_sgf_node *n = &p->node;
	if (is_root_prop(prop) && !n->root && prop != BG_P_CV)
		return IDENT_ROOT_ONLY;
	if (is_node_prop(prop) && n->root)
		return IDENT_NOT_ROOT;
	if (seen_before(n, prop, ident, len))
		return IDENT_TWICE;
	if (prop == BG_P_W || prop == BG_P_B || prop == BG_P_DI) {
		if (n->action)
			return IDENT_TWO_MOVES;
		n->action = prop;
		n->action_ident = p->val.ident_at;
	}
	if (is_setup_prop(prop) || (prop == BG_P_CV && !n->root))
		return IDENT_SETUP;
	return len > BG_SGF_IDENT_MAX ? IDENT_TOO_LONG : IDENT_OK;
}

static void quote_value(const bg_sgf_parse *p, char *buf, size_t size);

/* The identifier's finding, reported with its first value quoted; it
   stands at the identifier (4.1). */
static void
ident_error(bg_sgf_parse *p)
{
	const bg_sgf_value *v = &p->val;
	const bg_sgf_node *n = &p->node;
	char q[QUOTE_MAX + 32];
	quote_value(p, q, sizeof q);
	nt_loc at = v->ident_at, end = ident_end(at, p->lx.ident_len);
	bg_code misplaced = BG_CODE_SGF_MISPLACED;
	switch (v->finding) {
	case IDENT_ROOT_ONLY:
		read_error(p, misplaced, at, end, "'%s': %s stands only in the first "
		           "node of a game tree", q, prop_names[v->prop]);
		break;
	case IDENT_NOT_ROOT:
		read_error(p, misplaced, at, end, "'%s': the first node of a game "
		           "tree holds the match information, not a move", q);
		break;
	case IDENT_TWICE:
		read_error(p, misplaced, at, end, "'%s': this node already holds %s; "
		           "a property stands at most once in a node", q,
		           v->prop != BG_P_OTHER ? prop_names[v->prop]
		           : "this property");
		break;
	case IDENT_TWO_MOVES:
		read_error(p, misplaced, at, end, "'%s': this node already holds the "
		           "move %s; a node holds one move", q,
		           n->has_move ? n->move_text : n->has_di ? "DI" : "W or B");
		break;
	case IDENT_SETUP:
		read_error(p, BG_CODE_SGF_UNSUPPORTED, at, end, "'%s': set-up positions "
		           "and cube settings are not supported; every game starts "
		           "from the standard position with the cube at 1", q);
		break;
	default:
		read_error(p, BG_CODE_SGF_UNSUPPORTED, at, end, "a property identifier "
		           "of %zu letters: notate reads identifiers of at most %d",
		           p->lx.ident_len, BG_SGF_IDENT_MAX);
		break;
	}
}

/* Where a kept root value goes (first readable tree only). */
static bg_sgf_kept *
kept_slot(bg_sgf_parse *p, int prop)
{
	if (!p->node.root || p->any_root_read)
		return NULL;
	bg_sgf_root *r = &p->root;
	switch (prop) {
	case BG_P_DT: return &r->dt;
	case BG_P_EV: return &r->ev;
	case BG_P_RO: return &r->ro;
	case BG_P_PC: return &r->pc;
	case BG_P_AN: return &r->an;
	case BG_P_GC: return &r->gc;
	default: return NULL;
	}
}

void
bg_sgf_prop_begin(bg_sgf_parse *p, nt_loc at)
{
	bg_sgf_lexer *lx = &p->lx;
	bg_sgf_value *v = &p->val;
	size_t len = lx->ident_len;
	int prop = len <= BG_SGF_IDENT_MAX ? prop_of(lx->ident, len) : BG_P_OTHER;
	v->prop = prop;
	v->values = 0;
	v->finding = 0;
	v->ident_at = at;
	v->read = reading(p);
	v->kept = NULL;
	if (p->node.main && p->copy != NULL)
		bg_sgf_copy_ident(p->copy, lx->ident,
		                  len < BG_SGF_IDENT_MAX ? len : BG_SGF_IDENT_MAX);
	if (!v->read)
		return;
	v->finding = check_ident(p, prop, lx->ident, len);
	if (v->finding == IDENT_OK)
		v->kept = kept_slot(p, prop);
}

/* ----------------------------------------------------------- values */

/* What is kept of a value: enough for any value of its grammar (a longer
   one is outside it), a name up to BG_SGF_NAME_MAX, and of a value that is
   only kept (2.7) its start, for messages. */
static size_t
keep_limit(int prop)
{
	if (prop == BG_P_PW || prop == BG_P_PB)
		return BG_SGF_NAME_MAX;
	if (prop == BG_P_OTHER || prop == BG_P_AP || prop == BG_P_GS ||
	    prop == BG_P_WR || prop == BG_P_BR || prop == BG_P_DT ||
	    prop == BG_P_EV || prop == BG_P_RO || prop == BG_P_PC ||
	    prop == BG_P_AN || prop == BG_P_GC)
		return 64;
	return BG_SGF_VALUE_MAX;
}

void
bg_sgf_value_begin(bg_sgf_parse *p, nt_loc at)
{
	bg_sgf_value *v = &p->val;
	v->open = at;
	v->at = loc_at(at.line, at.col + 1);
	v->len = 0;
	v->cut = 0;
	if (p->node.main && p->copy != NULL) {
		bg_sgf_copy_value_open(p->copy);
		/* The writer writes UTF-8 (5.1). */
		if (v->prop == BG_P_CA && p->node.root)
			bg_sgf_copy_text(p->copy, "UTF-8", 5);
	}
	if (v->read && v->kept != NULL && !v->kept->set) {
		v->kept->set = 1;
		v->kept->at = p->header.size;
		v->kept->len = 0;
	} else if (v->kept != NULL) {
		v->kept = NULL;   /* a second value: bad, or not kept */
	}
}

void
bg_sgf_value_chunk(bg_sgf_parse *p, const bg_sgf_tokval *t)
{
	bg_sgf_value *v = &p->val;
	const bg_sgf_chunk *c = &p->lx.chunk[t->slot];
	if (p->node.main && p->copy != NULL &&
	    !(v->prop == BG_P_CA && p->node.root))
		bg_sgf_copy_text(p->copy, c->text, c->len);
	if (!v->read)
		return;
	if (v->kept != NULL) {
		if (nt_spool_write(&p->header, c->text, c->len) != 0)
			p->lx.in.overflow = 1;
		v->kept->len += c->len;
	}
	size_t limit = keep_limit(v->prop);
	if (limit == 0)
		return;
	size_t n = c->len;
	if (v->len + n > limit) {
		n = limit > v->len ? limit - v->len : 0;
		v->cut = 1;
	}
	if (n == 0)
		return;
	if (!nt_growbuf_reserve(&v->buf, v->len, v->len + n + 1)) {
		v->cut = 1;
		return;
	}
	memcpy(v->buf.data + v->len, c->text, n);
	v->len += n;
}

/* The value's last character: before its ']', or the ']' when empty. */
static nt_loc
value_end_loc(const bg_sgf_value *v, nt_loc close)
{
	if (close.line == v->at.line && close.col <= v->at.col)
		return v->at;
	if (close.col > 1)
		return loc_at(close.line, close.col - 1);
	return close;
}

/* The value as quoted in a message: IDENT[value]. */
static void
quote_value(const bg_sgf_parse *p, char *buf, size_t size)
{
	const bg_sgf_value *v = &p->val;
	char q[BG_CELL_TEXT - 16];
	nt_quote(q, sizeof q, v->buf.data, v->len);
	/* Up to 16 letters of the identifier. */
	int n = snprintf(buf, size, "%.16s[", p->lx.ident);
	if (n > 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, "%.*s%s]", (int)(size - (size_t)n - 5),
		         q, v->cut ? "..." : "");
}

static void bad_value(bg_sgf_parse *p, nt_loc end, const char *why, ...)
	NT_PRINTF(3, 4);

/* bg-sgf-bad-value at the value: 'IDENT[value]': WHY. */
static void
bad_value(bg_sgf_parse *p, nt_loc end, const char *why, ...)
{
	char q[QUOTE_MAX + 32], w[NT_MSG_MAX / 2];
	va_list ap;
	va_start(ap, why);
	vsnprintf(w, sizeof w, why, ap);
	va_end(ap);
	quote_value(p, q, sizeof q);
	read_error(p, BG_CODE_SGF_BAD_VALUE, p->val.at, end, "'%s': %s", q, w);
}

/* The letter L of a pair as a point of SIDE (2.1): bar 25, off 0. */
static int
point_of(int side, unsigned char l)
{
	if (l == 'y')
		return BG_BAR;
	if (l == 'z')
		return BG_OFF;
	return side == 0 ? l - 'a' + 1 : 'x' - l + 1;
}

static const char *
color(int side)
{
	return side == 0 ? "white" : "black";
}

static void
read_move(bg_sgf_parse *p, nt_loc end)
{
	bg_sgf_value *v = &p->val;
	bg_sgf_node *n = &p->node;
	int side = v->prop == BG_P_W ? 0 : 1;
	bg_sgf_move m;
	int why = v->cut ? BG_SGF_WHY_FORM : bg_sgf_scan_move(v->buf.data, v->len, &m);
	switch (why) {
	case BG_SGF_OK:
		break;
	case BG_SGF_WHY_DICE:
		bad_value(p, end, "dice run from 1 to 6");
		return;
	case BG_SGF_WHY_POINT:
		bad_value(p, end, "a step is two letters: from a to y (y is the "
		          "bar), to a to z (z is off)");
		return;
	case BG_SGF_WHY_PAIRS:
		bad_value(p, end, "after the dice come at most four steps of two "
		          "letters each");
		return;
	case BG_SGF_WHY_WORD:
		bad_value(p, end, "the cube actions are written double, take and "
		          "drop, in lower case");
		return;
	default:
		bad_value(p, end, "a move is two dice and up to four steps "
		          "(65xrrm), or double, take or drop");
		return;
	}
	for (int i = 0; i < m.npairs; i++) {
		int from = point_of(side, m.from[i]), to = point_of(side, m.to[i]);
		if (from <= to) {
			char f[8], t[8];
			snprintf(f, sizeof f, from == BG_BAR ? "bar" : "%d", from);
			snprintf(t, sizeof t, to == BG_OFF ? "off" : "%d", to);
			bad_value(p, end, "a step must move forward, and %c to %c is "
			          "%s's %s to %s", m.from[i], m.to[i], color(side), f, t);
			return;
		}
	}
	n->has_move = 1;
	n->move = m;
	n->move_side = side;
	n->move_at = v->at;
	n->move_end = end;
	bg_sgf_cell c;
	cell_text(&c, prop_names[v->prop], v->buf.data, v->len);
	memcpy(n->move_text, c.text, sizeof n->move_text);
	n->move_text_len = c.text_len;
}

static void
read_mi(bg_sgf_parse *p, nt_loc end)
{
	bg_sgf_value *v = &p->val;
	bg_sgf_root *r = &p->root;
	int key;
	long num;
	r->mi_seen = 1;
	int why = v->cut ? BG_SGF_OK : bg_sgf_scan_mi(v->buf.data, v->len, &key, &num);
	if (v->cut)
		return;   /* longer than any item of 2.2: another item */
	if (why != BG_SGF_OK) {
		bad_value(p, end, "%s is a number of 1 to 9 digits", mi_keys[key]);
		return;
	}
	if (key == BG_SGF_MI_OTHER)
		return;
	if (r->mi_has[key]) {
		bad_value(p, end, "MI gives %s twice", mi_keys[key]);
		return;
	}
	r->mi_has[key] = 1;
	r->mi[key] = num;
	r->mi_at[key] = v->at;
	r->mi_end[key] = end;
	nt_quote(r->mi_text[key], sizeof r->mi_text[key], v->buf.data, v->len);
}

static void
read_name(bg_sgf_parse *p, nt_loc end)
{
	bg_sgf_value *v = &p->val;
	bg_sgf_root *r = &p->root;
	int s = v->prop == BG_P_PW ? 0 : 1;
	if (v->cut) {
		bad_value(p, end, "a name of more than %d bytes is more than notate "
		          "reads", BG_SGF_NAME_MAX);
		return;
	}
	if (bg_sgf_scan_name(v->buf.data, v->len) != BG_SGF_OK) {
		bad_value(p, end, "a name is not empty and has no ':', no line end "
		          "and no blank at either end");
		return;
	}
	if (!nt_growbuf_reserve(&r->name[s], 0, v->len + 1)) {
		p->lx.in.overflow = 1;
		return;
	}
	memcpy(r->name[s].data, v->buf.data, v->len);
	r->name[s].data[v->len] = '\0';
	r->name_has[s] = 1;
	r->name_at[s] = v->at;
	r->name_end[s] = end;
	quote_value(p, r->name_text[s], sizeof r->name_text[s]);
}

static void
read_rules(bg_sgf_parse *p, nt_loc end)
{
	bg_sgf_value *v = &p->val;
	bg_sgf_root *r = &p->root;
	unsigned rules;
	size_t at, n;
	int why = v->cut ? BG_SGF_WHY_WORD
	                 : bg_sgf_scan_rules(v->buf.data, v->len, &rules, &at, &n);
	if (v->cut) {
		at = 0;
		n = v->len;
	}
	char q[QUOTE_MAX + 32], w[QUOTE_MAX];
	if (why == BG_SGF_OK && (rules & BG_SGF_RU_VARIANT)) {
		quote_value(p, q, sizeof q);
		nt_quote(w, sizeof w, v->buf.data + at, n);
		read_error(p, BG_CODE_SGF_UNSUPPORTED, v->at, end, "'%s': %s is not "
		           "supported; notate replays standard backgammon", q, w);
		return;
	}
	if (why != BG_SGF_OK) {
		nt_quote(w, sizeof w, v->buf.data + at, n);
		bad_value(p, end, "'%s' is not a rule word (NoCube, Crawford, "
		          "CrawfordGame, Jacoby), or it stands twice", w);
		return;
	}
	r->ru_has = 1;
	r->rules = rules;
	r->ru_at = v->at;
	r->ru_end = end;
	quote_value(p, r->ru_text, sizeof r->ru_text);
}

static void
read_result(bg_sgf_parse *p, nt_loc end)
{
	bg_sgf_value *v = &p->val;
	bg_sgf_root *r = &p->root;
	int winner, resigned;
	long points;
	if (v->cut || bg_sgf_scan_result(v->buf.data, v->len, &winner, &points,
	                                 &resigned) != BG_SGF_OK) {
		bad_value(p, end, "a result is W+ or B+ and the points (1 or more, "
		          "at most nine digits), then R for a resignation");
		return;
	}
	bg_sgf_cell *c = &r->re;
	memset(c, 0, sizeof *c);
	c->kind = BG_CELL_WIN;
	c->side = (unsigned char)winner;
	c->points = points;
	c->resign = resigned ? BG_RESIGN_YES : BG_RESIGN_NO;
	c->loc = v->at;
	c->end = end;
	cell_text(c, "RE", v->buf.data, v->len);
	r->re_has = 1;
}

/* FF, GM, CA, CV: what the root says of the file. */
static void
read_format(bg_sgf_parse *p, nt_loc end)
{
	bg_sgf_value *v = &p->val;
	long num = v->cut ? -1 : bg_sgf_scan_number(v->buf.data, v->len);
	char q[QUOTE_MAX + 32];
	switch (v->prop) {
	case BG_P_FF:
		if (num != 4)
			bad_value(p, end, "notate reads SGF FF[4]");
		p->root.ff = 1;
		break;
	case BG_P_GM:
		if (num != 6)
			bad_value(p, end, "not a backgammon game tree (backgammon is "
			          "GM[6])");
		p->root.gm = 1;
		break;
	case BG_P_CV:
		if (num < 0) {
			bad_value(p, end, "the cube value is a number");
		} else if (num != 1) {
			quote_value(p, q, sizeof q);
			read_error(p, BG_CODE_SGF_UNSUPPORTED, v->at, end, "'%s': automatic "
			           "doubles are not supported; every game starts with "
			           "the cube at 1", q);
		}
		break;
	default: {
		int cs = v->cut ? -1 : bg_sgf_scan_charset(v->buf.data, v->len);
		if (cs < 0) {
			quote_value(p, q, sizeof q);
			read_error(p, BG_CODE_SGF_CHARSET, v->at, end, "'%s': notate reads "
			           "UTF-8, US-ASCII and ISO-8859-1", q);
			break;
		}
		p->lx.charset = cs == 0 ? BG_SGF_UTF8 : cs == 1 ? BG_SGF_ASCII
		                                                : BG_SGF_LATIN1;
		break;
	}
	}
}

static void
read_dice_node(bg_sgf_parse *p, nt_loc end)
{
	bg_sgf_value *v = &p->val;
	bg_sgf_node *n = &p->node;
	if (v->prop == BG_P_PL) {
		if (v->cut || bg_sgf_scan_player(v->buf.data, v->len, &n->pl) != BG_SGF_OK) {
			bad_value(p, end, "the player on roll is W or B");
			return;
		}
		n->has_pl = 1;
		n->pl_ident = v->ident_at;
		return;
	}
	int why = v->cut ? BG_SGF_WHY_FORM
	                 : bg_sgf_scan_dice(v->buf.data, v->len, &n->di1, &n->di2);
	if (why != BG_SGF_OK) {
		bad_value(p, end, why == BG_SGF_WHY_DICE ? "dice run from 1 to 6"
		          : "DI holds the two dice rolled (DI[65])");
		return;
	}
	n->has_di = 1;
	n->di_ident = v->ident_at;
	n->di_at = v->at;
	n->di_end = end;
}

/* A property of 2.2 that has one value (all but MI and GS). */
static int
single_valued(int prop)
{
	return prop != BG_P_OTHER && prop != BG_P_MI && prop != BG_P_GS &&
	       !is_setup_prop(prop);
}

void
bg_sgf_value_end(bg_sgf_parse *p, nt_loc at)
{
	bg_sgf_value *v = &p->val;
	bg_sgf_lexer *lx = &p->lx;
	if (p->node.main && p->copy != NULL)
		bg_sgf_copy_value_close(p->copy);
	if (!v->read || !reading(p))
		return;
	v->values++;
	nt_loc end = value_end_loc(v, at);
	v->buf.data[v->len < v->buf.cap ? v->len : v->buf.cap - 1] = '\0';
	if (v->finding != IDENT_OK) {
		ident_error(p);
		return;
	}
	if (lx->bad) {
		read_error(p, BG_CODE_SGF_CHARSET, lx->bad_at, lx->bad_at, "this byte "
		           "is not valid %s text", lx->charset == BG_SGF_ASCII
		           ? "US-ASCII" : "UTF-8");
		return;
	}
	if (v->values > 1 && single_valued(v->prop)) {
		bad_value(p, end, "%s has one value", prop_names[v->prop]);
		return;
	}
	switch (v->prop) {
	case BG_P_FF:
	case BG_P_GM:
	case BG_P_CA:
	case BG_P_CV:
		read_format(p, end);
		break;
	case BG_P_MI:
		read_mi(p, end);
		break;
	case BG_P_PW:
	case BG_P_PB:
		read_name(p, end);
		break;
	case BG_P_RU:
		read_rules(p, end);
		break;
	case BG_P_RE:
		read_result(p, end);
		break;
	case BG_P_W:
	case BG_P_B:
		read_move(p, end);
		break;
	case BG_P_PL:
	case BG_P_DI:
		read_dice_node(p, end);
		break;
	default:
		break;   /* kept, not read (2.7) */
	}
}

/* ------------------------------------------------------ syntax errors */

void
bg_sgf_syntax_error(bg_sgf_parse *p, int token, int only, nt_loc at)
{
	bg_sgf_lexer *lx = &p->lx;
	nt_input *in = &lx->in;
	if (token == BG_SGF_TOK_YYEOF) {
		if (p->trees == 0 && p->depth == 0)
			syntax_error(p, loc_at(1, 1), "there is no game tree: an SGF "
			             "file holds game trees '(;...)'");
		else if (lx->in_value)
			syntax_error(p, p->val.open, "this value is not closed: the "
			             "file ends before its ']'");
		else if (p->depth > 0)
			syntax_error(p, p->open_at[p->depth], "this game tree is not "
			             "closed: the file ends before its ')'");
		else
			syntax_error(p, at, "the file ends here");
		return;
	}
	if (only == BG_SGF_TOK_LBRACK) {
		syntax_error(p, at, "the property %s has no value: a value '[...]' "
		             "follows its identifier", lx->ident);
		return;
	}
	if (only == BG_SGF_TOK_SEMI) {
		syntax_error(p, at, "a game tree holds at least one node ';' before "
		             "anything else");
		return;
	}
	/* The character there, for the message. */
	char c[8] = "?";
	if (in->tok >= in->buf && in->tok < in->lim) {
		unsigned char b = *in->tok;
		snprintf(c, sizeof c, b >= 0x21 && b < 0x7F ? "%c" : "\\x%02X", b);
	}
	switch (token) {
	case BG_SGF_TOK_LBRACK:
		syntax_error(p, at, "a value with no property identifier before it");
		break;
	case BG_SGF_TOK_RBRACK:
		syntax_error(p, at, "']' ends a value, and no value is open here");
		break;
	case BG_SGF_TOK_RPAREN:
		syntax_error(p, at, "')' closes a game tree, and no game tree is "
		             "open here");
		break;
	case BG_SGF_TOK_IDENT:
		syntax_error(p, at, p->depth > 0 ? "a property stands in a node, "
		             "after its ';', before the game trees inside its tree"
		             : "nothing but game trees '(;...)' may stand outside "
		             "them");
		break;
	case BG_SGF_TOK_SEMI:
		syntax_error(p, at, p->depth > 0 ? "a node comes before the game "
		             "trees inside its tree, not after them" : "a node "
		             "stands inside a game tree '(;...)'");
		break;
	default:
		if (c[0] >= 'a' && c[0] <= 'z' && c[1] == '\0')
			syntax_error(p, at, "'%s': property identifiers are upper-case "
			             "letters (W, B, MI, ...)", c);
		else
			syntax_error(p, at, "'%s' cannot stand outside a value%s", c,
			             p->depth == 0 && p->trees > 0
			             ? ": the last game tree has ended" : "");
		break;
	}
}

/* --------------------------------------------------- the replay */

/* A held cell as the replay takes it. */
static void
to_cell(const bg_sgf_cell *s, bg_cell *c)
{
	memset(c, 0, offsetof(bg_cell, text));
	c->kind = s->kind;
	c->side = s->side;
	c->loc = s->loc;
	c->end = s->end;
	c->d1 = s->d1;
	c->d2 = s->d2;
	c->play = s->play;
	c->value = -1;
	c->points = s->points;
	c->written = BG_WRITTEN_SGF;
	c->dice_only = s->dice_only;
	c->resign = s->resign;
	c->nhops = s->npairs;
	for (int i = 0; i < s->npairs; i++) {
		c->hops[i].from = (unsigned char)point_of(s->side, s->from[i]);
		c->hops[i].to = (unsigned char)point_of(s->side, s->to[i]);
		c->hops[i].star = 0;
	}
	c->text_len = s->text_len;
	memcpy(c->text, s->text, s->text_len);
	c->text[s->text_len] = '\0';
}

/* N bytes of a kept root value K, from byte FROM of it. */
static int
kept_read(bg_sgf_parse *p, const bg_sgf_kept *k, size_t from, char *buf,
          size_t n)
{
	return nt_spool_read(&p->header, k->at + from, buf, n);
}

/*
 * A kept one-line value as a tag line `; [KEY "value"]` for the echo;
 * line ends in it become spaces (5.3).
 */
static void
echo_tag(bg_sgf_parse *p, const char *key, const bg_sgf_kept *k)
{
	char head[64], buf[512];
	snprintf(head, sizeof head, "; [%s \"", key);
	p->echo(p->echo_ctx, head, strlen(head), 0);
	for (size_t at = 0; at < k->len;) {
		size_t n = k->len - at < sizeof buf ? k->len - at : sizeof buf;
		if (kept_read(p, k, at, buf, n) != 0)
			break;
		for (size_t i = 0; i < n; i++)
			if (buf[i] == '\n')
				buf[i] = ' ';
		p->echo(p->echo_ctx, buf, n, 0);
		at += n;
	}
	p->echo(p->echo_ctx, "\"]", 2, 1);
}

static void
echo_line(bg_sgf_parse *p, const char *text)
{
	p->echo(p->echo_ctx, text, strlen(text), 1);
}

/* Calls FN for each line of the first root's GC (without its LF), at most
   GC_LINE_MAX bytes of it; WHOLE is 0 when the line was longer. */
typedef void (*gc_line_fn)(bg_sgf_parse *p, const char *line, size_t len,
                           int whole, void *ctx);

#define GC_LINE_MAX 4096

static void
each_gc_line(bg_sgf_parse *p, gc_line_fn fn, void *ctx)
{
	const bg_sgf_kept *k = &p->root.gc;
	char line[GC_LINE_MAX + 1];
	size_t len = 0;
	int whole = 1;
	char buf[512];
	for (size_t at = 0; at < k->len;) {
		size_t n = k->len - at < sizeof buf ? k->len - at : sizeof buf;
		if (kept_read(p, k, at, buf, n) != 0)
			return;
		for (size_t i = 0; i < n; i++) {
			if (buf[i] == '\n') {
				fn(p, line, len, whole, ctx);
				len = 0;
				whole = 1;
			} else if (len < GC_LINE_MAX) {
				line[len++] = buf[i];
			} else {
				whole = 0;
			}
		}
		at += n;
	}
	/* A GC that does not end in LF is taken as if it did. */
	if (len > 0 || !whole)
		fn(p, line, len, whole, ctx);
}

/* "; " and the line, as a header comment line reads it. */
static size_t
as_comment(const char *line, size_t len, char *out)
{
	memcpy(out, "; ", 2);
	memcpy(out + 2, line, len);
	return len + 2;
}

static int
is_tag_named(const char *line, size_t len, const char *key)
{
	char c[GC_LINE_MAX + 3];
	size_t n = as_comment(line, len, c);
	const char *k, *v;
	size_t kl, vl;
	return bg_tag_split(c, n, &k, &kl, &v, &vl) && kl == strlen(key) &&
	       strncasecmp(k, key, kl) == 0;
}

/* GC lines that are rule tags have the effect of 2.9 (2.3). */
static void
gc_rule_line(bg_sgf_parse *p, const char *line, size_t len, int whole,
             void *ctx)
{
	(void)ctx;
	if (!whole)
		return;
	char c[GC_LINE_MAX + 3];
	size_t n = as_comment(line, len, c);
	bg_replay_tag(p->rp, c, n);
}

static void
gc_echo_line(bg_sgf_parse *p, const char *line, size_t len, int whole,
             void *ctx)
{
	int *first = ctx;
	if (whole && (is_tag_named(line, len, "Crawford") ||
	              is_tag_named(line, len, "Jacoby")))
		return;
	if (*first) {
		echo_line(p, "");
		*first = 0;
	}
	p->echo(p->echo_ctx, "; ", 2, 0);
	p->echo(p->echo_ctx, line, len, 1);
}

/* A kept DT of the form YYYY-MM-DD as YYYY.MM.DD, else 0. */
static int
event_date(bg_sgf_parse *p, char out[11])
{
	const bg_sgf_kept *k = &p->root.dt;
	char d[11];
	if (!k->set || k->len != 10 || kept_read(p, k, 0, d, 10) != 0)
		return 0;
	d[10] = '\0';
	if (bg_sgf_scan_date(d, 10) != BG_SGF_OK)
		return 0;
	memcpy(out, d, 11);
	out[4] = out[7] = '.';
	return 1;
}

/* The header of a conversion to mat or sheet, as gnubg exports it (5.3). */
static void
echo_header(bg_sgf_parse *p)
{
	const bg_sgf_root *r = &p->root;
	unsigned ru = r->ru_has ? r->rules : 0;
	int match = r->mi[BG_SGF_MI_LENGTH] > 0;
	char date[11], line[64];
	if (r->pc.set)
		echo_tag(p, "Site", &r->pc);
	if (r->ev.set)
		echo_tag(p, "Event", &r->ev);
	if (r->ro.set)
		echo_tag(p, "Round", &r->ro);
	if (event_date(p, date)) {
		snprintf(line, sizeof line, "; [EventDate \"%s\"]", date);
		echo_line(p, line);
	}
	if (match && !(ru & BG_SGF_RU_CRAWFORD))
		echo_line(p, "; [Crawford \"Off\"]");
	if (!match && !(ru & BG_SGF_RU_JACOBY))
		echo_line(p, "; [Jacoby \"Off\"]");
	if (ru & BG_SGF_RU_NOCUBE)
		echo_line(p, "; [CubeLimit \"1\"]");
	if (r->an.set)
		echo_tag(p, "Transcriber", &r->an);
	int first = 1;
	each_gc_line(p, gc_echo_line, &first);
	echo_line(p, "");
}

/* The root's header values as the tags the text forms would have (the
   record facts of nt_fact), with the start of a long one. */
static void
report_tags(bg_sgf_parse *p)
{
	const bg_sgf_root *r = &p->root;
	const struct { const char *key; const bg_sgf_kept *k; } tags[] = {
		{ "Site", &r->pc }, { "Event", &r->ev }, { "Round", &r->ro },
		{ "EventDate", &r->dt }, { "Transcriber", &r->an }
	};
	for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++) {
		const bg_sgf_kept *k = tags[i].k;
		char v[1024];
		size_t n = k->len < sizeof v ? k->len : sizeof v;
		if (!k->set || kept_read(p, k, 0, v, n) != 0)
			continue;
		nt_report_tag(&p->run->rep, 0, tags[i].key, strlen(tags[i].key), v, n,
		              n < k->len, r->node_at, NULL);
	}
}

/* The first tree whose root could be read: the match and its rules. */
static void
first_root(bg_sgf_parse *p)
{
	const bg_sgf_root *r = &p->root;
	unsigned ru = r->ru_has ? r->rules : 0;
	report_tags(p);
	p->rp->tag_at = r->node_at;
	each_gc_line(p, gc_rule_line, NULL);
	bg_replay_rules(p->rp, (ru & BG_SGF_RU_CRAWFORD) != 0,
	                (ru & BG_SGF_RU_JACOBY) != 0,
	                (ru & BG_SGF_RU_NOCUBE) ? 1 : 0);
	if (p->echo != NULL)
		echo_header(p);
	bg_replay_match_at(p->rp, r->mi[BG_SGF_MI_LENGTH],
	                   r->mi_at[BG_SGF_MI_LENGTH]);
	p->any_root_read = 1;
}

static void
replay_head(bg_sgf_parse *p)
{
	const bg_sgf_root *r = &p->root;
	bg_head h;
	memset(&h, 0, sizeof h);
	h.at = r->tree_at;
	h.number = r->mi[BG_SGF_MI_GAME] + 1;
	h.number_base = -1;
	h.number_at = r->mi_at[BG_SGF_MI_GAME];
	h.number_end = r->mi_end[BG_SGF_MI_GAME];
	h.number_text = r->mi_text[BG_SGF_MI_GAME];
	for (int s = 0; s < 2; s++) {
		h.name[s] = r->name[s].data;
		h.name_len[s] = strlen(r->name[s].data);
		h.name_at[s] = r->name_at[s];
		h.name_end[s] = r->name_end[s];
		h.name_text[s] = r->name_text[s];
		h.score[s] = r->mi[BG_SGF_MI_WS + s];
		h.score_at[s] = r->mi_at[BG_SGF_MI_WS + s];
		h.score_end[s] = r->mi_end[BG_SGF_MI_WS + s];
		h.score_text[s] = r->mi_text[BG_SGF_MI_WS + s];
	}
	h.length = r->mi[BG_SGF_MI_LENGTH];
	h.length_at = r->mi_at[BG_SGF_MI_LENGTH];
	h.length_end = r->mi_end[BG_SGF_MI_LENGTH];
	h.length_text = r->mi_text[BG_SGF_MI_LENGTH];
	unsigned ru = r->ru_has ? r->rules : 0;
	h.rules = ru & ~(unsigned)BG_SGF_RU_CRAWFORD_GAME;
	h.rules_at = r->ru_has ? r->ru_at : r->node_at;
	h.rules_end = r->ru_has ? r->ru_end : r->node_at;
	h.rules_text = r->ru_has ? r->ru_text : "no RU";
	h.crawford_mark = (ru & BG_SGF_RU_CRAWFORD_GAME) != 0;
	h.mark_at = h.rules_at;
	h.mark_end = h.rules_end;
	h.mark_text = r->ru_has ? r->ru_text : "no RU";
	bg_replay_head(p->rp, &h);
}

static void
report_error(bg_sgf_parse *p)
{
	const bg_sgf_error *e = &p->error;
	nt_emit(&p->run->rep, &bg_codes[e->code], e->at, e->end,
	        p->rp->g.index, 0, "%s", e->message);
}

/* Steps 3 to 6 of 4.2 for the tree just read, then its variations. */
static void
replay_tree(bg_sgf_parse *p)
{
	bg_replay *rp = p->rp;
	bg_sgf_root *r = &p->root;
	if (p->broken && !p->root_read) {
		long number = r->mi_has[BG_SGF_MI_GAME] ? r->mi[BG_SGF_MI_GAME] + 1 : -1;
		bg_replay_game_unread(rp, r->tree_at, number);
		report_error(p);
		return;
	}
	if (!p->any_root_read)
		first_root(p);
	bg_replay_game_begin(rp, r->tree_at);
	replay_head(p);
	nt_spool_pos at = 0;
	long variations = 0;
	bg_cell *cell = malloc(sizeof *cell);
	if (cell == NULL) {
		p->lx.in.overflow = 1;
		return;
	}
	unsigned char kind;
	while (nt_spool_read(&p->tree, at, &kind, 1) == 0) {
		at++;
		if (kind == REC_VARIATION) {
			at += sizeof(nt_loc);
			variations++;
			continue;
		}
		bg_sgf_cell c;
		if (nt_spool_read(&p->tree, at, &c, sizeof c) != 0)
			break;
		at += sizeof c;
		to_cell(&c, cell);
		bg_replay_cell(rp, cell);
	}
	if (p->broken) {
		bg_replay_flush(rp);
		report_error(p);
		bg_replay_game_end(rp, 1);
		free(cell);
		return;
	}
	if (r->re_has) {
		to_cell(&r->re, cell);
		bg_replay_cell(rp, cell);
	}
	bg_replay_game_end(rp, 0);
	free(cell);
	/* The variations, last (4.2). */
	for (at = 0; variations > 0 && nt_spool_read(&p->tree, at, &kind, 1) == 0;) {
		at++;
		if (kind == REC_CELL) {
			at += sizeof(bg_sgf_cell);
			continue;
		}
		nt_loc v;
		if (nt_spool_read(&p->tree, at, &v, sizeof v) != 0)
			break;
		at += sizeof v;
		nt_emit(&rp->run->rep, &bg_codes[BG_CODE_SGF_VARIATION], v, v,
		        rp->g.index, 0, "a variation starts here; only the first "
		        "branch is read, and conversion drops this one");
	}
}

/* --------------------------------------------------------- a run */

int
bg_sgf_parse_init(bg_sgf_parse *p, nt_run *run, struct bg_replay *rp)
{
	memset(p, 0, sizeof *p);
	p->run = run;
	p->rp = rp;
	if (nt_input_init(&p->lx.in, run->src, run->opts->buffer_size) != 0)
		return -1;
	bg_sgf_lexer_init(&p->lx);
	nt_spool_init(&p->tree, 0);
	nt_spool_init(&p->header, 0);
	nt_growbuf_init(&p->val.buf, p->val.small, sizeof p->val.small,
	                BG_SGF_NAME_MAX + 1);
	for (int s = 0; s < 2; s++)
		nt_growbuf_init(&p->root.name[s], p->root.name_small[s],
		                sizeof p->root.name_small[s], BG_SGF_NAME_MAX + 1);
	return 0;
}

int
bg_sgf_parse_all(bg_sgf_parse *p)
{
	int rc = bg_sgf_yyparse(p);
	(void)rc;
	nt_input *in = &p->lx.in;
	nt_summary *s = p->run->rep.summary;
	s->games = p->trees;
	snprintf(s->result, sizeof s->result, "%ld-%ld", p->rp->score[0],
	         p->rp->score[1]);
	if (p->run->opts->lint)
		bg_lint_end(&p->rp->lint, &p->rp->run->rep);
	if (in->read_errno != 0 || in->overflow) {
		s->unreadable = 1;
		return -1;
	}
	return 0;
}

void
bg_sgf_parse_free(bg_sgf_parse *p)
{
	nt_spool_free(&p->tree);
	nt_spool_free(&p->header);
	nt_growbuf_free(&p->val.buf);
	for (int s = 0; s < 2; s++)
		nt_growbuf_free(&p->root.name[s]);
	nt_input_free(&p->lx.in);
}
