#include "i18n.h"

#include <errno.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "i18n_mo.h"

/* The build passes the installed catalogue folder; a build without it
 * (the fuzz targets) uses the built-in catalogue only. */
#ifndef LOCALEDIR
#define LOCALEDIR "/nonexistent"
#endif
#if ENABLE_NLS
#include <libintl.h>
#endif

static struct {
	enum i18n_lang lang;
	enum i18n_source zh_source; /* where Chinese comes from once chosen */
	char localedir[PATH_MAX];
	struct mo_catalog builtin;
	char note[200];
} state;

/* A language name and the ones that start with it and a separator:
 * "zh", "zh_CN.UTF-8", "zh-Hans"; C and POSIX are English. */
static const struct {
	const char *name;
	enum i18n_lang lang;
} lang_names[] = {
	{.name = "zh", .lang = I18N_ZH},
	{.name = "en", .lang = I18N_EN},
	{.name = "C", .lang = I18N_EN},
	{.name = "POSIX", .lang = I18N_EN},
};

bool i18n_parse_lang(const char *name, enum i18n_lang *lang)
{
	for (size_t i = 0; name && i < sizeof lang_names / sizeof lang_names[0]; i++) {
		size_t n = strlen(lang_names[i].name);
		if (strncmp(name, lang_names[i].name, n) == 0 && strchr("_.@-", name[n])) {
			*lang = lang_names[i].lang; /* strchr finds the final NUL too */
			return true;
		}
	}
	return false;
}

const char *i18n_lang_arg(int argc, char **argv)
{
	const char *lang = NULL;
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
			lang = argv[++i];
		else if (strncmp(argv[i], "--lang=", strlen("--lang=")) == 0)
			lang = argv[i] + strlen("--lang=");
	}
	return lang;
}

/* The locale the environment names for messages, as setlocale reads it. */
static const char *env_locale(void)
{
	const char *names[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const char *v = getenv(names[i]);
		if (v && *v)
			return v;
	}
	return NULL;
}

/* LANGUAGE's first entry we have a catalogue for, "de:zh_CN:en" in order. */
static bool language_list(enum i18n_lang *lang)
{
	const char *p = getenv("LANGUAGE");
	while (p && *p) {
		char entry[64];
		size_t n = strcspn(p, ":");
		snprintf(entry, sizeof entry, "%.*s", (int)n, p);
		if (i18n_parse_lang(entry, lang))
			return true;
		p += n + (p[n] == ':');
	}
	return false;
}

/* As GNU gettext: LANGUAGE counts only when the locale is not C. */
enum i18n_lang i18n_env_lang(void)
{
	enum i18n_lang lang = I18N_EN;
	const char *loc = env_locale();
	if (!loc || strcmp(loc, "C") == 0 || strcmp(loc, "POSIX") == 0)
		return I18N_EN;
	if (language_list(&lang))
		return lang;
	return i18n_parse_lang(loc, &lang) ? lang : I18N_EN;
}

/* The C library's gettext reads LANGUAGE only when LC_MESSAGES is not C:
 * C.UTF-8, built into glibc, is not C and exists on every host. */
static void installed_select_zh(void)
{
#if ENABLE_NLS
	const char *msgs = setlocale(LC_MESSAGES, NULL);
	if (!msgs || strcmp(msgs, "C") == 0 || strcmp(msgs, "POSIX") == 0)
		setlocale(LC_MESSAGES, "C.UTF-8");
	setenv("LANGUAGE", "zh_CN", 1);
#endif
}

static enum i18n_source find_catalogue(const char *localedir)
{
	char path[PATH_MAX + 64];
	snprintf(state.localedir, sizeof state.localedir, "%s", localedir ? localedir : "");
	snprintf(path, sizeof path, "%s/zh_CN/LC_MESSAGES/%s.mo", state.localedir, PACKAGE);
#if ENABLE_NLS
	if (localedir && access(path, R_OK) == 0 && bindtextdomain(PACKAGE, localedir) &&
	    bind_textdomain_codeset(PACKAGE, "UTF-8"))
		return I18N_SOURCE_INSTALLED;
#endif
	if (mo_open(&state.builtin, i18n_builtin_mo, i18n_builtin_mo_size))
		return I18N_SOURCE_BUILTIN;
	return I18N_SOURCE_NONE;
}

/* LC_CTYPE from the environment; C.UTF-8 when that locale is missing
 * (ssh sends LANG=zh_CN.UTF-8 to a host without it) or when Chinese
 * needs UTF-8 and the locale is C. LC_NUMERIC stays C: reports keep
 * their decimal points. Returns whether the environment's locale failed. */
static bool charset_setup(void)
{
	bool missing = !setlocale(LC_CTYPE, "");
	if (!setlocale(LC_MESSAGES, ""))
		missing = true;
	bool utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	if (missing || (state.lang == I18N_ZH && !utf8))
		setlocale(LC_CTYPE, "C.UTF-8");
	return missing;
}

