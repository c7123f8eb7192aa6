/* The figures table: every value a plan reports, in the JSON's order. */
#include "figures.h"


#include <stdio.h>
#include <string.h>

#include "report.h"
#include "tables.h"
#include "message.h"

/* A plan without cards was never priced: its renting is all zero. */
static bool has_cards(const struct plan *p)
{
	return p->cards > 0;
}

static const struct rent *container_of(const struct plan *p)
{
	return &p->container;
}

static const struct rent *baremetal_of(const struct plan *p)
{
	return &p->baremetal;
}

const struct figure_group figure_group_per_card = {
	.key = "per_card_gib", .csv_prefix = "per_card", .csv_suffix = "_gib", .label = "per card"};
const struct figure_group figure_group_container = {
	.key = "container", .csv_prefix = "container", .csv_suffix = "", .label = "container",
	.rent = container_of};
const struct figure_group figure_group_baremetal = {
	.key = "baremetal", .csv_prefix = "baremetal", .csv_suffix = "", .label = "bare metal",
	.rent = baremetal_of};

const struct figure_group *figure_cheaper(const struct plan *p)
{
	switch (p->cheaper) {
	case CHEAPER_CONTAINER:
		return &figure_group_container;
	case CHEAPER_BAREMETAL:
		return &figure_group_baremetal;
	default:
		return NULL;
	}
}

/* Getters, one line each: false when 'applies' does not hold; the value
 * is read only when it does (r is the group's renting, or NULL). Each
 * getter holds its own condition, as the CSV asks each column apart: a
 * plan without cards has a null "container" in the JSON, yet its CSV row
 * says container_available=false. */
#define GETTER(name, applies, member, value)                                                      \
	static bool name(const struct plan *p, const struct figure *f, struct figure_value *v)   \
	{                                                                                          \
		const struct rent *r = f->group && f->group->rent ? f->group->rent(p) : NULL;     \
		(void)r;                                                                           \
		if (!(applies))                                                                    \
			return false;                                                              \
		v->member = (value);                                                               \
		return true;                                                                       \
	}

static enum mem_term term_of(const struct figure *f)
{
	return (enum mem_term)(f->term - mem_term_rows);
}

#define PRICED (has_cards(p) && r->offer)
#define G(x) ((x) / GIB)

GETTER(gpu_id, true, text, p->gpu->id)
GETTER(gpu_name, true, text, p->gpu->name)
GETTER(capacity, true, number, G(p->capacity))
GETTER(fits, true, flag, p->fits)
GETTER(fit_word, true, text, plan_fit_word(p))
GETTER(cards, has_cards(p), number, p->cards)
GETTER(machines, has_cards(p), number, p->machines)
GETTER(tensor, has_cards(p), number, p->lay.t)
GETTER(pipeline, has_cards(p), number, p->lay.p)
GETTER(data, has_cards(p), number, p->lay.d)
GETTER(zero, has_cards(p), number, p->lay.zero)
GETTER(recompute, has_cards(p), flag, p->lay.recompute)
GETTER(strategy, true, text, p->strategy)
GETTER(term, has_cards(p), number, G(mem_term_value(&p->per_card, term_of(f))))
GETTER(need, has_cards(p), number, G(p->need))
GETTER(with_headroom, has_cards(p), number, G(p->with_headroom))
GETTER(utilization, has_cards(p), number, p->utilization_pct)
GETTER(available, true, flag, r->available)
GETTER(region, PRICED, text, r->offer->region)
GETTER(reason, has_cards(p) && !r->available, text, message_format(&r->why, v->buf, sizeof v->buf))
GETTER(discount, PRICED && r->offer->discount[0], text, r->offer->discount)
GETTER(source, PRICED && r->offer->source[0], text, r->offer->source)
GETTER(max_cards, PRICED, number, r->max_cards)
GETTER(per_card, PRICED, number, r->monthly_per_card)
GETTER(total, r->available, number, r->total)
GETTER(hourly, PRICED, number, r->hourly_per_card)
GETTER(collected, PRICED, number, r->monthly_collected)
GETTER(bm_machines, PRICED, number, r->machines)
GETTER(per_machine, PRICED, number, r->machine_monthly)
GETTER(idle, PRICED, number, r->idle)
GETTER(idle_cost, PRICED, number, r->idle_cost)
GETTER(network, PRICED && r->offer->network[0], text, r->offer->network)
GETTER(inter_node, PRICED && inter_node_names[r->offer->inter_node][0], text,
       inter_node_names[r->offer->inter_node])
GETTER(cheaper, has_cards(p) && p->cheaper != CHEAPER_NONE, text, figure_cheaper(p)->key)
GETTER(efficiency, has_cards(p) && p->efficiency >= 0, number, 100 * p->efficiency)
GETTER(effective, has_cards(p) && p->effective_per_card >= 0, number, p->effective_per_card)

#define IN(grp, k, l, u, d, kind_, g) {.group = grp, .key = k, .label = l, .unit = u, \
					.decimals = d, .kind = FIGURE_##kind_, .get = g}
#define PLAN(...) IN(NULL, __VA_ARGS__)
#define CONTAINER(...) IN(&figure_group_container, __VA_ARGS__)
#define BAREMETAL(...) IN(&figure_group_baremetal, __VA_ARGS__)
#define PER_CARD(...) IN(&figure_group_per_card, __VA_ARGS__)
#define TERM(t) {.group = &figure_group_per_card, .unit = "GiB", .decimals = 4, \
		 .kind = FIGURE_NUMBER, .get = term, .term = &mem_term_rows[t]}
