/* A small open-addressing set of strings (ids, names), remembering a
 * number (a line) with each: duplicates are found in linear time. */
#ifndef GPUPLAN_IDSET_H
#define GPUPLAN_IDSET_H

#include <stdbool.h>
#include <stddef.h>

struct idset {
	const char **keys; /* borrowed, not copied */
	unsigned *lines;
	size_t cap, count;
	bool fold; /* keys compare without regard to ASCII case */
};

/* Room for n keys (it grows past them). False when out of memory; an
 * add that cannot grow the set leaves keys NULL. */
bool idset_init(struct idset *s, size_t n, bool fold);
void idset_free(struct idset *s);
/* Forgets every key, keeps the room. */
void idset_reset(struct idset *s);

/* Adds key with its line; returns 0, or the line stored with the key
 * already there (which is kept). */
unsigned idset_add(struct idset *s, const char *key, unsigned line);
/* Sets the line stored with a key already there. */
void idset_set(struct idset *s, const char *key, unsigned line);
/* The key as stored (for a case-folded set: its first spelling), or NULL. */
const char *idset_key(const struct idset *s, const char *key);
/* The line stored with key, or -1. */
int idset_find(const struct idset *s, const char *key);

#endif
