/* The quote's time sections (PERFORMANCE.md §2-§3): speed and cost per
 * token for inference, days and billings for training, each figure with
 * its band, and the assumptions the speed depends on. */
#include <stdio.h>

#include "plan_text.h"
#include "compare.h"
#include "i18n.h"
#include "money.h"
#include "report.h"
#include "report_time.h"
#include "settings_train.h"
#include "tables.h"

static bool shown(const struct plan *p)
{
	return p && p->cards && p->fits;
}

void quote_speed_suffix(char *buf, size_t cap, const struct plan *p)
{
	char v[32];
	buf[0] = '\0';
	if (!shown(p))
		return;
	if (p->training.valid) {
		time_days_text(v, sizeof v, p->training.days);
		if (p->training.band_pct > 0)
			snprintf(buf, cap, _(", ~%s days (±%.0f %%)"), v, p->training.band_pct);
		else
			snprintf(buf, cap, _(", ~%s days (measured)"), v);
	} else if (p->throughput.valid) {
		time_rate_text(v, sizeof v, p->throughput.output_tokens_per_s);
		snprintf(buf, cap, _(", ~%s tok/s (±%.0f %%)"), v, p->throughput.band_pct);
	}
}

/* "| H20 96G | TP4 | 24.4 | 1.2 | 2.34 s | 130 at 19 | ¥278 | ¥26 | ±30 % |" */
static void speed_row(FILE *out, const struct plan *p)
{
	const struct throughput *t = &p->throughput, *m = &p->throughput_at_max;
	char agg[32], user[32], ttft[32], max[32], at_max[64], pm[48], pm_max[48], band[32], shape[64];
	time_rate_text(agg, sizeof agg, t->output_tokens_per_s);
	time_rate_text(user, sizeof user, t->user_tokens_per_s);
	time_seconds_text(ttft, sizeof ttft, t->ttft_s);
	time_rate_text(max, sizeof max, m->valid ? m->output_tokens_per_s : -1);
	time_money_per_million(pm, sizeof pm, time_cheaper_per_million(&t->per_million_output),
			       t->currency);
	time_money_per_million(pm_max, sizeof pm_max,
			       m->valid ? time_cheaper_per_million(&m->per_million_output) : -1,
			       t->currency);
	time_band_text(band, sizeof band, t->band_pct);
	snprintf(at_max, sizeof at_max, _("%s at %lld"), max, m->valid ? m->max_concurrency : 0);
	plan_strategy_text(shape, sizeof shape, p);
	fprintf(out, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", gpu_short_name(p->gpu),
		shape, agg, user, ttft, at_max, pm, pm_max, band);
}

static void md_speed(FILE *out, const struct analysis *a, const struct quote_order *o)
{
	fprintf(out, "\n%s\n\n", _("## Speed and cost per token (estimate, ±30 %; ±50 % on GPUs "
				    "whose efficiencies are estimates)"));
	fprintf(out, _("| GPU | plan | tok/s at %lld users | tok/s per user | time to first token | "
		       "tok/s at most users | per million output tokens | same at most users | "
		       "band |"), a->sc.concurrency);
	fputs("\n|---|---|---:|---:|---:|---:|---:|---:|---|\n", out);
	for (size_t i = 0; i < quote_order_count(a, o); i++) {
		const struct plan *p = quote_order_plan(a, o, i);
		if (shown(p) && p->throughput.valid)
			speed_row(out, p);
	}
	fputs(_("\ntok/s: output tokens per second of the whole plan; per million output "
		"tokens: the monthly price the cheaper way over the tokens a fully busy month "
		"produces.\n"), out);
}

static void time_row(FILE *out, const struct plan *p, const struct scenario *sc)
{
	const struct training_estimate *t = &p->training;
	char days[24], eff[24], band[32], bills[256], deadline[256] = "—";
	time_days_text(days, sizeof days, t->days);
	time_band_text(band, sizeof band, t->band_pct);
	snprintf(eff, sizeof eff, _("%.0f %%"), 100 * t->eff);
	time_billings_text(bills, sizeof bills, p, &t->bill);
	if (t->deadline)
		time_deadline_text(deadline, sizeof deadline, p, sc);
	fprintf(out, "| %s | %d | %s | %.0f | %s | %s | %s | %s |\n", gpu_short_name(p->gpu),
		p->cards, days, t->card_hours, eff, bills, deadline, band);
}

/* "- H20 96G: 4 cards 3.21 days 98 % ¥1,234 · 8 cards …" */
static void tier_line(FILE *out, const struct plan *p)
{
	const struct training_estimate *t = &p->training;
	fprintf(out, _("- %s:"), gpu_short_name(p->gpu));
	for (int i = 0; i < t->ntiers; i++) {
		const struct train_tier *r = &t->tiers[i];
		char days[24], money[48] = "—";
		time_days_text(days, sizeof days, r->at.days);
		if (r->cost >= 0)
			money_format(money, sizeof money, r->cost, plan_currency(p), 0, MONEY_UTF8);
		fprintf(out, "%s ", i ? " ·" : "");
		fprintf(out, P_("%d card %s days %.0f %% %s", "%d cards %s days %.0f %% %s",
				(unsigned long)r->cards),
			r->cards, days, 100 * r->at.eff, money);
	}
	fputc('\n', out);
}

