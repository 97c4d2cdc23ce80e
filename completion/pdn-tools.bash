# Bash completion for the pdn tools (pdn-parse, pdn-validate, pdn-replay,
# pdn-adjudicate, pdn-perft, pdn-select, pdn-standings, pdn-find,
# pdn-index, pdn-match and any later pdn-* tool).
#
# It knows no tool's options: it runs `TOOL --help` once per command and
# shell session and reads the option lines, each of the form
#
#   -f, --format text|tsv|json|yaml  description
#       --rules NAME|FILE  description
#
# (two spaces, "-X, " or four spaces, --long, optionally one space and the
# argument, then two spaces or the end of the line).  An argument of
# lowercase words separated by "|" completes those words; FILE a file, DIR
# a directory; the argument of --rules the built-in profiles, the installed
# ones and YAML files; any other placeholder (N, FEN, ...) nothing.  The
# operands complete *.pdn files and directories when the usage line takes
# files ("[file ...]"), else nothing (pdn-perft's FEN); a usage line whose
# operands begin with commands ("build|add|query|tree DB [file ...]")
# completes those as the first word that is no option.
#
# make install puts a copy under each tool's name into the completions
# directory of bash-completion, whose loader reads it on demand, and
# writes the installed profiles' directory below.  Sourced under another
# name (from ~/.bashrc, say), it completes every pdn-* command on PATH.
# It works with or without bash-completion's helpers.

# The installed profiles (make install writes its DATADIR here).
_pdn_profiles_dir='/usr/local/share/pdn-tools/profiles'

# The variants the library plays, by name and by GameType number, for
# --variant and --gametype (tests/completion.sh checks them against what
# pdn-select --variant says it takes).
_pdn_variants='international brazilian russian english italian pool spanish czech thai frisian canadian'
_pdn_gametypes='20 21 22 23 24 25 26 27 29 31 40'

# The codes of the diagnostics, for -W CODE, no-CODE, error=CODE and
# no-error=CODE (tests/completion.sh checks them against the library's
# table, lib/record/diag.c).
_pdn_codes='unexpected-char stray-brace unbalanced-paren unterminated-comment unterminated-string bad-tag bad-move bad-nag bad-setup number-too-long token-too-long variation-too-deep game-too-large unclosed-variation variation-first bad-fen tag-duplicate tag-name tag-unquoted tag-quotes no-terminator result-mismatch result-unknown result-spaced result-glued latin1 square-padded move-spaces colon-capture movenum-padded movenum-no-dot movenum-dangling nested-brace fen-liberty no-games text-after-game gametype-inferred gametype-unknown illegal-move irregular-move ambiguous-game result-position setup-position unsupported-gametype move-separator gametype-value as-read variation-illegal tag-wrapped junk-skipped fen-side-unknown move-uppercase tag-italian move-short short-resolved result-colon tag-unclosed prose-variation result-first-mover setup-empty result-white-first'

# _pdn_warn: completes $cur as the argument of -W: all, a code, or a code
# after no-, error= or no-error= (what is written before the code is
# kept; a code may itself start with no-, as no-games does).
_pdn_warn() {
	local pre=
	case $cur in
	no-error=*) pre=no-error= ;;
	error=*) pre=error= ;;
	no-*) pre=no- ;;
	esac
	[[ -z $pre ]] && _pdn_add compgen -W "all $_pdn_codes" -- "$cur"
	[[ $pre == no- ]] && _pdn_add compgen -W "$_pdn_codes" -- "$cur"
	[[ -n $pre ]] &&
	    _pdn_add compgen -P "$pre" -W "$_pdn_codes" -- "${cur#"$pre"}"
}

