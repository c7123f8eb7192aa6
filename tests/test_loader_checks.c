/* The loader refuses figures that would compute wrong numbers without a
 * word (issue 12, "silent wrong numbers"): unknown currencies, a column
 * name in the wrong case, values out of range, ambiguous model names; and
 * warns about quotes dated in the future. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "loader.h"
#include "compare.h"
#include "datasrc.h"
#include "helpers.h"

#define OFFERS_HEADER "gpu,kind,cards,max_cards,region,monthly,hourly,currency,discount," \
		      "network,inter_node,collected,source\n"
#define MODELS_HEADER "id,name,params_b,layers,hidden,heads,kv_heads,head_dim,intermediate,vocab\n"
#define LOADER FIXTURES "/loader"

static char out[8192];

static void expect(int file, const char *text, size_t errors, const char *message)
{
	size_t got = load_with(file, text, out, sizeof out);
	cr_assert_eq(got, errors, "errors: %zu\n%s", got, out);
	cr_assert(strstr(out, message) != NULL, "expected\n  %s\nin\n%s", message, out);
}

Test(currency, unknown_code_is_an_error_naming_the_column)
{
	expect(FILE_OFFERS, OFFERS_HEADER "h100-80g,container,1,4,,9345,,RMB,,,none,2026-10-12,t\n",
	       1, "prices/offers.csv:2:31: expected a currency code for currency (CNY, USD, EUR, HKD, "
		  "JPY, GBP, SGD, TWD, KRW, AUD, CAD, CHF, INR, AED, SAR, MYR, THB, IDR), found "
		  "\"RMB\"\n");
}

Test(currency, known_codes_load_in_any_case)
{
	expect(FILE_OFFERS, OFFERS_HEADER "h100-80g,container,1,4,,9345,,usd,,,none,2026-10-12,t\n"
					  "h100-80g,baremetal,8,,,88480,,,,,none,2026-10-12,t\n",
	       0, "");
}

Test(currency, header_differing_only_in_case_is_an_error)
{
	expect(FILE_OFFERS,
	       "gpu,kind,cards,max_cards,region,monthly,hourly,Currency,collected\n"
	       "h100-80g,container,1,4,,9345,,USD,2026-10-12\n",
	       1, "prices/offers.csv:1:48: expected the column name currency, found \"Currency\"\n");
}

/* Container in CNY, bare metal in USD: the totals are not compared. */
Test(currency, plans_never_compare_two_currencies)
{
	struct catalog c;
	load_fixture(&c, LOADER "/usd");
	struct scenario sc;
	make_scenario(&sc, &c, "llama-2-7b", NULL);
	struct analysis a = {0};
	cr_assert(analysis_run(&a, &c, &sc, "h100-80g"), "%s", a.error);
	const struct plan *p = plan_of(&a, "h100-80g");
	cr_assert_str_eq(p->container.offer->currency, "CNY");
	cr_assert_str_eq(p->baremetal.offer->currency, "USD");
	cr_assert(p->container.available && p->baremetal.available);
	cr_assert_eq(p->cheaper, CHEAPER_NONE, "88480 USD compared with 9345 CNY");
	cr_assert_eq(plan_cheaper_way(p), CHEAPER_NONE);
	cr_assert_null(plan_cheapest(&a));
	analysis_free(&a);
	catalog_free(&c);
}

/* A100 priced only in USD (800/month): it is not "cheaper" than ¥1,073. */
Test(currency, the_cheapest_plan_is_sought_in_one_currency)
{
	struct catalog c;
	load_fixture(&c, LOADER "/mixed");
	struct scenario sc;
	make_scenario(&sc, &c, "llama-2-7b", NULL);
	struct analysis a = {0};
	cr_assert(analysis_run(&a, &c, &sc, NULL), "%s", a.error);
	cr_assert_str_eq(plan_currency(plan_of(&a, "a100-80g")), "USD");
	cr_assert_eq(plan_monthly(plan_of(&a, "a100-80g")), 800);
	const struct plan *best = plan_cheapest(&a);
	cr_assert_not_null(best);
	cr_assert_str_eq(best->gpu->id, "rtx4090-24g");
	cr_assert_str_eq(plan_currency(best), "CNY");
	analysis_free(&a);
	catalog_free(&c);
}