static void md_time(FILE *out, const struct analysis *a, const struct quote_order *o)
{
	fprintf(out, "\n%s\n\n%s\n|---|---:|---:|---:|---:|---|---|---|\n",
		_("## Time and cost (estimate, ±25 %; ±50 % on GPUs whose efficiencies are "
		  "estimates; exact arithmetic with measured speed-ups)"),
		_("| GPU | cards | days | card-hours | parallel efficiency | the job, three ways "
		  "(* cheapest) | deadline | band |"));
	for (size_t i = 0; i < quote_order_count(a, o); i++) {
		const struct plan *p = quote_order_plan(a, o, i);
		if (shown(p) && p->training.valid)
			time_row(out, p, &a->sc);
	}
	fputs(_("\nScaling tiers (cards, days, parallel efficiency, total cost the cheapest "
		"way): one tier more is often cheaper than the top configuration.\n\n"), out);
	for (size_t i = 0; i < quote_order_count(a, o); i++) {
		const struct plan *p = quote_order_plan(a, o, i);
		if (shown(p) && p->training.valid && p->training.ntiers > 0)
			tier_line(out, p);
	}
}

void quote_time_sections(FILE *out, const struct analysis *a, const struct quote_order *o)
{
	if (tasks[a->sc.task].kind == TASK_INFERENCE)
		md_speed(out, a, o);
	else if (a->sc.train_tokens > 0)
		md_time(out, a, o);
}

static void speed_assumptions(FILE *out, const struct analysis *a, const char *who)
{
	const struct scenario *sc = &a->sc;
	fprintf(out, P_("- %sSpeed: each request reads %lld input tokens and writes %lld output "
			"tokens; %lld request decode at once; the KV cache as stated above; the "
			"service busy %.0f %% of the month (cost per token); a tuned serving engine "
			"(TensorRT-LLM, SGLang, recent vLLM).\n",
			"- %sSpeed: each request reads %lld input tokens and writes %lld output "
			"tokens; %lld requests decode at once; the KV cache as stated above; the "
			"service busy %.0f %% of the month (cost per token); a tuned serving engine "
			"(TensorRT-LLM, SGLang, recent vLLM).\n", (unsigned long)sc->concurrency),
		who, sc->context - sc->output_len, sc->output_len, sc->concurrency, sc->duty_pct);
	fprintf(out, _("- %sThe efficiencies (memory-bandwidth and matmul utilisation, "
		       "tensor-parallel efficiency by link) are gpus.csv's, set from published "
		       "measurements (MLPerf, TensorRT-LLM tables) where the row says `published`, "
		       "estimated where it says `estimate` (wider band); the detail of each is in "
		       "`--format json` under throughput.efficiency.\n"), who);
}

static void training_assumptions(FILE *out, const struct analysis *a, const char *who)
{
	const struct scenario *sc = &a->sc;
	char tokens[48], batch[48];
	money_group(tokens, sizeof tokens, sc->train_tokens, 0);
	money_group(batch, sizeof batch, train_global_batch(sc), 0);
	fprintf(out, P_("- %sTime: %s tokens to train × %d epoch, %s tokens per optimizer "
			"step; goodput %.2f at most (restarts, evaluation, checkpoints: lower on "
			"thousands of cards); the shape (TP, PP, DP, ZeRO, micro-batch, recompute) "
			"searched per card count, its tensor-parallel, pipeline and data-parallel "
			"traffic over the links and what of it hides (TRAINING.md); MFU from gpus.csv "
			"(`published` or `estimate` per GPU)%s.\n",
			"- %sTime: %s tokens to train × %d epochs, %s tokens per optimizer "
			"step; goodput %.2f at most (restarts, evaluation, checkpoints: lower on "
			"thousands of cards); the shape (TP, PP, DP, ZeRO, micro-batch, recompute) "
			"searched per card count, its tensor-parallel, pipeline and data-parallel "
			"traffic over the links and what of it hides (TRAINING.md); MFU from gpus.csv "
			"(`published` or `estimate` per GPU)%s.\n", (unsigned long)sc->epochs),
		who, tokens, sc->epochs, batch, train_defaults.goodput_ops,
		sc->nmeasured ? _("; days from the measured speed-ups where given") : "");
}

void quote_time_assumptions(FILE *out, const struct analysis *a, const char *who)
{
	if (tasks[a->sc.task].kind == TASK_INFERENCE)
		speed_assumptions(out, a, who);
	else if (a->sc.train_tokens > 0)
		training_assumptions(out, a, who);
}
