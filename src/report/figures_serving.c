/* The serving figures' getters (figures_serving.h): each reads one value
 * of a plan's time model, true when it applies. */
#include "figures_serving.h"

#include "engine.h"
#include "tables.h"

static bool number(struct figure_value *v, double x)
{
	v->number = x;
	return true;
}

static bool text(struct figure_value *v, const char *s)
{
	v->text = s;
	return true;
}

static bool flag(struct figure_value *v, bool b)
{
	v->flag = b;
	return true;
}

/* The decode step's terms, and the step's with a prefill chunk. */
static const struct step_terms *dec(const struct throughput *t)
{
	return &t->step.dec;
}

static const struct step_terms *pre(const struct throughput *t)
{
	return &t->step.pre;
}

static const struct open_loop *open(const struct throughput *t)
{
	return &t->open;
}

/* A rate's figures with its targets. */
static bool targets(const struct throughput *t)
{
	return t->valid && t->open.valid && t->open.targets;
}


bool get_time_waiting(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, (double)t->waiting_users);
}

bool get_time_itl_p50(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->osl > 1 && number(v, t->itl_p50_s);
}

bool get_time_itl_p99(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->osl > 1 && number(v, t->itl_p99_s);
}

bool get_time_e2e(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->e2e_s);
}

bool get_time_delivered(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->delivered_tokens_per_s);
}

bool get_step_n_d(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->step.n_d);
}

bool get_step_n_p(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->step.n_p);
}

bool get_step_chunk(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->step.c);
}

bool get_step_share(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->step.f);
}

bool get_step_rho(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->step.rho);
}

bool get_step_phi(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->step.phi);
}

bool get_step_n_mb(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, (double)t->step.n_mb);
}

bool get_dec_total(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, dec(t)->total);
}

bool get_dec_weights(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, dec(t)->weights);
}

bool get_dec_mm_compute(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, dec(t)->matmul_compute);
}

bool get_dec_mm(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, dec(t)->matmul);
}

bool get_dec_kv(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, dec(t)->kv);
}

bool get_dec_at_compute(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, dec(t)->attention_compute);
}

bool get_dec_at(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, dec(t)->attention);
}

bool get_dec_fixed(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, dec(t)->fixed);
}

bool get_dec_comm(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, dec(t)->comm);
}

bool get_dec_send(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, dec(t)->send);
}

bool get_pre_total(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, pre(t)->total);
}

bool get_pre_weights(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, pre(t)->weights);
}

bool get_pre_mm_compute(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, pre(t)->matmul_compute);
}

bool get_pre_mm(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, pre(t)->matmul);
}

bool get_pre_kv(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, pre(t)->kv);
}

bool get_pre_at_compute(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, pre(t)->attention_compute);
}

bool get_pre_at(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, pre(t)->attention);
}

bool get_pre_fixed(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, pre(t)->fixed);
}

bool get_pre_comm(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, pre(t)->comm);
}

bool get_pre_send(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, pre(t)->send);
}

bool get_eff_mbu_moe(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.mbu_moe);
}

bool get_eff_mfu_attn(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.mfu_attn);
}

bool get_eff_eta_dq(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.eta_dq);
}

bool get_eff_tau_layer(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.tau_layer_us);
}

bool get_eff_tau_moe(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.tau_moe_us);
}

bool get_eff_sw(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.sw);
}

bool get_eff_alpha(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.alpha_us);
}

bool get_eff_eta_ar(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.eta_ar);
}

bool get_eff_bw_ar(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.bw_ar_gbs);
}

bool get_eff_kappa(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.kappa);
}

bool get_eff_chunk(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->prefill_chunk);
}

bool get_eff_alpha_p2p(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->engine.v[ENGINE_ALPHA_P2P_US]);
}

bool get_eff_alpha_p2p_net(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->engine.v[ENGINE_ALPHA_P2P_NET_US]);
}

