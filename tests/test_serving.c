/* The serving model (SERVING.md): the worked examples of §11 with their
 * stated inputs, and the invariants of §12 over dense, MoE, MLA, PP,
 * int4/fp8, closed and open loop scenarios. GPU figures are those of
 * prices/gpus.csv (SERVING.md §8); engine constants those of §9. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "batch_max.h"
#include "helpers.h"
#include "serving.h"
#include "throughput.h"

TestSuite(serving, .init = ref_setup, .fini = ref_teardown);

/* Within rel of want (the examples are printed to three figures). */
static void assert_near(double got, double want, double rel, const char *what)
{
	cr_assert(fabs(got - want) <= rel * fabs(want), "%s: got %.6g, want %.6g (±%g %%)", what,
		  got, want, 100 * rel);
}

static void assert_close(double got, double want, const char *what)
{
	assert_near(got, want, 1e-9, what);
}

static const struct plan *run_on(const char *gpu, struct scenario *sc)
{
	return plan_of(ref_run(sc, gpu), gpu);
}

static const struct gpu *gpu_named(const char *id)
{
	return &ref_catalog.gpus[catalog_find_gpu(&ref_catalog, id)];
}

/* One replica of a layout as the engine sees it: its step model, B_max
 * and the load of b users (the workload points at sc). */
struct replica {
	struct workload w;
	struct step_model sm;
	struct serving_load ld;
	const struct gpu *g;
	struct layout l;
};

static void replica_of(struct replica *r, const struct scenario *sc, const char *gpu,
		       struct layout l, double b)
{
	cr_assert(workload_init(&r->w, sc));
	r->g = gpu_named(gpu);
	r->l = l;
	double isl = (double)(sc->context - sc->output_len), osl = (double)sc->output_len;
	step_model_init(&r->sm, &r->w, r->g, &l, isl, osl);
	long long bmax = batch_max(&r->w, r->g, &l);
	cr_assert_gt(bmax, 0);
	r->ld = (struct serving_load){.isl = isl, .osl = osl, .chunk = (double)sc->prefill_chunk,
				      .b = b, .b_max = (double)bmax};
}

/* ---- §11 A: NVIDIA NIM, Llama-3.3-70B FP8, TP2 on 2 x H100, 5000/500 ---- */

static void nim_scenario(struct scenario *sc, const char *users, const char *headroom)
{
	make_scenario(sc, &ref_catalog, "llama-3.1-70b", "precision", "fp8", "kv-precision", "fp8",
		      "cards", "2", "tp", "2", "context", "5500", "output-len", "500",
		      "concurrency", users, "headroom", headroom, NULL);
}

/* c = 1: T0 = weights 70.55e9 B/(2·3350e9·0.80) = 13.162 ms + fixed 80 x
 * 30 us + TP 2·80·(8 us + 8192·2 B/315 GB/s) = 1.288 ms + KV 5250 x 80·2·8·
 * 128 B/2 /(3350e9·0.75) = 0.171 ms (blended with its 0.014 ms of FLOPs). */
Test(serving, nim_llama70b_one_user)
{
	struct scenario sc;
	nim_scenario(&sc, "1", "20");
	const struct plan *p = run_on("h100-80g", &sc);
	const struct throughput *t = &p->throughput;
	cr_assert_eq(t->max_concurrency, 73);
	const struct step_terms *d = &t->step.dec;
	double body = 70.55e9 - 2 * 128256.0 * 8192, head = 128256.0 * 8192;
	assert_close(d->weights, (body + 2 * head) / (2 * 3350e9 * 0.80), "weights");
	assert_close(d->fixed, 80 * 30e-6, "fixed: 80 layers x 30 us, TP does not divide it");
	assert_close(d->comm, 2 * 80 * (8e-6 + 8192 * 2 / 315e9), "two all-reduces a layer");
	double kv = 5250 * 80 * 2 * 8 * 128 / 2.0 / (3350e9 * 0.75);
	double fl = 4 * 80 * 64 * 128 * 5250.0 / 2 / (989e12 * 0.5);
	assert_close(d->kv, kv, "KV");
	assert_close(d->attention, sqrt(kv * kv + fl * fl), "attention: the blend");
	assert_near(t->tpot_s, 17.0e-3, 0.01, "ITL");
	assert_near(t->ttft_s, 393e-3, 0.01, "TTFT");
	assert_near(t->output_tokens_per_s, 56, 0.01, "tok/s");
	assert_close(t->ttft_s, t->step.t1, "B = 1: TTFT is the prompt's own step");
	cr_assert_eq(t->bound, BOUND_MEMORY);
}

/* The published figures (NIM 1.8.0: TTFT 407/689/835 ms, ITL 18.6/38.8/
 * 59.7 ms, 51.7/623/814 tok/s) against the model's of SERVING.md §11. */
