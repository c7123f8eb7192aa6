/* o / O: one offer row edited in place. The dialog shows the row's texts
 * as they are on disk when it opens (csv_edit_snapshot); the save compares
 * the row on disk with those bytes, so an edit made meanwhile by another
 * gpuplan or an editor is never overwritten silently: the user sees both
 * rows and merges, reloads or cancels (issue 12, lost update). */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "loader.h"
#include "parse.h"
#include "tables.h"

const char *const offer_field_names[OF_COUNT] = {
	[OF_MONTHLY] = "monthly",
	[OF_HOURLY] = "hourly",
	[OF_DISCOUNT] = "discount",
	[OF_COLLECTED] = "collected",
	[OF_SOURCE] = "source",
};

/* The same fields as the dialog and its errors name them: the column
 * names above stay English (the file's header), the labels follow the
 * language. */
const char *const offer_field_labels[OF_COUNT] = {
	[OF_MONTHLY] = N_("monthly"),
	[OF_HOURLY] = N_("hourly"),
	[OF_DISCOUNT] = N_("discount"),
	[OF_COLLECTED] = N_("collected"),
	[OF_SOURCE] = N_("source"),
};

static const struct rent *selected_rent(const struct session *s, bool baremetal)
{
	const struct plan *p = session_selected_plan(s);
	return p ? (baremetal ? &p->baremetal : &p->container) : NULL;
}

void session_edited_stamp(char *date, size_t date_cap, char *source, size_t source_cap)
{
	char today[16];
	session_today(today, sizeof today);
	snprintf(date, date_cap, "%s", today);
	/* a person's note in the data, like the sources the file already holds
	 * in Chinese: it follows the language */
	snprintf(source, source_cap, _("edited %s"), today);
}

void session_offer_mark_edited(char values[OF_COUNT][OF_VALUE_BYTES])
{
	session_edited_stamp(values[OF_COLLECTED], sizeof values[0], values[OF_SOURCE],
			     sizeof values[0]);
}

/* A price the user left as it was: the same text, or the same number. */
static bool same_price(const char *typed, const char *row)
{
	double a, b;
	return strcmp(typed, row) == 0 ||
	       (parse_nonneg(typed, &a) && parse_nonneg(row, &b) && a == b);
}

void session_offer_stamp(const struct offer_edit *e, char values[OF_COUNT][OF_VALUE_BYTES])
{
	if (!same_price(values[OF_MONTHLY], e->values[OF_MONTHLY]) ||
	    !same_price(values[OF_HOURLY], e->values[OF_HOURLY])) {
		session_offer_mark_edited(values);
		return;
	}
	memcpy(values[OF_COLLECTED], e->values[OF_COLLECTED], sizeof values[0]);
	memcpy(values[OF_SOURCE], e->values[OF_SOURCE], sizeof values[0]);
}

/* The columns that must still hold the row's identity. */
static size_t offer_keys(const struct offer_edit *e, struct field_edit keys[3])
{
	keys[0] = (struct field_edit){.column = "gpu", .value = e->gpu};
	keys[1] = (struct field_edit){.column = "kind", .value = e->kind};
	keys[2] = (struct field_edit){.column = "region", .value = e->region};
	return 3;
}

/* The row's texts as on disk now become the values the dialog starts from. */
static bool offer_snapshot(struct session *s, struct offer_edit *e)
{
	struct field_edit keys[3];
	char err[600];
	csv_row_snapshot_free(&e->snap);
	if (!csv_edit_snapshot(e->path, e->line, keys, offer_keys(e, keys), offer_field_names,
			       OF_COUNT, &e->snap, err, sizeof err)) {
		/* TRANSLATORS: the ending of the two "...: reload first" messages
		   of the data files, as translated there: cut off, the status
		   line says "press r to reload" instead. */
		char *first = strstr(err, _("reload first"));
		if (first)
			*first = '\0'; /* the key says how */
		session_status(s, true, first ? _("%spress r to reload") : _("%s: press r to reload"),
			       err);
		return false;
	}
	for (int i = 0; i < OF_COUNT; i++)
		snprintf(e->values[i], sizeof e->values[i], "%s", e->snap.texts[i]);
	e->line = e->snap.line;
	return true;
}

static void offer_title(const struct session *s, struct offer_edit *e)
{
	snprintf(e->title, sizeof e->title,
		 e->baremetal ? _("%s bare-metal quote · line %u") : _("%s container quote · line %u"),
		 gpu_short_name(session_selected_plan(s)->gpu), e->line);
}

static void offer_identity(bool baremetal, const struct offer *o, const char *dir,
			   struct offer_edit *e)
{
	snprintf(e->path, sizeof e->path, "%s/%s", dir, catalog_file_names[FILE_OFFERS]);
	e->line = o->line;
	e->baremetal = baremetal;
	snprintf(e->gpu, sizeof e->gpu, "%s", o->gpu_id);
	snprintf(e->kind, sizeof e->kind, "%s", offer_kind_names[o->kind]);
	snprintf(e->region, sizeof e->region, "%s", o->region);
}

bool session_offer_begin(struct session *s, bool baremetal, struct offer_edit *e)
{
	char dir[4096], note[4200];
	const struct rent *r = selected_rent(s, baremetal);
	memset(e, 0, sizeof *e);
	if (!r || !r->offer) {
		session_status(s, true, "%s",
			       baremetal ? _("no bare-metal quote for this GPU type to edit")
					 : _("no container quote for this GPU type to edit"));
		return false;
	}
	if (!session_user_data_dir(s, dir, sizeof dir, note, sizeof note))
		return false;
	if (note[0] && !session_reload(s, dir, note)) /* the dialog's own messages come later */
		return false;
	r = selected_rent(s, baremetal); /* the reloaded copy's plan */
	if (!r || !r->offer)
		return false;
	offer_identity(baremetal, r->offer, dir, e);
	if (!offer_snapshot(s, e))
		return false;
	offer_title(s, e);
	return true;
}

