/* The configurator's session without a terminal: what the screen would
 * show after each operation. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compare.h"
#include "datasrc.h"
#include "i18n.h"
#include "plan_text.h"
#include "report.h"
#include "settings.h"
#include "text.h"
#include "detail_lines.h"
#include "table_cells.h"
#include "session.h"

#define SRCDIR FIXTURES "/../.." /* the source tree's data folder */

static struct catalog cat;
static struct scenario start;
static struct session s;
static char tmp[64];

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	char *buf = malloc((size_t)n + 1);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void spill(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

/* A copy of the source data under tmp, as a user's --data folder. */
static void copy_data(void)
{
	char from[512], to[512];
	snprintf(tmp, sizeof tmp, "/tmp/gpuplan-session-XXXXXX");
	cr_assert_not_null(mkdtemp(tmp));
	snprintf(to, sizeof to, "%s/models", tmp);
	mkdir(to, 0755);
	snprintf(to, sizeof to, "%s/prices", tmp);
	mkdir(to, 0755);
	for (int i = 0; i < 3; i++) {
		snprintf(from, sizeof from, "%s/%s", SRCDIR, catalog_file_names[i]);
		snprintf(to, sizeof to, "%s/%s", tmp, catalog_file_names[i]);
		char *text = slurp(from);
		spill(to, text);
		free(text);
	}
}

static void setup(void)
{
	struct diag d = {0};
	char err[200], xdg[128];
	copy_data();
	snprintf(xdg, sizeof xdg, "%s/xdg", tmp); /* never the user's own ~/.config/gpuplan */
	setenv("XDG_CONFIG_HOME", xdg, 1);
	cr_assert_eq(data_load_dir(&cat, tmp, &d), 0);
	diag_clear(&d);
	scenario_defaults(&start);
	cr_assert(scenario_set_model(&start, &cat, "llama-3.1-70b", err, sizeof err));
	cr_assert(session_init(&s, &cat, &start, NULL));
	session_set_visible(&s, 5);
}

static void teardown(void)
{
	char cmd[128];
	session_free(&s);
	catalog_free(&cat);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(session, .init = setup, .fini = teardown);

static int row_of(const char *gpu_id)
{
	for (size_t i = 0; i < s.an->nplans; i++)
		if (strcmp(session_plan_at(&s, i)->gpu->id, gpu_id) == 0)
			return (int)i;
	cr_assert_fail("no row for %s", gpu_id);
	return -1;
}

Test(session, a_valid_change_replaces_the_scenario)
{
	cr_assert(session_apply(&s, "context", "32k"));
	cr_assert_eq(s.sc.context, 32768);
	cr_assert_eq(s.an->sc.context, 32768);
	cr_assert_str_empty(s.status);
}

Test(session, an_invalid_change_keeps_the_last_good_one)
{
	cr_assert(session_apply(&s, "context", "32k"));
	const struct analysis *shown = s.an;
	cr_assert_not(session_apply(&s, "context", "lots"));
	cr_assert_eq(s.sc.context, 32768, "the last good scenario stays");
	cr_assert_eq(s.an, shown, "and so does its analysis");
	cr_assert(s.status_error);
	cr_assert_eq(strncmp(s.status, "context \"lots\": expected ", 25), 0, "%s", s.status);
	/* a value that parses but cannot be computed: the same rule */
	cr_assert(session_apply(&s, "precision", "int4"));
	cr_assert_not(session_apply(&s, "task", "full"));
	cr_assert(s.status_error);
	cr_assert_str_eq(scenario_model(&s.sc)->id, "llama-3.1-70b");
	cr_assert_eq(s.sc.task, s.an->sc.task);
}

Test(session, pin_change_unpin)
{
	int bf16 = s.sc.precision;
	session_pin(&s);
	cr_assert(s.pinned);
	cr_assert_str_eq(s.status, "pinned Llama-3.1-70B bf16 inference, context 4096, concurrency 1: "
				   "change anything to compare, P unpins");
	cr_assert(session_apply(&s, "precision", "int4"));
	cr_assert_eq(s.pin_sc.precision, bf16, "the pin keeps its scenario");
	cr_assert_neq(s.sc.precision, bf16);
	const struct plan *now = session_plan_at(&s, (size_t)row_of("h100-80g"));
	const struct plan *then = plan_for_same_gpu(&s.pin_an, now);
	cr_assert_not_null(then);
	cr_assert_eq(then->cards, 3, "70B bf16 on H100 80G: 3 cards");
	cr_assert_eq(now->cards, 1, "70B int4 on H100 80G: 1 card");
	session_unpin(&s);
	cr_assert_not(s.pinned);
	cr_assert_str_eq(s.status, "unpinned");
}

Test(session, sort_by_cost_orders_by_the_monthly_total_shown)
{
	/* 64 sequences: multi-card plans, whose efficiency must not reorder them */
	cr_assert(session_apply(&s, "concurrency", "64"));
	session_cycle_sort(&s);
	cr_assert_eq(s.sort, SORT_COST);
	cr_assert_str_eq(s.status, "sorted by monthly cost");
	double last = -1;
	bool unpriced = false;
	for (size_t i = 0; i < s.an->nplans; i++) {
		double m = plan_monthly(session_plan_at(&s, i));
		if (m < 0) {
			unpriced = true;
			continue;
		}
		cr_assert_not(unpriced, "row %zu: a priced plan after an unpriced one", i);
		cr_assert_geq(m, last, "row %zu: %.0f after %.0f", i, m, last);
		last = m;
	}
	session_cycle_sort(&s);
	cr_assert_str_eq(s.status, "sorted by card count");
	session_cycle_sort(&s);
	cr_assert_eq(s.sort, SORT_CATALOGUE);
	for (size_t i = 0; i < s.an->nplans; i++)
		cr_assert_eq(s.order[i], i, "catalogue order is the analysis order");
}

Test(session, selection_follows_the_gpu_and_stays_in_view)
{
	size_t n = s.an->nplans;
	cr_assert_gt(n, 6);
	session_select_at(&s, (int)n - 1);
	const struct gpu *g = s.selected;
	cr_assert_eq(s.top, (int)n - 5, "scrolled so the last row is the last one visible");
	for (int k = 0; k < SORT_COUNT; k++) {
		session_cycle_sort(&s);
		cr_assert_eq(s.selected, g);
		int row = session_selected_row(&s);
		cr_assert_eq(session_plan_at(&s, (size_t)row)->gpu, g);
		cr_assert(row >= s.top && row < s.top + 5, "row %d, top %d", row, s.top);
	}
	session_select_row(&s, -100);
	cr_assert_eq(session_selected_row(&s), 0);
	cr_assert_eq(s.top, 0);
	session_select_row(&s, 2);
	cr_assert_eq(session_selected_row(&s), 2);
	session_set_visible(&s, 1);
	cr_assert_eq(s.top, 2, "a smaller table scrolls to the selection");
}

/* Replaces the first occurrence of from in the file at path: what an
 * editor does to the copy it was given, or another instance to the data. */
static void edit_path(const char *path, const char *from, const char *to)
{
	char *text = slurp(path), *at = strstr(text, from);
	cr_assert_not_null(at, "%s not in %s", from, path);
	FILE *f = fopen(path, "wb");
	fwrite(text, 1, (size_t)(at - text), f);
	fputs(to, f);
	fputs(at + strlen(from), f);
	fclose(f);
	free(text);
}

/* The same on a file of the test's data folder. */
static void edit_file(const char *name, const char *from, const char *to)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", tmp, name);
	edit_path(path, from, to);
}

Test(session, reload_takes_the_changed_data)
{
	session_select_at(&s, row_of("h100-80g"));
	cr_assert_eq(session_selected_plan(&s)->container.offer->monthly, 9345);
	edit_file("prices/offers.csv", "h100-80g,container,1,4,,9345,", "h100-80g,container,1,4,,9999,");
	cr_assert(session_reload(&s, tmp, "reloaded"));
	cr_assert_str_eq(s.status, "reloaded");
	cr_assert_eq(s.reloads, 1);
	cr_assert_neq(s.cat, &cat, "the session owns the new catalogue");
	cr_assert_str_eq(s.selected->id, "h100-80g", "the selection moved to the new catalogue");
	cr_assert_eq(session_selected_plan(&s)->container.offer->monthly, 9999);
	/* a broken file: the error names it, the data in use stays */
	edit_file("prices/offers.csv", "h100-80g,container,1,4,,9999,", "h100-80g,container,1,4,,abc,");
	cr_assert_not(session_reload(&s, tmp, "reloaded"));
	cr_assert(s.status_error);
	cr_assert_eq(strncmp(s.status, "1 error, the data in use is unchanged: prices/offers.csv:18:",
			     60), 0, "%s", s.status);
	cr_assert_eq(s.reloads, 1);
	cr_assert_eq(session_selected_plan(&s)->container.offer->monthly, 9999);
}

static char *quote_in(const char *dir, const char *name)
{
	char path[600];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return slurp(path);
}

/* issue 10: named after the scenario, numbered (x twice in a second
 * works), the table in the order on screen. */
Test(session, quote_export_writes_the_markdown_report)
{
	setenv("GPUPLAN_TODAY", "2026-11-30", 1);
	cr_assert(session_export_quote(&s, tmp));
	cr_assert_not(s.status_error);
	char want[300];
	snprintf(want, sizeof want, "quote written: gpuplan-quote-llama-3.1-70b-bf16-4k-2026-11-30-1.md"
		 " in %s", tmp);
	cr_assert_str_eq(s.status, want);
	char *text = quote_in(tmp, "gpuplan-quote-llama-3.1-70b-bf16-4k-2026-11-30-1.md");
	cr_assert_eq(strncmp(text, "# GPU quote:", 12), 0, "%.40s", text);
	free(text);
	cr_assert(session_export_quote(&s, tmp), "%s", s.status);
	cr_assert(strstr(s.status, "-2026-11-30-2.md in "), "%s", s.status);
	text = quote_in(tmp, "gpuplan-quote-llama-3.1-70b-bf16-4k-2026-11-30-2.md");
	free(text);
	unsetenv("GPUPLAN_TODAY");
}

Test(session, quote_follows_the_sort_on_screen_and_the_pin)
{
	char *buf = NULL;
	size_t len = 0;
	setenv("GPUPLAN_TODAY", "2026-11-30", 1);
	session_cycle_sort(&s); /* monthly cost */
	FILE *f = open_memstream(&buf, &len);
	report_markdown_ordered(f, s.an, s.order, s.an->nplans);
	fclose(f);
	cr_assert(session_export_quote(&s, tmp));
	char *text = quote_in(tmp, "gpuplan-quote-llama-3.1-70b-bf16-4k-2026-11-30-1.md");
	cr_assert_str_eq(text, buf, "the quote is not in the order on screen");
	free(text);
	free(buf);
	session_pin(&s);
	cr_assert(session_apply(&s, "precision", "int4"));
	cr_assert(session_export_quote(&s, tmp));
	text = quote_in(tmp, "gpuplan-quote-llama-3.1-70b-int4-4k-2026-11-30-1.md");
	cr_assert(strstr(text, "two scenarios"), "%.200s", text);
	free(text);
	unsetenv("GPUPLAN_TODAY");
}

Test(session, quote_falls_back_to_home_when_the_folder_refuses)
{
	char home[128], notdir[128], want[400];
	setenv("GPUPLAN_TODAY", "2026-11-30", 1);
	snprintf(home, sizeof home, "%s/home", tmp);
	mkdir(home, 0755);
	setenv("HOME", home, 1);
	snprintf(notdir, sizeof notdir, "%s/models/models.csv", tmp); /* a file, not a folder */
	cr_assert(session_export_quote(&s, notdir), "%s", s.status);
	snprintf(want, sizeof want, "%s is not writable: quote written to %s/"
		 "gpuplan-quote-llama-3.1-70b-bf16-4k-2026-11-30-1.md", notdir, home);
	cr_assert_str_eq(s.status, want);
	unsetenv("GPUPLAN_TODAY");
}

Test(session, quote_names_are_ascii_and_never_cut_a_character)
{
	char out[16];
	session_quote_slug(out, sizeof out, "Qwen2.5 72B/指令");
	cr_assert_str_eq(out, "qwen2.5-72b");
	session_quote_slug(out, sizeof out, "模型模型模型模型模型");
	cr_assert_str_eq(out, "");
	session_quote_slug(out, 6, "ab_CD/ef");
	cr_assert_str_eq(out, "ab-cd");
}

/* The CSV --limits rows of one GPU type: cards, context, sequences. */
static int report_rows(const char *gpu_id, long long rows[][3])
{
	struct analysis a = {0};
	char *buf = NULL, *line, *save;
	size_t len = 0;
	cr_assert(analysis_run(&a, s.cat, &s.sc, gpu_id));
	FILE *f = open_memstream(&buf, &len);
	cr_assert(report_limits(f, FORMAT_CSV, &a));
	fclose(f);
	int n = 0;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char id[64];
		if (sscanf(line, "%63[^,],%lld,%lld,%lld", id, &rows[n][0], &rows[n][1], &rows[n][2]) == 4)
			n++;
	}
	free(buf);
	analysis_free(&a);
	return n;
}

