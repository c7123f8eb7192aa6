/* Models, GPU types and price offers as loaded from the three CSV files. */
#ifndef GPUPLAN_CATALOG_H
#define GPUPLAN_CATALOG_H

#include <stdbool.h>
#include <stddef.h>

#include "csvtab.h"
#include "diag.h"
#include "strpool.h"
#include "tables.h"

struct model {
	const char *id, *name, *source;
	double params_b, active_params_b; /* billions; active = params when dense */
	int layers, hidden, heads, kv_heads, head_dim, intermediate, vocab;
	int kv_elems; /* 0: 2*kv_heads*head_dim */
	int mlp;      /* enum mlp_kind */
	bool tied_embeddings;
	int experts, experts_per_token; /* routed experts; 0 for dense models */
	/* The parts of a MoE or MLA model the plain columns cannot describe
	 * (DATA.md); 0 where a model has none of it. */
	int moe_intermediate;    /* FFN width of one routed expert; 0: intermediate */
	int shared_experts;      /* always-on experts in each MoE layer */
	int shared_intermediate; /* FFN width of one shared expert; 0: moe_intermediate */
	int dense_layers;        /* leading layers with a dense FFN (first_k_dense_replace) */
	int moe_every;           /* after those, every Nth layer is MoE; 0 or 1: all */
	int q_lora_rank, kv_lora_rank, rope_dim; /* MLA: kv_elems = kv_lora_rank + rope_dim */
	int window;              /* local attention span in tokens; 0: none */
	const char *window_layers; /* "N/M": N of every M layers are local; "": all */
	int window_of, window_in;  /* N and M parsed from it */
	int window_kind;         /* enum window_kind */
	int mtp_layers;          /* multi-token-prediction (draft) layers shipped beside */
	const char *expert_dtype_name; /* the routed experts' precision when not dtype */
	int expert_dtype;        /* precision index, -1: as the rest */
	double vision_params_b;  /* a vision tower's parameters (resident, not per token) */
	int max_context;                /* 0: unknown */
	const char *dtype_name;         /* precision the weights ship in */
	const char *aliases;            /* other names users type, ';'-separated */
	bool is_default;                /* the model the configurator opens with */
	int dtype;                      /* precision index, -1: unknown */
	bool derived;                   /* architecture scaled from another model */
	unsigned line;
};

struct gpu {
	const char *id, *name, *vendor, *source;
	double memory_mib, bandwidth_gbs, bf16_tflops, link_gbs;
	double link_busbw_gbs; /* measured all-reduce bus bandwidth in a machine; < 0: not given */
	/* The time model's figures (SERVING.md §8, TRAINING.md). fp8_tflops
	 * < 0: no hardware FP8; int8_tflops < 0: no INT8 peak given (used for
	 * W8A8 where there is no FP8: Ascend); mfu_infer_fp8 < 0: not given. */
	double fp8_tflops, int8_tflops, mbu, mfu_infer, mfu_infer_fp8, mfu_train;
	double fp4_tflops; /* dense FP4 TFLOPS; < 0: no FP4 tensor cores */
	/* Serving (SERVING.md §8): KV-read efficiency, small-message
	 * all-reduce latency on the link (us), the software factor on the
	 * per-layer latency; the speed band in %, < 0: by calibration. */
	double mbu_kv, alpha_us, sw, band_low_pct, band_high_pct;
	enum calibration calibration;
	int link; /* enum link_kind */
	size_t first_offer, noffers; /* range in catalog.offer_order */
	size_t first_group, ngroups; /* range in catalog.offer_groups */
	unsigned line;
};

struct offer {
	const char *gpu_id, *region, *currency, *discount, *network, *source;
	int gpu; /* index into catalog.gpus */
	int kind, inter_node;
	int cards, max_cards;
	double inter_node_gbs; /* < 0: not given */
	double monthly, hourly; /* < 0 when not given */
	int collected;          /* YYYYMMDD */
	unsigned line;
};

/* One GPU's offers of one kind and region: rows [from, to) of
 * catalog.offer_order, newest first, and the first of them with a monthly
 * and with an hourly price (to when none has one). Found once at load, so
 * pricing a plan walks a GPU's regions, not its 10^6 rows. */
struct offer_group {
	size_t from, to, monthly, hourly;
};

/* Where a currency was first seen in offers.csv: its code (currency.c's
 * table), the row's line and GPU (an index into catalog.gpus). */
struct currency_mark {
	const char *currency; /* NULL: none seen */
	unsigned line;
	int gpu;
};

/* The currencies the offers are quoted in, gathered as the rows are read
 * (--check-data keeps no offer): the first offer's and the first in
 * another, for the whole list and per GPU. */
struct currency_seen {
	struct currency_mark first, other;
};

struct catalog {
	struct model *models;
	size_t nmodels;
	struct gpu *gpus;
	size_t ngpus;
	struct offer *offers;
	size_t noffers;
	size_t offers_read;  /* the offers that loaded: noffers, unless only counted */
	size_t *offer_order; /* offers grouped by GPU, newest first */
	struct offer_group *offer_groups; /* by GPU, kind and region, in offer_order */
	size_t noffer_groups;
	struct currency_seen currencies;      /* over all offers */
	struct currency_seen *gpu_currencies; /* one per GPU type (ngpus) */
	int newest_date;     /* YYYYMMDD over all offers */
	/* Warnings while loading (a quote dated in the future, an older copy
	 * lacking columns): a screen shows the count, the messages went to
	 * the diag. */
	size_t nwarnings;
	char source[512];    /* where the data came from */
	enum data_kind { DATA_USER, DATA_BUNDLED, DATA_BUILTIN } kind;
	/* tables[FILE_OFFERS] is freed once the offers are loaded: their
	 * texts point into offer_texts instead (one copy of each). */
	struct csv_table tables[3];
	struct strpool offer_texts;
};

enum catalog_file { FILE_MODELS, FILE_GPUS, FILE_OFFERS };
extern const char *const catalog_file_names[3]; /* "models/models.csv", ... */

void catalog_free(struct catalog *c);

const struct model *catalog_find_model(const struct catalog *c, const char *id_or_name);
int catalog_find_gpu(const struct catalog *c, const char *id);

/* "H100 80G" from "NVIDIA H100 80G": the name without its vendor prefix. */
const char *gpu_short_name(const struct gpu *g);

static inline bool gpu_has_fp8(const struct gpu *g)
{
	return g->fp8_tflops > 0;
}

static inline bool gpu_has_fp4(const struct gpu *g)
{
	return g->fp4_tflops > 0;
}

#endif
