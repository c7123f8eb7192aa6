#!/bin/bash
# issue 13 on the screen, as people use it: two gpuplans on one data folder,
# a copy (cp, cat >) over offers.csv while the price dialog is open, a slow
# editor, an editor that fails after writing, long Chinese text, values
# the loader refuses, an instance started on the bundled data, a message
# too long for the line. Its own tmux socket and artefacts folder.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
bin=${GPUPLAN_BIN_UNDER_TEST:-$top_builddir/gpuplan}
art=$top_builddir/tests/artefacts-data
rm -rf "$art" && mkdir -p "$art"
unset GPUPLAN_DATA VISUAL
export XDG_CONFIG_HOME=$art/xdg LANG=C.UTF-8 LC_ALL=C.UTF-8 GPUPLAN_TODAY=2026-12-01
export EDITOR=$top_srcdir/tests/fake-editor.sh
sock=gpuplan-data-$$
# shellcheck source=tests/tmux-lib.sh
. "$top_srcdir/tests/tmux-lib.sh"

T new-session -d -s main -x 120 -y 36 "bash --norc --noprofile"
T new-window -d -n other "bash --norc --noprofile" # before: tmux 3.3a dies on it after
T set -g window-size manual
sleep 0.3

data=$art/data
offers=$data/prices/offers.csv
fresh_data() {
	rm -rf "$data" && mkdir -p "$data/models" "$data/prices"
	for f in models/models.csv prices/gpus.csv prices/offers.csv; do cp "$top_srcdir/$f" "$data/$f"; done
	chmod -R u+w "$data" # make distcheck's source tree is read-only, and cp keeps the mode
}
# gpuplan in a window (main, or main:other), started from a clean line.
launch_in() { # window, arguments...
	local w=$1
	shift
	T send-keys -t "$w" "clear; $* ; echo gpuplan-ended" Enter
}
other_screen() { T capture-pane -t main:other -p; }
wait_other() {
	for _ in $(seq "$patience"); do
		other_screen | grep -qF -- "$1" && return 0
		sleep 0.1
	done
	return 1
}
# Ends the gpuplan in a window whatever it shows: a dialog or a question
# is answered the safe way (Esc), a "quit anyway?" with y, else Ctrl-C.
stop_in() { # window
	local w=$1
	T send-keys -t "$w" Escape
	sleep 0.2
	T send-keys -t "$w" F10
	for _ in $(seq "$patience"); do
		T capture-pane -t "$w" -p | grep -q "quit anyway" && T send-keys -t "$w" y
		T capture-pane -t "$w" -p | grep -q gpuplan-ended && return 0
		sleep 0.1
	done
	T send-keys -t "$w" C-c
	sleep 0.5
}
quit_both() {
	stop_in main
	stop_in main:other
}
h100_row() { grep '^h100-80g,container,' "$offers"; }
# The help box's inside, its lines joined and spaces dropped (a message is
# wrapped at spaces, a long path anywhere): a box of COLS - 8 columns (at
# most 72) in the middle of the screen.
help_text() { # capture name
	save "$1"
	local cols x inner
	cols=$(T display -p -t main "#{pane_width}")
	inner=$(( (cols - 8 < 72 ? cols - 8 : 72) - 2 ))
	x=$(( (cols - inner - 2) / 2 ))
	sed -n "s/^.\{$x\}│\(.\{$inner\}\)│.*\$/\1/p" "$art/$1.txt" | tr -d ' \n' > "$art/$1.joined"
}

# 1. A copy over offers.csv written in two halves (cp of a large file,
# cat >) while the dialog saves the first row: the save reads neither
# half nor writes over the writer (it kept the first half and the edit:
# 13 of 19 offers, "no errors"); once the writer is done its file is whole.
fresh_data
launch_in main "$bin" --data "'$data'" -m llama-2-7b
wait_for "Per GPU type" || fail "no start"
keys Tab o
wait_for "RTX 4090 24G container quote" || fail "no price dialog"
sed 's/^h20-96g,container,1,4,,4464,/h20-96g,container,1,4,,4400,/' "$offers" > "$art/theirs.csv"
half=$(( $(wc -c < "$art/theirs.csv") / 2 ))
( exec 3> "$offers"; head -c "$half" "$art/theirs.csv" >&3; touch "$art/half"; sleep 2
  tail -c +"$((half + 1))" "$art/theirs.csv" >&3; exec 3>&-; touch "$art/whole" ) &