Test(ranges, cards_and_max_cards_within_1_to_4096)
{
	expect(FILE_OFFERS,
	       OFFERS_HEADER "h100-80g,baremetal,2147483647,,,88480,,CNY,,,none,2026-10-12,t\n", 1,
	       "prices/offers.csv:2:20: expected a whole number from 1 to 4096 for cards, found "
	       "\"2147483647\"\n");
	expect(FILE_OFFERS, OFFERS_HEADER "h100-80g,container,1,4097,,9345,,CNY,,,none,2026-10-12,t\n",
	       1, "prices/offers.csv:2:22: expected a whole number from 1 to 4096 for max_cards, found "
		  "\"4097\"\n");
	expect(FILE_OFFERS, OFFERS_HEADER "h100-80g,container,1,4k,,9345,,CNY,,,none,2026-10-12,t\n",
	       0, "");
}

Test(ranges, money_below_a_billion)
{
	expect(FILE_OFFERS,
	       OFFERS_HEADER "h100-80g,container,1,4,,1000000001,,CNY,,,none,2026-10-12,t\n", 1,
	       "prices/offers.csv:2:25: expected a number from 0 to 1000000000 for monthly, "
	       "found \"1000000001\"\n");
	expect(FILE_OFFERS, OFFERS_HEADER "h100-80g,container,1,4,,,2e9,CNY,,,none,2026-10-12,t\n", 1,
	       "expected a number from 0 to 1000000000 for hourly, found \"2e9\"\n");
}

Test(ranges, model_figures)
{
	expect(FILE_MODELS, MODELS_HEADER "m,M,1e300,32,4096,32,8,128,11008,32000\n", 1,
	       "models/models.csv:2:5: expected a number from 0.01 to 1000000 for params_b, found "
	       "\"1e300\"\n");
	expect(FILE_MODELS, MODELS_HEADER "m,M,7,100000,4096,32,8,128,11008,32000\n", 1,
	       "models/models.csv:2:7: expected a whole number from 1 to 1024 for layers, found "
	       "\"100000\"\n");
	expect(FILE_MODELS, MODELS_HEADER "m,M,7,32,2147483647,32,8,128,11008,32000\n", 1,
	       "expected a whole number from 1 to 131072 for hidden, found \"2147483647\"\n");
	/* below the minimum gives the range too */
	expect(FILE_MODELS, MODELS_HEADER "m,M,7,0,4096,32,8,128,11008,32000\n", 1,
	       "expected a whole number from 1 to 1024 for layers, found \"0\"\n");
}

Test(names, a_name_equal_to_another_id_is_an_error)
{
	expect(FILE_MODELS,
	       MODELS_HEADER "m,M,7,32,4096,32,8,128,11008,32000\n"
			     "n,m,7,32,4096,32,8,128,11008,32000\n",
	       1, "models/models.csv:3:3: expected a name that is not the id on line 2 (-m must find "
		  "one model), found \"m\"\n");
}

Test(names, an_id_equal_to_another_name_is_an_error)
{
	expect(FILE_MODELS,
	       MODELS_HEADER "m,Alpha,7,32,4096,32,8,128,11008,32000\n"
			     "alpha,Beta,7,32,4096,32,8,128,11008,32000\n",
	       1, "models/models.csv:3:1: expected an id that is not the name on line 2 (-m must find "
		  "one model), found \"alpha\"\n");
}

Test(names, duplicate_names_and_ids_differing_in_case)
{
	expect(FILE_MODELS,
	       MODELS_HEADER "m,Alpha,7,32,4096,32,8,128,11008,32000\n"
			     "n,ALPHA,7,32,4096,32,8,128,11008,32000\n"
			     "M,Gamma,7,32,4096,32,8,128,11008,32000\n"
			     "x,X,7,32,4096,32,8,128,11008,32000\n",
	       2, "models/models.csv:3:3: expected a name that is not the name on line 2");
	cr_assert(strstr(out, "models/models.csv:4:1: expected an id that is not the id on line 2 "
			      "(-m must find one model), found \"M\"\n"), "%s", out);
	/* the same id twice keeps its own message */
	expect(FILE_MODELS,
	       MODELS_HEADER "m,A,7,32,4096,32,8,128,11008,32000\n"
			     "m,B,7,32,4096,32,8,128,11008,32000\n",
	       1, "models/models.csv:3:1: expected a unique id, found \"m\" again (first on line 2)\n");
}

