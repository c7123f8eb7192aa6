/* Loading the three CSV files into a catalogue: the column tables, each
 * row filled and checked where its cells are (file:line:col), the offers
 * streamed, the older copies completed from the bundled one. */
#include "loader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "currency.h"
#include "duration.h"
#include "gpu_serving.h"
#include "i18n.h"
#include "idset.h"
#include "model_lookup.h"
#include "model_parts.h"
#include "offer_index.h"
#include "schema.h"
#include "tables.h"
#include "text.h"

/* One column row; bundled: see struct column. */
#define COLUMN(name_, type_, required_, offset_, choices_, min_, bundled_)                 \
	{.name = name_, .type = type_, .required = required_, .offset = offset_,           \
	 .choices = choices_, .min = min_, .bundled = bundled_}
/* A number, fraction or count column with its range [min, max] (struct
 * column); bundled as in COLUMN. */
#define RANGED(name_, type_, required_, offset_, min_, max_)                               \
	{.name = name_, .type = type_, .required = required_, .offset = offset_, .min = min_, \
	 .max = max_}
/* Where a row's numbers came from: prose, the one text that may hold a
 * tab (struct column's tab_ok). */
#define SOURCE(offset_) {.name = "source", .type = COL_TEXT, .offset = offset_, .tab_ok = true}
#define RANGED_BUNDLED(name_, type_, required_, offset_, min_, max_)                       \
	{.name = name_, .type = type_, .required = required_, .offset = offset_, .min = min_, \
	 .max = max_, .bundled = true}
/* A serving column of gpus.csv (SERVING.md §8): bundled, and a GPU the
 * bundle does not know takes its default (gpu_serving_defaults). */
#define SERVING_COLUMN(name_, type_, offset_, min_, max_)                                     \
	{.name = name_, .type = type_, .offset = offset_, .min = min_, .max = max_,           \
	 .bundled = true, .defaulted = true}

/* Every number a memory, time or money figure is computed from has a
 * physical range: far around any real part or model, and far inside where
 * int or double arithmetic breaks, so a typo is refused at load with the
 * range, never computed into inf, a negative time or a 300-digit figure.
 * With them pricing's products stay exact (4096 cards x 1e9 x 730 h <
 * 2^53), heads x head_dim and the like stay far below INT_MAX, and the
 * time model's divisors are never 0. */
#define MIN_PARAMS_B 0.01      /* 10M parameters */
#define MAX_PARAMS_B 1e6       /* a million billion parameters */
#define MAX_LAYERS 1024        /* the deepest real models have ~200 */
#define MAX_HIDDEN (1 << 17)   /* 131072; Llama-3.1-405B is 16384 */
#define MAX_HEADS 1024         /* heads, kv_heads, head_dim */
#define MAX_WIDE (1 << 20)     /* intermediate, kv_elems */
#define MAX_VOCAB (1 << 21)    /* 2M entries; the largest real ones are ~256K */
#define MAX_EXPERTS 4096       /* experts, experts_per_token; Kimi-K2 has 384 */
#define OFFER_MAX_CARDS 4096   /* cards per instance or machine */
#define MAX_MONEY 1e9          /* one unit's monthly or one card's hourly price */
#define MIN_MEMORY_MIB 1024    /* 1 GiB */
#define MAX_MEMORY_MIB (1 << 24) /* 16 TiB on one card */
#define MAX_GBS 1e5            /* 100 TB/s: memory, links, networks (B300: 8 TB/s) */
#define MIN_NET_GBS 0.01       /* 80 Mbit/s; a shared 1000M link is 0.125 */
#define MAX_TFLOPS 1e5         /* 100 PFLOPS dense on one card (B300: 4.5 FP8) */
/* An efficiency of 1 % is already far below any measured one (0.3 to
 * 0.8): 1e-300 would make every time 1e300 times longer. */
#define MIN_EFFICIENCY 0.01
#define MAX_LATENCY_US 1e5   /* 0.1 s per all-reduce: far beyond any link */
#define MIN_SW 0.01          /* software factor on the per-layer latency */
#define MAX_SW 1000
#define MAX_BAND_LOW_PCT 99  /* a speed band reaches down at most to 1 % of the estimate */
#define MAX_BAND_HIGH_PCT 1000

