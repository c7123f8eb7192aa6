/* The machine outputs as a contract: the JSON of every kind of scenario
 * (the report, --compare, --limits) against doc/gpuplan-report.schema.json,
 * which itself follows message_table.h and settings[]; a broken document
 * fails; the codes and arguments of the notes do not change with the
 * language; every setting reaches the CSV, whose header keeps its order. */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "i18n.h"
#include "json_check.h"
#include "message.h"
#include "report.h"
#include "settings.h"
#include "tables.h"

#define SCHEMA_PATH GPUPLAN_SRCDIR "/doc/gpuplan-report.schema.json"

static struct json *schema;
static struct analysis other; /* --compare's B */

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	char *text = calloc(1, (size_t)n + 1);
	cr_assert_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return text;
}

static void setup(void)
{
	char err[256];
	char *text = slurp(SCHEMA_PATH);
	ref_setup();
	setenv("GPUPLAN_TODAY", "2026-12-01", 1);
	schema = json_parse(text, err, sizeof err);
	free(text);
	cr_assert_not_null(schema, SCHEMA_PATH ": %s", err);
	other = (struct analysis){0};
}

static void teardown(void)
{
	json_free(schema);
	analysis_free(&other);
	ref_teardown();
}

TestSuite(contract, .init = setup, .fini = teardown);

/* ---- Documents ---- */

static char *report_of(const struct analysis *a)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	report_json(f, a);
	fclose(f);
	return text;
}

/* Parsed, and valid against the whole schema (as a reader would check
 * it) and against the definition of its kind ("report", "compare",
 * "limits"). The caller frees it. */
static struct json *checked(char *text, const char *kind)
{
	char err[512], ptr[64];
	struct json *doc = json_parse(text, err, sizeof err);
	cr_assert_not_null(doc, "%s: not JSON: %s\n%s", kind, err, text);
	free(text);
	cr_assert_eq(json_schema_check(schema, schema, doc, err, sizeof err), 0, "%s: %s", kind,
		     err);
	snprintf(ptr, sizeof ptr, "/$defs/%s", kind);
	cr_assert_eq(json_schema_check(schema, json_pointer(schema, ptr), doc, err, sizeof err), 0,
		     "%s: %s", kind, err);
	return doc;
}

static struct json *report_for(const char *model, const char *filter, ...)
{
	struct scenario sc;
	char err[200];
	va_list ap;
	make_scenario(&sc, &ref_catalog, model, NULL);
	va_start(ap, filter);
	for (const char *k; (k = va_arg(ap, const char *));) {
		const char *v = va_arg(ap, const char *);
		cr_assert(scenario_set(&sc, k, v, err, sizeof err), "%s=%s: %s", k, v, err);
	}
	va_end(ap);
	return checked(report_of(ref_run(&sc, filter)), "report");
}

/* The notes, reasons and whys of a document with this code, anywhere. */
static int count_code(const struct json *v, const char *code)
{
	int n = 0;
	const struct json *c = json_get(v, "code");
	if (c && c->type == JSON_STRING && json_get(v, "args") && strcmp(c->string, code) == 0)
		n++;
	for (size_t i = 0; i < v->n; i++)
		n += count_code(&v->items[i], code);
	return n;
}

static const struct json *at(const struct json *doc, const char *pointer)
{
	const struct json *v = json_pointer(doc, pointer);
	cr_assert_not_null(v, "no %s", pointer);
	return v;
}

static bool is_null(const struct json *doc, const char *pointer)
{
	return at(doc, pointer)->type == JSON_NULL;
}

/* ---- Every kind of scenario, real output ---- */

