#!/usr/bin/env python3
"""Writes the words a language's spelling dictionary accepts, for auto-correction to leave
alone (build time only; docs/suggestions.md).

    known-words.py --lang en --out DIR

DIR/LANG.known: a first line `CLAVISKW 1`, then one word a line, sorted by code point (UTF-8
byte order), each written as hunspell accepts it ("caret", "London", "NASA"). The keyboard maps
it and finds a word by binary search (`KnownWords`); the lexicon predicts its 60,000 or
200,000 most frequent words, and this set says which of the rest are words all the same, so
"caret", "quaff" and "zeugma" are never "corrected". Its words: every entry of wordfreq's full
list for the language that libhunspell accepts (in the case it accepts), and every stem of the
hunspell dictionary (names among them: "Kasia" in Polish).
"""
import argparse
import importlib.util
import os
import sys

spec = importlib.util.spec_from_file_location("text_data", os.path.join(os.path.dirname(__file__), "text-data.py"))
text_data = importlib.util.module_from_spec(spec)
spec.loader.exec_module(text_data)

# wordfreq's lists run to a frequency of one in a billion words: its whole list is taken.
EVERY_WORD = 10_000_000


def known_words(lang):
    aff, dic = text_data.dictionary_files(lang)
    hunspell = text_data.Hunspell(aff, dic)
    words = set(text_data.frequency_words(lang, hunspell, EVERY_WORD) or ())
    words.update(text_data.stem_words(dic, hunspell.encoding))
    if lang == "en":
        # hunspell takes "i" (a numeral); the pronoun is "I", which "i" is always corrected to.
        words = {word for word in words if word != "i" and not word.startswith("i'")}
    # Compound and affixed forms a stem line writes with flags are accepted by hunspell only
    # when it says so: a stem is kept as it is written, never guessed at.
    return sorted(word for word in words if "\n" not in word and word.strip() == word and word)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    words = known_words(args.lang)
    path = f"{args.out}/{args.lang}.known"
    with open(path + ".partial", "w", encoding="utf-8") as out:
        out.write("CLAVISKW 1\n")
        for word in words:
            out.write(word + "\n")
    os.replace(path + ".partial", path)
    print(f"known-words.py: {args.lang}: {len(words)} words", file=sys.stderr)


if __name__ == "__main__":
    main()
