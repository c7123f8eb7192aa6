/* Translations (issue 11): mark every user-visible string, translate at
 * the edge.
 *   _("text")              translated now (a call: not in static tables)
 *   N_("text")             marked only, for tables; translate with _(row->label)
 *   P_("one", "other", n)  the plural form for n (Chinese has one form)
 *   NP_("one", "other")    a plural pair marked in a table, as the
 *                          initialiser of a `const char *forms[2]`;
 *                          render with P_(forms[0], forms[1], n)
 *   C_("context|text")     a text whose English has another meaning elsewhere
 * The language: --lang zh|en, else LC_ALL, LC_MESSAGES, LANG (and LANGUAGE
 * when the locale is not C), as GNU gettext chooses. */
#ifndef GPUPLAN_I18N_H
#define GPUPLAN_I18N_H

#include <stdbool.h>

#define _(s) gpuplan_gettext(s)
#define N_(s) s
#define NP_(one, other) {one, other}
/* "context|text": one English text with two meanings gets two msgids (there
 * is no msgctxt here); untranslated, the part after the first '|' shows. */
#define C_(s) gpuplan_cgettext(s)
#define P_(one, other, n) gpuplan_ngettext(one, other, n)

enum i18n_lang { I18N_EN, I18N_ZH };

/* Where the Chinese messages come from. */
enum i18n_source {
	I18N_SOURCE_NONE,      /* English: the msgids themselves */
	I18N_SOURCE_INSTALLED, /* LOCALEDIR/zh_CN/LC_MESSAGES/gpuplan.mo, via gettext */
	I18N_SOURCE_BUILTIN,   /* the copy compiled into the binary */
};

/* Called first in main. lang_option: --lang's value, or NULL. Sets the
 * character set (LC_CTYPE, falling back to C.UTF-8 when the environment's
 * locale is not installed or Chinese needs UTF-8) and the messages'
 * language. Returns a note to show once, or NULL: the fallback taken.
 * LC_NUMERIC stays "C", so reports keep their decimal points. */
const char *i18n_init(const char *lang_option);
/* The same with the folder of installed catalogues given (the tests). */
const char *i18n_setup(const char *lang_option, const char *localedir);
/* --lang's value from argv ("--lang zh" or "--lang=zh"), before the
 * options are parsed, so their errors come in the chosen language. */
const char *i18n_lang_arg(int argc, char **argv);
/* "zh" or "en" (also "zh_CN", "en_US"...) into lang; false for others. */
bool i18n_parse_lang(const char *name, enum i18n_lang *lang);
/* The language the environment asks for, --lang aside. */
enum i18n_lang i18n_env_lang(void);
/* Switches the language live (the configurator's key). */
void i18n_set_lang(enum i18n_lang lang);
enum i18n_lang i18n_lang(void);
enum i18n_source i18n_source(void);
/* The note i18n_init returned, or NULL: for the status line. */
const char *i18n_note(void);

const char *gpuplan_gettext(const char *msgid);
const char *gpuplan_cgettext(const char *context_and_msgid);
const char *gpuplan_ngettext(const char *one, const char *other, unsigned long n);
/* strerror(e) in the messages' language: the C library's own text is
 * English on a host without its zh_CN catalogue (the usual jump host), so
 * the errors a file or a report meets most are translated here. English
 * (or an errno not in the table) is strerror's text, unchanged. */
const char *i18n_strerror(int e);
/* strsignal(sig) the same way ("Killed": 已杀死). */
const char *i18n_strsignal(int sig);

#endif
