#include "cli.h"

#include <getopt.h>
#include <stddef.h>
#include <string.h>

#include "config.h"
#include "i18n.h"
#include "settings.h"
#include "text.h"

/* getopt's value for an option without a short letter: this + its index
 * in the combined list (settings[] first, then cli_options[]). */
enum { OPT_LONG_ONLY = 256 };

/* The options that are not scenario settings: each row says what it
 * does, by a mode, a handler or both. */
struct cli_option {
	const char *name;
	char short_flag;     /* 0: none */
	const char *metavar; /* NULL: a flag */
	const char *help;
	enum cli_mode mode; /* MODE_AUTO: leaves the mode alone */
	int (*handle)(struct cli *cli, const char *arg, FILE *err);
	size_t keep; /* offsetof the struct cli member that keeps the value; 0: none */
	const char *const *choices; /* listed in --help: the first is the default */
};

static int usage_error(FILE *err, const char *fmt, const char *a, const char *b, const char *c)
{
	fprintf(err, "gpuplan: ");
	fprintf(err, fmt, a, b, c);
	fprintf(err, " (see gpuplan --help)\n");
	return EXIT_USAGE;
}

static int invalid_value(FILE *err, const char *value, const char *option, const char *accepted)
{
	return usage_error(err, "invalid value \"%s\" for --%s: expected %s", value, option,
			   accepted);
}

/* In enum report_format order, NULL-terminated. */
static const char *const format_names[] = {
	[FORMAT_TABLE] = "table", [FORMAT_CSV] = "csv", [FORMAT_JSON] = "json",
	[FORMAT_MARKDOWN] = "markdown", [FORMAT_MARKDOWN + 1] = NULL};

/* "table, csv, json or markdown" (sep ", ", last " or "), or "a|b|c". */
static void join_names(const char *const *names, const char *sep, const char *last, char *buf,
		       size_t cap)
{
	size_t used = 0, n = 0;
	while (names[n])
		n++;
	buf[0] = '\0';
	for (size_t i = 0; i < n && used < cap; i++) {
		const char *before = i == 0 ? "" : i + 1 == n ? last : sep;
		int w = snprintf(buf + used, cap - used, "%s%s", before, names[i]);
		used += w > 0 ? (size_t)w : 0;
	}
}

static int set_format(struct cli *cli, const char *v, FILE *err)
{
	char accepted[80];
	for (size_t i = 0; format_names[i]; i++) {
		if (strcmp(v, format_names[i]) == 0) {
			cli->format = (enum report_format)i;
			return EXIT_OK;
		}
	}
	join_names(format_names, ", ", " or ", accepted, sizeof accepted);
	return invalid_value(err, v, "format", accepted);
}

/* --lang is read before parsing (i18n_lang_arg, so that parse errors are
 * translated too); here it is only checked and listed in --help. */
static int check_lang(struct cli *cli, const char *v, FILE *err)
{
	enum i18n_lang lang;
	(void)cli;
	return i18n_parse_lang(v, &lang) ? EXIT_OK : invalid_value(err, v, "lang", "zh or en");
}

