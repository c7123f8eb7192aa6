#!/bin/bash
# What a customer notices on the shared screen, under tmux at 120x36 and
# 80x24, in English and Chinese: the memory line says the need and the
# need with headroom each as a share of the card; a measurement stays on
# the GPU it was taken on. Captures go to tests/artefacts/customer/.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
bin=$top_builddir/gpuplan
art=$top_builddir/tests/artefacts/customer
rm -rf "$art" && mkdir -p "$art/xdg"
export GPUPLAN_DATA=$top_srcdir XDG_CONFIG_HOME=$art/xdg LANG=C.UTF-8 LC_ALL=C.UTF-8
export GPUPLAN_TODAY=2026-12-01 NO_COLOR=1
runs=0 sock=gpuplan-customer-$$-0
# shellcheck source=tests/tmux-lib.sh
. "$top_srcdir/tests/tmux-lib.sh"

# gpuplan alone in a fresh session of cols x lines, started when text shows
app() { # cols lines text-to-wait-for command...
	local cols=$1 lines=$2 text=$3
	shift 3
	T kill-server 2>/dev/null
	runs=$((runs + 1)) sock=gpuplan-customer-$$-$runs # a server of its own: no race with the last
	T new-session -d -s main -x "$cols" -y "$lines" "$*; sleep 60"
	T set -g window-size manual
	T resize-window -t main -x "$cols" -y "$lines"
	wait_for "$text" || fail "gpuplan did not start: $*"
}
# The right-hand panes of a capture as one line, borders dropped, so a
# wrapped breakdown line reads whole (a Chinese one breaks with no space).
flat() { sed 's/.*││//; s/[│┌┐└┘]/ /g' "$art/$1.txt" | tr '\n' ' ' | tr -s ' '; }
has() { # capture pattern what
	flat "$1" | grep -qE -- "$2" && pass "$1: $3" || fail "$1: $3 (no /$2/)"
}

### 1. the memory line: 17.9 GiB of 24.0 is 75 %; × 1.2 = 21.5 GiB is 90 %
LLAMA="-m llama-3.1-8b -c 32k -n 8 --gpu rtx4090-24g"
for size in "120 36" "80 24"; do
	set -- $size
	app "$1" "$2" "Per GPU type" "$bin $LLAMA"
	wait_for "headroom" || fail "no memory line at $1x$2"
	save "memory-en-$1x$2"
	has "memory-en-$1x$2" "needs 17.9 GiB = 75 % of 24.0 GiB;" "the need is 75 % of the card"
	has "memory-en-$1x$2" "with 20 % headroom 21.5 GiB = 90 %" "with headroom it is 90 %"
	app "$1" "$2" "各型号 GPU" "$bin --lang zh $LLAMA"
	wait_for "需 17.9 GiB" || fail "no Chinese memory line at $1x$2"
	save "memory-zh-$1x$2"
	has "memory-zh-$1x$2" "需 17.9 GiB = 75%" "需要 75 %"
	has "memory-zh-$1x$2" "留 20% 余量 ?后 21.5 GiB = 90%" "留余量后 90 %"
done

### 3. one offer, whole: 8 × 4090 takes the 1-8 card offer (1.57/h x 730 =
### 1,146.1 a card, 2026-09-28), never its price with the 1-4 card limit
EIGHT="-m llama-3.1-8b -c 32k -n 8 --gpu rtx4090-24g --cards 8"
for size in "120 36" "80 24"; do
	set -- $size
	app "$1" "$2" "Per GPU type" "$bin $EIGHT"
	wait_for "container 8 ×" || fail "no container line at $1x$2"
	save "offer-en-$1x$2"
	has "offer-en-$1x$2" "container 8 × ¥1,146 = ¥9,169/month · max 8 cards · 2026-09-28" \
		"8 cards: the 1-8 card offer, its price and date"
	flat "offer-en-$1x$2" | grep -q "max 4 cards" && fail "offer-en-$1x$2: the 1-4 card limit shown" ||
		pass "offer-en-$1x$2: no 1-4 card limit beside it"
	app "$1" "$2" "各型号 GPU" "$bin --lang zh $EIGHT"
	wait_for "容器实例 8 ×" || fail "no Chinese container line at $1x$2"
	save "offer-zh-$1x$2"
	has "offer-zh-$1x$2" "容器实例 8 × ¥1,146 = ¥9,169/月 · 最多 8 张 ?卡 · 2026-09-28" \
		"8 张卡：1-8 卡的报价"
