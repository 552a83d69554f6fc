/*
 * GNU Backgammon is the peer of the record reader and the writers (the
 * issue's "GNU Backgammon is the peer"):
 *
 * - gnubg plays a few hundred games with itself (fixed seeds, 0-ply, match
 *   lengths from 1 to 11 and money sessions) and exports them; notate must
 *   find every file legal and replay exactly what gnubg recorded;
 * - notate's own `mat` output (gnubg's files through `sheet` and back, and
 *   the sheet samples of the corpus) is imported by gnubg, and what gnubg
 *   reads back (gnubg.match()) must be notate's replay, game by game.
 *
 * gnubg runs tests/backgammon/gnubg/records_peer.py; both sides write one
 * line per action (see that script).  Its self-play output is kept in
 * build/gnubg-peer-KEY/ (KEY follows the script and the plan), so the
 * sanitizer run reuses it.  Without gnubg the tests print "SKIPPED" and
 * pass, unless NT_REQUIRE_GNUBG=1 (CI installs gnubg through
 * tools/deps.sh).  NT_GNUBG=PATH picks the gnubg binary.
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backgammon/gnubg_util.h"
#include "backgammon/records_util.h"
#include "core/game.h"
#include "games/backgammon/read_xg.h"
#include "games/backgammon/record.h"
#include "games/backgammon/replay.h"
#include "support/text_run.h"

#define SCRIPT "tests/backgammon/gnubg/records_peer.py"

/* Four gnubg processes play at once: gnubg mostly sleeps between moves. */
static const struct { int seed; const char *plan; } plans[] = {
	{ 101, "1,1,3,3,5,5,7,9,m6,m6,1,3,5,7,11,m8" },
	{ 202, "1,3,3,5,5,7,11,m6,m6,1,1,3,5,7,9,m8" },
	{ 303, "1,1,3,5,7,7,9,m8,m4,3,3,5,5,9,m6,m6" },
	{ 404, "3,3,5,5,5,7,11,m5,m5,1,1,3,7,7,m8,m4" },
};
#define NPLANS (sizeof plans / sizeof plans[0])

static int
have_gnubg(const char **gnubg)
{
	return bg_have_gnubg(gnubg, "backgammon records not compared with GNU Backgammon");
}

/* -------------------------------------------------- notate's side */

typedef struct text {
	char *s;
	size_t len, cap;
} text;

static void
add(text *t, const char *fmt, ...) NT_PRINTF(2, 3);

static void
add(text *t, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (t->len + (size_t)n + 1 > t->cap) {
		t->cap = (t->cap + (size_t)n + 1) * 2;
		t->s = realloc(t->s, t->cap);
	}
	memcpy(t->s + t->len, buf, (size_t)n + 1);
	t->len += (size_t)n;
}

typedef struct dumper {
	text out;
	int beaver;             /* a beaver waits: a roll means it was taken */
	bg_playlist *list;
} dumper;

static int
step_cmp(const void *a, const void *b)
{
	const bg_step *x = a, *y = b;
	if (x->from != y->from)
		return y->from - x->from;
	return y->to - x->to;
}

static void
add_steps(text *t, const bg_step *steps, int n)
{
	bg_step s[4];
	memcpy(s, steps, (size_t)n * sizeof s[0]);
	qsort(s, (size_t)n, sizeof s[0], step_cmp);
	for (int i = 0; i < n; i++)
		add(t, " %d/%d", s[i].from, s[i].to);
}

static void
d_game_start(void *ctx, long number, const char *const name[2],
             const size_t name_len[2], const long score[2])
{
	dumper *d = ctx;
	(void)number;
	(void)name;
	(void)name_len;
	add(&d->out, "GAME %ld %ld\n", score[0], score[1]);
	d->beaver = 0;
}

