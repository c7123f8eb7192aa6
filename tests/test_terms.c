/* Memory terms that mutation testing found unpinned: pipeline stages,
 * MoE, tied embeddings, LoRA's GQA term, micro-batches, TP, ZeRO per term.
 * Expected values are worked by hand in the comment beside each. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arch.h"
#include "estimate.h"
#include "tables.h"
#include "helpers.h"


Test(pipeline, training_stage_holds_its_share_of_the_layers)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "full");
	/* one layer is 538,968,064 B (s = 4096, b = 1; test_engine), logits 16 x 4096 x
	 * 32000 = 2,097,152,000. A global batch of one sequence (m = 1) keeps one
	 * micro-batch in flight: p = 2: 32 / 2 = 16 layers: 8,623,489,024 + logits =
	 * 10,720,641,024. p = 4: 8 layers: 4,311,744,512 + logits = 6,408,896,512 */
	scenario_put(&sc, "global-batch", "4096");
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){1, 2, 1, 0, false, false, false}).activations,
			   10720641024.0, 1);
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){1, 4, 1, 0, false, false, false}).activations,
			   6408896512.0, 1);
	/* recomputation on 2 stages: 16 inputs x 2 sbh (33,554,432) = 536,870,912 + one
	 * layer 538,968,064 + logits = 3,172,990,976 */
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){1, 2, 1, 0, true, false, false}).activations,
			   3172990976.0, 1);
	/* TRAINING.md §7.3: with the default 1 Mi tokens (m = 256 micro-batches) the
	 * first stage holds min(m, p) of them under 1F1B, the logits only on the
	 * last: p = 2: max(2 x 8,623,489,024, 10,720,641,024) = 17,246,978,048;
	 * p = 4: max(4 x 4,311,744,512, 6,408,896,512) = the same; recomputed,
	 * p = 2: max(2 x (536,870,912 + 538,968,064) = 2,151,677,952, the last
	 * stage's 536,870,912 + 538,968,064 + 2,097,152,000 = 3,172,990,976): the
	 * 16 B logits (re-derived after main's loss accounting) now make the last
	 * stage the larger one */
	scenario_put(&sc, "global-batch", "auto");
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){.t = 1, .p = 2, .d = 1}).activations,
			   17246978048.0, 1);
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){.t = 1, .p = 4, .d = 1}).activations,
			   17246978048.0, 1);
	cr_assert_float_eq(
		terms_per_card(&sc, (struct layout){.t = 1, .p = 2, .d = 1, .recompute = true})
			.activations,
		3172990976.0, 1);
	/* virtual stages hold more: v = 2 on p = 4: f_v = 1 + 3/8, 23,714,594,816
	 * (the last stage's 6,408,896,512 is less) */
	struct workload w;
	struct mem_terms mv;
	cr_assert(workload_init(&w, &sc), "%s", w.error);
	workload_per_card_train(&w, &(struct layout){.t = 1, .p = 4, .d = 1},
				&(struct layout_train){.v = 2}, &mv);
	cr_assert_float_eq(mv.activations, 4 * 1.375 * 4311744512.0, 1);
	/* 3 of the 8 layers of a stage recomputed (p = 4): 3 inputs x 33,554,432 +
	 * 5 layers + the one being recomputed, 6 x 538,968,064: 3,334,471,680 x 4
	 * (the last stage's 3,334,471,680 + 2,097,152,000 is less) */
	workload_per_card_train(&w, &(struct layout){.t = 1, .p = 4, .d = 1, .recompute = true},
				&(struct layout_train){.rc_layers = 3}, &mv);
	cr_assert_float_eq(mv.activations, 4 * (3 * 33554432.0 + 6 * 538968064.0), 1);
	/* a micro-batch of 2 doubles the activations and holds half the in-flight
	 * micro-batches: m = 128, still ≥ p (the last stage's 2 x 6,408,896,512
	 * is less) */
	workload_per_card_train(&w, &(struct layout){.t = 1, .p = 4, .d = 1},
				&(struct layout_train){.b = 2}, &mv);
	cr_assert_float_eq(mv.activations, 2 * 17246978048.0, 1);
	/* model states split over the stages: 16 B x P / 2 = 8P */
	struct mem_terms m = terms_per_card(&sc, (struct layout){1, 2, 1, 0, false, false, false});
	cr_assert_float_eq(m.weights, P7, 1);
	cr_assert_float_eq(m.gradients, P7, 1);
	cr_assert_float_eq(m.optimizer, 6 * P7, 1);
}

