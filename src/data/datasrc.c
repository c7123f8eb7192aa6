#include "loader.h"
#include "datasrc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomicfile.h"
#include "config.h"
#include "fileio.h"
#include "i18n.h"

#define MAX_FILE_BYTES (512L * 1024 * 1024)

static bool file_exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

/* Regular files only: a FIFO would block for ever, a folder reads as an
 * error. O_NONBLOCK makes the open itself return at once. Returns the open
 * file, or -1 (said in d). */
static int open_regular(const char *path, struct stat *st, struct diag *d)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, st) != 0) {
		diag_error(d, _("%s: cannot open: %s"), path, i18n_strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		diag_error(d, _("%s: cannot read: %s"), path,
			   _("not a regular file (a folder, a FIFO or a device)"));
		close(fd);
		return -1;
	}
	return fd;
}

static char *read_file(const char *path, size_t *len, struct diag *d)
{
	struct stat st;
	int fd = open_regular(path, &st, d);
	if (fd < 0)
		return NULL;
	if (st.st_size > MAX_FILE_BYTES) {
		diag_error(d, _("%s: cannot read: %s"), path, _("too large"));
		close(fd);
		return NULL;
	}
	char *buf = fd_read_all(fd, (size_t)st.st_size);
	close(fd);
	if (!buf) {
		diag_error(d, _("%s: cannot read (too large, or an I/O error)"), path);
		return NULL;
	}
	*len = (size_t)st.st_size;
	return buf;
}

static size_t load_dir(struct catalog *c, const char *dir, int which, const char *instead,
		       enum catalog_keep keep, struct diag *d);

size_t data_load_dir(struct catalog *c, const char *dir, struct diag *d)
{
	return load_dir(c, dir, -1, NULL, CATALOG_KEEP_OFFERS, d);
}

/* The models and GPU files are read whole (their rows point into their
 * texts); offers.csv is only opened: it is read as it is parsed, so 10^6
 * offers never hold the file (catalog_load_sources). False when one cannot
 * be read (said in d). */
static bool open_files(char paths[3][PATH_MAX], struct catalog_source src[3], char *bufs[2],
		       struct diag *d)
{
	struct stat st;
	for (int f = 0; f < 3; f++)
		src[f] = (struct catalog_source){.path = paths[f], .fd = -1};
	for (int f = 0; f < 2; f++)
		src[f].buf = bufs[f] = read_file(paths[f], &src[f].len, d);
	src[FILE_OFFERS].fd = open_regular(paths[FILE_OFFERS], &st, d);
	if (bufs[0] && bufs[1] && src[FILE_OFFERS].fd >= 0)
		return true;
	for (int f = 0; f < 2; f++)
		free(bufs[f]), bufs[f] = NULL;
	if (src[FILE_OFFERS].fd >= 0)
		close(src[FILE_OFFERS].fd);
	return false;
}

/* Every message about a row has its exact position: the whole files are
 * held until their rows are loaded, and a streamed row's bytes while it
 * is checked. */
static size_t load_files(struct catalog *c, char paths[3][PATH_MAX], enum catalog_keep keep,
			 bool *read, struct diag *d)
{
	struct catalog_source src[3];
	char *bufs[2];
	struct diag_mark mark = diag_mark(d);
	if (!(*read = open_files(paths, src, bufs, d)))
		return d->errors - mark.errors;
	size_t errors = catalog_load_sources(c, src, keep, d);
	close(src[FILE_OFFERS].fd);
	for (int f = 0; f < 2; f++) {
		csvtab_drop_source(&c->tables[f]); /* bufs are freed next */
		free(bufs[f]);
	}
	return errors;
}

size_t data_load_dir_with(struct catalog *c, const char *dir, int which, const char *instead,
			  struct diag *d)
{
	return load_dir(c, dir, which, instead, CATALOG_KEEP_OFFERS, d);
}

