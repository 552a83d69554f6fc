/*
 * GNU Backgammon is the peer of the SGF reader and writers
 * (shared/spec/backgammon-sgf.md, 5.5), run here on every shared mat file:
 *
 * - gnubg's `import mat` and `save match` of it checks legal in notate and
 *   replays the same games, moves, cube actions and results as the mat;
 * - notate's SGF of it loads in gnubg without a message, and gnubg's
 *   `export match mat` of that equals gnubg's export of its own SGF (but
 *   for the ratings and the last checker's steps, (d) and (e)) and replays
 *   as notate's own mat of the record;
 * - notate's mat of gnubg's SGF replays as gnubg's export of that SGF, and
 *   has its header.
 *
 * Without gnubg the tests print "SKIPPED" and pass, unless
 * NT_REQUIRE_GNUBG=1 (as in CI).  NT_GNUBG=PATH picks the gnubg binary.
 */
/* realpath(3) */
#define _DEFAULT_SOURCE
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backgammon/gnubg_util.h"
#include "backgammon/sgf_util.h"
#include "core/game.h"
#include "games/backgammon/record.h"
#include "games/backgammon/replay.h"
#include "support/text_run.h"

static int
have_gnubg(const char **gnubg)
{
	return bg_have_gnubg(gnubg, "SGF files not compared with GNU Backgammon");
}

/* Runs gnubg on the commands in DIR/cmd; its output goes to DIR/log, which
   is returned (malloc'd). */
static char *
run_gnubg(const char *gnubg, const char *dir)
{
	char cmd[2048];
	snprintf(cmd, sizeof cmd, "cd %s && %s -t -q -r -c cmd > log 2>&1 "
	         "< /dev/null", dir, gnubg);
	ck_assert_msg(system(cmd) == 0, "gnubg failed: see %s/log", dir);
	char log[700];
	snprintf(log, sizeof log, "%s/log", dir);
	char *text = ts_read_file(log, NULL);
	ck_assert(text != NULL);
	return text;
}

/* gnubg says nothing of what it loads or imports. */
static void
no_complaint(const char *log)
{
	static const char *const words[] = { "nrecognised", "nrecognized",
	                                     "nvalid", "llegal", "rror", "arning",
	                                     NULL };
	for (int k = 0; words[k]; k++) {
		const char *hit = strstr(log, words[k]);
		ck_assert_msg(hit == NULL, "gnubg complained: '%.120s'",
		              hit ? hit - (hit - log > 40 ? 40 : hit - log) : "");
	}
}

/* ----------------------------------------------- the records compared */

typedef struct text {
	char *s;
	size_t len, cap;
} text;

static void
add(text *t, const char *fmt, ...) NT_PRINTF(2, 3);

static void
add(text *t, const char *fmt, ...)
{
	char buf[2200];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof buf)
		n = sizeof buf - 1;
	if (t->len + (size_t)n + 1 > t->cap) {
		t->cap = (t->cap + (size_t)n + 1) * 2;
		t->s = realloc(t->s, t->cap);
	}
	memcpy(t->s + t->len, buf, (size_t)n + 1);
	t->len += (size_t)n;
}

/*
 * What a record holds, one line per fact, as the replay accepted it: the
 * players and scores of each game, each roll (dice larger first, its
 * single-die steps sorted, how it was played), each offer (a beaver too), each take (also the
 * one a roll after a beaver implies), each pass, and each result with the
 * points gnubg keeps (the full value of a game won on the board or by a
 * pass, a resignation as its level times the cube).
 */
typedef struct dumper {
	text out;
	int beaver;             /* a beaver or raccoon waits */
	int redoubler;          /* who made it */
	int ratings;            /* names lose a ,rating suffix (5.5 (d)) */
} dumper;

static int
step_cmp(const void *a, const void *b)
{
	const bg_step *x = a, *y = b;
	return x->from != y->from ? y->from - x->from : y->to - x->to;
}

static void
d_game_start(void *ctx, long number, const char *const name[2],
             const size_t name_len[2], const long score[2])
{
	dumper *d = ctx;
	(void)number;
	int len[2];
	for (int k = 0; k < 2; k++) {
		len[k] = (int)name_len[k];
		const char *comma = memchr(name[k], ',', name_len[k]);
		if (d->ratings && comma != NULL)
			len[k] = (int)(comma - name[k]);
	}
	add(&d->out, "GAME %.*s %ld %.*s %ld\n", len[0], name[0], score[0],
	    len[1], name[1], score[1]);
	d->beaver = 0;
}

