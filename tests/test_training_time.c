/* The training time model (TRAINING.md §2–5, §9–11): FLOPs, the width
 * law, each communication term with its arithmetic, what hides, the
 * bubble, goodput, days, billing, the deadline solver, the tiers, the
 * --measured band, the worked examples of §13 at their shapes, and the
 * published runs of tests/fixtures/training_published.csv. The shape
 * search on real plans is in test_time_outputs.c.
 *
 * Shared inputs unless a test says otherwise, Llama-3.1-8B full fine-tune
 * (§13 A): P = P_act = 8.03e9, V = 128256, h = 4096 (untied), L = 32,
 * a·d_h = 4096, i = 14336 (w = 4096: μ = mfu_train), s = 4096, B_tok =
 * 1 Mi = 1,048,576 tokens (S = 256), D = 2e9 tokens (1907.35 steps);
 * N_mm = 8.03e9 − 128256·4096 = 7,504,663,424.
 * RTX 4090: 165 TFLOPS, mfu_train 0.35, PCIe 32 GB/s → bw_link 32·0.25 = 8.
 * H100: 989, fp8 1979, 0.45, NVLink 900 → bw_link 450. A100: 312, 0.47, 600 → 300.
 * Between machines: line × η_net 0.80 (IB 200 → 160, 25G×2 6.25 → 5). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "training_shape.h"
#include "training_solve.h"
#include "training_time.h"

#define N_MM_8B 7504663424.0
#define MI 1048576.0

/* |got − want| within 'rel' of want. */
#define assert_rel(got, want, rel)                                                         \
	do {                                                                                \
		double g_ = (got), w_ = (want);                                             \
		cr_assert(fabs(g_ - w_) <= (rel) * fabs(w_), "%s = %.12g, expected %.12g", \
			  #got, g_, w_);                                                    \
	} while (0)

static const struct train_gpu rtx4090 = {.bf16_tflops = 165, .fp8_tflops = 330, .mfu_train = 0.35,
					 .link = LINK_PCIE, .link_gbs = 32,
					 .calibration = TRAIN_CAL_PUBLISHED};
static const struct train_gpu h100 = {.bf16_tflops = 989, .fp8_tflops = 1979, .mfu_train = 0.45,
				      .link = LINK_NVLINK, .link_gbs = 900,
				      .calibration = TRAIN_CAL_PUBLISHED};
static const struct train_gpu a100 = {.bf16_tflops = 312, .mfu_train = 0.47, .link = LINK_NVLINK,
				      .link_gbs = 600, .calibration = TRAIN_CAL_PUBLISHED};

static struct train_input llama8b(const struct train_gpu *g, int cards, int tp, int pp, int zero,
				  double node_gbs)
{
	return (struct train_input){
		.model = {.params = 8.03e9, .p_act = 8.03e9, .n_mm = N_MM_8B, .p_dense = 8.03e9,
			  .p_train = 8.03e9, .layers = 32, .hidden = 4096, .attn_w = 4096,
			  .gemm_w = 4096, .seq_len = 4096},
		.job = {.task = TASK_FULL, .tokens = 2e9, .global_batch = MI, .frozen_bytes = 2},
		.gpu = *g,
		.shape = {.cards = cards, .tp = tp, .pp = pp, .zero = zero, .v = 1, .b = 1, .ep = 1},
		.net = {.node_gbs = node_gbs, .kind = NET_UNKNOWN},
	};
}

static struct train_result run(const struct train_input *in)
{
	struct train_result r;
	char err[200] = "";
	cr_assert(training_time(in, &r, err, sizeof err), "%s", err);
	return r;
}

static double parts_sum(const struct train_step *s)
{
	return s->compute_s + s->tp_s + s->ep_s + s->pp_send_s + s->pp_bubble_s + s->dp_exposed_s;
}

/* ---- §2: FLOPs and compute ---- */

Test(compute, megatron_flops_per_token)
{
	/* r = 0: k_lin = k_att = 6: F = 6·7,504,663,424 + 6·32·4096·4096
	 *      = 45,027,980,544 + 3,221,225,472 = 48,249,206,016.
	 * r = 0.75 (6 of 8 layers): k = 7.5: 56,284,975,680 + 4,026,531,840
	 *      = 60,311,507,520. LoRA: k_lin 4 (no weight gradient), k_att 6. */
	struct train_input in = llama8b(&h100, 1, 1, 1, 0, 0);
	in.job.global_batch = 4096; /* one sequence a step */
	struct train_result r = run(&in);
	cr_assert_eq(r.k_lin, 6);
	cr_assert_eq(r.k_att, 6);
	cr_assert_eq(r.flops_per_token, 48249206016.0);
	cr_assert_eq(r.flops, 48249206016.0 * 2e9);
	in.shape.rc_share = 0.75;
	r = run(&in);
	cr_assert_eq(r.k_lin, 7.5);
	cr_assert_eq(r.flops_per_token, 60311507520.0);
	in.shape.rc_share = 0;
	in.job.task = TASK_LORA;
	in.model.p_train = 2e7;
	r = run(&in);
	cr_assert_eq(r.k_lin, 4);
	cr_assert_eq(r.k_att, 6);
	cr_assert_eq(r.flops_per_token, 4 * N_MM_8B + 3221225472.0);
}

Test(compute, gemm_width_law)
{
	/* μ = mfu·[w/(w+384)]/[4096/4480]: 0.729 at 768, 0.921 at 2048, 1 at
	 * 4096, 1.045 at 8192 (TRAINING.md §2.2) */
	const struct train_constants *k = &train_defaults;
	assert_rel(train_gemm_mfu(k, 1, 768), 768.0 / 1152 / (4096.0 / 4480), 1e-12);
	assert_rel(train_gemm_mfu(k, 1, 768), 0.7292, 1e-3);
	assert_rel(train_gemm_mfu(k, 1, 2048), 0.9211, 1e-3);
	assert_rel(train_gemm_mfu(k, 0.45, 4096), 0.45, 1e-12);
	assert_rel(train_gemm_mfu(k, 1, 8192), 1.0448, 1e-3);
}

Test(compute, one_micro_batch_on_one_stage)
{
	/* 4090, TP2×PP4, r 0.75: t_c = (1·4096)/(2·4) · F/(165e12·0.35)
	 * = 512 · 60,311,507,520 / 57.75e12 = 0.534701 s */
	struct train_input in = llama8b(&rtx4090, 8, 2, 4, 0, 0);
	in.shape.rc_share = 0.75;
	struct train_result r = run(&in);
	assert_rel(r.t_c, 512 * 60311507520.0 / 57.75e12, 1e-12);
	/* fp8 on the linear layers at 1979·0.80, attention at 989 (H100, one card) */
	in = llama8b(&h100, 1, 1, 1, 0, 0);
	in.job.fp8 = true;
	r = run(&in);
	cr_assert_eq(r.peak_tflops, 1979 * 0.80);
	assert_rel(r.t_c, 4096 * (6 * N_MM_8B / (1583.2e12 * 0.45) + 3221225472.0 / (989e12 * 0.45)),
		   1e-12);
	cr_assert_eq(r.notes, 0);
	in.gpu = a100; /* no FP8: BF16, said */
	in.job.fp8 = true;
	r = run(&in);
	cr_assert_eq(r.peak_tflops, 312);
	cr_assert_eq(r.notes, TRAIN_NOTE_NO_FP8);
	/* QLoRA: the linear layers' time × 1.4 */
	in = llama8b(&h100, 1, 1, 1, 0, 0);
	in.job.task = TASK_QLORA;
	in.model.p_train = 2e7;
	r = run(&in);
	assert_rel(r.t_c, 4096 * (1.4 * 4 * N_MM_8B + 3221225472.0) / (989e12 * 0.45), 1e-12);
}

/* ---- §3 links ---- */

Test(links, bus_bandwidth_inside_and_between_machines)
{
	const struct train_constants *k = &train_defaults;
	unsigned notes = 0;
	cr_assert_eq(train_link_bw(k, &rtx4090), 8);  /* 32 × 0.25: PCIe, P2P off */
	cr_assert_eq(train_link_bw(k, &h100), 450);   /* 900 × 0.50: nccl-tests in a DGX */
	struct train_gpu measured = rtx4090;
	measured.link_busbw_gbs = 11.5;                /* gpus.csv link_busbw_gbs wins */
	cr_assert_eq(train_link_bw(k, &measured), 11.5);
	struct train_network ib = {.node_gbs = 200, .kind = NET_IB};
	cr_assert_eq(train_node_bw(k, &ib, &notes), 160);
	cr_assert_eq(notes, 0);
	struct train_network unknown = {.kind = NET_UNKNOWN};
	cr_assert_eq(train_node_bw(k, &unknown, &notes), 5); /* 25G×2 assumed, noted */
	cr_assert_eq(notes, TRAIN_NOTE_NODE_ASSUMED | TRAIN_NOTE_NET_UNKNOWN);
	notes = 0;
	struct train_network none = {.kind = NET_NONE};
	cr_assert_eq(train_node_bw(k, &none, &notes), 0.1); /* shared 1000M */
	cr_assert_eq(notes, TRAIN_NOTE_NODE_ASSUMED | TRAIN_NOTE_NO_NETWORK);
}

/* ---- §4 communication, one term at a time ---- */

Test(communication, tensor_parallel_over_pcie_is_not_free)
{
	/* §4.1: RTX 4090, TP8, s = 4096: per layer 8·(7/8)·2·4096·4096 B =
	 * 234.9 MB at 8 GB/s = 29.4 ms, against 13 ms of compute; 32 layers:
	 * t_tp = 0.939524 s a micro-batch; ×256 = 240.52 s a step (§13 A). */
	struct train_input in = llama8b(&rtx4090, 8, 8, 1, 0, 0);
	struct train_result r = run(&in);
	assert_rel(r.t_tp / 32, 8 * 7.0 / 8 * 2 * 4096 * 4096 / 8e9, 1e-12);
	assert_rel(r.t_tp / 32, 0.02936, 1e-3);
	assert_rel(r.t_c / 32, 0.0134, 1e-2);
	assert_rel(r.step.tp_s, 240.5182, 1e-5);
	/* a recomputed layer repeats the 4 forward collectives: (8 + 4r) */
	in.shape.rc_share = 0.5;
	assert_rel(run(&in).t_tp, 32 * 10 * 7.0 / 8 * 2 * 4096 * 4096 / 8e9, 1e-12);
}

Test(communication, pipeline_sends_and_bubble)
{
	/* §4.2, 4090 ×16, TP2×PP4×DP2: G > 8, so every boundary counts as
	 * between machines: bw_pp = 5/8 = 0.625 GB/s; t_p2p = 2·1·(2·4096·
	 * 4096/2)/0.625e9 = 0.0536871 s; m = 256/2 = 128: sends 6.8719 s. */
	struct train_input in = llama8b(&rtx4090, 16, 2, 4, 1, 6.25);
	struct train_result r = run(&in);
	assert_rel(r.bw_pp, 0.625, 1e-12);
	assert_rel(r.t_p2p, 2 * (2.0 * 4096 * 4096 / 2) / 0.625e9, 1e-12);
	cr_assert_eq(r.m, 128);
	assert_rel(r.step.pp_send_s, 6.8719, 1e-4);
	/* bubble (p−1)/v·t_mb = 3·0.615 = 1.847 s; share 3/(128 + 3) */
	assert_rel(r.step.pp_bubble_s, 3 * r.t_mb, 1e-12);
	assert_rel(r.step.pp_bubble_s, 1.8470, 1e-4);
	assert_rel(r.bubble_share, 3.0 / 131, 1e-12);
	/* two virtual stages: half the bubble, twice the sends */
	in.shape.v = 2;
	struct train_result v2 = run(&in);
	assert_rel(v2.t_p2p, 2 * r.t_p2p, 1e-12);
	assert_rel(v2.step.pp_bubble_s, 1.5 * v2.t_mb, 1e-12);
	/* inside one machine the sends use the link: 4090 ×8 TP2×PP4 */
	in = llama8b(&rtx4090, 8, 2, 4, 0, 0);
	r = run(&in);
	cr_assert_eq(r.bw_pp, 8);
	assert_rel(r.step.pp_send_s, 256 * 2 * (2.0 * 4096 * 4096 / 2) / 8e9, 1e-12);
}

Test(communication, pure_dp_sends_one_copy_of_the_machine_shards)
{
	/* §4.3, H100 ×16 on IB, DP16 ZeRO-1: β = 6 (fp32 reduce-scatter 4 +
	 * bf16 all-gather 2), X = 6·8.03e9 = 48.18 GB; g = 8 per machine, n = 2:
	 * coll = 7/8·48.18e9/450e9 + 1·(1/2)·48.18e9/160e9
	 *      = 0.0936833 + 0.1505625 = 0.2442458 s.
	 * The former model sent every card's gradient through the NIC:
	 * 8·(1/2)·6P/160e9 = 1.2045 s, M/g = 8 times too much. */
	struct train_input in = llama8b(&h100, 16, 1, 1, 1, 200);
	struct train_result r = run(&in);
	assert_rel(r.dp_s, 7.0 / 8 * 48.18e9 / 450e9 + 0.5 * 48.18e9 / 160e9, 1e-12);
	assert_rel(r.dp_s, 0.2442458, 1e-6);
	cr_assert_eq(r.step.dp_exposed_s, 0); /* behind one micro-batch: t_mb = 0.444 s */
	/* the helper alone, n machines: (n−1)/n·X/bw_node between them */
	assert_rel(train_coll_s(48.18e9, 64, 8, true, 8, 450, 160),
		   7.0 / 8 * 48.18e9 / 450e9 + 7.0 / 8 * 48.18e9 / 160e9, 1e-12);
	/* TP8 across machines: g = 1, c = 8 shards per machine */
	assert_rel(train_coll_s(6e9, 256, 1, true, 8, 450, 160), 8 * 255.0 / 256 * 6e9 / 160e9,
		   1e-12);
}

Test(communication, bytes_per_parameter_by_zero_stage)
{
	/* §4.3–4.4 on H100 ×16 IB: z = 0 (DDP, fp32 all-reduce) β 8: 0.3256611 s;
	 * z = 1 and 2 β 6: 0.2442458 s; z = 3 gathers 2 + 2 and reduces 4 = 8
	 * bytes every micro-batch: 16 × 0.3256611 = 5.2105778 s a step. */
	struct train_input in = llama8b(&h100, 16, 1, 1, 0, 200);
	assert_rel(run(&in).dp_s, 0.3256611111, 1e-9);
	in.shape.zero = 1;
	assert_rel(run(&in).dp_s, 0.2442458333, 1e-9);
	in.shape.zero = 2;
	assert_rel(run(&in).dp_s, 0.2442458333, 1e-9);
	in.shape.zero = 3;
	struct train_result r = run(&in);
	assert_rel(r.dp_s, 16 * 0.3256611111, 1e-9);
	cr_assert_eq(r.step.dp_exposed_s, 0); /* each gather behind its own 0.444 s slot */
	/* LoRA under ZeRO-3: the frozen base gathered twice, no gradient:
	 * X_mb = 2·2·8.03e9 = 32.12 GB */
	in.job.task = TASK_LORA;
	in.model.p_train = 4e7;
	r = run(&in);
	assert_rel(r.dp_s, 16 * train_coll_s(32.12e9, 16, 8, true, 8, 450, 160), 1e-12);
}

Test(communication, data_parallel_over_ethernet_shows)
{
	/* H100 ×16 DP16 ZeRO-1 over 25G×2 (5 GB/s used): dp = 0.0936833 +
	 * 0.5·48.18e9/5e9 = 4.9116833 s; window = t_mb = 0.4440597 s:
	 * exposed 4.4676237 s; eff = 7.104954/11.572578 = 0.613947 */
	struct train_input in = llama8b(&h100, 16, 1, 1, 1, 6.25);
	struct train_result r = run(&in);
	assert_rel(r.dp_s, 4.9116833333, 1e-9);
	assert_rel(r.step.dp_exposed_s, 4.9116833333 - r.t_mb, 1e-9);
	assert_rel(r.step.dp_exposed_s, 4.46762, 1e-5);
	assert_rel(r.eff, 0.613947, 1e-5);
	assert_rel(parts_sum(&r.step), r.step.total_s, 1e-12);
}

Test(communication, expert_parallel_all_to_all)
{
	/* §4.5: a MoE model, h 4096, s 4096, k_e 2, 32 MoE layers, b 1, TP1.
	 * e = 8 in one machine: 32·4·(2·4096·2·4096·7/8 B)/450e9 = 0.0167027 s.
	 * e = 16 over two machines: g_e = 8, f_in = 7/15:
	 * 32·4·(2·4096·2·4096·15/16)·[(7/15)/450e9 + (8/15)/(160e9/8)] = 0.2230997 s. */
	struct train_input in = llama8b(&h100, 8, 1, 1, 1, 200);
	in.model.experts = 16;
	in.model.experts_per_token = 2;
	in.model.moe_layers = 32;
	in.model.p_exp = 4e9;
	in.model.p_dense = 4.03e9;
	in.model.p_train = 4.03e9;
	in.shape.ep = 8;
	in.job.global_batch = 16 * MI; /* S = 4096: d·b ≤ S */
	struct train_result r = run(&in);
	assert_rel(r.t_ep, 0.0167026506, 1e-8);
	in.shape.cards = 16;
	in.shape.ep = 16;
	r = run(&in);
	assert_rel(r.t_ep, 0.2230996901, 1e-8);
	assert_rel(r.step.ep_s, r.m * r.t_ep, 1e-12);
	/* the experts' gradients once a step over d/e = 1: nothing to reduce */
	cr_assert_eq(r.dp_s, train_coll_s(6 * 4.03e9, 16, 8, true, 8, 450, 160));
	/* e = 8 on 16 cards: d/e = 2 expert-data ranks, g_x = 8/8 = 1, across */
	in.shape.ep = 8;
	r = run(&in);
	assert_rel(r.dp_s,
		   train_coll_s(6 * 4.03e9, 16, 8, true, 8, 450, 160) +
			   train_coll_s(6 * 4e9 / 8, 2, 1, true, 8, 450, 160),
		   1e-12);
}

Test(communication, global_batch_and_shape_refusals)
{
	/* §6: d·b ≤ S. S = 256: 512 DP ranks cannot share 256 sequences */
	char err[200];
	struct train_result r;
	struct train_input in = llama8b(&h100, 512, 1, 1, 1, 200);
	cr_assert_not(training_time(&in, &r, err, sizeof err));
	cr_assert_str_eq(err, "expected no more data-parallel cards x micro-batch than sequences "
			      "per step");
	in.shape.cards = 256;
	in.shape.b = 2;
	cr_assert_not(training_time(&in, &r, err, sizeof err));
	in.shape.b = 1;
	cr_assert(training_time(&in, &r, err, sizeof err), "%s", err);
	in = llama8b(&h100, 12, 8, 1, 1, 200);
	cr_assert_not(training_time(&in, &r, err, sizeof err));
	cr_assert_str_eq(err, "expected a card count that TP x PP divides");
	in = llama8b(&h100, 1, 1, 1, 0, 0);
	in.job.task = TASK_INFERENCE;
	cr_assert_not(training_time(&in, &r, err, sizeof err));
	cr_assert_str_eq(err, "expected a training task (full, lora, qlora)");
	in = llama8b(&h100, 1, 1, 1, 0, 0);
	in.gpu.mfu_train = 1.5;
	cr_assert_not(training_time(&in, &r, err, sizeof err));
	in = llama8b(&h100, 1, 1, 1, 0, 0);
	in.job.global_batch = 100; /* less than one sequence */
	cr_assert_not(training_time(&in, &r, err, sizeof err));
	/* ZeRO-2/3 with PP is timed when forced, and flagged */
	in = llama8b(&h100, 16, 1, 2, 3, 200);
	r = run(&in);
	cr_assert(r.notes & TRAIN_NOTE_PP_ZERO);
}

/* ---- §5 goodput ---- */

Test(goodput, falls_with_the_cards)
{
	/* g_ops/(1 + G·λ·δ): 0.95 up to 512 cards, 0.943 at 2,048, 0.900 at
	 * 16,384 (Llama 3's "higher than 90 %"), 0.709 at 100,000 */
	const struct train_constants *k = &train_defaults;
	assert_rel(train_goodput(k, 1), 0.95, 1e-5);
	assert_rel(train_goodput(k, 512), 0.9484, 1e-4);
	assert_rel(train_goodput(k, 2048), 0.95 / (1 + 2048 * 2.19e-5 * 0.155), 1e-12);
	assert_rel(train_goodput(k, 2048), 0.9434, 1e-4);
	assert_rel(train_goodput(k, 16384), 0.9000, 1e-4);
	assert_rel(train_goodput(k, 100000), 0.7092, 1e-4);
}

/* ---- §13: the worked examples at their shapes (the search picks them:
 * test_time_outputs.c) ---- */

struct worked {
	const char *name;
	struct train_input in;
	double compute, tp, pp_send, bubble, total, eff, days;
};

Test(worked, example_a_llama_8b_full_fine_tune)
{
	/* TRAINING.md §13 A: step parts in seconds, eff, days (each within 1 %) */
	struct worked rows[] = {
		{"4090 ×8 TP2×PP4 r 0.75", llama8b(&rtx4090, 8, 2, 4, 0, 0), 136.9, 47.2, 1.1, 2.2,
		 187.4, 0.73, 4.35},
		{"4090 ×8 TP8", llama8b(&rtx4090, 8, 8, 1, 0, 0), 109.5, 240.5, 0, 0, 350.0, 0.31,
		 8.13},
		{"4090 ×16 25G×2", llama8b(&rtx4090, 16, 2, 4, 1, 6.25), 54.8, 17.2, 6.9, 1.8, 80.7,
		 0.68, 1.87},
		{"H100 ×8", llama8b(&h100, 8, 1, 1, 1, 0), 14.21, 0, 0, 0, 14.21, 1.0, 0.33},
		{"H100 ×16 IB", llama8b(&h100, 16, 1, 1, 1, 200), 7.11, 0, 0, 0, 7.11, 1.0, 0.17},
		{"H100 ×16 1000M", llama8b(&h100, 16, 4, 2, 0, 0.125), 7.1, 0.9, 171.8, 1.4, 181.2,
		 0.04, 4.21},
	};
	rows[0].in.shape.rc_share = 0.75;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct worked *w = &rows[i];
		struct train_result r = run(&w->in);
		cr_assert(fabs(r.step.compute_s - w->compute) <= 0.01 * w->compute + 0.05, "%s compute %g",
			  w->name, r.step.compute_s);
		cr_assert(fabs(r.step.tp_s - w->tp) <= 0.01 * w->tp + 0.05, "%s tp %g", w->name,
			  r.step.tp_s);
		cr_assert(fabs(r.step.pp_send_s - w->pp_send) <= 0.01 * w->pp_send + 0.05,
			  "%s pp %g", w->name, r.step.pp_send_s);
		cr_assert(fabs(r.step.pp_bubble_s - w->bubble) <= 0.01 * w->bubble + 0.05,
			  "%s bubble %g", w->name, r.step.pp_bubble_s);
		cr_assert_eq(r.step.dp_exposed_s, 0, "%s", w->name);
		assert_rel(r.step.total_s, w->total, 0.01);
		cr_assert(fabs(r.eff - w->eff) <= 0.01, "%s eff %g", w->name, r.eff);
		/* the table prints two decimals: 0.17 stands for 0.165–0.175 */
		cr_assert(fabs(r.days - w->days) <= fmax(0.01 * w->days, 0.005), "%s days %g",
			  w->name, r.days);
		assert_rel(parts_sum(&r.step), r.step.total_s, 1e-12);
	}
}

