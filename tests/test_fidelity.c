/* Fidelity round 2 (ESTIMATION.md): fp8 keeps 16-bit embeddings, the loss
 * setting, DeepSpeed's accounting and PEFT's QLoRA upcast. Every expected
 * value is worked by hand from the formulas; the arithmetic is beside it. */
#include <criterion/criterion.h>
#include <string.h>

#include "estimate.h"
#include "message.h"
#include "tables.h"
#include "helpers.h"

/* Llama-2-7B (helpers.h llama2_7b_arch): embedding + LM head 2 x 32000 x
 * 4096 = 262,144,000 parameters, the rest 6,477,856,000. Llama-3.1-8B
 * (llama31_8b_arch): embedding + LM head 2 x 128256 x 4096 = 1,050,673,152. */
/* LoRA r16 on Llama-2-7B: 39,976,960 trainable parameters (test_engine). */
#define LORA_P 39976960.0

static struct scenario scenario_of(const struct model *m, const char *precision,
				   const char *task, const char *key, const char *value)
{
	struct scenario sc = synthetic_scenario(m, precision, task);
	if (key)
		scenario_put(&sc, key, value);
	return sc;
}

static const struct layout single = {.t = 1, .p = 1, .d = 1};

Test(fp8, keeps_embedding_and_lm_head_in_bf16)
{
	/* (8.03e9 - 1,050,673,152) x 1 B + 1,050,673,152 x 2 B
	 * = 6,979,326,848 + 2,101,346,304 = 9,080,673,152 B = 8.457 GiB (vLLM: 8.49) */
	struct scenario sc = scenario_of(&llama31_8b_arch, "fp8", "inference", NULL, NULL);
	cr_assert_float_eq(terms_per_card(&sc, single).weights, 9080673152.0, 1);
	/* bf16 is untouched: 8.03e9 x 2 */
	sc = scenario_of(&llama31_8b_arch, "bf16", "inference", NULL, NULL);
	cr_assert_float_eq(terms_per_card(&sc, single).weights, 16.06e9, 1);
}

Test(fp8, split_by_tensor_parallel_like_the_rest)
{
	/* TP2 halves it: 9,080,673,152 / 2 */
	struct scenario sc = scenario_of(&llama31_8b_arch, "fp8", "inference", NULL, NULL);
	struct layout tp2 = {.t = 2, .p = 1, .d = 1};
	cr_assert_float_eq(terms_per_card(&sc, tp2).weights, 4540336576.0, 1);
}

/* Round 3: the Hugging Face loss holds 16 B per token per vocabulary entry
 * at its peak (bf16 logits 2 + fp32 copy 4 + log-softmax 4 + its gradient
 * 4 + bf16 gradient 2), as Unsloth's HF + FA2 context table grows. */
Test(loss, full_keeps_every_logit_and_its_gradient)
{
	/* 16 B x s 4096 x b 1 x V 32000 = 2,097,152,000 B */
	cr_assert_float_eq(training_logits_bytes(&llama2_7b_arch, 4096, 1, LOSS_FULL), 2097152000.0,
			   0.5);
	/* b = 2 doubles it */
	cr_assert_float_eq(training_logits_bytes(&llama2_7b_arch, 4096, 2, LOSS_FULL), 4194304000.0,
			   0.5);
}

Test(loss, chunked_keeps_one_of_eight_chunks)
{
	/* 2,097,152,000 / 8 = 262,144,000 B */
	cr_assert_float_eq(training_logits_bytes(&llama2_7b_arch, 4096, 1, LOSS_CHUNKED), 262144000.0,
			   0.5);
}

Test(loss, changes_the_activation_term_by_seven_eighths)
{
	/* LoRA, one card, no recomputation: only the logits differ, by
	 * 2,097,152,000 - 262,144,000 = 1,835,008,000 B */
	struct scenario full = scenario_of(&llama2_7b_arch, "bf16", "lora", "loss", "full");
	struct scenario chunked = scenario_of(&llama2_7b_arch, "bf16", "lora", "loss", "chunked");
	double a = terms_per_card(&full, single).activations, b = terms_per_card(&chunked, single).activations;
	cr_assert_float_eq(a - b, 1835008000.0, 1);
	/* under TP2 the logits are split too (sequence parallel): half of it */
	struct layout tp2 = {.t = 2, .p = 1, .d = 1};
	a = terms_per_card(&full, tp2).activations;
	b = terms_per_card(&chunked, tp2).activations;
	cr_assert_float_eq(a - b, 917504000.0, 1);
}

Test(accounting, deepspeed_keeps_fp32_gradients)
{
	/* full fine-tune, bf16, one card: 2 + 4 + 12 = 18 B per parameter */
	struct scenario sc =
		scenario_of(&llama2_7b_arch, "bf16", "full", "optimizer-accounting", "deepspeed");
	struct mem_terms m = terms_per_card(&sc, single);
	cr_assert_float_eq(m.weights, 2 * P7, 1);
	cr_assert_float_eq(m.gradients, 4 * P7, 1);
	cr_assert_float_eq(m.optimizer, 12 * P7, 1);
	/* the ZeRO paper's accounting: 2 + 2 + 12 */
	sc = scenario_of(&llama2_7b_arch, "bf16", "full", "optimizer-accounting", "zero");
	cr_assert_float_eq(terms_per_card(&sc, single).gradients, 2 * P7, 1);
}

