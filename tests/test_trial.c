/* Trial runs (issue 22): each benchmark format read from its sample in
 * tests/fixtures/trial/ (SOURCES says where each comes from) with the
 * exact values the file holds, and bad input refused with the file, the
 * line and what was expected. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "estimate.h"
#include "helpers.h"
#include "throughput.h"
#include "trial.h"
#include "trial_fit.h"

#define TRIAL_DIR FIXTURES "/trial/"

static struct trial_set read_ok(const char *name)
{
	struct trial_set t = {0};
	char err[400] = "";
	cr_assert(trial_read_file(name, &t, err, sizeof err), "%s: %s", name, err);
	return t;
}

static void refused(const char *name, const char *text, const char *want)
{
	struct trial_set t = {0};
	char err[400] = "";
	cr_assert_not(trial_read_text(name, text, strlen(text), &t, err, sizeof err));
	cr_assert(strstr(err, want), "error \"%s\" lacks \"%s\"", err, want);
	cr_assert_eq(t.n, 0);
}

Test(trial, vllm_summary_two_runs)
{
	struct trial_set t = read_ok(TRIAL_DIR "vllm_summary.txt");
	cr_assert_eq(t.n, 2);
	const struct trial_point *p = &t.pts[0];
	cr_assert_eq(p->format, TRIAL_VLLM_TEXT);
	cr_assert_eq(p->line, 5); /* the header, after three lines of the run's settings */
	/* "Maximum request concurrency: 32" above the header; rate inf: none */
	cr_assert_float_eq(p->concurrency, 32, 1e-12);
	cr_assert_float_eq(p->rate, 0, 1e-12);
	/* 65536 tokens in and out over 32 requests: 2048 each */
	cr_assert_float_eq(p->isl, 2048, 1e-12);
	cr_assert_float_eq(p->osl, 2048, 1e-12);
	cr_assert_float_eq(p->output_tok_s, 434.40, 1e-9);
	cr_assert_float_eq(p->ttft_mean_ms, 7279.56, 1e-9);
	cr_assert_float_eq(p->ttft_p99_ms, 10999.46, 1e-9);
	cr_assert_float_eq(p->tpot_mean_ms, 70.14, 1e-9);
	cr_assert_float_eq(p->tpot_p99_ms, 72.63, 1e-9);
	cr_assert_float_eq(p->itl_mean_ms, 70.14, 1e-9);
	cr_assert_float_eq(p->itl_p99_ms, 72.47, 1e-9);
	cr_assert_float_eq(t.pts[1].output_tok_s, 329.86, 1e-9);
	cr_assert_float_eq(t.pts[1].tpot_mean_ms, 93.85, 1e-9);
	cr_assert_eq(t.pts[1].line, 31);
}

Test(trial, vllm_result_json)
{
	/* LambdaLabsML/vllm-benchmark: vLLM's benchmark_serving.py (2024-09), 10
	   ShareGPT prompts at once on one H100 SXM (SOURCES) */
	struct trial_set t = read_ok(TRIAL_DIR "vllm_result.json");
	cr_assert_eq(t.n, 1);
	const struct trial_point *p = &t.pts[0];
	cr_assert_eq(p->format, TRIAL_VLLM_JSON);
	cr_assert_str_eq(p->model, "meta-llama/Meta-Llama-3-8B-Instruct");
	/* no "max_concurrency" (the script predates it) and "request_rate":
	   "inf": all "num_prompts": 10 sent at once, a burst that empties; its
	   load is the users in flight on average (Little's law): 1.86337
	   requests a second x 1.43178 s mean latency = 2.668 */
	cr_assert_float_eq(p->concurrency, 1.8633739431904777 * 1431.7765221989248 / 1000, 1e-12);
	cr_assert_float_eq(p->rate, 0, 1e-12);
	/* 1369 tokens in and 1867 out over 10 requests: 136.9 and 186.7 each */
	cr_assert_float_eq(p->isl, 136.9, 1e-12);
	cr_assert_float_eq(p->osl, 186.7, 1e-12);
	cr_assert_float_eq(p->output_tok_s, 347.8919151936622, 1e-9);
	cr_assert_float_eq(p->ttft_mean_ms, 62.426355000934564, 1e-9);
	cr_assert_float_eq(p->ttft_p99_ms, 63.362654292432126, 1e-9);
	cr_assert_float_eq(p->tpot_mean_ms, 11.105466039313557, 1e-9);
	cr_assert_float_eq(p->tpot_p99_ms, 33.804889221253696, 1e-9);
	/* the ITL is per streamed chunk, several tokens a chunk here */
	cr_assert_float_eq(p->itl_mean_ms, 72.39887336495076, 1e-9);
	cr_assert_float_eq(p->itl_p99_ms, 75.27785668207798, 1e-9);
}

Test(trial, vllm_bench_serve_json_with_max_concurrency)
{
	/* miaozw66/hy3-vllm-dcu: vllm bench serve (vLLM 0.18.1) of 2026-08-13,
	   HY3 INT8 w8a8 at PP2 x TP4 on 8 Hygon K100, 3 random prompts of 7168
	   in and 1024 out, one at a time (SOURCES) */
	struct trial_set t = read_ok(TRIAL_DIR "vllm_bench_serve.json");
	cr_assert_eq(t.n, 1);
	const struct trial_point *p = &t.pts[0];
	cr_assert_eq(p->format, TRIAL_VLLM_JSON);
	cr_assert_str_eq(p->model, "/data/model/hygon/Hy3-Channel-INT8-w8a8/models/"
				   "hygon--Hy3-Channel-INT8-w8a8/snapshots/master");
	/* "max_concurrency": 1 with "request_rate": "inf": the load is 1 */
	cr_assert_float_eq(p->concurrency, 1, 1e-12);
	cr_assert_float_eq(p->rate, 0, 1e-12);
	/* 21504 tokens in and 3072 out over 3 requests: 7168 and 1024 each */
	cr_assert_float_eq(p->isl, 7168, 1e-12);
	cr_assert_float_eq(p->osl, 1024, 1e-12);
	cr_assert_float_eq(p->output_tok_s, 12.08511016865348, 1e-9);
	cr_assert_float_eq(p->ttft_mean_ms, 3735.314218016962, 1e-9);
	cr_assert_float_eq(p->ttft_p99_ms, 5486.920487545431, 1e-9);
	cr_assert_float_eq(p->tpot_mean_ms, 79.17526129584029, 1e-9);
	cr_assert_float_eq(p->tpot_p99_ms, 79.44185291109461, 1e-9);
	/* a token a chunk: the mean ITL is the TPOT */
	cr_assert_float_eq(p->itl_mean_ms, 79.1752623157356, 1e-9);
	cr_assert_float_eq(p->itl_p99_ms, 82.01968083158135, 1e-9);
}

