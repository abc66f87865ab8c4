#!/usr/bin/env python3
"""Gathers the sources of Clavis's text intelligence into plain TSV files (build time only).

    text-data.py --lang en --out DIR [--words N] [--text DIR…]

Writes DIR/LANG.words.tsv (word, count), DIR/LANG.ngrams.tsv (two or three words, count) and
DIR/LANG.replacements.tsv (the hunspell REP table: typed, meant). `clavis-lexicon build` turns
them into the memory-mapped file the keyboard reads. Sources (docs/text-data.md):
  - word frequencies: wordfreq 3.1.1 (PyPI; data CC BY-SA 4.0), kept only where libhunspell
    accepts the word, in the case hunspell accepts it ("i" -> "I", "london" -> "London"), and
    below them the words of the running text below that its list lacks;
  - languages wordfreq lacks: the hunspell dictionary's own stems, all equally likely, and the
    words of the running text below that the dictionary accepts, as often as they occur there;
  - English word sequences: the example sentences of WordNet 3.0 (Debian wordnet-base,
    WordNet licence), never the fortune databases, which are kept for evaluation;
  - other languages' word sequences: the prose of translated documentation and games (`--text`:
    LibreOffice's help, GNOME's user help, the Battle for Wesnoth's campaigns and help), sentence
    by sentence, where most of a sentence's words are the language's (untranslated English and
    code left out).
"""
import argparse
import ctypes
import html.parser
import os
import ctypes.util
import gettext
import glob
import math
import re
import sys
from collections import Counter

HUNSPELL_DIRS = ["/usr/share/hunspell"]
DICTIONARIES = {"en": "en_US", "de": "de_DE", "fr": "fr_FR", "nb": "nb_NO", "pt": "pt_PT", "el": "el_GR", "da": "da_DK",
                "uk": "uk_UA", "sl": "sl_SI", "eo": "eo"}
WORDNET = "/usr/share/wordnet"
TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*", re.UNICODE)


class Hunspell:
    """libhunspell through ctypes: only Hunspell_spell, at build time."""

    def __init__(self, aff, dic):
        path = ctypes.util.find_library("hunspell") or ctypes.util.find_library("hunspell-1.7")
        if not path:
            sys.exit("text-data.py: libhunspell not found (Debian: libhunspell-dev)")
        self.lib = ctypes.CDLL(path)
        self.lib.Hunspell_create.restype = ctypes.c_void_p
        self.lib.Hunspell_create.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        self.lib.Hunspell_spell.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        self.lib.Hunspell_get_dic_encoding.restype = ctypes.c_char_p
        self.lib.Hunspell_get_dic_encoding.argtypes = [ctypes.c_void_p]
        self.handle = self.lib.Hunspell_create(aff.encode(), dic.encode())
        self.encoding = self.lib.Hunspell_get_dic_encoding(self.handle).decode() or "UTF-8"

    def spell(self, word):
        try:
            raw = word.encode(self.encoding)
        except UnicodeEncodeError:
            return False
        return self.lib.Hunspell_spell(self.handle, raw) != 0


def dictionary_files(lang):
    """The language's hunspell dictionary: the one DICTIONARIES names, else the country it is
    named for (es_ES, it_IT, pl_PL), else its first regional one (cs_CZ, sv_SE), else LANG.dic."""
    names = [DICTIONARIES[lang]] if lang in DICTIONARIES else [f"{lang}_{lang.upper()}", lang]
    for directory in HUNSPELL_DIRS:
        regional = sorted(path[len(directory) + 1:-4] for path in glob.glob(f"{directory}/{lang}_*.dic"))
        for name in names + regional:
            aff, dic = f"{directory}/{name}.aff", f"{directory}/{name}.dic"
            if glob.glob(aff) and glob.glob(dic):
                return aff, dic
    sys.exit(f"text-data.py: no hunspell dictionary for '{lang}' ({' or '.join(names)}.aff/.dic in {HUNSPELL_DIRS})")


def accepted_form(hunspell, word):
    """The spelling hunspell accepts: as given, capitalised, or (short words: acronyms such as
    "nasa" -> "NASA") all capitals; else None. Long words are never capitalised whole:
    hunspell takes "STRASSE" for "Straße", which nobody types."""
    forms = [word, word[:1].upper() + word[1:]] + ([word.upper()] if len(word) <= 4 else [])
    for form in forms:
        if hunspell.spell(form):
            return form
    return None


