#!/bin/bash
# The configurator in Chinese (issue 11), driven through tmux at 120x36 and
# 80x24, with LANG=C.UTF-8, LANG=C and a locale no host has (zh_XX.UTF-8):
# Chinese on screen, every line within the terminal by display width, no
# replacement characters, the boxes' borders whole, the GPU table's columns
# where its header puts them (an inference and a training scenario), F2
# switching to English and back, F1 and Esc, and q / F10 ending the program
# with the terminal restored. Display widths come from src/base/text.c through
# tests/textwidth. Screens are kept in tests/artefacts-zh/.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
bin=$top_builddir/gpuplan
tw=$top_builddir/tests/textwidth
art=$top_builddir/tests/artefacts-zh
rm -rf "$art" && mkdir -p "$art/xdg"
# the pane's own locale is UTF-8 (what the terminal is); each launch below
# sets the locale gpuplan sees
export GPUPLAN_DATA=$top_srcdir XDG_CONFIG_HOME=$art/xdg LANG=C.UTF-8 NO_COLOR=1
unset LC_ALL LC_MESSAGES LANGUAGE
sock=gpuplan-zh-$$
# shellcheck source=tests/tmux-lib.sh
. "$top_srcdir/tests/tmux-lib.sh"
if [ ! -x "$tw" ]; then
	echo "FAIL: $tw is not built (make check builds it)"
	exit 1
fi

start_shell() { # columns, lines
	T new-session -d -s main -x "$1" -y "$2" "bash --norc --noprofile"
	T set -g window-size manual
	T resize-window -t main -x "$1" -y "$2"
	wait_prompt
}

# Runs gpuplan in the pane, recording stty settings before and after.
launch() {
	rm -f "$art/rc"
	T send-keys -t main "stty -g > '$art/stty.before'; $* ; st=\$?; stty -g > '$art/stty.after'; echo \$st > '$art/rc'" Enter
}

check_exit() { # what
	wait_exit || fail "$1 did not end gpuplan"
	[ "$(cat "$art/rc" 2>/dev/null)" = 0 ] && pass "$1 ends with status 0" ||
		fail "$1: status $(cat "$art/rc" 2>/dev/null)"
	cmp -s "$art/stty.before" "$art/stty.after" && pass "terminal restored after $1" ||
		fail "stty differs after $1"
}

# Card (卡) is in the table's title, the rows' plan and the breakdown, and
# in no data file: it is there only when the interface speaks Chinese.
zh_marker=卡
en_marker="Per GPU type"

has() { grep -qF -- "$2" "$art/$1.txt"; }

# The texts a Chinese screen shows (money as ¥9,345/月 at 120 columns).
check_chinese() { # capture, texts...
	local name=$1 t missing=""
	shift
	for t in "$@"; do has "$name" "$t" || missing="$missing $t"; done
	[ -z "$missing" ] && pass "$name: Chinese on screen ($*)" || fail "$name: missing:$missing"
}

# No character the terminal could not show: U+FFFD, ?? for a Han
# character, or curses' M-x for a byte it took for Latin-1.
check_glyphs() { # capture
	local bad
	bad=$(grep -nE $'\xef\xbf\xbd|\\?\\?|(^|[^A-Za-z])M-[^ ]' "$art/$1.txt")
	[ -z "$bad" ] && pass "$1: no replacement characters" || fail "$1: replacement characters: $bad"
}

# By display width (src/base/text.c): no line wider than the terminal, and a line
# that ends in a border exactly as wide.
check_fits() { # capture, columns
	local bad
	bad=$("$tw" -w < "$art/$1.txt" | paste - "$art/$1.txt" |
		awk -F '\t' -v c="$2" '$1 > c || ($2 ~ /│$/ && $1 != c) { print NR ": " $1 " columns: " $2 }')
	[ -s "$art/$1.txt" ] || bad="empty capture"
	[ -z "$bad" ] && pass "$1: every line fits $2 columns" || fail "$1: lines do not fit: $bad"
}

