/*
 * notate select and notate split on the shared corpora.  What select
 * should pick is worked out apart from it, by Python over what stats -f
 * csv and check -f json report and over the files' own header lines;
 * what split writes is checked again by notate and compared, game by
 * game, with the record it came from.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "support/support.h"

static const char *
corpus(const char *name, char *buf, size_t size)
{
	char rel[256];
	snprintf(rel, sizeof rel, "corpus/%s", name);
	return ts_shared(rel, buf, size);
}

/* Runs /usr/bin/python3 on SCRIPT with ARGS; returns what it printed. */
static char *
run_python(const char *script, const char *args)
{
	char *py = ts_in_dir("check.py", script);
	char cmd[8192];
	snprintf(cmd, sizeof cmd, "/usr/bin/python3 '%s' %s 2>&1", py, args);
	FILE *p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	static char buf[65536];
	size_t n = fread(buf, 1, sizeof buf - 1, p);
	buf[n] = '\0';
	int status = pclose(p);
	ck_assert_msg(status == 0, "python failed: %s", buf);
	free(py);
	return strdup(buf);
}

/* The games of stats -f csv over DIR, as a file of the test's folder. */
static char *
stats_csv(const char *dir)
{
	char *out;
	int rc = ts_run((const char *[]){ "stats", "--no-rc", "-q", "-f", "csv",
	                "-r", dir, NULL }, NULL, &out, NULL);
	ck_assert_int_le(rc, 1);
	char *path = ts_in_dir("stats.csv", out);
	free(out);
	return path;
}

/*
 * select --list with the options ARGV over DIR gives the games of the
 * CSV for which the Python expression WANT (over r, a row) holds, and at
 * least one.
 */
static const char compare_py[] =
	"import csv, sys\n"
	"from fnmatch import fnmatchcase\n"
	"def m(glob, text): return fnmatchcase(text.lower(), glob.lower())\n"
	"rows = [r for r in csv.DictReader(open(sys.argv[1], newline=''))\n"
	"        if r['kind'] == 'game']\n"
	"def name(r, w): return r['player' + w] if w in ('1', '2') else None\n"
	"want = eval('lambda r: ' + sys.argv[3], {'m': m, 'name': name})\n"
	"exp = sorted('%s:%s' % (r['file'], r['game']) for r in rows if want(r))\n"
	"got = sorted(l for l in open(sys.argv[2]).read().split('\\n') if l)\n"
	"print(len(exp) > 0, exp == got, len(got))\n";

static void
expect_selection(const char *dir, const char *csv, const char *const *argv,
                 const char *want)
{
	const char *args[32] = { "select", "--no-rc", "-q", "--list", "-r" };
	int n = 5;
	for (; *argv != NULL; argv++)
		args[n++] = *argv;
	args[n++] = dir;
	args[n] = NULL;
	char *out;
	int rc = ts_run(args, NULL, &out, NULL);
	char *got = ts_in_dir("got.txt", out);
	char cmd[4096];
	snprintf(cmd, sizeof cmd, "'%s' '%s' \"%s\"", csv, got, want);
	char *said = run_python(compare_py, cmd);
	ck_assert_msg(strncmp(said, "True True ", 10) == 0, "%s: %s", want, said);
	/* Something was selected: exit 0, as grep. */
	ck_assert_int_eq(rc, 0);
	free(said);
	free(got);
	free(out);
}

START_TEST(criteria_match_the_record_facts)
{
	char dir[512];
	corpus("backgammon/real", dir, sizeof dir);
	char *csv = stats_csv(dir);
	expect_selection(dir, csv, (const char *[]){ "--player", "LASSE", NULL },
	                 "m('lasse', r['player1']) or m('lasse', r['player2'])");
	/* A criterion twice: either; two criteria: both. */
	expect_selection(dir, csv, (const char *[]){ "--player", "w*",
	                 "--player", "e*", "--winner", "lasse", NULL },
	                 "(m('w*', r['player1']) or m('w*', r['player2']) or "
	                 "m('e*', r['player1']) or m('e*', r['player2'])) and "
	                 "m('lasse', name(r, r['winner']) or '')");
	expect_selection(dir, csv, (const char *[]){ "--result", "gammon", NULL },
	                 "r['win'] == 'gammon'");
	expect_selection(dir, csv, (const char *[]){ "--result", "* wins 2", NULL },
	                 "m('* wins 2', r['result'])");
	expect_selection(dir, csv, (const char *[]){ "--match-length", "5",
	                 "--match-length", "7", NULL },
	                 "r['match_length'] in ('5', '7')");
	expect_selection(dir, csv, (const char *[]){ "--moves", "..30", NULL },
	                 "int(r['actions']) <= 30");
	expect_selection(dir, csv, (const char *[]){ "--moves", "40..60",
	                 "--moves", "100", NULL },
	                 "40 <= int(r['actions']) <= 60 or r['actions'] == '100'");
	free(csv);
}
END_TEST

