/* Models as users name them (issue 10, "Models"): aliases, matching
 * without case and punctuation, "did you mean", precision "auto" from the
 * model's shipped dtype, the configurator's default model and the rows
 * added for the models customers ask for. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "arch.h"
#include "checkdata.h"
#include "estimate.h"
#include "message.h"
#include "model_lookup.h"
#include "settings.h"
#include "throughput.h"
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
	/* Llama 3 (8k context) has rows of its own now */
	cr_assert_str_eq(found_id("llama3-70b"), "llama-3-70b");
	cr_assert_str_eq(found_id("Meta-Llama-3-8B-Instruct"), "llama-3-8b");
	/* a different release or a shortening is not guessed */
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
	refused("llama3-405b", ACCEPTED "; did you mean Llama-3.1-405B?");
	refused("gptoss", ACCEPTED "; did you mean gpt-oss-120b or gpt-oss-20b?");
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
	cr_assert_not(setting_parse(settings_find("model"), &sc, &ref_catalog, "llama3-405b", err,
				    sizeof err));
	cr_assert_str_eq(err, "expected " ACCEPTED "; did you mean Llama-3.1-405B?");
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
	return plan_of(a, "h200-141g")->memory_min.cards;
}

/* The case: DeepSeek-V3 at 128k opens in fp8 on 6 H200 (PP6: 11 of
 * 61 layers on the fullest stage), not the 12 that bf16 needs (TP2×PP6).
 * That is the memory minimum; the headline takes more cards where the
 * 128k prompt's first token needs them (the 10 s TTFT target). */
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
					    "kimi-k2", "gpt-oss-120b", "glm-4.5-air", "llama-4-scout",
					    "gemma-3-27b", "qwen2.5-0.5b", "llama-3.2-1b"};
	for (size_t i = 0; i < sizeof added / sizeof added[0]; i++)
		cr_assert_str_eq(found_id(added[i]), added[i]);
	const struct model *k = catalog_find_model(&ref_catalog, "Kimi-K2-Instruct");
	cr_assert_not_null(k);
	cr_assert_eq(k->kv_elems, 576); /* kv_lora_rank 512 + rope_dim 64 */
	cr_assert_eq(k->heads, 64);
	cr_assert_eq(k->experts, 384);
	cr_assert_eq(k->dense_layers, 1);
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

/* ---- The catalogue round 3: MoE, MLA and local attention described ---- */

static const struct model *row(const char *id)
{
	const struct model *m = catalog_find_model(&ref_catalog, id);
	cr_assert_not_null(m, "%s", id);
	return m;
}

/* Every MoE, MLA and newly added row recomputed from its shape agrees with
 * the total its publisher states within 1 % (the model card, or the Hub's
 * count where the card rounds: Kimi-K2 "1T" is the Hub's 1.03T; Qwen3-1.7B's
 * "1.7B" rounds 1.72B, so its card's 1.4B without embeddings is held). */
Test(models, every_new_row_agrees_with_its_published_total)
{
	static const struct {
		const char *id;
		double total_b, non_embedding_b;
	} rows[] = {
		{"deepseek-v3", 671, 0},      {"kimi-k2", 1030, 0},
		{"qwen3-235b-a22b", 235, 0},  {"qwen3-30b-a3b", 30.5, 0},
		{"qwen3-coder-480b-a35b", 480, 0}, {"mixtral-8x7b", 46.7, 0},
		{"gpt-oss-120b", 116.83, 0},  {"gpt-oss-20b", 20.91, 0},
		{"glm-4.5", 355, 0},          {"glm-4.5-air", 106, 0},
		{"llama-4-scout", 109, 0},    {"llama-4-maverick", 400, 0},
		{"gemma-3-27b", 27.4, 0},     {"qwen2.5-0.5b", 0.49, 0},
		{"qwen2.5-1.5b", 1.54, 0},    {"qwen2.5-3b", 3.09, 0},
		{"qwen3-0.6b", 0.6, 0},       {"qwen3-1.7b", 0, 1.4},
		{"qwen3-4b", 4.0, 0},         {"qwen3-14b", 14.8, 0},
		{"llama-3.2-1b", 1.23, 0},    {"llama-3.2-3b", 3.21, 0},
		{"llama-3-8b", 8.03, 0},      {"llama-3-70b", 70.6, 0},
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct model *m = row(rows[i].id);
		double shape = arch_param_count(m, NULL) / 1e9;
		double want = rows[i].total_b;
		if (!want) { /* the card's figure without the embedding and LM head */
			shape -= model_embedding_params(m) / 1e9;
			want = rows[i].non_embedding_b;
		}
		cr_assert(fabs(shape / want - 1) <= 0.01, "%s: shape %.4gB, published %.4gB",
			  rows[i].id, shape, want);
		if (rows[i].total_b)
			cr_assert(fabs(m->params_b / want - 1) <= 0.01, "%s: params_b %.4g", rows[i].id,
				  m->params_b);
	}
}

