#!/bin/sh
# The layers of libpdn run one way (lib/README.md): each is a folder of
# lib/, compiled with -I of itself and of the layers it stands on only
# (make layer-flags prints them), so that a module includes headers of its
# own layer or of the layers below, and calls only functions defined in
# them; and no two files of the library call each other, directly or
# round a circle.  Checked from the files under lib/, by compiling each
# public header with each layer's flags, from the sources' #include lines,
# and from the symbols of each object of $BUILD/lib (nm).  Prints one
# "ok"/"FAIL" line per check and "layers: N passed, N failed".
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
CC=${CC:-cc}
passed=0
failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/layers.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

check() {
	if [ -n "$2" ]; then
		echo "FAIL layers: $1: $2"
		failed=$((failed + 1))
	else
		echo "ok   layers: $1"
		passed=$((passed + 1))
	fi
}

# "LAYER: -Ilib/LAYER -Ilib/BELOW ..." for each layer, from the Makefile.
$MAKE -s --no-print-directory layer-flags >"$tmp/flags" 2>/dev/null
layers=$(sed 's/:.*//' "$tmp/flags" | tr '\n' ' ')
flags() { sed -n "s/^$1: //p" "$tmp/flags"; }
# The layers layer $1 may use: itself and those its flags name.
uses() { flags "$1" | tr ' ' '\n' | sed -n 's|^-Ilib/||p'; }
may_use() { uses "$1" | grep -qx "$2"; }
check "the Makefile names the layers" \
    "$([ -n "$layers" ] || echo "make layer-flags printed nothing")"

# Every file of lib/ lies in a layer's folder: its modules and internal
# headers, and its public headers under LAYER/pdn/.  Only lib/README.md,
# the pkg-config template and the list of exported symbols lie in lib/.
bad=
for f in $(find lib -type f | sort); do
	case $f in
	lib/README.md|lib/libpdn.pc.in|lib/libpdn.sym) continue ;;
	esac
	ok=
	for l in $layers; do
		case $f in
		lib/$l/pdn/*/*) ;;
		lib/$l/pdn/*.h) ok=1 ;;
		lib/$l/*/*) ;;
		lib/$l/*.c|lib/$l/*.h) ok=1 ;;
		esac
	done
	[ -n "$ok" ] || bad="$bad $f"
done
check "every file of lib/ lies in a layer folder" "$bad"

# Each public header compiles with the flags of its own layer and of every
# layer above it, and with no other: an upward include does not compile.
bad=
for h in lib/*/pdn/*.h; do
	hl=${h#lib/}; hl=${hl%%/*}
	for l in $layers; do
		printf '#include "pdn/%s"\n' "${h##*/}" >"$tmp/probe.c"
		# shellcheck disable=SC2046
		if $CC -fsyntax-only $(flags "$l") "$tmp/probe.c" \
		    >/dev/null 2>&1; then
			may_use "$l" "$hl" ||
			    bad="$bad $l:$hl/${h##*/}(compiles)"
		else
			! may_use "$l" "$hl" ||
			    bad="$bad $l:$hl/${h##*/}(does-not-compile)"
		fi
	done
done
check "a layer compiles the headers of the layers below it, and no other" \
    "$bad"

# No include reaches around the flags with a path.
bad=$(grep -n '^#[[:space:]]*include[[:space:]]*["<][^">]*\.\./' \
    $(find lib -name '*.[ch]') /dev/null | cut -d: -f1,2 | tr '\n' ' ')
check "no include by a relative path" "$bad"

