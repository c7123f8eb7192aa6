#include "estimate.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "arch.h"
#include "i18n.h"
#include "settings_train.h"
#include "training_time.h"

#define TERM(n, k, l, s, field) {.name = n, .key = k, .label = l, .slot = s, \
				  .offset = offsetof(struct mem_terms, field)}
const struct mem_term_row mem_term_rows[TERM_COUNT] = {
	[TERM_WEIGHTS] = TERM(N_("weights"), "weights", N_("weights"), SLOT_WEIGHTS, weights),
	[TERM_KV_CACHE] = TERM(N_("KV"), "kv_cache", N_("KV cache"), SLOT_KV, kv_cache),
	[TERM_ACTIVATIONS] = TERM(N_("activations"), "activations", N_("activations"),
				  SLOT_ACTIVATIONS, activations),
	[TERM_GRADIENTS] = TERM(N_("gradients"), "gradients", N_("gradients"), SLOT_STATES,
				gradients),
	[TERM_OPTIMIZER] = TERM(N_("optimizer"), "optimizer", N_("optimizer"), SLOT_STATES,
				optimizer),
	[TERM_OVERHEAD] = TERM(N_("overhead"), "overhead", N_("overhead"), SLOT_OVERHEAD,
			       overhead),
};

const char *mem_term_name(enum mem_term t)
{
	return _(mem_term_rows[t].name);
}

const char *mem_term_label(enum mem_term t)
{
	return _(mem_term_rows[t].label);
}

double mem_term_value(const struct mem_terms *m, enum mem_term t)
{
	return *(const double *)((const char *)m + mem_term_rows[t].offset);
}

int mem_terms_text(char *buf, size_t cap, const struct mem_terms *m, int decimals,
		   const char *sep, enum mem_term first, enum mem_term last)
{
	size_t n = 0;
	if (cap)
		buf[0] = '\0';
	for (enum mem_term t = first; t < last && n < cap; t++)
		n += (size_t)snprintf(buf + n, cap - n, "%s%s %.*f", t == first ? "" : sep,
				      mem_term_name(t), decimals, mem_term_value(m, t) / GIB);
	return (int)n;
}

/* Summed in the order of the table, as the reports list them. */
double mem_sum(const struct mem_terms *m)
{
	double sum = 0;
	for (enum mem_term t = 0; t < TERM_COUNT; t++)
		sum += mem_term_value(m, t);
	return sum;
}

/* fp8 and the quantized formats keep the embedding and LM head (and a
 * vision tower) in 16 bits; the routed experts may ship in a format of
 * their own (gpt-oss: MXFP4 experts, 16-bit attention). A derived
 * architecture is not trusted for that split. */
double weight_bytes_split(const struct model *m, double bytes_per_param, double expert_bytes,
			  bool embeddings_16bit)
{
	double params = m->params_b * 1e9;
	if (m->derived)
		return params * bytes_per_param;
	double routed = fmin(arch_routed_params(m), params);
	double side = fmin(model_embedding_params(m) + m->vision_params_b * 1e9, params - routed);
	double side_bytes = embeddings_16bit ? 2.0 : bytes_per_param;
	return (params - routed - side) * bytes_per_param + routed * expert_bytes +
	       side * side_bytes;
}

double weight_bytes(const struct model *m, double bytes_per_param, bool embeddings_16bit)
{
	if (!embeddings_16bit && !m->derived)
		return m->params_b * 1e9 * bytes_per_param;
	return weight_bytes_split(m, bytes_per_param, bytes_per_param, embeddings_16bit);
}

/* Local layers hold at most their window (arch_kv_tokens). */
double kv_cache_bytes(const struct model *m, double s, double b, double kv_bytes)
{
	return arch_kv_elems(m) * arch_kv_tokens(m, s) * b * kv_bytes;
}

/* The widest FFN a token meets: a dense layer's, or a MoE layer's
 * experts_per_token routed experts and its shared ones. */
static double mlp_width(const struct model *m)
{
	if (!m->experts)
		return m->intermediate;
	double moe = arch_moe_token_width(m);
	return arch_dense_layers(m) > 0 && m->intermediate > moe ? m->intermediate : moe;
}

/* One layer's peak inside the MLP while prefilling m tokens, 16-bit, plus
 * fp32 logits of the b last positions. */
double inference_activation_bytes(const struct model *m, double s, double b, double chunk)
{
	double tokens = s * b;
	if (chunk > 0 && chunk < tokens)
		tokens = chunk;
	double mats = m->mlp == MLP_SWIGLU ? 3 : 2;
	return 2.0 * (2 * tokens * m->hidden + mats * tokens * mlp_width(m)) + b * m->vocab * 4.0;
}

