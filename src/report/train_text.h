/* The training lines as people read them (PERFORMANCE.md §3), each
 * written once for the table report, the quote and the screen (as
 * report_time.h's inference lines): how long the job takes, the deadline's
 * answer, the three ways to pay, the measured speed-ups, the scaling
 * tiers and the efficiencies the days rest on. */
#ifndef GPUPLAN_TRAIN_TEXT_H
#define GPUPLAN_TRAIN_TEXT_H

#include <stddef.h>

#include "plan.h"
#include "scenario.h"
#include "units.h"

extern const char *const train_rent_words[RENT_WAYS]; /* "container by the hour" (N_) */

/* The job at its cheapest billing, or -1 (no fitting plan, no time
 * figures, no offer). */
double train_job_cost(const struct plan *p);

/* FLOPs, days, card-hours, parallel efficiency and the band: report
 * "  training (estimate ±25 %): 7.71e+19 FLOPs (k = 4), 4.29 days, …";
 * screen "training: 7.71e+19 FLOPs (k 4, MFU 0.35) · 4.29 days on 4 cards
 * · …"; quote the time row's cells from the cards to the band. */
void train_summary_line(char *buf, size_t cap, const struct plan *p, const struct scenario *sc,
			const struct style *st);
/* The deadline's answer (only with --deadline): report and quote
 * "deadline 7d: cheapest 4 cards, container by the hour, 4.29 days, ¥647;
 * the plan's 4 cards meet it"; screen "deadline: met with 4 cards (4.29
 * days), cheapest container by the hour ¥647". */
void train_deadline_line(char *buf, size_t cap, const struct plan *p, const struct scenario *sc,
			 const struct style *st);
/* The job at the plan's cards, three ways, * the cheapest: report "  the
 * job at 4 cards: container by the hour ¥647*, …"; quote the list alone;
 * screen "job on 4 cards: container by the hour ¥647* · …". */
void train_bills_line(char *buf, size_t cap, const struct plan *p, const struct style *st);
/* The USL fit of --measured: report "  measured speed-ups (USL): σ 0.0358,
 * κ 0, no peak"; screen "measured speed-ups (USL): σ 0.0358 · κ 0 · 1 card
 * 1520 tok/s · peak none (κ = 0)". */
void train_usl_line(char *buf, size_t cap, const struct plan *p, const struct style *st);
/* The efficiencies the days rest on (the screen's line). */
void train_efficiency_line(char *buf, size_t cap, const struct plan *p, const struct style *st);

/* Scaling tier i's figures, each through its unit: days, efficiency (a
 * whole percent), the job's total the cheapest way ("—": none). */
struct tier_cells {
	char cards[16], days[24], eff[16], cost[48];
};
void train_tier_cells(struct tier_cells *c, const struct plan *p, int i, const struct style *st);
/* The quote's line of tiers: "- H100 80G: 1 card 16.9 days 100 % ¥9,345 · …" */
void train_tiers_line(char *buf, size_t cap, const struct plan *p, const struct style *st);

#endif
