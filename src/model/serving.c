#include "serving.h"

#include <math.h>
#include <stddef.h>

const char *const bound_names[] = {
	[BOUND_MEMORY] = "memory",       [BOUND_COMPUTE] = "compute",
	[BOUND_KV_CACHE] = "kv_cache",   [BOUND_ATTENTION] = "attention",
	[BOUND_OVERHEAD] = "overhead",   [BOUND_INTERCONNECT] = "interconnect",
	[BOUND_COUNT] = NULL};

const char *const serving_binding_names[] = {
	[BIND_NONE] = NULL, [BIND_TTFT] = "ttft", [BIND_TPOT] = "tpot",
	[BIND_CAPACITY] = "capacity", [BIND_MEMORY] = "memory"};

#define HALVINGS 80      /* §4: bisections of the decode batch */
#define RATE_HALVINGS 60 /* §5: bisections of the request rate */
#define N_D_MIN 1e-6     /* the bisections start here */
#define RHO_MAX (1 - 1e-6)
#define SLACK 1e-12      /* rounding allowed in a constraint */

static double maxd(double a, double b)
{
	return a > b ? a : b;
}

static double mind(double a, double b)
{
	return a < b ? a : b;
}

/* Prefill budget of a step with n_d decoding: a chunk of a long prompt,
 * or as many whole short prompts as fit (§4). */
static double prefill_capacity(const struct serving_load *ld, double n_d)
{
	double b = maxd(1, ld->chunk - n_d);
	return ld->isl >= b ? b : maxd(1, floor(b / ld->isl)) * ld->isl;
}

/* The two steps of the last state a solve computed: below one decoding
 * sequence (n_b = 1) and within one prompt (c = ISL) they do not change
 * with n_d, so a solve at low load costs two steps, not two per try. */
struct steps_seen {
	bool valid;
	double n_b, c, t0, t1;
	struct step_terms dec, pre;
};

static void steps_of(const struct step_model *s, struct serving_state *st, struct steps_seen *seen)
{
	if (seen && seen->valid && seen->n_b == st->n_b && seen->c == st->c) {
		st->t0 = seen->t0, st->t1 = seen->t1, st->dec = seen->dec, st->pre = seen->pre;
		return;
	}
	st->t0 = step_round(s, st->n_b, 0, &st->dec);
	st->t1 = step_round(s, st->n_b, st->c, &st->pre);
	if (seen)
		*seen = (struct steps_seen){.valid = true, .n_b = st->n_b, .c = st->c, .t0 = st->t0,
					    .t1 = st->t1, .dec = st->dec, .pre = st->pre};
}

static void state_at(const struct step_model *s, const struct serving_load *ld, double n_d,
		     double phi, struct serving_state *st, struct steps_seen *seen);

void serving_state_at(const struct step_model *s, const struct serving_load *ld, double n_d,
		      double phi, struct serving_state *st)
{
	state_at(s, ld, n_d, phi, st, NULL);
}

static void state_at(const struct step_model *s, const struct serving_load *ld, double n_d,
		     double phi, struct serving_state *st, struct steps_seen *seen)
{
	double osl1 = ld->osl - 1, isl = ld->isl;
	*st = (struct serving_state){.n_d = n_d, .phi = phi};
	st->n_p = n_d * isl / osl1;
	st->c_max = prefill_capacity(ld, n_d);
	st->c = mind(st->c_max, maxd(isl, st->n_p));
	st->f = mind(1, st->n_p / st->c);
	st->n_b = maxd(1, n_d);
	steps_of(s, st, seen);
	st->t_mean = (1 - st->f) * st->t0 + st->f * st->t1;
	st->itl = (1 - phi * st->f) * st->t0 + phi * st->f * st->t1;
	st->lambda = n_d / (osl1 * st->itl);
	st->rho = mind(RHO_MAX, st->f * (st->t1 / st->t_mean) * (st->c / st->c_max));
	st->s1 = isl / st->c * st->t1;
	st->n_mb = step_micro_batches(s, st->n_b);
	st->s_own = ceil(isl * st->n_mb / st->c - 1e-9) * st->t1;
	st->w_q = phi * st->rho * st->s1 / (2 * (1 - st->rho));
	st->ttft = phi * st->itl / 2 + st->s_own + st->w_q;
	/* a user's gaps: the share φf of them carry someone's prefill */
	st->itl_p50 = phi * st->f < 0.5 ? st->t0 : st->t1;
	st->itl_p99 = phi * st->f > 0.01 ? st->t1 : st->t0;
}

