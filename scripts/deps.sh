#!/bin/sh
# Installs the Debian packages that building and testing pdn tools need,
# and only those pkg-config or the shell cannot already find.  Uses sudo
# when not run as root.  With --update, refreshes the package lists first
# even when nothing is missing.
set -e
need=""
command -v cc >/dev/null 2>&1 || need="$need gcc libc6-dev"
command -v make >/dev/null 2>&1 || need="$need make"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
if command -v pkg-config >/dev/null 2>&1; then
	pkg-config --exists yaml-0.1 || need="$need libyaml-dev"
	pkg-config --exists cmocka || need="$need libcmocka-dev"
	# pdn-index's database.
	pkg-config --exists sqlite3 || need="$need libsqlite3-dev"
else
	need="$need libyaml-dev libcmocka-dev libsqlite3-dev"
fi
command -v mandoc >/dev/null 2>&1 || need="$need mandoc"
# GNU time for the peak memory in make bench; `command -v time` would find
# the shell keyword of bash instead.
[ -x /usr/bin/time ] || need="$need time"
# The SVG checks of the tests parse XML with the standard library.
command -v python3 >/dev/null 2>&1 || need="$need python3"
# The install test reads the shared library's exports and soname.
{ command -v nm && command -v readelf; } >/dev/null 2>&1 ||
    need="$need binutils"

# make fuzz: clang and its fuzzer runtime, checked by linking a target
# with -fsanitize=fuzzer (libclang-rt-dev names the runtime of Debian's
# default clang).
fuzz_links() {
	command -v clang >/dev/null 2>&1 || return 1
	d=$(mktemp -d) || return 1
	printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
	    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
	    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)' \
	    '{ (void)d; (void)n; return 0; }' >"$d/t.c"
	clang -fsanitize=fuzzer -o "$d/t" "$d/t.c" >/dev/null 2>&1
	rc=$?
	rm -rf "$d"
	return $rc
}
fuzz_links || need="$need clang libclang-rt-dev"
# tests/htmllayout.sh: pdn-standings' HTML page in headless Chromium (some
# 300 MB; without it that test says skip).
{ command -v chromium || command -v chromium-browser ||
    command -v google-chrome; } >/dev/null 2>&1 || need="$need chromium"

sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if [ -n "$need" ] || [ "$1" = "--update" ]; then
	$sudo apt-get update -qq
fi
if [ -n "$need" ]; then
	echo "installing:$need"
	# shellcheck disable=SC2086
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need
fi
