/* The settings table: every row round-trips through its text form and
 * shows where it says it does (--help, the JSON scenario, the form). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "i18n.h"
#include "report.h"
#include "settings.h"
#include "tables.h"
#include "helpers.h"

static struct catalog cat;

static void setup(void)
{
	load_reference(&cat);
}

/* Every field a setting can write, compared one by one. */
static void assert_same_scenario(const struct scenario *a, const struct scenario *b,
				 const char *what)
{
	const struct model *ma = scenario_model(a), *mb = scenario_model(b);
	cr_assert((ma == NULL) == (mb == NULL), "%s: model", what);
	if (ma) {
		cr_assert_str_eq(ma->id, mb->id, "%s: model id", what);
		cr_assert_str_eq(ma->name, mb->name, "%s: model name", what);
		cr_assert_eq(ma->params_b, mb->params_b, "%s: model size", what);
	}
	cr_assert_eq(a->precision, b->precision, "%s: precision", what);
	cr_assert_eq(a->task, b->task, "%s: task", what);
	cr_assert_eq(a->context, b->context, "%s: context", what);
	cr_assert_eq(a->concurrency, b->concurrency, "%s: concurrency", what);
	cr_assert_eq(a->headroom_pct, b->headroom_pct, "%s: headroom", what);
	cr_assert_eq(a->overhead_gib, b->overhead_gib, "%s: overhead", what);
	cr_assert_eq(a->prefill_chunk, b->prefill_chunk, "%s: prefill chunk", what);
	cr_assert_eq(a->kv_precision, b->kv_precision, "%s: kv precision", what);
	cr_assert_eq(a->zero, b->zero, "%s: zero", what);
	cr_assert_eq(a->recompute, b->recompute, "%s: recompute", what);
	cr_assert_eq(a->lora_rank, b->lora_rank, "%s: lora rank", what);
	cr_assert_eq(a->cards, b->cards, "%s: cards", what);
	cr_assert_eq(a->tp, b->tp, "%s: tp", what);
	cr_assert_eq(a->pp, b->pp, "%s: pp", what);
	cr_assert_eq(a->output_len, b->output_len, "%s: output length", what);
	cr_assert_eq(a->duty_pct, b->duty_pct, "%s: duty", what);
	cr_assert_eq(a->min_speed, b->min_speed, "%s: min speed", what);
	cr_assert_eq(a->train_tokens, b->train_tokens, "%s: train tokens", what);
	cr_assert_eq(a->epochs, b->epochs, "%s: epochs", what);
	cr_assert_eq(a->global_batch, b->global_batch, "%s: global batch", what);
	cr_assert_eq(a->deadline_days, b->deadline_days, "%s: deadline", what);
	cr_assert_eq(a->nmeasured, b->nmeasured, "%s: measured", what);
	cr_assert_eq(a->network, b->network, "%s: network", what);
}

/* Values worth trying for a row: each choice, or the range's edges and
 * some inside; the rows with their own text form list theirs. */
static size_t samples(const struct setting *s, char out[][48], size_t cap)
{
	static const char *const model[] = {"Llama-2-7B", "llama-3.1-70b", "70b", "7.5B", "1.5t"};
	size_t n = 0;
	if (s->kind == SETTING_CHOICE) {
		for (; setting_choice(s, n) && n < cap; n++)
			snprintf(out[n], 48, "%s", setting_choice(s, n));
		return n;
	}
	/* The training inputs' own text forms. */
	static const struct {
		const char *key, *values[5];
	} text_rows[] = {
		{"model", {"Llama-2-7B", "llama-3.1-70b", "70b", "7.5B", "1.5t"}},
		{"train-tokens", {"2B", "500M", "1.4T", "", "123456"}},
		{"global-batch", {"1M", "4M", "524288", "2.5M", "1"}},
		{"deadline", {"14d", "36h", "3w", "2027-01-15", ""}},
		{"measured", {"1:1520,2:2900,4:5400", "2:10, 8:30", "1:1.5k,2:2.9k", "", "1:1,16:9"}},
		/* files of tests/fixtures/trial: every_row_round_trips runs there */
		{"trial", {"vllm_result.json", "vllm_summary.txt", "", "sglang_bench_serving.jsonl",
			   "vllm_result.json,profile_export_genai_perf.json"}},
		{"engine", {"tau_layer_us=25", "kappa=3,eta_ar=0.6", "", "mbu_moe=0.7",
			    "tau_layer_us=30,tau_moe_us=40"}},
	};
	const char *const *own = NULL;
	size_t nown = 5;
	(void)model;
	for (size_t i = 0; i < sizeof text_rows / sizeof text_rows[0]; i++)
		if (strcmp(s->key, text_rows[i].key) == 0)
			own = text_rows[i].values;
	if (own) {
		for (; n < nown && n < cap; n++)
			snprintf(out[n], 48, "%s", own[n]);
		return n;
	}
	const char *fmt = s->kind == SETTING_COUNT ? "%.0f" : "%.17g";
	double values[] = {s->min, s->max, s->min + 1, (s->min + s->max) / 2, 0.1 + s->min};
	for (size_t i = 0; i < sizeof values / sizeof values[0] && n < cap; i++)
		snprintf(out[n++], 48, fmt, values[i]);
	if (s->zero_is_auto && n < cap)
		snprintf(out[n++], 48, "auto");
	return n;
}

