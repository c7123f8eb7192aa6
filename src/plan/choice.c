/* Choosing the plan with time in view (PERFORMANCE.md §4): the memory
 * minimum stays the plan without a time goal and lists the shapes worth
 * knowing; with --min-speed the cheapest plan per month that reaches it.
 * Only real shapes: TP 1, 2, 4 or 8 inside one machine, PP across whole
 * machines, replicas on top. */
#include <math.h>
#include <stdio.h>

#include "capacity.h"
#include "compare.h"
#include "plan.h"
#include "plan_text.h"

#define SHAPE_MAX_MACHINES 64 /* the farthest a PP shape or a speed target goes */
#define CANDIDATES 4          /* one per TP size */

static void plan_prices_of(const struct plan *p, struct plan_prices *pr)
{
	const struct rent *ct = &p->container, *bm = &p->baremetal;
	*pr = (struct plan_prices){.container_monthly = ct->available ? ct->total : -1,
				   .baremetal_monthly = bm->available ? bm->total : -1,
				   .container_hourly_per_card = ct->offer ? ct->hourly_per_card : -1,
				   .container_monthly_per_card = ct->offer ? ct->monthly_per_card : -1};
	/* the headline figure's: plan_per_million follows the cheaper way */
	pr->currency = ct->offer || bm->offer ? plan_currency(p) : "";
}

/* fp8 on a card that has no serving path for it (plan.c's note). */
static bool fp8_refused(const struct plan *p)
{
	for (int i = 0; i < p->nnotes; i++)
		if (p->notes[i].code == MSG_FP8_NOT_SERVED)
			return true;
	return false;
}

/* The time model for the plan's layout, at the concurrency and at B_max
 * (one replica's; < 0: not known yet). */
static void plan_time(const struct workload *w, struct plan *p, long long bmax)
{
	const struct scenario *sc = w->sc;
	struct plan_prices pr;
	if (w->kind != TASK_INFERENCE || !p->fits || p->cards == 0 || fp8_refused(p))
		return;
	if (bmax < 0)
		bmax = capacity_max_concurrency(w, p->gpu, &p->lay);
	plan_prices_of(p, &pr);
	throughput_compute(w, p->gpu, &p->lay, sc->concurrency, bmax, &p->throughput);
	throughput_price(&p->throughput, &pr, sc->duty_pct);
	if (bmax < 1)
		return;
	throughput_max_load(w, p->gpu, &p->lay, bmax, &p->throughput_at_max);
	throughput_price(&p->throughput_at_max, &pr, sc->duty_pct);
}

/* The plan's monthly total in plan_currency: the cheaper way's, else (two
 * currencies, which no rate compares) the container's; < 0 when neither
 * way is available. */
static double headline_monthly(const struct plan *p)
{
	const struct rent *ct = &p->container, *bm = &p->baremetal;
	if (p->cheaper == CHEAPER_BAREMETAL)
		return bm->total;
	return ct->available ? ct->total : bm->available ? bm->total : -1;
}

/* A candidate's per-million figure at its B_max, the way its own money is
 * in (plan_per_million): never the smaller number of two currencies. */
static double cheaper_of(const struct plan *q)
{
	return plan_per_million(q, &q->throughput_at_max);
}

/* The fewest stages (PP across whole machines for TP8) for which one
 * replica of TP t holds a sequence; 0 when none does. */
static int fewest_stages(const struct workload *w, const struct gpu *g, int t, long long *bmax)
{
	int max_p = t == CARDS_PER_MACHINE ? SHAPE_MAX_MACHINES : 1;
	for (int pp = 1; pp <= max_p && pp <= w->m->layers; pp++) {
		struct layout l = {.t = t, .p = pp, .d = 1};
		*bmax = capacity_max_concurrency(w, g, &l);
		if (*bmax > 0)
			return pp;
	}
	return 0;
}

/* Replicas needed for the scenario's concurrency, or more for speed:
 * the fewest whose per-user speed reaches min_speed (0: any). */
