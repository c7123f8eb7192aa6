/* The figures table: the CSV carries every scalar the JSON reports of a
 * plan and of its scenario, under the flattened name and with the same
 * value (a message as its text and its code); the memory terms, the rent
 * sentence and the compare row read as the reports do. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cheaper.h"
#include "figures.h"
#include "i18n.h"
#include "plan_text.h"
#include "report.h"
#include "text.h"
#include "bar.h"
#include "helpers.h"
#include "json_check.h"

#define MAX_LEAVES 8192 /* 15 GPU types, each with its training tiers and regions */
#define MAX_COLS 512

/* A scalar of the JSON: its path ("plans.2.container.region") and text. */
struct leaf {
	char path[160];
	char text[1024];
	bool null;
};

static struct leaf leaves[MAX_LEAVES];
static int nleaves;
static char header[MAX_COLS][64];
static int ncols;

static const char *json_value(const char *s, const char *path);

static const char *skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r')
		s++;
	return s;
}

/* A string without its quotes; the report writes only \" \\ \n \u00XX. */
static const char *json_string(const char *s, char *out, size_t cap)
{
	size_t n = 0;
	for (s++; *s != '"'; s++) {
		char c = *s;
		if (c == '\\') {
			s++;
			c = *s == 'n' ? '\n' : *s == 'u' ? (char)strtol(s + 1, NULL, 16) : *s;
			if (*s == 'u')
				s += 4;
		}
		if (n + 1 < cap)
			out[n++] = c;
	}
	out[n] = '\0';
	return s + 1;
}

static void add_leaf(const char *path, const char *text, size_t len, bool null)
{
	cr_assert_lt(nleaves, MAX_LEAVES);
	struct leaf *l = &leaves[nleaves++];
	snprintf(l->path, sizeof l->path, "%s", path);
	snprintf(l->text, sizeof l->text, "%.*s", (int)len, text);
	l->null = null;
}

static const char *json_members(const char *s, const char *path, bool keyed)
{
	char key[128], sub[160];
	s = skip_ws(s + 1);
	for (int i = 0; *s != '}' && *s != ']'; i++) {
		if (keyed) {
			s = skip_ws(json_string(s, key, sizeof key));
			s++; /* ':' */
		} else {
			snprintf(key, sizeof key, "%d", i);
		}
		snprintf(sub, sizeof sub, "%s%s%s", path, path[0] ? "." : "", key);
		s = skip_ws(json_value(s, sub));
		if (*s == ',')
			s = skip_ws(s + 1);
	}
	return s + 1;
}

static const char *json_value(const char *s, const char *path)
{
	char text[1024];
	s = skip_ws(s);
	if (*s == '{' || *s == '[')
		return json_members(s, path, *s == '{');
	if (*s == '"') {
		const char *end = json_string(s, text, sizeof text);
		add_leaf(path, text, strlen(text), false);
		return end;
	}
	size_t len = strcspn(s, ",}] \n");
	add_leaf(path, s, len, strncmp(s, "null", 4) == 0);
	return s + len;
}

/* One CSV line into cells (quoted cells as libcsv writes them). */
static int csv_cells(const char *line, char cells[][1024], int max)
{
	int n = 0;
	for (const char *s = line; n < max; s++) {
		size_t k = 0;
		bool quoted = *s == '"';
		for (s += quoted; *s && (quoted || (*s != ',' && *s != '\n')); s++) {
			if (quoted && *s == '"' && s[1] == '"')
				s++;
			else if (quoted && *s == '"') {
				quoted = false;
				continue;
			}
			if (k + 1 < 1024)
				cells[n][k++] = *s;
		}
		cells[n++][k] = '\0';
		if (*s != ',')
			break;
	}
	return n;
}

/* The report as a string the caller frees. */
static char *report_text(void (*report)(FILE *, const struct analysis *), const struct analysis *a)
{
	static char *text; /* open_memstream keeps their addresses until fclose */
	static size_t len;
	FILE *f = open_memstream(&text, &len);
	report(f, a);
	fclose(f);
	return text;
}

/* The CSV's naming rule: group.key -> group_key; a group named for its
 * unit (per_card_gib) keeps the unit last: per_card_key_gib; the group
 * memory_minimum{} is memory_minimum_plan_* (memory_minimum_cards is the
 * plan's older flat column, the same count). */
