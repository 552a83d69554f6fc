/*
 * GNU Backgammon Position IDs and the `moves` command.  The known IDs are
 * the ones gnubg 1.07 printed for these positions (`show board` and
 * gnubg.positionid()); the live comparison with gnubg is in
 * test_movegen_gnubg.c.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "support/support.h"
#include "test_movegen_util.h"

START_TEST(start_position_id)
{
	bg_pos p, q;
	char id[BG_POSID_LEN + 1];
	bg_pos_start(&p);
	bg_posid_encode(&p, 0, id);
	ck_assert_str_eq(id, "4HPwATDgc/ABMA");
	bg_posid_encode(&p, 1, id);
	ck_assert_str_eq(id, "4HPwATDgc/ABMA");
	ck_assert_int_eq(bg_posid_decode("4HPwATDgc/ABMA", &q, 0), 0);
	ck_assert(bg_pos_equal(&p, &q));
}
END_TEST

START_TEST(player_on_roll_is_second)
{
	/* gnubg, after its 24/20 13/8 with root on roll: 4PPgASHgc/ABMA.  The
	 * first half is gnubg's checkers (not on roll), the second root's. */
	bg_pos p, want;
	char id[BG_POSID_LEN + 1];
	ck_assert_int_eq(bg_posid_decode("4PPgASHgc/ABMA", &p, 0), 0);
	want = tb_pos("24:2 13:5 8:3 6:5", "24 20 13:4 8:4 6:5");
	ck_assert(bg_pos_equal(&p, &want));
	ck_assert_int_eq(bg_posid_decode("4PPgASHgc/ABMA", &p, 1), 0);
	want = tb_pos("24 20 13:4 8:4 6:5", "24:2 13:5 8:3 6:5");
	ck_assert(bg_pos_equal(&p, &want));
	bg_posid_encode(&p, 1, id);
	ck_assert_str_eq(id, "4PPgASHgc/ABMA");
	/* The other player on roll gives another ID. */
	bg_posid_encode(&p, 0, id);
	ck_assert_str_ne(id, "4PPgASHgc/ABMA");
}
END_TEST

START_TEST(ids_gnubg_printed)
{
	bg_pos p, want;
	char id[BG_POSID_LEN + 1];
	/* Checkers on the bar and off, a stack of 11 (gnubg's `show board`). */
	want = tb_pos("6:7 8:3 13 bar:2", "1:2 2:11 bar");
	bg_posid_encode(&want, 1, id);
	ck_assert_str_eq(id, "4M9BANj+DwAACA");
	ck_assert_int_eq(bg_posid_decode("4M9BANj+DwAACA", &p, 1), 0);
	ck_assert(bg_pos_equal(&p, &want));
	/* After 24/13 from the start, the mover still second (gnubg's hint). */
	want = tb_pos("24:2 13:5 8:3 6:5", "24 13:6 8:3 6:5");
	bg_posid_encode(&want, 1, id);
	ck_assert_str_eq(id, "4HPwATDgc/ADIA");
	want = tb_pos("24:2 13:5 8:3 6:5", "24:2 13:5 8 6:5 3 2");
	bg_posid_encode(&want, 1, id);
	ck_assert_str_eq(id, "4HPwATCKT/ABMA");
}
END_TEST