Test(future, a_quote_after_today_is_a_warning_and_loads)
{
	setenv("GPUPLAN_TODAY", "2026-11-30", 1);
	struct catalog c;
	struct diag d = {0};
	cr_assert_eq(data_load_dir(&c, LOADER "/future", &d), 0);
	cr_assert_eq(c.nwarnings, 1);
	cr_assert_eq(d.warnings, 1);
	cr_assert_str_eq(d.msgs[0], LOADER "/future/prices/offers.csv:24:42: collected 2062-01-01 "
					   "is in the future (today is 2026-11-30): it would win over "
					   "every other quote");
	diag_clear(&d);
	catalog_free(&c);
	setenv("GPUPLAN_TODAY", "2062-01-01", 1);
	cr_assert_eq(data_load_dir(&c, LOADER "/future", &d), 0);
	cr_assert_eq(c.nwarnings, 0);
	diag_clear(&d);
	catalog_free(&c);
}

static int check_data(const char *dir, char *err, size_t cap)
{
	char cmd[1024], path[64];
	snprintf(path, sizeof path, "/tmp/gpuplan-loader-%d.err", (int)getpid());
	snprintf(cmd, sizeof cmd, "GPUPLAN_TODAY=2026-11-30 %s --check-data --data %s >/dev/null 2>%s",
		 GPUPLAN_BIN, dir, path);
	int status = system(cmd);
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(err, 1, cap - 1, f) : 0;
	err[n] = '\0';
	if (f)
		fclose(f);
	unlink(path);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Test(check_data, warnings_alone_exit_0)
{
	cr_assert_eq(check_data(LOADER "/future", out, sizeof out), 0, "%s", out);
	cr_assert(strstr(out, "warning: " LOADER "/future/prices/offers.csv:24:42: collected "
				"2062-01-01 is in the future"), "%s", out);
}

Test(check_data, every_new_problem_with_its_place_and_exit_3)
{
	cr_assert_eq(check_data(LOADER "/bad", out, sizeof out), 3, "%s", out);
	const char *want[] = {
		"/bad/models/models.csv:24:8: expected a name that is not the id on line 6",
		"/bad/models/models.csv:25:11: expected a number from 0.01 to 1000000 for params_b",
		"/bad/prices/offers.csv:24:20: expected a whole number from 1 to 4096 for cards",
		"/bad/prices/offers.csv:25:31: expected a currency code for currency",
		"warning: " LOADER "/bad/prices/offers.csv:26:43: collected 2062-01-01 is in the future",
		"gpuplan: 4 errors in the data files",
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		cr_assert(strstr(out, want[i]), "%s\nin\n%s", want[i], out);
}

/* The offers sort on packed integer keys: the order must be the one
 * pricing reads (GPU, kind, region in strcmp order, newest first, then
 * file order), here on 3000 rows with regions and dates shuffled. */
static int order_cmp(const struct offer *x, const struct offer *y)
{
	if (x->gpu != y->gpu)
		return x->gpu - y->gpu;
	if (x->kind != y->kind)
		return x->kind - y->kind;
	int c = strcmp(x->region, y->region);
	if (c)
		return c;
	if (x->collected != y->collected)
		return y->collected - x->collected;
	return (int)x->line - (int)y->line;
}

Test(index, offers_grouped_in_pricing_order)
{
	static const char *const gpus[] = {"h100-80g", "a100-80g", "rtx4090-24g"};
	static const char *const regions[] = {"", "四川二区", "b", "a", "宁夏一区", "B", "ab"};
	size_t cap = 3000 * 120 + 256, used = 0;
	char *text = malloc(cap);
	used += (size_t)snprintf(text, cap, OFFERS_HEADER);
	for (int i = 0; i < 3000; i++)
		used += (size_t)snprintf(text + used, cap - used,
					 "%s,%s,%d,,%s,%d,,CNY,,,none,2026-%02d-%02d,r%d\n",
					 gpus[i * 7 % 3], i % 5 ? "container" : "baremetal",
					 i % 5 ? 1 : 8, regions[i * 13 % 7], 1000 + i, 1 + i * 11 % 9,
					 1 + i % 3, i);
	const char *paths[3] = {"m", "g", "o"};
	const char *bufs[3];
	size_t lens[3];
	char *owned[2];
	for (int f = 0; f < 2; f++) {
		char path[256];
		snprintf(path, sizeof path, FIXTURES "/ref/%s", catalog_file_names[f]);
		FILE *in = fopen(path, "rb");
		owned[f] = malloc(1 << 16);
		lens[f] = fread(owned[f], 1, 1 << 16, in);
		fclose(in);
		bufs[f] = owned[f];
	}
	bufs[2] = text, lens[2] = used;
	struct catalog c;
	struct diag d = {0};
	cr_assert_eq(catalog_load(&c, paths, bufs, lens, &d), 0);
	cr_assert_eq(c.noffers, 3000);
	for (size_t i = 1; i < c.noffers; i++)
		cr_assert_lt(order_cmp(&c.offers[c.offer_order[i - 1]], &c.offers[c.offer_order[i]]),
			     0, "at %zu", i);
	for (size_t g = 0; g < c.ngpus; g++)
		for (size_t i = 0; i < c.gpus[g].noffers; i++)
			cr_assert_eq(c.offers[c.offer_order[c.gpus[g].first_offer + i]].gpu, (int)g);
	diag_clear(&d);
	catalog_free(&c);
	free(text);
	free(owned[0]);
	free(owned[1]);
}

/* ---- Physical ranges: every number a memory or time figure divides by
 * (issue: reliability, impossible numbers) ---- */

#define GPUS_HEADER                                                                        \
	"id,name,vendor,memory_mib,bandwidth_gbs,bf16_tflops,fp8_tflops,link,link_gbs,mbu,"  \
	"mbu_bs1,mfu_infer,mfu_infer_fp8,mfu_train,calibration,source\n"

/* A one-GPU gpus.csv also leaves the fixture's offers for other GPUs
 * without their GPU: only the message is checked, not the count. */
static void expect_gpu(const char *row, const char *message)
{
	char text[512];
	snprintf(text, sizeof text, GPUS_HEADER "%s\n", row);
	size_t got = load_with(FILE_GPUS, text, out, sizeof out);
	cr_assert_geq(got, 1, "%s", out);
	cr_assert(strstr(out, message) != NULL, "expected\n  %s\nin\n%s", message, out);
}

/* An empty bandwidth was read as -1: "-1 GB/s" and speeds 5x too fast;
 * 0 gave "TTFT inf s". */
Test(ranges, gpu_bandwidth_is_required_and_physical)
{
	expect_gpu("h100-80g,H100,NVIDIA,81559,,989,1979,nvlink,900,0.75,0.55,0.55,0.40,0.40,"
		   "published,t",
		   "prices/gpus.csv:2:28: expected a number above 0 for bandwidth_gbs, found an "
		   "empty field\n");
	expect_gpu("h100-80g,H100,NVIDIA,81559,0,989,1979,nvlink,900,0.75,0.55,0.55,0.40,0.40,"
		   "published,t",
		   "prices/gpus.csv:2:28: expected a number from 1 to 100000 for bandwidth_gbs, "
		   "found \"0\"\n");
	expect_gpu("h100-80g,H100,NVIDIA,81559,3350,,1979,nvlink,900,0.75,0.55,0.55,0.40,0.40,"
		   "published,t",
		   "prices/gpus.csv:2:33: expected a number above 0 for bf16_tflops, found an "
		   "empty field\n");
	expect_gpu("h100-80g,H100,NVIDIA,81559,3350,989,1979,nvlink,0,0.75,0.55,0.55,0.40,0.40,"
		   "published,t",
		   "prices/gpus.csv:2:49: expected a number from 1 to 100000 for link_gbs, found "
		   "\"0\"\n");
}

Test(ranges, gpu_memory_and_efficiencies_are_physical)
{
	expect_gpu("h100-80g,H100,NVIDIA,1e308,3350,989,1979,nvlink,900,0.75,0.55,0.55,0.40,0.40,"
		   "published,t",
		   "prices/gpus.csv:2:22: expected a number from 1024 to 16777216 for memory_mib, "
		   "found \"1e308\"\n");
	expect_gpu("h100-80g,H100,NVIDIA,81559,3350,989,1979,nvlink,900,1e-300,0.55,0.55,0.40,"
		   "0.40,published,t",
		   "prices/gpus.csv:2:53: expected a fraction from 0.01 to 1 for mbu, found "
		   "\"1e-300\"\n");
	expect_gpu("h100-80g,H100,NVIDIA,81559,3350,989,1979,nvlink,900,0.75,0.55,0.55,0.40,"
		   "1e-300,published,t",
		   "prices/gpus.csv:2:73: expected a fraction from 0.01 to 1 for mfu_train, found "
		   "\"1e-300\"\n");
	/* the edges load */
	expect(FILE_GPUS, GPUS_HEADER
	       "h100-80g,H100,NVIDIA,1024,1,1,,pcie,1,0.01,0.01,0.01,,0.01,published,t\n"
	       "rtx4090-24g,R,NVIDIA,16777216,100000,100000,100000,pcie,100000,1,1,1,1,1,"
	       "published,t\n"
	       "910b-64g,A,Huawei,65536,1600,320,,hccs,392,0.60,0.50,0.45,,0.30,estimate,t\n"
	       "h20-96g,H20,NVIDIA,97871,4000,148,296,nvlink,900,0.75,0.65,0.70,0.70,0.50,"
	       "published,t\n"
	       "a100-80g,A100,NVIDIA,81920,2039,312,,nvlink,600,0.75,0.60,0.65,,0.45,published,t\n"
	       "h200-141g,H200,NVIDIA,143771,4800,989,1979,nvlink,900,0.75,0.55,0.55,0.40,0.40,"
	       "published,t\n"
	       "b300-288g,B300,NVIDIA,274658,8000,2250,4500,nvlink,1800,0.75,0.55,0.45,0.40,0.40,"
	       "estimate,t\n"
	       "l20-48g,L20,NVIDIA,46068,864,119.5,239,pcie,32,0.80,0.80,0.65,0.45,0.35,estimate,t\n",
	       0, "");
}

/* vocab at the old maximum (2^24) made the embeddings larger than the
 * model: the rest of it, and TTFT and TPOT, came out negative. */
Test(ranges, the_embeddings_fit_in_the_parameter_count)
{
	expect(FILE_MODELS, MODELS_HEADER "m,M,7,32,4096,32,8,128,11008,16777216\n", 1,
	       "models/models.csv:2:30: expected a whole number from 1 to 2097152 for vocab, found "
	       "\"16777216\"\n");
	/* 2097152 x 4096 x 2 (untied) = 17.18B embedding parameters > 7B */
	expect(FILE_MODELS, MODELS_HEADER "m,M,7,32,4096,32,8,128,11008,2097152\n", 1,
	       "models/models.csv:2:5: expected params_b above the 17.18B that the embeddings "
	       "(vocab x hidden) hold, found \"7\"\n");
	/* MoE: 8 experts, 2 active, 46.7B total, 3B active: each expert is
	 * (46.7 - 3) / 6 = 7.283B, 2 of them 14.57B, plus 32000 x 4096 x 2 =
	 * 0.262B: 14.83B > 3B */
	expect(FILE_MODELS,
	       "id,name,params_b,active_params_b,layers,hidden,heads,kv_heads,head_dim,"
	       "intermediate,vocab,experts,experts_per_token\n"
	       "x,X,46.7,3,32,4096,32,8,128,14336,32000,8,2\n",
	       1, "models/models.csv:2:10: expected active_params_b above the 14.83B that the "
		  "embeddings (vocab x hidden) and the active experts hold, found \"3\"\n");
}

/* ---- Control characters (issue: reliability, security) ---- */

#define CONTROL FIXTURES "/control"

/* tests/fixtures/control: the reference data plus rows holding ESC ] (sets
 * the terminal title), ESC [ 2 J (clears it), BEL, BS, CR, DEL, a C1 CSI
 * (U+009B) and a tab. Each is refused at the character's place; a tab only
 * in a source. No control byte reaches the terminal through the message. */
Test(check_data, control_characters_are_refused_where_they_are)
{
	static char err[8192];
	cr_assert_eq(check_data(CONTROL, err, sizeof err), 3, "%s", err);
	const char *want[] = {
		/* evil-7b,"Evil then 4 BS: the quote is column 9, the first BS 14 */
		CONTROL "/models/models.csv:37:14: expected text without control characters for "
			"name, found the control character U+0008 in \"Evil\\x08\\x08\\x08\\x08Good "
			"7B\"\n",
		CONTROL "/prices/gpus.csv:14:11: expected text without control characters for name, "
			"found the control character U+000D in \"X1\\x0d cleared\"\n",
		"for vendor, found the control character U+007F in \"Vend\\x7for\"\n",
		"for name, found the control character U+0009 in \"X3\\x09tabbed\"\n",
		CONTROL "/prices/offers.csv:24:35: expected text without control characters for "
			"discount, found the control character U+001B in \"\\x1b]0;pwned\\x07\"\n",
		CONTROL "/prices/offers.csv:25:23: expected text without control characters for "
			"region, found the control character U+009B in \"\\u009b2J宁夏\"\n",
		CONTROL "/prices/offers.csv:26:38: expected text without control characters for "
			"network, found the control character U+0007 in \"IB\\x07\"\n",
		CONTROL "/prices/offers.csv:26:55: expected text without control characters (a tab "
			"is allowed) for source, found the control character U+001B in "
			"\"x\\x1b[2Jy\"\n",
		"gpuplan: 8 errors in the data files; nothing was computed\n",
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		cr_assert(strstr(err, want[i]), "%s\nin\n%s", want[i], err);
	/* the tab in evil-7b's source is no error: 8 errors, none for it */
	cr_assert_null(strstr(err, "a tab is fine"), "%s", err);
	for (const char *p = err; *p; p++)
		cr_assert((unsigned char)*p >= 0x20 || *p == '\n', "a raw control byte 0x%02x",
			  (unsigned char)*p);
	cr_assert_null(strstr(err, "\xc2\x9b"), "a raw C1 CSI");
}

/* The rows alone, through the loader: the first control character of a
 * field, C1 by its code point, a tab where only a source allows one. */
Test(check_data, control_characters_by_column)
{
	expect(FILE_MODELS, MODELS_HEADER "m,\"M\x1b[2J\",7,32,4096,32,8,128,11008,32000\n", 1,
	       "models/models.csv:2:5: expected text without control characters for name, found "
	       "the control character U+001B in \"M\\x1b[2J\"\n");
	expect(FILE_MODELS, MODELS_HEADER "m\x07,M,7,32,4096,32,8,128,11008,32000\n", 1,
	       "models/models.csv:2:2: expected text without control characters for id");
	/* a number column says what it is, then the character */
	expect(FILE_MODELS, MODELS_HEADER "m,M,7\x08,32,4096,32,8,128,11008,32000\n", 1,
	       "models/models.csv:2:6: expected a number above 0 for params_b, found the control "
	       "character U+0008 in \"7\\x08\"\n");
	expect(FILE_MODELS, MODELS_HEADER "m,M\xc2\x85,7,32,4096,32,8,128,11008,32000\n", 1,
	       "models/models.csv:2:4: expected text without control characters for name, found "
	       "the control character U+0085 in \"M\\u0085\"\n");
	/* printable text is untouched: Chinese, quotes, commas */
	expect(FILE_MODELS,
	       MODELS_HEADER "m,\"模型 \"\"七\"\", 7B\",7,32,4096,32,8,128,11008,32000\n", 0, "");
}