/* gpt-oss's card counts active parameters without the input embedding:
 * 36 x (attention 26,542,080 + 4 experts x 24,883,200 + router 368,640 +
 * norms 5,760) = 4,552,174,080 + LM head 201088 x 2880 (579,133,440) + final
 * norm 2,880 = 5,131,310,400: its 5.13B (biases left out). */
Test(models, gpt_oss_active_parameters_as_its_card_counts_them)
{
	const struct model *m = row("gpt-oss-120b");
	double active;
	arch_param_count(m, &active);
	double input_embedding = 201088.0 * 2880;
	cr_assert_float_eq(active - input_embedding, 5131310400.0, 0.5);
}

/* DeepSeek-V3's MLA and MoE from the shape: attention per layer q_a 7168 x
 * 1536 + 1536 + q_b 1536 x 128 x 192 + kv_a 7168 x 576 + 512 + kv_b 512 x 128
 * x 256 + o 16384 x 7168 = 187,107,328; 3 dense layers of 3 x 7168 x 18432 =
 * 396,361,728; 58 MoE layers of 257 x 44,040,192 + router 7168 x 256 =
 * 11,320,164,352; 61 x 2 norms x 7168; embeddings 2 x 129280 x 7168 + the
 * final norm: 671,026,404,352 in all. */
Test(models, deepseek_v3_mla_and_moe_parameters)
{
	const struct model *m = row("deepseek-v3");
	cr_assert_eq(arch_moe_layers(m), 58);
	cr_assert_eq(arch_dense_layers(m), 3);
	cr_assert_float_eq(arch_param_count(m, NULL), 671026404352.0, 0.5);
	/* routed: 58 x 256 x 44,040,192 = 653,908,770,816 */
	cr_assert_float_eq(arch_routed_params(m), 653908770816.0, 0.5);
	cr_assert_float_eq(arch_kv_elems(m), 576, 0);
}

/* Llama-4-Maverick: MoE on every 2nd layer, 24 of 48; Scout on all 48. */
Test(models, interleaved_moe_layers)
{
	cr_assert_eq(arch_moe_layers(row("llama-4-maverick")), 24);
	cr_assert_eq(arch_moe_layers(row("llama-4-scout")), 48);
	cr_assert_eq(arch_moe_layers(row("qwen3-235b-a22b")), 94);
	cr_assert_eq(arch_moe_layers(row("llama-3.1-8b")), 0);
}

/* Local layers: gpt-oss 1 of 2 of 36 = 18; Gemma 3 5 of 6 of 62: 10 groups
 * of 6 leave 10 global, plus 2 layers local = 52; Llama 4 3 of 4 of 48 = 36. */
Test(models, local_attention_layers)
{
	cr_assert_eq(arch_local_layers(row("gpt-oss-120b")), 18);
	cr_assert_eq(arch_local_layers(row("gemma-3-27b")), 52);
	cr_assert_eq(arch_local_layers(row("llama-4-scout")), 36);
	cr_assert_eq(arch_local_layers(row("qwen2.5-7b")), 0);
}

