/* Saving an edited price: every other byte stays, the old file is kept as
 * .bak, and a save that fails leaves the file as it was. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "csvedit.h"

static char dir[64], path[128];

static const char original[] =
	"# prices I keep by hand\r\n"
	"gpu,kind,cards,max_cards,region,monthly,hourly,currency,discount,network,inter_node,"
	"collected,source,my note\r\n"
	"h100-80g,container,1,4,,9345,,CNY,,,none,2026-10-12,\"site, page 2\",keep me\r\n"
	"# a comment between rows\r\n"
	"h100-80g,baremetal,8,,\"宁夏一区\",88480,,CNY,,\"NVLink, 1000M\",,2026-10-12,site,\"x \"\"y\"\"\"\r\n";

static void write_file(const char *p, const char *text)
{
	FILE *f = fopen(p, "wb");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

static char *read_file(const char *p)
{
	static char buf[1 << 16];
	FILE *f = fopen(p, "rb");
	cr_assert_not_null(f, "%s", p);
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/gpuplan-edit-%d", (int)getpid());
	mkdir(dir, 0755);
	snprintf(path, sizeof path, "%s/offers.csv", dir);
	write_file(path, original);
	csv_edit_write = write;
}

static void teardown(void)
{
	char cmd[160];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(edit, .init = setup, .fini = teardown);

static const struct field_edit bm_keys[] = {
	{"gpu", "h100-80g"}, {"kind", "baremetal"}, {"region", "宁夏一区"}};

Test(edit, only_the_edited_fields_change)
{
	const struct field_edit edits[] = {
		{"monthly", "87000"}, {"discount", "九折, 限时"}, {"collected", "2026-11-30"}};
	char err[256];
	cr_assert_eq(csv_edit_row(path, 5, bm_keys, 3, edits, 3, err, sizeof err), 0, "%s", err);
	/* byte for byte: the comment, CRLF, quoting, the unknown column and the other row stay;
	 * the discount needs quotes for its comma */
	cr_assert_str_eq(read_file(path),
		"# prices I keep by hand\r\n"
		"gpu,kind,cards,max_cards,region,monthly,hourly,currency,discount,network,inter_node,"
		"collected,source,my note\r\n"
		"h100-80g,container,1,4,,9345,,CNY,,,none,2026-10-12,\"site, page 2\",keep me\r\n"
		"# a comment between rows\r\n"
		"h100-80g,baremetal,8,,\"宁夏一区\",87000,,CNY,\"九折, 限时\",\"NVLink, 1000M\",,"
		"2026-11-30,site,\"x \"\"y\"\"\"\r\n");
	char bak[160];
	snprintf(bak, sizeof bak, "%s.bak", path);
	cr_assert_str_eq(read_file(bak), original);
}

Test(edit, an_empty_field_and_the_last_field)
{
	const struct field_edit keys[] = {{"gpu", "h100-80g"}, {"kind", "container"}};
	const struct field_edit edits[] = {{"hourly", "12.8"}, {"my note", "said \"hi\""}};
	char err[256];
	cr_assert_eq(csv_edit_row(path, 3, keys, 2, edits, 2, err, sizeof err), 0, "%s", err);
	cr_assert(strstr(read_file(path),
			 "h100-80g,container,1,4,,9345,12.8,CNY,,,none,2026-10-12,\"site, page 2\","
			 "\"said \"\"hi\"\"\"\r\n# a comment"), "%s", read_file(path));
}

Test(edit, a_row_that_changed_is_not_touched)
{
	const struct field_edit keys[] = {{"gpu", "h20-96g"}};
	const struct field_edit edits[] = {{"monthly", "1"}};
	char err[256];
	cr_assert_eq(csv_edit_row(path, 5, keys, 1, edits, 1, err, sizeof err), -1);
	cr_assert(strstr(err, ":5: the row changed since it was loaded"), "%s", err);
	cr_assert_eq(csv_edit_row(path, 4, keys, 0, edits, 1, err, sizeof err), -1);
	cr_assert(strstr(err, ":4: no row there any more"), "%s", err);
	cr_assert_str_eq(read_file(path), original);
}

static size_t allowed;
static ssize_t full_disk(int fd, const void *buf, size_t len)
{
	if (allowed == 0) {
		errno = ENOSPC;
		return -1;
	}
	size_t n = len < allowed ? len : allowed;
	allowed -= n;
	return write(fd, buf, n);
}

