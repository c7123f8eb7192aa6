#!/bin/sh
# Mutation testing of the engine: does a wrong number fail a test?
#
# Every arithmetic operator, comparison and numeric constant of the engine
# files is changed, one at a time (tests/mutate-gen.c lists them). For each
# mutant the library, the program and the Criterion test programs are
# rebuilt in a private copy of the tree and the tests run under a timeout.
# A mutant is killed by a failing test, a crash or a timeout; one that does
# not compile is "invalid" and not counted. Prints the kill rate and the
# survivors as "file:line: original → mutant".
#
# Usage: make mutation, or tests/mutate.sh from a configured tree.
#   MUTATE_FILES="src/model/estimate.c src/plan/plan.c"  files to mutate (default below)
#   MUTATE_LIMIT=N      at most N mutants per file, its first N (quick runs)
#   MUTATE_SAMPLE=N     N mutants per file spread over the whole file (every
#                       k-th, k = mutants / N): a sample that reaches every function
#   MUTATE_RERUN=FILE   only the survivors listed in FILE (a report this script
#                       wrote, or tests/mutation-report.txt): after adding tests
#   MUTATE_GOLDEN=1     also run tests/golden-test.sh (the golden files: about
#                       8 s a mutant more; without it only the Criterion programs judge)
#   MUTATE_JOBS=N       parallel workers, each with its own copy (default 1)
#   MUTATE_TIMEOUT=S    seconds per test program (default 20; each runs in ~1 s)
#   MUTATE_REPORT=FILE  also write the table there
# Runs outside make check and CI: a full run takes about an hour per 500
# mutants on one core.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
files=${MUTATE_FILES:-"src/model/estimate.c src/plan/plan.c src/plan/pricing.c src/model/arch.c src/plan/capacity.c \
src/plan/analysis.c src/base/parse.c src/data/tables.c src/plan/plan.h src/model/throughput.c \
src/model/training_time.c src/base/usl.c src/report/figures.c src/report/plan_text.c"}
limit=${MUTATE_LIMIT:-0}
sample=${MUTATE_SAMPLE:-0}
golden=${MUTATE_GOLDEN:-0}
rerun=${MUTATE_RERUN:-}
jobs=${MUTATE_JOBS:-1}
per_test=${MUTATE_TIMEOUT:-20}
CC=${CC:-cc}

if [ ! -f "$top/Makefile" ]; then
	echo "mutate: configure and build in $top first (./configure && make)" >&2
	exit 2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuplan-mutate.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
$CC -std=c11 -O1 -o "$work/gen" "$top/tests/mutate-gen.c"

# A private, freshly configured copy: paths compiled into the tests point
# into it, so the tests exercise the mutated program and library.
make_copy() { # dir
	mkdir -p "$1"
	tar -C "$top" --exclude=./.git --exclude=./tests/fuzz/out --exclude=./tests/artefacts --exclude='./tests/artefacts-*' \
		--exclude='./gpuplan-*' -cf - . | tar -C "$1" -xf -
	(cd "$1" && ./configure -q >/dev/null && make -s clean >/dev/null &&
		make -s $targets_list >/dev/null 2>&1)
}

# The Criterion programs, read from the Makefile so new ones count too.
targets() {
	printf 'print-checks:\n\t@echo $(check_PROGRAMS)\n' |
		make -s -C "$top" -f Makefile -f - print-checks | tail -n 1
}
tests=$(targets)
targets_list=$(printf 'libgpuplan.a gpuplan %s' "$tests")

# The tests of a file first: those whose source includes its header (for
# src/base/usl.c tests/test_usl), then the others. The order changes no
# result, only how soon a killed mutant stops.
order_tests() { # file
	h=$(basename "$1" .c).h
	first='' rest=''
	for t in $tests; do
		if grep -q "#include \"$h\"" "$top/$t.c" 2>/dev/null; then
			first="$first $t"
		else
			rest="$rest $t"
		fi
	done
	echo $first $rest
}

run_tests() { # dir, tests: 0 passed, 1 failed, 2 timed out
	for t in $2; do
		rc=0
		(cd "$1" && timeout "$per_test" "./$t" >/dev/null 2>&1) || rc=$?
		[ "$rc" = 124 ] && return 2
		[ "$rc" = 0 ] || return 1
	done
	[ "$golden" = 1 ] || return 0
	rc=0
	(cd "$1" && top_srcdir=$1 top_builddir=$1 timeout 120 bash tests/golden-test.sh \
		>/dev/null 2>&1) || rc=$?
	[ "$rc" = 124 ] && return 2
	[ "$rc" = 0 ] || return 1
	return 0
}

