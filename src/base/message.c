#include "message.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "money.h"

/* The rows of message_table.h: its argument kinds as letters and
 * parameters, its wording as forms. */
#define MSG_LETTER_INT "d"
#define MSG_LETTER_LONG "l"
#define MSG_LETTER_DOUBLE "f"
#define MSG_LETTER_STRING "s"
#define MSG_LETTER_WORD "s"
#define MSG_LETTER_MONEY "m"
#define MSG_LETTERS_ARGS0() ""
#define MSG_LETTERS_ARGS1(k1, n1) MSG_LETTER_##k1
#define MSG_LETTERS_ARGS2(k1, n1, k2, n2) MSG_LETTER_##k1 MSG_LETTER_##k2
#define MSG_LETTERS_ARGS3(k1, n1, k2, n2, k3, n3) \
	MSG_LETTER_##k1 MSG_LETTER_##k2 MSG_LETTER_##k3
#define MSG_LETTERS_ARGS4(k1, n1, k2, n2, k3, n3, k4, n4) \
	MSG_LETTER_##k1 MSG_LETTER_##k2 MSG_LETTER_##k3 MSG_LETTER_##k4

#define MSG_ROW_PARAM(k, n) {#n, PARAM_##k}
#define MSG_ROW_PARAMS_ARGS0() .nparams = 0
#define MSG_ROW_PARAMS_ARGS1(k1, n1) .nparams = 1, .params = {MSG_ROW_PARAM(k1, n1)}
#define MSG_ROW_PARAMS_ARGS2(k1, n1, k2, n2) \
	.nparams = 2, .params = {MSG_ROW_PARAM(k1, n1), MSG_ROW_PARAM(k2, n2)}
#define MSG_ROW_PARAMS_ARGS3(k1, n1, k2, n2, k3, n3)                           \
	.nparams = 3, .params = {MSG_ROW_PARAM(k1, n1), MSG_ROW_PARAM(k2, n2), \
				 MSG_ROW_PARAM(k3, n3)}
#define MSG_ROW_PARAMS_ARGS4(k1, n1, k2, n2, k3, n3, k4, n4)                   \
	.nparams = 4, .params = {MSG_ROW_PARAM(k1, n1), MSG_ROW_PARAM(k2, n2), \
				 MSG_ROW_PARAM(k3, n3), MSG_ROW_PARAM(k4, n4)}

#define MSG_WORDING_FORM(text) .forms = {text}
#define MSG_WORDING_PLURAL(n, pair) .count = n, .forms = pair

#define MESSAGE(CODE, key_, severity_, wording, arguments)                           \
	[MSG_##CODE] = {.key = #key_, .severity = SEVERITY_##severity_,              \
			.args = MSG_LETTERS_##arguments, MSG_ROW_PARAMS_##arguments, \
			MSG_WORDING_##wording},
const struct message_row message_rows[MSG_COUNT] = {
#include "message_table.h"
};
#undef MESSAGE

static const struct message_row *row_of(enum message_code code)
{
	return &message_rows[code < MSG_COUNT ? code : MSG_NONE];
}

/* Copies src into dst[cap], cut before a UTF-8 character that would not
 * fit whole; NULL reads as "". */
static void copy_text(char *dst, size_t cap, const char *src)
{
	size_t n = src ? strlen(src) : 0;
	if (n >= cap) {
		n = cap - 1;
		while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80)
			n--;
	}
	memcpy(dst, src ? src : "", n);
	dst[n] = '\0';
}

struct message_arg message_arg_string(const char *s)
{
	struct message_arg a = {.kind = ARG_STRING};
	copy_text(a.v.s, sizeof a.v.s, s);
	return a;
}

struct message_arg message_arg_money(double amount, const char *currency)
{
	struct message_arg a = {.kind = ARG_MONEY};
	a.v.money.amount = amount;
	copy_text(a.v.money.currency, sizeof a.v.money.currency, currency);
	return a;
}

/* Translated here, each time: a cached translation would outlive a
 * switch of language. The empty template of MSG_NONE is not a msgid. */
