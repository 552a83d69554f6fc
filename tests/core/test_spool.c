/*
 * The spool (core/spool.h): bytes beyond its memory go to a temporary
 * file and come back unchanged, in order or not, after a clear too, and
 * with writes and reads taking turns.
 */
#include <check.h>
#include <string.h>

#include "core/spool.h"

static void
fill(unsigned char *b, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		b[i] = (unsigned char)((i * 131u + seed) % 251u);
}

START_TEST(bytes_come_back_past_the_memory)
{
	nt_spool s;
	nt_spool_init(&s, 16);
	unsigned char in[5000], out[5000];
	fill(in, sizeof in, 7);
	/* In pieces of every size, across the memory's end. */
	for (size_t at = 0, k = 1; at < sizeof in; k = k % 97 + 1) {
		size_t n = at + k > sizeof in ? sizeof in - at : k;
		ck_assert_int_eq(nt_spool_write(&s, in + at, n), 0);
		at += n;
	}
	ck_assert_uint_eq(s.size, sizeof in);
	ck_assert(s.file != NULL);
	ck_assert_int_eq(nt_spool_read(&s, 0, out, sizeof out), 0);
	ck_assert(memcmp(in, out, sizeof in) == 0);
	/* Out of order, across the memory's end, and past the end. */
	ck_assert_int_eq(nt_spool_read(&s, 10, out, 20), 0);
	ck_assert(memcmp(in + 10, out, 20) == 0);
	ck_assert_int_eq(nt_spool_read(&s, 4000, out, 30), 0);
	ck_assert(memcmp(in + 4000, out, 30) == 0);
	ck_assert_int_eq(nt_spool_read(&s, 4990, out, 11), -1);
	/* Writes after reads, reads after writes, after a clear. */
	nt_spool_clear(&s);
	ck_assert_uint_eq(s.size, 0);
	fill(in, sizeof in, 99);
	for (size_t at = 0; at < sizeof in; at += 100) {
		ck_assert_int_eq(nt_spool_write(&s, in + at, 100), 0);
		ck_assert_int_eq(nt_spool_read(&s, at / 2, out, 50), 0);
		ck_assert(memcmp(in + at / 2, out, 50) == 0);
	}
	ck_assert_int_eq(nt_spool_read(&s, 0, out, sizeof out), 0);
	ck_assert(memcmp(in, out, sizeof in) == 0);
	nt_spool_free(&s);
}
END_TEST

START_TEST(small_contents_stay_in_memory)
{
	nt_spool s;
	nt_spool_init(&s, 0);
	unsigned char in[1000], out[1000];
	fill(in, sizeof in, 3);
	ck_assert_int_eq(nt_spool_write(&s, in, sizeof in), 0);
	ck_assert(s.file == NULL);
	ck_assert_int_eq(nt_spool_read(&s, 1, out, 999), 0);
	ck_assert(memcmp(in + 1, out, 999) == 0);
	nt_spool_free(&s);
}
END_TEST

Suite *
core_spool_suite(void)
{
	Suite *s = suite_create("core-spool");
	TCase *tc = tcase_create("spool");
	tcase_add_test(tc, bytes_come_back_past_the_memory);
	tcase_add_test(tc, small_contents_stay_in_memory);
	suite_add_tcase(s, tc);
	return s;
}
