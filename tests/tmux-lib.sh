# Shared by the tmux screen tests. The caller sets sock (a tmux socket of
# its own) and art (where captures go) before sourcing this.
if ! command -v tmux >/dev/null; then
	echo "SKIP: tmux is not installed (the test command installs it)"
	exit 77
fi
failures=0
T() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'T kill-server 2>/dev/null' EXIT
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
screen() { T capture-pane -t main -p; }
save() { screen > "$art/$1.txt"; T capture-pane -t main -e -p > "$art/$1.ansi"; }
# Waits until the screen stops changing: three captures 0.1 s apart agree
# (at most 5 s). Used where the text to expect is already on screen, such
# as after a resize, instead of a fixed sleep.
settle() {
	local before now same=0
	before=$(screen)
	for _ in $(seq "$patience"); do
		sleep 0.1
		now=$(screen)
		if [ "$now" = "$before" ]; then
			same=$((same + 1))
			[ "$same" -ge 2 ] && return 0
		else
			same=0
		fi
		before=$now
	done
	return 1
}
keys() { T send-keys -t main "$@"; settle; }

# Each line of a capture fits the pane (wide CJK text did not push it
# out), and a line that ends in a border is exactly as wide as the pane.
check_width() { # capture name, columns
	local name=$1 cols=$2 bad
	bad=$(while IFS= read -r line; do
		w=$(printf '%s' "$line" | wc -L)
		if [ "$w" -gt "$cols" ]; then
			echo "$w > $cols: $line"
		else
			case "$line" in *│) [ "$w" -ne "$cols" ] && echo "$w: $line" ;; esac
		fi
	done < "$art/$name.txt")
	[ -s "$art/$name.txt" ] || bad="empty capture"
	[ -z "$bad" ] && pass "$name: every line fits $cols columns" || fail "$name: misaligned: $bad"
}

# Waits for the shell's prompt in a new pane ("bash-5.2$ ", or # as root).
wait_prompt() { wait_for 'bash-' || fail "no shell prompt"; }

# Waits up to 5 s for text to appear on screen.
# Sanitizer builds (make distcheck) run several times slower: wait longer.
# Their leak check at exit stops the process with ptrace, which a screen
# whose terminal tmux has already torn down can leave spinning for ever:
# the screen tests leave leaks to valgrind-test.sh and the Criterion
# programs (which keep LeakSanitizer on).
patience=50
if [ -n "${sanitizers:-}" ]; then
	patience=200
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi
wait_for() {
	for _ in $(seq "$patience"); do
		screen | grep -qF -- "$1" && return 0
		sleep 0.1
	done
	return 1
}

# Waits for the command started by the caller to write its exit status
# to $art/rc (the status is written last, after stty -g).
wait_exit() {
	for _ in $(seq "$patience"); do
		[ -s "$art/rc" ] && return 0
		sleep 0.1
	done
	return 1
}
