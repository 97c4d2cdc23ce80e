#!/bin/sh
# The options of the tools, their man pages and the README agree: for each
# tool, (a) the SYNOPSIS of its man page reads as the usage of --help,
# (b) the man page's option list has an entry for every option --help
# lists and for nothing else, (c) the README's table of the common options
# marks the tool for exactly the options of the table its --help lists;
# and (d) every option two tools share is in that table, (e) each man
# page's COMMON OPTIONS table is the README's.  Prints one "ok"/"FAIL"
# line per check ("skip" when mandoc or col is missing) and
# "options: N passed, N failed".
BUILD=${BUILD:-build}
BIN=$BUILD/bin
TOOLS="pdn-parse pdn-validate pdn-replay pdn-adjudicate pdn-perft pdn-select pdn-standings pdn-find pdn-index pdn-match"
passed=0
failed=0
tmp=${TMPDIR:-/tmp}/options.$$
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT

check() {
	if [ -n "$2" ]; then
		echo "FAIL options: $1: $2"
		failed=$((failed + 1))
	else
		echo "ok   options: $1"
		passed=$((passed + 1))
	fi
}

# Lines joined, runs of white space made one space, none around "|".
norm() {
	tr '\n' ' ' | sed -e 's/[[:space:]][[:space:]]*/ /g' \
	    -e 's/ *| */|/g' -e 's/^ //' -e 's/ $//'
}

# The options --help lists, one per line as "letter:long-name" (either
# may be empty).
help_options() {
	"$BIN/$1" --help 2>/dev/null | awk '
	/^  -[A-Za-z0-9], --/ { s = substr($1, 2, 1); l = $2 }
	/^      --/ { s = ""; l = $1 }
	/^  -[A-Za-z0-9], --/ || /^      --/ {
		sub(/^--/, "", l); sub(/=.*/, "", l)
		print s ":" l
	}' | sort -u
}

# The entries of the option list of man page $1 (the list after "The
# options are as follows:", not the lists inside it), as help_options.
man_options() {
	awk '
	/^The options are as follows:/ { want = 1; next }
	want && /^\.Bl / { depth++; if (depth == 1) inlist = 1; next }
	inlist && /^\.El/ { depth--; if (depth == 0) exit; next }
	inlist && depth == 1 && /^\.It Fl / {
		s = ""; l = ""
		for (i = 2; i <= NF; i++) {
			if ($i != "Fl")
				continue
			n = $(i + 1)
			if (n == "Fl") { l = $(i + 2); i += 2 }
			else if (n ~ /^-/) { l = substr(n, 2); i++ }
			else { s = n; i++ }
		}
		print s ":" l
	}' "$1" | sort -u
}

# The README table's rows as "letter:long-name mark mark mark mark mark",
# the marks in the order of $TOOLS.
readme_rows() {
	awk -v tools="$TOOLS" '
	BEGIN { nt = split(tools, t, " ") }
	/^## Options every tool shares/ { sec = 1; next }
	sec && /^## / { exit }
	sec && /^\|/ {
		# "\|" is a "|" inside a cell.
		gsub(/\\\|/, "\001")
		n = split($0, c, "|")
		for (i = 2; i < n; i++) {
			gsub(/^ +| +$/, "", c[i])
			cell[i] = c[i]
		}
		if (!head) {
			for (i = 2; i < n; i++)
				for (k = 1; k <= nt; k++)
					if (cell[i] == t[k] || \
					    cell[i] == "`" t[k] "`")
						col[k] = i
			head = 1
			next
		}
		if (cell[2] !~ /^`-/)
			next
		s = ""; l = ""; o = cell[2]
		while (match(o, /`-[^`]*`/)) {
			w = substr(o, RSTART + 1, RLENGTH - 2)
			o = substr(o, RSTART + RLENGTH)
			sub(/ .*/, "", w)
			if (w ~ /^--/) l = substr(w, 3)
			else s = substr(w, 2)
		}
		line = s ":" l
		for (k = 1; k <= nt; k++)
			line = line " " (col[k] ? cell[col[k]] : "?")
		print line
	}' README.md | sort
}

