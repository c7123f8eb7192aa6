#include "datasrc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

#define MAX_FILE_BYTES (512L * 1024 * 1024)

static bool file_exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

static char *read_file(const char *path, size_t *len, struct diag *d)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		diag_error(d, "%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	size_t cap = 1 << 16, used = 0;
	char *buf = malloc(cap);
	while (buf) {
		used += fread(buf + used, 1, cap - used, f);
		if (used < cap || cap >= MAX_FILE_BYTES)
			break;
		char *bigger = realloc(buf, cap * 2);
		if (!bigger) {
			free(buf);
			buf = NULL;
		}
		buf = bigger, cap *= 2;
	}
	bool failed = ferror(f) || !buf || (used == cap && cap >= MAX_FILE_BYTES);
	fclose(f);
	if (failed) {
		diag_error(d, "%s: cannot read (too large, or an I/O error)", path);
		free(buf);
		return NULL;
	}
	*len = used;
	return buf;
}

size_t data_load_dir(struct catalog *c, const char *dir, struct diag *d)
{
	char paths[3][PATH_MAX];
	char *bufs[3] = {0};
	size_t lens[3] = {0}, errors = 0;
	for (int f = 0; f < 3; f++) {
		snprintf(paths[f], sizeof paths[f], "%s/%s", dir, catalog_file_names[f]);
		bufs[f] = read_file(paths[f], &lens[f], d);
		errors += !bufs[f];
	}
	if (!errors) {
		const char *const p[3] = {paths[0], paths[1], paths[2]};
		const char *const b[3] = {bufs[0], bufs[1], bufs[2]};
		errors = catalog_load(c, p, b, lens, d);
		snprintf(c->source, sizeof c->source, "%s", dir);
		/* cells keep pointers to their file name: give the catalogue its own copy */
		for (int f = 0; f < 3; f++)
			c->tables[f].path = catalog_file_names[f];
	}
	for (int f = 0; f < 3; f++)
		free(bufs[f]);
	return errors;
}

static size_t load_embedded(struct catalog *c, struct diag *d)
{
	static const char *const paths[3] = {"(built in) models/models.csv",
					     "(built in) prices/gpus.csv",
					     "(built in) prices/offers.csv"};
	const char *const bufs[3] = {(const char *)embedded_files[0],
				     (const char *)embedded_files[1],
				     (const char *)embedded_files[2]};
	size_t errors = catalog_load(c, paths, bufs, embedded_lengths, d);
	snprintf(c->source, sizeof c->source, "built in (bundled data compiled into gpuplan)");
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

size_t data_load(struct catalog *c, const char *cli_dir, struct diag *d)
{
	const char *env = getenv("GPUPLAN_DATA");
	if (cli_dir)
		return data_load_dir(c, cli_dir, d);
	if (env && env[0])
		return data_load_dir(c, env, d);
	char dir[PATH_MAX];
	user_config_dir(dir, sizeof dir);
	if (dir[0] && has_data(dir))
		return data_load_dir(c, dir, d);
	size_t errors;
	if (source_tree_dir(dir, sizeof dir) && has_data(dir))
		errors = data_load_dir(c, dir, d);
	else if (has_data(GPUPLAN_PKGDATADIR))
		errors = data_load_dir(c, GPUPLAN_PKGDATADIR, d);
	else
		return load_embedded(c, d);
	c->kind = DATA_BUNDLED;
	return errors;
}

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
			snprintf(err, errlen, "cannot create %s: %s", path, strerror(errno));
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
		snprintf(err, errlen, "cannot create %s: %s", path, strerror(errno));
		return -1;
	}
	const char *p = data;
	while (len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
			close(fd);
			unlink(path);
			return -1;
		}
		p += n, len -= (size_t)n;
	}
	if (fsync(fd) != 0 || close(fd) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		unlink(path);
		return -1;
	}
	return 0;
}

int data_export(const char *dir, char *err, size_t errlen)
{
	char path[PATH_MAX];
	for (int f = 0; f < 3; f++) {
		snprintf(path, sizeof path, "%s/%s", dir, catalog_file_names[f]);
		if (file_exists(path)) {
			snprintf(err, errlen, "%s already exists: not overwriting it", path);
			return -1;
		}
	}
	if (make_dirs(dir, "models", err, errlen) || make_dirs(dir, "prices", err, errlen))
		return -1;
	for (int f = 0; f < 3; f++) {
		snprintf(path, sizeof path, "%s/%s", dir, catalog_file_names[f]);
		if (write_new_file(path, embedded_files[f], embedded_lengths[f], err, errlen))
			return -1;
	}
	return 0;
}

static int copy_file(const char *from, const char *to, char *err, size_t errlen)
{
	struct diag d = {0};
	size_t len = 0;
	char *buf = read_file(from, &len, &d);
	diag_clear(&d);
	if (!buf) {
		snprintf(err, errlen, "cannot read %s", from);
		return -1;
	}
	int rc = write_new_file(to, buf, len, err, errlen);
	free(buf);
	return rc;
}

int data_user_copy(const struct catalog *c, char *dir, size_t dirlen, int *copied, char *err,
		   size_t errlen)
{
	*copied = 0;
	if (c->kind == DATA_USER) {
		snprintf(dir, dirlen, "%s", c->source);
		return 0;
	}
	user_config_dir(dir, dirlen);
	if (!dir[0]) {
		snprintf(err, errlen, "no $XDG_CONFIG_HOME or $HOME to copy the data to");
		return -1;
	}
	if (c->kind == DATA_BUILTIN) {
		if (data_export(dir, err, errlen) != 0)
			return -1;
	} else {
		if (make_dirs(dir, "models", err, errlen) || make_dirs(dir, "prices", err, errlen))
			return -1;
		for (int f = 0; f < 3; f++) {
			char from[PATH_MAX], to[PATH_MAX];
			snprintf(from, sizeof from, "%s/%s", c->source, catalog_file_names[f]);
			snprintf(to, sizeof to, "%s/%s", dir, catalog_file_names[f]);
			if (copy_file(from, to, err, errlen) != 0)
				return -1;
		}
	}
	*copied = 1;
	return 0;
}
