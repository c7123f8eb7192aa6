/* Edits and data that never lie and never lose (issue 12): reading odd CSV
 * files, atomic writes, lost updates, links, permissions, backups, the
 * whole-file editor flow and the first-edit copy. No terminal needed. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "atomicfile.h"
#include "csvedit.h"
#include "csvmerge.h"
#include "csvscan.h"
#include "csvtab.h"
#include "dataedit.h"
#include "datasrc.h"
#include "i18n.h"
#include "terminal.h"

#define SAFETY FIXTURES "/safety"
#define HEADER "gpu,kind,cards,max_cards,region,monthly,hourly,currency,discount,network," \
	       "inter_node,collected,source\n"

static char dir[64];

static bool try_sh(const char *fmt, const char *arg)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd, fmt, arg, arg, arg);
	return system(cmd) == 0;
}

static void sh(const char *fmt, const char *arg)
{
	cr_assert(try_sh(fmt, arg), "%s", fmt);
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	cr_assert_eq(fclose(f), 0);
}

static char *slurp(const char *path)
{
	static char buf[1 << 16];
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s: %s", path, strerror(errno));
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static char *in_dir(const char *name)
{
	static char paths[4][256];
	static int next;
	char *p = paths[next++ % 4];
	snprintf(p, sizeof paths[0], "%s/%s", dir, name);
	return p;
}

static int count_entries(const char *folder)
{
	char cmd[300];
	snprintf(cmd, sizeof cmd, "ls -A %s | wc -l", folder);
	FILE *p = popen(cmd, "r");
	int n = -1;
	cr_assert_eq(fscanf(p, "%d", &n), 1);
	pclose(p);
	return n;
}

static void setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/gpuplan-safety-%d", (int)getpid());
	sh("rm -rf %s && mkdir -p %s", dir);
	umask(022);
}

static void teardown(void)
{
	sh("chmod -R u+w %s 2>/dev/null; rm -rf %s", dir);
}

/* A data folder: the bundled models and GPUs, offers as given. */
static void data_folder(const char *offers)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "mkdir -p %s/models %s/prices && cp %s/models/models.csv %s/models/ && "
		 "cp %s/prices/gpus.csv %s/prices/", dir, dir, GPUPLAN_SRCDIR, dir, GPUPLAN_SRCDIR, dir);
	cr_assert_eq(system(cmd), 0);
	put(in_dir("prices/offers.csv"), offers);
}

static size_t parse_file(const char *path, struct csv_table *t, struct diag *d, char **buf)
{
	size_t len = 0;
	char err[256];
	*buf = csv_read_regular(path, &len, err, sizeof err);
	cr_assert_not_null(*buf, "%s", err);
	return csvtab_parse(t, "offers.csv", *buf, len, d);
}

TestSuite(read, .init = setup, .fini = teardown);

Test(read, an_open_quote_is_reported_where_it_opened)
{
	struct csv_table t;
	struct diag d = {0};
	char *buf;
	cr_assert_eq(parse_file(SAFETY "/open-quote.csv", &t, &d, &buf), 1);
	cr_assert_str_eq(d.msgs[0], "offers.csv:3:24: expected a closing quote for this field, found "
				    "one only on line 6, followed by 's'");
	diag_clear(&d);
	csvtab_free(&t);
	free(buf);
}

Test(read, a_semicolon_file_says_so_once)
{
	struct csv_table t;
	struct diag d = {0};
	char *buf;
	cr_assert_eq(parse_file(SAFETY "/semicolon.csv", &t, &d, &buf), 1);
	cr_assert_eq(d.kept, 1);
	cr_assert_str_eq(d.msgs[0], "offers.csv:1:1: this file seems to use ';' as the separator: "
				    "save it with commas");
	diag_clear(&d);
	csvtab_free(&t);
	free(buf);
}

Test(read, gbk_text_gives_one_message_to_save_as_utf8)
{
	struct csv_table t;
	struct diag d = {0};
	char *buf;
	cr_assert_eq(parse_file(SAFETY "/gbk.csv", &t, &d, &buf), 1);
	cr_assert_eq(d.kept, 1);
	cr_assert_str_eq(d.msgs[0], "offers.csv:2:23: expected UTF-8 text, found byte 0xc4 (and on 2 "
				    "more lines): save the file as UTF-8 (it looks like GBK/GB18030 "
				    "text)");
	diag_clear(&d);
	csvtab_free(&t);
	free(buf);
}

Test(read, cr_only_line_ends_are_line_ends)
{
	struct csv_table t;
	struct diag d = {0};
	char *buf;
	cr_assert_eq(parse_file(SAFETY "/cr-only.csv", &t, &d, &buf), 0);
	cr_assert_eq(t.nrecords, 3);
	cr_assert_eq(t.records[0].count, 13);
	cr_assert_eq(t.records[2].line, 4);
	const struct csv_cell *monthly = csvtab_cell(&t, 2, 5);
	cr_assert_str_eq(monthly->text, "x");
	cr_assert_eq(monthly->line, 4);
	cr_assert_eq(monthly->col, 25);
	csvtab_free(&t);
	free(buf);
}

