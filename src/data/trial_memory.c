/* The trial's memory and utilisation logs (trial.h): nvidia-smi's
 * --query-gpu CSV and npu-smi info's table. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "trial.h"

const char *const trial_memory_format_keys[TRIAL_MEMORY_FORMAT_COUNT] = {
	[TRIAL_NVIDIA_SMI] = "nvidia-smi", [TRIAL_NPU_SMI] = "npu-smi"};

const char *const trial_memory_format_labels[TRIAL_MEMORY_FORMAT_COUNT] = {
	[TRIAL_NVIDIA_SMI] = N_("nvidia-smi memory log (CSV)"),
	[TRIAL_NPU_SMI] = N_("npu-smi info"),
};

#define LINE_MAX_BYTES 1024
#define CSV_MAX_COLUMNS 32

static bool fail_line(const char *name, unsigned line, char *err, size_t cap, const char *what)
{
	snprintf(err, cap, _("%s, line %u: %s"), name, line, what);
	return false;
}

/* Line no of text, copied into buf without its newline; NULL past the end. */
static const char *next_line(const char **p, const char *end, char *buf, size_t cap)
{
	if (*p >= end)
		return NULL;
	const char *nl = memchr(*p, '\n', (size_t)(end - *p));
	size_t n = nl ? (size_t)(nl - *p) : (size_t)(end - *p);
	snprintf(buf, cap, "%.*s", (int)(n < cap ? n : cap - 1), *p);
	buf[strcspn(buf, "\r")] = '\0';
	*p = nl ? nl + 1 : end; /* never past end: C forbids end + 1 */
	return buf;
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

bool trial_memory_recognised(const char *text, size_t len)
{
	size_t head = len < 4096 ? len : 4096;
	return memmem(text, head, "memory.used", 11) ||
	       (memmem(text, head, "npu-smi", 7) && memmem(text, len, "HBM-Usage(MB)", 13));
}

static void card_sample(struct trial_memory *m, int card, double used, double total, double util,
			int *counts)
{
	if (card + 1 > m->cards)
		m->cards = card + 1;
	if (used > m->peak_mib[card])
		m->peak_mib[card] = used;
	m->total_mib[card] = total;
	if (util >= 0) {
		m->util_pct[card] = (m->util_pct[card] * counts[card] + util) / (counts[card] + 1);
		counts[card]++;
	}
}

static void memory_start(struct trial_memory *m, enum trial_memory_format f, const char *name)
{
	*m = (struct trial_memory){.format = f};
	snprintf(m->file, sizeof m->file, "%s", name);
	for (int i = 0; i < TRIAL_MAX_CARDS; i++)
		m->util_pct[i] = -1;
}

/* ---- nvidia-smi --format=csv ---- */

enum smi_col { COL_INDEX, COL_NAME, COL_USED, COL_TOTAL, COL_UTIL, COL_COUNT };

struct smi_header {
	int at[COL_COUNT]; /* column of each; -1 none */
};

/* The header names its columns with their units: "memory.used [MiB]". */
static bool smi_header(char *line, struct smi_header *h, char *what, size_t cap)
{
	static const char *const names[COL_COUNT] = {"index", "name", "memory.used [MiB]",
						     "memory.total [MiB]", "utilization.gpu [%]"};
	for (int c = 0; c < COL_COUNT; c++)
		h->at[c] = -1;
	char *save = NULL;
	int col = 0;
	for (char *f = strtok_r(line, ",", &save); f; f = strtok_r(NULL, ",", &save), col++)
		for (int c = 0; c < COL_COUNT; c++)
			if (strcmp(trim(f), names[c]) == 0)
				h->at[c] = col;
	if (h->at[COL_USED] < 0 || h->at[COL_TOTAL] < 0) {
		snprintf(what, cap, "%s",
			 _("expected the columns \"memory.used [MiB]\" and \"memory.total [MiB]\" "
			   "(nvidia-smi --format=csv, without nounits or noheader)"));
		return false;
	}
	return true;
}

/* "70213 MiB" or "95 %": the number before its unit. */
static bool smi_value(const char *cell, const char *unit, double *out)
{
	char *stop;
	double v = strtod(cell, &stop);
	if (stop == cell || v < 0 || v > 1e9)
		return false;
	while (*stop == ' ')
		stop++;
	*out = v;
	return strcmp(stop, unit) == 0;
}

static bool smi_row(char *line, const struct smi_header *h, int row, struct trial_memory *m,
		    int *counts, char *what, size_t cap)
{
	char *cells[CSV_MAX_COLUMNS] = {0}, *save = NULL;
	int n = 0;
	for (char *f = strtok_r(line, ",", &save); f && n < CSV_MAX_COLUMNS; f = strtok_r(NULL, ",", &save))
		cells[n++] = trim(f);
	double used, total, util = -1, index = 0;
	if (h->at[COL_USED] >= n || h->at[COL_TOTAL] >= n ||
	    !smi_value(cells[h->at[COL_USED]], "MiB", &used) ||
	    !smi_value(cells[h->at[COL_TOTAL]], "MiB", &total) || !(total > 0)) {
		snprintf(what, cap, "%s", _("expected memory.used and memory.total in MiB"));
		return false;
	}
	if (h->at[COL_UTIL] >= 0 && h->at[COL_UTIL] < n &&
	    !smi_value(cells[h->at[COL_UTIL]], "%", &util))
		util = -1;
	if (h->at[COL_INDEX] >= 0 && (h->at[COL_INDEX] >= n ||
				      !smi_value(cells[h->at[COL_INDEX]], "", &index) ||
				      index >= TRIAL_MAX_CARDS)) {
		snprintf(what, cap, _("expected a card index from 0 to %d"), TRIAL_MAX_CARDS - 1);
		return false;
	}
	if (h->at[COL_NAME] >= 0 && h->at[COL_NAME] < n && !m->gpu[0])
		snprintf(m->gpu, sizeof m->gpu, "%s", cells[h->at[COL_NAME]]);
	(void)row;
	card_sample(m, (int)index, used, total, util, counts);
	m->samples++;
	return true;
}

static bool read_nvidia_smi(const char *name, const char *text, size_t len,
			    struct trial_memory *m, char *err, size_t cap)
{
	char buf[LINE_MAX_BYTES], header[LINE_MAX_BYTES] = "", what[200];
	int counts[TRIAL_MAX_CARDS] = {0};
	struct smi_header h;
	unsigned no = 0;
	memory_start(m, TRIAL_NVIDIA_SMI, name);
	for (const char *p = text, *end = text + len, *line; (line = next_line(&p, end, buf, sizeof buf));) {
		no++;
		if (!trim(buf)[0] || strcmp(buf, header) == 0) /* -l repeats nothing; a blank line */
			continue;
		if (!header[0]) {
			snprintf(header, sizeof header, "%s", buf);
			if (!smi_header(buf, &h, what, sizeof what))
				return fail_line(name, no, err, cap, what);
			continue;
		}
		if (!smi_row(buf, &h, (int)no, m, counts, what, sizeof what)) {
			/* A log copied while nvidia-smi -f still wrote it ends in
			   a row cut short, with no newline: the rows before stand. */
			if (p == end && end[-1] != '\n' && m->samples > 0)
				break;
			return fail_line(name, no, err, cap, what);
		}
	}
	if (m->samples == 0)
		return fail_line(name, no, err, cap, _("expected at least one row after the header"));
	m->valid = true;
	return true;
}

/* ---- npu-smi info ---- */

/* The cells of a "| a | b | c |" row, trimmed; how many. */
static int table_cells(char *line, char **cells, int cap)
{
	int n = 0;
	char *save = NULL;
	if (line[0] != '|')
		return 0;
	for (char *f = strtok_r(line, "|", &save); f && n < cap; f = strtok_r(NULL, "|", &save))
		cells[n++] = trim(f);
	return n;
}

/* "0    0 / 0          3318 / 65536": AICore %, then the last "used / total". */
static bool npu_usage(const char *cell, double *util, double *used, double *total)
{
	char *stop;
	*util = strtod(cell, &stop);
	if (stop == cell)
		return false;
	const char *slash = strrchr(cell, '/');
	if (!slash)
		return false;
	const char *u = slash;
	while (u > cell && u[-1] == ' ')
		u--;
	while (u > cell && isdigit((unsigned char)u[-1]))
		u--;
	*used = strtod(u, &stop);
	if (stop == u)
		return false;
	*total = strtod(slash + 1, &stop);
	return stop != slash + 1 && *total > 0;
}

static bool all_digits(const char *s)
{
	return *s && strspn(s, "0123456789") == strlen(s);
}

static bool read_npu_smi(const char *name, const char *text, size_t len, struct trial_memory *m,
			 char *err, size_t cap)
{
	char buf[LINE_MAX_BYTES], *cells[8];
	int counts[TRIAL_MAX_CARDS] = {0}, npu = -1;
	unsigned no = 0;
	memory_start(m, TRIAL_NPU_SMI, name);
	for (const char *p = text, *end = text + len, *line; (line = next_line(&p, end, buf, sizeof buf));) {
		no++;
		int n = table_cells(buf, cells, 8);
		if (n >= 1 && strstr(cells[0], "Process"))
			break; /* the process table follows the cards */
		if (n < 3)
			continue;
		char id[16] = "", chip_name[48] = "";
		if (sscanf(cells[0], "%15s %47s", id, chip_name) == 2 && all_digits(id)) {
			npu = atoi(id);
			if (npu >= TRIAL_MAX_CARDS)
				return fail_line(name, no, err, cap, _("expected at most 64 NPUs"));
			if (!m->gpu[0])
				snprintf(m->gpu, sizeof m->gpu, "%s", chip_name);
		} else if (all_digits(cells[0]) && npu >= 0) {
			double util, used, total;
			if (!npu_usage(cells[2], &util, &used, &total))
				return fail_line(name, no, err, cap,
						 _("expected AICore(%) and HBM-Usage(MB) as used / "
						   "total"));
			card_sample(m, npu, used, total, util, counts);
			m->samples++;
			npu = -1;
		}
	}
	if (m->samples == 0)
		return fail_line(name, no, err, cap, _("expected an NPU row with its HBM-Usage(MB)"));
	m->valid = true;
	return true;
}

bool trial_memory_read(const char *name, const char *text, size_t len, struct trial_memory *m,
		       char *err, size_t cap)
{
	if (memmem(text, len < 4096 ? len : 4096, "memory.used", 11))
		return read_nvidia_smi(name, text, len, m, err, cap);
	return read_npu_smi(name, text, len, m, err, cap);
}

double trial_memory_peak(const struct trial_memory *m, double *total_mib)
{
	double peak = 0;
	*total_mib = 0;
	for (int i = 0; i < m->cards; i++)
		if (m->peak_mib[i] > peak)
			peak = m->peak_mib[i], *total_mib = m->total_mib[i];
	return peak;
}
