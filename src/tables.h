/* The lists the arithmetic is driven by: precisions, training byte
 * accountings and tasks. Adding one is adding a row in tables.c. */
#ifndef GPUPLAN_TABLES_H
#define GPUPLAN_TABLES_H

#include <stdbool.h>
#include <stddef.h>

struct precision {
	const char *name;
	double weight_bytes; /* per parameter, group scales included */
	bool quantized;      /* embedding and LM head stay 16-bit */
	bool needs_fp8;      /* needs hardware FP8 */
	double kv_bytes;     /* KV-cache element size when kv precision is auto */
	int training;        /* row of training_rows, or -1: not a training precision */
};

/* Bytes per trainable parameter for mixed-precision Adam(W). */
struct training_bytes {
	const char *name;
	double weights, gradients, optimizer;
	bool approximate;
};

/* The rows of training_rows, in their order. */
enum training_row { TRAINING_FP32, TRAINING_MIXED_16, TRAINING_FP8 };

enum task_kind { TASK_INFERENCE, TASK_LORA, TASK_QLORA, TASK_FULL };

struct task {
	const char *name;
	const char *label;
	enum task_kind kind;
};

enum mlp_kind { MLP_SWIGLU, MLP_GELU };
enum link_kind { LINK_NVLINK, LINK_HCCS, LINK_PCIE };
enum offer_kind { OFFER_CONTAINER, OFFER_BAREMETAL };
enum inter_node { NET_UNKNOWN, NET_NONE, NET_ETHERNET, NET_IB };

extern const struct precision precisions[];
extern const size_t n_precisions;
extern const struct training_bytes training_rows[];
extern const struct task tasks[];
extern const size_t n_tasks;

/* Names for the CSV enumerations, in enum order, NULL-terminated. */
extern const char *const mlp_names[];
extern const char *const link_names[];
extern const char *const offer_kind_names[];
extern const char *const inter_node_names[];

/* Bits per parameter of NF4 with double quantisation (QLoRA paper). */
#define QLORA_BASE_BYTES (4.127 / 8.0)
#define HOURS_PER_MONTH 730.0
#define GIB 1073741824.0
#define MIB 1048576.0

int precision_find(const char *name);
int task_find(const char *name);
int name_index(const char *const *names, const char *s);

#endif
