/* Mutant generator for tests/mutate.sh.
 *
 *   mutate-gen FILE        lists the mutants: "N<TAB>line<TAB>original<TAB>mutant"
 *   mutate-gen FILE N      writes mutant N of FILE to stdout
 *
 * One mutant changes one token of code: an arithmetic operator (+ - * /
 * and their compound assignments), a comparison (< <= > >= == !=) or a
 * numeric constant. Comments, string and character literals and
 * preprocessor lines other than #define are never touched. The tokenizer
 * is deliberately small: it only needs to find those tokens reliably in
 * the engine's own code, and a mutant that does not compile is counted as
 * "invalid" by the script, not as a kill. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mutant {
	size_t at, len; /* bytes of the source replaced */
	int line;
	char orig[48], repl[96];
};

struct scan {
	const char *src;
	size_t n, i;
	int line;
	char prev[48];  /* the previous significant token */
	char prev2[48]; /* the one before it */
	struct mutant *out;
	size_t count, cap;
};

static void add(struct scan *s, size_t at, size_t len, const char *repl)
{
	if (s->count == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 256;
		s->out = realloc(s->out, s->cap * sizeof *s->out);
		if (!s->out)
			exit(2);
	}
	struct mutant *m = &s->out[s->count++];
	m->at = at, m->len = len, m->line = s->line;
	snprintf(m->orig, sizeof m->orig, "%.*s", (int)len, s->src + at);
	snprintf(m->repl, sizeof m->repl, "%s", repl);
}

static void remember(struct scan *s, size_t at, size_t len)
{
	snprintf(s->prev2, sizeof s->prev2, "%s", s->prev);
	snprintf(s->prev, sizeof s->prev, "%.*s", (int)(len < 47 ? len : 47), s->src + at);
}

static const char *const type_words[] = {
	"double", "int", "long", "char", "bool", "void", "size_t", "const", "float",
	"unsigned", "short", "FILE", "va_list", NULL,
};

/* A binary operator follows an operand: a name that is not a type, a
 * number, or a closing bracket. "struct plan *p" and "-1" are not binary. */
static int after_operand(const struct scan *s)
{
	const char *p = s->prev;
	if (!*p)
		return 0;
	if (strcmp(p, ")") == 0 || strcmp(p, "]") == 0 || isdigit((unsigned char)p[0]))
		return 1;
	if (!(isalpha((unsigned char)p[0]) || p[0] == '_'))
		return 0;
	for (int k = 0; type_words[k]; k++)
		if (strcmp(p, type_words[k]) == 0)
			return 0;
	if (strcmp(s->prev2, "struct") == 0 || strcmp(s->prev2, "enum") == 0 ||
	    strcmp(p, "return") == 0 || strcmp(p, "case") == 0 || strcmp(p, "sizeof") == 0)
		return 0;
	return 1;
}

/* A numeric literal's mutant: integers + 1, decimals + 1 (x2 below 1),
 * exponent forms on the mantissa (1e9 -> 2e9); suffixes are kept. */