Test(read, positions_and_texts_of_quoted_fields)
{
	static const char text[] = "\xEF\xBB\xBF" "a,b\r\n# note\r\n  x , \"q \"\"1\"\"\" ,\"l1\nl2\"\r\n";
	struct csv_table t;
	struct diag d = {0};
	cr_assert_eq(csvtab_parse(&t, "f", text, sizeof text - 1, &d), 0);
	cr_assert_eq(t.nrecords, 2);
	const struct csv_cell *c0 = csvtab_cell(&t, 1, 0);
	cr_assert_str_eq(c0->text, "x");
	cr_assert_eq(c0->line, 3);
	cr_assert_eq(c0->start, 3 + 13);
	const struct csv_cell *c1 = csvtab_cell(&t, 1, 1);
	cr_assert_str_eq(c1->text, "q \"1\"");
	cr_assert_eq(c1->col, 6);
	cr_assert_str_eq(csvtab_cell(&t, 1, 2)->text, "l1\nl2");
	cr_assert_str_eq(csvtab_text(&t, 0, 1), "b");
	csvtab_drop_source(&t); /* the buffer may go: texts and lines stay */
	cr_assert_str_eq(csvtab_cell(&t, 1, 1)->text, "q \"1\"");
	cr_assert_eq(csvtab_cell(&t, 1, 1)->line, 3);
	csvtab_free(&t);
}

/* libcsv stops at the bad byte; the message names the field it belongs to
 * where that field opened when its quote spans lines. */
Test(read, quoting_faults_are_placed_where_libcsv_stopped)
{
	static const struct {
		const char *text, *msg;
	} cases[] = {
		{.text = "a,b\nab\"c,d\n",
		 .msg = "f:2:3: expected a doubled quote (\"\") or the end of the quoted field, found '\"'"},
		{.text = "a,b\n1,\"open\n2,\"x\"\n",
		 .msg = "f:2:3: expected a closing quote for this field, found one only on line 3, "
			"followed by 'x'"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct csv_table t;
		struct diag d = {0};
		cr_assert_eq(csvtab_parse(&t, "f", cases[i].text, strlen(cases[i].text), &d), 1);
		cr_assert_str_eq(d.msgs[0], cases[i].msg);
		diag_clear(&d);
		csvtab_free(&t);
	}
}

/* Lines are fed to libcsv one at a time: a '#' line inside an open quoted
 * field is text, not a comment, and the record after it has its own line. */
Test(read, a_hash_line_inside_quotes_is_text)
{
	static const char text[] = "a,b\r1,\"x\r# not a comment\"\r2,  \"y\" \r";
	struct csv_table t;
	struct diag d = {0};
	cr_assert_eq(csvtab_parse(&t, "f", text, sizeof text - 1, &d), 0);
	cr_assert_eq(t.nrecords, 3);
	cr_assert_str_eq(csvtab_text(&t, 1, 1), "x\r# not a comment");
	const struct csv_cell *y = csvtab_cell(&t, 2, 1);
	cr_assert_str_eq(y->text, "y");
	cr_assert_eq(y->line, 4);
	cr_assert_eq(y->col, 3);
	cr_assert_eq(y->start, 28);
	cr_assert_eq(y->end, 34);
	csvtab_free(&t);
}

Test(read, a_fifo_or_a_folder_is_refused_without_blocking)
{
	data_folder(HEADER);
	sh("rm %s/prices/offers.csv && mkfifo %s/prices/offers.csv", dir);
	alarm(5); /* blocked on the FIFO: SIGALRM ends the test as a crash */
	struct catalog c;
	struct diag d = {0};
	cr_assert_neq(data_load_dir(&c, dir, &d), 0);
	alarm(0);
	cr_assert(strstr(d.msgs[0], "prices/offers.csv: cannot read: not a regular file"), "%s",
		  d.msgs[0]);
	diag_clear(&d);
	catalog_free(&c);
	sh("rm %s/prices/offers.csv && mkdir %s/prices/offers.csv", dir);
	cr_assert_neq(data_load_dir(&c, dir, &d), 0);
	cr_assert(strstr(d.msgs[0], "not a regular file"), "%s", d.msgs[0]);
	diag_clear(&d);
	catalog_free(&c);
}

/* 32 bytes a cell made 10^6 offer rows cost half a gigabyte: the table
 * must now take about the file's size. */
Test(read, a_large_file_takes_about_its_size)
{
	size_t rows = 200000, cap = rows * 80 + 200, len = 0;
	char *buf = malloc(cap);
	len += (size_t)sprintf(buf, HEADER);
	for (size_t i = 0; i < rows; i++)
		len += (size_t)sprintf(buf + len, "g%zu,container,1,4,r%zu,%zu,,CNY,,,none,2026-10-12,s\n",
				       i % 100, i % 7, 1000 + i);
	struct mallinfo2 before = mallinfo2();
	struct csv_table t;
	struct diag d = {0};
	cr_assert_eq(csvtab_parse(&t, "big.csv", buf, len, &d), 0);
	struct mallinfo2 after = mallinfo2();
	size_t used = (after.uordblks + after.hblkhd) - (before.uordblks + before.hblkhd);
	cr_assert_eq(t.nrecords, rows + 1);
	cr_assert_str_eq(csvtab_cell(&t, rows, 5)->text, "200999");
	cr_assert_lt(used, len + rows * 24, "%zu bytes for a %zu-byte file", used, len);
	csvtab_free(&t);
	free(buf);
}

TestSuite(atomic, .init = setup, .fini = teardown);

static bool write_hello(FILE *f, void *ctx)
{
	return fprintf(f, "hello %s\n", (const char *)ctx) > 0;
}

static bool write_fails(FILE *f, void *ctx)
{
	(void)ctx;
	fputs("half", f);
	return false;
}

Test(atomic, writes_whole_and_never_replaces_when_exclusive)
{
	char err[512];
	const char *q = in_dir("quote-1.md");
	cr_assert(atomic_write(q, write_hello, "one", true, err, sizeof err), "%s", err);
	cr_assert_str_eq(slurp(q), "hello one\n");
	cr_assert_not(atomic_write(q, write_hello, "two", true, err, sizeof err));
	cr_assert(strstr(err, "quote-1.md already exists"), "%s", err);
	cr_assert_str_eq(slurp(q), "hello one\n");
	cr_assert(atomic_write(q, write_hello, "three", false, err, sizeof err), "%s", err);
	cr_assert_str_eq(slurp(q), "hello three\n");
	cr_assert_not(atomic_write(in_dir("quote-2.md"), write_fails, NULL, true, err, sizeof err));
	cr_assert_eq(count_entries(dir), 1, "a temporary or partial file was left");
	cr_assert_not(atomic_write("/nonexistent/q.md", write_hello, "x", false, err, sizeof err));
	cr_assert_str_eq(err, "cannot save /nonexistent/q.md: No such file or directory");
}

static bool write_big(FILE *f, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < 4000; i++)
		if (fprintf(f, "| row %04d | a quote line that fills the disk |\n", i) < 0)
			return false;
	return true;
}

