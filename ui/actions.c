/* What the sales engineer does besides changing the scenario: pin one to
 * compare, write a quote, edit the data files and reload them. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../src/datasrc.h"
#include "../src/report.h"
#include "tui_internal.h"

void action_pin(struct app *a)
{
	char summary[256];
	scenario_copy(&a->pin_sc, &a->sc);
	if (!analysis_run(&a->pin_an, a->cat, &a->pin_sc, a->gpu_filter))
		return app_status(a, true, "%s", a->pin_an.error);
	a->pinned = true;
	scenario_summary(summary, sizeof summary, &a->pin_sc);
	app_status(a, false, "pinned %s: change anything to compare, P unpins", summary);
}

void action_unpin(struct app *a)
{
	a->pinned = false;
	app_status(a, false, "unpinned");
}

/* gpuplan-quote-llama-3.1-70b-20261130-101500.md in the current folder;
 * O_EXCL, so an existing file is never overwritten. */
void action_export_quote(struct app *a)
{
	char name[160], stamp[32], cwd[1024];
	time_t now = time(NULL);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
	snprintf(name, sizeof name, "gpuplan-quote-%.60s-%s.md", a->sc.model->id, stamp);
	for (char *c = name; *c; c++)
		if (*c == '/' || *c == ' ')
			*c = '_';
	int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0644);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		app_status(a, true, "cannot write %s: %s", name, strerror(errno));
		if (fd >= 0)
			close(fd);
		return;
	}
	report_markdown(f, a->an);
	bool ok = fflush(f) == 0 && !ferror(f);
	ok = fclose(f) == 0 && ok;
	if (!getcwd(cwd, sizeof cwd))
		snprintf(cwd, sizeof cwd, ".");
	app_status(a, !ok, ok ? "quote written: %2$s in %1$s" : "cannot write %2$s in %1$s", cwd,
		   name);
}

/* The scenario again on another catalogue: the model by its id (or the
 * size typed), the first model when it is gone. */
static bool rebind_scenario(struct scenario *sc, const struct catalog *c)
{
	char err[200], key[64];
	snprintf(key, sizeof key, "%s", sc->model->id);
	if (scenario_set_model(sc, c, key, err, sizeof err))
		return true;
	if (!c->nmodels)
		return false;
	sc->model = &c->models[0];
	return false;
}

static const struct gpu *same_gpu(const struct catalog *c, const struct gpu *g)
{
	int i = g ? catalog_find_gpu(c, g->id) : -1;
	return i >= 0 ? &c->gpus[i] : NULL;
}

/* Loads dir; on any error the data in use stays and the status line shows
 * the first problem with its file:line:column. */
bool app_reload(struct app *a, const char *dir, const char *done)
{
	struct catalog *fresh = calloc(1, sizeof *fresh);
	struct diag d = {0};
	size_t errors = fresh ? data_load_dir(fresh, dir, &d) : 1;
	if (errors || !fresh->nmodels) {
		/* the folder is known: "prices/offers.csv:18:25: ..." fits the status line */
		const char *first = d.kept ? d.msgs[0] : "no models";
		size_t n = strlen(dir);
		if (strncmp(first, dir, n) == 0 && first[n] == '/')
			first += n + 1;
		app_status(a, true, "%zu error%s, the data in use is unchanged: %s", errors,
			   errors == 1 ? "" : "s", first);
		diag_clear(&d);
		if (fresh)
			catalog_free(fresh);
		free(fresh);
		return false;
	}
	diag_clear(&d);
	fresh->kind = DATA_USER;
	bool kept = rebind_scenario(&a->sc, fresh);
	if (a->pinned)
		rebind_scenario(&a->pin_sc, fresh);
	a->selected = same_gpu(fresh, a->selected);
	struct catalog *old = a->owned;
	a->cat = a->owned = fresh;
	app_recompute(a);
	if (a->pinned && !analysis_run(&a->pin_an, a->cat, &a->pin_sc, a->gpu_filter))
		a->pinned = false;
	if (old)
		catalog_free(old);
	free(old);
	form_view_sync(a);
	app_status(a, false, "%s%s", done, kept ? "" : " (the model is gone: showing the first)");
	return true;
}

bool app_user_data_dir(struct app *a, char *dir, size_t len, char *note, size_t notelen)
{
	char err[512];
	int copied;
	note[0] = '\0';
	if (data_user_copy(a->cat, dir, len, &copied, err, sizeof err) != 0) {
		app_status(a, true, "%s", err);
		return false;
	}
	if (copied)
		snprintf(note, notelen, "copied the bundled data to %s for editing; ", dir);
	return true;
}

/* $VISUAL, $EDITOR or vi on the file, the terminal handed over meanwhile.
 * Like system(3), the configurator ignores Ctrl-C while the editor runs. */
static int run_editor(const char *path)
{
	const char *editor = getenv("VISUAL");
	if (!editor || !editor[0])
		editor = getenv("EDITOR");
	if (!editor || !editor[0])
		editor = "vi";
	struct sigaction ignore = {.sa_handler = SIG_IGN}, old_int, old_quit;
	sigaction(SIGINT, &ignore, &old_int);
	sigaction(SIGQUIT, &ignore, &old_quit);
	def_prog_mode();
	endwin();
	int status = -1;
	pid_t pid = fork();
	if (pid == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGQUIT, SIG_DFL);
		execl("/bin/sh", "sh", "-c", "$0 \"$1\"", editor, path, (char *)NULL);
		_exit(127);
	}
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	reset_prog_mode();
	refresh();
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGQUIT, &old_quit, NULL);
	return pid > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void action_edit_file(struct app *a, int which)
{
	char dir[4096], path[4200], note[4200], done[8600];
	if (!app_user_data_dir(a, dir, sizeof dir, note, sizeof note))
		return;
	if (note[0] && !app_reload(a, dir, "")) /* from now on the copy is the data in use */
		return;
	snprintf(path, sizeof path, "%s/%s", dir, catalog_file_names[which]);
	int rc = run_editor(path);
	snprintf(done, sizeof done, "%sreloaded %s%s", note, path,
		 rc == 0 ? "" : " (the editor did not exit cleanly)");
	app_reload(a, dir, done);
}