# The COMMON OPTIONS table of man page $1, as readme_rows (the marks in
# the order of the page's columns, which is that of $TOOLS).
man_rows() {
	awk '
	/^\.Sh COMMON OPTIONS/ { sec = 1; next }
	sec && /^\.Sh / { exit }
	sec && /^\.It Li / {
		gsub(/\\/, "")
		n = split($0, c, / Ta /)
		sub(/^\.It Li /, "", c[1])
		s = ""; l = ""
		m = split(c[1], w, " ")
		for (i = 1; i <= m; i++)
			if (w[i] ~ /^--/) l = substr(w[i], 3)
			else if (w[i] ~ /^-/) s = substr(w[i], 2)
		line = s ":" l
		for (i = 2; i < n; i++)
			line = line " " c[i]
		print line
	}' "$1" | sort
}

have_mandoc=yes
command -v mandoc >/dev/null 2>&1 && command -v col >/dev/null 2>&1 ||
    have_mandoc=

readme_rows >"$tmp/readme"
[ -s "$tmp/readme" ] || check "README has the table of common options" \
    "no rows under \"## Options every tool shares\""

for t in $TOOLS; do
	m=man/$t.1
	if [ ! -x "$BIN/$t" ] || [ ! -f "$m" ]; then
		check "$t" "no $BIN/$t or no $m"
		continue
	fi
	help_options "$t" >"$tmp/$t.help"

	# (a) the SYNOPSIS is the usage.
	if [ -n "$have_mandoc" ]; then
		syn=$(mandoc -T ascii "$m" | col -b |
		    awk '/^SYNOPSIS/ { f = 1; next } /^[^[:space:]]/ { f = 0 } f' |
		    norm)
		use=$("$BIN/$t" --help 2>/dev/null |
		    awk 'NR == 1 { sub(/^usage: /, "") } /^$/ { exit } 1' |
		    norm)
		bad=
		[ -n "$use" ] && [ "$syn" = "$use" ] ||
		    bad="man page: \"$syn\"; --help: \"$use\""
		check "$t: the SYNOPSIS is the usage of --help" "$bad"
	else
		echo "skip options: $t: the SYNOPSIS is the usage of" \
		    "--help (no mandoc or col)"
	fi

	# (b) one entry of the option list per option of --help.
	man_options "$m" >"$tmp/$t.man"
	bad=$(comm -23 "$tmp/$t.help" "$tmp/$t.man" | tr '\n' ' ')
	check "$t: every option of --help is in the man page" \
	    "${bad:+not in $m: $bad}"
	bad=$(comm -13 "$tmp/$t.help" "$tmp/$t.man" | tr '\n' ' ')
	check "$t: every option of the man page is in --help" \
	    "${bad:+not in --help: $bad}"

	# (c) the README's marks for the tool.
	k=$(echo "$TOOLS" | tr ' ' '\n' | grep -n "^$t\$" | cut -d: -f1)
	bad=
	while read -r opt marks; do
		mark=$(echo "$marks" | cut -d' ' -f"$k")
		if grep -qx -- "$opt" "$tmp/$t.help"; then
			[ "$mark" = x ] || bad="$bad $opt(has it, marked $mark)"
		else
			[ "$mark" = - ] || bad="$bad $opt(has not, marked $mark)"
		fi
	done <"$tmp/readme"
	check "$t: the README's table says which common options it has" \
	    "$bad"

	# (e) the man page's table is the README's.
	man_rows "$m" >"$tmp/$t.rows"
	bad=
	cmp -s "$tmp/readme" "$tmp/$t.rows" ||
	    bad="$(diff "$tmp/readme" "$tmp/$t.rows" | grep '^[<>]' |
	    tr '\n' ' ')"
	check "$t: the COMMON OPTIONS table of $m is the README's" "$bad"
done

# (d) an option two tools share is a common one: in the table.
bad=
for t in $TOOLS; do
	[ -f "$tmp/$t.help" ] && cat "$tmp/$t.help"
done | sort | uniq -d >"$tmp/shared"
while read -r opt; do
	awk '{ print $1 }' "$tmp/readme" | grep -qx -- "$opt" ||
	    bad="$bad $opt"
done <"$tmp/shared"
check "every option two tools share is in the README's table" \
    "${bad:+not in the table:$bad}"

echo "options: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
