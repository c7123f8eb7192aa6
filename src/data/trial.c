#include "trial.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"
#include "i18n.h"
#include "jsonr.h"

#define TRIAL_MAX_BYTES (64u << 20) /* a --save-detailed result of 10^5 requests */

const char *const trial_format_keys[TRIAL_FORMAT_COUNT] = {
	[TRIAL_VLLM_JSON] = "vllm-json",
	[TRIAL_VLLM_TEXT] = "vllm-summary",
	[TRIAL_SGLANG_JSONL] = "sglang-jsonl",
	[TRIAL_GENAI_PERF] = "genai-perf",
};

const char *const trial_format_labels[TRIAL_FORMAT_COUNT] = {
	[TRIAL_VLLM_JSON] = N_("vLLM benchmark result (JSON)"),
	[TRIAL_VLLM_TEXT] = N_("\"Serving Benchmark Result\" summary"),
	[TRIAL_SGLANG_JSONL] = N_("SGLang bench_serving result (JSONL)"),
	[TRIAL_GENAI_PERF] = N_("genai-perf profile export (JSON)"),
};

/* What a reader needs to say where it is. */
struct where {
	const char *name;
	char *err;
	size_t cap;
};

static bool fail_at(const struct where *w, unsigned line, const char *what)
{
	snprintf(w->err, w->cap, _("%s, line %u: %s"), w->name, line, what);
	return false;
}

static struct trial_point new_point(const struct where *w, enum trial_format f, unsigned line)
{
	struct trial_point p = {.format = f, .line = line, .ttft_mean_ms = -1, .ttft_p99_ms = -1,
				.tpot_mean_ms = -1, .tpot_p99_ms = -1, .itl_mean_ms = -1,
				.itl_p99_ms = -1, .isl = -1, .osl = -1, .output_tok_s = -1};
	snprintf(p.file, sizeof p.file, "%s", w->name);
	return p;
}

/* No run measures more than these: a larger figure is a corrupt file. */
static const struct {
	size_t at;
	const char *what;
	double max;
} point_limits[] = {
	{offsetof(struct trial_point, concurrency), N_("the concurrency"), 1e6},
	{offsetof(struct trial_point, rate), N_("the request rate"), 1e6},
	{offsetof(struct trial_point, isl), N_("the input length"), 1e8},
	{offsetof(struct trial_point, osl), N_("the output length"), 1e8},
	{offsetof(struct trial_point, output_tok_s), N_("the output token throughput"), 1e9},
	{offsetof(struct trial_point, ttft_mean_ms), N_("the mean TTFT in ms"), 1e9},
	{offsetof(struct trial_point, tpot_mean_ms), N_("the mean TPOT in ms"), 1e9},
};

static bool point_in_range(const struct where *w, const struct trial_point *p)
{
	for (size_t i = 0; i < sizeof point_limits / sizeof point_limits[0]; i++) {
		double v = *(const double *)((const char *)p + point_limits[i].at);
		if (v > point_limits[i].max) {
			char what[200];
			snprintf(what, sizeof what, _("expected %s of at most %g, found %g"),
				 _(point_limits[i].what), point_limits[i].max, v);
			return fail_at(w, p->line, what);
		}
	}
	return true;
}

/* What every point must have: a load, lengths, the throughput and the
 * mean latencies, each finite. */
static bool point_complete(const struct where *w, const struct trial_point *p)
{
	char what[200];
	const char *missing = !(p->isl > 0)             ? _("the input length")
			      : !(p->osl > 0)           ? _("the output length")
			      : !(p->output_tok_s > 0)  ? _("the output token throughput")
			      : !(p->ttft_mean_ms > 0)  ? _("the mean TTFT in ms")
			      : !(p->tpot_mean_ms > 0)  ? _("the mean TPOT in ms")
							: NULL;
	if (missing) {
		snprintf(what, sizeof what, _("expected %s in the %s, found none"), missing,
			 _(trial_format_labels[p->format]));
		return fail_at(w, p->line, what);
	}
	if (!point_in_range(w, p))
		return false;
	if (!(p->concurrency > 0) && !(p->rate > 0)) {
		snprintf(what, sizeof what, "%s",
			 _("expected the maximum concurrency or a finite request rate: with "
			   "neither, every request was sent at once and the load is unknown "
			   "(run the benchmark with --max-concurrency)"));
		return fail_at(w, p->line, what);
	}
	return true;
}