/* A real full disk: a 64 KB tmpfs (needs root; skipped otherwise). */
Test(atomic, a_full_disk_leaves_no_truncated_file)
{
	char mnt[160], err[512], q[200];
	snprintf(mnt, sizeof mnt, "%s/full", dir);
	mkdir(mnt, 0755);
	if (!try_sh("mount -t tmpfs -o size=64k tmpfs %s 2>/dev/null", mnt))
		cr_skip_test("cannot mount a tmpfs here (needs root): no full-disk case");
	snprintf(q, sizeof q, "%s/quote-1.md", mnt);
	bool ok = atomic_write(q, write_big, NULL, true, err, sizeof err);
	int left = count_entries(mnt);
	try_sh("umount %s", mnt);
	cr_assert_not(ok);
	cr_assert(strstr(err, "quote-1.md: No space left on device"), "%s", err);
	cr_assert_eq(left, 0, "a truncated quote or temporary file was left");
}

/* A fatal signal in the middle of a save (a crash, kill -TRAP, a CPU time
 * limit): the child dies by that signal and leaves no NAME.tmp-* beside
 * the file (SIGTRAP, SIGSYS, SIGXCPU, SIGVTALRM and SIGPROF left one and
 * the terminal raw). The real-time range is fatal too. */
static int die_mid_save(const char *path, int sig)
{
	pid_t pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		struct rlimit no_core = {0, 0};
		setrlimit(RLIMIT_CORE, &no_core);
		struct atomic_file a;
		char err[512];
		terminal_catch_signals();
		if (!atomic_begin(&a, path, 0644, err, sizeof err) ||
		    !atomic_put(&a, "half a quote", 12, err, sizeof err))
			_exit(3);
		raise(sig);
		_exit(4); /* still alive: the signal did not end it */
	}
	int status = 0;
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	return status;
}

Test(atomic, a_fatal_signal_mid_save_leaves_no_temporary_file)
{
	const int sigs[] = {SIGTRAP, SIGSYS, SIGXCPU, SIGVTALRM, SIGPROF, SIGSEGV, SIGBUS,
			    SIGABRT, SIGRTMIN, SIGRTMAX};
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		int status = die_mid_save(in_dir("quote-1.md"), sigs[i]);
		cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == sigs[i],
			  "signal %d: status %#x, not death by it", sigs[i], (unsigned)status);
		cr_assert_eq(count_entries(dir), 0, "signal %d left a temporary file", sigs[i]);
	}
}

/* Over ulimit -f a write fails with EFBIG instead of SIGXFSZ killing the
 * program: the save says why and leaves nothing; the quits and SIGPIPE
 * are not fatal either. */
Test(atomic, a_file_over_the_size_limit_fails_instead_of_killing)
{
	pid_t pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		struct rlimit one_block = {1024, RLIM_INFINITY};
		char err[512];
		terminal_catch_signals();
		setrlimit(RLIMIT_FSIZE, &one_block);
		bool ok = atomic_write(in_dir("quote-1.md"), write_big, NULL, true, err, sizeof err);
		raise(SIGPIPE);
		_exit(!ok && strstr(err, "quote-1.md: File too large") ? 0 : 5);
	}
	int status = 0;
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %#x", (unsigned)status);
	cr_assert_eq(count_entries(dir), 0, "a partial quote or temporary file was left");
}

