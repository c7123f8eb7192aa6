#include "currency.h"

#include <stdio.h>
#include <strings.h>

/* The currencies GPU rental is quoted in; add a row for another. */
static const char *const codes[] = {
	"CNY", "USD", "EUR", "HKD", "JPY", "GBP", "SGD", "TWD", "KRW",
	"AUD", "CAD", "CHF", "INR", "AED", "SAR", "MYR", "THB", "IDR",
};

const char *currency_find(const char *code)
{
	for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
		if (strcasecmp(codes[i], code) == 0)
			return codes[i];
	return NULL;
}

const char *currency_list(void)
{
	static char list[sizeof codes / sizeof codes[0] * 5];
	if (!list[0])
		for (size_t i = 0, used = 0; i < sizeof codes / sizeof codes[0]; i++)
			used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
						 i ? ", " : "", codes[i]);
	return list;
}