Test(contract, inference_with_its_throughput_and_efficiencies)
{
	/* 1000 users: a load that fills the cheapest plan at full load */
	struct json *doc = report_for("qwen2.5-32b", NULL, "concurrency", "1000", "context", "2k",
				      "output-len", "256", NULL);
	cr_assert_eq(at(doc, "/plans")->n, ref_catalog.ngpus); /* no filter: every GPU type */
	cr_assert_not(is_null(doc, "/plans/0/throughput/efficiency"));
	cr_assert_eq(at(doc, "/plans/0/throughput/efficiency/mbu")->type, JSON_NUMBER);
	cr_assert_eq(at(doc, "/scenario/output_len")->number, 256);
	cr_assert_gt(count_code(doc, "alternative_cheapest_per_token"), 0);
	json_free(doc);
}

Test(contract, lora_fine_tune)
{
	struct json *doc = report_for("qwen2.5-7b", NULL, "task", "lora", "train-tokens", "2B", NULL);
	cr_assert_str_eq(at(doc, "/scenario/task")->string, "lora");
	cr_assert_gt(count_code(doc, "training_accounting"), 0);
	cr_assert_not(is_null(doc, "/plans/0/training/efficiency"));
	json_free(doc);
}

Test(contract, full_fine_tune_on_several_machines)
{
	struct json *doc = report_for("llama-3.1-70b", NULL, "task", "full", NULL);
	cr_assert_gt(count_code(doc, "multi_node") + count_code(doc, "multi_node_offer_without_ib"),
		     0);
	cr_assert_gt(count_code(doc, "container_max_cards"), 0); /* a reason */
	json_free(doc);
}

Test(contract, pretraining_with_a_deadline)
{
	struct json *doc = report_for("qwen2.5-7b", NULL, "task", "pretrain", "train-tokens", "20B",
				      "deadline", "2d", NULL);
	cr_assert_eq(at(doc, "/scenario/deadline_days")->number, 2);
	cr_assert_eq(at(doc, "/plans/0/training/meets_deadline")->type, JSON_BOOL);
	cr_assert_gt(count_code(doc, "why_train_memory_minimum"), 0);
	json_free(doc);
}

Test(contract, measured_speed_ups)
{
	struct json *doc = report_for("qwen2.5-7b", "h100-80g", "task", "lora", "train-tokens", "2B",
				      "measured", "1:1520,2:2900,4:5400", NULL);
	cr_assert_not(is_null(doc, "/plans/0/training/usl"));
	cr_assert_eq(count_code(doc, "train_measured"), 1);
	json_free(doc);
}

Test(contract, a_plan_that_does_not_fit)
{
	struct json *doc = report_for("llama-3.1-405b", NULL, "task", "full", "context", "131072",
				      "concurrency", "64", NULL);
	cr_assert(is_null(doc, "/plans/0/container"), "no cards: no renting");
	cr_assert_gt(count_code(doc, "no_fit_max_cards"), 0);
	json_free(doc);
	doc = report_for("llama-3.1-70b", "h100-80g", "tp", "1", NULL);
	cr_assert_eq(count_code(doc, "shape_no_fit"), 1);
	json_free(doc);
}

Test(contract, a_gpu_without_offers)
{
	struct json *doc = report_for("qwen2.5-7b", "l20-48g", NULL);
	cr_assert_str_eq(at(doc, "/plans/0/container/reason/code")->string, "no_container_offer");
	cr_assert_str_eq(at(doc, "/plans/0/baremetal/reason/code")->string, "no_baremetal_offer");
	cr_assert_str_eq(at(doc, "/plans/0/baremetal/reason/args/gpu")->string, "L20 48G");
	json_free(doc);
}

Test(contract, compare)
{
	struct scenario a, b;
	make_scenario(&a, &ref_catalog, "llama-3.1-70b", NULL);
	make_scenario(&b, &ref_catalog, "llama-3.1-70b", "context", "128k", "precision", "int4",
		      NULL);
	cr_assert(analysis_run(&other, &ref_catalog, &b, NULL), "%s", other.error);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	report_compare(f, FORMAT_JSON, ref_run(&a, NULL), &other);
	fclose(f);
	struct json *doc = checked(text, "compare");
	cr_assert_eq(at(doc, "/b_settings/context")->number, 131072);
	cr_assert_str_eq(at(doc, "/b_settings/precision")->string, "int4");
	json_free(doc);
}

