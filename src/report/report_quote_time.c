/* The quote's time sections (PERFORMANCE.md §2-§3): speed and cost per
 * token for inference, days and billings for training, each figure with
 * its band, and the assumptions the speed depends on. */
#include "report_quote_time.h"

#include <stdio.h>

#include "cheaper.h"
#include "i18n.h"
#include "money.h"
#include "plan_text.h"
#include "report_quote_md.h"
#include "report_time.h"
#include "table_cells.h"
#include "settings_train.h"
#include "tables.h"
#include "train_text.h"

size_t quote_order_count(const struct analysis *a, const struct quote_order *o)
{
	return o->order ? o->n : a->nplans;
}

const struct plan *quote_order_plan(const struct analysis *a, const struct quote_order *o,
				    size_t i)
{
	size_t k = o->order ? o->order[i] : i;
	return k < a->nplans ? &a->plans[k] : NULL;
}

static bool shown(const struct plan *p)
{
	return p && p->cards && p->fits;
}

/* The bands of the plans shown: "estimate, ±30 %; ±50 % on GPUs whose
 * efficiencies are estimates". */
static void quote_bands(char *buf, size_t cap, const struct analysis *a)
{
	struct table_look look;
	char b[24], e[24];
	table_look_of(&look, a->plans, a->nplans);
	table_band_sides(&look, b, e, sizeof b);
	if (look.band <= 0)
		snprintf(buf, cap, "%s", _("measured"));
	else if (look.estimate_band > look.band)
		snprintf(buf, cap, _("estimate, %s %%; %s %% on GPUs whose efficiencies are "
				     "estimates"), b, e);
	else
		snprintf(buf, cap, _("estimate, %s %%"), b);
}

void quote_speed_suffix(char *buf, size_t cap, const struct plan *p)
{
	char v[32];
	buf[0] = '\0';
	if (!shown(p))
		return;
	if (p->training.valid) {
		unit_days(v, sizeof v, p->training.days);
		if (p->training.measured)
			snprintf(buf, cap, _(", ~%s days (measured, ±%.0f %%)"), v, p->training.band_pct);
		else
			snprintf(buf, cap, _(", ~%s days (±%.0f %%)"), v, p->training.band_pct);
	} else if (p->throughput.valid) {
		const struct throughput *t = &p->throughput;
		unit_rate(v, sizeof v, t->output_tokens_per_s);
		if (t->band_low_pct == t->band_high_pct)
			snprintf(buf, cap, _(", ~%s tok/s (±%.0f %%)"), v, t->band_low_pct);
		else /* SERVING.md §10: wider below (910B) */
			snprintf(buf, cap, _(", ~%s tok/s (−%.0f %% / +%.0f %%)"), v, t->band_low_pct,
				 t->band_high_pct);
	}
}

/* "| H20 96G | TP4 | 24.4 | 27.7 | 20.0 s | 24.5 at 27 | ¥278 | ¥277 | estimate ±30 % |" */
static void speed_row(FILE *out, const struct plan *p)
{
	char shape[64], cells[512];
	plan_strategy_text(shape, sizeof shape, p);
	time_speed_line(cells, sizeof cells, p, false, &style_quote);
	/* cells: each escaped by the quote style of time_speed_line */
	fprintf(out, "| %s | %s | %s |\n", MD(gpu_short_name(p->gpu)), MD(shape), cells);
}

static void md_speed(FILE *out, const struct analysis *a, const struct quote_order *o)
{
	char bands[160];
	quote_bands(bands, sizeof bands, a);
	fputc('\n', out);
	fprintf(out, _("## Speed and cost per token (%s)"), bands);
	fputs("\n\n", out);
	fprintf(out, _("| GPU | plan | tok/s at %lld users (users × each) | tok/s per user while "
		       "streaming | time to first token | tok/s at most users | per million output "
		       "tokens | same at most users | band |"), a->sc.concurrency);
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
	char cells[768];
	train_summary_line(cells, sizeof cells, p, sc, &style_quote);
	fprintf(out, "| %s | %s |\n", MD(gpu_short_name(p->gpu)), cells);
}

/* "- H100 80G: shape DP16 Z1, …; step 7.11 s: compute 7.11 s …; network: …" */
static void plan_detail(FILE *out, const struct plan *p)
{
	char shape[512], step[512], net[512];
	train_shape_line(shape, sizeof shape, p, &style_quote);
	train_step_line(step, sizeof step, p, &style_quote);
	train_network_line(net, sizeof net, p, &style_quote);
	fprintf(out, "- %s: %s; %s; %s\n", MD(gpu_short_name(p->gpu)), MD(shape), MD(step), MD(net));
}

static void md_time(FILE *out, const struct analysis *a, const struct quote_order *o)
{
	char bands[160], line[4096]; /* up to 18 tiers, each with its shape and region */
	quote_bands(bands, sizeof bands, a);
	fputc('\n', out);
	fprintf(out, _("## Time and cost (%s; measured speed-ups carry their own band)"), bands);
	fprintf(out, "\n\n%s\n|---|---:|---:|---:|---:|---|---|---|\n",
		_("| GPU | cards | days | card-hours | parallel efficiency | the job, three ways "
		  "(* cheapest) | deadline | band |"));
	for (size_t i = 0; i < quote_order_count(a, o); i++) {
		const struct plan *p = quote_order_plan(a, o, i);
		if (shown(p) && p->training.valid)
			time_row(out, p, &a->sc);
	}
	fputs(_("\nEach plan's shape, its step (what the links cost) and the network it uses:\n\n"),
	      out);
	for (size_t i = 0; i < quote_order_count(a, o); i++) {
		const struct plan *p = quote_order_plan(a, o, i);
		if (shown(p) && p->training.valid)
			plan_detail(out, p);
	}
	fputs(_("\nScaling tiers (cards, shape and region, days, parallel efficiency, total cost "
		"the cheapest way, prorated): one tier more is often cheaper than the top "
		"configuration.\n\n"), out);
	for (size_t i = 0; i < quote_order_count(a, o); i++) {
		const struct plan *p = quote_order_plan(a, o, i);
		if (shown(p) && p->training.valid && p->training.ntiers > 0) {
			train_tiers_line(line, sizeof line, p, &style_quote);
			fprintf(out, "%s\n", line);
		}
	}
}

