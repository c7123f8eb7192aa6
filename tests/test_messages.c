/* Messages as data: every row of the table renders, plural choice,
 * grouping across plans, and the codes the planner gives known cases. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "message.h"
#include "money.h"
#include "plan_text.h"
#include "report.h"
#include "helpers.h"

TestSuite(messages);
TestSuite(plan_notes, .init = ref_setup, .fini = ref_teardown);

static const char *text(const struct message *m)
{
	static char buf[MESSAGE_TEXT_MAX];
	return message_format(m, buf, sizeof buf);
}

Test(messages, every_row_has_a_key_and_templates_that_match_its_arguments)
{
	for (int c = 0; c < MSG_COUNT; c++) {
		const struct message_row *r = &message_rows[c];
		cr_assert(r->key && r->key[0], "code %d has no key", c);
		cr_assert(r->args && r->forms[0], "code %d (%s)", c, r->key);
		cr_assert(message_template_valid(r->forms[0], r->args), "%s: \"%s\" vs %s", r->key,
			  r->forms[0], r->args);
		if (r->forms[1]) {
			cr_assert(message_template_valid(r->forms[1], r->args), "%s: plural", r->key);
			cr_assert_lt((size_t)r->count, strlen(r->args), "%s: count", r->key);
			cr_assert(strchr("dl", r->args[r->count]), "%s: count is not a whole number",
				  r->key);
		}
		for (int k = 0; k < c; k++)
			cr_assert_str_neq(r->key, message_rows[k].key, "two codes share a key");
	}
}

Test(messages, keys_are_stable)
{
	cr_assert_str_eq(message_key(MSG_TP_OVER_PCIE), "tp_over_pcie");
	cr_assert_str_eq(message_key(MSG_MULTI_NODE), "multi_node");
	cr_assert_str_eq(message_key(MSG_PARALLEL_EFFICIENCY), "parallel_efficiency");
	cr_assert_str_eq(message_key(MSG_COUNT), "none"); /* out of range: the empty message */
}

Test(messages, template_checker_refuses_mismatches)
{
	cr_assert(message_template_valid("TP%d over %s, 100 %%", "ds"));
	cr_assert(message_template_valid("%2$s 上的 TP%1$d", "ds")); /* a translation reorders */
	cr_assert_not(message_template_valid("TP%s", "d"));          /* wrong kind */
	cr_assert_not(message_template_valid("TP%d %d", "d"));       /* too many conversions */
	cr_assert_not(message_template_valid("TP", "d"));            /* argument unused */
	cr_assert_not(message_template_valid("%.0f %%", "d"));
	cr_assert_not(message_template_valid("50 %", ""));           /* a lone % */
}

Test(messages, renders_the_text_the_reports_always_printed)
{
	struct message m = msg_tp_over_pcie(4);
	cr_assert_str_eq(text(&m), "TP4 over PCIe scales poorly (no NVLink): pipeline parallel is "
				   "the alternative");
	m = msg_parallel_efficiency(90.0, 10.0);
	cr_assert_str_eq(text(&m), "at 90 % parallel efficiency 10 % of the spend buys no compute");
	m = msg_beyond_native_context(1000000000000LL, "Llama-3.1-8B", 131072);
	cr_assert_str_eq(text(&m),
			 "context 1000000000000 is beyond Llama-3.1-8B's native 131072 tokens");
	m = msg_moe_all_resident(671.0, 37.0);
	cr_assert_str_eq(text(&m),
			 "MoE: all 671B parameters are resident; 37B are active per token");
	m = msg_multi_node_offer_without_ib(3);
	cr_assert_str_eq(text(&m), "multi-node: 3 machines, a custom quote from sales; needs an IB "
				   "network between machines (the offer used lists none)");
	m = msg_no_container_offer("A100 80G");
	cr_assert_str_eq(text(&m), "no container offer for A100 80G");
	m = msg_none();
	cr_assert_str_eq(text(&m), "");
}

static struct message_arg sample_arg(char letter)
{
	if (letter == 's')
		return (struct message_arg){.kind = ARG_STRING, .v.s = "X"};
	if (letter == 'f' || letter == 'D')
		return (struct message_arg){.kind = ARG_DOUBLE, .v.f = 2};
	if (letter == 'm')
		return (struct message_arg){.kind = ARG_MONEY, .v.money = {.amount = 2, .currency = "CNY"}};
	return (struct message_arg){.kind = ARG_INT, .v.i = 2};
}

