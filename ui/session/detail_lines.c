#include "detail_lines.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "message.h"
#include "plan_text.h"
#include "report.h"
#include "tables.h"
#include "text.h"
#include "detail_time.h"

#define G(x) ((x) / GIB)

static enum money_style money_style = MONEY_UTF8;

void detail_lines_set_money(enum money_style ms)
{
	money_style = ms;
}

/* Closing punctuation that does not start a line, opening that does not
 * end one (Chinese line breaking). */
static bool no_line_start(uint32_t cp)
{
	static const uint32_t closing[] = {0xFF0C, 0x3002, 0x3001, 0xFF1A, 0xFF1B,
					   0xFF09, 0xFF01, 0xFF1F, 0x300D, 0x201D};
	for (size_t i = 0; i < sizeof closing / sizeof closing[0]; i++)
		if (cp == closing[i])
			return true;
	return false;
}

static bool no_line_end(uint32_t cp)
{
	return cp == 0xFF08 || cp == 0x300C || cp == 0x201C;
}

/* Between two wide characters, or a wide one and a letter; never
 * inside "8卡" or "¥9,345/月". */
static bool may_break(uint32_t prev, uint32_t cp)
{
	bool wide_prev = codepoint_width(prev) == 2, wide_cp = codepoint_width(cp) == 2;
	bool letter_prev = prev < 0x80 && isalpha((int)prev), letter_cp = cp < 0x80 && isalpha((int)cp);
	if (no_line_start(cp) || no_line_end(prev))
		return false;
	return (wide_prev && wide_cp) || (wide_prev && letter_cp) || (letter_prev && wide_cp);
}

size_t detail_cjk_break(const char *text, size_t fitted)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t len = strlen(text), at = 0, best = 0;
	uint32_t prev = 0, cp;
	while (at < len && at <= fitted) {
		size_t n = utf8_decode(s + at, len - at, &cp);
		if (n == 0)
			n = 1, cp = s[at];
		if (at > 0 && may_break(prev, cp))
			best = at;
		prev = cp;
		at += n;
	}
	return best;
}

/* A space between a number and its unit or noun ("1.9 tok/s", "4 cards",
 * "20 张卡") keeps them on one line. */
static bool binds(const char *text, size_t at)
{
	unsigned char next = (unsigned char)text[at + 1];
	return at > 0 && isdigit((unsigned char)text[at - 1]) && (isalpha(next) || next >= 0x80);
}

/* The last space of buf (cut from text) that may end a line, or NULL. */
static char *last_break_space(char *buf, const char *text)
{
	for (char *s = buf + strlen(buf); s > buf;)
		if (*--s == ' ' && !binds(text, (size_t)(s - buf)))
			return s;
	return NULL;
}

/* Where the line cut to the width (buf, from text) breaks: after its last
 * space that does not bind a number to its unit (that space dropped), or
 * in Chinese between two characters of which one is wide, whichever comes
 * later. Returns the bytes taken. */
static size_t line_break(char *buf, const char *text)
{
	size_t take = strlen(buf);
	if (take >= strlen(text))
		return take;
	char *space = last_break_space(buf, text);
	size_t cjk = i18n_lang() == I18N_ZH ? detail_cjk_break(text, take) : 0;
	if (space && space > buf && (size_t)(space - buf) + 1 >= cjk)
		take = (size_t)(space - buf) + 1, buf[take - 1] = '\0';
	else if (cjk > 0)
		take = cjk, buf[take] = '\0';
	return take;
}

void detail_add_wrapped(struct detail_lines *d, const char *text, int w)
{
	const char *p = text;
	while (*p && d->n < DETAIL_LINES) {
		char *buf = d->line[d->n];
		text_fit(buf, DETAIL_LINE_BYTES, p, (size_t)(w > 0 ? w : 1));
		size_t take = line_break(buf, p);
		d->n++;
		p += take;
		while (*p == ' ')
			p++;
		if (take == 0)
			break;
	}
}

static void short_count(char *buf, size_t cap, long long v)
{
	if (v <= 0)
		snprintf(buf, cap, "—");
	else if (v >= 1000000)
		snprintf(buf, cap, "%.1fM", v / 1e6);
	else if (v >= 10000)
		snprintf(buf, cap, "%.0fk", v / 1e3);
	else
		snprintf(buf, cap, "%lld", v);
}

/* Longest context and most sequences on 1, 2, 4, 8 cards of the selected
 * type, as the session computed them. */
static void limits_line(const struct session *s, char *line, size_t cap)
{
	size_t n = (size_t)snprintf(line, cap,
				    _("limits (context at %lld seq / sequences at %lld tokens):"),
				    s->sc.concurrency, s->sc.context);
	for (int k = 0; s->limits_ok && k < LIMIT_CARD_COUNTS && n < cap; k++) {
		const struct card_limit *c = &s->limits[k];
		char ctx[16], seq[16];
		short_count(ctx, sizeof ctx, c->max_context);
		short_count(seq, sizeof seq, c->max_concurrency);
		n += (size_t)snprintf(line + n, cap - n,
				      P_(" %d card %s/%s", " %d cards %s/%s", (unsigned long)c->cards),
				      c->cards, ctx, seq);
		/* TRANSLATORS: between the card counts of the limits line. */
		if (k + 1 < LIMIT_CARD_COUNTS && n < cap)
			n += (size_t)snprintf(line + n, cap - n, "%s", _(";"));
	}
}