static void flatten(char *out, size_t cap, const char *group, const char *key)
{
	size_t n = strlen(group);
	if (strcmp(group, "memory_minimum") == 0)
		snprintf(out, cap, "memory_minimum_plan_%s", key);
	else if (n > 4 && strcmp(group + n - 4, "_gib") == 0)
		snprintf(out, cap, "%.*s_%s_gib", (int)(n - 4), group, key);
	else
		snprintf(out, cap, "%s_%s", group, key);
}

static int column(const char *name)
{
	for (int i = 0; i < ncols; i++)
		if (strcmp(header[i], name) == 0)
			return i;
	return -1;
}

/* A group that is null in the JSON still has its columns in the CSV. */
static bool group_has_columns(const char *group)
{
	char pattern[160];
	flatten(pattern, sizeof pattern, group, "\x01");
	size_t pre = strcspn(pattern, "\x01");
	const char *suffix = pattern + pre + 1;
	for (int i = 0; i < ncols; i++) {
		size_t n = strlen(header[i]);
		if (strncmp(header[i], pattern, pre) == 0 && n > pre + strlen(suffix) &&
		    strcmp(header[i] + n - strlen(suffix), suffix) == 0)
			return true;
	}
	return false;
}

/* A member of a message object ({code, severity, args, text}): its text
 * is the cell named for the message (container_reason), its code the
 * cell NAME_code; the severity and the arguments follow from the code and
 * have no cell. Returns the parts that name a cell, or -1 for none. */
static int message_parts(char parts[][128], int n)
{
	for (int i = 1; i < n; i++)
		if (strcmp(parts[i], "args") == 0 || strcmp(parts[i], "severity") == 0)
			return -1;
	return n > 1 && strcmp(parts[n - 1], "text") == 0 ? n - 1 : n;
}

/* The leaf "plans.<plan>.a[.b[.c]]" as a CSV column name (the groups'
 * keys joined by '_'); false for another plan's leaf, or a message's
 * member without a cell. A list element (notes.0, scaling.2.days) is the
 * list's joined cell. */
static bool plan_column(const struct leaf *l, int plan, char *name, size_t cap, bool *grouped,
			bool *list)
{
	char prefix[32], rest[160], parts[6][128] = {{0}};
	int n = 0;
	snprintf(prefix, sizeof prefix, "plans.%d.", plan);
	if (strncmp(l->path, prefix, strlen(prefix)) != 0)
		return false;
	snprintf(rest, sizeof rest, "%s", l->path + strlen(prefix));
	*list = false;
	for (char *tok = strtok(rest, "."); tok && n < 6; tok = strtok(NULL, ".")) {
		if (tok[0] >= '0' && tok[0] <= '9') {
			*list = true;
			break;
		}
		snprintf(parts[n++], sizeof parts[0], "%s", tok);
	}
	if (!*list && (n = message_parts(parts, n)) < 0)
		return false;
	*grouped = n > 1;
	snprintf(name, cap, "%s", parts[0]);
	for (int i = 1; i < n; i++) {
		char joined[160];
		flatten(joined, sizeof joined, name, parts[i]);
		snprintf(name, cap, "%s", joined);
	}
	return true;
}

/* The groups null for a plan without cards (the time groups may be null
 * for a plan with cards). */
static bool cards_group(const char *name)
{
	return strcmp(name, "per_card_gib") == 0 || strcmp(name, "container") == 0 ||
	       strcmp(name, "baremetal") == 0;
}

static void check_leaf(const struct leaf *l, int plan, char row[][1024], bool *has_cards)
{
	char name[160];
	bool grouped, list;
	if (!plan_column(l, plan, name, sizeof name, &grouped, &list))
		return;
	int col = column(name);
	if (col < 0 && l->null) {
		cr_assert(group_has_columns(name), "JSON %s has no CSV columns", l->path);
		if (cards_group(name))
			*has_cards = false;
		return;
	}
	cr_assert_geq(col, 0, "JSON %s has no CSV column %s", l->path, name);
	if (!list)
		cr_assert_str_eq(row[col], l->null ? "" : l->text, "%s: CSV %s, JSON %s", name,
				 row[col], l->text);
}

/* "scenario.K": the same value in every row, in the column K for the
 * five that lead the row, scenario_K for the others. */