Test(pipeline, inference_stage_splits_weights_and_cache_not_the_workspace)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "inference");
	struct mem_terms m = terms_per_card(&sc, (struct layout){1, 2, 1, 0, false, false, false});
	/* 13.48e9 / 2; KV 2 GiB / 2; one layer's workspace is on every stage: 337,769,472 */
	cr_assert_float_eq(m.weights, 6.74e9, 1);
	cr_assert_float_eq(m.kv_cache, 1073741824.0, 0.5);
	cr_assert_float_eq(m.activations, 337769472.0, 0.5);
}

Test(moe, weights_count_every_expert)
{
	struct model moe = toy_arch;
	moe.params_b = 8, moe.active_params_b = 2, moe.experts = 8, moe.experts_per_token = 2;
	struct scenario sc = synthetic_scenario(&moe, "bf16", "inference");
	/* all 8e9 parameters are resident: 8e9 x 2 B = 16e9, not 2e9 x 2 */
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){1, 1, 1, 0, false, false, false}).weights, 16e9, 1);
	/* int4: (8e9 - 2,048,000 embedding + head) x 17/32 = 4,248,912,000 + 2,048,000 x 2
	 * = 4,253,008,000 */
	sc = synthetic_scenario(&moe, "int4", "inference");
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){1, 1, 1, 0, false, false, false}).weights,
			   4253008000.0, 1);
	/* a full fine-tune trains all 8e9: 2 + 2 + 12 B each */
	sc = synthetic_scenario(&moe, "bf16", "full");
	struct mem_terms m = terms_per_card(&sc, (struct layout){1, 1, 1, 0, false, false, false});
	cr_assert_float_eq(m.weights, 16e9, 1);
	cr_assert_float_eq(m.gradients, 16e9, 1);
	cr_assert_float_eq(m.optimizer, 96e9, 1);
}

Test(moe, workspace_runs_the_routed_experts)
{
	struct model moe = toy_arch;
	moe.experts = 8, moe.experts_per_token = 2;
	/* m = 4096 tokens, MLP width 2 x 4096 = 8192: 2 x (2 x 4096 x 1024 + 3 x 4096 x 8192)
	 * = 2 x (8,388,608 + 100,663,296) = 218,103,808; + logits 1000 x 4 = 4000 */
	cr_assert_float_eq(inference_activation_bytes(&moe, 4096, 1, 8192), 218107808.0, 0.5);
}

Test(embeddings, tied_embeddings_count_once)
{
	struct model tied = toy_arch;
	tied.tied_embeddings = true;
	cr_assert_float_eq(model_embedding_params(&toy_arch), 2048000.0, 0.5);
	cr_assert_float_eq(model_embedding_params(&tied), 1024000.0, 0.5);
	/* int4 untied: (1e9 - 2,048,000) x 17/32 = 530,162,000 + 4,096,000 = 534,258,000;
	 * tied: (1e9 - 1,024,000) x 17/32 = 530,706,000 + 2,048,000 = 532,754,000 */
	cr_assert_float_eq(weight_bytes(&toy_arch, 0.53125, true), 534258000.0, 1);
	cr_assert_float_eq(weight_bytes(&tied, 0.53125, true), 532754000.0, 1);
	/* kv_elems without the MLA ranks: no count rather than a wrong one */
	struct model mla = toy_arch;
	mla.kv_elems = 576;
	cr_assert_float_eq(arch_param_count(&mla, NULL), 0, 0);
	/* the parameter count loses one V x h matrix */
	cr_assert_float_eq(arch_param_count(&toy_arch, NULL) - arch_param_count(&tied, NULL),
			   1024000.0, 0.5);
}

Test(lora, gqa_term_uses_the_kv_heads)
{
	/* Llama-3.1-8B per layer: (h+q) 8192 + 2 (h + a_kv d = 4096 + 1024) 10,240 + (q+h) 8192
	 * + 3 (h+i = 18,432) 55,296 = 81,920; x 32 layers x r 16 = 41,943,040 */
	cr_assert_float_eq(lora_params(&llama31_8b_arch, 16), 41943040.0, 0.5);
	cr_assert_float_eq(lora_params(&llama31_8b_arch, 8), 20971520.0, 0.5);
	struct scenario sc = synthetic_scenario(&llama31_8b_arch, "bf16", "lora");
	struct mem_terms m = terms_per_card(&sc, (struct layout){1, 1, 1, 0, false, false, false});
	/* frozen 8.03e9 x 2 + adapters 2 B; gradients 2 B; Adam 12 B per adapter parameter */
	cr_assert_float_eq(m.weights, 16.06e9 + 2 * 41943040.0, 1);
	cr_assert_float_eq(m.gradients, 2 * 41943040.0, 1);
	cr_assert_float_eq(m.optimizer, 12 * 41943040.0, 1);
}