/* The limits the session holds, without selecting again. */
static void check_limits(const char *gpu_id)
{
	long long rows[8][3];
	cr_assert_str_eq(s.selected->id, gpu_id);
	cr_assert(s.limits_ok);
	cr_assert_eq(report_rows(gpu_id, rows), LIMIT_CARD_COUNTS);
	static const int cards[LIMIT_CARD_COUNTS] = {1, 2, 4, 8};
	for (int k = 0; k < LIMIT_CARD_COUNTS; k++) {
		cr_assert_eq(s.limits[k].cards, cards[k]);
		cr_assert_eq(s.limits[k].cards, rows[k][0]);
		cr_assert_eq(s.limits[k].max_context, rows[k][1], "%s %d cards", gpu_id, cards[k]);
		cr_assert_eq(s.limits[k].max_concurrency, rows[k][2], "%s %d cards", gpu_id, cards[k]);
	}
}

Test(session, limits_of_the_selected_gpu_equal_the_report)
{
	session_select_at(&s, row_of("h100-80g"));
	check_limits("h100-80g");
	/* 70B bf16 fits neither one nor two H100 80G; four hold 421130 tokens
	 * by memory, past the model's 131072-token window: the window */
	cr_assert_eq(s.limits[1].max_context, 0);
	cr_assert_eq(s.limits[2].max_context, 131072);
	cr_assert(s.limits[2].context_capped);
	cr_assert_eq(s.limits[2].max_concurrency, 102);
	session_select_row(&s, 1); /* the next row: its limits, computed as it is selected */
	check_limits(s.selected->id);
	session_select_at(&s, row_of("h20-96g"));
	long long before = s.limits[3].max_concurrency;
	cr_assert(session_apply(&s, "context", "32k")); /* and again with the analysis */
	check_limits("h20-96g");
	cr_assert_lt(s.limits[3].max_concurrency, before);
}

/* issue 12: e edits a copy; only a copy that loads replaces the file.
 * issue 13: a row whose price the edit changed is dated and credited as
 * the o dialog does (it kept the website's name and date). */
Test(session, editing_a_file_reloads_it)
{
	struct session_edit e;
	char path[512];
	setenv("VISUAL", "my-editor --wait", 1);
	setenv("GPUPLAN_TODAY", "2026-12-01", 1);
	cr_assert(session_edit_begin(&s, FILE_OFFERS, &e), "%s", s.status);
	snprintf(path, sizeof path, "%s/prices/offers.csv", tmp);
	cr_assert_str_empty(e.note, "the user's own data is edited where it is");
	cr_assert_str_eq(e.argv[0], "sh");
	cr_assert_str_eq(e.argv[3], "my-editor --wait");
	cr_assert_str_eq(e.argv[4], e.de.copy);
	cr_assert_str_neq(e.de.copy, path, "the editor gets a copy, never the live file");
	cr_assert_null(e.argv[5]);
	edit_path(e.de.copy, "h100-80g,container,1,4,,9345,", "h100-80g,container,1,4,,9999,");
	cr_assert_eq(session_edit_end(&s, &e, 0), DATA_EDIT_SAVED);
	cr_assert_str_eq(s.status, "saved prices/offers.csv (the old one is prices/offers.csv.bak); 1 "
		       "row with a changed price dated 2026-12-01 as edited, reloaded");
	session_select_at(&s, row_of("h100-80g"));
	const struct offer *o = session_selected_plan(&s)->container.offer;
	cr_assert_eq(o->monthly, 9999);
	cr_assert_eq(o->collected, 20261201);
	cr_assert_str_eq(o->source, "edited 2026-12-01");
	unsetenv("GPUPLAN_TODAY");
}

/* A row edited in more than its price (its date typed too) is the user's
 * own provenance: left as typed. */
Test(session, an_edit_that_dates_its_row_keeps_that_date)
{
	struct session_edit e;
	setenv("VISUAL", "true", 1);
	cr_assert(session_edit_begin(&s, FILE_OFFERS, &e), "%s", s.status);
	edit_path(e.de.copy, "h100-80g,container,1,4,,9345,,CNY,,,none,,2026-10-12,",
		  "h100-80g,container,1,4,,9000,,CNY,,,none,,2026-11-02,");
	cr_assert_eq(session_edit_end(&s, &e, 0), DATA_EDIT_SAVED, "%s", s.status);
	session_select_at(&s, row_of("h100-80g"));
	const struct offer *o = session_selected_plan(&s)->container.offer;
	cr_assert_eq(o->collected, 20261102);
	cr_assert_str_eq(o->source, "极智算官网容器实例页面 (article 2026-10-12)");
}

