/* Renting a plan: container limits, whole bare-metal machines and their
 * idle cards, which quote is used. A synthetic card type with round
 * prices, so that every expected value is worked by hand. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "loader.h"
#include "plan.h"
#include "tables.h"
#include "message.h"
#include "helpers.h"

/* Toy 1T: container per card 1000 a month for 1 to 4 cards, bare metal
 * 6400 a month for a machine of 8. Toy 2T: bare metal only, in four
 * regions: a (hourly only, Ethernet), a2 (the same price, monthly), b (IB,
 * dearer), c (IB, cheapest, but quoted long before the others: history).
 * Toy 3T: a free container (monthly 0 is a price, not a missing one) over
 * an older hourly quote of the same offer. Toy 4T: a container unit of 2
 * cards. Toy 5T: two container offers in one region, 1-4 cards at 1000 a
 * month (2026-10-12) and 1-8 cards at 2.0 an hour (2026-09-28). */
static const char toy_models[] =
	"id,name,params_b,active_params_b,layers,hidden,heads,kv_heads,head_dim,intermediate,"
	"vocab,kv_elems,mlp,tied_embeddings,experts,experts_per_token,max_context,dtype,source\n"
	"toy,Toy,1,,16,1024,8,8,128,4096,1000,,swiglu,no,,,4096,bf16,test\n";
static const char toy_gpus[] =
	"id,name,vendor,memory_mib,bandwidth_gbs,bf16_tflops,fp8_tflops,fp4_tflops,int8_tflops,"
	"link,link_gbs,mbu,mbu_kv,mfu_infer,mfu_infer_fp8,mfu_train,alpha_us,sw,calibration,"
	"band_low_pct,band_high_pct,source\n"
	"toy-1t,Toy 1T,Toy,1000000,1000,100,200,,,nvlink,900,0.8,0.75,0.7,0.55,0.4,8,1,published,,,test\n"
	"toy-2t,Toy 2T,Toy,1000000,1000,100,200,,,nvlink,900,0.8,0.75,0.7,0.55,0.4,8,1,published,,,test\n"
	"toy-3t,Toy 3T,Toy,1000000,1000,100,200,,,nvlink,900,0.8,0.75,0.7,0.55,0.4,8,1,published,,,test\n"
	"toy-4t,Toy 4T,Toy,1000000,1000,100,200,,,nvlink,900,0.8,0.75,0.7,0.55,0.4,8,1,published,,,test\n"
	"toy-5t,Toy 5T,Toy,1000000,1000,100,200,,,nvlink,900,0.8,0.75,0.7,0.55,0.4,8,1,published,,,test\n";
static const char toy_offers[] =
	"gpu,kind,cards,max_cards,region,monthly,hourly,currency,discount,network,inter_node,"
	"collected,source\n"
	"toy-1t,container,1,4,,1000,,CNY,,,none,2026-10-12,test\n"
	"toy-1t,baremetal,8,,r1,6400,,CNY,,IB,ib,2026-10-12,test\n"
	"toy-2t,baremetal,8,,a,,0.5,CNY,,25G,ethernet,2026-10-12,test\n"
	"toy-2t,baremetal,8,,a2,2920,,CNY,,25G,ethernet,2026-10-12,test\n"
	"toy-2t,baremetal,8,,b,6000,,CNY,,IB,ib,2026-10-12,test\n"
	"toy-2t,baremetal,8,,c,100,,CNY,,IB,ib,2026-01-01,test\n"
	"toy-3t,container,1,8,,0,,CNY,,,none,2026-10-12,test\n"
	"toy-3t,container,1,8,,500,0.5,CNY,,,none,2026-01-01,test\n"
	"toy-4t,container,2,8,,3000,,CNY,,,none,2026-10-12,test\n"
	"toy-5t,container,1,4,,1000,,CNY,,,none,2026-10-12,test\n"
	"toy-5t,container,1,8,,,2.0,CNY,,,none,2026-09-28,test\n";

static struct catalog toy_cat;

static void load_toy(void)
{
	const char *paths[3] = {"models.csv", "gpus.csv", "offers.csv"};
	const char *bufs[3] = {toy_models, toy_gpus, toy_offers};
	const size_t lens[3] = {strlen(toy_models), strlen(toy_gpus), strlen(toy_offers)};
	struct diag d = {0};
	size_t errors = catalog_load(&toy_cat, paths, bufs, lens, &d);
	for (size_t i = 0; i < d.kept; i++)
		fprintf(stderr, "%s\n", d.msgs[i]);
	diag_clear(&d);
	cr_assert_eq(errors, 0);
}

