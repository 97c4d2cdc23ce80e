#!/usr/bin/env python3
"""Writes pool.pdn: 240 results-only games between 12 players of known
strength (a fixed linear congruential generator, so the file is always
the same), one game a day from 2024-01-01 on, for the rating tests.
Run from this directory: python3 make-pool.py > pool.pdn"""
import datetime

names = ["Amber", "Basil", "Cedar", "Dahlia", "Elm", "Fern", "Ginger",
         "Hazel", "Iris", "Juniper", "Kale", "Laurel"]
strength = [1300, 1220, 1180, 1100, 1060, 1000, 980, 940, 900, 860, 820,
            760]
state = 12345


def rnd():
    global state
    state = (state * 1103515245 + 12345) % 2**31
    return state / 2**31


day = datetime.date(2024, 1, 1)
print("% 240 results-only games of 12 players, written by make-pool.py.\n")
for n in range(240):
    a = int(rnd() * 12)
    b = int(rnd() * 11)
    if b >= a:
        b += 1
    e = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
    u = rnd()
    draw = 0.3
    if u < e - draw / 2:
        res = "2-0"
    elif u < e + draw / 2:
        res = "1-1"
    else:
        res = "0-2"
    print('[Event "League"]\n[Date "%s"]\n[Round "%d"]\n[White "%s"]\n'
          '[Black "%s"]\n[Result "%s"]\n\n%s\n' % (
              day.strftime("%Y.%m.%d"), n + 1, names[a], names[b], res,
              res))
    day += datetime.timedelta(days=1)