static bool add_point(const struct where *w, struct trial_set *t, const struct trial_point *p)
{
	if (!point_complete(w, p))
		return false;
	if (t->n >= TRIAL_MAX_POINTS) {
		char what[120];
		snprintf(what, sizeof what, _("expected at most %d runs in all, found more"),
			 TRIAL_MAX_POINTS);
		return fail_at(w, p->line, what);
	}
	t->pts[t->n++] = *p;
	return true;
}

/* ---- vLLM and SGLang result JSON: the same metric names ---- */

static double member_or(const struct jr_doc *d, int obj, const char *key, double dflt)
{
	double v;
	return jr_member_number(d, obj, key, &v) && isfinite(v) ? v : dflt;
}

/* request_rate: a number, vLLM's "inf" or Python's Infinity: 0 when not finite. */
static double finite_rate(const struct jr_doc *d, int obj, const char *key)
{
	double v = member_or(d, obj, key, 0);
	return v > 0 ? v : 0;
}

static void read_bench_json(const struct jr_doc *d, int o, struct trial_point *p)
{
	double done = member_or(d, o, "completed", -1);
	if (done > 0) {
		p->isl = member_or(d, o, "total_input_tokens", -1) / done;
		p->osl = member_or(d, o, "total_output_tokens", -1) / done;
	}
	p->output_tok_s = member_or(d, o, "output_throughput", -1);
	/* SGLang's bench_serving of late 2024 (0.3, 0.4) wrote the medians
	   only: median_ttft_ms and median_itl_ms, no mean TTFT, no TPOT. Its
	   native backend streams a token a chunk, so the median ITL is the
	   median TPOT; a median stands in for the mean where the mean is not
	   written. */
	p->ttft_mean_ms = member_or(d, o, "mean_ttft_ms", member_or(d, o, "median_ttft_ms", -1));
	p->ttft_p99_ms = member_or(d, o, "p99_ttft_ms", -1);
	p->tpot_mean_ms = member_or(d, o, "mean_tpot_ms",
				    member_or(d, o, "median_tpot_ms",
					      member_or(d, o, "median_itl_ms", -1)));
	p->tpot_p99_ms = member_or(d, o, "p99_tpot_ms", -1);
	p->itl_mean_ms = member_or(d, o, "mean_itl_ms", -1);
	p->itl_p99_ms = member_or(d, o, "p99_itl_ms", -1);
	p->concurrency = member_or(d, o, "max_concurrency", 0);
	p->rate = finite_rate(d, o, "request_rate");
	/* vLLM's benchmark_serving.py before --max-concurrency (0.6.3 and
	   older) writes neither it nor a finite rate: at "request_rate": "inf"
	   it sent all num_prompts requests at once, a burst that empties as
	   the short ones finish. Its load is the users in flight on average,
	   Little's law: requests a second × the mean latency (mean_e2el_ms,
	   mean_latency_ms before); num_prompts where neither is written. */
	if (!(p->concurrency > 0) && !(p->rate > 0)) {
		double x = member_or(d, o, "request_throughput", -1);
		double e2e = member_or(d, o, "mean_e2el_ms", member_or(d, o, "mean_latency_ms", -1));
		p->concurrency = x > 0 && e2e > 0 ? x * e2e / 1000 : member_or(d, o, "num_prompts", 0);
	}
	jr_member_string(d, o, "model_id", p->model, sizeof p->model);
	jr_member_string(d, o, "gpu", p->gpu, sizeof p->gpu);
}

