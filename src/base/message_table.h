/* Every note and reason, one row each: adding a message is adding a row.
 * No include guard: message.h and message.c include this file with their
 * own MESSAGE(), once for the codes, once for the typed constructors, once
 * for the rows (the X-macro pattern).
 *
 * MESSAGE(CODE, key, SEVERITY, wording, arguments)
 *   CODE      the enum: MSG_CODE
 *   key       the stable name: JSON "code", the constructor msg_key()
 *   SEVERITY  INFO, NOTICE, WARNING or BLOCKER (enum message_severity)
 *   wording   FORM(N_("template")), or PLURAL(i, NP_("one", "other"))
 *             when the words follow the whole number argument i
 *   arguments ARGSn(KIND, name, ...): n of them, at most MESSAGE_ARGS,
 *             KIND one of INT (int), LONG (long long), DOUBLE, STRING
 *             (data kept as given: a GPU or model name), WORD (table text
 *             marked N_(), translated as the message renders) and MONEY
 *             (two parameters: name and name_currency, written where the
 *             template has %s as money is written everywhere: "¥18,800")
 *             and DAYS (a double, written where the template has %s by
 *             the days printer the lines use, duration_days_text: "3.04";
 *             two DAYS of one message that differ never read alike)
 *
 * Each name is the argument's key in the JSON "args" object; the templates
 * take the arguments in this order (a translation may reorder: %2$s). A
 * new row needs its Chinese at the end of po/zh_CN.po and its "code" in
 * doc/gpuplan-report.schema.json: tests/test_contract.c prints the
 * schema entry to paste. */

MESSAGE(NONE, none, INFO, FORM(""), ARGS0())
MESSAGE(NO_FIT_OVERHEAD, no_fit_overhead, BLOCKER,
	FORM(N_("does not fit: the runtime overhead alone fills the card with headroom")),
	ARGS0())
MESSAGE(NO_FIT_MAX_CARDS, no_fit_max_cards, BLOCKER,
	FORM(N_("does not fit on %d cards or fewer of this type")),
	ARGS1(INT, max_cards))
MESSAGE(NO_FIT_FORCED, no_fit_forced, BLOCKER,
	FORM(N_("does not fit on the %d cards asked for")),
	ARGS1(INT, cards))
MESSAGE(FP8_WITHOUT_HARDWARE, fp8_without_hardware, NOTICE,
	FORM(N_("FP8 without hardware FP8 on %s: stored as FP8, computed in 16-bit")),
	ARGS1(STRING, gpu))
MESSAGE(KV_FP8_WITHOUT_HARDWARE, kv_fp8_without_hardware, NOTICE,
	FORM(N_("FP8 KV cache without hardware FP8: dequantized on every read")),
	ARGS0())
MESSAGE(TP_OVER_PCIE, tp_over_pcie, NOTICE,
	FORM(N_("TP%d over PCIe scales poorly (no NVLink): pipeline parallel is the "
		"alternative")),
	ARGS1(INT, tp))
MESSAGE(REPLICAS, replicas, INFO,
	PLURAL(1, NP_("%d replicas of %d card, each serving %.0f sequences: more cards for "
		      "throughput, not for memory",
		      "%d replicas of %d cards, each serving %.0f sequences: more cards for "
		      "throughput, not for memory")),
	ARGS3(INT, replicas, INT, cards_per_replica, DOUBLE, sequences_per_replica))
MESSAGE(FULL_RECOMPUTE, full_recompute, INFO,
	FORM(N_("full activation recomputation: keeps layer inputs only (about a third more "
		"compute)")),
	ARGS0())
MESSAGE(MULTI_NODE, multi_node, WARNING,
	FORM(N_("multi-node: %d machines, a custom quote from sales; needs an IB network "
		"between machines")),
	ARGS1(INT, machines))
MESSAGE(MULTI_NODE_NO_IB, multi_node_offer_without_ib, WARNING,
	FORM(N_("multi-node: %d machines, a custom quote from sales; needs an IB network "
		"between machines (the offer used lists none)")),
	ARGS1(INT, machines))
