/* Time and money over time in the breakdown, most telling first: the
 * speed, what a million tokens cost, the shapes worth knowing, then the
 * efficiencies the figures rest on; training in detail_train.c. Each
 * line is the presentation layer's, in the screen's style. */
#include "detail_time.h"

#include "detail_train.h"
#include "report_time.h"

#define LINE DETAIL_LINE_BYTES

static void add_why(struct detail_lines *d, const struct plan *p, int w, const struct style *st)
{
	char line[LINE];
	for (int i = 0; i < p->nwhy; i++) {
		time_why_line(line, sizeof line, p, i, st);
		detail_add_wrapped(d, line, w);
	}
}

void detail_time_summary(struct detail_lines *d, const struct plan *p, const struct scenario *sc,
			 int w, const struct style *st)
{
	char line[LINE];
	add_why(d, p, w, st);
	if (!p->fits || !p->cards)
		return;
	if (p->training.valid) {
		detail_train_summary(d, p, sc, w, st);
		return;
	}
	if (!p->throughput.valid)
		return;
	time_speed_line(line, sizeof line, p, false, st);
	detail_add_wrapped(d, line, w);
}

static void inference_lines(struct detail_lines *d, const struct plan *p, int w,
			    const struct style *st)
{
	char line[LINE];
	time_cost_line(line, sizeof line, p, false, st);
	detail_add_wrapped(d, line, w);
	if (time_break_even_line(line, sizeof line, p, st))
		detail_add_wrapped(d, line, w);
	for (int i = 0; i < p->nalternatives; i++) {
		time_alternative_line(line, sizeof line, p, i, st);
		detail_add_wrapped(d, line, w);
	}
	if (p->throughput_at_max.valid) {
		time_speed_line(line, sizeof line, p, true, st);
		detail_add_wrapped(d, line, w);
	}
	time_efficiency_line(line, sizeof line, p, st);
	detail_add_wrapped(d, line, w);
}

void detail_time_lines(struct detail_lines *d, const struct plan *p, int w,
		       const struct style *st)
{
	if (!p->fits || !p->cards)
		return;
	if (p->training.valid)
		detail_train_lines(d, p, w, st);
	else if (p->throughput.valid)
		inference_lines(d, p, w, st);
}