/* The same layout with neither a concurrency limit nor a finite rate nor
 * num_prompts: the load is unknown, as before. */
Test(trial, a_burst_without_its_size_refused)
{
	refused("r.json",
		"{\"model_id\": \"m\", \"output_throughput\": 10, \"completed\": 2,"
		" \"total_input_tokens\": 20, \"total_output_tokens\": 20, \"mean_ttft_ms\": 5,"
		" \"mean_tpot_ms\": 2, \"request_rate\": \"inf\"}",
		"expected the maximum concurrency or a finite request rate");
}

Test(trial, sglang_jsonl_one_run_a_line)
{
	/* datacrunch-research/h200-benchmarks: SGLang bench_serving on 4 x H200,
	   Llama-3.3-70B-Instruct TP4 bf16, five random runs at 1 to 16
	   requests a second, then two ShareGPT runs (SOURCES) */
	struct trial_set t = read_ok(TRIAL_DIR "sglang_bench_serving.jsonl");
	cr_assert_eq(t.n, 7);
	cr_assert_eq(t.pts[0].format, TRIAL_SGLANG_JSONL);
	cr_assert_eq(t.pts[6].line, 7);
	/* "max_concurrency": null, "request_rate": 1.0: an open loop */
	cr_assert_float_eq(t.pts[0].concurrency, 0, 1e-12);
	cr_assert_float_eq(t.pts[0].rate, 1, 1e-12);
	cr_assert_float_eq(t.pts[4].rate, 16, 1e-12);
	/* random lengths up to 1024 (random_range_ratio 0): 152612 / 300 =
	   508.70667 in, 160347 / 300 = 534.49 out */
	cr_assert_float_eq(t.pts[0].isl, 152612.0 / 300, 1e-9);
	cr_assert_float_eq(t.pts[0].osl, 534.49, 1e-9);
	cr_assert_float_eq(t.pts[0].output_tok_s, 537.4142851849319, 1e-9);
	/* this version writes medians only: median TTFT and median ITL stand in
	   for the means, no p99 */
	cr_assert_float_eq(t.pts[0].ttft_mean_ms, 85.74514742940664, 1e-9);
	cr_assert_float_eq(t.pts[0].tpot_mean_ms, 13.638956006616354, 1e-9);
	cr_assert_float_eq(t.pts[0].ttft_p99_ms, -1, 1e-12);
	cr_assert_float_eq(t.pts[0].itl_mean_ms, -1, 1e-12);
	cr_assert_float_eq(t.pts[4].ttft_mean_ms, 614.2499720444903, 1e-9);
	cr_assert_float_eq(t.pts[4].tpot_mean_ms, 179.12118090316653, 1e-9);
	/* ShareGPT at 8 a second: 540779 / 2400 = 225.32458 in,
	   461874 / 2400 = 192.4475 out */
	cr_assert_float_eq(t.pts[6].isl, 540779.0 / 2400, 1e-9);
	cr_assert_float_eq(t.pts[6].osl, 192.4475, 1e-9);
	cr_assert_float_eq(t.pts[6].ttft_mean_ms, 83.16566958092153, 1e-9);
	cr_assert_float_eq(t.pts[6].output_tok_s, 1471.0864833760852, 1e-9);
}

Test(trial, genai_perf_profile_export)
{
	/* FernandoDorado/sizing-llm-inference-nvidia: genai-perf of 2024-10
	   against NIM meta/llama3-8b-instruct (TensorRT-LLM), one user,
	   streaming, 200 tokens in, 50 asked out (SOURCES) */
	struct trial_set t = read_ok(TRIAL_DIR "profile_export_genai_perf.json");
	cr_assert_eq(t.n, 1);
	const struct trial_point *p = &t.pts[0];
	cr_assert_eq(p->format, TRIAL_GENAI_PERF);
	/* that version writes input_config flat: "model": [...], "concurrency": 1 */
	cr_assert_str_eq(p->model, "meta/llama3-8b-instruct");
	cr_assert_float_eq(p->concurrency, 1, 1e-12);
	cr_assert_float_eq(p->rate, 0, 1e-12); /* "request_rate": null */
	/* its tokenizer (hf-internal-testing/llama-tokenizer) is not the
	   model's: 50 tokens asked, 57.9 counted */
	cr_assert_float_eq(p->isl, 200.0188679245283, 1e-12);
	cr_assert_float_eq(p->osl, 57.886792452830186, 1e-12);
	cr_assert_float_eq(p->output_tok_s, 86.44141069162954, 1e-9);
	cr_assert_float_eq(p->ttft_mean_ms, 24.62418879245283, 1e-9);
	cr_assert_float_eq(p->ttft_p99_ms, 26.267317079999998, 1e-9);
	/* inter_token_latency is per request: the TPOT; one user, so
	   1000 / 11.3788 ms = 87.9 tokens a second, near the 86.44 measured */
	cr_assert_float_eq(p->tpot_mean_ms, 11.378780509433962, 1e-9);
	cr_assert_float_eq(p->tpot_p99_ms, 12.78141052, 1e-9);
	cr_assert_float_eq(p->itl_mean_ms, 11.378780509433962, 1e-9);
}

Test(trial, unknown_file_names_the_formats)
{
	refused("notes.txt", "cards,tokens\n1,2\n", "notes.txt, line 1: expected a vLLM");
	refused("other.json", "{\"a\": 1}", "other.json, line 1: expected a vLLM");
}

Test(trial, truncated_json_names_its_line)
{
	refused("cut.json", "{\"date\": \"x\",\n \"output_throughput\": 12,\n \"mean_ttft_ms\": ",
		"cut.json, line 3: expected a value, found end of file");
}

