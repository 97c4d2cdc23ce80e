#!/bin/sh
# conformance.sh DIR: the conformance table of one set of test files of
# the PDN 3.0 standard (games/succeed or games/fail of wiegerw/pdn, copied
# under testdata/corpus/wiegerw-pdn; see testdata/conformance.md), printed
# as Markdown on standard output: what pdn-parse, pdn-validate,
# pdn-replay, pdn-adjudicate and pdn-select say of each *.pdn file of DIR.
# The golden cases testdata/cli/all/conformance-* pin it; this script is their
# helper, not a check script of tests/run.sh.
#
# Each tool runs once per file with its default diagnostics (errors and
# warnings; notes left out), every one of them (-W all: not the first few
# of a code and a count of the others):
#   pdn-parse -H -f tags          the number of games read
#   pdn-validate                  its summary line
#   pdn-replay                    the number of final positions written
#   pdn-adjudicate --summary      the verdicts and reasons counted
#   pdn-select --status valid --summary
#                                 the games read and selected
# The tools come from PATH.  Only file names (not paths) and the
# diagnostics' own line:col positions are printed, so that the table does
# not depend on where it runs.  Nothing is written outside a temporary
# directory.
LC_ALL=C
export LC_ALL
if [ $# -ne 1 ] || [ ! -d "$1" ]; then
	echo "usage: conformance.sh dir" >&2
	exit 2
fi
dir=${1%/}
set_name=${dir##*/}
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
trap 'exit 2' INT TERM HUP

# cell TEXT: TEXT made safe for a cell of a Markdown table.
cell() {
	printf '%s' "$1" | sed 's/|/\\|/g'
}

# run N TOOL ARG...: runs TOOL ARG... "$f" with the output into $t/out,
# the diagnostics on file $f (without "TOOL: $f:") into $t/diag.N, the
# other lines of its standard error (without "TOOL: ") into $t/other and
# its exit status into $rc.
run() {
	n=$1
	shift
	"$@" -W all "$f" >"$t/out" 2>"$t/err"
	rc=$?
	awk -v p="$1: $f:" -v q="$1: " -v d="$t/diag.$n" -v o="$t/other" '
	    BEGIN { printf "" > o }
	    index($0, p) == 1 { print substr($0, length(p) + 1) > d; next }
	    index($0, q) == 1 { $0 = substr($0, length(q) + 1) }
	    { print > o }' "$t/err"
	[ -f "$t/diag.$n" ] || : >"$t/diag.$n"
}

# plural N WORD: "N WORD", WORD with an s unless N is 1.
plural() {
	if [ "$1" -eq 1 ]; then
		echo "$1 $2"
	else
		echo "$1 $2s"
	fi
}

# count LEVEL N: the number of diagnostics of LEVEL in $t/diag.N (with a
# position or without one).
count() {
	grep -c "^\([0-9]*:[0-9]*:\)\{0,1\} $1: " "$t/diag.$2"
}

# row N TOOL SUMMARY: the table row of tool N for file $f.
row() {
	printf '| %s | %s | %s | %s | %s | %s |\n' "$(cell "$name")" "$2" \
	    "$rc" "$(cell "$3")" "$(count error "$1")" "$(count warning "$1")" \
	    >>"$t/tools.md"
}

# codes LEVEL: the codes of the diagnostics of LEVEL of $t/union, with
# their numbers ("bad-fen 1, fen-liberty 35"), or "-"; a diagnostic
# without a code counts as "no-code".
codes() {
	sed -n "s/^[.A-Z]* \([0-9]*:[0-9]*:\)\{0,1\} $1: //p" "$t/union" |
	    sed -e 's/.*\[\([a-z0-9-]*\)\].*/\1/' -e t -e 's/.*/no-code/' |
	    sort | uniq -c |
	    awk '{ s = s (s == "" ? "" : ", ") $2 " " $1 }
		END { print s == "" ? "-" : s }'
}

: >"$t/summary.md"
: >"$t/tools.md"
: >"$t/diags.md"
: >"$t/read-error"
: >"$t/rules-error"
: >"$t/warned"
: >"$t/clean"
for f in "$dir"/*.pdn; do
	[ -f "$f" ] || continue
	name=${f##*/}
	rm -f "$t"/diag.*

	run 1 pdn-parse -H -f tags
	games=$(wc -l <"$t/out" | tr -d ' ')
	row 1 pdn-parse "$(plural "$games" game)"
	parse_rc=$rc

	run 2 pdn-validate
	vsum=$(cat "$t/other")
	row 2 pdn-validate "$vsum"

	run 3 pdn-replay
	row 3 pdn-replay "$(plural "$(wc -l <"$t/out" | tr -d ' ')" position)"

	run 4 pdn-adjudicate -H --summary
	# The details of the invalid games, from the records.
	details=$(awk -F '\t' '$11 == "invalid" { print $15 == "" ? "-" : $15 }' \
	    "$t/out" | sort | uniq -c |
	    awk '{ s = s (s == "" ? "" : ", ") $2 " " $1 }
		END { print s == "" ? "none" : s }')
	row 4 pdn-adjudicate "$(awk -v details="$details" '
	    $1 == "verdict" || $1 == "reason" {
		    if ($3 == 0) next
		    sub(":", "", $2)
		    l[$1] = l[$1] (l[$1] == "" ? "" : ", ") $2 " " $3
		    next
	    }
	    { g = g (g == "" ? "" : "; ") $0 }
	    END {
		    printf "%s; verdicts: %s; reasons: %s; invalid: %s\n", g,
			l["verdict"] == "" ? "none" : l["verdict"],
			l["reason"] == "" ? "none" : l["reason"], details
	    }' "$t/other")"

	run 5 pdn-select --status valid --summary
	row 5 pdn-select "--status valid: $(cat "$t/other")"

	# Every distinct diagnostic once, sorted by position, with the
	# letters of the tools that reported it.
	for n in 1 2 3 4 5; do
		sed "s/^/$n	/" "$t/diag.$n"
	done | awk -F '\t' '
	    {
		    if (!($2 in seen)) { seen[$2] = 1; order[++k] = $2 }
		    by[$2, $1] = 1
	    }
	    END {
		    for (i = 1; i <= k; i++) {
			    m = ""
			    for (n = 1; n <= 5; n++)
				    m = m ((order[i], n) in by ? \
					substr("PVRAS", n, 1) : ".")
			    print m " " order[i]
		    }
	    }' | sort -t : -k 1.7,1n -k 2,2n -k 3 >"$t/union"

	errors=$(codes error)
	warnings=$(codes warning)
	valid=$(printf '%s\n' "$vsum" |
	    sed -n 's/^[0-9]* games*: \([0-9]*\) valid, \([0-9]*\) invalid, \([0-9]*\) unsupported$/\1 | \2 | \3/p')
	[ -n "$valid" ] || valid="? | ? | ?"
	if [ "$errors" != "-" ]; then
		says=error
		if [ "$parse_rc" -ne 0 ]; then
			echo "$name" >>"$t/read-error"
		else
			echo "$name" >>"$t/rules-error"
		fi
	elif [ "$warnings" != "-" ]; then
		says=warnings
		echo "$name" >>"$t/warned"
	else
		says=clean
		echo "$name" >>"$t/clean"
	fi
	printf '| %s | %s | %s | %s | %s | %s |\n' "$(cell "$name")" \
	    "$games" "$valid" "$says" "$(cell "$errors")" \
	    "$(cell "$warnings")" >>"$t/summary.md"

	{
		echo
		echo "### $name"
		echo
		if [ -s "$t/union" ]; then
			sed 's/^/    /' "$t/union"
		else
			echo "No diagnostics."
		fi
	} >>"$t/diags.md"
done

# list FILE: the file names in FILE, comma-separated, or "none".
list() {
	if [ -s "$1" ]; then
		echo "$(wc -l <"$1" | tr -d ' '): $(awk '{ s = s (NR > 1 ? \
		    ", " : "") $0 } END { print s }' "$1")"
	else
		echo none
	fi
}

cat <<EOF
# PDN 3.0 conformance: games/$set_name

What the tools say of every file of the PDN 3.0 standard's games/$set_name
set (wiegerw/pdn; the copies are in testdata/corpus/wiegerw-pdn/games/$set_name).
Generated by tests/conformance.sh; see testdata/conformance.md.

EOF
case $set_name in
succeed) echo "The standard's checker accepts these files: they should read without an error." ;;
fail) echo "The standard's checker rejects these files: each should give an error, or at least a warning." ;;
esac
cat <<EOF

- read with an error (pdn-parse exits 1): $(list "$t/read-error")
- read without one, but with an error of another tool: $(list "$t/rules-error")
- warnings only: $(list "$t/warned")
- no diagnostic at all: $(list "$t/clean")

## Files

games: pdn-parse's count; valid, invalid, unsupported: pdn-validate's;
errors and warnings: the codes any tool reported, each distinct diagnostic
counted once.

| file | games | valid | invalid | unsupported | we say | errors | warnings |
|---|---|---|---|---|---|---|---|
EOF
cat "$t/summary.md"
cat <<EOF

## Tools

exit: the exit status; errors, warnings: the numbers of diagnostics.

| file | tool | exit | says | errors | warnings |
|---|---|---|---|---|---|
EOF
cat "$t/tools.md"
cat <<EOF

## Diagnostics

Each distinct diagnostic once, by position (line:col), marked with the
tools that reported it: P pdn-parse, V pdn-validate, R pdn-replay,
A pdn-adjudicate, S pdn-select (. not reported).
EOF
cat "$t/diags.md"
