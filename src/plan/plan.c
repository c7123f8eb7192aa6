#include "plan.h"

#include <math.h>
#include <stdio.h>

#include "native.h"
#include "batch_max.h"

void plan_note(struct plan *p, struct message m)
{
	if (p->nnotes < PLAN_NOTES)
		p->notes[p->nnotes++] = m;
}

void plan_add_why(struct plan *p, struct message m)
{
	if (p->nwhy < PLAN_WHY)
		p->why[p->nwhy++] = m;
}

/* Tensor parallel splits attention heads; KV heads may be replicated
 * when there are fewer of them than cards. */
bool tp_allowed(const struct model *m, int t)
{
	return m->heads % t == 0 && (m->kv_heads % t == 0 || m->kv_heads < t);
}

struct search {
	const struct workload *w;
	double usable; /* capacity / (1 + headroom) */
	bool training;
	bool found; /* a fitting layout: the best-ranked one */
	struct layout best;
	long best_rank;
	bool ep, dpa; /* --cards with --ep on or --dp-attention on: those shapes only */
	bool any; /* any valid layout: the one needing least memory */
	struct layout least;
	double least_need;
};

/* Lower ranks win among plans of the same card count: stay inside one
 * machine, avoid recomputation, prefer fewer replicas, then pure data
 * parallel (training), then the lowest ZeRO stage, then TP over PP. */
static long layout_rank(const struct search *s, const struct layout *l)
{
	bool spans = l->t * l->p > CARDS_PER_MACHINE;
	bool model_parallel = l->t > 1 || l->p > 1;
	long rank = spans;
	rank = rank * 2 + l->recompute;
	rank = rank * 2 + (s->training ? model_parallel : l->d > 1);
	rank = rank * 4 + l->zero;
	rank = rank * 2 + (l->p > 1);
	return rank * 16 + l->t;
}

/* Training's memory minimum splits routed experts by the most expert
 * parallel its data-parallel cards allow (TRAINING.md §7.3). */
static struct layout_train memory_train_layout(const struct workload *w, const struct layout *l)
{
	return (struct layout_train){
		.e = w->kind == TASK_INFERENCE ? 1 : train_ep_largest(w->m->experts, l->d)};
}

static void consider(struct search *s, const struct layout *l)
{
	struct mem_terms mem;
	struct layout_train x = memory_train_layout(s->w, l);
	workload_per_card_train(s->w, l, &x, &mem);
	double need = mem_sum(&mem);
	if (!s->any || need < s->least_need) {
		s->any = true;
		s->least = *l;
		s->least_need = need;
	}
	long rank = layout_rank(s, l);
	if (need > s->usable || (s->found && rank >= s->best_rank))
		return;
	s->found = true;
	s->best = *l;
	s->best_rank = rank;
}

static bool recompute_allowed(const struct scenario *sc, int rc)
{
	return !((sc->recompute == RC_NONE && rc) || (sc->recompute == RC_FULL && !rc));
}

/* Memory falls as the ZeRO stage rises: when the highest stage allowed
 * does not fit, with or without recomputation, no stage fits, and those
 * two layouts are the ones that need least (consider keeps that). With
 * pipeline parallel the highest is 1 unless asked (TRAINING.md §6:
 * DeepSpeed refuses ZeRO-2/3 with its pipeline). */
static bool some_stage_fits(struct search *s, struct layout l)
{
	const struct scenario *sc = s->w->sc;
	bool fits = false;
	l.zero = l.d == 1 ? 0 : sc->zero != ZERO_AUTO ? (int)sc->zero : l.p > 1 ? 1 : 3;
	for (int rc = 0; rc <= 1 && !fits; rc++) {
		if (!recompute_allowed(sc, rc))
			continue;
		struct mem_terms mem;
		l.recompute = rc;
		struct layout_train x = memory_train_layout(s->w, &l);
		workload_per_card_train(s->w, &l, &x, &mem);
		fits = mem_sum(&mem) <= s->usable;
		if (!fits)
			consider(s, &l);
	}
	return fits;
}

