#!/bin/sh
# The bash completion (completion/pdn-tools.bash; make check runs this
# through tests/run.sh): sourced in bash, with fake tools first on PATH
# that print the --help format the completion reads (so that the checks
# do not depend on the real tools' help of the day) and a data directory
# of profiles written into the copy as make install writes DATADIR; each
# check sets COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT as bash does
# for a command line, calls the completion function and compares COMPREPLY
# (sorted) with the words expected.  Every check runs without
# bash-completion's helpers, and again with them when the bash-completion
# package is installed.  Prints one line per check and closes with
# "completion: N passed, N failed".

LC_ALL=C
export LC_ALL
passed=0
failed=0

finish() {
	echo "completion: $passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}

if ! command -v bash >/dev/null 2>&1; then
	echo "skip completion: bash not found"
	finish
fi

top=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# The fake tools: pdn-validate in the help format of the option driver
# (each run adds a line to $tmp/calls), pdn-perft whose operand is a FEN.
mkdir -p "$tmp/bin" "$tmp/data/profiles" "$tmp/comp" "$tmp/work/games/old"
cat >"$tmp/bin/pdn-validate" <<EOF
#!/bin/sh
echo run >>"$tmp/calls"
[ "\$1" = --help ] || exit 2
cat "$tmp/validate.help"
EOF
cat >"$tmp/validate.help" <<'EOF'
usage: pdn-validate [-Hhlqw] [-f text|tsv|json|yaml] [-j N] [-o FILE] [--gametype N] [--rules NAME|FILE] [--strict] [--verbose] [file ...]

  -f, --format text|tsv|json|yaml  the output: text (default), tsv, json or yaml
  -j, --jobs N       use N threads (1-256), same output as one
  -o, --output FILE  write to FILE (replaced only when all went well)
      --rules NAME|FILE  rules profile: fmjd (default), lidraughts, or a YAML file
      --strict       make every warning an error
      --status valid|invalid|unsupported
                      games that pdn-validate judges so
      --strip comments,variations,nags,clocks
                      leave these out of the games written (canonical)
      --gametype N    read games without a GameType tag as GameType N
      --variant NAME|N
                      the variant: its name or its GameType number
      --player NAME   games where White or Black contains NAME
  -W, --warn [no-|error=]CODE
                      diagnostics of code CODE
  -q, --quiet        print nothing, only the exit status
  -h, --help         show this help
EOF
# The same with a short name for --rules (a later help may have one).
sed 's/^      --rules/  -r, --rules/' "$tmp/validate.help" >"$tmp/other.help"
sed 's/validate\.help/other.help/' "$tmp/bin/pdn-validate" >"$tmp/bin/pdn-other"
cat >"$tmp/bin/pdn-perft" <<'EOF'
#!/bin/sh
cat <<'HELP'
usage: pdn-perft [-bhV] [-d N] [--divide] [-f text|tsv] [FEN]

  -d, --depth N      count N plies deep (1-30, default 6)
      --divide       count each root move separately, then the total
  -f, --format text|tsv  text (default) or tsv
  -h, --help         show this help
HELP
EOF
# pdn-index, whose first operand is a command.
cat >"$tmp/bin/pdn-index" <<'EOF'
#!/bin/sh
cat <<'HELP'
usage: pdn-index [-hq] [-f text|tsv|json] [--fen FEN]
       build|add|query|tree DB [file ...]

  -f, --format text|tsv|json  the output
      --fen FEN      the position
  -q, --quiet        print nothing
  -h, --help         show this help
HELP
EOF
chmod +x "$tmp/bin/pdn-validate" "$tmp/bin/pdn-other" "$tmp/bin/pdn-perft" \
    "$tmp/bin/pdn-index"

# The installed profiles (as make install puts them, and one of the
# user's) and a directory to complete in.
for p in fmjd lidraughts mine; do
	echo "# $p" >"$tmp/data/profiles/$p.yaml"
done
echo "not a profile" >"$tmp/data/profiles/README"
: >"$tmp/work/house.yaml"
: >"$tmp/work/notes.txt"
: >"$tmp/work/games/a.pdn"
: >"$tmp/work/games/B.PDN"
: >"$tmp/work/games/two words.pdn"
: >"$tmp/work/games/notes.txt"

# The completion as make install writes it, with the data directory
# DATADIR=$tmp/data, under a tool's name as in bash-completion's
# completions directory.
sed "s|/usr/local/share/pdn-tools|$tmp/data|g" completion/pdn-tools.bash \
    >"$tmp/comp/pdn-validate"
if ! grep -q "^_pdn_profiles_dir='$tmp/data/profiles'\$" "$tmp/comp/pdn-validate"; then
	echo "FAIL completion: completion/pdn-tools.bash sets no" \
	    "_pdn_profiles_dir='/usr/local/share/pdn-tools/profiles' for" \
	    "make install to rewrite"
	failed=$((failed + 1))
fi

# The driver: bash drive.bash MODE LINE...: for each LINE (the command
# line up to the cursor, at its end), the words bash would make of it
# (blanks separate them, "=" of COMP_WORDBREAKS is one of its own), then
# the sorted COMPREPLY on one line.  With NOEQ=1, "=" is taken out of
# COMP_WORDBREAKS (as some users do) and stays in its word.
cat >"$tmp/drive.bash" <<'EOF'
mode=$1
shift
[[ $NOEQ == 1 ]] && COMP_WORDBREAKS=${COMP_WORDBREAKS//=}
if [[ $mode == helpers ]]; then
	. "$BASH_COMPLETION" >/dev/null 2>&1 || { echo "cannot source $BASH_COMPLETION"; exit 1; }
	declare -F _init_completion >/dev/null || { echo "no _init_completion"; exit 1; }
else
	unset -f _init_completion _filedir 2>/dev/null
fi
. "$COMPLETION" || exit 1
for line; do
	COMP_WORDS=()
	w=
	for ((i = 0; i < ${#line}; i++)); do
		c=${line:i:1}
		case $c in
		' ') [[ -n $w ]] && COMP_WORDS+=("$w"); w= ;;
		=)
			if [[ $NOEQ == 1 ]]; then
				w+=$c
			else
				[[ -n $w ]] && COMP_WORDS+=("$w")
				COMP_WORDS+=("=")
				w=
			fi
			;;
		*) w+=$c ;;
		esac
	done
	if [[ -n $w || $line == *' ' ]]; then
		COMP_WORDS+=("$w")
	fi
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMP_LINE=$line
	COMP_POINT=${#line}
	COMPREPLY=()
	# What it writes to stderr shows in the result (and fails the check).
	_pdn_tools "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" \
	    "${COMP_WORDS[COMP_CWORD - 1]}"
	if ((${#COMPREPLY[@]})); then
		printf '%s\n' "${COMPREPLY[@]}" | sort | paste -sd ' ' -
	else
		echo
	fi
done
EOF

PATH="$tmp/bin:$PATH"
COMPLETION=$tmp/comp/pdn-validate
export PATH COMPLETION

BASH_COMPLETION=
for f in /usr/share/bash-completion/bash_completion \
    /etc/bash_completion /usr/local/share/bash-completion/bash_completion; do
	[ -f "$f" ] && BASH_COMPLETION=$f && break
done
export BASH_COMPLETION

modes=plain
[ -n "$BASH_COMPLETION" ] && modes="plain helpers"

# check MODE 'LINE' 'EXPECTED': one check.
check() {
	got=$(cd "$tmp/work" && bash "$tmp/drive.bash" "$1" "$2" 2>&1)
	what="$1: '$2<TAB>' -> '$3'"
	[ "$NOEQ" = 1 ] && what="$what (no = in COMP_WORDBREAKS)"
	[ "$1" = plain ] && what="$what (no helpers)"
	[ "$1" = helpers ] && what="$what (bash-completion's helpers)"
	if [ "$got" = "$3" ]; then
		echo "ok   completion: $what"
		passed=$((passed + 1))
	else
		echo "FAIL completion: $what: got '$got'"
		failed=$((failed + 1))
	fi
}

# noeq_check MODE 'LINE' 'EXPECTED': the same without "=" in
# COMP_WORDBREAKS.
noeq_check() {
	NOEQ=1
	export NOEQ
	check "$@"
	unset NOEQ
}

for m in $modes; do
	check "$m" 'pdn-validate --fo' '--format'
	check "$m" 'pdn-validate -' \
	    '--format --gametype --help --jobs --output --player --quiet --rules --status --strict --strip --variant --warn -W -f -h -j -o -q'
	check "$m" 'pdn-validate -f ' 'json text tsv yaml'
	check "$m" 'pdn-validate --format ' 'json text tsv yaml'
	check "$m" 'pdn-validate --format t' 'text tsv'
	check "$m" 'pdn-validate --format=j' 'json'
	check "$m" 'pdn-validate --format=' 'json text tsv yaml'
	noeq_check "$m" 'pdn-validate --format=j' '--format=json'
	noeq_check "$m" 'pdn-validate --output=games/' \
	    '--output=games/B.PDN --output=games/a.pdn --output=games/notes.txt --output=games/old --output=games/two words.pdn'
	check "$m" 'pdn-validate -qf ' 'json text tsv yaml'
	check "$m" 'pdn-validate -j ' ''
	check "$m" 'pdn-validate -o ' 'games house.yaml notes.txt'
	check "$m" 'pdn-validate --rules ' 'fmjd games house.yaml lidraughts mine'
	check "$m" 'pdn-validate --rules m' 'mine'
	check "$m" 'pdn-validate --rules=l' 'lidraughts'
	check "$m" 'pdn-other -r ' 'fmjd games house.yaml lidraughts mine'
	check "$m" 'pdn-validate games/' 'games/B.PDN games/a.pdn games/old games/two words.pdn'
	check "$m" 'pdn-validate -q --strict games/' \
	    'games/B.PDN games/a.pdn games/old games/two words.pdn'
	check "$m" 'pdn-validate -- --' ''
	check "$m" 'pdn-perft ' ''
	check "$m" 'pdn-perft --d' '--depth --divide'
	check "$m" 'pdn-perft -f ' 'text tsv'
	# Values of --status, --variant, --gametype, --strip (a list); no
	# file where none is taken (--player, --jobs).
	check "$m" 'pdn-validate --status ' 'invalid unsupported valid'
	check "$m" 'pdn-validate --status=in' 'invalid'
	check "$m" 'pdn-validate --variant ' \
	    '20 21 22 23 24 25 26 27 29 31 40 brazilian canadian czech english frisian international italian pool russian spanish thai'
	check "$m" 'pdn-validate --variant b' 'brazilian'
	check "$m" 'pdn-validate --gametype 2' '20 21 22 23 24 25 26 27 29'
	check "$m" 'pdn-validate --strip ' 'clocks comments nags variations'
	check "$m" 'pdn-validate --strip comments,' \
	    'comments,clocks comments,nags comments,variations'
	check "$m" 'pdn-validate --strip nags,comments,v' 'nags,comments,variations'
	check "$m" 'pdn-validate -W fen-l' 'fen-liberty'
	check "$m" 'pdn-validate -W no-fen-' 'no-fen-liberty no-fen-side-unknown'
	check "$m" 'pdn-validate -W no-ga' \
	    'no-game-too-large no-games no-gametype-inferred no-gametype-unknown no-gametype-value'
	check "$m" 'pdn-validate --warn=a' 'all ambiguous-game as-read'
	# Split on the "=" of COMP_WORDBREAKS: the word after it.
	check "$m" 'pdn-validate -W error=colon' 'colon-capture'
	check "$m" 'pdn-validate -W no-error=tag-i' 'tag-italian'
	noeq_check "$m" 'pdn-validate -W error=colon' 'error=colon-capture'
	check "$m" 'pdn-validate --player ' ''
	check "$m" 'pdn-validate --player=' ''
	# The command first, after options and their arguments; then files.
	check "$m" 'pdn-index ' 'add build query tree'
	check "$m" 'pdn-index -q -f tsv --fen W:W31:B1 q' 'query'
	check "$m" 'pdn-index build games/' \
	    'games/B.PDN games/a.pdn games/old games/two words.pdn'
	# The real pdn-select (tests/run.sh puts the built tools on PATH; no
	# fake one): the options that take files,
	# -c and the driver's --options-file, complete files.
	check "$m" 'pdn-select --options-file games/' \
	    'games/B.PDN games/a.pdn games/notes.txt games/old games/two words.pdn'
	check "$m" 'pdn-select -c games/t' 'games/two words.pdn'
	check "$m" 'pdn-select --check-file=games/a' 'games/a.pdn'
	check "$m" 'pdn-select --only-d' '--only-dups'
	check "$m" 'pdn-select --split-v' '--split-variations'
done

# The variants the completion offers are those the tools take.
want=$("${BUILD:-build}/bin/pdn-select" --variant '?' 2>&1 | sed -n \
    's/^[^(]*(\(.*\) or a GameType number)$/\1/p' | sed 's/, / /g')
have=$(sed -n "s/^_pdn_variants='\(.*\)'\$/\1/p" completion/pdn-tools.bash)
if [ -n "$want" ] && [ "$want" = "$have" ]; then
	echo "ok   completion: the variants are those pdn-select --variant takes"
	passed=$((passed + 1))
else
	echo "FAIL completion: the variants: completion '$have', pdn-select '$want'"
	failed=$((failed + 1))
fi

# The codes the completion offers to -W are the library's.
want=$(sed -n 's/.*\] = { "\([a-z0-9-]*\)",.*/\1/p' lib/record/diag.c |
    paste -sd ' ' -)
have=$(sed -n "s/^_pdn_codes='\(.*\)'\$/\1/p" completion/pdn-tools.bash)
if [ -n "$want" ] && [ "$want" = "$have" ]; then
	echo "ok   completion: the -W codes are those of lib/record/diag.c"
	passed=$((passed + 1))
else
	echo "FAIL completion: the -W codes: completion '$have', library '$want'"
	failed=$((failed + 1))
fi

# --help is read once per command and session.
rm -f "$tmp/calls"
got=$(cd "$tmp/work" && bash "$tmp/drive.bash" plain 'pdn-validate --fo' \
    'pdn-validate -f ' 'pdn-validate --rules m' 2>&1 | paste -sd '|' -)
n=$(wc -l <"$tmp/calls" 2>/dev/null || echo 0)
if [ "$got" = "--format|json text tsv yaml|mine" ] && [ "$n" -eq 1 ]; then
	echo "ok   completion: three completions in one session run --help once"
	passed=$((passed + 1))
else
	echo "FAIL completion: three completions in one session: '$got'," \
	    "--help run $n times (want once)"
	failed=$((failed + 1))
fi

# The options come from the tool's help: a new one completes.
printf '      --newopt       a new option\n' >>"$tmp/validate.help"
check plain 'pdn-validate --new' '--newopt'

# Sourced as completions/pdn-validate (bash-completion's loader), it
# completes that command; sourced under another name, every pdn-* command
# on PATH.
got=$(bash -c '. "$COMPLETION"; complete -p pdn-validate;
    complete -p pdn-perft >/dev/null 2>&1 && echo "and pdn-perft"' 2>&1)
if [ "$got" = "complete -F _pdn_tools pdn-validate" ]; then
	echo "ok   completion: sourced as pdn-validate, it completes pdn-validate"
	passed=$((passed + 1))
else
	echo "FAIL completion: sourced as pdn-validate: '$got'"
	failed=$((failed + 1))
fi
cp "$COMPLETION" "$tmp/comp/pdn-tools.bash"
got=$(COMPLETION=$tmp/comp/pdn-tools.bash \
    bash -c '. "$COMPLETION"; complete -p pdn-perft pdn-validate' 2>&1)
if [ "$got" = "complete -F _pdn_tools pdn-perft
complete -F _pdn_tools pdn-validate" ]; then
	echo "ok   completion: sourced as pdn-tools.bash, it completes the pdn-* commands on PATH"
	passed=$((passed + 1))
else
	echo "FAIL completion: sourced as pdn-tools.bash: '$got'"
	failed=$((failed + 1))
fi

if [ -z "$BASH_COMPLETION" ]; then
	echo "skip completion: with bash-completion's helpers (the package is" \
	    "not installed; the checks ran without them)"
fi
cd "$top" || exit 1
finish
