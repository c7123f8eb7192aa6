/* The shape search of TRAINING.md §6–7: for G cards every TP inside a
 * machine, PP, ZeRO stage, expert parallel, virtual stages and micro-batch
 * the rules allow, each with the smallest recompute share that fits the
 * card, timed by training_time(); the plan is the shortest step. */
#ifndef GPUPLAN_TRAINING_SHAPE_H
#define GPUPLAN_TRAINING_SHAPE_H

#include <stdbool.h>
#include <stddef.h>

#include "estimate.h"
#include "training_time.h"

/* What the search runs over: the workload and card for memory, the time
 * model's inputs (base.shape and base.net are set per shape), and what the
 * user fixed. */
struct train_space {
	const struct workload *w;
	double usable;           /* bytes a card may need: capacity / (1 + headroom) */
	struct train_input base; /* model, job, gpu, constants */
	unsigned tp_mask;        /* bit t: the heads allow TP t; 0: any */
	int tp, pp, b;           /* fixed by --tp, --pp, -n; 0: searched */
	int zero;                /* fixed by --zero; -1: searched */
	enum recompute_choice rc;
	bool time_anyway; /* forced: nothing fits, still time the least-memory shape */
};

/* One shape of G cards; n_r its recomputed layers once memory was asked. */
struct train_candidate {
	struct train_shape sh;
	int n_r;     /* TRAIN_NR_UNKNOWN until checked; TRAIN_NR_NO_FIT */
	double need; /* bytes per card at n_r (at the most recompute when it does not fit) */
};
#define TRAIN_NR_UNKNOWN (-2)
#define TRAIN_NR_NO_FIT (-1)

/* The shapes of one card count, in the order of the tie rule (§7.1:
 * smaller t·p, lower z, smaller e, fewer v, smaller b). Memory is checked
 * when a shape is first timed and kept for the next network. */
struct train_candidates {
	int cards;
	struct train_candidate *v;
	size_t n, cap;
};

struct train_best {
	struct train_shape sh; /* rc_share set */
	int n_r;
	struct layout lay;     /* the same as a memory layout */
	struct layout_train lay_tr;
	struct train_result r;
	bool fits;             /* false: the least-memory shape, timed anyway */
	double need;
};

/* The shapes of G cards (false when out of memory). Free with
 * train_candidates_free. */
bool train_candidates_collect(const struct train_space *sp, int cards, struct train_candidates *c);
void train_candidates_free(struct train_candidates *c);

/* The shortest step among c on network net; false when no shape fits (and
 * none is to be timed anyway). */
bool train_candidates_best(const struct train_space *sp, struct train_candidates *c,
			   const struct train_network *net, struct train_best *out);

/* Both in one call. */
bool training_days_best_shape(const struct train_space *sp, int cards,
			      const struct train_network *net, struct train_best *out);

/* §7.2: the fewest recomputed layers of a stage that let the shape fit
 * (0 when none need be), TRAIN_NR_NO_FIT when none does; *need the bytes
 * per card at that count (at the most recompute allowed when none fits). */
int train_recompute_layers(const struct train_space *sp, const struct train_shape *sh,
			   double *need);

/* The memory layout of a shape with n_r layers of each stage recomputed. */
void train_layout_of(const struct train_shape *sh, int n_r, struct layout *l,
		     struct layout_train *x);

#endif
