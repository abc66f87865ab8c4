import ClavisEngine
import ClavisSettings

/// What the keyboard learns, the session's part: every input mode's stores and the Recent
/// emoji, loaded when the session starts, saved when the host goes, and forgotten when the
/// settings window says so (Privacy's items one by one, or "Forget everything").
///
///     session.learning.learnNames(["Kasia", "Nowak"])   // never corrected
///     session.learning.save()                           // the host is going away
@MainActor
public final class SessionLearning {
    unowned let session: KeyboardSession
    /// The settings' `learnedWordsCleared` last applied (`nil` before the first settings).
    private var appliedLearnedWordsCleared: Int?
    /// How many items removed one by one in the settings window this keyboard has forgotten.
    private var appliedForgotten: Int?

    init(session: KeyboardSession) {
        self.session = session
    }

    /// Gives every input mode what it needs to learn and suggest, and reads the Recent emoji.
    func start() {
        let session = session
        let report: (String) -> Void = { [weak session] in session?.report($0) }
        let context = InputModeContext(
            scheduler: session.scheduler, report: report, barChanged: { [weak session] in session?.barChanged() },
            listCandidates: { [weak session] candidates, chosen in session?.onRequest?(.candidateList(candidates, chosen: chosen)) },
            barUpdateDelay: session.dependencies.barUpdateDelay)
        for mode in session.dependencies.modes { mode.attach(context) }
        let storage = session.emoji.recent.storage
        storage.scheduler = session.scheduler
        storage.store = session.dependencies.recentEmojiStore
        storage.onProblem = report
        storage.load()
    }

    /// Saves what was learned and not yet written (the host is going away).
    public func save() {
        for mode in session.dependencies.modes { mode.save() }
        session.emoji.recent.storage.save()
    }

    /// Names the application knows (a contact's first and last name): never corrected.
    public func learnNames(_ names: [String]) {
        for mode in session.dependencies.modes { mode.learnNames(names) }
    }

    /// Full Access, and what the settings window forgot since this keyboard last looked.
    func apply(_ settings: Settings) {
        session.emoji.recent.storage.fullAccess = settings.allowFullAccess
        if let applied = appliedLearnedWordsCleared, applied != settings.learnedWordsCleared {
            for mode in session.dependencies.modes { mode.forgetEverything() }
            session.emoji.recent.storage.forget()
            session.clipboard.clear(keepingPinned: false)
        }
        appliedLearnedWordsCleared = settings.learnedWordsCleared
        if let applied = appliedForgotten {
            for item in settings.forgotten(since: applied) { forget(item) }
        }
        appliedForgotten = settings.forgottenTotal
    }

    /// Forgets this keyboard's copy of something removed in the settings window (the file was
    /// changed there; this copy is written over it a while later).
    private func forget(_ item: ForgottenItem) {
        if let emoji = item.single(LearnedListSpec.recentEmoji.itemKind) { session.emoji.recent.storage.change { $0.forget(word: emoji) } }
        for mode in session.dependencies.modes { mode.forget(item) }
    }
}
