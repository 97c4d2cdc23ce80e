#!/bin/sh
# pdn-select on real international games (bench/games.sh) next to
# pdn-validate -q on the same file in the same run.  Selection by tags
# alone reads the games without replaying them (the issue asks for at
# least 3 times pdn-validate -q's games/s); selection by the moves
# (--status, --material, -D) replays the main line of the games the tags
# let through (at least 90% of pdn-validate -q's games/s).  The games are
# written as read, to /dev/null.  The peak memory (max RSS) is that of a
# game and the reader's buffers, plus with -D the table of the games kept,
# here those of one copy of the repeated file.
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
. bench/games.sh
run_tool "pdn-validate -q                      " $BUILD/bin/pdn-validate -q
run_tool "pdn-select -t Date>=2000 (tags)      " \
    $BUILD/bin/pdn-select -t 'Date>=2000'
run_tool "pdn-select --count --player Sijbrands" \
    $BUILD/bin/pdn-select --count --player Sijbrands
run_tool "pdn-select (every game, as read)     " $BUILD/bin/pdn-select
run_tool "pdn-select --status valid (moves)    " \
    $BUILD/bin/pdn-select --status valid
run_tool "pdn-select --material 1K:3 (moves)   " \
    $BUILD/bin/pdn-select --material 1K:3
run_tool "pdn-select -D (moves)                " $BUILD/bin/pdn-select -D
run_tool "pdn-validate -q -j 2                 " \
    $BUILD/bin/pdn-validate -q -j 2
run_tool "pdn-select -j 2 -t Date>=2000        " \
    $BUILD/bin/pdn-select -j 2 -t 'Date>=2000'
run_tool "pdn-select -f pdn (every game)       " $BUILD/bin/pdn-select -f pdn