/* The constraints of §4's solve as one slack: each one's excess over its
 * limit, the largest of them (b < 0: the users' one is dropped). The
 * feasible decode batches are those with a slack at most 0, and the slack
 * rises with n_d. */
static double closed_slack(const struct serving_state *st, const struct serving_load *ld, double b)
{
	double held = st->n_d + st->lambda * (st->s_own + st->phi * st->itl / 2);
	double e = maxd(st->n_p / st->c_max - 1, held / ld->b_max - 1);
	return b < 0 ? e : maxd(e, (st->n_d + st->lambda * st->ttft) / b - 1);
}

/* A root's bracket for regula falsi with the Illinois step (§4 halves;
 * this gets there in far fewer steps, each bracketing the root as a
 * halving does): the ends, the function there, the side last moved. */
struct bracket {
	double lo, hi, f_lo, f_hi;
	int side;
};

static bool bracket_open(const struct bracket *b)
{
	return b->hi - b->lo > 1e-11 * b->hi;
}

/* The secant's root, or the middle where it falls outside. */
static double bracket_next(const struct bracket *b)
{
	double x = b->hi - b->f_hi * (b->hi - b->lo) / (b->f_hi - b->f_lo);
	return x > b->lo && x < b->hi ? x : (b->lo + b->hi) / 2;
}

/* x becomes the low end (low) or the high one; the end kept twice in a
 * row has its value halved (Illinois). */
static void bracket_take(struct bracket *b, double x, double f, bool low)
{
	if (low) {
		b->lo = x, b->f_lo = f;
		if (b->side == -1)
			b->f_hi /= 2;
		b->side = -1;
	} else {
		b->hi = x, b->f_hi = f;
		if (b->side == 1)
			b->f_lo /= 2;
		b->side = 1;
	}
}

/* The largest feasible n_d up to upper: the upper end when it is
 * feasible, else the root of the slack between N_D_MIN and upper. */
static void closed_solve(const struct step_model *s, const struct serving_load *ld, double phi,
			 double upper, double b, struct serving_state *st)
{
	struct steps_seen seen = {0};
	state_at(s, ld, upper, phi, st, &seen);
	double f_hi = closed_slack(st, ld, b);
	if (f_hi <= SLACK)
		return;
	double lo = mind(N_D_MIN, upper);
	state_at(s, ld, lo, phi, st, &seen);
	struct bracket br = {.lo = lo, .hi = upper, .f_lo = closed_slack(st, ld, b), .f_hi = f_hi};
	for (int i = 0; i < HALVINGS && bracket_open(&br) && br.f_lo < 0; i++) {
		double x = bracket_next(&br);
		state_at(s, ld, x, phi, st, &seen);
		double f = closed_slack(st, ld, b);
		bracket_take(&br, x, f, f <= 0);
	}
	state_at(s, ld, br.lo, phi, st, &seen);
}

static double decode_upper(const struct serving_load *ld)
{
	double osl1 = ld->osl - 1;
	return ld->chunk * osl1 / (osl1 + ld->isl);
}

static void finish(struct serving_state *st, const struct serving_load *ld, double b)
{
	st->e2e = st->ttft + (ld->osl - 1) * st->itl;
	st->x_out = b * ld->osl / st->e2e;
}

/* OSL = 1 (§4): prompts only, several to a step when they are short. */
static void prefill_only(const struct step_model *s, const struct serving_load *ld, double b,
			 struct serving_state *st)
{
	double isl = ld->isl, C = ld->chunk;
	*st = (struct serving_state){.f = 1, .n_b = 0, .n_mb = 1};
	st->c = st->c_max = mind(C, isl);
	st->t1 = step_round(s, 0, st->c, &st->pre);
	st->t_mean = st->t1;
	st->s_own = ceil(isl / st->c - 1e-9) * st->t1;
	double m = maxd(1, floor(C / isl));
	double lambda_pf = isl < C ? m / step_round(s, 0, m * isl, NULL) : 1 / st->s_own;
	st->s1 = 1 / lambda_pf;
	st->lambda = lambda_pf;
	st->ttft = maxd(st->s_own, b / lambda_pf);
	st->e2e = st->ttft;
	st->x_out = b / st->ttft;
}