/* ---- genai-perf: {"metric": {"unit": ..., "avg": ..., "p99": ...}} ---- */

static bool genai_stat(const struct where *w, const struct jr_doc *d, const char *metric,
		       const char *unit, double *avg, double *p99)
{
	int m = jr_member(d, 0, metric);
	char got[32] = "", what[200];
	if (m < 0 || !jr_member_number(d, m, "avg", avg) || !isfinite(*avg)) {
		snprintf(what, sizeof what, _("expected \"%s\" with its \"avg\", found none"),
			 metric);
		return fail_at(w, m < 0 ? 1 : d->nodes[m].line, what);
	}
	if (!jr_member_string(d, m, "unit", got, sizeof got) || strcmp(got, unit) != 0) {
		snprintf(what, sizeof what, _("expected \"%s\" in %s, found unit \"%s\""), metric,
			 unit, got);
		return fail_at(w, d->nodes[m].line, what);
	}
	if (p99)
		*p99 = member_or(d, m, "p99", -1);
	return true;
}

/* The load: input_config.perf_analyzer.stimulus (genai-perf 0.0.13 on),
 * or input_config itself (before). */
static void genai_load(const struct jr_doc *d, struct trial_point *p)
{
	int cfg = jr_member(d, 0, "input_config");
	int stim = jr_member(d, jr_member(d, cfg, "perf_analyzer"), "stimulus");
	int from = stim >= 0 ? stim : cfg;
	p->concurrency = member_or(d, from, "concurrency", 0);
	p->rate = finite_rate(d, from, "request_rate");
	int names = jr_member(d, cfg, "model_names");
	if (names < 0)
		names = jr_member(d, cfg, "model");
	if (names >= 0 && d->nodes[names].type == JR_ARRAY && d->nodes[names].first >= 0) {
		const struct jr_node *n = &d->nodes[d->nodes[names].first];
		if (n->type == JR_STRING)
			snprintf(p->model, sizeof p->model, "%.*s", (int)n->str_len, n->str);
	}
}

static bool read_genai(const struct where *w, const struct jr_doc *d, struct trial_set *t)
{
	struct trial_point p = new_point(w, TRIAL_GENAI_PERF, 1);
	double isl_p99, osl_p99;
	if (!genai_stat(w, d, "output_token_throughput", "tokens/sec", &p.output_tok_s, NULL) ||
	    !genai_stat(w, d, "time_to_first_token", "ms", &p.ttft_mean_ms, &p.ttft_p99_ms) ||
	    !genai_stat(w, d, "inter_token_latency", "ms", &p.tpot_mean_ms, &p.tpot_p99_ms) ||
	    !genai_stat(w, d, "input_sequence_length", "tokens", &p.isl, &isl_p99) ||
	    !genai_stat(w, d, "output_sequence_length", "tokens", &p.osl, &osl_p99))
		return false;
	/* genai-perf's ITL is per request: (latency - TTFT)/(tokens - 1), vLLM's TPOT */
	p.itl_mean_ms = p.tpot_mean_ms, p.itl_p99_ms = p.tpot_p99_ms;
	genai_load(d, &p);
	return add_point(w, t, &p);
}

/* ---- which JSON it is ---- */

static bool is_sglang(const struct jr_doc *d, int o)
{
	return jr_member(d, o, "total_output_tokens_retokenized") >= 0 ||
	       jr_member(d, o, "random_input_len") >= 0;
}

static bool is_vllm(const struct jr_doc *d, int o)
{
	return jr_member(d, o, "output_throughput") >= 0 &&
	       (jr_member(d, o, "model_id") >= 0 || jr_member(d, o, "tokenizer_id") >= 0 ||
		jr_member(d, o, "date") >= 0);
}