static void free_toy(void)
{
	catalog_free(&toy_cat);
}

TestSuite(rent, .init = load_toy, .fini = free_toy);

/* The toy model, for task, on exactly n cards of toy card g. */
static struct plan plan_task_cards_of(const char *task, int n, size_t g)
{
	struct scenario sc;
	char err[200], count[16];
	scenario_defaults(&sc);
	scenario_put(&sc, "task", task);
	if (strcmp(task, "inference") != 0)
		scenario_put(&sc, "train-tokens", "1B");
	cr_assert(scenario_set_model(&sc, &toy_cat, "toy", err, sizeof err), "%s", err);
	snprintf(count, sizeof count, "%d", n);
	scenario_put(&sc, "cards", count);
	struct workload w;
	struct plan p;
	cr_assert(workload_init(&w, &sc), "%s", w.error);
	plan_for_gpu(&w, &toy_cat, &toy_cat.gpus[g], &p);
	cr_assert_eq(p.cards, n);
	return p;
}

static struct plan plan_cards_of(int n, size_t g)
{
	return plan_task_cards_of("inference", n, g);
}

static struct plan plan_cards(int n)
{
	return plan_cards_of(n, 0);
}

Test(rent, container_allows_up_to_max_cards)
{
	struct plan p = plan_cards(4);
	cr_assert(p.container.available);
	cr_assert_eq(p.container.max_cards, 4);
	cr_assert_float_eq(p.container.total, 4000, 1e-9);
	/* 4 x 1000 < one machine 6400 */
	cr_assert_eq(p.cheaper, CHEAPER_CONTAINER);
	p = plan_cards(5);
	cr_assert_not(p.container.available);
	cr_assert_str_eq(MESSAGE_TEXT(&p.container.why), "5 cards: a container allows at most 4");
	cr_assert_eq(p.cheaper, CHEAPER_BAREMETAL); /* the only way offered is the one used */
	/* the bare-metal machine is used: 6400 / 5 cards over the parallel
	 * efficiency; PP5 (TP cannot divide 5) serving one user keeps one stage
	 * of five busy at a time (SERVING.md §3): about 1/5 */
	cr_assert_eq(p.lay.t, 1);
	cr_assert(p.efficiency > 0.15 && p.efficiency < 0.25, "%g", p.efficiency);
	cr_assert_float_eq(p.effective_per_card, 6400.0 / 5 / p.efficiency, 1e-9);
}

Test(rent, eight_cards_fill_one_machine_nine_need_two)
{
	struct plan p = plan_cards(8);
	cr_assert_eq(p.machines, 1);
	cr_assert_eq(p.baremetal.machines, 1);
	cr_assert_eq(p.baremetal.idle, 0);
	cr_assert_float_eq(p.baremetal.idle_cost, 0, 1e-9);
	cr_assert_float_eq(p.baremetal.total, 6400, 1e-9);
	cr_assert_float_eq(p.baremetal.monthly_per_card, 800, 1e-9);
	cr_assert(strstr(p.strategy, "multi-node") == NULL, "%s", p.strategy);
	cr_assert_eq(p.nnotes, 1); /* the efficiency note: one user on eight cards */
	/* 9 cards: ceil(9/8) = 2 machines, 16 - 9 = 7 idle at 800 = 5600 */
	p = plan_cards(9);
	cr_assert_eq(p.machines, 2);
	cr_assert_eq(p.baremetal.machines, 2);
	cr_assert_eq(p.baremetal.idle, 7);
	cr_assert_float_eq(p.baremetal.idle_cost, 5600, 1e-9);
	cr_assert_float_eq(p.baremetal.total, 12800, 1e-9);
	cr_assert(strstr(p.strategy, "multi-node") != NULL, "%s", p.strategy);
	cr_assert_eq(p.nnotes, 2); /* multi-node (PP9: no IB needed) and the efficiency */
	/* 16 cards: exactly 2 machines, none idle */
	p = plan_cards(16);
	cr_assert_eq(p.baremetal.machines, 2);
	cr_assert_eq(p.baremetal.idle, 0);
}

Test(rent, one_card_is_the_container_price)
{
	struct plan p = plan_cards(1);
	cr_assert_float_eq(p.container.total, 1000, 1e-9);
	cr_assert_float_eq(p.container.monthly_per_card, 1000, 1e-9);
	cr_assert_eq(p.baremetal.idle, 7);
	cr_assert_float_eq(p.effective_per_card, 1000, 1e-9); /* a single card loses nothing */
}

