#!/usr/bin/python3
"""Reads libkkc-data's word trigram model ("sorted3", Debian package libkkc-data, GPL-3+) into
the TSV tables `clavis-lexicon kana-kanji` builds Clavis's memory-mapped model from
(docs/text-data.md).

The layout of the model's files, worked out from the files themselves and checked against
libkkc's public API (LanguageModel.unigram_cost, bigram_cost, bigram_backoff, trigram_cost
through GObject introspection agreed on thousands of sampled entries):

  data.1gram.index  a marisa trie of "reading/output" keys; a key's id is its word's id
                    (keys without "/" are the sentence markers "<s>" and "</s>", and a few
                    words without a reading, which are left out)
  data.1gram        6 bytes a word, by id: cost u16, backoff u16, 0 u16
  data.2gram        12 bytes a bigram: second word u32, first word u32, cost u16, backoff u16
  data.3gram        10 bytes a trigram: third word u32, its first two words' bigram (an index
                    into data.2gram) u32, cost u16
  (little-endian; a cost u is -log10 P = 8u/65535, which the Clavis model keeps as it is)

Each word written with kanji also gets its everyday cost: its frequency in wordfreq's Japanese
frequencies (subtitles, chat, the web; wordfreq 3.1.1, data CC BY-SA 4.0) on the model's scale.
libkkc's model learned from encyclopedic text and prefers 終末 to 週末 and 駆り to 借り; the
converter weighs everyday writing in. And words of skkdic's SKK-JISYO.L that the model lacks
(少々, 自転車, and inflected forms such as 買っ and 会っ) join it (`skk_words`).

  usage: kana-kanji-data.py frequencies OUT_FILE      (wordfreq's Japanese list: word<TAB>frequency;
                                                       run with the venv's python, which has wordfreq)
         kana-kanji-data.py model MODEL_DIR FREQUENCIES SKK_DICTIONARY OUT_DIR
                                                      (writes ja.kk-words.tsv, ja.kk-bigrams.tsv, ja.kk-trigrams.tsv;
                                                       run with /usr/bin/python3, which has python3-marisa)
"""
import math
import os
import struct
import sys


def fail(path, what):
    sys.exit(f"kana-kanji-data.py: {path}: {what} (not the sorted3 layout this script reads)")


def frequencies(out):
    import wordfreq

    with open(out, "w", encoding="utf-8") as lines:
        for word, frequency in sorted(wordfreq.get_frequency_dict("ja").items()):
            if "\t" not in word and "\n" not in word:
                lines.write(f"{word}\t{frequency:.6e}\n")


def has_kanji(text):
    return any(0x4E00 <= ord(c) <= 0x9FFF or 0x3400 <= ord(c) <= 0x4DBF or c == "々" for c in text)


def everyday_costs(words, frequency, calibration, penalized):
    """Each kanji spelling's everyday cost: -log10 of its wordfreq frequency moved onto the
    model's scale (`calibration`: the median gap between the two over the words both have), in
    cost units (8/65535 of a power of ten); a spelling wordfreq lacks counts a tenth of its
    rarest word. Words without kanji are not compared (65535): wordfreq's tokens cut verbs and
    endings otherwise than the model's words, and whether to write a word in kana stays the
    model's call. The words of `penalized` (from SKK) pay `SKK_PENALTY` here as in their
    unigram, so that everyday writing does not undo it."""
    floor = min(frequency.values()) / 10
    costs = {index: 65535 for index in words}
    for index, (reading, output) in words.items():
        if reading and has_kanji(output):
            cost = -math.log10(frequency.get(output, floor)) + calibration + (SKK_PENALTY if index in penalized else 0)
            costs[index] = min(65534, max(0, round(cost * 65535 / 8)))
    return costs


# The kana an SKK okuri letter stands for (the okurigana's first romaji letter): the
# inflected forms of a verb or adjective stem that entry covers, with their sound changes.
OKURI = {
    "k": "かきくけこいっ", "g": "がぎぐげごい", "s": "さしすせそ", "t": "たちつてとっ", "n": "なにぬねのん",
    "b": "ばびぶべぼん", "m": "まみむめもん", "r": "らりるれろっ", "w": "わ", "u": "うわいえおっ",
    "i": "い", "e": "え", "o": "お", "a": "あ", "h": "はひふへほ", "z": "ざじずぜぞ", "d": "だぢづでど",
    "j": "じ", "c": "ち", "f": "ふ", "y": "やゆよ", "p": "ぱぴぷぺぽ",
}
ADJECTIVE = ["かっ", "く", "けれ", "さ", "そう"]
# What a word the model never saw in context pays on top of its everyday frequency: a tenth.
# Chosen on a development set of everyday sentences kept apart from the benchmark's (0.5, 1,
# 1.5 and 2 were tried; 1 and 2 did best, 176 of 236 sentences against 173 for 0.5).
SKK_PENALTY = 1.0


