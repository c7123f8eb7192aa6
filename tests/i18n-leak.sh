#!/bin/sh
# No English left in --lang zh (issue 11): every report format's human text,
# --help, the listings, a training scenario, the data errors and the
# configurator's screens are scanned for ASCII words (two letters or more)
# outside what stays English by design: units, notation (TP, KV Cache,
# MFU...), key names, option names and values, file names, and the data
# (model and GPU names, regions, sources), which is read from the data
# files themselves. Each leaked word is printed with its line.
# The scanner checks itself first on a clean and a leaking sample.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
bin=$top_builddir/gpuplan
failed=0
pass() { echo "ok: $1"; }
fail() { echo "FAIL: $1"; failed=1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpuplan-leak.XXXXXX")
sock=gpuplan-leak-$$
trap 'tmux -L "$sock" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
export GPUPLAN_DATA="$top_srcdir" XDG_CONFIG_HOME="$tmp/xdg" LANG=C.UTF-8 NO_COLOR=1
unset LC_ALL LC_MESSAGES LANGUAGE

# What stays English by design, compared without case. Units; notation
# and jargon the Chinese engineers write in Latin letters; key names; the
# program, and the names of formats and tools; "oken", "ok", "ken", "to" and
# "eq" are what a pick list's or a dialog's box leaves of the units token,
# tok, token/s and req/s beside it. The serving terms keep their Latin
# abbreviations as GLOSSARY.md writes them beside the Chinese (ITL, req/s,
# DP-attention's DPA, MLA, NVIDIA NIM), and sw and calibration are
# gpus.csv's column names.
cat > "$tmp/allow" << 'EOF'
gib gb mib mb kib kb tb tib gbps ms us ns tok token tokens tflops flops pflops tops hz ghz
tp pp dp ep zero moe kv cache lora qlora fp bf int nf fp8 usl mfu mbu ttft tpot
nvlink pcie ib hccs xgmi roce rdma nccl allreduce gpu cpu npu hbm sxm cny rmb usd adam
tab shift enter esc pgup pgdn ctrl alt home end space
gpuplan csv json markdown md utf english
hugging face hf trainer liger megatron torchtune deepspeed vllm sglang tensorrt llm mlperf logits
prefill decode batch epoch epochs adamw sft vs dtype rank matmul goodput rc all reduce
sigma kappa peft bit embedding lm head
oken ok
cuda wa
itl req dpa mla nim sw calibration gptq awq
genai perf jsonl smi
ken to eq
EOF
# Notation written with punctuation, removed before the scan.
cat > "$tmp/literal" << 'EOF'
B_max
Serving Benchmark Result
profile_export_genai_perf.json
bench_serving
KEY=VALUE
calibration=estimate
GPUPLAN_TODAY
K=12
YYYY-MM-DD
LC_ALL
LC_MESSAGES
LANG
NO_COLOR
TERM
EOF

# The data, parsed as CSV (quoted cells, doubled quotes), comments skipped:
# "cells" holds every cell of the columns that name or describe (not the
# enumerations: kind, link...), removed whole from a line before the scan
# (sources are English prose, but data); "words" the words of the names,
# ids, aliases and vendors, which the screens shorten;
# "headers" the column names, allowed in a data error's line (and, with an
# underscore, anywhere: params_b).
split_csv='
function split_csv(line, f,   n, i, c, q, cell) {
	n = 0; cell = ""; q = 0
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (q && c == "\"" && substr(line, i + 1, 1) == "\"") { cell = cell c; i++ }
		else if (c == "\"") q = !q
		else if (c == "," && !q) { f[++n] = cell; cell = "" }
		else cell = cell c
	}
	f[++n] = cell
	return n
}
'
csv_awk=$split_csv'
/^#/ || NF == 0 { next }
{
	n = split_csv($0, f)
	if (!head) {
		head = 1
		for (i = 1; i <= n; i++) { col[i] = f[i]; print "header\t" f[i] }
		next
	}
	for (i = 1; i <= n; i++) {
		if (f[i] !~ /[A-Za-z]/ || col[i] !~ /^(id|name|aliases|vendor|gpu|source|region|discount|network)$/)
			continue
		m = col[i] == "aliases" ? split(f[i], alias, ";") : split(f[i], alias, "\n")
		for (j = 1; j <= m; j++) print "cell\t" alias[j]
		if (col[i] ~ /^(id|name|aliases|vendor|gpu)$/) print "words\t" f[i]
	}
}'
for f in models/models.csv prices/gpus.csv prices/offers.csv; do
	awk "$csv_awk" "$top_srcdir/$f"
