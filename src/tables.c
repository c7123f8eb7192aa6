#include "tables.h"

#include <string.h>
#include <strings.h>

/* int8/int4: weight-only GPTQ-style, group 128 with a 16-bit scale and a
 * 16-bit zero point: 32 extra bits per 128 weights = +0.25 bit/param. */
const struct precision precisions[] = {
	{"fp32", 4.0, false, false, 4.0, 0},
	{"bf16", 2.0, false, false, 2.0, 1},
	{"fp16", 2.0, false, false, 2.0, 1},
	{"fp8", 1.0, false, true, 2.0, 2},
	{"int8", 1.0 + 0.25 / 8.0, true, false, 2.0, -1},
	{"int4", 0.5 + 0.25 / 8.0, true, false, 2.0, -1},
};
const size_t n_precisions = sizeof precisions / sizeof precisions[0];

/* Weights, gradients, optimizer (fp32 master + Adam m and v). The
 * ZeRO paper's K = 12 accounting; DeepSpeed's estimator would be a row
 * {"deepspeed", 2, 4, 12} (it keeps fp32 gradients). */
const struct training_bytes training_rows[] = {
	{"fp32 Adam (4+4+8 B)", 4.0, 4.0, 8.0, false},
	{"mixed 16-bit Adam, ZeRO paper K=12 (2+2+12 B)", 2.0, 2.0, 12.0, false},
	{"fp8 mixed Adam (2+1 weights, 2 grads, 12 optimizer B)", 3.0, 2.0, 12.0, true},
};

const struct task tasks[] = {
	{"inference", "inference", TASK_INFERENCE},
	{"lora", "LoRA fine-tune", TASK_LORA},
	{"qlora", "QLoRA fine-tune", TASK_QLORA},
	{"full", "full fine-tune", TASK_FULL},
	{"pretrain", "pretraining", TASK_FULL},
};
const size_t n_tasks = sizeof tasks / sizeof tasks[0];

const char *const mlp_names[] = {"swiglu", "gelu", NULL};
const char *const link_names[] = {"nvlink", "hccs", "pcie", NULL};
const char *const offer_kind_names[] = {"container", "baremetal", NULL};
const char *const inter_node_names[] = {"", "none", "ethernet", "ib", NULL};

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

int task_find(const char *name)
{
	for (size_t i = 0; i < n_tasks; i++)
		if (strcasecmp(tasks[i].name, name) == 0)
			return (int)i;
	return -1;
}
