/* The table report's time lines under each plan: how fast it serves and
 * what a million tokens cost (inference), or how long the job takes and
 * what it costs (training), always with the band. */
#include <stdio.h>
#include <stdlib.h>

#include "plan_text.h"
#include "compare.h"
#include "i18n.h"
#include "money.h"
#include "report.h"
#include "report_time.h"

/* "  1,234 tok/s at 20 users (estimate ±30 %): TTFT 52.0 ms, TPOT 7.9 ms,
 * 127 tok/s per user, memory-bound". */
static void speed_line(FILE *out, const char *what, const struct throughput *t)
{
	char agg[32], user[32], ttft[32], tpot[32], band[32];
	time_rate_text(agg, sizeof agg, t->output_tokens_per_s);
	time_rate_text(user, sizeof user, t->user_tokens_per_s);
	time_seconds_text(ttft, sizeof ttft, t->ttft_s);
	time_seconds_text(tpot, sizeof tpot, t->tpot_s);
	time_band_text(band, sizeof band, t->band_pct);
	fprintf(out, P_("  %s: %s tok/s at %lld user (%s): TTFT %s, TPOT %s, %s tok/s per user, "
			"%s\n",
			"  %s: %s tok/s at %lld users (%s): TTFT %s, TPOT %s, %s tok/s per user, "
			"%s\n", (unsigned long)t->concurrency),
		what, agg, t->concurrency, band, ttft, tpot, user, bound_text(t->bound));
}

static void cost_lines(FILE *out, const char *what, const struct throughput *t)
{
	char out_m[128], total_m[128];
	time_per_million_pair(out_m, sizeof out_m, &t->per_million_output, t->currency);
	time_per_million_pair(total_m, sizeof total_m, &t->per_million_total, t->currency);
	fprintf(out, _("  per million output tokens %s: %s; in and out: %s\n"), what, out_m,
		total_m);
}

static void alternative_line(FILE *out, const struct plan *p, const struct alternative *alt)
{
	char tok[32], money[48], pm[48], shape[64];
	alternative_strategy_text(shape, sizeof shape, alt);
	time_rate_text(tok, sizeof tok, alt->tokens_per_s);
	money_format(money, sizeof money, alt->monthly, plan_currency(p), 0, MONEY_UTF8);
	time_money_per_million(pm, sizeof pm, alt->per_million_output, p->throughput.currency);
	fprintf(out, _("  alternative: %s on %d cards: %s tok/s, %s/month, %s per million output at "
		       "its B_max — %s\n"),
		shape, alt->cards, tok, money, pm, MESSAGE_TEXT(&alt->why));
}

static void inference_lines(FILE *out, const struct plan *p)
{
	const struct throughput *t = &p->throughput, *m = &p->throughput_at_max;
	char eff[256];
	speed_line(out, _("speed"), t);
	if (m->valid)
		speed_line(out, _("at B_max"), m);
	cost_lines(out, _("at this load"), t);
	if (m->valid)
		cost_lines(out, _("at B_max"), m);
	if (t->hourly_break_even_hours >= 0)
		fprintf(out, _("  container monthly beats hourly above %.0f hours a month\n"),
			t->hourly_break_even_hours);
	time_efficiency_text(eff, sizeof eff, p);
	fprintf(out, _("  efficiencies: %s\n"), eff);
	for (int i = 0; i < p->nalternatives; i++)
		alternative_line(out, p, &p->alternatives[i]);
}

/* The scaling tiers as a small table, indented by an empty first column. */
static void tier_table(FILE *out, const struct plan *p)
{
	enum { NC = 5 };
	const struct training_estimate *t = &p->training;
	char (*cells)[NC][48] = calloc((size_t)t->ntiers + 1, sizeof *cells);
	const char **ptr = calloc(((size_t)t->ntiers + 1) * NC, sizeof *ptr);
	static const bool left[NC] = {true, false, false, false, false};
	if (cells && ptr) {
		const char *head[NC] = {"", _("cards"), _("days"), _("efficiency"), _("total")};
		for (int c = 0; c < NC; c++)
			snprintf(cells[0][c], sizeof cells[0][c], "%s", head[c]);
		for (int i = 0; i < t->ntiers; i++) {
			const struct train_tier *r = &t->tiers[i];
			char(*row)[48] = cells[i + 1];
			snprintf(row[1], sizeof row[1], "%d", r->cards);
			time_days_text(row[2], sizeof row[2], r->at.days);
			snprintf(row[3], sizeof row[3], _("%.0f %%"), 100 * r->at.eff);
			if (r->cost < 0)
				snprintf(row[4], sizeof row[4], "—");
			else
				money_format(row[4], sizeof row[4], r->cost, plan_currency(p), 0, MONEY_UTF8);
		}
		for (int r = 0; r <= t->ntiers; r++)
			for (int c = 0; c < NC; c++)
				ptr[r * NC + c] = cells[r][c];
		fputs(_("  scaling tiers (the cheapest way for each):\n"), out);
		report_columns(out, ptr, (size_t)t->ntiers + 1, NC, left);
	}
	free(ptr);
	free(cells);
}

static void training_lines(FILE *out, const struct plan *p, const struct scenario *sc)
{
	const struct training_estimate *t = &p->training;
	char band[32], days[24], line[512];
	time_band_text(band, sizeof band, t->band_pct);
	time_days_text(days, sizeof days, t->days);
	fprintf(out, _("  training (%s): %.3g FLOPs (k = %.3g), %s days, %.0f card-hours, parallel "
		       "efficiency %.0f %%, MFU %.2f, goodput %.3f\n"),
		band, t->r.flops, t->r.k_lin, days, t->card_hours, 100 * t->eff, t->r.mu,
		t->r.goodput);
	if (t->deadline) {
		time_deadline_text(line, sizeof line, p, sc);
		fprintf(out, "  %s\n", line);
	}
	time_billings_text(line, sizeof line, p, &t->bill);
	fprintf(out, P_("  the job at %d card: %s\n", "  the job at %d cards: %s\n",
			(unsigned long)p->cards), p->cards, line);
	if (t->measured) {
		time_usl_text(line, sizeof line, &t->usl);
		fprintf(out, _("  measured speed-ups (USL): %s\n"), line);
	}
	if (t->ntiers > 0)
		tier_table(out, p);
}

void report_time_detail(FILE *out, const struct plan *p, const struct scenario *sc)
{
	if (!p->cards || !p->fits)
		return;
	if (p->throughput.valid)
		inference_lines(out, p);
	if (p->training.valid)
		training_lines(out, p, sc);
	for (int i = 0; i < p->nwhy; i++)
		fprintf(out, _("  why: %s\n"), MESSAGE_TEXT(&p->why[i]));
}