Test(trial, missing_field_named)
{
	refused("r.json",
		"{\"model_id\": \"m\", \"output_throughput\": 10, \"completed\": 2,"
		" \"total_input_tokens\": 20, \"total_output_tokens\": 20, \"mean_ttft_ms\": 5,"
		" \"max_concurrency\": 1}",
		"r.json, line 1: expected the mean TPOT in ms");
}

/* A TTFT of 0 ms (a stream that never started) is no measurement: the fit
 * would divide by it. */
Test(trial, zero_ttft_refused)
{
	refused("r.json",
		"{\"model_id\": \"m\", \"output_throughput\": 10, \"completed\": 2,"
		" \"total_input_tokens\": 20, \"total_output_tokens\": 20, \"mean_ttft_ms\": 0,"
		" \"mean_tpot_ms\": 2, \"max_concurrency\": 1}",
		"r.json, line 1: expected the mean TTFT in ms");
}

Test(trial, a_load_no_run_has_refused)
{
	refused("r.json",
		"{\"model_id\": \"m\", \"output_throughput\": 10, \"completed\": 2,"
		" \"total_input_tokens\": 20, \"total_output_tokens\": 20, \"mean_ttft_ms\": 5,"
		" \"mean_tpot_ms\": 2, \"request_rate\": 9e13}",
		"r.json, line 1: expected the request rate of at most 1e+06, found 9e+13");
}

Test(trial, unknown_load_refused)
{
	refused("r.json",
		"{\"model_id\": \"m\", \"output_throughput\": 10, \"completed\": 2,"
		" \"total_input_tokens\": 20, \"total_output_tokens\": 20, \"mean_ttft_ms\": 5,"
		" \"mean_tpot_ms\": 2, \"max_concurrency\": null, \"request_rate\": \"inf\"}",
		"expected the maximum concurrency or a finite request rate");
}

Test(trial, summary_unit_checked)
{
	refused("paste.txt",
		"============ Serving Benchmark Result ============\n"
		"Successful requests:                     10\n"
		"Mean TTFT (s):                           0.4\n",
		"paste.txt, line 3: expected \"Mean TTFT (ms):\"");
}

Test(trial, genai_unit_checked)
{
	refused("g.json",
		"{\"time_to_first_token\": {\"unit\": \"ms\", \"avg\": 1},\n"
		" \"output_token_throughput\": {\"unit\": \"tokens/min\", \"avg\": 5}}",
		"g.json, line 2: expected \"output_token_throughput\" in tokens/sec");
}

Test(trial, summary_without_load_refused)
{
	refused("paste.txt",
		"============ Serving Benchmark Result ============\n"
		"Successful requests:                     10\n"
		"Total input tokens:                      1000\n"
		"Total generated tokens:                  1000\n"
		"Output token throughput (tok/s):         50\n"
		"Mean TTFT (ms):                          20\n"
		"Mean TPOT (ms):                          9\n"
		"==================================================\n",
		"paste.txt, line 1: expected the maximum concurrency");
}

Test(trial, refused_file_keeps_earlier_points)
{
	struct trial_set t = read_ok(TRIAL_DIR "vllm_result.json");
	char err[300];
	cr_assert_not(trial_read_text("bad", "{", 1, &t, err, sizeof err));
	cr_assert_eq(t.n, 1);
}

/* ---- the fit (src/model/trial_fit.c) ---- */

/* A trial made by the model itself on a GPU whose efficiencies are
 * known: every figure exactly what throughput_compute gives there. */
static void synthetic_point(const struct scenario *sc, const struct gpu *g, double b,
			    double isl, double osl, struct trial_point *p)
{
	struct scenario ps = *sc;
	struct workload w;
	struct throughput th;
	ps.context = (long long)(isl + osl), ps.output_len = (long long)osl, ps.concurrency = (long long)b;
	cr_assert(workload_init(&w, &ps));
	throughput_compute(&w, g, &(struct layout){.t = 1, .p = 1, .d = 1}, (long long)b, 0, &th);
	cr_assert(th.valid);
	*p = (struct trial_point){.concurrency = b, .isl = isl, .osl = osl,
				  .output_tok_s = th.output_tokens_per_s,
				  .ttft_mean_ms = th.ttft_s * 1000, .tpot_mean_ms = th.tpot_s * 1000,
				  .ttft_p99_ms = -1, .tpot_p99_ms = -1, .itl_mean_ms = -1,
				  .itl_p99_ms = -1};
}

static const struct gpu *ref_gpu(const char *id)
{
	for (size_t i = 0; i < ref_catalog.ngpus; i++)
		if (strcmp(ref_catalog.gpus[i].id, id) == 0)
			return &ref_catalog.gpus[i];
	cr_assert_fail("no GPU %s", id);
	return NULL;
}

#define assert_within(got, want, rel)                                                      \
	cr_assert(fabs((got) / (want) - 1) <= (rel), "%s = %.6g, expected %.6g within %g", \
		  #got, (double)(got), (double)(want), (double)(rel))

Test(trial_fit, synthetic_trial_fitted_back_within_one_percent, .init = ref_setup,
     .fini = ref_teardown)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", NULL);
	const struct gpu *h100 = ref_gpu("h100-80g");
	/* the "real" card: 0.8 × 0.75 = 0.6 of the bundled mbu 0.80 (mbu_kv 0.75
	   × 0.75 = 0.5625), matmul 0.70 × 0.7 = 0.49, the software factor 1 × 1.6 */
	struct gpu truth = *h100;
	truth.mbu = 0.6, truth.mbu_kv = 0.5625, truth.mfu_infer = 0.49;
	truth.mfu_infer_fp8 = h100->mfu_infer_fp8 * 0.7, truth.sw = 1.6;
	static const double load[][3] = {{1, 1000, 500},   {8, 1000, 500},  {32, 2000, 500},
					 {64, 4000, 300},  {128, 1000, 500}, {256, 2000, 200}};
	sc.trial.n = (int)(sizeof load / sizeof load[0]);
	for (int i = 0; i < sc.trial.n; i++)
		synthetic_point(&sc, &truth, load[i][0], load[i][1], load[i][2], &sc.trial.pts[i]);
	struct trial_fit f;
	char err[200] = "";
	cr_assert(trial_fit_run(&sc, h100, 1, &f, err, sizeof err), "%s", err);
	assert_within(f.after.mbu, 0.6, 0.01);
	assert_within(f.after.mfu_infer, 0.49, 0.01);
	assert_within(f.after.sw, 1.6, 0.01);
	cr_assert(f.residual_pct < 1, "residual %.3f %%", f.residual_pct);
	for (int q = 0; q < TRIAL_FACTORS; q++) /* every factor measured, none at e^±3 */
		cr_assert_not(f.at_limit[q], "%s at its limit", trial_factor_names[q]);
	cr_assert(f.before_pct > 10, "the bundled values miss the trial: %.1f %%", f.before_pct);
	cr_assert_float_eq(f.band_pct, TRIAL_BAND_MIN_PCT, 1e-12); /* 2 × residual < 5 */
	cr_assert_float_eq(f.load_min, 1, 1e-12);
	cr_assert_float_eq(f.load_max, 256, 1e-12);
	cr_assert(trial_fit_inside(&f, 1, 1, 100));
	cr_assert_not(trial_fit_inside(&f, 2, 1, 100)); /* other TP */
	cr_assert_not(trial_fit_inside(&f, 1, 2, 100)); /* more machines */
	cr_assert_not(trial_fit_inside(&f, 1, 1, 600)); /* beyond 2 × 256 users */
}

