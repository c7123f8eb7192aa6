/* x: the quote as Markdown, in the order on screen, with the pinned
 * scenario beside the current one when there is a pin. Named after the
 * scenario and numbered, never overwriting a file, never left truncated. */
#include "session.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"
#include "atomicfile.h"
#include "report.h"
#include "tables.h"

#define QUOTE_MAX_NUMBER 999

/* Lower-case ASCII letters, digits, '.' and '-'; anything else (a space, a
 * slash, each byte of a UTF-8 character) becomes one '-', so a name is
 * never cut inside a character and never holds a path. */
void session_quote_slug(char *out, size_t cap, const char *text)
{
	size_t n = 0;
	for (const unsigned char *c = (const unsigned char *)text; *c && n + 1 < cap; c++) {
		char ch = *c < 0x80 ? (char)tolower(*c) : '-';
		if (!(isalnum((unsigned char)ch) || ch == '.'))
			ch = '-';
		if (ch == '-' && (n == 0 || out[n - 1] == '-'))
			continue;
		out[n++] = ch;
	}
	while (n > 0 && out[n - 1] == '-')
		n--;
	out[n] = '\0';
}

/* 32768 -> "32k", 4000 -> "4000". */
static void context_text(char *out, size_t cap, long long tokens)
{
	if (tokens >= 1024 && tokens % 1024 == 0)
		snprintf(out, cap, "%lldk", tokens / 1024);
	else
		snprintf(out, cap, "%lld", tokens);
}

void session_quote_name(const struct session *s, int number, char *name, size_t cap)
{
	char model[64], precision[32], context[32], today[16];
	session_quote_slug(model, sizeof model, scenario_model(&s->sc)->id);
	session_quote_slug(precision, sizeof precision, precisions[s->sc.precision].name);
	context_text(context, sizeof context, s->sc.context);
	session_today(today, sizeof today);
	snprintf(name, cap, "gpuplan-quote-%s-%s-%s-%s-%d.md", model, precision, context, today,
		 number);
}

static bool write_quote(FILE *f, void *ctx)
{
	const struct session *s = ctx;
	size_t n = s->an->nplans <= s->order_cap ? s->an->nplans : s->order_cap;
	if (s->pinned)
		report_markdown_compare(f, &s->pin_an, s->an, s->order, n);
	else
		report_markdown_ordered(f, s->an, s->order, n);
	return true;
}

/* The first free number in dir: an existing name (x pressed twice in a
 * second, or another gpuplan) moves on to the next. False with err when
 * the folder cannot take a file. */
static bool write_numbered(struct session *s, const char *dir, char *name, size_t cap,
			   char *err, size_t errlen)
{
	char path[4400];
	struct stat st;
	for (int number = 1; number <= QUOTE_MAX_NUMBER; number++) {
		session_quote_name(s, number, name, cap);
		snprintf(path, sizeof path, "%s/%s", dir, name);
		if (atomic_write(path, write_quote, s, true, err, errlen))
			return true;
		if (lstat(path, &st) != 0)
			return false; /* not taken: the folder itself refused */
	}
	snprintf(err, errlen, _("%s: %d quotes of this scenario today already"), dir, QUOTE_MAX_NUMBER);
	return false;
}

bool session_export_quote(struct session *s, const char *dir)
{
	char name[256], where[4096], err[9000], first[9000];
	if (dir)
		snprintf(where, sizeof where, "%s", dir);
	else if (!getcwd(where, sizeof where))
		snprintf(where, sizeof where, ".");
	if (write_numbered(s, where, name, sizeof name, first, sizeof first)) {
		session_status(s, false, _("quote written: %s in %s"), name, where);
		return true;
	}
	const char *home = getenv("HOME");
	if (home && home[0] && strcmp(home, where) != 0 &&
	    write_numbered(s, home, name, sizeof name, err, sizeof err)) {
		session_status(s, false, _("%s is not writable: quote written to %s/%s"), where, home,
			       name);
		return true;
	}
	session_status(s, true, _("cannot write the quote: %s"), first);
	return false;
}