done

### 4. a measurement belongs to the GPU it was typed on: typed with H100
### selected, it stays on H100 when A100 is selected (the 4090 showed
### "1520 tok/s per card" and "measured")
LORA="-m llama-2-7b -t lora --train-tokens 2B"
select_h100() { # the breakdown's title names the selected row
	for _ in 1 2 3 4 5 6 7 8; do
		screen | grep -q "┌ H100 80G ·" && return 0
		keys PgDn
	done
	return 1
}
for run in "120 36 en" "80 24 en" "120 36 zh" "80 24 zh"; do
	set -- $run
	name="measured-$3-$1x$2"
	if [ "$3" = zh ]; then
		app "$1" "$2" "各型号 GPU" "$bin --lang zh $LORA"
	else
		app "$1" "$2" "Per GPU type" "$bin $LORA"
	fi
	select_h100 || fail "$name: H100 not selected"
	keys BTab Enter # the Advanced fields
	for _ in $(seq 19); do T send-keys -t main Tab; done # to Measured (past Percentile, EP, DP-attn, Engine)
	settle
	T send-keys -t main -l "1:1520,2:2900,4:5400"
	# with 1520 tok/s on one card, the H100 row's days are 2e9 / 1520 / 86400 / goodput 0.95 = 16.0 (1.62 modelled)
	wait_for "16.0" || fail "$name: the measurement did not apply"
	save "$name-h100"
	keys PgUp # A100, the row above
	wait_for "┌ A100 80G ·" || fail "$name: A100 not selected"
	save "$name-a100"
	has "$name-h100" "(from|取 ?自|按) --measured" "the H100 breakdown is the measured one"
	flat "$name-a100" | grep -qE "(from|取 ?自|按) --measured" &&
		fail "$name: the measurement moved to A100" || pass "$name: A100 is not measured"
	if [ "$1" = 120 ]; then
		has "$name-a100" "H100 80G .* 16\.0 " "the H100 row keeps its measured days"
		if [ "$3" = zh ]; then
			has "$name-a100" "实测于 H100 80G" "the title names the GPU measured on"
		else
			has "$name-a100" "measured on H100 80G" "the title names the GPU measured on"
		fi
	fi
done

### 5. from trial to contract on the screen (issue 22): the customer's
### benchmark file typed into the Trial field calibrates the GPU it ran on
trial=$(mktemp -d /tmp/gpuplan-trial.XXXXXX) # a short path: the field holds it whole
cp "$top_srcdir/tests/fixtures/trial/vllm_result.json" "$trial/vllm.json"
# the sample ran Meta-Llama-3-8B-Instruct; 60 lines: its poor fit adds a
# warning, and the calibration's notes come below it
app 120 60 "Per GPU type" "$bin -m llama-3-8b --gpu h100-80g"
keys BTab Enter # the Advanced fields
for _ in $(seq 40); do # Tab until the cursor is in the Trial field, the last
	row=$(screen | grep -n "│Trial " | cut -d: -f1)
	[ -n "$row" ] && [ "$(($(T display -p -t main '#{cursor_y}') + 1))" = "$row" ] && break
	keys Tab
done
T send-keys -t main -l "$trial/vllm.json"
T send-keys -t main Enter
wait_for "calibrated from your trial" && pass "trial: the typed file calibrates H100" ||
	fail "trial: no calibration after typing the file"
save trial-120x60
has trial-120x60 "calibrated from your trial \(1 point, fit within [0-9.]+ %\)" \
	"the breakdown says what the fit rests on"
has trial-120x60 "calibrated from your trial on H100 80G: mbu [0-9.]+, mfu_infer [0-9.]+, sw [0-9.]+" \
	"the fitted efficiencies are named"
grep -q "▶H100 80G" "$art/trial-120x60.txt" && pass "trial: the calibrated row stays selected" ||
	fail "trial: the selection was lost (the calibrated GPU is a copy of the catalogue's)"
rm -rf "$trial"

echo "tui-customer-test: $failures failure(s); screens in $art"
[ "$failures" -eq 0 ]
