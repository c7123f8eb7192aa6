/* Translations (issue 11): the .mo reader, the choice of language from
 * --lang and the environment, the C.UTF-8 fallback and where the Chinese
 * catalogue comes from (installed or built in). Criterion runs each test
 * in its own process, so setenv and setlocale do not leak between them. */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "i18n.h"
#include "i18n_mo.h"

#define NOWHERE "/nonexistent/gpuplan-locale"

/* ---- the .mo reader ---- */

/* A catalogue as msgfmt writes it: header, then the tables, then the
 * strings; big or little endian. originals must be sorted. */
struct tiny_mo {
	unsigned char buf[512];
	size_t size;
};

static void put_word(unsigned char *p, uint32_t v, bool big)
{
	for (int i = 0; i < 4; i++)
		p[big ? 3 - i : i] = (unsigned char)(v >> (8 * i));
}

static void tiny_mo_build(struct tiny_mo *mo, const char *const *orig, const size_t *olen,
			  const char *const *trans, const size_t *tlen, uint32_t n, bool big)
{
	memset(mo, 0, sizeof *mo);
	uint32_t otab = 28, ttab = otab + 8 * n, off = ttab + 8 * n;
	const uint32_t head[] = {0x950412de, 0, n, otab, ttab, 0, 0};
	for (size_t i = 0; i < 7; i++)
		put_word(mo->buf + 4 * i, head[i], big);
	for (uint32_t t = 0; t < 2; t++) {
		for (uint32_t i = 0; i < n; i++) {
			const char *s = t ? trans[i] : orig[i];
			size_t len = t ? tlen[i] : olen[i];
			put_word(mo->buf + (t ? ttab : otab) + 8 * i, (uint32_t)len, big);
			put_word(mo->buf + (t ? ttab : otab) + 8 * i + 4, off, big);
			memcpy(mo->buf + off, s, len + 1);
			off += (uint32_t)len + 1;
		}
	}
	mo->size = off;
}

static const char header_two[] = "Content-Type: text/plain; charset=UTF-8\n"
				 "Plural-Forms: nplurals=2; plural=(n != 1);\n";
static const char *const orig[] = {"", "apple\0apples", "pear"};
static const size_t olen[] = {0, 12, 4};
static const char *const trans[] = {header_two, "Apfel\0Äpfel", "Birne"};
static const size_t tlen[] = {sizeof header_two - 1, 12, 5};

static void check_tiny(bool big)
{
	struct tiny_mo t;
	struct mo_catalog mo;
	tiny_mo_build(&t, orig, olen, trans, tlen, 3, big);
	cr_assert(mo_open(&mo, t.buf, t.size));
	cr_assert_eq(mo.swapped, big); /* the test machine is little endian */
	cr_assert_eq(mo.nplurals, 2);
	cr_assert_str_eq(mo_lookup(&mo, "pear"), "Birne");
	cr_assert_str_eq(mo_lookup(&mo, "apple"), "Apfel");
	cr_assert_null(mo_lookup(&mo, "plum"));
	cr_assert_null(mo_lookup(&mo, "appl"));
	cr_assert_str_eq(mo_lookup_plural(&mo, "apple", 1), "Apfel");
	cr_assert_str_eq(mo_lookup_plural(&mo, "apple", 0), "Äpfel");
	cr_assert_str_eq(mo_lookup_plural(&mo, "apple", 7), "Äpfel");
	cr_assert_null(mo_lookup_plural(&mo, "plum", 7));
}

Test(mo, reads_both_byte_orders)
{
	check_tiny(false);
	check_tiny(true);
}

Test(mo, refuses_what_is_not_a_catalogue)
{
	struct tiny_mo t;
	struct mo_catalog mo;
	tiny_mo_build(&t, orig, olen, trans, tlen, 3, false);
	cr_assert_not(mo_open(&mo, t.buf, 19), "shorter than the header");
	cr_assert_not(mo_open(&mo, t.buf, t.size - 1), "the last string's NUL cut off");
	cr_assert_null(mo_lookup(&mo, "pear"), "a refused catalogue finds nothing");
	t.buf[0] ^= 1;
	cr_assert_not(mo_open(&mo, t.buf, t.size), "bad magic");
	t.buf[0] ^= 1;
	put_word(t.buf + 16, 500, false); /* translations' table past the end */
	cr_assert_not(mo_open(&mo, t.buf, t.size));
	cr_assert_not(mo_open(&mo, NULL, 0));
}