START_TEST(round_trips)
{
	tm_rng rng = { 12345 };
	bg_playlist *list = malloc(sizeof *list);
	ck_assert_ptr_nonnull(list);
	bg_pos pos;
	bg_pos_start(&pos);
	int mover = 0;
	for (int turn = 0; turn < 2000; turn++) {
		for (int side = 0; side < 2; side++) {
			char id[BG_POSID_LEN + 1];
			bg_pos back;
			bg_posid_encode(&pos, side, id);
			ck_assert_uint_eq(strlen(id), BG_POSID_LEN);
			ck_assert_int_eq(bg_posid_decode(id, &back, side), 0);
			ck_assert_msg(bg_pos_equal(&pos, &back), "%s does not read back", id);
		}
		bg_legal_plays(&pos, mover, tm_die(&rng), tm_die(&rng), list);
		if (list->count > 0)
			pos = list->plays[tm_next(&rng) % (uint64_t)list->count].after;
		if (pos.n[mover][BG_OFF] == BG_CHECKERS)
			bg_pos_start(&pos);
		mover = 1 - mover;
	}
	free(list);
	/* Everything off on both sides is all zero bits. */
	bg_pos empty = tb_pos("", "");
	char id[BG_POSID_LEN + 1];
	bg_posid_encode(&empty, 0, id);
	ck_assert_str_eq(id, "AAAAAAAAAAAAAA");
	/* A board no game reaches (31 checkers on one point) is still written
	   bit by bit, as gnubg would: five 0s, 31 1s, the rest 0s. */
	bg_pos heap;
	memset(&heap, 0, sizeof heap);
	heap.n[1][6] = 31;
	bg_posid_encode(&heap, 0, id);
	ck_assert_str_eq(id, "4P///w8AAAAAAA");
	/* And one whose bits run past 80 stops at 80. */
	heap.n[0][1] = 60;
	bg_posid_encode(&heap, 0, id);
	ck_assert_str_eq(id, "4P///w8AAP///w");
}
END_TEST

/* The key of a board is the same whichever player is on roll, is one of
   its two IDs, and differs between boards (over a random walk of games). */
START_TEST(keys_ignore_who_is_on_roll)
{
	tm_rng rng = { 777 };
	bg_playlist *list = malloc(sizeof *list);
	ck_assert_ptr_nonnull(list);
	bg_pos pos;
	bg_pos_start(&pos);
	int mover = 0, swapped = 0;
	char last[BG_POSID_LEN + 1] = "";
	for (int turn = 0; turn < 2000; turn++) {
		char a[BG_POSID_LEN + 1], b[BG_POSID_LEN + 1];
		char ka[BG_POSID_LEN + 1], kb[BG_POSID_LEN + 1];
		bg_posid_encode(&pos, 0, a);
		bg_posid_encode(&pos, 1, b);
		ck_assert_int_eq(bg_posid_key(a, ka, sizeof ka), 0);
		ck_assert_int_eq(bg_posid_key(b, kb, sizeof kb), 0);
		ck_assert_str_eq(ka, kb);
		ck_assert(strcmp(ka, a) == 0 || strcmp(ka, b) == 0);
		swapped += strcmp(ka, a) != 0;
		/* A move changes the board, so its key. */
		ck_assert(strcmp(ka, last) != 0 || list->count == 0 || turn == 0);
		memcpy(last, ka, sizeof last);
		bg_legal_plays(&pos, mover, tm_die(&rng), tm_die(&rng), list);
		if (list->count > 0)
			pos = list->plays[tm_next(&rng) % (uint64_t)list->count].after;
		if (pos.n[mover][BG_OFF] == BG_CHECKERS)
			bg_pos_start(&pos);
		mover = 1 - mover;
	}
	ck_assert_int_gt(swapped, 100);
	free(list);
	char key[BG_POSID_LEN + 1];
	ck_assert_int_eq(bg_posid_key("4HPw", key, sizeof key), -1);
	ck_assert_int_eq(bg_posid_key("4HPwATDgc/AB-A", key, sizeof key), -1);
	ck_assert_int_eq(bg_posid_key("4HPwATDgc/ABMA", key, 4), -1);
}
END_TEST

