#include "throughput.h"

#include <math.h>

#include "arch.h"
#include "i18n.h"
#include "scenario.h"

const int eta_tp_sizes[ETA_TP_SIZES] = {1, 2, 4, 8};

/* PERFORMANCE.md §1: NVLink/HCCS keep more of each added card than PCIe
 * with P2P off (the 4090). Indexed by enum link_kind. */
const struct eta_tp_row eta_tp_rows[] = {
	[LINK_NVLINK] = {.link = LINK_NVLINK, .eta = {1.00, 0.85, 0.72, 0.62}},
	[LINK_HCCS] = {.link = LINK_HCCS, .eta = {1.00, 0.85, 0.72, 0.62}},
	[LINK_PCIE] = {.link = LINK_PCIE, .eta = {1.00, 0.75, 0.60, 0.45}},
	/* Infinity Fabric: every card has its own link to each other card */
	[LINK_XGMI] = {.link = LINK_XGMI, .eta = {1.00, 0.85, 0.72, 0.62}},
};

const char *const bound_names[] = {[BOUND_MEMORY] = "memory", [BOUND_COMPUTE] = "compute",
				   NULL};

/* Whole words, not "%s-bound": Chinese puts no suffix on a name. */
static const char *const bound_words[] = {[BOUND_MEMORY] = N_("memory-bound"),
					  [BOUND_COMPUTE] = N_("compute-bound")};

const char *bound_text(enum bound b)
{
	return _(bound_words[b == BOUND_COMPUTE ? BOUND_COMPUTE : BOUND_MEMORY]);
}

double eta_tp(enum link_kind link, int t)
{
	int i = 0;
	while (i + 1 < ETA_TP_SIZES && eta_tp_sizes[i] < t)
		i++;
	return eta_tp_rows[link].eta[i];
}

/* The LM head and the input embedding (once when tied). */
static double lm_head_params(const struct model *m)
{
	return (double)m->vocab * m->hidden;
}

static double input_embedding_params(const struct model *m)
{
	return m->tied_embeddings ? 0 : lm_head_params(m);
}

/* The share of a MoE layer's routed experts that b tokens touch, each
 * picking k of E: 1 - (1 - k/E)^b. */
static double touched_share(const struct model *m, double b)
{
	int E = m->experts, k = m->experts_per_token;
	return E > 0 && k > 0 ? 1 - pow(1 - (double)k / E, b) : 0;
}

/* Everything but the routed experts (the shared experts and dense layers
 * included) at its stored size, the LM head at 16 bits where the precision
 * keeps it so, plus the routed experts b tokens touch at their own
 * precision (expert_dtype). The input embedding is a lookup and a vision
 * tower is idle for text: neither is streamed. */
double stream_bytes(const struct workload *w, double b)
{
	const struct model *m = w->m;
	double bpp = w->prec->weight_bytes, ebpp = w->expert_prec->weight_bytes;
	double routed = m->derived ? 0 : arch_routed_params(m);
	double head = lm_head_params(m), emb = lm_head_params(m) + input_embedding_params(m);
	double vision = m->derived ? 0 : m->vision_params_b * 1e9;
	bool head16 = (w->prec->embeddings_16bit || w->expert_prec->embeddings_16bit) && !m->derived;
	double body = m->params_b * 1e9 - routed - emb - vision;
	return body * bpp + routed * touched_share(m, b) * ebpp + head * (head16 ? 2.0 : bpp);
}

/* Parameters multiplied per token with k experts: P_act without the input
 * embedding table (a tied one is multiplied as the LM head). */
static double matmul_params(const struct model *m)
{
	return m->active_params_b * 1e9 - input_embedding_params(m);
}

/* FP4 formats compute in FP4 where the card has it, else in 16 bits;
 * mfu_infer_fp8 stands for the low-precision engines' efficiency. */
static void fill_efficiency(const struct workload *w, const struct gpu *g, int t,
			    struct time_efficiency *e)
{
	bool fp4 = w->prec->fp4_compute && gpu_has_fp4(g);
	bool fp8 = !fp4 && w->prec->needs_fp8 && gpu_has_fp8(g);
	*e = (struct time_efficiency){.mbu = g->mbu, .mbu_bs1 = g->mbu_bs1, .mbu_kv = MBU_KV,
				      .eta_tp = eta_tp(g->link, t),
				      .bandwidth_gbs = g->bandwidth_gbs, .fp8_compute = fp8,
				      .fp4_compute = fp4};
	e->peak_tflops = fp4 ? g->fp4_tflops : fp8 ? g->fp8_tflops : g->bf16_tflops;
	e->mfu = (fp4 || fp8) && g->mfu_infer_fp8 > 0 ? g->mfu_infer_fp8 : g->mfu_infer;
}

/* KV bytes one sequence of ctx tokens holds on one card of the TP group
 * (MLA: not split; local layers: at most their window). */
