#include "json_check.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Parsing: the grammar of RFC 8259, into a tree ---- */

#define JSON_DEPTH 64

struct parser {
	const char *start, *p;
	char *err;
	size_t errlen;
	bool failed;
};

static bool fail(struct parser *ps, const char *why)
{
	if (!ps->failed && ps->err && ps->errlen)
		snprintf(ps->err, ps->errlen, "offset %ld: %s", (long)(ps->p - ps->start), why);
	ps->failed = true;
	return false;
}

static void ws(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\n' || *ps->p == '\t' || *ps->p == '\r')
		ps->p++;
}

/* A growing byte buffer for a decoded string. */
struct buf {
	char *s;
	size_t len, cap;
};

static void buf_put(struct buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = 2 * (b->len + n + 1);
		b->s = realloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void buf_utf8(struct buf *b, unsigned long c)
{
	char u[4];
	size_t n;
	if (c < 0x80) {
		u[0] = (char)c, n = 1;
	} else if (c < 0x800) {
		u[0] = (char)(0xC0 | c >> 6), u[1] = (char)(0x80 | (c & 0x3F)), n = 2;
	} else if (c < 0x10000) {
		u[0] = (char)(0xE0 | c >> 12), u[1] = (char)(0x80 | (c >> 6 & 0x3F));
		u[2] = (char)(0x80 | (c & 0x3F)), n = 3;
	} else {
		u[0] = (char)(0xF0 | c >> 18), u[1] = (char)(0x80 | (c >> 12 & 0x3F));
		u[2] = (char)(0x80 | (c >> 6 & 0x3F)), u[3] = (char)(0x80 | (c & 0x3F)), n = 4;
	}
	buf_put(b, u, n);
}

static bool hex4(struct parser *ps, unsigned long *c)
{
	char digits[5] = {0};
	for (int i = 0; i < 4; i++) {
		if (!isxdigit((unsigned char)ps->p[i]))
			return fail(ps, "\\u needs four hex digits");
		digits[i] = ps->p[i];
	}
	ps->p += 4;
	*c = strtoul(digits, NULL, 16);
	return true;
}

/* After the backslash: one escape, decoded (surrogate pairs joined). */
static bool escape(struct parser *ps, struct buf *b)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	char c = *ps->p++;
	const char *at = c ? strchr(from, c) : NULL;
	unsigned long u, low;
	if (at) {
		buf_put(b, &to[at - from], 1);
		return true;
	}
	if (c != 'u')
		return fail(ps, "unknown escape");
	if (!hex4(ps, &u))
		return false;
	if (u >= 0xD800 && u < 0xDC00 && ps->p[0] == '\\' && ps->p[1] == 'u') {
		ps->p += 2;
		if (!hex4(ps, &low) || low < 0xDC00 || low >= 0xE000)
			return fail(ps, "a high surrogate without its low one");
		u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
	}
	buf_utf8(b, u);
	return true;
}

static bool string(struct parser *ps, char **out)
{
	struct buf b = {0};
	buf_put(&b, "", 0);
	if (*ps->p != '"')
		return fail(ps, "expected a string");
	for (ps->p++; *ps->p != '"'; ) {
		if (!*ps->p || (unsigned char)*ps->p < 0x20) {
			free(b.s);
			return fail(ps, "unterminated string or a control character in it");
		}
		if (*ps->p == '\\') {
			ps->p++;
			if (!escape(ps, &b)) {
				free(b.s);
				return false;
			}
			continue;
		}
		buf_put(&b, ps->p++, 1);
	}
	ps->p++;
	*out = b.s;
	return true;
}

static size_t digits(const char *s)
{
	size_t n = 0;
	while (isdigit((unsigned char)s[n]))
		n++;
	return n;
}

static bool number(struct parser *ps, double *out)
{
	const char *s = ps->p;
	s += *s == '-';
	if (*s == '0')
		s++;
	else if (digits(s))
		s += digits(s);
	else
		return fail(ps, "expected a value");
	if (*s == '.') {
		if (!digits(++s))
			return fail(ps, "expected digits after the decimal point");
		s += digits(s);
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		s += *s == '+' || *s == '-';
		if (!digits(s))
			return fail(ps, "expected an exponent");
		s += digits(s);
	}
	*out = strtod(ps->p, NULL);
	ps->p = s;
	return true;
}

static bool value(struct parser *ps, struct json *v, int depth);