START_TEST(bad_ids)
{
	bg_pos p;
	ck_assert_int_eq(bg_posid_decode("", &p, 0), -1);
	ck_assert_int_eq(bg_posid_decode("4HPwATDgc/ABM", &p, 0), -1);     /* 13 */
	ck_assert_int_eq(bg_posid_decode("4HPwATDgc/ABMAA", &p, 0), -1);   /* 15 */
	ck_assert_int_eq(bg_posid_decode("4HPwATDgc-ABMA", &p, 0), -1);    /* not base64 */
	ck_assert_int_eq(bg_posid_decode("4HPwATDgc/ABMB", &p, 0), -1);    /* bits past 80 */
	ck_assert_int_eq(bg_posid_decode("//////////////", &p, 0), -1);    /* all ones */
	/* Sixteen checkers for the first player: 16 ones then 0s. */
	ck_assert_int_eq(bg_posid_decode("//8AAAAAAAAAAA", &p, 0), -1);
	/* A point held by both: side 0's 6 and side 1's 19. */
	bg_pos both = tb_pos("6", "");
	char id[BG_POSID_LEN + 1];
	both.n[1][19] = 1;
	both.n[1][BG_OFF] = 14;
	bg_posid_encode(&both, 0, id);
	ck_assert_int_eq(bg_posid_decode(id, &p, 0), -1);
	/* A bit after the 50th zero. */
	ck_assert_int_eq(bg_posid_decode("AAAAAAAAAAAAAQ", &p, 0), -1);
	/* Only the key's very last bit (79) set. */
	ck_assert_int_eq(bg_posid_decode("AAAAAAAAAAAAgA", &p, 0), -1);
}
END_TEST

/* ------------------------------------------------------------ `moves` */

typedef struct mem_sink {
	char buf[65536];
	size_t len;
} mem_sink;

static int
mem_write(void *handle, const void *data, size_t size)
{
	mem_sink *m = handle;
	if (m->len + size >= sizeof m->buf)
		return -1;
	memcpy(m->buf + m->len, data, size);
	m->len += size;
	m->buf[m->len] = '\0';
	return 0;
}

static int
run_moves(int argc, char *const argv[], mem_sink *out, mem_sink *err)
{
	nt_sink o = { mem_write, out }, e = { mem_write, err };
	nt_options opts;
	memset(&opts, 0, sizeof opts);
	out->len = err->len = 0;
	out->buf[0] = err->buf[0] = '\0';
	/* The words one blank apart, as the command line hands them over. */
	char text[256] = "";
	for (int i = 0; i < argc; i++)
		snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s",
		         i > 0 ? " " : "", argv[i]);
	nt_moves_request req = { .position = text, .form = NT_MOVES_TEXT };
	return bg_moves_command(&req, &opts, &o, &e);
}

/* The engine's sorted list as `moves` should print it. */
static void
expected_list(const char *id, int d1, int d2, char *buf, size_t size)
{
	bg_pos p;
	ck_assert_int_eq(bg_posid_decode(id, &p, 0), 0);
	bg_playlist *l = malloc(sizeof *l);
	bg_legal_plays(&p, 0, d1, d2, l);
	bg_playlist_sort(&p, 0, d1, d2, l);
	buf[0] = '\0';
	if (l->count == 0)
		strncat(buf, "no play\n", size - 1);
	for (int i = 0; i < l->count; i++) {
		char t[BG_TEXT_MAX];
		bg_sheet_text(&p, 0, l->plays[i].steps, l->plays[i].nsteps, t, sizeof t);
		strncat(buf, t, size - strlen(buf) - 1);
		strncat(buf, "\n", size - strlen(buf) - 1);
	}
	free(l);
}

START_TEST(moves_dice_forms)
{
	static mem_sink out, err;
	static char want[65536];
	char *a1[] = { "4HPwATDgc/ABMA", "6-5" };
	char *a2[] = { "4HPwATDgc/ABMA", "65" };
	char *a3[] = { "4HPwATDgc/ABMA", "5", "6" };
	expected_list("4HPwATDgc/ABMA", 6, 5, want, sizeof want);
	ck_assert_int_eq(run_moves(2, a1, &out, &err), 0);
	ck_assert_str_eq(out.buf, want);
	ck_assert_str_eq(err.buf, "");
	ck_assert_str_eq(out.buf, "24/13\n24/18 13/8\n24/18 8/3\n13/8 13/7\n13/7 8/3\n13/2\n8/3 8/2\n");
	ck_assert_int_eq(run_moves(2, a2, &out, &err), 0);
	ck_assert_str_eq(out.buf, want);
	ck_assert_int_eq(run_moves(3, a3, &out, &err), 0);
	ck_assert_str_eq(out.buf, want);
	/* A double: every one of its plays, one per line. */
	char *a4[] = { "4HPwATDgc/ABMA", "1-1" };
	expected_list("4HPwATDgc/ABMA", 1, 1, want, sizeof want);
	ck_assert_int_eq(run_moves(2, a4, &out, &err), 0);
	ck_assert_str_eq(out.buf, want);
	int lines = 0;
	for (const char *c = out.buf; *c; c++)
		lines += *c == '\n';
	ck_assert_int_eq(lines, 42);
}
END_TEST