static size_t load_dir(struct catalog *c, const char *dir, int which, const char *instead,
		       enum catalog_keep keep, struct diag *d)
{
	char paths[3][PATH_MAX];
	*c = (struct catalog){0}; /* freeable even when a file cannot be read */
	data_cleanup_temps(dir, time(NULL));
	for (int f = 0; f < 3; f++) {
		if (f == which)
			snprintf(paths[f], sizeof paths[f], "%s", instead);
		else
			snprintf(paths[f], sizeof paths[f], "%s/%s", dir, catalog_file_names[f]);
	}
	bool read;
	size_t errors = load_files(c, paths, keep, &read, d);
	if (!read)
		return errors;
	snprintf(c->source, sizeof c->source, "%s", dir);
	/* cells keep pointers to their file name: give the catalogue its own copy */
	for (int f = 0; f < 3; f++)
		c->tables[f].path = catalog_file_names[f];
	/* indexed only now: the file buffers are gone before the sort's arrays come */
	return errors ? errors : catalog_index(c, d);
}

#define BUILTIN_SOURCE N_("built in (bundled data compiled into gpuplan)")

const char *data_source_text(const struct catalog *c)
{
	return c->kind == DATA_BUILTIN ? _(BUILTIN_SOURCE) : c->source;
}

static size_t load_embedded(struct catalog *c, enum catalog_keep keep, struct diag *d)
{
	static const char *const paths[3] = {"(built in) models/models.csv",
					     "(built in) prices/gpus.csv",
					     "(built in) prices/offers.csv"};
	struct catalog_source src[3];
	for (int f = 0; f < 3; f++)
		src[f] = (struct catalog_source){.path = paths[f], .buf = (const char *)embedded_files[f],
						 .len = embedded_lengths[f], .fd = -1};
	size_t errors = catalog_load_sources(c, src, keep, d);
	if (!errors)
		errors = catalog_index(c, d);
	snprintf(c->source, sizeof c->source, "%s", BUILTIN_SOURCE);
	c->kind = DATA_BUILTIN;
	return errors;
}

/* A directory holds data when any of the three files is there; then all
 * three must be, so a half-copied folder is an error and not ignored. */
static bool has_data(const char *dir)
{
	char path[PATH_MAX + 32];
	for (int f = 0; f < 3; f++) {
		snprintf(path, sizeof path, "%s/%s", dir, catalog_file_names[f]);
		if (file_exists(path))
			return true;
	}
	return false;
}

/* Writes the first of the three files dir lacks into out; false when
 * none is missing. */
static bool missing_file(const char *dir, char *out, size_t cap)
{
	for (int f = 0; f < 3; f++) {
		snprintf(out, cap, "%s/%s", dir, catalog_file_names[f]);
		struct stat st;
		if (stat(out, &st) != 0 || !S_ISREG(st.st_mode))
			return true;
	}
	return false;
}

/* An uninstalled binary reads the CSVs from its source tree, so edits
 * there show up without rebuilding. make writes the tree's path into
 * gpuplan.srcdir next to the binary and never installs that file, so no
 * build path is compiled into the program. */
static bool source_tree_dir(char *out, size_t cap)
{
	char path[PATH_MAX + 16];
	ssize_t n = readlink("/proc/self/exe", path, PATH_MAX - 1);
	if (n <= 0)
		return false;
	path[n] = '\0';
	char *slash = strrchr(path, '/');
	if (!slash)
		return false;
	strcpy(slash + 1, "gpuplan.srcdir");
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	bool ok = fgets(out, (int)cap, f) != NULL;
	fclose(f);
	if (ok)
		out[strcspn(out, "\n")] = '\0';
	return ok && out[0] == '/';
}

static void user_config_dir(char *out, size_t cap)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	if (xdg && xdg[0])
		snprintf(out, cap, "%s/gpuplan", xdg);
	else if (home && home[0])
		snprintf(out, cap, "%s/.config/gpuplan", home);
	else
		out[0] = '\0';
}