static bool unknown_format(const struct where *w, unsigned line)
{
	return fail_at(w, line,
		       _("expected a vLLM benchmark result (JSON), a \"Serving Benchmark Result\" "
			 "summary, SGLang bench_serving JSONL, genai-perf's "
			 "profile_export_genai_perf.json, an nvidia-smi --query-gpu CSV log, "
			 "npu-smi info or a cards,tokens_per_s CSV, found none of them"));
}

static bool read_json_doc(const struct where *w, const struct jr_doc *d, unsigned line,
			  struct trial_set *t)
{
	if (d->nodes[0].type != JR_OBJECT)
		return unknown_format(w, line);
	if (jr_member(d, 0, "time_to_first_token") >= 0)
		return read_genai(w, d, t);
	enum trial_format f = is_sglang(d, 0) ? TRIAL_SGLANG_JSONL
			      : is_vllm(d, 0) ? TRIAL_VLLM_JSON
					      : TRIAL_FORMAT_COUNT;
	if (f == TRIAL_FORMAT_COUNT)
		return unknown_format(w, line);
	struct trial_point p = new_point(w, f, line);
	read_bench_json(d, 0, &p);
	return add_point(w, t, &p);
}

/* SGLang appends one run a line: each line is a document of its own. */
static bool read_json_lines(const struct where *w, const char *text, size_t len,
			    struct trial_set *t)
{
	unsigned line = 1;
	for (const char *p = text, *end = text + len; p < end; line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		struct jr_doc d;
		char why[160];
		unsigned at;
		bool blank = strspn(p, " \t\r") >= n;
		if (!blank) {
			if (!jr_parse(&d, p, n, line, &at, why, sizeof why))
				return fail_at(w, at, why);
			bool ok = is_sglang(&d, 0) ? read_json_doc(w, &d, line, t)
						   : unknown_format(w, line);
			jr_free(&d);
			if (!ok)
				return false;
		}
		p += n + 1;
	}
	return true;
}

static bool read_json(const struct where *w, const char *text, size_t len, struct trial_set *t)
{
	struct jr_doc d;
	char why[160], first[160];
	unsigned at, first_at;
	if (jr_parse(&d, text, len, 1, &at, why, sizeof why)) {
		bool ok = read_json_doc(w, &d, 1, t);
		jr_free(&d);
		return ok;
	}
	const char *nl = memchr(text, '\n', len);
	if (nl && jr_parse(&d, text, (size_t)(nl - text), 1, &first_at, first, sizeof first)) {
		jr_free(&d);
		return read_json_lines(w, text, len, t);
	}
	return fail_at(w, at, why);
}

/* ---- the printed summary ---- */

/* One line of the summary: its label, the unit it must carry, where
 * the value goes (an offset into struct trial_point). */
struct summary_row {
	const char *label, *unit;
	size_t at;
};

#define AT(f) offsetof(struct trial_point, f)
/* totals are turned into means when the block ends */
static const struct summary_row summary_rows[] = {
	{"Successful requests", "", AT(concurrency) /* replaced below */},
	{"Total input tokens", "", AT(isl)},
	{"Total generated tokens", "", AT(osl)},
	{"Output token throughput", "(tok/s)", AT(output_tok_s)},
	{"Mean TTFT", "(ms)", AT(ttft_mean_ms)},
	{"P99 TTFT", "(ms)", AT(ttft_p99_ms)},
	{"Mean TPOT", "(ms)", AT(tpot_mean_ms)},
	{"P99 TPOT", "(ms)", AT(tpot_p99_ms)},
	{"Mean ITL", "(ms)", AT(itl_mean_ms)},
	{"P99 ITL", "(ms)", AT(itl_p99_ms)},
	{"Maximum request concurrency", "", AT(concurrency)},
	{"Max request concurrency", "", AT(concurrency)}, /* SGLang's summary */
	{"Request rate configured", "(RPS)", AT(rate)},
	{"Traffic request rate", "", AT(rate)},
};

struct summary {
	struct trial_point cur;
	double done;      /* successful requests */
	double pend_conc, pend_rate; /* printed before the block's header */
	bool in_block;
};

