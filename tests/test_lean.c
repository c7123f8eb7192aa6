/* 10^6 offers lean (issue 12, and --check-data in the reliability issue):
 * a streamed file reads record for record as the whole parse does, with
 * the same positions, across window ends and records longer than the
 * window; the split of quote-free lines agrees with libcsv; a file that
 * does not read gives one message; the offers share one copy of each text,
 * and a check keeps none of them, in little memory. */
#include <criterion/criterion.h>
#include <csv.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "catalog.h"
#include "loader.h"
#include "csvtab.h"
#include "datasrc.h"
#include "strpool.h"

/* A BOM, a comment, CRLF, doubled quotes, a quoted line end, blanks around
 * an unquoted field and a last field with no line end. */
static const char TRICKY[] = "\xEF\xBB\xBF" "a,b,c\r\n# note\r\n1, two ,\"x\"\"y\"\r\n\r\n"
			     "\"multi\nline\",,z\n4,5,\"end\"";

/* What a stream handed over, to compare with the whole parse. */
struct seen {
	const struct csv_table *whole;
	size_t next; /* the record expected next */
};

static bool compare_record(const struct csv_table *t, size_t rec, void *ctx)
{
	struct seen *s = ctx;
	const struct csv_table *w = s->whole;
	size_t want = s->next++;
	cr_assert_lt(want, w->nrecords, "more records than the whole parse");
	cr_assert_eq(rec, want == 0 ? 0 : 1, "the header, then one record at a time");
	cr_assert_eq(t->records[rec].count, w->records[want].count, "record %zu", want);
	cr_assert_eq(t->records[rec].line, w->records[want].line, "record %zu", want);
	for (size_t i = 0; i < w->records[want].count; i++) {
		const struct csv_cell *a = csvtab_cell(t, rec, i);
		unsigned line = a->line, col = a->col;
		char text[64];
		snprintf(text, sizeof text, "%.60s", a->text);
		const struct csv_cell *b = csvtab_cell(w, want, i);
		cr_assert_eq(strcmp(csvtab_cell(t, rec, i)->text, b->text), 0,
			     "record %zu field %zu: \"%s\", not \"%.60s\"", want, i, text, b->text);
		cr_assert_eq(line, b->line, "record %zu field %zu line", want, i);
		cr_assert_eq(col, b->col, "record %zu field %zu: col %u, not %u", want, i, col, b->col);
	}
	return true;
}

static int file_of(const char *text, size_t len)
{
	char path[] = "/tmp/gpuplan-lean-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	unlink(path);
	cr_assert_eq(write(fd, text, len), (ssize_t)len);
	cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	return fd;
}

/* Streams text from memory and from a file, checking each record against
 * csvtab_parse's table of the same bytes. */
static void stream_like_parse(const char *text, size_t len)
{
	struct csv_table whole, t;
	struct diag d = {0};
	cr_assert_eq(csvtab_parse(&whole, "t.csv", text, len, &d), 0);
	struct seen s = {.whole = &whole};
	cr_assert_eq(csvtab_stream(&t, "t.csv", text, len, compare_record, &s, &d), 0);
	cr_assert_eq(s.next, whole.nrecords);
	cr_assert_eq(t.nrecords, 1, "only the header is kept");
	csvtab_free(&t);
	int fd = file_of(text, len);
	s.next = 0;
	cr_assert_eq(csvtab_stream_fd(&t, "t.csv", fd, compare_record, &s, &d), 0);
	cr_assert_eq(s.next, whole.nrecords);
	close(fd);
	csvtab_free(&t);
	csvtab_free(&whole);
	cr_assert_eq(d.errors + d.warnings, 0);
}

Test(lean, a_stream_reads_as_the_whole_parse)
{
	stream_like_parse(TRICKY, sizeof TRICKY - 1);
}

/* 1.3 MB: rows that cross the 256 KiB window's end anywhere, CRLF, CR-only
 * and LF line ends, comments, and one quoted field of 700 KB (longer than
 * the window, which must grow) with line ends inside. */
