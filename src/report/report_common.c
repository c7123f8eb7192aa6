/* What every printed report shares: the scenario's summary and header,
 * the data line and cells, the columns, and write errors. */
#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "datasrc.h"
#include "i18n.h"
#include "report.h"
#include "settings.h"
#include "text.h"

/* The names below are the settings table's, as the command line takes them. */
static const char *choice_name(const char *key, const struct scenario *sc)
{
	const struct setting *s = settings_find(key);
	return setting_choice(s, setting_choice_index(s, sc));
}

const char *scenario_kv_name(const struct scenario *sc)
{
	return choice_name("kv-precision", sc);
}

/* "Llama-3.1-70B bf16 inference, context 4096, concurrency 1": the model's
 * name, then the rows the settings table marks for summaries. */
void scenario_summary(char *out, size_t cap, const struct scenario *sc)
{
	/* the clauses' separator: a Chinese comma, not the lists' 、 */
	const struct summary_style style = {" ", C_("summary|, "), false, true};
	int n = snprintf(out, cap, "%s", scenario_model(sc)->name);
	if (n >= 0 && (size_t)n < cap)
		settings_summary(out + n, cap - (size_t)n, sc, &style);
}

/* " · bf16 · LoRA fine-tune · context 4096 · concurrency 1": the table
 * report's header, after the model. */
void scenario_header(char *out, size_t cap, const struct scenario *sc)
{
	static const struct summary_style style = {" · ", " · ", true, false};
	settings_summary(out, cap, sc, &style);
}

void report_data_line(FILE *out, const struct catalog *c)
{
	char date[16];
	unit_date(date, sizeof date, c->newest_date);
	fprintf(out, _("data: %s · prices as of %s\n"), data_source_text(c), date);
}

void report_data_cells(FILE *out, const struct catalog *c)
{
	char date[16];
	unit_date(date, sizeof date, c->newest_date);
	fputc(',', out);
	if (strpbrk(c->source, ",\"\n"))
		csv_fwrite(out, c->source, strlen(c->source));
	else
		fputs(c->source, out);
	fprintf(out, ",%s", date);
}

static size_t column_width(const char *const *cells, size_t nrows, size_t ncols, size_t c)
{
	size_t w = 0;
	for (size_t r = 0; r < nrows; r++) {
		size_t cw = text_width(cells[r * ncols + c]);
		w = cw > w ? cw : w;
	}
	return w;
}

void report_columns(FILE *out, const char *const *cells, size_t nrows, size_t ncols,
		    const bool *left)
{
	size_t width[16] = {0};
	ncols = ncols < 16 ? ncols : 16;
	for (size_t c = 0; c < ncols; c++)
		width[c] = column_width(cells, nrows, ncols, c);
	for (size_t r = 0; r < nrows; r++) {
		for (size_t c = 0; c < ncols; c++) {
			const char *cell = cells[r * ncols + c];
			if (c > 0)
				fputs("  ", out);
			if (c + 1 == ncols && left[c]) /* no trailing blanks */
				fputs(cell, out);
			else
				text_pad(out, cell, width[c], !left[c]);
		}
		fputc('\n', out);
	}
}

/* A write that failed earlier has left ferror set and its errno behind
 * (the caller clears errno before writing); a failure at the flush sets
 * errno afresh. */
int report_write_error(FILE *out)
{
	int earlier = errno;
	errno = 0;
	if (fflush(out) == 0 && !ferror(out))
		return 0;
	return errno ? errno : earlier ? earlier : EIO;
}
