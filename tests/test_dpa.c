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
