/* The inference time lines (PERFORMANCE.md §2), written once for the
 * table report, the quote and the screen: how fast a plan serves, what a
 * million tokens cost, the efficiencies the figures rest on, the shapes
 * worth knowing and why. Each line fills its figures through the unit
 * printers, then lays them out for the surface. */
#include "report_time.h"

#include <stdio.h>
#include <string.h>

#include "cheaper.h"
#include "i18n.h"
#include "message.h"
#include "plan_text.h"
#include "report_quote_md.h"
#include "tables.h"

void time_band_line(char *buf, size_t cap, double band_pct, bool estimate, const struct style *st)
{
	if (st->surface != SURFACE_SCREEN) {
		if (band_pct <= 0)
			snprintf(buf, cap, "%s", _("measured"));
		else
			snprintf(buf, cap, _("estimate ±%.0f %%"), band_pct);
	} else if (band_pct <= 0) {
		snprintf(buf, cap, "%s", _("from --measured"));
	} else if (estimate) {
		snprintf(buf, cap, _("±%.0f%% estimate"), band_pct);
	} else {
		snprintf(buf, cap, "±%.0f%%", band_pct);
	}
}

/* SERVING.md §10: a band wider below than above (910B) says both sides. */
static void speed_band_line(char *buf, size_t cap, const struct throughput *t, bool estimate,
			    const struct style *st)
{
	double lo = t->band_low_pct, hi = t->band_high_pct;
	if (lo == hi)
		time_band_line(buf, cap, lo, estimate, st);
	else if (st->surface != SURFACE_SCREEN)
		snprintf(buf, cap, _("estimate −%.0f %% / +%.0f %%"), lo, hi);
	else
		snprintf(buf, cap, _("−%.0f%%/+%.0f%% estimate"), lo, hi);
}

const char *time_currency(const struct plan *p, const struct throughput *t)
{
	return t->currency && t->currency[0] ? t->currency : plan_currency(p);
}

static const struct throughput *time_of(const struct plan *p, bool at_max)
{
	return at_max ? &p->throughput_at_max : &p->throughput;
}

/* A speed's figures, each through its unit's printer: the total is the
 * users times what each gets over a whole request (delivered); a user
 * streams at 1/ITL once the answer starts (SERVING.md §4). */
struct speed_fields {
	char total[32], user[32], each[32], ttft[32], tpot[32], p50[32], p99[32], users[32],
		cost[48], band[48];
};

static void speed_fields(struct speed_fields *f, const struct plan *p, const struct throughput *t,
			 const struct style *st)
{
	unit_rate(f->total, sizeof f->total, t->output_tokens_per_s);
	unit_rate(f->user, sizeof f->user, t->user_tokens_per_s);
	unit_rate(f->each, sizeof f->each, t->delivered_tokens_per_s);
	unit_seconds(f->ttft, sizeof f->ttft, t->ttft_s);
	unit_seconds(f->tpot, sizeof f->tpot, t->tpot_s);
	unit_seconds(f->p50, sizeof f->p50, t->itl_p50_s);
	unit_seconds(f->p99, sizeof f->p99, t->itl_p99_s);
	unit_count(f->users, sizeof f->users, (double)t->concurrency);
	unit_money(f->cost, sizeof f->cost, plan_per_million(p, t), time_currency(p, t), st->money);
	speed_band_line(f->band, sizeof f->band, t, plan_time_estimate(p), st);
	if (t->tpot_s <= 0) /* one token a request (--output-len 1): no gaps, no streaming */
		for (char *none[] = {f->tpot, f->p50, f->p99, f->user}, **n = none; n < none + 4; n++)
			snprintf(*n, sizeof f->tpot, "—");
}

/* --rate's figures at the percentile (SERVING.md §5). */
struct rate_fields {
	char rate[32], in_flight[32], pct[16], ttft_mean[32], ttft_p[32], tpot_mean[32],
		tpot_p[32];
};