static void push(struct json *v, const struct json *item, char *key)
{
	v->items = realloc(v->items, (v->n + 1) * sizeof *v->items);
	v->items[v->n] = *item;
	if (v->type == JSON_OBJECT) {
		v->keys = realloc(v->keys, (v->n + 1) * sizeof *v->keys);
		v->keys[v->n] = key;
	}
	v->n++;
}

/* An array or an object, its opening bracket at ps->p. */
static bool members(struct parser *ps, struct json *v, int depth)
{
	char close = *ps->p == '{' ? '}' : ']';
	v->type = close == '}' ? JSON_OBJECT : JSON_ARRAY;
	ps->p++;
	ws(ps);
	if (*ps->p == close)
		return ps->p++, true;
	for (;;) {
		char *key = NULL;
		struct json item = {0};
		ws(ps);
		if (v->type == JSON_OBJECT) {
			if (!string(ps, &key))
				return false;
			ws(ps);
			if (*ps->p != ':') {
				free(key);
				return fail(ps, "expected ':'");
			}
			ps->p++;
		}
		bool ok = value(ps, &item, depth + 1);
		push(v, &item, key);
		if (!ok)
			return false;
		ws(ps);
		if (*ps->p == close)
			return ps->p++, true;
		if (*ps->p != ',')
			return fail(ps, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
		ps->p++;
	}
}

static bool word(struct parser *ps, const char *w)
{
	size_t n = strlen(w);
	if (strncmp(ps->p, w, n) != 0)
		return fail(ps, "expected a value");
	ps->p += n;
	return true;
}

static bool value(struct parser *ps, struct json *v, int depth)
{
	*v = (struct json){0};
	if (depth > JSON_DEPTH)
		return fail(ps, "nested too deep");
	ws(ps);
	switch (*ps->p) {
	case '{':
	case '[':
		return members(ps, v, depth);
	case '"':
		v->type = JSON_STRING;
		return string(ps, &v->string);
	case 't':
		v->type = JSON_BOOL, v->boolean = true;
		return word(ps, "true");
	case 'f':
		v->type = JSON_BOOL;
		return word(ps, "false");
	case 'n':
		return word(ps, "null");
	default:
		v->type = JSON_NUMBER;
		return number(ps, &v->number);
	}
}

static void json_clear(struct json *v)
{
	for (size_t i = 0; i < v->n; i++) {
		json_clear(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->string);
}

void json_free(struct json *v)
{
	if (v)
		json_clear(v);
	free(v);
}

struct json *json_parse(const char *text, char *err, size_t errlen)
{
	struct parser ps = {.start = text, .p = text, .err = err, .errlen = errlen};
	struct json *v = calloc(1, sizeof *v);
	if (value(&ps, v, 0)) {
		ws(&ps);
		if (*ps.p)
			fail(&ps, "text after the value");
	}
	if (ps.failed) {
		json_free(v);
		return NULL;
	}
	return v;
}

bool json_valid(const char *text)
{
	struct json *v = json_parse(text, NULL, 0);
	json_free(v);
	return v != NULL;
}

/* ---- Looking things up ---- */

const struct json *json_get(const struct json *obj, const char *key)
{
	if (!obj || obj->type != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < obj->n; i++)
		if (strcmp(obj->keys[i], key) == 0)
			return &obj->items[i];
	return NULL;
}

/* One step of a pointer, unescaped (~1 is '/', ~0 is '~'); returns what
 * follows it. */
static const char *pointer_step(const char *p, char *step, size_t cap)
{
	size_t n = 0;
	for (; *p && *p != '/'; p++) {
		char c = *p;
		if (c == '~' && (p[1] == '0' || p[1] == '1'))
			c = *++p == '1' ? '/' : '~';
		if (n + 1 < cap)
			step[n++] = c;
	}
	step[n] = '\0';
	return p;
}

/* "/$defs/note": each step a key or, in an array, an index. */
const struct json *json_pointer(const struct json *root, const char *pointer)
{
	const struct json *v = root;
	char step[256];
	for (const char *p = pointer; v && *p == '/';) {
		p = pointer_step(p + 1, step, sizeof step);
		if (v->type == JSON_ARRAY) {
			char *end;
			unsigned long i = strtoul(step, &end, 10);
			v = *end || !step[0] || i >= v->n ? NULL : &v->items[i];
		} else {
			v = json_get(v, step);
		}
	}
	return v;
}

bool json_equal(const struct json *a, const struct json *b)
{
	if (a->type != b->type || a->n != b->n)
		return false;
	switch (a->type) {
	case JSON_BOOL:
		return a->boolean == b->boolean;
	case JSON_NUMBER:
		return a->number == b->number;
	case JSON_STRING:
		return strcmp(a->string, b->string) == 0;
	case JSON_ARRAY:
		for (size_t i = 0; i < a->n; i++)
			if (!json_equal(&a->items[i], &b->items[i]))
				return false;
		return true;
	case JSON_OBJECT:
		for (size_t i = 0; i < a->n; i++) {
			const struct json *m = json_get(b, a->keys[i]);
			if (!m || !json_equal(&a->items[i], m))
				return false;
		}
		return true;
	default:
		return true;
	}
}

/* ---- The schema subset ---- */

struct check {
	const struct json *root;
	char *err;
	size_t errlen;
	int errors;
	int quiet; /* inside anyOf/oneOf/if: count, do not report */
};

static void report(struct check *c, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void report(struct check *c, const char *path, const char *fmt, ...)
{
	if (c->errors++ || c->quiet || !c->err || !c->errlen)
		return;
	int n = snprintf(c->err, c->errlen, "%s: ", path[0] ? path : "/");
	va_list ap;
	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < c->errlen)
		vsnprintf(c->err + n, c->errlen - (size_t)n, fmt, ap);
	va_end(ap);
}

static void validate(struct check *c, const struct json *s, const struct json *v,
		     const char *path);

static const char *const type_names[] = {"null", "boolean", "number", "string", "array",
					 "object"};

static bool is_integer(const struct json *v)
{
	if (v->type != JSON_NUMBER)
		return false;
	double x = v->number;
	return x > 9e18 || x < -9e18 || x == (double)(long long)x;
}

static bool type_is(const struct json *v, const char *name)
{
	if (strcmp(name, "integer") == 0)
		return is_integer(v);
	return strcmp(name, type_names[v->type]) == 0;
}

static void check_type(struct check *c, const struct json *t, const struct json *v,
		       const char *path)
{
	if (t->type == JSON_STRING) {
		if (!type_is(v, t->string))
			report(c, path, "expected %s, found %s", t->string, type_names[v->type]);
		return;
	}
	for (size_t i = 0; i < t->n; i++)
		if (t->items[i].type == JSON_STRING && type_is(v, t->items[i].string))
			return;
	report(c, path, "expected one of %zu types, found %s", t->n, type_names[v->type]);
}

/* A value as a short text for an error: "\"x\"", 3, an array. */
static const char *brief(const struct json *v, char *buf, size_t cap)
{
	if (v->type == JSON_STRING)
		snprintf(buf, cap, "\"%s\"", v->string);
	else if (v->type == JSON_NUMBER)
		snprintf(buf, cap, "%g", v->number);
	else
		snprintf(buf, cap, "%s", type_names[v->type]);
	return buf;
}

static void check_enum(struct check *c, const struct json *e, const struct json *v,
		       const char *path)
{
	char b[128];
	for (size_t i = 0; i < e->n; i++)
		if (json_equal(&e->items[i], v))
			return;
	report(c, path, "%s is not one of the %zu values allowed", brief(v, b, sizeof b), e->n);
}

/* A path too long for out is cut: it only names a place in a message. */
static void sub_path(char *out, size_t cap, const char *path, const char *step)
{
	if (snprintf(out, cap, "%s/%s", path, step) >= (int)cap)
		out[cap - 1] = '\0';
}

static void check_properties(struct check *c, const struct json *s, const struct json *v,
			     const char *path)
{
	const struct json *props = json_get(s, "properties"), *req = json_get(s, "required");
	const struct json *extra = json_get(s, "additionalProperties");
	char sub[512];
	if (v->type != JSON_OBJECT)
		return;
	for (size_t i = 0; req && i < req->n; i++)
		if (!json_get(v, req->items[i].string))
			report(c, path, "the member \"%s\" is missing", req->items[i].string);
	for (size_t i = 0; i < v->n; i++) {
		const struct json *ps = json_get(props, v->keys[i]);
		sub_path(sub, sizeof sub, path, v->keys[i]);
		if (ps)
			validate(c, ps, &v->items[i], sub);
		else if (extra && extra->type == JSON_BOOL && !extra->boolean)
			report(c, sub, "no member \"%s\" is allowed here", v->keys[i]);
		else if (extra && extra->type == JSON_OBJECT)
			validate(c, extra, &v->items[i], sub);
	}
}

static void check_items(struct check *c, const struct json *items, const struct json *v,
			const char *path)
{
	char sub[512], index[24];
	if (v->type != JSON_ARRAY)
		return;
	for (size_t i = 0; i < v->n; i++) {
		snprintf(index, sizeof index, "%zu", i);
		sub_path(sub, sizeof sub, path, index);
		validate(c, items, &v->items[i], sub);
	}
}

/* Errors of s on v, without reporting them. */
static int count_errors(struct check *c, const struct json *s, const struct json *v,
			const char *path)
{
	int before = c->errors;
	c->quiet++;
	validate(c, s, v, path);
	c->quiet--;
	int n = c->errors - before;
	c->errors = before;
	return n;
}

/* Whether v's type is one that the branch s (through its $refs) allows:
 * of the branches that fail, the one to explain is one of these. */
static bool type_fits(struct check *c, const struct json *s, const struct json *v)
{
	for (int hops = 0; s && s->type == JSON_OBJECT && hops < 8; hops++) {
		const struct json *t = json_get(s, "type"), *ref = json_get(s, "$ref");
		if (t) {
			int before = c->errors;
			c->quiet++;
			check_type(c, t, v, "");
			c->quiet--;
			bool fits = c->errors == before;
			c->errors = before;
			return fits;
		}
		s = ref && ref->type == JSON_STRING && ref->string[0] == '#'
			    ? json_pointer(c->root, ref->string + 1)
			    : NULL;
	}
	return true;
}

/* oneOf (exactly one branch holds), anyOf (one at least), allOf (all). */
static void check_branches(struct check *c, const char *kw, const struct json *list,
			   const struct json *v, const char *path)
{
	if (strcmp(kw, "allOf") == 0) {
		for (size_t i = 0; i < list->n; i++)
			validate(c, &list->items[i], v, path);
		return;
	}
	size_t held = 0, best = 0;
	int fewest = -1;
	bool best_fits = false;
	for (size_t i = 0; i < list->n; i++) {
		int n = count_errors(c, &list->items[i], v, path);
		bool fits = type_fits(c, &list->items[i], v);
		held += n == 0;
		if (fewest < 0 || (fits && !best_fits) || (fits == best_fits && n < fewest))
			fewest = n, best = i, best_fits = fits;
	}
	if (held == 1 || (held > 1 && strcmp(kw, "anyOf") == 0))
		return;
	if (held > 1) {
		report(c, path, "matches %zu branches of oneOf, not one", held);
		return;
	}
	validate(c, &list->items[best], v, path); /* the closest branch says why */
}

static void check_if(struct check *c, const struct json *s, const struct json *v,
		     const char *path)
{
	const struct json *then = json_get(s, "then"), *otherwise = json_get(s, "else");
	bool holds = count_errors(c, json_get(s, "if"), v, path) == 0;
	if (holds && then)
		validate(c, then, v, path);
	else if (!holds && otherwise)
		validate(c, otherwise, v, path);
}

static const struct json *resolve(struct check *c, const struct json *ref, const char *path)
{
	const struct json *target = NULL;
	if (ref->type == JSON_STRING && ref->string[0] == '#')
		target = json_pointer(c->root, ref->string + 1);
	if (!target)
		report(c, path, "the schema's $ref %s does not resolve",
		       ref->type == JSON_STRING ? ref->string : "?");
	return target;
}

/* The keywords this checker knows; any other is an error in the schema. */
static const char *const known[] = {
	"$schema", "$id", "$comment", "title", "description", "$defs", "$ref", "type",
	"properties", "required", "additionalProperties", "items", "enum", "const", "oneOf",
	"anyOf", "allOf", "if", "then", "else", "minimum", "minItems", NULL};

static bool keyword_known(const char *k)
{
	for (int i = 0; known[i]; i++)
		if (strcmp(known[i], k) == 0)
			return true;
	return false;
}

static void check_numbers(struct check *c, const struct json *s, const struct json *v,
			  const char *path)
{
	const struct json *min = json_get(s, "minimum"), *min_items = json_get(s, "minItems");
	if (min && v->type == JSON_NUMBER && v->number < min->number)
		report(c, path, "%g is below the minimum %g", v->number, min->number);
	if (min_items && v->type == JSON_ARRAY && (double)v->n < min_items->number)
		report(c, path, "%zu items, fewer than %g", v->n, min_items->number);
}

static void validate(struct check *c, const struct json *s, const struct json *v,
		     const char *path)
{
	const struct json *k;
	char b[128];
	if (s->type == JSON_BOOL) {
		if (!s->boolean)
			report(c, path, "nothing is allowed here");
		return;
	}
	for (size_t i = 0; i < s->n; i++)
		if (!keyword_known(s->keys[i]))
			report(c, path, "the schema uses \"%s\", which json_check does not know",
			       s->keys[i]);
	if ((k = json_get(s, "$ref")) && (k = resolve(c, k, path)))
		validate(c, k, v, path);
	if ((k = json_get(s, "type")))
		check_type(c, k, v, path);
	if ((k = json_get(s, "enum")))
		check_enum(c, k, v, path);
	if ((k = json_get(s, "const")) && !json_equal(k, v))
		report(c, path, "%s is not the one value allowed", brief(v, b, sizeof b));
	check_properties(c, s, v, path);
	if ((k = json_get(s, "items")))
		check_items(c, k, v, path);
	check_numbers(c, s, v, path);
	static const char *const branch_kw[] = {"allOf", "anyOf", "oneOf"};
	for (size_t i = 0; i < 3; i++)
		if ((k = json_get(s, branch_kw[i])))
			check_branches(c, branch_kw[i], k, v, path);
	if (json_get(s, "if"))
		check_if(c, s, v, path);
}

int json_schema_check(const struct json *root, const struct json *schema, const struct json *doc,
		      char *err, size_t errlen)
{
	struct check c = {.root = root, .err = err, .errlen = errlen};
	if (err && errlen)
		err[0] = '\0';
	validate(&c, schema, doc, "");
	return c.errors;
}

/* ---- Every subschema of a schema within the subset ---- */

static int lint(const struct json *s, const char *path, char *err, size_t errlen);

/* The members of an object that are all subschemas ($defs, properties). */
static int lint_map(const struct json *m, const char *path, char *err, size_t errlen)
{
	char sub[512];
	int n = 0;
	for (size_t i = 0; m->type == JSON_OBJECT && i < m->n; i++) {
		sub_path(sub, sizeof sub, path, m->keys[i]);
		n += lint(&m->items[i], sub, err, n ? 0 : errlen);
	}
	return n;
}

static int lint(const struct json *s, const char *path, char *err, size_t errlen)
{
	static const char *const one[] = {"items", "additionalProperties", "if", "then", "else"};
	static const char *const many[] = {"allOf", "anyOf", "oneOf"};
	char sub[512], index[48];
	int n = 0;
	if (s->type == JSON_BOOL)
		return 0;
	if (s->type != JSON_OBJECT) {
		if (errlen)
			snprintf(err, errlen, "%s: a schema must be an object or a boolean", path);
		return 1;
	}
	for (size_t i = 0; i < s->n; i++)
		if (!keyword_known(s->keys[i]) && n++ == 0 && errlen)
			snprintf(err, errlen, "%s: the schema uses \"%s\", which json_check does not know",
				 path, s->keys[i]);
	for (size_t i = 0; i < sizeof one / sizeof one[0]; i++)
		if (json_get(s, one[i])) {
			sub_path(sub, sizeof sub, path, one[i]);
			n += lint(json_get(s, one[i]), sub, err, n ? 0 : errlen);
		}
	for (size_t i = 0; i < sizeof many / sizeof many[0]; i++) {
		const struct json *list = json_get(s, many[i]);
		for (size_t k = 0; list && k < list->n; k++) {
			snprintf(index, sizeof index, "%s/%zu", many[i], k);
			sub_path(sub, sizeof sub, path, index);
			n += lint(&list->items[k], sub, err, n ? 0 : errlen);
		}
	}
	static const char *const maps[] = {"$defs", "properties"};
	for (size_t i = 0; i < 2; i++)
		if (json_get(s, maps[i])) {
			sub_path(sub, sizeof sub, path, maps[i]);
			n += lint_map(json_get(s, maps[i]), sub, err, n ? 0 : errlen);
		}
	return n;
}

int json_schema_lint(const struct json *schema, char *err, size_t errlen)
{
	if (err && errlen)
		err[0] = '\0';
	return lint(schema, "", err, err ? errlen : 0);
}
