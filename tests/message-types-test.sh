#!/bin/sh
# A message's arguments are checked by the compiler: each msg_KEY() of
# src/base/message.h takes the arguments its row in message_table.h
# declares, so a call with one too few or too many, a string for a number,
# a number for a string or a decimal for a whole number does not compile
# with the project's own flags (AM_CFLAGS: -Werror=float-conversion,
# -Werror=int-conversion). The untyped message_make is gone. A file with
# the right calls compiles, so each failure is the call's own.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
CC=${CC:-cc}
# make check passes AM_CFLAGS; by hand, the flags that matter here
flags=${project_cflags:-"-std=c11 -pedantic -Wall -Werror=float-conversion -Werror=int-conversion -Werror=incompatible-pointer-types"}
failed=0
pass() { echo "ok: $1"; }
fail() { echo "FAIL: $1"; failed=1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpuplan-msgtypes.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# compile NAME BODY: the body inside a function, message.h included
compile() {
	printf '#include "message.h"\nvoid f(void);\nvoid f(void)\n{\n\tdouble d = 4;\n\tstruct message m = msg_none();\n\t(void)d;\n\t(void)m;\n\t%s;\n}\n' "$2" > "$tmp/$1.c"
	# shellcheck disable=SC2086 # $flags: the Makefile's word list
	$CC $flags -I"$top_srcdir/src/base" -fsyntax-only "$tmp/$1.c" > "$tmp/$1.err" 2>&1
}

if compile right 'm = msg_tp_over_pcie(4); m = msg_no_container_offer("A100 80G");
	m = msg_replicas(2, 4, 3.0); m = msg_beyond_native_context(262144LL, "M", 131072);
	m = msg_why_deadline_cheapest(1, "containers by the month", 1500.0, "CNY");
	m = msg_parallel_efficiency(90, 10.0)'; then
	pass "the right arguments compile"
else
	fail "the right arguments do not compile:"; cat "$tmp/right.err"
fi

# Each line: a name, the call, what the compiler says (GCC's words, and
# clang's). clang takes a decimal literal for an int with a warning of its
# own (-Wliteral-conversion, which GCC has no flag for); a decimal variable
# it refuses as GCC does.
while IFS='|' read -r name call says; do
	if compile "$name" "m = $call"; then
		if [ "$name" = decimal-for-whole-number ] && grep -q literal-conversion "$tmp/$name.err"; then
			pass "$name is warned about (clang): $call"
		else
			fail "$name compiles: $call"
		fi
	elif grep -Eq -- "$says" "$tmp/$name.err"; then
		pass "$name does not compile: $call"
	else
		fail "$name fails, but not for its argument: $call"; cat "$tmp/$name.err"
	fi
done << 'EOF'
too-few|msg_replicas(2, 4)|too few arguments
too-many|msg_tp_over_pcie(4, 2)|too many arguments
string-for-number|msg_tp_over_pcie("4")|int-conversion
number-for-string|msg_no_container_offer(42)|int-conversion
decimal-for-whole-number|msg_tp_over_pcie(4.5)|float-conversion
double-variable-for-int|msg_container_max_cards(d, 4)|float-conversion
money-without-currency|msg_alternative_cheapest_per_token(0.27)|too few arguments
message-for-string|msg_train_no_fp8(m)|incompatible type
untyped-constructor-gone|message_make(MSG_TP_OVER_PCIE, 4)|message_make|incompatible type
EOF
[ "$failed" -eq 0 ]
