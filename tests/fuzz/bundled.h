/* The catalogue built into the binary, loaded once per fuzzer process:
 * shared by the targets that fuzz a scenario rather than the data. */
#ifndef GPUPLAN_FUZZ_BUNDLED_H
#define GPUPLAN_FUZZ_BUNDLED_H

#include <stdlib.h>

#include "catalog.h"
#include "loader.h"
#include "datasrc.h"
#include "diag.h"

static struct catalog *bundled(void)
{
	static struct catalog c;
	static int loaded;
	if (!loaded) {
		static const char *const paths[3] = {"m", "g", "o"};
		const char *bufs[3];
		struct diag d = {0};
		for (int f = 0; f < 3; f++)
			bufs[f] = (const char *)embedded_files[f];
		if (catalog_load(&c, paths, bufs, embedded_lengths, &d))
			abort();
		diag_clear(&d);
		loaded = 1;
	}
	return &c;
}

#endif
