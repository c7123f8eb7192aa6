/* State shared by the configurator's views. Each view reads the app's
 * values and draws; only tui.c changes the scenario. */
#ifndef GPUPLAN_TUI_INTERNAL_H
#define GPUPLAN_TUI_INTERNAL_H

#include <curses.h>
#include <form.h>
#include <stdbool.h>

#include "../src/analysis.h"
#include "../src/capacity.h"
#include "layout.h"
#include "theme.h"

#define FORM_MAX_FIELDS 16
#define MODEL_MATCHES 5

enum sort_mode { SORT_CATALOGUE, SORT_COST, SORT_CARDS, SORT_COUNT };
enum field_kind { FK_MODEL, FK_ENUM, FK_NUMBER, FK_FOLD };

struct field_spec {
	const char *label;
	const char *key; /* scenario_set key; "model" for the model */
	enum field_kind kind;
	const char *unit;
	bool advanced;
};

/* Editing one offer's prices in place. */
struct offer_dialog {
	bool open;
	char path[4200];
	unsigned line;
	char gpu[128], kind[16], region[256], title[256];
	FORM *form;
	WINDOW *sub;
	FIELD *fields[5];
	int y, x, h, w, cursor_col;
};

struct app {
	const struct catalog *cat;
	struct catalog *owned; /* a reloaded catalogue; the first is the caller's */
	const char *gpu_filter;
	struct scenario sc; /* the last valid scenario, the one on screen */
	struct analysis *an, *spare; /* swapped, so pointers into them stay valid */
	struct analysis bufs[2];
	struct screen_layout lay;
	struct theme theme;
	size_t *order; /* plans in display order */
	const struct gpu *selected;
	int top; /* first table row shown */
	enum sort_mode sort;
	bool advanced, help;
	bool fresh_focus; /* the next key typed replaces the field */
	int cursor_col;   /* inside the current field */
	char status[256];
	bool status_error;
	/* the form */
	FORM *form;
	WINDOW *form_sub;
	FIELD *fields[FORM_MAX_FIELDS + 1];
	const struct field_spec *field_specs[FORM_MAX_FIELDS];
	int nfields;
	const struct model *matches[MODEL_MATCHES];
	int nmatches;
	int pick; /* the choice highlighted in an open pick list, -1: closed */
	/* p pins a scenario to compare the current one with */
	bool pinned;
	struct scenario pin_sc;
	struct analysis pin_an;
	/* capacity limits of the selected GPU, recomputed when stale */
	unsigned generation;
	unsigned limits_generation;
	const struct gpu *limits_gpu;
	bool limits_ok;
	struct card_limit limits[LIMIT_CARD_COUNTS];
	struct offer_dialog dialog;
};

/* tui.c */
void app_status(struct app *a, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool app_apply(struct app *a, const char *key, const char *value);
void app_select_row(struct app *a, int delta);
void app_recompute(struct app *a);
int app_selected_row(const struct app *a);

/* form_view.c */
void form_view_build(struct app *a);
void form_view_free(struct app *a);
void form_view_draw(struct app *a);
void form_view_place_cursor(struct app *a);
void form_view_save_cursor(struct app *a);
bool form_view_key(struct app *a, int ch);
bool form_view_in_text(const struct app *a);
bool form_view_click(struct app *a, int y, int x);
bool form_view_pick_open(const struct app *a);
void form_view_sync(struct app *a); /* field texts from the scenario */

/* gpu_table.c */
void gpu_table_draw(struct app *a);
bool gpu_table_click(struct app *a, int y, int x);

/* detail_view.c */
void detail_view_draw(struct app *a);
void compare_view_draw(struct app *a);
void detail_view_limits(struct app *a, const struct plan *p, int *y, int x, int w, int last);

/* actions.c: pin, quote, edit files, reload */
void action_pin(struct app *a);
void action_unpin(struct app *a);
void action_export_quote(struct app *a);
void action_edit_file(struct app *a, int which);
bool app_reload(struct app *a, const char *dir, const char *done);
bool app_user_data_dir(struct app *a, char *dir, size_t len, char *copied_note, size_t notelen);

/* offer_dialog.c */
void offer_dialog_open(struct app *a, bool baremetal);
void offer_dialog_close(struct app *a);
void offer_dialog_draw(struct app *a);
void offer_dialog_save_cursor(struct app *a);
void offer_dialog_key(struct app *a, int ch);

/* help_view.c */
void help_view_draw(struct app *a);
const char *help_status_keys(const struct app *a);

/* drawing helpers (tui.c) */
void draw_box(struct app *a, int y, int x, int h, int w, const char *title);
/* Writes s at y,x cut to cols display columns; returns columns used. */
int put_text(int y, int x, const char *s, int cols);

#endif
