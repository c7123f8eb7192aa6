/* Notes and reasons as data: a code and its arguments, stored by the
 * engine and turned into text only at the edge (report writer or
 * screen), so that a translation, a grouping or a JSON key can hang on
 * the code. One row per code in message_table.h; adding a message is a
 * row, and the row gives it a constructor the compiler checks:
 * msg_tp_over_pcie(4), msg_no_container_offer("A100 80G"). A wrong
 * argument count, a string for a number or a decimal for a whole number
 * does not compile (-Werror=float-conversion, -Werror=int-conversion in
 * Makefile.am; tests/message-types-test.sh shows it). */
#ifndef GPUPLAN_MESSAGE_H
#define GPUPLAN_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>

#include "money.h"

#define MESSAGE(CODE, key, severity, wording, arguments) MSG_##CODE,
enum message_code {
#include "message_table.h"
	MSG_COUNT
};
#undef MESSAGE

/* Higher is more important: screens with little room show those first. */
enum message_severity {
	SEVERITY_INFO,    /* how the figures were reached */
	SEVERITY_NOTICE,  /* a caveat on speed or accuracy */
	SEVERITY_WARNING, /* changes what is bought: machines, network, context */
	SEVERITY_BLOCKER  /* the plan cannot be had as asked */
};

/* ARG_MONEY: an amount and its currency, written where the template has
 * "%s" as money is written everywhere else: "¥18,800". */
enum message_arg_kind { ARG_NONE, ARG_INT, ARG_DOUBLE, ARG_STRING, ARG_MONEY };

#define MESSAGE_ARGS 4
#define MESSAGE_TEXT_MAX 256
/* A string argument is copied into the message (cut at a character
 * boundary past this), so a note outlives the buffer it was built from. */
#define MESSAGE_STRING_MAX 96
#define MESSAGE_CURRENCY_MAX 8

struct message_arg {
	enum message_arg_kind kind;
	union {
		long long i;
		double f;
		char s[MESSAGE_STRING_MAX]; /* the message's own copy */
		struct {
			double amount;
			char currency[MESSAGE_CURRENCY_MAX]; /* "CNY": the message's own copy */
		} money;
	} v;
};

struct message {
	enum message_code code;
	struct message_arg args[MESSAGE_ARGS];
};

/* An argument as its row declares it (message_table.h's kinds). */
enum message_param_kind {
	PARAM_INT,    /* int */
	PARAM_LONG,   /* long long */
	PARAM_DOUBLE,
	PARAM_STRING, /* data: shown as given */
	PARAM_WORD,   /* table text marked N_(): translated as it is rendered */
	PARAM_MONEY,  /* amount and currency */
	PARAM_DAYS,   /* a double, written by the days printer where the template has %s */
};

struct message_param {
	const char *name; /* its key in the JSON "args" */
	enum message_param_kind kind;
};

/* One row per code, from message_table.h. 'args' has one letter per
 * argument (d int, l long long, f double, s string, m money, D days), for
 * message_template_valid. forms[0] is the template; a message whose
 * wording follows a count also has forms[1], the plural pair that
 * ngettext takes (NP_), chosen by args[count]. Both are msgids:
 * message_format translates them when it renders, never before (the
 * language can change live). Templates are printf formats; a translation
 * may use %2$s to reorder. */
struct message_row {
	const char *key; /* stable: JSON "code" and translation context */
	enum message_severity severity;
	const char *args;
	int nparams;
	struct message_param params[MESSAGE_ARGS];
	const char *forms[2];
	int count;
};

/* Indexed by code. */
extern const struct message_row message_rows[MSG_COUNT];

/* One argument, for the constructors below. */
static inline struct message_arg message_arg_int(long long v)
{
	return (struct message_arg){.kind = ARG_INT, .v.i = v};
}

static inline struct message_arg message_arg_double(double v)
{
	return (struct message_arg){.kind = ARG_DOUBLE, .v.f = v};
}

/* Copies s (NULL reads as ""), cut at a character boundary. */
struct message_arg message_arg_string(const char *s);
struct message_arg message_arg_money(double amount, const char *currency);

/* The constructors: msg_KEY(arguments as the row declares them), e.g.
 * struct message msg_replicas(int replicas, int cards_per_replica,
 * double sequences_per_replica). */