/* Tags as the files' header lines have them, dates as ranges. */
static const char tags_py[] =
	"import os, re, sys\n"
	"d, got = sys.argv[1], sys.argv[2]\n"
	"exp = []\n"
	"for f in sorted(os.listdir(d)):\n"
	"    if not f.endswith('.mat'): continue\n"
	"    text = open(os.path.join(d, f), encoding='utf-8', errors='replace').read()\n"
	"    t = dict(re.findall(r'^; \\[([^\"]*?) *\"([^\"]*)\"\\]', text, re.M))\n"
	"    date = t.get('EventDate', '')\n"
	"    if not ('2023.03' <= date[:7] <= '2023.06'): continue\n"
	"    games = len(re.findall(r'^ *Game [0-9]+', text, re.M | re.I))\n"
	"    exp += ['%s:%d' % (os.path.join(d, f), g) for g in range(1, games + 1)]\n"
	"got = sorted(l for l in open(got).read().split('\\n') if l)\n"
	"print(len(exp) > 0, sorted(exp) == got)\n";

START_TEST(tags_and_date_ranges)
{
	char dir[512];
	corpus("backgammon/real-bulk", dir, sizeof dir);
	char *out;
	/* The key in any case; TO takes the dates it begins. */
	ck_assert_int_eq(ts_run((const char *[]){ "select", "--no-rc", "-q",
	                 "--list", "--tag", "eventdate=2023.03..2023.06", "-r", dir,
	                 NULL }, NULL, &out, NULL), 0);
	char *got = ts_in_dir("got.txt", out);
	char args[2048];
	snprintf(args, sizeof args, "'%s' '%s'", dir, got);
	char *said = run_python(tags_py, args);
	ck_assert_str_eq(said, "True True\n");
	free(said);
	free(got);
	free(out);
}
END_TEST

/* The games with an error, or a finding of a code, as check reports them. */
static const char findings_py[] =
	"import csv, json, sys\n"
	"rows = [r for r in csv.DictReader(open(sys.argv[1], newline=''))\n"
	"        if r['kind'] == 'game']\n"
	"diags = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]\n"
	"diags = [d for d in diags if 'code' in d]\n"
	"def bad(sev, code=None):\n"
	"    s = set()\n"
	"    for d in diags:\n"
	"        if sev and d['severity'] != sev: continue\n"
	"        if code and d['code'] != code: continue\n"
	"        games = [r['game'] for r in rows if r['file'] == d['file']]\n"
	"        s |= set('%s:%s' % (d['file'], g) for g in games\n"
	"                 if d['game'] in (0, int(g)))\n"
	"    return s\n"
	"def got(p): return set(l for l in open(p).read().split('\\n') if l)\n"
	"every = set('%s:%s' % (r['file'], r['game']) for r in rows)\n"
	"# A game the replay did not reach has no figures, but its diagnostic.\n"
	"every |= set('%s:%s' % (d['file'], d['game']) for d in diags if d['game'])\n"
	"rows += [{'file': d['file'], 'game': str(d['game'])} for d in diags\n"
	"         if d['game']]\n"
	"ill, leg = bad('error'), every - bad('error')\n"
	"has = bad(None, 'bg-wins-wrong-points')\n"
	"print(len(ill) > 0, len(leg) > 0, len(has) > 0, got(sys.argv[3]) == ill,\n"
	"      got(sys.argv[4]) == leg, got(sys.argv[5]) == has)\n";