TestSuite(edit, .init = setup, .fini = teardown);

static const char offers[] =
	HEADER
	"h100-80g,container,1,4,,9345,,CNY,,,none,2026-10-12,site\n"
	"h100-80g,baremetal,8,,宁夏一区,88480,,CNY,95折,,none,2026-10-12,site\n";

static const struct field_edit bm_keys[] = {{"gpu", "h100-80g"}, {"kind", "baremetal"}};

Test(edit, a_row_changed_on_disk_is_a_conflict_not_a_lost_update)
{
	data_folder(offers);
	const char *path = in_dir("prices/offers.csv");
	char err[512];
	static const char *const cols[] = {"monthly", "discount", "collected"}; /* the dialog's */
	struct csv_row_snapshot snap;
	cr_assert(csv_edit_snapshot(path, 3, bm_keys, 2, cols, 3, &snap, err, sizeof err), "%s", err);
	cr_assert_str_eq(snap.texts[1], "95折");
	/* another instance saves the row meanwhile */
	const struct field_edit other[] = {{"monthly", "8100"}, {"collected", "2026-10-20"}};
	cr_assert_eq(csv_edit_row(path, 3, bm_keys, 2, other, 2, err, sizeof err), 0, "%s", err);
	char disk[4096];
	snprintf(disk, sizeof disk, "%s", slurp(path));
	const struct field_change mine[] = {{"monthly", snap.texts[0], "88480"},
					    {"discount", snap.texts[1], "92折"},
					    {"collected", snap.texts[2], "2026-10-12"}};
	struct csv_edit e = {.path = path, .line = 3, .loaded_row = snap.bytes, .keys = bm_keys,
			     .n_keys = 2, .fields = mine, .n_fields = 3};
	struct csv_edit_result r;
	cr_assert_eq(csv_edit_save(&e, &r), CSV_EDIT_CONFLICT, "%s", r.message);
	cr_assert_str_eq(slurp(path), disk, "a conflicting save wrote");
	cr_assert_str_eq(r.loaded_row, "h100-80g,baremetal,8,,宁夏一区,88480,,CNY,95折,,none,2026-10-12,site");
	cr_assert_str_eq(r.disk_row, "h100-80g,baremetal,8,,宁夏一区,8100,,CNY,95折,,none,2026-10-20,site");
	cr_assert(r.mergeable);
	cr_assert(strstr(r.message, ":3: the row changed on disk since it was loaded: monthly: \"8100\" "
				    "(was \"88480\")"), "%s", r.message);
	csv_edit_result_free(&r);
	cr_assert_eq(csv_edit_merge(&e, &r), CSV_EDIT_SAVED, "%s", r.message);
	cr_assert(strstr(slurp(path), "宁夏一区,8100,,CNY,92折,,none,2026-10-20,site\n"), "%s", slurp(path));
	csv_edit_result_free(&r);
	csv_row_snapshot_free(&snap);
}

Test(edit, a_field_changed_on_both_sides_cannot_be_merged)
{
	data_folder(offers);
	const char *path = in_dir("prices/offers.csv");
	char err[512];
	const struct field_edit other[] = {{"discount", "9折"}};
	cr_assert_eq(csv_edit_row(path, 3, bm_keys, 2, other, 1, err, sizeof err), 0, "%s", err);
	const struct field_change mine[] = {{"discount", "95折", "92折"}};
	struct csv_edit e = {.path = path, .line = 3, .fields = mine, .n_fields = 1};
	struct csv_edit_result r;
	cr_assert_eq(csv_edit_save(&e, &r), CSV_EDIT_CONFLICT);
	cr_assert_not(r.mergeable);
	csv_edit_result_free(&r);
	cr_assert_eq(csv_edit_merge(&e, &r), CSV_EDIT_CONFLICT);
	cr_assert(strstr(slurp(path), ",9折,"));
	csv_edit_result_free(&r);
}

Test(edit, a_symlink_edits_its_target_and_stays_a_link)
{
	sh("mkdir -p %s/shared %s/mine", dir);
	put(in_dir("shared/offers.csv"), offers);
	sh("ln -s ../shared/offers.csv %s/mine/offers.csv", dir);
	char err[512];
	const struct field_edit edits[] = {{"monthly", "87000"}};
	cr_assert_eq(csv_edit_row(in_dir("mine/offers.csv"), 3, bm_keys, 2, edits, 1, err, sizeof err),
		     0, "%s", err);
	struct stat st;
	cr_assert_eq(lstat(in_dir("mine/offers.csv"), &st), 0);
	cr_assert(S_ISLNK(st.st_mode), "the link was replaced by a file");
	cr_assert(strstr(slurp(in_dir("shared/offers.csv")), ",87000,"));
	cr_assert_str_eq(slurp(in_dir("shared/offers.csv.bak")), offers);
	cr_assert_eq(count_entries(in_dir("mine")), 1, "a .bak or temporary file next to the link");
}

