/*
 * A tiny program built against the installed libnotate (through
 * pkg-config) to prove the public API: it checks a record, lists the moves
 * the rules engine accepted, and prints the diagnostics.
 *
 *   cc api_example.c $(pkg-config --cflags --libs notate) -o api_example
 *   ./api_example game.umla
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <notate/notate.h>

static void
on_move(void *user, const nt_move *m)
{
	long *count = user;
	(*count)++;
	printf("move %ld (game %ld) at %lu:%lu by %s: %s\n", m->index, m->game,
	       m->loc.line, m->loc.col, m->side, m->text);
}

static void
on_diag(void *user, const nt_diag *d)
{
	char line[1024];
	(void)user;
	nt_format_diag(d, line, sizeof line);
	printf("diagnostic: %s\n", line);
}

int
main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: api_example FILE\n");
		return 2;
	}
	const nt_game *game = nt_game_for_path(argv[1]);
	int fd = open(argv[1], O_RDONLY);
	if (game == NULL || fd < 0) {
		fprintf(stderr, "api_example: cannot read %s\n", argv[1]);
		return 2;
	}
	long count = 0;
	nt_source src = nt_source_fd(fd, argv[1]);
	nt_handler handler = { .on_diag = on_diag, .on_move = on_move, .user = &count };
	nt_summary summary;
	int rc = nt_check(game, &src, NULL, &handler, &summary);
	close(fd);
	printf("%s: %s, %ld moves, %ld errors, result %s\n", nt_game_name(game),
	       rc == 0 ? "read" : "unreadable", count, summary.errors,
	       summary.result);
	return summary.errors > 0;
}
