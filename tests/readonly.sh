#!/bin/sh
# The suite passes in a checkout it cannot write (make check runs this
# through tests/run.sh): tests/run.sh runs again as an unprivileged user
# ($PDN_TEST_USER, else nobody) who can read the checkout and $BUILD but
# write neither, with HOME and TMPDIR in a temporary directory of its own.
# The nested run leaves out install.sh (its make install writes into
# $BUILD) and this check; everything else must pass as it does for the
# owner.  Prints "ok"/"FAIL" or a "skip" line saying why it cannot check
# here (not root, no setpriv or runuser, the user could write the
# checkout, ...), then "readonly: N passed, N failed".
#
# The environment gives BUILD (the build tree) and READONLY (0: skip, as
# make asan does: the layout is the same as under make check, where this
# ran, and a second sanitized run would double its time).

LC_ALL=C
export LC_ALL
BUILD=${BUILD:-build}
user=${PDN_TEST_USER:-nobody}
top=$(pwd)
case $BUILD in
/*) build=$BUILD ;;
*) build=$top/$BUILD ;;
esac
passed=0
failed=0

finish() {
	echo "readonly: $passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}
skip() {
	echo "skip readonly: $*"
	finish
}

[ "${READONLY:-1}" = 0 ] && skip "READONLY=0 (make asan sets it: make check runs this check)"
[ -z "$UPDATE" ] || skip "UPDATE is set: that run writes the checkout"
[ "$(id -u)" = 0 ] ||
    skip "not root, so the suite cannot run as an unprivileged user"
id "$user" >/dev/null 2>&1 || skip "no user $user"
group=$(id -gn "$user")
if command -v setpriv >/dev/null 2>&1; then
	as_user() {
		setpriv --reuid="$user" --regid="$group" --clear-groups -- "$@"
	}
elif command -v runuser >/dev/null 2>&1; then
	as_user() {
		runuser -u "$user" -- "$@"
	}
else
	skip "neither setpriv nor runuser to run the suite as $user"
fi
as_user true 2>/dev/null || skip "cannot switch to $user"

# The user reads everything and writes nothing of the checkout (else the
# run would prove nothing), nor of $BUILD.
as_user test -r Makefile -a -x "$build/bin" 2>/dev/null ||
    skip "$user cannot read the checkout or $BUILD"
x=$(as_user find . "$build" -name .git -prune -o ! -readable -print \
    2>/dev/null | head -n 1)
[ -z "$x" ] || skip "$user cannot read $x"
x=$(as_user find . "$build" -name .git -prune -o -writable -print \
    2>/dev/null | head -n 1)
[ -z "$x" ] || skip "$user can write $x"

t=$(mktemp -d) || skip "no temporary directory"
trap 'rm -rf "$t"' EXIT INT TERM
mkdir "$t/home" && chown "$user:$group" "$t/home" &&
    chmod 755 "$t" && as_user test -w "$t/home" 2>/dev/null ||
    skip "$user cannot write a temporary directory ($t)"

# The unit tests make check runs (the Makefile's TESTS).
set --
for c in tests/test_*.c; do
	n=${c##*/}
	set -- "$@" "$BUILD/tests/${n%.c}"
done
if as_user env HOME="$t/home" TMPDIR="$t/home" PDN_TEST_NESTED=readonly \
    BUILD="$BUILD" sh tests/run.sh "$@" >"$t/log" 2>&1; then
	rc=0
else
	rc=$?
fi
last=$(tail -n 1 "$t/log")
case $rc:$last in
0:[1-9]*" passed, 0 failed")
	echo "ok   readonly: as $user, who cannot write the checkout or" \
	    "$BUILD: $last"
	passed=$((passed + 1))
	;;
*)
	grep -v '^ok ' "$t/log"
	echo "FAIL readonly: as $user (status $rc): $last"
	failed=$((failed + 1))
	;;
esac
finish