START_TEST(moves_no_play)
{
	static mem_sink out, err;
	/* On the bar against a closed board. */
	bg_pos p = tb_pos("bar 13:14", "6:2 5:2 4:2 3:2 2:2 1:5");
	char id[BG_POSID_LEN + 1];
	bg_posid_encode(&p, 0, id);
	char *a[] = { id, "6-4" };
	ck_assert_int_eq(run_moves(2, a, &out, &err), 0);
	ck_assert_str_eq(out.buf, "no play\n");
}
END_TEST

START_TEST(moves_errors)
{
	static mem_sink out, err;
	char *bad_id[] = { "4HPwATDgc/ABM", "6-5" };
	ck_assert_int_eq(run_moves(2, bad_id, &out, &err), 1);
	ck_assert_str_eq(out.buf, "");
	ck_assert_str_eq(err.buf, "notate: moves --game backgammon: '4HPwATDgc/ABM' is not a "
	                 "GNU Backgammon Position ID (14 characters such as 4HPwATDgc/ABMA)\n");
	char *bad_dice[] = { "4HPwATDgc/ABMA", "7-1" };
	ck_assert_int_eq(run_moves(2, bad_dice, &out, &err), 1);
	ck_assert_str_eq(err.buf, "notate: moves --game backgammon: '7-1' is not a roll of two "
	                 "dice from 1 to 6 (write 6-4, 64 or 6 4)\n");
	char *bad3[] = { "4HPwATDgc/ABMA", "6", "x" };
	ck_assert_int_eq(run_moves(3, bad3, &out, &err), 1);
	ck_assert_ptr_nonnull(strstr(err.buf, "'6 x' is not a roll"));
	char *few[] = { "4HPwATDgc/ABMA" };
	ck_assert_int_eq(run_moves(1, few, &out, &err), 1);
	ck_assert_ptr_nonnull(strstr(err.buf, "give a Position ID and the dice"));
	char *many[] = { "4HPwATDgc/ABMA", "6", "5", "4" };
	ck_assert_int_eq(run_moves(4, many, &out, &err), 1);
	char *longdice[] = { "4HPwATDgc/ABMA", "6-5-4" };
	ck_assert_int_eq(run_moves(2, longdice, &out, &err), 1);
}
END_TEST

/*
 * -f tsv: the header, then a row per play in the order of the plain list,
 * each with the Position ID after the play, seen by the opponent, who is
 * on roll then; no play is one row that leaves the position as it was.
 * -f json holds the same plays.
 */