static void
d_action(void *ctx, const bg_action *a, const bg_replay *rp)
{
	dumper *d = ctx;
	(void)rp;
	char p = a->side == 0 ? 'X' : 'O';
	int hi = a->d1 > a->d2 ? a->d1 : a->d2, lo = a->d1 + a->d2 - hi;
	bg_step s[4];
	switch (a->kind) {
	case BG_ACT_ROLL:
		if (d->beaver)
			add(&d->out, "%c take\n", d->redoubler == 0 ? 'O' : 'X');
		d->beaver = 0;
		/* SGF does not tell ???? from a roll left unplayed before the
		   opponent's resignation: both are dice alone (5.4). */
		add(&d->out, "%c roll %d%d %d", p, hi, lo,
		    a->roll == BG_ROLL_UNKNOWN ? BG_ROLL_RESIGNED : a->roll);
		if (a->nsteps > 0)
			memcpy(s, a->steps, (size_t)a->nsteps * sizeof s[0]);
		qsort(s, (size_t)a->nsteps, sizeof s[0], step_cmp);
		for (int i = 0; i < a->nsteps; i++)
			add(&d->out, " %d/%d", s[i].from, s[i].to);
		add(&d->out, "\n");
		break;
	case BG_ACT_OFFER:
	case BG_ACT_BEAVER:
		add(&d->out, "%c double\n", p);
		d->beaver = a->kind == BG_ACT_BEAVER;
		d->redoubler = a->side;
		break;
	case BG_ACT_TAKE:
		add(&d->out, "%c take\n", p);
		d->beaver = 0;
		break;
	case BG_ACT_PASS:
		add(&d->out, "%c drop\n", p);
		break;
	default:
		break;
	}
}

static void
d_game_end(void *ctx, const bg_replay *rp)
{
	dumper *d = ctx;
	const bg_game *g = &rp->g;
	if (g->results > 0)
		add(&d->out, "RESULT %c %ld\n", g->result_winner == 0 ? 'X' : 'O',
		    bg_gnubg_result_points(rp));
	else
		add(&d->out, "RESULT -\n");
}

/* The facts of a record in mat form (malloc'd); it must be legal. */
static char *
dump_mat(const char *what, const char *mat, int ratings)
{
	ts_text_run *t = malloc(sizeof *t);
	ck_assert_ptr_nonnull(t);
	ts_text_run_init(t, "t", mat, strlen(mat));
	dumper d;
	memset(&d, 0, sizeof d);
	d.ratings = ratings;
	bg_output out = { NULL, NULL, d_game_start, d_action, d_game_end, &d };
	bg_replay *rp = malloc(sizeof *rp);
	bg_parse *p = malloc(sizeof *p);
	bg_replay_init(rp, &t->run, &out);
	ck_assert_int_eq(bg_parse_init(p, &t->run, rp), 0);
	ck_assert_int_eq(bg_parse_all(p), 0);
	bg_parse_free(p);
	free(p);
	free(rp);
	long errors = t->sum.errors;
	free(t);
	ck_assert_msg(errors == 0, "%s: %ld errors", what, errors);
	return d.out.s != NULL ? d.out.s : strdup("");
}

static void
first_diff(const char *a, const char *b, char *buf, size_t size)
{
	size_t line = 1, start = 0, i = 0;
	for (; a[i] && a[i] == b[i]; i++)
		if (a[i] == '\n') {
			line++;
			start = i + 1;
		}
	snprintf(buf, size, "line %zu: '%.70s' / '%.70s'", line, a + start,
	         b + start);
}

/* RATINGS: names may differ by a ,rating suffix (5.5 (d)). */
static void
same_facts(const char *what, const char *mat_a, const char *mat_b, int ratings)
{
	char *a = dump_mat(what, mat_a, ratings), *b = dump_mat(what, mat_b, ratings);
	char diff[300];
	first_diff(a, b, diff, sizeof diff);
	ck_assert_msg(strcmp(a, b) == 0, "%s: %s", what, diff);
	free(a);
	free(b);
}

/* The header of a mat text: its lines before the match line, without the
   rule tags notate writes from RU and gnubg leaves out (5.5). */
static char *
header_of(const char *mat)
{
	text t;
	memset(&t, 0, sizeof t);
	add(&t, "%s", "");
	for (const char *l = mat; *l;) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		if (strstr(l, " point match") != NULL &&
		    (size_t)(strstr(l, " point match") - l) < n)
			break;
		int rule = strncmp(l, "; [Crawford ", 12) == 0 ||
		           strncmp(l, "; [Jacoby ", 10) == 0 ||
		           strncmp(l, "; [CubeLimit ", 13) == 0;
		if (!rule)
			add(&t, "%.*s\n", (int)n, l);
		l += n + (nl != NULL);
	}
	return t.s;
}

