/* Training time for a plan (PERFORMANCE.md §3): the plan, its GPU and its
 * offers mapped onto the training_time library's plain inputs; days at the
 * plan's cards, the three billings, the scaling tiers and, with
 * --deadline, the cheapest plan that meets it. */
#include <stdarg.h>
#include <stdio.h>

#include "cheaper.h"
#include "i18n.h"
#include "plan.h"
#include "scenario.h"
#include "tables.h"

static const enum train_calibration calibration_of[] = {
	[CAL_MEASURED] = TRAIN_CAL_MEASURED,
	[CAL_PUBLISHED] = TRAIN_CAL_PUBLISHED,
	[CAL_ESTIMATE] = TRAIN_CAL_ESTIMATE,
};

/* How the solver's ways read in a sentence: msgids, translated when the
 * message is rendered (the WORD argument of msg_why_deadline_cheapest). */
static const char *const rent_words[RENT_WAYS] = {
	[RENT_CONTAINER_HOURLY] = N_("containers by the hour"),
	[RENT_CONTAINER_MONTHLY] = N_("containers by the month"),
	[RENT_BAREMETAL] = N_("bare metal"),
};

/* --network wins; else the bare-metal offer's link (its GB/s when given). */
static struct train_network network_of(const struct scenario *sc, const struct offer *o)
{
	if (sc->network == NETWORK_IB)
		return (struct train_network){.kind = NET_IB};
	if (sc->network == NETWORK_ETHERNET)
		return (struct train_network){.kind = NET_ETHERNET};
	if (!o)
		return (struct train_network){.kind = NET_UNKNOWN};
	return (struct train_network){.node_gbs = o->inter_node_gbs > 0 ? o->inter_node_gbs : 0,
				      .kind = (enum inter_node)o->inter_node};
}

static void train_input_of(const struct workload *w, const struct plan *p, struct train_input *in)
{
	const struct scenario *sc = w->sc;
	const struct model *m = w->m;
	const struct gpu *g = p->gpu;
	*in = (struct train_input){
		.model = {.p_act = m->active_params_b * 1e9, .p_train = w->trainable,
			  .layers = m->layers, .hidden = m->heads * m->head_dim,
			  .seq_len = (double)sc->context},
		.job = {.task = w->kind, .recompute = p->lay.recompute, .fp8 = w->prec->needs_fp8,
			.tokens = sc->train_tokens * sc->epochs, .global_batch = sc->global_batch},
		.gpu = {.bf16_tflops = g->bf16_tflops, .fp8_tflops = gpu_has_fp8(g) ? g->fp8_tflops : 0,
			.mfu_train = g->mfu_train, .link_gbs = g->link_gbs,
			.calibration = calibration_of[g->calibration]},
		.shape = {.cards = p->cards, .tp = p->lay.t, .pp = p->lay.p,
			  .zero = p->lay.zero > 0 ? p->lay.zero : 0},
		.net = network_of(sc, p->baremetal.offer)};
}

static void prices_of(const struct plan *p, struct train_prices *pr)
{
	const struct rent *ct = &p->container, *bm = &p->baremetal;
	*pr = (struct train_prices){
		.card_hourly = ct->offer && ct->hourly_per_card >= 0 ? ct->hourly_per_card : -1,
		.card_monthly = ct->offer ? ct->monthly_per_card : -1,
		.max_cards = ct->offer ? ct->max_cards : 0,
		.machine_monthly = bm->offer ? bm->machine_monthly : -1};
}

static unsigned tp_mask_of(const struct model *m)
{
	unsigned mask = 0;
	for (int t = 1; t <= CARDS_PER_MACHINE; t *= 2)
		if (tp_allowed(m, t))
			mask |= 1u << t;
	return mask;
}

/* The evaluators the solver and the tiers call: the model's best shape,
 * or the USL fit of --measured. */
struct train_eval {
	struct train_input in;
	struct train_shape_rule rule;
	struct train_usl_rule usl;
	struct train_search search;
};

static void eval_init(struct train_eval *e, const struct workload *w, const struct plan *p,
		      const struct usl_fit *fit)
{
	train_input_of(w, p, &e->in);
	e->rule = (struct train_shape_rule){.base = &e->in, .tp_mask = tp_mask_of(w->m)};
	e->usl = (struct train_usl_rule){.fit = fit, .tokens = e->in.job.tokens};
	e->search = (struct train_search){
		.min_cards = p->cards, .step = p->lay.t * p->lay.p,
		.deadline_days = w->sc->deadline_days,
		.days = fit ? training_days_usl : training_days_best_shape,
		.ctx = fit ? (void *)&e->usl : (void *)&e->rule};
	prices_of(p, &e->search.prices);
}

/* The plan at G cards of the deadline's choice: the shape the model found
 * best there (the memory plan's TP × PP with --measured). */
static bool plan_at_cards(const struct workload *w, const struct catalog *c, struct train_eval *e,
			  const struct plan *p, int cards, struct plan *out)
{
	struct train_point at;
	struct layout l = p->lay;
	if (!e->usl.fit && training_days_best_shape(&e->rule, cards, &at)) {
		l.t = e->rule.chosen.tp;
		l.p = e->rule.chosen.pp;
	}
	l.d = cards / (l.t * l.p);
	plan_for_layout(w, c, p->gpu, &l, out);
	return out->fits;
}