static void rate_fields(struct rate_fields *f, const struct open_loop *o)
{
	snprintf(f->rate, sizeof f->rate, "%.4g", o->rate);
	unit_count(f->in_flight, sizeof f->in_flight, o->in_flight);
	snprintf(f->pct, sizeof f->pct, "p%.4g", o->percentile);
	unit_seconds(f->ttft_mean, sizeof f->ttft_mean, o->ttft_mean_s);
	unit_seconds(f->ttft_p, sizeof f->ttft_p, o->ttft_p_s);
	unit_seconds(f->tpot_mean, sizeof f->tpot_mean, o->tpot_mean_s);
	unit_seconds(f->tpot_p, sizeof f->tpot_p, o->tpot_p_s);
}

/* "  speed: 2,000 tok/s at 10 requests/s, 46 in flight (estimate ±30 %):
 * TTFT 85.9 ms mean, 240 ms p99; TPOT 22.2 ms mean, 27.1 ms p99; ITL p50
 * 17.4 ms, p99 155 ms; interconnect-bound". */
static void rate_report(char *buf, size_t cap, const struct throughput *t,
			const struct speed_fields *f)
{
	struct rate_fields r;
	rate_fields(&r, &t->open);
	if (!t->open.stable) {
		snprintf(buf, cap, _("  speed: %s tok/s at most of %s requests/s asked (%s): it does "
				     "not keep up, the queue grows without end; ITL %s, %s\n"),
			 f->total, r.rate, f->band, f->tpot, bound_text(t->bound));
		return;
	}
	snprintf(buf, cap, _("  speed: %s tok/s at %s requests/s, %s in flight (%s): TTFT %s mean, "
			     "%s %s; TPOT %s mean, %s %s; ITL p50 %s, p99 %s; %s tok/s per user "
			     "while streaming, %s\n"),
		 f->total, r.rate, r.in_flight, f->band, r.ttft_mean, r.ttft_p, r.pct, r.tpot_mean,
		 r.tpot_p, r.pct, f->p50, f->p99, f->user, bound_text(t->bound));
}

/* "  speed: 793 tok/s = 50 users × 15.9 tok/s (estimate ±30 %): TTFT 753 ms,
 * ITL 61.7 ms (p50 26.0 ms, p99 398 ms), 16.2 tok/s per user while
 * streaming, compute-bound". */
static void speed_report(char *buf, size_t cap, const struct plan *p, bool at_max,
			 const struct style *st)
{
	const struct throughput *t = time_of(p, at_max);
	struct speed_fields f;
	speed_fields(&f, p, t, st);
	if (!at_max && t->open.valid) {
		rate_report(buf, cap, t, &f);
		return;
	}
	snprintf(buf, cap,
		 P_("  %s: %s tok/s = %s user × %s tok/s (%s): TTFT %s, ITL %s (p50 %s, p99 %s), %s "
		    "tok/s per user while streaming, %s\n",
		    "  %s: %s tok/s = %s users × %s tok/s (%s): TTFT %s, ITL %s (p50 %s, p99 %s), %s "
		    "tok/s per user while streaming, %s\n",
		    (unsigned long)t->concurrency),
		 at_max ? _("at B_max") : _("speed"), f.total, f.users, f.each, f.band, f.ttft, f.tpot,
		 f.p50, f.p99, f.user, bound_text(t->bound));
}

/* "speed: TTFT 753 ms · ITL 61.7 ms (p99 398 ms) · 16.2 tok/s streaming ·
 * 50 × 15.9 = 793 tok/s · compute-bound · ±30%"; with --rate the
 * percentiles lead; at B_max its sequences and cost. */
static void speed_screen(char *buf, size_t cap, const struct plan *p, bool at_max,
			 const struct style *st)
{
	const struct throughput *t = time_of(p, at_max);
	struct speed_fields f;
	struct rate_fields r;
	char speed[320], most[32];
	speed_fields(&f, p, t, st);
	if (!at_max && t->open.valid) {
		rate_fields(&r, &t->open);
		snprintf(speed, sizeof speed, t->open.stable
				? _("%s req/s · TTFT %s %s · TPOT %s %s · ITL p99 %s · %s tok/s · %s")
				: _("%s req/s: does not keep up · TTFT %s %s · TPOT %s %s · ITL p99 %s · "
				    "%s tok/s · %s"),
			 r.rate, r.ttft_p, r.pct, r.tpot_p, r.pct, f.p99, f.total, bound_text(t->bound));
	} else {
		snprintf(speed, sizeof speed, _("TTFT %s · ITL %s (p99 %s) · %s tok/s streaming · %s × "
						"%s = %s tok/s · %s"),
			 f.ttft, f.tpot, f.p99, f.user, f.users, f.each, f.total, bound_text(t->bound));
	}
	unit_count(most, sizeof most, (double)t->max_concurrency);
	if (at_max)
		snprintf(buf, cap, _("at most %s sequences (B_max): %s · %s per million output"), most,
			 speed, f.cost);
	else
		snprintf(buf, cap, _("speed: %s · %s"), speed, f.band);
}

