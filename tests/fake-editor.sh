#!/bin/sh
# An $EDITOR for the screen test: applies FAKE_EDIT (a sed script) to the
# file it is given, as a person changing one price would.
sed -i "$FAKE_EDIT" "$1"