Test(training, activations_divide_under_tensor_parallel)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "full");
	/* 19,344,130,048 B on one card (test_engine); sequence parallel with TP divides by t */
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){2, 1, 1, 0, false, false, false}).activations,
			   9672065024.0, 1);
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){4, 1, 1, 0, false, false, false}).activations,
			   4836032512.0, 1);
	/* model states over TP2: 16P / 2 */
	struct mem_terms m = terms_per_card(&sc, (struct layout){2, 1, 1, 0, false, false, false});
	cr_assert_float_eq(m.weights + m.gradients + m.optimizer, 8 * P7, 1);
}

static void zero_terms(int d, int zero, double w, double g, double o)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "full");
	struct mem_terms m = terms_per_card(&sc, (struct layout){1, 1, d, zero, false, false, false});
	cr_assert_float_eq(m.weights, w * P7, 1, "ZeRO-%d on %d: weights", zero, d);
	cr_assert_float_eq(m.gradients, g * P7, 1, "ZeRO-%d on %d: gradients", zero, d);
	cr_assert_float_eq(m.optimizer, o * P7, 1, "ZeRO-%d on %d: optimizer", zero, d);
}

Test(training, zero_stages_term_by_term)
{
	/* 2 + 2 + 12 bytes per parameter; stage 1 shards the 12, stage 2 also the
	 * gradients' 2, stage 3 also the weights' 2, each over d */
	zero_terms(2, 0, 2, 2, 12);
	zero_terms(2, 1, 2, 2, 6);
	zero_terms(2, 2, 2, 1, 6);
	zero_terms(2, 3, 1, 1, 6);
	zero_terms(4, 0, 2, 2, 12);
	zero_terms(4, 1, 2, 2, 3);
	zero_terms(4, 2, 2, 0.5, 3);
	zero_terms(4, 3, 0.5, 0.5, 3);
}

Test(inference, replicas_hold_the_kv_cache_of_their_own_sequences)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "inference");
	scenario_put(&sc, "concurrency", "5");
	/* 2 GiB per sequence; 5 sequences over 2 replicas: ceil(5/2) = 3 on the fuller one */
	struct mem_terms m = terms_per_card(&sc, (struct layout){1, 1, 2, 0, false, false, false});
	cr_assert_float_eq(m.kv_cache, 3 * 2147483648.0, 1);
	cr_assert_float_eq(m.weights, 13.48e9, 1); /* every replica holds all the weights */
	/* workspace of 3 sequences: m = min(3 x 4096, 8192) = 8192 tokens:
	 * 2 x (2 x 8192 x 4096 + 3 x 8192 x 11008) + 3 x 32000 x 4 = 675,282,944 + 384,000 */
	cr_assert_float_eq(m.activations, 675666944.0, 1);
	/* 5 replicas: one sequence each; TP2 within 2 replicas: 3 x 2 GiB / 2 */
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){1, 1, 5, 0, false, false, false}).kv_cache,
			   2147483648.0, 1);
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){2, 1, 2, 0, false, false, false}).kv_cache,
			   3 * 1073741824.0, 1);
}

/* Survivors of the first mutation run: every test above used one sequence,
 * a SwiGLU model and a 16-bit accounting whose sum equals fp32's. */

Test(batch, kv_cache_grows_with_the_batch)
{
	/* 4 sequences of 2 GiB */
	cr_assert_float_eq(kv_cache_bytes(&llama2_7b_arch, 4096, 4, 2), 8589934592.0, 0.5);
}

