/* gpuplan: how many GPU cards to rent, split how, and at what cost. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "checkdata.h"
#include "cli.h"
#include "compare.h"
#include "config.h"
#include "datasrc.h"
#include "i18n.h"
#include "model_lookup.h"
#include "report.h"
#include "tui.h"

/* "gpuplan: MESSAGE" on stderr; fmt is already translated. */
static void say(const char *fmt, ...)
{
	char msg[768];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fprintf(stderr, _("gpuplan: %s\n"), msg);
}

static void say_invalid(const char *value, const char *option, const char *accepted)
{
	say(_("invalid value \"%s\" for --%s: expected %s"), value, option, accepted);
}

static int load_data(struct catalog *c, const struct cli *cli, struct diag *d)
{
	/* --check-data checks 10^6 offers without holding them */
	size_t errors = cli->mode == MODE_CHECK_DATA ? data_check(c, cli->data_dir, d)
						     : data_load(c, cli->data_dir, d);
	if (cli->mode == MODE_CHECK_DATA && !errors) {
		check_model_params(c, d);
		check_gpu_figures(c, d);
		check_offer_currencies(c, d);
	}
	diag_print(d, stderr);
	if (errors)
		fprintf(stderr,
			P_("gpuplan: %zu error in the data files; nothing was computed\n",
			   "gpuplan: %zu errors in the data files; nothing was computed\n", errors),
			errors);
	return errors ? EXIT_DATA : EXIT_OK;
}

/* A data warning on the model in use goes to stderr too, as the
 * loader's do: a CSV or JSON read by a script still shows it to a person. */
static void warn_data_notes(const struct analysis *a)
{
	for (int i = 0; i < a->nnotes; i++)
		if (a->notes[i].code == MSG_DATA_PARAMS_DIFFER)
			fprintf(stderr, "%s%s\n", _("warning: "), MESSAGE_TEXT(&a->notes[i]));
}

/* Without --gpu the reports show the GPU types that have an offer. */
static const char *gpu_filter_or_offered(const struct cli *cli)
{
	return cli->gpu_filter ? cli->gpu_filter : GPU_FILTER_OFFERED;
}

static int print_report(const struct catalog *c, const struct cli *cli)
{
	struct analysis a = {0};
	if (!analysis_run(&a, c, &cli->sc, gpu_filter_or_offered(cli))) {
		say("%s", a.error);
		analysis_free(&a);
		return EXIT_USAGE;
	}
	warn_data_notes(&a);
	void (*const printers[])(FILE *, const struct analysis *) = {report_table, report_csv,
								     report_json, report_markdown};
	if (cli->mode == MODE_LIMITS)
		report_limits(stdout, cli->format, &a);
	else
		printers[cli->format](stdout, &a);
	analysis_free(&a);
	return EXIT_OK; /* main checks that it was written */
}

/* --gpu '' would select nothing and print an empty report. */
static bool gpu_filter_ok(const struct cli *cli, const struct catalog *c)
{
	char err[160];
	if (cli->gpu_filter && !cli->gpu_filter[0]) {
		say_invalid("", "gpu", _("a GPU id (see --list-gpus)"));
		return false;
	}
	if (cli->gpu_filter && !gpu_filter_valid(c, cli->gpu_filter, err, sizeof err)) {
		say(_("invalid value for --gpu: %s"), err);
		return false;
	}
	return true;
}