Test(serving, nim_llama70b_under_load)
{
	static const struct {
		const char *users;
		double ttft, itl, tok;
	} want[] = {{"1", 393e-3, 17.0e-3, 56}, {"25", 594e-3, 38.8e-3, 627},
		    {"50", 753e-3, 61.7e-3, 793}};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		struct scenario sc;
		nim_scenario(&sc, want[i].users, "20");
		const struct throughput *t = &run_on("h100-80g", &sc)->throughput;
		assert_near(t->ttft_s, want[i].ttft, 0.01, "TTFT");
		assert_near(t->tpot_s, want[i].itl, 0.01, "ITL");
		assert_near(t->output_tokens_per_s, want[i].tok, 0.01, "tok/s");
	}
	struct scenario sc;
	nim_scenario(&sc, "50", "20");
	const struct throughput *t = &run_on("h100-80g", &sc)->throughput;
	assert_near(t->step.n_d, 48.8, 0.01, "n_d");
	assert_near(t->step.f, 0.098, 0.01, "f");
	assert_near(t->step.rho, 0.62, 0.01, "rho");
	assert_near(t->itl_p50_s, 26.0e-3, 0.01, "ITL p50: a decode step");
	assert_near(t->itl_p99_s, 398e-3, 0.01, "ITL p99: a step with a chunk");
}

/* Beyond B_max (--headroom 10: B_max 87) the users queue: the same ITL and
 * total, TTFT grows by the extra users over λ. */
Test(serving, nim_llama70b_beyond_what_memory_holds)
{
	struct scenario sc;
	nim_scenario(&sc, "100", "10");
	const struct plan *p = run_on("h100-80g", &sc);
	const struct throughput a_ = p->throughput, *a = &a_;
	cr_assert(p->fits, "the forced plan queues the users it cannot hold");
	cr_assert_eq(a->max_concurrency, 87);
	cr_assert_eq(a->waiting_users, 13);
	assert_near(a->ttft_s, 7.7, 0.01, "TTFT at 100");
	assert_near(a->tpot_s, 96.7e-3, 0.01, "ITL at 100");
	assert_near(a->output_tokens_per_s, 893, 0.01, "tok/s at 100");
	nim_scenario(&sc, "250", "10");
	const struct throughput *b = &run_on("h100-80g", &sc)->throughput;
	assert_near(b->ttft_s, 91.7, 0.01, "TTFT at 250");
	assert_near(b->tpot_s, a->tpot_s, 1e-9, "the same ITL");
	assert_near(b->output_tokens_per_s, a->output_tokens_per_s, 1e-9, "the same total");
	assert_near(b->ttft_s - a->ttft_s, 150 / a->step.lambda, 1e-9, "ΔB/λ");
}

/* ---- §11 B: Llama-3.1-8B fp8 + fp8 KV, one H100, 1000/1000, B_max ---- */

Test(serving, llama8b_fp8_at_max_load)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "precision", "fp8", "kv-precision", "fp8",
		      "context", "2000", "output-len", "1000", "headroom", "10", NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	const struct throughput *m = &p->throughput_at_max;
	cr_assert_eq(m->max_concurrency, 507);
	assert_near(m->step.n_d, 506, 0.01, "n_d");
	assert_near(m->step.f, 0.51, 0.01, "f");
	assert_near(m->step.t0, 28.4e-3, 0.01, "T0");
	assert_near(m->step.dec.kv, 19.8e-3, 0.01, "T0 KV reads");
	assert_near(m->step.dec.matmul, 7.6e-3, 0.01, "T0 GEMM");
	assert_close(m->step.dec.fixed, 32 * 30e-6, "T0 fixed");
	assert_near(m->step.t1, 40.8e-3, 0.01, "T1");
	assert_near(m->step.pre.matmul, 20.0e-3, 0.01, "T1 GEMM");
	assert_near(m->tpot_s, 34.7e-3, 0.01, "ITL");
	assert_near(m->output_tokens_per_s, 14610, 0.01, "X_out");
	cr_assert_eq(m->bound, BOUND_KV_CACHE);
	assert_near(m->per_million_output.container, 0.24, 0.02, "¥ per million at ¥9,345");
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "precision", "fp8", "kv-precision", "16",
		      "context", "2000", "output-len", "1000", "headroom", "10", NULL);
	m = &run_on("h100-80g", &sc)->throughput_at_max;
	cr_assert_eq(m->max_concurrency, 254);
	assert_near(m->output_tokens_per_s, 8923, 0.01, "16-bit KV");
}

/* ---- §11 C: Llama-3.1-405B fp8 + fp8 KV on 8 x H200: TP8 against PP8 ---- */

static const struct plan *llama405(const char *tp, const char *pp, const char *users)
{
	static struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-405b", "precision", "fp8", "kv-precision",
		      "fp8", "context", "2000", "output-len", "1000", "headroom", "10", "cards", "8",
		      "tp", tp, "pp", pp, "concurrency", users, NULL);
	return run_on("h200-141g", &sc);
}