/* gpt-oss-120b's KV: 2 x 8 heads x 64 = 1024 elements per token and layer,
 * 2 B each. At 4096 tokens the 18 global layers hold 4096, the 18 sliding
 * ones 128: (18 x 4096 + 18 x 128) x 1024 x 2 = 155,713,536 B; past the
 * window it grows by 18 x 2048 = 36,864 B (36 KiB) a token, half of what all
 * 36 layers would. */
Test(models, gpt_oss_kv_per_token)
{
	const struct model *m = row("gpt-oss-120b");
	cr_assert_float_eq(kv_cache_bytes(m, 4096, 1, 2), 155713536.0, 0.5);
	cr_assert_float_eq(kv_cache_bytes(m, 4097, 1, 2) - kv_cache_bytes(m, 4096, 1, 2), 36864.0,
			   1e-6);
	/* inside the window every layer grows: 36 x 2048 */
	cr_assert_float_eq(kv_cache_bytes(m, 100, 1, 2) - kv_cache_bytes(m, 99, 1, 2), 73728.0,
			   1e-6);
}

/* gpt-oss ships MXFP4 experts and bf16 attention: with precision auto the
 * 114,661,785,600 expert parameters (36 x 128 x 3 x 2880 x 2880) take
 * 0.53125 B, the other 116.83e9 - that = 2,168,214,400 take 2 B:
 * 60,914,073,600 + 4,336,428,800 = 65,250,502,400 B (60.77 GiB; the Hub's
 * safetensors are 65.3 GB). bf16 asked for: every parameter 2 B. */
Test(models, gpt_oss_experts_at_their_own_precision)
{
	struct scenario sc;
	struct workload w;
	make_scenario(&sc, &ref_catalog, "gpt-oss-120b", NULL);
	cr_assert(workload_init(&w, &sc));
	cr_assert_str_eq(w.expert_prec->name, "mxfp4");
	cr_assert_float_eq(w.frozen_weights, 65250502400.0, 1);
	make_scenario(&sc, &ref_catalog, "gpt-oss-120b", "precision", "bf16", NULL);
	cr_assert(workload_init(&w, &sc));
	cr_assert_float_eq(w.frozen_weights, 116.83e9 * 2, 1);
}

/* A DeepSeek-V3 decode step in fp8 (its dtype), embeddings 16-bit. Routed
 * R = 653,908,770,816; LM head 129280 x 7168 = 926,679,040 (x 2 B); the rest,
 * 671e9 - R - 2 x 926,679,040 = 15,237,871,104 (dense layers, shared experts,
 * attention, routers), always streamed at 1 B. Batch 1 touches 8 of 256:
 * R/32 = 20,434,649,088 -> 37,525,878,272 B, a dense 37B's worth. Batch 64
 * touches 1 - (31/32)^64 = 86.89 %: R x 0.868916 = 568,191,772,264 ->
 * 585,283,001,448 B. */
Test(models, deepseek_v3_decode_streams_shared_and_touched_experts)
{
	struct scenario sc;
	struct workload w;
	make_scenario(&sc, &ref_catalog, "deepseek-v3", NULL);
	cr_assert(workload_init(&w, &sc));
	cr_assert_str_eq(w.prec->name, "fp8");
	cr_assert_float_eq(stream_bytes(&w, 1), 37525878272.0, 1);
	cr_assert_float_eq(stream_bytes(&w, 64), 585283001448.0, 2);
}

/* Qwen2.5-1.5B: 28 layers x 2 x 2 KV heads x 128 x 2 B = 28,672 B (28 KiB)
 * a token; bf16 weights 1.54e9 x 2 = 3.08e9; 4096 tokens of KV 117 MB: one
 * RTX 4090, where a bare 1.5b scaled from Llama-2-7B (MHA) wanted two. */
Test(models, qwen25_1_5b_on_one_4090)
{
	const struct model *m = row("qwen2.5-1.5b");
	cr_assert_float_eq(kv_cache_bytes(m, 1, 1, 2), 28672.0, 0);
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "qwen2.5-1.5b", NULL);
	const struct plan *p = plan_of(ref_run(&sc, "rtx4090-24g"), "rtx4090-24g");
	cr_assert_eq(p->cards, 1);
	cr_assert_str_eq(p->strategy, "single");
}