# The GPU table, by display column: in each GPU row (it starts with a GPU's
# name, maybe cut), a number, ¥ amount or — (a trailing * aside: the cheaper
# mark) ends where a header label ends (right-aligned columns), or the mark
# after it does (the total and its c/b); the bar and the plan (the word after
# the cards) start where a header label starts, and words that end inside
# the plan's column are the plan's ("PP20 3m"). The header is the line above
# the first row; only what lies right of the table's left border counts.
table_awk='
function border(t) { return t == "│" }
# first token right of the third border: the table box after the form box
function region(i,   k, b) {
	for (k = 1; k <= n[i]; k++) if (border(T[i, k]) && ++b == 3) return k + 1
	return n[i] + 1
}
# a GPU row starts with a short name from the data (the vendor left out),
# maybe cut: returns the index of its last word on the line, else 0
# (names sharing a first word, RTX 4090 24G and RTX 5090 32G, are tried in turn)
function is_row(i,   k, w, m, words, a, na, alts, best, kk) {
	k = region(i)
	while (k <= n[i] && border(T[i, k])) k++
	w = T[i, k]; sub(/^▶/, "", w)
	if (!(w in first)) return 0
	na = split(first[w], alts, "\n")
	best = k
	for (a = 1; a <= na; a++) {
		m = split(alts[a], words, " ")
		kk = k
		for (j = 1; j <= m && kk < n[i] && index(words[j], T[i, kk + 1]) == 1; j++) kk++
		if (kk > best) best = kk
	}
	return best
}
function problem(msg) { if (++problems <= 12) bad = bad "\n  line " r ": " msg }
function check_row(r, h,   k, t, e, cards, plan_end, bar) {
	for (k = is_row(r) + 1; k <= n[r]; k++) {
		t = T[r, k]; e = E[r, k]
		if (border(t)) continue
		if (plan_end && E[r, k] < plan_end) continue
		if (!bar && t ~ /█|▓|▒|░/) {
			bar = 1
			if (!((S[r, k]) in HS)) problem("bar " t " starts at column " S[r, k])
			continue
		}
		if (t ~ /\*$/) { t = substr(t, 1, length(t) - 1); e-- }
		if (t !~ /^~?¥[0-9.,]+$/ && t != "—" && t !~ /^~?[0-9][0-9.,\/]*$/) continue
		if (!(e in HE) && !marked(r, k)) problem(t " ends at column " e ", no header label ends there")
		# the card count: a whole number a plan follows (a whole tok/s, 788,
		# is followed by its cost per million, or at 80x24 by the card count)
		if (!cards && t ~ /^[0-9]+$/ && k < n[r] && T[r, k + 1] !~ /^~?[¥0-9]/) {
			cards = 1
			if (!((S[r, k + 1]) in HS)) problem("plan " T[r, k + 1] " starts at column " S[r, k + 1])
			plan_end = next_start(S[r, k + 1])
		}
	}
}
# a value with a mark after it (the total and its c/b): the mark ends there
function marked(r, k) {
	return k < n[r] && !border(T[r, k + 1]) && T[r, k + 1] !~ /[0-9]|—/ && (E[r, k + 1] in HE)
}
function next_start(c,   s, best) {
	best = 100000
	for (s in HS) if (s + 0 > c && s + 0 < best) best = s + 0
	return best
}
BEGIN { m = split(names, nm, "\n"); for (j = 1; j <= m; j++) { w = nm[j]; sub(/ .*/, "", w); rest = substr(nm[j], length(w) + 2); first[w] = (w in first) ? first[w] "\n" rest : rest } }
$1 == "L" { i = $2; n[i] = 0; next }
{ k = ++n[i]; S[i, k] = $1; E[i, k] = $2; T[i, k] = $3 }
END {
	for (r = 1; r <= i && !is_row(r); r++) ;
	if (r > i || r == 1) { print "no GPU rows"; exit }
	h = r - 1
	for (k = region(h); k <= n[h]; k++) if (!border(T[h, k])) { HS[S[h, k]] = 1; HE[E[h, k]] = 1 }
	for (rows = 0; r <= i && is_row(r); r++) { check_row(r, h); rows++ }
	if (problems > 12) bad = bad "\n  and " problems - 12 " more"
	print (bad == "" ? "ok " rows " rows" : "header line " h ":" bad)
}'
# the GPUs' names as the table shows them: RTX 4090 24G, 910B 64G...
gpu_names=$(grep -v '^#' "$top_srcdir/prices/gpus.csv" | tail -n +2 | cut -d, -f2 | cut -d' ' -f2-)
check_table() { # capture
	local out
	out=$("$tw" -t < "$art/$1.txt" | awk -v names="$gpu_names" "$table_awk")
	case "$out" in
	ok*) pass "$1: GPU table columns aligned by display width (${out#ok })" ;;
	*) fail "$1: GPU table misaligned: $out" ;;
	esac
}

