#!/bin/bash
# The configurator as a person uses it: driven through tmux at fixed sizes,
# asserting on what is on screen against the report for the same scenario.
# Captured screens are kept in tests/artefacts/ so a failure shows what the
# user saw.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
bin=$top_builddir/gpuplan
art=$top_builddir/tests/artefacts
# not sales/: tui-sales-test.sh may be running alongside (make -j2 check)
mkdir -p "$art" && find "$art" -mindepth 1 -maxdepth 1 ! -name sales -exec rm -rf {} + &&
	mkdir -p "$art/xdg"
export GPUPLAN_DATA=$top_srcdir XDG_CONFIG_HOME=$art/xdg LANG=C.UTF-8 LC_ALL=C.UTF-8
unset NO_COLOR
sock=gpuplan-test-$$
# shellcheck source=tests/tmux-lib.sh
. "$top_srcdir/tests/tmux-lib.sh"

start_shell() {
	T new-session -d -s main -x "$1" -y "$2" "bash --norc --noprofile"
	T set -g window-size manual
	T resize-window -t main -x "$1" -y "$2"
	wait_prompt
}

# Runs gpuplan in the pane, recording stty settings before and after.
launch() {
	rm -f "$art/rc"
	# the status last: once it is there, stty.after is complete
	T send-keys -t main "stty -g > '$art/stty.before'; $* ; st=\$?; stty -g > '$art/stty.after'; echo \$st > '$art/rc'" Enter
}

