/* Reads a compiled gettext catalogue (msgfmt's .mo format) in place: the
 * built-in one, for a binary with no installed catalogue. Read-only, no
 * allocation, no temporary files. */
#ifndef GPUPLAN_I18N_MO_H
#define GPUPLAN_I18N_MO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct mo_catalog {
	const unsigned char *data;
	size_t size;
	bool swapped;            /* written on a machine of the other byte order */
	uint32_t count;          /* number of messages */
	uint32_t originals;      /* offset of the table of original strings */
	uint32_t translations;   /* offset of the table of translations */
	unsigned long nplurals;  /* from the header's Plural-Forms; 1 or 2 */
};

/* The catalogue msgfmt wrote, compiled in by build-aux/embed-mo.sh. */
extern const unsigned char *const i18n_builtin_mo;
extern const size_t i18n_builtin_mo_size;

/* Checks the magic number and that every table and string lies inside
 * data; false (and mo emptied) for anything else. */
bool mo_open(struct mo_catalog *mo, const unsigned char *data, size_t size);
/* The translation of msgid, or NULL when the catalogue has none. */
const char *mo_lookup(const struct mo_catalog *mo, const char *msgid);
/* Plural form for n: nplurals=1 (Chinese) always takes the one form;
 * nplurals=2 takes the second form when n != 1. NULL when absent. */
const char *mo_lookup_plural(const struct mo_catalog *mo, const char *msgid, unsigned long n);

#endif
