#!/bin/sh
# Runs every unit test program given as an argument (cmocka) and every
# golden command-line case under testdata/cli, then prints the closing line
# "N passed, N failed".
#
# A golden case is a directory testdata/cli/NAME holding:
#   cmd            one shell command line, run inside the case directory with
#                  the freshly built tools first on PATH
#   stdin          optional standard input (else /dev/null)
#   expected.out   the exact standard output
#   expected.err   the exact standard error (absent: must be empty)
#   expected.status  the exit status (absent: 0)
# Set UPDATE=1 to rewrite the expected files from what the tools print now,
# and CLI=GLOB (e.g. CLI='perft-*') to run only some cases.

top=$(pwd)
BUILD=${BUILD:-build}
PATH="$top/$BUILD/bin:$PATH"
export PATH
LC_ALL=C
export LC_ALL
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# tally NAME LOG RC UNIT PASSED-SED FAILED-SED: counts what a test program
# or check script wrote to LOG (the sed scripts print its passed and failed
# counts; a nonzero RC with no failure counted is one, a crash or an abort
# before it could count), prints its "ok"/"FAIL" line and adds to the
# totals.
tally() {
	p=$(sed -n "$5" "$2" | tail -n 1)
	f=$(sed -n "$6" "$2" | tail -n 1)
	p=${p:-0}
	f=${f:-0}
	if [ "$3" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
	fi
	if [ "$f" -ne 0 ]; then
		cat "$2"
		echo "FAIL $1 ($f failed)"
	elif grep -q '^skip ' "$2"; then
		grep '^skip ' "$2"
	else
		echo "ok   $1 ($p $4)"
	fi
	passed=$((passed + p))
	failed=$((failed + f))
}

for t in "$@"; do
	name=$(basename "$t")
	if "$t" >"$tmp/log" 2>&1; then
		rc=0
	else
		rc=$?
	fi
	tally "$name" "$tmp/log" "$rc" tests \
	    's/^\[  PASSED  \] \([0-9][0-9]*\) test.*/\1/p' \
	    's/^\[  FAILED  \] \([0-9][0-9]*\) test.*/\1/p'
done

if [ -d testdata/cli ]; then
	cli_pass=0
	cli_fail=0
	for d in testdata/cli/${CLI:-*}/; do
		[ -f "$d/cmd" ] || continue
		name=$(basename "$d")
		in=/dev/null
		[ -f "$d/stdin" ] && in="$top/$d/stdin"
		(cd "$d" && sh ./cmd) <"$in" >"$tmp/out" 2>"$tmp/err"
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
	echo "ok   cli ($cli_pass passed, $cli_fail failed)"
	passed=$((passed + cli_pass))
	failed=$((failed + cli_fail))
fi

# The README's examples: every "$ command" line in a ```sh block is run
# from the top of the tree and must print exactly the lines that follow it
# up to the next command or the end of the block (README.md's commands
# without "$ " are not run).
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
	for c in "$tmp"/readme/*.cmd; do
		[ -f "$c" ] || continue
		# The README says build/bin; a sanitizer run has its own tree.
		sed "s#build/bin/#$BUILD/bin/#g" "$c" >"$tmp/readme.sh"
		if sh "$tmp/readme.sh" >"$tmp/readme.got" 2>/dev/null &&
		    cmp -s "$tmp/readme.got" "${c%.cmd}.out"; then
			passed=$((passed + 1))
		else
			echo "FAIL README example: $(cat "$c")"
			diff -u "${c%.cmd}.out" "$tmp/readme.got" | head -n 20
			failed=$((failed + 1))
		fi
	done
	echo "ok   README examples checked"
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
fi

# Check scripts: each prints one "ok"/"FAIL" line per check and closes
# with "NAME: N passed, N failed"; each check counts.  tests/layers.sh:
# the library's layers run one way (includes and calls).  tests/install.sh:
# make install into a temporary DESTDIR, the shared library's exports, the
# README's library example built with pkg-config against the installed
# copy, make uninstall.  tests/completion.sh: the bash completion, with
# fake tools that print the --help format it reads.
script_checks() {
	name=$1
	if BUILD=$BUILD sh "tests/$name.sh" >"$tmp/$name" 2>&1; then
		rc=0
	else
		rc=$?
	fi
	tally "$name.sh" "$tmp/$name" "$rc" checks \
	    "s/^$name: \([0-9][0-9]*\) passed, .*/\1/p" \
	    "s/^$name: .* passed, \([0-9][0-9]*\) failed\$/\1/p"
}

if [ -z "$CLI" ]; then
	script_checks layers
	script_checks install
	script_checks completion
	script_checks options
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
