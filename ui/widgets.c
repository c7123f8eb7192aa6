#include "widgets.h"

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
		form_driver(form, edit_keys[i].request);
		form_driver(form, REQ_VALIDATION);
		return edit_keys[i].result;
	}
	if (ch < 32 || ch > 126)
		return EDIT_IGNORED;
	if (replace_first)
		form_driver(form, REQ_CLR_FIELD);
	form_driver(form, ch);
	form_driver(form, REQ_VALIDATION);
	return EDIT_CHANGED;
}