Test(serving, llama405b_tp8_against_pp8)
{
	const struct throughput tp_ = llama405("8", "1", "1")->throughput, *tp = &tp_;
	assert_near(tp->tpot_s, 19.1e-3, 0.01, "TP8 ITL");
	assert_near(tp->step.dec.weights, 13.2e-3, 0.01, "TP8 weights");
	assert_close(tp->step.dec.fixed, 126 * 30e-6, "TP8 fixed");
	assert_near(tp->step.dec.comm, 2.06e-3, 0.01, "TP8 all-reduces");
	const struct throughput pp_ = llama405("1", "8", "1")->throughput, *pp = &pp_;
	assert_near(pp->tpot_s, 117.3e-3, 0.01, "PP8 ITL: one traversal of 8 stages");
	assert_near(pp->tpot_s / tp->tpot_s, 6.2, 0.01, "TP8 faster at minimum latency");
	static const struct {
		const char *users;
		double tok;
	} below_p[] = {{"1", 8.5}, {"4", 34}, {"8", 67}};
	for (size_t i = 0; i < 3; i++) {
		const struct throughput *t = &llama405("1", "8", below_p[i].users)->throughput;
		assert_near(t->tpot_s, 117.3e-3, 0.01, "PP8 keeps its ITL below p users");
		assert_near(t->output_tokens_per_s, below_p[i].tok, 0.02, "PP8 linear in B");
	}
	const struct throughput tm_ = llama405("8", "1", "1")->throughput_at_max, *tm = &tm_;
	const struct throughput pm_ = llama405("1", "8", "1")->throughput_at_max, *pm = &pm_;
	cr_assert_eq(tm->max_concurrency, 1305);
	cr_assert_eq(pm->max_concurrency, 1222);
	assert_near(tm->output_tokens_per_s, 3387, 0.01, "TP8 at max load");
	assert_near(pm->output_tokens_per_s, 4395, 0.01, "PP8 at max load");
	assert_near(pm->output_tokens_per_s / tm->output_tokens_per_s, 1.30, 0.01,
		    "PP8 beats TP8 at full load: no all-reduce a layer");
}

/* ---- §11 D: DeepSeek-V3 fp8, 16-bit KV (MLA 576), TP8 on 8 x H200 ---- */

Test(serving, deepseek_v3_batch_one_is_the_per_layer_floor)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "deepseek-v3", "precision", "fp8", "kv-precision", "16",
		      "context", "384", "output-len", "256", "cards", "8", "tp", "8", NULL);
	const struct throughput *t = &run_on("h200-141g", &sc)->throughput;
	assert_near(t->tpot_s, 6.63e-3, 0.01, "ITL");
	/* the catalogue's parts (test_models): body 15,237,871,104 at 1 B, the LM
	   head 926,679,040 at 2 B, the routed experts R = 653,908,770,816 of
	   which one token touches 8/256, streamed at mbu x mbu_moe; over 8 x
	   4800 GB/s x 0.80: 1.388 ms (§11 D's 1.37 had the former active count) */
	double body = 15237871104.0, head = 926679040.0, R = 653908770816.0;
	double bw = 8 * 4800e9 * 0.80;
	assert_close(t->step.dec.weights, (body + 2 * head) / bw + R / 32 / (bw * 0.80),
		     "weights: 8 of 256 experts a layer");
	assert_close(t->step.dec.fixed, 61 * (30 + 40) * 1e-6, "fixed: 61 x (30 + 40) us");
	assert_near(t->step.dec.comm, 0.99e-3, 0.01, "TP");
	assert_near(t->user_tokens_per_s, 151, 0.01, "per user");
	assert_near(t->ttft_s, 33e-3, 0.02, "TTFT");
	cr_assert_eq(t->bound, BOUND_OVERHEAD);
	cr_assert_gt(t->step.dec.fixed / t->tpot_s, 0.6, "the floor is most of the step");
}

/* The software factor scales the layer's op-by-op dispatch, not a MoE
 * layer's fused routing kernels: vllm-ascend issue #4656 measured, on one
 * engine version and 4 x 910B, Qwen3-32B (64 dense layers) at 38 ms and
 * Qwen3-30B-A3B (48 MoE layers) at 20 ms a token; tau_moe x sw read 48 ms.
 * 910B: sw 13, tau_layer 30 us, tau_moe 40 us. */
Test(serving, ascend_software_factor_spares_the_moe_kernels)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "qwen3-30b-a3b", "precision", "bf16", "context", "15500",
		      "output-len", "500", "cards", "4", "tp", "4", NULL);
	struct throughput moe = run_on("910b-64g", &sc)->throughput; /* a copy: run_on reuses */
	/* 48 x (30 x 13 + 40) us = 48 x 430 us = 20.64 ms */
	assert_close(moe.step.dec.fixed, 48 * (30 * 13 + 40) * 1e-6, "MoE: 48 x 430 us");
	make_scenario(&sc, &ref_catalog, "qwen3-32b", "precision", "bf16", "context", "15500",
		      "output-len", "500", "cards", "4", "tp", "4", NULL);
	const struct throughput *dense = &run_on("910b-64g", &sc)->throughput;
	/* 64 x 30 x 13 us = 24.96 ms */
	assert_close(dense->step.dec.fixed, 64 * 30 * 13 * 1e-6, "dense: 64 x 390 us");
	cr_assert_lt(moe.tpot_s, dense->tpot_s, "the MoE streams faster, as measured");
}

/* ---- §11 E: a request rate with p99 targets ---- */

static void slo_scenario(struct scenario *sc, const char *model, const char *rate)
{
	make_scenario(sc, &ref_catalog, model, "precision", "fp8", "kv-precision", "fp8",
		      "context", "2200", "output-len", "200", "rate", rate, "slo-ttft", "2s",
		      "slo-tpot", "50ms", NULL);
}