Test(session, a_failed_editor_is_named_and_changes_nothing)
{
	struct session_edit e;
	setenv("VISUAL", "no-such-editor -f", 1);
	cr_assert(session_edit_begin(&s, FILE_OFFERS, &e));
	cr_assert_eq(session_edit_end(&s, &e, 127 << 8), DATA_EDIT_FAILED);
	cr_assert_str_eq(s.status, "could not start 'no-such-editor': No such file or directory: "
		       "nothing saved, the data in use is unchanged");
	cr_assert(s.status_error);
	cr_assert_neq(access(e.de.copy, F_OK), 0, "the copy was left behind");
	session_select_at(&s, row_of("h100-80g"));
	cr_assert_eq(session_selected_plan(&s)->container.offer->monthly, 9345);
}

/* issue 13: vim after :wq with an error shown exits 1 with the copy
 * written: the edit was dropped with the copy. It is kept as .rejected,
 * named so, and r reopens it. */
Test(session, an_editor_that_fails_after_writing_keeps_the_edit)
{
	struct session_edit e;
	char path[512];
	snprintf(path, sizeof path, "%s/prices/offers.csv", tmp);
	char *before = slurp(path);
	setenv("VISUAL", "vim -f", 1);
	cr_assert(session_edit_begin(&s, FILE_OFFERS, &e));
	edit_path(e.de.copy, "h100-80g,container,1,4,,9345,", "h100-80g,container,1,4,,9100,");
	cr_assert_eq(session_edit_end(&s, &e, 1 << 8), DATA_EDIT_REJECTED);
	cr_assert_eq(e.asking, EDIT_ASK_REJECTED);
	const char *kept = strstr(e.rejected, "prices/offers.csv.rejected-");
	cr_assert_not_null(kept, "%s", e.rejected);
	char want[1024];
	snprintf(want, sizeof want, "r reopen the rejected copy, k keep the file as it is — your edit "
		 "is kept in %s (the editor 'vim' exited with status 1)", kept);
	cr_assert_str_eq(s.recent[0], want);
	char *after = slurp(path), *edit = slurp(e.rejected);
	cr_assert_str_eq(after, before, "the file changed");
	cr_assert(strstr(edit, ",9100,"), "the edit is not in %s", e.rejected);
	cr_assert_eq(session_edit_answer(&s, &e, 'r'), EDIT_NEXT_EDITOR);
	cr_assert_str_eq(e.argv[4], e.rejected);
	cr_assert_eq(session_edit_end(&s, &e, 0), DATA_EDIT_SAVED, "%s", s.status);
	session_select_at(&s, row_of("h100-80g"));
	cr_assert_eq(session_selected_plan(&s)->container.offer->monthly, 9100);
	free(before), free(after), free(edit);
}

Test(session, a_copy_that_does_not_load_never_replaces_the_file)
{
	struct session_edit e;
	char path[512], want[1024];
	snprintf(path, sizeof path, "%s/prices/offers.csv", tmp);
	char *before = slurp(path);
	setenv("VISUAL", "true", 1);
	cr_assert(session_edit_begin(&s, FILE_OFFERS, &e));
	edit_path(e.de.copy, "h100-80g,container,1,4,,9345,", "h100-80g,container,1,4,,abc,");
	cr_assert_eq(session_edit_end(&s, &e, 0), DATA_EDIT_REJECTED);
	cr_assert(s.status_error);
	/* issue 13: the kept copy is named, not the temporary one */
	const char *kept = strstr(e.rejected, "prices/offers.csv.rejected-");
	cr_assert_not_null(kept, "%s", e.rejected);
	snprintf(want, sizeof want, "r reopen the rejected copy, k keep the file as it is — %s:18:25: "
		 "expected a number (0 or more) for monthly, found \"abc\"; prices/offers.csv is "
		 "unchanged", kept);
	cr_assert_str_eq(s.recent[0], want);
	char *after = slurp(path);
	cr_assert_str_eq(after, before, "a rejected copy replaced the file");
	/* r: the rejected copy goes back to the editor, which fixes it */
	cr_assert(session_edit_reopen(&s, &e));
	cr_assert_str_eq(e.argv[4], e.rejected);
	edit_path(e.de.copy, ",abc,", ",7777,");
	cr_assert_eq(session_edit_end(&s, &e, 0), DATA_EDIT_SAVED, "%s", s.status);
	session_select_at(&s, row_of("h100-80g"));
	cr_assert_eq(session_selected_plan(&s)->container.offer->monthly, 7777);
	free(before);
	free(after);
}

/* The follow-up names both files inside the data folder: it fits 120
 * columns (it was two absolute paths, cut at the screen's edge). */
Test(session, keeping_the_file_after_a_rejected_edit_says_where_the_edit_is)
{
	struct session_edit e;
	char want[9000];
	setenv("VISUAL", "true", 1);
	cr_assert(session_edit_begin(&s, FILE_OFFERS, &e));
	edit_path(e.de.copy, "h100-80g,container,1,4,,9345,", "h100-80g,container,1,4,,abc,");
	cr_assert_eq(session_edit_end(&s, &e, 0), DATA_EDIT_REJECTED);
	cr_assert_eq(session_edit_answer(&s, &e, 'k'), EDIT_NEXT_DONE);
	snprintf(want, sizeof want, "kept prices/offers.csv as it is; your edit stays in %s",
		 strstr(e.rejected, "prices/offers.csv.rejected-"));
	cr_assert_str_eq(s.status, want);
	cr_assert_leq(text_width(s.status), 120, "%s", s.status);
	cr_assert_eq(access(e.rejected, F_OK), 0);
}

Test(session, bundled_data_is_copied_before_an_edit)
{
	char xdg[128], want[300];
	snprintf(xdg, sizeof xdg, "%s/xdg", tmp);
	setenv("XDG_CONFIG_HOME", xdg, 1);
	cat.kind = DATA_BUNDLED; /* never written: the edit goes to a copy */
	struct session_edit e;
	cr_assert(session_edit_begin(&s, FILE_MODELS, &e), "%s", s.status);
	snprintf(want, sizeof want, "copied the bundled data to %s/gpuplan for editing; ", xdg);
	cr_assert_str_eq(e.note, want);
	cr_assert_eq(s.reloads, 1, "the copy is the data in use from now on");
	session_edit_end(&s, &e, 0);
	cr_assert_eq(strncmp(s.status, want, strlen(want)), 0, "%s", s.status);
	cr_assert_eq(s.reloads, 1, "an unchanged copy is not saved");
	cr_assert(strstr(s.status, "unchanged: nothing to save"), "%s", s.status);
}

Test(session, an_offer_is_edited_in_place)
{
	struct offer_edit e;
	session_select_at(&s, row_of("h100-80g"));
	cr_assert(session_offer_begin(&s, false, &e));
	cr_assert_str_eq(e.title, "H100 80G container quote · line 18");
	cr_assert_str_eq(e.values[OF_MONTHLY], "9345");
	cr_assert_str_eq(e.values[OF_HOURLY], "");
	cr_assert_str_eq(e.values[OF_COLLECTED], "2026-10-12");
	char values[OF_COUNT][OF_VALUE_BYTES];
	memcpy(values, e.values, sizeof values);
	snprintf(values[OF_MONTHLY], sizeof values[0], "abc");
	cr_assert_not(session_offer_save(&s, &e, values));
	cr_assert_str_eq(s.status, "prices/offers.csv:18:25: expected a number (0 or more) for "
		       "monthly, found \"abc\"");
	snprintf(values[OF_MONTHLY], sizeof values[0], "8888");
	snprintf(values[OF_COLLECTED], sizeof values[0], "2026-11-30");
	cr_assert(session_offer_save(&s, &e, values));
	char want[300];
	snprintf(want, sizeof want, "saved prices/offers.csv line 18 in %s (the previous file kept as "
		 ".bak)", tmp);
	cr_assert_str_eq(s.status, want);
	cr_assert_eq(session_selected_plan(&s)->container.offer->monthly, 8888);
	session_offer_free(&e);
}

/* The table's plan column: a short code for every layout, never cut. */
static void shape_is(int t, int pp, int d, int zero, bool rc, int machines, const char *want)
{
	struct plan p = {.lay = {.t = t, .p = pp, .d = d, .zero = zero, .recompute = rc},
			 .cards = t * pp * d, .machines = machines};
	char buf[32];
	plan_shape_code(buf, sizeof buf, &p);
	cr_assert_str_eq(buf, want, "t%d p%d d%d z%d rc%d m%d", t, pp, d, zero, rc, machines);
}