static const struct model *bare(const char *size, struct scenario *sc)
{
	char err[300];
	scenario_defaults(sc);
	cr_assert(scenario_set_model(sc, &ref_catalog, size, err, sizeof err), "%s", err);
	return scenario_model(sc);
}

/* A bare size scales from the nearest GQA template, not an MHA Llama-2:
 * 1.5b from Qwen2.5-1.5B keeps its 28 KiB of KV a token (k = cbrt(1.5/1.54)
 * = 0.991 leaves hidden 1536, 28 layers, 2 KV heads), and the size names
 * that model; 13b from Qwen2.5-14B (GQA, 8 KV heads) instead of taking
 * Llama-2-13B's MHA cache, while the note names Llama-2-13B (13.02B, 0.2 %
 * away) for its exact shape. */
Test(models, bare_sizes_scale_from_gqa_templates)
{
	struct scenario sc;
	const struct model *m = bare("1.5b", &sc);
	cr_assert(m->derived);
	cr_assert_float_eq(kv_cache_bytes(m, 1, 1, 2), 28672.0, 0);
	cr_assert_str_eq(m->source, "architecture scaled from Qwen2.5-1.5B");
	cr_assert_str_eq(sc.custom.near_id, "qwen2.5-1.5b");
	m = bare("13b", &sc);
	cr_assert_str_eq(m->source, "architecture scaled from Qwen2.5-14B");
	cr_assert_lt(m->kv_heads, m->heads);
	cr_assert_str_eq(sc.custom.near_id, "llama-2-13b");
	/* 20b is near nothing: Qwen3-14B is 26 % away, gpt-oss-20b 4.5 % */
	m = bare("20b", &sc);
	cr_assert_str_eq(sc.custom.near_id, "");
}

static bool has_scenario_note(const struct analysis *a, enum message_code code)
{
	for (int i = 0; i < a->nnotes; i++)
		if (a->notes[i].code == code)
			return true;
	return false;
}

/* 671b is DeepSeek-V3's total: sized as a dense model (from Llama-3.1-405B),
 * and the note says it is a MoE model and how to size it as one. */
Test(models, a_bare_moe_total_is_named_as_moe)
{
	struct scenario sc;
	const struct model *m = bare("671b", &sc);
	cr_assert_str_eq(m->source, "architecture scaled from Llama-3.1-405B");
	cr_assert(sc.custom.near_moe);
	const struct analysis *a = ref_run(&sc, "h200-141g");
	cr_assert(has_scenario_note(a, MSG_SIZE_OF_MOE_MODEL));
	char text[MESSAGE_TEXT_MAX];
	for (int i = 0; i < a->nnotes; i++)
		if (a->notes[i].code == MSG_SIZE_OF_MOE_MODEL)
			message_format(&a->notes[i], text, sizeof text);
	cr_assert_str_eq(text, "671B is the total of DeepSeek-V3 / R1, a MoE model: a bare size is "
			       "sized as a dense model with every parameter active; -m deepseek-v3 "
			       "sizes its experts");
	m = bare("1.5b", &sc);
	cr_assert(has_scenario_note(ref_run(&sc, "h100-80g"), MSG_SIZE_OF_MODEL));
}

/* The FP4 formats: MXFP4 4 + 8/32 bits, NVFP4 4 + 8/16 bits. NVFP4 on a card
 * without FP4 tensor cores is said; B300 computes it at its FP4 peak. */
Test(models, fp4_precisions)
{
	cr_assert_float_eq(precisions[precision_find("mxfp4")].weight_bytes, 0.53125, 0);
	cr_assert_float_eq(precisions[precision_find("nvfp4")].weight_bytes, 0.5625, 0);
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "precision", "nvfp4", NULL);
	struct analysis *a = ref_run(&sc, "h100-80g,b300-288g");
	const struct plan *h100 = plan_of(a, "h100-80g"), *b300 = plan_of(a, "b300-288g");
	bool said = false;
	for (int i = 0; i < h100->nnotes; i++)
		said |= h100->notes[i].code == MSG_FP4_WITHOUT_HARDWARE;
	cr_assert(said);
	for (int i = 0; i < b300->nnotes; i++)
		cr_assert_neq(b300->notes[i].code, MSG_FP4_WITHOUT_HARDWARE);
	cr_assert_float_eq(b300->throughput.eff.peak_tflops, 13125, 0);
	cr_assert(b300->throughput.eff.fp4_compute);
	cr_assert_float_eq(h100->throughput.eff.peak_tflops, 989, 0); /* weight-only */
}

