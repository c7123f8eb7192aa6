/* Every formula term of ESTIMATION.md, with the arithmetic done by hand. */
#include <criterion/criterion.h>
#include <string.h>

#include "arch.h"
#include "estimate.h"
#include "parse.h"
#include "plan.h"
#include "tables.h"
#include "helpers.h"

/* The models are helpers.h's llama2_7b_arch (no GQA) and llama31_8b_arch (8 KV
 * heads), as in their config.json. */

Test(weights, sixteen_bit_is_two_bytes_per_parameter)
{
	/* 6.74e9 params x 2 B = 13.48e9 B ("7B at fp16 is about 14 GB") */
	cr_assert_float_eq(weight_bytes(&llama2_7b_arch, 2.0, false), 13.48e9, 1);
	/* fp32: 6.74e9 x 4 = 26.96e9 */
	cr_assert_float_eq(weight_bytes(&llama2_7b_arch, 4.0, false), 26.96e9, 1);
}

Test(weights, int4_keeps_embeddings_sixteen_bit)
{
	/* embedding + LM head: 32000 x 4096 x 2 = 262,144,000 params at 2 B = 524,288,000 B;
	 * the rest: (6.74e9 - 262,144,000) = 6,477,856,000 x 0.53125 = 3,441,361,000 B;
	 * total 3,965,649,000 B */
	const struct precision *p = &precisions[precision_find("int4")];
	cr_assert_float_eq(p->weight_bytes, 0.53125, 1e-12);
	cr_assert_float_eq(weight_bytes(&llama2_7b_arch, p->weight_bytes, true), 3965649000.0, 1);
}

Test(weights, int8_group_scales)
{
	/* 6,477,856,000 x 1.03125 = 6,680,289,000; + 524,288,000 = 7,204,577,000 */
	const struct precision *p = &precisions[precision_find("int8")];
	cr_assert_float_eq(weight_bytes(&llama2_7b_arch, p->weight_bytes, true), 7204577000.0, 1);
}

Test(weights, derived_architecture_quantizes_everything)
{
	struct model m = llama2_7b_arch;
	m.derived = true; /* the embedding split is not trusted: 6.74e9 x 0.53125 */
	cr_assert_float_eq(weight_bytes(&m, 0.53125, true), 3580625000.0, 1);
}

Test(kv_cache, llama2_7b_4k_fp16_is_exactly_2_gib)
{
	/* 32 layers x 2*32*128 elems x 4096 tokens x 1 seq x 2 B = 2^31 B */
	cr_assert_float_eq(kv_cache_bytes(&llama2_7b_arch, 4096, 1, 2), 2147483648.0, 0.5);
}

Test(kv_cache, gqa_and_fp8)
{
	/* Llama-3.1-8B: 32 x 2*8*128 x 32768 x 2 B = 2^32 B = 4 GiB; fp8 halves it */
	cr_assert_float_eq(kv_cache_bytes(&llama31_8b_arch, 32768, 1, 2), 4294967296.0, 0.5);
	cr_assert_float_eq(kv_cache_bytes(&llama31_8b_arch, 32768, 1, 1), 2147483648.0, 0.5);
}

Test(kv_cache, mla_uses_the_compressed_size)
{
	/* DeepSeek-V3: 61 layers x 576 x 4096 x 2 B = 287,834,112 B */
	struct model m = llama2_7b_arch;
	m.layers = 61, m.kv_elems = 576;
	cr_assert_float_eq(kv_cache_bytes(&m, 4096, 1, 2), 287834112.0, 0.5);
}

Test(kv_cache, tensor_parallel_divides_by_min_t_and_kv_heads)
{
	struct model m = llama31_8b_arch; /* 8 KV heads */
	struct scenario sc = synthetic_scenario(&m, "bf16", "inference");
	double whole = kv_cache_bytes(&m, 4096, 1, 2); /* 32 x 2048 x 4096 x 2 = 536,870,912 */
	cr_assert_float_eq(whole, 536870912.0, 0.5);
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){8, 1, 1, 0, false, false, false}).kv_cache, whole / 8, 0.5);
	m.kv_heads = 4, m.heads = 32; /* 4 KV heads on 8 cards: replicated, only /4 */
	whole = kv_cache_bytes(&m, 4096, 1, 2);
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){8, 1, 1, 0, false, false, false}).kv_cache, whole / 4, 0.5);
	/* pipeline stages hold their own layers: /p */
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){1, 2, 1, 0, false, false, false}).kv_cache, whole / 2, 0.5);
}

