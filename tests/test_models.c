/* Models as users name them (issue 10, "Models"): aliases, matching
 * without case and punctuation, "did you mean", precision "auto" from the
 * model's shipped dtype, the configurator's default model and the rows
 * added for the models customers ask for. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "checkdata.h"
#include "model_lookup.h"
#include "settings.h"
#include "helpers.h"

#define MODELS_HEADER "id,name,params_b,layers,hidden,heads,kv_heads,head_dim,intermediate,vocab"

static char out[8192];

TestSuite(models, .init = ref_setup, .fini = ref_teardown);

static const char *found_id(const char *key)
{
	const struct model *m = catalog_find_model(&ref_catalog, key);
	return m ? m->id : "(none)";
}

Test(models, keys_normalise_case_punctuation_and_the_instruct_suffix)
{
	char key[MODEL_KEY_MAX];
	cr_assert_eq(model_key_normalise("Qwen2.5-72B-Instruct", key, sizeof key), 9);
	cr_assert_str_eq(key, "qwen2572b");
	model_key_normalise("Llama_3.1 70B chat", key, sizeof key);
	cr_assert_str_eq(key, "llama3170b");
	model_key_normalise("Qwen3-8B-Base", key, sizeof key);
	cr_assert_str_eq(key, "qwen38b");
	model_key_normalise("instruct", key, sizeof key); /* nothing left: kept */
	cr_assert_str_eq(key, "instruct");
}

Test(models, ids_names_and_aliases_match_without_case_or_punctuation)
{
	cr_assert_str_eq(found_id("Qwen2.5-72B-Instruct"), "qwen2.5-72b");
	cr_assert_str_eq(found_id("QWEN 2.5 72b"), "qwen2.5-72b");
	cr_assert_str_eq(found_id("qwen2_5-72b"), "qwen2.5-72b");
	cr_assert_str_eq(found_id("deepseek-r1"), "deepseek-v3");
	cr_assert_str_eq(found_id("DeepSeek-R1-0528"), "deepseek-v3");
	cr_assert_str_eq(found_id("Meta-Llama-3.1-70B-Instruct"), "llama-3.1-70b");
	/* a different release or a shortening is not guessed */
	cr_assert_str_eq(found_id("llama3-70b"), "(none)");
	cr_assert_str_eq(found_id("qwen72b"), "(none)");
	cr_assert_str_eq(found_id("deepseek-r1-distill"), "(none)");
}

static void refused(const char *text, const char *want)
{
	struct scenario sc;
	char err[300];
	scenario_defaults(&sc);
	cr_assert_not(scenario_set_model(&sc, &ref_catalog, text, err, sizeof err), "%s", text);
	cr_assert_str_eq(err, want, "%s", text);
	cr_assert_null(scenario_model(&sc), "sc is unchanged");
}

#define ACCEPTED "a catalogue model (see --list-models) or a size such as 70b"

Test(models, an_unknown_model_names_the_nearest_ones)
{
	refused("llama3-70b", ACCEPTED "; did you mean Llama-3.1-70B or Llama-2-70B?");
	refused("qwen72b", ACCEPTED "; did you mean Qwen2.5-72B, Qwen2.5-7B or Qwen3-32B?");
	refused("qwen3-235b", ACCEPTED "; did you mean Qwen3-235B-A22B?");
	refused("deepseek-r2", ACCEPTED "; did you mean DeepSeek-V3 / R1?");
	refused("gpt-4", ACCEPTED);
}

/* The form applies the model through setting_parse: the same words. */
Test(models, the_form_gets_the_same_suggestion)
{
	struct scenario sc;
	char err[300];
	scenario_defaults(&sc);
	cr_assert_not(setting_parse(settings_find("model"), &sc, &ref_catalog, "llama3-70b", err,
				    sizeof err));
	cr_assert_str_eq(err, "expected " ACCEPTED "; did you mean Llama-3.1-70B or Llama-2-70B?");
	cr_assert(setting_parse(settings_find("model"), &sc, &ref_catalog, "qwen2.5 72b instruct",
				err, sizeof err));
	cr_assert_str_eq(scenario_model(&sc)->id, "qwen2.5-72b");
}

Test(models, the_command_line_says_did_you_mean)
{
	FILE *p = popen("env -u GPUPLAN_DATA XDG_CONFIG_HOME=/nonexistent GPUPLAN_DATA=" FIXTURES
			"/ref " GPUPLAN_BIN " --print -m qwen72b 2>&1 </dev/null", "r");
	cr_assert_not_null(p);
	size_t n = fread(out, 1, sizeof out - 1, p);
	out[n] = '\0';
	cr_assert_eq(WEXITSTATUS(pclose(p)), 2);
	cr_assert_str_eq(out, "gpuplan: invalid value \"qwen72b\" for --model: expected " ACCEPTED
			      "; did you mean Qwen2.5-72B, Qwen2.5-7B or Qwen3-32B?\n");
}

static const char *precision_of(const char *model, const char *precision)
{
	struct scenario sc;
	char err[300];
	scenario_defaults(&sc);
	if (precision)
		scenario_put(&sc, "precision", precision);
	cr_assert(scenario_set_model(&sc, &ref_catalog, model, err, sizeof err), "%s", err);
	return precisions[sc.precision].name;
}