START_TEST(findings_and_legality)
{
	char dir[512];
	corpus("backgammon", dir, sizeof dir);
	char *csv = stats_csv(dir);
	char *out;
	ts_run((const char *[]){ "check", "--no-rc", "-f", "json", "-r", dir,
	       NULL }, NULL, &out, NULL);
	char *diags = ts_in_dir("diags.json", out);
	free(out);
	static const char *const what[3][2] = {
		{ "--illegal", NULL }, { "--legal", NULL },
		{ "--has", "bg-wins-*-points" }
	};
	char *got[3];
	for (int i = 0; i < 3; i++) {
		const char *args[10] = { "select", "--no-rc", "-q", "--list", "-r",
		                         dir, what[i][0], what[i][1], NULL };
		ck_assert_int_eq(ts_run(args, NULL, &out, NULL), 0);
		char name[32];
		snprintf(name, sizeof name, "got%d.txt", i);
		got[i] = ts_in_dir(name, out);
		free(out);
	}
	char args[4096];
	snprintf(args, sizeof args, "'%s' '%s' '%s' '%s' '%s'", csv, diags,
	         got[0], got[1], got[2]);
	char *said = run_python(findings_py, args);
	ck_assert_str_eq(said, "True True True True True True\n");
	free(said);
	for (int i = 0; i < 3; i++)
		free(got[i]);
	free(diags);
	free(csv);
}
END_TEST

START_TEST(every_game_and_form)
{
	char dir[512];
	/* Each game's own result words. */
	static const char *const cases[][3] = {
		{ "umlabalaba", "W", "m('W', r['result'])" },
		{ "bao", "1-0", "r['result'] == '1-0'" },
		{ "backgammon/sgf-real", "*", "True" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		corpus(cases[i][0], dir, sizeof dir);
		char *csv = stats_csv(dir);
		expect_selection(dir, csv, (const char *[]){ "--result", cases[i][1],
		                 NULL }, cases[i][2]);
		free(csv);
	}
}
END_TEST

/* A whole record is written as it is, or converted as convert does. */
START_TEST(whole_records)
{
	char file[512];
	corpus("umlabalaba/legal/uml-legal-01.umla", file, sizeof file);
	size_t len;
	char *text = ts_read_file(file, &len);
	ck_assert_ptr_nonnull(text);
	char *out;
	ck_assert_int_eq(ts_run((const char *[]){ "select", "--no-rc", "-q",
	                 "--moves", "1..", file, NULL }, NULL, &out, NULL), 0);
	ck_assert_uint_eq(strlen(out), len);
	ck_assert(memcmp(out, text, len) == 0);
	free(out);
	/* Standard input too. */
	ck_assert_int_eq(ts_run((const char *[]){ "select", "--no-rc", "-q",
	                 "--stdin-name", "x.umla", "-", NULL }, text, &out, NULL), 0);
	ck_assert_str_eq(out, text);
	free(out);
	free(text);
	corpus("backgammon/real/real-01.mat", file, sizeof file);
	char *want;
	ck_assert_int_eq(ts_run((const char *[]){ "convert", "--no-rc", "-q",
	                 "--to", "sheet", file, NULL }, NULL, &want, NULL), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "select", "--no-rc", "-q",
	                 "--to", "sheet", file, NULL }, NULL, &out, NULL), 0);
	ck_assert_str_eq(out, want);
	free(out);
	free(want);
	/* Nothing selected: nothing written, exit 1. */
	ck_assert_int_eq(ts_run((const char *[]){ "select", "--no-rc", "-q",
	                 "--player", "nobody", file, NULL }, NULL, &out, NULL), 1);
	ck_assert_str_eq(out, "");
	free(out);
}
END_TEST

/* One game of several is a record of its own that checks clean. */
START_TEST(one_game_of_a_match)
{
	char file[512];
	corpus("backgammon/real/real-03.mat", file, sizeof file);
	char *list, *out;
	ck_assert_int_eq(ts_run((const char *[]){ "select", "--no-rc", "-q",
	                 "--list", "--winner", "lasse", file, NULL }, NULL, &list,
	                 NULL), 0);
	/* One game of the four, and not game 1. */
	ck_assert_int_eq((int)strlen(list) - (int)strlen(file), 3);
	ck_assert(strstr(list, ":1\n") == NULL);
	ck_assert_int_eq(ts_run((const char *[]){ "select", "--no-rc", "-q",
	                 "--winner", "lasse", file, NULL }, NULL, &out, NULL), 0);
	ck_assert(strstr(out, " Game 1\n") != NULL);
	ck_assert(strstr(out, " Game 2\n") == NULL);
	char *err;
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--no-rc", "-W", "error",
	                 "--stdin-name", "one.mat", "-", NULL }, out, NULL, &err), 0);
	ck_assert_str_eq(err, "");
	free(err);
	/* Its moves are the game's, as stats counts them. */
	char *a, *b;
	ts_run((const char *[]){ "select", "--no-rc", "-q", "-f", "json",
	       "--winner", "lasse", file, NULL }, NULL, &a, NULL);
	ts_run((const char *[]){ "select", "--no-rc", "-q", "-f", "json",
	       "--stdin-name", "one.mat", "-", NULL }, out, &b, NULL);
	const char *ma = strstr(a, "\"moves\":"), *mb = strstr(b, "\"moves\":");
	ck_assert_ptr_nonnull(ma);
	ck_assert_ptr_nonnull(mb);
	ck_assert_int_eq(atol(ma + 8), atol(mb + 8));
	ck_assert_int_gt(atol(ma + 8), 0);
	free(a);
	free(b);
	free(out);
	free(list);
}
END_TEST

