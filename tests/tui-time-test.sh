#!/bin/bash
# Time and money over time on screen (issue 9), under tmux at 120x36 and
# 80x24, NO_COLOR, UTF-8 and LANG=C: the tok/s and ¥/M columns equal the
# JSON report's figures for the same scenario; a training scenario shows
# days, the job's total and the scaling tiers; every line fits the pane.
# Captures go to tests/artefacts-time/.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
bin=$top_builddir/gpuplan
art=$top_builddir/tests/artefacts-time
rm -rf "$art" && mkdir -p "$art/xdg"
export GPUPLAN_DATA=$top_srcdir XDG_CONFIG_HOME=$art/xdg LANG=C.UTF-8 LC_ALL=C.UTF-8
export GPUPLAN_TODAY=2026-12-01
unset NO_COLOR
sock=gpuplan-time-$$
# shellcheck source=tests/tmux-lib.sh
. "$top_srcdir/tests/tmux-lib.sh"

QWEN="-m qwen2.5-72b -p int4 -c 32k --concurrency 20"
TRAIN="-m llama-2-7b -t lora --train-tokens 2B --deadline 7d"

app() { # cols lines command...
	local cols=$1 lines=$2
	shift 2
	T kill-server 2>/dev/null
	sleep 0.2
	T new-session -d -s main -x "$cols" -y "$lines" "$* ; sleep 60"
	T set -g window-size manual
	T resize-window -t main -x "$cols" -y "$lines"
	wait_for "Per GPU type" || fail "gpuplan did not start: $*"
	sleep 0.3
	keys Tab # off the model's text field: J and K scroll the breakdown
}

# Every non-empty line of a capture is exactly as wide as the terminal.
check_width() { # name cols
	local bad
	bad=$(awk 'NF' "$art/$1.txt" | head -n -1 | while IFS= read -r line; do
		w=$(printf '%s' "$line" | wc -L)
		case "$line" in *│ | *x) [ "$w" -ne "$2" ] && echo "$w: $line" ;; esac
		[ "$w" -gt "$2" ] && echo "$w: $line"
	done)
	[ -z "$bad" ] && pass "$1: every line fits $2 columns" || fail "$1: misaligned: $bad"
}

# A figure of the JSON report: the first "key": value after the plan of
# gpu and, when given, after the line that opens section.
json_figure() { # file gpu key [section]
	awk -v gpu="\"gpu\": \"$2\"" -v key="\"$3\":" -v section="${4:+\"$4\":}" '
		index($0, gpu) { inside = 1; within = section == "" }
		inside && section != "" && index($0, section) { within = 1; next }
		within && index($0, key) { v = $0; sub(/.*: /, "", v); sub(/,$/, "", v); print v; exit }' "$1"
}

# The time figures of a GPU's row: the two cells after GiB/card.
row_time() { # capture gpu-name
	grep -E "│.$2 " "$art/$1.txt" | head -1 | grep -oE "[0-9.]+/[0-9.]+ +[^ ]+ +[^ ]+" |
		awk '{print $2, $3}'
}

# |a - b| <= tolerance, on numbers with thousands separators and marks.
near() { # a b tolerance
	awk -v a="${1//[,~¥]/}" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t) }'
}

### inference: the columns equal the JSON figures
"$bin" $QWEN --format json > "$art/qwen.json" || fail "json report"
# (the plan's memory_minimum{} comes before its throughput{}: the speed is read in the latter)
app 120 36 "NO_COLOR=1 $bin $QWEN"
save qwen-120x36
check_width qwen-120x36 120
grep -qE "│ GPU .* GiB/card +tok/s(±30%)? +¥/M( tok)? +(cards|n) plan .*total│$" "$art/qwen-120x36.txt" &&
	pass "120x36: tok/s and ¥/M tok columns" || fail "120x36: no time columns"
# 20 prompts of 32k under the 10 s TTFT target: every plan fills bare-metal machines
for g in "H100 80G|h100-80g|baremetal" "H20 96G|h20-96g|baremetal" "910B 64G|910b-64g|baremetal"; do
	IFS='|' read -r name id way <<< "$g"
	read -r speed cost <<< "$(row_time qwen-120x36 "$name")"
	want_speed=$(json_figure "$art/qwen.json" "$id" output_tokens_per_s throughput)
	want_cost=$(json_figure "$art/qwen.json" "$id" "$way" cost_per_million_output)
	near "$speed" "$want_speed" 1 && near "$cost" "$want_cost" 1 &&
		pass "120x36: $name $speed tok/s, $cost per million = JSON $want_speed, $want_cost" ||
		fail "120x36: $name shows $speed / $cost, JSON says $want_speed / $want_cost"
