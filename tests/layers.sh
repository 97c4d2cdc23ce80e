#!/bin/sh
# The layers of libpdn run one way (README, "Layout"): a module includes
# headers of its own layer or of the layers below, and calls only
# functions defined in them.  Checked from the sources' #include lines and
# from the undefined symbols of each object of $BUILD/lib (nm).  Prints
# one "ok"/"FAIL" line per check and "layers: N passed, N failed".
BUILD=${BUILD:-build}
passed=0
failed=0

# The layer of a file of lib/ (without its extension): 1 core, 2 record,
# 3 play, 4 rules and write (which do not use each other).
layer() {
	case $1 in
	pdn|board|movegen|zobrist|position|notation|fen|perft|variant|vargen|geometry|version)
		echo 1 ;;
	pdn_diag|pdn_lex|pdn_game|diag|lex|reader|game|gamecopy|match)
		echo 2 ;;
	pdn_replay|replay) echo 3 ;;
	pdn_rules|pdn_adjudicate|profile|drawrules|adjudicate) echo 4r ;;
	pdn_write|writer) echo 4w ;;
	*) echo "?" ;;
	esac
}

# May a module of layer $1 use one of layer $2?
allowed() {
	case $1:$2 in
	4r:4w|4w:4r) return 1 ;;
	esac
	[ "${1%[rw]}" -ge "${2%[rw]}" ]
}

check() {
	if [ -n "$2" ]; then
		echo "FAIL layers: $1: $2"
		failed=$((failed + 1))
	else
		echo "ok   layers: $1"
		passed=$((passed + 1))
	fi
}

bad=
unknown=
for f in lib/*.c lib/*.h; do
	m=$(basename "$f"); m=${m%.*}
	lm=$(layer "$m")
	[ "$lm" = "?" ] && unknown="$unknown $f"
	for h in $(sed -n 's/^#include "\(.*\)\.h"/\1/p' "$f"); do
		lh=$(layer "$h")
		allowed "$lm" "$lh" || bad="$bad $f->$h.h"
	done
done
check "every module of lib/ has a layer" "$unknown"
check "includes run downward" "$bad"

# Calls: the symbols each object needs, and the object that defines them.
bad=
if ls "$BUILD"/lib/*.o >/dev/null 2>&1; then
	nm -A --defined-only "$BUILD"/lib/*.o 2>/dev/null |
	    awk '$2 ~ /^[TDRB]$/ { n = $1; sub(/:.*/, "", n); print $3, n }' \
	    >"${TMPDIR:-/tmp}/layers.def.$$"
	for o in "$BUILD"/lib/*.o; do
		m=$(basename "$o" .o)
		lm=$(layer "$m")
		for s in $(nm --undefined-only "$o" | awk '{ print $2 }'); do
			d=$(awk -v s="$s" '$1 == s { print $2; exit }' \
			    "${TMPDIR:-/tmp}/layers.def.$$")
			[ -n "$d" ] || continue
			d=$(basename "$d" .o)
			allowed "$lm" "$(layer "$d")" || bad="$bad $m:$s($d)"
		done
	done
	rm -f "${TMPDIR:-/tmp}/layers.def.$$"
	check "calls run downward" "$bad"
else
	check "calls run downward" "no objects in $BUILD/lib"
fi
echo "layers: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
