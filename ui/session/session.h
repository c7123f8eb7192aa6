/* The configurator's session: everything the screen shows, kept apart
 * from drawing. No curses here, so the tests drive it without a terminal.
 * Views read a session and draw; keys call session operations, which set
 * the status line and keep the derived state (order, selection, scroll,
 * limits) valid as they go. */
#ifndef GPUPLAN_SESSION_H
#define GPUPLAN_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis.h"
#include "capacity.h"
#include "csvedit.h"
#include "dataedit.h"

enum sort_mode { SORT_CATALOGUE, SORT_COST, SORT_CARDS, SORT_COUNT };

#define SESSION_RECENT 4 /* messages kept for F1 */

struct session {
	const struct catalog *cat;
	struct catalog *owned; /* a reloaded catalogue; the first is the caller's */
	const char *gpu_filter;
	struct scenario sc;          /* the last valid scenario, the one on screen */
	struct analysis *an, *spare; /* swapped, so pointers into them stay valid */
	struct analysis bufs[2];
	size_t *order; /* plans in display order */
	size_t order_cap; /* grown with the analysis: a reload may add GPU types */
	const struct gpu *selected;
	enum sort_mode sort;
	int top, visible; /* first table row shown, rows the table has room for */
	/* p pins a scenario to compare the current one with */
	bool pinned;
	struct scenario pin_sc;
	struct analysis pin_an;
	/* capacity limits of the selected GPU, refreshed with the analysis */
	bool limits_ok;
	struct card_limit limits[LIMIT_CARD_COUNTS];
	unsigned reloads; /* data reloads so far: views that show the data follow */
	/* the data files as last loaded (session_watch.c) */
	struct data_stamp {
		long long mtime_ns, size; /* -1: missing */
	} stamps[3];
	/* what the status line says; the last messages stay in full in recent,
	 * newest first (F1 shows them), after the line is cleared, or when it
	 * was cut at the screen's width */
	char status[256];
	bool status_error;
	char recent[SESSION_RECENT][2048];
	/* The front end's hooks for a long step, NULL for none: progress shows
	 * the status line at once (the loop is not turning meanwhile),
	 * cancelled says whether the user asked to quit (Ctrl-C). */
	void (*progress)(void *ctx);
	bool (*cancelled)(void *ctx);
	void *hooks_ctx;
};

/* Computes the starting scenario. False only when out of memory; a
 * scenario that does not compute leaves its error on the status line. */
bool session_init(struct session *s, const struct catalog *c, const struct scenario *start,
		  const char *gpu_filter);
void session_free(struct session *s);