# One worker: every jobs-th mutant of the list, starting at its index.
worker() { # index
	dir=$work/copy$1
	if ! make_copy "$dir"; then
		echo "mutate: the copy in $dir does not build" >&2
		exit 1
	fi
	if ! run_tests "$dir" "$tests"; then
		echo "mutate: the unmutated tests fail in $dir; fix them first" >&2
		exit 1
	fi
	n=0
	while IFS='	' read -r file idx line orig repl; do
		n=$((n + 1))
		[ $(((n - 1) % jobs)) = "$1" ] || continue
		cp "$top/$file" "$work/orig$1"
		"$work/gen" "$top/$file" "$idx" > "$dir/$file"
		touch "$dir/$file"
		if ! (cd "$dir" && make -s $targets_list >/dev/null 2>&1); then
			result=invalid
		else
			rc=0
			run_tests "$dir" "$(order_tests "$file")" || rc=$?
			case $rc in 0) result=survived ;; 1) result=killed ;; *) result=timeout ;; esac
		fi
		cp "$work/orig$1" "$dir/$file"
		touch "$dir/$file"
		printf '%s\t%s\t%s\t%s\t%s\n' "$result" "$file" "$line" "$orig" "$repl"
		printf '[%d/%d] %s %s:%s: %s → %s\n' "$n" "$total" "$result" "$file" "$line" \
			"$orig" "$repl" >&2
	done < "$work/mutants" > "$work/results$1"
}

: > "$work/mutants"
for f in $files; do
	all=$("$work/gen" "$top/$f" | wc -l)
	step=1
	[ "$sample" -gt 0 ] && [ "$all" -gt "$sample" ] && step=$((all / sample))
	"$work/gen" "$top/$f" | awk -F'\t' -v f="$f" -v lim="$limit" -v step="$step" -v smp="$sample" \
		'(NR - 1) % step == 0 && (smp == 0 || ++taken <= smp) && (lim == 0 || NR <= lim) {
			print f "\t" $1 "\t" $2 "\t" $3 "\t" $4 }' >> "$work/mutants"
done
if [ -n "$rerun" ]; then
	# "  src/base/usl.c:76: > → >=" lines, as file, line, original, mutant
	awk '/^  [^ ]+:[0-9]+: / {
		s = substr($0, 3); i = index(s, ":"); f = substr(s, 1, i - 1); s = substr(s, i + 1)
		i = index(s, ":"); l = substr(s, 1, i - 1); s = substr(s, i + 2)
		i = index(s, " → "); print f "\t" l "\t" substr(s, 1, i - 1) "\t" substr(s, i + length(" → "))
	}' "$rerun" > "$work/survivors"
	awk -F'\t' 'NR == FNR { keep[$0] = 1; next } keep[$1 "\t" $3 "\t" $4 "\t" $5]' \
		"$work/survivors" "$work/mutants" > "$work/rerun"
	mv "$work/rerun" "$work/mutants"
fi
total=$(wc -l < "$work/mutants")
echo "mutate: $total mutants over $files; $jobs worker(s), tests: $tests"

i=0
pids=
while [ "$i" -lt "$jobs" ]; do
	worker "$i" &
	pids="$pids $!"
	i=$((i + 1))
done
status=0
for p in $pids; do wait "$p" || status=1; done
[ "$status" = 0 ] || exit 1

cat "$work"/results* | sort -t'	' -k2,2 -k3,3n > "$work/all"
report() {
	awk -F'\t' '
	{ n++; count[$1]++ }
	$1 == "survived" { surv[++s] = sprintf("  %s:%s: %s → %s", $2, $3, $4, $5) }
	{ per[$2] = per[$2] + 1; if ($1 == "killed" || $1 == "timeout") k[$2]++
	  if ($1 == "invalid") inv[$2]++ }
	END {
		killed = count["killed"] + count["timeout"]; valid = n - count["invalid"]
		printf "%-26s %8s %8s %8s %9s %7s\n", "file", "mutants", "invalid", "killed", "survived", "rate"
		for (f in per) {
			v = per[f] - inv[f]
			printf "%-26s %8d %8d %8d %9d %6.1f%%\n", f, per[f], inv[f], k[f], v - k[f], v ? 100 * k[f] / v : 0
		}
		printf "%-26s %8d %8d %8d %9d %6.1f%%\n", "total", n, count["invalid"], killed, valid - killed, valid ? 100 * killed / valid : 0
		printf "(killed includes %d by timeout)\n", count["timeout"]
		if (s) print "survivors:"
		for (i = 1; i <= s; i++) print surv[i]
	}' "$work/all"
}
report
[ -z "${MUTATE_REPORT:-}" ] || report > "$MUTATE_REPORT"