Test(messages, every_code_renders_with_sample_arguments)
{
	for (int c = 1; c < MSG_COUNT; c++) {
		struct message m = {.code = c};
		const char *letters = message_rows[c].args;
		for (int i = 0; letters[i]; i++)
			m.args[i] = sample_arg(letters[i]);
		const char *t = text(&m);
		cr_assert(t[0], "%s renders empty", message_rows[c].key);
		cr_assert_null(strchr(t, '?'), "%s: %s", message_rows[c].key, t);
	}
}

Test(messages, the_count_chooses_singular_or_plural)
{
	struct message m = msg_replicas(3, 1, 22.0);
	cr_assert_str_eq(text(&m), "3 replicas of 1 card, each serving 22 sequences: more cards "
				   "for throughput, not for memory");
	m = msg_replicas(3, 4, 22.0);
	cr_assert_str_eq(message_template(&m), message_rows[MSG_REPLICAS].forms[1]);
	cr_assert_str_eq(text(&m), "3 replicas of 4 cards, each serving 22 sequences: more cards "
				   "for throughput, not for memory");
	m = msg_container_max_cards(12, 4);
	cr_assert_str_eq(text(&m), "12 cards: a container allows at most 4");
}

/* No "card(s)": the why lines say 1 card and 3 cards. */
Test(messages, the_why_lines_count_cards)
{
	struct message m = msg_why_memory_minimum(1, 1, 1, 24.5);
	cr_assert_str_eq(text(&m), "the memory minimum was 1 card, TP1 × PP1: 24.5 tokens/s per user");
	m = msg_why_speed_unreachable(30.0, 8, 21.25);
	cr_assert_str_eq(text(&m),
			 "no shape reaches 30.0 tokens/s per user: the fastest, on 8 cards, gives 21.2");
	m = msg_why_train_memory_minimum(2, 3.25, 90.0);
	cr_assert_str_eq(text(&m), "the memory minimum was 2 cards: 3.25 days at 90 % parallel efficiency");
	/* money as everywhere: sign and thousands; cents below 100 */
	m = msg_why_deadline_cheapest(1, "containers by the month", 1500.0, "CNY");
	cr_assert_str_eq(text(&m), "1 card, containers by the month, is the cheapest way to meet "
				   "the deadline: ¥1,500 for the job");
	m = msg_alternative_cheapest_per_token(0.274, "USD");
	cr_assert_str_eq(text(&m), "cheapest per million output tokens at full load: $0.27 per million");
	message_set_money_style(MONEY_ASCII);
	m = msg_alternative_cheapest_per_token(295.4, "CNY");
	cr_assert_str_eq(text(&m), "cheapest per million output tokens at full load: CNY 295 per million");
	message_set_money_style(MONEY_UTF8);
	m = msg_why_deadline_unreachable(7.0, 1, 9.5);
	cr_assert_str_eq(text(&m),
			 "no card count meets the 7.00-day deadline: the fastest, 1 card, takes 9.50 days");
}

/* Days in a message are written as the lines write them (unit_days: three
 * significant digits, 304 / 15.4 / 3.04), and two that differ never read
 * alike: 3.004 past 3 was "3.0 days is past the 3.0-day deadline". */
Test(messages, days_read_as_the_lines_write_them_and_a_value_past_a_limit_reads_past_it)
{
	struct message m = msg_why_past_deadline(304.1, 14.0);
	cr_assert_str_eq(text(&m), "304 days is past the 14.0-day deadline");
	m = msg_why_past_deadline(3.04, 3.0);
	cr_assert_str_eq(text(&m), "3.04 days is past the 3.00-day deadline");
	m = msg_why_past_deadline(3.004, 3.0); /* 3.00 = 3.00: one digit more each */
	cr_assert_str_eq(text(&m), "3.004 days is past the 3.000-day deadline");
	m = msg_why_past_deadline(0.0412, 0.04); /* two significant digits below 0.1 day */
	cr_assert_str_eq(text(&m), "0.041 days is past the 0.04-day deadline");
	m = msg_why_deadline_unreachable(14.0, 512, 15.4);
	cr_assert_str_eq(text(&m), "no card count meets the 14.0-day deadline: the fastest, 512 "
				   "cards, takes 15.4 days");
}

