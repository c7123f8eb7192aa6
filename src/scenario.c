#include "scenario.h"

#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "parse.h"
#include "tables.h"

void scenario_defaults(struct scenario *sc)
{
	*sc = (struct scenario){
		.precision = precision_find("bf16"),
		.task = task_find("inference"),
		.context = DEFAULT_CONTEXT,
		.concurrency = 1,
		.headroom_pct = DEFAULT_HEADROOM_PCT,
		.overhead_gib = DEFAULT_OVERHEAD_GIB,
		.prefill_chunk = DEFAULT_PREFILL_CHUNK,
		.kv_precision = KV_AUTO,
		.zero = ZERO_AUTO,
		.recompute = RC_AUTO,
		.lora_rank = DEFAULT_LORA_RANK,
		.eff_fast_pct = DEFAULT_EFF_FAST_PCT,
		.eff_slow_pct = DEFAULT_EFF_SLOW_PCT,
	};
}

void scenario_copy(struct scenario *dst, const struct scenario *src)
{
	*dst = *src;
	if (src->model == &src->custom) {
		dst->model = &dst->custom;
		dst->custom.id = dst->custom_id;
		dst->custom.name = dst->custom_name;
		dst->custom.source = dst->custom_source;
	}
}

bool scenario_set_model(struct scenario *sc, const struct catalog *c, const char *text,
			char *err, size_t errlen)
{
	const struct model *m = catalog_find_model(c, text);
	if (m) {
		sc->model = m;
		return true;
	}
	double params;
	if (!parse_model_size(text, &params) || params > 1e15) {
		snprintf(err, errlen, "a catalogue model (see --list-models) or a size such as 70b");
		return false;
	}
	const struct model *ref = arch_derive(&sc->custom, c, params);
	snprintf(sc->custom_id, sizeof sc->custom_id, "%s", text);
	snprintf(sc->custom_name, sizeof sc->custom_name, "%.4gB (size only)", params / 1e9);
	snprintf(sc->custom_source, sizeof sc->custom_source,
		 "architecture scaled from %s", ref ? ref->name : "a Llama-2-7B shape");
	sc->custom.id = sc->custom_id;
	sc->custom.name = sc->custom_name;
	sc->custom.source = sc->custom_source;
	sc->model = &sc->custom;
	return true;
}

/* One row per option value: how to parse it and what is accepted. */
struct setter {
	const char *key;
	bool (*set)(struct scenario *sc, const char *v);
	const char *accepted;
};

static bool set_choice(int *field, const char *const *names, const char *v)
{
	int i = name_index(names, v);
	if (i < 0)
		return false;
	*field = i;
	return true;
}

static bool set_precision(struct scenario *sc, const char *v)
{
	int p = precision_find(v);
	return p >= 0 && (sc->precision = p, true);
}

static bool set_task(struct scenario *sc, const char *v)
{
	int t = task_find(v);
	return t >= 0 && (sc->task = t, true);
}

static bool set_context(struct scenario *sc, const char *v)
{
	long long n;
	return parse_count(v, MAX_CONTEXT_TOKENS, &n) && n > 0 && (sc->context = n, true);
}

static bool set_concurrency(struct scenario *sc, const char *v)
{
	long long n;
	return parse_count(v, MAX_CONCURRENCY, &n) && n > 0 && (sc->concurrency = n, true);
}

static bool set_cards(struct scenario *sc, const char *v)
{
	long long n;
	if (strcmp(v, "auto") == 0)
		return sc->cards = 0, true;
	return parse_count(v, 4096, &n) && n > 0 && (sc->cards = (int)n, true);
}

static bool set_headroom(struct scenario *sc, const char *v)
{
	double x;
	return parse_nonneg(v, &x) && x <= 1000 && (sc->headroom_pct = x, true);
}

static bool set_overhead(struct scenario *sc, const char *v)
{
	double x;
	return parse_nonneg(v, &x) && x <= 1024 && (sc->overhead_gib = x, true);
}

static bool set_chunk(struct scenario *sc, const char *v)
{
	long long n;
	return parse_count(v, MAX_CONTEXT_TOKENS, &n) && (sc->prefill_chunk = n, true);
}

static bool set_kv(struct scenario *sc, const char *v)
{
	static const char *const names[] = {"auto", "16", "fp8", NULL};
	return set_choice(&sc->kv_precision, names, v);
}

static bool set_zero(struct scenario *sc, const char *v)
{
	static const char *const names[] = {"auto", "0", "1", "2", "3", NULL};
	int i;
	if (!set_choice(&i, names, v))
		return false;
	sc->zero = i - 1;
	return true;
}

static bool set_recompute(struct scenario *sc, const char *v)
{
	static const char *const names[] = {"auto", "none", "full", NULL};
	return set_choice(&sc->recompute, names, v);
}

static bool set_lora_rank(struct scenario *sc, const char *v)
{
	long long n;
	return parse_count(v, 65536, &n) && n > 0 && (sc->lora_rank = (int)n, true);
}

/* "90,70": inside one fast machine, then over PCIe or across machines. */
static bool set_efficiency(struct scenario *sc, const char *v)
{
	char fast[32], slow[32];
	double f, s;
	if (sscanf(v, "%31[^,],%31s", fast, slow) != 2)
		return false;
	if (!parse_nonneg(fast, &f) || !parse_nonneg(slow, &s) || f <= 0 || s <= 0 || f > 100 ||
	    s > 100)
		return false;
	sc->eff_fast_pct = f;
	sc->eff_slow_pct = s;
	return true;
}

static const struct setter setters[] = {
	{"precision", set_precision, "fp32, bf16, fp16, fp8, int8 or int4"},
	{"task", set_task, "inference, lora, qlora, full or pretrain"},
	{"context", set_context, "a token count above 0 such as 4096, 4k or 128K"},
	{"concurrency", set_concurrency, "a whole number above 0 (up to 1000000)"},
	{"cards", set_cards, "auto or a card count from 1 to 4096"},
	{"headroom", set_headroom, "a percentage from 0 to 1000"},
	{"overhead", set_overhead, "GiB per card from 0 to 1024"},
	{"prefill-chunk", set_chunk, "a token count (0 = the whole prompt at once)"},
	{"kv-precision", set_kv, "auto, 16 or fp8"},
	{"zero", set_zero, "auto, 0, 1, 2 or 3"},
	{"recompute", set_recompute, "auto, none or full"},
	{"lora-rank", set_lora_rank, "a rank from 1 to 65536"},
	{"efficiency", set_efficiency, "two percentages FAST,SLOW such as 90,70"},
};

bool scenario_set(struct scenario *sc, const char *key, const char *value, char *err,
		  size_t errlen)
{
	for (size_t i = 0; i < sizeof setters / sizeof setters[0]; i++) {
		if (strcmp(setters[i].key, key) != 0)
			continue;
		if (setters[i].set(sc, value))
			return true;
		snprintf(err, errlen, "%s", setters[i].accepted);
		return false;
	}
	snprintf(err, errlen, "a known setting");
	return false;
}
