#!/usr/bin/env python3
"""An independent computation of pdn-standings' ratings, for the tests.

    pdn-standings --elo -f tsv FILE | ratingcheck.py elo FILE
    pdn-standings --ml -f tsv FILE | ratingcheck.py ml FILE
    pdn-standings --elo --rating-system kndb --period all -f tsv FILE |
        ratingcheck.py kndb FILE

reads the games of FILE (the tags White, Black, Date, Round, Result of
each game, with regular expressions: nothing of libpdn), rates them
itself and compares with the player and rating columns of the TSV on
standard input: Elo (start 1000, K 40 for the first 30 games, then 20;
games by date, round, then file order) to the four decimals printed, and
maximum likelihood (Bradley-Terry, draws half, mean 1000, fitted by the
minorisation-maximisation iteration rather than Newton's method) within
0.5 points, and KNDB's system (an event at a time in the order of their
first games, Rn = R0 + K (W - We), W in points of 2 a win, We the sum of
2 Phi((R0 - Ro) / (2000 / 7)), K = 800 / (Ne + N) and at least 5) to the
four decimals.  Prints one line saying so, or each difference, and exits 1
on a difference.  Every player must be rated (a connected pool)."""
import math
import re
import sys

TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
SCORE = {"2-0": 1.0, "1-0": 1.0, "1-1": 0.5, "1/2-1/2": 0.5, "0-2": 0.0,
         "0-1": 0.0}


def games(path):
    out, tags = [], {}
    for line in open(path, encoding="utf-8"):
        m = TAG.match(line)
        if m:
            tags[m.group(1)] = m.group(2)
        elif tags and line.strip() and not line.startswith("%"):
            if tags.get("Result") in SCORE:
                out.append((tags.get("Date", ""), int(tags.get("Round",
                            "0")), len(out), tags["White"], tags["Black"],
                            SCORE[tags["Result"]], tags.get("Event", "?")))
            tags = {}
    return sorted(out)


def elo(gs):
    r, n = {}, {}
    for _, _, _, w, b, s, _ in gs:
        rw, rb = r.get(w, 1000.0), r.get(b, 1000.0)
        ew = 1 / (1 + 10 ** ((rb - rw) / 400))
        kw = 40 if n.get(w, 0) < 30 else 20
        kb = 40 if n.get(b, 0) < 30 else 20
        r[w] = rw + kw * (s - ew)
        r[b] = rb + kb * ((1 - s) - (1 - ew))
        n[w] = n.get(w, 0) + 1
        n[b] = n.get(b, 0) + 1
    return r


def ml(gs):
    players = sorted({g[3] for g in gs} | {g[4] for g in gs})
    wins = dict.fromkeys(players, 0.0)
    pairs = {}
    for _, _, _, w, b, s, _ in gs:
        wins[w] += s
        wins[b] += 1 - s
        pairs[(w, b)] = pairs.get((w, b), 0) + 1
    gamma = dict.fromkeys(players, 1.0)
    for _ in range(20000):
        den = dict.fromkeys(players, 0.0)
        for (w, b), k in pairs.items():
            v = k / (gamma[w] + gamma[b])
            den[w] += v
            den[b] += v
        new = {p: wins[p] / den[p] for p in players}
        mean = sum(math.log10(v) for v in new.values()) / len(players)
        new = {p: v / 10 ** mean for p, v in new.items()}
        done = max(abs(math.log10(new[p] / gamma[p])) for p in players)
        gamma = new
        if 400 * done < 1e-9:
            break
    x = {p: 400 * math.log10(g) for p, g in gamma.items()}
    mean = sum(x.values()) / len(x)
    return {p: v - mean + 1000 for p, v in x.items()}


def kndb(gs):
    r, n, order = {}, {}, []
    for g in gs:
        if g[6] not in order:
            order.append(g[6])
    for ev in order:
        w, we, k = {}, {}, {}
        for _, _, _, a, b, s, e in gs:
            if e != ev:
                continue
            for p, o, sc in ((a, b, s), (b, a, 1 - s)):
                d = (r.get(p, 1000.0) - r.get(o, 1000.0)) / (2000 / 7)
                w[p] = w.get(p, 0) + 2 * sc
                we[p] = we.get(p, 0) + math.erfc(-d / math.sqrt(2))
                k[p] = k.get(p, 0) + 1
        for p in w:
            kf = max(5, 800 / (n.get(p, 0) + k[p]))
            r[p] = r.get(p, 1000.0) + kf * (w[p] - we[p])
            n[p] = n.get(p, 0) + k[p]
    return r


def main(mode, path):
    gs = games(path)
    want = elo(gs) if mode == "elo" else kndb(gs) if mode == "kndb" \
        else ml(gs)
    rows = [line.rstrip("\n").split("\t") for line in sys.stdin]
    head, rows = rows[0], rows[1:]
    pi, ri = head.index("player"), head.index("rating")
    got = {row[pi]: float(row[ri]) for row in rows}
    bad = []
    for p, v in sorted(want.items()):
        if p not in got:
            bad.append("%s: not listed" % p)
        elif mode != "ml" and "%.4f" % v != "%.4f" % got[p]:
            bad.append("%s: %.4f, pdn-standings %.4f" % (p, v, got[p]))
        elif mode == "ml" and abs(v - got[p]) > 0.5:
            bad.append("%s: %.2f, pdn-standings %.2f" % (p, v, got[p]))
    for line in bad:
        print(line)
    if not bad:
        print("%s: %d players agree (%s)" % (mode, len(want),
              "to 4 decimals" if mode != "ml" else "within 0.5"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