Test(lean, a_stream_across_window_ends_and_a_record_longer_than_the_window)
{
	size_t cap = 3 << 20, len = 0;
	char *buf = malloc(cap);
	cr_assert_not_null(buf);
	len += (size_t)sprintf(buf, "\xEF\xBB\xBF# top\nid , name,note\r\n");
	for (int i = 0; i < 12000; i++) {
		const char *end = i % 3 == 0 ? "\r\n" : i % 3 == 1 ? "\n" : "\r";
		if (i % 1000 == 7)
			len += (size_t)sprintf(buf + len, "# comment %d%s", i, end);
		len += (size_t)sprintf(buf + len, "r%d, 区%d ,\"q, \"\"%d\"\"\"%s", i, i % 9, i, end);
		if (i == 5000) {
			len += (size_t)sprintf(buf + len, "long,\"");
			for (int k = 0; k < 700000; k++)
				buf[len++] = k % 100 == 99 ? '\n' : (char)('a' + k % 26);
			len += (size_t)sprintf(buf + len, "\",x\n");
		}
	}
	stream_like_parse(buf, len);
	free(buf);
}

/* Splits text with libcsv alone, as csvtab did before it split quote-free
 * lines itself: the fields of each row joined with '|', rows with '\n'. */
struct joined {
	char *out;
	size_t used;
	bool row_started;
};

static void join_field(void *s, size_t len, void *data)
{
	struct joined *j = data;
	if (j->row_started)
		j->out[j->used++] = '|';
	memcpy(j->out + j->used, s, len);
	j->used += len;
	j->row_started = true;
}

static void join_row(int c, void *data)
{
	(void)c;
	struct joined *j = data;
	j->out[j->used++] = '\n';
	j->row_started = false;
}

static void libcsv_split(const char *text, size_t len, char *out)
{
	struct csv_parser p;
	struct joined j = {.out = out};
	cr_assert_eq(csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL), 0);
	cr_assert_eq(csv_parse(&p, text, len, join_field, join_row, &j), len);
	cr_assert_eq(csv_fini(&p, join_field, join_row, &j), 0);
	csv_free(&p);
	out[j.used] = '\0';
}

static void csvtab_split(const char *text, size_t len, char *out)
{
	struct csv_table t;
	struct diag d = {0};
	cr_assert_eq(csvtab_parse(&t, "t.csv", text, len, &d), 0);
	size_t used = 0;
	for (size_t r = 0; r < t.nrecords; r++) {
		for (size_t i = 0; i < t.records[r].count; i++)
			used += (size_t)sprintf(out + used, "%s%s", i ? "|" : "", csvtab_text(&t, r, i));
		out[used++] = '\n';
	}
	out[used] = '\0';
	csvtab_free(&t);
}

/* Blanks around fields (spaces and tabs), empty fields, a lone comma,
 * blank lines, CR-only and CRLF ends, a last line with no end, UTF-8: the
 * quote-free lines csvtab splits itself, between rows libcsv reads. */
Test(lean, quote_free_lines_split_as_libcsv_splits_them)
{
	static const char *const cases[] = {
		"a,b\n  a , b\t,\t,c  \n,\n x ,\n\n  \t \r\n\"q\" , u \n5,6",
		"\r\r\n,,,\r a\tb ,c",
		"宁夏 一区 , ¥1\n\"x\ny\",z\n w , v ",
	};
	char want[512], got[512];
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		libcsv_split(cases[k], strlen(cases[k]), want);
		csvtab_split(cases[k], strlen(cases[k]), got);
		cr_assert_str_eq(got, want, "case %zu", k);
	}
	csvtab_split(cases[0], strlen(cases[0]), got);
	cr_assert_str_eq(got, "a|b\na|b||c\n|\nx|\nq|u\n5|6\n");
	/* the same over random lines of commas, blanks, line ends and text */
	static const char *const pieces[] = {",", ",", ",", " ", "\t", "\n", "\r", "\r\n", "a",
					     "b", "区"};
	unsigned seed = 12345;
	static char text[40000], a[60000], b[60000];
	for (int round = 0; round < 200; round++) {
		size_t n = 0;
		for (int k = 0; k < 100 + round * 50; k++) {
			seed = seed * 1103515245 + 12345;
			const char *p = pieces[(seed >> 16) % (sizeof pieces / sizeof pieces[0])];
			memcpy(text + n, p, strlen(p));
			n += strlen(p);
		}
		libcsv_split(text, n, a);
		csvtab_split(text, n, b);
		cr_assert_str_eq(b, a, "round %d", round);
	}
}