/* ------------------------------------------------------ the files */

typedef struct sample {
	char name[64];
	char path[PATH_MAX];
	char *mat;
} sample;

/* The legal mat files of mat/ and real/ (46 of 47: real-14 is not). */
static sample *
legal_mats(int *n)
{
	static const char *const folders[] = { "mat", "real" };
	sample *s = calloc(64, sizeof *s);
	*n = 0;
	for (int k = 0; k < 2; k++) {
		char dir[700];
		char **names = sgf_listing(folders[k], ".mat", dir, sizeof dir);
		for (size_t i = 0; names[i] != NULL; i++) {
			char rel[1400];
			snprintf(rel, sizeof rel, "%s/%s", dir, names[i]);
			char *mat = ts_read_file(rel, NULL);
			ts_result r;
			ts_check(BG, "t", mat, strlen(mat), NULL, &r);
			long errors = r.summary.errors;
			ts_free(&r);
			if (errors > 0 || *n == 64) {
				free(mat);
				continue;
			}
			sample *x = &s[(*n)++];
			snprintf(x->name, sizeof x->name, "%.*s",
			         (int)(strlen(names[i]) - 4), names[i]);
			ck_assert(realpath(rel, x->path) != NULL);
			x->mat = mat;
		}
		sgf_listing_free(names);
	}
	return s;
}

static void
free_samples(sample *s, int n)
{
	for (int i = 0; i < n; i++)
		free(s[i].mat);
	free(s);
}

static char *
read_in(const char *dir, const char *name, const char *ext)
{
	char path[900];
	snprintf(path, sizeof path, "%s/%s%s", dir, name, ext);
	char *t = ts_read_file(path, NULL);
	ck_assert_msg(t != NULL, "gnubg did not write %s", path);
	return t;
}

static void
write_in(const char *dir, const char *name, const char *ext, const char *text)
{
	char path[900];
	snprintf(path, sizeof path, "%s/%s%s", dir, name, ext);
	ck_assert_int_eq(ts_write_file(path, text, strlen(text)), 0);
}

/*
 * One gnubg run over every legal shared mat file: its SGF of the mat
 * (g.sgf), its mat export of that (g.mat), and its mat export of
 * notate's SGF of the mat (n.mat).
 */
START_TEST(gnubg_and_notate_on_every_mat)
{
	const char *gnubg;
	if (!have_gnubg(&gnubg))
		return;
	int n;
	sample *s = legal_mats(&n);
	ck_assert_int_eq(n, 46);
	char *dir = ts_tmpdir();
	char cmdpath[600];
	snprintf(cmdpath, sizeof cmdpath, "%s/cmd", dir);
	FILE *cmd = fopen(cmdpath, "w");
	ck_assert(cmd != NULL);
	for (int i = 0; i < n; i++) {
		char *sgf = sgf_convert(s[i].mat, strlen(s[i].mat), "sgf");
		write_in(dir, s[i].name, ".n.sgf", sgf);
		free(sgf);
		fprintf(cmd, "import mat %s\nsave match %s/%s.g.sgf\n"
		        "export match mat %s/%s.g.mat\n", s[i].path, dir, s[i].name,
		        dir, s[i].name);
	}
	fclose(cmd);
	char *log = run_gnubg(gnubg, dir);
	free(log);
	/* gnubg loads notate's SGF without a word. */
	cmd = fopen(cmdpath, "w");
	for (int i = 0; i < n; i++)
		fprintf(cmd, "load match %s/%s.n.sgf\nexport match mat %s/%s.n.mat\n",
		        dir, s[i].name, dir, s[i].name);
	fclose(cmd);
	log = run_gnubg(gnubg, dir);
	no_complaint(log);
	free(log);
	for (int i = 0; i < n; i++) {
		const char *name = s[i].name;
		char *g_sgf = read_in(dir, name, ".g.sgf");
		char *g_mat = read_in(dir, name, ".g.mat");
		char *n_sgf = read_in(dir, name, ".n.sgf");
		char *n_mat = read_in(dir, name, ".n.mat");
		/* gnubg's SGF is legal and holds the mat's games and moves. */
		ts_result r;
		ts_check(BG, "t.sgf", g_sgf, strlen(g_sgf), NULL, &r);
		ck_assert_msg(r.summary.errors == 0, "%s: gnubg's SGF: %s", name,
		              r.ndiags ? r.diags[0].line : "");
		ts_free(&r);
		char *mine_of_g = sgf_convert(g_sgf, strlen(g_sgf), "mat");
		char *mine_of_mat = sgf_convert(s[i].mat, strlen(s[i].mat), "mat");
		same_facts(name, mine_of_mat, mine_of_g, 1);
		/* mat -> SGF as gnubg writes it, but for (a) to (g). */
		int tags = strstr(s[i].mat, "[Crawford") != NULL ||
		           strstr(s[i].mat, "[Jacoby") != NULL ||
		           strstr(s[i].mat, "[CubeLimit") != NULL;
		char why[300];
		ck_assert_msg(sgf_compare_with_gnubg(n_sgf, g_sgf, tags, why,
		              sizeof why) == 0, "%s: %s", name, why);
		/* gnubg reads notate's SGF as its own, and as notate does. */
		same_facts(name, n_mat, g_mat, 1);
		same_facts(name, n_mat, mine_of_mat, 0);
		/* SGF -> mat: gnubg's export of the same SGF, header and all. */
		char *hm = header_of(mine_of_g), *hg = header_of(g_mat);
		ck_assert_msg(strcmp(hm, hg) == 0, "%s: header\n%s---\n%s", name, hm,
		              hg);
		same_facts(name, mine_of_g, g_mat, 0);
		free(hm);
		free(hg);
		free(mine_of_g);
		free(mine_of_mat);
		free(g_sgf);
		free(g_mat);
		free(n_sgf);
		free(n_mat);
	}
	printf("gnubg peer: %d mat files through gnubg's SGF and notate's, both "
	       "ways\n", n);
	ts_rmtree(dir);
	free(dir);
	free_samples(s, n);
}
END_TEST

