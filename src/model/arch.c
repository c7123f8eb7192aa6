#include "arch.h"

#include <math.h>
#include <string.h>

#include "model_parts.h"
#include "tables.h"

/* After dense_layers dense ones, every moe_every-th layer is MoE (Llama 4
 * Maverick: 2, layers 2, 4, ... counted from one); a dense row has none. */
int arch_moe_layers(const struct model *m)
{
	if (!m->experts)
		return 0;
	int every = m->moe_every > 1 ? m->moe_every : 1;
	return (m->layers - m->dense_layers) / every;
}

int arch_dense_layers(const struct model *m)
{
	return m->layers - arch_moe_layers(m);
}

/* window_of of every window_in layers are local, the others of each group
 * global (gpt-oss "1/2", Gemma 3 "5/6", Llama 4 "3/4"); a last, partial
 * group is local first. */
int arch_local_layers(const struct model *m)
{
	if (!m->window || m->window_in < 1)
		return 0;
	int in = m->window_in, of = m->window_of, rest = m->layers % in;
	int global = m->layers / in * (in - of) + (rest > of ? rest - of : 0);
	return m->layers - global;
}

int arch_expert_width(const struct model *m)
{
	return m->moe_intermediate ? m->moe_intermediate : m->intermediate;
}

static int shared_width(const struct model *m)
{
	return m->shared_intermediate ? m->shared_intermediate : arch_expert_width(m);
}

double arch_moe_token_width(const struct model *m)
{
	return (double)m->experts_per_token * arch_expert_width(m) +
	       (double)m->shared_experts * shared_width(m);
}

double arch_mean_ffn_width(const struct model *m)
{
	int moe = arch_moe_layers(m);
	if (m->layers < 1)
		return m->intermediate;
	return ((double)(m->layers - moe) * m->intermediate + moe * arch_moe_token_width(m)) /
	       m->layers;
}

static double ffn_params(const struct model *m, double width)
{
	return (m->mlp == MLP_SWIGLU ? 3 : 2) * (double)m->hidden * width;
}

double arch_routed_params(const struct model *m)
{
	return (double)arch_moe_layers(m) * m->experts * ffn_params(m, arch_expert_width(m));
}

double arch_kv_elems(const struct model *m)
{
	return m->kv_elems ? m->kv_elems : 2.0 * m->kv_heads * m->head_dim;
}

double arch_kv_tokens(const struct model *m, double s)
{
	int local = arch_local_layers(m);
	double held = local && m->window < s ? m->window : s;
	return (double)(m->layers - local) * s + local * held;
}

/* MLA (DeepSeek-V2/V3): q through a low-rank bottleneck (q_lora_rank; full
 * rank when 0) to heads x (head_dim + rope_dim); k and v from the cached
 * latent kv_lora_rank (+ the shared rope key) to heads x 2 x head_dim;
 * head_dim is qk_nope_head_dim = v_head_dim there. Norms on both latents. */
static double mla_params(const struct model *m)
{
	double h = m->hidden, heads = m->heads, d = m->head_dim, rope = m->rope_dim;
	double ql = m->q_lora_rank, kvl = m->kv_lora_rank;
	double q = ql > 0 ? h * ql + ql + ql * heads * (d + rope) : h * heads * (d + rope);
	double kv = h * (kvl + rope) + kvl + kvl * heads * 2 * d;
	return q + kv + heads * d * h;
}

static double attention_params(const struct model *m)
{
	if (m->kv_lora_rank)
		return mla_params(m);
	double h = m->hidden, q = (double)m->heads * m->head_dim;
	double kv = (double)m->kv_heads * m->head_dim;
	return h * q + 2 * h * kv + q * h;
}

double arch_attention_params(const struct model *m)
{
	if (m->kv_elems && !m->kv_lora_rank)
		return 0;
	return m->layers * attention_params(m);
}

/* One MoE layer's FFN: all routed experts (or experts_per_token of them),
 * the shared experts and the router. */