static const char MODELS[] = "id,name,params_b,layers,hidden,heads,kv_heads,head_dim,"
			     "intermediate,vocab,mlp,tied_embeddings,max_context,source\n"
			     "m1,Model 1,7,32,4096,32,8,128,14336,128256,swiglu,no,8192,x\n";
static const char GPUS[] = "id,name,vendor,memory_mib,bandwidth_gbs,bf16_tflops,fp8_tflops,"
			   "fp4_tflops,int8_tflops,link,link_gbs,mbu,mbu_kv,mfu_infer,mfu_infer_fp8,"
			   "mfu_train,alpha_us,sw,calibration,band_low_pct,band_high_pct,source\n"
			   "g1,GPU 1,V,81920,3350,989,1979,,,nvlink,900,0.80,0.75,0.70,0.55,0.40,8,1,"
			   "published,,,x\n";
#define OFFERS "gpu,kind,cards,max_cards,region,monthly,hourly,currency,collected,source\n"

/* offers from fd when it is >= 0, else from memory */
static size_t load(struct catalog *c, const char *offers, int fd, enum catalog_keep keep,
		   struct diag *d)
{
	struct catalog_source src[3] = {
		{.path = "m.csv", .buf = MODELS, .len = sizeof MODELS - 1, .fd = -1},
		{.path = "g.csv", .buf = GPUS, .len = sizeof GPUS - 1, .fd = -1},
		{.path = "o.csv", .buf = fd >= 0 ? NULL : offers, .len = offers ? strlen(offers) : 0,
		 .fd = fd},
	};
	return catalog_load_sources(c, src, keep, d);
}

Test(lean, offers_share_texts_and_drop_their_table)
{
	const char *offers = OFFERS "g1,container,1,8,east,1000,,CNY,2026-01-02,site\n"
				    "g1,baremetal,8,8,east,7000,,CNY,2026-01-02,site\n";
	struct catalog c;
	struct diag d = {0};
	int fd = file_of(offers, strlen(offers));
	cr_assert_eq(load(&c, NULL, fd, CATALOG_KEEP_OFFERS, &d), 0);
	close(fd);
	cr_assert_eq(c.noffers, 2);
	cr_assert_eq(c.offers_read, 2);
	cr_assert_str_eq(c.offers[1].region, "east");
	cr_assert_eq(c.offers[0].region, c.offers[1].region);
	cr_assert_eq(c.offers[0].source, c.offers[1].source);
	cr_assert_null(c.tables[FILE_OFFERS].text, "offers.csv's table freed once loaded");
	cr_assert_str_eq(c.gpus[c.offers[0].gpu].id, "g1");
	catalog_free(&c);
	diag_clear(&d);
}

/* --check-data: every row checked where it is (exact column), none kept. */
Test(lean, a_check_counts_the_offers_and_keeps_none)
{
	const char *offers = OFFERS "g1,container,1,8,east,1000,,CNY,2026-01-02,site\n"
				    "g1,container,1,8,east,x,,CNY,2026-01-02,site\n"
				    "g1,baremetal,8,8,east,7000,,CNY,2026-01-02,site\n";
	struct catalog c;
	struct diag d = {0};
	int fd = file_of(offers, strlen(offers));
	cr_assert_eq(load(&c, NULL, fd, CATALOG_COUNT_OFFERS, &d), 1);
	close(fd);
	cr_assert_str_eq(d.msgs[0], "o.csv:3:23: expected a number (0 or more) for monthly, "
				    "found \"x\"");
	cr_assert_eq(c.offers_read, 2);
	cr_assert_eq(c.noffers, 0);
	cr_assert_null(c.offers);
	catalog_free(&c);
	diag_clear(&d);
}

