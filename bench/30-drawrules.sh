#!/bin/sh
# Draw and win detection: nanoseconds per pdn_rules_play() call over the
# plies of random legal games (bench/drawrules.c).
BUILD=${BUILD:-build}
$BUILD/bench/drawrules