Test(edit, a_read_only_file_is_refused_and_modes_are_kept)
{
	const char *path = in_dir("offers.csv");
	put(path, offers);
	chmod(path, 0444);
	char err[512];
	const struct field_edit edits[] = {{"monthly", "87000"}};
	cr_assert_eq(csv_edit_row(path, 3, bm_keys, 2, edits, 1, err, sizeof err), -1);
	cr_assert(strstr(err, "offers.csv: it is read-only (mode 0444); the file is unchanged"), "%s",
		  err);
	cr_assert_str_eq(slurp(path), offers);
	cr_assert_eq(count_entries(dir), 1);
	chmod(path, 0640);
	bool root = geteuid() == 0 && chown(path, 65534, 65534) == 0; /* and another owner */
	cr_assert_eq(csv_edit_row(path, 3, bm_keys, 2, edits, 1, err, sizeof err), 0, "%s", err);
	struct stat st;
	cr_assert(stat(path, &st) == 0 && (st.st_mode & 07777) == 0640, "mode %o", st.st_mode);
	cr_assert(!root || (st.st_uid == 65534 && st.st_gid == 65534), "owner %d", (int)st.st_uid);
}

/* Another user's file in a folder anyone may write: the folder would let
 * a rename replace it, the file's own permission must not. */
Test(edit, another_users_file_is_refused)
{
	if (geteuid() != 0)
		cr_skip_test("needs root to act as another user");
	const char *path = in_dir("offers.csv");
	put(path, offers);
	chmod(dir, 0777);
	pid_t pid = fork();
	if (pid == 0) {
		char err[512];
		const struct field_edit edits[] = {{"monthly", "1"}};
		if (setgid(65534) != 0 || setuid(65534) != 0)
			_exit(2);
		int rc = csv_edit_row(path, 3, bm_keys, 2, edits, 1, err, sizeof err);
		_exit(rc == -1 && strstr(err, "it belongs to another user who did not let you write it "
					      "(mode 0644)") ? 0 : 1);
	}
	int status = 0;
	waitpid(pid, &status, 0);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %d", status);
	cr_assert_str_eq(slurp(path), offers);
	cr_assert_eq(count_entries(dir), 1);
}

Test(edit, backups_rotate_and_an_unchanged_row_is_not_saved)
{
	const char *path = in_dir("offers.csv");
	put(path, offers);
	char err[512];
	const char *prices[] = {"1", "2", "3", "4"};
	char versions[5][4096];
	snprintf(versions[0], sizeof versions[0], "%s", offers);
	for (int i = 0; i < 4; i++) {
		const struct field_edit edits[] = {{"monthly", prices[i]}};
		cr_assert_eq(csv_edit_row(path, 3, bm_keys, 2, edits, 1, err, sizeof err), 0, "%s", err);
		snprintf(versions[i + 1], sizeof versions[0], "%s", slurp(path));
	}
	cr_assert_str_eq(slurp(in_dir("offers.csv.bak")), versions[3]);
	cr_assert_str_eq(slurp(in_dir("offers.csv.bak.1")), versions[2]);
	cr_assert_str_eq(slurp(in_dir("offers.csv.bak.2")), versions[1]);
	cr_assert_eq(count_entries(dir), 4);
	/* the same value again: no write, no rotation */
	const struct field_edit same[] = {{"monthly", "4"}};
	const struct field_change unchanged[] = {{"monthly", "4", "4"}};
	struct csv_edit e = {.path = path, .line = 3, .fields = unchanged, .n_fields = 1};
	struct csv_edit_result r;
	cr_assert_eq(csv_edit_save(&e, &r), CSV_EDIT_UNCHANGED, "%s", r.message);
	cr_assert(strstr(r.message, "unchanged"), "%s", r.message);
	cr_assert_eq(csv_edit_row(path, 3, bm_keys, 2, same, 1, err, sizeof err), 0, "%s", err);
	cr_assert_str_eq(slurp(in_dir("offers.csv.bak")), versions[3]);
	cr_assert_str_eq(slurp(in_dir("offers.csv.bak.2")), versions[1]);
}

Test(edit, missing_hourly_and_discount_columns_are_added)
{
	const char *path = in_dir("offers.csv");
	put(path, "# mine\ngpu,kind,monthly\nh100-80g,container,9345\nh100-80g,baremetal,88480\n");
	const struct field_edit edits[] = {{"discount", "9折"}, {"hourly", "12.5"}};
	char err[512];
	cr_assert_eq(csv_edit_row(path, 4, bm_keys, 2, edits, 2, err, sizeof err), 0, "%s", err);
	cr_assert_str_eq(slurp(path), "# mine\ngpu,kind,monthly,discount,hourly\n"
				      "h100-80g,container,9345,,\nh100-80g,baremetal,88480,9折,12.5\n");
}

Test(edit, stale_temporary_files_are_cleaned_at_load)
{
	data_folder(offers);
	put(in_dir("prices/offers.csv.tmp-AbC123"), "half");
	put(in_dir("prices/offers.csv.tmp-new999"), "saving now");
	put(in_dir("prices/notes.tmp-AbC123"), "not ours");
	struct timeval old[2] = {{.tv_sec = time(NULL) - 120}, {.tv_sec = time(NULL) - 120}};
	utimes(in_dir("prices/offers.csv.tmp-AbC123"), old);
	utimes(in_dir("prices/notes.tmp-AbC123"), old);
	struct catalog c;
	struct diag d = {0};
	cr_assert_eq(data_load_dir(&c, dir, &d), 0);
	catalog_free(&c);
	cr_assert_neq(access(in_dir("prices/offers.csv.tmp-AbC123"), F_OK), 0, "stale file kept");
	cr_assert_eq(access(in_dir("prices/offers.csv.tmp-new999"), F_OK), 0, "a fresh save was removed");
	cr_assert_eq(access(in_dir("prices/notes.tmp-AbC123"), F_OK), 0, "someone else's file removed");
}

