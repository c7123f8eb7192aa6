#include "message.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "money.h"

/* The wording of every note and reason; the order of the enum is the
 * order of this table. */
const struct message_row message_rows[MSG_COUNT] = {
	[MSG_NONE] = {.key = "none", .severity = SEVERITY_INFO, .args = "", .forms = {""}},
	[MSG_NO_FIT_OVERHEAD] = {
		.key = "no_fit_overhead", .severity = SEVERITY_BLOCKER, .args = "",
		.forms = {N_("does not fit: the runtime overhead alone fills the card with headroom")}},
	[MSG_NO_FIT_MAX_CARDS] = {
		.key = "no_fit_max_cards", .severity = SEVERITY_BLOCKER, .args = "d",
		.forms = {N_("does not fit on %d cards or fewer of this type")}},
	[MSG_NO_FIT_FORCED] = {
		.key = "no_fit_forced", .severity = SEVERITY_BLOCKER, .args = "d",
		.forms = {N_("does not fit on the %d cards asked for")}},
	[MSG_FP8_WITHOUT_HARDWARE] = {
		.key = "fp8_without_hardware", .severity = SEVERITY_NOTICE, .args = "s",
		.forms = {N_("FP8 without hardware FP8 on %s: stored as FP8, computed in 16-bit")}},
	[MSG_KV_FP8_WITHOUT_HARDWARE] = {
		.key = "kv_fp8_without_hardware", .severity = SEVERITY_NOTICE, .args = "",
		.forms = {N_("FP8 KV cache without hardware FP8: dequantized on every read")}},
	[MSG_TP_OVER_PCIE] = {
		.key = "tp_over_pcie", .severity = SEVERITY_NOTICE, .args = "d",
		.forms = {N_("TP%d over PCIe scales poorly (no NVLink): pipeline parallel is the "
			"alternative")}},
	[MSG_REPLICAS] = {
		.key = "replicas", .severity = SEVERITY_INFO, .args = "ddf", .count = 1,
		.forms = NP_("%d replicas of %d card, each serving %.0f sequences: more cards for "
			"throughput, not for memory",
			"%d replicas of %d cards, each serving %.0f sequences: more cards for "
			"throughput, not for memory")},
	[MSG_FULL_RECOMPUTE] = {
		.key = "full_recompute", .severity = SEVERITY_INFO, .args = "",
		.forms = {N_("full activation recomputation: keeps layer inputs only (about a third more "
			"compute)")}},
	[MSG_MULTI_NODE] = {
		.key = "multi_node", .severity = SEVERITY_WARNING, .args = "d",
		.forms = {N_("multi-node: %d machines, a custom quote from sales; needs an IB network "
			"between machines")}},
	[MSG_MULTI_NODE_NO_IB] = {
		.key = "multi_node_offer_without_ib", .severity = SEVERITY_WARNING, .args = "d",
		.forms = {N_("multi-node: %d machines, a custom quote from sales; needs an IB network "
			"between machines (the offer used lists none)")}},
	[MSG_PARALLEL_EFFICIENCY] = {
		.key = "parallel_efficiency", .severity = SEVERITY_INFO, .args = "ff",
		.forms = {N_("at %.0f %% parallel efficiency %.0f %% of the spend buys no compute")}},
	[MSG_ARCH_APPROXIMATED] = {
		.key = "architecture_approximated", .severity = SEVERITY_NOTICE, .args = "ss",
		.forms = {N_("%s: architecture approximated (%s): KV cache and activations are estimates")}},
	[MSG_MOE_RESIDENT] = {
		.key = "moe_all_resident", .severity = SEVERITY_INFO, .args = "ff",
		.forms = {N_("MoE: all %.4gB parameters are resident; %.4gB are active per token")}},
	[MSG_BEYOND_NATIVE_CONTEXT] = {
		.key = "beyond_native_context", .severity = SEVERITY_WARNING, .args = "lsd",
		.forms = {N_("context %lld is beyond %s's native %d tokens")}},
	[MSG_FP8_TRAINING_APPROXIMATE] = {
		.key = "fp8_training_approximate", .severity = SEVERITY_NOTICE, .args = "s",
		.translate = 1,
		.forms = {N_("FP8 training memory is approximate (%s)")}},
	[MSG_TRAINING_ACCOUNTING] = {
		.key = "training_accounting", .severity = SEVERITY_INFO, .args = "s",
		.translate = 1,
		.forms = {N_("training accounting: %s per trainable parameter")}},
	[MSG_QLORA_BASE] = {
		.key = "qlora_base", .severity = SEVERITY_INFO, .args = "",
		.forms = {N_("QLoRA base in NF4 with double quantization (4.127 bits/param); embedding "
			"and LM head upcast to fp32 by PEFT's k-bit preparation")}},
	[MSG_LORA_QUANTIZED_BASE] = {
		.key = "lora_quantized_base", .severity = SEVERITY_INFO, .args = "s",
		.forms = {N_("LoRA over a %s-quantized base")}},
	[MSG_LOSS_FULL] = {
		.key = "loss_full", .severity = SEVERITY_INFO, .args = "",
		.forms = {N_("loss: the full logits as the Hugging Face Trainer holds them (bf16, an "
			"fp32 copy, log-softmax and gradients: 16 B per token and vocabulary entry); "
			"--loss chunked for torchtune, Liger or Megatron")}},
	[MSG_LOSS_CHUNKED] = {
		.key = "loss_chunked", .severity = SEVERITY_INFO, .args = "",
		.forms = {N_("loss: chunked cross-entropy, one of 8 chunks of the fp32 logits held at a "
			"time")}},
	[MSG_NO_CONTAINER_OFFER] = {
		.key = "no_container_offer", .severity = SEVERITY_NOTICE, .args = "s",
		.forms = {N_("no container offer for %s")}},
	[MSG_CONTAINER_MAX_CARDS] = {
		.key = "container_max_cards", .severity = SEVERITY_NOTICE, .args = "dd", .count = 0,
		.forms = NP_("%d card: a container allows at most %d",
			"%d cards: a container allows at most %d")},
	[MSG_NO_BAREMETAL_OFFER] = {
		.key = "no_baremetal_offer", .severity = SEVERITY_NOTICE, .args = "s",
		.forms = {N_("no bare-metal offer for %s")}},
	[MSG_SHAPE_TP_SIZE] = {
		.key = "shape_tp_size", .severity = SEVERITY_BLOCKER, .args = "d",
		.forms = {N_("TP%d is not a shape inside one machine: tensor parallel is 1, 2, 4 or 8")}},
	[MSG_SHAPE_TP_HEADS] = {
		.key = "shape_tp_heads", .severity = SEVERITY_BLOCKER, .args = "dsd",
		.forms = {N_("TP%d does not divide %s's %d attention heads")}},
	[MSG_SHAPE_PP_LAYERS] = {
		.key = "shape_pp_layers", .severity = SEVERITY_BLOCKER, .args = "dd",
		.forms = {N_("PP%d has more stages than the model's %d layers")}},
	[MSG_SHAPE_CARDS] = {
		.key = "shape_cards", .severity = SEVERITY_BLOCKER, .args = "ddd",
		.forms = {N_("%d cards is not a multiple of TP%d × PP%d")}},
	[MSG_SHAPE_NO_FIT] = {
		.key = "shape_no_fit", .severity = SEVERITY_BLOCKER, .args = "s",
		.forms = {N_("the shape asked for (%s) does not fit in memory")}},
	[MSG_ALT_IDLE_CARDS] = {
		.key = "alternative_idle_cards", .severity = SEVERITY_INFO, .args = "f",
		.forms = {N_("uses the idle cards of the paid machine: %.1f× tokens/s, same price")}},
	[MSG_ALT_CHEAPEST_PER_TOKEN] = {
		.key = "alternative_cheapest_per_token", .severity = SEVERITY_INFO, .args = "m",
		.forms = {N_("cheapest per million output tokens at full load: %s per million")}},
	[MSG_WHY_MEMORY_MINIMUM] = {
		.key = "why_memory_minimum", .severity = SEVERITY_INFO, .args = "dddf", .count = 0,
		.forms = NP_("the memory minimum was %d card, TP%d × PP%d: %.1f tokens/s per user",
			"the memory minimum was %d cards, TP%d × PP%d: %.1f tokens/s per user")},
	[MSG_WHY_TOO_SLOW] = {
		.key = "why_too_slow", .severity = SEVERITY_WARNING, .args = "ff",
		.forms = {N_("%.1f tokens/s per user is below the %.1f asked for")}},
	[MSG_WHY_SPEED_UNREACHABLE] = {
		.key = "why_speed_unreachable", .severity = SEVERITY_WARNING, .args = "fdf", .count = 1,
		.forms = NP_("no shape reaches %.1f tokens/s per user: the fastest, on %d card, gives %.1f",
			"no shape reaches %.1f tokens/s per user: the fastest, on %d cards, gives %.1f")},
	[MSG_WHY_FORCED] = {
		.key = "why_forced", .severity = SEVERITY_INFO, .args = "",
		.forms = {N_("the shape is forced (--cards, --tp or --pp): no speed target is applied")}},
	[MSG_WHY_TRAIN_MEMORY_MINIMUM] = {
		.key = "why_train_memory_minimum", .severity = SEVERITY_INFO, .args = "dff", .count = 0,
		.forms = NP_("the memory minimum was %d card: %.1f days at %.0f %% parallel efficiency",
			"the memory minimum was %d cards: %.1f days at %.0f %% parallel efficiency")},
	[MSG_WHY_PAST_DEADLINE] = {
		.key = "why_past_deadline", .severity = SEVERITY_WARNING, .args = "ff",
		.forms = {N_("%.1f days is past the %.1f-day deadline")}},
	[MSG_WHY_DEADLINE_CHEAPEST] = {
		.key = "why_deadline_cheapest", .severity = SEVERITY_INFO, .args = "dsm", .count = 0,
		.translate = 1u << 1,
		.forms = NP_("%d card, %s, is the cheapest way to meet the deadline: %s for the job",
			"%d cards, %s, are the cheapest way to meet the deadline: %s for the job")},
	[MSG_WHY_DEADLINE_UNREACHABLE] = {
		.key = "why_deadline_unreachable", .severity = SEVERITY_WARNING, .args = "fdf", .count = 1,
		.forms = NP_("no card count meets the %.1f-day deadline: the fastest, %d card, takes "
			"%.1f days",
			"no card count meets the %.1f-day deadline: the fastest, %d cards, takes "
			"%.1f days")},
	[MSG_TRAIN_NETWORK_ASSUMED] = {
		.key = "train_network_assumed", .severity = SEVERITY_NOTICE, .args = "sf",
		.translate = 1,
		.forms = {N_("between machines: %s assumed at %.4g GB/s (the offer gives no inter_node_gbs)")}},
	[MSG_TRAIN_NO_FP8] = {
		.key = "train_no_fp8", .severity = SEVERITY_NOTICE, .args = "s",
		.forms = {N_("%s has no FP8: training time at its BF16 peak")}},
	[MSG_TRAIN_MEASURED] = {
		.key = "train_measured", .severity = SEVERITY_INFO, .args = "ff",
		.forms = {N_("training days from the measured speed-ups: USL sigma %.4f, kappa %.4g "
			"(exact arithmetic, no band)")}},
	[MSG_QLORA_BASE_BF16] = {
		.key = "qlora_base_bf16", .severity = SEVERITY_INFO, .args = "",
		.forms = {N_("QLoRA base in NF4 with double quantization (4.127 bits/param); embedding "
			"and LM head kept in bf16, as torchtune does (the Hugging Face stack, --loss "
			"full, upcasts them to fp32)")}},
	[MSG_SIZE_OF_MODEL] = {
		.key = "size_of_model", .severity = SEVERITY_NOTICE, .args = "fss",
		.forms = {N_("%.4gB is the size of %s: -m %s sizes its exact shape")}},
	[MSG_SIZE_OF_MOE_MODEL] = {
		.key = "size_of_moe_model", .severity = SEVERITY_WARNING, .args = "fss",
		.forms = {N_("%.4gB is the total of %s, a MoE model: a bare size is sized as a dense "
			"model with every parameter active; -m %s sizes its experts")}},
	[MSG_FP4_WITHOUT_HARDWARE] = {
		.key = "fp4_without_hardware", .severity = SEVERITY_NOTICE, .args = "ss",
		.forms = {N_("%s without FP4 tensor cores on %s: dequantized to 16-bit as it is read "
			"(weight-only)")}},
};

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