#define M(f) offsetof(struct model, f)
static const struct column model_columns[] = {
	COLUMN("id", COL_TEXT, true, M(id), NULL, 0, false),
	COLUMN("name", COL_TEXT, true, M(name), NULL, 0, false),
	RANGED("params_b", COL_NUMBER, true, M(params_b), MIN_PARAMS_B, MAX_PARAMS_B),
	RANGED("active_params_b", COL_NUMBER, false, M(active_params_b), MIN_PARAMS_B,
	       MAX_PARAMS_B),
	RANGED("layers", COL_COUNT, true, M(layers), 1, MAX_LAYERS),
	RANGED("hidden", COL_COUNT, true, M(hidden), 1, MAX_HIDDEN),
	RANGED("heads", COL_COUNT, true, M(heads), 1, MAX_HEADS),
	RANGED("kv_heads", COL_COUNT, true, M(kv_heads), 1, MAX_HEADS),
	RANGED("head_dim", COL_COUNT, true, M(head_dim), 1, MAX_HEADS),
	RANGED("intermediate", COL_COUNT, true, M(intermediate), 1, MAX_WIDE),
	RANGED("vocab", COL_COUNT, true, M(vocab), 1, MAX_VOCAB),
	RANGED("kv_elems", COL_COUNT, false, M(kv_elems), 1, MAX_WIDE),
	COLUMN("mlp", COL_ENUM, false, M(mlp), mlp_names, 0, false),
	COLUMN("tied_embeddings", COL_YESNO, false, M(tied_embeddings), NULL, 0, false),
	RANGED("experts", COL_COUNT, false, M(experts), 1, MAX_EXPERTS),
	RANGED("experts_per_token", COL_COUNT, false, M(experts_per_token), 1, MAX_EXPERTS),
	RANGED("moe_intermediate", COL_COUNT, false, M(moe_intermediate), 1, MAX_WIDE),
	RANGED("shared_experts", COL_COUNT, false, M(shared_experts), 0, MAX_EXPERTS),
	RANGED("shared_intermediate", COL_COUNT, false, M(shared_intermediate), 1, MAX_WIDE),
	RANGED("dense_layers", COL_COUNT, false, M(dense_layers), 0, MAX_LAYERS),
	RANGED("moe_every", COL_COUNT, false, M(moe_every), 1, MAX_LAYERS),
	RANGED("q_lora_rank", COL_COUNT, false, M(q_lora_rank), 1, MAX_WIDE),
	RANGED("kv_lora_rank", COL_COUNT, false, M(kv_lora_rank), 1, MAX_WIDE),
	RANGED("rope_dim", COL_COUNT, false, M(rope_dim), 1, MAX_HEADS),
	RANGED("window", COL_COUNT, false, M(window), 1, MAX_WIDE),
	COLUMN("window_layers", COL_TEXT, false, M(window_layers), NULL, 0, false),
	COLUMN("window_kind", COL_ENUM, false, M(window_kind), window_kind_names, 0, false),
	RANGED("mtp_layers", COL_COUNT, false, M(mtp_layers), 0, MAX_LAYERS),
	COLUMN("expert_dtype", COL_TEXT, false, M(expert_dtype_name), NULL, 0, false),
	RANGED("vision_params_b", COL_NUMBER, false, M(vision_params_b), 0, MAX_PARAMS_B),
	COLUMN("max_context", COL_COUNT, false, M(max_context), NULL, 1, false),
	COLUMN("dtype", COL_TEXT, false, M(dtype_name), NULL, 0, false),
	COLUMN("aliases", COL_TEXT, false, M(aliases), NULL, 0, false),
	COLUMN("default", COL_YESNO, false, M(is_default), NULL, 0, false),
	SOURCE(M(source)),
};
#undef M

/* bandwidth_gbs, bf16_tflops and link_gbs are required: the speed, the
 * prefill and the training all-reduce divide by them (an empty bandwidth
 * was read as -1 GB/s, speeds 5x too fast). */
#define G(f) offsetof(struct gpu, f)
static const struct column gpu_columns[] = {
	COLUMN("id", COL_TEXT, true, G(id), NULL, 0, false),
	COLUMN("name", COL_TEXT, true, G(name), NULL, 0, false),
	COLUMN("vendor", COL_TEXT, false, G(vendor), NULL, 0, false),
	RANGED("memory_mib", COL_NUMBER, true, G(memory_mib), MIN_MEMORY_MIB, MAX_MEMORY_MIB),
	RANGED("bandwidth_gbs", COL_NUMBER, true, G(bandwidth_gbs), 1, MAX_GBS),
	RANGED("bf16_tflops", COL_NUMBER, true, G(bf16_tflops), 1, MAX_TFLOPS),
	RANGED_BUNDLED("fp8_tflops", COL_NUMBER, false, G(fp8_tflops), 1, MAX_TFLOPS),
	RANGED_BUNDLED("fp4_tflops", COL_NUMBER, false, G(fp4_tflops), 1, MAX_TFLOPS),
	SERVING_COLUMN("int8_tflops", COL_NUMBER, G(int8_tflops), 1, MAX_TFLOPS),
	COLUMN("link", COL_ENUM, true, G(link), link_names, 0, false),
	RANGED("link_gbs", COL_NUMBER, true, G(link_gbs), 1, MAX_GBS),
	RANGED("link_busbw_gbs", COL_NUMBER, false, G(link_busbw_gbs), 1, MAX_GBS),
	RANGED_BUNDLED("mbu", COL_FRACTION, true, G(mbu), MIN_EFFICIENCY, 1),
	SERVING_COLUMN("mbu_kv", COL_FRACTION, G(mbu_kv), MIN_EFFICIENCY, 1),
	RANGED_BUNDLED("mfu_infer", COL_FRACTION, true, G(mfu_infer), MIN_EFFICIENCY, 1),
	RANGED_BUNDLED("mfu_infer_fp8", COL_FRACTION, false, G(mfu_infer_fp8), MIN_EFFICIENCY, 1),
	RANGED_BUNDLED("mfu_train", COL_FRACTION, true, G(mfu_train), MIN_EFFICIENCY, 1),
	SERVING_COLUMN("alpha_us", COL_NUMBER, G(alpha_us), 0, MAX_LATENCY_US),
	SERVING_COLUMN("sw", COL_NUMBER, G(sw), MIN_SW, MAX_SW),
	COLUMN("calibration", COL_ENUM, true, G(calibration), calibration_names, 0, true),
	SERVING_COLUMN("band_low_pct", COL_NUMBER, G(band_low_pct), 0, MAX_BAND_LOW_PCT),
	SERVING_COLUMN("band_high_pct", COL_NUMBER, G(band_high_pct), 0, MAX_BAND_HIGH_PCT),
	SOURCE(G(source)),
};
#undef G

