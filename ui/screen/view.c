/* Every view of the screen, listed once, and the overlay stack. A new
 * screen is its own file, one line here and one in Makefile.am (HACKING,
 * "A screen"). */
#include "view.h"

#include <string.h>

extern const struct view_ops gpu_table_ops, detail_view_ops, form_view_ops, help_view_ops,
	offer_dialog_ops, editor_view_ops, quit_view_ops;

/* The main views in the order they draw (the form last: its pick list
 * lies over the table), then the overlays. The key table walks the views'
 * rows in this order too. */
const struct view_ops *const views[] = {
	&gpu_table_ops, &detail_view_ops, &form_view_ops, &help_view_ops, &offer_dialog_ops,
	&editor_view_ops, &quit_view_ops,
};
const size_t n_views = sizeof views / sizeof views[0];

const struct view_ops *view_find(const char *name)
{
	for (size_t i = 0; i < n_views; i++)
		if (strcmp(views[i]->name, name) == 0)
			return views[i];
	return NULL;
}

static size_t place_of(const struct view_ops *v)
{
	size_t i = 0;
	while (i < n_views && views[i] != v)
		i++;
	return i;
}

void *view_state(const struct screen *sc, const struct view_ops *v)
{
	size_t i = place_of(v);
	return i < n_views ? sc->state[i] : NULL;
}

bool view_init_all(struct screen *sc)
{
	sc->depth = 0;
	if (n_views > VIEWS_MAX)
		return false;
	for (size_t i = 0; i < n_views; i++)
		if (views[i]->init && !(sc->state[i] = views[i]->init(sc)))
			return false;
	return true;
}

void view_free_all(struct screen *sc)
{
	for (size_t i = 0; i < n_views && i < VIEWS_MAX; i++) {
		if (views[i]->free && sc->state[i])
			views[i]->free(sc->state[i]);
		sc->state[i] = NULL;
	}
	sc->depth = 0;
}

static bool open_now(const struct screen *sc, size_t i)
{
	return views[i]->overlay && views[i]->is_open && views[i]->is_open(sc->state[i]);
}

static bool stacked(const struct screen *sc, size_t i)
{
	for (size_t k = 0; k < sc->depth; k++)
		if (sc->stack[k] == i)
			return true;
	return false;
}

/* The views open and close themselves (Esc, a save, a resize that
 * leaves no room); the stack keeps the order they opened in. */
void view_sync(struct screen *sc)
{
	size_t kept = 0;
	for (size_t k = 0; k < sc->depth; k++)
		if (open_now(sc, sc->stack[k]))
			sc->stack[kept++] = sc->stack[k];
	sc->depth = kept;
	for (size_t i = 0; i < n_views; i++)
		if (open_now(sc, i) && !stacked(sc, i))
			sc->stack[sc->depth++] = i;
}

const struct view_ops *view_top(const struct screen *sc)
{
	return sc->depth ? views[sc->stack[sc->depth - 1]] : NULL;
}

unsigned view_screen_mode(const struct screen *sc)
{
	if (sc->fr.lay.too_small)
		return KC_SMALL;
	for (size_t i = 0; i < n_views; i++)
		if (!views[i]->overlay && views[i]->mode)
			return views[i]->mode(sc->state[i]);
	return KC_FIELD;
}

unsigned view_mode(const struct screen *sc)
{
	const struct view_ops *top = view_top(sc);
	if (!top)
		return view_screen_mode(sc);
	return top->mode ? top->mode(view_state(sc, top)) : top->ctx;
}

bool view_holds_edit(const struct screen *sc)
{
	for (size_t k = 0; k < sc->depth; k++)
		if (views[sc->stack[k]]->holds_edit)
			return true;
	return false;
}

const char *view_unsaved(const struct screen *sc)
{
	for (size_t k = sc->depth; k-- > 0;) {
		const struct view_ops *v = views[sc->stack[k]];
		const char *what = v->unsaved ? v->unsaved(sc->state[sc->stack[k]]) : NULL;
		if (what)
			return what;
	}
	return NULL;
}

bool view_mouse(struct screen *sc, const MEVENT *ev)
{
	for (size_t i = 0; i < n_views; i++)
		if (!views[i]->overlay && views[i]->mouse && views[i]->mouse(sc->state[i], ev))
			return true;
	return false;
}

bool view_is_wheel(const MEVENT *ev)
{
	return (ev->bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) != 0;
}

/* The places of the main views, then of the overlays open, bottom
 * first; returns how many. */
static size_t live_places(const struct screen *sc, size_t out[VIEWS_MAX])
{
	size_t n = 0;
	for (size_t i = 0; i < n_views; i++)
		if (!views[i]->overlay)
			out[n++] = i;
	for (size_t k = 0; k < sc->depth; k++)
		out[n++] = sc->stack[k];
	return n;
}

void view_update_all(struct screen *sc)
{
	size_t at[VIEWS_MAX], n = live_places(sc, at);
	for (size_t k = 0; k < n; k++)
		if (views[at[k]]->update)
			views[at[k]]->update(sc->state[at[k]]);
}

void view_flush_all(struct screen *sc)
{
	size_t at[VIEWS_MAX], n = live_places(sc, at);
	for (size_t k = 0; k < n; k++)
		if (views[at[k]]->flush)
			views[at[k]]->flush(sc->state[at[k]]);
}

/* The overlays first: the dialog keeps what was typed and where its
 * cursor is before the form under it is built again. */
void view_resize_all(struct screen *sc)
{
	for (size_t k = sc->depth; k-- > 0;)
		if (views[sc->stack[k]]->resize)
			views[sc->stack[k]]->resize(sc->state[sc->stack[k]]);
	for (size_t i = 0; i < n_views; i++)
		if (!views[i]->overlay && views[i]->resize)
			views[i]->resize(sc->state[i]);
	view_sync(sc); /* an overlay with no room left closed itself */
}

void view_save_all(struct screen *sc)
{
	for (size_t k = sc->depth; k-- > 0;)
		if (views[sc->stack[k]]->save)
			views[sc->stack[k]]->save(sc->state[sc->stack[k]]);
	for (size_t i = n_views; i-- > 0;)
		if (!views[i]->overlay && views[i]->save)
			views[i]->save(sc->state[i]);
}

void view_draw_main(struct screen *sc)
{
	for (size_t i = 0; i < n_views; i++)
		if (!views[i]->overlay && views[i]->draw)
			views[i]->draw(sc->state[i]);
}

void view_draw_overlays(struct screen *sc)
{
	for (size_t k = 0; k < sc->depth; k++)
		if (views[sc->stack[k]]->draw)
			views[sc->stack[k]]->draw(sc->state[sc->stack[k]]);
}

void view_place_cursor(const struct screen *sc)
{
	for (size_t k = sc->depth; k-- > 0;) {
		const struct view_ops *v = views[sc->stack[k]];
		if (!v->draw)
			continue;
		if (v->cursor)
			v->cursor(sc->state[sc->stack[k]]);
		else
			curs_set(0);
		return;
	}
	for (size_t i = 0; i < n_views; i++)
		if (!views[i]->overlay && views[i]->cursor) {
			views[i]->cursor(sc->state[i]);
			return;
		}
	curs_set(0);
}
