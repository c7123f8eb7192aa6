#include "training_time.h"

#include <math.h>
#include <stdio.h>

#include "i18n.h"

/* PERFORMANCE.md §1 and §3. */
const struct train_constants train_defaults = {
	.goodput = 0.90,
	.overlap = 0.5,
	.qlora_slowdown = 1.4,
	.fp8_mfu_factor = 0.75,
	.zero3_factor = 1.5,
	.ib_gbs = 200,
	.ethernet_gbs = 6.25,
	.none_gbs = 0.125,
	.cards_per_machine = 8,
	.max_machines = 64,
};

const char *const train_rent_names[RENT_WAYS] = {
	[RENT_CONTAINER_HOURLY] = "container_hourly",
	[RENT_CONTAINER_MONTHLY] = "container_monthly",
	[RENT_BAREMETAL] = "baremetal",
};

#define SECONDS_PER_DAY 86400.0
#define BAND_PUBLISHED 25.0
#define BAND_ESTIMATE 50.0

static const struct train_constants *constants_of(const struct train_constants *k)
{
	return k ? k : &train_defaults;
}

/* FLOPs per active parameter per token: forward 2, backward 4; a full
 * recompute repeats the forward (+2); frozen LoRA weights get no weight
 * gradients (−2). */
static double flops_per_param(enum task_kind task, bool recompute)
{
	double k = task == TASK_FULL ? 6 : 4;
	return recompute ? k + 2 : k;
}

static bool fraction_ok(double v)
{
	return v > 0 && v <= 1;
}

static bool input_check(const struct train_input *in, char *err, size_t cap)
{
	const struct train_shape *sh = &in->shape;
	const char *what = NULL;
	if (in->job.task == TASK_INFERENCE)
		what = _("a training task (full, lora, qlora)");
	else if (!(in->model.p_act > 0) || !(in->model.p_train > 0))
		what = _("parameter counts above 0");
	else if (in->model.layers < 0 || in->model.hidden < 0 || !(in->model.seq_len >= 0))
		what = _("a model shape (layers, hidden, sequence) of at least 0");
	else if (!(in->job.tokens > 0) || !(in->job.global_batch > 0))
		what = _("tokens to train and a global batch above 0");
	else if (!(in->gpu.bf16_tflops > 0) || !fraction_ok(in->gpu.mfu_train))
		what = _("a BF16 peak above 0 and 0 < mfu_train <= 1");
	else if (sh->cards < 1 || sh->tp < 1 || sh->pp < 1 || sh->zero < 0 || sh->zero > 3)
		what = _("at least one card, TP and PP of at least 1, ZeRO 0-3");
	else if (sh->cards % (sh->tp * sh->pp) != 0)
		what = _("a card count that TP x PP divides");
	if (what)
		snprintf(err, cap, _("expected %s"), what);
	return what == NULL;
}

/* The peak and MFU in use: FP8 where asked and available. */
static void compute_rate(const struct train_input *in, const struct train_constants *k,
			 struct train_result *r)
{
	r->peak_tflops = in->gpu.bf16_tflops;
	r->mfu = in->gpu.mfu_train;
	if (!in->job.fp8)
		return;
	if (in->gpu.fp8_tflops > 0) {
		r->peak_tflops = in->gpu.fp8_tflops;
		r->mfu = in->gpu.mfu_train * k->fp8_mfu_factor;
	} else {
		r->notes |= TRAIN_NOTE_NO_FP8;
	}
}

/* The link between machines, and what had to be assumed about it. */
static double node_gbs_of(const struct train_network *net, const struct train_constants *k,
			  unsigned *notes)
{
	if (net->node_gbs > 0)
		return net->node_gbs;
	*notes |= TRAIN_NOTE_NODE_ASSUMED;
	switch (net->kind) {
	case NET_IB:
		return k->ib_gbs;
	case NET_NONE:
		*notes |= TRAIN_NOTE_NO_NETWORK;
		return k->none_gbs;
	case NET_UNKNOWN:
		*notes |= TRAIN_NOTE_NET_UNKNOWN;
		return k->ethernet_gbs;
	case NET_ETHERNET:
		break;
	}
	return k->ethernet_gbs;
}

/* Hierarchical ring all-reduce of each card's gradient s_c. Inside a
 * machine the g data-parallel peers reduce over the link; then across the
 * n machines of one ring, all the machine's m cards push their share
 * through the one network: 2·(n−1)/n · m·s_c / node_gbs. */
