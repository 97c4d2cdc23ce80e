#!/bin/sh
# pdn-standings on real international games (bench/games.sh): the
# standings and the incremental Elo list next to pdn-validate -q (the
# issue asks for at least 80% of its games/s), --adjudicate next to
# pdn-adjudicate (80% too).  The bench games name no players and have no
# result (pdn-standings skips them after their tags) and repeat (their
# copies need no replay): the second round gives every game players of
# 1,000, a round of its own and a result, so that each game counts and is
# replayed.  Then the maximum-likelihood fit of 1,000 players and 200,000
# results-only games (under 2 s), made with awk (a fixed generator: the
# same games every run).
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
. bench/games.sh
run_rounds <<EOF2
pdn-validate -q               |$BUILD/bin/pdn-validate -q
pdn-standings                 |$BUILD/bin/pdn-standings
pdn-standings --elo           |$BUILD/bin/pdn-standings --elo
pdn-adjudicate                |$BUILD/bin/pdn-adjudicate
pdn-standings --adjudicate    |$BUILD/bin/pdn-standings --adjudicate
EOF2
echo "-- the same games with players, rounds and results: each one counts"
awk '/^\[Event / { n++ }
/^\[White "/ { print "[White \"P" (n * 7) % 1000 "\"]"; next }
/^\[Black "/ { print "[Black \"P" (n * 7 + 1 + n % 997) % 1000 "\"]"; next }
/^\[Round "/ { print "[Round \"" n "\"]"; next }
/^\[Result "/ { print "[Result \"" (n % 3 == 0 ? "2-0" : n % 3 == 1 ? "1-1" : "0-2") "\"]"; next }
{ print }' "$tmp/big.pdn" >"$tmp/named.pdn" && mv "$tmp/named.pdn" "$tmp/big.pdn"
run_rounds <<EOF2
pdn-validate -q               |$BUILD/bin/pdn-validate -q
pdn-standings                 |$BUILD/bin/pdn-standings
pdn-standings --elo           |$BUILD/bin/pdn-standings --elo
pdn-adjudicate                |$BUILD/bin/pdn-adjudicate
pdn-standings --adjudicate    |$BUILD/bin/pdn-standings --adjudicate
EOF2
awk 'BEGIN {
	s = 1
	for (i = 0; i < 1000; i++) {
		s = (s * 1103515245 + 12345) % 2147483648
		st[i] = 600 + 800 * s / 2147483648
	}
	for (g = 1; g <= 200000; g++) {
		s = (s * 1103515245 + 12345) % 2147483648; a = int(1000 * s / 2147483648)
		s = (s * 1103515245 + 12345) % 2147483648; b = int(999 * s / 2147483648)
		if (b >= a) b++
		e = 1 / (1 + 10 ^ ((st[b] - st[a]) / 400))
		s = (s * 1103515245 + 12345) % 2147483648; u = s / 2147483648
		r = u < e - 0.15 ? "2-0" : u < e + 0.15 ? "1-1" : "0-2"
		printf "[Event \"E\"]\n[Round \"%d\"]\n[White \"P%d\"]\n[Black \"P%d\"]\n[Result \"%s\"]\n\n%s\n\n", g, a, b, r, r
	}
}' >"$tmp/ml.pdn"
n=0 best=
while [ $n -lt "${BENCH_RUNS:-3}" ]; do
	/usr/bin/time -o "$tmp/time" -f "%e %M" $BUILD/bin/pdn-standings --ml \
	    "$tmp/ml.pdn" >"$tmp/ml.out" 2>"$tmp/stderr"
	# A nonzero exit puts time(1)'s line "Command exited ..." first.
	read -r s r <<-EOF2
	$(tail -n 1 "$tmp/time")
	EOF2
	best=$(awk -v a="$best" -v b="$s" 'BEGIN { print (a == "" || b < a) ? b : a }')
	n=$((n + 1))
done
echo "pdn-standings --ml, 1,000 players, 200,000 games: $best s, max RSS $r KB ($(($(wc -l <"$tmp/ml.out") - 2)) rated)"