/* ---- every plan on the trial's GPU uses the fit (src/plan/analysis.c) ---- */

static bool has_note(const struct message *notes, int n, enum message_code code)
{
	for (int i = 0; i < n; i++)
		if (notes[i].code == code)
			return true;
	return false;
}

/* A scenario of 32 users, 1000 in / 500 out, with a synthetic trial of
 * 8 and 32 users made on an H100 whose mbu is 0.6 (bundled 0.80). */
static void trial_scenario(struct scenario *sc, long long users)
{
	char n[16];
	snprintf(n, sizeof n, "%lld", users);
	make_scenario(sc, &ref_catalog, "llama-3.1-8b", "context", "1500", "output-len", "500",
		      "concurrency", n, NULL);
	struct gpu truth = *ref_gpu("h100-80g");
	truth.mbu = 0.6;
	sc->trial.n = 2;
	synthetic_point(sc, &truth, 8, 1000, 500, &sc->trial.pts[0]);
	synthetic_point(sc, &truth, 32, 1000, 500, &sc->trial.pts[1]);
}

Test(trial_fit, plans_on_the_trial_gpu_use_the_fit, .init = ref_setup, .fini = ref_teardown)
{
	struct scenario sc;
	trial_scenario(&sc, 32);
	struct analysis *a = ref_run(&sc, "h100-80g");
	cr_assert(a->ok, "%s", a->error);
	cr_assert(a->trial.valid);
	const struct plan *p = plan_of(a, "h100-80g");
	cr_assert_eq(p->gpu, &a->trial_gpu);
	/* two loads of one length cannot tell mbu from sw apart, but the fitted
	   pair gives back what was measured: the plan of the trial's own 32 users
	   on one card streams at the measured TPOT */
	cr_assert(a->trial.residual_pct < 1, "%g %%", a->trial.residual_pct);
	cr_assert_eq(p->cards, 1);
	assert_within(p->throughput.tpot_s, sc.trial.pts[1].tpot_mean_ms / 1000, 0.01);
	assert_within(p->throughput.eff.mbu, a->trial.after.mbu, 1e-12);
	cr_assert_eq(a->trial_gpu.calibration, CAL_MEASURED);
	/* 32 users at TP1 on one machine: inside, the fit's band (5 %: 2 × ~0) */
	cr_assert_float_eq(p->throughput.band_low_pct, 5, 1e-12);
	cr_assert_float_eq(p->throughput.band_high_pct, 5, 1e-12);
	cr_assert(has_note(p->notes, p->nnotes, MSG_TRIAL_CALIBRATED));
	cr_assert_not(has_note(p->notes, p->nnotes, MSG_TRIAL_OUTSIDE));
	cr_assert(has_note(a->notes, a->nnotes, MSG_TRIAL_READ));
	cr_assert(has_note(a->notes, a->nnotes, MSG_TRIAL_FITTED));
}

Test(trial_fit, a_load_beyond_the_trial_widens_the_band, .init = ref_setup,
     .fini = ref_teardown)
{
	struct scenario sc;
	trial_scenario(&sc, 200); /* 200 > 2 × 32 users measured */
	struct analysis *a = ref_run(&sc, "h100-80g");
	cr_assert(a->ok, "%s", a->error);
	const struct plan *p = plan_of(a, "h100-80g");
	double per_replica = (double)p->throughput.per_replica;
	cr_assert(per_replica > 64, "%g users a replica", per_replica);
	/* 5 % + 15 % outside */
	cr_assert_float_eq(p->throughput.band_low_pct, 20, 1e-12);
	cr_assert(has_note(p->notes, p->nnotes, MSG_TRIAL_OUTSIDE));
}

Test(trial_fit, the_trial_needs_its_gpu, .init = ref_setup, .fini = ref_teardown)
{
	struct scenario sc;
	trial_scenario(&sc, 32);
	struct analysis a = {0};
	cr_assert_not(analysis_run(&a, &ref_catalog, &sc, NULL));
	cr_assert(strstr(a.error, "--trial needs the GPU type the trial ran on"), "%s", a.error);
	analysis_free(&a);
}

Test(trial_fit, a_trial_on_another_gpu_is_a_warning, .init = ref_setup, .fini = ref_teardown)
{
	struct scenario sc;
	trial_scenario(&sc, 32);
	snprintf(sc.trial.pts[0].gpu, sizeof sc.trial.pts[0].gpu, "a100-80g");
	struct analysis *a = ref_run(&sc, "h100-80g");
	cr_assert(a->ok, "%s", a->error);
	cr_assert(has_note(a->notes, a->nnotes, MSG_TRIAL_OTHER_GPU));
	const struct plan *p = plan_of(a, "h100-80g");
	cr_assert_neq(p->gpu, &a->trial_gpu); /* the H100 plan keeps its own efficiencies */
	cr_assert_float_eq(p->throughput.eff.mbu, 0.80, 1e-12);
	cr_assert_not(has_note(p->notes, p->nnotes, MSG_TRIAL_CALIBRATED));
}