static bool allreduce_time(const struct train_input *in, const struct train_constants *k,
			   struct train_result *r, char *err, size_t cap)
{
	const struct train_shape *sh = &in->shape;
	int per_machine = k->cards_per_machine;
	int m = sh->cards < per_machine ? sh->cards : per_machine;
	int replica = sh->tp * sh->pp;
	int g = m > replica ? m / replica : 1;
	r->dp = sh->cards / replica;
	r->machines = (sh->cards + per_machine - 1) / per_machine;
	r->s_c = 2 * in->model.p_train / replica * (sh->zero == 3 ? k->zero3_factor : 1);
	if (r->dp == 1)
		return true;
	if (g > 1) {
		if (!(in->gpu.link_gbs > 0)) {
			snprintf(err, cap, _("expected the GPU's link_gbs above 0 for %d cards"), g);
			return false;
		}
		r->t_ar_intra = 2.0 * (g - 1) / g * r->s_c / (in->gpu.link_gbs * 1e9);
	}
	int n = (r->dp + g - 1) / g;
	if (n > 1) {
		r->node_gbs = node_gbs_of(&in->net, k, &r->notes);
		r->t_ar_inter = 2.0 * (n - 1) / n * m * r->s_c / (r->node_gbs * 1e9);
	}
	r->t_ar = r->t_ar_intra + r->t_ar_inter;
	return true;
}

bool training_time(const struct train_input *in, struct train_result *out, char *err, size_t cap)
{
	const struct train_constants *k = constants_of(in->k);
	*out = (struct train_result){0};
	if (!input_check(in, err, cap))
		return false;
	const struct train_model *md = &in->model;
	double d = in->job.tokens;
	out->k = flops_per_param(in->job.task, in->job.recompute);
	out->flops = out->k * md->p_act * d + 12.0 * md->layers * md->hidden * md->seq_len * d;
	compute_rate(in, k, out);
	out->steps = d / in->job.global_batch;
	double rate = in->shape.cards * out->peak_tflops * 1e12 * out->mfu;
	out->t_c = out->flops / out->steps / rate *
		   (in->job.task == TASK_QLORA ? k->qlora_slowdown : 1);
	if (!allreduce_time(in, k, out, err, cap))
		return false;
	double exposed = fmax(0, out->t_ar - k->overlap * out->t_c);
	out->eff = out->t_c / (out->t_c + exposed);
	out->days = out->steps * (out->t_c + exposed) / k->goodput / SECONDS_PER_DAY;
	out->card_hours = out->days * 24 * in->shape.cards;
	out->idle_share = 1 - out->eff;
	out->band_pct = in->gpu.calibration == TRAIN_CAL_ESTIMATE ? BAND_ESTIMATE : BAND_PUBLISHED;
	return true;
}

/* ---- Billing ---- */

void training_bill(const struct train_prices *p, int cards, double hours, int cards_per_machine,
		   struct train_bill *out)
{
	double months = fmax(1, ceil(hours / HOURS_PER_MONTH));
	bool container = cards <= p->max_cards;
	int machines = (cards + cards_per_machine - 1) / cards_per_machine;
	*out = (struct train_bill){.cheapest = RENT_NONE};
	out->offered[RENT_CONTAINER_HOURLY] = container && p->card_hourly >= 0;
	out->cost[RENT_CONTAINER_HOURLY] = cards * p->card_hourly * hours;
	out->cards[RENT_CONTAINER_HOURLY] = cards;
	out->offered[RENT_CONTAINER_MONTHLY] = container && p->card_monthly >= 0;
	out->cost[RENT_CONTAINER_MONTHLY] = cards * p->card_monthly * months;
	out->cards[RENT_CONTAINER_MONTHLY] = cards;
	out->offered[RENT_BAREMETAL] = p->machine_monthly >= 0;
	out->cost[RENT_BAREMETAL] = machines * p->machine_monthly * months;
	out->cards[RENT_BAREMETAL] = machines * cards_per_machine;
	for (enum train_rent w = 0; w < RENT_WAYS; w++)
		if (out->offered[w] &&
		    (out->cheapest == RENT_NONE || out->cost[w] < out->cost[out->cheapest]))
			out->cheapest = w;
}

/* ---- Card counts ---- */

/* TP t can take G cards: allowed over the heads, dividing the machine's
 * cards and, with the PP, G. */
static bool tp_fits(const struct train_shape_rule *rule, int tp, int m, int cards)
{
	int pp = rule->base->shape.pp;
	return (!rule->tp_mask || (rule->tp_mask & (1u << tp))) && m % tp == 0 &&
	       cards % (tp * pp) == 0;
}

static bool shape_time(struct train_shape_rule *rule, int cards, int tp, struct train_result *r)
{
	struct train_input in = *rule->base;
	char err[160];
	in.shape.cards = cards;
	in.shape.tp = tp;
	return training_time(&in, r, err, sizeof err);
}

static void shape_take(struct train_shape_rule *rule, int cards, int tp,
		       const struct train_result *r, struct train_point *out)
{
	*out = (struct train_point){.days = r->days, .eff = r->eff};
	rule->chosen = rule->base->shape;
	rule->chosen.cards = cards;
	rule->chosen.tp = tp;
}