Test(kv_cache, mla_is_not_split_by_tensor_parallel)
{
	struct model m = llama2_7b_arch;
	m.kv_elems = 576;
	struct scenario sc = synthetic_scenario(&m, "bf16", "inference");
	double whole = kv_cache_bytes(&m, 4096, 1, 2);
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){8, 1, 1, 0, false, false, false}).kv_cache, whole, 0.5);
}

Test(kv_cache, fp32_model_keeps_a_fp32_cache)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "fp32", "inference");
	/* 2 GiB at 2 B becomes 4 GiB at 4 B */
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){1, 1, 1, 0, false, false, false}).kv_cache, 4294967296.0, 1);
}

Test(activations, inference_peak_in_the_mlp)
{
	/* m = min(4096 x 1, 8192) = 4096 tokens:
	 * 2 B x (2 x 4096 x 4096 + 3 x 4096 x 11008) = 2 x (33,554,432 + 135,266,304)
	 * = 337,641,472; + fp32 logits 1 x 32000 x 4 = 128,000 -> 337,769,472 */
	cr_assert_float_eq(inference_activation_bytes(&llama2_7b_arch, 4096, 1, 8192), 337769472.0, 0.5);
}

Test(activations, prefill_chunk_caps_the_working_set)
{
	/* s = 32768 with chunk 8192: m = 8192 ->
	 * 2 x (2 x 8192 x 4096 + 3 x 8192 x 11008) + 128,000 = 675,410,944 */
	cr_assert_float_eq(inference_activation_bytes(&llama2_7b_arch, 32768, 1, 8192), 675410944.0, 0.5);
	/* chunk 0 = the whole prompt: m = 32768 -> 2 x (268,435,456 + 1,082,130,432) + 128,000 */
	cr_assert_float_eq(inference_activation_bytes(&llama2_7b_arch, 32768, 1, 0), 2701259776.0, 0.5);
}

Test(activations, gpt3_with_dropout_matches_the_paper)
{
	/* GPT-3 175B layer: h = 12288, a = 96, GeLU with i = 4h, no fused attention, dropout.
	 * Paper: s*b*h*(34 + 5*a*s/h) with s = 2048, b = 1:
	 * 34 x 2048 x 12288 = 855,638,016; 5 x 96 x 2048^2 = 2,013,265,920; sum 2,868,903,936 */
	struct model gpt3 = {.layers = 96, .hidden = 12288, .heads = 96, .kv_heads = 96,
			     .head_dim = 128, .intermediate = 4 * 12288, .vocab = 50257,
			     .mlp = MLP_GELU};
	cr_assert_float_eq(training_layer_bytes(&gpt3, 2048, 1, false, true), 2868903936.0, 0.5);
}

Test(activations, training_layer_gqa_swiglu_fused)
{
	/* Llama-2-7B, s = 4096, b = 1, sbh = 16,777,216:
	 * attention sbh x (6 + 4 x 32/32) = 167,772,160; MLP 2 sbh + 6 x 4096 x 11008
	 * = 33,554,432 + 270,532,608 = 304,087,040; norms 4 sbh = 67,108,864 -> 538,968,064 */
	cr_assert_float_eq(training_layer_bytes(&llama2_7b_arch, 4096, 1, true, false), 538968064.0, 0.5);
	/* Llama-3.1-8B (8 of 32 KV heads): sbh x 7 = 117,440,512; 33,554,432 + 6 x 4096 x
	 * 14336 = 385,875,968; + 67,108,864 -> 570,425,344 */
	cr_assert_float_eq(training_layer_bytes(&llama31_8b_arch, 4096, 1, true, false), 570425344.0, 0.5);
}

Test(activations, recomputation_keeps_layer_inputs)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "full");
	/* none: 32 x 538,968,064 = 17,246,978,048 + logits 16 x 4096 x 32000 = 2,097,152,000
	 * -> 19,344,130,048. full: 32 x 2 sbh (33,554,432) = 1,073,741,824 + one layer
	 * 538,968,064 + logits -> 3,709,861,888 */
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){1, 1, 1, 0, false, false, false}).activations,
			   19344130048.0, 1);
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){1, 1, 1, 0, true, false, false}).activations,
			   3709861888.0, 1);
}