static struct message_arg arg_take(char letter, va_list *ap)
{
	switch (letter) {
	case 'd':
		return (struct message_arg){.kind = ARG_INT, .v.i = va_arg(*ap, int)};
	case 'l':
		return (struct message_arg){.kind = ARG_INT, .v.i = va_arg(*ap, long long)};
	case 'f':
		return (struct message_arg){.kind = ARG_DOUBLE, .v.f = va_arg(*ap, double)};
	case 's': {
		struct message_arg a = {.kind = ARG_STRING};
		copy_text(a.v.s, sizeof a.v.s, va_arg(*ap, const char *));
		return a;
	}
	case 'm': {
		struct message_arg a = {.kind = ARG_MONEY};
		a.v.money.amount = va_arg(*ap, double);
		copy_text(a.v.money.currency, sizeof a.v.money.currency, va_arg(*ap, const char *));
		return a;
	}
	default:
		return (struct message_arg){.kind = ARG_NONE};
	}
}

struct message message_vmake(enum message_code code, va_list ap)
{
	struct message m = {.code = code};
	const char *letters = row_of(code)->args;
	va_list copy;
	va_copy(copy, ap);
	for (int i = 0; i < MESSAGE_ARGS && letters[i]; i++)
		m.args[i] = arg_take(letters[i], &copy);
	va_end(copy);
	return m;
}

struct message message_make(enum message_code code, ...)
{
	va_list ap;
	va_start(ap, code);
	struct message m = message_vmake(code, ap);
	va_end(ap);
	return m;
}

void message_vadd(struct message *list, int *n, int max, enum message_code code, va_list ap)
{
	if (*n < max)
		list[(*n)++] = message_vmake(code, ap);
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

/* Whole units from 100 up, cents below: "¥18,800", "¥0.27". */
static void out_money(struct out *o, const struct spec *s, const struct message_arg *a)
{
	char text[48];
	double amount = a->v.money.amount;
	money_format(text, sizeof text, amount, a->v.money.currency,
		     fabs(amount) >= 100 ? 0 : 2, money_style);
	out_advance(o, snprintf(out_at(o), o->cap - o->len, s->fmt, text));
}

/* translate: a's string is table text marked N_() (the row's 'translate'). */
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
	bool translate = i < MESSAGE_ARGS && (row_of(m->code)->translate >> i & 1u);
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
