/* Where the CSV files come from: --data DIR, $GPUPLAN_DATA,
 * $XDG_CONFIG_HOME/gpuplan, the source tree (for an uninstalled build),
 * $(pkgdatadir), and finally the copy compiled into the binary. */
#ifndef GPUPLAN_DATASRC_H
#define GPUPLAN_DATASRC_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "catalog.h"
#include "loader.h"
#include "diag.h"

/* Loads the first source in the search order. Returns the number of
 * errors; c->source says which source was used. */
size_t data_load(struct catalog *c, const char *cli_dir, struct diag *d);
/* data_load for --check-data: every row checked, the offers only counted
 * (c->offers_read), so 10^6 of them take little memory. */
size_t data_check(struct catalog *c, const char *cli_dir, struct diag *d);

/* c->source for the people reading it: the built-in data's description
 * in the language of the moment (c->source keeps it in English, since it
 * is set once at load). */
const char *data_source_text(const struct catalog *c);

/* Loads the files of one directory. */
size_t data_load_dir(struct catalog *c, const char *dir, struct diag *d);

/* Loads dir with file 'which' (enum catalog_file) read from 'instead':
 * checks an edited copy before it replaces the file. which < 0: none. */
size_t data_load_dir_with(struct catalog *c, const char *dir, int which, const char *instead,
			  struct diag *d);

/* Removes NAME.csv.tmp-XXXXXX files older than a minute from dir, models/
 * and prices/: what a gpuplan killed while saving left. Returns how many.
 * data_load_dir calls it. */
size_t data_cleanup_temps(const char *dir, time_t now);

/* Writes the embedded files under dir (models/, prices/); never
 * overwrites an existing file; "" is refused. A new folder is filled under
 * a temporary name and renamed into place, so it is never left half
 * written. Returns 0, or -1 with a message in err. */
int data_export(const char *dir, char *err, size_t errlen);

/* The folder to edit: the user's own data as it is, or, for the bundled or
 * built-in data (never written), a copy made under $XDG_CONFIG_HOME/gpuplan
 * (DATA_COPY_MADE) - or the one found there complete, which another
 * gpuplan made since this one started (DATA_COPY_FOUND: switch to it).
 * The copy is made whole or not at all, and a failed copy removes only
 * what it wrote; an incomplete folder from an older gpuplan is moved aside
 * (DIR.incomplete-XXXXXX) first. A file where a folder of the path should
 * be is named. Returns 0, or -1 with err. */
enum { DATA_COPY_NONE, DATA_COPY_MADE, DATA_COPY_FOUND };
int data_user_copy(const struct catalog *c, char *dir, size_t dirlen, int *copied, char *err,
		   size_t errlen);

/* Whether $XDG_CONFIG_HOME/gpuplan (or ~/.config/gpuplan) holds all three
 * files; dir gets its path either way ("" when neither variable is set). */
bool data_user_dir_ready(char *dir, size_t dirlen);

#endif
