import ClavisEngine

extension KeyboardSession {
    /// The keys, in reading order, as assistive technologies see them now.
    public var accessibleKeys: [AccessibleKey] {
        geometry.frames.map { controller.accessibleKey(for: $0.key) }
    }

    /// The suggestion bar's filled slots as assistive technologies see them, after the keys:
    /// (slot index, name), e.g. (1, "Suggestion: hello"), (0, "As typed: helo").
    public var accessibleSuggestions: [(slot: Int, name: String)] {
        guard !suggestionSlotFrames.isEmpty else { return [] }
        return controller.bar.slots.enumerated().compactMap { index, suggestion in
            guard let suggestion else { return nil }
            let name = switch suggestion.kind {
            case .verbatim: "As typed: \(suggestion.text)"
            case .candidate: "Candidate: \(suggestion.text)"
            case .composing: "Commit: \(suggestion.text)"
            case .more: "More candidates"
            default: "Suggestion: \(suggestion.text)"
            }
            return (index, name)
        }
    }
}
