#include "settings.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"
#include "jsonw.h"
#include "money.h"
#include "parse.h"
#include "settings_serve.h"
#include "settings_train.h"
#include "tables.h"

/* ---- Choice lists: the engine's tables, or the scenario's small enums ---- */

/* Choice 0 is "auto" (the model's shipped dtype), then precisions[]. */
static const char *precision_choice(size_t i)
{
	return i == 0 ? N_("auto") : i <= n_precisions ? precisions[i - 1].name : NULL;
}

static size_t precision_get(const struct scenario *sc)
{
	return sc->precision_auto ? 0 : (size_t)sc->precision + 1;
}

static void precision_set(struct scenario *sc, size_t i)
{
	sc->precision_auto = i == 0;
	if (i > 0)
		sc->precision = (int)i - 1;
	scenario_resolve_precision(sc);
}

/* The title's "budget 20,000 a month" (serving) or "budget 20,000" (a
 * job): grouped as the money it is (the currency is the data's, which the
 * scenario does not hold). */
static void budget_effective(const struct scenario *sc, char *buf, size_t cap)
{
	char amount[48];
	money_group(amount, sizeof amount, sc->budget, 0);
	snprintf(buf, cap, tasks[sc->task].kind == TASK_INFERENCE ? _("%s a month") : "%s", amount);
}

/* Reports show the precision in effect; the request only in JSON. */
static void precision_effective(const struct scenario *sc, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s", precisions[sc->precision].name);
}

static void precision_json(struct jsonw *j, const char *key, const struct scenario *sc)
{
	jw_string(j, key, precisions[sc->precision].name);
	jw_string(j, "precision_requested",
		  sc->precision_auto ? "auto" : precisions[sc->precision].name);
}

static const char *task_choice(size_t i)
{
	return i < n_tasks ? tasks[i].name : NULL;
}

static const char *task_label(size_t i)
{
	return i < n_tasks ? tasks[i].label : NULL;
}

/* A choice row over an enum field of struct scenario: names in enum
 * order, and the hooks that read and write the field as an index. */
#define ENUM_CHOICE(prefix, type, field, ...)                                              \
	static const char *prefix##_choice(size_t i)                                       \
	{                                                                                  \
		static const char *const names[] = {__VA_ARGS__};                          \
		return i < sizeof names / sizeof names[0] ? names[i] : NULL;               \
	}                                                                                  \
	static size_t prefix##_get(const struct scenario *sc)                              \
	{                                                                                  \
		return (size_t)sc->field;                                                  \
	}                                                                                  \
	static void prefix##_set(struct scenario *sc, size_t i)                            \
	{                                                                                  \
		sc->field = (type)i;                                                       \
	}

/* Names that are English words are marked: the form shows _(name), and
 * setting_parse takes that back (names like "fp8" or "16" are not). */
ENUM_CHOICE(kv, enum kv_choice, kv_precision, [KV_AUTO] = N_("auto"), [KV_16] = "16",
	    [KV_FP8] = "fp8")
ENUM_CHOICE(recompute, enum recompute_choice, recompute, [RC_AUTO] = N_("auto"),
	    [RC_NONE] = N_("none"), [RC_FULL] = N_("full"))
ENUM_CHOICE(loss, enum loss_kind, loss, [LOSS_FULL] = N_("full"),
	    [LOSS_CHUNKED] = N_("chunked"))
/* The loss's words for a person: "full" alone would read as 全量 (the
 * task's word) in Chinese. */
static const char *loss_label(size_t i)
{
	static const char *const labels[] = {[LOSS_FULL] = N_("full fp32 logits"),
					     [LOSS_CHUNKED] = N_("chunked logits")};
	return i < sizeof labels / sizeof labels[0] ? labels[i] : NULL;
}
ENUM_CHOICE(accounting, enum accounting, accounting, [ACCOUNTING_ZERO] = N_("zero"),
	    [ACCOUNTING_DEEPSPEED] = "deepspeed")

ENUM_CHOICE(ep, enum plan_choice, ep, [PLAN_AUTO] = N_("auto"), [PLAN_ON] = N_("on"),
	    [PLAN_OFF] = N_("off"))
ENUM_CHOICE(dpa, enum plan_choice, dpa, [PLAN_AUTO] = N_("auto"), [PLAN_ON] = N_("on"),
	    [PLAN_OFF] = N_("off"))

ENUM_CHOICE(network, enum network_choice, network, [NETWORK_OFFER] = N_("offer"),
	    [NETWORK_IB] = N_("ib"), [NETWORK_ETHERNET] = N_("ethernet"))

/* Index i is stage i - 1: "auto" is ZERO_AUTO (-1). */
static const char *zero_choice(size_t i)
{
	static const char *const names[] = {N_("auto"), "0", "1", "2", "3"};
	return i < sizeof names / sizeof names[0] ? names[i] : NULL;
}

