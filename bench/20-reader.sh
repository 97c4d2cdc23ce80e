#!/bin/sh
# Tokenizer and reader throughput on the real files of testdata/corpus,
# repeated in memory to 256 MB; then peak memory of the streaming reader
# and of pdn-parse on a 1 GB stream made by repetition (never stored).
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
all | xargs -0 "$b" -emit 1024 |
    /usr/bin/time -f "reader: max RSS %M KB, %e s" "$b" -stream
all | xargs -0 "$b" -emit 1024 |
    /usr/bin/time -o /dev/stdout -f "pdn-parse -f tags: max RSS %M KB, %e s" \
    "$BUILD/bin/pdn-parse" -q -f tags >/dev/null 2>/dev/null
