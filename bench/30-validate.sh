#!/bin/sh
# pdn-validate -q on real international games (the mobydam-book files,
# about 900 games) repeated to a large file: games/s, plies/s and MB/s on
# one thread and with -j 2, and peak memory (max RSS).
BUILD=${BUILD:-build}
v=$BUILD/bin/pdn-validate
mb=${VALIDATE_MB:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
find testdata/corpus/mobydam-book -type f -name '*.pdn' -print0 |
    LC_ALL=C sort -z | xargs -0 cat >"$tmp/one.pdn"
one=$(wc -c <"$tmp/one.pdn")
games1=$($BUILD/bin/pdn-parse -q -f tags "$tmp/one.pdn" 2>/dev/null | wc -l)
plies1=$($BUILD/bin/pdn-parse -q -f json "$tmp/one.pdn" 2>/dev/null |
    grep -o '"plies":[0-9]*' | awk -F: '{ s += $2 } END { print s }')
reps=$((mb * 1048576 / one + 1))
i=0
while [ $i -lt $reps ]; do
	cat "$tmp/one.pdn"
	i=$((i + 1))
done >"$tmp/big.pdn"
bytes=$(wc -c <"$tmp/big.pdn")
games=$((games1 * reps))
plies=$((plies1 * reps))
echo "-- $games games, $plies plies ($((plies / games)) per game), $((bytes / 1048576)) MB"
# The file is read once so that the timings do not include the disk.
cat "$tmp/big.pdn" >/dev/null
for j in 1 2; do
	/usr/bin/time -o "$tmp/time" -f "%e %U %S %M" $v -q -j $j "$tmp/big.pdn"
	rc=$?
	read -r secs user sys rss <"$tmp/time"
	awk -v g="$games" -v p="$plies" -v b="$bytes" -v s="$secs" -v r="$rss" \
	    -v c="$user" -v y="$sys" -v j="$j" -v rc="$rc" 'BEGIN {
		printf "pdn-validate -q -j %d: %6.2f s %9.0f games/s %6.1f M plies/s %7.1f MB/s  max RSS %d KB  (exit %d)\n",
		    j, s, g / s, p / s / 1e6, b / s / 1048576, r, rc
		# Per CPU second: the figure that a loaded machine does not blur.
		printf "    CPU %.2f s: %9.0f games/s %6.1f M plies/s per CPU second, %.1f ns per ply\n",
		    c + y, g / (c + y), p / (c + y) / 1e6, (c + y) / p * 1e9 }'
done