static void consider_training(struct search *s, struct layout l)
{
	const struct scenario *sc = s->w->sc;
	if (!some_stage_fits(s, l))
		return;
	for (int rc = 0; rc <= 1; rc++) {
		if ((sc->recompute == RC_NONE && rc) || (sc->recompute == RC_FULL && !rc))
			continue;
		l.recompute = rc;
		for (int z = 0; z <= 3; z++) {
			if ((l.d == 1 && z > 0) || (sc->zero != ZERO_AUTO && l.d > 1 && z != sc->zero) ||
			    (sc->zero == ZERO_AUTO && l.p > 1 && z > 1))
				continue;
			l.zero = z;
			consider(s, &l);
		}
	}
}

/* The divisors of n up to max, ascending (trial division to sqrt n). */
static int divisors_upto(int n, int max, int *out)
{
	int low = 0, high = 0, big[64];
	for (int i = 1; (long)i * i <= n; i++) {
		if (n % i)
			continue;
		if (i <= max)
			out[low++] = i;
		if (i != n / i && n / i <= max && high < 64)
			big[high++] = n / i;
	}
	while (high > 0)
		out[low++] = big[--high];
	return low;
}

/* DPA + EP over n cards (SERVING.md §6): a group of G = 2, 4 or 8·k
 * cards, the rest replicas of it. */
static void search_dpa(struct search *s, int n)
{
	for (int G = 2; G <= n; G++) {
		if (n % G || (G > 4 && G % 8) || G == 3)
			continue;
		struct layout l = {.t = G, .p = 1, .d = n / G, .dpa = true};
		if (l.d <= s->w->sc->concurrency)
			consider(s, &l);
	}
}

/* Every split of n cards into t x p x d, p ascending (s->ep: TP + EP
 * ones, t of 2 or more dividing the experts; s->dpa: search_dpa). */
static void search_cards(struct search *s, int n)
{
	static const int tps[] = {1, 2, 4, 8};
	const struct model *m = s->w->m;
	int ps[128];
	if (s->dpa) {
		search_dpa(s, n);
		return;
	}
	for (size_t i = 0; i < sizeof tps / sizeof tps[0]; i++) {
		int t = tps[i];
		if (n % t || !tp_allowed(m, t))
			continue;
		if (s->ep && (t < 2 || m->experts % t))
			continue;
		int rest = n / t, np = divisors_upto(rest, m->layers, ps);
		for (int k = 0; k < np; k++) {
			int p = ps[k];
			struct layout l = {.t = t, .p = p, .d = rest / p, .ep = s->ep};
			if (s->training)
				consider_training(s, l);
			else if (l.d <= s->w->sc->concurrency)
				consider(s, &l);
		}
	}
}

/* What every card must hold however the work is split: the runtime
 * overhead and the smallest activation working set. */
static double unsplittable_floor(const struct workload *w)
{
	struct layout l = {.t = 8, .p = w->m->layers, .d = 1, .recompute = true};
	struct mem_terms mem;
	workload_per_card(w, &l, &mem);
	return mem.overhead + (w->kind == TASK_INFERENCE ? 0 : mem.activations);
}

/* Memory that splitting can spread: no plan of n cards holds less than
 * this / n on its fullest card. */
static double splittable_total(const struct workload *w)
{
	struct layout one = {.t = 1, .p = 1, .d = 1, .zero = 3, .recompute = true};
	struct mem_terms mem;
	workload_per_card(w, &one, &mem);
	return mem_sum(&mem) - mem.overhead - mem.activations;
}

static int first_candidate(const struct workload *w, double usable)
{
	double room = usable - w->overhead;
	if (room <= 0)
		return 0;
	double n = ceil(splittable_total(w) / room - 1e-9);
	return n < 1 ? 1 : n > MAX_CARDS ? MAX_CARDS + 1 : (int)n;
}