Test(models, auto_precision_is_the_shipped_dtype)
{
	cr_assert_str_eq(precision_of("deepseek-v3", NULL), "fp8");
	cr_assert_str_eq(precision_of("kimi-k2", NULL), "fp8");
	cr_assert_str_eq(precision_of("llama-2-7b", NULL), "fp16");
	cr_assert_str_eq(precision_of("qwen2.5-72b", NULL), "bf16");
	cr_assert_str_eq(precision_of("70b", NULL), "bf16"); /* a bare size ships nothing */
	cr_assert_str_eq(precision_of("deepseek-v3", "auto"), "fp8");
	cr_assert_str_eq(precision_of("deepseek-v3", "bf16"), "bf16"); /* asked for: kept */
}

Test(models, auto_follows_the_model_and_the_form_keeps_auto)
{
	struct scenario sc;
	char buf[32];
	make_scenario(&sc, &ref_catalog, "llama-2-7b", NULL);
	cr_assert_str_eq(precisions[sc.precision].name, "fp16");
	scenario_use_model(&sc, catalog_find_model(&ref_catalog, "deepseek-v3"));
	cr_assert_str_eq(precisions[sc.precision].name, "fp8");
	setting_format(settings_find("precision"), &sc, buf, sizeof buf);
	cr_assert_str_eq(buf, "auto");
	scenario_put(&sc, "precision", "int4");
	scenario_use_model(&sc, catalog_find_model(&ref_catalog, "llama-2-7b"));
	cr_assert_str_eq(precisions[sc.precision].name, "int4");
	scenario_put(&sc, "precision", "auto");
	cr_assert_str_eq(precisions[sc.precision].name, "fp16");
}

static int cards_on(const char *precision)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "deepseek-v3", "context", "128k", "precision", precision,
		      NULL);
	struct analysis *a = ref_run(&sc, "h200-141g");
	return plan_of(a, "h200-141g")->cards;
}

/* The case: DeepSeek-V3 at 128k opens in fp8 on 6 H200 (PP6: 11 of
 * 61 layers on the fullest stage), not the 12 that bf16 needs (TP2×PP6). */
Test(models, deepseek_v3_opens_in_fp8_on_six_h200)
{
	cr_assert_eq(cards_on("auto"), 6);
	cr_assert_eq(cards_on("fp8"), 6);
	cr_assert_eq(cards_on("bf16"), 12);
}

Test(models, the_configurator_opens_on_the_default_row)
{
	cr_assert_str_eq(catalog_default_model(&ref_catalog)->id, "qwen2.5-72b");
	struct catalog c = ref_catalog;
	c.nmodels = 3; /* rows before the marked one: the first */
	cr_assert_str_eq(catalog_default_model(&c)->id, "llama-2-7b");
	c.nmodels = 0;
	cr_assert_null(catalog_default_model(&c));
}

Test(models, the_added_rows_agree_with_their_architecture)
{
	struct diag d = {0};
	check_model_params(&ref_catalog, &d);
	cr_assert_eq(d.warnings, 0, "%s", d.kept ? d.msgs[0] : "");
	diag_clear(&d);
	static const char *const added[] = {"qwq-32b", "qwen3-235b-a22b", "qwen3-coder-480b-a35b",
					    "kimi-k2"};
	for (size_t i = 0; i < sizeof added / sizeof added[0]; i++)
		cr_assert_str_eq(found_id(added[i]), added[i]);
	const struct model *k = catalog_find_model(&ref_catalog, "Kimi-K2-Instruct");
	cr_assert_not_null(k);
	cr_assert_eq(k->kv_elems, 576);
	cr_assert_eq(k->heads, 64);
}

static void expect_models(const char *text, size_t errors, const char *message)
{
	size_t got = load_with(FILE_MODELS, text, out, sizeof out);
	cr_assert_eq(got, errors, "errors: %zu\n%s", got, out);
	cr_assert(strstr(out, message) != NULL, "expected\n  %s\nin\n%s", message, out);
}

Test(models, aliases_may_not_lead_to_two_models)
{
	expect_models(MODELS_HEADER ",aliases\n"
				    "a,Alpha,7,32,4096,32,8,128,11008,32000,\n"
				    "b,Beta,7,32,4096,32,8,128,11008,32000,x;ALPHA-instruct\n",
		      1, "models/models.csv:3: expected an alias that is not the name on line 2 "
			 "(-m must find one model), found \"alpha\" read as \"alpha\"\n");
	expect_models(MODELS_HEADER "\n"
				    "q,Qwen2.5-7B,7,32,4096,32,8,128,11008,32000\n"
				    "r,qwen25_7b,7,32,4096,32,8,128,11008,32000\n",
		      1, "models/models.csv:3: expected a name that is not the name on line 2 "
			 "(-m must find one model), found \"qwen25_7b\" read as \"qwen257b\"\n");
	/* one row may repeat itself; a copy without the column still loads */
	expect_models(MODELS_HEADER ",aliases\n"
				    "a,Alpha,7,32,4096,32,8,128,11008,32000,ALPHA;a-instruct;al\n",
		      0, "");
	expect_models(MODELS_HEADER "\na,Alpha,7,32,4096,32,8,128,11008,32000\n", 0, "");
}
