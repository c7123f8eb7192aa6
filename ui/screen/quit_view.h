/* Quitting: q (where letters are commands) and F10 quit at once, or ask
 * "quit anyway? y/n" first when a pin or an open edit would be lost. */
#ifndef GPUPLAN_QUIT_VIEW_H
#define GPUPLAN_QUIT_VIEW_H

#include "view.h"

/* KR_QUIT when nothing would be lost; else the question opens. */
enum key_result quit_view_ask(struct screen *sc);

#endif
