/*
 * shared/corpus/bao/movegen.tsv, row for row: for every listed position
 * the generator yields exactly the listed moves, in order, each with its
 * canonical token, kind, captured seeds, laps, seeds sown, the position
 * after it and the result.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bao/bao_test.h"
#include "support/support.h"

#define MAX_ROWS 4096

typedef struct row {
	char *f[8];
} row;

typedef struct table {
	row rows[MAX_ROWS];
	int n;
} table;

static void
keep_row(void *ctx, char **fields, int n)
{
	table *t = ctx;
	ck_assert_int_eq(n, 8);
	ck_assert_int_lt(t->n, MAX_ROWS);
	row *r = &t->rows[t->n];
	for (int i = 0; i < 8; i++) {
		r->f[i] = strdup(fields[i]);
		ck_assert_ptr_nonnull(r->f[i]);
	}
	t->n++;
}

static const char *const kinds[] = { "NC", "NT", "NX", "MC", "MT" };

/* Compares the moves of one position with rows [from, to). */
static void
check_position(const table *t, int from, int to)
{
	const char *pos = t->rows[from].f[0];
	bao_legal l[BAO_MAX_MOVES];
	int n = bt_legal(NULL, pos, l);
	if (to - from == 1 && strcmp(t->rows[from].f[1], "-") == 0) {
		ck_assert_msg(n == 0, "%s: %d moves, the table lists none", pos, n);
		return;
	}
	ck_assert_msg(n == to - from, "%s: %d moves, the table lists %d", pos, n,
	              to - from);
	for (int i = 0; i < n; i++) {
		char *const *f = t->rows[from + i].f;
		const bao_legal *m = &l[i];
		char tok[BAO_TOKEN_TEXT], after[BAO_POS_TEXT];
		bao_token_format(&m->move, m->annotation, m->over != BAO_ONGOING, tok);
		ck_assert_msg(strcmp(tok, f[1]) == 0, "%s: move %d is %s, want %s",
		              pos, i, tok, f[1]);
		ck_assert_msg(strcmp(kinds[m->outcome.kind], f[2]) == 0,
		              "%s %s: kind %s, want %s", pos, tok,
		              kinds[m->outcome.kind], f[2]);
		ck_assert_msg(m->outcome.captured == atoi(f[3]) &&
		              m->outcome.laps == atol(f[4]) &&
		              m->outcome.sown == atol(f[5]),
		              "%s %s: captured/laps/sown %d/%ld/%ld, want %s/%s/%s",
		              pos, tok, m->outcome.captured, m->outcome.laps,
		              m->outcome.sown, f[3], f[4], f[5]);
		bao_pos_format(&m->after, after);
		ck_assert_msg(strcmp(after, f[6]) == 0, "%s %s:\n got  %s\n want %s",
		              pos, tok, after, f[6]);
		const char *result = m->over == BAO_ONGOING ? "*"
		                     : m->winner == BAO_SOUTH ? "1-0" : "0-1";
		ck_assert_msg(strcmp(result, f[7]) == 0, "%s %s: result %s, want %s",
		              pos, tok, result, f[7]);
	}
}

START_TEST(movegen_table_reproduced_row_for_row)
{
	char path[512];
	ts_shared("corpus/bao/movegen.tsv", path, sizeof path);
	table *t = calloc(1, sizeof *t);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(ts_read_tsv(path, keep_row, t), 0);
	ck_assert_int_ge(t->n, 100);
	int positions = 0;
	for (int from = 0; from < t->n;) {
		int to = from + 1;
		while (to < t->n && strcmp(t->rows[to].f[0], t->rows[from].f[0]) == 0)
			to++;
		check_position(t, from, to);
		positions++;
		from = to;
	}
	ck_assert_int_ge(positions, 40);
	for (int i = 0; i < t->n; i++)
		for (int j = 0; j < 8; j++)
			free(t->rows[i].f[j]);
	free(t);
}
END_TEST

/* What notate moves -f FORM writes for POS. */
static char *
list_moves(const char *pos, int form)
{
	return ts_list_moves("bao", pos, form);
}

