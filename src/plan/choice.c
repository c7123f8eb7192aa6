/* Choosing a serving plan with time in view (PERFORMANCE.md §2): every
 * real shape of the GPU type (TP 1, 2, 4 or 8 in a machine, PP inside or
 * across machines, TP + EP and DPA + EP for a MoE model), with the
 * replicas the users, the request rate and the targets need. The headline
 * is the lowest spend that meets every goal (--min-speed on 1/ITL under
 * load, the TTFT target, --rate's percentiles), then at that spend the
 * most output tokens/s at the users' load, then the lower TTFT, then
 * fewer cards and machines. The memory minimum stays on record. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "batch_max.h"
#include "cheaper.h"
#include "i18n.h"
#include "native.h"
#include "plan.h"

#define SHAPE_MAX_MACHINES 64 /* the farthest a PP shape or a replica count goes */
#define MAX_SHAPES 20
#define CANDIDATES (2 * MAX_SHAPES) /* each shape, and it filling its paid machines */
#define SAME_SPEND PLAN_SAME_SPEND
#define SAME_SPEED 0.001
#define STEP_SPEED 1.2 /* a step up buys at least this much more output */
#define NEAR_BEST 0.10 /* no plan meets the goals: within this of the nearest is as near */
#define FILLABLE 2 /* the cheapest at full load is listed when the load is half of it */

