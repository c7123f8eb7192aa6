/* The program as scripts use it: exit codes, messages, report formats. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "json_check.h"
#include "report_quote_md.h"

static char out[1 << 20], err[1 << 16];

static void slurp(const char *path, char *buf, size_t cap)
{
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(buf, 1, cap - 1, f) : 0;
	buf[n] = '\0';
	if (f)
		fclose(f);
}

/* Runs gpuplan on the reference fixture with args; returns its exit status. */
static int run_env(const char *env, const char *args)
{
	char cmd[4096], out_path[64], err_path[64];
	/* Criterion runs tests in parallel processes: one pair of files each */
	snprintf(out_path, sizeof out_path, "/tmp/gpuplan-test-%d.out", (int)getpid());
	snprintf(err_path, sizeof err_path, "/tmp/gpuplan-test-%d.err", (int)getpid());
	snprintf(cmd, sizeof cmd,
		 "env -u GPUPLAN_DATA XDG_CONFIG_HOME=/nonexistent %s %s %s >%s 2>%s </dev/null",
		 env, GPUPLAN_BIN, args, out_path, err_path);
	int status = system(cmd);
	slurp(out_path, out, sizeof out);
	slurp(err_path, err, sizeof err);
	unlink(out_path);
	unlink(err_path);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int run(const char *args)
{
	return run_env("GPUPLAN_DATA=" FIXTURES "/ref", args);
}

Test(cli, unknown_option_is_a_usage_error)
{
	cr_assert_eq(run("--bogus"), 2);
	cr_assert_str_eq(err, "gpuplan: unknown option '--bogus' (see gpuplan --help)\n");
}

Test(cli, bad_values_name_the_flag_and_what_it_accepts)
{
	cr_assert_eq(run("-m llama-2-7b -p fp64"), 2);
	cr_assert_str_eq(err, "gpuplan: invalid value \"fp64\" for --precision: expected auto, "
			      "fp32, bf16, fp16, fp8, int8, int4, mxfp4 or nvfp4 (see gpuplan "
			      "--help)\n");
	cr_assert_eq(run("-m llama-2-7b -c 4x"), 2);
	cr_assert(strstr(err, "for --context: expected a token count"), "%s", err);
	cr_assert_eq(run("-m llama-2-7b --format xml"), 2);
	cr_assert(strstr(err, "for --format: expected table, csv, json or markdown"), "%s", err);
	cr_assert_eq(run("-m llama-2-7b -n 0"), 2);
	cr_assert_eq(run("-m llama-2-7b -c"), 2);
	cr_assert(strstr(err, "option '-c' needs a value"), "%s", err);
}

Test(cli, unknown_model_and_gpu)
{
	cr_assert_eq(run("-m gpt-9"), 2);
	cr_assert_str_eq(err, "gpuplan: invalid value \"gpt-9\" for --model: expected a catalogue "
			      "model (see --list-models) or a size such as 70b\n");
	cr_assert_eq(run("-m llama-2-7b --gpu h100-80g,tpu"), 2);
	cr_assert(strstr(err, "unknown GPU id \"tpu\""), "%s", err);
}

Test(cli, report_needs_a_model)
{
	cr_assert_eq(run("--print"), 2);
	cr_assert(strstr(err, "needs a model"), "%s", err);
}

Test(cli, int4_full_fine_tune_points_to_qlora)
{
	cr_assert_eq(run("-m llama-2-7b -p int4 -t full"), 2);
	cr_assert(strstr(err, "int4 is not a training precision: use -t qlora"), "%s", err);
}

Test(cli, table_report_says_which_data_and_date)
{
	cr_assert_eq(run("-m Llama-3.1-70B"), 0, "%s", err);
	cr_assert(strstr(out, "data: " FIXTURES "/ref · prices as of 2026-10-12"), "%s", out);
	cr_assert(strstr(out, "H100 80G"), "%s", out);
	/* the table, header to legend, fits 110 columns (counted in characters):
	 * 100 before the two time columns (tok/s, ¥/M tok) of issue 9 */
	char *line = strstr(out, "\nGPU ");
	cr_assert_not_null(line);
	for (line++; line && line[0] != '(';) {
		char *end = strchr(line, '\n');
		size_t cols = 0;
		for (char *c = line; c < end; c++)
			cols += ((unsigned char)*c & 0xC0) != 0x80;
		cr_assert_leq(cols, 110, "%.*s", (int)(end - line), line);
		line = end + 1;
	}
}

Test(cli, json_report_parses_and_exposes_the_breakdown)
{
	cr_assert_eq(run("-m llama-3.1-70b -p fp16 --format json"), 0, "%s", err);
	cr_assert(json_valid(out), "%s", out);
	static const char *const keys[] = {
		"\"version\"", "\"data_source\"", "\"prices_as_of\": \"2026-10-12\"", "\"scenario\"",
		"\"totals_gib\"", "\"plans\"", "\"per_card_gib\"", "\"with_headroom\"",
		"\"utilization_pct\"", "\"container\"", "\"baremetal\"", "\"idle_cards\"",
		"\"cheaper\"", "\"notes\"", "\"architecture_derived\": false",
		"\"gpu\": \"h100-80g\"", "\"monthly_per_card\": 9345.00", "\"max_cards\": 4"};
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		cr_assert(strstr(out, keys[i]), "missing %s", keys[i]);
}

Test(cli, json_with_no_offer_uses_null)
{
	cr_assert_eq(run("-m llama-2-7b --gpu a100-80g --format json"), 0, "%s", err);
	cr_assert(json_valid(out), "%s", out);
	cr_assert(strstr(out, "\"reason\": {\n          \"code\": \"no_container_offer\",\n"
			      "          \"severity\": \"notice\",\n"
			      "          \"args\": {\n            \"gpu\": \"A100 80G\"\n          },\n"
			      "          \"text\": \"no container offer for A100 80G\"\n        }"),
		  "%s", out);
	cr_assert(strstr(out, "\"monthly_total\": null"), "%s", out);
}

Test(cli, csv_has_one_row_per_plan_with_flattened_names)
{
	cr_assert_eq(run("-m qwen2.5-32b --format csv"), 0, "%s", err);
	int rows = 0;
	for (char *p = out; (p = strchr(p, '\n')); p++)
		rows++;
	/* header + the fixture's 7 GPU types with an offer (--gpu all adds the 8 others) */
	cr_assert_eq(rows, 1 + 7, "%s", out);
	cr_assert(strncmp(out, "model,precision,task,context,concurrency,gpu,", 45) == 0, "%s", out);
	cr_assert(strstr(out, ",per_card_total_gib,"), "%s", out);
	cr_assert(strstr(out, ",notes,note_codes,data_source,prices_as_of\n"), "%s", out);
	cr_assert(strstr(out, "," FIXTURES "/ref,2026-10-12\n"), "%s", out);
	cr_assert(strstr(out, "\nqwen2.5-32b,bf16,inference,4096,1,h100-80g,"), "%s", out);
}

Test(cli, check_data_reports_every_problem)
{
	cr_assert_eq(run("--check-data"), 0, "%s", err);
	cr_assert(strstr(out, "no errors"), "%s", out);
	cr_assert_eq(run_env("", "--check-data --data " FIXTURES "/broken"), 3);
	cr_assert(strstr(err, FIXTURES "/broken/prices/offers.csv:3:25: expected a number (0 or more) "
			      "for monthly, found \"12k5\""), "%s", err);
	cr_assert(strstr(err, FIXTURES "/broken/prices/offers.csv:4:1: expected a GPU id"), "%s", err);
	cr_assert(strstr(err, FIXTURES "/broken/models/models.csv:3:9: expected a number above 0"),
		  "%s", err);
	cr_assert(strstr(err, "gpuplan: 3 errors in the data files"), "%s", err);
}

Test(cli, check_data_warns_on_parameter_counts)
{
	cr_assert_eq(run_env("", "--check-data --data " FIXTURES "/params"), 0, "%s", err);
	cr_assert(strstr(err, "warning: " FIXTURES "/params/models/models.csv:2: params_b 9 differs "
			      "from the 6.738B the architecture implies by 25.1 % (more than 3 %)"),
		  "%s", err);
}

Test(cli, embedded_data_and_export)
{
	/* a lone copy of the binary, no data anywhere: the built-in copy */
	cr_assert_eq(system("rm -rf /tmp/gpuplan-lone-test && mkdir -p /tmp/gpuplan-lone-test && cp "
			    GPUPLAN_BIN " /tmp/gpuplan-lone-test/"), 0);
	char cmd[512];
	snprintf(cmd, sizeof cmd, "env -u GPUPLAN_DATA HOME=/nonexistent XDG_CONFIG_HOME= "
		 "/tmp/gpuplan-lone-test/gpuplan -m llama-2-7b --format json > /tmp/gpuplan-lone-test/out");
	cr_assert_eq(system(cmd), 0);
	slurp("/tmp/gpuplan-lone-test/out", out, sizeof out);
	cr_assert(strstr(out, "\"data_source\": \"built in"), "%s", out);
	/* export writes the same bytes as the source tree's files, and never overwrites */
	cr_assert_eq(run("--export-data /tmp/gpuplan-lone-test/data"), 0, "%s", err);
	cr_assert_eq(system("cmp -s /tmp/gpuplan-lone-test/data/prices/offers.csv " GPUPLAN_SRCDIR
			    "/prices/offers.csv"), 0);
	cr_assert_eq(run("--export-data /tmp/gpuplan-lone-test/data"), 1);
	cr_assert(strstr(err, "already exists: not overwriting it"), "%s", err);
}

Test(cli, help_and_man_page_list_every_option)
{
	/* every option the parser takes, from its tables */
	const char *names[64];
	size_t nopts = cli_option_names(names, 64);
	cr_assert_geq(nopts, 26, "the settings and the other options: %zu", nopts);
	cr_assert_leq(nopts, 64);
	static char man[1 << 16];
	cr_assert_eq(run("--help"), 0);
	slurp(GPUPLAN_SRCDIR "/man/gpuplan.1", man, sizeof man);
	for (size_t i = 0; i < nopts; i++) {
		char opt[64];
		snprintf(opt, sizeof opt, "--%s", names[i]);
		cr_assert(strstr(out, opt), "--help lacks %s", opt);
		char roff[64];
		size_t n = 0;
		for (const char *c = opt; *c && n < sizeof roff - 3; c++) {
			if (*c == '-')
				roff[n++] = '\\';
			roff[n++] = *c;
		}
		roff[n] = '\0';
		cr_assert(strstr(man, roff), "man page lacks %s", opt);
	}
	cr_assert_eq(run("-V"), 0);
	cr_assert(strncmp(out, "gpuplan ", 8) == 0, "%s", out);
}

Test(cli, lists)
{
	cr_assert_eq(run("--list-models"), 0);
	cr_assert(strstr(out, "deepseek-v3"), "%s", out);
	cr_assert_eq(run("--list-gpus"), 0);
	cr_assert(strstr(out, "l20-48g"), "%s", out);
}

Test(cli, compare_equals_two_separate_runs)
{
	cr_assert_eq(run("-m llama-3.1-70b --compare \"-c 128k -p int4\" --format csv"), 0, "%s", err);
	cr_assert(strstr(out, "gpu,a_cards,a_strategy,a_monthly,b_cards,b_strategy,b_monthly,"
			      "difference_monthly,a_output_tokens_per_s,b_output_tokens_per_s,"
			      "difference_output_tokens_per_s,a_days,b_days,difference_days,"
			      "data_source,prices_as_of\n"), "%s", out);
	/* A: PP3 on H100, 3 x 9345; B (int4, 128k): no shape reaches the 10 s TTFT
	 * target, so the nearest in a machine, TP8 on one at 88,480 (11.7 s);
	 * B - A = 88,480 - 28,035 = 60,445 */
	cr_assert(strstr(out, "\nh100-80g,3,PP3,28035.00,8,TP8,88480.00,60445.00,17.33,32.85,15.53,,,," FIXTURES
			      "/ref,2026-10-12\n"), "%s", out);
	static char single[1 << 16];
	strcpy(single, out);
	cr_assert_eq(run("-m llama-3.1-70b -c 128k -p int4 --gpu h100-80g --format json"), 0);
	cr_assert(strstr(out, "\"cards\": 8") && strstr(out, "\"strategy\": \"TP8\""), "%s", out);
	cr_assert_eq(run("-m llama-3.1-70b --compare \"-m 'bogus model'\""), 2);
	cr_assert(strstr(err, "for --model"), "%s", err);
	cr_assert_eq(run("-m llama-3.1-70b --compare \"-c 'open\""), 2);
	cr_assert_eq(run("-m llama-3.1-70b --compare \"-m llama-3.1-8b\" --format json"), 0);
	cr_assert(json_valid(out), "%s", out);
}

Test(cli, limits_report)
{
	cr_assert_eq(run("-m llama-3.1-70b --limits --gpu h20-96g --format csv"), 0, "%s", err);
#define DATA "," FIXTURES "/ref,2026-10-12\n"
	cr_assert_str_eq(out, "gpu,cards,max_context,max_concurrency,output_tokens_per_s,"
			      "data_source,prices_as_of\n"
			      "h20-96g,1,0,0," DATA
			      "h20-96g,2,79700,19,163.57" DATA
			      /* 595125 and 1625975 by memory: the 131072-token window */
			      "h20-96g,4,131072,145,358.44" DATA
			      "h20-96g,8,131072,396,689.43" DATA);
	cr_assert_eq(run("-m llama-3.1-70b --limits --format json"), 0);
	cr_assert(json_valid(out), "%s", out);
}

Test(cli, markdown_quote_fields)
{
	cr_assert_eq(run("-m llama-3.1-70b --format markdown"), 0, "%s", err);
	static const char *const want[] = {
		"# GPU quote: Llama-3.1-70B, bf16, inference\n\n"
		/* 910B's memory minimum PP3 streams 6.6 tok/s to its one user, below the
		 * default 10: its plan is TP4 at ¥10,308, and H20's TP2 the cheapest */
		"Cheapest: 2 × H20 96G container, ¥8,928/month, ~33.1 tok/s (±30 %).\n\n",
		/* H200 and B300 are priced from 2026-09-28, the rest from 2026-10-12 */
		"Prices collected 2026-09-28 to 2026-10-12 (each price's date is under Prices used), "
		"CNY per month; data: ",
		"| Model | Llama-3.1-70B (70.55B parameters) |\n",
		"| Context | 4096 tokens |\n",
		/* PP3: the fullest stage holds ceil(80/3) = 27 of 80 layers: weights
		 * 141.1e9 B = 131.41 GiB x 27/80 = 44.35, KV 1.25 GiB x 27/80 = 0.42, activations
		 * 0.78, overhead 1: 46.55 GiB (an even third gave 46.00), x1.2 = 55.86, of 79.65;
		 * 3 x 9345 = 28035; one machine 88480. The container is cheaper: no idle cards */
		"| H100 80G | 3 | PP3 | 46.6 (55.9) of 79.6 | ¥9,345 | ¥28,035 | ¥11,060 | ¥88,480 | "
		"| container | ¥28,035 | 2026-10-12 |\n",
		/* bare metal only: the paid machine's 8 cards as TP8, the same price as
		 * the memory minimum PP3 beside 5 idle cards, and 3.7× as fast */
		"| A100 80G | 8 | TP8 | 17.7 (21.2) of 80.0 | — | — | ¥5,200 | ¥41,600 | 0 (¥0) "
		"| bare metal | ¥41,600 | 2026-10-12 |\n",
		"| H200 141G | 8 | TP8 | 17.7 (21.2) of 140 | — | — | ¥18,990 | ¥151,920 | "
		"0 (¥0) | bare metal | ¥151,920 | 2026-09-28 |\n",
		"| H100 80G | 44.4 | 0.42 | 0.78 | 0.00 | 0.00 | 1.00 | 46.6 |\n",
		"| H100 80G | bare metal | 宁夏一区 | ¥88,480 per machine | 2026-10-12 | — | "
		"极智算官网裸金属页面 (article 2026-10-12) | |\n",
		"| H100 80G | container | — | ¥9,345 per card | 2026-10-12 | — | "
		"极智算官网容器实例页面 (article 2026-10-12) | yes |\n",
		/* 8 cards: the 1-8 card offer (1.57/h x 730), its own date and source,
		 * not the 1-4 card offer's ¥1,073 */
		"| RTX 4090 24G | container | — | ¥1,146 per card | 2026-09-28 | — | "
		"极智算官网 /markets (article 2026-09-28) |",
		"- Parallel efficiency from the time model (serving: one card's step over the "
		"plan's cards' at the users' batch); speeds are estimates within the band shown.\n",
		"- Sizing: each plan is the lowest spend ",
		"- Every one of the 1 concurrent users holds the full 4096-token context at the same "
		"time: the KV cache is sized for that worst case.\n",
		"- KV cache in 16 bits (2 bytes per value) (--kv-precision auto).\n",
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		cr_assert(strstr(out, want[i]), "missing: %s\n%s", want[i], out);
	/* the data folder as Markdown text: a build folder such as distcheck's
	 * "_build" reads "\_build" (an underscore after "/" could open emphasis) */
	char folder[512];
	md_escape(folder, sizeof folder, FIXTURES "/ref");
	cr_assert(strstr(out, folder), "missing the data folder %s\n%s", folder, out);
	cr_assert_null(strstr(out, "weight-only"), "bf16 has no quantisation caveat");
}

/* The Qwen2.5-72B sales case: int4 gets its caveat; the quote opens with
 * the conclusion. */
Test(cli, markdown_quote_int4_caveat_and_conclusion)
{
	cr_assert_eq(run("-m qwen2.5-72b -c 32k -n 20 -p int4 --format markdown"), 0, "%s", err);
	/* 20 prompts of 32k tokens: the 10 s TTFT target and 10 tok/s a user take
	 * H100's whole machine (TP4×DP2); RTX 4090 is cheaper but reaches
	 * neither (its row is the best it can do, not the headline) */
	cr_assert(strstr(out, "\n\nCheapest: H100 80G bare metal, 1 machine (8 cards), ¥88,480/month, "
			      "~269 tok/s (±30 %).\n\n"), "%s",
		  out);
	cr_assert(strstr(out, "int4 (GPTQ/AWQ) is not native on 910B 64G: its kernels are "
			      "CUDA-first"), "%s", out);
	cr_assert_eq(run("-m qwen2.5-72b -c 32k -n 20 -p int4 --gpu 910b-64g --format markdown"), 0,
		     "%s", err);
	/* alone, 910B meets the goals with 7 machines: int4 computes at 16 bits
	 * after its dequantisation, and not natively */
	cr_assert(strstr(out, "\n\nCheapest: 910B 64G bare metal, 7 machines (56 cards), "
			      "¥131,600/month, ~256 tok/s (−65 % / +35 %) (not native on 910B 64G: "
			      "see the notes).\n\n"), "%s", out);
	cr_assert(strstr(out, "- int4 is weight-only quantisation (GPTQ/AWQ style): the weights are "
			      "stored in int4, activations and the KV cache are not. Answers can be "
			      "less accurate than in bf16"), "%s", out);
	cr_assert(strstr(out, "- Every one of the 20 concurrent users holds the full 32768-token "
			      "context"), "%s", out);
}

/* --cards 2: a GPU on which 70B does not fit at 2 cards is no offer. */
Test(cli, markdown_forced_cards_that_do_not_fit_have_no_price)
{
	cr_assert_eq(run("-m llama-3.1-70b --cards 2 --format markdown"), 0, "%s", err);
	cr_assert(strstr(out, "| H100 80G | 2 | TP2 | 67.7 (81.3) of 79.6 | | | | | | does not fit "
			      "| | |\n"), "%s", out);
	cr_assert_null(strstr(out, "| H100 80G | container |"), "%s", out);
	cr_assert(strstr(out, "- The card count is fixed at 2 (--cards)"), "%s", out);
	cr_assert_eq(run("-m llama-3.1-70b --cards 2 --print"), 0, "%s", err);
	cr_assert(strstr(out, "\nH100 80G          2  TP2       67.7      81.3/79.6  no           —"
			      "           —  does not fit      —        —\n"), "%s", out);
}

/* The table: money with its sign and separators, a per-month total, a
 * star on the way that total uses (also when it is the only one), the
 * legend, and plan names never cut. */
Test(cli, table_money_totals_and_uncut_plans)
{
	cr_assert_eq(run("-m qwen2.5-72b -c 32k -n 20 -p int4 --print"), 0, "%s", err);
	/* 14 RTX 4090s: PP14 would put ceil(80/14) = 6 of 80 layers on the fullest card,
	 * (weights 39.38 + KV 200.00) x 6/80 = 17.95 + activations 1.61 + 1 = 20.56 GiB,
	 * x1.2 = 24.68 > 23.99; TP2xPP7 holds ceil(80/7) = 12 layers over 2 cards,
	 * 239.38 x 12/80 / 2 = 17.95 + 1.61 / 2 + 1 = 19.76, x1.2 = 23.7: it fits, and its
	 * name widens the plan column; H20's TP8×DP20 multi-node (the 10 s TTFT
	 * target with a 32k prompt a request: 20 replicas), the longest, too; the
	 * 4090's no shape meets the 10 tok/s floor: "<" */
	cr_assert(strstr(out, "\nGPU           cards  plan                 GiB/card  +headroom/cap  fit"
			      "    container  bare metal  per month  tok/s  ¥/M tok\n"
			      "RTX 4090 24G     14  TP2×PP7 multi-node       19.8      23.7/24.0  tight"
			      "          —     ¥1,150*    ¥18,400  66.3<     ¥106\n"), "%s", out);
	cr_assert(strstr(out, "\nH20 96G         160  TP8×DP20 multi-node      7.37      8.85/95.6  ok "
			      "            —     ¥5,700*   ¥912,000    837     ¥415\n"), "%s", out);
	cr_assert(strstr(out, "\nB300 288G         8  DP8                      72.0       86.4/268  ok "
			      "            —    ¥47,300*   ¥378,400    582     ¥247\n"), "%s", out);
	cr_assert(strstr(out, "\n(prices per card per month; * the cheaper way to rent the plan, "
			      "whose total is \"per month\"; — not offered)\n"), "%s", out);
	cr_assert_eq(run("-m deepseek-v3 -c 128k -t lora --print"), 0, "%s", err);
	cr_assert(strstr(out, "  TP8 + ZeRO-3 ×2 multi-node  "), "%s", out);
}

/* Options that are not scenario settings are refused by name inside
 * --compare (they were dropped: "+0" everywhere). */
Test(cli, compare_refuses_options_that_are_not_settings)
{
	static const char *const bad[][2] = {
		{"--compare \"--format json\"", "--format"},
		{"--compare \"-p int4 --gpu h100-80g\"", "--gpu"},
		{"--compare \"--print\"", "--print"},
		{"--compare \"-h\"", "-h"},
		{"--compare \"-c 8k --list-models\"", "--list-models"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char args[256], msg[300];
		snprintf(args, sizeof args, "-m llama-3.1-70b %s", bad[i][0]);
		snprintf(msg, sizeof msg, "gpuplan: invalid value for --compare: %s is not a scenario "
			 "setting; --compare takes those and --data DIR, %s goes outside the quotes "
			 "(see gpuplan --help)\n", bad[i][1], bad[i][1]);
		cr_assert_eq(run(args), 2, "%s", args);
		cr_assert_str_eq(err, msg);
	}
	/* a setting's value that starts with '-' is a value, not an option */
	cr_assert_eq(run("-m llama-3.1-70b --compare \"--context=8k -n 2\""), 0, "%s", err);
}

/* The same scenario under another price list: the H100 container drops
 * from 9345 to 8000 a card, and a GPU type only A has shows B as "—". */
Test(cli, compare_with_another_price_list)
{
	cr_assert_eq(system("rm -rf /tmp/gpuplan-newprices && mkdir -p /tmp/gpuplan-newprices/prices "
			    "/tmp/gpuplan-newprices/models && cp " FIXTURES "/ref/models/models.csv "
			    "/tmp/gpuplan-newprices/models/ && grep -v '^b300' " FIXTURES
			    "/ref/prices/gpus.csv > /tmp/gpuplan-newprices/prices/gpus.csv && "
			    "sed 's/^h100-80g,container,1,4,,9345,/h100-80g,container,1,4,,8000,/' "
			    FIXTURES "/ref/prices/offers.csv | grep -v '^b300' > "
			    "/tmp/gpuplan-newprices/prices/offers.csv"), 0);
	cr_assert_eq(run("-m llama-3.1-70b --compare \"--data /tmp/gpuplan-newprices\""), 0, "%s", err);
	cr_assert(strstr(out, "\nB's data: /tmp/gpuplan-newprices · prices as of 2026-10-12\n"), "%s",
		  out);
	/* A: 3 x 9345 = 28035; B: 3 x 8000 = 24000 */
	cr_assert(strstr(out, "\nH100 80G      3  PP3    ¥28,035  17.3 tok/s (1 × 17.3)  3  "
			      "PP3    ¥24,000  17.3 tok/s (1 × 17.3)  -¥4,035   0.00 tok/s\n"), "%s", out);
	/* B300 (A only): the paid machine's 8 cards as TP8 */
	cr_assert(strstr(out, "\nB300 288G     8  TP8   ¥378,400    148 tok/s (1 × 148)  0  —  "
			      "          —                      —        —            —\n"), "%s", out);
	cr_assert_eq(run("-m llama-3.1-70b --compare \"--data /tmp/gpuplan-newprices\" --format "
			 "markdown"), 0, "%s", err);
	cr_assert(strstr(out, "| H100 80G | 3 | PP3 | ¥28,035 | 17.3 tok/s (1 × 17.3) | 3 | PP3 | "
			      "¥24,000 | 17.3 tok/s (1 × 17.3) | -¥4,035 |\n"),
		  "%s", out);
	cr_assert_eq(run("-m llama-3.1-70b --compare \"--data /tmp/gpuplan-newprices\" --format "
			 "json"), 0, "%s", err);
	cr_assert(json_valid(out), "%s", out);
	cr_assert(strstr(out, "\"b_data_source\": \"/tmp/gpuplan-newprices\""), "%s", out);
	/* QLoRA's NF4 base (bitsandbytes) is CUDA-first too; bf16 is native */
	cr_assert_eq(run("-m qwen2.5-7b -t qlora --train-tokens 500M --gpu 910b-64g"), 0, "%s", err);
	cr_assert(strstr(out, "QLoRA's NF4 is not native on 910B 64G"), "%s", out);
	cr_assert_eq(run("-m qwen2.5-7b --gpu 910b-64g"), 0, "%s", err);
	cr_assert_null(strstr(out, "not native"), "%s", out);
	cr_assert_eq(run("-m llama-3.1-70b --compare \"--data /nonexistent-gpuplan\""), 3);
}

/* The two-scenario quote writes a line both scenarios share once and
 * marks the others A: or B:; A's notes are there too (its multi-machine
 * note was missing: only B's were listed). */
Test(cli, compare_quote_merges_what_both_say_and_keeps_as_notes)
{
	cr_assert_eq(run("-m deepseek-v3 --gpu h20-96g --compare \"-m llama-3.1-8b\" --format markdown"),
		     0, "%s", err);
	cr_assert(strstr(out, "## Notes\n\n- A: MoE: all 671B parameters are resident"), "%s", out);
	cr_assert(strstr(out, "- A: H20 96G: multi-node: 2 machines"), "%s", out);
	cr_assert(strstr(out, "\n- KV cache in 16 bits (2 bytes per value) (--kv-precision auto).\n"),
		  "%s", out);
	cr_assert_null(strstr(out, "- A: KV cache in 16 bits"), "%s", out);
	cr_assert_null(strstr(out, "- B: KV cache in 16 bits"), "%s", out);
	/* the same context: one Speed line, unmarked */
	cr_assert(strstr(out, "\n- Speed: each request reads 3584 input tokens"), "%s", out);
	cr_assert_null(strstr(out, "- A: Speed"), "%s", out);
}

/* --compare --format markdown is the two-scenario quote, not the table. */
Test(cli, compare_markdown_is_the_quote_side_by_side)
{
	cr_assert_eq(run("-m qwen2.5-72b -c 32k -n 20 --compare \"-p int4\" --format markdown"), 0,
		     "%s", err);
	/* 20 prompts of 32k tokens under the 10 s TTFT target: 910B's 32 cards are
	 * four machines; int4 computes at 16 bits with its dequantisation (W4A16),
	 * so its prefill is slower and 910B needs more replicas than in bf16 */
	const char *want = "# GPU quote: Qwen2.5-72B, two scenarios\n\n"
			   "Cheapest now (B): H100 80G bare metal, 1 machine (8 cards), "
			   "¥88,480/month. Pinned (A): 910B 64G bare metal, 4 machines (32 cards), "
			   "¥75,200/month. B − A: +¥13,280/month.\n";
	cr_assert(strncmp(out, want, strlen(want)) == 0, "%s", out);
	cr_assert(strstr(out, "| Precision | bf16 | int4 |\n"), "%s", out);
	cr_assert(strstr(out, "| H100 80G | 8 | TP4×DP2 | ¥88,480 | 261 tok/s (20 × 13.0) | 8 | "
			      "TP4×DP2 | ¥88,480 | 269 tok/s (20 × 13.4) | ¥0 |\n"),
		  "%s", out);
	cr_assert(strstr(out, "| 910B 64G | 32 | TP8×DP4 multi-node | ¥75,200 | 177 tok/s (20 × 8.86) "
			      "| 56 | TP8×DP7 multi-node | ¥131,600 | 256 tok/s (20 × 12.2) | "
			      "+¥56,400 |\n"),
		  "%s", out);
	cr_assert(strstr(out, "- B: int4 is weight-only quantisation"), "%s", out);
}

/* Runs gpuplan with its stdout on a full device; stderr into err. */
static int run_full(const char *args)
{
	char cmd[4096], err_path[64];
	snprintf(err_path, sizeof err_path, "/tmp/gpuplan-test-%d.err", (int)getpid());
	snprintf(cmd, sizeof cmd, "env -u GPUPLAN_DATA XDG_CONFIG_HOME=/nonexistent GPUPLAN_DATA="
		 FIXTURES "/ref %s %s >/dev/full 2>%s </dev/null", GPUPLAN_BIN, args, err_path);
	int status = system(cmd);
	slurp(err_path, err, sizeof err);
	unlink(err_path);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Output that cannot be written is a failure with a message, in every mode. */
Test(cli, a_full_disk_is_an_error_in_every_mode)
{
	static const char *const modes[] = {
		"--print -m llama-2-7b", "--print -m llama-2-7b --format csv",
		"--print -m deepseek-v3 --format json", "-m llama-2-7b --format markdown",
		"-m llama-2-7b --compare \"-p int4\"", "--list-models", "--list-gpus",
		"--check-data", "--help", "-m llama-2-7b --limits", "-V"};
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
		cr_assert_eq(run_full(modes[i]), 1, "%s", modes[i]);
		cr_assert_str_eq(err, "gpuplan: writing the report: No space left on device\n", "%s",
				 modes[i]);
	}
}

Test(cli, an_empty_gpu_list_is_an_error)
{
	cr_assert_eq(run("-m llama-2-7b --gpu ''"), 2);
	cr_assert_str_eq(err, "gpuplan: invalid value \"\" for --gpu: expected a GPU id (see "
			      "--list-gpus)\n");
	cr_assert_str_eq(out, "");
}

/* The parsers' own reasons reach the user: what is wrong with this text,
 * not the row's general "expected ..." (issue: reliability, unclear errors). */
Test(cli, a_setting_says_what_is_wrong_with_the_text)
{
	cr_assert_eq(run_env("GPUPLAN_DATA=" FIXTURES "/ref GPUPLAN_TODAY=2026-11-30",
			     "-m llama-2-7b -t full --measured 1:1520,2:2900,2:3000"), 2);
	cr_assert_str_eq(err, "gpuplan: invalid value \"1:1520,2:2900,2:3000\" for --measured: "
			      "expected each card count once, found 2 twice (see gpuplan --help)\n");
	cr_assert_eq(run_env("GPUPLAN_DATA=" FIXTURES "/ref GPUPLAN_TODAY=2026-11-30",
			     "-m llama-2-7b -t full --deadline 2026-10-01"), 2);
	cr_assert_str_eq(err, "gpuplan: invalid value \"2026-10-01\" for --deadline: expected a "
			      "date after today (2026-11-30), found \"2026-10-01\" (see gpuplan "
			      "--help)\n");
}

/* A bad GPUPLAN_TODAY is named by itself; a valid --deadline is not blamed
 * (and "14d" needs no today at all). */
Test(cli, a_bad_today_is_named_not_the_deadline)
{
	cr_assert_eq(run_env("GPUPLAN_DATA=" FIXTURES "/ref GPUPLAN_TODAY=tomorrow",
			     "-m llama-2-7b -t full --deadline 14d --print"), 2);
	cr_assert_str_eq(err, "gpuplan: GPUPLAN_TODAY: expected a date YYYY-MM-DD, found "
			      "\"tomorrow\" (see gpuplan --help)\n");
}

/* Each training setting has a range in its row; past it is refused with
 * that range, never computed into inf days, -nan % or ¥inf. */
/* "inf" or "nan" as a word: a note's severity "info" is not one. */
static bool has_non_finite(const char *text)
{
	for (const char *p = text; (p = strpbrk(p, "in")); p++)
		if ((!strncmp(p, "inf", 3) && p[3] != 'o') || !strncmp(p, "nan", 3))
			if (p == text || !isalpha((unsigned char)p[-1]))
				return true;
	return false;
}

Test(cli, training_settings_past_their_range_are_refused)
{
	cr_assert_eq(run("-m llama-2-7b -t full --train-tokens 1e300 --print"), 2);
	cr_assert_str_eq(err, "gpuplan: invalid value \"1e300\" for --train-tokens: expected a "
			      "token count from 1 to 1000T, found \"1e300\" (see gpuplan --help)\n");
	cr_assert_eq(run("-m llama-2-7b -t full --train-tokens 1B --global-batch 1e300 --print"), 2);
	cr_assert_str_eq(err, "gpuplan: invalid value \"1e300\" for --global-batch: expected a "
			      "token count from 1 to 1B, found \"1e300\" (see gpuplan --help)\n");
	cr_assert_eq(run("-m llama-2-7b -t full --train-tokens 1B --deadline 1e300d --print"), 2);
	cr_assert(strstr(err, "for --deadline: expected a deadline from 1h to 3650d, found "
			      "\"1e300d\""), "%s", err);
	/* the edges themselves are taken */
	cr_assert_eq(run("-m llama-2-7b -t full --train-tokens 1000T --epochs 1000 "
			 "--global-batch 1 --format json"), 0, "%s", err);
	cr_assert_not(has_non_finite(out), "%s", out);
}

/* Measured points a run cannot give are refused at the option, with the
 * bound they break (they printed 10^22 days and ¥inf, or fit 10^4 times
 * superlinear as linear). */
Test(cli, impossible_measurements_are_refused)
{
	cr_assert_eq(run("-m llama-2-7b -t full --train-tokens 1B --gpu h100-80g "
			 "--measured 1:1e-300,2:1e-300 --print"), 2);
	cr_assert_str_eq(err, "gpuplan: invalid value \"1:1e-300,2:1e-300\" for --measured: "
			      "expected a throughput from 1 to 10000000 tokens/s in \"1:1e-300\" "
			      "(see gpuplan --help)\n");
	cr_assert_eq(run("-m llama-2-7b -t full --train-tokens 1B --gpu h100-80g "
			 "--measured 1:1000,2:2e7 --print"), 2);
	cr_assert(strstr(err, "expected at most 2 times the per-card tokens/s"), "%s", err);
}

/* A price list in two currencies is named by --check-data: the list once
 * (the first offer in each), and each GPU quoted in both, by line. */
Test(cli, check_data_names_a_second_currency)
{
	cr_assert_eq(run_env("", "--check-data --data " FIXTURES "/loader/usd-container"), 0, "%s",
		     err);
	cr_assert(strstr(err, "warning: " FIXTURES "/loader/usd-container/prices/offers.csv: quotes "
			      "in two currencies, CNY (line 5, rtx4090-24g) and USD (line 18, "
			      "h100-80g): totals in different currencies are never compared\n"),
		  "%s", err);
	cr_assert(strstr(err, "warning: " FIXTURES "/loader/usd-container/prices/offers.csv:19: "
			      "h100-80g is quoted in CNY here and in USD on line 18: its container "
			      "and bare metal are not compared\n"), "%s", err);
	/* one currency: no word about it */
	cr_assert_eq(run("--check-data"), 0, "%s", err);
	cr_assert_null(strstr(err, "currenc"), "%s", err);
}

/* A data warning on the model in use (params_b 9 for a 6.738B shape)
 * reaches every report, not only --check-data: stderr in every format, a
 * note in the table, the JSON and the quote. */
Test(cli, a_data_warning_reaches_every_report)
{
	static const char *const note = "data: models/models.csv:2 params_b 9B differs from the "
					"6.738B the architecture implies by 25 %: the figures use "
					"the listed count (see --check-data)";
	static const char *const formats[] = {"table", "csv", "json", "markdown"};
	char args[256], warning[300];
	snprintf(warning, sizeof warning, "warning: %s\n", note);
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		snprintf(args, sizeof args, "--data " FIXTURES "/params -m wrong-7b --format %s",
			 formats[i]);
		cr_assert_eq(run_env("", args), 0, "%s", err);
		cr_assert(strstr(err, warning), "%s: %s", formats[i], err);
		if (strcmp(formats[i], "csv") != 0)
			cr_assert(strstr(out, note), "%s: %s", formats[i], out);
	}
	/* a model that agrees with its shape: no such word */
	cr_assert_eq(run_env("", "--data " FIXTURES "/params -m llama-2-7b --format json"), 0);
	cr_assert_null(strstr(err, "data: "), "%s", err);
}

/* An empty folder is a usage error at once (exit 2), naming the option:
 * --export-data "" exited 1 as a runtime failure, --data "" read
 * /models/models.csv. */
Test(cli, an_empty_folder_is_a_usage_error)
{
	cr_assert_eq(run("--export-data ''"), 2);
	cr_assert_str_eq(err, "gpuplan: invalid value \"\" for --export-data: expected a folder "
			      "name (see gpuplan --help)\n");
	cr_assert_eq(run("--data '' --list-gpus"), 2);
	cr_assert_str_eq(err, "gpuplan: invalid value \"\" for --data: expected a folder name (see "
			      "gpuplan --help)\n");
}
