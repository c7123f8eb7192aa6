/* The figures table's getters: each reads one value of the plan, true
 * when it applies. A getter holds its own condition, as the CSV asks each
 * column apart: a plan without cards has a null "container" in the JSON,
 * yet its CSV row says container_available=false. */
#include "figures_get.h"

#include "message.h"
#include "tables.h"
#include "units.h"

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

/* A note: the JSON writes its code and arguments, the CSV and the human
 * outputs its text (figures.c renders it). */
static bool message(struct figure_value *v, const struct message *m)
{
	v->message = m;
	return true;
}

/* A plan without cards was never priced: its renting is all zero. */
static bool has_cards(const struct plan *p)
{
	return p->cards > 0;
}

/* ---- The plan ---- */

bool get_gpu_id(const struct plan *p, struct figure_value *v)
{
	return text(v, p->gpu->id);
}

bool get_gpu_name(const struct plan *p, struct figure_value *v)
{
	return text(v, p->gpu->name);
}

bool get_capacity(const struct plan *p, struct figure_value *v)
{
	return number(v, p->capacity / GIB);
}

bool get_fits(const struct plan *p, struct figure_value *v)
{
	return flag(v, p->fits);
}

/* No shape on the GPU meets the goals: the row is the nearest. */
bool get_short_of_goals(const struct plan *p, struct figure_value *v)
{
	return flag(v, p->short_of_goals);
}

bool get_fit_word(const struct plan *p, struct figure_value *v)
{
	return text(v, plan_fit_word(p));
}

bool get_cards(const struct plan *p, struct figure_value *v)
{
	return has_cards(p) && number(v, p->cards);
}

bool get_machines(const struct plan *p, struct figure_value *v)
{
	return has_cards(p) && number(v, p->machines);
}

bool get_tp(const struct plan *p, struct figure_value *v)
{
	return has_cards(p) && number(v, p->lay.t);
}

bool get_pp(const struct plan *p, struct figure_value *v)
{
	return has_cards(p) && number(v, p->lay.p);
}

bool get_dp(const struct plan *p, struct figure_value *v)
{
	return has_cards(p) && number(v, p->lay.d);
}

bool get_zero(const struct plan *p, struct figure_value *v)
{
	return has_cards(p) && number(v, p->lay.zero);
}

bool get_recompute(const struct plan *p, struct figure_value *v)
{
	return has_cards(p) && flag(v, p->lay.recompute);
}

bool get_strategy(const struct plan *p, struct figure_value *v)
{
	return text(v, p->strategy);
}

bool get_term(const struct plan *p, enum mem_term t, struct figure_value *v)
{
	return has_cards(p) && number(v, mem_term_value(&p->per_card, t) / GIB);
}

bool get_need(const struct plan *p, struct figure_value *v)
{
	return has_cards(p) && number(v, p->need / GIB);
}

bool get_with_headroom(const struct plan *p, struct figure_value *v)
{
	return has_cards(p) && number(v, p->with_headroom / GIB);
}

bool get_utilization(const struct plan *p, struct figure_value *v)
{
	return has_cards(p) && number(v, p->utilization_pct);
}

bool get_efficiency(const struct plan *p, struct figure_value *v)
{
	return has_cards(p) && p->efficiency >= 0 && number(v, 100 * p->efficiency);
}

bool get_effective(const struct plan *p, struct figure_value *v)
{
	return has_cards(p) && p->effective_per_card >= 0 && number(v, p->effective_per_card);
}

bool get_memory_minimum(const struct plan *p, struct figure_value *v)
{
	return has_cards(p) && number(v, p->memory_min_cards);
}

/* The lists are there (an empty one is []); scaling only for training. */
bool get_lists(const struct plan *p, struct figure_value *v)
{
	(void)p;
	return number(v, 0);
}

bool get_scaling_applies(const struct plan *p, struct figure_value *v)
{
	return p->training.valid && number(v, 0);
}

/* ---- A way of renting ---- */

static bool priced(const struct plan *p, const struct rent *r)
{
	return has_cards(p) && r->offer;
}

bool get_rent_available(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	(void)p;
	return flag(v, r->available);
}

bool get_rent_region(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	return priced(p, r) && text(v, r->offer->region);
}

bool get_rent_reason(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	return has_cards(p) && !r->available && message(v, &r->why);
}

bool get_rent_discount(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	return priced(p, r) && r->offer->discount[0] && text(v, r->offer->discount);
}