# The boxes stand whole: from the line of the first ┌ to the last line that
# starts with └, every column where a box's corner ┌ or ┐ stands on that
# line holds a box-drawing character on each line below (a label too wide
# for its box would overwrite or push its border).
boxes_awk='
$1 == "L" { i = $2; next }
{ B[i, $1] = $2 }
END {
	for (top = 1; top <= i && B[top, 0] != "┌"; top++) ;
	for (bottom = i; bottom > top && B[bottom, 0] != "└"; bottom--) ;
	if (bottom <= top) { print "no boxes"; exit }
	for (c = 0; c < 1000; c++) if (B[top, c] == "┌" || B[top, c] == "┐") V[c] = 1
	for (l = top + 1; l <= bottom; l++)
		for (c in V)
			if (!((l, c) in B) && ++bad <= 8) out = out "\n  line " l ", column " c ": no border"
	print (bad ? bad " gap(s) in the borders:" out : "ok")
}'
check_boxes() { # capture
	local out
	out=$("$tw" -b < "$art/$1.txt" | awk "$boxes_awk")
	[ "$out" = ok ] && pass "$1: every box border intact" || fail "$1: $out"
}

check_screen() { # capture, columns, Chinese texts...
	local name=$1 cols=$2
	shift 2
	save "$name"
	check_chinese "$name" "$@"
	check_glyphs "$name"
	check_fits "$name" "$cols"
	check_boxes "$name"
	check_table "$name"
}

# 1. 120x36: the whole screen, the live switch, help, Esc and q
start_shell 120 36
launch "$bin --lang zh -m qwen2.5-72b -n 20 -c 32k"
wait_for "$zh_marker" && pass "Chinese at 120x36" || fail "no Chinese at 120x36 (waited for $zh_marker)"
settle
check_screen zh-120x36 120 显存 卡 ¥ /月
# F2 switches live: English, with no Chinese left over from before
T send-keys -t main F2
wait_for "$en_marker" || fail "F2: no English (waited for $en_marker)"
settle
save en-120x36
if has en-120x36 "$en_marker" && ! has en-120x36 "$zh_marker"; then
	pass "F2: English"
else
	fail "F2: not all English (\"$en_marker\" and no $zh_marker expected)"
fi
check_table en-120x36
T send-keys -t main F2
wait_for 显存 && pass "F2 again: Chinese" || fail "F2 again: no Chinese (waited for 显存)"
settle
save zh-before-help-120x36
T send-keys -t main F1
settle
save zh-help-120x36
cmp -s "$art/zh-before-help-120x36.txt" "$art/zh-help-120x36.txt" && fail "F1: no help"
check_glyphs zh-help-120x36
check_fits zh-help-120x36 120
T send-keys -t main Escape
settle
save zh-after-esc-120x36
# the status line may have moved on (the language message gives way to the keys)
above_status() { sed '$d' "$art/$1.txt"; }
[ "$(above_status zh-before-help-120x36)" = "$(above_status zh-after-esc-120x36)" ] &&
	pass "Esc closes the help" ||
	fail "Esc: the screen differs from before F1"