#define O(f) offsetof(struct offer, f)
static const struct column offer_columns[] = {
	COLUMN("gpu", COL_TEXT, true, O(gpu_id), NULL, 0, false),
	COLUMN("kind", COL_ENUM, true, O(kind), offer_kind_names, 0, false),
	RANGED("cards", COL_COUNT, false, O(cards), 1, OFFER_MAX_CARDS),
	RANGED("max_cards", COL_COUNT, false, O(max_cards), 1, OFFER_MAX_CARDS),
	COLUMN("region", COL_TEXT, false, O(region), NULL, 0, false),
	RANGED("monthly", COL_NUMBER, false, O(monthly), 0, MAX_MONEY),
	RANGED("hourly", COL_NUMBER, false, O(hourly), 0, MAX_MONEY),
	COLUMN("currency", COL_TEXT, false, O(currency), NULL, 0, false),
	COLUMN("discount", COL_TEXT, false, O(discount), NULL, 0, false),
	COLUMN("network", COL_TEXT, false, O(network), NULL, 0, false),
	COLUMN("inter_node", COL_ENUM, false, O(inter_node), inter_node_names, 0, false),
	RANGED("inter_node_gbs", COL_NUMBER, false, O(inter_node_gbs), MIN_NET_GBS, MAX_GBS),
	COLUMN("collected", COL_DATE, true, O(collected), NULL, 0, false),
	SOURCE(O(source)),
};
#undef O

#define NCOLS(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_COLUMNS 48

/* Where a row's cells are, for validations that span several fields. */
struct row_ctx {
	const struct csv_table *t;
	size_t rec;
	const struct column *cols;
	size_t ncols;
	const int *index;
	struct diag *d;
};

static const struct csv_cell *cell_named(const struct row_ctx *r, const char *name)
{
	for (size_t c = 0; c < r->ncols; c++)
		if (strcmp(r->cols[c].name, name) == 0 && r->index[c] >= 0)
			return csvtab_cell(r->t, r->rec, (size_t)r->index[c]);
	return csvtab_cell(r->t, r->rec, 0);
}

static void row_error(const struct row_ctx *r, const char *column, const char *expected)
{
	const struct csv_cell *cell = cell_named(r, column);
	char quoted[128];
	text_quote(quoted, sizeof quoted, cell->text);
	diag_error(r->d, _("%s:%u:%u: expected %s, found \"%s\""), r->t->path, cell->line, cell->col,
		   expected, quoted);
}

typedef size_t (*row_check)(const struct row_ctx *r, void *row, void *ctx);

struct file_spec {
	const struct column *cols;
	size_t ncols, size, line_offset, id_offset;
	row_check check;
	enum catalog_file file; /* for the bundled copy of bundled columns */
};

/* The bundled rows of one file, for the columns an older copy lacks. */
struct bundle {
	const struct file_spec *f;
	const int *index; /* the user file's: < 0 where a column is missing */
	char *rows;
	size_t n;
	struct csv_table table;
	bool loaded;
};

static size_t load_rows(struct csv_table *t, const struct file_spec *f, void **out,
			size_t *n, struct idset *ids, void *ctx, struct diag *d);

/* Names the bundled columns the header lacks, ", "-separated. */
static size_t missing_bundled(const struct file_spec *f, const int *index, char *buf, size_t cap)
{
	size_t n = 0, used = 0;
	buf[0] = '\0';
	for (size_t c = 0; c < f->ncols; c++)
		if (f->cols[c].bundled && index[c] < 0 && used < cap) {
			int w = snprintf(buf + used, cap - used, "%s%s", n++ ? _(", ") : "",
					 f->cols[c].name);
			used += w > 0 ? (size_t)w : 0;
		}
	return n;
}

#define BUNDLE_PATH "(built in)"