MESSAGE(PARALLEL_EFFICIENCY, parallel_efficiency, INFO,
	FORM(N_("at %.0f %% parallel efficiency %.0f %% of the spend buys no compute")),
	ARGS2(DOUBLE, efficiency_pct, DOUBLE, idle_pct))
MESSAGE(DECODE_SCALING, decode_scaling, INFO,
	PLURAL(0, NP_("the %d card decodes at %.0f %% of %d single cards' speed at this batch: "
		      "the per-layer latency and the all-reduces are not divided among cards",
		      "the %d cards decode at %.0f %% of %d single cards' speed at this batch: "
		      "the per-layer latency and the all-reduces are not divided among cards")),
	ARGS3(INT, cards, DOUBLE, efficiency_pct, INT, single_cards))
MESSAGE(ARCH_APPROXIMATED, architecture_approximated, NOTICE,
	FORM(N_("%s: architecture approximated (%s): KV cache and activations are estimates")),
	ARGS2(STRING, model, STRING, source))
MESSAGE(MOE_RESIDENT, moe_all_resident, INFO,
	FORM(N_("MoE: all %.4gB parameters are resident; %.4gB are active per token")),
	ARGS2(DOUBLE, params_b, DOUBLE, active_params_b))
MESSAGE(BEYOND_NATIVE_CONTEXT, beyond_native_context, WARNING,
	FORM(N_("context %lld is beyond %s's native %d tokens")),
	ARGS3(LONG, context, STRING, model, INT, native_context))
MESSAGE(FP8_TRAINING_APPROXIMATE, fp8_training_approximate, NOTICE,
	FORM(N_("FP8 training memory is approximate (%s)")),
	ARGS1(WORD, accounting))
MESSAGE(TRAINING_ACCOUNTING, training_accounting, INFO,
	FORM(N_("training accounting: %s per trainable parameter")),
	ARGS1(WORD, accounting))
MESSAGE(QLORA_BASE, qlora_base, INFO,
	FORM(N_("QLoRA base in NF4 with double quantization (4.127 bits/param); embedding "
		"and LM head upcast to fp32 by PEFT's k-bit preparation")),
	ARGS0())
MESSAGE(LORA_QUANTIZED_BASE, lora_quantized_base, INFO,
	FORM(N_("LoRA over a %s-quantized base")),
	ARGS1(STRING, precision))
MESSAGE(LOSS_FULL, loss_full, INFO,
	FORM(N_("loss: the full logits as the Hugging Face Trainer holds them (bf16, an "
		"fp32 copy, log-softmax and gradients: 16 B per token and vocabulary entry); "
		"--loss chunked for torchtune, Liger or Megatron")),
	ARGS0())
MESSAGE(LOSS_CHUNKED, loss_chunked, INFO,
	FORM(N_("loss: chunked cross-entropy, one of 8 chunks of the fp32 logits held at a "
		"time")),
	ARGS0())
MESSAGE(NO_CONTAINER_OFFER, no_container_offer, NOTICE,
	FORM(N_("no container offer for %s")),
	ARGS1(STRING, gpu))
MESSAGE(CONTAINER_MAX_CARDS, container_max_cards, NOTICE,
	PLURAL(0, NP_("%d card: a container allows at most %d",
		      "%d cards: a container allows at most %d")),
	ARGS2(INT, cards, INT, max_cards))
MESSAGE(NO_BAREMETAL_OFFER, no_baremetal_offer, NOTICE,
	FORM(N_("no bare-metal offer for %s")),
	ARGS1(STRING, gpu))
MESSAGE(SHAPE_TP_SIZE, shape_tp_size, BLOCKER,
	FORM(N_("TP%d is not a shape inside one machine: tensor parallel is 1, 2, 4 or 8")),
	ARGS1(INT, tp))
MESSAGE(SHAPE_TP_HEADS, shape_tp_heads, BLOCKER,
	FORM(N_("TP%d does not divide %s's %d attention heads")),
	ARGS3(INT, tp, STRING, model, INT, heads))
