/* The view interface. Every region of the configurator's screen (the GPU
 * table, the breakdown, the form) and every overlay over it (the help, the
 * price dialog, the questions) is one const struct view_ops in its own
 * file, listed once in view.c. The screen (tui_screen.c), the loop (tui.c)
 * and the key dispatcher (keys.c) reach a view only through its hooks and
 * its rows of the key table: none of them names a view. HACKING, "A
 * screen", says how to add one. */
#ifndef GPUPLAN_VIEW_H
#define GPUPLAN_VIEW_H

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>
#include <wchar.h>

#include "draw.h"
#include "session.h"

/* Where a key arrives: the mode of whatever is on top of the overlay
 * stack. On the main screen the form's focus decides (view_mode): */
enum key_ctx {
	KC_SMALL = 1 << 0, /* the terminal is too small to draw on */
	KC_PICK = 1 << 1,  /* a choice's pick list is open */
	KC_TEXT = 1 << 2,  /* a text field: typing edits the value */
	KC_FIELD = 1 << 3, /* a choice field: keys are commands */
	/* an overlay's own modes, named by its own rows only */
	KC_READ = 1 << 4, /* reading (the help): keys scroll or close it */
	KC_EDIT = 1 << 5, /* a dialog's field: typing edits it */
	KC_ASK = 1 << 6,  /* a question waits for its answer */
	/* a row of any table that also acts over every overlay but a question
	 * (F10, F2): the keys an overlay passes down */
	KC_OVER = 1 << 7,
	/* a row that also acts over a question (F1: the help shows the
	 * question's reason in full, then the question waits again) */
	KC_OVER_ASK = 1 << 8,
	/* in an overlay's mode: it lies over a question, so it passes no key
	 * down (F10 there must not quit past the question's answer) */
	KC_ABOVE_ASK = 1 << 9,
};
#define KC_SCREEN (KC_SMALL | KC_PICK | KC_TEXT | KC_FIELD)

#define KEY_ANY (-2) /* a row that takes every key its place has no row for */
/* A character beyond ASCII, read with get_wch: the character itself is
 * in struct screen's wch. */
#define KEY_WCHAR (KEY_MAX + 1)

/* What the loop does after a key: nothing more, quit, or lay the screen
 * out again (the language changed: the form's labels did). */
enum key_result { KR_DONE, KR_QUIT, KR_RELAYOUT };

struct screen;

/* One item of the status line (or of a dialog's hint line): shown in
 * ctx, in rank order among the others; narrow NULL leaves it out on a
 * terminal under STATUS_WIDE_COLS columns. */
struct key_hint {
	unsigned ctx;
	int rank;
	const char *wide, *narrow;
};

/* A row of the key table: the keys, where they act, what they do, how
 * the help lists them and what the status line hints. */
struct key_row {
	int keys[4]; /* ends at 0; KEY_ANY: the catch-all of its place */
	unsigned ctx;
	/* a session operation, or an action; state is the state of the view
	 * whose table holds the row (NULL for keys.c's own rows). Neither: a
	 * row only the help lists. */
	void (*op)(struct session *s);
	enum key_result (*act)(struct screen *sc, void *state, int ch);
	bool keeps_status; /* the message on the status line stays */
	bool typing; /* what was typed before stays held back (a paste is applied once) */
	const char *help_keys, *help; /* NULL help: not listed */
	struct key_hint hints[2];
};

/* One view: every hook may be NULL. Overlays get their hooks (but init
 * and free) only while open; the main views always. */
struct view_ops {
	const char *name;  /* "help": how the tests find it */
	const char *title; /* N_(): heads an overlay's own keys in the help */
	bool overlay;      /* drawn over the main screen, on the stack while open */
	bool question;     /* takes every key: none pass down (KC_OVER) */
	bool holds_edit;   /* while open, the data files are not reloaded */
	unsigned ctx;      /* an overlay's mode when it has no mode hook */
	const struct key_row *keys;
	size_t nkeys;
	/* the state, with what it needs of sc kept (NULL: out of memory) */
	void *(*init)(struct screen *sc);
	void (*free)(void *state);
	bool (*is_open)(const void *state);  /* an overlay: opened by its keys */
	unsigned (*mode)(const void *state); /* where its keys arrive (KC_*) */
	void (*resize)(void *state);         /* a new layout is in sc->fr */
	void (*update)(void *state);         /* after keys: follow the session */
	void (*flush)(void *state);          /* apply typing held back */
	void (*save)(void *state);           /* before the screen is erased */
	void (*draw)(void *state);
	void (*cursor)(const void *state); /* on top: places the cursor, or hides it */
	bool (*mouse)(void *state, const MEVENT *ev); /* true: taken */
	const char *(*unsaved)(const void *state);    /* what quitting now loses */
};

/* The screen: the session, the frame, each view's state and the stack
 * of the overlays open, bottom first. */
#define VIEWS_MAX 32
struct screen {
	struct session s;
	struct frame fr;
	void *state[VIEWS_MAX];  /* by the view's place in views[] */
	size_t stack[VIEWS_MAX]; /* places in views[] */
	size_t depth;
	wchar_t wch; /* the character of the last KEY_WCHAR */
};

/* view.c: every view, in the order the main ones draw. */
extern const struct view_ops *const views[];
extern const size_t n_views;

/* NULL when no view has that name. */
const struct view_ops *view_find(const char *name);
/* Each view's state (init); false when out of memory (or more than
 * VIEWS_MAX views). */
bool view_init_all(struct screen *sc);
void view_free_all(struct screen *sc);
void *view_state(const struct screen *sc, const struct view_ops *v);

/* The stack follows the overlays: those that closed leave it, those that
 * opened go on top. After every key and every new layout. */
void view_sync(struct screen *sc);
/* The newest overlay open, or NULL for the main screen. */
const struct view_ops *view_top(const struct screen *sc);
/* Where the next key arrives: the top overlay's mode, else the main
 * screen's (view_screen_mode). */
unsigned view_mode(const struct screen *sc);
/* The main screen's mode, overlays aside: too small, else its focus. */
unsigned view_screen_mode(const struct screen *sc);
/* An open overlay holds an edit (no reload now). */
bool view_holds_edit(const struct screen *sc);
/* What quitting would lose in an open overlay, newest first; NULL: nothing. */
const char *view_unsaved(const struct screen *sc);
/* A click or the wheel, offered to the main views in turn. */
bool view_mouse(struct screen *sc, const MEVENT *ev);
/* The wheel turned (it scrolls; a click selects). */
bool view_is_wheel(const MEVENT *ev);

/* The hooks over the views in the order the screen needs them. */
void view_resize_all(struct screen *sc);
void view_update_all(struct screen *sc);
void view_flush_all(struct screen *sc);
/* Overlays from the top down, then the main views: a layer reads its
 * windows back before anything under it is unposted. */
void view_save_all(struct screen *sc);
void view_draw_main(struct screen *sc);
void view_draw_overlays(struct screen *sc);
/* The topmost layer that draws places the cursor (a question that asks
 * on the status line leaves it where it is). */
void view_place_cursor(const struct screen *sc);

#endif
