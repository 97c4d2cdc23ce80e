#!/bin/sh
# pdn-validate -q on real international games (the mobydam-book files,
# about 900 games) repeated to a large file: games/s, plies/s and MB/s on
# one thread and with -j 2, and peak memory (max RSS).  The file is made
# by bench/games.sh (VALIDATE_MB or BENCH_MB megabytes, 200 by default).
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
