import ClavisPrediction

/// What the keyboard learns with Full Access (English words, Japanese conversions, recent
/// emoji), kept in a `UserWordStore`: loaded once, written a while after the last change (at
/// once without a scheduler) and on quitting, never written without Full Access. The
/// suggestion session, the conversion memory and the recent emoji each hold one.
///
///     let storage = LearnedWords()
///     storage.store = UserWordStore(path: path)
///     storage.load()
///     storage.change { $0.learn(word: "hello", after: nil) }
@MainActor
public final class LearnedWords {
    /// Whether what is learned may be kept and written (Settings' Full Access).
    public var fullAccess = false
    /// Where it is kept; `nil` keeps it in memory only.
    public var store: UserWordStore?
    /// Writes later, not on every change.
    public var scheduler: (any Scheduler)?
    /// Seconds between the last change and writing the store.
    public var saveDelay = 2.0
    /// A message for the user (a store set aside, a write that failed).
    public var onProblem: ((String) -> Void)?

    /// What has been learned.
    public private(set) var learned = UserLexicon()
    private var pendingSave: (any ScheduledTask)?

    public init() {}

    /// Reads the store (once, at start); says so if it had to be set aside.
    public func load() {
        guard let store else { return }
        let (words, problem, writable) = store.load()
        learned = words
        if !writable { self.store = nil }
        if let problem { onProblem?(problem) }
    }

    /// Applies a change to what is learned and writes it a while later.
    public func change(_ apply: (inout UserLexicon) -> Void) {
        apply(&learned)
        guard store != nil else { return }
        guard let scheduler else { return save() }
        pendingSave?.cancel()
        pendingSave = scheduler.schedule(after: saveDelay) { [weak self] in self?.save() }
    }

    /// Forgets everything learned, on disk too.
    public func forget() {
        learned.removeAll()
        store?.clear()
    }

    /// Writes what is learned now (also on quit).
    public func save() {
        pendingSave?.cancel()
        pendingSave = nil
        guard fullAccess, let store else { return }
        do { try store.save(learned) } catch { onProblem?(error.description) }
    }
}