Test(batch, training_layer_is_the_same_for_s_b_and_2s_b_over_2)
{
	/* s = 2048, b = 2 gives sbh = 16,777,216 as s = 4096, b = 1: 538,968,064 (test_engine) */
	cr_assert_float_eq(training_layer_bytes(&llama2_7b_arch, 2048, 2, true, false), 538968064.0, 0.5);
	/* unfused scores 4 a s^2 b = 4 x 32 x 2048^2 x 2 = 1,073,741,824; dropout masks
	 * a s^2 b = 268,435,456 + sbh in attention and sbh in the MLP (2 x 16,777,216):
	 * 538,968,064 + 1,073,741,824 + 268,435,456 + 33,554,432 = 1,914,699,776 */
	cr_assert_float_eq(training_layer_bytes(&llama2_7b_arch, 2048, 2, false, true), 1914699776.0,
			   0.5);
}

Test(batch, training_activations_of_a_micro_batch)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "full");
	scenario_put(&sc, "context", "2048");
	scenario_put(&sc, "concurrency", "2");
	/* as s = 4096, b = 1: 32 x 538,968,064 + logits 16 x 2048 x 2 x 32000 (2,097,152,000) */
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){1, 1, 1, 0, false, false, false}).activations,
			   19344130048.0, 1);
	/* recomputation: 32 x 2 sbh (33,554,432) + one layer + logits */
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){1, 1, 1, 0, true, false, false}).activations,
			   3709861888.0, 1);
}

Test(activations, prefill_chunk_of_one_token)
{
	/* m = 1: 2 x (2 x 4096 + 3 x 11008) = 82,432 + logits 128,000 */
	cr_assert_float_eq(inference_activation_bytes(&llama2_7b_arch, 4096, 1, 1), 210432.0, 0.5);
}

Test(activations, gelu_mlp_keeps_two_intermediates)
{
	struct model gelu = toy_arch;
	gelu.mlp = MLP_GELU;
	/* m = 4096: 2 x (2 x 4096 x 1024 + 2 x 4096 x 4096) = 83,886,080 + logits 4000 */
	cr_assert_float_eq(inference_activation_bytes(&gelu, 4096, 1, 8192), 83890080.0, 0.5);
}

Test(lora, gelu_mlp_has_two_matrices)
{
	struct model gelu = llama2_7b_arch;
	gelu.mlp = MLP_GELU;
	/* 8192 + 16384 + 8192 + 2 x (4096 + 11008) = 62,976; x 32 x 16 = 32,243,712 */
	cr_assert_float_eq(lora_params(&gelu, 16), 32243712.0, 0.5);
}

Test(training, fp32_accounting_term_by_term)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "fp32", "full");
	struct mem_terms m = terms_per_card(&sc, (struct layout){1, 1, 1, 0, false, false, false});
	/* 4 + 4 + 8: the same 16 B sum as mixed 16-bit, split differently */
	cr_assert_float_eq(m.weights, 4 * P7, 1);
	cr_assert_float_eq(m.gradients, 4 * P7, 1);
	cr_assert_float_eq(m.optimizer, 8 * P7, 1);
}

Test(lora, frozen_base_splits_under_tensor_parallel)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "lora");
	/* (13.48e9 frozen + 2 x 39,976,960 adapters) / 2 = 6,779,976,960 */
	struct mem_terms m = terms_per_card(&sc, (struct layout){2, 1, 1, 0, false, false, false});
	cr_assert_float_eq(m.weights, 6779976960.0, 1);
	cr_assert_float_eq(m.optimizer, 6 * 39976960.0, 1);
	/* ZeRO-3 over 2 replicas shards that again: 3,389,988,480 */
	m = terms_per_card(&sc, (struct layout){2, 1, 2, 3, false, false, false});
	cr_assert_float_eq(m.weights, 3389988480.0, 1);
}

static char out[1 << 20];

