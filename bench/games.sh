# Sourced by the benchmarks of whole tools: builds "$tmp/big.pdn", the real
# international games of testdata/corpus/mobydam-book (about 900) repeated
# to ${BENCH_MB:-200} MB, and sets games, plies and bytes.  With BENCH_FILE
# set, big.pdn is a copy of that file instead (the 24,480 games of
# intl-real-x20.pdn, say, which other programs are timed on).  The caller
# sets BUILD and tmp (a directory it removes).
mb=${BENCH_MB:-${VALIDATE_MB:-200}}
if [ -n "$BENCH_FILE" ]; then
	cp "$BENCH_FILE" "$tmp/big.pdn" || exit 1
	cp "$BENCH_FILE" "$tmp/one.pdn"
	games=$($BUILD/bin/pdn-parse -w -H -f tags "$tmp/big.pdn" 2>/dev/null |
	    wc -l)
	plies=$($BUILD/bin/pdn-parse -w -f json "$tmp/big.pdn" 2>/dev/null |
	    grep -o '"plies":[0-9]*' | awk -F: '{ s += $2 } END { print s }')
else
	find testdata/corpus/mobydam-book -type f -name '*.pdn' -print0 |
	    LC_ALL=C sort -z | xargs -0 cat >"$tmp/one.pdn"
	one=$(wc -c <"$tmp/one.pdn")
	games1=$($BUILD/bin/pdn-parse -w -H -f tags "$tmp/one.pdn" \
	    2>/dev/null | wc -l)
	plies1=$($BUILD/bin/pdn-parse -w -f json "$tmp/one.pdn" 2>/dev/null |
	    grep -o '"plies":[0-9]*' | awk -F: '{ s += $2 } END { print s }')
	reps=$((mb * 1048576 / one + 1))
	i=0
	while [ $i -lt $reps ]; do
		cat "$tmp/one.pdn"
		i=$((i + 1))
	done >"$tmp/big.pdn"
	games=$((games1 * reps))
	plies=$((plies1 * reps))
fi
bytes=$(wc -c <"$tmp/big.pdn")
echo "-- $games games, $plies plies ($((plies / games)) per game), $((bytes / 1048576)) MB"
# The file is read once so that the timings do not include the disk.
cat "$tmp/big.pdn" >/dev/null

# Every run says where the time of its threads went (with -j 2 and more):
# the main thread's own part (reading, cutting, printing in order) and
# its wait, each worker's work and wait.  thread_line FILE prints that
# line of a run's standard error, indented under the figures.
PDN_THREAD_STATS=1
export PDN_THREAD_STATS
thread_line() {
	sed -n 's/^[^:]*: threads: /        threads: /p' "$1"
}

# run_tool LABEL COMMAND...: times ${BENCH_RUNS:-3} runs on big.pdn and
# prints the rates of the fastest (the others met more noise from the rest
# of the machine) and the largest peak memory, then the threads' times of
# the last run.  What the tool says on standard error (a summary) is kept
# in $tmp/stderr, out of the table, unless it exits with 2 or more.
run_tool() {
	label=$1
	shift
	n=0 secs= rss=0
	while [ $n -lt "${BENCH_RUNS:-3}" ]; do
		/usr/bin/time -o "$tmp/time" -f "%e %M" "$@" "$tmp/big.pdn" \
		    >/dev/null 2>"$tmp/stderr"
		rc=$?
		# Trouble (exit 2 and above) is shown, not only counted.
		[ $rc -ge 2 ] && cat "$tmp/stderr" >&2
		# time(1) puts "Command exited with non-zero status" first.
		read -r s r <<-EOF2
		$(tail -n 1 "$tmp/time")
		EOF2
		secs=$(awk -v a="$secs" -v b="$s" \
		    'BEGIN { print (a == "" || b < a) ? b : a }')
		[ "$r" -gt "$rss" ] && rss=$r
		n=$((n + 1))
	done
	awk -v g="$games" -v p="$plies" -v b="$bytes" -v s="$secs" -v r="$rss" \
	    -v l="$label" -v rc="$rc" 'BEGIN {
		printf "%s: %6.2f s %9.0f games/s %6.1f M plies/s %7.1f MB/s  max RSS %d KB  (exit %d)\n",
		    l, s, g / s, p / s / 1e6, b / s / 1048576, r, rc }'
	thread_line "$tmp/stderr"
}