/* "250 = 1 × 250 | 250 | 14.7 ms | 14,610 at 507 | ¥14.2 | ¥0.24 | estimate ±30 %",
 * each cell literal Markdown (md_escape); with --rate the TTFT is the
 * percentile's ("240 ms p99"). */
static void speed_quote(char *buf, size_t cap, const struct plan *p, const struct style *st)
{
	const struct throughput *t = &p->throughput, *m = &p->throughput_at_max;
	struct speed_fields f, fm;
	struct rate_fields r;
	char at_max[64] = "—", most[32], ttft[48], total[96];
	speed_fields(&f, p, t, st);
	snprintf(total, sizeof total, _("%s = %s × %s"), f.total, f.users, f.each);
	snprintf(ttft, sizeof ttft, "%s", f.ttft);
	if (t->open.valid) {
		rate_fields(&r, &t->open);
		snprintf(ttft, sizeof ttft, "%s %s", r.ttft_p, r.pct);
	}
	if (m->valid) {
		speed_fields(&fm, p, m, st);
		unit_count(most, sizeof most, (double)m->max_concurrency);
		snprintf(at_max, sizeof at_max, _("%s at %s"), fm.total, most);
	} else {
		snprintf(fm.cost, sizeof fm.cost, "—");
	}
	snprintf(buf, cap, "%s | %s | %s | %s | %s | %s | %s", MD(total), MD(f.user), MD(ttft),
		 MD(at_max), MD(f.cost), MD(fm.cost), MD(f.band));
}

void time_speed_line(char *buf, size_t cap, const struct plan *p, bool at_max,
		     const struct style *st)
{
	if (st->surface == SURFACE_REPORT)
		speed_report(buf, cap, p, at_max, st);
	else if (st->surface == SURFACE_SCREEN)
		speed_screen(buf, cap, p, at_max, st);
	else
		speed_quote(buf, cap, p, st);
}

/* The four costs per million tokens, output and in+out, each way in its
 * own offer's currency: the two ways may be quoted in two. */
struct cost_fields {
	char out_c[48], out_b[48], tot_c[48], tot_b[48];
};

static void cost_fields(struct cost_fields *f, const struct plan *p, const struct throughput *t,
			const struct style *st)
{
	const char *ct = rent_currency(p, &p->container), *bm = rent_currency(p, &p->baremetal);
	unit_money(f->out_c, sizeof f->out_c, t->per_million_output.container, ct, st->money);
	unit_money(f->out_b, sizeof f->out_b, t->per_million_output.baremetal, bm, st->money);
	unit_money(f->tot_c, sizeof f->tot_c, t->per_million_total.container, ct, st->money);
	unit_money(f->tot_b, sizeof f->tot_b, t->per_million_total.baremetal, bm, st->money);
}

void time_cost_line(char *buf, size_t cap, const struct plan *p, bool at_max,
		    const struct style *st)
{
	struct cost_fields f;
	char out[128], total[128];
	cost_fields(&f, p, time_of(p, at_max), st);
	if (st->surface == SURFACE_SCREEN) {
		snprintf(buf, cap, _("per million output tokens: container %s · bare metal %s; "
				     "in+out: container %s · bare metal %s"),
			 f.out_c, f.out_b, f.tot_c, f.tot_b);
		return;
	}
	snprintf(out, sizeof out, _("container %s, bare metal %s"), f.out_c, f.out_b);
	snprintf(total, sizeof total, _("container %s, bare metal %s"), f.tot_c, f.tot_b);
	snprintf(buf, cap, _("  per million output tokens %s: %s; in and out: %s\n"),
		 at_max ? _("at B_max") : _("at this load"), out, total);
}