done > "$tmp/data"
awk -F '\t' '$1 == "cell" { print length($2) "\t" $2 }' "$tmp/data" | sort -rn | cut -f 2- |
	cat "$tmp/literal" - > "$tmp/cells"
awk -F '\t' '$1 == "words" { print $2 }' "$tmp/data" | tr -c 'A-Za-z0-9\n' '\n' |
	tr -d '0-9' | tr 'A-Z' 'a-z' | awk 'length >= 2' >> "$tmp/allow"
awk -F '\t' '$1 == "header" { print $2 }' "$tmp/data" > "$tmp/headers"
# option values (--task lora, --format json) are an interface: the a|b|c
# lists of the English --help, and identifiers with _ (JSON keys, CSV columns)
env LANG=C.UTF-8 "$bin" --lang en --help | grep -oE '[A-Za-z0-9.-]+(\|[A-Za-z0-9.-]+)+' |
	tr '|' '\n' | tr -d '0-9' | tr 'A-Z' 'a-z' | awk 'length >= 2' >> "$tmp/allow"
# the metavars of --help (--data DIR), also where its text names them: in
# capitals only, so that the word "size" is not taken for SIZE
env LANG=C.UTF-8 "$bin" --lang en --help | grep -oE -- '--[a-z-]+[ =][A-Z][A-Z/:,.|-]*' |
	sed 's/^[^ =]*[ =]//' | tr -c 'A-Z\n' '\n' | awk 'length >= 2' | sed 's/^/=/' >> "$tmp/allow"
for args in "-m qwen2.5-72b" "--task lora --train-tokens 2B --deadline 7d -m llama-2-7b"; do
	# shellcheck disable=SC2086 # several arguments
	env LANG=C.UTF-8 "$bin" --lang en --print --format json $args | grep -oE '"[a-z0-9]+_[a-z0-9_]+":'
	# shellcheck disable=SC2086
	env LANG=C.UTF-8 "$bin" --lang en --print --format csv $args | head -1 | tr ',' '\n'
done | tr -d '":' | grep _ | sort -u >> "$tmp/headers"