/* A larger TP sends a smaller gradient over the same machines, so when the
 * all-reduce shows (eff < 1) the largest TP that fits is the fastest. When
 * it hides (eff = 1) every TP that hides it ties at the compute time and
 * the smallest one is kept; once a TP reaches that floor no larger one
 * can beat it. rule->exhaustive tries every TP. */
bool training_days_best_shape(void *ctx, int cards, struct train_point *out)
{
	struct train_shape_rule *rule = ctx;
	const struct train_constants *k = constants_of(rule->base->k);
	int m = cards < k->cards_per_machine ? cards : k->cards_per_machine, top = 0;
	struct train_result r;
	for (int tp = rule->base->shape.tp; tp <= m; tp *= 2)
		if (tp_fits(rule, tp, m, cards))
			top = tp;
	if (!rule->exhaustive && top && shape_time(rule, cards, top, &r) && r.eff < 1) {
		shape_take(rule, cards, top, &r, out);
		return true;
	}
	bool found = false;
	for (int tp = rule->base->shape.tp; tp <= m; tp *= 2) {
		if (!tp_fits(rule, tp, m, cards) || !shape_time(rule, cards, tp, &r) ||
		    (found && r.days >= out->days))
			continue;
		shape_take(rule, cards, tp, &r, out);
		found = true;
		if (r.eff >= 1 && !rule->exhaustive)
			break;
	}
	return found;
}

bool training_days_usl(void *ctx, int cards, struct train_point *out)
{
	const struct train_usl_rule *rule = ctx;
	double goodput = rule->goodput > 0 ? rule->goodput : train_defaults.goodput;
	if (cards < 1 || !(usl_throughput(rule->fit, cards) > 0))
		return false;
	out->days = usl_days(rule->fit, cards, rule->tokens, goodput);
	out->eff = usl_efficiency(rule->fit, cards);
	return true;
}

static int max_cards_of(const struct train_search *s)
{
	const struct train_constants *k = constants_of(s->k);
	return k->max_machines * k->cards_per_machine;
}

/* Keeps G for a way when it is strictly cheaper (G rises, so ties keep
 * the fewer cards). */
static void way_consider(struct train_way *w, enum train_rent way, int cards,
			 const struct train_point *at, const struct train_bill *bill)
{
	if (!bill->offered[way] || (w->found && bill->cost[way] >= w->bill.cost[way]))
		return;
	*w = (struct train_way){.found = true, .cards = cards, .at = *at, .bill = *bill};
}

static void choice_pick_cheapest(struct train_choice *c)
{
	for (enum train_rent w = 0; w < RENT_WAYS; w++) {
		const struct train_way *way = &c->ways[w];
		if (!way->found)
			continue;
		double cost = way->bill.cost[w];
		if (c->met && (cost > c->cost || (cost == c->cost && way->cards >= c->cards)))
			continue;
		c->met = true;
		c->way = w;
		c->cards = way->cards;
		c->at = way->at;
		c->cost = cost;
	}
}

/* The most whole replicas that whole machines hold: on bare metal every
 * paid card is used (PP7 would leave one idle where the plan can take 8). */
static bool baremetal_count(int g, int step, int per_machine)
{
	int machines = (g + per_machine - 1) / per_machine;
	return g == machines * per_machine / step * step;
}

/* Which ways to rent may take G cards: containers up to their limit, bare
 * metal at whole machines. Nothing offered at all: every G, to still say
 * how fast it could go. */
static unsigned ways_for(const struct train_search *s, int g, int step, int per_machine)
{
	const struct train_prices *p = &s->prices;
	unsigned ways = 0;
	if (g <= p->max_cards && p->card_hourly >= 0)
		ways |= 1u << RENT_CONTAINER_HOURLY;
	if (g <= p->max_cards && p->card_monthly >= 0)
		ways |= 1u << RENT_CONTAINER_MONTHLY;
	if (p->machine_monthly >= 0 && baremetal_count(g, step, per_machine))
		ways |= 1u << RENT_BAREMETAL;
	bool offered = (p->max_cards > 0 && (p->card_hourly >= 0 || p->card_monthly >= 0)) ||
		       p->machine_monthly >= 0;
	return offered ? ways : 1u << RENT_WAYS;
}

/* Past the containers' limit only bare metal is left, and it costs at least
 * one month of its machines: once that reaches the best bare-metal cost
 * found, no larger G can be cheaper (ties keep the fewer cards). */
static bool solver_done(const struct train_search *s, const struct train_choice *c, int g,
			int per_machine)
{
	const struct train_way *bm = &c->ways[RENT_BAREMETAL];
	int machines = (g + per_machine - 1) / per_machine;
	return g > s->prices.max_cards && bm->found &&
	       machines * s->prices.machine_monthly >= bm->bill.cost[RENT_BAREMETAL];
}

