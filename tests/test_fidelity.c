/* Fidelity rounds 2 and 3 (ESTIMATION.md): fp8 keeps 16-bit embeddings, the loss
 * setting, DeepSpeed's accounting, PEFT's QLoRA upcast, and the published memory
 * figures of tests/fixtures/memory_published.csv. Every expected value is worked
 * by hand from the formulas; the arithmetic is beside it. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "estimate.h"
#include "message.h"
#include "tables.h"
#include "model_lookup.h"
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

/* ---- Round 3: published memory figures (tests/fixtures/memory_published.csv) ---- */

struct published_memory {
	char model[48], task[16], precision[16], settings[128], measure[16];
	long long context, batch;
	int tp, pp, dp, zero;
	double gib, tol_pct;
};

/* The fixture's fields before the source, none of which holds a comma. */
static bool published_memory_parse(char *line, struct published_memory *r)
{
	char *f[13];
	for (int i = 0; i < 13; i++) {
		f[i] = line;
		char *comma = strchr(line, ',');
		if (!comma)
			return false;
		*comma = '\0';
		line = comma + 1;
	}
	*r = (struct published_memory){0};
	snprintf(r->model, sizeof r->model, "%s", f[0]);
	snprintf(r->task, sizeof r->task, "%s", f[1]);
	snprintf(r->precision, sizeof r->precision, "%s", f[2]);
	r->context = atoll(f[3]), r->batch = atoll(f[4]);
	r->tp = atoi(f[5]), r->pp = atoi(f[6]), r->dp = atoi(f[7]), r->zero = atoi(f[8]);
	snprintf(r->settings, sizeof r->settings, "%s", f[9]);
	snprintf(r->measure, sizeof r->measure, "%s", f[10]);
	r->gib = atof(f[11]), r->tol_pct = atof(f[12]);
	return r->gib > 0;
}

/* The estimate the row's measure compares: weights, an allocator peak (the
 * runtime overhead is the CUDA context the allocator does not count), or
 * the card the run fitted. */
static double published_memory_estimate(const struct published_memory *r)
{
	char ctx[32], batch[32];
	snprintf(ctx, sizeof ctx, "%lld", r->context);
	snprintf(batch, sizeof batch, "%lld", r->batch);
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, r->model, "task", r->task, "precision", r->precision,
		      "context", ctx, "concurrency", batch, NULL);
	bool recompute = false;
	char pairs[128];
	snprintf(pairs, sizeof pairs, "%s", r->settings);
	for (char *kv = strtok(pairs, ";"); kv; kv = strtok(NULL, ";")) {
		char *eq = strchr(kv, '=');
		cr_assert_not_null(eq, "%s", kv);
		*eq = '\0';
		if (strcmp(kv, "recompute") == 0)
			recompute = strcmp(eq + 1, "full") == 0;
		else
			scenario_put(&sc, kv, eq + 1);
	}
	struct layout l = {.t = r->tp, .p = r->pp, .d = r->dp, .zero = r->zero,
			   .recompute = recompute};
	struct mem_terms m = terms_per_card(&sc, l);
	if (strcmp(r->measure, "weights") == 0)
		return m.weights;
	return strcmp(r->measure, "allocated") == 0 ? mem_sum(&m) - m.overhead : mem_sum(&m);
}

/* At least 80 % of the published figures within their tolerance; each
 * row's ratio goes to the test log (the fidelity score of the report). */
Test(published_memory, most_figures_within_their_tolerance, .init = ref_setup,
     .fini = ref_teardown)
{
	FILE *f = fopen(FIXTURES "/memory_published.csv", "r");
	cr_assert_not_null(f);
	char line[1024];
	int rows = 0, within = 0;
	while (fgets(line, sizeof line, f)) {
		struct published_memory r;
		if (line[0] == '#' || strncmp(line, "model,", 6) == 0 ||
		    !published_memory_parse(line, &r))
			continue;
		if (!catalog_find_model(&ref_catalog, r.model)) {
			fprintf(stderr, "%-16s not in the catalogue: not scored\n", r.model);
			continue;
		}
		double ours = published_memory_estimate(&r) / GIB;
		double off = 100 * (ours / r.gib - 1);
		bool ok = fabs(off) <= r.tol_pct;
		rows++, within += ok;
		fprintf(stderr, "%-16s %-9s %6lld x %lld %-9s ours %7.2f GiB, published %7.2f (%+.1f %%, "
				"tolerance %.0f %%)%s\n", r.model, r.task, r.context, r.batch, r.measure,
			ours, r.gib, off, r.tol_pct, ok ? "" : "  OUTSIDE");
	}
	fclose(f);
	fprintf(stderr, "memory fidelity: %d of %d published figures within tolerance\n", within,
		rows);
	cr_assert_geq(rows, 14);
	cr_assert_geq(within * 10, rows * 8, "%d of %d", within, rows);
}
