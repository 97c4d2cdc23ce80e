#!/bin/sh
# pdn-adjudicate on real international games (bench/games.sh), -j 1 and
# -j 2, next to pdn-validate on the same file: with -f tsv, which writes
# one record per game as pdn-adjudicate does, and with -q, which writes
# nothing.  Adjudication is the same replay (main line only) plus the
# rules tracker, so it should be about as fast per game.
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
. bench/games.sh
for j in 1 2; do
	run_tool "pdn-adjudicate -j $j         " \
	    $BUILD/bin/pdn-adjudicate -j $j
	run_tool "pdn-validate -f tsv -j $j    " \
	    $BUILD/bin/pdn-validate -f tsv -j $j
	run_tool "pdn-validate -q -j $j        " \
	    $BUILD/bin/pdn-validate -q -j $j
done
# Two threads against one, in turns (run_jobs): the ratio and the serial
# part.
run_jobs "pdn-adjudicate" $BUILD/bin/pdn-adjudicate
