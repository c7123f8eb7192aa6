#!/bin/sh
# Builds the libFuzzer targets with clang and runs each for SECONDS
# (default 60), seeded with the bundled data and the test fixtures.
# Findings are kept under tests/fuzz/findings/ and fail the run, as does a
# fuzzer that fails to build, to start, or exits with an error; undefined
# behaviour stops the fuzzer (-fno-sanitize-recover) and is a finding.
# Usage: tests/fuzz/run-fuzz.sh [SECONDS] (from a configured, built tree)
set -eu
seconds=${1:-60}
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${FUZZ_OUT:-$top/tests/fuzz/out}
mkdir -p "$out" "$top/tests/fuzz/findings"
CC=${CC_FUZZ:-clang}
flags="-g -O1 -std=c11 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I$top"
for d in "$top"/src/*/; do flags="$flags -I$d"; done
engine="$(ls "$top"/src/*/*.c | tr "\n" " ") $top/src/embedded_data.c $top/src/embedded_catalog.c"
build() { # name, source, extra flags
	# shellcheck disable=SC2086 # flags and file lists split on purpose
	$CC $flags -DGPUPLAN_PKGDATADIR='"/nonexistent"' -DGPUPLAN_SRCDIR="\"$top\"" \
		-DGPUPLAN_BUILDDIR='"/nonexistent"' $3 -o "$out/$1" "$2" $engine -lcsv -lm
}

