#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* strtod, but only plain decimal notation: no hex floats, no "nan"/"inf". */
static bool parse_decimal(const char *s, double *out, const char **end)
{
	const char *p = s;
	if (*p == '+' || *p == '-')
		p++;
	if (!isdigit((unsigned char)*p) && !(*p == '.' && isdigit((unsigned char)p[1])))
		return false;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		return false;
	char *e;
	errno = 0;
	double v = strtod(s, &e);
	if (e == s || errno == ERANGE || !isfinite(v))
		return false;
	*out = v;
	*end = e;
	return true;
}

bool parse_nonneg(const char *s, double *out)
{
	const char *end;
	double v;
	if (!parse_decimal(s, &v, &end) || *end != '\0' || v < 0)
		return false;
	*out = v;
	return true;
}

static double suffix_scale(char c, const char *suffixes, const double *scales)
{
	const char *hit = c ? strchr(suffixes, c) : NULL;
	return hit ? scales[hit - suffixes] : 0;
}

bool parse_count(const char *s, long long max, long long *out)
{
	static const double scales[] = {1024.0, 1024.0, 1048576.0, 1048576.0};
	const char *end;
	double v;
	if (!parse_decimal(s, &v, &end) || v < 0)
		return false;
	if (*end) {
		double k = suffix_scale(*end, "kKmM", scales);
		if (k == 0 || end[1] != '\0')
			return false;
		v *= k;
	}
	if (v != floor(v) || v > (double)max)
		return false;
	*out = (long long)v;
	return true;
}

bool parse_model_size(const char *s, double *params)
{
	static const double scales[] = {1e6, 1e6, 1e9, 1e9, 1e12, 1e12};
	const char *end;
	double v;
	if (!parse_decimal(s, &v, &end) || v <= 0 || *end == '\0' || end[1] != '\0')
		return false;
	double k = suffix_scale(*end, "mMbBtT", scales);
	if (k == 0)
		return false;
	*params = v * k;
	return true;
}

static int days_in_month(int y, int m)
{
	static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	return m == 2 && leap ? 29 : days[m - 1];
}

bool parse_date(const char *s, int *yyyymmdd)
{
	if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
		return false;
	for (int i = 0; i < 10; i++)
		if (i != 4 && i != 7 && !isdigit((unsigned char)s[i]))
			return false;
	int y = atoi(s), m = atoi(s + 5), d = atoi(s + 8);
	if (y < 1970 || m < 1 || m > 12 || d < 1 || d > days_in_month(y, m))
		return false;
	*yyyymmdd = y * 10000 + m * 100 + d;
	return true;
}

bool parse_yesno(const char *s, bool *out)
{
	static const char *const yes[] = {"yes", "true", "1", "y"};
	static const char *const no[] = {"no", "false", "0", "n"};
	for (size_t i = 0; i < 4; i++) {
		if (strcasecmp(s, yes[i]) == 0)
			return *out = true, true;
		if (strcasecmp(s, no[i]) == 0)
			return *out = false, true;
	}
	return false;
}