Test(worked, example_b_llama_65b_on_2048_a100)
{
	/* §13 B: L 80, h 8192, V 32000, i 22016, s 2048, B_tok 4 Mi (S 2048),
	 * D 1.4T; N_mm = 65.2e9 − 32000·8192 = 64.9379e9; F = 6·N_mm +
	 * 6·80·8192·2048 = 397.7 GFLOP; μ = 0.47·1.0448 = 0.4910. DP2048
	 * ZeRO-3, b 1, m 1: t_c = 2048·F/(312e12·0.491) = 5.316 s; X_mb =
	 * 8·65.2e9 = 521.6 GB: 7/8·521.6e9/300e9 + 255/256·521.6e9/160e9 =
	 * 1.521 + 3.247 = 4.768 s < t_mb: eff 1; goodput(2048) = 0.9434:
	 * 21.77 days, 1.07 M GPU-hours, 363 tokens/s/GPU (LLaMA: 380, ~21 days,
	 * 1,022,362 GPU-hours). */
	struct train_input in = {
		.model = {.params = 65.2e9, .p_act = 65.2e9, .n_mm = 65.2e9 - 32000.0 * 8192,
			  .p_dense = 65.2e9, .p_train = 65.2e9, .layers = 80, .hidden = 8192,
			  .attn_w = 8192, .gemm_w = 8192, .seq_len = 2048},
		.job = {.task = TASK_FULL, .tokens = 1.4e12, .global_batch = 4 * MI},
		.gpu = a100,
		.shape = {.cards = 2048, .tp = 1, .pp = 1, .zero = 3, .v = 1, .b = 1, .ep = 1},
		.net = {.node_gbs = 200, .kind = NET_IB}};
	struct train_result r = run(&in);
	assert_rel(r.flops_per_token, 397.7e9, 1e-3);
	assert_rel(r.mu, 0.4910, 1e-3);
	assert_rel(r.t_c, 5.316, 1e-3);
	assert_rel(r.dp_s, 1.521 + 3.247, 1e-3);
	cr_assert_eq(r.eff, 1);
	assert_rel(r.goodput, 0.9434, 1e-4);
	assert_rel(r.days, 21.8, 0.01);
	assert_rel(r.card_hours, 1.07e6, 0.01);
	assert_rel(1.4e12 / (r.days * 86400 * 2048), 363, 0.01);
}

