#!/bin/sh
# Names and references in the tree's sources:
#  - every external name a module of the tools defines (cmd/*/NAME.c)
#    carries its module's prefix: NAME_, or NAME without a final "s"
#    (dups.c: dup_), or the part of NAME before its first "_" (the
#    driver's drv_options.c: drv_); a tool's main defines main alone;
#  - every such name is used by another object (else it is dead code, or
#    its module's own and static);
#  - no source, script or data file cites a document that is not in the
#    tree (a NAME.md that no file of the tree is), or a path outside it
#    (../shared, an absolute path to a checkout).
# Prints one "ok"/"FAIL" line per check and "names: N passed, N failed".
BUILD=${BUILD:-build}
passed=0
failed=0

check() {
	if [ -n "$2" ]; then
		echo "FAIL names: $1: $2"
		failed=$((failed + 1))
	else
		echo "ok   names: $1"
		passed=$((passed + 1))
	fi
}

objs=$(find "$BUILD/cmd" -name '*.o' 2>/dev/null | sort)
if [ -n "$objs" ]; then
	bad=
	n=0
	for o in $objs; do
		src=cmd/${o#"$BUILD"/cmd/}
		src=${src%.o}.c
		[ -f "$src" ] || continue	# left from an older layout
		m=$(basename "$src" .c)
		# Names that begin with "__" are the compiler's (the
		# sanitizers' __odr_asan.*), not ours.
		for s in $(nm --defined-only "$o" |
		    awk '$2 ~ /^[TDRBVW]$/ && $3 !~ /^__/ { print $3 }'); do
			n=$((n + 1))
			case $m in
			pdn-*) [ "$s" = main ] && continue ;;
			*)
				case $s in
				"$m"_*|"${m%s}"_*|"${m%%_*}"_*) continue ;;
				esac
				;;
			esac
			bad="$bad $src:$s"
		done
	done
	check "the tools' external names carry their module's prefix" "$bad"
	# An external name no other object (of the tools, their tests or the
	# test engine) uses is dead, or its module's own: static.
	# shellcheck disable=SC2086
	nm -u $objs $(find "$BUILD/tests" -name '*.o' 2>/dev/null) 2>/dev/null |
	    awk 'NF >= 2 { print $2 }' | sort -u >"${TMPDIR:-/tmp}/names.$$"
	bad=
	for o in $objs; do
		src=cmd/${o#"$BUILD"/cmd/}
		[ -f "${src%.o}.c" ] || continue
		for s in $(nm --defined-only "$o" |
		    awk '$2 ~ /^[TDRBVW]$/ && $3 != "main" &&
		    $3 !~ /^__/ { print $3 }'); do
			grep -qx "$s" "${TMPDIR:-/tmp}/names.$$" ||
			    bad="$bad ${src%.o}.c:$s"
		done
	done
	rm -f "${TMPDIR:-/tmp}/names.$$"
	check "every external name of the tools is used outside its module" \
	    "$bad"
	check "the tools' names were read" \
	    "$([ "$n" -gt 0 ] || echo "no symbols in $BUILD/cmd")"
else
	check "the tools' external names carry their module's prefix" \
	    "no objects in $BUILD/cmd"
fi

# The documents the tree has, by file name.
docs=$(find . -name '*.md' -not -path './build*' -not -path './.git/*' |
    sed 's|.*/||' | sort -u)
files=$( (find cmd lib tests fuzz bench scripts profiles examples completion \
    -type f 2>/dev/null; find testdata -maxdepth 1 -name '*.yaml';
    echo Makefile) | grep -v '\.md$' | sort)
# Paths outside the tree: the team's shared folder beside the checkout.
outside='\.\./shared/\|/shared/docs\|/shared/corpus\|/shared/bench'
bad=
for f in $files; do
	# This script names the patterns; conformance.sh writes NAME.md files.
	case $f in
	tests/names.sh|tests/conformance.sh) continue ;;
	esac
	for d in $(grep -o '[A-Za-z0-9_-]*\.md\b' "$f" 2>/dev/null | sort -u); do
		printf '%s\n' "$docs" | grep -qx "$d" || bad="$bad $f:$d"
	done
	grep -n "$outside" "$f" >/dev/null 2>&1 &&
	    bad="$bad $f:$(grep -n "$outside" "$f" | head -n 1 | cut -d: -f1)"
done
check "no file cites a document or a path outside the tree" "$bad"
echo "names: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
