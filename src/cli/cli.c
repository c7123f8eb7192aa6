#include "cli.h"

#include <getopt.h>
#include <stddef.h>
#include <string.h>

#include "config.h"
#include "duration.h"
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
	/* What the value must be when it cannot be empty (N_()): "" is then a
	 * usage error at once (--data "" read /models/...; --export-data ""
	 * failed later as a runtime error). NULL: any value. */
	const char *nonempty;
};

/* msg: the message already in the reader's language. */
static int usage_error(FILE *err, const char *msg)
{
	fprintf(err, _("gpuplan: %s (see gpuplan --help)\n"), msg);
	return EXIT_USAGE;
}

/* fmt: a translated message with one %s, the option as typed. */
static int usage_error_arg(FILE *err, const char *fmt, const char *arg)
{
	char msg[512];
	snprintf(msg, sizeof msg, fmt, arg);
	return usage_error(err, msg);
}

static int invalid_value(FILE *err, const char *value, const char *option, const char *accepted)
{
	char msg[512];
	snprintf(msg, sizeof msg, _("invalid value \"%s\" for --%s: expected %s"), value, option,
		 accepted);
	return usage_error(err, msg);
}

/* reason: the whole of it, "expected ..." (setting_parse's). */
static int invalid_reason(FILE *err, const char *value, const char *option, const char *reason)
{
	char msg[768];
	snprintf(msg, sizeof msg, _("invalid value \"%s\" for --%s: %s"), value, option, reason);
	return usage_error(err, msg);
}

/* In enum report_format order, NULL-terminated. */
static const char *const format_names[] = {
	[FORMAT_TABLE] = "table", [FORMAT_CSV] = "csv", [FORMAT_JSON] = "json",
	[FORMAT_MARKDOWN] = "markdown", [FORMAT_MARKDOWN + 1] = NULL};

/* The first n names joined by sep: "table, csv, json" or "a|b|c". The
 * names are typed values: the same in every language. */
static void join_names(const char *const *names, size_t n, const char *sep, char *buf,
		       size_t cap)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n && names[i] && used < cap; i++) {
		int w = snprintf(buf + used, cap - used, "%s%s", i ? sep : "", names[i]);
		used += w > 0 ? (size_t)w : 0;
	}
}

static size_t count_names(const char *const *names)
{
	size_t n = 0;
	while (names[n])
		n++;
	return n;
}

static int set_format(struct cli *cli, const char *v, FILE *err)
{
	char most[80], accepted[120];
	size_t n = count_names(format_names);
	for (size_t i = 0; i < n; i++) {
		if (strcmp(v, format_names[i]) == 0) {
			cli->format = (enum report_format)i;
			return EXIT_OK;
		}
	}
	join_names(format_names, n - 1, ", ", most, sizeof most);
	snprintf(accepted, sizeof accepted, _("%s or %s"), most, format_names[n - 1]);
	return invalid_value(err, v, "format", accepted);
}

/* --lang is read before parsing (i18n_lang_arg, so that parse errors are
 * translated too); here it is only checked and listed in --help. */
static int check_lang(struct cli *cli, const char *v, FILE *err)
{
	enum i18n_lang lang;
	(void)cli;
	return i18n_parse_lang(v, &lang) ? EXIT_OK : invalid_value(err, v, "lang", _("zh or en"));
}

