#include "engine.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "parse.h"

/* SERVING.md §9: each default with the public figure it was read from. */
const struct engine_constant engine_constants[ENGINE_COUNT] = {
	[ENGINE_TAU_LAYER_US] = {"tau_layer_us", 30, 0, 10000, "us",
				 "public batch-1 TPOT points (InferenceBench, aiconfigurator, "
				 "johnmusgrave.com), read within 6 %"},
	[ENGINE_TAU_MOE_US] = {"tau_moe_us", 40, 0, 10000, "us",
			       "aiconfigurator vLLM fused-MoE table, H200, DeepSeek shape, 1 token, "
			       "moe_tp 8: 55 us minus the weights' streaming time"},
	[ENGINE_MBU_MOE] = {"mbu_moe", 0.80, 0.01, 1, NULL,
			    "SemiAnalysis InferenceX issue #870: SGLang v0.5.7, DeepSeek-R1-0528 FP8, "
			    "TP8 H200, 1k/1k"},
	[ENGINE_ETA_AR] = {"eta_ar", 0.70, 0.01, 1, NULL,
			   "fit on the calibration rows of tests/fixtures/throughput_published.csv"},
	[ENGINE_KAPPA] = {"kappa", 2, 1, 64, NULL,
			  "same fit: 2-3 best; 64 and above is plain max()"},
	[ENGINE_MFU_ATTN] = {"mfu_attn", 0.50, 0.01, 1, NULL,
			     "same fit, flat in 0.4-0.6: FlashAttention-class kernels"},
	[ENGINE_ALPHA_P2P_US] = {"alpha_p2p_us", 10, 0, 100000, "us", "estimate (small sends)"},
	[ENGINE_ALPHA_P2P_NET_US] = {"alpha_p2p_net_us", 25, 0, 100000, "us",
				     "estimate (small sends)"},
	[ENGINE_NET_GBS] = {"net_gbs", 25, 0.01, 100000, "GB/s",
			    "IB 400G x 4 per 8-card machine = 200 GB/s / 8"},
	[ENGINE_ALPHA_A2A_US] = {"alpha_a2a_us", 50, 0, 100000, "us",
				 "DeepEP PR #173: H20, EP8 low-latency kernels 37 / 59 us"},
	[ENGINE_ALPHA_NET_US] = {"alpha_net_us", 150, 0, 100000, "us",
				 "DeepEP PR #173: EP16-32 119-280 us"},
	[ENGINE_ETA_DQ_INT4] = {"eta_dq_int4", 0.80, 0.01, 1, NULL,
				"estimate after Marlin (arXiv 2408.11743) and Kurtic et al. "
				"(arXiv 2411.02355)"},
	[ENGINE_ETA_DQ_INT8] = {"eta_dq_int8", 0.90, 0.01, 1, NULL, "estimate (as eta_dq_int4)"},
	[ENGINE_ETA_DQ_FP8] = {"eta_dq_fp8", 0.90, 0.01, 1, NULL,
			       "estimate: fp8 weights on a card without FP8, Marlin-style W8A16"},
};

void engine_defaults(struct engine_values *e)
{
	for (int i = 0; i < ENGINE_COUNT; i++)
		e->v[i] = engine_constants[i].value;
}

int engine_find(const char *key)
{
	for (int i = 0; i < ENGINE_COUNT; i++)
		if (strcmp(engine_constants[i].key, key) == 0)
			return i;
	return -1;
}

/* One "key=value" of length n at s into e; false with the reason in err. */
static bool engine_pair(struct engine_values *e, const char *s, size_t n, char *err, size_t cap)
{
	char pair[96], *eq;
	double x;
	snprintf(pair, sizeof pair, "%.*s", (int)(n < sizeof pair ? n : sizeof pair - 1), s);
	eq = strchr(pair, '=');
	if (!eq) {
		snprintf(err, cap, _("expected KEY=VALUE, found \"%s\""), pair);
		return false;
	}
	*eq = '\0';
	int k = engine_find(pair);
	if (k < 0) {
		snprintf(err, cap, _("expected an engine constant (tau_layer_us, kappa, ...; see "
				     "--help), found \"%s\""), pair);
		return false;
	}
	const struct engine_constant *c = &engine_constants[k];
	if (!parse_nonneg(eq + 1, &x) || x < c->min || x > c->max) {
		snprintf(err, cap, _("expected %s from %g to %g, found \"%s\""), c->key, c->min,
			 c->max, eq + 1);
		return false;
	}
	e->v[k] = x;
	return true;
}

bool engine_parse(struct engine_values *e, const char *text, char *err, size_t cap)
{
	struct engine_values next;
	engine_defaults(&next);
	if (strcmp(text, "default") != 0)
		for (const char *s = text; *s;) {
			size_t n = strcspn(s, ",");
			if (n && !engine_pair(&next, s, n, err, cap))
				return false;
			s += n + (s[n] == ',');
		}
	*e = next;
	return true;
}

void engine_format(const struct engine_values *e, char *buf, size_t cap)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < ENGINE_COUNT && used < cap; i++) {
		if (e->v[i] == engine_constants[i].value)
			continue;
		int w = snprintf(buf + used, cap - used, "%s%s=%.15g", used ? "," : "",
				 engine_constants[i].key, e->v[i]);
		used += w > 0 ? (size_t)w : 0;
	}
}
