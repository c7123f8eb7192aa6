#include "theme.h"

#include <curses.h>
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "text.h"

struct style {
	short fg, bg;   /* colour row */
	int mono;       /* attributes when there is no colour */
	const char *glyph, *mono_glyph, *ascii_glyph;
	const char *legend, *legend_short; /* what the glyph stands for */
};

static const struct style styles[EL_COUNT] = {
	[EL_WEIGHTS] = {COLOR_BLUE, -1, A_NORMAL, "█", "█", "W", N_("weights"), N_("wt")},
	[EL_KV] = {COLOR_MAGENTA, -1, A_NORMAL, "█", "▓", "K", N_("KV cache"), "KV"},
	[EL_ACTIVATIONS] = {COLOR_CYAN, -1, A_NORMAL, "█", "▒", "A", N_("activations"), N_("act")},
	[EL_STATES] = {COLOR_YELLOW, -1, A_NORMAL, "█", "░", "S", N_("grads+optim"), N_("opt")},
	[EL_OVERHEAD] = {COLOR_WHITE, -1, A_NORMAL, "█", "#", "o", N_("overhead"), N_("ovh")},
	[EL_HEADROOM] = {COLOR_WHITE, -1, A_DIM, "▒", "+", "+", N_("headroom"), N_("hdr")},
	[EL_FREE] = {COLOR_WHITE, -1, A_DIM, "·", "·", ".", N_("free"), N_("free")},
	[EL_TITLE] = {COLOR_WHITE, -1, A_BOLD, NULL, NULL, NULL},
	[EL_BORDER] = {COLOR_WHITE, -1, A_NORMAL, NULL, NULL, NULL},
	[EL_SELECTED] = {COLOR_BLACK, COLOR_CYAN, A_REVERSE, NULL, NULL, NULL},
	[EL_OK] = {COLOR_GREEN, -1, A_NORMAL, NULL, NULL, NULL},
	[EL_TIGHT] = {COLOR_YELLOW, -1, A_BOLD, NULL, NULL, NULL},
	[EL_NOFIT] = {COLOR_RED, -1, A_BOLD, "!", "!", "!", N_("does not fit"), N_("no fit")},
	[EL_CHEAPER] = {COLOR_GREEN, -1, A_BOLD, NULL, NULL, NULL},
	[EL_ERROR] = {COLOR_RED, -1, A_BOLD, NULL, NULL, NULL},
	[EL_HINT] = {COLOR_WHITE, -1, A_DIM, NULL, NULL, NULL},
};

void theme_init(struct theme *t)
{
	const char *no_color = getenv("NO_COLOR");
	t->colour = has_colors() && !(no_color && no_color[0]);
	t->unicode = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	if (!t->colour)
		return;
	start_color();
	use_default_colors();
	for (int e = 0; e < EL_COUNT; e++)
		init_pair((short)(e + 1), styles[e].fg, styles[e].bg);
}

int theme_attr(const struct theme *t, enum element e)
{
	if (!t->colour)
		return styles[e].mono;
	int bold = e == EL_TITLE || e == EL_TIGHT || e == EL_NOFIT || e == EL_CHEAPER ||
		   e == EL_ERROR ? A_BOLD : 0;
	return COLOR_PAIR(e + 1) | bold | (e == EL_HINT || e == EL_FREE ? A_DIM : 0);
}

const char *theme_glyph(const struct theme *t, enum element e)
{
	if (!t->unicode)
		return styles[e].ascii_glyph;
	return t->colour ? styles[e].glyph : styles[e].mono_glyph;
}

const char *theme_legend(enum element e, bool brief)
{
	return _(brief ? styles[e].legend_short : styles[e].legend);
}

/* One row per glyph the screen writes in text; every ASCII form is as
 * wide as its glyph (one column). Bar glyphs have their own rows above. */
static const struct {
	uint32_t cp;
	char ascii;
} ascii_forms[] = {
	{0x25C2, '<'}, {0x25B8, '>'}, {0x25BE, 'v'}, {0x2014, '-'}, {0x2013, '-'},
	{0x25B6, '>'}, {0x00B7, '.'}, {0x00D7, 'x'}, {0x25BC, 'v'}, {0x2191, '^'},
	{0x2193, 'v'}, {0x2192, '>'}, {0x2190, '<'}, {0x2026, '~'}, {0x2502, '|'}, {0x2588, '#'},
	{0x2593, '#'}, {0x2592, ':'}, {0x2591, '.'}, {0x00A5, 'Y'}, {0x2264, '<'},
	{0x2265, '>'}, {0x00B1, '~'}, {0x2212, '-'},
};

static char ascii_form(uint32_t cp)
{
	for (size_t i = 0; i < sizeof ascii_forms / sizeof ascii_forms[0]; i++)
		if (ascii_forms[i].cp == cp)
			return ascii_forms[i].ascii;
	return 0;
}

char *theme_plain_text(char *out, size_t cap, const char *in)
{
	size_t n = 0;
	const unsigned char *p = (const unsigned char *)in;
	while (*p && n + 1 < cap) {
		uint32_t cp;
		size_t left = strlen((const char *)p);
		size_t len = utf8_decode(p, left < 4 ? left : 4, &cp);
		if (len == 0 || cp < 0x80) {
			out[n++] = len == 0 ? '?' : (char)*p;
			p += len ? len : 1;
			continue;
		}
		char a = ascii_form(cp);
		for (int w = a ? 1 : codepoint_width(cp); w > 0 && n + 1 < cap; w--)
			out[n++] = a ? a : '?';
		p += len;
	}
	if (cap)
		out[n] = '\0';
	return out;
}

enum element theme_slot_element(enum mem_slot s)
{
	static const enum element elements[SLOT_COUNT] = {
		[SLOT_WEIGHTS] = EL_WEIGHTS,
		[SLOT_KV] = EL_KV,
		[SLOT_ACTIVATIONS] = EL_ACTIVATIONS,
		[SLOT_STATES] = EL_STATES,
		[SLOT_OVERHEAD] = EL_OVERHEAD,
		[SLOT_HEADROOM] = EL_HEADROOM,
	};
	return elements[s];
}
