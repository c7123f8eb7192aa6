/* What the sales engineer does besides changing the scenario: write a
 * quote, edit the data files and one offer, reload them. The terminal
 * hand-over for the editor stays in the front end. */
#include "session.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "i18n.h"
#include "csvedit.h"
#include "datasrc.h"
#include "parse.h"
#include "report.h"
#include "tables.h"


void session_progress(struct session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->status, sizeof s->status, fmt, ap);
	va_end(ap);
	s->status_error = false;
	if (s->progress)
		s->progress(s->hooks_ctx);
}

bool session_cancelled(const struct session *s)
{
	return s->cancelled && s->cancelled(s->hooks_ctx);
}

/* The scenario again on another catalogue: the model by its id (or the
 * size typed), the first model when it is gone. */
static bool rebind_scenario(struct scenario *sc, const struct catalog *c)
{
	char err[200], key[64];
	snprintf(key, sizeof key, "%s", scenario_model(sc)->id);
	if (scenario_set_model(sc, c, key, err, sizeof err))
		return true;
	if (c->nmodels)
		scenario_use_model(sc, &c->models[0]);
	return false;
}

static const struct gpu *same_gpu(const struct catalog *c, const struct gpu *g)
{
	int i = g ? catalog_find_gpu(c, g->id) : -1;
	return i >= 0 ? &c->gpus[i] : NULL;
}

/* "N errors, the data in use is unchanged: prices/offers.csv:18:25: ...";
 * the folder is known, so the message names the file inside it. */
static void reload_failed(struct session *s, const char *dir, size_t errors, struct diag *d)
{
	const char *first = d->kept ? d->msgs[0] : _("no models");
	size_t n = strlen(dir);
	if (strncmp(first, dir, n) == 0 && first[n] == '/')
		first += n + 1;
	session_status(s, true,
		       P_("%zu error, the data in use is unchanged: %s",
			  "%zu errors, the data in use is unchanged: %s", errors),
		       errors, first);
}

/* The scenario, selection and pin move onto the fresh catalogue. */
static bool adopt_catalog(struct session *s, struct catalog *fresh)
{
	bool kept = rebind_scenario(&s->sc, fresh);
	if (s->pinned)
		rebind_scenario(&s->pin_sc, fresh);
	s->selected = same_gpu(fresh, s->selected);
	struct catalog *old = s->owned;
	s->cat = s->owned = fresh;
	session_recompute(s);
	if (s->pinned && !session_run(s, &s->pin_an, &s->pin_sc))
		s->pinned = false;
	if (old)
		catalog_free(old);
	free(old);
	return kept;
}

bool session_reload(struct session *s, const char *dir, const char *done)
{
	session_progress(s, _("reading the data in %s…"), dir);
	struct catalog *fresh = calloc(1, sizeof *fresh);
	struct diag d = {0};
	size_t errors = fresh ? data_load_dir(fresh, dir, &d) : 1;
	if (errors || !fresh->nmodels) {
		session_watch_reset(s);
		reload_failed(s, dir, errors, &d);
		diag_clear(&d);
		if (fresh)
			catalog_free(fresh);
		free(fresh);
		return false;
	}
	diag_clear(&d);
	fresh->kind = DATA_USER;
	bool kept = adopt_catalog(s, fresh);
	session_watch_reset(s);
	s->reloads++;
	session_status(s, false, "%s%s", done, kept ? "" : _(" (the model is gone: showing the first)"));
	return true;
}

bool session_user_data_dir(struct session *s, char *dir, size_t len, char *note, size_t notelen)
{
	char err[PATH_MAX + 512];
	int copied;
	note[0] = '\0';
	if (data_user_copy(s->cat, dir, len, &copied, err, sizeof err) != 0) {
		session_status(s, true, "%s", err);
		return false;
	}
	if (copied == DATA_COPY_MADE)
		snprintf(note, notelen, _("copied the bundled data to %s for editing"), dir);
	else if (copied == DATA_COPY_FOUND)
		snprintf(note, notelen, _("switched to the user copy in %s, which another gpuplan "
					  "made"), dir);
	return true;
}

void session_today(char *buf, size_t cap)
{
	const char *fixed = getenv("GPUPLAN_TODAY");
	int date;
	if (fixed && parse_date(fixed, &date)) {
		format_date(buf, cap, date);
		return;
	}
	time_t now = time(NULL);
	strftime(buf, cap, "%Y-%m-%d", localtime(&now));
}
