#!/bin/sh
# The Chinese interface end to end (issue 11): --lang, the environment, a
# jump host without the zh_CN locale (LANG=zh_XX.UTF-8: a name no host
# has), and the binary copied alone (the built-in catalogue). Then the
# catalogue po/zh_CN.po: nothing untranslated or fuzzy, and a translation
# for every string the sources mark today.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
bin=$top_builddir/gpuplan
failed=0
pass() { echo "ok: $1"; }
fail() { echo "FAIL: $1"; failed=1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpuplan-i18n.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

usage_zh='用法：gpuplan [选项]...'
help_zh='显示本帮助'
usage_en='Usage: gpuplan [OPTION]...'

# gpuplan with only the given locale variables (and PATH, TMPDIR)
run() { # LANG value, then gpuplan's arguments
	lang=$1
	shift
	env -i PATH="$PATH" TMPDIR="${TMPDIR:-/tmp}" LANG="$lang" "$bin" "$@"
}

utf8_ok() { iconv -f UTF-8 -t UTF-8 "$1" > /dev/null 2>&1; }

expect() { # label, file, text that must be there
	if grep -qF -- "$3" "$2"; then pass "$1"; else fail "$1: no \"$3\" in:"; cat "$2"; fi
}

expect_zh_help() { # label, output file
	expect "$1: Chinese usage line" "$2" "$usage_zh"
	expect "$1: Chinese option help" "$2" "$help_zh"
	if utf8_ok "$2"; then pass "$1: valid UTF-8"; else fail "$1: not valid UTF-8"; fi
}

run zh_XX.UTF-8 --lang zh --help > "$tmp/xx.out" 2> "$tmp/xx.err" || fail "zh_XX --lang zh exit"
expect_zh_help "LANG=zh_XX.UTF-8 --lang zh" "$tmp/xx.out"
run C --lang zh --help > "$tmp/c.out" || fail "LANG=C --lang zh exit"
expect_zh_help "LANG=C --lang zh" "$tmp/c.out"
run zh_CN.UTF-8 --help > "$tmp/cn.out" || fail "LANG=zh_CN.UTF-8 exit"
expect_zh_help "LANG=zh_CN.UTF-8 (locale $(locale -a 2>/dev/null | grep -qi '^zh_CN.utf' && echo installed || echo missing))" "$tmp/cn.out"
run zh_CN.UTF-8 --lang=en --help > "$tmp/en.out" || fail "--lang=en exit"
expect "LANG=zh_CN.UTF-8 --lang=en: English" "$tmp/en.out" "$usage_en"
run C --help > "$tmp/plain.out" || fail "LANG=C exit"
expect "LANG=C: English" "$tmp/plain.out" "$usage_en"

# a plural form through the chain: the data errors' count
run C --lang zh --data "$top_srcdir/tests/fixtures/broken" --print -m 7b > /dev/null 2> "$tmp/err.out"
expect "--lang zh: data errors counted in Chinese" "$tmp/err.out" "gpuplan：数据文件中有 3 处错误，未做任何计算"

if run C --lang fr --help > /dev/null 2> "$tmp/fr.err"; then fail "--lang fr accepted"; fi
expect "--lang fr: a usage error" "$tmp/fr.err" 'invalid value "fr" for --lang: expected zh or en'

# the binary alone on a jump host: no source tree, no installed catalogue
mkdir "$tmp/alone"
cp "$bin" "$tmp/alone/gpuplan"
(cd "$tmp/alone" && env -i PATH="$PATH" LANG=zh_CN.UTF-8 ./gpuplan --help) > "$tmp/alone.out" ||
	fail "the copy alone exit"
expect_zh_help "the copy alone, built-in catalogue" "$tmp/alone.out"

# every source file that marks strings is listed for xgettext
unlisted=0
# (a header counts when it marks strings in code, not in its comments)
for f in "$top_srcdir"/src/*/*.[ch] "$top_srcdir"/ui/*/*.[ch] "$top_srcdir"/ui/main.c; do
	rel=${f#"$top_srcdir"/}
	if sed -e '/^#[[:space:]]*define/d' -e 's:/\*.*\*/::g' -e '/^[[:space:]]*\*/d' -e 's:/\*.*::' "$f" |
		grep -qE '(^|[^A-Za-z0-9_])(N_|P_|_)\(' &&
		! grep -qxF "$rel" "$top_srcdir/po/POTFILES.in"; then
		fail "$rel marks strings but is not in po/POTFILES.in"
		unlisted=1
	fi
done
[ "$unlisted" = 0 ] && pass "po/POTFILES.in lists every file that marks strings"
# generated files are not there yet in a fresh checkout: xgettext would stop
if grep -q "embedded_" "$top_srcdir/po/POTFILES.in"; then
	fail "po/POTFILES.in lists a generated file"
else
	pass "po/POTFILES.in lists no generated file"
fi

# the catalogue: every message translated, none fuzzy (since issue 11 a
# new string ships with its Chinese)
po=$top_srcdir/po/zh_CN.po
if command -v msgfmt > /dev/null; then
	if msgfmt --check --statistics -o /dev/null "$po" 2> "$tmp/stats"; then
		pass "msgfmt --check: $(cat "$tmp/stats")"
	else
		fail "msgfmt --check:"; cat "$tmp/stats"
	fi
	for kind in fuzzy:--only-fuzzy untranslated:--untranslated; do
		count=$(sed -n "s/.* \([0-9][0-9]*\) ${kind%:*}.*/\1/p" "$tmp/stats")
		if [ "${count:-0}" = 0 ]; then
			pass "no ${kind%:*} message in zh_CN.po"
		else
			fail "$count ${kind%:*} message(s) in zh_CN.po, such as:"
			msgattrib "${kind#*:}" --no-wrap "$po" 2> /dev/null | grep '^msgid ' | grep -v '^msgid ""$' | head -20
		fi
	done
else
	echo "msgfmt not found (Debian package gettext): figures not checked"
fi

# every string the sources mark now (not at the last make update-po) has
# its Chinese: a fresh template by po/Makevars' options over POTFILES.in
# (in a temporary folder: the source tree may be read-only), compared with
# msgcmp, which counts an untranslated or fuzzy entry as missing
if command -v xgettext > /dev/null && command -v msgcmp > /dev/null; then
	opts=$(sed -n '/^XGETTEXT_OPTIONS *=/,/[^\\]$/p' "$top_srcdir/po/Makevars" |
		sed 's/^XGETTEXT_OPTIONS *=//; s/\\$//' | tr '\n' ' ')
	grep -v '^#' "$top_srcdir/po/POTFILES.in" | grep . > "$tmp/potfiles"
	# shellcheck disable=SC2086 # $opts: the Makefile's word list
	if xgettext $opts --no-wrap -D "$top_srcdir" -f "$tmp/potfiles" -o "$tmp/fresh.pot" 2> "$tmp/xgettext.err"; then
		n=$(grep -c '^msgid ' "$tmp/fresh.pot")
		if msgcmp "$po" "$tmp/fresh.pot" > "$tmp/msgcmp.out" 2>&1; then
			pass "every one of the $((n - 1)) marked strings has its translation in zh_CN.po"
		else
			fail "marked strings without a translation in zh_CN.po (make update-po, then translate):"
			sed -n 's/^.*fresh\.pot:\([0-9]*\): this message is used but not defined.*/\1/p' \
				"$tmp/msgcmp.out" | while read -r line; do
				sed -n "$((line > 3 ? line - 3 : 1)),${line}p" "$tmp/fresh.pot" | grep '^msgid ' | tail -1
			done | head -40
		fi
	else
		fail "xgettext over po/POTFILES.in:"; cat "$tmp/xgettext.err"
	fi
else
	echo "xgettext/msgcmp not found (Debian package gettext): marked strings not checked"
fi
exit $failed
