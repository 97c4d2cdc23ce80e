#!/bin/sh
# The library's interface is the checked-in list lib/libpdn.sym, one
# exported symbol per line: the symbols the built library exports (global,
# default visibility, defined in an object of $BUILD/libpdn.a) are exactly
# those, each is declared in a public header, and each has its entry in
# libpdn(3) (a .Fn of its name).  A symbol added, renamed or removed is a
# change of the ABI: the list, the man page and the version say so
# together.  Prints one "ok"/"FAIL" line per check and
# "symbols: N passed, N failed".
BUILD=${BUILD:-build}
CC=${CC:-cc}
LIST=lib/libpdn.sym
passed=0
failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/symbols.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

check() {
	if [ -n "$2" ]; then
		echo "FAIL symbols: $1: $2"
		failed=$((failed + 1))
	else
		echo "ok   symbols: $1"
		passed=$((passed + 1))
	fi
}

grep -v '^#' "$LIST" | sed '/^$/d' >"$tmp/list"
sort -c "$tmp/list" 2>"$tmp/sort" || true
check "$LIST is sorted, one name a line" "$(cat "$tmp/sort")"

# readelf -s: Num Value Size Type Bind Vis Ndx Name.
readelf -sW "$BUILD/libpdn.a" 2>/dev/null |
    awk '$5 == "GLOBAL" && $6 == "DEFAULT" && $7 != "UND" &&
	($4 == "FUNC" || $4 == "OBJECT") { print $8 }' | sort -u >"$tmp/built"
if [ -s "$tmp/built" ]; then
	d=$(diff "$tmp/list" "$tmp/built" | sed -n 's/^</not exported:/p; s/^>/exported, not listed:/p' |
	    tr '\n' ' ')
	check "the library exports exactly $LIST ($(wc -l <"$tmp/list") symbols)" "$d"
else
	check "the library exports exactly $LIST" "nothing read from $BUILD/libpdn.a"
fi

# Declared in a public header: the headers preprocessed, the name there
# as a function (followed by "(") or an object.
echo '#include <pdn/pdn.h>' >"$tmp/all.c"
# shellcheck disable=SC2046
$CC -E -P -Iinclude $(for d in lib/*/; do printf ' -I%s' "${d%/}"; done) \
    "$tmp/all.c" >"$tmp/decl" 2>"$tmp/err" || cat "$tmp/err"
bad=
while read -r s; do
	grep -Eq "(^|[^A-Za-z0-9_])$s([^A-Za-z0-9_]|\$)" "$tmp/decl" ||
	    bad="$bad $s"
done <"$tmp/list"
check "each listed symbol is declared in <pdn/pdn.h>" "$bad"

bad=
while read -r s; do
	grep -Eq "(^|[[:space:].])Fn $s( |\$)" man/libpdn.3 || bad="$bad $s"
done <"$tmp/list"
check "each listed symbol has its entry in libpdn(3)" "$bad"

echo "symbols: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