Test(shape, codes_for_every_layout)
{
	shape_is(1, 1, 1, 0, false, 1, "single");
	shape_is(1, 1, 1, 0, true, 1, "single+rc");
	shape_is(4, 1, 1, 0, false, 1, "TP4");
	shape_is(1, 3, 1, 0, false, 1, "PP3");
	shape_is(2, 5, 1, 0, false, 2, "TP2×PP5 2m");
	shape_is(1, 1, 18, 3, false, 3, "Z3×18 3m");
	shape_is(1, 1, 2, 0, false, 1, "DP2");
	shape_is(2, 1, 4, 0, false, 1, "TP2×DP4");
	shape_is(2, 1, 9, 3, true, 3, "TP2×Z3×9+rc 3m");
	shape_is(1, 1, 8, 1, false, 1, "Z1×8");
	shape_is(8, 16, 1, 0, false, 16, "TP8×PP16 16m");
	shape_is(1, 14, 1, 0, false, 2, "PP14 2m");
}

Test(shape, no_cards_and_a_short_buffer)
{
	struct plan p = {.cards = 0};
	char buf[8];
	plan_shape_code(buf, sizeof buf, &p);
	cr_assert_str_eq(buf, "none");
	p = (struct plan){.lay = {.t = 2, .p = 5, .d = 1}, .cards = 10, .machines = 2};
	plan_shape_code(buf, 4, &p);
	cr_assert_str_eq(buf, "TP2");
}

Test(shape, words_add_recompute_once)
{
	struct plan p = {.lay = {.t = 4, .p = 1, .d = 1, .recompute = true}, .cards = 4,
			 .strategy = "TP4"};
	char buf[64];
	plan_shape_words(buf, sizeof buf, &p);
	cr_assert_str_eq(buf, "TP4 +recompute");
	snprintf(p.strategy, sizeof p.strategy, "TP4 +recompute");
	plan_shape_words(buf, sizeof buf, &p);
	cr_assert_str_eq(buf, "TP4 +recompute");
	p.lay.recompute = false;
	snprintf(p.strategy, sizeof p.strategy, "TP4");
	plan_shape_words(buf, sizeof buf, &p);
	cr_assert_str_eq(buf, "TP4");
}

static int line_of(const struct detail_lines *d, const char *head)
{
	for (int i = 0; i < d->n; i++)
		if (strncmp(d->line[i], head, strlen(head)) == 0)
			return i;
	return -1;
}

static bool has_line(const struct detail_lines *d, const char *head)
{
	if (line_of(d, head) >= 0)
		return true;
	for (int i = 0; i < d->n; i++) /* what there is, for the failure's reader */
		cr_log_info("%s", d->line[i]);
	return false;
}

static struct detail_lines lines;

/* A forced card count that does not fit: no price in the breakdown, but
 * the whole model's totals and what dominates them. */
Test(session, a_plan_that_does_not_fit_shows_the_totals_and_what_dominates)
{
	char title[200];
	cr_assert(session_apply(&s, "cards", "1"));
	const struct plan *p = session_plan_at(&s, (size_t)row_of("h100-80g"));
	cr_assert_not(p->fits);
	detail_lines_plan(&lines, &s, p, 200);
	cr_assert(has_line(&lines, "whole model: weights 131 + KV "), "%s", lines.line[0]);
	for (int i = 0; i < lines.n; i++)
		cr_assert_null(strstr(lines.line[i], "optimizer 0.0"), "inference has no optimizer states");
	cr_assert(has_line(&lines, "most of it is weights: a lower precision or more cards"));
	cr_assert_not(has_line(&lines, "container"), "no price for a layout that does not fit");
	detail_title(title, sizeof title, p);
	cr_assert_str_eq(title, "H100 80G · 1 card · single · does not fit");
	/* long context, many users: the KV cache */
	cr_assert(session_apply(&s, "context", "128k"));
	cr_assert(session_apply(&s, "concurrency", "64"));
	p = session_plan_at(&s, (size_t)row_of("h100-80g"));
	detail_lines_plan(&lines, &s, p, 200);
	cr_assert(has_line(&lines, "most of it is KV cache: lower context/concurrency or fp8 KV"));
}

/* Notes that change what is bought come before the terms, so a short box
 * still shows them; the rest follow, most important first. */
Test(session, warnings_come_first_in_the_breakdown)
{
	cr_assert(session_apply(&s, "precision", "int4"));
	cr_assert(session_apply(&s, "context", "32k"));
	cr_assert(session_apply(&s, "concurrency", "20"));
	const struct plan *p = session_plan_at(&s, (size_t)row_of("rtx4090-24g"));
	cr_assert_gt(p->machines, 1);
	detail_lines_plan(&lines, &s, p, 200);
	int multi = line_of(&lines, "note: multi-node"), terms = line_of(&lines, "weights ");
	cr_assert(multi >= 0 && terms >= 0, "%d %d", multi, terms);
	cr_assert_lt(multi, terms);
	/* an informational note (MoE residency) comes after the terms */
	cr_assert(session_apply(&s, "model", "qwen3-30b-a3b"));
	p = session_plan_at(&s, (size_t)row_of("rtx4090-24g"));
	detail_lines_plan(&lines, &s, p, 200);
	terms = line_of(&lines, "weights ");
	int moe = line_of(&lines, "note: MoE");
	cr_assert(terms >= 0 && moe > terms, "%d %d", terms, moe);
	/* narrow: wrapped at spaces, never wider than the box */
	detail_lines_plan(&lines, &s, p, 40);
	for (int i = 0; i < lines.n; i++)
		cr_assert_leq(text_width(lines.line[i]), 40, "%s", lines.line[i]);
}

/* A price typed by hand is dated today and credited to the edit, so the
 * next quote does not credit it to the website. */
Test(session, an_edited_offer_is_dated_today_and_says_so)
{
	struct offer_edit e;
	char values[OF_COUNT][OF_VALUE_BYTES];
	setenv("GPUPLAN_TODAY", "2026-12-01", 1);
	session_select_at(&s, row_of("h100-80g"));
	cr_assert(session_offer_begin(&s, false, &e));
	cr_assert_str_eq(e.values[OF_SOURCE], "极智算官网容器实例页面 (article 2026-10-12)");
	memcpy(values, e.values, sizeof values);
	snprintf(values[OF_MONTHLY], sizeof values[0], "8500");
	session_offer_mark_edited(values);
	cr_assert_str_eq(values[OF_COLLECTED], "2026-12-01");
	cr_assert_str_eq(values[OF_SOURCE], "edited 2026-12-01");
	cr_assert(session_offer_save(&s, &e, values));
	const struct offer *o = session_selected_plan(&s)->container.offer;
	cr_assert_eq(o->monthly, 8500);
	cr_assert_eq(o->collected, 20261201);
	cr_assert_str_eq(o->source, "edited 2026-12-01");
	session_offer_free(&e);
	unsetenv("GPUPLAN_TODAY");
}

/* issue 12: the display order was sized for the first catalogue, so a
 * reload that adds GPU types wrote past it (sort_rows). */
Test(session, a_reload_that_adds_200_gpu_types_keeps_the_order_in_bounds)
{
	char path[512];
	snprintf(path, sizeof path, "%s/prices/gpus.csv", tmp);
	FILE *f = fopen(path, "ab");
	cr_assert_not_null(f);
	for (int i = 0; i < 200; i++)
		fprintf(f, "extra%d-80g,Extra %d 80G,NVIDIA,81559,3350,989,1979,,,nvlink,900,,0.80,0.75,"
			   "0.70,0.55,0.40,8,1,published,,,test row\n", i, i);
	cr_assert_eq(fclose(f), 0);
	/* the added types have no offer: the screen shows them when --gpu all asks */
	s.gpu_filter = GPU_FILTER_ALL;
	session_recompute(&s);
	size_t before = s.an->nplans;
	cr_assert(session_reload(&s, tmp, "reloaded"), "%s", s.status);
	cr_assert_eq(s.an->nplans, before + 200);
	for (int k = 0; k < SORT_COUNT; k++)
		session_cycle_sort(&s);
	session_select_row(&s, 1000);
	cr_assert_str_eq(session_plan_at(&s, s.an->nplans - 1)->gpu->id, s.selected->id);
	for (size_t i = 0; i < s.an->nplans; i++)
		cr_assert_lt(s.order[i], s.an->nplans);
}

/* A second gpuplan on the same data folder. */
static struct catalog other_cat;
static struct session other;

static void open_other(void)
{
	struct diag d = {0};
	cr_assert_eq(data_load_dir(&other_cat, tmp, &d), 0);
	diag_clear(&d);
	other_cat.kind = DATA_USER;
	cr_assert(session_init(&other, &other_cat, &start, NULL));
	for (size_t i = 0; i < other.an->nplans; i++)
		if (strcmp(session_plan_at(&other, i)->gpu->id, "h100-80g") == 0)
			session_select_at(&other, (int)i);
}

static void close_other(void)
{
	session_free(&other);
	catalog_free(&other_cat);
}

