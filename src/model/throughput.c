#include "throughput.h"

#include <math.h>

#include "gpu_serving.h"
#include "i18n.h"
#include "scenario.h"

#define WHOLE_PROMPT_CHUNK 1e12 /* --prefill-chunk 0: no token budget per step */

/* Whole words, not "%s-bound": Chinese puts no suffix on a name. */
static const char *const bound_words[BOUND_COUNT] = {
	[BOUND_MEMORY] = N_("memory-bound"),
	[BOUND_COMPUTE] = N_("compute-bound"),
	[BOUND_KV_CACHE] = N_("KV-cache-bound"),
	[BOUND_ATTENTION] = N_("attention-bound"),
	[BOUND_OVERHEAD] = N_("per-layer-latency-bound"),
	[BOUND_INTERCONNECT] = N_("interconnect-bound"),
};

const char *bound_text(enum bound b)
{
	return _(bound_words[b < BOUND_COUNT ? b : BOUND_MEMORY]);
}

/* One replica's load: the users it holds, what its memory holds, and the
 * step's token budget. */
static struct serving_load load_of(const struct throughput *t, double b, double b_max)
{
	return (struct serving_load){.isl = (double)t->isl, .osl = (double)t->osl,
				     .chunk = t->prefill_chunk > 0 ? t->prefill_chunk
								   : WHOLE_PROMPT_CHUNK,
				     .b = b, .b_max = b_max};
}

/* What every figure shares: the lengths, the band, the efficiencies and
 * the step model. False when there is nothing to compute. */
static bool start(const struct workload *w, const struct gpu *g, const struct layout *l,
		  struct throughput *out, struct step_model *sm)
{
	const struct scenario *sc = w->sc;
	*out = (struct throughput){.currency = "", .hourly_break_even_hours = -1,
				   .per_million_output = {-1, -1}, .per_million_total = {-1, -1}};
	out->osl = sc->output_len;
	out->isl = sc->context - sc->output_len;
	if (out->isl < 1 || l->t < 1)
		return false;
	out->replicas = l->d > 0 ? l->d : 1;
	out->prefill_chunk = (double)sc->prefill_chunk;
	gpu_band(g, &out->band_low_pct, &out->band_high_pct);
	out->band_pct = fmax(out->band_low_pct, out->band_high_pct);
	step_model_init(sm, w, g, l, (double)out->isl, (double)out->osl);
	out->eff = sm->eff;
	out->engine = sc->engine;
	return true;
}

/* The figures of one replica's state, times the replicas where they add. */
static void fill(struct throughput *t, const struct serving_state *st, double x_out)
{
	t->step = *st;
	t->bound = serving_bound(st);
	t->tpot_s = st->itl;
	t->itl_p50_s = st->itl_p50;
	t->itl_p99_s = st->itl_p99;
	t->ttft_s = st->ttft;
	t->e2e_s = st->e2e;
	t->delivered_tokens_per_s = (double)t->osl / st->e2e;
	t->user_tokens_per_s = t->osl > 1 ? 1 / st->itl : t->delivered_tokens_per_s;
	t->output_tokens_per_s = t->replicas * x_out;
	t->total_tokens_per_s = t->output_tokens_per_s * (double)(t->isl + t->osl) / (double)t->osl;
	t->valid = true;
}

