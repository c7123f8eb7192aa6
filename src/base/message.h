/* Notes and reasons as data: a code and its arguments, stored by the
 * engine and turned into text only at the edge (report writer or
 * screen), so that a translation, a grouping or a JSON key can hang on
 * the code. One row per code in message.c; adding a message is a row. */
#ifndef GPUPLAN_MESSAGE_H
#define GPUPLAN_MESSAGE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "money.h"

enum message_code {
	MSG_NONE, /* no message: a rent that is available has no reason */
	MSG_NO_FIT_OVERHEAD,
	MSG_NO_FIT_MAX_CARDS,
	MSG_NO_FIT_FORCED,
	MSG_FP8_WITHOUT_HARDWARE,
	MSG_KV_FP8_WITHOUT_HARDWARE,
	MSG_TP_OVER_PCIE,
	MSG_REPLICAS,
	MSG_FULL_RECOMPUTE,
	MSG_MULTI_NODE,
	MSG_MULTI_NODE_NO_IB,
	MSG_PARALLEL_EFFICIENCY,
	MSG_ARCH_APPROXIMATED,
	MSG_MOE_RESIDENT,
	MSG_BEYOND_NATIVE_CONTEXT,
	MSG_FP8_TRAINING_APPROXIMATE,
	MSG_TRAINING_ACCOUNTING,
	MSG_QLORA_BASE,
	MSG_LORA_QUANTIZED_BASE,
	MSG_LOSS_FULL,
	MSG_LOSS_CHUNKED,
	MSG_NO_CONTAINER_OFFER,
	MSG_CONTAINER_MAX_CARDS,
	MSG_NO_BAREMETAL_OFFER,
	MSG_SHAPE_TP_SIZE,
	MSG_SHAPE_TP_HEADS,
	MSG_SHAPE_PP_LAYERS,
	MSG_SHAPE_CARDS,
	MSG_SHAPE_NO_FIT,
	MSG_ALT_IDLE_CARDS,
	MSG_ALT_CHEAPEST_PER_TOKEN,
	MSG_WHY_MEMORY_MINIMUM,
	MSG_WHY_TOO_SLOW,
	MSG_WHY_SPEED_UNREACHABLE,
	MSG_WHY_FORCED,
	MSG_WHY_TRAIN_MEMORY_MINIMUM,
	MSG_WHY_PAST_DEADLINE,
	MSG_WHY_DEADLINE_CHEAPEST,
	MSG_WHY_DEADLINE_UNREACHABLE,
	MSG_TRAIN_NETWORK_ASSUMED,
	MSG_TRAIN_NO_FP8,
	MSG_TRAIN_MEASURED,
	MSG_SIZE_OF_MODEL,
	MSG_SIZE_OF_MOE_MODEL,
	MSG_FP4_WITHOUT_HARDWARE,
	MSG_QLORA_BASE_BF16,
	MSG_COUNT
};

/* Higher is more important: screens with little room show those first. */
enum message_severity {
	SEVERITY_INFO,    /* how the figures were reached */
	SEVERITY_NOTICE,  /* a caveat on speed or accuracy */
	SEVERITY_WARNING, /* changes what is bought: machines, network, context */
	SEVERITY_BLOCKER  /* the plan cannot be had as asked */
};

/* ARG_MONEY: an amount and its currency (letter 'm' takes a double, then
 * the currency code), written where the template has "%s" as money is
 * written everywhere else: "¥18,800". */
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

/* One row per code. 'args' says what message_make takes, one letter per
 * argument: d int, l long long, f double, s string. forms[0] is the
 * template; a message whose wording follows a count also has forms[1],
 * the plural pair that ngettext takes (NP_), chosen by args[count]. Both
 * are msgids: message_format translates them when it renders, never
 * before (the language can change live). Templates are printf formats; a
 * translation may use %2$s to reorder. 'translate' has bit i set when
 * string argument i is table text marked N_() (a rent or network name),
 * translated as it is rendered; other strings are data and stay as given. */
struct message_row {
	const char *key; /* stable: JSON and translation context */
	enum message_severity severity;
	const char *args;
	const char *forms[2];
	int count;
	unsigned translate;
};

/* Indexed by code. */
extern const struct message_row message_rows[MSG_COUNT];

/* Builds a message; the arguments follow the row's 'args'. */
struct message message_make(enum message_code code, ...);
struct message message_vmake(enum message_code code, va_list ap);

/* Appends to list[*n] unless max are there already: a full list keeps
 * the messages it has. */
void message_vadd(struct message *list, int *n, int max, enum message_code code, va_list ap);

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

/* qsort comparator over an array of const struct message pointers: most
 * severe first, then by code, then in array order. */
int message_compare(const void *a, const void *b);

/* True when every conversion of tmpl takes an argument of the kind the
 * letters in args give, and every argument is used (for the tests and
 * for checking a translation). */
bool message_template_valid(const char *tmpl, const char *args);

#endif