/* Every game split from the real exports checks clean and is the game it
   was: players, result, winner, points, rolls, cube actions, pips and
   hits.  (Not the cells: a result written in both columns is written
   once, as convert does.) */
static const char split_py[] =
	"import csv, os, sys\n"
	"def games(p):\n"
	"    return [r for r in csv.DictReader(open(p, newline=''))\n"
	"            if r['kind'] == 'game']\n"
	"orig, pieces = games(sys.argv[1]), games(sys.argv[2])\n"
	"bad = set(l for l in open(sys.argv[3]).read().split('\\n') if l)\n"
	"by = {os.path.basename(r['file']): r for r in pieces}\n"
	"ok, n = True, 0\n"
	"for r in orig:\n"
	"    stem = os.path.splitext(os.path.basename(r['file']))[0]\n"
	"    p = by.get('%s-%s.mat' % (stem, r['game']))\n"
	"    if '%s:%s' % (r['file'], r['game']) in bad:\n"
	"        ok &= p is None; continue\n"
	"    n += 1\n"
	"    if p is None or p['game'] != '1': ok = False; continue\n"
	"    for k in ('player1', 'player2', 'result', 'winner', 'points', 'rolls',\n"
	"              'cube_offers', 'takes', 'passes', 'win', 'cube',\n"
	"              'left_pips', 'right_pips', 'left_hits', 'right_hits'):\n"
	"        ok &= p[k] == r[k]\n"
	"print(ok, n == len(pieces), n > 1000)\n";

START_TEST(split_real_exports)
{
	char src[512];
	corpus("backgammon/real-bulk", src, sizeof src);
	char *csv = stats_csv(src);
	char *out;
	ts_run((const char *[]){ "select", "--no-rc", "-q", "--list", "--illegal",
	       "-r", src, NULL }, NULL, &out, NULL);
	char *bad = ts_in_dir("bad.txt", out);
	free(out);
	char *pieces = ts_in_dir("pieces", NULL);
	ck_assert_int_eq(mkdir(pieces, 0777), 0);
	char pattern[1024];
	snprintf(pattern, sizeof pattern, "%s/{name}-{game}{ext}", pieces);
	char *err;
	/* The games with an error are named, not written: exit 1. */
	ck_assert_int_eq(ts_run((const char *[]){ "split", "--no-rc", "-q", "-r",
	                 "-o", pattern, src, NULL }, NULL, NULL, &err), 1);
	ck_assert(strstr(err, "has errors: not written") != NULL);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--no-rc", "-q",
	                 "-W", "error", "-r", pieces, NULL }, NULL, NULL, NULL), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "--no-rc", "-q", "-f",
	                 "csv", "-r", pieces, NULL }, NULL, &out, NULL), 0);
	char *split_csv = ts_in_dir("pieces.csv", out);
	free(out);
	char args[4096];
	snprintf(args, sizeof args, "'%s' '%s' '%s'", csv, split_csv, bad);
	char *said = run_python(split_py, args);
	ck_assert_str_eq(said, "True True True\n");
	free(said);
	/* Run again: every file exists, none is replaced. */
	ck_assert_int_eq(ts_run((const char *[]){ "split", "--no-rc", "-q", "-r",
	                 "-o", pattern, src, NULL }, NULL, NULL, &err), 2);
	ck_assert(strstr(err, " exists: game 1 not written") != NULL);
	free(err);
	free(split_csv);
	free(pieces);
	free(bad);
	free(csv);
}
END_TEST

