/* The figures table's getters (figures_get.c), one named function per
 * figure so grep, ctags and a debugger find each: only figures.c, whose
 * rows point at them, includes this. Each holds its own condition and is
 * false when its figure does not apply (JSON null, an empty CSV cell). */
#ifndef GPUPLAN_FIGURES_GET_H
#define GPUPLAN_FIGURES_GET_H

#include "figure_value.h"

/* The plan. */
figure_plan_fn get_gpu_id, get_gpu_name, get_capacity, get_fits, get_fit_word, get_short_of_goals, get_cards,
	get_machines, get_tp, get_pp, get_dp, get_zero, get_recompute, get_strategy, get_need,
	get_with_headroom, get_utilization, get_efficiency, get_effective,
	get_memory_minimum, get_train_mfu_train, get_train_peak_cards, get_lists,
	get_scaling_applies, get_train_link, get_train_eta_link, get_network_used_applies,
	get_micro_batch, get_virtual_stages, get_expert_parallel, get_recompute_share;
figure_term_fn get_term;

/* A way of renting: r is the group's (container or bare metal). */
figure_rent_fn get_rent_available, get_rent_region, get_rent_reason, get_rent_discount,
	get_rent_source, get_rent_max_cards, get_rent_per_card, get_rent_total, get_rent_hourly,
	get_rent_collected, get_rent_machines, get_rent_per_machine, get_rent_idle,
	get_rent_idle_cost, get_rent_network, get_rent_inter_node;

/* The time model at the concurrency or at max_concurrency. */
figure_time_fn get_time_bound, get_time_concurrency, get_time_max_concurrency, get_time_ttft,
	get_time_tpot, get_time_user, get_time_output, get_time_total, get_time_out_container,
	get_time_out_baremetal, get_time_tot_container, get_time_tot_baremetal, get_time_currency,
	get_time_break_even, get_time_mbu, get_time_mbu_kv, get_time_mfu, get_time_peak,
	get_time_bandwidth, get_time_fp8, get_time_band;

/* The training estimate, and one way to pay for its job. */
figure_train_fn get_train_flops, get_train_k, get_train_k_att, get_train_mfu, get_train_goodput,
	get_train_days, get_train_card_hours, get_train_eff, get_train_sequences,
	get_train_micro_batches, get_train_bubble, get_train_dp_s, get_train_step_compute,
	get_train_step_tp, get_train_step_ep, get_train_step_pp_send, get_train_step_bubble,
	get_train_step_dp, get_train_step_total, get_train_peak, get_train_goodput_ops, get_train_fail,
	get_train_lost, get_train_eta_net, get_train_w0, get_train_qlora, get_train_fp8_factor,
	get_train_grad_bytes, get_train_param_bytes, get_train_ib_gbs, get_train_ethernet_gbs,
	get_train_none_gbs, get_train_unknown_gbs, get_train_pretrain_batch, get_train_finetune_batch,
	get_train_per_machine, get_train_max_cards, get_train_bw_link, get_train_idle, get_train_band,
	get_train_for_deadline, get_train_meets, get_train_fits, get_train_bw_node, get_train_sigma,
	get_train_kappa, get_train_x1, get_train_rho, get_train_band_kind, get_train_cheapest,
	get_train_prorated, get_net_region, get_net_network, get_net_inter_node, get_net_node_gbs,
	get_net_inherited, get_net_inherited_from, get_net_why;
figure_way_fn get_way_cards, get_way_total, get_way_prorated;

/* A list's item i: the why, the alternatives, the scaling tiers. */
figure_item_fn get_why_item, get_alt_strategy, get_alt_cards, get_alt_tp, get_alt_pp,
	get_alt_dp, get_alt_tokens, get_alt_user, get_alt_monthly, get_alt_per_million,
	get_alt_why, get_tier_cards, get_tier_days, get_tier_eff, get_tier_cost, get_tier_way,
	get_tier_prorated, get_tier_tp, get_tier_pp, get_tier_dp, get_tier_zero,
	get_tier_micro_batch, get_tier_region, get_tier_band, get_cmp_region, get_cmp_network,
	get_cmp_days, get_cmp_eff, get_cmp_cost;

#endif
