/*
 * The one piece of process-wide mutable state in notate: a signal handler
 * has no other way to find the temporary files it must remove.  It lives
 * in the command, never in the library.  Slots are filled and emptied with
 * the terminating signals blocked, so the handler never sees half a path.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli/cleanup.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* convert and fmt hold at most three at once (fmt's two, one output). */
#define SLOTS 8
#define PATH_ROOM 4352

static volatile sig_atomic_t slot_used[SLOTS];
static char slot_path[SLOTS][PATH_ROOM];

static const int terminating[] = { SIGINT, SIGTERM, SIGHUP };

static void
on_terminate(int sig)
{
	for (int i = 0; i < SLOTS; i++)
		if (slot_used[i])
			unlink(slot_path[i]);
	/* Die of the same signal, so the caller sees how we ended. */
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
block_terminating(sigset_t *old)
{
	sigset_t set;
	sigemptyset(&set);
	for (size_t i = 0; i < sizeof terminating / sizeof terminating[0]; i++)
		sigaddset(&set, terminating[i]);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

void
cleanup_install(void)
{
	for (size_t i = 0; i < sizeof terminating / sizeof terminating[0]; i++) {
		struct sigaction sa, was;
		/* An ignored signal (nohup) stays ignored. */
		if (sigaction(terminating[i], NULL, &was) == 0 && was.sa_handler == SIG_IGN)
			continue;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_terminate;
		sigemptyset(&sa.sa_mask);
		for (size_t j = 0; j < sizeof terminating / sizeof terminating[0]; j++)
			sigaddset(&sa.sa_mask, terminating[j]);
		sigaction(terminating[i], &sa, NULL);
	}
}

int
cleanup_remember(const char *path)
{
	size_t len = strlen(path);
	if (len >= PATH_ROOM)
		return -1;
	sigset_t old;
	block_terminating(&old);
	int slot = -1;
	for (int i = 0; i < SLOTS && slot < 0; i++)
		if (!slot_used[i]) {
			memcpy(slot_path[i], path, len + 1);
			slot_used[i] = 1;
			slot = i;
		}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return slot;
}

void
cleanup_forget(int slot)
{
	if (slot < 0 || slot >= SLOTS)
		return;
	sigset_t old;
	block_terminating(&old);
	slot_used[slot] = 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}
