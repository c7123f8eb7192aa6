#!/bin/sh
# One file for a jump host: the program built with --enable-static-binary,
# copied alone into an empty folder, gives its reports from the built-in
# data with no data folder and no shared library within reach.
# Skips (77) when the program is linked dynamically.
set -u
top_builddir=${top_builddir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=$top_builddir/gpuplan
failed=0
pass() { echo "ok: $1"; }
fail() { echo "FAIL: $1"; failed=1; }

# the libraries a jump host lacks, libcsv first of all
if ldd "$bin" 2>&1 | grep -E "libcsv|libformw|libncursesw|libtinfo"; then
	echo "SKIP: $bin is linked dynamically (configure --enable-static-binary)"
	exit 77
fi
pass "ldd shows none of libcsv, formw, ncursesw, tinfo: $(ldd "$bin" 2>&1 | head -1)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpuplan-static.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/xdg" "$tmp/empty"
cp "$bin" "$tmp/gpuplan"
cd "$tmp" || exit 99

# env -i: no GPUPLAN_DATA, no HOME; XDG_CONFIG_HOME is an empty folder and
# nothing tells the copy where its source tree is
report() { env -i XDG_CONFIG_HOME="$tmp/xdg" ./gpuplan "$@"; }
check_report() { # label, report file
	if grep -q "^data: built in (bundled data compiled into gpuplan)" "$2" &&
		grep -q "^Llama-3.1-70B" "$2"; then
		pass "$1: the report comes from the built-in data"
	else
		fail "$1: no report from the built-in data:"; cat "$2"
	fi
}
check_data() { # label, output file
	if grep -q "^built in (bundled data compiled into gpuplan): .* no errors$" "$2"; then
		pass "$1: --check-data checks the built-in data"
	else
		fail "$1: --check-data did not use the built-in data:"; cat "$2"
	fi
}

report --print -m llama-3.1-70b > print.out 2>&1 || fail "--print failed"
check_report "alone" print.out
report --check-data > check.out 2>&1 || fail "--check-data failed"
check_data "alone" check.out

# The library folder out of reach as well: an empty folder mounted over it,
# in a user and mount namespace of its own.
libdir=$(ldd /bin/sh 2>/dev/null | sed -n 's|.*=> \(/[^ ]*\)/libc\.so.*|\1|p')
libdir=${libdir:-/usr/lib/x86_64-linux-gnu}
hidden() { # args: a dynamic program cannot start in there, so only builtins
	# shellcheck disable=SC2016 # the inner shell expands its own arguments
	env -i XDG_CONFIG_HOME="$tmp/xdg" unshare -rm sh -c '
		mount --bind "$1" "$2" || exit 99
		for d in /usr/share /usr/local/share; do mount --bind "$1" "$d" 2>/dev/null; done
		[ -e "$2/libc.so.6" ] && { echo "libc still visible"; exit 99; }
		shift 2; exec ./gpuplan "$@"' sh "$tmp/empty" "$libdir" "$@"
}
if ! env -i unshare -rm true 2>/dev/null; then
	echo "note: unshare -rm is not allowed here: the run without $libdir is left out"
else
	hidden --print -m llama-3.1-70b > hidden-print.out 2>&1 || fail "--print failed without $libdir"
	check_report "without $libdir" hidden-print.out
	hidden --check-data > hidden-check.out 2>&1 || fail "--check-data failed without $libdir"
	check_data "without $libdir" hidden-check.out
fi
exit $failed