static size_t zero_get(const struct scenario *sc)
{
	return (size_t)(sc->zero - ZERO_AUTO);
}

static void zero_set(struct scenario *sc, size_t i)
{
	sc->zero = (enum zero_stage)((int)i + ZERO_AUTO);
}

/* ---- The rows that need their own text form ---- */

/* setting_parse sets the model itself, with "did you mean"; this hook
 * only keeps the row's shape (err left empty: the row's accepted text). */
static bool model_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
			const char *text, char *err, size_t cap)
{
	char near[160];
	(void)s;
	(void)err;
	(void)cap;
	return c && scenario_set_model(sc, c, text, near, sizeof near);
}

/* A catalogue model by its name; a custom size as it was typed (its
 * name, "70B (size only)", is not something the parser takes). */
static void model_format(const struct scenario *sc, char *buf, size_t cap)
{
	const struct model *m = scenario_model(sc);
	snprintf(buf, cap, "%s", !m ? "" : sc->is_custom ? m->id : m->name);
}

static void model_json(struct jsonw *j, const char *key, const struct scenario *sc)
{
	const struct model *m = scenario_model(sc);
	jw_string(j, key, m->id);
	jw_string(j, "model_name", m->name);
}

#define FIELD(name) .offset = offsetof(struct scenario, name)

