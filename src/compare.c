#include "compare.h"

#include <stdio.h>
#include <string.h>

#include "figures.h"
#include "i18n.h"
#include "settings.h"

/* The way pricing chose (plan_price: the only one offered, else the
 * cheaper, a tie to the container, none across currencies). */
enum cheaper plan_cheaper_way(const struct plan *p)
{
	return p->cheaper;
}

const struct rent *plan_cheaper_rent(const struct plan *p)
{
	switch (plan_cheaper_way(p)) {
	case CHEAPER_CONTAINER:
		return &p->container;
	case CHEAPER_BAREMETAL:
		return &p->baremetal;
	default:
		return NULL;
	}
}

const char *plan_cheaper_label(const struct plan *p)
{
	switch (plan_cheaper_way(p)) {
	case CHEAPER_CONTAINER:
		return figure_group_label(&figure_group_container);
	case CHEAPER_BAREMETAL:
		return figure_group_label(&figure_group_baremetal);
	default:
		return "—";
	}
}

double plan_monthly(const struct plan *p)
{
	const struct rent *r = plan_cheaper_rent(p);
	return r ? r->total : -1;
}

const char *plan_currency(const struct plan *p)
{
	const struct rent *r = plan_cheaper_rent(p);
	if (r && r->offer)
		return r->offer->currency;
	if (p->container.offer)
		return p->container.offer->currency;
	return p->baremetal.offer ? p->baremetal.offer->currency : "CNY";
}

const char *rent_currency(const struct plan *p, const struct rent *r)
{
	return r->offer ? r->offer->currency : plan_currency(p);
}

/* The currency the cheapest is sought in: CNY when a priced plan uses it
 * (the bundled data's), else the first priced plan's. */
static const char *cheapest_currency(const struct analysis *a)
{
	const char *first = NULL;
	for (size_t i = 0; i < a->nplans; i++) {
		if (plan_monthly(&a->plans[i]) < 0)
			continue;
		const char *cur = plan_currency(&a->plans[i]);
		if (strcmp(cur, "CNY") == 0)
			return cur;
		first = first ? first : cur;
	}
	return first;
}

const struct plan *plan_cheapest(const struct analysis *a)
{
	const struct plan *best = NULL;
	const char *currency = cheapest_currency(a);
	for (size_t i = 0; i < a->nplans; i++) {
		double m = plan_monthly(&a->plans[i]);
		if (m >= 0 && strcmp(plan_currency(&a->plans[i]), currency) == 0 &&
		    (!best || m < plan_monthly(best)))
			best = &a->plans[i];
	}
	return best;
}

/* By id, not by pointer: the other analysis may use another catalogue
 * (--compare "--data DIR"). */
const struct plan *plan_for_same_gpu(const struct analysis *a, const struct plan *p)
{
	for (size_t i = 0; i < a->nplans; i++)
		if (a->plans[i].gpu == p->gpu || strcmp(a->plans[i].gpu->id, p->gpu->id) == 0)
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

/* The settings row a command-line word names ("--context", "--context=8k"
 * or "-c"), or NULL; *inline_value says the value is in the same word. */
static const struct setting *word_setting(const char *w, bool *inline_value)
{
	*inline_value = false;
	if (w[0] == '-' && w[1] == '-') {
		size_t len = strcspn(w + 2, "=");
		*inline_value = w[2 + len] == '=';
		for (size_t i = 0; i < n_settings; i++)
			if (setting_on_cli(&settings[i]) && strlen(settings[i].key) == len &&
			    strncmp(settings[i].key, w + 2, len) == 0)
				return &settings[i];
		return NULL;
	}
	*inline_value = w[1] && w[2];
	for (size_t i = 0; i < n_settings; i++)
		if (setting_on_cli(&settings[i]) && settings[i].short_flag &&
		    settings[i].short_flag == w[1])
			return &settings[i];
	return NULL;
}

static bool word_is_data(const char *w)
{
	return strcmp(w, "--data") == 0 || strncmp(w, "--data=", 7) == 0;
}

bool compare_words_check(char *const *words, int n, char *bad, size_t cap)
{
	for (int i = 0; i < n; i++) {
		const char *w = words[i];
		bool inline_value;
		if (w[0] != '-' || !w[1])
			continue; /* a value, or an argument the parser refuses */
		if (strcmp(w, "--") == 0)
			return true;
		const struct setting *s = word_setting(w, &inline_value);
		if (s || word_is_data(w)) {
			if ((!s || s->metavar) && !inline_value)
				i++; /* its value, even one that starts with '-' */
			continue;
		}
		snprintf(bad, cap, "%.*s", (int)strcspn(w, "="), w);
		return false;
	}
	return true;
}
