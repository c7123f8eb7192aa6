/* The serving figures' getters (SERVING.md §13), one named function per
 * figure as figures_get.h's: throughput{}'s loaded-speed figures, step{}
 * (the decode step and the step with a prefill chunk), efficiency{}'s
 * engine constants, band{}, open_loop{} and memory_minimum{}. Only
 * figures.c, whose rows point at them, includes this. */
#ifndef GPUPLAN_FIGURES_SERVING_H
#define GPUPLAN_FIGURES_SERVING_H

#include "figure_value.h"

figure_time_fn get_time_waiting, get_time_itl_p50, get_time_itl_p99, get_time_e2e,
	get_time_delivered;
figure_time_fn get_step_n_d, get_step_n_p, get_step_chunk, get_step_share, get_step_rho,
	get_step_phi, get_step_n_mb;
figure_time_fn get_dec_total, get_dec_weights, get_dec_mm_compute, get_dec_mm, get_dec_kv,
	get_dec_at_compute, get_dec_at, get_dec_fixed, get_dec_comm, get_dec_send;
figure_time_fn get_pre_total, get_pre_weights, get_pre_mm_compute, get_pre_mm, get_pre_kv,
	get_pre_at_compute, get_pre_at, get_pre_fixed, get_pre_comm, get_pre_send;
figure_time_fn get_eff_mbu_moe, get_eff_mfu_attn, get_eff_eta_dq, get_eff_tau_layer,
	get_eff_tau_moe, get_eff_sw, get_eff_alpha, get_eff_eta_ar, get_eff_bw_ar, get_eff_kappa,
	get_eff_chunk, get_eff_path, get_eff_alpha_p2p, get_eff_alpha_p2p_net, get_eff_net_gbs,
	get_eff_alpha_a2a, get_eff_alpha_net;
figure_time_fn get_band_low, get_band_high;
figure_time_fn get_open_rate, get_open_rate_per_replica, get_open_percentile, get_open_stable,
	get_open_ttft_mean, get_open_ttft_p, get_open_tpot_mean, get_open_tpot_p, get_open_itl_p50,
	get_open_itl_p99, get_open_in_flight, get_open_rho, get_open_max_rate, get_open_replicas,
	get_open_cards, get_open_meets, get_open_binding;
figure_plan_fn get_min_cards, get_min_tp, get_min_pp, get_min_replicas, get_min_per_card,
	get_min_ttft, get_min_tpot, get_min_output;

#endif