/* notate moves -f tsv writes the table itself: its header, then for each
 * position its rows, byte for byte; -f json holds the same moves. */
START_TEST(moves_tsv_is_the_movegen_table)
{
	char path[512];
	ts_shared("corpus/bao/movegen.tsv", path, sizeof path);
	FILE *f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	static char line[4096], header[256];
	ck_assert_ptr_nonnull(fgets(header, sizeof header, f));
	char *want = NULL, pos[512] = "";
	size_t want_len = 0;
	int positions = 0;
	for (int more = 1; more;) {
		more = fgets(line, sizeof line, f) != NULL;
		char *tab = more ? strchr(line, '\t') : NULL;
		size_t plen = tab ? (size_t)(tab - line) : 0;
		if (want != NULL && (!more || strncmp(line, pos, plen) != 0 ||
		                     pos[plen] != '\0')) {
			char *got = list_moves(pos, NT_MOVES_TSV);
			ck_assert_str_eq(got, want);
			free(got);
			got = list_moves(pos, NT_MOVES_JSON);
			int tokens = 0, rows = -1;
			for (const char *c = got; (c = strstr(c, "\"token\":")) != NULL; c++)
				tokens++;
			for (const char *c = want; (c = strchr(c, '\n')) != NULL; c++)
				rows++;
			ck_assert_int_eq(tokens, rows);
			ck_assert(strncmp(got, "{\"position\":\"", 13) == 0);
			free(got);
			free(want);
			want = NULL;
			positions++;
		}
		if (!more)
			break;
		if (want == NULL) {
			ck_assert_uint_lt(plen, sizeof pos);
			memcpy(pos, line, plen);
			pos[plen] = '\0';
			want_len = strlen(header);
			want = malloc(want_len + 1);
			ck_assert_ptr_nonnull(want);
			memcpy(want, header, want_len + 1);
		}
		size_t n = strlen(line);
		want = realloc(want, want_len + n + 1);
		ck_assert_ptr_nonnull(want);
		memcpy(want + want_len, line, n + 1);
		want_len += n;
	}
	fclose(f);
	ck_assert_int_ge(positions, 40);
}
END_TEST

/* A position without a move is one row of '-' (section 10). */
START_TEST(moves_tsv_of_a_position_without_moves)
{
	/* South to move with nothing to sow: every hole of its rows holds at
	   most one seed and it has no reserve. */
	const char *pos = "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/"
	                  "1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0,63 - -";
	char *got = list_moves(pos, NT_MOVES_TSV);
	char want[512];
	snprintf(want, sizeof want, "position\ttoken\tkind\tcaptured\tlaps\tsown"
	         "\tafter\tresult\n%s\t-\t-\t-\t-\t-\t-\t-\n", pos);
	ck_assert_str_eq(got, want);
	free(got);
}
END_TEST

/* Every "after" position of the table is itself well formed: 64 seeds. */
START_TEST(movegen_table_conserves_seeds)
{
	char path[512];
	ts_shared("corpus/bao/movegen.tsv", path, sizeof path);
	table *t = calloc(1, sizeof *t);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(ts_read_tsv(path, keep_row, t), 0);
	for (int i = 0; i < t->n; i++) {
		bao_legal l[BAO_MAX_MOVES];
		int n = bt_legal(NULL, t->rows[i].f[0], l);
		for (int k = 0; k < n; k++)
			ck_assert_int_eq(bao_pos_seeds(&l[k].after), BAO_SEEDS);
		for (int j = 0; j < 8; j++)
			free(t->rows[i].f[j]);
	}
	free(t);
}
END_TEST

Suite *
bao_movegen_suite(void)
{
	Suite *s = suite_create("bao-movegen");
	TCase *tc = tcase_create("table");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, movegen_table_reproduced_row_for_row);
	tcase_add_test(tc, movegen_table_conserves_seeds);
	tcase_add_test(tc, moves_tsv_is_the_movegen_table);
	tcase_add_test(tc, moves_tsv_of_a_position_without_moves);
	suite_add_tcase(s, tc);
	return s;
}