# Calls: the symbols each object needs, and the object that defines them.
if ls "$BUILD"/lib/*/*.o >/dev/null 2>&1; then
	nm -A --defined-only "$BUILD"/lib/*/*.o 2>/dev/null |
	    awk '$2 ~ /^[TDRBV]$/ { n = $1; sub(/:[^:]*$/, "", n); print $3, n }' \
	    | sort -k 1,1 >"$tmp/def"
	: >"$tmp/edges"
	bad=
	for o in "$BUILD"/lib/*/*.o; do
		lo=${o%/*}; lo=${lo##*/}
		m=$lo/$(basename "$o" .o)
		nm --undefined-only "$o" | awk '{ print $2 }' | sort -u |
		    join -o 2.2 - "$tmp/def" | sort -u >"$tmp/needs"
		while read -r d; do
			ld=${d%/*}; ld=${ld##*/}
			dm=$ld/$(basename "$d" .o)
			[ "$dm" = "$m" ] && continue
			echo "$m $dm" >>"$tmp/edges"
			may_use "$lo" "$ld" || bad="$bad $m->$dm"
		done <"$tmp/needs"
	done
	check "calls run downward" "$bad"
	# A circle of calls between files: tsort names the files on it.
	loop=$(tsort "$tmp/edges" 2>&1 >/dev/null | grep -v 'input contains a loop' |
	    sed 's/^tsort: //' | tr '\n' ' ')
	check "no call cycle between files" "$loop"
	check "the call graph was read" \
	    "$([ -s "$tmp/edges" ] || echo "no calls between objects")"
else
	check "calls run downward" "no objects in $BUILD/lib"
fi

# --- the tools' layers (cmd/README.md) ---------------------------------
# The same rules for cmd/: each layer a folder compiled with -I of itself
# and of the layers below (make cmd-layer-flags), a tool's main
# (cmd/pdn-X.c) with those of kit, games and its own folder.  Its includes
# of the tools' headers ("x.h") are found in those folders; its calls
# into the tools' other objects run downward; and no two modules of cmd/
# (a .c with its .h, or a header alone) need each other round a circle,
# by includes or by calls.
$MAKE -s --no-print-directory cmd-layer-flags >"$tmp/cflags" 2>/dev/null
clayers=$(sed 's/:.*//' "$tmp/cflags" | tr '\n' ' ')
cuses() { sed -n "s/^$1: //p" "$tmp/cflags" | tr ' ' '\n' |
    sed -n 's|^-Icmd/||p'; }
check "the Makefile names the tools' layers" \
    "$([ -n "$clayers" ] || echo "make cmd-layer-flags printed nothing")"
# The layer of a file of cmd/: its folder, or for a main its name.
clayer() {
	case $1 in
	cmd/pdn-*.c) n=${1#cmd/}; echo "${n%.c}" ;;
	cmd/*/*) n=${1#cmd/}; echo "${n%%/*}" ;;
	esac
}
# A module's name: its folder and its file without the suffix.
cmodule() { n=${1#cmd/}; echo "${n%.[ch]}"; }
bad=
for f in $(find cmd -type f | sort); do
	[ "$f" = cmd/README.md ] && continue
	l=$(clayer "$f")
	if [ -z "$l" ] || ! printf '%s\n' $clayers | grep -qx "$l"; then
		bad="$bad $f"
	fi
done
check "every file of cmd/ lies in a layer folder, or is a tool's main" "$bad"

bad=
: >"$tmp/cincl"
for f in $(find cmd -name '*.[ch]' | sort); do
	l=$(clayer "$f")
	m=$(cmodule "$f")
	for h in $(sed -n 's/^#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' \
	    "$f"); do
		found=
		for u in $(cuses "$l"); do
			if [ -f "cmd/$u/$h" ]; then
				found=$u
				break
			fi
		done
		if [ -z "$found" ]; then
			bad="$bad $f:$h"
			continue
		fi
		hm=$found/${h%.h}
		[ "$hm" = "$m" ] || echo "$m $hm" >>"$tmp/cincl"
	done
done
check "the tools include the headers of their layer and those below only" \
    "$bad"
loop=$(tsort "$tmp/cincl" 2>&1 >/dev/null | grep -v 'input contains a loop' |
    sed 's/^tsort: //' | tr '\n' ' ')
check "no include cycle between the tools' modules" "$loop"
bad=$(grep -n '^#[[:space:]]*include[[:space:]]*["<][^">]*/' \
    $(find cmd -name '*.[ch]') /dev/null | grep -v '<pdn/\|<sys/\|<arpa/\|<netinet/' |
    cut -d: -f1,2 | tr '\n' ' ')
check "the tools include by name, not by path" "$bad"