Test(worked, example_c_7b_pretraining_in_30_days)
{
	/* §13 C: Llama-2-7B (6.74B, V 32000, i 11008), s 4096, B_tok 4 Mi (S
	 * 1024), D 1T. 40 H100 as DP40 ZeRO-1, m = 1024/40 = 25.6: step 10.10 s,
	 * DP 0.281 s < t_mb 0.395 s; 29.35 days. 32 cards 36.7, 48 cards 24.5. */
	struct train_input in = {
		.model = {.params = 6.74e9, .p_act = 6.74e9, .n_mm = 6.74e9 - 32000.0 * 4096,
			  .p_dense = 6.74e9, .p_train = 6.74e9, .layers = 32, .hidden = 4096,
			  .attn_w = 4096, .gemm_w = 4096, .seq_len = 4096},
		.job = {.task = TASK_FULL, .tokens = 1e12, .global_batch = 4 * MI},
		.gpu = h100,
		.shape = {.cards = 40, .tp = 1, .pp = 1, .zero = 1, .v = 1, .b = 1, .ep = 1},
		.net = {.node_gbs = 200, .kind = NET_IB}};
	struct train_result r = run(&in);
	cr_assert_eq(r.m, 25.6);
	assert_rel(r.step.total_s, 10.10, 0.01);
	assert_rel(r.dp_s, 0.2808, 1e-3);
	cr_assert_eq(r.eff, 1);
	assert_rel(r.days, 29.3, 0.01);
	in.shape.cards = 32;
	assert_rel(run(&in).days, 36.7, 0.01);
	in.shape.cards = 48;
	assert_rel(run(&in).days, 24.5, 0.01);
}

