import ClavisEngine
import ClavisLayout
import ClavisSettings

extension KeyboardSession {
    /// Applies settings to the running keyboard: clicks on or off and their volume, the
    /// repeat timing, Full Access, the bar, forgetting what was learned, and the enabled
    /// keyboards (when `loadKeyboards` is given; the command line's `--layout` wins over the
    /// settings, so the host passes `nil` then).
    ///
    ///     live.onChange = { session.apply($0, loadKeyboards: { loadLayouts($0) }) }
    public func apply(_ settings: Settings, loadKeyboards: (([String]) -> [KeyboardLayout])?) {
        dependencies.feedback?.apply(FeedbackPreferences(sounds: settings.soundsEnabled, volumeDecibels: settings.soundVolume))
        timing = settings.keyTiming
        tracker.caretStep = settings.spaceBarCaretStep
        clipboard.apply(settings)
        hands = settings.handPlacement
        recentEmoji.storage.fullAccess = settings.allowFullAccess
        for mode in dependencies.modes { mode.apply(settings) }
        if controller.mode !== activeMode?.editor { controller.mode = activeMode?.editor }
        scanSettings = settings.scan
        deviceSwitches = settings.scanSwitches
        dwell.dwellTime = settings.dwellTime
        dwellEnabled = settings.dwell
        if controller.autoCapitalises != settings.autoCapitalization { controller.autoCapitalises = settings.autoCapitalization }
        if let applied = appliedLearnedWordsCleared, applied != settings.learnedWordsCleared {
            for mode in dependencies.modes { mode.forgetEverything() }
            recentEmoji.storage.forget()
            clipboard.clear(keepingPinned: false)
        }
        appliedLearnedWordsCleared = settings.learnedWordsCleared
        // What was removed in the settings window since this keyboard last looked.
        if let applied = appliedForgotten {
            for item in settings.forgotten(since: applied) { forget(item) }
        }
        appliedForgotten = settings.forgottenTotal
        // Compared with what was asked for last, not with what loaded: a keyboard skipped as
        // unknown must not reload the keyboards on every other change.
        if let loadKeyboards, settings.enabledKeyboards != (requestedKeyboards ?? layouts.map(\.id)) {
            requestedKeyboards = settings.enabledKeyboards
            layouts = loadKeyboards(settings.enabledKeyboards)
        }
        barChanged()
    }

    /// Forgets this keyboard's copy of something removed in the settings window (the file was
    /// changed there; this copy is written over it a while later).
    func forget(_ item: ForgottenItem) {
        if case .emoji(let emoji) = item { recentEmoji.storage.change { $0.forget(word: emoji) } }
        for mode in dependencies.modes { mode.forget(item) }
    }
}