static const struct cli_option cli_options[] = {
	{.name = "gpu", .metavar = "ID[,ID...]",
	 .help = N_("only these GPU types, or all (default: those with an offer)"),
	 .keep = offsetof(struct cli, gpu_filter)},
	{.name = "data", .metavar = "DIR", .help = N_("read models/ and prices/ from DIR"),
	 .keep = offsetof(struct cli, data_dir), .nonempty = N_("a folder name")},
	{.name = "format", .metavar = "F", .help = N_("report format"), .handle = set_format,
	 .choices = format_names},
	{.name = "print", .help = N_("print the report even on a terminal"), .mode = MODE_PRINT},
	{.name = "compare", .metavar = "\"OPTS\"",
	 .help = N_("compare with the scenario these options change: \"-c 128k -p int4\""),
	 .keep = offsetof(struct cli, compare)},
	{.name = "limits", .help = N_("longest context and most sequences on 1, 2, 4 and 8 cards"),
	 .mode = MODE_LIMITS},
	{.name = "list-models", .help = N_("list the model catalogue"), .mode = MODE_LIST_MODELS},
	{.name = "list-gpus", .help = N_("list the GPU types"), .mode = MODE_LIST_GPUS},
	{.name = "check-data",
	 .help = N_("check the data files, report every problem (exit 3 if any)"),
	 .mode = MODE_CHECK_DATA},
	{.name = "export-data", .metavar = "DIR",
	 .help = N_("write the built-in data files under DIR for editing"),
	 .mode = MODE_EXPORT_DATA, .keep = offsetof(struct cli, export_dir),
	 .nonempty = N_("a folder name")},
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

/* An option's help text in the reader's language; the choices and the
 * default are typed values and stay as they are. */
static void option_help(const struct cli_option *o, char *text, size_t cap)
{
	char names[80];
	if (!o->choices) {
		snprintf(text, cap, "%s", _(o->help));
		return;
	}
	join_names(o->choices, count_names(o->choices), "|", names, sizeof names);
	snprintf(text, cap, _("%s: %s (default %s)"), _(o->help), names, o->choices[0]);
}

enum { HELP_LEFT = 26 }; /* display columns of the options' side */

static void help_line(FILE *out, const struct entry *e)
{
	char left[64], text[768];
	int n = e->short_flag ? snprintf(left, sizeof left, "-%c, ", e->short_flag)
			      : snprintf(left, sizeof left, "    ");
	snprintf(left + n, sizeof left - (size_t)n, "--%s%s%s", e->name, e->metavar ? " " : "",
		 e->metavar ? e->metavar : "");
	if (e->setting)
		setting_help(e->setting, text, sizeof text);
	else
		option_help(e->option, text, sizeof text);
	fputs("  ", out);
	if (text_width(left) > HELP_LEFT) { /* GNU style: a long option on a line of its own */
		fprintf(out, "%s\n  ", left);
		left[0] = '\0';
	}
	/* by display width, should a metavar ever be translated */
	text_pad(out, left, HELP_LEFT, 0);
	fprintf(out, " %s\n", text);
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
	fprintf(out,
		_("\nData: --data DIR, $GPUPLAN_DATA, $XDG_CONFIG_HOME/gpuplan, %s,\n"
		  "then the copy built into the binary.\n"
		  "Exit status: 0 ok, 1 runtime failure, 2 usage error, 3 data error.\n"
		  "Keys in the configurator: press F1 there, or see gpuplan(1).\n"),
		GPUPLAN_PKGDATADIR);
}

/* The model needs the catalogue: its text waits until the data is loaded. */
static int apply_setting(struct cli *cli, const struct setting *s, const char *arg, FILE *err)
{
	char reason[512];
	if (s->needs_catalog) {
		cli->model = arg;
		return EXIT_OK;
	}
	char joined[1024];
	if (s->repeatable && s->ops.format) {
		s->ops.format(&cli->sc, joined, sizeof joined);
		size_t used = strlen(joined);
		snprintf(joined + used, sizeof joined - used, "%s%s", used ? "," : "", arg);
		arg = joined;
	}
	if (!setting_parse(s, &cli->sc, NULL, arg, reason, sizeof reason))
		return invalid_reason(err, arg, s->key, reason);
	return EXIT_OK;
}

static int apply_entry(struct cli *cli, const struct entry *e, const char *arg, FILE *err)
{
	if (e->setting)
		return apply_setting(cli, e->setting, arg, err);
	const struct cli_option *o = e->option;
	if (o->nonempty && !arg[0])
		return invalid_value(err, arg, o->name, _(o->nonempty));
	if (o->mode != MODE_AUTO)
		cli->mode = o->mode;
	if (o->keep) /* offset 0 is the mode, never a kept value */
		*(const char **)(void *)((char *)cli + o->keep) = arg;
	return o->handle ? o->handle(cli, arg, err) : EXIT_OK;
}

/* A malformed GPUPLAN_TODAY is said once, by its name, before any
 * option: otherwise the first option that needs today (a --deadline date)
 * would take the blame, and the loader would quietly check no dates. */
static int check_today(FILE *err)
{
	char msg[256];
	int today;
	return duration_today(&today, msg, sizeof msg) ? EXIT_OK : usage_error(err, msg);
}

int cli_parse(struct cli *cli, int argc, char **argv, FILE *err)
{
	*cli = (struct cli){.mode = MODE_AUTO, .format = FORMAT_TABLE};
	scenario_defaults(&cli->sc);
	int rc = check_today(err);
	return rc != EXIT_OK ? rc : cli_parse_onto(cli, argc, argv, err);
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
			return usage_error(err, removed);
		if (c == '?' || c == ':')
			return usage_error_arg(err, c == '?' ? _("unknown option '%s'")
							     : _("option '%s' needs a value"),
					       argv[optind - 1]);
		int rc = apply_key(cli, e, n, c, err);
		if (rc != EXIT_OK)
			return rc;
	}
	if (optind < argc)
		return usage_error_arg(err, _("unexpected argument '%s'"), argv[optind]);
	return EXIT_OK;
}