/* Parses the compiled-in copy of the file (it has every column). */
static bool bundle_load(struct bundle *b)
{
	struct diag quiet = {0};
	void *rows = NULL;
	enum catalog_file file = b->f->file;
	size_t bad = csvtab_parse(&b->table, BUNDLE_PATH, (const char *)embedded_files[file],
				  embedded_lengths[file], &quiet);
	if (!bad)
		bad = load_rows(&b->table, b->f, &rows, &b->n, NULL, NULL, &quiet);
	diag_clear(&quiet);
	b->rows = rows;
	b->loaded = !bad;
	return b->loaded;
}

static void bundle_free(struct bundle *b)
{
	free(b->rows);
	if (b->loaded || b->table.nrecords)
		csvtab_free(&b->table);
}

static const char *row_id(const struct file_spec *f, const char *row)
{
	return *(const char *const *)(const void *)(row + f->id_offset);
}

static size_t field_size(enum col_type type)
{
	return type == COL_NUMBER || type == COL_FRACTION ? sizeof(double) : sizeof(int);
}

/* Copies the missing columns from the bundled row with the same id; an id
 * the bundle does not know must have them. */
static size_t bundle_fill(struct bundle *b, const struct row_ctx *r, char *row)
{
	const struct file_spec *f = b->f;
	const char *found = NULL;
	for (size_t i = 0; b->loaded && i < b->n && !found; i++)
		if (strcmp(row_id(f, b->rows + i * f->size), row_id(f, row)) == 0)
			found = b->rows + i * f->size;
	bool needed = false; /* an unknown id may lack optional columns only */
	for (size_t c = 0; c < f->ncols && !found; c++)
		needed |= f->cols[c].bundled && f->cols[c].required && b->index[c] < 0;
	for (size_t c = 0; c < f->ncols; c++) {
		const struct column *col = &f->cols[c];
		if (!col->bundled || b->index[c] >= 0 || (!found && (!needed || col->defaulted)))
			continue;
		if (!found) {
			char want[128];
			snprintf(want, sizeof want,
				 _("a column \"%s\" (a GPU the bundled data does not know)"), col->name);
			row_error(r, "id", want);
			return 1;
		}
		memcpy(row + col->offset, found + col->offset, field_size(col->type));
	}
	return 0;
}

static bool row_shape_ok(const struct csv_table *t, size_t rec, struct diag *d)
{
	size_t want = t->records[0].count, got = t->records[rec].count;
	if (got == want)
		return true;
	unsigned col = csvtab_cell(t, rec, got > want ? want : got - 1)->col;
	diag_error(d, _("%s:%u:%u: expected %zu fields as in the header, found %zu"), t->path,
		   t->records[rec].line, col, want, got);
	return false;
}

static size_t check_unique(const struct row_ctx *r, struct idset *ids, const char *id,
			   unsigned line)
{
	unsigned first = idset_add(ids, id, line);
	if (!first)
		return 0;
	const struct csv_cell *cell = csvtab_cell(r->t, r->rec, (size_t)r->index[0]);
	char quoted[128];
	text_quote(quoted, sizeof quoted, id);
	diag_error(r->d, _("%s:%u:%u: expected a unique id, found \"%s\" again (first on line %u)"),
		   r->t->path, cell->line, cell->col, quoted, first);
	return 1;
}

/* gpus.csv from before the serving model (SERVING.md §8): one warning
 * says what its rows take, and that a column mbu_bs1 is ignored. */
static void warn_former_gpus(const struct csv_table *t, const char *names, struct diag *d)
{
	if (schema_has_column(t, "mbu_bs1"))
		diag_warning(d, _("%s: no column %s (an older copy): the GPUs it knows take the "
				  "bundled values, the others the defaults; mbu, mfu_infer and "
				  "mfu_infer_fp8 left at the former defaults take the new ones; its "
				  "column mbu_bs1 is retired and ignored"), t->path, names);
	else
		diag_warning(d, _("%s: no column %s (an older copy): the GPUs it knows take the "
				  "bundled values, the others the defaults; mbu, mfu_infer and "
				  "mfu_infer_fp8 left at the former defaults take the new ones"),
			     t->path, names);
}

/* An older copy without the newer columns: one warning naming the file
 * and the columns, and the bundled rows to fill them from. */
static bool bundle_start(struct bundle *b, const struct csv_table *t, struct diag *d)
{
	char names[256];
	bool former_gpus = b->f->file == FILE_GPUS && !schema_has_column(t, "sw");
	if (!missing_bundled(b->f, b->index, names, sizeof names)) {
		if (b->f->file == FILE_GPUS && schema_has_column(t, "mbu_bs1"))
			diag_warning(d, _("%s: column mbu_bs1 is retired and ignored (the per-layer "
					  "latency, tau_layer_us x sw, replaces it)"), t->path);
		return false;
	}
	if (former_gpus)
		warn_former_gpus(t, names, d);
	else
		diag_warning(d, _("%s: no column %s (an older copy): using the bundled values for "
				  "the GPUs it knows"), t->path, names);
	bundle_load(b);
	return true;
}

