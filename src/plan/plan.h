/* Per GPU type: the fewest cards that hold the workload, how they are
 * split, and what renting them costs. */
#ifndef GPUPLAN_PLAN_H
#define GPUPLAN_PLAN_H

#include <stdbool.h>

#include "catalog.h"
#include "estimate.h"
#include "message.h"
#include "throughput.h"
#include "offer_index.h"
#include "training_shape.h"
#include "training_solve.h"
#include "training_time.h"

#define CARDS_PER_MACHINE 8
#define PLAN_SAME_SPEND 0.005 /* two totals (a month, a job) this close are one price */
#define TIGHT_FRACTION 0.9 /* need+headroom above 90 % of the card is "tight" */
#define PLAN_NOTES 16
#define PLAN_ALTERNATIVES 6
#define PLAN_WHY 3

enum fit_level { FIT_COMFORTABLE, FIT_TIGHT, FIT_NONE };
enum cheaper { CHEAPER_NONE, CHEAPER_CONTAINER, CHEAPER_BAREMETAL };

struct rent {
	bool available;
	struct message why;        /* when not available; MSG_NONE otherwise */
	const struct offer *offer; /* the quote used */
	double monthly_per_card, hourly_per_card, total;
	int monthly_collected, hourly_collected;
	int max_cards, machines, idle;
	double machine_monthly, idle_cost;
};

/* A shape worth knowing next to the plan (PERFORMANCE.md §4). */
struct alternative {
	struct layout lay;
	int cards;
	char strategy[64];
	double tokens_per_s;       /* output tokens/s at the scenario's concurrency */
	double user_tokens_per_s;
	double monthly;            /* the cheaper way to rent it */
	double per_million_output; /* at its max concurrency, the cheaper way; < 0: none */
	struct message why;        /* why it is listed */
};

/* One region's quote of one kind: its newest row, and the newest monthly
 * and hourly prices its rows give. */
/* One offer: one row of offers.csv, whole (pricing.c), and the date of
 * its region's newest row. */
struct offer_quote {
	const struct offer *newest; /* the row */
	double monthly, hourly;     /* per unit / per card; < 0 when absent */
	int monthly_date, hourly_date;
	int region_date;
};

/* An offer a training plan may take (TRAINING.md §8): one region's
 * newest quote of one kind, its prices and its network (inherited from
 * the region's earlier quotes where empty; --network applied). */
struct train_offer {
	struct offer_quote q;
	struct train_prices prices;
	struct offer_network net;
	struct train_network link; /* what the time model uses */
};
#define TRAIN_MAX_OFFERS 8
#define TRAIN_MAX_COMPARE 3

/* Why the network between machines is the one used (JSON network_used.why). */
enum train_net_why { NET_WHY_ONE_MACHINE, NET_WHY_IB_FIRST, NET_WHY_NO_IB_OFFER, NET_WHY_FORCED };
extern const char *const train_net_why_names[]; /* one_machine, ib_first, no_ib_offer, forced */

/* The job on another region of the same GPU, with its own best shape. */
struct train_region_cost {
	int offer; /* index into training_estimate.offers */
	double days, eff, cost; /* cost: the cheapest billing; < 0 none */
};

/* Training time for the plan (TRAINING.md, plan_train.c); valid false for
 * inference, without --train-tokens, or when no card can run. */
struct training_estimate {
	bool valid;
	bool measured;         /* days from the USL fit of --measured */
	bool fits;             /* false: a forced shape timed though it does not fit */
	struct train_result r; /* the model at the plan's shape */
	struct train_shape shape; /* t, p, z, v, b, e and the recompute share */
	int rc_layers, stage_layers; /* recomputed layers of a stage, and its layers */
	double days, card_hours, eff; /* the plan's: modelled, or from the fit */
	double band_pct;       /* ± of the days: the model's, or TRAINING.md §10's */
	enum usl_band_kind band_kind; /* with --measured: how the band was found */
	struct usl_fit usl;    /* when measured */
	bool deadline;         /* --deadline given */
	bool meets_deadline;
	struct train_choice choice; /* the deadline solver's answer */
	struct train_tier budget;   /* --budget: the fastest within it; cards 0: none */
	struct train_bill bill;     /* the job at the plan's cards on the offer used */
	struct train_tier tiers[TRAIN_MAX_TIERS];
	int ntiers;
	/* The offers looked at (tiers and the choice name theirs by index). */
	struct train_offer offers[TRAIN_MAX_OFFERS];
	int noffers;
	int offer;                 /* the plan's, an index into offers; -1 none */
	enum train_net_why why;    /* why that offer's network */
	struct train_region_cost compare[TRAIN_MAX_COMPARE]; /* the GPU's other regions */
	int ncompare;
};

/* The fewest cards that hold the job and its figures at the users' load,
 * kept when a goal picks another plan (JSON memory_minimum{}). */
struct memory_minimum {
	bool valid;
	int cards, tp, pp, replicas;
	double per_card; /* bytes, without headroom */
	double ttft_s, tpot_s, output_tokens_per_s;
};