static size_t load_first(struct catalog *c, const char *cli_dir, enum catalog_keep keep,
			 struct diag *d)
{
	const char *env = getenv("GPUPLAN_DATA");
	if (cli_dir)
		return load_dir(c, cli_dir, -1, NULL, keep, d);
	if (env && env[0])
		return load_dir(c, env, -1, NULL, keep, d);
	char dir[PATH_MAX];
	user_config_dir(dir, sizeof dir);
	if (dir[0] && has_data(dir)) {
		char missing[PATH_MAX + 32];
		if (!missing_file(dir, missing, sizeof missing))
			return load_dir(c, dir, -1, NULL, keep, d);
		/* a copy that stopped halfway (an older gpuplan, a full disk) */
		diag_warning(d, _("%s: missing, so %s is not used: copy the files again or delete "
				  "the folder"), missing, dir);
	}
	size_t errors;
	if (source_tree_dir(dir, sizeof dir) && has_data(dir))
		errors = load_dir(c, dir, -1, NULL, keep, d);
	else if (has_data(GPUPLAN_PKGDATADIR))
		errors = load_dir(c, GPUPLAN_PKGDATADIR, -1, NULL, keep, d);
	else
		return load_embedded(c, keep, d);
	c->kind = DATA_BUNDLED;
	return errors;
}

size_t data_load(struct catalog *c, const char *cli_dir, struct diag *d)
{
	return load_first(c, cli_dir, CATALOG_KEEP_OFFERS, d);
}

size_t data_check(struct catalog *c, const char *cli_dir, struct diag *d)
{
	return load_first(c, cli_dir, CATALOG_COUNT_OFFERS, d);
}


static const char *const data_subdirs[] = {"models", "prices"};

static int make_dirs(const char *dir, const char *sub, char *err, size_t errlen)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", dir, sub);
	for (char *p = path + 1; ; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char saved = *p;
		*p = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST) {
			snprintf(err, errlen, _("cannot create %s: %s"), path, i18n_strerror(errno));
			return -1;
		}
		*p = saved;
		if (!saved)
			return 0;
	}
}

/* O_EXCL: an existing file is never touched. */
static int write_new_file(const char *path, const void *data, size_t len, char *err,
			  size_t errlen)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0) {
		snprintf(err, errlen, _("cannot create %s: %s"), path, i18n_strerror(errno));
		return -1;
	}
	const char *p = data;
	while (len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			snprintf(err, errlen, _("cannot write %s: %s"), path,
				 i18n_strerror(n ? errno : ENOSPC));
			close(fd);
			unlink(path);
			return -1;
		}
		p += n, len -= (size_t)n;
	}
	if (fsync(fd) != 0 || close(fd) != 0) {
		snprintf(err, errlen, _("cannot write %s: %s"), path, i18n_strerror(errno));
		unlink(path);
		return -1;
	}
	return 0;
}

/* The three files' bytes: the embedded copy, or read from a folder. */
struct data_set {
	const void *bytes[3];
	size_t lens[3];
	char *owned[3];
};

static int set_from_dir(struct data_set *s, const char *dir, char *err, size_t errlen)
{
	*s = (struct data_set){0};
	for (int f = 0; f < 3; f++) {
		char path[PATH_MAX + 32];
		struct diag d = {0};
		snprintf(path, sizeof path, "%s/%s", dir, catalog_file_names[f]);
		s->owned[f] = read_file(path, &s->lens[f], &d);
		diag_clear(&d);
		if (!s->owned[f]) {
			snprintf(err, errlen, _("cannot read %s"), path);
			return -1;
		}
		s->bytes[f] = s->owned[f];
	}
	return 0;
}

static void set_free(struct data_set *s)
{
	for (int f = 0; f < 3; f++)
		free(s->owned[f]);
}

/* Removes what write_set_into made in dir: the files it wrote (made[f]),
 * then its folders if they are empty. Files that were there before it
 * (another gpuplan's copy) are never touched. */