#define MONEY "per month"
/* What both ways of renting report alike. */
#define RENT_FIRST(GROUP)                                                 \
	GROUP("available", "available", NULL, 0, BOOL, available),        \
	GROUP("region", "region", NULL, 0, STRING, region),               \
	GROUP("reason", "not available", NULL, 0, STRING, reason),        \
	GROUP("discount", "discount", NULL, 0, STRING, discount),         \
	GROUP("source", "source", NULL, 0, STRING, source)
#define RENT_MONTHLY(GROUP)                                               \
	GROUP("monthly_per_card", "per card", MONEY, 2, NUMBER, per_card), \
	GROUP("monthly_total", "total", MONEY, 2, NUMBER, total)

const struct figure figures[] = {
	PLAN("gpu", "GPU", NULL, 0, STRING, gpu_id),
	PLAN("gpu_name", "GPU name", NULL, 0, STRING, gpu_name),
	PLAN("capacity_gib", "capacity", "GiB", 4, NUMBER, capacity),
	PLAN("fits", "fits", NULL, 0, BOOL, fits),
	PLAN("fit", "fit", NULL, 0, STRING, fit_word),
	PLAN("cards", "cards", NULL, 0, INT, cards),
	PLAN("machines", "machines", NULL, 0, INT, machines),
	PLAN("tp", "tensor parallel", NULL, 0, INT, tensor),
	PLAN("pp", "pipeline parallel", NULL, 0, INT, pipeline),
	PLAN("dp", "data parallel", NULL, 0, INT, data),
	PLAN("zero", "ZeRO stage", NULL, 0, INT, zero),
	PLAN("recompute", "recompute", NULL, 0, BOOL, recompute),
	PLAN("strategy", "plan", NULL, 0, STRING, strategy),
	TERM(TERM_WEIGHTS),
	TERM(TERM_KV_CACHE),
	TERM(TERM_ACTIVATIONS),
	TERM(TERM_GRADIENTS),
	TERM(TERM_OPTIMIZER),
	TERM(TERM_OVERHEAD),
	PER_CARD("total", "total", "GiB", 4, NUMBER, need),
	PER_CARD("with_headroom", "with headroom", "GiB", 4, NUMBER, with_headroom),
	PLAN("utilization_pct", "used", "%", 1, NUMBER, utilization),
	RENT_FIRST(CONTAINER),
	CONTAINER("max_cards", "max cards", NULL, 0, INT, max_cards),
	RENT_MONTHLY(CONTAINER),
	CONTAINER("hourly_per_card", "per card", "per hour", 4, NUMBER, hourly),
	CONTAINER("collected", "collected", NULL, 0, DATE, collected),
	RENT_FIRST(BAREMETAL),
	BAREMETAL("machines", "machines", NULL, 0, INT, bm_machines),
	BAREMETAL("monthly_machine", "per machine", MONEY, 2, NUMBER, per_machine),
	RENT_MONTHLY(BAREMETAL),
	BAREMETAL("idle_cards", "idle cards", NULL, 0, INT, idle),
	BAREMETAL("idle_monthly", "idle cards cost", MONEY, 2, NUMBER, idle_cost),
	BAREMETAL("network", "network", NULL, 0, STRING, network),
	BAREMETAL("inter_node", "between machines", NULL, 0, STRING, inter_node),
	BAREMETAL("collected", "collected", NULL, 0, DATE, collected),
	PLAN("cheaper", "cheaper", NULL, 0, STRING, cheaper),
	PLAN("efficiency_pct", "parallel efficiency", "%", 1, NUMBER, efficiency),
	PLAN("effective_monthly_per_card", "effective per card", MONEY, 2, NUMBER, effective),
};
const size_t n_figures = sizeof figures / sizeof figures[0];

const char *figure_key(const struct figure *f)
{
	return f->term ? f->term->key : f->key;
}

const char *figure_label(const struct figure *f)
{
	return f->term ? f->term->label : f->label;
}

void figure_csv_name(const struct figure *f, char *buf, size_t cap)
{
	if (f->group)
		snprintf(buf, cap, "%s_%s%s", f->group->csv_prefix, figure_key(f),
			 f->group->csv_suffix);
	else
		snprintf(buf, cap, "%s", figure_key(f));
}

bool figure_group_applies(const struct figure_group *g, const struct plan *p)
{
	(void)g;
	return has_cards(p);
}

/* Numbers below zero mean "none" in the engine (and null in jsonw). */
bool figure_text(const struct figure *f, const struct plan *p, char *buf, size_t cap)
{
	struct figure_value v = {0};
	buf[0] = '\0';
	if (!f->get(p, f, &v))
		return false;
	switch (f->kind) {
	case FIGURE_NUMBER:
		if (v.number < 0)
			return false;
		snprintf(buf, cap, "%.*f", f->decimals, v.number);
		return true;
	case FIGURE_INT:
		snprintf(buf, cap, "%lld", (long long)v.number);
		return true;
	case FIGURE_BOOL:
		snprintf(buf, cap, "%s", v.flag ? "true" : "false");
		return true;
	case FIGURE_DATE:
		if (v.number <= 0)
			return false;
		format_date(buf, cap, (int)v.number);
		return true;
	default:
		if (!v.text)
			return false;
		snprintf(buf, cap, "%s", v.text);
		return true;
	}
}

const struct figure *figure_find(const struct figure_group *g, const char *key)
{
	for (size_t i = 0; i < n_figures; i++)
		if (figures[i].group == g && strcmp(figure_key(&figures[i]), key) == 0)
			return &figures[i];
	return NULL;
}

const char *figure_label_for(const struct figure_group *g, const char *key)
{
	const struct figure *f = figure_find(g, key);
	return f ? figure_label(f) : key;
}