const struct setting settings[] = {
	{.key = "model", .short_flag = 'm', .metavar = "ID|SIZE", .label = N_("Model"),
	 .places = PLACE_BOTH, .kind = SETTING_TEXT, .needs_catalog = true, .json_key = "model",
	 .help = N_("catalogue id, name or alias (any case), or a size: 70b, 7.5B"),
	 .accepted = scenario_model_accepted,
	 .ops = {model_parse, model_format, model_json}},
	{.key = "precision", .def_choice = "auto", .short_flag = 'p', .metavar = "P", .label = N_("Precision"),
	 .places = PLACE_BOTH, .kind = SETTING_CHOICE, .summary = SUMMARY_VALUE,
	 .json_key = "precision", .help = N_("precision (auto: the model's shipped dtype)"),
	 .choice = precision_choice, .get_choice = precision_get, .set_choice = precision_set,
	 .ops = {.json = precision_json, .effective = precision_effective}},
	{.key = "task", .def_choice = "inference", .short_flag = 't', .metavar = "T", .label = N_("Task"), .places = PLACE_BOTH,
	 .kind = SETTING_CHOICE, .summary = SUMMARY_VALUE, .json_key = "task",
	 .help = N_("task"), .choice = task_choice, .choice_label = task_label,
	 FIELD(task), .type = FIELD_INT},
	{.key = "context", .def = DEFAULT_CONTEXT, .short_flag = 'c', .metavar = "N", .label = N_("Context"),
	 .unit = N_("tokens"), .places = PLACE_BOTH, .kind = SETTING_COUNT,
	 .summary = SUMMARY_NAMED, .summary_text = N_("context %s"), .json_key = "context",
	 .help = N_("tokens: 4096, 4k, 128K"),
	 .accepted = N_("a token count above 0 such as 4096, 4k or 128K"), FIELD(context),
	 .type = FIELD_LLONG, .min = 1, .max = MAX_CONTEXT_TOKENS},
	{.key = "concurrency", .def = 1, .short_flag = 'n', .metavar = "N", .label = N_("Concurrency"),
	 .places = PLACE_BOTH, .kind = SETTING_COUNT, .summary = SUMMARY_NAMED,
	 .summary_text = N_("concurrency %s"),
	 .json_key = "concurrency", .help = N_("sequences served at once / micro-batch"),
	 .accepted = N_("a whole number from %s to %s"), FIELD(concurrency),
	 .type = FIELD_LLONG, .min = 1, .max = MAX_CONCURRENCY},
	{.key = "headroom", .def = DEFAULT_HEADROOM_PCT, .metavar = "PCT", .label = N_("Headroom"), .unit = "%",
	 .places = PLACE_BOTH, .kind = SETTING_NUMBER, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("custom headroom"),
	 .json_key = "headroom_pct", .json_decimals = 2,
	 .help = N_("memory kept free on each card, %"),
	 .accepted = N_("a percentage from %s to %s"),
	 FIELD(headroom_pct), .type = FIELD_DOUBLE, .max = 1000},
	{.key = "kv-precision", .def_choice = "auto", .metavar = "K", .label = N_("KV cache"), .places = PLACE_BOTH,
	 .advanced = true, .kind = SETTING_CHOICE, .json_key = "kv_precision",
	 .help = N_("KV cache"), .choice = kv_choice, .get_choice = kv_get, .set_choice = kv_set},
	{.key = "zero", .def_choice = "auto", .metavar = "Z", .label = "ZeRO", .places = PLACE_BOTH, .advanced = true,
	 .kind = SETTING_CHOICE, .json_key = "zero", .help = N_("ZeRO stage"), .choice = zero_choice,
	 .get_choice = zero_get, .set_choice = zero_set},
	{.key = "recompute", .def_choice = "auto", .metavar = "R", .label = N_("Recompute"), .places = PLACE_BOTH,
	 .advanced = true, .kind = SETTING_CHOICE, .json_key = "recompute",
	 .help = N_("activation recomputation"), .choice = recompute_choice,
	 .get_choice = recompute_get, .set_choice = recompute_set},
	{.key = "lora-rank", .def = DEFAULT_LORA_RANK, .metavar = "R", .label = N_("LoRA rank"), .places = PLACE_BOTH,
	 .advanced = true, .kind = SETTING_COUNT, .json_key = "lora_rank", .help = N_("LoRA rank"),
	 .accepted = N_("a rank from %s to %s"), FIELD(lora_rank), .type = FIELD_INT, .min = 1,
	 .max = MAX_LORA_RANK},
	{.key = "loss", .def_choice = "full", .metavar = "L", .label = N_("Loss"), .places = PLACE_BOTH, .advanced = true,
	 .kind = SETTING_CHOICE, .json_key = "loss",
	 .help = N_("training loss: full fp32 logits (HF Trainer) or chunked (torchtune)"),
	 .choice = loss_choice, .choice_label = loss_label, .get_choice = loss_get,
	 .set_choice = loss_set},
	{.key = "optimizer-accounting", .def_choice = "zero", .metavar = "A", .label = N_("Accounting"),
	 .places = PLACE_BOTH, .advanced = true, .kind = SETTING_CHOICE,
	 .json_key = "optimizer_accounting",
	 .help = N_("training bytes per parameter: ZeRO paper (16 B) or DeepSpeed (18 B)"),
	 .choice = accounting_choice, .get_choice = accounting_get,
	 .set_choice = accounting_set},
	{.key = "overhead", .def = DEFAULT_OVERHEAD_GIB, .metavar = "GIB", .label = N_("Overhead"), .unit = "GiB",
	 .places = PLACE_BOTH, .advanced = true, .kind = SETTING_NUMBER,
	 .json_key = "overhead_gib", .json_decimals = 4, .help = N_("runtime overhead per card, GiB"),
	 .accepted = N_("GiB per card from %s to %s"), FIELD(overhead_gib), .type = FIELD_DOUBLE,
	 .max = 1024},
	{.key = "prefill-chunk", .def = DEFAULT_PREFILL_CHUNK, .metavar = "N", .label = N_("Prefill"), .unit = "tok",
	 .places = PLACE_BOTH, .advanced = true, .kind = SETTING_COUNT,
	 .json_key = "prefill_chunk", .help = N_("prefill chunk in tokens (0 = whole prompt)"),
	 .accepted = N_("a token count (0 = the whole prompt at once)"), FIELD(prefill_chunk),
	 .type = FIELD_LLONG, .min = 0, .max = MAX_CONTEXT_TOKENS},
	{.key = "cards", .metavar = "N", .label = N_("Cards"), .places = PLACE_BOTH, .advanced = true,
	 .kind = SETTING_COUNT, .json_key = "cards",
	 .help = N_("force N cards: show that plan's memory and cost"),
	 .accepted = N_("auto or a card count from %s to %s"), FIELD(cards), .type = FIELD_INT,
	 .min = 1, .max = MAX_CARDS, .zero_is_auto = true},
	{.key = "tp", .metavar = "N", .label = "TP", .places = PLACE_BOTH, .advanced = true,
	 .kind = SETTING_COUNT, .json_key = "tp",
	 .help = N_("force tensor parallel N (1, 2, 4, 8) inside a machine"),
	 .accepted = N_("auto or 1, 2, 4 or 8"), FIELD(tp), .type = FIELD_INT, .min = 1,
	 .max = 8, .zero_is_auto = true},
	{.key = "pp", .metavar = "N", .label = "PP", .places = PLACE_BOTH, .advanced = true,
	 .kind = SETTING_COUNT, .json_key = "pp", .help = N_("force pipeline parallel N stages"),
	 .accepted = N_("auto or a stage count from %s to %s"), FIELD(pp), .type = FIELD_INT,
	 .min = 1, .max = MAX_CARDS, .zero_is_auto = true},
	{.key = "output-len", .def = DEFAULT_OUTPUT_LEN, .metavar = "N", .label = N_("Output"), .unit = "tok",
	 .places = PLACE_BOTH, .kind = SETTING_COUNT, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("custom output-len"),
	 .json_key = "output_len",
	 .help = N_("tokens generated per request (input = context - output)"),
	 .accepted = N_("a token count above 0, below the context"), FIELD(output_len),
	 .type = FIELD_LLONG, .min = 1, .max = MAX_CONTEXT_TOKENS},
	{.key = "duty", .def = DEFAULT_DUTY_PCT, .metavar = "PCT", .label = N_("Duty"), .unit = "%", .places = PLACE_BOTH,
	 .advanced = true, .kind = SETTING_NUMBER, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("custom duty"),
	 .json_key = "duty_pct", .json_decimals = 1,
	 .help = N_("share of the month the service is busy, % (cost per token)"),
	 .accepted = N_("a percentage from %s to %s"), FIELD(duty_pct), .type = FIELD_DOUBLE,
	 .min = 1, .max = 100},
	{.key = "min-speed", .def = DEFAULT_MIN_SPEED, .metavar = "TOK/S", .label = N_("Min speed"), .unit = "tok/s",
	 .places = PLACE_BOTH, .kind = SETTING_NUMBER, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("custom min-speed"),
	 .json_key = "min_speed", .json_decimals = 1,
	 .help = N_("serving: tokens/s each user must stream under the load (1/ITL; none = no "
		    "target)"),
	 .accepted = N_("tokens per second per user, %s (none) to %s"), FIELD(min_speed),
	 .type = FIELD_DOUBLE, .max = MAX_MIN_SPEED, .zero_word = N_("none")},
	{.key = "rate", .metavar = "REQ/S", .label = N_("Rate"), .unit = "req/s",
	 .places = PLACE_BOTH, .kind = SETTING_NUMBER, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("%s requests/s"), .json_key = "rate", .json_decimals = 4,
	 .help = N_("serving: requests per second arriving (an open loop, instead of a fixed "
		    "concurrency; none = the concurrency's closed loop)"),
	 .accepted = N_("requests per second, %s (none) to %s"), FIELD(rate),
	 .type = FIELD_DOUBLE, .max = MAX_RATE, .zero_word = N_("none")},
	{.key = "slo-ttft", .def = DEFAULT_SLO_TTFT_S, .metavar = "T", .label = N_("TTFT target"), .places = PLACE_BOTH,
	 .kind = SETTING_NUMBER, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("TTFT target %s"), .json_key = "slo_ttft_s", .json_decimals = 4,
	 .help = N_("serving: time to first token the plan must meet, 2s or 500ms: the mean at the "
		    "concurrency, the percentile with --rate (none = no target)"),
	 .accepted = N_("a time such as 2s or 500ms, or none"), FIELD(slo_ttft_s),
	 .type = FIELD_DOUBLE, .max = MAX_SLO_S, .zero_word = N_("none"),
	 .ops = {.parse = latency_parse, .format = slo_ttft_format}},
	{.key = "slo-tpot", .metavar = "T", .label = N_("TPOT target"), .places = PLACE_BOTH,
	 .kind = SETTING_NUMBER, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("TPOT target %s"), .json_key = "slo_tpot_s", .json_decimals = 6,
	 .help = N_("serving with --rate: time per output token each request must meet at the "
		    "percentile, 50ms (none = no target)"),
	 .accepted = N_("a time such as 50ms, or none"), FIELD(slo_tpot_s), .type = FIELD_DOUBLE,
	 .max = MAX_SLO_S, .zero_word = N_("none"),
	 .ops = {.parse = latency_parse, .format = slo_tpot_format}},
	{.key = "percentile", .def = DEFAULT_PERCENTILE, .metavar = "P", .label = N_("Percentile"), .unit = "%",
	 .places = PLACE_BOTH, .advanced = true, .kind = SETTING_NUMBER,
	 .summary = SUMMARY_IF_CHANGED, .summary_text = N_("p%s"), .json_key = "percentile",
	 .json_decimals = 2, .help = N_("serving with --rate: the percentile of the targets"),
	 .accepted = N_("a percentile from %s to %s"), FIELD(percentile), .type = FIELD_DOUBLE,
	 .min = 50, .max = 99.99},
	{.key = "ep", .def_choice = "auto", .metavar = "E", .label = N_("EP"), .places = PLACE_BOTH,
	 .advanced = true, .kind = SETTING_CHOICE, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("expert parallel %s"), .json_key = "ep",
	 .help = N_("serving a MoE model: experts whole on each card of the TP group (TP + EP)"),
	 .choice = ep_choice, .get_choice = ep_get, .set_choice = ep_set},
	{.key = "dp-attention", .def_choice = "auto", .metavar = "D", .label = N_("DP-attn"), .places = PLACE_BOTH,
	 .advanced = true, .kind = SETTING_CHOICE, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("DP-attention %s"), .json_key = "dp_attention",
	 .help = N_("serving a MoE model with MLA: attention data parallel, experts split (DPA + "
		    "EP)"),
	 .choice = dpa_choice, .get_choice = dpa_get, .set_choice = dpa_set},
	{.key = "engine", .def_choice = "", .metavar = "KEY=VALUE,...", .label = N_("Engine"), .places = PLACE_BOTH,
	 .advanced = true, .kind = SETTING_TEXT, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("engine %s"), .json_key = "engine",
	 .help = N_("serving: engine constants, tau_layer_us=25,kappa=3 (SERVING.md section 9; "
		    "empty = the defaults)"),
	 .accepted = N_("KEY=VALUE pairs such as tau_layer_us=25,kappa=3 (empty = the defaults)"),
	 .ops = {.parse = engine_setting_parse, .format = engine_setting_format}},
	{.key = "train-tokens", .metavar = "N", .label = N_("To train"), .unit = "tok",
	 .places = PLACE_BOTH, .kind = SETTING_NUMBER, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("%s tokens to train"),
	 .json_key = "train_tokens",
	 .help = N_("training: dataset tokens for the time estimate, 2B, 500M, 1.4T (empty = none)"),
	 .accepted = N_("a token count such as 2B, 500M or 1.4T (empty or 0 = no training time)"),
	 .min = 1, .max = MAX_TRAIN_TOKENS,
	 .ops = {train_tokens_parse, train_tokens_format, train_tokens_json}},
	{.key = "epochs", .def = DEFAULT_EPOCHS, .metavar = "N", .label = N_("Epochs"), .places = PLACE_BOTH,
	 .advanced = true, .kind = SETTING_COUNT, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("custom epochs"),
	 .json_key = "epochs", .help = N_("training: passes over the dataset"),
	 .accepted = N_("a whole number from %s to %s"), FIELD(epochs), .type = FIELD_INT,
	 .min = 1, .max = MAX_EPOCHS},
	{.key = "global-batch", .def = DEFAULT_GLOBAL_BATCH, .metavar = "N", .label = N_("Step tokens"), .unit = "tok",
	 .places = PLACE_BOTH, .advanced = true, .kind = SETTING_NUMBER,
	 .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("custom global-batch"), .json_key = "global_batch", .json_decimals = 0,
	 .help = N_("training: tokens per optimizer step (auto: 4Mi pretraining, 1Mi fine-tuning)"),
	 .accepted = N_("auto or a token count such as 1M or 4M"),
	 FIELD(global_batch), .type = FIELD_DOUBLE, .min = 1, .max = MAX_GLOBAL_BATCH,
	 .ops = {.parse = global_batch_parse, .format = global_batch_format,
		 .json = global_batch_json}},
	{.key = "deadline", .metavar = "D", .label = N_("Deadline"), .places = PLACE_BOTH,
	 .kind = SETTING_NUMBER, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("deadline %s"), .json_key = "deadline_days",
	 .help = N_("training: finish within 14d, 36h, 3w or by a date 2027-01-15 (empty = none)"),
	 .accepted = N_("14d, 36h, 3w or a date after today such as 2027-01-15 (empty = none)"),
	 .min = MIN_DEADLINE_DAYS, .max = MAX_DEADLINE_DAYS,
	 .ops = {deadline_parse, deadline_format, deadline_json}},
	{.key = "measured", .metavar = "C:TOK/S,...", .label = N_("Measured"), .places = PLACE_BOTH,
	 .advanced = true, .kind = SETTING_NUMBER, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("measured %s"),
	 .json_key = "measured",
	 .help = N_("training: tokens/s measured on 1, 2, 4 ... cards of the --gpu type, "
		    "1:1520,2:2900,4:5400 (fits the USL)"),
	 .accepted = N_("cards:tokens/s pairs such as 1:1520,2:2900,4:5400 (empty = none)"),
	 .ops = {measured_parse, measured_format, measured_json, measured_effective}},
	{.key = "network", .def_choice = "offer", .metavar = "N", .label = N_("Network"), .places = PLACE_BOTH,
	 .advanced = true, .kind = SETTING_CHOICE, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("custom network"),
	 .json_key = "network", .help = N_("training: link between machines (what-if)"),
	 .choice = network_choice, .get_choice = network_get, .set_choice = network_set},
	{.key = "budget", .metavar = "AMOUNT", .label = N_("Budget"), .places = PLACE_BOTH,
	 .advanced = true, .kind = SETTING_NUMBER, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("budget %s"), .json_key = "budget", .json_decimals = 0,
	 .help = N_("the most to spend, a month for serving, for the whole job in training; the "
		    "plan stays the cheapest that meets the goals, the fastest within the budget "
		    "is listed beside it, and a budget below the plan says by how much (none = no "
		    "budget)"),
	 .accepted = N_("an amount (a month; training: the job), %s (none) to %s"), FIELD(budget),
	 .type = FIELD_DOUBLE, .max = 1e12, .zero_word = N_("none"),
	 .ops = {.effective = budget_effective}},
	{.key = "trial", .metavar = "FILE", .label = N_("Trial"), .places = PLACE_BOTH,
	 .advanced = true, .kind = SETTING_TEXT, .repeatable = true, .summary = SUMMARY_IF_CHANGED,
	 .summary_text = N_("trial %s"), .json_key = "trial",
	 .help = N_("serving: your own trial run, a benchmark result (vLLM, SGLang, genai-perf, "
		    "vLLM's printed summary) or a memory log (nvidia-smi, npu-smi); calibrates "
		    "the GPU it ran on; repeatable"),
	 .accepted = N_("benchmark results or memory logs, comma-separated (empty = none)"),
	 .ops = {.parse = trial_setting_parse, .format = trial_setting_format,
		 .json = trial_setting_json}},
};
const size_t n_settings = sizeof settings / sizeof settings[0];

