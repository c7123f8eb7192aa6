/* Finding a model by what a user types: its id, its name or an alias, in
 * any case and with or without the punctuation and the "-Instruct" /
 * "-Chat" / "-Base" suffix the hubs add; "did you mean" when none does. */
#include "model_lookup.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"

/* Suffixes naming a fine-tune of the same shape: same memory, same plan. */
static const char *const variant_suffixes[] = {"instruct", "chat", "base", NULL};

size_t model_key_normalise(const char *in, char *out, size_t cap)
{
	size_t n = 0;
	for (; *in && n + 1 < cap; in++)
		if (!strchr("-_. ", *in))
			out[n++] = (char)tolower((unsigned char)*in);
	out[n] = '\0';
	for (int i = 0; variant_suffixes[i]; i++) {
		size_t k = strlen(variant_suffixes[i]);
		if (n > k && strcmp(out + n - k, variant_suffixes[i]) == 0) {
			n -= k;
			out[n] = '\0';
			break;
		}
	}
	return n;
}

/* Calls fn on each normalised key of m (id, name, aliases) until it
 * returns true. */
typedef bool (*key_fn)(const char *key, enum model_key_kind kind, void *ctx);

static bool each_key(const struct model *m, key_fn fn, void *ctx)
{
	char key[MODEL_KEY_MAX];
	model_key_normalise(m->id, key, sizeof key);
	if (fn(key, MODEL_KEY_ID, ctx))
		return true;
	model_key_normalise(m->name, key, sizeof key);
	if (fn(key, MODEL_KEY_NAME, ctx))
		return true;
	for (const char *p = m->aliases ? m->aliases : ""; *p;) {
		size_t len = strcspn(p, ";");
		char one[MODEL_KEY_MAX];
		snprintf(one, sizeof one, "%.*s", (int)(len < sizeof one ? len : sizeof one - 1), p);
		if (model_key_normalise(one, key, sizeof key) && fn(key, MODEL_KEY_ALIAS, ctx))
			return true;
		p += len + (p[len] == ';');
	}
	return false;
}

static bool key_equal(const char *key, enum model_key_kind kind, void *want)
{
	(void)kind;
	return strcmp(key, want) == 0;
}

const struct model *catalog_find_model(const struct catalog *c, const char *key)
{
	for (size_t i = 0; i < c->nmodels; i++)
		if (strcasecmp(c->models[i].id, key) == 0 || strcasecmp(c->models[i].name, key) == 0)
			return &c->models[i];
	char want[MODEL_KEY_MAX];
	if (!model_key_normalise(key, want, sizeof want))
		return NULL;
	for (size_t i = 0; i < c->nmodels; i++)
		if (each_key(&c->models[i], key_equal, want))
			return &c->models[i];
	return NULL;
}

const struct model *catalog_default_model(const struct catalog *c)
{
	for (size_t i = 0; i < c->nmodels; i++)
		if (c->models[i].is_default)
			return &c->models[i];
	return c->nmodels ? &c->models[0] : NULL;
}

/* Edit distance where a substitution costs two (a deletion and an
 * insertion): a shortening ("qwen72b" for "qwen2572b") reads as nearer
 * than a different size ("qwen38b"). Two rows; keys are short. */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), prev[MODEL_KEY_MAX], cur[MODEL_KEY_MAX];
	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t sub = prev[j - 1] + 2 * (a[i - 1] != b[j - 1]);
			size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
			cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
		}
		memcpy(prev, cur, (lb + 1) * sizeof prev[0]);
	}
	return prev[lb];
}

struct nearest {
	const char *want;
	size_t best;
};

static bool key_distance(const char *key, enum model_key_kind kind, void *ctx)
{
	(void)kind;
	struct nearest *n = ctx;
	/* what was typed begins the key ("mixtral", "qwen3-235b"): one step */
	size_t d = strncmp(key, n->want, strlen(n->want)) == 0 ? 1 : edit_distance(n->want, key);
	if (d < n->best)
		n->best = d;
	return false;
}

static size_t model_distance(const struct model *m, const char *want)
{
	struct nearest n = {.want = want, .best = (size_t)-1};
	each_key(m, key_distance, &n);
	return n.best;
}

/* Close enough to be a typo or a shortening: half of what was typed, at
 * least two edits ("qwen72b" -> "qwen2572b"). */
static size_t suggest_limit(size_t len)
{
	return len / 2 > 2 ? len / 2 : 2;
}

/* The smallest distance of any model to want. */
static size_t best_distance(const struct catalog *c, const char *want)
{
	size_t best = (size_t)-1;
	for (size_t i = 0; i < c->nmodels; i++) {
		size_t d = model_distance(&c->models[i], want);
		best = d < best ? d : best;
	}
	return best;
}

