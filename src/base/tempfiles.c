#include "tempfiles.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>


/* A slot's path is written while the slot is free and only then marked
 * used (and unmarked before it is reused), with a signal fence between, so
 * a handler that interrupts either step sees a whole path or none. The
 * program is single-threaded: the handler runs on the thread it interrupts. */
static struct {
	volatile sig_atomic_t used;
	char path[TEMPFILE_PATH_MAX];
} slots[TEMPFILES_MAX];

bool tempfiles_add(const char *path)
{
	size_t len = strlen(path);
	for (size_t i = 0; i < TEMPFILES_MAX; i++) {
		if (slots[i].used)
			continue;
		if (len >= sizeof slots[i].path)
			return false;
		memcpy(slots[i].path, path, len + 1);
		atomic_signal_fence(memory_order_seq_cst);
		slots[i].used = 1;
		return true;
	}
	return false;
}

void tempfiles_drop(const char *path)
{
	for (size_t i = 0; i < TEMPFILES_MAX; i++)
		if (slots[i].used && strcmp(slots[i].path, path) == 0) {
			slots[i].used = 0;
			atomic_signal_fence(memory_order_seq_cst);
			return;
		}
}

void tempfiles_unlink_all(void)
{
	for (size_t i = 0; i < TEMPFILES_MAX; i++)
		if (slots[i].used)
			unlink(slots[i].path);
}