MESSAGE(SHAPE_PP_LAYERS, shape_pp_layers, BLOCKER,
	FORM(N_("PP%d has more stages than the model's %d layers")),
	ARGS2(INT, pp, INT, layers))
MESSAGE(SHAPE_CARDS, shape_cards, BLOCKER,
	FORM(N_("%d cards is not a multiple of TP%d × PP%d")),
	ARGS3(INT, cards, INT, tp, INT, pp))
MESSAGE(SHAPE_NO_FIT, shape_no_fit, BLOCKER,
	FORM(N_("the shape asked for (TP%d×PP%d×%d) does not fit in memory")),
	ARGS3(INT, tp, INT, pp, INT, replicas))
/* Serving (SERVING.md §4-§7, PERFORMANCE.md §2). */
MESSAGE(SHAPE_EP_DENSE, shape_ep_dense, BLOCKER,
	FORM(N_("expert parallel needs a MoE model: %s is dense")),
	ARGS1(STRING, model))
MESSAGE(SHAPE_DPA_NO_MLA, shape_dpa_no_mla, BLOCKER,
	FORM(N_("DP-attention with expert parallel needs a MoE model with MLA attention (as "
		"DeepSeek-V3): %s is not one")),
	ARGS1(STRING, model))
MESSAGE(SHAPE_KIND_CARDS, shape_kind_cards, WARNING,
	FORM(N_("%s on cannot be built on %d cards (DP-attention: a group of 2, 4 or a multiple "
		"of 8 cards; expert parallel: TP 2, 4 or 8 dividing the experts): planned without "
		"it")),
	ARGS2(STRING, option, INT, cards))
MESSAGE(USERS_QUEUE, users_queue, WARNING,
	FORM(N_("the plan holds %lld users at once: %lld more wait for a slot, time to first "
		"token %.1f s")),
	ARGS3(LONG, held, LONG, waiting, DOUBLE, ttft_s))
MESSAGE(FP8_AS_INT8, fp8_as_int8, NOTICE,
	FORM(N_("FP8 is not a serving format on %s: computed as W8A8 INT8 at its INT8 peak")),
	ARGS1(STRING, gpu))
MESSAGE(FP8_NOT_SERVED, fp8_not_served, BLOCKER,
	FORM(N_("FP8 is not a serving format on %s and its row gives no INT8 peak: serve int8 "
		"(W8A8) or bf16")),
	ARGS1(STRING, gpu))
MESSAGE(MULTI_NODE_PP, multi_node_pipeline, WARNING,
	FORM(N_("multi-node: %d machines, a custom quote from sales; the pipeline stages send "
		"KB to MB a step between machines, which Ethernet carries (no IB needed)")),
	ARGS1(INT, machines))
MESSAGE(MULTI_NODE_REPLICAS, multi_node_replicas, INFO,
	FORM(N_("%d machines of replicas, each replica inside one machine: nothing crosses "
		"between them (no IB needed)")),
	ARGS1(INT, machines))
MESSAGE(RATE_REPLICAS, rate_replicas, INFO,
	PLURAL(3, NP_("%.4g requests/s: each replica takes at most %.4g within the targets "
		      "(%s binds), so %d replica",
		      "%.4g requests/s: each replica takes at most %.4g within the targets "
		      "(%s binds), so %d replicas")),
	ARGS4(DOUBLE, rate, DOUBLE, max_rate_per_replica, WORD, binding, INT, replicas))
MESSAGE(RATE_UNREACHABLE, rate_unreachable, WARNING,
	FORM(N_("no replica of this shape meets the targets: one request at a time already "
		"misses the %s")),
	ARGS1(WORD, target))
MESSAGE(PERCENTILE_ESTIMATE, percentile_estimate, INFO,
	FORM(N_("p%.4g figures are estimates: Poisson arrivals, fixed prompt and answer "
		"lengths, one queue for prefill (M/D/1)")),
	ARGS1(DOUBLE, percentile))
