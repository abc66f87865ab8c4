/// The layout of a `.kkm` kana–kanji model: a word trigram model (words as reading/output
/// pairs, their unigram, bigram and trigram costs and backoffs) in flat little-endian tables
/// that the converter reads in place from a memory mapping, so the model's pages are shared
/// with the page cache and never the keyboard's private memory.
///
///     header   magic "CLAVISKK", version u32, then an (offset, count) pair for each table
///              below, the ids of the sentence's start and end, the longest reading (in
///              characters), and at `checksumOffset` a checksum of the whole file
///              (`LexiconChecksum`, its own eight bytes read as zero)
///     readingText  UTF-8 of every distinct reading, in the order of `readings`
///     readings     8 bytes a reading plus a closing one, sorted by the reading's UTF-8 bytes:
///                  textStart u32 (it ends where the next starts), firstWord u32 (its words
///                  are firstWord up to the next one's)
///     outputText   UTF-8 of every word's output ("今日", "は")
///     words        8 bytes a word plus a closing one, by id (grouped by reading, most
///                  probable first): outputStart u32, cost u16, backoff u16
///     bigrams      8 bytes each, grouped by the first word, sorted by the second: id u32,
///                  cost u16, backoff u16
///     bigramStarts u32 a word plus one: where each word's bigrams start in `bigrams`
///     trigrams     6 bytes each, grouped by bigram (its index in `bigrams`), sorted by the
///                  third word: id u32, cost u16
///     trigramStarts u32 a bigram plus one: where each bigram's trigrams start
///     everyday     u16 a word, by id: the word's cost in everyday writing (wordfreq's Japanese
///                  frequencies, from subtitles, chat and the web, moved onto the model's
///                  scale); 65535 for a word without kanji, which is not compared. The n-gram
///                  model was trained on encyclopedic text (終末 over 週末, 駆り over 借り, 岡井
///                  for おかい): the converter weighs everyday writing in (`Lattice.everydayCosts`)
///
/// Costs are −log10 of a probability in units of 8/65535 (0 is certain, 65535 is 10⁻⁸), the
/// scale of libkkc's `sorted3` model the data is built from (`scripts/kana-kanji-data.py`):
/// the numbers are kept as the source has them.
public enum KanaKanjiModelFormat {
    public static let magic: [UInt8] = Array("CLAVISKK".utf8)
    public static let version: UInt32 = 1
    public static let headerSize = 128
    /// Where the header keeps the ids of the sentence's start and end and the longest reading.
    static let startOffset = 96
    static let endOffset = 100
    static let longestReadingOffset = 104
    /// Where the header keeps the file's checksum.
    public static let checksumOffset = 120
    /// The most words one reading gives a lattice (the likeliest, which the builder puts
    /// first): the built model's largest reading has 52 (きょう, こう, …), and a model whose
    /// reading owned every word would make a conversion of a few kana run for minutes.
    public static let maximumWordsPerReading = 256
    /// How many −log10 units one cost unit is.
    public static let costUnit = 8.0 / 65535.0

    /// The tables after magic and version, in order: each an (offset, count) pair.
    enum Table: Int, CaseIterable {
        case readingText, readings, outputText, words, bigrams, bigramStarts, trigrams, trigramStarts, everyday
        var headerOffset: Int { 12 + rawValue * 8 }
        /// Bytes an entry.
        var size: Int {
            switch self {
            case .readingText, .outputText: 1
            case .everyday: 2
            case .readings, .words, .bigrams: 8
            case .bigramStarts, .trigramStarts: 4
            case .trigrams: 6
            }
        }
    }
}
