#include "training_shape.h"

#include <stdlib.h>

#define PP_MAX 128     /* §7.1: p ≤ min(L, 128) */
#define B_MAX 32       /* micro-batches 1, 2, 4, …, 32 */
#define EP_MAX 256
#define TIE 1e-9       /* a shape must be this much faster to beat an earlier one */

static const int tp_sizes[] = {1, 2, 4, 8};

void train_layout_of(const struct train_shape *sh, int n_r, struct layout *l,
		     struct layout_train *x)
{
	*l = (struct layout){.t = sh->tp, .p = sh->pp, .d = sh->cards / (sh->tp * sh->pp),
			     .zero = sh->zero, .recompute = n_r > 0};
	*x = (struct layout_train){.v = sh->v, .b = sh->b, .e = sh->ep,
				   .rc_layers = n_r > 0 ? n_r : 0};
}

static double need_at(const struct train_space *sp, const struct train_shape *sh, int n_r)
{
	struct layout l;
	struct layout_train x;
	struct mem_terms mem;
	train_layout_of(sh, n_r, &l, &x);
	workload_per_card_train(sp->w, &l, &x, &mem);
	return mem_sum(&mem);
}

/* need(n_r) falls from n_r = 1 on (each recomputed layer keeps its input
 * instead of its whole set), so the smallest count that fits is found by
 * bisection; n_r = 1 keeps more than none (the layer being recomputed). */
int train_recompute_layers(const struct train_space *sp, const struct train_shape *sh,
			   double *need)
{
	int stage = stage_layers(sp->w->m, sh->pp);
	if (sp->rc == RC_FULL) {
		*need = need_at(sp, sh, stage);
		return *need <= sp->usable ? stage : TRAIN_NR_NO_FIT;
	}
	*need = need_at(sp, sh, 0);
	if (*need <= sp->usable)
		return 0;
	if (sp->rc == RC_NONE)
		return TRAIN_NR_NO_FIT;
	*need = need_at(sp, sh, stage);
	if (*need > sp->usable)
		return TRAIN_NR_NO_FIT;
	int lo = 1, hi = stage; /* need(hi) fits and is in *need */
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		double n = need_at(sp, sh, mid);
		if (n <= sp->usable) {
			hi = mid;
			*need = n;
		} else {
			lo = mid + 1;
		}
	}
	return hi;
}

static bool push(struct train_candidates *c, const struct train_shape *sh)
{
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 256;
		struct train_candidate *v = realloc(c->v, cap * sizeof *v);
		if (!v)
			return false;
		c->v = v;
		c->cap = cap;
	}
	c->v[c->n++] = (struct train_candidate){.sh = *sh, .n_r = TRAIN_NR_UNKNOWN};
	return true;
}

/* §6: ZeRO stages a shape may use: none with one DP rank, 0–1 with PP
 * (DeepSpeed refuses ZeRO-2/3 with its pipeline), what the user fixed. */
static int zero_stages(const struct train_space *sp, int pp, int d, int *out)
{
	int n = 0;
	if (d == 1) {
		out[n++] = 0;
	} else if (sp->zero >= 0) {
		out[n++] = sp->zero;
	} else {
		for (int z = 0; z <= (pp > 1 ? 1 : 3); z++)
			out[n++] = z;
	}
	return n;
}

/* §4.2: v ∈ {1, 2, 4, 8, ⌊L/p⌋}, no more than ⌊L/p⌋ layers apart. */
static int virtual_stages(const struct train_space *sp, int pp, int *out)
{
	int most = sp->base.model.layers / pp, n = 0;
	out[n++] = 1;
	for (int v = 2; pp > 1 && v <= 8 && v <= most; v *= 2)
		out[n++] = v;
	if (pp > 1 && most > 8)
		out[n++] = most;
	return n;
}

/* §6: e | E, e | d, powers of two up to 256 (MoE only). */
static int expert_parallels(const struct train_space *sp, int d, int *out)
{
	int experts = sp->base.model.experts, n = 0;
	out[n++] = 1;
	for (int e = 2; experts > 0 && sp->base.model.moe_layers > 0 && e <= EP_MAX && e <= d;
	     e *= 2)
		if (experts % e == 0 && d % e == 0)
			out[n++] = e;
	return n;
}

/* §6: no more DP ranks × micro-batch than sequences in a step. */
static int micro_batches(const struct train_space *sp, int d, double seqs, int *out)
{
	int n = 0;
	if (sp->b > 0) {
		if ((double)d * sp->b <= seqs)
			out[n++] = sp->b;
		return n;
	}
	for (int b = 1; b <= B_MAX && (double)d * b <= seqs; b *= 2)
		out[n++] = b;
	return n;
}

static bool push_shapes(const struct train_space *sp, int cards, int t, int p,
			struct train_candidates *c)
{
	int d = cards / (t * p), zs[4], es[16], vs[8], bs[8];
	double seqs = train_sequences(sp->base.job.global_batch, sp->base.model.seq_len);
	int nz = zero_stages(sp, p, d, zs), ne = expert_parallels(sp, d, es);
	int nv = virtual_stages(sp, p, vs), nb = micro_batches(sp, d, seqs, bs);
	for (int iz = 0; iz < nz; iz++)
		for (int ie = 0; ie < ne; ie++)
			for (int iv = 0; iv < nv; iv++)
				for (int ib = 0; ib < nb; ib++) {
					struct train_shape sh = {.cards = cards, .tp = t, .pp = p,
								 .zero = zs[iz], .ep = es[ie],
								 .v = vs[iv], .b = bs[ib]};
					if (!push(c, &sh))
						return false;
				}
	return true;
}