struct plan {
	const struct gpu *gpu;
	double capacity; /* bytes */
	bool fits, forced;
	/* A forced serving shape that holds fewer sequences than the users:
	 * its memory is that of what it holds; the rest queue for a slot. */
	bool queued;
	/* No plan of this GPU type meets the goals: the row is the best it
	 * can do (the lowest spend, then the fastest), and no quote headline. */
	bool short_of_goals;
	int cards, machines;
	struct layout lay;
	struct layout_train lay_tr; /* training: v, b, EP, recomputed layers */
	struct mem_terms per_card;
	double need, with_headroom, utilization_pct;
	enum fit_level level;
	char strategy[64];
	struct rent container, baremetal;
	enum cheaper cheaper;
	/* Inference: eta_tp of the time model. Training: < 0, not computed
	 * here (the training time model fills it). */
	double efficiency;
	double effective_per_card;     /* cheaper total / cards / efficiency (if computed) */
	struct message notes[PLAN_NOTES]; /* in the order they were found */
	int nnotes;
	/* Inference time model (plan_choose): at the scenario's concurrency
	 * and at max_concurrency; valid false otherwise. */
	struct throughput throughput, throughput_at_max;
	struct alternative alternatives[PLAN_ALTERNATIVES];
	int nalternatives;
	struct message why[PLAN_WHY]; /* with a time goal: why not the memory minimum */
	int nwhy;
	int memory_min_cards;         /* the memory minimum's cards (the plan's, without a goal) */
	struct memory_minimum memory_min;
	struct training_estimate training;
};

/* Chooses and prices the plan for one GPU type. */
void plan_for_gpu(const struct workload *w, const struct catalog *c, const struct gpu *g,
		  struct plan *out);

/* The plan of one given layout: memory, label, price and notes. */
void plan_for_layout(const struct workload *w, const struct catalog *c, const struct gpu *g,
		     const struct layout *l, struct plan *out);
/* The same with training's finer shape (x NULL: its defaults). */
void plan_for_train_layout(const struct workload *w, const struct catalog *c,
			   const struct gpu *g, const struct layout *l,
			   const struct layout_train *x, struct plan *out);

/* With --rate: the plan's memory is that of the sequences in flight at the
 * rate (Little's law, the time model's), not of --concurrency's users. */
void plan_hold_in_flight(struct plan *p, const struct workload *w, double sequences);

/* After plan_for_gpu: the time model, the alternatives and, with
 * --min-speed, the cheapest plan that reaches it (choice.c). */
void plan_choose(const struct workload *w, const struct catalog *c, struct plan *p);

/* After plan_for_gpu, for a training task with --train-tokens: days,
 * billings, tiers and, with --deadline, the cheapest plan that meets it
 * (plan_train.c). fit: the USL of --measured for this GPU, or NULL. */
void plan_train(const struct workload *w, const struct catalog *c, struct plan *p,
		const struct usl_fit *fit);

/* Training: the parallel efficiency the time model found (0..1), and the
 * effective price per card that follows from it. */
void plan_set_efficiency(struct plan *p, double eff);
/* Adds a note (a msg_*() of message.h). A full list keeps the notes it
 * has. */
void plan_note(struct plan *p, struct message m);
/* Adds a line to the plan's why list while it has room. */
void plan_add_why(struct plan *p, struct message m);

/* Tensor parallel t over this model's heads (KV heads replicated when fewer). */
bool tp_allowed(const struct model *m, int t);

/* Prices an already chosen layout (plan.c calls it; tests may too). */
void plan_price(const struct catalog *c, const struct scenario *sc, struct plan *p);

/* The regions of g that offer kind, one quote each, in the catalogue's
 * order; returns how many (at most max). */
size_t plan_offer_quotes(const struct catalog *c, const struct gpu *g, int kind,
			 struct offer_quote *out, size_t max);
/* The unit's monthly price (hourly × 730 when only that is given). */
double offer_quote_monthly(const struct offer_quote *q);
/* After plan_price: bare metal from this region's quote (training takes
 * the region its offer choice found). */
void plan_price_baremetal_quote(const struct scenario *sc, struct plan *p,
				const struct offer_quote *q);

/* Each distinct note of plans[0..n) once, in order of first appearance:
 * start with *at = (struct note_cursor){0}; NULL at the end. The plans it
 * applies to are those from at->plan on for which plan_has_note holds. */
struct note_cursor {
	size_t plan;
	int note;
};
const struct message *plan_notes_next(const struct plan *plans, size_t n, struct note_cursor *at);
bool plan_has_note(const struct plan *p, const struct message *m);

/* The instance a plan of GPU type with no price on file would take: 1, 2,
 * 4 or 8 cards (the sizes clouds rent), else whole machines. Its plans
 * compare by it where others compare by spend. */
int plan_instance_cards(int cards);
bool plan_unpriced(const struct plan *p);

#endif
