/* DP-attention + EP (SERVING.md §6): the memory rule, where a request's
 * attention runs, what a forced shape says. The figures are worked by
 * hand in the comments. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "batch_max.h"
#include "helpers.h"
#include "serving.h"
#include "step.h"
#include "throughput.h"

TestSuite(dpa, .init = ref_setup, .fini = ref_teardown);

static const struct gpu *gpu_named(const char *id)
{
	return &ref_catalog.gpus[catalog_find_gpu(&ref_catalog, id)];
}

static void v3_scenario(struct scenario *sc, const char *users)
{
	make_scenario(sc, &ref_catalog, "deepseek-v3", "precision", "fp8", "context", "5120",
		      "output-len", "1024", "concurrency", users, NULL);
}

static bool has_note(const struct plan *p, enum message_code code)
{
	for (int i = 0; i < p->nnotes; i++)
		if (p->notes[i].code == code)
			return true;
	return false;
}

/* Finding 1. DeepSeek-V3 fp8 (16-bit MLA latent), 4096 in / 1024 out, 8 x
 * H200 (143771 MiB; headroom 20 %: usable 143771·2^20/1.2 = 125,629,016,747 B).
 *   one sequence's latent: 61 layers x 576 x 2 B x 5120 = 359,792,640 B
 *   activations: 2·(2·8192·7168 + 3·8192·18432) = 1,140,850,688 B (the 8192
 *   chunk) + 129280 x 4 B = 517,120 B a sequence; overhead 1 GiB
 * TP8: weights 672,853,358,080/8 = 84,106,669,760 B, the latent replicated:
 *   (125,629,016,747 − 84,106,669,760 − 1,073,741,824 − 1,140,850,688/8)
 *   / (359,792,640 + 517,120/8) = 112.006: B_max 112.
 * DPA8: body and head whole (672,853,358,080 − 653,908,770,816 routed =
 *   18,944,587,264 B), the experts /8 (81,738,596,352 B): 100,683,183,616 B;
 *   each card its own sequences: (125,629,016,747 − 100,683,183,616 −
 *   1,073,741,824 − 1,140,850,688)/(359,792,640 + 517,120) = 63.09, 63 a
 *   card: B_max 8 x 63 = 504 (before: 113, the TP rule's bound). */
Test(dpa, the_group_holds_each_cards_own_sequences)
{
	struct scenario sc;
	struct workload w;
	v3_scenario(&sc, "128");
	cr_assert(workload_init(&w, &sc));
	const struct gpu *g = gpu_named("h200-141g");
	struct layout dpa = {.t = 8, .p = 1, .d = 1, .dpa = true}, tp = {.t = 8, .p = 1, .d = 1};
	cr_assert_eq(batch_max(&w, g, &tp), 112);
	cr_assert_eq(batch_max(&w, g, &dpa), 504);
	/* the breakdown at the users' load, by the same rule: 128/8 = 16 a card */
	struct mem_terms m;
	workload_per_card(&w, &dpa, &m);
	cr_assert_eq(m.weights, 100683183616.0);
	cr_assert_eq(m.kv_cache, 16 * 359792640.0);
	cr_assert_eq(m.activations, 1140850688.0 + 16 * 517120.0);
	/* the plan: 504 held at max load, no user waits at 128 */
	make_scenario(&sc, &ref_catalog, "deepseek-v3", "precision", "fp8", "context", "5120",
		      "output-len", "1024", "concurrency", "128", "cards", "8", "tp", "8",
		      "dp-attention", "on", NULL);
	const struct plan *p = plan_of(ref_run(&sc, "h200-141g"), "h200-141g");
	cr_assert(p->lay.dpa);
	cr_assert_eq(p->throughput_at_max.max_concurrency, 504);
	cr_assert_not(p->queued);
	cr_assert_not(has_note(p, MSG_USERS_QUEUE));
}

/* Finding 2. A sequence's attention runs on the one rank that holds it.
 * DeepSeek-V3 fp8 on 8 x H200, 130048 in / 1024 out: ctx = 130048 + 512 =
 * 130560. One latent: 61 x 576 x 2 B x 130560 = 9,174,712,320 B, read at
 * 4800 GB/s x 0.75: 2.5485 ms. 9 decoding sequences over 8 ranks: the
 * busiest holds 2, 5.097 ms (the former /8 rule: 9/8 x 2.5485 = 2.867 ms).
 * A chunk of 8192 tokens of one prompt lands on one rank: attention
 * 2·a·d·(61·isl²)/isl a token = 2 x 128 x 128 x 61 x 130048 FLOP at 989
 * TFLOPS x 0.50 = 0.52567 ms, x 8192 = 4.306 s (formerly /8: 0.538 s).
 * Its projections (MLA, a layer: q 7168·1536 + 1536 + 1536·128·192 =
 * 48,760,320; kv 7168·576 + 512 + 512·128·256 = 20,906,496; o 128·128·7168
 * = 117,440,512; x 61 = 11,413,547,008) at 2 FLOP each on one card:
 * 2 x 11,413,547,008/(1979e12 x 0.55) = 20.97 us a token. */
