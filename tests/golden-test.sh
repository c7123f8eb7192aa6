#!/bin/bash
# Golden files: every report format and the configurator's screens, for the
# cases in tests/golden/cases, compared with what gpuplan writes now. A
# mismatch prints a unified diff (golden → now), so a changed figure is one
# diff to read; when the change is meant, make update-golden writes the
# files again and git diff tests/golden shows it for review.
#
#   tests/golden-test.sh            compare (make check runs it)
#   tests/golden-test.sh --update   write tests/golden/ again (make update-golden)
#
# Deterministic by construction: today is GPUPLAN_TODAY, the data are the
# source tree's models/ and prices/, the locale is C.UTF-8 (--lang zh for
# Chinese), NO_COLOR, and the paths of the trees (the data source line, the
# quote's data line) are printed as <data> and <build>, the version as
# <version>. Screens are tmux captures at 120x36 and 80x24: without tmux
# they are skipped and the reports still compared. What was produced is
# kept in tests/artefacts-golden/now; the whole diff in .../golden.diff.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
# without "..": make distcheck passes paths such as _build/sub/../.., and a
# build folder inside the source tree must not match inside its path
top_srcdir=$(cd "$top_srcdir" && pwd) top_builddir=$(cd "$top_builddir" && pwd)
bin=$top_builddir/gpuplan
golden=$top_srcdir/tests/golden
art=$top_builddir/tests/artefacts-golden
now=$art/now
update=false
case ${1:-} in
--update) update=true ;;
'') ;;
*) echo "usage: $0 [--update]" >&2; exit 2 ;;
esac

if [ ! -x "$bin" ]; then
	echo "FAIL: $bin is not built (make first)"
	exit 1
fi
rm -rf "$art" && mkdir -p "$now/reports" "$now/screens" "$art/xdg" "$art/home"
export GPUPLAN_TODAY=2026-12-01 GPUPLAN_DATA=$top_srcdir LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	NO_COLOR=1 TZ=UTC XDG_CONFIG_HOME=$art/xdg HOME=$art/home
unset LANGUAGE LC_MESSAGES COLUMNS LINES VISUAL EDITOR
version=$("$bin" --version | awk 'NR == 1 { print $2 }')
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The trees' paths and the version, written as words (literal replacement,
# the longer path first: either tree may lie inside the other).
neutral() {
	awk -v b="$top_builddir" -v s="$top_srcdir" -v v="gpuplan $version" '
	function swap(line, from, to,   i, out) {
		if (from == "") return line
		while ((i = index(line, from)) > 0) {
			out = out substr(line, 1, i - 1) to
			line = substr(line, i + length(from))
		}
		return out line
	}
	{ l = $0
	  if (b == s) l = swap(l, s, "<data>")
	  else if (length(b) > length(s)) l = swap(swap(l, b, "<build>"), s, "<data>")
	  else l = swap(swap(l, s, "<data>"), b, "<build>")
	  print swap(l, v, "gpuplan <version>") }'
}

# One report: stdout, then stderr and a non-zero status when there are any,
# each under a marker line.
report() { # file, args...
	local file=$1 rc=0
	shift
	(cd "$top_srcdir" && "$bin" --print "$@") > "$art/out" 2> "$art/err" || rc=$?
	{
		neutral < "$art/out"
		if [ -s "$art/err" ]; then echo "--- stderr"; neutral < "$art/err"; fi
		if [ "$rc" != 0 ]; then echo "--- exit status $rc"; fi
	} > "$now/reports/$file"
}

# Screens: the configurator started with the case's options in a pane of
# each size, captured once the screen stops changing after its key line.
have_tmux=false
if command -v tmux >/dev/null; then
	have_tmux=true
	# shellcheck disable=SC2034 # tmux-lib.sh reads it
	sock=gpuplan-golden-$$
	# shellcheck source=tests/tmux-lib.sh
	. "$top_srcdir/tests/tmux-lib.sh"
	# a session that only holds the server up: killing the last session
	# ends the server, and the next case's new-session could race its exit
	# (no window-size manual: with it tmux 3.3a dies on a second session;
	# with no client attached a session keeps the size it was made with)
	T new-session -d -s hold -x 80 -y 24 cat