/* split -n 3 over the real exports: each file a record of up to three
   games that checks clean, game i of file p being game 3(p-1)+i of its
   match as it was (the running score aside); a file whose games hold an
   error, or that cannot be one match from 0-0, is named and missing. */
static const char split_n_py[] =
	"import csv, os, re, sys\n"
	"def games(p):\n"
	"    return [r for r in csv.DictReader(open(p, newline=''))\n"
	"            if r['kind'] == 'game']\n"
	"orig, pieces = games(sys.argv[1]), games(sys.argv[2])\n"
	"bad = set(l for l in open(sys.argv[3]).read().split('\\n') if l)\n"
	"err = open(sys.argv[4]).read()\n"
	"named = set(os.path.basename(m) for m in\n"
	"            re.findall(r': ([^ :]*\\.mat): games from', err))\n"
	"by = {(os.path.basename(r['file']), r['game']): r for r in pieces}\n"
	"parts = {}\n"
	"ok, n, short = True, 0, 0\n"
	"for r in orig:\n"
	"    stem = os.path.splitext(os.path.basename(r['file']))[0]\n"
	"    g = int(r['game'])\n"
	"    f = '%s-%d.mat' % (stem, (g - 1) // 3 + 1)\n"
	"    parts.setdefault(f, []).append(r)\n"
	"for f, rs in parts.items():\n"
	"    if any('%s:%s' % (r['file'], r['game']) in bad for r in rs) or f in named:\n"
	"        ok &= (f, '1') not in by; continue\n"
	"    short += len(rs) < 3\n"
	"    for i, r in enumerate(rs):\n"
	"        p = by.get((f, str(i + 1)))\n"
	"        n += 1\n"
	"        if p is None: ok = False; continue\n"
	"        for k in ('player1', 'player2', 'result', 'winner', 'points',\n"
	"                  'rolls', 'cube_offers', 'takes', 'passes', 'win', 'cube'):\n"
	"            ok &= p[k] == r[k]\n"
	"    ok &= (f, str(len(rs) + 1)) not in by\n"
	"print(ok, n == len(pieces), n > 1000, short > 10, len(named) < 5)\n";

START_TEST(split_n_games)
{
	char src[512];
	corpus("backgammon/real-bulk", src, sizeof src);
	char *csv = stats_csv(src);
	char *out, *err;
	ts_run((const char *[]){ "select", "--no-rc", "-q", "--list", "--illegal",
	       "-r", src, NULL }, NULL, &out, NULL);
	char *bad = ts_in_dir("bad.txt", out);
	free(out);
	char *pieces = ts_in_dir("parts", NULL);
	ck_assert_int_eq(mkdir(pieces, 0777), 0);
	char pattern[1024];
	snprintf(pattern, sizeof pattern, "%s/{name}-{part}{ext}", pieces);
	ck_assert_int_ge(ts_run((const char *[]){ "split", "--no-rc", "-q", "-r",
	                 "-n", "3", "-o", pattern, src, NULL }, NULL, NULL, &err),
	                 1);
	ck_assert(strstr(err, "one has errors: not written") != NULL);
	char *errs = ts_in_dir("err.txt", err);
	free(err);
	ck_assert_int_eq(ts_run((const char *[]){ "check", "--no-rc", "-q",
	                 "-W", "error", "-r", pieces, NULL }, NULL, NULL, NULL), 0);
	ck_assert_int_eq(ts_run((const char *[]){ "stats", "--no-rc", "-q", "-f",
	                 "csv", "-r", pieces, NULL }, NULL, &out, NULL), 0);
	char *parts_csv = ts_in_dir("parts.csv", out);
	free(out);
	char args[4096];
	snprintf(args, sizeof args, "'%s' '%s' '%s' '%s'", csv, parts_csv, bad,
	         errs);
	char *said = run_python(split_n_py, args);
	ck_assert_str_eq(said, "True True True True True\n");
	free(said);
	/* {game} is the number of a file's first game: 1, 4, 7, ... */
	char file[512];
	corpus("backgammon/real/real-04.mat", file, sizeof file);
	snprintf(pattern, sizeof pattern, "%s/r-{game}.mat", ts_dir());
	ck_assert_int_eq(ts_run((const char *[]){ "split", "--no-rc", "-q", "-n",
	                 "3", "-o", pattern, file, NULL }, NULL, NULL, NULL), 0);
	char path[1024];
	snprintf(path, sizeof path, "%s/r-4.mat", ts_dir());
	size_t len;
	char *four = ts_read_file(path, &len);
	ck_assert_ptr_nonnull(four);
	ck_assert(strstr(four, " Game 2\n") != NULL);
	ck_assert(strstr(four, " Game 3\n") == NULL);
	free(four);
	snprintf(path, sizeof path, "%s/r-2.mat", ts_dir());
	ck_assert_ptr_null(ts_read_file(path, &len));
	/* -n is split's; a pattern takes {part} instead of {game} with it. */
	ck_assert_int_eq(ts_run((const char *[]){ "select", "--no-rc", "-n", "2",
	                 file, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "split", "--no-rc", "-o",
	                 "x-{part}.mat", file, NULL }, NULL, NULL, NULL), 3);
	free(parts_csv);
	free(errs);
	free(pieces);
	free(bad);
	free(csv);
}
END_TEST

