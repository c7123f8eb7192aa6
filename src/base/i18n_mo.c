#include "i18n_mo.h"

#include <stdlib.h>
#include <string.h>

/* The .mo layout (GNU gettext manual, "The Format of GNU MO Files"):
 * 32-bit words; magic, revision, N, offset of the originals' table,
 * offset of the translations' table; each table holds N (length, offset)
 * pairs; the originals are sorted, so a binary search finds a msgid. */
static const uint32_t MO_MAGIC = 0x950412de;
enum { MO_HEADER_WORDS = 5 };

static uint32_t mo_word(const struct mo_catalog *mo, size_t off)
{
	const unsigned char *p = mo->data + off;
	if (mo->swapped)
		return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/* String i of a table, or NULL when its bytes or its NUL lie outside. */
static const char *mo_string(const struct mo_catalog *mo, uint32_t table, uint32_t i,
			     uint32_t *len)
{
	size_t entry = (size_t)table + 8 * (size_t)i;
	uint32_t n = mo_word(mo, entry), off = mo_word(mo, entry + 4);
	if ((size_t)off >= mo->size || (size_t)n >= mo->size - off || mo->data[off + n] != '\0')
		return NULL;
	if (len)
		*len = n;
	return (const char *)mo->data + off;
}

static bool mo_tables_fit(const struct mo_catalog *mo)
{
	size_t need = 8 * (size_t)mo->count;
	if (mo->originals > mo->size || mo->translations > mo->size ||
	    need > mo->size - mo->originals || need > mo->size - mo->translations)
		return false;
	for (uint32_t i = 0; i < mo->count; i++)
		if (!mo_string(mo, mo->originals, i, NULL) || !mo_string(mo, mo->translations, i, NULL))
			return false;
	return true;
}

/* "Plural-Forms: nplurals=1; plural=0;" in the header (msgid ""). */
static unsigned long mo_nplurals(const struct mo_catalog *mo)
{
	const char *header = mo_lookup(mo, "");
	const char *p = header ? strstr(header, "nplurals=") : NULL;
	unsigned long n = p ? strtoul(p + strlen("nplurals="), NULL, 10) : 2;
	return n == 1 ? 1 : 2;
}

bool mo_open(struct mo_catalog *mo, const unsigned char *data, size_t size)
{
	*mo = (struct mo_catalog){.data = data, .size = size, .nplurals = 2};
	if (!data || size < 4 * MO_HEADER_WORDS)
		goto bad;
	mo->swapped = mo_word(mo, 0) != MO_MAGIC;
	if (mo_word(mo, 0) != MO_MAGIC)
		goto bad;
	mo->count = mo_word(mo, 8);
	mo->originals = mo_word(mo, 12);
	mo->translations = mo_word(mo, 16);
	if (!mo_tables_fit(mo))
		goto bad;
	mo->nplurals = mo_nplurals(mo);
	return true;
bad:
	*mo = (struct mo_catalog){.nplurals = 2};
	return false;
}

/* Index of msgid among the sorted originals, or -1. A plural entry's
 * original is "one\0other": strcmp stops at the first NUL, so it matches
 * its singular msgid. */
static long mo_find(const struct mo_catalog *mo, const char *msgid)
{
	uint32_t lo = 0, hi = mo->count;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		int cmp = strcmp(msgid, mo_string(mo, mo->originals, mid, NULL));
		if (cmp == 0)
			return (long)mid;
		if (cmp < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

const char *mo_lookup(const struct mo_catalog *mo, const char *msgid)
{
	long i = mo->count ? mo_find(mo, msgid) : -1;
	uint32_t len = 0;
	const char *s = i < 0 ? NULL : mo_string(mo, mo->translations, (uint32_t)i, &len);
	return s && len ? s : NULL; /* an empty translation means untranslated */
}

const char *mo_lookup_plural(const struct mo_catalog *mo, const char *msgid, unsigned long n)
{
	long i = mo->count ? mo_find(mo, msgid) : -1;
	uint32_t len = 0;
	const char *s = i < 0 ? NULL : mo_string(mo, mo->translations, (uint32_t)i, &len);
	if (!s || !len)
		return NULL;
	unsigned long form = mo->nplurals == 1 ? 0 : n != 1;
	const char *end = s + len;
	for (; form > 0 && s < end; form--)
		s += strlen(s) + 1;
	return s < end ? s : NULL;
}