static const struct cli_option cli_options[] = {
	{.name = "gpu", .metavar = "ID[,ID...]", .help = "only these GPU types",
	 .keep = offsetof(struct cli, gpu_filter)},
	{.name = "data", .metavar = "DIR", .help = "read models/ and prices/ from DIR",
	 .keep = offsetof(struct cli, data_dir)},
	{.name = "format", .metavar = "F", .help = "report format", .handle = set_format,
	 .choices = format_names},
	{.name = "print", .help = "print the report even on a terminal", .mode = MODE_PRINT},
	{.name = "compare", .metavar = "\"OPTS\"",
	 .help = "compare with the scenario these options change: \"-c 128k -p int4\"",
	 .keep = offsetof(struct cli, compare)},
	{.name = "limits", .help = "longest context and most sequences on 1, 2, 4 and 8 cards",
	 .mode = MODE_LIMITS},
	{.name = "list-models", .help = "list the model catalogue", .mode = MODE_LIST_MODELS},
	{.name = "list-gpus", .help = "list the GPU types", .mode = MODE_LIST_GPUS},
	{.name = "check-data", .help = "check the data files, report every problem (exit 3 if any)",
	 .mode = MODE_CHECK_DATA},
	{.name = "export-data", .metavar = "DIR",
	 .help = "write the built-in data files under DIR for editing", .mode = MODE_EXPORT_DATA,
	 .keep = offsetof(struct cli, export_dir)},
	{.name = "lang", .metavar = "zh|en",
	 .help = N_("language of the messages (default: from LC_ALL, LC_MESSAGES, LANG)"),
	 .handle = check_lang},
	{.name = "help", .short_flag = 'h', .help = N_("show this help"), .mode = MODE_HELP},
	{.name = "version", .short_flag = 'V', .help = N_("show the version"), .mode = MODE_VERSION},
};
#define NCLI (sizeof cli_options / sizeof cli_options[0])
#define NOPTIONS_MAX 64

/* Entry i of the combined list as one shape: settings on the command
 * line first, then cli_options[]. */
struct entry {
	const char *name, *metavar;
	char short_flag;
	const struct setting *setting;
	const struct cli_option *option;
};

static size_t entries(struct entry *out, size_t cap)
{
	size_t n = 0;
	for (size_t i = 0; i < n_settings && n < cap; i++) {
		const struct setting *s = &settings[i];
		if (setting_on_cli(s))
			out[n++] = (struct entry){s->key, s->metavar, s->short_flag, s, NULL};
	}
	for (size_t i = 0; i < NCLI && n < cap; i++) {
		const struct cli_option *o = &cli_options[i];
		out[n++] = (struct entry){o->name, o->metavar, o->short_flag, NULL, o};
	}
	return n;
}

size_t cli_option_names(const char **names, size_t cap)
{
	struct entry e[NOPTIONS_MAX];
	size_t n = entries(e, NOPTIONS_MAX);
	for (size_t i = 0; i < n && i < cap; i++)
		names[i] = e[i].name;
	return n;
}

static void help_line(FILE *out, const struct entry *e)
{
	char left[64], text[256];
	int n = e->short_flag ? snprintf(left, sizeof left, "-%c, ", e->short_flag)
			      : snprintf(left, sizeof left, "    ");
	snprintf(left + n, sizeof left - (size_t)n, "--%s%s%s", e->name, e->metavar ? " " : "",
		 e->metavar ? e->metavar : "");
	if (e->setting)
		setting_help(e->setting, text, sizeof text);
	else
		snprintf(text, sizeof text, "%s", _(e->option->help));
	if (e->option && e->option->choices) {
		char names[80];
		join_names(e->option->choices, "|", "|", names, sizeof names);
		size_t used = strlen(text);
		snprintf(text + used, sizeof text - used, ": %s (default %s)", names,
			 e->option->choices[0]);
	}
	if (text_width(left) > 26) /* GNU style: a long option on a line of its own */
		fprintf(out, "  %s\n  %-26s %s\n", left, "", text);
	else
		fprintf(out, "  %-26s %s\n", left, text);
}

void cli_help(FILE *out)
{
	struct entry e[NOPTIONS_MAX];
	size_t n = entries(e, NOPTIONS_MAX);
	fputs(_("Usage: gpuplan [OPTION]...\n"), out);
	fputs(_("How many GPU cards to rent, split how, and what they cost per month.\n"
		"On a terminal gpuplan opens the configurator; otherwise, or with --print,\n"
		"it prints a report.\n\n"),
	      out);
	for (size_t i = 0; i < n; i++)
		help_line(out, &e[i]);
	fprintf(out, "\nData: --data DIR, $GPUPLAN_DATA, $XDG_CONFIG_HOME/gpuplan, %s,\n"
		     "then the copy built into the binary.\n"
		     "Exit status: 0 ok, 1 runtime failure, 2 usage error, 3 data error.\n"
		     "Keys in the configurator: press F1 there, or see gpuplan(1).\n", GPUPLAN_PKGDATADIR);
}