Test(contract, limits)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", NULL);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	cr_assert(report_limits(f, FORMAT_JSON, ref_run(&sc, NULL)));
	fclose(f);
	struct json *doc = checked(text, "limits");
	cr_assert_eq(at(doc, "/limits")->n, ref_catalog.ngpus * 4, "1, 2, 4, 8 cards per GPU type");
	cr_assert_str_eq(at(doc, "/settings/model")->string, "llama-3.1-70b");
	json_free(doc);
}

/* ---- A broken document fails ---- */

/* text with its first "from" replaced by "to"; the caller frees it. */
static char *edited(const char *text, const char *from, const char *to)
{
	const char *hit = strstr(text, from);
	cr_assert_not_null(hit, "no %s in the document", from);
	size_t head = (size_t)(hit - text), flen = strlen(from), tlen = strlen(to);
	char *out = malloc(strlen(text) - flen + tlen + 1);
	memcpy(out, text, head);
	memcpy(out + head, to, tlen);
	strcpy(out + head + tlen, hit + flen);
	return out;
}

static void assert_rejected(const char *text, const char *from, const char *to,
			    const char *want)
{
	char err[512];
	char *bad = edited(text, from, to);
	struct json *doc = json_parse(bad, err, sizeof err);
	cr_assert_not_null(doc, "%s", err);
	cr_assert_gt(json_schema_check(schema, json_pointer(schema, "/$defs/report"), doc, err,
				       sizeof err), 0, "%s -> %s passed", from, to);
	cr_assert(strstr(err, want), "%s -> %s: %s", from, to, err);
	cr_assert_gt(json_schema_check(schema, schema, doc, NULL, 0), 0, "the whole schema too");
	json_free(doc);
	free(bad);
}

Test(contract, a_broken_document_fails)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "qwen2.5-32b", NULL);
	char *text = report_of(ref_run(&sc, "l20-48g"));
	char err[512];
	struct json *doc = json_parse(text, err, sizeof err);
	cr_assert_eq(json_schema_check(schema, schema, doc, err, sizeof err), 0, "%s", err);
	json_free(doc);
	/* a missing field, in a note and in a plan */
	assert_rejected(text, "\"severity\": \"notice\",", "",
			"/plans/0/container/reason: the member \"severity\" is missing");
	assert_rejected(text, "\"utilization_pct\": 71.9,", "",
			"/plans/0: the member \"utilization_pct\" is missing");
	/* a wrong type */
	assert_rejected(text, "\"cards\": 2,", "\"cards\": \"2\",",
			"/plans/0/cards: expected one of 2 types, found string");
	assert_rejected(text, "\"tp\": 2\n", "\"tp\": 2.5\n",
			"/plans/0/notes/0/args/tp: expected integer, found number");
	/* an unknown note code, a severity that is not the code's */
	assert_rejected(text, "\"code\": \"tp_over_pcie\"", "\"code\": \"tp_over_ethernet\"",
			"/plans/0/notes/0/code: \"tp_over_ethernet\" is not one of the");
	assert_rejected(text, "\"severity\": \"notice\"", "\"severity\": \"blocker\"",
			"/plans/0/container/reason/severity: \"blocker\" is not the one value "
			"allowed");
	/* an argument the code does not have, or lacks */
	assert_rejected(text, "\"tp\": 2\n", "\"tp\": 2, \"pp\": 1\n",
			"/plans/0/notes/0/args/pp: no member \"pp\" is allowed here");
	assert_rejected(text, "\"tp\": 2\n", "\"t\": 2\n",
			"/plans/0/notes/0/args: the member \"tp\" is missing");
	/* a member the contract does not have */
	assert_rejected(text, "\"fits\": true,", "\"fits\": true, \"fits_well\": true,",
			"/plans/0/fits_well: no member \"fits_well\" is allowed here");
	free(text);
}

