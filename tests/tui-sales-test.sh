#!/bin/bash
# A sales engineer's session, under tmux: pin a scenario and compare (p),
# write a quote (x), edit the prices in $EDITOR (e), edit one quote in
# place (o), and a broken edit that must not replace the data in use.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
bin=$top_builddir/gpuplan
art=$top_builddir/tests/artefacts/sales
rm -rf "$art" && mkdir -p "$art/xdg"
# the bundled data (never written): the first edit must copy it
unset GPUPLAN_DATA NO_COLOR
export XDG_CONFIG_HOME=$art/xdg LANG=C.UTF-8 LC_ALL=C.UTF-8
export EDITOR=$top_srcdir/tests/fake-editor.sh VISUAL=
export GPUPLAN_TODAY=2026-11-30 # o dates a hand-typed price today
sock=gpuplan-sales-$$
# shellcheck source=tests/tmux-lib.sh
. "$top_srcdir/tests/tmux-lib.sh"

T new-session -d -s main -x 120 -y 36 -c "$art" "bash --norc --noprofile"
T set -g window-size manual
T resize-window -t main -x 120 -y 36
wait_prompt
T send-keys -t main "cd '$art' && FAKE_EDIT='s/^h100-80g,container,1,4,,9345,/h100-80g,container,1,4,,9999,/' $bin -m llama-3.1-70b" Enter
wait_for "Per GPU type" || fail "the configurator did not start"

# p pins; three steps left take auto (the first choice) round past nvfp4 and mxfp4 to int4;
# the comparison follows
keys Tab p
wait_for "pinned Llama-3.1-70B" && pass "p pins the scenario" || fail "no pin message"
keys Left Left Left
wait_for "now:    Llama-3.1-70B int4" || fail "precision did not reach int4"
save pinned
"$bin" --print -m llama-3.1-70b --compare "-p int4" --format csv > "$art/compare.csv" ||
	fail "the --compare report to compare with failed (status $?)"
rows=0
while IFS=, read -r gpu ac as am bc bs bm diff _; do
	[ "$gpu" = gpu ] && continue
	name=$(grep "^$gpu," "$top_srcdir/prices/gpus.csv" | cut -d, -f2 | cut -d' ' -f2-)
	# money as the screen writes it (money_format): ¥18,400, -¥9,200, +¥1,200, ¥0
	g() { printf '%.0f' "$1" | sed 's/^-//; :a; s/\B[0-9]\{3\}\>/,&/; ta'; }
	m() { [ -n "$1" ] && printf '¥%s' "$(g "$1")" || printf '—'; }
	sd() { case $(printf '%.0f' "$1") in 0|-0) printf '¥0' ;; -*) printf -- '-¥%s' "$(g "$1")" ;;
		*) printf '\\+¥%s' "$(g "$1")" ;; esac; }
	d=$([ -n "$diff" ] && sd "$diff" || printf '—')
	# each side's tok/s beside its price (issue 21: "what if int4?" asks the speed too)
	re="$name +$ac +$as +$(m "$am") +~?[0-9.,]+ │ +$bc +$bs +$(m "$bm") +~?[0-9.,]+ │ +$d"
	if grep -qE -- "$re" "$art/pinned.txt"; then rows=$((rows + 1)); else fail "no compare row /$re/"; fi
done < "$art/compare.csv"
if [ "$rows" -gt 0 ]; then
	pass "pinned vs now: $rows rows equal --compare"
else
	fail "pinned vs now: no rows to compare (is compare.csv empty?)"
fi
# the speeds are --compare's, as the table rounds them: RTX 4090 29.98 and 14.59
grep -qE "│ RTX 4090 24G +8 TP8 +¥9,169 +30\.0 │ +3 PP3 +¥3,219 +14\.6 │" "$art/pinned.txt" &&
	pass "pinned vs now: both speeds beside the prices" || fail "pinned vs now: the speeds"
check_width pinned 120
keys P
wait_for "unpinned" && pass "P unpins" || fail "P did not unpin"

# x writes the quote into the current folder and says where
keys x
wait_for "quote written: gpuplan-quote-llama-3.1-70b-" && pass "x names the quote file" ||
	fail "no quote message"
quote=$(ls "$art"/gpuplan-quote-llama-3.1-70b-*.md 2>/dev/null | head -1)
[ -n "$quote" ] && grep -q "^# GPU quote: Llama-3.1-70B, int4, inference" "$quote" &&
	pass "the quote file holds the scenario" || fail "quote file: ${quote:-none}"

# e: the bundled prices are copied to XDG_CONFIG_HOME, edited, reloaded
keys e
wait_for "copied the bundled data to " && pass "first edit copies the bundled data" ||
	fail "no copy message"
grep -q "^h100-80g,container,1,4,,9999," "$art/xdg/gpuplan/prices/offers.csv" && pass "the copy was edited" ||
	fail "the copy was not edited"
grep -q "^h100-80g,container,1,4,,9345," "$top_srcdir/prices/offers.csv" && pass "the bundled file is untouched" ||
	fail "the bundled file changed"
keys j j j j
wait_for "H100 80G · " || fail "H100 not selected"
save edited
check_width edited 120
grep -qE "H100 80G .* ¥9,999" "$art/edited.txt" && pass "the edited price is on screen" || fail "9999 not on screen"

# o: edit the container quote in place: a new price and date, Enter saves
keys o
wait_for "H100 80G container quote · line" || fail "no offer dialog"
save dialog
check_width dialog 120
keys BSpace BSpace BSpace BSpace
T send-keys -t main -l 8888
keys Tab Tab Tab BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace
T send-keys -t main -l 2026-11-30
keys Enter
wait_for "saved prices/offers.csv line 18 in " && pass "o saves and says where" || fail "no save message"
save saved
grep -q "^h100-80g,container,1,4,,8888,,CNY,,,none,,2026-11-30,edited 2026-11-30$" \
	"$art/xdg/gpuplan/prices/offers.csv" && pass "only that row's fields changed" || fail "saved row wrong"
grep -q "^h100-80g,container,1,4,,9999," "$art/xdg/gpuplan/prices/offers.csv.bak" &&
	pass "the previous file is kept as .bak" || fail "no .bak"
diff <(grep -v '^h100-80g,container' "$art/xdg/gpuplan/prices/offers.csv") \
	<(grep -v '^h100-80g,container' "$art/xdg/gpuplan/prices/offers.csv.bak") >/dev/null &&
	pass "every other line is byte for byte the same" || fail "other lines changed"
grep -qE "H100 80G .* ¥8,888" "$art/saved.txt" && pass "the saved price is on screen" || fail "8888 not on screen"

# a broken edit: the error is shown and the data in use stays
T set-environment -t main FAKE_EDIT x
keys q
T send-keys -t main "cd '$art' && FAKE_EDIT='s/^h100-80g,container,1,4,,8888,/h100-80g,container,1,4,,abc,/' $bin -m llama-3.1-70b" Enter
wait_for "Per GPU type" || fail "restart"
keys Tab e
wait_for "r reopen the rejected copy, k keep the file as it is" && pass "a broken edit is refused" || fail "no error"
save broken
grep -q "prices/offers.csv.rejected-.*:18:25: expected" "$art/broken.txt" &&
	pass "the error names file:line:column, in the copy kept as .rejected" ||
	fail "no position in the error"
grep -qE "H100 80G .* ¥8,888" "$art/broken.txt" && pass "the last good prices stay" || fail "prices lost"
keys q
echo "tui-sales-test: $failures failure(s); screens in $art"
[ "$failures" -eq 0 ]
