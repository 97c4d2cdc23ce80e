#!/bin/sh
# The install test (make check runs it through tests/run.sh): make install
# into a temporary DESTDIR that already holds files of the user's in the
# same directories; what it put there (exactly the expected files); the
# bash completion under each tool's name; the man pages and completion of
# an install-data with PREFIX=/opt/x naming its paths; the shared library's
# soname and exports (only pdn_ symbols, each declared in an installed
# header); the README's library example, which must be examples/final-fen.c,
# built with `pkg-config --cflags --libs libpdn` against the installed copy
# and run on testdata/sample.pdn (shared, then static), and each library
# once in `pkg-config --static --libs libpdn`; the installed tools, which
# need no libpdn.so; make uninstall, which must remove exactly what install
# wrote: the files left are those there before and a profile of the
# user's, in its directory, and of the directories those install did not
# make, and the profile's.  Prints one
# line per check and closes with "install: N passed, N failed".
#
# The environment gives BUILD (the build tree), SHARED (0: the tree has no
# shared library, as under make asan: the test is skipped), MAKE, CC and
# the installation paths the tree was built for (PREFIX and the rest), so
# that installing rebuilds nothing.

LC_ALL=C
export LC_ALL
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
CC=${CC:-cc}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}
PREFIX=${PREFIX:-/usr/local}
BINDIR=${BINDIR:-$PREFIX/bin}
LIBDIR=${LIBDIR:-$PREFIX/lib}
INCLUDEDIR=${INCLUDEDIR:-$PREFIX/include}
MANDIR=${MANDIR:-$PREFIX/share/man}
DATADIR=${DATADIR:-$PREFIX/share/pdn-tools}
BASHCOMPDIR=${BASHCOMPDIR:-$PREFIX/share/bash-completion/completions}
passed=0
failed=0

finish() {
	echo "install: $passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}

if [ "${SHARED:-1}" = 0 ]; then
	echo "skip install: this build has no shared library (SHARED=0; make" \
	    "asan builds none, as a library built with the sanitizers needs" \
	    "their runtime loaded before it)"
	finish
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
root=$tmp/root
top=$(pwd)

ok() {
	echo "ok   install: $1"
	passed=$((passed + 1))
}
fail() {
	echo "FAIL install: $1"
	[ -s "$tmp/log" ] && sed 's/^/    /' "$tmp/log" | head -n 40
	failed=$((failed + 1))
}
# check DESCRIPTION COMMAND...: one check, its output kept for a failure.
check() {
	desc=$1
	shift
	if "$@" >"$tmp/log" 2>&1; then
		ok "$desc"
	else
		fail "$desc"
	fi
}

for t in nm readelf "$PKG_CONFIG" "$CC"; do
	command -v "$t" >/dev/null 2>&1 && continue
	: >"$tmp/log"
	fail "$t not found (sh scripts/deps.sh installs it)"
	finish
done

# This make runs inside make check: without the parent's jobserver (which
# it could not reach) and its -j, so that it does not warn.
MAKEFLAGS=$(printf ' %s \n' "$MAKEFLAGS" |
    sed 's/ --jobserver-[a-z]*=[^ ]*/ /g; s/ -j[0-9]* / /g; s/^ *//; s/ *$//')
export MAKEFLAGS
mk() {
	"$MAKE" --no-print-directory BUILD="$BUILD" DESTDIR="$root" \
	    PREFIX="$PREFIX" BINDIR="$BINDIR" LIBDIR="$LIBDIR" \
	    INCLUDEDIR="$INCLUDEDIR" MANDIR="$MANDIR" DATADIR="$DATADIR" \
	    BASHCOMPDIR="$BASHCOMPDIR" "$@"
}
# The files and symbolic links under the DESTDIR, sorted.
files() {
	(cd "$root" && find . -type f -o -type l) | sed 's/^\.//' | sort
}
# The directories under the DESTDIR, sorted.
dirs() {
	(cd "$root" && find . -mindepth 1 -type d) | sed 's/^\.//' | sort
}

# The user's own files, there before install, in the directories it
# writes to.
for f in "$BINDIR/my-tool" "$MANDIR/man1/my-tool.1" "$BASHCOMPDIR/my-tool" \
    "$INCLUDEDIR/my.h" "$LIBDIR/libmy.a" "$LIBDIR/pkgconfig/my.pc"; do
	mkdir -p "$root${f%/*}"
	echo "the user's $f" >"$root$f"
done
files >"$tmp/before"
dirs >"$tmp/dirs-before"

check "make install DESTDIR=... PREFIX=$PREFIX" mk install
[ -f "$root$INCLUDEDIR/pdn/pdn.h" ] || finish

# --- what was installed ----------------------------------------------------

version() {
	sed -n "s/^#define PDN_VERSION_$1[[:space:]]*\([0-9]*\).*/\1/p" \
	    "$root$INCLUDEDIR"/pdn/core.h | head -n 1
}
major=$(version MAJOR)
full=$major.$(version MINOR).$(version PATCH)
lib=$root$LIBDIR

# The files expected, from the tree: every tool, man page (in its
# section), profile, completion (one per tool) and public header, the
# libraries and libpdn.pc.
{
	for p in "$BUILD"/bin/pdn-*; do
		echo "$BINDIR/${p##*/}"
		echo "$BASHCOMPDIR/${p##*/}"
	done
	for m in man/*.[1-9]; do echo "$MANDIR/man${m##*.}/${m##*/}"; done
	for p in profiles/*.yaml; do echo "$DATADIR/profiles/${p##*/}"; done
	for h in include/pdn/pdn.h lib/*/pdn/*.h; do
		echo "$INCLUDEDIR/pdn/${h##*/}"
	done
	for l in libpdn.a "libpdn.so.$full" "libpdn.so.$major" libpdn.so \
	    pkgconfig/libpdn.pc; do
		echo "$LIBDIR/$l"
	done
	# The directories install made, for uninstall.
	echo "$DATADIR/installed-dirs"
} | sort >"$tmp/want"
files | comm -13 "$tmp/before" - >"$tmp/got"
check "the installed files: tools, man pages, profiles, completions, headers, libraries, libpdn.pc; nothing else" \
    diff -u "$tmp/want" "$tmp/got"
