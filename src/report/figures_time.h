/* The serving figures (SERVING.md §13): the groups and getters of
 * throughput{}, throughput_at_max{}, open_loop{} and memory_minimum{}
 * that figures.c's table lists (its rows and their labels stay there). */
#ifndef GPUPLAN_FIGURES_TIME_H
#define GPUPLAN_FIGURES_TIME_H

#include "figures.h"

/* Per time group: the group, its costs, efficiencies, band and step
 * terms (decode: the step without prefill, prefill: with a chunk). */
#define FIGURES_TIME_GROUPS(name)                                                       \
	extern const struct figure_group name, name##_cost_output, name##_cost_total,   \
		name##_efficiency, name##_band, name##_step, name##_step_decode,        \
		name##_step_prefill;
FIGURES_TIME_GROUPS(fg_throughput)
FIGURES_TIME_GROUPS(fg_throughput_at_max)
extern const struct figure_group fg_open_loop, fg_memory_minimum;

#define FIGURES_TIME_GETTERS(X)                                                          \
	X(t_bound) X(t_concurrency) X(t_max_concurrency) X(t_waiting) X(t_ttft) X(t_tpot)    \
	X(t_itl_p50) X(t_itl_p99) X(t_e2e) X(t_user) X(t_delivered) X(t_output) X(t_total)  \
	X(t_out_container) X(t_out_baremetal) X(t_tot_container) X(t_tot_baremetal)         \
	X(t_currency) X(t_break_even)                                                       \
	X(t_n_d) X(t_n_p) X(t_chunk) X(t_share) X(t_rho) X(t_phi) X(t_n_mb)                   \
	X(s_total) X(s_weights) X(s_mm_compute) X(s_mm) X(s_kv) X(s_at_compute) X(s_at)       \
	X(s_fixed) X(s_comm) X(s_send)                                                      \
	X(t_mbu) X(t_mbu_kv) X(t_mbu_moe) X(t_mfu) X(t_mfu_attn) X(t_eta_dq) X(t_tau_layer)   \
	X(t_tau_moe) X(t_sw) X(t_alpha) X(t_eta_ar) X(t_bw_ar) X(t_kappa) X(t_chunk_setting) \
	X(t_path) X(t_peak) X(t_bandwidth) X(t_fp8) X(t_engine)                              \
	X(t_band_low) X(t_band_high) X(t_band)                                               \
	X(o_rate) X(o_rate_per_replica) X(o_percentile) X(o_stable) X(o_ttft_mean) X(o_ttft_p) \
	X(o_tpot_mean) X(o_tpot_p) X(o_itl_p50) X(o_itl_p99) X(o_in_flight) X(o_rho)          \
	X(o_max_rate) X(o_replicas) X(o_cards) X(o_meets) X(o_binding)                        \
	X(m_cards) X(m_tp) X(m_pp) X(m_replicas) X(m_per_card) X(m_ttft) X(m_tpot) X(m_output)
#define FIGURES_TIME_DECLARE(name) figure_get_fn name;
FIGURES_TIME_GETTERS(FIGURES_TIME_DECLARE)

#endif