Test(trial_fit, a_trial_of_another_model_is_a_warning, .init = ref_setup, .fini = ref_teardown)
{
	struct scenario sc;
	trial_scenario(&sc, 32);
	snprintf(sc.trial.pts[1].model, sizeof sc.trial.pts[1].model, "Qwen/Qwen2.5-7B-Instruct");
	struct analysis *a = ref_run(&sc, "h100-80g");
	cr_assert(a->ok, "%s", a->error);
	cr_assert(has_note(a->notes, a->nnotes, MSG_TRIAL_OTHER_MODEL));
}

/* The README's and the manual's walkthrough: tests/fixtures/trial/vllm_result.json
 * (10 ShareGPT prompts sent at once, 136.9 in / 186.7 out on average,
 * 347.9 tok/s, mean TPOT 11.1 ms, TTFT 62.4 ms) on an H100, its load the
 * 2.67 users in flight on average (Little's law). The bundled efficiencies
 * say 453 tok/s, TPOT 6.6 ms and TTFT 9.5 ms; the fit (mbu 0.80 -> 0.57,
 * sw 1 -> 1.13, mfu_infer 0.70 -> 0.035 at its limit e^-3) 301.5 tok/s,
 * TPOT 9.7 ms, TTFT 61.7 ms, within 10.7 %. Read as 10 steady users (the
 * burst's size) the same file fitted within 48.8 % only. */
Test(trial_fit, the_walkthrough_sample, .init = ref_setup, .fini = ref_teardown)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3-8b", "context", "2000", "output-len", "1000",
		      "concurrency", "32", "trial", TRIAL_DIR "vllm_result.json", NULL);
	struct analysis *a = ref_run(&sc, "h100-80g");
	cr_assert(a->trial.valid);
	const struct trial_fit_point *q = &a->trial.pts[0];
	assert_within(q->before[TRIAL_TOK_S], 453.226, 0.0005);
	assert_within(q->before[TRIAL_TPOT], 0.006604, 0.0005);
	assert_within(q->before[TRIAL_TTFT], 0.009474, 0.0005);
	assert_within(q->modelled[TRIAL_TOK_S], 301.5, 0.0005);
	assert_within(q->modelled[TRIAL_TPOT], 0.009672, 0.0005);
	assert_within(q->modelled[TRIAL_TTFT], 0.061717, 0.0005);
	assert_within(a->trial.residual_pct, 10.74, 0.0005);
	assert_within(a->trial.after.mbu, 0.565475, 0.0005);
	/* at the fit's limit, 0.70 x e^-3: the TTFT of a 137-token prompt is
	   the burst's and the server's, not the GEMMs' */
	assert_within(a->trial.after.mfu_infer, 0.70 * exp(-3), 0.0005);
	cr_assert(a->trial.at_limit[1] && !a->trial.at_limit[0] && !a->trial.at_limit[2]);
	cr_assert(has_note(a->notes, a->nnotes, MSG_TRIAL_AT_LIMIT), "mfu_infer is not measured");
	assert_within(a->trial.after.sw, 1.131853, 0.0005);
	/* 2 x 10.74 % = 21.5 %, under the 90 % cap */
	assert_within(a->trial.band_pct, 2 * a->trial.residual_pct, 0.01);
	cr_assert(has_note(a->notes, a->nnotes, MSG_TRIAL_FITTED));
}

/* ---- memory logs (src/data/trial_memory.c) ---- */

Test(trial, npu_smi_info_sixteen_npus)
{
	struct trial_set t = {0};
	char err[300] = "";
	cr_assert(trial_read_file(TRIAL_DIR "npu_smi_info.txt", &t, err, sizeof err), "%s", err);
	const struct trial_memory *m = &t.mem;
	cr_assert(m->valid);
	cr_assert_eq(t.n, 0);
	cr_assert_eq(m->format, TRIAL_NPU_SMI);
	cr_assert_str_eq(m->gpu, "910B2C");
	cr_assert_eq(m->cards, 16);
	cr_assert_eq(m->samples, 16);
	cr_assert_float_eq(m->peak_mib[0], 59356, 1e-12);
	cr_assert_float_eq(m->total_mib[15], 65536, 1e-12);
	cr_assert_float_eq(m->util_pct[3], 0, 1e-12); /* AICore 0 % */
	double total;
	cr_assert_float_eq(trial_memory_peak(m, &total), 59356, 1e-12); /* NPU 0, the highest */
	cr_assert_float_eq(total, 65536, 1e-12);
}

Test(trial, nvidia_smi_log_with_l)
{
	/* fridanl/thesis-mas: nvidia-smi --query-gpu=gpu_name,pstate,timestamp,
	   utilization.gpu,utilization.memory,memory.total,memory.used
	   --format=csv -l 1 beside vLLM 0.10 (Llama-3.3-70B bnb-4bit) on one
	   H100 NVL (SOURCES): its own column order, no index column */
	struct trial_set t = {0};
	char err[300] = "";
	cr_assert(trial_read_file(TRIAL_DIR "nvidia_smi_query.csv", &t, err, sizeof err), "%s",
		  err);
	const struct trial_memory *m = &t.mem;
	cr_assert_eq(m->format, TRIAL_NVIDIA_SMI);
	cr_assert_str_eq(m->gpu, "NVIDIA H100 NVL");
	cr_assert_eq(m->cards, 1); /* no index column: card 0 */
	/* 106 lines: the header, 104 rows, and the 105th row cut short at byte
	   8192 (committed while nvidia-smi still wrote it), left out */
	cr_assert_eq(m->samples, 104);
	/* weights 37,660 MiB at 10:04:53, then the engine's reservation:
	   90,098 MiB from 10:05:47 to the end */
	cr_assert_float_eq(m->peak_mib[0], 90098, 1e-12);
	cr_assert_float_eq(m->total_mib[0], 95830, 1e-12);
	/* utilization.gpu over the 104 rows: 2238 % in all, / 104 = 21.519 */
	cr_assert_float_eq(m->util_pct[0], 2238.0 / 104, 1e-9);
}

/* A row cut short without its newline ends a log still being written: the
 * rows before it stand; a bad row with its newline, or alone, is refused. */