# _pdn_help CMD: the option lines and the usage of CMD's --help, cached per
# command in a variable of its own.
_pdn_help() {
	local var=_pdn_help_cache_${1//[^A-Za-z0-9]/_} cmd=$1 text
	if [[ -z ${!var+set} ]]; then
		# A command typed as ~/dir/tool.
		# shellcheck disable=SC2088
		[[ $cmd == '~/'* ]] && cmd=$HOME/${cmd#'~/'}
		text=$(LC_ALL=C "$cmd" --help 2>/dev/null </dev/null)
		# Not cached when the command printed nothing (not installed yet).
		[[ -n $text ]] || return 1
		printf -v "$var" '%s' "$text"
	fi
	_pdn_help_text=${!var}
}

# _pdn_parse: reads $_pdn_help_text into _pdn_opts (every option),
# _pdn_args (for each option that takes an argument, "OPTION LONG ARG"
# lines, LONG the option's long name)
# _pdn_operands (1 when the usage line takes files) and _pdn_commands (the
# commands of its first operand, "build|add|...", or none).
_pdn_parse() {
	local line re='^  (-([A-Za-z0-9]), |    )(--[A-Za-z0-9][-A-Za-z0-9_]*)( ([^ ]+))?(  |$)'
	local usage=1
	_pdn_opts=() _pdn_args=() _pdn_operands=0 _pdn_commands=()
	while IFS= read -r line; do
		if [[ -z $line ]]; then
			usage=0
			continue
		fi
		if [[ $line =~ $re ]]; then
			usage=0
			[[ -n ${BASH_REMATCH[2]} ]] && _pdn_opts+=("-${BASH_REMATCH[2]}")
			_pdn_opts+=("${BASH_REMATCH[3]}")
			if [[ -n ${BASH_REMATCH[5]} ]]; then
				_pdn_args+=("${BASH_REMATCH[3]} ${BASH_REMATCH[3]} ${BASH_REMATCH[5]}")
				[[ -n ${BASH_REMATCH[2]} ]] &&
				    _pdn_args+=("-${BASH_REMATCH[2]} ${BASH_REMATCH[3]} ${BASH_REMATCH[5]}")
			fi
		elif ((usage)); then
			[[ $line == *'[file'* || $line == *'[FILE'* ]] &&
			    _pdn_operands=1
			[[ $line =~ \ ([a-z]+(\|[a-z]+)+)\ [A-Z]+\  ]] &&
			    IFS='|' read -r -a _pdn_commands \
			    <<<"${BASH_REMATCH[1]}"
		fi
	done <<<"$_pdn_help_text"
}

# _pdn_arg OPTION: sets _pdn_argument to the argument OPTION takes (empty:
# none; "-": it is no option of the tool) and _pdn_long to its long name.
_pdn_arg() {
	local a
	for a in "${_pdn_args[@]}"; do
		if [[ ${a%% *} == "$1" ]]; then
			a=${a#* }
			_pdn_long=${a%% *}
			_pdn_argument=${a#* }
			return 0
		fi
	done
	for a in "${_pdn_opts[@]}"; do
		if [[ $a == "$1" ]]; then
			_pdn_argument=
			return 0
		fi
	done
	_pdn_argument=-
	return 1
}

# _pdn_add COMMAND...: adds the lines COMMAND (a compgen) prints to
# COMPREPLY, each a word (no splitting on blanks, no globbing).
_pdn_add() {
	local line
	while IFS= read -r line; do
		COMPREPLY+=("$line")
	done < <("$@")
}

# _pdn_files [EXT]: adds the files (EXT: an extglob alternative such as
# "pdn" or "yaml|yml": those and the directories; -d: directories) that
# complete $cur to COMPREPLY.
_pdn_files() {
	if declare -F _filedir >/dev/null 2>&1; then
		_filedir "$@"
		return
	fi
	local had=true
	compopt -o filenames 2>/dev/null
	case ${1-} in
	-d) _pdn_add compgen -d -- "$cur" ;;
	'') _pdn_add compgen -f -- "$cur" ;;
	*)
		# "pdn|x" -> "!*.@(pdn|x|PDN|X)", as bash-completion's _filedir.
		shopt -q extglob || had=false
		shopt -s extglob
		_pdn_add compgen -f -X "!*.@($1|${1^^})" -- "$cur"
		_pdn_add compgen -d -- "$cur"
		[[ $had == true ]] || shopt -u extglob
		;;
	esac
}

# _pdn_profiles: the profile names that complete $cur: the built-in ones
# and those installed, each once.
_pdn_profiles() {
	local names=" fmjd lidraughts " f n
	for f in "$_pdn_profiles_dir"/*.yaml; do
		[[ -f $f ]] || continue
		n=${f##*/}
		n=${n%.yaml}
		[[ $names == *" $n "* || $n == *[[:space:]]* ]] ||
		    names+="$n "
	done
	_pdn_add compgen -W "$names" -- "$cur"
}