Test(serving, rate_sized_to_p99_targets)
{
	struct scenario sc;
	slo_scenario(&sc, "llama-3.1-70b", "10");
	scenario_put(&sc, "tp", "2");
	scenario_put(&sc, "cards", "2");
	const struct plan *p = run_on("h100-80g", &sc);
	const struct open_loop *o = &p->throughput.open;
	cr_assert_eq(p->throughput.max_concurrency, 183);
	assert_near(o->max_rate_per_replica, 3.93, 0.01, "q_max");
	cr_assert_eq(o->binding, BIND_TPOT);
	cr_assert_eq(o->replicas_needed, 3);
	cr_assert_eq(o->cards_needed, 6);
	cr_assert_not(o->stable, "one replica cannot take 10 req/s");
	static const struct {
		const char *rate;
		double ttft_p, tpot_p;
	} at[] = {{"1", 411e-3, 22.9e-3}, {"2", 474e-3, 28.9e-3}, {"3.5", 541e-3, 43.3e-3}};
	for (size_t i = 0; i < 3; i++) {
		slo_scenario(&sc, "llama-3.1-70b", at[i].rate);
		scenario_put(&sc, "tp", "2");
		scenario_put(&sc, "cards", "2");
		o = &run_on("h100-80g", &sc)->throughput.open;
		assert_near(o->ttft_p_s, at[i].ttft_p, 0.01, "p99 TTFT");
		assert_near(o->tpot_p_s, at[i].tpot_p, 0.01, "p99 TPOT");
		cr_assert(o->meets_slo);
	}
	slo_scenario(&sc, "llama-3.1-70b", "3.93");
	scenario_put(&sc, "tp", "2");
	scenario_put(&sc, "cards", "2");
	o = &run_on("h100-80g", &sc)->throughput.open;
	assert_near(o->ttft_mean_s, 190e-3, 0.02, "TTFT mean at q_max");
	assert_near(o->ttft_p_s, 559e-3, 0.01, "TTFT p99 at q_max");
	assert_near(o->tpot_mean_s, 41.7e-3, 0.01, "TPOT mean at q_max");
	assert_near(o->tpot_p_s, 50.0e-3, 0.01, "TPOT p99 at q_max");
	assert_near(o->itl_p50_s, 19.5e-3, 0.01, "ITL p50");
	assert_near(o->itl_p99_s, 155e-3, 0.01, "ITL p99");
	assert_near(o->in_flight, 33, 0.02, "in flight");
	slo_scenario(&sc, "llama-3.1-8b", "10");
	o = &run_on("h100-80g", &sc)->throughput.open;
	assert_near(o->max_rate_per_replica, 24.7, 0.01, "8B q_max");
	cr_assert_eq(o->replicas_needed, 1);
	assert_near(o->ttft_p_s, 90e-3, 0.01, "8B p99 TTFT");
	assert_near(o->tpot_p_s, 7.1e-3, 0.01, "8B p99 TPOT");
}

/* ---- §12: invariants over every scenario kind ---- */

struct kind {
	const char *what, *model, *precision, *kv, *context, *osl, *gpu;
	struct layout l;
};