/* The shared SGF files (gnubg's, 1.07 and 1.08) through gnubg's export:
   notate's mat of each replays as gnubg's export and has its header. */
static int
export_folder(const char *gnubg, const char *rel)
{
	char shared[700];
	char **names = sgf_listing(rel, ".sgf", shared, sizeof shared);
	char full[PATH_MAX];
	ck_assert(realpath(shared, full) != NULL);
	char *dir = ts_tmpdir();
	char cmdpath[600];
	snprintf(cmdpath, sizeof cmdpath, "%s/cmd", dir);
	FILE *cmd = fopen(cmdpath, "w");
	for (size_t i = 0; names[i] != NULL; i++)
		fprintf(cmd, "load match %s/%s\nexport match mat %s/%s.mat\n", full,
		        names[i], dir, names[i]);
	fclose(cmd);
	char *log = run_gnubg(gnubg, dir);
	no_complaint(log);
	free(log);
	int n = 0;
	for (size_t i = 0; names[i] != NULL; i++) {
		char path[PATH_MAX + 300];
		snprintf(path, sizeof path, "%s/%s", full, names[i]);
		char *sgf = ts_read_file(path, NULL);
		char *g_mat = read_in(dir, names[i], ".mat");
		ts_result r;
		ts_convert(BG, "t.sgf", sgf, strlen(sgf), "mat", NULL, &r);
		ck_assert_int_eq(r.rc, 0);
		char *hm = header_of(r.output), *hg = header_of(g_mat);
		ck_assert_msg(strcmp(hm, hg) == 0, "%s: header\n%s---\n%s", names[i],
		              hm, hg);
		/* A pending roll is dropped by notate, kept by gnubg as dice. */
		if (strcmp(names[i], "bg-money-02-rolled.sgf") != 0)
			same_facts(names[i], r.output, g_mat, 0);
		free(hm);
		free(hg);
		ts_free(&r);
		free(g_mat);
		free(sgf);
		n++;
	}
	sgf_listing_free(names);
	ts_rmtree(dir);
	free(dir);
	return n;
}

START_TEST(gnubg_exports_the_shared_sgf_files)
{
	const char *gnubg;
	if (!have_gnubg(&gnubg))
		return;
	int n = export_folder(gnubg, "sgf");
	ck_assert_int_eq(n, 49);
	n += export_folder(gnubg, "sgf-real");
	ck_assert_int_eq(n, 56);
	printf("gnubg peer: %d SGF files exported by gnubg and converted by "
	       "notate alike\n", n);
}
END_TEST

Suite *
backgammon_sgf_gnubg_suite(void)
{
	Suite *s = suite_create("backgammon-sgf-gnubg");
	TCase *tc = tcase_create("gnubg");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, gnubg_and_notate_on_every_mat);
	tcase_add_test(tc, gnubg_exports_the_shared_sgf_files);
	suite_add_tcase(s, tc);
	return s;
}