/* One file's rows as they are read: each checked, then kept, or (a check
 * only) counted and forgotten. A stream hands them over one at a time. */
struct row_loader {
	const struct file_spec *f;
	int index[MAX_COLUMNS];
	char *rows;    /* NULL until the header is bound */
	size_t n, cap; /* rows kept (or counted), room for them */
	bool keep;     /* false: every row is checked in rows[0] */
	struct idset *ids;
	void *ctx;
	struct bundle b;
	bool backfill, bound;
	size_t errors;
	struct diag *d;
};

/* The header: columns bound, room for rows_max rows (more as they come).
 * Rows are taken only once it is bound; false when out of memory. */
static bool loader_header(struct row_loader *l, const struct csv_table *t, size_t rows_max)
{
	const struct file_spec *f = l->f;
	l->errors += schema_bind(t, f->cols, f->ncols, l->index, l->d);
	if (l->errors)
		return true; /* said; the rest of the file is still read for its own errors */
	l->cap = l->keep && rows_max ? rows_max : 1;
	l->rows = calloc(l->cap, f->size);
	if (!l->rows || (l->ids && !idset_init(l->ids, rows_max, false))) {
		diag_error(l->d, _("%s: out of memory"), t->path);
		l->errors++;
		return false;
	}
	l->b = (struct bundle){.f = f, .index = l->index};
	/* the built-in copy has every column: it never borrows from itself */
	l->backfill = strcmp(t->path, BUNDLE_PATH) != 0 && bundle_start(&l->b, t, l->d);
	l->bound = true;
	return true;
}

static char *loader_slot(struct row_loader *l, const struct csv_table *t)
{
	size_t size = l->f->size, at = l->keep ? l->n : 0;
	if (at == l->cap) {
		char *p = realloc(l->rows, 2 * l->cap * size);
		if (!p) {
			diag_error(l->d, _("%s: out of memory"), t->path);
			l->errors++;
			return NULL;
		}
		l->rows = p, l->cap *= 2;
	}
	return memset(l->rows + at * size, 0, size);
}

/* One row; bad rows are reported and left out, so one typo never turns
 * into a silent zero. False when out of memory. */
static bool loader_row(struct row_loader *l, const struct csv_table *t, size_t rec)
{
	const struct file_spec *f = l->f;
	if (!row_shape_ok(t, rec, l->d)) {
		l->errors++;
		return true;
	}
	char *row = loader_slot(l, t);
	if (!row)
		return false;
	struct row_ctx r = {t, rec, f->cols, f->ncols, l->index, l->d};
	size_t bad = schema_fill(t, rec, f->cols, f->ncols, l->index, row, l->d);
	*(unsigned *)(row + f->line_offset) = t->records[rec].line;
	if (!bad && l->backfill)
		bad = bundle_fill(&l->b, &r, row);
	if (!bad && f->check)
		bad = f->check(&r, row, l->ctx);
	if (!bad && l->ids)
		bad = check_unique(&r, l->ids, *(const char **)(row + f->id_offset),
				   t->records[rec].line);
	l->errors += bad;
	l->n += !bad;
	return true;
}

static bool loader_take(const struct csv_table *t, size_t rec, void *loader)
{
	struct row_loader *l = loader;
	if (rec == 0)
		return loader_header(l, t, 0);
	return !l->bound || loader_row(l, t, rec);
}

/* Offers without a GPU list to check them against: the file is read for
 * its own errors only. */
static bool loader_skip(const struct csv_table *t, size_t rec, void *loader)
{
	(void)t, (void)rec, (void)loader;
	return true;
}

/* The rows, or none when the file itself did not read (file_errors). */
static size_t loader_end(struct row_loader *l, size_t file_errors, void **out, size_t *n)
{
	if (l->bound)
		bundle_free(&l->b);
	if (file_errors || !l->keep) {
		free(l->rows);
		l->rows = NULL;
	}
	*out = l->rows;
	*n = file_errors ? 0 : l->n;
	return file_errors ? file_errors : l->errors;
}

/* Every row of a table read whole into an array of structs. */
static size_t load_rows(struct csv_table *t, const struct file_spec *f, void **out,
			size_t *n, struct idset *ids, void *ctx, struct diag *d)
{
	struct row_loader l = {.f = f, .keep = true, .ids = ids, .ctx = ctx, .d = d};
	if (loader_header(&l, t, t->nrecords - 1) && l.bound)
		for (size_t rec = 1; rec < t->nrecords && loader_row(&l, t, rec); rec++)
			;
	return loader_end(&l, 0, out, n);
}

