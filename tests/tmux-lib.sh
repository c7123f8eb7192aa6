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
keys() { T send-keys -t main "$@"; sleep 0.15; }

# Waits up to 5 s for text to appear on screen.
wait_for() {
	for _ in $(seq 50); do
		screen | grep -qF -- "$1" && return 0
		sleep 0.1
	done
	return 1
}