/* ---- Billing ---- */

/* H100 offers (prices/offers.csv 2026-10-12): container 9,345 per card a
 * month up to 4 cards, bare metal 88,480 a machine; an hourly price of
 * 12.8 per card is a test input (the bundled H100 row has none). */
static const struct train_prices h100_prices = {
	.card_hourly = 12.8, .card_monthly = 9345, .max_cards = 4, .machine_monthly = 88480};

Test(billing, three_ways_and_prorated)
{
	/* 4 cards for 100 h: hourly 4 × 12.8 × 100 = 5,120; monthly 4 × 9,345
	 * × ceil(100/730) = 37,380; bare metal 1 × 88,480 × 1. Hourly wins.
	 * Prorated: 100/730 × the monthly price of the units paid: 5,120;
	 * 37,380 × 0.136986 = 5,120.55; 88,480 × 0.136986 = 12,120.55. */
	struct train_bill b;
	training_bill(&h100_prices, 4, 100, 8, &b);
	cr_assert_float_eq(b.cost[RENT_CONTAINER_HOURLY], 5120, 1e-9);
	cr_assert_float_eq(b.cost[RENT_CONTAINER_MONTHLY], 37380, 1e-9);
	cr_assert_float_eq(b.cost[RENT_BAREMETAL], 88480, 1e-9);
	cr_assert_float_eq(b.prorated[RENT_CONTAINER_HOURLY], 5120, 1e-9);
	cr_assert_float_eq(b.prorated[RENT_CONTAINER_MONTHLY], 37380 * 100 / 730.0, 1e-9);
	cr_assert_float_eq(b.prorated[RENT_BAREMETAL], 88480 * 100 / 730.0, 1e-9);
	cr_assert_eq(b.cards[RENT_BAREMETAL], 8);
	cr_assert_eq(b.cheapest, RENT_CONTAINER_HOURLY);
	cr_assert_eq(b.hours, 100);
	/* 12 cards: beyond the container's 4, bare metal 2 machines */
	training_bill(&h100_prices, 12, 1000, 8, &b);
	cr_assert_not(b.offered[RENT_CONTAINER_HOURLY]);
	cr_assert_float_eq(b.cost[RENT_BAREMETAL], 2 * 88480 * 2.0, 1e-9);
	cr_assert_eq(b.cheapest, RENT_BAREMETAL);
	struct train_prices none = {.card_hourly = -1, .card_monthly = -1, .machine_monthly = -1};
	training_bill(&none, 1, 10, 8, &b);
	cr_assert_eq(b.cheapest, RENT_NONE);
}

