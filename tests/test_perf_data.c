/* The time model's data columns (SERVING.md §8): the bundled values,
 * their validation, and older copies of gpus.csv without them. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "loader.h"
#include "checkdata.h"
#include "datasrc.h"
#include "gpu_serving.h"
#include "helpers.h"

#define NEW_HEADER                                                                         \
	"id,name,vendor,memory_mib,bandwidth_gbs,bf16_tflops,fp8_tflops,link,link_gbs,mbu,"  \
	"mbu_kv,mfu_infer,mfu_infer_fp8,mfu_train,alpha_us,sw,calibration,source\n"
/* The format before the serving model (no sw; mbu_bs1). */
#define FORMER_HEADER                                                                      \
	"id,name,vendor,memory_mib,bandwidth_gbs,bf16_tflops,fp8_tflops,link,link_gbs,mbu,"  \
	"mbu_bs1,mfu_infer,mfu_infer_fp8,mfu_train,calibration,source\n"
#define OLD_HEADER "id,name,vendor,memory_mib,bandwidth_gbs,bf16_tflops,fp8,link,link_gbs,source\n"

static char out[8192];
static struct catalog cat;
static struct diag diags;

static char *slurp_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	char *buf = malloc(1 << 20);
	*len = fread(buf, 1, (1 << 20) - 1, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

/* The reference fixture with gpus.csv replaced by text; the catalogue
 * stays loaded (cat) for the assertions. Returns the error count. */
static size_t load_gpus(const char *text)
{
	char path[256];
	size_t lens[3];
	snprintf(path, sizeof path, "%s/ref/%s", FIXTURES, catalog_file_names[FILE_MODELS]);
	char *models = slurp_file(path, &lens[0]);
	/* no offers: they would name GPUs the text leaves out */
	const char *offers = "gpu,kind,cards,max_cards,region,monthly,hourly,currency,discount,"
			     "network,inter_node,inter_node_gbs,collected,source\n";
	lens[1] = strlen(text);
	lens[2] = strlen(offers);
	const char *const paths[3] = {"models/models.csv", "prices/gpus.csv", "prices/offers.csv"};
	const char *const bufs[3] = {models, text, offers};
	diags = (struct diag){0};
	size_t errors = catalog_load(&cat, paths, bufs, lens, &diags);
	size_t used = 0;
	out[0] = '\0';
	for (size_t i = 0; i < diags.kept && used < sizeof out; i++)
		used += (size_t)snprintf(out + used, sizeof out - used, "%s\n", diags.msgs[i]);
	free(models);
	return errors;
}

static void unload(void)
{
	catalog_free(&cat);
	diag_clear(&diags);
}

static const struct gpu *gpu_named(const struct catalog *c, const char *id)
{
	int i = catalog_find_gpu(c, id);
	cr_assert_geq(i, 0, "%s", id);
	return &c->gpus[i];
}

Test(perf_data, bundled_gpus_carry_the_table_of_serving_md, .init = ref_setup,
     .fini = ref_teardown)
{
	static const struct {
		const char *id;
		double fp8, int8, mbu, mbu_kv, mfu, mfu_fp8, mfu_train, alpha, sw, low, high;
		enum calibration cal;
	} want[] = {
		/* mfu_train: TRAINING.md §11 */
		{"rtx4090-24g", 330, -1, 0.80, 0.75, 0.65, 0.45, 0.35, 30, 1, 30, 30, CAL_PUBLISHED},
		{"910b-64g", -1, 640, 0.75, 0.60, 0.45, -1, 0.45, 25, 13, 65, 35, CAL_ESTIMATE},
		{"h20-96g", 296, -1, 0.80, 0.75, 0.75, 0.65, 0.50, 8, 1, 30, 30, CAL_PUBLISHED},
		{"a100-80g", -1, -1, 0.80, 0.75, 0.70, -1, 0.47, 10, 1, 30, 30, CAL_PUBLISHED},
		{"h100-80g", 1979, -1, 0.80, 0.75, 0.70, 0.55, 0.45, 8, 1, 30, 30, CAL_PUBLISHED},
		{"h200-141g", 1979, -1, 0.80, 0.75, 0.70, 0.55, 0.45, 8, 1, 30, 30, CAL_PUBLISHED},
		{"b300-288g", 4500, -1, 0.75, 0.75, 0.60, 0.45, 0.45, 8, 1, 50, 50, CAL_ESTIMATE},
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct gpu *g = gpu_named(&ref_catalog, want[i].id);
		cr_assert_eq(g->fp8_tflops, want[i].fp8, "%s", g->id);
		cr_assert_eq(gpu_has_fp8(g), want[i].fp8 > 0, "%s", g->id);
		cr_assert_eq(g->int8_tflops, want[i].int8, "%s", g->id);
		cr_assert_eq(g->mbu, want[i].mbu, "%s", g->id);
		cr_assert_eq(g->mbu_kv, want[i].mbu_kv, "%s", g->id);
		cr_assert_eq(g->mfu_infer, want[i].mfu, "%s", g->id);
		cr_assert_eq(g->mfu_infer_fp8, want[i].mfu_fp8, "%s", g->id);
		cr_assert_eq(g->mfu_train, want[i].mfu_train, "%s", g->id);
		cr_assert_eq(g->alpha_us, want[i].alpha, "%s", g->id);
		cr_assert_eq(g->sw, want[i].sw, "%s", g->id);
		cr_assert_eq(g->band_low_pct, want[i].low, "%s", g->id);
		cr_assert_eq(g->band_high_pct, want[i].high, "%s", g->id);
		cr_assert_eq(g->calibration, want[i].cal, "%s", g->id);
		cr_assert(strstr(g->source, "SERVING.md"), "%s: %s", g->id, g->source);
	}
}

/* The table that updates a former copy holds the bundled values. */
Test(perf_data, the_former_table_holds_the_bundled_values, .init = ref_setup,
     .fini = ref_teardown)
{
	for (size_t i = 0; i < n_gpu_former_rows; i++) {
		const struct gpu_former_row *r = &gpu_former_rows[i];
		const struct gpu *g = gpu_named(&ref_catalog, r->id);
		cr_assert_eq(g->mbu, r->new_mbu, "%s", r->id);
		cr_assert_eq(g->mfu_infer, r->new_mfu_infer, "%s", r->id);
		cr_assert_eq(g->mfu_infer_fp8, r->new_mfu_infer_fp8, "%s", r->id);
	}
}

/* IB 400G x4 = 200 GB/s, 25G Ethernet x2 = 6.25, shared 1000M = 0.125. */
Test(perf_data, offers_carry_the_network_between_machines, .init = ref_setup,
     .fini = ref_teardown)
{
	double ib = 0, eth = 0, shared = 0, none = 0;
	for (size_t i = 0; i < ref_catalog.noffers; i++) {
		const struct offer *o = &ref_catalog.offers[i];
		if (strstr(o->network, "IB 400G"))
			ib = o->inter_node_gbs;
		else if (strstr(o->network, "25G"))
			eth = o->inter_node_gbs;
		else if (strstr(o->network, "1000M"))
			shared = o->inter_node_gbs;
		else if (o->kind == OFFER_CONTAINER)
			none = o->inter_node_gbs;
	}
	cr_assert_eq(ib, 200);
	cr_assert_eq(eth, 6.25);
	cr_assert_eq(shared, 0.125);
	cr_assert_eq(none, -1);
}

static void expect_gpu_error(const char *row, const char *message)
{
	size_t errors = load_gpus(row);
	cr_assert_eq(errors, 1, "%s", out);
	cr_assert(strstr(out, message), "expected\n  %s\nin\n%s", message, out);
	unload();
}

Test(perf_data, efficiencies_are_fractions_and_peaks_positive)
{
	/* the mbu field starts at column 53 */
	expect_gpu_error(NEW_HEADER "h100-80g,H100,NVIDIA,81559,3350,989,1979,nvlink,900,1.5,0.75,"
				    "0.70,0.55,0.40,8,1,published,t\n",
			 "prices/gpus.csv:2:53: expected a fraction from 0.01 to 1 for mbu, "
			 "found \"1.5\"");
	expect_gpu_error(NEW_HEADER "h100-80g,H100,NVIDIA,81559,3350,989,1979,nvlink,900,0,0.75,"
				    "0.70,0.55,0.40,8,1,published,t\n",
			 "for mbu, found \"0\"");
	expect_gpu_error(NEW_HEADER "h100-80g,H100,NVIDIA,81559,3350,989,0,nvlink,900,0.80,0.75,"
				    "0.70,0.55,0.40,8,1,published,t\n",
			 "expected a number from 1 to 100000 for fp8_tflops, found \"0\"");
	expect_gpu_error(NEW_HEADER "h100-80g,H100,NVIDIA,81559,3350,989,1979,nvlink,900,0.80,1.2,"
				    "0.70,0.55,0.40,8,1,published,t\n",
			 "for mbu_kv, found \"1.2\"");
	expect_gpu_error(NEW_HEADER "h100-80g,H100,NVIDIA,81559,3350,989,1979,nvlink,900,0.80,0.75,"
				    "0.70,0.55,0.40,8,0,published,t\n",
			 "for sw, found \"0\"");
	expect_gpu_error(NEW_HEADER "h100-80g,H100,NVIDIA,81559,3350,989,1979,nvlink,900,0.80,0.75,"
				    "0.70,0.55,0.40,8,1,guessed,t\n",
			 "expected one of measured, published, estimate for calibration, found "
			 "\"guessed\"");
}

Test(perf_data, empty_fp8_means_no_fp8_and_empty_serving_columns_their_defaults)
{
	cr_assert_eq(load_gpus(NEW_HEADER "a100-80g,A100,NVIDIA,81920,2039,312,,nvlink,600,0.80,"
					  ",0.70,,0.45,,,measured,t\n"
					  "l40s-48g,L40S,NVIDIA,46068,864,362,733,pcie,32,0.80,,0.65,"
					  "0.45,0.35,,,estimate,t\n"),
		     0, "%s", out);
	const struct gpu *g = gpu_named(&cat, "a100-80g");
	cr_assert_not(gpu_has_fp8(g));
	cr_assert_eq(g->mfu_infer_fp8, -1);
	cr_assert_eq(g->calibration, CAL_MEASURED);
	cr_assert_eq(g->mbu_kv, 0.75);
	cr_assert_eq(g->sw, 1);
	cr_assert_eq(g->alpha_us, 8, "NVLink");
	cr_assert_eq(g->int8_tflops, -1, "no column: none");
	cr_assert_eq(gpu_named(&cat, "l40s-48g")->alpha_us, 30, "PCIe");
	double lo, hi;
	gpu_band(g, &lo, &hi);
	cr_assert(lo == 30 && hi == 30, "measured: ±30 %%");
	gpu_band(gpu_named(&cat, "l40s-48g"), &lo, &hi);
	cr_assert(lo == 50 && hi == 50, "estimate: ±50 %%");
	unload();
}

/* A user's copy from before the time model: it loads, the GPUs the bundle
 * knows take its values, and one warning names the file and the columns. */
Test(perf_data, an_older_copy_takes_the_bundled_values_with_one_warning)
{
	cr_assert_eq(load_gpus(OLD_HEADER "h100-80g,My H100,NVIDIA,81559,3350,989,yes,nvlink,900,"
					  "mine\n"
					  "910b-64g,My 910B,Huawei,65536,1600,320,no,hccs,392,mine\n"),
		     0, "%s", out);
	cr_assert_eq(diags.warnings, 1);
	cr_assert_str_eq(out, "prices/gpus.csv: no column fp8_tflops, fp4_tflops, int8_tflops, mbu, "
			      "mbu_kv, mfu_infer, mfu_infer_fp8, mfu_train, alpha_us, sw, calibration, "
			      "band_low_pct, band_high_pct (an older copy): the GPUs it knows take "
			      "the bundled values, the others the defaults; mbu, mfu_infer and "
			      "mfu_infer_fp8 left at the former defaults take the new ones\n");
	const struct gpu *h100 = gpu_named(&cat, "h100-80g"), *npu = gpu_named(&cat, "910b-64g");
	cr_assert_str_eq(h100->name, "My H100"); /* the user's own columns stay theirs */
	cr_assert_eq(h100->fp8_tflops, 1979);
	cr_assert_eq(h100->mbu, 0.80);
	cr_assert_eq(h100->calibration, CAL_PUBLISHED);
	cr_assert_not(gpu_has_fp8(npu));
	cr_assert_eq(npu->calibration, CAL_ESTIMATE);
	cr_assert_eq(npu->sw, 13);
	cr_assert_eq(npu->int8_tflops, 640);
	unload();
}

/* SERVING.md §12, 13: the gpus.csv this release replaces (no sw, with
 * mbu_bs1, the former defaults) loads with one warning and gives the
 * bundled file's figures. */
Test(perf_data, the_former_bundled_file_gives_the_bundled_figures, .init = ref_setup,
     .fini = ref_teardown)
{
	size_t len;
	char *former = slurp_file(FIXTURES "/gpus-former.csv", &len);
	cr_assert_eq(load_gpus(former), 0, "%s", out);
	free(former);
	cr_assert_eq(diags.warnings, 1, "%s", out);
	cr_assert(strstr(out, "its column mbu_bs1 is retired and ignored"), "%s", out);
	for (size_t i = 0; i < ref_catalog.ngpus; i++) {
		const struct gpu *b = &ref_catalog.gpus[i];
		int k = catalog_find_gpu(&cat, b->id);
		if (k < 0)
			continue; /* the fixture's 48 GB card */
		const struct gpu *g = &cat.gpus[k];
		cr_assert_eq(g->mbu, b->mbu, "%s", b->id);
		cr_assert_eq(g->mbu_kv, b->mbu_kv, "%s", b->id);
		cr_assert_eq(g->mfu_infer, b->mfu_infer, "%s", b->id);
		cr_assert_eq(g->mfu_infer_fp8, b->mfu_infer_fp8, "%s", b->id);
		cr_assert_eq(g->alpha_us, b->alpha_us, "%s", b->id);
		cr_assert_eq(g->sw, b->sw, "%s", b->id);
		cr_assert_eq(g->int8_tflops, b->int8_tflops, "%s", b->id);
		cr_assert_eq(g->band_low_pct, b->band_low_pct, "%s", b->id);
		cr_assert_eq(g->band_high_pct, b->band_high_pct, "%s", b->id);
	}
	unload();
}

/* A value the user changed is kept; a GPU the bundle does not know takes
 * the defaults of SERVING.md §8. */
Test(perf_data, a_former_copy_keeps_changed_values)
{
	cr_assert_eq(load_gpus(FORMER_HEADER "h100-80g,H100,NVIDIA,81559,3350,989,1979,nvlink,900,"
					     "0.70,0.55,0.55,0.40,0.40,published,mine\n"
					     "l40s-48g,L40S,NVIDIA,46068,864,362,733,pcie,32,0.80,"
					     "0.80,0.65,0.45,0.35,published,mine\n"),
		     0, "%s", out);
	cr_assert_eq(diags.warnings, 1, "%s", out);
	const struct gpu *h100 = gpu_named(&cat, "h100-80g"), *l40s = gpu_named(&cat, "l40s-48g");
	cr_assert_eq(h100->mbu, 0.70, "changed on purpose: kept");
	cr_assert_eq(h100->mfu_infer, 0.70, "the former default: the new one");
	cr_assert_eq(h100->sw, 1);
	cr_assert_eq(l40s->mbu_kv, 0.75);
	cr_assert_eq(l40s->alpha_us, 30);
	cr_assert_eq(l40s->sw, 1);
	cr_assert_eq(l40s->band_low_pct, -1, "the band of its calibration");
	unload();
}

/* The new format with a column mbu_bs1 left in: one warning. */
Test(perf_data, mbu_bs1_is_retired)
{
	cr_assert_eq(load_gpus("id,name,vendor,memory_mib,bandwidth_gbs,bf16_tflops,fp8_tflops,"
			       "fp4_tflops,int8_tflops,link,link_gbs,mbu,mbu_kv,mbu_bs1,mfu_infer,"
			       "mfu_infer_fp8,mfu_train,alpha_us,sw,calibration,band_low_pct,"
			       "band_high_pct,source\n"
			       "h100-80g,H100,NVIDIA,81559,3350,989,1979,,,nvlink,900,0.80,0.75,0.55,"
			       "0.70,0.55,0.40,8,1,published,,,t\n"),
		     0, "%s", out);
	cr_assert_eq(diags.warnings, 1);
	cr_assert_str_eq(out, "prices/gpus.csv: column mbu_bs1 is retired and ignored (the "
			      "per-layer latency, tau_layer_us x sw, replaces it)\n");
	unload();
}

Test(perf_data, an_older_copy_may_lack_only_some_columns)
{
	cr_assert_eq(load_gpus("id,name,vendor,memory_mib,bandwidth_gbs,bf16_tflops,fp8_tflops,link,"
			       "link_gbs,mbu,sw,source\n"
			       "h100-80g,H100,NVIDIA,81559,3350,989,1979,nvlink,900,0.5,1,mine\n"),
		     0, "%s", out);
	cr_assert(strstr(out, "no column fp4_tflops, int8_tflops, mbu_kv, mfu_infer, mfu_infer_fp8, "
			      "mfu_train, alpha_us, calibration, band_low_pct, band_high_pct (an "
			      "older copy): using the bundled values"), "%s", out);
	const struct gpu *h100 = gpu_named(&cat, "h100-80g");
	cr_assert_eq(h100->mbu, 0.5); /* given: kept */
	cr_assert_eq(h100->mfu_train, 0.45);
	cr_assert_eq(h100->mfu_infer, 0.70);
	unload();
}

/* A GPU the bundle does not know has no values to borrow. */
Test(perf_data, an_unknown_gpu_in_an_older_copy_must_have_the_columns)
{
	size_t errors = load_gpus(OLD_HEADER "h100-80g,H100,NVIDIA,81559,3350,989,yes,nvlink,900,t\n"
					     "l4-24g,L4,NVIDIA,23034,300,121,yes,pcie,32,t\n");
	cr_assert_eq(errors, 1, "%s", out);
	cr_assert(strstr(out, "prices/gpus.csv:3:1: expected a column \"fp8_tflops\" (a GPU the "
			      "bundled data does not know), found \"l4-24g\""),
		  "%s", out);
	unload();
}

/* An older copy that lacks only an optional column (fp4_tflops) still
 * loads a GPU the bundle does not know: that column is left empty. */
Test(perf_data, an_unknown_gpu_may_lack_an_optional_column)
{
	cr_assert_eq(load_gpus("id,name,vendor,memory_mib,bandwidth_gbs,bf16_tflops,fp8_tflops,link,"
			       "link_gbs,mbu,mbu_bs1,mfu_infer,mfu_infer_fp8,mfu_train,calibration,"
			       "source\n"
			       "l4-24g,L4,NVIDIA,23034,300,121,242,pcie,32,0.8,0.8,0.6,0.4,0.3,"
			       "estimate,mine\n"),
		     0, "%s", out);
	cr_assert(strstr(out, "no column fp4_tflops, int8_tflops, mbu_kv, alpha_us, sw, "
			      "band_low_pct, band_high_pct (an older copy)"), "%s", out);
	const struct gpu *l4 = gpu_named(&cat, "l4-24g");
	cr_assert_not(gpu_has_fp4(l4));
	cr_assert_eq(l4->mbu_kv, 0.75, "the serving columns' defaults");
	cr_assert_eq(l4->alpha_us, 30);
	cr_assert_eq(l4->sw, 1);
	cr_assert_eq(l4->fp8_tflops, 242);
	unload();
}

/* The shipped files and the reference fixture agree (the fixture adds
 * only the 48 GB card). */
Test(perf_data, the_fixture_copies_the_shipped_offers)
{
	size_t a, b;
	char *shipped = slurp_file(GPUPLAN_SRCDIR "/prices/offers.csv", &a);
	char *fixture = slurp_file(FIXTURES "/ref/prices/offers.csv", &b);
	cr_assert_str_eq(shipped, fixture);
	free(shipped);
	free(fixture);
}

Test(perf_data, check_data_flags_figures_that_disagree, .init = ref_setup, .fini = ref_teardown)
{
	cr_assert_eq(load_gpus("id,name,vendor,memory_mib,bandwidth_gbs,bf16_tflops,fp8_tflops,"
			       "int8_tflops,link,link_gbs,mbu,mbu_kv,mfu_infer,mfu_infer_fp8,mfu_train,"
			       "alpha_us,sw,calibration,source\n"
			       "h100-80g,H100,NVIDIA,81559,3350,989,500,300,nvlink,900,0.5,0.6,0.55,,"
			       "0.40,8,1,published,t\n"),
		     0, "%s", out);
	struct diag d = {0};
	check_gpu_figures(&cat, &d);
	cr_assert_eq(d.warnings, 3);
	cr_assert(strstr(d.msgs[0], "prices/gpus.csv:2: h100-80g: fp8_tflops is below bf16_tflops"),
		  "%s", d.msgs[0]);
	cr_assert(strstr(d.msgs[1], "without mfu_infer_fp8"));
	cr_assert(strstr(d.msgs[2], "int8_tflops is below bf16_tflops"));
	diag_clear(&d);
	unload();
	struct diag bundled = {0};
	check_gpu_figures(&ref_catalog, &bundled);
	cr_assert_eq(bundled.warnings, 0);
	diag_clear(&bundled);
}