Test(settings, every_row_round_trips, .init = setup)
{
	setenv("GPUPLAN_TODAY", "2026-11-30", 1); /* the deadline's date sample is ahead */
	cr_assert_eq(chdir(FIXTURES "/trial"), 0); /* where --trial's sample files are */
	for (size_t r = 0; r < n_settings; r++) {
		const struct setting *s = &settings[r];
		char values[8][48], err[160], text[128], again[128];
		size_t n = samples(s, values, 8);
		cr_assert_geq(n, s->kind == SETTING_CHOICE ? 2 : 3, "%s: too few samples", s->key);
		for (size_t i = 0; i < n; i++) {
			struct scenario a, b;
			scenario_defaults(&a);
			scenario_defaults(&b);
			scenario_set_model(&b, &cat, "llama-2-13b", err, sizeof err);
			cr_assert(setting_parse(s, &a, &cat, values[i], err, sizeof err), "%s=%s: %s",
				  s->key, values[i], err);
			setting_format(s, &a, text, sizeof text);
			cr_assert(setting_parse(s, &b, &cat, text, err, sizeof err), "%s: %s back: %s",
				  s->key, text, err);
			setting_format(s, &b, again, sizeof again);
			cr_assert_str_eq(text, again, "%s", s->key);
			if (strcmp(s->key, "model") != 0)
				scenario_set_model(&a, &cat, "llama-2-13b", err, sizeof err);
			assert_same_scenario(&a, &b, s->key);
		}
	}
}

/* No speed target reads "none" on the form and parses back; JSON keeps 0. */
Test(settings, a_zero_min_speed_reads_none, .init = setup)
{
	const struct setting *s = settings_find("min-speed");
	struct scenario sc;
	char err[160], buf[32];
	scenario_defaults(&sc);
	cr_assert(setting_parse(s, &sc, &cat, "12.5", err, sizeof err), "%s", err);
	cr_assert(setting_parse(s, &sc, &cat, "none", err, sizeof err), "%s", err);
	cr_assert_eq(sc.min_speed, 0.0);
	setting_format(s, &sc, buf, sizeof buf);
	cr_assert_str_eq(buf, "none");
	cr_assert(setting_parse(s, &sc, &cat, "0", err, sizeof err), "%s", err);
	setting_format(s, &sc, buf, sizeof buf);
	cr_assert_str_eq(buf, "none");
	cr_assert_not(setting_parse(s, &sc, &cat, "nonee", err, sizeof err));
}

/* Just past each end of a range is refused, with what the row accepts,
 * and the scenario is left as it was. */
Test(settings, out_of_range_is_refused_and_changes_nothing, .init = setup)
{
	for (size_t r = 0; r < n_settings; r++) {
		const struct setting *s = &settings[r];
		if (s->kind != SETTING_COUNT && s->kind != SETTING_NUMBER)
			continue;
		if (s->ops.parse)
			continue;
		char below[48], above[48], err[200], accepted[160], want[200];
		snprintf(below, sizeof below, "%.17g", s->min - (s->kind == SETTING_COUNT ? 1 : 0.5));
		snprintf(above, sizeof above, "%.17g", s->max + 1);
		setting_accepted(s, accepted, sizeof accepted);
		snprintf(want, sizeof want, "expected %s", accepted);
		const char *const bad[] = {below, above, "x", ""};
		for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
			struct scenario a, def;
			scenario_defaults(&a);
			scenario_defaults(&def);
			cr_assert_not(setting_parse(s, &a, &cat, bad[i], err, sizeof err), "%s=%s",
				      s->key, bad[i]);
			cr_assert_str_eq(err, want, "%s", s->key);
			assert_same_scenario(&a, &def, s->key);
		}
	}
}