/* The screen says it only where the container is offered; the report
 * whenever the data gives both prices. */
bool time_break_even_line(char *buf, size_t cap, const struct plan *p, const struct style *st)
{
	double hours = p->throughput.hourly_break_even_hours;
	buf[0] = '\0';
	if (hours < 0 || (st->surface == SURFACE_SCREEN && !p->container.available))
		return false;
	if (st->surface == SURFACE_SCREEN)
		snprintf(buf, cap, _("container: the monthly price beats the hourly one above %.0f h a "
				     "month"), hours);
	else
		snprintf(buf, cap, _("  container monthly beats hourly above %.0f hours a month\n"),
			 hours);
	return true;
}

/* The efficiencies (SERVING.md §8, §9), each a ratio, the GEMMs' peak
 * and their compute path, the per-layer floor, the all-reduce's latency
 * and bandwidth, and the card's memory bandwidth. */
struct efficiency_fields {
	char mbu[16], mbu_kv[16], mfu[16], peak[24], tau[24], sw[16], alpha[24], bw_ar[24],
		gbs[24];
};

static void efficiency_fields(struct efficiency_fields *f, const struct step_efficiency *e)
{
	unit_ratio(f->mbu, sizeof f->mbu, e->mbu);
	unit_ratio(f->mbu_kv, sizeof f->mbu_kv, e->mbu_kv);
	unit_ratio(f->mfu, sizeof f->mfu, e->mfu * e->eta_dq);
	unit_text(f->peak, sizeof f->peak, UNIT_TFLOPS, e->peak_tflops, NULL, MONEY_UTF8);
	unit_count(f->tau, sizeof f->tau, e->tau_layer_us);
	unit_text(f->sw, sizeof f->sw, UNIT_COEFFICIENT, e->sw, NULL, MONEY_UTF8); /* a fitted 1.13 */
	unit_count(f->alpha, sizeof f->alpha, e->alpha_us);
	unit_text(f->bw_ar, sizeof f->bw_ar, UNIT_GBS, e->bw_ar_gbs, NULL, MONEY_UTF8);
	unit_text(f->gbs, sizeof f->gbs, UNIT_GBS, e->bandwidth_gbs, NULL, MONEY_UTF8);
}

void time_efficiency_line(char *buf, size_t cap, const struct plan *p, const struct style *st)
{
	const struct step_efficiency *e = &p->throughput.eff;
	const char *path = compute_path_names[e->path];
	struct efficiency_fields f;
	efficiency_fields(&f, e);
	if (st->surface == SURFACE_SCREEN)
		snprintf(buf, cap, _("efficiency used: mbu %s · mbu_kv %s · mfu %s of %s TFLOPS (%s) · "
				     "%s us a layer × sw %s · all-reduce %s us at %s GB/s · %s GB/s "
				     "per card"),
			 f.mbu, f.mbu_kv, f.mfu, f.peak, path, f.tau, f.sw, f.alpha, f.bw_ar, f.gbs);
	else
		snprintf(buf, cap, _("mbu %s, mbu_kv %s, mfu %s of %s TFLOPS (%s), %s us a layer × sw "
				     "%s, all-reduce %s us at %s GB/s, %s GB/s per card; calibration "
				     "%s"),
			 f.mbu, f.mbu_kv, f.mfu, f.peak, path, f.tau, f.sw, f.alpha, f.bw_ar, f.gbs,
			 C_(calibration_labels[p->gpu->calibration]));
}