static const struct kind kinds[] = {
	{"dense fp8", "llama-3.1-8b", "fp8", "fp8", "2000", "1000", "h100-80g", {.t = 1, .p = 1, .d = 1}},
	{"dense prefill-heavy TP2", "llama-3.1-70b", "fp8", "fp8", "5500", "500", "h100-80g",
	 {.t = 2, .p = 1, .d = 1}},
	{"MoE", "mixtral-8x7b", "bf16", "16", "1500", "500", "h100-80g", {.t = 2, .p = 1, .d = 1}},
	{"MoE TP+EP", "mixtral-8x7b", "bf16", "16", "1500", "500", "h100-80g",
	 {.t = 4, .p = 1, .d = 1, .ep = true}},
	{"MLA MoE", "deepseek-v3", "fp8", "16", "1128", "1000", "h200-141g", {.t = 8, .p = 1, .d = 1}},
	{"MLA DPA+EP", "deepseek-v3", "fp8", "16", "1128", "1000", "h200-141g",
	 {.t = 8, .p = 1, .d = 1, .dpa = true}},
	{"PP4", "llama-3.1-70b", "bf16", "16", "3000", "1000", "a100-80g", {.t = 1, .p = 4, .d = 1}},
	{"TP2 x PP2", "llama-3.1-70b", "fp8", "fp8", "3000", "1000", "h100-80g", {.t = 2, .p = 2, .d = 1}},
	{"int4 on PCIe", "llama-3.1-8b", "int4", "16", "2500", "500", "rtx4090-24g", {.t = 2, .p = 1, .d = 1}},
	{"910B", "qwen2.5-7b", "bf16", "16", "1200", "200", "910b-64g", {.t = 1, .p = 1, .d = 1}},
	{"prefill only", "llama-3.1-8b", "bf16", "16", "4097", "1", "h100-80g", {.t = 1, .p = 1, .d = 1}},
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

static void kind_replica(struct replica *r, struct scenario *sc, const struct kind *k, double b)
{
	make_scenario(sc, &ref_catalog, k->model, "precision", k->precision, "kv-precision", k->kv,
		      "context", k->context, "output-len", k->osl, "headroom", "10", NULL);
	replica_of(r, sc, k->gpu, k->l, b);
}

/* 1 and 2: Little's law, the totals, and no user above the single stream. */
Test(serving, little_and_the_per_user_bound)
{
	for (size_t i = 0; i < NKINDS; i++) {
		struct scenario sc;
		struct replica r;
		struct serving_state one, st;
		kind_replica(&r, &sc, &kinds[i], 1);
		serving_closed(&r.sm, &r.ld, &one);
		for (double b = 1; b <= 1.5 * r.ld.b_max; b = ceil(b * 1.7)) {
			r.ld.b = b;
			serving_closed(&r.sm, &r.ld, &st);
			assert_near(st.x_out * st.e2e, b * r.ld.osl, 1e-9, kinds[i].what);
			if (r.ld.osl <= 1)
				continue;
			cr_assert_leq(st.x_out / b, 1 / st.itl * (1 + 1e-12), "%s B %g", kinds[i].what, b);
			cr_assert_leq(1 / st.itl, 1 / one.itl * (1 + 1e-12), "%s B %g", kinds[i].what, b);
		}
	}
}

/* 3 and 4: in B, TTFT never falls; ITL and X_out never fall (0.5 %, PP's
 * micro-batch count steps); beyond what the engine holds X_out, ITL and
 * n_d stay and TTFT grows by ΔB/λ; no B beats max load. */
Test(serving, monotone_in_the_users)
{
	for (size_t i = 0; i < NKINDS; i++) {
		struct scenario sc;
		struct replica r;
		struct serving_state prev, st, max;
		kind_replica(&r, &sc, &kinds[i], 1);
		serving_max(&r.sm, &r.ld, &max);
		serving_closed(&r.sm, &r.ld, &prev);
		double top = 2 * r.ld.b_max + 40;
		for (double b = 2; b <= top; b += b < 64 ? 1 : ceil(b / 16)) {
			r.ld.b = b;
			serving_closed(&r.sm, &r.ld, &st);
			const char *w = kinds[i].what;
			cr_assert_geq(st.ttft, prev.ttft * (1 - 1e-9), "%s: TTFT fell at B %g", w, b);
			cr_assert_geq(st.itl, prev.itl * (1 - 0.005), "%s: ITL fell at B %g", w, b);
			cr_assert_geq(st.x_out, prev.x_out * (1 - 0.005), "%s: X fell at B %g", w, b);
			cr_assert_leq(st.x_out, max.x_out * (1 + 1e-6), "%s: above max load at %g", w, b);
			prev = st;
		}
		/* well beyond: the engine's state stays, the wait grows */
		struct serving_state a, c;
		r.ld.b = top;
		serving_closed(&r.sm, &r.ld, &a);
		r.ld.b = top + 100;
		serving_closed(&r.sm, &r.ld, &c);
		if (r.ld.osl <= 1)
			continue;
		assert_near(c.n_d, a.n_d, 1e-9, kinds[i].what);
		assert_near(c.itl, a.itl, 1e-9, kinds[i].what);
		assert_near(c.x_out, a.x_out, 1e-9, kinds[i].what);
		assert_near(c.ttft - a.ttft, 100 / a.lambda, 1e-6, kinds[i].what);
	}
}

/* 5: at B = 1 no one else shares a step: ITL = T(1, 0) and TTFT is the
 * prompt's own steps, ⌈ISL·n_mb/c⌉·T1. */
Test(serving, one_user_alone)
{
	for (size_t i = 0; i < NKINDS; i++) {
		struct scenario sc;
		struct replica r;
		struct serving_state st;
		kind_replica(&r, &sc, &kinds[i], 1);
		serving_closed(&r.sm, &r.ld, &st);
		if (r.ld.osl <= 1)
			continue;
		assert_close(st.itl, step_round(&r.sm, 1, 0, NULL), kinds[i].what);
		double pieces = ceil(r.ld.isl * st.n_mb / st.c - 1e-9);
		assert_close(st.ttft, pieces * st.t1, kinds[i].what);
	}
}

/* 5 and 7: PP never shortens one prompt nor one stream: against the same
 * TP on its own cards; p = 1 is the non-PP path exactly. */
Test(serving, pipeline_never_speeds_one_user)
{
	struct scenario sc;
	struct replica pp, alone;
	struct serving_state a, b;
	kind_replica(&pp, &sc, &kinds[7], 1); /* TP2 x PP2, 70B fp8 */
	replica_of(&alone, &sc, "h100-80g", (struct layout){.t = 2, .p = 1, .d = 1}, 1);
	alone.ld.b_max = pp.ld.b_max; /* memory aside: TP2 alone would not hold it */
	serving_closed(&pp.sm, &pp.ld, &a);
	serving_closed(&alone.sm, &alone.ld, &b);
	cr_assert_geq(a.ttft, b.ttft, "PP TTFT %g below TP's %g", a.ttft, b.ttft);
	cr_assert_geq(a.itl, b.itl, "PP ITL %g below TP's %g", a.itl, b.itl);
	assert_close(step_round(&alone.sm, 3, 100, NULL), step_stage(&alone.sm, 3, 100, NULL),
		     "p = 1");
}

/* 6: TP does not divide the per-layer latency. Llama-3.1-8B bf16 on H200,
 * 2000/1000, one user: ITL 4.96 / 3.47 / 2.47 / 1.97 ms at TP 1/2/4/8. */
Test(serving, tp_does_not_divide_the_floor)
{
	static const double want[] = {4.96e-3, 3.47e-3, 2.47e-3, 1.97e-3};
	double itl1 = 0;
	for (int i = 0; i < 4; i++) {
		struct scenario sc;
		struct replica r;
		struct serving_state st;
		int t = 1 << i;
		make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "precision", "bf16", "context",
			      "3000", "output-len", "1000", NULL);
		replica_of(&r, &sc, "h200-141g", (struct layout){.t = t, .p = 1, .d = 1}, 1);
		serving_closed(&r.sm, &r.ld, &st);
		assert_near(st.itl, want[i], 0.01, "ITL");
		cr_assert_geq(st.itl, 32 * 30e-6, "at least L x tau_layer");
		if (t == 1)
			itl1 = st.itl;
		else
			cr_assert_lt(itl1 / st.itl, t, "TP%d gains less than %dx", t, t);
	}
}

