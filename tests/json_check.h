/* JSON for the report tests: a strict validator (RFC 8259 grammar), a
 * parser into a tree, and a checker for the JSON Schema keywords that
 * doc/gpuplan-report.schema.json uses (draft 2020-12). A schema keyword
 * outside that subset is an error, never skipped: the checker cannot pass
 * a document because it ignored part of the schema. */
#ifndef GPUPLAN_JSON_CHECK_H
#define GPUPLAN_JSON_CHECK_H

#include <stdbool.h>
#include <stddef.h>

/* True when text is exactly one valid JSON value (plus whitespace). */
bool json_valid(const char *text);

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT };

struct json {
	enum json_type type;
	bool boolean;
	double number;
	char *string;       /* JSON_STRING, decoded UTF-8 */
	size_t n;           /* items of an array, members of an object */
	struct json *items; /* array items, object values */
	char **keys;        /* object keys, in document order */
};

/* The tree of text, or NULL (with where and why in err) when it is not
 * one valid JSON value. Free it with json_free. */
struct json *json_parse(const char *text, char *err, size_t errlen);
void json_free(struct json *v);

/* An object's member, or NULL. */
const struct json *json_get(const struct json *obj, const char *key);
/* The value at a JSON pointer ("/$defs/note"), or NULL. */
const struct json *json_pointer(const struct json *root, const char *pointer);
/* Same type and value; objects by their members whatever their order. */
bool json_equal(const struct json *a, const struct json *b);

/* Checks doc against schema (the "$ref"s resolve inside root). Returns
 * the number of errors; the first, with the document path it concerns
 * ("/plans/0/notes/1/code: ..."), is in err. */
int json_schema_check(const struct json *root, const struct json *schema, const struct json *doc,
		      char *err, size_t errlen);

/* Errors in the schema itself: a subschema that is not an object or a
 * boolean, or a keyword outside the subset, anywhere in it (also in
 * branches no document reaches). The first is in err. */
int json_schema_lint(const struct json *schema, char *err, size_t errlen);

#endif
