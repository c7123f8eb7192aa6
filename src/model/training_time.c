#include "training_time.h"

#include <math.h>
#include <stdio.h>

#include "i18n.h"

/* TRAINING.md §11: each constant with its source there. */
const struct train_constants train_defaults = {
	.eta_link = {[LINK_NVLINK] = 0.50, [LINK_HCCS] = 0.50, [LINK_PCIE] = 0.25},
	.eta_net = 0.80,
	.w0 = 384,
	.ref_width = 4096,
	.fp8_factor = 0.80,
	.qlora_slowdown = 1.4,
	.grad_bytes = 4,
	.param_bytes = 2,
	.goodput_ops = 0.95,
	.fail_per_gpu_h = 2.19e-5,
	.lost_h = 0.155,
	.ib_gbs = 200,
	.ethernet_gbs = 6.25,
	.none_gbs = 0.125,
	.unknown_gbs = 6.25,
	.pretrain_batch = 4194304, /* 4 Mi tokens (Llama 2) */
	.finetune_batch = 1048576, /* 1 Mi tokens */
	.cards_per_machine = 8,
	.max_cards = 100000,
};

const char *const train_rent_names[RENT_WAYS] = {
	[RENT_CONTAINER_HOURLY] = "container_hourly",
	[RENT_CONTAINER_MONTHLY] = "container_monthly",
	[RENT_BAREMETAL] = "baremetal",
};

#define SECONDS_PER_DAY 86400.0
#define BAND_PUBLISHED 25.0
#define BAND_ESTIMATE 50.0
#define GB 1e9
#define TFLOP 1e12
#define TRAIN_EP_MAX 256

const struct train_constants *train_constants_of(const struct train_constants *k)
{
	return k ? k : &train_defaults;
}

static int at_least_one(int v)
{
	return v > 1 ? v : 1;
}

double train_sequences(double global_batch, double seq_len)
{
	return seq_len > 0 ? floor(global_batch / seq_len) : 0;
}

int train_ep_largest(int experts, int d)
{
	int e = 1;
	while (experts > 0 && e < TRAIN_EP_MAX && experts % (2 * e) == 0 && d % (2 * e) == 0)
		e *= 2;
	return e;
}

static bool fraction_ok(double v)
{
	return v > 0 && v <= 1;
}

/* The shape's own rules (TRAINING.md §6): what divides what. */
static const char *shape_problem(const struct train_input *in)
{
	const struct train_shape *sh = &in->shape;
	int ep = at_least_one(sh->ep);
	if (sh->cards < 1 || sh->tp < 1 || sh->pp < 1 || sh->zero < 0 || sh->zero > 3)
		return _("at least one card, TP and PP of at least 1, ZeRO 0-3");
	if (sh->cards % (sh->tp * sh->pp) != 0)
		return _("a card count that TP x PP divides");
	int d = sh->cards / (sh->tp * sh->pp);
	if (ep > 1 && (in->model.experts % ep != 0 || d % ep != 0))
		return _("expert parallel that divides the experts and the data-parallel cards");
	if (!(sh->rc_share >= 0 && sh->rc_share <= 1))
		return _("a recompute share from 0 to 1");
	double seqs = train_sequences(in->job.global_batch, in->model.seq_len);
	if ((double)d * at_least_one(sh->b) > seqs)
		return _("no more data-parallel cards x micro-batch than sequences per step");
	return NULL;
}