/* What the id or name on 'line' collides with, for the message. */
static size_t name_clash(const struct row_ctx *r, const char *column, unsigned stored)
{
	char want[200];
	snprintf(want, sizeof want, _("%s that is not the %s on line %u (-m must find one model)"),
		 strcmp(column, "id") == 0 ? _("an id") : _("a name"), stored & 1 ? "name" : "id",
		 stored >> 1);
	row_error(r, column, want);
	return 1;
}

/* -m takes an id or a name, in any case: each must lead to one model, or
 * a name equal to another model's id would hijack it. Stored lines are
 * line * 2 + 1 for a name. An id equal to an earlier id is left to
 * check_unique, which says so in its own words. */
static size_t check_model_names(const struct row_ctx *r, const struct model *m,
				struct idset *names)
{
	unsigned line = r->t->records[r->rec].line;
	const char *had = idset_key(names, m->id);
	unsigned stored = idset_add(names, m->id, line * 2);
	if (stored && ((stored & 1) || strcmp(had, m->id) != 0))
		return name_clash(r, "id", stored);
	if (stored || strcasecmp(m->id, m->name) == 0)
		return 0;
	stored = idset_add(names, m->name, line * 2 + 1);
	return stored ? name_clash(r, "name", stored) : 0;
}

/* The MoE, MLA and local-attention columns: checked and completed by
 * model_parts_check, reported here where the cells are. */
static size_t check_model_parts(const struct row_ctx *r, struct model *m)
{
	char expected[200];
	const char *column = model_parts_check(m, expected, sizeof expected);
	if (!column)
		return 0;
	row_error(r, column, expected);
	return 1;
}

/* The embeddings (vocab x hidden, twice untied) and the active experts
 * are part of active_params_b: a count below them (a vocab typo) leaves
 * the rest of the model negative, and every TTFT and TPOT with it. The
 * experts' share is the time model's, (params - active) / (E - k) each. */
static size_t check_model_room(const struct row_ctx *r, const struct model *m)
{
	int E = m->experts, k = m->experts_per_token;
	double expert = E > k && k > 0 ? (m->params_b - m->active_params_b) * 1e9 / (E - k) : 0;
	double held = model_embedding_params(m) + k * expert;
	char buf[200];
	if (m->active_params_b * 1e9 > held)
		return 0;
	if (expert > 0)
		snprintf(buf, sizeof buf, _("active_params_b above the %.4gB that the embeddings "
					    "(vocab x hidden) and the active experts hold"), held / 1e9);
	else
		snprintf(buf, sizeof buf, _("params_b above the %.4gB that the embeddings "
					    "(vocab x hidden) hold"), held / 1e9);
	row_error(r, expert > 0 ? "active_params_b" : "params_b", buf);
	return 1;
}

static size_t check_model(const struct row_ctx *r, void *row, void *ctx)
{
	struct model *m = row;
	char buf[200];
	if (ctx && check_model_names(r, m, ctx))
		return 1;
	if (m->active_params_b < 0)
		m->active_params_b = m->params_b;
	if (m->active_params_b > m->params_b) {
		snprintf(buf, sizeof buf, _("active_params_b no larger than params_b (%g)"),
			 m->params_b);
		row_error(r, "active_params_b", buf);
		return 1;
	}
	if (m->heads % m->kv_heads != 0) {
		snprintf(buf, sizeof buf, _("kv_heads dividing heads (%d)"), m->heads);
		row_error(r, "kv_heads", buf);
		return 1;
	}
	if (m->experts_per_token > m->experts) {
		row_error(r, "experts_per_token", _("experts_per_token no larger than experts"));
		return 1;
	}
	if (check_model_room(r, m) || check_model_parts(r, m))
		return 1;
	m->dtype = m->dtype_name[0] ? precision_find(m->dtype_name) : -1;
	if (m->dtype_name[0] && m->dtype < 0) {
		char names[120];
		precision_names(names, sizeof names);
		snprintf(buf, sizeof buf, _("a precision: %s"), names);
		row_error(r, "dtype", buf);
		return 1;
	}
	return 0;
}

/* The serving columns (SERVING.md §8): a former-format copy (no column
 * sw) first updates the efficiencies it left at the former defaults,
 * then every empty one takes its default. */
static size_t check_gpu(const struct row_ctx *r, void *row, void *ctx)
{
	struct gpu *g = row;
	(void)ctx;
	if (!schema_has_column(r->t, "sw"))
		gpu_former_update(g);
	gpu_serving_defaults(g);
	return 0;
}

/* What checking an offer row needs besides the row. */
struct offer_ctx {
	const struct idset *gpus; /* id -> index */
	struct currency_seen *all, *per_gpu; /* per_gpu: NULL when out of memory */
	int today;                /* YYYYMMDD */
	struct strpool *texts;    /* where the offers' texts are kept; NULL: not kept */
};

/* 10^6 offers name a handful of GPU ids, regions and sources: each text is
 * kept once, so offers.csv is streamed and its table holds only the
 * header (catalog_load_sources). */
