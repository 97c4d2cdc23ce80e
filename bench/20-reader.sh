#!/bin/sh
# Tokenizer and reader throughput on the real files of testdata/corpus,
# repeated in memory to 256 MB; then peak memory of the streaming reader
# and of pdn-parse on a 1 GB stream made by repetition (never stored).
# Peak memory comes from GNU time (Debian package `time`, which
# scripts/deps.sh installs): the shell's `time` keyword does not report it.
BUILD=${BUILD:-build}
b=$BUILD/bench/reader
all() {
	find testdata/corpus -type f \( -name '*.pdn' -o -name '*.PDN' \) \
	    -print0 | LC_ALL=C sort -z
}
intl() {
	find testdata/corpus/mobydam-book -type f -name '*.pdn' -print0 |
	    LC_ALL=C sort -z
}

echo "-- all corpus files (8x8 and 10x10), 256 MB"
all | xargs -0 "$b" 256
echo "-- international games only (mobydam-book), 256 MB"
intl | xargs -0 "$b" 256

echo "-- 1 GB stream: peak memory (max RSS)"
if ! [ -x /usr/bin/time ]; then
	echo "skipped: /usr/bin/time missing (install the package time)"
	exit 0
fi
# GNU time writes its line to a file of its own: pdn-parse's standard
# output and diagnostics are thrown away, and -o /dev/stdout would follow
# them into /dev/null.
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT INT TERM
all | xargs -0 "$b" -emit 1024 |
    /usr/bin/time -o "$tmp" -f "reader: max RSS %M KB, %e s" "$b" -stream
cat "$tmp"
all | xargs -0 "$b" -emit 1024 |
    /usr/bin/time -o "$tmp" -f "pdn-parse -f tags: max RSS %M KB, %e s" \
    "$BUILD/bin/pdn-parse" -w -f tags >/dev/null 2>/dev/null
# Status 1 is expected: a few corpus games have syntax errors.
grep -v '^Command exited with non-zero status' "$tmp"