bool get_eff_net_gbs(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->engine.v[ENGINE_NET_GBS]);
}

bool get_eff_alpha_a2a(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->engine.v[ENGINE_ALPHA_A2A_US]);
}

bool get_eff_alpha_net(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->engine.v[ENGINE_ALPHA_NET_US]);
}

bool get_eff_path(const struct throughput *t, struct figure_value *v)
{
	return t->valid && text(v, compute_path_names[t->eff.path]);
}

bool get_band_low(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->band_low_pct);
}

bool get_band_high(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->band_high_pct);
}

bool get_open_rate(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->open.valid && number(v, open(t)->rate);
}

bool get_open_rate_per_replica(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->open.valid && number(v, open(t)->rate_per_replica);
}

bool get_open_percentile(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->open.valid && number(v, open(t)->percentile);
}

bool get_open_ttft_mean(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->open.valid && number(v, open(t)->ttft_mean_s);
}

bool get_open_ttft_p(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->open.valid && number(v, open(t)->ttft_p_s);
}

bool get_open_tpot_mean(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->open.valid && number(v, open(t)->tpot_mean_s);
}

bool get_open_tpot_p(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->open.valid && number(v, open(t)->tpot_p_s);
}

bool get_open_itl_p50(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->open.valid && number(v, open(t)->itl_p50_s);
}

bool get_open_itl_p99(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->open.valid && number(v, open(t)->itl_p99_s);
}

bool get_open_in_flight(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->open.valid && number(v, open(t)->in_flight);
}

bool get_open_rho(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->open.valid && number(v, open(t)->prefill_utilisation);
}

bool get_open_stable(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->open.valid && flag(v, open(t)->stable);
}

bool get_open_max_rate(const struct throughput *t, struct figure_value *v)
{
	return targets(t) && number(v, open(t)->max_rate_per_replica);
}

bool get_open_replicas(const struct throughput *t, struct figure_value *v)
{
	return targets(t) && open(t)->replicas_needed > 0 && number(v, open(t)->replicas_needed);
}

bool get_open_cards(const struct throughput *t, struct figure_value *v)
{
	return targets(t) && open(t)->replicas_needed > 0 && number(v, open(t)->cards_needed);
}

bool get_open_meets(const struct throughput *t, struct figure_value *v)
{
	return targets(t) && flag(v, open(t)->meets_slo);
}

bool get_open_binding(const struct throughput *t, struct figure_value *v)
{
	return targets(t) && open(t)->binding != BIND_NONE && text(v, serving_binding_names[open(t)->binding]);
}

bool get_min_cards(const struct plan *p, struct figure_value *v)
{
	return p->memory_min.valid && number(v, (double)p->memory_min.cards);
}

bool get_min_tp(const struct plan *p, struct figure_value *v)
{
	return p->memory_min.valid && number(v, (double)p->memory_min.tp);
}

bool get_min_pp(const struct plan *p, struct figure_value *v)
{
	return p->memory_min.valid && number(v, (double)p->memory_min.pp);
}

bool get_min_replicas(const struct plan *p, struct figure_value *v)
{
	return p->memory_min.valid && number(v, (double)p->memory_min.replicas);
}

bool get_min_per_card(const struct plan *p, struct figure_value *v)
{
	return p->memory_min.valid && number(v, p->memory_min.per_card / GIB);
}

bool get_min_ttft(const struct plan *p, struct figure_value *v)
{
	return p->memory_min.valid && p->memory_min.ttft_s >= 0 && number(v, p->memory_min.ttft_s);
}

bool get_min_tpot(const struct plan *p, struct figure_value *v)
{
	return p->memory_min.valid && p->memory_min.tpot_s >= 0 && number(v, p->memory_min.tpot_s);
}

bool get_min_output(const struct plan *p, struct figure_value *v)
{
	return p->memory_min.valid && p->memory_min.output_tokens_per_s >= 0 && number(v, p->memory_min.output_tokens_per_s);
}