static void describe_no_fit(struct plan *p, const struct workload *w, double usable)
{
	p->fits = false;
	if (usable <= w->overhead)
		plan_note(p, msg_no_fit_overhead());
	else
		plan_note(p, msg_no_fit_max_cards(MAX_CARDS));
}

static void strategy_label(struct plan *p, bool training)
{
	const struct layout *l = &p->lay;
	char buf[64] = "";
	size_t n = 0;
	if (p->cards == 1) {
		snprintf(p->strategy, sizeof p->strategy, "single");
		return;
	}
	if (l->dpa) /* SERVING.md §6: attention data parallel, experts split */
		n += (size_t)snprintf(buf + n, sizeof buf - n, "DPA%d+EP%d", l->t, l->t);
	else if (l->ep)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "TP%d+EP%d", l->t, l->t);
	else if (l->t > 1)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "TP%d", l->t);
	if (l->p > 1)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%sPP%d", n ? "×" : "", l->p);
	if (l->d > 1 && training && l->zero > 0)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%sZeRO-%d ×%d", n ? " + " : "",
				      l->zero, l->d);
	else if (l->d > 1)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%sDP%d", n ? "×" : "", l->d);
	snprintf(p->strategy, sizeof p->strategy, "%s%s", buf,
		 p->machines > 1 ? " multi-node" : "");
}

static void fill_memory(struct plan *p, const struct workload *w, const struct layout *l)
{
	p->lay = *l;
	p->cards = l->t * l->p * l->d;
	p->machines = (p->cards + CARDS_PER_MACHINE - 1) / CARDS_PER_MACHINE;
	if (!p->lay_tr.e)
		p->lay_tr.e = memory_train_layout(w, l).e;
	workload_per_card_train(w, l, &p->lay_tr, &p->per_card);
	p->need = mem_sum(&p->per_card);
	p->with_headroom = p->need * (1 + w->sc->headroom_pct / 100);
	p->utilization_pct = 100 * p->need / p->capacity;
	p->fits = p->with_headroom <= p->capacity;
	p->level = !p->fits ? FIT_NONE
		   : p->with_headroom > TIGHT_FRACTION * p->capacity ? FIT_TIGHT
								     : FIT_COMFORTABLE;
}

/* A forced shape that holds fewer sequences than the users (SERVING.md
 * §4, Memory): the engine holds B_max of them, the rest queue for a slot,
 * and its memory is that of B_max sequences. */
static void queue_the_rest(struct plan *p, const struct workload *w)
{
	if (p->fits || w->kind != TASK_INFERENCE || !p->cards)
		return;
	long long bmax = batch_max(w, p->gpu, &p->lay);
	if (bmax < 1)
		return;
	plan_hold_in_flight(p, w, (double)(bmax * (p->lay.d > 0 ? p->lay.d : 1)));
	p->queued = p->fits;
}

/* The plan's memory at that many sequences (a forced shape's B_max, or
 * --rate's requests in flight), its layout kept. */
void plan_hold_in_flight(struct plan *p, const struct workload *w, double sequences)
{
	struct scenario held = *w->sc;
	struct workload at = *w;
	struct layout l = p->lay;
	long long n = (long long)ceil(sequences - 1e-9);
	held.concurrency = n > 1 ? n : 1;
	at.sc = &held;
	fill_memory(p, &at, &l);
}

/* --cards N: the best fitting split of exactly N cards, else the one that
 * needs least, else (no valid split) plain replicas or stages. */
static struct layout forced_layout(struct search *s, int n)
{
	search_cards(s, n);
	if (s->found)
		return s->best;
	if (s->any)
		return s->least;
	if (!s->training && n <= s->w->m->layers)
		return (struct layout){.t = 1, .p = n, .d = 1};
	return (struct layout){.t = 1, .p = 1, .d = n};
}

/* Why a forced --tp/--pp/--cards shape cannot be built; MSG_NONE if it can. */
/* --ep on and --dp-attention on with a forced shape (SERVING.md §6):
 * expert parallel needs a MoE model, DP-attention one with MLA. */