static int replicas_for(const struct workload *w, const struct gpu *g, struct layout l,
			long long bmax, double min_speed, int fill_cards)
{
	long long b = w->sc->concurrency;
	int d = (int)((b + bmax - 1) / bmax);
	int fill = fill_cards / (l.t * l.p);
	if (fill > d) /* replicas on the paid cards, no more than the sequences */
		d = b < fill ? (int)b : fill;
	int max_d = SHAPE_MAX_MACHINES * CARDS_PER_MACHINE / (l.t * l.p);
	for (; min_speed > 0 && d <= max_d; d++) {
		struct throughput t;
		l.d = d;
		throughput_compute(w, g, &l, b, bmax, &t);
		if (!t.valid || t.user_tokens_per_s >= min_speed || t.per_replica == 1)
			break;
	}
	return d;
}

/* Per TP size 1, 2, 4, 8: the fewest stages that hold a sequence (0:
 * none) and that replica's B_max, found once per GPU. */
struct shapes {
	int pp[CANDIDATES];
	long long bmax[CANDIDATES];
};
static const int shape_tps[CANDIDATES] = {1, 2, 4, 8};

static void shapes_find(const struct workload *w, const struct gpu *g, struct shapes *sh)
{
	for (int i = 0; i < CANDIDATES; i++) {
		sh->bmax[i] = 0;
		sh->pp[i] = tp_allowed(w->m, shape_tps[i])
				    ? fewest_stages(w, g, shape_tps[i], &sh->bmax[i])
				    : 0;
	}
}

/* One plan per TP size that fits, with the fewest replicas, or enough to
 * reach min_speed, or as many as fill_cards hold; returns how many. */
static int shape_candidates(const struct workload *w, const struct catalog *c,
			    const struct gpu *g, const struct shapes *sh, double min_speed,
			    int fill_cards, struct plan *out)
{
	int n = 0;
	for (int i = 0; i < CANDIDATES; i++) {
		long long bmax = sh->bmax[i];
		if (!sh->pp[i])
			continue;
		struct layout l = {.t = shape_tps[i], .p = sh->pp[i]};
		l.d = replicas_for(w, g, l, bmax, min_speed, fill_cards);
		if (l.t * l.p * l.d > MAX_CARDS)
			continue;
		plan_for_layout(w, c, g, &l, &out[n]);
		if (!out[n].fits || headline_monthly(&out[n]) < 0)
			continue;
		plan_time(w, &out[n], bmax);
		n++;
	}
	return n;
}

static void set_alternative(struct alternative *a, const struct plan *q, struct message why)
{
	*a = (struct alternative){.lay = q->lay, .cards = q->cards, .why = why,
				  .tokens_per_s = q->throughput.output_tokens_per_s,
				  .user_tokens_per_s = q->throughput.user_tokens_per_s,
				  .monthly = headline_monthly(q),
				  .per_million_output = cheaper_of(q)};
	snprintf(a->strategy, sizeof a->strategy, "%s", q->strategy);
}

/* On a paid bare-metal machine with idle cards: the fastest shape on the
 * same machines. */
static void idle_card_alternative(struct plan *p, const struct plan *cand, int n)
{
	const struct rent *bm = &p->baremetal;
	bool paid = bm->available && bm->idle > 0 &&
		    (p->cheaper == CHEAPER_BAREMETAL || !p->container.available);
	const struct plan *best = NULL;
	for (int i = 0; paid && i < n; i++) {
		const struct plan *q = &cand[i];
		if (q->baremetal.machines != bm->machines ||
		    q->throughput.output_tokens_per_s <= p->throughput.output_tokens_per_s * 1.001)
			continue;
		if (!best || q->throughput.output_tokens_per_s > best->throughput.output_tokens_per_s)
			best = q;
	}
	if (!best)
		return;
	double speedup = best->throughput.output_tokens_per_s / p->throughput.output_tokens_per_s;
	set_alternative(&p->alternatives[p->nalternatives++], best,
			msg_alternative_idle_cards(speedup));
}