# run_rounds: run_tool for the tools listed on standard input, one
# "LABEL|COMMAND" a line (COMMAND is read by eval), in rounds: each round
# runs every tool once, so that a change of the machine's speed during the
# run (on a shared machine it can shift by half) reaches them all alike,
# and the figures of one round compare.  The fastest of ${BENCH_RUNS:-3}
# rounds is shown for each tool, and its speed against the first tool's
# (its games/s over the first's: 2.00x is twice as fast).
run_rounds() {
	nt=0
	while IFS='|' read -r label cmd; do
		nt=$((nt + 1))
		eval "lab_$nt=\$label cmd_$nt=\$cmd secs_$nt= rss_$nt=0"
	done
	n=0
	while [ $n -lt "${BENCH_RUNS:-3}" ]; do
		k=1
		while [ $k -le $nt ]; do
			eval "cmd=\$cmd_$k"
			eval "/usr/bin/time -o \"\$tmp/time\" -f '%e %M' $cmd" \
			    '"$tmp/big.pdn"' >/dev/null 2>"$tmp/stderr"
			rc=$?
			thread_line "$tmp/stderr" >"$tmp/threads_$k"
			[ $rc -ge 2 ] && cat "$tmp/stderr" >&2
			read -r s r <<-EOF2
			$(tail -n 1 "$tmp/time")
			EOF2
			eval "old=\$secs_$k; big=\$rss_$k"
			new=$(awk -v a="$old" -v b="$s" \
			    'BEGIN { print (a == "" || b < a) ? b : a }')
			[ "$r" -gt "$big" ] && big=$r
			eval "secs_$k=\$new rss_$k=\$big rc_$k=\$rc"
			k=$((k + 1))
		done
		n=$((n + 1))
	done
	k=1
	while [ $k -le $nt ]; do
		eval "l=\$lab_$k s=\$secs_$k r=\$rss_$k c=\$rc_$k"
		awk -v g="$games" -v p="$plies" -v b="$bytes" -v s="$s" \
		    -v r="$r" -v l="$l" -v rc="$c" -v s1="$secs_1" 'BEGIN {
			printf "%s: %6.2f s %9.0f games/s %6.1f M plies/s %7.1f MB/s  max RSS %d KB  (exit %d)  %.2fx\n",
			    l, s, g / s, p / s / 1e6, b / s / 1048576, r, rc,
			    (s > 0 ? s1 / s : 0) }'
		cat "$tmp/threads_$k"
		k=$((k + 1))
	done
}

# run_jobs LABEL COMMAND...: the command on big.pdn with -j 1 and with -j 2,
# in turn ${BENCH_RUNS:-5} times each, so that a change of the machine's
# speed reaches both alike: the fastest wall time of each (from fork to
# wait, bench/fastest.c), the ratio (the issue asks for 1.9x on two
# cores), the user time of those runs, and the threads' line of the
# fastest -j 2 run (the main thread's own part, its time on chunks and its
# wait, each worker's, and each thread's processor time), with the serial
# part, the main thread's own, as a share of the -j 1 time.
run_jobs() {
	label=$1
	shift
	n=0 s1= s2= u1= u2=
	while [ $n -lt "${BENCH_RUNS:-5}" ]; do
		for j in 1 2; do
			set -- $($BUILD/bench/fastest 1 /dev/null "$tmp/stderr" \
			    /usr/bin/time -o "$tmp/time" -f %U "$@" -j $j \
			    "$tmp/big.pdn") "$@"
			us=$1 rc=$2
			shift 2
			[ "$rc" -ge 2 ] && cat "$tmp/stderr" >&2
			u=$(tail -n 1 "$tmp/time")
			eval "old=\$s$j"
			if [ -z "$old" ] || [ "$us" -lt "$old" ]; then
				eval "s$j=\$us u$j=\$u"
				[ $j = 2 ] && thread_line "$tmp/stderr" \
				    >"$tmp/jobs_threads"
			fi
		done
		n=$((n + 1))
	done
	awk -v l="$label" -v a="$s1" -v b="$s2" -v ua="$u1" -v ub="$u2" \
	    'BEGIN { printf "%s: -j 1 %.3f s, -j 2 %.3f s: %.2fx  (user %.2f s, %.2f s)\n",
		l, a / 1e6, b / 1e6, (b > 0 ? a / b : 0), ua, ub }'
	cat "$tmp/jobs_threads"
	sed -n 's/.*main thread own part \([0-9.]*\) s (cpu \([0-9.]*\) s).*/\1 \2/p' \
	    "$tmp/jobs_threads" | awk -v a="$s1" -v u="$u1" '{
		printf "        serial part (the main thread'"'"'s own): %.3f s, %.1f%% of -j 1; cpu %.3f s, %.1f%% of -j 1'"'"'s user time\n",
		    $1, (a > 0 ? 1e8 * $1 / a : 0), $2, (u > 0 ? 100 * $2 / u : 0) }'
}
