import ClavisEngine
import ClavisJapanese
import ClavisLayout
import ClavisPrediction
import ClavisSession
import ClavisSettings

/// Japanese input on the keyboards that compose kana (`language: ja…`): romaji or flicks
/// composed in place, converted to kanji with the candidates in the bar, the conversions the
/// user chose remembered (with Full Access).
///
/// The converter's model is a 24 MB file, mapped (its pages shared with the page cache), so
/// it is mapped the first time a Japanese keyboard is drawn and let go `unloadDelay` seconds
/// after the last one went, unless one comes back first; when it cannot be loaded the
/// keyboards type kana, said once.
///
///     let kana = KanaMode(makeConverter: { LatticeConverter(model: try KanaKanjiModel.load(directories: dirs)) })
///     SessionDependencies(scheduler: scheduler, modes: [kana, words])
@MainActor
public final class KanaMode: InputModePlugin {
    /// The composition of the Japanese keyboard shown (a fresh one each time one shows).
    public private(set) var composition = CompositionSession()
    /// The conversions the user committed.
    public let memory = ConversionMemory()
    /// The converter once loaded (`.some(nil)`: it could not be).
    public private(set) var converter: (any KanaKanjiConverter)??
    /// How long after the last Japanese keyboard goes the converter is let go.
    public var unloadDelay = 30.0

    private let makeConverter: () throws -> any KanaKanjiConverter
    private let returnFreedMemory: () -> Void
    private var context: InputModeContext?
    private var pendingLoad: (any ScheduledTask)?
    private var pendingUnload: (any ScheduledTask)?

    /// `makeConverter` loads the converter; `store` keeps the conversions learned;
    /// `returnFreedMemory` hands the heap's freed pages back once the converter is let go.
    public init(makeConverter: @escaping () throws -> any KanaKanjiConverter, store: UserWordStore? = nil,
                returnFreedMemory: @escaping () -> Void = {}) {
        self.makeConverter = makeConverter
        self.returnFreedMemory = returnFreedMemory
        memory.storage.store = store
    }

    public var editor: (any InputMode)? { composition }

    /// The keyboards whose language is `ja` or `ja-…`: kana as marked text, converted with Space.
    public func accepts(_ layout: KeyboardLayout) -> Bool { layout.language == "ja" || layout.language.hasPrefix("ja-") }

    public var catalogTag: KeyboardCatalog.ModeTag? {
        KeyboardCatalog.ModeTag(feature: "types kana and kanji", summary: "Types kana and kanji with its own converter")
    }

    public func attach(_ context: InputModeContext) {
        self.context = context
        memory.storage.scheduler = context.scheduler
        memory.storage.onProblem = context.report
        memory.storage.load()
    }

    public func activate(for layout: KeyboardLayout) {
        pendingUnload?.cancel()
        pendingUnload = nil
        composition = CompositionSession()
        composition.memory = memory
        composition.scheduler = context?.scheduler
        composition.onChange = context?.barChanged
        composition.onCandidateList = context?.listCandidates
        if let loaded = converter {
            composition.converter = loaded
            return
        }
        pendingLoad?.cancel()
        pendingLoad = context?.scheduler.schedule(after: 0) { [weak self] in self?.load() }
    }

    public func deactivate() {
        pendingLoad?.cancel()
        pendingLoad = nil
        guard pendingUnload == nil, case .some(.some) = converter, let scheduler = context?.scheduler else { return }
        pendingUnload = scheduler.schedule(after: unloadDelay) { [weak self] in
            guard let self else { return }
            self.pendingUnload = nil
            self.converter = nil
            self.composition.converter = nil
            // The model's tens of megabytes were freed in small pieces that the heap keeps
            // for reuse; handing them back is what makes letting go pay.
            self.returnFreedMemory()
        }
    }

    /// The bar always shows on a Japanese keyboard (its composition and candidates), but
    /// never in a password field.
    public func showsBar(in traits: TextInputTraits) -> Bool { !traits.isSecureTextEntry }

    public var fitsSlotsToText: Bool { true }

    public func apply(_ settings: Settings) {
        memory.storage.fullAccess = settings.allowFullAccess
    }

    /// What this mode learns: the word chosen for each reading, offered first the next time.
    nonisolated public static let conversions = LearnedListSpec(
        title: "Japanese conversions", explanation: "The words you chose for a reading, offered first the next time.",
        singular: "conversion", plural: "conversions", file: "learned-conversions.tsv", contents: "learned conversions",
        itemKind: "conversion", shape: .pairs)

    public func forget(_ item: ForgottenItem) {
        guard item.kind == Self.conversions.itemKind else { return }
        memory.storage.change { Self.conversions.remove(item, from: &$0) }
    }

    public func forgetEverything() { memory.storage.forget() }

    public func save() { memory.storage.save() }

    private func load() {
        pendingLoad = nil
        guard composition.converter == nil else { return }
        if converter == nil {
            do {
                converter = .some(try makeConverter())
            } catch {
                converter = .some(nil)
                context?.report("Japanese conversion off (the Japanese keyboards type kana): \(error)")
            }
        }
        composition.converter = converter ?? nil
        context?.barChanged()
    }
}
