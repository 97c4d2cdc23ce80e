#!/bin/sh
# The differential test of pdn-adjudicate -i (tests/inplace.py) over every
# PDN file of testdata: the real files of testdata/corpus, the layouts of
# testdata/inplace, the golden cases' inputs.  Closes with "inplace: N
# passed, N failed" (two checks a file: -i, and -i --truncate variation).
BUILD=${BUILD:-build}
if ! command -v python3 >/dev/null 2>&1; then
	echo "inplace: python3 is missing (scripts/deps.sh installs it)"
	echo "inplace: 0 passed, 1 failed"
	exit 1
fi
find testdata -type f \( -name '*.pdn' -o -name '*.PDN' \) -print0 |
    LC_ALL=C sort -z | xargs -0 python3 tests/inplace.py "$BUILD/bin"