static size_t share_texts(const struct row_ctx *r, struct offer *o, struct strpool *pool)
{
	const char **texts[] = {&o->gpu_id, &o->region, &o->discount, &o->network, &o->source};
	for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
		const char *copy = strpool_intern(pool, *texts[k]);
		if (!copy) {
			diag_error(r->d, _("%s: out of memory"), r->t->path);
			return 1;
		}
		*texts[k] = copy;
	}
	return 0;
}

/* A quote dated after today would win over every other for ever: loaded,
 * but said. */
static void warn_future(const struct row_ctx *r, const struct offer *o, int today)
{
	if (o->collected <= today)
		return;
	const struct csv_cell *cell = cell_named(r, "collected");
	diag_warning(r->d, _("%s:%u:%u: collected %s is in the future (today is %04d-%02d-%02d): "
			     "it would win over every other quote"), r->t->path, cell->line, cell->col,
		     cell->text, today / 10000, today / 100 % 100, today % 100);
}

static size_t check_currency(const struct row_ctx *r, struct offer *o)
{
	const char *code = o->currency[0] ? currency_find(o->currency) : "CNY";
	if (!code) {
		char want[300];
		snprintf(want, sizeof want, _("a currency code for currency (%s)"), currency_list());
		row_error(r, "currency", want);
		return 1;
	}
	o->currency = code;
	return 0;
}

static void mark_currency(struct currency_seen *seen, const struct offer *o)
{
	struct currency_mark here = {.currency = o->currency, .line = o->line, .gpu = o->gpu};
	if (!seen->first.currency)
		seen->first = here;
	else if (!seen->other.currency && strcmp(o->currency, seen->first.currency) != 0)
		seen->other = here;
}

static size_t check_offer(const struct row_ctx *r, void *row, void *ctx)
{
	struct offer *o = row;
	const struct offer_ctx *oc = ctx;
	if (check_currency(r, o))
		return 1;
	int gpu = idset_find(oc->gpus, o->gpu_id);
	if (gpu < 0) {
		row_error(r, "gpu", _("a GPU id from prices/gpus.csv"));
		return 1;
	}
	o->gpu = gpu;
	mark_currency(oc->all, o);
	if (oc->per_gpu)
		mark_currency(&oc->per_gpu[gpu], o);
	if (o->monthly < 0 && o->hourly < 0) {
		row_error(r, "monthly", _("a monthly or an hourly price (both are empty)"));
		return 1;
	}
	if (o->cards == 0)
		o->cards = o->kind == OFFER_BAREMETAL ? 8 : 1;
	if (o->max_cards == 0)
		o->max_cards = o->kind == OFFER_BAREMETAL ? o->cards : 8;
	warn_future(r, o, oc->today);
	return oc->texts ? share_texts(r, o, oc->texts) : 0; /* NULL: checked, not kept */
}

static const struct file_spec specs[3] = {
	{.cols = model_columns, .ncols = NCOLS(model_columns), .size = sizeof(struct model),
	 .line_offset = offsetof(struct model, line), .id_offset = offsetof(struct model, id),
	 .check = check_model, .file = FILE_MODELS},
	{.cols = gpu_columns, .ncols = NCOLS(gpu_columns), .size = sizeof(struct gpu),
	 .line_offset = offsetof(struct gpu, line), .id_offset = offsetof(struct gpu, id),
	 .check = check_gpu, .file = FILE_GPUS},
	{.cols = offer_columns, .ncols = NCOLS(offer_columns), .size = sizeof(struct offer),
	 .line_offset = offsetof(struct offer, line), .check = check_offer, .file = FILE_OFFERS},
};

/* GPU rows are indexed by position, so the id set maps id -> index. */
static void gpu_index(const struct catalog *c, struct idset *ids)
{
	idset_reset(ids);
	for (size_t i = 0; i < c->ngpus; i++)
		idset_add(ids, c->gpus[i].id, (unsigned)i);
}

/* duration_today's day; a malformed GPUPLAN_TODAY (which the commands
 * that need today report) checks no date rather than a wrong one. */
static int catalog_today(void)
{
	char err[120];
	int day;
	return duration_today(&day, err, sizeof err) ? day : 99991231;
}

/* offers.csv row by row as it is read: its rows keep no pointer into its
 * texts (check_offer shares them), so the file is never held whole. With
 * no GPU list its rows cannot be checked: only the file itself is. */
static size_t stream_offers(struct catalog *c, const struct catalog_source *src,
			    struct offer_ctx *oc, bool keep, struct diag *d)
{
	struct csv_table *t = &c->tables[FILE_OFFERS];
	struct row_loader l = {.f = &specs[FILE_OFFERS], .keep = keep, .ctx = oc, .d = d};
	csv_record_fn take = oc->gpus->keys ? loader_take : loader_skip;
	size_t bad = src->buf ? csvtab_stream(t, src->path, src->buf, src->len, take, &l, d)
			      : csvtab_stream_fd(t, src->path, src->fd, take, &l, d);
	if (!bad && t->nrecords == 0 && take == loader_take)
		loader_header(&l, t, 0); /* no header at all: schema_bind says so */
	void *rows;
	size_t errors = loader_end(&l, bad, &rows, &c->noffers);
	c->offers = rows;
	c->offers_read = c->noffers;
	if (!keep)
		c->noffers = 0;
	return errors;
}

