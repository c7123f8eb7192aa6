/* Every data error names file, line, column, what was expected and what
 * was found; nothing bad becomes a silent zero. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "loader.h"
#include "i18n.h"
#include "helpers.h"

#define OFFERS_HEADER "gpu,kind,cards,max_cards,region,monthly,hourly,currency,discount," \
		      "network,inter_node,collected,source\n"
#define GPUS_HEADER "id,name,vendor,memory_mib,bandwidth_gbs,bf16_tflops,fp8,link,link_gbs,source\n"
#define GOOD_OFFER "h100-80g,container,1,4,,9345,,CNY,,,none,2026-10-12,test\n"

static char out[8192];

static void expect_offers(const char *text, size_t errors, const char *message)
{
	size_t got = load_with(FILE_OFFERS, text, out, sizeof out);
	cr_assert_eq(got, errors, "errors: %zu\n%s", got, out);
	cr_assert(strstr(out, message) != NULL, "expected\n  %s\nin\n%s", message, out);
}

Test(data, the_fixture_loads)
{
	cr_assert_eq(load_with(FILE_OFFERS, OFFERS_HEADER GOOD_OFFER, out, sizeof out), 0, "%s", out);
}

Test(data, wrong_field_count)
{
	/* the 12th field, collected, starts at column 42 */
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,,9345,,CNY,,,none,2026-10-12\n", 1,
		      "prices/offers.csv:2:42: expected 13 fields as in the header, found 12\n");
}

Test(data, missing_required_column)
{
	expect_offers("gpu,kind,monthly\nh100-80g,container,9345\n", 1,
		      "prices/offers.csv:1:1: expected a column named \"collected\" in the header\n");
}

Test(data, empty_required_field)
{
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,,9345,,CNY,,,none,,test\n", 1,
		      "prices/offers.csv:2:42: expected a date YYYY-MM-DD for collected, found an "
		      "empty field\n");
}

Test(data, non_numeric_negative_and_non_finite)
{
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,,93x5,,CNY,,,none,2026-10-12,t\n", 1,
		      "prices/offers.csv:2:25: expected a number (0 or more) for monthly, found \"93x5\"\n");
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,,-5,,CNY,,,none,2026-10-12,t\n", 1,
		      "found \"-5\"");
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,,inf,,CNY,,,none,2026-10-12,t\n", 1,
		      "found \"inf\"");
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,,1e309,,CNY,,,none,2026-10-12,t\n", 1,
		      "found \"1e309\"");
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,,NaN,,CNY,,,none,2026-10-12,t\n", 1,
		      "found \"NaN\"");
}

Test(data, unknown_gpu_in_an_offer)
{
	expect_offers(OFFERS_HEADER "h999,container,1,4,,9345,,CNY,,,none,2026-10-12,t\n", 1,
		      "prices/offers.csv:2:1: expected a GPU id from prices/gpus.csv, found \"h999\"\n");
}

Test(data, unknown_kind_and_bad_date)
{
	expect_offers(OFFERS_HEADER "h100-80g,rent,1,4,,9345,,CNY,,,none,2026-10-12,t\n", 1,
		      "prices/offers.csv:2:10: expected one of container, baremetal for kind, "
		      "found \"rent\"\n");
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,,9345,,CNY,,,none,2026-02-30,t\n", 1,
		      "expected a date YYYY-MM-DD for collected, found \"2026-02-30\"");
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,,9345,,CNY,,,wifi,2026-10-12,t\n", 1,
		      "expected one of none, ethernet, ib for inter_node, found \"wifi\"");
}

Test(data, a_price_is_required)
{
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,,,,CNY,,,none,2026-10-12,t\n", 1,
		      "prices/offers.csv:2:25: expected a monthly or an hourly price (both are "
		      "empty), found \"\"\n");
}

Test(data, invalid_utf8)
{
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,\xff\xfe,9345,,CNY,,,none,2026-10-12,t\n",
		      1, "prices/offers.csv:2:24: expected UTF-8 text, found byte 0xff\n");
}

Test(data, nul_byte)
{
	char text[] = OFFERS_HEADER "h100-80g,container,1,4,X,9345,,CNY,,,none,2026-10-12,t\n";
	*strchr(text + strlen(OFFERS_HEADER), 'X') = '\0';
	size_t len = sizeof text - 1;
	/* load_with takes a C string; exercise the parser directly */
	struct csv_table t;
	struct diag d = {0};
	cr_assert_eq(csvtab_parse(&t, "prices/offers.csv", text, len, &d), 1);
	cr_assert_str_eq(d.msgs[0], "prices/offers.csv:2:24: expected text, found a NUL byte");
	diag_clear(&d);
	csvtab_free(&t);
}

