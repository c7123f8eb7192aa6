/* What runs natively on each GPU vendor's cards, and the warning where a
 * plan's number format does not: int4 (GPTQ/AWQ) and QLoRA's NF4 have
 * CUDA-first kernels, so on Ascend they run emulated or not at all, while
 * BF16 and W8A8 INT8 are native there. FP8 and FP4 without the hardware
 * have notes of their own (plan.c). */
#ifndef GPUPLAN_NATIVE_H
#define GPUPLAN_NATIVE_H

#include <stdbool.h>

#include "catalog.h"
#include "message.h"
#include "scenario.h"

/* Whether g runs the scenario's number format natively. */
bool native_format(const struct gpu *g, const struct scenario *sc);

/* The not_native_on_gpu warning for g, where native_format is false. */
struct message native_message(const struct gpu *g, const struct scenario *sc);

#endif