/* The rows before a quoting error or a bad byte were handed on and said
 * their errors; the file did not read, so only its own message stays. */
Test(lean, a_streamed_file_that_does_not_read_gives_one_message)
{
	static const struct {
		const char *offers, *msg;
	} cases[] = {
		{OFFERS "g1,container,1,8,east,x,,CNY,2026-01-02,site\n"
			"g1,container,1,8,\"east\"x,1,,CNY,2026-01-02,site\n",
		 "o.csv:3:24: expected a doubled quote (\"\") or the end of the quoted field, "
		 "found 'x'"},
		{OFFERS "g1,container,1,8,east,x,,CNY,2026-01-02,site\n"
			"g1,container,1,8,\xB6\xAB,1,,CNY,2026-01-02,site\n"
			"g1,container,1,8,\xB6\xAB,1,,CNY,2026-01-02,site\n",
		 "o.csv:3:18: expected UTF-8 text, found byte 0xb6 (and on 1 more line): save the "
		 "file as UTF-8 (it looks like GBK/GB18030 text)"},
		{OFFERS "g1,container,1,8,east,x,,CNY,2026-01-02,\"site\n",
		 "o.csv:2:41: expected a closing quote for this field, found the end of the file"},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
		for (int from_file = 0; from_file < 2; from_file++) {
			struct catalog c;
			struct diag d = {0};
			const char *o = cases[k].offers;
			int fd = from_file ? file_of(o, strlen(o)) : -1;
			cr_assert_eq(load(&c, o, fd, CATALOG_KEEP_OFFERS, &d), 1, "case %zu", k);
			if (fd >= 0)
				close(fd);
			cr_assert_eq(d.kept, 1, "case %zu: %s", k, d.msgs[0]);
			cr_assert_str_eq(d.msgs[0], cases[k].msg, "case %zu", k);
			cr_assert_eq(c.noffers, 0);
			catalog_free(&c);
			diag_clear(&d);
		}
}

static long peak_rss_kb(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

/* 400,000 offers (48 MB) checked from a file by a child, whose peak RSS
 * may grow by a few MB only (the file was held whole, plus a table of
 * it): the growth is its exit status, in MB. */
Test(lean, a_check_of_a_large_file_holds_a_window_not_the_file)
{
	char dir[] = "/tmp/gpuplan-lean-dir-XXXXXX", path[128];
	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/offers.csv", dir);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(OFFERS, f);
	for (int i = 0; i < 400000; i++)
		fprintf(f, "g1,%s,%d,8,宁夏一区 east %d,%d,,CNY,2026-01-%02d,极智算官网 /markets "
			   "(article 2026-09-28) %d\n", i % 2 ? "baremetal" : "container",
			i % 2 ? 8 : 1, i % 5, 1000 + i, 1 + i % 28, i % 3);
	long size = ftell(f);
	cr_assert_eq(fclose(f), 0);
	pid_t pid = fork();
	if (pid == 0) {
		struct catalog c;
		struct diag d = {0};
		int fd = open(path, O_RDONLY);
		long before = peak_rss_kb();
		size_t errors = load(&c, NULL, fd, CATALOG_COUNT_OFFERS, &d);
		long grown = (peak_rss_kb() - before) / 1024;
		_exit(errors == 0 && c.offers_read == 400000 ? (int)(grown < 250 ? grown : 250) : 255);
	}
	int status;
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	unlink(path);
	rmdir(dir);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) != 255, "the check failed");
	cr_assert_lt(WEXITSTATUS(status), 8, "peak RSS grew by %d MB for a %ld-byte file",
		     WEXITSTATUS(status), size);
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