static void remove_set(const char *dir, const bool made[3])
{
	char path[PATH_MAX + 32];
	for (int f = 0; f < 3; f++) {
		snprintf(path, sizeof path, "%s/%s", dir, catalog_file_names[f]);
		if (made[f])
			unlink(path);
	}
	for (size_t i = 0; i < 2; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, data_subdirs[i]);
		rmdir(path); /* only when empty */
	}
}

static int write_set_into(const char *dir, const struct data_set *s, bool made[3], char *err,
			  size_t errlen)
{
	for (int f = 0; f < 3; f++)
		made[f] = false;
	for (size_t i = 0; i < 2; i++)
		if (make_dirs(dir, data_subdirs[i], err, errlen))
			return -1;
	for (int f = 0; f < 3; f++) {
		char path[PATH_MAX + 32];
		snprintf(path, sizeof path, "%s/%s", dir, catalog_file_names[f]);
		if (write_new_file(path, s->bytes[f], s->lens[f], err, errlen))
			return -1;
		made[f] = true;
	}
	return 0;
}

static bool dir_is_empty_or_absent(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return errno == ENOENT;
	struct dirent *e;
	bool empty = true;
	while (empty && (e = readdir(d)))
		empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
	closedir(d);
	return empty;
}

/* The files go into a temporary folder next to dir, renamed into place
 * once complete: a full disk never leaves a half-copied folder. A folder
 * that already holds other things gets the files directly, and loses
 * them again on failure. */
static int write_set(const char *dir, const struct data_set *s, char *err, size_t errlen)
{
	char clean[PATH_MAX], tmp[PATH_MAX + 16];
	snprintf(clean, sizeof clean, "%s", dir);
	for (size_t n = strlen(clean); n > 1 && clean[n - 1] == '/'; n--)
		clean[n - 1] = '\0';
	bool made[3];
	if (!dir_is_empty_or_absent(clean)) {
		int rc = write_set_into(clean, s, made, err, errlen);
		if (rc)
			remove_set(clean, made);
		return rc;
	}
	char *slash = strrchr(clean, '/');
	if (slash && slash != clean) {
		*slash = '\0'; /* the parent must exist for the temporary folder */
		int rc = make_dirs(clean, ".", err, errlen);
		*slash = '/';
		if (rc)
			return -1;
	}
	snprintf(tmp, sizeof tmp, "%s" ATOMIC_TMP_INFIX "XXXXXX", clean);
	if (!mkdtemp(tmp)) {
		snprintf(err, errlen, _("cannot create %s: %s"), tmp, i18n_strerror(errno));
		return -1;
	}
	int rc = write_set_into(tmp, s, made, err, errlen);
	if (rc == 0 && rename(tmp, clean) != 0) {
		snprintf(err, errlen, _("cannot create %s: %s"), clean, i18n_strerror(errno));
		rc = -1;
	}
	if (rc) {
		remove_set(tmp, made);
		rmdir(tmp);
	}
	return rc;
}

int data_export(const char *dir, char *err, size_t errlen)
{
	char path[PATH_MAX];
	err[0] = '\0';
	if (!dir || !dir[0]) {
		snprintf(err, errlen, "%s", _("--export-data: expected a folder name, found \"\""));
		return -1;
	}
	for (int f = 0; f < 3; f++) {
		snprintf(path, sizeof path, "%s/%s", dir, catalog_file_names[f]);
		if (file_exists(path)) {
			snprintf(err, errlen, _("%s already exists: not overwriting it"), path);
			return -1;
		}
	}
	struct data_set s = {0};
	for (int f = 0; f < 3; f++)
		s.bytes[f] = embedded_files[f], s.lens[f] = embedded_lengths[f];
	return write_set(dir, &s, err, errlen);
}