/* The line without white space and the '#' of a pasted comment. */
static const char *summary_text(const char *line)
{
	while (*line == ' ' || *line == '\t' || *line == '#')
		line++;
	return line;
}

static bool summary_value(const struct where *w, unsigned line, const struct summary_row *r,
			  const char *rest, double *out)
{
	char what[200];
	while (*rest == ' ')
		rest++;
	if (r->unit[0]) {
		size_t n = strlen(r->unit);
		if (strncmp(rest, r->unit, n) != 0) {
			snprintf(what, sizeof what, _("expected \"%s %s:\", found \"%s %.20s\""),
				 r->label, r->unit, r->label, rest);
			return fail_at(w, line, what);
		}
		rest += n;
	}
	if (*rest != ':')
		return fail_at(w, line, _("expected ':' after the label"));
	char *stop;
	rest++;
	while (*rest == ' ')
		rest++;
	if (strncmp(rest, "inf", 3) == 0) {
		*out = 0; /* no rate limit */
		return true;
	}
	double v = strtod(rest, &stop);
	if (stop == rest || !isfinite(v) || v < 0) {
		snprintf(what, sizeof what, _("expected a number after \"%s\""), r->label);
		return fail_at(w, line, what);
	}
	*out = v;
	return true;
}

static bool summary_end(const struct where *w, struct summary *s, struct trial_set *t)
{
	struct trial_point *p = &s->cur;
	s->in_block = false;
	if (!(s->done > 0))
		return fail_at(w, p->line, _("expected \"Successful requests:\" above zero"));
	p->isl = p->isl > 0 ? p->isl / s->done : -1;
	p->osl = p->osl > 0 ? p->osl / s->done : -1;
	s->pend_conc = s->pend_rate = 0;
	return add_point(w, t, p);
}

static bool summary_line(const struct where *w, struct summary *s, const char *line, unsigned no,
			 struct trial_set *t)
{
	const char *x = summary_text(line);
	if (strstr(x, "Serving Benchmark Result")) {
		if (s->in_block && !summary_end(w, s, t))
			return false;
		s->cur = new_point(w, TRIAL_VLLM_TEXT, no);
		s->cur.concurrency = s->pend_conc, s->cur.rate = s->pend_rate;
		s->done = 0, s->in_block = true;
		return true;
	}
	if (s->in_block && strlen(x) >= 10 && strspn(x, "=") == strcspn(x, "\r\n"))
		return summary_end(w, s, t);
	for (size_t i = 0; i < sizeof summary_rows / sizeof summary_rows[0]; i++) {
		const struct summary_row *r = &summary_rows[i];
		size_t n = strlen(r->label);
		if (strncasecmp(x, r->label, n) != 0 || (x[n] != ' ' && x[n] != ':'))
			continue;
		double v;
		if (!summary_value(w, no, r, x + n, &v))
			return false;
		if (i == 0)
			s->done = v;
		else if (!s->in_block && r->at == AT(concurrency))
			s->pend_conc = v;
		else if (!s->in_block)
			s->pend_rate = v;
		else
			*(double *)((char *)&s->cur + r->at) = v;
		return true;
	}
	return true;
}

static bool read_summary(const struct where *w, const char *text, size_t len, struct trial_set *t)
{
	struct summary s = {0};
	char line[512];
	unsigned no = 1;
	for (const char *p = text, *end = text + len; p < end; no++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p);
		if (!summary_line(w, &s, line, no, t))
			return false;
		p += n + 1;
	}
	return !s.in_block || summary_end(w, &s, t);
}

/* ---- training speed-ups: "cards,tokens_per_s" ---- */

#define TRAIN_HEADER "cards,tokens_per_s"
const char trial_train_label[] = N_("training speed-ups (cards,tokens_per_s CSV)");
#define TRAIN_MAX_CARDS 4096

