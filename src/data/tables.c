#include "tables.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"

/* int8/int4: weight-only GPTQ-style, group 128 with a 16-bit scale and a
 * 16-bit zero point: 32 extra bits per 128 weights = +0.25 bit/param. */
#define TRAINS(zero, deepspeed) .training = {[ACCOUNTING_ZERO] = zero, [ACCOUNTING_DEEPSPEED] = deepspeed}
/* fp8, int8, int4: published checkpoints keep the embedding and LM head in
 * BF16 (Llama-3.1-8B FP8 loads as 8.49 GiB in vLLM, not 7.48). */
const struct precision precisions[] = {
	{.name = "fp32", .weight_bytes = 4.0, .kv_bytes = 4.0, TRAINS(TRAIN_FP32, TRAIN_FP32)},
	{.name = "bf16", .weight_bytes = 2.0, .kv_bytes = 2.0,
	 TRAINS(TRAIN_MIXED16, TRAIN_MIXED16_DEEPSPEED)},
	{.name = "fp16", .weight_bytes = 2.0, .kv_bytes = 2.0,
	 TRAINS(TRAIN_MIXED16, TRAIN_MIXED16_DEEPSPEED)},
	{.name = "fp8", .weight_bytes = 1.0, .embeddings_16bit = true, .needs_fp8 = true,
	 .kv_bytes = 2.0, TRAINS(TRAIN_FP8, TRAIN_FP8_DEEPSPEED)},
	{.name = "int8", .weight_bytes = 1.0 + 0.25 / 8.0, .quantized = true,
	 .embeddings_16bit = true, .kv_bytes = 2.0, TRAINS(TRAIN_NONE, TRAIN_NONE)},
	{.name = "int4", .weight_bytes = 0.5 + 0.25 / 8.0, .quantized = true,
	 .embeddings_16bit = true, .kv_bytes = 2.0, TRAINS(TRAIN_NONE, TRAIN_NONE)},
	/* OCP MX: 4-bit E2M1 elements, one 8-bit E8M0 scale per 32 = 4.25 bits
	 * (gpt-oss ships its experts so); weight-only where the card has no FP4 */
	{.name = "mxfp4", .weight_bytes = 0.5 + 1.0 / 32.0, .quantized = true,
	 .embeddings_16bit = true, .fp4_compute = true, .kv_bytes = 2.0,
	 TRAINS(TRAIN_NONE, TRAIN_NONE)},
	/* NVIDIA's NVFP4: E2M1 elements, one FP8 E4M3 scale per 16 = 4.5 bits;
	 * made for Blackwell's FP4 tensor cores, said on cards without them */
	{.name = "nvfp4", .weight_bytes = 0.5 + 1.0 / 16.0, .quantized = true,
	 .embeddings_16bit = true, .fp4_compute = true, .needs_fp4 = true, .kv_bytes = 2.0,
	 TRAINS(TRAIN_NONE, TRAIN_NONE)},
};
#undef TRAINS
const size_t n_precisions = sizeof precisions / sizeof precisions[0];

/* Weights, gradients, optimizer (fp32 master + Adam m and v): the ZeRO
 * paper's K = 12 accounting, and DeepSpeed's own estimator, which keeps
 * fp32 gradients (2 + 4 + 12 = 18 B). */
/* The names go to JSON as they are, and into the accounting note
 * translated (N_: the note renders them with _()). */
