#!/bin/sh
# pdn-validate -q on real international games (the mobydam-book files,
# about 900 games) repeated to a large file: games/s, plies/s and MB/s on
# one thread and with -j 2, and peak memory (max RSS).  The file is made
# by bench/games.sh (VALIDATE_MB or BENCH_MB megabytes, 200 by default),
# or is BENCH_FILE (the 24,480 games of intl-real-x20.pdn, say).  Then a
# query by tags alone (pdn-select --count -t Result=2-0), which should not
# pay for the moves, and its time over pdn-validate -q's on one thread
# (issue 41 asks for 0.33 or less).
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
. bench/games.sh
for j in 1 2; do
	run_tool "pdn-validate -q -j $j" $BUILD/bin/pdn-validate -q -j $j
done
# Two threads against one, in turns (run_jobs): the ratio and the serial
# part.
run_jobs "pdn-validate -q" $BUILD/bin/pdn-validate -q
# The ratio from the fastest of 10 runs each in microseconds
# (bench/fastest), in 5 rounds of 2, the two taken alike: time(1)'s
# hundredths of a second are a tenth of a run of 0.1 s.
n=0 v= t=
while [ $n -lt 5 ]; do
	set -- $($BUILD/bench/fastest 2 /dev/null /dev/null \
	    $BUILD/bin/pdn-validate -q -j 1 "$tmp/big.pdn")
	v=$(awk -v a="$v" -v b="$1" 'BEGIN { print (a == "" || b < a) ? b : a }')
	set -- $($BUILD/bench/fastest 2 /dev/null /dev/null \
	    $BUILD/bin/pdn-select --count -t Result=2-0 -j 1 "$tmp/big.pdn")
	t=$(awk -v a="$t" -v b="$1" 'BEGIN { print (a == "" || b < a) ? b : a }')
	n=$((n + 1))
done
awk -v t="$t" -v v="$v" 'BEGIN {
	printf "pdn-select --count -t Result=2-0 over pdn-validate -q, -j 1 (fastest of 10): %.3f s / %.3f s = %.3f\n",
	    t / 1e6, v / 1e6, (v > 0 ? t / v : 0) }'
