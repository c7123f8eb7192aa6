/* 10^6 offers lean (issue 12): the in-place parse reads as the ordinary
 * one, released pages never touch the records still to load, and offers
 * share one copy of each text. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "csvtab.h"
#include "strpool.h"

static char *copy_of(const char *s)
{
	char *p = malloc(strlen(s) + 1);
	cr_assert_not_null(p);
	return strcpy(p, s);
}

/* A BOM, a comment, CRLF, doubled quotes, a quoted line end, blanks around
 * an unquoted field and a last field with no line end. */
static const char TRICKY[] = "\xEF\xBB\xBF" "a,b,c\r\n# note\r\n1, two ,\"x\"\"y\"\r\n\r\n"
			     "\"multi\nline\",,z\n4,5,\"end\"";

Test(lean, parse_owned_reads_as_parse)
{
	struct csv_table a, b;
	struct diag d = {0};
	char *buf = copy_of(TRICKY);
	cr_assert_eq(csvtab_parse(&a, "t.csv", TRICKY, sizeof TRICKY - 1, &d), 0);
	cr_assert_eq(csvtab_parse_owned(&b, "t.csv", &buf, sizeof TRICKY - 1, &d), 0);
	cr_assert_null(buf, "the table takes the buffer");
	cr_assert_eq(b.nrecords, 4);
	cr_assert_eq(a.nrecords, b.nrecords);
	for (size_t r = 0; r < a.nrecords; r++) {
		cr_assert_eq(a.records[r].count, 3);
		cr_assert_eq(a.records[r].count, b.records[r].count);
		cr_assert_eq(a.records[r].line, b.records[r].line);
		for (size_t i = 0; i < 3; i++)
			cr_assert_str_eq(csvtab_text(&b, r, i), csvtab_text(&a, r, i));
	}
	cr_assert_str_eq(csvtab_text(&b, 1, 1), "two");
	cr_assert_str_eq(csvtab_text(&b, 1, 2), "x\"y");
	cr_assert_str_eq(csvtab_text(&b, 2, 0), "multi\nline");
	cr_assert_str_eq(csvtab_text(&b, 3, 2), "end");
	cr_assert_eq(csvtab_cell(&b, 3, 2)->line, 7);
	cr_assert_eq(csvtab_cell(&b, 3, 2)->col, 0, "no source: no column");
	csvtab_free(&a);
	csvtab_free(&b);
	diag_clear(&d);
}

Test(lean, release_keeps_the_header_and_later_records)
{
	enum { N = 20000 };
	size_t cap = 64 + (size_t)N * 40, len = 0;
	char *buf = malloc(cap);
	cr_assert_not_null(buf);
	len += (size_t)sprintf(buf, "id,name\n");
	for (int i = 0; i < N; i++)
		len += (size_t)sprintf(buf + len, "row%d,some text that repeats %d\n", i, i % 7);
	struct csv_table t;
	struct diag d = {0};
	cr_assert_eq(csvtab_parse_owned(&t, "r.csv", &buf, len, &d), 0);
	csvtab_release_before(&t, N / 2);
	cr_assert_gt(t.released, 100000, "whole pages before record %d given back", N / 2);
	cr_assert_leq(t.released, t.records[N / 2].text);
	cr_assert_str_eq(csvtab_text(&t, 0, 1), "name");
	char want[32];
	for (size_t r = N / 2; r <= N; r++) {
		snprintf(want, sizeof want, "row%zu", r - 1);
		cr_assert_str_eq(csvtab_text(&t, r, 0), want);
	}
	csvtab_free(&t);
	diag_clear(&d);
}

Test(lean, strpool_keeps_one_copy)
{
	struct strpool p;
	strpool_init(&p);
	char a[] = "华东", b[] = "华东";
	const char *x = strpool_intern(&p, a), *y = strpool_intern(&p, b);
	cr_assert_str_eq(x, "华东");
	cr_assert_eq(x, y);
	cr_assert_neq(x, a, "a copy, not the caller's text");
	cr_assert_neq(strpool_intern(&p, "华北"), x);
	cr_assert_eq(p.set.count, 2);
	char big[100000];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	cr_assert_eq(strlen(strpool_intern(&p, big)), sizeof big - 1, "longer than a block");
	strpool_free(&p);
}

Test(lean, offers_share_texts_and_drop_their_table)
{
	static const char *const paths[3] = {"m.csv", "g.csv", "o.csv"};
	const char *models = "id,name,params_b,layers,hidden,heads,kv_heads,head_dim,intermediate,"
			     "vocab,mlp,tied_embeddings,max_context,source\n"
			     "m1,Model 1,7,32,4096,32,8,128,14336,128256,swiglu,no,8192,x\n";
	const char *gpus = "id,name,vendor,memory_mib,bandwidth_gbs,bf16_tflops,fp8_tflops,link,"
			   "link_gbs,mbu,mbu_bs1,mfu_infer,mfu_infer_fp8,mfu_train,calibration,"
			   "source\n"
			   "g1,GPU 1,V,81920,3350,989,1979,nvlink,900,0.75,0.55,0.55,0.40,0.40,"
			   "published,x\n";
	const char *offers = "gpu,kind,cards,max_cards,region,monthly,hourly,currency,collected,"
			     "source\n"
			     "g1,container,1,8,east,1000,,CNY,2026-01-02,site\n"
			     "g1,baremetal,8,8,east,7000,,CNY,2026-01-02,site\n";
	const char *const bufs[3] = {models, gpus, offers};
	const size_t lens[3] = {strlen(models), strlen(gpus), strlen(offers)};
	struct catalog c;
	struct diag d = {0};
	cr_assert_eq(catalog_load(&c, paths, bufs, lens, &d), 0);
	cr_assert_eq(c.noffers, 2);
	cr_assert_str_eq(c.offers[1].region, "east");
	cr_assert_eq(c.offers[0].region, c.offers[1].region);
	cr_assert_eq(c.offers[0].source, c.offers[1].source);
	cr_assert_null(c.tables[FILE_OFFERS].text, "offers.csv's table freed once loaded");
	cr_assert_str_eq(c.gpus[c.offers[0].gpu].id, "g1");
	catalog_free(&c);
	diag_clear(&d);
}
