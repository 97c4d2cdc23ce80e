#!/bin/sh
# Perft from the start position: nodes per second with and without bulk
# counting, checked against the published counts (RULES.md section 8),
# with the processor and the library's code path that made them
# (PDN_MOVEGEN=generic in the environment forces the generic one).
BUILD=${BUILD:-build}
perft=$BUILD/bin/pdn-perft
depth=${PERFT_DEPTH:-11}
published="9 81 658 4265 27117 167140 1049442 6483961 41022423 258895763 1665861398"
# The figures hold for one processor and one code path (pdn-perft -V).
cpu=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo 2>/dev/null | head -n 1)
echo "perft cpu: ${cpu:-unknown}"
echo "perft $($perft -V | sed -n 's/^movegen path: /code path: /p')"
for mode in "" --bulk; do
	label=${mode:-"no bulk"}
	label=${label#--}
	$perft -H -f tsv -d "$depth" $mode | while IFS="	" read -r d nodes secs; do
		want=$(echo $published | cut -d ' ' -f "$d")
		[ "$d" -ge 8 ] || continue
		verdict=ok
		[ "$nodes" = "$want" ] || verdict="MISMATCH (want $want)"
		awk -v d="$d" -v n="$nodes" -v s="$secs" -v m="$label" -v v="$verdict" \
		    'BEGIN { printf "perft %-7s depth %2d: %11d nodes %8.3f s %7.1f M nodes/s  %s\n", m, d, n, s, n / s / 1e6, v }'
	done
done
$BUILD/bench/movegen
# The other variants (bench/variants.c): the deepest depths of their
# VARIANTS.md tables that run in seconds.
$BUILD/bench/variants