static bool input_check(const struct train_input *in, char *err, size_t cap)
{
	const struct train_model *m = &in->model;
	const char *what = NULL;
	if (in->job.task == TASK_INFERENCE)
		what = _("a training task (full, lora, qlora)");
	else if (!(m->p_act > 0) || !(m->p_train > 0) || !(m->n_mm > 0))
		what = _("parameter counts above 0");
	else if (m->layers < 1 || m->hidden < 1 || !(m->seq_len >= 1) || !(m->gemm_w > 0) ||
		 !(m->attn_w > 0))
		what = _("a model shape (layers, widths, sequence) above 0");
	else if (!(in->job.tokens > 0) || !(in->job.global_batch >= m->seq_len))
		what = _("tokens to train and a global batch of at least one sequence");
	else if (!(in->gpu.bf16_tflops > 0) || !fraction_ok(in->gpu.mfu_train))
		what = _("a BF16 peak above 0 and 0 < mfu_train <= 1");
	else
		what = shape_problem(in);
	if (what)
		snprintf(err, cap, _("expected %s"), what);
	return what == NULL;
}

/* §2.1: Megatron's count, causal attention, no FLOPs for the lookup; each
 * unit of recomputation adds a forward (2). Frozen weights get no weight
 * gradient (LoRA: 4), attention is still back-propagated (6). */
static void flops_per_token(const struct train_input *in, struct train_result *r,
			    double *f_lin, double *f_att)
{
	const struct train_model *m = &in->model;
	double rc = in->shape.rc_share;
	r->k_lin = (in->job.task == TASK_FULL ? 6 : 4) + 2 * rc;
	r->k_att = 6 + 2 * rc;
	*f_lin = r->k_lin * m->n_mm;
	*f_att = r->k_att * m->layers * m->attn_w * m->seq_len;
	r->flops_per_token = *f_lin + *f_att;
}

/* §2.2: a wider GEMM reaches more of the peak; 1 at the reference width. */
double train_gemm_mfu(const struct train_constants *k, double mfu_train, double width)
{
	return mfu_train * (width / (width + k->w0)) / (k->ref_width / (k->ref_width + k->w0));
}

/* t_c: one micro-batch of b sequences on one of p stages, split t ways. */
static void compute_time(const struct train_input *in, const struct train_constants *k,
			 struct train_result *r)
{
	const struct train_shape *sh = &in->shape;
	double f_lin, f_att, q = in->job.task == TASK_QLORA ? k->qlora_slowdown : 1;
	flops_per_token(in, r, &f_lin, &f_att);
	r->mu = train_gemm_mfu(k, in->gpu.mfu_train, in->model.gemm_w);
	r->peak_tflops = in->gpu.bf16_tflops;
	if (in->job.fp8 && in->gpu.fp8_tflops > 0)
		r->peak_tflops = in->gpu.fp8_tflops * k->fp8_factor;
	else if (in->job.fp8)
		r->notes |= TRAIN_NOTE_NO_FP8;
	double tokens = (double)at_least_one(sh->b) * in->model.seq_len / (sh->tp * sh->pp);
	r->t_c = tokens * (q * f_lin / (r->peak_tflops * TFLOP * r->mu) +
			   f_att / (in->gpu.bf16_tflops * TFLOP * r->mu));
}

double train_compute_floor_s(const struct train_input *in, int cards, double rc_share)
{
	struct train_input one = *in;
	struct train_result r = {0};
	one.shape = (struct train_shape){.cards = 1, .tp = 1, .pp = 1, .b = 1, .rc_share = rc_share};
	compute_time(&one, train_constants_of(in->k), &r);
	return r.t_c * train_sequences(in->job.global_batch, in->model.seq_len) / cards;
}

/* §3: the all-reduce bus bandwidth inside a machine. */
double train_link_bw(const struct train_constants *k, const struct train_gpu *g)
{
	if (g->link_busbw_gbs > 0)
		return g->link_busbw_gbs;
	int link = g->link >= 0 && g->link < TRAIN_LINK_KINDS ? g->link : LINK_NVLINK;
	double eta = k->eta_link[link] > 0 ? k->eta_link[link] : k->eta_link[LINK_NVLINK];
	return g->link_gbs * eta;
}