Test(settings, choices_are_the_engine_tables)
{
	const struct setting *p = settings_find("precision"), *t = settings_find("task");
	cr_assert_eq(setting_choice_count(p), n_precisions + 1); /* "auto" first */
	cr_assert_str_eq(setting_choice(p, 0), "auto");
	cr_assert_eq(setting_choice_count(t), n_tasks);
	for (size_t i = 0; i < n_precisions; i++)
		cr_assert_str_eq(setting_choice(p, i + 1), precisions[i].name);
	for (size_t i = 0; i < n_tasks; i++)
		cr_assert_str_eq(setting_choice(t, i), tasks[i].name);
	char buf[160];
	setting_accepted(p, buf, sizeof buf);
	cr_assert_str_eq(buf, "auto, fp32, bf16, fp16, fp8, int8, int4, mxfp4 or nvfp4");
	setting_accepted(settings_find("zero"), buf, sizeof buf);
	cr_assert_str_eq(buf, "auto, 0, 1, 2 or 3");
	cr_assert_eq(setting_choice_count(settings_find("context")), 0);
	cr_assert_null(settings_find("no-such-setting"));
}

Test(settings, defaults_format_as_the_command_line_takes_them)
{
	static const char *const want[][2] = {
		{"precision", "auto"}, {"task", "inference"}, {"context", "4096"},
		{"concurrency", "1"}, {"headroom", "20"}, {"kv-precision", "auto"},
		{"zero", "auto"}, {"recompute", "auto"}, {"lora-rank", "16"}, {"loss", "full"},
		{"optimizer-accounting", "zero"}, {"overhead", "1"},
		{"prefill-chunk", "8192"}, {"cards", "auto"}, {"tp", "auto"}, {"pp", "auto"},
		{"output-len", "512"}, {"duty", "100"}, {"min-speed", "10"}, {"rate", "none"},
		{"slo-ttft", "10s"}, {"slo-tpot", "none"}, {"percentile", "99"}, {"ep", "auto"},
		{"dp-attention", "auto"}, {"engine", ""}, {"train-tokens", ""},
		{"epochs", "1"}, {"global-batch", "auto"}, {"deadline", ""}, {"measured", ""},
		{"network", "offer"}, {"budget", "none"}, {"trial", ""}, {"model", ""}};
	struct scenario sc;
	scenario_defaults(&sc);
	cr_assert_eq(sizeof want / sizeof want[0], n_settings);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		char buf[64];
		setting_format(settings_find(want[i][0]), &sc, buf, sizeof buf);
		cr_assert_str_eq(buf, want[i][1], "%s", want[i][0]);
		cr_assert(setting_is_default(settings_find(want[i][0]), &sc));
	}
}

static char *capture_help(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	cli_help(f);
	fclose(f);
	return text;
}

Test(settings, every_command_line_row_is_in_help_with_its_default)
{
	char *help = capture_help();
	for (size_t r = 0; r < n_settings; r++) {
		const struct setting *s = &settings[r];
		char flag[64], line[256];
		snprintf(flag, sizeof flag, "--%s %s", s->key, s->metavar);
		cr_assert_eq(strstr(help, flag) != NULL, setting_on_cli(s), "%s", flag);
		setting_help(s, line, sizeof line);
		cr_assert(strstr(help, line), "--help lacks \"%s\"", line);
		if (s->short_flag) {
			snprintf(flag, sizeof flag, "-%c, --%s", s->short_flag, s->key);
			cr_assert(strstr(help, flag), "%s", flag);
		}
	}
	cr_assert(strstr(help, "  -p, --precision P          precision (auto: the model's shipped dtype): "
			       "auto|fp32|bf16|fp16|fp8|int8|int4|mxfp4|nvfp4 (default auto)\n"),
		  "%s", help);
	cr_assert(strstr(help, "      --cards N              force N cards: show that plan's memory "
			       "and cost (default auto)\n"), "%s", help);
	cr_assert(strstr(help, "      --format F             report format: table|csv|json|markdown "
			       "(default table)\n"), "%s", help);
	free(help);
}