Test(messages, a_small_buffer_is_cut_and_terminated)
{
	struct message m = msg_no_container_offer("A100 80G");
	char buf[8];
	cr_assert_str_eq(message_format(&m, buf, sizeof buf), "no cont");
	cr_assert_str_eq(message_format(&m, buf, 1), "");
}

Test(messages, equality_compares_string_contents)
{
	char a[] = "H100", b[] = "H100";
	struct message x = msg_fp8_without_hardware(a);
	struct message y = msg_fp8_without_hardware(b);
	cr_assert(message_equal(&x, &y));
	y = msg_fp8_without_hardware("H20");
	cr_assert_not(message_equal(&x, &y));
	y = msg_no_container_offer(a);
	cr_assert_not(message_equal(&x, &y));
}

/* Two money arguments differ by amount or by currency: the quote groups
 * equal notes, and "¥0.27" is not "$0.27" (arg_equal took any two money
 * arguments for equal). */
Test(messages, money_arguments_compare_by_amount_and_currency)
{
	struct message a = msg_alternative_cheapest_per_token(0.27, "CNY");
	struct message same = msg_alternative_cheapest_per_token(0.27, "CNY");
	struct message usd = msg_alternative_cheapest_per_token(0.27, "USD");
	struct message more = msg_alternative_cheapest_per_token(0.28, "CNY");
	cr_assert(message_equal(&a, &same));
	cr_assert_not(message_equal(&a, &usd));
	cr_assert_not(message_equal(&a, &more));
}

/* The constructor fills each argument as its row declares it. */
Test(messages, a_constructor_gives_the_rows_kinds_and_values)
{
	struct message m = msg_why_deadline_cheapest(3, "bare metal", 1500.5, "CNY");
	const struct message_row *r = &message_rows[MSG_WHY_DEADLINE_CHEAPEST];
	cr_assert_eq(m.code, MSG_WHY_DEADLINE_CHEAPEST);
	cr_assert_eq(r->nparams, 3);
	cr_assert_str_eq(r->params[1].name, "way");
	cr_assert_eq(r->params[1].kind, PARAM_WORD);
	cr_assert_eq(m.args[0].kind, ARG_INT);
	cr_assert_eq(m.args[0].v.i, 3);
	cr_assert_str_eq(m.args[1].v.s, "bare metal");
	cr_assert_eq(m.args[2].kind, ARG_MONEY);
	cr_assert_eq(m.args[2].v.money.amount, 1500.5);
	cr_assert_str_eq(m.args[2].v.money.currency, "CNY");
	cr_assert_eq(m.args[3].kind, ARG_NONE);
	m = msg_shape_no_fit(2, 5, 1); /* numbers now, not a string the planner built */
	cr_assert_eq(m.args[1].kind, ARG_INT);
	cr_assert_str_eq(text(&m), "the shape asked for (TP2×PP5×1) does not fit in memory");
}

Test(messages, the_most_severe_sort_first)
{
	struct message eff = msg_parallel_efficiency(70.0, 30.0);
	struct message node = msg_multi_node(2);
	struct message ctx = msg_beyond_native_context(262144LL, "M", 131072);
	struct message nofit = msg_no_fit_forced(1);
	const struct message *order[] = {&eff, &node, &ctx, &nofit};
	qsort(order, 4, sizeof order[0], message_compare);
	cr_assert_eq(order[0], &nofit);
	cr_assert_eq(order[1], &node);
	cr_assert_eq(order[2], &ctx);
	cr_assert_eq(order[3], &eff);
}

static bool has_code(const struct plan *p, enum message_code code)
{
	for (int i = 0; i < p->nnotes; i++)
		if (p->notes[i].code == code)
			return true;
	return false;
}

/* The memory minimum PP3 serves one user at 6.6 tok/s, below the default
 * 10: TP4 headlines. Without a speed target PP3 does, and one user keeps
 * one stage of three busy at a time (SERVING.md §3): the efficiency note
 * says so (the flat 90 % and "PP costs nothing" are both gone). */