static bool serving_moe(const struct model *m)
{
	return m->experts > m->experts_per_token && m->experts_per_token > 0;
}

static struct message shape_problem(const struct workload *w, int t, int pp, int cards)
{
	const struct model *m = w->m;
	bool dpa = w->kind == TASK_INFERENCE && w->sc->dpa == PLAN_ON;
	bool ep = w->kind == TASK_INFERENCE && w->sc->ep == PLAN_ON;
	if (t != 1 && t != 2 && t != 4 && t != 8)
		return msg_shape_tp_size(t);
	if ((ep || dpa) && !serving_moe(m))
		return msg_shape_ep_dense(m->name);
	if (dpa && !m->kv_elems)
		return msg_shape_dpa_no_mla(m->name);
	if (!dpa && !tp_allowed(m, t))
		return msg_shape_tp_heads(t, m->name, m->heads);
	if (pp > m->layers)
		return msg_shape_pp_layers(pp, m->layers);
	if (cards && cards % (t * pp))
		return msg_shape_cards(cards, t, pp);
	return msg_none();
}

/* --tp/--pp (with --cards or alone): that shape, the rest replicas; for
 * training the best ZeRO stage and recomputation of it. */
static bool forced_shape(struct plan *p, const struct workload *w, struct search *s)
{
	const struct scenario *sc = w->sc;
	int t = sc->tp ? sc->tp : 1, pp = sc->pp ? sc->pp : 1;
	struct message why = shape_problem(w, t, pp, sc->cards);
	p->forced = true;
	if (why.code != MSG_NONE) {
		plan_note(p, why);
		p->fits = false;
		return false;
	}
	struct layout l = {.t = t, .p = pp, .d = sc->cards ? sc->cards / (t * pp) : 1};
	bool serving = !s->training;
	l.dpa = serving && sc->dpa == PLAN_ON;
	l.ep = serving && sc->ep == PLAN_ON && !l.dpa;
	if (s->training)
		consider_training(s, l);
	else
		consider(s, &l);
	if (s->any)
		l = s->found ? s->best : s->least;
	fill_memory(p, w, &l);
	queue_the_rest(p, w);
	if (!p->fits)
		plan_note(p, msg_shape_no_fit(l.t, l.p, l.d));
	return true;
}

/* --cards N with --ep on or --dp-attention on (serving): the search
 * keeps those shapes. A model that has no such shape refuses the plan,
 * as a forced --tp does; N cards that make none are planned without it,
 * and a note says so. */
static bool forced_kind(struct plan *p, const struct workload *w, struct search *s)
{
	const struct scenario *sc = w->sc;
	const struct model *m = w->m;
	bool dpa = sc->dpa == PLAN_ON, ep = sc->ep == PLAN_ON && !dpa;
	if (!dpa && !ep)
		return true;
	if (!serving_moe(m) || (dpa && !m->kv_elems)) {
		plan_note(p, !serving_moe(m) ? msg_shape_ep_dense(m->name)
					     : msg_shape_dpa_no_mla(m->name));
		p->fits = false;
		return false;
	}
	s->dpa = dpa, s->ep = ep;
	search_cards(s, sc->cards);
	if (!s->any) {
		plan_note(p, msg_shape_kind_cards(dpa ? "--dp-attention" : "--ep", sc->cards));
		s->dpa = s->ep = false;
	}
	return true;
}

static void choose_layout(struct plan *p, const struct workload *w, double usable)
{
	struct search s = {.w = w, .usable = usable, .training = w->kind != TASK_INFERENCE};
	if (w->sc->tp || w->sc->pp) {
		forced_shape(p, w, &s);
		return;
	}
	if (w->sc->cards) {
		p->forced = true;
		if (!s.training && !forced_kind(p, w, &s))
			return;
		struct layout l = forced_layout(&s, w->sc->cards);
		fill_memory(p, w, &l);
		queue_the_rest(p, w);
		if (!p->fits)
			plan_note(p, msg_no_fit_forced(w->sc->cards));
		return;
	}
	if (unsplittable_floor(w) <= usable)
		for (int n = first_candidate(w, usable); n && n <= MAX_CARDS && !s.found; n++)
			search_cards(&s, n);
	if (s.found)
		fill_memory(p, w, &s.best);
	else
		describe_no_fit(p, w, usable);
}