static void plan_prices_of(const struct plan *p, struct plan_prices *pr)
{
	const struct rent *ct = &p->container, *bm = &p->baremetal;
	*pr = (struct plan_prices){.container_monthly = ct->available ? ct->total : -1,
				   .baremetal_monthly = bm->available ? bm->total : -1,
				   .container_hourly_per_card = ct->offer ? ct->hourly_per_card : -1,
				   /* the break-even compares the row's own two prices:
				    * an hourly-only offer has no monthly one */
				   .container_monthly_per_card =
					   ct->offer && ct->offer->monthly >= 0 ? ct->monthly_per_card : -1};
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

/* The users the plan serves at once: the concurrency, or the requests in
 * flight at the rate. */
static double load_of(const struct scenario *sc, const struct throughput *t)
{
	return sc->rate > 0 ? t->open.in_flight * t->replicas : (double)sc->concurrency;
}

/* The time model for the plan's layout at the users' load and (with_max)
 * at B_max; bmax is one replica's (< 0: not known yet). */
static void plan_time(const struct workload *w, struct plan *p, long long bmax, bool with_max)
{
	const struct scenario *sc = w->sc;
	struct plan_prices pr;
	if (w->kind != TASK_INFERENCE || !p->fits || p->cards == 0 || fp8_refused(p))
		return;
	if (bmax < 0)
		bmax = batch_max(w, p->gpu, &p->lay);
	plan_prices_of(p, &pr);
	throughput_compute(w, p->gpu, &p->lay, sc->concurrency, bmax, &p->throughput);
	throughput_price(&p->throughput, &pr, sc->duty_pct);
	if (sc->rate > 0 && p->throughput.open.valid && p->throughput.open.stable)
		plan_hold_in_flight(p, w, load_of(sc, &p->throughput));
	double fill = FILLABLE * load_of(sc, &p->throughput);
	if (bmax < 1 || (!with_max && (double)bmax * p->lay.d > fill))
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

/* What the headline rule compares as spend: the monthly total, or for a
 * GPU type with no offer on file the instance it would take (PP11 on 11
 * cards against the other shapes on two machines); < 0: neither. */
static double spend_of(const struct plan *p)
{
	return plan_unpriced(p) ? plan_instance_cards(p->cards) : headline_monthly(p);
}

/* What binds a rate's replicas, for people (WORD arguments: translated as
 * the message renders). */
static const char *const binding_words[] = {
	[BIND_NONE] = "", [BIND_TTFT] = N_("TTFT target"), [BIND_TPOT] = N_("TPOT target"),
	[BIND_CAPACITY] = N_("prefill capacity"), [BIND_MEMORY] = N_("memory")};

/* ---- Goals ---- */

/* --min-speed on the streaming speed under load, and the TTFT target: the
 * mean at the concurrency, the percentile (with the TPOT one and keeping
 * up) at the rate. */
/* A request that writes one token streams nothing: --min-speed is for
 * generation, and a prompt-only load (--output-len 1) answers to the TTFT
 * target alone (it sized 16 users of 4k prompts to DP16 on 16 cards). */
static bool speed_goal(const struct scenario *sc)
{
	return sc->min_speed > 0 && sc->output_len > 1;
}

static bool meets_goals(const struct scenario *sc, const struct throughput *t)
{
	if (!t->valid || (speed_goal(sc) && t->user_tokens_per_s < sc->min_speed))
		return false;
	if (sc->rate > 0)
		return t->open.stable && (!t->open.targets || t->open.meets_slo);
	return sc->slo_ttft_s <= 0 || t->ttft_s <= sc->slo_ttft_s;
}

/* --ep on keeps TP + EP shapes only, --dp-attention on DPA + EP ones. */
static bool kind_allowed(const struct scenario *sc, const struct layout *l)
{
	return (sc->ep != PLAN_ON || l->ep) && (sc->dpa != PLAN_ON || l->dpa);
}

static bool on_offer(const struct scenario *sc, const struct plan *q)
{
	return q->fits && spend_of(q) >= 0 && kind_allowed(sc, &q->lay);
}

static bool eligible(const struct scenario *sc, const struct plan *q)
{
	return on_offer(sc, q) && meets_goals(sc, &q->throughput);
}

/* ---- The shapes of one replica ---- */

struct shape {
	struct layout l;
	long long bmax;
};

/* The fewest stages (up to max_p) for which one replica of l holds a
 * sequence; 0 when none does. */
static int fewest_stages(const struct workload *w, const struct gpu *g, struct layout l,
			 int max_p, long long *bmax)
{
	for (l.p = 1; l.p <= max_p && l.p <= w->m->layers; l.p++) {
		*bmax = batch_max(w, g, &l);
		if (*bmax > 0)
			return l.p;
	}
	return 0;
}

static void shape_add(struct shape *out, int *n, struct layout l, long long bmax)
{
	if (*n < MAX_SHAPES && bmax > 0)
		out[(*n)++] = (struct shape){.l = l, .bmax = bmax};
}

/* TP t with the fewest stages: t = 8 may add whole machines of stages. */
static void tp_shapes(const struct workload *w, const struct gpu *g, bool ep, struct shape *out,
		      int *n)
{
	static const int tps[] = {1, 2, 4, 8};
	const struct model *m = w->m;
	for (size_t i = 0; i < sizeof tps / sizeof tps[0]; i++) {
		struct layout l = {.t = tps[i], .d = 1, .ep = ep};
		long long bmax = 0;
		if (!tp_allowed(m, l.t) || (ep && (l.t < 2 || m->experts % l.t)))
			continue;
		int max_p = l.t == CARDS_PER_MACHINE ? SHAPE_MAX_MACHINES : 1;
		l.p = fewest_stages(w, g, l, max_p, &bmax);
		if (l.p)
			shape_add(out, n, l, bmax);
	}
}

/* PP inside a machine: t x p of 2, 4 or 8 cards with p >= 2 (SERVING.md
 * §3: at full load stages beat the all-reduces of TP). */
static void pp_shapes(const struct workload *w, const struct gpu *g, struct shape *out, int *n)
{
	for (int cards = 2; cards <= CARDS_PER_MACHINE; cards *= 2)
		for (int t = 1; t < cards; t *= 2) {
			struct layout l = {.t = t, .p = cards / t, .d = 1};
			if (!tp_allowed(w->m, t) || l.p > w->m->layers)
				continue;
			shape_add(out, n, l, batch_max(w, g, &l));
		}
}

/* DPA + EP (MLA MoE): a group of 8 cards in a machine, or 8·n over n;
 * the smallest that holds the model and two doublings (more cards for
 * the experts speed a long prefill up). */
static void dpa_shapes(const struct workload *w, const struct gpu *g, struct shape *out, int *n)
{
	int added = 0;
	for (int G = CARDS_PER_MACHINE; G <= SHAPE_MAX_MACHINES * CARDS_PER_MACHINE && added < 3;
	     G *= 2) {
		struct layout l = {.t = G, .p = 1, .d = 1, .dpa = true};
		long long bmax = batch_max(w, g, &l);
		if (bmax > 0) {
			shape_add(out, n, l, bmax);
			added++;
		}
	}
}

static int shapes_find(const struct workload *w, const struct gpu *g, struct shape *out)
{
	const struct model *m = w->m;
	const struct scenario *sc = w->sc;
	bool moe = m->experts > m->experts_per_token && m->experts_per_token > 0;
	int n = 0;
	tp_shapes(w, g, false, out, &n);
	pp_shapes(w, g, out, &n);
	if (moe && sc->ep != PLAN_OFF)
		tp_shapes(w, g, true, out, &n);
	if (moe && m->kv_elems && sc->dpa != PLAN_OFF)
		dpa_shapes(w, g, out, &n);
	return n;
}

/* ---- Replicas ---- */

static bool goals_at(const struct workload *w, const struct gpu *g, struct layout l, int d,
		     long long bmax, struct throughput *t)
{
	l.d = d;
	throughput_compute(w, g, &l, w->sc->concurrency, bmax, t);
	return meets_goals(w->sc, t);
}

/* The fewest replicas of shape s meeting the goals, from those memory
 * (or the rate's largest per replica) needs; 0 when no count up to
 * SHAPE_MAX_MACHINES machines does (*top: the most it may have). *t holds
 * the figures at the count returned (at *top when 0). */
static int replicas_for(const struct workload *w, const struct gpu *g, const struct shape *s,
			int *top, struct throughput *t)
{
	const struct scenario *sc = w->sc;
	long long b = sc->concurrency;
	int cards = s->l.t * s->l.p, d = sc->rate > 0 ? 1 : (int)((b + s->bmax - 1) / s->bmax);
	int max_d = SHAPE_MAX_MACHINES * CARDS_PER_MACHINE / cards;
	if (sc->rate <= 0 && max_d > b)
		max_d = (int)b; /* a replica beyond the users serves no one */
	*top = max_d;
	if (d > max_d)
		return 0;
	if (goals_at(w, g, s->l, d, s->bmax, t))
		return d;
	if (sc->rate > 0 && t->open.replicas_needed > d)
		d = t->open.replicas_needed;
	if (d > max_d || !goals_at(w, g, s->l, max_d, s->bmax, t))
		return 0;
	int lo = d, hi = max_d; /* goals fail at lo (or lo is untried), hold at hi */
	while (hi - lo > 1) {
		int mid = lo + (hi - lo) / 2;
		if (goals_at(w, g, s->l, mid, s->bmax, t))
			hi = mid;
		else
			lo = mid;
	}
	if (goals_at(w, g, s->l, lo, s->bmax, t))
		return lo;
	goals_at(w, g, s->l, hi, s->bmax, t);
	return hi;
}

/* The plan of shape s with d replicas; t: its figures at the users' load
 * when already computed (NULL: compute them). */
static bool candidate(const struct workload *w, const struct catalog *c, const struct gpu *g,
		      const struct shape *s, int d, const struct throughput *t, struct plan *out)
{
	struct layout l = s->l;
	l.d = d;
	if (l.t * l.p * l.d > MAX_CARDS)
		return false;
	plan_for_layout(w, c, g, &l, out);
	if (!out->fits || spend_of(out) < 0)
		return false;
	if (!t) {
		plan_time(w, out, s->bmax, false);
		return true;
	}
	struct plan_prices pr;
	plan_prices_of(out, &pr);
	out->throughput = *t;
	throughput_price(&out->throughput, &pr, w->sc->duty_pct);
	return true;
}

/* On a paid bare-metal machine with idle cards: as many replicas as its
 * machines hold, when more serve someone. */
static int filled_replicas(const struct workload *w, const struct plan *q)
{
	const struct rent *bm = &q->baremetal;
	int cards = q->lay.t * q->lay.p;
	bool paid = bm->available && bm->idle > 0 &&
		    (q->cheaper == CHEAPER_BAREMETAL || !q->container.available);
	int d = paid ? bm->machines * CARDS_PER_MACHINE / cards : 0;
	if (w->sc->rate <= 0 && d > w->sc->concurrency)
		d = (int)w->sc->concurrency;
	return d > q->lay.d ? d : 0;
}

/* Every shape with the replicas its goals need (or, none meeting them, as
 * many as it may have: the fastest), and filling its paid machines. */
static int candidates_find(const struct workload *w, const struct catalog *c,
			   const struct gpu *g, struct plan *out)
{
	struct shape sh[MAX_SHAPES];
	int nsh = shapes_find(w, g, sh), n = 0;
	for (int i = 0; i < nsh; i++) {
		struct throughput t = {.valid = false};
		int top, d = replicas_for(w, g, &sh[i], &top, &t);
		if (!candidate(w, c, g, &sh[i], d ? d : top, t.valid ? &t : NULL, &out[n]))
			continue;
		int fill = filled_replicas(w, &out[n]);
		n++;
		if (fill && candidate(w, c, g, &sh[i], fill, NULL, &out[n]))
			n++;
	}
	return n;
}

/* ---- The headline ---- */

static bool differ(double a, double b, double by)
{
	return fabs(a - b) > by * fmax(fabs(a), fabs(b));
}

/* PERFORMANCE.md §2's order: less spend; at one spend more output
 * tokens/s at the users' load, then a lower TTFT; then fewer cards, then
 * fewer machines. */
static bool better(const struct plan *q, const struct plan *best)
{
	double a = spend_of(q), b = spend_of(best);
	const struct throughput *x = &q->throughput, *y = &best->throughput;
	if (strcmp(plan_currency(q), plan_currency(best)) != 0)
		return false; /* no rate compares two currencies: the first seen stays */
	if (differ(a, b, SAME_SPEND))
		return a < b;
	if (differ(x->output_tokens_per_s, y->output_tokens_per_s, SAME_SPEED))
		return x->output_tokens_per_s > y->output_tokens_per_s;
	if (differ(x->ttft_s, y->ttft_s, SAME_SPEED))
		return x->ttft_s < y->ttft_s;
	if (q->cards != best->cards)
		return q->cards < best->cards;
	return q->machines < best->machines;
}

/* The fastest for the users of the plans seen (the best any can do). */
static const struct plan *fastest_of(const struct plan *p, const struct plan *cand, int n)
{
	const struct plan *f = p;
	for (int i = 0; i < n; i++)
		if (cand[i].throughput.valid &&
		    cand[i].throughput.user_tokens_per_s > f->throughput.user_tokens_per_s)
			f = &cand[i];
	return f;
}

/* Why the memory minimum is not the plan: the goal it misses, or the
 * same spend buying more. */
static int why_not_minimum(const struct scenario *sc, const struct plan *p,
			   const struct plan *best, struct message *why)
{
	const struct throughput *t = &p->throughput;
	int n = 0;
	why[n++] = msg_why_memory_minimum(p->cards, p->lay.t, p->lay.p, t->user_tokens_per_s);
	if (speed_goal(sc) && t->user_tokens_per_s < sc->min_speed)
		why[n++] = msg_why_too_slow(t->user_tokens_per_s, sc->min_speed);
	else if (sc->rate <= 0 && sc->slo_ttft_s > 0 && t->ttft_s > sc->slo_ttft_s)
		why[n++] = msg_why_ttft_too_slow(t->ttft_s, sc->slo_ttft_s);
	else if (sc->rate > 0 && !meets_goals(sc, t) && t->open.targets &&
		 t->open.replicas_needed > 0 && t->open.binding != BIND_NONE)
		why[n++] = msg_rate_replicas(t->open.rate, t->open.max_rate_per_replica,
					     binding_words[t->open.binding], t->open.replicas_needed);
	else if (meets_goals(sc, t) && t->output_tokens_per_s > 0 && plan_unpriced(p))
		why[n++] = msg_why_same_instance_faster(plan_instance_cards(p->cards),
							best->throughput.output_tokens_per_s /
								t->output_tokens_per_s);
	else if (meets_goals(sc, t) && t->output_tokens_per_s > 0)
		why[n++] = msg_why_same_price_faster(best->throughput.output_tokens_per_s /
						     t->output_tokens_per_s);
	return n;
}

/* The lowest TTFT of the plans seen. */
static const struct plan *lowest_ttft_of(const struct plan *p, const struct plan *cand, int n)
{
	const struct plan *f = p;
	for (int i = 0; i < n; i++)
		if (cand[i].throughput.valid && cand[i].throughput.ttft_s < f->throughput.ttft_s)
			f = &cand[i];
	return f;
}

/* No plan meets the goals: say which and what the best of the plans gives. */
static int why_unreachable(const struct scenario *sc, const struct plan *p,
			   const struct plan *cand, int n, struct message *why)
{
	const struct throughput *t = &p->throughput;
	const struct plan *fastest = fastest_of(p, cand, n);
	const struct open_loop *o = &fastest->throughput.open;
	int nw = 0;
	why[nw++] = msg_why_memory_minimum(p->cards, p->lay.t, p->lay.p, t->user_tokens_per_s);
	if (speed_goal(sc) && fastest->throughput.user_tokens_per_s < sc->min_speed)
		why[nw++] = msg_why_speed_unreachable(sc->min_speed, fastest->cards,
						      fastest->throughput.user_tokens_per_s);
	else if (sc->rate > 0 && o->valid && o->max_rate_per_replica <= 0)
		why[nw++] = msg_rate_unreachable(binding_words[o->binding == BIND_TPOT ? BIND_TPOT
											      : BIND_TTFT]);
	else if (sc->rate <= 0 && sc->slo_ttft_s > 0 && t->ttft_s > sc->slo_ttft_s) {
		const struct plan *low = lowest_ttft_of(p, cand, n);
		why[nw++] = msg_why_ttft_unreachable(sc->slo_ttft_s, low->cards,
						     low->throughput.ttft_s);
	}
	return nw;
}

static void keep_minimum(struct plan *p)
{
	const struct throughput *t = &p->throughput;
	p->memory_min = (struct memory_minimum){
		.valid = p->cards > 0, .cards = p->cards, .tp = p->lay.t, .pp = p->lay.p,
		.replicas = p->lay.d, .per_card = p->need, .ttft_s = t->valid ? t->ttft_s : -1,
		.tpot_s = t->valid ? t->tpot_s : -1,
		.output_tokens_per_s = t->valid ? t->output_tokens_per_s : -1};
	p->memory_min_cards = p->cards;
}

/* The plan becomes best, keeping the memory minimum's record. */
static void take(struct plan *p, const struct plan *best, const struct message *why, int nwhy)
{
	struct memory_minimum min = p->memory_min;
	*p = *best;
	p->memory_min = min;
	p->memory_min_cards = min.cards;
	p->nwhy = 0;
	for (int i = 0; i < nwhy; i++)
		plan_add_why(p, why[i]);
}

/* How near a plan comes to the goal no plan meets, higher nearer: the
 * speed a user gets while streaming when --min-speed is out of reach,
 * else the TTFT (its inverse); 0 where neither is missed (--rate's
 * targets), so every plan is as near as the others. */
static double nearness(const struct scenario *sc, const struct plan *q, bool speed_missed)
{
	const struct throughput *t = &q->throughput;
	if (speed_missed)
		return t->user_tokens_per_s;
	if (sc->rate <= 0 && sc->slo_ttft_s > 0 && t->ttft_s > 0)
		return 1 / t->ttft_s;
	return 0;
}

static bool usable(const struct scenario *sc, const struct plan *q)
{
	return on_offer(sc, q) && q->throughput.valid;
}

/* The plan that comes nearest within the memory minimum's machines (one
 * at least), at the lowest spend within NEAR_BEST of it, then the fastest
 * at that spend. Replicas past them shorten a queue but spend machines on
 * a plan that still misses; the why line names the nearest of all. */
static const struct plan *nearest_to_goals(const struct scenario *sc, const struct plan *p,
					   const struct plan *cand, int n)
{
	bool speed_missed = speed_goal(sc) &&
			    fastest_of(p, cand, n)->throughput.user_tokens_per_s < sc->min_speed;
	int machines = (p->cards + CARDS_PER_MACHINE - 1) / CARDS_PER_MACHINE;
	int cap = CARDS_PER_MACHINE * (machines > 1 ? machines : 1);
	double top = usable(sc, p) ? nearness(sc, p, speed_missed) : 0;
	for (int i = 0; i < n; i++)
		if (usable(sc, &cand[i]) && cand[i].cards <= cap)
			top = fmax(top, nearness(sc, &cand[i], speed_missed));
	const struct plan *best = p;
	bool best_near = usable(sc, p) && nearness(sc, p, speed_missed) >= (1 - NEAR_BEST) * top;
	for (int i = 0; i < n; i++) {
		const struct plan *q = &cand[i];
		if (!usable(sc, q) || q->cards > cap ||
		    nearness(sc, q, speed_missed) < (1 - NEAR_BEST) * top)
			continue;
		if (!best_near || better(q, best))
			best = q, best_near = true;
	}
	return best;
}

static void choose_headline(const struct workload *w, struct plan *p, const struct plan *cand,
			    int n)
{
	const struct scenario *sc = w->sc;
	const struct plan *best = eligible(sc, p) ? p : NULL;
	struct message why[PLAN_WHY];
	for (int i = 0; i < n; i++)
		if (eligible(sc, &cand[i]) && (!best || better(&cand[i], best)))
			best = &cand[i];
	if (best == p)
		return;
	if (best) {
		take(p, best, why, why_not_minimum(sc, p, best, why));
		return;
	}
	/* None meets them: the best it can do on the goal missed (PERFORMANCE.md
	 * §2), saying what the goals would need. */
	int nw = why_unreachable(sc, p, cand, n, why);
	best = nearest_to_goals(sc, p, cand, n);
	if (best != p)
		take(p, best, why, nw);
	else
		for (int i = 0; i < nw; i++)
			plan_add_why(p, why[i]);
	p->short_of_goals = true;
}

/* ---- Alternatives and notes ---- */

static void set_alternative(struct alternative *a, const struct plan *q, struct message why)
{
	*a = (struct alternative){.lay = q->lay, .cards = q->cards, .why = why,
				  .tokens_per_s = q->throughput.output_tokens_per_s,
				  .user_tokens_per_s = q->throughput.user_tokens_per_s,
				  .monthly = headline_monthly(q),
				  .per_million_output = q->throughput_at_max.valid
								? plan_per_million(q, &q->throughput_at_max)
								: -1};
	snprintf(a->strategy, sizeof a->strategy, "%s", q->strategy);
}

static bool same_layout(const struct layout *a, const struct layout *b)
{
	return a->t == b->t && a->p == b->p && a->d == b->d && a->ep == b->ep && a->dpa == b->dpa;
}

/* The cheapest per million output tokens at full load, when it is not the
 * plan and the users' load could fill it (never 160 cards for 20 users). */
static void cheapest_alternative(const struct workload *w, struct plan *p,
				 const struct plan *cand, int n)
{
	const struct plan *best = NULL;
	double best_cost = plan_per_million(p, &p->throughput_at_max);
	double fill = FILLABLE * load_of(w->sc, &p->throughput);
	for (int i = 0; i < n; i++) {
		const struct throughput *m = &cand[i].throughput_at_max;
		double cost = plan_per_million(&cand[i], m);
		if (!m->valid || (double)m->max_concurrency > fill || cost <= 0 ||
		    same_layout(&cand[i].lay, &p->lay) || !meets_goals(w->sc, &cand[i].throughput))
			continue;
		if (best_cost < 0 || cost < best_cost * 0.999)
			best = &cand[i], best_cost = cost;
	}
	if (best && p->nalternatives < PLAN_ALTERNATIVES)
		set_alternative(&p->alternatives[p->nalternatives++], best,
				msg_alternative_cheapest_per_token(best_cost, plan_currency(best)));
}

static bool listed(const struct plan *p, const struct plan *q)
{
	if (same_layout(&q->lay, &p->lay))
		return true;
	for (int i = 0; i < p->nalternatives; i++)
		if (same_layout(&q->lay, &p->alternatives[i].lay))
			return true;
	return false;
}

static void add_alternative(struct plan *p, const struct plan *q, struct message why)
{
	if (p->nalternatives < PLAN_ALTERNATIVES)
		set_alternative(&p->alternatives[p->nalternatives++], q, why);
}


/* The next tier up (PERFORMANCE.md §2): the least more spend that meets the
 * goals and buys STEP_SPEED× the output tokens/s at the users' load. */
static void step_up(const struct workload *w, struct plan *p, const struct plan *cand, int n)
{
	const struct plan *up = NULL;
	double spend = headline_monthly(p), x = p->throughput.output_tokens_per_s;
	for (int i = 0; i < n; i++) {
		const struct plan *q = &cand[i];
		double m = headline_monthly(q);
		if (!eligible(w->sc, q) || !differ(m, spend, SAME_SPEND) || m < spend ||
		    q->throughput.output_tokens_per_s < STEP_SPEED * x)
			continue;
		if (!up || better(q, up))
			up = q;
	}
	if (up && !listed(p, up)) /* listed: the fastest within the budget is the step up */
		add_alternative(p, up, msg_alternative_step_up(
					       headline_monthly(up) - spend, plan_currency(up),
					       up->throughput.output_tokens_per_s / x,
					       up->throughput.ttft_s));
}

/* --budget (issue 21): never the plan's rule (the seeds: "决定卡数的不是预算"),
 * what it buys. Within it, the fastest plan that meets the goals at no
 * more spend, when it is faster than the plan; below the plan, by how much
 * it falls short. */
static void within_budget(const struct workload *w, struct plan *p, const struct plan *cand,
			  int n)
{
	double budget = w->sc->budget, spend = headline_monthly(p);
	const char *cur = plan_currency(p);
	if (budget <= 0 || spend < 0)
		return;
	if (spend > budget) { /* a cap: ¥300,800 is not within ¥300,000 */
		plan_note(p, msg_budget_short(budget, cur, spend - budget, cur, spend, cur));
		return;
	}
	const struct plan *fast = NULL;
	for (int i = 0; i < n; i++) {
		const struct plan *q = &cand[i];
		if (!eligible(w->sc, q) || headline_monthly(q) > budget ||
		    strcmp(plan_currency(q), cur) != 0)
			continue;
		if (!fast || q->throughput.output_tokens_per_s > fast->throughput.output_tokens_per_s)
			fast = q;
	}
	double x = p->throughput.output_tokens_per_s;
	if (fast && !listed(p, fast) && differ(fast->throughput.output_tokens_per_s, x, SAME_SPEED) &&
	    fast->throughput.output_tokens_per_s > x)
		add_alternative(p, fast, msg_alternative_within_budget(
						 budget, cur, fast->throughput.output_tokens_per_s / x));
}

/* What the users see of the plan's figures: a queue beyond what it holds,
 * the rate's replicas, the percentiles' assumption. */
static void time_notes(const struct scenario *sc, struct plan *p)
{
	const struct throughput *t = &p->throughput;
	const struct open_loop *o = &t->open;
	if (t->waiting_users > 0)
		plan_note(p, msg_users_queue(t->max_concurrency, t->waiting_users, t->ttft_s));
	if (!o->valid)
		return;
	if (o->targets && o->replicas_needed > 0 && o->binding != BIND_NONE)
		plan_note(p, msg_rate_replicas(o->rate, o->max_rate_per_replica,
					       binding_words[o->binding], o->replicas_needed));
	plan_note(p, msg_percentile_estimate(sc->percentile));
}

/* PERFORMANCE.md §2: a precision is questioned where a change would cut
 * the spend by SAVING, or buy SPEEDUP× the output at no more spend, and
 * still meet the goals:
 * an FP8 KV cache where the 16-bit one holds KV_SHARE of the memory or
 * more, FP8 weights for 16-bit ones on a card with FP8, int4 weights
 * (W4A16) for 16-bit or FP8 ones; each says its quality caveat. */
#define KV_SHARE 0.25
#define SAVING 0.20
#define SPEEDUP 1.5

static bool serving_plan(const struct workload *w, const struct plan *p)
{
	return w->kind == TASK_INFERENCE && p->fits && p->throughput.valid && !p->short_of_goals &&
	       p->need > 0;
}

static bool kv_fp8_applies(const struct workload *w, const struct plan *p)
{
	return w->sc->kv_precision != KV_FP8 && gpu_has_fp8(p->gpu) &&
	       p->per_card.kv_cache >= KV_SHARE * p->need;
}

static bool fp8_applies(const struct workload *w, const struct plan *p)
{
	return w->prec->weight_bytes == 2 && !w->prec->quantized && gpu_has_fp8(p->gpu);
}

static bool int4_applies(const struct workload *w, const struct plan *p)
{
	(void)p;
	return w->prec->weight_bytes >= 1 && w->prec->weight_bytes <= 2 && !w->prec->quantized;
}

static void set_kv_fp8(struct scenario *sc)
{
	sc->kv_precision = KV_FP8;
}

static void set_fp8(struct scenario *sc)
{
	sc->precision = precision_find("fp8"), sc->precision_auto = false;
}

static void set_int4(struct scenario *sc)
{
	sc->precision = precision_find("int4"), sc->precision_auto = false;
}

static const struct precision_try {
	bool (*applies)(const struct workload *w, const struct plan *p);
	void (*set)(struct scenario *sc);
	struct message (*why)(double monthly, const char *currency, double spend_pct,
			      double speedup);
} precision_tries[] = {
	{kv_fp8_applies, set_kv_fp8, msg_alternative_kv_fp8},
	{fp8_applies, set_fp8, msg_alternative_weights_fp8},
	{int4_applies, set_int4, msg_alternative_weights_int4},
};

/* The plan of one precision change, listed when it is worth it. */
static void try_precision(const struct workload *w0, const struct catalog *c, struct plan *p,
			  const struct precision_try *t)
{
	static struct plan q; /* large: not on the stack */
	struct scenario sc;
	struct workload w;
	scenario_copy(&sc, w0->sc);
	t->set(&sc);
	if (!native_format(p->gpu, &sc) || !workload_init(&w, &sc))
		return; /* never a format the card does not run natively (int4 on Ascend) */
	plan_for_gpu(&w, c, p->gpu, &q);
	plan_choose(&w, c, &q);
	double m = plan_monthly(p), mq = plan_monthly(&q);
	double x = p->throughput.output_tokens_per_s, xq = q.throughput.output_tokens_per_s;
	bool cheaper = mq <= (1 - SAVING) * m, faster = xq >= SPEEDUP * x && mq <= m * (1 + SAME_SPEND);
	if (!q.fits || !q.throughput.valid || q.short_of_goals || m <= 0 || mq < 0 || x <= 0 ||
	    !(cheaper || faster))
		return;
	add_alternative(p, &q, t->why(mq, plan_currency(&q), 100 * mq / m, xq / x));
}

/* What the TTFT target costs (PERFORMANCE.md §2's step down): when it,
 * not memory or the speed floor, holds the spend up, the plan under a
 * target RELAX_TTFT× as long, listed when it saves SAVING or more. A 32k
 * prompt of Qwen2.5-72B takes 8 s to prefill on 8 H20s: a 10 s target
 * leaves no queue, a replica a user (160 cards for 20), 20 s takes 40. */
#define RELAX_TTFT 2.0

static void try_relaxed_ttft(const struct workload *w0, const struct catalog *c, struct plan *p)
{
	static struct plan q; /* large: not on the stack */
	struct scenario sc;
	struct workload w;
	if (w0->sc->rate > 0 || !(w0->sc->slo_ttft_s > 0) || p->cards <= p->memory_min_cards)
		return;
	scenario_copy(&sc, w0->sc);
	sc.slo_ttft_s *= RELAX_TTFT;
	if (!workload_init(&w, &sc))
		return;
	plan_for_gpu(&w, c, p->gpu, &q);
	plan_choose(&w, c, &q);
	double m = plan_monthly(p), mq = plan_monthly(&q);
	if (!q.fits || !q.throughput.valid || q.short_of_goals || m <= 0 || mq < 0 ||
	    mq > (1 - SAVING) * m)
		return;
	add_alternative(p, &q, msg_alternative_ttft_relaxed(sc.slo_ttft_s, mq, plan_currency(&q),
							     100 * mq / m, q.throughput.ttft_s));
}

/* Called last in plan_choose: its own calls for the other precisions and
 * the relaxed target (which ask nothing more) reuse the candidates, which
 * p no longer needs. */
static void precision_alternatives(const struct workload *w, const struct catalog *c,
				   struct plan *p)
{
	static bool asking; /* a plan of another precision questions nothing */
	if (asking || !serving_plan(w, p))
		return;
	asking = true;
	for (size_t i = 0; i < sizeof precision_tries / sizeof precision_tries[0]; i++)
		if (precision_tries[i].applies(w, p))
			try_precision(w, c, p, &precision_tries[i]);
	try_relaxed_ttft(w, c, p);
	asking = false;
}

void plan_choose(const struct workload *w, const struct catalog *c, struct plan *p)
{
	static struct plan cand[CANDIDATES]; /* large: not on the stack of every caller */
	const struct scenario *sc = w->sc;
	plan_time(w, p, -1, true);
	keep_minimum(p);
	if (!p->throughput.valid)
		return;
	if (p->forced) {
		if (!meets_goals(sc, &p->throughput))
			plan_add_why(p, msg_why_forced());
		time_notes(sc, p);
		return;
	}
	int n = candidates_find(w, c, p->gpu, cand);
	choose_headline(w, p, cand, n);
	if (!p->throughput_at_max.valid)
		plan_time(w, p, -1, true);
	cheapest_alternative(w, p, cand, n);
	if (!p->short_of_goals && p->throughput.output_tokens_per_s > 0) {
		within_budget(w, p, cand, n);
		step_up(w, p, cand, n); /* the step down is the why list's memory minimum */
	}
	time_notes(sc, p);
	precision_alternatives(w, c, p); /* last: it reuses the candidates */
}