Test(plan_notes, seventy_b_fp16_on_910b_pp3_keeps_one_stage_of_three_busy)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "precision", "fp16", NULL);
	const struct plan *p = plan_of(ref_run(&sc, NULL), "910b-64g");
	cr_assert_eq(p->memory_min.cards, 3);
	cr_assert_eq(p->memory_min.pp, 3);
	cr_assert_eq(p->lay.t, 4);
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "precision", "fp16", "min-speed", "none",
		      NULL);
	struct analysis *an = ref_run(&sc, NULL);
	p = plan_of(an, "910b-64g");
	cr_assert_eq(p->cards, 3);
	cr_assert_eq(p->lay.p, 3);
	cr_assert(p->efficiency > 0.30 && p->efficiency < 0.36, "%g", p->efficiency);
	cr_assert(has_code(p, MSG_DECODE_SCALING)); /* serving: what 3 cards do for a step */
	cr_assert_not(has_code(p, MSG_PARALLEL_EFFICIENCY));
}

Test(plan_notes, a_multi_node_plan_gets_the_multi_node_code)
{
	struct scenario sc;
	/* chunked loss: the plans recompute, so the multi-node note comes second */
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "task", "full", "loss", "chunked", NULL);
	struct analysis *an = ref_run(&sc, NULL);
	const struct plan *h20 = plan_of(an, "h20-96g"), *a100 = plan_of(an, "a100-80g");
	cr_assert_gt(h20->machines, 1);
	cr_assert(has_code(h20, MSG_MULTI_NODE)); /* its offer has an IB network */
	cr_assert_eq(h20->notes[0].code, MSG_FULL_RECOMPUTE);
	cr_assert_eq(h20->notes[1].code, MSG_MULTI_NODE);
	cr_assert_eq(h20->notes[1].args[0].v.i, h20->machines);
	cr_assert(has_code(a100, MSG_MULTI_NODE_NO_IB));
	cr_assert_eq(an->notes[0].code, MSG_TRAINING_ACCOUNTING);
}

/* --network is a what-if over the offer's network: ib on A100 (whose offer
 * lists none) needs no IB warning; ethernet on H20 (whose offer has IB)
 * gets it. */
Test(plan_notes, the_network_setting_decides_the_ib_warning)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "task", "full", "network", "ib", NULL);
	const struct plan *a100 = plan_of(ref_run(&sc, NULL), "a100-80g");
	cr_assert_gt(a100->machines, 1);
	cr_assert(has_code(a100, MSG_MULTI_NODE));
	cr_assert_not(has_code(a100, MSG_MULTI_NODE_NO_IB));
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "task", "full", "network", "ethernet",
		      NULL);
	const struct plan *h20 = plan_of(ref_run(&sc, NULL), "h20-96g");
	cr_assert_gt(h20->machines, 1);
	cr_assert(has_code(h20, MSG_MULTI_NODE_NO_IB));
}

Test(plan_notes, a_missing_container_offer_is_a_reason_code)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", NULL);
	struct analysis *an = ref_run(&sc, NULL);
	const struct plan *a100 = plan_of(an, "a100-80g");
	cr_assert_not(a100->container.available);
	cr_assert_eq(a100->container.why.code, MSG_NO_CONTAINER_OFFER);
	cr_assert_str_eq(text(&a100->container.why), "no container offer for A100 80G");
	cr_assert_eq(a100->baremetal.why.code, MSG_NONE);
}

/* The H20, A100 and H100 plans of a 70B fine-tune with the chunked loss
 * share the recompute note (the H20's TP2 + ZeRO-3 ×7 recomputes too; PP
 * with ZeRO-3 is not proposed, TRAINING.md §6); their multi-node notes
 * differ by machine count or IB. */
Test(plan_notes, grouping_yields_each_distinct_note_once_with_its_gpus)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "task", "full", "loss", "chunked", NULL);
	const struct analysis *an = ref_run(&sc, "h20-96g,a100-80g,h100-80g");
	struct note_cursor at = {0};
	const char *want[][2] = {
		{"full_recompute", "H20 96G, A100 80G, H100 80G"},
		{"multi_node", "H20 96G"},
		{"multi_node_offer_without_ib", "A100 80G"},
		{"multi_node", "H100 80G"},
	};
	size_t n = 0;
	for (const struct message *m; (m = plan_notes_next(an->plans, an->nplans, &at)); n++) {
		cr_assert_lt(n, sizeof want / sizeof want[0], "extra note %s", text(m));
		char gpus[128] = "";
		for (size_t j = at.plan; j < an->nplans; j++)
			if (plan_has_note(&an->plans[j], m))
				snprintf(gpus + strlen(gpus), sizeof gpus - strlen(gpus), "%s%s",
					 gpus[0] ? ", " : "", gpu_short_name(an->plans[j].gpu));
		cr_assert_str_eq(message_key(m->code), want[n][0]);
		cr_assert_str_eq(gpus, want[n][1], "%s", text(m));
	}
	cr_assert_eq(n, sizeof want / sizeof want[0]);
}