START_TEST(moves_tsv_and_json)
{
	static char want[65536];
	const char *argv = "4HPwATDgc/ABMA 3-1";
	expected_list("4HPwATDgc/ABMA", 3, 1, want, sizeof want);
	char *tsv = ts_list_moves("backgammon", argv, NT_MOVES_TSV);
	const char *header = "position\tdice\tplay\tafter\n";
	ck_assert(strncmp(tsv, header, strlen(header)) == 0);
	bg_pos start;
	ck_assert_int_eq(bg_posid_decode("4HPwATDgc/ABMA", &start, 0), 0);
	bg_playlist *list = malloc(sizeof *list);
	ck_assert_ptr_nonnull(list);
	bg_legal_plays(&start, 0, 3, 1, list);
	bg_playlist_sort(&start, 0, 3, 1, list);
	const char *row = tsv + strlen(header), *plain = want;
	for (int i = 0; i < list->count; i++) {
		char play[64], after[BG_POSID_LEN + 1], line[128];
		const char *nl = strchr(plain, '\n');
		ck_assert_ptr_nonnull(nl);
		snprintf(play, sizeof play, "%.*s", (int)(nl - plain), plain);
		plain = nl + 1;
		bg_posid_encode(&list->plays[i].after, 1, after);
		snprintf(line, sizeof line, "4HPwATDgc/ABMA\t3-1\t%s\t%s\n", play,
		         after);
		ck_assert(strncmp(row, line, strlen(line)) == 0);
		row += strlen(line);
		/* The ID names the position after the play, the opponent on roll. */
		bg_pos back;
		ck_assert_int_eq(bg_posid_decode(after, &back, 1), 0);
		ck_assert(memcmp(&back, &list->plays[i].after, sizeof back) == 0);
	}
	ck_assert_str_eq(row, "");
	char *json = ts_list_moves("backgammon", argv, NT_MOVES_JSON);
	ck_assert(strncmp(json, "{\"position\":\"4HPwATDgc/ABMA\",\"dice\":[3,1],"
	                  "\"plays\":[{\"play\":\"24/23 24/21\",\"after\":\"", 82) == 0);
	int plays = 0;
	for (const char *c = json; (c = strstr(c, "\"play\":")) != NULL; c++)
		plays++;
	ck_assert_int_eq(plays, list->count);
	ck_assert(strcmp(json + strlen(json) - 3, "]}\n") == 0);
	free(json);
	free(tsv);
	free(list);
	/* On the bar against a closed board: one row, the position unchanged. */
	bg_pos p = tb_pos("bar 13:14", "6:2 5:2 4:2 3:2 2:2 1:5");
	char id[BG_POSID_LEN + 1], line[128];
	bg_posid_encode(&p, 0, id);
	char a[BG_POSID_LEN + 8];
	snprintf(a, sizeof a, "%s 6-4", id);
	tsv = ts_list_moves("backgammon", a, NT_MOVES_TSV);
	char after[BG_POSID_LEN + 1];
	bg_posid_encode(&p, 1, after);
	snprintf(line, sizeof line, "%s%s\t6-4\tno play\t%s\n", header, id, after);
	ck_assert_str_eq(tsv, line);
	free(tsv);
	json = ts_list_moves("backgammon", a, NT_MOVES_JSON);
	snprintf(line, sizeof line, "{\"position\":\"%s\",\"dice\":[6,4],\"plays\":"
	         "[{\"play\":\"no play\",\"after\":\"%s\"}]}\n", id, after);
	ck_assert_str_eq(json, line);
	free(json);
}
END_TEST

START_TEST(moves_from_the_command_line)
{
	/* The game's `moves` member is this command (wired in game.c). */
	const char *argv[] = { "moves", "--game", "backgammon", "4HPwATDgc/ABMA", "6-5", NULL };
	char *out = NULL, *err = NULL;
	int rc = ts_run(argv, NULL, &out, &err);
	ck_assert_int_eq(rc, 0);
	ck_assert_str_eq(out, "24/13\n24/18 13/8\n24/18 8/3\n13/8 13/7\n13/7 8/3\n13/2\n8/3 8/2\n");
	free(out);
	free(err);
	const char *bad[] = { "moves", "--game", "backgammon", "nonsense", "6-5", NULL };
	rc = ts_run(bad, NULL, &out, &err);
	ck_assert_int_ne(rc, 0);
	ck_assert_ptr_nonnull(strstr(err, "not a GNU Backgammon Position ID"));
	free(out);
	free(err);
}
END_TEST

Suite *
backgammon_posid_suite(void)
{
	Suite *s = suite_create("backgammon-posid");
	TCase *tc = tcase_create("ids");
	tcase_add_test(tc, start_position_id);
	tcase_add_test(tc, player_on_roll_is_second);
	tcase_add_test(tc, ids_gnubg_printed);
	tcase_add_test(tc, round_trips);
	tcase_add_test(tc, keys_ignore_who_is_on_roll);
	tcase_add_test(tc, bad_ids);
	suite_add_tcase(s, tc);
	tc = tcase_create("moves");
	tcase_add_test(tc, moves_dice_forms);
	tcase_add_test(tc, moves_no_play);
	tcase_add_test(tc, moves_tsv_and_json);
	tcase_add_test(tc, moves_errors);
	tcase_add_test(tc, moves_from_the_command_line);
	suite_add_tcase(s, tc);
	return s;
}