TestSuite(dataedit, .init = setup, .fini = teardown);

Test(dataedit, a_copy_that_loads_replaces_the_file_with_a_backup)
{
	data_folder(offers);
	struct data_edit e;
	char err[512];
	cr_assert(data_edit_begin(&e, dir, FILE_OFFERS, err, sizeof err), "%s", err);
	cr_assert(strstr(e.copy, "/prices/offers.edit-") && strstr(e.copy, ".csv"), "%s", e.copy);
	cr_assert_str_eq(slurp(e.copy), offers);
	put(e.copy, HEADER "h100-80g,container,1,4,,9000,,CNY,,,none,2026-10-12,site\n");
	struct data_edit_outcome o;
	cr_assert_eq(data_edit_finish(&e, &o), DATA_EDIT_SAVED, "%s", o.message);
	cr_assert(strstr(slurp(in_dir("prices/offers.csv")), ",9000,"));
	cr_assert_str_eq(slurp(in_dir("prices/offers.csv.bak")), offers);
	cr_assert_eq(count_entries(in_dir("prices")), 3, "the copy was left");
	data_edit_free(&e);
	/* a copy left as it was: nothing written, no copy and no new .bak left */
	cr_assert(data_edit_begin(&e, dir, FILE_OFFERS, err, sizeof err), "%s", err);
	cr_assert_eq(data_edit_finish(&e, &o), DATA_EDIT_UNCHANGED, "%s", o.message);
	cr_assert_eq(count_entries(in_dir("prices")), 3, "a copy or a .bak was left");
	cr_assert_str_eq(slurp(in_dir("prices/offers.csv.bak")), offers);
	data_edit_free(&e);
}

Test(dataedit, a_copy_that_fails_is_kept_aside_and_the_file_untouched)
{
	data_folder(offers);
	struct data_edit e;
	char err[512];
	cr_assert(data_edit_begin(&e, dir, FILE_OFFERS, err, sizeof err), "%s", err);
	put(e.copy, HEADER "h100-80g,contai"); /* an editor that died mid-write */
	struct data_edit_outcome o;
	cr_assert_eq(data_edit_finish(&e, &o), DATA_EDIT_REJECTED, "%s", o.message);
	cr_assert_str_eq(slurp(in_dir("prices/offers.csv")), offers);
	cr_assert(strstr(o.rejected, "/prices/offers.csv.rejected-"), "%s", o.rejected);
	cr_assert(strstr(slurp(o.rejected), "h100-80g,contai"));
	/* the message names the copy where it is kept, not its temporary name */
	char want[sizeof o.rejected + 8];
	snprintf(want, sizeof want, "%s:2:", o.rejected);
	cr_assert_eq(strncmp(o.message, want, strlen(want)), 0, "%s", o.message);
	cr_assert(strstr(o.message, "offers.csv is unchanged"), "%s", o.message);
	cr_assert_null(strstr(o.message, ".edit-"), "%s", o.message);
	cr_assert(data_edit_reopen(&e, o.rejected, err, sizeof err), "%s", err);
	cr_assert_str_eq(e.copy, o.rejected);
	data_edit_free(&e);
	chmod(in_dir("prices/offers.csv"), 0444); /* a read-only file is not offered for editing */
	cr_assert_not(data_edit_begin(&e, dir, FILE_OFFERS, err, sizeof err));
	cr_assert(strstr(err, "it is read-only (mode 0444)"), "%s", err);
}

Test(dataedit, a_failed_editor_is_named)
{
	char out[256];
	cr_assert(editor_failure_text(out, sizeof out, "vim -f", 1 << 8, 0));
	cr_assert_str_eq(out, "the editor 'vim' exited with status 1");
	cr_assert(editor_failure_text(out, sizeof out, "nano", 127 << 8, 0));
	cr_assert_str_eq(out, "could not start 'nano': No such file or directory");
	cr_assert(editor_failure_text(out, sizeof out, "nano", 0, ENOENT));
	cr_assert_str_eq(out, "could not start 'nano': No such file or directory");
	cr_assert(editor_failure_text(out, sizeof out, "vim", SIGKILL, 0));
	cr_assert_str_eq(out, "the editor 'vim' was killed by signal 9 (Killed)");
	cr_assert_not(editor_failure_text(out, sizeof out, "vim", 0, 0));
}

