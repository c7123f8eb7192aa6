/* libFuzzer target: csv_edit_row on an arbitrary file with an arbitrary
 * edit. Input: byte 0 the line, byte 1 which column and whether a key is
 * checked, then the file, a NUL, and the new value. Besides sanitizer
 * findings, a successful edit must leave a file, and a failed one the
 * original bytes. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csvedit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const columns[] = {"id", "name", "monthly", "params_b", "gpu", "x", ""};

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = malloc(1 << 17);
	*len = fread(buf, 1, 1 << 17, f);
	fclose(f);
	return buf;
}

static const char *workdir(void)
{
	static char dir[64];
	if (!dir[0]) {
		snprintf(dir, sizeof dir, "/tmp/gpuplan-fuzz-edit-XXXXXX");
		if (!mkdtemp(dir))
			abort();
	}
	return dir;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2 || size > 65536)
		return 0;
	const char *body = (const char *)data + 2;
	size_t rest = size - 2;
	const char *nul = memchr(body, '\0', rest);
	size_t file_len = nul ? (size_t)(nul - body) : rest;
	char value[256];
	size_t vlen = nul ? rest - file_len - 1 : 0;
	snprintf(value, sizeof value, "%.*s", (int)(vlen < 255 ? vlen : 255), nul ? nul + 1 : "");

	char path[128];
	snprintf(path, sizeof path, "%s/file.csv", workdir());
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(body, 1, file_len, f) != file_len)
		abort();
	fclose(f);

	size_t ncol = sizeof columns / sizeof columns[0];
	struct field_edit key = {columns[(data[1] >> 4) % ncol], "toy"};
	struct field_edit edit = {columns[data[1] % ncol], value};
	char err[256];
	int rc = csv_edit_row(path, data[0], &key, (data[1] & 0x80) ? 1 : 0, &edit, 1, err,
			      sizeof err);
	size_t len;
	char *after = read_all(path, &len);
	if (!after)
		abort(); /* the file must survive either way */
	if (rc != 0 && (len != file_len || memcmp(after, body, len) != 0))
		abort(); /* a refused edit changed the file */
	free(after);
	unlink(path);
	snprintf(path, sizeof path, "%s/file.csv.bak", workdir());
	unlink(path);
	return 0;
}
