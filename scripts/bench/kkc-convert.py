#!/usr/bin/python3
"""libkkc's conversions for `clavis-bench japanese`: one hiragana reading a line on standard
input; for each, a line of its three best whole-sentence conversions (Kkc.Decoder.decode, the
n-best search libkkc's IMEs use) and the seconds the search took, tab-separated. Needs
gir1.2-kkc-1.0 and libkkc-data (scripts/deps.sh bench)."""
import sys
import time

import gi

gi.require_version("Kkc", "1.0")
from gi.repository import Kkc  # noqa: E402


def sentence(segment):
    words = []
    while segment is not None:
        words.append(segment.props.output)
        segment = segment.next
    return "".join(words)


def main():
    Kkc.init()
    decoder = Kkc.Decoder.create(Kkc.LanguageModel.load("sorted3"))
    for line in sys.stdin:
        reading = line.rstrip("\n")
        started = time.perf_counter()
        paths = decoder.decode(reading, 3, [])
        elapsed = time.perf_counter() - started
        best = [sentence(path) for path in paths][:3]
        print("\t".join(best + [""] * (3 - len(best)) + [f"{elapsed:.6f}"]), flush=True)


if __name__ == "__main__":
    main()
