#include "jsonr.h"

#include "i18n.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JR_MAX_DEPTH 64

struct reader {
	struct jr_doc *d;
	const char *p, *end;
	unsigned line;
	char *err;
	size_t cap;
	bool failed;
	unsigned err_line;
};

static void skip_space(struct reader *r)
{
	while (r->p < r->end && strchr(" \t\r\n", *r->p)) {
		if (*r->p == '\n')
			r->line++;
		r->p++;
	}
}

/* What stands at the cursor, for an error: "end of file" or "'x'". */
static void found_text(const struct reader *r, char *buf, size_t cap)
{
	if (r->p >= r->end)
		snprintf(buf, cap, "%s", _("end of file"));
	else
		snprintf(buf, cap, "'%c'", *r->p);
}

static int fail(struct reader *r, const char *expected)
{
	char found[24];
	found_text(r, found, sizeof found);
	if (!r->failed) {
		snprintf(r->err, r->cap, _("expected %s, found %s"), _(expected), found);
		r->err_line = r->line;
	}
	r->failed = true;
	return -1;
}

static int new_node(struct reader *r, enum jr_type type)
{
	struct jr_doc *d = r->d;
	if (d->n == d->cap) {
		int cap = d->cap ? 2 * d->cap : 64;
		struct jr_node *nodes = realloc(d->nodes, (size_t)cap * sizeof *nodes);
		if (!nodes)
			return fail(r, N_("less data (out of memory)"));
		d->nodes = nodes, d->cap = cap;
	}
	d->nodes[d->n] = (struct jr_node){.type = type, .first = -1, .next = -1, .line = r->line};
	return d->n++;
}

static bool take_word(struct reader *r, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
		return false;
	r->p += n;
	return true;
}

/* The raw text of a string at the cursor (on its opening quote). */
static bool read_string(struct reader *r, const char **s, size_t *len)
{
	const char *start = ++r->p;
	while (r->p < r->end && *r->p != '"') {
		if (*r->p == '\n')
			return fail(r, N_("'\"' to close the string")), false;
		if (*r->p == '\\')
			r->p++;
		r->p++;
	}
	if (r->p >= r->end)
		return fail(r, N_("'\"' to close the string")), false;
	*s = start, *len = (size_t)(r->p - start);
	r->p++;
	return true;
}

static int read_number(struct reader *r)
{
	char buf[64];
	size_t n = 0;
	while (r->p + n < r->end && n < sizeof buf - 1 && strchr("+-0123456789.eE", r->p[n]))
		n++;
	memcpy(buf, r->p, n);
	buf[n] = '\0';
	char *stop;
	double v = strtod(buf, &stop);
	if (n == 0 || *stop)
		return fail(r, N_("a value"));
	int i = new_node(r, JR_NUMBER);
	if (i >= 0)
		r->d->nodes[i].num = v;
	r->p += n;
	return i;
}

static int read_value(struct reader *r, int depth);

/* Members of an object or elements of an array, linked as children. */
static int read_container(struct reader *r, int depth, bool object)
{
	int self = new_node(r, object ? JR_OBJECT : JR_ARRAY), last = -1;
	char close = object ? '}' : ']';
	r->p++;
	skip_space(r);
	if (r->p < r->end && *r->p == close) {
		r->p++;
		return self;
	}
	for (;;) {
		const char *key = NULL;
		size_t key_len = 0;
		skip_space(r);
		if (object) {
			if (r->p >= r->end || *r->p != '"')
				return fail(r, N_("a member name in quotes"));
			if (!read_string(r, &key, &key_len))
				return -1;
			skip_space(r);
			if (r->p >= r->end || *r->p != ':')
				return fail(r, N_("':' after a member name"));
			r->p++;
		}
		int child = read_value(r, depth + 1);
		if (child < 0)
			return -1;
		r->d->nodes[child].key = key, r->d->nodes[child].key_len = key_len;
		if (last < 0)
			r->d->nodes[self].first = child;
		else
			r->d->nodes[last].next = child;
		last = child;
		skip_space(r);
		if (r->p < r->end && *r->p == ',') {
			r->p++;
			continue;
		}
		if (r->p < r->end && *r->p == close) {
			r->p++;
			return self;
		}
		return fail(r, object ? N_("',' or '}' after a member") : N_("',' or ']' after an element"));
	}
}

static int read_literal(struct reader *r)
{
	static const struct {
		const char *word;
		enum jr_type type;
		double num;
	} words[] = {
		{"null", JR_NULL, 0},         {"true", JR_BOOL, 1},          {"false", JR_BOOL, 0},
		{"Infinity", JR_NUMBER, INFINITY}, {"-Infinity", JR_NUMBER, -INFINITY},
		{"NaN", JR_NUMBER, NAN},
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (take_word(r, words[i].word)) {
			int n = new_node(r, words[i].type);
			if (n >= 0)
				r->d->nodes[n].num = words[i].num;
			return n;
		}
	return read_number(r);
}

static int read_value(struct reader *r, int depth)
{
	skip_space(r);
	if (depth > JR_MAX_DEPTH)
		return fail(r, N_("less nesting"));
	if (r->p >= r->end)
		return fail(r, N_("a value"));
	if (*r->p == '{' || *r->p == '[')
		return read_container(r, depth, *r->p == '{');
	if (*r->p == '"') {
		int n = new_node(r, JR_STRING);
		if (n < 0 || !read_string(r, &r->d->nodes[n].str, &r->d->nodes[n].str_len))
			return -1;
		return n;
	}
	return read_literal(r);
}

bool jr_parse(struct jr_doc *d, const char *text, size_t len, unsigned first_line,
	      unsigned *err_line, char *err, size_t cap)
{
	*d = (struct jr_doc){0};
	struct reader r = {.d = d, .p = text, .end = text + len, .line = first_line, .err = err,
			   .cap = cap};
	if (read_value(&r, 0) >= 0) {
		skip_space(&r);
		if (r.p >= r.end)
			return true;
		fail(&r, N_("end of file after the value"));
	}
	*err_line = r.err_line;
	jr_free(d);
	return false;
}

void jr_free(struct jr_doc *d)
{
	free(d->nodes);
	*d = (struct jr_doc){0};
}

int jr_member(const struct jr_doc *d, int obj, const char *key)
{
	if (obj < 0 || obj >= d->n || d->nodes[obj].type != JR_OBJECT)
		return -1;
	size_t n = strlen(key);
	for (int i = d->nodes[obj].first; i >= 0; i = d->nodes[i].next)
		if (d->nodes[i].key_len == n && memcmp(d->nodes[i].key, key, n) == 0)
			return i;
	return -1;
}

bool jr_member_number(const struct jr_doc *d, int obj, const char *key, double *out)
{
	int i = jr_member(d, obj, key);
	if (i < 0 || d->nodes[i].type != JR_NUMBER)
		return false;
	*out = d->nodes[i].num;
	return true;
}

bool jr_member_string(const struct jr_doc *d, int obj, const char *key, char *buf, size_t cap)
{
	int i = jr_member(d, obj, key);
	if (i < 0 || d->nodes[i].type != JR_STRING || cap == 0)
		return false;
	size_t n = d->nodes[i].str_len < cap - 1 ? d->nodes[i].str_len : cap - 1;
	memcpy(buf, d->nodes[i].str, n);
	buf[n] = '\0';
	return true;
}