/* Korthikanti et al. 2022, generalised to GQA and SwiGLU (bytes, 16-bit). */
double training_layer_bytes(const struct model *m, double s, double b, bool fused, bool dropout)
{
	double sbh = s * b * m->hidden, a = m->heads;
	double attention = sbh * (6 + 4.0 * m->kv_heads / a);
	double mlp = 2 * sbh + (m->mlp == MLP_SWIGLU ? 6 : 4) * s * b * arch_mean_ffn_width(m);
	double norms = 4 * sbh;
	if (!fused)
		attention += 4 * a * s * s * b; /* scores and softmax */
	if (dropout) {
		attention += a * s * s * b + sbh; /* attention and output dropout masks */
		mlp += sbh;
	}
	return attention + mlp + norms;
}

/* LoRA's r x (in + out) on one linear layer. */
static double lora_linear(double in, double out)
{
	return in + out;
}

/* The attention's linear layers: q, k, v, o, or MLA's down and up
 * projections. */
static double lora_attention(const struct model *m)
{
	double h = m->hidden, heads = m->heads, d = m->head_dim;
	double q = heads * d, kv = (double)m->kv_heads * d;
	if (!m->kv_lora_rank)
		return lora_linear(h, q) + 2 * lora_linear(h, kv) + lora_linear(q, h);
	double ql = m->q_lora_rank, kvl = m->kv_lora_rank, rope = m->rope_dim;
	double qp = ql > 0 ? lora_linear(h, ql) + lora_linear(ql, heads * (d + rope))
			   : lora_linear(h, heads * (d + rope));
	return qp + lora_linear(h, kvl + rope) + lora_linear(kvl, heads * 2 * d) +
	       lora_linear(q, h);
}

static double lora_ffn(const struct model *m, double width)
{
	return (m->mlp == MLP_SWIGLU ? 3 : 2) * lora_linear(m->hidden, width);
}

/* LoRA on every linear layer (PEFT's "all-linear"): the attention, each
 * dense FFN, and in a MoE layer every routed and shared expert. */
double lora_params(const struct model *m, int r)
{
	int moe = arch_moe_layers(m);
	int shared_w = m->shared_intermediate ? m->shared_intermediate : arch_expert_width(m);
	double moe_ffn = m->experts * lora_ffn(m, arch_expert_width(m)) +
			 m->shared_experts * lora_ffn(m, shared_w);
	double per_model = m->layers * lora_attention(m) +
			   (m->layers - moe) * lora_ffn(m, m->intermediate) + moe * moe_ffn;
	return (double)r * per_model;
}

/* Bytes per token per vocabulary entry that a loss over the full logits
 * holds at its peak in the Hugging Face Trainer: the bf16 logits the model
 * returns (2), their fp32 copy (4), the fp32 log-softmax kept for backward
 * (4), its gradient (4) and the bf16 gradient of the logits (2). Unsloth's
 * table of the longest context Hugging Face + FA2 fits on 12-80 GB
 * (Llama-3.1-8B QLoRA) grows by 16 x 128256 B per token, not 8. */
#define LOGIT_BYTES_FULL 16.0

/* A chunked loss holds one of LOSS_CHUNKS chunks at a time. */
double training_logits_bytes(const struct model *m, double s, double b, enum loss_kind loss)
{
	double full = LOGIT_BYTES_FULL * s * b * m->vocab;
	return loss == LOSS_CHUNKED ? full / LOSS_CHUNKS : full;
}

/* PEFT's prepare_model_for_kbit_training casts the modules it leaves
 * unquantized, the embedding and the LM head, to fp32: 2 more bytes each
 * (Qwen-7B: 2 x 151936 x 4096 x 2 B = 2.3 GiB; Llama-2-7B: 0.49 GiB).
 * It belongs to the Hugging Face stack that --loss full stands for:
 * torchtune's QLoRA (the chunked stack) keeps them in bf16. */
double qlora_upcast_bytes(const struct model *m)
{
	if (m->derived)
		return 0;
	return 2.0 * fmin(model_embedding_params(m), m->params_b * 1e9);
}

/* Resident weights at the precision in use, the routed experts at theirs
 * (expert_dtype, with precision auto). */
static double frozen_bytes(const struct workload *w)
{
	const struct precision *p = w->prec, *e = w->expert_prec;
	return weight_bytes_split(w->m, p->weight_bytes, e->weight_bytes,
				  p->embeddings_16bit || e->embeddings_16bit);
}

