#!/bin/sh
# Quick start: install what is missing, build, and run the tools on the
# bundled sample of real games.
set -e
cd "$(dirname "$0")/.."
sh scripts/deps.sh
make -j2
echo
echo "== pdn-perft: move generator check against the published counts"
build/bin/pdn-perft -d 8
echo
echo "== pdn-parse -f tags testdata/sample.pdn: the games of the sample"
build/bin/pdn-parse -f tags testdata/sample.pdn