for _ in $(seq 50); do [ -e "$art/half" ] && break; sleep 0.1; done
T send-keys -t main -l "1100"
keys Enter
save cp-race
grep -q "another program has it open for writing" "$art/cp-race.txt" &&
	pass "a save while another program writes the file stops, and says why" ||
	fail "no word about the writer (screen in cp-race.txt)"
wait
cmp -s "$offers" "$art/theirs.csv" && pass "the writer's file is whole: $(grep -vc '^#' "$offers") lines" ||
	fail "offers.csv is not the writer's file: $(grep -vc '^#' "$offers") lines, $(grep -vc '^#' "$art/theirs.csv") expected"
keys Enter # the dialog is still open with the price typed: now it saves
wait_for "saved prices/offers.csv line 5" && pass "the typed price is saved once the writer is done" ||
	{ save cp-after; fail "the second Enter did not save (cp-after.txt)"; }
grep -q '^rtx4090-24g,container,1,4,,1100,' "$offers" && grep -q '^h20-96g,container,1,4,,4400,' "$offers" &&
	pass "both the writer's and the dialog's prices are in the file" || fail "a price is missing"

# 2. A row inserted above while the dialog is open: the save finds the
# row where it is now and keeps what was typed.
keys j j j j o
wait_for "H100 80G container quote" || fail "no price dialog the second time"
sed -i '5i rtx4090-24g,container,1,4,,1000,,CNY,,,none,,2026-11-01,a row someone added' "$offers"
T send-keys -t main -l "8800"
keys Enter
wait_for "saved prices/offers.csv line 19" && pass "a row moved by an insert above is saved where it is" ||
	{ save moved; fail "the moved row was not saved (moved.txt)"; }
h100_row | grep -q ',8800,' && pass "the typed price is in it" || fail "row: $(h100_row)"

# 3. Long Chinese text, a price the loader refuses, and saves that change
# nothing: provenance stays.
keys o
wait_for "H100 80G container quote" || fail "no price dialog the third time"
T send-keys -t main -l "1e10"
keys Enter
wait_for "expected a number from 0 to 1000000000 for monthly" &&
	pass "a price the loader refuses is refused with the loader's message" || fail "1e10 was not refused"
h100_row | grep -q ',1e10,' && fail "1e10 was written"
T send-keys -t main BSpace BSpace BSpace BSpace
T send-keys -t main -l "8800"
keys Tab Tab
long=$(printf '折扣%.0s' $(seq 29))
T send-keys -t main -l "$long"
keys Enter
wait_for "saved prices/offers.csv line 19" || fail "the long discount was not saved"
h100_row | grep -qF ",$long," && pass "58 Chinese characters are saved whole" || fail "discount cut: $(h100_row)"
[ "$(h100_row | tr -cd '\000' | wc -c)" -eq 0 ] || fail "NUL bytes in the row"
h100_row | grep -q ',2026-12-01,edited 2026-12-01$' && pass "a price edit dated it (the first save)" ||
	fail "not dated: $(h100_row)"
sed -i 's/^\(h100-80g,container,.*\),2026-12-01,edited 2026-12-01$/\1,2026-10-12,the website/' "$offers"
keys r
keys o
wait_for "H100 80G container quote" || fail "no dialog after r"
keys Tab BSpace Enter
wait_for "unchanged: nothing to save" && pass "Backspace in an empty field then Enter saves nothing" ||
	fail "an empty Backspace saved"
keys o Tab Tab
T send-keys -t main -l "9折"
keys Enter
h100_row | grep -q ',9折,,none,,2026-10-12,the website$' &&
	pass "a discount-only edit keeps the quote's date and source" || fail "re-dated: $(h100_row)"
stop_in main

# 4. A slow editor (e) while another gpuplan saves a price with o: the
# editor's copy no longer reverts it; m merges, and the row whose price
# the editor changed is dated as edited.
fresh_data
launch_in main:other "$bin" --data "'$data'" -m llama-2-7b
launch_in main "FAKE_WAIT='$art/go' FAKE_EDIT='s/^rtx4090-24g,container,1,4,,1073,/rtx4090-24g,container,1,4,,999,/'" \
	"$bin" --data "'$data'" -m llama-2-7b