# The user's files hold what they held.
user_ok() {
	while read -r f; do
		grep -qx "the user's $f" "$root$f" || { echo "$f changed"; return 1; }
	done <"$tmp/before"
}
check "install left the user's files as they were" user_ok

# Each completion is completion/pdn-tools.bash with the profiles' directory
# of DATADIR, and completes the command it is named after (as
# bash-completion's loader needs).
completions_ok() {
	sed "s|/usr/local/share/pdn-tools|$DATADIR|g" completion/pdn-tools.bash \
	    >"$tmp/completion"
	for p in "$BUILD"/bin/pdn-*; do
		f=$root$BASHCOMPDIR/${p##*/}
		cmp "$tmp/completion" "$f" || return 1
		command -v bash >/dev/null 2>&1 || continue
		got=$(bash -c '. "$1" && complete -p "${1##*/}"' sh "$f") ||
		    return 1
		[ "$got" = "complete -F _pdn_tools ${p##*/}" ] ||
		    { echo "$f: $got"; return 1; }
	done
}
check "a completion under each tool's name in $BASHCOMPDIR, for that command" \
    completions_ok

# The installed man pages and completion name the installed data
# directory: installed with PREFIX=/opt/x (install-data: the part that
# builds nothing, so that this tree is not rebuilt for /opt/x).
opt_ok() {
	o=$tmp/opt
	"$MAKE" --no-print-directory BUILD="$BUILD" DESTDIR="$o" PREFIX=/opt/x \
	    BINDIR=/opt/x/bin LIBDIR=/opt/x/lib INCLUDEDIR=/opt/x/include \
	    MANDIR=/opt/x/share/man DATADIR=/opt/x/share/pdn-tools \
	    BASHCOMPDIR=/opt/x/share/bash-completion/completions \
	    install-data || return 1
	for m in man1/pdn-adjudicate.1 man7/pdn-rules.7; do
		grep -q '/opt/x/share/pdn-tools/profiles' \
		    "$o/opt/x/share/man/$m" ||
		    { echo "$m: no /opt/x/share/pdn-tools/profiles"; return 1; }
	done
	grep -qx "_pdn_profiles_dir='/opt/x/share/pdn-tools/profiles'" \
	    "$o/opt/x/share/bash-completion/completions/pdn-validate" ||
	    { echo "the completion: not /opt/x/share/pdn-tools/profiles"; return 1; }
	! grep -rn '/usr/local' "$o" || return 1
	if command -v mandoc >/dev/null 2>&1; then
		mandoc -T lint -W warning "$o"/opt/x/share/man/man*/* || return 1
	fi
	# Nothing was written outside /opt/x.
	[ -z "$(cd "$o" && find . -path ./opt -prune -o -print | grep -vx .)" ]
}
check "install-data PREFIX=/opt/x: the man pages and the completion say /opt/x/share/pdn-tools/profiles, not /usr/local" \
    opt_ok

links_ok() {
	[ "$(readlink "$lib/libpdn.so")" = "libpdn.so.$major" ] &&
	    [ "$(readlink "$lib/libpdn.so.$major")" = "libpdn.so.$full" ] &&
	    [ -f "$lib/libpdn.so.$full" ] && [ ! -L "$lib/libpdn.so.$full" ] ||
	    { ls -l "$lib"; return 1; }
}
check "libpdn.so -> libpdn.so.$major -> libpdn.so.$full" links_ok

soname_ok() {
	readelf -d "$lib/libpdn.so.$full" >"$tmp/dyn" || return 1
	grep 'SONAME' "$tmp/dyn"
	grep -q "Library soname: \[libpdn\.so\.$major\]" "$tmp/dyn"
}
check "soname libpdn.so.$major (PDN_VERSION_MAJOR)" soname_ok

# Only pdn_ symbols are exported, and each is declared in an installed
# header: the headers are preprocessed (no comments, no macros) and the
# name must stand there as a function (NAME followed by "(") or an object.
exports_ok() {
	nm -D --defined-only "$lib/libpdn.so.$full" >"$tmp/nm" || return 1
	awk 'NF >= 3 { print $2, $3 }' "$tmp/nm" | sort -u -k 2 >"$tmp/syms"
	[ -s "$tmp/syms" ] || { echo "no exported symbol"; return 1; }
	echo "#include <pdn/pdn.h>" >"$tmp/all.c"
	"$CC" -E -P -I"$root$INCLUDEDIR" "$tmp/all.c" >"$tmp/decl" ||
	    return 1
	bad=0
	while read -r type name; do
		case $name in
		pdn_*) ;;
		*)
			echo "exported without the pdn_ prefix: $type $name"
			bad=1
			continue
			;;
		esac
		case $type in
		[Tt]) pat="(^|[^A-Za-z0-9_])$name[[:space:]]*\\(" ;;
		*) pat="(^|[^A-Za-z0-9_])$name([^A-Za-z0-9_]|\$)" ;;
		esac
		grep -Eq "$pat" "$tmp/decl" || {
			echo "exported but declared in no installed header:" \
			    "$type $name"
			bad=1
		}
	done <"$tmp/syms"
	[ "$bad" -eq 0 ] && echo "$(wc -l <"$tmp/syms") symbols"
}
check "nm -D: only pdn_ symbols, each declared in an installed header" exports_ok

# Every installed header compiles on its own.
headers_ok() {
	for h in "$root$INCLUDEDIR"/pdn/*.h; do
		printf '#include <pdn/%s>\nint pdn_test_unit;\n' "${h##*/}" \
		    >"$tmp/one.c"
		"$CC" -std=c11 -Wall -Wextra -Wpedantic -Werror \
		    -I"$root$INCLUDEDIR" -c -o "$tmp/one.o" "$tmp/one.c" ||
		    { echo "in ${h##*/}"; return 1; }
	done
}
check "each installed header compiles alone (-Wall -Wextra -Wpedantic -Werror)" \
    headers_ok