/* The quote lists a note shared by several GPUs once (it repeated the
 * efficiency note for every GPU). */
Test(plan_notes, the_quote_groups_identical_notes)
{
	struct scenario sc;
	/* fp8 KV on the two cards without hardware FP8: one note for both */
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "kv-precision", "fp8", NULL);
	/* the GPU types with an offer, as the command line quotes them */
	const struct analysis *an = ref_run(&sc, GPU_FILTER_OFFERED);
	char *text_out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text_out, &len);
	report_markdown(f, an);
	fclose(f);
	cr_assert(strstr(text_out, "\n- 910B 64G, A100 80G: FP8 KV cache without hardware FP8"),
		  "%s", text_out);
	cr_assert_null(strstr(text_out, "\n- A100 80G: FP8 KV cache"));
	/* each GPU's own efficiency note stays its own */
	cr_assert(strstr(text_out, "\n- RTX 4090 24G: the 8 cards decode at "), "%s", text_out);
	cr_assert_null(strstr(text_out, "L20 48G")); /* no offer: not quoted */
	free(text_out);
}

/* ---- issue 11: the same messages and plan names in Chinese ---- */

/* The built-in catalogue, whatever the environment has installed. A tree
 * whose po/zh_CN.po lacks the engine's entries (a branch before the
 * fragments are merged) skips: the coverage test reports those. */
static void zh_setup(void)
{
	i18n_setup("zh", "/nonexistent/gpuplan-locale");
	if (strcmp(_("tensor parallel TP%d"), "tensor parallel TP%d") == 0)
		cr_skip_test("po/zh_CN.po has no engine entries yet (frag/engine.po)");
}

TestSuite(messages_zh);
TestSuite(plan_notes_zh, .init = ref_setup, .fini = ref_teardown);

Test(messages_zh, notes_render_in_chinese_with_their_arguments_in_order)
{
	zh_setup();
	struct message m = msg_tp_over_pcie(4);
	cr_assert_str_eq(text(&m), "TP4 走 PCIe 扩展效率差（无 NVLink），可改用流水线并行");
	m = msg_parallel_efficiency(90.0, 10.0);
	cr_assert_str_eq(text(&m), "并行效率 90%，意味着有 10% 的花费没有换来算力");
	m = msg_multi_node(3);
	cr_assert_str_eq(text(&m), "多机：3 台整机，需联系算力顾问出方案；机间需要 IB 组网");
	m = msg_no_container_offer("A100 80G");
	cr_assert_str_eq(text(&m), "A100 80G 没有容器实例报价");
	m = msg_none();
	cr_assert_str_eq(text(&m), "");
}

/* Chinese has one form: the count 1 and the count 3 use the same words. */
Test(messages_zh, one_form_for_every_count)
{
	zh_setup();
	struct message m = msg_container_max_cards(1, 4);
	cr_assert_str_eq(text(&m), "1 张卡：容器实例最多 4 张");
	m = msg_container_max_cards(3, 4);
	cr_assert_str_eq(text(&m), "3 张卡：容器实例最多 4 张");
	m = msg_why_memory_minimum(1, 1, 1, 24.5);
	cr_assert_str_eq(text(&m), "按显存最少 1 张卡（TP1 × PP1），每用户 24.5 token/s");
	m = msg_why_memory_minimum(3, 1, 3, 9.0);
	cr_assert_str_eq(text(&m), "按显存最少 3 张卡（TP1 × PP3），每用户 9.0 token/s");
}

/* A rent name passed as an argument is table text: translated as the
 * message renders. A GPU name is data and stays. */
Test(messages_zh, table_text_arguments_are_translated_data_is_not)
{
	zh_setup();
	struct message m =
		msg_why_deadline_cheapest(4, "containers by the month", 1500.0, "CNY");
	cr_assert_str_eq(text(&m), "4 张卡、包月容器实例，是赶上工期最便宜的方案：任务总价 ¥1,500");
	m = msg_train_no_fp8("A100 80G");
	cr_assert_str_eq(text(&m), "A100 80G 不支持 FP8：训练时间按 BF16 峰值算力计");
}

