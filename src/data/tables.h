/* The lists the arithmetic is driven by: precisions, training byte
 * accountings and tasks. Adding one is adding a row in tables.c. */
#ifndef GPUPLAN_TABLES_H
#define GPUPLAN_TABLES_H

#include <stdbool.h>
#include <stddef.h>

/* Rows of training_rows: how a training precision keeps its bytes, by
 * accounting (the ZeRO paper's K = 12, or DeepSpeed's, which keeps fp32
 * gradients). */
enum training_row {
	TRAIN_NONE = -1,
	TRAIN_FP32,
	TRAIN_MIXED16,
	TRAIN_FP8,
	TRAIN_MIXED16_DEEPSPEED,
	TRAIN_FP8_DEEPSPEED,
};

/* Whose bytes-per-parameter accounting training memory follows. */
enum accounting { ACCOUNTING_ZERO, ACCOUNTING_DEEPSPEED, ACCOUNTING_COUNT };

/* How the training loss holds the logits: all of them in fp32 with their
 * gradient (Hugging Face Trainer), or one chunk at a time (torchtune,
 * Liger, Megatron's fused cross-entropy). */
enum loss_kind { LOSS_FULL, LOSS_CHUNKED };
#define LOSS_CHUNKS 8 /* torchtune's CEWithChunkedOutputLoss default */

struct precision {
	const char *name;
	double weight_bytes; /* per parameter, group scales included */
	bool quantized;      /* integer weight-only quantization (GPTQ-style) */
	bool embeddings_16bit; /* embedding and LM head stay 16-bit (as checkpoints ship) */
	bool needs_fp8;      /* needs hardware FP8 */
	/* A 4-bit float format: computed in FP4 where the GPU has it
	 * (gpus.csv fp4_tflops), else dequantized to 16-bit in the kernel
	 * (weight-only, as W4A16). needs_fp4: said on a card without FP4. */
	bool fp4_compute, needs_fp4;
	double kv_bytes;     /* KV-cache element size when kv precision is auto */
	/* TRAIN_NONE: not a training precision; per enum accounting */
	enum training_row training[ACCOUNTING_COUNT];
};

/* Bytes per trainable parameter for mixed-precision Adam(W). */
struct training_bytes {
	const char *name;
	double weights, gradients, optimizer;
	bool approximate;
};


enum task_kind { TASK_INFERENCE, TASK_LORA, TASK_QLORA, TASK_FULL };

struct task {
	const char *name;
	const char *label;
	enum task_kind kind;
};

enum mlp_kind { MLP_SWIGLU, MLP_GELU };
/* xgmi: AMD Infinity Fabric, a full mesh between the cards of a machine */
enum link_kind { LINK_NVLINK, LINK_HCCS, LINK_PCIE, LINK_XGMI };
/* Local attention: a sliding window, or fixed chunks (Llama 4) */
enum window_kind { WINDOW_SLIDING, WINDOW_CHUNKED };
enum offer_kind { OFFER_CONTAINER, OFFER_BAREMETAL };
enum inter_node { NET_UNKNOWN, NET_NONE, NET_ETHERNET, NET_IB };
/* How a GPU row's efficiencies were set; estimate rows get the wider band. */
enum calibration { CAL_MEASURED, CAL_PUBLISHED, CAL_ESTIMATE };

extern const struct precision precisions[];
extern const size_t n_precisions;
extern const struct training_bytes training_rows[];
extern const struct task tasks[];
extern const size_t n_tasks;

/* Names for the CSV enumerations, in enum order, NULL-terminated. */
extern const char *const mlp_names[];
extern const char *const link_names[];
extern const char *const window_kind_names[];
extern const char *const offer_kind_names[];
extern const char *const inter_node_names[];
extern const char *const calibration_names[];
extern const char *const calibration_labels[]; /* the same for people: C_() */

/* Bits per parameter of NF4 with double quantisation (QLoRA paper). */
#define QLORA_BASE_BYTES (4.127 / 8.0)
#define HOURS_PER_MONTH 730.0
#define GIB 1073741824.0
#define MIB 1048576.0

int precision_find(const char *name);
/* "fp32, bf16, … or nvfp4": every precision's name, for messages. */
void precision_names(char *buf, size_t cap);
int task_find(const char *name);
int name_index(const char *const *names, const char *s);

#endif
