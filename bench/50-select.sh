#!/bin/sh
# pdn-select on real international games (bench/games.sh) next to
# pdn-validate -q on the same file in the same run.  Selection by tags
# alone reads the games without replaying them (the issue asks for at
# least 3 times pdn-validate -q's games/s); selection by the moves
# (--status, --material, -D) replays the main line of the games the tags
# let through (at least 90% of pdn-validate -q's games/s); -D finds a
# game whose text is a kept game's text without replaying it, which is
# most of these games (copies of one file), and the prefixes below show
# it on distinct games.  The last column is the speed against pdn-validate
# -q (games/s over games/s).  The games are written as read, to /dev/null.  The peak memory (max RSS) is that of a
# game and the reader's buffers, plus with -D the table of the games kept,
# here those of one copy of the repeated file.
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
. bench/games.sh
# In rounds (run_rounds): the figures to compare are taken alike.
BENCH_RUNS=${BENCH_RUNS:-5} run_rounds <<EOF
pdn-validate -q                      |$BUILD/bin/pdn-validate -q
pdn-select -t Date>=2000 (tags)      |$BUILD/bin/pdn-select -t 'Date>=2000'
pdn-select --count -t Result=2-0     |$BUILD/bin/pdn-select --count -t Result=2-0
pdn-select --count --player Sijbrands|$BUILD/bin/pdn-select --count --player Sijbrands
pdn-select (every game, as read)     |$BUILD/bin/pdn-select
pdn-select --status valid (moves)    |$BUILD/bin/pdn-select --status valid
pdn-select --material 1K:3 (moves)   |$BUILD/bin/pdn-select --material 1K:3
pdn-select -D (moves)                |$BUILD/bin/pdn-select -D
pdn-validate -q -j 2                 |$BUILD/bin/pdn-validate -q -j 2
pdn-select -j 2 -t Date>=2000        |$BUILD/bin/pdn-select -j 2 -t 'Date>=2000'
pdn-select -f pdn (every game)       |$BUILD/bin/pdn-select -f pdn
EOF
# Two threads against one, in turns (run_jobs): the ratio and the serial
# part of a selection by the tags, which reads the least of a game.
run_jobs "pdn-select -t Date>=2000" $BUILD/bin/pdn-select -t 'Date>=2000'
# The duplicate table: -D on games that are nearly all distinct, every
# prefix of the main line of each bench game (a curator's merged base has
# few copies), against --status valid, which replays them too but keeps
# nothing.  What -D takes a distinct game is the difference of the peak
# memories over the number written: the table, and what does not grow
# with the games (the blocks that texts are read again through, and the
# replay of the texts that are not the same).  Of the first 1,000 games
# at most: one.pdn is the whole of a BENCH_FILE, whose 24,480 games
# (intl-real-x20.pdn) would make 1.5 million prefixes.
tr -d '\r' <"$tmp/one.pdn" | awk '
	function flush(   k, i, s) {
		for (k = 1; k <= n; k++) {
			s = mv[1]
			for (i = 2; i <= k; i++)
				s = s " " mv[i]
			printf "[Event \"prefix %d\"]\n\n%s *\n\n", ++games, s
		}
		n = 0
	}
	/^\[Event / { flush(); if (++src > 1000) exit }
	/^\[/ { next }
	{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+[-x][0-9]/) mv[++n] = $i }
	END { if (src <= 1000) flush() }' >"$tmp/prefixes.pdn"
# The fastest of 5 rounds of pdn-validate -q, --status valid and -D.
secsV= secs= secsD=
n=0
while [ $n -lt 5 ]; do
	/usr/bin/time -o "$tmp/time" -f "%e %M" $BUILD/bin/pdn-validate -q \
	    "$tmp/prefixes.pdn" >/dev/null 2>&1
	# Exit 1 (a game with a warning) puts time(1)'s line first.
	read -r s r <<-EOF2
	$(tail -n 1 "$tmp/time")
	EOF2
	secsV=$(awk -v a="$secsV" -v b="$s" \
	    'BEGIN { print (a == "" || b < a) ? b : a }')
	for dd in "--status valid" -D; do
		/usr/bin/time -o "$tmp/time" -f "%e %M" $BUILD/bin/pdn-select \
		    $dd --summary "$tmp/prefixes.pdn" >/dev/null 2>"$tmp/stderr"
		read -r s r <<-EOF2
		$(tail -n 1 "$tmp/time")
		EOF2
		if [ "$dd" = -D ]; then
			rssD=$r
			secsD=$(awk -v a="$secsD" -v b="$s" \
			    'BEGIN { print (a == "" || b < a) ? b : a }')
			kept=$(sed -n 's/.* \([0-9]*\) written$/\1/p' \
			    "$tmp/stderr")
		else
			rss=$r
			secs=$(awk -v a="$secs" -v b="$s" \
			    'BEGIN { print (a == "" || b < a) ? b : a }')
		fi
	done
	n=$((n + 1))
done
all=$(grep -c '^\[Event ' "$tmp/prefixes.pdn")
awk -v a="$rss" -v b="$rssD" -v k="$kept" -v s="$secs" -v t="$secsD" \
    -v v="$secsV" -v g="$all" \
    'BEGIN { printf "pdn-select -D, %d distinct games of %d (prefixes): max RSS %d KB (%d KB with --status valid), %.0f bytes a distinct game\n",
	k, g, b, a, (b - a) * 1024 / k
	printf "  on them: pdn-validate -q %.2f s, pdn-select --status valid %.2f s (%.2fx), -D %.2f s (%.2fx)\n",
	v, s, v / s, t, v / t }'