static bool tp_ok(const struct train_space *sp, int t, int cards)
{
	int per_machine = train_constants_of(sp->base.k)->cards_per_machine;
	return (!sp->tp || sp->tp == t) && t <= per_machine && cards % t == 0 &&
	       (!sp->tp_mask || (sp->tp_mask & (1u << t)));
}

static long tie_key(const struct train_shape *sh)
{
	long k = (long)sh->tp * sh->pp;
	k = k * 4 + sh->zero;
	k = k * 512 + sh->ep;
	k = k * 256 + sh->v;
	k = k * 64 + sh->b;
	return k * 16 + sh->tp;
}

static int tie_cmp(const void *a, const void *b)
{
	long x = tie_key(&((const struct train_candidate *)a)->sh);
	long y = tie_key(&((const struct train_candidate *)b)->sh);
	return (x > y) - (x < y);
}

bool train_candidates_collect(const struct train_space *sp, int cards, struct train_candidates *c)
{
	int most_pp = sp->base.model.layers < PP_MAX ? sp->base.model.layers : PP_MAX;
	*c = (struct train_candidates){.cards = cards};
	for (size_t i = 0; i < sizeof tp_sizes / sizeof tp_sizes[0]; i++) {
		int t = tp_sizes[i];
		if (!tp_ok(sp, t, cards))
			continue;
		for (int p = 1; p <= most_pp && p <= cards / t; p++)
			if ((cards / t) % p == 0 && (!sp->pp || sp->pp == p) &&
			    !push_shapes(sp, cards, t, p, c))
				return false;
	}
	if (c->n > 1)
		qsort(c->v, c->n, sizeof *c->v, tie_cmp);
	return true;
}

void train_candidates_free(struct train_candidates *c)
{
	free(c->v);
	*c = (struct train_candidates){0};
}

static bool time_shape(const struct train_space *sp, const struct train_shape *sh, int n_r,
		       const struct train_network *net, struct train_result *r)
{
	struct train_input in = sp->base;
	char err[200];
	in.shape = *sh;
	in.shape.rc_share = n_r > 0 ? (double)n_r / stage_layers(sp->w->m, sh->pp) : 0;
	in.net = *net;
	return training_time(&in, r, err, sizeof err);
}

static void best_take(const struct train_space *sp, const struct train_candidate *c,
		      const struct train_result *r, bool fits, struct train_best *out)
{
	*out = (struct train_best){.sh = c->sh, .n_r = c->n_r, .r = *r, .fits = fits,
				   .need = c->need};
	out->sh.rc_share = c->n_r > 0 ? (double)c->n_r / stage_layers(sp->w->m, c->sh.pp) : 0;
	train_layout_of(&out->sh, c->n_r, &out->lay, &out->lay_tr);
}

/* Nothing fits: the shape needing least, at the most recompute allowed. */
static bool least_memory(const struct train_space *sp, const struct train_candidates *c,
			 const struct train_network *net, struct train_best *out)
{
	const struct train_candidate *least = NULL;
	struct train_result r;
	for (size_t i = 0; i < c->n; i++)
		if (!least || c->v[i].need < least->need)
			least = &c->v[i];
	if (!least)
		return false;
	struct train_candidate at = *least;
	at.n_r = sp->rc == RC_NONE ? 0 : stage_layers(sp->w->m, at.sh.pp);
	if (!time_shape(sp, &at.sh, at.n_r, net, &r))
		return false;
	best_take(sp, &at, &r, false, out);
	return true;
}

bool train_candidates_best(const struct train_space *sp, struct train_candidates *c,
			   const struct train_network *net, struct train_best *out)
{
	double floor_s = train_compute_floor_s(&sp->base, c->cards, sp->rc == RC_FULL ? 1 : 0);
	bool found = false;
	for (size_t i = 0; i < c->n; i++) {
		struct train_candidate *cand = &c->v[i];
		struct train_result r;
		if (found && out->r.step.total_s <= floor_s * (1 + TIE))
			break; /* the shapes left come later in the tie order: none can win */
		if (cand->n_r == TRAIN_NR_UNKNOWN)
			cand->n_r = train_recompute_layers(sp, &cand->sh, &cand->need);
		if (cand->n_r == TRAIN_NR_NO_FIT || !time_shape(sp, &cand->sh, cand->n_r, net, &r))
			continue;
		if (!found || r.step.total_s < out->r.step.total_s * (1 - TIE)) {
			best_take(sp, cand, &r, true, out);
			found = true;
		}
	}
	if (found || !sp->time_anyway)
		return found;
	for (size_t i = 0; i < c->n; i++) /* every need is known once nothing fits */
		if (c->v[i].n_r == TRAIN_NR_UNKNOWN)
			c->v[i].n_r = train_recompute_layers(sp, &c->v[i].sh, &c->v[i].need);
	return least_memory(sp, c, net, out);
}

bool training_days_best_shape(const struct train_space *sp, int cards,
			      const struct train_network *net, struct train_best *out)
{
	struct train_candidates c;
	bool ok = train_candidates_collect(sp, cards, &c) && train_candidates_best(sp, &c, net, out);
	train_candidates_free(&c);
	return ok;
}