/* The C library's words in Chinese too: a jump host has no libc zh_CN. */
Test(dataedit, a_failed_editor_is_named_in_chinese)
{
	char out[256];
	i18n_setup("zh", "/nonexistent/gpuplan-locale");
	cr_assert(editor_failure_text(out, sizeof out, "nano", 0, ENOENT));
	cr_assert(strstr(out, "文件或目录不存在"), "%s", out);
	cr_assert(editor_failure_text(out, sizeof out, "vim", SIGKILL, 0));
	cr_assert(strstr(out, "（已杀死）") || strstr(out, "(已杀死)"), "%s", out);
	cr_assert_null(strstr(out, "Killed"), "%s", out);
	i18n_setup("en", "/nonexistent/gpuplan-locale");
	cr_assert(editor_failure_text(out, sizeof out, "vim", SIGKILL, 0));
	cr_assert_str_eq(out, "the editor 'vim' was killed by signal 9 (Killed)");
}

TestSuite(copy, .init = setup, .fini = teardown);

Test(copy, an_empty_export_folder_is_refused)
{
	char err[256];
	cr_assert_eq(data_export("", err, sizeof err), -1);
	cr_assert_str_eq(err, "--export-data: expected a folder name, found \"\"");
}

Test(copy, the_first_edit_copy_is_whole)
{
	char xdg[200], out[300], err[512];
	snprintf(xdg, sizeof xdg, "%s/xdg", dir);
	setenv("XDG_CONFIG_HOME", xdg, 1);
	struct catalog c = {.kind = DATA_BUILTIN};
	int copied = 0;
	cr_assert_eq(data_user_copy(&c, out, sizeof out, &copied, err, sizeof err), 0, "%s", err);
	cr_assert(copied);
	snprintf(out, sizeof out, "%s/gpuplan/prices/offers.csv", xdg);
	cr_assert_eq(access(out, R_OK), 0);
	cr_assert_eq(count_entries(xdg), 1, "a temporary folder was left");
}

/* issue 13: XDG_CONFIG_HOME naming a file read as "an incomplete copy". */
Test(copy, a_file_where_the_config_folder_should_be_is_named)
{
	char xdg[200], out[300], err[512], want[900];
	snprintf(xdg, sizeof xdg, "%s/xdg-is-a-file", dir);
	put(xdg, "not a folder\n");
	setenv("XDG_CONFIG_HOME", xdg, 1);
	struct catalog c = {.kind = DATA_BUILTIN};
	int copied = 0;
	cr_assert_eq(data_user_copy(&c, out, sizeof out, &copied, err, sizeof err), -1);
	snprintf(want, sizeof want, "cannot copy the data to %s/gpuplan: %s is a file, not a folder "
		 "(XDG_CONFIG_HOME names it)", xdg, xdg);
	cr_assert_str_eq(err, want);
	cr_assert_str_eq(slurp(xdg), "not a folder\n");
}

Test(copy, a_full_disk_leaves_no_partial_copy)
{
	char mnt[160], out[300], err[512];
	snprintf(mnt, sizeof mnt, "%s/full", dir);
	mkdir(mnt, 0755);
	if (!try_sh("mount -t tmpfs -o size=8k tmpfs %s 2>/dev/null", mnt))
		cr_skip_test("cannot mount a tmpfs here (needs root): no full-disk case");
	setenv("XDG_CONFIG_HOME", mnt, 1);
	struct catalog c = {.kind = DATA_BUILTIN};
	int copied = 0;
	int rc = data_user_copy(&c, out, sizeof out, &copied, err, sizeof err);
	int left = count_entries(mnt);
	try_sh("umount %s", mnt);
	cr_assert_eq(rc, -1);
	cr_assert(strstr(err, "No space left on device"), "%s", err);
	cr_assert_eq(left, 0, "a partial copy was left");
}

Test(copy, a_partial_folder_is_not_taken_for_data)
{
	char xdg[200], out[300], err[512];
	snprintf(xdg, sizeof xdg, "%s/xdg", dir);
	setenv("XDG_CONFIG_HOME", xdg, 1);
	unsetenv("GPUPLAN_DATA");
	sh("mkdir -p %s/xdg/gpuplan/models", dir);
	snprintf(out, sizeof out, "cp %s/models/models.csv %s/gpuplan/models/", GPUPLAN_SRCDIR, xdg);
	cr_assert_eq(system(out), 0);
	struct catalog c;
	struct diag d = {0};
	cr_assert_eq(data_load(&c, NULL, &d), 0);
	cr_assert_eq(d.warnings, 1);
	cr_assert(strstr(d.msgs[0], "gpuplan/prices/gpus.csv: missing, so ") &&
		  strstr(d.msgs[0], " is not used"), "%s", d.msgs[0]);
	cr_assert_neq(c.kind, DATA_USER);
	diag_clear(&d);
	/* the next first edit moves it aside and copies whole */
	int copied = 0;
	cr_assert_eq(data_user_copy(&c, out, sizeof out, &copied, err, sizeof err), 0, "%s", err);
	catalog_free(&c);
	snprintf(out, sizeof out, "%s/gpuplan/prices/gpus.csv", xdg);
	cr_assert_eq(access(out, R_OK), 0);
	cr_assert_eq(data_load(&c, NULL, &d), 0);
	cr_assert_eq(d.warnings, 0);
	catalog_free(&c);
}

TestSuite(merge);

static const char merge_base[] =
	"# mine\n"
	"gpu,kind,monthly,discount\n"
	"a,container,1,\n"
	"b,container,2,\n"
	"c,baremetal,3,\"x, y\"\n";