def sharp_s_variants(word):
    """Every way of writing some "ss" of `word` as "ß" ("strasse" -> "straße")."""
    parts = word.split("ss")
    variants = [""]
    for index, part in enumerate(parts):
        if index == 0:
            variants = [part]
            continue
        variants = [v + joint + part for v in variants for joint in ("ss", "ß")]
    return [v for v in variants if v != word]


# Languages whose wordfreq list is cut into morphemes (Korean, by MeCab), with the letters their
# words are written in. A word of the list is read as it is (wordfreq.word_frequency would cut
# it again, with MeCab, which is not installed); the lexicon's words are the texts' words
# (eojeol: a stem with its particles, as Korean is written between spaces), the list only
# weighing them — its own entries are often particles and endings (는, 에서, 습니다), never
# typed alone — and words in other letters (the help pages' "gnome", "gmail") are left out.
MORPHEME_LISTS = {"ko": re.compile(r"[\uAC00-\uD7A3]+")}
# Particles, written joined to the word before (Korean orthography), that the texts still have
# alone where a message's placeholder was taken out ("$name을" leaves "을").
PARTICLES = {"ko": {"을", "를", "은", "는", "에", "에서", "으로", "로", "의", "와", "과", "에게", "라고", "까지", "부터", "께서"}}


def frequency_words(lang, hunspell, limit):
    try:
        import wordfreq
    except ImportError:
        return None
    if lang not in wordfreq.available_languages():
        return None
    words = Counter()
    if lang in MORPHEME_LISTS:
        frequencies = wordfreq.get_frequency_dict(lang)
        frequency = frequencies.__getitem__
    else:
        frequency = lambda word: wordfreq.word_frequency(word, lang)
    for word in wordfreq.top_n_list(lang, limit * 2):
        if len(words) >= limit:
            break
        if not TOKEN.fullmatch(word) or (lang in MORPHEME_LISTS and len(word) < 2):
            continue
        form = accepted_form(hunspell, word.replace("’", "'"))
        if form is None and "ss" in word:
            # wordfreq casefolds, and casefolding writes "ß" as "ss": try it back.
            for variant in sharp_s_variants(word):
                form = accepted_form(hunspell, variant)
                if form:
                    break
        if form is None and len(word) > 1:
            continue
        form = form or word
        if lang == "en" and (form == "i" or form.startswith("i'")):
            form = "I" + form[1:]  # hunspell takes "i" (a numeral); the pronoun is "I"
        words[form] += max(1, round(frequency(word) * 1e9))
    return words


def stem_words(dic, encoding):
    """Degraded mode: every stem of the .dic, all equally likely."""
    words = Counter()
    with open(dic, encoding=encoding, errors="replace") as lines:
        next(lines, None)
        for line in lines:
            stem = line.split("/", 1)[0].strip()
            if TOKEN.fullmatch(stem):
                words[stem] = 1
    return words


def replacements(aff, encoding):
    pairs = []
    with open(aff, encoding=encoding, errors="replace") as lines:
        for line in lines:
            parts = line.split()
            if len(parts) == 3 and parts[0] == "REP" and not parts[1].isdigit():
                pairs.append((parts[1].replace("_", " "), parts[2].replace("_", " ")))
    return pairs


def wordnet_sentences():
    for path in sorted(glob.glob(f"{WORDNET}/data.*")):
        with open(path, encoding="latin-1") as lines:
            for line in lines:
                if line.startswith("  ") or "|" not in line:
                    continue
                yield from re.findall(r'"([^"]+)"', line.split("|", 1)[1])


