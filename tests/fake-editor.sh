#!/bin/sh
# An $EDITOR for the screen tests: applies FAKE_EDIT (a sed script) to the
# file it is given, as a person changing one price would. A slow editor
# (a person still typing): with FAKE_WAIT set it first waits, up to 10 s,
# until that file exists. An editor that fails after writing (vim's :wq
# with an error shown): when the file FAKE_FAIL names exists it is
# removed and the editor exits 1.
if [ -n "${FAKE_WAIT:-}" ]; then
	for _ in $(seq 200); do
		[ -e "$FAKE_WAIT" ] && break
		sleep 0.05
	done
fi
sed -i "$FAKE_EDIT" "$1"
if [ -n "${FAKE_FAIL:-}" ] && [ -e "$FAKE_FAIL" ]; then
	rm -f "$FAKE_FAIL"
	exit 1
fi