/* The model is resolved only now, since a name needs the catalogue. */
static int resolve_model(struct cli *cli, const struct catalog *c)
{
	char err[160];
	if (!gpu_filter_ok(cli, c))
		return EXIT_USAGE;
	if (!cli->model) {
		if (cli->mode != MODE_AUTO || !isatty(STDOUT_FILENO)) {
			say("%s", _("the report needs a model: -m ID or -m SIZE (see --list-models)"));
			return EXIT_USAGE;
		}
		if (c->nmodels == 0) {
			say("%s", _("the model catalogue is empty: give -m SIZE"));
			return EXIT_USAGE;
		}
		scenario_use_model(&cli->sc, catalog_default_model(c));
		return EXIT_OK;
	}
	if (!scenario_set_model(&cli->sc, c, cli->model, err, sizeof err)) {
		say_invalid(cli->model, "model", err);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* --compare "--data DIR": the same model by id in the other catalogue,
 * unless -m names another there; a custom size needs no catalogue. */
static int resolve_other_model(struct cli *other, const struct catalog *c2)
{
	if (other->model)
		return resolve_model(other, c2);
	if (other->sc.is_custom)
		return EXIT_OK;
	const char *id = scenario_model(&other->sc)->id;
	const struct model *m = catalog_find_model(c2, id);
	if (!m) {
		say(_("invalid value for --compare: model \"%s\" is not in %s"), id, c2->source);
		return EXIT_USAGE;
	}
	scenario_use_model(&other->sc, m);
	return EXIT_OK;
}

/* Parses --compare's words onto a copy of the base options: only the
 * scenario settings and --data may change. */
static int parse_other(struct cli *other, const struct cli *cli, char *buf, size_t cap)
{
	char *words[65], bad[64];
	*other = *cli;
	scenario_copy(&other->sc, &cli->sc);
	other->model = NULL;
	snprintf(buf, cap, "%s", cli->compare);
	words[0] = "gpuplan";
	int n = split_words(buf, words + 1, 64);
	if (n < 0) {
		say("%s", _("invalid value for --compare: an unclosed quote or too many words"));
		return EXIT_USAGE;
	}
	int rc = cli_parse_onto(other, n + 1, words, stderr);
	if (rc == EXIT_OK && !compare_words_check(words + 1, n, bad, sizeof bad)) {
		say(_("invalid value for --compare: %s is not a scenario setting; --compare takes "
		      "those and --data DIR, %s goes outside the quotes (see gpuplan --help)"),
		    bad, bad);
		rc = EXIT_USAGE;
	}
	return rc;
}

static int compare_with(const struct catalog *c, const struct catalog *c2, const struct cli *cli,
			const struct cli *other)
{
	struct analysis a = {0}, b = {0};
	bool ok = analysis_run(&a, c, &cli->sc, gpu_filter_or_offered(cli)) &&
		  analysis_run(&b, c2, &other->sc, gpu_filter_or_offered(cli));
	if (ok) {
		warn_data_notes(&a);
		if (c2 != c || strcmp(scenario_model(&a.sc)->id, scenario_model(&b.sc)->id) != 0)
			warn_data_notes(&b); /* the other model, or the same one in other data */
		report_compare(stdout, cli->format, &a, &b);
	}
	else
		say("%s", a.ok ? b.error : a.error);
	analysis_free(&a);
	analysis_free(&b);
	return ok ? EXIT_OK : EXIT_USAGE;
}

/* --compare "-c 128k -p int4": the same options again, applied on top of
 * the base scenario, and both printed per GPU type; with --data DIR the
 * second scenario reads that catalogue (the same scenario, new prices). */
static int print_comparison(const struct catalog *c, const struct cli *cli)
{
	char buf[1024];
	struct cli other;
	int rc = parse_other(&other, cli, buf, sizeof buf);
	if (rc != EXIT_OK)
		return rc;
	if (other.data_dir == cli->data_dir) {
		rc = other.model ? resolve_model(&other, c) : EXIT_OK;
		return rc == EXIT_OK ? compare_with(c, c, cli, &other) : rc;
	}
	struct catalog c2 = {0}; /* data_load leaves it untouched when no file opens */
	struct diag d = {0};
	rc = load_data(&c2, &other, &d);
	diag_clear(&d);
	if (rc == EXIT_OK)
		rc = resolve_other_model(&other, &c2);
	if (rc == EXIT_OK)
		rc = compare_with(c, &c2, cli, &other);
	catalog_free(&c2);
	return rc;
}

static int run_mode(struct cli *cli, const struct catalog *c)
{
	switch (cli->mode) {
	case MODE_LIST_MODELS:
		report_list_models(stdout, c);
		return EXIT_OK;
	case MODE_LIST_GPUS:
		report_list_gpus(stdout, c);
		return EXIT_OK;
	case MODE_CHECK_DATA:
		printf(_("%s: %zu models, %zu GPU types, %zu offers: no errors\n"), c->source,
		       c->nmodels, c->ngpus, c->offers_read);
		return EXIT_OK;
	default:
		break;
	}
	int rc = resolve_model(cli, c);
	if (rc != EXIT_OK)
		return rc;
	if (cli->compare)
		return print_comparison(c, cli);
	if (cli->mode == MODE_AUTO && isatty(STDOUT_FILENO) && isatty(STDIN_FILENO)) {
		char why[200];
		rc = tui_run(c, &cli->sc, cli->gpu_filter, why, sizeof why);
		if (rc >= 0)
			return rc;
		say(_("%s: printing the report instead"), why);
	}
	return print_report(c, cli);
}

/* Every mode ends here: a report that did not reach stdout (a full disk,
 * a closed pipe) is a failure, said once. */
static int check_written(int rc)
{
	int err = report_write_error(stdout);
	if (!err)
		return rc;
	say(_("writing the report: %s"), i18n_strerror(err));
	return EXIT_RUNTIME;
}

static int run(int argc, char **argv)
{
	struct cli cli;
	int rc = cli_parse(&cli, argc, argv, stderr);
	if (rc != EXIT_OK)
		return rc;
	if (cli.mode == MODE_HELP) {
		cli_help(stdout);
		return EXIT_OK;
	}
	if (cli.mode == MODE_VERSION) {
		printf("gpuplan %s\n", PACKAGE_VERSION);
		return EXIT_OK;
	}
	if (cli.mode == MODE_EXPORT_DATA) {
		char err[512];
		if (data_export(cli.export_dir, err, sizeof err) != 0) {
			say("%s", err);
			return EXIT_RUNTIME;
		}
		printf(_("wrote %s/models/models.csv, prices/gpus.csv and prices/offers.csv\n"),
		       cli.export_dir);
		return EXIT_OK;
	}
	struct catalog c = {0};
	struct diag d = {0};
	rc = load_data(&c, &cli, &d);
	diag_clear(&d);
	if (rc == EXIT_OK)
		rc = run_mode(&cli, &c);
	catalog_free(&c);
	return rc;
}

int main(int argc, char **argv)
{
	/* First: the language of every message, parse errors included. The
	 * note (a missing locale) is for a person, not for a script's log. */
	const char *note = i18n_init(i18n_lang_arg(argc, argv));
	if (note && isatty(STDERR_FILENO))
		say("%s", note);
	errno = 0;
	int rc = run(argc, argv);
	return check_written(rc);
}
