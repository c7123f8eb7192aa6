/* The Universal Scalability Law fitted to measured speed-ups (PERFORMANCE.md
 * §3, the seeds' "measure 1, 2, 4 cards, then decide"):
 *   X(G) = X1·G / (1 + σ(G−1) + κ·G(G−1))
 * σ is contention (serial share), κ coherency (cross-talk that makes X fall
 * beyond a peak). */
#ifndef GPUPLAN_USL_H
#define GPUPLAN_USL_H

#include <stdbool.h>
#include <stddef.h>

#define USL_MAX_POINTS 16

/* What a measurement can be. At most the planner's card count; at least
 * one token a second in all, at most 10^7 per card (a 10M-parameter model
 * at full FP8 peak on a B300 is ~4·10^7 at MFU 1: the real ones are far
 * below). Per card, more cards may run faster (caches, a fuller batch), up
 * to USL_MAX_SUPERLINEAR times: beyond it a point is a typo, which the fit
 * would otherwise take as linear scaling (σ clamped to 0). */
#define USL_MAX_CARDS 4096
#define USL_MIN_TOKENS_PER_S 1.0
#define USL_MAX_TOKENS_PER_CARD 1e7
#define USL_MAX_SUPERLINEAR 2.0

struct usl_point {
	int cards;
	double tokens_per_s; /* aggregate throughput of all the cards */
};

enum usl_flag {
	USL_SIGMA_CLAMPED = 1, /* data scaled better than linearly: σ would be < 0 */
	USL_KAPPA_CLAMPED = 2, /* κ would be < 0: taken as 0 */
	USL_X1_FITTED = 4,     /* no 1-card point: X1 was fitted too */
};

struct usl_fit {
	double sigma, kappa, x1;
	unsigned flags; /* enum usl_flag bits */
	int npoints;
	double rho;     /* RMS relative residual of the fit over the points */
	int max_cards;  /* the most cards measured, G_max */
};

/* The points one by one (cards 1..USL_MAX_CARDS, each once, throughput
 * in range) and in pairs (no more than USL_MAX_SUPERLINEAR times the
 * per-card speed of fewer cards). False with "expected ..." in err. */
bool usl_points_check(const struct usl_point *pts, int n, char *err, size_t cap);

/* Least squares on Gunther's linearised form G/X = (1 + σ(G−1) + κG(G−1))/X1
 * (exact for data that follow the law), with σ, κ ≥ 0 by trying the
 * constrained subsets. With a 1-card point X1 is that measurement; two
 * points give κ = 0. False with a message in err ("expected ...") for
 * fewer than two points, cards < 1, throughput not > 0, duplicate cards,
 * or data no non-negative σ, κ can describe. */
bool usl_fit(const struct usl_point *pts, int n, struct usl_fit *out, char *err, size_t cap);

/* Aggregate throughput at G cards. */
double usl_throughput(const struct usl_fit *f, double cards);

/* X(G)/(G·X1): the share of G cards' linear speed actually gained. */
double usl_efficiency(const struct usl_fit *f, double cards);

/* The card count where X peaks, sqrt((1−σ)/κ); false when κ = 0 (X rises
 * for ever towards X1/σ) or the peak lies beyond USL_MAX_CARDS (a tiny κ
 * would put it at 10^16 cards: "no peak within 4096 cards" is what the
 * data say). A peak below one card is reported as 1. */
bool usl_peak_cards(const struct usl_fit *f, double *cards);

/* How far a fitted figure at G cards can be trusted (TRAINING.md §10):
 * inside the measured range max(ρ, 5 %); beyond it inside one machine
 * 10 % more per doubling; across machines (G > per_machine) the band at
 * G_r = max(per_machine, G_max) and the time model's band, added in
 * quadrature. A fit inside one machine says nothing about the NIC. */
enum usl_band_kind { USL_BAND_MEASURED, USL_BAND_IN_MACHINE, USL_BAND_MODELLED };
extern const char *const usl_band_kind_names[]; /* JSON: measured, extrapolated, modelled */
double usl_band_pct(const struct usl_fit *f, double cards, int per_machine, double model_band_pct,
		    enum usl_band_kind *kind);

/* Days to train 'tokens' at G cards: D / (X(G)·goodput·86400). */
double usl_days(const struct usl_fit *f, double cards, double tokens, double goodput);

#endif