Test(training, zero_stages_per_card)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "full");
	double P = 6.74e9;
	struct mem_terms m;
	/* ZeRO-0 on 2 cards: 2P + 2P + 12P = 16P = 107.84e9 ("over 100 GB") */
	m = terms_per_card(&sc, (struct layout){1, 1, 2, 0, false, false, false});
	cr_assert_float_eq(m.weights + m.gradients + m.optimizer, 16 * P, 1);
	/* ZeRO-1: 2P + 2P + 12P/2 = 10P */
	m = terms_per_card(&sc, (struct layout){1, 1, 2, 1, false, false, false});
	cr_assert_float_eq(m.weights + m.gradients + m.optimizer, 10 * P, 1);
	/* ZeRO-2: 2P + 14P/2 = 9P */
	m = terms_per_card(&sc, (struct layout){1, 1, 2, 2, false, false, false});
	cr_assert_float_eq(m.weights + m.gradients + m.optimizer, 9 * P, 1);
	/* ZeRO-3: 16P/2 = 8P; with TP2 as well, P/2 per model-parallel rank: 4P */
	m = terms_per_card(&sc, (struct layout){1, 1, 2, 3, false, false, false});
	cr_assert_float_eq(m.weights + m.gradients + m.optimizer, 8 * P, 1);
	m = terms_per_card(&sc, (struct layout){2, 1, 2, 3, false, false, false});
	cr_assert_float_eq(m.weights + m.gradients + m.optimizer, 4 * P, 1);
}

/* Pipeline stages hold whole layers: 32 layers on 3 stages put
 * ceil(32/3) = 11 on the fullest card, which is the one that must fit. */
Test(pipeline, fullest_stage_holds_ceil_layers)
{
	cr_assert_eq(stage_layers(&llama2_7b_arch, 1), 32);
	cr_assert_eq(stage_layers(&llama2_7b_arch, 3), 11);
	cr_assert_eq(stage_layers(&llama2_7b_arch, 4), 8);
	cr_assert_eq(stage_layers(&llama2_7b_arch, 32), 1);
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "inference");
	/* weights 13.48e9 x 11/32 = 4,633,750,000 (an even third: 4,493,333,333);
	 * KV 2 GiB x 11/32 = 738,197,504 */
	struct mem_terms m = terms_per_card(&sc, (struct layout){1, 3, 1, 0, false, false, false});
	cr_assert_float_eq(m.weights, 4633750000.0, 1);
	cr_assert_float_eq(m.kv_cache, 738197504.0, 1);
	/* 4 stages divide 32 layers: exactly a quarter, 3,370,000,000 and 512 MiB */
	m = terms_per_card(&sc, (struct layout){1, 4, 1, 0, false, false, false});
	cr_assert_float_eq(m.weights, 3370000000.0, 1e-6);
	cr_assert_float_eq(m.kv_cache, 536870912.0, 1e-6);
}

Test(pipeline, training_stage_terms_follow_the_fullest_stage)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "full");
	/* model states 16P x 11/32 = 16 x 6.74e9 x 11/32 = 37,070,000,000; activations
	 * 11 x 538,968,064 = 5,928,648,704 + logits 4096 tokens x 32,000 x 16 B =
	 * 2,097,152,000 (main's 16 B per token and vocab entry) = 8,025,800,704 with
	 * one micro-batch in flight (a global batch of one sequence; TRAINING.md §7.3
	 * holds min(m, p) of them on the first stage: test_terms) */
	scenario_put(&sc, "global-batch", "4096");
	struct mem_terms m = terms_per_card(&sc, (struct layout){1, 3, 1, 0, false, false, false});
	cr_assert_float_eq(m.weights + m.gradients + m.optimizer, 37070000000.0, 1);
	cr_assert_float_eq(m.activations, 8025800704.0, 1);
	/* recomputation keeps 11 layer inputs, 11 x 33,554,432 = 369,098,752, + one layer
	 * 538,968,064 + logits 2,097,152,000 = 3,005,218,816 */
	m = terms_per_card(&sc, (struct layout){1, 3, 1, 0, true, false, false});
	cr_assert_float_eq(m.activations, 3005218816.0, 1);
}