static bool train_recognised(const char *text, size_t len)
{
	size_t lead = 0, n = strlen(TRAIN_HEADER);
	while (lead < len && isspace((unsigned char)text[lead]))
		lead++;
	return len - lead >= n && strncmp(text + lead, TRAIN_HEADER, n) == 0;
}

static bool train_row(const struct where *w, const char *line, unsigned no, struct trial_set *t)
{
	char *stop, what[160];
	long cards = strtol(line, &stop, 10);
	double tok = *stop == ',' ? strtod(stop + 1, &stop) : -1;
	while (*stop == ' ' || *stop == '\r')
		stop++;
	if (cards < 1 || cards > TRAIN_MAX_CARDS || !(tok > 0) || !isfinite(tok) || *stop) {
		snprintf(what, sizeof what,
			 _("expected a card count from 1 to %d, a comma and tokens a second"),
			 TRAIN_MAX_CARDS);
		return fail_at(w, no, what);
	}
	for (int i = 0; i < t->ntrain; i++)
		if (t->train[i].cards == cards) {
			snprintf(what, sizeof what, _("expected each card count once, found %ld again"),
				 cards);
			return fail_at(w, no, what);
		}
	if (t->ntrain >= USL_MAX_POINTS) {
		snprintf(what, sizeof what, _("expected at most %d card counts"), USL_MAX_POINTS);
		return fail_at(w, no, what);
	}
	t->train[t->ntrain++] = (struct usl_point){.cards = (int)cards, .tokens_per_s = tok};
	return true;
}

static bool read_train(const struct where *w, const char *text, size_t len, struct trial_set *t)
{
	char line[256];
	unsigned no = 1;
	bool header = true;
	snprintf(t->train_file, sizeof t->train_file, "%s", w->name);
	for (const char *p = text, *end = text + len; p < end; no++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p);
		p += n + 1;
		if (strspn(line, " \t\r") == strlen(line))
			continue;
		if (header) {
			header = false;
			continue;
		}
		if (!train_row(w, line, no, t))
			return false;
	}
	return true;
}

/* ---- entry points ---- */

bool trial_read_text(const char *name, const char *text, size_t len, struct trial_set *t,
		     char *err, size_t cap)
{
	struct where w = {.name = name, .err = err, .cap = cap};
	struct trial_set keep = *t;
	size_t lead = 0;
	while (lead < len && isspace((unsigned char)text[lead]))
		lead++;
	bool ok;
	if (train_recognised(text, len)) {
		ok = read_train(&w, text, len, t);
	} else if (trial_memory_recognised(text, len)) {
		if (t->mem.valid)
			return fail_at(&w, 1, _("expected one memory log in all, found a second"));
		ok = trial_memory_read(name, text, len, &t->mem, err, cap);
	} else if (lead < len && text[lead] == '{')
		ok = read_json(&w, text, len, t);
	else if (memmem(text, len, "Serving Benchmark Result", 24))
		ok = read_summary(&w, text, len, t);
	else
		ok = unknown_format(&w, 1);
	if (ok && t->n == 0 && !t->mem.valid && t->ntrain == 0)
		ok = fail_at(&w, 1, _("expected at least one run, found none"));
	if (!ok)
		*t = keep;
	return ok;
}

bool trial_read_file(const char *path, struct trial_set *t, char *err, size_t cap)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		snprintf(err, cap, _("cannot read %s: %s"), path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return false;
	}
	if (!S_ISREG(st.st_mode) || (size_t)st.st_size > TRIAL_MAX_BYTES) {
		snprintf(err, cap, _("cannot read %s: expected a file of at most %u MiB"), path,
			 TRIAL_MAX_BYTES >> 20);
		close(fd);
		return false;
	}
	char *text = fd_read_all(fd, (size_t)st.st_size);
	close(fd);
	if (!text) {
		snprintf(err, cap, _("cannot read %s: %s"), path, strerror(errno));
		return false;
	}
	bool ok = trial_read_text(path, text, (size_t)st.st_size, t, err, cap);
	free(text);
	return ok;
}
