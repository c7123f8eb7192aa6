/* The currencies a price may be quoted in: ISO 4217 codes, one table. */
#ifndef GPUPLAN_CURRENCY_H
#define GPUPLAN_CURRENCY_H

#include <stddef.h>

/* The table's spelling of code ("usd" -> "USD"), or NULL for a code the
 * table does not hold: an unknown code is a typo, never a silent CNY. */
const char *currency_find(const char *code);

/* "CNY, USD, EUR, ..." for messages. */
const char *currency_list(void);

#endif