/* §3: a machine's NICs, and what had to be assumed about them. */
double train_node_bw(const struct train_constants *k, const struct train_network *net,
		     unsigned *notes)
{
	double line = net->node_gbs;
	if (!(line > 0)) {
		*notes |= TRAIN_NOTE_NODE_ASSUMED;
		switch (net->kind) {
		case NET_IB:
			line = k->ib_gbs;
			break;
		case NET_NONE:
			*notes |= TRAIN_NOTE_NO_NETWORK;
			line = k->none_gbs;
			break;
		case NET_ETHERNET:
			line = k->ethernet_gbs;
			break;
		default:
			*notes |= TRAIN_NOTE_NET_UNKNOWN;
			line = k->unknown_gbs;
			break;
		}
	}
	return line * k->eta_net;
}

/* §4.1: 2 all-gathers and 2 reduce-scatters of b·s·h bf16 activations a
 * layer forward, as many backward, 4 more for a recomputed layer. */
static double tp_time(const struct train_input *in, double bw_link)
{
	const struct train_shape *sh = &in->shape;
	double t = sh->tp, act = 2.0 * at_least_one(sh->b) * in->model.seq_len * in->model.hidden;
	if (sh->tp == 1)
		return 0;
	return (double)in->model.layers / sh->pp * (8 + 4 * sh->rc_share) * (t - 1) / t * act /
	       (bw_link * GB);
}

/* §4.2: activations out and gradients back at each of v stage boundaries. */
static double p2p_time(const struct train_input *in, double bw_pp)
{
	const struct train_shape *sh = &in->shape;
	if (sh->pp == 1)
		return 0;
	double act = 2.0 * at_least_one(sh->b) * in->model.seq_len * in->model.hidden / sh->tp;
	return 2.0 * at_least_one(sh->v) * act / (bw_pp * GB);
}

/* §4.5: dispatch and combine, forward and backward, over e EP ranks, those
 * inside the machine on the link, the rest over the machine's NICs. */
static double ep_time(const struct train_input *in, const struct train_constants *k,
		      double bw_link, double bw_node)
{
	const struct train_shape *sh = &in->shape;
	const struct train_model *m = &in->model;
	double e = at_least_one(sh->ep), per_machine = k->cards_per_machine;
	if (e == 1 || m->moe_layers == 0)
		return 0;
	double g_e = fmin(e, per_machine / sh->tp), f_in = (g_e - 1) / (e - 1);
	double bytes = 2.0 * at_least_one(sh->b) * m->seq_len / sh->tp * m->experts_per_token *
		       m->hidden * (e - 1) / e;
	double per_byte = f_in / (bw_link * GB) +
			  (f_in < 1 ? (1 - f_in) / (bw_node / per_machine * GB) : 0);
	return (double)m->moe_layers / sh->pp * (4 + 2 * sh->rc_share) * bytes * per_byte;
}

double train_coll_s(double bytes, double d, double g, bool across, int per_machine,
		    double bw_link, double bw_node)
{
	if (d <= 1)
		return 0;
	double inside = g > 1 ? (g - 1) / g * bytes / (bw_link * GB) : 0;
	double n = d / g;
	if (!across || n <= 1)
		return inside;
	return inside + per_machine / g * (n - 1) / n * bytes / (bw_node * GB);
}

/* Where the data-parallel ranks sit (§3): g of them share a machine. */
struct dp_place {
	double d, g;
	bool across;
	int per_machine;
	double bw_link, bw_node;
};

static double coll(const struct dp_place *pl, double bytes, double d, double g)
{
	return train_coll_s(bytes, d, g, pl->across, pl->per_machine, pl->bw_link, pl->bw_node);
}

/* §4.5: the experts' gradients, once a step over the expert-data-parallel
 * group d/e, strided by e across machines. */
static double expert_dp_time(const struct train_input *in, const struct train_constants *k,
			     const struct dp_place *pl)
{
	const struct train_shape *sh = &in->shape;
	double e = at_least_one(sh->ep);
	if (in->job.task != TASK_FULL || !(in->model.p_exp > 0))
		return 0;
	double g_x = e <= pl->g ? floor(pl->g / e) : 1;
	double beta = sh->zero == 0 ? 2 * k->grad_bytes : k->grad_bytes + k->param_bytes;
	return coll(pl, beta * in->model.p_exp / (sh->tp * sh->pp * e), pl->d / e, g_x);
}

