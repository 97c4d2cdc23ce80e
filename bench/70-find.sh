#!/bin/sh
# pdn-find and pdn-index on real international games (bench/games.sh),
# with the figures issue 26 asks for:
# - pdn-find next to pdn-validate -q on the same file in the same rounds
#   (at least 70% of its games/s), --pattern among them;
# - pdn-index build on the bench games, on one core (at least 100,000
#   games/s), and the database's bytes per ply by SQLite's own count
#   (page_count x page_size / plies; at most 40);
# - an index of 1,000,000 games, the bench games and games of random
#   legal play ($BUILD/bench/randgames), and the time of query and tree
#   on it for a common and a rare position (under 20 ms), the fastest of
#   5 runs of the whole command, with the games each found.
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
. bench/games.sh
BENCH_RUNS=${BENCH_RUNS:-3} run_rounds <<EOF2
pdn-validate -q                      |$BUILD/bin/pdn-validate -q
pdn-find -q --moves 32-28 18-23      |$BUILD/bin/pdn-find -q --moves '32-28 18-23'
pdn-find -q --pattern W28:B23        |$BUILD/bin/pdn-find -q --pattern W28:B23
pdn-find -f tsv --pattern W28:B23    |$BUILD/bin/pdn-find -f tsv --pattern W28:B23
pdn-find -f tsv --moves 32-28 18-23  |$BUILD/bin/pdn-find -f tsv --moves '32-28 18-23'
pdn-find -f tsv --material 1K:3      |$BUILD/bin/pdn-find -f tsv --material 1K:3
pdn-find --tree --moves 32-28        |$BUILD/bin/pdn-find --tree --moves 32-28
pdn-find -j 2 -q --moves 32-28 18-23 |$BUILD/bin/pdn-find -j 2 -q --moves '32-28 18-23'
EOF2
# Two threads against one, in turns (run_jobs): the ratio and the serial
# part.
run_jobs "pdn-find -q --moves 32-28 18-23" $BUILD/bin/pdn-find -q \
    --moves '32-28 18-23'

# bytes_per_ply DB PLIES: SQLite's size of the database over the plies.
bytes_per_ply() {
	sqlite3 "$1" 'PRAGMA page_count; PRAGMA page_size' | {
		read -r pc
		read -r ps
		awk -v pc="$pc" -v ps="$ps" -v p="$2" \
		    'BEGIN { printf "%.1f", pc * ps / p }'
	}
}

# build: the fastest of 3 (on one core: taskset when there is one).
one=
command -v taskset >/dev/null 2>&1 && one="taskset -c 0"
n=0 secs=
while [ $n -lt 3 ]; do
	rm -f "$tmp/t.db"
	/usr/bin/time -o "$tmp/time" -f "%e %U %S %M" $one $BUILD/bin/pdn-index \
	    -q build "$tmp/t.db" "$tmp/big.pdn" 2>"$tmp/stderr" ||
	    cat "$tmp/stderr"
	# A nonzero exit puts time(1)'s line "Command exited ..." first.
	read -r s u y r <<-EOF2
	$(tail -n 1 "$tmp/time")
	EOF2
	secs=$(awk -v a="$secs" -v b="$s" \
	    'BEGIN { print (a == "" || b < a) ? b : a }')
	n=$((n + 1))
done
awk -v g="$games" -v s="$secs" -v b="$(bytes_per_ply "$tmp/t.db" "$plies")" \
    -v r="$r" 'BEGIN {
	printf "pdn-index build (%d games): %6.2f s %9.0f games/s  %s bytes per ply  max RSS %d KB\n",
	    g, s, g / s, b, r }'

# A million games (BENCH_INDEX_GAMES): the bench games and random ones.
more=$((${BENCH_INDEX_GAMES:-1000000} - games))
[ $more -lt 0 ] && more=0
$BUILD/bench/randgames $more 1 >"$tmp/random.pdn"
rm -f "$tmp/t.db"
/usr/bin/time -o "$tmp/time" -f "%e %M" $one $BUILD/bin/pdn-index build \
    "$tmp/t.db" "$tmp/big.pdn" "$tmp/random.pdn" 2>"$tmp/stderr"
# A nonzero exit puts time(1)'s line "Command exited ..." first.
read -r s r <<-EOF2
$(tail -n 1 "$tmp/time")
EOF2
# "DB: N games indexed (P positions), ...": a position per ply and game.
all=$(sed -n 's/.* \([0-9]*\) games indexed (\([0-9]*\) positions).*/\1 \2/p' \
    "$tmp/stderr")
set -- $all
awk -v g="$1" -v p="$(($2 - $1))" -v s="$s" -v r="$r" \
    -v b="$(bytes_per_ply "$tmp/t.db" "$(($2 - $1))")" 'BEGIN {
	printf "pdn-index build (%d games, %d plies): %6.2f s %9.0f games/s  %s bytes per ply  max RSS %d KB\n",
	    g, p, s, g / s, b, r }'
# ask LABEL ARGS...: the fastest of 5 runs in ms (bench/fastest.c: from
# fork to wait, the whole command), and the games found.
ask() {
	label=$1
	shift
	set -- $($BUILD/bench/fastest 5 "$tmp/answer" "$tmp/stderr" \
	    $BUILD/bin/pdn-index "$@")
	[ "$2" -ge 2 ] && cat "$tmp/stderr"
	awk -v l="$label" -v us="$1" -v n="$(grep -c . "$tmp/answer")" \
	    'BEGIN { printf "%-48s %7.1f ms  (%d lines)\n", l, us / 1000, n }'
}
# What any command costs here: its start and end alone.
ask "pdn-index -V (a command's start and end)" -V
# Common: after 32-28 18-23, reached by one in eight of the bench games;
# rare: after 32-28 18-23 31-26, by one in 900; the start: every game.
ask "query --moves '32-28 18-23' (common)" query -H "$tmp/t.db" \
    --moves '32-28 18-23'
ask "tree --moves '32-28 18-23' (common)" tree "$tmp/t.db" \
    --moves '32-28 18-23'
ask "query --moves '32-28 18-23 31-26' (rare)" query -H "$tmp/t.db" \
    --moves '32-28 18-23 31-26'
ask "tree --moves '32-28 18-23 31-26' (rare)" tree "$tmp/t.db" \
    --moves '32-28 18-23 31-26'
ask "query --moves '35-30 16-21 31-26 19-23'" query -H "$tmp/t.db" \
    --moves '35-30 16-21 31-26 19-23'
ask "tree (the start: every game)" tree "$tmp/t.db"