bool get_rent_source(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	return priced(p, r) && r->offer->source[0] && text(v, r->offer->source);
}

bool get_rent_max_cards(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	return priced(p, r) && number(v, r->max_cards);
}

bool get_rent_per_card(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	return priced(p, r) && number(v, r->monthly_per_card);
}

bool get_rent_total(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	(void)p;
	return r->available && number(v, r->total);
}

bool get_rent_hourly(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	return priced(p, r) && number(v, r->hourly_per_card);
}

bool get_rent_collected(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	return priced(p, r) && number(v, r->monthly_collected);
}

bool get_rent_machines(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	return priced(p, r) && number(v, r->machines);
}

bool get_rent_per_machine(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	return priced(p, r) && number(v, r->machine_monthly);
}

bool get_rent_idle(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	return priced(p, r) && number(v, r->idle);
}

bool get_rent_idle_cost(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	return priced(p, r) && number(v, r->idle_cost);
}

bool get_rent_network(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	return priced(p, r) && r->offer->network[0] && text(v, r->offer->network);
}

bool get_rent_inter_node(const struct plan *p, const struct rent *r, struct figure_value *v)
{
	return priced(p, r) && inter_node_names[r->offer->inter_node][0] &&
	       text(v, inter_node_names[r->offer->inter_node]);
}

/* ---- The time model ---- */

bool get_time_bound(const struct throughput *t, struct figure_value *v)
{
	return t->valid && text(v, bound_names[t->bound]);
}

bool get_time_concurrency(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, (double)t->concurrency);
}

bool get_time_max_concurrency(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->max_concurrency > 0 && number(v, (double)t->max_concurrency);
}

bool get_time_ttft(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->ttft_s);
}

bool get_time_tpot(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->tpot_s);
}

bool get_time_user(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->user_tokens_per_s);
}

bool get_time_output(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->output_tokens_per_s);
}

bool get_time_total(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->total_tokens_per_s);
}

bool get_time_out_container(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->per_million_output.container);
}

bool get_time_out_baremetal(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->per_million_output.baremetal);
}

bool get_time_tot_container(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->per_million_total.container);
}

bool get_time_tot_baremetal(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->per_million_total.baremetal);
}

bool get_time_currency(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->currency[0] && text(v, t->currency);
}

bool get_time_break_even(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->hourly_break_even_hours);
}

bool get_time_mbu(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.mbu);
}

bool get_time_mbu_kv(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.mbu_kv);
}

bool get_time_mfu(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.mfu);
}

bool get_time_peak(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.peak_tflops);
}

bool get_time_bandwidth(const struct throughput *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff.bandwidth_gbs);
}

bool get_time_fp8(const struct throughput *t, struct figure_value *v)
{
	return t->valid && flag(v, t->eff.fp8_compute);
}

/* The band when it is the same both ways (SERVING.md §10; band{} gives
 * the two). */
bool get_time_band(const struct throughput *t, struct figure_value *v)
{
	return t->valid && t->band_low_pct == t->band_high_pct && number(v, t->band_low_pct);
}

/* ---- List items ---- */

bool get_why_item(const struct plan *p, int i, struct figure_value *v)
{
	return message(v, &p->why[i]);
}

bool get_alt_strategy(const struct plan *p, int i, struct figure_value *v)
{
	return text(v, p->alternatives[i].strategy);
}

bool get_alt_cards(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->alternatives[i].cards);
}

bool get_alt_tp(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->alternatives[i].lay.t);
}

bool get_alt_pp(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->alternatives[i].lay.p);
}

bool get_alt_dp(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->alternatives[i].lay.d);
}

bool get_alt_tokens(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->alternatives[i].tokens_per_s);
}

bool get_alt_user(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->alternatives[i].user_tokens_per_s);
}

bool get_alt_monthly(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->alternatives[i].monthly);
}

bool get_alt_per_million(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->alternatives[i].per_million_output);
}

bool get_alt_why(const struct plan *p, int i, struct figure_value *v)
{
	return message(v, &p->alternatives[i].why);
}

bool get_tier_cards(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->training.tiers[i].cards);
}

bool get_tier_days(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->training.tiers[i].at.days);
}

bool get_tier_eff(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->training.tiers[i].at.eff);
}

bool get_tier_cost(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->training.tiers[i].cost);
}

bool get_tier_way(const struct plan *p, int i, struct figure_value *v)
{
	const struct train_tier *t = &p->training.tiers[i];
	return t->way != RENT_NONE && text(v, train_rent_names[t->way]);
}