/* Options that were settings once: what replaced them. */
static const struct removed_setting {
	const char *flag, *hint;
} removed_settings[] = {
	{"--efficiency", N_("--efficiency was removed: parallel efficiency now comes from the "
			    "time model (see --help: --output-len, --min-speed)")},
};

const char *settings_removed_hint(const char *arg)
{
	for (size_t i = 0; i < sizeof removed_settings / sizeof removed_settings[0]; i++) {
		size_t n = strlen(removed_settings[i].flag);
		if (strncmp(arg, removed_settings[i].flag, n) == 0 && (!arg[n] || arg[n] == '='))
			return _(removed_settings[i].hint);
	}
	return NULL;
}

const struct setting *settings_find(const char *key)
{
	for (size_t i = 0; i < n_settings; i++)
		if (strcmp(settings[i].key, key) == 0)
			return &settings[i];
	return NULL;
}

/* ---- Generic text form by kind ---- */

static long long count_get(const struct setting *s, const struct scenario *sc)
{
	const char *p = (const char *)sc + s->offset;
	return s->type == FIELD_INT ? *(const int *)(const void *)p
				    : *(const long long *)(const void *)p;
}

static void count_put(const struct setting *s, struct scenario *sc, long long n)
{
	char *p = (char *)sc + s->offset;
	if (s->type == FIELD_INT)
		*(int *)(void *)p = (int)n;
	else
		*(long long *)(void *)p = n;
}