Test(mo, the_built_in_catalogue_is_chinese_with_one_plural_form)
{
	struct mo_catalog mo;
	cr_assert(mo_open(&mo, i18n_builtin_mo, i18n_builtin_mo_size));
	cr_assert_eq(mo.nplurals, 1);
	cr_assert_str_eq(mo_lookup(&mo, "show this help"), "显示本帮助");
	cr_assert_str_eq(mo_lookup(&mo, "Usage: gpuplan [OPTION]...\n"), "用法：gpuplan [选项]...\n");
	const char *one = "gpuplan: %zu error in the data files; nothing was computed\n";
	const char *zh = "gpuplan：数据文件中有 %zu 处错误，未做任何计算\n";
	cr_assert_str_eq(mo_lookup_plural(&mo, one, 1), zh);
	cr_assert_str_eq(mo_lookup_plural(&mo, one, 2), zh);
}

/* ---- the choice of language ---- */

static void env_clear(void)
{
	const char *names[] = {"LC_ALL", "LC_MESSAGES", "LC_CTYPE", "LANG", "LANGUAGE"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		unsetenv(names[i]);
}

static enum i18n_lang env_lang(const char *lc_all, const char *lc_messages, const char *lang,
			       const char *language)
{
	env_clear();
	const char *names[] = {"LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"};
	const char *values[] = {lc_all, lc_messages, lang, language};
	for (size_t i = 0; i < 4; i++)
		if (values[i])
			setenv(names[i], values[i], 1);
	return i18n_env_lang();
}

Test(lang, the_environment_chooses_as_gettext_does)
{
	cr_assert_eq(env_lang(NULL, NULL, NULL, NULL), I18N_EN);
	cr_assert_eq(env_lang(NULL, NULL, "zh_CN.UTF-8", NULL), I18N_ZH);
	cr_assert_eq(env_lang(NULL, NULL, "en_US.UTF-8", NULL), I18N_EN);
	cr_assert_eq(env_lang(NULL, NULL, "de_DE.UTF-8", NULL), I18N_EN, "no catalogue: English");
	cr_assert_eq(env_lang(NULL, "en_US.UTF-8", "zh_CN.UTF-8", NULL), I18N_EN);
	cr_assert_eq(env_lang("zh_CN.UTF-8", "en_US.UTF-8", "en_US.UTF-8", NULL), I18N_ZH);
	cr_assert_eq(env_lang(NULL, NULL, "en_US.UTF-8", "zh_CN:en"), I18N_ZH);
	cr_assert_eq(env_lang(NULL, NULL, "en_US.UTF-8", "de:zh_CN"), I18N_ZH, "de has none");
	cr_assert_eq(env_lang(NULL, NULL, "zh_CN.UTF-8", "en"), I18N_EN);
	cr_assert_eq(env_lang(NULL, NULL, "C", "zh_CN"), I18N_EN, "LANGUAGE counts only past C");
	cr_assert_eq(env_lang(NULL, NULL, "C.UTF-8", "zh_CN"), I18N_ZH);
	cr_assert_eq(env_lang("", "", "zh_TW.UTF-8", NULL), I18N_ZH, "empty ones are unset");
}

Test(lang, names_of_languages)
{
	enum i18n_lang l = I18N_EN;
	cr_assert(i18n_parse_lang("zh", &l) && l == I18N_ZH);
	cr_assert(i18n_parse_lang("en", &l) && l == I18N_EN);
	cr_assert(i18n_parse_lang("zh_CN.UTF-8", &l) && l == I18N_ZH);
	cr_assert(i18n_parse_lang("POSIX", &l) && l == I18N_EN);
	cr_assert_not(i18n_parse_lang("zhx", &l));
	cr_assert_not(i18n_parse_lang("fr", &l));
	cr_assert_not(i18n_parse_lang("", &l));
	cr_assert_not(i18n_parse_lang(NULL, &l));
}

Test(lang, the_option_is_found_before_parsing)
{
	char *a[] = {"gpuplan", "-m", "7b", "--lang", "zh", "--print"};
	cr_assert_str_eq(i18n_lang_arg(6, a), "zh");
	char *b[] = {"gpuplan", "--lang=en"};
	cr_assert_str_eq(i18n_lang_arg(2, b), "en");
	char *c[] = {"gpuplan", "--", "--lang", "zh"};
	cr_assert_null(i18n_lang_arg(4, c));
	char *d[] = {"gpuplan", "--lang"};
	cr_assert_null(i18n_lang_arg(2, d), "no value: cli_parse says so");
}

Test(lang, the_option_beats_the_environment)
{
	env_clear();
	setenv("LANG", "C.UTF-8", 1);
	cr_assert_null(i18n_setup("zh", NOWHERE));
	cr_assert_eq(i18n_lang(), I18N_ZH);
	cr_assert_eq(i18n_source(), I18N_SOURCE_BUILTIN, "none installed there");
	cr_assert_str_eq(_("show this help"), "显示本帮助");
	cr_assert_str_eq(_("not a message of ours"), "not a message of ours");
	const char *one = "gpuplan: %zu error in the data files; nothing was computed\n";
	const char *other = "gpuplan: %zu errors in the data files; nothing was computed\n";
	cr_assert_str_eq(P_(one, other, 3), "gpuplan：数据文件中有 %zu 处错误，未做任何计算\n");

	setenv("LANG", "zh_CN.UTF-8", 1);
	i18n_setup("en", NOWHERE);
	cr_assert_eq(i18n_lang(), I18N_EN);
	cr_assert_eq(i18n_source(), I18N_SOURCE_NONE);
	const char *msgid = "show this help";
	cr_assert_eq(_(msgid), msgid, "English is the msgid itself");
	cr_assert_eq(P_(one, other, 1), one);
	cr_assert_eq(P_(one, other, 0), other);
}

Test(lang, switching_live)
{
	env_clear();
	i18n_setup(NULL, NOWHERE);
	cr_assert_eq(i18n_lang(), I18N_EN);
	i18n_set_lang(I18N_ZH);
	cr_assert_str_eq(_("show the version"), "显示版本");
	i18n_set_lang(I18N_EN);
	cr_assert_str_eq(_("show the version"), "show the version");
}

/* C_: "summary|, " is the clauses' comma, ", " the lists' 、 */
Test(lang, a_context_keeps_two_meanings_apart)
{
	env_clear();
	i18n_setup(NULL, NOWHERE);
	cr_assert_str_eq(C_("summary|, "), ", ", "English: the text after the bar");
	cr_assert_str_eq(C_("no bar here"), "no bar here");
	i18n_set_lang(I18N_ZH);
	cr_assert_str_eq(C_("summary|, "), "，");
	cr_assert_str_eq(_(", "), "、");
	cr_assert_str_eq(C_("context|not a message of ours"), "not a message of ours");
	i18n_set_lang(I18N_EN);
}

/* ---- the character set: a jump host without the locale ssh sends ---- */

Test(charset, a_missing_locale_falls_back_to_c_utf8_and_says_so)
{
	env_clear();
	setenv("LANG", "zh_XX.UTF-8", 1);
	const char *note = i18n_setup(NULL, NOWHERE);
	cr_assert_eq(i18n_lang(), I18N_ZH, "zh_XX still asks for Chinese");
	cr_assert_str_eq(setlocale(LC_CTYPE, NULL), "C.UTF-8");
	cr_assert_str_eq(note, "本机未安装语言环境 zh_XX.UTF-8：字符集改用 C.UTF-8");
	cr_assert_str_eq(i18n_note(), note);
	cr_assert_str_eq(setlocale(LC_NUMERIC, NULL), "C", "reports keep their decimal points");
}

Test(charset, chinese_in_the_c_locale_gets_utf8_quietly)
{
	env_clear();
	setenv("LANG", "C", 1);
	cr_assert_null(i18n_setup("zh", NOWHERE));
	cr_assert_str_eq(setlocale(LC_CTYPE, NULL), "C.UTF-8");
	cr_assert_str_eq(_("show this help"), "显示本帮助");
}

Test(charset, english_in_the_c_locale_stays_c)
{
	env_clear();
	setenv("LANG", "C", 1);
	cr_assert_null(i18n_setup(NULL, NOWHERE));
	cr_assert_null(i18n_note());
	cr_assert_str_eq(setlocale(LC_CTYPE, NULL), "C");
}

/* ---- an installed catalogue goes through the C library's gettext ---- */

static void copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
	cr_assert(in && out, "%s -> %s", from, to);
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		cr_assert_eq(fwrite(buf, 1, n, out), n);
	fclose(in);
	cr_assert_eq(fclose(out), 0);
}