void session_offer_free(struct offer_edit *e)
{
	csv_row_snapshot_free(&e->snap);
	csv_edit_result_free(&e->result);
	e->conflict = false;
}

/* csv_edit.check: the row as it will be written, by the loader's own
 * rules and against the GPU types in use, so a save never writes a file
 * that then fails to load. */
static bool offer_check(void *ctx, const char *path, const char *csv, size_t len, char *err,
			size_t errlen)
{
	const struct session *s = ctx;
	struct diag d = {0};
	size_t errors = catalog_check_offers(s->cat, path, csv, len, &d);
	if (errors)
		snprintf(err, errlen, "%s", d.kept ? d.msgs[0] : _("out of memory"));
	diag_clear(&d);
	return errors == 0;
}

static void offer_dir(const struct offer_edit *e, char *dir, size_t cap)
{
	snprintf(dir, cap, "%s", e->path);
	*strrchr(dir, '/') = '\0';
	*strrchr(dir, '/') = '\0'; /* .../prices/offers.csv -> the data folder */
}

static void offer_saved(struct session *s, const struct offer_edit *e, bool merged)
{
	char dir[4200], done[8600];
	offer_dir(e, dir, sizeof dir);
	snprintf(done, sizeof done,
		 merged ? _("merged your changes into %s line %u in %s (the previous file kept as .bak)")
			: _("saved %s line %u in %s (the previous file kept as .bak)"),
		 catalog_file_names[FILE_OFFERS], e->result.line, dir);
	if (session_cancelled(s)) { /* Ctrl-C: the file is saved, the loop ends */
		session_status(s, false, "%s", done);
		return;
	}
	session_reload(s, dir, done);
}

/* A message that names the file by its full path names it in the folder. */
static const char *in_folder(const struct offer_edit *e, const char *msg)
{
	char dir[4200];
	offer_dir(e, dir, sizeof dir);
	size_t n = strlen(dir);
	return strncmp(msg, dir, n) == 0 && msg[n] == '/' ? msg + n + 1 : msg;
}

/* The outcome of a save or a merge: true when the dialog may close. */
static bool offer_outcome(struct session *s, struct offer_edit *e, enum csv_edit_status st,
			  bool merged)
{
	e->conflict = st == CSV_EDIT_CONFLICT;
	if (e->result.line)
		e->line = e->result.line; /* a row inserted above moved it */
	switch (st) {
	case CSV_EDIT_SAVED:
		offer_saved(s, e, merged);
		return true;
	case CSV_EDIT_UNCHANGED:
		session_status(s, false, "%s", _("unchanged: nothing to save"));
		return true;
	case CSV_EDIT_CONFLICT:
		session_status(s, true, "%s", e->result.mergeable
			       ? _("changed on disk meanwhile: m merge yours into it, r reload, Esc cancel")
			       : _("changed on disk meanwhile, also a field you changed: r reload, "
				   "Esc cancel"));
		return false;
	default:
		session_status(s, true, "%s", in_folder(e, e->result.message));
		return false;
	}
}

/* A value left as the dialog showed it is the row's own text, in full. */
static enum csv_edit_status offer_write(struct session *s, struct offer_edit *e,
					char values[OF_COUNT][OF_VALUE_BYTES], bool merge)
{
	struct field_edit keys[3];
	struct field_change changes[OF_COUNT];
	for (int i = 0; i < OF_COUNT; i++) {
		const char *loaded = e->snap.texts[i];
		bool same = strcmp(values[i], e->values[i]) == 0;
		changes[i] = (struct field_change){
			.column = offer_field_names[i], .loaded = loaded, .value = same ? loaded : values[i]};
	}
	struct csv_edit ce = {.path = e->path, .line = e->line, .loaded_row = e->snap.bytes,
			      .keys = keys, .n_keys = offer_keys(e, keys),
			      .fields = changes, .n_fields = OF_COUNT,
			      .check = offer_check, .check_ctx = s};
	csv_edit_result_free(&e->result);
	session_progress(s, _("saving %s…"), catalog_file_names[FILE_OFFERS]);
	return merge ? csv_edit_merge(&ce, &e->result) : csv_edit_save(&ce, &e->result);
}

bool session_offer_save(struct session *s, struct offer_edit *e,
			char values[OF_COUNT][OF_VALUE_BYTES])
{
	return offer_outcome(s, e, offer_write(s, e, values, false), false);
}

bool session_offer_merge(struct session *s, struct offer_edit *e,
			 char values[OF_COUNT][OF_VALUE_BYTES])
{
	if (!e->conflict || !e->result.mergeable)
		return false;
	return offer_outcome(s, e, offer_write(s, e, values, true), true);
}

bool session_offer_reload(struct session *s, struct offer_edit *e)
{
	char dir[4200];
	bool baremetal = e->baremetal;
	offer_dir(e, dir, sizeof dir);
	session_offer_free(e);
	if (!session_reload(s, dir, _("reloaded")))
		return false;
	if (!session_offer_begin(s, baremetal, e))
		return false;
	session_status(s, false, "%s", _("reloaded: the row as it is on disk now, edit it again"));
	return true;
}