/* Inference: the decode step's parallel efficiency at the users' batch
 * (SERVING.md: the per-layer latency and the all-reduces TP does not
 * divide; replicas cost none). */
static void set_efficiency(struct plan *p, const struct workload *w)
{
	if (w->kind != TASK_INFERENCE || !p->cards)
		return;
	double b = ceil((double)w->sc->concurrency / (p->lay.d > 0 ? p->lay.d : 1));
	plan_set_efficiency(p, throughput_parallel_efficiency(w, p->gpu, &p->lay, b));
}

/* fp8 weights without hardware FP8 (SERVING.md §7): W8A8 at an INT8 peak
 * (Ascend), else weight-only at 16 bits; an Ascend row without an INT8
 * peak has no fp8 serving path at all. */
static void add_fp8_note(struct plan *p, const struct workload *w)
{
	const struct gpu *g = p->gpu;
	bool serving = w->kind == TASK_INFERENCE;
	if (!w->prec->needs_fp8 || gpu_has_fp8(g))
		return;
	if (serving && g->int8_tflops > 0)
		plan_note(p, msg_fp8_as_int8(gpu_short_name(g)));
	else if (serving && g->link == LINK_HCCS)
		plan_note(p, msg_fp8_not_served(gpu_short_name(g)));
	else
		plan_note(p, msg_fp8_without_hardware(gpu_short_name(g)));
}

/* Serving: what more cards do for one decode step, not "spend that buys
 * no compute" (the cards often hold what one card cannot). */
static struct message efficiency_note(const struct plan *p, const struct workload *w)
{
	int cards = p->lay.t * p->lay.p;
	if (w->kind == TASK_INFERENCE)
		return msg_decode_scaling(cards, 100 * p->efficiency, cards);
	return msg_parallel_efficiency(100 * p->efficiency, 100 - 100 * p->efficiency);
}

/* TP across machines needs IB; serving's pipeline stages across machines
 * send KB to MB a step, which Ethernet carries (PERFORMANCE.md §2);
 * replicas each inside one machine (DPA groups of 8 too) send nothing
 * between them; a DPA group over machines needs IB for its all-to-alls. */
static void add_multi_node_note(struct plan *p, const struct workload *w)
{
	const struct offer *o = p->baremetal.offer;
	enum network_choice net = w->sc->network; /* --network: a what-if over the offer's */
	bool no_ib = net == NETWORK_ETHERNET || (net == NETWORK_OFFER && o && o->inter_node != NET_IB);
	const struct layout *l = &p->lay;
	bool serving = w->kind == TASK_INFERENCE;
	int replica = l->t * l->p;
	/* a DPA group inside one machine is a replica like any other; one over
	 * machines sends its dispatch and combine over the network (IB) */
	if (serving && replica <= CARDS_PER_MACHINE && CARDS_PER_MACHINE % replica == 0)
		plan_note(p, msg_multi_node_replicas(p->machines));
	else if (serving && !l->dpa && l->p > 1 && l->t <= CARDS_PER_MACHINE)
		plan_note(p, msg_multi_node_pipeline(p->machines));
	else
		plan_note(p, no_ib ? msg_multi_node_offer_without_ib(p->machines)
				   : msg_multi_node(p->machines));
}

