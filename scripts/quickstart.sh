#!/bin/sh
# Quick start: install what is missing, build, and run the tools on the
# bundled sample of real games.  Then the README's examples on the bundled
# files run as written.
set -e
cd "$(dirname "$0")/.."
sh scripts/deps.sh
# The tools and the libraries, and the tests' Hub engine, which the
# README's pdn-match example plays.
make -j2 all build/tests/hub-engine
echo
echo "== pdn-perft: move generator check against the published counts"
# Depths 1 to 8 from the start position (the nodes column of -f tsv).
want="9 81 658 4265 27117 167140 1049442 6483961"
got=$(build/bin/pdn-perft -H -f tsv -d 8 | cut -f 2 | tr '\n' ' ')
if [ "$got" = "$want " ]; then
	echo "perft: ok"
else
	echo "perft: FAILED: depths 1-8 gave $got, published: $want" >&2
	exit 1
fi
echo
echo "== pdn-validate testdata/sample.pdn: every move of the sample checked"
build/bin/pdn-validate testdata/sample.pdn
echo
echo "== pdn-adjudicate testdata/sample.pdn: what the rules say of each game"
build/bin/pdn-adjudicate testdata/sample.pdn
