/* A strict JSON validator for the report tests (RFC 8259 grammar). */
#ifndef GPUPLAN_JSON_CHECK_H
#define GPUPLAN_JSON_CHECK_H

#include <stdbool.h>

/* True when text is exactly one valid JSON value (plus whitespace). */
bool json_valid(const char *text);

#endif