/* The checker refuses a schema that uses what it does not check. */
Test(contract, the_checker_knows_every_keyword_the_schema_uses)
{
	char err[256];
	cr_assert_eq(json_schema_lint(schema, err, sizeof err), 0, "%s", err);
	struct json *s = json_parse("{\"type\": \"object\", \"properties\": {\"a\": "
				    "{\"pattern\": \"^x\"}}}", err, sizeof err);
	cr_assert_eq(json_schema_lint(s, err, sizeof err), 1);
	cr_assert_str_eq(err, "/properties/a: the schema uses \"pattern\", which json_check does "
			      "not know");
	struct json *doc = json_parse("{\"a\": \"y\"}", NULL, 0);
	cr_assert_gt(json_schema_check(s, s, doc, err, sizeof err), 0, "not passed by skipping");
	json_free(doc);
	json_free(s);
}

/* ---- The schema follows the tables ---- */

static const char *const param_types[] = {[PARAM_INT] = "integer", [PARAM_LONG] = "integer",
					  [PARAM_DOUBLE] = "number", [PARAM_STRING] = "string",
					  [PARAM_WORD] = "string", [PARAM_MONEY] = "money",
					  [PARAM_DAYS] = "number"};

/* The schema entry a row needs, to paste when a row is added. */
static void print_entry(const struct message_row *r)
{
	fprintf(stderr, "{\"if\": {\"properties\": {\"code\": {\"const\": \"%s\"}}}, \"then\": "
			"{\"properties\": {\"severity\": {\"const\": \"%s\"}, \"args\": "
			"{\"properties\": {", r->key, message_severity_key(r->severity));
	for (int i = 0; i < r->nparams; i++)
		fprintf(stderr, r->params[i].kind == PARAM_MONEY ? "%s\"%s\": {\"$ref\": "
								  "\"#/$defs/money\"}"
								: "%s\"%s\": {\"type\": \"%s\"}",
			i ? ", " : "", r->params[i].name, param_types[r->params[i].kind]);
	fprintf(stderr, "}, \"required\": [");
	for (int i = 0; i < r->nparams; i++)
		fprintf(stderr, "%s\"%s\"", i ? ", " : "", r->params[i].name);
	fprintf(stderr, "], \"additionalProperties\": false}}}}\n");
}

static const struct json *entry_for(const struct json *all, const char *key)
{
	for (size_t i = 0; i < all->n; i++) {
		const struct json *c = json_pointer(&all->items[i], "/if/properties/code/const");
		if (c && strcmp(c->string, key) == 0)
			return &all->items[i];
	}
	return NULL;
}

static void check_param(const struct message_row *r, int i, const struct json *args)
{
	const struct message_param *p = &r->params[i];
	const struct json *prop = json_get(json_get(args, "properties"), p->name);
	const struct json *req = json_get(args, "required");
	cr_assert_not_null(prop, "%s: the schema lacks the argument %s", r->key, p->name);
	if (p->kind == PARAM_MONEY)
		cr_assert_str_eq(json_get(prop, "$ref")->string, "#/$defs/money", "%s", r->key);
	else
		cr_assert_str_eq(json_get(prop, "type")->string, param_types[p->kind], "%s.%s",
				 r->key, p->name);
	cr_assert_str_eq(req->items[i].string, p->name, "%s: required, in order", r->key);
}

/* One code in the enum and one entry per row (none excepted: it never
 * reaches a document), with the row's severity and arguments. */
Test(contract, the_schema_has_every_message_code_with_its_arguments)
{
	const struct json *codes = at(schema, "/$defs/note/properties/code/enum");
	const struct json *entries = at(schema, "/$defs/note/allOf");
	cr_assert_eq(codes->n, MSG_COUNT - 1, "codes in the schema vs message_rows");
	cr_assert_eq(entries->n, MSG_COUNT - 1);
	for (int c = 1; c < MSG_COUNT; c++) {
		const struct message_row *r = &message_rows[c];
		const struct json *e = entry_for(entries, r->key);
		if (!e || strcmp(codes->items[c - 1].string, r->key) != 0)
			print_entry(r);
		cr_assert_str_eq(codes->items[c - 1].string, r->key,
				 "the enum follows message_table.h");
		cr_assert_not_null(e, "no schema entry for %s: paste the line above", r->key);
		cr_assert_str_eq(at(e, "/then/properties/severity/const")->string,
				 message_severity_key(r->severity), "%s", r->key);
		const struct json *args = at(e, "/then/properties/args");
		cr_assert_eq(json_get(args, "properties")->n, (size_t)r->nparams, "%s", r->key);
		for (int i = 0; i < r->nparams; i++)
			check_param(r, i, args);
	}
}

