#!/bin/sh
# No leaks and no memory errors on the report paths, under valgrind.
# (A --enable-sanitizers build is checked by LeakSanitizer instead.)
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
if [ -n "${sanitizers:-}" ]; then
	echo "SKIP: sanitizer build (LeakSanitizer checks these paths)"
	exit 77
fi
if ! command -v valgrind >/dev/null; then
	echo "SKIP: valgrind is not installed"
	exit 77
fi
export GPUPLAN_DATA=$top_srcdir XDG_CONFIG_HOME=/nonexistent
failures=0
check() { # expected status, arguments...
	want=$1
	shift
	valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
		"$top_builddir/gpuplan" "$@" > /dev/null 2> "$top_builddir/tests/valgrind.err"
	got=$?
	if [ "$got" = "$want" ]; then
		echo "ok: gpuplan $*"
	else
		echo "FAIL: gpuplan $* exited $got (want $want)"
		cat "$top_builddir/tests/valgrind.err"
		failures=$((failures + 1))
	fi
}
check 0 --print -m llama-3.1-70b
check 0 --print -m deepseek-v3 -p fp8 -c 128k --format json
check 0 --print -m 70b -t lora --format csv
check 0 --print -m llama-2-7b -t full -c 2048 --cards 4 --format json
check 0 --print -m mixtral-8x7b -t qlora -p int4
check 0 --list-models
check 0 --check-data
check 3 --check-data --data "$top_srcdir/tests/fixtures/broken"
check 2 --print -m llama-2-7b -p int4 -t full
check 2 --bogus
rm -f "$top_builddir/tests/valgrind.err"
echo "valgrind-test: $failures failure(s)"
[ "$failures" -eq 0 ]