/* §4.4: bytes a ZeRO-3 micro-batch gathers and reduce-scatters per card
 * of one DP group: weights twice, gradients once; LoRA gathers the frozen
 * base twice and reduces no gradient. */
static double zero3_bytes(const struct train_input *in, const struct train_constants *k)
{
	double mp = in->shape.tp * in->shape.pp;
	if (in->job.task == TASK_FULL)
		return (2 * k->param_bytes + k->grad_bytes) * in->model.p_train / mp;
	return 2 * in->job.frozen_bytes * in->model.p_dense / mp;
}

/* §4.3–4.6: the data-parallel traffic of a step and what of it shows. */
static void dp_time(const struct train_input *in, const struct train_constants *k,
		    const struct dp_place *pl, struct train_result *r)
{
	const struct train_shape *sh = &in->shape;
	double p_g = in->model.p_train / (sh->tp * sh->pp);
	double window = r->t_mb * (1 + (sh->pp - 1.0) / at_least_one(sh->v));
	double experts = expert_dp_time(in, k, pl);
	if (sh->zero == 3) {
		double per_mb = coll(pl, zero3_bytes(in, k), pl->d, pl->g);
		r->dp_s = r->m * per_mb + experts;
		r->step.dp_exposed_s = r->m * fmax(0, per_mb - r->t_mb) + fmax(0, experts - window);
		return;
	}
	double beta = sh->zero == 0 ? 2 * k->grad_bytes : k->grad_bytes + k->param_bytes;
	r->dp_s = coll(pl, beta * p_g, pl->d, pl->g) + experts;
	r->step.dp_exposed_s = fmax(0, r->dp_s - window);
}

double train_goodput(const struct train_constants *k, int cards)
{
	return k->goodput_ops / (1 + cards * k->fail_per_gpu_h * k->lost_h);
}

/* The links a shape uses: inside a machine, the machine's NICs once it
 * spans machines, and the pipeline's sends (every stage boundary counted
 * as between machines then). */
static bool links_of(const struct train_input *in, const struct train_constants *k,
		     struct train_result *r, struct dp_place *pl, char *err, size_t cap)
{
	const struct train_shape *sh = &in->shape;
	int per_machine = k->cards_per_machine;
	*pl = (struct dp_place){.d = r->dp, .across = sh->cards > per_machine,
				.per_machine = per_machine};
	pl->g = fmin(pl->d, (double)per_machine / sh->tp);
	r->bw_link = train_link_bw(k, &in->gpu);
	if (sh->cards > 1 && !(r->bw_link > 0)) {
		snprintf(err, cap, _("expected the GPU's link_gbs above 0 for %d cards"), sh->cards);
		return false;
	}
	if (pl->across)
		r->bw_node = train_node_bw(k, &in->net, &r->notes);
	r->bw_pp = pl->across ? r->bw_node / per_machine : r->bw_link;
	pl->bw_link = r->bw_link;
	pl->bw_node = r->bw_node;
	return true;
}

