#!/usr/bin/env python3
"""Differential test of pdn-adjudicate -i: nothing but results changes.

Usage: inplace.py BINDIR FILE...

Each FILE is copied to a temporary folder twice; one copy is fixed with
`pdn-adjudicate -i`, the other with `pdn-adjudicate -i --truncate
variation`.  Then each copy is read again with `pdn-parse -f json` and
compared with the file as it was:

  - the games, their number and order, are the same;
  - every tag but Result and Termination is the same, in the same order,
    and a game gains at most one Result and one Termination tag;
  - without --truncate, every move, comment, NAG, setup and variation of
    every game is the same; with it, every comment, NAG and setup is the
    same and in the same order, and the moves are the same but for the one
    move that heads each new variation (the deciding move, written again);
  - no new kind of line end appears: a CR LF file gains no bare LF, an LF
    file no CR (a file without any line end may gain "\\n");
  - the file fixed once is left as it is by a second -i (same bytes).

Prints one line per failure and a last line "inplace: N passed, N failed" (a file
is one check per mode).  Exits 1 when a check failed.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

DROP_TAGS = {"Result", "Termination"}


def games(bindir, path):
    out = subprocess.run([os.path.join(bindir, "pdn-parse"), "-f", "json",
                          path], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, check=False).stdout
    return [json.loads(line) for line in out.decode("utf-8",
            "surrogateescape").splitlines() if line.strip()]


def eol_kinds(data):
    crlf = data.count(b"\r\n")
    return {"crlf": crlf, "lf": data.count(b"\n") - crlf,
            "cr": data.count(b"\r") - crlf}


def flat(moves, out):
    """The elements of a line and its variations, in input order."""
    for e in moves:
        if "variation" in e:
            out.append(("(",))
            flat(e["variation"], out)
            out.append((")",))
        else:
            out.append(tuple(sorted((k, json.dumps(v)) for k, v in
                                    e.items())))
    return out


def marker(e):
    return e in (("(",), (")",))


def compare(before, after, truncate):
    if len(before) != len(after):
        return "%d games, then %d" % (len(before), len(after))
    for i, (b, a) in enumerate(zip(before, after), 1):
        bt = [(t["name"], t["value"]) for t in b["tags"]
              if t["name"] not in DROP_TAGS]
        at = [(t["name"], t["value"]) for t in a["tags"]
              if t["name"] not in DROP_TAGS]
        if bt != at:
            return "game %d: tags %r, then %r" % (i, bt, at)
        for name in DROP_TAGS:
            nb = sum(t["name"] == name for t in b["tags"])
            na = sum(t["name"] == name for t in a["tags"])
            if na != nb and not (nb == 0 and na == 1):
                return "game %d: %d %s tags, then %d" % (i, nb, name, na)
        if bool(b.get("truncated")) != bool(a.get("truncated")):
            return "game %d: truncated %r, then %r" % (
                i, b.get("truncated"), a.get("truncated"))
        fb = flat(b.get("moves") or [], [])
        fa = flat(a.get("moves") or [], [])
        if not truncate:
            if fb != fa:
                return "game %d: its movetext changed" % i
            continue
        # Annotations in order; moves the same but for each new head.
        if ([e for e in fb if not marker(e) and "move" not in dict(e)] !=
                [e for e in fa if not marker(e) and "move" not in dict(e)]):
            return "game %d: its comments, NAGs or setups changed" % i
        mb = [dict(e)["move"] for e in fb if not marker(e) and
              "move" in dict(e)]
        ma = [dict(e)["move"] for e in fa if not marker(e) and
              "move" in dict(e)]
        heads = fa.count(("(",)) - fb.count(("(",))
        if heads < 0 or len(ma) != len(mb) + heads:
            return "game %d: %d moves, then %d with %d new variations" % (
                i, len(mb), len(ma), heads)
        # The moves as they were, in order, among them.
        j = 0
        for m in ma:
            if j < len(mb) and m == mb[j]:
                j += 1
        if j != len(mb):
            return "game %d: its moves changed" % i
    return None


def check(bindir, src, tmp, truncate):
    name = os.path.basename(src)
    path = os.path.join(tmp, ("t-" if truncate else "i-") + name)
    shutil.copyfile(src, path)
    with open(src, "rb") as f:
        orig = f.read()
    args = [os.path.join(bindir, "pdn-adjudicate"), "-i"]
    if truncate:
        args += ["--truncate", "variation"]
    rc = subprocess.run(args + [path], stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL).returncode
    if rc >= 2:
        return "pdn-adjudicate -i: status %d" % rc
    with open(path, "rb") as f:
        fixed = f.read()
    ko, kf = eol_kinds(orig), eol_kinds(fixed)
    if any(ko.values()):
        for k in ko:
            if ko[k] == 0 and kf[k] > 0:
                return "%d line ends of a new kind (%s)" % (kf[k], k)
    why = compare(games(bindir, src), games(bindir, path), truncate)
    if why:
        return why
    if not truncate and fixed != orig:
        subprocess.run(args + [path], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        with open(path, "rb") as f:
            if f.read() != fixed:
                return "a second -i changed it again"
    return None


def main():
    bindir, files = sys.argv[1], sys.argv[2:]
    passed = failed = changed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for src in files:
            for truncate in (False, True):
                why = check(bindir, src, tmp, truncate)
                if why:
                    failed += 1
                    print("FAIL %s%s: %s" % (
                        src, " --truncate variation" if truncate else "",
                        why))
                else:
                    passed += 1
    print("inplace: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
