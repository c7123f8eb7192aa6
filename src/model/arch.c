#include "arch.h"

#include <math.h>
#include <string.h>

#include "tables.h"

double arch_embedding_params(const struct model *m)
{
	return (double)m->vocab * m->hidden * (m->tied_embeddings ? 1 : 2);
}

double arch_param_count(const struct model *m, double *active)
{
	if (m->kv_elems > 0)
		return 0; /* MLA projections are not in the columns */
	double h = m->hidden, q = (double)m->heads * m->head_dim;
	double kv = (double)m->kv_heads * m->head_dim;
	double attention = h * q + 2 * h * kv + q * h;
	double one_mlp = (m->mlp == MLP_SWIGLU ? 3 : 2) * h * m->intermediate;
	double experts = m->experts ? m->experts : 1;
	double routed = m->experts_per_token ? m->experts_per_token : 1;
	double router = m->experts ? h * m->experts : 0;
	double shared = attention + router + 2 * h; /* two norms per layer */
	double emb = arch_embedding_params(m) + h;  /* plus the final norm */
	if (active)
		*active = emb + m->layers * (shared + routed * one_mlp);
	return emb + m->layers * (shared + experts * one_mlp);
}

/* Used only when the catalogue has no dense model to scale from. */
static const struct model llama2_7b_shape = {
	.id = "llama-2-7b", .name = "Llama-2-7B", .params_b = 6.74, .layers = 32,
	.hidden = 4096, .heads = 32, .kv_heads = 32, .head_dim = 128,
	.intermediate = 11008, .vocab = 32000, .mlp = MLP_SWIGLU, .max_context = 4096,
};

static const struct model *nearest_dense(const struct catalog *c, double params)
{
	const struct model *best = NULL;
	double best_gap = INFINITY;
	for (size_t i = 0; c && i < c->nmodels; i++) {
		const struct model *m = &c->models[i];
		if (m->experts || m->kv_elems || m->active_params_b != m->params_b)
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

/* Same layer/width ratios: layers and widths both scale by the cube root
 * of the size ratio, as parameters grow with layers x width^2. */
const struct model *arch_derive(struct model *out, const struct catalog *c, double params)
{
	const struct model *ref = nearest_dense(c, params);
	const struct model *shape = ref ? ref : &llama2_7b_shape;
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
	out->line = 0;
	return ref;
}
