#include "cli.h"

#include <getopt.h>
#include <string.h>

#include "config.h"

enum { OPT_LONG_ONLY = 256 };

struct cli_option {
	const char *name;
	int key;         /* short letter, or OPT_LONG_ONLY + index */
	const char *arg; /* NULL: a flag */
	const char *help;
	const char *setting; /* scenario_set key, when it sets one */
};

static const struct cli_option options[] = {
	{"model", 'm', "ID|SIZE", "catalogue id or name (case-insensitive), or a size: 70b, 7.5B", NULL},
	{"precision", 'p', "P", "fp32 bf16 fp16 fp8 int8 int4 (default bf16)", "precision"},
	{"task", 't', "T", "inference lora qlora full pretrain (default inference)", "task"},
	{"context", 'c', "N", "tokens: 4096, 4k, 128K (default 4096)", "context"},
	{"concurrency", 'n', "N", "sequences served at once / micro-batch (default 1)", "concurrency"},
	{"cards", 0, "N", "force N cards: show that plan's memory and cost", "cards"},
	{"headroom", 0, "PCT", "memory kept free on each card (default 20)", "headroom"},
	{"overhead", 0, "GIB", "runtime overhead per card (default 1.0)", "overhead"},
	{"prefill-chunk", 0, "N", "prefill chunk in tokens (default 8192; 0 = whole prompt)", "prefill-chunk"},
	{"kv-precision", 0, "K", "KV cache: auto|16|fp8 (default auto)", "kv-precision"},
	{"zero", 0, "Z", "ZeRO stage: auto|0|1|2|3 (default auto)", "zero"},
	{"recompute", 0, "R", "activation recomputation: auto|none|full (default auto)", "recompute"},
	{"lora-rank", 0, "R", "LoRA rank (default 16)", "lora-rank"},
	{"efficiency", 0, "F,S", "parallel efficiency %: NVLink, PCIe/multi-node (default 90,70)", "efficiency"},
	{"gpu", 0, "ID[,ID...]", "only these GPU types", NULL},
	{"data", 0, "DIR", "read models/ and prices/ from DIR", NULL},
	{"format", 0, "F", "report format: table|csv|json|markdown (default table)", NULL},
	{"print", 0, NULL, "print the report even on a terminal", NULL},
	{"compare", 0, "\"OPTS\"", "compare with the scenario these options change: \"-c 128k -p int4\"", NULL},
	{"limits", 0, NULL, "longest context and most sequences on 1, 2, 4 and 8 cards", NULL},
	{"list-models", 0, NULL, "list the model catalogue", NULL},
	{"list-gpus", 0, NULL, "list the GPU types", NULL},
	{"check-data", 0, NULL, "check the data files, report every problem (exit 3 if any)", NULL},
	{"export-data", 0, "DIR", "write the built-in data files under DIR for editing", NULL},
	{"help", 'h', NULL, "show this help", NULL},
	{"version", 'V', NULL, "show the version", NULL},
};
#define NOPTIONS (sizeof options / sizeof options[0])

static int option_key(size_t i)
{
	return options[i].key ? options[i].key : OPT_LONG_ONLY + (int)i;
}

void cli_help(FILE *out)
{
	fprintf(out, "Usage: gpuplan [OPTION]...\n"
		     "How many GPU cards to rent, split how, and what they cost per month.\n"
		     "On a terminal gpuplan opens the configurator; otherwise, or with --print,\n"
		     "it prints a report.\n\n");
	for (size_t i = 0; i < NOPTIONS; i++) {
		char left[64];
		const struct cli_option *o = &options[i];
		int n = o->key && o->key < OPT_LONG_ONLY ? snprintf(left, sizeof left, "-%c, ", o->key)
							  : snprintf(left, sizeof left, "    ");
		snprintf(left + n, sizeof left - (size_t)n, "--%s%s%s", o->name, o->arg ? " " : "",
			 o->arg ? o->arg : "");
		fprintf(out, "  %-26s %s\n", left, o->help);
	}
	fprintf(out, "\nData: --data DIR, $GPUPLAN_DATA, $XDG_CONFIG_HOME/gpuplan, %s,\n"
		     "then the copy built into the binary.\n"
		     "Exit status: 0 ok, 1 runtime failure, 2 usage error, 3 data error.\n"
		     "Keys in the configurator: press ? there, or see gpuplan(1).\n", GPUPLAN_PKGDATADIR);
}