Test(installed, an_installed_catalogue_is_preferred)
{
#if ENABLE_NLS
	char dir[] = "/tmp/gpuplan-i18n-XXXXXX", sub[256], mo[300];
	cr_assert_not_null(mkdtemp(dir));
	snprintf(sub, sizeof sub, "%s/zh_CN", dir);
	cr_assert_eq(mkdir(sub, 0700), 0);
	snprintf(sub, sizeof sub, "%s/zh_CN/LC_MESSAGES", dir);
	cr_assert_eq(mkdir(sub, 0700), 0);
	snprintf(mo, sizeof mo, "%s/gpuplan.mo", sub);
	copy_file(GPUPLAN_SRCDIR "/po/zh_CN.gmo", mo);
	env_clear();
	setenv("LANG", "C", 1);
	i18n_setup("zh", dir);
	cr_assert_eq(i18n_source(), I18N_SOURCE_INSTALLED);
	cr_assert_str_eq(_("show this help"), "显示本帮助");
	cr_assert_str_eq(P_("gpuplan: %zu error in the data files; nothing was computed\n",
			    "gpuplan: %zu errors in the data files; nothing was computed\n", 2),
			 "gpuplan：数据文件中有 %zu 处错误，未做任何计算\n");
	unlink(mo);
	rmdir(sub);
	snprintf(sub, sizeof sub, "%s/zh_CN", dir);
	rmdir(sub);
	rmdir(dir);
#else
	cr_skip_test("built with --disable-nls");
#endif
}