/* msgfmt --check-format checks the catalogue; this checks it against the
 * argument letters of each row, as message_format will read them. */
Test(messages_zh, every_translation_takes_the_rows_arguments)
{
	zh_setup();
	for (int c = 1; c < MSG_COUNT; c++) {
		const struct message_row *r = &message_rows[c];
		const char *zh = r->forms[1] ? P_(r->forms[0], r->forms[1], 2) : _(r->forms[0]);
		cr_assert(message_template_valid(zh, r->args), "%s: \"%s\"", r->key, zh);
		cr_assert_str_neq(zh, r->forms[0], "%s is not translated", r->key);
	}
}

/* Never cached: the same message follows a live switch both ways. */
Test(messages_zh, the_language_switches_live)
{
	zh_setup();
	struct message m = msg_container_max_cards(12, 4);
	cr_assert_str_eq(text(&m), "12 张卡：容器实例最多 4 张");
	i18n_set_lang(I18N_EN);
	cr_assert_str_eq(text(&m), "12 cards: a container allows at most 4");
	i18n_set_lang(I18N_ZH);
	cr_assert_str_eq(text(&m), "12 张卡：容器实例最多 4 张");
}

static const char *strategy_of(int t, int pp, int d, int zero, const char *english)
{
	static char buf[64];
	struct plan p = {.lay = {.t = t, .p = pp, .d = d, .zero = zero}, .cards = t * pp * d};
	p.machines = (p.cards + CARDS_PER_MACHINE - 1) / CARDS_PER_MACHINE;
	snprintf(p.strategy, sizeof p.strategy, "%s", english);
	plan_strategy_text(buf, sizeof buf, &p);
	return buf;
}

Test(messages_zh, plan_names_in_words)
{
	zh_setup();
	cr_assert_str_eq(strategy_of(4, 1, 1, 0, "TP4"), "张量并行 TP4");
	cr_assert_str_eq(strategy_of(1, 3, 1, 0, "PP3"), "流水线并行 PP3");
	cr_assert_str_eq(strategy_of(1, 1, 8, 3, "ZeRO-3 ×8"), "ZeRO-3 数据并行 ×8");
	cr_assert_str_eq(strategy_of(1, 1, 9, 3, "ZeRO-3 ×9 multi-node"), "ZeRO-3 数据并行 ×9 多机");
	cr_assert_str_eq(strategy_of(1, 1, 1, 0, "single"), "单卡");
	cr_assert_str_eq(strategy_of(2, 5, 1, 0, "TP2×PP5 multi-node"), "TP2×PP5 多机");
	cr_assert_str_eq(strategy_of(2, 1, 4, 3, "TP2 + ZeRO-3 ×4"), "TP2 + ZeRO-3 数据并行 ×4");
	cr_assert_str_eq(strategy_of(1, 1, 2, 0, "DP2"), "数据并行 DP2");
	cr_assert_str_eq(strategy_of(0, 1, 1, 0, "does not fit"), "放不下");
	i18n_set_lang(I18N_EN);
	cr_assert_str_eq(strategy_of(1, 1, 9, 3, "ZeRO-3 ×9 multi-node"), "ZeRO-3 ×9 multi-node",
			 "English is the engine's label itself");
}

Test(messages_zh, shape_codes_stay_codes_with_chinese_words)
{
	zh_setup();
	char buf[32];
	struct plan p = {.lay = {.t = 2, .p = 5, .d = 1, .recompute = true}, .cards = 10,
			 .machines = 2};
	plan_shape_code(buf, sizeof buf, &p);
	cr_assert_str_eq(buf, "TP2×PP5+rc 2m", "notation: 2机 would not fit");
	p = (struct plan){.lay = {.t = 1, .p = 1, .d = 1}, .cards = 1, .machines = 1};
	plan_shape_code(buf, sizeof buf, &p);
	cr_assert_str_eq(buf, "单卡");
	p.cards = 0;
	plan_shape_code(buf, sizeof buf, &p);
	cr_assert_str_eq(buf, "无");
	p = (struct plan){.lay = {.t = 4, .p = 1, .d = 1, .recompute = true}, .cards = 4,
			  .machines = 1, .strategy = "TP4"};
	plan_shape_words(buf, sizeof buf, &p);
	cr_assert_str_eq(buf, "张量并行 TP4 +重计算");
}