Test(training, fp32_and_fp8_accountings)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "fp32", "full");
	struct mem_terms m = terms_per_card(&sc, (struct layout){1, 1, 1, 0, false, false, false});
	/* 4 + 4 + 8 = 16 B per parameter */
	cr_assert_float_eq(m.weights + m.gradients + m.optimizer, 16 * 6.74e9, 1);
	sc = synthetic_scenario(&llama2_7b_arch, "fp8", "full");
	m = terms_per_card(&sc, (struct layout){1, 1, 1, 0, false, false, false});
	/* 17 B: an extra 1-byte FP8 copy of the weights */
	cr_assert_float_eq(m.weights + m.gradients + m.optimizer, 17 * 6.74e9, 1);
}

Test(training, int4_full_fine_tune_is_refused)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "int4", "full");
	struct workload w;
	cr_assert_not(workload_init(&w, &sc));
	cr_assert(strstr(w.error, "qlora") != NULL, "%s", w.error);
	cr_assert(strstr(w.error, "not a training precision") != NULL, "%s", w.error);
}

Test(training, lora_parameters_and_memory)
{
	/* per layer (h+h) + 2(h + 32 x 128) + (h+h) + 3(h+i)
	 * = 8192 + 16384 + 8192 + 3 x 15104 = 78,080; x 32 layers x r 16 = 39,976,960 */
	cr_assert_float_eq(lora_params(&llama2_7b_arch, 16), 39976960.0, 0.5);
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "lora");
	struct mem_terms m = terms_per_card(&sc, (struct layout){1, 1, 1, 0, false, false, false});
	/* frozen base 2P = 13.48e9 + LoRA weights 2 B x 39,976,960 */
	cr_assert_float_eq(m.weights, 13.48e9 + 2 * 39976960.0, 1);
	cr_assert_float_eq(m.gradients, 2 * 39976960.0, 1);
	cr_assert_float_eq(m.optimizer, 12 * 39976960.0, 1);
}

Test(training, qlora_base_is_nf4)
{
	/* 6,477,856,000 x 4.127/8 (0.515875) = 3,341,763,964 + embeddings 524,288,000
	 * + PEFT's fp32 upcast of them, 524,288,000 more (test_fidelity.c) */
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "qlora");
	struct mem_terms m = terms_per_card(&sc, (struct layout){1, 1, 1, 0, false, false, false});
	cr_assert_float_eq(m.weights - 2 * 39976960.0, 4390339964.0, 2);
}

Test(training, lora_over_int4_base)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "int4", "lora");
	struct mem_terms m = terms_per_card(&sc, (struct layout){1, 1, 1, 0, false, false, false});
	cr_assert_float_eq(m.weights - 2 * 39976960.0, 3965649000.0, 2);
}

Test(overhead, per_card_default_one_gib)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "inference");
	cr_assert_float_eq(terms_per_card(&sc, (struct layout){2, 1, 1, 0, false, false, false}).overhead, GIB, 0.5);
}

Test(arch, parameter_counts_from_config)
{
	/* Llama-2-7B: emb 2 x 32000 x 4096 = 262,144,000; per layer attention 4 x 4096^2 =
	 * 67,108,864 + MLP 3 x 4096 x 11008 = 135,266,304 + norms 8192 = 202,383,360;
	 * x 32 = 6,476,267,520; + final norm 4096 -> 6,738,415,616 */
	cr_assert_float_eq(arch_param_count(&llama2_7b_arch, NULL), 6738415616.0, 0.5);
	struct model mixtral = llama31_8b_arch;
	mixtral.vocab = 32000, mixtral.experts = 8, mixtral.experts_per_token = 2;
	double active, total = arch_param_count(&mixtral, &active);
	/* attention 2 x 4096^2 + 2 x 4096 x 1024 = 41,943,040; expert 3 x 4096 x 14336 =
	 * 176,160,768; router 32,768; norms 8192. total/layer 41,943,040 + 8 x 176,160,768
	 * + 32,768 + 8192 = 1,451,270,144; x 32 = 46,440,644,608 + emb 262,144,000 + 4096 */
	cr_assert_float_eq(total, 46702792704.0, 0.5);
	/* active: 41,943,040 + 2 x 176,160,768 + 40,960 = 394,305,536; x 32 = 12,617,777,152
	 * + 262,148,096 */
	cr_assert_float_eq(active, 12879925248.0, 0.5);
}

