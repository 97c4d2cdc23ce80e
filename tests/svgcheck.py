#!/usr/bin/env python3
"""Parses pdn-replay's SVG pictures as XML and says what they show.

For each file named (or standard input, named "-"), prints one line:
NAME: WIDTHxHEIGHT, D dark squares, pieces wm=N bm=N wk=N bk=N, last move
marked (or none), numbers N.  A file that is not well-formed XML, or whose
root is not an SVG element, prints "NAME: error: ..." and makes the exit
status 1.  Only the standard library is used (python3 in scripts/deps.sh).
"""
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"


def describe(name, source):
    root = ET.parse(source).getroot()
    if root.tag != SVG + "svg":
        raise ValueError("root element is %s, not svg" % root.tag)
    dark = 0
    pieces = {"wm": 0, "bm": 0, "wk": 0, "bk": 0}
    numbers = 0
    arrows = 0
    for el in root.iter():
        if el.tag == SVG + "g" and el.get("fill") == "#a5683a":
            dark = sum(1 for r in el if r.tag == SVG + "rect")
        elif el.tag == SVG + "use" and el.get(XLINK, "")[1:] in pieces:
            pieces[el.get(XLINK)[1:]] += 1
        elif el.tag == SVG + "text":
            numbers += 1
        elif el.tag == SVG + "polyline":
            arrows += 1
    return "%s: %sx%s, %d dark squares, pieces %s, last move %s, " \
        "numbers %d" % (name, root.get("width"), root.get("height"), dark,
                        " ".join("%s=%d" % kv for kv in pieces.items()),
                        "marked" if arrows else "none", numbers)


def main(args):
    status = 0
    for name in args or ["-"]:
        try:
            print(describe(name, sys.stdin if name == "-" else name))
        except (ET.ParseError, ValueError, OSError) as e:
            print("%s: error: %s" % (name, e))
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