# The tools link libpdn statically: installed under any PREFIX they run
# without LD_LIBRARY_PATH, needing no libpdn.so.
tools_ok() {
	for p in "$BUILD"/bin/pdn-*; do
		f=$root$BINDIR/${p##*/}
		! readelf -d "$f" | grep 'NEEDED.*libpdn' || return 1
		env -u LD_LIBRARY_PATH "$f" --version >/dev/null || return 1
	done
}
check "the installed tools need no libpdn.so and run without LD_LIBRARY_PATH" \
    tools_ok

# --- the README's example, built against the installed copy ----------------

readme_ok() {
	awk '/^## Using the library/ { sect = 1; next }
	    /^## / { sect = 0 }
	    sect && !done && /^```c$/ { code = 1; next }
	    code && /^```$/ { code = 0; done = 1; next }
	    code { print }' README.md >"$tmp/readme.c"
	[ -s "$tmp/readme.c" ] || {
		echo "README.md: no \`\`\`c block in \"## Using the library\""
		return 1
	}
	diff -u examples/final-fen.c "$tmp/readme.c"
}
check "README's example (Using the library) is examples/final-fen.c" readme_ok

# pkg-config reads the installed libpdn.pc; the sysroot puts its paths
# under DESTDIR.
PKG_CONFIG_PATH=$lib/pkgconfig
PKG_CONFIG_SYSROOT_DIR=$root
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR

pc_ok() {
	v=$("$PKG_CONFIG" --modversion libpdn) || return 1
	h=$(sed -n 's/^#define PDN_VERSION "\(.*\)"$/\1/p' \
	    "$root$INCLUDEDIR/pdn/core.h")
	echo "Version $v, PDN_VERSION \"$h\", file libpdn.so.$full"
	[ "$v" = "$full" ] && [ "$v" = "$h" ]
}
check "pkg-config --modversion libpdn matches pdn/core.h" pc_ok

cp examples/final-fen.c "$tmp/final-fen.c"
"$BUILD/bin/pdn-replay" testdata/sample.pdn >"$tmp/want.fen" 2>/dev/null
[ "$(wc -l <"$tmp/want.fen")" -ge 4 ] || {
	echo "pdn-replay testdata/sample.pdn printed:" >"$tmp/log"
	cat "$tmp/want.fen" >>"$tmp/log"
	fail "the expected final FENs"
}

shared_ok() {
	flags=$("$PKG_CONFIG" --cflags --libs libpdn) || return 1
	echo "cc final-fen.c $flags"
	# shellcheck disable=SC2086
	(cd "$tmp" && "$CC" -std=c11 -Wall -Wextra -Werror -o final-fen \
	    final-fen.c $flags) || return 1
	readelf -d "$tmp/final-fen" | grep -q "NEEDED.*\[libpdn\.so\.$major\]" ||
	    { echo "not linked to libpdn.so.$major"; return 1; }
	# The dynamic linker finds the installed copy.
	LD_LIBRARY_PATH=$lib LD_TRACE_LOADED_OBJECTS=1 "$tmp/final-fen" \
	    >"$tmp/ldd" || return 1
	grep -q "libpdn\.so\.$major => $lib/libpdn\.so\.$major " "$tmp/ldd" ||
	    { cat "$tmp/ldd"; return 1; }
	LD_LIBRARY_PATH=$lib "$tmp/final-fen" "$top/testdata/sample.pdn" \
	    >"$tmp/got.fen" || return 1
	diff -u "$tmp/want.fen" "$tmp/got.fen"
}
check "the example built with pkg-config --cflags --libs libpdn, run on the installed libpdn.so, prints the final FENs of sample.pdn" \
    shared_ok

# A private PREFIX, as the README installs to ($HOME/opt): its libpdn.pc
# (make install-pc, which builds nothing; the library and headers copied
# from the DESTDIR) links the example with an rpath, so that it runs as
# built, with no LD_LIBRARY_PATH.  Every path is given on the command
# line: make check's own (LIBDIR, DATADIR, ...) are in the environment,
# and this install has no DESTDIR.
private_ok() {
	p=$tmp/private
	"$MAKE" --no-print-directory BUILD="$BUILD" DESTDIR= PREFIX="$p" \
	    LIBDIR="$p/lib" INCLUDEDIR="$p/include" DATADIR="$p/share" \
	    install-pc || return 1
	mkdir -p "$p/include" && cp -P "$lib"/libpdn.so* "$p/lib/" &&
	    cp -R "$root$INCLUDEDIR/pdn" "$p/include/" || return 1
	flags=$(env -u PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_PATH="$p/lib/pkgconfig" \
	    "$PKG_CONFIG" --cflags --libs libpdn) || return 1
	echo "cc final-fen.c $flags"
	case " $flags " in
	*" -Wl,-rpath,$p/lib "*) ;;
	*) echo "no -Wl,-rpath,$p/lib"; return 1 ;;
	esac
	# shellcheck disable=SC2086
	(cd "$tmp" && "$CC" -std=c11 -Wall -Wextra -Werror \
	    -o final-fen-private final-fen.c $flags) || return 1
	env -u LD_LIBRARY_PATH "$tmp/final-fen-private" \
	    "$top/testdata/sample.pdn" >"$tmp/got.fen" || return 1
	diff -u "$tmp/want.fen" "$tmp/got.fen"
}
check "a private PREFIX: libpdn.pc gives -Wl,-rpath,LIBDIR, and the example runs as built, without LD_LIBRARY_PATH" \
    private_ok