/* The games stats writes and counts with select's criteria are those
   select lists with them: "FILE: game N:" lines against FILE:N. */
static void
stats_as_select(const char *dir, const char *const *criteria)
{
	const char *sargs[24] = { "select", "--no-rc", "-q", "--list", "-r" };
	const char *targs[24] = { "stats", "--no-rc", "-q", "-r" };
	int ns = 5, nt = 4;
	for (int i = 0; criteria[i] != NULL; i++)
		sargs[ns++] = targs[nt++] = criteria[i];
	sargs[ns++] = targs[nt++] = dir;
	sargs[ns] = targs[nt] = NULL;
	char *listed, *stats;
	ck_assert_int_eq(ts_run(sargs, NULL, &listed, NULL), 0);
	ck_assert_int_le(ts_run(targs, NULL, &stats, NULL), 1);
	long n = 0;
	for (char *line = stats; *line;) {
		char *end = strchr(line, '\n');
		ck_assert_ptr_nonnull(end);
		*end = '\0';
		char *at = strstr(line, ": game ");
		if (at != NULL) {
			char want[1100];
			snprintf(want, sizeof want, "%.*s:%ld\n", (int)(at - line), line,
			         strtol(at + 7, NULL, 10));
			ck_assert_msg(strstr(listed, want) != NULL, "%s: %s", criteria[0],
			              want);
			n++;
		} else {
			/* The totals count the games chosen. */
			long files, games;
			ck_assert_int_eq(sscanf(line, "%ld files, %ld games", &files,
			                        &games), 2);
			ck_assert_int_eq(games, n);
		}
		line = end + 1;
	}
	long want = 0;
	for (const char *p = listed; *p; p++)
		want += *p == '\n';
	ck_assert_int_eq(n, want);
	ck_assert_int_gt(n, 0);
	free(listed);
	free(stats);
}

START_TEST(stats_takes_the_criteria)
{
	char dir[512];
	corpus("backgammon/real", dir, sizeof dir);
	stats_as_select(dir, (const char *[]){ "--player", "lasse", NULL });
	stats_as_select(dir, (const char *[]){ "--result", "gammon", NULL });
	stats_as_select(dir, (const char *[]){ "--moves", "40..60",
	                "--match-length", "5", NULL });
	stats_as_select(dir, (const char *[]){ "--illegal", NULL });
	stats_as_select(dir, (const char *[]){ "--has", "bg-hit-marker-*",
	                "--winner", "b*", NULL });
	/* The players' table holds only those of the games chosen. */
	char *all, *some;
	ck_assert_int_le(ts_run((const char *[]){ "stats", "--no-rc", "-q",
	                 "--matches", "-r", dir, NULL }, NULL, &all, NULL), 1);
	ck_assert_int_le(ts_run((const char *[]){ "stats", "--no-rc", "-q",
	                 "--matches", "--player", "lasse", "-r", dir, NULL }, NULL,
	                 &some, NULL), 1);
	ck_assert(strstr(all, "  bgnori: ") != NULL);
	ck_assert(strstr(some, "  bgnori: ") == NULL);
	ck_assert(strstr(some, "  lasse: ") != NULL);
	ck_assert(strstr(some, "  Magic: ") != NULL);
	free(all);
	free(some);
}
END_TEST