/* "| H100 80G | TP8 | 8 | ¥88,480 | 940 | 29.4 | one step up: … |" */
static void alternative_row(FILE *out, const struct plan *p, const struct alternative *alt)
{
	char shape[64], money[48], tok[32], user[32];
	alternative_strategy_text(shape, sizeof shape, alt);
	unit_money(money, sizeof money, alt->monthly, plan_currency(p), style_quote.money);
	unit_rate(tok, sizeof tok, alt->tokens_per_s);
	unit_rate(user, sizeof user, alt->user_tokens_per_s);
	fprintf(out, "| %s | %s | %d | %s | %s | %s | %s |\n", MD(gpu_short_name(p->gpu)),
		MD(shape), alt->cards, MD(money), MD(tok), MD(user), MD(MESSAGE_TEXT(&alt->why)));
}

static bool has_alternatives(const struct analysis *a, const struct quote_order *o)
{
	for (size_t i = 0; i < quote_order_count(a, o); i++) {
		const struct plan *p = quote_order_plan(a, o, i);
		if (shown(p) && p->nalternatives > 0)
			return true;
	}
	return false;
}

/* The tiers a customer chooses between (PERFORMANCE.md §2): each GPU's
 * alternatives with their figures and what they trade. */
static void md_alternatives(FILE *out, const struct analysis *a, const struct quote_order *o)
{
	char bands[160];
	if (!has_alternatives(a, o))
		return;
	quote_bands(bands, sizeof bands, a);
	fputc('\n', out);
	fprintf(out, _("## Alternatives (%s)"), bands);
	fputs("\n\n", out);
	fprintf(out,
		P_("| GPU | plan | cards | per month | tok/s at %lld user | tok/s per user while "
		   "streaming | what it trades |",
		   "| GPU | plan | cards | per month | tok/s at %lld users | tok/s per user while "
		   "streaming | what it trades |", (unsigned long)a->sc.concurrency),
		a->sc.concurrency);
	fputs("\n|---|---|---:|---:|---:|---:|---|\n", out);
	for (size_t i = 0; i < quote_order_count(a, o); i++) {
		const struct plan *p = quote_order_plan(a, o, i);
		for (int k = 0; shown(p) && k < p->nalternatives; k++)
			alternative_row(out, p, &p->alternatives[k]);
	}
}

void quote_time_sections(FILE *out, const struct analysis *a, const struct quote_order *o)
{
	if (tasks[a->sc.task].kind == TASK_INFERENCE) {
		md_speed(out, a, o);
		md_alternatives(out, a, o);
	}
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
	fprintf(out, _("- %sThe efficiencies (weight and KV streaming, matmul utilisation, the "
		       "per-layer latency's software factor, the all-reduce latency) are "
		       "gpus.csv's, set from published measurements (MLPerf, TensorRT-LLM tables, "
		       "NVIDIA NIM sweeps) where the row says `published`, estimated where it says "
		       "`estimate` (wider band); the engine constants are SERVING.md's (--engine); "
		       "the detail of each is in `--format json` under throughput.efficiency.\n"),
		who);
}

static void training_assumptions(FILE *out, const struct analysis *a, const char *who)
{
	const struct scenario *sc = &a->sc;
	char tokens[48], batch[48];
	money_group(tokens, sizeof tokens, sc->train_tokens, 0);
	money_group(batch, sizeof batch, train_global_batch(sc), 0);
	fprintf(out, P_("- %sTime: %s tokens to train × %d epoch, %s tokens per optimizer "
			"step; goodput %.2f at most (restarts, evaluation, checkpoints; less on "
			"thousands of cards); for each card count the shape (TP, PP, DP, ZeRO, "
			"micro-batch, recomputation) that is fastest, its tensor-parallel, pipeline "
			"and data-parallel traffic over the links and what of it hides; MFU from "
			"gpus.csv (`published` or `estimate` per GPU)%s.\n",
			"- %sTime: %s tokens to train × %d epochs, %s tokens per optimizer "
			"step; goodput %.2f at most (restarts, evaluation, checkpoints; less on "
			"thousands of cards); for each card count the shape (TP, PP, DP, ZeRO, "
			"micro-batch, recomputation) that is fastest, its tensor-parallel, pipeline "
			"and data-parallel traffic over the links and what of it hides; MFU from "
			"gpus.csv (`published` or `estimate` per GPU)%s.\n", (unsigned long)sc->epochs),
		who, MD(tokens), sc->epochs, MD(batch), train_defaults.goodput_ops,
		sc->nmeasured ? _("; days from the measured speed-ups where given") : "");
}

void quote_time_assumptions(FILE *out, const struct analysis *a, const char *who)
{
	if (tasks[a->sc.task].kind == TASK_INFERENCE)
		speed_assumptions(out, a, who);
	else if (a->sc.train_tokens > 0)
		training_assumptions(out, a, who);
}