failed=
run() { # name, seed directories...
	name=$1; shift
	corpus=$out/corpus-$name
	mkdir -p "$corpus"
	for dir in "$@"; do cp "$dir"/* "$corpus"/ 2>/dev/null || true; done
	rc=0
	"$out/$name" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=1024 \
		-artifact_prefix="$top/tests/fuzz/findings/$name-" "$corpus" >"$out/$name.log" 2>&1 ||
		rc=$?
	grep -E "^(#[0-9]+.*DONE|Done|==[0-9]+==ERROR|SUMMARY)" "$out/$name.log" || true
	if [ "$rc" != 0 ]; then
		echo "fuzz: $name exited with status $rc (log: $out/$name.log):"
		tail -n 20 "$out/$name.log"
		failed="$failed $name"
	fi
}

seeds=$out/seeds
rm -rf "$seeds"; mkdir -p "$seeds/models" "$seeds/gpus" "$seeds/offers" "$seeds/values"
for d in "$top" "$top"/tests/fixtures/*; do
	i=$(echo "$d" | cksum | cut -d' ' -f1)
	[ -f "$d/models/models.csv" ] && cp "$d/models/models.csv" "$seeds/models/$i.csv"
	[ -f "$d/prices/gpus.csv" ] && cp "$d/prices/gpus.csv" "$seeds/gpus/$i.csv"
	[ -f "$d/prices/offers.csv" ] && cp "$d/prices/offers.csv" "$seeds/offers/$i.csv"
done
for v in "c4096" "c128K" "\2004k" "\20170b" "\2017.5B" "h20" "o1.0" "e90,70" "p0" "\203bf16"; do
	printf "$v" > "$seeds/values/$(printf '%s' "$v" | cksum | cut -d' ' -f1)"
done

mkdir -p "$seeds/edits" "$seeds/compare" "$seeds/reports" "$seeds/offer_rows"
# the price dialog's rows: the bundled ones, and values the loader refuses
grep -v '^#' "$top/prices/offers.csv" | tail -n +2 | head -n 20 | while IFS= read -r row; do
	printf '%s' "$row" > "$seeds/offer_rows/$(printf '%s' "$row" | cksum | cut -d' ' -f1)"
done
printf '%s' 'h100-80g,container,1,8,,1e10,,CNY,,,,,2026-10-12,x' > "$seeds/offer_rows/big"
printf '%s' 'h100-80g,baremetal,8,8,"a,b",88480,2e9,CNY,95折,,ib,400,2026-10-12,"q""x"' > "$seeds/offer_rows/quoted"
for f in "$seeds"/models/* "$seeds"/offers/*; do
	# line 5 (a data row of both files), edit column "name" / "gpu", key checked
	{ printf '\005\201'; cat "$f"; printf '\000new, "quoted" value'; } > "$seeds/edits/$(basename "$f")"
done
i=0
for v in "-c 128k -p int4" "-t full --zero 3" "-m 'llama 3' \"x y\"" "-p 'open" "" "   "; do
	i=$((i + 1)); printf '%s' "$v" > "$seeds/compare/$i"
done
# --measured and --deadline: byte 0 picks the model (and today), then the text
mkdir -p "$seeds/measured" "$seeds/deadline"
i=0
for v in "1:1520,2:2900,4:5400" " 1:1520, 2 : 2.9k ,4:5400" "2:10, 8:30" "1:1000,2:1999,4:3990" \
	"1:1e-300,2:1e-300" "1:1000,2:2e7" "4096:1e9,1:1" "1:1,1:2" ""; do
	i=$((i + 1)); printf '\003%s' "$v" > "$seeds/measured/$i"
done
i=0
for v in "14d" "36h" "3w" "2.5d" "2027-01-15" "2026-11-30" "2026-02-30" "3650d" "1e300d" "0.5h" ""; do
	i=$((i + 1)); printf '\007%s' "$v" > "$seeds/deadline/$i"
done
printf '\001model llama-3.1-70b\ntask full\ncards 16\n' > "$seeds/reports/1"
printf '\002model 70b\ncontext 128k\nconcurrency 64\nkv-precision fp8\n' > "$seeds/reports/2"
printf '\003precision int4\ntask qlora\nheadroom 0\n' > "$seeds/reports/3"

build fuzz_models "$top/tests/fuzz/fuzz_loader.c" -DFUZZ_FILE=0
build fuzz_gpus "$top/tests/fuzz/fuzz_loader.c" -DFUZZ_FILE=1
build fuzz_offers "$top/tests/fuzz/fuzz_loader.c" -DFUZZ_FILE=2
build fuzz_parse "$top/tests/fuzz/fuzz_parse.c" ""
build fuzz_measured "$top/tests/fuzz/fuzz_training.c" -DFUZZ_PARSER=0
build fuzz_deadline "$top/tests/fuzz/fuzz_training.c" -DFUZZ_PARSER=1
build fuzz_csvedit "$top/tests/fuzz/fuzz_csvedit.c" ""
build fuzz_offer_edit "$top/tests/fuzz/fuzz_offer_edit.c" ""
build fuzz_compare "$top/tests/fuzz/fuzz_compare.c" ""
build fuzz_reports "$top/tests/fuzz/fuzz_reports.c" "$top/tests/json_check.c"
build fuzz_trial "$top/tests/fuzz/fuzz_trial.c" ""
run fuzz_models "$seeds/models" "$top/tests/fuzz/regressions"
run fuzz_gpus "$seeds/gpus" "$top/tests/fuzz/regressions"
run fuzz_offers "$seeds/offers" "$top/tests/fuzz/regressions"
run fuzz_parse "$seeds/values"
run fuzz_measured "$seeds/measured"
run fuzz_deadline "$seeds/deadline"
run fuzz_csvedit "$seeds/edits"
run fuzz_offer_edit "$seeds/offer_rows"
run fuzz_compare "$seeds/compare"
run fuzz_reports "$seeds/reports"
run fuzz_trial "$top/tests/fixtures/trial"
if [ -n "$failed" ]; then
	echo "fuzz: failed:$failed"
	exit 1
fi
if ls "$top"/tests/fuzz/findings/* >/dev/null 2>&1; then
	echo "fuzz: findings in tests/fuzz/findings/"
	exit 1
fi
echo "fuzz: no findings in ${seconds}s per target"
