/* The table report's time lines under each plan: how fast it serves and
 * what a million tokens cost (inference), or how long the job takes and
 * what it costs (training), always with the band. The lines themselves
 * are report_time.c's and train_text.c's, shared with the quote and the
 * screen; this file lays them out as the report prints them. */
#include <stdio.h>
#include <stdlib.h>

#include "i18n.h"
#include "report.h"
#include "report_time.h"
#include "train_text.h"

#define LINE 768

static void inference_lines(FILE *out, const struct plan *p)
{
	char line[LINE];
	bool at_max = p->throughput_at_max.valid;
	time_speed_line(line, sizeof line, p, false, &style_report);
	fputs(line, out);
	if (at_max) {
		time_speed_line(line, sizeof line, p, true, &style_report);
		fputs(line, out);
	}
	time_cost_line(line, sizeof line, p, false, &style_report);
	fputs(line, out);
	if (at_max) {
		time_cost_line(line, sizeof line, p, true, &style_report);
		fputs(line, out);
	}
	if (time_break_even_line(line, sizeof line, p, &style_report))
		fputs(line, out);
	time_efficiency_line(line, sizeof line, p, &style_report);
	fprintf(out, _("  efficiencies: %s\n"), line);
	for (int i = 0; i < p->nalternatives; i++) {
		time_alternative_line(line, sizeof line, p, i, &style_report);
		fputs(line, out);
	}
}

/* The scaling tiers as a small table, indented by an empty first column:
 * each tier with its own shape and offer, billed and prorated. */
enum { TIER_COLS = 8 };

static void tier_row(char (*row)[96], const struct plan *p, int i)
{
	struct tier_cells tc;
	train_tier_cells(&tc, p, i, &style_report);
	snprintf(row[1], sizeof row[1], "%s", tc.cards);
	snprintf(row[2], sizeof row[2], "%s", tc.shape);
	snprintf(row[3], sizeof row[3], "%s", tc.region);
	snprintf(row[4], sizeof row[4], "%s", tc.days);
	snprintf(row[5], sizeof row[5], _("%s %%"), tc.eff);
	snprintf(row[6], sizeof row[6], "%s", tc.cost);
	snprintf(row[7], sizeof row[7], "%s", tc.prorated);
}

static void tier_table(FILE *out, const struct plan *p)
{
	const struct training_estimate *t = &p->training;
	char (*cells)[TIER_COLS][96] = calloc((size_t)t->ntiers + 1, sizeof *cells);
	const char **ptr = calloc(((size_t)t->ntiers + 1) * TIER_COLS, sizeof *ptr);
	static const bool left[TIER_COLS] = {true, false, true, true, false, false, false, false};
	if (cells && ptr) {
		const char *head[TIER_COLS] = {"", _("cards"), _("shape"), _("region"), _("days"),
					       _("efficiency"), _("billed"), _("prorated")};
		for (int c = 0; c < TIER_COLS; c++)
			snprintf(cells[0][c], sizeof cells[0][c], "%s", head[c]);
		for (int i = 0; i < t->ntiers; i++)
			tier_row(cells[i + 1], p, i);
		for (int r = 0; r <= t->ntiers; r++)
			for (int c = 0; c < TIER_COLS; c++)
				ptr[r * TIER_COLS + c] = cells[r][c];
		fputs(_("  scaling tiers (each with its own shape and offer, the cheapest way):\n"), out);
		report_columns(out, ptr, (size_t)t->ntiers + 1, TIER_COLS, left);
	}
	free(ptr);
	free(cells);
}

static void training_lines(FILE *out, const struct plan *p, const struct scenario *sc)
{
	const struct training_estimate *t = &p->training;
	char line[LINE];
	train_summary_line(line, sizeof line, p, sc, &style_report);
	fputs(line, out);
	train_shape_line(line, sizeof line, p, &style_report);
	fputs(line, out);
	train_step_line(line, sizeof line, p, &style_report);
	fputs(line, out);
	train_network_line(line, sizeof line, p, &style_report);
	fputs(line, out);
	if (t->deadline) {
		train_deadline_line(line, sizeof line, p, sc, &style_report);
		fprintf(out, "  %s\n", line);
	}
	train_bills_line(line, sizeof line, p, &style_report);
	fputs(line, out);
	if (t->measured) {
		train_usl_line(line, sizeof line, p, &style_report);
		fputs(line, out);
	}
	if (t->ntiers > 0)
		tier_table(out, p);
}

void report_time_detail(FILE *out, const struct plan *p, const struct scenario *sc)
{
	char line[LINE];
	if (!p->cards || (!p->fits && !p->training.valid))
		return;
	if (p->throughput.valid && p->fits)
		inference_lines(out, p);
	if (p->training.valid)
		training_lines(out, p, sc); /* a forced shape that does not fit is timed too */
	for (int i = 0; i < p->nwhy; i++) {
		time_why_line(line, sizeof line, p, i, &style_report);
		fputs(line, out);
	}
}