/* The JSON scenario object of a report on this scenario. */
static char *scenario_json(const struct scenario *sc)
{
	struct analysis a = {0};
	cr_assert(analysis_run(&a, &cat, sc, NULL), "%s", a.error);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	report_json(f, &a);
	fclose(f);
	analysis_free(&a);
	char *end = strstr(text, "\n  }");
	cr_assert_not_null(end);
	end[1] = '\0';
	return text;
}

Test(settings, every_row_is_in_the_json_scenario, .init = setup)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-2-7b", "context", "8k", "cards", "2", "zero", "1", NULL);
	char *json = scenario_json(&sc);
	for (size_t r = 0; r < n_settings; r++) {
		const struct setting *s = &settings[r];
		char key[64];
		cr_assert_not_null(s->json_key, "%s", s->key);
		snprintf(key, sizeof key, "\"%s", s->json_key);
		cr_assert(strstr(json, key), "JSON lacks %s:\n%s", key, json);
	}
	static const char *const pairs[] = {
		"\"model\": \"llama-2-7b\"", "\"model_name\": \"Llama-2-7B\"",
		"\"precision\": \"fp16\"", "\"precision_requested\": \"auto\"", "\"task\": \"inference\"", "\"context\": 8192",
		"\"concurrency\": 1", "\"headroom_pct\": 20.00", "\"kv_precision\": \"auto\"",
		"\"zero\": \"1\"", "\"recompute\": \"auto\"", "\"lora_rank\": 16",
		"\"overhead_gib\": 1.0000", "\"prefill_chunk\": 8192", "\"cards\": 2",
		"\"output_len\": 512", "\"duty_pct\": 100.0", "\"min_speed\": 10.0",
		"\"rate\": 0.0000", "\"slo_ttft_s\": 10.0000", "\"percentile\": 99.00",
		"\"ep\": \"auto\"", "\"dp_attention\": \"auto\"", "\"engine\": \"\"",
		"\"params\": 6740000000", "\"kv_bytes\": 2", "\"hours_per_month\": 730"};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
		cr_assert(strstr(json, pairs[i]), "JSON lacks %s:\n%s", pairs[i], json);
	free(json);
	scenario_set(&sc, "cards", "auto", NULL, 0);
	json = scenario_json(&sc);
	cr_assert(strstr(json, "\"cards\": null"), "%s", json);
	free(json);
}