Test(data, unterminated_quote)
{
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,\"open,9345\n", 1,
		      "prices/offers.csv:2:24: expected a closing quote for this field, found the "
		      "end of the file\n");
}

Test(data, empty_file_and_header_only)
{
	expect_offers("", 1, "prices/offers.csv:1:1: expected a header row naming the columns, "
			     "found an empty file\n");
	cr_assert_eq(load_with(FILE_OFFERS, OFFERS_HEADER, out, sizeof out), 0, "%s", out);
}

Test(data, all_problems_are_reported)
{
	expect_offers(OFFERS_HEADER GOOD_OFFER
		      "h100-80g,container,1,4,,x,,CNY,,,none,2026-10-12,t\n"
		      "h999,container,1,4,,1,,CNY,,,none,2026-10-12,t\n"
		      "h100-80g,container,1,4,,1,,CNY,,,none,tomorrow,t\n",
		      3, "prices/offers.csv:5:39: expected a date YYYY-MM-DD for collected, found "
			 "\"tomorrow\"\n");
	cr_assert(strstr(out, "prices/offers.csv:3:25:") && strstr(out, "prices/offers.csv:4:1:"),
		  "%s", out);
}

Test(data, bom_crlf_comments_and_quotes)
{
	const char *text = "\xEF\xBB\xBF# prices\r\n" OFFERS_HEADER
			   "h100-80g,container,1,4,\"宁夏一区, \"\"A\"\"\",9345,,CNY,,,none,2026-10-12,t\r\n"
			   "# a comment between rows\r\n"
			   "h100-80g,container,1,4,,x,,CNY,,,none,2026-10-12,t\r\n";
	expect_offers(text, 1, "prices/offers.csv:5:25: expected a number (0 or more) for monthly, "
			       "found \"x\"\n");
}

Test(data, duplicate_ids)
{
	const char *text = GPUS_HEADER
			   "h100-80g,NVIDIA H100 80G,NVIDIA,81559,3350,989,yes,nvlink,900,t\n"
			   "rtx4090-24g,NVIDIA RTX 4090 24G,NVIDIA,24564,1008,165,yes,pcie,32,t\n"
			   "h100-80g,again,NVIDIA,81559,3350,989,yes,nvlink,900,t\n";
	size_t errors = load_with(FILE_GPUS, text, out, sizeof out);
	/* the duplicate, plus offers naming GPUs this short list lacks */
	cr_assert_geq(errors, 1);
	cr_assert(strstr(out, "prices/gpus.csv:4:1: expected a unique id, found \"h100-80g\" "
			      "again (first on line 2)\n"), "%s", out);
}

Test(data, gpu_memory_must_be_positive_and_link_known)
{
	const char *text = GPUS_HEADER
			   "h100-80g,NVIDIA H100 80G,NVIDIA,0,3350,989,yes,nvlink,900,t\n"
			   "x,X,NVIDIA,100,1,1,yes,infiniband,900,t\n";
	load_with(FILE_GPUS, text, out, sizeof out);
	cr_assert(strstr(out, "prices/gpus.csv:2:33: expected a number from 1024 to 16777216 for "
			      "memory_mib, found \"0\"\n"), "%s", out);
	cr_assert(strstr(out, "prices/gpus.csv:3:24: expected one of nvlink, hccs, pcie, xgmi for link, "
			      "found \"infiniband\"\n"), "%s", out);
}

Test(data, model_architecture_checks)
{
	const char *text =
		"id,name,params_b,layers,hidden,heads,kv_heads,head_dim,intermediate,vocab\n"
		"m,M,7,32,4096,32,7,128,11008,32000\n"
		"n,N,abc,32,4096,32,8,128,11008,32000\n"
		"o,O,7,0,4096,32,8,128,11008,32000\n";
	size_t errors = load_with(FILE_MODELS, text, out, sizeof out);
	cr_assert_eq(errors, 3, "%s", out);
	cr_assert(strstr(out, "models/models.csv:2:18: expected kv_heads dividing heads (32), "
			      "found \"7\"\n"), "%s", out);
	cr_assert(strstr(out, "models/models.csv:3:5: expected a number above 0 for params_b, "
			      "found \"abc\"\n"), "%s", out);
	cr_assert(strstr(out, "models/models.csv:4:7: expected a whole number from 1 to 1024 for "
			      "layers, found \"0\"\n"), "%s", out);
}

