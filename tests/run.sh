#!/bin/sh
# Runs every unit test program given as an argument (cmocka), every golden
# command-line case under testdata/cli, the README's examples, the man
# page lint and the check scripts, prints one "ok"/"FAIL"/"skip" line for
# each and closes with "N passed, N failed".  "ok" means that everything it
# counts passed; anything that failed makes its line "FAIL" with the
# counts.
#
# Nothing is written into the checkout (make check passes in a read-only
# tree; only the build tree, $BUILD, must be writable, and this script
# writes nothing there either).  Everything runs in a scratch copy under a
# temporary directory: a tree whose top-level entries are symbolic links to
# the checkout's, except testdata/, which is a writable copy, and build/,
# which links to $BUILD (which may be anywhere: make check
# BUILD=/tmp/b).  TMPDIR points into the temporary directory too, which is
# removed at the end.
#
# A unit test program passes when it exits 0 and prints cmocka's summary
# with at least one test run and none failed; one that crashes, exits
# nonzero, or stops before its summary is a failure, and so is one that
# runs no test.
#
# A golden case is a directory testdata/cli/TOOL/NAME holding (TOOL the
# tool it is about, or "all" for a case about several):
#   cmd            one shell command line, run inside a fresh copy of the
#                  case directory (testdata/cli/TOOL/NAME of the scratch
#                  tree: paths such as ../../../sample.pdn,
#                  ../OTHER/in.pdn and ../../../../tests/svgcheck.py work
#                  as in the checkout),
#                  with the freshly built tools first on PATH
#   stdin          optional standard input (else /dev/null)
#   expected.out   the exact standard output
#   expected.err   the exact standard error (absent: must be empty)
#   expected.status  the exit status (absent: 0)
# Set UPDATE=1 to rewrite the expected files (in the checkout) from what
# the tools print now, and CLI=GLOB to run only the cases whose NAME or
# TOOL/NAME it matches (CLI='perft-*', CLI='select/*').
#
# README examples: every line "$ COMMAND" inside a ```sh block of
# README.md is run with sh from the top of the scratch tree (build/bin/ is
# $BUILD/bin/) with stdin /dev/null.  It passes when
#   - its standard output is exactly the lines that follow it, up to the
#     next "$ " line or the end of the block;
#   - its exit status is 0;
#   - its standard error is empty.
# There is no special syntax.  An example that is meant to exit nonzero
# says so the way a reader would see it, ending in `; echo "exit $?"` with
# the line "exit 1" among its output; an example whose diagnostics belong
# to it shows them with 2>&1 (or drops them with 2>/dev/null).  The status
# is that of the whole line as sh reports it: for a pipeline, that of its
# last command.  Lines of a ```sh block without "$ " are not run.

top=$(pwd)
BUILD=${BUILD:-build}
case $BUILD in
/*) build=$BUILD ;;
*) build=$top/$BUILD ;;
esac
PATH="$build/bin:$PATH"
export PATH
LC_ALL=C
export LC_ALL
# cmocka's summary in the format counted below, whatever the environment
# asks for.
CMOCKA_MESSAGE_OUTPUT=stdout
export CMOCKA_MESSAGE_OUTPUT
passed=0
failed=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' INT TERM HUP

# The scratch tree.
tree=$tmp/tree
mkdir "$tree" "$tmp/scratch" || exit 2
for e in "$top"/*; do
	n=${e##*/}
	[ "$n" = testdata ] || ln -s "$e" "$tree/$n" || exit 2
done
rm -f "$tree/build"
ln -s "$build" "$tree/build" || exit 2
if [ -d testdata ]; then
	cp -R testdata "$tree/testdata" && chmod -R u+w "$tree/testdata" ||
	    exit 2
fi
# The check scripts get the caller's TMPDIR (see script_checks).
tmpdir0=${TMPDIR-}
TMPDIR=$tmp/scratch
export TMPDIR

# counts KIND LOG: the number of summary lines in LOG and the passed and
# failed counts they give, "N PASSED FAILED".  KIND "cmocka" reads the
# lines "[  PASSED  ] N test(s)." and "[  FAILED  ] N test(s), ..." (one
# pair per group run), any other KIND the lines "KIND: N passed, N failed"
# of a check script.
counts() {
	if [ "$1" = cmocka ]; then
		awk '/^\[  PASSED  \] [0-9]+ test/ { n++; p += $4 }
		    /^\[  FAILED  \] [0-9]+ test/ { f += $4 }
		    END { print n + 0, p + 0, f + 0 }' "$2"
	else
		awk -v k="$1:" '$1 == k && $3 == "passed," && $5 == "failed" &&
		    NF == 5 { n++; p += $2; f += $4 }
		    END { print n + 0, p + 0, f + 0 }' "$2"
	fi
}

