/* Trial runs (issue 22): each benchmark format read from its sample in
 * tests/fixtures/trial/ (SOURCES says where each comes from) with the
 * exact values the file holds, and bad input refused with the file, the
 * line and what was expected. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "trial.h"

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
	struct trial_set t = read_ok(TRIAL_DIR "vllm_result.json");
	cr_assert_eq(t.n, 1);
	const struct trial_point *p = &t.pts[0];
	cr_assert_eq(p->format, TRIAL_VLLM_JSON);
	cr_assert_str_eq(p->model, "meta-llama/Llama-3.1-8B-Instruct");
	cr_assert_float_eq(p->concurrency, 32, 1e-12);
	cr_assert_float_eq(p->rate, 0, 1e-12); /* "request_rate": "inf" */
	/* 320000 tokens / 320 requests = 1000 in and 1000 out */
	cr_assert_float_eq(p->isl, 1000, 1e-12);
	cr_assert_float_eq(p->osl, 1000, 1e-12);
	cr_assert_float_eq(p->output_tok_s, 6070.95, 1e-9);
	cr_assert_float_eq(p->ttft_mean_ms, 88.41, 1e-9);
	cr_assert_float_eq(p->ttft_p99_ms, 161.3, 1e-9);
	cr_assert_float_eq(p->tpot_mean_ms, 5.18, 1e-9);
	cr_assert_float_eq(p->itl_p99_ms, 9.77, 1e-9);
}

Test(trial, sglang_jsonl_one_run_a_line)
{
	struct trial_set t = read_ok(TRIAL_DIR "sglang_bench_serving.jsonl");
	cr_assert_eq(t.n, 2);
	cr_assert_eq(t.pts[0].format, TRIAL_SGLANG_JSONL);
	cr_assert_eq(t.pts[1].line, 2);
	/* "request_rate": Infinity (Python's json.dumps): no rate */
	cr_assert_float_eq(t.pts[0].rate, 0, 1e-12);
	cr_assert_float_eq(t.pts[0].concurrency, 1, 1e-12);
	cr_assert_float_eq(t.pts[1].concurrency, 64, 1e-12);
	/* 655360 / 640 = 1024 */
	cr_assert_float_eq(t.pts[1].isl, 1024, 1e-12);
	cr_assert_float_eq(t.pts[1].osl, 1024, 1e-12);
	cr_assert_float_eq(t.pts[1].output_tok_s, 11126.6, 1e-9);
	cr_assert_float_eq(t.pts[1].ttft_mean_ms, 142.9, 1e-9);
	cr_assert_float_eq(t.pts[1].tpot_mean_ms, 5.6, 1e-9);
	cr_assert_float_eq(t.pts[1].itl_p99_ms, 28.4, 1e-9);
}

Test(trial, genai_perf_profile_export)
{
	struct trial_set t = read_ok(TRIAL_DIR "profile_export_genai_perf.json");
	cr_assert_eq(t.n, 1);
	const struct trial_point *p = &t.pts[0];
	cr_assert_eq(p->format, TRIAL_GENAI_PERF);
	cr_assert_str_eq(p->model, "TinyLlama-1.1B-Chat-v1.0");
	cr_assert_float_eq(p->concurrency, 1, 1e-12);
	cr_assert_float_eq(p->isl, 128, 1e-12);
	cr_assert_float_eq(p->osl, 128, 1e-12);
	cr_assert_float_eq(p->output_tok_s, 126.3, 1e-9);
	cr_assert_float_eq(p->ttft_mean_ms, 18.4, 1e-9);
	cr_assert_float_eq(p->ttft_p99_ms, 21.1, 1e-9);
	/* inter_token_latency is per request: the TPOT */
	cr_assert_float_eq(p->tpot_mean_ms, 7.83, 1e-9);
	cr_assert_float_eq(p->tpot_p99_ms, 7.97, 1e-9);
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
