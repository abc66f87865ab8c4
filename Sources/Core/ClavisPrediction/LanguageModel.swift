/// The probability of a word given the one or two words before it: an interpolated
/// Witten–Bell trigram model over the lexicon's counts.
///
/// Witten–Bell suits this data: the word counts come from a very large source (wordfreq) and
/// the sequences from a small one (WordNet's example sentences), so a context seen rarely, or
/// followed by many different words, must lean on the shorter model. Each level mixes its own
/// estimate with the level below in proportion to how much it has seen:
///
///     P(w | v)    = (c(v w)   + N(v·)   · P(w))     / (c(v)   + N(v·))
///     P(w | u v)  = (c(u v w) + N(u v·) · P(w | v)) / (c(u v) + N(u v·))
///
/// where N(v·) is the number of different words seen after v. Unlike stupid back-off, these
/// are probabilities, so they can be compared with (and multiplied by) correction costs.
public struct LanguageModel: Sendable {
    public let lexicon: Lexicon

    public init(lexicon: Lexicon) {
        self.lexicon = lexicon
    }

    /// The contexts for a typing context, longest first.
    public struct Contexts: Sendable {
        var bigram: Lexicon.Context?
        var trigram: Lexicon.Context?

        /// Every word some context has seen next, with the id range filter applied.
        func followers(in range: Range<UInt32>) -> [UInt32] {
            var ids: [UInt32] = []
            for context in [trigram, bigram].compactMap({ $0 }) {
                let followers = context.followers
                var low = 0, high = followers.count
                while low < high {
                    let middle = (low + high) / 2
                    if followers[middle].id < range.lowerBound { low = middle + 1 } else { high = middle }
                }
                while low < followers.count, followers[low].id < range.upperBound {
                    ids.append(followers[low].id)
                    low += 1
                }
            }
            return ids
        }
    }

    /// Looks up the contexts once per query.
    public func contexts(for context: TypingContext) -> Contexts {
        let ids = context.previous.map { lexicon.id(of: $0) ?? lexicon.id(of: $0.lowercased()) }
        var last: UInt32?
        var beforeLast: UInt32?
        if let lastWord = ids.last {
            last = lastWord
            if ids.count == 2 { beforeLast = ids[0] } else if context.atSentenceStart { beforeLast = LexiconFormat.sentenceStart }
        } else if context.atSentenceStart {
            last = LexiconFormat.sentenceStart
        }
        guard let last else { return Contexts() }
        let bigram = lexicon.context(last)
        let trigram = beforeLast.flatMap { lexicon.context(last, after: $0) }
        return Contexts(bigram: bigram, trigram: trigram)
    }

    /// P(word | contexts).
    public func probability(of id: UInt32, in contexts: Contexts) -> Double {
        var probability = lexicon.probability(of: id)
        for context in [contexts.bigram, contexts.trigram].compactMap({ $0 }) {
            let count = Self.count(of: id, in: context)
            let total = Double(context.total), distinct = Double(context.distinct)
            probability = (count + distinct * probability) / (total + distinct)
        }
        return probability
    }

    private static func count(of id: UInt32, in context: Lexicon.Context) -> Double {
        let followers = context.followers
        var low = 0, high = followers.count
        while low < high {
            let middle = (low + high) / 2
            if followers[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < followers.count && followers[low].id == id ? Double(followers[low].count) : 0
    }
}