/* The other instance saves H100's container row as 8100 / 92折 / 2026-10-20. */
static void other_saves_h100(void)
{
	struct offer_edit o;
	char values[OF_COUNT][OF_VALUE_BYTES];
	cr_assert(session_offer_begin(&other, false, &o), "%s", other.status);
	memcpy(values, o.values, sizeof values);
	snprintf(values[OF_MONTHLY], sizeof values[0], "8100");
	snprintf(values[OF_DISCOUNT], sizeof values[0], "92折");
	snprintf(values[OF_COLLECTED], sizeof values[0], "2026-10-20");
	cr_assert(session_offer_save(&other, &o, values), "%s", other.status);
	session_offer_free(&o);
}

static char *h100_row(void)
{
	char path[512];
	snprintf(path, sizeof path, "%s/prices/offers.csv", tmp);
	char *text = slurp(path), *at = strstr(text, "\nh100-80g,container,");
	cr_assert_not_null(at);
	char *end = strchr(at + 1, '\n');
	*end = '\0';
	char *row = strdup(at + 1);
	free(text);
	return row;
}

/* issue 12, lost update: the first instance opened the dialog before the
 * other saved, and changes only the discount: no silent overwrite. */
Test(session, a_row_changed_by_another_instance_is_not_overwritten)
{
	struct offer_edit e;
	char values[OF_COUNT][OF_VALUE_BYTES];
	open_other();
	session_select_at(&s, row_of("h100-80g"));
	cr_assert(session_offer_begin(&s, false, &e));
	other_saves_h100();
	char *theirs = h100_row();
	memcpy(values, e.values, sizeof values);
	snprintf(values[OF_DISCOUNT], sizeof values[0], "90折");
	cr_assert_not(session_offer_save(&s, &e, values));
	cr_assert(e.conflict);
	cr_assert_not(e.result.mergeable, "the discount changed on both sides");
	cr_assert_str_eq(e.result.disk_row, theirs);
	cr_assert(strstr(e.result.loaded_row, ",9345,"), "%s", e.result.loaded_row);
	cr_assert_str_eq(s.status, "changed on disk meanwhile, also a field you changed: r reload, "
		       "Esc cancel");
	char *now = h100_row();
	cr_assert_str_eq(now, theirs, "the conflicting save wrote");
	cr_assert_not(session_offer_merge(&s, &e, values));
	/* r: the dialog opens again on the row as it is now */
	cr_assert(session_offer_reload(&s, &e), "%s", s.status);
	cr_assert_str_eq(e.values[OF_MONTHLY], "8100");
	cr_assert_str_eq(e.values[OF_DISCOUNT], "92折");
	cr_assert_str_eq(e.values[OF_COLLECTED], "2026-10-20");
	cr_assert_eq(session_selected_plan(&s)->container.offer->monthly, 8100);
	session_offer_free(&e);
	free(theirs);
	free(now);
	close_other();
}

/* Fields the other instance left alone merge: theirs stay, ours go in. */
Test(session, a_change_to_another_field_merges_into_the_row_on_disk)
{
	struct offer_edit e;
	char values[OF_COUNT][OF_VALUE_BYTES];
	open_other();
	session_select_at(&s, row_of("h100-80g"));
	cr_assert(session_offer_begin(&s, false, &e));
	other_saves_h100();
	memcpy(values, e.values, sizeof values);
	snprintf(values[OF_HOURLY], sizeof values[0], "12.5");
	cr_assert_not(session_offer_save(&s, &e, values));
	cr_assert(e.conflict);
	cr_assert(e.result.mergeable);
	cr_assert_str_eq(s.status, "changed on disk meanwhile: m merge yours into it, r reload, Esc "
		       "cancel");
	cr_assert(session_offer_merge(&s, &e, values), "%s", s.status);
	char *row = h100_row();
	cr_assert(strstr(row, ",8100,12.5,CNY,92折,"), "%s", row);
	cr_assert(strstr(row, ",2026-10-20,"), "%s", row);
	cr_assert(strncmp(s.status, "merged your changes into prices/offers.csv line 18", 50) == 0,
		  "%s", s.status);
	free(row);
	session_offer_free(&e);
	close_other();
}

Test(session, saving_what_the_row_already_holds_writes_nothing)
{
	struct offer_edit e;
	char path[512], bak[520];
	session_select_at(&s, row_of("h100-80g"));
	cr_assert(session_offer_begin(&s, false, &e));
	cr_assert(session_offer_save(&s, &e, e.values));
	cr_assert_str_eq(s.status, "unchanged: nothing to save");
	cr_assert_not(s.status_error);
	snprintf(path, sizeof path, "%s/prices/offers.csv", tmp);
	snprintf(bak, sizeof bak, "%s.bak", path);
	cr_assert_neq(access(bak, F_OK), 0, "an unchanged save rotated the backups");
	session_offer_free(&e);
}

/* issue 12: "reload first" had no key; r reloads, and a file changed on
 * disk is reloaded by the loop's next turn. */
Test(session, r_reloads_and_a_changed_file_is_noticed)
{
	session_select_at(&s, row_of("h100-80g"));
	cr_assert_not(session_data_changed(&s));
	cr_assert_not(session_watch(&s));
	edit_file("prices/offers.csv", "h100-80g,container,1,4,,9345,", "h100-80g,container,1,4,,99999,");
	cr_assert(session_data_changed(&s), "a longer file is a change");
	cr_assert(session_watch(&s));
	char want[300];
	snprintf(want, sizeof want, "a data file changed on disk: reloaded %s", tmp);
	cr_assert_str_eq(s.status, want);
	cr_assert_eq(session_selected_plan(&s)->container.offer->monthly, 99999);
	cr_assert_not(session_watch(&s), "reloaded once, not every turn");
	edit_file("prices/offers.csv", ",99999,", ",88888,"); /* the same size */
	struct timespec later[2] = {{.tv_nsec = UTIME_OMIT}, {.tv_sec = 2000000000}};
	char path[512];
	snprintf(path, sizeof path, "%s/prices/offers.csv", tmp);
	cr_assert_eq(utimensat(AT_FDCWD, path, later, 0), 0);
	session_reload_data(&s);
	snprintf(want, sizeof want, "reloaded %s", tmp);
	cr_assert_str_eq(s.status, want);
	cr_assert_eq(session_selected_plan(&s)->container.offer->monthly, 88888);
	cr_assert_not(session_data_changed(&s));
	/* a broken file: the error shows once and the data in use stays */
	edit_file("prices/offers.csv", ",88888,", ",abc,");
	cr_assert(session_watch(&s));
	cr_assert(s.status_error);
	cr_assert_not(session_watch(&s));
	cr_assert_eq(session_selected_plan(&s)->container.offer->monthly, 88888);
}

Test(session, the_built_in_data_has_nothing_to_reload)
{
	cat.kind = DATA_BUILTIN;
	cr_assert_not(session_data_changed(&s));
	session_reload_data(&s);
	cr_assert_str_eq(s.status, "the built-in data has no files to reload: e copies it to edit");
}

/* The time figures, as the report gives them for the same scenario
 * (Qwen2.5-72B int4, 32k, 20 users): H100 TP4×DP2 on the paid machine
 * (the memory minimum TP4 gives 8.1 tok/s a user, below the default 10),
 * 269 tok/s = 20 users × 13.4, ¥125 per million output tokens by bare
 * metal, TTFT 7.88 s, ITL 59.2 ms (p99 801 ms: the steps that carry a
 * prefill chunk), compute-bound, ±30 %; 910B (an estimate row, −65 % /
 * +35 %) TP8×DP7, 256 tok/s at ¥196. */
static void qwen_scenario(void)
{
	cr_assert(session_apply(&s, "model", "qwen2.5-72b"));
	cr_assert(session_apply(&s, "precision", "int4"));
	cr_assert(session_apply(&s, "context", "32k"));
	cr_assert(session_apply(&s, "concurrency", "20"));
}

Test(session, the_table_shows_tokens_per_second_and_cost_per_million)
{
	static const struct style plain = {.surface = SURFACE_SCREEN, .money = MONEY_ASCII};
	struct table_row r;
	qwen_scenario();
	const struct plan *p = session_plan_at(&s, (size_t)row_of("h100-80g"));
	table_row_fill(&r, p, &style_screen);
	cr_assert_str_eq(r.text[TC_SPEED], "269");
	cr_assert_str_eq(r.text[TC_UNIT_COST], "¥125");
	cr_assert_not(plan_time_estimate(p));
	p = session_plan_at(&s, (size_t)row_of("910b-64g"));
	table_row_fill(&r, p, &plain);
	cr_assert_str_eq(r.text[TC_SPEED], "~256", "an estimate row is marked");
	cr_assert_str_eq(r.text[TC_UNIT_COST], "~196", "a plain terminal: the digits alone");
	cr_assert(plan_time_estimate(p));
}

/* A row no shape of its GPU makes meet the goals is marked "<" beside its
 * speed, and the legend says so. Qwen2.5-72B bf16, 20 users × 32k, RTX
 * 4090: PP20 over 3 machines is the nearest to the 10 s TTFT target (no
 * shape reaches it); H100 meets the goals, unmarked. */