/* SGF and sheet inputs, written as sheets. */
START_TEST(split_other_forms)
{
	static const char *const dirs[] = { "backgammon/sgf-real",
	                                    "backgammon/sheet" };
	for (int i = 0; i < 2; i++) {
		char src[512];
		corpus(dirs[i], src, sizeof src);
		char name[32];
		snprintf(name, sizeof name, "out%d", i);
		char *to = ts_in_dir(name, NULL);
		ck_assert_int_eq(mkdir(to, 0777), 0);
		char pattern[1024];
		snprintf(pattern, sizeof pattern, "%s/{name}{ext}-{game}.bg", to);
		ck_assert_int_le(ts_run((const char *[]){ "split", "--no-rc", "-q",
		                 "--to", "sheet", "-r", "-o", pattern, src, NULL },
		                 NULL, NULL, NULL), 1);
		char *games, *pieces;
		ts_run((const char *[]){ "select", "--no-rc", "-q", "--list",
		       "--legal", "-r", src, NULL }, NULL, &games, NULL);
		ck_assert_int_eq(ts_run((const char *[]){ "select", "--no-rc", "-q",
		                 "--list", "--legal", "-r", to, NULL }, NULL, &pieces,
		                 NULL), 0);
		size_t a = 0, b = 0;
		for (const char *p = games; *p; p++)
			a += *p == '\n';
		for (const char *p = pieces; *p; p++)
			b += *p == '\n';
		ck_assert_uint_eq(a, b);
		ck_assert_uint_gt(b, 1);
		ck_assert_int_eq(ts_run((const char *[]){ "check", "--no-rc", "-q",
		                 "-W", "error", "-r", to, NULL }, NULL, NULL, NULL), 0);
		free(games);
		free(pieces);
		free(to);
	}
}
END_TEST

START_TEST(usage)
{
	char file[512];
	corpus("backgammon/real/real-01.mat", file, sizeof file);
	char bao[512];
	corpus("bao/legal/bao-legal-01.bao", bao, sizeof bao);
	static const char *const bad[][8] = {
		{ "check", "--player", "x", NULL },
		{ "stats", "--list", NULL },
		{ "select", "--moves", "5..2", NULL },
		{ "select", "--moves", "..", NULL },
		{ "select", "--moves", "x", NULL },
		{ "select", "--tag", "Site", NULL },
		{ "select", "--match-length", "-1", NULL },
		{ "select", "--list", "--to", "sheet", NULL },
		{ "select", "-f", "sarif", NULL },
		{ "split", "-o", "x.mat", NULL },
		{ "split", "--bogus", NULL },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *args[12];
		int n = 0;
		for (; bad[i][n] != NULL; n++)
			args[n] = bad[i][n];
		args[n++] = file;
		args[n] = NULL;
		ck_assert_msg(ts_run(args, NULL, NULL, NULL) == 3, "%s %s", args[0],
		              args[1]);
	}
	/* A record of one game has nothing to split; standard input no name. */
	ck_assert_int_eq(ts_run((const char *[]){ "split", "--no-rc", "-o",
	                 "/nonexistent/{game}", bao, NULL }, NULL, NULL, NULL), 3);
	ck_assert_int_eq(ts_run((const char *[]){ "split", "--no-rc", "--stdin-name",
	                 "x.mat", "-", NULL }, "x", NULL, NULL), 3);
	/* An input that cannot be read outranks a selection. */
	ck_assert_int_eq(ts_run((const char *[]){ "select", "--no-rc", "-q",
	                 "--list", file, "/nonexistent.mat", NULL }, NULL, NULL,
	                 NULL), 2);
}
END_TEST

Suite *
cli_select_suite(void)
{
	Suite *s = suite_create("cli-select");
	TCase *tc = tcase_create("select");
	tcase_add_checked_fixture(tc, ts_dir_setup, ts_dir_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, criteria_match_the_record_facts);
	tcase_add_test(tc, tags_and_date_ranges);
	tcase_add_test(tc, findings_and_legality);
	tcase_add_test(tc, every_game_and_form);
	tcase_add_test(tc, whole_records);
	tcase_add_test(tc, one_game_of_a_match);
	tcase_add_test(tc, split_real_exports);
	tcase_add_test(tc, split_other_forms);
	tcase_add_test(tc, split_n_games);
	tcase_add_test(tc, stats_takes_the_criteria);
	tcase_add_test(tc, usage);
	suite_add_tcase(s, tc);
	return s;
}
