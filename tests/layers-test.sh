#!/bin/sh
# The layers of the folders' README faces, checked: no file includes a
# header of a higher layer, and no two modules (a .c with its .h) reach
# each other through includes, directly or round a circle.
#   src/base < src/data < src/model < src/plan < src/report < src/cli
#   < ui/session < ui/screen < ui/main.c
set -eu
top=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top"
rank() {
	case $1 in
	src/base/*) echo 1 ;; src/data/*) echo 2 ;; src/model/*) echo 3 ;;
	src/plan/*) echo 4 ;; src/report/*) echo 5 ;; src/cli/*) echo 6 ;;
	ui/session/*) echo 7 ;; ui/screen/*) echo 8 ;; ui/main.c) echo 9 ;;
	*) echo 0 ;;
	esac
}
files=$(ls src/*/*.[ch] ui/*/*.[ch] ui/main.c)
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
bad=0
for f in $files; do
	r=$(rank "$f")
	for h in $(sed -n 's/^#include "\([a-z_0-9]*\.h\)".*/\1/p' "$f"); do
		path=$(ls src/*/"$h" ui/*/"$h" 2>/dev/null | head -n 1)
		[ -n "$path" ] || continue # config.h, generated
		hr=$(rank "$path")
		if [ "$hr" -gt "$r" ]; then
			echo "FAIL: $f includes $path, a higher layer"
			bad=1
		fi
		from=$(basename "$f"); from=${from%.*}
		to=${h%.h}
		[ "$from" = "$to" ] || echo "$from $to" >>"$edges"
	done
done
# tsort names the modules it cannot order: those on a circle.
circles=$(sort -u "$edges" | tsort 2>&1 >/dev/null | sed -n 's/^tsort: //p' | grep -v "input contains a loop" || true)
if [ -n "$circles" ]; then
	echo "FAIL: modules on an include circle:" $circles
	bad=1
fi
[ "$bad" = 0 ] && echo "ok: $(echo "$files" | wc -l) files, no upward include, no include circle"
exit "$bad"