MESSAGE(WHY_TTFT_TOO_SLOW, why_ttft_too_slow, WARNING,
	FORM(N_("time to first token %.2f s is above the %.2f s asked for")),
	ARGS2(DOUBLE, ttft_s, DOUBLE, slo_ttft_s))
MESSAGE(WHY_TTFT_UNREACHABLE, why_ttft_unreachable, WARNING,
	PLURAL(1, NP_("no shape reaches a time to first token of %.2f s: the lowest, on %d "
		      "card, is %.2f s",
		      "no shape reaches a time to first token of %.2f s: the lowest, on %d "
		      "cards, is %.2f s")),
	ARGS3(DOUBLE, slo_ttft_s, INT, cards, DOUBLE, ttft_s))
MESSAGE(WHY_SAME_PRICE_FASTER, why_same_price_faster, INFO,
	FORM(N_("same price as the memory minimum, %.1f× output tokens/s")),
	ARGS1(DOUBLE, speedup))
MESSAGE(WHY_SAME_INSTANCE_FASTER, why_same_instance_faster, INFO,
	PLURAL(0, NP_("no price on file: on the same instance size as the memory minimum, %d "
		      "card, %.1f× output tokens/s",
		      "no price on file: on the same instance size as the memory minimum, %d "
		      "cards, %.1f× output tokens/s")),
	ARGS2(INT, cards, DOUBLE, speedup))
MESSAGE(ALT_IDLE_CARDS, alternative_idle_cards, INFO,
	FORM(N_("uses the idle cards of the paid machine: %.1f× tokens/s, same price")),
	ARGS1(DOUBLE, speedup))
MESSAGE(ALT_CHEAPEST_PER_TOKEN, alternative_cheapest_per_token, INFO,
	FORM(N_("cheapest per million output tokens at full load: %s per million")),
	ARGS1(MONEY, cost_per_million_output))
MESSAGE(ALT_STEP_UP, alternative_step_up, INFO,
	FORM(N_("one step up: %s more a month for %.1f× output tokens/s and a TTFT of %.2f s")),
	ARGS3(MONEY, extra_monthly, DOUBLE, speedup, DOUBLE, ttft_s))
MESSAGE(ALT_KV_FP8, alternative_kv_fp8, INFO,
	FORM(N_("an FP8 KV cache (--kv-precision fp8) halves it: %s a month, %.0f %% of the "
		"plan's, for %.1f× output tokens/s; check the answers on long prompts before "
		"committing")),
	ARGS3(MONEY, monthly, DOUBLE, spend_pct, DOUBLE, speedup))
MESSAGE(ALT_WEIGHTS_FP8, alternative_weights_fp8, INFO,
	FORM(N_("FP8 weights (-p fp8): %s a month, %.0f %% of the plan's, for %.1f× output "
		"tokens/s; FP8 is close to 16-bit quality on most models: check on your own "
		"prompts")),
	ARGS3(MONEY, monthly, DOUBLE, spend_pct, DOUBLE, speedup))
MESSAGE(ALT_WEIGHTS_INT4, alternative_weights_int4, INFO,
	FORM(N_("int4 weights (-p int4, GPTQ/AWQ, computed in 16 bits): %s a month, %.0f %% of "
		"the plan's, for %.1f× output tokens/s; answers can be less accurate: check on "
		"your own prompts")),
	ARGS3(MONEY, monthly, DOUBLE, spend_pct, DOUBLE, speedup))
MESSAGE(ALT_TTFT_RELAXED, alternative_ttft_relaxed, INFO,
	FORM(N_("what the TTFT target costs: with --slo-ttft %.3gs, %s a month, %.0f %% of the "
		"plan's, the first token after %.3g s")),
	ARGS4(DOUBLE, target_s, MONEY, monthly, DOUBLE, spend_pct, DOUBLE, ttft_s))