Test(rent, hourly_only_machine_and_the_newest_cheapest_region)
{
	/* one machine: a, a2 and b are quoted the same day; a: 0.5 x 730 h x 8 cards =
	 * 2920, a2 the same 2920 (a tie keeps the first region), b 6000; c is older, so
	 * history, however cheap */
	struct plan p = plan_cards_of(1, 1);
	cr_assert_not(p.container.available);
	cr_assert(strstr(MESSAGE_TEXT(&p.container.why), "no container offer") != NULL, "%s",
		  MESSAGE_TEXT(&p.container.why));
	cr_assert_str_eq(p.baremetal.offer->region, "a");
	cr_assert_float_eq(p.baremetal.machine_monthly, 2920, 1e-9);
	cr_assert_float_eq(p.baremetal.monthly_per_card, 365, 1e-9);
	cr_assert_float_eq(p.baremetal.hourly_per_card, 0.5, 1e-12);
	cr_assert_eq(p.cheaper, CHEAPER_BAREMETAL); /* the only way offered */
	cr_assert_float_eq(p.effective_per_card, 2920, 1e-9);
	/* two machines need IB between them: b, 2 x 6000; 7 idle at 750 */
	p = plan_cards_of(9, 1);
	cr_assert_str_eq(p.baremetal.offer->region, "b");
	cr_assert_float_eq(p.baremetal.total, 12000, 1e-9);
	cr_assert_float_eq(p.baremetal.idle_cost, 5250, 1e-9);
	cr_assert_eq(p.baremetal.monthly_collected, 20261012);
}

Test(rent, a_zero_price_is_a_price)
{
	/* the newest monthly is 0: free, dated 2026-10-12; the older row of the
	 * same offer (1 card, max 8) is history: neither its 500 nor its hourly
	 * 0.5 is used, one row's fields are never mixed with another's */
	struct plan p = plan_cards_of(2, 2);
	cr_assert(p.container.available);
	cr_assert_float_eq(p.container.monthly_per_card, 0, 1e-12);
	cr_assert_float_eq(p.container.total, 0, 1e-12);
	cr_assert_eq(p.container.monthly_collected, 20261012);
	cr_assert_lt(p.container.hourly_per_card, 0);
}

Test(rent, two_offers_of_one_region_are_two_candidates_never_mixed)
{
	/* 3 cards: both take them; 1000 a month beats 2.0 x 730 h = 1460: the
	 * 2026-10-12 row, with no hourly price (the other row's 2.0 is not its) */
	struct plan p = plan_cards_of(3, 4);
	cr_assert(p.container.available);
	cr_assert_eq(p.container.max_cards, 4);
	cr_assert_float_eq(p.container.total, 3000, 1e-9);
	cr_assert_lt(p.container.hourly_per_card, 0);
	cr_assert_eq(p.container.monthly_collected, 20261012);
	/* 8 cards: only the 1-8 card offer takes them: 8 x 1460 = 11680, its
	 * hourly 2.0, its limit 8 and its date, not "max 4" with its price */
	p = plan_cards_of(8, 4);
	cr_assert(p.container.available);
	cr_assert_eq(p.container.max_cards, 8);
	cr_assert_float_eq(p.container.monthly_per_card, 1460, 1e-9);
	cr_assert_float_eq(p.container.total, 11680, 1e-9);
	cr_assert_float_eq(p.container.hourly_per_card, 2.0, 1e-12);
	cr_assert_eq(p.container.monthly_collected, 20260928);
	cr_assert_eq(p.container.offer->max_cards, 8);
	/* a training job is billed for its hours: on 3 cards the offer with an
	 * hourly price, 2.0 x 730 = 1460 a card-month, its own row's fields */
	p = plan_task_cards_of("lora", 3, 4); /* (with --train-tokens: see the helper) */
	cr_assert_float_eq(p.container.hourly_per_card, 2.0, 1e-12);
	cr_assert_float_eq(p.container.total, 3 * 1460, 1e-9);
	cr_assert_eq(p.container.max_cards, 8);
}

Test(rent, container_unit_of_two_cards)
{
	/* 3000 a month for a unit of 2 cards: 1500 per card; 4 cards 6000 */
	struct plan p = plan_cards_of(4, 3);
	cr_assert_float_eq(p.container.monthly_per_card, 1500, 1e-9);
	cr_assert_float_eq(p.container.total, 6000, 1e-9);
}