Test(session, a_row_short_of_the_goals_is_marked)
{
	struct table_row r;
	struct table_look look;
	cr_assert(session_apply(&s, "model", "qwen2.5-72b"));
	cr_assert(session_apply(&s, "precision", "bf16"));
	cr_assert(session_apply(&s, "context", "32k"));
	cr_assert(session_apply(&s, "concurrency", "20"));
	const struct plan *p = session_plan_at(&s, (size_t)row_of("rtx4090-24g"));
	cr_assert(p->short_of_goals);
	table_row_fill(&r, p, &style_screen);
	cr_assert_str_eq(r.text[TC_SPEED], "43.4<");
	p = session_plan_at(&s, (size_t)row_of("h100-80g"));
	cr_assert_not(p->short_of_goals);
	table_row_fill(&r, p, &style_screen);
	cr_assert_str_eq(r.text[TC_SPEED], "261");
	table_look_of(&look, s.an->plans, s.an->nplans);
	cr_assert(look.short_of_goals);
}

Test(session, the_breakdown_shows_speed_cost_and_efficiencies)
{
	qwen_scenario();
	const struct plan *p = session_plan_at(&s, (size_t)row_of("h100-80g"));
	detail_lines_plan(&lines, &s, p, 200);
	int speed = line_of(&lines, "speed: TTFT 7.88 s · ITL 59.2 ms (p99 801 ms) · 16.9 tok/s "
				    "streaming · 20 × 13.4 = 269 tok/s · compute-bound · ±30%");
	int terms = line_of(&lines, "weights ");
	cr_assert(speed >= 0 && speed < terms, "the speed before the terms: %d %d", speed, terms);
	cr_assert(has_line(&lines, "per million output tokens: container — · bare metal ¥125; "));
	cr_assert(has_line(&lines, "at most 44 sequences (B_max): "));
	cr_assert(has_line(&lines, "efficiency used: mbu 0.80 · mbu_kv 0.75 · mfu 0.56 of 989 "));
	p = session_plan_at(&s, (size_t)row_of("910b-64g"));
	detail_lines_plan(&lines, &s, p, 200);
	cr_assert(has_line(&lines, "speed: TTFT 9.22 s · ITL 64.2 ms (p99 1.83 s) · 15.6 tok/s "
				   "streaming · 20 × 12.2 = 256 tok/s · per-layer-latency-bound · "));
}

/* A 7B LoRA on 2B tokens by a 7-day deadline: the why list first, the
 * days and the deadline, the shape, the step and the network, the three
 * billings with the cheapest marked, and one bar line per scaling tier
 * with its shape, never wider than the box. The 2026-09-28 container offer
 * of 1-8 cards at ¥1.57 a card-hour is an offer of its own (its card limit
 * was the other row's 4): the deadline takes 8 cards, PP8, no recompute
 * (k = 4 for LoRA's frozen weights, 6 for attention): F = 4 × (6.74e9 −
 * 32000 × 4096) + 6 × 32 × 4096 × 4096 = 26,435,712,000 + 3,221,225,472 =
 * 29,656,937,472 a token, 2e9 tokens 5.93e19 FLOPs; 1.66 days at 94 %;
 * 1.66 × 24 h × 8 × ¥1.57 ≈ ¥500. One card still takes 17.6 days. */
Test(session, training_shows_days_deadline_and_the_tiers)
{
	struct table_row r;
	cr_assert(session_apply(&s, "model", "llama-2-7b"));
	cr_assert(session_apply(&s, "task", "lora"));
	cr_assert(session_apply(&s, "train-tokens", "2B"));
	cr_assert(session_apply(&s, "deadline", "7d"));
	const struct plan *p = session_plan_at(&s, (size_t)row_of("rtx4090-24g"));
	table_row_fill(&r, p, &style_screen);
	cr_assert(p->training.valid);
	cr_assert_str_eq(r.text[TC_SPEED], "1.66");
	cr_assert_str_eq(r.text[TC_UNIT_COST], "¥500");
	detail_lines_plan(&lines, &s, p, 86);
	int why = line_of(&lines, "why: the memory minimum was 1 card:");
	int terms = line_of(&lines, "weights ");
	cr_assert(why >= 0 && why < terms, "%d %d", why, terms);
	cr_assert(has_line(&lines, "deadline: met with 8 cards (1.66 days), cheapest container by the "
				   "hour ¥500"));
	cr_assert(has_line(&lines, "shape: PP8 · ZeRO-0 · micro-batch 1 (256 a step per "
				   "data-parallel rank) · virtual"));
	cr_assert(has_line(&lines, "step 71.4 s: compute 67.3 s + PP sends 2.15 s + bubble 1.90 s"));
	cr_assert(has_line(&lines, "network: one machine, PCIe, 8.00 GB/s all-reduce in it (—)"));
	cr_assert(has_line(&lines, "job on 8 cards: container by the hour ¥500* · container by the "
				   "month ¥9,169 · bare"));
	int head = line_of(&lines, "scaling tiers:");
	cr_assert_geq(head, 0);
	cr_assert(has_line(&lines, "    1 card  single card       17.6 d ███████████████ "),
		  "the longest bar");
	cr_assert(has_line(&lines, "    2 cards PP2               7.28 d ██████ "));
	for (int i = 0; i < lines.n; i++)
		cr_assert_leq(text_width(lines.line[i]), 86, "%s", lines.line[i]);
}

/* Display column where needle starts in line (after 'from' bytes), or -1. */
static int column_of(const char *line, const char *needle, size_t from)
{
	const char *at = strstr(line + from, needle);
	if (!at)
		return -1;
	char head[DETAIL_LINE_BYTES];
	snprintf(head, sizeof head, "%.*s", (int)(at - line), line);
	return (int)text_width(head);
}

/* In Chinese "3.2 天" has 8 bytes in 6 columns: the tiers are laid out by
 * display width, so both bars and the efficiency start in one column on
 * every tier line (with or without the catalogue's translations). */
Test(session, training_tiers_line_up_by_display_width_in_chinese)
{
	i18n_setup("zh", NULL);
	cr_assert(session_apply(&s, "model", "llama-2-7b"));
	cr_assert(session_apply(&s, "task", "lora"));
	cr_assert(session_apply(&s, "train-tokens", "2B"));
	cr_assert(session_apply(&s, "deadline", "7d"));
	const struct plan *p = session_plan_at(&s, (size_t)row_of("rtx4090-24g"));
	detail_lines_plan(&lines, &s, p, 86);
	int head = line_of(&lines, _("scaling tiers: cards, shape, days, total cost of the job (cheapest "
				     "way), efficiency"));
	cr_assert_geq(head, 0);
	int days_bar = -1, cost_bar = -1, pct = -1, tiers = 0;
	for (int i = head + 1; i < lines.n && strstr(lines.line[i], "█"); i++, tiers++) {
		const char *l = lines.line[i];
		int b = column_of(l, "█", 0), c = column_of(l, " █", (size_t)(strstr(l, "¥") - l));
		int e = column_of(l, "%", 0);
		cr_assert(b > 0 && c > b && e > c, "%s", l);
		cr_assert(tiers == 0 || (b == days_bar && c == cost_bar && e == pct), "%s", l);
		days_bar = b, cost_bar = c, pct = e;
	}
	cr_assert_geq(tiers, 5);
	char days[32];
	snprintf(days, sizeof days, _("%s d"), "17.6");
	cr_assert_not_null(strstr(lines.line[head + 1], days), "%s", lines.line[head + 1]);
	i18n_set_lang(I18N_EN);
}

/* --measured on screen: the speed-ups typed with H100 selected were taken
 * on the H100, so its days come from the fit and the others' from the
 * model; selecting another row does not move the measurement (the 4090
 * showed "1520 tok/s per card" and "measured"); new points typed there
 * belong to that row. With 1:1520, 2:2900, 4:5400 the USL fit has
 * X1 = 1520. */
Test(session, measured_belongs_to_the_gpu_it_was_typed_on)
{
	cr_assert(session_apply(&s, "model", "llama-2-7b"));
	cr_assert(session_apply(&s, "task", "lora"));
	cr_assert(session_apply(&s, "train-tokens", "2B"));
	session_select_at(&s, row_of("h100-80g"));
	cr_assert(session_apply(&s, "measured", "1:1520,2:2900,4:5400"), "%s", s.status);
	const struct plan *h100 = session_plan_at(&s, (size_t)row_of("h100-80g"));
	const struct plan *a100 = session_plan_at(&s, (size_t)row_of("a100-80g"));
	cr_assert(h100->training.measured);
	cr_assert_float_eq(h100->training.usl.x1, 1520, 1e-6);
	cr_assert_not(a100->training.measured);
	detail_lines_plan(&lines, &s, h100, 200);
	cr_assert(has_line(&lines, "measured speed-ups (USL): σ "));
	session_select_at(&s, row_of("a100-80g"));
	h100 = session_plan_at(&s, (size_t)row_of("h100-80g"));
	a100 = session_plan_at(&s, (size_t)row_of("a100-80g"));
	cr_assert_not(a100->training.measured, "the measurement does not follow the cursor");
	cr_assert(h100->training.measured);
	cr_assert_str_eq(s.sc.measured_gpu, "h100-80g");
	/* the same points applied again keep their GPU */
	cr_assert(session_apply(&s, "measured", "1:1520,2:2900,4:5400"), "%s", s.status);
	cr_assert_str_eq(s.sc.measured_gpu, "h100-80g");
	/* new points typed with A100 selected are A100's */
	cr_assert(session_apply(&s, "measured", "1:1400,2:2700"), "%s", s.status);
	cr_assert_str_eq(s.sc.measured_gpu, "a100-80g");
	a100 = session_plan_at(&s, (size_t)row_of("a100-80g"));
	h100 = session_plan_at(&s, (size_t)row_of("h100-80g"));
	cr_assert(a100->training.measured);
	cr_assert_not(h100->training.measured);
}