static bool listed(const struct plan *p, const struct plan *q)
{
	for (int i = 0; i < p->nalternatives; i++) {
		const struct layout *a = &p->alternatives[i].lay;
		if (a->t == q->lay.t && a->p == q->lay.p && a->d == q->lay.d)
			return true;
	}
	return false;
}

/* The cheapest per million output tokens at full load, when it is not
 * the plan and not listed already (as the idle-card shape). */
static void cheapest_alternative(struct plan *p, const struct plan *cand, int n)
{
	const struct plan *best = NULL;
	double best_cost = cheaper_of(p);
	for (int i = 0; i < n; i++) {
		double cost = cheaper_of(&cand[i]);
		if (cost > 0 && (best_cost < 0 || cost < best_cost * 0.999)) {
			best = &cand[i];
			best_cost = cost;
		}
	}
	if (best && !listed(p, best) && p->nalternatives < PLAN_ALTERNATIVES)
		set_alternative(&p->alternatives[p->nalternatives++], best,
				msg_alternative_cheapest_per_token(best_cost, plan_currency(best)));
}

static bool cheaper_and_meets(const struct plan *q, const struct plan *best, double speed)
{
	if (q->throughput.user_tokens_per_s < speed)
		return false;
	if (!best)
		return true;
	double a = headline_monthly(q), b = headline_monthly(best);
	if (b < 0 || a < 0) /* a plan nobody offers loses to one that is offered */
		return b < 0 && a >= 0;
	if (a != b)
		return a < b;
	return q->throughput.user_tokens_per_s > best->throughput.user_tokens_per_s;
}

/* --min-speed: the cheapest per month that reaches it; why says what the
 * memory minimum was and why it was not enough. */
static void meet_min_speed(struct plan *p, const struct plan *cand, int n, double speed)
{
	const struct plan *best = p->throughput.user_tokens_per_s >= speed ? p : NULL;
	const struct plan *fastest = p;
	for (int i = 0; i < n; i++) {
		if (cheaper_and_meets(&cand[i], best, speed))
			best = &cand[i];
		if (cand[i].throughput.user_tokens_per_s > fastest->throughput.user_tokens_per_s)
			fastest = &cand[i];
	}
	if (best == p)
		return;
	struct message why[PLAN_WHY];
	int nwhy = 0;
	why[nwhy++] = msg_why_memory_minimum(p->cards, p->lay.t, p->lay.p,
					     p->throughput.user_tokens_per_s);
	if (best && p->throughput.user_tokens_per_s < speed)
		why[nwhy++] = msg_why_too_slow(p->throughput.user_tokens_per_s, speed);
	else if (!best)
		why[nwhy++] = msg_why_speed_unreachable(speed, fastest->cards,
							fastest->throughput.user_tokens_per_s);
	int min_cards = p->cards;
	if (best)
		*p = *best;
	p->memory_min_cards = min_cards;
	for (int i = 0; i < nwhy; i++)
		plan_add_why(p, why[i]);
}

void plan_choose(const struct workload *w, const struct catalog *c, struct plan *p)
{
	struct plan cand[2 * CANDIDATES]; /* filling the paid machines, then the fewest replicas */
	const struct scenario *sc = w->sc;
	p->memory_min_cards = p->cards;
	plan_time(w, p, -1);
	if (!p->throughput.valid)
		return;
	if (p->forced) {
		if (sc->min_speed > 0)
			plan_add_why(p, msg_why_forced());
		return;
	}
	int n, filled = 0;
	struct shapes sh;
	shapes_find(w, p->gpu, &sh);
	if (sc->min_speed > 0) {
		n = shape_candidates(w, c, p->gpu, &sh, sc->min_speed, 0, cand);
		meet_min_speed(p, cand, n, sc->min_speed);
	}
	if (p->baremetal.available && p->baremetal.idle > 0) {
		filled = shape_candidates(w, c, p->gpu, &sh, 0,
					  p->baremetal.machines * CARDS_PER_MACHINE, cand);
		idle_card_alternative(p, cand, filled);
	}
	n = shape_candidates(w, c, p->gpu, &sh, 0, 0, cand + filled);
	cheapest_alternative(p, cand, filled + n);
}