static void check_scenario_leaf(const struct leaf *l, char row[][1024])
{
	static const char *const lead[] = {"model", "precision", "task", "context",
					   "concurrency"};
	char name[160];
	const char *key = l->path + strlen("scenario.");
	if (strncmp(l->path, "scenario.", strlen("scenario.")) != 0)
		return;
	snprintf(name, sizeof name, "scenario_%s", key);
	for (size_t i = 0; i < sizeof lead / sizeof lead[0]; i++)
		if (strcmp(key, lead[i]) == 0)
			snprintf(name, sizeof name, "%s", key);
	int col = column(name);
	cr_assert_geq(col, 0, "JSON %s has no CSV column %s", l->path, name);
	cr_assert_str_eq(row[col], l->null ? "" : l->text, "%s: CSV %s, JSON %s", name, row[col],
			 l->text);
}

/* Every scalar leaf of every plan against the CSV header and that plan's row. */
static void check_analysis(struct analysis *a)
{
	static char row[MAX_COLS][1024];
	char *json = report_text(report_json, a), *csv = report_text(report_csv, a);
	cr_assert(json_valid(json));
	nleaves = 0;
	json_value(json, "");
	ncols = csv_cells(csv, row, MAX_COLS);
	for (int i = 0; i < ncols; i++)
		snprintf(header[i], sizeof header[i], "%s", row[i]);
	const char *line = strchr(csv, '\n') + 1;
	for (int plan = 0; plan < (int)a->nplans; plan++, line = strchr(line, '\n') + 1) {
		cr_assert_eq(csv_cells(line, row, MAX_COLS), ncols, "plan %d: cells", plan);
		bool has_cards = true;
		for (int i = 0; i < nleaves; i++) {
			check_leaf(&leaves[i], plan, row, &has_cards);
			check_scenario_leaf(&leaves[i], row);
		}
		cr_assert_eq(has_cards, a->plans[plan].cards > 0);
	}
	free(json);
	free(csv);
}

static struct catalog cat;
static struct analysis an;

static void setup(void)
{
	load_reference(&cat);
}

static void teardown(void)
{
	analysis_free(&an);
	catalog_free(&cat);
}

static int run_scenario(const char *model, const char *task, const char *context,
			const char *concurrency)
{
	struct scenario sc;
	make_scenario(&sc, &cat, model, "task", task, "context", context, "concurrency",
		      concurrency, NULL);
	cr_assert(analysis_run(&an, &cat, &sc, NULL), "%s", an.error);
	int fitting = 0;
	for (size_t i = 0; i < an.nplans; i++)
		fitting += an.plans[i].cards > 0;
	return fitting;
}

TestSuite(figures, .init = setup, .fini = teardown);

/* Arrays, not pointers: Criterion copies the cases into each test process. */
struct leaf_case {
	char model[32], task[16], context[16], concurrency[16];
	int fitting; /* plans with cards, of the fixture's 15 (8 of them without an offer) */
};

ParameterizedTestParameters(figures, csv_carries_every_json_leaf)
{
	static struct leaf_case cases[] = {
		{"qwen2.5-32b", "inference", "4096", "1", 15},
		{"llama-3.1-405b", "inference", "131072", "1000000", 0}, /* past 100,000 cards */
		{"qwen2.5-7b", "full", "4096", "1", 15},
		{"llama-3.1-405b", "full", "131072", "64", 0},
	};
	return cr_make_param_array(struct leaf_case, cases, sizeof cases / sizeof cases[0]);
}

ParameterizedTest(struct leaf_case *c, figures, csv_carries_every_json_leaf)
{
	cr_assert_eq(run_scenario(c->model, c->task, c->context, c->concurrency), c->fitting,
		     "%s %s", c->model, c->task);
	check_analysis(&an);
}

Test(figures, added_columns_follow_todays_and_precede_the_notes)
{
	run_scenario("qwen2.5-32b", "inference", "4096", "1");
	char *csv = report_text(report_csv, &an);
	cr_assert(strstr(csv, ",cheaper,efficiency_pct,fit,short_of_goals,recompute,container_reason,"
			      "container_reason_code,container_discount,baremetal_reason,"
			      "baremetal_reason_code,baremetal_discount,baremetal_idle_monthly,"
			      "baremetal_inter_node,effective_monthly_per_card,"), "%s", csv);
	cr_assert(strstr(csv, ",why,why_codes,scenario_model_name,scenario_precision_requested,"),
		  "%s", csv);
	cr_assert(strstr(csv, ",scenario_trainable_params,notes,note_codes,data_source,"
			      "prices_as_of\n"), "%s", csv);
	free(csv);
}

