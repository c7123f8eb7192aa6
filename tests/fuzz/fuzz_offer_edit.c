/* libFuzzer target: the price dialog's way to disk. The dialog writes one
 * offers.csv row only once catalog_check_offers accepts it, by the
 * loader's own rules; a row it accepts must then load (every run on that
 * folder exited 3 after the dialog wrote monthly 1e10). Input: the row's
 * bytes, appended to the bundled offers.csv. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bundled.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 4096 || memchr(data, '\n', size) || memchr(data, '\r', size))
		return 0; /* the dialog writes one line */
	struct catalog *c = bundled();
	size_t base = embedded_lengths[FILE_OFFERS];
	char *buf = malloc(base + size + 2);
	if (!buf)
		return 0;
	memcpy(buf, embedded_files[FILE_OFFERS], base);
	size_t len = base;
	if (len && buf[len - 1] != '\n')
		buf[len++] = '\n';
	memcpy(buf + len, data, size);
	len += size;
	buf[len++] = '\n';
	struct diag d = {0};
	size_t refused = catalog_check_offers(c, "o", buf, len, &d);
	diag_clear(&d);
	if (!refused) {
		static const char *const paths[3] = {"m", "g", "o"};
		const char *bufs[3] = {(const char *)embedded_files[FILE_MODELS],
				       (const char *)embedded_files[FILE_GPUS], buf};
		const size_t lens[3] = {embedded_lengths[FILE_MODELS], embedded_lengths[FILE_GPUS],
					len};
		struct catalog loaded;
		if (catalog_load(&loaded, paths, bufs, lens, &d))
			abort(); /* accepted by the check, refused by the loader */
		catalog_free(&loaded);
		diag_clear(&d);
	}
	free(buf);
	return 0;
}