static void add_notes(struct plan *p, const struct workload *w)
{
	const struct gpu *g = p->gpu;
	const struct layout *l = &p->lay;
	add_fp8_note(p, w);
	if (w->prec->needs_fp4 && !gpu_has_fp4(g))
		plan_note(p, msg_fp4_without_hardware(w->prec->name, gpu_short_name(g)));
	if (!native_format(g, w->sc))
		plan_note(p, native_message(g, w->sc));
	if (w->sc->kv_precision == KV_FP8 && !gpu_has_fp8(g))
		plan_note(p, msg_kv_fp8_without_hardware());
	if (l->t > 1 && l->p == 1 && g->link == LINK_PCIE) /* a TP×PP plan took PP already */
		plan_note(p, msg_tp_over_pcie(l->t));
	if (w->kind == TASK_INFERENCE && l->d > 1)
		plan_note(p, msg_replicas(l->d, l->t * l->p,
					  ceil((double)w->sc->concurrency / l->d)));
	int stage = stage_layers(w->m, l->p), n_r = layout_recomputed_layers(l, &p->lay_tr, stage);
	if (n_r > 0 && n_r < stage && w->kind != TASK_INFERENCE)
		plan_note(p, msg_partial_recompute(n_r, stage,
						   100 * 2.0 * n_r / stage /
							   (w->kind == TASK_FULL ? 6 : 4)));
	else if (l->recompute)
		plan_note(p, msg_full_recompute());
	if (p->machines > 1)
		add_multi_node_note(p, w);
	if (p->efficiency > 0 && p->efficiency < 1)
		plan_note(p, efficiency_note(p, w));
}

void plan_for_gpu(const struct workload *w, const struct catalog *c, const struct gpu *g,
		  struct plan *out)
{
	*out = (struct plan){.gpu = g, .capacity = g->memory_mib * MIB, .level = FIT_NONE};
	double usable = out->capacity / (1 + w->sc->headroom_pct / 100);
	choose_layout(out, w, usable);
	if (out->cards == 0) {
		snprintf(out->strategy, sizeof out->strategy, "does not fit");
		return;
	}
	strategy_label(out, w->kind != TASK_INFERENCE);
	plan_price(c, w->sc, out);
	set_efficiency(out, w);
	add_notes(out, w);
}

void plan_for_train_layout(const struct workload *w, const struct catalog *c,
			   const struct gpu *g, const struct layout *l,
			   const struct layout_train *x, struct plan *out)
{
	*out = (struct plan){.gpu = g, .capacity = g->memory_mib * MIB, .level = FIT_NONE};
	if (x)
		out->lay_tr = *x;
	fill_memory(out, w, l);
	strategy_label(out, w->kind != TASK_INFERENCE);
	plan_price(c, w->sc, out);
	set_efficiency(out, w);
	add_notes(out, w);
}

void plan_for_layout(const struct workload *w, const struct catalog *c, const struct gpu *g,
		     const struct layout *l, struct plan *out)
{
	plan_for_train_layout(w, c, g, l, NULL, out);
}

/* Whether note k of plans[i] already appeared, earlier in that plan or in
 * an earlier plan. */
static bool note_seen_before(const struct plan *plans, size_t i, int k)
{
	const struct message *m = &plans[i].notes[k];
	for (size_t j = 0; j < i; j++)
		if (plan_has_note(&plans[j], m))
			return true;
	for (int q = 0; q < k; q++)
		if (message_equal(&plans[i].notes[q], m))
			return true;
	return false;
}

const struct message *plan_notes_next(const struct plan *plans, size_t n, struct note_cursor *at)
{
	for (; at->plan < n; at->plan++, at->note = 0)
		while (at->note < plans[at->plan].nnotes) {
			int k = at->note++;
			if (!note_seen_before(plans, at->plan, k))
				return &plans[at->plan].notes[k];
		}
	return NULL;
}

bool plan_has_note(const struct plan *p, const struct message *m)
{
	for (int k = 0; k < p->nnotes; k++)
		if (message_equal(&p->notes[k], m))
			return true;
	return false;
}

int plan_instance_cards(int cards)
{
	int slot = 1;
	if (cards > CARDS_PER_MACHINE)
		return (cards + CARDS_PER_MACHINE - 1) / CARDS_PER_MACHINE * CARDS_PER_MACHINE;
	while (slot < cards)
		slot *= 2;
	return slot;
}

bool plan_unpriced(const struct plan *p)
{
	return !p->container.offer && !p->baremetal.offer;
}