Test(accounting, deepspeed_gradients_shard_under_zero_2)
{
	/* ZeRO-2 on 2 cards: gradients 4P / 2 = 13.48e9, optimizer 12P / 2 */
	struct scenario sc =
		scenario_of(&llama2_7b_arch, "bf16", "full", "optimizer-accounting", "deepspeed");
	struct mem_terms m = terms_per_card(&sc, (struct layout){.t = 1, .p = 1, .d = 2, .zero = 2});
	cr_assert_float_eq(m.gradients, 2 * P7, 1);
	cr_assert_float_eq(m.optimizer, 6 * P7, 1);
	cr_assert_float_eq(m.weights, 2 * P7, 1);
}

Test(accounting, deepspeed_for_fp8_and_adapters)
{
	/* fp8: 3 (bf16 + fp8 copy) + 4 + 12 = 19 B */
	struct scenario sc =
		scenario_of(&llama2_7b_arch, "fp8", "full", "optimizer-accounting", "deepspeed");
	struct mem_terms m = terms_per_card(&sc, single);
	cr_assert_float_eq(m.weights + m.gradients + m.optimizer, 19 * P7, 2);
	/* LoRA over an int4 base: the adapters keep fp32 gradients, 4 x 39,976,960 */
	sc = scenario_of(&llama2_7b_arch, "int4", "lora", "optimizer-accounting", "deepspeed");
	cr_assert_float_eq(terms_per_card(&sc, single).gradients, 4 * LORA_P, 0.5);
	/* fp32 training has fp32 gradients under both: 4 + 4 + 8 */
	sc = scenario_of(&llama2_7b_arch, "fp32", "full", "optimizer-accounting", "deepspeed");
	m = terms_per_card(&sc, single);
	cr_assert_float_eq(m.weights + m.gradients + m.optimizer, 16 * P7, 2);
}

Test(qlora, peft_upcasts_embedding_and_lm_head_to_fp32)
{
	/* 2 B more per embedding and LM-head parameter: 262,144,000 x 2 = 524,288,000
	 * (0.49 GiB) */
	cr_assert_float_eq(qlora_upcast_bytes(&llama2_7b_arch), 524288000.0, 0.5);
	/* NF4 base 6,477,856,000 x 0.515875 = 3,341,763,964 + 16-bit embeddings
	 * 524,288,000 + the upcast 524,288,000 = 4,390,339,964; LoRA weights 2 B each */
	struct scenario sc = scenario_of(&llama2_7b_arch, "bf16", "qlora", NULL, NULL);
	cr_assert_float_eq(terms_per_card(&sc, single).weights - 2 * LORA_P, 4390339964.0, 2);
}

Test(qlora, upcast_of_a_qwen_7b_vocabulary)
{
	/* Qwen-7B: V 151,936, h 4096, untied: 2 x 151936 x 4096 = 1,244,659,712 params,
	 * x 2 B = 2,489,319,424 B = 2.32 GiB; tied: one matrix, half of it */
	struct model qwen = llama2_7b_arch;
	qwen.vocab = 151936;
	qwen.params_b = 7.72;
	cr_assert_float_eq(qlora_upcast_bytes(&qwen), 2489319424.0, 0.5);
	qwen.tied_embeddings = true;
	cr_assert_float_eq(qlora_upcast_bytes(&qwen), 1244659712.0, 0.5);
	/* a derived architecture is not trusted for the split */
	qwen.derived = true;
	cr_assert_float_eq(qlora_upcast_bytes(&qwen), 0.0, 0.5);
}

static bool has_note(const struct analysis *a, enum message_code code)
{
	for (int i = 0; i < a->nnotes; i++)
		if (a->notes[i].code == code)
			return true;
	return false;
}

Test(notes, training_names_its_loss_and_accounting, .init = ref_setup, .fini = ref_teardown)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-2-7b", "task", "lora", "loss", "chunked",
		      "optimizer-accounting", "deepspeed", NULL);
	struct analysis *a = ref_run(&sc, "h100-80g");
	cr_assert(has_note(a, MSG_LOSS_CHUNKED));
	cr_assert_not(has_note(a, MSG_LOSS_FULL));
	char text[MESSAGE_TEXT_MAX] = "";
	for (int i = 0; i < a->nnotes; i++)
		if (a->notes[i].code == MSG_TRAINING_ACCOUNTING)
			message_format(&a->notes[i], text, sizeof text);
	cr_assert(strstr(text, "DeepSpeed fp32 gradients (2+4+12 B)"), "%s", text);
	/* inference has neither */
	make_scenario(&sc, &ref_catalog, "llama-2-7b", NULL);
	a = ref_run(&sc, "h100-80g");
	cr_assert_not(has_note(a, MSG_LOSS_FULL));
	cr_assert_not(has_note(a, MSG_TRAINING_ACCOUNTING));
}