static size_t load_all(struct catalog *c, const struct catalog_source src[3],
		       enum catalog_keep keep, struct diag *d)
{
	size_t errors = 0;
	*c = (struct catalog){0};
	void *rows[2] = {0};
	size_t counts[2] = {0};
	struct idset model_ids = {0}, gpu_ids = {0}, names = {0};
	struct offer_ctx oc = {.gpus = &gpu_ids, .today = catalog_today(),
			       .texts = keep == CATALOG_KEEP_OFFERS ? &c->offer_texts : NULL};
	void *ctx[2] = {&names, NULL};
	size_t warnings = d->warnings;
	for (int f = 0; f < 2; f++) {
		size_t bad = csvtab_parse(&c->tables[f], src[f].path, src[f].buf, src[f].len, d);
		errors += bad;
		if (bad)
			continue;
		struct idset *ids = f == FILE_MODELS ? &model_ids : &gpu_ids;
		if (f == FILE_MODELS && !idset_init(&names, 2 * c->tables[f].nrecords, true))
			ctx[f] = NULL; /* out of memory: the names go unchecked */
		errors += load_rows(&c->tables[f], &specs[f], &rows[f], &counts[f], ids, ctx[f], d);
		if (f == FILE_MODELS) /* aliases, and names that differ only in punctuation */
			errors += catalog_check_model_keys(rows[f], counts[f], c->tables[f].path, d);
	}
	c->models = rows[FILE_MODELS], c->nmodels = counts[FILE_MODELS];
	c->gpus = rows[FILE_GPUS], c->ngpus = counts[FILE_GPUS];
	if (gpu_ids.keys)
		gpu_index(c, &gpu_ids);
	c->gpu_currencies = calloc(c->ngpus ? c->ngpus : 1, sizeof *c->gpu_currencies);
	oc.all = &c->currencies, oc.per_gpu = c->gpu_currencies;
	errors += stream_offers(c, &src[FILE_OFFERS], &oc, keep == CATALOG_KEEP_OFFERS, d);
	csvtab_free(&c->tables[FILE_OFFERS]); /* the offers' texts are in offer_texts */
	idset_free(&model_ids);
	idset_free(&gpu_ids);
	idset_free(&names);
	c->nwarnings = d->warnings - warnings;
	return errors;
}

size_t catalog_load_sources(struct catalog *c, const struct catalog_source src[3],
			    enum catalog_keep keep, struct diag *d)
{
	return load_all(c, src, keep, d);
}

static size_t catalog_load_rows(struct catalog *c, const char *const paths[3],
			 const char *const bufs[3], const size_t lens[3], struct diag *d)
{
	struct catalog_source src[3];
	for (int f = 0; f < 3; f++)
		src[f] = (struct catalog_source){.path = paths[f], .buf = bufs[f], .len = lens[f],
						 .fd = -1};
	return load_all(c, src, CATALOG_KEEP_OFFERS, d);
}

size_t catalog_check_offers(const struct catalog *c, const char *path, const char *buf,
			    size_t len, struct diag *d)
{
	struct csv_table t;
	struct idset gpu_ids = {0};
	struct strpool texts = {0};
	struct currency_seen seen = {0}; /* the rows' currencies, not the catalogue's */
	struct offer_ctx oc = {.gpus = &gpu_ids, .all = &seen, .today = catalog_today(),
			       .texts = &texts};
	void *rows = NULL;
	size_t n = 0, errors = csvtab_parse(&t, path, buf, len, d);
	if (!errors && !idset_init(&gpu_ids, c->ngpus, false)) {
		diag_error(d, _("%s: out of memory"), path);
		errors++;
	}
	if (!errors) {
		gpu_index(c, &gpu_ids);
		errors = load_rows(&t, &specs[FILE_OFFERS], &rows, &n, NULL, &oc, d);
	}
	free(rows);
	strpool_free(&texts);
	idset_free(&gpu_ids);
	csvtab_free(&t);
	return errors;
}

size_t catalog_index(struct catalog *c, struct diag *d)
{
	if (offer_index_build(c))
		return 0;
	if (!offer_index_fits(c))
		diag_error(d, _("%s: %zu GPU types and %zu offers: expected at most %zu of each"),
			   c->tables[FILE_GPUS].path, c->ngpus, c->noffers, offer_index_max());
	else
		diag_error(d, "%s", _("out of memory"));
	return 1;
}

size_t catalog_load(struct catalog *c, const char *const paths[3], const char *const bufs[3],
		    const size_t lens[3], struct diag *d)
{
	size_t errors = catalog_load_rows(c, paths, bufs, lens, d);
	return errors ? errors : catalog_index(c, d);
}
