#include <csv.h>
#include <stdio.h>
#include <string.h>

#include "report.h"
#include "tables.h"

void format_date(char *out, size_t cap, int d)
{
	if (d <= 0)
		snprintf(out, cap, "—");
	else
		snprintf(out, cap, "%04d-%02d-%02d", d / 10000, d / 100 % 100, d % 100);
}

const char *plan_fit_word(const struct plan *p)
{
	static const char *const words[] = {"ok", "tight", "no"};
	return words[p->level];
}

const char *scenario_kv_name(const struct scenario *sc)
{
	static const char *const names[] = {"auto", "16", "fp8"};
	return names[sc->kv_precision];
}

const char *scenario_recompute_name(const struct scenario *sc)
{
	static const char *const names[] = {"auto", "none", "full"};
	return names[sc->recompute];
}

const char *scenario_zero_name(const struct scenario *sc, char *buf, size_t cap)
{
	if (sc->zero == ZERO_AUTO)
		return "auto";
	snprintf(buf, cap, "%d", sc->zero);
	return buf;
}

void format_price(char *out, size_t cap, const struct rent *r)
{
	if (r->available)
		snprintf(out, cap, "%.0f", r->monthly_per_card);
	else
		snprintf(out, cap, "—");
}

void scenario_summary(char *out, size_t cap, const struct scenario *sc)
{
	snprintf(out, cap, "%s %s %s, context %lld, concurrency %lld%s", sc->model->name,
		 precisions[sc->precision].name, tasks[sc->task].name, sc->context,
		 sc->concurrency, sc->headroom_pct != DEFAULT_HEADROOM_PCT ? ", custom headroom" : "");
}

void report_data_line(FILE *out, const struct catalog *c)
{
	char date[16];
	format_date(date, sizeof date, c->newest_date);
	fprintf(out, "data: %s · prices as of %s\n", c->source, date);
}

void report_data_cells(FILE *out, const struct catalog *c)
{
	char date[16];
	format_date(date, sizeof date, c->newest_date);
	fputc(',', out);
	if (strpbrk(c->source, ",\"\n"))
		csv_fwrite(out, c->source, strlen(c->source));
	else
		fputs(c->source, out);
	fprintf(out, ",%s", date);
}