def skk_words(path, known, frequency, calibration):
    """Words of an SKK dictionary (skkdic's SKK-JISYO.L, GPL-2+) that the model lacks:
    kanji spellings that everyday writing uses (wordfreq has them), each with a unigram cost
    from its wordfreq frequency on the model's scale (`calibration`: the median gap between
    the two over the words both have). Nouns (少々, 自転車) of two characters or more and
    not in the model under any reading; the inflected forms of verbs and adjectives (買っ, 会っ,
    直っ) from their stems and okurigana, each form wordfreq has and the model lacks."""
    known_outputs = {output for _, output in known}
    added = {}

    def add(reading, output):
        if (reading, output) in known or output not in frequency or "\t" in output or "っっ" in reading:
            return
        cost = round((-math.log10(frequency[output]) + calibration + SKK_PENALTY) * 65535 / 8)
        added[(reading, output)] = min(65535, max(0, cost))

    okuri_nasi = False
    for line in open(path, encoding="euc_jis_2004", errors="replace"):
        if line.startswith(";"):
            okuri_nasi = okuri_nasi or "okuri-nasi" in line
            continue
        reading, _, rest = line.rstrip("\n").partition(" /")
        letter = ""
        if not okuri_nasi and reading[-1:].isascii() and reading[-1:].isalpha():
            reading, letter = reading[:-1], reading[-1]
        if not reading or not all("\u3041" <= c <= "\u309f" or c == "ー" for c in reading):
            continue
        for candidate in rest.split("/"):
            candidate = candidate.split(";")[0]
            if not candidate or candidate.startswith(("(", "々")) or not has_kanji(candidate):
                continue
            if okuri_nasi:
                if len(reading) >= 2 and len(candidate) >= 2 and candidate not in known_outputs:
                    add(reading, candidate)
            else:
                for ending in OKURI.get(letter, ""):
                    add(reading + ending, candidate + ending)
                if letter == "i":
                    for ending in ADJECTIVE:
                        add(reading + ending, candidate + ending)
    return added


def model_tables(model, everyday_path, skk_path, out):
    import marisa

    index_path = os.path.join(model, "data.1gram.index")
    trie = marisa.Trie()
    trie.mmap(index_path)
    keys = [None] * trie.size()
    agent = marisa.Agent()
    agent.set_query("")
    while trie.predictive_search(agent):
        keys[agent.key_id()] = agent.key_str()

    def table(name, size):
        path = os.path.join(model, name)
        data = open(path, "rb").read()
        if len(data) % size:
            fail(path, f"{len(data)} bytes, not a whole number of {size}-byte records")
        return path, data

    path, unigrams = table("data.1gram", 6)
    if len(unigrams) // 6 != len(keys):
        fail(path, f"{len(unigrams) // 6} records for {len(keys)} words in data.1gram.index")
    usable = [False] * len(keys)
    readable = {}
    for word, key in enumerate(keys):
        if key in ("<s>", "</s>"):
            readable[word] = ("", key)
        else:
            reading, slash, output = key.rpartition("/")
            if slash and reading and "\t" not in key and "\n" not in key:
                readable[word] = (reading, output)
    records = list(struct.iter_unpack("<3H", unigrams))
    frequency = {}
    for line in open(everyday_path, encoding="utf-8"):
        word, value = line.rstrip("\n").split("\t")
        frequency[word] = float(value)
    gaps = sorted(records[word][0] * 8 / 65535 + math.log10(frequency[output])
                  for word, (reading, output) in readable.items() if reading and output in frequency)
    calibration = gaps[len(gaps) // 2]
    extra = skk_words(skk_path, set(readable.values()), frequency, calibration)
    extra_ids = {}
    for pair in sorted(extra):
        extra_ids[len(keys) + len(extra_ids)] = pair
    everyday = everyday_costs({**readable, **extra_ids}, frequency, calibration, set(extra_ids))
    with open(os.path.join(out, "ja.kk-words.tsv"), "w", encoding="utf-8") as words:
        for word, (cost, backoff, zero) in enumerate(records):
            if zero:
                fail(path, f"record {word} has {zero} in its third field")
            if word not in readable:
                continue
            usable[word] = True
            reading, output = readable[word]
            words.write(f"{word}\t{reading}\t{output}\t{cost}\t{backoff}\t{everyday[word]}\n")
        for word, (reading, output) in extra_ids.items():
            words.write(f"{word}\t{reading}\t{output}\t{extra[(reading, output)]}\t0\t{everyday[word]}\n")

    path, bigrams = table("data.2gram", 12)
    pairs = []
    with open(os.path.join(out, "ja.kk-bigrams.tsv"), "w") as lines:
        for index, (second, first, cost, backoff) in enumerate(struct.iter_unpack("<IIHH", bigrams)):
            if first >= len(keys) or second >= len(keys):
                fail(path, f"record {index} names word {max(first, second)} of {len(keys)}")
            pairs.append((first, second))
            if usable[first] and usable[second]:
                lines.write(f"{first}\t{second}\t{cost}\t{backoff}\n")

    path, trigrams = table("data.3gram", 10)
    with open(os.path.join(out, "ja.kk-trigrams.tsv"), "w") as lines:
        for index, (third, pair, cost) in enumerate(struct.iter_unpack("<IIH", trigrams)):
            if pair >= len(pairs) or third >= len(keys):
                fail(path, f"record {index} names bigram {pair} of {len(pairs)} or word {third} of {len(keys)}")
            first, second = pairs[pair]
            if usable[first] and usable[second] and usable[third]:
                lines.write(f"{first}\t{second}\t{third}\t{cost}\n")


if __name__ == "__main__":
    if sys.argv[1:2] == ["frequencies"] and len(sys.argv) == 3:
        frequencies(sys.argv[2])
    elif sys.argv[1:2] == ["model"] and len(sys.argv) == 6:
        model_tables(*sys.argv[2:])
    else:
        sys.exit(__doc__.split("usage:")[1])