cobjs=$(find "$BUILD/cmd" -name '*.o' 2>/dev/null | sort)
if [ -n "$cobjs" ]; then
	# shellcheck disable=SC2086
	nm -A --defined-only $cobjs 2>/dev/null |
	    awk '$2 ~ /^[TDRBV]$/ { n = $1; sub(/:[^:]*$/, "", n); print $3, n }' \
	    | sort -k 1,1 >"$tmp/cdef"
	: >"$tmp/cedges"
	bad=
	for o in $cobjs; do
		src=cmd/${o#"$BUILD"/cmd/}
		src=${src%.o}.c
		[ -f "$src" ] || continue	# left from an older layout
		l=$(clayer "$src")
		m=$(cmodule "$src")
		nm --undefined-only "$o" | awk '{ print $2 }' | sort -u |
		    join -o 2.2 - "$tmp/cdef" | sort -u >"$tmp/cneeds"
		while read -r d; do
			ds=cmd/${d#"$BUILD"/cmd/}
			ds=${ds%.o}.c
			[ -f "$ds" ] || continue
			dm=$(cmodule "$ds")
			[ "$dm" = "$m" ] && continue
			echo "$m $dm" >>"$tmp/cedges"
			cuses "$l" | grep -qx "$(clayer "$ds")" ||
			    bad="$bad $m->$dm"
		done <"$tmp/cneeds"
	done
	check "the tools' calls run downward" "$bad"
	loop=$(tsort "$tmp/cedges" 2>&1 >/dev/null |
	    grep -v 'input contains a loop' | sed 's/^tsort: //' | tr '\n' ' ')
	check "no call cycle between the tools' modules" "$loop"
	check "the tools' call graph was read" \
	    "$([ -s "$tmp/cedges" ] || echo "no calls between objects")"
else
	check "the tools' calls run downward" "no objects in $BUILD/cmd"
fi
# --- Modules of lib/: no circle of includes, nor of includes and calls ---
#
# A module is a .c of a layer with the .h of the same name beside it, or
# a header alone (board.h, a public pdn/NAME.h), named LAYER/NAME as the
# objects are above (LAYER/pdn/NAME for a public header).  Each #include
# "x.h" (or <pdn/x.h>) of a module's files that finds a file of another
# module, searched as the compiler does (the file's own folder for a
# quoted name, then its layer's -I folders in order), is an edge; so is
# each call found above ($tmp/edges).  Neither the includes alone nor
# the two together may run round a circle: tsort names the modules on
# the circles it finds.
modname() { m=${1#lib/}; echo "${m%.[ch]}"; }
: >"$tmp/incs"
for f in $(find lib -name '*.[ch]' | sort); do
	l=${f#lib/}; l=${l%%/*}
	m=$(modname "$f")
	dirs=$(uses "$l" | sed 's|^|lib/|' | tr '\n' ' ')
	sed -n 's/^#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/q \1/p
	    s/^#[[:space:]]*include[[:space:]]*<\(pdn\/[^>]*\)>.*/a \1/p' "$f" |
	while read -r how h; do
		here=
		[ "$how" = q ] && here=${f%/*}
		for d in $here $dirs; do
			[ -f "$d/$h" ] || continue
			t=$(modname "$d/$h")
			[ "$t" = "$m" ] || echo "$m $t"
			break
		done
	done >>"$tmp/incs"
done
check "the include graph of lib/ was read" \
    "$([ -s "$tmp/incs" ] || echo "no include between modules")"
loop=$(tsort "$tmp/incs" 2>&1 >/dev/null |
    grep -v 'input contains a loop' | sed 's/^tsort: //' | sort -u |
    tr '\n' ' ')
check "no include cycle between modules" "$loop"
if [ -s "$tmp/edges" ]; then
	loop=$(cat "$tmp/incs" "$tmp/edges" | tsort 2>&1 >/dev/null |
	    grep -v 'input contains a loop' | sed 's/^tsort: //' |
	    sort -u | tr '\n' ' ')
	check "no cycle of includes and calls between modules" "$loop"
fi
# --- end of the modules of lib/ ------------------------------------------

echo "layers: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