void session_status(struct session *s, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void session_clear_status(struct session *s);

/* Tries a change on a copy; only a scenario that computes replaces the one
 * on screen, so invalid input never loses the last good result. key is a
 * scenario_set key, or "model". */
bool session_apply(struct session *s, const char *key, const char *value);
/* Whether p is the selected row's plan (by GPU id). */
bool session_is_selected(const struct session *s, const struct plan *p);
/* After a switch of language: the words the engine wrote into the
 * scenario when it was set (a bare size's "70B (size only)") are written
 * again in the language now in effect. */
void session_relabel(struct session *s);

/* The same scenario again, after the data changed under it. */
void session_recompute(struct session *s);
/* analysis_run for this session: --measured applies to the selected row's
 * GPU type (analysis_measured_gpu). */
bool session_run(struct session *s, struct analysis *a, const struct scenario *sc);

/* Selection, in display order. */
const struct plan *session_plan_at(const struct session *s, size_t row);
const struct plan *session_selected_plan(const struct session *s);
int session_selected_row(const struct session *s);
void session_select_row(struct session *s, int delta);
void session_select_at(struct session *s, int row);
/* The table has room for rows lines: the scroll keeps the selection in view. */
void session_set_visible(struct session *s, int rows);
/* Next sort order; the cost is the monthly total the cheaper way. */
void session_cycle_sort(struct session *s);

void session_pin(struct session *s);
void session_unpin(struct session *s);

/* session_data.c: the data files, the quote. */

/* A step that takes a while on a large file: the status says so at once. */
void session_progress(struct session *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
bool session_cancelled(const struct session *s);

/* Loads dir; on any error the data in use stays and the status line shows
 * the first problem with its file:line:column. done: the status on success. */
bool session_reload(struct session *s, const char *dir, const char *done);
/* session_watch.c. r: the data folder in use again; the status says so
 * (the built-in data has none). */
void session_reload_data(struct session *s);
/* Once per loop turn: a data file's time or size changed, so it is
 * reloaded. True when it was (or the reload failed: the status says why). */
bool session_watch(struct session *s);
bool session_data_changed(const struct session *s);
/* The files as they are now are the ones in use. */
void session_watch_reset(struct session *s);

/* The folder to edit (a copy of bundled data is made, and then used). */
bool session_user_data_dir(struct session *s, char *dir, size_t len, char *note,
			   size_t notelen);

/* session_edit.c. e / E: the editor gets a copy of the file (data_edit);
 * only a copy that loads replaces the file, atomically with a .bak, and
 * never over a change made on disk meanwhile without asking. The copy and
 * the command are prepared before the terminal is handed over. */
enum edit_question {
	EDIT_ASK_NONE,
	EDIT_ASK_REJECTED, /* r reopen the kept copy, k keep the file */
	EDIT_ASK_CHANGED,  /* m merge, k keep mine, t keep theirs */
	EDIT_ASK_CONFLICT, /* the merge stopped: k keep mine, t keep theirs */
};
struct session_edit {
	char dir[4096], note[4200];
	const char *command; /* $VISUAL, $EDITOR or vi */
	struct data_edit de;
	char rejected[PATH_MAX + 64]; /* after REJECTED: the copy kept aside */
	const char *argv[6]; /* /bin/sh -c '$0 "$1"' editor copy */
	enum edit_question asking; /* the question on the status line */
};
bool session_edit_begin(struct session *s, enum catalog_file which, struct session_edit *e);
/* After the editor: wait_status as waitpid gave it (-1: it did not start).
 * A failed editor is named; a copy it changed is kept aside (REJECTED,
 * asking r/k), one it left alone dropped. SAVED reloads; REJECTED says why
 * and asks "r reopen the rejected copy / k keep the file as it is";
 * CHANGED asks "m merge / k keep mine / t keep theirs" (e->asking). The
 * file that is live is never replaced by a copy that does not load, nor
 * over a change the user did not see. */
enum data_edit_status session_edit_end(struct session *s, struct session_edit *e,
				       int wait_status);
/* A key answering e->asking; SESSION_EDIT_QUIT stands for F10 (the safe
 * answer, then quit). What the front end does next: */
enum edit_next { EDIT_NEXT_DONE, EDIT_NEXT_ASK, EDIT_NEXT_EDITOR, EDIT_NEXT_QUIT };
#define SESSION_EDIT_QUIT (-2)
enum edit_next session_edit_answer(struct session *s, struct session_edit *e, int key);
/* r: the rejected copy goes back to the editor (e->argv again). */
bool session_edit_reopen(struct session *s, struct session_edit *e);
/* k: the file stays as it is; the rejected copy stays where it is. */
void session_edit_keep(struct session *s, struct session_edit *e);

/* session_offer.c. o / O: one offer of the selected GPU, its fields as
 * the row on disk holds them when the dialog opens. */
enum offer_field { OF_MONTHLY, OF_HOURLY, OF_DISCOUNT, OF_COLLECTED, OF_SOURCE, OF_COUNT };
/* A field's text: 127 characters of up to 4 UTF-8 bytes (95折, 四川二区) */
#define OF_VALUE_BYTES 512
extern const char *const offer_field_names[OF_COUNT]; /* also the CSV columns */
extern const char *const offer_field_labels[OF_COUNT]; /* on screen: N_(), shown with _() */
struct offer_edit {
	char path[4200];
	unsigned line;
	bool baremetal;
	char gpu[128], kind[16], region[256], title[256];
	char values[OF_COUNT][OF_VALUE_BYTES]; /* the texts shown when the dialog opened */
	struct csv_row_snapshot snap; /* the row's bytes and exact texts then */
	/* a save found the row changed on disk: result has both rows and
	 * whether the user's fields can be merged into the disk's */
	bool conflict;
	struct csv_edit_result result;
};
/* Zeroes e first; session_offer_free releases it. */
bool session_offer_begin(struct session *s, bool baremetal, struct offer_edit *e);
void session_offer_free(struct offer_edit *e);
/* A price was changed by hand: collected becomes today and source
 * "edited <today>" (both still editable), so a quote never credits a
 * negotiated price to the website. Today is GPUPLAN_TODAY (YYYY-MM-DD)
 * when set, else the local date. */
void session_offer_mark_edited(char values[OF_COUNT][OF_VALUE_BYTES]);
/* That stamp's two texts, for any edit of a price (e / E too). */
void session_edited_stamp(char *date, size_t date_cap, char *source, size_t source_cap);
/* The dialog's rule for collected and source while they were not typed
 * into: marked edited today when the monthly or hourly price differs from
 * the row's (as a number: 9345 retyped, or 9345.0, is the same price),
 * else the row's own, so a discount-only edit or a field cleared and
 * typed again keeps the quote's date and provenance. */
void session_offer_stamp(const struct offer_edit *e, char values[OF_COUNT][OF_VALUE_BYTES]);
void session_today(char *buf, size_t cap);
/* Saves the fields changed, the row checked by the loader's own rules
 * first (catalog_check_offers: its message, with the row's line and
 * column, on the status line). The row is found by its loaded bytes or its
 * keys when a row inserted above moved it. True when the dialog may close:
 * saved (and reloaded), or unchanged ("unchanged: nothing to save"). False
 * leaves the file as it was and the values as typed: invalid, failed, or
 * e->conflict (the row changed on disk since it was opened). */
bool session_offer_save(struct session *s, struct offer_edit *e,
			char values[OF_COUNT][OF_VALUE_BYTES]);
/* After a mergeable conflict: only the fields the user changed, onto the
 * row as it is on disk now. */
bool session_offer_merge(struct session *s, struct offer_edit *e,
			 char values[OF_COUNT][OF_VALUE_BYTES]);
/* After a conflict: reloads the data and opens the row as it is now. */
bool session_offer_reload(struct session *s, struct offer_edit *e);

/* session_quote.c. x: gpuplan-quote-<model>-<precision>-<context>-<date>-N.md
 * in dir (NULL: the current folder), N the first number free; with a pin
 * both scenarios side by side, else the table in the order on screen. A
 * folder that cannot take it: $HOME, and the status line says where.
 * False when it could not be written anywhere. */
bool session_export_quote(struct session *s, const char *dir);
/* The file name for quote number N of the scenario on screen. */
void session_quote_name(const struct session *s, int number, char *name, size_t cap);
/* text as [a-z0-9.-] for a file name ("Qwen2.5 72B/指令" -> "qwen2.5-72b"). */
void session_quote_slug(char *out, size_t cap, const char *text);

#endif