static double number_get(const struct setting *s, const struct scenario *sc)
{
	return *(const double *)(const void *)((const char *)sc + s->offset);
}

static void number_put(const struct setting *s, struct scenario *sc, double x)
{
	*(double *)(void *)((char *)sc + s->offset) = x;
}

/* A choice row's index: its hooks, or an int field holding the index. */
size_t setting_choice_index(const struct setting *s, const struct scenario *sc)
{
	return s->get_choice ? s->get_choice(sc) : (size_t)count_get(s, sc);
}

static void choice_put(const struct setting *s, struct scenario *sc, size_t i)
{
	if (s->set_choice)
		s->set_choice(sc, i);
	else
		count_put(s, sc, (long long)i);
}

/* text is word as the current language shows it: the form shows _(name),
 * and "推理" must read back as inference. A word without a translation is
 * the msgid itself, so English accepts exactly what it did. */
static bool shown_as(const char *word, const char *text)
{
	const char *shown = _(word);
	return shown != word && strcasecmp(shown, text) == 0;
}

/* A choice by its name (any case), or by its name or report label as the
 * current language shows them ("推理", "全量微调"). */
static bool parse_choice(const struct setting *s, struct scenario *sc, const char *text)
{
	for (size_t i = 0; s->choice(i); i++) {
		const char *label = s->choice_label ? s->choice_label(i) : NULL;
		if (strcasecmp(s->choice(i), text) == 0 || shown_as(s->choice(i), text) ||
		    (label && shown_as(label, text))) {
			choice_put(s, sc, i);
			return true;
		}
	}
	return false;
}