Test(figures, csv_names_and_labels_come_from_the_rows)
{
	char name[64];
	figure_csv_name(figure_find(&figure_group_per_card, "kv_cache"), name, sizeof name);
	cr_assert_str_eq(name, "per_card_kv_cache_gib");
	figure_csv_name(figure_find(&figure_group_baremetal, "idle_monthly"), name, sizeof name);
	cr_assert_str_eq(name, "baremetal_idle_monthly");
	figure_csv_name(figure_find(NULL, "utilization_pct"), name, sizeof name);
	cr_assert_str_eq(name, "utilization_pct");
	cr_assert_str_eq(figure_label_for(&figure_group_per_card, "kv_cache"), "KV cache");
	cr_assert_str_eq(figure_label_for(NULL, "strategy"), "plan");
	cr_assert_null(figure_find(NULL, "no_such_figure"));
	struct plan p = {.cheaper = CHEAPER_BAREMETAL};
	cr_assert_str_eq(figure_cheaper(&p)->key, "baremetal");
	cr_assert_str_eq(figure_cheaper(&p)->label, "bare metal");
	p.cheaper = CHEAPER_NONE;
	cr_assert_null(figure_cheaper(&p));
}

Test(figures, memory_terms_text_and_sum)
{
	struct mem_terms m = {.weights = 2 * GIB, .kv_cache = 0.5 * GIB, .activations = 0.25 * GIB,
			      .gradients = 1 * GIB, .optimizer = 3 * GIB, .overhead = 1 * GIB};
	char buf[256];
	mem_terms_text(buf, sizeof buf, &m, 2, " + ", TERM_WEIGHTS, TERM_COUNT);
	cr_assert_str_eq(buf, "weights 2.00 + KV 0.50 + activations 0.25 + gradients 1.00 + "
			      "optimizer 3.00 + overhead 1.00");
	mem_terms_text(buf, sizeof buf, &m, 1, "  ", TERM_GRADIENTS, TERM_OVERHEAD);
	cr_assert_str_eq(buf, "gradients 1.0  optimizer 3.0");
	cr_assert_eq(mem_sum(&m), 7.75 * GIB);
	cr_assert_eq(mem_term_value(&m, TERM_OPTIMIZER), 3 * GIB);
}

Test(figures, bar_values_follow_the_term_slots)
{
	struct plan p = {.per_card = {.weights = 8, .kv_cache = 4, .activations = 2, .gradients = 1,
				      .optimizer = 5, .overhead = 3},
			 .need = 23, .with_headroom = 27.6, .capacity = 40};
	double v[SLOT_COUNT];
	bar_plan_values(&p, v);
	double want[SLOT_COUNT] = {[SLOT_WEIGHTS] = 8, [SLOT_KV] = 4, [SLOT_ACTIVATIONS] = 2,
				   [SLOT_STATES] = 6, [SLOT_OVERHEAD] = 3,
				   [SLOT_HEADROOM] = 27.6 - 23};
	for (int s = 0; s < SLOT_COUNT; s++)
		cr_assert_eq(v[s], want[s], "slot %d: %g", s, v[s]);
	cr_assert_eq(bar_plan_scale(&p), 40);
	p.with_headroom = 44;
	cr_assert_eq(bar_plan_scale(&p), 44);
}