MESSAGE(ALT_WITHIN_BUDGET, alternative_within_budget, INFO,
	FORM(N_("the fastest within the budget of %s a month: %.1f× output tokens/s")),
	ARGS2(MONEY, budget, DOUBLE, speedup))
MESSAGE(BUDGET_SHORT, budget_short, WARNING,
	FORM(N_("the budget of %s a month is short by %s: the cheapest plan that meets the "
		"goals costs %s")),
	ARGS3(MONEY, budget, MONEY, short_by, MONEY, cheapest))
MESSAGE(TRAIN_BUDGET_SHORT, train_budget_short, WARNING,
	FORM(N_("the job budget of %s is short by %s: the plan costs %s for the job")),
	ARGS3(MONEY, budget, MONEY, short_by, MONEY, cost))
MESSAGE(TRAIN_BUDGET_NEEDS_TOKENS, train_budget_needs_tokens, NOTICE,
	FORM(N_("--budget for a training task is the whole job's spend: give --train-tokens to "
		"size the job it buys")),
	ARGS0())
MESSAGE(TRAIN_BUDGET_FASTEST, train_budget_fastest, INFO,
	PLURAL(0, NP_("%d card, %.2f days for %s, is the fastest within the job budget of %s",
		      "%d cards, %.2f days for %s, are the fastest within the job budget of %s")),
	ARGS4(INT, cards, DOUBLE, days, MONEY, cost, MONEY, budget))
MESSAGE(WHY_MEMORY_MINIMUM, why_memory_minimum, INFO,
	PLURAL(0, NP_("the memory minimum was %d card, TP%d × PP%d: %.1f tokens/s per user",
		      "the memory minimum was %d cards, TP%d × PP%d: %.1f tokens/s per user")),
	ARGS4(INT, cards, INT, tp, INT, pp, DOUBLE, user_tokens_per_s))
MESSAGE(WHY_TOO_SLOW, why_too_slow, WARNING,
	FORM(N_("%.1f tokens/s per user is below the %.1f asked for")),
	ARGS2(DOUBLE, user_tokens_per_s, DOUBLE, min_speed))
MESSAGE(WHY_SPEED_UNREACHABLE, why_speed_unreachable, WARNING,
	PLURAL(1, NP_("no shape reaches %.1f tokens/s per user: the fastest, on %d card, gives "
		      "%.1f",
		      "no shape reaches %.1f tokens/s per user: the fastest, on %d cards, gives "
		      "%.1f")),
	ARGS3(DOUBLE, min_speed, INT, cards, DOUBLE, user_tokens_per_s))
MESSAGE(WHY_FORCED, why_forced, INFO,
	FORM(N_("the shape is forced (--cards, --tp or --pp): no speed target is applied")),
	ARGS0())
MESSAGE(WHY_TRAIN_MEMORY_MINIMUM, why_train_memory_minimum, INFO,
	PLURAL(0, NP_("the memory minimum was %d card: %s days at %.0f %% parallel efficiency",
		      "the memory minimum was %d cards: %s days at %.0f %% parallel "
		      "efficiency")),
	ARGS3(INT, cards, DAYS, days, DOUBLE, efficiency_pct))
MESSAGE(WHY_PAST_DEADLINE, why_past_deadline, WARNING,
	FORM(N_("%s days is past the %s-day deadline")),
	ARGS2(DAYS, days, DAYS, deadline_days))
MESSAGE(WHY_DEADLINE_CHEAPEST, why_deadline_cheapest, INFO,
	PLURAL(0, NP_("%d card, %s, is the cheapest way to meet the deadline: %s for the job",
		      "%d cards, %s, are the cheapest way to meet the deadline: %s for the job")),
	ARGS3(INT, cards, WORD, way, MONEY, total))
MESSAGE(WHY_DEADLINE_UNREACHABLE, why_deadline_unreachable, WARNING,
	PLURAL(1, NP_("no card count meets the %s-day deadline: the fastest, %d card, takes "
		      "%s days",
		      "no card count meets the %s-day deadline: the fastest, %d cards, takes "
		      "%s days")),
	ARGS3(DAYS, deadline_days, INT, cards, DAYS, days))