/* A bare size's name is written when the size is set; the language key
 * writes it again, so the title and the Size line follow the switch. */
Test(session, a_switch_of_language_rewrites_a_bare_size_name)
{
	i18n_setup("en", NULL);
	cr_assert(session_apply(&s, "model", "70b"));
	cr_assert_str_eq(scenario_model(&s.sc)->name, "70B (size only)");
	i18n_set_lang(I18N_ZH);
	session_relabel(&s);
	cr_assert_str_eq(scenario_model(&s.sc)->name, "70B（仅参数量）");
	i18n_set_lang(I18N_EN);
	session_relabel(&s);
	cr_assert_str_eq(scenario_model(&s.sc)->name, "70B (size only)");
}

/* A row gone from the file: the status line says "press r to reload" once,
 * in either language (the data file's "reload first" is cut off, found by
 * its translation in Chinese). */
Test(session, a_vanished_row_asks_for_r_once_in_each_language)
{
	static const struct {
		const char *lang, *key, *gone;
	} cases[] = {
		{"en", "press r to reload", "reload first"},
		{"zh", "按 r 重新载入", "请先重新加载"},
	};
	session_select_at(&s, row_of("h100-80g"));
	edit_file("prices/offers.csv", "h100-80g,container,1,4,,9345,", "h100-80g,gone,1,4,,9345,");
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct offer_edit e;
		i18n_setup(cases[i].lang, "/nonexistent/gpuplan-locale");
		cr_assert_not(session_offer_begin(&s, false, &e));
		cr_assert(strstr(s.status, cases[i].key), "%s", s.status);
		cr_assert_null(strstr(s.status, cases[i].gone), "%s", s.status);
		session_offer_free(&e);
	}
	i18n_setup("en", "/nonexistent/gpuplan-locale");
}

/* issue 13: the dialog wrote what the loader then refused (every run on
 * the folder exited 3). The row is checked by the loader's own rules
 * before anything is written, and its message shown. MAX_MONEY is 1e9;
 * in "h100-80g,container,1,4,,9345,,CNY,,,none,,2026-10-12" monthly
 * starts at column 25, hourly at 30 (after "9345,"), collected at 43. */
Test(session, a_price_the_loader_refuses_is_not_written)
{
	static const struct {
		int field;
		const char *value, *want;
	} cases[] = {
		{OF_MONTHLY, "1e10", "prices/offers.csv:18:25: expected a number from 0 to "
				     "1000000000 for monthly, found \"1e10\""},
		{OF_HOURLY, "2e9", "prices/offers.csv:18:30: expected a number from 0 to "
				   "1000000000 for hourly, found \"2e9\""},
		{OF_COLLECTED, "2026-13-01", "prices/offers.csv:18:43: expected a date YYYY-MM-DD for "
					     "collected, found \"2026-13-01\""},
	};
	char path[512];
	snprintf(path, sizeof path, "%s/prices/offers.csv", tmp);
	char *before = slurp(path);
	session_select_at(&s, row_of("h100-80g"));
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct offer_edit e;
		char values[OF_COUNT][OF_VALUE_BYTES];
		cr_assert(session_offer_begin(&s, false, &e));
		memcpy(values, e.values, sizeof values);
		snprintf(values[cases[i].field], sizeof values[0], "%s", cases[i].value);
		cr_assert_not(session_offer_save(&s, &e, values));
		cr_assert_str_eq(s.status, cases[i].want);
		cr_assert(s.status_error);
		char *after = slurp(path);
		cr_assert_str_eq(after, before, "%s was written", cases[i].value);
		free(after);
		session_offer_free(&e);
	}
	free(before);
}

/* issue 13: more than 24 CJK characters came back from the form as NUL
 * bytes, and were cut at about 40; the session takes the whole text. */
Test(session, a_long_chinese_discount_is_saved_whole)
{
	struct offer_edit e;
	char values[OF_COUNT][OF_VALUE_BYTES], want[OF_VALUE_BYTES] = "";
	for (int i = 0; i < 60; i++)
		strcat(want, i % 2 ? "扣" : "折"); /* 60 characters, 180 bytes */
	session_select_at(&s, row_of("h100-80g"));
	cr_assert(session_offer_begin(&s, false, &e));
	memcpy(values, e.values, sizeof values);
	snprintf(values[OF_DISCOUNT], sizeof values[0], "%s", want);
	cr_assert(session_offer_save(&s, &e, values), "%s", s.status);
	char *row = h100_row();
	cr_assert(strstr(row, want), "%s", row);
	cr_assert_str_eq(session_selected_plan(&s)->container.offer->discount, want);
	free(row);
	session_offer_free(&e);
}

/* issue 13: a discount-only edit, a price typed again as it was, or a field
 * cleared and typed back re-dated the row and replaced its source, so the
 * quote's provenance was lost and it won as the newest. Only a changed
 * price dates it today. */
Test(session, only_a_changed_price_dates_the_quote_today)
{
	struct offer_edit e;
	char values[OF_COUNT][OF_VALUE_BYTES];
	setenv("GPUPLAN_TODAY", "2026-12-01", 1);
	session_select_at(&s, row_of("h100-80g"));
	cr_assert(session_offer_begin(&s, false, &e));
	memcpy(values, e.values, sizeof values);
	snprintf(values[OF_DISCOUNT], sizeof values[0], "95折");
	session_offer_stamp(&e, values);
	cr_assert_str_eq(values[OF_COLLECTED], "2026-10-12");
	cr_assert_str_eq(values[OF_SOURCE], "极智算官网容器实例页面 (article 2026-10-12)");
	snprintf(values[OF_MONTHLY], sizeof values[0], "9345.0"); /* the same price */
	session_offer_stamp(&e, values);
	cr_assert_str_eq(values[OF_COLLECTED], "2026-10-12");
	snprintf(values[OF_HOURLY], sizeof values[0], "12.8");
	session_offer_stamp(&e, values);
	cr_assert_str_eq(values[OF_COLLECTED], "2026-12-01");
	cr_assert_str_eq(values[OF_SOURCE], "edited 2026-12-01");
	values[OF_HOURLY][0] = '\0'; /* typed back: the row's own date again */
	session_offer_stamp(&e, values);
	cr_assert_str_eq(values[OF_COLLECTED], "2026-10-12");
	cr_assert(session_offer_save(&s, &e, values), "%s", s.status);
	char *row = h100_row();
	cr_assert(strstr(row, ",9345.0,,CNY,95折,,none,,2026-10-12,极智算官网容器实例页面"), "%s",
		  row);
	free(row);
	session_offer_free(&e);
	unsetenv("GPUPLAN_TODAY");
}

/* issue 13: another instance's o save while the editor was open was
 * reverted by the editor's copy ("saved ... reloaded"). Now nothing is
 * written until the user answers; m applies the copy's changes over it. */
Test(session, an_o_save_while_the_editor_is_open_is_merged_not_reverted)
{
	struct session_edit e;
	char path[512];
	snprintf(path, sizeof path, "%s/prices/offers.csv", tmp);
	setenv("VISUAL", "true", 1);
	open_other();
	cr_assert(session_edit_begin(&s, FILE_OFFERS, &e), "%s", s.status);
	other_saves_h100();
	char *theirs = slurp(path);
	edit_path(e.de.copy, "rtx4090-24g,container,1,4,,1073,", "rtx4090-24g,container,1,4,,1000,");
	cr_assert_eq(session_edit_end(&s, &e, 0), DATA_EDIT_CHANGED, "%s", s.status);
	cr_assert_eq(e.asking, EDIT_ASK_CHANGED);
	cr_assert_str_eq(s.recent[0], "m merge your edit into it, k keep yours, t keep theirs — "
		       "prices/offers.csv changed on disk while you edited it");
	char *now = slurp(path);
	cr_assert_str_eq(now, theirs, "written before the question was answered");
	cr_assert_eq(session_edit_answer(&s, &e, 'm'), EDIT_NEXT_DONE, "%s", s.status);
	char *merged = slurp(path), *row = h100_row();
	cr_assert(strstr(row, ",8100,,CNY,92折,"), "their row was reverted: %s", row);
	cr_assert(strstr(merged, "\nrtx4090-24g,container,1,4,,1000,"), "our edit is not in it");
	cr_assert(strstr(s.status, "merged with the change on disk"), "%s", s.status);
	free(theirs), free(now), free(merged), free(row);
	close_other();
}