static bool parse_count_row(const struct setting *s, struct scenario *sc, const char *text)
{
	long long n;
	if (s->zero_is_auto && (strcmp(text, "auto") == 0 || shown_as("auto", text))) {
		count_put(s, sc, 0);
		return true;
	}
	if (!parse_count(text, (long long)s->max, &n) || n < (long long)s->min)
		return false;
	count_put(s, sc, n);
	return true;
}

static bool parse_number_row(const struct setting *s, struct scenario *sc, const char *text)
{
	double x;
	if (s->zero_word && (strcmp(text, s->zero_word) == 0 || shown_as(s->zero_word, text))) {
		number_put(s, sc, 0);
		return true;
	}
	if (!parse_nonneg(text, &x) || x < s->min || x > s->max)
		return false;
	number_put(s, sc, x);
	return true;
}

static bool parse_by_kind(const struct setting *s, struct scenario *sc, const struct catalog *c,
			  const char *text, char *err, size_t cap)
{
	if (s->ops.parse)
		return s->ops.parse(s, sc, c, text, err, cap);
	switch (s->kind) {
	case SETTING_CHOICE:
		return parse_choice(s, sc, text);
	case SETTING_COUNT:
		return parse_count_row(s, sc, text);
	case SETTING_NUMBER:
		return parse_number_row(s, sc, text);
	case SETTING_TEXT:
		break;
	}
	return false;
}

