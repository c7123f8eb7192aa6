/* Command-line options: settings.h's rows and cli.c's own table drive
 * parsing, --help and the tests' check of --help and the man page. */
#ifndef GPUPLAN_CLI_H
#define GPUPLAN_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "report.h"
#include "scenario.h"

enum cli_mode {
	MODE_AUTO, /* the configurator on a terminal, else the report */
	MODE_PRINT,
	MODE_LIST_MODELS,
	MODE_LIST_GPUS,
	MODE_CHECK_DATA,
	MODE_EXPORT_DATA,
	MODE_LIMITS,
	MODE_HELP,
	MODE_VERSION,
};

enum exit_status { EXIT_OK = 0, EXIT_RUNTIME = 1, EXIT_USAGE = 2, EXIT_DATA = 3 };

struct cli {
	enum cli_mode mode;
	enum report_format format;
	const char *model;      /* as typed; resolved once the data is loaded */
	const char *data_dir;   /* --data */
	const char *gpu_filter; /* --gpu */
	const char *export_dir;
	const char *compare;    /* --compare "OPTIONS": a second scenario */
	struct scenario sc;
};

/* Parses argv into cli. Returns EXIT_OK, or EXIT_USAGE after printing a
 * message to err that names the option and what it accepts. */
int cli_parse(struct cli *cli, int argc, char **argv, FILE *err);
/* The same, on top of what cli already holds (for --compare's options). */
int cli_parse_onto(struct cli *cli, int argc, char **argv, FILE *err);
void cli_help(FILE *out);
/* Every long option name ("model", ..., "version"), in --help's order:
 * writes up to cap of them and returns how many there are. */
size_t cli_option_names(const char **names, size_t cap);

#endif