done
grep -E "│.910B 64G " "$art/qwen-120x36.txt" | grep -q "~" &&
	pass "the estimate row (910B) is marked ~" || fail "910B: no estimate mark"
grep -q "~est" "$art/qwen-120x36.txt" && pass "the legend explains ~" || fail "legend: no ~"
keys PPage PPage PPage PPage PPage PPage PPage PPage
for _ in 1 2 3; do keys NPage; done
save qwen-detail-120x36
# three significant digits ("TTFT 9.94 s · ITL 25.9 ms (p99 1.28 s)") may wrap the total
grep -qE "│ speed: TTFT .* · ITL .* \(p99 .*\) · .* tok/s streaming · 20 × " "$art/qwen-detail-120x36.txt" &&
	grep -qE "│ (.* )?(memory|compute|KV-cache|per-layer-latency|interconnect|prefill)-bound · ±30%" \
		"$art/qwen-detail-120x36.txt" &&
	pass "the breakdown shows TTFT, ITL p99, users × each = total, bound" ||
	fail "no speed line in the breakdown"
grep -qE "│ per million output tokens: container (¥[0-9.,]+|—) · bare metal ¥" \
	"$art/qwen-detail-120x36.txt" &&
	pass "cost per million tokens, both ways" || fail "no cost per million in the breakdown"
T resize-window -t main -x 80 -y 24
sleep 0.5
save qwen-80x24
check_width qwen-80x24 80
grep -qE "│ GPU .* total│$" "$art/qwen-80x24.txt" &&
	pass "80x24: the time columns go after the bar and GiB; the total stays" ||
	fail "80x24: the header lost the total"
# issue 21: the speed stays at 80x24, the per-card prices go (the total's c/b)
grep -qE "│ GPU +tok/s .* total│$" "$art/qwen-80x24.txt" &&
	pass "80x24: tok/s stays beside the total" || fail "80x24: no tok/s at 80x24"
grep -qE "│ H100 80G +[0-9,]+ +8 TP4×DP2 +¥88,480 b│$" "$art/qwen-80x24.txt" &&
	pass "80x24: the H100 row keeps its name and numbers whole" || fail "80x24: H100 row"
for _ in $(seq 30); do keys J; done
save qwen-scrolled-80x24
check_width qwen-scrolled-80x24 80
grep -q "│ efficiency used: mbu " "$art/qwen-scrolled-80x24.txt" &&
	pass "80x24: J scrolls to the efficiencies" || fail "80x24: efficiencies not reached"

### LANG=C: plain money, no raw bytes
app 120 36 "LANG=C LC_ALL=C NO_COLOR=1 $bin $QWEN"
save qwen-lang-c-120x36
check_width qwen-lang-c-120x36 120
grep -qE "^x.*x H100 80G .* 43.5/79.6 +269 +125 +8 TP4xDP2 +- +11,060\* +88,480 bx$" \
	"$art/qwen-lang-c-120x36.txt" &&
	pass "LANG=C: tok/s and per million as digits" || fail "LANG=C: H100 row"
LC_ALL=C grep -q $'[\x80-\xff]' "$art/qwen-lang-c-120x36.txt" && fail "LANG=C: non-ASCII bytes"

### training: days, the job's total, the tiers
"$bin" $TRAIN --format json > "$art/train.json" || fail "json report (training)"
app 120 36 "NO_COLOR=1 $bin $TRAIN"
save train-120x36
check_width train-120x36 120
grep -qE "│ GPU .* days(±25%)? +job total +(cards|n) plan .*total│$" "$art/train-120x36.txt" &&
	pass "training: days and job total columns" || fail "training: no days column"
read -r days cost <<< "$(row_time train-120x36 "RTX 4090 24G")"
want_days=$(json_figure "$art/train.json" rtx4090-24g days)
near "$days" "$want_days" 0.05 && pass "training: RTX 4090 $days days = JSON $want_days" ||
	fail "training: RTX 4090 shows $days days, JSON $want_days"
grep -q "│ deadline: met with 8 cards" "$art/train-120x36.txt" &&
	pass "training: the deadline is met with 8 cards (the 1-8 card hourly offer)" ||
	fail "training: no deadline line"
