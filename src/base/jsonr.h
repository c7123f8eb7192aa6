/* Reading JSON: a small parser into a flat array of nodes, for the
 * files customers bring back from a trial (benchmark results). Accepts
 * what Python's json.dumps writes, Infinity, -Infinity and NaN included
 * (they read as a number that is not finite: the caller decides). Every
 * node keeps its line, so an error can name where it is. */
#ifndef GPUPLAN_JSONR_H
#define GPUPLAN_JSONR_H

#include <stdbool.h>
#include <stddef.h>

enum jr_type { JR_NULL, JR_BOOL, JR_NUMBER, JR_STRING, JR_ARRAY, JR_OBJECT };

struct jr_node {
	enum jr_type type;
	const char *key;  /* member name in its object (raw, not unescaped); NULL in an array */
	size_t key_len;
	const char *str;  /* JR_STRING: the raw text between the quotes */
	size_t str_len;
	double num;       /* JR_NUMBER; JR_BOOL: 1 or 0 */
	int first, next;  /* first child, next sibling: node indices, -1 none */
	unsigned line;
};

struct jr_doc {
	struct jr_node *nodes;
	int n, cap;
};

/* Parses text[0..len) (one JSON value, then only white space); lines
 * count from first_line. On false *err_line is where, and err what was
 * expected, in the current language ("expected ',' or '}' after a member,
 * found end of file"); the doc is empty. Node 0 is the root. */
bool jr_parse(struct jr_doc *d, const char *text, size_t len, unsigned first_line,
	      unsigned *err_line, char *err, size_t cap);
void jr_free(struct jr_doc *d);

/* The member key of object node obj; -1 when obj is not an object or has
 * no such member. */
int jr_member(const struct jr_doc *d, int obj, const char *key);

/* A member that is a number: true with *out set; false when absent, null
 * or not a number. */
bool jr_member_number(const struct jr_doc *d, int obj, const char *key, double *out);

/* A member that is a string, copied (raw) into buf; false otherwise. */
bool jr_member_string(const struct jr_doc *d, int obj, const char *key, char *buf, size_t cap);

#endif
