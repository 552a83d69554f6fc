/*
 * The SGF writers (shared/spec/backgammon-sgf.md, section 5):
 *
 * - bg_sgf_copy: SGF -> SGF (fmt, convert --to sgf of an SGF file): the
 *   main line of each game tree with every property it had, in the order
 *   read, each value as read, in gnubg's layout (5.1).  The reader feeds it
 *   as it reads; nothing is held.
 * - bg_sgf_writer: a record read from mat or sheet -> SGF (5.2), fed by the
 *   replay (bg_output) and by the text lexer's echo of the header lines.
 *   Each game is held until it ends (its result and statistics stand in
 *   its root, before its moves), in a spool: memory stays bounded.
 */
#ifndef NT_BG_WRITE_SGF_H
#define NT_BG_WRITE_SGF_H

#include "core/growbuf.h"
#include "core/spool.h"
#include "games/backgammon/replay.h"

typedef struct bg_sgf_copy {
	const nt_sink *out;
	int failed;
	long nodes;             /* nodes written in the tree */
} bg_sgf_copy;

void bg_sgf_copy_init(bg_sgf_copy *c, const nt_sink *out);
void bg_sgf_copy_tree_open(bg_sgf_copy *c);
void bg_sgf_copy_tree_close(bg_sgf_copy *c);
void bg_sgf_copy_node(bg_sgf_copy *c);
void bg_sgf_copy_ident(bg_sgf_copy *c, const char *ident, size_t len);
void bg_sgf_copy_value_open(bg_sgf_copy *c);
/* Value text (UTF-8, as decoded): escaped as gnubg escapes it. */
void bg_sgf_copy_text(bg_sgf_copy *c, const void *text, size_t len);
void bg_sgf_copy_value_close(bg_sgf_copy *c);

typedef struct bg_sgf_writer {
	const nt_sink *out;
	nt_run *run;
	int failed;
	long length;            /* the match length */
	long games;             /* games written */
	/* The header lines (5.3), as the lexer echoes them. */
	nt_growbuf line;        /* the line being echoed, up to a limit */
	char line_small[256];
	size_t line_len;
	int line_long;          /* it went past the limit: free text */
	int line_open;          /* pieces of it came, its end not yet */
	nt_spool gc;            /* GC: the free comment lines */
	nt_spool tags;          /* DT EV RO PC AN: their values */
	int have[5];
	nt_spool_pos tag_at[5];
	size_t tag_len[5];
	/* The game being written. */
	nt_spool body;          /* its nodes */
	long rolls[2];          /* W[ and B[ roll nodes */
	long number;
	long score[2];
	nt_growbuf name[2];
	char name_small[2][64];
	size_t name_len[2];
	int redoubler;          /* who redoubled last while an offer waits; -1 */
} bg_sgf_writer;

void bg_sgf_writer_init(bg_sgf_writer *w, const nt_sink *out, nt_run *run);
void bg_sgf_writer_free(bg_sgf_writer *w);
/* The bg_output that feeds W. */
void bg_sgf_writer_output(bg_sgf_writer *w, bg_output *out);
/* The lexer's echo of the header lines (as bg_writer_echo). */
void bg_sgf_writer_echo(void *ctx, const char *text, size_t len, int last);
/* After the whole record: a record with no game has no SGF form (5.2);
   that is reported at its match line (AT).  Returns 0, or 1 then. */
int bg_sgf_writer_finish(bg_sgf_writer *w, nt_loc at);

#endif