class Prose(html.parser.HTMLParser):
    """The paragraphs of an HTML or Mallard help page, without code, menus or key names."""
    BLOCKS = {"p", "li", "dd", "dt", "td", "th", "h1", "h2", "h3", "h4", "title", "caption", "div", "para"}
    SKIPPED = {"pre", "code", "script", "style", "screen", "cmd", "var", "sys", "file", "kbd", "tt", "samp", "gui", "guiseq",
               "keyseq", "key"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.paragraphs, self.text, self.skipping = [], [], 0

    def flush(self):
        paragraph = " ".join("".join(self.text).split())
        if paragraph:
            self.paragraphs.append(paragraph)
        self.text = []

    def handle_starttag(self, tag, attributes):
        if tag in self.SKIPPED:
            self.skipping += 1
            self.text.append(" \u2063 ")  # a break no n-gram spans
        elif tag in self.BLOCKS or tag == "br":
            self.flush()

    def handle_endtag(self, tag):
        if tag in self.SKIPPED:
            self.skipping = max(0, self.skipping - 1)
        elif tag in self.BLOCKS:
            self.flush()

    def handle_data(self, data):
        if not self.skipping:
            self.text.append(data)


SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")
ENGLISH = set("the of and that for with this are be by which from will can when you your is was has have".split())


# What a translated message holds besides its words: markup, "$variables|", "{MACROS}".
MESSAGE_MARKUP = re.compile(r"<[^>]*>|\$[\w.|]+|\{[^}]*\}|&[^=;\s]+=")


def message_paragraphs(path):
    """The translations of a gettext catalogue (.mo), one paragraph per line of each, without
    the catalogue's header or markup: a game's story and dialogue (Wesnoth) is everyday prose."""
    with open(path, "rb") as catalogue:
        translations = gettext.GNUTranslations(catalogue)
    for original, translation in translations._catalog.items():
        if original == "" or not isinstance(translation, str):
            continue
        for line in MESSAGE_MARKUP.sub(" \u2063 ", translation).splitlines():
            paragraph = " ".join(line.split())
            if paragraph:
                yield paragraph


def paragraphs(directories):
    """The paragraphs of every help page (.html, .page) and catalogue (.mo) under `directories`."""
    for directory in directories:
        for root, _, files in sorted(os.walk(directory)):
            for name in sorted(files):
                path = os.path.join(root, name)
                if name.endswith(".mo"):
                    yield from message_paragraphs(path)
                elif name.endswith((".html", ".page")):
                    parser = Prose()
                    with open(path, encoding="utf-8", errors="replace") as page:
                        parser.feed(page.read())
                    parser.flush()
                    yield from parser.paragraphs


def corpus_words(directories, hunspell):
    """How often each word the dictionary accepts occurs in the texts under `directories`: the
    frequencies of a language wordfreq lacks (Esperanto's inflected forms are not its stems)."""
    counts = Counter()
    forms = {}
    for paragraph in paragraphs(directories):
        for token in TOKEN.findall(paragraph.replace("’", "'")):
            key = token.lower()
            if key not in forms:
                forms[key] = accepted_form(hunspell, key)
            if forms[key]:
                counts[forms[key]] += 1
    return counts


def with_text_words(words, text_words):
    """Adds the words of the texts that wordfreq's list lacks, each below the list's rarest word
    (as often as the texts have it, at most that): the forms of an inflected language that its
    list is too short for (Hungarian saved 2.5 points more, Turkish 1.7, Latvian 1.5,
    `clavis-bench suggest --skip 150`). Returns how many were added."""
    rarest = min(words.values(), default=2)
    lowered = {word.lower() for word in words}
    added = 0
    for word, count in text_words.most_common():
        if word.lower() not in lowered:
            words[word] = max(1, min(rarest - 1, count))
            lowered.add(word.lower())
            added += 1
    return added


def text_words_weighed(words, text_words, letters, particles):
    """The words of a language of `MORPHEME_LISTS`, weighed: the texts' words in `letters` but its
    `particles`, each as often as the texts have it scaled so that the texts weigh as much as
    the list, and the geometric mean of that and the list's count where the list has the word
    too (the help pages and the game's stories are narrow, the list is everyday Korean; a
    particle the texts have alone once or twice, 에서, must not outweigh the words around it).
    Then the list's own words the texts have only with particles (학교 in 학교에, 학교를: nouns),
    told from endings (습니다 ends 1,633 of the texts' words, 했습니다, and begins none) by ending
    them at most twice as often as beginning them, give or take two (a noun ends a compound now
    and then: 학교 in 대학교), weighed the same way with the number of words they begin (at
    least one). Returns the words and how
    many are not the list's."""
    scale = sum(words.values()) / max(1, sum(text_words.values()))
    weighed = Counter({word: max(1, round(math.sqrt(count * scale * words.get(word, count * scale))))
                       for word, count in text_words.items() if letters.fullmatch(word) and word not in particles})
    begins, ends = Counter(), Counter()
    for token, count in text_words.items():
        for cut in range(2, len(token)):
            begins[token[:cut]] += count
            ends[token[-cut:]] += count
    for word, count in words.items():
        if word not in weighed and word not in particles and letters.fullmatch(word) and ends[word] <= 2 * begins[word] + 2:
            weighed[word] = max(1, round(math.sqrt(max(1, begins[word]) * scale * count)))
    return weighed, sum(word not in words for word in weighed)


def prose_sentences(directories, known):
    """Sentences of the texts under `directories` (each once) of four words or more, at least
    80 % of them words of the lexicon and hardly any English: translated prose."""
    lowered = {word.lower() for word in known}
    seen = set()
    for paragraph in paragraphs(directories):
        for sentence in SENTENCE_END.split(paragraph):
            words = [token.lower() for token in TOKEN.findall(sentence.replace("’", "'"))]
            if len(words) < 4 or sentence in seen:
                continue
            if sum(word in lowered for word in words) < 0.8 * len(words):
                continue
            if sum(word in ENGLISH for word in words) >= max(2, len(words) // 10):
                continue
            seen.add(sentence)
            for part in sentence.split("\u2063"):
                yield part


def ngrams(sentences, known):
    """Counts of (w1, w2) and (w1, w2, w3); "<s>" marks a sentence start."""
    counts = Counter()
    lowered = {word.lower(): word for word in known}
    for sentence in sentences:
        tokens = ["<s>"]
        for token in TOKEN.findall(sentence.replace("’", "'")):
            form = lowered.get(token.lower())
            if form is None:
                tokens = ["<s>"] if len(tokens) == 1 else tokens + ["<unk>"]
                continue
            tokens.append(form)
        for i in range(1, len(tokens)):
            counts[(tokens[i - 1], tokens[i])] += 1
            if i >= 2:
                counts[(tokens[i - 2], tokens[i - 1], tokens[i])] += 1
    return Counter({k: v for k, v in counts.items() if "<unk>" not in k})


def write_tsv(path, rows):
    with open(path, "w", encoding="utf-8") as out:
        for row in rows:
            out.write("\t".join(str(field) for field in row) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--words", type=int, default=60000)
    parser.add_argument("--text", action="append", default=[], help="a folder of translated help pages (HTML, Mallard) or message catalogues (.mo)")
    args = parser.parse_args()

    aff, dic = dictionary_files(args.lang)
    hunspell = Hunspell(aff, dic)
    words = frequency_words(args.lang, hunspell, args.words)
    if words is None:
        print(f"text-data.py: no frequencies for '{args.lang}'; counting the texts' words over the hunspell stems",
              file=sys.stderr)
        words = stem_words(dic, hunspell.encoding)
        for word, count in corpus_words(args.text, hunspell).items():
            words[word] += 10 * count
    else:
        text_words = corpus_words(args.text, hunspell)
        if args.lang in MORPHEME_LISTS:
            words, added = text_words_weighed(words, text_words, MORPHEME_LISTS[args.lang], PARTICLES[args.lang])
        else:
            added = with_text_words(words, text_words)
        print(f"text-data.py: {args.lang}: {added} words of the texts beyond wordfreq's list", file=sys.stderr)
    write_tsv(f"{args.out}/{args.lang}.words.tsv", sorted(words.items(), key=lambda kv: -kv[1]))
    write_tsv(f"{args.out}/{args.lang}.replacements.tsv", replacements(aff, hunspell.encoding))
    if args.lang == "en":
        grams = ngrams(wordnet_sentences(), words)
    else:
        grams = ngrams(prose_sentences(args.text, words), words)
    write_tsv(f"{args.out}/{args.lang}.ngrams.tsv", ((" ".join(k), v) for k, v in grams.most_common()))
    print(f"text-data.py: {args.lang}: {len(words)} words, {len(grams)} n-grams", file=sys.stderr)


if __name__ == "__main__":
    main()