Test(edit, a_full_disk_leaves_the_file_intact)
{
	const struct field_edit edits[] = {{"monthly", "87000"}};
	char err[256];
	allowed = 40; /* the write stops partway through */
	csv_edit_write = full_disk;
	cr_assert_eq(csv_edit_row(path, 5, bm_keys, 3, edits, 1, err, sizeof err), -1);
	cr_assert(strstr(err, "No space left on device") && strstr(err, "the file is unchanged"),
		  "%s", err);
	cr_assert_str_eq(read_file(path), original);
	/* no temporary file and no .bak are left behind */
	char cmd[200];
	snprintf(cmd, sizeof cmd, "test $(ls -A %s | wc -l) -eq 1", dir);
	cr_assert_eq(system(cmd), 0, "stray files in %s", dir);
}

Test(edit, a_missing_file_says_why)
{
	const struct field_edit edits[] = {{"monthly", "1"}};
	char err[256];
	cr_assert_eq(csv_edit_row("/nonexistent/offers.csv", 3, NULL, 0, edits, 1, err, sizeof err), -1);
	cr_assert(strstr(err, "cannot open /nonexistent/offers.csv: No such file or directory"), "%s",
		  err);
}

static bool shell(const char *fmt, const char *arg)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, fmt, arg);
	return system(cmd) == 0;
}

/* A real full disk and a read-only folder, on a small tmpfs (needs root). */
Test(edit, a_full_or_read_only_filesystem_leaves_the_file_intact)
{
	char mnt[64], file[128], big[7000];
	snprintf(mnt, sizeof mnt, "/tmp/gpuplan-tmpfs-%d", (int)getpid());
	mkdir(mnt, 0755);
	if (!shell("mount -t tmpfs -o size=8k tmpfs %s 2>/dev/null", mnt)) {
		rmdir(mnt);
		cr_skip_test("cannot mount a tmpfs here (needs root)");
	}
	snprintf(file, sizeof file, "%s/offers.csv", mnt);
	/* a 3 KB file in one of the two 4 KB pages; the edited copy needs two more */
	char text[4096];
	snprintf(text, sizeof text, "# %02999d\n%s", 0, original);
	write_file(file, text);
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	const struct field_edit edits[] = {{"discount", big}};
	char err[256];
	int rc = csv_edit_row(file, 6, bm_keys, 3, edits, 1, err, sizeof err);
	bool full = rc == -1 && strstr(err, "No space left on device");
	bool intact = strcmp(read_file(file), text) == 0;
	const struct field_edit small[] = {{"monthly", "1"}};
	shell("mount -o remount,ro %s", mnt);
	int rc_ro = csv_edit_row(file, 6, bm_keys, 3, small, 1, err, sizeof err);
	bool read_only = rc_ro == -1 && strstr(err, "Read-only file system");
	bool intact_ro = strcmp(read_file(file), text) == 0;
	shell("umount %s", mnt);
	rmdir(mnt);
	cr_assert(full, "rc %d: %s", rc, err);
	cr_assert(intact, "the file changed on a full disk");
	cr_assert(read_only, "rc %d: %s", rc_ro, err);
	cr_assert(intact_ro, "the file changed on a read-only folder");
}

/* issue 13: another instance (or a script) inserted a row above while the
 * dialog was open: the save said "reload first" and what was typed was
 * lost. The row is found by its loaded bytes where it is now. */
Test(edit, a_row_moved_by_an_insert_above_is_saved_where_it_is_now)
{
	static const char *const cols[] = {"monthly"};
	struct csv_row_snapshot snap;
	char err[256], inserted[sizeof original + 128];
	cr_assert(csv_edit_snapshot(path, 5, bm_keys, 3, cols, 1, &snap, err, sizeof err), "%s", err);
	const char *second = strchr(original, '\n') + 1; /* the header */
	second = strchr(second, '\n') + 1;
	snprintf(inserted, sizeof inserted, "%.*sh20-96g,container,1,8,,4464,,CNY,,,none,2026-10-12,"
		 "site,new\r\n%s", (int)(second - original), original, second);
	write_file(path, inserted);
	const struct field_change mine[] = {{"monthly", snap.texts[0], "87000"}};
	struct csv_edit e = {.path = path, .line = 5, .loaded_row = snap.bytes, .keys = bm_keys,
			     .n_keys = 3, .fields = mine, .n_fields = 1};
	struct csv_edit_result r;
	cr_assert_eq(csv_edit_save(&e, &r), CSV_EDIT_SAVED, "%s", r.message);
	cr_assert_eq(r.line, 6, "the row is on line 6 now");
	cr_assert(strstr(read_file(path), "h20-96g,container,1,8,,4464,,CNY,,,none,2026-10-12,site,"
					  "new\r\nh100-80g,container,1,4,,9345,"), "%s", read_file(path));
	cr_assert(strstr(read_file(path), "\"宁夏一区\",87000,,CNY"), "%s", read_file(path));
	csv_edit_result_free(&r);
	csv_row_snapshot_free(&snap);
}