#define PARTS_HEADER MODELS_HEADER ",experts,experts_per_token,moe_intermediate,kv_lora_rank," \
			       "rope_dim,kv_elems,window,window_layers,expert_dtype,vision_params_b"

/* Each new column is checked against the others, with its position. */
Test(models, the_new_columns_are_checked_where_they_are)
{
	expect_models(PARTS_HEADER "\na,A,7,32,4096,32,8,128,11008,32000,,,2048,,,,,,,\n", 1,
		      "models/models.csv:2:38: expected moe_intermediate only with experts (it "
		      "describes MoE layers), found \"2048\"\n");
	expect_models(PARTS_HEADER "\na,A,7,32,4096,32,8,128,11008,32000,8,2,,512,64,512,,,,\n", 1,
		      "expected kv_elems equal to kv_lora_rank + rope_dim (576), found \"512\"");
	expect_models(PARTS_HEADER "\na,A,7,32,4096,32,8,128,11008,32000,8,2,,512,,,,,,\n", 1,
		      "models/models.csv:2:45: expected kv_lora_rank and rope_dim together (MLA), "
		      "found \"\"");
	expect_models(PARTS_HEADER "\na,A,7,32,4096,32,8,128,11008,32000,,,,,,,128,5:6,,\n", 1,
		      "expected N/M for window_layers: N of every M layers are local (\"5/6\"), "
		      "found \"5:6\"");
	expect_models(PARTS_HEADER "\na,A,7,32,4096,32,8,128,11008,32000,,,,,,,,1/2,,\n", 1,
		      "expected window (the local span in tokens) with window_layers");
	expect_models(PARTS_HEADER "\na,A,7,32,4096,32,8,128,11008,32000,8,2,,,,,,,fp4,\n", 1,
		      "expected a precision for expert_dtype: fp32, bf16, fp16, fp8, int8, int4, "
		      "mxfp4 or nvfp4, found \"fp4\"");
	expect_models(PARTS_HEADER "\na,A,7,32,4096,32,8,128,11008,32000,,,,,,,,,,7\n", 1,
		      "expected vision_params_b below params_b, found \"7\"");
	expect_models(PARTS_HEADER "\na,A,7,32,4096,32,8,128,11008,32000,8,2,2048,512,64,,128,"
				   "3/4,mxfp4,0.5\n", 0, "");
}

/* Gemma-3-27B in fp8: its tied embedding (262208 x 5376 = 1,409,630,208)
 * and its vision tower (0.423e9) stay 16-bit, as FP8 checkpoints keep
 * them: 1,832,630,208 x 2 + the other 25,567,369,792 x 1 = 29,232,630,208 B.
 * The MTP layer DeepSeek-V3 ships is outside params_b and not loaded. */
Test(models, a_vision_tower_stays_sixteen_bit_and_mtp_is_not_loaded)
{
	struct scenario sc;
	struct workload w;
	make_scenario(&sc, &ref_catalog, "gemma-3-27b", "precision", "fp8", NULL);
	cr_assert(workload_init(&w, &sc));
	cr_assert_float_eq(w.frozen_weights, 29232630208.0, 1);
	const struct model *d = row("deepseek-v3");
	cr_assert_eq(d->mtp_layers, 1);
	make_scenario(&sc, &ref_catalog, "deepseek-v3", "precision", "bf16", NULL);
	cr_assert(workload_init(&w, &sc));
	cr_assert_float_eq(w.frozen_weights, 671e9 * 2, 1); /* 671B, not the Hub's 685B */
}