static double moe_ffn_params(const struct model *m, int routed)
{
	return routed * ffn_params(m, arch_expert_width(m)) +
	       m->shared_experts * ffn_params(m, shared_width(m)) +
	       (double)m->hidden * m->experts;
}

double arch_param_count(const struct model *m, double *active)
{
	if (m->kv_elems && !m->kv_lora_rank) {
		if (active)
			*active = 0;
		return 0; /* MLA without its ranks: no count rather than a wrong one */
	}
	double h = m->hidden;
	int moe = arch_moe_layers(m);
	double emb = model_embedding_params(m) + h; /* plus the final norm */
	double common = emb + m->layers * (attention_params(m) + 2 * h) + /* two norms */
			(m->layers - moe) * ffn_params(m, m->intermediate);
	if (active)
		*active = common + moe * moe_ffn_params(m, m->experts_per_token);
	return common + moe * moe_ffn_params(m, m->experts) + m->vision_params_b * 1e9;
}

/* Used only when the catalogue has no template to scale from. */
static const struct model llama31_8b_shape = {
	.id = "llama-3.1-8b", .name = "Llama-3.1-8B", .params_b = 8.03, .layers = 32,
	.hidden = 4096, .heads = 32, .kv_heads = 8, .head_dim = 128,
	.intermediate = 14336, .vocab = 128256, .mlp = MLP_SWIGLU, .max_context = 131072,
	.dtype = -1, .expert_dtype = -1, .window_layers = "", .expert_dtype_name = "",
};

/* A current shape to scale a bare size from: grouped-query attention (an
 * MHA row such as Llama-2 would give a 1.5b 180 KiB of KV per token), one
 * dense FFN, no MLA, local attention or vision tower. */
static bool is_template(const struct model *m)
{
	return !m->experts && !m->kv_elems && !m->window && m->vision_params_b <= 0 &&
	       m->kv_heads < m->heads && m->active_params_b == m->params_b;
}

static const struct model *nearest(const struct catalog *c, double params, bool templates)
{
	const struct model *best = NULL;
	double best_gap = INFINITY;
	for (size_t i = 0; c && i < c->nmodels; i++) {
		const struct model *m = &c->models[i];
		if (templates && !is_template(m))
			continue;
		double gap = fabs(log(params / (m->params_b * 1e9)));
		if (gap < best_gap)
			best = m, best_gap = gap;
	}
	return best;
}

static int round_to(double v, int step)
{
	long r = lround(v / step) * step;
	return r < step ? step : r > 1 << 24 ? 1 << 24 : (int)r;
}

/* The catalogue model a bare size names by its total, if any. */
static const struct model *near_model(const struct catalog *c, double params)
{
	const struct model *m = nearest(c, params, false);
	return m && fabs(params / (m->params_b * 1e9) - 1) <= ARCH_NEAR_MODEL ? m : NULL;
}

/* Same layer/width ratios: layers and widths both scale by the cube root
 * of the size ratio, as parameters grow with layers x width^2. */
const struct model *arch_derive(struct model *out, const struct catalog *c, double params,
				const struct model **near)
{
	const struct model *ref = nearest(c, params, true);
	const struct model *shape = ref ? ref : &llama31_8b_shape;
	double k = cbrt(params / (shape->params_b * 1e9));
	int group = shape->heads / shape->kv_heads;
	*out = *shape;
	out->hidden = round_to(shape->hidden * k, 128);
	out->heads = round_to((double)out->hidden / shape->head_dim, group);
	out->kv_heads = out->heads / group;
	out->intermediate = round_to(shape->intermediate * k, 128);
	out->layers = (int)fmax(1, fmin(1 << 16, lround(shape->layers * k)));
	out->params_b = out->active_params_b = params / 1e9;
	out->derived = true;
	out->is_default = false;
	out->aliases = "";
	out->line = 0;
	if (near)
		*near = near_model(c, params);
	return ref;
}