/* The card counts the solver looks at: min_cards + i·step up to last. */
struct scan {
	int step, per_machine, first, last;
};

/* ---- No G can meet the deadline: only the fastest is wanted ----
 *
 * days·eff is the compute-only time, which falls as 1/G, for both
 * evaluators (the model and the USL): no G beats card_days / G, the
 * compute-only card-days over G. So when even the most cards miss the deadline at that
 * time nothing meets it, and the fastest G is found from the most cards
 * down, stopping where the compute-only time alone is slower than the
 * fastest found: the answer of the full scan with fewer evaluations. */
static bool compute_only_days(const struct train_search *s, const struct scan *sc,
			      double *card_days)
{
	struct train_point at;
	int g = sc->first;
	while (g <= sc->last && !ways_for(s, g, sc->step, sc->per_machine))
		g += sc->step;
	if (g > sc->last || !s->days(s->ctx, g, &at))
		return false;
	*card_days = at.days * at.eff * g;
	return true;
}

/* The fastest G from 'top' down (out->cards and out->at hold the fastest
 * above it when any), stopping where the compute-only time alone is
 * slower than the fastest found. */
static bool solve_unmet(const struct train_search *s, const struct scan *sc, double card_days,
			int top, bool any, struct train_choice *out)
{
	struct train_point at;
	for (int g = top; g >= sc->first; g -= sc->step) {
		if (any && card_days / g > out->at.days * (1 + 1e-12)) /* rounding */
			break;
		if (!ways_for(s, g, sc->step, sc->per_machine) || !s->days(s->ctx, g, &at))
			continue;
		if (!any || at.days <= out->at.days) { /* ties: the fewer cards */
			out->cards = g;
			out->at = at;
		}
		any = true;
	}
	return any;
}

bool training_solve_deadline(const struct train_search *s, struct train_choice *out)
{
	const struct train_constants *k = constants_of(s->k);
	struct scan sc = {.step = s->step > 0 ? s->step : 1, .per_machine = k->cards_per_machine,
			  .last = max_cards_of(s)};
	/* A met deadline ends the scan early (solver_done); a missed one is
	 * told up front and scanned from the top (solve_unmet). */
	sc.first = s->min_cards > 0 ? s->min_cards : sc.step;
	*out = (struct train_choice){.way = RENT_NONE};
	double card_days = 0;
	bool bound = !s->exhaustive && compute_only_days(s, &sc, &card_days);
	int top = sc.first + (sc.last - sc.first) / sc.step * sc.step, skipped = 0;
	if (bound && card_days / top > s->deadline_days)
		return solve_unmet(s, &sc, card_days, top, false, out);
	bool any = false;
	struct train_point fastest = {0};
	int fastest_cards = 0;
	for (int g = sc.first; g <= sc.last; g += sc.step) {
		unsigned ways = ways_for(s, g, sc.step, k->cards_per_machine);
		struct train_point at;
		struct train_bill bill;
		if (solver_done(s, out, g, k->cards_per_machine))
			break;
		if (ways && bound && card_days / g > s->deadline_days) {
			skipped = g; /* its compute alone misses the deadline: it cannot meet it */
			continue;
		}
		if (!ways || !s->days(s->ctx, g, &at))
			continue;
		if (!any || at.days < fastest.days) {
			fastest = at;
			fastest_cards = g;
		}
		any = true;
		if (at.days > s->deadline_days)
			continue;
		training_bill(&s->prices, g, at.days * 24, k->cards_per_machine, &bill);
		for (enum train_rent w = 0; w < RENT_WAYS; w++)
			if (ways & (1u << w))
				way_consider(&out->ways[w], w, g, &at, &bill);
	}
	choice_pick_cheapest(out);
	if (!out->met) {
		out->cards = fastest_cards;
		out->at = fastest;
	}
	if (!out->met && skipped) /* the G skipped above may be the fastest */
		return solve_unmet(s, &sc, card_days, skipped, any, out);
	return any;
}

int training_tiers(const struct train_search *s, struct train_tier *tiers, int max)
{
	const struct train_constants *k = constants_of(s->k);
	int n = 0, first = s->min_cards > 0 ? s->min_cards : 1;
	for (int g = first; g <= max_cards_of(s) && n < max; g *= 2) {
		struct train_tier *t = &tiers[n];
		struct train_bill bill;
		if (!s->days(s->ctx, g, &t->at))
			continue;
		training_bill(&s->prices, g, t->at.days * 24, k->cards_per_machine, &bill);
		t->cards = g;
		t->way = bill.cheapest;
		t->cost = bill.cheapest != RENT_NONE ? bill.cost[bill.cheapest] : -1;
		n++;
	}
	return n;
}