/* A choice the command line takes is a value the schema allows. */
Test(contract, the_schema_has_every_setting_and_choice)
{
	const struct json *props = at(schema, "/$defs/settings/properties");
	for (size_t i = 0; i < n_settings; i++) {
		const struct setting *s = &settings[i];
		if (!s->json_key)
			continue;
		const struct json *p = json_get(props, s->json_key);
		cr_assert_not_null(p, "settings.%s is not in the schema", s->json_key);
		if (s->kind != SETTING_CHOICE || s->ops.json)
			continue;
		const struct json *e = json_get(p, "enum");
		cr_assert_eq(e->n, setting_choice_count(s), "%s", s->key);
		for (size_t k = 0; k < e->n; k++)
			cr_assert_str_eq(e->items[k].string, setting_choice(s, k), "%s", s->key);
	}
	const struct json *prec = at(schema, "/$defs/settings/properties/precision/enum");
	cr_assert_eq(prec->n, n_precisions);
	for (size_t k = 0; k < n_precisions; k++)
		cr_assert_str_eq(prec->items[k].string, precisions[k].name);
	cr_assert_eq(at(schema, "/$defs/settings/properties/task/enum")->n, n_tasks);
}

/* ---- Codes and arguments whatever the language ---- */

/* The tree without the members for people: the notes' text. */
static void drop_text(struct json *v)
{
	for (size_t i = 0; i < v->n; i++) {
		if (v->type == JSON_OBJECT && strcmp(v->keys[i], "text") == 0) {
			free(v->items[i].string);
			v->items[i] = (struct json){.type = JSON_NULL};
		}
		drop_text(&v->items[i]);
	}
}

static void zh_or_skip(void)
{
	i18n_setup("zh", "/nonexistent/gpuplan-locale");
	if (strcmp(_("no container offer for %s"), "no container offer for %s") == 0)
		cr_skip_test("the built-in catalogue has no Chinese");
}

Test(contract, codes_and_arguments_are_the_same_in_chinese)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "task", "full", "train-tokens", "2B",
		      "deadline", "30d", NULL);
	const struct analysis *a = ref_run(&sc, "h20-96g,a100-80g,l20-48g");
	i18n_set_lang(I18N_EN);
	struct json *en = checked(report_of(a), "report");
	zh_or_skip();
	struct json *zh = checked(report_of(a), "report");
	i18n_set_lang(I18N_EN);
	cr_assert_str_eq(at(en, "/plans/1/container/reason/text")->string,
			 "no container offer for A100 80G");
	cr_assert_str_eq(at(zh, "/plans/1/container/reason/text")->string,
			 "A100 80G 没有容器实例报价");
	cr_assert_str_eq(at(zh, "/plans/1/container/reason/code")->string, "no_container_offer");
	cr_assert_not(json_equal(en, zh), "the texts differ");
	drop_text(en);
	drop_text(zh);
	cr_assert(json_equal(en, zh), "without the texts the documents are the same");
	json_free(en);
	json_free(zh);
}