Test(figures, rent_sentences_in_three_styles)
{
	run_scenario("qwen2.5-32b", "inference", "4096", "1");
	const struct plan *p = plan_of(&an, "910b-64g");
	char buf[512];
	rent_describe(buf, sizeof buf, p, &p->container, &style_report);
	/* the 1-4 card monthly offer, whole: the 1-8 card hourly one's ¥3.58/h is
	 * another row's */
	cr_assert_str_eq(buf, "container: 2 × ¥2,577 = ¥5,154/month (max 4 cards, 2026-10-12)");
	rent_describe(buf, sizeof buf, p, &p->baremetal, &style_screen);
	cr_assert_str_eq(buf, "bare metal 1 × ¥18,800 = ¥18,800/month · ¥2,350/card · 6 idle = ¥14,100 · "
			      "湖北一区 2026-10-12");
	rent_describe(buf, sizeof buf, p, &p->baremetal, &style_quote);
	cr_assert_str_eq(buf, "bare metal | 湖北一区 | ¥18,800 per machine | 2026-10-12 | — | "
			      "极智算官网裸金属页面 (article 2026-10-12)");
	p = plan_of(&an, "a100-80g");
	rent_describe(buf, sizeof buf, p, &p->container, &style_report);
	cr_assert_str_eq(buf, "container: — no container offer for A100 80G");
	rent_describe(buf, sizeof buf, p, &p->container, &style_quote);
	cr_assert_str_eq(buf, "");
}

Test(figures, compare_row_cells)
{
	run_scenario("qwen2.5-32b", "inference", "4096", "1");
	const struct plan *p = plan_of(&an, "910b-64g"), *q = plan_of(&an, "h100-80g");
	struct compare_row r;
	double d;
	compare_row_fill(&r, p, q);
	cr_assert_str_eq(r.money_a, "¥5,154");
	cr_assert_str_eq(r.money_b, "¥9,345");
	cr_assert_str_eq(r.delta, "+¥4,191");
	cr_assert(compare_row_delta(&r, &d));
	cr_assert_eq(d, 9345.0 - 5154.0);
	compare_row_fill(&r, NULL, q);
	cr_assert_eq(r.cards_a, 0);
	cr_assert_str_eq(r.strategy_a, "—");
	cr_assert_str_eq(r.money_a, "—");
	cr_assert_str_eq(r.delta, "—");
	cr_assert_not(compare_row_delta(&r, &d));
}

/* The time figures: nested groups (throughput.efficiency, training.cost.
 * baremetal) and lists, with and without the training inputs. */
static void check_time_scenario(const char *gpus, const char *task, const char *k1,
				const char *v1, const char *k2, const char *v2)
{
	struct scenario sc;
	setenv("GPUPLAN_TODAY", "2026-12-01", 1);
	make_scenario(&sc, &cat, "qwen2.5-7b", "task", task, "train-tokens", "2B", k1, v1, k2, v2,
		      NULL);
	cr_assert(analysis_run(&an, &cat, &sc, gpus), "%s", an.error);
	check_analysis(&an);
}

Test(figures, csv_carries_every_time_leaf)
{
	check_time_scenario(NULL, "inference", "output-len", "256", "min-speed", "40");
	check_time_scenario(NULL, "lora", "epochs", "1", "global-batch", "1M");
	check_time_scenario(NULL, "lora", "deadline", "7d", "network", "ethernet");
	check_time_scenario(NULL, "full", "deadline", "1d", "epochs", "3");
	check_time_scenario("h100-80g", "lora", "deadline", "7d", "measured",
			    "1:1520,2:2900,4:5400");
	check_time_scenario("h100-80g", "qlora", "measured", "1:1000,2:1500,4:1800", "epochs",
			    "2");
	check_time_scenario(NULL, "lora", "train-tokens", "", "epochs", "1");
}

/* ---- Chinese lines up by display width (issue 11) ---- */

#define NOWHERE "/nonexistent/gpuplan-locale"

/* Display columns of the first n bytes of s (a Han character takes two). */
static size_t cols_of(const char *s, size_t n)
{
	char buf[1024];
	snprintf(buf, sizeof buf, "%.*s", (int)n, s);
	return text_width(buf);
}

/* Where one cell starts and ends on its line, in display columns. */
struct span {
	size_t start, end;
};

/* A table line's cells as report_columns separates them: two blanks or
 * more ("PP20 multi-node" and "RTX 4090 24G" are one cell each). */
static int table_spans(const char *line, size_t len, struct span *sp, int max)
{
	int n = 0;
	size_t i = 0;
	while (i < len && n < max) {
		while (i < len && line[i] == ' ')
			i++;
		if (i == len)
			break;
		size_t b = i;
		while (i < len && !(line[i] == ' ' && (i + 1 == len || line[i + 1] == ' ')))
			i++;
		sp[n++] = (struct span){cols_of(line, b), cols_of(line, i)};
	}
	return n;
}

