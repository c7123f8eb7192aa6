#include "step.h"

#include <math.h>

#include "arch.h"
#include "gpu_serving.h"
#include "scenario.h"

const char *const compute_path_names[PATH_COUNT] = {
	[PATH_BF16] = "bf16", [PATH_W8A8] = "w8a8", [PATH_W8A16] = "w8a16", [PATH_W4A16] = "w4a16",
	[PATH_W4A4] = "w4a4"};

#define KAPPA_MAX 64 /* from here on the blend is max() */
#define CARDS_IN_A_MACHINE 8
#define US 1e-6

double step_blend(double x, double y, double kappa)
{
	double hi = x > y ? x : y, lo = x > y ? y : x;
	if (hi <= 0)
		return 0;
	if (kappa >= KAPPA_MAX)
		return hi;
	double r = lo / hi;
	return kappa == 2 ? hi * sqrt(1 + r * r) : hi * pow(1 + pow(r, kappa), 1 / kappa);
}

/* The model's parameter groups (§1): the routed experts of every MoE
 * layer (E·e; the catalogue's parts: shared experts and dense first layers
 * are in the body), the LM head, and the body every token is multiplied
 * through: all else but the embeddings and a vision tower idle for text. */
struct params {
	double routed, head, body;
	int E, k;
};

static void params_of(const struct model *m, struct params *q)
{
	double emb = (double)m->vocab * m->hidden * (m->tied_embeddings ? 1 : 2);
	q->E = m->experts, q->k = m->experts_per_token;
	if (q->E <= q->k || q->k <= 0)
		q->E = q->k = 0;
	q->routed = q->E && !m->derived ? arch_routed_params(m) : 0;
	if (q->E && m->derived) /* a bare size: the expert share its totals imply */
		q->routed = (m->params_b - m->active_params_b) * 1e9 * q->E / (q->E - q->k);
	q->head = (double)m->vocab * m->hidden;
	double vision = m->derived ? 0 : m->vision_params_b * 1e9;
	q->body = m->params_b * 1e9 - q->routed - emb - vision;
	if (q->body < 0)
		q->body = 0;
}

/* Query-key pairs a prompt of n tokens scores, summed over the layers:
 * n^2 on a global layer, at most n x window on a local one (the
 * catalogue's sliding and chunked windows). */
static double prefill_pairs(const struct model *m, double n)
{
	int local = arch_local_layers(m);
	double w = local && m->window < n ? m->window : n;
	return (double)(m->layers - local) * n * n + local * (2 * n * w - w * w);
}

/* §7: the GEMMs' peak, efficiency and dequantisation factor. fp8 runs
 * W8A8 at the FP8 peak, else at an INT8 peak (Ascend), else weight-only
 * at 16 bits; int8 and int4 are weight-only (GPTQ-style). */
static void compute_path(const struct workload *w, const struct gpu *g,
			 const struct engine_values *ev, struct step_efficiency *e)
{
	const struct precision *pr = w->prec;
	double low_mfu = g->mfu_infer_fp8 > 0 ? g->mfu_infer_fp8 : g->mfu_infer;
	e->path = PATH_BF16, e->peak_tflops = g->bf16_tflops, e->mfu = g->mfu_infer, e->eta_dq = 1;
	if (pr->fp4_compute && gpu_has_fp4(g)) {
		e->path = PATH_W4A4, e->peak_tflops = g->fp4_tflops, e->mfu = low_mfu;
		e->fp4_compute = true;
	} else if (pr->needs_fp8 && gpu_has_fp8(g)) {
		e->path = PATH_W8A8, e->peak_tflops = g->fp8_tflops, e->mfu = low_mfu;
		e->fp8_compute = true;
	} else if (pr->needs_fp8 && g->int8_tflops > 0) {
		e->path = PATH_W8A8, e->peak_tflops = g->int8_tflops, e->mfu = low_mfu;
	} else if (pr->needs_fp8) {
		e->path = PATH_W8A16, e->eta_dq = ev->v[ENGINE_ETA_DQ_FP8];
	} else if (pr->quantized) {
		bool int4 = pr->weight_bytes < 0.75;
		e->path = int4 ? PATH_W4A16 : PATH_W8A16;
		e->eta_dq = ev->v[int4 ? ENGINE_ETA_DQ_INT4 : ENGINE_ETA_DQ_INT8];
	}
}