# The scanner: file(s) of "label<TAB>text" lines; prints each leaked word.
scan_awk='
FILENAME == ENVIRON["LEAK_ALLOW"] && /^=/ { exact[substr($0, 2)] = 1; next }
FILENAME == ENVIRON["LEAK_ALLOW"] { for (i = 1; i <= NF; i++) allow[tolower($i)] = 1; next }
FILENAME == ENVIRON["LEAK_CELLS"] { cells[++ncells] = $0; next }
FILENAME == ENVIRON["LEAK_HEADERS"] { header[tolower($0)] = 1; next }
# cuts lit where it stands as a whole (not "dens" left of a cut "e")
function cut_literal(s, lit,   at, done, before, after) {
	done = ""
	while ((at = index(s, lit)) > 0) {
		before = substr(s, at - 1, 1); after = substr(s, at + length(lit), 1)
		if (at > 1 && before ~ /[A-Za-z0-9_]/ || after ~ /[A-Za-z0-9_]/) {
			done = done substr(s, 1, at); s = substr(s, at + 1)
		} else {
			done = done substr(s, 1, at - 1) " "; s = substr(s, at + length(lit))
		}
	}
	return done s
}
# a long cell shown cut short (a source in a narrow column, "..."): its
# first 16 bytes and as much more of it as the line shows
# Only a cut that the screen marked ("..." or "…" where it stops): another
# cell sharing the first 16 bytes ("极智算官网 /markets (...)" beside
# "极智算官网 /markets/bms (...)") is not this one shortened.
function cut_shortened(s, cell,   at, k, done, tail) {
	done = ""
	while ((at = index(s, substr(cell, 1, 16))) > 0) {
		for (k = 16; k < length(cell) && substr(s, at + k, 1) == substr(cell, k + 1, 1); k++) ;
		tail = substr(s, at + k, 3)
		if (k < length(cell) && tail != "..." && tail != "…") {
			done = done substr(s, 1, at); s = substr(s, at + 1)
			continue
		}
		s = substr(s, 1, at - 1) " " substr(s, at + k)
	}
	return done s
}
function allowed(w, data_line,   lw) {
	if (w in exact) return 1
	lw = tolower(w)
	if (lw in header && (data_line || index(w, "_") > 0)) return 1
	if (w ~ /^_|_$/) return 1 # an identifier cut by a box drawn over it
	if (index(w, "_") > 0) return 0
	gsub(/[0-9]/, "", lw)
	return length(lw) < 2 || (lw in allow)
}
{
	tab = index($0, "\t"); label = substr($0, 1, tab - 1); s = substr($0, tab + 1)
	for (i = 1; i <= ncells; i++) {
		if (length(cells[i]) > 2 && index(s, cells[i])) s = cut_literal(s, cells[i])
		if (length(cells[i]) >= 16) s = cut_shortened(s, cells[i])
	}
	data_line = s ~ /\.csv(:[0-9]+)*:/
	gsub(/https?:\/\/[^ ]*/, " ", s)                   # URLs
	gsub(/`[^`]*`/, " ", s)                            # Markdown code: values as typed
	gsub(/"[^"]*"/, " ", s)                            # quoted user data
	gsub(/\047[^\047 ]*\047/, " ", s)                     # a name in quotes: the editor
	gsub(/(^|[^A-Za-z0-9_.])(\.?\.?|~)\/[A-Za-z0-9_.-]+\/[^ ]*/, " ", s) # paths: /usr/share/...
	gsub(/[A-Za-z0-9_.-]+\/([^A-Za-z0-9_]|$)/, " ", s)  # folders: models/ prices/
	gsub(/[A-Za-z0-9_.\/-]+\.(csv|json|md|po|mo|txt)/, " ", s) # file names
	gsub(/\$[A-Z_]+/, " ", s)                          # environment variables
	# options, and an upper-case metavar after one: --headroom PCT, --data DIR
	gsub(/(^|[^A-Za-z0-9_-])--?[A-Za-z][A-Za-z0-9-]*([ =]+[A-Z][A-Z0-9\/:,.|\[\]-]*([ ,;)]|$))?/, " ", s)
	gsub(/[A-Za-z0-9.-]+(\|[A-Za-z0-9.-]+)+/, " ", s)  # option values a|b|c
	rest = s; seen = " "
	while (match(rest, /[A-Za-z0-9_]+/)) {
		w = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH)
		if (w ~ /[A-Za-z].*[A-Za-z]/ && !allowed(w, data_line) && index(seen, " " w " ") == 0)
			seen = seen w " "
	}
	if (seen != " ") {
		printf "%s: \"%s\" in: %s\n", label, substr(seen, 2, length(seen) - 2), substr($0, tab + 1)
		leaks++
	}
}
END { exit leaks > 0 }'
scan() { # files of label<TAB>text lines
	LEAK_ALLOW=$tmp/allow LEAK_CELLS=$tmp/cells LEAK_HEADERS=$tmp/headers \
		awk "$scan_awk" "$tmp/allow" "$tmp/cells" "$tmp/headers" "$@"
}

labelled() { # label, file: its lines as label:N<TAB>text
	awk -v l="$1" '{ printf "%s:%d\t%s\n", l, NR, $0 }' "$2"
}

# --- the scanner itself: a clean sample passes, a leaking one names its words
cat > "$tmp/clean.txt" << 'EOF'
Qwen2.5-72B bf16 inference，上下文 32768，并发 20    价格采集于 2026-10-12
GPU              卡数  方案          容器      裸金属       月总价
NVIDIA RTX 4090 24G  20  流水线并行 PP20 多机  ¥1,150/月  ¥27,600/月
张量并行 TP4 · ZeRO-3 数据并行 ×9 · 显存 23.3/24 GiB · 7.4 tok/s · TTFT 56 s · KV Cache 10.0 GiB
来源：极智算官网裸金属页面 (article 2026-10-12) · 四川二区
来源：nvidia-smi 24564 MiB; NVIDIA Ada datasheet (dense B...
      --task T               任务：inference|lora|qlora|full|pretrain（默认 inference）
models.csv:3:9: params_b 应为大于 0 的数字，实际为 "seven"
按 F1 查看帮助，Tab 切换字段，F10 退出；$EDITOR 编辑 /usr/share/gpuplan/prices/offers.csv
从 DIR 读取 models/ 和 prices/；--loss chunked 用于 torchtune；数据：/work/gpuplan-0.1.0/_build/sub
编辑器 'nano' 已退出，状态码 1：未保存，仍沿用原有数据
EOF
labelled clean "$tmp/clean.txt" > "$tmp/clean.in"
if scan "$tmp/clean.in" > "$tmp/clean.out"; then
	pass "scanner: a clean Chinese sample has no leak"
else
	fail "scanner: false leaks in a clean sample:"; cat "$tmp/clean.out"
fi
cat > "$tmp/dirty.txt" << 'EOF'
Qwen2.5-72B bf16 inference，上下文 32768，并发 20    prices as of 2026-10-12
NVIDIA RTX 4090 24G  20  流水线并行 PP20 multi-node  ¥1,150/月
张量并行 TP4 · 显存 23.3 of 24 GiB/card
models.csv:3:9: expected a number above 0 for params_b, found "seven"
EOF
labelled dirty "$tmp/dirty.txt" > "$tmp/dirty.in"
scan "$tmp/dirty.in" > "$tmp/dirty.out"
words=$(sed 's/^[^"]*"\([^"]*\)".*/\1/' "$tmp/dirty.out" | tr '\n' ' ')
if [ "$words" = "prices as of multi node of card expected number above for found " ]; then
	pass "scanner: a leaking sample names each English word: $words"
else
	fail "scanner: expected 'prices as of multi node of card expected number above for found', got '$words'"
fi

# --- the program in Chinese
zh() { "$bin" --lang zh "$@"; }
q="-m qwen2.5-72b -n 20 -c 32k"
i=0
report() { # label, gpuplan arguments: stdout and stderr scanned
	label=$1
	shift
	i=$((i + 1))
	zh "$@" > "$tmp/out.$i" 2>&1
	labelled "$label" "$tmp/out.$i" >> "$tmp/corpus"
}
: > "$tmp/corpus"
# shellcheck disable=SC2086 # $q: several arguments
{
	report table --print $q
	report markdown --print --format markdown $q
	report compare --print $q --compare "-c 128k -p int4"
	report limits --print --limits $q
	report help --help
	report models --list-models
	report gpus --list-gpus
	report training --print --task lora --train-tokens 2B --deadline 7d -m llama-2-7b
	report training-md --print --format markdown --task lora --train-tokens 2B --deadline 7d -m llama-2-7b
	report data-errors --print --data "$top_srcdir/tests/fixtures/broken" -m 7b
	report check-data --check-data --data "$top_srcdir/tests/fixtures/broken"
	# the states beyond the first plan: nothing fits, forced shapes, MoE, a
	# bare size, a deadline or a speed not reached, a measured curve, the
	# other tasks and networks
	report no-fit --print -m deepseek-v3 -p bf16 -c 128k --gpu rtx4090-24g
	report cards-1 --print --cards 1 $q
	report moe --print -m qwen3-235b-a22b
	report size --print -m 70b
	report min-speed --print --min-speed 30 $q
	report deadline --print --task lora --train-tokens 2B --deadline 1d -m llama-2-70b
	report measured --print --measured 1:1520,2:2900,4:5400 --gpu h100-80g -t lora -m llama-2-7b --train-tokens 2B
	report ethernet --print --network ethernet -t full --train-tokens 2B -m llama-2-70b
	report full --print -t full -m llama-2-7b --train-tokens 2B --deadline 7d
	report pretrain --print -t pretrain -m llama-2-7b --train-tokens 20B
	report qlora --print -t qlora -m llama-2-70b --train-tokens 2B
	report tp3 --print --tp 3 $q
	report pp --print --pp 5 --tp 8 $q
	report pp-md --print --format markdown --pp 3 --cards 4 $q
	report limits-train --print --limits -t lora -m llama-2-7b
	report no-fit-md --print --format markdown -m deepseek-v3 -p bf16 -c 128k --gpu rtx4090-24g
	report tp3-md --print --format markdown --tp 3 $q
	report measured-md --print --format markdown --measured 1:1520,2:2900,4:5400 --gpu h100-80g \
		-t lora -m llama-2-7b --train-tokens 2B --deadline 2d
	report deadline-md --print --format markdown --task lora --train-tokens 2B --deadline 1d -m llama-2-70b
	report compare-train --print -t lora -m llama-2-7b --train-tokens 2B --compare "-t full --network ethernet"
	report compare-no-fit --print -m deepseek-v3 -c 128k --gpu rtx4090-24g --compare "-p int4 --cards 8"
	report compare-md --print --format markdown $q --compare "--min-speed 30"
	# usage errors: a bad value for each option, an unknown one, a bad --compare
	for opt in -m -p -t -c -n --headroom --kv-precision --zero --recompute --lora-rank \
		--loss --optimizer-accounting --overhead --prefill-chunk --cards --tp --pp \
		--output-len --duty --min-speed --train-tokens --epochs --global-batch \
		--deadline --measured --network --gpu --format; do
		report "usage$opt" --print "$opt" x-bad
	done
	# a bad --lang: the environment's language says the error
	env LANG=zh_CN.UTF-8 "$bin" --print --lang x-bad > "$tmp/lang" 2>&1
	labelled usage--lang "$tmp/lang" >> "$tmp/corpus"
	# values out of range, and options that do not go together
	for args in "-n 0" "--deadline 2020-01-01" "--tp 16" "--duty 101" "--output-len 5000" \
		"-p int4 -t full" "--measured 1:1520 --gpu h100-80g,a100-80g -t lora --train-tokens 1B" \
		"-t qlora -p fp32" "--zero 3" "--measured 2:100,1:50 --gpu h100-80g -t lora --train-tokens 1B"; do
		# shellcheck disable=SC2086
		report "range $args" --print -m llama-2-7b $args
	done
	report usage-unknown --print --no-such-option
	report usage-missing --print -m
	report usage-compare --print $q --compare "--bogus 1"
	report usage-compare2 --print $q --compare "-c zz"
	report unknown-model --print -m qwen9-72b
	report export-data --export-data "$tmp/export"
	report export-again --export-data "$tmp/export"
	report export-bad --export-data /dev/null/x
	# the prices collected "in the future", and long ago
	for today in 2020-01-01 2030-01-01 bad-date; do
		export GPUPLAN_TODAY=$today
		report "today-$today" --check-data
		report "today-$today-print" --print $q
	done
	unset GPUPLAN_TODAY
	# a write error: the report's own message on stderr
	zh --print $q > /dev/full 2> "$tmp/full"
	labelled full-disk "$tmp/full" >> "$tmp/corpus"
}

# CSV and JSON: only the human cells (keys, headers and enumerations are an
# interface): the reasons, the whys and the notes.
human_csv=$split_csv'
NR == 1 { n = split_csv($0, head); next }
{
	n = split_csv($0, f)
	for (i = 1; i <= n; i++) {
		if (head[i] ~ /^(why|notes|container_reason|baremetal_reason)$/ && f[i] != "")
			printf "%s:%d:%s\t%s\n", label, NR, head[i], f[i]
		# the alternatives: key=value pairs, the why in words
		for (s = f[i]; head[i] == "alternatives" && match(s, /why=[^;]*/); s = substr(s, RSTART + RLENGTH))
			printf "%s:%d:%s\t%s\n", label, NR, head[i], substr(s, RSTART + 4, RLENGTH - 4)
	}
}'
# JSON: a note's, a reason's or a why's "text" (its code and args are an
# interface), and the compare's a, b and the limits' scenario
json_human='
/"(text|scenario|a|b)": "/ {
	s = $0
	sub(/^ *("[a-z_]+": )?"/, "", s); sub(/",?$/, "", s); gsub(/\\"/, "\"", s)
	printf "%s:%d\t%s\n", label, NR, s
}'
# the extractors, on samples: only the human cells reach the scanner
printf '{\n  "cheaper": "baremetal",\n  "reason": {\n    "code": "container_max_cards",\n    "severity": "notice",\n    "args": {\n      "cards": 20,\n      "way": "containers by the hour"\n    },\n    "text": "20 cards: a container allows at most 4"\n  },\n  "why": [\n    {\n      "code": "why_forced",\n      "args": {},\n      "text": "最便宜"\n    },\n    {\n      "text": "same \\"price\\""\n    }\n  ],\n  "b": "Qwen2.5-72B bf16 推理, context 4096"\n}\n' |
	awk -v label=json "$json_human" > "$tmp/json.in"
printf 'gpu,strategy,why,notes,alternatives\nh20-96g,PP5 multi-node,"uses the idle cards, same price",,strategy=TP8 multi-node cards=8 why=cheapest at full load\n' |
	awk -v label=csv "$human_csv" > "$tmp/csv.in"
scan "$tmp/json.in" "$tmp/csv.in" > "$tmp/cells.out"
words=$(sed 's/^[^"]*"\([^"]*\)".*/\1/' "$tmp/cells.out" | tr '\n' ' ')
if [ "$words" = "cards container allows at most same context uses the idle cards same price cheapest at load " ]; then
	pass "scanner: JSON and CSV samples: only the human cells scanned"
else
	fail "scanner: JSON/CSV samples: got '$words'"; cat "$tmp/cells.out"
fi

csv_head_differs=""
for args in "$q" "--task lora --train-tokens 2B --deadline 7d -m llama-2-7b" "-m llama-2-70b -c 128k" \
	"-m deepseek-v3 -p bf16 -c 128k --gpu rtx4090-24g" "--cards 1 $q" "--tp 3 $q" "--min-speed 30 $q" \
	"-m qwen3-235b-a22b" "--task lora --train-tokens 2B --deadline 1d -m llama-2-70b" \
	"--measured 1:1520,2:2900,4:5400 --gpu h100-80g -t lora -m llama-2-7b --train-tokens 2B" \
	"-t qlora -m llama-2-70b --train-tokens 2B --network ethernet" "--limits $q" "$q --compare -c128k"; do
	# shellcheck disable=SC2086
	zh --print --format csv $args > "$tmp/zh.csv"
	awk -v label="csv $args" "$human_csv" "$tmp/zh.csv" >> "$tmp/corpus"
	# the header line is an interface: the same in both languages
	# shellcheck disable=SC2086
	[ "$(head -1 "$tmp/zh.csv")" = "$("$bin" --lang en --print --format csv $args | head -1)" ] ||
		csv_head_differs="$csv_head_differs [$args]"
	# shellcheck disable=SC2086
	zh --print --format json $args | awk -v label="json $args" "$json_human" >> "$tmp/corpus"
done
if [ -z "$csv_head_differs" ]; then
	pass "--lang zh --format csv: the header line is the English one"
else
	fail "--lang zh --format csv: the header line differs from English for$csv_head_differs"
fi

# --- the configurator's screens: main view, help (both pages), breakdown,
# the offer dialog, a training scenario
if command -v tmux > /dev/null; then
	# as in tests/tmux-lib.sh: LeakSanitizer's check at exit can hang a
	# program whose terminal tmux has torn down
	[ -n "${sanitizers:-}" ] && export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
	T() { tmux -L "$sock" -f /dev/null "$@"; }
	shot() { T capture-pane -t main -p > "$tmp/$1.txt"; labelled "screen $1" "$tmp/$1.txt" >> "$tmp/corpus"; }
	# waits up to 10 s for the screen to show any of the texts, then to settle
	wait_screen() {
		for _ in $(seq 100); do
			T capture-pane -t main -p | grep -qE -- "$1" && break
			sleep 0.1
		done
		prev=""
		for _ in $(seq 20); do
			now=$(T capture-pane -t main -p)
			[ "$now" = "$prev" ] && return 0
			prev=$now
			sleep 0.1
		done
	}
	T new-session -d -s main -x 120 -y 36 "$bin --lang zh $q"
	wait_screen '卡|Per GPU type'
	shot main
	T send-keys -t main F1
	wait_screen 'F10'
	shot help
	for _ in $(seq 40); do T send-keys -t main j; done
	wait_screen 'F10'
	shot help-end
	T send-keys -t main Escape
	wait_screen '卡|Per GPU type'
	# J scrolls the breakdown from a choice field (Precision), not a text one
	T send-keys -t main Tab
	for _ in $(seq 30); do T send-keys -t main J; done
	wait_screen '卡|Per GPU type'
	shot breakdown-end
	# the container quote's dialog (o), closed with Esc: nothing is saved
	T send-keys -t main o
	wait_screen 'Esc'
	shot offer-dialog
	T send-keys -t main Escape F10
	for _ in $(seq 100); do T has-session -t main 2> /dev/null || break; sleep 0.1; done
	T kill-session -t main 2> /dev/null
	# a training scenario: its own columns and breakdown
	T new-session -d -s main -x 120 -y 36 "$bin --lang zh --task lora --train-tokens 2B --deadline 7d -m llama-2-7b"
	wait_screen '卡|Per GPU type'
	shot training
	T send-keys -t main Tab
	for _ in $(seq 30); do T send-keys -t main J; done
	wait_screen '↑'
	shot training-end
	T send-keys -t main F10
	ended() { for _ in $(seq 100); do T has-session -t main 2> /dev/null || break; sleep 0.1; done; }
	ended
	# the states a session meets, on a copy of the data (nothing in the
	# source tree is edited) with an old gpus.csv (the data warning in the
	# title), in a folder of its own (the quote x writes there)
	cp -R "$tmp/export" "$tmp/data2" && cp "$top_srcdir/tests/fixtures/broken/prices/gpus.csv" "$tmp/data2/prices/"
	mkdir -p "$tmp/cwd"
	T new-session -d -s main -x 120 -y 36 -c "$tmp/cwd" \
		"env VISUAL=$(command -v false) EDITOR=$(command -v false) $bin --lang zh --data $tmp/data2 -m 70b"
	wait_screen '警告'
	shot size-warning
	# Esc waits: a key sent right after it would read as Alt-key
	esc() { T send-keys -t main Escape; sleep 0.3; }
	# an unknown model: the suggestions while typing, the refusal
	for _ in $(seq 10); do T send-keys -t main BSpace; done
	T send-keys -t main l l a m a
	wait_screen 'Llama-2-13B'
	shot suggestions
	T send-keys -t main x Enter
	wait_screen 'llamax'
	shot unknown-model
	esc
	T send-keys -t main Enter # the pick list on Precision (Enter on the model moved there)
	wait_screen 'int4'
	shot pick-list
	esc
	T send-keys -t main s
	wait_screen '按.*排序'
	shot sort
	T send-keys -t main r
	wait_screen '重新载入'
	shot reload
	T send-keys -t main x # the quote: its status line
	wait_screen 'gpuplan-quote'
	shot quote
	for f in "$tmp"/cwd/gpuplan-quote-*.md; do labelled quote-file "$f" >> "$tmp/corpus"; done
	T send-keys -t main e # the editor fails: nothing changes
	wait_screen "false'"
	shot editor
	T send-keys -t main O # letters in the price: refused, then Esc
	wait_screen 'Esc'
	T send-keys -t main BSpace BSpace BSpace BSpace BSpace BSpace 9 x 9 Enter
	wait_screen '"[0-9]*9x9"'
	shot offer-error
	esc
	T send-keys -t main p # pinned, then the context changed: the compare view
	wait_screen '已固定'
	T send-keys -t main Tab Tab BSpace BSpace BSpace BSpace BSpace BSpace 8 k Tab
	wait_screen '当前'
	shot pin-compare
	T send-keys -t main BTab BTab q # from Task: the confirmation, a pin would be lost
	wait_screen 'y/n'
	shot quit-confirm
	T send-keys -t main y
	ended
	T kill-session -t main 2> /dev/null
	# a training scenario's breakdown to its end, with a measured curve;
	# then the screen too small for the layout
	T new-session -d -s main -x 120 -y 36 "$bin --lang zh --measured 1:1520,2:2900,4:5400 --gpu h100-80g -t lora -m llama-2-7b --train-tokens 2B --deadline 2d"
	wait_screen '卡|Per GPU type'
	T send-keys -t main Tab
	for _ in $(seq 30); do T send-keys -t main J; done
	wait_screen '卡|Per GPU type'
	shot measured-end
	T resize-window -t main -x 70 -y 20 2> /dev/null || T resize-pane -t main -x 70 -y 20
	wait_screen '70x20|70 *x *20'
	shot too-small
	T send-keys -t main q
	ended
else
	echo "SKIP (part): tmux is not installed, the screens are not scanned"
fi

if scan "$tmp/corpus" > "$tmp/leaks"; then
	pass "no English word in --lang zh output ($(wc -l < "$tmp/corpus") lines scanned)"
else
	fail "English in --lang zh output: $(wc -l < "$tmp/leaks") line(s) with words outside the allowed list:"
	cat "$tmp/leaks"
	echo "distinct words: $(sed 's/^[^"]*"\([^"]*\)".*/\1/' "$tmp/leaks" | tr ' ' '\n' | sort -u | tr '\n' ' ')"
fi
exit $failed
