#!/bin/sh
# Builds the libFuzzer targets with clang and runs each for SECONDS
# (default 60), seeded with the bundled data and the test fixtures.
# Findings are kept under tests/fuzz/findings/ and fail the run.
# Usage: tests/fuzz/run-fuzz.sh [SECONDS] (from a configured, built tree)
set -eu
seconds=${1:-60}
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${FUZZ_OUT:-$top/tests/fuzz/out}
mkdir -p "$out" "$top/tests/fuzz/findings"
CC=${CC_FUZZ:-clang}
flags="-g -O1 -std=c11 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined -I$top"
engine=$(ls "$top"/src/*.c | grep -v '/main.c$' | tr '\n' ' ')
build() { # name, source, extra flags
	# shellcheck disable=SC2086 # flags and file lists split on purpose
	$CC $flags -DGPUPLAN_PKGDATADIR='"/nonexistent"' -DGPUPLAN_SRCDIR="\"$top\"" \
		-DGPUPLAN_BUILDDIR='"/nonexistent"' $3 -o "$out/$1" "$2" $engine -lcsv -lm
}

run() { # name, seed directories...
	name=$1; shift
	corpus=$out/corpus-$name
	mkdir -p "$corpus"
	for dir in "$@"; do cp "$dir"/* "$corpus"/ 2>/dev/null || true; done
	"$out/$name" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=1024 \
		-artifact_prefix="$top/tests/fuzz/findings/$name-" "$corpus" 2>&1 |
		grep -E "^(#[0-9]+.*DONE|Done|==[0-9]+==ERROR|SUMMARY)" || true
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

build fuzz_models "$top/tests/fuzz/fuzz_loader.c" -DFUZZ_FILE=0
build fuzz_gpus "$top/tests/fuzz/fuzz_loader.c" -DFUZZ_FILE=1
build fuzz_offers "$top/tests/fuzz/fuzz_loader.c" -DFUZZ_FILE=2
build fuzz_parse "$top/tests/fuzz/fuzz_parse.c" ""
run fuzz_models "$seeds/models" "$top/tests/fuzz/regressions"
run fuzz_gpus "$seeds/gpus" "$top/tests/fuzz/regressions"
run fuzz_offers "$seeds/offers" "$top/tests/fuzz/regressions"
run fuzz_parse "$seeds/values"
if ls "$top"/tests/fuzz/findings/* >/dev/null 2>&1; then
	echo "fuzz: findings in tests/fuzz/findings/"
	exit 1
fi
echo "fuzz: no findings in ${seconds}s per target"