/* "weights 2.8 + KV 14.3 + overhead 1.0": the terms that hold memory
 * (gradients and optimizer states are 0 for inference: left out). */
static int terms_text(char *buf, size_t cap, const struct mem_terms *m)
{
	size_t n = 0;
	buf[0] = '\0';
	for (enum mem_term t = TERM_WEIGHTS; t < TERM_COUNT && n < cap; t++)
		if (t == TERM_WEIGHTS || mem_term_value(m, t) > 0)
			n += (size_t)snprintf(buf + n, cap - n, "%s%s %.1f", n ? " + " : "",
					      mem_term_name(t), mem_term_value(m, t) / GIB);
	return (int)(n < cap ? n : cap - 1);
}

/* Every term per card, the headroom and, for a plan that fits, both ways
 * of renting. */
static void add_terms(struct detail_lines *d, const struct session *s, const struct plan *p,
		      int w)
{
	char line[DETAIL_LINE_BYTES];
	int n = terms_text(line, sizeof line, &p->per_card);
	snprintf(line + n, sizeof line - (size_t)n, _(" = %.1f GiB/card"), G(p->need));
	detail_add_wrapped(d, line, w);
	snprintf(line, sizeof line, _("+%.0f%% headroom: %.1f of %.1f GiB (%.0f%% used) — %s"),
		 s->sc.headroom_pct, G(p->with_headroom), G(p->capacity), p->utilization_pct,
		 p->level == FIT_NONE	 ? _("does not fit")
		 : p->level == FIT_TIGHT ? _("tight")
					 : _("comfortable"));
	detail_add_wrapped(d, line, w);
	if (!p->fits)
		return; /* a layout that does not fit is not offered */
	rent_describe(line, sizeof line, p, &p->container, RENT_SCREEN);
	detail_add_wrapped(d, line, w);
	rent_describe(line, sizeof line, p, &p->baremetal, RENT_SCREEN);
	detail_add_wrapped(d, line, w);
}

/* What lowers each term when it is the one that does not fit. */
static const char *const term_remedy[TERM_COUNT] = {
	[TERM_WEIGHTS] = N_("weights: a lower precision or more cards"),
	[TERM_KV_CACHE] = N_("KV cache: lower context/concurrency or fp8 KV"),
	[TERM_ACTIVATIONS] = N_("activations: lower concurrency or context"),
	[TERM_GRADIENTS] = N_("gradients: LoRA, or ZeRO over more cards"),
	[TERM_OPTIMIZER] = N_("optimizer states: LoRA, or ZeRO over more cards"),
	[TERM_OVERHEAD] = N_("overhead: a card with more memory"),
};

static void add_totals(struct detail_lines *d, const struct session *s, int w)
{
	const struct mem_terms *t = &s->an->totals;
	char line[DETAIL_LINE_BYTES];
	enum mem_term top = TERM_WEIGHTS;
	int n = snprintf(line, sizeof line, "%s", _("whole model: "));
	n += terms_text(line + n, sizeof line - (size_t)n, t);
	snprintf(line + n, sizeof line - (size_t)n, " = %.1f GiB", G(mem_sum(t)));
	detail_add_wrapped(d, line, w);
	for (enum mem_term k = TERM_WEIGHTS; k < TERM_OVERHEAD; k++)
		if (mem_term_value(t, k) > mem_term_value(t, top))
			top = k;
	snprintf(line, sizeof line, _("most of it is %s"), _(term_remedy[top]));
	detail_add_wrapped(d, line, w);
}

/* The notes of at least (important) or below (!important) a warning,
 * most important first. */
static void add_notes(struct detail_lines *d, const struct session *s, const struct plan *p,
		      int w, bool important)
{
	const struct message *notes[PLAN_NOTES + SCENARIO_NOTES];
	size_t n = 0;
	for (int i = 0; i < p->nnotes; i++)
		notes[n++] = &p->notes[i];
	for (int i = 0; i < s->an->nnotes; i++)
		notes[n++] = &s->an->notes[i];
	qsort(notes, n, sizeof notes[0], message_compare);
	for (size_t i = 0; i < n; i++) {
		char line[DETAIL_LINE_BYTES];
		if ((message_severity(notes[i]) >= SEVERITY_WARNING) != important)
			continue;
		snprintf(line, sizeof line, _("note: %s"), MESSAGE_TEXT(notes[i]));
		detail_add_wrapped(d, line, w);
	}
}

void detail_lines_plan(struct detail_lines *d, const struct session *s, const struct plan *p,
		       int w)
{
	char line[DETAIL_LINE_BYTES];
	d->n = 0;
	add_notes(d, s, p, w, true); /* what changes what is bought: in view first */
	detail_time_summary(d, p, w, money_style);
	if (p->cards)
		add_terms(d, s, p, w);
	detail_time_lines(d, p, w, money_style);
	if (!p->fits)
		add_totals(d, s, w);
	add_notes(d, s, p, w, false);
	if (p->cards) {
		limits_line(s, line, sizeof line);
		detail_add_wrapped(d, line, w);
	}
}

void detail_title(char *buf, size_t cap, const struct plan *p)
{
	char shape[96];
	plan_shape_words(shape, sizeof shape, p);
	if (p->cards)
		snprintf(buf, cap, P_("%s · %d card · %s%s", "%s · %d cards · %s%s",
				      (unsigned long)p->cards),
			 gpu_short_name(p->gpu), p->cards, shape, p->fits ? "" : _(" · does not fit"));
	else
		snprintf(buf, cap, "%s · %s", gpu_short_name(p->gpu), shape);
}
