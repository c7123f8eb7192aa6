#include "compare.h"

#include <string.h>

double plan_monthly(const struct plan *p)
{
	if (!p->cards || !p->fits)
		return -1;
	const struct rent *ct = &p->container, *bm = &p->baremetal;
	if (ct->available && (!bm->available || ct->total <= bm->total))
		return ct->total;
	return bm->available ? bm->total : -1;
}

const struct plan *plan_for_same_gpu(const struct analysis *a, const struct plan *p)
{
	for (size_t i = 0; i < a->nplans; i++)
		if (a->plans[i].gpu == p->gpu)
			return &a->plans[i];
	return NULL;
}

int split_words(char *buf, char **words, int max)
{
	int n = 0;
	char *out = buf;
	for (char *p = buf; *p;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		if (n == max)
			return -1;
		words[n++] = out;
		char quote = 0;
		for (; *p && (quote || (*p != ' ' && *p != '\t')); p++) {
			if (!quote && (*p == '"' || *p == '\''))
				quote = *p;
			else if (quote && *p == quote)
				quote = 0;
			else
				*out++ = *p;
		}
		if (quote)
			return -1;
		if (*p)
			p++; /* the separator: its place takes the terminator */
		*out++ = '\0';
	}
	return n;
}
