#!/bin/sh
# Both manual pages render as man would (preconv, groff -man, UTF-8) within
# a time limit: groff 1.22's zh.tmac loops for ever on a line it cannot
# break (a long list of codes joined by 、 with no break point), so the
# Chinese page marks a break point after each 、 (\:). The Chinese page
# must render Chinese, and no line of either may run past the width but
# the preformatted screen captures and examples, which the English page
# has too.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
failed=0
pass() { echo "ok: $1"; }
fail() { echo "FAIL: $1"; failed=1; }
command -v groff > /dev/null && command -v preconv > /dev/null ||
	{ echo "SKIP: groff is not installed (Debian groff-base)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpuplan-man.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

render() { # page, output
	preconv "$1" > "$tmp/in" &&
		LC_ALL=C.UTF-8 timeout 30 groff -man -Tutf8 -rLL=80n "$tmp/in" > "$2" 2> "$tmp/err"
}

for page in man/gpuplan.1 man/zh_CN/gpuplan.1; do
	out=$tmp/$(echo "$page" | tr / _).txt
	if render "$top_srcdir/$page" "$out"; then pass "$page renders"; else
		fail "$page: groff failed or ran past 30 s (status $?)"; cat "$tmp/err"; continue
	fi
	grep -q "gpuplan" "$out" && pass "$page: has text" || fail "$page: empty"
done
zh=$tmp/man_zh_CN_gpuplan.1.txt
grep -q "要租多少张 GPU 卡" "$zh" && pass "the Chinese page is Chinese" ||
	fail "the Chinese page shows no Chinese"
grep -q "、" "$zh" && ! grep -q '\\:' "$zh" && pass "break points leave no trace" ||
	fail "a break point (\\:) shows in the Chinese page"
[ "$failed" -eq 0 ]