static double kv_per_seq_card(const struct workload *w, int t, double ctx)
{
	double split = t < w->kv_split_max ? t : w->kv_split_max;
	return kv_cache_bytes(w->m, ctx, 1, w->kv_bytes) / split;
}

/* Query-key pairs a prefill of n tokens scores, summed over the layers:
 * n^2 on a global layer (halved by the causal mask, which the two matmul
 * FLOPs per pair make whole again), at most n x window on a local one. */
static double prefill_pairs(const struct model *m, double n)
{
	int local = arch_local_layers(m);
	double w = local && m->window < n ? m->window : n;
	return (double)(m->layers - local) * n * n + local * (2 * n * w - w * w);
}

/* Decode step and prefill times of one replica serving b sequences. */
static void step_times(const struct workload *w, int t, double b, struct throughput *o)
{
	const struct time_efficiency *e = &o->eff;
	const struct model *m = w->m;
	double bw = e->bandwidth_gbs * 1e9 * t, flops = e->peak_tflops * 1e12 * t * e->mfu;
	double h = (double)m->heads * m->head_dim, isl = (double)o->isl;
	double n_mm = matmul_params(m);
	o->w_stream = stream_bytes(w, b);
	o->w_stream_1 = stream_bytes(w, 1);
	o->ctx = isl + o->osl / 2.0;
	double kv_seq = kv_per_seq_card(w, t, o->ctx);
	o->kv_tok_per_card = kv_seq / o->ctx;
	o->t_fixed = e->mbu_bs1 < e->mbu ? o->w_stream_1 / bw * (1 / e->mbu_bs1 - 1 / e->mbu) : 0;
	o->t_mem = o->w_stream / (bw * e->mbu) + o->t_fixed +
		   b * kv_seq / (e->bandwidth_gbs * 1e9 * e->mbu_kv);
	o->t_cmp = (2 * n_mm * b + 4 * h * arch_kv_tokens(m, o->ctx) * b) / flops;
	o->t_pf = (2 * n_mm * isl + 2 * h * prefill_pairs(m, isl)) / (flops * e->eta_tp);
}

void throughput_compute(const struct workload *w, const struct gpu *g, const struct layout *l,
			long long concurrency, long long per_replica_max, struct throughput *out)
{
	const struct scenario *sc = w->sc;
	*out = (struct throughput){.concurrency = concurrency, .currency = "",
				   .hourly_break_even_hours = -1,
				   .per_million_output = {-1, -1}, .per_million_total = {-1, -1}};
	out->osl = sc->output_len;
	out->isl = sc->context - sc->output_len;
	if (out->isl < 1 || concurrency < 1 || l->t < 1)
		return;
	out->valid = true;
	int replicas = l->d > 0 ? l->d : 1;
	out->per_replica = (concurrency + replicas - 1) / replicas;
	out->max_concurrency = per_replica_max * replicas;
	out->band_pct = g->calibration == CAL_ESTIMATE ? BAND_ESTIMATE_PCT : BAND_PUBLISHED_PCT;
	fill_efficiency(w, g, l->t, &out->eff);
	double b = (double)out->per_replica, osl = (double)out->osl;
	step_times(w, l->t, b, out);
	out->bound = out->t_mem > out->t_cmp ? BOUND_MEMORY : BOUND_COMPUTE;
	out->tpot_s = fmax(out->t_mem, out->t_cmp) / out->eff.eta_tp;
	out->ttft_s = fmax(out->t_pf, out->w_stream_1 / (l->t * g->bandwidth_gbs * 1e9 *
							   out->eff.mbu_bs1));
	out->user_tokens_per_s = 1 / out->tpot_s;
	double x_out = b * osl / (b * out->t_pf + osl * out->tpot_s);
	out->output_tokens_per_s = replicas * x_out;
	out->total_tokens_per_s = out->output_tokens_per_s * (double)(out->isl + out->osl) / osl;
}

/* Monthly cost over the tokens a busy share of the month produces. */
static double per_million(double monthly, double tokens_per_s, double duty_pct)
{
	if (monthly < 0 || tokens_per_s <= 0)
		return -1;
	return monthly / (tokens_per_s * duty_pct / 100 * SECONDS_PER_MONTH) * 1e6;
}

void throughput_price(struct throughput *t, const struct plan_prices *pr, double duty_pct)
{
	if (!t->valid)
		return;
	t->currency = pr->currency ? pr->currency : "";
	t->per_million_output.container = per_million(pr->container_monthly,
						      t->output_tokens_per_s, duty_pct);
	t->per_million_output.baremetal = per_million(pr->baremetal_monthly,
						      t->output_tokens_per_s, duty_pct);
	t->per_million_total.container = per_million(pr->container_monthly,
						     t->total_tokens_per_s, duty_pct);
	t->per_million_total.baremetal = per_million(pr->baremetal_monthly,
						     t->total_tokens_per_s, duty_pct);
	if (pr->container_hourly_per_card > 0 && pr->container_monthly_per_card >= 0)
		t->hourly_break_even_hours =
			pr->container_monthly_per_card / pr->container_hourly_per_card;
}