/* csv_merge3(base, mine, theirs), expected merged text or NULL (conflict
 * at line first_conflict of mine). */
static void merges_to(const char *mine, const char *theirs, const char *want,
		      size_t first_conflict)
{
	struct csv_merge m;
	cr_assert(csv_merge3(merge_base, strlen(merge_base), mine, strlen(mine), theirs,
			     strlen(theirs), &m));
	if (want) {
		cr_assert_eq(m.nconflicts, 0, "conflict at %zu", m.lines[0]);
		cr_assert_eq(m.len, strlen(want));
		cr_assert_eq(memcmp(m.data, want, m.len), 0, "%.*s", (int)m.len, m.data);
	} else {
		cr_assert_gt(m.nconflicts, 0);
		cr_assert_eq(m.lines[0], first_conflict);
	}
	csv_merge_free(&m);
}

Test(merge, different_rows_both_kept)
{
	merges_to("# mine\ngpu,kind,monthly,discount\na,container,10,\nb,container,2,\n"
		  "c,baremetal,3,\"x, y\"\n",
		  "# mine\ngpu,kind,monthly,discount\na,container,1,\nb,container,2,\n"
		  "c,baremetal,30,\"x, y\"\n",
		  "# mine\ngpu,kind,monthly,discount\na,container,10,\nb,container,2,\n"
		  "c,baremetal,30,\"x, y\"\n", 0);
}

Test(merge, one_row_different_fields_merge_field_by_field)
{
	merges_to("# mine\ngpu,kind,monthly,discount\na,container,1,\nb,container,2,\n"
		  "c,baremetal,33,\"x, y\"\n",
		  "# mine\ngpu,kind,monthly,discount\na,container,1,\nb,container,2,\n"
		  "c,baremetal,3,\"x, z\"\n",
		  "# mine\ngpu,kind,monthly,discount\na,container,1,\nb,container,2,\n"
		  "c,baremetal,33,\"x, z\"\n", 0);
}

Test(merge, one_field_changed_on_both_sides_is_a_conflict_at_its_line)
{
	merges_to("# mine\ngpu,kind,monthly,discount\na,container,1,\nb,container,20,\n"
		  "c,baremetal,3,\"x, y\"\n",
		  "# mine\ngpu,kind,monthly,discount\na,container,1,\nb,container,21,\n"
		  "c,baremetal,3,\"x, y\"\n", NULL, 4);
}

Test(merge, rows_added_and_removed_on_either_side)
{
	/* theirs inserts a row above; mine deletes b and edits c */
	merges_to("# mine\ngpu,kind,monthly,discount\na,container,1,\nc,baremetal,4,\"x, y\"\n",
		  "# mine\ngpu,kind,monthly,discount\nz,container,9,\na,container,1,\nb,container,2,\n"
		  "c,baremetal,3,\"x, y\"\n",
		  "# mine\ngpu,kind,monthly,discount\nz,container,9,\na,container,1,\n"
		  "c,baremetal,4,\"x, y\"\n", 0);
}

/* An edit finds rows with csv_scan instead of parsing 10^6 of them: on
 * every file csvtab_parse accepts, both find the same records. */
static void scan_agrees(const char *name, const char *buf, size_t len)
{
	struct csv_table t;
	struct diag d = {0};
	if (csvtab_parse(&t, name, buf, len, &d)) {
		diag_clear(&d);
		csvtab_free(&t);
		return;
	}
	diag_clear(&d);
	struct csv_scan sc;
	struct csv_span r;
	size_t bom = len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0, n = 0;
	csv_scan_init(&sc, buf, len);
	for (; csv_scan_next(&sc, &r); n++) {
		cr_assert_lt(n, t.nrecords, "%s: a record csvtab did not find on line %u", name, r.line);
		cr_assert_eq(r.start, bom + t.records[n].raw, "%s: record %zu", name, n);
		cr_assert_eq(r.line, t.records[n].line, "%s: record %zu", name, n);
	}
	cr_assert_eq(n, t.nrecords, "%s", name);
	csvtab_free(&t);
}

Test(read, the_row_scan_finds_what_the_parser_finds)
{
	static const char *const texts[] = {
		"a,b\r\n1,\"two\r\nlines\"\r\n# note\r\n\r\n  \r\n3,\"#x\"\n",
		"\xEF\xBB\xBF" "# c\na,b\n1,2",
		"a,b\r1,2\r3,\"\"\"q\"\"\"\r",
	};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
		scan_agrees("text", texts[i], strlen(texts[i]));
	FILE *p = popen("find " FIXTURES " " GPUPLAN_SRCDIR "/prices " GPUPLAN_SRCDIR "/models "
			"-name '*.csv'", "r");
	char path[1024];
	int files = 0;
	while (p && fgets(path, sizeof path, p)) {
		char err[256], *buf;
		size_t len = 0;
		path[strcspn(path, "\n")] = '\0';
		if ((buf = csv_read_regular(path, &len, err, sizeof err)))
			scan_agrees(path, buf, len), files++;
		free(buf);
	}
	pclose(p);
	cr_assert_gt(files, 20);
}