Test(data, long_lines_and_long_values_are_cut_in_messages)
{
	static char text[200000];
	strcpy(text, OFFERS_HEADER "h100-80g,container,1,4,,");
	size_t n = strlen(text);
	memset(text + n, '7', 100000);
	strcpy(text + n + 100000, "x,,CNY,,,none,2026-10-12,t\n");
	expect_offers(text, 1, "expected a number (0 or more) for monthly, found \"7777777777");
	cr_assert(strstr(out, "...\"") != NULL, "%s", out);
}

Test(hostile, extra_column)
{
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,,9345,,CNY,,,none,2026-10-12,t,extra\n", 1,
		      "prices/offers.csv:2:55: expected 13 fields as in the header, found 14\n");
}

Test(hostile, ten_megabyte_line)
{
	size_t n = 10u << 20;
	char *text = malloc(n + 256);
	strcpy(text, OFFERS_HEADER "h100-80g,container,1,4,");
	size_t used = strlen(text);
	memset(text + used, 'x', n);
	strcpy(text + used + n, ",9345,,CNY,,,none,2026-10-12,t\n");
	/* a 10 MB region name is text, not an error: it loads */
	cr_assert_eq(load_with(FILE_OFFERS, text, out, sizeof out), 0, "%s", out);
	memset(text + used, '9', n); /* a 10 MB number in the region is still text... */
	strcpy(text + used + n, "x,,CNY,,,none,2026-10-12,t\n"); /* ...but here it is the monthly price */
	memcpy(text + used - 1, ",,", 2);
	size_t errors = load_with(FILE_OFFERS, text, out, sizeof out);
	cr_assert_eq(errors, 1, "%s", out);
	cr_assert(strstr(out, "expected a number (0 or more) for monthly, found \"9999") != NULL, "%s",
		  out);
	free(text);
}

Test(hostile, hundred_thousand_offers)
{
	size_t row = strlen(GOOD_OFFER), n = 100000;
	char *text = malloc(strlen(OFFERS_HEADER) + n * row + 1);
	strcpy(text, OFFERS_HEADER);
	char *p = text + strlen(text);
	for (size_t i = 0; i < n; i++, p += row)
		memcpy(p, GOOD_OFFER, row);
	*p = '\0';
	cr_assert_eq(load_with(FILE_OFFERS, text, out, sizeof out), 0, "%s", out);
	free(text);
}

Test(hostile, numbers_with_trailing_junk_and_exponents)
{
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,,9345 CNY,,CNY,,,none,2026-10-12,t\n", 1,
		      "found \"9345 CNY\"");
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,,0x10,,CNY,,,none,2026-10-12,t\n", 1,
		      "found \"0x10\"");
	/* 1e3 is a plain number: accepted */
	cr_assert_eq(load_with(FILE_OFFERS, OFFERS_HEADER
			       "h100-80g,container,1,4,,1e3,,CNY,,,none,2026-10-12,t\n", out, sizeof out),
		     0, "%s", out);
}

Test(hostile, unknown_dtype_is_an_unknown_precision)
{
	const char *text =
		"id,name,params_b,layers,hidden,heads,kv_heads,head_dim,intermediate,vocab,dtype\n"
		"m,M,7,32,4096,32,8,128,11008,32000,fp64\n";
	cr_assert_eq(load_with(FILE_MODELS, text, out, sizeof out), 1, "%s", out);
	cr_assert(strstr(out, "models/models.csv:2:36: expected a precision: fp32, bf16, fp16, fp8, "
			      "int8, int4, mxfp4 or nvfp4, found \"fp64\"\n"), "%s", out);
}

/* Every input kept in tests/fuzz/regressions (fuzzer findings and hostile
 * files) loads as each of the three files without crashing. */