/* 7: below p sequences a pipeline's output is linear in B. */
Test(serving, pipeline_linear_below_its_stages)
{
	struct scenario sc;
	struct replica r;
	struct serving_state one, st;
	kind_replica(&r, &sc, &kinds[6], 1); /* PP4 */
	serving_closed(&r.sm, &r.ld, &one);
	for (double b = 2; b <= 4; b++) {
		r.ld.b = b;
		serving_closed(&r.sm, &r.ld, &st);
		assert_near(st.x_out, b * one.x_out, 0.01, "linear");
	}
}

/* 8 and §7: Llama-3.1-8B on one H100, 1000/1000, 16-bit KV: int4 wins at
 * low batch, W8A8 once the GEMMs turn compute-bound. */
Test(serving, w4a16_against_w8a8)
{
	static const struct {
		const char *users;
		double int4, fp8;
	} table[] = {{"1", 352, 247},     {"16", 3625, 2973}, {"48", 5949, 5786},
		     {"64", 6401, 6542},  {"96", 6873, 7493}};
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
		double got[2];
		for (int k = 0; k < 2; k++) {
			struct scenario sc;
			make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "precision",
				      k ? "fp8" : "int4", "kv-precision", "16", "context", "2000",
				      "output-len", "1000", "cards", "1", "concurrency",
				      table[i].users, NULL);
			got[k] = run_on("h100-80g", &sc)->throughput.output_tokens_per_s;
		}
		assert_near(got[0], table[i].int4, 0.01, "int4 (W4A16)");
		assert_near(got[1], table[i].fp8, 0.01, "fp8 (W8A8)");
	}
	double itl[2], x[2];
	for (int k = 0; k < 2; k++) {
		struct scenario sc;
		make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "precision", k ? "fp8" : "int4",
			      "kv-precision", "16", "context", "2000", "output-len", "1000", "cards",
			      "1", "concurrency", "256", NULL);
		const struct plan *p = run_on("h100-80g", &sc);
		x[k] = p->throughput.output_tokens_per_s;
		scenario_put(&sc, "concurrency", "1");
		itl[k] = run_on("h100-80g", &sc)->throughput.tpot_s;
	}
	cr_assert_lt(itl[0], itl[1], "int4 ITL %g below fp8 %g at B = 1", itl[0], itl[1]);
	cr_assert_gt(x[1], x[0], "fp8 %g above int4 %g at B = 256", x[1], x[0]);
}

/* 9: a MoE step streams k experts a layer at B = 1, all E as B grows, and
 * is never faster than a dense model of its active size. */
Test(serving, moe_streams_what_its_tokens_touch)
{
	struct scenario sc;
	struct replica r;
	struct step_terms one, many;
	kind_replica(&r, &sc, &kinds[2], 1); /* Mixtral bf16 TP2: E 8, k 2 */
	/* routed R = 32 layers x 8 experts x 3 x 4096 x 14336 (the shape's), the
	   rest 46.7e9 - R - 2Vh streamed always (test_throughput's W(1)) */
	double R = 45097156608.0, head = 32000.0 * 4096;
	double body = 46.7e9 - R - 2 * head, bw = 2 * 3350e9 * 0.80;
	step_stage(&r.sm, 1, 0, &one);
	assert_close(one.weights, (body * 2 + head * 2) / bw + R * 2 * 0.25 / (bw * 0.80),
		     "B = 1: the body, the head and k = 2 of 8 experts");
	step_stage(&r.sm, 4096, 0, &many);
	assert_near(many.weights, (body * 2 + head * 2) / bw + R * 2 / (bw * 0.80), 1e-6,
		    "every expert");
	struct model dense = *r.w.m;
	dense.params_b = dense.active_params_b;
	dense.experts = dense.experts_per_token = 0;
	struct workload wd = r.w;
	wd.m = &dense;
	struct step_model sd;
	step_model_init(&sd, &wd, r.g, &r.l, r.ld.isl, r.ld.osl);
	for (double n = 1; n <= 256; n *= 4)
		cr_assert_geq(step_round(&r.sm, n, 0, NULL), step_round(&sd, n, 0, NULL),
			      "MoE below dense at %g", n);
}

