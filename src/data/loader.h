/* Loading the catalogue from its three CSV files (catalog.h has what it
 * loads into; datasrc.h finds the files). */
#ifndef GPUPLAN_LOADER_H
#define GPUPLAN_LOADER_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog.h"
#include "diag.h"

/* Loads the three files from memory buffers; 'paths' are the names used in
 * messages. Returns the number of errors (all are reported in d). */
size_t catalog_load(struct catalog *c, const char *const paths[3], const char *const bufs[3],
		    const size_t lens[3], struct diag *d);

/* After the rows loaded without errors: the offers grouped for pricing.
 * Returns the errors added. */
size_t catalog_index(struct catalog *c, struct diag *d);

/* Where one file comes from: bytes in memory, or (buf NULL, offers.csv
 * only) an open file read as it is parsed, so that 10^6 offers never hold
 * the file. The models and GPU files are held whole: their rows point
 * into their texts. */
struct catalog_source {
	const char *path; /* as named in messages */
	const char *buf;
	size_t len;
	int fd;
};

/* What a load keeps of the offers: all of them, or only their count
 * (--check-data: each row is checked and forgotten, none is indexed). */
enum catalog_keep { CATALOG_KEEP_OFFERS, CATALOG_COUNT_OFFERS };

/* catalog_load_rows from sources. */
size_t catalog_load_sources(struct catalog *c, const struct catalog_source src[3],
			    enum catalog_keep keep, struct diag *d);

/* Checks offer rows (buf: a CSV with a header, named path in messages) by
 * the loader's own rules, their GPU ids against c's: 0, or the errors
 * added to d. An edit checks the row it will write with it. */
size_t catalog_check_offers(const struct catalog *c, const char *path, const char *buf,
			    size_t len, struct diag *d);

/* The bundled files compiled into the program (src/embedded_data.c, made
 * by build-aux/embed-data.sh), indexed by enum catalog_file. */
extern const unsigned char *const embedded_files[3];
extern const size_t embedded_lengths[3];

#endif