/* §5 at the scenario's rate over the replicas, with its targets. */
static void open_loop(struct throughput *t, const struct step_model *sm, const struct scenario *sc,
		      double b_max, int cards_per_replica)
{
	struct open_loop *o = &t->open;
	struct serving_open so;
	struct serving_load ld = load_of(t, 1, b_max);
	double p = sc->percentile / 100;
	o->valid = true;
	o->rate = sc->rate;
	o->rate_per_replica = sc->rate / t->replicas;
	o->percentile = sc->percentile;
	serving_open_at(sm, &ld, o->rate_per_replica, p, &so);
	o->stable = so.stable;
	o->ttft_mean_s = so.ttft_mean, o->ttft_p_s = so.ttft_p;
	o->tpot_mean_s = so.tpot_mean, o->tpot_p_s = so.tpot_p;
	o->itl_p50_s = so.st.itl_p50, o->itl_p99_s = so.st.itl_p99;
	o->in_flight = so.in_flight;
	o->prefill_utilisation = so.st.rho;
	o->targets = sc->slo_ttft_s > 0 || sc->slo_tpot_s > 0;
	o->max_rate_per_replica = serving_max_rate(sm, &ld, p, sc->slo_ttft_s, sc->slo_tpot_s,
						   &o->binding);
	o->replicas_needed = o->max_rate_per_replica > 0
				     ? (int)ceil(sc->rate / o->max_rate_per_replica - 1e-9)
				     : 0;
	o->cards_needed = o->replicas_needed * cards_per_replica;
	o->meets_slo = so.stable && (sc->slo_ttft_s <= 0 || so.ttft_p <= sc->slo_ttft_s) &&
		       (sc->slo_tpot_s <= 0 || so.tpot_p <= sc->slo_tpot_s);
	double served = so.stable ? o->rate_per_replica : fmin(o->rate_per_replica, so.st.lambda);
	fill(t, &so.st, served * (double)t->osl);
	t->per_replica = (long long)ceil(so.in_flight - 1e-9);
	t->concurrency = t->per_replica * t->replicas;
}

void throughput_compute(const struct workload *w, const struct gpu *g, const struct layout *l,
			long long concurrency, long long per_replica_max, struct throughput *out)
{
	struct step_model sm;
	struct serving_state st;
	if (!start(w, g, l, out, &sm) || (concurrency < 1 && w->sc->rate <= 0))
		return;
	out->max_concurrency = per_replica_max * out->replicas;
	double b_max = per_replica_max > 0 ? (double)per_replica_max : 1e18;
	if (w->sc->rate > 0) {
		open_loop(out, &sm, w->sc, b_max, l->t * l->p);
		return;
	}
	out->concurrency = concurrency;
	out->per_replica = (concurrency + out->replicas - 1) / out->replicas;
	struct serving_load ld = load_of(out, (double)out->per_replica, b_max);
	serving_closed(&sm, &ld, &st);
	fill(out, &st, st.x_out);
	if (per_replica_max > 0 && out->per_replica > per_replica_max)
		out->waiting_users = (out->per_replica - per_replica_max) * out->replicas;
}

void throughput_max_load(const struct workload *w, const struct gpu *g, const struct layout *l,
		       long long per_replica_max, struct throughput *out)
{
	struct step_model sm;
	struct serving_state st;
	if (!start(w, g, l, out, &sm) || per_replica_max < 1)
		return;
	out->per_replica = per_replica_max;
	out->concurrency = out->max_concurrency = per_replica_max * out->replicas;
	struct serving_load ld = load_of(out, (double)per_replica_max, (double)per_replica_max);
	serving_max(&sm, &ld, &st);
	fill(out, &st, st.x_out);
}

double stream_bytes(const struct workload *w, double b)
{
	return step_stream_bytes(w, b);
}

double throughput_parallel_efficiency(const struct workload *w, const struct gpu *g,
				      const struct layout *l, double b)
{
	struct step_model one, plan;
	struct layout single = {.t = 1, .p = 1, .d = 1};
	double isl = (double)(w->sc->context - w->sc->output_len), osl = (double)w->sc->output_len;
	int cards = l->t * l->p;
	if (cards <= 1 || isl < 1)
		return 1;
	step_model_init(&one, w, g, &single, isl, osl);
	step_model_init(&plan, w, g, l, isl, osl);
	b = b < 1 ? 1 : b;
	double eff = step_round(&one, b, 0, NULL) / (cards * step_round(&plan, b, 0, NULL));
	return eff < 1 ? eff : 1;
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

void throughput_speed_range(const struct throughput *t, double v, double *lo, double *hi)
{
	*lo = v * (1 - t->band_low_pct / 100);
	*hi = v * (1 + t->band_high_pct / 100);
}

void throughput_latency_range(const struct throughput *t, double v, double *lo, double *hi)
{
	*lo = v / (1 + t->band_high_pct / 100);
	*hi = t->band_low_pct < 100 ? v / (1 - t->band_low_pct / 100) : -1;
}