bool setting_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
		   const char *text, char *err, size_t errlen)
{
	char reason[512] = "";
	if (s->needs_catalog && c) { /* the model: its own message, with "did you mean" */
		if (scenario_set_model(sc, c, text, reason, sizeof reason))
			return true;
	} else if (parse_by_kind(s, sc, c, text, reason, sizeof reason)) {
		return true;
	} else if (reason[0]) { /* the hook said what is wrong with this text */
		snprintf(err, errlen, "%s", reason);
		return false;
	} else {
		setting_accepted(s, reason, sizeof reason);
	}
	snprintf(err, errlen, _("expected %s"), reason);
	return false;
}

void setting_format(const struct setting *s, const struct scenario *sc, char *buf, size_t cap)
{
	long long n;
	if (s->ops.format) {
		s->ops.format(sc, buf, cap);
		return;
	}
	switch (s->kind) {
	case SETTING_CHOICE:
		snprintf(buf, cap, "%s", s->choice(setting_choice_index(s, sc)));
		break;
	case SETTING_COUNT:
		n = count_get(s, sc);
		if (s->zero_is_auto && n == 0)
			snprintf(buf, cap, "auto");
		else
			snprintf(buf, cap, "%lld", n);
		break;
	case SETTING_NUMBER:
		if (s->zero_word && number_get(s, sc) == 0)
			snprintf(buf, cap, "%s", s->zero_word);
		else
			settings_format_double(number_get(s, sc), buf, cap);
		break;
	case SETTING_TEXT:
		buf[0] = '\0';
		break;
	}
}

/* The choice named def_choice, as setting_parse would take it. */
static void put_default_choice(const struct setting *s, struct scenario *sc)
{
	for (size_t i = 0; setting_choice(s, i); i++) {
		if (strcmp(setting_choice(s, i), s->def_choice) != 0)
			continue;
		if (s->set_choice)
			s->set_choice(sc, i);
		else
			count_put(s, sc, (long long)i);
		return;
	}
}

static void put_default(const struct setting *s, struct scenario *sc)
{
	char err[160];
	if (s->kind == SETTING_CHOICE && s->def_choice)
		put_default_choice(s, sc);
	else if (s->kind == SETTING_TEXT && s->def_choice && s->ops.parse) /* its text's value */
		s->ops.parse(s, sc, NULL, s->def_choice, err, sizeof err);
	else if (s->kind == SETTING_COUNT && s->offset)
		count_put(s, sc, (long long)s->def);
	else if (s->kind == SETTING_NUMBER && s->offset)
		number_put(s, sc, s->def);
}

void scenario_defaults(struct scenario *sc)
{
	*sc = (struct scenario){0};
	for (size_t i = 0; i < n_settings; i++)
		put_default(&settings[i], sc);
}

bool scenario_set(struct scenario *sc, const char *key, const char *value, char *err,
		  size_t errlen)
{
	const struct setting *s = settings_find(key);
	if (s && !s->needs_catalog)
		return setting_parse(s, sc, NULL, value, err, errlen);
	snprintf(err, errlen, "%s", _("a known setting"));
	return false;
}

bool setting_is_default(const struct setting *s, const struct scenario *sc)
{
	struct scenario def;
	char a[128], b[128];
	scenario_defaults(&def);
	setting_format(s, sc, a, sizeof a);
	setting_format(s, &def, b, sizeof b);
	return strcmp(a, b) == 0;
}

const char *setting_choice(const struct setting *s, size_t i)
{
	return s->kind == SETTING_CHOICE ? s->choice(i) : NULL;
}

size_t setting_choice_count(const struct setting *s)
{
	size_t n = 0;
	while (setting_choice(s, n))
		n++;
	return n;
}

/* The first n choices joined by sep: "a, b, c" or "a|b|c". The names are
 * what is typed, so they stay as they are in every language. */
static void join_choices(const struct setting *s, size_t n, const char *sep, char *buf,
			 size_t cap)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n && used < cap; i++) {
		int w = snprintf(buf + used, cap - used, "%s%s", i ? sep : "", s->choice(i));
		used += w > 0 ? (size_t)w : 0;
	}
}

/* "fp32, bf16 or int4": the last "or" is the language's. */
/* A bound as the accepted text writes it: "4096", "0.5", "1000000". */
static void bound_text(double x, char *buf, size_t cap)
{
	snprintf(buf, cap, "%.10g", x);
}

/* An accepted text with two %s takes the row's range, min then max, so
 * the words and the check cannot drift apart. */