Test(trial, nvidia_smi_row_cut_short_at_the_end)
{
	static const char log[] = "index, memory.used [MiB], memory.total [MiB]\n"
				  "0, 100 MiB, 200 MiB\n"
				  "0, 150 MiB, 2";
	struct trial_set t = {0};
	char err[300] = "";
	cr_assert(trial_read_text("smi.csv", log, strlen(log), &t, err, sizeof err), "%s", err);
	cr_assert_eq(t.mem.samples, 1);
	cr_assert_float_eq(t.mem.peak_mib[0], 100, 1e-12);
	refused("smi.csv",
		"index, memory.used [MiB], memory.total [MiB]\n0, 100 MiB, 200 MiB\n0, 150 MiB, 2\n",
		"smi.csv, line 3: expected memory.used and memory.total in MiB");
	refused("smi.csv", "index, memory.used [MiB], memory.total [MiB]\n0, 150 MiB, 2",
		"smi.csv, line 2: expected memory.used and memory.total in MiB");
}

Test(trial, nvidia_smi_without_units_refused)
{
	refused("smi.csv", "index, memory.used, memory.total\n0, 100, 200\n",
		"smi.csv, line 1: expected the columns \"memory.used [MiB]\"");
	refused("smi.csv", "index, memory.used [MiB], memory.total [MiB]\n0, 100 MiB, 200\n",
		"smi.csv, line 2: expected memory.used and memory.total in MiB");
}

Test(trial, npu_smi_without_usage_refused)
{
	refused("npu.txt",
		"| npu-smi 24.1.rc1   Version: 24.1.rc1 |\n"
		"| NPU   Name   | Health | Power(W) Temp(C) Hugepages-Usage(page)|\n"
		"| Chip         | Bus-Id | AICore(%) Memory-Usage(MB) HBM-Usage(MB) |\n"
		"| 0     910B3  | OK     | 93.2  40  0 / 0 |\n"
		"| 0            | 0000:C1:00.0 | busy |\n",
		"npu.txt, line 5: expected AICore(%) and HBM-Usage(MB)");
}

/* ---- the memory log in the plan (src/plan/analysis.c) ---- */

/* Llama-3.1-8B bf16, 2000 tokens of context, 32 users, on H100s, with a
 * memory log read from text. */
static struct analysis *memory_run(struct scenario *sc, const char *log)
{
	char err[300] = "";
	make_scenario(sc, &ref_catalog, "llama-3.1-8b", "context", "2000", "output-len", "1000",
		      "concurrency", "32", NULL);
	cr_assert(trial_read_text("smi.csv", log, strlen(log), &sc->trial, err, sizeof err), "%s",
		  err);
	return ref_run(sc, "h100-80g");
}

static double estimate_gib(const struct analysis *a)
{
	struct mem_terms t;
	workload_per_card(&a->w, &(struct layout){.t = 1, .p = 1, .d = 1}, &t);
	return (t.weights + t.kv_cache + t.activations + t.gradients + t.optimizer + t.overhead) /
	       GIB;
}

#define SMI_HEADER "timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]\n"

Test(trial_fit, a_memory_peak_above_the_estimate_is_carried, .init = ref_setup,
     .fini = ref_teardown)
{
	struct scenario sc;
	struct analysis *a = memory_run(&sc, SMI_HEADER
					"2025/06/12 10:15:12.125, 0, NVIDIA H100 80GB HBM3, 26962 MiB, 81559 MiB, 88 %\n");
	cr_assert_eq(a->memory_gpu, ref_gpu("h100-80g")); /* "H100" in the name, 81559 MiB */
	/* 26962 MiB = 26.330078125 GiB; the estimate on one card is about 24.6 */
	double est = estimate_gib(a);
	cr_assert(est > 24 && est < 25, "%g", est);
	cr_assert_float_eq(a->memory_carried_gib, 26.330078125 - est, 1e-9);
	const struct plan *p = plan_of(a, "h100-80g");
	/* --overhead 1 GiB + what the trial measured beyond the estimate */
	cr_assert_float_eq(p->per_card.overhead / GIB, 1 + 26.330078125 - est, 1e-9);
	cr_assert(has_note(p->notes, p->nnotes, MSG_TRIAL_MEMORY_OVERHEAD));
	cr_assert(has_note(a->notes, a->nnotes, MSG_TRIAL_MEMORY_READ));
}

Test(trial_fit, the_engines_reservation_is_not_carried, .init = ref_setup, .fini = ref_teardown)
{
	struct scenario sc;
	/* 73403 / 81559 = 0.90: vLLM's --gpu-memory-utilization 0.9 */
	struct analysis *a = memory_run(&sc, SMI_HEADER
					"2025/06/12 10:15:12.125, 0, NVIDIA H100 80GB HBM3, 73403 MiB, 81559 MiB, 88 %\n");
	cr_assert(a->memory_reserved);
	cr_assert_float_eq(a->memory_carried_gib, 0, 1e-12);
	cr_assert(has_note(a->notes, a->nnotes, MSG_TRIAL_MEMORY_RESERVED));
	cr_assert_not(has_note(a->notes, a->nnotes, MSG_TRIAL_MEMORY_FULL)); /* 90 % < 95 % */
	cr_assert_float_eq(plan_of(a, "h100-80g")->per_card.overhead / GIB, 1, 1e-12);
}

Test(trial_fit, a_peak_within_five_percent_of_the_card_is_a_warning, .init = ref_setup,
     .fini = ref_teardown)
{
	struct scenario sc;
	/* 78000 / 81559 = 0.956 */
	struct analysis *a = memory_run(&sc, SMI_HEADER
					"2025/06/12 10:15:12.125, 0, NVIDIA H100 80GB HBM3, 78000 MiB, 81559 MiB, 99 %\n");
	cr_assert(has_note(a->notes, a->nnotes, MSG_TRIAL_MEMORY_FULL));
}

Test(trial_fit, a_peak_below_the_estimate_keeps_it, .init = ref_setup, .fini = ref_teardown)
{
	struct scenario sc;
	struct analysis *a = memory_run(&sc, SMI_HEADER
					"2025/06/12 10:15:12.125, 0, NVIDIA H100 80GB HBM3, 10240 MiB, 81559 MiB, 50 %\n");
	cr_assert(has_note(a->notes, a->nnotes, MSG_TRIAL_MEMORY_BELOW));
	cr_assert_float_eq(a->memory_carried_gib, 0, 1e-12);
	cr_assert_float_eq(plan_of(a, "h100-80g")->per_card.overhead / GIB, 1, 1e-12);
}