static int number_mutant(const char *tok, size_t len, char *out, size_t cap)
{
	char buf[48];
	snprintf(buf, sizeof buf, "%.*s", (int)(len < 47 ? len : 47), tok);
	if (buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X'))
		return 0;
	char *end;
	int is_float = strpbrk(buf, ".eE") != NULL;
	if (!is_float) {
		unsigned long long v = strtoull(buf, &end, 10);
		snprintf(out, cap, "%llu%s", v + 1, end);
		return 1;
	}
	double v = strtod(buf, &end);
	char *e = strpbrk(buf, "eE");
	char num[24];
	if (e) {
		*e = '\0';
		double mant = strtod(buf, NULL);
		snprintf(num, sizeof num, "%.15g", mant < 1 ? mant * 2 : mant + 1);
		snprintf(out, cap, "%se%s", num, e + 1);
		return 1;
	}
	snprintf(num, sizeof num, "%.15g", v < 1 ? (v == 0 ? 1 : v * 2) : v + 1);
	snprintf(out, cap, "%s%s%s", num, strchr(num, '.') || strchr(num, 'e') ? "" : ".0", end);
	return 1;
}

static size_t skip_literal(const struct scan *s, size_t i, char quote)
{
	for (i++; i < s->n && s->src[i] != quote; i++)
		if (s->src[i] == '\\')
			i++;
	return i + 1;
}

/* Returns the length of the comment or literal at i, or 0. */
static size_t skip_noncode(struct scan *s, size_t i)
{
	const char *c = s->src + i;
	size_t j = i;
	if (c[0] == '/' && c[1] == '/')
		while (j < s->n && s->src[j] != '\n')
			j++;
	else if (c[0] == '/' && c[1] == '*') {
		const char *e = strstr(c + 2, "*/");
		j = e ? (size_t)(e - s->src) + 2 : s->n;
	} else if (c[0] == '"' || c[0] == '\'')
		j = skip_literal(s, i, c[0]);
	else
		return 0;
	for (size_t k = i; k < j && k < s->n; k++)
		s->line += s->src[k] == '\n';
	return j - i;
}

/* A preprocessor line other than #define: skipped whole. */
static size_t skip_directive(struct scan *s, size_t i)
{
	size_t j = i + 1;
	while (j < s->n && (s->src[j] == ' ' || s->src[j] == '\t'))
		j++;
	if (strncmp(s->src + j, "define", 6) == 0)
		return 1; /* only the '#' */
	while (j < s->n && s->src[j] != '\n')
		j++;
	return j - i;
}

struct op_row {
	const char *op, *mutant;
	int binary_only; /* the token must follow an operand */
};

/* Longest first, so that "<=" is not read as "<". */
static const struct op_row op_rows[] = {
	{"<<=", NULL, 0}, {">>=", NULL, 0}, {"<<", NULL, 0}, {">>", NULL, 0},
	{"->", NULL, 0}, {"++", NULL, 0}, {"--", NULL, 0}, {"&&", NULL, 0}, {"||", NULL, 0},
	{"+=", "-=", 0}, {"-=", "+=", 0}, {"*=", "/=", 0}, {"/=", "*=", 0},
	{"<=", "<", 0}, {">=", ">", 0}, {"==", "!=", 0}, {"!=", "==", 0},
	{"<", "<=", 1}, {">", ">=", 1},
	{"+", "-", 1}, {"-", "+", 1}, {"*", "/", 1}, {"/", "*", 1},
	{NULL, NULL, 0},
};

static size_t scan_operator(struct scan *s, size_t i)
{
	for (const struct op_row *r = op_rows; r->op; r++) {
		size_t len = strlen(r->op);
		if (strncmp(s->src + i, r->op, len) != 0)
			continue;
		if (r->mutant && (!r->binary_only || after_operand(s)))
			add(s, i, len, r->mutant);
		remember(s, i, len);
		return len;
	}
	remember(s, i, 1);
	return 1;
}

static size_t scan_word(struct scan *s, size_t i)
{
	size_t j = i;
	int number = isdigit((unsigned char)s->src[i]) || s->src[i] == '.';
	while (j < s->n && (isalnum((unsigned char)s->src[j]) || s->src[j] == '_' ||
			    (number && s->src[j] == '.') ||
			    (number && (s->src[j] == '+' || s->src[j] == '-') &&
			     (s->src[j - 1] == 'e' || s->src[j - 1] == 'E'))))
		j++;
	char repl[96];
	/* Array sizes and literal indexes ("char why[120]", "notes[0]") are
	 * left alone: a bigger buffer behind sizeof changes nothing. */
	int bracketed = strcmp(s->prev, "[") == 0 && s->src[j] == ']';
	if (number && !bracketed && number_mutant(s->src + i, j - i, repl, sizeof repl))
		add(s, i, j - i, repl);
	remember(s, i, j - i);
	return j - i;
}

static void scan_all(struct scan *s)
{
	int line_start = 1;
	while (s->i < s->n) {
		char c = s->src[s->i];
		size_t skip = skip_noncode(s, s->i);
		if (skip) {
			s->i += skip;
			continue;
		}
		if (c == '\n') {
			s->line++, s->i++, line_start = 1;
			continue;
		}
		if (isspace((unsigned char)c)) {
			s->i++;
			continue;
		}
		if (c == '#' && line_start)
			s->i += skip_directive(s, s->i);
		else if (isalnum((unsigned char)c) || c == '_' ||
			 (c == '.' && isdigit((unsigned char)s->src[s->i + 1])))
			s->i += scan_word(s, s->i);
		else
			s->i += scan_operator(s, s->i);
		line_start = 0;
	}
}

static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		exit(2);
	}
	fseek(f, 0, SEEK_END);
	long len = ftell(f);
	rewind(f);
	char *buf = calloc((size_t)len + 2, 1);
	if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len)
		exit(2);
	fclose(f);
	*n = (size_t)len;
	return buf;
}

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: mutate-gen FILE [N]\n");
		return 2;
	}
	struct scan s = {.line = 1};
	s.src = slurp(argv[1], &s.n);
	scan_all(&s);
	if (argc == 2) {
		for (size_t k = 0; k < s.count; k++)
			printf("%zu\t%d\t%s\t%s\n", k, s.out[k].line, s.out[k].orig, s.out[k].repl);
		return 0;
	}
	size_t k = strtoul(argv[2], NULL, 10);
	if (k >= s.count)
		return 2;
	const struct mutant *m = &s.out[k];
	fwrite(s.src, 1, m->at, stdout);
	fputs(m->repl, stdout);
	fwrite(s.src + m->at + m->len, 1, s.n - m->at - m->len, stdout);
	return 0;
}