/* Each data line's cell starts (text, left[c]) or ends (numbers) at the
 * display column where the heading's does. Returns the data lines seen. */
static int check_lined_up(const char *s, const bool *left)
{
	struct span head[16], row[16];
	const char *eol = strchr(s, '\n');
	int n = table_spans(s, (size_t)(eol - s), head, 16), rows = 0;
	for (s = eol + 1; *s && *s != '(' && strncmp(s, "（", 3) != 0; s = eol + 1, rows++) {
		eol = strchr(s, '\n');
		cr_assert_eq(table_spans(s, (size_t)(eol - s), row, 16), n, "%.*s", (int)(eol - s), s);
		for (int c = 0; c < n; c++)
			cr_assert_eq(left[c] ? row[c].start : row[c].end,
				     left[c] ? head[c].start : head[c].end, "column %d of: %.*s", c,
				     (int)(eol - s), s);
	}
	return rows;
}

Test(figures, report_columns_align_mixed_han_and_ascii)
{
	const char *cells[] = {"GPU",      "卡数", "方案",           "月费用",
			       "H100 80G", "8",    "张量并行 TP8",   "¥88,480",
			       "910B 64G", "24",   "PP3 多机",       "¥56,400",
			       "RTX 4090", "—",    "放不下",         "—"};
	const bool left[] = {true, false, true, false};
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	report_columns(f, cells, 4, 4, left);
	fclose(f);
	cr_assert_eq(check_lined_up(text, left), 3, "%s", text);
	free(text);
}

/* The --print table in Chinese: header, one line per GPU type, then the
 * legend in parentheses; GPU, plan and fit are text, the rest numbers. */
static void check_table_in_chinese(const char *model, const char *task, const char *k1,
				   const char *v1, const char *k2, const char *v2)
{
	static const bool left[] = {true, false, true, false, false, true,
				    false, false, false, false, false};
	struct scenario sc;
	setenv("GPUPLAN_TODAY", "2026-12-01", 1);
	make_scenario(&sc, &cat, model, "task", task, k1, v1, k2, v2, NULL);
	cr_assert(analysis_run(&an, &cat, &sc, NULL), "%s", an.error);
	char *text = report_text(report_table, &an);
	cr_assert_eq(check_lined_up(strstr(text, "\n\n") + 2, left), (int)an.nplans, "%s", text);
	free(text);
}

Test(figures, the_chinese_table_lines_up_by_display_width)
{
	cr_assert_null(i18n_setup("zh", NOWHERE));
	check_table_in_chinese("qwen2.5-72b", "inference", "context", "32k", "concurrency", "20");
	check_table_in_chinese("qwen2.5-72b", "lora", "context", "4096", "concurrency", "1");
	check_table_in_chinese("qwen2.5-72b", "lora", "train-tokens", "2B", "deadline", "7d");
	check_table_in_chinese("llama-3.1-405b", "full", "context", "8192", "concurrency", "1");
}

/* The listings' numbers end, and their text starts, where the heading's
 * does: the last k blank-separated words of each line (names have blanks;
 * the numbers and the headings in either language do not). */
static void check_listing(void (*list)(FILE *, const struct catalog *), const bool *left, int k)
{
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	list(f, &cat);
	fclose(f);
	struct span head[16];
	int lines = 0;
	for (const char *s = text, *eol; *s; s = eol + 1, lines++) {
		eol = strchr(s, '\n');
		struct span w[16];
		int n = 0;
		for (const char *p = eol; p > s && n < k;) {
			const char *e = p;
			while (p > s && p[-1] != ' ')
				p--;
			w[n++] = (struct span){cols_of(s, (size_t)(p - s)), cols_of(s, (size_t)(e - s))};
			while (p > s && p[-1] == ' ')
				p--;
		}
		cr_assert_eq(n, k);
		if (s == text)
			memcpy(head, w, sizeof head);
		for (int i = 0; i < k; i++)
			cr_assert_eq(left[i] ? w[i].start : w[i].end, left[i] ? head[i].start : head[i].end,
				     "word %d from the end of: %.*s", i, (int)(eol - s), s);
	}
	cr_assert_gt(lines, 3);
	free(text);
}