# Every GPU row on screen shows the cards, plan and per-card prices that
# the CSV report gives for the same scenario; where the table is too
# narrow for the per-card prices (80x24 with the time columns, issue 21),
# the cards, plan and the total with its c/b.
check_rows() {
	local name=$1 csv=$2 rows=0
	local shot=$art/$name.txt
	local header per_card=true
	header=$(head -1 "$csv")
	grep -q "Per GPU type · total per month" "$shot" && per_card=false
	col() { echo "$header" | tr ',' '\n' | grep -nx "$1" | cut -d: -f1; }
	local c_name c_cards c_plan c_cav c_cpc c_bpc c_cheap c_ctot c_btot
	c_name=$(col gpu_name) c_cards=$(col cards) c_plan=$(col strategy)
	c_cav=$(col container_available) c_cpc=$(col container_monthly_per_card)
	c_bpc=$(col baremetal_monthly_per_card) c_cheap=$(col cheaper)
	c_ctot=$(col container_monthly_total) c_btot=$(col baremetal_monthly_total)
	# money as the screen writes it (money_format): 9345 is ¥9,345
	yen() { printf '¥%s' "$(printf '%.0f' "$1" | sed ':a; s/\B[0-9]\{3\}\>/,&/; ta')"; }
	while IFS=, read -r -a f; do
		local short=${f[c_name - 1]#* } ct="—" bm="—" mark_c="" mark_b="" re total="—"
		[ "${f[c_cav - 1]}" = true ] && ct=$(yen "${f[c_cpc - 1]}")
		[ -n "${f[c_bpc - 1]}" ] && bm=$(yen "${f[c_bpc - 1]}")
		[ "${f[c_cheap - 1]}" = container ] && mark_c='\*' total="$(yen "${f[c_ctot - 1]}") c"
		[ "${f[c_cheap - 1]}" = baremetal ] && mark_b='\*' total="$(yen "${f[c_btot - 1]}") b"
		re="││.${short} (.* )?${f[c_cards - 1]} ${f[c_plan - 1]} +${ct}${mark_c} +${bm}${mark_b} +(¥[0-9,]+ [cb]|—)│$"
		$per_card || re="││.${short} (.* )?${f[c_cards - 1]} ${f[c_plan - 1]} +${total}│$"
		if grep -qE -- "$re" "$shot"; then
			rows=$((rows + 1))
		else
			fail "$name: no row matching /$re/"
		fi
	done < <(tail -n +2 "$csv")
	if [ "$rows" -gt 0 ]; then
		pass "$name: $rows GPU rows equal the CSV report"
	else
		fail "$name: no GPU rows to compare (is $csv empty?)"
	fi
}

start_shell 120 36
launch "$bin -m llama-3.1-70b"
wait_for "Per GPU type" || fail "the configurator did not start"
# type a model, change precision with the arrows (auto, fp32, bf16, fp16), type a context
T send-keys -t main -l "qwen2.5-32b"
T send-keys -t main Tab Right Right Right Tab Tab
T send-keys -t main -l "32k"
wait_for "Context     32k" || fail "context not typed"
wait_for "TP4" || fail "no recalculation"
settle
save typed-120x36
grep -q "Qwen2.5-32B\|qwen2.5-32b" "$art/typed-120x36.txt" || fail "model not typed"
grep -q "fp16" "$art/typed-120x36.txt" || fail "precision did not change"
"$bin" --print --format csv -m qwen2.5-32b -p fp16 -c 32k > "$art/expected.csv" ||
	fail "the CSV report to compare with failed (status $?)"
[ "$(wc -l < "$art/expected.csv")" -gt 1 ] || fail "the CSV report to compare with is empty"
check_rows typed-120x36 "$art/expected.csv"
check_width typed-120x36 120
grep -q "四川二区" "$art/typed-120x36.txt" && pass "CJK region name shown" || fail "no CJK region"

# Enter on an enumerated field opens its pick list
T send-keys -t main BTab Enter Down Enter
wait_for "Task        lora" && pass "pick list: Enter, Down, Enter chooses lora" || fail "pick list"
T send-keys -t main Enter Up Enter
wait_for "Task        inference" || fail "pick list back to inference"

# a mouse click (xterm X10 report) on a GPU row selects it
row=$(screen | grep -n "H100 80G " | head -1 | cut -d: -f1)
click=$(printf '1b5b4d%02x%02x%02x1b5b4d%02x%02x%02x' 32 $((33 + 40)) $((32 + row)) 35 $((33 + 40)) $((32 + row)))
T send-keys -t main -H $(echo "$click" | sed 's/../& /g')
wait_for "H100 80G · 2 cards" && pass "a mouse click selects the H100 row" || fail "mouse click"
save clicked-120x36

T resize-window -t main -x 80 -y 24
settle
save resized-80x24
check_rows resized-80x24 "$art/expected.csv"
check_width resized-80x24 80

T resize-window -t main -x 60 -y 20
wait_for "terminal too small" && pass "too-small screen at 60x20" || fail "no too-small screen"
save too-small-60x20
T resize-window -t main -x 100 -y 30
wait_for "Per GPU type" && pass "re-laid out at 100x30" || fail "no layout after resize"
save back-100x30
check_width back-100x30 100

# How gpuplan ended: its exit status, and the terminal settings back as
# they were before it started.
check_exit() { # what, expected status
	wait_exit || fail "$1 did not end gpuplan"
	[ "$(cat "$art/rc" 2>/dev/null)" = "$2" ] && pass "$1 ends with status $2" ||
		fail "$1: status $(cat "$art/rc")"
	cmp -s "$art/stty.before" "$art/stty.after" && pass "terminal restored after $1" ||
		fail "stty differs after $1"
}

T send-keys -t main F10
check_exit F10 0

# SIGTERM while running restores the terminal too
T resize-window -t main -x 120 -y 36
launch "$bin -m llama-2-7b"
wait_for "Per GPU type" || fail "second start"
pkill -TERM -f -n "$bin -m llama-2-7b"
check_exit SIGTERM 143

# Ctrl-C, and no colour: segments differ by glyph, no colour escapes
launch "NO_COLOR=1 $bin -m llama-3.1-8b -c 128k"
wait_for "Per GPU type" || fail "third start"
settle
save no-colour-120x36
if grep -qE $'\e\\[(3[0-7]|38;|4[0-7]|48;)' "$art/no-colour-120x36.ansi"; then
	fail "colour escapes with NO_COLOR"
else
	pass "no colour with NO_COLOR"
fi
grep -q "▓" "$art/no-colour-120x36.txt" && pass "KV segment has its own glyph" || fail "no KV glyph"
T send-keys -t main C-c
check_exit Ctrl-C 130

# TERM=dumb falls back to the report with a one-line reason
launch "TERM=dumb $bin -m llama-2-7b 2> '$art/dumb.err'"
wait_exit
grep -q "TERM is dumb" "$art/dumb.err" && pass "TERM=dumb: report instead" || fail "TERM=dumb: $(cat "$art/dumb.err")"

# an unknown terminal type also falls back, naming it
launch "TERM=no-such-terminal $bin -m llama-2-7b 2> '$art/unknown.err'"
wait_exit
grep -q 'unknown terminal type "no-such-terminal"' "$art/unknown.err" && pass "unknown TERM: report instead" ||
	fail "unknown TERM: $(cat "$art/unknown.err")"

# stdin closed: nothing to read keys from, so the report, and a clean exit
launch "$bin -m llama-2-7b 0<&- > '$art/closed-stdin.out'"
wait_exit
[ "$(cat "$art/rc")" = 0 ] && grep -q "^GPU " "$art/closed-stdin.out" && pass "closed stdin: report, status 0" ||
	fail "closed stdin: status $(cat "$art/rc")"

# a 20x10 terminal gets the too-small screen; SIGHUP restores the terminal
T resize-window -t main -x 20 -y 10
launch "$bin -m llama-2-7b"
wait_for "too small" && pass "too-small screen at 20x10" || fail "no too-small screen at 20x10"
save too-small-20x10
pkill -HUP -f -n "$bin -m llama-2-7b"
check_exit SIGHUP 129

# a crash in the UI path (SIGSEGV) still restores the terminal
T resize-window -t main -x 120 -y 36
launch "$bin -m llama-2-7b"
wait_for "Per GPU type" || fail "start before the crash"
pkill -SEGV -f -n "$bin -m llama-2-7b"
check_exit "a crash (SIGSEGV)" 139

echo "tui-test: $failures failure(s); screens in $art"
[ "$failures" -eq 0 ]