/* Leases need the file's owner (or CAP_LEASE) and a file system that has
 * them: where a probe is refused, the tests that need one are skipped. */
static bool leases_here(void)
{
	int fd = open(path, O_RDONLY);
	bool ok = fd >= 0 && fcntl(fd, F_SETLEASE, F_RDLCK) == 0;
	if (ok)
		fcntl(fd, F_SETLEASE, F_UNLCK);
	if (fd >= 0)
		close(fd);
	return ok;
}

/* A child that writes a new version of the file the way cp or cat > do:
 * truncate, the first half, a pause holding the file open, the rest. */
static pid_t slow_writer(const char *text, int ready[2])
{
	pid_t pid = fork();
	if (pid == 0) {
		int fd = open(path, O_WRONLY | O_TRUNC);
		size_t half = strlen(text) / 2;
		if (fd < 0 || write(fd, text, half) != (ssize_t)half || write(ready[1], "x", 1) != 1)
			_exit(1);
		usleep(400 * 1000);
		_exit(write(fd, text + half, strlen(text) - half) > 0 && close(fd) == 0 ? 0 : 1);
	}
	return pid;
}

/* issue 13: an o save racing a non-atomic writer (cp, cat >) read the half
 * written file and renamed it into place: the writer's second half went to
 * the replaced file, and offers.csv kept 13 of 19 offers, "no errors". */
Test(edit, a_file_being_written_by_another_program_is_not_saved_over)
{
	if (!leases_here())
		cr_skip_test("no file leases here");
	char theirs[sizeof original + 64], err[512];
	snprintf(theirs, sizeof theirs, "%s", original);
	memcpy(strstr(theirs, "88480"), "86000", 5); /* their whole new version */
	int ready[2];
	cr_assert_eq(pipe(ready), 0);
	pid_t pid = slow_writer(theirs, ready);
	char c;
	cr_assert_eq(read(ready[0], &c, 1), 1);
	const struct field_edit edits[] = {{"hourly", "12.8"}};
	int rc = csv_edit_row(path, 3, bm_keys, 0, edits, 1, err, sizeof err);
	int status = 0;
	waitpid(pid, &status, 0);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	cr_assert_eq(rc, -1, "saved over a file being written");
	cr_assert(strstr(err, "another program has it open for writing"), "%s", err);
	cr_assert_str_eq(read_file(path), theirs, "the writer's file is not whole");
}

/* A save that writes slowly, so another can start meanwhile. */
static int started = -1;
static ssize_t slow_write(int fd, const void *buf, size_t len)
{
	if (started >= 0 && write(started, "x", 1) == 1)
		started = -1;
	usleep(300 * 1000);
	return write(fd, buf, len);
}

/* issue 13: two instances saving at once: each read the file, and the
 * later rename reverted the other's edit. The folder's lock orders them. */
Test(edit, two_saves_at_once_keep_both_edits)
{
	int ready[2];
	char err[256], c;
	cr_assert_eq(pipe(ready), 0);
	pid_t pid = fork();
	if (pid == 0) {
		const struct field_edit theirs[] = {{"monthly", "86000"}};
		started = ready[1];
		csv_edit_write = slow_write;
		_exit(csv_edit_row(path, 5, bm_keys, 3, theirs, 1, err, sizeof err) == 0 ? 0 : 1);
	}
	cr_assert_eq(read(ready[0], &c, 1), 1); /* the other save is writing */
	const struct field_edit keys[] = {{"gpu", "h100-80g"}, {"kind", "container"}};
	const struct field_edit mine[] = {{"hourly", "12.8"}};
	cr_assert_eq(csv_edit_row(path, 3, keys, 2, mine, 1, err, sizeof err), 0, "%s", err);
	int status = 0;
	waitpid(pid, &status, 0);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	cr_assert(strstr(read_file(path), "h100-80g,container,1,4,,9345,12.8,"), "%s", read_file(path));
	cr_assert(strstr(read_file(path), "\"宁夏一区\",86000,"), "%s", read_file(path));
}