Test(arch, bare_size_scales_the_nearest_model)
{
	struct catalog c;
	load_reference(&c);
	struct model m;
	const struct model *near;
	const struct model *ref = arch_derive(&m, &c, 70e9, &near);
	cr_assert_str_eq(ref->id, "llama-3.1-70b"); /* 70.55B is the nearest dense model */
	/* 70 / 70.55 is 0.8 % short: within ARCH_NEAR_MODEL (3 %), so it is named */
	cr_assert_str_eq(near->id, "llama-3.1-70b");
	cr_assert(m.derived);
	cr_assert_float_eq(m.params_b, 70.0, 1e-9);
	/* k = cbrt(70 / 70.55) = 0.99740: hidden 8192 x k / 128 rounds to 64 -> 8192 */
	cr_assert_eq(m.hidden, 8192);
	cr_assert_eq(m.layers, 80);
	cr_assert_eq(m.heads % m.kv_heads, 0);
	catalog_free(&c);
}

/* The search reads the catalogue's nmodels rows and no further: a row
 * past the end, closer in size, is never taken (nor read, under ASan). */
Test(arch, bare_size_reads_only_the_catalogue_rows)
{
	struct model rows[2] = {llama31_8b_arch, llama31_8b_arch};
	rows[1].params_b = rows[1].active_params_b = 7.0;
	struct catalog c = {.models = rows, .nmodels = 1};
	struct model m;
	/* 7e9 is nearer the 7B row past the end than 8.03B */
	const struct model *ref = arch_derive(&m, &c, 7e9, NULL);
	cr_assert_eq(ref, &rows[0]);
	c.nmodels = 0;
	cr_assert_null(arch_derive(&m, &c, 8e9, NULL)); /* the built-in Llama-3.1-8B shape */
	cr_assert_eq(m.kv_heads, 8);
}

Test(parse, token_counts)
{
	long long n;
	cr_assert(parse_count("4096", 1LL << 40, &n) && n == 4096);
	cr_assert(parse_count("4k", 1LL << 40, &n) && n == 4096);
	cr_assert(parse_count("128K", 1LL << 40, &n) && n == 131072);
	cr_assert(parse_count("1M", 1LL << 40, &n) && n == 1048576);
	cr_assert(parse_count("1.5k", 1LL << 40, &n) && n == 1536);
	cr_assert_not(parse_count("4kb", 1LL << 40, &n));
	cr_assert_not(parse_count("-4", 1LL << 40, &n));
	cr_assert_not(parse_count("0x10", 1LL << 40, &n));
	cr_assert_not(parse_count("1.3", 1LL << 40, &n));
	cr_assert_not(parse_count("", 1LL << 40, &n));
	cr_assert_not(parse_count("1e309", 1LL << 40, &n));
}

Test(parse, model_sizes)
{
	double p;
	cr_assert(parse_model_size("70b", &p) && p == 70e9);
	cr_assert(parse_model_size("7.5B", &p) && p == 7.5e9);
	cr_assert(parse_model_size("1.5t", &p) && p == 1.5e12);
	cr_assert(parse_model_size("350m", &p) && p == 350e6);
	cr_assert_not(parse_model_size("70", &p));
	cr_assert_not(parse_model_size("b", &p));
	cr_assert_not(parse_model_size("nanb", &p));
	cr_assert_not(parse_model_size("0b", &p));
	cr_assert_not(parse_model_size("70bb", &p));
}

Test(parse, numbers_reject_junk_nan_inf)
{
	double v;
	cr_assert(parse_nonneg("9345", &v) && v == 9345);
	cr_assert(parse_nonneg("1.57", &v) && v == 1.57);
	cr_assert_not(parse_nonneg("nan", &v));
	cr_assert_not(parse_nonneg("inf", &v));
	cr_assert_not(parse_nonneg("1e309", &v));
	cr_assert_not(parse_nonneg("-1", &v));
	cr_assert_not(parse_nonneg("12abc", &v));
	cr_assert_not(parse_nonneg(" 12", &v));
}

Test(parse, dates)
{
	int d;
	cr_assert(parse_date("2026-10-12", &d) && d == 20261012);
	cr_assert(parse_date("2024-02-29", &d));
	cr_assert_not(parse_date("2026-02-29", &d));
	cr_assert_not(parse_date("2026-13-01", &d));
	cr_assert_not(parse_date("2026/10/12", &d));
	cr_assert_not(parse_date("26-10-12", &d));
}