/* ---- §9 the solver's counts, its stop rule, the tiers ---- */

Test(deadline, card_counts_to_100000)
{
	/* containers 1..3 (a machine's 8 come with the machines), then
	 * machines 1..64 and n += ⌊n/16⌋ up to 12,500: 152 machine counts */
	struct train_search s = {.container_max = 4, .machine_monthly = 1};
	int g[TRAIN_MAX_COUNTS], n = train_card_counts(&s, g, TRAIN_MAX_COUNTS);
	cr_assert_eq(n, 4 + 152);
	cr_assert_eq(g[0], 1);
	cr_assert_eq(g[3], 4);
	cr_assert_eq(g[4], 8);
	cr_assert_eq(g[4 + 63], 512);
	cr_assert_eq(g[4 + 64], 68 * 8);
	cr_assert_eq(g[n - 1], 11810 * 8);
	s.min_cards = 20; /* none below the memory minimum */
	n = train_card_counts(&s, g, TRAIN_MAX_COUNTS);
	cr_assert_eq(g[0], 24);
	cr_assert_eq(n, 152 - 2);
}

/* A synthetic job: compute-only days 800/G on bare metal at 1,000 a
 * machine-month (720 h and more bill 2 months) and containers at 50 a
 * card-month up to 4 cards. */
static int calls;
static bool toy_days(void *ctx, int cards, struct train_point *out)
{
	(void)ctx;
	calls++;
	struct train_prices pr = {.card_hourly = -1, .card_monthly = 50, .max_cards = 4,
				  .machine_monthly = 1000};
	*out = (struct train_point){.days = 800.0 / cards, .eff = 1, .offer = 0};
	training_bill(&pr, cards, out->days * 24, 8, &out->bill);
	return true;
}

Test(deadline, cheapest_count_and_the_stop_rule)
{
	/* 30 days: G = 4 (200 d) misses; 8 cards 100 d; … 32 cards 25 days =
	 * 600 h: 4 machines × 1,000 = 4,000, the cheapest: 40 cards (20 d)
	 * cost 5,000. Once n machines cost ≥ 4,000 (n = 4 … the scan passed
	 * it at 40) it stops: far fewer than 156 calls. */
	struct train_search s = {.min_cards = 1, .deadline_days = 30, .container_max = 4,
				 .machine_monthly = 1000, .days = toy_days};
	struct train_choice c;
	calls = 0;
	cr_assert(training_solve_deadline(&s, &c));
	cr_assert(c.met);
	cr_assert_eq(c.cards, 32);
	cr_assert_eq(c.way, RENT_BAREMETAL);
	cr_assert_float_eq(c.cost, 4000, 1e-9);
	cr_assert_lt(calls, 10);
	/* none meets 0.001 days: the fastest, the most cards */
	s.deadline_days = 0.001;
	cr_assert(training_solve_deadline(&s, &c));
	cr_assert_not(c.met);
	cr_assert_eq(c.cards, 11810 * 8);
}

