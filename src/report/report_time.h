/* The time figures as text (report_time.c): cells and sentences the table
 * report, the quote, --compare and --limits share, so they agree. Money
 * per million tokens keeps two decimals; "—" where a figure is missing. */
#ifndef GPUPLAN_REPORT_TIME_H
#define GPUPLAN_REPORT_TIME_H

#include <stddef.h>
#include <stdio.h>

#include "plan.h"
#include "scenario.h"

extern const char *const train_rent_words[RENT_WAYS]; /* "container by the hour" */

/* "estimate ±30 %"; a band of 0 (--measured) is "measured". */
void time_band_text(char *buf, size_t cap, double band_pct);
/* Tokens per second: "13,466", "42.5" below 100, "—" when negative. */
void time_rate_text(char *buf, size_t cap, double v);
/* "7.9 ms" below a second, else "1.25 s". */
void time_seconds_text(char *buf, size_t cap, double s);
/* "3.25" days (two decimals below 10, one below 100). */
void time_days_text(char *buf, size_t cap, double days);
/* "¥0.27"; "—" when v < 0. */
void time_money_per_million(char *buf, size_t cap, double v, const char *currency);
/* "container ¥0.27, bare metal ¥2.56": r is one of p's pairs, each way in
 * its own currency (rent_currency). */
void time_per_million_pair(char *buf, size_t cap, const struct plan *p, const struct rent_pair *r);

/* The table's cells: output tok/s at the concurrency, ¥ per million output
 * tokens the cheaper way, training days and the job's cheapest cost. */
void time_speed_cell(char *buf, size_t cap, const struct plan *p);
void time_per_million_cell(char *buf, size_t cap, const struct plan *p);
void time_days_cell(char *buf, size_t cap, const struct plan *p);
/* The job at its cheapest billing, or -1 (no fitting plan, no time, no offer). */
double time_job_cost(const struct plan *p);
void time_job_cost_cell(char *buf, size_t cap, const struct plan *p);
/* One side of a comparison: "24.4 tok/s" (inference), "3.21 days"
 * (training), "—" without figures or plan. */
/* The time figure of a plan: output tok/s (inference) or days (training,
 * days set); false when it has none (no fit, no time model). */
bool time_figure(const struct plan *p, double *v, bool *days);
void time_side_cell(char *buf, size_t cap, const struct plan *p);

/* Sentences: the efficiencies an inference figure used; the cheapest
 * billing; all three billings (* the cheapest); the deadline's answer;
 * the USL fit. */
void time_efficiency_text(char *buf, size_t cap, const struct plan *p);
void time_bill_text(char *buf, size_t cap, const struct plan *p, const struct train_bill *b);
void time_billings_text(char *buf, size_t cap, const struct plan *p, const struct train_bill *b);
void time_deadline_text(char *buf, size_t cap, const struct plan *p, const struct scenario *sc);
void time_usl_text(char *buf, size_t cap, const struct usl_fit *f);

/* The quote's one escape for Markdown (report_quote.c): s made literal in
 * a table cell or a paragraph, whatever it holds. | would split a cell, a
 * line break end the table or the paragraph, ``` open a code block that
 * swallows the rest, <b> or &copy; pass as HTML, * _ ~ $ [ ] turn
 * into emphasis, strikes, math or links, # - + 1. at the start into a
 * heading or a list: each is backslash-escaped (< > & as entities), and
 * every control character or line break becomes a space. Every cell and
 * paragraph argument of the quote passes through it. Returns out, always
 * terminated, never cut inside a character or an escape. */
char *md_escape(char *out, size_t cap, const char *s);
#define MD_TEXT_MAX 1024
/* md_escape into a buffer that lives to the end of the enclosing block,
 * for one printf argument (as MESSAGE_TEXT). */
#define MD(s) md_escape((char[MD_TEXT_MAX]){""}, MD_TEXT_MAX, (s))

/* The quote (report_quote_time.c): ", ~24 tok/s (±30 %)" or ", ~3.21 days
 * (±25 %)" after the conclusion; the "Speed and cost per token" or "Time
 * and cost" section, plans in order (order[i] indexes a->plans, n of
 * them; NULL: the catalogue's order); the assumptions the speed depends
 * on, each line after 'who' ("", "A: "). */
void quote_speed_suffix(char *buf, size_t cap, const struct plan *p);
struct analysis;
/* The plans in the order a quote shows them: order[i] indexes a->plans,
 * or the catalogue's order when order is NULL. */
struct quote_order {
	const size_t *order;
	size_t n;
};
size_t quote_order_count(const struct analysis *a, const struct quote_order *o);
/* The i-th plan shown, or NULL. */
const struct plan *quote_order_plan(const struct analysis *a, const struct quote_order *o,
				    size_t i);
void quote_time_sections(FILE *out, const struct analysis *a, const struct quote_order *o);
void quote_time_assumptions(FILE *out, const struct analysis *a, const char *who);

#endif
