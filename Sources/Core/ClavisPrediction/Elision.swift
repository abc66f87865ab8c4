/// The elided articles and prepositions French, Italian and Catalan write joined to the next
/// word with an apostrophe ("l'uomo", "d'abord", "l'escola"): the word after them is the
/// language's own word, completed and predicted as any other, and offered joined to what was
/// typed before it.
///
///     Elision.split("l'uo", language: "it")   // ("l'", "uo")
///     Elision.split("don't", language: "en")  // nil: English contracts, it does not elide
enum Elision {
    static let heads: [String: Set<String>] = [
        "fr": ["l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu", "presqu"],
        "it": ["l", "un", "dell", "all", "dall", "nell", "sull", "coll", "c", "d", "s", "m", "t", "v", "n", "quell", "quest",
               "anch", "com", "dov", "bell", "sant", "buon", "nessun", "qualcun"],
        "ca": ["l", "d", "s", "m", "t", "n"],
    ]

    /// The elided head (with its apostrophe) and the word begun after it, when `partial` is
    /// one of `language`'s elisions; nil otherwise.
    static func split(_ partial: String, language: String) -> (head: String, tail: String)? {
        guard let heads = heads[language], let apostrophe = partial.firstIndex(where: { $0 == "'" || $0 == "\u{2019}" }) else { return nil }
        let letters = partial[..<apostrophe]
        guard heads.contains(letters.lowercased()) else { return nil }
        let tail = partial[partial.index(after: apostrophe)...]
        guard !tail.contains(where: { $0 == "'" || $0 == "\u{2019}" }) else { return nil }
        return (String(partial[...apostrophe]), String(tail))
    }
}