/* Runs the program on the reference fixture; returns its exit status. */
static int run_json(const char *args)
{
	char cmd[2048], path[64];
	snprintf(path, sizeof path, "/tmp/gpuplan-rules-%d.out", (int)getpid());
	snprintf(cmd, sizeof cmd,
		 "env GPUPLAN_DATA=%s/ref XDG_CONFIG_HOME=/nonexistent %s %s --format json >%s "
		 "2>/dev/null </dev/null",
		 FIXTURES, GPUPLAN_BIN, args, path);
	int status = system(cmd);
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(out, 1, sizeof out - 1, f) : 0;
	out[n] = '\0';
	if (f)
		fclose(f);
	unlink(path);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Test(cli, kv_precision_fp8_from_the_command_line)
{
	/* Llama-3.1-8B at 4096 tokens: 32 x 2 x 8 x 128 x 4096 = 268,435,456 elements:
	 * 0.5 GiB at 2 B, 0.25 GiB at 1 B */
	cr_assert_eq(run_json("-m llama-3.1-8b --gpu h100-80g"), 0);
	cr_assert(strstr(out, "\"kv_bytes\": 2,"), "%s", out);
	cr_assert(strstr(out, "\"kv_cache\": 0.5000,"), "%s", out);
	cr_assert_eq(run_json("-m llama-3.1-8b --gpu h100-80g --kv-precision fp8"), 0);
	cr_assert(strstr(out, "\"kv_precision\": \"fp8\""), "%s", out);
	cr_assert(strstr(out, "\"kv_bytes\": 1,"), "%s", out);
	cr_assert(strstr(out, "\"kv_cache\": 0.2500,"), "%s", out);
	cr_assert_eq(run_json("-m llama-3.1-8b --gpu h100-80g --kv-precision 16"), 0);
	cr_assert(strstr(out, "\"kv_bytes\": 2,"), "%s", out);
}

Test(arch, gelu_count_and_dense_active)
{
	/* toy with a GeLU MLP: attention 4 x 1024^2 = 4,194,304; MLP 2 x 1024 x 4096 =
	 * 8,388,608; norms 2048: 12,584,960 a layer, x 16 = 201,359,360; + embedding and
	 * head 2 x 1000 x 1024 + the final norm 1024 = 2,049,024 -> 203,408,384 */
	struct model gelu = toy_arch;
	gelu.mlp = MLP_GELU;
	double active;
	cr_assert_float_eq(arch_param_count(&gelu, &active), 203408384.0, 0.5);
	cr_assert_float_eq(active, 203408384.0, 0.5); /* dense: every parameter is active */
}

Test(arch, fallback_shape_without_a_catalogue)
{
	/* no catalogue: Llama-3.1-8B's shape (GQA), scaled by cbrt(size / 8.03e9) */
	struct model m;
	cr_assert_null(arch_derive(&m, NULL, 8.03e9, NULL));
	cr_assert_eq(m.hidden, 4096);
	cr_assert_eq(m.heads, 32);
	cr_assert_eq(m.kv_heads, 8);
	cr_assert_eq(m.intermediate, 14336);
	cr_assert_eq(m.layers, 32);
	cr_assert_eq(m.vocab, 128256);
	cr_assert_eq(m.head_dim, 128);
	cr_assert_eq(m.max_context, 131072);
	cr_assert(m.derived);
	/* 8 x the size: k = 2: 8192 wide, 64 heads over 16 KV heads, 28,672, 64 layers */
	arch_derive(&m, NULL, 64.24e9, NULL);
	cr_assert_eq(m.hidden, 8192);
	cr_assert_eq(m.heads, 64);
	cr_assert_eq(m.kv_heads, 16);
	cr_assert_eq(m.intermediate, 28672);
	cr_assert_eq(m.layers, 64);
}

Test(arch, derived_shapes_are_clamped)
{
	struct model m;
	/* 1e21: k = cbrt(1e21 / 8.03e9) = 4993: widths clamp at 2^24, layers at 2^16 */
	arch_derive(&m, NULL, 1e21, NULL);
	cr_assert_eq(m.hidden, 1 << 24);
	cr_assert_eq(m.intermediate, 1 << 24);
	cr_assert_eq(m.heads, (1 << 24) / 128);
	cr_assert_eq(m.layers, 1 << 16);
	/* 1e3: k = 0.005: widths round to 0 and take the 128 floor; heads the floor of one
	 * group of 4 (over one KV head), one layer */
	arch_derive(&m, NULL, 1e3, NULL);
	cr_assert_eq(m.hidden, 128);
	cr_assert_eq(m.intermediate, 128);
	cr_assert_eq(m.heads, 4);
	cr_assert_eq(m.kv_heads, 1);
	cr_assert_eq(m.layers, 1);
}

/* An MHA row (Llama-2-7B, the first) is no template: 6.74e9 scales from
 * the nearest GQA one, Mistral-7B-v0.1 (7.24B), and names Llama-2-7B. */
Test(arch, nearest_template_skips_mha_rows)
{
	struct catalog c;
	load_reference(&c);
	struct model m;
	const struct model *near;
	cr_assert_str_eq(arch_derive(&m, &c, 6.74e9, &near)->id, "mistral-7b-v0.1");
	cr_assert_str_eq(near->id, "llama-2-7b");
	cr_assert_lt(m.kv_heads, m.heads);
	catalog_free(&c);
}