/* A folder left incomplete by an older gpuplan goes aside, not in the way. */
static int move_incomplete_aside(const char *dir, char *err, size_t errlen)
{
	char missing[PATH_MAX + 32], aside[PATH_MAX + 32];
	if (dir_is_empty_or_absent(dir) || !missing_file(dir, missing, sizeof missing))
		return 0;
	snprintf(aside, sizeof aside, "%s.incomplete-XXXXXX", dir);
	if (mkdtemp(aside) && rename(dir, aside) == 0)
		return 0;
	snprintf(err, errlen,
		 _("%s is an incomplete copy (%s is missing) and cannot be moved aside: %s"), dir,
		 missing, i18n_strerror(errno));
	return -1;
}

/* The folders above the copy must be folders: $XDG_CONFIG_HOME set to a
 * file read as "an incomplete copy" that could not be moved aside. */
static int check_folders(const char *dir, char *err, size_t errlen)
{
	char path[PATH_MAX];
	struct stat st;
	snprintf(path, sizeof path, "%s", dir);
	for (char *p = path + 1;; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char saved = *p;
		*p = '\0';
		if (stat(path, &st) == 0 && !S_ISDIR(st.st_mode)) {
			const char *xdg = getenv("XDG_CONFIG_HOME");
			snprintf(err, errlen, _("cannot copy the data to %s: %s is a file, not a folder%s"),
				 dir, path, xdg && xdg[0] && strncmp(dir, xdg, strlen(xdg)) == 0
						    ? _(" (XDG_CONFIG_HOME names it)") : "");
			return -1;
		}
		if (!saved)
			return 0;
		*p = saved;
	}
}

bool data_user_dir_ready(char *dir, size_t dirlen)
{
	char missing[PATH_MAX + 32];
	user_config_dir(dir, dirlen);
	return dir[0] && has_data(dir) && !missing_file(dir, missing, sizeof missing);
}

int data_user_copy(const struct catalog *c, char *dir, size_t dirlen, int *copied, char *err,
		   size_t errlen)
{
	*copied = DATA_COPY_NONE;
	err[0] = '\0';
	if (c->kind == DATA_USER) {
		snprintf(dir, dirlen, "%s", c->source);
		return 0;
	}
	if (data_user_dir_ready(dir, dirlen)) { /* another gpuplan made it meanwhile */
		*copied = DATA_COPY_FOUND;
		return 0;
	}
	if (!dir[0]) {
		snprintf(err, errlen, "%s", _("no $XDG_CONFIG_HOME or $HOME to copy the data to"));
		return -1;
	}
	if (check_folders(dir, err, errlen) || move_incomplete_aside(dir, err, errlen))
		return -1;
	int rc;
	if (c->kind == DATA_BUILTIN) {
		rc = data_export(dir, err, errlen);
	} else {
		struct data_set s;
		rc = set_from_dir(&s, c->source, err, errlen) || write_set(dir, &s, err, errlen);
		set_free(&s);
	}
	if (rc)
		return -1;
	*copied = DATA_COPY_MADE;
	return 0;
}

/* NAME.csv.tmp-XXXXXX: what atomic_begin makes next to a data file. */
static bool is_stale_temp(const char *name)
{
	const char *infix = strstr(name, ".csv" ATOMIC_TMP_INFIX);
	return infix && strlen(infix) == strlen(".csv" ATOMIC_TMP_INFIX) + 6;
}

size_t data_cleanup_temps(const char *dir, time_t now)
{
	size_t removed = 0;
	const char *subs[] = {"models", "prices", "."};
	for (size_t i = 0; i < 3; i++) {
		char folder[PATH_MAX], path[PATH_MAX * 2];
		snprintf(folder, sizeof folder, "%s/%s", dir, subs[i]);
		DIR *d = opendir(folder);
		struct dirent *e;
		while (d && (e = readdir(d))) {
			struct stat st;
			snprintf(path, sizeof path, "%s/%s", folder, e->d_name);
			/* a minute: an instance saving right now is never disturbed */
			if (is_stale_temp(e->d_name) && lstat(path, &st) == 0 && S_ISREG(st.st_mode) &&
			    st.st_mtime < now - 60 && unlink(path) == 0)
				removed++;
		}
		if (d)
			closedir(d);
	}
	return removed;
}
