#!/bin/sh
# The fuzz targets' promises on known inputs, without libFuzzer: each
# target of fuzz/ built with the build's compiler as $BUILD/fuzz/NAME (its
# main is fuzz/driver.c) is run once on every seed of fuzz/seeds/NAME and
# every regression input of testdata/fuzz/NAME (what fuzzing found once,
# described in testdata/fuzz/README).  An input passes when the target
# returns from it: a broken promise aborts, and under make asan a
# sanitizer error ends it too.  Prints one "ok"/"FAIL" line per target
# and "fuzz: N passed, N failed", counting each input.
BUILD=${BUILD:-build}
passed=0
failed=0

for src in fuzz/*.c; do
	n=$(basename "$src" .c)
	[ "$n" = driver ] && continue
	t=$BUILD/fuzz/$n
	if [ ! -x "$t" ]; then
		echo "FAIL fuzz: $t not built"
		failed=$((failed + 1))
		continue
	fi
	ok=0
	bad=""
	for f in fuzz/seeds/"$n"/* testdata/fuzz/"$n"/*; do
		[ -f "$f" ] || continue
		[ "${f##*/}" = README ] && continue
		if "$t" "$f" >"${TMPDIR:-/tmp}/fuzz.$$" 2>&1; then
			ok=$((ok + 1))
		else
			head -n 20 "${TMPDIR:-/tmp}/fuzz.$$"
			bad="$bad $f"
		fi
	done
	rm -f "${TMPDIR:-/tmp}/fuzz.$$"
	passed=$((passed + ok))
	if [ -n "$bad" ]; then
		set -- $bad
		echo "FAIL fuzz: $n ($ok passed, $# failed:$bad)"
		failed=$((failed + $#))
	elif [ "$ok" -eq 0 ]; then
		echo "FAIL fuzz: $n has no seed nor regression input"
		failed=$((failed + 1))
	else
		echo "ok   fuzz: $n ($ok inputs)"
	fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