const char *i18n_setup(const char *lang_option, const char *localedir)
{
	enum i18n_lang lang = I18N_EN;
	state.note[0] = '\0';
	state.lang = lang_option && i18n_parse_lang(lang_option, &lang) ? lang : i18n_env_lang();
	bool missing = charset_setup();
	state.zh_source = find_catalogue(localedir);
	i18n_set_lang(state.lang);
	if (missing) {
		const char *loc = env_locale();
		/* TRANSLATORS: %s is a locale name such as zh_CN.UTF-8. */
		snprintf(state.note, sizeof state.note,
			 _("the locale %s is not installed here: characters use C.UTF-8"),
			 loc ? loc : "?");
	}
	return state.note[0] ? state.note : NULL;
}

const char *i18n_init(const char *lang_option)
{
	return i18n_setup(lang_option, LOCALEDIR);
}

void i18n_set_lang(enum i18n_lang lang)
{
	state.lang = lang;
	if (lang == I18N_ZH && state.zh_source == I18N_SOURCE_INSTALLED)
		installed_select_zh();
}

enum i18n_lang i18n_lang(void)
{
	return state.lang;
}

enum i18n_source i18n_source(void)
{
	return state.lang == I18N_ZH ? state.zh_source : I18N_SOURCE_NONE;
}

const char *i18n_note(void)
{
	return state.note[0] ? state.note : NULL;
}

const char *gpuplan_gettext(const char *msgid)
{
	if (state.lang != I18N_ZH || !msgid || !*msgid) /* "" would give the header */
		return msgid;
#if ENABLE_NLS
	if (state.zh_source == I18N_SOURCE_INSTALLED)
		return dgettext(PACKAGE, msgid);
#endif
	const char *t = state.zh_source == I18N_SOURCE_BUILTIN ? mo_lookup(&state.builtin, msgid) : NULL;
	return t ? t : msgid;
}

const char *gpuplan_ngettext(const char *one, const char *other, unsigned long n)
{
	if (state.lang != I18N_ZH)
		return n == 1 ? one : other;
#if ENABLE_NLS
	if (state.zh_source == I18N_SOURCE_INSTALLED)
		return dngettext(PACKAGE, one, other, n);
#endif
	const char *t = state.zh_source == I18N_SOURCE_BUILTIN
				? mo_lookup_plural(&state.builtin, one, n)
				: NULL;
	return t ? t : n == 1 ? one : other;
}

const char *gpuplan_cgettext(const char *id)
{
	const char *t = gpuplan_gettext(id);
	const char *bar = strchr(id, '|');
	return t == id && bar ? bar + 1 : t;
}

/* A C library text for a number (an errno, a signal): its msgid is only
 * the key to the translation; English shows the library's own words. */
struct libc_text {
	int number;
	const char *msgid;
};

/* The errors a data file, an editor or a report meets, as glibc words them. */
static const struct libc_text errno_texts[] = {
	{ENOENT, N_("No such file or directory")},
	{EACCES, N_("Permission denied")},
	{EPERM, N_("Operation not permitted")},
	{ENOSPC, N_("No space left on device")},
	{ENOTDIR, N_("Not a directory")},
	{EISDIR, N_("Is a directory")},
	{EEXIST, N_("File exists")},
	{EROFS, N_("Read-only file system")},
	{EIO, N_("Input/output error")},
	{ENOMEM, N_("Cannot allocate memory")},
	{EPIPE, N_("Broken pipe")},
	{EDQUOT, N_("Disk quota exceeded")},
	{ENAMETOOLONG, N_("File name too long")},
	{ELOOP, N_("Too many levels of symbolic links")},
	{ECHILD, N_("No child processes")},
	{EBADF, N_("Bad file descriptor")},
	{EFBIG, N_("File too large")},
	{EMFILE, N_("Too many open files")},
	{ETXTBSY, N_("Text file busy")},
};

/* The signals that end an editor, as glibc's strsignal words them. */
static const struct libc_text signal_texts[] = {
	{SIGHUP, N_("Hangup")},
	{SIGINT, N_("Interrupt")},
	{SIGQUIT, N_("Quit")},
	{SIGABRT, N_("Aborted")},
	{SIGKILL, N_("Killed")},
	{SIGSEGV, N_("Segmentation fault")},
	{SIGPIPE, N_("Broken pipe")},
	{SIGTERM, N_("Terminated")},
};

/* The Chinese for number in rows, or NULL: English, or no translation. */
static const char *libc_translated(const struct libc_text *rows, size_t n, int number)
{
	for (size_t i = 0; state.lang == I18N_ZH && i < n; i++) {
		const char *t = rows[i].number == number ? gpuplan_gettext(rows[i].msgid) : NULL;
		if (t && strcmp(t, rows[i].msgid) != 0)
			return t;
	}
	return NULL;
}

const char *i18n_strerror(int e)
{
	const char *t = libc_translated(errno_texts, sizeof errno_texts / sizeof errno_texts[0], e);
	return t ? t : strerror(e);
}

const char *i18n_strsignal(int sig)
{
	const char *t =
		libc_translated(signal_texts, sizeof signal_texts / sizeof signal_texts[0], sig);
	return t ? t : strsignal(sig);
}
