#!/bin/sh
# The Chinese interface end to end (issue 11): --lang, the environment, a
# jump host without the zh_CN locale (LANG=zh_XX.UTF-8: a name no host
# has), and the binary copied alone (the built-in catalogue). Then the
# translation figures of po/zh_CN.po: no fuzzy entry.
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
for f in "$top_srcdir"/src/*.c "$top_srcdir"/ui/*.c; do
	rel=${f#"$top_srcdir"/}
	if grep -qE '(^|[^A-Za-z0-9_])(N_|P_|_)\(' "$f" &&
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

# the catalogue: no fuzzy entry; untranslated ones are counted, not failed
po=$top_srcdir/po/zh_CN.po
if command -v msgfmt > /dev/null; then
	if msgfmt --check --statistics -o /dev/null "$po" 2> "$tmp/stats"; then
		pass "msgfmt --check: $(cat "$tmp/stats")"
	else
		fail "msgfmt --check:"; cat "$tmp/stats"
	fi
	if grep -q fuzzy "$tmp/stats"; then fail "fuzzy translations in zh_CN.po"; else pass "no fuzzy"; fi
	untranslated=$(sed -n 's/.* \([0-9]*\) untranslated.*/\1/p' "$tmp/stats")
	echo "untranslated messages: ${untranslated:-0}"
else
	echo "msgfmt not found (Debian package gettext): figures not checked"
fi
exit $failed