Test(hostile, fuzz_regressions_load_safely)
{
	DIR *dir = opendir(FIXTURES "/../fuzz/regressions");
	cr_assert_not_null(dir);
	struct dirent *e;
	int files = 0;
	while ((e = readdir(dir))) {
		if (e->d_name[0] == '.')
			continue;
		char path[512];
		snprintf(path, sizeof path, "%s/../fuzz/regressions/%s", FIXTURES, e->d_name);
		FILE *f = fopen(path, "rb");
		cr_assert_not_null(f, "%s", path);
		static char text[1 << 20];
		size_t n = fread(text, 1, sizeof text - 1, f);
		fclose(f);
		text[n] = '\0'; /* load_with takes a C string: the part before any NUL */
		for (int which = 0; which < 3; which++)
			load_with(which, text, out, sizeof out);
		files++;
	}
	closedir(dir);
	cr_assert_gt(files, 0);
}

/* Issue 11: a data error in Chinese, translated where it is made; the
 * file, the column and the value stay as written. Skipped only while the
 * built-in catalogue lacks these messages (a branch before the merge). */
Test(data, a_data_error_in_chinese)
{
	i18n_setup("zh", "/nonexistent/gpuplan-locale");
	if (strcmp(_("a number (0 or more)"), "a number (0 or more)") == 0)
		cr_skip_test("po/zh_CN.po has no translation of the data messages yet");
	expect_offers(OFFERS_HEADER "h100-80g,container,1,4,,89x9,,CNY,,,none,2026-10-12,t\n", 1,
		      "prices/offers.csv:2:25: 应为数字（0 或以上），monthly 实际为 \"89x9\"\n");
	expect_offers(OFFERS_HEADER "h100-80g,vm,1,4,,9345,,CNY,,,none,2026-10-12,t\n", 1,
		      "prices/offers.csv:2:10: 应为以下之一：container、baremetal，kind 实际为 "
		      "\"vm\"\n");
}

/* 4096 GPU types and more load and price (the offer index packed the GPU
 * in 12 bits and said "out of memory" past them). */
Test(data, five_thousand_gpu_types_load_and_price)
{
	enum { N = 5000 };
	static char gpus[N * 96 + 256];
	size_t used = (size_t)snprintf(gpus, sizeof gpus,
				       "id,name,vendor,memory_mib,bandwidth_gbs,bf16_tflops,"
				       "fp8_tflops,link,link_gbs,mbu,mbu_bs1,mfu_infer,"
				       "mfu_infer_fp8,mfu_train,calibration,source\n");
	for (int i = 0; i < N; i++)
		used += (size_t)snprintf(gpus + used, sizeof gpus - used,
					 "g%d,G%d,X,81559,3350,989,1979,nvlink,900,0.75,0.55,0.55,"
					 "0.40,0.40,published,t\n", i, i);
	const char *offers = "gpu,kind,cards,max_cards,region,monthly,hourly,currency,discount,"
			     "network,inter_node,collected,source\n"
			     "g0,container,1,4,,100,,CNY,,,none,2026-10-12,t\n"
			     "g4999,container,1,4,,4999,,CNY,,,none,2026-10-12,t\n"
			     "g4096,baremetal,8,,,8000,,CNY,,,none,2026-10-12,t\n";
	const char *models = "id,name,params_b,layers,hidden,heads,kv_heads,head_dim,"
			     "intermediate,vocab\nllama-2-7b,Llama-2-7B,6.74,32,4096,32,32,128,"
			     "11008,32000\n";
	const char *paths[3] = {"models.csv", "gpus.csv", "offers.csv"};
	const char *bufs[3] = {models, gpus, offers};
	size_t lens[3] = {strlen(models), used, strlen(offers)};
	struct catalog c;
	struct diag d = {0};
	cr_assert_eq(catalog_load(&c, paths, bufs, lens, &d), 0, "%s", d.kept ? d.msgs[0] : "");
	diag_clear(&d);
	cr_assert_eq(c.ngpus, (size_t)N);
	struct scenario sc;
	make_scenario(&sc, &c, "llama-2-7b", NULL);
	struct analysis a = {0};
	cr_assert(analysis_run(&a, &c, &sc, "g4999,g4096,g0"), "%s", a.error);
	cr_assert_eq(plan_of(&a, "g4999")->container.offer->monthly, 4999);
	cr_assert_eq(plan_of(&a, "g4096")->baremetal.offer->monthly, 8000);
	cr_assert_null(plan_of(&a, "g4096")->container.offer);
	cr_assert_eq(plan_of(&a, "g0")->container.offer->monthly, 100);
	analysis_free(&a);
	catalog_free(&c);
}
