/*
 * Seeds of the XG fuzz target (tools/fuzz.sh): for each eXtreme Gammon
 * file named, its game file's first records (what the target wraps in a
 * container), and the same records in a whole small XG file (what the
 * target fuzzes as a container).  Usage: xg_seeds OUTDIR RECORDS FILE.xg...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

#include "games/backgammon/xg_archive.h"
#include "support/xg_build.h"

static int
write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (f == NULL || fwrite(data, 1, len, f) != len) {
		perror(path);
		if (f != NULL)
			fclose(f);
		return -1;
	}
	return fclose(f);
}

static int
seed(const char *outdir, long records, const char *path)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		perror(path);
		return -1;
	}
	nt_source src = nt_source_fd(fd, path);
	nt_options opts;
	memset(&opts, 0, sizeof opts);
	nt_summary sum;
	memset(&sum, 0, sizeof sum);
	nt_run run;
	memset(&run, 0, sizeof run);
	run.src = &src;
	run.opts = &opts;
	nt_reporter_init(&run.rep, NULL, path, &sum, 0);
	xg_archive *a = malloc(sizeof *a);
	xgb_records rec;
	memset(&rec, 0, sizeof rec);
	int rc = a != NULL && xg_archive_open(a, &run, 0) == 0 ? 0 : -1;
	unsigned char r[XG_RECORD_SIZE];
	while (rc == 0 && (long)rec.n < records && xg_archive_record(a, r) == 1)
		memcpy(xgb_rec(&rec, xgb_add(&rec, 0)), r, sizeof r);
	if (a != NULL)
		xg_archive_close(a);
	free(a);
	close(fd);
	if (rc != 0 || rec.n == 0) {
		fprintf(stderr, "xg_seeds: %s: not a readable XG file\n", path);
		xgb_records_free(&rec);
		return -1;
	}
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	char out[4096];
	snprintf(out, sizeof out, "%s/%s.records", outdir, base);
	rc = write_file(out, rec.data, rec.n * XGB_RECORD);
	size_t len;
	unsigned char *small = xgb_file(&rec, &len);
	snprintf(out, sizeof out, "%s/%s.small.xg", outdir, base);
	if (rc == 0)
		rc = write_file(out, small, len);
	free(small);
	xgb_records_free(&rec);
	return rc;
}

int
main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: xg_seeds OUTDIR RECORDS FILE.xg...\n");
		return 2;
	}
	int status = 0;
	for (int i = 3; i < argc; i++)
		if (seed(argv[1], atol(argv[2]), argv[i]) != 0)
			status = 1;
	return status;
}