static void efficiency_of(const struct workload *w, const struct gpu *g, const struct layout *l,
			  struct step_efficiency *e)
{
	const struct engine_values *ev = &w->sc->engine;
	/* a card built without the serving columns (not loaded) takes their
	 * defaults, as the loader gives an empty cell */
	*e = (struct step_efficiency){.mbu = g->mbu,
				      .mbu_kv = g->mbu_kv > 0 ? g->mbu_kv : GPU_DEFAULT_MBU_KV,
				      .mbu_moe = ev->v[ENGINE_MBU_MOE],
				      .mfu_attn = ev->v[ENGINE_MFU_ATTN],
				      .tau_layer_us = ev->v[ENGINE_TAU_LAYER_US],
				      .tau_moe_us = ev->v[ENGINE_TAU_MOE_US],
				      .sw = g->sw > 0 ? g->sw : GPU_DEFAULT_SW,
				      .eta_ar = ev->v[ENGINE_ETA_AR], .kappa = ev->v[ENGINE_KAPPA],
				      .bandwidth_gbs = g->bandwidth_gbs};
	compute_path(w, g, ev, e);
	bool across = l->t > CARDS_IN_A_MACHINE;
	e->alpha_us = across		 ? ev->v[ENGINE_ALPHA_NET_US]
		      : g->alpha_us >= 0 ? g->alpha_us
					 : gpu_default_alpha_us((enum link_kind)g->link);
	e->bw_ar_gbs = (across ? ev->v[ENGINE_NET_GBS] : g->link_gbs / 2) * e->eta_ar;
}

/* The LM head at 16 bits where the precision keeps it so (ESTIMATION.md). */
static double head_bytes(const struct workload *w)
{
	bool head16 = (w->prec->embeddings_16bit || w->expert_prec->embeddings_16bit) &&
		      !w->m->derived;
	return head16 ? 2.0 : w->prec->weight_bytes;
}

/* Weights streamed, and the per-layer floor (§2; DPA+EP: §6). */
static void stage_weights(struct step_model *s, const struct workload *w, const struct params *q,
			  double f_L, double L_s)
{
	const struct step_efficiency *e = &s->eff;
	double wb = w->prec->weight_bytes, eb = w->expert_prec->weight_bytes, hb = head_bytes(w);
	double bw = e->bandwidth_gbs * 1e9 * e->mbu, G = s->t;
	double body_cards = s->dpa ? 1 : G; /* DPA: every card streams the whole body */
	s->t_w_dense = q->body * f_L * wb / (body_cards * bw) + q->head * hb / (G * bw);
	s->t_w_experts = q->routed * f_L * eb / (G * bw * e->mbu_moe);
	s->log_keep = q->E ? log(1 - (double)q->k / q->E) : 0;
	/* sw scales the layer's op-by-op dispatch; a MoE layer's fused routing
	 * kernels add tau_moe as measured on CUDA, not scaled (Ascend: one
	 * engine version's dense 32B at 38 ms, its 30B-A3B MoE at 20 ms) */
	s->fixed = L_s * (e->tau_layer_us * e->sw + (s->moe ? e->tau_moe_us : 0)) * US;
}

double step_stream_bytes(const struct workload *w, double n)
{
	struct params q;
	params_of(w->m, &q);
	double share = q.E ? 1 - pow(1 - (double)q.k / q.E, n) : 0;
	return q.body * w->prec->weight_bytes + q.head * head_bytes(w) +
	       q.routed * share * w->expert_prec->weight_bytes;
}