void serving_closed(const struct step_model *s, const struct serving_load *ld,
		    struct serving_state *st)
{
	double b = ld->b, b_e = mind(b, ld->b_max);
	if (ld->osl <= 1) {
		prefill_only(s, ld, b, st);
		return;
	}
	double phi = (b_e - 1) / b_e;
	closed_solve(s, ld, phi, mind(mind(b, ld->b_max), decode_upper(ld)), b, st);
	st->ttft = maxd(st->ttft, (b - st->n_d) / st->lambda); /* users wait for a slot */
	finish(st, ld, b);
}

void serving_max(const struct step_model *s, const struct serving_load *ld,
		 struct serving_state *st)
{
	double b = ld->b_max;
	if (ld->osl <= 1) {
		prefill_only(s, ld, b, st);
		return;
	}
	double phi = (b - 1) / b;
	closed_solve(s, ld, phi, mind(b, decode_upper(ld)), -1, st);
	st->ttft = (b - st->n_d) / st->lambda; /* an unlimited backlog waits its turn */
	finish(st, ld, b);
}

/* ---- §5: the open loop ---- */

/* The largest n_d whose prefill the steps can carry. */
static double open_n_max(const struct serving_load *ld)
{
	double upper = decode_upper(ld), lo = mind(N_D_MIN, upper), hi = upper;
	double osl1 = ld->osl - 1;
	if (upper * ld->isl / osl1 <= prefill_capacity(ld, upper) * (1 + SLACK))
		return upper;
	for (int i = 0; i < HALVINGS && hi - lo > 1e-12 * hi; i++) {
		double mid = (lo + hi) / 2;
		if (mid * ld->isl / osl1 <= prefill_capacity(ld, mid) * (1 + SLACK))
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

double serving_normal_quantile(double p)
{
	double lo = 0, hi = 10;
	if (p <= 0.5)
		return 0;
	for (int i = 0; i < 60; i++) {
		double mid = (lo + hi) / 2;
		if (0.5 * erfc(-mid / sqrt(2)) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* The M/D/1 tail: P(W > 0) = ρ, exponential with mean W̄/ρ (§5). */
static double wait_quantile(double rho, double s1, double p)
{
	return rho > 1 - p ? s1 / (2 * (1 - rho)) * log(rho / (1 - p)) : 0;
}

static void open_figures(const struct serving_load *ld, double p, struct serving_open *o)
{
	const struct serving_state *st = &o->st;
	double osl1 = ld->osl - 1;
	o->ttft_mean = st->itl / 2 + st->s_own + st->w_q;
	o->ttft_p = st->s_own + st->t1 + wait_quantile(st->rho, st->s1, p);
	o->tpot_mean = st->itl;
	o->tpot_p = st->itl + serving_normal_quantile(p) *
				      sqrt(st->f * (1 - st->f) / osl1) * (st->t1 - st->t0);
	o->in_flight = o->lambda * (o->ttft_mean + osl1 * st->itl);
}

/* OSL = 1: one M/D/1 server of prompts. */
static void open_prefill_only(const struct step_model *s, const struct serving_load *ld,
			      double lambda, double p, struct serving_open *o)
{
	struct serving_state *st = &o->st;
	prefill_only(s, ld, 1, st);
	st->lambda = lambda;
	st->rho = mind(RHO_MAX, lambda * st->s1);
	st->w_q = st->rho * st->s1 / (2 * (1 - st->rho));
	o->stable = lambda * st->s1 < 1;
	o->ttft_mean = st->s_own + st->w_q;
	o->ttft_p = st->s_own + wait_quantile(st->rho, st->s1, p);
	st->ttft = o->ttft_mean;
	st->e2e = st->ttft;
	st->x_out = lambda;
	o->in_flight = lambda * o->ttft_mean;
}

/* The decode batch whose λ(n_d) is lambda, on (0, top]: λ rises with n_d. */
static void open_solve(const struct step_model *s, const struct serving_load *ld, double lambda,
		       double top, struct serving_state *st)
{
	struct bracket br = {.lo = 0, .hi = top, .f_lo = -1, .f_hi = st->lambda / lambda - 1};
	struct steps_seen seen = {0};
	for (int i = 0; i < HALVINGS && bracket_open(&br) && br.f_hi > 0; i++) {
		double x = bracket_next(&br);
		state_at(s, ld, x, 1, st, &seen);
		double f = st->lambda / lambda - 1;
		bracket_take(&br, x, f, f < 0);
	}
	state_at(s, ld, br.hi, 1, st, &seen);
}

void serving_open_at(const struct step_model *s, const struct serving_load *ld, double lambda,
		     double percentile, struct serving_open *o)
{
	*o = (struct serving_open){.lambda = lambda, .percentile = percentile};
	if (ld->osl <= 1) {
		open_prefill_only(s, ld, lambda, percentile, o);
		return;
	}
	struct serving_state *st = &o->st;
	double n_max = open_n_max(ld), top = mind(n_max, ld->b_max);
	serving_state_at(s, ld, top, 1, st);
	bool keeps_up = lambda <= st->lambda * (1 + SLACK);
	if (keeps_up)
		open_solve(s, ld, lambda, top, st);
	o->stable = keeps_up && st->n_d + lambda * st->s_own <= ld->b_max * (1 + SLACK);
	o->lambda = lambda;
	open_figures(ld, percentile, o);
	st->ttft = o->ttft_mean;
	st->e2e = st->ttft + (ld->osl - 1) * st->itl;
	st->x_out = lambda * ld->osl;
}

static bool meets(const struct serving_open *o, double slo_ttft, double slo_tpot)
{
	return o->stable && (slo_ttft <= 0 || o->ttft_p <= slo_ttft) &&
	       (slo_tpot <= 0 || o->tpot_p <= slo_tpot);
}

/* Which target an unstable or too slow open loop misses. */
static enum serving_binding missed(const struct serving_open *o, const struct serving_load *ld,
				   double slo_ttft, double slo_tpot, double lambda_cap)
{
	if (!o->stable)
		return o->lambda <= lambda_cap * (1 + SLACK) && ld->b_max < open_n_max(ld)
			       ? BIND_MEMORY
			       : BIND_CAPACITY;
	if (slo_tpot > 0 && o->tpot_p > slo_tpot)
		return BIND_TPOT;
	return slo_ttft > 0 && o->ttft_p > slo_ttft ? BIND_TTFT : BIND_NONE;
}

double serving_max_rate(const struct step_model *s, const struct serving_load *ld,
			double percentile, double slo_ttft, double slo_tpot,
			enum serving_binding *why)
{
	struct serving_open o;
	struct serving_state top;
	double n_max = open_n_max(ld);
	if (ld->osl <= 1) {
		prefill_only(s, ld, 1, &top);
		top.lambda = 1 / top.s1;
	} else {
		serving_state_at(s, ld, mind(n_max, ld->b_max), 1, &top);
	}
	double lo = 0, hi = top.lambda;
	serving_open_at(s, ld, hi * (1 - 1e-9), percentile, &o);
	if (meets(&o, slo_ttft, slo_tpot)) {
		*why = ld->b_max < n_max ? BIND_MEMORY : BIND_CAPACITY;
		return hi * (1 - 1e-9);
	}
	for (int i = 0; i < RATE_HALVINGS && hi - lo > 1e-9 * hi; i++) {
		double mid = (lo + hi) / 2;
		serving_open_at(s, ld, mid, percentile, &o);
		if (meets(&o, slo_ttft, slo_tpot))
			lo = mid;
		else
			hi = mid;
	}
	serving_open_at(s, ld, hi, percentile, &o);
	*why = missed(&o, ld, slo_ttft, slo_tpot, top.lambda);
	return lo;
}

enum bound serving_bound(const struct serving_state *st)
{
	double f = st->f;
	const struct step_terms *d = &st->dec, *p = &st->pre;
	double part[BOUND_COUNT] = {
		[BOUND_MEMORY] = (1 - f) * d->weights + f * p->weights,
		[BOUND_COMPUTE] = (1 - f) * d->matmul_compute + f * p->matmul_compute,
		[BOUND_KV_CACHE] = (1 - f) * d->kv + f * p->kv,
		[BOUND_ATTENTION] = (1 - f) * d->attention_compute + f * p->attention_compute,
		[BOUND_OVERHEAD] = (1 - f) * d->fixed + f * p->fixed,
		[BOUND_INTERCONNECT] = (1 - f) * (d->comm + d->send) + f * (p->comm + p->send),
	};
	enum bound best = BOUND_MEMORY;
	for (enum bound b = 0; b < BOUND_COUNT; b++)
		if (part[b] > part[best])
			best = b;
	return best;
}
