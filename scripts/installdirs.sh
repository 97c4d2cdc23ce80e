#!/bin/sh
# The directories of make install and make uninstall, so that uninstall
# removes the directories install made and no other.
#
#   installdirs.sh make MANIFEST DIR...
#       makes each DIR under $DESTDIR (mkdir -p) and adds to MANIFEST
#       (a path under $DESTDIR too) the directories it made, one per
#       line, as DIR names them (without DESTDIR), a directory before
#       those below it;
#   installdirs.sh remove MANIFEST
#       removes the directories MANIFEST lists that are empty, those
#       below first, then MANIFEST itself.  A directory holding a file
#       of the user's stays, and so does every one above it.
#
# MANIFEST names itself without DESTDIR, as the directories.
set -e
cmd=$1
manifest=$DESTDIR$2
shift 2
case $cmd in
make)
	made=
	for dir in "$@"; do
		# The missing ones, from the top down.
		missing=
		d=$dir
		while [ -n "$d" ] && [ "$d" != / ] && [ ! -d "$DESTDIR$d" ]; do
			missing="$d
$missing"
			d=$(dirname "$d")
		done
		mkdir -p "$DESTDIR$dir"
		made="$made$missing"
	done
	if [ -n "$made" ]; then
		mkdir -p "$(dirname "$manifest")"
		printf '%s' "$made" | grep -v '^$' >>"$manifest"
	fi
	;;
remove)
	[ -f "$manifest" ] || exit 0
	# Those below first: the manifest's lines backwards.
	dirs=$(awk '{ l[NR] = $0 } END { for (i = NR; i > 0; i--) print l[i] }' \
	    "$manifest")
	rm -f "$manifest"
	printf '%s\n' "$dirs" | while IFS= read -r d; do
		[ -n "$d" ] && rmdir "$DESTDIR$d" 2>/dev/null || true
	done
	;;
*)
	echo "usage: installdirs.sh make|remove MANIFEST [DIR ...]" >&2
	exit 2
	;;
esac