static void
d_action(void *ctx, const bg_action *a, const bg_replay *rp)
{
	dumper *d = ctx;
	(void)rp;
	char p = a->side == 0 ? 'X' : 'O';
	int hi = a->d1 > a->d2 ? a->d1 : a->d2, lo = a->d1 + a->d2 - hi;
	switch (a->kind) {
	case BG_ACT_ROLL:
		if (d->beaver) {
			add(&d->out, "%c take\n", p);
			d->beaver = 0;
		}
		if (a->roll == BG_ROLL_PLAYED || a->roll == BG_ROLL_NO_PLAY) {
			add(&d->out, "%c move %d%d", p, hi, lo);
			add_steps(&d->out, a->steps, a->nsteps);
			add(&d->out, "\n");
			break;
		}
		/* Rolled, then resigned: gnubg fills in a play when it is the
		   only one. */
		if (a->roll == BG_ROLL_RESIGNED &&
		    bg_legal_plays(a->before, a->side, a->d1, a->d2, d->list) == 1) {
			add(&d->out, "%c move %d%d", p, hi, lo);
			add_steps(&d->out, d->list->plays[0].steps,
			          d->list->plays[0].nsteps);
			add(&d->out, "\n");
			break;
		}
		add(&d->out, "%c roll %d%d\n", p, hi, lo);
		break;
	case BG_ACT_OFFER:
		add(&d->out, "%c double\n", p);
		break;
	case BG_ACT_BEAVER:
		/* gnubg records a beaver as a second offer, then a take. */
		add(&d->out, "%c double\n", p);
		d->beaver = 1;
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
		add(&d->out, "RESULT %c %ld %d\n", g->result_winner == 0 ? 'X' : 'O',
		    bg_gnubg_result_points(rp), g->ended ? 0 : 1);
	else
		add(&d->out, "RESULT - 0 0\n");
}

/* notate's replay of TEXT (LEN bytes; an eXtreme Gammon file when XG) in
   the form of records_peer.py (malloc'd). */
static char *
notate_dump_bytes(const char *textin, size_t len, int xg, long *errors)
{
	ts_text_run *t = malloc(sizeof *t);
	ck_assert_ptr_nonnull(t);
	ts_text_run_init(t, "t", textin, len);
	dumper *d = calloc(1, sizeof *d);
	d->list = malloc(sizeof *d->list);
	bg_output out = { NULL, NULL, d_game_start, d_action, d_game_end, d };
	bg_replay *rp = malloc(sizeof *rp);
	bg_parse *p = malloc(sizeof *p);
	bg_replay_init(rp, &t->run, &out);
	if (xg) {
		ck_assert_int_eq(bg_xg_read(&t->run, rp, 0, NULL, NULL), 0);
	} else {
		ck_assert_int_eq(bg_parse_init(p, &t->run, rp), 0);
		ck_assert_int_eq(bg_parse_all(p), 0);
		bg_parse_free(p);
	}
	*errors = t->sum.errors;
	free(t);
	char *s = d->out.s ? d->out.s : strdup("");
	free(p);
	free(rp);
	free(d->list);
	free(d);
	return s;
}

static char *
notate_dump(const char *textin, long *errors)
{
	return notate_dump_bytes(textin, strlen(textin), 0, errors);
}

/* ------------------------------------------------------ plumbing */

static unsigned long
checksum(const char *s)
{
	unsigned long h = 5381;
	for (; *s; s++)
		h = h * 33 + (unsigned char)*s;
	return h;
}

/* The folder of gnubg's self-play files, made on first use. */
static void
selfplay_dir(const char *gnubg, char *dir, size_t size)
{
	char *script = ts_read_file(SCRIPT, NULL);
	ck_assert_msg(script != NULL, "cannot read %s", SCRIPT);
	unsigned long key = checksum(script);
	free(script);
	for (size_t i = 0; i < NPLANS; i++)
		key = key * 31 + checksum(plans[i].plan) + (unsigned long)plans[i].seed;
	mkdir("build", 0777);
	snprintf(dir, size, "build/gnubg-peer-%lx", key & 0xffffffffUL);
	struct stat st;
	if (stat(dir, &st) == 0)
		return;
	char tmp[300], cwd[1024], cmd[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp%ld", dir, (long)getpid());
	ck_assert(mkdir(tmp, 0777) == 0);
	ck_assert(getcwd(cwd, sizeof cwd) != NULL);
	/* gnubg prints boards and banners: to a log, one per process. */
	/*
	 * gnubg makes its settings folder (~/.gnubg) on its first run, and of
	 * several first runs at once all but one fail with "File exists": one
	 * run alone comes first, so a fresh machine does not fail at random.
	 */
	size_t n = (size_t)snprintf(cmd, sizeof cmd, "cd %s || exit 1; "
	                            "%s -t -q -r < /dev/null > log-first-run.txt "
	                            "2>&1; ", tmp, gnubg);
	for (size_t i = 0; i < NPLANS; i++)
		n += (size_t)snprintf(cmd + n, sizeof cmd - n,
		                      "( NT_MODE=selfplay NT_SEED=%d NT_PLAN=%s NT_OUT=. "
		                      "%s -t -q -r -p %s/%s > log-%d.txt 2>&1 "
		                      "< /dev/null; echo $? > rc-%d ) & ",
		                      plans[i].seed, plans[i].plan, gnubg, cwd, SCRIPT,
		                      plans[i].seed, plans[i].seed);
	snprintf(cmd + n, sizeof cmd - n, "wait");
	ck_assert_msg(system(cmd) == 0, "could not run gnubg");
	for (size_t i = 0; i < NPLANS; i++) {
		char rc[400];
		snprintf(rc, sizeof rc, "%s/rc-%d", tmp, plans[i].seed);
		char *t = ts_read_file(rc, NULL);
		ck_assert_msg(t != NULL && atoi(t) == 0, "gnubg failed: see %s/log-%d.txt",
		              tmp, plans[i].seed);
		free(t);
	}
	if (rename(tmp, dir) != 0)
		ck_assert_msg(errno == EEXIST || errno == ENOTEMPTY, "rename %s", tmp);
}

/* The first line where A and B differ, for a message. */
static void
first_diff(const char *a, const char *b, char *buf, size_t size)
{
	size_t line = 1, start = 0, i = 0;
	for (; a[i] && a[i] == b[i]; i++)
		if (a[i] == '\n') {
			line++;
			start = i + 1;
		}
	snprintf(buf, size, "line %zu: notate '%.80s' gnubg '%.80s'", line,
	         a + start, b + start);
}

/* gnubg imports the files LIST names (in TMP): without a complaint (spec
   7.5), each read back as LIST's FILE.txt. */
static void
gnubg_import(const char *gnubg, const char *tmp, const char *list)
{
	char cwd[1024], cmd[4096];
	ck_assert(getcwd(cwd, sizeof cwd) != NULL);
	snprintf(cmd, sizeof cmd, "cd %s && NT_MODE=import NT_LIST=%s %s -t -q -r "
	         "-p %s/%s > log.txt 2>&1 < /dev/null", tmp, list, gnubg, cwd,
	         SCRIPT);
	ck_assert_msg(system(cmd) == 0, "gnubg failed: see %s/log.txt", tmp);
	char logpath[500];
	snprintf(logpath, sizeof logpath, "%s/log.txt", tmp);
	char *log = ts_read_file(logpath, NULL);
	ck_assert(log != NULL);
	static const char *const complaints[] = { "nrecognised", "nrecognized",
	                                          "nvalid", "llegal", NULL };
	for (int k = 0; complaints[k]; k++) {
		const char *hit = strstr(log, complaints[k]);
		ck_assert_msg(hit == NULL, "gnubg complained: '%.100s'",
		              hit ? hit - (hit - log > 20 ? 20 : hit - log) : "");
	}
	free(log);
}

/* ------------------------------------------------------ the tests */

START_TEST(gnubg_selfplay_is_legal_and_replays_the_same)
{
	const char *gnubg;
	if (!have_gnubg(&gnubg))
		return;
	char dir[256];
	selfplay_dir(gnubg, dir, sizeof dir);
	DIR *d = opendir(dir);
	ck_assert(d != NULL);
	struct dirent *e;
	int files = 0;
	long games = 0;
	while ((e = readdir(d)) != NULL) {
		size_t l = strlen(e->d_name);
		if (l < 5 || strcmp(e->d_name + l - 4, ".mat") != 0)
			continue;
		char path[600], want[600];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		snprintf(want, sizeof want, "%.*s.txt", (int)(strlen(path) - 4), path);
		char *mat = ts_read_file(path, NULL);
		char *gn = ts_read_file(want, NULL);
		ck_assert_msg(mat != NULL && gn != NULL, "%s: missing", path);
		ts_result r;
		ts_check(BG, e->d_name, mat, strlen(mat), NULL, &r);
		ck_assert_msg(r.ndiags == 0, "%s", r.diags[0].line);
		games += r.summary.games;
		ts_free(&r);
		long errors;
		char *mine = notate_dump(mat, &errors);
		char diff[300];
		first_diff(mine, gn, diff, sizeof diff);
		ck_assert_msg(strcmp(mine, gn) == 0, "%s: %s", e->d_name, diff);
		free(mine);
		free(mat);
		free(gn);
		files++;
	}
	closedir(d);
	ck_assert_int_ge(files, 60);
	ck_assert_int_ge(games, 200);
	printf("gnubg peer: %d self-play files, %ld games legal and replayed as "
	       "gnubg recorded them\n", files, games);
}
END_TEST

/*
 * gnubg's command mode (-c) plays matches of LENGTHS with itself and
 * exports each, as a user would: `new match L`, enough `play`, `export
 * match mat`.  The files go to TMP as cmd-L.mat.
 */
static void
gnubg_commands_export(const char *gnubg, const char *tmp)
{
	static const int lengths[] = { 1, 3, 5, 7 };
	char path[600];
	snprintf(path, sizeof path, "%s/cmds", tmp);
	FILE *f = fopen(path, "w");
	ck_assert(f != NULL);
	fprintf(f, "set display off\nset rng mersenne\nset seed 1507\n"
	        "set automatic game on\n");
	for (int p = 0; p < 2; p++)
		fprintf(f, "set player %d gnubg\n"
		        "set player %d chequerplay evaluation plies 0\n"
		        "set player %d cubedecision evaluation plies 0\n", p, p, p);
	for (size_t i = 0; i < sizeof lengths / sizeof *lengths; i++) {
		fprintf(f, "new match %d\n", lengths[i]);
		for (int k = 0; k < 400; k++)
			fprintf(f, "play\n");
		fprintf(f, "export match mat %s/cmd-%d.mat\n", tmp, lengths[i]);
	}
	fclose(f);
	char cmd[2048];
	snprintf(cmd, sizeof cmd, "cd %s && %s -t -q -r -c cmds > log.txt 2>&1 "
	         "< /dev/null", tmp, gnubg);
	ck_assert_msg(system(cmd) == 0, "gnubg failed: see %s/log.txt", tmp);
	for (size_t i = 0; i < sizeof lengths / sizeof *lengths; i++) {
		snprintf(path, sizeof path, "%s/cmd-%d.mat", tmp, lengths[i]);
		ck_assert_msg(access(path, R_OK) == 0, "gnubg wrote no %s", path);
	}
}

/* `notate lint` and `notate fmt --check` on PATH: clean, exit 0. */
static void
lint_and_fmt_clean(const char *path)
{
	char *out, *err;
	int rc = ts_run((const char *[]){ "lint", path, NULL }, NULL, &out, &err);
	ck_assert_msg(rc == 0 && *out == '\0' && *err == '\0', "lint %s: rc %d: "
	              "%.300s%.300s", path, rc, out, err);
	free(out);
	free(err);
	rc = ts_run((const char *[]){ "fmt", "--check", path, NULL }, NULL, &out,
	            &err);
	ck_assert_msg(rc == 0 && *out == '\0' && *err == '\0', "fmt --check %s: "
	              "rc %d: %.300s%.300s", path, rc, out, err);
	free(out);
	free(err);
}

/*
 * Spec 7.5: gnubg is the reference writer of the mat form, so a file it
 * wrote lints clean (the order of its steps is no finding) and `fmt`
 * gives it back byte for byte, trailing blanks included.
 */
START_TEST(gnubg_files_lint_clean_and_need_no_fmt)
{
	const char *gnubg;
	if (!have_gnubg(&gnubg))
		return;
	char *tmp = ts_tmpdir();
	gnubg_commands_export(gnubg, tmp);
	char dir[256];
	selfplay_dir(gnubg, dir, sizeof dir);
	const char *dirs[] = { tmp, dir };
	int files = 0;
	for (int k = 0; k < 2; k++) {
		DIR *d = opendir(dirs[k]);
		ck_assert(d != NULL);
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			size_t l = strlen(e->d_name);
			if (l < 5 || strcmp(e->d_name + l - 4, ".mat") != 0)
				continue;
			char path[600];
			snprintf(path, sizeof path, "%s/%s", dirs[k], e->d_name);
			lint_and_fmt_clean(path);
			files++;
		}
		closedir(d);
	}
	ck_assert_int_ge(files, 64 + 4);
	ts_rmtree(tmp);
	free(tmp);
}
END_TEST

/* FROM converted to FORM through the library (malloc'd). */
static char *
convert(const char *from, const char *form)
{
	ts_result r;
	ts_convert(BG, "t", from, strlen(from), form, NULL, &r);
	ck_assert_msg(r.rc == 0, "convert: %s", r.ndiags ? r.diags[0].line : "");
	char *out = r.output;
	r.output = NULL;
	ts_free(&r);
	return out;
}

/* TEXT converted to mat into DIR/PREFIX-I.mat, listed in LF; returns 1. */
static int
write_converted(const char *dir, FILE *lf, const char *prefix, int i,
                const char *text)
{
	char *back = convert(text, "mat");
	char out[700];
	snprintf(out, sizeof out, "%s/%s-%d.mat", dir, prefix, i);
	ck_assert_int_eq(ts_write_file(out, back, strlen(back)), 0);
	fprintf(lf, "%s\n", out);
	free(back);
	return 1;
}

static const char *const edges[] = {
	" 7 point match\n Game 1\n Ann : 0   Ben : 0\n"
	"  1) 3-1: 8/5 6/5                6-4: 24/14\n  2) 5-2:\n"
	"                                  Wins 1 point\n"
	" Game 2\n Ann : 0   Ben : 1\n"
	"  1) 3-1: 8/5 6/5                6-4:\n      Wins 2 points\n"
	" Game 3\n Ann : 2   Ben : 1\n"
	"  1) 3-1: 8/5 6/5                6-4: ????\n"
	"      Losses 3 point\n                                  Wins 3 points\n"
	" Game 4\n Ann : 2   Ben : 4\n"
	"  1) 3-1: 8/5 6/5                Double to 2\n  2) pass\n"
	"     Losses 1 point\n",
	" 0 point match\n Game 1\n Maya : 0   Oskar : 0\n"
	"  1) 4-2: 8/4 6/4                6-5: 24/13\n"
	"  2) Double to 2                 Beaver to 4\n"
	"  3) Raccoon to 8                take\n"
	"  4) 6-6: 24/18(2) 13/7(2)       5-1: 13/8 6/5\n"
	"  5) Double to 16                 pass\n"
	"     Wins 8 points\n"
	" Game 2\n Maya : 8   Oskar : 0\n"
	"  1) 4-2: 8/4 6/4                Double to 2\n"
	"  2) Beaver to 4                 4-3: 13/10 13/9\n"
	"  3) 6-6: 24/18(2) 13/7(2)       5-2: 13/8 13/11\n"
	"  4) Double to 8                 take\n",
};

START_TEST(gnubg_imports_notate_mat)
{
	const char *gnubg;
	if (!have_gnubg(&gnubg))
		return;
	char dir[256];
	selfplay_dir(gnubg, dir, sizeof dir);
	char *tmp = ts_tmpdir();
	char list[400];
	snprintf(list, sizeof list, "%s/list.txt", tmp);
	FILE *lf = fopen(list, "w");
	ck_assert(lf != NULL);
	int n = 0;
	/* Every self-play file through sheet and back, and the sheet samples. */
	DIR *d = opendir(dir);
	ck_assert(d != NULL);
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t l = strlen(e->d_name);
		if (l < 5 || strcmp(e->d_name + l - 4, ".mat") != 0)
			continue;
		char path[600];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		char *mat = ts_read_file(path, NULL);
		char *sheet = convert(mat, "sheet");
		char *back = convert(sheet, "mat");
		char out[700];
		snprintf(out, sizeof out, "%s/n-%s", tmp, e->d_name);
		ck_assert_int_eq(ts_write_file(out, back, strlen(back)), 0);
		fprintf(lf, "%s\n", out);
		free(mat);
		free(sheet);
		free(back);
		n++;
	}
	closedir(d);
	const char *samples[] = { "sheet/bg-sheet-01.bg", "sheet/bg-sheet-02.bg",
	                          "sheet/bg-sheet-03.bg", "sheet/bg-match-04.bg",
	                          "sheet/bg-money-01.bg", "mat/bg-variants-01.mat" };
	for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
		char *in = bg_sample(samples[i]);
		n += write_converted(tmp, lf, "s", (int)i, in);
		free(in);
	}
	/* Records built for the layouts gnubg must read: a roll left unplayed
	   before the opponent's result, ????, a left pass with the right
	   player's result, loss cells, a beaver and a raccoon. */
	for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
		n += write_converted(tmp, lf, "e", (int)i, edges[i]);
	/* The real exports of the corpus (legal ones). */
	const char *real[] = { "corpus/backgammon/real", "corpus/backgammon/real-bulk" };
	for (size_t k = 0; k < 2; k++) {
		char rdir[600];
		ts_shared(real[k], rdir, sizeof rdir);
		DIR *rd = opendir(rdir);
		ck_assert(rd != NULL);
		int j = 0;
		while ((e = readdir(rd)) != NULL) {
			size_t l = strlen(e->d_name);
			if (l < 5 || strcmp(e->d_name + l - 4, ".mat") != 0)
				continue;
			char path[900];
			snprintf(path, sizeof path, "%s/%s", rdir, e->d_name);
			char *in = ts_read_file(path, NULL);
			ts_result r;
			ts_check(BG, "t", in, strlen(in), NULL, &r);
			long errors = r.summary.errors;
			ts_free(&r);
			if (errors == 0)
				n += write_converted(tmp, lf, k ? "b" : "r", j++, in);
			free(in);
		}
		closedir(rd);
	}
	fclose(lf);
	gnubg_import(gnubg, tmp, list);
	lf = fopen(list, "r");
	char line[800];
	int compared = 0;
	while (fgets(line, sizeof line, lf) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		char txt[900];
		snprintf(txt, sizeof txt, "%s.txt", line);
		char *mat = ts_read_file(line, NULL);
		char *gn = ts_read_file(txt, NULL);
		ck_assert_msg(gn != NULL, "gnubg did not import %s", line);
		long errors;
		char *mine = notate_dump(mat, &errors);
		ck_assert_int_eq(errors, 0);
		char diff[300];
		first_diff(mine, gn, diff, sizeof diff);
		ck_assert_msg(strcmp(mine, gn) == 0, "%s: %s", line, diff);
		free(mine);
		free(mat);
		free(gn);
		compared++;
	}
	fclose(lf);
	ck_assert_int_eq(compared, n);
	printf("gnubg peer: gnubg imported %d files written by notate and read "
	       "them as notate replays them\n", n);
	ts_rmtree(tmp);
	free(tmp);
}
END_TEST

