/*
 * Temporary files that a terminating signal (Ctrl-C, kill, a closed
 * terminal) must not leave behind: beside an input rewritten in place, or
 * in the temporary folder.  The command line only; the library writes no
 * files of its own.
 */
#ifndef NT_CLI_CLEANUP_H
#define NT_CLI_CLEANUP_H

/* Installs the handlers for SIGINT, SIGTERM and SIGHUP (once, at start). */
void cleanup_install(void);
/*
 * Remembers PATH until cleanup_forget; returns its slot, or -1 when every
 * slot is taken (the file is then only removed by the normal paths).
 */
int cleanup_remember(const char *path);
void cleanup_forget(int slot);

#endif