const struct training_bytes training_rows[] = {
	[TRAIN_FP32] = {.name = N_("fp32 Adam (4+4+8 B)"), .weights = 4.0, .gradients = 4.0,
			.optimizer = 8.0},
	[TRAIN_MIXED16] = {.name = N_("mixed 16-bit Adam, ZeRO paper K=12 (2+2+12 B)"),
			   .weights = 2.0, .gradients = 2.0, .optimizer = 12.0},
	[TRAIN_FP8] = {.name = N_("fp8 mixed Adam (2+1 weights, 2 grads, 12 optimizer B)"),
		       .weights = 3.0, .gradients = 2.0, .optimizer = 12.0, .approximate = true},
	[TRAIN_MIXED16_DEEPSPEED] = {.name = N_("mixed 16-bit Adam, DeepSpeed fp32 gradients (2+4+12 B)"),
				     .weights = 2.0, .gradients = 4.0, .optimizer = 12.0},
	[TRAIN_FP8_DEEPSPEED] = {.name = N_("fp8 mixed Adam, DeepSpeed fp32 gradients (2+1 weights, "
					    "4 grads, 12 optimizer B)"),
				 .weights = 3.0, .gradients = 4.0, .optimizer = 12.0,
				 .approximate = true},
};

/* The names are typed (--task full) and written to JSON: never translated
 * there. Those that are English words are marked, as are the labels, for
 * a screen or report to show _(name) or _(label). */
const struct task tasks[] = {
	{.name = N_("inference"), .label = N_("inference"), .kind = TASK_INFERENCE},
	{.name = "lora", .label = N_("LoRA fine-tune"), .kind = TASK_LORA},
	{.name = "qlora", .label = N_("QLoRA fine-tune"), .kind = TASK_QLORA},
	{.name = N_("full"), .label = N_("full fine-tune"), .kind = TASK_FULL},
	{.name = N_("pretrain"), .label = N_("pretraining"), .kind = TASK_FULL},
};
const size_t n_tasks = sizeof tasks / sizeof tasks[0];

const char *const mlp_names[] = {[MLP_SWIGLU] = "swiglu", [MLP_GELU] = "gelu", NULL};
const char *const link_names[] = {
	[LINK_NVLINK] = "nvlink", [LINK_HCCS] = "hccs", [LINK_PCIE] = "pcie", [LINK_XGMI] = "xgmi",
	NULL};
const char *const window_kind_names[] = {
	[WINDOW_SLIDING] = "sliding", [WINDOW_CHUNKED] = "chunked", NULL};
const char *const offer_kind_names[] = {
	[OFFER_CONTAINER] = "container", [OFFER_BAREMETAL] = "baremetal", NULL};
const char *const inter_node_names[] = {
	[NET_UNKNOWN] = "", [NET_NONE] = "none", [NET_ETHERNET] = "ethernet", [NET_IB] = "ib", NULL};
/* gpus.csv's and JSON's words; a report shows them through C_() */
const char *const calibration_names[] = {[CAL_MEASURED] = "measured",
					 [CAL_PUBLISHED] = "published",
					 [CAL_ESTIMATE] = "estimate", NULL};
const char *const calibration_labels[] = {[CAL_MEASURED] = N_("calibration|measured"),
					  [CAL_PUBLISHED] = N_("calibration|published"),
					  [CAL_ESTIMATE] = N_("calibration|estimate"), NULL};

int name_index(const char *const *names, const char *s)
{
	for (int i = 0; names[i]; i++)
		if (strcasecmp(names[i], s) == 0)
			return i;
	return -1;
}

int precision_find(const char *name)
{
	for (size_t i = 0; i < n_precisions; i++)
		if (strcasecmp(precisions[i].name, name) == 0)
			return (int)i;
	return -1;
}

void precision_names(char *buf, size_t cap)
{
	size_t used = 0;
	if (cap)
		buf[0] = '\0';
	for (size_t i = 0; i < n_precisions && used < cap; i++) {
		const char *sep = i == 0 ? "" : i + 1 == n_precisions ? _(" or ") : _(", ");
		int w = snprintf(buf + used, cap - used, "%s%s", sep, precisions[i].name);
		used += w > 0 ? (size_t)w : 0;
	}
}

int task_find(const char *name)
{
	for (size_t i = 0; i < n_tasks; i++)
		if (strcasecmp(tasks[i].name, name) == 0)
			return (int)i;
	return -1;
}