/* The form as the screen shows it today: order, labels, units, fold. */
Test(settings, form_rows_are_flagged_as_the_screen_shows_them)
{
	static const struct {
		const char *key, *label, *unit;
		bool advanced;
		enum setting_kind kind;
	} want[] = {
		{"model", "Model", NULL, false, SETTING_TEXT},
		{"precision", "Precision", NULL, false, SETTING_CHOICE},
		{"task", "Task", NULL, false, SETTING_CHOICE},
		{"context", "Context", "tokens", false, SETTING_COUNT},
		{"concurrency", "Concurrency", NULL, false, SETTING_COUNT},
		{"headroom", "Headroom", "%", false, SETTING_NUMBER},
		{"kv-precision", "KV cache", NULL, true, SETTING_CHOICE},
		{"zero", "ZeRO", NULL, true, SETTING_CHOICE},
		{"recompute", "Recompute", NULL, true, SETTING_CHOICE},
		{"lora-rank", "LoRA rank", NULL, true, SETTING_COUNT},
		{"loss", "Loss", NULL, true, SETTING_CHOICE},
		{"optimizer-accounting", "Accounting", NULL, true, SETTING_CHOICE},
		{"overhead", "Overhead", "GiB", true, SETTING_NUMBER},
		{"prefill-chunk", "Prefill", "tok", true, SETTING_COUNT},
		{"cards", "Cards", NULL, true, SETTING_COUNT},
		{"tp", "TP", NULL, true, SETTING_COUNT},
		{"pp", "PP", NULL, true, SETTING_COUNT},
		{"output-len", "Output", "tok", false, SETTING_COUNT},
		{"duty", "Duty", "%", true, SETTING_NUMBER},
		{"min-speed", "Min speed", "tok/s", false, SETTING_NUMBER},
		{"rate", "Rate", "req/s", false, SETTING_NUMBER},
		{"slo-ttft", "TTFT target", NULL, false, SETTING_NUMBER},
		{"slo-tpot", "TPOT target", NULL, false, SETTING_NUMBER},
		{"percentile", "Percentile", "%", true, SETTING_NUMBER},
		{"ep", "EP", NULL, true, SETTING_CHOICE},
		{"dp-attention", "DP-attn", NULL, true, SETTING_CHOICE}, /* the form's label column */
		{"engine", "Engine", NULL, true, SETTING_TEXT},
		{"train-tokens", "To train", "tok", false, SETTING_NUMBER},
		{"epochs", "Epochs", NULL, true, SETTING_COUNT},
		{"global-batch", "Step tokens", "tok", true, SETTING_NUMBER},
		{"deadline", "Deadline", NULL, false, SETTING_NUMBER},
		{"measured", "Measured", NULL, true, SETTING_NUMBER},
		{"network", "Network", NULL, true, SETTING_CHOICE},
		{"budget", "Budget", NULL, true, SETTING_NUMBER},
		{"trial", "Trial", NULL, true, SETTING_TEXT},
	};
	size_t k = 0;
	for (size_t r = 0; r < n_settings; r++) {
		const struct setting *s = &settings[r];
		if (!setting_on_form(s))
			continue;
		cr_assert_lt(k, sizeof want / sizeof want[0], "%s", s->key);
		cr_assert_str_eq(s->key, want[k].key);
		cr_assert_str_eq(s->label, want[k].label);
		cr_assert_eq(s->unit == NULL, want[k].unit == NULL, "%s", s->key);
		if (s->unit)
			cr_assert_str_eq(s->unit, want[k].unit);
		cr_assert_eq(s->advanced, want[k].advanced, "%s", s->key);
		cr_assert_eq(s->kind, want[k].kind, "%s", s->key);
		k++;
	}
	cr_assert_eq(k, sizeof want / sizeof want[0]);
	cr_assert_null(settings_find("efficiency"));
}

Test(settings, summaries_come_from_the_rows, .init = setup)
{
	struct scenario sc;
	char buf[256];
	make_scenario(&sc, &cat, "llama-2-7b", "task", "lora", "context", "8k", NULL);
	scenario_summary(buf, sizeof buf, &sc);
	cr_assert_str_eq(buf, "Llama-2-7B fp16 lora, context 8192, concurrency 1");
	scenario_set(&sc, "headroom", "10", NULL, 0);
	scenario_summary(buf, sizeof buf, &sc);
	cr_assert_str_eq(buf, "Llama-2-7B fp16 lora, context 8192, concurrency 1, custom headroom");
	scenario_header(buf, sizeof buf, &sc);
	cr_assert_str_eq(buf, " · fp16 · LoRA fine-tune · context 8192 · concurrency 1");
	/* a training goal names its value: a sales engineer reads it back */
	scenario_set(&sc, "train-tokens", "2B", NULL, 0);
	scenario_set(&sc, "deadline", "7d", NULL, 0);
	scenario_summary(buf, sizeof buf, &sc);
	cr_assert_str_eq(buf, "Llama-2-7B fp16 lora, context 8192, concurrency 1, custom headroom, "
			      "2B tokens to train, deadline 7d");
	i18n_setup("zh", "/nonexistent/gpuplan-locale");
	scenario_summary(buf, sizeof buf, &sc);
	cr_assert_str_eq(buf, "Llama-2-7B fp16 LoRA 微调，上下文 8192，并发 1，自定义余量，训练 2B token，"
			      "工期 7d");
	i18n_setup("en", "/nonexistent/gpuplan-locale");
	/* the budget grouped as the money it is */
	scenario_set(&sc, "budget", "20000", NULL, 0);
	scenario_summary(buf, sizeof buf, &sc);
	cr_assert(strstr(buf, ", deadline 7d, budget 20,000"), "%s", buf);
}

/* A custom size keeps its strings inline: a plain copy outlives the
 * scenario it was copied from. */
