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

  usage: kana-kanji-data.py MODEL_DIR OUT_DIR   (writes ja.kk-words.tsv, ja.kk-bigrams.tsv, ja.kk-trigrams.tsv)
"""
import os
import struct
import sys

import marisa


def fail(path, what):
    sys.exit(f"kana-kanji-data.py: {path}: {what} (not the sorted3 layout this script reads)")


def main():
    model, out = sys.argv[1], sys.argv[2]
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
    with open(os.path.join(out, "ja.kk-words.tsv"), "w", encoding="utf-8") as words:
        for word, (cost, backoff, zero) in enumerate(struct.iter_unpack("<3H", unigrams)):
            if zero:
                fail(path, f"record {word} has {zero} in its third field")
            key = keys[word]
            if key in ("<s>", "</s>"):
                reading, output = "", key
            else:
                reading, slash, output = key.rpartition("/")
                if not slash or not reading or "\t" in key or "\n" in key:
                    continue
            usable[word] = True
            words.write(f"{word}\t{reading}\t{output}\t{cost}\t{backoff}\n")

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
    main()