# q quits from a choice field (in a text field it is typed): Precision
T send-keys -t main Tab
settle
T send-keys -t main q
check_exit "q"

# One screen: at cols x lines, the command shows Chinese, its capture
# passes check_screen with the marks, and F10 quits.
screen_case() { # cols lines name command marks...
	cols=$1 lines=$2 name=$3 cmd=$4
	shift 4
	T resize-window -t main -x "$cols" -y "$lines"
	settle
	launch "$cmd"
	wait_for "$zh_marker" && pass "$name: Chinese" || fail "$name: no Chinese"
	settle
	check_screen "$name" "$cols" "$@"
	T send-keys -t main F10
	check_exit "F10: $name"
}

# 2. 80x24: no column lost or cut mid-character
screen_case 80 24 zh-80x24 "$bin --lang zh -m qwen2.5-72b -n 20 -c 32k" 卡 ¥
# 3. LANG=C: a host with no UTF-8 locale set still shows Chinese, not ?;
# a training scenario here and below: the table has other columns
train="--task lora --train-tokens 2B --deadline 7d -m llama-2-7b"
screen_case 120 36 zh-train-langC-120x36 "env LANG=C $bin --lang zh $train" 显存 卡 ¥
# 4. the jump host: ssh sent a locale it lacks
screen_case 80 24 zh-train-xx-80x24 "env LANG=zh_XX.UTF-8 $bin --lang zh $train" 卡 ¥

# 5. a bare size in the focused Model field: the cursor is put back by
# display column, so "70B（仅参数量）" shows whole, not scrolled to its tail;
# a measured training curve: its own table columns (天数±25%)
T resize-window -t main -x 120 -y 36
settle
launch "$bin --lang zh -m 70b"
wait_for "$zh_marker" && pass "-m 70b: Chinese" || fail "-m 70b: no Chinese"
keys Left # a redraw with the cursor inside the value
check_screen zh-size-120x36 120 "模型       70B（仅参数量）" 卡
# End, then Backspace takes the last character, not one in the middle
keys End
keys BSpace
save zh-size-bs-120x36
has zh-size-bs-120x36 "模型       70B（仅参数量 " && pass "End, Backspace: the last character goes" ||
	fail "End, Backspace: $(sed -n 3p "$art/zh-size-bs-120x36.txt")"
T send-keys -t main Escape
sleep 0.3
T send-keys -t main F10
check_exit "F10 with -m 70b"
# the same in the price dialog: 95折, End (Tab enters a field there), then
# Backspace takes 折; Esc cancels, nothing is saved. One 4090 card is the
# 1-4 card offer, the one with 95折 (70B's 8 cards take the 1-8 card one)
launch "$bin --lang zh -m llama-3.1-8b"
wait_for "$zh_marker" || fail "-m llama-3.1-8b: no Chinese"
keys Tab
keys o
keys Tab
keys Tab
keys BSpace
save zh-offer-bs-120x36
has zh-offer-bs-120x36 "折扣        95 " && pass "price dialog, Backspace after 95折: 95" ||
	fail "price dialog, Backspace after 95折: $(grep 折扣 "$art/zh-offer-bs-120x36.txt")"
T send-keys -t main Escape
sleep 0.3
T send-keys -t main F10
check_exit "F10 with -m llama-3.1-8b"
launch "$bin --lang zh --measured 1:1520,2:2900,4:5400 --gpu h100-80g -t lora -m llama-2-7b --train-tokens 2B"
wait_for "$zh_marker" && pass "--measured: Chinese" || fail "--measured: no Chinese"
settle
check_screen zh-measured-120x36 120 天数 任务总价 卡
T send-keys -t main F10
check_exit "F10 with --measured"

echo "tui-zh-test: $failures failure(s); screens in $art"
[ "$failures" -eq 0 ]