const char *message_template(const struct message *m)
{
	const struct message_row *r = row_of(m->code);
	const struct message_arg *n = &m->args[r->count];
	if (!r->forms[0][0])
		return "";
	if (!r->forms[1])
		return _(r->forms[0]);
	return P_(r->forms[0], r->forms[1], n->kind == ARG_INT ? (unsigned long)n->v.i : 1UL);
}

/* One printf conversion of a template, rebuilt to print one argument. */
struct spec {
	char fmt[24];
	enum message_arg_kind kind;
	int arg;    /* 0-based index from "%2$s", or -1: the next argument */
	size_t len; /* characters of the template it spans */
};

static enum message_arg_kind conversion_kind(char c)
{
	if (c && strchr("di", c))
		return ARG_INT;
	if (c && strchr("eEfFgG", c))
		return ARG_DOUBLE;
	return c == 's' ? ARG_STRING : ARG_NONE;
}

/* t points at a '%' that does not start "%%". */
static bool spec_parse(const char *t, struct spec *s)
{
	const char *p = t + 1;
	size_t digits = strspn(p, "0123456789");
	*s = (struct spec){.arg = -1};
	if (digits && p[digits] == '$') {
		s->arg = atoi(p) - 1;
		p += digits + 1;
		if (s->arg < 0)
			return false;
	}
	const char *body = p;
	p += strspn(p, "-+ #0");
	p += strspn(p, "0123456789");
	if (*p == '.')
		p += 1 + strspn(p + 1, "0123456789");
	int body_len = (int)(p - body);
	p += strspn(p, "hlLjzt");
	s->kind = conversion_kind(*p);
	if (s->kind == ARG_NONE || body_len > 12)
		return false;
	snprintf(s->fmt, sizeof s->fmt, "%%%.*s%s%c", body_len, body,
		 s->kind == ARG_INT ? "ll" : "", *p);
	s->len = (size_t)(p + 1 - t);
	return true;
}

/* A bounded writer: what does not fit is cut, the text stays terminated. */
struct out {
	char *buf;
	size_t cap, len;
};

static char *out_at(struct out *o)
{
	return o->buf + o->len;
}

static void out_advance(struct out *o, int n)
{
	if (n > 0)
		o->len += (size_t)n;
	if (o->len >= o->cap)
		o->len = o->cap - 1;
}

static void out_text(struct out *o, const char *s, size_t n)
{
	out_advance(o, snprintf(out_at(o), o->cap - o->len, "%.*s", (int)n, s));
}

/* How amounts in messages are written: the screen of a terminal without
 * UTF-8 asks for "CNY 787" instead of "¥787". */
static enum money_style money_style = MONEY_UTF8;

void message_set_money_style(enum money_style style)
{
	money_style = style;
}

/* Money's one rule (sig3_decimals): "¥18,800", "¥45.5", "¥0.27". */
static void out_money(struct out *o, const struct spec *s, const struct message_arg *a)
{
	char text[48];
	double amount = a->v.money.amount;
	money_format(text, sizeof text, amount, a->v.money.currency,
		     amount == 0 ? 0 : sig3_decimals(amount), money_style);
	out_advance(o, snprintf(out_at(o), o->cap - o->len, s->fmt, text));
}

/* translate: a's string is table text marked N_() (a WORD argument). */
static void out_arg(struct out *o, const struct spec *s, const struct message_arg *a,
		    bool translate)
{
	size_t room = o->cap - o->len;
	if (a && a->kind == ARG_MONEY && s->kind == ARG_STRING)
		out_money(o, s, a);
	else if (!a || a->kind != s->kind)
		out_advance(o, snprintf(out_at(o), room, "?"));
	else if (a->kind == ARG_INT)
		out_advance(o, snprintf(out_at(o), room, s->fmt, a->v.i));
	else if (a->kind == ARG_DOUBLE)
		out_advance(o, snprintf(out_at(o), room, s->fmt, a->v.f));
	else if (translate && a->v.s[0])
		out_advance(o, snprintf(out_at(o), room, s->fmt, _(a->v.s)));
	else
		out_advance(o, snprintf(out_at(o), room, s->fmt, a->v.s));
}