Test(dpa, a_sequences_attention_is_on_one_rank)
{
	struct scenario sc;
	struct workload w;
	struct step_model s;
	struct step_terms t;
	make_scenario(&sc, &ref_catalog, "deepseek-v3", "precision", "fp8", "context", "131072",
		      "output-len", "1024", "concurrency", "8", NULL);
	cr_assert(workload_init(&w, &sc));
	struct layout dpa = {.t = 8, .p = 1, .d = 1, .dpa = true};
	step_model_init(&s, &w, gpu_named("h200-141g"), &dpa, 130048, 1024);
	double kv1 = 61 * 576 * 2 * 130560.0 / (4800e9 * 0.75);
	step_stage(&s, 8, 0, &t);
	cr_assert_float_eq(t.kv, kv1, 1e-12, "8 sequences: one a rank");
	step_stage(&s, 9, 0, &t);
	cr_assert_float_eq(t.kv, 2 * kv1, 1e-12, "9 sequences: the busiest rank holds 2");
	step_stage(&s, 0, 8192, &t);
	double at_tok = 2.0 * 128 * 128 * 61 * 130048 / (989e12 * 0.50);
	cr_assert_float_eq(t.attention_compute, 8192 * at_tok, 1e-9, "the chunk on one rank");
	cr_assert_float_eq(s.mm_attn, 2 * 11413547008.0 / (1979e12 * 0.55), 1e-15,
			   "projections on one card");
	/* whole short prompts spread: 8 prompts of 1024 in a step, one a rank */
	step_model_init(&s, &w, gpu_named("h200-141g"), &dpa, 1024, 1024);
	struct step_terms one, eight;
	step_stage(&s, 0, 1024, &one);
	step_stage(&s, 0, 8192, &eight);
	cr_assert_float_eq(eight.attention_compute, one.attention_compute, 1e-12);
	/* so few long prompts no longer pick DPA64 (was DPA64+EP64×DP8 on 512
	   H20 at ¥2.9M a month: TTFT 9.5 s against 65 s for TP8×PP2) */
	struct analysis *a = ref_run(&sc, NULL);
	for (size_t i = 0; i < a->nplans; i++)
		cr_assert_not(a->plans[i].lay.dpa, "%s picks DPA%d", a->plans[i].gpu->id,
			      a->plans[i].lay.t);
}

static const struct plan *v3_forced(const char *flag, const char *cards)
{
	static struct scenario sc;
	make_scenario(&sc, &ref_catalog, "deepseek-v3", "precision", "fp8", "context", "5120",
		      "output-len", "1024", "concurrency", "128", "cards", cards, flag, "on", NULL);
	return plan_of(ref_run(&sc, "h200-141g"), "h200-141g");
}

/* Finding 3. --cards alone with --dp-attention on or --ep on keeps those
 * shapes (before: PP8, no note). 8 cards split into DPA groups of 8 x 1,
 * 4 x 2 or 2 x 4; fewest replicas first: DPA8 (101 GiB a card by finding
 * 1's sum, fits in 117). TP + EP on 8: t of 2, 4 or 8 (256 experts divide
 * by each); the chosen shape is TP + EP whichever fits. 3 cards make no
 * group (3 is no group size, 1 none): planned without it, and a note.
 * A dense model has no expert parallel at all: refused, as --tp is. */
Test(dpa, forced_cards_keep_the_kind_or_say_why)
{
	const struct plan *p = v3_forced("dp-attention", "8");
	cr_assert(p->lay.dpa);
	cr_assert_eq(p->lay.t, 8);
	cr_assert_eq(p->lay.d, 1);
	cr_assert_str_eq(p->strategy, "DPA8+EP8");
	cr_assert(p->fits);
	p = v3_forced("ep", "8");
	cr_assert(p->lay.ep);
	cr_assert_eq(p->lay.t * p->lay.p * p->lay.d, 8);
	cr_assert(strstr(p->strategy, "+EP") != NULL, "%s", p->strategy);
	p = v3_forced("dp-attention", "3");
	cr_assert_not(p->lay.dpa);
	cr_assert(has_note(p, MSG_SHAPE_KIND_CARDS));
	static struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "cards", "2", "ep", "on", NULL);
	p = plan_of(ref_run(&sc, "h100-80g"), "h100-80g");
	cr_assert_not(p->fits);
	cr_assert(has_note(p, MSG_SHAPE_EP_DENSE));
}

/* Finding 4. 16 cards in DPA groups: G = 8 x 2 stays inside a machine
 * (layout_rank: a replica that spans machines ranks last), 16 / 8 = 2
 * machines, each a whole replica: nothing crosses between them (before:
 * "needs an IB network"). A group of 16 over 2 machines (H100 80G: 8 cards
 * do not hold the model at 60.5 GiB a card of 16) sends its all-to-alls
 * over the network: that one needs IB. */
Test(dpa, a_group_inside_a_machine_needs_no_ib)
{
	const struct plan *p = v3_forced("dp-attention", "16");
	cr_assert(p->lay.dpa);
	cr_assert_eq(p->lay.t, 8);
	cr_assert_eq(p->lay.d, 2);
	cr_assert_eq(p->machines, 2);
	cr_assert(has_note(p, MSG_MULTI_NODE_REPLICAS));
	cr_assert_not(has_note(p, MSG_MULTI_NODE));
	cr_assert_not(has_note(p, MSG_MULTI_NODE_NO_IB));
	static struct scenario sc;
	make_scenario(&sc, &ref_catalog, "deepseek-v3", "precision", "fp8", "context", "5120",
		      "output-len", "1024", "concurrency", "128", "dp-attention", "on", NULL);
	p = plan_of(ref_run(&sc, "h100-80g"), "h100-80g");
	cr_assert(p->lay.dpa);
	cr_assert_eq(p->lay.t, 16);
	cr_assert_eq(p->lay.d, 1);
	cr_assert(has_note(p, MSG_MULTI_NODE) || has_note(p, MSG_MULTI_NODE_NO_IB));
	cr_assert_not(has_note(p, MSG_MULTI_NODE_REPLICAS));
}