Test(trial_fit, the_npu_smi_sample_is_a_reservation_on_910b, .init = ref_setup,
     .fini = ref_teardown)
{
	struct scenario sc;
	char err[300] = "";
	make_scenario(&sc, &ref_catalog, "qwen2.5-72b", NULL);
	cr_assert(trial_read_file(TRIAL_DIR "npu_smi_info.txt", &sc.trial, err, sizeof err), "%s",
		  err);
	struct analysis *a = ref_run(&sc, "910b-64g");
	cr_assert_eq(a->memory_gpu, ref_gpu("910b-64g")); /* "910B" in "910B2C", 65536 MB */
	cr_assert(a->memory_reserved); /* 59356 / 65536 = 0.906 */
}

/* A trial at request rates (vLLM --request-rate without a concurrency
 * limit): the open loop of SERVING.md §5 at each point, fitted back. */
static void synthetic_rate_point(const struct scenario *sc, const struct gpu *g, double rate,
				 double isl, double osl, struct trial_point *p)
{
	struct scenario ps = *sc;
	struct workload w;
	struct throughput th;
	ps.context = (long long)(isl + osl), ps.output_len = (long long)osl, ps.rate = rate;
	ps.concurrency = 1, ps.slo_ttft_s = ps.slo_tpot_s = 0;
	cr_assert(workload_init(&w, &ps));
	throughput_compute(&w, g, &(struct layout){.t = 1, .p = 1, .d = 1}, 1, 0, &th);
	cr_assert(th.valid && th.open.stable);
	*p = (struct trial_point){.rate = rate, .isl = isl, .osl = osl,
				  .output_tok_s = th.output_tokens_per_s,
				  .ttft_mean_ms = th.ttft_s * 1000, .tpot_mean_ms = th.tpot_s * 1000,
				  .ttft_p99_ms = -1, .tpot_p99_ms = -1, .itl_mean_ms = -1,
				  .itl_p99_ms = -1};
}

Test(trial_fit, a_trial_at_request_rates_is_fitted_back, .init = ref_setup,
     .fini = ref_teardown)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", NULL);
	const struct gpu *h100 = ref_gpu("h100-80g");
	struct gpu truth = *h100;
	truth.mbu = 0.6, truth.mbu_kv = 0.5625, truth.mfu_infer = 0.49;
	truth.mfu_infer_fp8 = h100->mfu_infer_fp8 * 0.7, truth.sw = 1.6;
	static const double load[][3] = {{0.5, 1000, 500}, {2, 2000, 500}, {3, 4000, 300},
					 {6, 1000, 500},   {8, 2000, 200}};
	sc.trial.n = (int)(sizeof load / sizeof load[0]);
	for (int i = 0; i < sc.trial.n; i++)
		synthetic_rate_point(&sc, &truth, load[i][0], load[i][1], load[i][2],
				     &sc.trial.pts[i]);
	struct trial_fit f;
	char err[200] = "";
	cr_assert(trial_fit_run(&sc, h100, 1, &f, err, sizeof err), "%s", err);
	cr_assert(f.by_rate);
	cr_assert(f.residual_pct < 1, "residual %.3f %%", f.residual_pct);
	assert_within(f.after.mbu, 0.6, 0.01);
	assert_within(f.after.mfu_infer, 0.49, 0.01);
	assert_within(f.after.sw, 1.6, 0.01);
}

/* ---- training speed-ups: cards,tokens_per_s ---- */

Test(trial, training_speed_ups_csv)
{
	struct trial_set t = read_ok(TRIAL_DIR "train_speedups.csv");
	cr_assert_eq(t.n, 0);
	cr_assert_eq(t.ntrain, 3);
	cr_assert_eq(t.train[2].cards, 4);
	cr_assert_float_eq(t.train[2].tokens_per_s, 5400, 1e-12);
	cr_assert_float_eq(t.train[0].tokens_per_s, 1520, 1e-12);
}

Test(trial, training_speed_ups_checked)
{
	refused("s.csv", "cards,tokens_per_s\n1,1520\n1,1600\n",
		"s.csv, line 3: expected each card count once, found 1 again");
	refused("s.csv", "cards,tokens_per_s\n1,1520\ntwo,2900\n",
		"s.csv, line 3: expected a card count from 1 to 4096, a comma and tokens a second");
	refused("s.csv", "cards,tokens_per_s\n", "s.csv, line 1: expected at least one run");
}

Test(trial_fit, training_speed_ups_are_the_measured_points, .init = ref_setup,
     .fini = ref_teardown)
{
	struct scenario a, b;
	make_scenario(&a, &ref_catalog, "qwen2.5-7b", "task", "lora", "train-tokens", "2B",
		      "trial", TRIAL_DIR "train_speedups.csv", NULL);
	make_scenario(&b, &ref_catalog, "qwen2.5-7b", "task", "lora", "train-tokens", "2B",
		      "measured", "1:1520,2:2900,4:5400", NULL);
	cr_assert_eq(a.nmeasured, 3);
	for (int i = 0; i < 3; i++) {
		cr_assert_eq(a.measured[i].cards, b.measured[i].cards);
		cr_assert_float_eq(a.measured[i].tokens_per_s, b.measured[i].tokens_per_s, 1e-12);
	}
	struct analysis *r = ref_run(&a, "h100-80g");
	cr_assert(has_note(r->notes, r->nnotes, MSG_TRIAL_READ));
	cr_assert(plan_of(r, "h100-80g")->training.measured);
}

/* ---- the hour against the month at the trial's speed ---- */

/* The walkthrough sample, 347.89 tok/s on one H100, at 30 % duty: the
 * bundled H100 container has a monthly price only, ¥9,345:
 * 9345 / (347.8919 × 0.30 × 730 × 3600) × 10^6 = ¥34.07 per million. */
