/* The figures a plan reports, one row each. The JSON and the CSV walk the
 * same rows, so they carry the same fields; the table, Markdown and the
 * screen take their labels from here. Adding a figure is adding a row. */
#ifndef GPUPLAN_FIGURES_H
#define GPUPLAN_FIGURES_H

#include <stdbool.h>
#include <stddef.h>

#include "figure_value.h"
#include "plan.h"
#include "units.h"

enum figure_kind {
	FIGURE_NUMBER,
	FIGURE_INT,
	FIGURE_BOOL,
	FIGURE_STRING,
	FIGURE_DATE,
	FIGURE_LIST, /* a JSON list; one joined cell in the CSV */
	FIGURE_MESSAGE, /* a note object in the JSON (code, args, text); its text in the CSV */
};

/* A JSON object inside the plan, or inside another group: "container":
 * {…}, "throughput": {"efficiency": {…}}. Its CSV columns are the
 * parents' prefixes, then prefix_key_suffix ("per_card_gib" ->
 * per_card_weights_gib; throughput.efficiency.mbu ->
 * throughput_efficiency_mbu). A group's rows follow one another in
 * figures[], its subgroups' rows among them. */
struct figure_group {
	const char *key;
	const char *csv_prefix, *csv_suffix;
	const char *label; /* N_("bare metal"): show it with figure_group_label */
	const struct rent *(*rent)(const struct plan *p); /* the renting it describes, or NULL */
	const struct figure_group *parent;                 /* NULL: inside the plan */
	/* The time figures it describes (it or its parent), or NULL. */
	const struct throughput *(*throughput)(const struct plan *p);
	bool (*applies)(const struct plan *p); /* NULL: the plan has cards */
	int way;                               /* training cost: enum train_rent */
};

struct figure;

/* A list's items: how many, and the fields of each (one field without a
 * key: the items are plain values). */
struct figure_list {
	int (*count)(const struct plan *p);
	const struct figure *fields;
	size_t nfields;
};
struct figure_getter { /* exactly one is set */
	figure_plan_fn *plan;
	figure_rent_fn *rent;
	figure_time_fn *time;
	figure_train_fn *train;
	figure_way_fn *way;
	figure_term_fn *term;
	figure_item_fn *item;
};

struct figure {
	const struct figure_group *group; /* NULL: a member of the plan object */
	const char *key;                  /* NULL: the key and label of 'term' */
	const char *label; /* N_() marked; shown through figure_label */
	enum unit unit;    /* how people read it (units.h); JSON and CSV use decimals */
	int decimals;
	enum figure_kind kind;
	struct figure_getter get;
	const struct mem_term_row *term; /* a memory term per card */
	const struct figure_list *list;  /* FIGURE_LIST: its items (get says whether it applies) */
};

extern const struct figure_group figure_group_per_card, figure_group_container,
	figure_group_baremetal;
extern const struct figure figures[];
extern const size_t n_figures;

const char *figure_key(const struct figure *f);
/* "bare metal", "container", "per card", translated the same way. */
const char *figure_group_label(const struct figure_group *g);
/* The value, through the row's getter; false when it does not apply. */
bool figure_get(const struct figure *f, const struct plan *p, struct figure_value *v);
/* The value as people read it, through its unit's printer (money in its
 * way of renting's currency, in style ms); "yes"/"no" for a flag; false
 * (and "") when it does not apply, or for a list. */
bool figure_human(const struct figure *f, const struct plan *p, enum money_style ms, char *buf,
		  size_t cap);
/* The CSV column: key, or the group's prefix_key_suffix. */
void figure_csv_name(const struct figure *f, char *buf, size_t cap);
/* The value as the JSON writes it, strings unquoted; false (and "") when
 * it does not apply. */
bool figure_text(const struct figure *f, const struct plan *p, char *buf, size_t cap);
/* A list's item count (0 when get says it does not apply), and item i's
 * field f as figure_value (false: null). */
int figure_list_count(const struct figure *f, const struct plan *p);
bool figure_item(const struct figure *field, const struct plan *p, int i, struct figure_value *v);

/* g is anc or inside it. */
bool figure_group_within(const struct figure_group *g, const struct figure_group *anc);

/* A group that is null in the JSON: a plan without cards has no memory
 * per card and no renting. */
bool figure_group_applies(const struct figure_group *g, const struct plan *p);
/* The way of renting that is cheaper for this plan, or NULL (none, or a
 * tie): its key is the JSON's "cheaper", its label the reports' word. */
const struct figure_group *figure_cheaper(const struct plan *p);
/* The row with this group (NULL: the plan itself) and key, or NULL. */
const struct figure *figure_find(const struct figure_group *g, const char *key);
/* That row's label, translated: headings name figures as the table does. */
const char *figure_label_for(const struct figure_group *g, const char *key);

#endif