# Each library once in what `pkg-config --static` gives.
once_ok() {
	libs=$("$PKG_CONFIG" --static --libs libpdn) || return 1
	echo "pkg-config --static --libs libpdn: $libs"
	for w in $libs; do
		case $w in -l*) echo "$w" ;; esac
	done | sort | uniq -d >"$tmp/twice"
	[ ! -s "$tmp/twice" ] || { cat "$tmp/twice"; return 1; }
	printf '%s\n' "$libs" | grep -q -- '-lpdn' &&
	    printf '%s\n' "$libs" | grep -q -- '-lyaml'
}
check "pkg-config --static --libs libpdn lists each library once" once_ok

# Static: libpdn.a by name, with what `pkg-config --static` adds for it.
static_ok() {
	flags=$("$PKG_CONFIG" --static --cflags --libs libpdn) || return 1
	flags=$(printf '%s\n' "$flags" | sed 's/-lpdn /-l:libpdn.a /; s/-lpdn$/-l:libpdn.a/')
	echo "cc final-fen.c $flags"
	# shellcheck disable=SC2086
	(cd "$tmp" && "$CC" -std=c11 -Wall -Wextra -Werror -o final-fen-static \
	    final-fen.c $flags) || return 1
	! readelf -d "$tmp/final-fen-static" | grep -q 'NEEDED.*libpdn' ||
	    { echo "linked to the shared library"; return 1; }
	"$tmp/final-fen-static" "$top/testdata/sample.pdn" \
	    >"$tmp/got.fen" || return 1
	diff -u "$tmp/want.fen" "$tmp/got.fen"
}
check "the example linked with pkg-config --static and libpdn.a" static_ok