Test(settings, a_custom_model_survives_plain_assignment, .init = setup)
{
	struct scenario *src = malloc(sizeof *src), copy;
	char err[160];
	scenario_defaults(src);
	cr_assert(scenario_set_model(src, &cat, "70b", err, sizeof err), "%s", err);
	copy = *src;
	memset(src, 0x55, sizeof *src);
	free(src);
	const struct model *m = scenario_model(&copy);
	cr_assert_eq(m, &copy.custom.shape);
	cr_assert_str_eq(m->id, "70b");
	cr_assert_str_eq(m->name, "70B (size only)");
	cr_assert(m->derived);
	scenario_use_model(&copy, &cat.models[0]);
	cr_assert_eq(scenario_model(&copy), &cat.models[0]);
}

Test(settings, an_invalid_choice_names_the_flag_and_the_table)
{
	struct cli cli;
	char *text = NULL;
	size_t len = 0;
	char *argv[] = {"gpuplan", "-p", "fp64", NULL};
	FILE *f = open_memstream(&text, &len);
	cr_assert_eq(cli_parse(&cli, 3, argv, f), EXIT_USAGE);
	fclose(f);
	cr_assert_str_eq(text, "gpuplan: invalid value \"fp64\" for --precision: expected auto, "
			       "fp32, bf16, fp16, fp8, int8, int4, mxfp4 or nvfp4 (see gpuplan "
			       "--help)\n");
	free(text);
}

/* --compare's options land on top of the base scenario. */
Test(settings, parse_onto_keeps_what_it_does_not_set)
{
	struct cli cli;
	char *base[] = {"gpuplan", "-m", "llama-2-7b", "-c", "8k", "--zero", "2", NULL};
	char *more[] = {"gpuplan", "-p", "int4", "--cards", "3", NULL};
	cr_assert_eq(cli_parse(&cli, 7, base, stderr), EXIT_OK);
	cr_assert_eq(cli_parse_onto(&cli, 5, more, stderr), EXIT_OK);
	cr_assert_str_eq(cli.model, "llama-2-7b");
	cr_assert_eq(cli.sc.context, 8192);
	cr_assert_eq(cli.sc.zero, ZERO_2);
	cr_assert_eq(cli.sc.precision, precision_find("int4"));
	cr_assert_eq(cli.sc.cards, 3);
}

/* ---- issue 11: a choice as the current language shows it reads back ---- */

/* Chinese from the built-in catalogue, whatever the environment says. */
static void chinese(void)
{
	i18n_setup("zh", "/nonexistent/gpuplan-locale");
	cr_assert_eq(i18n_lang(), I18N_ZH);
}

/* Every choice of every row, as a screen shows it (_(name)), sets that
 * choice: two names translated alike in one row would fail here. */
static void assert_shown_names_read_back(void)
{
	for (size_t r = 0; r < n_settings; r++) {
		const struct setting *s = &settings[r];
		for (size_t i = 0; i < setting_choice_count(s); i++) {
			struct scenario sc;
			char err[512];
			const char *shown = _(setting_choice(s, i));
			scenario_defaults(&sc);
			cr_assert(setting_parse(s, &sc, NULL, shown, err, sizeof err), "%s %s: %s",
				  s->key, shown, err);
			cr_assert_eq(setting_choice_index(s, &sc), i, "--%s %s", s->key, shown);
		}
	}
}

Test(settings, every_shown_choice_reads_back_in_both_languages)
{
	assert_shown_names_read_back();
	chinese();
	assert_shown_names_read_back();
}

static size_t task_from(const char *text, bool *ok)
{
	struct scenario sc;
	char err[512];
	scenario_defaults(&sc);
	scenario_set(&sc, "task", "lora", err, sizeof err);
	*ok = scenario_set(&sc, "task", text, err, sizeof err);
	return (size_t)sc.task;
}

Test(settings, a_chinese_task_name_reads_back)
{
	bool ok;
	chinese();
	if (strcmp(_("inference"), "inference") == 0)
		cr_skip_test("the built-in catalogue lacks the settings' translations");
	cr_assert_eq(task_from("推理", &ok), (size_t)task_find("inference"));
	cr_assert(ok);
	cr_assert_eq(task_from("全量微调", &ok), (size_t)task_find("full"), "the label too");
	cr_assert(ok);
	cr_assert_eq(task_from("FULL", &ok), (size_t)task_find("full"), "English still works");
	cr_assert(ok);
	struct scenario sc;
	char err[512];
	scenario_defaults(&sc);
	cr_assert(scenario_set(&sc, "cards", "自动", err, sizeof err));
	cr_assert_eq(sc.cards, 0);
	cr_assert_not(scenario_set(&sc, "precision", "fp64", err, sizeof err));
	cr_assert_str_eq(err, "应为auto、fp32、bf16、fp16、fp8、int8、int4、mxfp4 或 nvfp4");
}

