#include "widgets.h"

#include <stdio.h>
#include <string.h>

static const struct {
	int key, request;
	enum edit_result result;
} edit_keys[] = {
	{KEY_BACKSPACE, REQ_DEL_PREV, EDIT_CHANGED}, {127, REQ_DEL_PREV, EDIT_CHANGED},
	{8, REQ_DEL_PREV, EDIT_CHANGED},	    {KEY_DC, REQ_DEL_CHAR, EDIT_CHANGED},
	{KEY_LEFT, REQ_PREV_CHAR, EDIT_MOVED},	    {KEY_RIGHT, REQ_NEXT_CHAR, EDIT_MOVED},
	{KEY_HOME, REQ_BEG_LINE, EDIT_MOVED},	    {KEY_END, REQ_END_LINE, EDIT_MOVED},
};

enum edit_result widget_edit_key(FORM *form, int ch, bool replace_first)
{
	for (size_t i = 0; i < sizeof edit_keys / sizeof edit_keys[0]; i++) {
		if (edit_keys[i].key != ch)
			continue;
		if (edit_keys[i].request == REQ_END_LINE)
			widget_end_line(form);
		else
			form_driver(form, edit_keys[i].request);
		form_driver(form, REQ_VALIDATION);
		return edit_keys[i].result;
	}
	if (ch < 32 || ch > 126)
		return EDIT_IGNORED;
	if (replace_first)
		form_driver(form, REQ_CLR_FIELD);
	/* no REQ_VALIDATION per character: whoever reads the field validates
	 * first (a paste is 100 KB of characters); a full field denies it */
	return form_driver(form, ch) == E_OK ? EDIT_CHANGED : EDIT_REFUSED;
}

enum edit_result widget_edit_wide(FORM *form, wchar_t wc, bool replace_first)
{
	if (replace_first)
		form_driver(form, REQ_CLR_FIELD);
	if (form_driver_w(form, OK, wc) != E_OK)
		return EDIT_IGNORED;
	form_driver(form, REQ_VALIDATION);
	return EDIT_CHANGED;
}

/* The form library's REQ_END_LINE counts characters but puts the cursor
 * at that column: in "70B（仅参数量）" (9 characters, 15 columns) it lands
 * after 参, and what is typed goes in the middle. A text beyond ASCII is
 * walked instead, one character at a time (REQ_NEXT_CHAR steps by
 * character, by display width). */
void widget_end_line(FORM *form)
{
	char text[WIDGET_TEXT_BYTES];
	size_t chars = 0;
	bool ascii = true;
	form_driver(form, REQ_VALIDATION); /* the buffer holds what was typed */
	widget_field_text(current_field(form), text, sizeof text);
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		ascii = ascii && *p < 0x80;
		chars += (*p & 0xC0) != 0x80; /* not a UTF-8 continuation byte */
	}
	if (ascii) {
		form_driver(form, REQ_END_LINE);
		return;
	}
	form_driver(form, REQ_BEG_LINE);
	for (size_t i = 0; i < chars; i++)
		form_driver(form, REQ_NEXT_CHAR);
}

void widget_cursor_to(FORM *form, int col)
{
	int start, at, y;
	form_driver(form, REQ_BEG_LINE);
	pos_form_cursor(form);
	getyx(stdscr, y, start);
	(void)y;
	/* at most col steps (one column each in ASCII): a field scrolled
	 * sideways keeps its cursor where it was */
	for (int steps = 0; steps <= col; steps++) {
		pos_form_cursor(form);
		getyx(stdscr, y, at);
		if (at - start >= col || steps == col || form_driver(form, REQ_NEXT_CHAR) != E_OK)
			return;
	}
}

void widget_field_text(FIELD *f, char *out, size_t cap)
{
	snprintf(out, cap, "%s", field_buffer(f, 0));
	size_t n = strlen(out);
	while (n && out[n - 1] == ' ')
		out[--n] = '\0';
}

bool widget_cursor_col(FORM *form, int field_x, int *col)
{
	int y, x;
	if (!form || pos_form_cursor(form) != E_OK)
		return false;
	getyx(stdscr, y, x);
	(void)y;
	*col = x - field_x;
	return true;
}

FORM *widget_form_new(FIELD **fields, int h, int w, int y, int x, WINDOW **sub)
{
	FORM *form = new_form(fields);
	/* Backspace at the start of a field edits that field, never the one before */
	form_opts_off(form, O_BS_OVERLOAD | O_NL_OVERLOAD);
	*sub = derwin(stdscr, h, w, y, x);
	set_form_win(form, stdscr);
	set_form_sub(form, *sub);
	return form;
}

void widget_form_free(FORM **form, FIELD **fields, int n, WINDOW **sub)
{
	if (*form) {
		unpost_form(*form);
		free_form(*form);
		*form = NULL;
	}
	for (int i = 0; i < n && fields[i]; i++) {
		free_field(fields[i]);
		fields[i] = NULL;
	}
	if (*sub) {
		delwin(*sub);
		*sub = NULL;
	}
}