/* §5: the step's parts, efficiency and days. */
static void step_assemble(const struct train_input *in, const struct train_constants *k,
			  struct train_result *r)
{
	const struct train_shape *sh = &in->shape;
	struct train_step *st = &r->step;
	double bubbles = (sh->pp - 1.0) / at_least_one(sh->v);
	st->compute_s = r->m * r->t_c;
	st->tp_s = r->m * r->t_tp;
	st->ep_s = r->m * r->t_ep;
	st->pp_send_s = r->m * r->t_p2p;
	st->pp_bubble_s = bubbles * r->t_mb;
	st->total_s = st->compute_s + st->tp_s + st->ep_s + st->pp_send_s + st->pp_bubble_s +
		      st->dp_exposed_s;
	r->bubble_share = bubbles / (r->m + bubbles);
	r->eff = st->compute_s / st->total_s;
	r->idle_share = 1 - r->eff;
	r->goodput = train_goodput(k, sh->cards);
	r->days = r->steps * st->total_s / r->goodput / SECONDS_PER_DAY;
	r->card_hours = r->days * 24 * sh->cards;
	r->flops = r->flops_per_token * in->job.tokens;
	r->band_pct = in->gpu.calibration == TRAIN_CAL_ESTIMATE ? BAND_ESTIMATE : BAND_PUBLISHED;
	if (sh->pp > 1 && sh->zero >= 2)
		r->notes |= TRAIN_NOTE_PP_ZERO;
}

bool training_time(const struct train_input *in, struct train_result *out, char *err, size_t cap)
{
	const struct train_constants *k = train_constants_of(in->k);
	const struct train_shape *sh = &in->shape;
	struct dp_place pl;
	*out = (struct train_result){0};
	if (!input_check(in, err, cap))
		return false;
	out->dp = sh->cards / (sh->tp * sh->pp);
	out->machines = (sh->cards + k->cards_per_machine - 1) / k->cards_per_machine;
	out->sequences = train_sequences(in->job.global_batch, in->model.seq_len);
	out->steps = in->job.tokens / (out->sequences * in->model.seq_len);
	out->m = out->sequences / ((double)out->dp * at_least_one(sh->b));
	if (!links_of(in, k, out, &pl, err, cap))
		return false;
	compute_time(in, k, out);
	out->t_tp = tp_time(in, out->bw_link);
	out->t_ep = ep_time(in, k, out->bw_link, out->bw_node);
	out->t_p2p = p2p_time(in, out->bw_pp);
	out->t_mb = out->t_c + out->t_tp + out->t_ep + out->t_p2p;
	dp_time(in, k, &pl, out);
	step_assemble(in, k, out);
	return true;
}

/* ---- Billing ---- */

void training_bill(const struct train_prices *p, int cards, double hours, int cards_per_machine,
		   struct train_bill *out)
{
	double months = fmax(1, ceil(hours / HOURS_PER_MONTH)), share = hours / HOURS_PER_MONTH;
	bool container = cards <= p->max_cards;
	int machines = (cards + cards_per_machine - 1) / cards_per_machine;
	*out = (struct train_bill){.cheapest = RENT_NONE, .hours = hours};
	out->offered[RENT_CONTAINER_HOURLY] = container && p->card_hourly >= 0;
	out->cost[RENT_CONTAINER_HOURLY] = cards * p->card_hourly * hours;
	out->prorated[RENT_CONTAINER_HOURLY] = out->cost[RENT_CONTAINER_HOURLY];
	out->cards[RENT_CONTAINER_HOURLY] = cards;
	out->offered[RENT_CONTAINER_MONTHLY] = container && p->card_monthly >= 0;
	out->cost[RENT_CONTAINER_MONTHLY] = cards * p->card_monthly * months;
	out->prorated[RENT_CONTAINER_MONTHLY] = cards * p->card_monthly * share;
	out->cards[RENT_CONTAINER_MONTHLY] = cards;
	out->offered[RENT_BAREMETAL] = p->machine_monthly >= 0;
	out->cost[RENT_BAREMETAL] = machines * p->machine_monthly * months;
	out->prorated[RENT_BAREMETAL] = machines * p->machine_monthly * share;
	out->cards[RENT_BAREMETAL] = machines * cards_per_machine;
	for (enum train_rent w = 0; w < RENT_WAYS; w++)
		if (out->offered[w] &&
		    (out->cheapest == RENT_NONE || out->cost[w] < out->cost[out->cheapest]))
			out->cheapest = w;
}

double train_bill_cheapest(const struct train_bill *b)
{
	return b->cheapest == RENT_NONE ? -1 : b->cost[b->cheapest];
}