Test(figures, the_chinese_listings_line_up_by_display_width)
{
	/* From the end: context, kv, hidden, layers, active, params. */
	static const bool model_left[] = {false, false, false, false, false, false};
	/* offers, link, fp8, TFLOPS, GB/s, memory ("24564 MiB" ends it). */
	static const bool gpu_left[] = {true, true, false, false, false, false};
	cr_assert_null(i18n_setup("zh", NOWHERE));
	check_listing(report_list_models, model_left, 6);
	check_listing(report_list_gpus, gpu_left, 6);
	i18n_setup("en", NOWHERE);
	check_listing(report_list_models, model_left, 6);
	check_listing(report_list_gpus, gpu_left, 6);
}

Test(figures, the_fit_word_stays_english_for_json_and_reads_in_the_language_for_people)
{
	struct plan p = {.level = FIT_NONE};
	i18n_setup("en", NOWHERE);
	cr_assert_str_eq(plan_fit_label(&p), "no"); /* "fit|no" without its context */
	p.level = FIT_TIGHT;
	cr_assert_str_eq(plan_fit_label(&p), "tight");
	cr_assert_null(i18n_setup("zh", NOWHERE));
	cr_assert_str_eq(plan_fit_word(&p), "tight");
	cr_assert_null(strchr(plan_fit_label(&p), '|'));
}

/* ---- Found unpinned by mutation testing (tests/mutation-report.txt) ---- */

/* The figure whose CSV column is this name. */
static const struct figure *figure_by_csv(const char *csv)
{
	char name[96];
	for (size_t i = 0; i < n_figures; i++) {
		figure_csv_name(&figures[i], name, sizeof name);
		if (strcmp(name, csv) == 0)
			return &figures[i];
	}
	cr_assert_fail("no figure with the CSV column %s", csv);
	return NULL;
}

/* training.efficiency.idle_share is what the parallel efficiency leaves:
 * at 0.45 (TP8 over PCIe), 1 − 0.45 = 0.55 of the spend buys no compute;
 * at 1, none. */
Test(figures, idle_share_is_one_minus_the_parallel_efficiency)
{
	const struct figure *f = figure_by_csv("training_efficiency_idle_share");
	struct plan p = {.training = {.valid = true, .eff = 0.45}};
	struct figure_value v = {0};
	cr_assert(figure_get(f, &p, &v));
	cr_assert_float_eq(v.number, 0.55, 1e-12);
	p.training.eff = 1;
	cr_assert(figure_get(f, &p, &v));
	cr_assert_eq(v.number, 0);
}

/* An hourly price below one unit is still written: a container at $0.50
 * a card-hour (a USD offer), 2 of at most 4 cards at $300 a month:
 * 2 × $300 = $600/month; by the hour 0.50 × 730 h = $365 a month. */
Test(figures, an_hourly_price_below_one_is_shown)
{
	static const struct offer o = {.region = "us-east", .currency = "USD", .discount = "",
				       .network = "", .source = ""};
	struct plan p = {.cards = 2};
	p.container = (struct rent){.available = true, .offer = &o, .monthly_per_card = 300,
				    .total = 600, .hourly_per_card = 0.5, .max_cards = 4,
				    .monthly_collected = 20261012};
	char buf[256];
	rent_describe(buf, sizeof buf, &p, &p.container, &style_report);
	cr_assert_str_eq(buf, "container: 2 × $300 = $600/month, $0.50/h = $365/month "
			      "(max 4 cards, 2026-10-12)");
}

/* Cards at a price of 0 (one's own) are a price, not a missing one: the
 * compare row's B − A is 9345 − 0 = +9345, not "—". */
Test(figures, compare_delta_from_a_free_plan)
{
	struct compare_row r = {.monthly_a = 0, .monthly_b = 9345};
	double d;
	cr_assert(compare_row_delta(&r, &d));
	cr_assert_eq(d, 9345);
	r = (struct compare_row){.monthly_a = 9345, .monthly_b = 0};
	cr_assert(compare_row_delta(&r, &d));
	cr_assert_eq(d, -9345);
}

/* Two pipeline stages are a dimension like any other: PP2 alone, TP2×PP2,
 * and PP2 beside replicas, as the table's plan column writes them. */
