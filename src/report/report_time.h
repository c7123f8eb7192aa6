/* The inference time lines as people read them (PERFORMANCE.md §2),
 * each written once for every surface (units.h: struct style): the table
 * report reads them as its indented lines, the quote as Markdown cells,
 * the screen as breakdown lines that detail_lines.c wraps. Figures go
 * through their unit's printer, so a TTFT or a ¥/M reads the same on all
 * three. REPORT lines come indented and end in "\n", as printed; the
 * others have neither. */
#ifndef GPUPLAN_REPORT_TIME_H
#define GPUPLAN_REPORT_TIME_H

#include <stddef.h>

#include "plan.h"
#include "units.h"

/* The band of a time figure: "estimate ±30 %" (report, quote), "±30%"
 * or "±50% estimate" (screen; estimate: an estimate row's band); a band
 * of 0 (--measured) is "measured" (report, quote) or "from --measured". */
void time_band_line(char *buf, size_t cap, double band_pct, bool estimate, const struct style *st);

/* The currency of t's headline cost (plan_per_million, cheaper.h): its
 * own, which the planner sets to plan_currency, else the plan's. Each
 * way's own figures are in rent_currency. */
const char *time_currency(const struct plan *p, const struct throughput *t);

/* How fast the plan serves, at the concurrency or (at_max) at B_max:
 * report "  speed: 226 tok/s at 1 user (estimate ±30 %): TTFT 19.3 ms,
 * TPOT 4.40 ms, 227 tok/s per user, memory-bound"; screen "speed: TTFT
 * 19.3 ms · TPOT 4.40 ms · … · ±30%" and, at B_max, with its cost per
 * million; quote the row's cells from tok/s to the band (at_max unused:
 * the row holds both). */
void time_speed_line(char *buf, size_t cap, const struct plan *p, bool at_max,
		     const struct style *st);
/* What a million tokens cost each way, output and in+out: report "  per
 * million output tokens at this load: container ¥15.7, bare metal ¥149;
 * in and out: …"; screen "per million output tokens: container ¥15.7 ·
 * bare metal ¥149; in+out: …". */
void time_cost_line(char *buf, size_t cap, const struct plan *p, bool at_max,
		    const struct style *st);
/* When the container's monthly price beats its hourly one; false (and
 * "") when there is no such line for the plan. */
bool time_break_even_line(char *buf, size_t cap, const struct plan *p, const struct style *st);
/* The efficiencies the figures used: report "mbu 0.75, …; calibration
 * published" (after "  efficiencies: "), screen "efficiency used: mbu
 * 0.75 · …". */
void time_efficiency_line(char *buf, size_t cap, const struct plan *p, const struct style *st);
/* Alternative i: report "  alternative: TP8 on 8 cards: 25.1 tok/s, …";
 * screen "alternative: TP8, 8 cards · 1.5× tok/s · …". */
void time_alternative_line(char *buf, size_t cap, const struct plan *p, int i,
			   const struct style *st);
/* Why the plan is what it is, item i: "  why: …" / "why: …". */
void time_why_line(char *buf, size_t cap, const struct plan *p, int i, const struct style *st);

/* The time figure of a plan: output tok/s (inference) or days (training,
 * days set); false when it has none (no fit, no time model). */
bool time_figure(const struct plan *p, double *v, bool *days);
/* One side of a comparison: "24.4 tok/s", "3.21 days"; "—" without. */
void time_side_cell(char *buf, size_t cap, const struct plan *p);
/* "+79 tok/s", "-1.20 days": b's time figure minus a's; "—" when either
 * has none or they differ in kind. */
void time_delta_cell(char *buf, size_t cap, const struct plan *a, const struct plan *b);

#endif