# --- uninstall -------------------------------------------------------------

mkdir -p "$root$DATADIR/profiles"
echo "# the user's own profile" >"$root$DATADIR/profiles/mine.yaml"
check "make uninstall DESTDIR=..." mk uninstall

# What is left: the files there before install, and the user's profile.
{
	cat "$tmp/before"
	echo "$DATADIR/profiles/mine.yaml"
} | sort >"$tmp/want-left"
files >"$tmp/left"
check "uninstall removes every file install wrote and no other: those there before are left, and the user's profile" \
    diff -u "$tmp/want-left" "$tmp/left"
check "uninstall keeps the user's profile and its directory $DATADIR/profiles" \
    grep -qx "# the user's own profile" "$root$DATADIR/profiles/mine.yaml"
check "uninstall left the user's other files as they were" user_ok
# The directories left: those there before, and the user's profile's.
{
	cat "$tmp/dirs-before"
	echo "$DATADIR"
	echo "$DATADIR/profiles"
} | sort -u >"$tmp/want-dirs"
dirs >"$tmp/dirs-left"
check "uninstall removes the directories install made, but that of the user's profile, and no other" \
    diff -u "$tmp/want-dirs" "$tmp/dirs-left"

# Without the user's file, the pdn-tools data directory goes too.
rm -f "$root$DATADIR/profiles/mine.yaml"
: >"$tmp/log"
if mk uninstall >"$tmp/log" 2>&1 && [ ! -d "$root$DATADIR" ]; then
	ok "a second uninstall removes the emptied $DATADIR"
else
	fail "a second uninstall removes the emptied $DATADIR"
fi

# Into an empty DESTDIR: uninstall leaves it empty, every directory
# install made removed, none above it touched.
root=$tmp/empty
mkdir "$root"
: >"$tmp/log"
if mk install >"$tmp/log" 2>&1 && [ -n "$(dirs)" ] &&
    mk uninstall >>"$tmp/log" 2>&1 && [ -z "$(dirs)$(files)" ] &&
    [ -d "$root" ]; then
	ok "install then uninstall into an empty DESTDIR leaves it empty"
else
	dirs >>"$tmp/log"
	fail "install then uninstall into an empty DESTDIR leaves it empty"
fi

finish
