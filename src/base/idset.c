#include "idset.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static size_t id_hash(const char *s, bool fold)
{
	size_t h = 1469598103934665603u;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		h = (h ^ (fold ? (unsigned char)tolower(c) : c)) * 1099511628211u;
	}
	return h;
}

static bool same(const struct idset *s, const char *a, const char *b)
{
	return (s->fold ? strcasecmp(a, b) : strcmp(a, b)) == 0;
}

/* The slot holding key, or the empty slot where it would go. */
static size_t slot(const struct idset *s, const char *key)
{
	size_t i = id_hash(key, s->fold) & (s->cap - 1);
	while (s->keys[i] && !same(s, s->keys[i], key))
		i = (i + 1) & (s->cap - 1);
	return i;
}

bool idset_init(struct idset *s, size_t n, bool fold)
{
	s->fold = fold;
	s->count = 0;
	s->cap = 16;
	while (s->cap < 2 * n + 1)
		s->cap *= 2;
	s->keys = calloc(s->cap, sizeof *s->keys);
	s->lines = calloc(s->cap, sizeof *s->lines);
	return s->keys && s->lines;
}

void idset_free(struct idset *s)
{
	free(s->keys);
	free(s->lines);
	*s = (struct idset){0};
}

void idset_reset(struct idset *s)
{
	memset(s->keys, 0, s->cap * sizeof *s->keys);
	s->count = 0;
}

/* Doubles the room, so a set sized for a few keys can take many. */
static bool grow(struct idset *s)
{
	struct idset big;
	if (!idset_init(&big, s->cap, s->fold)) {
		idset_free(&big);
		return false;
	}
	for (size_t i = 0; i < s->cap; i++)
		if (s->keys[i]) {
			size_t j = slot(&big, s->keys[i]);
			big.keys[j] = s->keys[i];
			big.lines[j] = s->lines[i];
		}
	big.count = s->count;
	idset_free(s);
	*s = big;
	return true;
}

unsigned idset_add(struct idset *s, const char *key, unsigned line)
{
	if (!s->keys)
		return 0;
	size_t i = slot(s, key);
	if (s->keys[i])
		return s->lines[i];
	if (2 * (s->count + 1) >= s->cap) {
		if (!grow(s)) {
			idset_free(s);
			return 0;
		}
		i = slot(s, key);
	}
	s->count++;
	s->keys[i] = key;
	s->lines[i] = line;
	return 0;
}

void idset_set(struct idset *s, const char *key, unsigned line)
{
	if (!s->keys)
		return;
	size_t i = slot(s, key);
	if (s->keys[i])
		s->lines[i] = line;
}

const char *idset_key(const struct idset *s, const char *key)
{
	if (!s->keys)
		return NULL;
	return s->keys[slot(s, key)];
}

int idset_find(const struct idset *s, const char *key)
{
	if (!s->keys)
		return -1;
	size_t i = slot(s, key);
	return s->keys[i] ? (int)s->lines[i] : -1;
}