Test(figures, two_pipeline_stages_show_in_the_shape_code)
{
	char buf[32];
	struct plan p = {.lay = {.t = 1, .p = 2, .d = 1}, .cards = 2, .machines = 1};
	plan_shape_code(buf, sizeof buf, &p);
	cr_assert_str_eq(buf, "PP2");
	p = (struct plan){.lay = {.t = 2, .p = 2, .d = 1}, .cards = 4, .machines = 1};
	plan_shape_code(buf, sizeof buf, &p);
	cr_assert_str_eq(buf, "TP2×PP2");
	p = (struct plan){.lay = {.t = 4, .p = 2, .d = 2}, .cards = 16, .machines = 2};
	plan_shape_code(buf, sizeof buf, &p);
	cr_assert_str_eq(buf, "TP4×PP2×DP2 2m");
}

/* A list is one CSV cell, every field of every item: the scaling tiers
 * of a training plan, 8 cards (TP2×PP4, ZeRO-0, micro-batch 1) in 2.5
 * days at efficiency 1 for 1,000 on bare metal, prorated 2.5·24/730 ×
 * 1,000 = 82.19, and 16 cards (TP2×PP4×DP2 ZeRO-1, micro-batch 2) in 1.5
 * days (efficiency 0.8333) for 2,000, prorated 1.5·24/730 × 2,000 =
 * 98.63; band ±25 %; no offer (-1): region=null.
 * (main's mutation test, with the training tiers' shape fields.) */
Test(figures, a_list_cell_carries_every_field_of_every_item)
{
	struct plan p = {.training = {.valid = true, .ntiers = 2}};
	p.training.tiers[0] = (struct train_tier){
		.cards = 8,
		.at = {.days = 2.5, .eff = 1, .offer = -1, .band_pct = 25,
		       .shape = {.cards = 8, .tp = 2, .pp = 4, .zero = 0, .v = 1, .b = 1, .ep = 1}},
		.cost = 1000, .way = RENT_BAREMETAL};
	p.training.tiers[0].at.bill.prorated[RENT_BAREMETAL] = 2.5 * 24 / 730 * 1000;
	p.training.tiers[1] = (struct train_tier){
		.cards = 16,
		.at = {.days = 1.5, .eff = 0.8333, .offer = -1, .band_pct = 25,
		       .shape = {.cards = 16, .tp = 2, .pp = 4, .zero = 1, .v = 1, .b = 2, .ep = 1}},
		.cost = 2000, .way = RENT_BAREMETAL};
	p.training.tiers[1].at.bill.prorated[RENT_BAREMETAL] = 1.5 * 24 / 730 * 2000;
	char buf[1024];
	cr_assert(figure_text(figure_by_csv("scaling"), &p, buf, sizeof buf));
	cr_assert_str_eq(buf, "cards=8 days=2.500 efficiency=1.0000 total_cost=1000.00 way=baremetal "
			      "prorated=82.19 tp=2 pp=4 dp=1 zero=0 micro_batch=1 region=null band_pct=25.0; "
			      "cards=16 days=1.500 efficiency=0.8333 total_cost=2000.00 way=baremetal "
			      "prorated=98.63 tp=2 pp=4 dp=2 zero=1 micro_batch=2 region=null band_pct=25.0");
}

/* The cost per million tokens keeps three significant figures (money's
 * one rule, sig3_decimals): two decimals below 10 (¥5.80), one below 100
 * (¥22.3), none above (¥179), as the golden table shows them. */
Test(figures, per_million_decimals_by_size)
{
	cr_assert_eq(sig3_decimals(5.8), 2);
	cr_assert_eq(sig3_decimals(9.99), 2);
	cr_assert_eq(sig3_decimals(10), 1);
	cr_assert_eq(sig3_decimals(22.3), 1);
	cr_assert_eq(sig3_decimals(100), 0);
	cr_assert_eq(sig3_decimals(179), 0);
}

/* A container at a price of 0 per million (one's own cards) is the
 * cheaper way, not a missing one: 0 beats bare metal's 5. */
Test(figures, a_free_container_is_the_cost_per_million)
{
	struct plan p = {.cheaper = CHEAPER_NONE};
	struct throughput t = {.per_million_output = {.container = 0, .baremetal = 5}};
	cr_assert_eq(plan_per_million(&p, &t), 0);
	t.per_million_output.container = -1;
	cr_assert_eq(plan_per_million(&p, &t), 5);
}
