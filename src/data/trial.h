/* A customer's trial run: the serving benchmark they ran on an hourly
 * instance, read from the file the benchmark wrote or printed. The
 * format is recognised by content, never by the file's name:
 *   - vLLM `vllm bench serve --save-result` (and the older
 *     benchmarks/benchmark_serving.py) result JSON;
 *   - the "Serving Benchmark Result" summary both print (pasted from a
 *     terminal; several runs one after the other are several points);
 *   - SGLang `python -m sglang.bench_serving` JSONL (one run a line);
 *   - genai-perf's profile_export_genai_perf.json.
 * Each run is one point: its load (concurrency or request rate), the
 * mean lengths, the output throughput and the latencies. Pure reading: no
 * model, no GPU arithmetic (model/trial_fit does that). */
#ifndef GPUPLAN_TRIAL_H
#define GPUPLAN_TRIAL_H

#include <stdbool.h>
#include <stddef.h>

#include "usl.h"

#define TRIAL_MAX_POINTS 32

enum trial_format {
	TRIAL_VLLM_JSON,
	TRIAL_VLLM_TEXT,
	TRIAL_SGLANG_JSONL,
	TRIAL_GENAI_PERF,
	TRIAL_FORMAT_COUNT
};
/* "vllm-json", "vllm-summary", "sglang-jsonl", "genai-perf" (JSON) */
extern const char *const trial_format_keys[TRIAL_FORMAT_COUNT];
/* for people, marked N_(): "vLLM benchmark result (JSON)" ... */
extern const char *const trial_format_labels[TRIAL_FORMAT_COUNT];

/* One measured run. Latencies in ms; a figure the file does not give
 * is < 0 (only the p99s and the ITL may be missing). */
struct trial_point {
	enum trial_format format;
	unsigned line;       /* where the run starts in its file */
	double concurrency;  /* users at once; 0: an open loop at rate */
	double rate;         /* requests a second; 0: none (all at once) */
	double isl, osl;     /* mean tokens in and out per request */
	double output_tok_s; /* output tokens a second, whole run */
	double ttft_mean_ms, ttft_p99_ms, tpot_mean_ms, tpot_p99_ms, itl_mean_ms, itl_p99_ms;
	char model[96];      /* the model the file names; "" none */
	char gpu[64];        /* the GPU the file names (vLLM --metadata gpu=...); "" none */
	char file[128];      /* the file's name as given */
};

/* A memory and utilisation log of the trial (trial_memory.c):
 *   - nvidia-smi --query-gpu=timestamp,index,name,memory.used,memory.total,
 *     utilization.gpu --format=csv, with or without -l (the columns found by
 *     their header, in any order; name and utilization.gpu optional);
 *   - npu-smi info (Ascend 910B): the HBM-Usage(MB) and AICore(%) of each NPU.
 * Per card: the highest memory seen, its size and the mean utilisation. */
#define TRIAL_MAX_CARDS 64

enum trial_memory_format { TRIAL_NVIDIA_SMI, TRIAL_NPU_SMI, TRIAL_MEMORY_FORMAT_COUNT };
extern const char *const trial_memory_format_keys[TRIAL_MEMORY_FORMAT_COUNT];
extern const char *const trial_memory_format_labels[TRIAL_MEMORY_FORMAT_COUNT]; /* N_() */

struct trial_memory {
	bool valid;
	enum trial_memory_format format;
	char file[128];
	char gpu[64];  /* the name the log prints: "NVIDIA H100 80GB HBM3", "910B3" */
	int cards;     /* indices 0 .. cards-1 seen */
	int samples;   /* rows (nvidia-smi -l) or tables read */
	double peak_mib[TRIAL_MAX_CARDS], total_mib[TRIAL_MAX_CARDS];
	double util_pct[TRIAL_MAX_CARDS]; /* mean; < 0 when the log has none */
};

struct trial_set {
	struct trial_point pts[TRIAL_MAX_POINTS];
	int n;
	struct trial_memory mem;
	/* training speed-ups: a CSV "cards,tokens_per_s" (one row per card
	 * count), which --trial hands to --measured's USL fit */
	struct usl_point train[USL_MAX_POINTS];
	int ntrain;
	char train_file[128];
};
extern const char trial_train_label[]; /* N_(): "training speed-ups (cards,tokens_per_s CSV)" */

/* The highest peak of any card, and that card's memory, MiB. */
double trial_memory_peak(const struct trial_memory *m, double *total_mib);

/* Used by trial_read_text: whether text is one of the logs, and reading it
 * into m (false with err naming the file, the line and what was expected). */
bool trial_memory_recognised(const char *text, size_t len);
bool trial_memory_read(const char *name, const char *text, size_t len, struct trial_memory *m,
		       char *err, size_t cap);

/* Reads one file and appends its runs to t. False with err naming the
 * file, the line and what was expected; t keeps the points it had. */
bool trial_read_file(const char *path, struct trial_set *t, char *err, size_t cap);

/* The same on text in memory; name is what err calls it. */
bool trial_read_text(const char *name, const char *text, size_t len, struct trial_set *t,
		     char *err, size_t cap);

#endif