MESSAGE(TRAIN_NETWORK_ASSUMED, train_network_assumed, NOTICE,
	FORM(N_("between machines: %s assumed at %.4g GB/s (the offer gives no "
		"inter_node_gbs)")),
	ARGS2(WORD, network, DOUBLE, gbs))
MESSAGE(TRAIN_NO_FP8, train_no_fp8, NOTICE,
	FORM(N_("%s has no FP8: training time at its BF16 peak")),
	ARGS1(STRING, gpu))
MESSAGE(TRAIN_MEASURED, train_measured, INFO,
	FORM(N_("training days from the measured speed-ups (USL sigma %.4f, kappa %.4g): %s, "
		"±%.0f %%")),
	ARGS4(DOUBLE, sigma, DOUBLE, kappa, WORD, band_kind, DOUBLE, band_pct))
MESSAGE(TRAIN_NETWORK_UNKNOWN, train_network_unknown, NOTICE,
	FORM(N_("%s: network unknown: 25G Ethernet assumed")),
	ARGS1(STRING, region))
MESSAGE(TRAIN_NETWORK_INHERITED, train_network_inherited, INFO,
	FORM(N_("%s: network %s, from its quote of %s")),
	ARGS3(STRING, region, STRING, network, STRING, quoted))
MESSAGE(TRAIN_CROSS_MACHINE_NO_IB, train_cross_machine_no_ib, WARNING,
	FORM(N_("cross-machine over %s: efficiency %.0f %%")),
	ARGS2(STRING, network, DOUBLE, efficiency_pct))
MESSAGE(TRAIN_REGION_CHOSEN, train_region_chosen, INFO,
	FORM(N_("cross-machine plan on %s (%s): %.2f days, %s")),
	ARGS4(STRING, region, STRING, network, DOUBLE, days, MONEY, cost))
MESSAGE(TRAIN_REGION_OTHER, train_region_other, INFO,
	FORM(N_("%s (%s) needs %.2f days, %s")),
	ARGS4(STRING, region, STRING, network, DOUBLE, days, MONEY, cost))
MESSAGE(TRAIN_PP_ZERO, train_pp_zero, WARNING,
	FORM(N_("ZeRO-%d with pipeline parallel only because it was asked for: DeepSpeed's "
		"pipeline refuses ZeRO-2 and ZeRO-3, Megatron's distributed optimizer is ZeRO-1")),
	ARGS1(INT, zero))
MESSAGE(PARTIAL_RECOMPUTE, partial_recompute, INFO,
	FORM(N_("activation recomputation of %d of %d layers a stage: %.0f %% more compute")),
	ARGS3(INT, layers, INT, stage_layers, DOUBLE, extra_compute_pct))
MESSAGE(WHY_TRAIN_FILLED, why_train_filled, INFO,
	PLURAL(0, NP_("all %d card of the paid machines: %.2f days instead of %.2f, for no more "
		      "money",
		      "all %d cards of the paid machines: %.2f days instead of %.2f, for no more "
		      "money")),
	ARGS3(INT, cards, DOUBLE, days, DOUBLE, memory_minimum_days))
MESSAGE(WHY_TRAIN_SAME_INSTANCE, why_train_same_instance, INFO,
	PLURAL(0, NP_("no price on file: on the instance the memory minimum takes, %d card, "
		      "%.2f days instead of %.2f",
		      "no price on file: on the instance the memory minimum takes, %d cards, "
		      "%.2f days instead of %.2f")),
	ARGS3(INT, cards, DOUBLE, days, DOUBLE, memory_minimum_days))
MESSAGE(WHY_TRAIN_CHEAPEST, why_train_cheapest, INFO,
	PLURAL(0, NP_("%d card, %s, runs the job for the least money (at a tie the soonest): %s, "
		      "%.2f days",
		      "%d cards, %s, run the job for the least money (at a tie the soonest): %s, "
		      "%.2f days")),
	ARGS4(INT, cards, WORD, way, MONEY, total, DOUBLE, days))