/* 10: the open loop's percentiles, its limit and its closed-loop limit. */
Test(serving, open_loop)
{
	for (size_t i = 0; i < NKINDS; i++) {
		struct scenario sc;
		struct replica r;
		struct serving_open o;
		struct serving_state top;
		kind_replica(&r, &sc, &kinds[i], 1);
		serving_max(&r.sm, &r.ld, &top);
		double lambda_max = top.x_out / r.ld.osl;
		for (double q = 0.05; q < 1; q += 0.15) {
			serving_open_at(&r.sm, &r.ld, q * lambda_max, 0.99, &o);
			if (!o.stable)
				continue;
			cr_assert_geq(o.ttft_p, o.ttft_mean * (1 - 1e-9), "%s", kinds[i].what);
			cr_assert_geq(o.tpot_p, o.tpot_mean * (1 - 1e-9), "%s", kinds[i].what);
		}
	}
	/* TTFT grows without bound towards the prefill limit */
	struct scenario sc;
	struct replica r;
	struct serving_open lo, hi;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "precision", "fp8", "kv-precision", "fp8",
		      "context", "9000", "output-len", "1000", "headroom", "10", NULL);
	replica_of(&r, &sc, "h100-80g", (struct layout){.t = 1, .p = 1, .d = 1}, 1);
	r.ld.b_max = 1e9; /* the prefill limit, not memory */
	double n_max = 8192.0 * 999 / (999 + 8000);
	struct serving_state cap;
	serving_state_at(&r.sm, &r.ld, n_max, 1, &cap);
	serving_open_at(&r.sm, &r.ld, cap.lambda * 0.9, 0.99, &lo);
	serving_open_at(&r.sm, &r.ld, cap.lambda * 0.999, 0.99, &hi);
	cr_assert(hi.stable);
	cr_assert_gt(hi.ttft_mean, 10 * lo.ttft_mean, "%g against %g", hi.ttft_mean, lo.ttft_mean);
	/* at the closed loop's λ the open ITL approaches the closed one */
	double gap_small = 0, gap_large = 0;
	for (int k = 0; k < 2; k++) {
		struct serving_state st;
		r.ld.b = k ? 200 : 4;
		r.ld.b_max = 507;
		serving_closed(&r.sm, &r.ld, &st);
		serving_open_at(&r.sm, &r.ld, st.lambda, 0.99, &lo);
		*(k ? &gap_large : &gap_small) = fabs(lo.st.itl - st.itl) / st.itl;
	}
	cr_assert_lt(gap_large, gap_small, "φ → 1: %g against %g", gap_large, gap_small);
}

/* 11: selection reads 1/ITL under load. Llama-3.1-70B fp8 on 2 x H20 TP2,
 * 2000/200, 64 users: 3.7 tok/s per user beside 232 tok/s in all, so
 * --min-speed 20 rejects it (the former formula said 37.4). */
Test(serving, selection_reads_the_loaded_speed)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "precision", "fp8", "context", "2200",
		      "output-len", "200", "concurrency", "64", "tp", "2", "cards", "2", NULL);
	const struct throughput *t = &run_on("h20-96g", &sc)->throughput;
	assert_near(t->user_tokens_per_s, 3.7, 0.01, "per user");
	assert_near(t->output_tokens_per_s, 232, 0.01, "total");
	assert_near(t->delivered_tokens_per_s * 64, t->output_tokens_per_s, 1e-9,
		    "per user over the request x users = total");
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "precision", "fp8", "context", "2200",
		      "output-len", "200", "concurrency", "64", "min-speed", "20", NULL);
	const struct plan *p = run_on("h20-96g", &sc);
	cr_assert_geq(p->throughput.user_tokens_per_s, 20, "%g", p->throughput.user_tokens_per_s);
	cr_assert_neq(p->cards, 2, "the 2-card plan is not chosen");
}

/* 14: the 910B band is -65 % / +35 %; empty band columns fall back to the
 * calibration's. */
Test(serving, bands)
{
	struct scenario sc;
	double lo, hi;
	make_scenario(&sc, &ref_catalog, "qwen2.5-7b", NULL);
	const struct throughput *t = &run_on("910b-64g", &sc)->throughput;
	throughput_speed_range(t, 100, &lo, &hi);
	assert_close(lo, 35, "910B below");
	assert_close(hi, 135, "910B above");
	throughput_latency_range(t, 100, &lo, &hi);
	assert_close(lo, 100 / 1.35, "latency");
	assert_close(hi, 100 / 0.35, "latency");
	t = &run_on("l20-48g", &sc)->throughput; /* the fixture's card leaves them empty */
	cr_assert_eq(t->band_low_pct, 50);
	cr_assert_eq(t->band_high_pct, 50);
	t = &run_on("h100-80g", &sc)->throughput;
	cr_assert_eq(t->band_pct, 30);
}

/* ---- Published serving figures, by group (tests/fixtures/serving_published.csv) ---- */

struct served {
	char group[24], model[32], gpu[24], precision[8], kv[8], load[16], metric[16], set[16];
	long long isl, osl, tp, pp;
	double measured;
};

static bool served_parse(const char *line, struct served *r)
{
	*r = (struct served){0};
	return sscanf(line, "%23[^,],%31[^,],%23[^,],%7[^,],%7[^,],%lld,%lld,%lld,%lld,%15[^,],%15[^,],"
			    "%lf,%15[^,],",
		      r->group, r->model, r->gpu, r->precision, r->kv, &r->isl, &r->osl, &r->tp,
		      &r->pp, r->load, r->metric, &r->measured, r->set) == 13;
}

/* One shape's plan for the row's load: TP t x PP p on t·p cards. */
static const struct plan *served_plan(const struct served *r, long long t, long long p)
{
	static struct scenario sc;
	char ctx[24], osl[24], tp[8], pp[8], cards[8];
	snprintf(ctx, sizeof ctx, "%lld", r->isl + r->osl);
	snprintf(osl, sizeof osl, "%lld", r->osl);
	snprintf(tp, sizeof tp, "%lld", t);
	snprintf(pp, sizeof pp, "%lld", p);
	snprintf(cards, sizeof cards, "%lld", t * p);
	make_scenario(&sc, &ref_catalog, r->model, "precision", r->precision, "kv-precision", r->kv,
		      "context", ctx, "output-len", osl, "headroom", "10", "tp", tp, "pp", pp,
		      "cards", cards, "slo-ttft", "none", "min-speed", "none", NULL);
	if (strncmp(r->load, "c=", 2) == 0)
		scenario_put(&sc, "concurrency", r->load + 2);
	else if (strncmp(r->load, "rate=", 5) == 0)
		scenario_put(&sc, "rate", r->load + 5);
	return run_on(r->gpu, &sc);
}

