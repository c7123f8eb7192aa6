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
	char cards[16], days[24], eff[16], cost[48], prorated[48], shape[48], region[96];
};
void train_tier_cells(struct tier_cells *c, const struct plan *p, int i, const struct style *st);
/* The shape in a few letters: "TP2×PP4", "TP2×PP4×DP2 Z1", "DP16 Z1". */
void train_shape_text(char *buf, size_t cap, const struct train_shape *sh);
/* The plan's shape with its micro-batch, virtual stages and recompute
 * share: report "  shape: TP2×PP4, ZeRO-0, micro-batch 1 (256 a step per
 * data-parallel rank), 1 virtual stages, 6 of 8 layers a stage recomputed
 * (75 %)"; screen the same with " · ". */
void train_shape_line(char *buf, size_t cap, const struct plan *p, const struct style *st);
/* The step broken down: "  step 187 s: compute 137 s + TP 47.2 s + PP
 * sends 1.07 s + bubble 2.17 s" (what the link costs); parts of 0 left out. */
void train_step_line(char *buf, size_t cap, const struct plan *p, const struct style *st);
/* The network used and why: "  network: 吉林一区, NVLink + IB 400G×4, 200
 * GB/s a machine (IB first across machines)". */
void train_network_line(char *buf, size_t cap, const struct plan *p, const struct style *st);
/* The quote's line of tiers: "- H100 80G: 8 cards (DP8 Z1, 吉林一区) 0.33 days 100 %
 * ¥87,200, prorated ¥947 · …" */
void train_tiers_line(char *buf, size_t cap, const struct plan *p, const struct style *st);

#endif
