#!/bin/sh
# Runs every benchmark part bench/NN-*.sh in order.  Each prints its own
# figures; nothing here is a pass/fail test.
BUILD=${BUILD:-build}
export BUILD
for b in bench/[0-9]*-*.sh; do
	[ -f "$b" ] || continue
	echo "== $(basename "$b" .sh)"
	sh "$b" || echo "bench part $b failed" >&2
done