Test(messages_zh, money_terms_and_bounds)
{
	zh_setup();
	char buf[64];
	money_per_month(buf, sizeof buf, 9345, "CNY", 0, MONEY_UTF8);
	cr_assert_str_eq(buf, "¥9,345/月");
	cr_assert_str_eq(mem_term_name(TERM_OPTIMIZER), "优化器状态");
	cr_assert_str_eq(mem_term_label(TERM_KV_CACHE), "KV Cache");
	cr_assert_str_eq(bound_text(BOUND_MEMORY), "访存受限");
	cr_assert_str_eq(bound_text(BOUND_COMPUTE), "算力受限");
	i18n_set_lang(I18N_EN);
	money_per_month(buf, sizeof buf, 9345, "CNY", 0, MONEY_UTF8);
	cr_assert_str_eq(buf, "¥9,345/month");
	cr_assert_str_eq(bound_text(BOUND_MEMORY), "memory-bound");
}

Test(plan_notes_zh, rent_sentences_in_chinese)
{
	zh_setup();
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "qwen2.5-32b", "precision", "bf16", NULL);
	struct analysis *an = ref_run(&sc, NULL);
	const struct plan *p = plan_of(an, "910b-64g");
	char buf[512];
	rent_describe(buf, sizeof buf, p, &p->baremetal, &style_report);
	cr_assert(strstr(buf, "：1 × ¥18,800 = ¥18,800/月，折合 ¥2,350/卡，闲置 6 张 = ¥14,100"
			      "（湖北一区，2026-10-12）"), "%s", buf);
	rent_describe(buf, sizeof buf, p, &p->baremetal, &style_quote);
	cr_assert(strstr(buf, " | 湖北一区 | ¥18,800/台·月 | 2026-10-12 | "), "%s", buf);
	p = plan_of(an, "a100-80g");
	cr_assert_str_eq(text(&p->container.why), "A100 80G 没有容器实例报价");
}

/* Clobbers the stack below the caller, where a returned function's locals
 * were: a message that pointed at one reads this instead. */
static void __attribute__((noinline)) scribble_stack(void)
{
	volatile char junk[512];
	for (size_t i = 0; i < sizeof junk; i++)
		junk[i] = (char)('%' + (i & 1) * ('s' - '%')); /* "%s%s..." */
	(void)junk[0];
}

/* A forced shape that does not fit names the shape it tried: the planner
 * built that text in a local buffer, and the note kept a pointer to it,
 * so reports printed "()" or "(%s)" (ASan: stack-buffer-overflow). The
 * message owns a copy: TP1 x PP1 x 1 replica, as forced by --tp 1. */
Test(plan_notes, a_forced_shape_that_does_not_fit_names_it_after_the_planner_returned)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "tp", "1", NULL);
	struct analysis *an = ref_run(&sc, "h100-80g");
	scribble_stack();
	const struct plan *p = plan_of(an, "h100-80g");
	cr_assert_not(p->fits);
	cr_assert(has_code(p, MSG_SHAPE_NO_FIT));
	for (int i = 0; i < p->nnotes; i++)
		if (p->notes[i].code == MSG_SHAPE_NO_FIT)
			cr_assert(strstr(text(&p->notes[i]), "(TP1×PP1×1)"), "%s",
				  text(&p->notes[i]));
}

/* Every string argument is copied: the caller's buffer may change or die. */
Test(messages, a_string_argument_is_the_message_s_own_copy)
{
	char name[16] = "A100 80G";
	struct message m = msg_no_container_offer(name);
	strcpy(name, "changed");
	cr_assert_str_eq(text(&m), "no container offer for A100 80G");
}

/* Found unpinned by mutation testing (tests/mutation-report.txt): a
 * dimension of 2 is a dimension in words too, alone (TP2, PP2) and
 * together (TP2×PP2, one machine of 4 cards). */
Test(messages_zh, a_dimension_of_two_in_words)
{
	zh_setup();
	cr_assert_str_eq(strategy_of(2, 1, 1, 0, "TP2"), "张量并行 TP2");
	cr_assert_str_eq(strategy_of(1, 2, 1, 0, "PP2"), "流水线并行 PP2");
	cr_assert_str_eq(strategy_of(2, 2, 1, 0, "TP2×PP2"), "TP2×PP2");
	cr_assert_str_eq(strategy_of(1, 2, 2, 0, "PP2×DP2"), "PP2×DP2");
}