/* Both changed the H100 row's monthly price: the merge names the row;
 * k keeps mine (theirs stays in .bak), t keeps theirs (mine set aside). */
Test(session, a_row_both_changed_is_named_and_each_side_can_be_kept)
{
	char path[512], bak[530];
	snprintf(path, sizeof path, "%s/prices/offers.csv", tmp);
	snprintf(bak, sizeof bak, "%s.bak", path);
	setenv("VISUAL", "true", 1);
	open_other();
	char *original = slurp(path);
	for (int side = 0; side < 2; side++) {
		struct session_edit e;
		spill(path, original);
		cr_assert(session_reload(&s, tmp, "") && session_reload(&other, tmp, ""));
		cr_assert(session_edit_begin(&s, FILE_OFFERS, &e), "%s", s.status);
		other_saves_h100();
		char *theirs = slurp(path);
		edit_path(e.de.copy, "h100-80g,container,1,4,,9345,", "h100-80g,container,1,4,,9999,");
		cr_assert_eq(session_edit_end(&s, &e, 0), DATA_EDIT_CHANGED, "%s", s.status);
		cr_assert_eq(session_edit_answer(&s, &e, 'm'), EDIT_NEXT_ASK);
		cr_assert_eq(e.asking, EDIT_ASK_CONFLICT);
		cr_assert_str_eq(s.recent[0], "k keep yours, t keep theirs — your edit and the change on disk "
			       "both changed prices/offers.csv: your line 18");
		cr_assert_eq(session_edit_answer(&s, &e, side ? 't' : 'k'), EDIT_NEXT_DONE, "%s", s.status);
		char *row = h100_row(), *kept = slurp(side ? path : bak);
		if (side) {
			cr_assert(strstr(row, ",8100,"), "%s", row);
			cr_assert(strstr(s.status, "kept prices/offers.csv as changed on disk; your edit "
						   "is in prices/offers.csv.rejected-"), "%s", s.status);
		} else {
			cr_assert(strstr(row, ",9999,"), "%s", row);
		}
		cr_assert_str_eq(kept, theirs, "theirs is lost");
		free(row), free(kept), free(theirs);
	}
	free(original);
	close_other();
}

/* issue 13: an instance started on the bundled data, once another made the
 * user copy: o and e said "already exists" (or, copying from a bundled
 * folder, deleted the other's copy when the copy failed) and r refused,
 * until a restart. It switches to that copy and says so. */
Test(session, an_instance_on_bundled_data_switches_to_the_copy_another_made)
{
	char dir[300], err[512], path[400];
	int copied = 0;
	cat.kind = DATA_BUNDLED; /* started before the copy existed */
	cr_assert_eq(data_user_copy(&cat, dir, sizeof dir, &copied, err, sizeof err), 0, "%s", err);
	cr_assert_eq(copied, DATA_COPY_MADE, "the other instance's copy");
	snprintf(path, sizeof path, "%s/prices/offers.csv", dir);
	edit_path(path, "h100-80g,container,1,4,,9345,", "h100-80g,container,1,4,,8888,");
	char *theirs = slurp(path);
	struct offer_edit e;
	session_select_at(&s, row_of("h100-80g"));
	cr_assert(session_offer_begin(&s, false, &e), "%s", s.status);
	char want[700];
	snprintf(want, sizeof want, "switched to the user copy in %s, which another gpuplan made", dir);
	cr_assert_str_eq(s.status, want);
	cr_assert_eq(strncmp(e.path, dir, strlen(dir)), 0, "%s", e.path);
	cr_assert_str_eq(e.values[OF_MONTHLY], "8888");
	char *now = slurp(path);
	cr_assert_str_eq(now, theirs, "the other instance's copy was touched");
	cr_assert_eq(s.cat->kind, DATA_USER);
	session_offer_free(&e);
	free(theirs), free(now);
}

Test(session, r_on_bundled_data_switches_to_the_user_copy)
{
	char dir[300], err[512], want[700];
	int copied = 0;
	cat.kind = DATA_BUILTIN;
	session_reload_data(&s);
	cr_assert(s.status_error, "no copy yet: %s", s.status);
	cat.kind = DATA_BUNDLED; /* the other instance copies the same folder */
	cr_assert_eq(data_user_copy(&cat, dir, sizeof dir, &copied, err, sizeof err), 0, "%s", err);
	session_reload_data(&s);
	snprintf(want, sizeof want, "switched to the user copy in %s, which another gpuplan made", dir);
	cr_assert_str_eq(s.status, want);
	cr_assert_str_eq(s.cat->source, dir);
}

/* issue 13: a message cut at the screen's width could not be read; the
 * last ones stay whole, newest first, for F1. */
Test(session, the_last_messages_stay_whole_for_the_help)
{
	char longer[600];
	memset(longer, 'x', sizeof longer - 1);
	longer[sizeof longer - 1] = '\0';
	session_status(&s, true, "cannot save %s", longer);
	cr_assert_eq(strlen(s.status), sizeof s.status - 1, "the line keeps what fits");
	session_clear_status(&s);
	session_status(&s, false, "second");
	session_status(&s, false, "second"); /* once */
	for (int i = 0; i < 2; i++)
		session_status(&s, false, "%d", i);
	cr_assert_str_eq(s.recent[0], "1");
	cr_assert_str_eq(s.recent[1], "0");
	cr_assert_str_eq(s.recent[2], "second");
	cr_assert_eq(strncmp(s.recent[3], "cannot save xxx", 15), 0);
	cr_assert_eq(strlen(s.recent[3]), strlen("cannot save ") + sizeof longer - 1);
}

/* A save that cannot go ahead (here another program has the file open for
 * writing) keeps the edit aside, and r tries again. */
Test(session, an_edit_that_cannot_be_saved_now_is_kept_to_try_again)
{
	struct session_edit e;
	char path[512];
	snprintf(path, sizeof path, "%s/prices/offers.csv", tmp);
	int probe = open(path, O_RDONLY);
	bool leases = probe >= 0 && fcntl(probe, F_SETLEASE, F_RDLCK) == 0;
	if (leases)
		fcntl(probe, F_SETLEASE, F_UNLCK);
	close(probe);
	if (!leases)
		cr_skip_test("no file leases here");
	setenv("VISUAL", "true", 1);
	cr_assert(session_edit_begin(&s, FILE_OFFERS, &e), "%s", s.status);
	edit_path(e.de.copy, "h100-80g,container,1,4,,9345,", "h100-80g,container,1,4,,9200,");
	int writer = open(path, O_WRONLY | O_APPEND);
	cr_assert_geq(writer, 0);
	cr_assert_eq(session_edit_end(&s, &e, 0), DATA_EDIT_FAILED);
	close(writer);
	cr_assert_eq(e.asking, EDIT_ASK_REJECTED, "%s", s.recent[0]);
	cr_assert(strstr(s.recent[0], "your edit is kept in prices/offers.csv.rejected-") &&
		  strstr(s.recent[0], "another program has it open for writing"), "%s", s.recent[0]);
	cr_assert_eq(session_edit_answer(&s, &e, 'r'), EDIT_NEXT_EDITOR);
	cr_assert_eq(session_edit_end(&s, &e, 0), DATA_EDIT_SAVED, "%s", s.status);
	session_select_at(&s, row_of("h100-80g"));
	cr_assert_eq(session_selected_plan(&s)->container.offer->monthly, 9200);
}

/* A data warning on the model in use is on the screen too, in the
 * breakdown's notes, not only under --check-data (tests/fixtures/params:
 * wrong-7b lists params_b 9 for a 6.738B shape, 25 % off). */
Test(session_data, a_data_warning_on_the_model_is_in_the_notes)
{
	struct catalog pc;
	struct scenario sc;
	struct session ps;
	struct diag d = {0};
	char err[200];
	cr_assert_eq(data_load_dir(&pc, FIXTURES "/params", &d), 0);
	diag_clear(&d);
	scenario_defaults(&sc);
	cr_assert(scenario_set_model(&sc, &pc, "wrong-7b", err, sizeof err), "%s", err);
	cr_assert(session_init(&ps, &pc, &sc, NULL));
	detail_lines_plan(&lines, &ps, session_plan_at(&ps, 0), 400);
	cr_assert(has_line(&lines, "note: data: models/models.csv:2 params_b 9B differs from the "
				   "6.738B the architecture implies by 25 %: the figures use the "
				   "listed count (see --check-data)"), "%s", lines.line[0]);
	session_free(&ps);
	catalog_free(&pc);
}