/* --budget for a job: the fastest count whose cheapest bill it pays.
 * toy_days at 4,000: 8, 16 and 32 cards each bill 4,000 (100 d = 2,400 h:
 * 4 months × 1 machine; 50 d: 2 × 2; 25 d = 600 h: 1 × 4), 24 cards 6,000
 * (33.3 d: 2 months × 3), 40 cards 5,000 (5 machines): 32 cards, 25 days.
 * At 3,999 no machine fits: containers, 4 cards 200 d = 4,800 h: 7 months
 * × 4 × 50 = 1,400 (3 cards: 266.7 d, 9 × 3 × 50 = 1,350). At 1,000 none:
 * 1 card 27 months × 50 = 1,350. The scan stops once n machines' least
 * bill passes the budget. */
Test(budget, fastest_within_the_job_budget)
{
	struct train_search s = {.min_cards = 1, .container_max = 4, .machine_monthly = 1000,
				 .days = toy_days};
	struct train_tier t;
	calls = 0;
	cr_assert(training_solve_budget(&s, 4000, &t));
	cr_assert_eq(t.cards, 32);
	cr_assert_eq(t.way, RENT_BAREMETAL);
	cr_assert_float_eq(t.cost, 4000, 1e-9);
	cr_assert_float_eq(t.at.days, 25, 1e-9);
	cr_assert_lt(calls, 10);
	cr_assert(training_solve_budget(&s, 3999, &t));
	cr_assert_eq(t.cards, 4);
	cr_assert_eq(t.way, RENT_CONTAINER_MONTHLY);
	cr_assert_float_eq(t.cost, 1400, 1e-9);
	cr_assert_not(training_solve_budget(&s, 1000, &t));
	cr_assert_eq(t.cards, 0);
}

/* No deadline: the cheapest job, and at the same spend (within 0.5 %) the
 * fewest days. toy_days: 1 card 800 d = 19,200 h: 27 months × 50 = 1,350;
 * 2 cards 14 × 2 × 50 = 1,400; 3 cards 266.7 d: 9 × 3 × 50 = 1,350; 4 cards
 * 7 × 4 × 50 = 1,400; 8 cards bare metal 4 × 1,000 = 4,000. 1 and 3 cards
 * cost the same: 3, faster. 16 cards' two machines (2,000) pass 1,350:
 * the scan stops there. */
Test(budget, cheapest_job_then_the_fastest_at_that_spend)
{
	struct train_search s = {.min_cards = 1, .container_max = 4, .machine_monthly = 1000,
				 .days = toy_days};
	struct train_tier t;
	calls = 0;
	cr_assert(training_solve_cheapest(&s, 0.005, &t));
	cr_assert_eq(t.cards, 3);
	cr_assert_eq(t.way, RENT_CONTAINER_MONTHLY);
	cr_assert_float_eq(t.cost, 1350, 1e-9);
	cr_assert_eq(calls, 5);
}

Test(tiers, doubling_until_no_faster)
{
	/* 800/G: every doubling halves the days up to 65,536 cards (17 tiers,
	 * the cap of 100,000 stops it). */
	struct train_search s = {.min_cards = 1, .container_max = 4, .machine_monthly = 1000,
				 .days = toy_days};
	struct train_tier t[TRAIN_MAX_TIERS];
	int n = training_tiers(&s, t, TRAIN_MAX_TIERS);
	cr_assert_eq(n, 17);
	cr_assert_eq(t[16].cards, 65536);
	cr_assert_eq(t[2].way, RENT_CONTAINER_MONTHLY);
	cr_assert_float_eq(t[2].cost, 4 * 50 * 7.0, 1e-9); /* 200 d = 4,800 h: 7 months */
}

/* ---- §10 the --measured band ---- */

Test(measured, band_by_range)
{
	/* RTX 4090 at 1,520 / 2,900 / 5,400 tok/s on 1 / 2 / 4 cards: ρ < 5 %,
	 * so ±5 % up to 4; ±15 % at 8 (5 + 10·log2 2); from 16 sqrt(15² + 25²)
	 * = ±29.2 %, between machines modelled. */
	struct usl_point p[] = {{1, 1520}, {2, 2900}, {4, 5400}};
	struct usl_fit f;
	char err[200];
	enum usl_band_kind kind;
	cr_assert(usl_fit(p, 3, &f, err, sizeof err), "%s", err);
	cr_assert_lt(f.rho, 0.05);
	cr_assert_eq(f.max_cards, 4);
	cr_assert_eq(usl_band_pct(&f, 4, 8, 25, &kind), 5);
	cr_assert_eq(kind, USL_BAND_MEASURED);
	assert_rel(usl_band_pct(&f, 8, 8, 25, &kind), 15, 1e-12);
	cr_assert_eq(kind, USL_BAND_IN_MACHINE);
	assert_rel(usl_band_pct(&f, 16, 8, 25, &kind), sqrt(15 * 15 + 25 * 25), 1e-12);
	assert_rel(usl_band_pct(&f, 16, 8, 25, &kind), 29.15, 1e-3);
	cr_assert_eq(kind, USL_BAND_MODELLED);
	assert_rel(usl_band_pct(&f, 512, 8, 50, &kind), sqrt(15 * 15 + 50 * 50), 1e-12);
}

/* ---- Published runs (tests/fixtures/training_published.csv) ---- */

#define FIELDS 48
#define GROUPS 6

struct published {
	char *hdr[FIELDS], *val[FIELDS];
	int nh, n;
};

/* Splits one CSV line in place; a field may be quoted (no "" inside). */
static int split_csv(char *line, char **f)
{
	int n = 0;
	char *p = line;
	line[strcspn(line, "\r\n")] = '\0';
	while (n < FIELDS) {
		if (*p == '"') {
			f[n++] = ++p;
			p = strchr(p, '"');
			if (!p)
				break;
			*p++ = '\0';
		} else {
			f[n++] = p;
			p += strcspn(p, ",");
		}
		if (*p != ',')
			break;
		*p++ = '\0';
	}
	return n;
}

static const char *field(const struct published *r, const char *name)
{
	for (int i = 0; i < r->nh && i < r->n; i++)
		if (strcmp(r->hdr[i], name) == 0)
			return r->val[i];
	cr_assert_fail("no column %s", name);
	return "";
}

static double num(const struct published *r, const char *name)
{
	return atof(field(r, name));
}

static bool is(const struct published *r, const char *name, const char *want)
{
	return strcmp(field(r, name), want) == 0;
}

