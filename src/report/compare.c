#include "compare.h"

#include <stdio.h>
#include <string.h>

#include "figures.h"
#include "i18n.h"
#include "settings.h"

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
