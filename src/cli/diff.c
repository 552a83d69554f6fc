/*
 * notate diff A B: whether two records are the same game(s) in meaning,
 * whatever their form and layout.  Each is rewritten in its game's first
 * form (the game's writers spell every move one way: 24/18/14 and 24/14
 * come out alike), and the moves of that rewriting, as the replay accepts
 * them, are compared one by one.  A's moves wait in a temporary file, so
 * memory stays flat.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

#define DIFF_TEXT 1024

typedef struct diff_move {
	long game, index;
	char side[128];
	char text[DIFF_TEXT];
	char position[128];           /* after it; "-": the game gives none */
} diff_move;

typedef struct diff_run {
	cli *c;
	FILE *a_moves;                /* A's moves, one a line, then read back */
	int reading;                  /* B is being compared */
	long differences;
	const char *name[2];
} diff_run;

static int
sink_stdio(void *handle, const void *buf, size_t size)
{
	return fwrite(buf, 1, size, handle) == size ? 0 : -1;
}

/* A move's text on one line: line breaks and tabs are blanks there. */
static void
clean_copy(char *dst, size_t size, const char *src)
{
	size_t i = 0;
	for (; src != NULL && src[i] != '\0' && i + 1 < size; i++)
		dst[i] = src[i] == '\n' || src[i] == '\t' || src[i] == '\r' ? ' '
		         : src[i];
	dst[i] = '\0';
}

static int
read_move(FILE *fp, diff_move *m)
{
	char line[DIFF_TEXT + 256];
	if (fgets(line, sizeof line, fp) == NULL)
		return -1;
	line[strcspn(line, "\n")] = '\0';
	char *tab[4];
	char *p = line;
	for (int i = 0; i < 4; i++) {
		tab[i] = strchr(p, '\t');
		if (tab[i] == NULL)
			return -1;
		*tab[i] = '\0';
		p = tab[i] + 1;
	}
	m->game = strtol(line, NULL, 10);
	m->index = strtol(tab[0] + 1, NULL, 10);
	clean_copy(m->position, sizeof m->position, tab[1] + 1);
	clean_copy(m->side, sizeof m->side, tab[2] + 1);
	clean_copy(m->text, sizeof m->text, tab[3] + 1);
	return 0;
}

static void
say(diff_run *r, long game, long index, const diff_move *a,
    const diff_move *b)
{
	r->differences++;
	if (r->differences > 1 && !r->c->sel.all)
		return;
	FILE *out = r->c->out;
	fprintf(out, "game %ld, move %ld: ", game, index);
	if (a != NULL)
		fprintf(out, "A %s: %s, ", a->side, a->text);
	else
		fputs("A has no such move, ", out);
	if (b != NULL)
		fprintf(out, "B %s: %s\n", b->side, b->text);
	else
		fputs("B has no such move\n", out);
}

/*
 * The same move in meaning: the same text, or, where the game gives the
 * position after it, the same position reached with the same words
 * before the first ':' (backgammon's dice): 7/3 3/2 and 7/6 6/2 play one
 * checker from 7 to 2.
 */
static int
same_move(const diff_move *a, const diff_move *b)
{
	if (strcmp(a->text, b->text) == 0)
		return 1;
	if (strcmp(a->position, "-") == 0 || strcmp(a->position, b->position) != 0)
		return 0;
	const char *ca = strchr(a->text, ':'), *cb = strchr(b->text, ':');
	return ca != NULL && cb != NULL && ca - a->text == cb - b->text &&
	       strncmp(a->text, b->text, (size_t)(ca - a->text)) == 0;
}

