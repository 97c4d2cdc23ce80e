#!/bin/sh
# pdn-standings -f html in a real browser (headless Chromium, as on a
# screen 1280 pixels wide): the page does not overflow sideways (a wide
# crosstable scrolls in its own box), every player of each standings
# table has a row and a section of his games, and every table the tool
# writes is there, sortable.
# The browser's DOM after the page's script ran is read back with a probe
# script the test adds to a copy of the page.  scripts/deps.sh installs
# Chromium (Debian's chromium); without it the test says "skip" and
# passes.
# Prints one "ok"/"FAIL" line per check and "htmllayout: N passed, N failed".
BUILD=${BUILD:-build}
passed=0
failed=0

check() {
	if [ -n "$2" ]; then
		echo "FAIL htmllayout: $1: $2"
		failed=$((failed + 1))
	else
		echo "ok   htmllayout: $1"
		passed=$((passed + 1))
	fi
}

browser=
for b in chromium chromium-browser google-chrome; do
	if command -v "$b" >/dev/null 2>&1; then
		browser=$b
		break
	fi
done
if [ -z "$browser" ]; then
	echo "skip htmllayout: chromium is not installed (the page's layout" \
	    "is not checked in a browser)"
	echo "htmllayout: 0 passed, 0 failed"
	exit 0
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

# The probe: the page's width against the window's, and per table its
# rows (body) and whether it is sortable, written into the DOM.
probe='<pre id="probe"></pre><script>
(function () {
  var d = document.documentElement, out = ["width " + d.scrollWidth +
      " " + window.innerWidth];
  var n = 0;
  document.querySelectorAll("h2").forEach(function (h) {
    if (/: [0-9]+ games? rated$/.test(h.textContent))
      n++;
  });
  out.push("sections " + n);
  document.querySelectorAll("table").forEach(function (t) {
    out.push("table " + (t.tBodies[0] ? t.tBodies[0].rows.length : 0) +
        " " + t.className);
  });
  document.getElementById("probe").textContent = out.join("\n");
})();
</script>'

# page NAME ARGS...: the page of pdn-standings ARGS, as the browser laid
# it out, into $tmp/NAME.probe.
page() {
	name=$1
	shift
	"$BUILD/bin/pdn-standings" -f html "$@" >"$tmp/$name.html" \
	    2>/dev/null
	# ENVIRON, not -v: awk -v would read the backslashes of the script.
	PROBE=$probe awk '/<\/body>/ { print ENVIRON["PROBE"] } { print }' \
	    "$tmp/$name.html" >"$tmp/$name.probe.html"
	# HOME: the browser's profile, not the user's.
	HOME=$tmp timeout 120 "$browser" --headless --no-sandbox \
	    --disable-gpu --window-size=1280,900 \
	    --user-data-dir="$tmp/profile" --dump-dom \
	    "file://$tmp/$name.probe.html" 2>/dev/null |
	    sed -n '/<pre id="probe">/,/<\/pre>/p' |
	    sed 's/<[^>]*>//g' >"$tmp/$name.probe"
}

# standings NAME N...: the page NAME's first tables hold N rows each.
for spec in \
    "swiss:6 4:testdata/standings/swiss.pdn testdata/standings/rr.pdn" \
    "byes:5:testdata/standings/byes.pdn" \
    "corpus:21:--alias testdata/standings/wk2003-aliases.tsv testdata/corpus/wiegerw-pdn/games/succeed/wk2003.pdn" \
    "pool:12:--ml testdata/standings/pool.pdn"; do
	name=${spec%%:*}
	rest=${spec#*:}
	want=${rest%%:*}
	# shellcheck disable=SC2086
	page "$name" ${rest#*:}
	if ! [ -s "$tmp/$name.probe" ]; then
		check "$name: the browser laid the page out" \
		    "no probe read back"
		continue
	fi
	set -- $(sed -n 's/^width //p' "$tmp/$name.probe")
	bad=
	[ "${1:-99999}" -le "${2:-0}" ] ||
	    bad="the page is $1 pixels wide in a window of $2"
	check "$name: no horizontal overflow at 1280 pixels" "$bad"
	got=$(awk '/^table / { printf "%s%s", s, $2; s = " " }' \
	    "$tmp/$name.probe")
	bad=
	for n in $want; do
		case " $got " in
		*" $n "*) ;;
		*) bad="$bad no table of $n rows (tables: $got);" ;;
		esac
	done
	check "$name: every player has a row ($want)" "$bad"
	# A section of his games per player (each plays a rated game).
	sum=0
	for n in $want; do
		sum=$((sum + n))
	done
	got=$(sed -n 's/^sections //p' "$tmp/$name.probe")
	bad=
	[ "$got" = "$sum" ] || bad="$got sections of a player's games"
	check "$name: a section per player ($sum)" "$bad"
	bad=
	grep '^table ' "$tmp/$name.probe" | grep -qv 'sortable' &&
	    bad="a table without the class sortable"
	check "$name: the tables sort by column" "$bad"
done
echo "htmllayout: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
