#include "model_parts.h"

#include <stdio.h>

#include "i18n.h"
#include "tables.h"

double model_embedding_params(const struct model *m)
{
	return (double)m->vocab * m->hidden * (m->tied_embeddings ? 1 : 2);
}

/* The MoE columns describe routed experts: a dense row has none of them. */
static const char *moe_column_without_experts(const struct model *m)
{
	if (m->experts)
		return NULL;
	return m->moe_intermediate ? "moe_intermediate"
	       : m->shared_experts ? "shared_experts"
	       : m->shared_intermediate ? "shared_intermediate"
	       : m->dense_layers ? "dense_layers"
	       : m->moe_every ? "moe_every"
	       : m->expert_dtype_name[0] ? "expert_dtype"
				      : NULL;
}

static const char *check_moe(struct model *m, char *buf, size_t cap)
{
	const char *col = moe_column_without_experts(m);
	if (col) {
		snprintf(buf, cap, _("%s only with experts (it describes MoE layers)"), col);
		return col;
	}
	if (m->dense_layers >= m->layers) {
		snprintf(buf, cap, _("dense_layers below layers (%d)"), m->layers);
		return "dense_layers";
	}
	m->expert_dtype = m->expert_dtype_name[0] ? precision_find(m->expert_dtype_name) : -1;
	if (m->expert_dtype_name[0] && m->expert_dtype < 0) {
		char names[120];
		precision_names(names, sizeof names);
		snprintf(buf, cap, _("a precision for expert_dtype: %s"), names);
		return "expert_dtype";
	}
	return NULL;
}

/* MLA caches the compressed latent and the shared rope key per token and
 * layer: kv_elems follows from the ranks. */
static const char *check_mla(struct model *m, char *buf, size_t cap)
{
	if (m->q_lora_rank && !m->kv_lora_rank) {
		snprintf(buf, cap, "%s", _("kv_lora_rank with q_lora_rank (MLA)"));
		return "kv_lora_rank";
	}
	if (!m->kv_lora_rank != !m->rope_dim) {
		snprintf(buf, cap, "%s", _("kv_lora_rank and rope_dim together (MLA)"));
		return m->rope_dim ? "kv_lora_rank" : "rope_dim";
	}
	if (!m->kv_lora_rank)
		return NULL;
	int latent = m->kv_lora_rank + m->rope_dim;
	if (m->kv_elems && m->kv_elems != latent) {
		snprintf(buf, cap, _("kv_elems equal to kv_lora_rank + rope_dim (%d)"), latent);
		return "kv_elems";
	}
	m->kv_elems = latent;
	return NULL;
}

/* "5/6": N of every M layers attend locally, the rest of each group of M
 * globally; empty: every layer. */
static bool parse_window_layers(const char *s, int *n, int *of)
{
	char tail;
	if (!s[0]) {
		*n = *of = 1;
		return true;
	}
	return sscanf(s, "%d/%d%c", n, of, &tail) == 2 && *n >= 1 && *n <= *of &&
	       *of <= 1 << 16;
}

static const char *check_window(struct model *m, char *buf, size_t cap)
{
	if (!m->window && m->window_layers[0]) {
		snprintf(buf, cap, "%s", _("window (the local span in tokens) with window_layers"));
		return "window";
	}
	if (m->window && !parse_window_layers(m->window_layers, &m->window_of, &m->window_in)) {
		snprintf(buf, cap, "%s",
			 _("N/M for window_layers: N of every M layers are local (\"5/6\")"));
		return "window_layers";
	}
	return NULL;
}

const char *model_parts_check(struct model *m, char *expected, size_t cap)
{
	const char *col = NULL;
	if (m->vision_params_b < 0)
		m->vision_params_b = 0;
	if (m->vision_params_b >= m->params_b) {
		snprintf(expected, cap, "%s", _("vision_params_b below params_b"));
		return "vision_params_b";
	}
	if ((col = check_moe(m, expected, cap)) || (col = check_mla(m, expected, cap)))
		return col;
	return check_window(m, expected, cap);
}