static bool init_training(struct workload *w, const struct scenario *sc)
{
	const struct model *m = w->m;
	enum training_row row = w->prec->training[sc->accounting];
	if (row == TRAIN_NONE && w->kind == TASK_FULL) {
		snprintf(w->error, sizeof w->error,
			 _("%s is not a training precision: use -t qlora, or -t lora -p %s for LoRA "
			   "over a quantized base, or train in bf16"), w->prec->name, w->prec->name);
		return false;
	}
	if (row == TRAIN_NONE) /* adapters over a quantized base train in 16-bit mixed */
		row = precisions[precision_find("bf16")].training[sc->accounting];
	w->train = &training_rows[row];
	double params = m->params_b * 1e9;
	switch (w->kind) {
	case TASK_FULL:
		w->trainable = params;
		break;
	case TASK_LORA:
		w->trainable = lora_params(m, sc->lora_rank);
		w->frozen_weights = frozen_bytes(w);
		break;
	default: /* QLoRA: NF4 base with double quantisation */
		w->trainable = lora_params(m, sc->lora_rank);
		w->frozen_weights = weight_bytes(m, QLORA_BASE_BYTES, true);
		if (sc->loss == LOSS_FULL)
			w->frozen_weights += qlora_upcast_bytes(m);
		break;
	}
	double s = (double)sc->context, b = (double)sc->concurrency;
	w->act_layer = training_layer_bytes(m, s, b, !sc->unfused_attention, sc->dropout);
	w->act_layer_input = 2 * s * b * m->hidden;
	w->logits = training_logits_bytes(m, s, b, sc->loss);
	w->sequences = train_sequences(train_global_batch(sc), s);
	w->expert_params = routed_params(m);
	return true;
}

bool workload_init(struct workload *w, const struct scenario *sc)
{
	*w = (struct workload){.sc = sc, .m = scenario_model(sc), .prec = &precisions[sc->precision]};
	/* what the experts ship in holds while the precision follows the model */
	const struct model *m = w->m;
	bool own = m->experts && m->expert_dtype_name && m->expert_dtype_name[0] &&
		   m->expert_dtype >= 0;
	w->expert_prec = sc->precision_auto && !sc->is_custom && own ? &precisions[m->expert_dtype]
								   : w->prec;
	w->kind = tasks[sc->task].kind;
	w->overhead = sc->overhead_gib * GIB;
	w->kv_bytes = sc->kv_precision == KV_FP8 ? 1 : sc->kv_precision == KV_16 ? 2
										 : w->prec->kv_bytes;
	w->kv_per_seq = kv_cache_bytes(w->m, (double)sc->context, 1, w->kv_bytes);
	/* MLA's compressed latent is shared by all heads: TP cannot split it. */
	w->kv_split_max = w->m->kv_elems ? 1 : w->m->kv_heads;
	if (w->kind == TASK_INFERENCE) {
		w->frozen_weights = frozen_bytes(w);
		return true;
	}
	return init_training(w, sc);
}

/* Pipeline stages hold whole layers: with L layers on p stages the
 * fullest holds ceil(L/p) (80 on 3: 27, not 26.67), and that card is the
 * one that must fit. */
int stage_layers(const struct model *m, int p)
{
	return p > 1 ? (m->layers + p - 1) / p : m->layers;
}

/* What a per-layer term is divided by on the fullest stage: L/ceil(L/p)
 * (80 layers on 3 stages: 80/27 = 2.963), exactly p when p divides L, so
 * those plans keep their bytes to the last bit. */
double stage_divisor(const struct model *m, int p)
{
	return p > 1 && m->layers > 0 ? (double)m->layers / stage_layers(m, p) : 1.0;
}

/* DP-attention + EP (SERVING.md §6): attention, the dense part and the
 * embeddings replicated on each of the G cards, the routed experts split
 * across them; each card keeps the KV of its own B/G sequences. */
static void dpa_per_card(const struct workload *w, const struct layout *l, double b,
			 struct mem_terms *out)
{
	const struct model *m = w->m;
	double stages = stage_divisor(m, l->p), G = l->t;
	bool moe = m->experts > m->experts_per_token && m->experts_per_token > 0 && !m->derived;
	double expert_bytes = moe ? arch_routed_params(m) * w->expert_prec->weight_bytes : 0;
	out->weights = ((w->frozen_weights - expert_bytes) + expert_bytes / G) / stages;
	out->kv_cache = w->kv_per_seq * ceil(b / G) / stages;
	out->activations = inference_activation_bytes(m, (double)w->sc->context, ceil(b / G),
						      (double)w->sc->prefill_chunk);
}

static void inference_per_card(const struct workload *w, const struct layout *l,
			       struct mem_terms *out)
{
	double stages = stage_divisor(w->m, l->p);
	double b = ceil((double)w->sc->concurrency / l->d); /* sequences per replica */
	if (l->dpa) {
		dpa_per_card(w, l, b, out);
		return;
	}
	double kv_split = l->t < w->kv_split_max ? l->t : w->kv_split_max;
	out->weights = w->frozen_weights / (l->t * stages);
	out->kv_cache = w->kv_per_seq * b / (kv_split * stages);
	out->activations = inference_activation_bytes(w->m, (double)w->sc->context, b,
						      (double)w->sc->prefill_chunk) / l->t;
}