# tally NAME LOG RC UNIT KIND: counts what a test program or check script
# (see counts) wrote to LOG, prints its "ok"/"FAIL" line (and its "skip"
# lines) and adds to the totals.  It failed if it counted a failure, exited
# nonzero (a crash, an abort), printed no summary (it stopped before it)
# or ran nothing at all without saying why with a "skip" line; each such
# failure not counted by the program itself counts as one.
tally() {
	set -- "$@" $(counts "$5" "$2")
	n=$6 p=$7 f=$8
	why=
	if [ "$3" -gt 128 ]; then
		why="killed by signal $(($3 - 128))"
	elif [ "$3" -ne 0 ]; then
		why="exit status $3"
	fi
	if [ "$n" -eq 0 ]; then
		why="${why:+$why, }no summary line"
	elif [ "$((p + f))" -eq 0 ] && ! grep -q '^skip ' "$2"; then
		why="${why:+$why, }ran nothing"
	fi
	[ -n "$why" ] && [ "$f" -eq 0 ] && f=1
	if [ "$f" -ne 0 ]; then
		cat "$2"
		echo "FAIL $1 ($p passed, $f failed${why:+; $why})"
	else
		grep '^skip ' "$2"
		[ "$p" -gt 0 ] && echo "ok   $1 ($p $4)"
	fi
	passed=$((passed + p))
	failed=$((failed + f))
}

# Check scripts, run from the top of the checkout: each prints one
# "ok"/"FAIL" line per check (or "skip ..." lines for what it cannot check
# here) and closes with "NAME: N passed, N failed"; each check counts.
# tests/layers.sh: the library's layers and the tools' run one way
# (includes and calls).  tests/names.sh: the tools' external names carry
# their module's prefix, and no file cites a document outside the tree.
# tests/symbols.sh: the library exports exactly lib/libpdn.sym, each
# symbol declared in a public header and documented in libpdn(3).
# tests/install.sh: make install into a temporary DESTDIR, the shared
# library's exports, the README's library example built with pkg-config
# against the installed copy, make uninstall.  tests/completion.sh: the
# bash completion, with fake tools that print the --help format it reads.
# tests/options.sh: each tool's --help against its man page and the
# README's table of common options.  tests/fuzz.sh: the fuzz targets,
# built without libFuzzer, on their seeds and regression inputs.
# tests/htmllayout.sh: pdn-standings' page in headless Chromium (skipped
# where it is not installed).  tests/inplace.sh: pdn-adjudicate -i and
# -i --truncate on a copy of every PDN file of testdata change results
# and nothing else (tests/inplace.py).
# tests/readonly.sh: this suite again as an unprivileged user who cannot
# write the checkout or $BUILD, started at once in the background (it
# takes as long as the rest of the run) and counted at the end; in that
# nested run PDN_TEST_NESTED is set, and install.sh (which writes into
# $BUILD) and readonly.sh are left out.  The scripts get the caller's
# TMPDIR: readonly.sh needs one that its user can reach.
# run_script NAME: runs tests/NAME.sh, its output into $tmp/NAME, its
# status into $tmp/NAME.rc.
run_script() {
	if (
		TMPDIR=$tmpdir0
		[ -n "$TMPDIR" ] || unset TMPDIR
		BUILD=$BUILD exec sh "tests/$1.sh"
	) >"$tmp/$1" 2>&1 </dev/null; then
		echo 0 >"$tmp/$1.rc"
	else
		echo $? >"$tmp/$1.rc"
	fi
}
# script_checks NAME: counts what run_script NAME found.
script_checks() {
	[ -f "$tmp/$1.rc" ] || run_script "$1"
	tally "$1.sh" "$tmp/$1" "$(cat "$tmp/$1.rc")" checks "$1"
}

if [ -z "$CLI" ] && [ -z "$PDN_TEST_NESTED" ]; then
	run_script readonly &
	readonly_pid=$!
fi