/* A data warning on the model in use, on every surface the model's
 * figures reach (DATA.md: "the loader warns ... on every surface"). */
MESSAGE(DATA_PARAMS_DIFFER, data_params_differ, WARNING,
	FORM(N_("data: %s %.4gB differs from the %.4gB the architecture implies by %.0f %%: "
		"the figures use the listed count (see --check-data)")),
	ARGS4(STRING, cell, DOUBLE, listed_b, DOUBLE, implied_b, DOUBLE, gap_pct))
MESSAGE(QLORA_BASE_BF16, qlora_base_bf16, INFO,
	FORM(N_("QLoRA base in NF4 with double quantization (4.127 bits/param); embedding "
		"and LM head kept in bf16, as torchtune does (the Hugging Face stack, --loss "
		"full, upcasts them to fp32)")),
	ARGS0())
MESSAGE(SIZE_OF_MODEL, size_of_model, NOTICE,
	FORM(N_("%.4gB is the size of %s: -m %s sizes its exact shape")),
	ARGS3(DOUBLE, size_b, STRING, model, STRING, model_id))
MESSAGE(SIZE_OF_MOE_MODEL, size_of_moe_model, WARNING,
	FORM(N_("%.4gB is the total of %s, a MoE model: a bare size is sized as a dense "
		"model with every parameter active; -m %s sizes its experts")),
	ARGS3(DOUBLE, size_b, STRING, model, STRING, model_id))
MESSAGE(FP4_WITHOUT_HARDWARE, fp4_without_hardware, NOTICE,
	FORM(N_("%s without FP4 tensor cores on %s: dequantized to 16-bit as it is read "
		"(weight-only)")),
	ARGS2(STRING, precision, STRING, gpu))
MESSAGE(NOT_NATIVE_ON_GPU, not_native_on_gpu, WARNING,
	FORM(N_("%s is not native on %s: its kernels are CUDA-first, so it runs emulated, "
		"slower than estimated, or not at all; natively the card runs %s")),
	ARGS3(WORD, format, STRING, gpu, WORD, native))
/* --trial (issue 22): what was read, what the fit gave, where it holds */
MESSAGE(TRIAL_READ, trial_read, INFO,
	PLURAL(2, NP_("trial %s: %s, %d run", "trial %s: %s, %d runs")),
	ARGS3(STRING, file, WORD, format, INT, runs))
MESSAGE(TRIAL_FITTED, trial_fitted, INFO,
	FORM(N_("calibrated from your trial on %s: mbu %.2f, mfu_infer %.2f, sw %.2f")),
	ARGS4(STRING, gpu, DOUBLE, mbu, DOUBLE, mfu_infer, DOUBLE, sw))
MESSAGE(TRIAL_CALIBRATED, trial_calibrated, INFO,
	PLURAL(0, NP_("calibrated from your trial (%d point, fit within %.1f %%): speeds ±%.0f %%",
		      "calibrated from your trial (%d points, fit within %.1f %%): speeds ±%.0f %%")),
	ARGS3(INT, points, DOUBLE, fit_pct, DOUBLE, band_pct))
MESSAGE(TRIAL_OUTSIDE, trial_outside, NOTICE,
	FORM(N_("outside what the trial measured (TP%d on one machine, %.0f to %.0f at once): "
		"speeds ±%.0f %%")),
	ARGS4(INT, tp, DOUBLE, load_min, DOUBLE, load_max, DOUBLE, band_pct))
MESSAGE(TRIAL_OTHER_GPU, trial_other_gpu, WARNING,
	FORM(N_("the trial ran on %s, the plan is for %s: only %s is calibrated")),
	ARGS3(STRING, trial_gpu, STRING, planned_gpu, STRING, calibrated))
MESSAGE(TRIAL_POOR_FIT, trial_poor_fit, WARNING,
	FORM(N_("the trial fits the model only within %.0f %%: check that it ran this model, "
		"TP and GPU")),
	ARGS1(DOUBLE, fit_pct))
