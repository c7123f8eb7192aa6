#include "strpool.h"

#include <stdlib.h>
#include <string.h>

/* Copies go into blocks of at least this many bytes: one malloc per
 * string would cost more than the strings. */
enum { BLOCK_MIN = 64 * 1024 };

struct strpool_block {
	struct strpool_block *next;
	size_t used, cap;
	char bytes[];
};

void strpool_init(struct strpool *p)
{
	*p = (struct strpool){0};
}

void strpool_free(struct strpool *p)
{
	for (struct strpool_block *b = p->blocks, *next; b; b = next) {
		next = b->next;
		free(b);
	}
	idset_free(&p->set);
	*p = (struct strpool){0};
}

/* Room for n more bytes in the newest block, or NULL. */
static char *pool_room(struct strpool *p, size_t n)
{
	struct strpool_block *b = p->blocks;
	if (!b || b->cap - b->used < n) {
		size_t cap = n > BLOCK_MIN ? n : BLOCK_MIN;
		b = malloc(sizeof *b + cap);
		if (!b)
			return NULL;
		*b = (struct strpool_block){.next = p->blocks, .cap = cap};
		p->blocks = b;
	}
	char *at = b->bytes + b->used;
	b->used += n;
	return at;
}

const char *strpool_intern(struct strpool *p, const char *s)
{
	if (!p->set.keys && !idset_init(&p->set, 16, false)) {
		idset_free(&p->set); /* init may have got one of its two arrays */
		return NULL;
	}
	const char *have = idset_key(&p->set, s);
	if (have)
		return have;
	size_t n = strlen(s) + 1;
	char *copy = pool_room(p, n);
	if (!copy)
		return NULL;
	memcpy(copy, s, n);
	size_t before = p->set.count;
	idset_add(&p->set, copy, 0);
	return p->set.count == before + 1 ? copy : NULL; /* NULL: the set could not grow */
}