/* GEMM and attention time per token (§2). Under DP-attention (§6) a
 * sequence's attention (its projections, its scores, its latent cache)
 * runs on the one rank that holds it, so those terms are per rank, not
 * divided by G; step_stage counts the busiest rank's sequences. The FFN
 * and the experts stay divided over the EP group. */
static void stage_compute(struct step_model *s, const struct workload *w, const struct params *q,
			  double f_L, double L_s)
{
	const struct model *m = w->m;
	const struct step_efficiency *e = &s->eff;
	double G = s->t, rate = e->peak_tflops * 1e12 * e->mfu * e->eta_dq;
	double active_routed = q->E ? q->routed * q->k / q->E : 0;
	double attn = s->dpa && !m->derived ? arch_attention_params(m) : 0;
	if (attn > q->body)
		attn = q->body;
	s->mm_tok = 2 * (q->body - attn + active_routed) * f_L / (G * rate);
	s->mm_attn = 2 * attn * f_L / rate;
	s->mm_head = 2 * q->head / (G * rate);
	double a = m->heads, d = m->head_dim, d_dec = m->kv_elems ? m->kv_elems : d;
	double s_kv = s->dpa ? 1 : (s->t < w->kv_split_max ? s->t : w->kv_split_max);
	double G_at = s->dpa ? 1 : G; /* DPA: a sequence's attention on one rank */
	double kv_seq = kv_cache_bytes(m, s->ctx, 1, w->kv_bytes); /* windows: at most theirs */
	s->kv_dec = kv_seq * f_L / s_kv / (e->bandwidth_gbs * 1e9 * e->mbu_kv);
	double f16 = s->p16 * e->mfu_attn;
	s->at_dec = 4 * a * d_dec * arch_kv_tokens(m, s->ctx) * f_L / (G_at * f16);
	s->at_pre =
		s->isl > 0 ? 2 * a * d * prefill_pairs(m, s->isl) / s->isl * f_L / (G_at * f16) : 0;
	(void)L_s;
}

/* DPA: the sequences and prefill tokens on the busiest of the G attention
 * ranks. Decoding sequences spread, ceil(n_d/G) on the fullest; a prompt
 * lives on one rank, so a chunk of one prompt is all on one, and whole
 * prompts spread ceil(prompts/G). */
static void dpa_rank_load(const struct step_model *s, double n_d, double n_p, double *r_d,
			  double *r_p)
{
	double G = s->t;
	*r_d = n_d > 0 ? ceil(n_d / G - 1e-9) : 0;
	*r_p = n_p;
	if (n_p > 0 && s->isl > 0 && n_p > s->isl) {
		double whole = ceil(n_p / s->isl / G - 1e-9) * s->isl;
		*r_p = whole < n_p ? whole : n_p;
	}
}

/* All-reduces, or EP's dispatch and combine, per layer of the stage (§2,
 * §6), and PP's activation sends (§3). */
static void stage_comm(struct step_model *s, const struct workload *w, const struct params *q,
		       double L_s)
{
	const struct engine_values *ev = &w->sc->engine;
	const struct step_efficiency *e = &s->eff;
	double t = s->t, h = w->m->hidden, k = q->k;
	double alpha = e->alpha_us * US, bw = e->bw_ar_gbs * 1e9;
	bool across = s->t > CARDS_IN_A_MACHINE;
	double a2a = (across ? ev->v[ENGINE_ALPHA_NET_US] : ev->v[ENGINE_ALPHA_A2A_US]) * US;
	double ar_tok = 2 * (t - 1) / t * h * 2 / bw;
	s->comm_alpha = s->comm_tok = 0;
	if (s->dpa) {
		s->comm_alpha = L_s * 2 * a2a;
		s->comm_tok = L_s * k * h * 3 * (t - 1) / t / t / bw;
	} else if (s->ep && t > 1) {
		s->comm_alpha = L_s * (alpha + 2 * a2a);
		s->comm_tok = L_s * (ar_tok + k * h * 3 / (t * bw));
	} else if (t > 1) {
		s->comm_alpha = 2 * L_s * alpha;
		s->comm_tok = 2 * L_s * ar_tok;
	}
	bool pp_across = s->t * s->p > CARDS_IN_A_MACHINE;
	/* inside a machine a send takes the link as the all-reduce does */
	double bw_p2p = pp_across ? ev->v[ENGINE_NET_GBS] * 1e9 : bw;
	s->send_alpha = s->p > 1 ? (pp_across ? ev->v[ENGINE_ALPHA_P2P_NET_US]
					      : ev->v[ENGINE_ALPHA_P2P_US]) * US : 0;
	s->send_tok = s->p > 1 ? h * 2 / bw_p2p : 0;
}

