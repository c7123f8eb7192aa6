/* Card counts for a training job (TRAINING.md §9): the cheapest count that
 * meets a deadline and the scaling tiers. The caller's evaluator re-chooses
 * the shape and the offer at every count and bills the job there. */
#ifndef GPUPLAN_TRAINING_SOLVE_H
#define GPUPLAN_TRAINING_SOLVE_H

#include <stdbool.h>

#include "training_time.h"

/* The job at G cards as the evaluator found it. */
struct train_point {
	double days, eff;
	struct train_bill bill;   /* the job on the offer chosen there */
	struct train_shape shape; /* the shape chosen there */
	int offer;                /* the evaluator's index of that offer; -1: none */
	int way_offer[RENT_WAYS]; /* the offer each way of the bill is on */
	double band_pct;
};
typedef bool (*train_days_fn)(void *ctx, int cards, struct train_point *out);

struct train_search {
	int min_cards;           /* the memory minimum */
	double deadline_days;
	int container_max;       /* containers hold 1..container_max cards; 0: none offered */
	double machine_monthly;  /* the least monthly price of one machine; < 0: none offered */
	train_days_fn days;
	void *ctx;
	const struct train_constants *k; /* NULL: train_defaults */
};

struct train_way {
	bool found; /* a G of this way meets the deadline */
	int cards;
	struct train_point at;
};

struct train_choice {
	bool met;            /* some G meets the deadline */
	enum train_rent way; /* the cheapest; RENT_NONE when not met */
	int cards;           /* met: the cheapest; else the fastest G */
	struct train_point at;
	double cost;
	struct train_way ways[RENT_WAYS];
};

/* The counts looked at, ascending: containers 1..container_max, bare metal
 * n = 1..64 machines, then n grows by ⌊n/16⌋ a step up to max_cards (152
 * machine counts); none below min_cards. Returns how many (at most max). */
int train_card_counts(const struct train_search *s, int *out, int max);
#define TRAIN_MAX_COUNTS 200

/* Per way the lowest cost with days ≤ deadline (ties: fewer cards), and
 * the cheapest way. The scan stops once n machines' least bill reaches
 * the best cost found. When none meets it, cards/at give the shortest
 * time. False when no G can run at all. */
bool training_solve_deadline(const struct train_search *s, struct train_choice *out);

#define TRAIN_MAX_TIERS 18
struct train_tier {
	int cards;
	struct train_point at;
	double cost;         /* cheapest way; < 0 when none is offered */
	enum train_rent way; /* RENT_NONE when none is offered */
};

/* G = min_cards × 1, 2, 4, … up to max_cards (the seeds' "one tier more
 * vs the top configuration"), each with its own shape and offer, ending
 * with the first tier that is no faster than one before it or below 10 %
 * efficiency. Returns how many tiers were set. */
int training_tiers(const struct train_search *s, struct train_tier *tiers, int max);

/* No deadline (PERFORMANCE.md §2): the cheapest job, then among jobs
 * within same_spend (a share) of it the fewest days, then fewer cards.
 * The scan stops once n machines' least bill passes that spend. False
 * when no G is offered. */
bool training_solve_cheapest(const struct train_search *s, double same_spend,
			     struct train_tier *out);

/* --budget for a job: the fastest G whose cheapest bill is within budget
 * (ties: fewer cards), with its shape, way and cost. The scan stops once
 * n machines' least bill (n × the least machine-month) passes it. False,
 * out->cards 0, when no G is within it. */
bool training_solve_budget(const struct train_search *s, double budget, struct train_tier *out);

#endif