MESSAGE(TRIAL_AT_LIMIT, trial_at_limit, NOTICE,
	FORM(N_("the trial does not measure %s: its fit stops at the limit, e^3 from the "
		"bundled value (short prompts, a burst: run fixed lengths at a fixed concurrency)")),
	ARGS1(STRING, factor))
MESSAGE(TRIAL_OTHER_MODEL, trial_other_model, WARNING,
	FORM(N_("trial %s ran %s, the scenario plans %s: the fit assumes the same model")),
	ARGS3(STRING, file, STRING, trial_model, STRING, model))
/* --trial's memory log (nvidia-smi, npu-smi) */
MESSAGE(TRIAL_MEMORY_READ, trial_memory_read, INFO,
	FORM(N_("trial %s: %s, peak %.1f GiB of %.1f GiB a card")),
	ARGS4(STRING, file, WORD, format, DOUBLE, peak_gib, DOUBLE, card_gib))
MESSAGE(TRIAL_MEMORY_FULL, trial_memory_full, WARNING,
	FORM(N_("the trial's memory peak %.1f GiB is within 5 %% of the card's %.1f GiB: out of "
		"memory is near, unless it is the engine's reservation")),
	ARGS2(DOUBLE, peak_gib, DOUBLE, card_gib))
MESSAGE(TRIAL_MEMORY_RESERVED, trial_memory_reserved, NOTICE,
	FORM(N_("the trial's peak %.1f GiB of %.1f GiB a card is the engine's reservation "
		"(--gpu-memory-utilization, --mem-fraction-static), not the need: not carried into "
		"the plan")),
	ARGS2(DOUBLE, peak_gib, DOUBLE, card_gib))
MESSAGE(TRIAL_MEMORY_BELOW, trial_memory_below, INFO,
	FORM(N_("the trial's peak %.1f GiB a card is below the estimate %.1f GiB: the estimate is "
		"kept")),
	ARGS2(DOUBLE, peak_gib, DOUBLE, estimate_gib))
MESSAGE(TRIAL_MEMORY_OVERHEAD, trial_memory_overhead, NOTICE,
	PLURAL(2, NP_("overhead includes %.2f GiB measured in your trial: peak %.1f GiB a card on %d "
		      "card against %.1f GiB estimated",
		      "overhead includes %.2f GiB measured in your trial: peak %.1f GiB a card on %d "
		      "cards against %.1f GiB estimated")),
	ARGS4(DOUBLE, extra_gib, DOUBLE, peak_gib, INT, cards, DOUBLE, estimate_gib))
/* --trial's billing: the month against the hour at the trial's own speed */
MESSAGE(TRIAL_BILLING, trial_billing, INFO,
	FORM(N_("your trial: %s per million output tokens by the hour, %s by the month at %.0f %% "
		"duty; the month is cheaper above %.0f hours a month")),
	ARGS4(MONEY, by_hour, MONEY, by_month, DOUBLE, duty_pct, DOUBLE, break_even_hours))
MESSAGE(TRIAL_BILLING_MONTH, trial_billing_month, INFO,
	FORM(N_("your trial: %s per million output tokens by the month at %.0f %% duty (no hourly "
		"price for this GPU)")),
	ARGS2(MONEY, by_month, DOUBLE, duty_pct))
/* --trial's diagnosis: the seeds' FAQ */
MESSAGE(TRIAL_USL_PEAK, trial_usl_peak, WARNING,
	FORM(N_("more cards than the interconnect carries: the speed-up peaks near %.0f cards (USL "
		"sigma %.3f, kappa %.5f)")),
	ARGS3(DOUBLE, peak_cards, DOUBLE, sigma, DOUBLE, kappa))
MESSAGE(TRIAL_LOW_UTILISATION, trial_low_utilisation, WARNING,
	FORM(N_("utilisation %.0f %% on one card in the trial: the card waits for data loading or "
		"the CPU, and more cards will not help")),
	ARGS1(DOUBLE, utilisation_pct))