void step_model_init(struct step_model *s, const struct workload *w, const struct gpu *g,
		     const struct layout *l, double isl, double osl)
{
	struct params q;
	params_of(w->m, &q);
	*s = (struct step_model){.t = l->t > 0 ? l->t : 1, .p = l->p > 0 ? l->p : 1,
				 .ep = l->ep, .dpa = l->dpa, .moe = q.E > 0, .isl = isl,
				 .ctx = isl + osl / 2, .p16 = g->bf16_tflops * 1e12};
	efficiency_of(w, g, l, &s->eff);
	s->kappa = s->eff.kappa;
	double f_L = 1.0 / s->p, L_s = (double)w->m->layers / s->p;
	stage_weights(s, w, &q, f_L, L_s);
	stage_compute(s, w, &q, f_L, L_s);
	stage_comm(s, w, &q, L_s);
}

double step_stage(const struct step_model *s, double n_d, double n_p, struct step_terms *o)
{
	struct step_terms t;
	double n = n_d + n_p;
	double touched = s->moe ? 1 - exp(n * s->log_keep) : 0;
	t.weights = s->t_w_dense + s->t_w_experts * touched;
	double a_d = n_d, a_p = n_p; /* the attention's sequences and tokens on one card */
	if (s->dpa)
		dpa_rank_load(s, n_d, n_p, &a_d, &a_p);
	t.matmul_compute = s->mm_tok * n + s->mm_attn * (a_d + a_p) +
			   s->mm_head * (n_d + (s->isl > 0 ? n_p / s->isl : 0));
	t.matmul = step_blend(t.weights, t.matmul_compute, s->kappa);
	t.kv = s->kv_dec * a_d;
	t.attention_compute = s->at_dec * a_d + s->at_pre * a_p;
	t.attention = step_blend(t.kv, t.attention_compute, s->kappa);
	t.fixed = s->fixed;
	t.comm = n > 0 ? s->comm_alpha + s->comm_tok * n : 0;
	t.send = 0;
	t.total = t.matmul + t.attention + t.fixed + t.comm;
	if (o)
		*o = t;
	return t.total;
}

int step_micro_batches(const struct step_model *s, double n_d)
{
	double c = ceil(n_d - 1e-9);
	int n = c < 1 ? 1 : c > s->p ? s->p : (int)c;
	return n;
}

static void terms_scale(struct step_terms *t, double k)
{
	double *f[] = {&t->total, &t->weights, &t->matmul_compute, &t->matmul, &t->kv,
		       &t->attention_compute, &t->attention, &t->fixed, &t->comm, &t->send};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		*f[i] *= k;
}

double step_round(const struct step_model *s, double n_d, double n_p, struct step_terms *o)
{
	if (s->p == 1)
		return step_stage(s, n_d, n_p, o);
	struct step_terms t;
	int n_mb = step_micro_batches(s, n_d);
	step_stage(s, n_d / n_mb, n_p / n_mb, &t);
	t.send = s->send_alpha + s->send_tok * (n_d + n_p) / n_mb;
	t.total += t.send;
	terms_scale(&t, s->p);
	if (o)
		*o = t;
	return t.total;
}
