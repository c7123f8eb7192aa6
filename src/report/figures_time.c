/* The serving figures' groups and getters (SERVING.md §13); figures.c
 * lists the rows. */
#include "figures_time.h"

#include <string.h>

#include "engine.h"
#include "i18n.h"
#include "tables.h"

static const struct throughput *throughput_of(const struct plan *p)
{
	return &p->throughput;
}

static const struct throughput *throughput_at_max_of(const struct plan *p)
{
	return &p->throughput_at_max;
}

static bool throughput_applies(const struct plan *p)
{
	return p->throughput.valid;
}

static bool throughput_at_max_applies(const struct plan *p)
{
	return p->throughput_at_max.valid;
}

static bool open_applies(const struct plan *p)
{
	return p->throughput.valid && p->throughput.open.valid;
}

static bool memory_min_applies(const struct plan *p)
{
	return p->memory_min.valid;
}

#define SUB(name, parent_, key_, label_, applies_, way_)                                    \
	const struct figure_group name = {.key = key_, .csv_prefix = key_, .csv_suffix = "", \
					  .label = label_, .parent = &parent_,               \
					  .applies = applies_, .way = way_};
/* way: 0 the decode step, 1 the step with a prefill chunk */
#define TIME_GROUPS(name, key_, of, applies_)                                               \
	const struct figure_group name = {.key = key_, .csv_prefix = key_, .csv_suffix = "", \
					  .label = key_, .throughput = of,                   \
					  .applies = applies_};                              \
	SUB(name##_cost_output, name, "cost_per_million_output",                            \
	    N_("per million output tokens"), applies_, 0)                                   \
	SUB(name##_cost_total, name, "cost_per_million_total",                              \
	    N_("per million tokens in and out"), applies_, 0)                               \
	SUB(name##_efficiency, name, "efficiency", N_("efficiencies used"), applies_, 0)    \
	SUB(name##_band, name, "band", N_("band"), applies_, 0)                             \
	SUB(name##_step, name, "step", N_("engine step"), applies_, 0)                      \
	SUB(name##_step_decode, name##_step, "decode", N_("decode step"), applies_, 0)      \
	SUB(name##_step_prefill, name##_step, "prefill", N_("step with prefill"), applies_, 1)
TIME_GROUPS(fg_throughput, "throughput", throughput_of, throughput_applies)
TIME_GROUPS(fg_throughput_at_max, "throughput_at_max", throughput_at_max_of,
	    throughput_at_max_applies)
const struct figure_group fg_open_loop = {.key = "open_loop", .csv_prefix = "open_loop",
					  .csv_suffix = "", .label = N_("request rate"),
					  .throughput = throughput_of, .applies = open_applies};
const struct figure_group fg_memory_minimum = {.key = "memory_minimum",
					       .csv_prefix = "memory_minimum_plan", .csv_suffix = "",
					       .label = N_("memory minimum"),
					       .applies = memory_min_applies};

/* The time figures a group describes: its own or its parent's. */
static const struct throughput *thr(const struct figure *f, const struct plan *p)
{
	const struct figure_group *g = f->group;
	while (g && !g->throughput)
		g = g->parent;
	return g ? g->throughput(p) : &p->throughput;
}

static const struct step_terms *terms(const struct figure *f, const struct throughput *t)
{
	return f->group && f->group->way ? &t->step.pre : &t->step.dec;
}

#define GET(name, applies, member, value)                                                 \
	bool name(const struct plan *p, const struct figure *f, struct figure_value *v)     \
	{                                                                                     \
		const struct throughput *t = thr(f, p);                                       \
		const struct open_loop *o = &t->open;                                         \
		const struct memory_minimum *m = &p->memory_min;                              \
		(void)o, (void)m;                                                             \
		if (!(applies))                                                               \
			return false;                                                         \
		v->member = (value);                                                          \
		return true;                                                                  \
	}

GET(t_bound, t->valid, text, bound_names[t->bound])
GET(t_concurrency, t->valid, number, t->concurrency)
GET(t_max_concurrency, t->valid && t->max_concurrency > 0, number, t->max_concurrency)
GET(t_waiting, t->valid, number, t->waiting_users)
GET(t_ttft, t->valid, number, t->ttft_s)
GET(t_tpot, t->valid, number, t->tpot_s)
GET(t_itl_p50, t->valid && t->osl > 1, number, t->itl_p50_s)
GET(t_itl_p99, t->valid && t->osl > 1, number, t->itl_p99_s)
GET(t_e2e, t->valid, number, t->e2e_s)
GET(t_user, t->valid, number, t->user_tokens_per_s)
GET(t_delivered, t->valid, number, t->delivered_tokens_per_s)
GET(t_output, t->valid, number, t->output_tokens_per_s)
GET(t_total, t->valid, number, t->total_tokens_per_s)
GET(t_out_container, t->valid, number, t->per_million_output.container)
GET(t_out_baremetal, t->valid, number, t->per_million_output.baremetal)
GET(t_tot_container, t->valid, number, t->per_million_total.container)
GET(t_tot_baremetal, t->valid, number, t->per_million_total.baremetal)
GET(t_currency, t->valid && t->currency[0], text, t->currency)
GET(t_break_even, t->valid, number, t->hourly_break_even_hours)
GET(t_n_d, t->valid, number, t->step.n_d)
GET(t_n_p, t->valid, number, t->step.n_p)
GET(t_chunk, t->valid, number, t->step.c)
GET(t_share, t->valid, number, t->step.f)
GET(t_rho, t->valid, number, t->step.rho)
GET(t_phi, t->valid, number, t->step.phi)
GET(t_n_mb, t->valid, number, t->step.n_mb)
GET(s_total, t->valid, number, terms(f, t)->total)
GET(s_weights, t->valid, number, terms(f, t)->weights)
GET(s_mm_compute, t->valid, number, terms(f, t)->matmul_compute)
GET(s_mm, t->valid, number, terms(f, t)->matmul)
GET(s_kv, t->valid, number, terms(f, t)->kv)
GET(s_at_compute, t->valid, number, terms(f, t)->attention_compute)
GET(s_at, t->valid, number, terms(f, t)->attention)
GET(s_fixed, t->valid, number, terms(f, t)->fixed)
GET(s_comm, t->valid, number, terms(f, t)->comm)
GET(s_send, t->valid, number, terms(f, t)->send)
GET(t_mbu, t->valid, number, t->eff.mbu)
GET(t_mbu_kv, t->valid, number, t->eff.mbu_kv)
GET(t_mbu_moe, t->valid, number, t->eff.mbu_moe)
GET(t_mfu, t->valid, number, t->eff.mfu)
GET(t_mfu_attn, t->valid, number, t->eff.mfu_attn)
GET(t_eta_dq, t->valid, number, t->eff.eta_dq)
GET(t_tau_layer, t->valid, number, t->eff.tau_layer_us)
GET(t_tau_moe, t->valid, number, t->eff.tau_moe_us)
GET(t_sw, t->valid, number, t->eff.sw)
GET(t_alpha, t->valid, number, t->eff.alpha_us)
GET(t_eta_ar, t->valid, number, t->eff.eta_ar)
GET(t_bw_ar, t->valid, number, t->eff.bw_ar_gbs)
GET(t_kappa, t->valid, number, t->eff.kappa)
GET(t_chunk_setting, t->valid, number, t->prefill_chunk)
GET(t_path, t->valid, text, compute_path_names[t->eff.path])
GET(t_peak, t->valid, number, t->eff.peak_tflops)
GET(t_bandwidth, t->valid, number, t->eff.bandwidth_gbs)
GET(t_fp8, t->valid, flag, t->eff.fp8_compute)
/* The engine constants not named above, by their key (engine.h). */
GET(t_engine, t->valid && engine_find(figure_key(f)) >= 0, number,
    t->engine.v[engine_find(figure_key(f))])
GET(t_band_low, t->valid, number, t->band_low_pct)
GET(t_band_high, t->valid, number, t->band_high_pct)
GET(t_band, t->valid && t->band_low_pct == t->band_high_pct, number, t->band_low_pct)
GET(o_rate, o->valid, number, o->rate)
GET(o_rate_per_replica, o->valid, number, o->rate_per_replica)
GET(o_percentile, o->valid, number, o->percentile)
GET(o_stable, o->valid, flag, o->stable)
GET(o_ttft_mean, o->valid, number, o->ttft_mean_s)
GET(o_ttft_p, o->valid, number, o->ttft_p_s)
GET(o_tpot_mean, o->valid, number, o->tpot_mean_s)
GET(o_tpot_p, o->valid, number, o->tpot_p_s)
GET(o_itl_p50, o->valid, number, o->itl_p50_s)
GET(o_itl_p99, o->valid, number, o->itl_p99_s)
GET(o_in_flight, o->valid, number, o->in_flight)
GET(o_rho, o->valid, number, o->prefill_utilisation)
GET(o_max_rate, o->valid && o->targets, number, o->max_rate_per_replica)
GET(o_replicas, o->valid && o->targets && o->replicas_needed > 0, number, o->replicas_needed)
GET(o_cards, o->valid && o->targets && o->replicas_needed > 0, number, o->cards_needed)
GET(o_meets, o->valid && o->targets, flag, o->meets_slo)
GET(o_binding, o->valid && o->targets && o->binding != BIND_NONE, text,
    serving_binding_names[o->binding])
GET(m_cards, m->valid, number, m->cards)
GET(m_tp, m->valid, number, m->tp)
GET(m_pp, m->valid, number, m->pp)
GET(m_replicas, m->valid, number, m->replicas)
GET(m_per_card, m->valid, number, m->per_card / GIB)
GET(m_ttft, m->valid && m->ttft_s >= 0, number, m->ttft_s)
GET(m_tpot, m->valid && m->tpot_s >= 0, number, m->tpot_s)
GET(m_output, m->valid && m->output_tokens_per_s >= 0, number, m->output_tokens_per_s)
