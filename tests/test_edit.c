/* Saving an edited price: every other byte stays, the old file is kept as
 * .bak, and a save that fails leaves the file as it was. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