# _pdn_complete_arg ARG: completes $cur as the argument ARG of the option
# $_pdn_long.
_pdn_complete_arg() {
	local alt words=() files='' alts
	IFS='|' read -ra alts <<<"$1"
	for alt in "${alts[@]}"; do
		case $alt in
		FILE | file) files=${files:-all} ;;
		DIR | dir) [[ $files ]] || files=dirs ;;
		*)
			[[ $alt =~ ^[a-z][-a-z0-9_]*$ ]] && words+=("$alt")
			;;
		esac
	done
	# A comma-separated list of words (--strip a,b,c): the words not in
	# the list yet, after what is written up to the last comma.
	if [[ $1 =~ ^[a-z][-a-z0-9_]*(,[a-z][-a-z0-9_]*)+$ ]]; then
		local head='' w
		[[ $cur == *,* ]] && head=${cur%,*},
		IFS=',' read -ra alts <<<"$1"
		for w in "${alts[@]}"; do
			[[ ,$head == *",$w,"* ]] && continue
			[[ $w == "${cur##*,}"* ]] && COMPREPLY+=("$head$w")
		done
		compopt -o nospace 2>/dev/null
		return
	fi
	case $_pdn_long in
	--variant)
		_pdn_add compgen -W "$_pdn_variants $_pdn_gametypes" -- "$cur"
		return
		;;
	--gametype)
		_pdn_add compgen -W "$_pdn_gametypes" -- "$cur"
		return
		;;
	--warn)
		_pdn_warn
		return
		;;
	esac
	if [[ $_pdn_long == --rules ]]; then
		_pdn_profiles
		_pdn_files 'yaml|yml'
		# Nothing of those: any file.
		((${#COMPREPLY[@]})) || _pdn_files
		return
	fi
	((${#words[@]})) && _pdn_add compgen -W "${words[*]}" -- "$cur"
	case $files in
	all) _pdn_files ;;
	dirs) _pdn_files -d ;;
	esac
}

_pdn_tools() {
	local cur prev words cword split=false
	if declare -F _init_completion >/dev/null 2>&1; then
		_init_completion -s || return
	else
		words=("${COMP_WORDS[@]}")
		cword=$COMP_CWORD
		cur=${COMP_WORDS[COMP_CWORD]}
		prev=
		((cword > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
		# --opt=value: split on "=" (COMP_WORDBREAKS) or not.
		if [[ $cur == = && $prev == --* ]]; then
			cur=
			split=true
		elif [[ $prev == = ]] && ((cword > 1)) &&
		    [[ ${COMP_WORDS[cword - 2]} == --* ]]; then
			prev=${COMP_WORDS[cword - 2]}
			split=true
		elif [[ $cur == --*=* ]]; then
			prev=${cur%%=*}
			cur=${cur#*=}
			split=true
		fi
	fi
	COMPREPLY=()

	local _pdn_help_text _pdn_opts _pdn_args _pdn_operands _pdn_argument \
	    _pdn_long _pdn_commands
	_pdn_help "$1" || {
		# The tool did not answer: plain file names.
		_pdn_files
		return
	}
	_pdn_parse

	# "-W error=CODE" split on its "=": the code after error= or
	# no-error=.
	if [[ $prev == = ]] && ((cword > 2)) &&
	    [[ ${COMP_WORDS[cword - 2]} == error ||
	    ${COMP_WORDS[cword - 2]} == no-error ]] &&
	    [[ ${COMP_WORDS[cword - 3]} == -W ||
	    ${COMP_WORDS[cword - 3]} == --warn ]]; then
		_pdn_add compgen -W "$_pdn_codes" -- "$cur"
		return
	fi

	# The argument of an option: "--opt ARG", "--opt=ARG", "-qf ARG".
	local opt=$prev i c
	if [[ $split == false && $prev == -[!-]* ]]; then
		# Short options bundled: the last one may take the argument; one
		# before it that takes one has it in the rest of the word.
		opt=
		for ((i = 1; i < ${#prev}; i++)); do
			c=-${prev:i:1}
			_pdn_arg "$c" || break
			if [[ -n $_pdn_argument ]]; then
				((i == ${#prev} - 1)) && opt=$c
				break
			fi
		done
	fi
	if [[ -n $opt ]] && _pdn_arg "$opt" && [[ -n $_pdn_argument ]]; then
		_pdn_complete_arg "$_pdn_argument"
		# Without "=" in COMP_WORDBREAKS the word is "--opt=value".
		if [[ $split == true && $COMP_WORDBREAKS != *=* ]]; then
			COMPREPLY=("${COMPREPLY[@]/#/$opt=}")
		fi
		return
	fi
	[[ $split == true ]] && return

	# After "--" only operands.
	local dashdash=false
	for ((i = 1; i < cword; i++)); do
		[[ ${words[i]} == -- ]] && dashdash=true && break
	done
	if [[ $dashdash == false && $cur == -* ]]; then
		_pdn_add compgen -W "${_pdn_opts[*]}" -- "$cur"
		return
	fi
	# A command first: when no word before this one is an operand (a
	# word that is no option nor an option's argument).
	if ((${#_pdn_commands[@]})); then
		local seen=false
		for ((i = 1; i < cword; i++)); do
			[[ ${words[i]} == -* ]] && continue
			_pdn_arg "${words[i - 1]}" && [[ -n $_pdn_argument ]] &&
			    [[ ${words[i - 1]} == -* ]] && continue
			seen=true
			break
		done
		if [[ $seen == false ]]; then
			_pdn_add compgen -W "${_pdn_commands[*]}" -- "$cur"
			return
		fi
	fi
	if ((_pdn_operands)); then
		_pdn_files pdn
		# No PDN file nor directory: any file.
		((${#COMPREPLY[@]})) || _pdn_files
	fi
}

# Loaded by bash-completion as completions/pdn-NAME: that command;
# otherwise every pdn-* command on PATH.
_pdn_self=${BASH_SOURCE[0]##*/}
if [[ $_pdn_self == pdn-* && $_pdn_self != *.* ]]; then
	complete -F _pdn_tools "$_pdn_self"
else
	while IFS= read -r _pdn_self; do
		[[ $_pdn_self == *.* ]] || complete -F _pdn_tools "$_pdn_self"
	done < <(compgen -c -- pdn- | sort -u)
fi
unset _pdn_self