static void
on_move(void *user, const nt_move *m)
{
	diff_run *r = user;
	diff_move b = { m->game, m->index, "", "", "" };
	clean_copy(b.side, sizeof b.side, m->side);
	clean_copy(b.text, sizeof b.text, m->text);
	clean_copy(b.position, sizeof b.position, m->position != NULL
	           ? m->position : "-");
	if (!r->reading) {
		fprintf(r->a_moves, "%ld\t%ld\t%s\t%s\t%s\n", b.game, b.index,
		        b.position, b.side, b.text);
		return;
	}
	diff_move a;
	if (read_move(r->a_moves, &a) != 0) {
		say(r, b.game, b.index, NULL, &b);
		return;
	}
	/* Who moved is said, not compared: exports spell names their own way. */
	if (a.game != b.game || a.index != b.index || !same_move(&a, &b))
		say(r, a.game, a.index, &a, &b);
}

/*
 * IN's moves as its game's first form spells them, to ON_MOVE.  Returns
 * 0, or -1 when the record cannot be read or rewritten (said).
 */
static int
canonical_moves(cli *c, input *in, diff_run *r)
{
	const char *form = nt_game_forms(in->game)[0];
	FILE *canon = tmpfile();
	if (form == NULL || canon == NULL) {
		cli_note(in->name, form == NULL ? "its game has no form to compare "
		         "in" : strerror(errno));
		raise_status(c, EXIT_UNREADABLE);
		if (canon != NULL)
			fclose(canon);
		return -1;
	}
	nt_handler quiet = { .on_diag = NULL };
	nt_sink sink = { sink_stdio, canon };
	nt_summary s;
	int rc = nt_convert(in->game, &in->src, form, &sink, &in->set->opts,
	                    &quiet, &s);
	if (rc != 0 || fflush(canon) != 0) {
		cli_note(in->name, rc == 1 ? "has errors: diff compares legal "
		         "records (see notate check)" : "cannot be read");
		raise_status(c, EXIT_UNREADABLE);
		fclose(canon);
		return -1;
	}
	rewind(canon);
	/* A name that says no form: the rewriting is read as what it is, not
	   as what the input's name says (an .sgf rewritten as mat). */
	nt_source src = nt_source_fd(fileno(canon), "canonical");
	nt_handler h = { .on_diag = NULL, .on_move = on_move, .user = r };
	rc = nt_check(in->game, &src, &in->set->opts, &h, &s);
	fclose(canon);
	if (rc != 0) {
		cli_note(in->name, "cannot be read");
		raise_status(c, EXIT_UNREADABLE);
		return -1;
	}
	return 0;
}

int
cmd_diff(cli *c)
{
	if (c->nfiles != 2)
		usage_error("diff compares two records: A B%s", "");
	if (c->format != EMIT_GNU)
		usage_error("diff writes text%s", "");
	cli_output_open(c);
	diff_run r = { .c = c };
	r.a_moves = tmpfile();
	if (r.a_moves == NULL) {
		perror("notate");
		return EXIT_INTERNAL;
	}
	input in[2];
	const nt_game *game = NULL;
	int ok = 1;
	for (int i = 0; i < 2 && ok; i++) {
		if (cli_open(c, c->files[i], &in[i]) != 0) {
			ok = 0;
			break;
		}
		if (i == 1 && in[1].game != game) {
			fprintf(stderr, "notate: %s is %s, %s is %s: not the same game\n",
			        in[0].name, nt_game_name(game), in[1].name,
			        nt_game_name(in[1].game));
			raise_status(c, EXIT_FINDINGS);
			cli_close(c, &in[1]);
			ok = 0;
			break;
		}
		game = in[i].game;
		r.reading = i == 1;
		if (i == 1 && (fflush(r.a_moves) != 0 || fseek(r.a_moves, 0, SEEK_SET)))
			ok = 0;
		if (ok && canonical_moves(c, &in[i], &r) != 0)
			ok = 0;
		cli_close(c, &in[i]);
	}
	if (ok) {
		/* What A has past B's last move. */
		diff_move a;
		while (read_move(r.a_moves, &a) == 0)
			say(&r, a.game, a.index, &a, NULL);
		if (r.differences > 1 && !c->sel.all)
			fprintf(c->out, "(%ld differences; --all lists them)\n",
			        r.differences);
		raise_status(c, r.differences > 0 ? EXIT_FINDINGS : EXIT_CLEAN);
	}
	fclose(r.a_moves);
	return c->status;
}