/* Writes the plain text, "%%" or conversion at t; returns what follows. A
 * conversion that cannot be read is copied as it stands. */
static const char *format_step(struct out *o, const char *t, const struct message *m, int *next)
{
	size_t plain = strcspn(t, "%");
	struct spec s;
	if (plain) {
		out_text(o, t, plain);
		return t + plain;
	}
	if (t[1] == '%' || !spec_parse(t, &s)) {
		out_text(o, t, 1);
		return t + 1 + (t[1] == '%');
	}
	int i = s.arg >= 0 ? s.arg : (*next)++;
	const struct message_row *r = row_of(m->code);
	bool translate = i < r->nparams && r->params[i].kind == PARAM_WORD;
	out_arg(o, &s, i < MESSAGE_ARGS ? &m->args[i] : NULL, translate);
	return t + s.len;
}

char *message_format(const struct message *m, char *buf, size_t cap)
{
	if (!cap)
		return buf;
	struct out o = {.buf = buf, .cap = cap};
	int next = 0;
	buf[0] = '\0';
	for (const char *t = message_template(m); *t;)
		t = format_step(&o, t, m, &next);
	return buf;
}

static bool arg_equal(const struct message_arg *a, const struct message_arg *b)
{
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case ARG_INT:
		return a->v.i == b->v.i;
	case ARG_DOUBLE:
		return a->v.f == b->v.f;
	case ARG_STRING:
		return strcmp(a->v.s, b->v.s) == 0;
	case ARG_MONEY:
		return a->v.money.amount == b->v.money.amount &&
		       strcmp(a->v.money.currency, b->v.money.currency) == 0;
	default:
		return true;
	}
}

bool message_equal(const struct message *a, const struct message *b)
{
	if (a->code != b->code)
		return false;
	for (int i = 0; i < MESSAGE_ARGS; i++)
		if (!arg_equal(&a->args[i], &b->args[i]))
			return false;
	return true;
}

const char *message_key(enum message_code code)
{
	return row_of(code)->key;
}

enum message_severity message_severity(const struct message *m)
{
	return row_of(m->code)->severity;
}

const char *message_severity_key(enum message_severity s)
{
	static const char *const keys[] = {[SEVERITY_INFO] = "info", [SEVERITY_NOTICE] = "notice",
					   [SEVERITY_WARNING] = "warning",
					   [SEVERITY_BLOCKER] = "blocker"};
	return (size_t)s < sizeof keys / sizeof keys[0] ? keys[s] : "info";
}

int message_compare(const void *a, const void *b)
{
	const struct message *x = *(const struct message *const *)a;
	const struct message *y = *(const struct message *const *)b;
	enum message_severity sx = message_severity(x), sy = message_severity(y);
	if (sx != sy)
		return sx > sy ? -1 : 1;
	if (x->code != y->code)
		return x->code < y->code ? -1 : 1;
	return (x > y) - (x < y);
}

static enum message_arg_kind letter_kind(char letter)
{
	return letter == 'd' || letter == 'l' ? ARG_INT
	       : letter == 'f'		      ? ARG_DOUBLE
	       : letter == 's' || letter == 'm' ? ARG_STRING
					      : ARG_NONE;
}

bool message_template_valid(const char *tmpl, const char *args)
{
	size_t nargs = strlen(args);
	unsigned used = 0;
	int next = 0;
	for (const char *t = strchr(tmpl, '%'); t; t = strchr(t, '%')) {
		struct spec s;
		if (t[1] == '%') {
			t += 2;
			continue;
		}
		if (!spec_parse(t, &s))
			return false;
		int i = s.arg >= 0 ? s.arg : next++;
		if (i >= (int)nargs || i >= MESSAGE_ARGS || letter_kind(args[i]) != s.kind)
			return false;
		used |= 1u << i;
		t += s.len;
	}
	return used == (1u << nargs) - 1;
}