else
	echo "SKIP: tmux is not installed: screens not compared"
fi
shoot() { # name, columns, lines, language, args...
	local name=$1 cols=$2 lines=$3 lang=$4 ready="F10 quit" cmd
	shift 4
	[ "$lang" = zh ] && ready="F10 退出"
	printf -v cmd '%q ' "$bin" --lang "$lang" "$@"
	T new-session -d -s main -x "$cols" -y "$lines" -c "$top_srcdir" "exec $cmd"
	if wait_for "$ready" && settle; then
		screen > "$now/screens/$name.${cols}x$lines.$lang.txt"
	else
		fail "screen $name ${cols}x$lines $lang: \"$ready\" never stayed on screen"
		screen > "$art/$name.${cols}x$lines.$lang.unsettled.txt"
	fi
	T kill-session -t main 2>/dev/null
}

scenario() { # name, args...
	local name=$1 size
	shift
	report "$name.txt" "$@"
	report "$name.csv" --format csv "$@"
	report "$name.json" --format json "$@"
	report "$name.md" --format markdown "$@"
	report "$name.zh.txt" --lang zh "$@"
	report "$name.zh.md" --lang zh --format markdown "$@"
	$have_tmux || return 0
	for size in "120 36" "80 24"; do
		# shellcheck disable=SC2086 # two words: columns and lines
		shoot "$name" $size en "$@"
		# shellcheck disable=SC2086
		shoot "$name" $size zh "$@"
	done
}

start=$(date +%s)
n=0
while read -r kind rest; do
	case $kind in '' | '#'*) continue ;; esac
	eval "set -- $rest"
	case $kind in
	scenario) scenario "$@" ;;
	report) report "$@" ;;
	*) fail "tests/golden/cases: unknown kind \"$kind\"" ;;
	esac
	n=$((n + 1))
done < "$golden/cases"
files=$(cd "$now" && find . -type f | sort)
count=$(printf '%s\n' "$files" | grep -c .)
echo "golden: $n cases, $count files in $(($(date +%s) - start)) s"

if $update; then
	[ "$failures" = 0 ] || { echo "golden: not updated: $failures failures"; exit 1; }
	changed=0
	for f in $files; do cmp -s "$now/$f" "$golden/$f" || changed=$((changed + 1)); done
	rm -rf "$golden/reports"
	$have_tmux && rm -rf "$golden/screens"
	$have_tmux || rm -rf "$now/screens"
	cp -R "$now/." "$golden/"
	echo "golden: $changed files new or changed; review them: git diff --stat tests/golden"
	exit 0
fi

# Compare: every file both ways, so a new case and a dropped one show too.
: > "$art/golden.diff"
for f in $files; do
	if [ ! -f "$golden/$f" ]; then
		fail "${f#./}: no golden file (a new case? make update-golden)"
	elif ! cmp -s "$golden/$f" "$now/$f"; then
		diff -u --label "golden/${f#./}" --label "now/${f#./}" "$golden/$f" "$now/$f" >> "$art/golden.diff"
		fail "${f#./} differs from its golden file:"
		diff -u --label "golden/${f#./}" --label "now/${f#./}" "$golden/$f" "$now/$f" | head -n 60
	fi
done
for f in $(cd "$golden" && find reports screens -type f 2>/dev/null | sort); do
	case $f in screens/*) $have_tmux || continue ;; esac
	[ -f "$now/$f" ] || fail "$f: golden file of no case (make update-golden removes it)"
done
if [ "$failures" = 0 ]; then
	echo "ok: all $count files equal their golden files"
	exit 0
fi
echo "golden: $failures failures; the whole diff: $art/golden.diff"
echo "If the change is meant: make update-golden, then review git diff tests/golden"
exit 1