/* The row's model as the time model's inputs (TRAINING.md §1). */
static struct train_model published_model(const struct published *r)
{
	double p = num(r, "params_b") * 1e9, act = num(r, "active_b") * 1e9;
	double h = num(r, "hidden"), e = num(r, "experts"), k = num(r, "experts_per_token");
	double embed = is(r, "tied", "yes") ? 0 : num(r, "vocab") * h;
	double p_exp = e > k ? (p - act) / (e - k) * e : 0;
	struct train_model m = {
		.params = p, .p_act = act, .n_mm = act - embed, .p_dense = p - p_exp, .p_exp = p_exp,
		.layers = (int)num(r, "layers"), .hidden = (int)h, .attn_w = num(r, "attn_w"),
		.gemm_w = fmin(h, num(r, "ffn")), .experts = (int)e, .experts_per_token = (int)k,
		.moe_layers = (int)num(r, "moe_layers"), .seq_len = num(r, "seq")};
	m.p_train = is(r, "task", "full") ? m.p_dense : num(r, "p_train");
	return m;
}

static int link_of_name(const char *s)
{
	return strcmp(s, "pcie") == 0 ? LINK_PCIE : strcmp(s, "hccs") == 0 ? LINK_HCCS : LINK_NVLINK;
}

static struct train_input published_input(const struct published *r)
{
	static const enum task_kind kinds[] = {TASK_FULL, TASK_LORA, TASK_QLORA};
	int task = is(r, "task", "lora") ? 1 : is(r, "task", "qlora") ? 2 : 0;
	double tokens = num(r, "tokens") > 0 ? num(r, "tokens") : 1e12;
	return (struct train_input){
		.model = published_model(r),
		.job = {.task = kinds[task], .fp8 = is(r, "fp8", "yes"), .tokens = tokens,
			.global_batch = num(r, "batch_seqs") * num(r, "seq"), .frozen_bytes = 2},
		.gpu = {.bf16_tflops = num(r, "bf16_tflops"), .fp8_tflops = num(r, "fp8_tflops"),
			.mfu_train = num(r, "mfu_train"), .link = link_of_name(field(r, "link")),
			.link_gbs = num(r, "link_gbs"), .calibration = TRAIN_CAL_PUBLISHED},
		.shape = {.cards = (int)num(r, "cards"), .tp = (int)num(r, "tp"),
			  .pp = (int)num(r, "pp"), .zero = (int)num(r, "zero"), .v = (int)num(r, "v"),
			  .b = (int)num(r, "b"), .ep = (int)num(r, "ep"), .rc_share = num(r, "rc")},
		.net = {.node_gbs = num(r, "node_gbs"), .kind = NET_IB}};
}

static bool given(const struct published *r, const char *name)
{
	return field(r, name)[0] != '\0';
}

/* Every dimension of the shape published: the row is timed as it is. */
static bool shape_given(const struct published *r)
{
	static const char *const dims[] = {"tp", "pp", "zero", "v", "b", "ep", "rc"};
	for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++)
		if (!given(r, dims[i]))
			return false;
	return true;
}

/* The rest is searched (§7), the published dimensions fixed; memory from a
 * Llama-like architecture of the row's sizes, Megatron's fused loss. */
static struct train_result searched(const struct published *r, struct train_input *in)
{
	static struct model m;
	struct scenario sc;
	struct workload w;
	struct train_best best;
	char text[32];
	int heads = (int)(num(r, "attn_w") / 128);
	m = (struct model){.id = "published", .name = r->val[0], .params_b = num(r, "params_b"),
			   .active_params_b = num(r, "active_b"), .layers = in->model.layers,
			   .hidden = in->model.hidden, .heads = heads,
			   .kv_heads = (int)num(r, "kv_heads"), .head_dim = 128,
			   .intermediate = (int)num(r, "ffn"), .vocab = (int)num(r, "vocab"),
			   .mlp = is(r, "mlp", "gelu") ? MLP_GELU : MLP_SWIGLU,
			   .tied_embeddings = is(r, "tied", "yes"), .dtype = -1};
	sc = synthetic_scenario(&m, "bf16", field(r, "task"));
	scenario_put(&sc, "context", field(r, "seq"));
	scenario_put(&sc, "loss", "chunked");
	snprintf(text, sizeof text, "%.0f", in->job.global_batch);
	scenario_put(&sc, "global-batch", text);
	cr_assert(workload_init(&w, &sc), "%s", w.error);
	struct train_space sp = {
		.w = &w, .usable = num(r, "memory_mib") * 1048576.0 / 1.2, .base = *in,
		.tp = (int)num(r, "tp"), .pp = (int)num(r, "pp"), .b = (int)num(r, "b"),
		.zero = given(r, "zero") ? (int)num(r, "zero") : -1,
		.rc = !given(r, "rc") ? RC_AUTO : num(r, "rc") == 0 ? RC_NONE : RC_FULL};
	for (int t = 1; t <= 8; t *= 2)
		if (heads % t == 0 && (m.kv_heads % t == 0 || m.kv_heads < t))
			sp.tp_mask |= 1u << t;
	cr_assert(training_days_best_shape(&sp, in->shape.cards, &in->net, &best), "%s: no shape",
		  r->val[0]);
	in->shape = best.sh;
	return best.r;
}

/* Model time / published time: > 1, the model is slower. */
static double published_ratio(const struct published *r, struct train_result *res,
			      struct train_shape *shape)
{
	struct train_input in = published_input(r);
	double cards = in.shape.cards, reported = num(r, "reported");
	*res = shape_given(r) ? run(&in) : searched(r, &in);
	*shape = in.shape;
	double tok_s_gpu = res->sequences * in.model.seq_len / res->step.total_s / cards;
	if (is(r, "metric", "tok_s_gpu"))
		return reported / tok_s_gpu;
	if (is(r, "metric", "mfu")) /* the same FLOPs count reads MFU as tokens/s */
		return reported * in.gpu.bf16_tflops * 1e12 / res->flops_per_token / tok_s_gpu;
	if (is(r, "metric", "gpu_hours"))
		return res->card_hours / reported;
	return res->days / reported;
}

static const char *const group_names[GROUPS] = {"tuned", "moe", "910b", "full_ft", "lora",
						"whole_run"};

struct tally {
	int n[GROUPS][2], within[GROUPS][2];
	double ratios[GROUPS][2][32];
};

static int median_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, median_cmp);
	return n == 0 ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void tally_row(struct tally *t, const struct published *r, double ratio)
{
	int g = 0, held = is(r, "role", "heldout");
	while (g < GROUPS && !is(r, "group", group_names[g]))
		g++;
	cr_assert_lt(g, GROUPS, "%s: group %s", r->val[0], field(r, "group"));
	t->ratios[g][held][t->n[g][held]++] = ratio;
	t->within[g][held] += fabs(ratio - 1) <= 0.25;
}