size_t catalog_suggest_models(const struct catalog *c, const char *key, char *buf, size_t cap)
{
	char want[MODEL_KEY_MAX];
	size_t len = model_key_normalise(key, want, sizeof want), picked = 0, used = 0;
	const struct model *chosen[MODEL_SUGGESTIONS] = {0};
	buf[0] = '\0';
	if (!len)
		return 0;
	size_t best = best_distance(c, want), limit = suggest_limit(len);
	if (best + 1 < limit)
		limit = best + 1; /* the nearest, and those one edit further */
	for (size_t d = best; d <= limit && picked < MODEL_SUGGESTIONS; d++)
		for (size_t i = 0; i < c->nmodels && picked < MODEL_SUGGESTIONS; i++)
			if (model_distance(&c->models[i], want) == d)
				chosen[picked++] = &c->models[i];
	for (size_t i = 0; i < picked && used < cap; i++) {
		const char *sep = i == 0 ? "" : i + 1 == picked ? _(" or ") : _(", ");
		int w = snprintf(buf + used, cap - used, "%s%s", sep, chosen[i]->name);
		used += w > 0 ? (size_t)w : 0;
	}
	return picked;
}

/* ---- Every key leads to one model: clashes after normalising ---- */

struct key_entry {
	char key[MODEL_KEY_MAX];
	const struct model *m;
	enum model_key_kind kind;
};

struct key_list {
	struct key_entry *e;
	size_t n, cap;
};

static bool key_collect(const char *key, enum model_key_kind kind, void *ctx)
{
	struct key_list *l = ctx;
	const struct model *m = l->e[l->n].m;
	for (size_t i = l->n; i-- > 0 && l->e[i].m == m;)
		if (strcmp(l->e[i].key, key) == 0)
			return false; /* the same row may say it twice ("Qwen3-8B", "qwen3-8b") */
	if (l->n + 1 >= l->cap)
		return true;
	snprintf(l->e[l->n].key, sizeof l->e[l->n].key, "%s", key);
	l->e[l->n].kind = kind;
	l->e[++l->n].m = m;
	return false;
}

static int entry_cmp(const void *a, const void *b)
{
	const struct key_entry *x = a, *y = b;
	int k = strcmp(x->key, y->key);
	return k ? k : x->m->line < y->m->line ? -1 : x->m->line > y->m->line;
}

/* "id" and "name" are the columns' names; an alias is one of "aliases". */
static const char *const kind_names[] = {
	[MODEL_KEY_ID] = "id", [MODEL_KEY_NAME] = "name", [MODEL_KEY_ALIAS] = N_("alias")};
/* Whole phrases, not article + noun: a translation has no articles. */
static const char *const kind_phrases[] = {
	[MODEL_KEY_ID] = N_("an id"), [MODEL_KEY_NAME] = N_("a name"),
	[MODEL_KEY_ALIAS] = N_("an alias")};

static size_t report_clashes(const struct key_list *l, const char *path, struct diag *d)
{
	size_t errors = 0;
	for (size_t i = 1; i < l->n; i++) {
		const struct key_entry *a = &l->e[i - 1], *b = &l->e[i];
		if (strcmp(a->key, b->key) != 0 || a->m == b->m)
			continue;
		diag_error(d, _("%s:%u: expected %s that is not the %s on line %u (-m must find one "
				"model), found \"%s\" read as \"%s\""), path, b->m->line,
			   _(kind_phrases[b->kind]), _(kind_names[a->kind]), a->m->line,
			   b->kind == MODEL_KEY_ID ? b->m->id : b->kind == MODEL_KEY_NAME ? b->m->name
										: b->key,
			   b->key);
		errors++;
	}
	return errors;
}

static size_t count_aliases(const char *aliases)
{
	size_t n = 1;
	for (const char *p = aliases ? aliases : ""; *p; p++)
		n += *p == ';';
	return n;
}

size_t catalog_check_model_keys(const struct model *models, size_t n, const char *path,
				struct diag *d)
{
	struct key_list l = {0};
	for (size_t i = 0; i < n; i++) {
		size_t want = l.n + 4 + count_aliases(models[i].aliases);
		if (want > l.cap) {
			size_t cap = 2 * want;
			struct key_entry *e = realloc(l.e, cap * sizeof *e);
			if (!e)
				break; /* out of memory: the rest go unchecked */
			l.e = e, l.cap = cap;
		}
		l.e[l.n].m = &models[i];
		each_key(&models[i], key_collect, &l);
	}
	if (l.n)
		qsort(l.e, l.n, sizeof *l.e, entry_cmp);
	size_t errors = report_clashes(&l, path, d);
	free(l.e);
	return errors;
}