/* The model needs the catalogue: its text waits until the data is loaded. */
static int apply_setting(struct cli *cli, const struct setting *s, const char *arg, FILE *err)
{
	char accepted[160];
	if (s->needs_catalog) {
		cli->model = arg;
		return EXIT_OK;
	}
	if (!setting_parse(s, &cli->sc, NULL, arg, accepted, sizeof accepted))
		return invalid_value(err, arg, s->key, accepted);
	return EXIT_OK;
}

static int apply_entry(struct cli *cli, const struct entry *e, const char *arg, FILE *err)
{
	if (e->setting)
		return apply_setting(cli, e->setting, arg, err);
	const struct cli_option *o = e->option;
	if (o->mode != MODE_AUTO)
		cli->mode = o->mode;
	if (o->keep) /* offset 0 is the mode, never a kept value */
		*(const char **)(void *)((char *)cli + o->keep) = arg;
	return o->handle ? o->handle(cli, arg, err) : EXIT_OK;
}

int cli_parse(struct cli *cli, int argc, char **argv, FILE *err)
{
	*cli = (struct cli){.mode = MODE_AUTO, .format = FORMAT_TABLE};
	scenario_defaults(&cli->sc);
	return cli_parse_onto(cli, argc, argv, err);
}

static int entry_key(const struct entry *e, size_t i)
{
	return e->short_flag ? e->short_flag : OPT_LONG_ONLY + (int)i;
}

/* getopt's tables from the entries: ":" first, so a missing value is ':'. */
static void build_getopt(const struct entry *e, size_t n, struct option *longopts,
			 char *shortopts)
{
	size_t ns = 0;
	shortopts[ns++] = ':';
	for (size_t i = 0; i < n; i++) {
		longopts[i] = (struct option){e[i].name, e[i].metavar ? required_argument : no_argument,
					      NULL, entry_key(&e[i], i)};
		if (e[i].short_flag) {
			shortopts[ns++] = e[i].short_flag;
			if (e[i].metavar)
				shortopts[ns++] = ':';
		}
	}
	longopts[n] = (struct option){0};
	shortopts[ns] = '\0';
}

static int apply_key(struct cli *cli, const struct entry *e, size_t n, int c, FILE *err)
{
	for (size_t i = 0; i < n; i++)
		if (entry_key(&e[i], i) == c)
			return apply_entry(cli, &e[i], optarg, err);
	return EXIT_OK;
}

int cli_parse_onto(struct cli *cli, int argc, char **argv, FILE *err)
{
	struct entry e[NOPTIONS_MAX];
	size_t n = entries(e, NOPTIONS_MAX);
	struct option longopts[NOPTIONS_MAX + 1];
	char shortopts[3 * NOPTIONS_MAX + 2];
	build_getopt(e, n, longopts, shortopts);
	opterr = 0;
	optind = 0; /* 0, not 1: glibc then forgets the previous argv */
	int c;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		const char *removed = c == '?' ? settings_removed_hint(argv[optind - 1]) : NULL;
		if (removed)
			return usage_error(err, "%s%s%s", removed, "", "");
		if (c == '?' || c == ':')
			return usage_error(err, c == '?' ? "unknown option '%s'%s%s"
							 : "option '%s' needs a value%s%s",
					   argv[optind - 1], "", "");
		int rc = apply_key(cli, e, n, c, err);
		if (rc != EXIT_OK)
			return rc;
	}
	if (optind < argc)
		return usage_error(err, "unexpected argument '%s'%s%s", argv[optind], "", "");
	return EXIT_OK;
}