static double served_figure(const struct served *r, const struct plan *p)
{
	bool max = strcmp(r->load, "max") == 0, rate = strncmp(r->load, "rate=", 5) == 0;
	const struct throughput *t = max ? &p->throughput_at_max : &p->throughput;
	if (!p->fits || !t->valid)
		return 0;
	if (strcmp(r->metric, "ttft_ms") == 0)
		return 1e3 * (rate ? t->open.ttft_mean_s : t->ttft_s);
	if (strcmp(r->metric, "itl_ms") == 0)
		return 1e3 * (rate ? t->open.tpot_mean_s : t->tpot_s);
	if (strcmp(r->metric, "user_tok_s") == 0)
		return t->user_tokens_per_s;
	return t->output_tokens_per_s;
}

/* The model's figure for one row; a ratio compares TP t alone with PP p
 * alone on the same cards. */
static double served_model(const struct served *r)
{
	bool ratio = strstr(r->metric, "_over_") != NULL;
	if (!ratio)
		return served_figure(r, served_plan(r, r->tp, r->pp));
	struct served one = *r;
	snprintf(one.metric, sizeof one.metric, "%s", strcmp(r->load, "max") ? "user_tok_s" : "tok_s");
	double tp = served_figure(&one, served_plan(&one, r->tp, 1));
	double pp = served_figure(&one, served_plan(&one, 1, r->pp));
	if (tp <= 0 || pp <= 0)
		return 0;
	return strcmp(r->metric, "pp_over_tp") == 0 ? pp / tp : tp / pp;
}

#define GROUPS 8
struct group_fit {
	char name[24];
	int rows[2], within[2];
	double ratios[2][64];
};

static int cmp_ratio(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median_of(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_ratio);
	return n ? (n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2) : 0;
}

static struct group_fit *group_named(struct group_fit *g, int *n, const char *name)
{
	for (int i = 0; i < *n; i++)
		if (strcmp(g[i].name, name) == 0)
			return &g[i];
	cr_assert_lt(*n, GROUPS);
	snprintf(g[*n].name, sizeof g[*n].name, "%s", name);
	return &g[(*n)++];
}

/* Both fits per group: the share within ±30 % and the median ratio,
 * calibration rows and held-out rows apart. No default was tuned to the
 * held-out third. */
Test(serving, published_serving_figures_by_group)
{
	FILE *f = fopen(FIXTURES "/serving_published.csv", "r");
	cr_assert_not_null(f);
	char line[1024];
	static struct group_fit groups[GROUPS];
	int ngroups = 0, rows = 0, within = 0;
	fprintf(stderr, "%-13s %-15s %-11s %5s %10s %-7s %-10s %9s %9s %5s %s\n", "group", "model",
		"gpu", "prec", "isl/osl", "load", "metric", "measured", "model", "ratio", "set");
	while (fgets(line, sizeof line, f)) {
		struct served r;
		if (line[0] == '#' || strncmp(line, "group,", 6) == 0 || !served_parse(line, &r))
			continue;
		double model = served_model(&r), ratio = model / r.measured;
		struct group_fit *g = group_named(groups, &ngroups, r.group);
		int k = strcmp(r.set, "holdout") == 0;
		bool in = ratio >= 0.7 && ratio <= 1.3;
		g->ratios[k][g->rows[k]++] = ratio;
		g->within[k] += in;
		rows++, within += in;
		fprintf(stderr, "%-13s %-15s %-11s %5s %5lld/%-5lld %-7s %-10s %9.2f %9.2f %5.2f %s\n",
			r.group, r.model, r.gpu, r.precision, r.isl, r.osl, r.load, r.metric,
			r.measured, model, ratio, r.set);
	}
	fclose(f);
	for (int i = 0; i < ngroups; i++) {
		struct group_fit *g = &groups[i];
		int n0 = g->rows[0], n1 = g->rows[1];
		fprintf(stderr, "%-13s calibration %d/%d within ±30 %%, median ratio %.2f; held out "
				"%d/%d, median %.2f\n", g->name, g->within[0], n0,
			median_of(g->ratios[0], n0), g->within[1], n1, median_of(g->ratios[1], n1));
	}
	fprintf(stderr, "all groups: %d of %d within ±30 %% (%.0f %%)\n", within, rows,
		100.0 * within / rows);
	cr_assert_eq(rows, 56);
	/* the aim: 80 % within ±30 % (46 of 56 now), every group's
	   median, calibration and held out, between 0.7 and 1.4 */
	cr_assert_geq(5 * within, 4 * rows, "%d of %d within ±30 %%", within, rows);
	for (int i = 0; i < ngroups; i++)
		for (int k = 0; k < 2; k++) {
			double m = median_of(groups[i].ratios[k], groups[i].rows[k]);
			cr_expect(groups[i].rows[k] == 0 || (m >= 0.7 && m <= 1.4),
				  "%s %s median %.2f", groups[i].name, k ? "held out" : "calibration", m);
		}
}