int layout_recomputed_layers(const struct layout *l, const struct layout_train *x, int stage)
{
	if (x && x->rc_layers > 0)
		return x->rc_layers < stage ? x->rc_layers : stage;
	return l->recompute ? stage : 0;
}

static const struct layout_train train_defaults_x = {0};

/* Routed experts all hold the same parameters: P − P_act is E − k_e of
 * them (shared experts are always on, so they count as dense). */
double routed_params(const struct model *m)
{
	int e = m->experts, k = m->experts_per_token;
	if (e <= 0 || k <= 0 || e <= k)
		return 0;
	double per = (m->params_b - m->active_params_b) * 1e9 / (e - k);
	return per > 0 ? per * e : 0;
}

/* The micro-batch against the concurrency the per-layer terms were
 * computed at. */
static double micro_batch_scale(const struct workload *w, const struct layout_train *x)
{
	return x->b > 0 ? (double)x->b / (double)w->sc->concurrency : 1;
}

/* TRAINING.md §7.2: what the fullest stage keeps for one micro-batch when
 * n_r of its layers are recomputed (their inputs only), plus the full set
 * of the layer being recomputed. */
static double kept_activations(const struct workload *w, const struct layout *l,
			       const struct layout_train *x)
{
	int stage = stage_layers(w->m, l->p), n_r = layout_recomputed_layers(l, x, stage);
	double kept = w->act_layer_input * n_r + w->act_layer * (stage - n_r) +
		      (n_r > 0 ? w->act_layer : 0);
	return kept * micro_batch_scale(w, x);
}

/* TRAINING.md §7.3.1: under 1F1B the first stage holds min(m, p)
 * micro-batches in flight (more with virtual stages, Korthikanti et al.
 * 2022 §4.2.3); the logits sit on the last stage only. */
static double training_activations(const struct workload *w, const struct layout *l,
				   const struct layout_train *x)
{
	double kept = kept_activations(w, l, x), logits = w->logits * micro_batch_scale(w, x);
	if (l->p <= 1)
		return (kept + logits) / l->t; /* sequence parallel with TP */
	double b = x->b > 0 ? x->b : (double)w->sc->concurrency, d = l->d > 0 ? l->d : 1;
	double m = w->sequences > 0 ? w->sequences / (d * b) : l->p;
	double v = x->v > 1 ? x->v : 1, f_v = v > 1 ? 1 + (l->p - 1.0) / (l->p * v) : 1;
	double in_flight = fmax(1, fmin(m, l->p)) * f_v * kept;
	return fmax(in_flight, kept + logits) / l->t;
}

/* ZeRO-1 shards optimizer states, ZeRO-2 also gradients, ZeRO-3 also the
 * weights, each over the d data-parallel cards. Routed experts are split
 * by expert parallel e instead, their optimizer states also over the d/e
 * cards of an expert's data-parallel group (z ≥ 1); ZeRO-3 gathers dense
 * weights only (TRAINING.md §7.3.2). */
static void training_per_card(const struct workload *w, const struct layout *l,
			      const struct layout_train *x, struct mem_terms *out)
{
	double mp = l->t * stage_divisor(w->m, l->p), d = l->d, e = x->e > 1 ? x->e : 1;
	double experts = w->kind == TASK_FULL ? fmin(w->expert_params, w->trainable) : 0;
	double dense = (w->trainable - experts) / mp, own = experts / (mp * e);
	double share = w->m->params_b > 0 ? fmin(1, w->expert_params / (w->m->params_b * 1e9)) : 0;
	double frozen = w->frozen_weights / mp * (1 - share + share / e);
	const struct training_bytes *tb = w->train;
	out->weights = (frozen + tb->weights * dense) / (l->zero >= 3 ? d : 1) + tb->weights * own;
	out->gradients = tb->gradients * dense / (l->zero >= 2 ? d : 1) + tb->gradients * own;
	out->optimizer = tb->optimizer * (dense / (l->zero >= 1 ? d : 1) +
					  own / (l->zero >= 1 ? d / e : 1));
	out->activations = training_activations(w, l, x);
}

void workload_per_card_train(const struct workload *w, const struct layout *l,
			     const struct layout_train *x, struct mem_terms *out)
{
	*out = (struct mem_terms){.overhead = w->overhead};
	if (w->kind == TASK_INFERENCE)
		inference_per_card(w, l, out);
	else
		training_per_card(w, l, x ? x : &train_defaults_x, out);
}

void workload_per_card(const struct workload *w, const struct layout *l, struct mem_terms *out)
{
	workload_per_card_train(w, l, NULL, out);
}