static int usage_error(FILE *err, const char *fmt, const char *a, const char *b, const char *c)
{
	fprintf(err, "gpuplan: ");
	fprintf(err, fmt, a, b, c);
	fprintf(err, " (see gpuplan --help)\n");
	return EXIT_USAGE;
}

static int set_format(struct cli *cli, const char *v, FILE *err)
{
	static const char *const names[] = {"table", "csv", "json", "markdown"};
	for (int i = 0; i < 4; i++)
		if (strcmp(v, names[i]) == 0)
			return cli->format = (enum report_format)i, EXIT_OK;
	return usage_error(err, "invalid value \"%s\" for --%s: expected %s", v, "format",
			   "table, csv, json or markdown");
}

static int apply_option(struct cli *cli, size_t i, const char *arg, FILE *err)
{
	const struct cli_option *o = &options[i];
	char accepted[160];
	if (o->setting) {
		if (!scenario_set(&cli->sc, o->setting, arg, accepted, sizeof accepted))
			return usage_error(err, "invalid value \"%s\" for --%s: expected %s", arg,
					   o->name, accepted);
		return EXIT_OK;
	}
	static const struct { const char *name; enum cli_mode mode; } modes[] = {
		{"print", MODE_PRINT}, {"list-models", MODE_LIST_MODELS},
		{"list-gpus", MODE_LIST_GPUS}, {"check-data", MODE_CHECK_DATA},
		{"export-data", MODE_EXPORT_DATA}, {"limits", MODE_LIMITS}, {"help", MODE_HELP},
		{"version", MODE_VERSION},
	};
	for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++)
		if (strcmp(o->name, modes[k].name) == 0)
			cli->mode = modes[k].mode;
	if (strcmp(o->name, "model") == 0)
		cli->model = arg;
	else if (strcmp(o->name, "gpu") == 0)
		cli->gpu_filter = arg;
	else if (strcmp(o->name, "data") == 0)
		cli->data_dir = arg;
	else if (strcmp(o->name, "export-data") == 0)
		cli->export_dir = arg;
	else if (strcmp(o->name, "compare") == 0)
		cli->compare = arg;
	else if (strcmp(o->name, "format") == 0)
		return set_format(cli, arg, err);
	return EXIT_OK;
}

int cli_parse(struct cli *cli, int argc, char **argv, FILE *err)
{
	*cli = (struct cli){.mode = MODE_AUTO, .format = FORMAT_TABLE};
	scenario_defaults(&cli->sc);
	return cli_parse_onto(cli, argc, argv, err);
}

int cli_parse_onto(struct cli *cli, int argc, char **argv, FILE *err)
{
	struct option longopts[NOPTIONS + 1];
	char shortopts[3 * NOPTIONS + 2] = ":";
	size_t ns = 1;
	for (size_t i = 0; i < NOPTIONS; i++) {
		longopts[i] = (struct option){options[i].name, options[i].arg ? required_argument
									      : no_argument,
					      NULL, option_key(i)};
		if (options[i].key) {
			shortopts[ns++] = (char)options[i].key;
			if (options[i].arg)
				shortopts[ns++] = ':';
		}
	}
	longopts[NOPTIONS] = (struct option){0};
	shortopts[ns] = '\0';
	opterr = 0;
	optind = 0; /* 0, not 1: glibc then forgets the previous argv */
	int c;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		if (c == '?' || c == ':') {
			const char *what = argv[optind - 1];
			return usage_error(err, c == '?' ? "unknown option '%s'%s%s"
							 : "option '%s' needs a value%s%s",
					   what, "", "");
		}
		for (size_t i = 0; i < NOPTIONS; i++) {
			if (option_key(i) != c)
				continue;
			int rc = apply_option(cli, i, optarg, err);
			if (rc != EXIT_OK)
				return rc;
		}
	}
	if (optind < argc)
		return usage_error(err, "unexpected argument '%s'%s%s", argv[optind], "", "");
	return EXIT_OK;
}