void time_alternative_line(char *buf, size_t cap, const struct plan *p, int i,
			   const struct style *st)
{
	const struct alternative *a = &p->alternatives[i];
	const char *cur = plan_currency(p);
	char tok[32], monthly[48], pm[48], shape[64], ratio[32] = "";
	alternative_strategy_text(shape, sizeof shape, a);
	unit_rate(tok, sizeof tok, a->tokens_per_s);
	unit_money(monthly, sizeof monthly, a->monthly, cur, st->money);
	unit_money(pm, sizeof pm, a->per_million_output, time_currency(p, &p->throughput),
		   st->money);
	if (st->surface != SURFACE_SCREEN) {
		snprintf(buf, cap,
			 P_("  alternative: %s on %d card: %s tok/s, %s/month, %s per million output "
			    "at its B_max — %s\n",
			    "  alternative: %s on %d cards: %s tok/s, %s/month, %s per million output "
			    "at its B_max — %s\n", (unsigned long)a->cards),
			 shape, a->cards, tok, monthly, pm, MESSAGE_TEXT(&a->why));
		return;
	}
	if (p->throughput.output_tokens_per_s > 0) {
		char x[16];
		unit_factor(x, sizeof x, a->tokens_per_s / p->throughput.output_tokens_per_s);
		snprintf(ratio, sizeof ratio, " · %s tok/s", x);
	}
	snprintf(buf, cap,
		 P_("alternative: %s, %d card%s · %s/month · %s per million output — %s",
		    "alternative: %s, %d cards%s · %s/month · %s per million output — %s",
		    (unsigned long)a->cards),
		 shape, a->cards, ratio, monthly, pm, MESSAGE_TEXT(&a->why));
}

void time_why_line(char *buf, size_t cap, const struct plan *p, int i, const struct style *st)
{
	if (st->surface == SURFACE_SCREEN)
		snprintf(buf, cap, _("why: %s"), MESSAGE_TEXT(&p->why[i]));
	else
		snprintf(buf, cap, _("  why: %s\n"), MESSAGE_TEXT(&p->why[i]));
}

bool time_figure(const struct plan *p, double *v, bool *days)
{
	*days = p && p->training.valid;
	if (!p || !p->cards || !p->fits)
		return false;
	*v = *days ? p->training.days : p->throughput.output_tokens_per_s;
	return *days || p->throughput.valid;
}

/* v with its unit's word: "24.4 tok/s", "3.21 days". */
static void figure_with_unit(char *buf, size_t cap, double v, bool days, const char *sign)
{
	char n[32];
	if (days) {
		unit_days(n, sizeof n, v);
		snprintf(buf, cap, _("%s%s days"), sign, n);
	} else {
		unit_rate(n, sizeof n, v);
		snprintf(buf, cap, "%s%s tok/s", sign, n);
	}
}

/* A serving plan's total with what makes it: the users times each one's
 * share ("651 tok/s (50 × 13.0)"), or with --rate the percentile's TTFT
 * ("2,000 tok/s (TTFT p99 251 ms)"). */
void time_side_cell(char *buf, size_t cap, const struct plan *p)
{
	double v;
	bool days;
	char total[48], a[32], b[32];
	if (!time_figure(p, &v, &days)) { /* p NULL too: a GPU only one side has */
		snprintf(buf, cap, "—");
		return;
	}
	const struct throughput *t = &p->throughput;
	figure_with_unit(total, sizeof total, v, days, "");
	if (days) {
		snprintf(buf, cap, "%s", total);
	} else if (t->open.valid) {
		unit_seconds(a, sizeof a, t->open.ttft_p_s);
		snprintf(buf, cap, t->open.stable ? _("%s (TTFT p%.4g %s)") : _("%s (does not keep up)"),
			 total, t->open.percentile, a);
	} else {
		unit_count(a, sizeof a, (double)t->concurrency);
		unit_rate(b, sizeof b, t->delivered_tokens_per_s);
		snprintf(buf, cap, "%s (%s × %s)", total, a, b);
	}
}

void time_delta_cell(char *buf, size_t cap, const struct plan *a, const struct plan *b)
{
	double va, vb;
	bool da, db;
	char n[32];
	if (!time_figure(a, &va, &da) || !time_figure(b, &vb, &db) || da != db) {
		snprintf(buf, cap, "—");
		return;
	}
	double size = vb - va < 0 ? va - vb : vb - va;
	figure_with_unit(n, sizeof n, size, da, "");
	bool zero = strspn(n, "0.") == strcspn(n, " "); /* "0.0 tok/s": no sign */
	figure_with_unit(buf, cap, size, da, zero ? "" : vb - va < 0 ? "-" : "+");
}