/* What the memory minimum was and why it was not kept. */
static int deadline_why(const struct plan *p, const struct train_choice *ch,
			const struct train_point *min_at, double deadline, struct message *why)
{
	int n = 0;
	why[n++] = msg_why_train_memory_minimum(p->cards, min_at->days, 100 * min_at->eff);
	if (min_at->days > deadline)
		why[n++] = msg_why_past_deadline(min_at->days, deadline);
	if (!ch->met)
		why[n++] = msg_why_deadline_unreachable(deadline, ch->cards, ch->at.days);
	else if (ch->cards != p->cards)
		why[n++] = msg_why_deadline_cheapest(ch->cards, rent_words[ch->way], ch->cost,
						     plan_currency(p));
	return n;
}

/* --deadline: the cheapest G that meets it becomes the plan (true when
 * that replaced *p); why says what the memory minimum was and why it was
 * not kept, or which G is fastest when none meets it. */
static bool meet_deadline(const struct workload *w, const struct catalog *c, struct plan *p,
			  struct train_eval *e, struct train_choice *ch)
{
	struct train_point min_at = {0};
	struct message why[PLAN_WHY];
	struct plan q;
	if (!training_solve_deadline(&e->search, ch) ||
	    !e->search.days(e->search.ctx, p->cards, &min_at) ||
	    (ch->met && ch->cards == p->cards))
		return false;
	int nwhy = deadline_why(p, ch, &min_at, w->sc->deadline_days, why), min_cards = p->cards;
	bool replace = ch->met && plan_at_cards(w, c, e, p, ch->cards, &q);
	if (replace)
		*p = q;
	p->memory_min_cards = min_cards;
	for (int i = 0; i < nwhy; i++)
		plan_add_why(p, why[i]);
	return replace;
}

/* Days and efficiency at the plan's cards: the fit's, the plan's own shape
 * when it is forced (--cards, --tp, --pp), else the best shape there. */
static bool days_at_plan(const struct plan *p, struct train_eval *e, struct train_input *in,
			 struct train_result *r, struct train_point *at)
{
	char err[160];
	*in = e->in;
	if (e->usl.fit && !e->search.days(e->search.ctx, p->cards, at))
		return false;
	if (!e->usl.fit && !p->forced && training_days_best_shape(&e->rule, p->cards, at))
		in->shape = e->rule.chosen;
	if (!training_time(in, r, err, sizeof err))
		return false;
	if (!e->usl.fit)
		*at = (struct train_point){.days = r->days, .eff = r->eff};
	return true;
}

/* Days, efficiency and the model's terms at the plan's own cards. */
static bool estimate_at_plan(struct plan *p, struct train_eval *e)
{
	struct training_estimate *t = &p->training;
	struct train_point at;
	struct train_input in;
	if (!days_at_plan(p, e, &in, &t->r, &at))
		return false;
	t->days = at.days;
	t->eff = at.eff;
	t->card_hours = at.days * 24 * p->cards;
	t->goodput = train_defaults.goodput;
	t->link_gbs = in.gpu.link_gbs;
	if (e->usl.fit) {
		t->measured = true;
		t->usl = *e->usl.fit;
		t->r.band_pct = 0;
	}
	training_bill(&e->search.prices, p->cards, t->days * 24, CARDS_PER_MACHINE, &t->bill);
	return true;
}

static void training_notes(struct plan *p, const struct train_input *in)
{
	const struct training_estimate *t = &p->training;
	if (t->r.notes & TRAIN_NOTE_NO_FP8)
		plan_note(p, msg_train_no_fp8(gpu_short_name(p->gpu)));
	if (t->r.notes & TRAIN_NOTE_NODE_ASSUMED)
		plan_note(p, msg_train_network_assumed(in->net.kind == NET_IB ? "InfiniBand"
						       : in->net.kind == NET_NONE
							       ? N_("a shared 1000M link")
							       : N_("Ethernet"),
						       t->r.node_gbs));
	if (t->measured)
		plan_note(p, msg_train_measured(t->usl.sigma, t->usl.kappa));
	if (t->eff > 0 && t->eff < 1)
		plan_note(p, msg_parallel_efficiency(100 * t->eff, 100 - 100 * t->eff));
}

/* The estimate's last pieces: the solver's answer, the tiers of the
 * memory minimum, the deadline flags, the efficiency and the notes. */
static void training_finish(struct plan *p, const struct train_eval *e,
			    const struct train_choice *choice, const struct train_tier *tiers,
			    int ntiers)
{
	struct training_estimate *t = &p->training;
	double deadline = e->search.deadline_days;
	t->valid = true;
	t->choice = *choice;
	t->ntiers = ntiers;
	for (int i = 0; i < ntiers; i++)
		t->tiers[i] = tiers[i];
	t->deadline = deadline > 0;
	t->meets_deadline = t->days <= deadline;
	plan_set_efficiency(p, t->eff);
	training_notes(p, &e->in);
}

void plan_train(const struct workload *w, const struct catalog *c, struct plan *p,
		const struct usl_fit *fit)
{
	const struct scenario *sc = w->sc;
	static struct train_eval e; /* large; one analysis at a time */
	struct train_tier tiers[TRAIN_MAX_TIERS];
	struct train_choice choice = {.way = RENT_NONE};
	p->training = (struct training_estimate){.choice = choice};
	if (w->kind == TASK_INFERENCE || !(sc->train_tokens > 0) || !p->fits || p->cards == 0)
		return;
	eval_init(&e, w, p, fit);
	int ntiers = training_tiers(&e.search, tiers, TRAIN_MAX_TIERS);
	if (sc->deadline_days > 0 && !p->forced && meet_deadline(w, c, p, &e, &choice))
		eval_init(&e, w, p, fit); /* the plan is the deadline's now */
	if (estimate_at_plan(p, &e))
		training_finish(p, &e, &choice, tiers, ntiers);
}