wait_for "Per GPU type" && wait_other "Per GPU type" || fail "two instances did not start"
T send-keys -t main Tab e # the editor waits for $art/go
T send-keys -t main:other Tab j j j j o
wait_other "H100 80G container quote" || fail "no dialog in the other instance"
T send-keys -t main:other -l "8100"
T send-keys -t main:other Enter
wait_other "saved prices/offers.csv line 18" || fail "the other instance did not save"
touch "$art/go"
wait_for "m merge your edit into it, k keep yours, t keep theirs" &&
	pass "the editor's copy asks before going over the other's save" ||
	{ save slow-editor; fail "no question after the slow editor (slow-editor.txt)"; }
h100_row | grep -q ',8100,' && pass "nothing written before the answer" || fail "reverted: $(h100_row)"
keys m
wait_for "merged with the change on disk" && pass "m merges" || { save merge; fail "no merge (merge.txt)"; }
h100_row | grep -q ',8100,' && pass "the other's price stays" || fail "reverted by the merge: $(h100_row)"
grep -q '^rtx4090-24g,container,1,4,,999,,CNY,95折,,none,,2026-12-01,edited 2026-12-01$' "$offers" &&
	pass "the editor's changed price is dated and credited as edited" ||
	fail "4090 row: $(grep '^rtx4090-24g,container,1,4,' "$offers")"
quit_both

# 5. An editor that fails after writing its copy: kept, named, reopened.
fresh_data
touch "$art/fail"
launch_in main "FAKE_FAIL='$art/fail' FAKE_EDIT='s/^h100-80g,container,1,4,,9345,/h100-80g,container,1,4,,9100,/'" \
	"$bin" --data "'$data'" -m llama-2-7b
wait_for "Per GPU type" || fail "no start"
keys Tab e
wait_for "your edit is kept in prices/offers.csv.rejected-" &&
	pass "a failed editor's copy is kept and named" || { save failed-editor; fail "failed-editor.txt"; }
ls "$data"/prices/offers.csv.rejected-* >/dev/null 2>&1 || fail "no .rejected file"
keys r
wait_for "saved prices/offers.csv" && pass "r reopens it and the edit is saved" || fail "r did not save"
h100_row | grep -q ',9100,' || fail "the edit is lost: $(h100_row)"
stop_in main

# 6. Two instances on the bundled data: the second's o makes the user copy;
# the first switches to it (it said "already exists", or removed it).
unset GPUPLAN_DATA
launch_in main "$bin" -m llama-2-7b
launch_in main:other "$bin" -m llama-2-7b
wait_for "Per GPU type" && wait_other "Per GPU type" || fail "two instances did not start"
T send-keys -t main:other Tab j j j j o
wait_other "copied the bundled data to" || fail "the other instance did not copy the data"
T send-keys -t main:other -l "8200"
T send-keys -t main:other Enter
wait_other "saved prices/offers.csv" || fail "the other instance did not save"
# the switch's word may be followed at once by the reload of the other's
# save: the help's recent messages hold both
keys F1
help_text switch
grep -qF "$(echo "switched to the user copy in $XDG_CONFIG_HOME/gpuplan" | tr -d ' ')" "$art/switch.joined" &&
	pass "the instance on the bundled data switches to the new copy" ||
	fail "no switch (switch.txt)"
keys Escape
grep -q '^h100-80g,container,1,4,,8200,' "$XDG_CONFIG_HOME/gpuplan/prices/offers.csv" &&
	pass "the user copy is intact" || fail "the user copy lost the other's save"
keys Tab j j j j o
wait_for "H100 80G container quote" && pass "o works in it" || fail "o after the switch"
keys Escape
quit_both

# 7. XDG_CONFIG_HOME naming a file; a message too long for 80 columns,
# read in full with F1.
echo "not a folder" > "$art/xdg-file"
T resize-window -t main -x 80 -y 24
launch_in main env XDG_CONFIG_HOME="$art/xdg-file" "$bin" -m llama-2-7b
wait_for "Per GPU" || fail "no start at 80x24"
keys Tab j j j j o
wait_for "… F1" && pass "a cut message says F1 shows it" || { save cut; fail "no F1 mark (cut.txt)"; }
keys F1
help_text f1-message
grep -qF "$(echo "cannot copy the data to $art/xdg-file/gpuplan: $art/xdg-file is a file, not a folder (XDG_CONFIG_HOME names it)" | tr -d ' ')" "$art/f1-message.joined" &&
	pass "F1 shows the whole message: the file, not a folder" || fail "not in the help (f1-message.txt)"
stop_in main

echo "tui-data-test: $failures failure(s); screens in $art"
[ "$failures" -eq 0 ]