static bool accepted_range(const struct setting *s, char *buf, size_t cap)
{
	const char *tmpl = _(s->accepted), *first = strstr(tmpl, "%s");
	if (!first || !strstr(first + 2, "%s"))
		return false;
	char lo[32], hi[32];
	bound_text(s->min, lo, sizeof lo);
	bound_text(s->max, hi, sizeof hi);
	snprintf(buf, cap, tmpl, lo, hi);
	return true;
}

void setting_accepted(const struct setting *s, char *buf, size_t cap)
{
	char most[160];
	size_t n = setting_choice_count(s);
	if (s->accepted && s->ops.parse) {
		snprintf(buf, cap, "%s", _(s->accepted)); /* its hook words its own range */
	} else if (s->accepted) {
		if (!accepted_range(s, buf, cap))
			snprintf(buf, cap, "%s", _(s->accepted));
	} else if (n < 2) {
		join_choices(s, n, "", buf, cap);
	} else {
		join_choices(s, n - 1, _(", "), most, sizeof most);
		snprintf(buf, cap, _("%s or %s"), most, s->choice(n - 1));
	}
}

void setting_help(const struct setting *s, char *buf, size_t cap)
{
	char choices[160] = "", def[64] = "";
	struct scenario sc;
	scenario_defaults(&sc);
	if (s->kind == SETTING_CHOICE)
		join_choices(s, setting_choice_count(s), "|", choices, sizeof choices);
	if (!s->needs_catalog)
		setting_format(s, &sc, def, sizeof def);
	if (choices[0] && def[0])
		snprintf(buf, cap, _("%s: %s (default %s)"), _(s->help), choices, def);
	else if (def[0])
		snprintf(buf, cap, _("%s (default %s)"), _(s->help), def);
	else /* every choice row has a default: choices alone do not occur */
		snprintf(buf, cap, "%s", _(s->help));
}

void setting_json(const struct setting *s, struct jsonw *j, const struct scenario *sc)
{
	char text[128];
	if (!s->json_key)
		return;
	if (s->ops.json) {
		s->ops.json(j, s->json_key, sc);
	} else if (s->kind == SETTING_COUNT) {
		long long n = count_get(s, sc);
		if (s->zero_is_auto && n == 0)
			jw_null(j, s->json_key);
		else
			jw_int(j, s->json_key, n);
	} else if (s->kind == SETTING_NUMBER) {
		jw_number(j, s->json_key, number_get(s, sc), s->json_decimals);
	} else {
		setting_format(s, sc, text, sizeof text);
		jw_string(j, s->json_key, text);
	}
}

const char *setting_choice_shown(const struct setting *s, size_t i)
{
	const char *name = s->choice(i);
	const char *label = name && s->choice_label ? s->choice_label(i) : NULL;
	const char *said = label ? _(label) : NULL;
	if (said && strcmp(said, label) != 0)
		return said;
	return name ? _(name) : NULL;
}

/* The value as a summary shows it: a choice in the reader's language
 * ("LoRA fine-tune" with labels, else the name: "推理" in Chinese). */
static void summary_value(const struct setting *s, const struct scenario *sc, bool labels,
			  char *v, size_t cap)
{
	if (labels && s->choice_label)
		snprintf(v, cap, "%s", _(s->choice_label(setting_choice_index(s, sc))));
	else if (s->ops.effective)
		s->ops.effective(sc, v, cap);
	else if (s->kind == SETTING_CHOICE)
		snprintf(v, cap, "%s", setting_choice_shown(s, setting_choice_index(s, sc)));
	else
		setting_format(s, sc, v, cap);
}

/* One-line descriptions, from the rows' summary styles. */
size_t settings_summary(char *buf, size_t cap, const struct scenario *sc,
			const struct summary_style *st)
{
	size_t used = 0;
	for (size_t i = 0; i < n_settings && used < cap; i++) {
		const struct setting *s = &settings[i];
		char v[128], named[160];
		int w = 0;
		summary_value(s, sc, st->labels, v, sizeof v);
		if (s->summary == SUMMARY_VALUE) {
			w = snprintf(buf + used, cap - used, "%s%s", st->value_sep, v);
		} else if (s->summary == SUMMARY_NAMED) {
			snprintf(named, sizeof named, _(s->summary_text), v);
			w = snprintf(buf + used, cap - used, "%s%s", st->named_sep, named);
		} else if (s->summary == SUMMARY_IF_CHANGED && st->changed &&
			   !setting_is_default(s, sc)) {
			/* the text may show the value ("deadline %s") or only
			   that it changed ("custom headroom") */
			snprintf(named, sizeof named, _(s->summary_text), v);
			w = snprintf(buf + used, cap - used, "%s%s", st->named_sep, named);
		}
		used += w > 0 ? (size_t)w : 0;
	}
	return used;
}