/* A money argument keeps its amount and currency apart from the text. */
Test(contract, money_arguments_carry_amount_and_currency)
{
	struct json *doc = report_for("llama-3.1-8b", "h100-80g", "concurrency", "500", "context",
				      "8k", NULL);
	const struct json *why = at(doc, "/plans/0/alternatives/0/why");
	cr_assert_str_eq(json_get(why, "code")->string, "alternative_cheapest_per_token");
	const struct json *cost = at(why, "/args/cost_per_million_output");
	cr_assert_str_eq(json_get(cost, "currency")->string, "CNY");
	cr_assert_eq(json_get(cost, "amount")->type, JSON_NUMBER);
	/* the figure has 4 decimals, the argument 10 digits */
	cr_assert_float_eq(json_get(cost, "amount")->number,
			   at(doc, "/plans/0/alternatives/0/cost_per_million_output")->number, 5e-5,
			   "%g", json_get(cost, "amount")->number);
	json_free(doc);
}

/* ---- The CSV ---- */

static char *csv_of(const struct analysis *a)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	report_csv(f, a);
	fclose(f);
	return text;
}

static char *header_of(const char *csv)
{
	return strndup(csv, strcspn(csv, "\n"));
}

static bool has_column(const char *header, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = header; (p = strstr(p, name)); p += n)
		if ((p == header || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
			return true;
	return false;
}

/* Each row with a json_key is a column: the five that lead each row by
 * their key, every other as scenario_KEY; a row added later comes with
 * no code in report_csv.c. */
Test(contract, every_setting_reaches_the_csv)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "qwen2.5-7b", "output-len", "256", "min-speed", "40",
		      "train-tokens", "2B", NULL);
	char *csv = csv_of(ref_run(&sc, "h100-80g")), *header = header_of(csv);
	char name[80];
	for (size_t i = 0; i < n_settings; i++) {
		const char *key = settings[i].json_key;
		if (!key)
			continue;
		snprintf(name, sizeof name, "scenario_%s", key);
		cr_assert(has_column(header, key) || has_column(header, name), "%s: %s", key,
			  header);
	}
	/* --output-len 256, --min-speed 40.0, --train-tokens 2B: never in the CSV before;
	   the serving rows between them (SERVING.md §13); --budget and --trial (empty)
	   last, as the form's last fields */
	cr_assert(strstr(header, ",scenario_output_len,scenario_duty_pct,scenario_min_speed,"
				 "scenario_rate,scenario_slo_ttft_s,scenario_slo_tpot_s,"
				 "scenario_percentile,scenario_ep,scenario_dp_attention,scenario_engine,"
				 "scenario_train_tokens,"), "%s", header);
	cr_assert(strstr(header, ",scenario_network,scenario_budget,scenario_trial,"), "%s", header);
	cr_assert(strstr(csv, ",256,100.0,40.0,0.0000,10.0000,0.000000,99.00,auto,auto,,2000000000,"),
		  "%s", csv);
	free(header);
	free(csv);
}

/* One header whatever the task, the data or the language: 5 scenario
 * columns, the plan's, the scenario's others, the notes, the data. */
Test(contract, the_csv_header_does_not_move)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "qwen2.5-7b", NULL);
	char *inference = csv_of(ref_run(&sc, NULL)), *h1 = header_of(inference);
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "task", "full", "train-tokens", "2B",
		      "deadline", "7d", NULL);
	char *training = csv_of(ref_run(&sc, "l20-48g")), *h2 = header_of(training);
	zh_or_skip();
	char *chinese = csv_of(ref_run(&sc, "l20-48g")), *h3 = header_of(chinese);
	i18n_set_lang(I18N_EN);
	cr_assert_str_eq(h1, h2);
	cr_assert_str_eq(h1, h3);
	const char *head = "model,precision,task,context,concurrency,gpu,gpu_name,capacity_gib,"
			   "fits,cards,machines,tp,pp,dp,zero,strategy,";
	cr_assert(strncmp(h1, head, strlen(head)) == 0, "%s", h1);
	size_t n = strlen(h1);
	const char *tail = ",scenario_training_accounting,scenario_trainable_params,notes,"
			   "note_codes,data_source,prices_as_of";
	cr_assert_str_eq(h1 + n - strlen(tail), tail);
	cr_assert(strstr(chinese, ",no_container_offer,"), "codes stay codes in Chinese");
	free(h1), free(h2), free(h3);
	free(inference), free(training), free(chinese);
}