Test(settings, english_takes_no_translated_names)
{
	bool ok;
	task_from("推理", &ok);
	cr_assert_not(ok);
	struct scenario sc;
	char err[512];
	scenario_defaults(&sc);
	cr_assert_not(scenario_set(&sc, "cards", "AUTO", err, sizeof err), "as before: exact");
	cr_assert_str_eq(err, "expected auto or a card count from 1 to 100000");
}

Test(settings, chinese_summaries, .init = setup)
{
	struct scenario sc;
	char buf[256];
	chinese();
	if (strcmp(_("inference"), "inference") == 0)
		cr_skip_test("the built-in catalogue lacks the settings' translations");
	make_scenario(&sc, &cat, "llama-2-7b", "task", "full", "context", "8k", "headroom", "10",
		      NULL);
	scenario_header(buf, sizeof buf, &sc);
	cr_assert_str_eq(buf, " · fp16 · 全量微调 · 上下文 8192 · 并发 1");
	scenario_summary(buf, sizeof buf, &sc);
	cr_assert(strstr(buf, "fp16 全量"), "%s", buf);
	cr_assert(strstr(buf, "自定义余量"), "%s", buf);
}

/* A person reads the task by its label where the language has one
 * (全量微调, not the "full" of --task full, which would read 全量), the
 * precision "auto" by its word, bf16 as typed; English shows the names. */
Test(settings, a_choice_is_shown_in_the_reader_s_words)
{
	const struct setting *task = settings_find("task"), *prec = settings_find("precision");
	size_t full = (size_t)task_find("full"), lora = (size_t)task_find("lora");
	i18n_setup("en", "/nonexistent/gpuplan-locale");
	cr_assert_str_eq(setting_choice_shown(task, full), "full");
	cr_assert_str_eq(setting_choice_shown(prec, 0), "auto");
	chinese();
	cr_assert_str_eq(setting_choice_shown(task, full), "全量微调");
	cr_assert_str_eq(setting_choice_shown(task, lora), "LoRA 微调");
	cr_assert_str_eq(setting_choice_shown(prec, 0), "自动");
	cr_assert_str_eq(setting_choice_shown(prec, 2), "bf16");
	cr_assert_null(setting_choice_shown(task, 99));
	i18n_setup("en", "/nonexistent/gpuplan-locale");
}

/* A row's default lies in its own range, and the accepted text of a row
 * with a range names that range: "a percentage from 0 to 1000" is built
 * from headroom's .min and .max (the words were typed beside the numbers
 * and could drift). */
Test(settings, defaults_and_accepted_texts_come_from_the_rows)
{
	struct scenario sc;
	scenario_defaults(&sc);
	for (size_t i = 0; i < n_settings; i++) {
		const struct setting *s = &settings[i];
		char text[256], lo[32], hi[32];
		cr_assert(setting_is_default(s, &sc), "%s", s->key);
		if (s->kind != SETTING_CHOICE && s->offset && !s->ops.parse && s->def)
			cr_assert(s->def >= s->min && s->def <= s->max, "%s default %g outside %g..%g",
				  s->key, s->def, s->min, s->max);
		if (!s->accepted || s->ops.parse || !strstr(s->accepted, "%s"))
			continue;
		setting_accepted(s, text, sizeof text);
		snprintf(lo, sizeof lo, "%.10g", s->min);
		snprintf(hi, sizeof hi, "%.10g", s->max);
		cr_assert(strstr(text, lo) && strstr(text, hi) && !strstr(text, "%"), "%s: %s",
			  s->key, text);
	}
	char text[256];
	setting_accepted(settings_find("headroom"), text, sizeof text);
	cr_assert_str_eq(text, "a percentage from 0 to 1000");
	setting_accepted(settings_find("concurrency"), text, sizeof text);
	cr_assert_str_eq(text, "a whole number from 1 to 1000000");
	/* 4096 tokens, 20 % headroom, inference: the rows' defaults */
	cr_assert_eq(sc.context, 4096);
	cr_assert_float_eq(sc.headroom_pct, 20.0, 1e-12);
	cr_assert_str_eq(tasks[sc.task].name, "inference");
	cr_assert(sc.precision_auto);
}
