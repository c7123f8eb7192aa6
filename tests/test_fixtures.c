/* tests/fixtures/ref is the shipped data: the reference tests must not
 * drift from the CSV files users get. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	char *buf = malloc((size_t)n + 1);
	cr_assert(buf && fread(buf, 1, (size_t)n, f) == (size_t)n, "%s", path);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* Returns what the fixture adds after the shipped file, which must be a
 * byte-for-byte prefix of it. */
static char *fixture_extra(const char *file)
{
	char shipped[512], fixture[512];
	snprintf(shipped, sizeof shipped, "%s/%s", GPUPLAN_SRCDIR, file);
	snprintf(fixture, sizeof fixture, "%s/ref/%s", FIXTURES, file);
	size_t ns, nf;
	char *s = slurp(shipped, &ns), *f = slurp(fixture, &nf);
	cr_assert_geq(nf, ns, "%s: the fixture is shorter than the shipped file", file);
	cr_assert(memcmp(s, f, ns) == 0, "%s: tests/fixtures/ref differs from the shipped file",
		  file);
	char *extra = strdup(f + ns);
	free(s);
	free(f);
	return extra;
}

Test(fixtures, models_are_the_shipped_file)
{
	char *extra = fixture_extra("models/models.csv");
	cr_assert_str_empty(extra);
	free(extra);
}

Test(fixtures, offers_are_the_shipped_file)
{
	char *extra = fixture_extra("prices/offers.csv");
	cr_assert_str_empty(extra);
	free(extra);
}

/* The 48 GB card the reference rows need (ESTIMATION.md) now ships, with
 * no offer, among the GPU types Chinese clouds rent: the fixture is the
 * shipped file. */
Test(fixtures, gpus_are_the_shipped_file)
{
	char *extra = fixture_extra("prices/gpus.csv");
	cr_assert_str_empty(extra);
	free(extra);
}