Test(trial_fit, the_month_at_the_trials_speed, .init = ref_setup, .fini = ref_teardown)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3-8b", "context", "2000", "output-len", "1000",
		      "concurrency", "32", "duty", "30", "trial", TRIAL_DIR "vllm_result.json",
		      NULL);
	const struct plan *p = plan_of(ref_run(&sc, "h100-80g"), "h100-80g");
	const struct message *m = NULL;
	for (int i = 0; i < p->nnotes; i++)
		if (p->notes[i].code == MSG_TRIAL_BILLING_MONTH)
			m = &p->notes[i];
	cr_assert_not_null(m);
	cr_assert_float_eq(m->args[0].v.money.amount, 9345 / (347.8919151936622 * 0.30 * 730 * 3600) * 1e6,
			   1e-9);
	cr_assert_float_eq(m->args[1].v.f, 30, 1e-12);
}

/* The same with an hourly price on the H100 container (a copy of the
 * reference data, ¥14.50 a card-hour): by the hour 14.50 / (347.8919 × 3600)
 * × 10^6 = ¥11.58 per million whatever the duty; the month is cheaper above
 * 9345 / 14.50 = 644.5 hours. */
Test(trial_fit, the_hour_against_the_month, .init = ref_setup, .fini = ref_teardown)
{
	char dir[] = "/tmp/gpuplan-trial-XXXXXX", cmd[600];
	cr_assert_not_null(mkdtemp(dir));
	snprintf(cmd, sizeof cmd,
		 "cp -r '%s/ref/models' '%s/ref/prices' '%s/' && sed -i "
		 "'s/^h100-80g,container,1,4,,9345,,CNY/h100-80g,container,1,4,,9345,14.50,CNY/' "
		 "'%s/prices/offers.csv'",
		 FIXTURES, FIXTURES, dir, dir);
	cr_assert_eq(system(cmd), 0);
	struct catalog c;
	load_fixture(&c, dir);
	struct scenario sc;
	make_scenario(&sc, &c, "llama-3-8b", "context", "2000", "output-len", "1000",
		      "concurrency", "32", "duty", "30", "trial", TRIAL_DIR "vllm_result.json",
		      NULL);
	struct analysis a = {0};
	cr_assert(analysis_run(&a, &c, &sc, "h100-80g"), "%s", a.error);
	const struct plan *p = &a.plans[0];
	const struct message *m = NULL;
	for (int i = 0; i < p->nnotes; i++)
		if (p->notes[i].code == MSG_TRIAL_BILLING)
			m = &p->notes[i];
	cr_assert_not_null(m);
	cr_assert_float_eq(m->args[0].v.money.amount, 14.50 / (347.8919151936622 * 3600) * 1e6, 1e-9);
	cr_assert_float_eq(m->args[1].v.money.amount, 9345 / (347.8919151936622 * 0.30 * 730 * 3600) * 1e6,
			   1e-9);
	cr_assert_float_eq(m->args[3].v.f, 9345 / 14.50, 1e-9);
	analysis_free(&a);
	catalog_free(&c);
	snprintf(cmd, sizeof cmd, "rm -r '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

/* ---- the diagnosis of the seeds' FAQ ---- */

/* Speed-ups that bend over: USL σ ≈ 0.02, κ ≈ 0.021, so the peak
 * sqrt((1 − σ)/κ) lies near 7 cards, well inside 4096. */
Test(trial_fit, a_speed_up_that_peaks_is_named, .init = ref_setup, .fini = ref_teardown)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "qwen2.5-7b", "task", "lora", "train-tokens", "2B",
		      "measured", "1:1500,2:2800,4:4600,8:5200", NULL);
	struct analysis *a = ref_run(&sc, "h100-80g");
	const struct message *m = NULL;
	for (int i = 0; i < a->nnotes; i++)
		if (a->notes[i].code == MSG_TRIAL_USL_PEAK)
			m = &a->notes[i];
	cr_assert_not_null(m);
	double peak = sqrt((1 - a->usl.sigma) / a->usl.kappa);
	cr_assert_float_eq(m->args[0].v.f, peak, 1e-9);
	cr_assert(peak > 6 && peak < 8, "%g", peak);
}

/* A log from a GPU the catalogue lacks names it in the error (the real
 * H100 NVL log), where it said the file named none. */
Test(trial_fit, a_log_from_a_gpu_not_on_file_names_it, .init = ref_setup,
     .fini = ref_teardown)
{
	struct scenario sc;
	char err[300] = "";
	static const char log[] = SMI_HEADER "t1, 0, NVIDIA H100 NVL, 20480 MiB, 95830 MiB, 30 %\n";
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", NULL);
	cr_assert(trial_read_text("smi.csv", log, strlen(log), &sc.trial, err, sizeof err), "%s",
		  err);
	struct analysis a = {0};
	cr_assert_not(analysis_run(&a, &ref_catalog, &sc, NULL));
	cr_assert(strstr(a.error, "the file names \"NVIDIA H100 NVL\", which no row of "
				  "prices/gpus.csv matches; give it with --gpu ID"),
		  "%s", a.error);
	analysis_free(&a);
}

Test(trial_fit, a_flat_low_utilisation_on_one_card_is_named, .init = ref_setup,
     .fini = ref_teardown)
{
	struct scenario sc;
	/* (30 + 34 + 32) / 3 = 32 % */
	struct analysis *a = memory_run(&sc, SMI_HEADER
					"t1, 0, NVIDIA H100 80GB HBM3, 20480 MiB, 81559 MiB, 30 %\n"
					"t2, 0, NVIDIA H100 80GB HBM3, 20480 MiB, 81559 MiB, 34 %\n"
					"t3, 0, NVIDIA H100 80GB HBM3, 20480 MiB, 81559 MiB, 32 %\n");
	cr_assert(has_note(a->notes, a->nnotes, MSG_TRIAL_LOW_UTILISATION));
	cr_assert_float_eq(a->sc.trial.mem.util_pct[0], 32, 1e-9);
}

Test(trial_fit, a_busy_card_is_not_named, .init = ref_setup, .fini = ref_teardown)
{
	struct scenario sc;
	struct analysis *a = memory_run(&sc, SMI_HEADER
					"t1, 0, NVIDIA H100 80GB HBM3, 20480 MiB, 81559 MiB, 90 %\n");
	cr_assert_not(has_note(a->notes, a->nnotes, MSG_TRIAL_LOW_UTILISATION));
}