/*
 * eXtreme Gammon files (backgammon-xg 7): the mat conversion of every
 * sample imports into gnubg without a complaint, and gnubg's record of it
 * is notate's replay of the XG file itself, roll for roll.
 */
START_TEST(gnubg_imports_xg_conversions)
{
	const char *gnubg;
	if (!have_gnubg(&gnubg))
		return;
	char *tmp = ts_tmpdir();
	char list[400];
	snprintf(list, sizeof list, "%s/list.txt", tmp);
	FILE *lf = fopen(list, "w");
	ck_assert(lf != NULL);
	char xgdir[600];
	ts_shared("corpus/backgammon/xg", xgdir, sizeof xgdir);
	DIR *d = opendir(xgdir);
	ck_assert(d != NULL);
	struct dirent *e;
	int n = 0;
	while ((e = readdir(d)) != NULL) {
		size_t l = strlen(e->d_name);
		if (l < 4 || strcmp(e->d_name + l - 3, ".xg") != 0)
			continue;
		char path[900], out[900];
		snprintf(path, sizeof path, "%s/%s", xgdir, e->d_name);
		size_t len;
		char *bytes = ts_read_file(path, &len);
		ts_result r;
		ts_convert(BG, e->d_name, bytes, len, "mat", NULL, &r);
		ck_assert_msg(r.rc == 0, "%s: %s", e->d_name,
		              r.ndiags ? r.diags[0].line : "");
		snprintf(out, sizeof out, "%s/%.*s.mat", tmp, (int)(l - 3), e->d_name);
		ck_assert_int_eq(ts_write_file(out, r.output, strlen(r.output)), 0);
		fprintf(lf, "%s\n", out);
		ts_free(&r);
		free(bytes);
		n++;
	}
	closedir(d);
	fclose(lf);
	ck_assert_int_ge(n, 6);
	gnubg_import(gnubg, tmp, list);
	lf = fopen(list, "r");
	char line[900];
	int compared = 0;
	while (fgets(line, sizeof line, lf) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		char txt[1000], xg[1000];
		snprintf(txt, sizeof txt, "%s.txt", line);
		const char *base = strrchr(line, '/') + 1;
		snprintf(xg, sizeof xg, "%s/%.*s.xg", xgdir,
		         (int)(strlen(base) - 4), base);
		char *mat = ts_read_file(line, NULL);
		char *gn = ts_read_file(txt, NULL);
		ck_assert_msg(gn != NULL, "gnubg did not import %s", line);
		size_t len;
		char *bytes = ts_read_file(xg, &len);
		long errors;
		char *from_xg = notate_dump_bytes(bytes, len, 1, &errors);
		ck_assert_int_eq(errors, 0);
		char *from_mat = notate_dump(mat, &errors);
		ck_assert_int_eq(errors, 0);
		char diff[300];
		first_diff(from_xg, from_mat, diff, sizeof diff);
		ck_assert_msg(strcmp(from_xg, from_mat) == 0, "%s: %s", xg, diff);
		first_diff(from_xg, gn, diff, sizeof diff);
		ck_assert_msg(strcmp(from_xg, gn) == 0, "%s: %s", xg, diff);
		free(from_xg);
		free(from_mat);
		free(bytes);
		free(mat);
		free(gn);
		compared++;
	}
	fclose(lf);
	ck_assert_int_eq(compared, n);
	printf("gnubg peer: gnubg imported the mat conversions of %d XG files "
	       "and read them as notate replays the XG files\n", n);
	ts_rmtree(tmp);
	free(tmp);
}
END_TEST

Suite *
backgammon_records_gnubg_suite(void)
{
	Suite *s = suite_create("backgammon-records-gnubg");
	TCase *tc = tcase_create("gnubg");
	tcase_set_timeout(tc, 900);
	tcase_add_test(tc, gnubg_selfplay_is_legal_and_replays_the_same);
	tcase_add_test(tc, gnubg_files_lint_clean_and_need_no_fmt);
	tcase_add_test(tc, gnubg_imports_notate_mat);
	tcase_add_test(tc, gnubg_imports_xg_conversions);
	suite_add_tcase(s, tc);
	return s;
}
