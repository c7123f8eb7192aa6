/* One key table: each row says where a key acts, what it does, how the
 * help screen lists it and what the status line hints. The dispatcher,
 * the help overlay and the status line all read it. */
#ifndef GPUPLAN_KEYS_H
#define GPUPLAN_KEYS_H

#include <stdbool.h>
#include <stddef.h>

/* Where the keys go, one at a time: the first that applies, in the order
 * a quit to confirm, dialog open, help open, pick list, terminal too small, text field, any
 * other field. keys_context decides; rows name the contexts they act in. */
enum key_ctx {
	KC_DIALOG = 1 << 0,
	KC_HELP = 1 << 1,
	KC_PICK = 1 << 2,
	KC_SMALL = 1 << 3,
	KC_TEXT = 1 << 4,
	KC_FIELD = 1 << 5,
	/* "quit anyway? y/n", or "r reopen / k keep" a rejected edit, waits */
	KC_CONFIRM = 1 << 6,
};
#define KC_SCREEN (KC_PICK | KC_SMALL | KC_TEXT | KC_FIELD)
#define KC_ALL (KC_DIALOG | KC_HELP | KC_SCREEN)

#define KEY_ANY (-2) /* a row that takes every key in its contexts */
/* A character beyond ASCII, read with get_wch: the character itself is
 * in struct tui's wch. */
#define KEY_WCHAR (KEY_MAX + 1)

/* What the loop does after a key: nothing more, quit, or lay the screen
 * out again for the terminal's new size. */
enum key_result { KR_DONE, KR_QUIT, KR_RELAYOUT };

struct session;
struct tui;

/* One item of the status line: shown in ctx, in rank order among the
 * others; narrow NULL leaves it out on a terminal under 100 columns. */
struct key_hint {
	unsigned ctx;
	int rank;
	const char *wide, *narrow;
};

struct key_row {
	int keys[4]; /* ends at 0 */
	unsigned ctx;
	/* what the key does: a session operation, or an action on the screen;
	 * neither: the form handles it (the row is there for the help screen) */
	void (*op)(struct session *s);
	enum key_result (*act)(struct tui *t, int ch);
	bool keeps_status; /* the message on the status line stays */
	const char *help_keys, *help; /* NULL help: not listed */
	struct key_hint hints[2];
};

extern const struct key_row key_rows[];
extern const size_t n_key_rows;

unsigned keys_context(const struct tui *t);
/* The row that takes ch in ctx, or NULL. */
const struct key_row *keys_find(unsigned ctx, int ch);
/* Runs a key; KR_DONE when no row takes it. */
enum key_result keys_dispatch(struct tui *t, int ch);
/* The status line's hints for ctx (KC_TEXT or KC_FIELD), in the language
 * in use, each one whole: those that would not fit are left out. narrow:
 * the short forms, for a line under STATUS_WIDE_COLS columns. */
#define STATUS_WIDE_COLS 100
void keys_status_hint(unsigned ctx, bool narrow, char *buf, size_t cap);
/* The same for a terminal cols wide (its last column left free). */
void keys_status_line(unsigned ctx, int cols, char *buf, size_t cap);

#endif