#define MSG_PARAM_INT(n) int n
#define MSG_PARAM_LONG(n) long long n
#define MSG_PARAM_DOUBLE(n) double n
#define MSG_PARAM_STRING(n) const char *n
#define MSG_PARAM_WORD(n) const char *n
#define MSG_PARAM_MONEY(n) double n, const char *n##_currency
#define MSG_PARAM_DAYS(n) double n
#define MSG_PARAMS_ARGS0() void
#define MSG_PARAMS_ARGS1(k1, n1) MSG_PARAM_##k1(n1)
#define MSG_PARAMS_ARGS2(k1, n1, k2, n2) MSG_PARAM_##k1(n1), MSG_PARAM_##k2(n2)
#define MSG_PARAMS_ARGS3(k1, n1, k2, n2, k3, n3) \
	MSG_PARAM_##k1(n1), MSG_PARAM_##k2(n2), MSG_PARAM_##k3(n3)
#define MSG_PARAMS_ARGS4(k1, n1, k2, n2, k3, n3, k4, n4) \
	MSG_PARAM_##k1(n1), MSG_PARAM_##k2(n2), MSG_PARAM_##k3(n3), MSG_PARAM_##k4(n4)

#define MSG_FILL_INT(i, n) m.args[i] = message_arg_int(n)
#define MSG_FILL_LONG(i, n) m.args[i] = message_arg_int(n)
#define MSG_FILL_DOUBLE(i, n) m.args[i] = message_arg_double(n)
#define MSG_FILL_STRING(i, n) m.args[i] = message_arg_string(n)
#define MSG_FILL_WORD(i, n) m.args[i] = message_arg_string(n)
#define MSG_FILL_MONEY(i, n) m.args[i] = message_arg_money(n, n##_currency)
#define MSG_FILL_DAYS(i, n) m.args[i] = message_arg_double(n)
#define MSG_FILL_ARGS0()
#define MSG_FILL_ARGS1(k1, n1) MSG_FILL_##k1(0, n1);
#define MSG_FILL_ARGS2(k1, n1, k2, n2) MSG_FILL_##k1(0, n1); MSG_FILL_##k2(1, n2);
#define MSG_FILL_ARGS3(k1, n1, k2, n2, k3, n3) \
	MSG_FILL_##k1(0, n1); MSG_FILL_##k2(1, n2); MSG_FILL_##k3(2, n3);
#define MSG_FILL_ARGS4(k1, n1, k2, n2, k3, n3, k4, n4) \
	MSG_FILL_##k1(0, n1); MSG_FILL_##k2(1, n2); MSG_FILL_##k3(2, n3); MSG_FILL_##k4(3, n4);

#define MESSAGE(CODE, key, severity, wording, arguments)        \
	static inline struct message msg_##key(MSG_PARAMS_##arguments) \
	{                                                          \
		struct message m = {.code = MSG_##CODE};           \
		MSG_FILL_##arguments                               \
		return m;                                          \
	}
#include "message_table.h"
#undef MESSAGE

/* The text of m in buf (always terminated), in the current language.
 * Returns buf. */
char *message_format(const struct message *m, char *buf, size_t cap);
/* How the amounts in messages are written (default MONEY_UTF8): set once by
 * a screen that cannot show "¥". */
void message_set_money_style(enum money_style style);

/* For one printf argument: the text in a buffer that lives until the end
 * of the enclosing block. */
#define MESSAGE_TEXT(m) message_format((m), (char[MESSAGE_TEXT_MAX]){""}, MESSAGE_TEXT_MAX)

/* The template message_format uses for m (singular or plural), in the
 * current language. */
const char *message_template(const struct message *m);

/* Same code and the same argument values (strings by content). */
bool message_equal(const struct message *a, const struct message *b);

const char *message_key(enum message_code code);
enum message_severity message_severity(const struct message *m);
/* "info", "notice", "warning", "blocker": the JSON "severity". */
const char *message_severity_key(enum message_severity s);

/* qsort comparator over an array of const struct message pointers: most
 * severe first, then by code, then in array order. */
int message_compare(const void *a, const void *b);

/* True when every conversion of tmpl takes an argument of the kind the
 * letters in args give, and every argument is used (for the tests and
 * for checking a translation). */
bool message_template_valid(const char *tmpl, const char *args);

#endif