keys J J J J J J J J J J
save train-tiers-120x36
grep -qE "│ +1 card +single card +17.6 d █+ +¥663 █" "$art/train-tiers-120x36.txt" &&
	grep -qE "│ +64 cards .* █+ +[0-9]+%" "$art/train-tiers-120x36.txt" &&
	pass "training: the scaling tiers as bars, days and total" || fail "training: no tier bars"
T resize-window -t main -x 80 -y 24
sleep 0.5
save train-80x24
check_width train-80x24 80
for _ in $(seq 24); do
	screen | grep -qE "│ +8 cards .*█" && break
	keys J
done
save train-tiers-80x24
check_width train-tiers-80x24 80
grep -qE "│ +8 cards .*█" "$art/train-tiers-80x24.txt" &&
	pass "80x24: J reaches the tiers" || fail "80x24: tiers not reached"

### training at 80x24 with LANG=C: the days, the job's total and the
### month's total whole, the per-card prices gone (issue 21); at 86
### columns the days' band comes back
app 80 24 "LANG=C LC_ALL=C NO_COLOR=1 $bin $TRAIN"
save train-lang-c-80x24
# a training job: the 1-8 card hourly offer, 3 x 1.57 x 730 = 3,438 (not the 1-4 card 1,073 a month)
check_width train-lang-c-80x24 80
grep -qE "^x.*xx GPU +days .*(n|cards) plan .*totalx$" "$art/train-lang-c-80x24.txt" &&
	grep -qE "^x.*xx.RTX 4090 24G +1.66 +500 +8 PP8 +9,169 cx$" "$art/train-lang-c-80x24.txt" &&
	grep -qE "^x.*xx H200 141G +0.20 +151,920 +8 DP8 +151,920 bx$" "$art/train-lang-c-80x24.txt" &&
	pass "LANG=C 80x24: whole names, days, grouped totals" || fail "LANG=C 80x24: training row"
T resize-window -t main -x 86 -y 24
sleep 0.5
save train-lang-c-86x24
grep -qE "^x.*xx GPU +days~25% " "$art/train-lang-c-86x24.txt" &&
	grep -qE "^x.*xx.RTX 4090 24G +1.66 +500 +8 PP8 +9,169 cx$" "$art/train-lang-c-86x24.txt" &&
	pass "LANG=C 86x24: the days' band beside the whole row" || fail "LANG=C 86x24: training row"
LC_ALL=C grep -q $'[\x80-\xff]' "$art/train-lang-c-80x24.txt" && fail "LANG=C 80x24: non-ASCII bytes"

### the form at 80x24: the unfolded fields, then the fold; Tab reaches every field, the Advanced ones too
app 80 24 "NO_COLOR=1 $bin $TRAIN"
# past Headroom, Output, Min speed, Rate, TTFT target, TPOT target, To train, Deadline
keys Tab Tab Tab Tab Tab Tab Tab Tab Tab Tab Tab Tab
keys Enter
wait_for "▾ Advanced" || fail "80x24: Enter did not open Advanced"
save form-open-80x24
order=$(grep -oE "│(Headroom|Output|Min speed|Rate|TTFT target|TPOT target|To train|Deadline|▾ Advanced|KV cache) " \
	"$art/form-open-80x24.txt" | sed 's/^│//; s/ $//' | paste -sd,)
[ "$order" = "Headroom,Output,Min speed,Rate,TTFT target,TPOT target,To train,Deadline,▾ Advanced,KV cache" ] &&
	pass "80x24: the main fields stay above the opened fold" || fail "80x24: form order: $order"
grep -q "│Trial " <(screen) && fail "80x24: Trial already in view (the test needs a longer form)"
for _ in $(seq 40); do # the last field: Trial
	screen | grep -q "│Trial " && break
	keys Tab
done
save form-end-80x24
check_width form-end-80x24 80
grep -q "│Network " "$art/form-end-80x24.txt" && grep -q "│Measured " "$art/form-end-80x24.txt" &&
	grep -q "│Budget " "$art/form-end-80x24.txt" && grep -q "│Trial " "$art/form-end-80x24.txt" &&
	pass "80x24: Tab scrolls the form to Measured, Network, Budget and Trial" ||
	fail "80x24: the last fields not reachable"
keys Tab
wait_for "│Model " && screen | grep -q "│KV cache " &&
	pass "80x24: Tab on the last field wraps to the top" || fail "80x24: no wrap to the top"

exit $((failures > 0))