static void tally_print(struct tally *t, int *within, int *total)
{
	*within = *total = 0;
	fprintf(stderr, "%-10s %18s %18s\n", "group", "fit: in ±25 %, med", "held out");
	for (int g = 0; g < GROUPS; g++) {
		fprintf(stderr, "%-10s", group_names[g]);
		for (int h = 0; h < 2; h++) {
			fprintf(stderr, "   %2d of %2d, %5.2f", t->within[g][h], t->n[g][h],
				median(t->ratios[g][h], t->n[g][h]));
			*within += t->within[g][h];
			*total += t->n[g][h];
		}
		fputc('\n', stderr);
	}
}

Test(published, runs_within_25_percent_by_group)
{
	/* Each row: the model at the published shape (the dimensions not
	 * published searched) at gpuplan's GPU figures, against the published
	 * speed or whole run. Ratio = model time / published time (> 1: the
	 * model is slower). Found when this test was written, per group fit /
	 * held out within ±25 % (median ratio): tuned 8/9 (1.06), 5/5 (1.13);
	 * MoE 1/3 (1.41), 1/1 (EP all-to-all exposed: DualPipe-style overlap is
	 * not modelled, small experts read optimistic, §14); 910B 3/3 (1.14),
	 * 1/1; full fine-tune 1/3 (0.47), 0/1 (PaddleNLP's effective tokens read
	 * half the model's; xtuner's ZeRO-3 1.09–1.30); LoRA 2/3 (0.82), 0/1;
	 * whole runs 8/10 (0.95), 4/5 (Meta's Llama 3.1 8B/70B GPU-hours are 3×
	 * and 1.5× the model's: whole-run restarts beyond the goodput law).
	 * 34 of 45 in all (75.6 %), pinned: a change to the model shows here. */
	FILE *fp = fopen(FIXTURES "/training_published.csv", "r");
	cr_assert(fp, "training_published.csv");
	static char header[2048], line[2048];
	struct published r = {0};
	static struct tally t;
	while (fgets(header, sizeof header, fp) && header[0] == '#')
		;
	r.nh = split_csv(header, r.hdr);
	while (fgets(line, sizeof line, fp)) {
		struct train_result res;
		struct train_shape sh;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		r.n = split_csv(line, r.val);
		cr_assert_eq(r.n, r.nh, "%s: %d fields, expected %d", r.val[0], r.n, r.nh);
		double ratio = published_ratio(&r, &res, &sh);
		tally_row(&t, &r, ratio);
		fprintf(stderr, "%-9s %-8s %-42s %5.2f  eff %3.0f %%  TP%d PP%d v%d Z%d b%d e%d r%.2f\n",
			field(&r, "group"), field(&r, "role"), r.val[0], ratio, 100 * res.eff, sh.tp,
			sh.pp, sh.v, sh.zero, sh.b, sh.ep, sh.rc_share);
	}
	fclose(fp);
	int within, total;
	tally_print(&t, &within, &total);
	fprintf(stderr, "within ±25 %%: %d of %d\n", within, total);
	cr_assert_geq(within, 0.75 * total, "%d of %d within ±25 %%", within, total);
	cr_assert_eq(total, 45);
	cr_assert_eq(within, 34);
}

/* ---- Found unpinned by mutation testing (tests/mutation-report.txt) ---- */

/* The input check's edges (main's mutation test, carried onto this
 * model's API). mfu_train must be above 0 (0 would give infinite days)
 * and at most 1: 1 is taken. A model without a shape (layers, hidden,
 * sequence 0) is refused here: this model times each stage from its
 * layers and widths (§2.2), where the old one fell back to k·P·D alone.
 * At mfu_train 1 the compute is 0.45 of the time at 0.45 (μ scales with
 * mfu_train, §2.2), so the job is faster. */
Test(training, input_edges_zero_mfu_refused_zero_shape_refused)
{
	char err[200];
	struct train_result r;
	struct train_input in = llama8b(&h100, 8, 1, 1, 0, 0);
	double days_045 = run(&in).days;
	in.gpu.mfu_train = 0;
	cr_assert_not(training_time(&in, &r, err, sizeof err));
	cr_assert_str_eq(err, "expected a BF16 peak above 0 and 0 < mfu_train <= 1");
	in.gpu.mfu_train = 1;
	cr_assert(training_time(&in, &r, err, sizeof err), "%s", err);
	cr_assert_lt(r.days, days_045);
	in = llama8b(&h100, 8, 1, 1, 0, 0);
	in.model.layers = 0;
	in.model.hidden = 0;
	in.model.seq_len = 0;
	cr_assert_not(training_time(&in, &r, err, sizeof err));
	cr_assert_str_eq(err, "expected a model shape (layers, widths, sequence) above 0");
}

/* Own cards at price 0 for the deadline test below: 28 days on one card,
 * 28/G on G (compute only), billed at the prices the context gives. */
static bool own_days(void *ctx, int cards, struct train_point *out)
{
	*out = (struct train_point){.days = 28.0 / cards, .eff = 1, .offer = 0};
	training_bill(ctx, cards, out->days * 24, 8, &out->bill);
	return true;
}

/* Cards one already owns, entered at a price of 0: they are offered and
 * cost nothing, not "not offered". 2 cards for 100 h: hourly 2 × 0 × 100
 * = 0, monthly 2 × 0 × 1 = 0; no bare metal. Equal totals keep the first
 * way, the hourly one. The deadline solver takes them too: a 28-day job
 * (own_days) meets 7.5 days at 4 cards (7 d), the hourly way, for 0. */
Test(billing, cards_at_price_zero_are_offered_for_nothing)
{
	static const struct train_prices own = {
		.card_hourly = 0, .card_monthly = 0, .max_cards = 4, .machine_monthly = -1};
	struct train_bill b;
	training_bill(&own, 2, 100, 8, &b);
	cr_assert(b.offered[RENT_CONTAINER_HOURLY]);
	cr_assert(b.offered[RENT_CONTAINER_MONTHLY]);
	cr_assert_not(b.offered[RENT_BAREMETAL]);
	cr_assert_eq(b.cost[RENT_CONTAINER_HOURLY], 0);
	cr_assert_eq(b.cost[RENT_CONTAINER_MONTHLY], 0);
	cr_assert_eq(b.cheapest, RENT_CONTAINER_HOURLY);
	/* 7.5 days: 1, 2, 3 cards take 28, 14, 9.33; 4 take 7 (no bare metal) */
	struct train_search s = {.min_cards = 1, .deadline_days = 7.5, .container_max = 4,
				 .machine_monthly = -1, .days = own_days, .ctx = (void *)&own};
	struct train_choice c;
	cr_assert(training_solve_deadline(&s, &c));
	cr_assert(c.met);
	cr_assert_eq(c.cards, 4);
	cr_assert_eq(c.way, RENT_CONTAINER_HOURLY);
	cr_assert_eq(c.cost, 0);
	assert_rel(c.at.days, 7.0, 1e-12);
}