for t in "$@"; do
	name=$(basename "$t")
	case $t in
	/*) ;;
	*) t=$top/$t ;;
	esac
	if (cd "$tree" && exec "$t") </dev/null >"$tmp/log" 2>&1; then
		rc=0
	else
		rc=$?
	fi
	tally "$name" "$tmp/log" "$rc" tests cmocka
done

if [ -d testdata/cli ]; then
	cli_pass=0
	cli_fail=0
	for d in testdata/cli/*/*/; do
		[ -f "$d/cmd" ] || continue
		d=${d%/}
		name=${d#testdata/cli/}
		if [ -n "$CLI" ]; then
			# shellcheck disable=SC2254
			case $name in
			$CLI) ;;
			*)
				case ${name#*/} in
				$CLI) ;;
				*) continue ;;
				esac
				;;
			esac
		fi
		in=/dev/null
		[ -f "$d/stdin" ] && in="$top/$d/stdin"
		# A fresh copy: what an earlier case wrote into it is gone.
		run=$tree/testdata/cli/$name
		rm -rf "$run"
		mkdir -p "${run%/*}" || exit 2
		cp -R "$d" "$run" && chmod -R u+w "$run" || exit 2
		(cd "$run" && sh ./cmd) <"$in" >"$tmp/out" 2>"$tmp/err"
		rc=$?
		if [ -n "$UPDATE" ]; then
			cp "$tmp/out" "$d/expected.out"
			if [ -s "$tmp/err" ]; then
				cp "$tmp/err" "$d/expected.err"
			else
				rm -f "$d/expected.err"
			fi
			if [ "$rc" -ne 0 ]; then
				echo "$rc" >"$d/expected.status"
			else
				rm -f "$d/expected.status"
			fi
		fi
		want_rc=0
		[ -f "$d/expected.status" ] && want_rc=$(cat "$d/expected.status")
		want_err=/dev/null
		[ -f "$d/expected.err" ] && want_err="$d/expected.err"
		bad=""
		[ "$rc" -eq "$want_rc" ] || bad="$bad status $rc (want $want_rc);"
		cmp -s "$tmp/out" "$d/expected.out" || {
			bad="$bad stdout differs;"
			diff -u "$d/expected.out" "$tmp/out" | head -n 20
		}
		cmp -s "$tmp/err" "$want_err" || {
			bad="$bad stderr differs;"
			diff -u "$want_err" "$tmp/err" | head -n 20
		}
		if [ -n "$bad" ]; then
			echo "FAIL cli/$name:$bad"
			cli_fail=$((cli_fail + 1))
		else
			cli_pass=$((cli_pass + 1))
		fi
	done
	if [ "$((cli_pass + cli_fail))" -eq 0 ]; then
		echo "FAIL cli (no case${CLI:+ matches CLI='$CLI'})"
		cli_fail=1
	elif [ "$cli_fail" -ne 0 ]; then
		echo "FAIL cli ($cli_pass passed, $cli_fail failed)"
	else
		echo "ok   cli ($cli_pass passed)"
	fi
	passed=$((passed + cli_pass))
	failed=$((failed + cli_fail))
fi

# The README's examples (see the top of this file).
if [ -f README.md ] && [ -z "$CLI" ]; then
	mkdir -p "$tmp/readme"
	awk -v dir="$tmp/readme" '
		/^```sh$/ { inblock = 1; cur = ""; next }
		/^```$/ { inblock = 0; cur = ""; next }
		inblock && /^\$ / {
			n++
			cur = sprintf("%s/%03d", dir, n)
			print substr($0, 3) > (cur ".cmd")
			printf "" > (cur ".out")
			next
		}
		inblock && cur != "" { print >> (cur ".out") }
	' README.md
	ex_pass=0
	ex_fail=0
	for c in "$tmp"/readme/*.cmd; do
		[ -f "$c" ] || continue
		(cd "$tree" && sh "$c") </dev/null >"$tmp/readme.got" \
		    2>"$tmp/readme.err"
		rc=$?
		bad=""
		[ "$rc" -eq 0 ] || bad="$bad status $rc (want 0);"
		cmp -s "$tmp/readme.got" "${c%.cmd}.out" || bad="$bad stdout differs;"
		[ -s "$tmp/readme.err" ] && bad="$bad stderr not empty;"
		if [ -n "$bad" ]; then
			echo "FAIL README example: \$ $(cat "$c"):$bad"
			diff -u "${c%.cmd}.out" "$tmp/readme.got" | head -n 20
			sed 's/^/stderr: /' "$tmp/readme.err" | head -n 20
			ex_fail=$((ex_fail + 1))
		else
			ex_pass=$((ex_pass + 1))
		fi
	done
	if [ "$((ex_pass + ex_fail))" -eq 0 ]; then
		echo "FAIL README examples (no \"\$ \" line in a \`\`\`sh block)"
		ex_fail=1
	elif [ "$ex_fail" -ne 0 ]; then
		echo "FAIL README examples ($ex_pass passed, $ex_fail failed)"
	else
		echo "ok   README examples ($ex_pass passed)"
	fi
	passed=$((passed + ex_pass))
	failed=$((failed + ex_fail))
fi

# The man pages must stay lint-clean.
if command -v mandoc >/dev/null 2>&1 && [ -z "$CLI" ]; then
	if mandoc -T lint -W warning man/*.[1-9] >"$tmp/lint" 2>&1; then
		passed=$((passed + 1))
		echo "ok   mandoc -T lint -W warning man/*"
	else
		cat "$tmp/lint"
		echo "FAIL mandoc lint"
		failed=$((failed + 1))
	fi
elif [ -z "$CLI" ]; then
	echo "skip mandoc -T lint: mandoc not installed"
fi

if [ -z "$CLI" ]; then
	script_checks layers
	script_checks names
	script_checks symbols
	script_checks fuzz
	script_checks completion
	script_checks options
	script_checks htmllayout
	script_checks inplace
	if [ -z "$PDN_TEST_NESTED" ]; then
		script_checks install
		wait "$readonly_pid"
		script_checks readonly
	else
		echo "skip install.sh: nested $PDN_TEST_NESTED run (make" \
		    "install writes into $BUILD)"
	fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
